"""Smithereens: The End of WWII in Europe.

Rule numbers refer to ../shared/rulebooks/smithereens.txt. Every number this module needs
comes from rules/smithereens/*.yaml (rulebook values) or the campaign's data override (the
map's terrain, the counters' factors, the CRT rows the text lacks); a missing one stops the
step with UnknownDataError before any die is rolled.

What is enforced and the order syntax players write: docs/smithereens.md. What is not is the
`not_enforced` list below, written into every campaign header and report. Supply and mobile
assaults are left out as at the rulebook's own beginner level (5.1 and 6.0 Beginners Notes).
"""

from ..dice import Dice
from ..errors import PbemError, UnknownDataError
from ..gamedata import GameData, unwrap
from ..hexgrid import GridSpec, hexside_key, trace_supply
from .base import Awaiting, GameModule, MapUnit, Outcome, Problem

ARMIES = ("soviet", "western", "german")
ALLIANCE = ("soviet", "western")
THAW_TURNS = (5, 6)                  # 10.21
GERMAN_DETERIORATION_TURN = 4        # 10.26
VICTORY_THRESHOLD = 6                # 4.4: the German wins with more than 6 VPs
ARTILLERY = ("soviet_artillery", "artillery")
RUHR_CITIES = ("2207", "2306", "2406", "2407")                  # 4.2 Design Note, 6.14
BERLIN = "3611"                                                  # 7.3
NO_REPLACEMENTS = ("hungarian", "italian_fascist", "romanian", "polish_communist", "bulgarian")   # 9.9
NEVER_RECLAIMED = ("soviet_artillery", "artillery", "soviet_cavalry_mechanized_group")           # 9.10
REPLACEMENT_RATES = {   # 9.12-9.14: steps per game turn, and per-group caps
    "soviet": {"steps": 4, "caps": {"mech": 2}},
    "western": {"steps": 4, "caps": {"commonwealth": 1, "french": 1}},
}
PHASE_NAMES = {"movement": "movement", "assault": "prepared assaults", "response": "loss choices",
               "placement": "set-up placement"}
PLACEMENT_CODES = {"german": ("A", "AS"), "soviet": ("M",)}      # 3.6, 3.7


# One report line per simple event; {path} and {units} are joined for reading (see _Readable).
EVENT_LINES = {
    "move": "{unit} moves {path}",
    "advance": "{units} advance into {hex} (11.33)",
    "advance_refused": "Advance into {hex} not made: it would overstack ({rule})",
    "eliminated": "{unit} eliminated in {hex} ({rule})",
    "placed": "{unit} placed in {hex} ({rule})",
    "replacement": "{unit} receives {steps} replacement step(s) ({rule})",
    "replacement_roll": "German replacements: {text} (9.15)",
    "forfeit": "{unit} was not entered on its turn and is forfeit (9.1)",
    "fortress": "{hex} declared a fortress (11.19)",
    "destroyed": "The {works} in {hex} is destroyed (11.20)",
    "control": "City {hex} now controlled by the {now} (3.9)",
    "fanaticism": "Nazi fanaticism: German gains {vp} VP for {hex} (4.3)",
    "oil": "Nagykanizsa (3130) lost: German mechanized movement factors are one less for good (7.2)",
    "collapse": "GERMAN ECONOMIC COLLAPSE: {why}; German units now draw only in-city or Courland supply (7.4)",
    "antwerp": "Antwerp captured: die roll {roll}, all Western Allied units out of supply through Game Turn {until} (6.9)",
}


class _Readable(dict):
    """Event fields as report text: lists joined, paths with arrows, snake_case spelled out."""

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        if key == "path":
            return " → ".join(value)
        if isinstance(value, list):
            return ", ".join(value)
        return value.replace("_", " ") if key == "works" else value


TEXT_FIELDS = ("move", "enter", "replace", "place", "at", "attack", "battle", "declare_fortress")
TEXT_LISTS = ("path", "with", "advance", "losses")


def normalise_orders(orders):
    """Hex ids and unit ids as text: a player may write `attack: 2516` without quotes."""
    if not isinstance(orders, list):
        return orders
    result = []
    for order in orders:
        if not isinstance(order, dict):
            result.append(order)
            continue
        order = dict(order)
        for key in TEXT_FIELDS:
            if isinstance(order.get(key), int) and not isinstance(order.get(key), bool):
                order[key] = str(order[key])
        for key in TEXT_LISTS:
            if isinstance(order.get(key), list):
                order[key] = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in order[key]]
        retreat = order.get("retreat")
        if isinstance(retreat, int) and not isinstance(retreat, bool):
            order["retreat"] = str(retreat)
        elif isinstance(retreat, dict):
            order["retreat"] = {k: str(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in retreat.items()}
        result.append(order)
    return result


def camp(army: str) -> str:
    return "german" if army == "german" else "alliance"


class Smithereens(GameModule):
    id = "smithereens"
    not_enforced = (
        "11.7 fog of war: saves and reports show every unit of every stack",
        "6.x supply and 12.x mobile assaults (played at the beginner level, 5.1/6.0 Beginners Notes)",
        "9.6 variable reinforcements; 7.x economic collapse",
        "3.11 Soviet 8th Army, 10.23 Yugoslavia, 10.27-10.36 special movement; 13.x special units and air (13.4 is enforced)",
        "11.19 fortress declarations outside the German movement orders; 11.27 extra retreats of overstacked units",
    )

    # -- seats and set-up ------------------------------------------------------------------
    def seats(self, scenario: dict) -> list[list[str]]:
        # 1.x / 5.4: two players (German vs Grand Alliance) or three (Soviet, Western, German)
        return [["alliance", "german"], ["german", "soviet", "western"]]

    def options(self, given: dict) -> dict:
        """Campaign options: `level` is `beginner` (5.1/6.0 Beginners Notes: no supply) or
        `standard` (supply, 6.x, is traced and halves OOS units, 6.3)."""
        unknown = sorted(set(given) - {"level"})
        if unknown:
            raise PbemError(f"unknown Smithereens option(s): {', '.join(unknown)} (known: level)")
        level = given.get("level", "beginner")
        if level not in ("beginner", "standard"):
            raise PbemError(f"level must be 'beginner' or 'standard', not {level!r}")
        return {"level": level}

    def not_enforced_for(self, options: dict) -> list:
        rules = list(self.not_enforced)
        if options.get("level") == "standard":
            rules[1] = ("12.x mobile assaults; 6.10 airdrop supply; 7.5 collapse effects on units pbem does not "
                        "model (strategic and Baltic movement, Luftwaffe, Flak Korps, FMOs, naval guns) "
                        "(supply 6.1-6.9 and 6.11-6.19, oil 7.2, collapse 7.3-7.4 and 7.5 (7) are enforced)")
            rules[2] = "9.6 variable reinforcements"
        return rules

    def seat_of(self, state: dict, army: str) -> str:
        return "alliance" if army in ALLIANCE and "alliance" in state["seats"] else army

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        options = self.options(options or {})
        if scenario.get("scenario") != "historical":
            # 14.x: the WWIII scenarios change sides, turn order and victory; their data is in
            # scenarios/smithereens/, their rules are not adjudicated yet.
            raise PbemError(f"scenario {scenario.get('scenario')!r} is encoded as data but pbem does not adjudicate "
                            "its rules (14.x) yet; play 'historical'")
        counters = data.get("units.counters", "the unit counters (ids, sides, factors, set-up hexes)")
        units, reinforcements, placements = {}, {}, {}
        for unit_id in sorted(k for k in counters if k not in ("open", "printed_on", "rule")):
            counter = self.counter(data, unit_id)
            setup_hex = counter.get("setup")
            if setup_hex in PLACEMENT_CODES["german"] + PLACEMENT_CODES["soviet"]:
                placements[unit_id] = setup_hex                     # placed by their owner (3.6, 3.7)
            elif isinstance(setup_hex, str) and setup_hex != "unknown":
                # 3.2 set-up hex printed on the counter; 3.8 all units start at full strength
                units[unit_id] = {"hex": self.grid(data).canonical(setup_hex), "steps": counter["steps"]}
            elif isinstance(counter.get("arrives"), int):
                # 3.4 / 9.1: turn-of-entry number printed on the counter
                reinforcements[unit_id] = {"turn": counter["arrives"], "steps": counter["steps"]}
        control = {}     # 3.9: only cities matter; a city whose start control is unknown stays out
        for hex_id in sorted(self.hexes(data)):
            info = self.hex_info(data, hex_id)
            start = {"german": "german", "grand_alliance": "alliance", "alliance": "alliance"}.get(str(info.get("control_at_start")))
            if info.get("city") is True and start:
                control[self.grid(data).canonical(hex_id)] = start
        first_turn, last_turn = unwrap(scenario.get("first_turn", 1)), unwrap(scenario.get("last_turn"))
        if not isinstance(last_turn, int):
            raise PbemError("the scenario file gives no last_turn (4.4, 5.1)")
        state = {
            # 3.10: Game Turn 1 is a German player turn only, and it begins with the combat phase;
            # before it, the German places his A/AS units, then the Soviet his M units (3.6, 3.7)
            "turn": first_turn, "last_turn": last_turn, "army": "german",
            "phase": "assault" if first_turn == 1 else "movement", "seats": list(seats),
            "to_place": placements, "level": options["level"],
            "fell": [], "antwerp_lost": False, "western_oos_until": 0, "ports_lost": [],
            "ruhr_lost": [], "oil_lost": False, "collapsed": False,
            "units": units, "eliminated": [], "control": control, "fanaticism_vp": 0,
            "fortresses": sorted(self.grid(data).canonical(h) for h in self.hexes(data)
                                 if self.hex_info(data, h).get("fortress_at_start") is True),   # 3.3
            "fortress_lost": [], "destroyed": {}, "reinforcements": reinforcements,
            "attacked_this_turn": {}, "pending": [], "last_combats": [],
        }
        self.next_placement(data, state, after=None)
        return state

    # -- set-up placement (3.6, 3.7) -------------------------------------------------------------
    def next_placement(self, data, state, after: str | None) -> None:
        """German A/AS placement, then Soviet M placement, then Game Turn 1 begins."""
        for army in ("german", "soviet"):
            if after == "german" and army == "german":
                continue
            if any(code in PLACEMENT_CODES[army] for code in state["to_place"].values()):
                state.update(army=army, phase="placement")
                return
        state.update(army="german", phase="assault" if state["turn"] == 1 else "movement")

    def check_placement(self, data, state, army, orders) -> list[Problem]:
        grid = self.grid(data)
        due = {u for u, code in state["to_place"].items() if code in PLACEMENT_CODES[army]}
        problems, placed, shadow = [], set(), {u: dict(v) for u, v in state["units"].items()}
        german_hexes = {v["hex"] for u, v in state["units"].items() if self.army_of(data, u) == "german"}
        soviet_hexes = {v["hex"] for u, v in state["units"].items() if self.army_of(data, u) == "soviet"}
        in_italy = 0
        for index, order in enumerate(orders):
            unit_id, target = order.get("place"), order.get("at")
            if set(order) != {"place", "at"} or unit_id not in due or unit_id in placed:
                problems.append(Problem(index, f"a placement is `place: UNIT` with `at: HEX`, once for each of {', '.join(sorted(due))}"))
                continue
            try:
                target = grid.canonical(str(target))
            except ValueError as exc:
                problems.append(Problem(index, str(exc)))
                continue
            placed.add(unit_id)
            code = state["to_place"][unit_id]
            reason, italy = self.placement_problem(data, state, unit_id, code, target, german_hexes, soviet_hexes)
            if not reason and italy:
                in_italy += 1
                if in_italy > 2 or self.is_mech(data, unit_id):
                    reason = "no more than two \"A\" units, and only non-mech ones, may be placed in Italy (3.6)"
            if reason:
                problems.append(Problem(index, reason))
            else:
                shadow[unit_id] = {"hex": target, "steps": self.counter(data, unit_id)["steps"]}
        for unit_id in sorted(due - placed):
            problems.append(Problem(None, f"{unit_id} ({state['to_place'][unit_id]}) must be placed; none may be withheld (3.6, 3.7)"))
        if not problems:
            for hex_id, units in sorted(self.stacks(dict(state, units=shadow)).items()):
                reason = self.stacking_problem(data, units)
                if reason:
                    problems.append(Problem(None, f"hex {hex_id} is overstacked after placement: {reason} (3.6, 3.7)"))
        return problems

    def placement_problem(self, data, state, unit_id, code, target, german_hexes, soviet_hexes) -> tuple[str | None, bool]:
        grid = self.grid(data)

        def region(name: str) -> set:
            return self.region(data, name, "3.6")

        if code == "M":                                                         # 3.7
            if target not in soviet_hexes:
                return f"{unit_id} (M) must be placed in a hex already holding Soviet-side units (3.7)", False
            if target in region("yugoslavia"):
                return f"{unit_id} (M) may not be placed in Yugoslavia (3.7)", False
            return None, False
        if code == "AS":                                                        # 3.6
            slovakia = region("slovakia")
            if target not in slovakia:
                return f"{unit_id} (AS) must be placed in Slovakia (3.6)", False
            if any(n in soviet_hexes for n in grid.neighbours(target)):
                return f"{unit_id} (AS) may not be placed next to Soviet-side units (3.6)", False
            if any(n not in slovakia for n in grid.neighbours(target)):      # a border hexside is one to a non-Slovak hex
                return f"{unit_id} (AS) may not be placed next to a border hexside of Slovakia (3.6)", False
            return None, False
        if target not in german_hexes and target not in self.wehrkreis_cities(data, "3.6, 9.5"):
            return f"{unit_id} (A) must be placed in a German-occupied hex or a Wehrkreis city (3.6)", False
        courland = grid.canonical("3005E")
        if grid.distance(target, courland) <= 4:
            return f"{unit_id} (A) may not be placed in the Courland Pocket, within four hexes of 3005E (3.6)", False
        if target == "1515":
            return f"{unit_id} (A) may not be placed in the Colmar Pocket (1515) (3.6)", False
        for name in ("slovakia", "yugoslavia"):
            if target in region(name):
                return f"{unit_id} (A) may not be placed in {name.capitalize()} (3.6)", False
        return None, target in region("italy")

    # -- data accessors (everything a number comes from is named here) --------------------
    def grid(self, data: GameData) -> GridSpec:
        if "grid" not in data.cache:
            spec = data.get("game.hex_grid", "the hex grid")
            data.cache["grid"] = GridSpec.from_dict({k: spec[k] for k in ("numbering", "offset", "maps")})
        return data.cache["grid"]

    def hexes(self, data: GameData) -> dict:
        hexes = data.get("map.hexes", "the map's hexes")
        return {k: v for k, v in hexes.items() if k not in ("open", "rule", "printed_on")}

    def counter(self, data: GameData, unit_id: str) -> dict:
        counter = data.get(f"units.counters.{unit_id}", f"counter {unit_id}")
        return data.require_keys(counter, f"units.counters.{unit_id}", ("side", "type", "steps"), f"unit {unit_id}", "the unit counter")

    def factors(self, data: GameData, unit_id: str, steps: int) -> dict:
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("by_steps"), dict):              # 2.15: Western corps, one counter per step
            face, factors = f"by_steps.{steps}", counter["by_steps"].get(str(steps), "unknown")
        else:
            face = "full" if steps >= counter["steps"] else "reduced"  # 2.16: a step loss flips the counter
            factors = counter.get(face, "unknown")
        if not isinstance(factors, dict) or any(factors.get(k, "unknown") == "unknown" for k in ("attack", "defense", "movement")):
            raise UnknownDataError(f"units.counters.{unit_id}.{face}", f"the {face}-strength factors of {unit_id}",
                                   "the unit counter", data.override_file)
        return factors

    def terrain(self, data: GameData, hex_id: str) -> str:
        """The hex's natural terrain ("clear (city)" in the data means clear, 10.19)."""
        terrain = self.hex_info(data, hex_id).get("terrain", "unknown")
        if terrain == "unknown":
            raise UnknownDataError(f"map.hexes.{hex_id}.terrain", f"the terrain of hex {hex_id}",
                                   "the map (16.1)", data.override_file)
        return str(terrain).split(" (")[0]

    def hex_info(self, data: GameData, hex_id: str) -> dict:
        """What the data says of a hex, with {value, rule} wrappers unwrapped."""
        info = self.hexes(data).get(hex_id)
        if not isinstance(info, dict):
            return {}
        return {k: unwrap(v) for k, v in info.items()}

    def region(self, data, name: str, rule: str) -> set:
        """The hexes of a named map area (map.regions.NAME.hexes), as canonical ids."""
        key = f"region:{name}"
        if key not in data.cache:
            hexes = data.get(f"map.regions.{name}.hexes", f"the hexes of {name.replace('_', ' ')} ({rule})")
            data.cache[key] = {self.grid(data).canonical(str(h)) for h in hexes}
        return data.cache[key]

    def wehrkreis_cities(self, data, rule: str) -> set:
        return {self.grid(data).canonical(str(h)) for h in data.get("map.wehrkreis_cities.hexes", f"the Wehrkreis cities ({rule})")}

    def hexside(self, data: GameData, a: str, b: str) -> str:
        """The feature on a hexside (river, rhine, lake, sea, atc) or 'none'. The map data lists
        features only, so both hexes' terrain must be known for 'none' to mean anything."""
        self.terrain(data, a)
        self.terrain(data, b)
        sides = data.get("map.hexsides", "hexside features", default={}) or {}
        feature = sides.get(hexside_key(a, b), "none") if isinstance(sides, dict) else "none"
        return unwrap(feature)

    # -- phase model ------------------------------------------------------------------------
    def awaiting(self, state: dict) -> Awaiting:
        army = state["army"]
        if state.get("game_over"):
            return Awaiting(side="", kind="none", phase="game over", done=True)
        label = f"Turn {state['turn']} {army.capitalize()} {PHASE_NAMES[state['phase']]}"
        if state["phase"] == "placement":
            label = f"Set-up: {army.capitalize()} {' and '.join(PLACEMENT_CODES[army])} units ({'3.6' if army == 'german' else '3.7'})"
        if state["phase"] == "response":
            # a die rolled while answering (e.g. Antwerp taken by an advance, 6.9) needs the
            # attacker's reveal too: no roll may rest on one party's secret alone
            defender = state["pending"][0]["defender_seat"]
            return Awaiting(side=defender, kind="response", phase=label, opponents=(self.seat_of(state, army),))
        mover = self.seat_of(state, army)
        opponents = tuple(sorted({s for s in state["seats"] if s != mover}))
        return Awaiting(side=mover, kind="orders", phase=label, opponents=opponents)

    def next_player_turn(self, state: dict) -> None:
        order = list(ARMIES)
        index = order.index(state["army"])
        state["phase"] = "movement"
        state["pending"] = []
        if index == len(order) - 1:
            if state["turn"] >= state["last_turn"]:              # 4.4
                state["game_over"] = True
                return
            state["turn"] += 1
            state["attacked_this_turn"] = {}
            state["replacements_used"] = {}          # 9.11: unused steps are not accumulated
            state["army"] = order[0]
        else:
            state["army"] = order[index + 1]

    # -- helpers on the position --------------------------------------------------------
    def stacks(self, state: dict) -> dict:
        stacks: dict[str, list[str]] = {}
        for unit_id, unit in sorted(state["units"].items()):
            stacks.setdefault(unit["hex"], []).append(unit_id)
        return stacks

    def army_of(self, data, unit_id) -> str:
        side = self.counter(data, unit_id)["side"]
        if side not in ARMIES:
            raise PbemError(f"counter {unit_id} has side {side!r}; expected one of {', '.join(ARMIES)}")
        return side

    def enemies_in(self, data, state, hex_id: str, army: str) -> list[str]:
        return [u for u in self.stacks(state).get(hex_id, []) if camp(self.army_of(data, u)) != camp(army)]

    def is_mech(self, data, unit_id) -> bool:
        """2.11: mechanized or not by unit type (rules/smithereens/game.yaml unit_types)."""
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("mech"), bool):
            return counter["mech"]
        value = unwrap(data.get(f"game.unit_types.{counter['type']}.mechanized", f"whether a {counter['type']} is mechanized (2.11)"))
        if not isinstance(value, bool):
            raise UnknownDataError(f"units.counters.{unit_id}.mech", f"whether {unit_id} is mechanized ({value})",
                                   "the unit counter", data.override_file)
        return value

    def stacking_problem(self, data, units: list[str]) -> str | None:
        """8.1–8.5 for one hex's units (None if legal)."""
        armies = {self.army_of(data, u) for u in units}
        if armies == {"soviet", "western"}:
            return "Western Allied and Soviet units may never stack together (8.5)"
        army = armies.pop() if len(armies) == 1 else None
        if army == "german" and len(units) > 8:
            return "more than eight German units (8.1)"
        if army == "western":
            groupings = {self.counter(data, u).get("grouping", "unknown") for u in units}
            if {"commonwealth", "us"} <= groupings:
                return "Commonwealth and US units may not stack together (8.5)"
            if len(units) > 3:
                return "more than three Western Allied units (8.5)"
        if army == "soviet":
            artillery = [u for u in units if self.counter(data, u)["type"] in ARTILLERY]
            nations = {self.counter(data, u).get("nationality", "soviet") for u in units} - {"soviet"}
            if len(artillery) > 1:
                return "more than one Soviet artillery unit in a hex (8.4)"
            if len(units) > 4 or (len(units) == 4 and not artillery):
                return "more than three Soviet units, or a fourth that is not artillery (8.4)"
            if len(nations) > 1:
                return "Soviet minor allies of different nations may not stack together (8.4)"
        return None

    # -- movement (10.x) ----------------------------------------------------------------------
    def movement_allowance(self, data, state, unit_id: str) -> int:
        unit = state["units"][unit_id]
        allowance = int(self.factors(data, unit_id, unit["steps"])["movement"])
        if allowance == 0:
            return 0                                                   # 10.4: zero-MF units never move
        if self.is_mech(data, unit_id) and state["turn"] in THAW_TURNS:
            allowance -= 1                                             # 10.21 thaw
        if self.army_of(data, unit_id) == "german" and state["turn"] >= GERMAN_DETERIORATION_TURN:
            allowance -= 1                                             # 10.26
        if state.get("oil_lost") and self.army_of(data, unit_id) == "german" and self.is_mech(data, unit_id):
            allowance -= 1                                             # 7.2 Nagykanizsa lost
        if unit_id in state.get("oos_at_start", ()):                  # 6.3, 6.4: halved, rounding up
            allowance = -(-allowance // 2)
        return max(allowance, 0)

    def entry_cost(self, data, state, unit_id: str, a: str, b: str) -> tuple[int | None, str]:
        """MP cost to move from a to b, or (None, reason with rule)."""
        grid = self.grid(data)
        if not grid.adjacent(a, b):
            return None, f"{a} and {b} are not adjacent (10.1)"
        info = self.hex_info(data, b)
        terrain = self.terrain(data, b)
        if info.get("prohibited") or terrain in ("sea", "hook_of_holland"):
            return None, f"no unit may enter {b} ({'10.18' if terrain == 'hook_of_holland' else '10.17'})"
        feature = self.hexside(data, a, b)
        if feature == "lake":
            return None, f"movement across the lake hexside {a}-{b} is impossible (10.15)"
        if feature == "sea":
            return None, f"no unit may cross the all-sea hexside {a}-{b} (10.17)"
        if self.enemies_in(data, state, b, self.army_of(data, unit_id)):
            return None, f"{b} contains enemy units (10.3)"
        if feature == "atc":
            return 1, ""                                               # 10.20 along the corridor
        cost = self.terrain_cost(data, unit_id, terrain)
        if feature in ("river", "rhine"):                              # 10.16; the Rhine costs as a river (11.16)
            if state["turn"] in THAW_TURNS:                            # 10.21 (errata: mech only)
                key = "mech" if self.is_mech(data, unit_id) else "non_mech"
                cost += int(data.get(f"terrain.natural.river.movement.thaw_extra_mp.{key}"))
            else:
                cost += int(data.get("terrain.natural.river.movement.extra_mp"))
        return cost, ""

    def terrain_cost(self, data, unit_id: str, terrain: str) -> int:
        """10.10–10.14 and 10.19: cities and other manmade terrain cost as their natural terrain."""
        unit_type = self.counter(data, unit_id)["type"]
        path = f"terrain.natural.{terrain}.movement"
        exceptions = data.get(f"{path}.exceptions", default={}) or {}
        if unit_type in exceptions:
            return int(data.get(f"{path}.exceptions.{unit_type}"))
        key = "mech" if self.is_mech(data, unit_id) else "non_mech"
        return int(data.get(f"{path}.{key}", f"the {key} movement cost of {terrain}"))

    def check_moves(self, data, state, army, orders) -> tuple[list[Problem], dict]:
        problems, positions = [], {u: dict(v) for u, v in state["units"].items()}
        moved: set[str] = set()
        shadow = dict(state, units=positions)
        fortresses = set(state.get("fortresses", []))
        arrivals = {u: dict(v) for u, v in state["reinforcements"].items()}
        # 6.4: supply is checked at the start of each unit's movement; 6.17 Baltic mech halve too
        shadow["oos_at_start"] = sorted(self.oos_units(data, state, [u for u in state["units"] if self.army_of(data, u) == army])
                                        + self.baltic_mech(data, state, army))
        problems += self.check_replacements(data, shadow, army, orders, arrivals)
        for index, order in enumerate(orders):
            if "replace" in order:
                continue
            if "enter" in order:
                reason = self.entry_problem(data, shadow, army, order, arrivals)
                if reason:
                    problems.append(Problem(index, reason))
                else:
                    unit_id = order["enter"]
                    path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                    positions[unit_id] = {"hex": path[-1], "steps": arrivals.pop(unit_id)["steps"]}
                continue
            if "declare_fortress" in order:
                reason = self.fortress_problem(data, shadow, army, order, fortresses)
                if reason:
                    problems.append(Problem(index, reason))
                else:
                    fortresses.add(self.grid(data).canonical(str(order["declare_fortress"])))
                continue
            unit_id, path = order.get("move"), order.get("path")
            if set(order) - {"move", "path"} or not isinstance(unit_id, str) or not isinstance(path, list) or not path:
                problems.append(Problem(index, "a movement order is `move: UNIT` with `path: [HEX, ...]`"))
                continue
            if unit_id not in positions:
                problems.append(Problem(index, f"no unit {unit_id!r} on the map"))
                continue
            if self.army_of(data, unit_id) != army:
                problems.append(Problem(index, f"{unit_id} is not a {army} unit; only the phasing side moves (5.1)"))
                continue
            if unit_id in moved:
                problems.append(Problem(index, f"{unit_id} is ordered to move twice (10.6)"))
                continue
            moved.add(unit_id)
            try:
                path = [self.grid(data).canonical(str(h)) for h in path]
            except ValueError as exc:
                problems.append(Problem(index, str(exc)))
                continue
            if path[0] != positions[unit_id]["hex"]:
                problems.append(Problem(index, f"{unit_id}'s path must start at its hex {positions[unit_id]['hex']}"))
                continue
            if len(path) == 1:
                continue
            if army == "german" and path[0] in fortresses:
                problems.append(Problem(index, f"{unit_id} is in the fortress {path[0]} and may not leave it (11.19)"))
                continue
            if army == "german" and any(h in fortresses for h in path[1:-1]):
                problems.append(Problem(index, f"{unit_id} must stop in the fortress it enters (11.19)"))
                continue
            confined = self.confinement_problem(data, unit_id, path)
            if confined:
                problems.append(Problem(index, confined))
                continue
            allowance = self.movement_allowance(data, shadow, unit_id)
            if int(self.factors(data, unit_id, positions[unit_id]["steps"])["movement"]) == 0:
                problems.append(Problem(index, f"{unit_id} has a printed movement factor of 0 and never moves (10.4)"))
                continue
            total, bad = 0, None
            for a, b in zip(path, path[1:]):
                cost, reason = self.entry_cost(data, shadow, unit_id, a, b)
                if cost is None:
                    bad = reason
                    break
                total += cost
            if bad:
                problems.append(Problem(index, f"{unit_id}: {bad}"))
                continue
            if total > allowance and len(path) > 2:
                problems.append(Problem(index, f"{unit_id} needs {total} MP for this path but has {allowance} (10.2; 10.4 guarantees one hex only)"))
                continue
            positions[unit_id]["hex"] = path[-1]
        if not problems:
            for hex_id, units in sorted(self.stacks(shadow).items()):
                reason = self.stacking_problem(data, units)
                if reason:
                    problems.append(Problem(None, f"hex {hex_id} is overstacked at the end of movement: {reason} (8.2)"))
        return problems, positions

    def confinement_problem(self, data, unit_id: str, path: list[str]) -> str | None:
        """10.24 Hungarian units never leave Hungary; 10.25 Italian Fascist units never leave Italy."""
        nationality = self.counter(data, unit_id).get("nationality")
        home = {"hungarian": ("hungary", "10.24"), "italian_fascist": ("italy", "10.25")}.get(nationality)
        if not home:
            return None
        region, rule = home
        inside = self.region(data, region, rule)
        outside = [h for h in path[1:] if h not in inside]
        if outside:
            return f"{unit_id} is {nationality.replace('_', ' ')} and may never move out of {region.capitalize()} ({outside[0]}) ({rule})"
        return None

    # -- supply (6.x, standard level) -------------------------------------------------------------
    def in_supply(self, data, state, unit_id: str, hex_id: str | None = None) -> bool:
        """6.1–6.19: can the unit trace a supply line (or is it in a source) from `hex_id`?"""
        if state.get("level") != "standard":
            return True                                     # 6.0 Beginners Note: ignore supply
        army = self.army_of(data, unit_id)
        nationality = self.counter(data, unit_id).get("nationality", army)
        hex_id = hex_id or state["units"][unit_id]["hex"]
        if nationality == "yugoslavian" and hex_id in self.region(data, "yugoslavia", "6.12"):
            return True                                     # 6.12
        if army == "western":
            return self.western_supply(data, state, hex_id)
        if army == "soviet":
            return self.trace(data, state, hex_id, army, self.soviet_source, self.region(data, "wwii_line_and_west", "6.6"))
        return self.german_supply(data, state, hex_id)

    def western_supply(self, data, state, hex_id) -> bool:
        if state["western_oos_until"] >= state["turn"]:
            return False                                    # 6.9: Antwerp captured
        if hex_id in self.region(data, "non_baltic_coastal_hexes", "6.11"):
            return True                                     # 6.11
        edges = self.region(data, "italy_south_edge", "6.7")
        if hex_id not in self.region(data, "italy", "6.8"):  # 6.8: units in Italy trace to its south edge only
            edges = edges | self.region(data, "france_west_edge", "6.7") | ({"1703"} if not state["antwerp_lost"] else set())
        return self.trace(data, state, hex_id, "western", lambda h: h in edges, self.region(data, "east_of_wwii_line", "6.7"))

    def soviet_source(self, hex_id: str) -> bool:
        return hex_id.endswith("E") and hex_id.startswith("42")      # 6.6: the eastern map's east edge, 42xxE

    def german_supply(self, data, state, hex_id) -> bool:
        grid = self.grid(data)
        info = self.hex_info(data, hex_id)
        if info.get("city") is True and info.get("control_at_start") == "german" and hex_id not in state["fell"]:
            return True                                     # 6.16 in-city supply
        if not state.get("collapsed") and hex_id in self.region(data, "baltic_coast_german_range", "6.17"):
            return True                                     # 6.17
        ports = [p for p in ("2607E", "2905E") if p not in state["ports_lost"]]
        if ports and any(grid.distance(hex_id, p) <= 4 for p in ports):           # 6.18 Courland, four hexes
            if self.trace(data, state, hex_id, "german", lambda h: h in ports, set(), max_length=4):
                return True
        if state.get("collapsed"):
            return False                                    # 7.4: only in-city and Courland supply remain
        usir = self.region(data, "upper_silesian_industrial_region", "6.14")
        usir_lost = bool(usir & set(state["destroyed"]))
        if usir_lost and hex_id in usir - set(state["destroyed"]):
            return True                                     # 6.14: only units in a remaining USIR hex
        ruhr = {h for h in RUHR_CITIES if state["control"].get(h) == "german"}
        sources = ruhr | (set() if usir_lost else usir)
        beyond = {h for h in self.hexes_known(data) if h.endswith("E") and int(h[:2]) > 34}   # 6.15: not east of 34xxE
        return self.trace(data, state, hex_id, "german", lambda h: h in sources, beyond)

    def hexes_known(self, data) -> set:
        if "known_hexes" not in data.cache:
            data.cache["known_hexes"] = {self.grid(data).canonical(h) for h, info in self.hexes(data).items()
                                         if self.hex_info(data, h).get("terrain", "unknown") != "unknown"}
        return data.cache["known_hexes"]

    def trace(self, data, state, start, army, is_source, excluded: set, max_length=None) -> bool:
        """6.2: a chain of hexes free of enemy units (and, for the Western Allies and Soviets, of
        each other's units), not across lake or all-sea hexsides, not into excluded areas or
        neutral Switzerland. Only hexes of known terrain are traced; if no line is found and the
        search met a hex of unknown terrain, the answer needs that hex's data."""
        unknown: list[str] = []
        known = self.hexes_known(data)
        neutral = self.region(data, "switzerland", "6.2")
        blocked = {h for h, units in self.stacks(state).items()
                   if any(camp(self.army_of(data, u)) != camp(army) or
                          (army in ALLIANCE and self.army_of(data, u) in ALLIANCE and self.army_of(data, u) != army)
                          for u in units)}

        complete = self.map_complete(data)

        def can_enter(a, b) -> bool:
            if b in blocked or b in excluded or b in neutral:
                return False
            if b not in known:                 # unknown terrain, or off the map if the map is complete
                if not complete or b in self.hexes(data):
                    unknown.append(b)
                return False
            if self.terrain(data, b) in ("sea", "hook_of_holland") or self.hex_info(data, b).get("prohibited"):
                return False                   # 6.2: only playable terrain (10.17, 10.18)
            return self.hexside(data, a, b) not in ("lake", "sea")

        def source(h) -> bool:
            return is_source(h) and h not in blocked and h in known      # 6.13: an occupied source is lost
        found = trace_supply(self.grid(data), start, source, can_enter, max_length) is not None
        if not found and unknown:
            first = sorted(unknown)[0]
            raise UnknownDataError(f"map.hexes.{first}.terrain", f"the terrain of hex {first}, to trace supply (6.2) "
                                   "(or `map.hexes_complete: true` if it is off the map)", "the map (16.1)", data.override_file)
        return found

    def map_complete(self, data) -> bool:
        """True once the campaign's override says every hex of the map is listed."""
        try:
            return data.get("map.hexes_complete", "whether every map hex is listed") is True
        except UnknownDataError:
            return False

    def baltic_mech(self, data, state, army) -> list[str]:
        """6.17: mech units drawing Baltic coastal supply have their MF halved as if OOS."""
        if state.get("level") != "standard" or army != "german":
            return []
        coast = self.region(data, "baltic_coast_german_range", "6.17")
        return [u for u, v in state["units"].items() if self.army_of(data, u) == "german" and v["hex"] in coast
                and self.is_mech(data, u)]

    def oos_units(self, data, state, units) -> list[str]:
        """Units out of supply now; units sharing hex, army and nationality share one trace."""
        answers: dict = {}
        result = []
        for unit_id in units:
            key = (state["units"][unit_id]["hex"], self.army_of(data, unit_id), self.counter(data, unit_id).get("nationality"))
            if key not in answers:
                answers[key] = self.in_supply(data, state, unit_id)
            if not answers[key]:
                result.append(unit_id)
        return result

    # -- reinforcements and replacements (9.x) -------------------------------------------------
    def entry_hexes(self, data, state, army: str) -> tuple[set, str]:
        """Where `army`'s reinforcements may enter, and whether entry is at a city (free, 9.2)."""
        if army == "german":                                               # 9.5 Wehrkreis cities
            return {h for h in self.wehrkreis_cities(data, "9.5") if state["control"].get(h) == "german"}, "city"
        if army == "soviet":                                               # 9.3
            east = self.region(data, "east_of_wwiii_demarcation_line", "9.3")
            return {h for h, c in state["control"].items() if c == "alliance" and h in east}, "city"
        edges = self.region(data, "france_west_edge", "9.4") | self.region(data, "italy_south_edge", "9.4")
        return edges | {"1703"}, "edge"                                    # 9.4 (Antwerp 1703, 6.8)

    def entry_problem(self, data, state, army, order, arrivals) -> str | None:
        """9.1–9.5: a reinforcement enters in its owner's movement phase, on or after its turn."""
        unit_id, path = order.get("enter"), order.get("path")
        if set(order) != {"enter", "path"} or not isinstance(path, list) or not path:
            return "a reinforcement order is `enter: UNIT` with `path: [ENTRY HEX, ...]` (9.2)"
        if unit_id not in arrivals or arrivals[unit_id]["turn"] > state["turn"]:
            return f"{unit_id} is not a reinforcement available on turn {state['turn']} (9.1)"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit (9.2)"
        try:
            path = [self.grid(data).canonical(str(h)) for h in path]
        except ValueError as exc:
            return str(exc)
        entries, kind = self.entry_hexes(data, state, army)
        if path[0] not in entries:
            return f"{path[0]} is not an entry hex for {army} reinforcements ({'9.5' if army == 'german' else '9.3' if army == 'soviet' else '9.4'})"
        if self.enemies_in(data, state, path[0], army):
            return f"{path[0]} contains enemy units (9.4, 10.3)"
        state["units"][unit_id] = {"hex": path[0], "steps": arrivals[unit_id]["steps"]}
        if not self.in_supply(data, state, unit_id, path[0]):          # 9.2: may enter unsupplied (6.4)
            state["oos_at_start"] = sorted(set(state.get("oos_at_start", [])) | {unit_id})
        try:
            total = 0 if kind == "city" or self.hex_info(data, path[0]).get("city") is True \
                else self.terrain_cost(data, unit_id, self.terrain(data, path[0]))      # 9.2 edge entry pays
            for a, b in zip(path, path[1:]):
                cost, reason = self.entry_cost(data, state, unit_id, a, b)
                if cost is None:
                    return f"{unit_id}: {reason}"
                total += cost
            allowance = self.movement_allowance(data, state, unit_id)
        finally:
            del state["units"][unit_id]
        if total > allowance and len(path) > 1:
            return f"{unit_id} needs {total} MP to enter along this path but has {allowance} (9.2)"
        return None

    def check_replacements(self, data, state, army, orders, arrivals) -> list[Problem]:
        """9.7–9.15: replenish reduced units on the map or reclaim Alliance units from the deadpile."""
        problems, used, per_unit = [], {"total": 0}, {}
        for index, order in enumerate(orders):
            if "replace" not in order:
                continue
            unit_id, steps = order.get("replace"), order.get("steps")
            if set(order) != {"replace", "steps"} or not isinstance(steps, int) or steps < 1:
                problems.append(Problem(index, "a replacement order is `replace: UNIT` with `steps: N` (9.9)"))
                continue
            reason = self.replacement_problem(data, state, army, unit_id, steps, used, per_unit)
            if reason:
                problems.append(Problem(index, reason))
            elif unit_id in state["eliminated"]:                       # 9.10: re-enters as a reinforcement
                arrivals[unit_id] = {"turn": state["turn"], "steps": steps}
            else:
                state["units"][unit_id] = dict(state["units"][unit_id], steps=state["units"][unit_id]["steps"] + steps)
        return problems

    def replacement_problem(self, data, state, army, unit_id, steps, used, per_unit) -> str | None:
        if not isinstance(unit_id, str) or (unit_id not in state["units"] and unit_id not in state["eliminated"]):
            return f"no unit {unit_id!r} on the map or in the deadpile"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit (9.9)"
        counter = self.counter(data, unit_id)
        nationality = counter.get("nationality", army)
        if nationality in NO_REPLACEMENTS:
            return f"{nationality.replace('_', ' ')} units never receive replacements (9.9)"
        if unit_id in state["eliminated"]:
            if army == "german":
                return "German-side units may never be brought out of the deadpile (9.10)"
            if counter["type"] in NEVER_RECLAIMED:
                return f"{counter['type'].replace('_', ' ')} units may never be reclaimed from the deadpile (9.10)"
            current = 0
        else:
            current = state["units"][unit_id]["steps"]
        per_unit[unit_id] = per_unit.get(unit_id, 0) + steps
        if per_unit[unit_id] > 3:
            return f"{unit_id} may receive at most three replacement steps per player turn (9.9)"
        if current + per_unit[unit_id] > counter["steps"]:
            return f"{unit_id} may not be made stronger than its {counter['steps']} steps (9.9, 9.10)"
        if army == "german":
            used["total"] += steps
            return "the German receives at most one replacement step per game turn (9.15)" if used["total"] > 1 else None
        pool = "yugoslav" if nationality == "yugoslavian" else "total"          # 9.13: a separate Yugoslav step
        used[pool] = used.get(pool, 0) + steps
        limit = 1 if pool == "yugoslav" else REPLACEMENT_RATES[army]["steps"]
        if used[pool] > limit - state.get("replacements_used", {}).get(f"{army}.{pool}", 0):
            return f"only {limit} {'Yugoslav ' if pool == 'yugoslav' else ''}replacement step(s) per game turn ({'9.13' if pool == 'yugoslav' else '9.12' if army == 'soviet' else '9.14'})"
        for group, cap in REPLACEMENT_RATES[army]["caps"].items():
            member = self.is_mech(data, unit_id) if group == "mech" else (
                counter.get("grouping") == group or nationality == group)
            if member:
                used[group] = used.get(group, 0) + steps
                if used[group] > cap:
                    return f"no more than {cap} replacement step(s) per turn to {group} units ({'9.12' if army == 'soviet' else '9.14'})"
        return None

    def german_replacement_granted(self, data, state, dice: Dice, events) -> bool:
        """9.15: from turn 2, one step while all six USIR factories stand; with fewer, a die roll
        of at most the number of factories left."""
        if state["turn"] < 2:
            events.append({"event": "replacement_roll", "text": "no German replacements before Game Turn 2", "rule": "9.15"})
            return False
        if state.get("collapsed"):
            events.append({"event": "replacement_roll", "text": "none after the economic collapse (7.5)", "rule": "9.15"})
            return False
        usir = self.region(data, "upper_silesian_industrial_region", "9.15")
        factories = len(usir - set(state["destroyed"]))
        if factories >= 6:
            return True
        roll = dice.roll("replacements/german", 6, about="German replacement step (9.15)")
        granted = roll <= factories
        events.append({"event": "replacement_roll", "text": f"{factories} factories left, die roll {roll}: "
                                                             f"{'replacement step received' if granted else 'no replacement'}", "rule": "9.15"})
        return granted

    def antwerp_captured(self, state, events, dice) -> None:
        """6.9: all Western units OOS for a die-rolled time; Antwerp never supplies them again."""
        if dice is None:
            raise PbemError("internal: Antwerp captured without dice")
        roll = dice.roll("antwerp", 6, about="Antwerp captured (6.9)")
        extra = 1 if roll <= 2 else 2 if roll <= 4 else 3
        state["antwerp_lost"] = True
        state["western_oos_until"] = state["turn"] + extra
        events.append({"event": "antwerp", "roll": roll, "until": state["western_oos_until"], "rule": "6.9"})

    def fortress_problem(self, data, state, army, order, fortresses) -> str | None:
        """11.19: the German may declare a city his units occupy, German-controlled at the start,
        a fortress; never more than six on the map; a captured fortress never again (11.20).
        (pbem takes declarations in the German movement orders, at the start of his player turn.)"""
        if set(order) != {"declare_fortress"} or army != "german":
            return "`declare_fortress: HEX` is a German order in his own movement phase (11.19)"
        try:
            hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
        except ValueError as exc:
            return str(exc)
        info = self.hex_info(data, hex_id)
        if info.get("city") is not True or info.get("control_at_start") != "german":
            return f"{hex_id} is not a city the German controlled at the start of the game (11.19)"
        if hex_id in state.get("fortress_lost", []):
            return f"{hex_id} was captured by the Alliance and can never again be a fortress (11.20)"
        if not any(self.army_of(data, u) == "german" for u in self.stacks(state).get(hex_id, [])):
            return f"no German unit occupies {hex_id} (11.19)"
        if hex_id in fortresses:
            return f"{hex_id} is already a fortress (11.19)"
        if len(fortresses) >= 6:
            return "there may never be more than six fortresses on the map (11.19)"
        return None

    def enter_hex(self, data, state, hex_id: str, army: str, events, dice=None) -> None:
        """Effects of a ground unit entering a hex: control (3.9), destruction of works (11.20),
        and at the standard level the supply sources it takes (6.9, 6.18)."""
        self.take_control(data, state, hex_id, army, events)
        if state.get("level") == "standard":
            if camp(army) == "alliance" and hex_id in ("2607E", "2905E") and hex_id not in state["ports_lost"]:
                state["ports_lost"].append(hex_id)            # 6.18: a Courland port is lost for good
            if army == "german" and hex_id == "1703" and not state["antwerp_lost"]:
                self.antwerp_captured(state, events, dice)
            if camp(army) == "alliance" and hex_id == "3130" and not state["oil_lost"]:
                state["oil_lost"] = True                      # 7.2: permanent, even if retaken
                events.append({"event": "oil", "rule": "7.2"})
        works = self.hex_info(data, hex_id).get("fortification")
        if camp(army) == "alliance" and works in ("fortification", "heavy_fortification", "usir") \
                and not state["destroyed"].get(hex_id):
            state["destroyed"][hex_id] = True
            events.append({"event": "destroyed", "hex": hex_id, "works": works, "rule": "11.20"})

    # -- prepared assaults (11.x) -----------------------------------------------------------
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

    def check_attacks(self, data, state, army, orders) -> list[Problem]:
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

    def take_steps(self, state, units_in_order: list[str], loss_points: int) -> dict:
        """11.29–11.30: one LP per step; nobody eliminated before all are down to one step."""
        losses: dict[str, int] = {}
        for _ in range(loss_points):
            alive = [u for u in units_in_order if u in state["units"]]
            if not alive:
                break
            multi = [u for u in alive if state["units"][u]["steps"] > 1]
            victim = multi[0] if multi else alive[0]
            self.lose_step(state, victim)
            losses[victim] = losses.get(victim, 0) + 1
        return losses

    def lose_step(self, state, unit_id: str) -> None:
        unit = state["units"][unit_id]
        unit["steps"] -= 1
        if unit["steps"] <= 0:
            del state["units"][unit_id]
            state["eliminated"].append(unit_id)

    def defender_choice_needed(self, data, state, battle) -> bool:
        """The defender decides (11.25, 11.30) unless only one outcome is possible."""
        lp = battle["defender_lp"]
        alive = [u for u in battle["defenders"] if u in state["units"]]
        if lp == 0 or not alive:
            return False
        total_steps = sum(state["units"][u]["steps"] for u in alive)
        can_retreat = battle["army"] == "german"     # 11.25, 11.28: only Alliance defenders retreat
        if not can_retreat:
            return not (len(alive) == 1 or lp >= total_steps)
        return True

    # -- responses (11.25–11.30, 11.33) --------------------------------------------------------
    def check_response(self, data, state, orders) -> list[Problem]:
        problems = []
        pending = {b["hex"]: b for b in state["pending"]}
        answered = set()
        for index, order in enumerate(orders):
            target = order.get("battle")
            if set(order) - {"battle", "retreat", "steps"} or target not in pending:
                problems.append(Problem(index, f"a response is `battle: HEX` (one of {', '.join(sorted(pending))}) with `steps:` and, for the Grand Alliance, `retreat:`"))
                continue
            if target in answered:
                problems.append(Problem(index, f"battle {target} answered twice"))
                continue
            answered.add(target)
            problems += [Problem(index, m) for m in self.response_problems(data, state, pending[target], order)]
        for target in sorted(set(pending) - answered):
            problems.append(Problem(None, f"no answer for the battle at {target} ({pending[target]['defender_lp']} loss points)"))
        return problems

    def response_problems(self, data, state, battle, order) -> list[str]:
        lp, hex_id = battle["defender_lp"], battle["hex"]
        alive = [u for u in battle["defenders"] if u in state["units"]]
        steps = order.get("steps") or {}
        retreat = order.get("retreat")
        problems = []
        if not isinstance(steps, dict) or any(u not in alive or not isinstance(n, int) or isinstance(n, bool) or n < 0 for u, n in steps.items()):
            return [f"`steps:` maps defending units in {hex_id} ({', '.join(alive)}) to steps lost"]
        for unit_id, lost in steps.items():
            if lost > state["units"][unit_id]["steps"]:
                problems.append(f"{unit_id} has only {state['units'][unit_id]['steps']} steps")
        if retreat is not None:
            if battle["army"] != "german":
                return ["the German player never has the retreat option (11.28)"]
            problems += self.retreat_problems(data, state, battle, retreat, steps)
        absorbed = sum(steps.values()) + (1 if retreat else 0)
        total_steps = sum(state["units"][u]["steps"] for u in alive)
        if absorbed != lp and not (absorbed < lp and sum(steps.values()) == total_steps):
            problems.append(f"the battle at {hex_id} gave {lp} loss points; this answer absorbs {absorbed} (11.24, 11.29)")
        # 11.30: nobody eliminated before every involved unit is down to one step
        eliminated = [u for u, n in steps.items() if n >= state["units"][u]["steps"]]
        if eliminated:
            for other in alive:
                if other not in eliminated and state["units"][other]["steps"] - steps.get(other, 0) > 1:
                    problems.append(f"{eliminated[0]} may not be eliminated while {other} still has more than one step (11.30)")
                    break
        return problems

    def retreat_problems(self, data, state, battle, retreat, steps) -> list[str]:
        """11.25: every surviving defender retreats exactly one hex into a hex free of enemies."""
        grid, hex_id = self.grid(data), battle["hex"]
        survivors = [u for u in battle["defenders"] if u in state["units"] and steps.get(u, 0) < state["units"][u]["steps"]]
        if isinstance(retreat, str):
            retreat = {u: retreat for u in survivors}
        if not isinstance(retreat, dict) or set(retreat) != set(survivors):
            return [f"`retreat:` is one hex, or a hex for each surviving defender ({', '.join(survivors)}) (11.25)"]
        problems = []
        for unit_id, destination in retreat.items():
            destination = str(destination)
            army = self.army_of(data, unit_id)
            if not grid.adjacent(hex_id, destination):
                problems.append(f"{unit_id} may retreat one hex only; {destination} is not adjacent to {hex_id} (11.25)")
            elif self.enemies_in(data, state, destination, army):
                problems.append(f"{unit_id} may not retreat into {destination}: enemy units (11.25)")
            elif self.hexside(data, hex_id, destination) in ("lake", "sea") or self.terrain(data, destination) == "sea":
                problems.append(f"{unit_id} may not retreat across the hexside {hex_id}-{destination} (10.15, 10.17)")
            else:
                others = {self.army_of(data, u) for u in self.stacks(state).get(destination, [])} & set(ALLIANCE)
                if others - {army}:
                    problems.append(f"{unit_id} may not retreat into {destination}: Western and Soviet units never mix (11.28)")
        return problems

    def apply_response(self, data, state, orders, events, dice=None) -> None:
        answers = {o["battle"]: o for o in orders}
        retreated_into: dict[str, list[tuple[int, str]]] = {}
        for number, battle in enumerate(state["pending"]):
            answer = answers[battle["hex"]]
            steps, retreat = answer.get("steps") or {}, answer.get("retreat")
            lost = {}
            for unit_id, count in sorted(steps.items()):
                for _ in range(count):
                    if unit_id in state["units"]:
                        self.lose_step(state, unit_id)
                        lost[unit_id] = lost.get(unit_id, 0) + 1
            moves = {}
            if retreat:
                survivors = [u for u in battle["defenders"] if u in state["units"]]
                targets = {u: retreat for u in survivors} if isinstance(retreat, str) else retreat
                for unit_id, destination in sorted(targets.items()):
                    state["units"][unit_id]["hex"] = destination
                    moves[unit_id] = destination
                    retreated_into.setdefault(destination, []).append((number, unit_id))
            events.append({"event": "defender_choice", "hex": battle["hex"], "steps_lost": lost, "retreat": moves})
            for unit_id, destination in sorted(moves.items()):        # a retreat enters a hex: 3.9, 11.20
                self.enter_hex(data, state, destination, self.army_of(data, unit_id), events, dice)
            self.advance_after_combat(data, state, battle, events, dice)
        # 11.26: units that retreated into a hex attacked later this phase with LPs are eliminated
        for number, battle in enumerate(state["pending"]):
            for origin, unit_id in retreated_into.get(battle["hex"], []):
                if origin < number and battle["defender_lp"] > 0 and unit_id in state["units"]:
                    del state["units"][unit_id]
                    state["eliminated"].append(unit_id)
                    events.append({"event": "eliminated", "unit": unit_id, "hex": battle["hex"], "rule": "11.26"})

    def advance_after_combat(self, data, state, battle, events, dice=None) -> None:
        """11.33: attackers may move into a vacated defender hex (declared in the assault order)."""
        hex_id = battle["hex"]
        if self.enemies_in(data, state, hex_id, battle["army"]):
            return
        movers = [u for u in battle["advance"] if u in state["units"]]
        if not movers:
            return
        staying = [u for u in self.stacks(state).get(hex_id, [])]
        if self.stacking_problem(data, staying + movers):
            events.append({"event": "advance_refused", "hex": hex_id, "units": movers, "rule": "11.33, 8.2"})
            return
        for unit_id in movers:
            state["units"][unit_id]["hex"] = hex_id
        events.append({"event": "advance", "hex": hex_id, "units": movers, "rule": "11.33"})
        self.enter_hex(data, state, hex_id, battle["army"], events, dice)

    def take_control(self, data, state, hex_id: str, army: str, events) -> None:
        """3.9: control of a city switches when an enemy ground unit first enters it; 4.3 fanaticism."""
        if self.hex_info(data, hex_id).get("city") is not True:
            return
        if hex_id not in state["control"]:
            raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", f"who controlled the city in {hex_id} at the start (3.9)",
                                   "the map and set-up (3.9)", data.override_file)
        if state["control"][hex_id] == camp(army):
            return
        state["control"][hex_id] = camp(army)
        events.append({"event": "control", "hex": hex_id, "now": camp(army), "rule": "3.9"})
        if camp(army) == "alliance" and hex_id not in state.get("fell", [hex_id]):
            state["fell"].append(hex_id)                      # 6.16: no in-city supply there again
        if camp(army) == "alliance" and hex_id in RUHR_CITIES and hex_id not in state.get("ruhr_lost", [hex_id]):
            state["ruhr_lost"].append(hex_id)                 # 7.3 (1): lost "one or more times"
        if camp(army) == "alliance" and hex_id in state["fortresses"]:      # 11.20
            state["fortresses"].remove(hex_id)
            state["fortress_lost"].append(hex_id)
        if army == "german":
            vp = self.city_vp(data, hex_id)
            state["fanaticism_vp"] += vp
            events.append({"event": "fanaticism", "hex": hex_id, "vp": vp, "rule": "4.3"})

    def city_vp(self, data, hex_id: str) -> int:
        """4.2: listed VP, else the default (1)."""
        vp = self.hex_info(data, hex_id).get("vp")
        return int(vp if isinstance(vp, int) else data.get("map.vp_default", "the default city VP (4.2)"))

    # -- the interface ------------------------------------------------------------------------
    def check(self, data, state, side, orders) -> list[Problem]:
        orders = normalise_orders(orders)
        waiting = self.awaiting(state)
        if waiting.done:
            return [Problem(None, "the game is over (4.4)")]
        if not isinstance(orders, list) or any(not isinstance(o, dict) for o in orders):
            return [Problem(None, "`orders:` must be a list of mappings")]
        if state["phase"] == "placement":
            return self.check_placement(data, state, state["army"], orders)
        if state["phase"] == "movement":
            return self.check_moves(data, state, state["army"], orders)[0]
        if state["phase"] == "assault":
            return self.check_attacks(data, state, state["army"], orders)
        return self.check_response(data, state, orders)

    def canonical_orders(self, data, state, side, orders) -> list:
        """One form per meaning, for the dice seed: hex ids in their preferred spelling, `advance:`
        as a set (an empty one dropped), `with:` as a set with the loss order made explicit
        (11.30: it defaults to the order of `with:`, and the order of losses does matter)."""
        grid = self.grid(data)

        def hex_of(value):
            try:
                return grid.canonical(value) if isinstance(value, str) else value
            except ValueError:
                return value           # refused by check(); the seed is never drawn for it

        canonical = []
        for order in normalise_orders(orders):      # unquoted ids as text first
            if not isinstance(order, dict):
                canonical.append(order)
                continue
            for key in ("attack", "battle", "at"):
                if key in order:
                    order[key] = hex_of(order[key])
            if isinstance(order.get("path"), list):
                order["path"] = [hex_of(h) for h in order["path"]]
            if "attack" in order and isinstance(order.get("with"), list):
                order.setdefault("losses", list(order["with"]))
                order["with"] = sorted(order["with"], key=str)
                if order.get("advance") == []:
                    del order["advance"]
                elif isinstance(order.get("advance"), list):
                    order["advance"] = sorted(order["advance"], key=str)
            canonical.append(order)
        return canonical

    def apply(self, data, state, side, orders, dice: Dice) -> Outcome:
        outcome = self.apply_step(data, state, side, orders, dice)
        self.check_collapse(data, outcome.state, outcome.events)
        return outcome

    def apply_step(self, data, state, side, orders, dice: Dice) -> Outcome:
        orders = normalise_orders(orders)
        self.require_legal(data, state, side, orders)
        events: list = []
        army = state["army"]
        if state["phase"] == "placement":
            for order in orders:
                hex_id = self.grid(data).canonical(str(order["at"]))
                state["units"][order["place"]] = {"hex": hex_id, "steps": self.counter(data, order["place"])["steps"]}
                del state["to_place"][order["place"]]
                events.append({"event": "placed", "unit": order["place"], "hex": hex_id, "rule": "3.6" if army == "german" else "3.7"})
            self.next_placement(data, state, after=army)
            return Outcome(state, events)
        if state["phase"] == "movement":
            replacing = [o for o in orders if "replace" in o]
            if replacing and (army != "german" or self.german_replacement_granted(data, state, dice, events)):
                for order in replacing:
                    unit_id, steps = order["replace"], order["steps"]
                    if unit_id in state["eliminated"]:
                        state["eliminated"].remove(unit_id)
                        state["reinforcements"][unit_id] = {"turn": state["turn"], "steps": steps}
                    else:
                        state["units"][unit_id]["steps"] += steps
                    key = "yugoslav" if self.counter(data, unit_id).get("nationality") == "yugoslavian" else "total"
                    used = state.setdefault("replacements_used", {})
                    used[f"{army}.{key}"] = used.get(f"{army}.{key}", 0) + steps
                    events.append({"event": "replacement", "unit": unit_id, "steps": steps, "rule": "9.9" if unit_id in state["units"] else "9.10"})
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
                elif "declare_fortress" in order:
                    hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
                    state["fortresses"] = sorted(set(state["fortresses"]) | {hex_id})
                    events.append({"event": "fortress", "hex": hex_id, "rule": "11.19"})
                elif len(order["path"]) > 1:
                    path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                    state["units"][order["move"]]["hex"] = path[-1]
                    events.append({"event": "move", "unit": order["move"], "path": path})
                    for hex_id in path[1:]:
                        self.enter_hex(data, state, hex_id, army, events, dice)
            if army == "german":                     # 9.1, 9.5: German reinforcements not entered are lost
                for unit_id, entry in sorted(state["reinforcements"].items()):
                    if self.army_of(data, unit_id) == "german" and entry["turn"] <= state["turn"]:
                        del state["reinforcements"][unit_id]
                        state["eliminated"].append(unit_id)
                        events.append({"event": "forfeit", "unit": unit_id, "rule": "9.1"})
            state["phase"] = "assault"
            state["last_combats"] = []
            return Outcome(state, events)
        if state["phase"] == "assault":
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
                else:
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
            return Outcome(state, events)
        self.apply_response(data, state, orders, events, dice)
        self.end_player_turn(data, state, events)
        return Outcome(state, events)

    def check_collapse(self, data, state, events) -> None:
        """7.3: the German economy collapses the instant (here: at the end of the step in which)
        all four Ruhr cities have been lost at some time, Berlin is Alliance-controlled, or no path
        of at most 20 hexes free of Alliance units joins a German-held Ruhr city to Berlin."""
        if state.get("level") != "standard" or state.get("collapsed"):
            return
        for hex_id in RUHR_CITIES + (BERLIN,):
            if hex_id not in state["control"]:
                raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", f"who controlled {hex_id} at the start (3.9), "
                                       "to judge the economic collapse (7.3)", "the map and set-up (3.9)", data.override_file)
        reason = None
        if set(RUHR_CITIES) <= set(state["ruhr_lost"]):
            reason = "all four Ruhr cities have been lost (7.3 1)"
        elif state["control"].get(BERLIN) == "alliance":
            reason = "Berlin is under Alliance control (7.3 2)"
        else:
            held = [h for h in RUHR_CITIES if state["control"].get(h) == "german"]
            if not any(self.trace(data, state, h, "german", lambda x: x == BERLIN, set(), max_length=20) for h in held):
                reason = "no path of 20 hexes or fewer, free of Alliance units, from a German Ruhr city to Berlin (7.3 3)"
        if reason:
            state["collapsed"] = True
            events.append({"event": "collapse", "why": reason, "rule": "7.3"})

    def end_player_turn(self, data, state, events) -> None:
        self.next_player_turn(state)
        if state.get("game_over"):
            events.append(self.victory(data, state))

    def victory(self, data, state) -> dict:
        """4.4: German VPs = German-controlled city VPs + fanaticism VPs; more than 6 wins."""
        cities = sum(self.city_vp(data, h) for h, c in sorted(state["control"].items()) if c == "german")
        total = cities + state["fanaticism_vp"]
        winner = "german" if total > VICTORY_THRESHOLD else "alliance"
        state["winner"] = winner
        return {"event": "victory", "city_vp": cities, "fanaticism_vp": state["fanaticism_vp"], "total": total, "winner": winner, "rule": "4.4"}

    def template(self, data, state, side) -> dict:
        waiting = self.awaiting(state)
        army = state["army"]
        notes: list[str] = [waiting.phase]
        orders: list = []
        if state["phase"] == "placement":
            notes.append("Place every unit below (none may be withheld, 3.6/3.7): `place: UNIT` with `at: HEX`.")
            for unit_id, code in sorted(state["to_place"].items()):
                if code in PLACEMENT_CODES[army]:
                    orders.append({"place": unit_id, "at": "HEX"})
                    notes.append(f"  {unit_id}: code {code}")
        elif state["phase"] == "movement":
            notes.append("Give each unit's path from its hex; a path of one hex means it stays (10.2).")
            if army == "german":
                notes.append("German: `- declare_fortress: HEX` makes an occupied start-German city a fortress (11.19).")
            notes.append("Replacements first (9.9): `- replace: UNIT` with `steps: N`; reinforcements: `- enter: UNIT` with `path: [ENTRY HEX, ...]` (9.2).")
            for unit_id, entry in sorted(state["reinforcements"].items()):
                if self.army_of(data, unit_id) == army and entry["turn"] <= state["turn"]:
                    notes.append(f"  reinforcement available: {unit_id} ({entry['steps']} steps)" + (" — must enter now or is lost (9.1)" if army == "german" else ""))
            for unit_id, unit in sorted(state["units"].items()):
                if self.army_of(data, unit_id) == army:
                    orders.append({"move": unit_id, "path": [unit["hex"]]})
        elif state["phase"] == "assault":
            notes.append("Possible assaults: `attack: HEX` with `with: [units]`; optional `advance:` (11.33) and `losses:` order (11.30).")
            grid = self.grid(data)
            for hex_id, units in sorted(self.stacks(state).items()):
                if units and self.army_of(data, units[0]) != army and camp(self.army_of(data, units[0])) != camp(army):
                    adjacent = [u for u, v in sorted(state["units"].items())
                                if self.army_of(data, u) == army and grid.adjacent(v["hex"], hex_id)]
                    if adjacent:
                        notes.append(f"  {hex_id}: defended by {', '.join(units)}; adjacent: {', '.join(adjacent)}")
        else:
            for battle in state["pending"]:
                notes.append(f"Battle at {battle['hex']}: absorb {battle['defender_lp']} loss points with steps"
                             + (" or one hex of retreat (11.25)" if battle["army"] == "german" else " (11.29)"))
                orders.append({"battle": battle["hex"], "steps": {u: 0 for u in battle["defenders"] if u in state["units"]}})
        return {"notes": notes, "orders": orders}

    def describe(self, data, state, events) -> list:
        blocks: list = []
        for event in events:
            kind = event["event"]
            if kind == "enter":
                moved = f" and moves {' → '.join(event['path'])}" if len(event["path"]) > 1 else ""
                blocks.append(("item", f"{event['unit']} enters at {event['path'][0]}{moved} (9.2)"))
            elif kind == "assault":
                shifts = ", ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in event["shifts"]) or "none"
                blocks.append(("h3", f"Prepared assault on {event['hex']}"))
                blocks.append(("table", ["", ""], [
                    ["Attackers", f"{', '.join(event['attackers'])} — {event['attack']} attack factors"],
                    ["Defenders", f"{', '.join(event['defenders'])} — {event['defense']} defense factors"],
                    ["Odds", f"{event['odds']} (11.8/11.9) → column {event['base_column']}"
                     + (f"; out of supply, halved (6.3): {', '.join(event['out_of_supply'])}" if event.get("out_of_supply") else "")],
                    ["Shifts", shifts],
                    ["Final column", event["column"]],
                    ["Die roll", f"{event['roll']} (1d6, purpose crt/{event['hex']})"],
                    ["Result", f"{event['result']} attacker/defender loss points (11.24; cell from {event['cell_provenance']})"],
                ]))
            elif kind in ("attacker_losses", "defender_losses"):
                who = "Attacker" if kind == "attacker_losses" else "Defender"
                lost = ", ".join(f"{u} −{n}" for u, n in sorted(event["steps_lost"].items())) or "none"
                blocks.append(("item", f"{who} losses at {event['hex']}: {lost} ({event['rule']})"))
            elif kind == "defender_choice":
                lost = ", ".join(f"{u} −{n}" for u, n in sorted(event["steps_lost"].items())) or "no steps"
                moved = ", ".join(f"{u} → {h}" for u, h in sorted(event["retreat"].items()))
                blocks.append(("item", f"Defender at {event['hex']} chose: {lost}" + (f"; retreat {moved} (11.25)" if moved else "")))
            elif kind in EVENT_LINES:
                blocks.append(("item", EVENT_LINES[kind].format_map(_Readable(event))))
            elif kind == "awaiting_response":
                blocks.append(("p", f"Waiting for {event['side']} to choose losses/retreats at {', '.join(event['battles'])}."))
            elif kind == "victory":
                blocks.append(("h3", "End of game (4.4)"))
                blocks.append(("p", f"German VPs: {event['city_vp']} for cities + {event['fanaticism_vp']} fanaticism = {event['total']}. "
                                    f"Winner: {event['winner']}."))
        return blocks

    def unit_side(self, data, state, unit_id) -> str:
        return self.army_of(data, unit_id)

    def unit_label(self, data, state, unit_id, side=None) -> str:
        """"attack-defense-movement" of the unit's current face (11.7 fog of war is not enforced)."""
        try:
            f = self.factors(data, unit_id, state["units"][unit_id]["steps"])
            return f"{f['attack']}-{f['defense']}-{f['movement']}"
        except PbemError:
            return "?-?-?"

    side_colours = {"german": "#c4ccd6", "soviet": "#f2c9bd", "western": "#d5e4b8"}
    hexside_lines = {"rhine": "rhine", "river": "river", "lake": "lake", "sea": "sea", "atc": "atc"}
    open_collections = ("map.hexes.<HEX>: {terrain: ...}, map.hexsides.<A|B>: river|rhine|lake|sea|atc, "
                        "units.counters.<ID>: {...}")

    def map_units(self, data, state, side=None) -> list[MapUnit]:
        return [MapUnit(u, v["hex"], self.unit_label(data, state, u, side), self.unit_side(data, state, u))
                for u, v in sorted(state["units"].items())]

    def map_marks(self, data, state) -> dict[str, str]:
        marks: dict[str, str] = {}
        for combat in state["last_combats"]:
            label = str(combat["label"]).replace(" roll ", "\nroll ", 1)       # "COLUMN\nroll N: RESULT"
            marks[combat["hex"]] = f"{marks[combat['hex']]}\n{label}" if combat["hex"] in marks else label
        return marks

    def demo_plan(self):
        from . import smithereens_demo
        return smithereens_demo.plan()

    def setup_note(self, data, state) -> str | None:
        if state["units"] == {} and not state["to_place"]:
            return ("no units are on the map — counters are not in the rulebook text; add them to the data "
                    "override as units.counters.ID (see `pbem data missing` and docs/data-format.md)")
        return None

    def positions(self, data, state, side=None) -> list:
        rows = []
        for hex_id, units in sorted(self.stacks(state).items()):
            for unit_id in units:
                unit = state["units"][unit_id]
                rows.append([hex_id, unit_id, self.army_of(data, unit_id), str(unit["steps"])])
        return rows


GAME = Smithereens()
