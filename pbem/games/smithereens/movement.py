"""10.x movement, 9.2 reinforcement entry, 8.x stacking."""

from collections.abc import Callable

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit.movement import NO_ZOC, Cost, walk
from ..base import Problem
from ...kit import numbers
from .components import ordinal, spelled
from .replacements import ReplacementRules


class MovementRules(ReplacementRules):
    def stacking_problem(self, data: GameData, units: list[str]) -> str | None:
        """8.1–8.5 for one hex's units (None if legal)."""
        armies = {self.army_of(data, u) for u in units}
        if armies == {"soviet", "western"}:
            return "Western Allied and Soviet units may never stack together (8.5)"
        army = armies.pop() if len(armies) == 1 else None
        limits = "game.stacking.limits"
        if army == "german":
            limit = self.once(data, numbers.integer, f"{limits}.german", "the German stacking limit (8.1)")
            if len(units) > limit:
                return f"more than {spelled(limit)} German units (8.1)"
        if army == "western":
            groupings = {self.grouping(data, u) for u in units}
            if {"commonwealth", "us"} <= groupings:
                return "Commonwealth and US units may not stack together (8.5)"
            limit = self.once(data, numbers.integer, f"{limits}.western", "the Western Allied stacking limit (8.5)")
            if len(units) > limit:
                return f"more than {spelled(limit)} Western Allied units (8.5)"
        if army == "soviet":
            artillery = [u for u in units if self.is_artillery(data, u)]
            nations = {self.counter(data, u).get("nationality", "soviet") for u in units} - {"soviet"}
            most_artillery = self.once(data, numbers.integer, f"{limits}.soviet.max_artillery_corps_per_hex", "Soviet artillery per hex (8.4)")
            limit = self.once(data, numbers.integer, f"{limits}.soviet.units", "the Soviet stacking limit (8.4)")
            fourth = 1 if self.once(data, numbers.flag, f"{limits}.soviet.fourth_unit_if_artillery", "a fourth Soviet unit if artillery (8.4)") else 0
            if len(artillery) > most_artillery:
                return f"more than {spelled(most_artillery)} Soviet artillery unit in a hex (8.4)"
            if len(units) > limit + fourth or (len(units) > limit and not artillery):
                return f"more than {spelled(limit)} Soviet units, or a {ordinal(limit + 1)} that is not artillery (8.4)"
            if len(nations) > 1:
                return "Soviet minor allies of different nations may not stack together (8.4)"
        return None

    def movement_allowance(self, data: GameData, state: dict, unit_id: str) -> int:
        allowance = self.printed_movement(data, state, unit_id)
        if allowance == 0:
            return 0                                                   # 10.4: zero-MF units never move
        turns = "game.turns"
        if self.is_mech(data, unit_id) and self.thaw(data, state):                                      # 10.21 thaw
            allowance += self.once(data, numbers.integer, f"{turns}.thaw.mechanized_movement_factor_change", "the Thaw's mech MF change (10.21)")
        german = self.army_of(data, unit_id) == "german"
        if german and state["turn"] >= self.once(data, numbers.integer, f"{turns}.german_movement_deterioration.from_turn", "the turn German MFs fall (10.26)"):
            allowance += self.once(data, numbers.integer, f"{turns}.german_movement_deterioration.movement_factor_change", "the German MF change (10.26)")
        if state.get("oil_lost") and german and self.is_mech(data, unit_id):                          # 7.2 Nagykanizsa lost
            allowance += self.once(data, numbers.integer, f"{turns}.german_oil.movement_factor_change", "the German mech MF change (7.2)")
        if unit_id in state.get("oos_at_start", ()):                  # 6.3, 6.4: halved, rounding up
            allowance = -(-allowance // 2)
        return max(allowance, 0)

    def printed_movement(self, data: GameData, state: dict, unit_id: str) -> int:
        """The printed movement factor of the unit's face (10.1)."""
        return int(self.factors(data, unit_id, state["units"][unit_id]["steps"])["movement"])

    def entry_cost(self, data: GameData, state: dict, unit_id: str, a: str, b: str) -> tuple[int | None, str]:
        """MP cost to move from a to b, or (None, reason with rule)."""
        grid = self.grid(data)
        if not grid.adjacent(a, b):
            return None, f"{a} and {b} are not adjacent (10.1)"
        terrain = self.terrain(data, b)
        if self.prohibited(data, b) or terrain in ("sea", "hook_of_holland"):
            return None, f"no unit may enter {b} ({'10.18' if terrain == 'hook_of_holland' else '10.17'})"
        features = self.hexside(data, a, b)
        if "lake" in features:
            return None, f"movement across the lake hexside {a}-{b} is impossible (10.15)"
        if "sea" in features:
            return None, f"no unit may cross the all-sea hexside {a}-{b} (10.17)"
        if self.enemies_in(data, state, b, self.army_of(data, unit_id)):
            return None, f"{b} contains enemy units (10.3)"
        if "atc" in features:                                          # 10.20 along the corridor
            return self.once(data, numbers.integer, "game.movement.atc.cost_per_hex", "the MP cost per ATC hex (10.20)"), ""
        cost = self.terrain_cost(data, unit_id, terrain)
        if {"river", "rhine"} & set(features):                             # 10.16; the Rhine costs as a river (11.16)
            cost += self.river_extra_mp(data, state, unit_id)
        return cost, ""

    def river_extra_mp(self, data: GameData, state: dict, unit_id: str) -> int:
        """10.16 the extra MP to cross a river hexside; 10.21 in the Thaw (errata: mech only)."""
        if self.thaw(data, state):
            key = "mech" if self.is_mech(data, unit_id) else "non_mech"
            return int(data.get(f"terrain.natural.river.movement.thaw_extra_mp.{key}"))
        return int(data.get("terrain.natural.river.movement.extra_mp"))

    def terrain_cost(self, data: GameData, unit_id: str, terrain: str) -> int:
        """10.10–10.14 and 10.19: cities and other manmade terrain cost as their natural terrain."""
        unit_type = self.counter(data, unit_id)["type"]
        path = f"terrain.natural.{terrain}.movement"
        exceptions = data.get(f"{path}.exceptions", default={}) or {}
        if unit_type in exceptions:
            return int(data.get(f"{path}.exceptions.{unit_type}"))
        key = "mech" if self.is_mech(data, unit_id) else "non_mech"
        return int(data.get(f"{path}.{key}", f"the {key} movement cost of {terrain}"))

    def confinement_problem(self, data: GameData, unit_id: str, path: list[str]) -> str | None:
        """10.24 Hungarian units never leave Hungary; 10.25 Italian Fascist units never leave Italy."""
        nationality = str(self.counter(data, unit_id).get("nationality"))
        home = {"hungarian": ("hungary", "10.24"), "italian_fascist": ("italy", "10.25")}.get(nationality)
        if not home:
            return None
        region, rule = home
        inside = self.region(data, region, rule)
        outside = [h for h in path[1:] if h not in inside]
        if outside:
            return f"{unit_id} is {nationality.replace('_', ' ')} and may never move out of {region.capitalize()} ({outside[0]}) ({rule})"
        return None

    def eighth_army_problem(self, data: GameData, state: dict, unit_id: str) -> str | None:
        """3.11: the Soviet 8th Army (the Soviet counter set up in its start hex) may never move
        until a German unit crosses the Dvina (a hexside with the feature `dvina`, map.hexsides)."""
        if self.army_of(data, unit_id) != "soviet" or state.get("dvina_crossed"):
            return None
        start = self.once(data, numbers.text, "game.movement.restrictions.soviet_8th_army_start", "the Soviet 8th Army's set-up hex (3.11)")
        setup = self.counter(data, unit_id).get("setup")
        if isinstance(setup, str) and setup == start:
            return f"{unit_id} is the Soviet 8th Army (set up in {start}) and may not move until a German unit crosses the Dvina (3.11)"
        return None

    def yugoslavia_problem(self, data: GameData, state: dict, unit_id: str, hexes: list[str], verb: str) -> str | None:
        """10.23: until a German-side unit moves next to Belgrade, no Grand Alliance unit but the
        Yugoslavs and the Bulgarians may enter Yugoslavia (a hex whose `region` is yugoslavia), and
        the Bulgarians only enter and attack its exterior border hexes (`yugoslav_exterior_border`)."""
        nationality = self.counter(data, unit_id).get("nationality")
        if self.army_of(data, unit_id) == "german" or (state.get("yugoslavia_open") and nationality != "yugoslavian"):
            return None
        if nationality == "yugoslavian":
            return self.yugoslav_unit_problem(data, state, unit_id, hexes)
        for hex_id in hexes:
            if self.hex_fact(data, hex_id, "region", f"the region of hex {hex_id} (10.23)") != "yugoslavia":
                continue
            self.belgrade(data)                   # without it nobody can tell whether the restrictions were lifted
            if nationality != "bulgarian":
                return (f"{unit_id} may not {verb} {hex_id} in Yugoslavia: only Bulgarians and Yugoslavs may until a "
                        "German-side unit moves next to Belgrade (10.23)")
            if self.hex_fact(data, hex_id, "yugoslav_exterior_border", f"whether {hex_id} is an exterior border hex of Yugoslavia (10.23)") is not True:
                return (f"{unit_id} is Bulgarian and may {verb} only exterior border hexes of Yugoslavia, not {hex_id}, until a "
                        "German-side unit moves next to Belgrade (10.23)")
        return None

    def yugoslav_unit_problem(self, data: GameData, state: dict, unit_id: str, hexes: list[str]) -> str | None:
        """10.23: "No Yugoslavian units may leave those countries until a Grand Alliance player turn
        begins wherein both Zagreb and Belgrade are Alliance controlled. Even then, Yugoslavian units
        may never move more than four hexes from the nearest Yugoslavia hex." """
        outside = [h for h in hexes if self.hex_fact(data, h, "region", f"the region of hex {h} (10.23)") != "yugoslavia"]
        if not outside:
            return None
        if not state.get("yugoslavs_free"):
            for name in ("Zagreb", "Belgrade"):           # without them nobody can tell whether they are free
                self.once(data, numbers.text, f"map.places.{name}.hex", f"{name}'s hex (10.23)")
            return (f"{unit_id} is Yugoslav and may not leave Yugoslavia ({outside[0]}) until a Grand Alliance player turn "
                    "begins with Zagreb and Belgrade both Alliance controlled (10.23)")
        most = self.once(data, numbers.integer, "game.movement.restrictions.yugoslavia.yugoslav_units.max_hexes_from_yugoslavia",
                               "how far Yugoslav units may go from Yugoslavia (10.23)")
        home = self.region(data, "yugoslavia", "10.23")
        grid = self.grid(data)
        for hex_id in outside:
            if min(grid.distance(hex_id, h) for h in home) > most:
                return f"{unit_id} is Yugoslav and may never move more than {spelled(most)} hexes from Yugoslavia ({hex_id}) (10.23)"
        return None

    def belgrade(self, data: GameData) -> str:
        return self.grid(data).canonical(self.once(data, numbers.text, "map.places.Belgrade.hex", "Belgrade's hex (10.23)"))

    def note_german_path(self, data: GameData, state: dict, path: list[str], events: list) -> None:
        """What a German-side unit's move, advance or mobile assault sets off: 3.11 the Dvina
        crossed; 10.23 next to Belgrade (known only if the data gives Belgrade's hex)."""
        self.note_dvina(data, state, path, events)
        if state.get("yugoslavia_open"):
            return
        try:
            belgrade = self.belgrade(data)
        except UnknownDataError:
            return                # never lifted here; an Alliance entry into Yugoslavia refuses naming the hex
        if any(self.grid(data).adjacent(h, belgrade) for h in path[1:]):
            state["yugoslavia_open"] = True
            events.append({"event": "yugoslavia_open", "rule": "10.23"})

    def note_dvina(self, data: GameData, state: dict, path: list[str], events: list) -> None:
        """3.11: a German unit moving or advancing across a Dvina hexside frees the 8th Army for good."""
        if state.get("dvina_crossed"):
            return
        for a, b in zip(path, path[1:]):
            if "dvina" in self.hexside(data, a, b):
                state["dvina_crossed"] = True
                events.append({"event": "dvina", "hexside": f"{a}-{b}", "rule": "3.11"})
                return

    def walk_problem(self, data: GameData, state: dict, unit_id: str, path: list[str],
                     must_end_at: Callable[[str], str | None] | None = None) -> tuple[str | None, Cost]:
        """10.1-10.3: the path hex by hex (no ZOC in Smithereens, 1.4), its MP cost or the first
        reason it is illegal."""
        grid = self.grid(data)
        for a, b in zip(path, path[1:]):
            if not grid.adjacent(a, b):
                return f"{unit_id}: {a} and {b} are not adjacent (10.1)", 0
        army = self.army_of(data, unit_id)
        if len(path) > 1 and self.other_camp_next_to(data, state, army, path[0]) and self.other_camp_next_to(data, state, army, path[1]):
            return (f"{unit_id} begins next to units of the other Alliance camp and may move only if the first hex it "
                    f"enters, {path[1]}, is not next to any of them (10.36 2)"), 0

        def stop(hex_id: str) -> str | None:
            if must_end_at is not None and must_end_at(hex_id):
                return must_end_at(hex_id)
            if self.other_camp_next_to(data, state, army, hex_id):
                return f"must stop next to units of the other Alliance camp, at {hex_id} (10.36 1)"
            return None

        result = walk(grid, unit_id, path, lambda a, b: self.entry_cost(data, state, unit_id, a, b),
                      allowance=self.movement_allowance(data, state, unit_id), rules=NO_ZOC, must_end_at=stop)
        return (f"{unit_id}: {result.problem}" if result.problem else None), result.spent

    def other_camp_next_to(self, data: GameData, state: dict, army: str, hex_id: str) -> bool:
        """10.36: is a unit of the other Alliance camp (Western Allied for a Soviet-side unit, and
        the reverse) next to hex_id? Never asked for German units."""
        other = {"soviet": "western", "western": "soviet"}.get(army)
        if other is None:
            return False
        grid = self.grid(data)
        return any(grid.adjacent(v["hex"], hex_id) and self.army_of(data, u) == other for u, v in state["units"].items())

    def entry_problem(self, data: GameData, state: dict, army: str, order: dict, arrivals: dict) -> str | None:
        """9.1–9.5: a reinforcement enters in its owner's movement phase, on or after its turn.
        `state` is not changed: the entering unit is tried on a copy."""
        unit_id, path = order.get("enter"), order.get("path")
        if set(order) != {"enter", "path"} or not isinstance(path, list) or not path:
            return "a reinforcement order is `enter: UNIT` with `path: [ENTRY HEX, ...]` (9.2)"
        if not isinstance(unit_id, str) or unit_id not in arrivals or arrivals[unit_id]["turn"] > state["turn"]:
            return f"{unit_id} is not a reinforcement available on turn {state['turn']} (9.1)"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit (9.2)"
        try:
            path = [self.grid(data).canonical(str(h)) for h in path]
        except ValueError as exc:
            return str(exc)
        if arrivals[unit_id].get("reclaimed"):                  # 9.13 (behaviour 6): a reclaimed Yugoslav unit
            if path[0] not in self.yugoslav_reentry_cities(data, state):
                return f"{unit_id} re-enters via an Alliance-controlled city in Yugoslavia, not {path[0]} (9.13)"
            kind: str | None = "city"
        else:
            kind = self.unit_entry_kind(data, state, army, unit_id, path[0])
        if kind is None:
            return f"{path[0]} is not an entry hex for {army} reinforcements ({'9.5' if army == 'german' else '9.3' if army == 'soviet' else '9.4'})"
        if self.enemies_in(data, state, path[0], army):
            return f"{path[0]} contains enemy units (9.4, 10.3)"
        trial = self.with_arrival(data, state, unit_id, path[0], arrivals[unit_id]["steps"])
        first = 0 if kind == "city" or self.is_city(data, path[0], "9.2") \
            else self.terrain_cost(data, unit_id, self.terrain(data, path[0]))      # 9.2 edge entry pays
        problem, spent = self.walk_problem(data, trial, unit_id, path)
        if problem:
            return problem
        allowance = self.movement_allowance(data, trial, unit_id)
        if first + spent > allowance and len(path) > 1:
            return f"{unit_id} needs {first + spent} MP to enter along this path but has {allowance} (9.2)"
        if "oos_at_start" in trial:                      # the caller's view of the phase, not the saved state
            state["oos_at_start"] = trial["oos_at_start"]
        return None

    def unit_entry_kind(self, data: GameData, state: dict, army: str, unit_id: str, hex_id: str) -> str | None:
        """Where this unit may enter (9.2-9.5; 14.10 the Vlassov Army: wwiii.py)."""
        return self.entry_kind(data, state, army, hex_id)

    def with_arrival(self, data: GameData, state: dict, unit_id: str, hex_id: str, steps: int) -> dict:
        """A copy of `state` with a reinforcement in its entry hex (9.2: it may enter unsupplied, 6.4)."""
        trial = dict(state, units={**state["units"], unit_id: {"hex": hex_id, "steps": steps}})
        if not self.in_supply(data, trial, unit_id, hex_id):
            trial["oos_at_start"] = sorted(set(state.get("oos_at_start", [])) | {unit_id})
        return trial

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        """Replacements (9.9), reinforcements (9.2), fortresses (11.19), moves (10.x), then
        stacking at the end of the phase (8.2); tried on a view of the phase, never on `state`."""
        view = self.movement_view(data, state)
        problems = self.check_move_orders(data, view, state["army"], orders, set())
        if not problems:
            problems += self.end_stacking_problems(data, view)
        if not problems:
            self.trial_apply(data, state, side, orders, self.apply_movement)
        return problems

    def movement_view(self, data: GameData, state: dict) -> dict:
        """A copy of the position the phase's orders are tried on, with what the phase's start fixes."""
        army = state["army"]
        view = dict(state, units={u: dict(v) for u, v in state["units"].items()})
        # 6.4: supply is checked at the start of each unit's movement; 6.17 Baltic mech halve too
        view["oos_at_start"] = sorted(self.oos_units(data, state, [u for u in state["units"] if self.army_of(data, u) == army])
                                      + self.baltic_mech(data, state, army))
        view["fortresses"] = list(state.get("fortresses", []))
        view["spent"] = {}                    # MP a unit spent earlier this phase (12.9)
        return view

    def check_move_orders(self, data: GameData, view: dict, army: str, orders: list, moved: set[str]) -> list[Problem]:
        """Each order in turn on `view` (each sees the earlier ones); `moved`: units whose move is over."""
        arrivals = {u: dict(v) for u, v in view["reinforcements"].items()}
        problems = self.check_replacements(data, view, army, orders, arrivals)
        for index, order in enumerate(orders):
            if "replace" in order:
                continue
            if "enter" in order:
                reason = self.entry_problem(data, view, army, order, arrivals)
                if not reason:
                    path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                    view["units"][order["enter"]] = {"hex": path[-1], "steps": arrivals.pop(order["enter"])["steps"]}
            elif self.special_key(data, order):              # 10.28-10.35 (strategic.py)
                reason = self.special_problem(data, view, army, order, moved)
            elif "declare_fortress" in order and "player_turn" in order:     # 11.19 for a later player turn (fortress.py)
                reason = self.later_fortress_problem(data, view, army, order)
            elif "declare_fortress" in order:
                reason = self.fortress_problem(data, view, army, order, set(view["fortresses"]))
                if not reason:
                    view["fortresses"].append(self.grid(data).canonical(str(order["declare_fortress"])))
            else:
                reason = self.move_problem(data, view, army, order, moved)
            if reason:
                problems.append(Problem(index, reason))
        return problems

    def end_stacking_problems(self, data: GameData, view: dict, when: str = "at the end of movement", rule: str = "8.2") -> list[Problem]:
        problems = []
        for hex_id, units in sorted(self.stacks(view).items()):
            reason = self.stacking_problem(data, units)
            if reason:
                problems.append(Problem(None, f"hex {hex_id} is overstacked {when}: {reason} ({rule})"))
        return problems

    def special_key(self, data: GameData, order: dict) -> str | None:
        """The special movement an order begins (strategic.py, behaviour 3); None here."""
        return None

    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        raise NotImplementedError

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        raise NotImplementedError

    def later_fortress_problem(self, data: GameData, view: dict, army: str, order: dict) -> str | None:
        """11.19 a declaration for a later player turn (fortress.py, behaviour 4); refused here, as before."""
        return self.fortress_problem(data, view, army, order, set(view["fortresses"]))

    def note_later_fortress(self, data: GameData, state: dict, order: dict) -> None:
        raise NotImplementedError

    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        """One `move:` order (10.1-10.7, 10.24-10.25, 11.19); a legal move updates `view`."""
        unit_id, path = order.get("move"), order.get("path")
        if "attack" in order:              # 5.1: prepared assaults come after the Movement Phase
            return ("`attack:` is a prepared assault, ordered in the Prepared Assault Phase that follows this Movement "
                    "Phase (5.1, 11.1): sign it then; here a movement order is `move: UNIT` with `path: [HEX, ...]`")
        if set(order) - {"move", "path"} or not isinstance(unit_id, str) or not isinstance(path, list) or not path:
            return "a movement order is `move: UNIT` with `path: [HEX, ...]`"
        if unit_id not in view["units"]:
            return f"no unit {unit_id!r} on the map"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit; only the phasing side moves (5.1)"
        if unit_id in moved:
            return f"{unit_id} is ordered to move twice (10.6)"
        moved.add(unit_id)
        try:
            path = [self.grid(data).canonical(str(h)) for h in path]
        except ValueError as exc:
            return str(exc)
        here = view["units"][unit_id]["hex"]
        if path[0] != here:
            return f"{unit_id}'s path must start at its hex {here}"
        if len(path) == 1:
            return None
        fortresses = set(view["fortresses"]) if army == "german" else set()
        if path[0] in fortresses:
            return f"{unit_id} is in the fortress {path[0]} and may not leave it (11.19)"
        confined = self.confinement_problem(data, unit_id, path) or self.eighth_army_problem(data, view, unit_id) \
            or self.yugoslavia_problem(data, view, unit_id, path[1:], "enter")
        if confined:
            return confined
        if int(self.factors(data, unit_id, view["units"][unit_id]["steps"])["movement"]) == 0:
            return f"{unit_id} has a printed movement factor of 0 and never moves (10.4)"

        def fortress_stop(hex_id: str) -> str | None:
            return f"must stop in the fortress it enters, {hex_id} (11.19)" if hex_id in fortresses else None

        problem, spent = self.walk_problem(data, view, unit_id, path, fortress_stop)
        if problem:
            return problem
        allowance = self.movement_allowance(data, view, unit_id)
        before = int(view["spent"].get(unit_id, 0))          # 12.9: going on after a mobile assault
        if before + spent > allowance and (len(path) > 2 or before):
            return (f"{unit_id} needs {spent} MP for this path but has {allowance - before} "
                    f"({'12.9' if before else '10.2; 10.4 guarantees one hex only'})")
        view["units"][unit_id]["hex"] = path[-1]
        return None

    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        army = state["army"]
        notes = [self.awaiting(state).phase, "Give each unit's path from its hex; a path of one hex means it stays (10.2)."]
        if army == "german":
            notes.append("German: `- declare_fortress: HEX` makes an occupied start-German city a fortress (11.19).")
        notes.append("Replacements first (9.9): `- replace: UNIT` with `steps: N`; reinforcements: `- enter: UNIT` with `path: [ENTRY HEX, ...]` (9.2).")
        for unit_id, entry in sorted(state["reinforcements"].items()):
            if self.army_of(data, unit_id) == army and entry["turn"] <= state["turn"]:
                notes.append(f"  reinforcement available: {unit_id} ({entry['steps']} steps)" + (" — must enter now or is lost (9.1)" if army == "german" else ""))
        orders = [{"move": unit_id, "path": [unit["hex"]]} for unit_id, unit in sorted(state["units"].items()) if self.army_of(data, unit_id) == army]
        return {"notes": notes, "orders": orders}

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        """Replacements (9.9), then reinforcements, fortress declarations and moves in the order given."""
        events: list[dict] = []
        self.apply_replacements(data, state, orders, dice, events)
        self.apply_move_orders(data, state, orders, dice, events)
        self.end_movement(data, state, events)
        return events

    def apply_move_orders(self, data: GameData, state: dict, orders: list, dice: Dice, events: list) -> None:
        army = state["army"]
        for order in orders:
            if "replace" in order:
                continue
            if "enter" in order:
                path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                entry = state["reinforcements"].pop(order["enter"])
                state["units"][order["enter"]] = {"hex": path[-1], "steps": entry["steps"]}
                events.append({"event": "enter", "unit": order["enter"], "path": path, "rule": "9.2"})
                for hex_id in path:
                    self.enter_hex(data, state, hex_id, army, events, dice)
            elif self.special_key(data, order):              # 10.28-10.35 (strategic.py)
                self.pick_up(data, state, order, events)
            elif "declare_fortress" in order and "player_turn" in order:     # 11.19 for a later player turn (fortress.py)
                self.note_later_fortress(data, state, order)
            elif "declare_fortress" in order:
                hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
                state["fortresses"] = sorted(set(state["fortresses"]) | {hex_id})
                events.append({"event": "fortress", "hex": hex_id, "rule": "11.19"})
            elif len(order["path"]) > 1:
                path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                state["units"][order["move"]]["hex"] = path[-1]
                events.append({"event": "move", "unit": order["move"], "path": path})
                if army == "german":
                    self.note_german_path(data, state, path, events)
                for hex_id in path[1:]:
                    self.enter_hex(data, state, hex_id, army, events, dice)

    def end_movement(self, data: GameData, state: dict, events: list) -> None:
        if state["army"] == "german":
            self.forfeit_reinforcements(data, state, events)
        state["phase"] = "assault"
        state["last_combats"] = []
