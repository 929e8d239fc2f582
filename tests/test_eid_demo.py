"""The bundled End of the Iron Dream example campaign (DEMONSTRATION DATA,
examples/end-of-the-iron-dream-demo/): three players, reproducible byte for byte, verifiable;
Turn 1 in full and Turn 2 with a mobile assault, two prepared assaults, the defenders' answers
and the Bagration decision; every report labelled."""



from pbem import campaign as camp
from tests.conftest import ROOT
from tests.test_cli import run
from tests import fastyaml
from tests.demos import demo_by_cli

EXAMPLE = ROOT / "examples" / "end-of-the-iron-dream-demo"
BUNDLED = EXAMPLE / "campaign"
DEMO_DATA = EXAMPLE / "data-override.yaml"


def test_the_example_plays_turn_1_with_three_players_and_every_exchange():
    """Three seats sign; the WA's Turn 1 invasion (6.3); a prepared assault answered by the defender first (18.15) and the
    attacker's advance (18.16); the Bagration decision (6.5); a mobile assault answered by the
    Soviet retreat (11.13) and the panzer occupying the hex (11.12); Bagration's 2R (6.7 A); the
    supply checks of every player-turn (15.2)."""
    campaign = camp.open_campaign(BUNDLED)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    events = [e for s in saves for e in s["events"]]
    assert sorted(campaign.header["players"]) == ["axis", "soviet", "western"]
    kinds = [(e["kind"], e["hex"]) for e in events if e["event"] == "assault"]
    assert kinds == [("prepared", "T6"), ("mobile", "T26"), ("prepared", "T26")]
    assert {"event": "bagration", "chosen": True} in events
    assert {"event": "retreat", "unit": "de-inf-1", "path": ["T6", "S6", "R6"]} in events
    assert {"event": "retreat", "unit": "su-inf-3", "path": ["T26", "T27"]} in events
    assert {"event": "occupy", "units": ["de-pz-3"], "hex": "T26", "why": "11.12 A"} in events
    assert any(e["event"] == "advance" and e["unit"] == "wa-mech-2" for e in events)
    last = next(e for e in events if e["event"] == "assault" and e["kind"] == "prepared" and e["hex"] == "T26")
    assert {"shift": 2, "why": "Operation Bagration, Turn 2", "rule": "6.7"} in last["shifts"]
    responses = {s["produced_by"]["side"] for s in saves[1:] if s["produced_by"]["kind"] == "response"}
    assert responses == {"axis", "soviet"}
    assert [e["turn"] for e in events if e["event"] == "player_turn_over"] == [1, 1, 1, 2, 2, 2]
    assert {"event": "shock_front", "hexes": ["T27"], "use": 3} in events                    # 5.3.7, 24.1
    # behaviour 2: every player-turn's supply checks (5.x.2, 5.x.7; the Turn 1 Axis initial check is
    # made at set-up), the weather (25.11), TAC AIR on the WA assault (25.8)
    checks = [(e["army"], e["check"]) for e in events if e["event"] == "supply_check"]
    assert checks == [("axis", "terminal"), ("western", "initial"), ("western", "terminal"), ("soviet", "initial"),
                      ("soviet", "terminal"), ("axis", "initial"), ("axis", "terminal"), ("western", "initial"),
                      ("western", "terminal"), ("soviet", "initial"), ("soviet", "terminal"), ("axis", "initial")]
    assert [e["weather"] for e in events if e["event"] == "weather"] == ["fair", "fair"]
    first = next(e for e in events if e["event"] == "assault")
    assert {"shift": 1, "why": "WA tactical air power", "rule": "25.8 A"} in first["shifts"]
    assert saves[-1]["state"]["turn"] == 3
    # behaviour 3: the prepared assaults burn off SUs for AS (15.22, 5.1.6 A); with Bagration the
    # Soviets only bring on an SU on Turn 1 (6.5 B, 15.23.3 B); Germany's SUs of Turn 2 (16.2 A)
    burns = [(e["unit"], e["hexes"]) for e in events if e["event"] == "burn_off"]
    assert burns == [("wa-su-1", ["U6", "U7"]), ("su-su-1", ["T27"])]
    assert {"event": "enter", "unit": "su-su-1", "path": ["T30", "T29", "T28", "T27"], "mp": 6} in events
    placed = [(e["unit"], e["hex"]) for e in events if e["event"] == "placed"]
    assert placed[:3] == [("de-su-1", "T21"), ("de-su-2", "U16"), ("de-su-3", "R23")]
    # behaviour 3: the Turn 1 invasion from the ETO box (6.3 A, 14.17 C), its counter a WA source (14.24 A)
    assert {"event": "invasion", "hex": "V5", "units": ["wa-mech-3", "wa-mech-5", "wa-x-B1", "wa-x-B8"], "from": "eto",
            "number": 1, "rule": "14.17 C"} in events
    assert saves[-1]["state"]["invasion_ports"] == {"eto": 1, "mto": 1, "ashore": ["V5"]}
    # 14.12 A: the WA's chit secret is held hidden (its commitment only) from then on
    assert list(saves[-1]["hidden"]["western"]) == ["invasion-chit"] and "chit_secret" not in saves[-1]["state"]
    assert {"event": "chit_drawn", "rule": "14.12 A"} in events


def test_every_report_that_used_the_made_up_values_says_so_and_the_demo_command_prints_them():
    labelled = [step.name for step in sorted((BUNDLED / "steps").iterdir())
                if "DEMONSTRATION DATA" in (step / "report.txt").read_text()]
    used = [step.name for step in sorted((BUNDLED / "steps").iterdir())
            if fastyaml.safe_load((step / "save.yaml").read_text())["data_used"]["override_values"]]
    assert used and set(used) <= set(labelled)
    assert DEMO_DATA.read_text().startswith("# DEMONSTRATION DATA")
    printed = demo_by_cli("end-of-the-iron-dream")[1]      # `pbem demo --game end-of-the-iron-dream --keep DIR` printed
    assert printed.count("DEMONSTRATION DATA") >= len(used) and "OK: 22 saves" in printed


def test_the_quiet_benchmark_policy_is_legal_at_the_last_step_and_chooses_no_bagration():
    """DemoPlan.play: no orders at the example's last step, `bagration: false` when asked (6.5 A)."""
    from pbem.games.end_of_the_iron_dream import GAME
    campaign = camp.open_campaign(BUNDLED)
    _, save, _ = campaign.latest()
    policy = GAME.demo_plan().play
    assert policy is not None
    state, waiting = save["state"], save["awaiting"]
    assert policy(campaign, waiting, state, None) == [] and GAME.check(campaign.data, state, waiting["side"], []) == []
    asked = dict(state, turn=1, army="soviet", phase="bagration")
    assert policy(campaign, GAME.awaiting(asked).as_dict(), asked, None) == [{"bagration": False}]
