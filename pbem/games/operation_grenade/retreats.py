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
    """The units in hex_id that retreated onto it this Combat Phase while it held friendly units."""
    onto = state.get("retreated_onto", {})          # read only: a check never changes the state
    return [u for u in game.stacks(state).get(hex_id, []) if onto.get(u) == hex_id]


def eliminate_retreated(game: OperationGrenade, data: GameData, state: dict, hexes: list, events: list) -> None:
    """9.93: an adverse result in the hexes eliminates the units that retreated onto them; their
    steps do not count toward the result."""
    from .losses import remove_unit
    for hex_id in hexes:
        for unit_id in retreated_here(game, state, hex_id):
            record(state).pop(unit_id)
            remove_unit(game, data, state, unit_id, events, rule="9.93")
