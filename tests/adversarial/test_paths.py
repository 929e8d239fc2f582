"""Names that pbem turns into file names (sides, campaign ids, scenarios, seats) cannot escape
the folder: `pbem commit`, `pbem orders`, `pbem new` refuse them and write nothing anywhere.

Each test runs in a working folder three levels below tmp_path and snapshots all of tmp_path
(hidden entries included), so a traversal of up to three '..' would be seen."""

import pytest

from pbem.signing import sign_body

from . import util

BAD_NAMES = ["../x", "../../x", "../../../x", "a/b", "..", ".", "", "/tmp/pbem-absolute", "x/../../y",
             "a\\b", "german\n", ".hidden", "..x", "a b", "ü", "x" * 101, "a:b", "nul\x00byte"]
IDS = [repr(n)[1:-1][:20] or "empty" for n in BAD_NAMES]
KEYS = util.DEMO_SRC / "keys"


@pytest.fixture
def cwd(tmp_path, monkeypatch):
    work = tmp_path / "a" / "b" / "cwd"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    return work


@pytest.mark.parametrize("name", BAD_NAMES, ids=IDS)
@pytest.mark.parametrize("option", ["--campaign", "--side"])
def test_commit_refuses_unsafe_names(tmp_path, cwd, name, option):
    args = {"--campaign": "smithereens-demo", "--side": "german"}
    args[option] = name
    before = util.snapshot(tmp_path)
    result = util.pbem("commit", "--key", KEYS / "german", "--campaign", args["--campaign"], f"--side={args['--side']}")
    util.assert_refused(result, "is not a safe name")
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("name", BAD_NAMES[:10], ids=IDS[:10])
def test_orders_refuses_a_side_that_is_not_awaited(demo_at, tmp_path, cwd, name):
    folder = util.copy_campaign(demo_at(0), tmp_path / "campaign")
    before = util.snapshot(tmp_path)
    util.assert_refused(util.pbem("orders", folder, f"--side={name}"), "awaits")
    assert util.snapshot(tmp_path) == before


def _new(tmp_path, demo, players=None, commitments=None, scenario="historical", game="smithereens"):
    players = players or {"german": KEYS / "german.pub", "alliance": KEYS / "alliance.pub"}
    commitments = commitments or [demo / "commitments" / "german.txt", demo / "commitments" / "alliance.txt"]
    args = ["new", game, scenario, "--dir", tmp_path / "a" / "new-campaign", "--data", util.DEMO_OVERRIDE]
    for side, path in players.items():
        args += ["--player", f"{side}={path}"]
    for path in commitments:
        args += ["--commitment", path]
    return util.pbem(*args)


@pytest.mark.parametrize("name", ["../x", "a/b", "..", "../../german", "german/.."])
def test_new_refuses_unsafe_player_seats(demo, tmp_path, cwd, name):
    before = util.snapshot(tmp_path)
    result = _new(tmp_path, demo, players={name: KEYS / "german.pub", "alliance": KEYS / "alliance.pub"})
    util.assert_refused(result, "is played by seats")
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("scenario", ["../historical", "../../examples/smithereens-demo/data-override",
                                      "/etc/hostname", "historical/../historical", ".."])
def test_new_refuses_unsafe_scenario_names(demo, tmp_path, cwd, scenario):
    before = util.snapshot(tmp_path)
    util.assert_refused(_new(tmp_path, demo, scenario=scenario), "is not a safe name")
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("game", ["../smithereens", "smithereens/..", "../../rules/smithereens"])
def test_new_refuses_unknown_games(demo, tmp_path, cwd, game):
    before = util.snapshot(tmp_path)
    util.assert_refused(_new(tmp_path, demo, game=game), "unknown game")
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("campaign_id", ["../x", "a/b", "..", "../../campaign", "x\n"])
def test_new_refuses_commitments_naming_an_unsafe_campaign_id(demo, tmp_path, cwd, campaign_id):
    """Commitments signed (with the right keys) for a campaign id that would be a path."""
    files = []
    for side in util.SEATS:
        body = dict(util.body_of(demo / "commitments" / f"{side}.txt"), campaign=campaign_id)
        files.append(util.write(tmp_path / f"{side}.commit.txt", sign_body(body, util.keys()[side])))
    before = util.snapshot(tmp_path)
    util.assert_refused(_new(tmp_path, demo, commitments=files), "is not a safe name")
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("seat", ["../x", "a/b", ".."])
def test_verify_refuses_a_header_with_an_unsafe_seat(demo, tmp_path, seat):
    """A hand-made header and save 0 that agree with each other, with a seat that is a path."""
    import yaml
    from pbem.canonical import data_hash
    from pbem.yamlio import dump_yaml
    folder = util.copy_campaign(demo, tmp_path / "campaign")
    header = yaml.safe_load((folder / "campaign.yaml").read_text())
    header["players"][seat] = header["players"].pop("alliance")
    header["dice"]["commitments"][seat] = header["dice"]["commitments"].pop("alliance")
    (folder / "campaign.yaml").write_text(dump_yaml(header))
    save0 = yaml.safe_load((folder / "steps" / "0000" / "save.yaml").read_text())
    save0["header"] = data_hash(header)
    (folder / "steps" / "0000" / "save.yaml").write_text(dump_yaml(save0))
    before = util.snapshot(tmp_path)
    util.assert_refused(util.pbem("verify", folder), "malformed campaign header", "campaign.yaml",
                        prefix="pbem: verify FAILED:")
    assert util.snapshot(tmp_path) == before


def test_data_template_refuses_a_game_name_that_is_a_path(tmp_path, cwd):
    game = "../../../../" + str(util.ROOT.relative_to("/")) + "/rules/smithereens"
    before = util.snapshot(tmp_path)
    written = util.ROOT / "rules" / "smithereens-data-override.yaml"
    try:
        result = util.pbem("data", "template", game)
        assert result.exit_code == 1 and not written.exists()
        assert util.snapshot(tmp_path) == before
    finally:
        if written.exists():
            written.unlink()          # clean up what the defect wrote into the repository
