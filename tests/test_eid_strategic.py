"""End of the Iron Dream, behaviour 2: strategic land movement (12.0; 5.1.3, 5.2.3, 5.3.3): the
first orders of the Operational Movement file after the Replacement Phase's.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): rows P-W, columns 1-26 of clear
hexes (1 MP each); the WA hold P1, P2, Q1, Q2, the Soviets columns 24-26; Turn 2 is fair, Turn 10
foul (25.11)."""

from __future__ import annotations

from tests.eidhelp import at, play, problems
from tests.test_eid_supply_play import start2

ROW = [f"T{c}" for c in range(18, 1, -1)]          # T18 -> T2


def test_12_1_germans_move_three_times_their_printed_ma_through_german_hexes_in_gs():
    """12.1: "Strategically moving units do so with three times their printed operational MAs,
    paying all normal terrain costs"; 12.3: "All hexes entered ... must be friendly-controlled and
    in GS": de-inf-1 (MA 5) moves 15 hexes, not 16; 12.2: it then takes part in nothing else."""
    d, s = start2({"de-inf-1": "T18", "su-inf-3": "T25", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ROW}]) == [
        "de-inf-1 needs 16 MP but moves strategically three times its MA (12.1): 15"]
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ROW[:16]}]) == []
    after, events = play(d, s, "axis", [{"strategic": "de-inf-1", "path": ROW[:16]}])
    assert after["units"]["de-inf-1"]["hex"] == "T3"
    assert {"event": "strategic", "unit": "de-inf-1", "path": ROW[:16]} in events
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ROW[:3]}, {"move": "de-inf-1", "path": ["T16", "T15"]}]) == [
        "de-inf-1 moved strategically and takes part in nothing else this player-turn (12.2, 5.1.3 F)"]


def test_12_4_a_three_german_corps_at_most_b_never_satellites():
    """12.4 A: "Germany may move up to three German corps"; B: "Bulgarian, Hungarian, and Romanian
    units may never be strategically moved by the Axis"."""
    d, s = start2({"de-inf-1": "T18", "de-inf-2": "S18", "de-inf-4": "R18", "de-inf-5": "Q18", "hu-inf-H1": "U18",
                   "su-inf-3": "T25", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    moves = [{"strategic": u, "path": [h, h[0] + "17"]} for u, h in
             (("de-inf-1", "T18"), ("de-inf-2", "S18"), ("de-inf-4", "R18"), ("de-inf-5", "Q18"))]
    assert problems(d, s, "axis", moves) == [(
        "the axis move at most 3 unit(s) strategically a player-turn (12.4 A, 12.6 A)")]
    assert problems(d, s, "axis", [{"strategic": "hu-inf-H1", "path": ["U18", "U17"]}]) == [
        "hu-inf-H1 is not German: Hungarian, Romanian and Bulgarian units never move strategically (12.4 B, 5.1.3 G)"]


def test_12_3_no_enemy_zoc_is_ever_entered_and_12_4_1_hold_the_line():
    """12.3: "No EZOC, regardless of the presence of other friendly units, may ever be entered";
    12.4.1: a German unit may start in a Soviet ZOC if "at least one other Axis unit must also start
    the phase in that same hex and stay there to hold the line"; 12.4.2: the holder may make
    prepared assaults."""
    d, s = start2({"de-inf-1": "T21", "de-inf-2": "T21", "su-inf-3": "T22", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ["T21", "T20"]}]) == [
        "de-inf-1 starts in an enemy ZOC: another Axis unit in T21 must hold the line (`hold: UNIT`, 12.4.1)"]
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ["T21", "S22"], "hold": "de-inf-2"}]) == [
        "de-inf-1 may never enter an enemy ZOC when moving strategically, not S22 (12.3)"]
    order = {"strategic": "de-inf-1", "path": ["T21", "T20", "T19"], "hold": "de-inf-2"}
    assert problems(d, s, "axis", [order]) == []
    assert problems(d, s, "axis", [order, {"move": "de-inf-2", "path": ["T21", "T20"]}]) == [
        "de-inf-2 holds the line for a strategic mover and stays in its hex this player-turn (12.4.1)"]
    after, events = play(d, s, "axis", [order])
    assert {"event": "strategic", "unit": "de-inf-1", "path": ["T21", "T20", "T19"], "hold": "de-inf-2"} in events
    assert after["phase"] == "assault"
    assert problems(d, after, "axis", [{"attack": "T22", "with": ["de-inf-2"]}]) == []
    assert problems(d, after, "axis", [{"attack": "T22", "with": ["de-inf-1"]}]) == [
        "de-inf-1 moved strategically and takes part in nothing else this player-turn (12.2, 5.1.3 F)"]


def test_5_1_3_e_no_german_strategic_move_within_two_hexes_of_a_wa_unit_in_gs_in_fair_weather():
    """5.1.3 E: "During clear weather turns, German units may not begin or use strategic movement
    within two hexes of a WA unit in GS" (12.4.3 B); in foul weather (Turn 10) they may."""
    d, s = start2({"de-inf-1": "R6", "su-inf-3": "T25", "wa-mech-2": "P2"})
    order = [{"strategic": "de-inf-1", "path": ["R6", "R5", "R4", "R3"]}]
    assert problems(d, at(s, 2, "axis"), "axis", order) == [
        "de-inf-1 may not move strategically within two hexes of a WA unit in GS in fair weather, into R3 (5.1.3 E)"]
    assert problems(d, at(s, 10, "axis"), "axis", order) == []


def test_12_6_a_the_soviets_move_one_unit_any_distance_12_5_the_wa_any_number():
    """12.6 A: "The Soviets may strategically move any one combat unit of their choice ... any
    distance through friendly land hexes in GS"; 12.5 A: the WA "any number of units ... any
    distance through friendly-controlled and in GS land hexes"."""
    d, s = start2({"su-inf-3": "P25", "su-inf-5": "Q25", "de-inf-1": "T18", "wa-mech-2": "P2", "wa-mech-4": "Q2"})
    soviet = at(s, 2, "soviet")
    far = [f"{r}26" for r in "PQRSTUVW"]
    assert problems(d, soviet, "soviet", [{"strategic": "su-inf-3", "path": ["P25", *far]}]) == []
    assert problems(d, soviet, "soviet", [{"strategic": "su-inf-3", "path": ["P25", "P24"]},
                                          {"strategic": "su-inf-5", "path": ["Q25", "Q24"]}]) == [
        "the soviet move at most 1 unit(s) strategically a player-turn (12.4 A, 12.6 A)"]
    wa = at(s, 2, "western")
    assert problems(d, wa, "western", [{"strategic": "wa-mech-2", "path": ["P2", "P1"]},
                                       {"strategic": "wa-mech-4", "path": ["Q2", "Q1"]}]) == []
    assert problems(d, wa, "western", [{"strategic": "wa-mech-2", "path": ["P2", "P3", "P4"]}]) == [
        "wa-mech-2 may enter only friendly-controlled hexes in GS when moving strategically, not P4 (12.3)"]


def test_12_1_only_units_starting_in_gs_move_strategically():
    """12.1: "Only units beginning this phase in GS may move strategically" (marked OOS at the
    Initial Supply Check, 15.3 A)."""
    d, s = start2({"su-inf-3": "T10", "su-inf-5": "T25", "de-inf-1": "S4", "wa-mech-2": "P2"})
    s = at(s, 2, "soviet", oos=["su-inf-3"])
    assert problems(d, s, "soviet", [{"strategic": "su-inf-3", "path": ["T10", "T11"]}]) == [
        "su-inf-3 did not start the phase in GS and may not move strategically (12.1)"]
