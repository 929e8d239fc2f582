"""19.1.11 Scraping the Barrel and 19.1.13 The Mechanics Work Wonders: a replacement point given
to a reduced unit on the map (7.3: replacements rebuild lost steps), in supply, in command and
not in an EZOC — 19.1.11 one non-mechanized point to a German unit, 19.1.13 one mechanized point
to each side's mechanized unit. The owner names the unit (`replace: UNIT`), a signed answer,
the German player first; a side with one unit to choose from gets it at once, with none nothing.

"In command" is read as within the command range of the HQ that commands the unit (3.3.3), of
any own HQ for an independent unit (3.3.2)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .common import commanded_by, full_steps, grid, is_hq, kind, mechanized, other, side_of, zoc_of
from .reich import command_range

KINDS = {"scraping_the_barrel": ("german",), "mechanics_work_wonders": ("german", "soviet")}


def in_command(data: GameData, state: dict, unit_id: str) -> bool:
    side, here = side_of(state, unit_id), state["units"][unit_id]["hex"]
    hq = commanded_by(data, unit_id)
    hqs = [hq] if hq else [u for u in state["units"] if is_hq(data, u) and side_of(state, u) == side]
    return any(h in state["units"] and grid(data).distance(state["units"][h]["hex"], here)
               <= command_range(data, state, h) for h in hqs)


def eligible(data: GameData, state: dict, side: str, mech: bool) -> list[str]:
    ezoc = zoc_of(data, state, other(side))
    return [u for u in sorted(state["units"]) if side_of(state, u) == side and not is_hq(data, u)
            and kind(data, u) == "combat" and state["units"][u]["steps"] < full_steps(data, u)
            and mechanized(data, u) == mech and state["units"][u]["supply"] == "in"
            and state["units"][u]["hex"] not in ezoc and in_command(data, state, u)]


def give(state: dict, unit_id: str, events: list, rule: str) -> None:
    state["units"][unit_id]["steps"] += 1
    events.append({"event": "replaced", "unit": unit_id, "rule": rule})


def start(data: GameData, state: dict, what: str, events: list) -> None:
    """The event's points: given at once where there is no choice, else awaited."""
    mech, rule = (True, "19.1.13") if what == "mechanics_work_wonders" else (False, "19.1.11")
    state["replacing"] = []
    for side in KINDS[what]:
        units = eligible(data, state, side, mech)
        if len(units) == 1:
            give(state, units[0], events, rule)
        elif units:
            state["replacing"].append({"side": side, "mech": mech, "rule": rule})


def check_replace(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    item = state["replacing"][0]
    units = eligible(data, state, side, item["mech"])
    if len(orders) != 1 or str(orders[0].get("replace")) not in units:
        return [Problem(0 if len(orders) == 1 else None, f"`replace: UNIT`, one of {', '.join(units)} ({item['rule']})")]
    return []


def apply_replace(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .cup import first_draw
    item = state["replacing"].pop(0)
    events: list[dict] = []
    give(state, str(orders[0]["replace"]), events, item["rule"])
    if not state["replacing"]:
        del state["replacing"]
        first_draw(data, state, events, dice)
    return events
