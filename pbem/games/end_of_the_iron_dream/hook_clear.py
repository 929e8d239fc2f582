"""End of the Iron Dream, behaviour 3: 26.6.5 A the Hook of Holland as clear for the Axis.

"Marsh hexes X13, Y13, Y14, Z13, and Z14 make up the area known as the Hook of Holland. While all
five remain Axis controlled territory, the Axis may treat them as clear hexes for all purposes."
26.6.5 B: "The instant an Alliance unit attempts to move or assault into any of those hexes, they
all permanently become marsh" (victory.hook_entered records that instant as victory.hook).

The purposes where the Axis gains by it: the MP cost of entering a Hook hex (10.6, operational
and strategic moves) and a mobile assault launched out of one (11.2 B). The others do not arise
while all five are Axis-controlled: no Alliance unit stands in the Hook, so none is assaulted
or entered there, and an Alliance assault into it makes it marsh at once (26.6.5 B)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from .common import mapdata


def hexes(data: GameData) -> frozenset[str]:
    """The Hook's hexes: map.hexes.HEX.hook_of_holland (26.6.5 A names five)."""
    return data.derived("eid.hook_hexes", lambda: frozenset(
        h for h, v in mapdata(data).hexes().items() if isinstance(v, dict) and unwrap(v.get("hook_of_holland", False)) is True))


def clear_for(data: GameData, state: dict, army: str, hex_id: str) -> bool:
    """26.6.5 A: whether `army` treats `hex_id` as clear now (the Axis, a Hook hex, all five
    Axis-controlled, the Hook not yet made marsh for good by an Alliance entry, 26.6.5 B)."""
    hook = hexes(data)
    if army != "axis" or hex_id not in hook or (state.get("victory") or {}).get("hook"):
        return False
    from .supply_play import control
    owner = control(data, state)
    return all(owner.get(h) == "axis" for h in hook)
