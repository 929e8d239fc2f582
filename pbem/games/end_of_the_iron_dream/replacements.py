"""End of the Iron Dream, behaviour 2: the Replacement Phase (5.1.1 D-F, 5.3.1; 7.11-7.27) as the
first orders of the player-turn's first Operational Movement file (one file, no extra round trip):

- `replace: UNIT`: one step fleshing out a depleted unit on the map (7.11, 7.12 B), in GS (7.17),
  one step per unit (7.16 A); it may not move or mobile assault this player-turn (7.19);
- Axis only: `surge: true` (7.23) and `cannibalize: UNIT` (7.27).
The steps: Axis 7.15 with the surge (7.23 B-C), cannibalization (7.27 C), the lost secondary
economic hexes (16.4-16.5, 7.18) and the collapse (16.8), through economy.axis_replacements;
Soviet 7.14 (27.3: none in Let History Judge); none on Turn 1 (6.8). Units recreated from the dead
pile and the WA replacements (7.13, by theater, 4.9) are in the campaign's not-enforced list."""

from __future__ import annotations

from ...gamedata import GameData, load_scenario, unwrap
from ...kit import numbers
from ..base import Problem
from . import boxes, economy, forts, freikorps, fuhrer, recreate, recreated, reinforcements, supply_units, yugoslavia
from .common import A_UNIT_OF, counter, full_steps, grid, is_type, plays
from .supply_play import LHJ, collapsed, control, in_gs

KEYS = ("replace", "surge", "cannibalize", "place", "okh", "recreate", "freikorps", "fort", "arrive", "convert")
REPLACE = ("the Reinforcement and Replacement Phase comes first: `replace: UNIT` (7.11), Axis `place: UNIT, at: HEX` "
           "(7.5), `surge: true` (7.23) and `cannibalize: UNIT` (7.27), before any move, in the phase's first file (5.1.1)")
PER_TURN = "reinforcements.replacements.per_turn"


def leading(orders: list) -> int:
    """How many of the file's first orders belong to the Replacement Phase."""
    count = 0
    while count < len(orders) and set(orders[count]) & set(KEYS):
        count += 1
    return count


def lost(data: GameData, state: dict) -> int:
    """16.3-16.5: the secondary hexes liberated or blocked now (economy.secondary_lost_means)."""
    german = {h for h, a in control(data, state).items() if a == "axis"}
    liberated = state["economy"]["liberated"]
    return economy.lost_secondaries(data, liberated, economy.blocked_secondaries(data, grid(data), german, liberated))


def surge_turn(data: GameData, state: dict) -> int | None:
    econ = state["economy"]
    stopped = len(econ["liberated"]) >= 2                               # 7.23 D
    return economy.surge_turn(data, econ.get("surge"), state["turn"], stopped)


def available(data: GameData, state: dict, army: str) -> dict:
    """This player-turn's steps: {"mechanized", "non_mechanized", "either"} (7.15, 7.14)."""
    if army == "axis":
        axis = economy.axis_replacements(data, state["turn"], lost(data, state), collapsed(state), surge_turn(data, state),
                                         state["economy"].get("cannibalized") == state["turn"] - 1)
        return {"mechanized": axis["mechanized"], "non_mechanized": axis["non_mechanized"], "either": 0}
    if state["scenario"] == LHJ:
        rules = unwrap(load_scenario("end-of-the-iron-dream", LHJ)[0]["rules"])
        return {"mechanized": 0, "non_mechanized": 0, "either": int(unwrap(rules["soviet_replacements"]))}   # 27.3
    first = numbers.integer(data, f"{PER_TURN}.soviet_from_turn", "the first Soviet replacement turn (7.14)")
    steps = numbers.integer(data, f"{PER_TURN}.soviet_steps", "the Soviet replacement steps (7.14)")
    return {"mechanized": 0, "non_mechanized": 0, "either": steps if state["turn"] >= first else 0}


def problems(data: GameData, state: dict, orders: list) -> list[Problem]:
    """Every leading order of the file (the Replacement Phase), checked on a trial state."""
    army = state["army"]
    # behaviour 3: the WA's phase (7.1 A reinforcements due, 7.13, 7.25 and 27.5 A NATO's Freikorps,
    # boxes.py), an empty one too: the first file still places the reinforcements due
    if army == "western" and plays(data, 3):
        trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}, "dead": list(state["dead"]),
                 "boxes": {b: dict(v) for b, v in state["boxes"].items()}}
        return [Problem(i, m) for i, m in boxes.wa_problems(data, trial, orders)]
    if army == "western" and not all("freikorps" in o for o in orders):     # a Freikorps is refused below (27.5 A)
        return [Problem(0, "WA replacements are not played by pbem yet: 7.13 gives them by theater (4.9), which needs "
                           "the seas of the WA ports (see the campaign's not-enforced list)")]
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}}
    if "economy" in state:                                       # Let History Judge has no German economy
        trial["economy"] = dict(state["economy"])
    if "boxes" in state:
        trial["boxes"] = {b: dict(v) for b, v in state["boxes"].items()}
    used = fuhrer.steps_used(state) if plays(data, 3) else {"mechanized": 0, "non_mechanized": 0}     # 26.7 A-B
    for index, order in enumerate(orders):
        why = order_problem(data, trial, order, used)
        if why:
            return [Problem(index, why)]
    if army == "western":
        return []                                                  # Freikorps only (27.5 A)
    steps = available(data, trial, army)
    if army == "axis" and plays(data, 3) and collapsed(trial):
        left = boxes.after_collapse_left(data, trial)
        if left:
            return [Problem(None, f"{', '.join(left)} must be brought out of the Replacement Army Holding Box and placed "
                                  "now, after the economic collapse: `place: UNIT, at: HEX` (16.8, 16.10)")]
    if army == "axis":
        return [Problem(None, p.message) for p in economy.replacement_use_problems(steps, used["mechanized"], used["non_mechanized"])]
    if used["mechanized"] + used["non_mechanized"] > steps["either"]:
        return [Problem(None, f"{used['mechanized'] + used['non_mechanized']} replacement steps used, "
                              f"{steps['either']} available this turn (7.14, 6.8)")]
    return []


def satellite_recreate(data: GameData, order: dict) -> bool:
    """`recreate:` of a Romanian army at Bucharest (19.1.1 D) or the Hungarian replacement at
    Budapest (19.3 F): recreate.py; any other unit is recreated from the dead pile (7.11-7.22,
    recreated.py)."""
    unit_id = str(order["recreate"])
    return unit_id in data.get("units.counters", "the unit counters") and \
        recreate.nation(data, unit_id) in ("romanian", "hungarian")


def order_problem(data: GameData, trial: dict, order: dict, used: dict) -> str | None:
    """One order of the Replacement Phase; a legal one changes `trial` as apply would."""
    army = trial["army"]
    why = fuhrer.use_problem(data, trial, order) if plays(data, 3) else None          # 26.7 B
    if why:
        return why
    if "place" in order and str(order["place"]) in supply_units.due(trial, "axis"):
        return supply_units.place_problem(data, trial, order)                # 16.4 A
    if "place" in order and army == "soviet" and plays(data, 3):      # 20.5 B the Yugoslav 4th Army
        return yugoslavia.place_problem(data, trial, order)
    if "place" in order:
        return reinforcements.place_problem(data, trial, order)
    if "okh" in order:
        return supply_units.okh_problem(data, trial, order)                  # 25.10 A
    if "freikorps" in order:                                      # 27.5 A (behaviour 3)
        return freikorps.place_problem(data, trial, order)
    if "recreate" in order and satellite_recreate(data, order):   # 19.1.1 D, 19.3 F (behaviour 3)
        return recreate.problem(data, trial, order)
    if plays(data, 3) and "recreate" in order:                                      # 7.11, 7.20, 7.22 A
        return recreated.problem(data, trial, order, used)
    if plays(data, 3) and set(order) == {"replace"} and str(order["replace"]) in recreated.this_turn(trial):
        return f"{order['replace']} has absorbed a step this player-turn: one per unit (7.16 A)"
    if plays(data, 3) and set(order) == {"replace"} and str(order["replace"]) in trial.get("off_board", {}):
        return recreated.off_board_replace(data, trial, str(order["replace"]), used)  # 7.20
    if "fort" in order:
        return forts.build_problem(data, trial, order)                  # 5.1.1 A, 22.1 (behaviour 3)
    if "convert" in order and plays(data, 3) and army == "axis":
        return boxes.convert_reserve_problem(data, trial, order, used)              # 7.26
    if len(order) != 1:
        return REPLACE
    if "surge" in order:
        if army != "axis" or order["surge"] is not True:
            return "only the Axis calls the surge: `surge: true` (7.23 A)"
        found = economy.surge_problems(data, greater_germany_lost(data, trial), lost(data, trial), collapsed(trial),
                                       trial["economy"].get("surge") is not None)
        if found:
            return found[0].message
        trial["economy"]["surge"] = trial["turn"]
        return None
    unit_id = str(order.get("cannibalize") or order.get("replace"))
    if plays(data, 3) and "replace" in order:
        why = boxes.reserve_replace_problem(data, unit_id) if army == "axis" else None
        if why or boxes.holds(trial, unit_id) == "german":
            return why or german_box_problem(data, trial, unit_id, used)
    if unit_id not in trial["units"] or trial["units"][unit_id]["side"] != army:
        return f"{unit_id} is not {A_UNIT_OF[army]} unit on the map (7.11; recreating dead units is not played by pbem yet)"
    if "cannibalize" in order:
        return cannibalize_problem(data, trial, unit_id)
    unit = trial["units"][unit_id]
    if unit["steps"] >= full_steps(data, unit_id):
        return f"{unit_id} is at full strength: only depleted units flesh out (7.11, 7.12)"
    if unit_id in trial.get("replaced", {}).get("units", []) and trial["replaced"]["turn"] == trial["turn"]:
        return f"{unit_id} has absorbed a step this player-turn: one per unit (7.16 A)"
    if army == "axis" and unwrap(counter(data, unit_id).get("nation")) in ("hungarian", "romanian", "bulgarian"):
        return f"{unit_id}: German steps do not recreate or flesh out satellite units (7.16 C; 19.x)"
    if unit_id not in in_gs(data, trial, army):
        return f"{unit_id} is out of general supply and may not flesh out (7.17)"
    used["mechanized" if is_type(data, unit_id, "mechanized") else "non_mechanized"] += 1
    unit["steps"] += 1
    trial["replaced"] = {"turn": trial["turn"], "army": army, "units": [*trial.get("replaced", {}).get("units", []), unit_id]}
    return None


def german_box_problem(data: GameData, trial: dict, unit_id: str, used: dict) -> str | None:
    """7.22 A: a unit fleshes out in the Replacement Army Holding Box (7.16 A, C as in the field)."""
    steps = trial["boxes"]["german"][unit_id]
    if steps >= full_steps(data, unit_id):
        return f"{unit_id} is at full strength: only depleted units flesh out (7.11, 7.12)"
    if unit_id in trial.get("replaced", {}).get("units", []) and trial["replaced"]["turn"] == trial["turn"]:
        return f"{unit_id} has absorbed a step this player-turn: one per unit (7.16 A)"
    used["mechanized" if is_type(data, unit_id, "mechanized") else "non_mechanized"] += 1
    trial["boxes"]["german"][unit_id] = steps + 1
    trial["replaced"] = {"turn": trial["turn"], "army": "axis", "units": [*trial.get("replaced", {}).get("units", []), unit_id]}
    return None


def greater_germany_lost(data: GameData, state: dict) -> bool:
    """7.23 A: a hex of Greater Germany (map.countries.greater_germany) under Alliance control."""
    hexes = numbers.texts(data, "map.countries.greater_germany", "the hexes of Greater Germany (4.5, 7.23)")
    owner = control(data, state)
    return any(owner.get(grid(data).canonical(h)) not in (None, "axis") for h in hexes)


def cannibalize_problem(data: GameData, trial: dict, unit_id: str) -> str | None:
    """7.27 A-B: a Wehrmacht 3-4-5 infantry corps in Germany or Italy and in GS, one a phase."""
    if trial["army"] != "axis":
        return "only the Axis cannibalizes a corps (7.27)"
    places = {grid(data).canonical(h) for key in ("germany", "italy")
              for h in numbers.texts(data, f"map.countries.{key}", f"the hexes of {key.title()} (7.27 B)")}
    unit = trial["units"][unit_id]
    done = 1 if trial["economy"].get("cannibalized") == trial["turn"] else 0
    found = economy.cannibalize_problems(data, trial["turn"], unit_id, {k: unwrap(v) for k, v in counter(data, unit_id).items()},
                                         unit["steps"] < full_steps(data, unit_id), unit["hex"] in places,
                                         unit_id in in_gs(data, trial, "axis"), done)
    if found:
        return found[0].message
    trial["units"].pop(unit_id)
    trial["economy"]["cannibalized"] = trial["turn"]
    return None


def apply(data: GameData, state: dict, orders: list, events: list) -> None:
    """The Replacement Phase's orders, in the file's order (checked first)."""
    if state["army"] == "western" and plays(data, 3):
        boxes.apply_wa(data, state, orders, events)                             # 7.1, 7.13, 7.25, 27.5 A
        return
    used = fuhrer.steps_used(state) if plays(data, 3) else {"mechanized": 0, "non_mechanized": 0}
    for order in orders:
        order_problem(data, state, order, used)
        if plays(data, 3):
            fuhrer.record_steps(state, used)
        if "place" in order:
            unit_id = str(order["place"])
            why = "a new SU: its MA doubled this turn (16.2 B, 16.4 A)" if supply_units.is_su(data, unit_id) else \
                "atop a Yugoslav army (20.5 B)" if state["army"] == "soviet" else "a reinforcement: its MA doubled this turn (7.5, 7.7 A)"
            events.append({"event": "placed", "unit": unit_id, "hex": state["units"][unit_id]["hex"], "why": why})
        elif "okh" in order:
            events.append({"event": "eliminated", "unit": str(order["okh"]), "why": "removed for OKH: permanently (25.10 A)"})
            events.append({"event": "placed", "unit": supply_units.OKH, "hex": state["units"][supply_units.OKH]["hex"],
                           "why": "OKH arrives at Berlin (25.10 A)"})
        elif "freikorps" in order:
            unit_id = str(order["freikorps"])
            events.append({"event": "freikorps", "unit": unit_id, "hex": state["units"][unit_id]["hex"], "rule": "27.5 A"})
        elif "recreate" in order and satellite_recreate(data, order):
            events.append(recreate.event(state, str(order["recreate"])))
        elif "surge" in order:
            events.append({"event": "surge", "turn": state["turn"], "rule": "7.23"})
        elif "recreate" in order:
            unit_id = str(order["recreate"])
            where = state["units"][unit_id]["hex"] if unit_id in state["units"] else "off the board (7.20)"
            events.append({"event": "recreated", "unit": unit_id, "at": where, "rule": "7.11"})
        elif "fort" in order:
            hex_id = state["fort_turn"]["hexes"][-1]
            events.append({"event": "fort_built", "hex": hex_id, "level": state["forts"][hex_id], "rule": "5.1.1 A, 22.1"})
        elif "convert" in order:
            events.append({"event": "converted", "units": sorted(str(u) for u in order["convert"]), "rule": "7.26"})
        elif "cannibalize" in order:
            unit_id = str(order["cannibalize"])
            state["dead"] = sorted([*state["dead"], {"unit": unit_id, "side": "axis", "permanent": True}], key=lambda d: d["unit"])
            events.append({"event": "eliminated", "unit": unit_id, "why": "cannibalized: permanently (7.27 B)"})
        else:
            unit_id = str(order["replace"])
            box = "german" if unit_id in state.get("boxes", {}).get("german", {}) else None
            if box:
                events.append({"event": "replaced", "unit": unit_id, "steps": state["boxes"]["german"][unit_id], "box": box})
            elif unit_id in state["units"]:
                events.append({"event": "replaced", "unit": unit_id, "steps": state["units"][unit_id]["steps"]})
            else:
                events.append({"event": "replaced", "unit": unit_id, "steps": state["off_board"][unit_id], "off_board": True})


def moved_problem(state: dict, unit_id: str) -> str | None:
    """7.19: "Units that flesh-out in the field may not move or mobile assault that turn"."""
    done = state.get("replaced")
    if done and done["turn"] == state["turn"] and done["army"] == state["army"] and unit_id in done["units"]:
        return f"{unit_id} fleshed out this player-turn and may not move or mobile assault (7.19)"
    return None
