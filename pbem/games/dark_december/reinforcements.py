"""Reinforcements (10.6): each enters in the owning side's Movement Phase of its Game-Turn (the code on
its counter, 5.6.1 B, 5.6.2 B) on an entry hex of one of its areas (`map.hexes.HEX.entry: CODE`),
counting the entry hex as its first hex of movement (10.6.1 B); none may be withheld unless its entry
hexes are all occupied by enemy units (10.6.3 A, B). The variants that move arrival turns (26.1 A, 26.2,
26.5 A, 26.14 A) shift them as variants.yaml gives."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import COUNTER, board, enemy_zoc, mapdata, turn_of
from ...errors import PbemError, UnknownDataError


DIVISIONS = "variants.division_variants"


def divisions(data: GameData, variant: str, key: str) -> set[str]:
    """The division ids a variant names (group data, variants.yaml `division_variants`)."""
    return set(numbers.texts(data, f"{DIVISIONS}.{variant.replace('.', '_')}.{key}",
                             f"the divisions variant {variant} names, as the counters spell them ({variant})"))


def schedule(data: GameData, counters: dict, options: dict, by_division: bool = False, eastern: bool = False) -> dict[str, int]:
    """Unit -> the Game-Turn it enters, the chosen variants applied; `by_division` (behaviour 2) also
    26.3 (two turns late), 26.8 B/C and 26.12 A (never); `eastern` (behaviour 4) 26.16 A."""
    shifts = data.get("variants.reinforcement_shifts", "the variants' arrival shifts (26.x)")
    eastern_reserves = eastern_reserves_due(data) if eastern and "26.16" in options["variants"] else {}
    late = divisions(data, "26.3", "divisions") if by_division and "26.3" in options["variants"] else set()
    never = set().union(*[divisions(data, v, "withheld") for v in ("26.8", "26.12") if by_division and v in options["variants"]])
    due: dict[str, int] = {}
    for unit_id in sorted(k for k, v in counters.items() if isinstance(v, dict)):
        if str(counters[unit_id].get("division")) in eastern_reserves:   # 26.16 A: the text's turn, not shifted (DD18)
            due[unit_id] = eastern_reserves[str(counters[unit_id].get("division"))]
            continue
        code = counters[unit_id].get("reinforcement", "unknown")
        if code in (None, "none"):
            continue
        if not isinstance(code, dict) or code.get("turn", "unknown") == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.reinforcement", f"the reinforcement code of {unit_id} (none, or turn and areas)",
                                   COUNTER, data.override_file)
        turn = turn_of(data, str(code["turn"]))
        side = counters[unit_id]["side"]
        for variant in options["variants"]:
            shift = shifts.get(variant.replace(".", "_"))
            shift = shift["value"] if isinstance(shift, dict) and "value" in shift else shift
            if not shift or shift["side"] != side:
                continue
            if "none_after" in shift and turn > turn_of(data, shift["none_after"]):
                turn = -1
            elif "turns" in shift and ("through" not in shift or turn <= turn_of(data, shift["through"])):
                turn = max(1, turn + int(shift["turns"])) if turn > 0 else turn
        division = str(counters[unit_id].get("division"))
        if division in never:                                     # 26.8 B/C, 26.12 A
            continue
        if division in late and turn > 0:                         # 26.3
            turn += numbers.integer(data, f"{DIVISIONS}.26_3.delay_turns", "the delay of 26.3")
        if turn > 0:
            due[unit_id] = turn
    return due


def eastern_reserves_due(data: GameData) -> dict[str, int]:
    """26.16 A: the Hermann Goering and 3rd SS Panzer Divisions (their ids group data) -> AM 17 December."""
    turn = turn_of(data, numbers.text(data, "variants.variants.26_16.arrival_turn", "the eastern reserves' Game-Turn (26.16 A)"))
    return {d: turn for d in sorted(divisions(data, "26.16", "divisions"))}


def check_eastern_reserves(data: GameData, options: dict, first: int) -> None:
    """26.16 B "Use in conjunction with 26.5"; A brings the divisions on AM 17 December, a turn a scenario that
    starts later does not have."""
    if "26.5" not in options["variants"]:
        raise PbemError("26.16 B: Hitler Commits Eastern Reserves is used in conjunction with 26.5 (choose variants 26.5,26.16)")
    turn = numbers.text(data, "variants.variants.26_16.arrival_turn", "the eastern reserves' Game-Turn (26.16 A)")
    if turn_of(data, turn) < first:
        raise PbemError(f"26.16 A brings its divisions on the {turn} turn, before this scenario's first Game-Turn: "
                        "choose it with a scenario that starts by then")


def reserve_deployed(data: GameData, info: dict, c: dict, options: dict) -> bool:
    """26.18 A (behaviour 4): the 9th SS and 2nd SS Panzer Divisions (ids group data) set up at start in the free
    set-up (6.1); B with 26.5 and 26.16."""
    if "26.18" not in options["variants"] or c["side"] != "german" or options["setup"] != "free" or info["id"] == "turning-point":
        return False
    missing = [v for v in ("26.5", "26.16") if v not in options["variants"]]
    if missing:
        raise PbemError(f"26.18 B: German Reserve Deployment is used in conjunction with 26.5 and 26.16 (add {', '.join(missing)})")
    return str(c.get("division")) in divisions(data, "26.18", "divisions")


def entry_hexes(data: GameData, areas: list) -> list[str]:
    return sorted(h for h, v in mapdata(data).hexes().items() if isinstance(v, dict) and str(v.get("entry")) in {str(a) for a in areas})


def areas_of(data: GameData, unit_id: str) -> list:
    return list(data.get(f"units.counters.{unit_id}.reinforcement.areas", f"the entry areas of {unit_id} (5.6.1 B)"))


def check(data: GameData, state: dict, side: str, orders: list, walk_path: Any) -> list[Problem]:
    """`enter: UNIT` / `path: [entry hex, ...]`."""
    problems: list[Problem] = []
    entered: set[str] = set()
    bd = board(state)
    for index, order in enumerate(orders):
        if "enter" not in order:
            continue
        unit_id, path = order["enter"], order.get("path")
        if state["reinforcements"].get(unit_id, 10 ** 6) > state["turn"] or str(data.get(f"units.counters.{unit_id}.side")) != side:
            problems.append(Problem(index, f"{unit_id!r} is not a {side} reinforcement due this Game-Turn (10.6 A)"))
            continue
        allowed = allowed_hexes(data, state, side, unit_id)
        if not isinstance(path, list) or not path or str(path[0]) not in allowed:
            problems.append(Problem(index, _where_text(data, state, unit_id, allowed)))
            continue
        if bd.enemies_in(str(path[0]), side):
            problems.append(Problem(index, f"{path[0]} is blocked by enemy units (10.6.3 B)"))
            continue
        if len(path) > 1 and str(path[0]) in enemy_zoc(data, state, side):
            problems.append(Problem(index, f"{unit_id} must stop on entering the enemy ZOC at {path[0]} (12.1 A)"))
            continue
        why = walk_path(unit_id, [str(h) for h in path])
        if not why and side == "allies":
            from .restricted import move_problem                     # 10.9 B (behaviour 3)
            why = move_problem(data, state, unit_id, [mapdata(data).grid.canonical(str(h)) for h in path], entering=True)
        if why:
            problems.append(Problem(index, why))
        entered.add(unit_id)
    held = {o["hold_off"] for o in orders if "hold_off" in o}            # 10.7.2 C (behaviour 3)
    for unit_id, turn in sorted(state["reinforcements"].items()):
        if turn <= state["turn"] and unit_id not in entered | held and str(data.get(f"units.counters.{unit_id}.side")) == side:
            hexes = allowed_hexes(data, state, side, unit_id)
            if any(not bd.enemies_in(h, side) for h in hexes):
                problems.append(Problem(None, f"{unit_id} is due and may not be withheld (10.6.3 A)"))
    return problems


def allowed_hexes(data: GameData, state: dict, side: str, unit_id: str) -> list[str]:
    """10.6.1 A the entry hexes of the unit's areas; 10.6.3 C (behaviour 3) a unit whose entry hexes were
    blocked on its turn enters by the next unblocked road hex along the edge (`edges.late_entry_hexes`)."""
    if the_66th(data, state, unit_id):
        return west_road_hexes(data) if not big_solution(state, side) else anywhere_on_its_side(data, west_road_hexes(data))
    scheduled = entry_hexes(data, areas_of(data, unit_id))
    if big_solution(state, side):
        return anywhere_on_its_side(data, scheduled)
    if "strategic" in state and state["reinforcements"][unit_id] < state["turn"]:
        from .edges import late_entry_hexes
        return late_entry_hexes(data, state, side, scheduled)
    return scheduled


def the_66th(data: GameData, state: dict, unit_id: str) -> bool:
    """26.17 (behaviour 3): a regiment of the US 66th Infantry Division (its id group data)."""
    if "strategic" not in state or "26.17" not in state["options"]["variants"]:
        return False
    return str(data.get(f"units.counters.{unit_id}.division")) in divisions(data, "26.17", "divisions")


def west_road_hexes(data: GameData) -> list[str]:
    """26.17: any road hex on the west edge of the map (`map.edges.west`, group data)."""
    from .edges import edge, road_hex
    return sorted(h for h in edge(data, "west", "26.17: the 66th Infantry Division's entry") if road_hex(data, h))


def big_solution(state: dict, side: str) -> bool:
    """26.15, adjudicated in campaigns of behaviour 3 (the map's edges are group data)."""
    return side == "allies" and "strategic" in state and "26.15" in state["options"]["variants"]


def sides_of(data: GameData, scheduled: list[str], why: str) -> set[str]:
    """The map edges a unit's entry hexes lie on (a corner hex names its edge only when no other entry hex does)."""
    from .edges import EDGES, edge
    lines = {name: edge(data, name, why) for name in EDGES}
    on = {h: [name for name in EDGES if h in lines[name]] for h in scheduled}
    return {names[0] for names in on.values() if len(names) == 1} or {name for names in on.values() for name in names}


def campaign_selection(data: GameData, state: dict) -> None:
    """26.20 B with 26.8: Allied reinforcements on the north edge after Turn 8 arrive two turns earlier; C with 26.9:
    those on the south edge after PM 21 December three turns earlier, and no German reinforcement after PM 20
    December. The German choice is made openly at `pbem new` (26.20 A only suggests a secret one)."""
    variants = state["options"]["variants"]
    path = "variants.variants.26_20"
    chosen = "small_solution" if "26.8" in variants else "operation_luxembourg" if "26.9" in variants else None
    if chosen is None:
        return
    shift = data.get(f"{path}.{chosen}_shift", f"the reinforcement shift of 26.20 with {chosen.replace('_', ' ')}")
    after = int(shift["after_turn"]) if "after_turn" in shift else turn_of(data, str(shift["after"]))
    for unit_id, turn in sorted(state["reinforcements"].items()):
        side = str(data.get(f"units.counters.{unit_id}.side"))
        if side == "allies" and turn > after and \
                shift["edge"] in sides_of(data, entry_hexes(data, areas_of(data, unit_id)), "26.20: the edge a reinforcement arrives on"):
            state["reinforcements"][unit_id] = max(1, turn + int(shift["turns"]))
        elif side == "german" and chosen == "operation_luxembourg" and turn > turn_of(data, numbers.text(
                data, f"{path}.operation_luxembourg_german_none_after", "the last German reinforcements (26.20 C)")):
            del state["reinforcements"][unit_id]


def anywhere_on_its_side(data: GameData, scheduled: list[str]) -> list[str]:
    """26.15 A: any hex of the map edge its entry hexes lie on (a corner hex names its edge only when no other
    entry hex does); B not the north road hexes 5001 and 4401."""
    from .edges import edge
    sides = sides_of(data, scheduled, "26.15 A: the side of the map a unit is scheduled to enter on")
    lines = {name: edge(data, name, "26.15 A") for name in sides}
    hexes: set[str] = set()
    for name in sorted(sides):
        hexes |= set(lines[name])
        if name == "north":                                          # 26.15 B
            grid = mapdata(data).grid
            hexes -= {grid.canonical(h) for h in numbers.texts(data, "variants.variants.26_15.not_north_hexes",
                                                               "the north road hexes 26.15 B closes")}
    return sorted(hexes)


def _where_text(data: GameData, state: dict, unit_id: str, allowed: list[str]) -> str:
    if the_66th(data, state, unit_id):
        return f"{unit_id} enters on a road hex of the west map edge: {', '.join(allowed) or 'none'} (26.17)"
    if big_solution(state, str(data.get(f"units.counters.{unit_id}.side"))):
        return (f"{unit_id} enters anywhere on the map edge of its entry areas {areas_of(data, unit_id)}, not on 5001 or 4401 "
                f"in the north: {', '.join(allowed) or 'none'} (26.15)")
    if "strategic" in state and state["reinforcements"][unit_id] < state["turn"]:
        return (f"{unit_id} was blocked on its Game-Turn: it enters by the next unblocked road hex along its map edge, "
                f"{'to the west' if str(data.get(f'units.counters.{unit_id}.side')) == 'allies' else 'to the north or south'}: "
                f"{', '.join(allowed) or 'none is open'} (10.6.3 C)")
    return (f"{unit_id} enters on an entry hex of its areas {areas_of(data, unit_id)}: "
            f"{', '.join(allowed) or 'none listed (map.hexes.HEX.entry)'} (10.6.1 A)")
