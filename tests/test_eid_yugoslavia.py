"""End of the Iron Dream, behaviour 2: Yugoslavia (20.0; 4.5): the Yugoslavs move and assault only
within Yugoslavia (20.1), are always in GS (20.2 A); other Soviet units enter only its clear and Y
hexes (20.3).

TEST DATA (tests/test_eid_supply_play.py): Yugoslavia is U10, U11, U12 and T11 of the clear test
map (made up), U10 its red Y hex; U12 is made rough here."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from tests.eidhelp import at, problems
from tests.test_eid_supply_play import soviet_turn, start2

ROUGH = {"map.hexes.U12": {"terrain": "rough"}}


def test_20_1_the_yugoslavs_move_and_assault_only_within_yugoslavia():
    """20.1: the Soviets "may only move and assault with them within the confines of Yugoslavia"."""
    d, s = start2({"yu-mtn-1Y": "U11", "de-inf-1": "V10", "su-inf-3": "T25", "wa-mech-2": "P2"}, **ROUGH)
    s = at(s, 2, "soviet")
    assert problems(d, s, "soviet", [{"move": "yu-mtn-1Y", "path": ["U11", "U12"]}]) == []
    assert problems(d, s, "soviet", [{"move": "yu-mtn-1Y", "path": ["U11", "U12", "V12"]}]) == [
        "U12 → V12: yu-mtn-1Y may not leave Yugoslavia for V12 (20.1)"]
    assert problems(d, at(s, 2, "soviet", "assault"), "soviet", [{"attack": "V10", "with": ["yu-mtn-1Y"]}]) == [
        "yu-mtn-1Y may assault only within Yugoslavia, not V10 (20.1)"]


def test_20_3_other_soviet_units_enter_only_the_clear_and_y_hexes_of_yugoslavia():
    """20.3: "Non-Yugoslav Soviet-controlled units may only enter Yugoslav clear terrain hexes and
    the Y hexes" (U12 rough is barred; T11 clear is not)."""
    d, s = start2({"su-inf-3": "T12", "de-inf-1": "T18", "wa-mech-2": "P2"}, **ROUGH)
    s = at(s, 2, "soviet")
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["T12", "U12"]}]) == [
        "T12 → U12: su-inf-3 may enter only the clear and Y hexes of Yugoslavia, not U12 (20.3)"]
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["T12", "T11"]}]) == []


def test_20_2_a_yugoslav_units_are_always_in_general_supply():
    """20.2 A: "Yugoslav units are always in GS and AS": the Soviet Initial Supply Check marks the
    cut-off Soviet army in T10 OOS, never the Yugoslav army in U11."""
    d, s = start2({"yu-mtn-1Y": "U11", "su-inf-3": "T10", "de-inf-1": "S4", "wa-mech-2": "P2"})
    s, events = soviet_turn(d, s)
    assert {"event": "supply_check", "check": "initial", "army": "soviet", "oos": ["su-inf-3"]} in events


def test_a_campaign_of_behaviour_2_names_yugoslavia_at_set_up():
    """4.5: Yugoslavia's hexes are printed on the map; any Soviet move may need them (20.3)."""
    with pytest.raises(UnknownDataError, match=r"map\.countries\.yugoslavia"):
        start2({"su-inf-3": "T25"}, **{"map.countries.yugoslavia": "unknown"})
