"""End of the Iron Dream, behaviour 3: 21.x special units' terrain for movement — 21.1 B mountain
units (rough as clear, mountain as rough), 21.2 the Luftwaffe paratroop corps as mountain units,
21.3 B Soviet cavalry mechanized groups (rough as clear, marsh as rough).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): the rough, marsh and mountain hexes
below and the CMG's factors (2.6.2 prints none) are made up for the tests."""

from __future__ import annotations

from pbem.gamedata import load_game_data
from pbem.games.end_of_the_iron_dream import special_units
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_units import KOENIGSBURG
from tests.test_eid_supply_play import SUPPLY

HILLS = {"T11": {"terrain": "rough"}, "T12": {"terrain": "mountain"}, "T13": {"terrain": "rough"},
         "T14": {"terrain": "rough"}, "T23": {"terrain": "marsh"}, "T22": {"terrain": "rough"}}
CMG = {"units.counters.su-cav-BA.attack": 5, "units.counters.su-cav-BA.defense": 4,        # made up (2.6.2)
       "units.counters.su-cav-BA.movement": 3, "units.counters.su-cav-BA.reduced": "none"}


def start3(position: dict, behaviour: int = 3):
    return start(position, behaviour=behaviour, hexes=HILLS, extra={**SUPPLY, **KOENIGSBURG, **CMG})


def test_21_1_b_a_mountain_unit_moves_through_rough_as_clear_and_mountain_as_rough():
    """21.1 B: "Mountain units treat rough terrain as clear terrain, and mountain hexes as rough
    terrain for all operational and strategic movement purposes": rough 1 MP, mountain 2 (10.6:
    clear 1, rough 2, mountain 3), so de-mtn-49 (MA 5) crosses T11-T14 for 5 MPs where
    de-inf-1 would need 9."""
    d, s = start3({"de-mtn-49": "T10", "de-inf-1": "T10", "su-inf-3": "T25"})
    s = at(s, 2, "axis", "movement")
    path = ["T10", "T11", "T12", "T13", "T14"]
    state, events = play(d, s, "axis", [{"move": "de-mtn-49", "path": path}])
    assert {"event": "move", "unit": "de-mtn-49", "path": path, "mp": 5} in events
    assert state["units"]["de-mtn-49"]["hex"] == "T14"
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["T10", "T11", "T12", "T13"]}]) == [
        "de-inf-1 needs 7 MP for this path but has 5 left (10.1, 10.3; 10.4 A: one hex only)"]
    d2, s2 = start3({"de-mtn-49": "T10", "su-inf-3": "T25"}, behaviour=2)
    assert problems(d2, at(s2, 2, "axis", "movement"), "axis", [{"move": "de-mtn-49", "path": path}]) == [
        "de-mtn-49 needs 9 MP for this path but has 5 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_21_2_the_luftwaffe_paratroop_corps_are_mountain_units_and_21_3_cmgs_have_their_own_table():
    """21.2: "The two Luftwaffe paratroop corps ... are still considered to have all the
    characteristics of mountain units"; the WA paratroop corps are not. 21.3: the CMGs."""
    d = load_game_data("end-of-the-iron-dream")
    assert [special_units.kind_of(d, u) for u in ("de-para-1", "de-para-2", "wa-para-18", "de-mtn-49", "su-cav-BA",
                                                   "de-inf-1")] == [
        "mountain_units", "mountain_units", None, "mountain_units", "cavalry_mechanized_groups", None]


def test_21_3_b_a_cavalry_mechanized_group_moves_through_marsh_as_rough_and_rough_as_clear():
    """21.3 B: "For all movement purposes, these units treat rough terrain as clear and marsh as if
    it were only rough": T24 → T23 (marsh, 2 MP) → T22 (rough, 1 MP) is 3 MPs for the CMG (MA 3);
    su-inf-3 pays 3 for the marsh alone."""
    d, s = start3({"su-cav-BA": "T24", "su-inf-3": "S24", "de-inf-1": "P10"})
    s = at(s, 4, "soviet", "movement", bagration=False)
    state, events = play(d, s, "soviet", [{"move": "su-cav-BA", "path": ["T24", "T23", "T22"]}])
    assert {"event": "move", "unit": "su-cav-BA", "path": ["T24", "T23", "T22"], "mp": 3} in events
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["S24", "T23", "T22", "T21"]}]) == [
        "su-inf-3 needs 6 MP for this path but has 5 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_21_1_b_mountain_units_move_strategically_through_rough_as_clear_too():
    """21.1 B: "for all operational and strategic movement purposes": eight rough hexes cost
    de-mtn-49 8 MPs of its 15 (12.1: three times its MA of 5); de-inf-1 would need 16."""
    rough = {f"S{c}": {"terrain": "rough"} for c in range(11, 19)}
    d, s = start({"de-mtn-49": "S10", "de-inf-1": "S10", "su-inf-3": "T25"}, behaviour=3, hexes=rough,
                 extra={**SUPPLY, **KOENIGSBURG, **CMG})
    s = at(s, 2, "axis")
    path = [f"S{c}" for c in range(10, 19)]
    assert problems(d, s, "axis", [{"strategic": "de-mtn-49", "path": path}]) == []
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": path}]) == [
        "de-inf-1 needs 16 MP but moves strategically three times its MA (12.1): 15"]
