"""`pbem data edit` in a real browser: paint, hexsides, CRT, a counter, save, and what it shrinks."""

import re
import shutil

import pytest
import yaml

from pbem.datatools import grouped_unknowns
from pbem.gamedata import load_game_data
from pbem.games.smithereens import GAME
from pbem.svg import hex_centre
from tests.conftest import ROOT
from tests.editorhelp import Page, needs_browser
from tests.test_cli import players, run

# 10 hexes the rulebook lists with their terrain unknown (each fills one `map.hexes.H.terrain`)
LISTED = ["1131", "1232", "1515", "1626", "1718", "1726", "1818", "2104", "2111", "2119"]
# 10 hexes the rulebook does not list (each a new entry of the open collection map.hexes)
NEW = ["1718E", "1719E", "1720E", "1818E", "1820E", "1821E", "1917E", "1918E", "1919E", "1920E"]
SIDES = [("1819E", "1918E", "river"), ("1819E", "1919E", "river"), ("1820E", "1919E", "rhine"),
         ("1718E", "1818E", "lake"), ("1917E", "1918E", "sea")]
CYCLE = ["rhine", "river", "lake", "sea", "atc"]           # Smithereens' hexside features in click order
CRT = {"crt.cells.3.1:3/1:4": "3/0", "crt.cells.4.2:1/1:1": "1/1", "crt.cells.6.7:1/6:1": "0/4"}
COUNTER = {"id": "ger-73id", "side": "german", "type": "infantry", "steps": "2", "full.attack": "3", "full.defense": "4",
           "full.movement": "4", "reduced.attack": "1", "reduced.defense": "2", "reduced.movement": "4", "setup": "1819E"}


def centres_within(a: str, b: str) -> set:
    """The hexes whose centres (pbem.svg, as the page draws them) lie in the rectangle from a's centre to b's."""
    spec = GAME.grid(load_game_data("smithereens"))
    (xa, ya), (xb, yb) = (hex_centre(spec, *spec.parse(h)) for h in (a, b))
    out = set()
    for col in range(spec.parse(a)[0] - 2, spec.parse(b)[0] + 3):
        for row in range(0, 40):
            x, y = hex_centre(spec, col, row)
            if min(xa, xb) <= x <= max(xa, xb) and min(ya, yb) <= y <= max(ya, yb):
                out.add(spec.format(col, row))
    return out


@pytest.fixture
def page(tmp_path):
    page = Page("smithereens", tmp_path / "smithereens-data-override.yaml")
    yield page
    page.close()


def paint_all(page: Page) -> None:
    page.tool("paint")
    for i, hex_id in enumerate(LISTED + NEW):
        page.terrain(["clear", "forest", "rough", "marsh"][i % 4])
        page.click_hex(hex_id)
    page.tool("hexside")
    for a, b, feature in SIDES:
        for _ in range(CYCLE.index(feature) + 1):
            page.click_hexside(a, b)
    page.tab("crt")
    for path, value in CRT.items():
        page.type_into(f"#crt input[data-path='{path}']", value)
    page.tab("counters")
    page.click("#add-counter")
    row = "#counter-table tr[data-counter]"
    page.type_into(f"{row} input[data-key='id']", COUNTER["id"])
    page.choose(f"{row} select[data-key='side']", COUNTER["side"])
    for key, value in COUNTER.items():
        if key not in ("id", "side"):
            page.type_into(f"{row} input[data-key='{key}']", value)


@needs_browser
def test_paint_hexsides_crt_counter_save_shrinks_missing_by_exactly_those(page, players, tmp_path):
    paint_all(page)
    page.tab("map")
    page.js("window.editorMap.centerOn('1819E')")
    message = page.save()
    assert message.startswith("saved"), message
    page.driver.save_screenshot(str(tmp_path / "editor.png"))
    out = tmp_path / "smithereens-data-override.yaml"
    values = yaml.safe_load(out.read_text())["values"]
    assert {p: values[p] for p in CRT} == CRT
    assert all(values[f"map.hexes.{h}.terrain"] in ("clear", "forest", "rough", "marsh") for h in LISTED)
    assert all(set(values[f"map.hexes.{h}"]) == {"terrain"} for h in NEW)
    assert {k: values[f"map.hexsides.{k}"] for k in ("|".join(sorted((a, b))) for a, b, _ in SIDES)} == \
        {"|".join(sorted((a, b))): f for a, b, f in SIDES}
    assert values["units.counters.ger-73id"] == {"side": "german", "type": "infantry", "steps": 2, "setup": "1819E",
                                                 "full": {"attack": 3, "defense": 4, "movement": 4},
                                                 "reduced": {"attack": 1, "defense": 2, "movement": 4}}
    # accepted exactly as `pbem new --data` accepts it, and `pbem data missing` shrinks by 13
    base, data = load_game_data("smithereens"), load_game_data("smithereens", out)
    assert len(base.unknown_paths()) - len(data.unknown_paths()) == len(LISTED) + len(CRT)
    before, after = grouped_unknowns(base), grouped_unknowns(data)
    assert len(before["Map: terrain per hex and hexsides"]) - len(after["Map: terrain per hex and hexsides"]) == len(LISTED)
    assert len(before["CRT cells"]) - len(after["CRT cells"]) == len(CRT)
    shutil.copy(out, players / "override.yaml")
    run("new", "smithereens", "historical", "--dir", "camp", "--player", "german=ger.pub", "--player", "alliance=all.pub",
        "--commitment", "c1-german.commit.txt", "--commitment", "c1-alliance.commit.txt", "--data", "override.yaml")
    missing = run("data", "missing", "camp").stdout
    assert missing.startswith(f"smithereens: {len(base.unknown_paths()) - 13} value(s)")
    assert re.search(r"Map: terrain per hex and hexsides \(86\)", missing) and "CRT cells (32)" in missing
    # the open-collection entries, counted apart: 10 hexes, 5 hexsides, 1 counter
    added = {kind: sum(1 for p in data.overridden if p.startswith(data.full_path(path) + ".") and p.count(".") == data.full_path(path).count(".") + 1)
             for kind, path in (("hexes", "map.hexes"), ("hexsides", "map.hexsides"), ("counters", "units.counters"))}
    assert added == {"hexes": len(NEW), "hexsides": len(SIDES), "counters": 1}, data.overridden
    assert "10 hexes, 5 hexsides, 1 counters added" in message
    state = yaml.safe_load((players / "camp" / "saves" / "0000" / "save.yaml").read_text()) if (players / "camp" / "saves").exists() else None
    assert state is None or "ger-73id" in str(state)


@needs_browser
def test_fill_sets_only_unset_hexes_in_the_rectangle_and_a_reload_continues(page, tmp_path):
    page.tool("paint")
    page.terrain("forest")
    page.click_hex("1919E")
    page.tool("fill")
    page.terrain("clear")
    page.drag("1817E", "2021E")            # a 4 x 5 rectangle around Warsaw (1819E: clear city, locked)
    values = page.values()
    filled = {k.split(".")[2] for k, v in values.items() if k.startswith("map.hexes.") and v == {"terrain": "clear"}}
    assert "1919E" not in filled and values["map.hexes.1919E"] == {"terrain": "forest"}
    assert "1819E" not in filled and "map.hexes.1819E" not in values           # the rulebook's own hex stays locked
    assert filled == centres_within("1817E", "2021E") - {"1819E", "1919E"} and len(filled) == 12
    assert page.save().startswith("saved")
    out = tmp_path / "smithereens-data-override.yaml"
    page.close()
    again = Page("smithereens", out, data=out)
    try:
        assert again.values() == yaml.safe_load(out.read_text())["values"]
        assert again.find("#progress").text.startswith("0 of 184 values filled")
        assert again.js("return document.querySelector(\"polygon[data-hex='1919E']\").style.fill") != ""
    finally:
        page.driver = again.driver          # the fixture closes the second page
        page.server = again.server


@needs_browser
def test_an_override_the_data_refuses_is_not_written_and_the_page_says_why(page, tmp_path):
    page.tab("values")
    page.type_into("#values input[data-path='map.hexes_complete']", "[1, 2")
    message = page.save()
    assert message.startswith("not saved") and "malformed YAML" in message
    assert not (tmp_path / "smithereens-data-override.yaml").exists()


@needs_browser
def test_screenshot_for_the_readme(tmp_path):
    """docs/editor.png: the demonstration override around Warsaw, loaded to continue (not written to)."""
    demo = tmp_path / "demo.yaml"
    shutil.copy(ROOT / "examples" / "smithereens-demo" / "data-override.yaml", demo)
    page = Page("smithereens", demo, data=demo, size=(1500, 900))
    try:
        page.tool("hexside")
        page.click_hexside("1819E", "1820E")
        page.tool("info")
        page.click_hex("1819E")
        page.js("window.editorState.zoom = 1.1; window.editorMap.centerOn('1819E')")
        assert "+ 48 hexes, 5 hexsides, 8 counters added" in page.find("#progress").text
        shot = tmp_path / "editor.png"
        page.driver.save_screenshot(str(shot))
        assert shot.read_bytes().startswith(b"\x89PNG")
        docs = ROOT / "docs" / "editor.png"
        if not docs.exists():              # delete docs/editor.png to take it again
            shutil.copy(shot, docs)
    finally:
        page.close()
