"""End of the Iron Dream, behaviour 2: the satellites in the Axis camp (19.1.4 A, 19.2, 19.3 A, E).

TEST DATA (tests/test_eid_supply_play.py): Romania W22-W26, Bulgaria W20-W21, Hungary V16, V17,
W16, W17 of the clear test map (made up)."""

from __future__ import annotations

from tests.eidhelp import at, problems
from tests.test_eid_supply_play import start2


def test_19_1_4_a_axis_romanians_never_leave_romania_stack_with_hungarians_or_assault():
    """19.1.4 A: "Romanian units, while still in the Axis camp, may never leave Romania, stack with
    Hungarian units, or take part in any kind of assault.\""""
    d, s = start2({"ro-inf-R1": "W22", "hu-inf-H1": "W17", "de-inf-1": "V22", "su-inf-3": "T25", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "ro-inf-R1", "path": ["W22", "W23"]}]) == []
    assert problems(d, s, "axis", [{"move": "ro-inf-R1", "path": ["W22", "W21"]}]) == [
        "W22 → W21: ro-inf-R1 may never leave Romania while Romania is Axis, not into W21 (19.1.4 A)"]
    s2 = at(s, 2, "axis", "assault")
    s2["units"]["su-inf-5"] = {"side": "soviet", "hex": "W23", "steps": 2}
    assert problems(d, s2, "axis", [{"attack": "W23", "with": ["ro-inf-R1"]}]) == [
        "ro-inf-R1 may not take part in any assault while Romania is Axis (19.1.4 A)"]


def test_19_3_a_no_hungarian_unit_ever_leaves_hungary_e_nor_attacks_out_of_it():
    """19.3 A: "No Hungarian units may ever leave Hungary for any reason"; E: "Hungarian units within
    Hungary may not launch attacks into hexes outside of Hungary.\""""
    d, s = start2({"hu-inf-H1": "W17", "de-inf-1": "T21", "su-inf-3": "V18", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "hu-inf-H1", "path": ["W17", "W16"]}]) == []
    assert problems(d, s, "axis", [{"move": "hu-inf-H1", "path": ["W17", "W18"]}]) == [
        "W17 → W18: hu-inf-H1 may never leave Hungary, not into W18 (19.3 A)"]
    s2 = at(s, 2, "axis", "assault")
    s2["units"]["su-inf-5"] = {"side": "soviet", "hex": "W18", "steps": 2}          # next to W17, outside Hungary
    assert problems(d, s2, "axis", [{"attack": "W18", "with": ["hu-inf-H1"]}]) == [
        "hu-inf-H1 in Hungary may not attack out of Hungary (19.3 E)"]


def test_19_2_german_units_cross_axis_bulgaria_but_never_end_a_move_there():
    """19.2: "German units may transit through the country, using strategic or operational movement,
    but they may not end any phase of their player-turn there.\""""
    d, s = start2({"de-inf-1": "W19", "su-inf-3": "T25", "wa-mech-2": "P2"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["W19", "W20"]}]) == [
        "de-inf-1 may cross Bulgaria but never end a phase there while it is Axis, not in W20 (19.2)"]
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["W19", "W20", "W21", "W22"]}]) == []
