"""End of the Iron Dream, behaviour 3: the Axis satellites' GS sources.

19.1.4 B: "Axis Romanians trace their GS line to Bucharest"; 19.2.1: "Axis-Bulgaria's army traces
its GS to Sofia"; 19.3 D: "Hungarian units trace their GS to Budapest or to a German GS source
(Germany's choice on a case-by-case basis)". The hexes: map.places.NAME.hex (Sofia C28, 3.1; the
others printed on the map only), read when a satellite unit's supply needs them; lines as the
Axis's (15.7 any length, 15.8)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import supply
from .common import counter, grid, mapdata, plays

SOURCES = {"romanian": "bucharest", "bulgarian": "sofia", "hungarian": "budapest"}


def traces(data: GameData, state: dict, unit_id: str, hex_id: str, german: set[str], ezoc: set[str],
           german_reach: dict[str, int]) -> bool | None:
    """Whether an Axis satellite unit in `hex_id` has GS (None: not a satellite, or behaviour < 3)."""
    if not plays(data, 3):
        return None
    nation = unwrap(counter(data, unit_id).get("nation"))
    if nation not in SOURCES:
        return None
    if nation == "hungarian" and hex_id in german_reach:                  # 19.3 D: a German source
        return True
    from .supply_play import blocked
    source = grid(data).canonical(numbers.text(data, f"map.places.{SOURCES[nation]}.hex",
                                               f"the hex of {SOURCES[nation].title()}, the {nation} GS source (19.x)"))
    mapdata(data).info(source)
    reach = supply.general_supply(data, "axis", state["scenario"], grid(data), [source], german, ezoc, blocked(data))
    return hex_id in reach
