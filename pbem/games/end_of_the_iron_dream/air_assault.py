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
Phase goes on. Never atop a Flak corps (17.5 C); 17.6.2 (with ground units): pledge.py.

Behaviour 4: 17.5 A "Both corps may be dropped ... into the same ... hexes": a second drop onto the
same defenders, in the same file, joins the air assault; its order carries `losses: [UNIT, ...]`,
the WA's order of their steps' losses (each step of both corps once; 18.14 the owner's choice, given
at the drop so the rounds run at once). 25.7: a German city held by its Volkssturm alone is
defended (its DF; it never retreats: any result but 0 destroys it), and its DF is added to the
German units' in the city (C).

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
from . import combat, volkssturm
from .common import army_of, board, enemies, factor, is_type, plays, set_steps
from .supply_play import defender_shift

ROUNDS = "invasions.airborne.combat.alone_rounds"


def pending(state: dict) -> bool:
    return bool(state.get("air_assault"))


def defenders(state: dict, hex_id: str) -> list[str]:
    return sorted(u for u in board(state).units_in(hex_id) if army_of(state, u) in enemies(state, "western"))


def drop_problem(data: GameData, trial: dict, unit_id: str, hex_id: str, order: dict) -> str | None:
    """17.5 C, 17.6.1, 6.2 for a drop onto enemy units; a legal one waits above the hex on `trial`
    (behaviour 4, 17.5 A: "Both corps may be dropped on the same turn, into the same ... hexes": the
    second corps dropping onto the same defenders joins the first's air assault, `join`)."""
    if trial["turn"] == 1:
        return "no mobile assaults may be conducted on Turn 1 (6.2; 17.5 H)"
    if pending(trial):
        fight = trial["air_assault"]
        if plays(data, 4) and fight["hex"] == hex_id and "second" not in fight:
            return None
        return "one paratroop air assault at a time: it ends its orders file (17.6.1, 11.0)"
    if "losses" in order:
        return LOSSES
    why = flak_problem(data, trial, hex_id)
    if why:
        return why
    line = combat.line_of(data, hex_id)
    for column in combat.columns(data, line):                      # the rounds may need any column
        combat.column_cells(data, line, column)
    numbers.integer(data, ROUNDS, "the rounds of a paratroop air assault (17.6.1 A)")
    trial["air_assault"] = {"hex": hex_id, "unit": unit_id, "round": 1}
    return None


def flak_problem(data: GameData, trial: dict, hex_id: str) -> str | None:
    """17.5 C: "but never atop Flak corps" (an air assault alone or a pledge, 17.6.2)."""
    if any(is_type(data, u, "flak") for u in defenders(trial, hex_id)):
        return f"paratroops never land atop Flak corps ({hex_id}, 17.5 C)"
    return None


def set_bridgeheads(data: GameData, trial: dict, hex_id: str, others: object) -> str | None:
    """The drop order's `bridgeheads:` (17.8), kept for after the rounds (17.8 C: "Each airdropped
    paratroop unit in a hex": the second corps' own, behaviour 4)."""
    why = bridgehead_problem(data, hex_id, others)
    if why or not pending(trial) or not isinstance(others, list):
        return why or "bridgeheads are tried only by paratroops driving defenders off their drop hex (17.8 A)"
    key = "bridgeheads2" if "steps" in trial["air_assault"] else "bridgeheads"
    trial["air_assault"][key] = [str(h) for h in others]
    return None


# -- 17.5 A: both corps in one air assault (behaviour 4) ------------------------------------------
LOSSES = ("`losses: [UNIT, ...]` goes with the second paratroop corps dropping onto the same defenders: the order "
          "in which the two corps lose their steps, each step of both named once (17.5 A, 17.6.1 B, 18.14)")


def join(data: GameData, trial: dict, unit_id: str, steps: int, order: dict) -> str | None:
    """The corps boards the air assault: the first its steps; the second joins with the WA's
    order of step losses (`losses:`, the owner's choice of 18.14 given at the drop, so that the
    rounds run at once, 17.6.1 A)."""
    fight = trial["air_assault"]
    if "steps" not in fight:
        fight["steps"] = steps
        return None
    fight["second"] = {"unit": unit_id, "steps": steps}
    named = order.get("losses")
    whole = sorted(u for u, n in corps(fight).items() for _ in range(n))
    if not isinstance(named, list) or sorted(map(str, named)) != whole:
        return LOSSES
    fight["losses"] = [str(u) for u in named]
    return None


def corps(fight: dict) -> dict[str, int]:
    """The paratroop corps of the air assault and their steps, the first corps first."""
    second = fight.get("second")
    return {fight["unit"]: fight["steps"], **({second["unit"]: second["steps"]} if second else {})}


def set_corps_steps(fight: dict, unit_id: str, steps: int) -> None:
    if unit_id == fight["unit"]:
        fight["steps"] = steps
    else:
        fight["second"]["steps"] = steps


def loss_order(fight: dict) -> list[str]:
    """The steps in the order they are lost: one corps' in turn, or the WA's `losses:` list."""
    if "losses" in fight:
        return list(fight["losses"])
    return [fight["unit"]] * fight["steps"]


def view(state: dict) -> dict:
    """The state with the corps in the hex they attack (their factors read as on the map)."""
    fight = state["air_assault"]
    placed = {u: {"side": "western", "hex": fight["hex"], "steps": n} for u, n in corps(fight).items() if n}
    return {**state, "units": {**state["units"], **placed}}


def guarded(data: GameData, state: dict, hex_id: str) -> dict[str, int]:
    """Behaviour 4, 25.7 A, C: the hex's Volkssturm defends against the air assault ({HEX: DF})."""
    return volkssturm.held(data, state, "western", [hex_id]) if plays(data, 4) else {}


def held(data: GameData, state: dict, hex_id: str) -> bool:
    """Enemy units still under the paratroops (behaviour 4: or the city's Volkssturm, 25.7 B)."""
    return bool(defenders(state, hex_id)) or bool(guarded(data, state, hex_id))


def start(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """One round (17.6.1 A): the die, then the defender's answer or the next step."""
    fight = state["air_assault"]
    hex_id = fight["hex"]
    units = [u for u, n in corps(fight).items() if n]
    found = defenders(state, hex_id)
    guard = guarded(data, state, hex_id)                                         # 25.7 A, C (behaviour 4)
    attack = combat.attack_of(data, view(state), units)
    defence = combat.defence_of(data, state, found)
    defence = volkssturm.defence(data, state, "western", hex_id, defence, bool(found)) if guard else defence
    shifts = [Shift(numbers.integer(data, "crt.shifts.mobile_assault", "the mobile assault shift (11.8)"), "mobile assault", "11.8")]
    shifts += combat.city_shift(data, hex_id) + volkssturm.supplied_shifts(data, state, "western", list(guard),
                                                                            defender_shift(data, state, found))   # 25.7 B
    line = combat.line_of(data, hex_id)
    initial, column = combat.final_column(data, line, attack, defence, shifts)
    cells = combat.column_cells(data, line, column)
    die = dice.roll(f"crt/air/{hex_id}/{fight['round']}", 6, about=f"paratroop air assault on {hex_id}, round {fight['round']} (17.6.1)")
    attacker, defender = combat.split_result(cells[str(die)], f"crt.cells.{line}.{column}.{die}")
    battle = {"kind": "mobile", "hex": hex_id, "hexes": [hex_id], "attackers": units, "defenders": found,
              "defender_army": army_of(state, found[0]) if found else "axis", "defence": defence, "attack": attack,
              "hex_of": {u: hex_id for u in [*units, *found]}, "result": {"attackers": attacker, "defenders": defender},
              "berlin": False, "taken": [], **({"volkssturm": guard} if guard else {})}
    events.append({"event": "assault", "kind": "air", "hex": hex_id, "from": ["the air"], "attackers": units,
                   "defenders": found, "attack": attack, "defence": defence, "initial": initial, "line": line,
                   "shifts": [s.as_event() for s in shifts], "column": column, "die": die, "result": cells[str(die)]})
    state["pending"] = battle
    if combat.choice_needed(defender) and found:
        state["phase"] = "air_defender"
        return
    combat.take_result(data, state, battle, combat.automatic_answer(data, state, battle, "defenders") or {}, "defenders", events)
    after_round(game, data, state, dice, events)


def losses(data: GameData, state: dict, battle: dict) -> list[str]:
    """17.6.1 B: the paratroops' result as step losses, one entry a step, in the order of
    loss_order (an E: steps until their AFs lost reach the defenders' DFs, 18.14)."""
    fight = state["air_assault"]
    order = loss_order(fight)
    result = battle["result"]["attackers"]
    if result != "E":
        return order[:int(result)]
    trial = view(state)
    left = corps(fight)
    before = sum(factor(data, trial, u, "attack") for u, n in left.items() if n)
    taken: list[str] = []
    for unit_id in order:
        taken.append(unit_id)
        left[unit_id] -= 1
        after = sum(factor(data, {**trial, "units": {**trial["units"], u: {**trial["units"][u], "steps": n}}}, u, "attack")
                    for u, n in left.items() if n)
        if before - after >= battle["defence"]:
            break
    return taken


def after_round(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """The paratroops' losses; the hex taken, a second round, or (17.6.1 C) their end."""
    battle = state.pop("pending")
    fight = state["air_assault"]
    hex_id = fight["hex"]
    if plays(data, 4):
        volkssturm.after_defender(state, battle, events)                       # 25.7 B, D
    for unit_id in losses(data, state, battle):
        set_corps_steps(fight, unit_id, corps(fight)[unit_id] - 1)
        if "losses" in fight:
            fight["losses"].remove(unit_id)
    still = held(data, state, hex_id)
    alive = sorted(u for u, n in corps(fight).items() if n)
    rounds = numbers.integer(data, ROUNDS, "the rounds of a paratroop air assault (17.6.1 A)")
    if alive and still and fight["round"] < rounds:
        fight["round"] += 1
        start(game, data, state, dice, events)
        return
    state.pop("air_assault")
    why = "17.6.1 C: enemy units still under them after the second round" if still else "17.6.1 B: step losses only"
    for unit_id, steps in corps(fight).items():
        state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": steps or 1}
        if still or not steps:
            set_steps(state, unit_id, 0, events, why)
    if alive and not still:
        events.append({"event": "occupy", "units": alive, "hex": hex_id, "why": "17.6.1"})
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
    second = fight.get("second") or {}
    tries = [("", fight.get("bridgeheads", []) if fight["steps"] else []),
             (f"/{second.get('unit')}", fight.get("bridgeheads2", []) if second.get("steps") else [])]
    for key, others in tries:                                       # 17.8 C: each corps its own attempts
        for index, other in enumerate(others):
            there = grid(data).canonical(str(other))
            die = dice.roll(f"bridgehead/{fight['hex']}/{there}{key}", 6, about=f"bridgehead {fight['hex']}-{there} (17.8)")
            ok = die + drm * index <= best
            events.append({"event": "bridgehead", "hex": fight["hex"], "across": there, "die": die, "drm": drm * index,
                           "secured": ok, "rule": "17.8"})
            if ok:
                won.append("|".join(sorted((fight["hex"], there))))
    if won:
        state["bridgeheads"] = {"turn": state["turn"], "army": state["army"], "sides": sorted(set(won))}


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
