"""The Movement Phase: movement (5.x), zones of control (6.3), stacking (7.11), reinforcement
entry (14.0, with reinforcements.py), the opening restrictions (19.x) and US bridging (26.0).

The check is pure: each order is planned against `Sofar`, the phase as the earlier orders of the
same file leave it (units moved or entered, ZOCs left, entries through each hex), and the state is
only read. The apply plans the same way and then records each plan (MP spent, ZOC left, entry).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import movement as kit_movement
from ...kit import numbers
from ...kit.board import Board
from ..base import Problem
from . import losses as losses_mod
from . import flood, reinforcements, rhine, supply, support
from .common import corps, max_stack, zoc_leave_fraction
from .shifts import RIVER_FEATURES, river_hexside

if TYPE_CHECKING:
    from .game import OperationGrenade


@dataclass
class Sofar:
    """The Movement Phase as the orders checked so far leave it (the state itself unchanged)."""

    units: dict[str, dict]                 # unit -> {side, hex} as moved or entered
    moved: list[str]
    left_zoc: list[str]
    entries: list[list[str]]               # [[unit, first hex], ...] this phase (14.11)

    @staticmethod
    def of(state: dict) -> "Sofar":
        return Sofar({}, list(state["moved"]), list(state["left_zoc"]), [list(e) for e in reinforcements.entries(state)])

    def unit(self, state: dict, unit_id: str) -> dict | None:
        return self.units.get(unit_id) or state["units"].get(unit_id)


@dataclass
class Plan:
    """A legal move and what applying it records."""

    unit: str
    path: list[str]
    entering: bool
    spent: Fraction | None = None          # None: nothing recorded (a unit that stays, 5.0)
    left_zoc: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def _record(sofar: Sofar, plan: Plan, side: str) -> None:
    sofar.units[plan.unit] = {"side": side, "hex": plan.path[-1]}
    sofar.moved.append(plan.unit)
    if plan.left_zoc and plan.unit not in sofar.left_zoc:
        sofar.left_zoc.append(plan.unit)
    if plan.entering and not any(u == plan.unit for u, _ in sofar.entries):
        sofar.entries.append([plan.unit, plan.path[0]])


class Moves:
    """5.0: `move: UNIT` / `enter: UNIT` with `path:`; a move that sets off a German roll ends the file."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        notes = [game.awaiting(state).phase,
                 "`move: UNIT` with `path: [from, ..., to]`; units not listed stay. Reinforcements: `enter: UNIT` "
                 "with `path:` from its entry hex (14.11).",
                 "`strategic: true` moves a unit strategically, 3+ hexes from the enemy throughout (5.5); a move into a "
                 "Rhine bridge's western terminus or next to a Volkssturm town ends there, as the last order (21.11, "
                 "22.21), where the US may add `ruse: true` once a game (22.23).",
                 "At the end of the phase a hex holds at most the stacking limit (7.11); units that retreated into a "
                 "full hex (9.93) move out, or `eliminate: UNIT` removes the excess (7.11: the owner's choice)."]
        notes += unit_notes(game, data, state, side)
        for unit_id, due in sorted(state["reinforcements"].items()):
            if due["side"] == side and due["turn"] <= state["turn"]:
                notes.append(f"  reinforcement available: {unit_id}, enters at {due['entry']}")
        return {"notes": notes, "orders": []}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems, plans = plan_moves(game, data, state, side, orders)
        if not problems:
            game.keep_plan("moves", state, orders, plans)        # the apply of this step uses it
        return problems

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        apply_moves(game, data, state, side, orders, dice, events, game.checked_plan("moves", state, orders))
        if not state["interrupted"]:
            state.update(phase="combat", spent={})
            support.start_combat_phase(game, data, state)                     # 9.62
        return events


def unit_notes(game: OperationGrenade, data: GameData, state: dict, side: str) -> list[str]:
    """The side's units for the movement template: hex, Movement Allowance this Player-Turn (11.33,
    11.42), and whether it has moved (5.0) or was interrupted (21.13). A value the data lacks is
    named, never guessed: the order that needs it is refused naming it."""
    notes = [f"Your units ({side}):"]
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != side:
            continue
        try:
            allowance = f"MA {movement_allowance(game, data, state, unit_id)}"
        except UnknownDataError as exc:
            allowance = f"MA not known: the data lacks `{exc.path}`"
        done = " (interrupted: goes on, 21.13)" if unit_id in state["interrupted"] else (" (moved)" if unit_id in state["moved"] else "")
        notes.append(f"  {unit_id} at {unit['hex']}, {allowance}{done}")
    return notes


def plan_moves(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> tuple[list[Problem], list[Plan]]:
    """Each order in turn (each sees the earlier ones), then stacking at the end of movement (7.11)."""
    problems: list[Problem] = []
    plans: list[Plan] = []
    grid = game.grid(data)
    zoc = game.enemy_zoc(data, state, side)
    sofar = Sofar.of(state)
    eliminated: dict[str, int] = {}                     # 7.11: unit -> index of its `eliminate:` order
    for index, order in enumerate(orders):
        if "eliminate" in order:
            why = elimination_problem(state, side, order, eliminated)
            if why:
                problems.append(Problem(index, why))
            else:
                eliminated[str(order["eliminate"])] = index
            continue
        unit_id = order.get("move") or order.get("enter")
        path = order.get("path")
        if not isinstance(unit_id, str) or not isinstance(path, list) or not path or not all(isinstance(h, str) for h in path):
            problems.append(Problem(index, "write `move: UNIT` (or `enter: UNIT`) with `path: [HEX, ...]`"))
            continue
        try:
            path = [grid.canonical(h) for h in path]
        except ValueError as e:
            problems.append(Problem(index, str(e)))
            continue
        why, plan = move_problem(game, data, state, sofar, side, order, unit_id, path, zoc)
        if why or plan is None:
            problems.append(Problem(index, why or "internal: no plan"))
            continue
        _record(sofar, plan, side)
        plans.append(plan)
        if rhine.triggers(game, data, state, side, path[-1]) and len(path) > 1:
            if index < len(orders) - 1:
                problems.append(Problem(index, f"{unit_id} entering {path[-1]} sets off a German roll (21.11/22.21): "
                                               "make it the last order of this file and send the rest after the roll"))
            return problems, plans
    return problems + stacking_problems(game, data, state, sofar, side, eliminated), plans


def elimination_problem(state: dict, side: str, order: dict, eliminated: dict) -> str | None:
    unit_id = order.get("eliminate")
    if set(order) != {"eliminate"} or not isinstance(unit_id, str):
        return "write `eliminate: UNIT` alone: a unit of a hex over the stacking limit at the end of movement (7.11)"
    unit = state["units"].get(unit_id)
    if unit is None or unit["side"] != side:
        return f"{unit_id} is not a {side} unit on the map"
    if unit_id in eliminated:
        return f"{unit_id} is eliminated once (7.11)"
    return None


def stacking_problems(game: OperationGrenade, data: GameData, state: dict, sofar: Sofar, side: str,
                      eliminated: dict | None = None) -> list[Problem]:
    """7.11: at the end of the Movement Phase at most the limit in a hex; "the excess must be
    eliminated by the owning Player": his `eliminate:` orders, only of the excess."""
    eliminated = eliminated or {}
    final = {u: dict(v) for u, v in state["units"].items()}
    for unit_id, where in sofar.units.items():
        final.setdefault(unit_id, {}).update(where)
    board = Board(final, side_of=lambda u: str(final[u]["side"]))
    limit = max_stack(data)
    problems = []
    for hex_id in sorted(board.stacks()):
        own = board.friends_in(hex_id, side)
        gone = [u for u in own if u in eliminated]
        if len(own) - len(gone) > limit:
            problems.append(Problem(None, f"{hex_id} would hold {len(own) - len(gone)} units at the end of movement; at most {limit} "
                                          "(7.11): move units out, or `eliminate: UNIT` the excess"))
        elif gone and len(own) - len(gone) < limit:
            problems.append(Problem(eliminated[gone[0]], f"only the excess of a hex over the stacking limit is eliminated: "
                                                          f"{hex_id} would hold {len(own) - len(gone)} units, the limit is {limit} (7.11)"))
    return problems


def move_problem(game: OperationGrenade, data: GameData, state: dict, sofar: Sofar, side: str, order: dict,
                 unit_id: str, path: list[str], zoc: set[str]) -> tuple[str | None, Plan | None]:
    """Why the move is illegal, or None and its plan."""
    entering = "enter" in order
    why = start_problem(game, data, state, sofar, side, order, unit_id, path, zoc)
    if why:
        return why, None
    if len(path) == 1:
        return None, Plan(unit_id, path, entering)
    why = restriction(game, data, state, side, unit_id, path)
    if why:
        return why, None
    allowance = movement_allowance(game, data, state, unit_id)
    if us_bridging(game, data, state, sofar, side, unit_id, path, entering):
        why = bridging_problem(game, data, state, unit_id, path, zoc)
        return (why, None) if why else (None, Plan(unit_id, path, entering, Fraction(allowance)))
    if order.get("strategic") not in (None, True, False):
        return "`strategic: true` moves the unit strategically (5.5)", None
    strategic = order.get("strategic") is True
    if strategic:
        why = strategic_problem(game, data, state, side, unit_id, path)
        if why:
            return why, None
    return path_problem(game, data, state, sofar, side, order, unit_id, path, zoc, allowance, strategic)


def start_problem(game: OperationGrenade, data: GameData, state: dict, sofar: Sofar, side: str, order: dict,
                  unit_id: str, path: list[str], zoc: set[str]) -> str | None:
    """Whether this unit may move now at all (5.0, 14.0, 22.23, 6.31 after an interruption)."""
    if "enter" in order:
        why = reinforcements.entry_problem(game, data, state, side, unit_id, path, sofar.entries)
        if why:
            return why
    else:
        unit = sofar.unit(state, unit_id)
        if unit is None or unit["side"] != side:
            return f"{unit_id} is not a {side} unit on the map"
        if path[0] != unit["hex"]:
            return f"{unit_id}'s path must start at its hex {unit['hex']}"
    if unit_id in sofar.moved and unit_id not in state["interrupted"]:
        return f"{unit_id} has already moved this phase (5.0)"
    why = rhine.ruse_problem(state, side, order)
    if why:
        return why
    if unit_id in state["interrupted"] and len(path) > 1 and path[0] in zoc:
        return f"{unit_id} stopped on entering an enemy ZOC at {path[0]} and moves no further this phase (6.31)"
    return None


def zoc_rules(data: GameData) -> kit_movement.ZocRules:
    """6.31 stop on entering; 6.32 leave only into a free hex, paying part of the allowance (rounded down), never re-enter."""
    part = zoc_leave_fraction(data)
    return kit_movement.ZocRules(stop_on_entry=True, leave_cost=lambda allowance: math.floor(allowance * part),
                                 leave_only_to_free=True, no_reentry=True, stop_rule="6.31", leave_rule="6.32")


def path_problem(game: OperationGrenade, data: GameData, state: dict, sofar: Sofar, side: str, order: dict, unit_id: str,
                 path: list[str], zoc: set[str], allowance: int, strategic: bool) -> tuple[str | None, Plan | None]:
    """The path walked hex by hex (pbem.kit.movement.walk), then the Movement Allowance (5.0, 5.25, 14.11)."""
    entering = "enter" in order
    start_in_zoc = not entering and unit_id not in state["interrupted"] and path[0] in zoc

    def enter_problem(b: str) -> str | None:
        if game.side_in(state, b) not in (None, side):
            return f"{b} is occupied by the enemy (5.21)"
        game.require_on_map(data, b, f"whether hex {b} is on the map, and its terrain")
        return None

    def must_end_at(b: str) -> str | None:
        if rhine.triggers(game, data, state, side, b):
            return f"{unit_id}'s move is interrupted at {b} while the German rolls (21.11/22.21): end the path there"
        return None

    walked = kit_movement.walk(game.grid(data), unit_id, path, lambda a, b: entry_cost(game, data, state, unit_id, a, b, strategic),
                               allowance=allowance, zoc=zoc, rules=zoc_rules(data), starts_in_zoc=start_in_zoc,
                               left_zoc_before=unit_id in sofar.left_zoc, no_revisit=True, must_end_at=must_end_at,
                               enter_problem=enter_problem)
    if walked.problem:
        return walked.problem, None
    spent = Fraction(str(state["interrupted"].get(unit_id, 0))) + walked.spent          # 21.13: goes on with what is left
    if entering:                                                       # 14.11: the entry hex's own cost
        spent += reinforcements.entry_cost(game, data, state, unit_id, path[0], sofar.entries)
    if spent > allowance:
        minimum = not entering and len(path) == 2 and not game.is_mech(data, unit_id) and not (start_in_zoc and path[1] in zoc)
        if not minimum:                                                # 5.25
            return f"{unit_id} needs {spent} MP for this path; its Movement Allowance is {allowance} (5.0)", None
    if order.get("ruse") and not any(kind == "bridge" for kind, _ in rhine.triggers(game, data, state, side, path[-1])):
        return "a ruse is declared on the move that enters a Rhine bridge's western terminus (22.23)", None
    return None, Plan(unit_id, path, entering, spent, walked.left_zoc)


def movement_allowance(game: OperationGrenade, data: GameData, state: dict, unit_id: str) -> int:
    key = "cadre.movement" if state["units"].get(unit_id, {}).get("form") == "cadre" else "movement"
    printed = int(game.counter_value(data, unit_id, key, "the Movement Allowance"))
    return supply.movement_allowance(game, data, state, unit_id, printed)      # 11.33, 11.42


def entry_cost(game: OperationGrenade, data: GameData, state: dict, unit_id: str, a: str, b: str,
               strategic: bool = False) -> tuple[Fraction | int | None, str]:
    """MP to move a -> b (5.4, or 5.5 with `strategic`); (None, why) if prohibited."""
    mech = game.is_mech(data, unit_id)
    side = (state["units"].get(unit_id) or state["reinforcements"][unit_id])["side"]
    features = flood.features(game, data, state, a, b)
    terrain = flood.ground(game, data, state, b)
    if "rhine" in features and side == "allied" and ("rhine_bridge" not in features or rhine.bridge_blown(state, data, a, b)):
        return None, "US units cross the Rhine only at an unblown bridge (22.11)"
    road = "road" in features
    if mech and not road and river_hexside(game, data, state, a, b):
        return None, "mechanized units cross rivers only where a road crosses the hexside (5.61; streams are rivers in mud, 24.22)"
    if mech and "swamp" in (terrain, flood.ground(game, data, state, a)) and not road:
        return None, "mechanized units enter or leave swamp only through a road hexside (27.1)"
    if road and strategic:                                                   # 5.52: e.g. 1/3 MP for mechanized
        movement_class = "mechanized" if mech else "non-mechanized"              # 5.31
        key = f"road_hexside_strategic_{movement_class.replace('-', '_')}"
        return numbers.fraction(data, f"game.movement.costs.{key}", f"the strategic road cost ({movement_class}, 5.52)"), ""
    if road:
        return numbers.integer(data, "game.movement.costs.road_hexside_tactical", "the road cost (5.43)"), ""
    cost, why = terrain_cost_or_why(game, data, state, unit_id, b)
    if cost is None:
        return None, why
    crossing = next((f for f in RIVER_FEATURES + ("stream",) if f in features), None)
    if crossing:
        as_river = crossing != "stream" or game.mud(state)
        key = "river_hexside" if as_river else "stream_hexside"
        cost += numbers.integer(data, f"game.movement.costs.{key}.{'mechanized' if mech else 'non_mechanized'}",
                                f"the MP cost of crossing a {key.replace('_hexside', '')} hexside (5.62)")
    return cost, ""


def terrain_cost_or_why(game: OperationGrenade, data: GameData, state: dict, unit_id: str, hex_id: str) -> tuple[int | None, str]:
    """5.62 Terrain Effects Chart (24.22b in mud) for the unit's movement class (5.31); (None, why) where it may not enter."""
    terrain = flood.ground(game, data, state, hex_id)                     # 17.11
    column = ("mud_" if game.mud(state) else "") + ("mechanized" if game.is_mech(data, unit_id) else "non_mechanized")
    cost = data.get(f"terrain.hexes.{terrain}.movement.{column}", f"the {column.replace('_', '-')} MP cost of {terrain} (5.62)")
    if isinstance(cost, bool) or not isinstance(cost, int):
        return None, f"{unit_id} may not enter {terrain} at {hex_id}: {cost}"
    return cost, ""


def terrain_cost(game: OperationGrenade, data: GameData, state: dict, unit_id: str, hex_id: str) -> int:
    cost, why = terrain_cost_or_why(game, data, state, unit_id, hex_id)
    if cost is None:
        raise PbemError(why)
    return cost


def strategic_problem(game: OperationGrenade, data: GameData, state: dict, side: str, unit_id: str, path: list[str]) -> str | None:
    """5.51: three hexes or more from every enemy unit, at the start, on the way and at the end
    (counted from the enemy's hex, exclusive, to the moving unit's, inclusive)."""
    least = numbers.integer(data, "game.movement.strategic.min_distance_from_enemy_units", "5.51")
    grid = game.grid(data)
    enemies = {u["hex"] for u in state["units"].values() if u["side"] != side}
    for hex_id in path:
        near = [e for e in enemies if grid.distance(e, hex_id) < least]
        if near:
            return (f"{unit_id} may move strategically only {least} or more hexes from the enemy; {hex_id} is "
                    f"{grid.distance(near[0], hex_id)} from {near[0]} (5.51)")
    return None


def us_bridging(game: OperationGrenade, data: GameData, state: dict, sofar: Sofar, side: str, unit_id: str,
                path: list[str], entering: bool) -> bool:
    """26.0: a US mechanized unit crossing a non-Rhine river hexside without a road, from where
    it began the Movement Phase."""
    if side != "allied" or entering or len(path) != 2 or unit_id in sofar.moved or not game.is_mech(data, unit_id):
        return False
    features = flood.features(game, data, state, path[0], path[1])
    return "road" not in features and "rhine" not in features and river_hexside(game, data, state, path[0], path[1])


def bridging_problem(game: OperationGrenade, data: GameData, state: dict, unit_id: str, path: list[str], zoc: set[str]) -> str | None:
    """26.0: not from an enemy ZOC, not into one; it costs the whole Movement Allowance."""
    if not game.grid(data).adjacent(path[0], path[1]):
        return f"{path[1]} is not adjacent to {path[0]}"
    if path[0] in zoc:
        return f"{unit_id} may bridge a river (26.0) only if it begins the Movement Phase outside enemy ZOC"
    if path[1] in zoc:
        return f"{unit_id} may not enter an enemy ZOC on crossing by US bridging (26.0)"
    if game.side_in(state, path[1]) not in (None, "allied"):
        return f"{path[1]} is occupied by the enemy (5.21)"
    _, why = terrain_cost_or_why(game, data, state, unit_id, path[1])       # swamp and unknown hexes refuse as usual
    return why or None


def restriction(game: OperationGrenade, data: GameData, state: dict, side: str, unit_id: str, path: list[str]) -> str | None:
    """19.11, 19.12, 19.31, 19.32: opening restrictions, all rulebook data."""
    turn = state["turn"]
    if side == "german":
        rules = data.get("restrictions.german_movement", "the German movement restrictions (19.1)")
        for key in ("9th_panzer_division", "11th_panzer_division"):
            if unit_id in rules[key]["units"] and turn in rules[key]["may_not_move_on_game_turns"]:
                return f"{unit_id} may not move on Game-Turn {turn} (19.11)"
        if unit_id in rules["2nd_corps"]["units"] and not (state["strategic_withdrawal"] or state["second_corps_released"]):
            return f"{unit_id} (2nd Corps) may not move until a strategic withdrawal (19.2) or an attack on the corps (19.12)"
        return None
    us = data.get("restrictions.us_movement", "the US movement restrictions (19.3)")
    turns = us["mechanized"]["may_not_move_on_game_turns"]
    if game.is_mech(data, unit_id) and turn in turns:
        return f"US mechanized units may not move on Game-Turns {turns[0]}-{turns[-1]} (19.31)"
    row = str(unwrap(us["7th_corps"]["may_never_move_north_of_hexrow"]))
    limit = int(row[:2])
    if any(int(h[:2]) > limit for h in path) and corps(game, data, unit_id) == "7":
        return f"{unit_id} (7th Corps) may never move north of the {row} hexrow (19.32)"
    return None


def apply_moves(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice, events: list,
                checked: list[Plan] | None = None) -> None:
    """`checked`: the plans the check of this step worked out for these orders (else planned here)."""
    problems, plans = ([], checked) if checked is not None else plan_moves(game, data, state, side, orders)
    if problems:
        raise PbemError(f"internal: orders checked legal are refused on applying: {problems[0].message}")
    interrupted: dict = {}
    for order, plan in zip([o for o in orders if "eliminate" not in o], plans):
        record(game, data, state, side, plan)
        unit_id, path = plan.unit, plan.path
        for a, b in zip(path, path[1:]):
            rhine.note_crossing(game, data, state, unit_id, a, b)
        for hex_id in path:
            note_passage(game, data, state, hex_id, side)
        events.append({"event": "enter" if plan.entering else "move", "unit": unit_id, "path": path,
                       "rule": "14.11" if plan.entering else ("5.5" if order.get("strategic") else "5.4")})
        if len(path) > 1 and rhine.triggers(game, data, state, side, path[-1]):
            interrupted = {unit_id: state["spent"][unit_id]}
            entered_hex(game, data, state, unit_id, path[-1], dice, events, ruse=bool(order.get("ruse")))
    state["interrupted"] = interrupted
    for order in orders:                                         # 7.11: the owner eliminates the excess
        if "eliminate" in order:
            losses_mod.remove_unit(game, data, state, str(order["eliminate"]), events, rule="7.11")


def record(game: OperationGrenade, data: GameData, state: dict, side: str, plan: Plan) -> None:
    """What a legal move leaves in the state: its entry (14.11), the ZOC it left (6.32), the MP spent
    (21.13), the reinforcement taken off the schedule (11.51), the unit in its new hex."""
    unit_id = plan.unit
    if plan.entering:
        reinforcements.record_entry(state, unit_id, plan.path[0])
    if plan.left_zoc and unit_id not in state["left_zoc"]:
        state["left_zoc"].append(unit_id)
    if plan.spent is not None:
        spent = plan.spent
        state["spent"][unit_id] = int(spent) if spent.denominator == 1 else str(spent)   # saves hold no floats
    if plan.entering:
        del state["reinforcements"][unit_id]
        state.setdefault("entered_turn", {})[unit_id] = state["turn"]
    if unit_id not in state["units"]:
        state["units"][unit_id] = {"side": side, "hex": plan.path[0], "form": "untried"}
    state["units"][unit_id]["hex"] = plan.path[-1]
    state["moved"].append(unit_id)


def entered_hex(game: OperationGrenade, data: GameData, state: dict, unit_id: str, hex_id: str, dice: Dice, events: list,
                ruse: bool = False, by: str = "move") -> None:
    """A US unit entered hex_id (`by`: moving, advancing or retreating): the German rolls it sets
    off; at a western terminus everything waits for the German's answer whether to attempt the
    bridge (22.21); Volkssturm placements that leave the German a choice wait for his answer, town
    by town (21.23)."""
    rhine.roll(game, data, state, unit_id, hex_id, dice, events, ruse, by=by)
    next_placement(state)


def entered_hexes(game: OperationGrenade, data: GameData, state: dict, entered: list[tuple[str, str]], dice: Dice,
                  events: list, by: str, ruse: bool = False) -> None:
    """US units entered these hexes in turn (a retreat's path, 9.91), (unit, hex) each: the rolls of
    each hex in order; once one waits for the German's answer about a bridge (22.21), the hexes
    after it wait in his choice (`then`), rolled after his answer. A US ruse (22.23) goes with the
    first bridge roll."""
    for index, (unit_id, hex_id) in enumerate(entered):
        choice = state["awaiting_choice"]
        if choice and choice["kind"] == "bridge":
            choice["then"] = choice.get("then", []) + [[u, h] for u, h in entered[index:]]
            break
        bridge = any(kind == "bridge" for kind, _ in rhine.triggers(game, data, state, "allied", hex_id))
        rhine.roll(game, data, state, unit_id, hex_id, dice, events, ruse=ruse and bridge, by=by)
        ruse = ruse and not bridge
    next_placement(state)


def next_placement(state: dict) -> None:
    pending = state.get("volkssturm_pending", [])
    if pending and not state["awaiting_choice"]:
        state["awaiting_choice"] = {"kind": "place", "side": "german", "hex": pending[0]["town"],
                                    "town": pending[0]["town"], "units": pending[0]["units"]}


def note_passage(game: OperationGrenade, data: GameData, state: dict, hex_id: str, side: str) -> None:
    """28.1: the side last to occupy or pass through each Victory Point town."""
    towns = {t["hex"]: t for t in data.get("victory.town_vp.towns", "the VP towns (28.1)")}
    if hex_id in towns:
        state["last_through"][hex_id] = side

