"""2.4, 11.0 the Supply Phase: after the Command Phase both players' units trace a supply line
(one search backwards from each set of sources); a unit without one is marked out of supply
(OOS), one already OOS becomes isolated (11.0); an OOS HQ makes its commanded units OOS, an isolated one isolated
(11.3.2). The step is the German player's empty file (the Supply Phase has no choice; its
check traces every line first, so a hex whose terrain the data lacks is named before anything
changes).

A supply line (11.1, 11.1.1): contiguous hexes from the unit to one of its side's sources
(supply.sources.source_hexes.SIDE; a counter's own `supply_source`, 11.2.2; the 10th SS
division's Kolberg, 11.2.4), never into enemy units or an EZOC (4.5: a friendly unit in the
hex negates it, for supply only), never across an unbridged Oder, an impassable hexside or an
unbridged water hexside, into clear terrain or along a Roll-Bahn, road, trail or railway, or
into a hex a friendly unit holds ("Generally, supply lines ... follow clear terrain, Roll-Bahn,
roads, trails, railway, or friendly units": pbem's reading, docs). A Festung is always in
supply and supplies the German units in its hex (12.3: the order of a stack is not kept)."""

from __future__ import annotations

import functools

from ...canonical import data_hash
from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...hexgrid import hexside_key
from ...kit import numbers
from ...kit.board import Board
from ..base import Problem
from .common import (behaviour, board, commanded_by, counter, grid, hexes, hexside, is_hq, kind, other, side_of, sides, terrain,
                     terrains, zoc_of, trial_copy)
from . import reinforcements
from .losses import on_map

LINES = ("roll_bahn", "road", "trail", "railway")
WORSE = {"in": "oos", "oos": "isolated", "isolated": "isolated"}


def sources(data: GameData, state: dict, unit_id: str) -> set[str]:
    """11.2: the side's sources; 11.2.2 a counter's own (the 1st Polish Army's 4815); 11.2.4 the
    10th SS division and Corps Tettau's units (those it entered with, 19.1.5) trace to Kolberg."""
    c = counter(data, unit_id)
    own = unwrap(c.get("supply_source"))
    if own:
        return {str(own)}
    if unwrap(c.get("formation")) == "10SS" or unit_id in state.get("tettau_units", []):
        return set(kolberg(data))
    return set(sources_of_side(data, side_of(state, unit_id)))


def kolberg(data: GameData) -> frozenset[str]:
    """11.2.4: the Kolberg hexes (the map's `supply_name: Kolberg`), found once per data (each
    Supply Phase asks for every 10th SS unit, and the fog's record)."""
    return data.derived("stargard.kolberg", lambda: frozenset(
        h for h, v in hexes(data).items() if unwrap(v.get("supply_name")) == "Kolberg"))


def sources_of_side(data: GameData, side: str) -> tuple[str, ...]:
    return numbers.texts(data, f"supply.sources.source_hexes.{side}", f"the {side} supply source hexes (1.2.9, 11.2)")


_Way = tuple[str, bool, tuple[bool, bool] | None]     # a neighbour, listed?, its hexside's meaning (ways_into)


class _Line:
    """Whether a supply line of `side` may step from a hex into another (11.1, 11.1.1; 4.5: a
    friendly unit negates an EZOC in its hex, unless `negate` is off: 14.1.2's "EZOC-free" line)."""

    def __init__(self, data: GameData, state: dict, side: str, negate: bool) -> None:
        b_ = board(state)
        self.data, self.negate = data, negate
        self.enemy, self.ezoc = b_.enemy_hexes(side), zoc_of(data, state, other(side))
        self.friendly = {h for h, units in b_.stacks().items() if any(side_of(state, u) == side for u in units)}
        # looked up once: a line asks thousands of times
        self.known, self.listed, self.edges, self.grid = terrains(data), hexes(data), sides(data), grid(data)
        self.kinds: dict[str, str | None] = {}   # hex -> its terrain, None if never entered: once per hex, not per side
        # unlisted hexes found off the map, per data; a search asks on_map itself once (its reads noted) first
        self.off_map: set[str] = data.derived("stargard.supply_off_map", set)
        self.asked_off_map = False
        # hex -> its neighbours and the ways into it from them (_Line.ways_into): once per data
        self.ways: dict[str, tuple[tuple[str, ...], tuple[_Way, ...]]] = data.derived("stargard.supply_ways", dict)

    def kind_of(self, to: str) -> str | None:
        known = self.known.get(to)
        if known:            # listed with its terrain known: what follows would say the same
            return None if to in self.enemy or known == "water" else known
        if to not in self.kinds:
            if (to not in self.listed and not on_map(self.data, to)) or to in self.enemy:
                self.kinds[to] = None
            else:
                kind = self.known.get(to) or terrain(self.data, to)     # an unknown terrain is refused naming its path
                self.kinds[to] = None if kind == "water" else kind
        return self.kinds[to]

    def on_map(self, hex_id: str) -> bool:
        """on_map of an unlisted hex (asked at every map edge): one found off the map is kept, and
        asked again only by a search that has not asked yet, so each search notes what on_map reads;
        a hex inside the id range but unlisted is refused every time, naming it."""
        if self.asked_off_map and hex_id in self.off_map:
            return False
        inside = on_map(self.data, hex_id)
        if not inside:
            self.off_map.add(hex_id)
            self.asked_off_map = True
        return inside

    def crossing(self, a: str, to: str) -> tuple[bool, bool]:
        """A hexside the data lacks (ways_into keeps the others): read, and refused, each time."""
        return _crossing(set(hexside(self.data, a, to)))

    def ways_into(self, here: str) -> tuple[tuple[str, ...], tuple[_Way, ...]]:
        """`here`'s neighbours, and for each (in their order): whether the data lists it, and its
        hexside's meaning to a line where the data gives it (None: read, and refused, each time)."""
        near = self.grid.neighbour_ids(here)
        ways = []
        for before in near:
            feature = self.edges.get(hexside_key(before, here), ())
            ways.append((before, before in self.listed, None if feature is None else _crossing_of(feature)))
        self.ways[here] = (near, tuple(ways))
        return self.ways[here]

    def expand(self, frontier: list[str], reached: set[str]) -> list[str]:
        """The hexes not yet in `reached` from which a line steps into a hex of `frontier`, added
        to it in order. The same questions in the same order as asking whether a line may step
        from each neighbour in turn (so a value the data lacks is refused at the same hex), but what
        depends on `here` alone (its terrain, its EZOC) is asked once, at the first neighbour that
        needs it, and the data's part of each step is read once per data (issue 13)."""
        found: list[str] = []
        every, known, enemy, ezoc, friendly = self.ways, self.known, self.enemy, self.ezoc, self.friendly
        for here in frontier:
            kind: str | None | object = _UNASKED
            blocked: bool | object = _UNASKED
            near, ways = every.get(here) or self.ways_into(here)
            for before, is_listed, crossing in ways:
                if before in reached or (not is_listed and not self.on_map(before)):
                    continue
                if kind is _UNASKED:        # kind_of(here), its first lines here (asked at every hex reached)
                    terrain_known = known.get(here)
                    kind = (None if here in enemy or terrain_known == "water" else terrain_known) if terrain_known \
                        else self.kind_of(here)
                if kind is None:
                    continue
                closed, along = crossing or self.crossing(before, here)
                if closed:
                    continue
                if blocked is _UNASKED:
                    # only a hex next to a controlling one can be in the EZOC (Zoc asks these very neighbours)
                    blocked = (not ezoc.controlling.isdisjoint(near) and here in ezoc
                               and (here not in friendly or not self.negate))
                if not blocked and (kind == "clear" or along or here in friendly):
                    reached.add(before)
                    found.append(before)
        return found


_UNASKED = object()     # _Line.expand: a question about `here` not asked yet


@functools.lru_cache(maxsize=256)
def _crossing_of(feature: tuple[str, ...]) -> tuple[bool, bool]:
    """_crossing of a hexside's features as the data lists them, kept (a pure function of them;
    the map's few combinations are asked once for each of its thousands of hexsides)."""
    return _crossing(set(feature))


def _crossing(features: set[str]) -> tuple[bool, bool]:
    """Whether a hexside closes a supply line (impassable; the Oder or water unbridged, 11.1.1),
    and whether a line runs along it (Roll-Bahn, road, trail, railway)."""
    closed = "impassable" in features or bool({"major_river", "water"} & features and "bridge" not in features)
    return closed, bool(set(LINES) & features)


def supplied_hexes(data: GameData, state: dict, side: str, goal: frozenset[str], negate: bool = True) -> set[str]:
    """Every hex from which a supply line reaches one of `goal`: one search backwards from the
    sources for all the side's units (a line's first hex, the unit's own, need not be enterable).

    The answer is a function of the data and of what the search reads of the state (_position):
    kept per data under that part's hash (a Supply Phase's check, its apply and the fog's record
    ask the same searches, the last after the units' supply marks changed, issue 13), with the
    overrides the search read (GameData.remembered)."""
    units = state.get("units")
    try:
        if type(units) is not dict or any(type(u) is not dict for u in units.values()):
            raise ValueError("not a state's units")
        key = ("stargard.supplied_hexes", data_hash(_position(units)), side, goal, negate)
    except ValueError:               # a working state that is not plain data: searched, not kept
        return _search(data, state, side, goal, negate)
    return set(data.remembered(key, lambda: _search(data, state, side, goal, negate)))      # the caller's own


def _position(units: dict) -> dict:
    """All a supply search reads of a state: each unit's hex and side (enemy units, friendly
    hexes), its steps (its printed attack: whether it has a ZOC, 4.2.1) and on_top (6.3.1)."""
    # .get: a key, not a game value; a field the search needs and a unit lacks is refused by the search
    return {u: [v.get("hex"), v.get("side"), v.get("steps"), v.get("on_top")] for u, v in units.items()}


def _search(data: GameData, state: dict, side: str, goal: frozenset[str], negate: bool) -> set[str]:
    """supplied_hexes, searched."""
    line = _Line(data, state, side, negate)
    reached = {h for h in goal if on_map(data, h)}
    frontier = sorted(reached)
    while frontier:
        frontier = sorted(line.expand(frontier, reached))
    return reached


def traced(data: GameData, state: dict, unit_id: str, found: dict, b_: Board) -> bool:
    """Whether the unit traces a supply line now (11.1), or is a Festung or stacked with one (12.3);
    `b_` the state's board, built once for every unit."""
    side = side_of(state, unit_id)
    here = state["units"][unit_id]["hex"]
    if kind(data, unit_id) == "festung" or (side == "german" and any(
            kind(data, u) == "festung" for u in b_.friends_in(here, side))):
        return True
    goal = frozenset(sources(data, state, unit_id))
    if (side, goal) not in found:
        found[(side, goal)] = supplied_hexes(data, state, side, goal)
    return here in found[(side, goal)]


def statuses(data: GameData, state: dict) -> dict[str, str]:
    """Every unit's status after this Supply Phase (11.0, 11.3.2)."""
    found: dict = {}
    b_ = board(state)
    own = {u: traced(data, state, u, found, b_) for u in sorted(state["units"])}
    new = {u: ("in" if own[u] else WORSE[state["units"][u].get("supply", "in")]) for u in own}
    for unit_id in sorted(own):
        if is_hq(data, unit_id) or kind(data, unit_id) == "festung":
            continue
        hq = commanded_by(data, unit_id)
        if hq in new and new[hq] == "isolated":          # 11.3.2: the HQ's status reaches its units
            new[unit_id] = "isolated"
        elif hq in new and new[hq] == "oos" and new[unit_id] == "in":
            new[unit_id] = "oos"
    return new


def check_supply(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .game import GAME
    if orders:
        return [Problem(0, "the Supply Phase takes no orders: send an empty file (2.4)")]
    GAME.keep_plan("supply", state, orders, statuses(data, state))      # the apply of this step takes them (issue 13)
    turn_end_check(data, state)
    return []


def turn_end_check(data: GameData, state: dict) -> None:
    """What the turn end needs known (14.1.2 relief, 14.3 the count), asked on a copy."""
    from .victory import count, relief
    work = trial_copy(state)
    relief(data, work, [])
    if work["turn"] >= work["last_turn"] and "vp" in work:
        count(data, work)


def apply_supply(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .hqs import next_relocation, queue
    from .soviet_rp import after_reinforcements
    from .game import GAME
    events: list[dict] = []
    found = GAME.checked_plan("supply", state, orders)      # worked out by the check of this step, on this state
    if found is None:
        found = statuses(data, state)
    for unit_id, status in found.items():
        if state["units"][unit_id].get("supply", "in") != status:
            events.append({"event": "supply", "unit": unit_id, "status": status})
        state["units"][unit_id]["supply"] = status
        if status != "in" and is_hq(data, unit_id):          # 11.3.1, 12.2.2: relocated by its owner
            queue(state, unit_id, state["units"][unit_id]["hex"], "out of supply at the end of the Supply Phase (12.2.2)",
                  "turn_end")
    if "fog_segment" in state:      # 1.1.4: the hidden units take these results when put back (fog.py)
        from .fog import record_supply
        record_supply(data, state, found)
    if behaviour(data, 2):          # behaviour 2: the report says what the check found, not "nothing happened"
        counts = list(found.values())
        events.insert(0, {"event": "supply_checked", "in": counts.count("in"), "oos": counts.count("oos"),
                          "isolated": counts.count("isolated"), "rule": "2.4, 11.0"})
    if not next_relocation(state) and not reinforcements.start(data, state, events):      # 2.5, 2.5.1, then 2.6
        after_reinforcements(data, state, events)
    return events
