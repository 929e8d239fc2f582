"""Walking a path: adjacency, MP costs from the game's terrain chart, zones of control and
stacking, with the rules where games differ as parameters.

The game gives `cost(a, b)`: the MP to move from a to b, or (None, why) where the move is
prohibited (enemy units, impassable terrain, a missing bridge...). `ZocRules` says what enemy
zones of control do: nothing (Smithereens), stop on entry and cost to leave (Operation
Grenade 6.31/6.32), or something between. The rule numbers in the messages are the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from fractions import Fraction

from ..hexgrid import GridSpec, cheapest_path, reachable, stack_violations, zoc

# hexgrid's path search, ZOC and stacking helpers are the kit's: games use them from here
__all__ = ["Walk", "ZocRules", "NO_ZOC", "walk", "zoc", "stack_violations", "cheapest_path", "reachable"]

Cost = int | Fraction
CostFn = Callable[[str, str], tuple["Cost | None", str]]


@dataclass(frozen=True)
class ZocRules:
    stop_on_entry: bool = False          # a unit entering an enemy ZOC ends its move there
    leave_cost: Callable[[int], Cost] | None = None   # extra MP to leave a ZOC, from the allowance
    leave_only_to_free: bool = False     # leaving goes straight into a hex no enemy controls
    no_reentry: bool = False             # once it has left a ZOC it may not enter one again
    stop_rule: str = ""
    leave_rule: str = ""


NO_ZOC = ZocRules()


@dataclass(frozen=True)
class Walk:
    """A checked path: what it cost, whether it left a ZOC, or the first reason it is illegal."""

    spent: Cost
    left_zoc: bool
    problem: str | None = None


def walk(grid: GridSpec, unit_id: str, path: list[str], cost: CostFn, *, allowance: int,
         zoc: Container[str] = frozenset(), rules: ZocRules = NO_ZOC, starts_in_zoc: bool = False,
         left_zoc_before: bool = False, no_revisit: bool = False,
         must_end_at: Callable[[str], str | None] | None = None,
         enter_problem: Callable[[str], str | None] | None = None) -> Walk:
    """Follow `path` (canonical ids, path[0] the start) step by step. `must_end_at(hex)` gives a
    reason the move must end at that hex (an interruption, a fortress), or None. `enter_problem(hex)`
    gives a reason no unit may enter that hex at all (enemy units), reported as it is, before the
    step's cost is asked."""
    spent: Cost = 0
    left = left_zoc_before
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if not grid.adjacent(a, b):
            return Walk(spent, left, f"{b} is not adjacent to {a}")
        if no_revisit and b in path[:i]:
            return Walk(spent, left, f"the path enters {b} twice")
        if enter_problem is not None:
            why = enter_problem(b)
            if why:
                return Walk(spent, left, why)
        step, why = cost(a, b)
        if step is None:
            return Walk(spent, left, f"{a} → {b}: {why}")
        if i == 1 and starts_in_zoc and rules.leave_cost is not None:
            if rules.leave_only_to_free and b in zoc:
                return Walk(spent, left, f"{unit_id} leaves an enemy ZOC only directly into a hex no enemy controls ({rules.leave_rule})")
            step += rules.leave_cost(allowance)
            left = True
        elif left and rules.no_reentry and b in zoc:
            return Walk(spent, left, f"{unit_id} left an enemy ZOC this phase and may not enter one again ({rules.leave_rule})")
        if rules.stop_on_entry and b in zoc and i < len(path) - 1:
            return Walk(spent, left, f"{unit_id} must stop on entering the enemy ZOC at {b} ({rules.stop_rule})")
        if must_end_at is not None and i < len(path) - 1:
            reason = must_end_at(b)
            if reason:
                return Walk(spent, left, reason)
        spent += step
    return Walk(spent, left)
