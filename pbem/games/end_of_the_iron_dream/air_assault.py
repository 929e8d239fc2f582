"""End of the Iron Dream, behaviour 3: paratroops dropped onto enemy units assaulting alone
(17.6, 17.6.1; 17.5 H: "the only case wherein non-mechanized units may conduct a mobile assault").

`drop: UNIT, at: HEX` into a hex holding enemy units (airborne.py) ends the file, as a mobile
assault does (11.0): the corps waits above the hex (state["air_assault"]) and runs "one or two
rounds of mobile assaults" at once (17.6.1 A): its AFs against the defenders' DFs, 11.8's 2L, the
city's 1L (18.24), 15.4 against defenders without GS, never the tactical air shift (17.6.1 D). The
defender answers as to a mobile assault (phase `air_defender`: it may retreat, 17.6.1 B); the
paratroops take their result as step losses only (17.6.1 B; an E: steps until the AFs lost reach
the defenders' DFs). A cleared hex is theirs; defenders still there after the first round face the
second; after the second the paratroops are eliminated (17.6.1 C). Then the Operational Movement
Phase goes on. One paratroop corps a hex (both in one hex: not played), never atop a Flak corps
(17.5 C); 17.6.2 (with ground units) is not played yet.

17.8 bridgeheads: the drop order's `bridgeheads: [HEX, ...]` names the hexes across the drop hex's
river or canal hexsides to try, in order, once the defenders are driven off: one die each, +1 for
each attempt after the first (C), 1-4 succeeds (B). This WA player-turn other Allied ground units
cross such a hexside into the paratroops' hex, and attack across it, "as if the river did not
exist" (no river MP, 10.8; no doubled defender, 11.7, 18.22; state["bridgeheads"])."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from . import combat
from .common import army_of, board, enemies, factor, is_type, set_steps
from .supply_play import defender_shift

ROUNDS = "invasions.airborne.combat.alone_rounds"


def pending(state: dict) -> bool:
    return bool(state.get("air_assault"))


def defenders(state: dict, hex_id: str) -> list[str]:
    return sorted(u for u in board(state).units_in(hex_id) if army_of(state, u) in enemies(state, "western"))


def drop_problem(data: GameData, trial: dict, unit_id: str, hex_id: str) -> str | None:
    """17.5 C, 17.6.1, 6.2 for a drop onto enemy units; a legal one waits above the hex on `trial`."""
    if trial["turn"] == 1:
        return "no mobile assaults may be conducted on Turn 1 (6.2; 17.5 H)"
    if pending(trial):
        return "one paratroop air assault at a time: it ends its orders file (17.6.1, 11.0)"
    found = defenders(trial, hex_id)
    if any(is_type(data, u, "flak") for u in found):
        return f"paratroops never land atop Flak corps ({hex_id}, 17.5 C)"
    line = combat.line_of(data, hex_id)
    for column in combat.columns(data, line):                      # the rounds may need any column
        combat.column_cells(data, line, column)
    numbers.integer(data, ROUNDS, "the rounds of a paratroop air assault (17.6.1 A)")
    trial["air_assault"] = {"hex": hex_id, "unit": unit_id, "round": 1}
    return None


def set_bridgeheads(data: GameData, trial: dict, hex_id: str, others: object) -> str | None:
    """The drop order's `bridgeheads:` (17.8), kept for after the rounds."""
    why = bridgehead_problem(data, hex_id, others)
    if why or not pending(trial) or not isinstance(others, list):
        return why or "bridgeheads are tried only by paratroops driving defenders off their drop hex (17.8 A)"
    trial["air_assault"]["bridgeheads"] = [str(h) for h in others]
    return None


def view(state: dict) -> dict:
    """The state with the corps in the hex it attacks (its factors read as on the map)."""
    fight = state["air_assault"]
    return {**state, "units": {**state["units"], fight["unit"]: {"side": "western", "hex": fight["hex"], "steps": fight["steps"]}}}


def start(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """One round (17.6.1 A): the die, then the defender's answer or the next step."""
    fight = state["air_assault"]
    hex_id, unit_id = fight["hex"], fight["unit"]
    found = defenders(state, hex_id)
    attack = combat.attack_of(data, view(state), [unit_id])
    defence = combat.defence_of(data, state, found)
    shifts = [Shift(numbers.integer(data, "crt.shifts.mobile_assault", "the mobile assault shift (11.8)"), "mobile assault", "11.8")]
    shifts += combat.city_shift(data, hex_id) + defender_shift(data, state, found)
    line = combat.line_of(data, hex_id)
    initial, column = combat.final_column(data, line, attack, defence, shifts)
    cells = combat.column_cells(data, line, column)
    die = dice.roll(f"crt/air/{hex_id}/{fight['round']}", 6, about=f"paratroop air assault on {hex_id}, round {fight['round']} (17.6.1)")
    attacker, defender = combat.split_result(cells[str(die)], f"crt.cells.{line}.{column}.{die}")
    battle = {"kind": "mobile", "hex": hex_id, "hexes": [hex_id], "attackers": [unit_id], "defenders": found,
              "defender_army": army_of(state, found[0]), "defence": defence, "attack": attack,
              "hex_of": {u: hex_id for u in [unit_id, *found]}, "result": {"attackers": attacker, "defenders": defender},
              "berlin": False, "taken": []}
    events.append({"event": "assault", "kind": "air", "hex": hex_id, "from": ["the air"], "attackers": [unit_id],
                   "defenders": found, "attack": attack, "defence": defence, "initial": initial, "line": line,
                   "shifts": [s.as_event() for s in shifts], "column": column, "die": die, "result": cells[str(die)]})
    state["pending"] = battle
    if combat.choice_needed(defender):
        state["phase"] = "air_defender"
        return
    combat.take_result(data, state, battle, combat.automatic_answer(data, state, battle, "defenders") or {}, "defenders", events)
    after_round(game, data, state, dice, events)


def losses(data: GameData, state: dict, battle: dict) -> int:
    """17.6.1 B: the paratroops' result as step losses (an E: steps until its AFs lost reach the
    defenders' DFs, 18.14)."""
    fight = state["air_assault"]
    result = battle["result"]["attackers"]
    if result != "E":
        return int(result)
    trial = view(state)
    before = factor(data, trial, fight["unit"], "attack")
    lost = 0
    while lost < fight["steps"]:
        lost += 1
        left = fight["steps"] - lost
        after = factor(data, {**trial, "units": {**trial["units"], fight["unit"]: {**trial["units"][fight["unit"]], "steps": left}}},
                       fight["unit"], "attack") if left else 0
        if before - after >= battle["defence"]:
            break
    return lost


def after_round(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """The paratroops' losses; the hex taken, a second round, or (17.6.1 C) their end."""
    battle = state.pop("pending")
    fight = state["air_assault"]
    unit_id, hex_id = fight["unit"], fight["hex"]
    fight["steps"] = max(0, fight["steps"] - losses(data, state, battle))
    held = bool(defenders(state, hex_id))
    rounds = numbers.integer(data, ROUNDS, "the rounds of a paratroop air assault (17.6.1 A)")
    if fight["steps"] and held and fight["round"] < rounds:
        fight["round"] += 1
        start(game, data, state, dice, events)
        return
    state.pop("air_assault")
    state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": fight["steps"] or 1}
    why = "17.6.1 C: enemy units still under them after the second round" if held else "17.6.1 B: step losses only"
    if held or not fight["steps"]:
        set_steps(state, unit_id, 0, events, why)
    else:
        events.append({"event": "occupy", "units": [unit_id], "hex": hex_id, "why": "17.6.1"})
        bridgeheads(data, state, fight, dice, events)
    state["phase"] = "movement"


# -- 17.8 bridgeheads ------------------------------------------------------------------------
BRIDGE = "invasions.airborne.bridgehead"


def bridgehead_problem(data: GameData, hex_id: str, others: object) -> str | None:
    """17.8 A: across the drop hex's own river or canal hexsides."""
    from .common import grid, hexside
    g = grid(data)
    if not isinstance(others, list) or len(set(map(str, others))) != len(others):
        return "`bridgeheads:` lists the hexes across the drop hex's river or canal hexsides, each once (17.8 A)"
    for other in others:
        there = g.canonical(str(other))
        if not g.adjacent(hex_id, there) or not {"river", "canal"} & set(hexside(data, hex_id, there)):
            return f"{there} is not across a river or canal hexside of {hex_id} (17.8 A)"
    numbers.integer(data, f"{BRIDGE}.success_at_most", "the bridgehead's success (17.8 B)")
    numbers.integer(data, f"{BRIDGE}.subsequent_attempt_drm", "the DRM of later attempts (17.8 C)")
    return None


def bridgeheads(data: GameData, state: dict, fight: dict, dice: Dice, events: list) -> None:
    """17.8 B-C: the attempts, in the order named."""
    from .common import grid
    best = numbers.integer(data, f"{BRIDGE}.success_at_most", "the bridgehead's success (17.8 B)")
    drm = numbers.integer(data, f"{BRIDGE}.subsequent_attempt_drm", "the DRM of later attempts (17.8 C)")
    won = []
    for index, other in enumerate(fight.get("bridgeheads", [])):
        there = grid(data).canonical(str(other))
        die = dice.roll(f"bridgehead/{fight['hex']}/{there}", 6, about=f"bridgehead {fight['hex']}-{there} (17.8)")
        ok = die + drm * index <= best
        events.append({"event": "bridgehead", "hex": fight["hex"], "across": there, "die": die, "drm": drm * index,
                       "secured": ok, "rule": "17.8"})
        if ok:
            won.append("|".join(sorted((fight["hex"], there))))
    if won:
        state["bridgeheads"] = {"turn": state["turn"], "army": state["army"], "sides": sorted(won)}


def bridged(state: dict, a: str, b: str) -> bool:
    """17.8 B: this WA player-turn, the river between a and b is as if it did not exist."""
    found = state.get("bridgeheads")
    return bool(found and found["turn"] == state["turn"] and found["army"] == state["army"]
                and "|".join(sorted((a, b))) in found["sides"])


def check_defender(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .movement import normalise_answer                          # movement.py runs the air assault
    if len(orders) != 1 or set(orders[0]) - {"steps", "retreat"}:
        return [Problem(None, "one answer: `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` (17.6.1 B, 18.14)")]
    return [Problem(0, m) for m in combat.loss_problems(data, state, state["pending"], normalise_answer(orders[0]), "defenders")]


def apply_defender(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .movement import normalise_answer
    events: list[dict] = [{"event": "answer", "hex": state["pending"]["hex"], "side": side}]
    combat.take_result(data, state, state["pending"], normalise_answer(orders[0]), "defenders", events)
    after_round(game, data, state, dice, events)
    return events
