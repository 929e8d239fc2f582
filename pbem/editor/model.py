"""What the editor page shows and edits, worked out from one game's data (no HTTP here).

The page edits one flat mapping, the `values:` of a data override (docs/data-format.md): dotted
data path -> value. An unknown value of the rulebook data is filled under its own path
(`map.hexes.1131.terrain: clear`, `crt.cells.3.1:3/1:4: "3/0"`); an entry of an open
collection is added whole (`map.hexes.1819E: {terrain: clear}`, `map.hexsides.A|B: river`,
`units.counters.ID: {...}`). Every hex id the page draws comes from the game's GridSpec and
every centre from pbem.svg.hex_centre, so the editor's map is the report picture's map.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..datatools import GROUPS, group_of
from ..errors import PbemError, UnknownDataError
from ..gamedata import META_KEYS, UNKNOWN, GameData, is_wrapped, unwrap
from ..games.base import GameModule
from ..hexgrid import GridSpec, hexside_key
from ..svg import HEXSIDE_STYLE, PALETTE, RADIUS, hex_centre
from .forms import counter_fields

MAX_HEXES = 12_000          # the most hexes one page draws (a 110 x 110 extent)
_HEX_FIELDS = ("terrain", "name", "city", "vp", "control_at_start")


def _raw(data: GameData, path: str) -> Any:
    """The value at `path`, or None where the data has none or it is `unknown`."""
    try:
        return data.get(path)
    except (UnknownDataError, PbemError):
        return None


def _hexes_of(data: GameData) -> dict[str, Any]:
    hexes = _raw(data, "map.hexes") or {}
    return {h: v for h, v in hexes.items() if h not in META_KEYS} if isinstance(hexes, dict) else {}


def _hexsides_of(data: GameData) -> dict[str, Any]:
    sides = _raw(data, "map.hexsides") or {}
    return {k: v for k, v in sides.items() if k not in META_KEYS} if isinstance(sides, dict) else {}


def terrain_choices(data: GameData) -> list[str]:
    """The hex terrain types of the game's terrain chart (rules/GAME/terrain.yaml), then any other
    terrain the data already uses. A chart that sorts terrain into natural/manmade lists its hex
    kinds under `natural` with `kind: hex` (or "hex and hexside"); others list `hexes:`."""
    chart = _raw(data, "terrain") or {}
    chart = chart.get("terrain", chart) if isinstance(chart, dict) else {}
    found: list[str] = []
    natural = chart.get("natural") if isinstance(chart, dict) else None
    if isinstance(natural, dict):
        for name, entry in natural.items():
            kind = str(unwrap(entry.get("kind", "hex"))) if isinstance(entry, dict) else ""
            if name not in META_KEYS and re.match(r"hex\b(?!side)", kind):
                found.append(name)
    hexes = chart.get("hexes") if isinstance(chart, dict) else None
    if isinstance(hexes, dict):
        for name, entry in hexes.items():
            # an entry with its own open `hexes:` list is a hex feature (entrenchment), not a terrain
            if name not in META_KEYS and isinstance(entry, dict) and "hexes" not in entry and ({"movement", "combat"} & set(entry)):
                found.append(name)
    for entry in _hexes_of(data).values():
        terrain = unwrap(entry.get("terrain")) if isinstance(entry, dict) else None
        if isinstance(terrain, str) and terrain != UNKNOWN and terrain not in found:
            found.append(terrain)
    return found


def hexside_choices(data: GameData, game: GameModule) -> list[str]:
    """The hexside features the game draws (GameModule.hexside_lines), the terrain chart's hexside
    kinds its open-collection form names (e.g. `road`), and any the data already uses."""
    found = list(game.hexside_lines)
    chart = _raw(data, "terrain") or {}
    chart = chart.get("terrain", chart) if isinstance(chart, dict) else {}
    sides = chart.get("hexsides") if isinstance(chart, dict) else None
    form = game.open_collections
    for name in sides if isinstance(sides, dict) else ():
        if name not in found and re.search(rf"\b{re.escape(name)}\b", form.split("map.hexsides", 1)[-1].split("units.", 1)[0]):
            found.append(name)
    for value in _hexsides_of(data).values():
        value = unwrap(value)
        for feature in [value] if isinstance(value, str) else value if isinstance(value, list) else []:
            if isinstance(feature, str) and feature not in found and feature not in ("none", UNKNOWN):
                found.append(feature)
    return found


def sides_of(data: GameData) -> list[str]:
    sides = _raw(data, "game.sides") or {}
    return [s for s in sides if s not in META_KEYS] if isinstance(sides, dict) else []


def _hex_ids_in(values: Iterable[Any], spec: GridSpec) -> list[tuple[int, int]]:
    out = []
    for text in values:
        for part in str(text).split("|"):
            try:
                out.append(spec.parse(part))
            except ValueError:
                pass
    return out


def default_extent(data: GameData, spec: GridSpec, values: Mapping[str, Any]) -> dict[str, int]:
    """Columns and rows around every hex the data and the override name, and the map sheets' limits."""
    listed = list(_hexes_of(data)) + list(_hexsides_of(data))
    listed += [p.split(".")[2] for p in values if p.startswith(("map.hexes.", "map.hexsides.")) and p.count(".") >= 2]
    cells = _hex_ids_in(listed, spec) or [(1, 1), (20, 20)]
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    for sheet in spec.maps:
        for local in (sheet.first_col, sheet.last_col):
            if local is not None:
                cols.append(local + sheet.col_offset)
    return {"col_min": max(min(cols) - 1, 0), "col_max": max(cols) + 1, "row_min": max(min(rows) - 1, 0), "row_max": max(rows) + 1}


def grid_cells(spec: GridSpec, extent: Mapping[str, int]) -> list[dict[str, Any]]:
    """Every hex of the extent the numbering can name: its id (GridSpec.format) and centre."""
    c0, c1, r0, r1 = (int(extent[k]) for k in ("col_min", "col_max", "row_min", "row_max"))
    if c1 < c0 or r1 < r0 or (c1 - c0 + 1) * (r1 - r0 + 1) > MAX_HEXES:
        raise PbemError(f"map extent columns {c0}..{c1}, rows {r0}..{r1}: at most {MAX_HEXES} hexes, first <= last")
    out = []
    for col in range(c0, c1 + 1):
        for row in range(r0, r1 + 1):
            try:
                hex_id = spec.format(col, row)
            except ValueError:
                continue
            x, y = hex_centre(spec, col, row)
            out.append({"id": hex_id, "x": round(x, 2), "y": round(y, 2)})
    return out


def _field(value: Any, rule: str | None) -> dict[str, Any]:
    inner = unwrap(value)
    own = value.get("rule") if is_wrapped(value) else None
    return {"value": None if inner == UNKNOWN else inner, "known": inner != UNKNOWN, "rule": own or rule}


def listed_hexes(data: GameData, spec: GridSpec) -> dict[str, dict[str, Any]]:
    """Hexes the rulebook data lists, by canonical id: the key it lists them under and each field
    (known ones locked with their rule, unknown ones editable)."""
    rule = _raw(data, "map.hexes.rule")
    out: dict[str, dict[str, Any]] = {}
    for key, entry in _hexes_of(data).items():
        if not isinstance(entry, dict):
            continue
        try:
            canon = spec.canonical(key)
        except ValueError:
            continue
        fields = {f: _field(v, rule) for f, v in entry.items() if f not in META_KEYS and f != "map"}
        out[canon] = {"key": key, "fields": fields}
    return out


def listed_hexsides(data: GameData, spec: GridSpec) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key, value in _hexsides_of(data).items():
        a, _, b = key.partition("|")
        try:
            canon = hexside_key(a, b, spec)
        except ValueError:
            continue
        inner = unwrap(value)
        features = [inner] if isinstance(inner, str) else list(inner or [])
        out[canon] = {"key": key, "features": features, "known": inner != UNKNOWN}
    return out


def crt_grid(data: GameData) -> dict[str, Any] | None:
    """The CRT as rows x columns when the data gives it so (`crt.cells.ROW.COLUMN`), else None."""
    cells = _raw(data, "crt.cells")
    if not isinstance(cells, dict):
        return None
    rule = data.provenance("crt.cells").removeprefix("rule ")
    rows = [r for r in cells if r not in META_KEYS and isinstance(cells[r], dict)]
    order = _raw(data, "crt.columns")
    columns = [c["key"] for c in order if isinstance(c, dict) and "key" in c] if isinstance(order, list) else []
    for row in rows:
        columns += [c for c in cells[row] if c not in META_KEYS and c not in columns]
    table = {row: {col: _field(cells[row][col], rule) for col in cells[row] if col not in META_KEYS} for row in rows}
    return {"rows": rows, "columns": columns, "cells": table, "path": "crt.cells"}


def unknown_entries(data: GameData) -> list[dict[str, str]]:
    """Every unknown value with its `pbem data missing` group and the tool that fills it."""
    out = []
    for path, printed_on in data.unknown_paths():
        parts = path.split(".")
        if path.startswith("map.hexes.") and len(parts) == 4:
            kind = "hex-field"
        elif path.startswith("map.places.") and parts[-1] == "hex":
            kind = "place"
        elif path.startswith("map.") and parts[-1] == "hexes":
            kind = "area"
        elif path.startswith("crt.cells.") and len(parts) == 4:
            kind = "crt"
        else:
            kind = "value"
        out.append({"path": path, "printed_on": printed_on, "group": group_of(path), "kind": kind})
    return out


def normalise_values(values: Mapping[str, Any], spec: GridSpec, listed: Mapping[str, dict]) -> dict[str, Any]:
    """An override's values with new map entries under canonical ids ("1005E" -> "4205")."""
    out: dict[str, Any] = {}
    listed_keys = {v["key"] for v in listed.values()}
    for path, value in values.items():
        parts = path.split(".")
        try:
            if path.startswith("map.hexes.") and len(parts) == 3 and parts[2] not in listed_keys:
                path = f"map.hexes.{spec.canonical(parts[2])}"
            elif path.startswith("map.hexsides.") and len(parts) == 3 and "|" in parts[2]:
                a, _, b = parts[2].partition("|")
                path = f"map.hexsides.{hexside_key(a, b, spec)}"
        except ValueError:
            pass
        out[path] = value
    return out


def page_model(data: GameData, base: GameData, game: GameModule, values: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the page needs at start: `base` is the rulebook data alone (what is unknown
    before any override), `data` the same with the loaded override (for the saved progress)."""
    spec = game.grid(base)
    listed = listed_hexes(base, spec)
    values = normalise_values(values, spec, listed)
    extent = default_extent(base, spec, values)
    return {
        "game": base.game, "title": str(_raw(base, "game.title") or base.game),
        "grid": {"flat_top": spec.flat_top, "radius": RADIUS, "extent": extent, "hexes": grid_cells(spec, extent)},
        "terrain": terrain_choices(base), "hexside_features": hexside_choices(base, game), "sides": sides_of(base),
        "controls": sides_of(base) + [a for a in (_raw(base, "game.alliances") or {}) if a not in META_KEYS],
        "hex_fields": list(_HEX_FIELDS), "listed": listed, "hexsides": listed_hexsides(base, spec),
        "crt": crt_grid(base), "unknown": unknown_entries(base), "groups": [g for _, g in GROUPS] + ["Other rules data"],
        "counter_fields": counter_fields(base.game), "colours": colours(base, game), "values": values, "progress": progress(base, data),
    }


def colours(data: GameData, game: GameModule) -> dict[str, Any]:
    """The report picture's colours (pbem.svg) for the terrain and hexside choices."""
    terrain = {}
    for name in terrain_choices(data):
        colour = PALETTE.get(name.lower()) or PALETTE.get(name.lower().split(" (")[0])
        if colour:
            terrain[name] = colour
    sides = {}
    for name in hexside_choices(data, game):
        colour, width = HEXSIDE_STYLE.get(str(game.hexside_lines.get(name, name)), ("#606060", 3.0))
        sides[name] = {"colour": colour, "width": width}
    return {"terrain": terrain, "hexsides": sides}


def progress(base: GameData, data: GameData) -> dict[str, Any]:
    """Per `pbem data missing` group: how many of the rulebook's unknown values are filled, and
    how many open-collection entries (hexes, hexsides, counters) the override adds."""
    before: dict[str, int] = {}
    after: dict[str, int] = {}
    for path, _ in base.unknown_paths():
        before[group_of(path)] = before.get(group_of(path), 0) + 1
    for path, _ in data.unknown_paths():
        after[group_of(path)] = after.get(group_of(path), 0) + 1
    groups = {g: {"total": n, "filled": n - after.get(g, 0)} for g, n in before.items()}
    entries = {}
    for name, path in (("hexes", "map.hexes"), ("hexsides", "map.hexsides"), ("counters", "units.counters")):
        full = data.full_path(path)
        entries[name] = sum(1 for p in data.overridden if p.startswith(full + ".") and p.count(".") == full.count(".") + 1)
    return {"groups": groups, "filled": sum(g["filled"] for g in groups.values()),
            "total": sum(g["total"] for g in groups.values()), "entries": entries}
