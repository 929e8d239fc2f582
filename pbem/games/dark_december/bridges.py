"""The Construction/Demolition Phase (7.1.7): bridge demolition (16.1) and fortifications (17.0)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...hexgrid import hexside_key
from ...kit import numbers
from ..base import Problem
from ...errors import UnknownDataError
from .common import COUNTER, board, bridged, counter, enemy_zoc, in_class, mapdata, supply_status, turn_label


def bridge_hexes(data: GameData, state: dict, key: Any) -> tuple[str, str] | None:
    if not isinstance(key, str) or key.count("|") != 1:
        return None
    a, b = key.split("|")
    grid = mapdata(data).grid
    a, b = grid.canonical(a), grid.canonical(b)
    if not grid.adjacent(a, b) or not ("bridge" in mapdata(data).hexside(a, b, hexes_known=False) or hexside_key(a, b) in state["built"]):
        return None
    return a, b


def building_problem(data: GameData, state: dict, side: str, unit_id: str, path: list) -> str | None:
    """16.2: a unit builds a bridge by moving across the river hexside it began the Movement Phase next to,
    announced (`build_bridge: true`), spending its entire MA (16.2.2 A); 16.2.1 any Allied unit, German
    armored units and the 5/15th Parachute and 212/423rd Infantry regiments; 16.2.4 C Germany at most seven."""
    grid = mapdata(data).grid
    if len(path) != 2 or not grid.adjacent(path[0], path[1]):
        return "a bridge is built by moving one hex, across the river hexside (16.2.2 A)"
    a, b = path
    if "river" not in mapdata(data).hexside(a, b, hexes_known=False) or bridged(data, state, a, b):
        return f"{a}|{b} is not a river hexside without a bridge (16.2)"
    if side == "german" and not in_class(data, unit_id, "armored"):
        marked = counter(data, unit_id).get("bridge_builder", "unknown")
        if marked == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.bridge_builder", f"whether {unit_id} is one of the German bridge-building "
                                   "regiments (16.2.1 C: 5/15th Parachute, 212/423rd Infantry)", COUNTER, data.override_file)
        if marked is not True:
            return f"{unit_id} may not build bridges: German armored units and the 5/15th and 212/423rd regiments only (16.2.1)"
    if side == "german":
        limit = numbers.integer(data, "special.bridges.construction.german_limit", "the German bridge markers (16.2.4 C)")
        if len(state["german_bridges"]) + len([x for x in state["bridging"] if x["side"] == "german"]) >= limit:
            return f"Germany has used its {limit} bridge markers (16.2.4 C)"
    if mapdata(data).listed(b) and board(state).enemies_in(b, side):
        return f"{b} holds enemy units (10.2 D)"
    return None


def finish_bridges(state: dict, side: str, events: list) -> None:
    """16.2.2 B: a bridge is built in the Construction/Demolition Phase of the player turn it was begun."""
    for item in [x for x in state["bridging"] if x["side"] == side]:
        key = item["hexside"]
        state["built"] = sorted(set(state["built"]) | {key})
        state["blown"] = [k for k in state["blown"] if k != key]
        if side == "german":
            state["german_bridges"] = sorted(set(state["german_bridges"]) | {key})
        events.append({"event": "bridge_built", "bridge": key, "unit": item["unit"]})
    state["bridging"] = [x for x in state["bridging"] if x["side"] != side]


def demolition_problem(data: GameData, state: dict, side: str, unit_id: Any, key: Any) -> str | None:
    """16.1 A: a unit within one hex of a hex of the bridge hexside, that hex free of enemy units and an
    enemy unit within two hexes of it; 16.1 B always if adjacent; 16.1 G not in reserve (strategic
    movement and supply are not tracked); 16.1 H / 18.3 D on 16 December (reading DD7); 19.4."""
    hexes = bridge_hexes(data, state, key)
    if hexes is None:
        return f"{key!r} is not a bridge hexside 'A|B' of the map (16.1)"
    if hexside_key(*hexes) in state["blown"]:
        return f"the bridge {key} is already blown (16.1 F)"
    if hexside_key(*hexes) in state["demolition_tried"]:
        return f"only one attempt may be made to demolish each bridge in a player turn ({key}, 16.1 D)"
    unit = state["units"].get(unit_id) if isinstance(unit_id, str) else None
    if unit is None or unit["side"] != side:
        return f"{unit_id!r} is not a {side} unit on the map"
    if unit.get("reserve"):
        return f"{unit_id} is in reserve and may not attempt to demolish bridges (16.1 G)"
    if unit_id in state.get("strategic", ()):
        return f"{unit_id} is in strategic movement and may not attempt to demolish bridges (16.1 G)"
    if supply_status(state, unit_id) != "supplied":
        return f"{unit_id} is {supply_status(state, unit_id)} and may not attempt to demolish bridges (16.1 G)"
    if turn_label(data, state["turn"]).endswith(" 16 December") and numbers.text(
            data, "special.bridges.demolition.sixteenth_december", "demolition on 16 December (16.1 H, 18.3 D)") == "none":
        return "no units may attempt to demolish bridges on the 16 December turns (16.1 H; reading DD7)"
    if unit_id == state.get("dropped"):
        return f"{unit_id} may not attempt to demolish bridges on the turn it is dropped (19.4)"
    if unit["hex"] in hexes:
        return None                                              # 16.1 B
    grid, bd = mapdata(data).grid, board(state)
    near = numbers.integer(data, "special.bridges.demolition.unit_range_hexes", "the demolition range (16.1 A)")
    enemy = numbers.integer(data, "special.bridges.demolition.enemy_range_hexes", "the enemy range (16.1 A)")
    enemies = [v["hex"] for v in state["units"].values() if v["side"] != side]
    for h in hexes:
        if grid.distance(unit["hex"], h) <= near and not bd.enemies_in(h, side) \
                and any(grid.distance(h, e) <= enemy for e in enemies):
            return None
    return (f"{unit_id} is not within {near} hex of a bridge hex free of enemy units with an enemy unit within "
            f"{enemy} hexes of it (16.1 A)")


def fortify_problem(data: GameData, state: dict, side: str, hex_id: Any) -> str | None:
    """17.0 A not in town or dense forest; 17.0 B by a friendly unit not in an enemy ZOC that has neither
    moved nor fought this player turn; 17.0 C one a hex; 18.3 D not by Allied units barred from moving."""
    if not isinstance(hex_id, str) or not mapdata(data).listed(hex_id):
        return f"{hex_id!r} is not a hex of the map"
    info = mapdata(data).info(hex_id)
    if info.get("town") or info["terrain"] == "dense_forest":
        return f"fortifications may not be built in town or dense forest hexes ({hex_id}, 17.0 A)"
    if hex_id in state["forts"]:
        return f"{hex_id} already has a fortification (17.0 C)"
    if hex_id in enemy_zoc(data, state, side):
        return f"the units in {hex_id} are in an enemy ZOC (17.0 B)"
    builders = [u for u in board(state).friends_in(hex_id, side) if u not in state["moved"] and u not in state["fought"]
                and supply_status(state, u) != "isolated"]                       # 17.0 B: not isolated
    if not builders:
        return f"no {side} unit in {hex_id} that has not moved or fought this player turn (17.0 B)"
    if side == "allies" and turn_label(data, state["turn"]).endswith(" 16 December") and \
            all(u not in state["attacked"] for u in builders) and "26.1" not in state["options"]["variants"]:
        return f"units not permitted to move may not build fortifications ({hex_id}, 18.3 D)"
    return None


def check_construction(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """7.1.6 exploitation moves of reserve units (14.2), then 7.1.7 demolitions, fortifications."""
    from .movement import check_moves
    if "shock_fought" in state and any("move" in o or "shock" in o for o in orders):
        return [Problem(None, "after the Shock Combat Phase only the Construction/Demolition Phase is left (7.1.7, 14.3 B)")]
    problems: list[Problem] = check_moves(game, data, state, side, [o if "move" in o else {"_skip": True} for o in orders],
                                          mode="exploitation")
    if any("shock" in o for o in orders):
        return problems + shock_problems(game, data, state, side, orders)
    seen: set[str] = set()
    for index, order in enumerate(orders):
        if "move" in order:
            continue
        if "demolish" in order:
            why = demolition_problem(data, state, side, order.get("by"), order["demolish"])
            hexes = bridge_hexes(data, state, order["demolish"])
            if not why and hexes and hexside_key(*hexes) in seen:
                why = f"only one attempt may be made to demolish each bridge in any player turn ({order['demolish']}, 16.1 D)"
            if hexes:
                seen.add(hexside_key(*hexes))
        elif "fortify" in order:
            why = fortify_problem(data, state, side, str(order["fortify"]))
        elif "fuel_exempt" in order:
            from .fuel import exempt_problem
            why = exempt_problem(data, state, side, order["fuel_exempt"])
        elif "fuel_choice" in order:
            choice = order["fuel_choice"]
            why = None if side == "allies" and isinstance(choice, list) and all(
                isinstance(d, str) or (isinstance(d, list) and len(d) == 2 and all(isinstance(b, str) for b in d)) for d in choice) else \
                "`fuel_choice:` is the Allies' ordered list of German divisions (or pairs of brigades, 8.7.2 D) for the next fuel roll (8.7.1 A)"
        else:
            why = "an order here is `demolish: A|B` with `by: UNIT`, or `fortify: HEX` (7.1.7)"
        if why is None and set(order) & SHOCK_KEYS:
            why = "`with:`, `reduce:` and the other battle keys go with a `shock: HEX` order (14.3)"
        if why:
            problems.append(Problem(index, why))
    return problems


SHOCK_KEYS = {"with", "reduce", "integrity", "armor_superiority", "advance", "firefight"}


def _as_battle(order: dict) -> dict:
    return {"attack": order["shock"], **{k: v for k, v in order.items() if k != "shock"}}


def shock_problems(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """14.3: after the exploitation moves, battles by reserves that moved in them (A), one unit a battle
    (B), checked as standard combat on the position the moves make (B); the optional reserves (14.0);
    the Construction/Demolition Phase then has its own step (7.1.7)."""
    import copy
    from .combat import check_battles
    from .movement import apply_moves
    if not (game.plays(data, 2) and state["options"]["reserves"]):
        return [Problem(None, "shock combat (14.3) needs the optional reserves (--option reserves=true) in a campaign "
                              "begun with pbem 0.5 or later (behaviour 2)")]
    index_of = [i for i, o in enumerate(orders) if "shock" in o]
    others = [i for i, o in enumerate(orders) if "shock" not in o and "move" not in o]
    if others:
        return [Problem(others[0], "with shock combat the Construction/Demolition Phase orders come in their own step, after "
                                   "the battles (7.1.6, 7.1.7, 14.3 B)")]
    most = numbers.integer(data, "special.reserves_optional.shock_combat.max_units_per_battle", "the shock combat limit (14.3 B)")
    moved = {str(o["move"]) for o in orders if "move" in o}
    problems = []
    for i in index_of:
        units = orders[i].get("with")
        if not isinstance(units, list) or not 0 < len(units) <= most:
            problems.append(Problem(i, f"no more than {most} unit may perform shock combat in a single battle (14.3 B)"))
        elif any(str(u) not in moved for u in units):
            problems.append(Problem(i, "only reserve units that move in this Exploitation Phase perform shock combat (14.3 A)"))
        elif any(str(u) in state.get("strategic", ()) for u in units):
            problems.append(Problem(i, "units performing shock combat cannot have moved in strategic movement in their "
                                       "Exploitation Phase (14.3 B)"))
    if problems:
        return problems
    after = copy.deepcopy(state)
    apply_moves(game, data, after, side, [o for o in orders if "move" in o], mode="exploitation")
    found = check_battles(game, data, after, side, [_as_battle(orders[i]) for i in index_of], shock=True)
    return [Problem(None if p.index is None else index_of[p.index], p.message) for p in found]


def apply_construction(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    events: list[dict] = []
    blown_on = max(numbers.integers(data, "special.bridges.demolition.blown_faces", "the demolition roll (16.1 D)"))
    from .combat import apply_battles
    from .movement import apply_moves
    events += apply_moves(game, data, state, side, [o for o in orders if "move" in o], mode="exploitation")
    from .displacement import pause
    if pause(state, side, {"step": "construction", "side": side, "orders": [o for o in orders if "move" not in o]}):
        return events                                              # 15.5 D: the owner's choice, then the rest of 7.1.7
    if "shock_fought" not in state:
        finish_bridges(state, side, events)
    shocks = [o for o in orders if "shock" in o]
    if shocks:                                                     # 14.3 B: resolved as standard combat, then 7.1.7
        state["shock_fought"] = True
        return events + apply_battles(game, data, state, side, [_as_battle(o) for o in shocks], shock=True)
    for order in orders:
        if "move" in order:
            continue
        if "fuel_choice" in order:
            state["fuel_choice"] = list(order["fuel_choice"])
            continue
        if "fuel_exempt" in order:                                   # 15.6 E: standing until changed
            state["fuel_exempt"] = order["fuel_exempt"]
            continue
        if "fortify" in order:
            state["forts"] = sorted(set(state["forts"]) | {str(order["fortify"])})
            events.append({"event": "fortify", "hex": str(order["fortify"]), "side": side})
            continue
        a, b = bridge_hexes(data, state, order["demolish"]) or ("", "")
        key, unit = hexside_key(a, b), state["units"][order["by"]]
        drm = 0
        if unit["hex"] in (a, b) or (side == "allies" and in_class(data, order["by"], "engineer")):
            drm = numbers.integer(data, "special.bridges.demolition.drm", "the demolition DRM (16.1 D)")
        face = dice.roll(f"bridge/{state['turn']}/{key}", 6, about=f"{order['by']} tries to blow the bridge {a}-{b} (16.1 D)")
        blown = face + drm <= blown_on
        state["demolition_tried"].append(key)
        if blown:
            state["blown"] = sorted(set(state["blown"]) | {key})
        events.append({"event": "demolition", "bridge": key, "unit": order["by"], "face": face, "drm": drm, "blown": blown,
                       "nationality": counter(data, order["by"]).get("nationality")})
    game.end_player_turn(data, state, events, dice)
    return events
