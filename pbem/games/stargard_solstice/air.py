"""13.0 air units and 2.1 the Air Unit Phase.

Each side's air units are in its air box (the 6th Luftflotte, the 16th Air Army: available), on
the Refit side of the grounded box, or on its Grounded side (15.1, 15.2 start). In the Air Unit
Phase (2.1, at the start of each turn, before the random event roll) the Refit units return to
their box (2.1.1) and the Grounded ones move to Refit (2.1.2). An attack may name up to two
available air units of the attacker (13.1: `air: {UNIT: full|normal}`): each shifts the column
right by its full (+2) or normal (+1) value after the ratio (8.4.1, 13.1); a side uses at most
four air attack points a turn (13.0); a unit used for a full attack is grounded, one used for a
normal attack goes to Refit (13.1.1)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from .setup_data import start_state

MODES = ("full", "normal")


def start(scenario: dict) -> dict:
    """15.1, 15.2: the air units' boxes at the start."""
    air = start_state(scenario)["air_units"]
    boxes = {"german": air["german"], "soviet": air["soviet"]}
    return {side: {"box": sorted(next((v for k, v in b.items() if k != "grounded"), [])),
                   "refit": [], "grounded": sorted(b.get("grounded", []))} for side, b in boxes.items()}


def phase(state: dict, events: list) -> None:
    """2.1.1 Refit -> the air box; 2.1.2 Grounded -> Refit; the turn's air points start afresh."""
    if "air" not in state:
        return
    for side, boxes in sorted(state["air"].items()):
        back, refit = boxes["refit"], boxes["grounded"]
        boxes["box"] = sorted(boxes["box"] + back)
        boxes["refit"], boxes["grounded"] = sorted(refit), []
        if back or refit:
            events.append({"event": "air_phase", "side": side, "available": list(back), "refit": list(refit)})
    state["air_points"] = {"german": 0, "soviet": 0}


def shifts(data: GameData, state: dict, side: str, order: dict) -> tuple[list[dict], str | None]:
    """The column shifts of an attack's air units (13.1), or why they may not fly."""
    chosen = order.get("air") or {}
    if not isinstance(chosen, dict) or any(m not in MODES for m in chosen.values()):
        return [], "`air: {UNIT: full|normal}` (13.1)"
    if not chosen:
        return [], None
    if "air" not in state:
        return [], "this campaign keeps no air units (13.0)"
    most = numbers.integer(data, "crt.shifts.air_units_per_attack_max", "the air units per attack (13.1)")
    if len(chosen) > most:
        return [], f"at most {most} air units in one attack (13.1)"
    out, points = [], 0
    for unit_id, mode in sorted(chosen.items()):
        if unit_id not in state["air"][side]["box"]:
            return [], f"{unit_id} is not an available {side} air unit (13.1, 13.2)"
        value = numbers.integer(data, f"units.counters.{unit_id}.{mode}_attack", f"the {mode} attack of {unit_id} (13.0)")
        points += value
        out.append({"shift": value, "why": f"{unit_id} {mode} attack", "rule": "13.1", "air": unit_id, "mode": mode})
    cap = numbers.integer(data, "crt.shifts.air_attack_points_per_side_per_turn_max", "the air attack points a turn (13.0)")
    if state["air_points"][side] + points > cap:
        return [], f"{side} air attack points this turn would be {state['air_points'][side] + points}, over {cap} (13.0)"
    return out, None


def flown(state: dict, side: str, used: list[dict], events: list) -> None:
    """13.1.1: a full attack grounds the air unit; after a normal one it goes to Refit."""
    for shift in used:
        if "air" not in shift:
            continue
        boxes, to = state["air"][side], "grounded" if shift["mode"] == "full" else "refit"
        boxes["box"].remove(shift["air"])
        boxes[to] = sorted(boxes[to] + [shift["air"]])
        state["air_points"][side] += shift["shift"]
        events.append({"event": "air", "unit": shift["air"], "mode": shift["mode"], "to": to})


# -- 19.1.10 Aborted Air Operation -------------------------------------------------------
def candidates(state: dict, side: str) -> list[str]:
    """19.1.10: "first from the air box, or if none is available, from the 'Refit' side"."""
    boxes = state["air"][side]
    return list(boxes["box"] or boxes["refit"])


def ground(state: dict, side: str, unit_id: str, events: list) -> None:
    boxes = state["air"][side]
    for box in ("box", "refit"):
        if unit_id in boxes[box]:
            boxes[box].remove(unit_id)
    boxes["grounded"] = sorted(boxes["grounded"] + [unit_id])
    events.append({"event": "grounded", "unit": unit_id, "side": side, "rule": "19.1.10"})


def aborted(state: dict, events: list) -> None:
    """19.1.10: "Both players must ground one air unit": at once where a side has one to
    ground; a side with a choice answers (`ground: UNIT`), the German player first."""
    if "air" not in state:
        return
    state["grounding"] = []
    for side in ("german", "soviet"):
        units = candidates(state, side)
        if len(units) == 1:
            ground(state, side, units[0], events)
        elif units:
            state["grounding"].append(side)


def check_ground(data: GameData, state: dict, side: str, orders: list) -> list:
    from ..base import Problem
    units = candidates(state, side)
    if len(orders) != 1 or str(orders[0].get("ground")) not in units:
        return [Problem(0 if len(orders) == 1 else None, f"`ground: UNIT`, one of {', '.join(units)} (19.1.10)")]
    return []


def apply_ground(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .cup import first_draw
    events: list[dict] = []
    ground(state, side, str(orders[0]["ground"]), events)
    state["grounding"].remove(side)
    if not state["grounding"]:
        del state["grounding"]
        first_draw(data, state, events, dice)
    return events
