"""End of the Iron Dream: prepared assaults and combat results (18.x, 6.7), through GAME.check /
GAME.apply on test positions (tests/eidhelp.py: made-up map and CRT cells, the rulebook's
counters and its one printed cell, clear 5-1 die 6 = 1/2)."""

from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start

SHOCK = {"su-shock-1": "T23", "su-shock-2": "T23", "su-shock-3": "T23"}


def assault_event(events):
    return next(e for e in events if e["event"] == "assault")


def test_18_7_example_36_afs_against_7_dfs_is_5_1_and_18_9_example_a_roll_of_6_yields_1_2():
    """18.7 Example: "36 AFs attack 7 DFs. The ratio is 36 divided by 7, which equals 5.14,
    rounded down to 5, so the initial combat ratio would be 5-1." 18.9 Example: "A 5-1 assault
    against a defender in clear terrain, with a roll of a 6, yields a 1/2 result.\""""
    d, s = start({**SHOCK, "de-inf-1": "T24"})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, events = play(d, s, "soviet", [{"attack": "T24", "with": ["su-shock-1", "su-shock-2", "su-shock-3"]}], 6)
    battle = assault_event(events)
    assert (battle["attack"], battle["defence"], battle["initial"], battle["column"]) == (36, 7, "5-1", "5-1")
    assert battle["die"] == 6 and battle["result"] == "1/2"
    assert state["phase"] == "pa_defender" and GAME.awaiting(state).side == "axis"       # 18.15: the defender first


def test_18_12_example_15_1_on_clear_terrain_uses_the_7_1_column():
    """18.12 Example: "A 15-1 ratio against defenders on clear terrain is resolved using the
    clear terrain 7-1 column on the CRT, since there is no column higher than 7-1.\""""
    d, s = start({**SHOCK, "de-flak-1": "T24"}, cells={"7-1": {"3": "0/E"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, events = play(d, s, "soviet", [{"attack": "T24", "with": ["su-shock-1", "su-shock-2", "su-shock-3"]}], 3)
    battle = assault_event(events)
    assert (battle["initial"], battle["column"]) == ("36-1", "7-1")
    assert "de-flak-1" not in state["units"]                                             # 18.14 E
    assert state["dead"] == [{"unit": "de-flak-1", "side": "axis"}]


def test_18_23_examples_concentric_assaults_shift_two_right():
    """18.23 Examples: "Defender is in hex T24 and the attacker is in T23 and T25, the assault is
    concentric. Defender is in T24 and the attacker is in T23, S25, and U25, the attack is
    concentric." (B: 2R.) Attackers in T23 and S24 alone do not ring it."""
    for ring in (("T23", "T25"), ("T23", "S25", "U25")):
        units = {f"su-inf-{n}": h for n, h in zip((3, 5, 8), ring)}
        d, s = start({**units, "de-inf-1": "T24"})
        s = at(s, 4, "soviet", "assault", bagration=False)
        _, events = play(d, s, "soviet", [{"attack": "T24", "with": sorted(units)}], 1)
        assert {"shift": 2, "why": "concentric assault", "rule": "18.23"} in assault_event(events)["shifts"], ring
    d, s = start({"su-inf-3": "T23", "su-inf-5": "S24", "de-inf-1": "T24"})
    s = at(s, 4, "soviet", "assault", bagration=False)
    _, events = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3", "su-inf-5"]}], 1)
    assert assault_event(events)["shifts"] == []


def test_18_24_city_1l_and_6_7_bagration_2r_on_turn_2_and_1r_on_turn_3():
    """18.24: 1L for a defender in a city; 6.7 A/B: with Operation Bagration, 2R for Soviet
    assaults on Turn 2 and 1R on Turn 3, nothing after."""
    d, s = start({"su-inf-3": "T23", "de-inf-1": "T24"}, hexes={"T24": {"terrain": "clear", "city": True}})
    shifts = {}
    for turn in (2, 3, 4):
        state = at(s, turn, "soviet", "assault", bagration=True)
        _, events = play(d, state, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
        shifts[turn] = [(x["shift"], x["rule"]) for x in assault_event(events)["shifts"]]
    assert shifts == {2: [(-1, "18.24"), (2, "6.7")], 3: [(-1, "18.24"), (1, "6.7")], 4: [(-1, "18.24")]}


def test_18_22_b_a_dry_attack_of_at_least_the_printed_dfs_undoubles_a_river_defender():
    """18.22 A: DFs doubled across a river; B: not when units with AFs at least the defender's
    printed DFs assault across other hexsides."""
    d, s = start({"su-inf-3": "T23", "su-inf-5": "S24", "de-inf-1": "T24"}, sides={"T23|T24": ["river"]})
    s = at(s, 4, "soviet", "assault", bagration=False)
    _, events = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    assert assault_event(events)["defence"] == 14
    _, events = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3", "su-inf-5"]}], 1)
    assert assault_event(events)["defence"] == 7


def test_18_2_one_assault_per_unit_and_per_defender_and_18_5_attackers_adjacent_to_every_hex():
    """18.2 A/B: no unit makes, and no defender receives, more than one prepared assault a
    phase; 18.5: every attacker adjacent to every defending hex."""
    d, s = start({"su-inf-3": "T23", "su-inf-5": "S23", "de-inf-1": "T24", "de-inf-2": "S24"})
    s = at(s, 4, "soviet", "assault", bagration=False)
    assert problems(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}, {"attack": "S24", "with": ["su-inf-3"]}]) == [
        "su-inf-3 makes one prepared assault per phase (18.2 A)"]
    assert problems(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}, {"attack": "T24", "with": ["su-inf-5"]}]) == [
        "T24 may be the object of only one prepared assault per phase (18.2 B)"]
    assert problems(d, s, "soviet", [{"attack": ["T24", "S24"], "with": ["su-inf-3", "su-inf-5"]}]) == [
        "su-inf-5 in S23 is not adjacent to T24: every attacker must be adjacent to every defending hex (18.3, 18.5)"]


def test_6_1_no_axis_prepared_assault_on_turn_1_the_phase_passes_by_itself():
    """6.1: on Turn 1 the Axis may only move; its Prepared Assault Phase passes by itself."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T23"})
    assert s["phase"] == "movement" and s["army"] == "axis" and s["turn"] == 1
    state, events = play(d, s, "axis", [])
    assert {"event": "passed", "side": "axis", "phase": "Turn 1 Axis prepared assaults",
            "why": "on Turn 1 the Axis makes no prepared assaults (6.1)"} in events
    assert (state["army"], state["phase"]) == ("western", "movement")


def test_18_15_defender_first_then_the_attacker_and_18_16_advance_as_far_as_the_retreat():
    """18.15: the defender applies its losses before the attacker; 18.14 2: retreat two hexes;
    18.16 B-D: the attacker advances as many hexes as the defenders retreated, first into the
    vacated hex, beyond it mechanized units only."""
    d, s = start({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-mech-6": "U7", "de-inf-1": "T6"},
                 cells={"4-1": {"2": "1/2"}})
    s = at(s, 2, "western", "assault")
    state, _ = play(d, s, "western", [{"attack": "T6", "with": ["wa-mech-2", "wa-mech-4", "wa-mech-6"]}], 2)
    assert GAME.awaiting(state).side == "axis" and GAME.awaiting(state).kind == "response"
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["S6", "T5"]}}]) == [
        "de-inf-1's retreat into T5 is not one hex further from T6 (18.19 D)"]
    state, _ = play(d, state, "axis", [{"retreat": {"de-inf-1": ["S6", "R6"]}}])
    assert state["units"]["de-inf-1"]["hex"] == "R6" and state["phase"] == "pa_attacker"
    assert GAME.awaiting(state).side == "western"
    assert problems(d, state, "western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["T6", "S6", "S7"]}}]) == [
        "wa-mech-2 may advance 2 hex(es), not 3 (18.16 B)"]
    assert problems(d, state, "western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["S6"]}}]) == [
        "the first hex of an advance is a vacated defender's hex (T6), not S6 (18.16 C)"]
    assert problems(d, state, "western", [{"advance": {"wa-mech-2": ["T6"]}}]) == [
        "a 1 result is 1 in steps lost and hexes retreated together; this answer gives 0 step(s) and 0 hex(es) (18.14)"]
    state, events = play(d, state, "western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["T6", "S6"]}}])
    assert state["units"]["wa-mech-2"]["hex"] == "S6" and state["units"]["wa-mech-6"]["steps"] == 1
    assert (state["army"], state["phase"]) == ("soviet", "movement")


def test_18_16_d_only_mechanized_units_advance_beyond_one_hex():
    """18.16 D: only mechanized units may advance more than one hex."""
    d, s = start({"su-inf-3": "T23", "de-inf-1": "T24"}, cells={"1-1": {"1": "0/2"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    state, _ = play(d, state, "axis", [{"retreat": {"de-inf-1": ["T25", "T26"]}}])
    assert problems(d, state, "soviet", [{"advance": {"su-inf-3": ["T24", "T25"]}}]) == [
        "only mechanized units advance more than one hex (18.16 D)"]
    assert problems(d, state, "soviet", [{"advance": {"su-inf-3": ["T24"]}}]) == []


def test_18_19_c_no_retreat_into_an_unnegated_ezoc_and_18_19_e_then_steps():
    """18.19 C/9.10: no retreat into an EZOC unless friendly units negate it; 18.19 E: units
    that cannot retreat take their result as step losses."""
    d, s = start({"su-inf-3": "T23", "su-inf-5": "T26", "de-inf-1": "T24"}, cells={"1-1": {"1": "0/1"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["T25"]}}]) == [
        "de-inf-1 cannot retreat into T25: an enemy ZOC no friendly unit negates (9.10, 18.19 C)"]
    after, _ = play(d, state, "axis", [{"steps": ["de-inf-1"]}])
    assert after["units"]["de-inf-1"]["steps"] == 1
    d, s = start({"su-inf-3": "T23", "su-inf-5": "T26", "de-inf-1": "T24", "de-inf-2": "T25"}, cells={"1-1": {"1": "0/1"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["T25"]}}]) == []      # 9.7 A: de-inf-2 negates it


def test_18_14_the_attackers_3_takes_at_least_one_step():
    """18.14 *: "If the attacker receives this result, it must absorb at least one step loss.
    The greatest distance the attacker can retreat is two hexes.\""""
    d, s = start({"su-inf-3": "T23", "de-inf-1": "T24"}, cells={"1-1": {"1": "3/0"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    assert state["phase"] == "pa_attacker"
    assert problems(d, state, "soviet", [{"retreat": {"su-inf-3": ["T22", "T21", "T20"]}}]) == [
        "an attacker's 3 must absorb at least one step loss; it retreats at most two hexes (18.14)"]
    assert problems(d, state, "soviet", [{"steps": ["su-inf-3"], "retreat": {"su-inf-3": ["T22", "T21"]}}]) == []


def test_18_20_the_victorious_defender_may_occupy_the_vacated_attackers_hex():
    """18.20: defenders still in their hex after all results, no attacker in its own: they may
    occupy the vacated attacker's hex, never further."""
    d, s = start({"su-inf-3": "T23", "de-inf-1": "T24"}, cells={"1-1": {"1": "1/0"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}], 1)
    state, _ = play(d, state, "soviet", [{"retreat": {"su-inf-3": ["T22"]}}])
    assert state["phase"] == "pa_advance" and GAME.awaiting(state).side == "axis"
    assert problems(d, state, "axis", [{"advance": "de-inf-1", "to": "T22"}]) == [
        "the victorious defenders occupy a vacated attacker's hex (T23), never further (18.20)"]
    state, events = play(d, state, "axis", [{"advance": "de-inf-1", "to": "T23"}])
    assert state["units"]["de-inf-1"]["hex"] == "T23"
    assert state["phase"] == "movement" and state["turn"] == 5 and state["army"] == "axis"


def test_18_14_e_attacker_loses_afs_at_least_the_defenders_dfs():
    """18.14 E (attacker): "it must take step losses to reduce its AFs at least equal to the
    total DFs of the defender." Two 7-8-5 armies (7 AF each, 3 reduced) against 7 DFs: one
    step (4 AF) is not enough, two (8) are."""
    d, s = start({"su-inf-3": "T23", "su-inf-5": "T23", "de-inf-1": "T24"}, cells={"2-1": {"1": "E/0"}})
    s = at(s, 4, "soviet", "assault", bagration=False)
    state, _ = play(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3", "su-inf-5"]}], 1)
    assert problems(d, state, "soviet", [{"steps": ["su-inf-3"]}]) == [
        "an E result costs the attacker steps worth at least the defender's 7 DFs; these lose 4 AFs (18.14)"]
    after, _ = play(d, state, "soviet", [{"steps": ["su-inf-3", "su-inf-5"]}])
    assert after["units"]["su-inf-3"]["steps"] == 1 and after["units"]["su-inf-5"]["steps"] == 1
