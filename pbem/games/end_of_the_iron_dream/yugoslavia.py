"""End of the Iron Dream, behaviour 2: Yugoslavia (20.0; 4.5).

The hexes come from the data (4.5: Croatia, Serbia, the Banat, Montenegro, Albania and the red Y
hexes, printed on the map): `map.countries.yugoslavia` (every Yugoslav hex, the Y hexes
included) and `map.countries.red_y` (the Y hexes). A campaign of behaviour 2 gives them at set-up:
any Soviet move may need them (20.3).
- 20.1: the Yugoslavs move (operationally, strategically, retreating, advancing) and assault
  only within Yugoslavia;
- 20.2 A: Yugoslav units are always in GS;
- 20.3: non-Yugoslav Soviet units enter only the clear hexes and the Y hexes of Yugoslavia;
- 20.5 A: Yugoslav units are never replaced;
- behaviour 3: 9.5 B, 20.2 C Yugoslav ZOCs stop at Yugoslavia's border (common.zoc_of); 9.5 A,
  20.2 B, D: Yugoslav units retreat into and through Axis ZOCs, Axis units through Yugoslav ZOCs
  (`retreat_zoc`); moving, both still pay the ZOC costs (9.5 B)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import army_of, enemies, enemy_zoc, grid, is_type, mapdata, plays, zoc_of


def hexes(data: GameData, key: str = "yugoslavia") -> frozenset[str]:
    def read() -> frozenset[str]:
        what = "the hexes of Yugoslavia (4.5)" if key == "yugoslavia" else "the red Y hexes (4.5)"
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, f"map.countries.{key}", what))
    return data.derived(f"eid.countries.{key}", read)


def validate(data: GameData) -> None:
    """Behaviour 2, at set-up: both lists (any Soviet move may need them)."""
    hexes(data)
    hexes(data, "red_y")


def enter_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """20.1 the Yugoslavs stay in Yugoslavia; 20.3 other Soviet units enter only its clear and Y
    hexes (behaviour 2)."""
    if not plays(data, 2) or army_of(state, unit_id) != "soviet":
        return None
    inside = hex_id in hexes(data)
    if is_type(data, unit_id, "yugoslav"):
        return None if inside else f"{unit_id} may not leave Yugoslavia for {hex_id} (20.1)"
    if inside and hex_id not in hexes(data, "red_y") and mapdata(data).terrain(hex_id) != "clear":
        return f"{unit_id} may enter only the clear and Y hexes of Yugoslavia, not {hex_id} (20.3)"
    return None


def assault_problem(data: GameData, state: dict, units: list[str], targets: list[str]) -> str | None:
    """20.1: the Yugoslavs assault only within Yugoslavia."""
    if not plays(data, 2):
        return None
    yugoslavs = [u for u in units if army_of(state, u) == "soviet" and is_type(data, u, "yugoslav")]
    outside = [h for h in targets if h not in hexes(data)] if yugoslavs else []
    if outside:
        return f"{yugoslavs[0]} may assault only within Yugoslavia, not {outside[0]} (20.1)"
    return None


def always_supplied(data: GameData, unit_id: str) -> bool:
    """20.2 A: "Yugoslav units are always in GS and AS"."""
    return is_type(data, unit_id, "yugoslav")


def retreat_zoc(data: GameData, state: dict, unit_id: str) -> set[str]:
    """The EZOC a retreating unit may not enter (9.10), less (behaviour 3) 9.5 A, 20.2 B: the Axis
    ZOCs for a Yugoslav unit; 20.2 D: the Yugoslav ZOCs for an Axis unit."""
    army = army_of(state, unit_id)
    if not plays(data, 3):
        return enemy_zoc(data, state, army)
    if is_type(data, unit_id, "yugoslav"):
        return zoc_of(data, state, tuple(a for a in enemies(state, army) if a != "axis"))
    if army == "axis":
        others = {k: v for k, v in state["units"].items() if not is_type(data, k, "yugoslav")}
        return zoc_of(data, {**state, "units": others}, enemies(state, army))
    return enemy_zoc(data, state, army)
