"""2.5, 7.0, 7.1 the Reinforcement Phase: after the Supply Phase each player (the German first)
places the units the schedule brings this turn (15.3; units.yaml `arrives`) and may move them.

`enter: UNIT, at: HEX` — a hex of the unit's entry area (reinforcements.entry_areas.locations.L,
a hex or a list of hexes on the map) or the hex the schedule names ("detrained at hex 37.21"),
never on enemy units nor in an EZOC, friendly units notwithstanding (7.1.2); reinforcements may
overstack on placement but are legally stacked by the end of the phase (6.2, 7.1) — else the
file ends with the overstacking penalty of each hex (6.2.1, overstack.py). Then
`move: UNIT, path: [HEX, ...]` with their full allowance (7.1.1: regular movement; behaviour 3:
also `strategic: true`, 5.4, but never for Corps Tettau and the cavalry, 19.1.5, and `rail: true`,
5.5, rail.py); behaviour 3: `enter: UNIT, at: HEX, rail: true` places a unit in a rail hex its
entry point reaches along the rail lines (5.5.1). With every hex of its area blocked, 7.1.2 lets a unit arrive
within 10 hexes along the same map edge (5 inland, `alternatives`); it is entered `at: none` —
eliminated (7.1.3) — only when none of those is free either. Reinforcements
are in supply and in command on entry (7.0)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.orders import close_spellings
from ..base import Problem
from .common import board, canonical, grid, info, other, stacking_problem, zoc_of, trial_copy
from .overstack import OVERSTACK, penalty
from .setup_data import units as counters

ENTER = "`enter: UNIT, at: HEX` for every reinforcement (7.0), then `move: UNIT, path: [...]` (7.1.1)"


def arrivals(data: GameData, state: dict, side: str) -> list[str]:
    """15.3: the units and HQs of `side` the schedule brings this turn (air units aside)."""
    gone = set(state["units"]) | {d["unit"] for d in state["dead"]} | {d["unit"] for d in state.get("volksturm", [])}
    early = set(state.get("early_hqs", []))          # 12.1: an attacked army's HQ arrives this turn
    scheduled = [u for u, c in counters(data).items()
                 if c.get("side") == side and c.get("type") in ("combat", "hq") and isinstance(c.get("arrives"), dict)
                 and (unwrap(c["arrives"].get("turn")) == state["turn"] or u in early) and u not in gone
                 and c.get("rule") != "16.3"]
    return sorted({*scheduled, *returning(state, side)})


def returning(state: dict, side: str) -> list[str]:
    """12.2.2 "If the HQ cannot be legally relocated, it enters as a reinforcement on the following
    turn at a supply source belonging to that player"."""
    return [e["hq"] for e in state.get("hq_off_map", []) if e["side"] == side and e["turn"] <= state["turn"]]


def entry_hexes(data: GameData, unit_id: str) -> list[str]:
    arrives = counters(data)[unit_id]["arrives"]
    if "hex" in arrives:
        return [canonical(data, unwrap(arrives["hex"]))]
    area = str(unwrap(arrives["area"]))
    where = data.get(f"reinforcements.entry_areas.locations.{area}", f"the hexes of entry area {area} (15.3)")
    return [canonical(data, h) for h in (where if isinstance(where, list) else [where])]


def free(data: GameData, state: dict, side: str, hex_id: str) -> bool:
    """7.1.2: not on enemy units, not in an EZOC (friendly units do not negate it)."""
    info(data, hex_id)
    return not board(state).enemies_in(hex_id, side) and hex_id not in zoc_of(data, state, other(side))


def edges(data: GameData, hex_id: str) -> list[tuple[int, int]]:
    """The map edges (1.2: the id range's first and last columns and rows) a hex lies on, each as
    (part of the id, its value): (0, 1) column 01, (1, 30) row 30."""
    rng = data.get("game.hex_grid.id_range_in_text", "the map's hex ids")
    col, row = int(hex_id[:2]), int(hex_id[2:4])
    return [(part, v) for part, value, key in ((0, col, "first_part"), (1, row, "second_part"))
            for v in (int(rng[key]["from"]), int(rng[key]["to"])) if value == v]


def entry_of(data: GameData, state: dict, side: str, unit_id: str, designated: list[str] | None = None) -> list[str]:
    """The hexes where `unit_id` should enter (7.0): its own entry, or `designated`; an HQ back
    from 12.2.2 at the side's supply sources."""
    if designated is None and unit_id in returning(state, side):
        from .supply import sources_of_side
        designated = list(sources_of_side(data, side))
    return designated if designated is not None else entry_hexes(data, unit_id)


def where(data: GameData, state: dict, side: str, unit_id: str, designated: list[str] | None = None) -> list[str]:
    """The hexes `unit_id` may enter at now (7.0, 7.1.2): its entry, or the alternatives 7.1.2 gives."""
    designated = entry_of(data, state, side, unit_id, designated)
    return alternatives(data, state, side, designated) or designated


def alternatives(data: GameData, state: dict, side: str, designated: list[str]) -> list[str]:
    """7.1.2: with every hex of its entry blocked, a unit "arrive[s] within 10 hexes of their entry
    hex along the same map edge"; an entry within the map, "within 5 hexes of the initially
    designated hex", free of enemy units and EZOCs as ever."""
    if any(free(data, state, side, h) for h in designated):
        return []
    along = numbers.integer(data, "game.reinforcements.blocked_entry.map_edge_within", "the hexes along the edge (7.1.2)")
    inland = numbers.integer(data, "game.reinforcements.blocked_entry.inland_within", "the hexes inland (7.1.2)")
    rng = data.get("game.hex_grid.id_range_in_text", "the map's hex ids")
    every = [f"{c:02d}{r:02d}" for c in range(int(rng["first_part"]["from"]), int(rng["first_part"]["to"]) + 1)
             for r in range(int(rng["second_part"]["from"]), int(rng["second_part"]["to"]) + 1)]
    out = set()
    for entry in designated:
        lines = edges(data, entry)
        reach = along if lines else inland
        for hex_id in every:
            if hex_id == entry or grid(data).distance(entry, hex_id) > reach:
                continue
            if lines and not set(lines) & set(edges(data, hex_id)):
                continue                                      # along the same map edge
            if free(data, state, side, hex_id):
                out.add(hex_id)
    return sorted(out)


def start(data: GameData, state: dict, events: list) -> bool:
    """Open the Reinforcement Phase if a side has reinforcements this turn (2.5); the air units
    of the turn join their box at once (13.0, 15.3)."""
    if "air" in state:
        for unit_id, c in sorted(counters(data).items()):
            arrives = c.get("arrives")
            if c.get("type") == "air" and isinstance(arrives, dict) and unwrap(arrives.get("turn")) == state["turn"]:
                box = state["air"][c["side"]]["box"]
                if unit_id not in box:
                    box.append(unit_id)
                    box.sort()
                    events.append({"event": "air_arrives", "unit": unit_id, "rule": "15.3"})
    sides = [s for s in ("german", "soviet") if arrivals(data, state, s)]
    if not sides:
        return False
    state["reinforcing"], state["phase"] = sides, "reinforce"
    return True


def carry_out(data: GameData, state: dict, side: str, orders: list, events: list,
              arriving: dict[str, tuple[int, list[str]]] | None = None) -> Problem | None:
    """Check the file on `state` (a copy in a check) and carry it out there; `arriving` the units
    of a random event instead of the schedule's (unit -> steps, entry hexes; 19.1.5). A refusal
    names its order (None: the file as a whole), which `pbem check` shows with the file's line."""
    due = sorted(arriving) if arriving is not None else arrivals(data, state, side)
    entered: list[str] = []
    penalties: list[tuple[int, dict]] = []
    for index, order in enumerate(orders):
        if "overstack" in order:             # 6.2.1, after the moves
            penalties.append((index, order))
            continue
        why = one(data, state, side, order, due, entered, events, arriving)
        if why:
            return Problem(index, why)
    missing = sorted(set(due) - set(entered))
    if missing:
        return Problem(None, f"enter {', '.join(missing)} too (7.0, 15.3): {ENTER}")
    for index, order in penalties:
        why = penalty(data, state, order, events)
        if why:
            return Problem(index, why)
    for unit_id in entered:
        if unit_id in state["units"]:
            why = stacking_problem(data, state, state["units"][unit_id]["hex"], side)
            if why:
                return Problem(None, f"{why}: reinforcements are legally stacked by the end of the phase (6.2, 7.1), "
                                     f"else {OVERSTACK}")
    return None


def unknown_unit(unit_id: str, due: list[str], side: str) -> str:
    """15.3: a unit that is not due this turn, with the due ids spelled nearly like it."""
    close = close_spellings(unit_id, due)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return f"{unit_id} is not a {side} reinforcement to enter this turn (15.3){hint}: {ENTER}"


def one(data: GameData, state: dict, side: str, order: dict, due: list[str], entered: list[str], events: list,
        arriving: dict[str, tuple[int, list[str]]] | None) -> str | None:
    """One `enter` or `move` order of the file, carried out on `state` (7.0, 7.1.1-7.1.3)."""
    from .movement import kind_problem, one_order
    from .rail import lines_problem, route
    if "enter" in order:
        unit_id, at = str(order["enter"]), order.get("at")
        if unit_id in entered:
            return f"{unit_id} is entered twice in this file: each reinforcement enters once (7.0)"
        if unit_id not in due:
            return unknown_unit(unit_id, due, side)
        hexes = where(data, state, side, unit_id, arriving[unit_id][1] if arriving else None)   # 7.1.2
        if "rail" in order:                                              # 5.5.1
            why = kind_problem(data, state, unit_id, order, False, order["rail"]) or (
                lines_problem(data) if order["rail"] is True else None)
            if why:
                return why
            if order["rail"] is True:
                entry = entry_of(data, state, side, unit_id, arriving[unit_id][1] if arriving else None)
                hexes = sorted(route(data, state, side, entry))
                if canonical(data, at) not in hexes:
                    return (f"{unit_id} is placed by rail in a rail hex tracing a continuous rail route, unblocked by "
                            f"EZOCs or enemy units (including HQs), to its entry point {', '.join(entry)}: "
                            f"{', '.join(hexes) or 'none'} (5.5.1)")
        if at == "none":
            if any(free(data, state, side, h) for h in hexes):
                return f"{unit_id} can enter at {', '.join(h for h in hexes if free(data, state, side, h))} (7.1.2, 7.1.3)"
            entered.append(unit_id)
            state["dead"].append({"unit": unit_id, "side": side})
            events.append({"event": "eliminated", "unit": unit_id, "why": "no hex to enter (7.1.3)"})
            return None
        hex_id = canonical(data, at)
        if hex_id not in hexes or not free(data, state, side, hex_id):
            return f"{unit_id} enters at a hex of its area free of enemy units and EZOCs: {', '.join(hexes)} (7.0, 7.1.2)"
        full = counters(data)[unit_id]
        steps = 1 if full.get("type") == "hq" else int(data.get(f"units.counters.{unit_id}.steps", f"the steps of {unit_id}"))
        steps = arriving[unit_id][0] if arriving else steps
        state["units"][unit_id] = {"side": side, "hex": hex_id, "steps": steps, "supply": "in"}
        if unit_id in returning(state, side):                           # 12.2.2: back on the map
            state["hq_off_map"] = [e for e in state["hq_off_map"] if e["hq"] != unit_id]
        entered.append(unit_id)
        events.append({"event": "entered", "unit": unit_id, "hex": hex_id,
                       **({"rule": "7.0, 5.5.1", "rail": True} if order.get("rail") is True else {"rule": "7.0"})})
        return None
    if "move" not in order:
        return f"expected {ENTER}"
    unit_id = str(order["move"])
    if unit_id not in entered:
        close = close_spellings(unit_id, entered)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return f"only the reinforcements entered in this file move now (7.1.1): {order['move']}{hint}"
    if unit_id in state["moved"]:
        return f"{unit_id} has already moved this segment: one move per reinforcement (5.1, 7.1.1)"
    state.update(active=side, hq=None, activated=sorted(set(entered) - set(state["moved"])))
    start_hex = state["units"][unit_id]["hex"]
    moved: list[dict] = []
    why = one_order(data, state, order, moved)
    if why:
        return why
    flags = {k: True for k in ("strategic", "rail") if order.get(k) is True}         # 7.1.1 (behaviour 3)
    events += [{"event": "move", "unit": unit_id, "path": [start_hex, *[canonical(data, h) for h in order["path"]]],
                **flags}, *moved]
    return None


def check_reinforce(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .game import GAME
    from .supply import turn_end_check
    work = trial_copy(state)
    work.update(moved=[], independents=[])
    events: list[dict] = []
    problem = carry_out(data, work, side, orders, events)
    if problem:
        return [problem]
    if state["reinforcing"] == [side]:
        turn_end_check(data, work)
    GAME.keep_plan("reinforce", state, orders, (work, events))      # the apply of this step takes it (issue 13)
    return []


def apply_reinforce(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .game import GAME
    from .soviet_rp import after_reinforcements
    events: list[dict] = []
    saved = {k: state[k] for k in ("active", "hq", "activated", "moved", "independents")}
    plan = GAME.checked_plan("reinforce", state, orders)
    if plan is None:
        state.update(moved=[], independents=[])
        carry_out(data, state, side, orders, events)
    else:       # the check carried this very file out on a copy of this very state: the same state and events
        work, events = plan
        state.clear()
        state.update(work)
    state.update(saved)
    state["units"] = dict(sorted(state["units"].items()))
    state["reinforcing"].remove(side)
    if not state["reinforcing"]:
        del state["reinforcing"]
        after_reinforcements(data, state, events)           # 2.5.1, then 2.6
    return events
