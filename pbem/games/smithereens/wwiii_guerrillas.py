"""14.11 the Ukrainian separatists (WWIII Straight-Up, behaviour 6).

"all the marsh hexes east of the 21xxE hexrow and south of the Dvina River are controlled by guerrillas
... all those hexes have an intrinsic defense strength of "1," which resists Soviet (but not Western
Allied) entry. If destroyed by Soviet PA attacks, the factor returns to every such hex the instant it's
again empty of Soviet units. The guerrilla factors need no supply, and they can't retreat-after-combat."

Which marsh hexes lie south of the Dvina only the map shows: a campaign marks each marsh hex of the
eastern map east of the 21xxE row `map.hexes.HEX.ukrainian_separatists: true` (south) or `false`; a
missing mark refuses naming that path. The Soviet attacks a guerrilla hex in his PA file with
`- guerrillas: HEX` and `with: [UNIT, ...]` (optional `losses:`, 11.30): his odds line against the
factor, the hex's terrain shifts, one die; a defender LP destroys the factor (it cannot retreat), the
attacker takes his LPs as steps (11.29). Soviet units may enter the hex from then on; the factor
returns once a Soviet unit has been there and none is left.
"""

from typing import Any

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit.combat import clamp, total
from ..base import Problem
from .wwiii_germans import GermanAlliedRules, chosen
from .wwiii_setup import play

KEY = "guerrillas"


class UkrainianRules(GermanAlliedRules):
    def separatists(self, data: GameData, state: dict, hex_id: str) -> bool:
        """Whether the hex is one of 14.11's marsh hexes east of the 21xxE row and south of the Dvina."""
        rule = play(state, "ukrainian_separatists")
        suffix = str(rule["map_sheet_suffix"])
        if not hex_id.endswith(suffix) or int(hex_id[:2]) <= int(rule["east_of_column"]) or self.terrain(data, hex_id) != rule["terrain"]:
            return False
        value = self.map(data).entry(hex_id).get("ukrainian_separatists")
        if not isinstance(value, bool):
            raise UnknownDataError(f"map.hexes.{hex_id}.ukrainian_separatists", f"whether the marsh hex {hex_id} lies south of "
                                   "the Dvina (14.11)", "the map (the Dvina River)", data.override_file)
        return value

    def guerrillas_in(self, data: GameData, state: dict, hex_id: str) -> bool:
        return "wwiii" in state and hex_id not in state["wwiii"].get("guerrillas_destroyed", {}) and self.separatists(data, state, hex_id)

    def entry_cost(self, data: GameData, state: dict, unit_id: str, a: str, b: str) -> tuple[int | None, str]:
        if "wwiii" in state and self.army_of(data, unit_id) == "soviet" and self.grid(data).adjacent(a, b) \
                and self.guerrillas_in(data, state, b):
            return None, f"{b} holds the Ukrainian separatists' defense factor: a Soviet PA must destroy it first (14.11)"
        return super().entry_cost(data, state, unit_id, a, b)

    def guerrilla_problems(self, data: GameData, state: dict, order: dict, used: set[str], targets: set[str]) -> list[str]:
        target, units = order.get(KEY), order.get("with")
        if set(order) - {KEY, "with", "losses"} or not isinstance(target, str) or not isinstance(units, list) or not units:
            return ["an attack on the Ukrainian separatists is `guerrillas: HEX` with `with: [UNIT, ...]` (14.11)"]
        if "wwiii" not in state or state["army"] != "soviet":
            return ["only the Soviet attacks the Ukrainian separatists (14.11)"]
        try:
            target = self.grid(data).canonical(target)
        except ValueError as exc:
            return [str(exc)]
        if not self.guerrillas_in(data, state, target) or target in targets:
            return [f"{target} holds no Ukrainian separatists' defense factor to attack once (14.11)"]
        targets.add(target)
        problems = [r for r in (self.attacker_problem(data, state, "soviet", u, target, used) for u in units) if r]
        used.update(u for u in units if isinstance(u, str))
        if any(u not in units for u in order.get("losses", [])):
            problems.append("`losses:` may list only this attack's units")
        return problems

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        mine, rest, kept = chosen(orders, KEY)
        if not mine:
            return super().check_attacks(data, state, side, orders)
        used: set[str] = set()
        targets: set[str] = set()
        problems = [Problem(i, m) for i, o in enumerate(orders) if isinstance(o, dict) and KEY in o
                    for m in self.guerrilla_problems(data, state, o, used, targets)]
        clash = [o for o in rest if isinstance(o, dict) and set(o.get("with", [])) & used]
        problems += [Problem(kept[rest.index(o)], "a unit attacks only once per phase (11.4)") for o in clash]
        if not problems:
            for order in mine:
                self.crt_cells(data, self.guerrilla_odds(data, state, order)[1])
        return problems + [Problem(kept[p.index] if p.index is not None else None, p.message)
                           for p in super().check_attacks(data, state, side, rest)]

    def guerrilla_odds(self, data: GameData, state: dict, order: dict) -> tuple[dict, str]:
        target = self.grid(data).canonical(str(order[KEY]))
        oos = self.oos_units(data, state, list(order["with"]))
        attack = self.strength(data, state, order["with"], "attack", oos)
        defense = int(play(state, "ukrainian_separatists")["defense"])
        columns = self.crt_columns(data)
        base, odds = self.base_column(data, attack, defense, self.line_of(data, state, order, "soviet"))
        shifts = self.column_shifts(data, state, {"attack": target, "with": order["with"]}, target, "soviet")
        column = columns[clamp(base + total(shifts), len(columns))]
        return {"hex": target, "attack": attack, "defense": defense, "odds": odds, "shifts": [s.as_event() for s in shifts]}, column

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        mine, rest, _ = chosen(orders, KEY)
        events = [self.fight_guerrillas(data, state, order, dice) for order in mine]
        for order, battle in zip(mine, events):
            battle["attacker_losses"] = self.take_steps(state, list(order.get("losses", order["with"])), battle["attacker_lp"])
        return events + super().apply_assaults(data, state, side, rest, dice)

    def fight_guerrillas(self, data: GameData, state: dict, order: dict, dice: Dice) -> dict[str, Any]:
        battle, column = self.guerrilla_odds(data, state, order)
        cells = self.crt_cells(data, column)
        roll = dice.roll(f"guerrillas/{battle['hex']}", self.die_faces(data), about=f"Ukrainian separatists in {battle['hex']} (14.11)")
        result = str(cells[str(roll)])
        attacker_lp, defender_lp = (int(x) for x in result.split("/"))
        if defender_lp:                                   # "they can't retreat-after-combat"
            state["wwiii"].setdefault("guerrillas_destroyed", {})[battle["hex"]] = False
        return {"event": "guerrillas", **battle, "attackers": list(order["with"]), "column": column, "roll": roll,
                "result": result, "attacker_lp": attacker_lp, "destroyed": bool(defender_lp), "rule": "14.11"}

    def enter_hex(self, data: GameData, state: dict, hex_id: str, army: str, events: list, dice: Dice | None = None) -> None:
        super().enter_hex(data, state, hex_id, army, events, dice)
        destroyed = state.get("wwiii", {}).get("guerrillas_destroyed", {})
        if army == "soviet" and hex_id in destroyed:
            destroyed[hex_id] = True                      # a Soviet unit has been there: it returns once they leave

    def assault_without_choice(self, data: GameData, state: dict) -> str | None:
        """A Soviet unit next to a separatists' hex (or to a hex of unknown terrain east of the row) has a choice."""
        if "wwiii" in state and state["army"] == "soviet":
            rule, board, grid = play(state, "ukrainian_separatists"), self.map(data), self.grid(data)
            near = {n for u, v in state["units"].items() if self.army_of(data, u) == "soviet" for n in grid.neighbours(v["hex"])}
            east = sorted(h for h in near if h.endswith(str(rule["map_sheet_suffix"])) and int(h[:2]) > int(rule["east_of_column"]))
            for hex_id in east:
                try:
                    if not board.terrain_known(hex_id) or self.guerrillas_in(data, state, hex_id):
                        return None
                except UnknownDataError:
                    return None          # an unmarked marsh hex may be a target: the Soviet's file says (and check refuses it)
        return super().assault_without_choice(data, state)

    def guerrillas_return(self, data: GameData, state: dict, events: list) -> None:
        """14.11: "the factor returns to every such hex the instant it's again empty of Soviet units"."""
        destroyed = state.get("wwiii", {}).get("guerrillas_destroyed", {})
        held = {v["hex"] for u, v in state["units"].items() if self.army_of(data, u) == "soviet"}
        for hex_id in sorted(h for h, entered in destroyed.items() if entered and h not in held):
            del destroyed[hex_id]
            events.append({"event": "guerrillas_return", "hex": hex_id, "rule": "14.11"})
