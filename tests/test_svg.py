"""Tests for pbem.svg.render_svg."""

import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pbem.hexgrid import OFFSETS, GridSpec
from pbem.svg import render_svg
from tests.editorhelp import browser_missing, screenshot

NS = "{http://www.w3.org/2000/svg}"
CHROMIUM = "/usr/bin/chromium"

SMITHEREENS = GridSpec.from_dict(
    {
        "numbering": "xxyy",
        "offset": "odd-columns-down",
        "maps": {"": {"col_offset": 0, "last_col": 42}, "W": {"col_offset": 0, "last_col": 42}, "E": {"col_offset": 32, "first_col": 10}},
    }
)

HEXES = {"2119": {"terrain": "clear"}, "2219": {"terrain": "forest"}, "2220": {"terrain": "lava"}}
UNITS = {
    "2119": [{"id": "XXX Pz", "label": "4-3-5"}, {"id": "12 Inf", "label": "2-2-3"}],
    "2121": [{"id": "1 Gd", "label": "6-5-4"}],  # a hex only present because of its unit
}
MARKS = {"2219": "combat 2/1"}


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def _texts(root) -> list[str]:
    return [t.text for t in root.iter(NS + "text")]


def _polygons(root) -> dict[str, ET.Element]:
    return {p.get("id"): p for p in root.iter(NS + "polygon")}


def test_root_size_and_viewbox():
    root = _parse(render_svg(SMITHEREENS, HEXES, UNITS, MARKS, title="Turn 3"))
    assert root.tag == NS + "svg"
    width, height = float(root.get("width")), float(root.get("height"))
    assert width > 0 and height > 0
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, width, height]
    assert root.find(NS + "title").text == "Turn 3"


def test_one_polygon_per_drawn_hex():
    root = _parse(render_svg(SMITHEREENS, HEXES, UNITS, MARKS))
    assert sorted(_polygons(root)) == ["hex-2119", "hex-2121", "hex-2219", "hex-2220"]
    texts = _texts(root)
    for h in ("2119", "2121", "2219", "2220"):
        assert h in texts


def test_units_and_labels_are_text():
    texts = _texts(_parse(render_svg(SMITHEREENS, HEXES, UNITS)))
    for unit_id, label in [("XXX Pz", "4-3-5"), ("12 Inf", "2-2-3"), ("1 Gd", "6-5-4")]:
        assert unit_id in texts and label in texts
    root = _parse(render_svg(SMITHEREENS, HEXES, UNITS))
    assert len(list(root.iter(NS + "rect"))) == 1 + 3 + 1  # background, 3 unit boxes, pattern tile


def test_terrain_fill_and_unknown_terrain():
    root = _parse(render_svg(SMITHEREENS, HEXES, UNITS))
    polys = _polygons(root)
    assert polys["hex-2119"].get("fill") == "#f3f0d7"
    assert polys["hex-2219"].get("fill") == "#9cc48a"
    # unrecognised terrain ("lava") and no terrain at all (2121) are hatched, with a "?"
    assert polys["hex-2220"].get("fill") == "url(#unknown-terrain)"
    assert polys["hex-2121"].get("fill") == "url(#unknown-terrain)"
    assert _texts(root).count("?") == 2


def test_marks_outline_and_text():
    root = _parse(render_svg(SMITHEREENS, HEXES, UNITS, MARKS))
    polys = _polygons(root)
    assert polys["hex-2219"].get("stroke") == "#d00000"
    assert polys["hex-2119"].get("stroke") != "#d00000"
    assert "combat 2/1" in _texts(root)


def test_special_characters_are_escaped():
    units = {"2119": [{"id": 'A<&>"B', "label": "1-1-1 & <x>"}]}
    svg = render_svg(SMITHEREENS, {}, units, {"2119": "odds <1/2 & worse"}, title="T<&>\x00")
    assert 'A<&>"B' not in svg
    root = _parse(svg)
    texts = _texts(root)
    assert 'A<&>"B' in texts
    assert "1-1-1 & <x>" in texts
    assert "odds <1/2 & worse" in texts
    assert root.find(NS + "title").text == "T<&>\ufffd"  # NUL cannot appear in XML


def test_deterministic_output():
    a = render_svg(SMITHEREENS, HEXES, UNITS, MARKS, title="x")
    # same content, dicts built in a different insertion order
    b = render_svg(
        SMITHEREENS,
        dict(reversed(list(HEXES.items()))),
        dict(reversed(list(UNITS.items()))),
        dict(MARKS),
        title="x",
    )
    assert a == b
    assert a == render_svg(SMITHEREENS, HEXES, UNITS, MARKS, title="x")


def test_ids_are_canonicalised():
    # Smithereens 2.4: 1005E and 4205 are the same hex; 2516W is 2516
    root = _parse(render_svg(SMITHEREENS, {"1005E": {"terrain": "clear"}, "2516W": {}}, {"4205": [{"id": "u1"}]}))
    assert sorted(_polygons(root)) == ["hex-2516", "hex-4205"]


def test_empty_map_is_still_valid_svg():
    root = _parse(render_svg(SMITHEREENS, {}, {}))
    assert root.tag == NS + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert _polygons(root) == {}


def _points(poly):
    return [tuple(map(float, p.split(","))) for p in poly.get("points").split()]


def test_flat_top_for_columns_pointy_top_for_rows():
    cols = _parse(render_svg(GridSpec("xxyy", "odd-columns-down"), {"0505": {}}, {}))
    rows = _parse(render_svg(GridSpec("letter-number", "even-rows-right"), {"E5": {}}, {}))
    flat = _points(next(iter(_polygons(cols).values())))
    pointy = _points(next(iter(_polygons(rows).values())))
    # flat-top: two corners share the top edge; pointy-top: one corner at the top
    assert sorted(y for _, y in flat)[0] == pytest.approx(sorted(y for _, y in flat)[1])
    assert sorted(y for _, y in pointy)[0] < sorted(y for _, y in pointy)[1] - 1


@pytest.mark.parametrize("offset", OFFSETS)
def test_adjacent_hexes_share_an_edge(offset):
    # Geometric position check: each neighbour's polygon shares exactly two corners with
    # the centre hex's polygon, and a hex two away shares none.
    spec = GridSpec("xxyy", offset)
    centre = "0505"
    hexes = {h: {"terrain": "clear"} for h in [centre, *spec.neighbours(centre), "0705"]}
    polys = _polygons(_parse(render_svg(spec, hexes, {})))
    mine = {(round(x, 1), round(y, 1)) for x, y in _points(polys["hex-" + centre])}
    for n in spec.neighbours(centre):
        theirs = {(round(x, 1), round(y, 1)) for x, y in _points(polys["hex-" + n])}
        assert len(mine & theirs) == 2, n
    far = {(round(x, 1), round(y, 1)) for x, y in _points(polys["hex-0705"])}
    assert not mine & far


def _renderer():
    if shutil.which("rsvg-convert"):
        return "rsvg-convert"
    if browser_missing() is None:
        return "selenium"           # the editor tests' Chromium (tests/editorhelp.py): one browser per test process
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    return None


@pytest.mark.skipif(_renderer() is None, reason="neither rsvg-convert nor /usr/bin/chromium is installed")
def test_renders_to_png(tmp_path: Path):
    svg_file = tmp_path / "map.svg"
    png_file = tmp_path / "map.png"
    svg_file.write_text(render_svg(SMITHEREENS, HEXES, UNITS, MARKS, title="render"), encoding="utf-8")
    tool = _renderer()
    if tool == "selenium":
        screenshot(svg_file.as_uri(), png_file, (400, 300))
    else:
        if tool == "rsvg-convert":
            cmd = ["rsvg-convert", "-o", str(png_file), str(svg_file)]
        else:
            profile = tempfile.mkdtemp(prefix="pbem-chromium-", dir=tmp_path)
            cmd = [
                CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", f"--user-data-dir={profile}", f"--screenshot={png_file}",
                "--window-size=400,300", svg_file.as_uri(),
            ]
        subprocess.run(cmd, check=True, timeout=60, capture_output=True)
    data = png_file.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 100


@pytest.mark.parametrize("offset", OFFSETS)
def test_memos_draw_the_same_bytes(offset):
    """The picture's memos (a grid's centres and hexside edges, each hex's text per place, _fmt per
    value; issue 13) draw what a fresh drawing does, and the page's extremes are every corner's."""
    import math

    from pbem import svg
    spec = GridSpec("xxyy", offset)
    hexes = {f"{c:02d}{r:02d}": {"terrain": t, "name": "Kleve" if c == 3 else None, "city": c == 4}
             for c in range(2, 7) for r, t in zip(range(3, 7), ("clear", "forest", "lava", "town"))}
    units = {"0304": [{"id": "1 Gd", "label": "6-5-4", "steps": (1, 2), "badges": ["OOS"], "side": "red"}]}
    hexsides = {"0304|0305": "river", "0405|0406": "rhine"}
    legend = svg.Legend({"OOS": "out of supply"}, notes=("a note",))
    warm = [render_svg(spec, hexes, units, {"0505": "1:1"}, "T", hexsides, legend=legend) for _ in range(2)]
    for memo in (svg._fmt, svg._polygon_text, svg._id_text, svg._geometry):
        memo.cache_clear()
    assert warm == [render_svg(spec, hexes, units, {"0505": "1:1"}, "T", hexsides, legend=legend)] * 2
    root = _parse(warm[0])
    corners = [tuple(map(float, p.split(","))) for poly in root.iter(NS + "polygon") for p in poly.get("points").split()]
    frame = next(r for r in root.iter(NS + "rect") if r.get("class") == "frame")
    assert math.isclose(min(x for x, _ in corners), float(frame.get("x")) + svg.FRAME_PAD, abs_tol=0.01)
    assert math.isclose(min(y for _, y in corners), float(frame.get("y")) + svg.FRAME_PAD, abs_tol=0.01)
    assert math.isclose(max(x for x, _ in corners), float(frame.get("x")) + float(frame.get("width")) - svg.FRAME_PAD, abs_tol=0.01)
