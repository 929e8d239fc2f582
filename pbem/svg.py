"""Render part of a hex map as a standalone SVG (for turn reports and email attachments).

Only the hexes the caller passes in are drawn, so the output stays small.  Output is
deterministic: same input -> same bytes (sorted iteration, fixed number formatting, no dates).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .hexgrid import GridSpec

RADIUS = 52.0  # centre-to-corner, in SVG user units
MARGIN = 10.0
TITLE_HEIGHT = 24.0

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


def _fmt(v: float) -> str:
    """Fixed two-decimal numbers so output never depends on float repr quirks."""
    s = f"{v:.2f}"
    return "0.00" if s == "-0.00" else s


def _clean(text) -> str:
    """XML-escape text and drop characters XML 1.0 cannot carry at all (e.g. NUL)."""
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
    start = 0 if spec.flat_top else 30
    return [
        (x + radius * math.cos(math.radians(start + 60 * i)), y + radius * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def _terrain(attrs) -> str | None:
    t = attrs.get("terrain") if isinstance(attrs, Mapping) else None
    if isinstance(t, Mapping):  # data-format wrapper {value: ..., rule: ...}
        t = t.get("value")
    return t.lower() if isinstance(t, str) else None


def render_svg(
    spec: GridSpec,
    hexes: Mapping[str, Mapping],
    units: Mapping[str, list],
    marks: Mapping[str, str] | None = None,
    title: str = "",
    hexsides: Mapping[str, str] | None = None,
) -> str:
    """SVG text showing `hexes` (plus any hex holding units or carrying a mark).

    hexes: hex id -> attributes; `terrain` picks the fill colour.
    units: hex id -> list of unit dicts; each is drawn as a box with its `id` and `label`.
    marks: hex id -> text (e.g. "combat 2/1"); the hex gets a red outline and the text.
    hexsides: "A|B" -> feature (river, rhine, lake, sea, ...): drawn along the shared edge when
      both hexes are drawn.
    Optional hex attributes: `name` (drawn under the id), `city` (a small city square).
    Optional unit key: `fill` (the box colour, default white).
    Ids are canonicalised with `spec`, so "2516W" and "2516" are the same hex.
    """
    page = _Page.of(spec, hexes, units, marks or {}, title)
    out = _head(page, title)
    # Marked hexes last so their red outline is not painted over by neighbours.
    out.append('<g class="hexes">')
    for h in sorted(page.order, key=lambda h: h in page.mark_text):
        out += _hex_polygon(page, h)
    out.append("</g>")
    # Hexside features along the shared edge of two drawn hexes (rivers, lakes, ...).
    edges = _hexside_edges(page, hexsides or {})
    if edges:
        out.append('<g class="hexsides">')
        out += edges
        out.append("</g>")
    # Battle outlines again on top of the hexside features, so neither hides the other.
    outlines = _battle_outlines(page)
    if outlines and edges:
        out.append('<g class="battles">')
        out += outlines
        out.append("</g>")
    out.append('<g class="labels">')
    for h in page.order:
        out += _hex_labels(page, h)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class _Page:
    """What is drawn where: canonical hex id -> merged attributes, stacks and marks; each hex's
    centre; the drawing order; the translation onto the page and the page's size."""

    spec: GridSpec
    attrs: dict[str, Mapping]
    stacks: dict[str, list]
    mark_text: dict[str, list[str]]
    centres: dict[str, tuple[float, float]]
    order: list[str]
    dx: float
    dy: float
    width: float
    height: float

    @staticmethod
    def of(spec: GridSpec, hexes: Mapping[str, Mapping], units: Mapping[str, list], marks: Mapping[str, str],
           title: str) -> "_Page":
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
        drawn = set(attrs) | set(stacks) | set(mark_text)
        # Draw in page order (top to bottom, left to right) so overlaps are predictable.
        centres = {h: hex_centre(spec, *spec.parse(h)) for h in drawn}
        order = sorted(drawn, key=lambda h: (centres[h][1], centres[h][0], h))
        if order:
            xs = [x for h in order for x, _ in hex_corners(spec, *centres[h])]
            ys = [y for h in order for _, y in hex_corners(spec, *centres[h])]
            min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
        else:
            min_x = max_x = min_y = max_y = 0.0
        top = TITLE_HEIGHT if title else 0.0
        # wide enough for the title too (roughly 8 units per character at font-size 14)
        width = max(max_x - min_x + 2 * MARGIN, 8.0 * len(title) + 2 * MARGIN)
        height = max_y - min_y + 2 * MARGIN + top
        return _Page(spec, attrs, stacks, mark_text, centres, order, MARGIN - min_x, MARGIN + top - min_y, width, height)

    def at(self, h: str) -> tuple[float, float]:
        """A drawn hex's centre on the page."""
        return self.centres[h][0] + self.dx, self.centres[h][1] + self.dy


def _head(page: _Page, title: str) -> list[str]:
    width, height = page.width, page.height
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" font-family="sans-serif">',
    ]
    if title:
        out.append(f"<title>{_clean(title)}</title>")
    out.append(
        '<defs><pattern id="unknown-terrain" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="8" height="8" fill="#d0d0d0"/>'
        '<path d="M0,8 L8,0" stroke="#808080" stroke-width="1"/></pattern></defs>'
    )
    out.append(f'<rect x="0" y="0" width="{_fmt(width)}" height="{_fmt(height)}" fill="#ffffff"/>')
    if title:
        out.append(f'<text x="{_fmt(MARGIN)}" y="{_fmt(MARGIN + 12)}" font-size="14" font-weight="bold">{_clean(title)}</text>')
    return out


def _hex_polygon(page: _Page, h: str) -> list[str]:
    x, y = page.at(h)
    points = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in hex_corners(page.spec, x, y))
    terrain = _terrain(page.attrs.get(h, {}))
    fill = PALETTE.get(terrain) if terrain else None
    stroke = f'stroke="{MARK_COLOUR}" stroke-width="3"' if h in page.mark_text else 'stroke="#404040" stroke-width="1"'
    out = [f'<polygon id="hex-{_clean(h)}" points="{points}" '
           f'fill="{fill or "url(#unknown-terrain)"}" {stroke}/>']
    if fill is None:
        out.append(f'<text x="{_fmt(x + RADIUS * 0.42)}" y="{_fmt(y - RADIUS * 0.6)}" font-size="10" fill="#404040">?</text>')
    return out


def _hexside_edges(page: _Page, hexsides: Mapping[str, str]) -> list[str]:
    spec, centres, edges = page.spec, page.centres, []
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
        bx_, by_ = centres[b_id]
        corners = hex_corners(spec, *centres[a_id])
        near = sorted(corners, key=lambda c: (round(math.hypot(c[0] - bx_, c[1] - by_), 6), c))[:2]
        if abs(math.hypot(near[1][0] - bx_, near[1][1] - by_) - RADIUS) > 0.01 * RADIUS:
            continue    # not adjacent: no shared edge
        colour, width = HEXSIDE_STYLE.get(str(hexsides[key]).lower(), ("#606060", 3.0))
        (x1, y1), (x2, y2) = near
        dx, dy = page.dx, page.dy
        edges.append(
            f'<line class="hexside-{_clean(str(hexsides[key]).lower())}" x1="{_fmt(x1 + dx)}" y1="{_fmt(y1 + dy)}" '
            f'x2="{_fmt(x2 + dx)}" y2="{_fmt(y2 + dy)}" stroke="{colour}" stroke-width="{_fmt(width)}" stroke-linecap="round"/>'
        )
    return edges


def _battle_outlines(page: _Page) -> list[str]:
    outlines = []
    for h in sorted(page.mark_text):
        corners = hex_corners(page.spec, *page.at(h), RADIUS - 2.5)
        path = "M" + " L".join(f"{_fmt(px)},{_fmt(py)}" for px, py in corners) + " Z"
        outlines.append(f'<path class="battle" d="{path}" fill="none" stroke="{MARK_COLOUR}" stroke-width="2.5"/>')
    return outlines


def _hex_labels(page: _Page, h: str) -> list[str]:
    """A hex's id, city square and name, its stack and its mark texts."""
    x, y = page.at(h)
    hex_attrs = page.attrs.get(h, {})
    out = [f'<text x="{_fmt(x)}" y="{_fmt(y - RADIUS * 0.64)}" font-size="9" text-anchor="middle" fill="#202020">{_clean(h)}</text>']
    name = hex_attrs.get("name") if isinstance(hex_attrs, Mapping) else None
    if isinstance(name, Mapping):
        name = name.get("value")
    if isinstance(hex_attrs, Mapping) and hex_attrs.get("city") is True:
        out.append(
            f'<rect class="city" x="{_fmt(x - RADIUS * 0.5)}" y="{_fmt(y - RADIUS * 0.76)}" width="7" height="7" '
            'fill="#404040" stroke="#ffffff" stroke-width="0.8"/>'
        )
    unit_top = y - RADIUS * 0.5
    if isinstance(name, str) and name:
        out.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y - RADIUS * 0.45)}" font-size="8" font-style="italic" '
            f'text-anchor="middle" fill="#202020">{_clean(name)}</text>'
        )
        unit_top = y - RADIUS * 0.38
    out += _stack_boxes(page.stacks.get(h, []), x, unit_top)
    # Mark texts at the bottom of the hex (a "\n" in a mark starts a new line), haloed in white.
    lines = [line for text in page.mark_text.get(h, []) for line in str(text).split("\n")]
    for j, line in enumerate(lines):
        out.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y + RADIUS * 0.78 - (len(lines) - 1 - j) * 10)}" font-size="9" '
            f'font-weight="bold" text-anchor="middle" fill="{MARK_COLOUR}" stroke="#ffffff" stroke-width="2.5" '
            f'paint-order="stroke">{_clean(line)}</text>'
        )
    return out


def _stack_boxes(stack: list, x: float, unit_top: float) -> list[str]:
    """Units as a column of small boxes in the middle of the hex, in stack order."""
    out = []
    box_w, box_h = RADIUS * 1.45, 12.0
    for i, unit in enumerate(stack):
        unit = unit if isinstance(unit, Mapping) else {"id": unit}
        bx, by = x - box_w / 2, unit_top + i * (box_h + 1)
        out.append(
            f'<rect x="{_fmt(bx)}" y="{_fmt(by)}" width="{_fmt(box_w)}" height="{_fmt(box_h)}" '
            f'fill="{_clean(unit.get("fill") or "#ffffff")}" stroke="#000000" stroke-width="0.6"/>'
        )
        out.append(f'<text x="{_fmt(bx + 2.5)}" y="{_fmt(by + 9)}" font-size="8">{_clean(unit.get("id", ""))}</text>')
        out.append(
            f'<text x="{_fmt(bx + box_w - 2.5)}" y="{_fmt(by + 9)}" font-size="8" font-weight="bold" text-anchor="end">'
            f'{_clean(unit.get("label", ""))}</text>'
        )
    return out
