"""Reinforcements: general entry (14.0), the fixed US schedule (27.3), variable German (23.0).

state["reinforcements"] maps each unit not yet on the map to {side, turn, entry}: it may enter
from Game-Turn `turn` on, at hex `entry` (14.11), or later (14.22: delay at will).

state["variable_reinforcements"] counts the successful 23.0 rolls per map-edge
({"south": n, "east": n, "north": n}); `roll` in the data's `order` lists is that ordinal.

state["entered_this_phase"] = {"turn": T, "side": S, "units": [[unit, first hex], ...]} lists,
in order, the units that entered in the current Movement Phase and where (14.11: the Nth unit
through one entry hex pays N times its terrain cost). The checks only read it: the check of a
list of orders carries the earlier entries of the same list itself (movement.Sofar, passed here as
`so_far`), and movement.record writes an entry when a move is applied (record_entry). A record of
another Game-Turn or side counts as empty, so no reset is needed.
"""

from ...errors import PbemError

EDGES = ("south", "east", "north")          # 23.0: "once for the south, once for the east, and once for the north"
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _value(node):
    """An entry hex written as {value: "0121", label: "B"} or plainly."""
    return str(node["value"] if isinstance(node, dict) else node)


def fixed_schedule(data, scenario: dict) -> dict:
    """27.31, 27.32: the US divisions, all at entry hex A (27.33)."""
    entry = str(data.get("reinforcements.us_fixed.entry_hex", "the US entry hex (27.33)")["value"])
    schedule = scenario["scenario"]["reinforcements"]["us"]["schedule"]
    return {u: {"side": "allied", "turn": int(e["game_turn"]), "entry": entry} for e in schedule for u in e["units"]}


# -- 23.0 variable German reinforcements ----------------------------------------------------------
def map_edges(data) -> dict:
    return data.get("reinforcements.german_variable.map_edges", "the variable German reinforcements (23.1-23.3)")


def edge_group(edge_data: dict, ordinal: int) -> list | None:
    """The units brought by the `ordinal`-th successful roll of a map-edge (23.1a-c ...), or None."""
    for group in edge_data["order"]:
        if int(group["roll"]) == ordinal:
            return list(group["units"])
    return None


def roll_variable(game, data, state, dice, events) -> None:
    """23.0: at the beginning of each German Movement Phase one die per map-edge, south, east,
    north; a success (1; 1 or 2 in the north) makes that edge's next group (23.1-23.3: "taken in
    the following order") available in the current Movement Phase; an exhausted edge is no
    longer rolled."""
    edges = map_edges(data)
    successes = state.setdefault("variable_reinforcements", {})
    turn = state["turn"]
    for edge in EDGES:
        edge_data = edges[edge]
        done = int(successes.setdefault(edge, 0))
        group = edge_group(edge_data, done + 1)
        if group is None:                                   # 23.0: exhausted, no more rolls
            continue
        rule = str(edge_data["rule"])
        roll = dice.roll(f"reinforcements/{edge}/{turn}", about=f"variable reinforcements {edge} Game-Turn {turn} ({rule})")
        success = roll in [int(v) for v in edge_data["success_on"]]
        if success:
            successes[edge] = done + 1
            entry = _value(edge_data["entry_hex"])
            for unit_id in group:
                state["reinforcements"][unit_id] = {"side": "german", "turn": turn, "entry": entry}
        events.append({"event": "variable_reinforcements", "edge": edge, "roll": roll, "success": success,
                       "units": group if success else [], "rule": rule})


def variable_source(data, unit_id) -> tuple | None:
    """(edge, ordinal, rule) of a variable German reinforcement, None for any other unit."""
    for edge, edge_data in map_edges(data).items():
        if not isinstance(edge_data, dict) or "order" not in edge_data:
            continue
        for group in edge_data["order"]:
            if unit_id in group["units"]:
                return edge, int(group["roll"]), str(edge_data["rule"])
    return None


def schedule_rule(data, unit_id) -> str:
    for entry in data.get("reinforcements.us_fixed.schedule", "the US reinforcements (27.3)"):
        if unit_id in entry["units"]:
            return str(entry["rule"])
    return "14.0"


# -- 14.1, 14.2 entry ------------------------------------------------------------------------------
def _enemy_hexes(state, side) -> set:
    return {u["hex"] for u in state["units"].values() if u["side"] != side}


def blocked(game, data, state, side, hex_id, zoc=None) -> bool:
    """14.21: an entry hex "occupied or in the Zone of Control of an Enemy unit"."""
    zoc = game.enemy_zoc(data, state, side) if zoc is None else zoc
    return hex_id in zoc or hex_id in _enemy_hexes(state, side)


def substitute_entry_hexes(game, data, state, side, entry, zoc=None) -> tuple[int | None, list]:
    """14.21: where a unit whose entry hex is blocked may come on instead: the map hexes within
    three hexes of the entry hex that are themselves free of enemy units and enemy Zones of
    Control; if there is none, the nearest such hexes ("or more, if necessary").
    Returns (radius, sorted hexes); (None, []) if the whole map is blocked."""
    grid = game.grid(data)
    zoc = game.enemy_zoc(data, state, side) if zoc is None else zoc
    enemy = _enemy_hexes(state, side)
    free = {h: grid.distance(entry, h) for h in game.hexes(data) if h != entry and h not in zoc and h not in enemy}
    if not free:
        return None, []
    least = int(data.get("reinforcements.general.blocked_entry_radius", "the radius of entry near a blocked entry hex (14.21)"))
    radius = max(least, min(free.values()))
    return radius, sorted(h for h, d in free.items() if d <= radius)


def _entries(state) -> list:
    """[[unit, hex], ...] entered in the current Movement Phase (see the module docstring)."""
    record = state.get("entered_this_phase")
    if (not isinstance(record, dict) or record.get("turn") != state["turn"] or record.get("side") != state["side"]
            or not isinstance(record.get("units"), list)):
        record = state["entered_this_phase"] = {"turn": state["turn"], "side": state["side"], "units": []}
    return record["units"]


def entries(state: dict) -> list:
    """The entries of the current Movement Phase, read only ([] for a record of another phase)."""
    record = state.get("entered_this_phase")
    if (not isinstance(record, dict) or record.get("turn") != state["turn"] or record.get("side") != state["side"]
            or not isinstance(record.get("units"), list)):
        return []
    return record["units"]


def record_entry(state, unit_id, hex_id) -> None:
    """Notes that unit_id comes on at hex_id this phase (idempotent: a second call changes nothing)."""
    entries = _entries(state)
    if not any(u == unit_id for u, _ in entries):
        entries.append([unit_id, hex_id])


def queue_position(state, unit_id, hex_id, so_far: list | None = None) -> int:
    """14.11: 1 for the lead unit through hex_id this phase, 2 for the one behind it, ...
    (`so_far`: the entries as the orders checked so far leave them, else the state's)."""
    position = 0
    for u, h in (entries(state) if so_far is None else so_far):
        if h == hex_id:
            position += 1
            if u == unit_id:
                return position
    return position + 1


def entry_problem(game, data, state, side, unit_id, path, so_far: list | None = None) -> str | None:
    """14.0-14.22, 23.0, 27.3: why unit_id may not come on along path (path[0] the first map hex).
    Pure: the entry is recorded by the apply (game.movement.record)."""
    due = state["reinforcements"].get(unit_id)
    if due is None or due["side"] != side:
        source = variable_source(data, unit_id) if side == "german" and due is None else None
        if source and unit_id not in state["units"]:
            edge, ordinal, rule = source
            return (f"{unit_id} is not available yet: it comes with the {ORDINALS.get(ordinal, ordinal)} "
                    f"successful {edge} map-edge roll ({rule})")
        return f"{unit_id} is not a {side} reinforcement waiting to enter"
    if state["turn"] < due["turn"]:
        return (f"{unit_id} enters on Game-Turn {due['turn']} or later, not on Game-Turn {state['turn']} "
                f"(14.0, {schedule_rule(data, unit_id)})")
    entry, first = due["entry"], path[0]
    if not game.on_map(data, first):
        return f"{first} is not a hex of the map: {unit_id} enters at {entry} (14.11)"
    zoc = game.enemy_zoc(data, state, side)
    if first == entry:
        if entry in _enemy_hexes(state, side):
            radius, options = substitute_entry_hexes(game, data, state, side, entry, zoc)
            return (f"entry hex {entry} is occupied by the enemy: {unit_id} may enter instead at a hex within "
                    f"{radius} hexes of it free of enemy units and their Zones of Control: {', '.join(options) or 'none'} (14.21)")
        if entry in zoc and len(path) > 1:
            return f"{unit_id} must stop on entering the enemy ZOC at its entry hex {entry} (6.31)"
    elif not blocked(game, data, state, side, entry, zoc):
        return (f"{unit_id} enters at {entry} (14.11); another hex only when {entry} is occupied by or in the "
                f"Zone of Control of an enemy unit (14.21)")
    else:
        radius, options = substitute_entry_hexes(game, data, state, side, entry, zoc)
        if first not in options:
            return (f"entry hex {entry} is blocked by the enemy: {unit_id} enters within {radius} hexes of it, at a hex "
                    f"free of enemy units and their Zones of Control: {', '.join(options) or 'none'} (14.21)")
    try:
        cost = entry_cost(game, data, state, unit_id, first, so_far)
    except PbemError as e:
        return str(e)
    if len(path) == 1 and game.is_mech(data, unit_id):       # game.move_problem checks longer paths
        allowance = int(game.counter_value(data, unit_id, "movement", "the Movement Allowance"))
        if cost > allowance:
            return (f"{unit_id} needs {cost} MP to enter {first} as unit {queue_position(state, unit_id, first, so_far)} "
                    f"through it this phase; its Movement Allowance is {allowance} (14.11)")
    return None


def entry_cost(game, data, state, unit_id, entry_hex, so_far: list | None = None) -> int:
    """14.11: the entry hex's terrain cost, plus one more such cost for each hypothetical off-map
    hex (of the entry hex's terrain) the unit crosses: the Nth unit through one entry hex in one
    Movement Phase pays N times the entry hex's terrain cost."""
    return queue_position(state, unit_id, entry_hex, so_far) * game.terrain_cost(data, state, unit_id, entry_hex)
