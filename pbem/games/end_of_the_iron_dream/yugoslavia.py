"""End of the Iron Dream, behaviour 2: Yugoslavia (20.0; 4.5).

The hexes come from the data (4.5: Croatia, Serbia, the Banat, Montenegro, Albania and the red Y
hexes, printed on the map): `map.countries.yugoslavia` (every Yugoslav hex, the Y hexes
included) and `map.countries.red_y` (the Y hexes). A campaign of behaviour 2 gives them at set-up:
any Soviet move may need them (20.3).
- 20.1: the Yugoslavs move (operationally, strategically, retreating, advancing) and assault
  only within Yugoslavia;
- 20.2 A: Yugoslav units are always in GS;
- 20.3: non-Yugoslav Soviet units enter only the clear hexes and the Y hexes of Yugoslavia;
- 20.5 A: Yugoslav units are never replaced;
- behaviour 3: 9.5 B, 20.2 C Yugoslav ZOCs stop at Yugoslavia's border (common.zoc_of); 9.5 A,
  20.2 B, D: Yugoslav units retreat into and through Axis ZOCs, Axis units through Yugoslav ZOCs
  (`retreat_zoc`); moving, both still pay the ZOC costs (9.5 B)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData
from ...kit import numbers
from .common import army_of, enemies, enemy_zoc, grid, is_type, mapdata, plays, zoc_of
from .okh import enter_problem as okh_problem


def hexes(data: GameData, key: str = "yugoslavia") -> frozenset[str]:
    def read() -> frozenset[str]:
        what = "the hexes of Yugoslavia (4.5)" if key == "yugoslavia" else "the red Y hexes (4.5)"
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, f"map.countries.{key}", what))
    return data.derived(f"eid.countries.{key}", read)


def validate(data: GameData) -> None:
    """Behaviour 2, at set-up: both lists (any Soviet move may need them)."""
    hexes(data)
    hexes(data, "red_y")


def enter_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """20.1 the Yugoslavs stay in Yugoslavia; 20.3 other Soviet units enter only its clear and Y
    hexes (behaviour 2); behaviour 4: OKH's area (25.10 B, okh.py)."""
    why = okh_problem(data, unit_id, hex_id)
    if why or not plays(data, 2) or army_of(state, unit_id) != "soviet":
        return why
    inside = hex_id in hexes(data)
    if is_type(data, unit_id, "yugoslav"):
        return None if inside else f"{unit_id} may not leave Yugoslavia for {hex_id} (20.1)"
    if inside and hex_id not in hexes(data, "red_y") and mapdata(data).terrain(hex_id) != "clear":
        return f"{unit_id} may enter only the clear and Y hexes of Yugoslavia, not {hex_id} (20.3)"
    return None


def assault_problem(data: GameData, state: dict, units: list[str], targets: list[str]) -> str | None:
    """20.1: the Yugoslavs assault only within Yugoslavia."""
    if not plays(data, 2):
        return None
    yugoslavs = [u for u in units if army_of(state, u) == "soviet" and is_type(data, u, "yugoslav")]
    if yugoslavs and plays(data, 3):
        from .neutrality import assault_problem as neutral              # 27.7 A
        found = neutral(state, yugoslavs[0])
        if found:
            return found
    outside = [h for h in targets if h not in hexes(data)] if yugoslavs else []
    if outside:
        return f"{yugoslavs[0]} may assault only within Yugoslavia, not {outside[0]} (20.1)"
    return None


def always_supplied(data: GameData, unit_id: str) -> bool:
    """20.2 A: "Yugoslav units are always in GS and AS"."""
    return is_type(data, unit_id, "yugoslav")


def retreat_zoc(data: GameData, state: dict, unit_id: str) -> set[str]:
    """The EZOC a retreating unit may not enter (9.10), less (behaviour 3) 9.5 A, 20.2 B: the Axis
    ZOCs for a Yugoslav unit; 20.2 D: the Yugoslav ZOCs for an Axis unit."""
    army = army_of(state, unit_id)
    if not plays(data, 3):
        return enemy_zoc(data, state, army)
    if is_type(data, unit_id, "yugoslav"):
        return zoc_of(data, state, tuple(a for a in enemies(state, army) if a != "axis"))
    if army == "axis":
        others = {k: v for k, v in state["units"].items() if not is_type(data, k, "yugoslav")}
        return zoc_of(data, {**state, "units": others}, enemies(state, army))
    return enemy_zoc(data, state, army)


# -- behaviour 3: 20.5 B the 4th Army's arrival, 20.4 a 1944 liberation by the Yugoslavs alone ------
FOURTH = "special.yugoslavia"
FOURTH_ORDER = "the Yugoslav 4th Army arrives as `place: UNIT, at: HEX` atop an existing Yugoslav army (20.5 B)"


def validate_3(data: GameData) -> None:
    """Behaviour 3, Iron Dream, at set-up: the 4th Army's data (20.5 B) and, with a city in
    Yugoslavia, the first turn of 1945 (20.4: read after any step liberating it)."""
    from .victory import cities
    fourth_army(data)
    if set(cities(data)) & hexes(data):
        numbers.integer(data, "game.turns.iron_dream.first_turn_of_1945", "the first turn of 1945 (20.4)")


def fourth_army(data: GameData) -> tuple[str, int]:
    return (numbers.text(data, f"{FOURTH}.fourth_army_counter", "the Yugoslav 4th Army's counter (28.4)"),
            numbers.integer(data, f"{FOURTH}.fourth_army_turn", "the Yugoslav 4th Army's turn of arrival (20.5 B)"))


def armies_on_map(data: GameData, state: dict) -> list[str]:
    return sorted(k for k, u in state["units"].items() if u["side"] == "soviet" and is_type(data, k, "yugoslav"))


def fourth_army_due(data: GameData, state: dict) -> bool:
    """20.5 B: this Soviet Replacement Phase is the 4th Army's (Iron Dream; in Let History Judge the
    four armies set up at the start, 27.3 F), it is off the map and was never lost."""
    if not plays(data, 3) or state["scenario"] == "let-history-judge" or state["army"] != "soviet":
        return False
    unit_id, turn = fourth_army(data)
    gone = state.get("yugoslav_fourth") is not None or any(d["unit"] == unit_id for d in state["dead"])
    return state["turn"] == turn and unit_id not in state["units"] and not gone


def place_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """20.5 B: "must be placed atop an already existing Yugoslav army" (7.10: stacking observed)."""
    from .common import stacking_problem
    unit_id, at = order.get("place"), order.get("at")
    if set(order) != {"place", "at"} or not isinstance(unit_id, str) or not isinstance(at, str):
        return FOURTH_ORDER
    if unit_id != fourth_army(data)[0] or not fourth_army_due(data, trial):
        return f"{unit_id} is not the Yugoslav 4th Army due now ({FOURTH_ORDER}; Soviet reinforcements `enter:`, 7.3)"
    hex_id = grid(data).canonical(at)
    if not any(trial["units"][k]["hex"] == hex_id for k in armies_on_map(data, trial)):
        return f"{hex_id} holds no Yugoslav army: the 4th Army is placed atop one (20.5 B)"
    crowd = stacking_problem(data, trial, "soviet", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (7.10)"
    trial["units"][unit_id] = {"side": "soviet", "hex": hex_id, "steps": 1}
    trial["yugoslav_fourth"] = {"turn": trial["turn"], "arrived": True}
    return None


def fourth_army_missing(data: GameData, state: dict, orders: list) -> str | None:
    """20.5 B "must be placed": the first Operational Movement file of the turn places it."""
    if not fourth_army_due(data, state) or state.get("movement") or not armies_on_map(data, state):
        return None
    unit_id = fourth_army(data)[0]
    if any(o.get("place") == unit_id for o in orders):
        return None
    return f"{unit_id} arrives this turn and must be placed atop a Yugoslav army first: `place: {unit_id}, at: HEX` (20.5 B)"


def fourth_army_lost(data: GameData, state: dict, events: list) -> None:
    """20.5 B: at the Soviet player-turn of its arrival with no Yugoslav army on the map, "the 4th
    can never arrive, and Germany earns the appropriate VPs" (26.6.10: those of the next army
    destroyed)."""
    if not fourth_army_due(data, state) or armies_on_map(data, state):
        return
    from .victory import VALUES, add, ledger
    unit_id = fourth_army(data)[0]
    counted = {e["what"].split()[0] for e in ledger(state)["ledger"] if e["rule"] == "26.6.10"}
    values = numbers.integers(data, f"{VALUES}.yugoslav_destroyed", "the VPs of the Yugoslav armies destroyed (26.6.10)")
    state["yugoslav_fourth"] = {"turn": state["turn"], "arrived": False}
    events.append(add(state, "axis", Fraction(values[min(len(counted), len(values) - 1)]), "26.6.10",
                      f"{unit_id} never arrives: no Yugoslav army to be placed atop (20.5 B)", None))


def liberation(data: GameData, state: dict, hex_id: str, before: str, now: str, events: list) -> None:
    """20.4: "If Yugoslav units alone liberate a Yugoslav city in 1944, the Soviets earn double the
    normal VPs for that city": the second helping is earned at the liberation (a ledger entry; the
    city's own VPs go to its holder at the end, and a German retake gives only the normal ardor,
    26.6.7). The liberators: the Soviet combat units in the city, else those whose ZOC reaches it."""
    if not plays(data, 3) or before != "axis" or now != "soviet" or hex_id not in hexes(data):
        return
    first_1945 = numbers.integer(data, "game.turns.iron_dream.first_turn_of_1945", "the first turn of 1945 (20.4)")
    if state["turn"] >= first_1945:
        return
    from .common import zoc_reach
    from .victory import add, city_vp
    soviet = [k for k, u in state["units"].items() if u["side"] == "soviet" and not is_type(data, k, "supply_unit")]
    inside = [k for k in soviet if state["units"][k]["hex"] == hex_id]
    liberators = inside or [k for k in soviet if hex_id in zoc_reach(data, state["units"][k]["hex"])]
    if liberators and all(is_type(data, k, "yugoslav") for k in liberators):
        events.append(add(state, "soviet", Fraction(city_vp(data, hex_id)), "20.4",
                          f"{hex_id} liberated by Yugoslav units alone in 1944: double VPs", hex_id))
