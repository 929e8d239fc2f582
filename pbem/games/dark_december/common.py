"""Dark December: the counters (4.2, 5.x), the calendar (4.7, 7.0), the map (4.1) and the
few helpers every rule group shares. Every number comes from rules/dark-december/*.yaml or the
campaign's data override; a missing one refuses with UnknownDataError naming its path."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ...kit.board import Board
from ...kit.orders import close_spellings
from ...kit.movement import zoc
from ...hexgrid import hexside_key
from ...kit.terrain import MapData

SIDES = ("german", "allies")          # 7.0 B: Germany is always the first player
PRINTED_ON = "the Dark December map (4.1)"
COUNTER = "the unit counter (4.2, 5.1)"
MONTHS = (("December", 31), ("January", 31))


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def mapdata(data: GameData) -> MapData:
    return MapData.of(data, PRINTED_ON)


def counter(data: GameData, unit_id: str) -> dict:
    value = data.get(f"units.counters.{unit_id}", f"the counter of {unit_id}")
    return data.require_keys(value, f"units.counters.{unit_id}", ("side", "type", "attack", "defense", "movement"),
                             f"unit {unit_id}", COUNTER)


def not_own_unit(data: GameData, state: dict, side: str, unit_id: Any) -> str:
    """The refusal of an order naming no unit of `side` on the map; for an id that is no counter
    at all (a typo) the nearest spellings among the side's own units (never an enemy's, which
    fog may hide, 25.0)."""
    message = f"{unit_id!r} is not a {side} unit on the map"
    if not isinstance(unit_id, str):
        return message
    try:
        counter(data, unit_id)
        return message                  # a real counter, elsewhere or the enemy's: no spelling to offer
    except PbemError:
        pass
    near = close_spellings(unit_id, [u for u, v in state["units"].items() if v["side"] == side])
    return f"{message} (did you mean {' or '.join(near)}?)" if near else message


def unit_type(data: GameData, unit_id: str) -> str:
    return str(counter(data, unit_id)["type"])


def in_class(data: GameData, unit_id: str, klass: str) -> bool:
    """5.2: whether a unit's type belongs to a class (motorized, infantry, engineer, leader, armored)."""
    return unit_type(data, unit_id) in numbers.texts(data, f"units.types.{klass}", f"the {klass} unit types (5.2)")


def full_steps(data: GameData, unit_id: str) -> int:
    """5.1 D: two steps if the counter has a reduced side, one if not (4.2.2 C: the 1107th)."""
    reduced = counter(data, unit_id).get("reduced", "unknown")
    if reduced == "unknown":
        raise UnknownDataError(f"units.counters.{unit_id}.reduced", f"the reduced side of {unit_id} (or none)",
                               COUNTER, data.override_file)
    key = "no_reduced_side" if reduced in (None, "none") else "full"
    return numbers.integer(data, f"units.steps.{key}", "steps of a counter (5.1 D)")


def factor(data: GameData, state: dict, unit_id: str, which: str) -> int:
    """The printed attack/defense/movement of the side showing (5.1; 5.1 D reduced)."""
    value = counter(data, unit_id)
    if state["units"][unit_id]["steps"] < full_steps(data, unit_id):
        value = value["reduced"]
        if not isinstance(value, dict) or value.get(which, "unknown") == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.reduced.{which}", f"the reduced {which} of {unit_id}",
                                   COUNTER, data.override_file)
    number = value[which]
    if isinstance(number, bool) or not isinstance(number, int):
        raise PbemError(f"data `units.counters.{unit_id}.{which}` must be an integer, not {number!r}", data.override_file)
    return number


def effective(data: GameData, state: dict, unit_id: str, which: str) -> int:
    """8.4 B: an unsupplied unit's attack strength and MA are halved (rounded up), its defense unaffected;
    8.7.4 the units of a division put out of supply by the Fuel Depletion Table are unsupplied; 8.5 E an
    isolated unit's defense and MA are halved."""
    value = factor(data, state, unit_id, which)
    fuel = state["units"][unit_id]["side"] == "german" and (str(counter(data, unit_id).get("division")) in state["fuel_out"]
                                                            or unit_id in state["fuel_out"])     # 8.7.2 D a brigade by name
    status = supply_status(state, unit_id)
    halved = (which != "defense" and (fuel or status == "unsupplied")) or (status == "isolated" and which != "attack")
    if halved:                                                       # 8.4 B, 8.5 E (8.5 D: an isolated unit does not attack)
        value = half_up(value, numbers.fraction(data, "supply.unsupplied_factor", "the unsupplied factor (8.4 B)"))
    return value


def supply_status(state: dict, unit_id: str) -> str:
    """8.1: the status found at the start of the owner's player turn; a unit that entered the map since
    (a reinforcement, 10.6) carries no marker."""
    return str(state["supply"][unit_id]) if unit_id in state["supply"] else "supplied"


def board(state: dict) -> Board:
    units = state["units"]
    return Board(units, side_of=lambda u: str(units[u]["side"]))


def exerts_zoc(data: GameData, unit_id: str, state: dict | None = None) -> bool:
    """12.0 A: leaders exert no ZOC; 12.2 nor units in strategic movement (campaigns of behaviour 3)."""
    return not in_class(data, unit_id, "leader") and not (state is not None and unit_id in state.get("strategic", ()))


def terrain_kinds(data: GameData, hex_id: str) -> list[str]:
    """The hex's terrain and its town (10.2 E: the highest cost of any feature is paid)."""
    info = mapdata(data).info(hex_id)
    return [str(info["terrain"])] + (["town"] if info.get("town") else [])


def road(data: GameData, state: dict, a: str, b: str, any_road: bool = False) -> bool:
    """Whether a road joins a and b and may be used: not across a blown bridge (16.1 E), neither hex
    interdicted from the air (20.4.2 C: a non-road hex for both sides). `any_road`: a road printed there."""
    sides = mapdata(data).hexside(a, b, hexes_known=False)
    if "road" not in sides or any_road:
        return "road" in sides
    interdicted = state.get("interdicted", {})
    return not ("river" in sides and not bridged(data, state, a, b)) and a not in interdicted and b not in interdicted


def enemy_zoc(data: GameData, state: dict, side: str) -> set[str]:
    """12.0: the six hexes next to every enemy unit (leaders excepted, 12.0 A); 12.3 A (optional) the ZOC of
    an armored unit does not extend across unbridged river hexsides nor into dense forest or marsh hexes,
    except along roads (12.3 B: armored cavalry and armored infantry unaffected); 12.2 units in strategic
    movement have none."""
    hexes = mapdata(data)
    grid = hexes.grid
    enemies = [uid for uid, u in sorted(state["units"].items()) if u["side"] != side and exerts_zoc(data, uid, state)]
    limited = [u for u in enemies if state["options"].get("armored_zoc") and in_class(data, u, "armored")]
    found = zoc(grid, [state["units"][u]["hex"] for u in enemies if u not in limited])
    for unit_id in limited:
        here = state["units"][unit_id]["hex"]
        for n in grid.neighbours(here):
            road = "road" in hexes.hexside(here, n, hexes_known=False)
            blocked = unbridged_river(data, state, here, n) or (hexes.listed(n) and hexes.terrain_known(n)
                                                               and hexes.terrain(n) in ("dense_forest", "marsh"))
            if road or not blocked:
                found.add(n)
    return found


def bridged(data: GameData, state: dict, a: str, b: str) -> bool:
    """Whether an intact bridge crosses the side a-b: a printed bridge not blown (16.1 F), or one built
    in play (16.2) and not blown since."""
    key = hexside_key(a, b)
    printed = "bridge" in mapdata(data).hexside(a, b, hexes_known=False)
    return (printed or key in state.get("built", [])) and key not in state["blown"]


def unbridged_river(data: GameData, state: dict, a: str, b: str, ford_counts: bool = False) -> bool:
    """A river hexside without an intact bridge (and, with `ford_counts`, without a ford: 13.6.2)."""
    sides = mapdata(data).hexside(a, b, hexes_known=False)
    return "river" in sides and not bridged(data, state, a, b) and not (ford_counts and "ford" in sides)


# -- the calendar (4.7 B: twelve-hour turns, AM and PM, from AM 16 December, 18.1) ------------------
def turn_label(data: GameData, turn: int) -> str:
    return _label(*_calendar(data), turn)


def _calendar(data: GameData) -> tuple[int, int]:
    return (numbers.integer(data, "game.turns.turns_per_day", "Game-Turns per day (4.7 B)"),
            numbers.integer(data, "game.turns.first_day", "the first day (18.1)"))


def _label(per_day: int, first_day: int, turn: int) -> str:
    day = first_day + (turn - 1) // per_day
    half = "AM" if (turn - 1) % per_day == 0 else "PM"
    for month, length in MONTHS:
        if day <= length:
            return f"{half} {day} {month}"
        day -= length
    raise PbemError(f"Game-Turn {turn} lies beyond January")


def turn_of(data: GameData, label: str) -> int:
    """The Game-Turn a dated rule names ("AM 23 December" -> 15)."""
    calendar = _calendar(data)             # read once, not for every turn tried (issue 13)
    for turn in range(1, 200):
        if _label(*calendar, turn) == label:
            return turn
    raise PbemError(f"internal: no Game-Turn is {label!r}")


def in_range(data: GameData, turn: int, span: dict) -> bool:
    return turn_of(data, str(span["from"])) <= turn <= turn_of(data, str(span["to"]))


UNCERTAIN = "weather.uncertain_weather_optional"


def uncertain_weather(state: dict) -> bool:
    return state["options"].get("uncertain_weather") is True      # 24.0 (optional); absent in campaigns begun before it


def clear_weather(data: GameData, turn: int, state: dict) -> bool:
    """20.0: the historical clear turns (weather.historical); with 24.0 (optional) uncertain weather, from
    the Game-Turn a clear roll came (B) until AM 29 December (C)."""
    if uncertain_weather(state):
        since = state["clear_from"]
        until = turn_of(data, numbers.text(data, f"{UNCERTAIN}.clear_until", "the end of uncertain clear weather (24.0 C)"))
        return since is not None and since <= turn < until
    spans = data.get("weather.historical", "the historical weather (20.0-22.0)")
    return any(s.get("weather") == "clear" and in_range(data, turn, s) for s in spans)


def air_superiority(data: GameData, turn: int, state: dict) -> bool:
    """The rules of Allied air superiority (20.1-20.4, with 8.5 B and 8.6 I) apply on clear turns, except on the two
    Game-Turns of a German Luftwaffe Air Contention (26.11 A, variant, behaviour 3)."""
    return clear_weather(data, turn, state) and not contended(data, turn, state)


def contended(data: GameData, turn: int, state: dict) -> bool:
    since = state.get("luftwaffe_from")                          # only in behaviour 3 campaigns with 26.11
    return since is not None and since <= turn < since + numbers.integer(data, "variants.26_11.turns", "26.11 A")


def frozen(data: GameData, turn: int) -> bool:
    """21.0 A/B: the ground is frozen AM 24 - PM 28 December (weather.historical)."""
    spans = data.get("weather.historical", "the historical weather (20.0-22.0)")
    return any(s.get("ground") == "frozen" and in_range(data, turn, s) for s in spans)


def heavy_snow(data: GameData, turn: int) -> bool:
    """22.0 A: heavy snow from AM 29 December for the rest of the game."""
    spans = data.get("weather.historical", "the historical weather (20.0-22.0)")
    return any(s.get("weather") == "heavy snow" and turn >= turn_of(data, str(s["from"])) for s in spans)


def tactical_advantage(data: GameData, turn: int, side: str, state: dict) -> bool:
    """13.4.2, 18.1 A, 20.3: Germany AM 16 - PM 22 December; the Allies on clear turns after it. With 24.0
    uncertain weather a clear roll on AM 22 December ends Germany's at once (20.3: never again once clear).
    26.11 B: a Luftwaffe Air Contention from AM 23 December keeps Germany's through PM 23 December."""
    german = data.get("weather.tactical_advantage.german", "the German tactical advantage turns (18.1)")
    if side == "german":
        return (in_range(data, turn, german) and not (uncertain_weather(state) and air_superiority(data, turn, state))) or (
            contended(data, turn, state) and not uncertain_weather(state) and state["luftwaffe_from"] == turn_of(
                data, numbers.text(data, "variants.26_11.tactical_advantage_from", "26.11 B")))           # 26.11 B
    return turn > turn_of(data, str(german["to"])) and air_superiority(data, turn, state)


def faces(text: Any) -> set[int]:
    """"1" -> {1}; "1-2" -> {1, 2} (a die range as the rulebook writes it)."""
    low, _, high = str(text).partition("-")
    return set(range(int(low), int(high or low) + 1))


def half_up(value: int, fraction: Fraction) -> int:
    """A fraction of a value, fractions rounded up (8.4 B, 14.4 C)."""
    scaled = Fraction(value) * fraction
    return int(-(-scaled.numerator // scaled.denominator))
