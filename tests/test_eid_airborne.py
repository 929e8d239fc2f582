"""End of the Iron Dream, behaviour 3: the First Allied Airborne Army (17.1-17.8; 14.17 B): drops
into empty hexes, air assaults alone, bridgeheads, drops with an invasion, the refit.

TEST DATA: tests/eidhelp.py, tests/test_eid_supply_play.py and tests/test_eid_boxes.py; the ports,
coasts, charts and CRT cells are made up."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from pbem.games.end_of_the_iron_dream.common import zoc_of
from tests.eidhelp import at, play, problems
from tests.test_eid_boxes import start3, wa
from tests.test_eid_sea import INVADE, start_invasion


# -- 17.x paratroop drops ---------------------------------------------------------------------------
PARA = {"eto": {"wa-para-18": {}}}


def test_17_2_to_17_5_a_paratroop_drop_into_an_empty_hex():
    """17.2: "the paratroops must start the WA turn in either theater holding box or in an
    WA-controlled hex on the map that is in GS and has no adjacent German units"; 17.4 D-E: the
    take-off's theater, "within two hexes of other WA units in GS"; 17.5 B: not mountain or marsh;
    E: no ZOC but in their own hex; F: "If paratroops land in a hex empty of enemy defenders, they
    may not attack at all"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2"}, PARA, hexes={"U4": {"terrain": "marsh"}})
    s = wa(s, 7)
    assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "V6"}]) == ["V6 is not within two hexes of a WA unit in GS (17.4 E)"]
    assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "U4"}]) == ["paratroops may not land in the marsh hex U4 (17.5 B)"]
    assert problems(d, s, "western", [{"drop": "wa-mech-3", "at": "V4"}]) == [
        "wa-mech-3 is not a WA paratroop corps yet to drop this player-turn (17.1 A)"]
    s2, events = play(d, s, "western", [{"drop": "wa-para-18", "at": "V4"}, {"move": "wa-para-18", "path": ["V4", "V5"]}])
    assert events[0] == {"event": "drop", "unit": "wa-para-18", "from": "eto", "at": "V4", "rule": "17.3 A"}
    assert s2["units"]["wa-para-18"]["hex"] == "V5"                     # in GS at once: it may move (17.5 D)
    s3, _ = play(d, s, "western", [{"drop": "wa-para-18", "at": "V4"}])
    alone = {**s3, "units": {"wa-para-18": s3["units"]["wa-para-18"]}}
    assert zoc_of(d, alone, ("western",)) == {"V4"}                            # 17.5 E, the drop turn
    assert zoc_of(d, {**alone, "turn": 8}, ("western",)) == {"U5", "V3", "V4", "V5", "W4", "W5"}   # from Turn 8 (9.2: not U4)
    assert problems(d, at(s3, 7, "western", "assault"), "western", [{"attack": "T10", "with": ["wa-para-18"]}]) == [
        "wa-para-18 dropped into an empty hex this player-turn and may not attack (17.5 F)"]


def test_17_5_d_g_a_cut_off_drop_stays_put_and_keeps_its_supply_that_turn():
    """17.5 D: "Dropped paratroops may not move or even retreat from the hex into which they were
    dropped until a GS line is opened to them"; G: "Paratroops are considered to have AS as well
    as EGS on the turn they drop" (the Terminal Supply Check spares them; German W4 cuts V4 off)."""
    d, s = start3({"de-inf-1": "W4", "wa-mech-3": "V2"}, PARA)
    s = wa(s, 7)
    assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "V4"}, {"move": "wa-para-18", "path": ["V4", "U4"]}]) == [
        "wa-para-18 dropped and may not move until a GS line is opened to it (17.5 D)"]
    s2, _ = play(d, s, "western", [{"drop": "wa-para-18", "at": "V4"}])
    s3, events = play(d, at(s2, 7, "western", "assault"), "western", [])
    check = next(e for e in events if e["event"] == "supply_check")
    assert check["oos"] == [] and s3["units"]["wa-para-18"]["steps"] == 2
    # Turn 8: its ZOC reaches U4 again (17.5 E held for the drop turn only), a line V2-U3-U4-V4 opens: it moves
    assert problems(d, wa(s3, 8), "western", [{"move": "wa-para-18", "path": ["V4", "U4"]}]) == []


def test_17_7_four_turns_of_refit_between_drops():
    """17.7 example: "Paratroops airdrop on Turn 7 ... On Turn 8, they move to a suitable refit
    area. The refit period does not start until Turn 9, and so the earliest they could drop again
    would be Turn 13"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2"}, PARA)
    s, _ = play(d, wa(s, 7), "western", [{"drop": "wa-para-18", "at": "V4"}])
    s, _ = play(d, wa(s, 8), "western", [{"move": "wa-para-18", "path": ["V4", "V3"]}])
    assert s["airborne"] == {"wa-para-18": 8}
    assert problems(d, wa(s, 12), "western", [{"drop": "wa-para-18", "at": "U4"}]) == [
        "wa-para-18 refits until Turn 13 (17.7: four turns between drops, from Turn 9)"]
    assert problems(d, wa(s, 13), "western", [{"drop": "wa-para-18", "at": "U4"}]) == []


def test_17_7_c_a_paratroop_corps_fleshed_out_refits_before_its_drop():
    """17.7 C: "Paratroops are available for instant use when they first appear on Turn 7, but
    after that, if they flesh out with replacements ... they must go through the refit process
    before dropping again"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2"}, {"eto": {"wa-para-18": {"steps": 1}}})
    s, _ = play(d, wa(s, 7), "western", [{"replace": "wa-para-18"}])
    assert s["airborne"] == {"wa-para-18": 7}
    assert problems(d, wa(s, 8), "western", [{"drop": "wa-para-18", "at": "V4"}]) == [
        "wa-para-18 refits until Turn 12 (17.7: four turns between drops, from Turn 8)"]


def test_17_6_1_paratroops_dropped_onto_a_defender_assault_it_alone():
    """17.6.1 A: "the paratroops immediately run one or two rounds of mobile assaults"; B: "The
    defender may retreat from the hex with the paratroops to satisfy combat results, but the
    paratroops themselves can only take step losses"; D: no tactical air shift; 11.8: 2L (the 1-2
    cell, die 2: 0/1, made up)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": {"hex": "V4", "steps": 1}}, PARA,
                  cells={"1-2": {"2": "0/1"}})
    s = wa(s, 7)
    drop = {"drop": "wa-para-18", "at": "V4"}
    assert problems(d, s, "western", [drop, {"move": "wa-mech-3", "path": ["V2", "U3"]}]) == [
        "a paratroop air assault ends its orders file, its last order (17.6.1, 11.0)"]
    s, events = play(d, s, "western", [drop], **{"crt/": [2]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["kind"], battle["attack"], battle["defence"], battle["initial"], battle["column"]) == ("air", 7, 4, "1-1", "1-2")
    assert [x["rule"] for x in battle["shifts"]] == ["11.8"]
    assert s["phase"] == "air_defender" and GAME.awaiting(s).side == "axis"
    s, events = play(d, s, "axis", [{"steps": ["de-inf-2"]}])
    assert {"event": "occupy", "units": ["wa-para-18"], "hex": "V4", "why": "17.6.1"} in events
    assert s["units"]["wa-para-18"] == {"side": "western", "hex": "V4", "steps": 2} and s["phase"] == "movement"


def test_17_6_1_c_paratroops_still_atop_defenders_after_two_rounds_are_eliminated():
    """17.6.1 C: "If there are still enemy units underneath the paratroops at the end of the second
    round of mobile assaults, the paratroops are eliminated at that instant" (1-2, die 1: 0/0, then
    die 2: 1/0, made up)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": {"hex": "V4", "steps": 1}}, PARA,
                  cells={"1-2": {"1": "0/0", "2": "1/0"}})
    s, events = play(d, wa(s, 7), "western", [{"drop": "wa-para-18", "at": "V4"}], **{"crt/": [1, 2]})
    assert [e["die"] for e in events if e["event"] == "assault"] == [1, 2]
    assert {"event": "eliminated", "unit": "wa-para-18", "why": "17.6.1 C: enemy units still under them after the second round"} in events
    assert "wa-para-18" not in s["units"] and s["phase"] == "movement"


def test_17_8_a_bridgehead_across_the_drop_hexs_river():
    """17.8 A: paratroops that "drive off any enemy defenders in their drop hex via mobile assaults
    ... may then attempt to secure a bridgehead across any of their hex's water hexsides"; B: "On a
    1-4, they succeed. Other Allied ground units may then move into the paratroops' hex and attack
    across that river hexside as if the river did not exist"; C: +1 to each later attempt (1-2, die 2:
    0/E, made up; V4-V5 and V4-U4 rivers)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": {"hex": "V4", "steps": 1}}, PARA,
                  sides={"V4|V5": ["river"], "U4|V4": ["river"], "V3|V4": ["river"]}, cells={"1-2": {"2": "0/E"}})
    drop = {"drop": "wa-para-18", "at": "V4", "bridgeheads": ["V5", "U4", "V3"]}
    assert problems(d, wa(s, 7), "western", [{**drop, "bridgeheads": ["W4"]}]) == [
        "W4 is not across a river or canal hexside of V4 (17.8 A)"]
    s, events = play(d, wa(s, 7), "western", [drop], **{"crt/": [2], "bridgehead/": [4, 4, 1]})
    assert [(e["across"], e["die"], e["drm"], e["secured"]) for e in events if e["event"] == "bridgehead"] == [
        ("V5", 4, 0, True), ("U4", 4, 1, False), ("V3", 1, 2, True)]
    assert s["bridgeheads"] == {"turn": 7, "army": "western", "sides": ["V3|V4", "V4|V5"]}
    s2, events = play(d, s, "western", [{"move": "wa-mech-3", "path": ["V2", "V3", "V4"]}])
    assert events[0]["mp"] == 2                      # no river MP across V3-V4 (10.8)


def test_17_3_paratroops_drop_with_a_later_invasion_and_undouble_its_defenders():
    """17.3 A: "Paratroops may be dropped in conjunction with a second or third invasion. In such
    cases they are dropped when the invasion force goes ashore during the sea movement phase"; B:
    "Paratroops do serve to undouble invasion defenders and do count toward Allied stacking limits
    in the hex into which they drop" (a third invasion on Turn 10, foul: no TAC AIR)."""
    d, s = start_invasion({"de-inf-2": "U14"})
    s["boxes"]["eto"]["wa-para-18"] = 2
    third = {"invade": "U14", "with": ["wa-mech-3"], "from": "eto", "paratroops": ["wa-para-18"]}
    assert problems(d, wa(s, 1), "western", [{**INVADE, "paratroops": ["wa-para-18"]}]) == [
        "paratroops drop with a second or third invasion only (17.3 A)"]
    s2, events = play(d, wa(s, 10), "western", [third], **{"crt/": [1]})
    assert events[0]["paratroops"] == ["wa-para-18"] and events[0]["opposed"] is True
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attackers"], battle["attack"], battle["defence"]) == (["wa-mech-3", "wa-para-18"], 17, 7)   # 7 not doubled
    d, s = start_invasion()
    s["boxes"]["eto"]["wa-para-18"] = 2
    s3, _ = play(d, wa(s, 10), "western", [third])
    assert s3["units"]["wa-para-18"] == {"side": "western", "hex": "U14", "steps": 2} and s3["airborne"] == {"wa-para-18": 10}
    four = {"invade": "U14", "with": ["wa-mech-3", "wa-mech-5", "wa-x-B1", "wa-x-B8"], "from": "eto", "paratroops": ["wa-para-18"]}
    assert problems(d, wa(s, 10), "western", [four]) == [
        "U14 would hold 5 western units, over the limit of 4 (8.1) (14.16 D: the invasion-port counter does not count; "
        "17.3 B: the paratroops do)"]


def test_17_5_d_a_cut_off_drop_takes_a_retreat_result_in_steps():
    """17.5 D: "Dropped paratroops may not move or even retreat from the hex into which they were
    dropped until a GS line is opened to them" (German W4 and U5 keep V4 cut off; 1-2 shifted 2R
    against a defender without GS, 15.4: 2-1, die 1: 0/1, made up; de-su-1 gives the German
    assault its attack supply, 15.22)."""
    d, s = start3({"de-inf-1": "W4", "de-inf-4": "U5", "de-su-1": "U5", "wa-mech-3": "V2"}, PARA, cells={"2-1": {"1": "0/1"}})
    s, _ = play(d, wa(s, 7), "western", [{"drop": "wa-para-18", "at": "V4"}])
    s, _ = play(d, at(s, 8, "axis", "assault"), "axis", [{"supply": "de-su-1", "hexes": ["U5"]},
                                                        {"attack": "V4", "with": ["de-inf-4"]}], **{"crt/": [1]})
    assert s["phase"] == "pa_defender" and s["cut_off_drops"] == ["wa-para-18"]
    assert problems(d, s, "western", [{"retreat": {"wa-para-18": ["V5"]}}]) == [
        "wa-para-18 dropped and may not retreat until a GS line is opened to it (17.5 D): it takes steps"]
    assert problems(d, s, "western", [{"steps": ["wa-para-18"]}]) == []


def test_17_5_g_dropped_paratroops_have_attack_supply_on_their_drop_turn():
    """17.5 G: "Paratroops are considered to have AS as well as EGS on the turn they drop": after
    clearing V4 by air assault (17.6.1, as above) they make a prepared assault on V5 in the same
    player-turn without an SU burn-off (15.22); on the next turn they need one again."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": {"hex": "V4", "steps": 1}, "de-inf-4": "V5"}, PARA,
                  cells={"1-2": {"2": "0/1"}})
    s, _ = play(d, wa(s, 7), "western", [{"drop": "wa-para-18", "at": "V4"}], **{"crt/": [2]})
    s, _ = play(d, s, "axis", [{"steps": ["de-inf-2"]}])
    assert s["units"]["wa-para-18"]["hex"] == "V4"
    attack = [{"attack": "V5", "with": ["wa-para-18"]}]
    assert problems(d, at(s, 7, "western", "assault"), "western", attack) == []
    assert problems(d, at(s, 8, "western", "assault"), "western", attack) == [
        "wa-para-18 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]
