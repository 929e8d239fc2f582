"""End of the Iron Dream, behaviour 4: Southern Italy off the map and its port (25.12 A-B), Trieste
opened by Yugoslav units (20.6) and the Axis Turn 1 limits (6.1).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): rows P-W, columns 1-26 of clear
hexes (W19 rough: 2 MP); Italy is V19-W21, its south edge W19-W21 (`map.countries.italy`,
`map.edges.south`, as tests/test_eid_italy.py); Yugoslavia is U10-U12 and T11 with U10 its red Y
hex, here Trieste (an Adriatic port); the MTO box holds wa-mech-4 and wa-mech-5, the ETO box
wa-mech-3; de-mtn-15 (a Y corps, 3.3 A) and de-pz-58 (F, 3.7 B) get made-up factors. All made
up: the rulebook text prints no map."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import report
from pbem.games.end_of_the_iron_dream.supply_play import sources, status
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY
from tests.test_eid_supply_units import KOENIGSBURG, SOVIET_SU_MA

ITALY = {"map.edges.south": ["W19", "W20", "W21"], "map.countries.italy": ["V19", "V20", "V21", "W19", "W20", "W21"]}
BOXES = {"positions.test.boxes": {"eto": {"wa-mech-3": {}}, "mto": {"wa-mech-4": {}, "wa-mech-5": {}}, "german": {}}}
MADE_UP = {f"units.counters.{u}.{k}": v for u in ("de-mtn-15", "de-pz-58")
           for k, v in (("attack", 3), ("defense", 4), ("movement", 5), ("reduced", "none"))}
EXTRA = {**SUPPLY, **SOVIET_SU_MA, **KOENIGSBURG, **ITALY, **BOXES, **MADE_UP, "map.places.trieste.hex": "U10"}
HEXES = {"P1": {"terrain": "clear", "coast": "atlantic"}, "W19": {"terrain": "rough"},
         "V22": {"terrain": "clear", "coast": "mediterranean"},
         "U10": {"terrain": "clear", "coast": "adriatic"}}
ONLY = ("on Turn 1 the Axis may only strategically move up to three corps of its eastern units and operationally move "
        "its units in Italy to other hexes in Italy (6.1)")


def begin(position: dict, behaviour: int = 4, **extra):
    return start(position, behaviour=behaviour, hexes=HEXES, extra={**EXTRA, **extra})


# -- 6.1 the Axis on Turn 1 ---------------------------------------------------------------------
TURN_1 = {"de-inf-2": "V20", "de-inf-1": "T18", "de-mtn-15": "T12", "de-pz-58": "T5", "su-inf-3": "T25", "wa-mech-2": "P1"}


def test_6_1_the_axis_moves_operationally_only_its_units_in_italy_and_only_to_hexes_in_italy():
    """6.1: "On the Turn 1, the Axis may perform only these functions: ... It may operationally
    move only its units in Italy, and then only to other hexes in Italy." de-inf-2 in V20 moves to
    V21 (Italy), not to V22; de-inf-1 (T18, not in Italy) may not move at all. Behaviour 3 did not
    restrict them."""
    d, s = begin(TURN_1)
    assert (s["turn"], s["army"], s["phase"]) == (1, "axis", "movement")
    assert problems(d, s, "axis", [{"move": "de-inf-2", "path": ["V20", "V21", "V22"]}]) == [
        "de-inf-2 may move only to other hexes in Italy, not V22 (6.1)"]
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["T18", "T17"]}]) == [f"de-inf-1 is not in Italy: {ONLY}"]
    after, events = play(d, s, "axis", [{"move": "de-inf-2", "path": ["V20", "V21"]}])
    assert after["units"]["de-inf-2"]["hex"] == "V21"
    assert {"event": "move", "unit": "de-inf-2", "path": ["V20", "V21"], "mp": 1} in events
    d3, s3 = begin(TURN_1, behaviour=3)
    assert problems(d3, s3, "axis", [{"move": "de-inf-1", "path": ["T18", "T17"]}]) == []


def test_6_1_strategic_moves_of_eastern_corps_only_the_yugoslav_garrison_as_the_group_reads_it():
    """6.1: "It may strategically move up to three corps of its eastern units": de-inf-1, a Russian
    Front corps of 3.4 A, moves (and, 12.2, nothing else); de-pz-58 (southern France, 3.7 B) may
    not; whether de-mtn-15 of the initial Yugoslav garrison (3.3 A) is eastern the text does not
    say: the order refuses naming the data path until the group gives it."""
    d, s = begin(TURN_1)
    order = {"strategic": "de-inf-1", "path": ["T18", "T17", "T16"]}
    after, events = play(d, s, "axis", [order])
    assert after["units"]["de-inf-1"]["hex"] == "T16"
    assert {"event": "strategic", "unit": "de-inf-1", "path": ["T18", "T17", "T16"]} in events
    assert problems(d, s, "axis", [{"strategic": "de-pz-58", "path": ["T5", "T6"]}]) == [
        f"de-pz-58 is not one of the Axis eastern units: {ONLY}"]
    [unknown] = problems(d, s, "axis", [{"strategic": "de-mtn-15", "path": ["T12", "T13"]}])
    assert "whether the initial Yugoslav garrison is eastern (3.3, 6.1)" in unknown
    assert "`game.sequence_of_play.first_turn.axis.yugoslav_garrison_eastern`" in unknown
    key = "game.sequence_of_play.first_turn.axis.yugoslav_garrison_eastern"
    d, s = begin(TURN_1, **{key: True})
    assert problems(d, s, "axis", [{"strategic": "de-mtn-15", "path": ["T12", "T13"]}]) == []
    d, s = begin(TURN_1, **{key: False})
    assert problems(d, s, "axis", [{"strategic": "de-mtn-15", "path": ["T12", "T13"]}]) == [
        f"de-mtn-15 is not one of the Axis eastern units: {ONLY}"]


def test_6_1_the_axis_performs_only_these_functions_on_turn_1():
    """6.1 "only these functions": no Reinforcement Phase order, EGS burn-off or sea move; Italy's
    hexes are the campaign's to give (map.countries.italy: unknown refuses naming the path)."""
    d, s = begin(TURN_1)
    assert problems(d, s, "axis", [{"egs": "de-su-1", "hexes": ["T18"]}]) == [f"{ONLY}: not `egs:`, `hexes:`"]
    assert problems(d, s, "axis", [{"move": "de-inf-2", "path": ["V20", "V21"]}, {"fort": "V20"}]) == [f"{ONLY}: not `fort:`"]
    assert problems(d, at(s, 2, "axis"), "axis", [{"move": "de-inf-1", "path": ["T18", "T17"]}]) == []     # Turn 2: free
    d, s = begin(TURN_1, **{"map.countries.italy": "unknown", "map.edges.south": []})
    [unknown] = problems(d, s, "axis", [{"move": "de-inf-2", "path": ["V20", "V21"]}])
    assert "the hexes of Italy (6.1)" in unknown and "`map.countries.italy`" in unknown


# -- 20.6 Trieste ------------------------------------------------------------------------------
EDGE = ["W19", "W20", "W21"]                 # Italy's south edge: Southern Italy's port's sources (25.12 A-B)
YUGOSLAV = {"yu-mtn-1Y": "U12", "de-inf-1": "P10", "de-inf-2": "U8", "su-inf-3": "T25", "wa-mech-2": "P2"}


def test_20_6_yugoslav_units_open_trieste_for_the_wa_rolling_on_the_port_opening_chart():
    """20.6: "Yugoslav units can open Trieste for the WA, but must, as usual in such cases, roll on
    the port opening chart." yu-mtn-1Y takes Trieste (U10) on Turn 2: a 3 on the chart (14.27 B:
    3 turns) opens it from Turn 5 as a WA source and landing hex (14.2), though the Soviets hold
    it (a WA line from it runs through their hex: 15.10, their consent); the WA land there once no
    Soviet unit is in it (4.4 A). Behaviour 3 rolled nothing."""
    d, s = begin(YUGOSLAV)
    after, events = play(d, at(s, 2, "soviet"), "soviet", [{"move": "yu-mtn-1Y", "path": ["U12", "U11", "U10"]}], 3)
    liberated = {"event": "port_liberated", "hex": "U10", "die": 3, "opens": 5, "by": "yugoslav", "rule": "20.6"}
    assert liberated in events
    assert report.describe([liberated]) == [(
        "item", "the port of U10 is liberated by Yugoslav units, for the WA: Port Opening Chart die 3, it works from the "
        "start of Turn 5 (20.6)")]
    assert after["ports"]["opening"] == {"U10": 5} and after["ports"]["yugoslav"] == ["U10"]
    assert sources(d, at(after, 4, "western"), "western") == ["P1", *EDGE]
    assert sources(d, at(after, 5, "western"), "western") == ["P1", "U10", *EDGE]
    wa = at(after, 5, "western")
    wa["units"]["wa-mech-6"] = {"side": "western", "hex": "V9", "steps": 2}       # next to U10 (made up)
    assert status(d, wa, "western").needs_ally == {"wa-mech-6": ["U10"]}          # 15.10: the Soviets' hex
    del wa["units"]["wa-mech-6"]
    assert problems(d, wa, "western", [{"sail": "wa-mech-4", "to": "U10"}]) == [
        "U10 holds yu-mtn-1Y: Soviet and WA forces may not stack together (4.4 A) (7.10)"]
    wa["units"]["yu-mtn-1Y"]["hex"] = "U12"                          # gone; the Soviets still hold U10 (4.1 A)
    landed, events = play(d, wa, "western", [{"sail": "wa-mech-4", "to": "U10"}])
    assert landed["units"]["wa-mech-4"] == {"side": "western", "hex": "U10", "steps": 2}
    d3, s3 = begin(YUGOSLAV, behaviour=3)
    old, events = play(d3, at(s3, 2, "soviet"), "soviet", [{"move": "yu-mtn-1Y", "path": ["U12", "U11", "U10"]}])
    assert not [e for e in events if e["event"] == "port_liberated"] and old["ports"]["opening"] == {}


def test_20_6_only_yugoslav_liberators_open_it_and_14_28_a_german_recapture_closes_it_for_good():
    """20.6 names the Yugoslav units: a Soviet army taking Trieste alone rolls nothing (20.3 lets it
    into the red Y hex). 14.28: "If a liberated port is subsequently recaptured by Germany ... it
    never reopens": de-inf-2 takes U10 back on Turn 3."""
    d, s = begin({**YUGOSLAV, "yu-mtn-1Y": "T11", "su-inf-3": "U12"})
    soviet = at(s, 2, "soviet", egs=["su-inf-3"])                 # with EGS it may leave GS (15.21.2)
    after, events = play(d, soviet, "soviet", [{"move": "su-inf-3", "path": ["U12", "U11", "U10"]}])
    assert not [e for e in events if e["event"] == "port_liberated"] and after["ports"]["opening"] == {}
    d, s = begin(YUGOSLAV)
    after, _ = play(d, at(s, 2, "soviet"), "soviet", [{"move": "yu-mtn-1Y", "path": ["U12", "U11", "U10"]}], 3)
    axis = at(after, 3, "axis")
    axis["units"]["yu-mtn-1Y"]["hex"] = "U12"
    retaken, events = play(d, axis, "axis", [{"move": "de-inf-2", "path": ["U8", "U9", "U10"]}])
    assert {"event": "port_closed", "hex": "U10", "rule": "14.28"} in events
    assert retaken["ports"]["closed"] == ["U10"]
    assert sources(d, at(retaken, 6, "western"), "western") == ["P1", *EDGE]


# -- 25.12 Southern Italy ---------------------------------------------------------------------
ITALIAN_FRONT = {"wa-mech-2": "V20", "de-inf-1": "P10", "su-inf-3": "T25"}


def test_25_12_b_units_pay_the_edge_hexs_terrain_to_get_off_the_map_and_on_again():
    """25.12 B: "It is accessible from any hex along the southern edge of Italy. Units moving onto
    those hexes do pay terrain costs to get on and off the map." wa-mech-2 (MA 7) goes V20-W20 (1
    MP) and off the map (W20's clear, 1 MP): 2 MP; next turn it comes on at W19 (rough, 2 MP) and
    goes on to V19 (1 MP). Over V19 and the rough W19 (1 + 2) it would need 2 more MP to get off
    the map, 5 in all: 3 through V21-W22-W21 first leaves it 0 (no 10.4 A guarantee off the map)."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    after, events = play(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]}])
    assert "wa-mech-2" not in after["units"] and after["southern_italy"] == {"wa-mech-2": 2}
    entry = {"event": "southern_italy", "unit": "wa-mech-2", "path": ["V20", "W20", "southern_italy"], "mp": 2, "rule": "25.12 B"}
    assert entry in events
    assert report.describe([entry]) == [(
        "item", "wa-mech-2 moves V20 - W20 - Southern Italy, off the map: 2 MP this phase (25.12 B: the edge hex's "
        "terrain paid to get on or off the map)")]
    back, events = play(d, at(after, 3, "western"), "western", [{"move": "wa-mech-2", "path": ["southern_italy", "W19", "V19"]}])
    assert back["units"]["wa-mech-2"] == {"side": "western", "hex": "V19", "steps": 2} and back["southern_italy"] == {}
    assert {"event": "southern_italy", "unit": "wa-mech-2", "path": ["southern_italy", "W19", "V19"], "mp": 3,
            "rule": "25.12 B"} in events
    assert problems(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "V19", "W19", "southern_italy"]}]) == []
    assert problems(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "V21", "V22", "W22", "W21", "W20", "W19",
                                                                      "southern_italy"]}]) == [
        "wa-mech-2 needs 2 MP to get off the map from W19 but has 0 left (25.12 B, 10.1)"]


def test_25_12_b_9_6_an_enemy_zoc_on_the_edge_hex_costs_its_2_mp_getting_off_and_on():
    """9.6: +2 MP to leave and +2 to enter an EZOC, as for any hex: wa-mech-2 in W20, in the ZOC of
    de-inf-1 (V19), pays 1 + 2 to get off the map; wa-mech-4 landing in Southern Italy from the
    MTO box (1 MP) pays 1 + 2 to come on at W20 (4 MP in all)."""
    d, s = begin({"wa-mech-2": "W20", "de-inf-1": "V19", "su-inf-3": "T25"})
    wa = at(s, 2, "western")
    after, events = play(d, wa, "western", [{"move": "wa-mech-2", "path": ["W20", "southern_italy"]}])
    assert {"event": "southern_italy", "unit": "wa-mech-2", "path": ["W20", "southern_italy"], "mp": 3, "rule": "25.12 B"} in events
    after, events = play(d, wa, "western", [{"sail": "wa-mech-4", "to": "southern_italy"},
                                            {"move": "wa-mech-4", "path": ["southern_italy", "W20"]}])
    assert {"event": "southern_italy", "unit": "wa-mech-4", "path": ["southern_italy", "W20"], "mp": 4, "rule": "25.12 B"} in events
    assert after["units"]["wa-mech-4"]["hex"] == "W20"


def test_25_12_b_only_from_italys_south_edge_once_a_phase_and_only_the_wa():
    """25.12 B: Southern Italy is reached "from any hex along the southern edge of Italy" only; 8.7:
    a unit that left comes back in a later phase; 25.12 A: it is the WA's port (a reading: the
    others never go there)."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    assert problems(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "southern_italy"]}]) == [
        "V20 is not a hex along the southern edge of Italy: Southern Italy is reached from those only (25.12 B)"]
    assert problems(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]},
                                       {"move": "wa-mech-2", "path": ["southern_italy", "W20"]}]) == [
        "wa-mech-2 has completed its movement this phase (8.7)"]
    d, s = begin({**ITALIAN_FRONT, "de-inf-1": "V22"})
    assert problems(d, at(s, 2, "axis"), "axis", [{"move": "de-inf-1", "path": ["V22", "W21", "southern_italy"]}]) == [
        "only the WA go to Southern Italy, their port off the map in Iron Dream (25.12 A-B)"]
    d3, s3 = begin(ITALIAN_FRONT, behaviour=3)
    assert problems(d3, at(s3, 2, "western"), "western", [{"move": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]}]) == [
        "bad hex id 'southern_italy': expected row letters then column number, e.g. 'C12'"]


def test_25_12_b_12_5_wa_strategic_moves_into_southern_italy_and_out_of_it():
    """12.5 A: "The WA may strategically move any number of units each turn, any distance through
    friendly-controlled and in GS land hexes"; 5.2.3 A: never next to an Axis unit nor out of its
    ZOC; 12.2: nothing else that player-turn. wa-mech-2 goes V20-W20 and off the map, comes back
    next turn at W21 and on to U21; with de-inf-1 in V19 (next to V20) it may not start."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    order = {"strategic": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]}
    after, events = play(d, wa, "western", [order])
    entry = {"event": "southern_italy", "unit": "wa-mech-2", "path": ["V20", "W20", "southern_italy"], "strategic": True,
             "rule": "25.12 B, 12.5"}
    assert entry in events and after["southern_italy"] == {"wa-mech-2": 2} and "wa-mech-2" not in after["units"]
    assert report.describe([entry]) == [("item", "wa-mech-2 moves strategically V20 - W20 - Southern Italy, off the map "
                                                 "(25.12 B, 12.5)")]
    assert problems(d, wa, "western", [order, {"sail": "wa-mech-2", "to": "mto"}]) == [
        "wa-mech-2 moved strategically and takes part in nothing else this player-turn (12.2, 5.1.3 F)"]
    back, _ = play(d, at(after, 3, "western"), "western", [{"strategic": "wa-mech-2", "path": ["southern_italy", "W21", "V21", "U21"]}])
    assert back["units"]["wa-mech-2"] == {"side": "western", "hex": "U21", "steps": 2} and back["southern_italy"] == {}
    d, s = begin({**ITALIAN_FRONT, "de-inf-1": "V19"})
    assert problems(d, at(s, 2, "western"), "western", [order]) == [
        "wa-mech-2 starts next to an Axis unit or in its ZOC and may not move strategically (5.2.3 A)"]


def test_25_12_a_the_wa_sail_to_the_port_of_southern_italy_and_from_it():
    """25.12 A: "the WA control two ports in Italy, Rome and Southern Italy"; 14.2: from the MTO box
    to an opened port of the MTO: 1 MP ashore, then on (7.1 B, 5.2.4 D): wa-mech-4 lands and comes
    on at W21 (1 MP) to V21: 3 MP; 14.26 B: one corps a turn lands there; the ETO box's units do
    not (4.9 C). 14.4: from the port to the MTO box, never to the ETO's."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    orders = [{"sail": "wa-mech-4", "to": "southern_italy"}, {"move": "wa-mech-4", "path": ["southern_italy", "W21", "V21"]}]
    after, events = play(d, wa, "western", orders)
    assert {"event": "sail", "unit": "wa-mech-4", "from": "mto", "to": "southern_italy", "mp": 1, "rule": "5.2.4"} in events
    assert after["units"]["wa-mech-4"]["hex"] == "V21" and "wa-mech-4" not in after["boxes"]["mto"]
    assert {"event": "southern_italy", "unit": "wa-mech-4", "path": ["southern_italy", "W21", "V21"], "mp": 3,
            "rule": "25.12 B"} in events
    assert report.describe([events[0]]) == [("item", "wa-mech-4 moves by sea from the MTO holding box to Southern Italy, "
                                                      "off the map (1 MP to land, 7.1 B)")]
    assert problems(d, wa, "western", [{"sail": "wa-mech-4", "to": "southern_italy"}, {"sail": "wa-mech-5", "to": "southern_italy"}]) == [
        "Southern Italy has landed 1 corps this turn, its capacity (14.26 B)"]
    assert problems(d, wa, "western", [{"sail": "wa-mech-3", "to": "southern_italy"}]) == [
        "Southern Italy is a port of the MTO, not of the eto (4.9 C, 14.2, 14.4)"]
    there, _ = play(d, wa, "western", [{"sail": "wa-mech-4", "to": "southern_italy"}])
    later = at(there, 3, "western")
    assert problems(d, later, "western", [{"sail": "wa-mech-4", "to": "eto"}]) == [
        "wa-mech-4 sails from the mto to its own theater's box only (14.4, 14.6)"]
    boxed, events = play(d, later, "western", [{"sail": "wa-mech-4", "to": "mto"}])
    assert "wa-mech-4" in boxed["boxes"]["mto"] and boxed["southern_italy"] == {}
    assert {"event": "sail", "unit": "wa-mech-4", "from": "southern_italy", "to": "mto", "rule": "5.2.4"} in events


def test_14_4_14_5_port_to_port_with_southern_italy_and_no_further_move():
    """14.4: units "sitting in an opened port ... may move from there to another opened port ...
    within that same theater"; 14.5: "Units moving from port to port ... may not continue moving
    after landing". wa-mech-2 in V22 (made up: an opened Mediterranean port of the position) sails to
    Southern Italy and may not come on this turn; next turn it sails back to V22."""
    d, s = begin({"wa-mech-2": "V22", "de-inf-1": "P10", "su-inf-3": "T25"},
                 **{"positions.test.wa_supply_sources": ["P1", "V22"]})
    wa = at(s, 2, "western")
    assert problems(d, wa, "western", [{"sail": "wa-mech-2", "to": "southern_italy"},
                                       {"move": "wa-mech-2", "path": ["southern_italy", "W21"]}]) == [
        "wa-mech-2 moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"]
    there, events = play(d, wa, "western", [{"sail": "wa-mech-2", "to": "southern_italy"}])
    assert there["southern_italy"] == {"wa-mech-2": 2} and "wa-mech-2" not in there["units"]
    assert {"event": "sail", "unit": "wa-mech-2", "from": "V22", "to": "southern_italy", "rule": "5.2.4"} in events
    back, events = play(d, at(there, 3, "western"), "western", [{"sail": "wa-mech-2", "to": "V22"}])
    assert back["units"]["wa-mech-2"] == {"side": "western", "hex": "V22", "steps": 2} and back["southern_italy"] == {}


def test_26_6_1_a_wa_unit_sailing_to_its_box_after_the_collapse_loses_no_step():
    """26.6.1 counts WA steps lost after the collapse; wa-mech-2 sailing from P1 to the ETO box (14.4)
    loses none. Behaviour 3 counted its two steps as lost (-2 VP): kept for its campaigns."""
    for behaviour, vp in ((4, []), (3, ["-2"])):
        d, s = begin({"wa-mech-2": "P1", "de-inf-1": "P10", "su-inf-3": "T25"}, behaviour=behaviour)
        wa = at(s, 2, "western")
        wa["economy"] = {**wa["economy"], "collapsed": 1}
        after, events = play(d, wa, "western", [{"sail": "wa-mech-2", "to": "eto"}])
        assert after["boxes"]["eto"]["wa-mech-2"] == 2
        assert [e["vp"] for e in events if e["event"] == "vp" and e["rule"] == "26.6.1"] == vp


def test_26_6_1_a_wa_unit_leaving_the_map_after_the_collapse_loses_no_step():
    """26.6.1 counts each WA step lost after the collapse: wa-mech-2 moving off the map into
    Southern Italy keeps its two steps (no VP entry)."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    wa["economy"] = {**wa["economy"], "collapsed": 1}
    after, events = play(d, wa, "western", [{"move": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]}])
    assert after["southern_italy"] == {"wa-mech-2": 2}
    assert not [e for e in events if e["event"] == "vp" and e["rule"] == "26.6.1"]


def test_20_6_trieste_s_hex_is_the_campaigns_to_give_when_the_map_has_yugoslav_hexes():
    """20.6: any step may liberate Trieste, so its hex (printed on the map only) is read at set-up;
    unknown refuses naming the path (20.1: without Yugoslav hexes no Yugoslav unit reaches it)."""
    with pytest.raises(UnknownDataError, match=r"map\.places\.trieste\.hex"):
        begin(YUGOSLAV, **{"map.places.trieste.hex": "unknown"})
    d, s = begin({"de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"},
                 **{"map.places.trieste.hex": "unknown", "map.countries.yugoslavia": [], "map.countries.red_y": []})
    assert s["ports"] == {"opening": {}, "closed": [], "held": [], "yugoslav": []}


def test_17_2_paratroops_in_southern_italy_do_not_air_drop():
    """17.2: "the paratroops must start the WA turn in either theater holding box or in an
    WA-controlled hex on the map": Southern Italy is neither. wa-para-18 moves off the map on Turn 2
    and may not drop from there on Turn 3."""
    d, s = begin({**ITALIAN_FRONT, "wa-para-18": "W21"})
    after, _ = play(d, at(s, 2, "western"), "western", [{"move": "wa-para-18", "path": ["W21", "southern_italy"]}])
    assert after["southern_italy"] == {"wa-para-18": 2}
    assert problems(d, at(after, 3, "western"), "western", [{"drop": "wa-para-18", "at": "V21"}]) == [
        "wa-para-18 is neither in a theater box nor on the map (17.2)"]


def test_25_12_b_11_10_a_mobile_assault_brings_its_stack_on_from_southern_italy():
    """25.12 B with 11.10 ("units mobile assault together only if stacked together at the start of
    the phase"): wa-mech-2 and wa-mech-6, off the map since Turn 2, come on at W21 (1 MP + 2 for
    de-inf-2's ZOC, 9.6) and assault V21 (3 MP, 11.5): the clear 2-1 less 11.8's 2L plus TAC AIR's 1R
    (25.8 A) is 1-1, a 3 (test cells: 0/0). wa-mech-4, in the MTO box, did not start there."""
    d, s = begin({"wa-mech-2": "W20", "wa-mech-6": "W19", "de-inf-1": "P10", "su-inf-3": "T25"})
    off, _ = play(d, at(s, 2, "western"), "western", [{"move": "wa-mech-2", "path": ["W20", "southern_italy"]},
                                                      {"move": "wa-mech-6", "path": ["W19", "southern_italy"]}])
    turn_3 = at(off, 3, "western")
    turn_3["units"]["de-inf-2"] = {"side": "axis", "hex": "V21", "steps": 2}          # made up: a German corps ahead
    order = {"assault": "V21", "with": ["wa-mech-2", "wa-mech-6"], "path": ["southern_italy", "W21"]}
    after, events = play(d, turn_3, "western", [order], 3)
    assert [e for e in events if e["event"] == "southern_italy"] == [
        {"event": "southern_italy", "unit": u, "path": ["southern_italy", "W21"], "mp": 3, "rule": "25.12 B"}
        for u in ("wa-mech-2", "wa-mech-6")]
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["from"], battle["column"], battle["die"], battle["result"]) == (["W21"], "1-1", 3, "0/0")
    assert after["units"]["wa-mech-2"]["hex"] == "W21" and after["southern_italy"] == {}
    assert problems(d, turn_3, "western", [{**order, "with": ["wa-mech-2", "wa-mech-4"]}]) == [
        "wa-mech-4 was not in Southern Italy at the start of the phase (11.10)"]


def test_5_2_1_b_no_flesh_out_in_southern_italy():
    """5.2.1 B: "units in GS on the map or in the holding boxes may now flesh-out with replacements":
    a depleted wa-mech-2 in Southern Italy (off the map, in no box) may not."""
    d, s = begin(ITALIAN_FRONT)
    off, _ = play(d, at(s, 2, "western"), "western", [{"move": "wa-mech-2", "path": ["V20", "W20", "southern_italy"]}])
    turn_3 = at(off, 3, "western")
    turn_3["southern_italy"] = {"wa-mech-2": 1}                                     # depleted (made up)
    assert problems(d, turn_3, "western", [{"replace": "wa-mech-2"}]) == [
        "wa-mech-2 is not a WA unit on the map or in a holding box (7.11; a unit of the dead pile: `recreate: UNIT, "
        "box: eto|mto`, 7.21)"]


def test_25_12_b_a_path_with_southern_italy_inside_it_is_refused_with_the_orders_form():
    """25.12 B: Southern Italy "is accessible from any hex along the southern edge of Italy": it is one
    end of a path, never in its middle; a move and a strategic move are each refused with their form
    (italy.edge_order_problem)."""
    d, s = begin(ITALIAN_FRONT)
    wa = at(s, 2, "western")
    middle = ["V20", "southern_italy", "W20"]
    assert problems(d, wa, "western", [{"move": "wa-mech-2", "path": middle}]) == [
        "a move into Southern Italy is `move: UNIT, path: [HEX, ..., EDGE, southern_italy]`, out of it `move: UNIT, "
        "path: [southern_italy, EDGE, ...]`, EDGE a hex along the southern edge of Italy (25.12 B)"]
    assert problems(d, wa, "western", [{"strategic": "wa-mech-2", "path": middle}]) == [
        "a strategic move into Southern Italy is `strategic: UNIT, path: [HEX, ..., EDGE, southern_italy]`, "
        "out of it `strategic: UNIT, path: [southern_italy, EDGE, ...]` (25.12 B, 12.5)"]
