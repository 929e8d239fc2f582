"""Every bundled example campaign (examples/GAME-demo/campaign, DEMONSTRATION DATA) verifies,
and `pbem demo --game GAME` rebuilds it byte for byte. What each campaign's story must show is
tested beside its game (tests/test_*_demo.py, test_*_campaign.py).

After a change to a game's rules data or module: `pbem demo --game GAME --keep DIR`, then copy
DIR/campaign over examples/GAME-demo/campaign (and freeze it, tests/compat/freeze.py, for a
release)."""

from pathlib import Path

import pytest

from tests.conftest import ROOT, tree_bytes
from tests.test_cli import run

BUNDLED = {p.parent.name.removesuffix("-demo"): p for p in sorted((ROOT / "examples").glob("*-demo/campaign"))}
# the first line of `pbem verify` of each: saves, signatures and die rolls, as the demo plays them
VERIFIED = {
    "smithereens": "OK: 12 saves, 16 signatures, 3 die rolls verified",
    "operation-grenade": "OK: 23 saves, 37 signatures, 28 die rolls verified",
    "dark-december": "OK: 14 saves, 20 signatures, 8 die rolls verified",
    "end-of-the-iron-dream": "OK: 22 saves, 30 signatures, 3 die rolls verified",
    "stargard-solstice": "OK: 32 saves, 44 signatures, 14 die rolls verified",
}


def test_every_game_has_a_bundled_campaign():
    assert set(BUNDLED) == set(VERIFIED)


def frozen_twin(game: str) -> Path | None:
    """The campaign of tests/compat/ that holds the bundled campaign's bytes (a release's freeze of
    its demo), if one does."""
    bundled = tree_bytes(BUNDLED[game])
    return next((entry for entry in sorted((ROOT / "tests" / "compat").glob(f"{game}-demo-*"))
                 if tree_bytes(entry / "campaign") == bundled), None)


def bundled_twin(entry: Path) -> str | None:
    """The game whose bundled campaign the frozen `entry` holds byte for byte, if any."""
    game = next((g for g in BUNDLED if entry.name.startswith(f"{g}-demo-")), None)
    return game if game is not None and tree_bytes(entry / "campaign") == tree_bytes(BUNDLED[game]) else None


@pytest.mark.parametrize("game", sorted(VERIFIED))
def test_the_bundled_campaign_verifies(game):
    """`pbem verify`'s first line of each bundled campaign. Where a campaign frozen in tests/compat/
    holds the same bytes, test_compat.py verifies that copy and checks this line on it (the same
    bytes are not verified twice); a bundled campaign no frozen one holds is verified here."""
    twin = frozen_twin(game)
    if twin is None:
        assert run("verify", BUNDLED[game]).stdout.splitlines()[0] == VERIFIED[game]
    else:
        assert bundled_twin(twin) == game          # test_compat's test of `twin` checks VERIFIED[game]


@pytest.mark.parametrize("game", sorted(VERIFIED))
def test_the_demo_rebuilds_the_bundled_campaign_byte_for_byte(game, built_demo):
    assert tree_bytes(built_demo(game) / "campaign") == tree_bytes(BUNDLED[game])      # run_demo(work, game)
