"""Surrender (8.6, optional: `--option surrender=true`). In each Supply Determination Phase of a side
(reading DD10: the enemy of the isolated units rolls, 8.6 E) the other side's isolated units gain an
isolated marker (8.6 A-D) or lose their count when no longer isolated (8.6 H); from the third consecutive
one, a die for each unit, stack or group of contiguous stacks wholly made of units isolated that long
surrenders them on a 1 (8.6 B, E, F). Allied units do not count clear weather turns, and no roll is made
against them then (8.6 I); a group with an SS unit or an Allied parachute or glider unit never surrenders
(8.6 J). Surrendered units are never replaced (9.1 E)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from .common import air_superiority, counter, mapdata, other
from .supply import isolated_units

PATH = "supply.surrender_optional"


def check(data: GameData, state: dict, side: str, dice: Any, events: list) -> None:
    if not state["options"].get("surrender"):
        return
    target = other(side)
    if target == "allies" and air_superiority(data, state["turn"], state):
        return                                                      # 8.6 I: not counted, no roll, no restart
    isolated = set(isolated_units(data, state, target))
    counts = state["isolated_turns"]
    for unit_id in [u for u, v in state["units"].items() if v["side"] == target]:
        if unit_id not in isolated:
            counts.pop(unit_id, None)                               # 8.6 H: the count begins anew
        else:
            counts[unit_id] = counts.get(unit_id, 0) + 1
    need = numbers.integer(data, f"{PATH}.turns_before_rolls", "the isolated turns before surrender (8.6 E)")
    for group in _groups(data, state, sorted(isolated)):
        if any(counts.get(u, 0) < need for u in group) or any(_elite(data, u) for u in group):
            continue
        face = dice.roll(f"surrender/{state['turn']}/{group[0]}", 6, about=f"surrender of {', '.join(group)} (8.6 E)")
        surrender = face in numbers.integers(data, f"{PATH}.surrender_faces", "the surrender roll (8.6 E)")
        events.append({"event": "surrender_roll", "units": group, "face": face, "surrender": surrender})
        if surrender:
            for unit_id in group:
                del state["units"][unit_id]
                counts.pop(unit_id, None)
                state["eliminated"].append(unit_id)
                state["surrendered"].append(unit_id)


def _elite(data: GameData, unit_id: str) -> bool:
    """8.6 J: German SS units and Allied parachute and glider infantry never roll for surrender."""
    c = counter(data, unit_id)
    if str(c.get("nationality")) in numbers.texts(data, f"{PATH}.never_nationalities", "8.6 J"):
        return True
    return c["side"] == "allies" and str(c["type"]) in numbers.texts(data, f"{PATH}.never_allied_types", "8.6 J")


def _groups(data: GameData, state: dict, units: list[str]) -> list[list[str]]:
    """8.6 B: isolated stacks in contiguous hexes form one group."""
    grid = mapdata(data).grid
    left, groups = list(units), []
    while left:
        group, frontier = [left.pop(0)], None
        frontier = [state["units"][group[0]]["hex"]]
        while frontier:
            here = frontier.pop()
            for u in list(left):
                h = state["units"][u]["hex"]
                if h == here or grid.adjacent(h, here):
                    left.remove(u)
                    group.append(u)
                    frontier.append(h)
        groups.append(sorted(group))
    return groups
