"""Render part of a hex map as a standalone SVG (the map picture of every step folder).

Only the hexes the caller passes in are drawn, so the output stays small.  Output is
deterministic: same input -> same bytes (sorted iteration, fixed number formatting, no dates).

Sizes are chosen for a forum post 800 px wide: pbem.picture keeps the page at most PAGE_WIDTH
user units wide, and no text is smaller than MIN_TEXT units, so shown 800 px wide no text is
under 11 px. Besides hexes, hexsides, counters and combat marks the picture carries this step's
arrows (moves, retreats, advances), step pips and status badges on counters, a frame round the
map excerpt and a legend of everything drawn.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeGuard

from .hexgrid import GridSpec

RADIUS = 52.0  # centre-to-corner, in SVG user units (the data editor's map)
HEX = 76.0     # centre-to-corner in the map picture: room for two counters with 11-unit text
MARGIN = 12.0
PAGE_WIDTH = 800.0   # at most this wide, so shown 800 px wide nothing shrinks
MIN_TEXT = 11.0      # the smallest font size used anywhere
CHAR = 0.62          # a sans-serif character's width per unit of font size (estimate, on the safe side)

# Small fixed palette; anything else is "unknown" and drawn hatched grey with "?".
PALETTE = {
    "clear": "#f3f0d7",
    "open": "#f3f0d7",
    "forest": "#9cc48a",
    "woods": "#9cc48a",
    "rough": "#d9c8a0",
    "hills": "#d2b48c",
    "mountain": "#b59b7c",
    "mountains": "#b59b7c",
    "marsh": "#b8d8c8",
    "swamp": "#b8d8c8",
    "city": "#c8c8c8",
    "town": "#dedede",
    "urban": "#c8c8c8",
    "water": "#a8c8f0",
    "sea": "#a8c8f0",
    "lake": "#a8c8f0",
}
MARK_COLOUR = "#d00000"
# Hexside features: (stroke colour, width).
HEXSIDE_STYLE = {
    "river": ("#2f6fd6", 3.0),
    "rhine": ("#1f4fb0", 5.0),
    "lake": ("#7fb2f0", 6.0),
    "sea": ("#7fb2f0", 6.0),
    "atc": ("#8a5a2b", 3.0),
}


@functools.lru_cache(maxsize=16384, typed=True)
def _fmt(v: float) -> str:
    """Fixed two-decimal numbers so output never depends on float repr quirks. Kept per value: a
    picture's coordinates repeat (its hexes on a lattice), and a lookup is a quarter of formatting
    (issue 13); equal values format alike (0.0 and -0.0 both as 0.00)."""
    s = f"{v:.2f}"
    return "0.00" if s == "-0.00" else s


# text that _clean leaves as it is: no character it escapes or replaces
_CLEAN_ALREADY = re.compile("[^\x00-\x08\x0b\x0c\x0e-\x1f&<>\"\ud800-\udfff\ufffe\uffff]*")


def _clean(text) -> str:
    """XML-escape text and drop characters XML 1.0 cannot carry at all (e.g. NUL)."""
    text = str(text)
    if _CLEAN_ALREADY.fullmatch(text):          # most labels: nothing to escape (issue 13)
        return text
    out = []
    for ch in str(text):
        o = ord(ch)
        if o < 0x20 and ch not in "\t\n\r" or 0xD800 <= o <= 0xDFFF or o in (0xFFFE, 0xFFFF):
            out.append("\ufffd")
        elif ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"':
            out.append("&quot;")
        else:
            out.append(ch)
    return "".join(out)


def hex_centre(spec: GridSpec, col: int, row: int, radius: float = RADIUS) -> tuple[float, float]:
    """Page centre of a hex (before translation), y downwards, from its offset coordinates."""
    s3 = math.sqrt(3)
    if spec.flat_top:
        lowered = (col % 2 == 0) == spec.offset.startswith("even")
        return 1.5 * radius * col, s3 * radius * (row + (0.5 if lowered else 0))
    shifted = (row % 2 == 0) == spec.offset.startswith("even")
    return s3 * radius * (col + (0.5 if shifted else 0)), 1.5 * radius * row


def hex_corners(spec: GridSpec, x: float, y: float, radius: float = RADIUS) -> list[tuple[float, float]]:
    """Six corners: at 0, 60, ... degrees for flat-top hexes; 30, 90, ... for pointy-top."""
    return [(x + dx, y + dy) for dx, dy in _corner_offsets(spec.flat_top, radius)]


@functools.lru_cache(maxsize=64)
def _corner_offsets(flat_top: bool, radius: float) -> tuple[tuple[float, float], ...]:
    """radius * cos and radius * sin of each corner's angle: the very floats hex_corners adds to the
    centre (worked out once, not for every hex of every picture)."""
    start = 0 if flat_top else 30
    return tuple((radius * math.cos(math.radians(start + 60 * i)), radius * math.sin(math.radians(start + 60 * i)))
                 for i in range(6))


_GEOMETRY_LIMIT = 100_000    # entries of one grid's geometry memo before it starts afresh


@functools.lru_cache(maxsize=16)
def _geometry(spec: GridSpec) -> dict:
    """The picture's geometry memo of a grid: a drawn hex's centre, a featured hexside's edge. Pure
    functions of the grid and the hex ids, which every step's picture asks again (issue 13)."""
    return {}


def _remember(memo: dict, key, value):
    if len(memo) >= _GEOMETRY_LIMIT:        # ids come from the data and saves: stay bounded
        memo.clear()
    memo[key] = value
    return value


def _is_mapping(value: object) -> TypeGuard[Mapping]:
    """isinstance(value, Mapping), a plain dict answered without the ABC's slower check (issue 13)."""
    return type(value) is dict or isinstance(value, Mapping)


def _terrain(attrs) -> str | None:
    t = attrs.get("terrain") if _is_mapping(attrs) else None
    if _is_mapping(t):  # data-format wrapper {value: ..., rule: ...}
        t = t.get("value")
    return t.lower() if isinstance(t, str) else None


MIN_PAGE = 560.0     # narrowest page with a legend (it flows over the width)
TITLE_LINE = 18.0
FRAME_PAD = 8.0
LEGEND_TEXT = 12.0
LEGEND_ROW = 20.0
# this step's arrows: kind -> (colour, dash pattern, legend text)
ARROW_STYLE = {
    "move": ("#1d3f8f", "", "move this step"),
    "retreat": ("#c00000", "9,5", "retreat this step"),
    "advance": ("#1b7a1b", "3,4", "advance after combat this step"),
}
BADGE_FILL = "#a33f00"
COUNTER_W, COMPACT_W, COMPACT_H = 100.0, 116.0, 15.0     # a counter's least widths; a one-line counter's height
COUNTER_MAX = 2 * HEX - 6      # the widest counter: a hex's width
BOLD = 1.12                    # bold glyphs are this much wider


@dataclass(frozen=True)
class Arrow:
    """One arrow of the step: kind (ARROW_STYLE), the hexes passed (start first), who went."""

    kind: str
    path: tuple[str, ...]
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class Legend:
    """What the legend adds to what it derives from the drawing: the meaning of each status
    badge (e.g. "OOS" -> "out of supply (11.31)"), the rule of the step pips, and notes
    (counters outside the excerpt, demonstration data)."""

    badges: Mapping[str, str] = field(default_factory=dict)
    steps: str = "steps left (filled) and lost (hollow)"
    notes: tuple[str, ...] = ()


def text_width(text: str, size: float) -> float:
    return len(str(text)) * CHAR * size


def wrap(text: str, size: float, width: float) -> list[str]:
    """Words of `text` in lines no wider than `width` (estimated); a longer word gets its own line."""
    lines: list[str] = []
    for word in str(text).split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def render_svg(
    spec: GridSpec,
    hexes: Mapping[str, Mapping],
    units: Mapping[str, list],
    marks: Mapping[str, str] | None = None,
    title: str = "",
    hexsides: Mapping[str, str] | None = None,
    arrows: Sequence[Arrow] = (),
    legend: Legend | None = None,
) -> str:
    """SVG text showing `hexes` (plus any hex holding units, carrying a mark or passed by an arrow).

    hexes: hex id -> attributes; `terrain` picks the fill colour.
    units: hex id -> list of unit dicts; each is drawn as a counter with its `id` and `label`.
    marks: hex id -> text (e.g. "combat 2/1"); the hex gets a red outline and a tag with the text.
    hexsides: "A|B" -> feature (river, rhine, lake, sea, ...): drawn along the shared edge when
      both hexes are drawn.
    arrows: this step's moves, retreats and advances, drawn through the hexes' centres.
    legend: when given, the map is framed and a legend of everything drawn follows it.
    Optional hex attributes: `name` (drawn beside the id), `city` (a small city square).
    Optional unit keys: `fill` (the counter colour), `side` (its name in the legend), `steps`
      ((left, full): pips), `badges` (short status texts, explained by the legend).
    Ids are canonicalised with `spec`, so "2516W" and "2516" are the same hex.
    """
    page = _Page.of(spec, hexes, units, marks or {}, title, arrows, legend)
    edges, features = _hexside_edges(page, hexsides or {})
    drawn_arrows = _arrows(page, arrows)
    key: Sequence[str] = ()
    if legend is not None:
        key, bottom = _legend(page, legend, features, {a.kind for a in arrows if a.kind in ARROW_STYLE and len(a.path) > 1})
        page = replace(page, height=bottom)        # the page is as tall as its legend
    out = _head(page)
    # Marked hexes last so their red outline is not painted over by neighbours.
    out.append('<g class="hexes">')
    for h in sorted(page.order, key=lambda h: h in page.mark_text):
        out += _hex_polygon(page, h)
    out.append("</g>")
    # Hexside features along the shared edge of two drawn hexes (rivers, lakes, ...).
    if edges:
        out.append('<g class="hexsides">')
        out += edges
        out.append("</g>")
    # Battle outlines again on top of the hexside features, so neither hides the other.
    if page.mark_text:
        out.append('<g class="battles">')
        out += _battle_outlines(page)
        out.append("</g>")
    out.append('<g class="labels">')
    for h in page.order:
        out += _hex_labels(page, h)
    out.append("</g>")
    if drawn_arrows:
        out.append('<g class="arrows">')
        out += drawn_arrows
        out.append("</g>")
    out.append('<g class="hex-ids">')
    for h in page.order:
        out += _hex_ids(page, h)
    out.append("</g>")
    if page.mark_text:
        out.append('<g class="marks">')
        for h in sorted(page.mark_text):
            out += _mark_tag(page, h)
        out.append("</g>")
    out += key
    out.append("</svg>")
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class _Page:
    """What is drawn where: canonical hex id -> merged attributes, stacks and marks; each hex's
    centre; the drawing order; the translation onto the page, the frame and the page's size."""

    spec: GridSpec
    attrs: dict[str, Mapping]
    terrain: dict[str, str | None]        # each drawn hex's terrain (_terrain), read once for the fill and legend
    stacks: dict[str, list]
    mark_text: dict[str, list[str]]
    centres: dict[str, tuple[float, float]]
    order: list[str]
    dx: float
    dy: float
    width: float
    height: float
    title_lines: list[str]
    frame: tuple[float, float, float, float] | None      # x, y, width, height
    legend_top: float

    @staticmethod
    def of(spec: GridSpec, hexes: Mapping[str, Mapping], units: Mapping[str, list], marks: Mapping[str, str],
           title: str, arrows: Sequence[Arrow], legend: Legend | None) -> "_Page":
        # canonical id -> merged data; iterate inputs sorted so merges are deterministic
        attrs: dict[str, Mapping] = {}
        stacks: dict[str, list] = {}
        mark_text: dict[str, list[str]] = {}
        for h in sorted(hexes):
            attrs.setdefault(spec.canonical(h), hexes[h] or {})
        for h in sorted(units):
            stacks.setdefault(spec.canonical(h), []).extend(units[h] or [])
        for h in sorted(marks):
            mark_text.setdefault(spec.canonical(h), []).append(str(marks[h]))
        drawn = set(attrs) | set(stacks) | set(mark_text) | {spec.canonical(h) for a in arrows for h in a.path}
        # Draw in page order (top to bottom, left to right) so overlaps are predictable.
        geometry = _geometry(spec)
        centres = {h: geometry.get(h) or _remember(geometry, h, hex_centre(spec, *spec.parse(h), HEX)) for h in drawn}
        order = sorted(drawn, key=lambda h: (centres[h][1], centres[h][0], h))
        if order:
            # the corners' extremes are the centres' extremes plus the offsets' (adding a float is
            # monotonic, so the very floats of every corner's sum): no six corners a hex (issue 13)
            xs, ys = [x for x, _ in centres.values()], [y for _, y in centres.values()]
            offsets = _corner_offsets(spec.flat_top, HEX)
            dxs, dys = [dx for dx, _ in offsets], [dy for _, dy in offsets]
            min_x, max_x, min_y, max_y = min(xs) + min(dxs), max(xs) + max(dxs), min(ys) + min(dys), max(ys) + max(dys)
        else:
            min_x = max_x = min_y = max_y = 0.0
        pad = FRAME_PAD if legend is not None else 0.0
        map_w, map_h = max_x - min_x + 2 * pad, max_y - min_y + 2 * pad
        width = map_w + 2 * MARGIN
        if legend is not None:
            width = max(width, MIN_PAGE)
        # a long title wraps at the page width (never widening the page past PAGE_WIDTH)
        width = max(width, min(text_width(title, 14) + 2 * MARGIN, PAGE_WIDTH))
        title_lines = wrap(title, 14, width - 2 * MARGIN) if title else []
        top = MARGIN + len(title_lines) * TITLE_LINE + (6 if title_lines else 0)
        left = (width - map_w) / 2                      # the excerpt centred under the title
        frame = (left, top, map_w, map_h) if legend is not None else None
        legend_top = top + map_h + 12
        height = legend_top if legend is not None else top + map_h + MARGIN
        terrain = {h: _terrain(attrs.get(h, {})) for h in order}
        return _Page(spec, attrs, terrain, stacks, mark_text, centres, order, left + pad - min_x, top + pad - min_y,
                     width, height, title_lines, frame, legend_top)

    def at(self, h: str) -> tuple[float, float]:
        """A drawn hex's centre on the page."""
        return self.centres[h][0] + self.dx, self.centres[h][1] + self.dy


def _svg_open(width: float, height: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" height="{_fmt(height)}" '
            f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" font-family="DejaVu Sans, Verdana, sans-serif">')


_MARKERS = "".join(
    f'<marker id="arrowhead-{kind}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.5" markerHeight="3.5" '
    f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
    for kind, (colour, _, _) in sorted(ARROW_STYLE.items()))
# the same in every picture: written once (issue 13)
_DEFS = ('<defs><pattern id="unknown-terrain" width="8" height="8" patternUnits="userSpaceOnUse">'
         '<rect width="8" height="8" fill="#d0d0d0"/>'
         f'<path d="M0,8 L8,0" stroke="#808080" stroke-width="1"/></pattern>{_MARKERS}</defs>')


def _head(page: _Page) -> list[str]:
    out = ['<?xml version="1.0" encoding="UTF-8"?>', _svg_open(page.width, page.height)]
    if page.title_lines:
        out.append(f"<title>{_clean(' '.join(page.title_lines))}</title>")
    out.append(_DEFS)
    out.append(f'<rect class="page" x="0" y="0" width="{_fmt(page.width)}" height="{_fmt(page.height)}" fill="#ffffff"/>')
    for i, line in enumerate(page.title_lines):
        out.append(f'<text class="title" x="{_fmt(MARGIN)}" y="{_fmt(MARGIN + 13 + i * TITLE_LINE)}" font-size="14" '
                   f'font-weight="bold">{_clean(line)}</text>')
    if page.frame:
        x, y, w, h = page.frame
        out.append(f'<rect class="frame" x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" '
                   'fill="#eef1f4" stroke="#505050" stroke-width="1.5"/>')
    return out


def _hex_polygon(page: _Page, h: str) -> Sequence[str]:
    x, y = page.at(h)
    terrain = page.terrain[h]
    fill = PALETTE.get(terrain) if terrain else None
    return _polygon_text(h, x, y, page.spec.flat_top, fill, h in page.mark_text)


@functools.lru_cache(maxsize=4096)
def _polygon_text(h: str, x: float, y: float, flat_top: bool, fill: str | None, marked: bool) -> tuple[str, ...]:
    """A hex's polygon (and its "?" when the terrain is unknown), written once for each place on a
    page: the next step's picture draws most hexes where they were (issue 13)."""
    points = " ".join(f"{_fmt(x + dx)},{_fmt(y + dy)}" for dx, dy in _corner_offsets(flat_top, HEX))
    stroke = f'stroke="{MARK_COLOUR}" stroke-width="3"' if marked else 'stroke="#404040" stroke-width="1"'
    out = [f'<polygon id="hex-{_clean(h)}" points="{points}" '
           f'fill="{fill or "url(#unknown-terrain)"}" {stroke}/>']
    if fill is None:
        out.append(f'<text x="{_fmt(x + HEX * 0.5)}" y="{_fmt(y + 4)}" font-size="{_fmt(MIN_TEXT)}" font-weight="bold" '
                   'fill="#404040">?</text>')
    return tuple(out)


def _hexside_edges(page: _Page, hexsides: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """The lines of the featured hexsides between drawn hexes, and the features drawn (for the legend)."""
    spec, centres, edges, features = page.spec, page.centres, [], set()
    for key in sorted(hexsides):
        a_id, sep, b_id = str(key).partition("|")
        if not sep:
            continue
        try:
            a_id, b_id = spec.canonical(a_id), spec.canonical(b_id)
        except ValueError:
            continue
        if a_id not in centres or b_id not in centres:
            continue
        geometry = _geometry(spec)
        near = geometry.get((a_id, b_id), False)
        if near is False:
            near = _remember(geometry, (a_id, b_id), _shared_edge(spec, centres[a_id], centres[b_id]))
        if near is None:
            continue    # not adjacent: no shared edge
        feature = str(hexsides[key]).lower()
        features.add(feature)
        colour, width = HEXSIDE_STYLE.get(feature, ("#606060", 3.0))
        (x1, y1), (x2, y2) = near
        dx, dy = page.dx, page.dy
        edges.append(
            f'<line class="hexside-{_clean(feature)}" x1="{_fmt(x1 + dx)}" y1="{_fmt(y1 + dy)}" '
            f'x2="{_fmt(x2 + dx)}" y2="{_fmt(y2 + dy)}" stroke="{colour}" stroke-width="{_fmt(width)}" stroke-linecap="round"/>'
        )
    return edges, sorted(features)


def _shared_edge(spec: GridSpec, a: tuple[float, float], b: tuple[float, float]) -> tuple | None:
    """The two corners of hex a (centre `a`) nearest hex b's centre, when they are its shared edge."""
    bx_, by_ = b
    corners = hex_corners(spec, *a, HEX)
    near = sorted(corners, key=lambda c: (round(math.hypot(c[0] - bx_, c[1] - by_), 6), c))[:2]
    if abs(math.hypot(near[1][0] - bx_, near[1][1] - by_) - HEX) > 0.01 * HEX:
        return None
    return tuple(near)


def _battle_outlines(page: _Page) -> list[str]:
    outlines = []
    for h in sorted(page.mark_text):
        corners = hex_corners(page.spec, *page.at(h), HEX - 3)
        path = "M" + " L".join(f"{_fmt(px)},{_fmt(py)}" for px, py in corners) + " Z"
        outlines.append(f'<path class="battle" d="{path}" fill="none" stroke="{MARK_COLOUR}" stroke-width="3"/>')
    return outlines


def _hex_labels(page: _Page, h: str) -> Sequence[str]:
    """A hex's stack of counters."""
    stack = page.stacks.get(h)
    if not stack:
        return ()
    x, y = page.at(h)
    key = _stack_key(stack)
    if key is None:
        return _stack(stack, x, y)
    # a stack's counters drawn once for each place on a page: most stay put from step to step (issue 13)
    kept = _STACKS.get((key, x, y))
    return kept if kept is not None else _remember(_STACKS, (key, x, y), tuple(_stack(stack, x, y)))


_STACKS: dict = {}       # (_stack_key, x, y) -> _stack's lines
_STACK_SCALARS = frozenset({str, int, float, bool, type(None)})


def _stack_key(stack: list) -> str | None:
    """repr of a stack of counters that are dicts of exactly str, int, float, bool and None values
    (and tuples or lists of them), whose repr is one text per value; None for anything else."""
    for unit in stack:
        if type(unit) is not dict:
            return None
        for name, value in unit.items():
            kind = type(value)
            if type(name) is not str:
                return None
            if kind is tuple or kind is list:
                if any(type(item) not in _STACK_SCALARS for item in value):
                    return None
            elif kind not in _STACK_SCALARS:
                return None
    return repr(stack)


def _hex_ids(page: _Page, h: str) -> Sequence[str]:
    """A hex's id (and name) with its city square, haloed in white (drawn over the arrows)."""
    x, y = page.at(h)
    hex_attrs = page.attrs.get(h, {})
    is_map = _is_mapping(hex_attrs)
    name = hex_attrs.get("name") if is_map else None
    if _is_mapping(name):
        name = name.get("value")
    return _id_text(h, x, y, name if isinstance(name, str) else "", is_map and hex_attrs.get("city") is True)


@functools.lru_cache(maxsize=4096)
def _id_text(h: str, x: float, y: float, name: str, city: bool) -> tuple[str, ...]:
    """_hex_ids' text, written once for each place on a page (as _polygon_text, issue 13)."""
    base = y - HEX * 0.6
    start = (f'<text x="{_fmt(x)}" y="{_fmt(base)}" font-size="{_fmt(MIN_TEXT)}" text-anchor="middle" fill="#303030" '
             'stroke="#ffffff" stroke-width="3" stroke-opacity="0.8" paint-order="stroke">')
    out = [f'{start}{_clean(h)}</text>']
    if name:
        out[0] = f'{start}{_clean(h)}<tspan dx="4" font-style="italic" font-weight="bold">{_clean(name)}</tspan></text>'
    if city:
        label = f"{h} {name}" if name else h
        out.append(
            f'<rect class="city" x="{_fmt(x - text_width(label, MIN_TEXT) / 2 - 11)}" y="{_fmt(base - 8)}" width="8" height="8" '
            'fill="#404040" stroke="#ffffff" stroke-width="0.8"/>'
        )
    return tuple(out)


def _stack(stack: list, x: float, y: float) -> list[str]:
    """The counters of a hex: up to two as two-line counters (id and pips; label and badges),
    three or four on one line each, more as three and a "+N more" line. A stack's counters share
    one width: what their texts need, between the standard width and the hex's."""
    units = [u if isinstance(u, Mapping) else {"id": u} for u in stack]
    if not units:
        return []
    compact = len(units) > 2
    shown = units if len(units) <= 4 else units[:3]
    sizes = [_counter_size(u, compact) for u in shown]
    w = max(width for width, _ in sizes)
    gap = 2.0 if compact else 3.0
    heights = [COMPACT_H if compact else 15.0 + 13.0 * len(lines) for _, lines in sizes]
    if len(shown) < len(units):
        heights.append(COMPACT_H)                       # the "+N more" line
    top = y - 5 - (sum(heights) + (len(heights) - 1) * gap) / 2
    out = []
    for unit, (_, lines), h in zip(shown, sizes, heights):
        out += _counter(unit, x - w / 2, top, w, lines, compact)
        top += h + gap
    if len(shown) < len(units):
        out.append(f'<text x="{_fmt(x)}" y="{_fmt(top + 11)}" font-size="{_fmt(MIN_TEXT)}" '
                   f'font-weight="bold" text-anchor="middle">+{len(units) - len(shown)} more</text>')
    return out


def _badges_width(unit: Mapping) -> float:
    return sum(text_width(b, MIN_TEXT) * BOLD + 10 for b in unit.get("badges") or [])


def _pips_width(unit: Mapping) -> float:
    steps = unit.get("steps")
    return int(steps[1]) * 9 + 3 if steps else 0.0


def _counter_size(unit: Mapping, compact: bool) -> tuple[float, list[str]]:
    """A counter's width and its label's lines (a two-line counter's long label wraps)."""
    ident, label = str(unit.get("id", "")), str(unit.get("label", ""))
    if compact:
        need = text_width(ident, MIN_TEXT) + 8 + text_width(label, MIN_TEXT) * BOLD + _badges_width(unit) + _pips_width(unit) + 6
        return min(max(need, COMPACT_W), COUNTER_MAX), [label]
    lines = wrap(label, MIN_TEXT * BOLD, COUNTER_MAX - 8 - _badges_width(unit))
    need = max(text_width(ident, MIN_TEXT) + 8 + _pips_width(unit),
               text_width(lines[0], MIN_TEXT) * BOLD + 8 + _badges_width(unit),
               *(text_width(line, MIN_TEXT) * BOLD + 6 for line in lines))
    return min(max(need, COUNTER_W), COUNTER_MAX), lines


def _counter(unit: Mapping, bx: float, by: float, w: float, lines: list[str], compact: bool) -> list[str]:
    h = COMPACT_H if compact else 15.0 + 13.0 * len(lines)
    size = _fmt(MIN_TEXT)
    out = [f'<g class="unit" data-unit="{_clean(unit.get("id", ""))}">',
           f'<rect class="counter" x="{_fmt(bx)}" y="{_fmt(by)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="2" '
           f'fill="{_clean(unit.get("fill") or "#ffffff")}" stroke="#000000" stroke-width="0.8"/>']
    first, second = by + 11.5, by + 24.5
    out.append(f'<text x="{_fmt(bx + 3)}" y="{_fmt(first)}" font-size="{size}">{_clean(unit.get("id", ""))}</text>')
    right = bx + w - 3
    # badges (and, on a compact counter, the pips and label) from the right edge leftwards
    badge_line = first if compact else second
    for badge in reversed(list(unit.get("badges") or [])):
        bw = text_width(badge, MIN_TEXT) * BOLD + 8
        out.append(f'<rect class="badge" x="{_fmt(right - bw)}" y="{_fmt(badge_line - 10)}" width="{_fmt(bw)}" height="13" '
                   f'rx="2" fill="{BADGE_FILL}"/>')
        out.append(f'<text x="{_fmt(right - bw / 2)}" y="{_fmt(badge_line)}" font-size="{size}" font-weight="bold" '
                   f'text-anchor="middle" fill="#ffffff">{_clean(badge)}</text>')
        right -= bw + 2
    pip_right = right if compact else bx + w - 3
    steps = unit.get("steps")
    if steps:
        left, full = int(steps[0]), int(steps[1])
        for i in range(full):
            cx = pip_right - 4 - (full - 1 - i) * 9
            fill = "#000000" if i < left else "#ffffff"
            out.append(f'<circle class="{"pip" if i < left else "pip-lost"}" cx="{_fmt(cx)}" cy="{_fmt(first - 4)}" r="3.5" '
                       f'fill="{fill}" stroke="#000000" stroke-width="1"/>')
        if compact:
            right -= full * 9 + 3
    if compact:
        out.append(f'<text x="{_fmt(right)}" y="{_fmt(first)}" font-size="{size}" font-weight="bold" text-anchor="end">'
                   f'{_clean(lines[0])}</text>')
    else:
        for j, line in enumerate(lines):
            out.append(f'<text x="{_fmt(bx + 3)}" y="{_fmt(second + 13 * j)}" font-size="{size}" font-weight="bold">{_clean(line)}</text>')
    out.append("</g>")
    return out


def _arrows(page: _Page, arrows: Sequence[Arrow]) -> list[str]:
    """Polylines through the centres of the hexes passed, the head short of the last centre (so
    the counter there stays readable), over a white halo; one per kind and path."""
    out, seen = [], set()
    for arrow in sorted(arrows, key=lambda a: (a.kind, a.path, a.units)):
        path = [page.spec.canonical(h) for h in arrow.path]
        if len(path) < 2 or arrow.kind not in ARROW_STYLE or (arrow.kind, tuple(path)) in seen:
            continue
        seen.add((arrow.kind, tuple(path)))
        points = [page.at(h) for h in path]
        (px, py), (ex, ey) = points[-2], points[-1]
        length = math.hypot(ex - px, ey - py) or 1.0
        pull = min(HEX * 0.55, length * 0.5)
        points[-1] = (ex - (ex - px) * pull / length, ey - (ey - py) * pull / length)
        text = " ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in points)
        colour, dash, _ = ARROW_STYLE[arrow.kind]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        who = " ".join(sorted(set(arrow.units) | {u for a in arrows if a.kind == arrow.kind and tuple(a.path) == tuple(arrow.path) for u in a.units}))
        out.append(f'<polyline points="{text}" fill="none" stroke="#ffffff" stroke-width="9" stroke-opacity="0.85" '
                   'stroke-linecap="round" stroke-linejoin="round"/>')
        out.append(f'<polyline class="arrow-{arrow.kind}" data-units="{_clean(who)}" points="{text}" fill="none" '
                   f'stroke="{colour}" stroke-width="4.5"{dashed} stroke-linejoin="round" marker-end="url(#arrowhead-{arrow.kind})">'
                   f'<title>{_clean(arrow.kind)}: {_clean(who)}</title></polyline>')
    return out


def _mark_tag(page: _Page, h: str) -> list[str]:
    """A combat's text on a white tag with a red border at the foot of its hex (a "\\n" starts a line)."""
    x, y = page.at(h)
    lines = [line for text in page.mark_text[h] for line in str(text).split("\n")]
    size = 12.0
    w = max(text_width(line, size) for line in lines) + 10
    top, height = y + HEX * 0.36, len(lines) * 14 + 5
    out = [f'<g class="combat" data-hex="{_clean(h)}">', f'<rect class="combat-tag" x="{_fmt(x - w / 2)}" y="{_fmt(top)}" width="{_fmt(w)}" height="{_fmt(height)}" rx="3" '
           f'fill="#ffffff" stroke="{MARK_COLOUR}" stroke-width="2"/>']
    for j, line in enumerate(lines):
        out.append(f'<text x="{_fmt(x)}" y="{_fmt(top + 13 + j * 14)}" font-size="{_fmt(size)}" font-weight="bold" '
                   f'text-anchor="middle" fill="{MARK_COLOUR}">{_clean(line)}</text>')
    out.append("</g>")
    return out


def _legend(page: _Page, legend: Legend, features: list[str], arrow_kinds: set[str]) -> tuple[tuple[str, ...], float]:
    """A key to everything drawn, flowing over the page width, then the notes; and the page's
    height below them."""
    items: list[tuple[str, float, str]] = []     # (swatch SVG at 0,0 .. w,14, its width w, text)
    drawn = set(page.terrain.values())
    for terrain in sorted(t for t in drawn if t in PALETTE):
        items.append((f'<rect width="22" height="14" fill="{PALETTE[terrain]}" stroke="#404040" stroke-width="1"/>', 22.0, terrain))
    if any(PALETTE.get(t or "") is None for t in drawn):
        items.append(('<rect width="22" height="14" fill="url(#unknown-terrain)" stroke="#404040" stroke-width="1"/>', 22.0,
                      "? terrain not in the data"))
    if any(_is_mapping(a) and a.get("city") is True for a in page.attrs.values()):
        items.append(('<rect x="7" y="3" width="8" height="8" fill="#404040"/>', 22.0, "city"))
    for feature in features:
        colour, width = HEXSIDE_STYLE.get(feature, ("#606060", 3.0))
        items.append((f'<line x1="0" y1="7" x2="22" y2="7" stroke="{colour}" stroke-width="{_fmt(width)}"/>', 22.0, f"{feature} hexside"))
    sides: dict[str, str] = {}
    for stack in page.stacks.values():
        for unit in stack:
            if isinstance(unit, Mapping) and unit.get("side"):
                sides.setdefault(str(unit["side"]), str(unit.get("fill") or "#ffffff"))
    for side in sorted(sides):
        items.append((f'<rect width="22" height="14" rx="2" fill="{_clean(sides[side])}" stroke="#000000" stroke-width="0.8"/>', 22.0, side))
    for kind in sorted(arrow_kinds):
        colour, dash, text = ARROW_STYLE[kind]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        items.append((f'<line x1="0" y1="7" x2="16" y2="7" stroke="{colour}" stroke-width="4"{dashed} '
                      f'marker-end="url(#arrowhead-{kind})"/>', 22.0, text))
    if page.mark_text:
        items.append((f'<rect width="22" height="14" fill="#ffffff" stroke="{MARK_COLOUR}" stroke-width="2"/>', 22.0,
                      "combat: odds column, roll: result"))
    units = [u for stack in page.stacks.values() for u in stack if isinstance(u, Mapping)]
    if any(u.get("steps") for u in units):
        items.append(('<circle cx="5" cy="7" r="3.5" fill="#000000" stroke="#000000"/>'
                      '<circle cx="15" cy="7" r="3.5" fill="#ffffff" stroke="#000000"/>', 22.0, legend.steps))
    badges = sorted({str(b) for u in units for b in (u.get("badges") or [])})
    for badge in badges:
        bw = text_width(badge, MIN_TEXT) * BOLD + 8
        items.append((f'<rect width="{_fmt(bw)}" height="13" rx="2" fill="{BADGE_FILL}"/><text x="{_fmt(bw / 2)}" y="10" '
                      f'font-size="{_fmt(MIN_TEXT)}" font-weight="bold" text-anchor="middle" fill="#ffffff">{_clean(badge)}</text>',
                      bw, legend.badges.get(badge, badge)))
    # the text reads each item's text and each note as str() only
    return _legend_text(tuple((swatch, sw, str(text)) for swatch, sw, text in items), page.width, page.legend_top,
                        tuple(str(note) for note in legend.notes))


@functools.lru_cache(maxsize=1024)
def _legend_text(items: tuple[tuple[str, float, str], ...], width: float, top: float,
                 notes: tuple[str, ...]) -> tuple[tuple[str, ...], float]:
    """The legend's lines and the page's height below them, written once for each legend and place
    (issue 13: the next step's picture has the same legend); the caller copies the lines it changes."""
    out = ['<g class="legend">']
    y = top
    out.append(f'<text x="{_fmt(MARGIN)}" y="{_fmt(y + 11)}" font-size="{_fmt(LEGEND_TEXT)}" font-weight="bold">Legend</text>')
    y += LEGEND_ROW
    # the items in as many columns as fit, each column as wide as its widest item, filled row by row
    room = width - 2 * MARGIN
    widths = [sw + 6 + text_width(text, LEGEND_TEXT) + 14 for _, sw, text in items]
    per_row, columns = 1, [max(widths, default=room)]
    for n in range(len(items), 1, -1):
        trial = [max(widths[i::n]) for i in range(n)]
        if sum(trial) <= room:
            per_row, columns = n, trial
            break
    for i, (swatch, sw, text) in enumerate(items):
        x = MARGIN + sum(columns[: i % per_row])
        out.append(f'<g class="legend-item" transform="translate({_fmt(x)},{_fmt(y + (i // per_row) * LEGEND_ROW)})">{swatch}'
                   f'<text x="{_fmt(sw + 6)}" y="11" font-size="{_fmt(LEGEND_TEXT)}">{_clean(text)}</text></g>')
    y += ((len(items) + per_row - 1) // per_row) * LEGEND_ROW + 4
    for note in notes:
        for line in wrap(note, LEGEND_TEXT, width - 2 * MARGIN):
            out.append(f'<text class="note" x="{_fmt(MARGIN)}" y="{_fmt(y + 11)}" font-size="{_fmt(LEGEND_TEXT)}" '
                       f'font-style="italic">{_clean(line)}</text>')
            y += 16
    out.append("</g>")
    return tuple(out), y + MARGIN
