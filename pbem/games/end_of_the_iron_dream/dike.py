"""End of the Iron Dream, behaviour 3: the hexsides written as `{kind: KIND, FEATURE: ...}` in
rules/end-of-the-iron-dream/map.yaml (the dike Z14|Z15, 10.9; the Scheldt's mouth X11|X12, 13.7)
and the dike as a river hexside (10.9).

The kit reads a hexside's features from a list or a word; map.yaml writes these two as a mapping
(`kind: blocked` plus the feature with its rule), which the kit would read as the features
"kind" and "dike": behaviour 2 crossed both sides freely. Behaviour 3 reads them as ("blocked",
"dike") and ("blocked", "scheldt_mouth"):

- 10.9 A: units move operationally across the dike "treating it as a river hexside, but only if
  both sides are friendly-controlled at the instant the crossing is made" (4.1 control);
- 10.9 B: no strategic movement across it (nor mobile or prepared assaults: movement.py and
  assault.py already refuse those); 10.9 C: supply is traced across it (supply_play.blocked);
- otherwise it is a blocked hexside: no ZOC across it (9.3 A), no retreat (9.3) or advance
  (18.16 D) across it."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...hexgrid import hexside_key
from .common import mapdata

META = ("kind", "rule", "note", "printed_on")


def features(data: GameData, a: str, b: str) -> tuple[str, ...]:
    """The features of the a-b hexside: the kit's reading, or for a `{kind: ...}` mapping its kind
    and every other feature whose value is true (10.9, 13.7)."""
    hexes = mapdata(data)
    sides = hexes.listed_hexsides()
    raw = sides.get(hexside_key(a, b)) if isinstance(sides, dict) else None
    if isinstance(raw, dict) and "kind" in raw:
        extra = [str(k) for k, v in raw.items() if k not in META and unwrap(v) is True]
        return (str(unwrap(raw["kind"])), *sorted(extra))
    return hexes.hexside(a, b, hexes_known=False)


def crossing_problem(data: GameData, state: dict, army: str, a: str, b: str) -> str | None:
    """10.9 A: both sides of the dike friendly-controlled at the instant of the crossing."""
    from .supply_play import control
    owner = control(data, state)
    foreign = [h for h in (a, b) if owner.get(h) != army]
    if foreign:
        return (f"the dike {a}-{b} is crossed only when both its hexes are friendly-controlled; "
                f"{', '.join(foreign)} {'is' if len(foreign) == 1 else 'are'} not (10.9 A)")
    return None


def strategic_problem(data: GameData, a: str, b: str) -> str | None:
    """10.9 B: "The hexside prevents strategic movement ... across it"."""
    if "dike" in features(data, a, b):
        return f"the dike hexside {a}-{b} prevents strategic movement across it (10.9 B)"
    return None
