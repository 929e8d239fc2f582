"""11.x prepared assaults: odds, column shifts, the CRT."""

from ...dice import Dice
from ...errors import PbemError
from ...gamedata import GameData
from ..base import Problem
from .components import ALLIANCE, ARTILLERY, THAW_TURNS, camp
from .responses import ResponseRules


class AssaultRules(ResponseRules):
    def crt_columns(self, data) -> list[str]:
        columns = data.get("crt.columns", "the CRT column headings (16.2)")
        return [f"{c['german']}/{c['alliance']}" if isinstance(c, dict) else str(c) for c in columns]

    def base_column(self, data, attack: int, defense: int, army: str) -> tuple[int, str]:
        """11.8 / 11.9 odds on the attacker's odds line (11.22) as a column position that may lie
        off the printed table (e.g. 10:1): 11.23 applies the shifts first and the limits last."""
        line = "german" if army == "german" else "alliance"
        columns = data.get("crt.columns", "the CRT column headings (16.2)")
        labels = [c[line] for c in columns]
        if "1:1" not in labels:
            raise PbemError(f"the CRT's {line} odds line has no 1:1 column")
        even = labels.index("1:1")           # the printed lines run 1:k ... 1:2, 1:1, 2:1 ... N:1
        if attack >= defense:
            n = attack // defense                                     # 11.8 round down
            return even + n - 1, f"{n}:1"
        k = -(-defense // attack)                                     # 11.9 round up
        return even - (k - 1), f"1:{k}"

    def shifts(self, data, state, attack: dict, defender_hex: str, army: str) -> list[dict]:
        """Column shifts with their rules (11.10–11.21, cumulative); negative = leftward."""
        shifts = []
        thaw = state["turn"] in THAW_TURNS

        def add(path: str, why: str):
            value = int(data.get(path, f"the prepared-assault shift for {why}"))
            if value:
                shifts.append({"shift": value, "why": why, "rule": data.provenance(path).removeprefix("rule ")})

        terrain = self.terrain(data, defender_hex)
        add(f"terrain.natural.{terrain}.combat.pa", terrain)                   # 11.11–11.13
        info = self.hex_info(data, defender_hex)
        if defender_hex in state.get("fortresses", []):                        # 11.19 replaces 11.18's shift
            add(f"crt.shifts.terrain.fortress_city.{'vs_soviet_side' if army == 'soviet' else 'vs_western_allied'}",
                "fortress city")
        elif info.get("city") is True:
            add("terrain.manmade.city.combat.pa", "city")                       # 11.18
        fort = info.get("fortification")
        intact = not state["destroyed"].get(defender_hex)                       # 11.20
        if fort in ("fortification", "usir") and army != "german" and intact:
            add(f"terrain.manmade.{fort}.combat.pa", fort)                      # 11.17: German-side defenders
        if fort == "heavy_fortification" and intact:
            add("terrain.manmade.heavy_fortification.combat.pa", "heavy fortification")
        features = [self.hexside(data, state["units"][u]["hex"], defender_hex) for u in attack["with"]]
        if features and all(f in ("river", "rhine") for f in features):         # 11.15: all attackers across
            kind = "rhine" if all(f == "rhine" for f in features) else "river"   # 11.16
            add(f"terrain.natural.{kind}.combat.{'pa_thaw' if thaw else 'pa'}", "Rhine" if kind == "rhine" else "river")
        if self.concentric(data, [state["units"][u]["hex"] for u in attack["with"]], defender_hex):
            shifts.append({"shift": 1, "why": "concentric assault", "rule": "11.10"})
        # 13.4: supplied Soviet artillery in a Soviet PA shifts one column right (supply is not
        # traced at the beginner level this module plays, 6.0 Beginners Note)
        if army == "soviet" and any(self.counter(data, u)["type"] in ARTILLERY for u in attack["with"]):
            shifts.append({"shift": 1, "why": "Soviet artillery", "rule": "13.4"})
        return shifts

    def concentric(self, data, attacker_hexes: list[str], defender_hex: str) -> bool:
        """11.10: from opposite hexes, from three hexes with one between each, or from more than three."""
        grid = self.grid(data)
        directions = sorted({grid.direction(defender_hex, h) for h in attacker_hexes})
        if len(directions) > 3:
            return True
        if any((d + 3) % 6 in directions for d in directions):
            return True
        return len(directions) == 3 and directions in ([0, 2, 4], [1, 3, 5])

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        army = state["army"]
        problems, used, targets = [], set(), set()
        attacked = state["attacked_this_turn"]
        for index, order in enumerate(orders):
            target, attackers = order.get("attack"), order.get("with")
            if set(order) - {"attack", "with", "advance", "losses"} or not isinstance(target, str) \
                    or not isinstance(attackers, list) or not attackers:
                problems.append(Problem(index, "an assault order is `attack: HEX` with `with: [UNIT, ...]` (optional `advance:`, `losses:`)"))
                continue
            try:
                target = self.grid(data).canonical(target)
            except ValueError as exc:
                problems.append(Problem(index, str(exc)))
                continue
            if not self.enemies_in(data, state, target, army):
                problems.append(Problem(index, f"no enemy units in {target} to attack (11.1)"))
                continue
            if target in targets:
                problems.append(Problem(index, f"{target} is attacked twice; no defender may be attacked more than once per phase (11.4)"))
                continue
            targets.add(target)
            for unit_id in attackers:
                unit = state["units"].get(unit_id)
                if unit is None:
                    problems.append(Problem(index, f"no unit {unit_id!r} on the map"))
                elif self.army_of(data, unit_id) != army:
                    problems.append(Problem(index, f"{unit_id} is not a {army} unit (11.1)"))
                elif unit_id in used:
                    problems.append(Problem(index, f"{unit_id} attacks twice; no unit may attack more than once per phase (11.4)"))
                elif not self.grid(data).adjacent(unit["hex"], target):
                    problems.append(Problem(index, f"{unit_id} in {unit['hex']} is not adjacent to {target} (11.1)"))
                elif int(self.factors(data, unit_id, unit["steps"])["attack"]) == 0:
                    problems.append(Problem(index, f"{unit_id} has an attack factor of 0 and may never attack (11.32)"))
                elif self.counter(data, unit_id)["type"] in ARTILLERY and not self.in_supply(data, state, unit_id):
                    problems.append(Problem(index, f"{unit_id} is Soviet artillery out of supply and may not attack (13.4)"))
                elif self.hexside(data, unit["hex"], target) in ("lake", "sea"):
                    problems.append(Problem(index, f"{unit_id} cannot attack across the {self.hexside(data, unit['hex'], target)} hexside (11.14)"))
                used.add(unit_id)
            groupings = {self.counter(data, u).get("grouping") for u in attackers if u in state["units"]}
            earlier = set(attacked.get(target, []))
            if army == "western" and ({"commonwealth", "us"} <= groupings | earlier):
                problems.append(Problem(index, f"Commonwealth and US units may never attack {target} in the same player turn (11.34)"))
            other = "western" if army == "soviet" else "soviet"
            if army in ALLIANCE and other in earlier:
                problems.append(Problem(index, f"{other.capitalize()} units already attacked {target} this game turn (11.35)"))
            for key in ("advance", "losses"):
                extra = order.get(key, [])
                if not isinstance(extra, list) or any(u not in attackers for u in extra):
                    problems.append(Problem(index, f"`{key}:` may list only this attack's units"))
        return problems

    def resolve(self, data, state, army, order, dice: Dice, columns) -> dict:
        target = self.grid(data).canonical(order["attack"])
        defenders = self.enemies_in(data, state, target, army)
        oos = self.oos_units(data, state, list(order["with"]) + defenders)     # 6.4: both sides, each battle
        attack = self.strength(data, state, order["with"], "attack", oos)
        defense = self.strength(data, state, defenders, "defense", oos)
        base, odds = self.base_column(data, attack, defense, army)
        shifts = self.shifts(data, state, order, target, army)
        final = min(max(base + sum(s["shift"] for s in shifts), 0), len(columns) - 1)   # 11.21, then 11.23 limits
        column = columns[final]
        cells = {}
        for roll in range(1, 7):   # the whole column must be known before the die is rolled
            cells[roll] = data.get(f"crt.cells.{roll}.{column}", f"CRT cell die roll {roll}, column {column} (16.2)")
        roll = dice.roll(f"crt/{target}", 6, about=f"prepared assault on {target} (11.24)")
        result = str(cells[roll])
        attacker_lp, defender_lp = (int(x) for x in result.split("/"))      # 11.24
        return {
            "event": "assault", "hex": target, "army": army, "attackers": list(order["with"]),
            "defenders": defenders, "attack": attack, "defense": defense, "odds": odds, "out_of_supply": oos,
            "base_column": columns[min(max(base, 0), len(columns) - 1)], "shifts": shifts, "column": column, "roll": roll,
            "result": result, "attacker_lp": attacker_lp, "defender_lp": defender_lp,
            "cell_provenance": data.provenance(f"crt.cells.{roll}.{column}"),
            "advance": list(order.get("advance", [])), "losses": list(order.get("losses", order["with"])),
        }

    def strength(self, data, state, units, factor: str, oos) -> int:
        """6.3: OOS units' factors are added up, then halved once, rounding up."""
        full = sum(int(self.factors(data, u, state["units"][u]["steps"])[factor]) for u in units if u not in oos)
        halved = sum(int(self.factors(data, u, state["units"][u]["steps"])[factor]) for u in units if u in oos)
        return full + -(-halved // 2)

    def assault_template(self, data: GameData, state: dict, side: str) -> dict:
        army = state["army"]
        notes = [self.awaiting(state).phase,
                 "Possible assaults: `attack: HEX` with `with: [units]`; optional `advance:` (11.33) and `losses:` order (11.30)."]
        grid = self.grid(data)
        for hex_id, units in sorted(self.stacks(state).items()):
            if units and self.army_of(data, units[0]) != army and camp(self.army_of(data, units[0])) != camp(army):
                adjacent = [u for u, v in sorted(state["units"].items())
                            if self.army_of(data, u) == army and grid.adjacent(v["hex"], hex_id)]
                if adjacent:
                    notes.append(f"  {hex_id}: defended by {', '.join(units)}; adjacent: {', '.join(adjacent)}")
        return {"notes": notes, "orders": []}

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        """11.23-11.24 each battle in the order given; the defender chooses where he may (11.25, 11.30)."""
        army, events = state["army"], []
        columns = self.crt_columns(data)
        battles = [self.resolve(data, state, army, order, dice, columns) for order in orders]
        state["last_combats"] = [{"hex": b["hex"], "label": f"{b['column']} roll {b['roll']}: {b['result']}"} for b in battles]
        pending = []
        for battle in battles:
            events.append(battle)
            targets = state["attacked_this_turn"].setdefault(battle["hex"], [])
            targets.append(army if army != "western" else self.counter(data, battle["attackers"][0]).get("grouping", "western"))
            if army == "western":
                targets.append("western")
            losses = self.take_steps(state, battle["losses"], battle["attacker_lp"])
            events.append({"event": "attacker_losses", "hex": battle["hex"], "steps_lost": losses, "rule": "11.29, 11.30"})
            if self.defender_choice_needed(data, state, battle):
                seat = self.seat_of(state, self.army_of(data, battle["defenders"][0]))
                pending.append({k: battle[k] for k in ("hex", "army", "defenders", "defender_lp", "advance")} | {"defender_seat": seat})
                continue
            alive = [u for u in battle["defenders"] if u in state["units"]]
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
