"""10.27-10.35 special movement (behaviour 3): German strategic movement, German Baltic Sea
movement, Western Allied inter-theater transfer; and 7.5 (1), (2): they end at the collapse.

5.3: "the German and Western Allied forms of special movement "wrap around" their Prepared
Assault Phases". In the first orders file of a Movement Phase (after replacements and
reinforcements, before any move) the phasing player picks units up from the map:
- `strategic: UNIT` (German, 10.28, 10.29): into the strategic movement holding box;
- `embark: UNIT` (German, 10.30, 10.31): to sea, from the Baltic coastal hex it stands in;
- `transfer: UNIT` (Western, 10.35): off the map, between the Italian and Western Fronts.
They wait in state["off_map"] (public: the box is printed on the map) through the Prepared
Assault Phase; then, before the next player turn, the same player's signed file (phase
`redeploy`) puts every one of them back:
- `place: UNIT` with `at: HEX` for strategic movement (10.29) and transfers (10.35);
- `land: UNIT` with `path: [LANDING HEX, ...]` for sea movement (10.32-10.34): a unit that
  embarked and lands in ports goes on along its path with its movement factor, paying nothing to
  leave or land (10.32); any other lands and stops, a two-step mech unit reduced to one step.
Strategic placements come first, then the landings (10.31), whatever the file's order.

Readings (docs/smithereens.md): a unit taking replacements or entering as a reinforcement in the
same phase may not be picked up by strategic movement only if it entered (it did not start the
phase on the map, 10.29); "into/out of Italy" is a pick-up hex and a placement hex on either side
of the Italy region (10.27), and only non-mech units may; a unit already picked up when the
economy collapses still comes back (7.5 ends the capability, not a move under way).
"""

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .components import camp, spelled
from .flak import FlakRules

SPECIAL = {"strategic": ("german", "10.29"), "embark": ("german", "10.31"), "transfer": ("western", "10.35")}
STRATEGIC = "game.turns.german_strategic_movement"
BALTIC = "game.turns.german_baltic_sea_movement"
TRANSFER = "game.turns.western_inter_theater_transfer"
LINES = {
    "strategic": "{unit} leaves {hex} for the strategic movement holding box ({rule})",
    "embark": "{unit} embarks at {hex} for Baltic Sea movement ({rule})",
    "transfer": "{unit} leaves {hex} for an inter-theater transfer ({rule})",
    "redeployed": "{unit} placed in {hex} ({rule})",
    "landed": "{unit} lands at {hex}{onward} ({rule})",
    "atc_entered": "An Alliance unit entered the ATC at {hex}: no more German strategic movement into or out of Italy (10.27)",
    "port_lost": "The Baltic port {hex} is occupied by an Alliance unit and is a port no more (10.34)",
}


class SpecialMovementRules(FlakRules):
    # -- the pick-up, in the Movement Phase's first file ----------------------------------------
    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        """One pick-up order (10.28-10.31, 10.35, 7.5); a legal one takes the unit off `view`."""
        key = str(self.special_key(data, order))
        owner, rule = SPECIAL[key]
        unit_id = order.get(key)
        if set(order) != {key} or not isinstance(unit_id, str):
            return f"a special movement order is `{key}: UNIT` alone ({rule})"
        if army != owner:
            return f"only the {owner.capitalize()} {'Allied ' if owner == 'western' else ''}player may use `{key}:` ({rule})"
        if unit_id not in view["units"] or self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit on the map ({rule})"
        if view.get("mobile"):
            return "special movement begins at the start of the Movement Phase, in its first orders file (5.3)"
        if unit_id in view["reinforcements"] or unit_id in moved:
            return f"{unit_id} did not start the Movement Phase where it is: special movement begins before any move (5.3, {rule})"
        if int(self.factors(data, unit_id, view["units"][unit_id]["steps"])["movement"]) == 0:
            return f"{unit_id} has a printed movement factor of 0 and never leaves its hex (10.4)"
        here = view["units"][unit_id]["hex"]
        if army == "german" and here in view["fortresses"]:
            return f"{unit_id} is in the fortress {here} and may not leave it (11.19)"
        taken = [u for u, v in view["off_map"].items() if v["by"] == key]
        reason = (self.strategic_pickup_problem(data, view, unit_id, here, taken) if key == "strategic"
                  else self.embark_problem(data, view, unit_id, here, taken) if key == "embark"
                  else self.transfer_pickup_problem(data, view, unit_id, here, taken))
        if reason:
            return reason
        view["off_map"][unit_id] = {"by": key, "hex": here, "steps": view["units"].pop(unit_id)["steps"]}
        return None

    def strategic_pickup_problem(self, data: GameData, view: dict, unit_id: str, here: str, taken: list[str]) -> str | None:
        """10.28: six units on turns 2-3, three on 4-5, none later or after the collapse (7.5 (1));
        10.29: in direct overland supply to a German-controlled Ruhr City hex."""
        if view.get("collapsed"):
            return "German strategic movement ended with the economic collapse (7.5 (1), 10.28)"
        table = f"{STRATEGIC}.max_units_by_turn"
        given = data.get(table, "the German strategic movement allowance by turn (10.28)")
        value = unwrap(given.get(str(view["turn"]), given.get("later"))) if isinstance(given, dict) else "unknown"
        if not isinstance(value, int) or isinstance(value, bool):
            raise UnknownDataError(f"{table}.{view['turn']}", f"how many units may move strategically on turn {view['turn']} (10.28)",
                                   "the rulebook (10.28)", data.override_file)
        if len(taken) >= value:
            return (f"no more than {spelled(value)} German units may move strategically on Game Turn {view['turn']} (10.28)"
                    if value else f"no German strategic movement on Game Turn {view['turn']} (10.28)")
        if not self.ruhr_supplied(data, view, here):
            return f"{unit_id} is not in direct overland supply to a German-controlled Ruhr City hex (10.29)"
        return None

    def embark_problem(self, data: GameData, view: dict, unit_id: str, here: str, taken: list[str]) -> str | None:
        """10.30: from turn 2 until the collapse (7.5 (2)), up to six units a player turn, each
        starting in a Baltic Sea coastal hex of the 3600-3403E range; 10.31: each step of a mech
        unit counts as one unit."""
        if view.get("collapsed"):
            return "German Baltic Sea movement ended with the economic collapse (7.5 (2), 10.30)"
        first = self.once(data, numbers.integer, f"{BALTIC}.from_turn", "the first turn of German Baltic Sea movement (10.30)")
        if view["turn"] < first:
            return f"German Baltic Sea movement starts on Game Turn {first} (10.30)"
        if here not in self.region(data, "baltic_coast_german_range", "10.30"):
            return f"{unit_id} is not in a Baltic Sea coastal hex between 3600 and 3403E ({here}) (10.30)"
        most = self.once(data, numbers.integer, f"{BALTIC}.max_units_per_player_turn", "the most units moving by sea each player turn (10.30)")
        used = sum(self.sea_units(data, u, view["off_map"][u]["steps"]) for u in taken)
        if used + self.sea_units(data, unit_id, view["units"][unit_id]["steps"]) > most:
            return f"no more than {spelled(most)} units may move by sea each player turn, each step of a mech unit one unit ({unit_id}) (10.30, 10.31)"
        return None

    def sea_units(self, data: GameData, unit_id: str, steps: int) -> int:
        return steps if self.is_mech(data, unit_id) else 1              # 10.31

    def transfer_pickup_problem(self, data: GameData, view: dict, unit_id: str, here: str, taken: list[str]) -> str | None:
        """10.35: from turn 2, two units a turn, each in direct overland supply to a board edge
        source hex or Antwerp."""
        first = self.once(data, numbers.integer, f"{TRANSFER}.from_turn", "the first turn of Western inter-theater transfers (10.35)")
        if view["turn"] < first:
            return f"Western Allied inter-theater transfers start on Game Turn {first} (10.35)"
        most = self.once(data, numbers.integer, f"{TRANSFER}.max_units_per_turn", "the most units transferred each turn (10.35)")
        if len(taken) >= most:
            return f"no more than {spelled(most)} units may transfer between the Italian and Western Fronts each turn (10.35)"
        if state_level(view) == "standard" and not self.western_supply(data, view, here, coastal=False):
            return f"{unit_id} is not in direct overland supply to a board edge source hex or Antwerp (10.35)"
        return None

    def ruhr_supplied(self, data: GameData, state: dict, hex_id: str) -> bool:
        """Direct overland supply to a German-controlled Ruhr City hex (10.29, 9.9); the beginner
        level traces no supply (6.0 Beginners Note)."""
        if state_level(state) != "standard":
            return True
        ruhr = {h for h in self.ruhr_cities(data) if self.controller(data, state, h, "10.29") == "german"}
        return self.line(data, state, hex_id, "german", lambda h: h in ruhr, self.beyond_german_limit(data), ("6.15", frozenset(ruhr)))

    # -- the movement phase's orders ------------------------------------------------------------
    def movement_view(self, data: GameData, state: dict) -> dict:
        view = super().movement_view(data, state)
        view["off_map"] = {u: dict(v) for u, v in state.get("off_map", {}).items()}
        return view

    def special_key(self, data: GameData, order: dict) -> str | None:
        """Which special movement an order begins (behaviour 3; before it, such an order is refused
        as a malformed move, as it always was)."""
        key = next((k for k in SPECIAL if k in order), None)
        return key if key and self.plays(data, 3) else None

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        key = str(self.special_key(data, order))
        unit_id = str(order[key])
        unit = state["units"].pop(unit_id)
        off_map = {**state.get("off_map", {}), unit_id: {"by": key, "hex": unit["hex"], "steps": unit["steps"]}}
        state["off_map"] = dict(sorted(off_map.items()))
        events.append({"event": key, "unit": unit_id, "hex": unit["hex"], "rule": SPECIAL[key][1]})

    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().movement_template(data, state, side)
        if self.plays(data, 3) and not state.get("mobile"):
            army = state["army"]
            if army == "german":
                template["notes"].append("Special movement first (5.3): `- strategic: UNIT` (10.28, 10.29), `- embark: UNIT` "
                                         "(Baltic Sea, 10.30); they come back after the Prepared Assault Phase.")
            if army == "western":
                template["notes"].append("Special movement first (5.3): `- transfer: UNIT` (10.35); at the standard level "
                                         "`- airdrop_supply: HEX` (6.10), `- airdrop_keeper: UNIT` if its stack splits.")
        return template

    def printed_movement(self, data: GameData, state: dict, unit_id: str) -> int:
        """10.27 (2): "All German-side units with printed MFs greater than 4 starting their
        movement in Italy are considered to have printed MFs of 4" (10.26, 7.2, 6.3 apply to that)."""
        printed = super().printed_movement(data, state, unit_id)
        if not self.plays(data, 3) or self.army_of(data, unit_id) != "german":
            return printed
        start = (state.get("mobile") or {}).get("began", {}).get(unit_id, state["units"][unit_id]["hex"])
        most = self.once(data, numbers.integer, "game.movement.restrictions.italy_theater.printed_movement_factor_max",
                               "the printed MF German-side units starting in Italy count at most (10.27)")
        if printed > most and not self.off_sheet(data, start, "italy") and start in self.region(data, "italy", "10.27"):
            return most
        return printed

    def off_sheet(self, data: GameData, hex_id: str, region: str) -> bool:
        """Whether hex_id lies on the other map sheet than the whole of `region` (2.3: eastern-map ids
        carry the suffix E), so that the region's hexes are not needed to tell it is outside."""
        sheet = self.once(data, numbers.text, f"map.regions.{region}.map_sheet", f"the map sheet of {region} (2.3)")
        return ("east" if self.grid(data).canonical(hex_id).endswith("E") else "west") != sheet

    def enter_hex(self, data: GameData, state: dict, hex_id: str, army: str, events: list, dice: Dice | None = None) -> None:
        """10.34: an Alliance ground unit in a Baltic port ends it as a port; 10.27 (3): one in an
        ATC hex ends German strategic movement into and out of Italy (known where the data lists
        the ATC's hexes: otherwise that movement is refused naming them)."""
        super().enter_hex(data, state, hex_id, army, events, dice)
        if not self.plays(data, 3):
            return
        if army == "german" and hex_id == self.grid(data).canonical(self.antwerp(data)):
            state["antwerp_entered"] = True          # 10.35: at any level (6.9 records it at the standard level only)
        if camp(army) != "alliance":
            return
        if hex_id in self.baltic_ports(data) and hex_id not in state.get("ports_closed", []):
            state["ports_closed"] = sorted([*state.get("ports_closed", []), hex_id])
            events.append({"event": "port_lost", "hex": hex_id, "rule": "10.34"})
        if not state.get("atc_entered"):
            atc = self.region_if_known(data, "atc", "10.27")
            if atc is None:
                return
            if hex_id in atc:
                state["atc_entered"] = True
                events.append({"event": "atc_entered", "hex": hex_id, "rule": "10.27"})

    def baltic_ports(self, data: GameData) -> set[str]:
        """10.34: the German's Baltic Sea ports at the start of play."""
        def build() -> set[str]:         # once per data, as region() (issue 13: every hex entered asks)
            ports = data.get(f"{BALTIC}.ports.at_start", "the German Baltic Sea ports (10.34)")
            return {self.grid(data).canonical(str(unwrap(p["hex"]))) for p in ports}
        return data.derived("smithereens.baltic_ports", build)

    # -- the end of the player turn: every unit off the map comes back --------------------------
    def end_player_turn(self, data: GameData, state: dict, events: list) -> None:
        if state.get("off_map") and state["phase"] != "redeploy":
            state["phase"] = "redeploy"                 # 10.29, 10.31, 10.35: after the Prepared Assault Phase
            state["pending"] = []
            events.append({"event": "awaiting_redeploy", "units": sorted(state["off_map"]), "rule": "5.3"})
            return
        super().end_player_turn(data, state, events)

    def redeploy_label(self, state: dict) -> str:
        return f"Turn {state['turn']} {state['army'].capitalize()} special movement ends (10.29, 10.31, 10.35)"

    def redeploy_template(self, data: GameData, state: dict, side: str) -> dict:
        notes = [self.awaiting(state).phase,
                 "Put every unit back: `place: UNIT` with `at: HEX` (strategic movement 10.29, transfers 10.35); "
                 "`land: UNIT` with `path: [LANDING HEX, ...]` (Baltic Sea movement 10.32-10.34)."]
        orders: list = []
        for unit_id, entry in state["off_map"].items():
            notes.append(f"  {unit_id}: {entry['by']} from {entry['hex']} ({entry['steps']} steps)")
            orders.append({"land": unit_id, "path": ["HEX"]} if entry["by"] == "embark" else {"place": unit_id, "at": "HEX"})
        return {"notes": notes, "orders": orders}

    def check_redeploy(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        view = dict(state, units={u: dict(v) for u, v in state["units"].items()}, fortresses=list(state["fortresses"]))
        view["spent"] = {}
        problems: list[Problem] = []
        named: set[str] = set()
        places = [(i, o) for i, o in enumerate(orders) if "place" in o]
        lands = [(i, o) for i, o in enumerate(orders) if "land" in o]
        italy_moves = 0
        for index, order in enumerate(orders):
            if not ("place" in order or "land" in order):
                problems.append(Problem(index, "special movement ends with `place: UNIT` / `at: HEX` or `land: UNIT` / `path: [HEX, ...]` (10.29, 10.31)"))
        before = {u: dict(v) for u, v in state["units"].items()}
        for index, order in places + lands:
            unit_id = order.get("place", order.get("land"))
            entry = state["off_map"].get(unit_id) if isinstance(unit_id, str) else None
            if entry is None or unit_id in named:
                problems.append(Problem(index, f"{unit_id} is not a unit waiting to come back, or is named twice (10.29, 10.31, 10.35)"))
                continue
            named.add(unit_id)
            wanted = "land" if entry["by"] == "embark" else "place"
            if wanted not in order:
                problems.append(Problem(index, f"{unit_id} {'moved by sea and lands with `land:`' if wanted == 'land' else 'comes back with `place:`'} (10.29, 10.31, 10.35)"))
                continue
            try:
                reason = (self.landing_problem(data, view, unit_id, entry, order) if wanted == "land"
                          else self.placement_back_problem(data, view, before, unit_id, entry, order))
            except ValueError as exc:
                reason = str(exc)
            if not reason and entry["by"] == "strategic":
                target = view["units"][unit_id]["hex"]
                italy = self.region(data, "italy", "10.27")
                if (entry["hex"] in italy) != (target in italy):
                    italy_moves += 1
                    reason = self.italy_strategic_problem(data, state, unit_id, italy_moves)
            if reason:
                problems.append(Problem(index, reason))
        for unit_id in sorted(set(state["off_map"]) - named):
            problems.append(Problem(None, f"{unit_id} must come back onto the map now (10.29, 10.31, 10.35)"))
        if not problems:
            problems += self.end_stacking_problems(data, view, "when special movement ends", "10.29")
        if not problems:
            self.trial_apply(data, state, side, orders, self.apply_redeploy)
        return problems

    def italy_strategic_problem(self, data: GameData, state: dict, unit_id: str, count: int) -> str | None:
        """10.27 (1), (3): two non-mech units a turn into or out of Italy, none once an Alliance
        unit has entered the ATC (the ATC's hexes must be known to tell)."""
        if not state.get("atc_entered"):
            self.region(data, "atc", "10.27")
        else:
            return "no German strategic movement into or out of Italy once an Alliance unit has entered the ATC (10.27)"
        most = self.once(data, numbers.integer, f"{STRATEGIC}.italy.max_non_mech_units_into_or_out_of_italy_per_turn",
                               "the most units moving strategically into or out of Italy each turn (10.27)")
        mech = self.once(data, numbers.flag, f"{STRATEGIC}.italy.mech_units_may_move_into_or_out_of_italy",
                            "whether mech units may move strategically into or out of Italy (10.27)")
        if count > most or (not mech and self.is_mech(data, unit_id)):
            return f"no more than {spelled(most)} non-mech units a turn may use strategic movement into or out of Italy ({unit_id}) (10.27)"
        return None

    def placement_back_problem(self, data: GameData, view: dict, before: dict, unit_id: str, entry: dict, order: dict) -> str | None:
        """10.29 re-entry of a strategically moved unit; 10.35 a transferred one's placement."""
        if set(order) != {"place", "at"}:
            return "`place: UNIT` with `at: HEX` (10.29, 10.35)"
        target = self.grid(data).canonical(str(order["at"]))
        army = self.army_of(data, unit_id)
        if self.enemies_in(data, view, target, army):
            return f"{target} contains enemy units (10.3)"
        if entry["by"] == "strategic":
            path = [entry["hex"], target]
            reason = self.confinement_problem(data, unit_id, path)
            if reason:
                return reason
            city = self.is_city(data, target, "10.29")
            if city and self.controller(data, view, target, "10.29") != "german":
                return f"{target} is not a German-controlled city (10.29)"
            if not city and not any(v["hex"] == target and self.army_of(data, u) == "german" for u, v in before.items()):
                return f"{unit_id} may re-enter only in a German-controlled city or a hex already holding German units, not {target} (10.29)"
            if not self.ruhr_supplied(data, view, target):
                return f"{target} is not in direct overland supply to a German-controlled Ruhr City hex (10.29)"
        else:
            reason = self.transfer_target_problem(data, view, unit_id, entry["hex"], target)
            if reason:
                return reason
        view["units"][unit_id] = {"hex": target, "steps": entry["steps"]}
        return None

    def transfer_target_problem(self, data: GameData, view: dict, unit_id: str, origin: str, target: str) -> str | None:
        """10.35: onto a board edge supply source hex or Antwerp (not if it was ever enemy
        controlled) of the other front: from Italy to the Western Front, or the reverse."""
        italy = self.region(data, "italy", "10.35")
        if origin in italy:
            lost = view["antwerp_lost"] or view.get("antwerp_entered")
            sources = self.region(data, "france_west_edge", "10.35") | (set() if lost else {self.grid(data).canonical(self.antwerp(data))})
            front = "the Western Front (a French west edge hex, or Antwerp if never enemy controlled)"
        else:
            sources = self.region(data, "italy_south_edge", "10.35")
            front = "the Italian Front (an Italian south edge hex)"
        if target not in sources:
            return f"{unit_id} transfers from {origin} onto a board edge supply source of {front}, not {target} (10.35)"
        return None

    def landing_problem(self, data: GameData, view: dict, unit_id: str, entry: dict, order: dict) -> str | None:
        """10.32-10.34: a Baltic Sea coastal hex farther west than the embarkation hex; from port
        to port the unit goes on moving on land with its movement factor, else it stops there."""
        path = order.get("path")
        if set(order) != {"land", "path"} or not isinstance(path, list) or not path:
            return "`land: UNIT` with `path: [LANDING HEX, ...]` (10.31, 10.32)"
        grid = self.grid(data)
        path = [grid.canonical(str(h)) for h in path]
        landing, origin = path[0], entry["hex"]
        coast = self.region(data, "baltic_sea_coastal_hexes", "10.33") | self.baltic_ports(data)
        if landing not in coast:
            return f"{unit_id} may land only in a Baltic Sea coastal hex, not {landing} (10.31)"
        if grid.parse(landing)[0] >= grid.parse(origin)[0]:
            return f"{unit_id} embarked at {origin} and may land only in hexes farther to the west, not {landing} (10.33)"
        if self.enemies_in(data, view, landing, "german"):
            return f"{landing} contains enemy units (10.3)"
        reason = self.confinement_problem(data, unit_id, [origin, *path])
        if reason:
            return reason
        ports = self.open_ports(data, view)
        by_port = origin in ports and landing in ports
        steps = entry["steps"] if by_port or not self.is_mech(data, unit_id) else 1      # 10.32: reduced on landing
        trial = self.with_arrival(data, view, unit_id, landing, steps)
        if len(path) > 1:
            if not by_port:
                return f"{unit_id} embarked or landed in a non-port hex and may not move farther this player turn (10.32)"
            if landing in view["fortresses"]:
                return f"{unit_id} landed in the fortress {landing} and may not leave it (11.19)"
            problem, spent = self.walk_problem(data, trial, unit_id, path,
                                               lambda h: f"must stop in the fortress it enters, {h} (11.19)" if h in view["fortresses"] else None)
            if problem:
                return problem
            allowance = self.movement_allowance(data, trial, unit_id)
            if spent > allowance and len(path) > 2:
                return f"{unit_id} needs {spent} MP for this path but has {allowance} (10.32)"
        view["units"] = trial["units"]
        view["units"][unit_id] = {"hex": path[-1], "steps": steps}
        return None

    def open_ports(self, data: GameData, state: dict) -> set[str]:
        """10.34: the ports at the start of play not yet occupied by an Alliance ground unit."""
        return self.baltic_ports(data) - set(state.get("ports_closed", []))

    def apply_redeploy(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        grid = self.grid(data)
        ports = self.open_ports(data, state)
        for order in sorted(orders, key=lambda o: 0 if "place" in o else 1):      # 10.31: landings after placements
            if "place" in order:
                unit_id = str(order["place"])
                entry = state["off_map"].pop(unit_id)
                target = grid.canonical(str(order["at"]))
                state["units"][unit_id] = {"hex": target, "steps": entry["steps"]}
                events.append({"event": "redeployed", "unit": unit_id, "hex": target, "rule": "10.29" if entry["by"] == "strategic" else "10.35"})
                self.enter_hex(data, state, target, self.army_of(data, unit_id), events, dice)
                continue
            unit_id = str(order["land"])
            entry = state["off_map"].pop(unit_id)
            path = [grid.canonical(str(h)) for h in order["path"]]
            by_port = entry["hex"] in ports and path[0] in ports
            steps = entry["steps"] if by_port or not self.is_mech(data, unit_id) else 1
            state["units"][unit_id] = {"hex": path[-1], "steps": steps}
            onward = f" and moves {' → '.join(path)}" if len(path) > 1 else ("" if steps == entry["steps"] else ", reduced to one step")
            events.append({"event": "landed", "unit": unit_id, "hex": path[0], "path": path, "steps": steps, "onward": onward,
                           "rule": "10.32"})
            self.note_german_path(data, state, path, events)
            for hex_id in path:
                self.enter_hex(data, state, hex_id, "german", events, dice)
        state.pop("off_map")
        self.end_player_turn(data, state, events)
        return events

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] in LINES:
                blocks.append(("item", LINES[event["event"]].format_map({"onward": "", **event})))
            elif event["event"] == "awaiting_redeploy":
                blocks.append(("p", f"Special movement ends after the Prepared Assault Phase: {', '.join(event['units'])} come back (5.3)."))
            else:
                blocks += super().describe(data, state, [event])
        return blocks


def state_level(state: dict) -> str:
    return str(state.get("level"))


