"""End of the Iron Dream, behaviour 3: the holding boxes (7.1, 7.2, 7.8, 7.21, 7.22; 5.2.1), the
WA replacements by theater (7.13, 4.9), the Free French conversion (7.25) and the German
reserve corps' conversion (7.26).

state["boxes"] = {"eto": {UNIT: steps}, "mto": {...}, "german": {...}}: the combat units in the
two WA theater holding boxes and the German Replacement Army Holding Box, off the map (not in
state["units"]). The position gives them (`positions.NAME.boxes`, each of the three keys, `{}`
for an empty box; a unit `{steps: N}` or `{}` for full strength: 3.11 A-E put 13 WA corps in
the ETO box). state["invasion_ports"] holds the invasion-port counters in each box and those
ashore (14.8 A: one in the MTO box, two in the ETO box).

Orders of the Replacement and Reinforcement Phase (the first orders of the player-turn's first
Operational Movement file, 5.2.1, as the Axis `place:`):
- WA `arrive: UNIT, box: eto|mto`: each reinforcement due this turn is placed in a box of the
  WA's choice (7.1 A; 2.14: the schedule `reinforcements.reinforcements.schedule`); every one
  due must be placed in the first file (7.1 A "at the start of their scheduled turn"); so is
  every WA SU burned off or withdrawn (15.23.1) since the last WA Replacement and Reinforcement
  Phase (5.2.1 A: "Place SUs burned off during the last WA player-turn into either theater
  holding box"; 15.23.3 C: state["su_burned"]), which then sails ashore normally;
- WA `replace: UNIT` (and `theater: eto|mto` when the unit's GS lines reach sources of both
  theaters, 4.9 E): 7.13, one green step per theater and one tan step in either, from Turn 2; a
  unit in a box is in GS (5.2.1 B) and in that box's theater;
- WA `recreate: UNIT, box: eto|mto` (7.11, 7.21): a WA unit of the dead pile (not destroyed for
  good: 7.17, the airborne corps excepted) comes back into that theater holding box with one step
  (a two-step unit on its weaker side), one of 7.13's steps of its army group in the box's theater;
  it absorbs no other step this player-turn (7.16 A) and, landed this turn, moves no further (7.21,
  sea.py), as a unit fleshed out in its box;
- WA `convert: wa-mtn-FX` (7.25): the FX corps, at full strength and in GS on the map, goes to
  the MTO Permanently Destroyed Units Box at the start of a WA player-turn after Turn 1; F1
  arrives in the MTO box at the start of the next WA player-turn, F2 at the one after (7.25 C);
- Axis `convert: [UNIT, ...]` (7.26): one non-mechanized step flips the first reserve corps
  to its 3-4-5 side, the next step the remaining two; a converted corps is a one-step 3-4-5
  (state["reserve_converted"]: common.factor reads its full side with one step);
- Axis `replace: UNIT` fleshes out a unit in the German box (7.22 A); `place:` brings it out as
  a reinforcement (7.22 A, reinforcements.py)."""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import reinforcements
from .common import counter, full_steps, grid, mapdata, plays
from .setup_data import not_in_scenario
from .supply_play import LHJ, in_gs, lines

BOXES = ("eto", "mto", "german")
THEATERS = ("eto", "mto")
# 4.9 B-C: an Atlantic port or coastal hex is in the ETO, a Mediterranean or Adriatic one in the
# MTO; 14.7, 4.9 D: no WA sea movement in the Baltic and Black Seas in Iron Dream, in Let History
# Judge the Baltic is the ETO's and the Black Sea the MTO's
COAST_THEATER = {"iron-dream": {"atlantic": "eto", "mediterranean": "mto", "adriatic": "mto"},
                 LHJ: {"atlantic": "eto", "mediterranean": "mto", "adriatic": "mto", "baltic": "eto", "black": "mto"}}
KEYS = ("arrive", "convert", "theater", "box")
WA_ORDERS = ("WA Replacement and Reinforcement Phase orders: `arrive: UNIT, box: eto|mto` (7.1 A), `replace: UNIT` "
             "(+ `theater: eto|mto` when both, 4.9 E; 7.13), `recreate: UNIT, box: eto|mto` (7.11, 7.21), "
             "`convert: wa-mtn-FX` (7.25)")
PER_TURN = "reinforcements.replacements.per_turn.western_allies"
FRENCH = "reinforcements.replacements.free_french_conversion"
RESERVE = "reinforcements.replacements.german_reserve_corps"


# -- set-up ----------------------------------------------------------------------------------
def start(data: GameData, state: dict) -> None:
    """The boxes of the agreed position and the invasion-port counters of 14.8 A."""
    name = state["position"]
    path = f"positions.{name}.boxes"
    given = data.get(path, "the units in the holding boxes: ETO, MTO and the German Replacement Army box (3.11, 7.1, 7.8)")
    if not isinstance(given, dict) or set(given) != set(BOXES):
        raise PbemError(f"data `{path}` must give the three boxes {', '.join(BOXES)} (`{{}}` for an empty one)", data.override_file)
    excluded = not_in_scenario_of(data, state)
    boxes: dict[str, dict[str, int]] = {}
    for box in BOXES:
        units = given[box]
        if not isinstance(units, dict):
            raise PbemError(f"data `{path}.{box}` must map units to `{{steps: N}}` or `{{}}`", data.override_file)
        boxes[box] = {}
        for unit_id in sorted(units):
            boxes[box][unit_id] = box_unit(data, state, f"{path}.{box}.{unit_id}", box, unit_id, units[unit_id], excluded)
    state["boxes"] = boxes
    if plays(data, 4) and state["scenario"] == LHJ:
        from .lhj_boxes import start as lhj_start
        lhj_start(data, state)                                           # 27.3 K, 27.4 C, K
        return
    at_start = data.get("invasions.invasions.at_start", "the invasion-port counters in each box at the start (14.8 A)")
    state["invasion_ports"] = {"eto": int(at_start["eto_box"]), "mto": int(at_start["mto_box"]), "ashore": []}


def not_in_scenario_of(data: GameData, state: dict) -> set[str]:
    from ...gamedata import load_scenario
    return set(not_in_scenario(load_scenario("end-of-the-iron-dream", state["scenario"])[0]))


def box_unit(data: GameData, state: dict, path: str, box: str, unit_id: str, value: object, excluded: set[str]) -> int:
    """One unit of a box at the start: its army the box's, off the map, in the scenario."""
    side = str(counter(data, unit_id)["side"])
    if side != ("axis" if box == "german" else "western") or (box == "german" and unwrap(counter(data, unit_id).get("nation")) != "german"):
        raise PbemError(f"data `{path}`: {unit_id} is not a {'German' if box == 'german' else 'WA'} unit", data.override_file)
    if unit_id in state["units"] or unit_id in excluded:
        raise PbemError(f"data `{path}`: {unit_id} is on the map or not in {state['scenario']} (3.11 G)", data.override_file)
    if not isinstance(value, dict) or set(value) - {"steps"}:
        raise PbemError(f"data `{path}` must be `{{steps: N}}` or `{{}}`", data.override_file)
    full = full_steps(data, unit_id)
    steps = int(value.get("steps", full))
    if not 1 <= steps <= full:
        raise PbemError(f"data `{path}.steps` must be 1..{full}", data.override_file)
    return steps


def holds(state: dict, unit_id: str) -> str | None:
    """The box holding a unit, if any."""
    for box, units in state.get("boxes", {}).items():
        if unit_id in units:
            return str(box)
    return None


def coast_theater(data: GameData, state: dict, hex_id: str) -> str | None:
    """4.9 B-D, 14.7: the theater of a port or coastal hex by its sea (map.hexes.HEX.coast)."""
    info = mapdata(data).info(hex_id)
    if "coast" not in info:
        from ...errors import UnknownDataError
        raise UnknownDataError(f"map.hexes.{hex_id}.coast", f"the sea of hex {hex_id} (4.9: its theater)", "the map",
                               data.override_file)
    return COAST_THEATER[LHJ if state["scenario"] == LHJ else "iron-dream"].get(str(info["coast"]))


def unit_theaters(data: GameData, state: dict, unit_id: str) -> set[str]:
    """4.9 B-C: the theaters of a WA unit: its box's, or those of the sources its GS lines reach
    (and of its own coastal hex, 15.14 C)."""
    box = holds(state, unit_id)
    if box:
        return {box}
    hex_id = state["units"][unit_id]["hex"]
    owner, mine, ezoc, listed, _ = lines(data, state, "western")
    from . import supply
    from .supply_play import blocked
    found = set()
    for theater in THEATERS:
        mine_sources = [h for h in listed if coast_theater(data, state, h) == theater]
        reach = supply.general_supply(data, "western", state["scenario"], grid(data), mine_sources, mine, ezoc, blocked(data))
        if hex_id in reach:
            found.add(theater)
    own = mapdata(data).info(hex_id).get("coast")
    if own is not None:
        sea = COAST_THEATER[LHJ if state["scenario"] == LHJ else "iron-dream"].get(str(own))
        if sea:
            found.add(sea)
    return found


# -- the WA Replacement and Reinforcement Phase ------------------------------------------------
def wa_problems(data: GameData, trial: dict, orders: list) -> list[tuple[int | None, str]]:
    """Every WA order of the phase tried on `trial` (changed as apply would), then the steps
    used against 7.13 and every reinforcement due placed (7.1 A)."""
    used: list[tuple[str, str]] = []                  # (group, theater) of each step
    for index, order in enumerate(orders):
        why = wa_order_problem(data, trial, order, used)
        if why:
            return [(index, why)]
    if used:
        why = steps_problem(data, trial, used)
        if why:
            return [(None, why)]
    if burned(trial):
        return [(None, f"{', '.join(burned(trial))} burned off or withdrawn last WA player-turn: place each in a theater "
                       "holding box, `arrive: UNIT, box: eto|mto` (5.2.1 A, 15.23.3 C)")]
    left = [u for u in reinforcements.due(data, trial, "western") if u not in french_units(data)]
    if left:
        return [(None, f"{', '.join(left)} arrive(s) this turn: place each in a theater holding box, `arrive: UNIT, "
                       "box: eto|mto` (7.1 A)")]
    return []


def wa_order_problem(data: GameData, trial: dict, order: dict, used: list) -> str | None:
    if "freikorps" in order:                          # 27.5 A: NATO's Freikorps in the same phase (Let History Judge)
        from .freikorps import place_problem
        return place_problem(data, trial, order)
    if "arrive" in order:
        unit_id, box = order.get("arrive"), order.get("box")
        if set(order) != {"arrive", "box"} or box not in THEATERS:
            return WA_ORDERS
        if unit_id in burned(trial):                  # 5.2.1 A, 15.23.3 C
            trial["su_burned"] = {**trial["su_burned"], "western": [u for u in burned(trial) if u != unit_id]}
            trial["boxes"][box][str(unit_id)] = full_steps(data, str(unit_id))
            return None
        if unit_id not in reinforcements.due(data, trial, "western") or unit_id in french_units(data):
            return f"{unit_id} is not a WA reinforcement due by Turn {trial['turn']} (2.14, {reinforcements.SCHEDULE}; 7.25 C)"
        trial["boxes"][box][str(unit_id)] = full_steps(data, str(unit_id))
        return None
    if "convert" in order:
        return convert_fx_problem(data, trial, order)
    if "recreate" in order:
        return wa_recreate_problem(data, trial, order, used)
    if "replace" not in order or set(order) - {"replace", "theater"}:
        return WA_ORDERS
    return wa_replace_problem(data, trial, str(order["replace"]), order.get("theater"), used)


def wa_replace_problem(data: GameData, trial: dict, unit_id: str, theater: object, used: list) -> str | None:
    """7.11, 7.13, 7.16 A, 7.17, 7.21, 5.2.1 B for one WA step."""
    first = numbers.integer(data, f"{PER_TURN}.from_turn", "the first WA replacement turn (7.13)")
    if trial["turn"] < first:
        return f"the WA receive replacements from Turn {first} (7.13, 6.8)"
    box = holds(trial, unit_id)
    if not box and (unit_id not in trial["units"] or trial["units"][unit_id]["side"] != "western"):
        return (f"{unit_id} is not a WA unit on the map or in a holding box (7.11; a unit of the dead pile: "
                "`recreate: UNIT, box: eto|mto`, 7.21)")
    steps = trial["boxes"][box][unit_id] if box else trial["units"][unit_id]["steps"]
    if steps >= full_steps(data, unit_id):
        return f"{unit_id} is at full strength: only depleted units flesh out (7.11, 7.12)"
    done = trial.get("replaced")
    if done and done["turn"] == trial["turn"] and done["army"] == "western" and unit_id in done["units"]:
        return f"{unit_id} has absorbed a step this player-turn: one per unit (7.16 A)"
    if not box and unit_id not in in_gs(data, trial, "western"):
        return f"{unit_id} is out of general supply and may not flesh out (7.17)"
    theaters = unit_theaters(data, trial, unit_id)
    if theater is None and len(theaters) > 1:
        return f"{unit_id} traces GS to both theaters: say which, `theater: eto|mto` (4.9 E)"
    if theater is not None and theater not in theaters:
        return f"{unit_id} is not in the {theater} (4.9 B-C): {', '.join(sorted(theaters)) or 'no theater'}"
    group = str(unwrap(counter(data, unit_id).get("group")))
    used.append((group, str(theater or next(iter(theaters)))))
    if box:
        trial["boxes"][box][unit_id] = steps + 1
    else:
        trial["units"][unit_id]["steps"] = steps + 1
    trial["replaced"] = {"turn": trial["turn"], "army": "western",
                         "units": [*(done["units"] if done and done["turn"] == trial["turn"] else []), unit_id]}
    return None


def burned(state: dict) -> list[str]:
    """15.23.3 C: the WA SUs burned off or withdrawn, off the map until placed in a box."""
    return list(state.get("su_burned", {}).get("western", []))


def wa_recreate_problem(data: GameData, trial: dict, order: dict, used: list) -> str | None:
    """7.11, 7.13, 7.16 A, 7.17, 7.21 for one WA unit recreated into a theater holding box."""
    from .recreated import dead
    unit_id, box = order.get("recreate"), order.get("box")
    if set(order) != {"recreate", "box"} or not isinstance(unit_id, str) or box not in THEATERS:
        return WA_ORDERS
    first = numbers.integer(data, f"{PER_TURN}.from_turn", "the first WA replacement turn (7.13)")
    if trial["turn"] < first:
        return f"the WA receive replacements from Turn {first} (7.13, 6.8)"
    found = dead(trial, unit_id)
    if found is None or found["side"] != "western":
        return f"{unit_id} is not in the WA dead pile (7.11)"
    if found.get("permanent"):
        return f"{unit_id} was destroyed for good (7.17, 15.9 A) and is not recreated"
    used.append((str(unwrap(counter(data, unit_id).get("group"))), str(box)))
    trial["dead"] = [d for d in trial["dead"] if d["unit"] != unit_id]
    trial["boxes"][box][unit_id] = 1
    done = trial.get("replaced")
    trial["replaced"] = {"turn": trial["turn"], "army": "western",
                         "units": [*(done["units"] if done and done["turn"] == trial["turn"] else []), unit_id]}
    return None


def steps_problem(data: GameData, trial: dict, used: list[tuple[str, str]]) -> str | None:
    """7.13 A-B: a green step in each theater, a tan step in either; 17.1 B, 4.10 D: the
    paratroops (group `either`) take whichever is free."""
    green = numbers.integer(data, f"{PER_TURN}.green_steps_per_theater", "the green steps per theater (7.13 A)")
    tan = numbers.integer(data, f"{PER_TURN}.tan_steps", "the tan steps (7.13 B)")
    need_tan = sum(1 for g, _ in used if g == "tan")
    for theater in THEATERS:
        mine = sum(1 for g, t in used if g == "green" and t == theater)
        if mine > green:
            return f"{mine} green steps used in the {theater}, {green} a turn (7.13 A)"
        either = sum(1 for g, t in used if g == "either" and t == theater)
        need_tan += max(0, either - (green - mine))
    if need_tan > tan:
        return f"{need_tan} tan steps used, {tan} a turn (7.13 B)"
    return None


def apply_wa(data: GameData, state: dict, orders: list, events: list) -> None:
    for order in orders:
        su = "arrive" in order and str(order["arrive"]) in burned(state)
        wa_order_problem(data, state, order, [])
        if "arrive" in order:
            events.append({"event": "arrive", "unit": order["arrive"], "box": order["box"],
                           "rule": "5.2.1 A, 15.23.3 C" if su else "7.1 A"})
        elif "convert" in order:
            events.append({"event": "convert", "unit": order["convert"], "rule": "7.25 B"})
        elif "recreate" in order:
            events.append({"event": "recreated", "unit": order["recreate"], "at": f"in the {order['box']} holding box",
                           "rule": "7.11, 7.21"})
        elif "freikorps" in order:
            unit_id = str(order["freikorps"])
            events.append({"event": "freikorps", "unit": unit_id, "hex": state["units"][unit_id]["hex"], "rule": "27.5 A"})
        else:
            unit_id = str(order["replace"])
            box = holds(state, unit_id)
            events.append({"event": "replaced", "unit": unit_id,
                           "steps": state["boxes"][box][unit_id] if box else state["units"][unit_id]["steps"],
                           **({"box": box} if box else {})})


# -- 16.8, 16.10 the German box at the collapse ----------------------------------------------
def after_collapse_left(data: GameData, trial: dict) -> list[str]:
    """16.8: after the collapse, the units of the Replacement Army Holding Box (7.8: the withheld
    reinforcements too) "must be brought out and placed normally at the start of the next German
    Replacement Phase": those the file leaves there."""
    due = [u for u in reinforcements.due(data, trial, "axis") if unwrap(counter(data, u).get("nation")) == "german"]
    left = sorted({*trial["boxes"]["german"], *due})
    # the Wehrkreis hexes (16.10) are read only when there is a unit to place on them
    if not left or not reinforcements.entry_hexes(data, trial):
        return []                              # no Wehrkreis left to place them on: they wait (a reading)
    return left


# -- 7.25 the Free French conversion ------------------------------------------------------------
def french_units(data: GameData) -> tuple[str, str, str]:
    units = data.get(f"{FRENCH}.units", "the FX, F1 and F2 counters (7.25)")
    return str(units["fx"]), str(units["f1"]), str(units["f2"])


def convert_fx_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """7.25 A-B, D: after Turn 1, the FX corps on the map, in GS and at full strength."""
    fx, _, _ = french_units(data)
    if set(order) != {"convert"} or order["convert"] != fx:
        return f"the WA convert the FX corps: `convert: {fx}` (7.25)"
    first = numbers.integer(data, f"{FRENCH}.from_turn", "the first turn of the conversion (7.25 A)")
    if trial["turn"] < first:
        return f"the FX corps is converted from Turn {first} (7.25 A-B)"
    if fx not in trial["units"]:
        return f"{fx} is not on the map: it is converted from the map (7.25 B)"
    if trial["units"][fx]["steps"] < full_steps(data, fx):
        return f"{fx} is depleted: it is built up to full strength first, with green replacements (7.25 D)"
    if trial.get("replaced", {}).get("turn") == trial["turn"] and fx in trial["replaced"]["units"]:
        return f"{fx} fleshed out this player-turn: it is converted at the start of a later one (7.25 B)"
    if fx not in in_gs(data, trial, "western"):
        return f"{fx} must be in GS at the instant of the conversion (7.25 B)"
    trial["units"].pop(fx)
    trial["dead"] = sorted([*trial["dead"], {"unit": fx, "side": "western", "permanent": True}], key=lambda d: d["unit"])
    trial["french"] = {"converted": trial["turn"]}
    return None


def start_of_wa_turn(data: GameData, state: dict, events: list) -> None:
    """7.25 C: F1 arrives in the MTO box at the start of the next WA player-turn after the
    conversion, F2 at the one after."""
    done = state.get("french")
    if not done:
        return
    _, f1, f2 = french_units(data)
    box = numbers.text(data, f"{FRENCH}.arrival_box", "the box of the French arrivals (7.25 C)")
    for unit_id, key in ((f1, "f1_arrives_turns_after"), (f2, "f2_arrives_turns_after")):
        turn = done["converted"] + numbers.integer(data, f"{FRENCH}.{key}", "the French arrivals (7.25 C)")
        if state["turn"] == turn and holds(state, unit_id) is None and unit_id not in state["units"]:
            state["boxes"][box][unit_id] = full_steps(data, unit_id)
            events.append({"event": "arrive", "unit": unit_id, "box": box, "rule": "7.25 C"})


# -- 7.26 the German reserve corps -------------------------------------------------------------
def reserve_corps(data: GameData) -> tuple[str, ...]:
    """7.26's 62R, 64R and 66R: the counters marked `reserve: true` (as 26.6.11 reads them)."""
    def read() -> tuple[str, ...]:
        counters = data.get("units.counters", "the unit counters")
        return tuple(sorted(k for k, v in counters.items() if isinstance(v, dict) and unwrap(v.get("reserve")) is True))
    return data.derived("eid.reserve_corps", read)


def converted(state: dict, unit_id: str) -> bool:
    """7.26: a reserve corps flipped to its 3-4-5 side, thereafter a one-step unit."""
    return unit_id in state.get("reserve_converted", [])


def convert_reserve_problem(data: GameData, trial: dict, order: dict, used: dict) -> str | None:
    """7.26: one non-mechanized step flips the first corps, the next the remaining two (those on
    the map; 7.17 in GS)."""
    units = order.get("convert")
    if set(order) != {"convert"} or not isinstance(units, list) or not units:
        return "the Axis converts reserve corps with `convert: [UNIT, ...]` (7.26)"
    units = [str(u) for u in units]
    corps = reserve_corps(data)
    done = list(trial.get("reserve_converted", []))
    count = numbers.integer(data, f"{RESERVE}.{'first' if not done else 'second'}_step_flips", "7.26")
    remaining = sorted(u for u in corps if u not in done and u in trial["units"])
    want = remaining if done else None
    if len(done) + 1 > len(corps) or (want is not None and sorted(units) != want) or (want is None and len(units) != count) \
            or any(u not in corps or u in done for u in units):
        return (f"7.26: the first step flips one reserve corps of {', '.join(corps)}, the second the remaining ones on the map"
                f"{': ' + ', '.join(remaining) if done else ''}")
    for unit_id in units:
        if unit_id not in trial["units"]:
            return f"{unit_id} is not on the map (7.26)"
        if unit_id not in in_gs(data, trial, "axis"):
            return f"{unit_id} is out of general supply and may not flesh out (7.17)"
    used["non_mechanized"] += 1
    trial["reserve_converted"] = sorted([*done, *units])
    for unit_id in units:
        trial["units"][unit_id]["steps"] = 1
    return None


def reserve_replace_problem(data: GameData, unit_id: str) -> str | None:
    """7.26: a reserve corps is fleshed out by its conversion only; converted, it has one step."""
    if unit_id in reserve_corps(data):
        return f"{unit_id} is a reserve corps: `convert: [UNIT, ...]` flips it to its 3-4-5 side, a one-step unit (7.26)"
    return None
