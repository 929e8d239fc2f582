"""Support announced before a combat's chits are revealed: artillery (9.62-9.65) and Air Points
(13.0, 25.0, 24.12). The attacker announces with its attack orders (`artillery:`, `air:`), the
defender in its answer before the roll (9.64, 13.13: attacking or Phasing Player first)."""

from ...errors import UnknownDataError
from ...kit import numbers
from .common import corps as unit_corps

SUPPORT = "crt.column_shifts.artillery_support"


def artillery_range(data) -> int:
    return numbers.integer(data, f"{SUPPORT}.eligibility.range_hexes", "the artillery support range (9.62)")


def most_support(data, attacking: bool) -> int:
    """9.64: two support bonuses per combat when an enemy stack defends, one when a friendly one does."""
    key = "max_per_combat_when_enemy_defends" if attacking else "max_per_combat_when_friendly_defends"
    return numbers.integer(data, f"{SUPPORT}.{key}", "the most support bonuses per combat (9.64)")


def start_combat_phase(game, data, state) -> None:
    """9.62: what counts is adjacency at the beginning of the Combat Phase; 9.64: one use a phase."""
    grid = game.grid(data)
    state["artillery_adjacent"] = sorted(
        u for u, unit in state["units"].items() if game.is_artillery(data, u)
        and any(game.side_in(state, n) not in (None, unit["side"]) for n in grid.neighbours(unit["hex"])))
    state["artillery_used"] = []


def artillery_options(game, data, state, side: str, combat: dict, friendly_units: list) -> list:
    """9.62, 9.63: artillery of `side` not adjacent to the enemy when the phase began, within three
    hexes of a defending unit, of the same corps as a unit of its own attacking or defending stack."""
    grid = game.grid(data)
    reach = artillery_range(data)
    corps = {unit_corps(game, data, u) for u in friendly_units}
    defending = combat["hexes"]
    return sorted(u for u, unit in state["units"].items()
                  if unit["side"] == side and game.is_artillery(data, u) and u not in state.get("artillery_adjacent", [])
                  and u not in state.get("artillery_used", []) and unit_corps(game, data, u) in corps
                  and any(grid.distance(unit["hex"], h) <= reach for h in defending))


def air_points_left(game, data, state, side: str) -> int:
    """25.0 per Game-Turn, limited by the weather (24.12), less what was used this Game-Turn (13.0)."""
    key = f"air.air_points.availability.{'us' if side == 'allied' else 'german'}"
    per_turn = numbers.integer(data, f"{key}.per_game_turn", "the Air Points per Game-Turn (25.0)")
    first = numbers.integer(data, f"{key}.from_game_turn", "the first Game-Turn with Air Points (25.0)")
    if state["turn"] < first or per_turn == 0:
        return 0
    weather = state.get("weather")
    limit = data.get(f"weather.states.{weather}.air_points_usable", f"the Air Points usable in {weather} weather (24.12)")
    if limit == "all assigned Air Points":
        usable = per_turn
    elif str(limit).startswith("one-half"):
        if per_turn % 2:
            data.get(f"weather.states.{weather}.rounding", f"how odd Air Points are halved in {weather} weather (24.12)")
        usable = per_turn // 2
    elif limit == 0:
        usable = 0
    else:
        raise UnknownDataError(f"weather.states.{weather}.air_points_usable", f"the Air Points usable in {weather} weather",
                               "Weather Table (24.15)", data.override_file)
    used = state.get("air_used", {}).get(side, {"turn": state["turn"], "points": 0})
    return max(0, usable - (used["points"] if used["turn"] == state["turn"] else 0))


def check(game, data, state, side: str, combat: dict, friendly_units: list, artillery, air) -> str | None:
    """A side's announcement for one combat: its artillery support and at most one Air Point."""
    if not isinstance(artillery, list) or not all(isinstance(u, str) for u in artillery) or len(set(artillery)) < len(artillery):
        return "`artillery:` lists artillery units, each once (9.64)"
    if air not in (None, True, False):
        return "`air: true` allocates one Air Point to the combat (13.12)"
    attacking = side == combat["attacker_side"]
    most = most_support(data, attacking)                            # 9.64: two against an enemy stack, one defending
    if len(artillery) > most:
        return f"at most {most} support bonus(es) when {'an enemy' if attacking else 'a friendly'} stack is defending (9.64)"
    eligible = artillery_options(game, data, state, side, combat, friendly_units)
    for unit_id in artillery:
        if unit_id not in eligible:
            return (f"{unit_id} cannot support this combat: artillery supports once a phase, if it was not adjacent to the "
                    f"enemy when the phase began, within {artillery_range(data)} hexes of a defending unit and of a corps in the stack (9.62-9.64)")
    if air and air_points_left(game, data, state, side) < 1:
        return f"the {side} player has no Air Point left this Game-Turn (25.0, 24.12)"
    return None


def check_in_phase(game, data, state, side: str, combat: dict, friendly_units: list, artillery, air, tally: dict) -> str | None:
    """`check`, plus what the side's other announcements of the same Combat Phase already spent:
    each artillery unit once (9.64), Air Points up to what is left this Game-Turn (13.0, 25.0).
    `tally` ({"guns": set(), "air": 0}) carries them from one announcement to the next."""
    why = check(game, data, state, side, combat, friendly_units, artillery, air)
    if why:
        return why
    twice = set(artillery) & tally["guns"]
    if twice:
        return f"{', '.join(sorted(twice))} supports only once a Combat Phase (9.64)"
    if air and tally["air"] + 1 > air_points_left(game, data, state, side):
        return f"the {side} player has only {air_points_left(game, data, state, side)} Air Point(s) left this Game-Turn (25.0, 24.12)"
    tally["guns"] |= set(artillery)
    tally["air"] += 1 if air else 0
    return None


def record(game, data, state, side: str, combat: dict, artillery, air, events) -> None:
    state["artillery_used"] = sorted(set(state.get("artillery_used", [])) | set(artillery))
    if air:
        used = state.setdefault("air_used", {}).get(side)
        points = used["points"] if used and used["turn"] == state["turn"] else 0
        state["air_used"][side] = {"turn": state["turn"], "points": points + 1}
    combat.setdefault("support", {})[side] = {"artillery": list(artillery), "air": bool(air)}
    if artillery or air:
        events.append({"event": "support", "side": side, "hex": combat["hex"], "artillery": list(artillery),
                       "air": bool(air), "rule": "9.64" if artillery else "13.13"})


def describe(given: dict | None) -> str:
    """A side's announced support in words, for notes and reports (never a Python dict)."""
    if not given or not (given["artillery"] or given["air"]):
        return "none"
    what = [f"artillery {', '.join(given['artillery'])}"] if given["artillery"] else []
    return " and ".join(what + (["one Air Point"] if given["air"] else []))


def column_shifts(game, data, state, combat) -> list:
    """9.62 one column per support bonus toward its owner; 13.11 one per Air Point."""
    shifts = []
    for side, given in sorted(combat.get("support", {}).items()):
        toward = 1 if side == combat["attacker_side"] else -1
        for unit_id in given["artillery"]:
            shifts.append({"shift": toward, "why": f"artillery support by {unit_id}", "rule": "9.62"})
        if given["air"]:
            shifts.append({"shift": toward, "why": f"{side} Air Point", "rule": "13.11"})
    return shifts


def defender_has_options(game, data, state, combat) -> bool:
    defender = "german" if combat["attacker_side"] == "allied" else "allied"
    try:
        air = air_points_left(game, data, state, defender) > 0
    except UnknownDataError:
        air = True                                     # asked about it: the answer names the missing value
    return air or bool(artillery_options(game, data, state, defender, combat, defending_stack(game, state, combat)))


def defending_stack(game, state, combat) -> list:
    """9.63: the defender's stack is every unit in the attacked hexes."""
    return [u for h in combat["hexes"] for u in game.stacks(state).get(h, [])]

