"""The bundled Smithereens example campaign (DEMONSTRATION DATA, examples/smithereens-demo/):
reproducible byte for byte, verifiable; played at the standard level so that, after the
README's story (the German assault and the Alliance's retreat, the Soviet moves and assault on
Warsaw, the German's loss choice), a Soviet tank army makes a mobile assault on Warsaw (12.x)
and the German signs his step losses in the middle of the Soviet movement (12.13, 11.30)."""



from pbem import campaign as camp
from tests.conftest import ROOT

BUNDLED = ROOT / "examples" / "smithereens-demo" / "campaign"


def test_the_story_keeps_its_parts_and_adds_a_mobile_assault_answered_mid_movement():
    """12.2: sov-3gta moves 2117E-2018E-1918E-1818E and assaults Warsaw (1819E) from there, paying
    three clear hexes, then double the clear hex's cost (5 MP in all); 12.8: 8 against 4 is 2:1, the city's MA shift -2
    and (12.18, 13.5, behaviour 5) the Soviet tactical air that goes with the stack +1 give 2:1/1:1 and the die 4
    gives 1/1 (no Fw190 before Game Turn 4, 9.5, and never the Stuka on an MA: no German answer before the die); 12.13/11.30: the German chooses which of his two
    one-step units loses the step, in a signed answer; 12.10: Warsaw still held, the Soviet ends
    his movement with a file without a mobile assault. 13.5: before the dice of Turn 1's German and
    Turn 2's Soviet prepared assaults the other side declares its tactical air (Soviet first): none."""
    campaign = camp.open_campaign(BUNDLED)
    assert campaign.header["options"] == {"level": "standard", "fog": False, "reveals": "camp"}
    saves = {n: campaign.load_save(n)[0] for n in campaign.step_numbers()}
    phases = [saves[n]["awaiting"]["phase"] for n in sorted(saves)]
    assert phases[:8] == ["Turn 1 German prepared assaults",
                          "Turn 1 German prepared assaults: Soviet tactical air on a defense (13.5)",
                          "Turn 1 German loss choices", "Turn 2 Soviet movement", "Turn 2 Soviet prepared assaults",
                          "Turn 2 Soviet prepared assaults: German tactical air support of a defense (13.5, 13.6)",
                          "Turn 2 Soviet loss choices", "Turn 2 Western movement"]
    assert phases[11] == "Turn 3 Soviet mobile assault at 1819E: step losses"
    assert phases[12] == "Turn 3 Soviet movement continued after the mobile assault at 1819E (12.9, 12.10)"
    assert phases[13] == "Turn 3 Soviet prepared assaults"
    ma = next(e for e in saves[11]["events"] if e["event"] == "mobile_assault")
    assert (ma["from"], ma["attackers"], ma["defenders"], ma["odds"], ma["column"], ma["roll"], ma["result"], ma["spent"]) == \
        ("1818E", ["sov-3gta"], ["ger-46pz", "ger-73id"], "2:1", "2:1/1:1", 4, "1/1", {"sov-3gta": 5})
    assert {"shift": 1, "why": "Soviet tactical air", "rule": "13.5"} in ma["shifts"]
    assert saves[11]["state"]["air_used"] == {"soviet": 3} and campaign.header["created_with"]["behaviour"] == 6
    assert saves[11]["state"]["phase"] == "ma_response" and saves[11]["awaiting"]["side"] == "german"
    answer = (BUNDLED / "steps" / "0012" / "orders-german.txt").read_text()
    assert "battle: 1819E" in answer
    choice = next(e for e in saves[12]["events"] if e["event"] == "defender_choice")
    assert choice["steps_lost"] == {"ger-46pz": 1} and "ger-46pz" in saves[12]["state"]["eliminated"]
    assert "mobile" not in saves[13]["state"] and saves[13]["state"]["units"]["sov-3gta"] == {"hex": "1818E", "steps": 1}
