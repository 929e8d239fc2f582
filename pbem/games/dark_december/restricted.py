"""10.9 restricted Allied units (behaviour 3). A restricted unit is an Allied reinforcement whose counter
carries the solid line (`restricted: true`, 5.5.2 A; 4.2.2 G the French LT): after its Game-Turn of entry
it moves only while activated (10.9 B), and never across the Meuse (US units also the Semois) until released.
10.9.1 A activated while a supplied German unit is within three hexes of the west side of the Meuse; B
released once more than 35 Allied units have been destroyed (those reformed counted); C the 29th Armored
Brigade released within four hexes of a supplied German unit at the start of the Allied Movement Phase;
10.9.2 B the 11th Armored and 17th Airborne Divisions released on their dates, C one US unit a Game-Turn
by choice (`release: UNIT`) on AM turns from AM 3 January. The rivers' hexsides are group data
(`map.rivers.meuse`, `map.rivers.semois`), read only when a restricted unit moves (docs/errata.md DD14)."""

from __future__ import annotations

from ...gamedata import GameData
from ...hexgrid import hexside_key
from ...kit import numbers
from ..base import Problem
from .common import counter, mapdata, supply_status, turn_label, turn_of

PATH = "game.movement.restricted_units"


def restricted(data: GameData, unit_id: str) -> bool:
    """10.9 A: an Allied unit entering as a reinforcement (its counter has a reinforcement code) with the
    restricted marking (5.5.2 A)."""
    unit = counter(data, unit_id)
    if unit["side"] != "allies" or unit.get("reinforcement", "unknown") in (None, "none"):
        return False
    return numbers.flag(data, f"units.counters.{unit_id}.restricted", f"whether {unit_id}'s counter is marked restricted (5.5.2 A)")


def rivers(data: GameData, unit_id: str) -> tuple[str, ...]:
    """10.9 B: the Meuse for every restricted unit, the Semois too for US units (10.9.2 A)."""
    return ("meuse", "semois") if counter(data, unit_id).get("nationality") == "us" else ("meuse",)


def hexsides(data: GameData, river: str) -> set[str]:
    grid = mapdata(data).grid
    sides = numbers.texts(data, f"map.rivers.{river}", f"the hexsides of the {river.capitalize()} (10.9)")
    pairs = [side.split("|") for side in sides]
    return {hexside_key(grid.canonical(p[0]), grid.canonical(p[-1])) for p in pairs}


def west_side(data: GameData, river: str) -> set[str]:
    """The hexes joined to the west map edge without crossing the river (DD14)."""
    return side_of(data, hexsides(data, river), "west", "10.9.1 A: the west side of the Meuse")


def side_of(data: GameData, blocked: set[str], side: str, why: str) -> set[str]:
    """The map's hexes joined to its `side` edge without crossing the `blocked` hexsides (DD14, DD20)."""
    from .edges import edge
    hexes = mapdata(data)
    todo = [h for h in edge(data, side, why) if hexes.listed(h)]
    seen = set(todo)
    while todo:
        here = todo.pop()
        for n in hexes.grid.neighbours(here):
            if n not in seen and hexes.listed(n) and hexside_key(here, n) not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


def activated(data: GameData, state: dict) -> bool:
    """10.9.1 A: a supplied German unit within three hexes of a hex on the west bank of the Meuse."""
    grid = mapdata(data).grid
    west = west_side(data, "meuse")
    bank = {h for side in hexsides(data, "meuse") for h in side.split("|") if h in west}
    reach = numbers.integer(data, f"{PATH}.activation_hexes_from_meuse_west_side", "the activation distance (10.9.1 A)")
    return any(v["side"] == "german" and supply_status(state, u) == "supplied" and any(grid.distance(v["hex"], b) <= reach for b in bank)
               for u, v in state["units"].items())


def released(data: GameData, state: dict, unit_id: str) -> bool:
    """10.9.1 B, C (recorded), 10.9.2 B the dates, 10.9.2 C the voluntary releases (recorded)."""
    if unit_id in state.get("released", ()):
        return True
    destroyed = {u for u in state["eliminated"] if counter(data, u)["side"] == "allies"} | \
                {u for u in state["reformed"] if counter(data, u)["side"] == "allies"}
    if len(destroyed) > numbers.integer(data, f"{PATH}.release_destroyed_allied_units_over", "the destroyed units that release (10.9.1 B)"):
        return True
    if counter(data, unit_id).get("nationality") == "us":
        division = str(counter(data, unit_id).get("division"))
        for key in ("us_11th_armored", "us_17th_airborne"):
            ident = numbers.text(data, f"{PATH}.{key}_division", f"the division id of the {key[3:].replace('_', ' ')} division (10.9.2 A)")
            if division == ident and state["turn"] >= turn_of(data, numbers.text(data, f"{PATH}.{key}_released", "10.9.2 B")):
                return True
    return False


def move_problem(data: GameData, state: dict, unit_id: str, path: list[str], entering: bool = False) -> str | None:
    """10.9 B for one move of an Allied unit (behaviour 3); None if it may make it."""
    if "strategic" not in state or not restricted(data, unit_id) or released(data, state, unit_id) or \
            (counter(data, unit_id).get("nationality") == "british" and unit_id in release_29th(data, state)):
        return None
    for river in rivers(data, unit_id):
        sides = hexsides(data, river)
        for a, b in zip(path, path[1:]):
            if hexside_key(a, b) in sides:
                return f"{unit_id} is a restricted unit and may not cross the {river.capitalize()} until released ({a}|{b}; 10.9 B)"
    arrived = state.get("arrived", {}).get(unit_id)
    if not entering and arrived != state["turn"] and not activated(data, state):
        return f"{unit_id} is a restricted unit: after its Game-Turn of entry it moves only while activated (10.9 B, 10.9.1 A)"
    return None


def release_29th(data: GameData, state: dict) -> list[str]:
    """10.9.1 C at the start of the Allied Movement Phase: the 29th Armored Brigade within four hexes of a supplied German unit."""
    if not any(v["side"] == "allies" and counter(data, u).get("nationality") == "british" and restricted(data, u)
               for u, v in state["units"].items()):
        return []                                                   # no restricted British unit on the map: nothing to read
    brigade = numbers.text(data, f"{PATH}.british_29th_armored_brigade", "the counter id of the British 29th Armored Brigade (10.9.1 C)")
    unit = state["units"].get(brigade)
    if unit is None or brigade in state.get("released", ()):
        return []
    reach = numbers.integer(data, f"{PATH}.british_29th_release_hexes", "the 29th Armored Brigade's release distance (10.9.1 C)")
    grid = mapdata(data).grid
    near = any(v["side"] == "german" and supply_status(state, u) == "supplied" and grid.distance(v["hex"], unit["hex"]) <= reach
               for u, v in state["units"].items())
    return [brigade] if near else []


def check_release(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """10.9.2 C: `release: UNIT`, one restricted US unit per AM Game-Turn from AM 3 January."""
    asked = [(i, o["release"]) for i, o in enumerate(orders) if "release" in o]
    if not asked:
        return []
    if "strategic" not in state or side != "allies":
        return [Problem(i, "`release:` is an Allied Movement Phase order (10.9.2 C) in campaigns of Dark December behaviour 3") for i, _ in asked]
    first = turn_of(data, numbers.text(data, f"{PATH}.us_voluntary_release_from", "the first voluntary release (10.9.2 C)"))
    per_turn = numbers.integer(data, f"{PATH}.us_voluntary_releases_per_am_turn", "the voluntary releases a turn (10.9.2 C)")
    problems: list[Problem] = []
    if state["turn"] < first or not turn_label(data, state["turn"]).startswith("AM"):
        return [Problem(i, f"the Allies release a restricted US unit by choice on AM Game-Turns from {turn_label(data, first)} (10.9.2 C)")
                for i, _ in asked]
    for n, (index, unit_id) in enumerate(asked):
        if n >= per_turn:
            problems.append(Problem(index, f"the Allies release {per_turn} restricted US unit(s) a Game-Turn by choice (10.9.2 C)"))
        elif not isinstance(unit_id, str) or unit_id not in state["units"] or counter(data, unit_id).get("nationality") != "us" \
                or not restricted(data, unit_id) or released(data, state, unit_id):
            problems.append(Problem(index, f"{unit_id!r} is not a restricted US unit on the map still to be released (10.9.2 C)"))
    return problems


def apply_releases(data: GameData, state: dict, orders: list, events: list) -> None:
    """Record 10.9.1 C and 10.9.2 C releases (they last the rest of the game)."""
    for unit_id in release_29th(data, state) + [o["release"] for o in orders if "release" in o]:
        state.setdefault("released", []).append(unit_id)
        events.append({"event": "released", "unit": unit_id})
