"""The compatibility corpus (tests/compat/, frozen by tests/compat/freeze.py): every campaign a
pbem has frozen there must still verify under this pbem and take one more step (issue 17
part 5; docs/upgrading.md). Also: a campaign plays its own data after the installed rules
change, and what happens to campaigns made before pbem kept a copy."""

import random
import shutil
from pathlib import Path

import pytest
import yaml

from pbem import __version__
from pbem import campaign as camp
from pbem import gamedata
from pbem.games import get_game
from tests.conftest import tree_bytes
from tests.test_bundled_examples import VERIFIED, bundled_twin
from tests.test_cli import DEMO_DATA as ROOT_DEMO_DATA
from tests.test_cli import run

CORPUS = Path(__file__).resolve().parent / "compat"
OLD = Path(__file__).resolve().parent / "data" / "pbem-0.3.0" / "operation-grenade-demo"
FROZEN = sorted(p for p in CORPUS.iterdir() if (p / "campaign" / "campaign.yaml").is_file())


def test_the_corpus_is_not_empty():
    assert len(FROZEN) >= 3, FROZEN


def _legal(folder: Path) -> tuple[str, list]:
    campaign = camp.open_campaign(folder)
    _, save, _ = campaign.latest()
    waiting = save["awaiting"]
    plan = get_game(campaign.header["game"]).demo_plan()
    assert plan is not None
    if waiting["kind"] == "response":
        return waiting["side"], plan.respond(campaign, save["state"])
    assert plan.play is not None
    return waiting["side"], plan.play(campaign, waiting, save["state"], random.Random(0))


@pytest.mark.parametrize("entry", FROZEN, ids=[p.name for p in FROZEN])
def test_every_frozen_campaign_verifies_and_takes_one_more_step(entry, tmp_path):
    """Each entry plays the behaviour it was created with: the ones frozen before phases without a
    choice passed by themselves (behaviour 1) still replay and continue without auto-passes. An
    entry holding a bundled campaign's bytes (the release's freeze of its demo) verifies with that
    campaign's first line (test_bundled_examples.VERIFIED), checked here for both."""
    folder = tmp_path / "campaign"
    shutil.copytree(entry / "campaign", folder)
    shutil.copytree(entry / "keys", tmp_path / "keys")
    before = run("verify", folder).stdout
    saves = int(before.split()[1])
    assert before.startswith(f"OK: {saves} saves")
    assert "data: the campaign's own copy in data/" in before
    if (game := bundled_twin(entry)) is not None:
        assert before.splitlines()[0] == VERIFIED[game]
    side, orders = _legal(folder)
    template = tmp_path / "orders.yaml"
    run("orders", folder, "--side", side, "--out", template)
    body = yaml.safe_load(template.read_text())
    body["orders"] = orders
    template.write_text(yaml.safe_dump(body, sort_keys=False))
    run("sign", folder, template, "--key", tmp_path / "keys" / side)
    others = [s for s in camp.open_campaign(folder).header["players"] if s != side]
    printed = run("inbox", folder, tmp_path / "orders.yaml.signed.txt", "--key", tmp_path / "keys" / others[0],
                  "--outbox", tmp_path).stdout
    assert f"recorded save {saves}" in printed
    assert run("verify", folder).stdout.startswith(f"OK: {saves + 1} saves")


@pytest.fixture
def upgraded_rules(tmp_path, monkeypatch):
    """A later pbem whose installed smithereens rules differ (a corrected value)."""
    root = tmp_path / "later-pbem"
    shutil.copytree(gamedata.project_root() / "rules", root / "rules")
    shutil.copytree(gamedata.project_root() / "scenarios", root / "scenarios")
    crt = root / "rules" / "smithereens" / "crt.yaml"
    crt.write_text(crt.read_text() + "\ncorrected_in_a_later_pbem: {value: 1, rule: 'not a rule'}\n")
    scenario = root / "scenarios" / "smithereens" / "historical.yaml"
    scenario.write_text(scenario.read_text() + "\n# a later pbem's scenario file\nlater: 1\n")
    monkeypatch.setattr(gamedata, "rules_dir", lambda game: root / "rules" / game)
    monkeypatch.setattr(gamedata, "scenarios_dir", lambda game: root / "scenarios" / game)
    return root


def test_a_campaign_plays_its_own_data_after_the_installed_rules_change(demo_campaign, upgraded_rules, tmp_path):
    before = tree_bytes(demo_campaign)
    verified = run("verify", demo_campaign).stdout
    assert verified.startswith("OK: 12 saves")
    assert "data: the campaign's own copy in data/ (different from this pbem's installed rules/smithereens); " \
           f"smithereens behaviour {get_game('smithereens').behaviour}, created with pbem {__version__}" in verified
    assert "awaits" in run("status", demo_campaign).stdout
    assert tree_bytes(demo_campaign) == before


def test_a_changed_byte_of_the_campaigns_own_data_is_refused(demo_campaign):
    crt = demo_campaign / "data" / "rules" / "crt.yaml"
    crt.write_text(crt.read_text() + "# a comment\n")
    refused = run("verify", demo_campaign, ok=False)
    assert refused.stderr == (f"pbem: verify FAILED: {crt}: differs from the file this campaign was created with "
                              "(its sha256 in the header)\n")
    crt.write_text(crt.read_text().removesuffix("# a comment\n"))
    extra = demo_campaign / "data" / "rules" / "extra.yaml"
    extra.write_text("x: 1\n")
    refused = run("verify", demo_campaign, ok=False)
    assert "extra.yaml: not listed in the header's data.stored (an extra file)" in refused.stderr


def test_a_behaviour_this_pbem_no_longer_plays_is_refused_naming_the_pbem_that_does(demo_campaign, monkeypatch):
    game = get_game("smithereens")
    made = game.behaviour                     # the demo campaign plays the newest revision
    monkeypatch.setattr(type(game), "behaviours", (made + 1,))
    refused = run("verify", demo_campaign, ok=False)
    assert refused.stderr.startswith("pbem: verify FAILED: ")
    assert (f"this campaign plays smithereens behaviour {made} (created with pbem {__version__}); this pbem plays behaviours "
            f"{made + 1}. Finish it with pbem {__version__} (`pip install pbem=={__version__}`)") in refused.stderr


def test_a_campaign_of_pbem_0_3_is_refused_naming_the_pbem_that_plays_it(tmp_path):
    """pbem 0.4.0 is the first release whose campaigns keep their own data and behaviour revision;
    the rules changed in it (11.7 fog, mobile assaults, 9.91-9.97, phases passing by themselves...),
    so a campaign made by pbem 0.3.0 (behaviour 1: the bundled Grenade demo as it was) would replay
    differently. It is refused in one line naming the pbem that finishes it (docs/upgrading.md)."""
    folder = tmp_path / "old"
    shutil.copytree(OLD / "campaign", folder)
    refused = run("verify", folder, ok=False)
    assert refused.stderr.startswith("pbem: verify FAILED: ") and len(refused.stderr.splitlines()) == 1
    assert ("this campaign plays operation-grenade behaviour 1 (created with pbem 0.3.0); this pbem plays behaviours 2, 3. "
            "Finish it with pbem 0.3.0 (`pip install pbem==0.3.0`)") in refused.stderr
    assert run("status", folder, ok=False).stderr.count("Finish it with pbem 0.3.0") == 1


def test_two_machines_one_upgraded_midgame_keep_identical_folders(tmp_path, monkeypatch):
    """Issue 17 part 5 on two machines through the CLI: the German player upgrades pbem (its
    installed rules and scenario differ) in the middle of the campaign, the alliance does not;
    both go on playing the campaign's own data and their folders stay byte for byte alike."""
    from tests.test_inbox import ATTACK, SIDES, folder, key, mail, machines, signed_orders  # noqa: F401
    root = tmp_path / "m"
    root.mkdir()
    monkeypatch.chdir(root)
    later = tmp_path / "later-pbem"
    shutil.copytree(gamedata.project_root() / "rules", later / "rules")
    shutil.copytree(gamedata.project_root() / "scenarios", later / "scenarios")
    crt = later / "rules" / "smithereens" / "crt.yaml"
    crt.write_text(crt.read_text() + "\ncorrected_in_a_later_pbem: {value: 1, rule: 'not a rule'}\n")
    original = (gamedata.rules_dir, gamedata.scenarios_dir)

    def upgraded(on: bool) -> None:
        monkeypatch.setattr(gamedata, "rules_dir", (lambda game: later / "rules" / game) if on else original[0])
        monkeypatch.setattr(gamedata, "scenarios_dir", (lambda game: later / "scenarios" / game) if on else original[1])

    for side in SIDES:
        (root / side).mkdir()
        run("keygen", root / side / "key")
        run("commit", "--key", root / side / "key", "--campaign", "c1", "--side", side, "--out", root / f"c1-{side}.commit.txt")
    for side in SIDES:
        run("new", "smithereens", "historical", "--dir", folder(root, side),
            "--player", f"german={root / 'german' / 'key.pub'}", "--player", f"alliance={root / 'alliance' / 'key.pub'}",
            "--commitment", root / "c1-german.commit.txt", "--commitment", root / "c1-alliance.commit.txt",
            "--data", ROOT_DEMO_DATA)
    orders = signed_orders(root, "german", ATTACK, "attack")          # under the old pbem
    upgraded(False)
    run("inbox", folder(root, "alliance"), mail(root / "alliance" / "m1.eml", [orders], "quoted"),
        "--key", key(root, "alliance"), "--outbox", root / "alliance")
    upgraded(True)                                                    # the German player upgrades
    assert "different from this pbem's installed rules/smithereens" in run("verify", folder(root, "german")).stdout
    reveal = root / "alliance" / "reveal-alliance-0001.txt"
    assert "recorded save 1" in run("inbox", folder(root, "german"), mail(root / "german" / "m1.eml", [reveal], "plain")).stdout
    upgraded(False)
    assert tree_bytes(folder(root, "german")) == tree_bytes(folder(root, "alliance"))
    assert "the same as this pbem's installed rules/smithereens" in run("verify", folder(root, "alliance")).stdout
    upgraded(True)
    assert run("verify", folder(root, "german")).stdout.startswith("OK: 2 saves")


def test_verify_names_the_data_override_the_players_compare(demo_campaign):
    """README: each player checks verify's `data:` line against their own; it names the override
    and whether its values are demonstration ones."""
    header = yaml.safe_load((demo_campaign / "campaign.yaml").read_text())
    line = [x for x in run("verify", demo_campaign).stdout.splitlines() if x.startswith("data: ")][0]
    assert line.endswith(f"; data override data-override.yaml, data hash {header['data']['override']['sha256'][:16]}… "
                         "(DEMONSTRATION values, not the published game's)")
