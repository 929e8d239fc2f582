"""End of the Iron Dream, behaviour 3: 26.7 B the Führer's die of the four-player game.

"If the two cannot agree between themselves as to the allocation of a resource, such as a fort
point or reinforcement unit, they may go to the Führer with their problem. Roll one die. On a 1-2,
the Führer decides in favor of the westerner. On a 3-6, he sides with the easterner."

Each four-player Axis phase is the west commander's file, then the east's (26.7 A). A commander
takes a dispute to the Führer with its half's first Operational Movement file, before any move
or placement: `claim: [RESOURCE, ...]` as the file's only order, each RESOURCE an Axis
reinforcement due now (2.14, 7.5) or this turn's `mechanized_step` or `non_mechanized_step`
(7.15). The other commander answers (phase `fuhrer`, a signed `response`) with its own
`claim: [RESOURCE, ...]` among those (an empty list concedes them all); then one die for each
resource both claim (special.dual_german_commanders: 1-2 west, 3-6 east), rolled in that answer's
step. A resource claimed by one commander only is that commander's. For the rest of the Axis
player-turn a resource awarded to one commander may not be used by the other: a reinforcement
placed (`place:`), a step of that kind fleshing out or recreating a unit (`replace:`,
`recreate:`; a reading: the kind of that unit).

Behaviour 4: the turn's fort points too (22.1 B: 0-4 factors a turn, fewer when fewer of the 36
are left, 22.1 A; none before Turn 2 or once 22.11 bars building), claimed as `fort_point_1` ...
`fort_point_N`. The points are alike: the names only count them. A `fort: HEX` order (forts.py)
uses a point the Führer gave its commander, else one nobody was given; none left refuses it
(state["fort_points"] records which commander used which point this turn)."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import is_type, plays, seat_of

STEPS = ("mechanized_step", "non_mechanized_step")
DATA = "special.dual_german_commanders"
CLAIM = ("`claim: [RESOURCE, ...]`, the file's only order: Axis reinforcements due now or `mechanized_step` / "
         "`non_mechanized_step` (26.7 B)")


def four_player_axis(state: dict) -> bool:
    return state["army"] == "axis" and "axis-west" in state["seats"]


def other_front(front: str) -> str:
    return "east" if front == "west" else "west"


def awarded(state: dict) -> dict[str, str]:
    """This Axis player-turn's Führer decisions: resource -> the front it went to."""
    done = state.get("fuhrer") or {}
    return dict(done["awarded"]) if done.get("turn") == state["turn"] else {}


def claimable(data: GameData, state: dict) -> list[str]:
    """The Axis reinforcements due now and the kinds of replacement step this turn gives (7.15)."""
    from .reinforcements import due
    from .replacements import available
    steps = available(data, state, "axis")
    points = [p for p in fort_points(data, state) if p not in points_used(state)] if plays(data, 4) else []
    return [*due(data, state, "axis"), *(s for s, kind in zip(STEPS, ("mechanized", "non_mechanized")) if steps[kind] > 0),
            *points]


# -- behaviour 4: fort points (22.1 A-B) ---------------------------------------------------
FORTS = "special.fortifications"


def fort_points(data: GameData, state: dict) -> list[str]:
    """The turn's fort points, used or not: 22.1 B "0-4 factors per turn, beginning with the start
    of the Turn 2 Replacement Phase", out of 22.1 A's 36; none once 22.11 bars building."""
    from . import economy
    if state["turn"] < numbers.integer(data, f"{FORTS}.from_turn", "the first turn of fort building (22.1 B)"):
        return []
    econ = state.get("economy", {})
    if econ.get("collapsed") is not None or len(econ.get("liberated", [])) >= len(economy.secondary_names(data)):
        return []                                                                      # 22.11
    record = state.get("fort_turn")
    this_turn = len(record["hexes"]) if isinstance(record, dict) and record["turn"] == state["turn"] else 0
    left = numbers.integer(data, f"{FORTS}.factors", "the fort factors (22.1 A)") - len(state.get("fort_factors", [])) + this_turn
    most = min(numbers.integer(data, f"{FORTS}.max_factors_per_turn", "the fort factors a turn (22.1 B)"), left)
    return [f"fort_point_{n}" for n in range(1, most + 1)]


def points_used(state: dict) -> dict[str, str]:
    """This turn's fort points used: point -> the commander's front."""
    record = state.get("fort_points") or {}
    return dict(record["used"]) if record.get("turn") == state["turn"] else {}


def fort_point_problem(data: GameData, state: dict) -> str | None:
    """26.7 B: a fort factor uses a point given to its commander, else one nobody was given; a
    legal one is recorded on `state`."""
    used, done, front = points_used(state), awarded(state), state["front"]
    free = [p for p in fort_points(data, state) if p not in used]
    mine = [p for p in free if done.get(p) == front] or [p for p in free if p not in done]
    if not mine:
        if free:
            return f"the Führer gave the fort points left this turn ({', '.join(free)}) to the {other_front(front)} commander (26.7 B)"
        return None                                                           # forts.py refuses it (22.1)
    state["fort_points"] = {"turn": state["turn"], "used": {**used, mine[0]: front}}
    return None


def claims_of(order: dict) -> list[str] | None:
    value = order.get("claim")
    return [str(v) for v in value] if isinstance(value, list) else None


def check_claim(data: GameData, state: dict, orders: list) -> list[Problem]:
    """The claim that opens a commander's half (26.7 B)."""
    if not four_player_axis(state):
        return [Problem(0, "only the two German commanders of the four-player game go to the Führer (26.7 B)")]
    claims = claims_of(orders[0])
    if len(orders) != 1 or set(orders[0]) != {"claim"} or not claims or len(set(claims)) != len(claims):
        return [Problem(0, CLAIM)]
    if state.get("movement"):
        return [Problem(0, f"a claim comes before any move of the {state['front']} commander's half (26.7 B): {CLAIM}")]
    known, done = claimable(data, state), awarded(state)
    for name in claims:
        if name not in known:
            return [Problem(0, f"{name} is not a resource of this Axis player-turn: {', '.join(known) or 'none'} (26.7 B)")]
        if name in done:
            return [Problem(0, f"the Führer has given {name} to the {done[name]} commander this player-turn (26.7 B)")]
    return []


def apply_claim(state: dict, orders: list) -> list[dict]:
    claims = claims_of(orders[0]) or []
    state["fuhrer_claim"] = {"front": state["front"], "claims": claims}
    state["phase"] = "fuhrer"
    return [{"event": "fuhrer_claim", "front": state["front"], "claims": claims}]


# -- the other commander's answer ----------------------------------------------------------
def answer_seat(state: dict) -> str:
    return seat_of({**state, "front": other_front(state["fuhrer_claim"]["front"])}, "axis")


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    ask = state["fuhrer_claim"]
    return {"orders": [{"claim": list(ask["claims"])}],
            "notes": [f"the {ask['front']} commander claims {', '.join(ask['claims'])}: list those you claim too (the "
                      "Führer's die decides them: 1-2 west, 3-6 east), `claim: []` concedes them all (26.7 B)"]}


def check_answer(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    claims = claims_of(orders[0]) if len(orders) == 1 and set(orders[0]) == {"claim"} else None
    if claims is None:
        return [Problem(None, "one answer: `claim: [RESOURCE, ...]` among the other commander's claims, or `claim: []` (26.7 B)")]
    asked = state["fuhrer_claim"]["claims"]
    other = [c for c in claims if c not in asked]
    if other:
        return [Problem(0, f"{', '.join(other)}: not claimed by the other commander ({', '.join(asked)}) (26.7 B)")]
    if claims:
        numbers.integers(data, f"{DATA}.west_faces", "the Führer's die faces for the westerner (26.7 B)")
    return []


def apply_answer(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    ask = state.pop("fuhrer_claim")
    mine = set(claims_of(orders[0]) or [])
    faces = numbers.integers(data, f"{DATA}.west_faces", "the Führer's die faces for the westerner (26.7 B)")
    done = awarded(state)
    events: list[dict] = []
    for name in ask["claims"]:
        if name not in mine:
            done[name] = ask["front"]
            events.append({"event": "fuhrer", "resource": name, "front": ask["front"], "why": "conceded (26.7 B)"})
            continue
        die = dice.roll(f"fuhrer/{name}", 6, about=f"the Führer's die for {name} (26.7 B)")
        done[name] = "west" if die in faces else "east"
        events.append({"event": "fuhrer", "resource": name, "front": done[name], "die": die, "why": "the Führer's die (26.7 B)"})
    state["fuhrer"] = {"turn": state["turn"], "awarded": dict(sorted(done.items()))}
    state["phase"] = "movement"
    return events


# -- using a resource ------------------------------------------------------------------------
def steps_used(state: dict) -> dict[str, int]:
    """The replacement steps used earlier this player-turn: with four players the Axis
    Replacement Phase is the west commander's file, then the east's (26.7 A), and the turn's
    steps (7.15) are shared, not given to each."""
    done = state.get("steps_used")
    if done and done["turn"] == state["turn"] and done["army"] == state["army"]:
        return {"mechanized": int(done["mechanized"]), "non_mechanized": int(done["non_mechanized"])}
    return {"mechanized": 0, "non_mechanized": 0}


def record_steps(state: dict, used: dict[str, int]) -> None:
    state["steps_used"] = {"turn": state["turn"], "army": state["army"], **used}


def use_problem(data: GameData, state: dict, order: dict) -> str | None:
    """26.7 B: a resource the Führer gave the other commander this player-turn is not used."""
    if not four_player_axis(state):
        return None
    if "fort" in order:
        return fort_point_problem(data, state) if plays(data, 4) else None
    done = awarded(state)
    if "place" in order:
        name = str(order["place"])
    elif "replace" in order and str(order["replace"]) in state["units"] or "recreate" in order:
        unit_id = str(order.get("replace") or order["recreate"])
        name = STEPS[0] if is_type(data, unit_id, "mechanized") else STEPS[1]
    else:
        return None
    if done.get(name, state["front"]) != state["front"]:
        return f"the Führer gave {name} to the {done[name]} commander this player-turn (26.7 B)"
    return None
