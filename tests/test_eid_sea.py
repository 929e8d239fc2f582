"""End of the Iron Dream, behaviour 3: sea movement (5.1.4, 5.2.4; 13.x, 14.1-14.7), invasions
(14.8-14.17, 14.24; 6.3; 14.12 the chit played in the open here, tests/test_eid_chit.py for the
hidden draw), ports opened in play (14.27-14.31), emergency beach supply (14.32) and the amphibious
coastal attack (14.33). Paratroops: tests/test_eid_airborne.py.

TEST DATA: tests/eidhelp.py, tests/test_eid_supply_play.py and tests/test_eid_boxes.py; the ports,
coasts, invadable hexes, charts and the tan corps' factors are made up."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from pbem.games.end_of_the_iron_dream.common import zoc_of
from tests.eidhelp import at, play, problems, start
from tests.test_eid_boxes import COASTS, NO_REINFORCEMENTS, PORTS, TAN, start3, wa
from tests.test_eid_supply_play import SUPPLY


def test_7_1_b_a_unit_landing_from_its_box_pays_1_mp_and_moves_on():
    """5.2.4 D: "Units sea moving from holding boxes to opened port or invasion-port counters pay
    1 MP upon landing and may then continue moving"; 14.2: only in the box's theater."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "P1"}]) == [
        "P1 is not in the eto (4.9, 14.2, 14.4: the same theater of operations)"]
    s["egs"] = ["wa-mech-3"]            # V7 is beyond its GS: EGS lets it go on (5.1.5 B is not what this test is about)
    path = ["V1", "V2", "V3", "V4", "V5", "V6", "V7"]
    s2, events = play(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}, {"move": "wa-mech-3", "path": path}])
    assert events[0] == {"event": "sail", "unit": "wa-mech-3", "from": "eto", "to": "V1", "mp": 1, "rule": "5.2.4"}
    assert s2["units"]["wa-mech-3"] == {"side": "western", "hex": "V7", "steps": 2} and s2["boxes"]["eto"] == {}
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}, {"move": "wa-mech-3", "path": path + ["V8"]}]) == [
        "wa-mech-3 needs 7 MP for this path but has 6 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_14_26_b_a_port_lands_one_corps_a_turn_and_14_2_the_box_to_box_move():
    """14.26 B: "one corps and one SU may come ashore per turn"; 14.2: to "The other theater
    holding box"."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, "wa-mech-5": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}, {"sail": "wa-mech-5", "to": "V1"}]) == [
        "V1 has landed 1 corps this turn, its capacity (14.25 A, 14.26 B, 14.29)"]
    s2, _ = play(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "mto"}])
    assert s2["boxes"] == {"eto": {"wa-mech-3": 2}, "mto": {"wa-mech-5": 2}, "german": {}}


def test_14_1_at_most_four_corps_at_sea_in_a_turn():
    """14.1: "The WA may have up to four corps ... in sea movement in a single turn"."""
    five = ["wa-mech-3", "wa-mech-5", "wa-mech-7", "wa-mech-8", "wa-mech-12"]
    d, s = start3({"de-inf-1": "T10"}, {"eto": {u: {} for u in five}})
    orders = [{"sail": u, "to": "mto"} for u in five]
    assert problems(d, wa(s), "western", orders) == [
        "wa-mech-12: the WA have 4 corps in sea movement this turn, the limit (14.1, 5.2.4 E)"]
    assert problems(d, wa(s), "western", orders[:4]) == []


def test_7_2_b_a_port_in_a_german_zoc_needs_a_wa_combat_unit_there():
    """7.2 B: "German ZOCs do extend into regular port city hexes, thus for an WA unit to arrive in
    such a port, there would need to be at least one other WA combat unit already in the hex"."""
    d, s = start3({"de-inf-1": "V2"}, {"eto": {"wa-mech-3": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}]) == [
        "V1 is a port in a German ZOC: a WA combat unit must be there already to land (7.2 B)"]
    d, s = start3({"de-inf-1": "V2", "wa-mech-5": "V1"}, {"eto": {"wa-mech-3": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}]) == []


def test_14_4_a_unit_sailing_from_a_port_does_nothing_else_this_player_turn():
    """14.4: from an opened port "into the holding box of their theater"; 5.2.4 D: "WA units that
    sea move in any other way may not take part in any further activities that same
    player-turn"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "W1", "wa-mech-5": "V1"})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "mto"}]) == [
        "wa-mech-5 sails from the eto to its own theater's box only (14.4, 14.6)"]
    s2, _ = play(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "eto"}])
    assert s2["boxes"]["eto"] == {"wa-mech-5": 2} and "wa-mech-5" not in s2["units"]
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}]) == [
        "W1 has no opened port or invasion-port: a unit there is evacuated to the eto box only (14.6)"]
    s2, _ = play(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "eto"}])         # 14.6 sea evacuation
    assert s2["boxes"]["eto"] == {"wa-mech-3": 2}


def test_5_2_4_d_a_port_to_port_mover_may_not_move_or_assault():
    """14.5: "Units moving from port to port or invasion-port (and vice versa) may not continue
    moving after landing. Nor could they launch any kind of assault"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-5": "P1"}, **{"positions.test.wa_supply_sources": ["P1", "Q1", "V1"]})
    s2, _ = play(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "Q1"}])
    assert s2["units"]["wa-mech-5"]["hex"] == "Q1"
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "Q1"}, {"move": "wa-mech-5", "path": ["Q1", "Q2"]}]) == [
        "wa-mech-5 moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"]


def test_14_7_no_wa_sea_movement_in_the_baltic():
    """14.7: "In the Iron Dream scenario, there is no WA sea movement at all in the Baltic and
    Black Seas"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-5": "W2"})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-5", "to": "eto"}]) == [
        "W2 is on the baltic: no WA sea movement there (14.7)"]


# -- 14.x invasions ------------------------------------------------------------------------------
FORCE = {"eto": {"wa-mech-3": {}, "wa-mech-5": {}, "wa-x-B1": {}, "wa-x-B8": {}, "wa-mech-7": {}}}
INVADE = {"invade": "U2", "with": ["wa-mech-3", "wa-mech-5", "wa-x-B1", "wa-x-B8"], "from": "eto"}
B8 = {k.replace("B1", "B8"): v for k, v in TAN.items()}


def start_invasion(position: dict | None = None, cells: dict | None = None, **extra):
    return start3({"de-inf-1": "T10", **(position or {})}, FORCE, cells=cells,
                  **{"invasions.invasions.invadable_hexes": ["U2", "U14", "P1", "V1"], **B8, **extra})


def test_6_3_the_wa_must_invade_on_turn_1_between_t2_and_z13_with_two_corps_of_each_group():
    """6.3 A: "The WA must conduct an invasion on the French, Belgian, or Dutch Atlantic coasts";
    14.11 A: "between T2 and Z13, inclusive"; 4.10 C: "The Turn 1 WA invasion must be made with
    two corps from each group"."""
    d, s = start_invasion()
    assert problems(d, wa(s, 1), "western", []) == [
        "the WA must launch an invasion on Turn 1: `invade: HEX, with: [UNIT, ...], from: eto` (6.3 A, 14.11 A)"]
    assert problems(d, wa(s, 1), "western", [{**INVADE, "invade": "U14"}]) == [
        "U14 is not on the French, Belgian or Dutch coast between T2 and Z13 (6.3 A, 14.11 A)"]
    assert problems(d, wa(s, 1), "western", [{**INVADE, "with": ["wa-mech-3", "wa-mech-5", "wa-mech-7", "wa-x-B1"]}]) == [
        "the Turn 1 invasion is made with 2 corps from each army group (4.10 C); the corps named by group: green: "
        "wa-mech-3, wa-mech-5, wa-mech-7; tan: wa-x-B1"]
    assert problems(d, wa(s, 1), "western", [{**INVADE, "invade": "P1"}]) == [
        "P1 is not on the French, Belgian or Dutch coast between T2 and Z13 (6.3 A, 14.11 A)"]
    assert problems(d, wa(s, 10), "western", [{**INVADE, "invade": "P1"}]) == [
        "P1 is not in the eto (14.16 A: an invadable hex within the same theater of operations)"]
    assert problems(d, wa(s, 1), "western", [{**INVADE, "invade": "U3"}]) == [
        "U3 is not an invadable coastal hex (14.9: a white arrow points to it)"]


def test_14_17_c_an_unopposed_invasion_goes_ashore_and_the_counter_becomes_a_gs_source():
    """14.17 C: "If the coastal hex is empty of any combat units of the enemy, immediately move the
    invasion force ashore. The invasion force may not move or attack any further that player-turn";
    14.24 A: the counter "instantly functions as a source of GS"; 14.25 A: it lands a corps a turn."""
    d, s = start_invasion()
    s2, events = play(d, wa(s, 1), "western", [INVADE])
    assert events[0] == {"event": "invasion", "hex": "U2", "units": INVADE["with"], "from": "eto", "number": 1, "rule": "14.17 C"}
    assert {u: s2["units"][u]["hex"] for u in INVADE["with"]} == {u: "U2" for u in INVADE["with"]}
    assert s2["invasion_ports"] == {"eto": 1, "mto": 1, "ashore": ["U2"]} and s2["boxes"]["eto"] == {"wa-mech-7": 2}
    assert problems(d, wa(s, 1), "western", [INVADE, {"move": "wa-mech-3", "path": ["U2", "U3"]}]) == [
        "wa-mech-3 moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"]
    s3 = at(s2, 2, "western")
    assert problems(d, s3, "western", [{"sail": "wa-mech-7", "to": "U2"}]) == [
        "U2 would hold 5 western units, over the limit of 4 (8.1) (7.10)"]
    s3["units"]["wa-mech-3"]["hex"] = "U3"
    s4, _ = play(d, s3, "western", [{"sail": "wa-mech-7", "to": "U2"}])
    assert s4["units"]["wa-mech-7"]["hex"] == "U2"
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    assert "U2" in sources(d, s2, "western")


def test_14_18_an_opposed_invasion_is_fought_first_in_the_prepared_assault_phase_and_goes_ashore():
    """14.17 D: "If the hex to be invaded is defended by an enemy combat unit ... the force must
    fight its way ashore"; 14.18: resolved first in the Prepared Assault Phase; 14.19 A: 1R naval
    support and 1R tactical air in clear weather; 14.20: "The DFs are doubled"; 14.23: "Invading
    units must absorb all adverse combat results as step losses ... no advance after combat, beyond
    occupying the beach hex" (the 4-1 cell, die 3: 1/2, made up)."""
    d, s = start_invasion({"de-inf-2": "U2"}, cells={"4-1": {"3": "1/2"}})
    s, events = play(d, wa(s, 1), "western", [INVADE], **{"crt/": [3]})
    assert events[0]["event"] == "invasion" and events[0]["opposed"] is True and events[0]["rule"] == "14.17 D"
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["kind"], battle["attack"], battle["defence"], battle["initial"], battle["column"]) == ("invasion", 34, 14, "2-1", "4-1")
    assert [x["rule"] for x in battle["shifts"]] == ["14.19 A", "14.19 A, 25.8 A"]
    assert s["phase"] == "inv_defender" and "wa-mech-3" not in s["units"] and s["boxes"]["eto"] == {"wa-mech-7": 2}
    s, events = play(d, s, "axis", [{"steps": ["de-inf-2", "de-inf-2"]}])
    assert s["phase"] == "inv_attacker"
    assert problems(d, s, "western", [{"steps": ["wa-x-B1", "wa-x-B8"]}]) == ["the invaders lose 1 step(s) (14.23), not 2"]
    s, events = play(d, s, "western", [{"steps": ["wa-x-B1"]}])
    assert {"event": "invasion_ashore", "hex": "U2", "units": INVADE["with"], "rule": "14.17 D, 14.23"} in events
    assert s["units"]["wa-x-B1"] == {"side": "western", "hex": "U2", "steps": 1}
    assert s["invasion_ports"] == {"eto": 1, "mto": 1, "ashore": ["U2"]} and s["phase"] == "chit"      # 14.12 A


def test_14_22_a_failed_invasion_goes_back_to_its_box_after_one_more_step_loss():
    """14.22 A: "If invading units fail to clear the defender's hex of enemy units, the invasion has
    failed, and the invasion force is sent back to its holding box after absorbing an additional
    step loss incurred in evacuating from a hostile beach"; B: it counts as launched (a 1/0, made up)."""
    d, s = start_invasion({"de-inf-2": "U2"}, cells={"4-1": {"3": "1/0"}})
    s, events = play(d, wa(s, 1), "western", [INVADE], **{"crt/": [3]})
    assert s["phase"] == "inv_attacker"
    assert problems(d, s, "western", [{"steps": ["wa-x-B1"]}]) == [
        "the invaders lose 2 step(s) (14.23, 14.22 A: one more on evacuating), not 1"]
    s, events = play(d, s, "western", [{"steps": ["wa-x-B1", "wa-x-B1"]}])
    assert {"event": "invasion_failed", "hex": "U2", "box": "eto", "units": ["wa-mech-3", "wa-mech-5", "wa-x-B8"],
            "rule": "14.22"} in events
    assert s["boxes"]["eto"] == {"wa-mech-3": 2, "wa-mech-5": 2, "wa-mech-7": 2, "wa-x-B8": 2}
    assert {"unit": "wa-x-B1", "side": "western"} in s["dead"]
    assert s["invasion_ports"] == {"eto": 1, "mto": 1, "ashore": []} and len(s["invasions"]) == 1


SECRET = "ab" * 32                  # the WA's secret in these tests: with the Axis salt "d" the chit is C, "c" A


def drawn(d, s, salt):
    """14.12 A: after the first landing's file, the WA's secret, then the Axis part (played in the open here)."""
    s, events = play(d, s, "western", [{"chit_secret": SECRET}])
    assert s["phase"] == "chit_axis" and events[0] == {"event": "chit_committed", "rule": "14.12 A"}
    s, events = play(d, s, "axis", [{"chit_salt": salt}])
    assert events[0] == {"event": "chit_drawn", "rule": "14.12 A"}
    return s


def test_14_12_the_chit_sets_the_earliest_turn_of_the_second_invasion():
    """14.12 A: "At the instant the WA corps step ashore during the first invasion, the WA secretly
    draw one of the second invasion chits"; B: chit A Turn 3, B Turn 5, C Turn 7; C: "The instant
    the second invasion is launched, the WA should reveal the chit to the Axis"; 14.13 A: any
    invasion after Turn 9 is the third."""
    d, s = start_invasion()
    s, _ = play(d, wa(s, 1), "western", [INVADE])
    assert s["phase"] == "chit" and s["chit"] == {"stage": "commit", "resume": "assault"}
    assert problems(d, s, "western", [{"chit_secret": "ab"}]) == [
        "one order: `chit_secret: HEX`, 64 lowercase hex digits chosen at random (14.12 A)"]
    s = drawn(d, s, "d")
    # the WA Prepared Assault Phase resumes and passes by itself (no WA unit next to an enemy): the Soviet turn
    assert s["phase"] == "bagration" and s["chit"] == {"stage": "drawn", "turn": 1, "salt": "d", "second": None}
    s["boxes"]["eto"]["wa-mech-8"] = 2
    second = {"invade": "U14", "with": ["wa-mech-7"], "from": "eto"}
    assert problems(d, wa(s, 6), "western", [second]) == [
        "the second-invasion chit is C: the second invasion comes on Turn 7 at the earliest (14.12 B)"]
    assert GAME.movement_template(d, wa(s, 6), "western")["notes"][-1] == (
        "your second-invasion chit is C: the second invasion from Turn 7 (14.12 B)")
    hidden = {**wa(s, 7)}
    hidden.pop("chit_secret")                                          # the public state: the secret unopened
    assert problems(d, hidden, "western", [second]) == [
        "the second invasion reveals the chit (14.12 C): its orders must open the WA's item `invasion-chit`"]
    s2, events = play(d, wa(s, 7), "western", [second])
    assert events[1] == {"event": "chit_revealed", "chit": "C", "rule": "14.12 C"}
    assert [e for e in events if e["event"] == "vp"] == []             # a second invasion costs nothing
    assert problems(d, wa(s2, 9), "western", [{"invade": "P1", "with": ["wa-mech-8"], "from": "mto"}]) == [
        "the second invasion was launched on Turn 7: the next is a third, after Turn 9 (14.13 A)"]


def test_14_13_an_invasion_after_turn_9_is_a_third_invasion_costing_10_vps():
    """14.13 A: "The WA third invasion is any invasion they launch after Turn 9"; B: without a
    second invasion, "any invasion launched after that time would be considered a third
    invasion"; 14.14, 26.6.12: "If the WA makes a third invasion, they lose 10 VPs"; 14.13 C: not
    in the two-player game; 14.1: one invasion-port counter a turn."""
    d, s = start_invasion()
    s, _ = play(d, wa(s, 1), "western", [INVADE])
    s = drawn(d, s, "c")
    s["boxes"]["eto"]["wa-mech-8"] = 2
    later = {"invade": "U14", "with": ["wa-mech-7"], "from": "eto"}
    s2, events = play(d, wa(s, 10), "western", [later])
    assert events[1] == {"event": "vp", "army": "western", "vp": "-10", "rule": "26.6.12", "turn": 10,
                         "what": "the WA third invasion", "hex": "U14"}
    assert s2["invasion_ports"] == {"eto": 0, "mto": 1, "ashore": ["U14", "U2"]}
    assert problems(d, wa(s, 10), "western", [later, {"invade": "U14", "with": ["wa-mech-8"], "from": "eto"}]) == [
        "one invasion-port counter a turn goes to sea (14.1, 14.15)"]
    two = {**s, "seats": ["alliance", "axis"]}
    assert problems(d, wa(two, 10), "alliance", [later]) == ["a WA third invasion is not possible in the two-player game (14.13 C)"]


def test_7_2_a_german_zocs_do_not_extend_into_invasion_ports_and_14_24_c_an_advance_removes_one():
    """7.2 A: "German ZOCs do not extend into WA invasion-port counters"; 14.24 C: "Victorious
    attacking enemy units may advance after combat into a hex containing only an invasion-port
    counter ... This is the only way an invasion-port can be removed from its coastal hex"."""
    d, s = start_invasion({"de-inf-2": "U4"})
    s, _ = play(d, wa(s, 1), "western", [INVADE])
    s = at(s, 2, "western")
    for unit_id in INVADE["with"]:
        s["units"][unit_id]["hex"] = "U1"
    s["units"]["de-inf-2"]["hex"] = "U3"
    _, events = play(d, s, "western", [{"move": "wa-mech-3", "path": ["U1", "U2"]}])
    assert events[0]["mp"] == 1                                   # no +2 for entering an EZOC (9.6) in U2
    s["units"]["wa-mech-3"]["hex"] = "U2"
    assert "U2" in zoc_of(d, s, ("axis",))                       # the German ZOC itself still reaches it
    s["units"]["de-inf-2"]["hex"] = "U2"
    for unit_id in INVADE["with"]:
        s["units"].pop(unit_id)
    s2, events = play(d, at(s, 2, "axis", "assault"), "axis", [])
    assert {"event": "invasion_port_removed", "hex": "U2", "rule": "14.24 C"} in events
    assert s2["invasion_ports"]["ashore"] == []


# -- 14.27 ports opened in play --------------------------------------------------------------------
def test_14_27_a_port_liberated_on_turn_3_with_a_4_works_from_turn_7():
    """14.27 B example: "The WA liberate Cherbourg in Turn 3. A 4 is rolled, so Cherbourg starts to
    function as a port at the start of Turn 7" (the chart's 4 is the rulebook's); 15.14 A: "WA GS
    sources are any opened Atlantic, Mediterranean, or Adriatic port"."""
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "R3"})
    s2, events = play(d, wa(s, 3), "western", [{"move": "wa-mech-3", "path": ["R3", "R4", "R5"]}], **{"port/": [4]})
    assert events[-1] == {"event": "port_liberated", "hex": "R5", "die": 4, "opens": 7, "rule": "14.27"}
    assert "R5" not in sources(d, at(s2, 6, "western"), "western")
    assert "R5" in sources(d, at(s2, 7, "western"), "western")


def test_14_28_a_port_the_axis_take_back_never_reopens():
    """14.28: "If a liberated port is subsequently recaptured by Germany and then liberated again,
    it never reopens"."""
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "R3", "de-inf-2": "P5"})
    s, _ = play(d, wa(s, 3), "western", [{"move": "wa-mech-3", "path": ["R3", "R4", "R5"]}], **{"port/": [1]})
    s["units"]["wa-mech-3"]["hex"] = "R2"
    s, events = play(d, at(s, 4, "axis"), "axis", [{"move": "de-inf-2", "path": ["P5", "Q5", "R5"]}])
    assert {"event": "port_closed", "hex": "R5", "rule": "14.28"} in events
    s["units"]["de-inf-2"]["hex"] = "T10"
    s, events = play(d, wa(s, 5), "western", [{"move": "wa-mech-3", "path": ["R2", "R3", "R4", "R5"]}])
    assert not [e for e in events if e["event"].startswith("port_")] and "R5" not in sources(d, s, "western")


def test_14_31_b_an_inland_port_works_only_with_its_labelled_hexes():
    """14.31 B: "the WA must also control all the hexes around those ports containing the initial
    of the port in question"; D: "Roll for the opening of the inland ports at the time the city
    itself is liberated" (V12 is Antwerp's hex, 14.31 A; its labelled hexes W12, W13 made up)."""
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    d, s = start3({"de-inf-1": "T20", "wa-mech-3": "V10"})
    s["egs"] = ["wa-mech-3"]            # V12 is beyond its GS: EGS lets it go (5.1.5 B is not what this test is about)
    s, events = play(d, wa(s, 3), "western", [{"move": "wa-mech-3", "path": ["V10", "V11", "V12"]}], **{"port/": [1]})
    assert events[-1]["event"] == "port_liberated" and events[-1]["opens"] == 4
    s = at(s, 4, "western")
    s["units"]["wa-mech-3"]["hex"] = "V10"
    s["control"] = {**s["control"], "W12": "axis", "W13": "western"}
    assert "V12" not in sources(d, s, "western")
    s["control"]["W12"] = "western"
    assert "V12" in sources(d, s, "western")


# -- 13.x German sea movement ----------------------------------------------------------------------
GERMAN_SEA = {"game.movement.german_sea_movement.baltic_port_hexes": ["W5", "V20"],
              **{f"game.movement.german_sea_movement.losses.results.{die}": {6: 2, 5: 1}.get(die, 0) for die in range(1, 7)},
              "game.turns.iron_dream.first_turn_of_1945": 14}
# the hexes the map data lists around the estuary X12 (8.4), clear for the test
SCHELDT_MAP = {h: {"terrain": "clear"} for h in ("X9", "X11", "X13", "Y13", "Y14", "Z13")}


def test_13_1_one_german_unit_a_turn_sails_from_the_baltic_coast_to_a_german_baltic_port():
    """13.1 A: "Germany may move one unit per turn that starts the phase in a Baltic Sea port or
    Baltic Sea coastal hex, by sea to any other German-controlled Baltic port (but not to another
    coastal hex without a port in it)"; 13.4 A: one die on the German Sea Movement Chart at
    disembarkation; 13.5 B: nothing else that player-turn (the chart is made up)."""
    d, s = start3({"de-inf-1": "W2", "de-inf-2": "W5", "su-inf-3": "T24"}, **GERMAN_SEA)
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"sail": "de-inf-1", "to": "W6"}]) == [
        "W6 is not another German-controlled Baltic port (13.1 A: not a coastal hex without a port)"]
    assert problems(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}, {"sail": "de-inf-2", "to": "V20"}]) == [
        "Germany sea moves 1 unit a turn in the Baltic (13.1 A, 5.1.4 A)"]
    s2, events = play(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}], **{"sea/": [5]})
    assert events[:3] == [{"event": "sail", "unit": "de-inf-1", "from": "W2", "to": "V20", "rule": "13.1"},
                          {"event": "sea_losses", "unit": "de-inf-1", "die": 5, "steps": 1, "rule": "13.4 A"},
                          {"event": "reduced", "unit": "de-inf-1", "steps": 1, "why": "German Sea Movement Chart (13.4 A)"}]
    assert problems(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}, {"move": "de-inf-1", "path": ["V20", "W10"]}]) == [
        "de-inf-1 moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"]
    s3, events = play(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}], **{"sea/": [6]})
    assert {"unit": "de-inf-1", "side": "axis", "permanent": True} in s3["dead"]          # 13.4 B
    assert problems(d, at(s, 2, "soviet"), "soviet", [{"sail": "su-inf-3", "to": "V20"}]) == [
        "the Soviets have no sea movement capabilities at all (13.0 A, 5.3.3 B)"]


def test_13_7_the_scheldt_crossing_once_in_fair_1944_with_two_non_mechanized_steps():
    """13.7 B: "This ability can only be used once on one turn, and then only during clear weather
    turns in 1944"; C: "One or two non-mechanized steps (not supply) may move across the mouth of
    the Scheldt River Estuary"; D: both hexes German-controlled; E: "No sea movement die roll is
    made" (Turn 14 is made up as the first of 1945)."""
    d, s = start(
        {"de-inf-1": {"hex": "X11"}, "de-inf-2": {"hex": "X11", "steps": 1}, "su-inf-3": {"hex": "T24"}}, behaviour=3,
        hexes={**SCHELDT_MAP, **{h: {"terrain": "clear", "coast": c} for h, c in COASTS.items()}},
        extra={**SUPPLY, **TAN, **NO_REINFORCEMENTS, **PORTS, **GERMAN_SEA, "positions.test.wa_supply_sources": ["P1", "V1"],
               "positions.test.boxes": {"eto": {}, "mto": {}, "german": {}}})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"sail": "de-inf-1", "to": "X12"}, {"sail": "de-inf-2", "to": "X12"}]) == [
        "3 steps would cross the Scheldt: one or two (13.7 C)"]
    s2, events = play(d, s, "axis", [{"sail": "de-inf-1", "to": "X12"}])
    assert events[0] == {"event": "sail", "unit": "de-inf-1", "from": "X11", "to": "X12", "rule": "13.7"}
    assert s2["scheldt"] == 2
    assert problems(d, at(s2, 3, "axis"), "axis", [{"sail": "de-inf-2", "to": "X12"}]) == [
        "the Scheldt crossing was used on Turn 2: only once (13.7 B)"]
    assert problems(d, at(s, 14, "axis"), "axis", [{"sail": "de-inf-2", "to": "X12"}]) == [
        "the Scheldt crossing is made only in clear weather turns in 1944 (13.7 B)"]


def test_14_10_an_invasion_port_counter_moves_between_the_boxes_one_a_turn():
    """14.10: "The invasion-port counters themselves may be moved from theater holding box to
    theater holding box any number of times"; 14.1: "one invasion-port counter in sea movement in a
    single turn"."""
    d, s = start_invasion()
    move = {"sail": "invasion-port", "from": "eto", "to": "mto"}
    s2, events = play(d, wa(s, 2), "western", [move])
    assert s2["invasion_ports"] == {"eto": 1, "mto": 2, "ashore": []}
    assert events[0] == {"event": "sail", "unit": "invasion-port", "from": "eto", "to": "mto", "rule": "14.10"}
    assert problems(d, wa(s, 2), "western", [move, move]) == [
        "the WA have 1 invasion-port counter in sea movement this turn, the limit (14.1)"]
    assert problems(d, wa(s, 12), "western", [move, {"invade": "U14", "with": ["wa-mech-7"], "from": "eto"}]) == [
        "one invasion-port counter a turn goes to sea (14.1, 14.15)"]


# -- 14.33 the amphibious coastal attack -----------------------------------------------------------
def test_14_33_one_wa_stack_a_turn_assaults_across_a_blocked_hexside_as_across_a_river():
    """14.33 A: "Once per player-turn, during the Prepared Assault Phase, the WA may make one
    amphibious coastal attack. This allows one stack of WA units to make a prepared assault across
    a blocked or lake hexside, treating it as if it were a river or canal hexside" (docs/errata.md
    ID10: no other prepared assault crosses one); 18.22 A: the defender doubled."""
    position = {"wa-mech-3": "V2", "wa-mech-5": "V2", "de-inf-1": "V3", "wa-mech-7": "W2", "de-inf-2": "W3",
                "wa-su-1": "V2", "wa-su-2": "W2"}
    d, s = start3(position, sides={"V2|V3": ["blocked"], "W2|W3": ["lake"], "V3|W2": ["blocked"], "V2|W3": ["blocked"]})
    s = at(s, 3, "western", "assault")
    attack = {"attack": "V3", "with": ["wa-mech-3", "wa-mech-5"]}
    fed = [{"supply": "wa-su-1", "hexes": ["V2"]}, {"supply": "wa-su-2", "hexes": ["W2"]}]      # attack supply (15.22)
    assert problems(d, s, "western", [*fed, attack]) == [
        "V2-V3 is a blocked or lake hexside: only the WA amphibious coastal attack crosses it, `amphibious: true` (14.33 A)"]
    assert problems(d, s, "western", [*fed, {**attack, "amphibious": True},
                                      {"attack": "W3", "with": ["wa-mech-7"], "amphibious": True}]) == [
        "the WA make 1 amphibious coastal attack a player-turn (14.33 A)"]
    s2, events = play(d, s, "western", [fed[0], {**attack, "amphibious": True}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["attack"] == 20 and battle["defence"] == 14                       # de-inf-1's 7 doubled
    axis = at(s, 3, "axis", "assault")
    axis["units"]["de-su-1"] = {"side": "axis", "hex": "V3", "steps": 1}         # its attack supply (15.22)
    assert problems(d, axis, "axis", [{"supply": "de-su-1", "hexes": ["V3"]},
                                      {"attack": "V2", "with": ["de-inf-1"], "amphibious": True}]) == [
        "only the WA make amphibious coastal attacks (14.33 A)"]


def test_14_2_no_landing_in_a_port_the_enemy_holds():
    """14.2: units sail to "an opened port" of their theater; a port with enemy units in it is not
    one they land in (the position's port V1, retaken by the Axis)."""
    d, s = start3({"de-inf-1": "V1"}, {"eto": {"wa-mech-3": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}]) == ["V1 holds enemy units: no landing there (14.2, 14.4)"]


NINES = {f"units.counters.{u}.{k}": v for u in ("wa-x-B1", "wa-x-B8") for k, v in
         {"type": "infantry", "attack": 9, "defense": 10, "movement": 7, "reduced": {"attack": 4, "defense": 5, "movement": 7}}.items()}


def le_havre(position: dict, cells: dict | None = None):
    """14.21 A: V6 (Le Havre) with a Level-2 fortification (TEST DATA: the two tan corps as
    9-10-7s; the fort is the example's, `special.fortifications.at_start`)."""
    return start3({"de-inf-1": "T10", **position}, FORCE, cells=cells,
                  hexes={"V6": {"terrain": "clear", "coast": "atlantic"}},          # the city is the rulebook's (14.21 C)
                  **{"invasions.invasions.invadable_hexes": ["V6"], "special.fortifications.at_start": {"V6": 2}, **NINES})


def test_14_21_the_invasion_example_with_its_fortification():
    """14.21 A: "Two WA 10-9-7s and two 9-10-7s, with an invasion-port counter, invade hex V6 (Le
    Havre). It is defended by a German 3-4-5 infantry corps, in a Level-2 fortification." B:
    "Germany has a total defense strength of eight factors in the hex as the infantry's DF of 4 is
    doubled to 8. The WA AFs total 38, making initial odds ratio 4-1 in clear terrain." C: "1R for
    tactical airpower, and 1R for invasion naval support makes the odds 6-1. The German Level 2
    fortification provides a 2L shift, one column for each level, reducing the odds to 4-1. Then the
    city of Le Havre provides a 1L shift, to 3-1. The WA add one to the die roll (a +1 die roll
    modification, DRM) because of the presence of the fort." (14.17 D; de-inf-2 on its 3-4-5 side.)"""
    d, s = le_havre({"de-inf-2": {"hex": "V6", "steps": 1}})
    s, events = play(d, wa(s, 1), "western", [{**INVADE, "invade": "V6"}], **{"crt/": [1]})
    assert [e["rule"] for e in events if e["event"] == "invasion"] == ["14.17 D"]
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"], battle["initial"]) == (38, 8, "4-1")
    assert [(x["shift"], x["rule"]) for x in battle["shifts"]] == [
        (1, "14.19 A"), (1, "14.19 A, 25.8 A"), (-1, "18.24"), (-2, "22.6 A")]
    assert (battle["column"], battle["die"], battle["row"]) == ("3-1", 1, 2)


def test_14_21_d_e_an_ungarrisoned_fort_defends_the_beach_alone_with_1_df():
    """14.21 D: "If the situation were the same, except that the 3-4-5 were not present, ... The Axis
    would now have only a defense factor of one, though, because ungarrisoned fortifications, no
    matter what their level, always defend alone with 1 DF." E: "The actual roll of the die would be
    resolved on the clear terrain line of the CRT at 7-1 odds ... A +1 DRM still applies because of
    the fort." 14.17 D: a hex "defended by an enemy combat unit or fortification" is fought for;
    22.5 B: any result but 0 destroys the vacant fort, and the force comes ashore (the 7-1 cell, row
    2: 0/1, made up)."""
    d, s = le_havre({}, cells={"7-1": {"2": "0/1"}})
    s, events = play(d, wa(s, 1), "western", [{**INVADE, "invade": "V6"}], **{"crt/": [1]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"], battle["defenders"]) == (38, 1, [])
    assert (battle["column"], battle["die"], battle["row"], battle["result"]) == ("7-1", 1, 2, "0/1")
    table = next(b for b in GAME.describe(d, s, events) if b[0] == "table")
    assert ["Defenders", "a vacant fort (22.5 A) = 1 DF (18.4, 18.22)"] in table[2]
    assert ["Die", "1 +1 for the fort: the row of 2 (22.14)"] in table[2]
    assert {"event": "fort_destroyed", "hex": "V6", "why": "a vacant fort: any step loss destroys it (22.5 B)"} in events
    assert s["forts"] == {"V6": 0} and s["invasion_ports"]["ashore"] == ["V6"]
    assert {s["units"][u]["hex"] for u in INVADE["with"]} == {"V6"}


def test_22_5_b_a_vacant_fort_that_stands_fails_the_invasion():
    """22.5 B: the vacant fort is destroyed "by any result but 0"; 14.22 A: "If invading units fail
    to clear the defender's hex ... the invasion has failed, and the invasion force is sent back to
    its holding box after absorbing an additional step loss" (the 7-1 cell, row 2: 1/0, made up)."""
    d, s = le_havre({}, cells={"7-1": {"2": "1/0"}})
    s, events = play(d, wa(s, 1), "western", [{**INVADE, "invade": "V6"}], **{"crt/": [1]})
    assert s["phase"] == "inv_attacker" and "forts" not in s
    s, events = play(d, s, "western", [{"steps": ["wa-mech-3", "wa-mech-5"]}])
    assert {"event": "invasion_failed", "hex": "V6", "box": "eto", "units": sorted(INVADE["with"]), "rule": "14.22"} in events
    assert s["invasion_ports"]["ashore"] == [] and s["boxes"]["eto"]["wa-mech-3"] == 1


def test_22_7_a_b_the_garrisoned_fort_falls_with_its_last_step():
    """22.7 B: a fort is destroyed with its garrison's last step; 14.17 D then the force comes ashore
    (the 3-1 cell, row 2: 0/E, made up)."""
    d, s = le_havre({"de-inf-2": {"hex": "V6", "steps": 1}}, cells={"3-1": {"2": "0/E"}})
    s, events = play(d, wa(s, 1), "western", [{**INVADE, "invade": "V6"}], **{"crt/": [1]})
    assert {"event": "fort_destroyed", "hex": "V6", "why": "its last defending step is lost (22.7 B)"} in events
    assert s["forts"] == {"V6": 0} and s["invasion_ports"]["ashore"] == ["V6"]


def test_14_32_emergency_beach_supply_lands_a_corps_at_a_threatened_invasion_port():
    """14.32 A: "any WA turn that begins with one or more enemy units ... in any of the hexes adjacent
    to an invasion-port counter across an unblocked hexside"; B: "No invasions may be launched on the
    turns in which emergency beach supply (EBS) is used"; C: corps from the theater's holding box,
    "up to the normal per-turn capacity for the hex"; D: "instead of, not in addition to, normal sea
    movement capacities"; the example: "That corps cannot move or attack further that turn"."""
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2", "wa-mech-3": "U2"}, {"eto": {"wa-mech-7": {}, "wa-mech-8": {}}},
                  **{"invasions.invasions.invadable_hexes": ["U14"]})
    s["invasion_ports"] = {"eto": 2, "mto": 1, "ashore": ["U2"]}
    s, _ = play(d, at(s, 11, "axis", "assault"), "axis", [])                  # the WA player-turn begins
    assert s["army"] == "western" and s["ebs"] == {"turn": 11, "hexes": ["U2"], "used": False}
    assert problems(d, s, "western", [{"ebs": "wa-mech-7", "at": "V1"}]) == [
        "V1 is not an invasion-port counter with an enemy unit next to it at the start of this WA player-turn (14.32 A): U2"]
    assert problems(d, s, "western", [{"ebs": "wa-mech-7", "at": "U2"}, {"sail": "wa-mech-8", "to": "U2"}]) == [
        "U2 has landed 1 corps this turn, its capacity (14.25 A, 14.26 B, 14.29)"]
    assert problems(d, s, "western", [{"ebs": "wa-mech-7", "at": "U2"}, {"invade": "U14", "with": ["wa-mech-8"], "from": "eto"}]) == [
        "no invasion on a turn of emergency beach supply (14.32 B)"]
    assert problems(d, s, "western", [{"ebs": "wa-mech-7", "at": "U2"}, {"move": "wa-mech-7", "path": ["U2", "U3"]}]) == [
        "wa-mech-7 moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"]
    s2, events = play(d, s, "western", [{"ebs": "wa-mech-7", "at": "U2"}])
    assert events[0] == {"event": "ebs", "unit": "wa-mech-7", "at": "U2", "rule": "14.32"}
    assert s2["units"]["wa-mech-7"]["hex"] == "U2" and s2["ebs"]["used"] is True

def test_14_32_a_an_enemy_unit_drawing_fs_does_not_call_for_emergency_beach_supply():
    """14.32 A: "any WA turn that begins with one or more enemy units (not drawing FS) in any of the
    hexes adjacent to an invasion-port counter across an unblocked hexside" (15.16-15.20: de-inf-2
    draws FS in T2, next to the counter in U2; TEST DATA: T2 an FS hex, made up)."""
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2", "wa-mech-3": "U2"}, {"eto": {"wa-mech-7": {}}},
                  hexes={"T2": {"terrain": "clear", "fortress_supply": True}})
    s["invasion_ports"] = {"eto": 2, "mto": 1, "ashore": ["U2"]}
    s["fs"] = ["de-inf-2"]
    s, _ = play(d, at(s, 11, "axis", "assault"), "axis", [])                  # the WA player-turn begins
    assert s["army"] == "western" and s["fs"] == ["de-inf-2"]
    assert s["ebs"] == {"turn": 11, "hexes": [], "used": False}
    assert problems(d, s, "western", [{"ebs": "wa-mech-7", "at": "U2"}]) == [
        "U2 is not an invasion-port counter with an enemy unit next to it at the start of this WA player-turn (14.32 A): none"]


def test_14_29_an_invasion_port_in_an_opened_port_lands_two_corps():
    """14.29: "If an invasion-port counter exists in a hex along with an opened city port, then the
    landing capacity of that hex is two corps and two SUs per turn"."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, "wa-mech-5": {}, "wa-mech-7": {}}})
    s["invasion_ports"] = {"eto": 1, "mto": 1, "ashore": ["V1"]}
    two = [{"sail": "wa-mech-3", "to": "V1"}, {"sail": "wa-mech-5", "to": "V1"}]
    assert problems(d, wa(s), "western", two) == []
    assert problems(d, wa(s), "western", [*two, {"sail": "wa-mech-7", "to": "V1"}]) == [
        "V1 has landed 2 corps this turn, its capacity (14.25 A, 14.26 B, 14.29)"]


def test_14_32_the_example_lands_a_corps_right_after_the_advance():
    """14.32 C example: "the WA launch a successful attack from V5 into a surrounding hex, clearing it
    of enemy defenders. Three attacking corps advance into the hex. ... The WA call for EBS, and
    immediately after advancing after combat with the V5 attackers, move another corps from the ETO
    holding box onto V5" (here U2; the 4-1 cell, die 1: 0/E, made up)."""
    stack = {u: "U2" for u in ("wa-mech-3", "wa-mech-5", "wa-mech-8", "wa-mech-12")}
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2", "de-inf-4": "U3", **stack}, {"eto": {"wa-mech-7": {}}},
                  cells={"4-1": {"1": "0/E"}})
    s["invasion_ports"] = {"eto": 2, "mto": 1, "ashore": ["U2"]}
    s, _ = play(d, at(s, 11, "axis", "assault"), "axis", [])                  # the WA player-turn begins
    s, _ = play(d, s, "western", [])                                          # Turn 11: no move
    three = ["wa-mech-3", "wa-mech-5", "wa-mech-8"]
    s, events = play(d, s, "western", [{"attack": "U3", "with": three}], **{"crt/": [1]})
    assert s["phase"] == "pa_attacker"
    answer = {"advance": {u: ["U3"] for u in three}, "ebs": {"wa-mech-7": "U2"}}
    s2, events = play(d, s, "western", [answer])
    assert {"event": "ebs", "unit": "wa-mech-7", "at": "U2", "rule": "14.32"} in events
    assert {u: s2["units"][u]["hex"] for u in [*three, "wa-mech-12", "wa-mech-7"]} == {
        "wa-mech-3": "U3", "wa-mech-5": "U3", "wa-mech-8": "U3", "wa-mech-12": "U2", "wa-mech-7": "U2"}


def test_26_6_1_invasion_losses_after_the_collapse_cost_the_wa():
    """26.6.1: each WA step lost after the German economic collapse costs the WA 1 VP, the invasion
    force's steps lost at sea included (14.23, 14.22 A; Turn 12 is foul: 20 AFs to 14 DFs, 1-1, naval
    support 2-1; its cell, die 3: 1/0, made up)."""
    d, s = start_invasion({"de-inf-2": "U2"}, cells={"2-1": {"3": "1/0"}})
    s["economy"] = {**s["economy"], "collapsed": 8}
    s, _ = play(d, wa(s, 12), "western", [{"invade": "U2", "with": ["wa-mech-3", "wa-mech-5"], "from": "eto"}], **{"crt/": [3]})
    s, events = play(d, s, "western", [{"steps": ["wa-mech-3", "wa-mech-3"]}])
    assert [(e["vp"], e["rule"], e["what"]) for e in events if e["event"] == "vp"] == [("-2", "26.6.1", "wa-mech-3 lost 2 step(s)")]


def test_14_12_with_two_players_the_alliance_seat_draws_and_the_axis_answers():
    """1.0 C: with two players the Grand Alliance seat runs the WA turns: it commits to the chit's
    secret, the Axis adds its part (14.12 A)."""
    west = [f"{r}{c}" for r in "PQRSTUVW" for c in range(1, 14)]                      # made up (26.3 B)
    d, s = start3({"de-inf-1": "T10"}, FORCE, seats=("alliance", "axis"),
                  **{"invasions.invasions.invadable_hexes": ["U2"], "victory.two_player.line.west_hexes": west, **B8})
    s, _ = play(d, at(s, 1, "western"), "alliance", [INVADE])
    assert s["phase"] == "chit" and GAME.awaiting(s).side == "alliance"
    assert GAME.hidden.owner_step(d, s, "alliance") is True and GAME.hidden.owner_step(d, s, "axis") is False
    s, _ = play(d, s, "alliance", [{"chit_secret": SECRET}])
    assert s["phase"] == "chit_axis" and GAME.awaiting(s).side == "axis"


def test_27_8_let_history_judge_nato_ports_work_from_the_start():
    """27.8: in Let History Judge "all NATO-controlled ports at the start function as GS sources;
    new ones still roll" (the port cities are made up)."""
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    from tests.test_eid_game import lhj_start
    from tests.test_eid_lhj3 import MORE, position                   # a set-up keeping 27.3's limits (lhj_setup.py)
    d, s = lhj_start(3, position(), {**MORE, **PORTS, "positions.test.boxes": {"eto": {}, "mto": {}, "german": {}},
                                     "reinforcements.reinforcements.schedule": {}})
    assert s["ports"]["opening"] == {"P1": 1, "R5": 1, "V1": 1, "V12": 1} and "chit" not in s
    assert {"R5", "V12"} <= set(sources(d, at(s, 1, "western", control={**s["control"], "W12": "western", "W13": "western"}), "western"))


def test_14_24_c_only_an_advance_takes_an_enemy_unit_into_a_lone_invasion_port():
    """14.24 C: "Victorious attacking enemy units may advance after combat into a hex containing only
    an invasion-port counter or SUs; they could not, however, retreat into one. This is the only way
    an invasion-port can be removed from its coastal hex"."""
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2"})
    s["invasion_ports"] = {"eto": 1, "mto": 1, "ashore": ["U2"]}
    assert problems(d, at(s, 11, "axis"), "axis", [{"move": "de-inf-2", "path": ["T2", "U2"]}]) == [
        "T2 → U2: U2 holds only a WA invasion-port counter: an enemy unit enters it by advancing after combat only (14.24 C)"]


# -- SUs at sea (13.3, 14.1, 14.16 C, 14.25-14.30, 14.32 C; 3.11 A-B, 15.23.3 C put them in the boxes) --
SUS = {f"wa-su-{n}": {} for n in range(1, 6)}


def test_14_1_four_corps_and_four_sus_at_sea_in_a_turn():
    """14.1: "The WA may have up to four corps, four SUs, and one invasion-port counter in sea
    movement in a single turn"; 5.2.4 E: "four SUs and four combat units (eight total)"; 13.3:
    SUs "may attempt sea movement just as combat class units"."""
    corps = ["wa-mech-3", "wa-mech-5", "wa-mech-7", "wa-mech-8"]
    d, s = start3({"de-inf-1": "T10"}, {"eto": {**{u: {} for u in corps}, **SUS}})
    eight = [{"sail": u, "to": "mto"} for u in [*corps, "wa-su-1", "wa-su-2", "wa-su-3", "wa-su-4"]]
    assert problems(d, wa(s), "western", eight) == []
    assert problems(d, wa(s), "western", [*eight, {"sail": "wa-su-5", "to": "mto"}]) == [
        "wa-su-5: the WA have 4 SUs in sea movement this turn, the limit (14.1, 5.2.4 E)"]
    s2, _ = play(d, wa(s), "western", eight)
    assert s2["boxes"]["mto"] == {**{u: 2 for u in corps}, **{f"wa-su-{n}": 1 for n in range(1, 5)}}


def test_14_26_b_a_port_lands_one_corps_and_one_su_a_turn():
    """14.26 B: "one corps and one SU may come ashore per turn"; 15.23.3 C: the WA "must sea move
    them ashore normally from there"; 5.2.4 D: a unit landing from a box pays 1 MP and moves on."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, **SUS}})
    both = [{"sail": "wa-mech-3", "to": "V1"}, {"sail": "wa-su-1", "to": "V1"}]
    assert problems(d, wa(s), "western", [*both, {"sail": "wa-su-2", "to": "V1"}]) == [
        "V1 has landed 1 SU(s) this turn, its capacity (14.25 A, 14.26 B, 14.29, 14.30)"]
    s2, events = play(d, wa(s), "western", [*both, {"move": "wa-su-1", "path": ["V1", "V2"]}])
    assert events[1] == {"event": "sail", "unit": "wa-su-1", "from": "eto", "to": "V1", "mp": 1, "rule": "5.2.4"}
    assert s2["units"]["wa-su-1"] == {"side": "western", "hex": "V2", "steps": 1} and s2["units"]["wa-mech-3"]["hex"] == "V1"


def test_14_30_opened_antwerp_lands_one_corps_and_three_sus_and_14_29_two_and_two():
    """14.30: "Once opened, Antwerp has a landing capacity of one corps and three SUs per turn";
    14.29: "If an invasion-port counter exists in a hex along with an opened city port, then the
    landing capacity of that hex is two corps and two SUs per turn" (TEST DATA: Antwerp V12 an
    opened port of the position, on the Atlantic; 14.31 A names its hex)."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, "wa-mech-5": {}, **SUS}},
                  hexes={"V12": {"terrain": "clear", "coast": "atlantic"}},
                  **{"positions.test.wa_supply_sources": ["P1", "V1", "V12"]})
    three = [{"sail": f"wa-su-{n}", "to": "V12"} for n in (1, 2, 3)]
    assert problems(d, wa(s), "western", [*three, {"sail": "wa-mech-3", "to": "V12"}]) == []
    assert problems(d, wa(s), "western", [*three, {"sail": "wa-su-4", "to": "V12"}]) == [
        "V12 has landed 3 SU(s) this turn, its capacity (14.25 A, 14.26 B, 14.29, 14.30)"]
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V12"}, {"sail": "wa-mech-5", "to": "V12"}]) == [
        "V12 has landed 1 corps this turn, its capacity (14.25 A, 14.26 B, 14.29)"]
    s["invasion_ports"] = {"eto": 1, "mto": 1, "ashore": ["V1"]}                  # an invasion-port counter in opened V1
    two = [{"sail": "wa-su-1", "to": "V1"}, {"sail": "wa-su-2", "to": "V1"}]
    assert problems(d, wa(s), "western", two) == []
    assert problems(d, wa(s), "western", [*two, {"sail": "wa-su-3", "to": "V1"}]) == [
        "V1 has landed 2 SU(s) this turn, its capacity (14.25 A, 14.26 B, 14.29, 14.30)"]


def test_14_16_c_no_su_goes_along_on_an_invasion():
    """14.16 C: "SUs may never be carried along on an invasion"."""
    d, s = start_invasion()
    s["boxes"]["eto"]["wa-su-1"] = 1
    assert problems(d, wa(s, 12), "western", [{"invade": "U14", "with": ["wa-mech-3", "wa-su-1"], "from": "eto"}]) == [
        "wa-su-1 is an SU: SUs may never be carried along on an invasion (14.16 C)"]


def test_14_32_c_emergency_beach_supply_lands_an_su():
    """14.32 C: "EBS allows the WA to move corps and SUs from the theater's holding box, up to the
    normal per-turn capacity for the hex, into the hex with the invasion-port counter"."""
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2", "wa-mech-3": "U2"}, {"eto": {"wa-mech-7": {}, **SUS}})
    s["invasion_ports"] = {"eto": 2, "mto": 1, "ashore": ["U2"]}
    s, _ = play(d, at(s, 11, "axis", "assault"), "axis", [])                  # the WA player-turn begins
    assert problems(d, s, "western", [{"ebs": "wa-su-1", "at": "U2"}, {"ebs": "wa-su-2", "at": "U2"}]) == [
        "U2 has landed 1 SU(s) this turn, its capacity (14.32 C-D, 14.25, 14.29, 14.30)"]
    s2, events = play(d, s, "western", [{"ebs": "wa-su-1", "at": "U2"}, {"ebs": "wa-mech-7", "at": "U2"}])
    assert [e for e in events if e["event"] == "ebs"] == [{"event": "ebs", "unit": "wa-su-1", "at": "U2", "rule": "14.32"},
                                                          {"event": "ebs", "unit": "wa-mech-7", "at": "U2", "rule": "14.32"}]
    assert s2["units"]["wa-su-1"] == {"side": "western", "hex": "U2", "steps": 1}


def test_13_3_a_german_su_sails_in_the_baltic_as_a_combat_unit():
    """13.3: "SUs, including OKH, may attempt sea movement just as combat class units" (13.1 A the
    one unit a turn, 13.4 A the chart's die: a 5 costs one step, made up, and an SU has one: 13.4 B
    "Units destroyed while sea moving are placed in the Permanently Destroyed Units Box")."""
    d, s = start3({"de-inf-1": "W5", "de-su-1": "W2", "su-inf-3": "T24"}, **GERMAN_SEA)
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"sail": "de-su-1", "to": "V20"}, {"sail": "de-inf-1", "to": "V20"}]) == [
        "Germany sea moves 1 unit a turn in the Baltic (13.1 A, 5.1.4 A)"]
    s2, events = play(d, s, "axis", [{"sail": "de-su-1", "to": "V20"}], **{"sea/": [1]})
    assert events[0] == {"event": "sail", "unit": "de-su-1", "from": "W2", "to": "V20", "rule": "13.1"}
    assert s2["units"]["de-su-1"]["hex"] == "V20"
    s3, events = play(d, s, "axis", [{"sail": "de-su-1", "to": "V20"}], **{"sea/": [5]})
    assert "de-su-1" not in s3["units"] and {"unit": "de-su-1", "side": "axis", "permanent": True} in s3["dead"]
