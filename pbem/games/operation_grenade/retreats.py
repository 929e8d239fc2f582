"""9.93: units that retreated onto a friendly-occupied hex, for the rest of the Combat Phase.

"If a unit retreats onto a Friendly occupied hex and that hex then undergoes an attack in the
same Phase, the retreated unit may never add its Combat Strength to those of the units already in
the hex. If units in that hex then suffer an adverse combat result, the previously retreated unit
is eliminated from play (its step losses do not count in the determination of step losses in the
new combat)."

state["retreated_onto"] maps such a unit to the hex it retreated onto; it is emptied when a
Combat Phase begins (combat.Attacks.apply). Saves written before pbem kept it have no key: no
retreat of theirs is in a phase still running then but the one they stopped in, which started
with none recorded, so an absent key is the empty record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...gamedata import GameData
from . import flood

if TYPE_CHECKING:
    from .game import OperationGrenade


def record(state: dict) -> dict:
    return state.setdefault("retreated_onto", {})


def note_retreat(game: OperationGrenade, state: dict, movers: list, start: str, path: list) -> None:
    """After a stack's retreat along `path` from `start`: its units ended on a hex holding other
    friendly units (9.93) or not."""
    onto = record(state)
    end = path[-1] if path else start
    others = [u for u in game.stacks(state).get(end, []) if u not in movers]
    for unit_id in movers:
        onto.pop(unit_id, None)
        if path and others:
            onto[unit_id] = end


def retreated_here(game: OperationGrenade, state: dict, hex_id: str) -> list[str]:
    """The units in hex_id that retreated onto it this Combat Phase while it held friendly units, as
    long as some of "the units already in the hex" are still there (else they are the hex's defenders)."""
    onto = state.get("retreated_onto", {})          # read only: a check never changes the state
    here = game.stacks(state).get(hex_id, [])
    retreated = [u for u in here if onto.get(u) == hex_id]
    return retreated if len(retreated) < len(here) else []


def eliminate_retreated(game: OperationGrenade, data: GameData, state: dict, hexes: list, events: list) -> None:
    """9.93: an adverse result in the hexes eliminates the units that retreated onto them; their
    steps do not count toward the result."""
    from .losses import remove_unit
    for hex_id in hexes:
        for unit_id in retreated_here(game, state, hex_id):
            record(state).pop(unit_id)
            remove_unit(game, data, state, unit_id, events, rule="9.93")


# -- 9.91 retreat priorities ---------------------------------------------------------------------
def legal_paths(game: OperationGrenade, data: GameData, state: dict, side: str, start: str, length: int,
                zoc: set) -> list[list[str]]:
    """Every retreat path of `length` hexes from `start` that 9.91-9.96 allow (losses.retreat_problem),
    ending on the map."""
    from .losses import retreat_problem
    grid = game.grid(data)
    paths: list[list[str]] = [[]]
    for _ in range(length):
        paths = [p + [n] for p in paths for n in grid.neighbours(p[-1] if p else start)
                 if n != start and n not in p and not flood.off_map(game, data, n)]
    return [p for p in paths if retreat_problem(game, data, state, side, start, p, zoc)[0] is None]


def _ranked(game: OperationGrenade, state: dict, side: str, paths: list[list[str]], zoc: set,
            grid) -> tuple[dict[str, int], int, set[str]]:
    """Each end hex's distance from the nearest enemy unit, the greatest, and the ends at it that no
    enemy controls."""
    enemies = sorted({u["hex"] for u in state["units"].values() if u["side"] != side})
    distance = {p[-1]: min((grid.distance(p[-1], e) for e in enemies), default=0) for p in paths}
    best = max(distance.values(), default=0)
    free = {h for h, d in distance.items() if d == best and h not in zoc}
    return distance, best, free


def allowed_paths(game: OperationGrenade, data: GameData, state: dict, side: str, start: str, length: int,
                  zoc: set) -> list[list[str]]:
    """The legal retreats of `length` hexes that meet the 9.91 priorities."""
    paths = legal_paths(game, data, state, side, start, length, zoc)
    distance, best, free = _ranked(game, state, side, paths, zoc, game.grid(data))
    return [p for p in paths if distance[p[-1]] == best and (p[-1] in free or not free)]


def priority_problem(game: OperationGrenade, data: GameData, state: dict, side: str, start: str, path: list,
                     zoc: set) -> str | None:
    """9.91: the owner retreats "to a hex that is the maximum possible distance from any Enemy unit",
    then "to a non-Enemy-controlled hex"; any route to it (9.91 "in any way he sees fit"). A retreat
    off the map (9.96) eliminates the stack: it is measured against nothing (errata E14)."""
    if not path or flood.off_map(game, data, path[-1]):
        return None
    paths = legal_paths(game, data, state, side, start, len(path), zoc)
    distance, best, free = _ranked(game, state, side, paths + [list(path)], zoc, game.grid(data))
    here = distance[path[-1]]
    if here < best:
        far = next(p[-1] for p in paths if distance[p[-1]] == best)
        return (f"retreat: {path[-1]} is {here} hex(es) from the nearest enemy unit; a retreat of {len(path)} "
                f"hex(es) can end {best} away, e.g. at {far} (9.91: the maximum possible distance from any enemy unit first)")
    if path[-1] in zoc and free:
        return (f"retreat: {path[-1]} is enemy-controlled; {sorted(free)[0]} is as far from the enemy and is not "
                "(9.91: then a non-enemy-controlled hex)")
    return None
