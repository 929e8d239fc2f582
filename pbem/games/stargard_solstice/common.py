"""Stargard Solstice: the sides, the counters, the map and the helpers every rule group
shares. Every number comes from rules/stargard-solstice/*.yaml or the campaign's data
override; a missing one refuses with UnknownDataError naming its path.

Hex ids: the rulebook prints "04.18" (1.2.9); pbem's one spelling is the same digits without
the dot ("0418", game.hex_grid.numbering xxyy), in orders, saves and data keys alike."""

from __future__ import annotations

import copy
from typing import Any

from ...gamedata import GameData, unwrap
from ...errors import PbemError, UnknownDataError
from ...hexgrid import GridSpec, hexside_key
from ...kit import numbers
from ...kit.board import Board
from ...kit.losses import set_steps as kit_set_steps
from ...kit.terrain import MapData

SIDES = ("german", "soviet")
PRINTED_ON = "the Stargard Solstice map (1.2)"
COUNTER = "the unit counters (1.3.7)"


_ATOMS = frozenset({str, int, bool, float, type(None)})     # what deepcopy hands back as it is


def trial_copy(state: dict) -> dict:
    """copy.deepcopy(state) for a check carried out on a copy, three times faster (issue 13: a
    move, an advance, a turn end each copy the state): the dicts and lists are copied here, what
    they share kept shared as deepcopy keeps it (one memo); anything else is deepcopy's own."""
    memo: dict[int, Any] = {}

    def walk(value: Any) -> Any:
        kind = type(value)
        if kind is not dict and kind is not list:
            return copy.deepcopy(value, memo)
        done = memo.get(id(value))
        if done is None:
            if kind is dict:
                done = memo[id(value)] = {}
                for key, item in value.items():
                    done[key] = item if type(item) in _ATOMS else walk(item)
            else:
                done = memo[id(value)] = []
                done.extend(item if type(item) in _ATOMS else walk(item) for item in value)
        return done
    return walk(state)


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def mapdata(data: GameData) -> MapData:
    return MapData.of(data, PRINTED_ON)


def grid(data: GameData) -> GridSpec:
    return mapdata(data).grid


def canonical(data: GameData, hex_id: object) -> str:
    return grid(data).canonical(str(hex_id))


def hexes(data: GameData) -> dict[str, dict]:
    return mapdata(data).hexes()


def facts(data: GameData, hex_id: str) -> dict:
    """What the data lists for a hex, whether or not its terrain is known yet (the rulebook
    names VP, transit and Stettin hexes, 5.2.5, 14.2.2, 14.3.1)."""
    return mapdata(data).entry(hex_id) if mapdata(data).listed(hex_id) else {}


def info(data: GameData, hex_id: str) -> dict:
    return mapdata(data).info(hex_id)


def terrains(data: GameData) -> dict[str, str]:
    """Every listed hex whose terrain is known -> its terrain, worked out once per campaign
    (supply lines and relocations ask about most of the map)."""
    def build() -> dict[str, str]:
        out = {}
        for hex_id in hexes(data):
            entry = mapdata(data).entry(hex_id)
            if entry.get("terrain", "unknown") != "unknown":
                out[hex_id] = str(entry["terrain"])
        return out
    return data.derived("stargard.terrains", build)


def terrain(data: GameData, hex_id: str) -> str:
    known = terrains(data).get(hex_id)
    return known if known is not None else mapdata(data).terrain(hex_id)     # refuses naming map.hexes.HEX


def sides(data: GameData) -> dict[str, tuple[str, ...] | None]:
    """`module.hexsides` parsed once: key -> its features, None where `unknown`."""
    def build() -> dict[str, tuple[str, ...] | None]:
        hexside_keys(data)
        out: dict[str, tuple[str, ...] | None] = {}
        for name, raw in data.get("module.hexsides", "the hexsides").items():
            if name in ("open", "rule", "printed_on"):
                continue
            value = unwrap(raw)
            out[name] = None if value == "unknown" else ((() if value == "none" else (value,)) if isinstance(value, str)
                                                         else tuple(str(v) for v in value or ()))
        return out
    return data.derived("stargard.hexsides", build)


def hexside(data: GameData, a: str, b: str) -> tuple[str, ...]:
    """The features on the side between two adjacent listed hexes (minor_river, major_river,
    bridge, impassable, and the lines crossing it: road, trail, roll_bahn, railway), from
    `module.hexsides.A|B` (map.yaml has no hexside collection); an unlisted side is plain."""
    terrain(data, a)
    terrain(data, b)
    name = hexside_key(a, b)
    value = sides(data).get(name, ())
    if value is None:
        raise UnknownDataError(f"module.hexsides.{name}", f"the hexside {a}-{b}", PRINTED_ON, data.override_file)
    return value


def hexside_keys(data: GameData) -> bool:
    """Each listed hexside is keyed `A|B` with A before B (one spelling: `B|A` would match no
    lookup and leave a river unseen)."""
    sides = data.get("module.hexsides", "the hexsides")
    for name in sides:
        if name in ("open", "rule", "printed_on"):
            continue
        parts = str(name).split("|")
        if len(parts) != 2 or parts != sorted(parts):
            raise PbemError(f"data `module.hexsides.{name}`: a hexside is keyed by its two hexes in id order, "
                            f"`{'|'.join(sorted(parts))}`", data.override_file)
    return True


# -- counters ----------------------------------------------------------------------------
def counter(data: GameData, unit_id: str) -> dict:
    """A unit's counter (rules/stargard-solstice/units.yaml `units.counters.ID`): side, type
    (combat, hq, festung), listed_under (the HQ that commands it, 3.3.1), independent (3.3.2),
    attack, defense, movement, steps, mechanized; an HQ has its command_range (3.2). Looked up
    once per data and unit (issue 13: tens of thousands of times in a replay); a counter the data
    lacks refuses at every call, naming its path."""
    return data.derived(f"stargard-solstice.counter.{unit_id}", lambda: _counter(data, unit_id))


def _counter(data: GameData, unit_id: str) -> dict:
    value = data.get(f"units.counters.{unit_id}", f"the counter of {unit_id}")
    c = data.require_keys(value, f"units.counters.{unit_id}", ("side", "type"), f"unit {unit_id}", COUNTER)
    if unwrap(c["type"]) == "hq":
        return c
    return data.require_keys(c, f"units.counters.{unit_id}", ("attack", "defense", "steps"), f"unit {unit_id}", COUNTER)


def kind(data: GameData, unit_id: str) -> str:
    return str(unwrap(counter(data, unit_id)["type"]))


def commanded_by(data: GameData, unit_id: str) -> str | None:
    """3.3.1: the HQ a unit is under (its colour, read as the set-up paragraph that lists it:
    units.yaml `listed_under`); None for an independent unit (3.3.2). Read once per data and unit,
    as its counter (issue 13: each Supply Phase and draw asks every unit); a lacking value refuses each time."""
    return data.derived(f"stargard-solstice.commanded_by.{unit_id}", lambda: _commanded_by(data, unit_id))


def _commanded_by(data: GameData, unit_id: str) -> str | None:
    c = counter(data, unit_id)
    if numbers.flag(data, f"units.counters.{unit_id}.independent", f"whether {unit_id} is independent (3.3.2)"):
        return None
    under = unwrap(c.get("listed_under", "unknown"))
    if under == "unknown":
        raise UnknownDataError(f"units.counters.{unit_id}.listed_under", f"the HQ commanding {unit_id} (3.3.1)", COUNTER,
                               data.override_file)
    return None if under is None else str(under)


def is_hq(data: GameData, unit_id: str) -> bool:
    return kind(data, unit_id) == "hq"


def full_steps(data: GameData, unit_id: str) -> int:
    """8.6: a unit's full-strength steps (an HQ: 1), read once per data and unit, as its counter is
    (issue 13: every picture, report and strength asks); a value the data lacks refuses at every call."""
    def read() -> int:
        if is_hq(data, unit_id):
            return 1
        return numbers.integer(data, f"units.counters.{unit_id}.steps", f"the steps of {unit_id} (8.6)")
    return data.derived(f"stargard-solstice.full_steps.{unit_id}", read)


def printed(data: GameData, state: dict, unit_id: str, which: str) -> int:
    """The printed attack/defense/movement of the side showing (8.6: a reduced unit is
    flipped to its reduced-strength side)."""
    reduced = "" if state["units"][unit_id]["steps"] >= full_steps(data, unit_id) else "reduced."
    path = f"units.counters.{unit_id}.{reduced}{which}"
    # read once per data and path, as the counter (issue 13: every ZOC asks every unit's attack)
    return data.derived(f"stargard-solstice.{path}", lambda: numbers.integer(
        data, path, f"the {reduced.replace('.', ' ')}{which} of {unit_id}"))


def mechanized(data: GameData, unit_id: str) -> bool:
    """10.3: mechanized units have a yellow movement factor."""
    return numbers.flag(data, f"units.counters.{unit_id}.mechanized", f"whether {unit_id} is mechanized (10.3)")


def side_of(state: dict, unit_id: str) -> str:
    return str(state["units"][unit_id]["side"])


def board(state: dict) -> Board:
    units = state["units"]
    return Board(units, side_of=lambda u: str(units[u]["side"]))


def combat_units(data: GameData, state: dict, hex_id: str, side: str | None = None) -> list[str]:
    """The combat units in a hex (HQs are not combat units, 3.2)."""
    return [u for u in board(state).units_in(hex_id)
            if not is_hq(data, u) and (side is None or side_of(state, u) == side)]


# -- zones of control (4.0) --------------------------------------------------------------
def zoc_crosses(data: GameData, a: str, b: str) -> bool:
    """4.6: EZOCs do not extend across major rivers (even at a bridge), into water hexes, or
    across impassable hexsides."""
    if terrain(data, b) == "water":
        return False
    return not {"major_river", "impassable"} & set(hexside(data, a, b))


def exerts_zoc(data: GameData, state: dict, unit_id: str) -> bool:
    """4.2, 4.2.1: a combat unit with a printed attack of 1 or more (HQs never; 4.5.1: OOS too)."""
    return not is_hq(data, unit_id) and printed(data, state, unit_id, "attack") >= 1


def capped(data: GameData, state: dict, units: list[str]) -> bool:
    """6.3.1 "If a player stacks a unit without ZOC capability on top of a unit that does have
    ZOC, the whole stack counts as if it had no ZOC": a unit its owner put on top of the stack it
    moved into (`on_top: true`, kept while it stays in that hex)."""
    return any(state["units"][u].get("on_top") == state["units"][u]["hex"] and not exerts_zoc(data, state, u)
               for u in units)


class Zoc:
    """The hexes a side's units control, asked hex by hex: only the hexes a rule asks about need
    their terrain known (4.6: water), not every hex around every unit."""

    def __init__(self, data: GameData, state: dict, side: str) -> None:
        self.data, self.side = data, side
        stacks = board(state).stacks()
        # 4.2, 4.2.1: units with a printed attack of 1 or more; not HQs; 4.5.1: OOS units too
        self.sources = sorted(h for h, units in stacks.items()
                              if any(side_of(state, u) == side and exerts_zoc(data, state, u) for u in units)
                              and not capped(data, state, units))
        self.controlling = set(self.sources)
        self.memo: dict[str, bool] = {}
        self.grid: GridSpec | None = None           # read at the first hex asked about (a supply line asks thousands)

    def __contains__(self, hex_id: object) -> bool:
        hex_id = str(hex_id)
        if hex_id not in self.memo:
            if self.grid is None:
                self.grid = grid(self.data)
            near = [h for h in self.grid.neighbour_ids(hex_id) if h in self.controlling]
            self.memo[hex_id] = any(zoc_crosses(self.data, h, hex_id) for h in near)
        return self.memo[hex_id]


def zoc_of(data: GameData, state: dict, side: str) -> Zoc:
    """4.2.2: a unit's ZOC extends into the adjacent hexes (4.6: not into water, across the Oder
    or an impassable hexside)."""
    return Zoc(data, state, side)


def stacking_problem(data: GameData, state: dict, hex_id: str, side: str, hq_limit: bool = True) -> str | None:
    """6.0: at most two combat units and one HQ in a hex; 6.3: never German and Soviet units
    together; HQs do not count against the combat-unit limit (`hq_limit` off: a retreat, after
    which 6.3 relocates the HQ that moved in)."""
    units = board(state).units_in(hex_id)
    enemy = [u for u in units if side_of(state, u) != side]
    if enemy and not all(is_hq(data, u) for u in enemy):      # 6.3 exception: an overrun HQ (12.2.6)
        return f"{hex_id} holds enemy units: German and Soviet units never stack (6.3)"
    units = [u for u in units if u not in enemy]
    combat = [u for u in units if not is_hq(data, u)]
    hqs = [u for u in units if is_hq(data, u)]
    limit = numbers.integer(data, "game.stacking.combat_units", "the combat units a hex may hold (6.0)")
    hq_most = numbers.integer(data, "game.stacking.hqs", "the HQs a hex may hold (6.0)")
    if len(combat) > limit:
        return f"{hex_id} would hold {len(combat)} combat units ({', '.join(combat)}), over the limit of {limit} (6.0)"
    if len(hqs) > hq_most and hq_limit:
        return f"{hex_id} would hold {len(hqs)} HQs ({', '.join(hqs)}); an HQ may not stack with another HQ (6.3)"
    return None


def set_steps(data: GameData, state: dict, unit_id: str, steps: int, events: list, why: str) -> None:
    """8.6: a full-strength unit that loses a step flips to its reduced side; a reduced (or
    one-step) unit that loses one is eliminated (8.6.3, 8.6.4) — 12.4: a Volksturm unit goes to
    the Deutscher Volksturm box instead (units.yaml marks the four `volksturm`)."""
    volksturm = steps <= 0 and bool(unwrap(counter(data, unit_id).get("volksturm", False)))   # listed only when true
    kit_set_steps(state, unit_id, steps, events, why + (", to the Volksturm box (12.4)" if volksturm else ""),
                  box="volksturm" if volksturm else "dead")


def behaviour(data: GameData, revision: int) -> bool:
    """Whether the campaign plays behaviour `revision` or later (docs/upgrading.md): 2 adds the
    Supply Phase's summary and why chits are left in the cup to the report's events."""
    from .game import GAME
    return GAME.plays(data, revision)
