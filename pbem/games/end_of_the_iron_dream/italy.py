"""End of the Iron Dream, behaviour 3: Southern Italy (25.12).

- A: "At the start of the game, the WA control two ports in Italy, Rome and Southern Italy" (map.
  places.southern_italy.wa_port_at_start): Rome is on the map, a port of the position's WA sources
  (positions.NAME.wa_supply_sources, 15.14 A); Southern Italy is off the map.
- B: "Southern Italy is the portion of the Italian peninsula existing off the south edge of the
  map. It is accessible from any hex along the southern edge of Italy": its port, a WA GS source
  (15.14 A), reaches the map through those hexes (map.edges.south of map.countries.italy; the
  text lists neither: unknown refuses naming the path). A reading, after 27.9 C ("Count the 12
  hexes supply line radius from the south edge hex", Greece's "in the same way that southern
  Italy extends off the map", 27.9 A): each such hex is a WA source of its own, the line counted
  from it, when the WA control it free of an unnegated enemy ZOC (15.8 B, as any source). Its
  theater is the MTO (4.9 C: the Mediterranean and Adriatic are both the MTO's).
- Not written: units moving off the map into Southern Italy and back (B: "Units moving onto those
  hexes do pay terrain costs to get on and off the map"), and WA sea movement to its port."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import grid, plays

IRON_DREAM = "iron-dream"


def edge_sources(data: GameData, state: dict) -> set[str]:
    """25.12 A-B: the hexes of Italy's south edge, through which Southern Italy's port supplies the WA."""
    if not plays(data, 3) or state["scenario"] != IRON_DREAM:
        return set()
    if not numbers.flag(data, "map.places.southern_italy.wa_port_at_start", "Southern Italy, a WA port at the start (25.12 A)"):
        return set()
    g = grid(data)
    edge = {g.canonical(h) for h in numbers.texts(data, "map.edges.south", "the hexes of the map's south edge (25.12 B)")}
    if not edge:
        return set()
    italy = {g.canonical(h) for h in numbers.texts(data, "map.countries.italy", "the hexes of Italy (25.12 B)")}
    return edge & italy
