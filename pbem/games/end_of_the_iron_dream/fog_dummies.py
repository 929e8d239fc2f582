"""25.3 D-E the German dummies and 25.5 D the blind bomber draw, under fog of war (fog.py).

25.3 D: "Germany receives four blank dummy counters to deploy as desired with real units in any
stack outside of France and Italy. Dummy units may never be deployed alone in a hex. They may be
deployed under fort counters with or without German combat units." 15.23 C: "Germany may not
place a dummy unit atop a stack containing only SUs." E: "Germany may deploy and redeploy its
dummy counters at any time during any player-turn."

Orders (the Axis's Operational Movement files, its owner steps; anywhere in the file):
`dummy: dummy-N, at: HEX` places or moves one, `dummy: dummy-N, at: off` takes it off the map.
A dummy is a hidden item of the Axis seat, `{dummy: dummy-N}`, under its hex's top. When an
assault opens its hex (25.3 B) it is revealed and taken off the map (back to the German's four,
to deploy again); so is one its stack left alone (25.3 D) in another camp's step. In the Axis's
own files a dummy left alone is refused.

25.5 D: "If the strike is taking place outside of France or Italy, and the Fog of War rules (25.3)
are in effect, place all the units in the hex in a cup and draw one out blindly. That unit
receives the bombs even if it is a dummy." The prepared assault opens the hex, so every machine
sees the cup: the Axis units in the hex (by id) and its dummies (by name), one die with as many
faces (purpose `bomb/HEX`); the unit the WA's `bomb:` order names only designates the hex.
"""

from __future__ import annotations

import re
from typing import Any
from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from . import fog
from .common import grid, is_type, mapdata, seat_of

DUMMY = re.compile(r"dummy-[1-9][0-9]*")
COUNT = "special.fog_of_war.dummies"
ORDER = "a dummy order is `dummy: dummy-N, at: HEX` or `dummy: dummy-N, at: off` (25.3 D-E)"


def names(data: GameData) -> list[str]:
    return [f"dummy-{n}" for n in range(1, numbers.integer(data, COUNT, "the German dummy counters (25.3 D)") + 1)]


def named(state: dict, ids: list[str]) -> str | None:
    """The first of `ids` the state still refers to, as a value of its own (a leak fog.split refuses
    to sign; a unit named inside a text, e.g. a VP ledger line of a step lost in the open, is history
    the table saw)."""
    wanted = set(ids)
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            found.extend(k for k in node if k in wanted)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and node in wanted:
            found.append(node)
    walk({k: v for k, v in state.items() if k != "fog"})
    return min(found) if found else None


def split_orders(state: dict, orders: list) -> tuple[list, list[tuple[int, dict]]]:
    if not fog.active(state):
        return orders, []
    rest = [o for o in orders if not (isinstance(o, dict) and "dummy" in o)]
    return rest, [(i, o) for i, o in enumerate(orders) if isinstance(o, dict) and "dummy" in o]


def france_italy(data: GameData) -> frozenset[str]:
    from .satellites import country
    return country(data, "france") | country(data, "italy")


def problems(data: GameData, state: dict, side: str, dummies: list[tuple[int, dict]]) -> list[Problem]:
    """25.3 D-E, as far as a file alone shows (the stack a dummy joins is checked after the moves)."""
    try:
        return _problems(data, state, side, dummies)
    except UnknownDataError as exc:
        return [Problem(None, str(exc))]


def template_note(data: GameData, state: dict) -> str:
    """The German's own view: where its dummies are (25.3 E)."""
    placed = ", ".join(f"{d} in {h}" for d, h in sorted(state["fog"]["dummies"].items())) or "none placed"
    return f"dummies (25.3 D-E): `dummy: dummy-N, at: HEX` or `at: off`, anywhere in the file; yours: {placed}"


def _problems(data: GameData, state: dict, side: str, dummies: list[tuple[int, dict]]) -> list[Problem]:
    out = []
    for index, order in dummies:
        at = order.get("at")
        if state["scenario"] == fog.LHJ:
            out.append(Problem(index, "there are no dummy units in the Let History Judge scenario (25.3 G)"))
        elif set(order) != {"dummy", "at"} or not isinstance(at, str):
            out.append(Problem(index, ORDER))
        elif state["phase"] != "movement" or state["army"] != "axis" or side != seat_of({**state, "front": "west"}, "axis"):
            out.append(Problem(index, "Germany deploys its dummies in its Operational Movement files (25.3 E; pbem's reading)"))
        elif str(order["dummy"]) not in names(data):
            out.append(Problem(index, f"{order['dummy']} is not one of Germany's dummies ({', '.join(names(data))}; 25.3 D)"))
        elif at != "off":
            try:
                hex_id = grid(data).canonical(at)
            except ValueError:
                out.append(Problem(index, f"{at} is not a hex (25.3 D)"))
                continue
            if not mapdata(data).listed(hex_id):
                out.append(Problem(index, f"{hex_id} is not a hex of the map (25.3 D)"))
            elif hex_id in france_italy(data):
                out.append(Problem(index, f"{hex_id} is in France or Italy: no dummy there (25.3 D)"))
    return out


def alone_problem(data: GameData, state: dict, dummy: str, hex_id: str) -> str | None:
    from .forts import standing
    axis = [u for u, v in state["units"].items() if v["hex"] == hex_id and v["side"] == "axis"]
    if not axis:
        return None if hex_id in standing(data, state) else f"{dummy} in {hex_id} would be alone: no dummy alone in a hex (25.3 D)"
    if all(is_type(data, u, "supply_unit") for u in axis):
        return f"{dummy} in {hex_id} joins a stack of SUs only (15.23 C)"
    return None


def place(data: GameData, state: dict, dummies: list[tuple[int, dict]], events: list) -> None:
    """25.3 D-E after the file's moves: each dummy placed, moved or taken off; none left alone."""
    placed = dict(state["fog"]["dummies"])
    for _, order in dummies:
        if order["at"] == "off":
            placed.pop(str(order["dummy"]), None)
        else:
            placed[str(order["dummy"])] = grid(data).canonical(order["at"])
    state["fog"]["dummies"] = dict(sorted(placed.items()))
    for dummy, hex_id in sorted(placed.items()):
        why = alone_problem(data, state, dummy, hex_id)
        if why:
            raise PbemError(why)
    if dummies:
        events.append({"event": "dummies", "placed": dict(sorted(placed.items())), "rule": "25.3 E"})


def reveal(data: GameData, state: dict, orders: list, events: list) -> None:
    """25.3 B: a dummy in an assaulted hex is revealed (its stack was opened); D: one left alone by
    its stack (retreated or destroyed) is seen to be one. Either goes back to the German."""
    targets = set()
    for value in fog.attacked(orders):
        try:
            targets.add(grid(data).canonical(value))
        except ValueError:
            continue
    for dummy, hex_id in sorted(state["fog"]["dummies"].items()):
        if hex_id in targets or alone_problem(data, state, dummy, hex_id):
            del state["fog"]["dummies"][dummy]
            events.append({"event": "dummy_revealed", "hex": hex_id, "rule": "25.3 B" if hex_id in targets else "25.3 D"})


# -- 25.5 D --------------------------------------------------------------------------------------
def blind_strike(data: GameData, state: dict, strike: dict, dice: Dice, events: list) -> dict:
    """The bombed unit drawn from the cup of every counter in the hex (25.5 D)."""
    named_unit = str(strike["bomb"])
    if not fog.active(state) or named_unit not in state["units"]:
        return strike                                   # no fog, or 25.5 F's vacant fort
    hex_id = state["units"][named_unit]["hex"]
    if hex_id in france_italy(data):
        return strike                                   # 25.5 C: the WA designate the unit (25.3 C)
    cup = sorted(u for u, v in state["units"].items() if v["hex"] == hex_id and v["side"] == "axis")
    cup += sorted(d for d, h in state["fog"]["dummies"].items() if h == hex_id)
    if len(cup) == 1:
        return {"bomb": cup[0]}
    face = dice.roll(f"bomb/{hex_id}", len(cup), f"the bombed counter in {hex_id}, drawn blindly from {len(cup)} (25.5 D)")
    drawn = cup[face - 1]
    events.append({"event": "bomb_draw", "hex": hex_id, "cup": cup, "drawn": drawn, "rule": "25.5 D"})
    return {"bomb": drawn}


def is_dummy(state: dict, unit_id: str) -> bool:
    return fog.active(state) and unit_id in state["fog"]["dummies"]


def bombed(state: dict, dummy: str, events: list) -> None:
    """25.5 D: "That unit receives the bombs even if it is a dummy": the strike is spent on it."""
    hex_id = state["fog"]["dummies"].pop(dummy)
    events.append({"event": "dummy_revealed", "hex": hex_id, "rule": "25.5 D"})


def hex_of(state: dict, unit_id: str) -> str:
    return str(state["fog"]["dummies"][unit_id]) if is_dummy(state, unit_id) else str(state["units"][unit_id]["hex"])


REPORT_ITEMS = {
    "dummies": lambda e: f"Germany deploys its dummies: {', '.join(f'{d} in {h}' for d, h in e['placed'].items()) or 'none'} "
                         f"({e['rule']})",
    "dummy_revealed": lambda e: f"a German dummy in {e['hex']} is revealed and goes back to Germany ({e['rule']})",
    "bomb_draw": lambda e: f"the bombed counter in {e['hex']} is drawn blindly from {', '.join(e['cup'])}: {e['drawn']} (25.5 D)",
}


# -- the campaign option and the step ------------------------------------------------------------
FOG_OFF = ("25.3 fog of war is the optional campaign option `fog=true`, not chosen here: every "
           "stack shows; 25.5 D's blind draw belongs to it")
FOG_ON = ("25.3 under fog (`fog=true`), pbem's readings: only a stack's top shows (the unit with the most steps, then "
          "the lowest id, never an SU) and how many counters lie under it; shown anyway: satellite and Yugoslav units, "
          "units on EGS or FS or just dropped, the 12th Army (their supply does not follow their hex's), the units a "
          "public VP count names or sums (26.6.3 the French mechanized corps, 26.6.8 G the 65th Z.B.V., 26.6.10-11, "
          "26.6.9 B the Germans in Warsaw, 26.6.4 the Soviet garrisons), Axis stacks in a fortress supply hex (15.16: "
          "its capacity counts them), and in the "
          "two-player game German stacks in France and Italy (25.3 C); so ZOCs (9.1), control (4.1) and every supply "
          "line read the same from the top: the supply checks read the shown units and a hidden unit takes the top's "
          "result when it is put back (an OOS marker still on, a terminal step loss), a 15.10 answer for the top's "
          "line serving the units under it (one hex, one line); an assault opens the defending stack (the defender's "
          "dice reveal) and a file played in the open the stacks of the mover at the hexes and units it names; "
          "Germany deploys its dummies in its Operational Movement files, not at any other time of 25.3 E (each "
          "would be one more signed message per player-turn); not written yet: the three-player WA's ULTRA look at "
          "German stacks in France and Italy (25.3 C: it needs a channel the Soviet does not read; those stacks stay "
          "hidden from both), 25.3 F the holding boxes covered, the four-player game under fog (refused); an "
          "Operational Movement file with a mobile assault rolls dice, so it is played in the open and shows the "
          "mover's stacks until its next file")
FOG_LHJ = ("25.3 G under fog in Let History Judge, pbem's reading: only NATO's (the WA seat's) stacks are hidden, "
           "from the Soviets, until an assault opens them; the Soviets' stacks always show (their files are played "
           "in the open); no dummy units")


def validate(data: GameData, state: dict) -> None:
    from .common import plays
    if not plays(data, 4):
        raise PbemError("25.3 fog of war (option fog=true) is played from behaviour 4 (docs/upgrading.md)")
    if any(s.startswith("axis-") for s in state["seats"]):
        raise PbemError("25.3 fog of war with two German commanders (26.7) is not written yet: their stacks are one "
                        "camp's, hidden from the Alliance but not from each other")
    if state["scenario"] != fog.LHJ:
        names(data)                                   # 25.3 G: no dummy units in Let History Judge


def apply(game: Any, step: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Any:
    """A step under fog: the units caught up on the checks they missed (fog_supply), the step, the
    dummies placed (25.3 E: the Axis's Operational Movement files) or revealed (25.3 B, D), and
    the supply checks recorded for the hidden units."""
    from . import fog_supply, victory
    rest, dummies = split_orders(state, orders)
    found = problems(data, state, side, dummies)
    if found:                                     # as the check refuses them (verify --private replays this)
        raise PbemError(f"illegal orders: order {found[0].index + 1 if found[0].index is not None else ''}: {found[0].message}")
    phase, army = state["phase"], state["army"]
    caught = fog_supply.take_caught(data, state)
    before = victory.snapshot(state)
    outcome = game.apply_step(step, data, state, side, rest, dice)
    if phase == "movement" and army == "axis" and side == seat_of({**outcome.state, "front": "west"}, "axis"):
        place(data, outcome.state, dummies, outcome.events)
    reveal(data, outcome.state, rest, outcome.events)
    fog_supply.record(data, outcome.state, outcome.events, before)
    outcome.events[:0] = caught
    return outcome
