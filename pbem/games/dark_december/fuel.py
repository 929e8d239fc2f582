"""German fuel shortages (8.7): from the AM 20 December German player turn Germany rolls on the Fuel
Depletion Table after its Supply Determination Phase; the Allies may choose one German motorized
division (8.7.1 A), Germany the others (8.7.1 B); their units are out of supply until the following
German player turn (8.7.2 B, C), with the effects of 8.4 B (8.7.4).

The roll is made at the end of the Allied player turn that precedes the German one (nothing is decided
in between: supply determination takes no orders), so the Allies' choice is the ordered list they give
with their Construction/Demolition orders (`fuel_choice:`, the first eligible division is taken) and
costs no extra email; at a scenario's first German player turn on or after AM 20 December the roll is
its own German step (`fuel_roll`) and the Allies answer it (`fuel_pick`)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import counter, mapdata, turn_label, turn_of


def due(data: GameData, turn: int) -> bool:
    return turn >= turn_of(data, numbers.text(data, "supply.fuel_depletion.from_turn", "the first fuel roll (8.7)"))


def eligible(data: GameData, state: dict) -> list[str]:
    """8.7.1 C the divisions listed with the table; 8.7.2 A at least two units on the map (8.7.3 C: not
    off the map); 8.7.3 A not already out of supply. 8.7.2 D (behaviour 3): two of the three German independent
    brigades instead of a division, each on the map and not out of supply already, named `B1+B2`."""
    listed = numbers.texts(data, "supply.fuel_depletion.eligible_divisions_listed", "the divisions of the Fuel Depletion Table (8.7.1 C)")
    least = numbers.integer(data, "supply.fuel_depletion.min_units_on_map", "the fewest units on the map (8.7.2 A)")
    on_map: dict[str, int] = {}
    for unit_id, unit in state["units"].items():
        if unit["side"] == "german":
            division = str(counter(data, unit_id).get("division"))
            on_map[division] = on_map.get(division, 0) + 1
    return [d for d in listed if on_map.get(d, 0) >= least and d not in state["fuel_out"]] + [
        "+".join(pair) for pair in combinations(_brigades(data, state), 2)]


def _brigades(data: GameData, state: dict) -> list[str]:
    if "strategic" not in state:                                       # campaigns before behaviour 3
        return []
    named = numbers.texts(data, "supply.fuel_depletion.independent_brigades", "the counters of the three German independent "
                          "brigades (8.7.2 D)")
    return sorted(b for b in named if b in state["units"] and b not in state["fuel_out"])


def key(choice: Any) -> Any:
    """A choice as written (`DIV`, or two brigades `[B1, B2]`, 8.7.2 D) as the key `eligible` lists."""
    return "+".join(sorted(str(b) for b in choice)) if isinstance(choice, list) else choice


def capacity(data: GameData, state: dict) -> int:
    """8.7.5: how many choices can still be made (the brigades give one: two of three)."""
    choices = eligible(data, state)
    return len([c for c in choices if "+" not in c]) + (1 if any("+" in c for c in choices) else 0)


def roll(data: GameData, state: dict, dice: Any, events: list) -> None:
    """8.7: the die on the Fuel Depletion Table; 8.7.6 one division more from AM 10 January; 8.7.5 no more
    divisions than are eligible. The Allies' standing choice is taken first (8.7.1 A)."""
    state["fuel_out"] = []                                             # 8.7.2 B: until this German player turn
    if not due(data, state["turn"]):
        return
    table = data.get("supply.fuel_depletion.divisions_by_roll", "the Fuel Depletion Table (8.7)")
    face = dice.roll(f"fuel/{state['turn']}", 6, about=f"Fuel Depletion Table, {turn_label(data, state['turn'])} (8.7)")
    count = int(table[str(face)] if str(face) in table else table[face])
    if state["turn"] >= turn_of(data, numbers.text(data, "supply.fuel_depletion.plus_one_from_turn", "8.7.6")):
        count += numbers.integer(data, "supply.fuel_depletion.plus_one", "the extra division (8.7.6)")
    events.append({"event": "fuel_roll", "face": face, "divisions": count})
    if "fog_due" in state:                                             # 25.0: counted at the German Movement Phase
        state["fog_due"]["fuel_count"] = count
        state["fuel_due"], state["fuel_allied_pick"] = 0, False
        return
    state["fuel_due"] = min(count, capacity(data, state))             # 8.7.5
    state["fuel_allied_pick"] = state["fuel_due"] > 0


def allied_standing_pick(data: GameData, state: dict, events: list) -> None:
    """8.7.1 A from the Allies' ordered `fuel_choice:` list: the first eligible division, if any."""
    if not state.get("fuel_allied_pick"):
        return
    state["fuel_allied_pick"] = False
    for division in state["fuel_choice"]:
        if key(division) in allied_choices(data, state):
            deplete(state, key(division), "allies", events, data)
            return


def deplete(state: dict, division: str, by: str, events: list, data: GameData) -> None:
    """A division (or 8.7.2 D two brigades, `B1+B2`: their counter ids go on the list) out of supply."""
    state["fuel_out"] = sorted(set(state["fuel_out"]) | set(division.split("+") if "+" in division else [division]))
    state["fuel_due"] -= 1
    events.append({"event": "fuel_out", "division": division, "by": by})
    if "strategic" in state:                    # 8.7.4, 10.4.8 B: out of supply, the marker off
        from .strategic import lose_marker
        lose_marker(state, [u for u in state["strategic"] if out_of_fuel(data, state, u)],
                    "put out of supply by fuel depletion (8.7.4, 10.4.8 B)", events)


def out_of_fuel(data: GameData, state: dict, unit_id: str) -> bool:
    """8.7.2 C every unit of a division put out of supply; 8.7.2 D a brigade put out of supply by name."""
    return state["units"][unit_id]["side"] == "german" and (
        str(counter(data, unit_id).get("division")) in state["fuel_out"] or unit_id in state["fuel_out"])


def check_german_picks(data: GameData, state: dict, orders: list) -> list[Problem]:
    """8.7.1 B: Germany names the remaining divisions in its movement orders (`fuel: DIV`)."""
    picks = [(i, key(o["fuel"])) for i, o in enumerate(orders) if "fuel" in o]
    problems = []
    allowed = eligible(data, state)
    for index, division in picks:
        if division not in allowed:
            problems.append(Problem(index, f"{division!r} cannot be put out of supply (8.7.1 C, 8.7.2 A, 8.7.3): {', '.join(allowed) or 'none'}"))
    if len({d for _, d in picks}) != state["fuel_due"]:
        problems.append(Problem(None, f"Germany puts {state['fuel_due']} more motorized division(s) out of supply with `fuel: DIV` (8.7.1 B)"))
    return problems


# -- the scenario-start step and the Allies' answer ---------------------------------------------------
def check_roll(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) == 1 and "fuel_exempt" in orders[0]:                      # 15.6 E
        why = exempt_problem(data, state, side, orders[0]["fuel_exempt"])
        return [Problem(0, why)] if why else []
    return [] if not orders else [Problem(0, "the Supply Determination Phase takes no orders: it rolls on the Fuel Depletion Table (8.7)")]


def apply_roll(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    events: list[dict] = []
    if orders:
        state["fuel_exempt"] = orders[0]["fuel_exempt"]
    roll(data, state, dice, events)
    state["phase"] = "fuel_pick" if state.get("fuel_allied_pick") else "movement"
    return events


def check_pick(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    allowed = allied_choices(data, state)
    if len(orders) > 1 or (orders and key(orders[0].get("deplete")) not in allowed):
        return [Problem(0, f"the Allies may choose one German motorized division: `deplete:` one of {', '.join(allowed)}, or no order (8.7.1 A)")]
    return []


def apply_pick(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    events: list[dict] = []
    state["fuel_allied_pick"] = False
    if orders:
        deplete(state, key(orders[0]["deplete"]), "allies", events, data)
    state["phase"] = "movement"
    return events


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    if state["phase"] == "fuel_roll":
        return {"notes": [game.label(state), "no orders: the Fuel Depletion Table is rolled (8.7)"], "orders": []}
    return {"notes": [game.label(state), f"`deplete: DIV`, one of {', '.join(allied_choices(data, state))}, or no order (8.7.1 A)"],
            "orders": []}


# -- 15.6 E Manteuffel's exemption (optional commanders, behaviour 3) -------------------------------------------
def exempt_problem(data: GameData, state: dict, side: str, division: Any) -> str | None:
    """15.6 E: Germany may designate one non-SS motorized division (one listed with the table, 8.7.1 C) that the
    Allies cannot choose while it is within Manteuffel's command range (`fuel_exempt: DIV`, standing until changed,
    given with its construction orders or at a scenario's first fuel roll)."""
    from .commanders import revised
    if side != "german" or not revised(state):
        return "`fuel_exempt:` is Germany's, with the optional commanders in a campaign of Dark December behaviour 3 (15.6 E)"
    listed = numbers.texts(data, "supply.fuel_depletion.eligible_divisions_listed", "the divisions of the Fuel Depletion Table (8.7.1 C)")
    counters = data.get("units.counters", "the counters")
    members = [u for u, c in counters.items() if isinstance(c, dict) and str(c.get("division")) == str(division)]
    if division not in listed or any(str(counter(data, u).get("nationality")) == "ss" for u in members):
        return f"Manteuffel exempts one non-SS motorized division listed with the Fuel Depletion Table, not {division!r} (15.6 E, 8.7.1 C)"
    return None


def exempted(data: GameData, state: dict) -> str | None:
    """The designated division, if every unit of it on the map is within Manteuffel's present command range."""
    from .commanders import command_range
    division = state.get("fuel_exempt")                                 # set by a designation only (behaviour 3)
    if division is None:
        return None
    leader = numbers.text(data, "special.commanders_optional.manteuffel_unit_id", "the counter id of Manteuffel (15.6 E)")
    if leader not in state["units"]:
        return None
    reach, here, grid = command_range(data, state, leader), state["units"][leader]["hex"], mapdata(data).grid
    units = [u for u, v in state["units"].items() if v["side"] == "german" and str(counter(data, u).get("division")) == division]
    return division if units and all(grid.distance(here, state["units"][u]["hex"]) <= reach for u in units) else None


def allied_choices(data: GameData, state: dict) -> list[str]:
    """8.7.1 A: what the Allies may choose (15.6 E: not Manteuffel's exempted division)."""
    return [c for c in eligible(data, state) if c != exempted(data, state)]
