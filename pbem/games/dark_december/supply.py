"""Supply (8.0-8.5): each side judges the supply of its own units at the start of its player turn
(8.1 A; reading DD8) and the status lasts until its next player turn (8.1 B).

A supply line (8.2) runs at most three hexes from the unit to a road hex, through any terrain but not
into enemy units or enemy ZOCs (8.2 C; friendly units negate enemy ZOCs, 8.2 D), then along the road
(road hexsides, `map.hexsides.A|B: [road]`), uninterrupted by enemy units, enemy ZOCs or blown bridges,
to a friendly supply source (8.3: the road hexes the group marks `supply_source: german|allies` where
roads leave the map edges). Unsupplied units have their attack and MA halved (8.4 B); isolated units
(8.5 A: unable to trace, all six neighbours enemy units or enemy ZOCs, more than three hexes from any
supplied friendly unit) may not attack and have their defense and MA halved (8.5 D, E); never Allied
units in clear weather (8.5 B, 20.2) nor units next to the map edge (8.5 C: a neighbour the map does not
list); leaders never (15.5 C)."""

from __future__ import annotations

from collections import deque

from ...gamedata import GameData
from ...kit import numbers
from .common import air_superiority, board, enemy_zoc, in_class, mapdata, road


def traces(data: GameData, state: dict, side: str, start: str) -> bool:
    hexes = mapdata(data)
    grid, bd = hexes.grid, board(state)
    zoc = enemy_zoc(data, state, side)
    reach = numbers.integer(data, "supply.line.off_road_hexes", "the off-road part of a supply line (8.2 B)")

    def open_(h: str) -> bool:
        return hexes.listed(h) and not bd.enemies_in(h, side) and (h not in zoc or bool(bd.friends_in(h, side)))

    def source(h: str) -> bool:
        return str(hexes.entry(h).get("supply_source")) == side

    def on_road(h: str) -> bool:                                      # 20.4.2 C: an interdicted hex is no road hex
        return h not in state.get("interdicted", {}) and any(road(data, state, h, n, any_road=True) for n in grid.neighbours(h) if hexes.listed(n))

    # 8.2 B/C: up to three hexes to a road hex
    starts, frontier, seen = [], deque([(start, 0)]), {start}
    while frontier:
        here, used = frontier.popleft()
        if on_road(here) or source(here):
            starts.append(here)
        if used == reach:
            continue
        for n in grid.neighbours(here):
            if n not in seen and open_(n):
                seen.add(n)
                frontier.append((n, used + 1))
    # then along the road to a source
    queue, visited = deque(starts), set(starts)
    while queue:
        here = queue.popleft()
        if source(here):
            return True
        for n in grid.neighbours(here):
            if n in visited or not hexes.listed(n) or not road(data, state, here, n) or not open_(n):
                continue                                              # 16.1 E a blown bridge, 20.4.2 C interdiction
            visited.add(n)
            queue.append(n)
    return False


def determine(data: GameData, state: dict, side: str, events: list) -> None:
    """8.1 A at the start of the side's player turn: every unit of `side` supplied, unsupplied or isolated."""
    mine = [u for u, v in sorted(state["units"].items()) if v["side"] == side]
    if not mine:
        return
    from .paradrop import supplied as dropped_supplied
    status = {u: "supplied" if in_class(data, u, "leader") or dropped_supplied(data, state, u)          # 15.5 C, 19.3
              or traces(data, state, side, state["units"][u]["hex"]) else "unsupplied" for u in mine}
    for unit_id in _isolated(data, state, side, status):
        status[unit_id] = "isolated"
    if "strategic" in state:                                          # 10.4.8 B: the marker off before the supply marker
        from .strategic import lose_marker
        lose_marker(state, [u for u in mine if status[u] != "supplied"], "out of supply or isolated (10.4.8 B)", events)
    for unit_id in mine:
        state["supply"][unit_id] = status[unit_id]
    events.append({"event": "supply", "side": side, "unsupplied": sorted(u for u, s in status.items() if s == "unsupplied"),
                   "isolated": sorted(u for u, s in status.items() if s == "isolated")})



def _isolated(data: GameData, state: dict, side: str, status: dict[str, str]) -> list[str]:
    """8.5 A-C: the unsupplied units that are isolated."""
    grid, hexes, bd = mapdata(data).grid, mapdata(data), board(state)
    zoc = enemy_zoc(data, state, side)
    supplied = [state["units"][u]["hex"] for u, s in status.items() if s == "supplied"]
    distance = numbers.integer(data, "supply.line.off_road_hexes", "the isolation distance (8.5 A)")
    found = []
    for unit_id, kind in sorted(status.items()):
        here = state["units"][unit_id]["hex"]
        if kind != "unsupplied" or (side == "allies" and air_superiority(data, state["turn"], state)):
            continue
        neighbours = grid.neighbours(here)
        if any(not hexes.listed(n) for n in neighbours):
            continue                                                  # 8.5 C
        if all(bd.enemies_in(n, side) or n in zoc for n in neighbours) and all(grid.distance(here, h) > distance for h in supplied):
            found.append(unit_id)
    return found


def isolated_units(data: GameData, state: dict, side: str) -> list[str]:
    """The units of `side` isolated now (8.6 A: judged in the enemy's Supply Determination Phase); 8.5 B
    Allied units in clear weather are not (the surrender count treats them by 8.6 I)."""
    mine = [u for u, v in sorted(state["units"].items()) if v["side"] == side]
    status = {u: "supplied" if in_class(data, u, "leader") or traces(data, state, side, state["units"][u]["hex"]) else "unsupplied"
              for u in mine}
    return _isolated(data, state, side, status)
