"""End of the Iron Dream, behaviour 3: the holding boxes (7.1, 7.21, 7.22; 16.8, 16.10 at the
collapse), the WA replacements by theater (7.13, 4.9), the Free French conversion (7.25) and the
reserve corps (7.26). Sea movement and invasions: tests/test_eid_sea.py.

TEST DATA: tests/eidhelp.py and tests/test_eid_supply_play.py; the ports P1 (Mediterranean: the
MTO) and V1 (Atlantic: the ETO), the coasts and the tan corps wa-x-B1's factors are made up."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from pbem.games.end_of_the_iron_dream.common import factor
from tests.eidhelp import at, data, play, problems, start
from tests.test_eid_supply_play import SUPPLY

COASTS = {"P1": "mediterranean", "Q1": "mediterranean", "V1": "atlantic", "W1": "atlantic", "W2": "baltic", "U2": "atlantic",
          "U14": "atlantic"}
TAN = {f"units.counters.wa-x-B1.{k}": v for k, v in {"type": "infantry", "attack": 7, "defense": 7, "movement": 5,
                                                      "reduced": {"attack": 3, "defense": 3, "movement": 5}}.items()}
NO_REINFORCEMENTS = {"reinforcements.reinforcements.schedule": {}}
# the port cities (14.26 A) and the Port Opening Chart but its 4 (14.27): made up
PORTS = {"invasions.ports.port_cities": ["P1", "V1", "R5", "V12"],
         **{f"invasions.ports.opening.results.{die}": die for die in (1, 2, 3, 5, 6)},
         "invasions.ports.inland_ports.labelled_hexes.V12": ["W12", "W13"]}


def start3(position: dict, boxes: dict | None = None, hexes: dict | None = None, sides: dict | None = None,
           cells: dict | None = None, seats: tuple = ("axis", "soviet", "western"), **extra):
    """A behaviour-3 campaign from `position` with the boxes `boxes` (all three empty unless given)."""
    given = {"eto": {}, "mto": {}, "german": {}, **(boxes or {})}
    values = {**SUPPLY, **TAN, **NO_REINFORCEMENTS, **PORTS, "positions.test.wa_supply_sources": ["P1", "V1"],
              "positions.test.boxes": given, **extra}
    return start(position, seats=seats, behaviour=3, extra=values, sides=sides, cells=cells,
                 hexes={**{h: {"terrain": "clear", "coast": c} for h, c in COASTS.items()}, **(hexes or {})})


def wa(s, turn=2):
    return at(s, turn, "western")


# -- set-up ------------------------------------------------------------------------------------
def test_3_11_the_position_puts_units_in_the_boxes_and_14_8_a_the_invasion_ports():
    """3.11 A-E: "Place them in the ETO box now"; 7.8 the Replacement Army Holding Box; 14.8 A:
    "one in the MTO holding box and two in the ETO holding box"."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, "wa-mech-5": {"steps": 1}}, "german": {"de-inf-5": {}}})
    assert s["boxes"] == {"eto": {"wa-mech-3": 2, "wa-mech-5": 1}, "mto": {}, "german": {"de-inf-5": 2}}
    assert s["invasion_ports"] == {"eto": 2, "mto": 1, "ashore": []}
    assert "wa-mech-3" not in s["units"]


def test_3_11_a_b_sus_start_in_the_holding_boxes():
    """3.11 A: "the Western Allies (WA) place two invasion-port counters and five SUs in the ETO
    Holding Box"; B: "The third invasion-port counter and one SU go in the ... (MTO) Holding Box"
    (the position gives them, as the corps)."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {f"wa-su-{n}": {} for n in range(1, 6)}, "mto": {"wa-su-6": {}}})
    assert s["boxes"]["eto"] == {f"wa-su-{n}": 1 for n in range(1, 6)} and s["boxes"]["mto"] == {"wa-su-6": 1}
    assert s["invasion_ports"] == {"eto": 2, "mto": 1, "ashore": []} and "wa-su-1" not in s["units"]


def test_a_behaviour_3_position_must_give_its_boxes():
    """3.11, 7.1, 7.8: a position without `boxes` is refused (eidhelp's behaviour-3 defaults,
    which give empty boxes, are left out here: the data is built as behaviour 2, then played as 3)."""
    from tests.eidhelp import BEHAVIOUR_3_SETUP, SCENARIO
    rest = {k: v for k, v in BEHAVIOUR_3_SETUP.items() if k != "positions.test.boxes"}
    d = data(position={"de-inf-1": {"hex": "T10"}}, behaviour=2, extra={**SUPPLY, **NO_REINFORCEMENTS, **rest})
    d.behaviour = 3
    with pytest.raises(UnknownDataError, match="positions.test.boxes"):
        GAME.setup(d, SCENARIO, ["axis", "soviet", "western"], {"position": "test"})


# -- 7.1 WA reinforcements -----------------------------------------------------------------------
def test_7_1_a_wa_reinforcements_are_placed_in_a_box_of_the_was_choice():
    """7.1 A: "WA reinforcements are placed into one of the two theater holding boxes at the start
    of their scheduled turn of arrival"; the first file must place every one due."""
    d, s = start3({"de-inf-1": "T10"}, **{"reinforcements.reinforcements.schedule": {"2": ["wa-mech-7"]}})
    assert problems(d, wa(s), "western", []) == [
        "wa-mech-7 arrive(s) this turn: place each in a theater holding box, `arrive: UNIT, box: eto|mto` (7.1 A)"]
    assert problems(d, wa(s), "western", [{"arrive": "wa-mech-3", "box": "eto"}]) == [
        "wa-mech-3 is not a WA reinforcement due by Turn 2 (2.14, reinforcements.reinforcements.schedule; 7.25 C)"]
    s2, events = play(d, wa(s), "western", [{"arrive": "wa-mech-7", "box": "mto"}])
    assert s2["boxes"]["mto"] == {"wa-mech-7": 2}
    assert events[0] == {"event": "arrive", "unit": "wa-mech-7", "box": "mto", "rule": "7.1 A"}


# -- 7.13, 7.21 WA replacements ------------------------------------------------------------------
def test_7_21_a_unit_fleshed_out_in_its_box_lands_and_moves_no_further():
    """7.21: "WA units may flesh-out in the theater holding boxes. Such units may sea move onto an
    open port or invasion-port that same turn, but they may then move no further. They could make
    a prepared assault into an adjacent hex" (docs/errata.md ID9)."""
    d, s = start3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {"steps": 1}}})
    s2, events = play(d, wa(s), "western", [{"replace": "wa-mech-3"}, {"sail": "wa-mech-3", "to": "V1"}])
    assert events[0] == {"event": "replaced", "unit": "wa-mech-3", "steps": 2, "box": "eto"}
    assert s2["units"]["wa-mech-3"] == {"side": "western", "hex": "V1", "steps": 2}
    assert problems(d, wa(s), "western", [{"replace": "wa-mech-3"}, {"sail": "wa-mech-3", "to": "V1"},
                                          {"move": "wa-mech-3", "path": ["V1", "V2"]}]) == [
        "wa-mech-3 fleshed out in its box and landed: it moves no further this player-turn (7.21, 14.25 B)"]


def test_7_21_a_dead_wa_unit_is_recreated_into_a_theater_holding_box():
    """7.11: "Steps may be used to recreate units from the dead pile or to flesh-out depleted units
    still on the board or in holding boxes"; 7.21: "WA units may flesh-out in the theater holding
    boxes. Such units may sea move onto an open port or invasion-port that same turn, but they may
    then move no further"; 7.13 A: one green step in each theater; 7.16 A: one step a unit a
    player-turn; 7.17: a unit eliminated out of GS is permanently eliminated."""
    d, s = start3({"de-inf-1": "T10"})
    s["dead"] = [{"unit": "wa-mech-5", "side": "western"}, {"unit": "wa-mech-7", "side": "western"},
                 {"unit": "wa-mech-8", "side": "western", "permanent": True}, {"unit": "de-inf-2", "side": "axis"}]
    assert problems(d, wa(s, 1), "western", [{"recreate": "wa-mech-5", "box": "eto"}]) == [
        "the WA receive replacements from Turn 2 (7.13, 6.8)"]
    assert problems(d, wa(s), "western", [{"recreate": "wa-mech-8", "box": "eto"}]) == [
        "wa-mech-8 was destroyed for good (7.17, 15.9 A) and is not recreated"]
    assert problems(d, wa(s), "western", [{"recreate": "de-inf-2", "box": "eto"}]) == ["de-inf-2 is not in the WA dead pile (7.11)"]
    assert problems(d, wa(s), "western", [{"recreate": "wa-mech-5", "at": "V1"}])[0].startswith(
        "WA Replacement and Reinforcement Phase orders:")
    assert problems(d, wa(s), "western", [{"recreate": "wa-mech-5", "box": "eto"}, {"recreate": "wa-mech-7", "box": "eto"}]) == [
        "2 green steps used in the eto, 1 a turn (7.13 A)"]
    assert problems(d, wa(s), "western", [{"recreate": "wa-mech-5", "box": "eto"}, {"replace": "wa-mech-5"}]) == [
        "wa-mech-5 has absorbed a step this player-turn: one per unit (7.16 A)"]
    orders = [{"recreate": "wa-mech-5", "box": "eto"}, {"recreate": "wa-mech-7", "box": "mto"}, {"sail": "wa-mech-5", "to": "V1"}]
    s2, events = play(d, wa(s), "western", orders)
    assert events[:2] == [{"event": "recreated", "unit": "wa-mech-5", "at": "in the eto holding box", "rule": "7.11, 7.21"},
                          {"event": "recreated", "unit": "wa-mech-7", "at": "in the mto holding box", "rule": "7.11, 7.21"}]
    assert "wa-mech-5 is recreated from the dead pile with one step, in the eto holding box (7.11, 7.21)" in \
        GAME.describe(d, s2, events)[0][1]
    assert s2["boxes"]["mto"] == {"wa-mech-7": 1} and s2["units"]["wa-mech-5"] == {"side": "western", "hex": "V1", "steps": 1}
    assert [x["unit"] for x in s2["dead"]] == ["wa-mech-8", "de-inf-2"]
    assert problems(d, wa(s), "western", [*orders, {"move": "wa-mech-5", "path": ["V1", "V2"]}]) == [
        "wa-mech-5 fleshed out in its box and landed: it moves no further this player-turn (7.21, 14.25 B)"]

def test_7_13_a_green_step_in_each_theater_and_a_tan_step_in_either():
    """7.13 A: "the green army group of the WA receives one step of replacements ... in each
    theater each turn"; B: "the tan army group receives one step of either kind in either theater
    (player's choice)"; 6.8: none on Turn 1."""
    boxes = {"eto": {"wa-mech-3": {"steps": 1}, "wa-mech-5": {"steps": 1}, "wa-x-B1": {"steps": 1}},
             "mto": {"wa-mech-7": {"steps": 1}}}
    d, s = start3({"de-inf-1": "T10"}, boxes)
    assert problems(d, wa(s, 1), "western", [{"replace": "wa-mech-3"}]) == ["the WA receive replacements from Turn 2 (7.13, 6.8)"]
    assert problems(d, wa(s), "western", [{"replace": "wa-mech-3"}, {"replace": "wa-mech-5"}]) == [
        "2 green steps used in the eto, 1 a turn (7.13 A)"]
    orders = [{"replace": "wa-mech-3"}, {"replace": "wa-mech-7"}, {"replace": "wa-x-B1"}]
    s2, _ = play(d, wa(s), "western", orders)
    assert s2["boxes"]["eto"] == {"wa-mech-3": 2, "wa-mech-5": 1, "wa-x-B1": 2} and s2["boxes"]["mto"] == {"wa-mech-7": 2}


def test_4_9_a_unit_on_the_map_is_in_the_theater_of_the_sources_it_traces_to():
    """4.9 B-C: a unit tracing GS to an Atlantic port is in the ETO, to a Mediterranean one in the
    MTO; E: "If a unit is in a hex ... from which it could possibly trace general supply to a
    source in either of the theaters, the WA may declare it to be in whichever theater"."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": {"hex": "S1", "steps": 1}, "wa-mech-5": {"hex": "W8", "steps": 1}})
    # the WA hold the coast road P1-V1 (S1 is three hexes from each) and W2-W7 (W8 is 13 from P1: 15.5)
    s["control"] = {h: "western" for h in ("R1", "S1", "T1", "U1", "V1", "W2", "W3", "W4", "W5", "W6", "W7")}
    assert problems(d, wa(s), "western", [{"replace": "wa-mech-3"}]) == [
        "wa-mech-3 traces GS to both theaters: say which, `theater: eto|mto` (4.9 E)"]
    assert problems(d, wa(s), "western", [{"replace": "wa-mech-5", "theater": "mto"}]) == [
        "wa-mech-5 is not in the mto (4.9 B-C): eto"]
    assert problems(d, wa(s), "western", [{"replace": "wa-mech-5"}, {"replace": "wa-mech-3", "theater": "eto"}]) == [
        "2 green steps used in the eto, 1 a turn (7.13 A)"]
    s2, _ = play(d, wa(s), "western", [{"replace": "wa-mech-5"}, {"replace": "wa-mech-3", "theater": "mto"}])
    assert s2["units"]["wa-mech-3"]["steps"] == 2 and s2["units"]["wa-mech-5"]["steps"] == 2


# -- 7.22 the German Replacement Army Holding Box -------------------------------------------------
def test_7_22_a_a_german_unit_fleshes_out_in_the_box_and_is_placed_from_it():
    """7.22 A: "Units may flesh-out in the box, and replacement units entering at Wehrkreis ...
    must observe stacking when placed, and have their operational movement allowances doubled"."""
    extra = {"reinforcements.reinforcements.german.wehrkreis_hexes": ["S12"], "map.places.warsaw.hex": "U20",
             "map.places.prague.hex": "Q18"}
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"}, {"german": {"de-inf-5": {"steps": 1}}}, **extra)
    s = at(s, 2, "axis")
    s2, events = play(d, s, "axis", [{"replace": "de-inf-5"}])
    assert s2["boxes"]["german"] == {"de-inf-5": 2}
    assert events[0] == {"event": "replaced", "unit": "de-inf-5", "steps": 2, "box": "german"}
    s3, _ = play(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}])
    assert s3["units"]["de-inf-5"] == {"side": "axis", "hex": "S12", "steps": 1} and s3["boxes"]["german"] == {}


# -- 7.25 the Free French conversion ---------------------------------------------------------------
def test_7_25_the_fx_corps_converts_into_f1_then_f2_in_the_mto_box():
    """7.25 B: "remove the FX corps from the map (it must be in GS at that instant) at the start of
    any WA player-turn after Turn 1 ... put it in the MTO Permanently Destroyed Units Box"; C: "At
    the start of the next WA player-turn, the F1 corps arrives as a reinforcement in the MTO
    holding box ... The following turn the F2 corps comes into play the same way"; D: a depleted
    FX is first built up."""
    d, s = start3({"de-inf-1": "T10", "wa-mtn-FX": "P2"})
    assert problems(d, wa(s, 1), "western", [{"convert": "wa-mtn-FX"}]) == ["the FX corps is converted from Turn 2 (7.25 A-B)"]
    d2, s2 = start3({"de-inf-1": "T10", "wa-mtn-FX": {"hex": "P2", "steps": 1}})
    assert problems(d2, wa(s2), "western", [{"convert": "wa-mtn-FX"}]) == [
        "wa-mtn-FX is depleted: it is built up to full strength first, with green replacements (7.25 D)"]
    s, events = play(d, wa(s), "western", [{"convert": "wa-mtn-FX"}])
    assert {"unit": "wa-mtn-FX", "side": "western", "permanent": True} in s["dead"] and s["french"] == {"converted": 2}
    for turn, box in ((3, {"wa-mech-F1": 2}), (4, {"wa-mech-F1": 2, "wa-mech-F2": 2})):
        s, events = play(d, at(s, turn, "axis", "assault"), "axis", [])           # the WA player-turn begins
        assert s["army"] == "western" and s["boxes"]["mto"] == box
        assert {"event": "arrive", "unit": sorted(box)[-1], "box": "mto", "rule": "7.25 C"} in events


def test_26_6_3_a_french_corps_in_a_box_is_outside_france():
    """26.6.3 A: "subtract ½ VP per French mechanized corps that is not in France, the Benelux, or
    Germany at the end of each WA-turn" (a corps in a theater box is not in them)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "S3"}, {"mto": {"wa-mech-F1": {}}})
    s = at(s, 3, "western", "assault")
    s["victory"] = {"ledger": [], "cities": {}, "last_hex": {}, "paris": {"turn": 1, "army": "western"}}
    s2, events = play(d, s, "western", [])
    assert [e for e in events if e["event"] == "vp"] == [
        {"event": "vp", "army": "western", "vp": "-1/2", "rule": "26.6.3", "turn": 3,
         "what": "wa-mech-F1 outside France, the Benelux and Germany", "hex": "mto"}]


# -- 7.26 the German reserve corps ---------------------------------------------------------------
def test_7_26_one_step_flips_the_first_reserve_corps_the_next_the_other_two():
    """7.26: "It may expend one non-mechanized step to flesh the first one to its 3-4-5 side; a
    second step expended flips the remaining two over to their stronger sides. Once flipped over,
    the 1-1-4 sides do not function as a second step"."""
    reserve = {u: {"hex": h, "steps": 1} for u, h in (("de-inf-62R", "R5"), ("de-inf-64R", "S5"), ("de-inf-66R", "T5"))}
    d, s = start3({**reserve, "su-inf-3": "T24"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"replace": "de-inf-62R"}]) == [
        "de-inf-62R is a reserve corps: `convert: [UNIT, ...]` flips it to its 3-4-5 side, a one-step unit (7.26)"]
    assert problems(d, s, "axis", [{"convert": ["de-inf-62R", "de-inf-64R"]}])[0].startswith(
        "7.26: the first step flips one reserve corps")
    s2, events = play(d, s, "axis", [{"convert": ["de-inf-62R"]}])
    assert s2["reserve_converted"] == ["de-inf-62R"] and events[0]["event"] == "converted"
    assert factor(d, s2, "de-inf-62R", "attack") == 3 and factor(d, s2, "de-inf-64R", "attack") == 1
    s3, _ = play(d, at(s2, 3, "axis"), "axis", [{"convert": ["de-inf-64R", "de-inf-66R"]}])
    assert s3["reserve_converted"] == ["de-inf-62R", "de-inf-64R", "de-inf-66R"]
    assert problems(d, at(s2, 3, "axis"), "axis", [{"convert": ["de-inf-64R"]}])[0].endswith(
        "the second the remaining ones on the map: de-inf-64R, de-inf-66R")
    assert problems(d, s, "axis", [{"convert": ["de-inf-62R"]}, {"replace": "de-inf-5"}]) != []


def test_16_8_after_the_collapse_the_german_box_is_emptied_regardless_of_gs():
    """16.8: "Any units in the Replacement Army Holding Box must be brought out and placed normally
    at the start of the next German Replacement Phase"; 16.10: "GS is for once not a consideration
    when Germany places any units in its holding box at the time of collapse. They appear in any
    Wehrkreis still under German control, regardless of supply state" (S12 cut off by Soviet ZOCs
    here; the Wehrkreis hexes are made up)."""
    extra = {"reinforcements.reinforcements.german.wehrkreis_hexes": ["S12"], "map.places.warsaw.hex": "U20",
             "map.places.prague.hex": "Q18"}
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"}, {"german": {"de-inf-5": {"steps": 1}}}, **extra)
    s = at(s, 12, "axis")
    s["economy"] = {**s["economy"], "collapsed": 11}
    assert problems(d, s, "axis", []) == [
        "de-inf-5 must be brought out of the Replacement Army Holding Box and placed now, after the economic collapse: "
        "`place: UNIT, at: HEX` (16.8, 16.10)"]
    s["control"] = {**s["control"], **{h: "soviet" for h in ("R12", "R13", "S11", "S13", "T12", "T13")}}
    s2, events = play(d, s, "axis", [{"place": "de-inf-5", "at": "S12"}])
    assert events[0] == {"event": "placed", "unit": "de-inf-5", "hex": "S12",
                         "why": "a reinforcement: its MA doubled this turn (7.5, 7.7 A)"}
    assert s2["boxes"]["german"] == {}             # (16.9: out of GS after the collapse, the Terminal Check takes it)


def test_16_8_an_empty_german_box_needs_no_wehrkreis_hexes_after_the_collapse():
    """16.8, 16.10: the Wehrkreis hexes are read only to place units out of the Replacement Army
    Holding Box; with it empty and no German reinforcement due, the first file after the collapse
    needs them not (merged behaviour 3: the Flak and OKH tests' collapse positions); with a unit
    in the box the check names the missing data."""
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"})
    s = at(s, 12, "axis")
    s["economy"] = {**s["economy"], "collapsed": 11}
    assert problems(d, s, "axis", []) == []
    d, s = start3({"de-inf-1": "P5", "su-inf-3": "T24"}, {"german": {"de-inf-5": {"steps": 1}}})
    s = at(s, 12, "axis")
    s["economy"] = {**s["economy"], "collapsed": 11}
    found = problems(d, s, "axis", [])
    assert len(found) == 1 and found[0].startswith("needs the hexes of the Wehrkreis cities (7.5)")
    assert "`reinforcements.reinforcements.german.wehrkreis_hexes`" in found[0]


# -- 15.23.3 C the WA SUs back through the holding boxes ----------------------------------------
def test_15_23_3_c_burned_off_and_withdrawn_wa_sus_are_placed_in_a_holding_box():
    """15.23.3 C: "The WA each turn place all burned off SUs from the previous turn into their
    holding boxes, and must sea move them ashore normally from there"; 5.2.1 A: "Place SUs burned
    off during the last WA player-turn into either theater holding box"; 15.23.1 B: a withdrawn SU
    goes back "in the pool of SUs available for future placement" (the WA's through the boxes).
    The WA withdraw wa-su-2 at the end of their Turn 2 (it traces GS from V1: 15.23.1 A)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "V1", "wa-su-2": "V2"})
    s["su_burned"] = {"western": ["wa-su-1"]}                 # burned off for AS in the WA's Turn 1 (15.22)
    assert problems(d, wa(s), "western", []) == [
        "wa-su-1 burned off or withdrawn last WA player-turn: place each in a theater holding box, "
        "`arrive: UNIT, box: eto|mto` (5.2.1 A, 15.23.3 C)"]
    s2, events = play(d, wa(s), "western", [{"arrive": "wa-su-1", "box": "mto"}, {"withdraw": ["wa-su-2"]}])
    assert events[0] == {"event": "arrive", "unit": "wa-su-1", "box": "mto", "rule": "5.2.1 A, 15.23.3 C"}
    assert {"event": "withdrawn", "unit": "wa-su-2", "hex": "V2", "rule": "15.23.1"} in events   # no assault: the turn ends
    assert s2["boxes"]["mto"] == {"wa-su-1": 1} and "wa-su-2" not in s2["units"] and s2["su_burned"] == {"western": ["wa-su-2"]}
    s3, events = play(d, wa(s2, 3), "western", [{"arrive": "wa-su-2", "box": "eto"}])
    assert s3["boxes"]["eto"] == {"wa-su-2": 1} and s3["boxes"]["mto"] == {"wa-su-1": 1} and s3["su_burned"] == {"western": []}
