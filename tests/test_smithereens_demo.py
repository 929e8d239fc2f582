"""The bundled Smithereens example campaign (DEMONSTRATION DATA, examples/smithereens-demo/):
reproducible byte for byte, verifiable; played at the standard level so that, after the
README's story (the German assault and the Alliance's retreat, the Soviet moves and assault on
Warsaw, the German's loss choice), a Soviet tank army makes a mobile assault on Warsaw (12.x)
and the German signs his step losses in the middle of the Soviet movement (12.13, 11.30)."""

from pathlib import Path

import pytest

from pbem import campaign as camp
from pbem.demo import run_demo
from tests.conftest import ROOT, tree_bytes
from tests.test_cli import run

BUNDLED = ROOT / "examples" / "smithereens-demo" / "campaign"


@pytest.fixture(scope="module")
def build(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("smithereens-demo")
    run_demo(work, game="smithereens")
    return work


def test_the_bundled_example_campaign_verifies():
    result = run("verify", BUNDLED)
    assert result.stdout.startswith("OK: 12 saves, 16 signatures, 3 die rolls verified")


def test_the_demo_rebuilds_the_bundled_campaign_byte_for_byte(build):
    # after a change to the rules data or the module: `pbem demo --game smithereens --keep DIR`,
    # then copy DIR/campaign to examples/smithereens-demo/
    assert tree_bytes(build / "campaign") == tree_bytes(BUNDLED)


def test_the_story_keeps_its_parts_and_adds_a_mobile_assault_answered_mid_movement():
    """12.2: sov-3gta moves 2117E-2018E-1918E-1818E and assaults Warsaw (1819E) from there, paying
    three clear hexes, then double the clear hex's cost (5 MP in all); 12.8: 8 against 6 is 1:1, the city's MA shift -2
    gives 1:2/1:3 and the die 6 gives 1/1; 12.13/11.30: the German chooses which of his two
    units loses the step (ger-73id is reduced), in a signed answer; 12.10: Warsaw still held, the Soviet ends
    his movement with a file without a mobile assault. (13.5: the German's tactical air answer in Turn 2,
    none committed, rolls that Soviet PA's die in its own step: 2/0, no German loss.)"""
    campaign = camp.open_campaign(BUNDLED)
    assert campaign.header["options"] == {"level": "standard", "fog": False, "reveals": "camp"}
    saves = {n: campaign.load_save(n)[0] for n in campaign.step_numbers()}
    phases = [saves[n]["awaiting"]["phase"] for n in sorted(saves)]
    assert phases[:6] == ["Turn 1 German prepared assaults", "Turn 1 German loss choices", "Turn 2 Soviet movement",
                          "Turn 2 Soviet prepared assaults",
                          # 13.5: the German answers the Soviet attacks with his tactical air (none) before the die
                          "Turn 2 Soviet prepared assaults: German tactical air support of a defense (13.5, 13.6)",
                          "Turn 2 Western movement"]
    assert phases[9] == "Turn 3 Soviet mobile assault at 1819E: step losses"
    assert phases[10] == "Turn 3 Soviet movement continued after the mobile assault at 1819E (12.9, 12.10)"
    assert phases[11] == "Turn 3 Soviet prepared assaults"
    ma = next(e for e in saves[9]["events"] if e["event"] == "mobile_assault")
    assert (ma["from"], ma["attackers"], ma["defenders"], ma["odds"], ma["column"], ma["roll"], ma["result"], ma["spent"]) == \
        ("1818E", ["sov-3gta"], ["ger-46pz", "ger-73id"], "1:1", "1:2/1:3", 6, "1/1", {"sov-3gta": 5})
    assert saves[9]["state"]["phase"] == "ma_response" and saves[9]["awaiting"]["side"] == "german"
    answer = (BUNDLED / "steps" / "0010" / "orders-german.txt").read_text()
    assert "battle: 1819E" in answer
    choice = next(e for e in saves[10]["events"] if e["event"] == "defender_choice")
    assert choice["steps_lost"] == {"ger-73id": 1} and saves[10]["state"]["units"]["ger-73id"]["steps"] == 1
    assert "mobile" not in saves[11]["state"] and saves[11]["state"]["units"]["sov-3gta"] == {"hex": "1818E", "steps": 1}
