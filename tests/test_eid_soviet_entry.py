"""End of the Iron Dream, behaviour 3: 5.3.3 C the Soviet strategic capacity spent to bring a
reinforcement on.

TEST DATA: tests/eidhelp.py and tests/test_eid_supply_play.py (the Soviets hold columns 24-26
and trace from column 26, their east edge); the schedule of tests/test_eid_reinforcements.py."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_eid_reinforcements import ENTRY
from tests.test_eid_supply_play import SUPPLY


def start3(position: dict, behaviour: int = 3):
    d, s = start(position, behaviour=behaviour, extra={**SUPPLY, **ENTRY})
    return d, at(s, 2, "soviet")


def test_5_3_3_c_a_reinforcement_enters_with_the_soviet_strategic_move():
    """5.3.3 C: "The strategic land movement capacity may be saved until the beginning of the
    Operational Movement Phase to bring one newly arrived replacement or reinforcement unit onto
    the board"; 5.3.1: new units enter on the east edge "paying normal terrain costs, or using
    strategic movement to do so": su-inf-5 enters at S26 and moves any distance (12.6 A) through
    Soviet hexes in GS to S24, and takes part in nothing else (12.2)."""
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T20"})
    state, events = play(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["S26", "S25", "S24"]}])
    assert state["units"]["su-inf-5"] == {"side": "soviet", "hex": "S24", "steps": 2}
    assert events[:2] == [{"event": "enter", "unit": "su-inf-5", "path": ["S26"], "rule": "5.3.3 C"},
                          {"event": "strategic", "unit": "su-inf-5", "path": ["S26", "S25", "S24"]}]
    assert state["strategic"]["units"] == ["su-inf-5"]
    assert GAME.describe(d, state, events[:2]) == [
        ("item", "su-inf-5 enters at S26 with the Soviet strategic move (5.3.3 C)"),
        ("item", "su-inf-5 moves strategically S26 → S25 → S24 (12.0)")]
    assert problems(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["S26", "S25"]},
                                     {"move": "su-inf-5", "path": ["S25", "S24"]}]) == [
        "su-inf-5 moved strategically and takes part in nothing else this player-turn (12.2, 5.1.3 F)"]


def test_5_3_3_c_the_entry_is_the_one_soviet_strategic_move_and_follows_12_3():
    """12.6 A: one Soviet unit a player-turn (the entry uses it); 7.3: a Soviet-controlled east-edge
    hex; 12.3: never into an EZOC, the entry hex included; behaviour 2 refuses the entry."""
    d, s = start3({"de-inf-1": "R25", "su-inf-3": "T24"})
    assert problems(d, s, "soviet", [{"strategic": "su-inf-3", "path": ["T24", "T23"]},
                                     {"strategic": "su-inf-5", "path": ["T26"]}]) == [
        "the soviet move at most 1 unit(s) strategically a player-turn (12.4 A, 12.6 A)"]
    assert problems(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["T23", "T22"]}]) == [
        "T23 is not a Soviet-controlled hex of the east edge (7.3)"]
    assert problems(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["S26"]}]) == [
        "S26 is not a Soviet-controlled hex of the east edge (7.3)"]          # de-inf-1's ZOC alone: Axis (4.1 A)
    d, s = start3({"de-inf-1": "R25", "su-inf-3": "T25"})                   # both ZOCs in S26: the Soviets' start hex
    assert problems(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["S26"]}]) == [
        "su-inf-5 may never enter an enemy ZOC when moving strategically, not S26 (12.3)"]
    assert problems(d, s, "soviet", [{"strategic": "su-inf-5", "path": ["U26", "U25"]}]) == []
    assert problems(d, s, "soviet", [{"strategic": "de-inf-6", "path": ["S26"]}]) == [
        "de-inf-6 is neither a Soviet unit on the map nor a Soviet reinforcement due by Turn 2 (2.14, 5.3.3 C)"]
    d2, s2 = start3({"de-inf-1": "R25", "su-inf-3": "T24"}, behaviour=2)
    assert problems(d2, s2, "soviet", [{"strategic": "su-inf-5", "path": ["U26", "U25"]}]) == [
        "su-inf-5 is not a Soviet unit on the map"]
