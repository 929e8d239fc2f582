"""Resolving a combat (9.0, 9.3, 9.7, 9.8): the CRT line of the defender's terrain (9.31, 9.26,
9.89), the Combat Strengths with the defence modifiers (9.32 river, 12.21 entrenchment, 18.11
Roer current, 20.1 improved positions, 22.25 Rhine bridge, 11.33 minimum), the ratio column,
the column shifts as named records (pbem.kit.combat.Shift), clamping (9.7) and the CRT cell,
with the whole line known before a chit is drawn or a die rolled."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import combat as kit_combat
from ...kit import numbers
from ...kit.combat import Shift
from . import chits, flood, secret, support
from .common import LINE_ORDER, minimum_strength, modifier, parse_date
from .shifts import column_shifts as rule_shifts, mine_cleared, river_hexside

if TYPE_CHECKING:
    from .game import OperationGrenade

PRINTED = "Combat Results Table on the map (9.88)"


def crt_line(game: OperationGrenade, data: GameData, state: dict, hexes: list[str]) -> str:
    """9.31: the defender's terrain picks the line; 9.26: several hexes, the best for the defender."""
    lines = []
    for hex_id in hexes:
        terrain = flood.crt_line_key(game, data, state, hex_id)              # 17.11, 17.14
        lines.append(str(unwrap(data.get(f"crt.terrain_lines.{terrain}", f"the CRT line for {terrain} (9.89)"))))
    return min(lines, key=LINE_ORDER.index)


def check_crt_line(data: GameData, line: str) -> list:
    """Every cell of every column of the line (pbem.kit.combat.whole_column), or UnknownDataError:
    refused before any chit is drawn or die rolled. Returns the line's columns."""
    columns = data.get(f"crt.lines.{line}.columns", f"the ratio columns of the {line} CRT line (9.89)")
    for column in columns:
        crt_column(data, line, column)
    return columns


def crt_column(data: GameData, line: str, column: str) -> dict:
    data.get(f"crt.cells.{line}.{column}", f"the CRT results of the {line} line, column {column} (9.88)")
    rows = data.get("crt.rows", "the CRT die-roll rows (9.88)")
    return kit_combat.whole_column(data, rows, lambda row: f"crt.cells.{line}.{column}.{row}",
                                   lambda row: f"the CRT result for roll {row} in column {column} of the {line} line", PRINTED)


def column(columns: list, attack: int, defence: int) -> tuple[int, Fraction]:
    """9.0: round down in the defender's favour; 9.7: beyond the table use the end column."""
    return kit_combat.ratio_column(columns, attack, defence)


def resolve(game: OperationGrenade, data: GameData, state: dict, combat: dict, dice: Dice, events: list) -> None:
    n = state["combats_fought"]
    line = crt_line(game, data, state, combat["hexes"])
    columns = check_crt_line(data, line)              # refuse before a chit is drawn or a die rolled
    # shifts need no chit: reckoned first, so data they lack (9.4 compositions) refuses before any die too
    raw = weather_and_surprise(data, state, combat) + rule_shifts(game, data, state, combat) + support.column_shifts(game, data, state, combat)
    shifts = [Shift(s["shift"], s["why"], s["rule"]) for s in raw]
    for unit_id in combat["attackers"] + combat["defenders"]:                  # 8.41: before the die roll
        if game.uses_chit(data, state, unit_id) and not chits.has_chit(state, unit_id):
            chits.draw_chit(game, data, state, unit_id, dice, events)
        elif game.uses_chit(data, state, unit_id) and secret.dealt(state):
            secret.examine(game, data, state, unit_id, events)             # 8.42: the chit in use shown again
    attacking = {u: game.strength(data, state, u, "attack") for u in combat["attackers"]}
    attack = sum(attacking.values())
    raw_defence = {u: game.strength(data, state, u, "defence") for u in combat["defenders"]}
    defence, modifiers = 0, []
    for hex_id in combat["hexes"]:                      # 9.23: the units of a hex defend together
        base = sum(raw_defence[u] for u in combat["defenders"] if state["units"][u]["hex"] == hex_id)
        strength, why = defence_strength(game, data, state, combat, hex_id, base)
        defence += strength
        modifiers += why
    ratio_index, _ = column(columns, attack, defence)
    final = kit_combat.clamp(ratio_index + kit_combat.total(shifts), len(columns))     # 9.7
    cells = crt_column(data, line, columns[final])
    first, second = (dice.roll(f"crt/{n + 1}/{combat['hex']}/{i}", about=f"combat {n + 1} at {combat['hex']} die {i} (9.0)") for i in (1, 2))
    total = first + second
    key = f"crt.cells.{line}.{columns[final]}"
    if str(total) not in cells:
        raise UnknownDataError(f"{key}.{total}", f"the CRT result for roll {total} in column {columns[final]} of the {line} line",
                               PRINTED, data.override_file)
    text = str(cells[str(total)])
    combat["result"] = parse_result(text)
    combat["result"]["text"] = text
    combat["result"]["ratio"] = columns[ratio_index]
    state["combats_fought"] += 1
    release_second_corps(data, state, combat, events)
    events.append({"event": "combat", "hex": combat["hex"], "number": n + 1, "line": line,
                   "attackers": attacking,
                   "defenders": raw_defence, "attack": attack, "defence": defence, "modifiers": modifiers,
                   "ratio": f"{attack}-{defence}", "column": columns[ratio_index], "shifts": raw,
                   "final_column": columns[final], "dice": [first, second], "roll": total, "result": text,
                   "cell_provenance": data.provenance(f"{key}.{total}"), "rule": "9.0"})
    losses = combat["result"].get("D")
    if losses and losses["breakthrough"]:
        state["no_zoc"].extend(combat["defenders"])                              # 9.97


def release_second_corps(data: GameData, state: dict, combat: dict, events: list) -> None:
    """19.12: an attack on a 2nd Corps unit frees the whole corps to move."""
    if any(u in data.get("restrictions.german_movement.2nd_corps.units", "19.12") for u in combat["defenders"]):
        if not state["second_corps_released"]:
            state["second_corps_released"] = True
            events.append({"event": "released", "rule": "19.12"})


def weather_and_surprise(data: GameData, state: dict, combat: dict) -> list[dict]:
    """24.22c mud: one column left in all combats; 18.21 US surprise on Game-Turn One."""
    shifts = []
    if state["turn"] in state["mud_turns"]:
        shifts.append({"shift": numbers.integer(data, "weather.mud.effects.combat_column_shift", "the mud shift (24.22)"),
                       "why": "mud", "rule": "24.22"})
    if combat["attacker_side"] == "allied" and surprise(data, state):
        shifts.append({"shift": numbers.integer(data, "crt.column_shifts.us_surprise.shift", "the surprise shift (18.21)"),
                       "why": "US surprise", "rule": "18.21"})
    return shifts


def surprise(data: GameData, state: dict) -> bool:
    """18.21: a gradual flood and D-Day 23 February or earlier: US attacks on Game-Turn One."""
    if state["flood"] != "gradual_flood" or not state["d_day"]:
        return False
    when = numbers.integer(data, "flood.us_surprise_bonus.game_turn", "the Game-Turn of the US surprise bonus (18.21)")
    latest = numbers.text(data, "flood.us_surprise_bonus.latest_d_day", "the latest D-Day that gives the US surprise bonus (18.21)")
    return state["turn"] == when and parse_date(state["d_day"]) <= parse_date(latest)


def defence_strength(game: OperationGrenade, data: GameData, state: dict, combat: dict, hex_id: str, base: int) -> tuple[int, list]:
    """9.32 river, 18.11 Roer current, 12.21 entrenchment, 20.1 improved positions, 11.33 minimum."""
    hexes = game.map(data)
    german = combat["attacker_side"] == "allied"
    sides = [flood.features(game, data, state, state["units"][u]["hex"], hex_id) for u in combat["attackers"]]
    across = bool(sides) and all(river_in_combat(game, data, state, state["units"][u]["hex"], hex_id) for u in combat["attackers"])
    least = minimum_strength(data)
    if german and any("rhine_bridge" in s for s in sides):                                   # 22.25
        factor = numbers.integer(data, "bridges.rhine_bridges.unblown_bridges.german_defence_multiplier_attacked_across_bridge", "22.25")
        return max(base * factor, least), [{"why": f"{hex_id}: attacked across a Rhine bridge", "times": factor, "rule": "22.25"}]
    entrenched = german and hexes.has(hex_id, "entrenchment")    # 20.1: improved positions are not doubled
    multiplier, modifiers = multiply(data, state, hex_id, sides, across, entrenched)
    total = base * multiplier
    if german and hexes.has(hex_id, "improved_positions"):
        if not mine_cleared(game, data, state, combat, hex_id):                          # 20.2
            plus = modifier(data, "improved_positions.addition_per_defending_stack", "20.1")
            total += plus
            modifiers.append({"why": f"{hex_id}: improved positions", "plus": plus, "rule": "20.1"})
    return max(total, least), modifiers


def multiply(data: GameData, state: dict, hex_id: str, sides: list, across: bool, entrenched: bool) -> tuple[int, list]:
    """The one multiplier of a defending hex: the Roer current (18.11), else a river (9.32; in an
    entrenchment 12.21), else an entrenchment (12.21)."""
    roer = roer_multiplier(data, state, sides, entrenched) if across else None
    if roer:
        multiplier, why = roer
        return multiplier, [{"why": f"{hex_id}: {why}", "times": multiplier, "rule": "18.11"}]
    if across:
        multiplier = modifier(data, "river.multiplier_in_entrenchment" if entrenched else "river.multiplier", "12.21" if entrenched else "9.32")
        return multiplier, [{"why": f"{hex_id}: attacked entirely across river hexsides" + (" into an entrenchment" if entrenched else ""),
                             "times": multiplier, "rule": "12.21" if entrenched else "9.32"}]
    if entrenched:
        multiplier = modifier(data, "entrenchment.multiplier", "12.21")
        return multiplier, [{"why": f"{hex_id}: German units in an entrenchment hex", "times": multiplier, "rule": "12.21"}]
    return 1, []


def river_in_combat(game: OperationGrenade, data: GameData, state: dict, a: str, b: str) -> bool:
    """9.32: a river hexside (streams too in mud, 24.22a); a stream otherwise as the Terrain
    Effects Chart says (data: `none` or `river`)."""
    if river_hexside(game, data, state, a, b):
        return True
    if "stream" not in flood.features(game, data, state, a, b):
        return False
    effect = data.get("terrain.hexsides.stream.combat", "the effect of a stream hexside on combat (5.62)")
    if effect not in ("none", "river"):
        raise PbemError(f"terrain.hexsides.stream.combat must be `none` or `river`, not {effect!r}", data.override_file)
    return effect == "river"


def roer_multiplier(data: GameData, state: dict, sides: list, entrenched: bool) -> tuple[int, str] | None:
    """18.11 while the gradual flood runs (to 24 February, 18.13): current-dependent multipliers, when
    the unit is attacked exclusively across Roer hexsides (`sides`: one tuple of features per attacker);
    the upper line if every one is an upper Roer hexside, the lower line if at least one is lower.
    None when an attacker comes across an ordinary river (or no river): 9.32's multiplier applies."""
    if state["flood"] != "gradual_flood" or not state["roer_current"]:
        return None
    until = parse_date(str(unwrap(data.get("flood.roer_current.in_effect_until", "18.13"))).split()[0])
    if parse_date(state["date"]) > until:
        return None
    reaches = [{r for r in ("upper", "lower") if f"roer_{r}" in s} for s in sides]
    if not sides or not all(reaches):            # 18.11 "exclusively across Roer hexsides": else 9.32 or 12.21
        return None
    reach = "lower" if any("lower" in r for r in reaches) else "upper"      # 18.11: at least one lower-Roer hexside
    row = data.get(f"flood.roer_current.results.{state['roer_current']}", "the current table (18.11)")
    key = f"{reach}_in_entrenchment" if entrenched else reach
    if unwrap(row.get(key, "unknown")) == "unknown":
        raise UnknownDataError(f"flood.roer_current.results.{state['roer_current']}.{key}",
                               f"the {reach} Roer multiplier in a {state['roer_current']} current" + (" for entrenched defenders" if entrenched else ""),
                               "Roer River Currents and Effects Summary on the map (18.16)", data.override_file)
    return int(unwrap(row[key])), f"attacked across the {reach} Roer in a {state['roer_current']} current"


def parse_result(text: str) -> dict:
    """9.84-9.89: 'D2(1)*' = defender: 2 hexes and/or steps, 1 mandatory step, breakthrough."""
    result: dict = {}
    if text.strip() in ("-", "NE", ""):
        return result
    for token in text.split():
        who, rest = token[0], token[1:]
        if who not in "AD":
            raise PbemError(f"CRT result {text!r}: each part starts with A or D (9.84)")
        breakthrough = rest.endswith("*")
        rest = rest.rstrip("*")
        mandatory = 0
        if "(" in rest:
            rest, _, inner = rest.partition("(")
            mandatory = int(inner.rstrip(")"))
        flexible = int(rest) if rest else 0
        result[who] = {"flexible": flexible, "mandatory": mandatory, "breakthrough": breakthrough}
    return result

