"""18.x prepared assaults, as the Prepared Assault Phase (5.1.6, 5.2.6, 5.3.5).

The phasing side announces every assault first (18.10 A): `attack: [HEX, ...]` (or one HEX) and
`with: [UNIT, ...]`, resolved in the file's order (18.10 C). Each battle, one at a time (18.9 B):
- the die on the final column (18.7, 18.8, 18.11, 18.12, the shifts of 18.22-18.24 and 6.7);
- the defender applies its result first (18.15): a signed answer (phase `pa_defender`) where it
  has a choice (18.14: 1, 2, 3), `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}`;
- then the attacker its own result and its advance after combat (phase `pa_attacker`, 18.14,
  18.16-18.18): `steps:`, `retreat:`, `advance: {UNIT: [HEX, ...]}`;
- then, if defenders hold their hex and no attacker is left in its own, the defender's advance
  into a vacated attacking hex (phase `pa_advance`, 18.20): `advance: {UNIT: HEX}` or nothing.
The battles wait in state["battles"]; the one being resolved is state["pending"]."""

from __future__ import annotations

import copy
from typing import Any

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from . import amphibious as amphibious_mod
from . import fog_dummies, lake_supply, pledge, polish, volkssturm
from . import (calendar, combat, ebs, echelon, flak, fortress, forts, groups, invasion_battle, probing, satellites, sea, shock, strategic,
               supply_play, supply_units, yugoslavia)
from .common import (A_UNIT_OF, army_of, board, counter, enemies, factor, grid, hexside, is_type, mapdata, plays, set_steps,
                     stacking_problem, terrain)
from .movement import normalise_answer

ATTACK = "a prepared assault is `attack: [HEX, ...]` (or `attack: HEX`) with `with: [UNIT, ...]` (18.10 B)"


def pledge_notes(state: dict) -> list[str]:
    """17.6.2 A-B: the paratroops awaiting this phase's support (behaviour 4)."""
    return [f"{u} awaits ground units' support atop the defenders of {p['hex']}: name it with them in an assault on "
            f"{p['hex']}, or it is destroyed (17.6.2 A-B)" for u, p in sorted(pledge.pledged(state).items())]


def targets(order: dict) -> list[str]:
    value = order.get("attack")
    return [str(h) for h in value] if isinstance(value, list) else [str(value)]


def check_assaults(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    used: set[str] = set()
    hit: set[str] = set()
    first = 1 if orders and "bomb" in orders[0] else 0
    state = pledge.view(data, state)                                # 17.6.2 A: atop their defenders (behaviour 4)
    state = {**state, "units": {u: dict(v) for u, v in state["units"].items()}, "attack_supply": {}}
    burns = supply_units.leading(orders[first:], "supply")
    for index in range(first, first + burns):                       # 5.1.6 A: the AS burn-offs first (15.22)
        why = supply_units.as_problem(data, state, orders[index], [])
        if why:
            return [Problem(index, why)]
    if echelon.announced(orders[first + burns:]):                   # 24.6 B: announced after the burn-offs
        why = echelon.problem(data, state, orders[first + burns], front_units(data, state, orders[first + burns + 1:]))
        if why:
            return [Problem(first + burns, why)]
        burns += 1
    amphibious = 0                                                  # 14.33 A: one a player-turn
    plain = False                                                   # an assault without the Shock Front so far
    for index, order in enumerate(orders[first + burns:], start=first + burns):
        why = battle_problem(data, state, order, used, hit) if "bomb" not in order else \
            "a heavy bomber strike is the first order of the file, one a phase (25.5 B)"
        units = [str(u) for u in order["with"]] if isinstance(order.get("with"), list) else []
        why = why or shock.battle_problem(data, state, units, plain) \
            or amphibious_mod.order_problem(data, state, order, units, [grid(data).canonical(h) for h in targets(order)], amphibious)
        if why:
            return [Problem(index, why)]
        amphibious += 1 if order.get("amphibious") is True else 0
        plain = plain or ("bomb" not in order and not shock.members(state, units, data))
    why = bomb_problem(data, state, orders[0], hit) if first else None
    if not why and plays(data, 3) and state["army"] == "western":
        found = groups.prepared_problem(data, state, orders) or \
            groups.as_groups_problem(data, state, [o for o in orders[first:first + burns] if "supply" in o], orders)   # 4.10 E-F; 4.2 B, 4.10 B
        if found:
            return [Problem(found[0], found[1])]
    return [Problem(0, why)] if why else []


BOMB = "a heavy bomber strike is `bomb: UNIT`, a German unit in a hex this file assaults (25.5 C)"


def bomber_window(data: GameData, turn: int) -> str | None:
    return next((k for k, (low, high) in calendar.heavy_bomber_windows(data).items() if low <= turn <= high), None)


def bomb_problem(data: GameData, state: dict, order: dict, assaulted: set[str]) -> str | None:
    """25.5 A-C: twice a game, once in Turns 3-6 and once in 20-23, before any other action of the
    WA Prepared Assault Phase, on a German unit in a hex a WA ground force is about to assault."""
    if not plays(data, 2):
        return "heavy bomber strikes are played from behaviour 2 (docs/upgrading.md)"
    unit_id = order.get("bomb")
    if set(order) != {"bomb"} or not isinstance(unit_id, str):
        return BOMB
    if state["army"] != "western":
        return "only the WA call heavy bomber strikes, in their Prepared Assault Phase (25.5 B, 5.2.6)"
    found = calendar.heavy_bomber_problems(data, state["turn"], set(state.get("bombers", [])))
    if found:
        return found[0].message
    if unit_id not in state["units"] and plays(data, 3) and mapdata(data).listed(unit_id):
        return forts.bomb_problem(data, state, unit_id, assaulted)                   # 25.5 F
    if unit_id not in state["units"] or unwrap(counter(data, unit_id).get("nation")) != "german":
        return f"{unit_id} is not a German unit on the map (25.5 C)"
    if state["units"][unit_id]["hex"] not in assaulted:
        return f"{unit_id} in {state['units'][unit_id]['hex']} is not in a hex this file assaults (25.5 C, G)"
    return None


def bomb(data: GameData, state: dict, order: dict, events: list) -> None:
    """25.5 E: the bombed unit loses one step (behaviour 3: a bombed SU is destroyed for good; F: a
    vacant fort is removed); H: the WA advancing into its hex halt there."""
    unit_id = str(order["bomb"])
    hex_id = fog_dummies.hex_of(state, unit_id) if unit_id in state["units"] or fog_dummies.is_dummy(state, unit_id) else unit_id
    state["bombers"] = sorted([*state.get("bombers", []), str(bomber_window(data, state["turn"]))])
    state["bombed"] = {"turn": state["turn"], "hex": hex_id}
    events.append({"event": "bombed", "unit": unit_id, "hex": hex_id})
    if fog_dummies.is_dummy(state, unit_id):
        fog_dummies.bombed(state, unit_id, events)                  # 25.5 D: spent on a dummy
        return
    if unit_id not in state["units"]:
        forts.destroy(state, hex_id, events, "a heavy bomber strike on the ungarrisoned fort (25.5 F)")
        return
    if plays(data, 3) and supply_units.is_su(data, unit_id):
        supply_units.destroy(state, unit_id, "heavy bomber strike: a supply concentration is destroyed permanently (25.5 E)",
                             events)
        return
    set_steps(state, unit_id, state["units"][unit_id]["steps"] - 1, events, "heavy bomber strike (25.5 E)")


def no_choice(game: Any, data: GameData, state: dict) -> str | None:
    """The phasing side has no prepared assault to make: on Turn 1 the Axis (6.1), or no unit
    that may assault stands next to an enemy unit or a vacant fort (18.1, 18.3, 22.5; 6.5 B with
    Operation Bagration only Yugoslav partisans, 6.6)."""
    army = state["army"]
    if state["turn"] == 1 and army == "axis":
        return "on Turn 1 the Axis makes no prepared assaults (6.1)"
    if pledge.waiting(state):
        return None                                                 # 17.6.2 B: the pledge is met or not in the file
    g, now, foe_armies = grid(data), board(state), enemies(state, army)          # one board for every hex (issue 13)
    foes = {h for h in now.enemy_hexes(army) if any(army_of(state, u) in foe_armies for u in now.units_in(h))}
    foes |= {h for h in forts.standing(data, state) if forts.vacant(data, state, h, army)}      # 22.5 (behaviour 3)
    foes |= {h for h in {state["units"][u]["hex"] for u in state["units"] if state["units"][u]["side"] == army}
             for h in grid(data).neighbours(h) if volkssturm.vacant(data, state, h, army)}      # 25.7 (behaviour 3)
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != army or not any(g.adjacent(unit["hex"], h) for h in foes):
            continue
        if state["turn"] == 1 and army == "soviet" and state.get("bagration") and not is_type(data, unit_id, "yugoslav"):
            continue
        if not flak.flak(data, unit_id) and factor(data, state, unit_id, "attack") > 0:
            return None
    return "no unit that may make a prepared assault stands next to an enemy unit (18.1, 18.3; 6.5 B)"


def battle_problem(data: GameData, state: dict, order: dict, used: set[str], hit: set[str]) -> str | None:
    """18.2, 18.3, 18.5, 6.1, 6.5 B, 4.4 A for one announced assault; the whole CRT column it
    may need is required now (before any die)."""
    units = order.get("with")
    if set(order) - {"attack", "with", "amphibious"} or "attack" not in order or not isinstance(units, list) or not units:
        return ATTACK
    army, g = state["army"], grid(data)
    try:
        hexes = [g.canonical(h) for h in targets(order)]
    except ValueError as exc:
        return str(exc)
    if state["turn"] == 1 and army == "axis":
        return "on Turn 1 the Axis may only move strategically in the east and operationally in Italy: no prepared assaults (6.1)"
    why = next((w for w in (attacker_problem(data, state, u, used) for u in units) if w), None)
    why = why or pledge.order_problem(data, state, [str(u) for u in units], hexes)   # 17.6.2 A (behaviour 4)
    why = why or flak.attack_problem(data, state, units)                       # 25.2 E, H
    if why:
        return why
    if plays(data, 2) and state["scenario"] != supply_play.LHJ and supply_play.berlin_hex(data) in hexes:
        barred = [u for u in units if army_of(state, u) == "soviet"
                  and unwrap(counter(data, u).get("nation")) in shock.SATELLITES]
        if barred:
            return f"{barred[0]} may never attack Berlin (19.1.2 A, 19.2.3)"
    why = supply_play.no_supply_problems(data, state, pledge.ground(state, units), "15.22.1") if plays(data, 2) else None
    why = why or supply_units.attack_problem(data, state, units)                # behaviour 3: 15.22, 24.4 B
    why = why or yugoslavia.assault_problem(data, state, units, hexes) or satellites.assault_problem(data, state, units, hexes)
    if why:
        return why

    bare = pledge.without(state)                                     # the hexes without the paratroops atop (17.6.2)
    why = probing.probe_problem(data, bare, hexes)                   # 18.21 (behaviour 3)
    if why:
        return why
    for hex_id in hexes:
        if hex_id in hit:
            return f"{hex_id} may be the object of only one prepared assault per phase (18.2 B)"
        if board(bare).units_in(hex_id) and supply_units.alone_problem(data, bare, hex_id):
            return supply_units.alone_problem(data, bare, hex_id)
        for unit_id in units:
            here = state["units"][unit_id]["hex"]
            if pledge.atop(state, unit_id, hex_id):
                continue                                             # 17.6.2 A: from atop the defenders
            if not g.adjacent(here, hex_id):
                return f"{unit_id} in {here} is not adjacent to {hex_id}: every attacker must be adjacent to every defending hex (18.3, 18.5)"
            if "dike" in hexside(data, here, hex_id) and not amphibious_mod.over_dike(data, order):
                return f"the dike hexside {here}-{hex_id} prevents prepared assaults across it (10.9 B)"
            crossing = amphibious_mod.crossing_problem(data, state, order, here, hex_id)             # 14.33 A
            if crossing:
                return crossing
        other = [a for a in ("western", "soviet") if a != army and army != "axis"]
        if other and hex_id in state["assaulted"].get(other[0], []):
            return f"the {other[0]} forces assaulted {hex_id} this turn: the Alliance camps may not assault the same hex in one turn (4.4 A)"
    used.update(units)
    hit.update(hexes)
    if probing.is_probe(data, bare, hexes):
        return None                                                  # 18.21: no die, no CRT column
    battle = plan_battle(data, state, hexes, list(units), order.get("amphibious") is True)
    combat.column_cells(data, battle["line"], battle["column"])
    return None


def attacker_problem(data: GameData, state: dict, unit_id: str, used: set[str]) -> str | None:
    """18.1, 18.2 A, 6.5 B, 12.2 for one announced attacker (a Flak corps' AF is "S", 25.2 G)."""
    army = state["army"]
    if unit_id not in state["units"] or army_of(state, unit_id) != army:
        return f"{unit_id} is not {A_UNIT_OF[army]} unit on the map (18.1)"
    if unit_id in used:
        return f"{unit_id} makes one prepared assault per phase (18.2 A)"
    if state["turn"] == 1 and army == "soviet" and state.get("bagration") and not is_type(data, unit_id, "yugoslav"):
        return f"{unit_id} may not assault: with Operation Bagration only SUs act on Turn 1 (6.5 B; 6.6 Yugoslav partisans)"
    if not flak.flak(data, unit_id) and factor(data, state, unit_id, "attack") <= 0:
        return f"{unit_id} has no attack factor"
    why = polish.assault_problem(data, state, unit_id)                                # 25.6 (behaviour 3)
    if why:
        return why
    return strategic.done_problem(state, unit_id, prepared=True) or sea.done_problem(state, unit_id, True)  # 12.2; 5.2.4 D, 7.21


def plan_battle(data: GameData, state: dict, hexes: list[str], units: list[str], amphibious: bool = False) -> dict:
    """The battle's odds: 18.4 the DFs totalled; 18.22 doubled across a river or canal unless
    units with AFs at least the hex's printed DFs attack across other hexsides; 18.7 the
    initial ratio; 18.8 A the line of the defender's terrain (several hexes: a reading, the
    line of the first hex named); the shifts."""
    army = state["army"]
    defenders = supply_units.fighting(data, probing.defenders(data, state, hexes))            # 15.23 B, 18.4
    defence = 0
    for hex_id in hexes:
        here = [u for u in defenders if state["units"][u]["hex"] == hex_id]
        value = combat.defence_of(data, state, flak.strength_units(data, state, here))            # 25.2 G
        value = volkssturm.defence(data, state, army, hex_id, value, bool(here))                 # 25.7 C, 22.5 A, 22.6 B
        across = [u for u in units if state["units"][u]["hex"] != hex_id
                  and amphibious_mod.water(data, state, state["units"][u]["hex"], hex_id, amphibious)]   # 14.33 A, 17.8
        dry = combat.attack_of(data, state, [u for u in flak.strength_units(data, state, units) if u not in across])
        atop = any(state["units"][u]["hex"] == hex_id for u in units)            # 18.22 C, 17.6.2 C (behaviour 4)
        defence += value * 2 if across and dry < value and not atop else value
    strong = flak.strength_units(data, state, units)
    attack = combat.attack_of(data, state, strong) + shock.attack_bonus(data, state, strong, combat.attack_of)   # 24.4 A
    attack += supply_units.fmo_bonus(data, state, units)                                                     # 23.2 B
    shifts = pledge.no_tac_air(state, units, battle_shifts(data, pledge.without(state), army, hexes,
                                                           pledge.ground(state, units)))                    # 17.6.2, 25.8 B
    shifts += supply_units.okh_shift(data, state, units)                                                     # 25.10 D
    line = combat.line_of(data, hexes[0])
    initial, column = combat.final_column(data, line, attack, defence, shifts)
    support = {k: v for k, v in (("flak_attack", flak.supporting(data, state, units)),
                                 ("flak_defence", flak.supporting(data, state, defenders)),
                                 ("forts", forts.held(data, state, hexes)),
                                 ("volkssturm", volkssturm.held(data, state, army, hexes))) if v}     # 25.2 H-K, 22.x, 25.7
    return {**support, "kind": "prepared", "hexes": hexes, "attackers": units, "defenders": defenders,
            "defender_army": army_of(state, defenders[0]) if defenders else "axis", "attack": attack,
            "defence": defence, "line": line, "initial": initial, "column": column,
            "shifts": [s.as_event() for s in shifts],
            "hex_of": {u: state["units"][u]["hex"] for u in [*units, *defenders]},
            "berlin": any(combat.line_of(data, h) == "berlin" for h in hexes)}


def battle_shifts(data: GameData, state: dict, army: str, hexes: list[str], units: list[str]) -> list[Shift]:
    """18.23 concentric 2R (a reading for several hexes: each of them ringed; D: never against
    units drawing FS or WA units beneath invasion-port counters, behaviour 3); 18.24 city 1L
    (any defending hex a city); 6.7 Operation Bagration."""
    shifts: list[Shift] = []
    defenders = sorted(u for h in hexes for u in board(state).units_in(h) if army_of(state, u) in enemies(state, army))
    if all(concentric(data, state, h, units) for h in hexes) and not fortress.shields(state, defenders) \
            and not probing.unflankable(data, state, hexes):                                        # 15.19 B, 18.23 D
        shifts.append(Shift(numbers.integer(data, "crt.shifts.concentric", "the concentric shift (18.23)"),
                            "concentric assault", "18.23"))
    for hex_id in hexes:
        found = combat.city_shift(data, hex_id)
        if found:
            shifts += found
            break
    supply = volkssturm.supplied_shifts(data, state, army, hexes, supply_play.assault_shifts(data, state, army, units, defenders))
    return (shifts + combat.bagration_shift(data, state, army) + supply                                # 15.4, 25.7 B
            + flak.shifts(data, state, units, probing.defenders(data, state, hexes))                   # 25.2 H, I
            + forts.shifts(data, state, army, hexes))                                                # 22.6 A, 22.5 C


def concentric(data: GameData, state: dict, hex_id: str, units: list[str]) -> bool:
    """18.23 A: every hex around the defender's is an attacking hex or next to one (the
    examples: T23 and T25 around T24; T23, S25 and U25)."""
    g = grid(data)
    ring = g.neighbours(hex_id)
    attacking = {state["units"][u]["hex"] for u in units} - {hex_id}      # paratroops atop it ring nothing (17.6.2)
    return all(h in attacking or any(g.adjacent(h, a) for a in attacking) for h in ring)


# -- apply: announce, then one battle at a time -------------------------------------------
def apply_assaults(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    g = grid(data)
    strike = orders[0] if orders and "bomb" in orders[0] else None
    orders = orders[1:] if strike else orders
    burns = supply_units.leading(orders, "supply")
    events: list[dict] = []
    if plays(data, 3):
        state["attack_supply"] = {}
    for order in orders[:burns]:                                    # 5.1.6 A: the AS burn-offs first (15.22)
        supply_units.as_problem(data, state, order, events)
    orders = orders[burns:]
    echeloned = echelon.announced(orders)
    orders = orders[1:] if echeloned else orders
    state["battles"] = [{"hexes": [g.canonical(h) for h in targets(o)], "with": list(o["with"]),
                         **({"amphibious": True} if o.get("amphibious") is True else {})} for o in orders]
    events += [{"event": "announced", "battles": [dict(b) for b in state["battles"]]}] if orders else []
    if echeloned:                                                   # 24.6 B-C: the front's first round first
        state["battles"] = echelon.begin(state, state["battles"], front_units(data, state, orders))
        events.append({"event": "echelon", "round": 1, "battles": [dict(b) for b in state["battles"]], "rule": "24.6 B"})
    if pledge.waiting(state):                                       # 17.6.2 B (behaviour 4)
        pledge.begin(data, state, state["battles"], events)
    if strike:
        bomb(data, state, fog_dummies.blind_strike(data, state, strike, dice, events), events)     # 25.5 D (behaviour 4)
    if invasion_battle.waiting(state):                              # 14.18: the invasion battle first
        invasion_battle.start(game, data, state, dice, events)
        return events
    next_battle(game, data, state, dice, events)
    return events


def next_battle(game: Any, data: GameData, state: dict, dice: Dice, events: list) -> None:
    army = state["army"]
    while state["battles"]:
        declared = state["battles"].pop(0)
        seen = pledge.view(data, state)                               # 17.6.2 A: the paratroops atop (behaviour 4)
        units = [u for u in declared["with"] if u in seen["units"] and seen["units"][u]["side"] == army]
        hexes = [h for h in declared["hexes"] if any(army_of(state, u) in enemies(state, army)
                                                     for u in supply_units.fighting(data, board(state).units_in(h)))]
        hexes += [h for h in declared["hexes"] if h not in hexes and (forts.vacant(data, state, h, army)
                                                                      or volkssturm.vacant(data, state, h, army))]  # 22.5, 25.7
        if units and not hexes and plays(data, 3) and probing.is_probe(data, state, declared["hexes"]):
            state["pending"] = probing.probe(state, declared["hexes"], units, events)      # 18.21, 25.5 G
            state["assaulted"][army] = sorted(set(state["assaulted"].get(army, [])) | set(declared["hexes"]))
            if after_roll(data, state, events):
                return
            continue
        if not units or not hexes:
            events.append({"event": "assault_off", "hexes": declared["hexes"], "why": "no attacker or defender left (18.4, 18.9 B)"})
            continue
        battle = plan_battle(data, seen, hexes, units, declared.get("amphibious") is True)
        cells = combat.column_cells(data, battle["line"], battle["column"])
        die = dice.roll(f"crt/{hexes[0]}", 6, about=f"prepared assault on {', '.join(hexes)} (18.9)")
        row = forts.die(data, state, army, hexes, die)                                        # 22.14
        cell = cells[str(row)]
        attacker, defender = combat.split_result(cell, f"crt.cells.{battle['line']}.{battle['column']}.{row}")
        battle["result"] = {"attackers": attacker, "defenders": defender}
        battle["die"], battle["taken"] = die, []
        state["assaulted"][army] = sorted(set(state["assaulted"].get(army, [])) | set(hexes))
        events.append({"event": "assault", "kind": "prepared", "hex": hexes[0], "hexes": hexes,
                       "from": sorted({battle["hex_of"][u] for u in units}), "attackers": units,
                       "defenders": battle["defenders"], "attack": battle["attack"], "defence": battle["defence"],
                       "initial": battle["initial"], "line": battle["line"], "shifts": battle["shifts"],
                       "column": battle["column"], "die": die, **({"row": row} if "forts" in battle else {}), "result": cell})
        state["pending"] = battle
        if after_roll(data, state, events):
            return
    state["pending"] = None
    if state.get("echelon"):                                        # 24.6: the second round, then the others
        if not echelon.after_round(state):
            next_battle(game, data, state, dice, events)
        return
    probing.phase_over(state)
    game.next_phase(data, state, events, dice)


def front_units(data: GameData, state: dict, orders: list) -> list[str]:
    """The Shock Front's units among a file's assaulters (24.4 A)."""
    named = [str(u) for o in orders if isinstance(o.get("with"), list) for u in o["with"] if str(u) in state["units"]]
    return sorted(set(shock.members(state, named, data)))


def after_roll(data: GameData, state: dict, events: list) -> bool:
    """18.15: the defender applies its result first, then the attacker (with its advance,
    18.16); a side without a choice has it applied at once. True when an answer is awaited."""
    battle = state["pending"]
    for who, phase in (("defenders", "pa_defender"), ("attackers", "pa_attacker")):
        if who in battle["taken"]:
            continue
        auto = combat.automatic_answer(data, state, battle, who)
        if auto is None or (who == "attackers" and may_advance(state, battle)):
            state["phase"] = phase
            return True
        combat.take_result(data, state, battle, auto, who, events)
        battle["taken"].append(who)
        if who == "defenders":
            probing.after_defender(data, state, battle, events)                     # 18.4
            forts.after_defender(data, state, battle, events)                       # 22.5 B, 22.7 B
            volkssturm.after_defender(state, battle, events)                        # 25.7 B, D
            pledge.after_defender(data, state, battle, events)                      # 17.6.2 (behaviour 4)
    return defender_advance_turn(data, state, events)


def defender_advance_turn(data: GameData, state: dict, events: list) -> bool:
    battle = state["pending"]
    if defender_may_advance(state, battle):
        state["phase"] = "pa_advance"
        return True
    return False


def vacated(state: dict, battle: dict) -> list[str]:
    """The defender's hexes left empty (22.5: a vacant fort still standing holds its hex; 22.7 A:
    one whose garrison retreated does not, it falls when the attackers advance into it)."""
    if battle["kind"] == "probe":
        return list(battle["hexes"])                         # 18.21: empty of forts and combat units
    garrisoned = {battle["hex_of"][u] for u in battle["defenders"]}
    standing = {h for h, n in battle.get("forts", {}).items() if state.get("forts", {}).get(h, n) and h not in garrisoned}
    standing |= volkssturm.standing(state, battle)                 # 25.7 B: it never retreats
    return [h for h in battle["hexes"] if h not in standing and not [
        u for u in board(state).units_in(h) if army_of(state, u) != state["army"]]]    # 17.6.2: the paratroops atop


def may_advance(state: dict, battle: dict) -> bool:
    """18.16 A: attackers left in their original hexes and a defender's hex vacant."""
    stayed = [u for u in battle["attackers"] if u in state["units"] and state["units"][u]["hex"] == battle["hex_of"][u]]
    return bool(stayed) and bool(vacated(state, battle))


def defender_may_advance(state: dict, battle: dict) -> bool:
    """18.20: defenders still in their original hex, no attacker in its own."""
    held = [u for u in battle["defenders"] if u in state["units"] and state["units"][u]["hex"] == battle["hex_of"][u]]
    left = [u for u in battle["attackers"] if u in state["units"] and state["units"][u]["hex"] == battle["hex_of"][u]]
    empty = [h for h in {battle["hex_of"][u] for u in battle["attackers"]} if not board(state).units_in(h)]
    return bool(held) and not left and bool(empty)


# -- the defender's answer (18.15) ---------------------------------------------------------
def loss_answer_problems(data: GameData, state: dict, orders: list, who: str, extra: set[str]) -> list[Problem]:
    battle = state["pending"]
    if len(orders) > 1 or (not orders and combat.choice_needed(battle["result"][who])):
        return [Problem(None, f"one answer: `steps: [UNIT, ...]` and/or `retreat: {{UNIT: [HEX, ...]}}` for the "
                              f"{battle['result'][who]} result of the {who} (18.14)")]
    order = orders[0] if orders else {}
    if set(order) - {"steps", "retreat", *extra}:
        return [Problem(0, f"the answer takes {', '.join(sorted({'steps', 'retreat', *extra}))} only (18.14)")]
    if combat.automatic_answer(data, state, battle, who) is not None and (order.get("steps") or order.get("retreat")):
        article = "an" if battle["result"][who] == "E" else "a"               # "an E result", "a 0 result"
        return [Problem(0, f"{article} {battle['result'][who]} result leaves no choice of steps or retreat (18.14)")]
    if combat.automatic_answer(data, state, battle, who) is None:
        return [Problem(0, m) for m in combat.loss_problems(data, state, battle, normalise_answer(order), who)]
    return []


def check_defender(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    return loss_answer_problems(data, state, orders, "defenders", set())


def apply_defender(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    battle = state["pending"]
    events: list[dict] = [{"event": "answer", "hex": battle["hexes"][0], "side": side}]
    combat.take_result(data, state, battle, normalise_answer(orders[0]), "defenders", events)
    battle["taken"].append("defenders")
    probing.note_retreats(data, state, normalise_answer(orders[0]))              # 18.4
    probing.after_defender(data, state, battle, events)
    forts.after_defender(data, state, battle, events)                            # 22.7 B
    volkssturm.after_defender(state, battle, events)                             # 25.7 B, D
    pledge.after_defender(data, state, battle, events)                           # 17.6.2 (behaviour 4)
    if not after_roll(data, state, events):
        next_battle(game, data, state, dice, events)
    return events


# -- the attacker's result and advance (18.14, 18.16) --------------------------------------
def check_attacker(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    problems = loss_answer_problems(data, state, orders, "attackers", {"advance", "ebs"})
    if problems or not orders or not {"advance", "ebs"} & set(orders[0]):
        return problems
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}, "dead": list(state["dead"])}
    battle = copy.deepcopy(state["pending"])
    answer = normalise_answer(orders[0])
    auto = combat.automatic_answer(data, trial, battle, "attackers")
    combat.take_result(data, trial, battle, auto if auto is not None else answer, "attackers", [])
    why = advance_problem(data, trial, battle, orders[0]["advance"]) if "advance" in orders[0] else None
    if not why and "ebs" in orders[0]:                              # 14.32 C, after the advance (its example)
        for key in ("boxes", "sea", "ebs"):
            trial[key] = copy.deepcopy(state.get(key))
        for unit_id, raw in sorted((orders[0].get("advance") or {}).items()):
            trial["units"][str(unit_id)]["hex"] = grid(data).canonical(str(raw[-1]))
        why = ebs.answer_problem(data, trial, orders[0]["ebs"])
    return [Problem(0, why)] if why else []


def advance_problem(data: GameData, state: dict, battle: dict, advance: Any) -> str | None:
    """18.16 A-G, 18.17, 18.18: from the original hexes, first into a vacated defender's hex,
    as far as the defenders retreated (two if all were eliminated), beyond one hex mechanized
    units only, into adjacent vacant hexes not across blocked hexsides, EZOCs ignored, stacking
    throughout; a marsh first hex stops all but Soviet cavalry-mechanized groups, a mountain
    hex only as the first and last."""
    g = grid(data)
    if not isinstance(advance, dict) or any(not isinstance(p, list) or not p for p in advance.values()):
        return "`advance:` is {UNIT: [HEX, ...]} (18.16)"
    if not may_advance(state, battle):
        return "no advance: no attacker is left in its original hex, or no defender's hex is vacant (18.16 A)"
    gone = [u for u in battle["defenders"] if u not in state["units"]]
    reach = numbers.integer(data, "assaults.advance_after_elimination", "the advance after an elimination (18.16 B)") \
        if len(gone) == len(battle["defenders"]) else int(battle.get("retreated", {}).get("defenders", 0))
    empty = vacated(state, battle)
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}}
    for unit_id, raw in sorted(advance.items()):
        unit_id = str(unit_id)
        if unit_id not in battle["attackers"] or unit_id not in trial["units"] \
                or trial["units"][unit_id]["hex"] != battle["hex_of"][unit_id]:
            return f"{unit_id} is not an attacker left in its original hex (18.16 A)"
        path = [g.canonical(str(h)) for h in raw]
        if path[0] not in empty:
            return f"the first hex of an advance is a vacated defender's hex ({', '.join(empty)}), not {path[0]} (18.16 C)"
        if len(path) > reach:
            return f"{unit_id} may advance {reach} hex(es), not {len(path)} (18.16 B)"
        bombed = state.get("bombed")
        if len(path) > 1 and bombed and bombed["turn"] == state["turn"] and state["army"] == "western" \
                and bombed["hex"] == path[0]:
            return f"{unit_id} advances into the just-bombed hex {path[0]} and halts there (25.5 H)"
        if len(path) > 1 and not is_type(data, unit_id, "mechanized"):
            return "only mechanized units advance more than one hex (18.16 D)"
        here = trial["units"][unit_id]["hex"]
        for i, hex_id in enumerate(path):
            if not g.adjacent(here, hex_id):
                return f"{hex_id} is not adjacent to {here} (18.16 D)"
            if i and ("blocked" in hexside(data, here, hex_id) or board(trial).units_in(hex_id) and
                      any(army_of(trial, u) != state["army"] for u in board(trial).units_in(hex_id))
                      or forts.vacant(data, trial, hex_id, state["army"])                          # 22.5
                      or volkssturm.vacant(data, trial, hex_id, state["army"])):                   # 25.7
                return f"{unit_id} advances only into adjacent vacant hexes, not across blocked hexsides ({hex_id}, 18.16 D)"
            mapdata(data).info(hex_id)
            kind = terrain(data, hex_id)
            if kind == "mountain" and i:
                return f"{unit_id} may enter the mountain hex {hex_id} only as the first hex of its advance (18.18)"
            if i and terrain(data, path[0]) in ("marsh", "mountain") and not (
                    terrain(data, path[0]) == "marsh" and is_type(data, unit_id, "cavalry_mechanized")):
                return f"{unit_id} must stop in the {terrain(data, path[0])} hex {path[0]} (18.17, 18.18)"
            crowd = stacking_problem(data, trial, state["army"], [unit_id], hex_id)
            if crowd:
                return f"{crowd} (18.16 G)"
            why = yugoslavia.enter_problem(data, trial, unit_id, hex_id) or satellites.enter_problem(data, trial, unit_id, hex_id)
            if why:
                return why
            here = hex_id
        why = satellites.retreat_end_problem(data, trial, unit_id, [here], "advance")       # 19.2 (behaviour 3)
        if why:
            return why
        trial["units"][unit_id]["hex"] = here
        lake_supply.landed(data, trial, battle["hex_of"][unit_id], path[0])        # 15.14 F: the line across (behaviour 4)
        if "control" in trial:
            trial["control"] = {**trial["control"], **{h: state["army"] for h in path}}
    return out_of_supply_advance(data, trial, list(advance))


def out_of_supply_advance(data: GameData, trial: dict, units: list) -> str | None:
    """Behaviour 2, 18.16 E: "Units are still prohibited from advancing out of GS" (EGS, 18.16 F,
    is not on the map); leaving a unit in each hex of the path keeps the salient supplied."""
    if not plays(data, 2):
        return None
    supplied = supply_play.in_gs(data, trial, trial["army"])
    cut = [str(u) for u in sorted(units) if str(u) not in supplied]
    if cut:
        return f"{', '.join(cut)} would advance out of general supply (18.16 E)"
    return None


def apply_attacker(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    battle = state["pending"]
    events: list[dict] = []
    answer = normalise_answer(orders[0]) if orders else {}
    auto = combat.automatic_answer(data, state, battle, "attackers")
    combat.take_result(data, state, battle, auto if auto is not None else answer, "attackers", events)
    g = grid(data)
    for unit_id, raw in sorted((orders[0].get("advance") or {}).items() if orders else []):
        path = [g.canonical(str(h)) for h in raw]
        state["units"][str(unit_id)]["hex"] = path[-1]
        events.append({"event": "advance", "unit": str(unit_id), "path": [battle["hex_of"][str(unit_id)], *path]})
        forts.after_advance(data, state, battle, path, events)                   # 22.7 A
        lake_supply.landed(data, state, battle["hex_of"][str(unit_id)], path[0])  # 15.14 F (behaviour 4)
    for unit_id in sorted((orders[0].get("ebs") or {}) if orders else []):          # 14.32 C
        ebs.land_problem(data, state, str(unit_id), orders[0]["ebs"][unit_id])
        events.append(ebs.event(state, str(unit_id)))
    if not defender_advance_turn(data, state, events):
        next_battle(game, data, state, dice, events)
    return events


# -- the defender's advance (18.20) ---------------------------------------------------------
def check_defender_advance(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    battle = state["pending"]
    g = grid(data)
    empty = sorted(h for h in {battle["hex_of"][u] for u in battle["attackers"]} if not board(state).units_in(h))
    for index, order in enumerate(orders):
        unit_id, target = order.get("advance"), order.get("to")
        if set(order) - {"advance", "to"} or not isinstance(unit_id, str) or target is None:
            return [Problem(index, "a defender's advance is `advance: UNIT, to: HEX` (18.20)")]
        if unit_id not in battle["defenders"] or unit_id not in state["units"] \
                or state["units"][unit_id]["hex"] != battle["hex_of"][unit_id]:
            return [Problem(index, f"{unit_id} is not a defender still in its original hex (18.20)")]
        held = shock.move_problem(state, unit_id)                    # 24.3 A: not leaving the hex either
        if held:
            return [Problem(index, held)]
        if g.canonical(str(target)) not in empty:
            return [Problem(index, f"the victorious defenders occupy a vacated attacker's hex ({', '.join(empty)}), "
                                   f"never further (18.20)")]
    hexes = {g.canonical(str(o["to"])) for o in orders}
    if len(hexes) > 1:
        return [Problem(None, "the defenders occupy the vacated attacker's hex, one hex (18.20)")]
    for hex_id in hexes:
        crowd = stacking_problem(data, state, army_of(state, orders[0]["advance"]), [o["advance"] for o in orders], hex_id)
        if crowd:
            return [Problem(None, crowd)]
    return []


def apply_defender_advance(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    g = grid(data)
    events: list[dict] = []
    for order in orders:
        to = g.canonical(str(order["to"]))
        events.append({"event": "advance", "unit": order["advance"], "path": [state["units"][order["advance"]]["hex"], to],
                       "why": "18.20"})
        state["units"][order["advance"]]["hex"] = to
    next_battle(game, data, state, dice, events)
    return events
