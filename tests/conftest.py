"""Shared fixtures: the demo campaign built once, copied per test."""

import shutil
from pathlib import Path

import pytest

from pbem.demo import run_demo
from pbem.keys import load_private_key

ROOT = Path(__file__).resolve().parent.parent
DEMO_KEYS = ROOT / "examples" / "smithereens-demo" / "keys"


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("demo")
    run_demo(work)
    return work / "campaign"


@pytest.fixture
def demo_campaign(demo_build, tmp_path) -> Path:
    target = tmp_path / "campaign"
    shutil.copytree(demo_build, target)
    return target


@pytest.fixture(scope="session")
def demo_keys() -> dict:
    return {side: load_private_key(DEMO_KEYS / side) for side in ("german", "alliance")}


def tree_bytes(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


class FixedDice:
    """A die that always shows `face`, recording what was asked (for rules tests)."""

    def __init__(self, face):
        self.face, self.asked = face, []

    def roll(self, purpose, sides=6):
        self.asked.append(purpose)
        return self.face
