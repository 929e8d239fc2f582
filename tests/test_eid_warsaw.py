"""End of the Iron Dream, behaviour 2: the Warsaw uprising (26.6.9; 7.5 B).

TEST DATA (tests/test_eid_supply_play.py): Warsaw is P12 of the clear test map (made up), a city
here (5 VPs, 26.1 B); the Wehrkreis cities S12 and S14 are made up."""

from __future__ import annotations

from tests.eidhelp import at, play, problems
from tests.test_eid_supply_play import start2

WARSAW = {"map.hexes.P12": {"terrain": "clear", "city": True},
          "reinforcements.reinforcements.schedule": {"2": ["de-inf-5"], "3": ["de-inf-6"]},
          "reinforcements.reinforcements.german.wehrkreis_hexes": ["S12", "S14"], "map.places.prague.hex": "Q18"}


def test_26_6_9_a_the_uprising_begins_when_a_soviet_unit_comes_within_two_hexes_d_warsaw_closes():
    """26.6.9 A: "The Warsaw Rebellion begins the instant a Soviet unit comes within two hexes of the
    city"; D: "Once the rebellion starts, no German replacements or reinforcements may ever again
    enter play through Warsaw" (7.5 B: "Warsaw may no longer be used once the rebellion starts")."""
    d, s = start2({"su-inf-3": "P16", "de-inf-1": "W4", "wa-mech-2": "P2"}, **WARSAW)
    assert problems(d, at(s, 2, "axis"), "axis", [{"place": "de-inf-5", "at": "P12"}]) == []
    s, events = play(d, at(s, 2, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["P16", "P15", "P14"]}])
    assert {"event": "uprising", "hex": "P12", "turn": 2, "rule": "26.6.9 A"} in events
    assert s["victory"]["warsaw"] == {"from": 2, "to_wa": False, "liberated": False}
    assert problems(d, at(s, 3, "axis"), "axis", [{"place": "de-inf-5", "at": "P12"}]) == [
        "P12 is not a German-controlled Wehrkreis city, Warsaw or Prague in GS (7.5): Q18, S12, S14"]


def test_26_6_9_b_from_the_next_turn_fewer_than_two_german_steps_in_warsaw_cost_germany_2_vps():
    """26.6.9 B: "Starting the turn after the rebellion erupts, if there are not [at] least two steps
    of German units in Warsaw, Germany loses 2 VPs. There is no penalty after the rebellion ends."
    (A: it "lasts four consecutive turns": Turns 2-5 here.)"""
    lost = {}
    for turn in (2, 3, 6):
        d, s = start2({"de-inf-1": {"hex": "P12", "steps": 1}, "su-inf-3": "T25", "wa-mech-2": "P2"}, **WARSAW)
        s["victory"]["warsaw"] = {"from": 2, "to_wa": False, "liberated": False}
        s, events = play(d, at(s, turn, "soviet", "assault"), "soviet", [])
        if s["phase"] == "shock_front":
            s, events = play(d, s, "soviet", [])
        lost[turn] = [(e["army"], e["vp"], e["what"]) for e in events if e["event"] == "vp"]
    assert lost == {2: [], 3: [("axis", "-2", "1 German step(s) in Warsaw")], 6: []}


def test_26_6_9_c_a_soviet_unit_entering_warsaw_during_the_uprising_gives_its_vps_to_the_wa():
    """26.6.9 C: "If a Soviet unit enters Warsaw ... while the uprising is still going on, then the
    VPs for the eventual liberation of the place are awarded to the WA" (Warsaw 5 VPs, 26.1 B)."""
    d, s = start2({"su-inf-3": "P13", "de-inf-1": "T21", "wa-mech-2": "P2"}, **WARSAW)
    s["victory"]["warsaw"] = {"from": 22, "to_wa": False, "liberated": False}
    s, events = play(d, at(s, 23, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["P13", "P12"]}])
    assert {"event": "uprising_claim", "hex": "P12", "rule": "26.6.9 C"} in events
    assert s["game_over"] is True
    # the Axis: Berlin 25, V6 2, Antwerp 1, 8 for Bulgaria and Romania (26.6.2), and -2 for an empty
    # Warsaw at the end of Turn 23 (B)
    assert events[-1]["totals"] == {"axis": "34", "western": "5", "soviet": "0"}


def test_26_6_9_f_two_players_the_soviets_liberating_warsaw_during_the_uprising_lose_5_vps():
    """26.6.9 F: "In two-player matches, if Soviet forces liberate Warsaw while the rebellion is going
    on, award the city's VPs to the WA forces' total just as in a three-player game. Then also
    deduct 5 VPs from the Soviet total.\""""
    west = {"victory.two_player.line.west_hexes": [f"{r}{c}" for r in "PQRSTUVW" for c in range(1, 21)]}
    d, s = start2({"su-inf-3": "P13", "de-inf-1": "T21", "wa-mech-2": "P2"}, seats=("alliance", "axis"), **WARSAW, **west)
    s["victory"]["warsaw"] = {"from": 3, "to_wa": False, "liberated": False}
    s, events = play(d, at(s, 3, "soviet"), "alliance", [{"move": "su-inf-3", "path": ["P13", "P12"]}])
    assert {"event": "uprising_claim", "hex": "P12", "rule": "26.6.9 C"} in events
    assert {"event": "vp", "army": "soviet", "vp": "-5", "rule": "26.6.9 F", "turn": 3,
            "what": "Warsaw liberated during the uprising", "hex": "P12"} in events
