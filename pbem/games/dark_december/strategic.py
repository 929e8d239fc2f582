"""Road control (5.7) and strategic movement (10.4, 10.6.2, 11.2 B, 11.3 B, 12.2, 20.1 A-C): campaigns of
behaviour 3, whose state holds `strategic` (the units marked), `road_control` (road hexes whose control a
unit's entry set, 5.7 D) and `clear_arrivals` (20.1 C).

Costs are counted against the unit's strategic movement capability, its MA divided by its road rate
(10.4.2 B/C: motorized 1/3, German infantry types 1/2, Allied infantry types 1/5), as the 10.4.4 example
counts them: "a 3-4-5, would have a strategic movement capability of 25 (5 x 5)", a connected friendly
road hex 1 of it, any other hex its normal terrain cost (10.4.4 A; German infantry types 10.4.4 B's
1 or 2). "Infantry type" is read as 13.7.1 A lists it: infantry, parachute and glider infantry,
engineers and leaders (15.4 B: leaders move as infantry)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ...kit.movement import ZocRules, walk
from .common import (COUNTER, air_superiority, board, counter, enemy_zoc, factor, half_up, in_class, mapdata, road, supply_status,
                     terrain_kinds)

STRAT = "game.movement.strategic"
CONTROL = "the set-up: roads in and behind each side's lines (5.7 C)"


def on(state: dict) -> bool:
    """Strategic movement and road control are played (behaviour 3: the state holds the markers)."""
    return "strategic" in state


def in_sm(state: dict, unit_id: str) -> bool:
    return unit_id in state.get("strategic", ())


# -- 5.7 road control ---------------------------------------------------------------------------
def road_hex(data: GameData, state: dict, hex_id: str) -> bool:
    hexes = mapdata(data)
    return any(road(data, state, hex_id, n) for n in hexes.grid.neighbours(hex_id) if hexes.listed(n))


def control(data: GameData, state: dict, hex_id: str) -> str:
    """5.7 D the side of the last unit to enter the road hex; before any did, 5.7 C the side whose lines hold
    it at the start (group data: the road hexes Germany controls, `map.road_control.german_at_start.SCENARIO`;
    5.7 B every other road hex is Allied)."""
    if hex_id in state["road_control"]:
        return str(state["road_control"][hex_id])
    key = str(state["scenario"]).replace("-", "_")
    german = numbers.texts(data, f"map.road_control.german_at_start.{key}",
                           "the road hexes Germany controls at the start of the scenario (5.7 A, C)")
    return "german" if hex_id in german else "allies"


def entered(data: GameData, state: dict, events: list) -> None:
    """5.7 D: each road hex a unit entered (moved, entered the map, retreated, advanced, dropped) is its side's,
    at once and in the order of the events."""
    if not on(state):
        return
    for event in events:
        kind = event.get("event")
        if kind not in ("move", "enter", "retreat", "advance", "paradrop") or ("path" not in event and "hex" not in event):
            continue
        units = event.get("units") or [event["unit"]]
        side = str(counter(data, units[0])["side"])
        for hex_id in event.get("path") or [event["hex"]]:
            if road_hex(data, state, str(hex_id)):
                state["road_control"][str(hex_id)] = side
    state["road_control"] = dict(sorted(state["road_control"].items()))


# -- the unit's rate, capability and costs ---------------------------------------------------------
def rate(data: GameData, state: dict, unit_id: str, side: str) -> Fraction:
    """10.4.2 B/C: the MP a connected friendly road hex costs in strategic movement."""
    key = "motorized" if in_class(data, unit_id, "motorized") else "german_infantry" if side == "german" else "allied_infantry"
    return numbers.fraction(data, f"{STRAT}.road_cost_per_hex.{key}", "the strategic movement road rate (10.4.2)")


def half(data: GameData, value: int, which: str) -> int:
    """10.4.1 D / 10.4.7 A: half the MA, fractions rounded up."""
    return half_up(value, numbers.fraction(data, f"{STRAT}.{which}_cost_fraction", f"the MP to {which} strategic movement (10.4)"))


def off_road(data: GameData, state: dict, side: str, unit_id: str, a: str, b: str) -> int:
    """10.4.4 A the normal terrain cost; B German infantry types pay 1 for clear and rough, 2 for woods and
    dense forest (other terrain at its normal cost)."""
    from .movement import entry_cost, hexside_extra, terrain_cost
    if side != "german" or in_class(data, unit_id, "motorized"):
        return int(entry_cost(data, state, side, a, b)[0])
    table = data.get(f"{STRAT}.german_infantry_off_road", "the German infantry off-road strategic costs (10.4.4 B)")
    kinds = terrain_kinds(data, b)
    return max(int(table[k]) if k in table else terrain_cost(data, state, k) for k in kinds) + hexside_extra(data, state, a, b)


def connected(data: GameData, hex_id: str, before: str, after: str) -> bool:
    """10.4.8 C: whether the roads from `before` and to `after` are one road through `hex_id` (a hex the map
    marks `two_unconnected_roads: true` lists its roads as `road_groups: [[HEX, ...], [HEX, ...]]`, the
    neighbours each road joins)."""
    entry = mapdata(data).entry(hex_id)
    if entry.get("two_unconnected_roads") is not True:
        return True
    groups = entry.get("road_groups", "unknown")
    if not isinstance(groups, list):
        raise UnknownDataError(f"map.hexes.{hex_id}.road_groups", f"which neighbours each of the two roads of {hex_id} joins (10.4.8 C)",
                               "the Dark December map (4.1)", data.override_file)
    return any(before in g and after in g for g in groups)


class View:
    """The position as the phase's moves so far left it (5.7 E: control changed earlier in the phase counts)."""

    def __init__(self, state: dict) -> None:
        self.state = {**state, "units": {u: dict(v) for u, v in state["units"].items()},
                      "strategic": list(state["strategic"]), "road_control": dict(state["road_control"])}

    def moved(self, data: GameData, unit_id: str, side: str, path: list, marked: bool) -> None:
        self.state["units"].setdefault(unit_id, {"side": side, "hex": path[0], "steps": 1, "reserve": False})["hex"] = path[-1]
        self.state["strategic"] = sorted((set(self.state["strategic"]) - {unit_id}) | ({unit_id} if marked else set()))
        entered(data, self.state, [{"event": "move", "unit": unit_id, "path": path}])


def step_cost(data: GameData, state: dict, side: str, unit_id: str, path: list, a: str, b: str) -> tuple[Any, str]:
    """One hex entered in strategic movement, in capability points; (None, why) where it may not go."""
    bd = board(state)
    others = [u for u in bd.friends_in(b, side) if u != unit_id]
    if any(in_sm(state, u) for u in others):
        return None, f"{b} holds a unit in strategic movement (11.2 B: only units not in strategic movement are moved over)"
    for n in mapdata(data).grid.neighbours(b):
        near = [u for u in bd.friends_in(n, side) if u != unit_id and in_sm(state, u)]
        if near and n != a and road(data, state, b, n, any_road=True):
            return None, (f"{b} is next to {', '.join(near)} in strategic movement, a road joining the hexes "
                          "(10.4.3 C, 10.4.8 C)")
    i = path.index(a)
    if road(data, state, a, b) and i > 0 and road(data, state, path[i - 1], a) and not connected(data, a, path[i - 1], b):
        return None, f"in strategic movement a unit may not enter {a} by one road and leave it by another (10.4.8 C)"
    crowded = [u for h in (a, b) for u in bd.friends_in(h, side) if u != unit_id]
    if road(data, state, a, b) and not crowded and control(data, state, b) == side:
        return 1, ""                                                  # 10.4.2: a connected friendly road hex
    return off_road(data, state, side, unit_id, a, b), ""             # 10.4.4 A/B, 11.2 B


def zoc_barred(data: GameData) -> bool:
    """Reading DD3: 10.4.3 A and 12.2 (barred, the default) or 10.4.5 A (entered, and the move ends there)."""
    return numbers.text(data, f"{STRAT}.enemy_zoc", "strategic movement into enemy ZOCs (10.4.3 A, 12.2, 10.4.5; reading DD3)") == "barred"


def check_walk(data: GameData, state: dict, side: str, unit_id: str, path: list, capability: Fraction, first: Any = 0) -> str | None:
    """A strategic move over `path` (path[0] its hex, or the entry hex already paid as `first`)."""
    zoc = enemy_zoc(data, state, side)

    def enter_problem(h: str) -> str | None:
        from .movement import enter_problem as base
        if h in zoc and zoc_barred(data):
            return f"units in strategic movement may not enter enemy ZOCs: {h} (10.4.3 A, 12.2; reading DD3)"
        return base(data, state, side, h, unit_id)

    rules = ZocRules(stop_on_entry=True, stop_rule="12.1 A, 10.4.5 A")
    moved = walk(mapdata(data).grid, unit_id, path, lambda a, b: step_cost(data, state, side, unit_id, path, a, b),
                 allowance=int(capability), zoc=zoc, rules=rules, no_revisit=True, enter_problem=enter_problem)
    if moved.problem:
        return moved.problem
    from .displacement import path_problem
    why = path_problem(data, state, side, unit_id, path[1:])                    # 15.5 D
    if why:
        return why
    spent = moved.spent + first
    if spent > capability and len(path) > 2:
        return (f"{unit_id} needs {spent} of its strategic movement capability {capability} for this path "
                "(10.4.2, 10.4.4; 10.2 A guarantees one hex only)")
    return None


def capability(data: GameData, state: dict, unit_id: str, side: str, ma: int) -> Fraction:
    return Fraction(ma) / rate(data, state, unit_id, side)


def entering_problem(data: GameData, state: dict, side: str, unit_id: str) -> str | None:
    """10.4.1 A (reading DD4) the sole occupant of a road hex, not in an enemy ZOC, not marked unsupplied or
    isolated (8.7.4: nor put out of supply by fuel depletion); B not from reserve; 20.1 B no German motorized
    unit in clear weather, C nor a reinforcement that left it there."""
    unit = state["units"][unit_id]
    if in_sm(state, unit_id):
        return f"{unit_id} is in strategic movement already (10.4.1)"
    if unit.get("reserve"):
        return f"{unit_id} is in reserve and may not enter strategic movement (10.4.1 B)"
    needs_road = numbers.flag(data, f"{STRAT}.enter.road_hex_required", "whether strategic movement begins on a road hex (10.4.1 A, "
                              "10.4.4 C; reading DD4)")
    if needs_road and not road_hex(data, state, unit["hex"]):
        return f"{unit_id} is not on a road hex and may not enter strategic movement (10.4.1 A; reading DD4)"
    if [u for u in board(state).units_in(unit["hex"]) if u != unit_id]:
        return f"{unit_id} is not the sole occupant of {unit['hex']} and may not enter strategic movement (10.4.1 A)"
    if unit["hex"] in enemy_zoc(data, state, side):
        return f"{unit_id} is in an enemy ZOC and may not enter strategic movement (10.4.1 A)"
    from .fuel import out_of_fuel
    fuel = out_of_fuel(data, state, unit_id)
    if supply_status(state, unit_id) != "supplied" or fuel:
        return f"{unit_id} is marked {'out of supply' if fuel else supply_status(state, unit_id)} and may not enter strategic movement (10.4.1 A)"
    if side == "german" and air_superiority(data, state["turn"], state):
        if in_class(data, unit_id, "motorized"):
            return f"no German motorized unit may enter strategic movement in clear weather: {unit_id} (20.1 B)"
        if unit_id in state["clear_arrivals"]:
            return f"{unit_id} entered the map in strategic movement and may not re-enter it while the weather is clear (20.1 C)"
    return None


def move_problem(data: GameData, state: dict, side: str, unit_id: str, path: list, how: str, ma_of: Any) -> str | None:
    """A move in the Movement or Exploitation Phase by a unit in (or entering, or leaving) strategic movement.
    `how`: enter, leave or move (in it already); `ma_of(strategic)` the unit's MA (20.1 A)."""
    if how == "enter":
        why = entering_problem(data, state, side, unit_id)
        if why:
            return why
        left = ma_of(True) - half(data, factor(data, state, unit_id, "movement"), "enter")      # 10.4.1 D
        return None if len(path) == 1 else check_walk(data, state, side, unit_id, path, capability(data, state, unit_id, side, max(left, 0)))
    if how == "leave":
        from .movement import check_path
        ma = ma_of(False)
        left = ma - half(data, ma, "leave")                                                   # 10.4.7 A
        return None if len(path) == 1 else check_path(data, state, side, unit_id, path, max(left, 0))
    return check_walk(data, state, side, unit_id, path, capability(data, state, unit_id, side, ma_of(True)))


def entry_problem(data: GameData, state: dict, side: str, unit_id: str, path: list, ma: int) -> str | None:
    """10.4.6, 10.6.2: a reinforcement entering in strategic movement spends its whole MA at strategic costs,
    the entry hex its first hex (10.6.1 B: a road hex of the side's 1, else its terrain); C never a starred unit."""
    starred = counter(data, unit_id).get("reinforcement", {}).get("starred", "unknown")
    if starred not in (True, False):
        raise UnknownDataError(f"units.counters.{unit_id}.reinforcement.starred", f"whether {unit_id}'s reinforcement code is "
                               "starred (5.5.4, 10.6.2 C)", COUNTER, data.override_file)
    if starred:
        return f"{unit_id} is starred and may not enter in strategic movement (5.5.4, 10.4.6 A, 10.6.2 C)"
    entry = path[0]
    if entry in enemy_zoc(data, state, side) and zoc_barred(data):
        return f"units in strategic movement may not enter enemy ZOCs: {entry} (10.4.3 A, 12.2; reading DD3)"
    first = 1 if road_hex(data, state, entry) and control(data, state, entry) == side else off_road(data, state, side, unit_id, entry, entry)
    return None if len(path) == 1 else check_walk(data, state, side, unit_id, path, capability(data, state, unit_id, side, ma), first)


def end_problems(state: dict, side: str, moves: dict, marked: set) -> list[str]:
    """11.3 B: a strategic movement marker allows only one unit in its hex at the end of a Movement Phase."""
    where: dict[str, list[str]] = {}
    for unit_id, unit in state["units"].items():
        if unit["side"] == side:
            where.setdefault(moves.get(unit_id, unit["hex"]), []).append(unit_id)
    for unit_id, hex_id in moves.items():
        if unit_id not in state["units"]:
            where.setdefault(hex_id, []).append(unit_id)
    return [f"{h} holds {', '.join(sorted(units))}: a unit in strategic movement must be alone in its hex at the end of the "
            "Movement Phase (11.3 B)" for h, units in sorted(where.items()) if len(units) > 1 and set(units) & marked]


# -- markers -----------------------------------------------------------------------------------------
def mark(state: dict, unit_id: str, marked: bool) -> None:
    state["strategic"] = sorted((set(state["strategic"]) - {unit_id}) | ({unit_id} if marked else set()))


def lose_marker(state: dict, units: list, why: str, events: list) -> None:
    """10.4.7 B, 10.4.8 A/B: the marker removed (no MP cost where the rule says so)."""
    gone = sorted(u for u in units if in_sm(state, u))
    for unit_id in gone:
        mark(state, unit_id, False)
    if gone:
        events.append({"event": "strategic_removed", "units": gone, "why": why})


def prune(state: dict) -> None:
    if on(state):
        state["strategic"] = [u for u in state["strategic"] if u in state["units"]]
