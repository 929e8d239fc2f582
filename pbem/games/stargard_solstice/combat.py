"""8.0 combat: one attack per order file in the Combat segment (8.2: "combats are resolved one
at a time, in the order the attacker wishes"), its ratio (1.1.2, 1.1.3, 8.4), the column shift
of a pinned defender (8.1.2), the CRT (8.1) and the results, the defender's first (8.1) — both
sides' first on a double result is the attacker's (8.1.1). A side with a choice of losses or
retreat route answers it (losses.py); an advance after combat (10.0) is ordered at the head of
the attacker's next Combat-segment file."""

from __future__ import annotations

import re
from fractions import Fraction
from math import floor

from ...dice import Dice
from ...errors import PbemError
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import clamp, whole_column
from ..base import Problem
from . import air
from .common import (canonical, combat_units, grid, hexside, info, other, printed, side_of, terrain)
from .movement import step_cost
from .reich import attack_ban

ATTACK = ("`attack: HEX, with: [UNIT, ...]`, `air: {AIR UNIT: full|normal}` (13.1), one attack per file (8.2); an "
          "empty file ends the Combat segment (2.3.3)")
CRT = "the Combat Results Table (1.3.2)"
RESULT = re.compile(r"(?P<side>[AD])(?P<steps>[0-9]*)(?:r(?P<retreat>[0-9]+))?(?P<pinned>P?)")


def columns(data: GameData) -> list[str]:
    return [str(c) for c in numbers.texts(data, "crt.columns.all", "the CRT columns (8.4)")]


def ratio_of(label: str) -> Fraction:
    a, d = re.split("[:-]", label.rstrip("+"))
    return Fraction(int(a), int(d))


def column(data: GameData, attack: int, defence: int) -> int | None:
    """8.4, 1.1.3: the totals as a ratio, rounded in the defender's favour (the attacker's
    multiple down, the defender's up); beyond the last column, the last (7-1+); below the
    first (1:2), None: the attack is cancelled."""
    labels = columns(data)
    if defence <= 0:
        return len(labels) - 1
    ratio = Fraction(attack // defence) if attack >= defence else Fraction(1, -(-defence // max(attack, 1)))
    if attack == 0:
        return None
    best = None
    for index, label in enumerate(labels):
        if ratio_of(label) <= ratio:
            best = index
    return best


def supply_factor(state: dict, unit_id: str) -> Fraction:
    """11.3.1, 11.3.2: an out-of-supply or isolated unit's attack and defence are halved."""
    return Fraction(1, 2) if state["units"][unit_id].get("supply") in ("oos", "isolated") else Fraction(1)


def river_factor(data: GameData, a: str, b: str) -> Fraction:
    """8.4.1: the terrain effects of major and minor rivers on an attack across them (TEC)."""
    factor = Fraction(1)
    for river in ("minor_river", "major_river"):
        if river in hexside(data, a, b):
            factor *= numbers.fraction(data, f"terrain.hexsides.{river}.combat_size",
                                       f"the strength of an attack across a {river.replace('_', ' ')} (TEC, 8.4.1)")
    return factor


def strengths(data: GameData, state: dict, target: str, attackers: list[str]) -> tuple[int, int, list[dict]]:
    """1.1.2, 1.1.3: each unit's modifiers multiplied, fractions kept, the stack's total then
    rounded down."""
    attack = sum((printed(data, state, u, "attack") * supply_factor(state, u)
                  * river_factor(data, state["units"][u]["hex"], target) for u in attackers), Fraction(0))
    defenders = combat_units(data, state, target)
    defence = sum((printed(data, state, u, "defense") * supply_factor(state, u) for u in defenders), Fraction(0))
    return floor(attack), floor(defence), []


def parse(data: GameData, cell: str, where: str) -> dict[str, dict]:
    """A CRT cell: "–" no effect; else parts like "A1", "Dr2", "D1r1", "DP" joined by "/"
    (8.1: # steps lost, r# hexes to retreat, P pinned)."""
    out = {"A": {"steps": 0, "retreat": 0, "pinned": False}, "D": {"steps": 0, "retreat": 0, "pinned": False}}
    if cell.strip() in ("–", "-", "—"):
        return out
    for part in cell.split("/"):
        m = RESULT.fullmatch(part.strip())
        if not m:
            raise PbemError(f"data `{where}`: {cell!r} is not a CRT result (A#/D#, r# hexes to retreat, P; 8.1)",
                            data.override_file)
        out[m["side"]] = {"steps": int(m["steps"] or 0), "retreat": int(m["retreat"] or 0), "pinned": bool(m["pinned"])}
    return out


def cells(data: GameData, label: str) -> dict[str, str]:
    return {k: str(v) for k, v in whole_column(data, range(1, 7), lambda d: f"crt.cells.{label}.{d}",
                                               lambda d: f"the {label} result of die {d} (8.1)", CRT).items()}


def plan(data: GameData, state: dict, side: str, order: dict) -> tuple[dict | None, str | None]:
    """The attack an order declares, checked (8.0, 8.3, 4.6, 1.1.3), or why it is illegal."""
    if "attack" not in order or not isinstance(order.get("with"), list) or not order["with"]:
        return None, f"expected {ATTACK}"
    target = canonical(data, order["attack"])
    info(data, target)
    defenders = combat_units(data, state, target, other(side))
    if not defenders:
        return None, f"{target} holds no enemy combat unit: empty hexes and lone HQs may not be attacked (8.0)"
    if target in state["attacked"]:
        return None, f"{target} has been attacked this segment: no defending unit is attacked twice (8.3.1)"
    attackers = [str(u) for u in order["with"]]
    for unit_id in attackers:
        why = attacker_problem(data, state, side, unit_id, target)
        if why:
            return None, why
    attack, defence, _ = strengths(data, state, target, attackers)
    index = column(data, attack, defence)
    if index is None:
        return None, f"{attack} to {defence} is less than 1:2: the attack would be cancelled (1.1.3)"
    shifts: list[dict] = []
    if any(state["units"][u].get("pinned") for u in defenders):
        shifts.append({"shift": numbers.integer(data, "crt.shifts.pinned_defender", "the pinned shift (8.1.2)"),
                       "why": "pinned defender", "rule": "8.1.2"})
    shifts += surprise(data, state, side)
    flying, why = air.shifts(data, state, side, order)     # 8.4.1, 13.1: after the ratio
    if why:
        return None, why
    shifts += flying
    labels = columns(data)
    final = clamp(index + sum(int(s["shift"]) for s in shifts), len(labels))
    table = cells(data, labels[final])
    for die, cell in table.items():
        result = parse(data, cell, f"crt.cells.{labels[final]}.{die}")
        for letter, owner in (("A", side), ("D", other(side))):
            if result[letter]["retreat"]:        # 9.2.1: a retreat is measured to the supply sources
                numbers.texts(data, f"supply.sources.source_hexes.{owner}", f"the {owner} supply source hexes (1.2.9, 9.2.1)")
    return {"hex": target, "attackers": sorted(attackers), "defenders": defenders, "attack": attack, "defence": defence,
            "ratio": labels[index], "column": labels[final], "shifts": shifts, "cells": table}, None


def surprise(data: GameData, state: dict, side: str) -> list[dict]:
    """19.1.12: "+1 on the first attack selected by the 3rd SS Panzer Corps on the first turn";
    whether it is a column shift or a die modifier is not said (crt.shifts.german_surprise_kind)."""
    if not (state.get("surprise") and side == "german" and state["turn"] == 1 and state["hq"] == "3SS-PZ-HQ"):
        return []
    kind = numbers.text(data, "crt.shifts.german_surprise_kind", "whether the German surprise is a column shift (19.1.12)")
    if kind != "column_shift":
        raise PbemError(f"data `crt.shifts.german_surprise_kind` is {kind!r}: pbem takes `column_shift` only (19.1.12)",
                        data.override_file)
    return [{"shift": 1, "why": "German surprise", "rule": "19.1.12"}]


def attacker_problem(data: GameData, state: dict, side: str, unit_id: str, target: str) -> str | None:
    """8.0, 3.3.5: activated combat units only; 8.1.2: not pinned; 8.3.1: each unit in one
    attack per segment; 4.6: adjacent, into a hex it could move into by regular movement."""
    if unit_id not in state["units"] or side_of(state, unit_id) != side:
        return f"{unit_id} is not a {side} unit on the map (8.0)"
    if unit_id not in state["activated"] + state["independents"]:
        return f"{unit_id} is not activated: out of command, it may not attack (3.3.5)"
    if state["units"][unit_id].get("pinned"):
        return f"{unit_id} is pinned and may not attack (8.1.2)"
    if unit_id in state["attackers"]:
        return f"{unit_id} has attacked this segment: no unit contributes to more than one attack (8.3.1)"
    banned = attack_ban(data, state, unit_id)                 # 19.1.3
    if banned:
        return banned
    here = state["units"][unit_id]["hex"]
    if not grid(data).adjacent(here, target):
        return f"{unit_id} in {here} is not adjacent to {target} (8.0)"
    cost, why = step_cost(data, here, target)
    if cost is None:
        return f"{unit_id} may attack only into a hex it could move into: {why} (4.6)"
    return None


def check_combat(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .losses import check_advances
    problems, attacks = check_advances(data, state, side, orders)
    for n, index in enumerate(attacks):
        if n:                                  # the first attack stands; each later one is refused
            problems.append(Problem(index, f"one attack per file (2.3.3, 8.2): this file already attacks "
                                           f"{orders[attacks[0]]['attack']}; send this attack in the next file"))
            continue
        if any("attack" not in o for o in orders[index + 1:]):
            problems.append(Problem(index, "one attack per file, after any advance (8.2)"))
            continue
        _, why = plan(data, state, side, orders[index])
        if why:
            problems.append(Problem(index, why))
    if not attacks and not problems:
        from .cup import draw_problems
        draw_problems(data, state)
    return problems


def apply_combat(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .cup import attacked_armies, draw
    from .losses import apply_advances, resolve
    events = apply_advances(data, state, side, [o for o in orders if "advance" in o])
    attack = [o for o in orders if "attack" in o]
    state["vacated"] = None
    if state.get("relocations"):            # 12.2.6: an advance overran an HQ: its owner relocates it first
        from .hqs import next_relocation
        if not attack:
            next_relocation(state)
            return events
    if not attack:
        events.append({"event": "combat_over", "side": side, "hq": state["hq"]})
        draw(data, state, events, dice)
        return events
    battle, _ = plan(data, state, side, attack[0])
    if battle is None:
        raise PbemError("internal: an attack checked legal is not")
    attacked_armies(data, state, side, battle["defenders"])
    state["attacked"].append(battle["hex"])
    state["attackers"] += battle["attackers"]
    die = dice.roll(f"crt/{state['turn']}-{state['draws']}/{battle['hex']}", 6,
                    about=f"attack on {battle['hex']} at {battle['column']} (8.2)")
    result = parse(data, battle["cells"][str(die)], f"crt.cells.{battle['column']}.{die}")
    events.append({"event": "combat", **{k: v for k, v in battle.items() if k != "cells"}, "die": die,
                   "result": battle["cells"][str(die)]})
    air.flown(state, side, battle["shifts"], events)
    if any(s["rule"] == "19.1.12" for s in battle["shifts"]):
        state["surprise"] = False
    resolve(data, state, side, battle, result, events)
    return events


def city(data: GameData, hex_id: str) -> bool:
    return terrain(data, hex_id) == "city"


def village_or_city(data: GameData, hex_id: str) -> bool:
    return terrain(data, hex_id) in ("village", "city")


def festung(data: GameData, unit_id: str) -> bool:
    from .common import kind
    return kind(data, unit_id) == "festung"
