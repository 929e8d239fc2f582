"""11.x prepared assaults: odds (11.8, 11.9), column shifts (11.10-11.21), the CRT (11.22-11.24)."""

from collections.abc import Callable

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift, clamp, odds_position, total, whole_column
from ..base import Problem
from .components import ALLIANCE, camp
from .air import AirRules

CRT = "the Combat Results Table (16.2)"


class AssaultRules(AirRules):
    def crt_columns(self, data: GameData) -> list[str]:
        columns = data.get("crt.columns", "the CRT column headings (16.2)")
        return [f"{c['german']}/{c['alliance']}" if isinstance(c, dict) else str(c) for c in columns]

    def base_column(self, data: GameData, attack: int, defense: int, army: str) -> tuple[int, str]:
        """11.8 / 11.9 odds on the attacker's odds line (11.22) as a column position that may lie
        off the printed table (e.g. 10:1): 11.23 applies the shifts first and the limits last."""
        line = "german" if army == "german" else "alliance"
        columns = data.get("crt.columns", "the CRT column headings (16.2)")
        return odds_position([c[line] for c in columns], attack, defense)   # 11.8 rounds down, 11.9 up

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        """Column shifts with their rules (11.10–11.21, cumulative); negative = leftward."""
        shifts: list[Shift] = []
        thaw = self.thaw(data, state)

        def add(path: str, why: str) -> None:
            value = numbers.integer(data, path, f"the prepared-assault shift for {why}")
            if value:
                shifts.append(Shift(value, why, data.provenance(path).removeprefix("rule ")))

        terrain = self.terrain(data, defender_hex)
        add(f"terrain.natural.{terrain}.combat.pa", terrain)                   # 11.11–11.13
        if defender_hex in state.get("fortresses", []):                        # 11.19 replaces 11.18's shift
            add(f"crt.shifts.terrain.fortress_city.{'vs_soviet_side' if army == 'soviet' else 'vs_western_allied'}",
                "fortress city")
        elif self.is_city(data, defender_hex, "11.18"):
            add("terrain.manmade.city.combat.pa", "city")                       # 11.18
        fort = self.works(data, defender_hex, "11.17")
        intact = not state["destroyed"].get(defender_hex)                       # 11.20
        if fort in ("fortification", "usir") and army != "german" and intact:
            add(f"terrain.manmade.{fort}.combat.pa", fort)                      # 11.17: German-side defenders
        if fort == "heavy_fortification" and intact:
            add("terrain.manmade.heavy_fortification.combat.pa", "heavy fortification")
        sides = [self.pa_hexside(data, state, attack, u, defender_hex) for u in attack["with"]]
        if sides and all(s & {"river", "rhine"} for s in sides):               # 11.15: all attackers across
            kind = "rhine" if all("rhine" in s for s in sides) else "river"     # 11.16
            add(f"terrain.natural.{kind}.combat.{'pa_thaw' if thaw else 'pa'}", "Rhine" if kind == "rhine" else "river")
        if self.concentric(data, [state["units"][u]["hex"] for u in attack["with"]], defender_hex):
            add("crt.shifts.non_terrain.concentric_assault.shift", "concentric assault")        # 11.10
        # 13.4: supplied Soviet artillery in a Soviet PA shifts right (supply is not traced at the
        # beginner level, 6.0 Beginners Note; an OOS one may not attack, checked with the order)
        if army == "soviet" and any(self.is_artillery(data, u) for u in attack["with"]):
            add("crt.shifts.non_terrain.soviet_artillery.shift", "Soviet artillery")
        return shifts

    def pa_hexside(self, data: GameData, state: dict, attack: dict, unit_id: str, defender_hex: str) -> set[str]:
        """The features of the hexside an attacker assaults across; 13.9 mission 1: the riverine
        stack's hexside is no river."""
        negated = attack.get("riverine")
        features = set(self.hexside(data, state["units"][unit_id]["hex"], defender_hex))
        if negated and state["units"][unit_id]["hex"] == self.grid(data).canonical(str(negated)):
            return features - {"river", "rhine"}
        return features

    def shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[dict]:
        """The column shifts as the assault event records them."""
        return [s.as_event() for s in self.column_shifts(data, state, attack, defender_hex, army)]

    def concentric(self, data: GameData, attacker_hexes: list[str], defender_hex: str) -> bool:
        """11.10: from opposite hexes, from three hexes with one between each, or from more than three."""
        grid = self.grid(data)
        directions = sorted({d for d in (grid.direction(defender_hex, h) for h in attacker_hexes) if d is not None})
        if len(directions) > 3:
            return True
        if any((d + 3) % 6 in directions for d in directions):
            return True
        return len(directions) == 3 and directions in ([0, 2, 4], [1, 3, 5])

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        """11.1-11.4, 11.14, 11.32, 11.34, 11.35, 13.4; then the CRT column each battle will use
        must be known whole (16.2) before any die is rolled."""
        army = state["army"]
        problems: list[Problem] = []
        used: set[str] = set()
        targets: set[str] = set()
        bombed: list[str] = []
        riverine: list[str] = []
        for index, order in enumerate(orders):
            problems += [Problem(index, m) for m in self.attack_problems(data, state, army, order, used, targets)]
            if "riverine" in order and not problems:
                problems += [Problem(index, m) for m in self.riverine_problems(data, state, army, order,
                                                                                self.grid(data).canonical(order["attack"]), riverine)]
            if "bombers" in order and not problems:
                target = self.grid(data).canonical(order["attack"])
                problems += [Problem(index, m) for m in self.bomber_problems(data, state, army, order, target,
                                                                              self.enemies_in(data, state, target, army), bombed)]
        if not problems:
            columns = self.crt_columns(data)
            for order in orders:
                self.crt_cells(data, self.battle_odds(data, state, army, order, columns)["column"])
                if order.get("advance"):          # 11.33: what entering the defender's hex reads (3.9, 11.20)
                    self.trial_run(data, state, self.entering(data, self.grid(data).canonical(order["attack"]), army))
            self.victory_problem(data, state)
            self.trial_apply(data, state, side, orders, self.apply_assaults)
        return problems

    def entering(self, data: GameData, hex_id: str, army: str) -> Callable[[dict, Dice], list]:
        """A trial step: `army` enters `hex_id` (what an advance after combat reads, 11.33)."""
        def step(trial: dict, dice: Dice) -> list:
            events: list = []
            self.enter_hex(data, trial, hex_id, army, events, dice)
            return events
        return step

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        target, attackers = order.get("attack"), order.get("with")
        if "move" in order or "enter" in order:      # 5.1: the Movement Phase came before
            return ["`move:` and `enter:` belong to the Movement Phase, which is over (5.1): the Prepared Assault Phase "
                    "takes `attack: HEX` with `with: [UNIT, ...]`"]
        if set(order) - {"attack", "with", "advance", "losses", "bombers", "riverine"} or not isinstance(target, str) \
                or not isinstance(attackers, list) or not attackers:
            return ["an assault order is `attack: HEX` with `with: [UNIT, ...]` (optional `advance:`, `losses:`, "
                    "`bombers:` 13.7, `riverine:` 13.9)"]
        try:
            target = self.grid(data).canonical(target)
        except ValueError as exc:
            return [str(exc)]
        if not self.enemies_in(data, state, target, army):
            return [f"no enemy units in {target} to attack (11.1)"]
        if target in targets:
            return [f"{target} is attacked twice; no defender may be attacked more than once per phase (11.4)"]
        targets.add(target)
        problems = []
        for unit_id in attackers:
            reason = self.attacker_problem(data, state, army, unit_id, target, used)
            if reason:
                problems.append(reason)
            used.add(unit_id)
        groupings = {self.grouping(data, u) for u in attackers if u in state["units"]}
        earlier = set(state["attacked_this_turn"].get(target, []))
        if army == "western" and ({"commonwealth", "us"} <= groupings | earlier):
            problems.append(f"Commonwealth and US units may never attack {target} in the same player turn (11.34)")
        other = "western" if army == "soviet" else "soviet"
        if army in ALLIANCE and other in earlier:
            problems.append(f"{other.capitalize()} units already attacked {target} this game turn (11.35)")
        for key in ("advance", "losses"):
            extra = order.get(key, [])
            if not isinstance(extra, list) or any(u not in attackers for u in extra):
                problems.append(f"`{key}:` may list only this attack's units")
        return problems

    def attacker_problem(self, data: GameData, state: dict, army: str, unit_id: str, target: str, used: set[str]) -> str | None:
        unit = state["units"].get(unit_id)
        if unit is None:
            return f"no unit {unit_id!r} on the map"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit (11.1)"
        if unit_id in used:
            return f"{unit_id} attacks twice; no unit may attack more than once per phase (11.4)"
        if not self.grid(data).adjacent(unit["hex"], target):
            return f"{unit_id} in {unit['hex']} is not adjacent to {target} (11.1)"
        if int(self.factors(data, unit_id, unit["steps"])["attack"]) == 0:
            return f"{unit_id} has an attack factor of 0 and may never attack (11.32)"
        if self.is_artillery(data, unit_id) and not self.in_supply(data, state, unit_id):
            return f"{unit_id} is Soviet artillery out of supply and may not attack (13.4)"
        yugoslavia = self.yugoslavia_problem(data, state, unit_id, [target], "attack") \
            if self.counter(data, unit_id).get("nationality") == "bulgarian" else None     # 10.23
        if yugoslavia:
            return yugoslavia
        blocked = {"lake", "sea"} & set(self.hexside(data, unit["hex"], target))
        if blocked:
            return f"{unit_id} cannot attack across the {sorted(blocked)[0]} hexside (11.14)"
        return None

    def battle_odds(self, data: GameData, state: dict, army: str, order: dict, columns: list[str]) -> dict:
        """11.23 up to the die: factors (OOS halved, 6.3/6.4), odds, shifts, then the table's limits."""
        target = self.grid(data).canonical(order["attack"])
        defenders = self.enemies_in(data, state, target, army)
        oos = self.oos_units(data, state, list(order["with"]) + defenders)     # 6.4: both sides, each battle
        attack = self.strength(data, state, order["with"], "attack", oos)
        defense = self.strength(data, state, defenders, "defense", oos)
        base, odds = self.base_column(data, attack, defense, self.line_of(data, state, order, army))
        shifts = self.column_shifts(data, state, order, target, army)
        final = clamp(base + total(shifts), len(columns))                      # 11.21, then 11.23 limits
        return {"hex": target, "defenders": defenders, "oos": oos, "attack": attack, "defense": defense,
                "odds": odds, "base_column": columns[clamp(base, len(columns))], "shifts": shifts, "column": columns[final]}

    def line_of(self, data: GameData, state: dict, order: dict, army: str) -> str:
        """The odds line a PA reads in this state (14.17: wwiii.py)."""
        return self.odds_line(order, army)

    def odds_line(self, order: dict, army: str) -> str:
        """Whose odds line of the CRT (11.22) a PA reads: its army's (13.12 FMOs: support.py)."""
        return army

    def crt_cells(self, data: GameData, column: str) -> dict:
        """The whole CRT column, die roll -> result; UnknownDataError for a cell the data lacks."""
        return whole_column(data, range(1, self.die_faces(data) + 1), lambda roll: f"crt.cells.{roll}.{column}",
                            lambda roll: f"CRT cell die roll {roll}, column {column} (16.2)", CRT)

    def resolve(self, data: GameData, state: dict, army: str, order: dict, dice: Dice, columns: list[str]) -> dict:
        battle = self.battle_odds(data, state, army, order, columns)
        target, column = battle["hex"], battle["column"]
        cells = self.crt_cells(data, column)           # the whole column is known before the die is rolled
        roll = dice.roll(f"crt/{target}", self.die_faces(data), about=f"prepared assault on {target} (11.24)")
        result = str(cells[str(roll)])
        attacker_lp, defender_lp = (int(x) for x in result.split("/"))      # 11.24
        return {
            "event": "assault", "hex": target, "army": army, "attackers": list(order["with"]),
            "defenders": battle["defenders"], "attack": battle["attack"], "defense": battle["defense"], "odds": battle["odds"],
            "out_of_supply": battle["oos"], "base_column": battle["base_column"], "shifts": [s.as_event() for s in battle["shifts"]],
            "column": column, "roll": roll, "result": result, "attacker_lp": attacker_lp, "defender_lp": defender_lp,
            "cell_provenance": data.provenance(f"crt.cells.{roll}.{column}"),
            "advance": list(order.get("advance", [])), "losses": list(order.get("losses", order["with"])),
        }

    def strength(self, data: GameData, state: dict, units: list[str], factor: str, oos: list[str]) -> int:
        """6.3: OOS units' factors are added up, then halved once, rounding up."""
        full = sum(int(self.factors(data, u, state["units"][u]["steps"])[factor]) for u in units if u not in oos)
        halved = sum(int(self.factors(data, u, state["units"][u]["steps"])[factor]) for u in units if u in oos)
        return full + -(-halved // 2)

    def assault_template(self, data: GameData, state: dict, side: str) -> dict:
        notes = [self.awaiting(state).phase,
                 "Possible assaults: `attack: HEX` with `with: [units]`; optional `advance:` (11.33) and `losses:` order (11.30)."]
        for hex_id, units, adjacent in self.assault_targets(data, state):
            notes.append(f"  {hex_id}: defended by {', '.join(units)}; adjacent: {', '.join(adjacent)}")
        return {"notes": notes, "orders": []}

    def assault_targets(self, data: GameData, state: dict) -> list[tuple[str, list[str], list[str]]]:
        """(hex, defenders, adjacent units of the phasing army) for each enemy stack next to one."""
        army, grid, targets = state["army"], self.grid(data), []
        for hex_id, units in sorted(self.stacks(state).items()):
            if units and self.army_of(data, units[0]) != army and camp(self.army_of(data, units[0])) != camp(army):
                adjacent = [u for u, v in sorted(state["units"].items())
                            if self.army_of(data, u) == army and grid.adjacent(v["hex"], hex_id)]
                if adjacent:
                    targets.append((hex_id, units, adjacent))
        return targets

    def assault_without_choice(self, data: GameData, state: dict) -> str | None:
        """11.1: combat takes place between opposing adjacent units, and attacking is voluntary:
        with no unit of the phasing army next to an enemy unit, the phase holds no choice."""
        if self.assault_targets(data, state):
            return None
        return (f"no {state['army'].capitalize()} unit is adjacent to an enemy unit, and a Prepared Assault "
                "takes place only between opposing adjacent units (11.1)")

    def forced_pa_steps(self, data: GameData, state: dict, battle: dict) -> dict[str, int] | None:
        """Behaviour 6: a German defender's (no retreat, 11.28) only legal loss answer, else None."""
        if not self.plays(data, 6) or battle["army"] == "german" or not self.defender_choice_needed(data, state, battle):
            return None
        return self.forced_steps(data, state, battle)

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        """11.23-11.24 each battle in the order given; the defender chooses where he may (11.25, 11.30)."""
        army, events = state["army"], []
        columns = self.crt_columns(data)
        battles = []
        if any(o.get("riverine") for o in orders):                                 # 13.9: the marker's mission
            state["riverine_turns"] = list(state.get("riverine_turns", [])) + [state["turn"]]
        for order in orders:
            # 13.7: the bombers strike when that fight's resolution begins
            strike = self.bomb(data, state, order, self.grid(data).canonical(order["attack"]), dice) if order.get("bombers") else None
            if strike is not None:
                battles.append(strike)
            if strike is None or not strike["annihilated"]:
                battles.append(self.resolve(data, state, army, order, dice, columns))
        state["last_combats"] = [{"hex": b["hex"], "label": f"{b['column']} roll {b['roll']}: {b['result']}"} for b in battles
                                 if b["event"] == "assault"]
        pending = []
        for battle in battles:
            events.append(battle)
            if battle["event"] == "bombers":
                if battle["annihilated"]:             # 13.7: a free one-hex advance
                    targets = state["attacked_this_turn"].setdefault(battle["hex"], [])
                    targets += [str(self.grouping(data, battle["attackers"][0])), "western"]
                    self.advance_after_combat(data, state, battle, events, dice)
                continue
            targets = state["attacked_this_turn"].setdefault(battle["hex"], [])
            targets.append(army if army != "western" else str(self.grouping(data, battle["attackers"][0])))
            if army == "western":
                targets.append("western")
            losses = self.take_steps(state, battle["losses"], battle["attacker_lp"])
            events.append({"event": "attacker_losses", "hex": battle["hex"], "steps_lost": losses, "rule": "11.29, 11.30"})
            forced = self.forced_pa_steps(data, state, battle)
            if forced is not None:                                     # behaviour 6: one legal answer
                self.apply_forced_steps(state, battle, forced, events, "11.29, 11.30")
                self.advance_after_combat(data, state, battle, events, dice)
                continue
            if self.defender_choice_needed(data, state, battle):
                seat = self.seat_of(state, self.army_of(data, battle["defenders"][0]))
                pending.append({k: battle[k] for k in ("hex", "army", "defenders", "defender_lp", "advance", "fmo_advance")
                                if k in battle} | {"defender_seat": seat})
                continue
            alive = self.defender_loss_order(data, [u for u in battle["defenders"] if u in state["units"]])
            losses = self.take_steps(state, alive, battle["defender_lp"])
            if battle["defender_lp"]:
                events.append({"event": "defender_losses", "hex": battle["hex"], "steps_lost": losses, "rule": "11.29 (no choice possible)"})
            self.advance_after_combat(data, state, battle, events, dice)
        if pending:
            state["pending"] = pending
            state["phase"] = "response"
            events.append({"event": "awaiting_response", "battles": [p["hex"] for p in pending], "side": pending[0]["defender_seat"]})
        else:
            self.end_player_turn(data, state, events)
        return events
