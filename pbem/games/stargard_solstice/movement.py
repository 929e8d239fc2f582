"""4.0 zones of control, 5.0 regular movement and 6.0 stacking, on pbem.kit.movement.

The Movement segment's orders (2.3.2): `activate: UNIT` names one of the two independent units
the HQ activates (3.3.2), `move: UNIT, path: [HEX, ...]` moves an activated unit or the HQ
through the hexes it enters, one unit after another (5.1)."""

from __future__ import annotations

from fractions import Fraction

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.movement import Cost, walk
from ..base import Problem
from . import rail, victory
from .reich import command_range, pickup
from .common import (behaviour, board, canonical, commanded_by, facts, kind, grid, hexes, hexside, info, is_hq, other, printed, side_of,
                     stacking_problem, terrain, Zoc, zoc_of, trial_copy)

LINES = ("roll_bahn", "road", "trail")          # 5.2.1, 5.2.5: the lines regular movement follows

MOVE = ("`move: UNIT, path: [HEX, ...]` (the hexes entered, 5.1), `strategic: true` along roads (5.4), "
        "`rail: true` along rail lines (5.5: reinforcements, 3.1.5, 19.1.3), "
        "`on_top: true` on top of the stack it ends in (6.3.1), "
        "`exit: true` off the map through the Landsberg supply line (14.2.1); `activate: UNIT` an independent unit (3.3.2)")


def step_cost(data: GameData, a: str, b: str) -> tuple[Cost | None, str]:
    """The MP to enter b from a by regular movement, or (None, why) where it is prohibited
    (5.2-5.2.6); EZOC costs are added by `move_cost`."""
    features = set(hexside(data, a, b))
    kind = terrain(data, b)
    if kind == "water":
        return None, f"{b} is a water hex (5.2.6)"
    if "impassable" in features:
        return None, f"the hexside {a}-{b} is impassable (5.2.6)"
    if "major_river" in features and "bridge" not in features:
        return None, f"crossing the unbridged Oder (major river) between {a} and {b} is prohibited (5.2.3)"
    line = next((f for f in LINES if f in features), None)
    if line:                                         # 5.2.1: the road cost instead of the hex and hexside
        return numbers.fraction(data, f"terrain.lines.{line}.movement_mp", f"the MP cost of a {line} (TEC, 5.2.1)"), ""
    if kind == "restrictive":
        return None, f"{b} is restrictive terrain, entered only along a Roll-Bahn, road, trail or rail line (5.2.5)"
    cost = numbers.fraction(data, f"terrain.hexes.{kind}.movement_mp", f"the MP cost of {kind} (TEC, 5.2)")
    if "minor_river" in features and "bridge" not in features:
        cost += numbers.fraction(data, "terrain.hexsides.minor_river.unbridged_extra_mp",
                                 "the extra MP of an unbridged minor river (5.2.2)")
    return cost, ""


def zoc_cost(data: GameData, which: str) -> int:
    return numbers.integer(data, f"game.zones_of_control.movement_cost.{which}", f"the MP to {which} an EZOC (4.1)")


def allowance(data: GameData, state: dict, unit_id: str) -> Fraction:
    """5.1.1: the printed MA; 5.3, 11.3.2: halved for an isolated unit."""
    ma = Fraction(printed(data, state, unit_id, "movement"))
    return ma / 2 if state["units"][unit_id].get("supply") == "isolated" else ma


def movable(data: GameData, state: dict, unit_id: str) -> str | None:
    """Why a unit may not move in this Movement segment, or None (3.3.5, 5.0, 5.1, 5.3, 8.1.2)."""
    if unit_id not in state["units"] or side_of(state, unit_id) != state["active"]:
        return f"{unit_id} is not a unit of the active player ({state['active']}) on the map (5.3)"
    if unit_id != state["hq"] and unit_id not in state["activated"] + state["independents"]:
        return f"{unit_id} is not activated by {state['hq']} (out of command: it may not move, 3.3.5)"
    if unit_id in state["moved"]:
        return f"{unit_id} has moved this segment: one move per unit, completed before the next (5.1)"
    if state["units"][unit_id].get("pinned"):
        return f"{unit_id} is pinned and may not move (5.3, 8.1.2)"
    if kind(data, unit_id) == "festung":
        return f"{unit_id} is a Festung and may not move (12.3)"
    return None


def check_move(data: GameData, state: dict, unit_id: str, path: list[str], strategic: bool = False) -> str | None:
    """One unit's path (5.1.2, 5.3, 4.1): MP costs plus 2 to enter and 2 to leave each EZOC,
    never into enemy units, never stopping in a transit hex (5.2.5), legally stacked at the
    end (6.1); by strategic movement (5.4) along roads only, never in an EZOC, legally stacked
    at every hex (5.4.1)."""
    spent, why = path_cost(data, state, unit_id, path, strategic)
    if why:
        return why
    ma = allowance(data, state, unit_id)
    if spent > ma:
        return f"{unit_id} needs {spent} MP for this path but has {ma} (5.1.1, 5.3)"
    side = state["active"]
    end = path[-1]
    if unwrap(facts(data, end).get("transit", False)):
        return f"{end} is a transit hex: units pass through but may not stop there (5.2.5)"
    # the state with the unit at its end, for stacking_problem to read (no copy of the rest: it changes nothing)
    moved = {**state, "units": {**state["units"], unit_id: {**state["units"][unit_id], "hex": end}}}
    return stacking_problem(data, moved, end, side)


def path_cost(data: GameData, state: dict, unit_id: str, path: list[str], strategic: bool = False) -> tuple[Cost, str | None]:
    """The MP a unit spends along `path`, or why it may not take it (5.1-5.4, 4.1, 5.6)."""
    why = movable(data, state, unit_id)
    if why:
        return 0, why
    side = state["active"]
    start = state["units"][unit_id]["hex"]
    ezoc = zoc_of(data, state, other(side))
    enemy = board(state).enemy_hexes(side)

    def cost(a: str, b: str) -> tuple[Cost | None, str]:
        if strategic:
            return strategic_cost(data, state, unit_id, a, b, ezoc)
        step, why = step_cost(data, a, b)
        if step is None:
            return None, why
        return step + (zoc_cost(data, "enter") if b in ezoc else 0) + (zoc_cost(data, "leave") if a in ezoc else 0), ""

    if strategic:
        why = strategic_problem(state, unit_id, start, ezoc)
        fuel = state.get("out_of_fuel") or {}
        if not why and fuel.get("turn") == state["turn"] and not is_hq(data, unit_id) and commanded_by(data, unit_id) == fuel["hq"]:
            why = f"{unit_id} belongs to the 2nd Guards Tank Army, out of fuel this turn: no strategic movement (19.1.4)"
        if why:
            return 0, why

    ma = allowance(data, state, unit_id)
    lone = lone_hqs(data, state, side)
    overruns = not is_hq(data, unit_id) and printed(data, state, unit_id, "attack") > 0

    def enter_problem(h: str) -> str | None:
        if h in lone and overruns:           # 5.3, 5.6, 12.2.6: a combat unit overruns a lone enemy HQ
            return None
        return f"{h} holds enemy units: a unit never enters them (5.3)" if h in enemy else None

    result = walk(grid(data), unit_id, [start, *path], cost, allowance=int(ma), enter_problem=enter_problem)
    if result.problem and " is not adjacent to " in result.problem:         # the kit's words cite no rule
        return result.spent, f"{result.problem}: a unit moves from hex to adjacent hex (5.1.2)"
    return result.spent, result.problem


def strategic_problem(state: dict, unit_id: str, start: str, ezoc: Zoc) -> str | None:
    """5.4.1: never beginning in an EZOC; 12.1: no Soviet strategic movement on turn 1."""
    if state["active"] == "soviet" and state["turn"] == 1:
        return "no Soviet strategic movement on turn 1 (12.1, 5.4.1)"
    if start in ezoc:
        return f"{unit_id} begins in an EZOC: no strategic movement (5.4.1)"
    return None


def strategic_cost(data: GameData, state: dict, unit_id: str, a: str, b: str, ezoc: Zoc) -> tuple[Cost | None, str]:
    """5.4: the TEC's strategic cost, along a road for the whole move (5.4.1: it begins in a road
    hex), never into an EZOC, never over the stacking limit at any hex (5.4.1). Behaviour 3: a
    Roll-Bahn (5.2.5 "Roll-Bahn (highway)") is a road too, at its own strategic cost (the TEC's:
    terrain.lines.roll_bahn.strategic_movement_mp); where a side has both, the Roll-Bahn's."""
    features = hexside(data, a, b)
    roads = ("roll_bahn", "road") if behaviour(data, 3) else ("road",)     # 3: a Roll-Bahn is a road (5.2.5 "highway")
    line = next((f for f in roads if f in features), None)
    if line is None:
        return None, "strategic movement follows a road for its entire movement (5.4, 5.4.1)"
    if "major_river" in features and "bridge" not in features:
        return None, f"crossing the unbridged Oder between {a} and {b} is prohibited (5.2.3)"
    if b in ezoc:
        return None, f"a unit moving strategically may not enter an EZOC ({b}, 5.4.1)"
    passing = trial_copy(state)
    passing["units"][unit_id]["hex"] = b
    over = stacking_problem(data, passing, b, state["active"])
    if over:
        return None, f"{over}: strategic movement never exceeds it at any point (5.4.1)"
    return numbers.fraction(data, f"terrain.lines.{line}.strategic_movement_mp",
                            f"the strategic MP cost of a {line.replace('_', '-')} (TEC, 5.4)"), ""


def lone_hqs(data: GameData, state: dict, side: str) -> set[str]:
    """The hexes holding an enemy HQ alone (5.6)."""
    b = board(state)
    return {h for h, units in b.stacks().items()
            if units and all(side_of(state, u) != side and is_hq(data, u) for u in units)}


def check_movement(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """Orders one after another on a copy of the state, as they will be carried out (5.1)."""
    work = trial_copy(state)
    problems = []
    for index, order in enumerate(orders):
        why = one_order(data, work, order)
        if why:
            problems.append(Problem(index, why))
    return problems


def one_order(data: GameData, state: dict, order: dict, events: list | None = None) -> str | None:
    """Check one order against `state` and, if legal, carry it out there (14.1: the VP hexes it
    enters change hands)."""
    if "activate" in order:
        return independent(data, state, str(order["activate"]))
    if order.get("on_top", False) not in (True, False):
        return "`on_top:` is true or false (6.3.1)"
    leaving = order.get("exit") is True
    if "move" not in order or not isinstance(order.get("path"), list) or not (order["path"] or leaving):
        return f"expected {MOVE}"
    unit_id = str(order["move"])
    path = [canonical(data, h) for h in order["path"]]
    if not leaving and behaviour(data, 4):
        from .losses import on_map
        off = [h for h in path if not on_map(data, h)]
        if off:                                  # 5.7, 5.3.1 (behaviour 4): the map edge is a hard limit
            return f"{off[0]} is off the map: there is no movement off the map (5.7, 5.3.1)"
    for h in path:
        info(data, h)
    strategic, by_rail = order.get("strategic", False), order.get("rail", False)
    why = kind_problem(data, state, unit_id, order, strategic, by_rail)
    if why:
        return why
    if leaving:                              # 14.2.1: off the map through the Landsberg line
        from .landsberg import leave
        return leave(data, state, unit_id, path, strategic, [] if events is None else events)
    why = (movable(data, state, unit_id) or rail.check(data, state, unit_id, path)) if by_rail else \
        check_move(data, state, unit_id, path, strategic)
    if why:
        return why
    state["units"][unit_id]["hex"] = path[-1]
    state["moved"].append(unit_id)
    stack_on_top(state, unit_id, order.get("on_top"))
    if by_rail:
        rail.moved(data, state, unit_id)
    victory.enter(data, state, unit_id, path, [] if events is None else events)
    why = pickup(data, state, unit_id, path, [] if events is None else events)     # 19.1.3
    if why:
        return why
    if strategic and state["active"] == "german":
        fuel(data, state)
    return None


def kind_problem(data: GameData, state: dict, unit_id: str, order: dict, strategic: object, by_rail: object) -> str | None:
    """Regular, strategic (5.4) or rail (5.5) movement: which a unit may use here."""
    entering = state["phase"] in ("reinforce", "tettau", "cavalry")
    if not behaviour(data, 3) and ("rail" in order or (entering and "strategic" in order)):
        return (f"rail movement (5.5) and strategic movement on entry (7.1.1) are not part of this campaign's "
                f"revision (behaviour {data.behaviour}): {unit_id} moves by regular movement")
    if not isinstance(strategic, bool):
        return "`strategic:` is true or false (5.4)"
    if not isinstance(by_rail, bool):
        return "`rail:` is true or false (5.5)"
    if strategic and by_rail:
        return "a unit uses strategic (5.4.1) or rail movement (5.5.3) for its entire movement, not both"
    if strategic and state["phase"] in ("tettau", "cavalry"):
        return ("Corps Tettau and 2nd Guards Cavalry Corps units may not use strategic movement when entering via "
                "the random event table (5.4.1, 19.1.5)")
    if strategic and unit_id in state.get("reich_movers", []):
        return f"{unit_id} moves with this chit by regular movement only (19.1.3)"
    if by_rail and order.get("exit") is True:
        return f"{unit_id} leaves the map by regular movement, not by rail (14.2.1: the MP cost of the exit hex)"
    return None


def stack_on_top(state: dict, unit_id: str, on_top: object) -> None:
    """6.3.1: a unit moved in with `on_top: true` is the top of its new stack; otherwise it goes
    beneath and the top stays."""
    unit = state["units"][unit_id]
    unit.pop("on_top", None)
    if on_top is True:
        for other_unit in state["units"].values():
            if other_unit.get("on_top") == unit["hex"]:
                del other_unit["on_top"]
        unit["on_top"] = unit["hex"]


def fuel(data: GameData, state: dict) -> None:
    """5.4.2: German strategic movement in a turn costs one command chit (at most one) the
    following turn, or the same turn on turn 10 (the last)."""
    turn = state["turn"] if state["turn"] >= state["last_turn"] else state["turn"] + 1
    if turn not in state.setdefault("fuel_short", []):
        state["fuel_short"].append(turn)


def independent(data: GameData, state: dict, unit_id: str) -> str | None:
    """3.3.2: an activated HQ may also activate two independent units within its command range
    (measured when the HQ was activated, 3.3.3; on turn 1 all units are in command)."""
    most = numbers.integer(data, "command.activation.independent_units_per_hq", "the independent units an HQ activates (3.3.2)")
    if unit_id not in state["units"] or side_of(state, unit_id) != state["active"] or is_hq(data, unit_id):
        return f"{unit_id} is not a combat unit of the active player on the map (3.3.2)"
    if unit_id in state.get("cavalry_units", []):
        return f"{unit_id} of the 2nd Guards Cavalry Corps moves only with the 1st Belorussian Front chit (12.5)"
    if not numbers.flag(data, f"units.counters.{unit_id}.independent", f"whether {unit_id} is independent (3.3.2)"):
        return f"{unit_id} is not an independent unit (3.3.2)"
    if unit_id in state["independents"]:
        return f"{unit_id} is activated already (3.3.2)"
    if len(state["independents"]) >= most:
        return f"{state['hq']} activates at most {most} independent units (3.3.2)"
    reach = command_range(data, state, state["hq"])
    distance = grid(data).distance(state["hq_hex"], state["units"][unit_id]["hex"])
    third_army = state["chit"] == numbers.text(data, "module.third_army_chit", "the German 3rd Army chit (3.1.5)")
    if state["turn"] != 1 and distance > reach and not third_army:      # 3.1.5: anywhere with the 3rd Army chit
        return f"{unit_id} is {distance} hexes from {state['hq']}, beyond its command range of {reach} (3.3.3)"
    state["independents"].append(unit_id)
    return None


def apply_movement(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .hqs import next_relocation, queue
    events: list[dict] = []
    overrun: dict[str, str] = {}
    for order in orders:
        if "activate" in order:
            independent(data, state, str(order["activate"]))
            events.append({"event": "independent", "unit": str(order["activate"])})
            continue
        unit_id = str(order["move"])
        start = state["units"][unit_id]["hex"]
        path = [canonical(data, h) for h in order["path"]]
        lone = lone_hqs(data, state, side)
        for hex_id in path:
            if hex_id in lone and not is_hq(data, unit_id):
                for hq in board(state).units_in(hex_id):
                    overrun.setdefault(hq, hex_id)
                    events.append({"event": "overrun", "hq": hq, "hex": hex_id, "unit": unit_id, "rule": "5.6, 12.2.6"})
        captured: list[dict] = []
        one_order(data, state, order, captured)
        events.append({"event": "move", "unit": unit_id, "path": [start, *path],
                       **({"strategic": True} if order.get("strategic") else {}),
                       **({"rail": True} if order.get("rail") else {})})
        events += captured
    state["phase"] = "combat"
    events.append({"event": "movement_over", "side": side, "hq": state["hq"]})
    for hq, hex_id in sorted(overrun.items()):
        queue(state, hq, hex_id, "overrun (12.2.6)", "combat")
    next_relocation(state)
    return events


def listed(data: GameData) -> list[str]:
    return sorted(hexes(data))
