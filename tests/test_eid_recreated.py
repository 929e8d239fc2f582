"""End of the Iron Dream, behaviour 3: units recreated from the dead pile (7.11, 7.16 C-D, 7.17,
7.18, 7.20, 7.22 A) and the Polish 2nd Army (7.28).

TEST DATA: tests/eidhelp.py, tests/test_eid_supply_play.py and the Wehrkreis cities and schedule
of tests/test_eid_reinforcements.py (made up): Warsaw is U20."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_eid_reinforcements import ENTRY
from tests.test_eid_supply_play import SUPPLY


def start3(position: dict, dead: list, army: str, **extra):
    d, s = start(position, behaviour=3, extra={**SUPPLY, **ENTRY, **extra})
    s = at(s, 2, army)
    s["dead"] = dead
    return d, s


def test_7_11_7_22_a_the_axis_recreates_a_dead_corps_at_a_wehrkreis_city_with_one_step():
    """7.11: "Steps may be used to recreate units from the dead pile"; 7.22 A: "replacement units
    entering at Wehrkreis or Warsaw or Prague must observe stacking when placed, and have their
    operational movement allowances doubled on the turn of placement": de-inf-2 (two steps) comes
    back on its weaker side (3-4-5: 5 MP, doubled 10) for the non-mechanized step."""
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"}, [{"unit": "de-inf-2", "side": "axis"}], "axis")
    ten = ["S12", "S11", "S10", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"]
    state, events = play(d, s, "axis", [{"recreate": "de-inf-2", "at": "S12"}, {"move": "de-inf-2", "path": ten}])
    assert state["units"]["de-inf-2"] == {"side": "axis", "hex": "S2", "steps": 1} and state["dead"] == []
    assert events[0] == {"event": "recreated", "unit": "de-inf-2", "at": "S12", "rule": "7.11"}
    assert GAME.describe(d, state, events[:1]) == [("item", "de-inf-2 is recreated from the dead pile with one step, S12 (7.11)")]
    assert problems(d, s, "axis", [{"recreate": "de-inf-2", "at": "S13"}]) == [
        "S13 is not a German-controlled Wehrkreis city, Warsaw or Prague in GS (7.22 A, 7.5): Q18, S12, S14, U20"]
    assert problems(d, s, "axis", [{"recreate": "de-inf-2", "at": "S12"}, {"replace": "de-inf-2"}]) == [
        "de-inf-2 has absorbed a step this player-turn: one per unit (7.16 A)"]


def test_7_16_d_7_17_7_18_units_that_never_come_back():
    """7.16 D: "Axis cavalry and all SS mountain corps cannot be replaced once lost"; 7.17 units
    eliminated out of GS "are permanently eliminated"; 7.18: "Once any two of the German secondary
    economic hexes ... are liberated, no more Axis units may be brought from that side's dead pile"."""
    dead = [{"unit": "de-cav-15SS", "side": "axis"}, {"unit": "de-inf-2", "side": "axis", "permanent": True},
            {"unit": "de-inf-4", "side": "axis"}]
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"}, dead, "axis")
    assert problems(d, s, "axis", [{"recreate": "de-cav-15SS", "at": "S12"}]) == [
        "de-cav-15SS: Axis cavalry and SS mountain corps cannot be replaced once lost (7.16 D)"]
    assert problems(d, s, "axis", [{"recreate": "de-inf-2", "at": "S12"}]) == [
        "de-inf-2 was destroyed for good (7.17, 15.9 A) and is not recreated"]
    assert problems(d, s, "axis", [{"recreate": "de-inf-4", "at": "S12"}]) == []
    s["economy"]["liberated"] = ["breslau", "ploesti"]
    assert problems(d, s, "axis", [{"recreate": "de-inf-4", "at": "S12"}]) == [
        "2 German secondary economic hexes are liberated: no more Axis units come from the dead pile (7.18)"]


def test_7_20_a_soviet_unit_is_recreated_off_the_board_fleshed_out_there_and_enters():
    """7.20: "Soviet units may be recreated from the dead pile, then stay off the board and
    flesh-out there, too": Turn 2 su-inf-3 is recreated (one step, off the board); Turn 3 it is
    fleshed out there and enters at the east edge with both steps (7.3)."""
    d, s = start3({"de-inf-1": "P5", "su-inf-5": "T24"}, [{"unit": "su-inf-3", "side": "soviet"}], "soviet")
    state, events = play(d, s, "soviet", [{"recreate": "su-inf-3"}])
    assert state["off_board"] == {"su-inf-3": 1} and state["dead"] == [] and "su-inf-3" not in state["units"]
    assert events[0] == {"event": "recreated", "unit": "su-inf-3", "at": "off the board (7.20)", "rule": "7.11"}
    later = at(state, 3, "soviet", movement=None)
    state, events = play(d, later, "soviet", [{"replace": "su-inf-3"}, {"enter": "su-inf-3", "path": ["S26", "S25"]}])
    assert events[0] == {"event": "replaced", "unit": "su-inf-3", "steps": 2, "off_board": True}
    assert GAME.describe(d, state, events)[0] == ("item", "su-inf-3 fleshes out to 2 steps off the board (7.20)")
    assert state["units"]["su-inf-3"] == {"side": "soviet", "hex": "S25", "steps": 2} and state["off_board"] == {}


def test_7_28_the_polish_2nd_army_appears_at_liberated_warsaw_two_turns_after():
    """7.28: "The 2nd appears at liberated Warsaw two turns after its liberation": Warsaw on Turn 2 (U20), pl-inf-P2 enters there from Turn 4 (not at the east edge)."""
    extra = {"reinforcements.reinforcements.schedule": {"2": ["de-inf-5"]}}
    d, s = start3({"de-inf-1": "T5", "su-inf-5": "U19"}, [], "soviet", **extra)
    s["egs"] = ["su-inf-5"]                 # EGS (15.21.2): 5.1.5 B, not under test, lets it leave GS
    state, events = play(d, s, "soviet", [{"move": "su-inf-5", "path": ["U19", "U20"]}])
    assert state["polish_2nd"] == 4 and {"event": "polish_2nd", "turn": 4, "rule": "7.28"} in events
    assert ("item", "Warsaw is liberated: the Polish 2nd Army may appear there from Turn 4 (7.28)") in GAME.describe(d, state, events)
    early = at(state, 3, "soviet", movement=None)
    assert problems(d, early, "soviet", [{"enter": "pl-inf-P2", "path": ["U20"]}]) == [
        "pl-inf-P2 is not a Soviet reinforcement due by Turn 3 (2.14, reinforcements.reinforcements.schedule)"]
    due = at(state, 4, "soviet", movement=None)
    assert problems(d, due, "soviet", [{"enter": "pl-inf-P2", "path": ["S26"]}]) == [
        "the Polish 2nd Army appears at liberated Warsaw U20, Soviet-controlled (7.28)"]
    after, _ = play(d, due, "soviet", [{"enter": "pl-inf-P2", "path": ["U20", "U21"]}])
    assert after["units"]["pl-inf-P2"] == {"side": "soviet", "hex": "U21", "steps": 1}
