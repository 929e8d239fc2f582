"""Losses and retreats: spreading step losses over a stack, and checking a retreat path.

How a lost step shows (a flipped counter, a cadre, a strength chit turned) is each game's;
the order in which steps come off, and whether a retreat path may be taken, follow the same
shape everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..hexgrid import GridSpec


def spread_steps(units_in_order: Sequence[str], steps: Mapping[str, int], loss: int,
                 keep_alive: bool = True) -> dict[str, int]:
    """Which units lose how many steps when `loss` steps are taken in order. With
    `keep_alive`, no unit is eliminated while another still has more than one step (e.g.
    Smithereens 11.30); otherwise each unit is used up in turn. Pure: `steps` is not changed."""
    left = {u: steps[u] for u in units_in_order}
    lost: dict[str, int] = {}
    for _ in range(max(loss, 0)):
        alive = [u for u in units_in_order if left[u] > 0]
        if not alive:
            break
        multi = [u for u in alive if left[u] > 1] if keep_alive else alive
        victim = multi[0] if multi else alive[0]
        left[victim] -= 1
        lost[victim] = lost.get(victim, 0) + 1
    return lost


def retreat_path(grid: GridSpec, start: str, path: Sequence[str],
                 can_enter: Callable[[str, str], str | None], zoc: frozenset[str] | set[str] = frozenset(),
                 twice_rule: str = "") -> tuple[str | None, int]:
    """Check a retreat path hex by hex: adjacent steps, no hex twice (nor the start),
    `can_enter(a, b)` the game's own refusals. Returns (the first problem or None, the
    number of enemy-ZOC hexes entered). `twice_rule` is the rule the no-hex-twice message cites."""
    seen, here, in_zoc = {start}, start, 0
    for hex_id in path:
        if not grid.adjacent(here, hex_id):
            return f"{hex_id} is not adjacent to {here}", in_zoc
        if hex_id in seen:
            return f"a stack may not enter {hex_id} twice" + (f" ({twice_rule})" if twice_rule else ""), in_zoc
        why = can_enter(here, hex_id)
        if why:
            return why, in_zoc
        if hex_id in zoc:
            in_zoc += 1
        seen.add(hex_id)
        here = hex_id
    return None, in_zoc


def set_steps(state: dict, unit_id: str, steps: int, events: list, why: str, box: str = "dead") -> None:
    """A unit's steps after a loss: at none left it leaves `state["units"]` for `state[box]` (the
    dead pile, or a game's other box), kept sorted by unit; else its step count changes. Either
    way one event says so (`eliminated` or `reduced`, with `why`)."""
    if steps <= 0:
        unit = state["units"].pop(unit_id)
        pile = state.setdefault(box, [])
        pile.append({"unit": unit_id, "side": unit["side"]})
        pile.sort(key=lambda d: d["unit"])
        events.append({"event": "eliminated", "unit": unit_id, "why": why})
    else:
        state["units"][unit_id]["steps"] = steps
        events.append({"event": "reduced", "unit": unit_id, "steps": steps, "why": why})
