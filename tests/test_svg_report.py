"""`pbem report DIR --svg FILE`: the map picture of a save (pbem/picture.py + pbem/svg.py)."""

import os
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.picture import save_svg
from pbem.svg import MARK_COLOUR, PALETTE
from tests.editorhelp import browser_missing, screenshot

NS = "{http://www.w3.org/2000/svg}"
CHROMIUM = "/usr/bin/chromium"
runner = CliRunner()


@pytest.fixture(scope="module")
def demo(built_demo) -> Path:
    """The Smithereens demo campaign (`run_demo(work)`), built once per session: only read here."""
    return built_demo("smithereens") / "campaign"


def report(folder: Path, *args: str):
    return runner.invoke(app, ["report", str(folder), *args])


def parse(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())          # raises on anything not well-formed


def texts(root: ET.Element) -> list[str]:
    """Every text and tspan's own text, in document order (a hex's name is a tspan of its id)."""
    return [t.text for t in root.iter() if t.tag in (NS + "text", NS + "tspan")]


def polygons(root: ET.Element) -> dict:
    return {p.get("id"): p for p in root.iter(NS + "polygon")}


def test_report_writes_the_picture_and_mentions_it(demo, tmp_path):
    target = tmp_path / "turn.svg"
    result = report(demo, "--svg", str(target))
    assert result.exit_code == 0, result.output
    assert target.is_file()
    number = camp.open_campaign(demo).step_numbers()[-1]
    assert f"Map picture of save {number} (SVG): {target}" in result.output
    # the rest of the report is the ordinary one
    assert result.output.startswith(report(demo).output.rstrip("\n"))
    root = parse(target)
    assert root.tag == NS + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert "DEMONSTRATION DATA" in root.find(NS + "title").text


def test_picture_has_every_unit_with_its_current_face(demo, tmp_path):
    target = tmp_path / "units.svg"
    assert report(demo, "--svg", str(target)).exit_code == 0
    strings = texts(parse(target))
    campaign = camp.open_campaign(demo)
    _, save, _ = campaign.latest()
    units = save["state"]["units"]
    assert {campaign.game.army_of(campaign.data, u) for u in units} >= {"german", "soviet"}
    faces = {}
    for unit_id, unit in units.items():
        f = campaign.game.factors(campaign.data, unit_id, unit["steps"])
        faces[unit_id] = f"{f['attack']}-{f['defense']}-{f['movement']}"
        # each unit box is its id text followed by its label text
        assert strings.count(unit_id) == 1
        assert strings[strings.index(unit_id) + 1] == faces[unit_id]
    # a unit that lost a step shows its reduced face, not the full one
    reduced = [u for u, v in units.items() if v["steps"] < campaign.game.counter(campaign.data, u)["steps"]]
    assert reduced
    for unit_id in reduced:
        full = campaign.game.factors(campaign.data, unit_id, campaign.game.counter(campaign.data, unit_id)["steps"])
        assert f"{full['attack']}-{full['defense']}-{full['movement']}" != faces[unit_id]


def test_picture_marks_the_last_combat(demo, tmp_path):
    target = tmp_path / "combat.svg"
    assert report(demo, "--step", "10", "--svg", str(target)).exit_code == 0      # the demo's mobile assault (12.8)
    root = parse(target)
    save = camp.open_campaign(demo).load_save(10)[0]
    combats = save["state"]["last_combats"]
    assert combats
    hexes = polygons(root)
    marked = f"hex-{combats[0]['hex']}"
    assert hexes[marked].get("stroke") == MARK_COLOUR
    assert all(p.get("stroke") != MARK_COLOUR for h, p in hexes.items() if h != marked)
    column, _, rest = combats[0]["label"].partition(" roll ")
    assert column in texts(root) and f"roll {rest}" in texts(root)       # e.g. "3:1/2:1", "roll 2: 1/1"


def test_picture_shows_known_terrain_and_rivers(demo, tmp_path):
    target = tmp_path / "terrain.svg"
    assert report(demo, "--svg", str(target)).exit_code == 0
    root = parse(target)
    hexes = polygons(root)
    assert hexes["hex-1918E"].get("fill") == PALETTE["clear"]           # demo override
    assert hexes["hex-1919E"].get("fill") == PALETTE["marsh"]
    assert hexes["hex-1819E"].get("fill") == PALETTE["clear"]           # Warsaw: clear (city), 10.19
    assert "Warsaw" in texts(root)
    assert len([line for line in root.iter(NS + "line") if line.get("class") == "hexside-river"]) == 4
    # far-away rulebook hexes (Berlin 3611) are left out of a picture of the fighting near Warsaw
    assert "hex-3611" not in hexes


def test_picture_is_byte_identical_across_runs(demo, tmp_path):
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    assert report(demo, "--svg", str(first)).exit_code == 0
    assert report(demo, "--svg", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    campaign = camp.open_campaign(demo)
    _, save, _ = campaign.latest()
    assert save_svg(campaign, save).encode("utf-8") == first.read_bytes()


def test_picture_never_overwrites(demo, tmp_path):
    target = tmp_path / "once.svg"
    target.write_text("mine", encoding="utf-8")
    result = report(demo, "--svg", str(target))
    assert result.exit_code == 1 and "never overwrites" in result.output
    assert target.read_text(encoding="utf-8") == "mine"


def test_picture_of_an_earlier_step_and_other_formats(demo, tmp_path):
    target = tmp_path / "setup.svg"
    result = report(demo, "--step", "0", "--format", "md", "--svg", str(target))
    assert result.exit_code == 0, result.output
    assert f"Map picture of save 0 (SVG): {target}" in result.output
    root = parse(target)
    assert "ger-46pz" in texts(root)                                       # still alive at set-up
    assert all(p.get("stroke") != MARK_COLOUR for p in polygons(root).values())


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="/usr/bin/chromium is not installed (apt-get install chromium)")
def test_picture_renders_in_a_browser(demo, tmp_path):
    target = tmp_path / "render.svg"
    png = tmp_path / "render.png"
    assert report(demo, "--svg", str(target)).exit_code == 0
    if browser_missing() is None:              # the editor tests' Chromium (tests/editorhelp.py): one per test process
        screenshot(target.as_uri(), png, (1200, 900))
    else:
        profile = tmp_path / "chromium-profile"
        profile.mkdir()
        command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                   "--no-first-run", "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}",
                   f"--screenshot={png}", "--window-size=1200,900", target.as_uri()]
        subprocess.run(command, check=True, timeout=120, capture_output=True)
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
