"""End of the Iron Dream, behaviour 4: supply and forts — 15.16 A a Baltic port fortified in play
as an FS source, 15.18 forts need GS, 15.14 F GS across a crossed lake hexside, 4.10 B-C the
invasion-port stack in an EGS burn-off, 25.10 B OKH's area, 26.7 B the Führer's die over a
fort point; behaviour 3 campaigns keep the old results.

TEST DATA (tests/eidhelp.py with its BEHAVIOUR_3_SETUP, tests/test_eid_supply_play.py,
tests/test_eid_supply_units.py, tests/test_eid_forts.py): rows P-W, columns 1-26 of clear hexes;
the Soviets hold columns 24-26 at the start; the German sources are U16, T21 (Berlin), R23;
the Baltic ports' hexes, the lake hexsides, the inter-theater line's hexes, Yugoslavia's extra
hex and the CRT cells are made up."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME, forts
from pbem.games.end_of_the_iron_dream.supply_play import in_gs
from tests.eidhelp import COLUMNS, at, play, problems, start
from tests.test_eid_forts import LANDS
from tests.test_eid_fuhrer import FOUR
from tests.test_eid_reinforcements import ENTRY
from tests.test_eid_supply_play import BEACH, SUPPLY
from tests.test_eid_supply_units import CUT_OFF, FS_V25, KOENIGSBURG, SOVIET_SU_MA, axis_turn

BALTIC = {"game.movement.german_sea_movement.baltic_port_hexes": ["V25", "P20"]}      # made up (13.1 B)
PORTS = "game.movement.german_sea_movement.baltic_port_hexes"


def begin(position: dict, behaviour: int = 4, printed: dict | None = None, cells: dict | None = None, **extra):
    """A campaign of `behaviour` (4 unless a test shows the behaviour-3 result); `printed` the forts
    on the map at the start (22.13, made up)."""
    values = {**SUPPLY, **SOVIET_SU_MA, **KOENIGSBURG, **LANDS, "special.fortifications.at_start": printed or {}, **extra}
    return start(position, behaviour=behaviour, extra=values, cells=cells)


def axis_check(d, s, turn: int):
    """The Axis player-turn of `turn` with no move and no assault, through its Terminal Supply
    Check (the Prepared Assault Phase passes by itself when no unit stands next to an enemy)."""
    s, _ = axis_turn(d, s, turn)
    s, events = play(d, s, "axis", [])
    if s["army"] == "axis":
        s, events = play(d, s, "axis", [])
    return s, events


# -- 15.16 A --------------------------------------------------------------------------------------
def test_15_16_a_a_baltic_port_fortified_in_play_is_an_fs_source():
    """15.16 A: "German units may draw FS from ... Königsburg, and any other Baltic port that becomes
    fortified"; B: one step. V25 (a Baltic port here) got its fort in play: the cut-off one-step
    corps goes over to FS there and the fort stands (15.18 A: a hex with FS capabilities)."""
    position = {**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}}
    d, s = begin(position, **BALTIC)
    s, events = axis_check(d, {**s, "forts": {"V25": 1}}, 2)
    assert s["fs"] == ["de-inf-1"] and s["units"]["de-inf-1"]["steps"] == 1
    assert {"event": "fortress_supply", "hex": "V25", "units": ["de-inf-1"], "rule": "15.16"} in events
    assert forts.level(d, s, "V25") == 1
    # behaviour 3: no FS there, the corps is lost
    d3, s3 = begin(position, behaviour=3, **BALTIC)
    s3, events = axis_check(d3, {**s3, "forts": {"V25": 1}}, 2)
    assert "de-inf-1" not in s3["units"] and "fs" not in s3


def test_15_16_a_a_fort_printed_on_the_map_does_not_make_a_baltic_port_a_source():
    """15.16 A "becomes fortified", a reading: a fort built in play; the fort printed in V25 (22.13)
    gives no FS: the corps attrites away and its fort goes with it (15.18 A)."""
    d, s = begin({**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}}, printed={"V25": 1}, **BALTIC)
    s, events = axis_check(d, s, 2)
    assert "de-inf-1" not in s["units"] and "fs" not in s
    assert {"event": "fort_destroyed", "hex": "V25", "why": "cut off from GS in a hex without FS: removed with the last "
            "German defenders (15.18 A); a Level 1 fort comes off whole (15.18 B)"} in events


def test_15_16_a_a_fort_factor_needs_the_baltic_ports_hexes():
    """15.16 A: a fort factor may make a Baltic port an FS source, so placing one needs the ports'
    hexes (13.1 B, printed on the map only): unknown, the order is refused naming the path."""
    d, s = begin({"de-inf-1": "S12", "su-inf-3": "T25"})
    [message] = problems(d, at(s, 2, "axis"), "axis", [{"fort": "S12"}])
    assert PORTS in message
    d, s = begin({"de-inf-1": "S12", "su-inf-3": "T25"}, **BALTIC)
    state, events = play(d, at(s, 2, "axis"), "axis", [{"fort": "S12"}])
    assert state["forts"] == {"S12": 1}
    d3, s3 = begin({"de-inf-1": "S12", "su-inf-3": "T25"}, behaviour=3)
    assert problems(d3, at(s3, 2, "axis"), "axis", [{"fort": "S12"}]) == []              # behaviour 3 never reads it


# -- 15.18 ----------------------------------------------------------------------------------------
def test_15_18_a_b_an_ungarrisoned_fort_cut_off_comes_off_whole():
    """15.18 A: "German fortification counters need GS just as combat units. If such counters were
    cut off in a hex that had no FS capabilities, the fortress counters would be removed ... at the
    end of the first turn of isolation if ungarrisoned by German field units"; B: "A Level 3 fort
    would not attrite down to Level 2, then to Level 1. It would simply come off the board." The
    Level 3 fort in V25 (German-held, its neighbours Soviet) goes at the Axis Terminal Supply
    Check; the fort in S10 traces GS to Berlin and stays."""
    d, s = begin({**CUT_OFF, "de-inf-2": "S4"}, printed={"V25": 3, "S10": 1})
    s = {**s, "control": {**s["control"], "V25": "axis"}}
    after, events = axis_check(d, s, 2)
    assert {"event": "fort_destroyed", "hex": "V25", "why": "cut off from GS in a hex without FS and ungarrisoned: removed "
            "at the end of its turn of isolation (15.18 A); a Level 3 fort comes off whole (15.18 B)"} in events
    assert forts.level(d, after, "V25") == 0 and forts.level(d, after, "S10") == 1
    d3, s3 = begin({**CUT_OFF, "de-inf-2": "S4"}, behaviour=3, printed={"V25": 3, "S10": 1})
    after3, events = axis_check(d3, {**s3, "control": {**s3["control"], "V25": "axis"}}, 2)
    assert forts.level(d3, after3, "V25") == 3 and not [e for e in events if e["event"] == "fort_destroyed"]


def test_15_18_a_a_garrisoned_fort_goes_with_its_last_defenders():
    """15.18 A: cut off, "the fortress counters would be removed along with the last mobile German
    defenders in the hex": the two-step corps in the Level 2 fort loses a step at the first Axis
    Terminal Supply Check (the fort stands), its last at the second, and the fort goes with it."""
    d, s = begin({**CUT_OFF, "de-inf-1": "V25"}, printed={"V25": 2})
    s, events = axis_check(d, s, 2)
    assert s["units"]["de-inf-1"]["steps"] == 1 and forts.level(d, s, "V25") == 2
    s, events = axis_check(d, s, 3)
    assert "de-inf-1" not in s["units"] and forts.level(d, s, "V25") == 0
    assert [e["why"] for e in events if e["event"] == "fort_destroyed"] == [
        "cut off from GS in a hex without FS: removed with the last German defenders (15.18 A); a Level 2 fort comes off whole "
        "(15.18 B)"]


def test_15_18_a_a_fort_in_a_hex_with_fs_stays():
    """15.18 A: only "in a hex that had no FS capabilities": in the FS hex V25 (15.16 A) the corps
    goes over to FS and the fort stands."""
    d, s = begin({**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}}, printed={"V25": 1}, **FS_V25)
    s, events = axis_check(d, s, 2)
    assert s["fs"] == ["de-inf-1"] and forts.level(d, s, "V25") == 1
    assert not [e for e in events if e["event"] == "fort_destroyed"]


# -- 15.14 F --------------------------------------------------------------------------------------
LAKE = {"T6|U6": ["lake"], "T6|U7": ["lake"], "T5|T6": ["lake"], "T6|T7": ["lake"], "S7|T6": ["lake"]}   # made up


def lake_assault(behaviour: int):
    """The WA's amphibious coastal attack from U6 across the lake hexside into T6 (14.33 A), the
    defender retreating to S6 (a 1 result: every column's die 2, made up)."""
    cells = {col: {"2": "0/1"} for col in COLUMNS}
    values = {**SUPPLY, **KOENIGSBURG, **BEACH, **LANDS}
    d, s = start({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "T6"}, behaviour=behaviour,
                 extra=values, sides=LAKE, cells=cells)
    orders = [{"supply": "wa-su-1", "hexes": ["U6"]}, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"], "amphibious": True}]
    s, _ = play(d, at(s, 10, "western", "assault"), "western", orders, 2)
    s, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["S6"]}}])
    return d, s


def test_15_14_f_gs_across_the_just_crossed_lake_hexside_while_a_corps_holds_the_landing_hex():
    """15.14 F: "If the WA makes an amphibious assault across a lake hexside, GS may be traced
    through the just-crossed lake hexside as long as one corps remains in the landing hex on the
    assaulted side of the lake." T6's other sides are lakes or lead to German S6: the advancing
    corps traces GS only across U6|T6 (18.16 E lets it advance); with no corps left in T6 the line
    lapses. Behaviour 3: no such line, so the advance out of GS is refused."""
    d, s = lake_assault(4)
    s, events = play(d, s, "western", [{"advance": {"wa-mech-2": ["T6"]}}])
    assert s["units"]["wa-mech-2"]["hex"] == "T6" and s["lake_lines"] == ["U6|T6"]
    assert "wa-mech-2" in in_gs(d, s, "western")
    gone = {**s, "units": {u: v for u, v in s["units"].items() if u != "wa-mech-2"}}
    GAME.after_step(d, gone, [])
    assert "lake_lines" not in gone
    d3, s3 = lake_assault(3)
    assert problems(d3, s3, "western", [{"advance": {"wa-mech-2": ["T6"]}}]) == [
        "wa-mech-2 would advance out of general supply (18.16 E)"]


# -- 4.10 B, C ------------------------------------------------------------------------------------
B5 = {"units.counters.wa-x-B5.type": "infantry", "units.counters.wa-x-B5.attack": 5, "units.counters.wa-x-B5.defense": 6,
      "units.counters.wa-x-B5.movement": 5, "units.counters.wa-x-B5.reduced": "none"}          # made up (28.3 prints none)


def test_4_10_c_the_stack_beneath_an_invasion_port_counter_is_one_group_for_egs():
    """4.10 B: "the same SU may not provide Emergency General Supply (EGS) ... to units of the two
    different groups on the same player-turn (with some exceptions)"; C: "WA units beneath an
    invasion-port counter are always considered to belong to the same army group, regardless of
    their actual colors" (a reading: the group of the other hex's units). The tan B5 in Q2 beneath
    the counter and the green mech corps in P2 take EGS from one SU; without the counter they may not."""
    position = {"su-inf-3": "T24", "wa-mech-2": "P2", "wa-x-B5": "Q2", "wa-su-1": "P2", "de-inf-1": "S10"}
    burn = [{"egs": "wa-su-1", "hexes": ["P2", "Q2"]}]
    refused = ["wa-su-1 may not supply units of both WA army groups (green, tan) (4.2 B, 4.10 B)"]
    d, s = begin(position, **B5)
    s = at(s, 2, "western")
    assert problems(d, s, "western", burn) == refused
    ashore = {**s, "invasion_ports": {**s["invasion_ports"], "ashore": ["Q2"]}}
    assert problems(d, ashore, "western", burn) == []
    state, events = play(d, ashore, "western", burn)
    assert {"event": "burn_off", "unit": "wa-su-1", "supply": "EGS", "hexes": ["P2", "Q2"],
            "units": ["wa-mech-2", "wa-x-B5"], "rule": "15.21"} in events
    d3, s3 = begin(position, behaviour=3, **B5)
    s3 = at(s3, 2, "western")
    assert problems(d3, {**s3, "invasion_ports": {**s3["invasion_ports"], "ashore": ["Q2"]}}, "western", burn) == refused


# -- 25.10 B --------------------------------------------------------------------------------------
LINE = {"victory.two_player.line.west_hexes": [f"{r}{c}" for r in "PQRSTUVW" for c in range(1, 21)],       # made up
        "map.countries.yugoslavia": ["U10", "U11", "U12", "T11", "S22"]}                                    # S22 made up


def test_25_10_b_okh_only_east_of_the_line_and_never_in_yugoslavia():
    """25.10 B: "OKH may only operate in hexes east of the inter-theater boundary line (26.0), and
    it may also never enter Yugoslavia"; 26.3 B: the line begins at the apexes of the Berlin hex (T21,
    where 25.10 A places OKH). Behaviour 3 campaigns do not check it."""
    position = {"su-inf-3": "T25", "de-okh": "T21", "de-inf-1": "S4"}
    d, s = begin(position, **LINE)
    s = at(s, 5, "axis")
    assert problems(d, s, "axis", [{"move": "de-okh", "path": ["T21", "T20"]}]) == [
        "T21 → T20: OKH may not enter T20: it lies west of the inter-theater boundary line (25.10 B, 26.3 B)"]
    assert problems(d, s, "axis", [{"move": "de-okh", "path": ["T21", "S22"]}]) == [
        "T21 → S22: OKH may not enter S22: it lies in Yugoslavia (25.10 B)"]
    state, _ = play(d, s, "axis", [{"move": "de-okh", "path": ["T21", "T22"]}])
    assert state["units"]["de-okh"]["hex"] == "T22"
    d3, s3 = begin(position, behaviour=3, **LINE)
    assert problems(d3, at(s3, 5, "axis"), "axis", [{"move": "de-okh", "path": ["T21", "T20"]}]) == []


def test_25_10_b_okh_gives_as_only_in_its_area_a_reading():
    """25.10 B "operate", a reading: OKH's AS (25.10 D) goes to hexes east of the line only."""
    d, s = begin({"su-inf-3": "T24", "de-inf-1": "T23", "de-inf-2": "T20", "su-inf-5": "T19", "de-okh": "T21"}, **LINE)
    s = at(s, 5, "axis", "assault")
    assert problems(d, s, "axis", [{"supply": "de-okh", "hexes": ["T20"]}, {"attack": "T19", "with": ["de-inf-2"]}]) == [
        "OKH gives AS only in its area, not in T20: it lies west of the inter-theater boundary line (25.10 B, 26.3 B)"]
    assert problems(d, s, "axis", [{"supply": "de-okh", "hexes": ["T23"]}, {"attack": "T24", "with": ["de-inf-1"]}]) == []


def test_25_10_b_the_line_is_not_in_the_text_an_okh_move_refuses_naming_the_data_path():
    """26.3 B names only the line's start at Berlin's apexes; the rest is on the map: without
    `victory.two_player.line.west_hexes` an OKH move is refused naming that path (Berlin itself
    needs no list, 25.10 A)."""
    d, s = begin({"su-inf-3": "T25", "de-okh": "T21", "de-inf-1": "S4"})
    [message] = problems(d, at(s, 5, "axis"), "axis", [{"move": "de-okh", "path": ["T21", "T22"]}])
    assert "victory.two_player.line.west_hexes" in message


def test_25_10_b_okh_sails_only_to_a_baltic_port_in_its_area():
    """13.3: SUs and OKH sail as combat units do; 25.10 B: never to a port west of the line."""
    from tests.test_eid_sea import GERMAN_SEA
    extra = {**SUPPLY, **KOENIGSBURG, **LANDS, **GERMAN_SEA, **LINE, PORTS: ["W5", "V20", "V22"]}
    d, s = start({"de-okh": "W2", "su-inf-3": "T24", "de-inf-1": "S4"}, behaviour=4, extra=extra,
                 hexes={"W2": {"terrain": "clear", "coast": "baltic"}})
    s = at(s, 5, "axis")
    assert problems(d, s, "axis", [{"sail": "de-okh", "to": "V20"}]) == [
        "OKH may not enter V20: it lies west of the inter-theater boundary line (25.10 B, 26.3 B)"]
    assert problems(d, s, "axis", [{"sail": "de-okh", "to": "V22"}]) == []


def test_25_10_b_okh_goes_along_on_a_retreat_only_inside_its_area():
    """15.23 G: SUs (OKH has "all the characteristics of a regular German SU", 25.10 D) "may go along
    on retreats"; 25.10 B: not west of the line (here columns 1-22, made up). A 1 result (clear 2-1,
    die 1, made up) on de-inf-1 (DF 7) assaulted by two Soviet armies (14)."""
    from tests.test_eid_supply_units import FRONT
    line = {**LINE, "victory.two_player.line.west_hexes": [f"{r}{c}" for r in "PQRSTUVW" for c in range(1, 23)]}
    d, s = begin({**FRONT, "de-okh": "T23"}, cells={"2-1": {"1": "0/1"}}, **line)
    s = at(s, 5, "soviet", "assault", bagration=False)
    s, _ = play(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T24", "U24"]},
                                 {"attack": "T23", "with": ["su-inf-3", "su-inf-5"]}], 1)
    assert problems(d, s, "axis", [{"retreat": {"de-inf-1": ["T22"], "de-okh": ["T22"]}}]) == [
        "OKH may not enter T22: it lies west of the inter-theater boundary line (25.10 B, 26.3 B)"]
    along, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["S23"], "de-okh": ["S23"]}}])
    assert along["units"]["de-okh"]["hex"] == "S23"


# -- 26.7 B ---------------------------------------------------------------------------------------
def start4(behaviour: int = 4, **extra):
    d, s = start({"de-inf-1": "S12", "de-inf-2": "S14", "su-inf-3": "T24"}, seats=FOUR, behaviour=behaviour,
                 extra={**SUPPLY, **ENTRY, **LANDS, **BALTIC, "special.fortifications.at_start": {}, **extra})
    return d, at(s, 2, "axis", front="west")


def test_26_7_b_the_fuhrers_die_over_a_fort_point():
    """26.7 B: "If the two cannot agree between themselves as to the allocation of a resource, such
    as a fort point or reinforcement unit, they may go to the Führer with their problem. Roll one
    die. On a 1-2, the Führer decides in favor of the westerner. On a 3-6, he sides with the
    easterner." 22.1 B: four fort points this turn. The west claims fort_point_1 and fort_point_2,
    the east claims fort_point_1: the die (5) gives it the east; fort_point_2 is the west's. The west
    places three factors (its point, then the two nobody claimed); a fourth is refused, the point
    left being the east's, which the east then uses."""
    d, s = start4()
    state, _ = play(d, s, "axis-west", [{"claim": ["fort_point_1", "fort_point_2"]}])
    state, events = play(d, state, "axis-east", [{"claim": ["fort_point_1"]}], 5)
    assert events[0] == {"event": "fuhrer", "resource": "fort_point_1", "front": "east", "die": 5, "why": "the Führer's die (26.7 B)"}
    assert state["fuhrer"]["awarded"] == {"fort_point_1": "east", "fort_point_2": "west"}
    west, _ = play(d, state, "axis-west", [{"fort": "S12"}, {"fort": "S13"}, {"fort": "S14"}])
    assert west["fort_points"] == {"turn": 2, "used": {"fort_point_2": "west", "fort_point_3": "west", "fort_point_4": "west"}}
    assert problems(d, state, "axis-west", [{"fort": h} for h in ("S12", "S13", "S14", "S15")]) == [
        "the Führer gave the fort points left this turn (fort_point_1) to the east commander (26.7 B)"]
    east = at(west, 2, "axis", front="east")
    east_state, events = play(d, east, "axis-east", [{"fort": "S15"}])
    assert east_state["fort_points"]["used"]["fort_point_1"] == "east" and east_state["forts"]["S15"] == 1


def test_26_7_b_fort_points_are_claimed_only_from_behaviour_4_and_only_those_left():
    """26.7 B over fort points (behaviour 4): the turn's points not used yet (22.1 B); none on Turn
    1 (22.1 B: from Turn 2); a behaviour-3 campaign knows none."""
    d, s = start4()
    west, _ = play(d, s, "axis-west", [{"fort": "S12"}])
    east = at(west, 2, "axis", front="east")
    assert problems(d, east, "axis-east", [{"claim": ["fort_point_1"]}]) == [
        "fort_point_1 is not a resource of this Axis player-turn: de-inf-5, mechanized_step, non_mechanized_step, "
        "fort_point_2, fort_point_3, fort_point_4 (26.7 B)"]
    assert problems(d, at(s, 1, "axis", front="west"), "axis-west", [{"claim": ["fort_point_1"]}]) == [
        "fort_point_1 is not a resource of this Axis player-turn: none (26.7 B)"]
    d3, s3 = start4(behaviour=3)
    assert problems(d3, s3, "axis-west", [{"claim": ["fort_point_1"]}]) == [
        "fort_point_1 is not a resource of this Axis player-turn: de-inf-5, mechanized_step, non_mechanized_step (26.7 B)"]
