"""The map's edges and compass (behaviour 3): 9.1 G reforming at the map edge, 10.6.3 C blocked
reinforcements, 10.7 exits with 10.7.2 C/10.7.3 the Allied units held off, 13.6 B the last retreat
priority. The text names the edges but not their hexes: the group lists them (`map.edges.north`, ...,
group data printed on the map); pbem reads every compass direction from those lists (docs/errata.md DD13)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import board, effective, enemy_zoc, mapdata, supply_status

EDGES = ("north", "south", "east", "west")
EXIT_EDGES = ("north", "south", "west")          # 10.7 B


def edge(data: GameData, name: str, why: str) -> tuple[str, ...]:
    """The hexes along one edge of the map (`map.edges.NAME`, group data; refused naming the path while unknown)."""
    grid = mapdata(data).grid
    return tuple(grid.canonical(h) for h in numbers.texts(data, f"map.edges.{name}", f"the hexes along the {name} map edge ({why})"))


def distance_to(data: GameData, hex_id: str, hexes: tuple[str, ...]) -> int:
    grid = mapdata(data).grid
    return min(grid.distance(hex_id, h) for h in hexes)


# -- 13.6 B the last retreat priority ------------------------------------------------------------------
def compass_tier(data: GameData, side: str, here: str, hex_id: str) -> int:
    """13.6 B "generally to the east for German units and to the north, south, or west for Allied units":
    0 for a step the side prefers, 1 otherwise. A German step east brings the unit nearer the east edge; an
    Allied step north, south or west does not (DD13)."""
    east = edge(data, "east", "13.6 B: the direction of retreat")
    nearer = distance_to(data, hex_id, east) < distance_to(data, here, east)
    return 0 if nearer == (side == "german") else 1


# -- 9.1 G reforming at the map edge --------------------------------------------------------------------
def reform_edge_problem(data: GameData, state: dict, side: str, unit_id: str, at: Any) -> str | None:
    """9.1 G: a restored unit with no unit of its division on the map (or an independent brigade or regiment)
    appears at the east (German) or west (Allied) map edge: any hex of that edge free of enemy units."""
    name = "east" if side == "german" else "west"
    hexes = edge(data, name, "9.1 G: where a restored unit appears")
    grid = mapdata(data).grid
    if not isinstance(at, str) or grid.canonical(at) not in hexes:
        return f"{unit_id} has no unit of its division on the map: it appears on a hex of the {name} map edge (map.edges.{name}; 9.1 G)"
    if board(state).enemies_in(grid.canonical(at), side):
        return f"{at} holds enemy units (10.2 D; 9.1 G)"
    return None


# -- 10.7 exits --------------------------------------------------------------------------------------------
def exit_edge(data: GameData, hex_id: str) -> str | None:
    """The edge (north, south, west) an exit hex lies on, or None; reads the three lists (10.7 B)."""
    for name in EXIT_EDGES:
        if hex_id in edge(data, name, "10.7 B: the edges units exit from"):
            return name
    return None


def road_entry(data: GameData, hex_id: str) -> bool:
    """10.7 A, D: a road entry hex is a hex with an entry area code (`map.hexes.HEX.entry`) and a road."""
    hexes = mapdata(data)
    info = hexes.entry(hex_id)
    if not isinstance(info, dict) or "entry" not in info:
        return False
    return any("road" in hexes.hexside(hex_id, n, hexes_known=False) for n in hexes.grid.neighbours(hex_id))


def check_exit(data: GameData, state: dict, side: str, order: dict, walk_path: Any) -> str | None:
    """10.7: `exit: UNIT` / `path: [its hex, ..., the exit hex]`. Germany only (10.7 A), from a road entry
    hex (10.7 A, D) on the north, south or west edge (10.7 B), paying for its path plus the cost of entering
    an imaginary hex identical to the exit hex (10.7 C: the cost it paid to enter it; a unit that starts there,
    that hex's terrain cost)."""
    from .movement import entry_cost, terrain_cost
    unit_id, path = order["exit"], order.get("path")
    unit = state["units"].get(unit_id) if isinstance(unit_id, str) else None
    if side != "german" or unit is None or unit["side"] != side:
        return f"only Germany exits units off the map, and {unit_id!r} is not a German unit on the map (10.7 A)"
    if not isinstance(path, list) or not path or any(not isinstance(h, str) for h in path):
        return "`path` lists the unit's hex, then the hexes it moves through to its exit hex (10.7 C)"
    grid = mapdata(data).grid
    path = [grid.canonical(h) for h in path]
    last = path[-1]
    if not road_entry(data, last):
        return f"{last} is not a road entry hex: units exit only at road entry hexes (10.7 A, D)"
    if exit_edge(data, last) is None:
        return f"{last} is not on the north, south or west map edge (map.edges; 10.7 B)"
    if len(path) > 1 and last in enemy_zoc(data, state, side):
        return f"{unit_id} must stop on entering the enemy ZOC at {last} and cannot exit this phase (12.1 A; 10.7 C)"
    if len(path) == 1:
        if path[0] != unit["hex"]:
            return f"{unit_id} is in {unit['hex']}, not {path[0]}"
        info = mapdata(data).info(last)
        spent = max(terrain_cost(data, state, k) for k in [str(info["terrain"])] + (["town"] if info.get("town") else []))
    else:
        why = walk_path(unit_id, path)
        if why:
            return why
        spent = _path_cost(data, state, side, unit_id, path) + entry_cost(data, state, side, path[-2], last, unit_id)[0]
    from .movement import allowance
    ma = allowance(data, state, unit_id)
    if spent > ma:
        return f"{unit_id} needs {spent} MP to reach {last} and exit off the map but has {ma} (10.7 C)"
    return None


def _path_cost(data: GameData, state: dict, side: str, unit_id: str, path: list) -> int:
    from .movement import entry_cost
    return sum(entry_cost(data, state, side, a, b, unit_id, path[i - 1] if i else None)[0]
               for i, (a, b) in enumerate(zip(path, path[1:])))


def apply_exit(data: GameData, state: dict, side: str, order: dict, events: list) -> None:
    """10.7.2 A: removed from play, not eliminated; 10.7.2 C its attack strength, on a road and in supply,
    owed by the Allies on that edge."""
    grid = mapdata(data).grid
    unit_id = order["exit"]
    path = [grid.canonical(h) for h in order["path"]]
    name = exit_edge(data, path[-1])
    assert name is not None
    owed = effective(data, state, unit_id, "attack") if supply_status(state, unit_id) == "supplied" else 0
    del state["units"][unit_id]
    state.setdefault("exited", []).append(unit_id)
    if owed:
        state["exited_strength"] = state.get("exited_strength", 0) + owed          # 7.2 F victory conditions read it
        held = state.setdefault("held_off_owed", {})
        held[name] = held.get(name, 0) + owed
    events.append({"event": "exit", "unit": unit_id, "path": path, "edge": name, "owed": owed})


# -- 10.7.2 C, 10.7.3 the Allied units held off ------------------------------------------------------------
def edge_of_unit(data: GameData, unit_id: str) -> set[str]:
    """The exit edges (north, south, west) of a reinforcement's entry hexes."""
    from .reinforcements import areas_of, entry_hexes
    return {e for h in entry_hexes(data, areas_of(data, unit_id)) for e in [exit_edge(data, h)] if e}


def check_hold(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """10.7.2 C: the Allies hold off reinforcements due on an edge where German attack strength exited, as soon
    as possible, until their held-off attack strength equals or exceeds it (`hold_off: UNIT`); 10.7.3 A of
    any type; C none is owed on an edge from which no reinforcement is still to come."""
    problems: list[Problem] = []
    owed = dict(state.get("held_off_owed", {}))
    held = [(i, o["hold_off"]) for i, o in enumerate(orders) if "hold_off" in o]
    if held and side != "allies":
        return [Problem(held[0][0], "only the Allies hold units off the map (10.7.2 C)")]
    for index, unit_id in held:
        due = state["reinforcements"].get(unit_id) if isinstance(unit_id, str) else None
        edges = [e for e in sorted(edge_of_unit(data, unit_id)) if owed.get(e, 0) > 0] if due is not None else []
        if due is None or due > state["turn"] or not edges:
            problems.append(Problem(index, f"{unit_id!r} is not an Allied reinforcement due now on an edge where German units "
                                           f"exited and strength is still owed ({_owed_text(owed)}; 10.7.2 C)"))
            continue
        owed[edges[0]] -= _printed_attack(data, unit_id)
    for index, order in enumerate(orders):
        unit_id = order.get("enter")
        if not isinstance(unit_id, str) or unit_id in {u for _, u in held}:
            continue
        edges = [e for e in sorted(edge_of_unit(data, unit_id)) if owed.get(e, 0) > 0]
        if side == "allies" and edges:
            problems.append(Problem(index, f"{unit_id} enters on the {edges[0]} edge, where the Allies still owe {owed[edges[0]]} "
                                           f"attack strength held off the map: `hold_off: {unit_id}` (10.7.2 C)"))
    return problems


def _printed_attack(data: GameData, unit_id: str) -> int:
    """A reinforcement's printed (full) attack strength: it has not entered (5.1 A)."""
    return numbers.integer(data, f"units.counters.{unit_id}.attack", f"the attack strength of {unit_id} (5.1 A)")


def _owed_text(owed: dict) -> str:
    return ", ".join(f"{e} {n}" for e, n in sorted(owed.items()) if n > 0) or "none owed"


def apply_hold(data: GameData, state: dict, orders: list, events: list) -> None:
    """10.7.3 B: a held-off unit never enters the map."""
    for order in orders:
        if "hold_off" not in order:
            continue
        unit_id = order["hold_off"]
        name = sorted(e for e in edge_of_unit(data, unit_id) if state["held_off_owed"].get(e, 0) > 0)[0]
        state["held_off_owed"][name] = max(0, state["held_off_owed"][name] - _printed_attack(data, unit_id))
        del state["reinforcements"][unit_id]
        state.setdefault("held_off", []).append(unit_id)
        events.append({"event": "held_off", "unit": unit_id, "edge": name})



# -- 10.6.3 C blocked entry ----------------------------------------------------------------------------------
def road_hex(data: GameData, hex_id: str) -> bool:
    hexes = mapdata(data)
    return any("road" in hexes.hexside(hex_id, n, hexes_known=False) for n in hexes.grid.neighbours(hex_id))


def late_entry_hexes(data: GameData, state: dict, side: str, scheduled: list[str]) -> list[str]:
    """10.6.3 C: a reinforcement whose entry hexes were blocked enters the following turn by the next unblocked
    road hex along the same map edge, to the west (Allies: nearer the west edge) or to the north or south
    (Germany); the nearest such hexes to its scheduled ones (DD13)."""
    bd = board(state)
    grid = mapdata(data).grid
    west = edge(data, "west", "10.6.3 C: the next road hex to the west") if side == "allies" else ()
    found: set[str] = set()
    for name in EDGES:
        line = edge(data, name, "10.6.3 C: the next road hex along the map edge")
        for start in (h for h in scheduled if h in line):
            onward = [h for h in line if h not in scheduled and road_hex(data, h) and not bd.enemies_in(h, side)
                      and (side == "german" or distance_to(data, h, west) < distance_to(data, start, west))]
            if onward:
                best = min(grid.distance(start, h) for h in onward)
                found |= {h for h in onward if grid.distance(start, h) == best}
    return sorted(found)
