"""End of the Iron Dream, behaviour 3: 21.x special units' terrain for movement.

21.1 B: mountain units "treat rough terrain as clear terrain, and mountain hexes as rough terrain
for all operational and strategic movement purposes, but not for advance after combat"; 21.2: the
two Luftwaffe paratroop corps have the mountain units' characteristics; 21.3 B: Soviet cavalry
mechanized groups, "for all movement purposes", treat rough as clear and marsh as rough. The
tables are special.special_units.movement_terrain (the text's, as data). The other parts of 21.x
are played where they belong: 21.3 A the CMG as the fourth Soviet unit (8.2, common.stacking_problem),
21.3 C its advance through marsh (18.17, assault.advance_problem); 21.1 B's "not for advance after
combat" is the 18.16-18.18 checks reading the printed terrain."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import COUNTER, plays, terrain

DATA = "special.special_units.movement_terrain"


def kind_of(data: GameData, unit_id: str) -> str | None:
    """Which 21.x table a unit moves by: mountain_units (21.1 A, 21.2), cavalry_mechanized_groups
    (21.3), or None."""
    path = f"units.counters.{unit_id}"
    c = data.require_keys(data.get(path, f"the counter of {unit_id}"), path, ("type",), f"unit {unit_id}", COUNTER)
    kind = str(c["type"])
    if kind in numbers.texts(data, f"{DATA}.mountain_unit_types", "the mountain unit types (21.1 A)"):
        return "mountain_units"
    services = unwrap(data.get(f"{DATA}.mountain_unit_services", "the paratroop corps with mountain capabilities (21.2)"))
    if kind in services and unwrap(c.get("service")) == services[kind]:
        return "mountain_units"
    if kind in numbers.texts(data, f"{DATA}.cavalry_mechanized_types", "the cavalry mechanized group types (21.3)"):
        return "cavalry_mechanized_groups"
    return None


def movement_terrain(data: GameData, unit_id: str | None, hex_id: str) -> str:
    """The terrain whose cost a unit pays to enter `hex_id` (21.1 B, 21.3 B); the printed terrain
    before behaviour 3 or for units without a 21.x capability."""
    printed = terrain(data, hex_id)
    if unit_id is None or not plays(data, 3):
        return printed
    kind = kind_of(data, unit_id)
    if kind is None:
        return printed
    table = unwrap(data.get(f"{DATA}.{kind}", f"how {kind.replace('_', ' ')} treat terrain for movement (21.1 B, 21.3 B)"))
    return str(table.get(printed, printed))                 # the terrains the text does not name: as printed
