"""12.x Mobile Assaults (standard level): combat while moving, as a mid-movement exchange.

A mobile assault (MA) is the last order of a Movement Phase orders file: `assault: HEX` with
`with: [UNIT, ...]` (the moving stack), an optional `path:` the stack moves first (its last hex
is the hex the MA is launched from, 12.4) and an optional `losses:` order (11.30, 12.16). The
step rolls the round (12.8) and applies the attacker's losses; the defender absorbs his whole
result as step losses (12.13) and, where he has a choice (11.30), answers with a signed
`battle: HEX` / `steps:` file (phase `ma_response`). Then the mover goes on with a new orders
file of the same Movement Phase:
- the hex was cleared (12.9): the surviving assaulters stand in it and may go on moving, even
  assault again, with the MPs they have left (12.14: no advance beyond that);
- defenders remain (12.10): the file's first order may be another round (`assault:` the same hex
  with all or some of the surviving assaulters, and no `path:`); units not in it, or all of them
  if the file begins otherwise, end their movement in the hex they attacked from;
- a file without an MA ends the Movement Phase (stacking, 8.2, then the Prepared Assault Phase).

The phase's bookkeeping lives in state["mobile"] until the phase ends: each unit's hex at the
start of the phase (10.5, 12.5), its supply then (6.4, 12.7), the units whose move is over
(10.6), the MPs of those that may go on (12.9), the undecided MA (12.10), the answer awaited.
Replacements and reinforcements (5.3 steps 1 and 2) belong to the phase's first orders file.

Readings of the text recorded here (docs/smithereens.md): "paying double the normal movement
costs" (12.2) is paid for every round, the river's part only on the first (12.15); an
artillery unit's steps are lost only after every other assaulting unit's (12.16, "theirs must
always be the last step given up", read as the specific rule before 11.30's precedence).
"""

from typing import Any

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import Shift, clamp, total
from ...report import plural
from ..base import Problem
from .report import ReportRules
from .responses import PREFILLED

ORDER = "a mobile assault is `assault: HEX` with `with: [UNIT, ...]` (optional `path:` to the launch hex, `losses:`) (12.2)"


class MobileAssaultRules(ReportRules):
    # -- the phase's record ---------------------------------------------------------------
    def movement_view(self, data: GameData, state: dict) -> dict:
        view = super().movement_view(data, state)
        mobile = state.get("mobile")
        if mobile:                                   # 6.4, 12.7: as at the start of the phase
            view["oos_at_start"] = list(mobile["oos_at_start"])
            view["spent"] = dict(mobile["going_on"])
        return view

    def phase_start(self, data: GameData, state: dict) -> dict:
        army = state["army"]
        return {"began": {u: v["hex"] for u, v in sorted(state["units"].items()) if self.army_of(data, u) == army},
                "oos_at_start": self.movement_view(data, state)["oos_at_start"],
                "moved": [], "going_on": {}, "open": None, "answer": None}

    def movement_label(self, state: dict) -> str:
        label = f"Turn {state['turn']} {state['army'].capitalize()} movement"
        mobile = state.get("mobile")
        if mobile and mobile.get("last"):
            why = mobile.get("why")
            label += f" continued after {why} at {mobile['last']}" if why else f" continued after the mobile assault at {mobile['last']} (12.9, 12.10)"
        return label

    # -- check ------------------------------------------------------------------------------
    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        mobile = state.get("mobile")
        view = self.movement_view(data, state)
        problems: list[Problem] = []
        for index, order in enumerate(orders):
            if "assault" in order and index != len(orders) - 1:
                problems.append(Problem(index, "a mobile assault ends its orders file: the step rolls it and the movement "
                                               "goes on in the next file (12.2, 12.9)"))
            if mobile and ("replace" in order or "enter" in order and not mobile.get("drop")):     # 13.2: entries follow a drop
                problems.append(Problem(index, "replacements and reinforcements come first in the Movement Phase, in its "
                                               "first orders file (5.3)"))
        if problems:
            return problems
        assault = orders[-1] if orders and "assault" in orders[-1] else None
        head = orders[:-1] if assault else orders
        moved = set(mobile["moved"]) - set(mobile["going_on"]) if mobile else set()
        problems = self.check_move_orders(data, view, state["army"], head, moved)
        if problems:
            return problems
        if assault is not None:
            start = mobile or self.phase_start(data, state)
            reason = self.mobile_assault_problem(data, view, start, assault, len(orders) == 1, moved)
            if reason:
                return [Problem(len(orders) - 1, reason)]
        else:
            problems = self.end_stacking_problems(data, view)
        if not problems:
            self.trial_apply(data, state, side, orders, self.apply_movement)
        return problems

    def mobile_assault_problem(self, data: GameData, view: dict, mobile: dict, order: dict, alone: bool, moved: set[str]) -> str | None:
        """12.1-12.5, 12.10, 12.16, 7.5 (6), 11.32, 11.14 for one MA order; a legal one updates `view`."""
        army, grid = view["army"], self.grid(data)
        target, units, path = order.get("assault"), order.get("with"), order.get("path")
        if set(order) - {"assault", "with", "path", "losses"} or not isinstance(target, str) or not isinstance(units, list) \
                or not units or (path is not None and (not isinstance(path, list) or not path)):
            return ORDER
        if view.get("level") != "standard":
            return "mobile assaults are a standard-level rule; this campaign plays at the beginner level (12.0; 5.1 Beginners Note)"
        if army == "german" and view.get("collapsed"):
            return "German mech units lose the ability to make mobile assaults at the economic collapse (7.5 (6))"
        try:
            target = grid.canonical(target)
            path = [grid.canonical(str(h)) for h in path] if path else None
        except ValueError as exc:
            return str(exc)
        if len(set(units)) != len(units) or any(u not in view["units"] for u in units):
            return f"`with:` lists each assaulting unit on the map once ({', '.join(map(str, units))})"
        if any(self.army_of(data, u) != army for u in units):
            return f"only {army} units assault in the {army} Movement Phase (5.1, 12.2)"
        extra = order.get("losses", [])
        if not isinstance(extra, list) or any(u not in units for u in extra):
            return "`losses:` may list only this assault's units (11.30)"
        hexes = {view["units"][u]["hex"] for u in units}
        if len(hexes) != 1:
            return f"the assaulting units move as one stack and must be in one hex, not {', '.join(sorted(hexes))} (10.5, 12.5)"
        here = hexes.pop()
        opened = mobile["open"]
        another = bool(opened) and opened["hex"] == target and set(units) <= set(opened["units"])
        if another:
            view["spent"].update(opened["spent"])
            if not alone or (path and path != [here]):
                return (f"another round at {target} is the only order of its file and moves nowhere first: once another "
                        "stack moves, this one may not resume (10.6, 12.10)")
        else:
            for unit_id in units:
                if unit_id in moved:
                    return f"{unit_id} has ended its movement this phase (10.6, 12.10)"
                if unit_id not in mobile["began"]:
                    return f"{unit_id} was not on the map at the start of this Movement Phase and may not assault in it (12.5)"
            if len({mobile["began"][u] for u in units}) != 1:
                return "units assault together only if they began the Movement Phase stacked together (12.5)"
        reason = self.assaulter_problem(data, view, units)
        for unit_id in units:
            reason = reason or self.eighth_army_problem(data, view, unit_id) \
                or self.yugoslavia_problem(data, view, unit_id, (path or [])[1:] + [target], "enter")     # 3.11, 10.23
        if reason:
            return reason
        if path and len(path) > 1:
            if path[0] != here:
                return f"the assaulting stack's path must start at its hex {here}"
            for unit_id in units:
                problem, spent = self.walk_problem(data, view, unit_id, path)
                if problem:
                    return problem
                view["spent"][unit_id] = int(view["spent"].get(unit_id, 0)) + int(spent)
                view["units"][unit_id]["hex"] = path[-1]
            here = path[-1]
        if not grid.adjacent(here, target):
            return f"{target} is not adjacent to the launch hex {here} (12.2)"
        if path and len(path) > 1 and self.other_camp_next_to(data, view, army, here):
            return f"the stack must stop next to units of the other Alliance camp, at {here}, and may not assault on (10.36 1)"
        if not another and not (path and len(path) > 1) and self.other_camp_next_to(data, view, army, here) \
                and self.other_camp_next_to(data, view, army, target):
            return (f"the stack begins next to units of the other Alliance camp and may move only if the first hex it "
                    f"enters, {target}, is not next to any of them (10.36 2)")
        if not self.enemies_in(data, view, target, army):
            return f"no enemy units in {target} to assault (12.2)"
        prohibited = unwrap(data.get(f"terrain.natural.{self.terrain(data, target)}.combat.ma", f"whether MAs may enter {self.terrain(data, target)} (12.3)"))
        if prohibited == "prohibited":
            return f"mobile assaults may never be launched into {self.terrain(data, target)} hexes like {target} (12.3)"
        for unit_id in units:
            cost, why = self.ma_cost(data, view, unit_id, here, target, first=not another)
            if cost is None:
                return f"{unit_id} cannot assault {target}: {why}"
            allowance, spent = self.movement_allowance(data, view, unit_id), int(view["spent"].get(unit_id, 0))
            if spent + cost > allowance:
                return (f"{unit_id} has {allowance - spent} MP left and the assault on {target} costs {cost} "
                        "(12.2 double the normal cost; 12.3: 10.4 guarantees no MA)")
        problems = self.end_stacking_problems(data, view, "at the start of the mobile assault", "8.2, 12.4")
        return problems[0].message if problems else None

    def assaulter_problem(self, data: GameData, view: dict, units: list[str]) -> str | None:
        """12.1: supplied mech units; 12.16 Soviet artillery only with another mech unit; 11.32."""
        for unit_id in units:
            if not self.is_mech(data, unit_id):
                return f"{unit_id} is not mechanized; only mech units make mobile assaults (12.1)"
            if unit_id in view["oos_at_start"]:
                return f"{unit_id} was out of supply at the start of its movement and may not make a mobile assault (12.1, 12.7)"
            if int(self.factors(data, unit_id, view["units"][unit_id]["steps"])["attack"]) == 0:
                return f"{unit_id} has an attack factor of 0 and may never attack (11.32)"
        if any(self.is_artillery(data, u) for u in units) and all(self.is_artillery(data, u) for u in units):
            return "Soviet artillery makes a mobile assault only stacked with a non-artillery mech unit (12.16)"
        return None

    def ma_cost(self, data: GameData, state: dict, unit_id: str, launch: str, target: str, first: bool) -> tuple[int | None, str]:
        """12.2: double the normal cost to enter the defender's hex; 12.15: the river's MPs on the first round only."""
        clear = dict(state, units={u: v for u, v in state["units"].items() if v["hex"] != target})
        cost, why = self.entry_cost(data, clear, unit_id, launch, target)
        if cost is None:
            return None, why
        features = set(self.hexside(data, launch, target))
        if not first and {"river", "rhine"} & features and "atc" not in features:
            cost -= self.river_extra_mp(data, state, unit_id)
        return 2 * cost, ""

    # -- resolution -------------------------------------------------------------------------
    def ma_shifts(self, data: GameData, state: dict, target: str, army: str, across_river: bool) -> list[Shift]:
        """12.8: the terrain's MA shifts (forest included, its size a value the group enters);
        12.6 no concentric shift; 13.4 no Soviet artillery shift; 12.15 the river, first round only."""
        shifts: list[Shift] = []

        def add(path: str, why: str) -> None:
            value = numbers.integer(data, path, f"the mobile-assault shift for {why}")
            if value:
                shifts.append(Shift(value, why, data.provenance(path).removeprefix("rule ")))

        terrain = self.terrain(data, target)
        add(f"terrain.natural.{terrain}.combat.ma", terrain)
        if target in state.get("fortresses", []):                              # 11.19 replaces 11.18's shift
            add(f"crt.shifts.terrain.fortress_city.{'vs_soviet_side' if army == 'soviet' else 'vs_western_allied'}", "fortress city")
        elif self.is_city(data, target, "12.8"):
            add("terrain.manmade.city.combat.ma", "city")
        fort = self.works(data, target, "12.8")
        intact = not state["destroyed"].get(target)
        if fort in ("fortification", "usir") and army != "german" and intact:
            add(f"terrain.manmade.{fort}.combat.ma", fort)
        if fort == "heavy_fortification" and intact:
            add("terrain.manmade.heavy_fortification.combat.ma", "heavy fortification")
        if across_river:
            features = set(self.hexside(data, state["mobile"]["open"]["from"], target))
            kind = "rhine" if "rhine" in features else "river"
            add(f"terrain.natural.{kind}.combat.{'pa_thaw' if self.thaw(data, state) else 'pa'}", "Rhine" if kind == "rhine" else "river")
        return shifts

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        mobile = state.get("mobile")
        if mobile is None:
            mobile = self.phase_start(data, state)
            self.apply_replacements(data, state, orders, dice, events)
        assault = orders[-1] if orders and "assault" in orders[-1] else None
        opened = mobile["open"]
        if opened and not (assault and len(orders) == 1 and assault["assault"] == opened["hex"]):
            opened = None                          # 12.10 option 2: they end their movement where they are
        head = orders[:-1] if assault else orders
        self.apply_move_orders(data, state, head, dice, events)
        mobile["moved"] = sorted(set(mobile["moved"]) | {o["enter"] for o in head if "enter" in o}
                                 | {o["move"] for o in head if "move" in o and len(o["path"]) > 1})
        going_on, mobile["going_on"], mobile["open"], mobile["last"] = mobile["going_on"], {}, None, None
        mobile.pop("why", None)
        if assault is None:
            state.pop("mobile", None)
            self.end_movement(data, state, events)
            return events
        state["mobile"] = mobile
        self.ma_round(data, state, assault, opened, going_on, dice, events)
        return events

    def ma_round(self, data: GameData, state: dict, order: dict, opened: dict | None, going_on: dict, dice: Dice, events: list) -> None:
        """One round (12.8): the stack moves to its launch hex, pays, the die decides, the
        attacker's losses are taken; the defender's where only one outcome is possible."""
        grid, army, mobile = self.grid(data), state["army"], state["mobile"]
        target, units = grid.canonical(order["assault"]), list(order["with"])
        spent = {u: int((opened or {}).get("spent", going_on).get(u, 0)) for u in units}
        path = [grid.canonical(str(h)) for h in order.get("path") or []]
        if len(path) > 1:
            for unit_id in units:
                _, walked = self.walk_problem(data, state, unit_id, path)
                spent[unit_id] += int(walked)
                state["units"][unit_id]["hex"] = path[-1]
            events.append({"event": "move", "unit": ", ".join(units), "path": path, "rule": "10.5"})
            if army == "german":
                self.note_german_path(data, state, path, events)
            for hex_id in path[1:]:
                self.enter_hex(data, state, hex_id, army, events, dice)
        launch = state["units"][units[0]]["hex"]
        first = opened is None
        for unit_id in units:
            cost, _ = self.ma_cost(data, state, unit_id, launch, target, first)
            spent[unit_id] += int(cost or 0)
        across = bool({"river", "rhine"} & set(self.hexside(data, launch, target)))
        number = int(opened["round"]) + 1 if opened else 1
        mobile["open"] = {"hex": target, "from": launch, "units": list(units), "round": number, "spent": dict(spent),
                          "across_river": across if first else bool(opened and opened["across_river"]),
                          **({"naval_defense": opened["naval_defense"]} if opened and "naval_defense" in opened else {})}   # 13.10
        mobile["moved"] = sorted(set(mobile["moved"]) | set(units))
        mobile["last"] = target
        if self.ma_pause(data, state, order, events):
            return                                         # 13.10: the German announces before the die (naval.py)
        self.ma_resolve(data, state, order, dice, events)

    def ma_pause(self, data: GameData, state: dict, order: dict, events: list) -> bool:
        """Whether the round waits for an answer before its die (none here)."""
        return False

    def ma_column(self, data: GameData, state: dict) -> tuple:
        """12.8 the open round's odds and column: (defenders, OOS defenders, attack, defense, base, odds, shifts, column)."""
        opened, army = state["mobile"]["open"], state["army"]
        target, units = opened["hex"], list(opened["units"])
        columns = self.crt_columns(data)
        defenders = self.enemies_in(data, state, target, army)
        oos = self.oos_units(data, state, defenders)                  # 12.7: the defenders at the instant
        attack = self.strength(data, state, units, "attack", [])      # 12.1: the assaulters are supplied
        defense = self.strength(data, state, defenders, "defense", oos)
        base, odds = self.base_column(data, attack, defense, self.line_of(data, state, {}, army))
        shifts = self.ma_shifts(data, state, target, army, bool(opened["across_river"]) and int(opened["round"]) == 1)
        return defenders, oos, attack, defense, base, odds, shifts, columns[clamp(base + total(shifts), len(columns))]

    def ma_resolve(self, data: GameData, state: dict, order: dict, dice: Dice, events: list) -> None:
        """The open round's die, result and losses (12.8, 12.13, 12.16)."""
        army, mobile = state["army"], state["mobile"]
        opened = mobile["open"]
        target, units, launch, number, spent = opened["hex"], list(opened["units"]), opened["from"], int(opened["round"]), opened["spent"]
        columns = self.crt_columns(data)
        defenders, oos, attack, defense, base, odds, shifts, column = self.ma_column(data, state)
        cells = self.crt_cells(data, column)                         # the whole column before the die
        roll = dice.roll(f"ma/{target}", self.die_faces(data), about=f"mobile assault on {target}, round {number} (12.8)")
        result = str(cells[str(roll)])
        attacker_lp, defender_lp = (int(x) for x in result.split("/"))
        events.append({"event": "mobile_assault", "hex": target, "round": number, "from": launch, "army": army,
                       "attackers": units, "defenders": defenders, "attack": attack, "defense": defense, "odds": odds,
                       "out_of_supply": oos, "base_column": columns[clamp(base, len(columns))],
                       "shifts": [s.as_event() for s in shifts], "column": column, "roll": roll, "result": result,
                       "attacker_lp": attacker_lp, "defender_lp": defender_lp, "spent": dict(spent),
                       "cell_provenance": data.provenance(f"crt.cells.{roll}.{column}"), "rule": "12.8"})
        state["last_combats"] = [{"hex": target, "label": f"MA {column} roll {roll}: {result}"}]
        losses = list(order.get("losses") or units) + [u for u in units if u not in (order.get("losses") or units)]
        lost = self.take_steps(state, [u for u in losses if not self.is_artillery(data, u)], attacker_lp)
        left = attacker_lp - sum(lost.values())
        lost.update(self.take_steps(state, [u for u in losses if self.is_artillery(data, u)], left))       # 12.16
        events.append({"event": "attacker_losses", "hex": target, "steps_lost": lost, "rule": "11.30, 12.13, 12.16"})
        alive = [u for u in defenders if u in state["units"]]
        total_steps = sum(state["units"][u]["steps"] for u in alive)
        if defender_lp and len(alive) > 1 and defender_lp < total_steps:          # 11.30: the defender chooses
            answer = {"hex": target, "army": army, "defenders": list(alive), "defender_lp": defender_lp}
            forced = self.forced_steps(data, state, answer) if self.plays(data, 6) else None
            if forced is not None:                                    # behaviour 6: one legal answer
                self.apply_forced_steps(state, answer, forced, events, "11.30, 12.13")
                self.after_round(data, state, events, dice)
                return
            seat = self.seat_of(state, self.army_of(data, alive[0]))
            mobile["answer"] = {"hex": target, "army": army, "defenders": list(alive), "defender_lp": defender_lp, "defender_seat": seat}
            state["phase"] = "ma_response"
            events.append({"event": "awaiting_response", "battles": [target], "side": seat})
            return
        if defender_lp:
            steps = self.take_steps(state, self.defender_loss_order(data, alive), defender_lp)
            events.append({"event": "defender_losses", "hex": target, "steps_lost": steps, "rule": "12.13 (no choice possible)"})
        self.after_round(data, state, events, dice)

    def after_round(self, data: GameData, state: dict, events: list, dice: Dice | None) -> None:
        """12.9 the hex cleared: the assaulters stand in it and may go on; 12.10 else the mover decides."""
        mobile = state["mobile"]
        opened, army = mobile["open"], state["army"]
        survivors = [u for u in opened["units"] if u in state["units"]]
        state["phase"] = "movement"
        mobile["answer"] = None
        if not self.enemies_in(data, state, opened["hex"], army):
            if army == "german" and survivors:                 # 3.11: into the hex across the Dvina
                self.note_german_path(data, state, [opened["from"], opened["hex"]], events)
            for unit_id in survivors:
                state["units"][unit_id]["hex"] = opened["hex"]
            # 10.36 1: next to the other Alliance camp, their movement stops there
            meets = self.other_camp_next_to(data, state, army, opened["hex"])
            mobile["going_on"] = {} if meets else {u: opened["spent"][u] for u in survivors}
            mobile["open"] = None
            events.append({"event": "mobile_assault_cleared", "hex": opened["hex"], "units": list(survivors), "rule": "12.9, 12.14"})
            if survivors:
                self.enter_hex(data, state, opened["hex"], army, events, dice)
        elif not survivors:
            mobile["open"] = None
        else:
            opened["units"] = survivors
            events.append({"event": "mobile_assault_undecided", "hex": opened["hex"], "units": list(survivors), "rule": "12.10"})

    # -- the defender's answer (12.13, 11.30) ------------------------------------------------
    def ma_defender_seat(self, state: dict) -> str:
        return str(state["mobile"]["answer"]["defender_seat"])

    def ma_answer_label(self, state: dict) -> str:
        return f"Turn {state['turn']} {state['army'].capitalize()} mobile assault at {state['mobile']['answer']['hex']}: step losses"

    def check_ma_response(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        battle = state["mobile"]["answer"]
        if len(orders) != 1 or set(orders[0]) - {"battle", "steps", "retreat"} or orders[0].get("battle") != battle["hex"]:
            return [Problem(None, f"the answer is one order `battle: {battle['hex']}` with `steps:` (12.13)")]
        if "retreat" in orders[0]:
            return [Problem(0, "there is no retreat from a mobile assault: all losses are steps (12.13)")]
        problems = [Problem(0, m) for m in self.response_problems(data, state, battle, orders[0])]
        if not problems:
            self.trial_apply(data, state, side, orders, self.apply_ma_response)
        return problems

    def apply_ma_response(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        battle, events = state["mobile"]["answer"], []
        lost: dict[str, int] = {}
        for unit_id, count in sorted((orders[0].get("steps") or {}).items()):
            for _ in range(count):
                if unit_id in state["units"]:
                    self.lose_step(state, unit_id)
                    lost[unit_id] = lost.get(unit_id, 0) + 1
        events.append({"event": "defender_choice", "hex": battle["hex"], "steps_lost": lost, "retreat": {}})
        self.after_round(data, state, events, dice)
        return events

    def ma_response_template(self, data: GameData, state: dict, side: str) -> dict:
        battle = state["mobile"]["answer"]
        return {"notes": [self.awaiting(state).phase,
                          f"Mobile assault at {battle['hex']}: absorb {plural(battle['defender_lp'], 'loss point')} as step "
                          "losses, no retreat (12.13); no unit eliminated before all are down to one step (11.30).",
                          PREFILLED],
                "orders": [{"battle": battle["hex"], "steps": self.legal_steps(data, state, battle)}]}

    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().movement_template(data, state, side)
        mobile = state.get("mobile")
        if mobile:                      # 10.6: only the units whose move is not over
            done = set(mobile["moved"]) - set(mobile["going_on"])
            template["orders"] = [o for o in template["orders"] if o["move"] not in done]
            template["notes"] = [n for n in template["notes"] if "reinforcement" not in n and "Replacements first" not in n]
        template["notes"] += self.mobile_notes(state)
        return template

    def mobile_notes(self, state: dict) -> list[str]:
        """The movement template's lines about a Movement Phase going on after an MA."""
        mobile: Any = state.get("mobile")
        if not mobile:
            return ["Mobile assault (12.2, standard level; the file's last order): `- assault: HEX` with `with: [UNITS]`, "
                    "optional `path:` to the launch hex and `losses:` order."]
        notes = []
        if mobile["open"]:
            o = mobile["open"]
            notes.append(f"Undecided mobile assault at {o['hex']} by {', '.join(o['units'])} (12.10): another round is this "
                         f"file's only order, `- assault: {o['hex']}` with `with:` all or some of them; otherwise they "
                         f"end their movement in {o['from']}.")
        for unit_id, spent in sorted(mobile["going_on"].items()):
            notes.append(f"  {unit_id} may go on from {state['units'][unit_id]['hex']} having spent {spent} MP (12.9)")
        notes.append("A file without a mobile assault ends the Movement Phase (8.2 stacking, then the Prepared Assault Phase).")
        return notes

    # -- report ---------------------------------------------------------------------------
    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            kind = event["event"]
            if kind == "mobile_assault":
                shifts = ", ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in event["shifts"]) or "none"
                blocks.append(("h4", f"Mobile assault on {event['hex']} from {event['from']}, round {event['round']} (12.8)"))
                blocks.append(("table", ["", ""], [
                    ["Attackers", f"{', '.join(event['attackers'])} — {event['attack']} attack factors; MP spent "
                                  + ", ".join(f"{u} {n}" for u, n in sorted(event["spent"].items())) + " (12.2)"],
                    ["Defenders", f"{', '.join(event['defenders'])} — {event['defense']} defense factors"
                                  + (f"; out of supply, halved (12.7, 6.3): {', '.join(event['out_of_supply'])}" if event["out_of_supply"] else "")],
                    ["Odds", f"{event['odds']} (11.8/11.9) → column {event['base_column']}"],
                    ["Shifts", shifts],
                    ["Final column", event["column"]],
                    ["Die roll", f"{event['roll']} (1d6, purpose ma/{event['hex']})"],
                    ["Result", f"{event['result']}: attacker {plural(event['attacker_lp'], 'loss point')}, defender "
                               f"{plural(event['defender_lp'], 'loss point')}, all as steps (12.13; cell from {event['cell_provenance']})"],
                ]))
            elif kind == "bombers":
                lost = ", ".join(f"{u} −{plural(n, 'step')}" for u, n in sorted(event["steps_lost"].items())) or "none"
                blocks.append(("item", f"Strategic bombers over {event['hex']}: die roll {event['roll']} (1d6, purpose bombers/{event['hex']}), "
                                       f"{plural(event['steps'], 'step')}: {lost}" + ("; the defenders are annihilated" if event["annihilated"] else "")
                                       + " (13.7)"))
            elif kind == "steiner_called":
                blocks.append(("item", f"{event['unit']} stops at {event['hex']}, next to Berlin: Group Steiner enters (9.6)"))
            elif kind == "steiner_not_placed":
                blocks.append(("item", f"No hex next to Berlin could take {event['unit']}: it does not enter (9.6)"))
            elif kind == "yugoslavia_open":
                blocks.append(("item", "A German-side unit moved next to Belgrade: the Yugoslavia movement restrictions are lifted for good (10.23)"))
            elif kind == "dvina":
                blocks.append(("item", f"A German unit crossed the Dvina ({event['hexside']}): the Soviet 8th Army may move from now on (3.11)"))
            elif kind == "mobile_assault_cleared":
                who = ", ".join(event["units"]) or "no assaulter"
                blocks.append(("item", f"{event['hex']} cleared: {who} stand in it and may go on moving (12.9, 12.14)"))
            elif kind == "mobile_assault_undecided":
                blocks.append(("item", f"{event['hex']} still held: {', '.join(event['units'])} may run another round or "
                                       "end their movement in the hex they attacked from (12.10)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
