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
from . import boxes, economy, reinforcements
from .common import counter, full_steps, grid, is_type, plays
from .supply_play import LHJ, collapsed, control, in_gs

KEYS = ("replace", "surge", "cannibalize", "place", "arrive", "convert")
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
    if army == "western" and plays(data, 3):                           # 7.1, 7.13, 7.25 (boxes.py)
        trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}, "dead": list(state["dead"]),
                 "boxes": {b: dict(v) for b, v in state["boxes"].items()}}
        return [Problem(i, m) for i, m in boxes.wa_problems(data, trial, orders)]
    if army == "western":
        return [Problem(0, "WA replacements are not played by pbem yet: 7.13 gives them by theater (4.9), which needs "
                           "the seas of the WA ports (see the campaign's not-enforced list)")]
    trial = {**state, "economy": dict(state["economy"]), "units": {u: dict(v) for u, v in state["units"].items()}}
    if "boxes" in state:
        trial["boxes"] = {b: dict(v) for b, v in state["boxes"].items()}
    used = {"mechanized": 0, "non_mechanized": 0}
    for index, order in enumerate(orders):
        why = order_problem(data, trial, order, used)
        if why:
            return [Problem(index, why)]
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


def order_problem(data: GameData, trial: dict, order: dict, used: dict) -> str | None:
    """One order of the Replacement Phase; a legal one changes `trial` as apply would."""
    army = trial["army"]
    if "place" in order:
        return reinforcements.place_problem(data, trial, order)
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
        return f"{unit_id} is not a {army} unit on the map (7.11; recreating dead units is not played by pbem yet)"
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
        boxes.apply_wa(data, state, orders, events)
        return
    used = {"mechanized": 0, "non_mechanized": 0}
    for order in orders:
        order_problem(data, state, order, used)
        if "place" in order:
            unit_id = str(order["place"])
            events.append({"event": "placed", "unit": unit_id, "hex": state["units"][unit_id]["hex"],
                           "why": "a reinforcement: its MA doubled this turn (7.5, 7.7 A)"})
        elif "surge" in order:
            events.append({"event": "surge", "turn": state["turn"], "rule": "7.23"})
        elif "convert" in order:
            events.append({"event": "converted", "units": sorted(str(u) for u in order["convert"]), "rule": "7.26"})
        elif "cannibalize" in order:
            unit_id = str(order["cannibalize"])
            state["dead"] = sorted([*state["dead"], {"unit": unit_id, "side": "axis", "permanent": True}], key=lambda d: d["unit"])
            events.append({"event": "eliminated", "unit": unit_id, "why": "cannibalized: permanently (7.27 B)"})
        else:
            unit_id = str(order["replace"])
            box = "german" if unit_id in state.get("boxes", {}).get("german", {}) else None
            events.append({"event": "replaced", "unit": unit_id,
                           "steps": state["boxes"]["german"][unit_id] if box else state["units"][unit_id]["steps"],
                           **({"box": box} if box else {})})


def moved_problem(state: dict, unit_id: str) -> str | None:
    """7.19: "Units that flesh-out in the field may not move or mobile assault that turn"."""
    done = state.get("replaced")
    if done and done["turn"] == state["turn"] and done["army"] == state["army"] and unit_id in done["units"]:
        return f"{unit_id} fleshed out this player-turn and may not move or mobile assault (7.19)"
    return None
