"""Dark December combat (13.0-13.5, 13.8, 13.9, 18.1-18.2): the attacker's battle declarations, the
defender's declarations before the dice (13.3.3 A, 13.8 A: attacker first, then defender), the CRT
and the resolution queue whose choices pause for the owner's signed answer (answers.py)."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import clamp, odds_position, whole_column
from ..base import Problem
from . import commanders
from .common import (not_own_unit, board, counter, effective, factor, half_up, supply_status, unbridged_river, in_class, mapdata, other, tactical_advantage,
                     turn_label)
from .strategic import in_sm, lose_marker, on

CRT_PRINTED = "the Combat Results Table (4.3)"
RESULT = re.compile(r"^(?P<who>[AD])(?P<level>\d)?(\[(?P<must>\d)\])?$")


# -- the attacker's declarations (7.1.5, 13.0, 13.1) ----------------------------------------------
def as_list(value: Any) -> list:
    return value if isinstance(value, list) else [value]


def check_battles(game: Any, data: GameData, state: dict, side: str, orders: list, shock: bool = False) -> list[Problem]:
    """13.0, 13.1: the attacker's battles; `shock`: the Shock Combat Phase's (14.3 B)."""
    from .montgomery import no_attacks
    if no_attacks(state, orders):
        return no_attacks(state, orders)                                     # 26.13 D (behaviour 5)
    problems: list[Problem] = []
    grid = mapdata(data).grid
    bd = board(state)
    used: set[str] = set()
    leaders: dict[str, int] = {}
    attacked: set[str] = set()
    obliged: set[str] = set()
    for index, order in enumerate(orders):
        hexes = [grid.canonical(str(h)) for h in as_list(order.get("attack"))]
        units = order.get("with")
        if not hexes or not isinstance(units, list) or not units:
            problems.append(Problem(index, "a battle names `attack:` (defending hexes) and `with:` (attacking units)"))
            continue
        for h in hexes:
            if not bd.enemies_in(h, side):
                problems.append(Problem(index, f"{h} holds no enemy unit to attack (7.1.5 B)"))
        for unit_id in units:
            unit = state["units"].get(unit_id)
            if unit is None or unit["side"] != side:
                problems.append(Problem(index, not_own_unit(data, state, side, unit_id)))
                continue
            if unit_id in used:
                problems.append(Problem(index, f"{unit_id} attacks once a Combat Phase (13.1 E, 13.2 A)"))
            if supply_status(state, unit_id) == "isolated":
                problems.append(Problem(index, f"{unit_id} is isolated and may not attack (8.5 D)"))
            why = commanders.dietrich_problem(data, state, unit_id, "perform shock combat" if shock else "attack")
            if why:
                problems.append(Problem(index, why))
            if unit.get("reserve") or unit_id in state["no_attack"]:
                problems.append(Problem(index, f"{unit_id} may not attack this player turn: in reserve or placed in it (14.1 B, E), "
                                               "building a bridge (16.2.3 A) or involved in a counterattack (13.5.5 H)"))
            far = [h for h in hexes if not grid.adjacent(unit["hex"], h)]
            if far:
                problems.append(Problem(index, f"{unit_id} is not adjacent to {', '.join(far)} (13.1 A)"))
            used.add(unit_id)
            obliged |= {h for h in grid.neighbours(unit["hex"]) if bd.enemies_in(h, side)}
        if set(hexes) & attacked:
            problems.append(Problem(index, f"{', '.join(sorted(set(hexes) & attacked))} is already attacked this phase (13.2 A)"))
        attacked |= set(hexes)
        problems += [Problem(index, p) for p in _declaration_problems(data, state, side, order, units, hexes, shock)]
        problems += [Problem(index, p) for p in commanders.all_out_problems(data, state, side, order, units, leaders)]
        problems += [Problem(index, p) for p in commanders.again_problems(data, state, side, order, units, leaders)]
    doubles = [i for i, o in enumerate(orders) if o.get("integrity") == 2]
    if len(doubles) > 1:                                                # 13.8.4.1/13.8.4.2 "for one attack" (reading)
        problems.append(Problem(doubles[1], "two divisional integrity bonuses go to one attack a Combat Phase (13.8.4.1, 13.8.4.2)"))
    left = sorted(obliged - attacked)
    if left:
        problems.append(Problem(None, f"every enemy unit adjacent to an attacking unit must be attacked: {', '.join(left)} (13.0 B, 13.1 A)"))
    minimum = 0 if shock else _minimum_attacks(data, state, side)
    if minimum and len(orders) < minimum:
        problems.append(Problem(None, f"Germany must make a minimum of {minimum} attacks on AM 16 December (18.2 B)"))
    return problems


def _minimum_attacks(data: GameData, state: dict, side: str) -> int:
    if side != "german" or turn_label(data, state["turn"]) != "AM 16 December":
        return 0
    text = str(data.get("special.initial_turns.surprise", "the AM 16 December attack obligation (18.2 B)"))
    match = re.search(r"at least (\w+) German attacks", text)
    words = {"five": 5}
    if not match or match.group(1) not in words:
        raise PbemError("data `special.initial_turns.surprise` must say 'at least five German attacks' (18.2 B)")
    return words[match.group(1)]


def _declaration_problems(data: GameData, state: dict, side: str, order: dict, units: list, hexes: list, shock: bool) -> list[str]:
    problems = []
    for unit_id, path in (order.get("advance") or {}).items():
        if unit_id not in units or not isinstance(path, list) or not path or str(path[0]) not in hexes:
            problems.append(f"an advance names an attacking unit and a path whose first hex is a defending hex (13.7.3): {unit_id}")
    for unit_id in order.get("firefight") or []:
        if unit_id not in units:
            problems.append(f"`firefight:` lists attacking units of this battle in the order they lose steps (13.5.6 A): {unit_id}")
    problems += reduction_problems(state, side, order.get("reduce"), {state["units"][u]["hex"] for u in units if u in state["units"]})
    if order.get("integrity") and not integrity(data, state, [u for u in units if u in state["units"]], "attack", () if shock else hexes):
        problems.append("no attacking division has all its regiments or brigades in this battle (13.8.1 A; 14.3 B: or the "
                        "others in reserve within three hexes of a defending hex)")
    problems += commanders.double_integrity_problems(data, state, side, order, units,
                                                     lambda: len(qualifying(data, state, units, "attack", () if shock else hexes)))
    if order.get("integrity") and state["options"]["setup"] == "historical" and turn_label(data, state["turn"]).endswith(" 16 December"):
        problems.append("no divisional integrity bonus on the 16 December turns from the historical positions (18.1 C)")
    if order.get("armor_superiority") and not armor_superiority(data, state, units, hexes)[0]:
        problems.append("the attacker has no armor superiority here (13.9, 13.9.1 C, 13.9.1 E)")
    return problems


def reduction_problems(state: dict, side: str, reduce: Any, own_hexes: set[str]) -> list[str]:
    """13.3.3: a side reduces the defense level of hexes its own units occupy, to 0 at least."""
    if reduce is None:
        return []
    if not isinstance(reduce, dict):
        return ["`reduce:` maps a hex to the terrain defense level declared for it (13.3.3)"]
    return [f"{side} may reduce only hexes its units in this battle occupy, to 0 at least: {h} (13.3.3 A, B)"
            for h, level in reduce.items() if str(h) not in own_hexes or not isinstance(level, int) or level < 0]


def integrity(data: GameData, state: dict, units: list, role: str, hexes: Any = ()) -> bool:
    return bool(qualifying(data, state, units, role, hexes))


def qualifying(data: GameData, state: dict, units: list, role: str, hexes: Any = ()) -> list[str]:
    """The divisions with divisional integrity in a battle. 13.8.1 A (attack: every component of a division takes part) / 13.8.2 (defense: every unit of a
    defending division on the map in one hex or adjacent to one another); 13.8.4 B no parent division,
    no bonus; 13.8.7 none when British and US units are both involved. 14.3 B (optional reserves, behaviour 3):
    in a standard attack the division's other units may instead be in reserve within three hexes of the
    defending units (read: of a defending hex)."""
    nations = {counter(data, u).get("nationality") for u in units}
    if {"us", "british"} <= nations:
        return []
    counters = data.get("units.counters", "the counters")
    grid = mapdata(data).grid
    found = []
    for division in sorted({str(counter(data, u).get("division")) for u in units} - {"None", "none", "unknown"}):
        members = sorted(u for u, c in counters.items() if isinstance(c, dict) and str(unwrap(c.get("division"))) == division)
        needed = len(members)
        if needed == 4:                                               # 13.8.5 C: three of the four qualify
            needed = numbers.integer(data, "crt.die_modifiers.divisions.four_unit_quorum", "the airborne quorum (13.8.5 C)")
        attacking = [m for m in members if m in units]
        if role == "attack" and len(attacking + _reserves_near(data, state, members, units, hexes)) >= needed and attacking:
            found.append(division)
        placed = [state["units"][m]["hex"] for m in members if m in state["units"]]
        if role == "defend" and any(all(a == b or grid.adjacent(a, b) for a in group for b in group)
                                    for group in combinations(placed, needed)):
            found.append(division)
    return found


def armor_superiority(data: GameData, state: dict, attackers: list, hexes: list) -> tuple[bool, bool]:
    """13.9: (the attacker may use it, the defender has it). 13.9.1 C none if all the attacking armor
    attacks across unbridged rivers or into marsh; 13.9.1 E negated by friendly armored or engineer
    units in or adjacent to the defending hex; 13.3.1 D not for Allied armor attacking a Westwall hex
    across a river hexside."""
    grid, hexes_map = mapdata(data).grid, mapdata(data)
    defenders = [u for h in hexes for u in board(state).units_in(h)]
    att_armor = [u for u in attackers if u in state["units"] and in_class(data, u, "armored")]
    def_armor = [u for u in defenders if in_class(data, u, "armored")]
    attacker = bool(att_armor) and not def_armor
    if attacker:
        westwall = state["units"][att_armor[0]]["side"] == "allies"            # 13.3.1 D: the Westwall level across a river
        usable = [u for u in att_armor if any(
            grid.adjacent(state["units"][u]["hex"], h) and not _unbridged(data, state, state["units"][u]["hex"], h)
            and hexes_map.terrain(h) != "marsh"
            and not (westwall and hexes_map.terrain(h) == "westwall" and "river" in hexes_map.hexside(state["units"][u]["hex"], h, hexes_known=False))
            for h in hexes)]
        side = state["units"][defenders[0]]["side"] if defenders else other(state["side"])
        support = [u for u, v in state["units"].items() if v["side"] == side
                   and (in_class(data, u, "armored") or in_class(data, u, "engineer"))
                   and any(v["hex"] == h or grid.adjacent(v["hex"], h) for h in hexes)]
        attacker = bool(usable) and not support
    return attacker, bool(def_armor) and not att_armor


def _unbridged(data: GameData, state: dict, a: str, b: str) -> bool:
    return unbridged_river(data, state, a, b)


def apply_battles(game: Any, data: GameData, state: dict, side: str, orders: list, shock: bool = False) -> list[dict]:
    grid = mapdata(data).grid
    state["battles"] = []
    for number, order in enumerate(orders, 1):
        hexes = sorted(grid.canonical(str(h)) for h in as_list(order["attack"]))
        defenders = [u for h in hexes for u in board(state).units_in(h)]
        attackers = list(order["with"])
        state["battles"].append({
            "number": number, "attacker": side, "attackers": attackers, "defenders": defenders, "hexes": hexes,
            "minus_one": sorted({state["units"][u]["hex"] for u in attackers}),       # 13.3.2 A
            "reduce": {str(k): v for k, v in (order.get("reduce") or {}).items()},
            "integrity": 2 if order.get("integrity") == 2 and commanders.revised(state) else bool(order.get("integrity")),
            "defence_integrity": False,
            **({"drop_second": True} if order.get("drop_second_on_firefight") is True and commanders.revised(state) else {}),
            "armor_superiority": bool(order.get("armor_superiority")),
            "advance": {u: [grid.canonical(str(h)) for h in p] for u, p in (order.get("advance") or {}).items()},
            "firefight": list(order.get("firefight") or attackers), "first": True, "vacated": {}, "todo": [],
            "origin": {u: state["units"][u]["hex"] for u in attackers},
        })
        commanders.declare(state, state["battles"][-1], order)
        if shock:
            state["battles"][-1]["shock"] = True                                 # 14.3 B
        state["attacked"] = sorted(set(state["attacked"]) | set(defenders))         # 18.3 B
        state["fought"] = sorted(set(state["fought"]) | set(defenders) | set(attackers))
    state["phase"] = "declare" if state["battles"] else "construction"
    return [{"event": "battles", "side": side, "count": len(orders)}]


# -- the defender's declarations, before any die (13.3.3 A, 13.8 A) --------------------------------
def check_declare(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    problems: list[Problem] = []
    numbers_ = {b["number"]: b for b in state["battles"]}
    for index, order in enumerate(orders):
        battle = numbers_.get(order.get("battle"))
        if battle is None:
            problems.append(Problem(index, f"no battle {order.get('battle')!r}; battles: {', '.join(map(str, sorted(numbers_)))}"))
            continue
        problems += [Problem(index, p) for p in reduction_problems(state, side, order.get("reduce"), set(battle["hexes"]))]
        if order.get("integrity") and not integrity(data, state, battle["defenders"], "defend"):
            problems.append(Problem(index, f"no defending division in battle {battle['number']} is all in one hex or adjacent hexes (13.8.2)"))
    return problems


def apply_declare(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    for order in orders:
        battle = next(b for b in state["battles"] if b["number"] == order["battle"])
        battle["reduce"].update({str(k): v for k, v in (order.get("reduce") or {}).items()})
        battle["defence_integrity"] = bool(order.get("integrity"))
    state["phase"] = "resolve"
    events: list[dict] = [{"event": "declared", "side": side, "orders": orders}]
    game.resolve(data, state, dice, events)
    return events


# -- the defense level of a hex (13.3, 13.9, 17.1) ---------------------------------------------------
def terrain_level(data: GameData, state: dict, hex_id: str, enemy_hexes: set[str]) -> int:
    """13.3.1 A the greatest level of the hex's terrain: its terrain, a town (4), a fortification (17.1: 4),
    a river only if every enemy unit is across river hexsides (13.3.1 C; 10.3 B the same)."""
    hexes = mapdata(data)
    info = hexes.info(hex_id)
    levels = [numbers.integer(data, f"terrain.hexes.{info['terrain']}.defense_level", f"the defense level of {info['terrain']} (TEC)")]
    if info.get("town"):
        levels.append(numbers.integer(data, "terrain.hexes.town.defense_level", "the defense level of a town (13.3.1)"))
    if hex_id in state["forts"]:
        levels.append(numbers.integer(data, "terrain.fortification.defense_level", "a fortification's level (17.1)"))
    if enemy_hexes and all("river" in hexes.hexside(hex_id, e, hexes_known=False) for e in enemy_hexes):
        levels.append(numbers.integer(data, "terrain.hexsides.river.defense_level", "the defense level of a river (TEC)"))
    return max(levels)


def defense_level(data: GameData, state: dict, battle: dict, hex_id: str, enemies: list) -> int:
    """13.3.1 A the greatest level of the hex's terrain (a town 4; 17.1 a fortification 4; 13.3.1 C a
    river only if every enemy unit is across river hexsides), then 13.3.2 A -1 for the attackers' hexes
    (13.5.5 D/E also in a counterattack), 13.3.2 B -2 in strategic movement, 13.9.1 armor superiority,
    13.3.3 a voluntary reduction; never below 0 (13.3.2 C) nor above 7 (13.3.1 E)."""
    level = terrain_level(data, state, hex_id, {state["units"][u]["hex"] for u in enemies if u in state["units"]})
    if hex_id in battle.get("strategic", ()):                       # 13.3.2 B, 10.4.3 B (behaviour 3): not also A
        level += numbers.integer(data, "crt.terrain_defense_levels.reductions.strategic_movement", "strategic movement (13.3.2 B)")
    elif hex_id in battle["minus_one"]:
        level += numbers.integer(data, "crt.terrain_defense_levels.reductions.attacking_units", "the attacking units' reduction (13.3.2 A)")
    if hex_id in battle["hexes"] and battle["armor_superiority"] and battle["first"]:
        level += numbers.integer(data, "crt.terrain_defense_levels.armor_superiority.attacker", "armor superiority (13.9.1 A)")
    if hex_id in battle["hexes"] and battle.get("defender_superiority"):
        level += numbers.integer(data, "crt.terrain_defense_levels.armor_superiority.defender", "armor superiority (13.9.1 B)")
    if str(hex_id) in battle["reduce"]:
        level = min(level, int(battle["reduce"][hex_id]))
    top = numbers.integer(data, "crt.terrain_defense_levels.maximum", "the highest defense level (13.3.1 E)")
    return max(0, min(level, top))


# -- the CRT (13.4, 13.5) -----------------------------------------------------------------------------
def strength(data: GameData, state: dict, units: list, which: str, supply: bool = True) -> int:
    """The total strength (8.4 B/8.7.4 with `supply`; 13.5.5 C a counterattack's is not altered by
    adverse supply states); 13.6.5 units retreated into a friendly-occupied hex add none."""
    value = effective if supply else factor
    half = numbers.fraction(data, "game.movement.strategic.attack_factor", "half strength, rounded up (10.4.5 B)") if which == "attack" and any(
        in_sm(state, u) for u in units) else None

    def one(u: str) -> int:
        if commanders.revised(state) and in_class(data, u, "leader"):      # 15.1 B, 15.2 B, 15.5 A (behaviour 3)
            return commanders.leader_strength(data, state, u, units, which)
        return half_up(value(data, state, u, which), half) if half is not None and in_sm(state, u) else value(data, state, u, which)
    return sum(one(u) for u in units if u in state["units"] and u not in state["retreated"])


def column(data: GameData, attack: int, defence: int) -> str:
    """13.4.1 C odds rounded in the defender's favour; 13.5 A/B above 9:1 is 9:1, below 1:3 is 1:3;
    15.5 A a defense of zero is attacked at maximum odds, 13.5.5 F an attack of zero at minimum."""
    labels = numbers.texts(data, "crt.odds.all_columns", "the odds columns of the CRT (13.4)")
    if defence <= 0:
        return labels[-1]
    if attack <= 0:
        return labels[0]
    position, _ = odds_position(labels, attack, defence)
    return labels[clamp(position, len(labels))]


def rolls(data: GameData) -> list[int]:
    dice = numbers.text(data, "crt.dice", "the combat dice (7.1.5.1 E)")
    count, _, sides = dice.partition("d")
    return list(range(int(count), int(count) * int(sides) + 1))


def cells(data: GameData, line: str, col: str, drm: int) -> dict[str, Any]:
    """The whole column for every roll this battle can make, before the dice (pbem.kit.combat)."""
    return whole_column(data, [r + drm for r in rolls(data)], lambda r: f"crt.cells.{line}.{col}.{r}",
                        lambda r: f"the {line} CRT cell at {col}, roll {r}", CRT_PRINTED)


def parse_result(text: str) -> list[dict]:
    """'D3', 'A1', 'D4/A1' (13.5.3), 'A2[1]', 'D7[1]' (13.5.4), 'CA', 'FF', '-' (no effect)."""
    parts: list[dict[str, Any]] = []
    for token in str(text).split("/"):
        token = token.strip()
        if token in ("-", "NE"):
            continue
        if token in ("CA", "FF"):
            parts.append({"kind": token})
            continue
        match = RESULT.match(token)
        if not match:
            raise PbemError(f"CRT cell {text!r}: {token!r} is not a Dark December result (13.5)")
        parts.append({"kind": match["who"], "level": int(match["level"] or 0), "must": int(match["must"] or 0)})
    return parts


def _reserves_near(data: GameData, state: dict, members: list, units: list, hexes: Any) -> list[str]:
    """14.3 B's last point: the division's units in reserve within three hexes of a defending hex."""
    if not (on(state) and state["options"]["reserves"] and hexes):
        return []
    reach = numbers.integer(data, "special.reserves_optional.shock_combat.integrity_reserve_range", "the reserves' range (14.3 B)")
    grid = mapdata(data).grid
    return [m for m in members if m not in units and m in state["units"] and state["units"][m].get("reserve")
            and any(grid.distance(state["units"][m]["hex"], h) <= reach for h in hexes)]


def drm(data: GameData, state: dict, battle: dict) -> tuple[int, list[str]]:
    """13.8: -1 attacker integrity, +1 defender integrity, cancelling (13.8.6); 18.2 A the German
    surprise -1 on AM 16 December, not in addition to integrity; never in a counterattack (13.5.5 C, K)."""
    if not battle["first"]:
        return 0, []
    why, total = [], 0
    surprise = battle["attacker"] == "german" and turn_label(data, state["turn"]) == "AM 16 December" \
        and "26.1" not in state["options"]["variants"]
    if battle["integrity"] or surprise:
        total += numbers.integer(data, "crt.die_modifiers.division_integrity_attack" if battle["integrity"]
                                 else "crt.die_modifiers.german_surprise", "the attacker's DRM (13.8.1, 18.2 A)") * (
            2 if battle["integrity"] == 2 else 1)                     # 13.8.4.1, 13.8.4.2 (behaviour 3)
        why.append("attacker's two divisional integrity bonuses (13.8.4.1, 13.8.4.2)" if battle["integrity"] == 2 else
                   "German surprise (18.2 A)" if surprise else "attacker's divisional integrity (13.8.1)")
    if battle["defence_integrity"]:
        total += numbers.integer(data, "crt.die_modifiers.division_integrity_defence", "the defender's DRM (13.8.2)")
        why.append("defender's divisional integrity (13.8.2)")
    return total, why


def roll_battle(game: Any, data: GameData, state: dict, battle: dict, dice: Any, events: list) -> None:
    """7.1.5.1: total strengths, odds, two dice on the column (the tactical advantage roll column
    for a side that has it, 13.4.2), the result queued for application (13.5)."""
    if battle["first"] and not _recompose(state, battle, events):
        return
    if battle["first"]:                                                  # 13.9.1 B: the defender's armor superiority
        battle["defender_superiority"] = armor_superiority(data, state, battle["attackers"], battle["hexes"])[1]
    attack = strength(data, state, battle["attackers"], "attack", supply=battle["first"])
    if battle.get("shock") and battle["first"]:                     # 14.3 B: doubled in attack strength
        attack *= numbers.integer(data, "special.reserves_optional.shock_combat.attack_factor", "shock combat (14.3 B)")
    defence = strength(data, state, battle["defenders"], "defense")
    col = column(data, attack, defence)
    if not battle["first"] and any(supply_status(state, u) == "isolated" for u in battle["attackers"]):
        col = numbers.texts(data, "crt.odds.all_columns", "the odds columns (13.4)")[0]      # 8.5 D (reading DD9)
    line = "tactical_advantage" if tactical_advantage(data, state["turn"], battle["attacker"], state) or (
        battle.get("shock") and battle["first"]) else "standard"               # 14.3 B: always the Tactical Advantage column
    modifier, why = drm(data, state, battle)
    same = commanders.fixed_roll(battle)
    if same is not None:                                            # 13.2.2 B: the all out assault
        col, line, modifier, why = same["column"], same["line"], same["drm"], same["why"]
    table = cells(data, line, col, modifier)
    if on(state):                                                   # 13.3.2 B: the hexes of units in strategic movement
        battle["strategic"] = sorted({state["units"][u]["hex"] for u in battle["attackers"] + battle["defenders"]
                                      if u in state["units"] and in_sm(state, u)})
    for h in battle["hexes"] + battle["minus_one"]:                # every level the result may need, before the dice
        defense_level(data, state, battle, h, battle["attackers"] if h in battle["hexes"] else battle["defenders"])
    count = len(rolls(data)) and int(numbers.text(data, "crt.dice", "the combat dice").partition("d")[0])
    faces = [dice.roll(f"crt/{state['turn']}/{battle['attacker']}/{battle['number']}/{battle.get('round', 0)}/{i}", 6,
                       about=f"battle {battle['number']} at {', '.join(battle['hexes'])} (7.1.5.1 E)") for i in range(count)]
    roll = sum(faces) + modifier
    result = table[str(roll)]
    if battle.get("drop_second") and battle["first"] and "FF" in str(result).split("/"):      # 13.8.4.2 B
        one = numbers.integer(data, "crt.die_modifiers.division_integrity_attack", "the attacker's DRM (13.8.1)")
        modifier, roll = modifier - one, roll - one
        result = cells(data, line, col, modifier)[str(roll)]
        why = why + ["the second integrity bonus ignored: it gave a fire fight (13.8.4.2 B)"]
    events.append({"event": "battle", "number": battle["number"], "attacker": battle["attacker"],
                   "attackers": battle["attackers"], "defenders": battle["defenders"], "hexes": battle["hexes"],
                   "attack": attack, "defence": defence, "column": col, "line": line, "dice": faces, "drm": modifier,
                   "drm_why": why, "roll": roll, "result": result, "counterattack": not battle["first"],
                   "cell_provenance": data.provenance(f"crt.cells.{line}.{col}.{roll}")})
    if "again" in battle.get("all_out", {}):                        # 15.6 C: the last result read for the second
        battle["last_result"] = result
    if "all_out" in battle and same is None:                        # 13.2: what the all out assault repeats
        battle.update({"before": commanders.snapshot(state, battle), "result": result,
                       "same_odds": {"column": col, "line": line, "drm": modifier, "why": why}})
    parts = parse_result(result)
    if on(state) and any(p["kind"] == "D" for p in parts):           # 10.4.7 B: off at once, no MP cost; the -2 stays
        lose_marker(state, battle["defenders"], f"a D result against it in battle {battle['number']} (10.4.7 B)", events)
    queue(data, state, battle, parts)


def _recompose(state: dict, battle: dict, events: list) -> bool:
    """13.5.5 J: a battle declared with units that a counterattack has since involved (13.5.5 H), that
    retreated or were eliminated, goes on without them, as far as possible; the defenders are the enemy
    units in the hexes now (13.6.5: those retreated into them add no strength but suffer the result)."""
    battle["attackers"] = [u for u in battle["attackers"] if u in state["units"] and u not in state["no_attack"]
                           and state["units"][u]["hex"] == battle["origin"][u]]
    battle["defenders"] = [u for h in battle["hexes"] for u in board(state).units_in(h) if state["units"][u]["side"] != battle["attacker"]]
    if battle["attackers"] and battle["defenders"]:
        battle["minus_one"] = sorted({state["units"][u]["hex"] for u in battle["attackers"]})
        return True
    events.append({"event": "battle_off", "number": battle["number"], "hexes": battle["hexes"],
                   "why": "no attacking unit left to fight it (13.5.5 J)" if not battle["attackers"] else "no defending unit left"})
    return False


def queue(data: GameData, state: dict, battle: dict, parts: list[dict]) -> None:
    """13.5.3 A the defender's result first, then the attacker's; CA and FF as their own steps."""
    defender, attacker = other(battle["attacker"]), battle["attacker"]
    order = sorted(parts, key=lambda p: 0 if p["kind"] in ("D", "CA", "FF") else 1)
    for part in order:
        if part["kind"] in ("CA", "FF"):
            battle["todo"].append({"kind": part["kind"], "side": defender})
            continue
        side = defender if part["kind"] == "D" else attacker
        units = battle["defenders"] if side == defender else battle["attackers"]
        for hex_id in sorted({state["units"][u]["hex"] for u in units if u in state["units"]}):
            battle["todo"].append({"kind": "loss", "side": side, "hex": hex_id, "level": part["level"], "must": part["must"],
                                   "attackers_result": side == attacker})


def options(level: int, defense: int) -> list[str]:
    """13.5.1 B: less, no effect; equal, retreat one or one step; greater, retreat two, two steps, or
    retreat one and one step."""
    if level < defense or level == 0:
        return []
    if level == defense:
        return ["retreat1", "loss1"]
    return ["retreat2", "loss2", "retreat1_loss1"]

