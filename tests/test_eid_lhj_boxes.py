"""End of the Iron Dream, behaviour 4: Let History Judge's holding boxes and SUs at the start (27.3 K,
27.4 C, K; pbem/games/end_of_the_iron_dream/lhj_boxes.py).

TEST DATA (made up, as tests/test_eid_lhj3.py): the set-up of test_eid_lhj3.position(), every Soviet SU
on T24 (Soviet-controlled) with a movement allowance of 6 (28.4 prints none), five NATO SUs on T5 and
three in the boxes."""

from __future__ import annotations

import pytest

from pbem.errors import PbemError
from tests.test_eid_game import lhj_start
from tests.test_eid_lhj3 import MORE, position

BOXES = {"eto": {"wa-mech-23": {}, "wa-su-6": {}}, "mto": {"wa-mech-36": {}, "wa-su-7": {}, "wa-su-8": {}}, "german": {}}


def units() -> dict:
    found = position()
    found.update({f"su-su-{n}": {"hex": "T24"} for n in range(1, 9)})
    found.update({f"wa-su-{n}": {"hex": "T5"} for n in range(1, 6)})
    return found


def more(boxes: dict | None = None, ports: dict | None = None) -> dict:
    return {**MORE, "positions.test.boxes": boxes or BOXES, "positions.test.invasion_ports": ports or {"eto": 2, "mto": 1},
            **{f"units.counters.su-su-{n}.movement": 6 for n in range(1, 9)}}


def test_27_4_c_k_the_boxes_and_the_three_invasion_ports_start_where_nato_puts_them():
    """27.4 C: "The US 23rd and 36th corps (marked with asterisks) may start out in either theater
    holding box, along with three invasion-port counters"; K: "All eight SUs may be set up anywhere in
    NATO territory, including holding boxes"; 27.3 K: "All eight Soviet SUs are on board at the start"."""
    d, s = lhj_start(4, units(), more(ports={"eto": 0, "mto": 3}))
    assert s["boxes"] == {"eto": {"wa-mech-23": 2, "wa-su-6": 1}, "mto": {"wa-mech-36": 2, "wa-su-7": 1, "wa-su-8": 1},
                          "german": {}}
    assert s["invasion_ports"] == {"eto": 0, "mto": 3, "ashore": []}          # not 14.8 A's one and two
    assert all(s["units"][f"su-su-{n}"]["hex"] == "T24" for n in range(1, 9))


def test_27_3_k_27_4_c_k_each_broken_limit_is_named():
    """27.3 K: all eight Soviet SUs on board; 27.4 C: the 23rd and 36th in a theater box, three
    invasion-port counters; 27.4 A: at full strength; 27.4 K: all eight NATO SUs set up; 27.4 E: the rest
    of NATO's forces on the map; 27.1: no German unit in the German box."""
    found = units()
    del found["su-su-8"]                                          # left off the board
    del found["wa-su-5"]                                          # neither on the map nor in a box
    boxes = {"eto": {"wa-mech-23": {"steps": 1}, "wa-mech-4": {}}, "mto": {"wa-su-7": {}, "wa-su-8": {}, "wa-su-6": {}},
             "german": {"de-inf-1": {}}}
    with pytest.raises(PbemError) as err:
        lhj_start(4, found, more(boxes, {"eto": 2, "mto": 2}))
    assert str(err.value).split(": ", 1)[1] == (
        "data `positions.test`: the Let History Judge set-up: all eight Soviet SUs are on board at the start: su-su-8 not (27.3 K); "
        "wa-mech-36 start in a theater holding box (eto or mto) (27.4 C); NATO sets up at full strength: wa-mech-23 "
        "(27.4 A); all eight NATO SUs are set up, on the map or in a holding box: wa-su-5 not (27.4 K); only the 23rd "
        "and 36th corps and SUs start in the holding boxes, not wa-mech-4 (27.4 C, E, K); the German Replacement Army "
        "box is empty in Let History Judge: de-inf-1 (27.1); the 3 invasion-port counters start in the holding boxes, "
        "not 4 (27.4 C)")


def test_27_4_c_the_split_of_the_invasion_ports_is_data_the_position_gives():
    """27.4 C: the position says where NATO put the three counters; without it the campaign does not start."""
    with pytest.raises(PbemError) as err:
        lhj_start(4, units(), {**more(), "positions.test.invasion_ports": {"eto": 3}})
    assert "`positions.test.invasion_ports` must be `{eto: N, mto: M}` (27.4 C)" in str(err.value)


def test_27_4_c_behaviour_3_campaigns_keep_14_8_a_counters_and_no_box_limits():
    """docs/upgrading.md: a behaviour-3 Let History Judge campaign starts as it did: 14.8 A's one MTO and
    two ETO counters, no check of the boxes or the SUs."""
    d, s = lhj_start(3, position(), MORE)
    assert s["invasion_ports"] == {"eto": 2, "mto": 1, "ashore": []}
    assert s["boxes"] == {"eto": {}, "mto": {}, "german": {}}
