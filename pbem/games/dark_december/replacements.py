"""Replacements (9.0-9.4), taken in the Replacement Phase (7.1.2) with the movement orders:
`refit: UNIT` brings a reduced unit to full strength for one replacement of its type (9.0 C), `reform:
UNIT` / `at: HEX` brings a destroyed unit back at reduced strength for two (9.0 D), in the nearest town to
a unit of its division at least three hexes from the nearest enemy unit (9.1 F). The points on each side's
tracks are the scenario's initial amounts (9.3, group data) plus what 9.4 adds, less what was spent."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import board, counter, enemy_zoc, full_steps, in_class, mapdata, supply_status, turn_label, turn_of

PATH = "supply.replacements"


def kind(data: GameData, unit_id: str) -> str | None:
    """9.0 B: motorized replacements for armored, armored cavalry and armored infantry units, infantry ones
    for infantry, parachute, glider infantry and commander units; 9.1 D none for engineer, British, French."""
    if in_class(data, unit_id, "engineer") or str(counter(data, unit_id).get("nationality")) in ("british", "french"):
        return None
    if in_class(data, unit_id, "motorized"):
        return "motorized"
    if in_class(data, unit_id, "infantry") or in_class(data, unit_id, "leader"):
        return "infantry"
    return None


def receive(data: GameData, state: dict, side: str, events: list) -> None:
    """9.4: the replacements a side receives at the start of its player turn."""
    label = turn_label(data, state["turn"])
    rows = data.get(f"{PATH}.schedule.list", "the replacement schedule (9.4)")
    for kind_ in ("motorized", "infantry"):
        due = [r for r in rows if r["side"] == side and r["type"] == kind_ and state["turn"] >= turn_of(data, str(r["from"]))
               and r["turns"] in ("all", label.split()[0])]
        if due:
            latest = max(turn_of(data, str(r["from"])) for r in due)
            amount = sum(int(r["amount"]) for r in due if turn_of(data, str(r["from"])) == latest)
            state["replacements"][side][kind_] += amount
            events.append({"event": "replacements", "side": side, "type": kind_, "amount": amount})


def available(data: GameData, state: dict, side: str, kind_: str) -> int:
    initial = numbers.integer(data, f"{PATH}.initial.amounts.{state['scenario'].replace('-', '_')}.{side}.{kind_}",
                              f"the {side} {kind_} replacements at the start (9.3)")
    return initial + state["replacements"][side][kind_]


def check(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    problems: list[Problem] = []
    spent = {"motorized": 0, "infantry": 0}
    zoc = enemy_zoc(data, state, side)
    for index, order in enumerate(orders):
        unit_id = order.get("refit", order.get("reform"))
        if unit_id is None:
            continue
        kind_ = kind(data, unit_id) if isinstance(unit_id, str) and data.has(f"units.counters.{unit_id}") else None
        if kind_ is None:
            problems.append(Problem(index, f"{unit_id!r} is not replaceable: engineer, British and French units are not (9.1 D)"))
            continue
        if "refit" in order:
            why = _refit_problem(data, state, side, unit_id, zoc)
            cost = numbers.integer(data, f"{PATH}.refit_points", "the refit cost (9.0 C)")
        else:
            why = _reform_problem(data, state, side, unit_id, order.get("at"))
            cost = numbers.integer(data, f"{PATH}.reform_points", "the reform cost (9.0 D)")
        if why:
            problems.append(Problem(index, why))
            continue
        spent[kind_] += cost
        if spent[kind_] > available(data, state, side, kind_):
            problems.append(Problem(index, f"{side} has {available(data, state, side, kind_)} {kind_} replacement(s) (9.0 C, D; 9.2)"))
    return problems


def _refit_problem(data: GameData, state: dict, side: str, unit_id: str, zoc: set[str]) -> str | None:
    unit = state["units"].get(unit_id)
    if unit is None or unit["side"] != side or unit["steps"] >= full_steps(data, unit_id):
        return f"{unit_id} is not a reduced {side} unit on the map (9.0 C)"
    if unit["hex"] in zoc:
        return f"{unit_id} is in an enemy ZOC and may not receive replacements (9.1 A)"
    if supply_status(state, unit_id) != "supplied":
        return f"{unit_id} is {supply_status(state, unit_id)} and may not receive replacements (9.1 B)"
    if state["reformed"].get(unit_id) == state["turn"]:
        return f"{unit_id} was reformed this Game-Turn; it is refitted on a later one (9.0 E)"
    return None


def _reform_problem(data: GameData, state: dict, side: str, unit_id: str, at: Any) -> str | None:
    """9.1 F the nearest town (to a unit of the parent division) at least three hexes from the nearest enemy
    unit; 9.1 G the owner's map edge when no unit of the division is on the map (behaviour 3, `map.edges`;
    before it such a unit is refused, as those campaigns recorded)."""
    if unit_id not in state["eliminated"] or str(counter(data, unit_id)["side"]) != side:
        return f"{unit_id} is not a destroyed {side} unit (9.0 D)"
    if unit_id in state["surrendered"]:
        return f"{unit_id} surrendered and may not be replaced (9.1 E)"
    hexes, grid, bd = mapdata(data), mapdata(data).grid, board(state)
    division = str(counter(data, unit_id).get("division"))
    kin = [v["hex"] for u, v in state["units"].items() if v["side"] == side and str(counter(data, u).get("division")) == division]
    if division in ("none", "None") or not kin:
        if "strategic" in state:                                   # 9.1 G (behaviour 3: the edges are group data)
            from .edges import reform_edge_problem
            return reform_edge_problem(data, state, side, unit_id, at)
        return f"{unit_id} would return at the map edge (9.1 G), which pbem does not adjudicate yet"
    least = numbers.integer(data, f"{PATH}.reform_min_enemy_distance", "the distance from the enemy (9.1 F)")
    enemies = [v["hex"] for v in state["units"].values() if v["side"] != side]
    towns = [h for h, v in hexes.hexes().items() if isinstance(v, dict) and v.get("town") is True
             and not bd.enemies_in(h, side) and all(grid.distance(h, e) >= least for e in enemies)]
    if not towns:
        return f"no town at least {least} hexes from the enemy to reform {unit_id} in (9.1 F)"
    best = min(min(grid.distance(t, k) for k in kin) for t in towns)
    nearest = sorted(t for t in towns if min(grid.distance(t, k) for k in kin) == best)
    if not isinstance(at, str) or grid.canonical(at) not in nearest:
        return f"{unit_id} reforms in the nearest town to a unit of its division at least {least} hexes from the enemy: {', '.join(nearest)} (9.1 F)"
    return None


def apply(data: GameData, state: dict, side: str, orders: list, events: list) -> None:
    for order in orders:
        if "refit" in order:
            unit_id = order["refit"]
            state["units"][unit_id]["steps"] = full_steps(data, unit_id)
            cost = numbers.integer(data, f"{PATH}.refit_points", "the refit cost (9.0 C)")
        elif "reform" in order:
            unit_id = order["reform"]
            state["units"][unit_id] = {"side": side, "hex": mapdata(data).grid.canonical(order["at"]), "steps": 1, "reserve": False}
            state["eliminated"].remove(unit_id)
            state["reformed"][unit_id] = state["turn"]
            cost = numbers.integer(data, f"{PATH}.reform_points", "the reform cost (9.0 D)")
        else:
            continue
        state["replacements"][side][str(kind(data, unit_id))] -= cost
        events.append({"event": "replaced", "unit": unit_id, "how": "refit" if "refit" in order else "reform", "cost": cost})
    state["units"] = dict(sorted(state["units"].items()))
