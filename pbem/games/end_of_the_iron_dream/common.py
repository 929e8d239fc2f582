"""End of the Iron Dream: the armies and seats (1.0, 4.0, 26.3, 26.7), the counters (2.x, 28.x),
the map (2.12) and the helpers every rule group shares. Every number comes from
rules/end-of-the-iron-dream/*.yaml, the scenario or the campaign's data override; a missing one
refuses with UnknownDataError naming its path."""

from __future__ import annotations

from typing import Any

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit import numbers
from ...kit.board import Board
from ...kit.losses import set_steps as kit_set_steps
from ...kit.terrain import MapData

# the three armies (camps of the three-player game, 1.0 C): the Axis, the Western Allies, the Soviets
ARMIES = ("axis", "western", "soviet")
ALLIANCE = ("western", "soviet")           # 4.4 A: the Grand Alliance's two camps
PRINTED_ON = "the End of the Iron Dream map (2.12)"
COUNTER = "the unit counter (2.x, 28.0)"
ARMY_NAMES = {"axis": "Axis", "western": "Western Allied", "soviet": "Soviet"}
A_UNIT_OF = {"axis": "an Axis", "western": "a Western Allied", "soviet": "a Soviet"}     # "is not an Axis unit"
# the module's behaviour revision (docs/upgrading.md): 1 played every unit in general supply in
# fair weather; 2 plays supply (15.x), the weather (25.11, 25.8), the economy (16.x), strategic
# movement (12.x), the satellites and Yugoslavia (19-20), Shock Fronts (24.x) and the VP count (26-27);
# 3 puts the supply units on the map (15.21-15.23, 16.2-16.5, 23.0, 25.10: supply_units.py), plays the dike (10.9),
# the WA army groups (4.2 C, 4.10 E), the Hook as clear (26.6.5 A), the Führer's die (26.7 B), the satellites',
# Yugoslavia's and Let History Judge's rules (satellites.py, yugoslavia.py, recreate.py, ...), the combat extras
# (18.4, 18.21, 18.23 D, 21.x, 22.x forts, 25.2 Flak, 25.5 F-G: probing.py, special_units.py, forts.py, flak.py),
# the holding boxes (7.1, 7.21, 7.22), WA replacements (7.13), 7.25, 7.26 and sea movement (14.x, 17.x);
# 4 (pbem 0.7.0) plays the rules written after 0.6.0 (docs/upgrading.md, "The revisions of pbem 0.7.0")
BEHAVIOUR = 4


def plays(data: GameData, revision: int) -> bool:
    """Whether the campaign of `data` plays behaviour `revision` or later (GameModule.plays)."""
    return (data.behaviour if data.behaviour is not None else BEHAVIOUR) >= revision


def camp_of_seat(seat: str) -> str:
    """1.0 G: three players are three camps, each winning alone; 26.3: the two-player game's
    Alliance seat is one camp; 26.7 A: the two German commanders "win or lose as a team"."""
    return "axis" if seat.startswith("axis") else seat


def camps(state: dict) -> dict[str, str]:
    return {s: camp_of_seat(s) for s in state["seats"]}


def seat_of(state: dict, army: str) -> str:
    """The seat that commands an army's player-turn: the Alliance seat runs both Allied
    turns in the two-player game (1.0 C); the four-player Axis turn is the commander's of
    the current half (26.7 A: east and west front commanders)."""
    seats = state["seats"]
    if army in seats:
        return army
    if army in ALLIANCE and "alliance" in seats:
        return "alliance"
    if army == "axis" and "axis-west" in seats:
        return f"axis-{state.get('front', 'west')}"
    raise PbemError(f"internal: no seat commands the {army} army among {', '.join(seats)}")


def army_of_seat(state: dict, seat: str) -> tuple[str, ...]:
    if seat == "alliance":
        return ALLIANCE
    return ("axis",) if seat.startswith("axis") else (seat,)


def mapdata(data: GameData) -> MapData:
    return MapData.of(data, PRINTED_ON)


def grid(data: GameData) -> GridSpec:
    return mapdata(data).grid


def counter(data: GameData, unit_id: str) -> dict:
    """The counter of a unit: its army, type, factors, and its reduced side (28.0: "Units with
    two steps have their reduced strengths shown to the right of the slash mark"). Looked up once
    per data and unit (issue 13); a counter the data lacks refuses at every call, naming its path."""
    return data.derived(f"end-of-the-iron-dream.counter.{unit_id}", lambda: _counter(data, unit_id))


def _counter(data: GameData, unit_id: str) -> dict:
    value = data.get(f"units.counters.{unit_id}", f"the counter of {unit_id}")
    return data.require_keys(value, f"units.counters.{unit_id}", ("side", "type", "attack", "defense", "movement"),
                             f"unit {unit_id}", COUNTER)


CLASSES = ("mechanized", "non_mechanized", "non_combat")      # 2.4.1-2.4.3 (units.classes)


def is_type(data: GameData, unit_id: str, klass: str) -> bool:
    """2.4: whether a unit belongs to a class (mechanized, non_mechanized, non_combat: the
    types of units.classes), is of a type (supply_unit, flak, cavalry_mechanized...), or is
    Yugoslav (4.3 B, the counter's nation)."""
    c = counter(data, unit_id)
    if klass == "yugoslav":
        return unwrap(c.get("nation")) == "yugoslav"
    if klass in CLASSES:
        return str(c["type"]) in data.derived(f"eid.class.{klass}", lambda: numbers.texts(
            data, f"units.classes.{klass}", f"the unit types of the {klass} class (2.4)"))     # read once per data
    return str(c["type"]) == klass


def full_steps(data: GameData, unit_id: str) -> int:
    """28.0: two steps if the counter has a reduced side, else one. Worked out once per data and
    unit (the picture, the report and the watchers ask at every step)."""
    return data.derived(f"eid.full_steps.{unit_id}", lambda: _full_steps(data, unit_id))


def _full_steps(data: GameData, unit_id: str) -> int:
    reduced = unwrap(counter(data, unit_id).get("reduced", "unknown"))
    if reduced == "unknown":
        raise UnknownDataError(f"units.counters.{unit_id}.reduced", f"the reduced side of {unit_id} (or none)",
                               COUNTER, data.override_file)
    return 1 if reduced in (None, "none") else 2


def factor(data: GameData, state: dict, unit_id: str, which: str) -> int:
    """The printed attack/defense/movement of the side showing (28.0: the reduced strengths to
    the right of the slash)."""
    counter(data, unit_id)
    converted = unit_id in state.get("reserve_converted", ())          # 7.26: a one-step 3-4-5
    side = "reduced." if state["units"][unit_id]["steps"] < full_steps(data, unit_id) and not converted else ""
    return numbers.integer(data, f"units.counters.{unit_id}.{side}{which}", f"the {side.replace('.', ' ')}{which} of {unit_id}")


def army_of(state: dict, unit_id: str) -> str:
    return str(state["units"][unit_id]["side"])


def friendly(a: str, b: str) -> bool:
    """Units of one army stack and never fight each other; 4.4 A: the two Alliance camps may not
    stack, 4.4 B: nor combat one another in Iron Dream."""
    return a == b


def enemies(state: dict, army: str) -> tuple[str, ...]:
    """Whom an army fights: in Iron Dream the Axis fights both Alliance camps and each Alliance
    camp the Axis only (4.4 B); Let History Judge pits NATO against the Soviets (27.0)."""
    if state["scenario"] == "let-history-judge":
        return tuple(a for a in state["turn_order"] if a != army)
    return ALLIANCE if army == "axis" else ("axis",)


def board(state: dict) -> Board:
    units = state["units"]
    return Board(units, side_of=lambda u: str(units[u]["side"]))


def hexside(data: GameData, a: str, b: str) -> tuple[str, ...]:
    if plays(data, 3):                     # 10.9, 13.7: `{kind: blocked, dike: ...}` read as its features
        from .dike import features
        return features(data, a, b)
    return mapdata(data).hexside(a, b, hexes_known=False)


def terrain(data: GameData, hex_id: str) -> str:
    return mapdata(data).terrain(hex_id)


def terrain_value(data: GameData, hex_id: str, key: str, what: str) -> Any:
    kind = terrain(data, hex_id)
    return unwrap(data.get(f"terrain.hexes.{kind}.{key}", f"{what} of {kind} terrain"))


def zoc_blocked(data: GameData, a: str, b: str) -> bool:
    """9.2: ZOCs do not extend into mountain or marsh hexes; 9.3 A: nor across blocked or lake
    hexsides (9.3 B: they do across rivers and canals)."""
    if terrain(data, b) in ("mountain", "marsh"):
        return True
    return bool({"blocked", "lake"} & set(hexside(data, a, b)))


def zoc_of(data: GameData, state: dict, armies: tuple[str, ...], stacks: dict[str, list[str]] | None = None) -> set[str]:
    """9.1 A: every combat unit of `armies` exerts a ZOC into its hex and the six around it,
    with 9.2 and 9.3; 15.23: SUs alone in a hex exert none; behaviour 3: Yugoslav ZOCs do not extend
    outside Yugoslavia (9.5 B, 20.2 C). `stacks`: board(state).stacks(), when the caller has it."""
    found: set[str] = set()
    stacks = board(state).stacks() if stacks is None else stacks
    fs, drops = state.get("fs", ()), state.get("drops") or {}          # read once, not per unit and hex
    for hex_id in sorted(stacks):
        units = [u for u in stacks[hex_id] if army_of(state, u) in armies and u not in fs]   # 15.19 A
        if not units or all(is_type(data, u, "supply_unit") for u in units):
            continue
        if drops.get("turn") == state["turn"] and all(u in drops["units"] for u in units):
            found.add(hex_id)                       # 17.5 E: just-dropped paratroops, their own hex only
            continue
        if plays(data, 3) and all(is_type(data, u, "yugoslav") or is_type(data, u, "supply_unit") for u in units):
            from .yugoslavia import hexes as yugoslav_hexes            # 9.5 B, 20.2 C (yugoslavia imports this module)
            found |= zoc_reach(data, hex_id) & yugoslav_hexes(data)
            continue
        found |= zoc_reach(data, hex_id)
    return found


def zoc_reach(data: GameData, hex_id: str) -> frozenset[str]:
    """The hexes a ZOC from `hex_id` reaches (9.1 A, 9.2, 9.3): the map's, worked out once."""
    def build() -> frozenset[str]:
        hexes = mapdata(data)
        return frozenset([hex_id, *(n for n in hexes.grid.neighbours(hex_id) if hexes.listed(n) and not zoc_blocked(data, hex_id, n))])
    return data.derived(f"eid.zoc_reach.{hex_id}", build)


def enemy_zoc(data: GameData, state: dict, army: str) -> set[str]:
    """7.2 A, 14.24 B: enemy ZOCs never extend into a WA invasion-port counter (behaviour 3)."""
    found = zoc_of(data, state, enemies(state, army))
    return found - set(state["invasion_ports"]["ashore"]) if army == "western" and "invasion_ports" in state else found


def stacking_problem(data: GameData, state: dict, army: str, units: list[str], hex_id: str) -> str | None:
    """8.1 A/B: four Axis or WA corps (SUs count as corps); 8.2 four Soviet units if one is a
    Cavalry-Mechanized Group or an SU, else three; 8.4: halved in X12; 4.4 A: the two Alliance
    camps never stack together."""
    others = [u for u in board(state).units_in(hex_id) if u not in units and army_of(state, u) in ALLIANCE
              and army_of(state, u) != army and army in ALLIANCE]
    if others and not numbers.flag(data, "stacking.alliance_camps_may_stack", "whether the Alliance camps stack (4.4 A)"):
        return f"{hex_id} holds {', '.join(others)}: Soviet and WA forces may not stack together (4.4 A)"
    present = sorted({*[u for u in board(state).units_in(hex_id) if army_of(state, u) == army], *units})
    if army == "soviet":
        fourth = numbers.texts(data, "stacking.soviet.fourth_unit_types", "the Soviet fourth-unit types (8.2)")
        key = "with_cmg_or_su" if any(str(counter(data, u)["type"]) in fourth for u in present) else "otherwise"
        limit, rule = numbers.integer(data, f"stacking.soviet.{key}", "the Soviet stacking limit (8.2)"), "8.2"
    else:
        limit, rule = numbers.integer(data, f"stacking.{army}", f"the {army} stacking limit (8.1)"), "8.1"
    if hex_id == numbers.text(data, "stacking.x12_hex", "the estuary hex (8.4)"):
        limit //= numbers.integer(data, "stacking.x12_divisor", "the estuary divisor (8.4)")
        rule += ", 8.4"
    if len(present) > limit:
        return f"{hex_id} would hold {len(present)} {army} units, over the limit of {limit} ({rule})"
    return None


def set_steps(state: dict, unit_id: str, steps: int, events: list, why: str) -> None:
    """A step lost: a two-step unit flips to its weaker side; at none left it goes to the dead
    pile (18.14, 28.0)."""
    kit_set_steps(state, unit_id, steps, events, why)


def own_path(data: GameData, state: dict, unit_id: str, path: list, not_own: str) -> tuple[list[str], str | None]:
    """A path ordered for a unit of the phasing army, in canonical hex ids from the unit's hex;
    else why not (`not_own` when the unit is not the army's on the map)."""
    if unit_id not in state["units"] or army_of(state, unit_id) != state["army"]:
        return [], not_own
    try:
        path = [grid(data).canonical(str(h)) for h in path]
    except ValueError as exc:
        return [], str(exc)
    if path[0] != state["units"][unit_id]["hex"]:
        return [], f"{unit_id}'s path must start at its hex {state['units'][unit_id]['hex']}"
    return path, None
