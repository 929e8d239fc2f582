"""Fixtures of the adversarial suite (tests/adversarial/): campaigns built once per session and
copied per test, most of them as hard-linked copies (util.link_campaign: the files a test rewrites
are real copies, and each test checks afterwards that the shared campaign was not written through
a link).

pbem itself keeps the parse of the installed rules and scenarios per process (pbem.gamedata), so
the suite needs no cache of its own: every command here runs pbem's own code.
"""

from pathlib import Path

import pytest

from pbem.games.smithereens.demo import DEMO_ORDERS, plan as demo_plan

from . import util


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
def _stamps() -> dict:
    """folder -> its files' stamps when first linked to (util.stamps)."""
    return {}


@pytest.fixture
def linked_at(demo, demo_at, tmp_path, _stamps):
    """linked_at(n, own=()): a private copy of the demo cut after save n (n None: the whole demo),
    its files hard links to those of demo_at(n) (or the demo) but for the relative paths in `own`,
    real copies to rewrite (util.link_campaign). Afterwards: the source was not written through a link."""
    used: list[Path] = []

    def link_at(number: int | None, own: tuple = (), name: str = "campaign") -> Path:
        source = demo if number is None else demo_at(number)
        if source not in _stamps:
            _stamps[source] = util.stamps(source)
        used.append(source)
        return util.link_campaign(source, tmp_path / name, own)
    yield link_at
    for source in used:
        util.untouched(source, _stamps[source])


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

