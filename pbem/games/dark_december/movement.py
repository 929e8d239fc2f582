"""Dark December movement (10.0-12.0), reserves (14.1, 14.4, 14.5), restricted Allied movement on
16 December (18.3) and the German set-up (6.1). Checks are pure; apply changes the core's copy."""

from __future__ import annotations

from typing import Any

from ...errors import UnknownDataError
from ...gamedata import GameData
from ...hexgrid import hexside_key
from ...kit import numbers
from ...kit.movement import NO_ZOC, ZocRules, walk
from ..base import Problem
from . import displacement, restricted, strategic
from .common import not_own_unit, air_superiority, board, bridged, road, counter, effective, enemy_zoc, frozen, full_steps, half_up, in_class, mapdata, other, turn_label

ZOC_RULES = ZocRules(stop_on_entry=True, leave_cost=lambda allowance: 0, leave_only_to_free=True,
                     stop_rule="7.1.3.2 E, 12.1 A", leave_rule="10.2 F")


def entry_cost(data: GameData, state: dict, side: str, a: str, b: str, unit_id: str | None = None,
               before: str | None = None) -> tuple[Any, str]:
    """The MP to move a -> b (10.2 E: the highest cost of the hex's features; a river hexside adds
    its TEC cost unless bridged, 10.5.3 +2 across a bridge, 16.1 E a blown bridge as no bridge). 10.5.1
    road march: along a road hexside, the mover the sole occupant of both hexes (10.5.1 B, 11.2 A), one MP
    a hex whatever the terrain, a bridge included (10.5.3); a blown bridge interdicts the road (16.1 E)."""
    hexes = mapdata(data)
    if unit_id is not None and road_march(data, state, side, unit_id, a, b, before):
        return numbers.integer(data, "game.movement.road_march.cost_per_road_hex", "the road march rate (10.5.1)"), ""
    info = hexes.info(b)
    kinds = [str(info["terrain"])] + (["town"] if info.get("town") else [])
    return max(terrain_cost(data, state, kind) for kind in kinds) + hexside_extra(data, state, a, b), ""


def hexside_extra(data: GameData, state: dict, a: str, b: str) -> int:
    """A river hexside's TEC cost unless bridged; 10.5.3 +2 across a bridge (16.1 E a blown one as none)."""
    if "river" not in mapdata(data).hexside(a, b, hexes_known=False):
        return 0
    if bridged(data, state, a, b):
        return numbers.integer(data, "game.movement.bridges.otherwise_extra_mp", "the MP to cross a bridge (10.5.3)")
    return numbers.integer(data, "terrain.hexsides.river.movement", "the MP to cross an unbridged river (TEC)")


def road_march(data: GameData, state: dict, side: str, unit_id: str, a: str, b: str, before: str | None = None) -> bool:
    """10.5.1; 10.4.8 C (behaviour 3): entering a hex by one road and leaving it by an unconnected one is no road march
    (`before` the hex the unit entered `a` from)."""
    if not road(data, state, a, b):                      # 16.1 E a blown bridge, 20.4.2 C interdiction
        return False
    if before is not None and strategic.on(state) and road(data, state, before, a) and not strategic.connected(data, a, before, b):
        return False
    others = [u for h in (a, b) for u in board(state).friends_in(h, side) if u != unit_id]
    from .commanders import road_rate_over
    return not road_rate_over(data, state, unit_id, others)                 # 15.4 B (behaviour 3)


def enter_problem(data: GameData, state: dict, side: str, hex_id: str, mover: str | None = None) -> str | None:
    """10.2 D: never into a hex occupied by an enemy unit, but 15.5 D a combat unit into a hex of lone enemy
    leaders (behaviour 5, commanders); an unlisted hex is off the map."""
    if not mapdata(data).listed(hex_id):
        return f"{hex_id} is not on the map (map.hexes.{hex_id})"
    if board(state).enemies_in(hex_id, side) and not displacement.may_enter(data, state, side, hex_id, mover):
        return f"{hex_id} holds enemy units (10.2 D)"
    return None


def check_entry(data: GameData, state: dict, side: str, unit_id: str, path: list, sm: Any = None) -> str | None:
    """10.6.1 B: the entry hex is the reinforcement's first hex of movement (its cost counts); then it moves
    normally (10.2 A: one hex, the entry hex, always); `sm` (`strategic: true`) in strategic movement (10.6.2)."""
    grid = mapdata(data).grid
    path = [grid.canonical(h) for h in path]
    why = enter_problem(data, state, side, path[0])
    if why:
        return why
    trial = {**state, "units": {**state["units"], unit_id: {"side": side, "hex": path[0], "steps": full_steps(data, unit_id)}}}
    if sm is not None:
        if not strategic.on(state) or sm is not True:
            return ("`strategic: true` enters a reinforcement in strategic movement (10.6.2), in campaigns of Dark December "
                    "behaviour 3 (begun with this pbem)")
        return strategic.entry_problem(data, trial, side, unit_id, path, allowance(data, trial, unit_id, strategic=True))
    info = mapdata(data).info(path[0])
    first = max(terrain_cost(data, state, kind) for kind in [str(info["terrain"])] + (["town"] if info.get("town") else []))
    ma = allowance(data, trial, unit_id)
    if len(path) == 1:
        return None
    why = check_path(data, trial, side, unit_id, path, ma)
    if why:
        return why
    zoc = enemy_zoc(data, state, side)
    spent = walk(grid, unit_id, path, lambda a, b: entry_cost(data, trial, side, a, b, unit_id), allowance=ma, zoc=zoc,
                 rules=ZOC_RULES, no_revisit=True).spent
    if first + spent > ma:
        return f"{unit_id} needs {first + spent} MP to enter on {path[0]} and follow this path but has {ma} (10.6.1 B, 10.2 B)"
    return None


def terrain_cost(data: GameData, state: dict, kind: str) -> int:
    """The TEC cost of entering a terrain; 21.0 A one less while the ground is frozen (not clear)."""
    cost = numbers.integer(data, f"terrain.hexes.{kind}.movement_mp", f"the MP cost of {kind} (TEC)")
    if frozen(data, state["turn"]) and numbers.flag(data, f"terrain.hexes.{kind}.freeze_reduction", f"whether the freeze eases {kind} (21.0 A)"):
        cost -= numbers.integer(data, "weather.ground_freeze.mp_reduction", "the freeze reduction (21.0 A)")
    return cost


def allowance(data: GameData, state: dict, unit_id: str, reaction: bool = False, strategic: bool = False) -> int:
    """5.1 C the printed MA (8.4 B, 8.5 E, 8.7.4 halved); 20.1 A German motorized units one less in clear
    weather, two less using strategic movement; 14.4 C half of it, rounded up, in the Reaction Phase."""
    ma = effective(data, state, unit_id, "movement")
    if state["units"][unit_id]["side"] == "german" and in_class(data, unit_id, "motorized") and air_superiority(data, state["turn"], state):
        key = "motorized_strategic_ma" if strategic else "motorized_other_ma"
        ma += numbers.integer(data, f"weather.clear.german_movement.{key}", "the clear-weather MA change (20.1 A)")
    if reaction:
        ma = half_up(ma, numbers.fraction(data, "special.reserves_optional.reaction_ma_fraction", "the reaction MA (14.4 C)"))
    return ma


def check_path(data: GameData, state: dict, side: str, unit_id: str, path: Any, ma: int, infiltrating: bool = False) -> str | None:
    """10.2: the path of one move; `infiltrating` (12.4 A-C): enemy ZOCs entered on the way do not stop it
    (its rolls decide), leaving its starting hex follows 10.2 F as for any unit."""
    grid = mapdata(data).grid
    if not isinstance(path, list) or len(path) < 2 or any(not isinstance(h, str) for h in path):
        return "`path` must list the unit's hex and at least one hex entered"
    path = [grid.canonical(h) for h in path]
    if path[0] != state["units"][unit_id]["hex"]:
        return f"{unit_id} is in {state['units'][unit_id]['hex']}, not {path[0]}"
    zoc = enemy_zoc(data, state, side)
    rules = ZOC_RULES
    if infiltrating:
        if path[0] in zoc and path[1] in zoc:
            return f"{unit_id} may not move directly from one enemy ZOC to another (10.2 F); it infiltrates only from a ZOC it entered (12.4 A)"
        rules = NO_ZOC
    elif path[0] in zoc and state["options"]["disengagement"] and _disengagement_applies(data, state, side, unit_id, path[0]):
        extra = numbers.integer(data, "game.zones_of_control.disengagement_optional.extra_mp", "the disengagement cost (10.3 A)")
        rules = ZocRules(stop_on_entry=True, leave_cost=lambda allowance: extra, leave_only_to_free=True,
                         stop_rule="7.1.3.2 E, 12.1 A", leave_rule="10.2 F, 10.3 C")
    moved = walk(grid, unit_id, path, lambda a, b: entry_cost(data, state, side, a, b, unit_id, _before(path, a)), allowance=ma, zoc=zoc,
                 rules=rules, starts_in_zoc=path[0] in zoc and not infiltrating, no_revisit=True,
                 enter_problem=lambda h: enter_problem(data, state, side, h, unit_id))
    if moved.problem:
        return moved.problem
    why = displacement.path_problem(data, state, side, unit_id, path[1:])           # 15.5 D
    if why:
        return why
    if moved.spent > ma and len(path) > 2:                  # 10.2 A: one hex always; else never over the MA (10.2 B)
        return f"{unit_id} needs {moved.spent} MP for this path but has {ma} (10.2 B; 10.2 A guarantees one hex only)"
    return None


def _before(path: list, hex_id: str) -> str | None:
    """The hex a path entered `hex_id` from (10.4.8 C)."""
    i = path.index(hex_id)
    return path[i - 1] if i > 0 else None


def _disengagement_applies(data: GameData, state: dict, side: str, unit_id: str, hex_id: str) -> bool:
    """10.3 A (optional): one MP more to leave an enemy ZOC, except armored, armored cavalry and armored
    infantry units and units in a hex of terrain defense level four or more (10.3 B: fortifications and
    rivers counted, the river if every adjacent enemy unit is across one)."""
    from .combat import terrain_level
    if in_class(data, unit_id, "motorized"):
        return False
    grid = mapdata(data).grid
    adjacent = {h for h in grid.neighbours(hex_id) if board(state).enemies_in(h, side)}
    least = numbers.integer(data, "game.zones_of_control.disengagement_optional.exempt_level", "the exempt level (10.3 A)")
    return terrain_level(data, state, hex_id, adjacent) < least


def _restricted(data: GameData, state: dict, unit_id: str, path: list, mode: str = "movement") -> str | None:
    """18.3 on the 16 December turns (unless 26.1 C): only Allied units attacked by Germany this or the
    previous Game-Turn move, infantry types one hex; armor and armored cavalry freely from PM 16 December.
    15.7 B the Allied initial leaders not before AM 18 December; 15.9 A (optional) Dietrich's units."""
    from .commanders import dietrich_problem, move_problem
    why = move_problem(data, state, unit_id) or (dietrich_problem(data, state, unit_id, "move") if mode == "movement" else None)
    if why:
        return why
    if state["side"] != "allies" or not turn_label(data, state["turn"]).endswith(" 16 December") \
            or "26.1" in state["options"]["variants"]:
        return None
    armour = unit_type_in(data, unit_id, ("armor", "armored_cavalry"))
    if armour and state["turn"] > 1:
        return None
    if unit_id not in state["attacked"]:
        return f"{unit_id} has not been attacked by Germany and may not move on the 16 December turns (18.3 B)"
    if len(path) > 2 and not armour:
        return f"{unit_id} may move only one hex this turn (18.3 B)"
    return None


def unit_type_in(data: GameData, unit_id: str, types: tuple[str, ...]) -> bool:
    return str(counter(data, unit_id)["type"]) in types


def stacking_problems(data: GameData, state: dict, moves: dict[str, str], side: str, added: dict | None = None) -> list[str]:
    """11.0 A three units a hex (leaders and markers free, 15.4 A, 11.3); 11.4 no British with US."""
    limit = numbers.integer(data, "game.stacking.limit", "the stacking limit (11.0)")
    after = board(state).with_units(added or {}).moved(moves)
    side_of = {**{u: v["side"] for u, v in state["units"].items()}, **{u: v["side"] for u, v in (added or {}).items()}}
    problems = []
    for hex_id, units in sorted(after.stacks().items()):
        mine = [u for u in units if side_of[u] == side]
        counted = [u for u in mine if not in_class(data, u, "leader")]
        if len(counted) > limit and any(u in moves for u in mine):
            problems.append(f"{hex_id} would hold {len(counted)} units; the limit is {limit} (11.0 A)")
        nations = {counter(data, u).get("nationality") for u in counted}
        if {"us", "british"} <= nations and any(u in moves for u in mine):
            problems.append(f"British and US units may not stack together in {hex_id} (11.4)")
    return problems


def check_moves(game: Any, data: GameData, state: dict, side: str, orders: list, reaction: bool = False,
                mode: str = "movement") -> list[Problem]:
    """The Movement Phase (mode movement), the Reaction Phase (reaction: reserves at half MA, 14.4) and the
    Exploitation Phase (mode exploitation: reserves at their full MA, 7.1.6, 14.2 B)."""
    from . import montgomery
    problems: list[Problem] = montgomery.problems(data, state, side, orders)          # 26.13 B, C, E (behaviour 5)
    if mode == "exploitation":
        return problems + _check_unit_moves(data, state, side, orders, reaction=False, exploitation=True)
    problems += montgomery.declaration_problems(state, side, orders) if not reaction else []
    if not reaction and side == "german" and (state.get("fuel_due") or any("fuel" in o for o in orders)):
        from .fuel import check_german_picks, key as fuel_key
        problems += check_german_picks(data, state, orders)
        picked = [o["fuel"] for o in orders if "fuel" in o]
        state = {**state, "fuel_out": sorted(set(state["fuel_out"]) | {x for d in picked for x in str(fuel_key(d)).split("+")})}  # 8.7.1 B
    if not reaction and side == "german":
        from . import paradrop
        if any("drop" in o for o in orders) or paradrop.due(data, state):
            problems += paradrop.check(data, state, side, orders)
    if any("luftwaffe" in o for o in orders):
        problems += _luftwaffe_problems(data, state, side, orders, reaction)
    if any("air_attack" in o or "interdict" in o for o in orders):
        from .air import check as check_air
        problems += check_air(data, state, side, orders) if not reaction else [Problem(None, "no air attack in the Reaction Phase (20.4)")]
    entering: dict[str, dict] = {}
    given = orders
    if not reaction:
        from . import conditional, reinforcements
        problems += conditional.check(data, state, side, orders)                         # 23.0 B
        state = conditional.committed(state, orders)                                     # 23.0 D, E: enter as reinforcements
        sm_entries = {o["enter"]: o["strategic"] for o in orders if "enter" in o and "strategic" in o}
        problems += reinforcements.check(data, state, side, orders,
                                         lambda u, path: check_entry(data, state, side, u, path, sm_entries.get(u)))
        grid = mapdata(data).grid
        entering = {o["enter"]: {"side": side, "hex": grid.canonical(str(o["path"][0])), "steps": 1}
                    for o in orders if "enter" in o and isinstance(o.get("path"), list) and o["path"]}
    if not reaction and any("refit" in o or "reform" in o for o in orders):
        from . import replacements
        problems += replacements.check(data, state, side, orders)
        units = {u: dict(v) for u, v in state["units"].items()}           # 7.1.2 before 7.1.3; 9.1 C they move normally
        for o in orders:
            if "refit" in o and o["refit"] in units:
                units[o["refit"]]["steps"] = full_steps(data, o["refit"])
            elif "reform" in o and isinstance(o.get("at"), str):
                units[str(o["reform"])] = {"side": side, "hex": mapdata(data).grid.canonical(o["at"]), "steps": 1, "reserve": False}
        state = {**state, "units": units}
    if not reaction and mode == "movement":
        problems += restricted.check_release(data, state, side, orders)                  # 10.9.2 C
        if side == "allies" and strategic.on(state):
            restricted.release_29th(data, state)                  # 10.9.1 C: what adjudication reads, read here too
        if any("release" in o for o in orders):                                          # released before it moves
            state = {**state, "released": list(state.get("released", [])) + [o["release"] for o in orders if "release" in o]}
    if any("exit" in o or "hold_off" in o for o in orders) or (not reaction and state.get("held_off_owed")):
        problems += _edge_problems(data, state, side, orders, reaction)
        exiting = {o["exit"] for o in orders if isinstance(o.get("exit"), str)}
        state = {**state, "units": {u: v for u, v in state["units"].items() if u not in exiting}}     # 10.7.2 A: gone
    orders = [{"_skip": True} if any(k in o for k in ("fuel", "air_attack", "interdict", "enter", "refit", "reform", "drop", "luftwaffe", "withdrawal",
                                                      "exit", "hold_off", "release", "commit"))
              else o for o in orders]
    return problems + _check_unit_moves(data, state, side, orders, reaction, False, entering,
                                        {u: mapdata(data).grid.canonical(str(o["path"][-1])) for u, o in
                                         ((o["enter"], o) for o in given if "enter" in o) if u in entering},
                                        {o["enter"] for o in given if "enter" in o and o.get("strategic") is True})


def check_second(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """26.13 A: the Allies' second move of a withdrawal turn, as in the Movement Phase (reserves stay; 10.9, 18.3
    bind), on the river lines (26.13 B, C, E)."""
    from . import montgomery
    return montgomery.problems(data, state, side, orders) + _check_unit_moves(data, state, side, orders, False, False)


def _edge_problems(data: GameData, state: dict, side: str, orders: list, reaction: bool) -> list[Problem]:
    """10.7 exits and 10.7.2 C held-off units, in the Movement Phase of a campaign of behaviour 3."""
    from . import edges
    asked = [i for i, o in enumerate(orders) if "exit" in o or "hold_off" in o]
    if not strategic.on(state) or reaction:
        return [Problem(i, "`exit:` and `hold_off:` are Movement Phase orders (10.7) in campaigns of Dark December behaviour 3 "
                           "(begun with this pbem)") for i in asked]
    problems: list[Problem] = []
    for index, order in enumerate(orders):
        if "exit" in order:
            why = edges.check_exit(data, state, side, order,
                                   lambda u, path: check_path(data, state, side, u, path, allowance(data, state, u)))
            if why:
                problems.append(Problem(index, why))
    return problems + edges.check_hold(data, state, side, orders)


def strategic_how(data: GameData, state: dict, side: str, order: dict, unit_id: str, mode: str) -> str | None:
    """How a move uses strategic movement (10.4): None (it does not), "enter", "leave", "move" (in it
    already), or "!why" where it may not. 10.4.8 A: a unit beginning its Movement Phase in strategic movement
    in an enemy ZOC must leave it; 14.2 B reserves in it move by it in the Exploitation Phase but do not enter
    it; 14.4 D none in the Reaction Phase (reading: a reserve in strategic movement does not react)."""
    given = order.get("strategic")
    if not strategic.on(state):
        return None if given is None else ("!strategic movement (10.4) is played in campaigns of Dark December behaviour 3 "
                                           "(begun with this pbem)")
    if given not in (None, "enter", "leave"):
        return f"!`strategic:` is enter or leave, not {given!r} (10.4.1, 10.4.7)"
    marked = strategic.in_sm(state, unit_id)
    if mode == "reaction":
        return "!units move in the Reaction Phase without strategic movement (14.4 D)" if marked or given else None
    if given == "enter" and (mode != "movement" or marked):
        return "!a unit enters strategic movement at the start of its move in the Movement Phase, not already in it (10.4.1 D, 14.2 B)"
    if given == "leave" and (mode != "movement" or not marked):
        return "!a unit in strategic movement leaves it at the start of the Movement Phase (10.4.7 A)"
    if marked and mode == "movement" and state["units"][unit_id]["hex"] in enemy_zoc(data, state, side):
        return "leave"                                                  # 10.4.8 A
    return given or ("move" if marked else None)


def _bridging_problem(data: GameData, state: dict, side: str, unit_id: str, order: dict) -> str | None:
    """16.2.2 A: a unit that begins the Movement Phase next to the hexside crosses it, building the bridge."""
    from .bridges import building_problem
    path = [mapdata(data).grid.canonical(str(h)) for h in order.get("path") or []]
    if not path or path[0] != state["units"][unit_id]["hex"]:
        return f"{unit_id} begins the Movement Phase next to the hexside it bridges (16.2.2 A)"
    return building_problem(data, state, side, unit_id, path)


def _plain_move_problem(data: GameData, state: dict, side: str, order: dict, unit_id: str, mode: str) -> str | None:
    """A move without strategic movement: 10.2, 12.4 (optional) the infiltrating brigade, 18.3, 15.7 B, 15.9."""
    reaction = mode == "reaction"
    if order.get("infiltrate") is True and mode == "movement":                     # 12.4 (optional)
        from .infiltration import problem as infiltration_problem
        why = infiltration_problem(data, state, side, unit_id, order.get("path"), allowance(data, state, unit_id, reaction))
    elif "infiltrate" in order:
        why = "`infiltrate: true` goes with the 150th Panzer Brigade's move in the Movement Phase (12.4)"
    else:
        why = check_path(data, state, side, unit_id, order.get("path"), allowance(data, state, unit_id, reaction))
    return why or _restricted(data, state, unit_id, order["path"], mode)


def _strategic_move(data: GameData, state: dict, view: Any, side: str, order: dict, unit_id: str, how: str,
                    exploitation: bool) -> str | None:
    """A move entering, leaving or in strategic movement, checked on the phase's position so far (5.7 E), which
    it then updates."""
    why = _strategic_shape(state, unit_id, order.get("path"), how != "move") or strategic.move_problem(
        data, view.state, side, unit_id, [mapdata(data).grid.canonical(h) for h in order["path"]], how,
        lambda sm: allowance(data, state, unit_id, strategic=sm))
    why = why or _restricted(data, state, unit_id, order["path"], "exploitation" if exploitation else "movement")
    if why is None:
        view.moved(data, unit_id, side, [mapdata(data).grid.canonical(h) for h in order["path"]], how != "leave")
    return why


def _strategic_shape(state: dict, unit_id: str, path: Any, may_stay: bool) -> str | None:
    if not isinstance(path, list) or len(path) < (1 if may_stay else 2) or any(not isinstance(h, str) for h in path):
        return "`path` must list the unit's hex and the hexes entered (only the hex when it just enters or leaves strategic movement)"
    if path[0] != state["units"][unit_id]["hex"]:
        return f"{unit_id} is in {state['units'][unit_id]['hex']}, not {path[0]}"
    return None


def _luftwaffe_problems(data: GameData, state: dict, side: str, orders: list, reaction: bool) -> list[Problem]:
    """26.11 A (variant, behaviour 3): `luftwaffe: true` in a German Movement Phase on a clear turn, once a game: no
    Allied air superiority this Game-Turn and the next."""
    from .common import clear_weather
    index = next(i for i, o in enumerate(orders) if "luftwaffe" in o)
    if "luftwaffe_from" not in state or side != "german" or reaction or orders[index]["luftwaffe"] is not True:
        return [Problem(index, "`luftwaffe: true` is Germany's, in its Movement Phase, with variant 26.11 in a campaign of Dark "
                               "December behaviour 3")]
    if state["luftwaffe_from"] is not None:
        return [Problem(index, "the Luftwaffe contends Allied air superiority once, for two consecutive turns (26.11 A)")]
    if not clear_weather(data, state["turn"], state):
        return [Problem(index, "the Luftwaffe contends Allied air superiority once the weather is clear (26.11 A)")]
    return []


def _check_unit_moves(data: GameData, state: dict, side: str, orders: list, reaction: bool, exploitation: bool,
                      entering: dict | None = None, arrivals: dict | None = None, strategic_arrivals: set | None = None) -> list[Problem]:
    problems: list[Problem] = []
    moves: dict[str, str] = {}
    reserves = [u for u in sorted(state["units"]) if state["units"][u].get("reserve") and state["units"][u]["side"] == side]
    view = strategic.View(state) if strategic.on(state) else None      # 5.7 E: the phase's moves so far
    marked: set[str] = set()
    for index, order in enumerate(orders):
        if order.get("_skip") or "eliminate" in order:
            continue
        if "reserve" in order:
            why = _reserve_problem(data, state, side, order["reserve"], moves, reserves, reaction)
            if why:
                problems.append(Problem(index, why))
            else:
                reserves.append(order["reserve"])
            continue
        unit_id = order.get("move")
        unit = state["units"].get(unit_id) if isinstance(unit_id, str) else None
        if unit is None or unit["side"] != side:
            problems.append(Problem(index, not_own_unit(data, state, side, unit_id)))
            continue
        if unit_id in moves:
            problems.append(Problem(index, f"{unit_id} moves once a phase (10.2 C)"))
            continue
        if (reaction or exploitation) and not unit.get("reserve"):
            problems.append(Problem(index, f"{unit_id} is not in reserve; only reserves move in the Reaction and Exploitation Phases "
                                           "(7.1.4 A, 7.1.6, 14.2, 14.4 A)"))
            continue
        if order.get("build_bridge") and not reaction and not exploitation:
            why = _bridging_problem(data, state, side, unit_id, order)
            if why:
                problems.append(Problem(index, why))
            else:
                moves[unit_id] = mapdata(data).grid.canonical(str(order["path"][-1]))
            continue
        if not reaction and not exploitation and unit.get("reserve"):
            problems.append(Problem(index, f"{unit_id} is in reserve and may move only in reaction or exploitation (7.1.3.1 B, 14.1 E)"))
            continue
        if side == "allies" and isinstance(order.get("path"), list) and all(isinstance(h, str) for h in order["path"]):
            why = restricted.move_problem(data, state, unit_id, [mapdata(data).grid.canonical(h) for h in order["path"]])
            if why:                                                     # 10.9 B (behaviour 3)
                problems.append(Problem(index, why))
                continue
        how = strategic_how(data, state, side, order, unit_id, "reaction" if reaction else "exploitation" if exploitation else "movement")
        if how is not None:                                             # 10.4 (behaviour 3)
            why = how[1:] if how.startswith("!") else _strategic_move(data, state, view, side, order, unit_id, how, exploitation)
            if why:
                problems.append(Problem(index, why))
                continue
            moves[unit_id] = mapdata(data).grid.canonical(order["path"][-1])
            marked |= {unit_id} if how != "leave" else set()
            continue
        why = _plain_move_problem(data, state, side, order, unit_id, "reaction" if reaction else "exploitation" if exploitation else "movement")
        if why:
            problems.append(Problem(index, why))
            continue
        moves[unit_id] = mapdata(data).grid.canonical(order["path"][-1])
        if view is not None:
            view.moved(data, unit_id, side, [mapdata(data).grid.canonical(h) for h in order["path"]], False)
    problems += [Problem(None, p) for p in stacking_problems(data, state, {**moves, **(arrivals or {})}, side, entering)]
    if view is not None and not reaction and not exploitation:          # 11.3 B
        problems += _alone_problems(data, state, side, {**moves, **(arrivals or {})}, marked | set(strategic_arrivals or ()))
    if not reaction and not exploitation:
        problems += _excess_problems(data, state, side, {**moves, **(arrivals or {})}, entering, orders)
    return problems


def _alone_problems(data: GameData, state: dict, side: str, moves: dict, marked: set) -> list[Problem]:
    """11.3 B at the end of the Movement Phase: the units marked now (10.4.8 A takes the marker off those in an enemy ZOC)."""
    zoc = enemy_zoc(data, state, side)
    marked = marked | {u for u in state["strategic"] if u not in moves and state["units"][u]["hex"] not in zoc}
    return [Problem(None, p) for p in strategic.end_problems(state, side, moves, marked)]


def _excess_problems(data: GameData, state: dict, side: str, moves: dict, entering: dict | None, orders: list) -> list[Problem]:
    """11.0 B/C: units over the limit after a retreat must rectify it in their next Movement Phase; those
    still unable to comply at its end are eliminated, the owner selecting them (`eliminate: UNIT`)."""
    limit = numbers.integer(data, "game.stacking.limit", "the stacking limit (11.0)")
    after = board(state).with_units(entering or {}).moved(moves)
    chosen = [o["eliminate"] for o in orders if "eliminate" in o]
    problems = [Problem(None, f"`eliminate:` names a {side} unit on the map, not {u!r} (11.0 C)") for u in chosen
                if not isinstance(u, str) or u not in state["units"] or state["units"][u]["side"] != side or u in moves]
    for hex_id, units in sorted(after.stacks().items()):
        mine = [u for u in units if u in state["units"] and state["units"][u]["side"] == side and not in_class(data, u, "leader")]
        excess = len(mine) - limit
        picked = [u for u in chosen if u in mine]
        if excess > 0 and not any(u in moves for u in mine) and len(picked) != excess:
            problems.append(Problem(None, f"{hex_id} holds {len(mine)} units after the Movement Phase: eliminate {excess} of "
                                          f"{', '.join(mine)} with `eliminate: UNIT` (11.0 C)"))
        elif excess <= 0 and picked:
            problems.append(Problem(None, f"{', '.join(picked)} in {hex_id} need not be eliminated (11.0 C)"))
    return problems


def _reserve_problem(data: GameData, state: dict, side: str, unit_id: Any, moves: dict, reserves: list, reaction: bool) -> str | None:
    """14.1: reserves are designated in the Movement Phase, not from units that start in an enemy ZOC
    (14.1 D), at most ten a side (14.5 D); the optional rule must be in play."""
    if not state["options"]["reserves"]:
        return "reserves are the optional rule 14.0, not chosen for this campaign (--option reserves=true)"
    unit = state["units"].get(unit_id) if isinstance(unit_id, str) else None
    if reaction or unit is None or unit["side"] != side or unit_id in moves or unit.get("reserve"):
        return f"{unit_id!r} cannot be placed in reserve now (14.1: a {side} unit, not moving, in the Movement Phase)"
    if unit["hex"] in enemy_zoc(data, state, side):
        return f"{unit_id} starts its player turn in an enemy ZOC and may not form a reserve (14.1 D)"
    limit = numbers.integer(data, "special.reserves_optional.max_reserve_units", "the reserve limit (14.5 D)")
    if len(reserves) >= limit:
        return f"{side} may have no more than {limit} reserve units (14.5 D)"
    return None


def apply_moves(game: Any, data: GameData, state: dict, side: str, orders: list, reaction: bool = False,
                mode: str = "movement", dice: Any = None) -> list[dict]:
    events: list[dict] = []
    grid = mapdata(data).grid
    if strategic.on(state) and not reaction and mode == "movement":   # 10.4.8 A: it must leave, paying (checked as a leave)
        zoc = enemy_zoc(data, state, side)
        strategic.lose_marker(state, [u for u in state["strategic"] if state["units"][u]["side"] == side and state["units"][u]["hex"] in zoc],
                              "began the Movement Phase in strategic movement in an enemy ZOC (10.4.8 A)", events)
    if strategic.on(state) and side == "allies" and not reaction and mode == "movement":
        restricted.apply_releases(data, state, orders, events)      # 10.9.1 C, 10.9.2 C (behaviour 3)
    for order in orders:
        if "eliminate" in order:                                    # 11.0 C
            del state["units"][order["eliminate"]]
            state["eliminated"].append(order["eliminate"])
            events.append({"event": "eliminated", "unit": order["eliminate"], "why": "over the stacking limit (11.0 C)"})
            continue
        if "enter" in order:
            path = [grid.canonical(str(h)) for h in order["path"]]
            state["units"][order["enter"]] = {"side": side, "hex": path[-1], "steps": full_steps(data, order["enter"]), "reserve": False}
            del state["reinforcements"][order["enter"]]
            if strategic.on(state):                                      # 10.9 B its Game-Turn of entry (behaviour 3)
                state.setdefault("arrived", {})[order["enter"]] = state["turn"]
            events.append({"event": "enter", "unit": order["enter"], "path": path, **({"strategic": True} if order.get("strategic") else {})})
            displacement.displace(data, state, side, order["enter"], path[1:], events)      # 15.5 D
            if order.get("strategic") is True:                        # 10.6.2; 20.1 C
                strategic.mark(state, order["enter"], True)
                if side == "german" and air_superiority(data, state["turn"], state):
                    state["clear_arrivals"] = sorted(set(state["clear_arrivals"]) | {order["enter"]})
            continue
        if "release" in order:                                      # 10.9.2 C, recorded below
            continue
        if "exit" in order or "hold_off" in order:                  # 10.7, 10.7.2 C (behaviour 3)
            from . import edges
            edges.apply_exit(data, state, side, order, events) if "exit" in order else edges.apply_hold(data, state, [order], events)
            continue
        if "reserve" in order:
            state["units"][order["reserve"]]["reserve"] = True
            state["no_attack"].append(order["reserve"])           # 14.1 B: no attack the turn it is placed
            events.append({"event": "reserve", "unit": order["reserve"], "side": side})
            continue
        path = [grid.canonical(h) for h in order["path"]]
        if order.get("infiltrate"):
            from .infiltration import walk_out
            path = walk_out(data, state, side, order["move"], path, dice, events)      # 12.4 B, C
        unit = state["units"][order["move"]]
        unit["hex"] = path[-1]
        if order.get("strategic") in ("enter", "leave"):              # 10.4.1 E, 10.4.7 A
            strategic.mark(state, order["move"], order["strategic"] == "enter")
        if reaction or mode == "exploitation":
            unit["reserve"] = False                                 # 14.2 B, 14.5 C
        if order.get("build_bridge"):                               # 16.2.2, 16.2.3 A
            state["bridging"].append({"unit": order["move"], "side": side, "hexside": hexside_key(path[0], path[1])})
            state["no_attack"] = sorted(set(state["no_attack"]) | {order["move"]})
        events.append({"event": "move", "unit": order["move"], "path": path, "reaction": reaction,
                       **({"exploitation": True} if mode == "exploitation" else {}),
                       **({"second": True} if mode == "second" else {}),
                       **({"strategic": strategic.in_sm(state, order["move"])} if strategic.on(state) else {}),
                       **({"bridge": True} if order.get("build_bridge") else {})})
        displacement.displace(data, state, side, order["move"], path[1:], events)           # 15.5 D
    drop_reserves_in_contact(data, state)
    occupied = {u["hex"] for u in state["units"].values()}
    state["forts"] = [h for h in state["forts"] if h in occupied]          # 17.2: a vacant fortification is removed
    state["units"] = dict(sorted(state["units"].items()))
    return events


def drop_reserves_in_contact(data: GameData, state: dict) -> None:
    """14.5 E: reserves adjacent to enemy units lose their reserve status."""
    for side in ("german", "allies"):
        zoc = enemy_zoc(data, state, side)
        for unit in state["units"].values():
            if unit["side"] == side and unit.get("reserve") and unit["hex"] in zoc:
                unit["reserve"] = False


def reaction_due(state: dict) -> bool:
    """7.1.4: the Reaction Phase waits for the non-phasing player only if it has reserves (14.4)."""
    return any(u.get("reserve") for u in state["units"].values() if u["side"] == other(state["side"])) or bool(
        "fog_reserves" in state and state["fog_reserves"][other(state["side"])])          # 25.0: a marker on a stack


# -- 6.1 free German set-up --------------------------------------------------------------------
def check_setup(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """6.1: every German at-start unit in a hex of the army area on its counter (6.1 A), at least
    one hex (infantry, 6.1 B) or two (armor, 6.1 C) east of the Westwall, unstacked (6.1 E); 15.7 A German
    leaders anywhere within their army boundaries (behaviour 3)."""
    problems: list[Problem] = []
    placed: dict[str, str] = {}
    hexes = mapdata(data)
    for index, order in enumerate(orders):
        unit_id, at = order.get("place"), order.get("at")
        if unit_id not in state["to_place"] or not isinstance(at, str):
            problems.append(Problem(index, f"{unit_id!r} is not a German unit waiting for its set-up (6.1)"))
            continue
        at = hexes.grid.canonical(at)
        army = counter(data, unit_id).get("army", "unknown")
        area = hexes.entry(at).get("army", "unknown") if hexes.listed(at) else "unknown"
        if area == "unknown":
            raise UnknownDataError(f"map.hexes.{at}.army", f"the army area of hex {at}", PRINTED, data.override_file)
        anywhere = _ss_redeployed(data, state, unit_id) or _reserve_deployed(game, data, state, unit_id)
        if area != army and not (anywhere and area not in ("none", "unknown")):
            problems.append(Problem(index, f"{unit_id} sets up in the {army} area, and {at} is in {area} (6.1 A)"))
        depth = numbers.integer(data, "units.setup_order.free_armor_hexes_east_of_westwall" if in_class(data, unit_id, "motorized")
                                else "units.setup_order.free_infantry_hexes_east_of_westwall", "the set-up distance (6.1 B/C)")
        if anywhere and _ss_redeployed(data, state, unit_id):          # 26.18 A gives no distance: 6.1 B/C's
            depth = numbers.integer(data, "variants.division_variants.26_7.hexes_east_of_westwall", "26.7")
        east = hexes.entry(at).get("hexes_east_of_westwall", "unknown")
        if east == "unknown":
            raise UnknownDataError(f"map.hexes.{at}.hexes_east_of_westwall", f"how far east of the Westwall hex {at} lies",
                                   PRINTED, data.override_file)
        if int(east) < depth and not ("strategic" in state and in_class(data, unit_id, "leader")):   # 15.7 A (behaviour 3)
            problems.append(Problem(index, f"{unit_id} must set up at least {depth} hex(es) east of the Westwall; {at} is {east} (6.1 B/C)"))
        if at in placed.values():
            problems.append(Problem(index, f"German units may not be stacked in their initial set-up ({at}, 6.1 E)"))
        placed[unit_id] = at
    missing = sorted(set(state["to_place"]) - set(placed))
    if missing:
        problems.append(Problem(None, f"every German at-start unit sets up (6.0 H); missing: {', '.join(missing)}"))
    return problems


def _ss_redeployed(data: GameData, state: dict, unit_id: str) -> bool:
    """26.7, 26.9 A (behaviour 3): the 1st SS and 12th SS Panzer Divisions set up within any army boundary."""
    if "strategic" not in state or not {"26.7", "26.9"} & set(state["options"]["variants"]):
        return False
    from .reinforcements import divisions
    return str(counter(data, unit_id).get("division")) in divisions(data, "26.7", "divisions")


def _reserve_deployed(game: Any, data: GameData, state: dict, unit_id: str) -> bool:
    """26.18 A (behaviour 4): the 9th SS and 2nd SS Panzer Divisions deploy at start in any of the three army zones."""
    if not game.plays(data, 4) or "26.18" not in state["options"]["variants"]:
        return False
    from .reinforcements import divisions
    return str(counter(data, unit_id).get("division")) in divisions(data, "26.18", "divisions")


PRINTED = "the Dark December map (4.1)"
