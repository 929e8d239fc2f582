"""The bundled Stargard Solstice example campaign (DEMONSTRATION DATA,
examples/stargard-solstice-demo/): reproducible byte for byte, verifiable; turn 1 in full — the
random event roll (19.0) and its German bombardment (8.5), the 3rd SS Panzer Corps chit (2.3.1),
a move, an attack with air support (13.1) answered by
the Soviet defender (its tied first loss, 8.6.1, and its retreat route, 9.0), the advance after
combat (10.0), the attacked 2nd Guards Tank Army's reaction (12.1), every other draw of the cup
(3.1.1, 3.1.2), the Supply Phase (2.4) and both players' reinforcements (2.5, 7.0; the German one
by rail, 5.5.1, 5.5) to the end of the turn (2.6); then turn 2's Command Phase under fog of war
(1.1.4) with a hidden Stavka Orders withdrawal (16.1) and its Supply Phase."""



from pbem import campaign as camp
from tests.conftest import ROOT
from tests.test_cli import run
from tests import fastyaml
from tests.demos import demo_by_cli

EXAMPLE = ROOT / "examples" / "stargard-solstice-demo"
BUNDLED = EXAMPLE / "campaign"
DEMO_DATA = EXAMPLE / "data-override.yaml"


def test_the_example_plays_a_full_turn_of_cup_draws_with_a_combat_a_loss_allocation_and_a_retreat():
    campaign = camp.open_campaign(BUNDLED)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    events = [e for s in saves for e in s["events"]]
    assert {"event": "random_event", "turn": 1, "die": 1, "name": "German bombardment", "which": "primary"} in events
    chits = [(e["chit"], e["side"]) for e in events if e["event"] == "chit"]
    assert chits[:3] == [("3SS-PZ-HQ", "german"), ("61-HQ", "soviet"), ("10SS-HQ", "german")]     # turn 1
    assert {"event": "reaction", "hq": "2GT-HQ", "rule": "12.1"} in events          # the army attacked reacts
    assert {"event": "bombardment", "side": "german", "die": 6, "attacks": 2, "rule": "19.1.1"} in events
    assert {"event": "bombarded", "unit": "65GT/9GT", "die": 4, "steps": 0, "pinned": True} in events   # 8.5.1
    fight = next(e for e in events if e["event"] == "combat")
    assert (fight["hex"], fight["ratio"], fight["column"], fight["result"]) == ("1413", "1:1", "3:1", "D2r1")
    assert {"event": "air", "unit": "1-JG", "mode": "normal", "to": "refit"} in events       # 13.1.1
    assert {"event": "reduced", "unit": "33G/9GT", "steps": 1, "why": "defender's loss (8.6)"} in events
    assert {"event": "eliminated", "unit": "33G/9GT", "why": "defender's loss (8.6)"} in events     # 8.6.2
    assert {"event": "retreat", "unit": "65GT/9GT", "path": ["1413", "1513"]} in events
    assert {"event": "advance", "unit": "Oehms/27SS", "path": ["1312", "1413"]} in events
    responses = [s["produced_by"]["phase"] for s in saves[1:] if s["produced_by"]["kind"] == "response"]
    assert responses == ["Turn 1 Soviet defender's result at 1413", "Turn 2 Soviet names the chit of slot 2 (16.1)",
                         "Turn 2 Soviet names the chit of slot 1 (16.1)", "Turn 2 the withdrawn chit goes back (16.1)"]
    acting = [s["produced_by"]["side"] for s in saves[1:]]
    assert "soviet" in acting[acting.index("soviet") + 1:]                 # the cup made the Soviet player active
    assert [e["turn"] for e in events if e["event"] == "turn_over"] == [1]
    assert {"event": "entered", "unit": "1A-HQ", "hex": "4801", "rule": "7.0"} in events           # 2.5, 7.0
    # 5.5.1, 7.1.1, 5.5: the German reinforcement placed along the (demonstration) rail line from
    # its entry point 0110 and moved on by rail
    assert {"event": "entered", "unit": "1/1Mar", "hex": "0310", "rule": "7.0, 5.5.1", "rail": True} in events
    assert {"event": "move", "unit": "1/1Mar", "path": ["0310", "0410", "0510"], "rail": True} in events
    assert {"event": "chits_arrive", "chits": ["11 Pz AOK", "47A-HQ"], "rule": "7.2, 7.2.1"} in events
    assert saves[-1]["state"]["turn"] == 2 and saves[-1]["awaiting"]["phase"] == "Turn 2 German reinforcements (2.5, 7.0)"


def test_the_example_plays_turn_2_under_fog_of_war_with_a_hidden_chit_withdrawal():
    """1.1.4 (`fog=true`): the Soviet reinforcements stacked in 3001 and 3101 on turn 1 are hidden
    under their top units by the Soviet's next owner step (its 16.1 withdrawal) and stay hidden;
    every Movement segment is an owner step. 16.1: 47A-HQ withdrawn hidden, each Soviet slot
    named from the committed order (61-HQ, 2GT-HQ), the chit opened when the Command Phase ends."""
    campaign = camp.open_campaign(BUNDLED)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    events = [e for s in saves for e in s["events"]]
    withdrawn = next(s for s in saves[1:] if s["produced_by"]["phase"] == "Turn 2 Soviet chit withdrawal (12.6, 16.1)")
    assert withdrawn["events"] == [{"event": "chit_withdrawn", "turn": 2, "rule": "16.1"}]
    assert sorted(withdrawn["hidden"]["soviet"]) == ["3001/1", "3101/1", "withdrawn/2"]
    assert [(e["slot"], e["of"], e["chit"]) for e in events if e["event"] == "named"] == [(2, 2, "2GT-HQ"), (1, 1, "61-HQ")]
    assert {"event": "chit_returned", "chit": "47A-HQ", "turn": 2, "rule": "16.1"} in events
    moves = [s for s in saves[1:] if s["produced_by"]["phase"].endswith("movement")]
    assert moves and all(s["dice"] is None and s["events"][0]["event"] == "fog" for s in moves)
    assert sorted(saves[-1]["hidden"]["soviet"]) == ["3001/1", "3101/1"]
    assert saves[-1]["state"]["withdrawals"] == [{"turn": 2, "rule": "16.1"}]


def test_every_report_that_used_the_made_up_values_says_so_and_the_demo_command_prints_them():
    labelled = [step.name for step in sorted((BUNDLED / "steps").iterdir())
                if "DEMONSTRATION DATA" in (step / "report.txt").read_text()]
    used = [step.name for step in sorted((BUNDLED / "steps").iterdir())
            if fastyaml.safe_load((step / "save.yaml").read_text())["data_used"]["override_values"]]
    assert used and set(used) <= set(labelled)
    assert DEMO_DATA.read_text().startswith("# DEMONSTRATION DATA")
    printed = demo_by_cli("stargard-solstice")[1]      # `pbem demo --game stargard-solstice --keep DIR` printed
    assert printed.count("DEMONSTRATION DATA") >= len(used) and "OK: 32 saves" in printed
