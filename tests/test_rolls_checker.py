"""examples/check_rolls.py: the standalone roll checker (standard library only) agrees with
`pbem rolls` on every bundled campaign, and reports a roll, seed, secret or root that was
tampered with (issue 12, "Checking rolls without trusting pbem")."""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.rolls import HEADER
from tests.conftest import ROOT
from tests.test_campaign import make, orders_file
from tests.demos import demo_by_cli

SCRIPT = ROOT / "examples" / "check_rolls.py"
GRENADE = ROOT / "examples" / "operation-grenade-demo" / "campaign"


def pbem(*args) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def checker(folder: Path) -> subprocess.CompletedProcess:
    # -I -S: no site-packages, no PYTHONPATH: neither pbem nor PyYAML can be imported
    return subprocess.run([sys.executable, "-I", "-S", str(SCRIPT), str(folder)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def smithereens(tmp_path_factory) -> Path:
    """The Smithereens demo campaign, built by `pbem demo --game smithereens --keep DIR` (once per process)."""
    return demo_by_cli("smithereens")[0] / "campaign"


@pytest.fixture
def grenade_copy(tmp_path) -> Path:
    return Path(shutil.copytree(GRENADE, tmp_path / "campaign"))


def test_the_script_is_short_and_uses_the_standard_library_only():
    text = SCRIPT.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 100
    imported = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported and imported <= set(sys.stdlib_module_names), imported
    assert "pbem" not in imported and "yaml" not in imported


BUNDLED = {p.parent.name.removesuffix("-demo"): p for p in sorted((ROOT / "examples").glob("*-demo/campaign"))}


def test_every_game_has_a_bundled_campaign_to_check():
    assert {"smithereens", "operation-grenade", "dark-december", "end-of-the-iron-dream"} <= set(BUNDLED)


@pytest.mark.parametrize("which", ["smithereens-built-here"] + sorted(BUNDLED))
def test_the_checker_prints_the_table_of_pbem_rolls(which, smithereens):
    """Every bundled campaign (three seats in End of the Iron Dream), and the Smithereens demo built here."""
    folder = smithereens if which == "smithereens-built-here" else BUNDLED[which]
    checked = checker(folder)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr == "OK: every seed and roll recomputed, every revealed secret proves up to its committed root\n"
    table = pbem("rolls", folder)
    assert checked.stdout == table
    assert tuple(table.splitlines()[:len(HEADER)]) == HEADER
    assert table.count("seed input: pbem-seed-v2|") >= 2


def test_the_bundled_campaign_table_as_recorded():
    table = checker(GRENADE).stdout.splitlines()
    assert [line for line in table if line.startswith("save ")] == [
        "save 2: Before the game: Allied D-Day declaration (18.0)",
        "save 5: Game-Turn 1 (1945-02-23) Allied Combat Phase: german answer before the rolls: defending regiments and support (7.22, 9.64, 13.13) at 0110",
        "save 7: Game-Turn 1 (1945-02-23) German Combat Phase (9.0)",
        "save 10: Game-Turn 2 (1945-02-24) Allied Combat Phase: german answer before the rolls: defending regiments and "
        "support (7.22, 9.64, 13.13) at 0110",
        "save 12: Game-Turn 2 (1945-02-24) Allied Combat Phase: german advance after combat (9.94, 9.95) at 0110",
        "save 14: Game-Turn 2 (1945-02-24) Allied Combat Phase: german loss and retreat choice (9.85) at 0310",
        "save 16: Game-Turn 2 (1945-02-24) German Combat Phase (9.0)",
        "save 18: Game-Turn 2 (1945-02-24) German Combat Phase: allied advance after combat (9.94, 9.95) at 0108+0209",
        "save 21: Game-Turn 3 (1945-02-25) Allied Combat Phase: german answer before the rolls: defending regiments and "
        "support (7.22, 9.64, 13.13) at 0110",
        "save 22: Game-Turn 3 (1945-02-25) Allied Combat Phase: allied path of retreat after a breakthrough (9.97) at 0310"]
    assert "  crt/1/0110/1 (combat 1 at 0110 die 1 (9.0)), 1d6 = 5 (block 0, byte 0)" in table
    assert not [line for line in table if "chit/" in line]        # the chits are dealt, not rolled (8.33, behaviour 3)
    assert sum(" = " in line and line.startswith("  ") and "(block " in line for line in table) == 28


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_a_tampered_face_is_reported(grenade_copy):
    save = grenade_copy / "steps" / "0005" / "save.yaml"
    edit(save, "  - purpose: crt/1/0110/1\n    about: combat 1 at 0110 die 1 (9.0)\n    die: 1d6\n    result: 5\n",
         "  - purpose: crt/1/0110/1\n    about: combat 1 at 0110 die 1 (9.0)\n    die: 1d6\n    result: 6\n")
    checked = checker(grenade_copy)
    assert checked.returncode == 1
    assert checked.stderr == "MISMATCH: save 5: crt/1/0110/1 is 5 (block 0, byte 0), the save says 6\n"
    # the checker's table shows what the seed gives, not what the save claims
    assert "  crt/1/0110/1 (combat 1 at 0110 die 1 (9.0)), 1d6 = 5 (block 0, byte 0)" in checked.stdout.splitlines()


def test_a_tampered_seed_or_secret_is_reported(grenade_copy):
    save = grenade_copy / "steps" / "0002" / "save.yaml"
    edit(save, "seed: e8ec7d14", "seed: f8ec7d14")
    edit(save, "    german: 56f9e7c6", "    german: 66f9e7c6")
    checked = checker(grenade_copy)
    assert checked.returncode == 1
    assert checked.stderr.splitlines() == [
        "MISMATCH: save 2: its dice record other secrets (or another step) than the step's signed files reveal",
        "MISMATCH: save 2: its seed f8ec7d14cf7115e2a4155c6dbc7b38f5d1984957a75dfe5bf0b689f9df6c3772 is not the SHA-256 of its seed input "
        "(e8ec7d14cf7115e2a4155c6dbc7b38f5d1984957a75dfe5bf0b689f9df6c3772)"]


def test_a_revealed_secret_that_does_not_prove_up_to_its_root_is_reported(grenade_copy):
    # the reveal's secret and the save's agree, but neither is the one the german committed to
    edit(grenade_copy / "steps" / "0002" / "reveal-german.txt", 'secret: "56f9e7c6', 'secret: "66f9e7c6')
    edit(grenade_copy / "steps" / "0002" / "save.yaml", "    german: 56f9e7c6", "    german: 66f9e7c6")
    checked = checker(grenade_copy)
    assert checked.returncode == 1
    assert "MISMATCH: save 2: the secret of german in reveal-german.txt does not prove up to its root in campaign.yaml" in checked.stderr
    # a proof hash changed is caught the same way
    # (the first proof hash of the german orders of save 12, a step with rolls, whatever the bundled campaign's bytes)
    orders = grenade_copy / "steps" / "0012" / "orders-german.txt"
    first = re.search(r'proof:\n    - "([0-9a-f])', orders.read_text()).group(0)
    edit(orders, first, first[:-1] + ("0" if first[-1] != "0" else "1"))
    assert "MISMATCH: save 12: the secret of german in orders-german.txt does not prove up" in checker(grenade_copy).stderr


def test_a_header_root_that_is_not_the_signed_commitments_is_reported(grenade_copy):
    edit(grenade_copy / "campaign.yaml", "root: 14fdf6dac1", "root: 04fdf6dac1")
    checked = checker(grenade_copy)
    assert checked.returncode == 1
    lines = checked.stderr.splitlines()
    assert lines[0] == "MISMATCH: campaign.yaml: the root of allied is not that of commitments/allied.txt"
    assert len([line for line in lines if re.match(r"MISMATCH: save \d+: the secret of allied in \S+ does not prove up", line)]) == 10   # the saves that rolled: 2 ... 14, 16, 18, 21, 22


def test_gm_mode_the_referees_reveal_alone_makes_the_seed(tmp_path, demo_keys):
    gm = Ed25519PrivateKey.generate()
    folder = make(tmp_path, demo_keys, gm=gm, campaign_id="gm1")
    attack = orders_file(folder, tmp_path, "german", demo_keys["german"], [{"attack": "1918E", "with": ["ger-46pz"]}], "a.txt")
    assert camp.adjudicate(folder, [attack]).awaiting_reveal == ["gm"]
    assert list(camp.adjudicate(folder, [], key=gm).save["dice"]["secrets"]) == ["gm"]
    checked = checker(folder)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == pbem("rolls", folder)
    assert re.search(r"^  seed input: pbem-seed-v2\|gm1\|1\|[0-9a-f]{64}\|gm=[0-9a-f]{64}$", checked.stdout, re.M)
