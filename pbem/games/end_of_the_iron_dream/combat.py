"""18.7-18.15, 18.19, 18.22-18.24: odds, column shifts, the CRT and how a result is taken, for
both kinds of assault (mobile, 11.0, and prepared, 18.0).

The CRT is printed on the card, not in the text (crt.yaml): each line's columns
(`crt.terrain_lines.LINE.columns`, lowest first, "N-1" or "1-N") and cells
(`crt.cells.LINE.COLUMN.DIE`: "attacker/defender") come from the campaign's data. The whole
column is required before the die is rolled (docs/adding-a-game.md 4)."""

from __future__ import annotations

from fractions import Fraction

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import Shift, clamp, total, whole_column
from ...kit.losses import retreat_path
from . import flak, forts, satellites, volkssturm, yugoslavia
from .common import (army_of, board, counter, factor, full_steps, grid, hexside, is_type, mapdata, plays, set_steps,
                     stacking_problem)

CRT_CARD = "the Combat Results Table card (18.8)"
RESULTS = ("0", "1", "2", "3", "E")          # 18.13 B


def rank(label: str) -> int:
    """A column label as a whole-number rank: "N-1" -> N-1, "1-N" -> -(N-1) (so 1-1 is 0)."""
    a, _, d = str(label).partition("-")
    try:
        top, bottom = int(a), int(d)
    except ValueError:
        raise PbemError(f"a CRT column is labelled N-1 or 1-N, not {label!r}") from None
    return top - 1 if bottom == 1 else -(bottom - 1)


def line_of(data: GameData, hex_id: str) -> str:
    """18.8 A, 11.11: the CRT line of the defender's terrain (25.1: Berlin has its own)."""
    info = mapdata(data).info(hex_id)
    if unwrap(info.get("name")) == "Berlin":
        return "berlin"
    kind = str(info["terrain"])
    line = unwrap(data.get(f"terrain.hexes.{kind}.crt_line", f"the CRT line of {kind} terrain", default="unknown"))
    if line == "unknown":
        raise UnknownDataError(f"terrain.hexes.{kind}.crt_line", f"the CRT line of {kind} terrain (18.8 A)",
                               CRT_CARD, data.override_file)
    return str(line)


def columns(data: GameData, line: str) -> list[str]:
    cols = numbers.texts(data, f"crt.terrain_lines.{line}.columns", f"the columns of the {line} CRT line, lowest first (18.8)")
    ranks = [rank(c) for c in cols]
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise PbemError(f"data `crt.terrain_lines.{line}.columns` must run one column apart, lowest first: {list(cols)}",
                        data.override_file)
    return list(cols)


def initial_rank(attack: int, defence: int) -> int:
    """18.7: total AFs divided by total DFs, rounded down: the initial ratio N-1; below 1-1
    (a reading: the text gives N-1 only) 1-N, N the DFs per AF rounded up."""
    if defence <= 0:
        raise PbemError("internal: a defence of 0 has no combat ratio")
    if attack >= defence:
        return attack // defence - 1
    if attack <= 0:
        raise PbemError("an assault needs attack factors (18.7)")
    return -(-(-defence // attack) - 1)


def final_column(data: GameData, line: str, attack: int, defence: int, shifts: list[Shift]) -> tuple[str, str]:
    """18.11: the initial ratio, even off the table, is shifted (18.8 B, all cumulative, 18.24);
    18.12: a final ratio beyond the line's columns uses its highest or lowest."""
    cols = columns(data, line)
    first = rank(cols[0])
    start = initial_rank(attack, defence)
    index = clamp(start - first + total(shifts), len(cols))
    label = f"{start + 1}-1" if start >= 0 else f"1-{1 - start}"
    return label, cols[index]


def column_cells(data: GameData, line: str, column: str) -> dict[str, str]:
    cells = whole_column(data, range(1, 7), lambda die: f"crt.cells.{line}.{column}.{die}",
                         lambda die: f"the {line} CRT result at {column}, die {die} (18.9)", CRT_CARD)
    for die, cell in cells.items():
        split_result(str(cell), f"crt.cells.{line}.{column}.{die}")
    return {k: str(v) for k, v in cells.items()}


def split_result(cell: str, path: str) -> tuple[str, str]:
    """18.13 C: "attacker/defender"."""
    a, _, d = cell.partition("/")
    if a not in RESULTS or d not in RESULTS:
        raise PbemError(f"data `{path}` must be a CRT result A/D with A and D among {', '.join(RESULTS)}, not {cell!r}")
    return a, d


def defence_of(data: GameData, state: dict, units: list[str]) -> int:
    """18.4: the DFs of the defending units in one hex totalled as one unit."""
    return sum(factor(data, state, u, "defense") for u in units)


def attack_of(data: GameData, state: dict, units: list[str]) -> int:
    """The AFs totalled (18.7); behaviour 3: a Flak corps' AF is "S", its support a shift (25.2 G)."""
    return sum(factor(data, state, u, "attack") for u in units if not (plays(data, 3) and flak.flak(data, u)))


def water_between(data: GameData, a: str, b: str) -> bool:
    """18.22 A: a river or canal hexside."""
    return bool({"river", "canal"} & set(hexside(data, a, b)))


def bagration_shift(data: GameData, state: dict, army: str) -> list[Shift]:
    """6.7 A/B (18.24): all Soviet mobile and prepared assaults gain 2R on Turn 2 and 1R on
    Turn 3 if the Soviets chose Operation Bagration."""
    if army != "soviet" or not state.get("bagration"):
        return []
    for turn, key in ((2, "bagration_turn_2"), (3, "bagration_turn_3")):
        if state["turn"] == turn:
            value = numbers.integer(data, f"crt.shifts.{key}", f"the Operation Bagration shift of Turn {turn} (6.7)")
            return [Shift(value, f"Operation Bagration, Turn {turn}", "6.7")]
    return []


def city_shift(data: GameData, hex_id: str) -> list[Shift]:
    """18.24: 1L when the defender is in a city hex (map.hexes.HEX.city)."""
    if mapdata(data).has(hex_id, "city"):
        return [Shift(numbers.integer(data, "crt.shifts.city", "the city shift (18.24)"), "defender in a city", "18.24")]
    return []


# -- taking a result ---------------------------------------------------------------------
def choice_needed(result: str) -> bool:
    """18.14: 1, 2 and 3 leave the owner a choice of steps and retreat; 0 and E do not."""
    return result in ("1", "2", "3")


def loss_problems(data: GameData, state: dict, battle: dict, answer: dict, who: str) -> list[str]:
    """One side's answer to its result (18.14): `steps: [UNIT, ...]` (one step each, a unit named
    twice loses two) and `retreat: {UNIT: [HEX, ...]}` (every surviving unit the same number of
    hexes), steps taken first; 11.9 mobile assaulters and 25.1 Berlin: steps only; the 18.14
    note: an attacker's 3 takes at least one step and retreats at most two."""
    result = battle["result"][who]
    units = [u for u in battle[who] if u in state["units"]]
    steps, retreat = answer.get("steps", []), answer.get("retreat", {})
    if not isinstance(steps, list) or not isinstance(retreat, dict):
        return ["the answer is `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` (18.14)"]
    from .supply_units import along_problem, goes_along                  # behaviour 3: 15.23 G
    along = {u: p for u, p in retreat.items() if u not in units and goes_along(data, state, battle, who, u)}
    retreat = {u: p for u, p in retreat.items() if u not in along}
    from .okh import along_problem as okh_along                           # behaviour 4: 25.10 B
    why = along_problem(along, retreat) or okh_along(data, along)
    if why:
        return [why]
    bad = [u for u in [*steps, *retreat] if u not in units]
    if bad:
        return [f"{', '.join(map(str, bad))} {'is' if len(bad) == 1 else 'are'} not among the units taking this result "
                f"({', '.join(units)})"]
    left = {u: state["units"][u]["steps"] - steps.count(u) for u in units}
    if any(v < 0 for v in left.values()):
        return ["a unit cannot lose more steps than it has (18.14)"]
    survivors = [u for u in units if left[u] > 0]
    first = flak.first_losses_problem(data, state, battle, who, steps)                    # 25.2 K
    if first:
        return [first]
    extra, why = flak.extra_step_problem(data, state, battle, steps) if who == "attackers" else (0, None)   # 25.2 J
    if why:
        return [why]
    if result == "E":
        return exchange_problems(data, state, battle, flak.without_extra(data, steps, extra)) if who == "attackers" else []
    distance = {len(p) if isinstance(p, list) else -1 for p in retreat.values()}
    hexes = next(iter(distance)) if len(distance) == 1 else 0
    if retreat and (len(distance) != 1 or hexes <= 0 or sorted(retreat) != survivors):
        return ["a retreat moves every surviving unit of the side the same number of hexes (18.14 \"all the units retreat\")"]
    if battle["kind"] == "mobile" and who == "attackers" and retreat:
        return ["mobile assaulting units absorb all combat results as step losses (11.9 A)"]
    if retreat and battle.get("berlin"):
        return ["units assaulting or defending in Berlin take all results as step losses (25.1)"]
    if len(steps) + hexes != int(result) + extra and not (survivors == [] and len(steps) <= int(result) + extra):
        return [f"a {result} result is {result} in steps lost and hexes retreated together"
                + (" (and the extra mechanized step, 25.2 J)" if extra else "")
                + f"; this answer gives {len(steps)} step(s) and {hexes} hex(es) (18.14)"]
    if who == "attackers" and result == "3" and battle["kind"] == "prepared" and not steps and survivors:
        return ["an attacker's 3 must absorb at least one step loss; it retreats at most two hexes (18.14)"]
    problems = []
    for unit_id, path in sorted(retreat.items()):
        why = retreat_problem(data, state, battle, unit_id, [str(h) for h in path], who)
        if why:
            problems.append(why)
    return problems


def exchange_problems(data: GameData, state: dict, battle: dict, steps: list) -> list[str]:
    """18.14 E (attacker): step losses reducing its AFs by at least the defender's total DFs."""
    trial = {"units": {u: dict(v) for u, v in state["units"].items()}}
    before = attack_of(data, state, battle["attackers"])
    for unit_id in steps:
        trial["units"][unit_id]["steps"] -= 1
    after = attack_of(data, trial, [u for u in battle["attackers"] if trial["units"][u]["steps"] > 0])
    if before - after < battle["defence"] and any(trial["units"][u]["steps"] > 0 for u in battle["attackers"]):
        return [f"an E result costs the attacker steps worth at least the defender's {battle['defence']} DFs; "
                f"these lose {before - after} AFs (18.14)"]
    return []


def retreat_problem(data: GameData, state: dict, battle: dict, unit_id: str, path: list[str], who: str) -> str | None:
    """18.19 C-F: each hex one further from the original hex, not into or through an unnegated
    EZOC (9.10; friendly units negate it, 9.7 A), stacking (8.3) kept; 9.3/14.33 no retreat
    across blocked or lake hexsides."""
    g = grid(data)
    army = army_of(state, unit_id)
    start = state["units"][unit_id]["hex"]
    ezoc = yugoslavia.retreat_zoc(data, state, unit_id)                    # 9.5 A, 20.2 B, D
    friends = {state["units"][u]["hex"] for u in state["units"] if army_of(state, u) == army and u not in battle[who]
               and not (plays(data, 3) and is_type(data, u, "non_combat"))}           # 9.7 A: combat units
    enemy = board(state).enemy_hexes(army)

    def can_enter(a: str, b: str) -> str | None:
        if g.distance(start, b) <= g.distance(start, a):
            return f"{unit_id}'s retreat into {b} is not one hex further from {start} (18.19 D)"
        if {"blocked", "lake"} & set(hexside(data, a, b)):
            return f"{unit_id} cannot retreat across the {a}-{b} hexside (9.3, 14.33)"
        if b in enemy or forts.vacant(data, state, b, army) or volkssturm.vacant(data, state, b, army):
            return f"{unit_id} cannot retreat into {b}: enemy units{' or a German fort or Volkssturm (22.5, 25.7)' if b not in enemy else ''} (18.19)"
        from .invasion import barred                  # 14.24 C: "they could not, however, retreat into one"
        if barred(state, army, b):
            return f"{unit_id} cannot retreat into {b}, a WA invasion-port counter's hex (14.24 C)"
        mapdata(data).info(b)
        if b in ezoc and b not in friends and not (army == "axis" and b in forts.standing(data, state)):   # 9.8
            return f"{unit_id} cannot retreat into {b}: an enemy ZOC no friendly unit negates (9.10, 18.19 C)"
        return stacking_problem(data, state, army, [unit_id], b) or yugoslavia.enter_problem(data, state, unit_id, b) \
            or satellites.enter_problem(data, state, unit_id, b)

    from .airborne import retreat_problem as dropped_problem      # 17.5 D
    why, _ = retreat_path(g, start, path, can_enter)
    return dropped_problem(data, state, unit_id) or why or \
        satellites.retreat_end_problem(data, state, unit_id, [str(h) for h in path])     # 17.5 D; 19.2


def take_result(data: GameData, state: dict, battle: dict, answer: dict, who: str, events: list) -> None:
    """Steps first, then the retreat (18.14); an E clears the defending hex (18.14 E); behaviour 3:
    SUs left alone in the defending hex share its fate (15.23 B-C)."""
    apply_result(data, state, battle, answer, who, events)
    if who == "defenders":
        from .supply_units import share_fate
        share_fate(data, state, battle.get("hexes") or [battle["hex"]], battle["defender_army"], events)


def apply_result(data: GameData, state: dict, battle: dict, answer: dict, who: str, events: list) -> None:
    result = battle["result"][who]
    units = [u for u in battle[who] if u in state["units"]]
    if result == "E" and who == "defenders":
        for unit_id in units:
            set_steps(state, unit_id, 0, events, "an E result (18.14)")
        return
    for unit_id in answer.get("steps", []):
        if unit_id in state["units"]:
            set_steps(state, unit_id, state["units"][unit_id]["steps"] - 1, events, f"a {result} result (18.14)")
    for unit_id, path in sorted(answer.get("retreat", {}).items()):
        if unit_id in state["units"] and path:
            start = battle["hex_of"][unit_id] if unit_id in battle["hex_of"] else state["units"][unit_id]["hex"]   # 15.23 G
            state["units"][unit_id]["hex"] = str(path[-1])
            events.append({"event": "retreat", "unit": unit_id, "path": [start, *map(str, path)]})
    battle.setdefault("retreated", {})[who] = len(next(iter(answer.get("retreat", {}).values()), []))


def automatic_answer(data: GameData, state: dict, battle: dict, who: str) -> dict | None:
    """The answer where the owner has no choice: 0 and E; a side whose units all take steps
    because none can retreat is still the owner's choice of which unit (18.19 E)."""
    result = battle["result"][who]
    if result == "0":
        return {}
    if result == "E" and who == "defenders":
        return {}
    if who == "defenders" and not battle[who] and (battle.get("forts") or battle.get("volkssturm")):
        return {}                                            # 22.5 B, 25.7 B: never retreats; any loss destroys it
    if result == "E" and who == "attackers":
        units = [u for u in battle[who] if u in state["units"]]
        if all(state["units"][u]["steps"] == 1 for u in units) and len(units) == 1:
            return {"steps": units}
    return None


def full_strength(data: GameData, state: dict, unit_id: str) -> bool:
    return state["units"][unit_id]["steps"] >= full_steps(data, unit_id)


def describe_units(data: GameData, state: dict, units: list[str]) -> str:
    return ", ".join(f"{u} ({counter(data, u)['type']})" for u in units)


def ratio_text(attack: int, defence: int) -> str:
    return f"{attack}:{defence} = {Fraction(attack, defence)}"
