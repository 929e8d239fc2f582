"""End of the Iron Dream, behaviour 4: the Axis Turn 1 restrictions (6.1).

"On the Turn 1, the Axis may perform only these functions: It may strategically move up to three
corps of its eastern units; It may operationally move only its units in Italy, and then only to
other hexes in Italy." Iron Dream only: 6.0 is its first turn (Let History Judge's special rules
"can all be found in 27.0", 1.0 H).

The Axis Operational Movement file of Turn 1 holds `strategic:` and `move:` orders only: no
order of the Reinforcement Phase (5.1.1: forts, SUs, reinforcements, cannibalizing; 6.8 bars the
replacements too), no EGS burn-off (5.1.2 B), no sea move (5.1.4), no entry from a box, no mobile
assault (6.2 as well); its prepared assaults are refused by assault.py.
- `strategic:` a corps of "its eastern units": the Russian Front set-up's (3.4 A, "any swastika
  hex on the eastern front": game.sequence_of_play.first_turn.axis.eastern_units). Whether 3.3's initial Yugoslav
  garrison (the Y corps) counts is not in the text (east of 26.3 B's boundary line, yet 26.7 A
  gives Yugoslavia to the west front commander): game.sequence_of_play.first_turn.axis.yugoslav_garrison_eastern,
  `unknown` until the group decides. The set-ups of Italy and the West (3.6-3.8: I, N, F, B) are
  not eastern. Three a turn is 12.4 A's limit (strategic.py).
- `move:` a unit whose hex is in Italy (map.countries.italy), every hex of its path in Italy."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .common import grid, plays

DATA = "game.sequence_of_play.first_turn.axis"
IRON_DREAM = "iron-dream"
ONLY = ("on Turn 1 the Axis may only strategically move up to three corps of its eastern units and operationally move "
        "its units in Italy to other hexes in Italy (6.1)")


def applies(data: GameData, state: dict) -> bool:
    return plays(data, 4) and state["turn"] == 1 and state["army"] == "axis" and state["scenario"] == IRON_DREAM


def italy(data: GameData) -> frozenset[str]:
    return frozenset(grid(data).canonical(h) for h in numbers.texts(data, "map.countries.italy", "the hexes of Italy (6.1)"))


def eastern_problem(data: GameData, unit_id: str) -> str | None:
    """6.1: a corps of the Axis eastern units (3.4 A; the Y garrison as the data says)."""
    if unit_id in numbers.texts(data, f"{DATA}.eastern_units", "the Axis Russian Front corps (3.4 A, 6.1)"):
        return None
    counters = data.get("units.counters", "the unit counters")
    found = counters[unit_id] if isinstance(counters.get(unit_id), dict) else {}
    if str(unwrap(found.get("code"))) == "Y":                                  # 3.3 A, 2.1 A
        if numbers.flag(data, f"{DATA}.yugoslav_garrison_eastern", "whether the initial Yugoslav garrison is eastern (3.3, 6.1)"):
            return None
    return f"{unit_id} is not one of the Axis eastern units: {ONLY}"


def move_problem(data: GameData, state: dict, order: dict) -> str | None:
    """6.1: a unit in Italy, to other hexes of Italy."""
    unit_id, path = order.get("move"), order.get("path")
    if not isinstance(unit_id, str) or unit_id not in state["units"] or not isinstance(path, list):
        return None                                                  # movement.py words the malformed order
    lands = italy(data)
    if state["units"][unit_id]["hex"] not in lands:
        return f"{unit_id} is not in Italy: {ONLY}"
    try:
        outside = [h for h in (grid(data).canonical(str(h)) for h in path) if h not in lands]
    except ValueError:
        return None
    return f"{unit_id} may move only to other hexes in Italy, not {outside[0]} (6.1)" if outside else None


def problems(data: GameData, state: dict, orders: list) -> list[Problem]:
    """Each order of an Axis Turn 1 movement file against 6.1 (nothing outside it)."""
    if not applies(data, state):
        return []
    for index, order in enumerate(orders):
        if not isinstance(order, dict):
            continue
        if set(order) <= {"strategic", "path", "hold"} and isinstance(order.get("strategic"), str):
            why = eastern_problem(data, str(order["strategic"]))
        elif set(order) <= {"move", "path"} and "move" in order:
            why = move_problem(data, state, order)
        else:
            why = f"{ONLY}: not {', '.join(f'`{k}:`' for k in sorted(order))}"
        if why:
            return [Problem(index, why)]
    return []
