"""End of the Iron Dream, behaviour 3: 5.3.3 C the Soviet strategic capacity spent to bring a new
unit on.

5.3.3 C: "The strategic land movement capacity may be saved until the beginning of the
Operational Movement Phase to bring one newly arrived replacement or reinforcement unit onto the
board." 5.3.1: new Soviet units enter "on controlled hexes along the eastern board edge ... paying
normal terrain costs, or using strategic movement to do so."

Order, among the Strategic Land Movement Phase's (the first orders of the Soviet movement file,
after the Replacement Phase's, so at the beginning of the Operational Movement Phase): `strategic:
UNIT, path: [HEX, ...]` naming a Soviet reinforcement due (2.14, not on the map), the path starting
on a Soviet-controlled hex of the east edge (7.3). It is the player-turn's one Soviet strategic
move (12.6 A); every hex entered, the first included, is friendly-controlled, in GS and free of
any Axis ZOC (12.3), stacking kept (7.10, 8.9); the unit takes part in nothing else this
player-turn (12.2). Units recreated from the dead pile (7.20) are not played yet, so only
reinforcements enter this way."""

from __future__ import annotations

from ...gamedata import GameData
from .common import enemy_zoc, grid, is_type, plays, stacking_problem
from .reinforcements import due, entry_problem as edge_problem
from .supply_play import lines

ORDER = "a Soviet reinforcement enters strategically: `strategic: UNIT, path: [EDGE HEX, ...]` (5.3.3 C, 7.3)"


def is_entry(data: GameData, state: dict, order: dict) -> bool:
    unit_id = order.get("strategic")
    return plays(data, 3) and state["army"] == "soviet" and isinstance(unit_id, str) and unit_id not in state["units"]


def problem(data: GameData, state: dict, order: dict) -> str | None:
    """5.3.3 C, 7.3, 12.3 for the entry hex; the rest of the path is a strategic move as any."""
    unit_id, path = str(order["strategic"]), order.get("path")
    if set(order) - {"strategic", "path"} or not isinstance(path, list) or not path:
        return ORDER
    if unit_id not in due(data, state, "soviet"):
        return f"{unit_id} is neither a Soviet unit on the map nor a Soviet reinforcement due by Turn {state['turn']} (2.14, 5.3.3 C)"
    if is_type(data, unit_id, "non_combat"):
        return f"{unit_id} is not a combat unit: only combat units move strategically (12.6 A)"
    why, _, hexes = edge_problem(data, state, {"enter": unit_id, "path": [str(h) for h in path]})
    if why:
        return why
    first = hexes[0]
    if first in enemy_zoc(data, state, "soviet"):
        return f"{unit_id} may never enter an enemy ZOC when moving strategically, not {first} (12.3)"
    if first not in lines(data, state, "soviet")[4]:
        return f"{unit_id} may enter only friendly-controlled hexes in GS when moving strategically, not {first} (12.3)"
    crowd = stacking_problem(data, state, "soviet", [unit_id], first)
    return f"{crowd} (7.10)" if crowd else None


def place(data: GameData, state: dict, order: dict) -> dict:
    """The unit on its entry hex (then moved as any strategic mover, 12.3); the order with its
    path in hex ids (one hex: it stays on the edge)."""
    unit_id = str(order["strategic"])
    path = [grid(data).canonical(str(h)) for h in order["path"]]
    from .recreated import entering_steps
    state["units"][unit_id] = {"side": "soviet", "hex": path[0], "steps": entering_steps(data, state, unit_id)}
    if "control" in state:
        state["control"][path[0]] = "soviet"
    return {"strategic": unit_id, "path": path}
