"""Game-agnostic hex geometry: hex ids, neighbours, distances, paths, ZOC, supply traces.

Nothing here knows about a particular game. Each game describes its grid in its data
(`GridSpec.from_dict`) and passes callbacks for costs and legality.

Coordinates
-----------
A hex id (e.g. "2516", "12.07", "C12", "1005E") parses to *global offset coordinates*
``(col, row)``: the printed column and row numbers, with a map sheet's column offset added
(Smithereens "1005E" -> (42, 5)).  Parity in the offset kinds always refers to these printed
numbers: column "21" is odd; in letter-number ids row A = 1, B = 2, ..., Z = 26, AA = 27.

Offset kinds (rows number downwards, columns number rightwards):

- ``even-columns-down`` / ``odd-columns-down``: flat-topped hexes in vertical columns;
  the even (odd) numbered columns sit half a hex lower than their neighbours.
- ``even-rows-right`` / ``odd-rows-right``: pointy-topped hexes in horizontal rows;
  the even (odd) numbered rows sit half a hex further right.

Internally each hex is converted to axial/cube coordinates (q, r, s = -q-r) where distance
and direction are simple vector arithmetic.

Neighbour order (also the index returned by `GridSpec.direction`): clockwise, starting with
the first hexside at or clockwise of 12 o'clock:

- columns layouts (flat-top):  0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
- rows layouts (pointy-top):   0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from .errors import BadHexId

NUMBERINGS = ("xxyy", "xx.yy", "letter-number")
OFFSETS = ("even-columns-down", "odd-columns-down", "even-rows-right", "odd-rows-right")

# Provenance keys (docs/data-format.md) that may sit beside real values; ignored here.
_META_KEYS = {"rule", "printed_on", "open", "note", "notes", "comment"}
_WRAPPER_KEYS = {"value", "rule", "note", "printed_on"}

# Axial (dq, dr) steps in the documented neighbour order.
_FLAT_DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))    # N NE SE S SW NW
_POINTY_DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # NE E SE SW W NW

_ID_PATTERNS = {
    # group 1 = column text, group 2 = row text, group 3 = map-sheet suffix
    # [0-9], never \d: \d also takes fullwidth, Arabic-Indic and mathematical digits, so
    # "𝟏𝟖𝟏𝟗E" was read as 1819E (and each spelling gave the orders another hash and roll)
    "xxyy": re.compile(r"([0-9]{2})([0-9]{2})([A-Za-z]*)"),
    "xx.yy": re.compile(r"([0-9]{2})\.([0-9]{2})([A-Za-z]*)"),
    # letter-number is row first: "C12" = row C, column 12 (no leading zeros)
    "letter-number": re.compile(r"([A-Z]+)(0|[1-9][0-9]*)([A-Za-z]*)"),
}
_MEMO_LIMIT = 100_000         # entries of one of a grid's memos (GridSpec.__post_init__) before it starts afresh
_PATTERN_TEXT = {
    "xxyy": "4 digits CCRR, e.g. '2516'",
    "xx.yy": "CC.RR, e.g. '12.07'",
    "letter-number": "row letters then column number, e.g. 'C12'",
}


def _unwrap(value):
    """`{value: X, rule: ...}` -> X (the data format's per-value provenance)."""
    if isinstance(value, dict) and "value" in value and set(value) <= _WRAPPER_KEYS:
        return value["value"]
    return value


def _letters_to_int(s: str) -> int:
    """Bijective base-26: A=1 .. Z=26, AA=27 (like spreadsheet columns)."""
    n = 0
    for ch in s:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


def _int_to_letters(n: int) -> str:
    out = []
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("A") + rem))
    return "".join(reversed(out))


def offset_to_axial(offset: str, col: int, row: int) -> tuple[int, int]:
    """Global offset (col, row) -> axial (q, r).  Cube coordinates are (q, r, -q-r).

    Derivation (columns layouts): q = col; a hex's height on the page is row + shift/2 where
    shift is 1 for the lowered columns, and in axial terms height is r + q/2, so
    r = row - (q - shift) / 2.  Rows layouts are the same with the roles of col/row swapped.
    """
    if offset == "odd-columns-down":
        return col, row - (col - (col & 1)) // 2
    if offset == "even-columns-down":
        return col, row - (col + (col & 1)) // 2
    if offset == "odd-rows-right":
        return col - (row - (row & 1)) // 2, row
    if offset == "even-rows-right":
        return col - (row + (row & 1)) // 2, row
    raise ValueError(f"unknown offset kind {offset!r}; expected one of {', '.join(OFFSETS)}")


def axial_to_offset(offset: str, q: int, r: int) -> tuple[int, int]:
    """Inverse of `offset_to_axial`."""
    if offset == "odd-columns-down":
        return q, r + (q - (q & 1)) // 2
    if offset == "even-columns-down":
        return q, r + (q + (q & 1)) // 2
    if offset == "odd-rows-right":
        return q + (r - (r & 1)) // 2, r
    if offset == "even-rows-right":
        return q + (r + (r & 1)) // 2, r
    raise ValueError(f"unknown offset kind {offset!r}; expected one of {', '.join(OFFSETS)}")


def _as_int(value, what: str) -> int:
    value = _unwrap(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"grid: {what} must be an integer, got {value!r}")
    return value


@dataclass(frozen=True)
class MapSheet:
    """One map sheet: ids on it carry `suffix` and their column number + `col_offset` is the
    global column.  `first_col`/`last_col` (printed, inclusive; None = open) say which printed
    columns exist on the sheet; they decide which sheet's id `GridSpec.format` prefers."""

    suffix: str
    col_offset: int = 0
    first_col: int | None = None
    last_col: int | None = None

    def has_local_col(self, local: int) -> bool:
        if self.first_col is not None and local < self.first_col:
            return False
        if self.last_col is not None and local > self.last_col:
            return False
        return True


def _sheet(suffix: object, spec: object) -> MapSheet:
    """One map sheet of a grid spec's `maps`: a bare column offset, or col_offset with
    optional first_col/last_col."""
    if not isinstance(suffix, str) or not re.fullmatch(r"[A-Za-z]*", suffix):
        raise ValueError(f"grid spec: map suffix {suffix!r} must be letters or ''")
    spec = _unwrap(spec)
    if not isinstance(spec, Mapping):
        return MapSheet(suffix, _as_int(spec, f"maps.{suffix}"))
    bad = set(spec) - {"col_offset", "first_col", "last_col"} - _META_KEYS
    if bad or "col_offset" not in spec:
        raise ValueError(
            f"grid spec: map {suffix!r} needs col_offset (and optional "
            f"first_col, last_col); got keys {sorted(map(str, spec))}"
        )
    limits = []
    for key in ("first_col", "last_col"):
        v = _unwrap(spec.get(key))
        # `unknown` (data format) means the text doesn't say: leave it open
        limits.append(None if v in (None, "unknown") else _as_int(v, f"maps.{suffix}.{key}"))
    return MapSheet(suffix, _as_int(spec["col_offset"], f"maps.{suffix}.col_offset"), *limits)


@dataclass(frozen=True)
class GridSpec:
    """A game's hex grid: id numbering, which lines are offset, and optional map sheets."""

    numbering: str
    offset: str
    maps: tuple[MapSheet, ...] = (MapSheet(""),)

    # -- construction ------------------------------------------------------------------
    @classmethod
    def from_dict(cls, d: Mapping) -> "GridSpec":
        """Build from game data, e.g.::

            {"numbering": "xxyy", "offset": "odd-columns-down",
             "maps": {"": {"col_offset": 0, "last_col": 42},
                      "W": {"col_offset": 0, "last_col": 42},
                      "E": {"col_offset": 32, "first_col": 10}}}

        A `maps` value may be a bare int (the column offset, sheet has no column limits).
        Provenance keys (`rule`, `printed_on`, ...) and `{value:, rule:}` wrappers are allowed.
        Raises ValueError naming the problem.
        """
        if not isinstance(d, Mapping):
            raise ValueError(f"grid spec must be a mapping, got {type(d).__name__}")
        unknown_keys = set(d) - {"numbering", "offset", "maps"} - _META_KEYS
        if unknown_keys:
            raise ValueError(
                f"grid spec: unknown key(s) {sorted(map(str, unknown_keys))}; "
                "expected numbering, offset, maps"
            )
        numbering = _unwrap(d.get("numbering"))
        if numbering not in NUMBERINGS:
            raise ValueError(
                f"grid spec: numbering is {numbering!r}; expected one of {', '.join(NUMBERINGS)}"
            )
        offset = _unwrap(d.get("offset"))
        if offset not in OFFSETS:
            raise ValueError(
                f"grid spec: offset is {offset!r}; expected one of {', '.join(OFFSETS)}"
            )
        raw_maps = _unwrap(d.get("maps"))
        if raw_maps is None:
            return cls(numbering, offset)
        if not isinstance(raw_maps, Mapping) or not raw_maps:
            raise ValueError(f"grid spec: maps must be a non-empty mapping, got {raw_maps!r}")
        sheets = [_sheet(suffix, spec) for suffix, spec in raw_maps.items() if suffix not in _META_KEYS]
        if not sheets:
            raise ValueError("grid spec: maps lists no map sheets")
        return cls(numbering, offset, tuple(sheets))

    def __post_init__(self):
        if self.numbering not in NUMBERINGS:
            raise ValueError(f"numbering {self.numbering!r}; expected one of {', '.join(NUMBERINGS)}")
        if self.offset not in OFFSETS:
            raise ValueError(f"offset {self.offset!r}; expected one of {', '.join(OFFSETS)}")
        # per-grid memos of parse / canonical / axial / neighbours by hex id (the spec is frozen, so
        # they never change; supply traces and movement ask for the same hexes thousands of times),
        # one dict each so a look-up builds no key tuple (issue 13). Not fields: they take no part in
        # ==, hash or repr. Only answers are kept, never a refusal.
        for memo in ("_parsed", "_canonical", "_axial", "_neighbour_ids", "_sorted_ids"):
            object.__setattr__(self, memo, {})

    @staticmethod
    def _remember(memo: dict, key: str, value):
        if len(memo) >= _MEMO_LIMIT:        # ids typed by players could be many: stay bounded
            memo.clear()
        memo[key] = value
        return value

    @property
    def flat_top(self) -> bool:
        """True for column layouts (flat-topped hexes), False for row layouts."""
        return self.offset.endswith("columns-down")

    # -- ids -----------------------------------------------------------------------------
    def _pattern_text(self) -> str:
        suffixes = [m.suffix for m in self.maps if m.suffix]
        text = _PATTERN_TEXT[self.numbering]
        if suffixes:
            text += f", optionally followed by a map suffix ({', '.join(suffixes)})"
        return text

    def parse(self, hex_id: str) -> tuple[int, int]:
        """Hex id -> global (col, row).  ValueError naming the id and the expected pattern."""
        found = self._parsed.get(hex_id) if isinstance(hex_id, str) else None   # type: ignore[attr-defined]
        return found if found is not None else self._remember(self._parsed, hex_id, self._parse(hex_id))   # type: ignore[attr-defined]

    def _parse(self, hex_id: str) -> tuple[int, int]:
        m = _ID_PATTERNS[self.numbering].fullmatch(hex_id) if isinstance(hex_id, str) else None
        if m is None:
            raise BadHexId(f"bad hex id {hex_id!r}: expected {self._pattern_text()}")
        a, b, suffix = m.groups()
        if self.numbering == "letter-number":
            row, col = _letters_to_int(a), int(b)
        else:
            col, row = int(a), int(b)
        for sheet in self.maps:
            if sheet.suffix == suffix:
                if not sheet.has_local_col(col):
                    where = f"map {suffix!r}" if suffix else "the (unsuffixed) map"
                    lo = "" if sheet.first_col is None else sheet.first_col
                    hi = "" if sheet.last_col is None else sheet.last_col
                    raise BadHexId(
                        f"bad hex id {hex_id!r}: column {col} is not on {where} (columns {lo}..{hi})"
                    )
                return col + sheet.col_offset, row
        raise BadHexId(f"bad hex id {hex_id!r}: unknown map suffix {suffix!r}; expected {self._pattern_text()}")

    def format(self, col: int, row: int) -> str:
        """Global (col, row) -> hex id.  Uses the first-listed map sheet that has the column
        (so overlap columns get the first sheet's id).  ValueError if no id can express it."""
        for sheet in self.maps:
            local = col - sheet.col_offset
            if local < 0 or not sheet.has_local_col(local):
                continue
            if self.numbering == "letter-number":
                if row >= 1:
                    return f"{_int_to_letters(row)}{local}{sheet.suffix}"
            elif local <= 99 and 0 <= row <= 99:
                sep = "." if self.numbering == "xx.yy" else ""
                return f"{local:02d}{sep}{row:02d}{sheet.suffix}"
        raise ValueError(f"no {self.numbering} hex id for column {col}, row {row}")

    def canonical(self, hex_id: str) -> str:
        """The preferred id of the same location ("2516W" -> "2516", "1005E" -> "4205")."""
        found = self._canonical.get(hex_id) if isinstance(hex_id, str) else None   # type: ignore[attr-defined]
        return found if found is not None else self._remember(self._canonical, hex_id, self.format(*self.parse(hex_id)))   # type: ignore[attr-defined]

    def same_hex(self, a: str, b: str) -> bool:
        return self.parse(a) == self.parse(b)

    # -- geometry ------------------------------------------------------------------------
    def to_axial(self, hex_id: str) -> tuple[int, int]:
        found = self._axial.get(hex_id) if isinstance(hex_id, str) else None   # type: ignore[attr-defined]
        return found if found is not None else self._remember(self._axial, hex_id, offset_to_axial(self.offset, *self.parse(hex_id)))   # type: ignore[attr-defined]

    def to_cube(self, hex_id: str) -> tuple[int, int, int]:
        q, r = self.to_axial(hex_id)
        return q, r, -q - r

    def _dirs(self):
        return _FLAT_DIRS if self.flat_top else _POINTY_DIRS

    def neighbours(self, hex_id: str) -> list[str]:
        """The adjacent hex ids in the module's documented clockwise order.  No map bounds
        are applied; a neighbour the numbering cannot express (e.g. row -1) is left out."""
        return list(self.neighbour_ids(hex_id))

    def neighbour_ids(self, hex_id: str) -> tuple[str, ...]:
        """neighbours() as the memoised tuple itself, for the searches that ask hundreds of
        thousands of times and only read it (issue 13: the copy was most of a call)."""
        found = self._neighbour_ids.get(hex_id) if isinstance(hex_id, str) else None   # type: ignore[attr-defined]
        if found is None:
            found = self._remember(self._neighbour_ids, hex_id, tuple(self._neighbours(hex_id)))   # type: ignore[attr-defined]
        return found

    def sorted_neighbour_ids(self, hex_id: str) -> tuple[str, ...]:
        """sorted(neighbours(hex_id)), memoised (a supply search expands each hex in id order)."""
        found = self._sorted_ids.get(hex_id) if isinstance(hex_id, str) else None   # type: ignore[attr-defined]
        if found is None:
            found = self._remember(self._sorted_ids, hex_id, tuple(sorted(self.neighbour_ids(hex_id))))   # type: ignore[attr-defined]
        return found

    def _neighbours(self, hex_id: str) -> list[str]:
        q, r = self.to_axial(hex_id)
        out = []
        for dq, dr in self._dirs():
            try:
                out.append(self.format(*axial_to_offset(self.offset, q + dq, r + dr)))
            except ValueError:
                pass
        return out

    def distance(self, a: str, b: str) -> int:
        """Hexes between a and b (cube distance); 0 for the same location."""
        axial = self._axial          # type: ignore[attr-defined]
        # the memo read here, not through to_axial: retreats and zones of control ask 80,000 times a campaign (issue 13)
        qa, ra = (axial.get(a) if isinstance(a, str) else None) or self.to_axial(a)
        qb, rb = (axial.get(b) if isinstance(b, str) else None) or self.to_axial(b)
        dq, dr = qb - qa, rb - ra
        return max(abs(dq), abs(dr), abs(dq + dr))

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def direction(self, a: str, b: str) -> int | None:
        """Index (0..5, neighbour order) of b around a, or None if not adjacent."""
        qa, ra = self.to_axial(a)
        qb, rb = self.to_axial(b)
        step = (qb - qa, rb - ra)
        dirs = self._dirs()
        return dirs.index(step) if step in dirs else None


def hexside_key(a: str, b: str, spec: GridSpec | None = None) -> str:
    """Order-independent id of the hexside between a and b: "2516|2517".

    With `spec`, both ids are canonicalised first (so "1005E|4105" and "4105|4205" agree)
    and a ValueError is raised if they are not adjacent."""
    if spec is not None:
        if not spec.adjacent(a, b):
            raise ValueError(f"{a} and {b} are not adjacent, so have no common hexside")
        a, b = spec.canonical(a), spec.canonical(b)
    return "|".join(sorted((a, b)))


# -- movement -------------------------------------------------------------------------------

CostFn = Callable[[str, str], "int | None"]


def _step_cost(cost_fn: CostFn, a: str, b: str):
    c = cost_fn(a, b)
    if c is not None and c < 0:
        raise ValueError(f"cost_fn({a!r}, {b!r}) returned negative cost {c}")
    return c


def cheapest_path(spec: GridSpec, start: str, goal: str, cost_fn: CostFn, max_cost=None):
    """Cheapest route from start to goal (Dijkstra).

    `cost_fn(from_hex, to_hex)` gives the cost of entering to_hex from from_hex, or None if
    prohibited; it must return None off the map (or pass `max_cost`), since the grid itself
    is unbounded.  Returns ``(total_cost, [start, ..., goal])`` or None.  Among equal-cost
    routes the one whose sequence of hex ids sorts first is returned, so results never depend
    on dict or heap internals.
    """
    start, goal = spec.canonical(start), spec.canonical(goal)
    # Heap of (cost, path): comparing whole paths gives the deterministic tie-break.
    heap: list[tuple[Any, tuple[str, ...]]] = [(0, (start,))]
    done = set()
    while heap:
        cost, path = heapq.heappop(heap)
        here = path[-1]
        if here in done:
            continue
        done.add(here)
        if here == goal:
            return cost, list(path)
        for nb in spec.neighbour_ids(here):
            if nb in done:
                continue
            c = _step_cost(cost_fn, here, nb)
            if c is None or (max_cost is not None and cost + c > max_cost):
                continue
            heapq.heappush(heap, (cost + c, path + (nb,)))
    return None


def reachable(spec: GridSpec, start: str, cost_fn: CostFn, max_cost) -> dict[str, int]:
    """Every hex reachable from start within max_cost -> its cheapest cost (start -> 0).
    Ordered by (cost, hex id)."""
    start = spec.canonical(start)
    heap = [(0, start)]
    best: dict[str, int] = {}
    while heap:
        cost, here = heapq.heappop(heap)
        if here in best:
            continue
        best[here] = cost
        for nb in spec.neighbour_ids(here):
            if nb in best:
                continue
            c = _step_cost(cost_fn, here, nb)
            if c is not None and cost + c <= max_cost:
                heapq.heappush(heap, (cost + c, nb))
    return best


def path_cost(spec: GridSpec, path: list[str], cost_fn: CostFn):
    """Check a player-given path and total its cost.

    Returns ``(total, None, "")`` if every step is to an adjacent, enterable hex; otherwise
    ``(cost of the good steps before it, index of the first bad hex, reason)``.
    """
    if not path:
        raise ValueError("path_cost: empty path")
    try:
        spec.parse(path[0])
    except ValueError as e:
        return 0, 0, str(e)
    total = 0
    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        try:
            if not spec.adjacent(a, b):
                return total, i, f"{b} is not adjacent to {a} (distance {spec.distance(a, b)})"
        except ValueError as e:
            return total, i, str(e)
        c = _step_cost(cost_fn, spec.canonical(a), spec.canonical(b))
        if c is None:
            return total, i, f"{a} -> {b} is prohibited"
        total += c
    return total, None, ""


# -- zones of control, stacking, supply --------------------------------------------------

def zoc(spec: GridSpec, unit_hexes: Iterable[str], blocked: Callable[[str, str], bool] = lambda a, b: False) -> set[str]:
    """Hexes adjacent to any of unit_hexes, except across hexsides where blocked(unit_hex,
    neighbour) is true (e.g. a rule saying ZOC does not extend across major rivers)."""
    out = set()
    for h in unit_hexes:
        h = spec.canonical(h)
        for nb in spec.neighbour_ids(h):       # the memoised tuple: no copy to read it
            if not blocked(h, nb):
                out.add(nb)
    return out


def stack_violations(stacks: Mapping[str, list], limit_fn: Callable[[list], "str | None"]) -> list[tuple[str, str]]:
    """[(hex, message)] for every stack where limit_fn(units) returns a message; by hex id."""
    out = []
    for h in sorted(stacks):
        msg = limit_fn(stacks[h])
        if msg is not None:
            out.append((h, msg))
    return out


def trace_supply(
    spec: GridSpec,
    start: str,
    is_source: Callable[[str], bool],
    can_enter: Callable[[str, str], bool],
    max_length: int | None = None,
) -> list[str] | None:
    """Shortest supply line (fewest hexes) from start to any hex where is_source(hex).

    Breadth-first; `can_enter(from_hex, to_hex)` says whether the line may step there (it
    should say no off the map).  `max_length` caps the hexes entered (start not counted).
    Returns [start, ..., source] or None.  Among equally short lines the one whose hex-id
    sequence sorts first wins: layers are expanded in path order and neighbours in id order.
    """
    start = spec.canonical(start)
    if is_source(start):
        return [start]
    parent: dict[str, str | None] = {start: None}
    layer = [start]
    length = 0
    while layer and (max_length is None or length < max_length):
        length += 1
        nxt = []
        for here in layer:
            for nb in spec.sorted_neighbour_ids(here):
                if nb in parent or not can_enter(here, nb):
                    continue
                parent[nb] = here
                if is_source(nb):
                    path, back = [nb], parent[nb]
                    while back is not None:
                        path.append(back)
                        back = parent[back]
                    return path[::-1]
                nxt.append(nb)
        layer = nxt
    return None
