"""End of the Iron Dream, behaviour 4: OKH's area (25.10 B).

25.10 B: "OKH may only operate in hexes east of the inter-theater boundary line (26.0), and it may
also never enter Yugoslavia." 26.3 B: "The east-west theater boundary line is the dotted line
originating in the north and south apexes of the Berlin hex." The text gives no other point of
the line: its hexes are the map's, given by the campaign as the hexes west of it
(`victory.two_player.line.west_hexes`, the list 26.3 B's two-player count reads; unknown refuses
the order naming that path); Yugoslavia is `map.countries.yugoslavia` (4.5, red Y hexes included).

- A reading: Berlin lies on the line (its apexes begin it; 26.4 puts it on either side), and 25.10 A
  places OKH there, so Berlin is in OKH's area whatever the list says.
- OKH never enters a hex outside its area: operational and strategic moves (the movement rules'
  entry test, yugoslavia.enter_problem), German sea movement (13.3) and going along on its stack's
  retreat (15.23 G; OKH never retreats alone: SUs alone are destroyed, 15.23 C).
- A reading of "operate": OKH's AS (25.10 D) goes only to hexes of its area."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import grid, plays

OKH = "de-okh"
WEST = "victory.two_player.line.west_hexes"


def west_of_line(data: GameData) -> frozenset[str]:
    """26.3 B: the hexes west of the inter-theater boundary line (every other hex is east of it)."""
    return data.derived("eid.okh.west_of_line", lambda: frozenset(grid(data).canonical(h) for h in numbers.texts(
        data, WEST, "the hexes west of the inter-theater boundary line (25.10 B, 26.3 B)")))


def outside(data: GameData, hex_id: str) -> str | None:
    """Where `hex_id` lies outside OKH's area (25.10 B), with the rules: in Yugoslavia, west of the
    inter-theater boundary line; None inside it."""
    from .supply_play import berlin_hex
    from .yugoslavia import hexes
    if hex_id == grid(data).canonical(berlin_hex(data)):
        return None                                                       # 25.10 A, 26.3 B (a reading)
    if hex_id in hexes(data):
        return "in Yugoslavia (25.10 B)"
    if hex_id in west_of_line(data):
        return "west of the inter-theater boundary line (25.10 B, 26.3 B)"
    return None


def enter_problem(data: GameData, unit_id: str, hex_id: str) -> str | None:
    """25.10 B for OKH entering `hex_id` (any other unit: None)."""
    if unit_id != OKH or not plays(data, 4):
        return None
    where = outside(data, hex_id)
    return f"OKH may not enter {hex_id}: it lies {where}" if where else None


def along_problem(data: GameData, along: dict) -> str | None:
    """25.10 B for OKH going along on its stack's retreat (15.23 G): each hex of its path."""
    path = along.get(OKH)
    if not plays(data, 4) or not isinstance(path, list):
        return None
    for raw in path:
        try:
            hex_id = grid(data).canonical(str(raw))
        except ValueError:
            return None                                       # the retreat's own checks name the bad hex
        why = enter_problem(data, OKH, hex_id)
        if why:
            return why
    return None


def supply_problem(data: GameData, hexes: list[str]) -> str | None:
    """25.10 B, a reading: OKH's AS (25.10 D) goes only to hexes of its area."""
    if not plays(data, 4):
        return None
    for hex_id in hexes:
        where = outside(data, hex_id)
        if where:
            return f"OKH gives AS only in its area, not in {hex_id}: it lies {where}"
    return None
