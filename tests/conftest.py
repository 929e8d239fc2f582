"""Shared fixtures: the demo campaign built once, copied per test."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

# Modules compiled once per run: pytest, its workers and every pbem process a test starts write and
# read bytecode under one folder of the run's own, even where PYTHONDONTWRITEBYTECODE is set (that
# keeps __pycache__ out of the source tree, and so does the prefix). Without it each CLI test's
# process compiled pbem again (about 0.2 s each). Set before pbem is imported here.
if "PYTHONPYCACHEPREFIX" not in os.environ:
    os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pbem-test-pyc-")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    sys.dont_write_bytecode = False

import pytest  # noqa: E402

from pbem.keys import load_private_key  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEMO_KEYS = ROOT / "examples" / "smithereens-demo" / "keys"

# the suite's parsed-data records (pbem/parsecache.py) in a folder of its own, never the user's cache;
# set here so every pbem process a test starts inherits it
os.environ.setdefault("PBEM_CACHE_DIR", tempfile.mkdtemp(prefix="pbem-test-cache-"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """The whole suite (`python3 -m pytest -q`, no test named) runs on every core when pytest-xdist is
    installed (issue 13: its wall time). A run of named files, `-n N`, `-p no:xdist`, a machine without
    xdist, and xdist's own workers (which must never start workers of their own) run as given. Runs
    before xdist's own hook, which turns the number into workers."""
    named = config.args_source != pytest.Config.ArgsSource.TESTPATHS
    worker = "PYTEST_XDIST_WORKER" in os.environ
    if config.pluginmanager.hasplugin("xdist") and config.option.numprocesses is None and not named and not worker:
        config.option.numprocesses = "logical"
        if config.option.dist == "no":
            config.option.dist = "worksteal"  # an idle worker takes tests queued on a busy one: the few long tests do not end the run alone


@pytest.fixture(scope="session")
def built_demo(tmp_path_factory):
    """game -> the folder `pbem demo --game GAME` built into (its campaign/ and the private parts
    beside it), built once per session for the tests that only read it (they never write in it)."""
    builds: dict[str, Path] = {}

    def build(game: str) -> Path:
        if game not in builds:
            from tests.demos import demo_by_cli
            builds[game] = demo_by_cli(game)[0]      # `pbem demo --game GAME --keep DIR`: run_demo(DIR, GAME), shared with the tests of its output
        return builds[game]
    return build


@pytest.fixture(scope="session")
def demo_build(built_demo) -> Path:
    """The Smithereens demo campaign (`run_demo(work)`), the same build as built_demo's: read-only, copy before use."""
    return built_demo("smithereens") / "campaign"


@pytest.fixture
def demo_campaign(demo_build, tmp_path) -> Path:
    target = tmp_path / "campaign"
    shutil.copytree(demo_build, target)
    return target


@pytest.fixture(scope="session")
def demo_keys() -> dict:
    return {side: load_private_key(DEMO_KEYS / side) for side in ("german", "alliance")}


def copy_upto(source: Path, target: Path, last: int) -> Path:
    """The campaign folder `source` as a player's copy holds it after save `last` (its later steps left out)."""
    shutil.copytree(source, target, ignore=lambda folder, names: [
        n for n in names if Path(folder).name == "steps" and n.isdigit() and int(n) > last])
    return target


def tree_bytes(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def forge_signed(folder, body: dict, key, sent: str = "2027-01-01T12:00Z") -> str:
    """Sign `body` as a modified pbem would: none of `pbem sign`'s checks (so `adjudicate`'s own
    refusals can be tested), with the signer's real dice for the step where the key holds the
    seat, else well-formed dice that prove nothing."""
    from pbem import campaign as camp
    from pbem.dice import reveal_leaf
    from pbem.errors import PbemError
    from pbem.signing import sign_body
    campaign = camp.open_campaign(Path(folder)) if not isinstance(folder, camp.Campaign) else folder
    body = {k: v for k, v in body.items() if k not in ("dice", "sent")} | {"sent": sent}
    if campaign.header["dice"]["mode"] != "gm":
        step = body["save"] + 1 if type(body.get("save")) is int and body["save"] >= 0 else 1
        try:
            master, depth = camp.dice_master_for(campaign, key, str(body.get("side")))
            body["dice"] = reveal_leaf(master, step, depth)
        except (PbemError, KeyError):
            body["dice"] = {"step": step, "secret": "00" * 32, "proof": ["00" * 32] * 14}
    return sign_body(body, key)


def pytest_terminal_summary(terminalreporter):
    """The adversarial suite's refusal count after a run that included it; here, not in
    tests/adversarial/conftest.py, so that xdist's controller, which collects nothing, prints it too."""
    from tests.adversarial.test_case_count import refusal_counts
    counts = refusal_counts()
    if not any(r.nodeid.startswith("tests/adversarial") for rs in terminalreporter.stats.values()
               for r in rs if hasattr(r, "nodeid")):
        return
    terminalreporter.write_line(
        "adversarial refusal cases: " + ", ".join(f"{k} {v}" for k, v in counts.items())
        + f"; total {sum(counts.values())}")

