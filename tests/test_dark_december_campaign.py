"""Dark December end to end: `pbem new dark-december` for its three scenarios with the options both
players agree to, and the bundled example campaign (DEMONSTRATION DATA, examples/dark-december-demo/):
reproducible byte for byte, verifiable, one full Game-Turn with a reaction, a counterattack, a retreat
choice, a victorious defender's advance and bridge demolitions, every report labelled."""


import pytest
from pbem import campaign as camp
from tests.conftest import ROOT
from tests.test_cli import run
from tests import fastyaml
from tests.players import keyed_players
from tests.demos import demo_by_cli

EXAMPLE = ROOT / "examples" / "dark-december-demo"
BUNDLED = EXAMPLE / "campaign"
DEMO_DATA = EXAMPLE / "data-override.yaml"


@pytest.fixture
def players(tmp_path, monkeypatch):
    """`pbem keygen ger`, `pbem keygen all` and their `pbem commit`s for campaign dd (made once, copied here)."""
    monkeypatch.chdir(tmp_path)
    return keyed_players(tmp_path, "dd", {"german": "ger", "allies": "all"})


def new(scenario, *extra, folder="camp", ok=True):
    return run("new", "dark-december", scenario, "--dir", folder, "--player", "german=ger.pub", "--player", "allies=all.pub",
               "--commitment", "dd-german.commit.txt", "--commitment", "dd-allies.commit.txt", *extra, ok=ok)


def test_new_campaign_records_the_options_both_players_agreed_to(players):
    """6.1/6.2 set-up, 14.0 reserves, 26.x variants: options given at `pbem new`, in the header."""
    new("campaign", "--option", "setup=historical", "--option", "reserves=true", "--option", "variants=26.4")
    header = fastyaml.safe_load((players / "camp" / "campaign.yaml").read_text())
    assert header["game"] == "dark-december" and header["scenario"] == "campaign"
    assert header["options"] == {"setup": "historical", "reserves": True, "disengagement": False, "armored_zoc": False,
                                 "surrender": False, "variants": ["26.4"]}
    assert any(r.startswith("26.4 B / 26.6: the Allies' free set-up is an Allied orders step") for r in header["not_enforced"])
    assert not any(r.startswith("the chosen variants") for r in header["not_enforced"])
    assert any(rule.startswith("25.0 fog of war (optional, `--option fog=true`) is not chosen") for rule in header["not_enforced"])
    save = fastyaml.safe_load((players / "camp" / "steps" / "0000" / "save.yaml").read_text())
    assert save["state"]["turn"] == 1 and save["state"]["units"] == {}          # no counters in the rulebook text
    picture = (players / "camp" / "steps" / "0000" / "picture.svg").read_text()
    assert "No map picture: game.hex_grid: grid spec: offset is &#x27;unknown&#x27;" in picture   # the group enters it


def test_new_herbstnebel_and_an_errata_reading(players):
    """Herbstnebel (6.0 C); the DD7 reading (16.1 H vs 18.3 D) chosen at creation."""
    new("herbstnebel", "--option", "errata.DD7=rule-18-3-D")
    header = fastyaml.safe_load((players / "camp" / "campaign.yaml").read_text())
    assert header["options"]["errata"] == {"DD7": "rule-18-3-D"}
    bad = new("herbstnebel", "--option", "errata.DD7=maybe", folder="camp2", ok=False)
    assert bad.exit_code == 1 and not (players / "camp2").exists()


def test_new_turning_point_needs_its_first_turn(players):
    """Turning Point's first Game-Turn is printed in the study folder: refused naming the data path,
    nothing written; with the (demonstration) data it starts on Game-Turn 9."""
    bad = new("turning-point", ok=False)
    assert bad.exit_code == 1 and "game.turns.first_turn_turning_point" in bad.stderr and not (players / "camp").exists()
    new("turning-point", "--data", DEMO_DATA)
    save = fastyaml.safe_load((players / "camp" / "steps" / "0000" / "save.yaml").read_text())
    assert save["state"]["turn"] == 9 and save["state"]["units"]["ger-pz1"]["hex"] == "1412"


def test_unknown_option_refused(players):
    bad = new("campaign", "--option", "weather=uncertain", ok=False)
    assert "unknown Dark December option(s): weather" in bad.stderr and not (players / "camp").exists()


def test_sequence_of_play_lists_the_response_entries():
    """7.0: the sequence of play as one table; the mid-phase answers are `response` entries."""
    from pbem.games.dark_december import GAME
    rows = GAME.sequence_of_play()
    kinds = {row[0].split(":")[0].split(" (")[0]: row[1] for row in rows}
    assert kinds["Reaction Phase"] == "response"
    assert kinds["The Allies choose one German motorized division for fuel depletion"] == "response"
    assert [r[1] for r in rows].count("response") == 4 and [r[1] for r in rows].count("orders") == 7   # 26.4 B/26.6 the Allies' set-up
    assert kinds["Montgomery's withdrawal"] == "orders"                                                # 26.13 A the second move


# -- the bundled example ---------------------------------------------------------------------------


def test_the_example_plays_one_full_game_turn_with_every_exchange():
    """A reserve reacts (7.1.4), a counterattack (13.5.5), the owner's retreat choice (13.5.1, 13.6),
    a victorious defender's advance (13.7.5) and bridge demolition (16.1), Game-Turn 9 complete."""
    campaign = camp.open_campaign(BUNDLED)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    events = [e for s in saves for e in s["events"]]
    assert any(e["event"] == "move" and e["reaction"] for e in events)
    assert any(e["event"] == "battle" and e["counterattack"] for e in events)
    assert any(e["event"] == "retreat" for e in events)
    assert any(e["event"] == "advance" and e["defender"] for e in events)
    assert [e["bridge"] for e in events if e["event"] == "demolition"] == ["1312|1313", "1113|1114"]
    assert [(e["division"], e["by"]) for e in events if e["event"] == "fuel_out"] == [("ger-demo-pz", "allies")] * 2
    assert saves[-1]["state"]["turn"] == 10 and saves[-1]["state"]["side"] == "german"
    responses = [s["produced_by"] for s in saves[1:] if s["produced_by"]["kind"] == "response"]
    assert {r["side"] for r in responses} == {"german", "allies"}


def test_every_report_of_the_example_says_it_used_demonstration_data():
    for step in sorted((BUNDLED / "steps").iterdir()):
        save = fastyaml.safe_load((step / "save.yaml").read_text())
        if save["data_used"]["override_values"]:
            assert "DEMONSTRATION DATA" in (step / "report.txt").read_text()
    assert "DEMONSTRATION DATA" in DEMO_DATA.read_text().splitlines()[0]


def test_demo_command_runs_it():
    printed = demo_by_cli("dark-december")[1]        # `pbem demo --game dark-december --keep DIR` printed
    assert "OK:" in printed and "DEMONSTRATION DATA" in printed


def test_the_benchmark_policy_answers_legally():
    """The benchmarks' policy (DemoPlan.play) gives orders the module accepts at the example's last step."""
    from pbem.games.dark_december import GAME
    campaign = camp.open_campaign(BUNDLED)
    _, save, _ = campaign.latest()
    orders = GAME.demo_plan().play(campaign, save["awaiting"], save["state"], None)
    assert orders == [] and GAME.check(campaign.data, save["state"], save["awaiting"]["side"], orders) == []
    state = dict(save["state"], fuel_due=1, fuel_out=[])
    picks = GAME.demo_plan().play(campaign, save["awaiting"], state, None)
    assert picks == [{"fuel": "ger-demo-pz"}] and GAME.check(campaign.data, state, "german", picks) == []


def test_new_campaign_with_the_later_optional_rules(players):
    """25.0 fog of war, 15.0 commanders, 24.0 uncertain weather and 12.4 infiltration are options both players
    agree to at `pbem new` (recorded only when given, so campaigns begun before them read as they were);
    fog with 8.6 surrender is refused and nothing is written."""
    new("herbstnebel", "--option", "fog=true", "--option", "commanders=true", "--option", "uncertain_weather=true",
        "--option", "infiltration=true", "--option", "reserves=true")
    header = fastyaml.safe_load((players / "camp" / "campaign.yaml").read_text())
    assert {k: header["options"][k] for k in ("fog", "commanders", "uncertain_weather", "infiltration")} == {
        "fog": True, "commanders": True, "uncertain_weather": True, "infiltration": True}
    assert header["created_with"]["behaviour"] == 6
    save = fastyaml.safe_load((players / "camp" / "steps" / "0000" / "save.yaml").read_text())
    assert save["hidden"] == {"allies": {}, "german": {}}
    assert {k: save["state"][k] for k in ("fog_reserves", "all_out_used", "clear_from", "infiltrations", "withdrawn")} == {
        "fog_reserves": {"german": [], "allies": []}, "all_out_used": {}, "clear_from": None, "infiltrations": 0, "withdrawn": []}
    bad = new("campaign", "--option", "fog=true", "--option", "surrender=true", folder="camp2", ok=False)
    assert "options fog=true and surrender=true cannot be played together" in bad.stderr and not (players / "camp2").exists()
