"""15.5 D commander displacement (optional commanders, campaigns of behaviour 5).

15.5 D: "Leaders not stacked with a friendly combat unit are displaced by an enemy combat (not
commander) unit moving into or through its hex. Relocate a displaced leader to the nearest supplied
friendly combat unit or stack. If two or more supplied friendly units or stacks are equidistant, the
owning side may choose between them. Displacement is not a retreat; simply relocate the commander unit
to the alternate hex, ignoring terrain, enemy units, and enemy ZOCs."

So a combat unit's move (Movement, Reaction and Exploitation Phases, 10.2 G) may enter a hex that holds
only enemy leaders (10.2 D forbids it otherwise). The nearest hexes are counted in hexes from the
leader's hex (terrain, enemy units and ZOCs ignored); "supplied" is the unit's supply status (8.1, 7.1.1
C). With one nearest hex the leader goes there at once; with several, the leader waits where it was
(`state["displaced"]`) and, after the mover's moves, the owner answers `displace: LEADER, to: HEX` (the
sequence's `answer` entry); the rest of the mover's step (its air attack, 20.4, or what follows its
exploitation) comes after the answer. Nothing in the rest of the mover's moves depends on the choice
(leaders count for no stacking and exert no ZOC, 15.4 A/E; the candidate hexes hold the owner's combat
units, which the mover may not enter, 10.2 D), so the answer waits for the end of the moves: reading
DD19. Retreats and advances after combat are not movement (10.2 H) and displace no leader. Under fog of
war (25.0) a move is an owner step that changes no enemy unit, so 15.5 D is not played with it.
"""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ..base import Problem
from .common import board, in_class, mapdata, other, supply_status


def on(state: dict) -> bool:
    """Behaviour 5 campaigns with the commanders (the state key), not under fog of war (25.0)."""
    return "displaced" in state and state["options"].get("fog") is not True


def lone_leaders(data: GameData, state: dict, side: str, hex_id: str) -> list[str]:
    """The enemy leaders of a hex with no enemy combat unit in it (15.5 D)."""
    enemies = board(state).enemies_in(hex_id, side)
    if not enemies or any(not in_class(data, u, "leader") for u in enemies):
        return []
    return sorted(enemies)


def may_enter(data: GameData, state: dict, side: str, hex_id: str, mover: str | None) -> bool:
    """15.5 D: a combat (not commander) unit moves into or through a hex of lone enemy leaders."""
    return on(state) and mover is not None and not in_class(data, mover, "leader") and bool(lone_leaders(data, state, side, hex_id))


def candidates(data: GameData, state: dict, leader: str) -> list[str]:
    """The hexes of the owner's nearest supplied combat units, counted in hexes from the leader (15.5 D)."""
    owner, here = state["units"][leader]["side"], state["units"][leader]["hex"]
    grid = mapdata(data).grid
    hexes = {v["hex"] for u, v in state["units"].items() if v["side"] == owner and not in_class(data, u, "leader")
             and supply_status(state, u) == "supplied" and v["hex"] != here}
    if not hexes:
        return []
    near = min(grid.distance(here, h) for h in hexes)
    return sorted(h for h in hexes if grid.distance(here, h) == near)


def path_problem(data: GameData, state: dict, side: str, mover: str, path: list) -> str | None:
    """What `check` reads: a displaced leader needs a supplied friendly combat unit to go to."""
    if not on(state) or in_class(data, mover, "leader"):
        return None
    for hex_id in path:
        for leader in lone_leaders(data, state, side, hex_id):
            if not candidates(data, state, leader):
                return (f"{mover} would displace {leader} at {hex_id}, and no supplied {state['units'][leader]['side']} combat "
                        "unit is on the map to relocate it to (15.5 D does not say where it goes then)")
    return None


def displace(data: GameData, state: dict, side: str, mover: str, path: list, events: list) -> None:
    """At apply, the hexes a combat unit entered (`path`, its start excluded): each lone enemy leader there is
    relocated at once, or waits for its owner's choice (state["displaced"])."""
    if not on(state) or in_class(data, mover, "leader"):
        return
    for hex_id in path:
        for leader in lone_leaders(data, state, side, hex_id):
            if leader in state["displaced"]:
                continue
            hexes = candidates(data, state, leader)
            if len(hexes) == 1:
                state["units"][leader]["hex"] = hexes[0]
                events.append({"event": "displaced", "leader": leader, "from": hex_id, "to": hexes[0], "by": mover})
            else:
                state["displaced"][leader] = hexes
                events.append({"event": "displaced", "leader": leader, "from": hex_id, "choice": hexes, "by": mover})


def pause(state: dict, mover_side: str, resume: dict) -> bool:
    """After the mover's moves: the owner's answer is due if a displaced leader has a choice (15.5 D)."""
    if not on(state) or not state["displaced"]:
        return False
    state["pending"] = {"kind": "displace", "side": other(mover_side), "battle": 0, "leaders": dict(sorted(state["displaced"].items())),
                        "resume": resume}
    state["displaced"] = {}
    state["phase"] = "answer"
    return True


def check_answer(data: GameData, state: dict, orders: list) -> list[Problem]:
    due = state["pending"]["leaders"]
    named = [o.get("displace") for o in orders]
    if sorted(str(n) for n in named) != sorted(due) or len(set(map(str, named))) != len(named):
        return [Problem(None, f"answer each displaced leader once: `displace: LEADER, to: HEX` for {', '.join(due)} (15.5 D)")]
    problems = []
    for index, order in enumerate(orders):
        hexes = due[str(order["displace"])]
        to = mapdata(data).grid.canonical(str(order.get("to")))
        if to not in hexes:
            problems.append(Problem(index, f"{order['displace']} goes to one of the equidistant supplied friendly combat units: "
                                           f"{', '.join(hexes)} (15.5 D)"))
    return problems


def apply_answer(game: Any, data: GameData, state: dict, due: dict, orders: list, dice: Any, events: list) -> None:
    """The leaders go to the chosen hexes; then the rest of the mover's step."""
    for order in orders:
        to = mapdata(data).grid.canonical(str(order["to"]))
        state["units"][str(order["displace"])]["hex"] = to
        events.append({"event": "displaced", "leader": str(order["displace"]), "to": to, "chosen": True})
    resume = due["resume"]
    if resume["step"] == "movement":
        game.after_moves(data, state, resume["side"], resume["orders"], dice, events)
    elif resume["step"] == "then":
        state["phase"] = resume["phase"]
    else:
        from .bridges import apply_construction
        events += apply_construction(game, data, state, resume["side"], resume["orders"], dice)


def template(due: dict) -> dict:
    notes = [f"{leader} was displaced (15.5 D): the nearest supplied friendly combat units are equidistant at "
             f"{', '.join(hexes)}; choose one" for leader, hexes in due["leaders"].items()]
    return {"notes": notes, "orders": [{"displace": leader, "to": hexes[0]} for leader, hexes in due["leaders"].items()]}
