"""End of the Iron Dream, behaviour 2: the Replacement Phase (5.1.1 D-F, 5.3.1; 7.11-7.27) as the
first orders of the player-turn's first Operational Movement file.

TEST DATA: tests/eidhelp.py and tests/test_eid_supply_play.py (the Soviets hold columns 24-26)."""

from __future__ import annotations

from tests.eidhelp import ROWS, at, play, problems
from tests.test_eid_supply_play import start2

GERMANY = {"map.countries.germany": [f"{r}{c}" for r in ROWS for c in range(12, 24)],
           "map.countries.italy": [f"P{c}" for c in range(1, 12)],
           "map.countries.greater_germany": [f"{r}{c}" for r in ROWS for c in range(12, 24)]}


def test_7_14_7_11_the_soviets_flesh_out_one_depleted_army_and_7_19_it_may_not_move():
    """7.14: "Beginning on Turn 2, the Soviets receive one step of replacements"; 7.11 steps flesh out
    depleted units; 7.19: "Units that flesh-out in the field may not move or mobile assault that turn"."""
    d, s = start2({"su-inf-3": {"hex": "T24", "steps": 1}, "su-inf-5": {"hex": "S24", "steps": 1}, "de-inf-1": "P2"})
    s = at(s, 2, "soviet")
    assert problems(d, s, "soviet", [{"replace": "su-inf-3"}, {"move": "su-inf-3", "path": ["T24", "T23"]}]) == [
        "su-inf-3 fleshed out this player-turn and may not move or mobile assault (7.19)"]
    assert problems(d, s, "soviet", [{"replace": "su-inf-3"}, {"replace": "su-inf-5"}]) == [
        "2 replacement steps used, 1 available this turn (7.14, 6.8)"]
    assert problems(d, at(s, 1, "soviet"), "soviet", [{"replace": "su-inf-3"}]) == [
        "1 replacement steps used, 0 available this turn (7.14, 6.8)"]
    s, events = play(d, s, "soviet", [{"replace": "su-inf-3"}, {"move": "su-inf-5", "path": ["S24", "S23"]}])
    assert s["units"]["su-inf-3"]["steps"] == 2 and s["units"]["su-inf-5"]["hex"] == "S23"
    assert events[0] == {"event": "replaced", "unit": "su-inf-3", "steps": 2}


def test_7_17_units_out_of_general_supply_do_not_flesh_out_and_7_16_a_one_step_a_unit():
    """7.17: "Units that are out of GS may not flesh out in the field"; 7.11: only depleted units."""
    d, s = start2({"su-inf-3": {"hex": "T10", "steps": 1}, "su-inf-5": "T24", "de-inf-1": "P2"})
    s = at(s, 2, "soviet")
    assert problems(d, s, "soviet", [{"replace": "su-inf-3"}]) == [
        "su-inf-3 is out of general supply and may not flesh out (7.17)"]
    assert problems(d, s, "soviet", [{"replace": "su-inf-5"}]) == [
        "su-inf-5 is at full strength: only depleted units flesh out (7.11, 7.12)"]


def test_7_15_the_axis_mechanized_step_may_serve_as_a_second_non_mechanized_one():
    """7.15: "the Axis receives one mechanized and one non-mechanized step each turn. The mechanized
    step may be used as a second non-mechanized step, but not vice versa." """
    d, s = start2({"de-inf-1": {"hex": "S10", "steps": 1}, "de-inf-2": {"hex": "S12", "steps": 1},
                   "de-inf-4": {"hex": "S14", "steps": 1}, "su-inf-3": "T24"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"replace": "de-inf-1"}, {"replace": "de-inf-2"}]) == []
    assert problems(d, s, "axis", [{"replace": "de-inf-1"}, {"replace": "de-inf-2"}, {"replace": "de-inf-4"}]) == [
        "3 non-mechanized replacement steps used, 1 available and 1 mechanized to spare (7.15: a mechanized step may "
        "serve as non-mechanized, not vice versa)"]


def test_7_23_the_surge_needs_greater_germany_invaded_and_adds_a_step_of_each_kind():
    """7.23 A: the surge "can be called for at the start of any German Replacement Phase that begins
    with one or more hexes of Greater Germany under Grand Alliance control"; B: "On the first turn of
    the surge, effective immediately ... one extra mechanized step and one extra non-mechanized step"."""
    depleted = {"de-inf-1": {"hex": "S10", "steps": 1}, "de-inf-2": {"hex": "S12", "steps": 1},
                "de-inf-4": {"hex": "S14", "steps": 1}}
    d, s = start2({**depleted, "su-inf-3": "T26"}, **GERMANY)
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"surge": True}]) == [
        "the surge needs a hex of Greater Germany under Grand Alliance control at the start of the phase (7.23 A)"]
    d, s = start2({**depleted, "su-inf-3": "Q20"}, **GERMANY)
    orders = [{"surge": True}, {"replace": "de-inf-1"}, {"replace": "de-inf-2"}, {"replace": "de-inf-4"}]
    s, events = play(d, at(s, 2, "axis"), "axis", orders)
    assert events[0] == {"event": "surge", "turn": 2, "rule": "7.23"} and s["economy"]["surge"] == 2
    assert [s["units"][u]["steps"] for u in depleted] == [2, 2, 2]
    d, s = start2({**depleted, "su-inf-3": "Q20"})                 # the campaign lacks Greater Germany's hexes
    assert "map.countries.greater_germany" in problems(d, at(s, 2, "axis"), "axis", [{"surge": True}])[0]


def test_7_27_cannibalization_needs_a_3_4_5_in_germany_and_gives_a_step_next_turn():
    """7.27 A-C: one Wehrmacht 3-4-5 infantry corps (a depleted 6-7-5's reduced side) in Germany or
    Italy and in GS goes to the Permanently Destroyed Units Box; "The turn after the cannibalization,
    the Axis receives one additional non-mechanized replacement factor"."""
    d, s = start2({"de-inf-1": {"hex": "S14", "steps": 1}, "de-inf-2": {"hex": "S16", "steps": 1},
                   "de-inf-4": {"hex": "S18", "steps": 1}, "de-inf-5": {"hex": "S20", "steps": 1}, "su-inf-3": "T25"},
                  **GERMANY)
    s, events = play(d, at(s, 2, "axis"), "axis", [{"cannibalize": "de-inf-1"}])
    assert "de-inf-1" not in s["units"] and {"unit": "de-inf-1", "side": "axis", "permanent": True} in s["dead"]
    three = [{"replace": "de-inf-2"}, {"replace": "de-inf-4"}, {"replace": "de-inf-5"}]
    assert problems(d, at(s, 3, "axis"), "axis", three) == []
    assert problems(d, at(s, 4, "axis"), "axis", three) == [                       # only the turn after
        "3 non-mechanized replacement steps used, 1 available and 1 mechanized to spare (7.15: a mechanized step may "
        "serve as non-mechanized, not vice versa)"]


def test_wa_replacements_are_refused_not_guessed():
    """7.13 gives the WA steps by theater (4.9), which needs the seas of the WA ports: refused."""
    d, s = start2({"wa-mech-2": {"hex": "P1", "steps": 1}, "de-inf-1": "S4"})
    assert problems(d, at(s, 2, "western"), "western", [{"replace": "wa-mech-2"}]) == [
        "WA replacements are not played by pbem yet: 7.13 gives them by theater (4.9), which needs the seas of the WA "
        "ports (see the campaign's not-enforced list)"]
