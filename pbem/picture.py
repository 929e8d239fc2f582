"""The map picture of a save: an SVG of the hexes around the units (`pbem report DIR --svg FILE`).

Drawn from the save and the campaign's game data only, so it is deterministic (same save, same
bytes). It shows:
  - hexes whose terrain the campaign data gives (rulebook or override), within REACH hexes of
    a unit or of a last-phase battle (all of them when the map is empty), with city names;
    hexes of unknown terrain that hold units or battles are drawn hatched with "?";
  - featured hexsides between drawn hexes (rivers, the Rhine, lakes, all-sea);
  - every unit with its id and the game's label for it (e.g. a counter's factors, "?-?-?" where
    the data lacks them; what a side may not see is left out of the public picture);
  - the game's marks (e.g. the last battles) outlined in red with their text (column, roll, result).
The game module offers grid(), map_units(), map_marks(), side_colours and hexside_lines;
the hexes come from the data through the kit's MapData.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import PbemError
from .gamedata import GameData
from .games.base import GameModule
from .hexgrid import GridSpec
from .kit.terrain import MapData
from .svg import render_svg

if TYPE_CHECKING:
    from .folder import Campaign

REACH = 2            # hexes of known terrain drawn around each unit and battle


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


def picture_svg(game: GameModule, data: GameData, state: dict, title: str = "", side: str | None = None) -> str:
    grid = game.grid(data)
    units: dict[str, list] = {}
    for unit in game.map_units(data, state, side):
        fill = game.side_colours.get(unit.side, "#ffffff")
        units.setdefault(grid.canonical(unit.hex), []).append({"id": unit.id, "label": unit.label, "fill": fill})
    marks = {grid.canonical(h): label for h, label in game.map_marks(data, state).items()}
    known = _known_hexes(data, grid)
    centres = sorted(set(units) | set(marks))
    if centres:
        hexes = {h: a for h, a in known.items() if any(grid.distance(h, c) <= REACH for c in centres)}
    else:
        hexes = dict(known)

    drawn = set(hexes) | set(units) | set(marks)
    hexsides: dict[str, str] = {}
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
        if a in drawn and b in drawn and grid.adjacent(a, b):
            hexsides[f"{a}|{b}"] = line
    return render_svg(grid, hexes, units, marks, title=title, hexsides=hexsides)


def save_svg(campaign: Campaign, save: dict, side: str | None = None) -> str:
    """The picture of one save of a campaign, titled with the campaign, save number and what is next."""
    waiting = save.get("awaiting") or {}
    title = f"{campaign.header.get('title', campaign.id)} — save {save['number']}"
    if waiting.get("phase"):
        title += f" — next: {waiting['phase']}"
    if (save.get("data_used") or {}).get("demonstration") or campaign.data.demonstration:
        title += " — DEMONSTRATION DATA"
    if side:
        title += f" — {side}'s view"
    return picture_svg(campaign.game, campaign.data, save["state"], title, side)
