"""The map picture of a save: an SVG of the situation around this step's action.

Every step folder holds the public picture of its save (`picture.svg`, written with report.txt at
adjudication and re-computed byte for byte by `pbem verify`); `pbem report DIR --svg FILE`
writes any save's picture, a side's own view with `--side`, and `--png FILE` a PNG of it for
forums (docs/picture.md). Drawn from the save, the previous save and the campaign's game data
only, so it is deterministic (same saves, same bytes). It shows:
  - an excerpt of the map framed round this step's action (its combats and arrows; without
    them, the counters): at most the columns and rows that fit PAGE_WIDTH, so shown 800 px wide
    no text is under 11 px; counters outside it are counted in a note;
  - hexes whose terrain the campaign data gives (rulebook or override), within REACH hexes of
    what is drawn, with city names; hexes of unknown terrain that hold units are hatched with "?";
  - featured hexsides between drawn hexes (rivers, the Rhine, lakes, all-sea);
  - every counter as the viewer may see it (the game's map_units: its label, step pips, status
    badges; what a side may not see is left out of the public picture);
  - this step's moves, retreats and advances as arrows (map_arrows), only of counters drawn;
  - the combat markers (map_combats: odds column, roll, result) on red-outlined hexes;
  - a legend of the terrain, hexsides, sides, arrows and markers drawn.
The game module offers grid(), map_units(), map_combats(), map_arrows(), side_colours,
hexside_lines and badge_legend; the hexes come from the data through the kit's MapData.
"""

from __future__ import annotations

import math
import re

from typing import TYPE_CHECKING

from .errors import PbemError
from .gamedata import GameData
from .games.base import GameModule
from .hexgrid import GridSpec
from .kit.terrain import MapData
from .svg import FRAME_PAD, HEX, MARGIN, PAGE_WIDTH, Arrow, Legend, render_svg, text_width

if TYPE_CHECKING:
    from .folder import Campaign

PICTURE = "picture.svg"   # the public picture in every step folder, beside report.txt
REACH = 2            # hexes of known terrain drawn around each unit and battle
MAX_ROWS = 6         # rows of the excerpt (its columns are what fits PAGE_WIDTH)
# the axial steps (dq, dr) to every hex within REACH: a hex distance max(|dq|, |dr|, |dq + dr|)
_WITHIN_REACH = [(dq, dr) for dq in range(-REACH, REACH + 1) for dr in range(-REACH, REACH + 1)
                 if max(abs(dq), abs(dr), abs(dq + dr)) <= REACH]


def _terrain_name(value: object) -> str | None:
    """"clear (city)" -> "clear"; anything not a known terrain string -> None."""
    if isinstance(value, str) and value != "unknown":
        return value.split(" (")[0]
    return None


def _drawn_line(game: GameModule, features: tuple[str, ...]) -> str | None:
    """The most visible line the game draws for a hexside's features (its `hexside_lines` order)."""
    for feature, line in game.hexside_lines.items():
        if feature in features:
            return line
    return None


def _no_map_svg(title: str, reason: str) -> str:
    """A picture that says why there is no map to draw yet, instead of refusing the step."""
    from html import escape
    lines = [title, f"No map picture: {reason}"]
    text = "".join(f'<text x="10" y="{24 + 20 * i}" font-family="sans-serif" font-size="14">{escape(line)}</text>'
                   for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH}" height="{24 + 20 * len(lines)}">'
            f'{text}</svg>\n')


def _known_hexes(data: GameData, grid: GridSpec) -> dict[str, dict]:
    known: dict[str, dict] = {}
    board = MapData.of(data)
    for hex_id in sorted(board.hexes()):
        try:
            info = board.info(hex_id)
        except PbemError:
            continue                       # listed, terrain still unknown: not drawn
        terrain = _terrain_name(info.get("terrain"))
        if terrain is None:
            continue
        attrs: dict = {"terrain": terrain}
        if info.get("city") is True:
            attrs["city"] = True
        if isinstance(info.get("name"), str):
            attrs["name"] = info["name"]
        known[grid.canonical(hex_id)] = attrs
    return known


def max_columns(grid: GridSpec) -> int:
    """The most columns of hexes whose excerpt, framed, fits PAGE_WIDTH."""
    room = PAGE_WIDTH - 2 * MARGIN - 2 * FRAME_PAD
    if grid.flat_top:                 # columns 1.5 radii apart, a hex 2 radii wide
        return int((room - 2 * HEX) // (1.5 * HEX)) + 1
    return int(room // (math.sqrt(3) * HEX) - 0.5)       # rows shifted half a hex


def _window(grid: GridSpec, focus: list[str]) -> tuple[range, range]:
    """The columns and rows of the excerpt: centred on the focus, at most max_columns x MAX_ROWS."""
    spots = [grid.parse(h) for h in focus]
    ranges = []
    for axis, most in ((0, max_columns(grid)), (1, MAX_ROWS)):
        values = sorted(p[axis] for p in spots)
        low, high = values[0], values[-1]
        if high - low + 1 > most:               # the focus itself is wider: centre on its median
            low = high = values[len(values) // 2]
        centre = (low + high) // 2
        first = centre - (most - 1) // 2
        ranges.append(range(first, first + most))
    return ranges[0], ranges[1]


def picture_svg(game: GameModule, data: GameData, state: dict, title: str = "", side: str | None = None,
                before: dict | None = None, events: list | None = None, notes: tuple[str, ...] = ()) -> str:
    """The picture of `state` as `side` (None: the public record) may see it, with the arrows of
    the step that led to it from `before` through `events`."""
    try:
        grid = game.grid(data)
    except PbemError as exc:               # e.g. a grid offset the group has not entered yet (Dark December)
        return _no_map_svg(title, str(exc))
    events = events or []
    shown = game.map_units(data, state, side)
    visible = {unit.id for unit in shown}
    marks = {grid.canonical(h): label for h, label in game.map_combats(data, state, events).items()}
    arrows = [Arrow(a.kind, tuple(grid.canonical(h) for h in a.path), a.units)
              for a in game.map_arrows(data, before, state, events, side)
              if a.units and set(a.units) <= visible]          # never an arrow of a counter the viewer may not see
    # the same for every save of a campaign: worked out once per data (a data amendment clears it)
    known = data.derived("kit.picture.known_hexes", lambda: _known_hexes(data, grid))
    # each known hex by its column and row, with its axial coordinates: the excerpt's hexes are looked
    # up in its window instead of searched for in the whole map (issue 13: 1,440 hexes in Stargard)
    spots = data.derived("kit.picture.known_spots", lambda: {grid.parse(h): (h, a, *grid.to_axial(h)) for h, a in known.items()})
    focus = sorted(set(marks) | {h for a in arrows for h in a.path}) or sorted({grid.canonical(u.hex) for u in shown}) or sorted(known)
    cols, rows = _window(grid, focus) if focus else (range(0), range(0))

    def inside(hex_id: str) -> bool:
        col, row = grid.parse(hex_id)
        return col in cols and row in rows

    units: dict[str, list] = {}
    outside = 0
    for unit in shown:
        hex_id = grid.canonical(unit.hex)
        if not inside(hex_id):
            outside += 1
            continue
        units.setdefault(hex_id, []).append({"id": unit.id, "label": unit.label, "side": unit.side,
                                             "fill": game.side_colours.get(unit.side, "#ffffff"),
                                             "steps": unit.steps, "badges": list(unit.badges)})
    marks = {h: text for h, text in marks.items() if inside(h)}
    drawn_arrows = [a for a in arrows if all(inside(h) for h in a.path)]
    centres = sorted(set(units) | set(marks) | {h for a in drawn_arrows for h in a.path})
    # every axial spot within REACH of a centre, so each hex of the window is one lookup (issue 13)
    near = {(cq + dq, cr + dr) for cq, cr in map(grid.to_axial, centres) for dq, dr in _WITHIN_REACH}
    in_window = [spots[col, row] for col in cols for row in rows if (col, row) in spots]      # inside(h)
    hexes = {h: a for h, a, q, r in in_window if not near or (q, r) in near}                 # within REACH
    drawn = set(hexes) | set(centres)
    notes = tuple(notes)
    if outside:
        notes += (f"{outside} counter{'s' if outside != 1 else ''} outside this excerpt: see the positions in the report.",)
    left_out = len(arrows) - len(drawn_arrows)
    if left_out:
        notes += (f"{left_out} arrow{'s leave' if left_out != 1 else ' leaves'} this excerpt: see the report.",)
    return render_svg(grid, hexes, units, marks, title=title, hexsides=_hexsides(game, data, grid, drawn),
                      arrows=drawn_arrows, legend=Legend(dict(game.badge_legend), notes=notes))


def _hexsides(game: GameModule, data: GameData, grid: GridSpec, drawn: set[str]) -> dict[str, str]:
    """Featured hexsides between two drawn hexes, each as the line the game draws for it."""
    featured = data.derived("kit.picture.featured_hexsides", lambda: _featured_hexsides(game, data, grid))
    return {f"{a}|{b}": line for a, b, line in featured if a in drawn and b in drawn}


def _featured_hexsides(game: GameModule, data: GameData, grid: GridSpec) -> list[tuple[str, str, str]]:
    """Every featured hexside of the data between two adjacent hexes, (a, b, the line the game draws), in key order."""
    hexsides: list[tuple[str, str, str]] = []
    try:
        listed = data.get("map.hexsides", "hexside features", default={}) or {}
    except PbemError:
        listed = {}
    for key, feature in sorted(listed.items()) if isinstance(listed, dict) else []:
        if isinstance(feature, dict) and "value" in feature:
            feature = feature["value"]
        features = (feature,) if isinstance(feature, str) else tuple(feature) if isinstance(feature, list) else ()
        line = _drawn_line(game, features)
        a, sep, b = str(key).partition("|")
        if not sep or line is None:
            continue
        try:
            a, b = grid.canonical(a), grid.canonical(b)
        except ValueError:
            continue
        if grid.adjacent(a, b):
            hexsides.append((a, b, line))
    return hexsides


def save_svg(campaign: Campaign, save: dict, side: str | None = None, before: dict | None = None) -> str:
    """The picture of one save of a campaign, titled with the campaign, save number and what is
    next; `before`: the previous save's state (read from the folder when not given)."""
    waiting = save.get("awaiting") or {}
    title = f"{campaign.header.get('title', campaign.id)} — save {save['number']}"
    if waiting.get("phase"):
        title += f" — next: {waiting['phase']}"
    notes: tuple[str, ...] = ()
    if (save.get("data_used") or {}).get("demonstration") or campaign.data.demonstration:
        title += " — DEMONSTRATION DATA"
        notes = ("Demonstration data: values not from the rulebook (see the report).",)
    if side:
        title += f" — {side}'s view"
    if before is None and save["number"] > 0:
        before = campaign.load_save(save["number"] - 1)[0]["state"]
    return picture_svg(campaign.game, campaign.data, save["state"], title, side, before, save.get("events") or [], notes)


PNG_WIDTH = 800      # pixels: the width the picture's text sizes are made for
NAME_WIDER = 1.1     # a bold italic name's width against svg.text_width's estimate


_HALO = re.compile(r'(<text [^>]*?) stroke="#ffffff" stroke-width="3" stroke-opacity="0.8" paint-order="stroke">(.*?)</text>')


_NAMED = re.compile(r'<text x="([0-9.]+)"( [^>]*?) text-anchor="middle"( [^>]*)>([^<]*)<tspan dx="([0-9.]+)"([^>]*)>([^<]*)</tspan></text>')


def cairo_names(svg: str) -> str:
    """A hex id with its name is one middle-anchored text whose name is a tspan (svg._hex_ids);
    cairosvg centres the id alone and writes the name over its last digits, so the PNG starts the
    text at the left end of the whole label instead (its width estimated as svg.text_width does,
    the bold italic name a little wider). The stored picture.svg is unchanged."""
    def start(m: re.Match) -> str:
        size = float(re.search(r'font-size="([0-9.]+)"', m[2] + m[3])[1])      # type: ignore[index]
        wide = text_width(m[4], size) + float(m[5]) + text_width(m[7], size) * NAME_WIDER
        return (f'<text x="{float(m[1]) - wide / 2:.2f}"{m[2]} text-anchor="start"{m[3]}>{m[4]}'
                f'<tspan dx="{m[5]}"{m[6]}>{m[7]}</tspan></text>')
    return _NAMED.sub(start, svg)


def cairo_halos(svg: str) -> str:
    """cairosvg ignores paint-order, so a haloed text's white stroke would cover its dark letters
    (hex ids near-white on cream): draw the halo as a white copy underneath, then the letters."""
    return _HALO.sub(lambda m: (f'{m[1]} stroke="#ffffff" stroke-width="3" stroke-opacity="0.8">{m[2]}</text>'
                                f'{m[1]}>{m[2]}</text>'), svg)


def png_of(svg: str) -> bytes:
    """The picture as a PNG PNG_WIDTH pixels wide, rasterised by cairosvg (docs/picture.md: why
    a PNG is made on request and never stored in the campaign folder)."""
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError):        # not installed, or the system lacks libcairo2
        raise PbemError("--png needs the cairosvg package (pip install 'pbem[png]'; it uses the system's "
                        "libcairo2)") from None
    try:
        return bytes(cairosvg.svg2png(bytestring=cairo_halos(cairo_names(svg)).encode("utf-8"), output_width=PNG_WIDTH))
    except (OSError, ValueError) as exc:
        raise PbemError(f"--png: cairosvg could not rasterise the picture ({exc})") from None
