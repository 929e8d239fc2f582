"""End of the Iron Dream, behaviour 3: 26.6.5 B the WA's SU lost on entering the Hook of Holland.

"The instant an Alliance unit attempts to move or assault into any of those hexes ... the WA must
permanently remove one SU from play and subtract 3 VPs" (the VPs: victory.hook_entered). The SU is
the WA's choice among those not yet permanently destroyed, on the map or off it: with one left it
goes at once; with more the WA answer (phase `hook_su`, a signed `response`: `remove_su: SU`),
then the interrupted phase goes on. 26.6.5 C: a Soviet first entry costs nothing."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .common import plays, seat_of
from .supply_units import counters_of, destroy

ANSWER = "`remove_su: SU`: the WA SU permanently removed for entering the Hook of Holland (26.6.5 B)"


def choices(data: GameData, state: dict) -> list[str]:
    gone = {d["unit"] for d in state["dead"]}
    return [u for u in counters_of(data, "western") if u not in gone]


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: the WA's first entry into the Hook (the 26.6.5 B VP line of this step)."""
    if not plays(data, 3) or not any(e["event"] == "vp" and e.get("rule") == "26.6.5 B" and e["army"] == "western" for e in events):
        return
    found = choices(data, state)
    if len(found) == 1:
        remove(state, found[0], events)
    elif found:
        state["hook_su"] = {"resume": state["phase"], "choices": found}
        state["phase"] = "hook_su"


def remove(state: dict, unit_id: str, events: list) -> None:
    why = "removed for entering the Hook of Holland: permanently (26.6.5 B)"
    if unit_id in state["units"]:
        destroy(state, unit_id, why, events)
        return
    for box in state.get("boxes", {}).values():                       # a WA holding box (7.1, 14.x)
        box.pop(unit_id, None)
    burned = state.get("su_burned", {})
    if unit_id in burned.get("western", []):
        state["su_burned"] = {**burned, "western": [u for u in burned["western"] if u != unit_id]}
    state["dead"] = sorted([*state["dead"], {"unit": unit_id, "side": "western", "permanent": True}], key=lambda d: d["unit"])
    events.append({"event": "eliminated", "unit": unit_id, "why": why})


def wa_seat(state: dict) -> str:
    return seat_of(state, "western")


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    found = state["hook_su"]["choices"]
    return {"orders": [{"remove_su": found[0]}], "notes": [ANSWER, f"the WA SUs: {', '.join(found)}"]}


def check(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or set(orders[0]) != {"remove_su"}:
        return [Problem(None, f"one answer: {ANSWER}")]
    found = state["hook_su"]["choices"]
    if str(orders[0]["remove_su"]) not in found:
        return [Problem(0, f"{orders[0]['remove_su']} is not a WA SU still in play: {', '.join(found)} (26.6.5 B)")]
    return []


def apply(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    ask = state.pop("hook_su")
    events: list[dict] = []
    remove(state, str(orders[0]["remove_su"]), events)
    state["phase"] = ask["resume"]
    return events
