"""End of the Iron Dream, behaviour 4: Let History Judge's A-bombs (27.6; abomb.py), their chit drawn
on the hidden-information core as 14.12's.

27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit from a cup to
determine the turn A-Bombs become available (four in each case)": A Turn 4, B 6, C 8.

TEST DATA (made up, as tests/test_eid_lhj_boxes.py): the Riga group one hex off Riga (U25), one Soviet
SU in Riga (U26), two on V24, the rest on V25; NATO's wa-mech-4 on U22, next to U23's lone army."""

from __future__ import annotations

import copy

from pbem.games.end_of_the_iron_dream import GAME, abomb, ports, sea, supply_play, victory
from pbem.games.end_of_the_iron_dream.chit import letter
from tests.dicehelp import ScriptedDice
from tests.eidhelp import at, play, problems
from tests.test_eid_game import lhj_start
from tests.test_eid_lhj_boxes import more, units

SECRET = "0123456789abcdef" * 4
SALTS = {"A": "g", "B": "a", "C": "c"}              # letter(SECRET, salt)


def position() -> dict:
    found = units()
    found.update({u: {"hex": "U25"} for u, v in found.items() if v["hex"] == "U26"})
    found.update({"su-su-1": {"hex": "U26"}, "su-su-2": {"hex": "V24"}, "su-su-3": {"hex": "V24"},
                  **{f"su-su-{n}": {"hex": "V25"} for n in range(4, 9)}, "wa-mech-4": {"hex": "U22"}})
    return found


def start(extra: dict | None = None):
    return lhj_start(4, position(), {**more(), **(extra or {})})


def drawn(s: dict, chit: str, turn: int) -> dict:
    """The state at NATO's first file of `turn`, the chit drawn (`SECRET` in NATO's own view)."""
    s = at(s, turn, "western", abomb_secret=SECRET)
    s["abomb"] = {"used": 0, "clouds": {}, "nuked": [], "stage": "drawn", "salt": SALTS[chit]}
    assert letter(SECRET, SALTS[chit]) == chit
    return s


def test_27_6_a_the_draw_comes_first_nato_commits_then_the_soviets_add_their_part():
    """27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit": two
    signed steps before NATO's Turn 1 file; NATO's own view then shows the chit and its turn."""
    d, s = start()
    assert s["phase"] == "abomb" and GAME.awaiting(s).phase == "Turn 1 Western Allied A-bomb chit: NATO's secret (27.6 A)"
    assert problems(d, s, "western", [{"abomb_secret": "not hex"}]) == [
        "one order: `abomb_secret: HEX`, 64 lowercase hex digits chosen at random (27.6 A)"]
    s, events = play(d, s, "western", [{"abomb_secret": SECRET}])
    assert events == [{"event": "abomb_committed", "rule": "27.6 A"}] and s["phase"] == "abomb_salt"
    assert GAME.awaiting(s).side == "soviet"
    assert problems(d, s, "soviet", [{"abomb_salt": " "}]) == ["one order: `abomb_salt: TEXT` (27.6 A)"]
    s, events = play(d, s, "soviet", [{"abomb_salt": "a"}])
    assert events == [{"event": "abomb_drawn", "rule": "27.6 A"}]
    assert (s["phase"], s["army"], s["turn"]) == ("movement", "western", 1)
    assert s["abomb"] == {"used": 0, "clouds": {}, "nuked": [], "stage": "drawn", "salt": "a"}
    assert GAME.movement_template(d, s, "western")["notes"][-1].startswith(
        "your A-bomb chit is B: A-bombs from Turn 6, 4 left; an A-bomb is a file of its own")


def test_27_6_a_f_g_the_chit_decides_the_first_turn_and_the_first_bomb_shows_it():
    """27.6 A: chit B, Turn 6; F: "When the first one is detonated, the NATO player should show the
    verifying chit to the Soviets"; G: "at the very start of any turn after they become available"."""
    d, s = start()
    bomb = [{"abomb": "U23"}]
    assert problems(d, drawn(s, "B", 5), "western", bomb) == [
        "the A-bomb chit is B: A-bombs become available on Turn 6 (27.6 A, G)"]
    hidden = drawn(s, "B", 6)
    del hidden["abomb_secret"]                                    # the Soviet machine, the item not opened
    assert problems(d, hidden, "western", bomb) == [
        "the first A-bomb shows the chit to the Soviets (27.6 F): its orders must open NATO's item `abomb-chit`"]
    assert problems(d, drawn(s, "B", 6), "western", bomb) == []
    moved = drawn(s, "B", 6)
    moved["movement"] = {"spent": {}}
    assert problems(d, moved, "western", bomb) == [
        "an A-bomb is announced at the very start of a turn, NATO's first file, before any other order (27.6 G)"]
    assert problems(d, drawn(s, "B", 6), "western", [*bomb, {"move": "wa-mech-2", "path": ["T5", "T6"]}]) == [abomb.ORDER]
    after, events = play(d, drawn(s, "B", 6), "western", bomb, 2)
    assert events[0] == {"event": "abomb_chit_revealed", "chit": "B", "turn": 6, "rule": "27.6 F"}
    assert after["abomb"]["revealed"] == "B"


def test_27_6_g_four_bombs_in_all_several_on_one_turn():
    """27.6 G: "They may be saved for later turns or all dropped on one turn. NATO never receives more
    than the initial shipment of four bombs." A second file on the same turn, before any other order."""
    d, s = start()
    s = drawn(s, "A", 4)
    s, _ = play(d, s, "western", [{"abomb": "U23"}], 1)
    assert (s["phase"], s["movement"]) == ("movement", None) and s["abomb"]["used"] == 1
    assert problems(d, s, "western", [{"abomb": "U26"}]) == []
    s["abomb"]["used"] = 4
    assert problems(d, s, "western", [{"abomb": "U26"}]) == [
        "NATO never receives more than the initial shipment of 4 bombs (27.6 G)"]


def test_27_6_h_on_a_1_to_4_the_whole_stack_is_destroyed():
    """27.6 H: "point to any Soviet stack on the map ... and roll one die. On a 1-4, all units in the
    bombed stack are destroyed." V24 holds two SUs; NATO names its 5-6 choice too."""
    d, s = start()
    s = drawn(s, "A", 4)
    assert problems(d, s, "western", [{"abomb": "T5"}]) == [
        "no Soviet stack in T5: NATO points to a Soviet stack on the map (27.6 H)"]
    assert problems(d, s, "western", [{"abomb": "V24"}]) == [
        "V24 holds su-su-2, su-su-3: name the unit a 5-6 destroys and the retreat of each other, `destroy: UNIT, "
        "retreat: {UNIT: [HEX, HEX]}` (27.6 H: NATO retreats them; NATO names the unit too, a reading)"]
    order = [{"abomb": "V24", "destroy": "su-su-2", "retreat": {"su-su-3": ["W24", "W23"]}}]
    after, events = play(d, s, "western", order, 4)
    assert "su-su-2" not in after["units"] and "su-su-3" not in after["units"]
    assert events[-1] == {"event": "abomb", "hex": "V24", "die": 4, "destroyed": ["su-su-2", "su-su-3"], "cloud_until": 4,
                          "left": 3, "rule": "27.6 H-I"}
    assert {"unit": "su-su-3", "side": "soviet"} in after["dead"]


def test_27_6_h_on_a_5_or_6_one_unit_is_destroyed_and_nato_retreats_the_rest_two_hexes():
    """27.6 H: "On a 5-6, only one unit is destroyed, and the rest (if any) are retreated two hexes in any
    direction by the NATO player." """
    d, s = start()
    s = drawn(s, "A", 4)
    order = {"abomb": "V24", "destroy": "su-su-2"}
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24"]}}]) == [
        "su-su-3 retreats 2 hexes from V24: `retreat: {su-su-3: [HEX, HEX]}` (27.6 H)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "V24"]}}]) == [
        "su-su-3's retreat from V24 goes hex by hex, never back into the cloud: not V24 (27.6 H-I)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "W26"]}}]) == [
        "su-su-3's retreat from V24 goes hex by hex, never back into the cloud: not W26 (27.6 H-I)"]
    after, events = play(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "W23"]}}], 5)
    assert "su-su-2" not in after["units"] and after["units"]["su-su-3"]["hex"] == "W23"
    assert {"event": "retreat", "unit": "su-su-3", "path": ["V24", "W24", "W23"]} in events
    assert events[-1]["destroyed"] == ["su-su-2"] and events[-1]["die"] == 5


def test_27_6_i_no_unit_of_either_side_enters_the_cloud_until_the_end_of_the_turn():
    """27.6 I: "The mushroom cloud remains in the hex throughout the ensuing turn. No units of either side
    may enter the hex while the mushroom is in it. Remove the cloud at the very end of that turn." U23's
    lone army is destroyed on Turn 4; NATO's wa-mech-4 stands next to it on U22."""
    d, s = start()
    after, events = play(d, drawn(s, "A", 4), "western", [{"abomb": "U23"}], 3)
    assert events[-1]["destroyed"] == ["su-inf-43"] and after["abomb"]["clouds"] == {"U23": 4}
    cloud = "no unit may enter U23 while the mushroom cloud is in it, until the end of Turn 4 (27.6 I)"
    assert problems(d, after, "western", [{"move": "wa-mech-4", "path": ["U22", "U23"]}]) == [f"U22 → U23: {cloud}"]
    soviet = at(after, 4, "soviet")
    assert problems(d, soviet, "soviet", [{"move": "su-inf-3", "path": ["T23", "U23"]}]) == [f"T23 → U23: {cloud}"]
    turn_5 = at(after, 5, "western")
    assert abomb.cloud_problem(turn_5, "U23") is None
    assert not any("27.6 I" in p for p in problems(d, turn_5, "western", [{"move": "wa-mech-4", "path": ["U22", "U23"]}]))


def test_27_6_j_a_nuked_port_city_never_again_functions_as_a_port():
    """27.6 J: "Port cities that have been nuked may never again function as ports": P1, NATO's port at the
    start (27.8 A), no longer a GS source nor a landing hex; P2 (a port city, made up) liberated after its
    bombing takes no roll on the Port Opening Chart (27.8 B)."""
    d, s = start({"invasions.ports.port_cities": ["P2"]})
    s = drawn(s, "A", 4)
    assert "P1" in supply_play.sources(d, s, "western") and "P1" in sea.landing_hexes(d, s)
    s["abomb"]["nuked"] = ["P1", "P2"]
    assert "P1" not in supply_play.sources(d, s, "western") and "P1" not in sea.landing_hexes(d, s)
    s["ports"].update(held=[], opening={})                       # as if the Soviets had held it
    events: list = []
    ports.watch(d, s, events, ScriptedDice(3), {"P2": "western"}, [])
    assert events == [] and s["ports"]["opening"] == {}
    s["abomb"]["nuked"] = ["P1"]
    s["ports"]["held"] = []
    ports.watch(d, s, events, ScriptedDice(3), {"P2": "western"}, [])
    assert events == [{"event": "port_liberated", "hex": "P2", "die": 3, "opens": 7, "rule": "14.27"}]


def test_27_6_k_no_nato_strategic_movement_through_or_into_a_nuked_hex():
    """27.6 K: "No NATO strategic movement may ever take place through or into a hex that has been
    nuked, even after the cloud is gone." T6 (made up as nuked on Turn 4) on Turn 9."""
    d, s = start()
    s = drawn(s, "A", 9)
    order = [{"strategic": "wa-mech-2", "path": ["T5", "T6", "T7"]}]
    assert problems(d, s, "western", order) == []
    s["abomb"]["nuked"] = ["T6"]
    assert problems(d, s, "western", order) == [
        "no NATO strategic movement may ever go through or into T6, a nuked hex (27.6 K)"]
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["T5", "T6", "T7"]}]) == []     # operational: allowed


def test_27_6_l_a_liberated_a_bombed_city_still_counts_for_nato():
    """27.6 L: "NATO liberated and A-bombed cities still do count for VPs." Riga's lone SU is bombed on
    Turn 4; NATO's wa-mech-2 stands in Riga later: Riga's 12 VPs are NATO's (27.10 B)."""
    d, s = start()
    after, _ = play(d, drawn(s, "A", 4), "western", [{"abomb": "U26"}], 1)
    assert "U26" in after["abomb"]["nuked"] and "riga" not in victory.lhj_result(d, after)["cities"]
    later = copy.deepcopy(after)
    later["units"]["wa-mech-2"]["hex"] = "U26"
    supply_play.record_control(d, later, [])
    assert "riga" in victory.lhj_result(d, later)["cities"]


def test_27_6_behaviour_3_let_history_judge_campaigns_draw_no_a_bomb_chit():
    """docs/upgrading.md: a behaviour-3 campaign starts as it did, with NATO's Turn 1 file."""
    from tests.test_eid_lhj3 import MORE, position as lhj3_position
    d, s = lhj_start(3, lhj3_position(), MORE)
    assert s["phase"] == "movement" and "abomb" not in s
    assert problems(d, s, "western", [{"abomb": "U23"}])[0].startswith("unknown order ['abomb']")
