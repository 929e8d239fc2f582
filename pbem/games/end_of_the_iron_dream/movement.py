"""8.x stacking, 9.x zones of control, 10.x operational movement and 11.x mobile assaults, as
the Operational Movement Phase (5.1.5, 5.2.5, 5.3.4) of one orders file or several.

Orders: `move: UNIT, path: [HEX, ...]` (the path starts at the unit's hex; one stack moves at a
time, 8.7, so a unit moves once a phase) and, as the last order of a file, a mobile assault
`assault: HEX, with: [UNIT, ...]` with an optional `path:` the stack moves first (its last hex
is the launch hex) and an optional `losses: [UNIT, ...]` (the order in which the assaulters give
up steps, 11.9 A; default the order of `with:`). The step rolls; the defender answers how it
takes its result (11.13: retreat or step losses, phase `ma_answer`); then the attacker's result
comes off as step losses (11.9 A, after the defender's, 18.15) and the mover's next file goes on:
its first orders may move the assaulters on with the MPs they have left (11.12) or assault the
same hex again (11.13); any other order ends their movement. A file without a mobile assault
ends the phase.

state["movement"] keeps the phase's record: each unit's hex at its start (11.10), the MPs
spent, the units whose move is over (8.7), the assaulters who may go on."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import Shift
from ...kit.losses import spread_steps
from ...kit.movement import walk
from ..base import Problem
from . import abomb, first_turn, greece, greece_lhj, italy, pledge, polish, volkssturm
from . import (air_assault, airborne, calendar, combat, dike, ebs, flak, fortress, forts, fuhrer, groups, hook_clear, invasion, recreated,
               reinforcements, replacements, satellites, sea, shock, special_units, strategic, supply, supply_play, supply_units, yugoslavia)
from .common import (A_UNIT_OF, army_of, own_path, board, enemies, enemy_zoc, factor, full_steps, grid, hexside, is_type, mapdata, plays,
                     set_steps, stacking_problem, terrain, zoc_of)

MOVE = "a move is `move: UNIT, path: [HEX, ...]`, the path starting at the unit's hex (10.2)"
ASSAULT = "a mobile assault is `assault: HEX, with: [UNIT, ...]` (optional `path:` to the launch hex, `losses:`) (11.0)"


def record(state: dict) -> dict:
    """The phase's record, fresh at its first file."""
    if state.get("movement"):
        return state["movement"]
    army = state["army"]
    return {"began": {**{u: v["hex"] for u, v in sorted(state["units"].items()) if v["side"] == army},
                      **{u: italy.PLACE for u in sorted(italy.off_map(state)) if army == "western"}},      # 25.12 B
            "spent": sea.landed_spent(state), "done": [], "going_on": [], "again": None}


# -- costs ---------------------------------------------------------------------------------
def entry_cost(data: GameData, state: dict, army: str, a: str, b: str, ezoc: set[str],
               unit_id: str | None = None) -> tuple[int | None, str]:
    """10.6 the hex's terrain (behaviour 3: as `unit_id` treats it, 21.1 B, 21.3 B), 10.8 +1 across a river or canal, 10.11 a road hexside 1 MP
    whatever the terrain; 9.6 +2 to enter and +2 to leave an EZOC (cumulative, 10.3); 10.4 B
    blocked and lake hexsides are not crossed; enemy units are not entered (10.2)."""
    sides = set(hexside(data, a, b))
    if "dike" in sides and plays(data, 3):                                  # 10.9 A: as a river hexside
        why = dike.crossing_problem(data, state, army, a, b)
        if why:
            return None, why
        sides = (sides - {"blocked", "dike"}) | {"river"}
    if {"blocked", "lake"} & sides:
        return None, f"the {'blocked' if 'blocked' in sides else 'lake'} hexside is not crossed (10.4 B)"
    if any(army_of(state, u) in enemies(state, army) for u in board(state).units_in(b)) \
            and not supply_units.enterable(data, state, b, enemies(state, army)):                # 15.23 C
        return None, f"{b} holds enemy units (10.2; a mobile assault enters it, 11.5)"
    if forts.vacant(data, state, b, army):                                          # 22.5 (behaviour 3)
        return None, f"{b} holds a German fort: it is assaulted, not entered (22.4, 22.5)"
    if volkssturm.vacant(data, state, b, army):                                     # 25.7 (behaviour 3)
        return None, f"{b} is a German city held by its Volkssturm: it is assaulted, not entered (25.7 A-C)"
    if invasion.barred(state, army, b):
        return None, f"{b} holds only a WA invasion-port counter: an enemy unit enters it by advancing after combat only (14.24 C)"
    mapdata(data).info(b)
    if "road" in sides:
        cost = numbers.integer(data, "terrain.roads.cost_mp", "the road cost (10.11)")
    else:
        if plays(data, 3) and hook_clear.clear_for(data, state, army, b):                  # 26.6.5 A
            cost = numbers.integer(data, "terrain.hexes.clear.movement_mp", "the MP cost of clear terrain (10.6)")
        else:
            kind = special_units.movement_terrain(data, unit_id, b)                        # 21.x
            cost = int(unwrap(data.get(f"terrain.hexes.{kind}.movement_mp", f"the MP cost (10.6) of {kind} terrain")))
        for water in ("river", "canal"):
            if water in sides and not air_assault.bridged(state, a, b):                   # 17.8 B
                cost += numbers.integer(data, f"terrain.hexsides.{water}.movement_extra_mp", f"the {water} cost (10.8)")
    if b in ezoc:
        cost += numbers.integer(data, "terrain.zoc_extra_mp.enter", "the cost to enter an EZOC (9.6)")
    if a in ezoc:
        cost += numbers.integer(data, "terrain.zoc_extra_mp.leave", "the cost to leave an EZOC (9.6)")
    return cost, ""


def allowance(data: GameData, state: dict, unit_id: str) -> int:
    """10.1: the printed operational MA; behaviour 2: 25.11 B foul weather (7 becomes 6, WA SUs
    5), then 15.3 B halved (rounded down) for a unit marked OOS at the Initial Supply Check."""
    printed = factor(data, state, unit_id, "movement")
    if not plays(data, 2):
        return printed
    su = army_of(state, unit_id) == "western" and is_type(data, unit_id, "supply_unit")
    ma = calendar.operational_ma(data, printed, calendar.weather(data, state["scenario"], state["turn"]), wa_su=su)
    ma *= 2 if reinforcements.doubled(state, unit_id) else 1                   # 7.7 A
    return supply.oos_movement_allowance(data, ma) if unit_id in state.get("oos", []) else ma


def walk_problem(data: GameData, state: dict, unit_id: str, path: list[str], spent: int) -> tuple[str | None, int]:
    """A path's legality and cost for one unit (8.9 stacking at every instant; 10.4 one hex
    whatever its cost, for a unit that has spent nothing)."""
    army = army_of(state, unit_id)
    ezoc = enemy_zoc(data, state, army)
    limit = allowance(data, state, unit_id)
    su_rule = supply_units.mover_rule(data, state, unit_id)                 # behaviour 3: 15.23 A, F
    oos_rule = supply_units.oos_rule(data, state, unit_id)                  # behaviour 3: 15.3 C, 5.1.5 D-E

    def cost(a: str, b: str) -> tuple[int | None, str]:
        crowd = stacking_problem(data, state, army, [unit_id], b) or yugoslavia.enter_problem(data, state, unit_id, b) \
            or satellites.enter_problem(data, state, unit_id, b) or (su_rule(b) if su_rule else None) \
            or (oos_rule(a, b) if oos_rule else None)
        return (None, crowd) if crowd else entry_cost(data, state, army, a, b, ezoc, unit_id)

    result = walk(grid(data), unit_id, path, cost, allowance=limit)
    if result.problem:
        return result.problem, 0
    total = int(result.spent)
    if spent + total > limit and not (len(path) == 2 and spent == 0):       # 10.4 A
        return f"{unit_id} needs {total} MP for this path but has {limit - spent} left (10.1, 10.3; 10.4 A: one hex only)", 0
    return None, total


# -- the phase's checks ---------------------------------------------------------------------
def turn_one_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """6.5 B: with Operation Bagration the Soviets move only SUs on Turn 1 (6.6: Yugoslav
    partisans move normally)."""
    if state["turn"] == 1 and state["army"] == "soviet" and state.get("bagration"):
        if not (is_type(data, unit_id, "supply_unit") or is_type(data, unit_id, "yugoslav")):
            return f"{unit_id} may not move: with Operation Bagration only SUs move on Turn 1 (6.5 B; 6.6 Yugoslav partisans)"
    return None


def check_movement(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if plays(data, 3) and orders and isinstance(orders[0], dict) and "claim" in orders[0]:
        return fuhrer.check_claim(data, state, orders)                              # 26.7 B
    turn_one = first_turn.problems(data, state, orders)                             # 6.1 (behaviour 4)
    if turn_one:
        return turn_one
    if abomb.ordered(data, orders):
        return abomb.check(data, state, orders)                                     # 27.6 F-H (behaviour 4)
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}}
    if "control" in state:
        trial["control"] = dict(state["control"])
    missing = yugoslavia.fourth_army_missing(data, state, orders)     # 20.5 B (behaviour 3)
    if missing:
        return [Problem(None, missing)]
    first = replacements.leading(orders) if plays(data, 2) else 0
    arrivals = plays(data, 3) and not state.get("movement") and (
        state["army"] == "western" or (state["army"] == "axis" and supply_play.collapsed(state)))   # 7.1 A; 16.8 (boxes.py)
    if first or arrivals:                                           # 5.x.1: the Replacement Phase first
        if state.get("movement"):
            return [Problem(0, replacements.REPLACE)]
        found = replacements.problems(data, state, orders[:first])
        if found:
            return found
        trial["dead"] = list(state["dead"])
        if "economy" in state:                                      # not in Let History Judge
            trial["economy"] = dict(state["economy"])
        if "boxes" in state:
            trial["boxes"] = {b: dict(v) for b, v in state["boxes"].items()}
        replacements.apply(data, trial, orders[:first], [])
    if plays(data, 3) and not state.get("movement"):
        why = supply_units.unplaced_problem(data, trial)                       # 16.4 A
        if why:
            return [Problem(None, why)]
    burns = supply_units.leading(orders[first:], "egs")
    for index in range(first, first + burns):                       # 5.x.2: EGS burn-offs (15.21)
        why = "EGS burn-offs come before any move, in the phase's first file (5.1.2 B)" if state.get("movement") else \
            supply_units.egs_problem(data, trial, orders[index], [])
        if why:
            return [Problem(index, why)]
    first += burns
    asked = supply_units.leading(orders[first:], "withdraw")
    for index in range(first, first + asked):                       # 15.23.1, made at the end of the player-turn
        why = supply_units.WITHDRAW + ": in the phase's first file" if state.get("movement") else \
            supply_units.withdraw_problem(data, trial, orders[index])
        if why:
            return [Problem(index, why)]
    first += asked
    moves = strategic.leading(orders[first:]) if plays(data, 2) else 0
    if moves:                                                       # 5.x.3: the Strategic Land Movement Phase
        if state.get("movement"):
            return [Problem(first, f"{strategic.ORDER}: before any operational move, in the phase's first file (5.1.3)")]
        for index, why in strategic.problems(data, trial, orders[first:first + moves]):
            return [Problem(first + index, why)]
        first += moves
    naval = sea.leading(orders[first:]) if plays(data, 3) else 0
    if arrivals and state["army"] == "western":
        required = invasion.required_problem(data, state, orders[first:first + naval])  # 6.3 A, 14.11 A
        if required:
            return [Problem(None, required)]
    if naval:                                                       # 5.2.4: the Naval Movement Phase
        if state.get("movement"):
            return [Problem(first, f"{sea.ORDER}: before any operational move, in the phase's first file (5.2.4)")]
        for index, why in sea.problems(data, trial, orders[first:first + naval]):
            return [Problem(None if index is None else first + index, why)]
        first += naval
        if air_assault.pending(trial) and (orders[first:] or "drop" not in orders[first - 1]):
            return [Problem(first - 1, "a paratroop air assault ends its orders file, its last order (17.6.1, 11.0)")]
    problems = movement_problems(data, trial, orders[first:])
    return [Problem(None if p.index is None else p.index + first, p.message) for p in problems]


def movement_problems(data: GameData, trial: dict, orders: list) -> list[Problem]:
    """The moves and the mobile assault of a file, tried one after another on `trial`."""
    mine = record(trial)
    rec = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in mine.items()}
    going = list(rec["going_on"])
    for index, order in enumerate(orders):
        if "assault" in order and index != len(orders) - 1:
            return [Problem(index, "a mobile assault ends its orders file: the step rolls it and the movement goes on "
                                   "in the next file (11.0, 8.7)")]
    for index, order in enumerate(orders):
        named = [order["move"]] if "move" in order else list(order.get("with", [])) if isinstance(order.get("with"), list) else []
        if going and not set(named) <= set(going):
            going = []                                            # 8.7: another stack moves; theirs is over
        rec["going_on"] = going
        why = (italy.move_problem(data, trial, rec, order) if italy.names(order) and plays(data, 4) else     # 25.12 B
               move_problem(data, trial, rec, order) if "move" in order else
               assault_problem(data, trial, rec, order) if "assault" in order else
               enter(data, trial, rec, order, []) if "enter" in order and plays(data, 2) else
               ebs.order_problem(data, trial, order) if "ebs" in order and plays(data, 3) else
               f"unknown order {sorted(order)}: {MOVE}; {ASSAULT}")
        if why:
            return [Problem(index, why)]
    return []


def move_problem(data: GameData, state: dict, rec: dict, order: dict) -> str | None:
    unit_id, path = order.get("move"), order.get("path")
    if set(order) - {"move", "path"} or not isinstance(unit_id, str) or not isinstance(path, list) or len(path) < 2:
        return MOVE
    path, why = own_path(data, state, unit_id, path, f"{unit_id} is not {A_UNIT_OF[state['army']]} unit on the map "
                                                       "(10.2: each side moves only its own units)")
    if why:
        return why
    if unit_id in rec["done"] and unit_id not in rec["going_on"]:
        return f"{unit_id} has completed its movement this phase (8.7)"
    if unit_id not in rec["began"]:
        return f"{unit_id} was not on the map at the start of the phase"
    why = held_problem(data, state, unit_id)
    if why:
        return why
    why, cost = walk_problem(data, state, unit_id, path, int(rec["spent"].get(unit_id, 0)))
    if why or satellites.end_problem(data, state, unit_id, path[-1]):              # 19.2
        return why or satellites.end_problem(data, state, unit_id, path[-1])
    state["units"][unit_id]["hex"] = path[-1]
    supply_play.entered(state, state["army"], path[1:])
    why = supply_units.gs_exit_problem(data, state, unit_id, path)         # behaviour 3: 5.1.5 B
    if why:
        return why
    rec["spent"][unit_id] = int(rec["spent"].get(unit_id, 0)) + cost
    rec["done"] = sorted(set(rec["done"]) | {unit_id})
    return None


def enter(data: GameData, state: dict, rec: dict, order: dict, events: list) -> str | None:
    """7.3, 5.3.1: a Soviet reinforcement enters on a Soviet-controlled east-edge hex paying its
    normal cost (9.6 an EZOC's too; 10.4 A: that one hex always), then moves on; 7.10 stacking."""
    why, unit_id, path = reinforcements.entry_problem(data, state, order)
    if why:
        return why
    army = state["army"]
    crowd = stacking_problem(data, state, army, [unit_id], path[0])
    if crowd:
        return f"{crowd} (7.10)"
    kind = special_units.movement_terrain(data, unit_id, path[0])                     # 21.3 B
    first = int(unwrap(data.get(f"terrain.hexes.{kind}.movement_mp", f"the MP cost (10.6) of {kind} terrain")))
    if path[0] in enemy_zoc(data, state, army):
        first += numbers.integer(data, "terrain.zoc_extra_mp.enter", "the cost to enter an EZOC (9.6)")
    steps = recreated.entering_steps(data, state, unit_id) if plays(data, 3) else full_steps(data, unit_id)     # 7.20
    if plays(data, 3):
        steps = greece_lhj.entering_steps(state, unit_id) or steps                   # 27.9 B: out of the MTO box
    state["units"][unit_id] = {"side": army, "hex": path[0], "steps": steps}
    su_rule = supply_units.mover_rule(data, state, unit_id)                 # behaviour 3: 15.23 F, the entry hex too
    if su_rule and su_rule(path[0]):
        return su_rule(path[0])
    cost = 0
    if len(path) > 1:
        why, cost = walk_problem(data, state, unit_id, path, first)
        if why:
            return why
    state["units"][unit_id]["hex"] = path[-1]
    supply_play.entered(state, army, path)
    rec["spent"][unit_id] = first + cost
    rec["done"] = sorted(set(rec["done"]) | {unit_id})
    came = (greece.via(state, unit_id) or greece_lhj.via(state, unit_id)) if plays(data, 3) else None   # 25.4 B, 27.9 B
    events.append({"event": "enter", "unit": unit_id, "path": path, "mp": first + cost, **({"via": came} if came else {})})
    return None


def assault_cost(data: GameData, state: dict, army: str, launch: str, target: str) -> int:
    """11.5: 1 MP to enter the defender's hex (its terrain ignored) and +2 for the assault;
    11.6: +4 instead if the launch hex holds EZOCs of enemy units other than the assaulted ones
    (never more); 11.7 A: +1 across a river or canal."""
    cost = numbers.integer(data, "crt.mobile_assault.cost.enter_hex_mp", "the MP to enter the assaulted hex (11.5)")
    others = {**state, "units": {u: v for u, v in state["units"].items() if v["hex"] != target}}
    from_zoc = launch in zoc_of(data, others, enemies(state, army))
    if from_zoc:
        cost += numbers.integer(data, "assaults.mobile_from_other_ezoc_mp", "the mobile assault cost from another EZOC (11.6)")
    else:
        cost += numbers.integer(data, "crt.mobile_assault.cost.assault_mp", "the mobile assault cost (11.5)")
    if combat.water_between(data, launch, target) and not air_assault.bridged(state, launch, target):   # 17.8 B
        cost += numbers.integer(data, "crt.mobile_assault.cost.water_hexside_extra_mp", "the water hexside cost (11.7 A)")
    return cost


def assault_problem(data: GameData, state: dict, rec: dict, order: dict) -> str | None:
    """11.1-11.7, 11.10, 11.13, 6.2, 4.4 A for one mobile assault; a legal one moves the stack
    to its launch hex in `state`."""
    target, units, path = order.get("assault"), order.get("with"), order.get("path")
    losses = order.get("losses", units)
    if set(order) - {"assault", "with", "path", "losses"} or not isinstance(target, str) or not isinstance(units, list) \
            or not units or (path is not None and (not isinstance(path, list) or len(path) < 2)) \
            or not isinstance(losses, list) or sorted(losses) != sorted(units):
        return ASSAULT + " (`losses:` lists the same units as `with:`)"
    army, g = state["army"], grid(data)
    if state["turn"] == 1:
        return "no mobile assaults may be conducted on Turn 1 (6.2)"
    try:
        target = g.canonical(target)
    except ValueError as exc:
        return str(exc)
    if path and path[0] == italy.PLACE and plays(data, 4):                        # 25.12 B: the stack comes on
        why, path = italy.stack_on(data, state, rec, units, path)
        if why:
            return why
    if len(set(units)) != len(units) or any(u not in state["units"] or army_of(state, u) != army for u in units):
        return f"`with:` lists {army} units on the map, each once"
    hexes = {state["units"][u]["hex"] for u in units}
    if len(hexes) != 1:
        return f"the assaulting units move as one stack and must be in one hex, not {', '.join(sorted(hexes))} (11.10)"
    why = assaulters_problem(data, state, rec, units)
    if why:
        return why
    if len({rec["began"][u] for u in units}) != 1:
        return "units mobile assault together only if stacked together at the start of the phase (11.10)"
    here = hexes.pop()
    if path:
        why, path = stack_walk(data, state, rec, units, path, here)
        if why:
            return why
        here = path[-1]
    if not g.adjacent(here, target):
        return f"{target} is not adjacent to the launch hex {here} (11.5)"
    why = target_problem(data, state, here, target)
    if why:
        return why
    other = [a for a in ("western", "soviet") if a != army and army != "axis"]
    if other and target in state["assaulted"].get(other[0], []):
        return f"the {other[0]} forces assaulted {target} this turn: the Alliance camps may not assault the same hex in one turn (4.4 A)"
    alone = supply_units.alone_problem(data, state, target) if board(state).units_in(target) else None
    why = alone or supply_problem(data, state, rec, units, path, here, target)
    if not why and plays(data, 3) and army == "western":
        why = groups.mobile_problem(data, state, rec, units, target)                # 4.2 C, 4.10 E
    if why:
        return why
    cost = assault_cost(data, state, army, here, target)
    for unit_id in units:
        limit, spent = allowance(data, state, unit_id), int(rec["spent"].get(unit_id, 0))
        if spent + cost > limit:
            return (f"{unit_id} has {limit - spent} MP left and the mobile assault on {target} costs {cost} "
                    "(11.5-11.7; 10.5: the one-hex guarantee does not cover a mobile assault)")
    line = combat.line_of(data, target)
    defence = mobile_defence(data, state, here, target)
    label, column = combat.final_column(data, line, combat.attack_of(data, state, units), defence,
                                        mobile_shifts(data, state, army, target, units))
    combat.column_cells(data, line, column)
    return None


def target_problem(data: GameData, state: dict, here: str, target: str) -> str | None:
    """11.0 enemy units in the target (22.4, 22.5 A: or a vacant fort); 11.2 A-B marsh and
    mountain; 10.9 B the dike; 11.3, 22.4 no Level 3 fort."""
    army = state["army"]
    if (not board(state).enemies_in(target, army) or not any(army_of(state, u) in enemies(state, army)
                                                              for u in board(state).units_in(target))) \
            and not forts.vacant(data, state, target, army) and not volkssturm.vacant(data, state, target, army):
        return f"no enemy units in {target} to assault (11.0)"
    for hex_id, rule in ((target, "11.2 A"), (here, "11.2 B")):
        if terrain(data, hex_id) in ("marsh", "mountain") and not (plays(data, 3) and hook_clear.clear_for(data, state, army, hex_id)):
            return f"mobile assaults are never launched {'into' if hex_id == target else 'out of'} {terrain(data, hex_id)} hexes like {hex_id} ({rule})"
    if "dike" in hexside(data, here, target):
        return "the dike hexside prevents mobile assaults across it (10.9 B)"
    return forts.mobile_problem(data, state, target)


def assaulters_problem(data: GameData, state: dict, rec: dict, units: list[str]) -> str | None:
    """8.7, 11.1, 11.9 A for each assaulter; 6.5 B, 7.19, 24.3 A, 12.2: units that may not move."""
    for unit_id in units:
        if unit_id in rec["done"] and unit_id not in rec["going_on"]:
            return f"{unit_id} has completed its movement this phase (8.7, 11.9 A)"
        if unit_id not in rec["began"]:
            return f"{unit_id} was not on the map at the start of the phase"
        if not is_type(data, unit_id, "mechanized") or is_type(data, unit_id, "flak"):
            return f"{unit_id} is not a mechanized combat unit; only those make mobile assaults (11.1; Flak never)"
        why = held_problem(data, state, unit_id) or polish.assault_problem(data, state, unit_id)     # 25.6
        if why:
            return why
    return None


def held_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """A unit that may not move now: 6.5 B Bagration, 7.19 fleshed out, 24.3 A beneath a Shock Front
    marker, 12.2 moved strategically or 12.4.1 holding the line."""
    return turn_one_problem(data, state, unit_id) or sea.done_problem(state, unit_id) or airborne.move_problem(data, state, unit_id) \
        or replacements.moved_problem(state, unit_id) \
        or shock.move_problem(state, unit_id) or strategic.done_problem(state, unit_id) or fortress.held_problem(state, unit_id)


def stack_walk(data: GameData, state: dict, rec: dict, units: list[str], path: list, here: str) -> tuple[str | None, list[str]]:
    """The assaulting stack's move to its launch hex (10.x for each unit; 8.7 one stack), made on
    `state`: (problem, the path as hex ids)."""
    try:
        hexes = [grid(data).canonical(str(h)) for h in path]
    except ValueError as exc:
        return str(exc), []
    if hexes[0] != here:
        return f"the assaulting stack's path must start at its hex {here}", []
    for unit_id in units:
        why, cost = walk_problem(data, state, unit_id, hexes, int(rec["spent"].get(unit_id, 0)))
        if why:
            return why, []
        rec["spent"][unit_id] = int(rec["spent"].get(unit_id, 0)) + cost
        state["units"][unit_id]["hex"] = hexes[-1]
    supply_play.entered(state, state["army"], hexes[1:])
    return None, hexes


def mobile_defence(data: GameData, state: dict, launch: str, target: str) -> int:
    """18.4 the defending hex's DFs totalled; 11.7 B, 18.22 A doubled across a river or canal, unless
    paratroops sit atop the defenders (18.22 C: "Any paratroops ... dropped atop defenders serve to undouble
    them"; behaviour 4, pledge.py)."""
    army = state["army"]
    defenders = [u for u in board(state).units_in(target) if army_of(state, u) in enemies(state, army)]
    value = combat.defence_of(data, state, flak.strength_units(data, state, defenders))          # 25.2 G
    if defenders or forts.vacant(data, state, target, army) or volkssturm.vacant(data, state, target, army):
        value = volkssturm.defence(data, state, army, target, value, bool(defenders))        # 25.7 C, 22.5 A
    atop = any(p["hex"] == target for p in pledge.pledged(state).values())      # 18.22 C (behaviour 4: 17.6.2 A)
    return value * 2 if combat.water_between(data, launch, target) and not air_assault.bridged(state, launch, target) \
        and not atop else value


def mobile_shifts(data: GameData, state: dict, army: str, target: str, units: list[str]) -> list[Shift]:
    """11.8 2L; 18.24 city 1L; 6.7 Operation Bagration (11.14 A: never the concentric shift);
    behaviour 2: 15.4 the OOS defender, 11.15 and 25.8 TAC AIR."""
    shifts = [Shift(numbers.integer(data, "crt.shifts.mobile_assault", "the mobile assault shift (11.8)"),
                    "mobile assault", "11.8")]
    defenders = [u for u in board(state).units_in(target) if army_of(state, u) in enemies(state, army)]
    return (shifts + combat.city_shift(data, target) + combat.bagration_shift(data, state, army)
            + volkssturm.supplied_shifts(data, state, army, [target], supply_play.assault_shifts(data, state, army, units, defenders))
            + flak.shifts(data, state, [], defenders)
            + forts.shifts(data, state, army, [target]))                                       # 22.6 A


def supply_problem(data: GameData, state: dict, rec: dict, units: list[str], path: list | None, launch: str,
                   target: str) -> str | None:
    """Behaviour 2: 11.4, 25.11 D in foul weather one mobile assault a turn, into the first hex
    entered; 11.16 the assaulters in GS; 11.17 the assaulted hex, once they occupy it, in GS
    (else one unit of the stack stays behind to hold the line)."""
    if not plays(data, 2):
        return None
    army = state["army"]
    weather = calendar.weather(data, state["scenario"], state["turn"])
    entered = len(path) - 1 if path else 0
    for unit_id in units:
        moved = entered + (1 if int(rec["spent"].get(unit_id, 0)) else 0)
        again = 1 if unit_id in rec["going_on"] or unit_id in rec.get("assaulted", []) else 0
        found = calendar.foul_mobile_assault_problems(weather, again, moved)
        if found:
            return found[0].message
    why = supply_play.no_supply_problems(data, state, units, "11.16")
    if why:
        return why
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items() if v["hex"] != target}}
    trial["control"] = {**state.get("control", {}), target: army}
    for unit_id in units:
        trial["units"][unit_id]["hex"] = target
    cut = [u for u in units if u not in supply_play.in_gs(data, trial, army)]
    if cut:
        return (f"{', '.join(cut)} would be out of general supply in {target}: one unit of the stack stays behind in "
                f"{launch} to hold the supply line open (11.17)")
    return None


# -- apply -------------------------------------------------------------------------------
def apply_movement(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    if plays(data, 3) and orders and "claim" in orders[0]:
        return fuhrer.apply_claim(state, orders)                                    # 26.7 B
    if abomb.ordered(data, orders):
        return abomb.apply(data, state, orders, dice)                               # 27.6 F-I (behaviour 4)
    rec = record(state)
    events: list[dict] = []
    first = replacements.leading(orders) if plays(data, 2) and not state.get("movement") else 0
    if first:
        replacements.apply(data, state, orders[:first], events)
        orders = orders[first:]
    burns = supply_units.leading(orders, "egs")
    for order in orders[:burns]:                                    # 5.x.2: EGS (15.21)
        supply_units.egs_problem(data, state, order, events)
    orders = orders[burns:]
    asked = supply_units.leading(orders, "withdraw")
    for order in orders[:asked]:                                    # 15.23.1
        supply_units.withdraw_problem(data, state, order)
    orders = orders[asked:]
    moves = strategic.leading(orders) if plays(data, 2) and not state.get("movement") else 0
    if moves:
        strategic.apply(data, state, orders[:moves], events)
        orders = orders[moves:]
    naval = sea.leading(orders) if plays(data, 3) and not state.get("movement") else 0
    if naval:
        sea.apply(data, state, orders[:naval], events, dice)
        orders = orders[naval:]
    if plays(data, 3) and not state.get("movement"):
        rec = record(state)                       # the units placed, entered or landed this phase (7.1 B, 7.5)
    state["movement"] = rec
    if air_assault.pending(state):                # 17.6.1: the paratroops' rounds, at once
        air_assault.start(game, data, state, dice, events)
        return events
    g = grid(data)
    going = list(rec["going_on"])
    for order in orders:
        named = [order["move"]] if "move" in order else [order["enter"]] if "enter" in order else list(order.get("with", []))
        if going and not set(named) <= set(going):
            going = []
        rec["going_on"] = going
        if italy.names(order) and plays(data, 4):                                 # 25.12 B
            italy.move_problem(data, state, rec, order)
            events.append({"event": "southern_italy", "unit": order["move"], "path": list(order["path"]),
                           "mp": rec["spent"][order["move"]], "rule": "25.12 B"})
        elif "move" in order:
            path = [g.canonical(str(h)) for h in order["path"]]
            _, cost = walk_problem(data, state, order["move"], path, int(rec["spent"].get(order["move"], 0)))
            state["units"][order["move"]]["hex"] = path[-1]
            supply_play.entered(state, state["army"], path[1:])
            rec["spent"][order["move"]] = int(rec["spent"].get(order["move"], 0)) + cost
            rec["done"] = sorted(set(rec["done"]) | {order["move"]})
            events.append({"event": "move", "unit": order["move"], "path": path, "mp": cost})
        elif "enter" in order:
            enter(data, state, rec, order, events)
        elif "ebs" in order:                                        # 14.32 C: at any time of the WA player-turn
            ebs.order_problem(data, state, order)
            events.append(ebs.event(state, str(order["ebs"])))
    rec["going_on"], rec["again"] = [], None
    assault = orders[-1] if orders and "assault" in orders[-1] else None
    if assault is None:
        state["movement"] = None
        events.append({"event": "movement_over", "army": state["army"]})
        game.next_phase(data, state, events, dice)
        return events
    launch_assault(data, state, rec, assault, dice, events)
    return events


def launch_assault(data: GameData, state: dict, rec: dict, order: dict, dice: Dice, events: list) -> None:
    g, army = grid(data), state["army"]
    units, target = list(order["with"]), g.canonical(str(order["assault"]))
    if order.get("path") and order["path"][0] == italy.PLACE and plays(data, 4):  # 25.12 B: the stack comes on
        _, rest = italy.stack_on(data, state, rec, units, list(order["path"]))
        events += [{"event": "southern_italy", "unit": u, "path": list(order["path"][:2]), "mp": rec["spent"][u],
                    "rule": "25.12 B"} for u in units]
        order = {k: v for k, v in order.items() if k != "path"} | ({"path": rest} if rest else {})
    if order.get("path"):
        path = [g.canonical(str(h)) for h in order["path"]]
        for unit_id in units:
            _, cost = walk_problem(data, state, unit_id, path, int(rec["spent"].get(unit_id, 0)))
            rec["spent"][unit_id] = int(rec["spent"].get(unit_id, 0)) + cost
        for unit_id in units:
            state["units"][unit_id]["hex"] = path[-1]
        supply_play.entered(state, army, path[1:])
        events.append({"event": "move", "units": units, "path": path})
    launch = state["units"][units[0]]["hex"]
    cost = assault_cost(data, state, army, launch, target)
    for unit_id in units:
        rec["spent"][unit_id] = int(rec["spent"].get(unit_id, 0)) + cost
    rec["done"] = sorted(set(rec["done"]) | set(units))
    if plays(data, 2):
        rec["assaulted"] = sorted(set(rec.get("assaulted", [])) | set(units))       # 11.4, 25.11 D
    if plays(data, 3) and army == "western":
        groups.record_mobile(data, state, rec, units, target)                       # 4.2 C, 4.10 E
    defenders = supply_units.fighting(data, [u for u in board(state).units_in(target) if army_of(state, u) in enemies(state, army)])
    defence = mobile_defence(data, state, launch, target)
    attack = combat.attack_of(data, state, units)
    shifts = mobile_shifts(data, state, army, target, units)
    line = combat.line_of(data, target)
    initial, column = combat.final_column(data, line, attack, defence, shifts)
    cells = combat.column_cells(data, line, column)
    rounds = state.setdefault("rounds", 0) + 1
    state["rounds"] = rounds
    die = dice.roll(f"mobile/{target}", 6, about=f"mobile assault on {target} (11.0, 18.9)")
    row = forts.die(data, state, army, [target], die)                                   # 22.14
    result = combat.split_result(cells[str(row)], f"crt.cells.{line}.{column}.{row}")
    state["assaulted"].setdefault(army, [])
    state["assaulted"][army] = sorted(set(state["assaulted"][army]) | {target})
    support = {k: v for k, v in (("flak_defence", flak.supporting(data, state, defenders)),
                                 ("forts", forts.held(data, state, [target])),
                                 ("volkssturm", volkssturm.held(data, state, army, [target]))) if v}   # 25.2 I-K, 22.x, 25.7
    battle = {**support, "kind": "mobile", "hex": target, "launch": launch, "attackers": units, "defenders": defenders,
              "defender_army": army_of(state, defenders[0]) if defenders else "axis",        # 22.5: a vacant fort
              "losses": list(order.get("losses", units)), "defence": defence, "attack": attack,
              "hex_of": {u: state["units"][u]["hex"] for u in [*units, *defenders]},
              "result": {"attackers": result[0], "defenders": result[1]}, "spent": {u: rec["spent"][u] for u in units}}
    events.append({"event": "assault", "kind": "mobile", "hex": target, "from": [launch], "attackers": units,
                   "defenders": defenders, "attack": attack, "defence": defence, "initial": initial, "line": line,
                   "shifts": [s.as_event() for s in shifts], "column": column, "die": die,
                   **({"row": row} if "forts" in support else {}), "result": cells[str(row)]})
    state["pending"] = battle
    if combat.choice_needed(result[1]) and combat.automatic_answer(data, state, battle, "defenders") is None:
        state["phase"] = "ma_answer"
        return
    combat.take_result(data, state, battle, combat.automatic_answer(data, state, battle, "defenders") or {}, "defenders", events)
    finish_mobile(data, state, events)


def finish_mobile(data: GameData, state: dict, events: list) -> None:
    """After the defender's answer (18.15): 11.9 A the assaulters' result as step losses in
    their `losses:` order, ending their movement in the launch hex; 11.12 A a vacated hex is
    occupied and they may go on; 11.13 a defender who stayed may be assaulted again by
    assaulters who lost no step."""
    battle, rec = state.pop("pending"), state["movement"]
    forts.after_defender(data, state, battle, events)                                        # 22.7 B
    volkssturm.after_defender(state, battle, events)                                         # 25.7 B, D
    result = battle["result"]["attackers"]
    order = [u for u in battle["losses"] if u in state["units"]]
    steps = {u: state["units"][u]["steps"] for u in order}
    extra = 1 if result != "0" and flak.extra_mechanized_step(data, state, battle) else 0      # 25.2 J
    if result == "E":
        lost = exchange_losses(data, state, order, battle["defence"])
        if extra:
            left = {u: steps[u] - lost.get(u, 0) for u in order}
            for unit_id, n in spread_steps(order, left, extra, keep_alive=False).items():
                lost[unit_id] = lost.get(unit_id, 0) + n
    else:
        lost = spread_steps(order, steps, int(result) + extra, keep_alive=False)
    for unit_id, n in sorted(lost.items()):
        set_steps(state, unit_id, state["units"][unit_id]["steps"] - n, events, f"mobile assault result {result} (11.9 A)")
    survivors = [u for u in battle["attackers"] if u in state["units"]]
    rec["going_on"], rec["again"] = [], None
    if lost:
        events.append({"event": "stopped", "units": survivors, "hex": battle["launch"], "why": "11.9 A"})
    elif not any(army_of(state, u) in enemies(state, state["army"]) for u in board(state).units_in(battle["hex"])) \
            and not forts.vacant(data, state, battle["hex"], state["army"]) \
            and not volkssturm.vacant(data, state, battle["hex"], state["army"]):         # 22.5, 25.7 B: left standing
        for unit_id in survivors:
            state["units"][unit_id]["hex"] = battle["hex"]
        events.append({"event": "occupy", "units": survivors, "hex": battle["hex"], "why": "11.12 A"})
        forts.after_advance(data, state, battle, [battle["hex"]], events)                  # 22.7 A
        rec["going_on"] = survivors
    else:
        rec["going_on"], rec["again"] = survivors, battle["hex"]
    state["phase"] = "movement"


def exchange_losses(data: GameData, state: dict, order: list[str], defence: int) -> dict[str, int]:
    """18.14 E for mobile assaulters: steps in `losses:` order until the AFs lost reach the
    defender's total DFs (or none is left)."""
    trial = {"units": {u: dict(state["units"][u]) for u in order}}
    lost: dict[str, int] = {}
    before = sum(factor(data, trial, u, "attack") for u in order)
    while True:
        alive = [u for u in order if trial["units"][u]["steps"] > 0]
        now = sum(factor(data, trial, u, "attack") for u in alive)
        if before - now >= defence or not alive:
            return lost
        trial["units"][alive[0]]["steps"] -= 1
        lost[alive[0]] = lost.get(alive[0], 0) + 1


# -- the defender's answer (11.13) -----------------------------------------------------------
def check_ma_answer(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    battle = state["pending"]
    if len(orders) != 1:
        return [Problem(None, f"one answer: `steps: [UNIT, ...]` and/or `retreat: {{UNIT: [HEX, ...]}}` for the "
                              f"{battle['result']['defenders']} result at {battle['hex']} (11.13, 18.14)")]
    order = orders[0]
    if set(order) - {"steps", "retreat"}:
        return [Problem(0, "the answer takes `steps:` and `retreat:` only (18.14)")]
    return [Problem(0, m) for m in combat.loss_problems(data, state, battle, normalise_answer(order), "defenders")]


def normalise_answer(order: dict) -> dict:
    steps = order.get("steps", [])
    retreat = order.get("retreat", {})
    return {"steps": [str(u) for u in steps] if isinstance(steps, list) else steps,
            "retreat": {str(u): [str(h) for h in p] if isinstance(p, list) else p for u, p in retreat.items()}
            if isinstance(retreat, dict) else retreat}


def apply_ma_answer(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    events: list[dict] = [{"event": "answer", "hex": state["pending"]["hex"], "side": side}]
    combat.take_result(data, state, state["pending"], normalise_answer(orders[0]), "defenders", events)
    finish_mobile(data, state, events)
    return events
