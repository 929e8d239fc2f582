"""19.1.5 The Withdrawal of Corps Tettau, with the 2nd Guards Cavalry Corps (12.5).

When the event occurs, pbem rolls "1 die per unit (exception: do not roll for the HQ unit). 1 = the
unit is lost 2-4 = the unit enters at reduced strength 5-6 = the unit enters at full strength"
(`tettau/UNIT`, with the event: pbem's reading of "upon entering the map", so that the German
player writes its entry knowing them). "Once drawn, treat the arrival of the units as a regular
reinforcement (but strategic movement is not allowed), with its own movement phase": the German
player's file enters the BÄRW units and the HQ at entry point H, the POM units at I, and moves them
(reinforcements.carry_out, 7.0-7.1.3, 6.2.1). "Immediately after the movement of those units, the
Soviet player brings in the 2nd Guards Cavalry Corps at entry point H, and conducts a regular
movement": a signed answer, the same orders. "Finally, add the Tettau command chit to the drawing
cup, and if drawn, it may be activated normally in the same turn": then the first chit is drawn.
Which units and entry hexes these are is the group's data (module.corps_tettau,
module.second_guards_cavalry_corps, reinforcements.entry_areas.locations.H and .I)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .common import canonical, full_steps, trial_copy

TETTAU = "module.corps_tettau"
CAVALRY = "module.second_guards_cavalry_corps"


def area(data: GameData, letter: str) -> list[str]:
    where = data.get(f"reinforcements.entry_areas.locations.{letter}", f"the hexes of entry point {letter} (19.1.5)")
    return [canonical(data, h) for h in (where if isinstance(where, list) else [where])]


def groups(data: GameData) -> tuple[str, list[str], list[str], list[str]]:
    """The Tettau HQ, its units at H and at I, and the cavalry divisions (all the group's data)."""
    hq = numbers.text(data, f"{TETTAU}.hq", "the Corps Tettau HQ's counter id (19.1.5)")
    at_h = list(numbers.texts(data, f"{TETTAU}.units_at_h", "the BÄRW units of Corps Tettau (19.1.5)"))
    at_i = list(numbers.texts(data, f"{TETTAU}.units_at_i", "the POM units of Corps Tettau (19.1.5)"))
    cavalry = list(numbers.texts(data, f"{CAVALRY}.units", "the 2nd Guards Cavalry Corps' divisions (19.1.5, 12.5)"))
    return hq, at_h, at_i, cavalry


def needs(data: GameData) -> None:
    """What the event reads, asked before its die (19.1.5)."""
    hq, at_h, at_i, cavalry = groups(data)
    for letter in ("entry_h", "entry_i"):
        area(data, numbers.text(data, f"{TETTAU}.{letter}", "an entry point of Corps Tettau (19.1.5)"))
    area(data, numbers.text(data, f"{CAVALRY}.entry", "the 2nd Guards Cavalry Corps' entry point (19.1.5)"))
    data.get(f"{TETTAU}.die", "the die per Corps Tettau unit (19.1.5)")
    for unit_id in [*at_h, *at_i, *cavalry]:
        full_steps(data, unit_id)


def arrive(data: GameData, state: dict, events: list, dice: Dice) -> None:
    """The event: one die per Tettau unit but the HQ; then the German entry awaits."""
    hq, at_h, at_i, _ = groups(data)
    table = data.get(f"{TETTAU}.die", "the die per Corps Tettau unit (19.1.5)")
    h = area(data, numbers.text(data, f"{TETTAU}.entry_h", "an entry point of Corps Tettau (19.1.5)"))
    i = area(data, numbers.text(data, f"{TETTAU}.entry_i", "an entry point of Corps Tettau (19.1.5)"))
    arriving: dict[str, list] = {hq: [1, h]}
    for unit_id, hexes in [*((u, h) for u in at_h), *((u, i) for u in at_i)]:
        face = dice.roll(f"tettau/{unit_id}", 6, about=f"{unit_id} of Corps Tettau enters (19.1.5)")
        outcome = str(unwrap(table[str(face)]))
        events.append({"event": "tettau_roll", "unit": unit_id, "die": face, "outcome": outcome, "rule": "19.1.5"})
        if outcome == "lost":
            state["dead"].append({"unit": unit_id, "side": "german"})
        else:
            arriving[unit_id] = [full_steps(data, unit_id) if outcome == "full" else 1, hexes]
    state["dead"].sort(key=lambda d: d["unit"])
    state["tettau"] = {"side": "german", "units": arriving}


def cavalry_arrival(data: GameData) -> dict[str, list]:
    _, _, _, cavalry = groups(data)
    h = area(data, numbers.text(data, f"{CAVALRY}.entry", "the 2nd Guards Cavalry Corps' entry point (19.1.5)"))
    return {u: [full_steps(data, u), h] for u in cavalry}


def arriving(state: dict) -> dict[str, tuple[int, list[str]]]:
    return {u: (int(v[0]), list(v[1])) for u, v in state["tettau"]["units"].items()}


def check_entry(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .reinforcements import carry_out
    work = trial_copy(state)
    work.update(moved=[], independents=[])
    problem = carry_out(data, work, side, orders, [], arriving(state))
    return [problem] if problem else []


def apply_entry(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    """The German entry, then the Soviet cavalry's; then the Tettau chit joins the cup and the
    first chit is drawn (2.3.1)."""
    from .cup import first_draw
    from .reinforcements import carry_out
    events: list[dict] = []
    saved = {k: state[k] for k in ("active", "hq", "activated", "moved", "independents")}
    state.update(moved=[], independents=[])
    carry_out(data, state, side, orders, events, arriving(state))
    state.update(saved)
    state["units"] = dict(sorted(state["units"].items()))
    if side == "german":                     # 11.2.4: Corps Tettau traces to Kolberg
        state["tettau_units"] = sorted(u for u in state["tettau"]["units"] if u in state["units"])
        state["tettau"] = {"side": "soviet", "units": cavalry_arrival(data)}
        state["phase"] = "cavalry"
        return events
    hq, _, _, _ = groups(data)
    state["cavalry_units"] = sorted(u for u in state["tettau"]["units"] if u in state["units"])     # 12.5
    del state["tettau"]
    state["chits"] = sorted({*state["chits"], hq})
    state["cup"] = sorted({*state["cup"], hq})
    events.append({"event": "chits_arrive", "chits": [hq], "rule": "19.1.5"})
    first_draw(data, state, events, dice)
    return events
