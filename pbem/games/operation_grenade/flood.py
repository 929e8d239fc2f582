"""The flash flood's Roer valley (17.11, 17.13, 17.14) and the map's extent (9.96).

17.11: under a flash flood "all hexes shaded to indicate that they are part of the Roer River
Valley become swamp hexes, including towns. Except for roads, all other terrain features lying
within the valley should be ignored." The shaded hexes are printed on the map, not in the text:
`map.roer_valley.hexes` (rules/operation-grenade/map.yaml) is `unknown` until a campaign lists
them, and every lookup a flash-flood game makes of a hex's terrain refuses naming that path.
A gradual flood keeps the printed terrain (17.2) and never reads the list.

9.96: "Units forced to retreat off the map are eliminated." Which hexes are on the map is
`map.extent` (the first and last xx and yy of the printed hex ids); a hex the data does not list
is off the map only if it lies outside that extent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit import numbers

if TYPE_CHECKING:
    from .game import OperationGrenade

PRINTED_ON = "the game map (2.1)"
# 17.11 "except for roads"; 17.13 the Roer stays a (normal) river; the Rhine is not in the valley.
KEPT_IN_VALLEY = ("road", "roer_upper", "roer_lower", "rhine", "rhine_bridge")


def valley_hexes(game: OperationGrenade, data: GameData) -> frozenset[str]:
    def listed() -> frozenset[str]:
        value = data.get("map.roer_valley.hexes", "the hexes of the Roer River Valley (17.11)")
        if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
            raise UnknownDataError("map.roer_valley.hexes", "the hexes of the Roer River Valley (17.11), a list of hex ids",
                                   PRINTED_ON, data.override_file)
        grid = game.grid(data)
        return frozenset(grid.canonical(h) for h in value)
    return data.derived("grenade.roer_valley", listed)


def in_flooded_valley(game: OperationGrenade, data: GameData, state: dict, hex_id: str) -> bool:
    """17.11: a Roer valley hex of a flash-flood game."""
    return state["flood"] == "flash_flood" and hex_id in valley_hexes(game, data)


def ground(game: OperationGrenade, data: GameData, state: dict, hex_id: str) -> str:
    """The terrain a hex has in play: swamp in the flooded valley, towns included (17.11); else the
    printed terrain."""
    printed = game.terrain(data, hex_id)
    return "swamp" if in_flooded_valley(game, data, state, hex_id) else printed


def features(game: OperationGrenade, data: GameData, state: dict, a: str, b: str) -> tuple[str, ...]:
    """The features of the side a-b in play: inside the flooded valley (both hexes in it) only roads
    and the Roer (a normal river, 17.13) remain (17.11)."""
    found = game.hexside(data, a, b)
    if in_flooded_valley(game, data, state, a) and in_flooded_valley(game, data, state, b):
        return tuple(f for f in found if f in KEPT_IN_VALLEY)
    return found


def crt_line_key(game: OperationGrenade, data: GameData, state: dict, hex_id: str) -> str:
    """The `crt.terrain_lines` entry of a defending hex: 17.14 (errata E6) a valley hex that was
    swamp before the flash flood uses the Hilltop line; other flooded valley hexes are swamp (17.11)."""
    if in_flooded_valley(game, data, state, hex_id) and game.terrain(data, hex_id) == "swamp":
        return "flash_flood_originally_swamp_valley_hexes"
    return ground(game, data, state, hex_id)


def off_map(game: OperationGrenade, data: GameData, hex_id: str) -> bool:
    """9.96: whether hex_id lies beyond the printed map. A listed hex is on it; for any other the
    extent decides (`map.extent`, refused naming it while unknown)."""
    if game.on_map(data, hex_id):
        return False
    col, row = game.grid(data).parse(hex_id)
    for axis, value in (("xx", col), ("yy", row)):
        first = numbers.integer(data, f"map.extent.{axis}.first", f"the first {axis} of the map's hex ids (9.96)")
        last = numbers.integer(data, f"map.extent.{axis}.last", f"the last {axis} of the map's hex ids (9.96)")
        if not first <= value <= last:
            return True
    return False
