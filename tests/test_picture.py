"""The map picture in every step folder (steps/NNNN/picture.svg, pbem/picture.py + pbem/svg.py):
written at adjudication, verified byte for byte, drawn in a real browser at 800 px (legend,
arrows, combat markers, pips and badges, no text under 11 px, counters' text inside their
counters), a PNG for forums on request, and nothing the public record may not show."""

import math
import re
import shutil
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.adjudicate import StepResult, commit_step
from pbem.demo import run_demo
from pbem.errors import PbemError
from pbem.games.base import MapArrow
from pbem.picture import PICTURE, max_columns, save_svg
from pbem.svg import HEX, MIN_TEXT, PAGE_WIDTH, Arrow, Legend, render_svg
from tests.conftest import ROOT
from tests import editorhelp
from tests.editorhelp import browser_missing, needs_browser
from tests.test_svg import SMITHEREENS
from tests.test_svg_report import demo

NS = "{http://www.w3.org/2000/svg}"
BUNDLED = ROOT / "examples" / "operation-grenade-demo" / "campaign"
runner = CliRunner()


@pytest.fixture(scope="module")
def smithereens(demo) -> Path:
    """The Smithereens demo campaign (built once for this module by test_svg_report's fixture)."""
    return demo


def picture(folder: Path, number: int) -> ET.Element:
    return ET.fromstring((folder / "steps" / f"{number:04d}" / PICTURE).read_bytes())


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in element.get("points").split()]


def centre(root: ET.Element, hex_id: str) -> tuple[float, float]:
    corners = points(next(p for p in root.iter(NS + "polygon") if p.get("id") == f"hex-{hex_id}"))
    return sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6


# -- written with every step, verified like report.txt ----------------------------------------

def test_every_step_folder_has_its_picture_and_it_is_the_public_one(smithereens):
    campaign = camp.open_campaign(smithereens)
    for number in campaign.step_numbers():
        stored = (campaign.step_dir(number) / PICTURE).read_text(encoding="utf-8")
        save = campaign.load_save(number)[0]
        assert stored == save_svg(campaign, save)                     # the public view (side None)
        assert "view" not in ET.fromstring(stored.encode()).find(NS + "title").text
    for step in sorted((BUNDLED / "steps").iterdir()):
        assert (step / PICTURE).is_file(), step


def test_the_picture_is_byte_identical_on_a_second_build(smithereens, tmp_path):
    """Determinism: the same signed inputs give the same pictures on another machine."""
    run_demo(tmp_path)
    for step in sorted((smithereens / "steps").iterdir()):
        assert (tmp_path / "campaign" / "steps" / step.name / PICTURE).read_bytes() == (step / PICTURE).read_bytes()


def test_verify_recomputes_the_picture_and_names_a_tampered_one(smithereens, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(smithereens, folder)
    assert camp.verify(folder).ok
    target = folder / "steps" / "0002" / PICTURE
    target.write_text(target.read_text(encoding="utf-8").replace("sov-47a", "sov-48a"), encoding="utf-8")
    result = camp.verify(folder)
    assert not result.ok and result.message == f"{target}: differs from the replay"


def test_verify_accepts_a_step_written_before_pictures_but_no_other_file(smithereens, tmp_path):
    """A step folder written by an older pbem has no picture.svg: upgrading must not break a running campaign."""
    folder = tmp_path / "c"
    shutil.copytree(smithereens, folder)
    for step in (folder / "steps").iterdir():
        (step / PICTURE).unlink()
    assert camp.verify(folder).ok
    (folder / "steps" / "0001" / "picture.png").write_bytes(b"\x89PNG")
    result = camp.verify(folder)
    assert not result.ok and "unexpected file(s) picture.png" in result.message


def test_an_adjudicated_step_writes_its_picture_never_overwriting(smithereens, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(smithereens, folder)
    campaign = camp.open_campaign(folder)
    number, save, _ = campaign.latest()
    previous = campaign.load_save(number - 1)[0]
    again = StepResult(number, save, "x", {}, picture="y")
    with pytest.raises(PbemError, match="never overwrites"):
        commit_step(campaign, again)
    assert (campaign.step_dir(number) / PICTURE).read_text(encoding="utf-8") == save_svg(campaign, save, before=previous["state"])


# -- what the picture shows -------------------------------------------------------------------

def test_retreat_arrow_and_combat_marker_of_a_combat_step(smithereens):
    """Save 3: the Alliance defender at 1918E took the 1/1 result as a retreat to 1917E (11.25) (save 2
    rolled the die in the Soviet's tactical air answer, 13.5)."""
    root = picture(smithereens, 3)
    (arrow,) = of_class(root, "polyline", "arrow-retreat")
    assert arrow.get("data-units") == "sov-47a"
    start, end = points(arrow)[0], points(arrow)[-1]
    assert math.dist(start, centre(root, "1918E")) < 0.01
    # the head stops short of the destination's centre, towards it, inside its hex
    assert math.dist(end, centre(root, "1917E")) < HEX * 0.6 < math.dist(end, centre(root, "1918E"))
    (combat,) = [g for g in root.iter(NS + "g") if g.get("class") == "combat"]
    assert combat.get("data-hex") == "1918E"
    assert texts(combat) == ["1:2/1:3", "roll 6: 1/1"]
    legend = texts(next(g for g in root.iter(NS + "g") if g.get("class") == "legend"))
    for entry in ("Legend", "clear", "forest", "marsh", "river hexside", "german", "soviet", "retreat this step",
                  "combat: odds column, roll: result", "steps left (filled) and lost (hollow)"):
        assert entry in legend
    assert "move this step" not in legend                          # only what is drawn is explained


def test_move_arrows_follow_the_paths(tmp_path):
    """Save 3: the Soviet movement (2019E-1919E, 2018E-1918E, 1920E-1919E) under fog of war (11.7,
    the demo's story at the beginner level, where fog is on by default; the bundled demo plays the
    standard level, without fog): the public picture draws the moves of the units the enemy sees;
    sov-2gta, now under sov-1pol in 1919E, is not in it at all. The Alliance's own picture draws all three."""
    from pbem.hidden.private import find_private
    from pbem.hidden.steps import side_save
    from tests.test_hidden import SOVIET_MOVES, demo_until_movement, play

    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    root = picture(campaign.folder, 3)
    arrows = {a.get("data-units"): points(a) for a in of_class(root, "polyline", "arrow-move")}
    assert sorted(arrows) == ["sov-1pol", "sov-4art"]
    assert b"sov-2gta" not in (campaign.folder / "steps" / "0003" / PICTURE).read_bytes()
    part = find_private(campaign.folder, campaign.id, "alliance")
    own = ET.fromstring(save_svg(campaign, side_save(campaign, campaign.load_save(3)[0], "alliance", part), "alliance"))
    assert sorted(a.get("data-units") for a in of_class(own, "polyline", "arrow-move")) == ["sov-1pol", "sov-2gta", "sov-4art"]
    for unit, (start, end) in {"sov-4art": ("2018E", "1918E"), "sov-1pol": ("1920E", "1919E")}.items():
        assert math.dist(arrows[unit][0], centre(root, start)) < 0.01
        assert math.dist(arrows[unit][-1], centre(root, end)) < HEX * 0.6
    assert not of_class(root, "polyline", "arrow-retreat")
    assert not [g for g in root.iter(NS + "g") if g.get("class") == "combat"]      # no combat this step


def test_the_bundled_demos_mobile_assault_is_marked_on_its_picture(smithereens):
    """Save 10 of the Smithereens demo (standard level, no fog): the mobile assault on 1819E is
    marked as the step's combat (12.2, 12.8), its column shifted one right by the Soviet tactical
    air (12.18, 13.5: 1:1/1:2 without it). Its roll of 1 (2/0) eliminates sov-3gta, the only unit
    that moved, so no move arrow is drawn: an arrow follows a unit still on the map."""
    root = picture(smithereens, 10)
    assert [a.get("data-units") for a in of_class(root, "polyline", "arrow-move")] == []
    assert "MA 2:1/1:1" in "".join(t.text or "" for t in root.iter(NS + "text"))
    assert "sov-3gta" not in {g.get("data-unit") for g in root.iter(NS + "g") if g.get("class") == "unit"}


def test_step_pips_show_steps_left_of_printed_steps(smithereens):
    campaign = camp.open_campaign(smithereens)
    save = campaign.load_save(5)[0]
    root = picture(smithereens, 5)
    for group in root.iter(NS + "g"):
        if group.get("class") != "unit":
            continue
        unit = group.get("data-unit")
        full = campaign.game.counter(campaign.data, unit)["steps"]
        left = save["state"]["units"][unit]["steps"]
        assert len(of_class(group, "circle", "pip")) == left and len(of_class(group, "circle", "pip-lost")) == full - left


def test_supply_badges_in_the_bundled_campaign():
    """Save 2 of the bundled Grenade campaign: units out of supply (11.31) carry OOS, explained in the legend."""
    campaign = camp.open_campaign(BUNDLED)
    supply = campaign.load_save(2)[0]["state"]["supply"]
    root = picture(BUNDLED, 2)
    drawn = {g.get("data-unit"): g for g in root.iter(NS + "g") if g.get("class") == "unit"}
    out_of_supply = [u for u in drawn if supply[u] == "out_of_supply"]
    assert out_of_supply
    for unit, group in drawn.items():
        assert ("OOS" in texts(group)) == (unit in out_of_supply)
    assert "out of supply (11.31)" in texts(root)


def test_the_excerpt_frames_the_action_and_counts_what_is_left_out():
    """Save 5 of the bundled campaign: both combats (0110, 0310) in the excerpt, no wider than 800."""
    campaign = camp.open_campaign(BUNDLED)
    root = picture(BUNDLED, 5)
    assert float(root.get("width")) <= PAGE_WIDTH
    assert {g.get("data-hex") for g in root.iter(NS + "g") if g.get("class") == "combat"} == {"0110", "0310"}
    assert of_class(root, "rect", "frame")
    drawn = {g.get("data-unit") for g in root.iter(NS + "g") if g.get("class") == "unit"}
    total = len(campaign.load_save(5)[0]["state"]["units"])
    assert f"{total - len(drawn)} counters outside this excerpt: see the positions in the report." in texts(root)
    grid = campaign.game.grid(campaign.data)
    cols = {grid.parse(p.get("id")[4:])[0] for p in root.iter(NS + "polygon")}
    assert max(cols) - min(cols) + 1 <= max_columns(grid)


def test_grenade_combat_marker_gives_ratio_column_roll_and_result():
    save = camp.open_campaign(BUNDLED).load_save(5)[0]
    combats = {e["hex"]: e for e in save["events"] if e["event"] == "combat"}
    root = picture(BUNDLED, 5)
    for group in root.iter(NS + "g"):
        if group.get("class") == "combat":
            e = combats[group.get("data-hex")]
            assert texts(group) == [f"{e['ratio']} → {e['final_column']}", f"roll {e['roll']}: {e['result']}"]


def test_no_public_picture_names_a_chit_or_a_strength():
    """8.42: only the owner sees a unit's chit and strength; the stored pictures are public."""
    for step in sorted((BUNDLED / "steps").iterdir()):
        text = (step / PICTURE).read_text(encoding="utf-8")
        assert "chit" not in text and "strength" not in text, step
        save = camp.open_campaign(BUNDLED).load_save(int(step.name))[0]
        for unit in save["state"]["units"].values():
            if unit.get("chit"):
                assert not re.search(rf"(?<![\d-]){re.escape(unit['chit'])}(?![\d-])", text), (step, unit["chit"])


def test_an_arrow_of_a_counter_the_viewer_may_not_see_is_not_drawn(smithereens):
    """map_arrows' arrows are drawn only for counters map_units shows to the same viewer."""
    campaign = camp.open_campaign(smithereens)
    save = campaign.load_save(4)[0]              # the Soviet movement of Turn 2
    game = campaign.game

    class Hiding(type(game)):                    # a viewer who does not see sov-2gta (as under fog, 11.7)
        def map_units(self, data, state, side=None):
            return [u for u in super().map_units(data, state, side) if u.id != "sov-2gta"]

    campaign.game = Hiding()
    root = ET.fromstring(save_svg(campaign, save).encode())
    assert sorted(a.get("data-units") for a in of_class(root, "polyline", "arrow-move")) == ["sov-1pol", "sov-4art"]
    assert "sov-2gta" not in ET.tostring(root, encoding="unicode")


def test_advance_arrows_start_where_the_units_stood():
    """11.33 (Smithereens) and 9.94 (Grenade): an advance is drawn from the hex the unit left."""
    from pbem.games.operation_grenade import GAME as GRENADE
    from pbem.games.smithereens import GAME as SMITH
    before = {"units": {"sov-2gta": {"hex": "1919E"}}}
    after = {"units": {"sov-2gta": {"hex": "1819E"}}}
    assert SMITH.map_arrows(None, before, after, [{"event": "advance", "hex": "1819E", "units": ["sov-2gta"]}]) == \
        [MapArrow("advance", ("1919E", "1819E"), ("sov-2gta",))]
    before = {"units": {"13/8/7": {"hex": "0109", "side": "allied"}}}
    assert GRENADE.map_arrows(None, before, before, [{"event": "advance", "units": ["13/8/7"], "path": ["0110", "0111"]}]) == \
        [MapArrow("advance", ("0109", "0110", "0111"), ("13/8/7",))]
    svg = render_svg(SMITHEREENS, {}, {"1819E": [{"id": "sov-2gta"}]}, arrows=[Arrow("advance", ("1919E", "1819E"), ("sov-2gta",))],
                     legend=Legend())
    root = ET.fromstring(svg.encode())
    assert [a.get("data-units") for a in of_class(root, "polyline", "arrow-advance")] == ["sov-2gta"]
    assert "advance after combat this step" in texts(root)


def test_every_font_size_is_at_least_the_minimum(smithereens):
    for folder in (smithereens, BUNDLED):
        for step in sorted((folder / "steps").iterdir()):
            root = ET.fromstring((step / PICTURE).read_bytes())
            sizes = [float(t.get("font-size")) for t in root.iter(NS + "text")]
            assert sizes and min(sizes) >= MIN_TEXT, step
            assert float(root.get("width")) <= PAGE_WIDTH, step


# -- the PNG for forums --------------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def cairosvg_missing() -> str | None:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as exc:
        return f"cairosvg cannot be loaded ({exc}): pip install cairosvg; apt-get install libcairo2"
    return None


@pytest.mark.skipif(cairosvg_missing() is not None, reason=cairosvg_missing() or "")
def test_report_png_writes_an_800_px_picture_never_overwriting(smithereens, tmp_path):
    target = tmp_path / "turn.png"
    result = runner.invoke(app, ["report", str(smithereens), "--step", "2", "--png", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Map picture of save 2 (PNG): {target}" in result.output
    width, height = png_size(target.read_bytes())
    root = picture(smithereens, 2)
    assert width == 800 and height == round(800 * float(root.get("height")) / float(root.get("width")))
    again = runner.invoke(app, ["report", str(smithereens), "--step", "2", "--png", str(target), "--svg", str(tmp_path / "new.svg")])
    assert again.exit_code == 1 and "never overwrites" in again.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["turn.png"]          # nor was the SVG of that call written


def test_report_png_without_cairosvg_is_refused_and_writes_nothing(smithereens, tmp_path, monkeypatch):
    import builtins
    real = builtins.__import__

    def no_cairosvg(name, *args, **kwargs):
        if name == "cairosvg":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cairosvg)
    result = runner.invoke(app, ["report", str(smithereens), "--png", str(tmp_path / "a.png"), "--svg", str(tmp_path / "a.svg")])
    assert result.exit_code == 1 and "--png needs the cairosvg package" in result.output
    assert list(tmp_path.iterdir()) == []


# -- in a real browser at 800 px -----------------------------------------------------------------

MEASURE = """
const svg = document.querySelector('svg');
const box = svg.getBoundingClientRect();
const out = {width: box.width, texts: [], units: [], arrows: [], legend: null};
for (const t of svg.querySelectorAll('text')) {
  const r = t.getBoundingClientRect();
  out.texts.push({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
                  left: r.left - box.left, right: r.right - box.left, top: r.top - box.top, bottom: r.bottom - box.top});
}
for (const g of svg.querySelectorAll('g.unit')) {
  const r = g.querySelector('rect.counter').getBoundingClientRect();
  const inner = [...g.querySelectorAll('text')].map(t => t.getBoundingClientRect());
  out.units.push({id: g.dataset.unit, rect: [r.left, r.right, r.top, r.bottom], texts: inner.map(b => [b.left, b.right, b.top, b.bottom])});
}
for (const a of svg.querySelectorAll('polyline[class^="arrow-"]')) {
  const r = a.getBoundingClientRect();
  out.arrows.push({kind: a.getAttribute('class'), units: a.dataset.units, w: r.width, h: r.height,
                   inside: r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom});
}
const legend = svg.querySelector('g.legend');
out.legend = legend ? [...legend.querySelectorAll('text')].map(t => t.textContent) : null;
return out;
"""


@pytest.fixture
def browser():
    """The test process's one headless Chromium (tests/editorhelp.py), its window 900 x 1300 for each
    test (a test of another file may have resized it in between)."""
    if browser_missing():
        pytest.skip(browser_missing())
    driver = editorhelp.browser()
    driver.set_window_size(900, 1300)
    return driver


def shown_at_800(driver, svg_path: Path, tmp_path: Path) -> dict:
    """The picture inline in a page, 800 px wide (as a forum shows it), measured by the browser."""
    svg = svg_path.read_text(encoding="utf-8").split("?>", 1)[1]
    svg = re.sub(r'width="[\d.]+" height="[\d.]+"', 'style="width:800px;height:auto;display:block"', svg, count=1)
    page = tmp_path / f"{svg_path.parent.name}.html"
    page.write_text(f"<!doctype html><html><body style='margin:0'>{svg}</body></html>", encoding="utf-8")
    driver.get(page.as_uri())
    return driver.execute_script(MEASURE)


@needs_browser
@pytest.mark.parametrize("which", ["smithereens-2", "smithereens-3", "smithereens-5", "grenade-2", "grenade-5", "grenade-6"])
def test_in_a_browser_at_800_px(which, browser, smithereens, tmp_path):
    name, number = which.split("-")
    folder = smithereens if name == "smithereens" else BUNDLED
    seen = shown_at_800(browser, folder / "steps" / f"{int(number):04d}" / PICTURE, tmp_path)
    assert seen["width"] == pytest.approx(800, abs=0.5)
    # no text under 11 px, none outside the picture
    assert min(t["px"] for t in seen["texts"]) >= 11 - 1e-3
    for t in seen["texts"]:
        assert t["left"] >= -0.5 and t["right"] <= 800.5 and t["top"] >= -0.5, t
    # every counter's texts lie inside its counter (no text runs over another)
    assert seen["units"]
    for unit in seen["units"]:
        left, right, top, bottom = unit["rect"]
        for t in unit["texts"]:
            assert left - 0.5 <= t[0] and t[1] <= right + 0.5 and top - 0.5 <= t[2] and t[3] <= bottom + 0.5, unit["id"]
    assert seen["legend"] and seen["legend"][0] == "Legend"
    for arrow in seen["arrows"]:
        assert arrow["inside"] and max(arrow["w"], arrow["h"]) > 20, arrow


@needs_browser
def test_the_browser_draws_the_arrows_and_markers_of_a_combat_step(browser, smithereens, tmp_path):
    seen = shown_at_800(browser, smithereens / "steps" / "0003" / PICTURE, tmp_path)
    assert [(a["kind"], a["units"]) for a in seen["arrows"]] == [("arrow-retreat", "sov-47a")]
    marker = [t for t in seen["texts"] if t["text"] in ("1:2/1:3", "roll 6: 1/1")]
    assert len(marker) == 2 and all(t["px"] >= 12 - 1e-3 for t in marker)
    assert "retreat this step" in seen["legend"] and "soviet" in seen["legend"]
