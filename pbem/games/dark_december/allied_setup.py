"""26.4 B and 26.6 A/B, the Allies' free set-up of named divisions (campaigns of behaviour 3): an orders step of
the Allies before the German set-up (6.0 H: the Allies set up first). 26.4 B the 99th Infantry Division's units
anywhere within three hexes of Elsenborn (`map.places.elsenborn.hex`); 26.6 A the 2nd Infantry Division's units
(removed as in 26.4 A) anywhere west of the Our (`map.rivers.our`, the west side read as the Meuse's in 10.9.1 A,
DD14), B the 99th as in 26.4 B. The divisions as the counters spell them are group data
(`variants.division_variants.26_4.removed`, `.26_4.free_setup`)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import mapdata

PATH = "variants.division_variants.26_4"


def free_units(data: GameData, options: dict, division: str) -> str | None:
    """How a counter of this division sets up: "elsenborn" (26.4 B, 26.6 B), "our" (26.6 A) or None."""
    from .reinforcements import divisions
    chosen = options["variants"]
    if ("26.4" in chosen or "26.6" in chosen) and division in divisions(data, "26.4", "free_setup"):
        return "elsenborn"
    if "26.6" in chosen and division in divisions(data, "26.4", "removed"):
        return "our"
    return None


def where_problem(data: GameData, unit_id: str, how: str, at: str) -> str | None:
    hexes = mapdata(data)
    if not hexes.listed(at):
        return f"{at} is not a hex of the map"
    if how == "elsenborn":
        town = hexes.grid.canonical(numbers.text(data, "map.places.elsenborn.hex", "the hex of Elsenborn (26.4 B)"))
        reach = numbers.integer(data, f"{PATH}.free_setup_hexes_from_elsenborn", "the set-up distance from Elsenborn (26.4 B)")
        if hexes.grid.distance(at, town) > reach:
            return f"{unit_id} sets up within {reach} hexes of Elsenborn ({town}); {at} is {hexes.grid.distance(at, town)} away (26.4 B)"
        return None
    from .restricted import west_side
    if at not in west_side(data, "our"):
        return f"{unit_id} sets up west of the Our River, and {at} is not (map.rivers.our; 26.6 A)"
    return None


def check(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """`place: UNIT`, `at: HEX` for every unit waiting (26.4 B, 26.6 A)."""
    problems: list[Problem] = []
    placed: set[str] = set()
    waiting = state["allies_to_place"]
    for index, order in enumerate(orders):
        unit_id, at = order.get("place"), order.get("at")
        if unit_id not in waiting or not isinstance(at, str):
            problems.append(Problem(index, f"{unit_id!r} is not an Allied unit waiting for its free set-up (26.4 B, 26.6)"))
            continue
        why = where_problem(data, unit_id, waiting[unit_id], mapdata(data).grid.canonical(at))
        if why:
            problems.append(Problem(index, why))
        placed.add(unit_id)
    missing = sorted(set(waiting) - placed)
    if missing:
        problems.append(Problem(None, f"every Allied unit of the free set-up sets up (6.0 H); missing: {', '.join(missing)}"))
    return problems


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    return {"notes": ["The Allies' free set-up (26.4 B: within three hexes of Elsenborn; 26.6 A: west of the Our)"],
            "orders": [{"place": u, "at": "HEX"} for u in sorted(state["allies_to_place"])]}
