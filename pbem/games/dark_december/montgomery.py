"""26.13 Montgomery's Withdrawal (variant, campaigns of behaviour 5; docs/errata.md DD20).

A: "In any turn the Allies may state that they are conducting a withdrawal. During that turn, Allied units
may move twice before their Combat Phase." `withdrawal: true` in the Allied Movement Phase orders; after
that Movement Phase (its air attack included) comes a second Allied move (the sequence's `second_move`
entry), then the Reaction and Combat Phases. D: "No Allied attacks may be made during the withdrawal turn"
(the Combat Phase's battles and the Shock Combat Phase's, 14.3).

B: "Units that move during this withdrawal turn must move by the most direct route possible to a point west
of the Meuse River, south of the Sure River, north of the Amblève River, and/or south of the Semois River."
C: "Allied units must move towards one of the rivers unless surrounded by enemy ZOCs." E: "... as long as
the units moving move toward the closest river line or else west to the Meuse River position."

Reading DD20: a river line's hexsides are group data (`map.rivers.NAME`); the side a unit withdraws to
("beyond" the line) is the hexes joined to the map edge on that side (west, south, north, south) without
crossing the line, as DD14 reads the Meuse's west side; the far bank is the hexes beyond it that touch one
of its hexsides. A unit's distance to a line is 0 beyond it, else the hexes to the nearest far-bank hex. Every
Allied move in the withdrawal turn (both moves, reinforcements entering, exploitation) follows one line: the
closest (E; ties: any of them) or the Meuse; each hex entered is one hex nearer that line's far bank, and once
beyond it the unit stays beyond it. A unit whose every adjacent hex is in an enemy ZOC (12.0) or holds enemy
units is "surrounded by enemy ZOCs" (C): it moves as the other rules allow. Nobody must move (B: "units that
move"). A line whose hexsides do not part its edge's side from the far side refuses the move (the text does
not say where "north of the Amblève" ends).
"""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ..base import Problem
from .common import board, enemy_zoc, mapdata

LINES = (("meuse", "west"), ("sure", "south"), ("ambleve", "north"), ("semois", "south"))
NAMES = {"meuse": "the Meuse", "sure": "the Sure", "ambleve": "the Amblève", "semois": "the Semois"}


def on(state: dict) -> bool:
    return "withdrawal" in state                         # behaviour 5 campaigns with variant 26.13


def active(state: dict) -> bool:
    """The Allied player turn of a declared withdrawal."""
    return on(state) and state["withdrawal"] == state["turn"] and state["side"] == "allies"


def declaring(state: dict, orders: list) -> bool:
    return any("withdrawal" in o for o in orders)


def declaration_problems(state: dict, side: str, orders: list) -> list[Problem]:
    """26.13 A: the Allies state it in their Movement Phase, once a turn, with the variant (behaviour 5)."""
    asked = [i for i, o in enumerate(orders) if "withdrawal" in o]
    if not asked:
        return []
    if not on(state) or side != "allies" or state["phase"] != "movement":
        return [Problem(asked[0], "`withdrawal: true` is the Allies' statement in their Movement Phase, with variant 26.13 in a "
                                  "campaign of Dark December behaviour 5 (26.13 A)")]
    if orders[asked[0]]["withdrawal"] is not True or len(asked) > 1:
        return [Problem(asked[0], "state a withdrawal once, with `withdrawal: true` (26.13 A)")]
    return []


class Lines:
    """The river lines' sides and far banks, and the distances to them (reading DD20)."""

    def __init__(self, data: GameData) -> None:
        from .restricted import hexsides, side_of
        self.grid = mapdata(data).grid
        self.beyond: dict[str, set[str]] = {}
        self.bank: dict[str, set[str]] = {}
        self.broken: dict[str, str] = {}
        for river, side in LINES:
            blocked = hexsides(data, river)
            if not blocked:
                continue                                   # not on the map
            seen = side_of(data, blocked, side, f"26.13 B: {side} of {NAMES[river]}")
            crossed = sorted(k for k in blocked if all(h in seen for h in k.split("|")))
            if crossed:
                self.broken[river] = crossed[0]
            self.beyond[river] = seen
            self.bank[river] = {h for k in blocked for h in k.split("|") if h in seen}

    def distance(self, river: str, hex_id: str) -> int:
        if hex_id in self.beyond[river]:
            return 0
        return min(self.grid.distance(hex_id, h) for h in self.bank[river])

    def closest(self, hex_id: str) -> list[str]:
        """E: the closest river line(s), and the Meuse."""
        near = min(self.distance(r, hex_id) for r in self.beyond)
        found = [r for r in self.beyond if self.distance(r, hex_id) == near]
        return found + (["meuse"] if "meuse" in self.beyond and "meuse" not in found else [])

    def follows(self, river: str, path: list[str]) -> bool:
        for a, b in zip(path, path[1:]):
            if a in self.beyond[river]:
                if b not in self.beyond[river]:
                    return False
            elif self.distance(river, b) != self.distance(river, a) - 1:
                return False
        return True


def surrounded(data: GameData, state: dict, side: str, hex_id: str) -> bool:
    """C: every hex next to the unit in an enemy ZOC or holding enemy units (reading DD20)."""
    zoc, bd, hexes = enemy_zoc(data, state, side), board(state), mapdata(data)
    return all(n in zoc or bd.enemies_in(n, side) for n in hexes.grid.neighbours(hex_id) if hexes.listed(n))


def path_problem(data: GameData, state: dict, side: str, unit_id: str, path: Any, lines: Lines) -> str | None:
    """B, C, E: the path of one Allied move in the withdrawal turn."""
    if not isinstance(path, list) or len(path) < 2 or any(not isinstance(h, str) for h in path):
        return None                                       # the move's own check refuses its shape
    grid = mapdata(data).grid
    path = [grid.canonical(h) for h in path]
    if not lines.beyond:
        return ("26.13 B: no river line is on the map (`map.rivers.meuse`, `.sure`, `.ambleve`, `.semois` list no hexside), so "
                "the withdrawal has nowhere to go")
    for river, key in sorted(lines.broken.items()):
        return (f"26.13 B: the hexsides of `map.rivers.{river}` do not part {NAMES[river]}'s side from the other ({key} has the "
                f"{dict(LINES)[river]} edge's side on both banks): the text does not say where that side ends (reading DD20)")
    if unit_id in state["units"] and state["units"][unit_id]["hex"] == path[0] and surrounded(data, state, side, path[0]):
        return None
    targets = lines.closest(path[0])
    if any(lines.follows(r, path) for r in targets):
        return None
    far = ", ".join(f"{NAMES[r]} {lines.distance(r, path[0])}" for r in targets)
    return (f"{unit_id} withdraws by the most direct route: each hex entered one hex nearer the far bank of the closest river "
            f"line or of the Meuse, staying beyond it once there (hexes from {path[0]}: {far}); {' → '.join(path)} does not "
            "(26.13 B, C, E; reading DD20)")


def problems(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """Every Allied `move` and `enter` path of a withdrawal turn (declared now or earlier this turn)."""
    if side != "allies" or not (active(state) or (on(state) and declaring(state, orders) and state["phase"] == "movement")):
        return []
    found: list[Problem] = []
    lines = Lines(data)
    for index, order in enumerate(orders):
        unit_id = order.get("move", order.get("enter"))
        if not isinstance(unit_id, str) or "path" not in order:
            continue
        why = path_problem(data, state, side, unit_id, order["path"], lines)
        if why:
            found.append(Problem(index, why))
    return found


def no_attacks(state: dict, orders: list) -> list[Problem]:
    """D: no Allied attacks in the withdrawal turn (the Combat Phase and the Shock Combat Phase)."""
    if not active(state) or not orders:
        return []
    return [Problem(None, "no Allied attacks may be made during the withdrawal turn (26.13 D)")]


def declare(state: dict, orders: list, events: list) -> None:
    if on(state) and declaring(state, orders):
        state["withdrawal"] = state["turn"]
        events.append({"event": "withdrawal", "turn": state["turn"]})
