"""End of the Iron Dream: combat and fort rules the code already enforced without a test citing
them (the issue 14 audit, tests/test_eid_rule_coverage.py) — 11.11, 18.6, 18.8, 18.11, 18.13,
18.17, 18.18, 22.8, 22.12, 23.5 — and the sequence of the WA and Soviet player-turns (5.2.5,
5.2.6, 5.3.4, 5.3.5).

TEST DATA: tests/eidhelp.py's clear test map and made-up CRT cells (a rough or marsh CRT line is
made up where a test needs one); the counters are the rulebook's."""

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_eid_fort_supply import axis_check, begin
from tests.test_eid_supply_units import CUT_OFF
from tests.test_eid_supply_units import start3 as su3

SHOCK = {"su-shock-1": "T23", "su-shock-2": "T23", "su-shock-3": "T23"}
ROUGH_LINE = {"terrain.hexes.rough.crt_line": "rough", "crt.terrain_lines.rough": {"columns": ["1-2", "1-1", "2-1"]},
              "crt.cells.rough": {**{c: {str(d): "0/0" for d in range(1, 7)} for c in ("1-2", "1-1")},
                                  "2-1": {**{str(d): "0/0" for d in range(1, 7)}, "4": "2/3"}}}


def battle_of(events):
    return next(e for e in events if e["event"] == "assault")


def soviet_assault(d, s, orders, *faces):
    return play(d, at(s, 4, "soviet", "assault", bagration=False), "soviet", orders, *faces)


def test_18_8_a_and_11_11_the_defenders_terrain_picks_the_crt_line():
    """18.8 A: "Locate the terrain type of the defender's hex in the upper-left side of the CRT";
    11.11: the same for mobile assaults. The rough line (made up: 2-1 die 4 is 2/3) is read for a
    defender in rough; without its line the assault is refused naming the data, before a die."""
    d, s = start({**SHOCK, "de-inf-1": "T24"}, hexes={"T24": {"terrain": "rough"}}, extra=ROUGH_LINE)
    _, events = soviet_assault(d, s, [{"attack": "T24", "with": sorted(SHOCK)}], 4)
    battle = battle_of(events)
    assert (battle["line"], battle["initial"], battle["column"], battle["result"]) == ("rough", "5-1", "2-1", "2/3")
    d, s = start({"wa-mech-2": "V4", "wa-mech-3": "V4", "de-inf-1": "U4"}, hexes={"U4": {"terrain": "rough"}}, extra=ROUGH_LINE)
    _, events = play(d, at(s, 2, "western"), "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-3"]}], 4)
    assert (battle_of(events)["line"], battle_of(events)["column"]) == ("rough", "1-2")       # 2-1, 2L (11.8)
    d, s = start({**SHOCK, "de-inf-1": "T24"}, hexes={"T24": {"terrain": "rough"}})
    with pytest.raises(UnknownDataError) as refused:
        soviet_assault(d, s, [{"attack": "T24", "with": sorted(SHOCK)}], 4)
    assert refused.value.path == "terrain.hexes.rough.crt_line"


def test_18_8_b_and_18_11_shifts_apply_to_the_initial_ratio_even_off_the_table():
    """18.8 B: column shifts applied to the initial ratio give the final combat ratio; 18.11: "If
    the initial combat ratio is higher or lower than the highest or lowest column shown on the CRT
    for that type of terrain, that ratio is still used as the basis for computing the final
    combat ratio": 36-1 less the city's 1L (18.24) is 35-1, still the 7-1 column; against the
    7-DF corps 5-1 less 1L is 4-1."""
    d, s = start({**SHOCK, "de-flak-1": "T24"}, hexes={"T24": {"terrain": "clear", "city": True}})
    _, events = soviet_assault(d, s, [{"attack": "T24", "with": sorted(SHOCK)}], 1)
    assert (battle_of(events)["initial"], battle_of(events)["column"]) == ("36-1", "7-1")
    d, s = start({"wa-mech-2": "V4", "de-flak-1": "U4"})                   # 10 AF against 1 DF, 2L (11.8)
    _, events = play(d, at(s, 2, "western"), "western", [{"assault": "U4", "with": ["wa-mech-2"]}], 1)
    assert (battle_of(events)["initial"], battle_of(events)["column"]) == ("10-1", "7-1")
    d, s = start({**SHOCK, "de-inf-1": "T24"}, hexes={"T24": {"terrain": "clear", "city": True}})
    _, events = soviet_assault(d, s, [{"attack": "T24", "with": sorted(SHOCK)}], 1)
    assert (battle_of(events)["initial"], battle_of(events)["column"]) == ("5-1", "4-1")


def test_18_6_no_strength_is_withheld():
    """18.6: "No portion of a unit's AF or DF may ever be withheld from an assault": every
    attacker's full AF and every defender's full DF count (three 12-AF shock armies against two
    7-DF corps), and an order naming a strength is refused."""
    d, s = start({**SHOCK, "de-inf-1": "T24", "de-inf-2": "T24"})
    _, events = soviet_assault(d, s, [{"attack": "T24", "with": sorted(SHOCK)}], 1)
    assert (battle_of(events)["attack"], battle_of(events)["defence"]) == (36, 14)
    assert problems(d, at(s, 4, "soviet", "assault", bagration=False), "soviet",
                    [{"attack": "T24", "with": sorted(SHOCK), "strength": 20}])[0].startswith("unknown")


def test_18_13_results_are_attacker_slash_defender_among_0_1_2_3_e():
    """18.13 B: "five possible combat results: 0, 1, 2, 3 or E"; C: "Results to the left of the
    slash apply to the assaulting units; results to the right of the slash apply to the
    defenders": 2/0 costs the attackers two steps and the defender nothing; a CRT cell of any
    other symbol is refused as data."""
    d, s = start({"su-inf-3": "T23", "su-inf-5": "T23", "de-inf-1": "T24"}, cells={"2-1": {"5": "2/0"}})
    state, events = soviet_assault(d, s, [{"attack": "T24", "with": ["su-inf-3", "su-inf-5"]}], 5)
    assert battle_of(events)["result"] == "2/0"
    state, _ = play(d, state, "soviet", [{"steps": ["su-inf-3", "su-inf-5"]}])
    assert [state["units"][u]["steps"] for u in ("su-inf-3", "su-inf-5", "de-inf-1")] == [1, 1, 2]
    d, s = start({"su-inf-3": "T23", "su-inf-5": "T23", "de-inf-1": "T24"}, cells={"2-1": {"5": "4/0"}})
    with pytest.raises(PbemError, match=r"must be a CRT result A/D with A and D among 0, 1, 2, 3, E, not '4/0'"):
        soviet_assault(d, s, [{"attack": "T24", "with": ["su-inf-3", "su-inf-5"]}], 5)


def test_18_17_an_advance_stops_in_a_first_marsh_hex_and_18_18_mountains_only_first():
    """18.17 A-B: "If the first hex of an advance is a marsh hex, only Soviet cavalry-mechanized
    groups may advance any further. Other units must stop"; 18.18: "Units may only advance into a
    mountain hex if that hex is the first hex of the advance" (the 18.15 test's retreat; marsh
    resolved on a made-up line)."""
    for kind, second, message in (
            ("marsh", "clear", "wa-mech-2 must stop in the marsh hex T6 (18.17, 18.18)"),
            ("clear", "mountain", "wa-mech-2 may enter the mountain hex S6 only as the first hex of its advance (18.18)")):
        d, s = start({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-mech-6": "U7", "de-inf-1": "T6"},
                     hexes={"T6": {"terrain": kind}, "S6": {"terrain": second}}, cells={"4-1": {"2": "1/2"}},
                     extra={"terrain.hexes.marsh.crt_line": "clear"})
        state, _ = play(d, at(s, 2, "western", "assault"), "western",
                        [{"attack": "T6", "with": ["wa-mech-2", "wa-mech-4", "wa-mech-6"]}], 2)
        state, _ = play(d, state, "axis", [{"retreat": {"de-inf-1": ["S7", "R6"]}}])
        assert problems(d, state, "western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["T6", "S6"]}}]) == [message]
        assert problems(d, state, "western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["T6"]}}]) == []


def test_22_8_a_fort_gives_no_supply():
    """22.8: "Forts do not have an intrinsic supply capacity": a cut-off one-step corps in a
    Level-2 fort (not an FS source, 15.16) attrites away in the Terminal Supply Check."""
    d, s = begin({**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}}, printed={"V25": 2})
    s, events = axis_check(d, s, 2)
    assert "de-inf-1" not in s["units"] and "fs" not in s


def test_22_12_forts_are_built_in_an_ezoc_of_a_german_controlled_hex():
    """22.12: "Germany can build and enhance forts in EZOCs, provided it controls the hex as per
    4.1": S13, in the ZOC of the Soviet army in S14 (negated for GS by the German corps in it, 9.7,
    22.1 D), takes a fort factor; S14 does not."""
    from tests.test_eid_forts import start3 as forts3
    d, s = forts3({"de-inf-1": "S13", "su-inf-3": "S14", "su-inf-5": "T25"})
    s = at(s, 2, "axis")
    s["control"] = {**s["control"], "S13": "axis", "S14": "soviet"}
    assert problems(d, s, "axis", [{"fort": "S13"}]) == []
    assert problems(d, s, "axis", [{"fort": "S14"}]) == ["S14 must be German-controlled (22.12) and have GS (22.1 D)"]


def test_23_5_fmos_are_limited_only_by_the_sus_burnt_off():
    """23.5: "Other than the availability of SUs to burn off, there is no limit to the number of
    FMOs that may be launched on any given German prepared assault phase": two SUs, two FMOs,
    each doubling its corps' printed AF (6 x 2, 23.2 B)."""
    d, s = su3({"su-inf-3": "T24", "de-inf-1": "T23", "de-su-1": "T23", "su-inf-5": "R24", "de-inf-2": "R23", "de-su-2": "R23"})
    s = at(s, 2, "axis", "assault")
    s, events = play(d, s, "axis", [{"supply": "de-su-1", "hexes": ["T23"], "fmo": True},
                                    {"supply": "de-su-2", "hexes": ["R23"], "fmo": True},
                                    {"attack": "T24", "with": ["de-inf-1"]}, {"attack": "R24", "with": ["de-inf-2"]}], 3, 3)
    assert [(e["hexes"], e["attack"]) for e in events if e["event"] == "assault"] == [(["T24"], 12), (["R24"], 12)]
    assert {"unit": "de-su-2", "side": "axis", "permanent": True} in s["dead"]


def test_5_2_5_5_2_6_5_3_4_5_3_5_the_wa_and_soviet_player_turns_move_then_assault():
    """5.2.5, 5.3.4: the WA and Soviet Operational Movement Phases "Conduct the same activities as
    in the Axis phase"; 5.2.6, 5.3.5: so do their Prepared Assault Phases; 5.2.6: the WA heavy
    bomber strike is the WA's alone (25.5)."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T23", "wa-mech-2": "T25"})
    seen = []
    s = at(s, 2, "western")
    for _ in range(4):
        waiting = GAME.awaiting(s)
        seen.append((waiting.side, s["phase"]))
        s, _ = play(d, s, waiting.side, [])
    assert seen == [("western", "movement"), ("western", "assault"), ("soviet", "movement"), ("soviet", "assault")]
    d, s = su3({"de-inf-1": "T23", "su-inf-3": "T24", "su-su-1": "T24"})    # behaviour 3: heavy bombers (25.5)
    assert problems(d, at(s, 4, "soviet", "assault", bagration=False), "soviet",
                    [{"bomb": "T23"}, {"supply": "su-su-1", "hexes": ["T24"]}, {"attack": "T23", "with": ["su-inf-3"]}]) == [
        "only the WA call heavy bomber strikes, in their Prepared Assault Phase (25.5 B, 5.2.6)"]


def test_5_2_2_the_wa_initial_check_and_5_2_7_the_terminal_check_without_fs():
    """5.2.2: "Use the same procedures as in the Axis player-turn, but check the status of WA
    units"; 5.2.7: the same as the Axis Terminal Supply-Check Phase, "except there is no WA FS
    capacity": a WA corps 14 hexes from its source (P1; 15.5: ten) is marked OOS when the WA
    player-turn begins, and attrites at its end though it stands in a hex with FS (made up,
    15.16), where a German unit would go over to FS."""
    d, s = su3({"wa-mech-2": {"hex": "T15", "steps": 1}, "de-inf-1": "S4", "su-inf-3": "T25"},
               **{"map.hexes.T15": {"terrain": "clear", "fortress_supply": True}})
    s, events = play(d, at(s, 2, "axis", "assault"), "axis", [])
    assert {"event": "supply_check", "check": "initial", "army": "western", "oos": ["wa-mech-2"]} in events
    assert (s["army"], s["phase"], s["oos"]) == ("western", "movement", ["wa-mech-2"])
    s, events = play(d, at(s, 2, "western", "assault"), "western", [])
    assert {"event": "supply_check", "check": "terminal", "army": "western", "oos": ["wa-mech-2"]} in events
    assert "wa-mech-2" not in s["units"] and "fs" not in s
    assert {"unit": "wa-mech-2", "side": "western", "permanent": True} in s["dead"]
