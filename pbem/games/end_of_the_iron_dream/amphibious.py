"""End of the Iron Dream, behaviour 3: blocked and lake hexsides in prepared assaults, and the
WA amphibious coastal attack (14.33).

14.33 A: "Once per player-turn, during the Prepared Assault Phase, the WA may make one amphibious
coastal attack. This allows one stack of WA units to make a prepared assault across a blocked or
lake hexside, treating it as if it were a river or canal hexside." So, a reading (docs/errata.md
ID10): no other prepared assault crosses a blocked or lake hexside (10.4 B, 9.3 A; 5.1.3 D keeps
German strategic movers next to enemies only across them). The attack is the order's
`amphibious: true`: one a player-turn, the WA's, all its attackers in one hex, never into H15 or
G16 (14.33 C); the defenders are doubled as across a river (18.22 A, unless dry attackers from other
hexsides are strong enough); an advance may cross the hexside (14.33 B: the first hex of an
advance, into the defender's, is never checked for blocked hexsides, 18.16 D); retreats never
cross it (the retreat rules refuse blocked and lake hexsides)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import grid, hexside, plays
from .combat import water_between

DATA = "invasions.amphibious_coastal_attack"


def barrier(data: GameData, a: str, b: str) -> bool:
    """A blocked or lake hexside (the dike's too: 10.9 B, its exception)."""
    return bool({"blocked", "lake"} & set(hexside(data, a, b)))


def over_dike(data: GameData, order: dict) -> bool:
    """10.9 B Exception: "The WA may make an amphibious assault across it (14.33)"."""
    return plays(data, 3) and order.get("amphibious") is True


def crossing_problem(data: GameData, state: dict, order: dict, here: str, target: str) -> str | None:
    """A prepared assault from `here` into `target` across a blocked or lake hexside."""
    if not plays(data, 3) or not barrier(data, here, target):
        return None
    if order.get("amphibious") is not True:
        return (f"{here}-{target} is a blocked or lake hexside: only the WA amphibious coastal attack crosses it, "
                "`amphibious: true` (14.33 A)")
    return None


def order_problem(data: GameData, state: dict, order: dict, units: list[str], hexes: list[str], earlier: int) -> str | None:
    """14.33 A, C for an order marked `amphibious: true` (`earlier`: such orders before it in the file)."""
    if "amphibious" not in order:
        return None
    if not plays(data, 3) or order["amphibious"] is not True:
        return "an amphibious coastal attack is `amphibious: true` on a WA prepared assault (14.33 A; behaviour 3)"
    if state["army"] != "western":
        return "only the WA make amphibious coastal attacks (14.33 A)"
    most = numbers.integer(data, f"{DATA}.per_player_turn", "the amphibious coastal attacks a player-turn (14.33 A)")
    if earlier >= most:
        return f"the WA make {most} amphibious coastal attack a player-turn (14.33 A)"
    if len({state["units"][u]["hex"] for u in units if u in state["units"]}) != 1:
        return "an amphibious coastal attack is made by one stack of WA units (14.33 A)"
    barred = {grid(data).canonical(h) for h in numbers.texts(data, f"{DATA}.not_into", "the hexes never assaulted from the sea (14.33 C)")}
    if set(hexes) & barred:
        return f"amphibious coastal attacks are never made into {', '.join(sorted(set(hexes) & barred))} (14.33 C)"
    return None


def water(data: GameData, state: dict, a: str, b: str, amphibious: bool) -> bool:
    """18.22 A's river or canal (17.8 B: not a bridgehead's); 14.33 A: the amphibious attack's
    blocked or lake hexside too."""
    from .air_assault import bridged
    return (water_between(data, a, b) and not bridged(state, a, b)) or (amphibious and barrier(data, a, b))
