"""The Stargard Solstice demonstration campaign (`pbem demo --game stargard-solstice`, bundled
as examples/stargard-solstice-demo/campaign) on the made-up map, counters, CRT and position of
examples/stargard-solstice-demo/ (DEMONSTRATION DATA, labelled so in the file and in every
report): turn 1 in full — the random event roll (19.0) and its German bombardment (8.5), the
3rd SS Panzer Corps chit (2.3.1),
a move, an attack with air support (13.1) whose result the Soviet defender answers (its tied first loss, 8.6.1, and its
retreat route, 9.0), the advance after combat (10.0), the attacked 2nd Guards Tank Army's
reaction (12.1) — then every other chit the cup gives, each a die both players can check
(3.1.1), the Supply Phase (2.4), both players' reinforcements (2.5, 7.0; the German one placed
along the rail line from its entry point and moved on by rail, 5.5.1, 5.5), until the turn ends
(2.6). Played under fog of war (1.1.4, `fog=true`) and with Stavka Orders (16.1): on turn 2 the
Soviet bombards, withdraws 47A-HQ hidden (its stacked reinforcements are hidden by the same
owner step), names each Soviet slot the cup gives from its committed order, and the chit is
opened when the Command Phase ends; then the Supply Phase."""

from __future__ import annotations

import copy
from typing import Any, cast

from ...errors import PbemError
from ...gamedata import GameData
from ..base import DemoPlan
from . import losses
from .common import grid, hexes, is_hq, side_of, stacking_problem

SEATS = ("german", "soviet")


def answer(data: GameData, state: dict) -> list:
    """A legal answer to a combat result: the first loss from the first strongest unit (8.6.1),
    further ones in unit order; each stack on the first of its best routes (9.2), and the steps
    its route owes (9.1.2, 9.4)."""
    part = state["pending"]["queue"][0]
    combat = [u for u in part["units"] if not is_hq(data, u)]
    left = {u: state["units"][u]["steps"] for u in combat}
    lost = min(part["steps"], sum(left.values()))
    steps = []
    for index in range(lost):
        pool = losses.first_loss(data, state, part) if index == 0 else [u for u in combat if left[u] > 0]
        unit = next(u for u in pool if left[u] > 0)
        steps.append(unit)
        left[unit] -= 1
    movers = [u for u in part["units"] if (is_hq(data, u) or left[u] > 0) and not losses.festung(data, u)]
    routes: dict[str, list[str]] = {}
    if part["retreat"] and any(not is_hq(data, u) for u in movers):
        g = grid(data)
        for index, unit in enumerate(movers):            # each unit the first route that keeps the answer legal
            best = sorted(losses.best_routes(data, state, part["side"], part["origin"][unit], part["retreat"],
                                             losses.overruns(data, state, unit), unit))
            longer = [[*p, n] for p in best if p for n in sorted(g.neighbours(p[-1]))]     # 6.2: one hex more
            for path in [*map(list, best), *longer]:
                routes[unit] = path
                if losses.retreat_owed(data, state, part, movers[:index + 1], routes)[2] is None:
                    break
        owed, _, why = losses.retreat_owed(data, state, part, movers, routes)
        if why:
            raise PbemError(f"demo: no answer ({why})")
        for group, n in owed:
            for _ in range(n):
                unit = next((u for u in group if left.get(u, 0) > 0), None)
                if unit:
                    steps.append(unit)
                    left[unit] -= 1
    return [{"steps": steps, "retreat": routes}] if routes else [{"steps": steps}]


def respond(campaign: Any, state: dict) -> list:
    """A defender's answer (above); 12.6, 16.1: the chit at the drawn slot of the Soviet's committed
    order, read from its private part (the demo plays both seats on one machine); the withdrawn
    chit's return: an empty file (`pbem sign` opens it)."""
    if state["phase"] == "name_chit":
        from ...hidden.private import find_private
        from ...hidden.steps import own_view
        from .withdrawal import remaining, soviet_cup
        number, save, _ = campaign.latest()
        view = own_view(campaign, number, save, "soviet", find_private(campaign.folder, campaign.id, "soviet"))
        return [{"chit": remaining(view["withdrawal"], soviet_cup(campaign.data, view))[state["slot"]["slot"] - 1]}]
    if state["phase"] == "return_chit":
        return []
    return answer(campaign.data, state)


def enter_all(data: GameData, state: dict, side: str) -> list:
    """Every reinforcement entered at the first free hex of its area (7.0, 7.1.2); those over the
    stacking limit there move on to a neighbouring hex with room (6.2, 7.1.1)."""
    from .reinforcements import arrivals, entry_hexes, free
    work = copy.deepcopy(state)
    enters, moves = [], []
    for unit in arrivals(data, state, side):
        open_hexes = [h for h in entry_hexes(data, unit) if free(data, state, side, h)]
        if not open_hexes:
            enters.append({"enter": unit, "at": "none"})
            continue
        roomy = [h for h in open_hexes if not _over(data, work, unit, h, side)]
        at = (roomy or open_hexes)[0]
        enters.append({"enter": unit, "at": at})
        if roomy:
            work["units"][unit] = {"side": side, "hex": at, "steps": 1, "supply": "in"}
            continue
        path = _room_near(data, state, work, unit, at, side)
        if path:
            work["units"][unit] = {"side": side, "hex": path[-1], "steps": 1, "supply": "in"}
            moves.append({"move": unit, "path": path})
    return enters + moves


def _room_near(data: GameData, state: dict, work: dict, unit: str, start: str, side: str) -> list[str] | None:
    """The shortest path (three hexes at most) through free listed hexes to one with room."""
    from .reinforcements import free
    listed, g = hexes(data), grid(data)
    paths, seen = [[start]], {start}
    for _ in range(3):
        longer = []
        for path in paths:
            for n in g.neighbours(path[-1]):
                if n in seen or n not in listed or not free(data, state, side, n):
                    continue
                seen.add(n)
                if not _over(data, work, unit, n, side):
                    return [*path[1:], n]
                longer.append([*path, n])
        paths = longer
    return None


def _over(data: GameData, work: dict, unit: str, hex_id: str, side: str) -> bool:
    trial = copy.deepcopy(work)
    trial["units"][unit] = {"side": side, "hex": hex_id, "steps": 1, "supply": "in"}
    return stacking_problem(data, trial, hex_id, side) is not None


def quiet(campaign: Any, state: dict) -> list:
    """Whoever the cup makes active neither moves nor attacks; a special chit activates the
    first HQ it may (3.1.3, 3.1.4); an attacker's part of a result is answered as above."""
    if state["phase"] == "pick_hq":
        hqs = [u for u in sorted(state["units"]) if is_hq(campaign.data, u) and side_of(state, u) == state["active"]
               and u != state.get("previous")]
        return [{"hq": hqs[0]}]
    if state["phase"] == "attacker_answer":
        return answer(campaign.data, state)
    if state["phase"] == "reinforce":                 # 1.1.4: where its own hidden units stand too
        from ...hidden.steps import view_for
        number, save, _ = campaign.latest()
        side = state["reinforcing"][0]
        return enter_all(campaign.data, view_for(campaign, number, save, side), side)
    return []


TURN_1: list = [
    ("german", []),                                                       # 2.1, 2.2.1: the random event roll
    ("german", [{"bombard": ["65GT/9GT"]}]),                              # 19.1.1, 8.5.1; then 2.3.1: 3SS
    ("german", [{"move": "Oehms/27SS", "path": ["1312"]}]),               # 2.3.2
    ("german", [{"attack": "1413", "with": ["Oehms/27SS", "27J/27SS"],     # 2.3.3, 13.1; the Soviet answer follows
                 "air": {"1-JG": "normal"}}]),
    ("german", [{"advance": "Oehms/27SS", "path": ["1413"]}]),            # 10.0; the segment ends, the next draw
    *[(None, quiet)] * 7,                                                 # turn 1's other draws, the Supply Phase
    ("german", [{"enter": "1/1Mar", "at": "0310", "rail": True},          # 2.5, 7.0, 5.5.1: placed by rail
                {"move": "1/1Mar", "path": ["0410", "0510"], "rail": True}]),   # 7.1.1, 5.5: and on by rail
    ("soviet", [{"enter": "88GT", "at": "2001"}, {"enter": "132/129", "at": "2101"}, {"enter": "364/7", "at": "3001"},
                {"enter": "265/7", "at": "3001"}, {"enter": "207/79", "at": "3101"}, {"enter": "115UR", "at": "3101"},
                {"enter": "1A-HQ", "at": "4801"}, {"enter": "1/1", "at": "4801"}]),
]
TURN_2: list = [
    ("german", []),                                                       # turn 2: the random event roll (19.0)
    ("soviet", [{"bombard": ["Oehms/27SS"]}]),                            # 19.1.2 Soviet bombardment, 8.5.1
    ("soviet", [{"withdraw": "47A-HQ", "order": ["61-HQ", "2GT-HQ"]}]),   # 16.1: hidden; 1.1.4 its stacks hidden too
    ("soviet", []),                                                       # the first draw after the withdrawal
    *[(None, quiet)] * 9,                                                 # the segments; each Soviet slot named (respond);
]                                                                         # the chit opened; the Supply Phase (2.4)
ORDERS: list = [*TURN_1, *TURN_2]


def bench_orders(campaign: Any, waiting: dict, state: dict, rng: Any) -> list | None:
    """The benchmarks' long game: the quiet policy to the last turn."""
    if waiting.get("done"):
        return None
    if waiting["kind"] == "response":
        return respond(campaign, state)
    return quiet(campaign, state)


def plan() -> DemoPlan:
    return DemoPlan("stargard-solstice-demo", "campaign", SEATS, "Stargard Solstice demo (demonstration data)",
                    ORDERS, respond, cast(Any, bench_orders), {"position": "demo", "optional": "16.1", "fog": "true"})
