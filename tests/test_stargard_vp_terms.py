"""Stargard Solstice: the VP terms beside the markers (14.1, 14.3.2 with 19.1.3 Defend the Reich,
optional 16.2 and 16.4 with reading SS7), on the test data of tests/sshelp.py."""

import pytest

from pbem.errors import PbemError
from pbem.gamedata import apply_readings
from pbem.games.stargard_solstice import GAME
from tests.sshelp import COUNTERS, at, combat, play, start

REICH = {"primary": "Defend the Reich", "secondary": "made up"}
# 39th Panzer Corps units by their printed suffix (units.yaml `formation`): 233rd, 10th SS, 28th SS
FORMATIONS = {f"units.counters.{u}": {**COUNTERS[u], "formation": f} for u, f in
              (("g-39", "233"), ("g-inf2", "10SS"), ("g-far", "28SS"))}
POSITION = {"39-Pz-HQ": "0918", "g-39": "0717", "g-inf2": "0920", "g-far": "0921", "3SS-PZ-HQ": "1212"}


def reich(**values):
    d, s = start(POSITION, values={**FORMATIONS, "events.random_events.table.3": {"1-6": REICH}, **values})
    return d, at(s, turn=3, last_event=None)


def test_19_1_3_defend_the_reich_removes_the_39th_chit_and_picks_units_up_at_0716():
    """19.1.3 "Immediately remove the 39th Panzer Corps' draw chit from the cup. ... When units
    reach hex 07.16, they are picked up and removed from the map."; 12.2.5 the event removes the HQ's command
    chit from the game (the cup and the chits)."""
    d, s = reich()
    assert "39-Pz-HQ" in s["cup"]
    s, events, _ = play(d, s, "german", [], 2, **{"cup/": [1]})
    assert {"event": "defend_the_reich", "chit": "39-Pz-HQ", "rule": "19.1.3"} in events
    assert "39-Pz-HQ" not in s["chits"] and "39-Pz-HQ" not in s["cup"] and s["reich"] == {"turn": 3}
    s = at(s, phase="movement", active="german", hq="39-Pz-HQ", hq_hex="0918", moved=[], activated=["g-39"])
    assert [p.message for p in GAME.check(d, s, "german", [{"move": "g-39", "path": ["0716", "0715"]}])] == [
        "g-39 is picked up when it reaches 0716 (19.1.3): end its path there"]
    s, events, _ = play(d, s, "german", [{"move": "g-39", "path": ["0716"]}])
    assert {"event": "withdrawn", "unit": "g-39", "hex": "0716", "rule": "19.1.3"} in events
    assert "g-39" not in s["units"] and s["withdrawn"] == ["g-39"]


def test_14_3_2_units_left_in_the_turn_end_of_the_following_turn_are_eliminated_for_1_vp_each():
    """19.1.3 "in the turn end phase of the turn after the event was drawn, any remaining units on
    the map are removed and eliminated from the game. The Soviet player earns 1 VP per unit";
    14.3.2 "The affected German units are: 10th SS, 4th SS, 233rd Infantry, Führer Begleit &
    Führer Grenadier divisions" (reading SS4: the 28th SS and the HQ leave without a VP). Event on
    turn 9: the units left at the end of turn 10 go."""
    d, s = reich()
    s = at(s, phase="supply", turn=9, reich={"turn": 9})          # turns 9 and 10 bring no reinforcements (15.3)
    s3, events, _ = play(d, s, "german", [])
    assert "g-inf2" in s3["units"] and not [e for e in events if e["event"] == "reich_over"]
    s4, events, _ = play(d, at(s3, phase="supply"), "german", [])
    assert {"event": "reich_over", "eliminated": ["39-Pz-HQ", "g-39", "g-far", "g-inf2"], "vp": 2,
            "rule": "19.1.3, 14.3.2"} in events
    assert s4["reich_vps"] == 2 and {"unit": "g-far", "side": "german"} in s4["dead"]
    apply_readings(d, {"SS4": "rule-19-1-3"})            # 19.1.3's list: every unit it removes scores
    _, events, _ = play(d, at(s3, phase="supply"), "german", [])
    assert next(e for e in events if e["event"] == "reich_over")["vp"] == 4


def test_14_1_the_count_adds_defend_the_reich_vps():
    """14.1 "the Soviet player totals their number of VPs, adding any VPs from 19.1.3 (Defend the
    Reich)": 3 of Stargard and 2 of Defend the Reich are 5, a Minor Soviet Victory (14.3)."""
    d, s = reich()
    s = at(s, phase="supply", turn=10, vp_held={"stargard": 3}, reich={"turn": 2}, reich_vps=2)
    _, events, _ = play(d, s, "german", [])
    assert events[-1] == {"event": "victory", "vp": 5, "level": "Minor Soviet Victory", "rule": "14.3",
                          "terms": {"vp_markers": 3, "defend_the_reich": 2}}


def test_16_0_optional_rules_are_chosen_at_pbem_new():
    assert GAME.options({"optional": "16.4,16.2"}) == {"optional": ["16.2", "16.4"], "withdrawal": True}
    assert GAME.options({"errata.SS7": "german"}) == {"errata": {"SS7": "german"}, "withdrawal": True}
    with pytest.raises(PbemError, match=r"optional rule\(s\) 16.5: pbem plays 16.1, 16.2, 16.3, 16.4"):
        GAME.options({"optional": "16.5"})
    d, _ = start({})
    from tests.sshelp import SCENARIO
    state = GAME.setup(d, SCENARIO, ["german", "soviet"], {"position": "test", "optional": ["16.4"]})
    assert state["optional"] == ["16.4"]
    assert "optional" not in GAME.setup(d, SCENARIO, ["german", "soviet"], {"position": "test"})


def test_16_4_half_a_vp_from_the_start_of_turn_5_rounded_up_and_reading_ss7():
    """16.4 "At the start of turn 5, the Soviet player earns ½ VP if the withdrawal of the 39th
    Panzer Corps ... has not been triggered ... and continues earning ½ VP per turn until it is
    withdrawn ... Round fractions up at the end of the game." Five turns: 2½, rounded up to 3;
    with Stargard's 3, 6 VPs, a Minor Soviet Victory. Reading SS7 `german` (14.1's list)
    subtracts them instead: 0, a German Propaganda Victory."""
    from pbem.games.stargard_solstice.victory import delayed_withdrawal
    d, s = start({})
    for turn, earned in ((4, []), (5, [{"event": "delayed_withdrawal", "turn": 5, "rule": "16.4"}])):
        events: list = []
        delayed_withdrawal(d, at(s, turn=turn, optional=["16.4"]), events)     # at the start of the turn
        assert events == earned
    s6, events, _ = play(d, at(s, phase="supply", turn=5, optional=["16.4"], delayed_turns=1), "german", [])
    assert {"event": "delayed_withdrawal", "turn": 6, "rule": "16.4"} in events and s6["delayed_turns"] == 2
    end = at(s, phase="supply", turn=10, optional=["16.4"], delayed_turns=5, vp_held={"stargard": 3})
    _, events, _ = play(d, end, "german", [])
    assert events[-1] == {"event": "victory", "vp": 6, "level": "Minor Soviet Victory", "rule": "14.3",
                          "terms": {"vp_markers": 3, "delayed_withdrawal": 3}}
    apply_readings(d, {"SS7": "german"})
    _, events, _ = play(d, end, "german", [])
    assert events[-1]["vp"] == 0 and events[-1]["level"] == "German Propaganda Victory"


def test_16_4_no_half_vp_once_defend_the_reich_has_occurred():
    d, s = start({})
    s6, _, _ = play(d, at(s, phase="supply", turn=5, optional=["16.4"], delayed_turns=1, reich={"turn": 5}), "german", [])
    assert s6["delayed_turns"] == 1


def test_16_2_the_third_unit_off_the_map_gives_3_german_vps_and_the_game_goes_on():
    """16.2 "If the German player successfully lifts the siege of Arnswalde, and moves three units
    off the map before the end of the turn, instead of ending the game at that point, the German
    player immediately receives 3 VPs. This amount is deducted from the Soviet total"."""
    for i in (1, 2):
        COUNTERS[f"g-mech{i}"] = combat(4, 4, "3SS-PZ-HQ", movement=6, mech=True)
    try:
        position = {"3SS-PZ-HQ": "1212", "g-pz": "1212", "g-mech1": "1111", "g-mech2": "1011", "39-Pz-HQ": "1410"}
        d, s = start(position, values={"module.landsberg.exit_hexes": ["1011", "1111"]})
        s = at(s, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], relieved=["arnswalde"],
               activated=["g-mech1", "g-mech2", "g-pz"], optional=["16.2"])
        three = [{"move": "g-pz", "path": ["1111"], "exit": True}, {"move": "g-mech1", "path": [], "exit": True},
                 {"move": "g-mech2", "path": [], "exit": True}]
        s, events, _ = play(d, s, "german", three)
        assert {"event": "german_vps", "vp": 3, "rule": "16.2"} in events
        assert not [e for e in events if e["event"] == "sudden_death"] and not GAME.awaiting(s).done
        s = at(s, phase="supply", turn=10, vp_held={"stargard": 3, "pyritz": 2})
        _, events, _ = play(d, s, "german", [])
        assert events[-1] == {"event": "victory", "vp": 2, "level": "Draw", "rule": "14.3",
                              "terms": {"vp_markers": 5, "german_vps": -3}}
    finally:
        for i in (1, 2):
            del COUNTERS[f"g-mech{i}"]


def test_the_report_names_each_term():
    from pbem.games.stargard_solstice.report import describe
    blocks = describe([{"event": "victory", "vp": 2, "level": "Draw", "rule": "14.3",
                        "terms": {"vp_markers": 5, "german_vps": -3}},
                       {"event": "reich_over", "eliminated": ["g-39"], "vp": 1, "rule": "19.1.3, 14.3.2"}])
    assert blocks == [("item", "Soviet victory points: 2 — Draw (14.3) = vp markers +5, german vps -3 (14.1)"),
                      ("item", "Defend the Reich over: g-39 left on the map, eliminated; 1 Soviet VP(s) (19.1.3, 14.3.2)")]


def test_19_1_3_no_attack_by_the_39th_fb_and_fg_and_munzel_s_range_down_to_6():
    """19.1.3 "No unit under the 39th Panzer Corps, FB (3rd SS), and FG (Munzel Corps) divisions
    may attack any longer. The Munzel HQ's command range is now reduced from "8" to "6"" (units.yaml
    Munzel-HQ: 8, then 6)."""
    from pbem.games.stargard_solstice.reich import command_range
    d, s = start({"39-Pz-HQ": "1211", "g-39": "1313", "s-inf": "1414", "3SS-PZ-HQ": "1212"}, values=FORMATIONS)
    s = at(s, phase="combat", active="german", hq="39-Pz-HQ", hq_hex="1211", activated=["g-39"], moved=[])
    attack = [{"attack": "1414", "with": ["g-39"]}]
    assert not GAME.check(d, s, "german", attack)
    assert [p.message for p in GAME.check(d, at(s, reich={"turn": 3}), "german", attack)] == [
        "g-39 may not attack after Defend the Reich (19.1.3)"]
    assert command_range(d, s, "Munzel-HQ") == 8 and command_range(d, at(s, reich={"turn": 3}), "Munzel-HQ") == 6


def test_19_1_3_the_withdrawing_divisions_move_with_every_german_chit_within_their_own_range():
    """19.1.3 "Each time the German player draws a chit from the cup in a subsequent command phase,
    regardless of the corps, they may carry out a regular move (including rail movement but not
    strategic movement) with the units of the 39th PzK, FB (3rd SS), and FG (Munzel Corps)
    divisions, following all command range rules": 3SS-PZ-HQ's chit activates g-39 too (39th
    Panzer Corps, 1 hex from 39-Pz-HQ, range 3), but not once it stands 5 hexes away."""
    from pbem.games.stargard_solstice.cup import activate
    d, s = start({"39-Pz-HQ": "0918", "g-39": "0917", "3SS-PZ-HQ": "1212", "g-inf": "1313"}, values=FORMATIONS)
    s = at(s, turn=3, active="german", reich={"turn": 3})
    events: list = []
    activate(d, s, "3SS-PZ-HQ", events)
    assert s["activated"] == ["g-39", "g-inf"] and s["reich_movers"] == ["g-39"]
    assert [p.message for p in GAME.check(d, s, "german", [{"move": "g-39", "path": ["0916"], "strategic": True}])] == [
        "g-39 moves with this chit by regular movement only (19.1.3)"]
    far = at(s, units={**s["units"], "g-39": {**s["units"]["g-39"], "hex": "0913"}})
    activate(d, far, "3SS-PZ-HQ", [])
    assert far["reich_movers"] == []                                  # 5 hexes from 39-Pz-HQ: out of range (3)
