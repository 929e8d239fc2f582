"""End of the Iron Dream, behaviour 2: supply in play — hex control (4.1), the Initial and
Terminal Supply-Check Phases (5.x.2, 5.x.7; 15.2, 15.3, 15.9), the OOS defender's 2R (15.4),
attack and mobile-assault supply (15.22.1, 11.16, 11.17), the other Alliance player's grant or
refusal of a line through its territory (15.10), and refusals naming the data a line lacks.

TEST DATA (tests/eidhelp.py): rows P-W, columns 1-26 of clear hexes; the Soviets start in
columns 24-26 and trace from column 26 (their east edge); the WA hold P1, P2, Q1, Q2 with a
port at P1; the German sources are the rulebook's U16, T21, R23 (15.12)."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import ROWS, at, play, problems, start

SUPPLY = {
    "map.setup_areas.soviet_controlled_at_start": [f"{r}{c}" for r in ROWS for c in (24, 25, 26)],
    "map.setup_areas.white_star_italy": ["P1", "P2", "Q1", "Q2"],
    "map.edges.east": [f"{r}26" for r in ROWS],
    "positions.test.wa_supply_sources": ["P1"],
    "map.places.ploesti.hex": "W20",
    "map.places.nagykanizsa.hex": "W18",
    "map.places.munich.hex": "R10",
    "special.special_units.german_12th_army_counter": "de-inf-50",     # a stand-in: 28.2 prints no 12th Army line
    "map.countries.yugoslavia": ["U10", "U11", "U12", "T11"],           # made up (4.5)
    "map.countries.red_y": ["U10"],
    "map.countries.ussr": [f"{r}{c}" for r in ROWS for c in (25, 26)],       # made up (26.6.4)
    "map.places.warsaw.hex": "P12",                                      # made up (26.6.9)
    "map.places.paris.hex": "S3",                                        # made up (26.6.3)
    "map.countries.bulgaria": ["W20", "W21"],                            # made up (19.2)
    "map.countries.romania": ["W22", "W23", "W24", "W25", "W26"],        # made up (19.1)
    "map.countries.hungary": ["V16", "V17", "W16", "W17"],               # made up (19.3)
    "map.countries.france": [f"{r}{c}" for r in ROWS for c in range(3, 7)],
    "map.countries.benelux": [f"{r}{c}" for r in ROWS for c in (7, 8)],
    "map.countries.germany": [f"{r}{c}" for r in ROWS for c in range(9, 22)],
    "map.places.odessa.hex": "W26", "map.places.kiev.hex": "V26", "map.places.bobruisk.hex": "U26",
    "map.places.vitebsk.hex": "T26",
    "map.hexes.V6.vp": 2,                                              # Le Havre (14.21): its VPs are on the map (26.1 B)
}


def start2(position: dict, seats=("axis", "soviet", "western"), cells: dict | None = None, **extra):
    """A behaviour-2 campaign (supply and weather played) from `position`; `extra` data paths."""
    return start(position, seats=seats, behaviour=2, cells=cells, extra={**SUPPLY, **extra})


def soviet_turn(d, s, turn: int = 2):
    """Play the WA Prepared Assault Phase with no assault: the WA Terminal Supply Check, then the
    Soviet player-turn begins with its Initial Supply Check (5.3.2)."""
    seat = "alliance" if "alliance" in s["seats"] else "western"
    return play(d, at(s, turn, "western", "assault"), seat, [])


def test_4_1_a_unit_moving_through_hexes_becomes_their_last_holder():
    """4.1 A: control goes to the army occupying a hex, then to the one exerting an uncontested
    ZOC, then to the last to occupy it, then to the starting territory (4.1 D-F); 15.21.4: "The
    conversion of each hex ... would take place the instant those units entered each new hex"."""
    d, s = start2({"su-inf-3": "Q23", "de-inf-1": "T10"})
    s, _ = play(d, at(s, 2, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["Q23", "Q22", "Q21"]}])
    # Q22 was entered (priority 3), Q21 is occupied (1), the hexes around Q21 are in the Soviet ZOC alone (2)
    assert s["control"]["Q22"] == "soviet" and s["control"]["Q21"] == "soviet" and s["control"]["R21"] == "soviet"
    assert "Q24" not in s["control"]                        # Soviet at the start: no record needed (4.1 E)


def test_15_3_the_initial_check_marks_oos_units_and_halves_their_ma():
    """15.3 A-B, 5.3.2: a Soviet army with no line of Soviet-controlled hexes to the east edge is
    marked OOS at the Initial Supply Check; its operational MA (5) is halved, rounded down, to 2."""
    d, s = start2({"su-inf-3": "T10", "su-inf-5": "T23", "de-inf-1": "S4"})
    s, events = soviet_turn(d, s)
    assert {"event": "supply_check", "check": "initial", "army": "soviet", "oos": ["su-inf-3"]} in events
    assert s["phase"] == "movement" and s["oos"] == ["su-inf-3"]
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["T10", "T11", "T12", "T13"]}]) == [
        "su-inf-3 needs 3 MP for this path but has 2 left (10.1, 10.3; 10.4 A: one hex only)"]
    assert problems(d, s, "soviet", [{"move": "su-inf-5", "path": ["T23", "T22", "T21", "T20"]}]) == []


def test_15_4_a_defender_without_general_supply_gives_a_2r_shift():
    """15.4: "Units without GS at that instant suffer a 2R shift." The German assault on the cut-off
    Soviet army in T10 (the other shifts: none in fair weather against a Soviet defender)."""
    d, s = start2({"su-inf-3": "T10", "de-inf-1": "T9"})
    s, events = play(d, at(s, 2, "axis", "assault"), "axis", [{"attack": "T10", "with": ["de-inf-1"]}], 4)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["shifts"] == [{"shift": 2, "why": "defender without general supply", "rule": "15.4"}]


def test_15_22_1_units_without_general_supply_may_not_make_prepared_assaults():
    """15.22.1: "Units without GS or EGS may not be granted AS." (EGS is not on the map.)"""
    d, s = start2({"su-inf-3": "T10", "de-inf-1": "T9"})
    s, _ = soviet_turn(d, s)
    s = at(s, 2, "soviet", "assault")
    assert problems(d, s, "soviet", [{"attack": "T9", "with": ["su-inf-3"]}]) == [
        "su-inf-3 has no general supply and may not assault (15.22.1)"]


def test_11_16_a_mobile_assault_needs_general_supply():
    """11.16: "Assaulting units need only be in general or EGS to launch a mobile assault"; a
    Soviet tank army cut off in T10 may not."""
    d, s = start2({"su-tank-1": "T10", "de-inf-1": "T9"})
    s, _ = soviet_turn(d, s)
    assert problems(d, s, "soviet", [{"assault": "T9", "with": ["su-tank-1"]}]) == [
        "su-tank-1 has no general supply and may not assault (11.16)"]


FIFTEEN_21_4 = {"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-mech-6": "V5", "de-inf-1": "T6", "de-inf-2": "U5",
                "de-inf-4": "V6", "de-inf-5": "V4"}


def test_11_17_assaulters_leave_a_unit_behind_to_hold_the_supply_line_open():
    """11.17, on the 15.21.4 example's ground: "the Allied units are in V5, but this time there are
    also German units in V4, V6, and U5. Two of the Allied corps enter U6. They are still in supply
    there, but if they wanted to push on to T6 ... In leaving U6 they would allow an unnegated
    German ZOC to be projected into the hex, thus cutting their own GS line." Mobile assaulting
    T6 with both would leave them OOS there: one stays behind."""
    d, s = start2(FIFTEEN_21_4, **{"map.setup_areas.white_star_italy": ["V5"], "positions.test.wa_supply_sources": ["V5"]})
    s = at(s, 2, "western")
    assert problems(d, s, "western", [{"assault": "T6", "with": ["wa-mech-2", "wa-mech-4"]}]) == [
        "wa-mech-2, wa-mech-4 would be out of general supply in T6: one unit of the stack stays behind in U6 to hold "
        "the supply line open (11.17)"]
    assert problems(d, s, "western", [{"assault": "T6", "with": ["wa-mech-2"]}]) == []


def test_25_8_tac_air_in_fair_weather_only_25_11_c():
    """25.8 A: in fair weather WA units in GS give 1R to their assaults; 25.11 A, C: Turns 10-19
    are foul, without TAC AIR."""
    d, s = start2(FIFTEEN_21_4, **{"map.setup_areas.white_star_italy": ["V5"], "positions.test.wa_supply_sources": ["V5"]})
    _, events = play(d, at(s, 2, "western"), "western", [{"assault": "T6", "with": ["wa-mech-2"]}], 3)
    fair = next(e for e in events if e["event"] == "assault")["shifts"]
    assert {"shift": 1, "why": "WA tactical air power", "rule": "25.8 A"} in fair
    _, events = play(d, at(s, 10, "western"), "western", [{"assault": "T6", "with": ["wa-mech-2"]}], 3)
    foul = next(e for e in events if e["event"] == "assault")["shifts"]
    assert [x["rule"] for x in foul] == ["11.8"]


def test_25_11_b_foul_weather_ma_7_becomes_6_and_d_one_mobile_assault_into_the_first_hex():
    """25.11 B: "all operational MAs of 7 are reduced to 6"; 25.11 D / 11.4: a mobile assault only
    into the first hex the units enter."""
    d, s = start2({"wa-mech-2": "P1", "de-inf-1": "S2"})
    path = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]
    assert problems(d, at(s, 9, "western"), "western", [{"move": "wa-mech-2", "path": path}]) == []
    assert problems(d, at(s, 10, "western"), "western", [{"move": "wa-mech-2", "path": path}]) == [
        "wa-mech-2 needs 7 MP for this path but has 6 left (10.1, 10.3; 10.4 A: one hex only)"]
    assault = [{"assault": "S2", "with": ["wa-mech-2"], "path": ["P1", "Q1", "R1"]}]
    assert problems(d, at(s, 10, "western"), "western", assault) == [
        "in foul weather a mobile assault may only be into the first hex the unit enters (25.11 D)"]


def test_15_9_the_terminal_check_attrits_oos_units_one_step_and_destroys_permanently():
    """15.9 A, D, 5.3.6: each unit without GS loses a step; "one-step units are permanently
    destroyed" (7.17)."""
    d, s = start2({"su-inf-3": "T10", "su-inf-5": {"hex": "T12", "steps": 1}, "de-inf-1": "S4"})
    s, events = play(d, at(s, 2, "soviet", "assault", oos=["su-inf-3", "su-inf-5"]), "soviet", [])
    assert {"event": "supply_check", "check": "terminal", "army": "soviet", "oos": ["su-inf-3", "su-inf-5"]} in events
    assert s["units"]["su-inf-3"]["steps"] == 1 and "su-inf-5" not in s["units"]
    assert {"unit": "su-inf-5", "side": "soviet", "permanent": True} in s["dead"]
    assert {"event": "eliminated", "unit": "su-inf-5", "why": "out of supply: permanently (15.9 A, 7.17)"} in events
    assert s["oos"] == [] and s["army"] == "axis" and s["turn"] == 3


CORRIDOR = {"map.setup_areas.white_star_italy": [f"P{c}" for c in range(10, 24)] + ["P1"]}


def test_15_10_the_wa_player_grants_or_refuses_a_soviet_line_through_its_territory():
    """15.10: "the WA and Soviets may grant each other permission (or withhold it) on a case by
    case basis, to trace GS lines through each other's territory": the Soviet army in P9 reaches
    the east edge only through the WA hexes P11-P23 (P10 is its own: its ZOC alone reaches it, 4.1 A);
    the Soviet Initial Supply Check waits for the
    WA player's signed answer."""
    d, s = start2({"su-inf-3": "P9", "de-inf-1": "W4"}, **CORRIDOR)
    asked, _ = soviet_turn(d, s)
    assert asked["phase"] == "ally_supply" and GAME.awaiting(asked).side == "western"
    assert GAME.awaiting(asked).kind == "response"
    assert list(asked["pending"]["units"]) == ["su-inf-3"] and asked["pending"]["units"]["su-inf-3"][0] == "P11"
    assert problems(d, asked, "western", [{"grant": ["su-inf-5"]}]) == [
        "su-inf-5: no supply line through your territory is asked for it (asked: su-inf-3) (15.10)"]
    granted, events = play(d, asked, "western", [{"grant": ["su-inf-3"]}])
    assert granted["phase"] == "movement" and granted["oos"] == []
    assert events[0] == {"event": "ally_supply", "army": "soviet", "granted": ["su-inf-3"], "refused": [],
                         "why": "western answers (15.10)"}
    refused, _ = play(d, asked, "western", [{"grant": []}])
    assert refused["phase"] == "movement" and refused["oos"] == ["su-inf-3"]


def test_15_10_is_asked_only_when_a_line_needs_the_other_camps_hexes_and_never_in_the_two_player_game():
    """15.10 asks only for lines that need the other camp's territory; with two players one
    person commands both camps (1.0 C): the line is granted with no round trip (a reading)."""
    d, s = start2({"su-inf-3": "P22", "de-inf-1": "W4"}, **CORRIDOR)
    s2, _ = soviet_turn(d, s)
    assert s2["phase"] == "movement" and s2["oos"] == []            # P22 -> P26 through its own hexes? no: P23 is WA
    d, s = start2({"su-inf-3": "P9", "de-inf-1": "W4"}, seats=("alliance", "axis"), **CORRIDOR,
                  **{"victory.two_player.line.west_hexes": ["P1"]})          # 26.3 B (made up)
    s, events = soviet_turn(d, s)
    assert s["phase"] == "movement" and s["oos"] == []
    assert {"event": "ally_supply", "army": "soviet", "granted": ["su-inf-3"], "refused": [],
            "why": "one player commands both Alliance camps (1.0 C)"} in events


def test_a_line_the_map_data_cannot_decide_is_refused_naming_the_path():
    """Never guess: a campaign without the Soviet starting territory (4.1 E), or with a supply
    source off its map (Berlin, T21, 15.12), cannot start: any later step may need them (the
    steps of other seats lead into a supply check), so `pbem new` refuses naming the path."""
    with pytest.raises(UnknownDataError, match="map.setup_areas.soviet_controlled_at_start"):
        start2({"de-inf-1": "S4"}, **{"map.setup_areas.soviet_controlled_at_start": "unknown"})
    with pytest.raises(UnknownDataError, match="map.hexes.T21"):
        start({"de-inf-1": "T25", "su-inf-3": "T23"}, behaviour=2, hexes={"T21": "unknown"}, extra=SUPPLY)
    with pytest.raises(UnknownDataError, match="map.edges.east"):
        start2({"de-inf-1": "S4"}, **{"map.edges.east": "unknown"})


def test_behaviour_1_campaigns_keep_every_unit_in_general_supply():
    """docs/upgrading.md: a campaign created before supply was played (behaviour 1) replays as it
    was: no control record, no supply checks, no weather."""
    d, s = start({"su-inf-3": "T10", "de-inf-1": "T9"})
    assert "control" not in s
    s, events = play(d, at(s, 2, "western", "assault"), "western", [])
    assert not [e for e in events if e["event"] in ("supply_check", "weather")] and s["phase"] == "movement"


def test_18_16_e_no_advance_out_of_general_supply():
    """18.16 E: "Units are still prohibited from advancing out of GS. By leaving at least one unit in
    each hex of the advance path, however, the attacker could create its own supplied salient." On
    the 15.21.4 ground: both corps advancing from U6 into T6 would let the German ZOCs into U6."""
    cells = {col: {"3": "0/1"} for col in ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")}
    d, s = start2(FIFTEEN_21_4, cells=cells, **{"map.setup_areas.white_star_italy": ["V5"],
                                                "positions.test.wa_supply_sources": ["V5"]})
    s, _ = play(d, at(s, 2, "western", "assault"), "western", [{"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 3)
    assert s["phase"] == "pa_defender"
    s, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["S6"]}}])
    assert s["phase"] == "pa_attacker"
    both = [{"advance": {"wa-mech-2": ["T6"], "wa-mech-4": ["T6"]}}]
    assert problems(d, s, "western", both) == ["wa-mech-2, wa-mech-4 would advance out of general supply (18.16 E)"]
    assert problems(d, s, "western", [{"advance": {"wa-mech-2": ["T6"]}}]) == []


BEACH = {"map.setup_areas.white_star_italy": ["U6", "U7", "V6", "V7"], "positions.test.wa_supply_sources": ["V6"]}


def test_25_5_heavy_bombers_twice_a_game_in_their_windows_one_step_and_the_advance_halts():
    """25.5 A: "The first must be during Turns 3-6, and the second during Turns 20-23"; B: before any
    other action of the Prepared Assault Phase; C: on a German unit a WA ground force is about to
    assault; E: "The bombed unit suffers a one step loss"; H: "WA units advancing after combat into a
    just bombed hex must halt in that hex"."""
    cells = {col: {"3": "0/2"} for col in ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")}
    d, s = start2({"wa-mech-2": "U6", "wa-mech-4": "U6", "de-inf-1": "T6", "de-inf-2": "S2"}, cells=cells, **BEACH)
    strike = [{"bomb": "de-inf-1"}, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}]
    assert problems(d, at(s, 2, "western", "assault"), "western", strike) == [
        "no heavy bomber strike on Turn 2: only during Turns 3-6 and 20-23 (25.5 A)"]
    assert problems(d, at(s, 3, "western", "assault"), "western", [{"bomb": "de-inf-2"}, strike[1]]) == [
        "de-inf-2 in S2 is not in a hex this file assaults (25.5 C, G)"]
    assert problems(d, at(s, 3, "western", "assault", bombers=["first"]), "western", strike) == [
        "the first heavy bomber strike has been used (25.5 A)"]
    s, events = play(d, at(s, 3, "western", "assault"), "western", strike, 3)
    assert {"event": "bombed", "unit": "de-inf-1", "hex": "T6"} in events and s["bombers"] == ["first"]
    assert {"event": "reduced", "unit": "de-inf-1", "steps": 1, "why": "heavy bomber strike (25.5 E)"} in events
    s, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["S6", "R6"]}}])
    assert problems(d, s, "western", [{"advance": {"wa-mech-2": ["T6", "S6"]}}]) == [
        "wa-mech-2 advances into the just-bombed hex T6 and halts there (25.5 H)"]
    assert problems(d, s, "western", [{"advance": {"wa-mech-2": ["T6"]}}]) == []


def test_15_10_a_line_refused_at_the_terminal_check_means_attrition_15_9():
    """15.10 at the Soviet Terminal Supply Check (5.3.6): the WA refuse the line through their
    hexes, so the Soviet army has no GS and loses a step (15.9 A); then the Axis Turn 3."""
    d, s = start2({"su-inf-3": "P9", "de-inf-1": "W4"}, **CORRIDOR)
    asked, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert asked["phase"] == "ally_supply" and asked["pending"]["check"] == "terminal"
    s, events = play(d, asked, "western", [{"grant": []}])
    assert {"event": "reduced", "unit": "su-inf-3", "steps": 1, "why": "out of supply (15.9 A)"} in events
    assert s["turn"] == 3 and s["army"] == "axis"
    s, events = play(d, asked, "western", [{"grant": ["su-inf-3"]}])
    assert s["units"]["su-inf-3"]["steps"] == 2 and s["phase"] == "shock_front"      # in GS: 5.3.7 may place one
