"""End of the Iron Dream, behaviour 3: the opposed invasion (14.17 D, 14.18-14.23).

An invasion of a hex holding enemy combat units (invasion.py) leaves its force at sea
(state["invasion_force"]: the hex, the box, the corps and their steps). 14.18: "Invasion battles
are always resolved first during the Prepared Assault Phase": before the file's announced
assaults (even when the phase otherwise passes by itself):
- the odds: the corps' AFs against the defenders' DFs doubled (14.20; a reading: combined assaults
  by ground units are separate battles after it, so the defenders always defend "solely" against
  the invasion), on the CRT line of the hex's terrain; 1R naval support (14.19 A) and 1R TAC AIR in
  fair weather (14.19 A-B, 25.8: the force from its box is in GS, 5.2.1 B); the city's 1L (18.24);
- a fort (14.17 D: "defended by an enemy combat unit or fortification"; 14.21): its level's 1L each
  (22.6 A) and +1 on the die (22.14); a vacant one defends alone with 1 DF, not doubled (14.21 D:
  "The Axis would now have only a defense factor of one"; 22.5), and holds the hex until a result
  but 0 destroys it (22.5 B: the invasion fails while it stands); a garrisoned one falls with its
  last step (22.7 B) or, when its garrison retreated, as the force comes ashore (22.7 A: the
  attackers occupying the beach hex, 14.23);
- the defender applies its result first (18.15; phase `inv_defender`, as 18.14);
- then the WA (phase `inv_attacker`, when they have a choice): every adverse result as step losses,
  no retreat (14.23), `steps: [UNIT, ...]`; if enemy units still hold the hex the invasion failed
  and one more step is lost on evacuation (14.22 A), the last step named;
- a cleared hex takes the force ashore with its counter (14.23: no advance beyond the beach hex;
  14.24 A); a failed force goes back to its box, its counter spent (14.22 B).
Then the announced assaults follow (assault.next_battle).

Behaviour 4, 25.7: a German city's Volkssturm defends it against the invasion: alone, the force
fights its way ashore against its DF (14.17 D; a reading: "defended by an enemy combat unit",
its city never entered, 25.7 A-B) and any result but 0 destroys it (it cannot retreat and has no
step of its own, 25.7 B, D); with German units its DF is added to theirs (25.7 C). Doubled as
theirs are (14.20, a reading: the city's defenders "defending solely against an amphibious
invasion"; 14.21 D's undoubled 1 DF is the ungarrisoned fort's only). While it stands the invasion
has failed (14.22 A)."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from . import calendar, combat, forts, volkssturm
from .common import army_of, board, enemies, factor, plays
from .movement import normalise_answer

DATA = "invasions.invasions"


def waiting(state: dict) -> bool:
    return bool(state.get("invasion_force"))


def with_force(state: dict) -> dict:
    """A view with the force's corps in the invaded hex (their factors read as on the map)."""
    force = state["invasion_force"]
    units = {u: {"side": "western", "hex": force["hex"], "steps": n} for u, n in force["units"].items()}
    return {**state, "units": {**state["units"], **units}}


def plan(data: GameData, state: dict) -> dict:
    """14.19-14.20: the battle's odds."""
    force = state["invasion_force"]
    hex_id = force["hex"]
    defenders = sorted(u for u in board(state).units_in(hex_id) if army_of(state, u) in enemies(state, "western"))
    attackers = sorted(force["units"])
    attack = combat.attack_of(data, with_force(state), attackers)
    times = 1 if force.get("paratroops") else \
        numbers.integer(data, f"{DATA}.defender_df_multiplier", "the DFs against an invasion (14.20)")   # 17.3 B undoubles
    defence = combat.defence_of(data, state, defenders) * times if defenders else forts.vacant_df(data)   # 14.21 D
    guard = volkssturm.held(data, state, "western", [hex_id]) if plays(data, 4) else {}
    if guard:                                                      # 25.7 A, C; 14.20 (behaviour 4)
        defence = volkssturm.defence(data, state, "western", hex_id, combat.defence_of(data, state, defenders), bool(defenders)) * times
    shifts = [Shift(numbers.integer(data, f"{DATA}.support.naval_shift_columns", "the naval support shift (14.19 A)"),
                    "naval support", "14.19 A")]
    air = calendar.tac_air(data, calendar.weather(data, state["scenario"], state["turn"]), True)
    if air:
        shifts.append(Shift(air, "WA tactical air power", "14.19 A, 25.8 A"))
    shifts += combat.city_shift(data, hex_id) + forts.shifts(data, state, "western", [hex_id])       # 14.21 C, 22.6 A
    line = combat.line_of(data, hex_id)
    initial, column = combat.final_column(data, line, attack, defence, shifts)
    held_forts = forts.held(data, state, [hex_id])
    return {**({"forts": held_forts} if held_forts else {}), **({"volkssturm": guard} if guard else {}), "kind": "prepared", "invasion": True, "hexes": [hex_id],
            "hex": hex_id, "attackers": attackers, "defenders": defenders,
            "defender_army": army_of(state, defenders[0]) if defenders else "axis", "attack": attack, "defence": defence,
            "line": line, "initial": initial, "column": column, "shifts": [s.as_event() for s in shifts],
            "hex_of": {u: hex_id for u in [*attackers, *defenders]}, "berlin": False}


def start(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """Resolve the waiting invasion battle: it pauses for an answer, or finishes and the Prepared
    Assault Phase goes on (assault.next_battle)."""
    battle = plan(data, state)
    cells = combat.column_cells(data, battle["line"], battle["column"])
    die = dice.roll(f"crt/invasion/{battle['hex']}", 6, about=f"invasion battle at {battle['hex']} (14.18, 18.9)")
    row = forts.die(data, state, "western", battle["hexes"], die)                  # 14.21 C, 22.14
    attacker, defender = combat.split_result(cells[str(row)], f"crt.cells.{battle['line']}.{battle['column']}.{row}")
    battle.update(result={"attackers": attacker, "defenders": defender}, die=die, taken=[])
    state["assaulted"]["western"] = sorted(set(state["assaulted"].get("western", [])) | {battle["hex"]})
    events.append({"event": "assault", "kind": "invasion", "hex": battle["hex"], "hexes": battle["hexes"],
                   "from": [f"the sea ({state['invasion_force']['box']} box)"], "attackers": battle["attackers"],
                   "defenders": battle["defenders"], "attack": battle["attack"], "defence": battle["defence"],
                   "initial": battle["initial"], "line": battle["line"], "shifts": battle["shifts"],
                   "column": battle["column"], "die": die, **({"row": row} if "forts" in battle else {}),
                   "result": cells[str(row)]})
    state["pending"] = battle
    if combat.choice_needed(defender) and battle["defenders"]:
        state["phase"] = "inv_defender"
        return
    combat.take_result(data, state, battle, combat.automatic_answer(data, state, battle, "defenders") or {}, "defenders", events)
    forts.after_defender(data, state, battle, events)                           # 22.5 B, 22.7 B
    volkssturm.after_defender(state, battle, events)                            # 25.7 B, D (behaviour 4)
    attacker_turn(game, data, state, dice, events)


def needed(data: GameData, state: dict, battle: dict) -> int:
    """The steps the force loses: its result (an E: answered by AFs, below) and 14.22 A's one more
    if enemy units still hold the hex."""
    result = battle["result"]["attackers"]
    extra = numbers.integer(data, f"{DATA}.failed_extra_step_loss", "the evacuation's step loss (14.22 A)") \
        if held(state, battle) else 0
    return (0 if result in ("0", "E") else int(result)) + extra


def held(state: dict, battle: dict) -> bool:
    """14.22 A: enemy units still in the hex, or the vacant fort still standing (22.5 B)."""
    vacant_fort = not battle["defenders"] and state.get("forts", {}).get(battle["hex"], battle.get("forts", {}).get(battle["hex"], 0))
    return bool(vacant_fort) or bool(volkssturm.standing(state, battle)) or any(army_of(state, u) in enemies(state, "western") for u in board(state).units_in(battle["hex"]))


def attacker_turn(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """The WA's losses: at once when they have no choice, else their answer (`inv_attacker`)."""
    battle = state["pending"]
    force = state["invasion_force"]["units"]
    total = sum(force.values())
    if battle["result"]["attackers"] != "E" and (needed(data, state, battle) >= total or len(force) == 1
                                                 or needed(data, state, battle) == 0):
        steps = [u for u in sorted(force) for _ in range(force[u])][:needed(data, state, battle)]
        finish(game, data, state, steps, dice, events)
        return
    state["phase"] = "inv_attacker"


def steps_problem(data: GameData, state: dict, steps: Any) -> str | None:
    """14.23, 14.22 A, 18.14 for the WA's `steps:`."""
    battle = state["pending"]
    force = state["invasion_force"]["units"]
    if not isinstance(steps, list) or any(str(u) not in force for u in steps):
        return f"the invasion force takes its losses as `steps: [UNIT, ...]` of {', '.join(sorted(force))} (14.23)"
    steps = [str(u) for u in steps]
    if any(steps.count(u) > force[u] for u in force):
        return "a unit cannot lose more steps than it has (18.14)"
    need = needed(data, state, battle)
    if battle["result"]["attackers"] == "E":
        trial = with_force(state)
        counted = steps[:-1] if held(state, battle) else steps
        lost = sum(factor(data, trial, u, "attack") for u in force) - sum(
            factor(data, {**trial, "units": {**trial["units"], u: {**trial["units"][u], "steps": force[u] - counted.count(u)}}},
                   u, "attack") for u in force if force[u] - counted.count(u) > 0)
        if lost < battle["defence"] and len(counted) < sum(force.values()):
            return f"an E result costs the invaders steps worth at least the defenders' {battle['defence']} DFs (18.14, 14.23)"
        return "the invasion failed: one more step is lost on evacuation, the last one named (14.22 A)" \
            if held(state, battle) and len(steps) == len(counted) else None
    if len(steps) != min(need, sum(force.values())):
        return (f"the invaders lose {need} step(s) (14.23" + (", 14.22 A: one more on evacuating" if held(state, battle) else "")
                + f"), not {len(steps)}")
    return None


def finish(game: Any, data: GameData, state: dict, steps: list[str], dice: Dice, events: list) -> None:
    """The losses, then ashore (14.17 C, 14.24 A) or back to the box (14.22)."""
    from . import assault, invasion
    force = state.pop("invasion_force")
    battle = state.pop("pending")
    units = dict(force["units"])
    for unit_id in steps:
        units[unit_id] -= 1
        events.append({"event": "reduced" if units[unit_id] else "eliminated", "unit": unit_id,
                       **({"steps": units[unit_id]} if units[unit_id] else {}), "why": "invasion losses (14.23, 14.22 A)"})
    lost_vps(data, state, force["hex"], steps, events)
    gone = [u for u, n in units.items() if n <= 0]
    state["dead"] = sorted([*state["dead"], *({"unit": u, "side": "western"} for u in gone)], key=lambda d: d["unit"])
    alive = {u: n for u, n in units.items() if n > 0}
    if held(state, battle) or not alive:
        state["boxes"][force["box"]] = {**state["boxes"][force["box"]], **alive}
        events.append({"event": "invasion_failed", "hex": force["hex"], "box": force["box"], "units": sorted(alive), "rule": "14.22"})
    else:
        for unit_id, steps_left in sorted(alive.items()):
            state["units"][unit_id] = {"side": "western", "hex": force["hex"], "steps": steps_left}
        invasion.ashore(state, force["hex"], force["kind"])
        forts.after_advance(data, state, battle, [force["hex"]], events)            # 22.7 A
        events.append({"event": "invasion_ashore", "hex": force["hex"], "units": sorted(alive), "rule": "14.17 D, 14.23"})
    state["phase"] = "assault"
    assault.next_battle(game, data, state, dice, events)


def lost_vps(data: GameData, state: dict, hex_id: str, steps: list[str], events: list) -> None:
    """26.6.1: each WA step lost after the collapse costs the WA 1 VP (the force's steps are lost off
    the map, where victory.step_losses does not see them)."""
    from fractions import Fraction

    from .supply_play import LHJ, collapsed
    from .victory import VALUES, add
    if not steps or not collapsed(state) or state["scenario"] == LHJ:
        return
    vp = numbers.integer(data, f"{VALUES}.wa_step_after_collapse", "the VPs of a WA step after the collapse (26.6.1)")
    for unit_id in sorted(set(steps)):
        lost = steps.count(unit_id)
        events.append(add(state, "western", Fraction(vp * lost), "26.6.1", f"{unit_id} lost {lost} step(s)", hex_id))


# -- the answers ------------------------------------------------------------------------------
def check_defender(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or set(orders[0]) - {"steps", "retreat"}:
        return [Problem(None, "one answer: `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` (18.14, 14.18)")]
    return [Problem(0, m) for m in combat.loss_problems(data, state, state["pending"], normalise_answer(orders[0]), "defenders")]


def apply_defender(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    events: list[dict] = [{"event": "answer", "hex": state["pending"]["hex"], "side": side}]
    combat.take_result(data, state, state["pending"], normalise_answer(orders[0]), "defenders", events)
    forts.after_defender(data, state, state["pending"], events)                 # 22.7 B
    volkssturm.after_defender(state, state["pending"], events)                  # 25.7 B, D (behaviour 4)
    attacker_turn(game, data, state, dice, events)
    return events


def check_attacker(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or set(orders[0]) != {"steps"}:
        return [Problem(None, "one answer: `steps: [UNIT, ...]`, the invasion force's losses (14.23, 14.22 A)")]
    why = steps_problem(data, state, orders[0]["steps"])
    return [Problem(0, why)] if why else []


def apply_attacker(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    events: list[dict] = []
    finish(game, data, state, [str(u) for u in orders[0]["steps"]], dice, events)
    return events


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    battle = state["pending"]
    return {"orders": [], "notes": [f"invasion battle at {battle['hex']}: result {battle['result']['attackers']}/"
                                    f"{battle['result']['defenders']}; defender `steps:` / `retreat:` (18.14), the WA "
                                    "`steps: [UNIT, ...]` (14.23, 14.22 A)"]}
