"""12.4 150th Panzer Brigade (optional, `--option infiltration=true`): infiltration.

"A. Unlike other units, the 150th Panzer Brigade may attempt to leave enemy ZOCs after entering them in
the same Movement Phase. B. After entering the first enemy ZOC Germany rolls the die to see if the unit
can leave that ZOC and move into another. C. If successful, it can continue moving and may enter another
enemy ZOC, but each time it attempts to leave a ZOC the die must be rolled. D. ... a maximum of three
times during the game. Attempts must be made by the end of the PM 18 December game turn or they are lost."

The move names its whole path with `infiltrate: true`; every hex of the path in an enemy ZOC that the
path goes on from is an attempt, rolled in order; the first failure ends the move in that hex. Leaving
the hex the brigade starts in follows 10.2 F as for every unit. Its counter id is group data
(`game.zones_of_control.infiltration_150th_panzer_brigade.unit_id`).
"""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from .common import enemy_zoc, faces, mapdata, turn_label

RULE = "game.zones_of_control.infiltration_150th_panzer_brigade"


def on(state: dict) -> bool:
    return state["options"].get("infiltration") is True          # absent in campaigns begun before the option


def _success(data: GameData, state: dict) -> str | None:
    """The faces that succeed this Game-Turn (12.4 C table), None after PM 18 December (D)."""
    table = data.get(f"{RULE}.success_by_turn", "the infiltration table (12.4 C)")
    label = turn_label(data, state["turn"])
    for key in (label, label.split(" ", 1)[1]):                   # "16 December" covers both 16 December turns
        if key in table:
            return str(table[key])
    return None


def attempts(data: GameData, state: dict, side: str, path: list[str]) -> list[str]:
    """The hexes the brigade attempts to leave: those in an enemy ZOC the path goes on from (12.4 B, C)."""
    zoc = enemy_zoc(data, state, side)
    return [h for h in path[1:-1] if h in zoc]


def problem(data: GameData, state: dict, side: str, unit_id: str, path: Any, ma: int) -> str | None:
    from .movement import check_path
    if not on(state):
        return "infiltration is the optional rule 12.4, not chosen for this campaign (--option infiltration=true)"
    brigade = numbers.text(data, f"{RULE}.unit_id", "the counter id of the 150th Panzer Brigade (12.4)")
    if unit_id != brigade:
        return f"only the 150th Panzer Brigade ({brigade}) may infiltrate (12.4 A)"
    if _success(data, state) is None:
        return "infiltration attempts must be made by the end of the PM 18 December game turn (12.4 D)"
    why = check_path(data, state, side, unit_id, path, ma, infiltrating=True)
    if why:
        return why
    path = [mapdata(data).grid.canonical(h) for h in path]
    most = numbers.integer(data, f"{RULE}.max_attempts", "the infiltration attempts a game (12.4 D)")
    needed = len(attempts(data, state, side, path))
    if state["infiltrations"] + needed > most:
        return (f"this path attempts {needed} infiltration(s); {most - state['infiltrations']} of the game's {most} are left (12.4 D)")
    return None


def walk_out(data: GameData, state: dict, side: str, unit_id: str, path: list[str], dice: Any, events: list) -> list[str]:
    """12.4 B, C: a die for each ZOC the brigade leaves; the path up to the first failure."""
    success = faces(_success(data, state))
    for hex_id in attempts(data, state, side, path):
        state["infiltrations"] += 1
        face = dice.roll(f"infiltration/{state['turn']}/{state['infiltrations']}", 6,
                         about=f"{unit_id} tries to leave the enemy ZOC at {hex_id} (12.4 B)")
        events.append({"event": "infiltration", "unit": unit_id, "hex": hex_id, "face": face, "left": face in success})
        if face not in success:
            return path[:path.index(hex_id) + 1]
    return path
