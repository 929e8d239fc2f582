"""End of the Iron Dream, behaviour 3: Let History Judge's own rules (27.3 set-up limits, 27.4 B, D).

TEST DATA (tests/test_eid_game.py LHJ_CITIES, made up): Königsburg Q20, Riga U26, Prague T10; here
the triangle line is T23 and U23, the USSR columns 25-26 (Bobruisk Q26, Vitebsk T26), Yugoslavia U10, U11, U12, T11 with Trieste U12, and the British
13th corps's unknown factors 5-5-4, one step, Turkey W1 and W2 (all made up)."""

from __future__ import annotations

import pytest

from pbem.errors import PbemError
from pbem.games.end_of_the_iron_dream import freikorps, garrisons, neutrality, victory
from tests.eidhelp import at, play, problems
from tests.test_eid_game import lhj_start

S785 = [f"su-inf-{n}" for n in (3, 5, 8, 13, 17, 18, 19, 21, 22, 27, 28, 31, 33, 37, 38, 39, 40, 42, 43)]
MORE = {"map.setup_areas.lhj_triangle_line": ["T23", "U23"], "map.countries.yugoslavia": ["U10", "U11", "U12", "T11"],
        "map.countries.red_y": [], "map.places.trieste.hex": "U12",
        "map.countries.ussr": [f"{r}{c}" for r in "PQRSTUVW" for c in (25, 26)], "map.places.bobruisk.hex": "Q26",
        "map.places.vitebsk.hex": "T26", "map.hexes.V6.vp": 2, "map.countries.turkey": ["W1", "W2"],
        **{f"units.counters.wa-x-B13.{k}": v for k, v in (("type", "infantry"), ("attack", 5), ("defense", 5),
                                                          ("movement", 4), ("reduced", "none"))}}


def position() -> dict:
    """A set-up keeping every limit: the 13 depleted units on T23, the two deployments (27.3 I)."""
    units: dict = {}
    depleted = [*S785[:7], "su-tank-1", "su-tank-2", "su-mech-1", "su-mech-2", "su-mech-3", "su-shock-1"]
    units.update({u: {"hex": "T23", "steps": 1} for u in depleted})
    units.update({u: {"hex": "Q20"} for u in [*S785[7:13], "su-mech-4", "su-tank-3"]})
    units.update({u: {"hex": "U26"} for u in [*S785[13:18], "su-mech-5"]})
    units["su-inf-43"] = {"hex": "U23"}
    units.update({"yu-mtn-1Y": {"hex": "U10"}, "yu-mtn-2Y": {"hex": "U11"}, "yu-mtn-3Y": {"hex": "T11"}, "yu-mtn-4Y": {"hex": "U10"},
                  "wa-inf-VLAS": {"hex": "T10"}, "wa-x-B13": {"hex": "U12"}, "wa-mech-2": {"hex": "T5"}})
    return units


def test_27_3_a_set_up_keeping_every_limit_starts():
    """27.3 E, H, I, J, F; 27.4 A, B, D: the position above starts."""
    d, s = lhj_start(3, position(), MORE)
    assert s["units"]["su-tank-1"] == {"side": "soviet", "hex": "T23", "steps": 1}


def test_27_3_e_h_i_j_27_4_b_d_each_broken_limit_is_named():
    """27.3 E: "The following units begin on their depleted side: 7 × 7-8-5, 2 × 9-9-6, 3 × 8-9-6, 1 ×
    12-9-5"; H: "Depleted units may not be used as at-start garrisons; they must all be on the frontline
    triangle hexes"; I: "Within 1 hex of Königsburg 6 x 7-8-5, 1 x 8-9-6, 1 x 9-9-6"; J: "All triangle
    hexes must have at least one Soviet unit on them"; F: the Yugoslavs "anywhere in Yugoslavia except
    Trieste"; 27.4 B: "The Vlasov army ... must be set up in Prague"; D: a CW corps marked I "must be
    set up in Trieste"."""
    units = position()
    units["su-shock-1"] = {"hex": "U26", "steps": 1}         # off the triangles
    units["su-mech-2"] = {"hex": "T23"}                      # full: only 2 x 8-9-6 depleted
    units["su-inf-43"] = {"hex": "U24"}                      # U23 left empty
    units["su-tank-3"] = {"hex": "S22"}                      # 2 hexes from Königsburg
    units["yu-mtn-4Y"] = {"hex": "U12"}                      # Trieste
    units["wa-inf-VLAS"] = {"hex": "T9"}
    units["wa-x-B13"] = {"hex": "T12"}
    with pytest.raises(PbemError) as err:
        lhj_start(3, units, MORE)
    assert str(err.value).split(": ", 1)[1] == (
        "the Let History Judge set-up: the depleted Soviet units must be 7 x 7-8-5, 2 x 9-9-6, 3 x 8-9-6, "
        "1 x 12-9-5, not 1 x 12-9-5, 7 x 7-8-5, 2 x 8-9-6, 2 x 9-9-6 (27.3 E); depleted units start on the front-line "
        "triangle hexes, never as garrisons: su-shock-1 (27.3 H); every triangle hex needs a Soviet unit: U23 (27.3 J); "
        "within 1 hex(es) of Koenigsburg (Q20) the Soviets deploy 6 x 7-8-5, 1 x 8-9-6, 1 x 9-9-6 (27.3 I); the Yugoslav "
        "armies set up in Yugoslavia except Trieste: yu-mtn-4Y (27.3 F); wa-inf-VLAS must be set up in Prague (T10) "
        "(27.4 B); one of wa-x-B5, wa-x-B10, wa-x-B13, wa-x-P2 must be set up in Trieste (U12) (27.4 D)")


def test_27_3_behaviour_2_campaigns_start_without_the_limits():
    """docs/upgrading.md: behaviour 2 set-ups are not checked against 27.3-27.4."""
    units = position()
    units["wa-inf-VLAS"] = {"hex": "T9"}
    d, s = lhj_start(2, units, MORE)
    assert s["units"]["wa-inf-VLAS"]["hex"] == "T9"


# TEST DATA (made up): Germany columns 9-14 of rows P-S, Greater Germany those and Prague T10, a city
# at S12; Ljubljana T13.
GERMANY = [f"{r}{c}" for r in "PQRS" for c in range(9, 15)]
FREIKORPS = {**MORE, "map.countries.germany": GERMANY, "map.countries.greater_germany": [*GERMANY, "T10"],
             "map.hexes.S12": {"terrain": "clear", "city": True, "vp": 1}, "map.places.ljubljana.hex": "T13"}


def test_27_5_a_from_turn_3_nato_places_one_freikorps_a_turn_on_a_supplied_german_city():
    """27.5 A: "Starting with Turn 3, NATO may take one German 3-4-5 infantry corps and place it on any
    supplied, controlled city in Germany, excluding Trieste. NATO receives one 3-4-5 each subsequent
    turn"; C: "German Freikorps may not enter play via Trieste or Ljubljana"."""
    d, s = lhj_start(3, position(), FREIKORPS)
    order = [{"freikorps": "de-inf-1", "at": "S12"}]
    assert problems(d, at(s, 2, "western"), "western", order) == ["the first Freikorps comes on Turn 3 (27.5 A)"]
    assert problems(d, at(s, 3, "western"), "western", [{"freikorps": "de-inf-1", "at": "S11"}]) == [
        "S11 is not a city in Germany (27.5 A)"]
    assert problems(d, at(s, 3, "western"), "western", [{"freikorps": "de-inf-1", "at": "T13"}]) == [
        "Freikorps never enter play via Trieste or Ljubljana (T13, 27.5 C)"]
    assert problems(d, at(s, 3, "western"), "western", [*order, {"freikorps": "de-inf-2", "at": "S12"}]) == [
        "1 Freikorps a turn (27.5 A)"]
    after, events = play(d, at(s, 3, "western"), "western", order)
    assert after["units"]["de-inf-1"] == {"side": "western", "hex": "S12", "steps": 1}
    assert after["freikorps"] == ["de-inf-1"]
    assert {"event": "freikorps", "unit": "de-inf-1", "hex": "S12", "rule": "27.5 A"} in events


def test_27_5_a_a_freikorps_and_a_replacement_step_in_one_nato_replacement_phase():
    """27.4 I: "The green NATO army grouping receives its normal allotment of replacements
    throughout this scenario, starting with Turn 2"; 27.5 A: one Freikorps a turn from Turn 3. Both
    are orders of the same NATO Replacement Phase, in either order (merged behaviour 3: the
    Freikorps order is one of the WA phase's, boxes.py). wa-mech-2 has lost a step in play; the
    sea of the NATO source P1 (4.9) is test data."""
    d, s = lhj_start(3, position(), {**FREIKORPS, "map.hexes.P1": {"terrain": "clear", "coast": "mediterranean"}})
    s["units"]["wa-mech-2"]["steps"] = 1
    order = [{"freikorps": "de-inf-1", "at": "S12"}, {"replace": "wa-mech-2"}]
    assert problems(d, at(s, 3, "western"), "western", order[::-1]) == []
    after, events = play(d, at(s, 3, "western"), "western", order)
    assert events[:2] == [{"event": "freikorps", "unit": "de-inf-1", "hex": "S12", "rule": "27.5 A"},
                          {"event": "replaced", "unit": "wa-mech-2", "steps": 2}]
    assert after["units"]["de-inf-1"] == {"side": "western", "hex": "S12", "steps": 1} and after["units"]["wa-mech-2"]["steps"] == 2


def test_27_5_b_d_freikorps_stay_in_greater_germany_and_stack_and_assault_only_with_vlasov():
    """27.5 B: "These units may never leave or assault out of Greater Germany"; D: "These units may
    never stack or assault in conjunction with any other NATO units. Exception: They may do stack and
    assault with Vlasov.\""""
    d, s = lhj_start(3, position(), FREIKORPS)
    s, _ = play(d, at(s, 3, "western"), "western", [{"freikorps": "de-inf-1", "at": "S12"}])
    s4 = at(s, 4, "western")
    s4["units"]["wa-mech-2"]["hex"] = "S9"
    assert problems(d, s4, "western", [{"move": "de-inf-1", "path": ["S12", "T12"]}]) == [
        "S12 → T12: de-inf-1 is a Freikorps: it may never leave Greater Germany, not into T12 (27.5 B)"]
    assert problems(d, s4, "western", [{"move": "wa-mech-2", "path": ["S9", "S10", "S11", "S12"]}]) == [
        "S11 → S12: wa-mech-2 may not stack with de-inf-1: Freikorps stack only with Vlasov (27.5 D)"]
    assert problems(d, s4, "western", [{"move": "wa-inf-VLAS", "path": ["T10", "S11", "S12"]}]) == []
    s5 = at(s, 4, "western", "assault")
    s5["units"]["su-inf-3"]["hex"] = "R12"
    s5["units"]["wa-mech-2"]["hex"] = "R11"
    # the check of a prepared assault's units (battle_problem calls it once the attack supply is there, 15.22)
    assert freikorps.assault_problem(d, s5, ["de-inf-1", "wa-mech-2"], ["R12"]) == (
        "de-inf-1 is a Freikorps: it assaults with no NATO unit but Vlasov, not with wa-mech-2 (27.5 D)")
    assert freikorps.assault_problem(d, s5, ["de-inf-1", "wa-inf-VLAS"], ["R12"]) is None
    assert freikorps.assault_problem(d, s5, ["de-inf-1"], ["T12"]) == (
        "de-inf-1 is a Freikorps: it may not assault out of Greater Germany, not T12 (27.5 B)")


def test_27_7_a_the_trieste_corps_pulled_out_on_the_first_nato_turn_makes_yugoslavia_neutral():
    """27.7 A: "If the NATO unit that starts in Trieste is pulled out of Yugoslavia before the end of
    the first NATO player-turn, Yugoslavia declares its neutrality. In that case the Soviets could still
    continue to maneuver Yugoslav units inside their country, but ... they could not assault until such
    time as NATO violated their neutrality." (Violation, a reading: a NATO unit entering Yugoslavia.)"""
    d, s = lhj_start(3, position(), {**MORE, "positions.test.wa_supply_sources": ["P1", "W9"]})   # W9: made up
    assert s["neutrality"] == {"trieste": ["wa-x-B13"], "neutral": None, "violated": None}
    s, _ = play(d, s, "western", [{"move": "wa-x-B13", "path": ["U12", "V12"]}])
    s, events = play(d, s, "western", [])
    assert {"event": "yugoslav_neutrality", "units": ["wa-x-B13"], "rule": "27.7 A"} in events
    assert s["neutrality"]["neutral"] is True and s["army"] == "soviet"
    assert neutrality.assault_problem(s, "yu-mtn-1Y") == (
        "yu-mtn-1Y may not assault: Yugoslavia is neutral until NATO violates its neutrality (27.7 A)")
    assert problems(d, s, "soviet", [{"move": "yu-mtn-1Y", "path": ["U10", "U11"]}]) == []      # they still manoeuvre
    later = at(s, 2, "western")
    later["units"]["wa-x-B13"]["hex"] = "V12"
    later, events = play(d, later, "western", [{"move": "wa-x-B13", "path": ["V12", "U12"]}])
    assert {"event": "yugoslav_neutrality_violated", "turn": 2, "rule": "27.7 A"} in events
    assert neutrality.assault_problem(later, "yu-mtn-1Y") is None


def test_27_7_a_the_trieste_corps_staying_keeps_yugoslavia_in_the_war():
    """27.7 A: neutrality only if the Trieste unit is pulled out in the first NATO player-turn."""
    d, s = lhj_start(3, position(), MORE)
    s, _ = play(d, s, "western", [])
    s, _ = play(d, s, "western", []) if s["army"] == "western" else (s, [])
    assert s["neutrality"]["neutral"] is False


def test_27_7_b_belgrade_is_not_counted_while_yugoslavia_stays_neutral():
    """27.7 B: "If Yugoslavia remains neutral throughout the game, the VPs for Belgrade cannot be
    counted in the NATO total." Belgrade (F23, 3.3) is added to the test map, NATO-held."""
    d, s = lhj_start(3, position(), {**MORE, "map.hexes.F23": {"terrain": "clear"}})
    assert "belgrade" in victory.lhj_result(d, s)["cities"]
    s["neutrality"] = {"trieste": ["wa-x-B13"], "neutral": True, "violated": None}
    assert "belgrade" not in victory.lhj_result(d, s)["cities"]
    s["neutrality"]["violated"] = 5
    assert "belgrade" in victory.lhj_result(d, s)["cities"]


GARRISON = {**MORE, "map.hexes.S24": {"terrain": "clear", "city": True, "vp": 2},
            "map.hexes.R24": {"terrain": "clear", "city": True, "vp": 1},
            "map.hexes.P5": {"terrain": "clear", "city": True, "vp": 1}}


def test_26_6_4_in_let_history_judge_each_missing_garrison_gives_nato_a_point():
    """27.3 G: "Normal Soviet garrisoning requirements are in effect"; 27.10 A: NATO earns VPs "for
    points lost by the Soviets for garrison violations"; 26.6.4 B: "A city worth 1 VP requires a
    garrison of one step. Cities worth more than 1 VP require a garrison of two steps." S24 (2 VPs,
    made up) in the Soviet start area outside the USSR stands empty; R24 (1 VP) holds a full army."""
    d, s = lhj_start(3, {**position(), "su-inf-46": {"hex": "R24"}}, GARRISON)
    assert s["victory"]["garrisons"] == ["R24", "S24"]
    after, events = play(d, at(s, 1, "soviet", "assault"), "soviet", [])
    assert [e for e in events if e.get("rule") == "26.6.4"] == [
        {"event": "vp", "army": "western", "vp": "1", "rule": "26.6.4", "turn": 1, "what": "S24 without a garrison of 2 step(s)",
         "hex": "S24"}]
    result = victory.lhj_result(d, after)
    assert len(result["cities"]) == 4 and result["totals"] == {"western": "49"}      # 4 cities (48) and the point


def test_26_6_4_d_a_city_the_soviets_take_from_nato_needs_a_garrison_until_nato_retakes_it():
    """26.6.4 A, D in Let History Judge: P5 (1 VP, made up), NATO's at the start, taken by the Soviets."""
    d, s = lhj_start(3, position(), GARRISON)
    assert "P5" not in s["victory"]["garrisons"]
    s["units"]["su-inf-46"] = {"side": "soviet", "hex": "P5", "steps": 2}
    garrisons.watch_lhj(d, s)
    assert "P5" in s["victory"]["garrisons"]
    s["units"]["su-inf-46"]["side"] = "western"                               # a stand-in for a NATO retake
    garrisons.watch_lhj(d, s)
    assert "P5" not in s["victory"]["garrisons"]


def test_27_9_e_nato_sets_up_outside_turkey_and_enters_only_its_clear_hexes():
    """27.9 E: "NATO units may not set up in Turkey, but they may enter clear terrain hexes in this
    scenario" (W1 clear, W2 rough here)."""
    with pytest.raises(PbemError, match=r"NATO units may not set up in Turkey: wa-mech-2 \(27\.9 E\)"):
        lhj_start(3, {**position(), "wa-mech-2": {"hex": "W1"}}, MORE)
    d, s = lhj_start(3, {**position(), "wa-mech-2": {"hex": "V1"}}, {**MORE, "map.hexes.W2": {"terrain": "rough"}})
    s = at(s, 2, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["V1", "W1"]}]) == []
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["V1", "W2"]}]) == [
        "V1 → W2: wa-mech-2 may enter only the clear hexes of Turkey, not W2 (27.9 E)"]


def test_27_3_l_the_soviets_have_no_strategic_movement():
    """27.3 L: "The Soviets have no strategic land or sea movement capabilities.\""""
    d, s = lhj_start(3, position(), MORE)
    assert problems(d, at(s, 2, "soviet"), "soviet", [{"strategic": "su-inf-38", "path": ["Q20", "Q21"]}]) == [
        "the Soviets have no strategic land or sea movement in Let History Judge (27.3 L)"]


def test_27_3_d_the_soviets_receive_no_reinforcements():
    """27.3 D: "The Soviets receive no replacements or reinforcements." (su-inf-50 due on Turn 2 by a
    made-up schedule.)"""
    d, s = lhj_start(3, position(), {**MORE, "reinforcements.reinforcements.schedule": {"2": ["su-inf-50"]},
                                     "map.edges.east": [f"{r}26" for r in "PQRSTUVW"]})
    assert problems(d, at(s, 2, "soviet"), "soviet", [{"enter": "su-inf-50", "path": ["T26", "T25"]}]) == [
        "the Soviets receive no reinforcements in Let History Judge (27.3 D)"]


def test_27_7_a_a_nato_assault_on_yugoslav_units_violates_the_neutrality():
    """27.7 A "until such time as NATO violated their neutrality" (a reading: a NATO assault on Yugoslav
    units violates it, whatever the step ends on)."""
    d, s = lhj_start(3, position(), MORE)
    s["neutrality"] = {"trieste": ["wa-x-B13"], "neutral": True, "violated": None}
    s = at(s, 4, "soviet")                                    # the step ended the NATO player-turn
    events = [{"event": "assault", "kind": "prepared", "attackers": ["wa-mech-2"], "defenders": ["yu-mtn-1Y"]}]
    neutrality.watch(d, s, events)
    assert s["neutrality"]["violated"] == 4 and events[-1] == {"event": "yugoslav_neutrality_violated", "turn": 4, "rule": "27.7 A"}
