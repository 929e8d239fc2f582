"""End of the Iron Dream, behaviour 3: Southern Italy (25.12).

- A: "At the start of the game, the WA control two ports in Italy, Rome and Southern Italy" (map.
  places.southern_italy.wa_port_at_start): Rome is on the map, a port of the position's WA sources
  (positions.NAME.wa_supply_sources, 15.14 A); Southern Italy is off the map.
- B: "Southern Italy is the portion of the Italian peninsula existing off the south edge of the
  map. It is accessible from any hex along the southern edge of Italy": its port, a WA GS source
  (15.14 A), reaches the map through those hexes (map.edges.south of map.countries.italy; the
  text lists neither: unknown refuses naming the path). A reading, after 27.9 C ("Count the 12
  hexes supply line radius from the south edge hex", Greece's "in the same way that southern
  Italy extends off the map", 27.9 A): each such hex is a WA source of its own, the line counted
  from it, when the WA control it free of an unnegated enemy ZOC (15.8 B, as any source). Its
  theater is the MTO (4.9 C: the Mediterranean and Adriatic are both the MTO's).
- Behaviour 4, B: "Units moving onto those hexes do pay terrain costs to get on and off the map."
  WA units move off the map into Southern Italy and back in their Operational Movement Phase:
  `move: UNIT, path: [HEX, ..., EDGE, southern_italy]` and `move: UNIT, path: [southern_italy,
  EDGE, ...]`, EDGE a hex of Italy's south edge. Getting on costs the edge hex's terrain (10.6, as
  the unit treats it, 21.x) and +2 if it is in an EZOC (9.6), as any hex entered; getting off
  costs the terrain of the edge hex left again (a reading: the only terrain of the crossing; the
  text names no other) and +2 to leave an EZOC (9.6). No 10.4 A one-hex guarantee: Southern Italy
  is no hex. The units there are off the map (state["southern_italy"]: UNIT -> steps) at their
  port, in GS (coming on, it may not move out of GS, 5.1.5 B); a unit moves off or on once a phase
  (8.7); entering, it observes stacking (8.9) and enters no enemy unit (10.2). A reading: only the
  WA, who hold Southern Italy the whole game (25.12 A; no rule takes it from them), go there.
- Behaviour 4, its port (25.12 A; 14.2, 14.4): `sail: UNIT, to: southern_italy` from the MTO box
  (1 MP ashore and the unit moves on, 7.1 B, 5.2.4 D, unless it fleshed out there, 7.21) or from
  an opened port or invasion-port of the MTO on the map; from Southern Italy `sail: UNIT, to:
  mto|HEX` (the MTO box, or an MTO landing hex: those sea movers take part in nothing else, 14.5).
  Its landing capacity is a port city's (14.26 B: one corps and one SU a turn), never in a German
  ZOC (7.2 B concerns map hexes).
- Behaviour 4, strategic movement (12.5 A, 12.3, 5.2.3 A): `strategic: UNIT, path: [HEX, ...,
  EDGE, southern_italy]` or `[southern_italy, EDGE, ...]`, any distance through friendly-controlled
  hexes in GS, never into or out of an Axis ZOC nor next to an Axis unit; nothing else that
  player-turn (12.2).
17.2: paratroops drop from a theater holding box or a WA-controlled hex on the map, so never from
Southern Italy (airborne.take_off refuses); 5.2.1 B: no flesh-out there either (replacements.py). A mobile assault may bring its stack on:
`assault: HEX, with: [UNIT, ...], path: [southern_italy, EDGE, ...]`, every unit in Southern Italy
at the start of the phase (11.10: stacked together there), each paying its crossing cost."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import army_of, board, enemies, enemy_zoc, grid, plays, stacking_problem

IRON_DREAM = "iron-dream"
PLACE = "southern_italy"
ORDER = ("a move into Southern Italy is `move: UNIT, path: [HEX, ..., EDGE, southern_italy]`, out of it `move: UNIT, "
         "path: [southern_italy, EDGE, ...]`, EDGE a hex along the southern edge of Italy (25.12 B)")


def edge_sources(data: GameData, state: dict) -> set[str]:
    """25.12 A-B: the hexes of Italy's south edge, through which Southern Italy's port supplies the WA."""
    if not plays(data, 3) or state["scenario"] != IRON_DREAM:
        return set()
    if not numbers.flag(data, "map.places.southern_italy.wa_port_at_start", "Southern Italy, a WA port at the start (25.12 A)"):
        return set()
    return edge_hexes(data)


def edge_hexes(data: GameData) -> set[str]:
    """25.12 B: the hexes "along the southern edge of Italy" (read once per data: the WA's sources
    at every supply line, issue 13; each caller gets its own set)."""
    def read() -> frozenset[str]:
        g = grid(data)
        edge = {g.canonical(h) for h in numbers.texts(data, "map.edges.south", "the hexes of the map's south edge (25.12 B)")}
        if not edge:
            return frozenset()
        italy = {g.canonical(h) for h in numbers.texts(data, "map.countries.italy", "the hexes of Italy (25.12 B)")}
        return frozenset(edge & italy)
    return set(data.derived("eid.italy_south_edge", read))


# -- behaviour 4: off the map and back (25.12 B), its port (25.12 A, 14.2, 14.4) ------------------
def off_map(state: dict) -> dict[str, int]:
    """The WA units in Southern Italy (none before the first goes there)."""
    return dict(state["southern_italy"]) if "southern_italy" in state else {}


def open_problem(data: GameData, state: dict) -> str | None:
    if not plays(data, 4) or state["scenario"] != IRON_DREAM or state["army"] != "western":
        return "only the WA go to Southern Italy, their port off the map in Iron Dream (25.12 A-B)"
    if not numbers.flag(data, "map.places.southern_italy.wa_port_at_start", "Southern Italy, a WA port at the start (25.12 A)"):
        return "Southern Italy is no WA port in this game (map.places.southern_italy.wa_port_at_start, 25.12 A)"
    return None


def names(order: dict) -> bool:
    """A `move:` whose path goes off the map into Southern Italy or comes out of it."""
    path = order.get("path")
    return "move" in order and isinstance(path, list) and PLACE in path


def names_strategic(data: GameData, order: dict) -> bool:
    """A `strategic:` whose path goes off the map into Southern Italy or comes out of it (behaviour 4)."""
    path = order.get("path")
    return plays(data, 4) and "strategic" in order and isinstance(path, list) and PLACE in path


def crossing_cost(data: GameData, state: dict, unit_id: str, edge: str, leaving: bool) -> int:
    """25.12 B: the edge hex's terrain (10.6, 21.x) and the EZOC's +2 (9.6) to get on or off the map."""
    from .special_units import movement_terrain
    kind = movement_terrain(data, unit_id, edge)
    cost = int(unwrap(data.get(f"terrain.hexes.{kind}.movement_mp", f"the MP cost (10.6) of {kind} terrain")))
    if edge in enemy_zoc(data, state, "western"):
        key = "leave" if leaving else "enter"
        cost += numbers.integer(data, f"terrain.zoc_extra_mp.{key}", f"the cost to {key} an EZOC (9.6)")
    return cost


def edge_order_problem(data: GameData, state: dict, order: dict, key: str, usage: str) -> str | None:
    """25.12 B: `KEY: UNIT, path: [...]` with `southern_italy` once, at one end (else `usage`); then open_problem."""
    unit_id, path = order.get(key), order.get("path")
    if set(order) - {key, "path"} or not isinstance(unit_id, str) or not isinstance(path, list) or len(path) < 2 \
            or path.count(PLACE) != 1 or PLACE not in (path[0], path[-1]):
        return usage
    return open_problem(data, state)


def move_problem(data: GameData, state: dict, rec: dict, order: dict) -> str | None:
    """25.12 B for one move off the map or back on, made on `state` (and `rec`, the phase's record)."""
    why = edge_order_problem(data, state, order, "move", ORDER)
    if why:
        return why
    unit_id, path = order["move"], order["path"]
    if unit_id in rec["done"] and unit_id not in rec["going_on"]:
        return f"{unit_id} has completed its movement this phase (8.7)"
    try:
        hexes = [grid(data).canonical(str(h)) for h in path if h != PLACE]
    except ValueError as exc:
        return str(exc)
    return leave(data, state, rec, unit_id, hexes) if path[-1] == PLACE else come_on(data, state, rec, unit_id, hexes)


def leave(data: GameData, state: dict, rec: dict, unit_id: str, hexes: list[str]) -> str | None:
    """Along the path to an edge hex of Italy, then off the map."""
    from .movement import allowance, held_problem, move_problem as map_move
    if unit_id not in state["units"] or army_of(state, unit_id) != "western":
        return f"{unit_id} is not a WA unit on the map"
    if len(hexes) > 1:
        why = map_move(data, state, rec, {"move": unit_id, "path": hexes})
        if why:
            return why
    elif unit_id not in rec["began"]:
        return f"{unit_id} was not on the map at the start of the phase"
    else:
        why = held_problem(data, state, unit_id)
        if why:
            return why
    edge = state["units"][unit_id]["hex"]
    if hexes[-1] != edge:
        return f"{unit_id}'s path must start at its hex {edge}"
    if edge not in edge_hexes(data):
        return f"{edge} is not a hex along the southern edge of Italy: Southern Italy is reached from those only (25.12 B)"
    cost, spent, limit = crossing_cost(data, state, unit_id, edge, True), int(rec["spent"].get(unit_id, 0)), allowance(data, state, unit_id)
    if spent + cost > limit:
        return f"{unit_id} needs {cost} MP to get off the map from {edge} but has {limit - spent} left (25.12 B, 10.1)"
    state["southern_italy"] = {**off_map(state), unit_id: state["units"].pop(unit_id)["steps"]}
    rec["spent"][unit_id] = spent + cost
    rec["done"] = sorted(set(rec["done"]) | {unit_id})                          # 8.7: back on in a later phase
    return None


def come_on(data: GameData, state: dict, rec: dict, unit_id: str, hexes: list[str]) -> str | None:
    """Out of Southern Italy onto an edge hex of Italy, then on along the path."""
    from .movement import walk_problem
    from .supply_play import entered
    from .supply_units import gs_exit_problem
    why = place_on(data, state, rec, unit_id, hexes[0])
    if why:
        return why
    spent, cost = int(rec["spent"][unit_id]), 0
    if len(hexes) > 1:
        why, cost = walk_problem(data, state, unit_id, hexes, spent)
        if why:
            return why
    state["units"][unit_id]["hex"] = hexes[-1]
    entered(state, "western", hexes[1:])
    why = gs_exit_problem(data, state, unit_id, hexes)                          # 5.1.5 B: in GS at its port
    if why:
        return why
    rec["spent"][unit_id] = spent + cost
    rec["done"] = sorted(set(rec["done"]) | {unit_id})
    return None


def place_on(data: GameData, state: dict, rec: dict, unit_id: str, edge: str) -> str | None:
    """A unit out of Southern Italy onto the edge hex `edge`, its crossing cost spent (made on `state`)."""
    from .movement import allowance
    from .sea import done_problem
    from .strategic import done_problem as strategic_done
    from .supply_play import entered
    if unit_id not in off_map(state):
        return f"{unit_id} is not in Southern Italy (25.12 B)"
    why = done_problem(state, unit_id) or strategic_done(state, unit_id)        # 5.2.4 D, 14.5, 7.21; 12.2
    if why:
        return why
    if edge not in edge_hexes(data):
        return f"{edge} is not a hex along the southern edge of Italy: units come on from Southern Italy there only (25.12 B)"
    if any(army_of(state, u) in enemies(state, "western") for u in board(state).units_in(edge)):
        return f"{edge} holds enemy units (10.2)"
    crowd = stacking_problem(data, state, "western", [unit_id], edge)
    if crowd:
        return crowd
    spent = int(rec["spent"].get(unit_id, 0)) + crossing_cost(data, state, unit_id, edge, False)
    units = off_map(state)
    state["units"][unit_id] = {"side": "western", "hex": edge, "steps": units.pop(unit_id)}
    state["southern_italy"] = units
    limit = allowance(data, state, unit_id)
    if spent > limit:
        return f"{unit_id} needs {spent} MP to get on the map at {edge} but has {limit} (25.12 B, 10.1)"
    rec["spent"][unit_id] = spent
    entered(state, "western", [edge])
    return None


def stack_on(data: GameData, state: dict, rec: dict, units: list, path: list) -> tuple[str | None, list[str] | None]:
    """A mobile assault's stack coming on from Southern Italy (`path: [southern_italy, EDGE, ...]`):
    each unit onto the edge hex, its crossing cost paid; 11.10: the stack began the phase there.
    Returns the problem, or the path left to walk on the map (None: the edge hex is the launch hex)."""
    why = open_problem(data, state)
    if why:
        return why, None
    if path.count(PLACE) != 1 or not all(isinstance(u, str) for u in units):
        return ORDER, None
    try:
        hexes = [grid(data).canonical(str(h)) for h in path[1:]]
    except ValueError as exc:
        return str(exc), None
    for unit_id in units:
        if rec["began"].get(unit_id) != PLACE:
            return f"{unit_id} was not in Southern Italy at the start of the phase (11.10)", None
        if unit_id in rec["done"]:
            return f"{unit_id} has completed its movement this phase (8.7)", None
        why = place_on(data, state, rec, unit_id, hexes[0])
        if why:
            return why, None
    return None, (hexes if len(hexes) > 1 else None)


# -- behaviour 4: strategic movement to and from Southern Italy (12.5, 5.2.3; 25.12 B) ------------
STRATEGIC = ("a strategic move into Southern Italy is `strategic: UNIT, path: [HEX, ..., EDGE, southern_italy]`, "
             "out of it `strategic: UNIT, path: [southern_italy, EDGE, ...]` (25.12 B, 12.5)")


def strategic_problem(data: GameData, state: dict, order: dict) -> str | None:
    """12.5 A: WA units move strategically any distance through friendly-controlled land hexes in
    GS (12.3; 5.2.3 A never into or out of an Axis ZOC nor next to an Axis unit): off the map from an
    edge hex of Italy, or on at one. Made on `state`."""
    from . import strategic
    why = edge_order_problem(data, state, order, "strategic", STRATEGIC)
    if why:
        return why
    unit_id, path = order["strategic"], order["path"]
    from .common import is_type
    if is_type(data, unit_id, "non_combat"):
        return f"{unit_id} is not a combat unit: only combat units move strategically (5.2.3 A)"
    rec = strategic.record(state)
    if unit_id in rec["units"]:
        return f"{unit_id} moved strategically this player-turn (12.2)"
    try:
        hexes = [grid(data).canonical(str(h)) for h in path if h != PLACE]
    except ValueError as exc:
        return str(exc)
    why = strategic_off(data, state, unit_id, hexes) if path[-1] == PLACE else strategic_on(data, state, unit_id, hexes)
    if why:
        return why
    state["strategic"] = {**rec, "units": sorted([*rec["units"], unit_id])}     # 12.2: nothing else this player-turn
    return None


def strategic_off(data: GameData, state: dict, unit_id: str, hexes: list[str]) -> str | None:
    from .strategic import next_to_enemy, path_problem
    from .supply_play import entered
    if unit_id not in state["units"] or army_of(state, unit_id) != "western":
        return f"{unit_id} is not a WA unit on the map"
    here = state["units"][unit_id]["hex"]
    if hexes[0] != here:
        return f"{unit_id}'s path must start at its hex {here}"
    if unit_id in state.get("oos", []):
        return f"{unit_id} did not start the phase in GS and may not move strategically (12.1)"
    if next_to_enemy(data, state, here) or here in enemy_zoc(data, state, "western"):
        return f"{unit_id} starts next to an Axis unit or in its ZOC and may not move strategically (5.2.3 A)"
    why = path_problem(data, state, unit_id, hexes) if len(hexes) > 1 else None
    if why:
        return why
    if hexes[-1] not in edge_hexes(data):
        return f"{hexes[-1]} is not a hex along the southern edge of Italy: Southern Italy is reached from those only (25.12 B)"
    entered(state, "western", hexes[1:])
    state["southern_italy"] = {**off_map(state), unit_id: state["units"].pop(unit_id)["steps"]}
    return None


def strategic_on(data: GameData, state: dict, unit_id: str, hexes: list[str]) -> str | None:
    from .strategic import next_to_enemy, path_problem
    from .supply_play import entered, lines
    if unit_id not in off_map(state):
        return f"{unit_id} is not in Southern Italy (25.12 B)"
    edge = hexes[0]
    if edge not in edge_hexes(data):
        return f"{edge} is not a hex along the southern edge of Italy: units come on from Southern Italy there only (25.12 B)"
    owner, _, _, _, reach = lines(data, state, "western")
    if edge in enemy_zoc(data, state, "western"):
        return f"{unit_id} may never enter an enemy ZOC when moving strategically, not {edge} (12.3)"
    if owner.get(edge) != "western" or edge not in reach:
        return f"{unit_id} may enter only friendly-controlled hexes in GS when moving strategically, not {edge} (12.3)"
    if next_to_enemy(data, state, edge):
        return f"{unit_id} may not move strategically next to an enemy unit, into {edge} (5.2.3 A)"
    crowd = stacking_problem(data, state, "western", [unit_id], edge)
    if crowd:
        return f"{crowd} (8.9)"
    units = off_map(state)
    state["units"][unit_id] = {"side": "western", "hex": edge, "steps": units.pop(unit_id)}
    state["southern_italy"] = units
    why = path_problem(data, state, unit_id, hexes) if len(hexes) > 1 else None
    if why:
        return why
    state["units"][unit_id]["hex"] = hexes[-1]
    entered(state, "western", hexes)
    return None
