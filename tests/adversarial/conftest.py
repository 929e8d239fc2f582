"""Fixtures of the adversarial suite (tests/adversarial/): campaigns built once per session and
copied per test, and a transparent cache of the installed rules data so that ~500 CLI runs
fit in well under a minute.

The cache only memoises `pbem.gamedata._load_tree` and `load_scenario` for the read-only rules/
and scenarios/ files of the repository (keyed by name, size and mtime, handed out as deep
copies); campaign files (headers, overrides, saves, signed files) are always read from disk. The subprocess tests
in test_crash_safety.py run the uncached code.
"""

import copy
from pathlib import Path

import pytest

import pbem.gamedata as gamedata
from pbem.games.smithereens.demo import DEMO_ORDERS, plan as demo_plan

from . import util

_ORIGINAL_LOAD_TREE = gamedata._load_tree
_RULES = (util.ROOT / "rules").resolve()
_TREES: dict = {}


def _cached_load_tree(folder):
    folder = Path(folder)
    if not folder.is_dir() or folder.resolve().parent != _RULES:
        return _ORIGINAL_LOAD_TREE(folder)
    signature = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.yaml")))
    key = (str(folder.resolve()), signature)
    if key not in _TREES:
        _TREES[key] = _ORIGINAL_LOAD_TREE(folder)
    tree, files_hash = _TREES[key]
    return copy.deepcopy(tree), files_hash


_ORIGINAL_LOAD_SCENARIO = gamedata.load_scenario
_SCENARIOS: dict = {}


def _cached_load_scenario(game: str, scenario: str):
    path = gamedata.scenarios_dir(game) / f"{scenario}.yaml"
    if not path.is_file() or path.resolve().parent.parent != (util.ROOT / "scenarios").resolve():
        return _ORIGINAL_LOAD_SCENARIO(game, scenario)
    key = (str(path.resolve()), path.stat().st_size, path.stat().st_mtime_ns)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = _ORIGINAL_LOAD_SCENARIO(game, scenario)
    doc, digest = _SCENARIOS[key]
    return copy.deepcopy(doc), digest


# Installed when this conftest is imported (before collection, which builds the demo to derive
# the cases from its files). It is transparent: same data, same hashes, only not re-parsed.
gamedata._load_tree = _cached_load_tree
gamedata.load_scenario = _cached_load_scenario


@pytest.fixture(scope="session")
def demo() -> Path:
    """The campaign `pbem demo --keep` builds (run_demo itself), read-only: copy before use."""
    return util.demo_build()


@pytest.fixture(scope="session")
def demo_at(tmp_path_factory, demo):
    """demo_at(n): a read-only copy of the demo campaign cut after save n (for n = the last
    save it is the whole demo). The next step's signed inputs are those of demo step n + 1."""
    made: dict[int, Path] = {}

    def build(number: int) -> Path:
        if number not in made:
            target = tmp_path_factory.mktemp(f"adv-demo-at-{number}") / "campaign"
            made[number] = util.truncate(util.copy_campaign(demo, target), number)
        return made[number]
    return build


@pytest.fixture
def campaign_at(demo_at, tmp_path):
    """campaign_at(n): a private, writable copy of the demo cut after save n."""
    def copy_at(number: int, name: str = "campaign") -> Path:
        return util.copy_campaign(demo_at(number), tmp_path / name)
    return copy_at


@pytest.fixture
def fresh_demo(demo, tmp_path) -> Path:
    return util.copy_campaign(demo, tmp_path / "campaign")


@pytest.fixture(scope="session")
def other_campaign(tmp_path_factory) -> Path:
    """The same plan and keys as the demo under another campaign id (smithereens-other)."""
    work = tmp_path_factory.mktemp("adv-other")
    return util.play(work / "campaign", DEMO_ORDERS, campaign_id=util.OTHER_ID, options=dict(demo_plan().options))


MORE_UNITS_PLAN = [("german", []), ("alliance", []), ("alliance", []), ("alliance", [])]


@pytest.fixture(scope="session")
def more_units_at(tmp_path_factory):
    """more_units_at(n): a read-only campaign on tests/adversarial/data/more-units-override.yaml,
    cut after save n of a plan with no moves and no attacks (save 0: Turn 1 German prepared
    assaults, 1: Turn 2 Soviet movement, 3: Western movement, 4: Turn 2 German movement: the
    Western Prepared Assault Phase passes by itself, no Western unit being next to an enemy, 11.1)."""
    work = tmp_path_factory.mktemp("adv-more")
    full = util.play(work / "campaign", MORE_UNITS_PLAN, campaign_id="adv-more-units", override=util.MORE_UNITS)
    made: dict[int, Path] = {}

    def build(number: int) -> Path:
        if number not in made:
            target = tmp_path_factory.mktemp(f"adv-more-at-{number}") / "campaign"
            made[number] = util.truncate(util.copy_campaign(full, target), number)
        return made[number]
    return build


@pytest.fixture
def inbox(tmp_path) -> Path:
    folder = tmp_path / "inbox"
    folder.mkdir()
    return folder

