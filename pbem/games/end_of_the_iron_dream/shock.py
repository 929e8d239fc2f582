"""End of the Iron Dream, behaviour 2: STAVKA Shock Fronts (24.0).

5.3.7: after the Soviet Terminal Supply Check the Soviets may create next turn's front: one
file `shock_front: [HEX, ...]` (or no order), up to three markers (24.1 A), each hex holding a
Soviet combat unit (24.1 C) whose Soviet units are all in GS (24.1 A), each next to another
marked hex (24.1 B). The phase passes by itself on the last turn, while markers are on the map
or when no hex qualifies; never in Let History Judge (27.3 C).

The front's units (those beneath the markers when placed) may not move until the front assaults
(24.3 A); other units may join them (24.3 B). In the German player-turn right after creation, a
retreat or a step lost by one of them removes every marker (24.2 A). In the Soviet Prepared
Assault Phase of the turn of use, the Soviet units in the marked hexes have their AFs doubled
(24.4 A), may not assault together with other Soviet units (24.5 B), and their assaults are
resolved first (18.10 C exception); then the front is over. 6.5 B: a front created on Turn 1
with Operation Bagration is "for use on Turn 3" (special.operation_bagration, recorded as
printed; see docs/errata.md); any other is used in the next Soviet player-turn (24.4 A, 5.3.7).
Behaviour 3: 24.4 B the front burns off AS (supply_units.py), 24.6-24.8 echeloned assaults (echelon.py)."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .common import army_of, counter, grid, is_type
from .supply_play import LHJ, in_gs

KEY = "special.stavka_shock_fronts"
SATELLITES = ("romanian", "bulgarian")
ORDER = "`shock_front: [HEX, ...]`: up to three hexes of Soviet units in GS, each next to another marked hex (24.1)"


def front(state: dict) -> dict | None:
    value = state.get("shock_front")
    return value if isinstance(value, dict) else None


def asks(state: dict) -> bool:
    """5.3.7 follows the Soviet Terminal Supply Check (Iron Dream only, 27.3 C)."""
    return state["army"] == "soviet" and state["phase"] != "shock_front" and state["scenario"] != LHJ


def end_of_use(state: dict, events: list) -> None:
    """After the Prepared Assault Phase of the turn of use the markers come off (24.4 A)."""
    found = front(state)
    if found and state["turn"] >= found["use"]:
        state["shock_front"] = None
        events.append({"event": "shock_front_over", "hexes": found["hexes"], "rule": "24.4 A"})


def eligible(data: GameData, state: dict) -> list[str]:
    """24.1 A, C: hexes with a Soviet combat unit where every Soviet unit is in GS."""
    supplied = in_gs(data, state, "soviet")
    hexes: dict[str, list[str]] = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] == "soviet":
            hexes.setdefault(unit["hex"], []).append(unit_id)
    return sorted(h for h, units in hexes.items() if all(u in supplied for u in units)
                  and any(not is_type(data, u, "non_combat") for u in units))


def no_choice(game: Any, data: GameData, state: dict) -> str | None:
    if state["turn"] >= state["last_turn"]:
        return "no next turn to create a Shock Front for (5.3.7)"
    if front(state):
        return "the three STAVKA markers are on the map until their front assaults (24.1, 24.4 A)"
    if not eligible(data, state):
        return "no hex holds a Soviet combat unit with every Soviet unit in GS (24.1 A, C)"
    return None


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    return {"orders": [], "notes": [ORDER, f"hexes that qualify: {', '.join(eligible(data, state))}"]}


def check(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if not orders:
        return []
    if len(orders) != 1 or set(orders[0]) != {"shock_front"} or not isinstance(orders[0]["shock_front"], list):
        return [Problem(None, f"one order: {ORDER}, or none")]
    why = placement_problem(data, state, [str(h) for h in orders[0]["shock_front"]])
    if why:
        return [Problem(0, why)]
    use_turn(data, state)                          # what apply reads, refused here if the data lacks it
    return []


def use_turn(data: GameData, state: dict) -> int:
    """24.4 A: the next Soviet player-turn; 6.5 B: Turn 3 for the Bagration front of Turn 1."""
    if state["turn"] == 1 and state.get("bagration"):
        return numbers.integer(data, "special.operation_bagration.first_shock_front_for_use_on_turn",
                               "the turn of the first Shock Front with Operation Bagration (6.5 B)")
    return int(state["turn"]) + 1


def placement_problem(data: GameData, state: dict, hexes: list[str]) -> str | None:
    g = grid(data)
    most = numbers.integer(data, f"{KEY}.marker_count", "the number of STAVKA markers (24.1 A)")
    if not hexes or len(hexes) > most or len(set(hexes)) != len(hexes):
        return f"up to {most} different hexes get a STAVKA marker (24.1 A)"
    ok = eligible(data, state)
    for hex_id in hexes:
        if hex_id not in ok:
            return f"{hex_id}: a marker goes atop Soviet units in GS, in a hex with a combat unit (24.1 A, C)"
        if len(hexes) > 1 and not any(g.adjacent(hex_id, h) for h in hexes if h != hex_id):
            return f"{hex_id} is not next to another hex with a STAVKA marker (24.1 B)"
    return None


def apply(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    events: list[dict] = []
    if orders:
        hexes = sorted(str(h) for h in orders[0]["shock_front"])
        use = use_turn(data, state)
        units = sorted(u for u, v in state["units"].items() if v["side"] == "soviet" and v["hex"] in hexes)
        state["shock_front"] = {"hexes": hexes, "units": units, "created": state["turn"], "use": use}
        events.append({"event": "shock_front", "hexes": hexes, "use": use})
    game.end_player_turn(data, state, events, dice)
    return events


# -- effects ---------------------------------------------------------------------------------
def watch(state: dict, events: list) -> None:
    """24.2 A: in the German player-turn right after the creation, a front unit retreating or
    losing a step removes every marker (24.2 B: they may be placed again later)."""
    found = front(state)
    if not found or state["army"] != "axis" or state["turn"] != found["created"] + 1:
        return
    hit = [e["unit"] for e in events if e["event"] in ("reduced", "eliminated", "retreat") and e.get("unit") in found["units"]]
    if hit:
        state["shock_front"] = None
        events.append({"event": "shock_front_removed", "hexes": found["hexes"], "unit": hit[0], "rule": "24.2 A"})


def move_problem(state: dict, unit_id: str) -> str | None:
    """24.3 A: the front's units may not move until its assault."""
    found = front(state)
    if found and unit_id in found["units"]:
        return f"{unit_id} may not move: it is beneath a STAVKA Shock Front marker until the front assaults (24.3 A)"
    return None


def members(state: dict, units: list[str], data: GameData | None = None) -> list[str]:
    """The attackers beneath the markers in the Soviet Prepared Assault Phase of the turn of use
    (19.1.2 A, 19.2.3: never a Romanian or Bulgarian army, which then may not join the front's
    assaults, 24.5 B)."""
    found = front(state)
    if not found or state["army"] != "soviet" or state["turn"] != found["use"]:
        return []
    from .echelon import units as second_round                 # 24.7 C: the second round's units took their flags
    flagged = second_round(state)
    return [u for u in units if army_of(state, u) == "soviet" and (state["units"][u]["hex"] in found["hexes"] or u in flagged)
            and (data is None or unwrap(counter(data, u).get("nation")) not in SATELLITES)]


def battle_problem(data: GameData, state: dict, units: list[str], earlier_without_front: bool) -> str | None:
    """24.5 B no mixing with other Soviet units; 18.10 C the front's assaults are resolved first."""
    inside = members(state, units, data)
    if inside and len(inside) != len(units):
        return (f"{', '.join(u for u in units if u not in inside)} may not assault with the Shock Front's units "
                f"{', '.join(inside)} (24.5 B)")
    if inside and earlier_without_front:
        return "Shock Front assaults are resolved before any other (18.10 C): announce them first"
    return None


def attack_bonus(data: GameData, state: dict, units: list[str], attack_of: Any) -> int:
    """24.4 A: the front's units have their AFs doubled (the extra added to the total)."""
    inside = members(state, units, data)
    if not inside:
        return 0
    times = numbers.integer(data, f"{KEY}.af_multiplier", "the Shock Front's AF multiplier (24.4 A)")
    return int(attack_of(data, state, inside)) * (times - 1)
