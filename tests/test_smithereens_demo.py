"""The bundled Smithereens example campaign (DEMONSTRATION DATA, examples/smithereens-demo/):
reproducible byte for byte, verifiable; played at the standard level so that, after the
README's story (the German assault and the Alliance's retreat, the Soviet moves and assault on
Warsaw, whose one legal loss allocation pbem applies without asking, behaviour 6, 11.30), a
Soviet tank army makes a mobile assault on Warsaw (12.x) and is eliminated in it."""



from pbem import campaign as camp
from tests.conftest import ROOT

BUNDLED = ROOT / "examples" / "smithereens-demo" / "campaign"


def test_the_story_applies_the_forced_loss_choice_and_ends_with_a_mobile_assault():
    """11.30 (behaviour 6): Turn 2's Soviet assault on Warsaw (die 5, 1/1) leaves the German 1 loss
    point against ger-46pz (1 step) and ger-73id (2 steps): ger-73id must give the step, so no
    "Turn 2 Soviet loss choices" answer is asked (one signed email round trip fewer). 12.2:
    sov-3gta moves 2117E-2018E-1918E-1818E and assaults Warsaw (1819E) from there, paying three
    clear hexes, then double the clear hex's cost (5 MP in all); 12.8: 8 against 4 is 2:1, the
    city's MA shift -2 and (12.18, 13.5, behaviour 5) the Soviet tactical air that goes with the
    stack +1 give 2:1/1:1 and the die 1 gives 2/0 (no Fw190 before Game Turn 4, 9.5: no German
    answer before the die): sov-3gta loses both its steps (12.13) and the German loses none, so he
    has nothing to answer; the Soviet ends his movement with a file without a mobile assault.
    13.5: before the dice of Turn 1's German and Turn 2's Soviet prepared assaults the other side
    declares its tactical air (Soviet first): none."""
    campaign = camp.open_campaign(BUNDLED)
    assert campaign.header["options"] == {"level": "standard", "fog": False, "reveals": "camp"}
    assert campaign.header["created_with"]["behaviour"] == 6
    saves = {n: campaign.load_save(n)[0] for n in campaign.step_numbers()}
    phases = [saves[n]["awaiting"]["phase"] for n in sorted(saves)]
    assert phases == ["Turn 1 German prepared assaults",
                      "Turn 1 German prepared assaults: Soviet tactical air on a defense (13.5)",
                      "Turn 1 German loss choices", "Turn 2 Soviet movement", "Turn 2 Soviet prepared assaults",
                      "Turn 2 Soviet prepared assaults: German tactical air support of a defense (13.5, 13.6)",
                      "Turn 2 Western movement", "Turn 2 German movement", "Turn 2 German prepared assaults",
                      "Turn 3 Soviet movement",
                      "Turn 3 Soviet movement continued after the mobile assault at 1819E (12.9, 12.10)",
                      "Turn 3 Soviet prepared assaults"]
    pa = next(e for e in saves[6]["events"] if e["event"] == "assault")
    assert (pa["hex"], pa["defenders"], pa["column"], pa["roll"], pa["result"]) == \
        ("1819E", ["ger-46pz", "ger-73id"], "1:1/1:2", 5, "1/1")
    assert {"event": "defender_losses", "hex": "1819E", "steps_lost": {"ger-73id": 1}, "forced": True,
            "rule": "11.29, 11.30: the only legal answer, applied without asking"} in saves[6]["events"]
    assert {u: saves[6]["state"]["units"][u] for u in ("ger-46pz", "ger-73id")} == \
        {"ger-46pz": {"hex": "1819E", "steps": 1}, "ger-73id": {"hex": "1819E", "steps": 1}}
    assert "(11.29, 11.30: the only legal answer, applied without asking)" in \
        (BUNDLED / "steps" / "0006" / "report.txt").read_text()
    ma = next(e for e in saves[10]["events"] if e["event"] == "mobile_assault")
    assert (ma["from"], ma["attackers"], ma["defenders"], ma["odds"], ma["column"], ma["roll"], ma["result"], ma["spent"]) == \
        ("1818E", ["sov-3gta"], ["ger-46pz", "ger-73id"], "2:1", "2:1/1:1", 1, "2/0", {"sov-3gta": 5})
    assert {"shift": 1, "why": "Soviet tactical air", "rule": "13.5"} in ma["shifts"]
    assert {"event": "attacker_losses", "hex": "1819E", "steps_lost": {"sov-3gta": 2}, "rule": "11.30, 12.13, 12.16"} \
        in saves[10]["events"]
    assert saves[10]["state"]["air_used"] == {"soviet": 3} and "sov-3gta" in saves[10]["state"]["eliminated"]
    assert saves[10]["state"]["phase"] == "movement" and saves[10]["awaiting"]["side"] == "alliance"
    assert not any(e["event"] in ("awaiting_response", "defender_choice") for n in range(4, 12) for e in saves[n]["events"])
    assert "mobile" not in saves[11]["state"] and saves[11]["state"]["phase"] == "assault"
