"""End of the Iron Dream, behaviour 2: reinforcements (7.3-7.10). Which unit arrives when is
printed on the counters (2.14): the tests give a schedule, as a campaign would in its data
override (`reinforcements.reinforcements.schedule`).

TEST DATA: tests/eidhelp.py and tests/test_eid_supply_play.py; the Wehrkreis cities S12 and S14,
Warsaw U20 and Prague Q18 are made up."""

from __future__ import annotations

from tests.eidhelp import at, play, problems
from tests.test_eid_supply_play import start2

ENTRY = {"reinforcements.reinforcements.schedule": {"2": ["de-inf-5", "su-inf-5"], "3": ["de-inf-6"]},
         "reinforcements.reinforcements.german.wehrkreis_hexes": ["S12", "S14"],
         "map.places.warsaw.hex": "U20", "map.places.prague.hex": "Q18"}


def test_7_5_a_german_reinforcement_is_placed_at_a_wehrkreis_city_and_7_7_moves_double():
    """7.5 A: "German reinforcements enter at any one of the 16 Wehrkreis cities ... that are in GS
    and under German control"; 7.9 no MP cost; 7.7 A: "German units have their operational MAs
    doubled the turn they appear"; 2.14: only units due by this turn."""
    d, s = start2({"de-inf-1": "P5", "su-inf-3": "T24"}, **ENTRY)
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"place": "de-inf-6", "at": "S12"}]) == [
        "de-inf-6 is not an Axis reinforcement due by Turn 2 (2.14, reinforcements.reinforcements.schedule)"]
    assert problems(d, s, "axis", [{"place": "de-inf-5", "at": "S13"}]) == [
        "S13 is not a German-controlled Wehrkreis city, Warsaw or Prague in GS (7.5): Q18, S12, S14, U20"]
    ten = ["S12", "S11", "S10", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2"]
    s2, events = play(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}, {"move": "de-inf-5", "path": ten}])
    assert s2["units"]["de-inf-5"] == {"side": "axis", "hex": "S2", "steps": 2}
    assert events[0]["event"] == "placed" and events[1] == {"event": "move", "unit": "de-inf-5", "path": ten, "mp": 10}
    assert problems(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}, {"move": "de-inf-5", "path": ten + ["S1"]}]) == [
        "de-inf-5 needs 11 MP for this path but has 10 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_7_3_a_soviet_reinforcement_enters_on_a_soviet_east_edge_hex_paying_terrain_costs():
    """7.3: "Soviet reinforcements enter on any friendly-controlled hex along the board's eastern
    edge. They pay normal movement costs to get on the edge of the board."; 7.4 B: they may wait."""
    d, s = start2({"de-inf-1": "P5", "su-inf-3": "T24"}, **ENTRY)
    s = at(s, 2, "soviet")
    assert problems(d, s, "soviet", [{"enter": "su-inf-5", "path": ["T25", "T24"]}]) == [
        "T25 is not a Soviet-controlled hex of the east edge (7.3)"]
    path = ["S26", "S25", "S24", "S23", "S22"]
    s, events = play(d, s, "soviet", [{"enter": "su-inf-5", "path": path}])
    assert events[0] == {"event": "enter", "unit": "su-inf-5", "path": path, "mp": 5}
    assert s["units"]["su-inf-5"]["hex"] == "S22"
    d, s = start2({"de-inf-1": "P5", "su-inf-3": "T24"}, **ENTRY)
    assert problems(d, at(s, 2, "soviet"), "soviet", [{"enter": "su-inf-5", "path": path + ["S21"]}]) == [
        "su-inf-5 needs 5 MP for this path but has 4 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_7_7_b_a_new_german_reinforcement_moves_strategically_with_its_printed_ma():
    """7.7 B: "If they do not move operationally, they may make normal (that is, based on their
    printed MA) strategic moves, though they do count against the three-corps-per-turn German limit
    on strategic movement": de-inf-5 (MA 5) placed at S12 moves five hexes strategically, not six."""
    d, s = start2({"de-inf-1": "P5", "su-inf-3": "T24"}, **ENTRY)
    s = at(s, 2, "axis")
    path = ["S12", "S13", "S14", "S15", "S16", "S17"]
    assert problems(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}, {"strategic": "de-inf-5", "path": path}]) == []
    assert problems(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}, {"strategic": "de-inf-5", "path": path + ["S18"]}]) == [
        "de-inf-5 needs 6 MP but moves strategically its printed MA as a reinforcement this turn (7.7 B): 5"]
