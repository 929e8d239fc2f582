"""Supply (11.0) and the US supply restrictions (19.4).

In the Mutual Supply Determination Phase of every Player-Turn (4.2, 11.0) each unit on the map,
of both sides, is found in supply, out of supply or isolated; the status lasts the Player-Turn.
A supply line (11.1, 11.21) runs at most six hexes from the unit to a road hex, then along road
hexes (joined by road hexsides) to a Friendly mapedge road hex. No hex of it may be Enemy-occupied
or Enemy-controlled unless a Friendly unit is in it (6.51, 6.52); terrain does not matter (11.1).
"""

from ...errors import UnknownDataError
from ...gamedata import unwrap
from ...hexgrid import trace_supply
from ...kit import numbers
from .common import corps as unit_corps

US_SUPPLY = (("12", "12th_corps", "19.41"), ("16", "16th_corps", "19.42"))     # corps, data key, rule
SIDES = ("allied", "german")


def road_links(data) -> dict:
    """Road hex -> the hexes a road hexside joins it to (map.hexsides `road`; 5.43, 11.21)."""
    def build() -> dict:
        links: dict = {}
        sides = data.get("map.hexsides", "hexside features", default={}) or {}
        for key, features in sides.items():
            if unwrap(features) == "unknown":                    # never read as "no road" (11.21)
                raise UnknownDataError(f"map.hexsides.{key}", f"the hexside {key}", "the game map (2.1)", data.override_file)
            if isinstance(key, str) and "|" in key and "road" in (unwrap(features) or []):
                a, b = key.split("|")
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
        return links
    return data.derived("operation-grenade.road_links", build)


def mapedge_hexes(game, data, side: str) -> set:
    """11.22: the hexes of the side's Friendly mapedge (west Allied, east German), from the map."""
    hexes = data.get(f"supply.friendly_mapedge_hexes.{side}", f"the hexes of the {side} Friendly mapedge (11.22)")
    grid = game.grid(data)
    edge = {grid.canonical(str(h)) for h in hexes}
    for hex_id in sorted(edge):
        game.map(data).info(hex_id)                      # a mapedge hex the map lacks refuses, naming map.hexes.HEX
    return edge


def determine(game, data, state, events) -> None:
    """11.0: set state["supply"][unit] for every unit on the map, both sides."""
    grid = game.grid(data)
    limit = int(data.get("supply.supply_line.max_hexes_to_road", "the longest supply line to a road hex (11.21)"))
    roads = road_links(data)
    on_map = set(game.hexes(data))
    for hex_id in sorted(set(roads) - on_map):          # a road hexside names its hexes: never read as off the map
        game.map(data).info(hex_id)
    stacks = game.stacks(state)
    turn = state["turn"]
    entered = state.get("entered_turn", {})
    statuses: dict = {}
    for side in SIDES:
        edge = mapedge_hexes(game, data, side)
        friendly = {h for h, units in stacks.items() if state["units"][units[0]]["side"] == side}
        blocked = (set(stacks) - friendly) | (game.enemy_zoc(data, state, side) - friendly)   # 6.51, 6.52

        def open_hex(h, blocked=blocked):
            return h in on_map and h not in blocked

        # 11.21: road hexes joined by road to an open Friendly mapedge road hex (any length)
        supplied = {h for h in edge if h in roads and open_hex(h)}
        todo = list(supplied)
        while todo:
            for nb in roads[todo.pop()]:
                if nb not in supplied and open_hex(nb):
                    supplied.add(nb)
                    todo.append(nb)

        def can_enter(a, b, open_hex=open_hex):
            return open_hex(b)

        for unit_id in sorted(u for u, unit in state["units"].items() if unit["side"] == side):
            here = state["units"][unit_id]["hex"]
            if ((unit_id in entered and turn - int(entered[unit_id]) <= 1)                   # 11.51
                    or here in edge or any(nb in edge for nb in grid.neighbours(here))          # 11.52
                    or (side == "german" and german_position(game, data, here))):             # 11.53, 20.1
                status, rule = "in_supply", "11.5"
            elif trace_supply(grid, here, supplied.__contains__, can_enter, limit):           # 11.21
                status, rule = "in_supply", "11.21"
            elif trace_supply(grid, here, lambda h: h in roads and open_hex(h), can_enter):    # 11.31
                status, rule = "out_of_supply", "11.31"
            else:                                                                             # 11.41
                status, rule = "isolated", "11.41"
            if side == "allied" and status == "in_supply":                                     # 19.41, 19.42
                for corps, key, why in US_SUPPLY:
                    turns = data.get(f"restrictions.us_supply.{key}.game_turns", f"the Game-Turns of {why}")
                    if turn in turns and unit_corps(game, data, unit_id) == corps:
                        status, rule = "out_of_supply", why
            statuses[unit_id] = status
            if status != "in_supply":
                events.append({"event": "supply", "unit": unit_id, "status": status, "rule": rule})
    state["supply"] = dict(sorted(statuses.items()))


def german_position(game, data, hex_id: str) -> bool:
    """11.53, 20.1: an entrenchment or improved positions hex (a flag the hex entry lists; `unknown` refuses)."""
    hexes = game.map(data)
    return hexes.has(hex_id, "entrenchment") or hexes.has(hex_id, "improved_positions")


def combat_strength(game, data, state, unit_id, strength: int, role: str) -> int:
    """11.33 out of supply: attack halved, defence unchanged; 11.42 isolated: attack one, defence
    halved. Halving never takes a unit below one (11.33 note)."""
    status = state.get("supply", {}).get(unit_id, "in_supply")
    if status == "in_supply":
        return strength
    least = numbers.integer(data, "supply.out_of_supply.effects.minimum_combat_strength", "the minimum Combat Strength (11.33)")
    halved = max(strength // halving(data), min(strength, least))
    if status == "out_of_supply" and role == "attack":
        return halved                                                   # 11.33
    if status == "isolated":
        return min(strength, least) if role == "attack" else halved     # 11.42: attack "one"
    return strength


def halving(data) -> int:
    return numbers.integer(data, "supply.out_of_supply.effects.halving_divisor", "how supply halves a strength or allowance (11.33)")


def movement_allowance(game, data, state, unit_id, allowance: int) -> int:
    """11.33 out of supply: tank, mechanized infantry, reconnaissance halved, others unchanged;
    11.42 isolated: those types three Movement Points, others halved (fractions rounded down)."""
    status = state.get("supply", {}).get(unit_id, "in_supply")
    if status == "in_supply":
        return allowance
    group = data.get("units.unit_types.supply_movement_penalty_group", "the unit types slowed out of supply (11.33)")
    penalised = game.counter(data, unit_id)["type"] in group
    if status == "out_of_supply":
        return allowance // halving(data) if penalised else allowance   # 11.33
    three = numbers.integer(data, "supply.isolated.effects.movement_tank_mech_inf_recon", "the isolated Movement Allowance (11.42)")
    return min(allowance, three) if penalised else allowance // halving(data)      # 11.42
