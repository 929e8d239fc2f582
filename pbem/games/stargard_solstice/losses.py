"""8.6 step losses, 9.0 retreats and 10.0 advance after combat.

A side with a choice answers its part of a combat result in one signed file (the defender's
is a `response` of the sequence of play; the attacker's, on a double result, its own orders):
`steps: [UNIT, ...]` every step lost, in order — the first from the strongest unit (8.6.1,
ties the owner's choice), the rest where the owner likes (8.6.2), then one for each EZOC hex
the retreating stack enters (9.1.2) and each hex it cannot retreat (9.4) — and
`retreat: {UNIT: [HEX, ...]}` each surviving unit's route (9.1.4: together or apart)."""

from __future__ import annotations

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .combat import city, festung, village_or_city
from .common import (PRINTED_ON, board, canonical, combat_units, full_steps, grid, hexes, hexside, is_hq, side_of,
                     mechanized, other, printed, set_steps, stacking_problem, zoc_of, trial_copy)
from . import victory
from .hqs import next_relocation, queue as queue_relocation
from .movement import lone_hqs, step_cost

ANSWER = "`steps: [UNIT, ...]` every step lost, first-loss first (8.6); `retreat: {UNIT: [HEX, ...]}` (9.0)"


# -- resolving a result ------------------------------------------------------------------
def resolve(data: GameData, state: dict, side: str, battle: dict, result: dict, events: list) -> None:
    """8.1: the defender executes its result first; on a double result (both sides affected)
    the attacker does (8.1.1). 8.7: a defender in a city ignores the first loss; 9.5: in a
    village or city the first hex of retreat; 12.3: a Festung ignores retreats. P pins (8.1.2)."""
    target = battle["hex"]
    attack, defend = dict(result["A"]), dict(result["D"])
    if defend["steps"] and city(data, target):
        defend["steps"] -= 1
        events.append({"event": "negated", "what": "the first loss", "hex": target, "rule": "8.7"})
    if defend["retreat"] and village_or_city(data, target):
        defend["retreat"] -= 1
        events.append({"event": "negated", "what": "the first hex of retreat", "hex": target, "rule": "9.5"})
    for part, units in ((attack, battle["attackers"]), (defend, battle["defenders"])):
        if part["pinned"]:
            for unit_id in units:
                state["units"][unit_id]["pinned"] = True
            events.append({"event": "pinned", "units": list(units), "rule": "8.1.2"})
    hqs = [u for u in board(state).units_in(target) if is_hq(data, u)]
    items = {}
    for role, part, units, owner in (("attacker", attack, battle["attackers"], side),
                                     ("defender", defend, battle["defenders"] + hqs, other(side))):
        if part["steps"] or part["retreat"]:
            items[role] = {"role": role, "side": owner, "units": units, "steps": part["steps"],
                           "retreat": part["retreat"], "origin": {u: state["units"][u]["hex"] for u in units}}
    if len(items) == 2:
        events.append({"event": "order", "why": "a double result: the attacker executes first (8.1.1)"})
        queue = [items["attacker"], items["defender"]]
    else:
        queue = list(items.values())
    b = board(state)
    hq_stacks = {hq: [u for u in b.units_in(h) if not is_hq(data, u)]
                 for h in sorted({target, *(state["units"][u]["hex"] for u in battle["attackers"])})
                 for hq in b.units_in(h) if is_hq(data, hq)}
    state["pending"] = {"hex": target, "attackers": battle["attackers"], "defenders": battle["defenders"],
                        "queue": queue, "retreated": False, "hq_stacks": hq_stacks}
    next_part(data, state, events)


def next_part(data: GameData, state: dict, events: list) -> None:
    """The next side's part: answered at once where the rules leave no choice, else awaited."""
    pending = state["pending"]
    while pending["queue"]:
        part = pending["queue"][0]
        part["units"] = [u for u in part["units"] if u in state["units"]]
        automatic = no_choice(data, state, part)
        if automatic is None:
            state["phase"] = f"{part['role']}_answer"
            return
        pending["queue"].pop(0)
        carry_out(data, state, part, automatic, {}, events)
    target = pending["hex"]
    if not combat_units(data, state, target):
        survivors = [u for u in pending["attackers"] if u in state["units"] and u not in pending.get("moved", [])]
        # 12.2.4: an HQ stacked with attackers at the start of the combat may advance with them
        hqs = {hq: [u for u in mates if u in survivors] for hq, mates in pending.get("hq_stacks", {}).items()
               if hq in state["units"] and side_of(state, hq) == state["active"]}
        state["vacated"] = {"hex": target, "units": survivors, "retreated": pending["retreated"],
                            "hqs": {hq: mates for hq, mates in sorted(hqs.items()) if mates}, "advanced": {}}
    for hq, mates in sorted(pending.get("hq_stacks", {}).items()):
        if hq in state["units"] and mates and not any(u in state["units"] for u in mates):
            queue_relocation(state, hq, state["units"][hq]["hex"], "its stack eliminated (12.2.1)", "combat")
    state["pending"] = None
    state["phase"] = "combat"
    next_relocation(state)


def no_choice(data: GameData, state: dict, part: dict) -> list[str] | None:
    """The steps lost when the owner has no choice (no retreat and the first loss only, from a
    unit stronger than the others, or every step of the stack); None when it must answer."""
    combat = [u for u in part["units"] if not is_hq(data, u)]
    total = sum(state["units"][u]["steps"] for u in combat)
    if part["steps"] >= total:
        return [u for u in combat for _ in range(state["units"][u]["steps"])]
    if part["retreat"] and any(not festung(data, u) for u in part["units"]):
        return None
    if part["steps"] == 0:
        return []
    strongest = first_loss(data, state, part)
    return [strongest[0]] if part["steps"] == 1 and len(strongest) == 1 else None


def first_loss(data: GameData, state: dict, part: dict) -> list[str]:
    """8.6.1: the unit(s) with the highest printed attack (attacker) or defence (defender)."""
    which = "attack" if part["role"] == "attacker" else "defense"
    combat = [u for u in part["units"] if not is_hq(data, u)]
    best = max(printed(data, state, u, which) for u in combat)
    return [u for u in combat if printed(data, state, u, which) == best]


# -- the answer --------------------------------------------------------------------------
def gather(orders: list) -> tuple[list[str], dict[str, list[str]], str | None]:
    steps: list[str] = []
    routes: dict[str, list[str]] = {}
    for order in orders:
        if set(order) - {"steps", "retreat"}:
            return [], {}, f"expected {ANSWER}"
        if not isinstance(order.get("steps", []), list) or not isinstance(order.get("retreat", {}), dict):
            return [], {}, f"expected {ANSWER}"
        steps += [str(u) for u in order.get("steps", [])]
        routes.update({str(u): [str(h) for h in p] for u, p in order.get("retreat", {}).items()})
    return steps, routes, None


def check_answer(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    part = state["pending"]["queue"][0]
    steps, routes, why = gather(orders)
    if why:
        return [Problem(None, why)]
    routes = {u: [canonical(data, h) for h in p] for u, p in routes.items()}
    why = answer_problem(data, state, part, steps, routes)
    return [Problem(answer_index(orders, line), line) for line in why.split("\n")] if why else []


def answer_index(orders: list, message: str) -> int | None:
    """The order a refusal of an answer belongs to, for the file's line: the retreat entry of the
    unit it names, else the file's only order (None: the file as a whole)."""
    for index, order in enumerate(orders):
        if any(message.startswith(f"{u}:") for u in order.get("retreat", {})):
            return index
    return 0 if len(orders) == 1 else None


def answer_problem(data: GameData, state: dict, part: dict, steps: list[str], routes: dict[str, list[str]]) -> str | None:
    combat = [u for u in part["units"] if not is_hq(data, u)]
    left = {u: state["units"][u]["steps"] for u in combat}
    lost = min(part["steps"], sum(left.values()))
    for unit_id in steps:
        if unit_id not in left:
            return f"{unit_id} is not a unit of this combat that can lose a step (8.6)"
    if lost and (len(steps) < lost or steps[0] not in first_loss(data, state, part)):
        return (f"the first step lost comes from the strongest unit: {' or '.join(first_loss(data, state, part))} (8.6.1); "
                f"{lost} step(s) to take")
    after = dict(left)
    for unit_id in steps[:lost]:
        after[unit_id] -= 1
        if after[unit_id] < 0:
            return f"{unit_id} has no step left to lose (8.6)"
    movers = [u for u in part["units"] if (is_hq(data, u) or after[u] > 0) and not festung(data, u)]
    if not part["retreat"] or not any(not is_hq(data, u) for u in movers):
        if routes:
            return "no retreat is called for (9.0)"
        return f"{len(steps)} step(s) listed; {lost} to lose (8.6)" if len(steps) != lost else None
    owed, _, why = retreat_owed(data, state, part, movers, routes)
    if why:
        return why
    for unit_id in movers:
        victory.enter_check(data, state, unit_id, routes[unit_id])
    extra = steps[lost:]
    needed = sum(min(n, sum(after[u] for u in group if u in after)) for group, n in owed)
    if len(extra) != needed:
        return f"{lost} step(s) from the result and {needed} for the retreat (9.1.2, 9.4): list {lost + needed}, not {len(steps)}"
    for unit_id in extra:
        if after.get(unit_id, 0) <= 0 or not any(unit_id in group and n for group, n in owed):
            return f"{unit_id} cannot take a retreat loss: it did not retreat into an EZOC or fail to retreat (9.1.2, 9.4)"
        after[unit_id] -= 1
    return None


def retreat_owed(data: GameData, state: dict, part: dict, movers: list[str], routes: dict[str, list[str]]
                 ) -> tuple[list[tuple[tuple[str, ...], int]], list[str], str | None]:
    """Each stack's route checked (9.1-9.4, 6.1, 6.2) and the steps it owes: one per EZOC hex
    entered (9.1.2, per stack, not per unit) and one per hex it cannot retreat (9.4); and the
    units eliminated at an overstacked end with no legal additional hex (6.2)."""
    missing = sorted(set(movers) - set(routes))
    if missing:
        return [], [], f"give the retreat route of {', '.join(missing)} ({part['retreat']} hex(es), 9.1.1; HQs with their stack, 9.3.1)"
    stray = sorted(set(routes) - set(movers))
    if stray:
        return [], [], f"{', '.join(stray)} do(es) not retreat (9.0, 12.3)"
    ezoc = zoc_of(data, state, other(part["side"]))
    work = trial_copy(state)
    groups: dict[tuple[str, ...], list[str]] = {}
    extra: list[str] = []
    bad: list[str] = []                         # each illegal route, one line apiece
    for unit_id in movers:
        path = tuple(routes[unit_id])
        allowed = best_routes(data, state, part["side"], part["origin"][unit_id], part["retreat"], overruns(data, state, unit_id),
                              unit_id)
        length = len(next(iter(allowed))) if allowed else 0
        if path not in allowed and not (length and len(path) == length + 1 and path[:-1] in allowed):
            shown = "; ".join(" → ".join(p) for p in sorted(allowed)[:6]) or "none: it cannot retreat"
            bad.append(f"{unit_id}: {' → '.join(path) or 'no route'} is not a legal retreat of {length} hex(es) "
                       f"(9.2 each hex farther, 9.2.1 toward the nearest supply source, 9.2.2 avoiding EZOCs); "
                       f"legal: {shown}")
            continue
        if path not in allowed:
            extra.append(unit_id)
        groups.setdefault(path, []).append(unit_id)
        if path:
            work["units"][unit_id]["hex"] = path[-1]
    if bad:
        return [], [], "\n".join(bad)
    why = extra_problem(data, state, work, part, routes, extra)
    if why:
        return [], [], why
    doomed: list[str] = []
    for path, units in groups.items():
        if path and stacking_problem(data, work, path[-1], part["side"], hq_limit=False):
            for unit_id in units:
                if any(extra_hex(data, state, work, part, [*path, n], unit_id) is None for n in grid(data).neighbours(path[-1])):
                    return [], [], (f"{stacking_problem(data, work, path[-1], part['side'], hq_limit=False)}: {unit_id} must retreat one "
                                    f"additional hex (6.2)")
            doomed += [u for u in units if not is_hq(data, u)]
    owed = [(tuple(u for u in units if not is_hq(data, u) and u not in doomed),
             sum(1 for h in path if h in ezoc) + max(part["retreat"] - len(path), 0)) for path, units in groups.items()]
    return owed, doomed, None


def extra_problem(data: GameData, state: dict, work: dict, part: dict, routes: dict[str, list[str]],
                  extra: list[str]) -> str | None:
    """6.2: a unit retreats one hex farther only from a hex where it would exceed the limit."""
    for unit_id in extra:
        path = routes[unit_id]
        stopped = trial_copy(work)
        stopped["units"][unit_id]["hex"] = path[-2] if len(path) > 1 else part["origin"][unit_id]
        if stacking_problem(data, stopped, stopped["units"][unit_id]["hex"], part["side"], hq_limit=False) is None:
            return f"{unit_id} retreats one hex more than the result only from an overstacked hex (6.2)"
        why = extra_hex(data, state, work, part, path, unit_id)
        if why:
            return why
    return None


def extra_hex(data: GameData, state: dict, work: dict, part: dict, path: list[str], unit_id: str) -> str | None:
    """Why the last hex of `path` is no legal additional retreat hex for the unit (6.2, 9.2, 9.4)."""
    g = grid(data)
    origin, here, there = part["origin"][unit_id], (path[-2] if len(path) > 1 else part["origin"][unit_id]), path[-1]
    if g.distance(origin, there) != len(path) or there in board(state).enemy_hexes(part["side"]):
        return f"{unit_id} cannot retreat on into {there} (9.2, 5.3)"
    if not on_map(data, there) or step_cost(data, here, there)[0] is None:
        return f"{unit_id} cannot retreat on into {there} (9.4)"
    moved = trial_copy(work)
    moved["units"][unit_id]["hex"] = there
    return stacking_problem(data, moved, there, part["side"], hq_limit=False)


def on_map(data: GameData, hex_id: str) -> bool:
    """A hex the campaign lists; an unlisted one inside the printed id range (15.0) must be
    listed first, one outside it is off the map (1.2.1, 5.3.1)."""
    if hex_id in hexes(data):
        return True
    # read once per data (a supply line asks at every hex off the list; derived notes the override each time)
    rng = data.derived("stargard.id_range", lambda: data.get("game.hex_grid.id_range_in_text", "the map's hex ids"))
    col, row = int(hex_id[:2]), int(hex_id[2:4])
    inside = rng["first_part"]["from"] <= col <= rng["first_part"]["to"] and rng["second_part"]["from"] <= row <= rng["second_part"]["to"]
    if inside:
        raise UnknownDataError(f"map.hexes.{hex_id}", f"hex {hex_id} and its terrain", PRINTED_ON, data.override_file)
    return False


def routes(data: GameData, state: dict, side: str, origin: str, length: int, overrun: bool = False) -> list[tuple[str, ...]]:
    """Every route of up to `length` hexes, each farther from the origin (9.2), into hexes the
    unit could enter by regular movement (9.4, 9.1.3), never into enemy units (5.3); only the
    longest found are kept."""
    g = grid(data)
    enemy = board(state).enemy_hexes(side) - (lone_hqs(data, state, side) if overrun else set())   # 9.3.2
    found: list[tuple[str, ...]] = [()]

    def extend(path: tuple[str, ...]) -> None:
        here = path[-1] if path else origin
        for n in g.neighbours(here):
            if g.distance(origin, n) != len(path) + 1 or not on_map(data, n) or n in enemy:
                continue
            if step_cost(data, here, n)[0] is None:
                continue
            found.append((*path, n))
            if len(path) + 1 < length:
                extend((*path, n))
    extend(())
    longest = max(len(p) for p in found)
    return [p for p in found if len(p) == longest]


def best_routes(data: GameData, state: dict, side: str, origin: str, length: int,
                overrun: bool = False, unit_id: str | None = None) -> set[tuple[str, ...]]:
    """9.2.1: toward the nearest friendly supply source if possible — the unit's own (11.2.2 the
    1st Polish Army, 11.2.4 the 10th SS); 9.2.2: then avoiding EZOCs."""
    from .supply import sources as own_sources
    candidates = routes(data, state, side, origin, length, overrun)
    if candidates == [()]:
        return {()}
    if unit_id is not None and not is_hq(data, unit_id):
        sources = sorted(own_sources(data, state, unit_id))
    else:
        sources = [canonical(data, h) for h in numbers.texts(data, f"supply.sources.source_hexes.{side}",
                                                             f"the {side} supply source hexes (1.2.9, 11.2)")]
    g = grid(data)
    near = {p: min(g.distance(p[-1], s) for s in sources) for p in candidates}
    closest = min(near.values())
    candidates = [p for p in candidates if near[p] == closest]
    ezoc = zoc_of(data, state, other(side))
    entered = {p: sum(1 for h in p if h in ezoc) for p in candidates}
    fewest = min(entered.values())
    return {p for p in candidates if entered[p] == fewest}


def carry_out(data: GameData, state: dict, part: dict, steps: list[str], routes: dict[str, list[str]], events: list) -> None:
    for unit_id in steps:
        if unit_id in state["units"]:
            set_steps(data, state, unit_id, state["units"][unit_id]["steps"] - 1, events, f"{part['role']}'s loss (8.6)")
    for unit_id, path in sorted(routes.items()):
        if unit_id in state["units"] and path:
            overrun_on(data, state, unit_id, path, events)
            start = state["units"][unit_id]["hex"]
            state["units"][unit_id]["hex"] = path[-1]
            state["units"][unit_id].pop("on_top", None)        # 6.3.1: it left the stack it topped
            events.append({"event": "retreat", "unit": unit_id, "path": [start, *path]})
            victory.enter(data, state, unit_id, path, events)
            if part["role"] == "defender" and not is_hq(data, unit_id):
                state["pending"]["retreated"] = True
            if part["role"] == "attacker":
                state["pending"].setdefault("moved", []).append(unit_id)


def overruns(data: GameData, state: dict, unit_id: str) -> bool:
    """5.3: a combat unit with an attack strength greater than zero overruns a lone enemy HQ."""
    return not is_hq(data, unit_id) and printed(data, state, unit_id, "attack") > 0


def overrun_on(data: GameData, state: dict, unit_id: str, path: list[str], events: list) -> None:
    """9.3.2, 12.2.6: a retreating or advancing combat unit entering a lone enemy HQ's hex
    overruns it; its owner relocates it (12.2.2) once the combat is over."""
    if not overruns(data, state, unit_id):
        return
    lone = lone_hqs(data, state, side_of(state, unit_id))
    for hex_id in path:
        if hex_id in lone:
            for hq in board(state).units_in(hex_id):
                events.append({"event": "overrun", "hq": hq, "hex": hex_id, "unit": unit_id, "rule": "9.3.2, 12.2.6"})
                queue_relocation(state, hq, hex_id, "overrun (12.2.6)", "combat")


def apply_answer(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    part = state["pending"]["queue"].pop(0)
    steps, routes_given, _ = gather(orders)
    routes_given = {u: [canonical(data, h) for h in p] for u, p in routes_given.items()}
    events: list[dict] = [{"event": "answer", "side": side, "role": part["role"], "hex": state["pending"]["hex"]}]
    doomed: list[str] = []
    if routes_given and part["retreat"]:
        after = trial_copy(state)
        for unit_id in steps:
            after["units"][unit_id]["steps"] -= 1
            if after["units"][unit_id]["steps"] <= 0:
                after["units"].pop(unit_id)
        movers = [u for u in part["units"] if u in routes_given and u in after["units"]]
        _, doomed, _ = retreat_owed(data, after, part, movers, routes_given)
    carry_out(data, state, part, steps, routes_given, events)
    for unit_id in doomed:
        if unit_id in state["units"]:
            set_steps(data, state, unit_id, 0, events, "overstacked at the end of its retreat, no additional hex (6.2)")
    b = board(state)
    for hq in sorted(routes_given):                 # 6.3: an HQ retreating into another HQ's hex is relocated
        if hq in state["units"] and is_hq(data, hq) and routes_given[hq] and \
                sum(1 for u in b.units_in(state["units"][hq]["hex"]) if is_hq(data, u)) > 1:
            queue_relocation(state, hq, state["units"][hq]["hex"], "retreated into another HQ's hex (6.3)", "combat")
    next_part(data, state, events)
    return events


# -- 10.0 advance after combat -----------------------------------------------------------
def check_advances(data: GameData, state: dict, side: str, orders: list) -> tuple[list[Problem], list[int]]:
    """Advances first (10.0, the head of the next Combat-segment file), then at most the attack."""
    work: dict | None = None
    problems, attacks = [], []
    for index, order in enumerate(orders):
        if "attack" in order:
            attacks.append(index)
        elif "advance" in order:
            if attacks:
                problems.append(Problem(index, "advances come before the next attack (10.0)"))
                continue
            work = trial_copy(state) if work is None else work      # copied at the first advance (most files have none)
            why = advance(data, work, order)
            if why:
                problems.append(Problem(index, why))
        else:
            problems.append(Problem(index, "expected `advance: UNIT, path: [HEX, ...]` (10.0) or an attack (8.2)"))
    return problems, attacks


def advance(data: GameData, state: dict, order: dict, events: list | None = None) -> str | None:
    """10.0: into the vacated defender's hex first, no MP, EZOCs ignored; 10.3 mechanized units
    two hexes when the defender retreated, 10.3.1 stopping after an unbridged river or a village
    or city; 10.4 others one; 11.3.3 one if OOS or isolated; 10.5 only where it could move."""
    vacated = state.get("vacated")
    unit_id = str(order["advance"])
    path = [canonical(data, h) for h in order.get("path") or []]
    if vacated and unit_id in vacated.get("hqs", {}):
        return hq_advance(data, state, unit_id, path, events)
    if not vacated or unit_id not in vacated["units"]:
        return f"{unit_id} may not advance: no hex its attack vacated (10.0)"
    if not path or path[0] != vacated["hex"]:
        return f"the first hex of an advance is the defender's hex {vacated['hex']} (10.0)"
    two = (vacated["retreated"] and mechanized(data, unit_id)
           and state["units"][unit_id].get("supply") not in ("oos", "isolated"))
    if len(path) > (2 if two else 1):
        return f"{unit_id} may advance {2 if two else 1} hex(es) (10.3, 10.4, 11.3.3)"
    here = state["units"][unit_id]["hex"]
    enemy = board(state).enemy_hexes(state["units"][unit_id]["side"])
    if overruns(data, state, unit_id):           # 12.2.6: an advance may overrun a lone enemy HQ
        enemy -= lone_hqs(data, state, state["units"][unit_id]["side"])
    for index, hex_id in enumerate(path):
        if not grid(data).adjacent(here, hex_id) or hex_id in enemy:
            return f"{unit_id} cannot advance from {here} into {hex_id} (10.0, 5.3)"
        cost, why = step_cost(data, here, hex_id)
        if cost is None:
            return f"{unit_id} may not advance: {why} (10.5, 10.5.1)"
        if index == 0 and len(path) == 2:
            river = {"minor_river", "major_river"} & set(hexside(data, here, hex_id)) and "bridge" not in hexside(data, here, hex_id)
            if river or village_or_city(data, hex_id):
                return f"{unit_id} stops in {hex_id}: it crossed an unbridged river or entered a village or city (10.3.1)"
        here = hex_id
    state["units"][unit_id]["hex"] = here
    state["units"][unit_id].pop("on_top", None)                # 6.3.1: it left the stack it topped
    vacated["units"].remove(unit_id)
    vacated.setdefault("advanced", {})[unit_id] = path
    victory.enter(data, state, unit_id, path, [] if events is None else events)
    return stacking_problem(data, state, here, state["units"][unit_id]["side"])


def hq_advance(data: GameData, state: dict, hq: str, path: list[str], events: list | None) -> str | None:
    """12.2.4: "An HQ stacked with combat units at the start of a combat may advance with them, at
    the attacker's choice, if they advance after that combat. It may advance two hexes if stacked
    with mechanized units advancing two hexes": along the path of a unit of its stack that has
    advanced (an earlier order of the file)."""
    vacated = state["vacated"]
    if not any(vacated["advanced"].get(u) == path for u in vacated["hqs"][hq]):
        return f"{hq} advances only along the path of a unit of its stack that advanced before it (12.2.4)"
    state["units"][hq]["hex"] = path[-1]
    del vacated["hqs"][hq]
    return stacking_problem(data, state, path[-1], state["units"][hq]["side"])


def apply_advances(data: GameData, state: dict, side: str, orders: list) -> list[dict]:
    events = []
    for order in orders:
        unit_id = str(order["advance"])
        start = state["units"][unit_id]["hex"]
        captured: list[dict] = []
        if not is_hq(data, unit_id):
            overrun_on(data, state, unit_id, [canonical(data, h) for h in order["path"]], captured)
        why = advance(data, state, order, captured)
        if why:
            raise PbemError(f"internal: an advance checked legal is not: {why}")
        events.append({"event": "advance", "unit": unit_id, "path": [start, *[canonical(data, h) for h in order["path"]]]})
        events += captured
    return events


def steps_label(data: GameData, state: dict, unit_id: str) -> str:
    return f"{state['units'][unit_id]['steps']}/{full_steps(data, unit_id)}"
