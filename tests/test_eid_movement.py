"""End of the Iron Dream: stacking (8.x), zones of control (9.x), operational movement (10.x) and
mobile assaults (11.x), through GAME.check / GAME.apply on test positions (tests/eidhelp.py)."""

from tests.eidhelp import at, play, problems, start


def test_10_6_clear_hex_costs_one_mp_and_a_path_longer_than_the_ma_is_refused():
    """10.1, 10.6: each clear hex costs 1 MP; a 6-7-5 corps moves five clear hexes, not six."""
    d, s = start({"de-inf-1": "S3"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "S4", "S5", "S6", "S7", "S8"]}]) == []
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "S4", "S5", "S6", "S7", "S8", "S9"]}]) == [
        "de-inf-1 needs 6 MP for this path but has 5 left (10.1, 10.3; 10.4 A: one hex only)"]
    state, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "S4", "S5"]}])
    assert state["units"]["de-inf-1"]["hex"] == "S5"
    assert events[0] == {"event": "move", "unit": "de-inf-1", "path": ["S3", "S4", "S5"], "mp": 2}


def test_10_8_example_rough_hex_across_a_river_into_an_ezoc_costs_five():
    """10.8 Example: "A unit entering a rough terrain hex across a water hexside, and into an
    EZOC, would expend a total of 5 MPs: 2 (for rough) +1 (for water) + 2 (to enter ZOC) = 5 MPs.\""""
    d, s = start({"wa-mech-2": "S6", "de-inf-1": "S8"}, hexes={"S7": {"terrain": "rough"}}, sides={"S6|S7": ["river"]})
    s = at(s, 2, "western")
    state, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S6", "S7"]}])
    assert events[0]["mp"] == 5


def test_9_6_leaving_an_ezoc_costs_two_more_and_9_11_ezoc_to_ezoc_is_allowed():
    """9.6: +2 MPs to enter an EZOC and +2 to leave one; 9.11: units may move directly from one
    EZOC hex to another (9.7 B: friendly units do not negate ZOCs for movement)."""
    d, s = start({"wa-mech-2": "S6", "de-inf-1": "R6"})
    s = at(s, 2, "western")
    # S6 and S7 are both next to R6: leave (+2) and enter (+2) on top of the clear hex's 1
    state, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S6", "S7"]}])
    assert events[0]["mp"] == 5


def test_9_2_no_zoc_into_marsh_and_9_3_none_across_a_blocked_hexside():
    """9.2: ZOCs do not extend into marsh or mountain hexes; 9.3 A: nor across blocked hexsides."""
    d, s = start({"wa-mech-2": "T5", "de-inf-1": "R6"}, hexes={"S6": {"terrain": "marsh"}}, sides={"R6|S5": ["blocked"]})
    s = at(s, 2, "western")
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["T5", "S6"]}])
    assert events[0]["mp"] == 3                        # marsh 3, no EZOC
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["T5", "S5"]}])
    assert events[0]["mp"] == 1                        # R6's ZOC does not cross the blocked side into S5


def test_10_4_b_the_one_hex_guarantee_never_crosses_a_lake_hexside():
    """10.4 B: the one-hex guarantee does not cover crossing blocked or lake hexsides."""
    d, s = start({"de-inf-1": "S3"}, sides={"S3|T3": ["lake"]})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "T3"]}]) == [
        "S3 → T3: the lake hexside is not crossed (10.4 B)"]


def test_10_4_a_the_one_hex_guarantee_when_the_cost_exceeds_the_ma():
    """10.4 A: a 3-4-5 infantry entering a mountain hex in an EZOC (3 + 2 = 5 MP) ... and a
    reduced Reserve corps (1-1-4) entering it (5 > 4) still moves that one hex."""
    d, s = start({"de-inf-62R": {"hex": "S3", "steps": 1}, "wa-mech-2": "S5"}, hexes={"S4": {"terrain": "mountain"}})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-62R", "path": ["S3", "S4"]}]) == []
    assert problems(d, s, "axis", [{"move": "de-inf-62R", "path": ["S3", "R4", "R5"]}]) != []


def test_8_1_four_corps_per_hex_and_8_9_at_every_instant():
    """8.1 A: the Axis and WA stack up to four corps; 8.9: at any instant a hex may not hold more."""
    d, s = start({"wa-mech-2": "S5", "wa-mech-4": "S5", "wa-mech-5": "S5", "wa-mech-6": "S5", "wa-mech-7": "S3"})
    s = at(s, 2, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-7", "path": ["S3", "S4", "S5"]}]) == [
        "S4 → S5: S5 would hold 5 western units, over the limit of 4 (8.1)"]
    assert problems(d, s, "western", [{"move": "wa-mech-7", "path": ["S3", "S4"]}]) == []


def test_8_2_soviet_fourth_unit_needs_a_cavalry_mechanized_group_or_an_su():
    """8.2: four Soviet units in a hex only if one is a Cavalry-Mechanized Group or an SU."""
    d, s = start({"su-inf-3": "S5", "su-inf-5": "S5", "su-inf-8": "S5", "su-inf-13": "S3"})
    s = at(s, 2, "soviet", bagration=False)
    assert problems(d, s, "soviet", [{"move": "su-inf-13", "path": ["S3", "S4", "S5"]}]) == [
        "S4 → S5: S5 would hold 4 soviet units, over the limit of 3 (8.2)"]


def test_4_4_a_soviet_and_wa_forces_never_stack():
    """4.4 A: Alliance forces of the two camps may not stack."""
    d, s = start({"su-inf-3": "S5", "wa-mech-2": "S3"})
    s = at(s, 2, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["S3", "S4", "S5"]}]) == [
        "S4 → S5: S5 holds su-inf-3: Soviet and WA forces may not stack together (4.4 A)"]


def test_8_7_a_unit_moves_once_a_phase():
    """8.7: once a stack's movement is completed it makes no further move that phase."""
    d, s = start({"de-inf-1": "S3"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "S4"]}, {"move": "de-inf-1", "path": ["S4", "S5"]}]) == [
        "de-inf-1 has completed its movement this phase (8.7)"]


def test_6_5_b_with_bagration_only_sus_and_6_6_yugoslav_partisans_move_on_turn_1():
    """6.5 B: with Operation Bagration the Soviets move only SUs on Turn 1; 6.6: Yugoslav
    partisans move normally."""
    d, s = start({"su-inf-3": "S5", "yu-mtn-1Y": "S8"})
    s = at(s, 1, "soviet", bagration=True)
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["S5", "S4"]}]) == [
        "su-inf-3 may not move: with Operation Bagration only SUs move on Turn 1 (6.5 B; 6.6 Yugoslav partisans)"]
    assert problems(d, s, "soviet", [{"move": "yu-mtn-1Y", "path": ["S8", "S9"]}]) == []


# -- 11.x mobile assaults ------------------------------------------------------------------------
def test_11_6_example_assault_from_a_hex_in_another_stacks_zoc_costs_four_more():
    """11.6 Example: "A stack of WA units on hex V4 will mobile assault in German-occupied hex U4.
    The normal cost would be 3 MPs (1 MP for the hex and +2 MPs for the assault), but there are
    also German combat units in hex U5 that also exert a ZOC into the launch hex (V4), so the
    cost for the assault is +4 MPs, instead of the normal +2 MPs.\""""
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "de-inf-1": "U4", "de-inf-2": "U5"})
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 3)
    assert state["movement"]["spent"] == {"wa-mech-2": 5, "wa-mech-4": 5}
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "de-inf-1": "U4"})
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 3)
    assert state["movement"]["spent"] == {"wa-mech-2": 3, "wa-mech-4": 3}


def test_11_8_mobile_assault_shifts_two_left_example_3_1_to_1_1():
    """11.8 Example: "A 3-1 attack reduces to 1-1." (21 AF against a 7-DF corps)"""
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "wa-mech-F1": "V4", "de-inf-1": "U4"})
    s = at(s, 2, "western")
    s["units"]["wa-mech-F1"]["steps"] = 1                       # 10 + 10 + 4 = 24 AF: 3-1
    _, events = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4", "wa-mech-F1"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["initial"], battle["column"]) == ("3-1", "1-1")
    assert battle["shifts"] == [{"shift": -2, "why": "mobile assault", "rule": "11.8"}]


def test_11_1_only_mechanized_units_and_never_flak_mobile_assault():
    """11.1 A/B: only mechanized combat units make mobile assaults; Flak never."""
    d, s = start({"de-inf-1": "U5", "de-flak-1": "U5", "wa-mech-2": "U4"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"assault": "U4", "with": ["de-inf-1"]}]) == [
        "de-inf-1 is not a mechanized combat unit; only those make mobile assaults (11.1; Flak never)"]
    assert problems(d, s, "axis", [{"assault": "U4", "with": ["de-flak-1"]}]) == [
        "de-flak-1 is not a mechanized combat unit; only those make mobile assaults (11.1; Flak never)"]


def test_11_2_never_into_or_out_of_marsh_or_mountain_and_6_2_none_on_turn_1():
    """11.2 A/B: no mobile assault into or out of marsh or mountain hexes; 6.2: none on Turn 1."""
    d, s = start({"wa-mech-2": "V4", "de-inf-1": "U4"}, hexes={"U4": {"terrain": "marsh"}})
    s2 = at(s, 2, "western")
    assert problems(d, s2, "western", [{"assault": "U4", "with": ["wa-mech-2"]}]) == [
        "mobile assaults are never launched into marsh hexes like U4 (11.2 A)"]
    s1 = at(s, 1, "western")
    assert problems(d, s1, "western", [{"assault": "U4", "with": ["wa-mech-2"]}]) == [
        "no mobile assaults may be conducted on Turn 1 (6.2)"]


def test_11_10_units_assault_together_only_if_stacked_at_the_start_of_the_phase():
    """11.10: to mobile assault together, units must start the phase stacked together."""
    d, s = start({"wa-mech-2": "V3", "wa-mech-4": "W4", "de-inf-1": "U4"})
    s = at(s, 2, "western")
    orders = [{"move": "wa-mech-2", "path": ["V3", "V4"]}, {"move": "wa-mech-4", "path": ["W4", "V4"]},
              {"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}]
    assert problems(d, s, "western", orders) == ["wa-mech-2 has completed its movement this phase (8.7, 11.9 A)"]


def test_11_13_the_defender_answers_and_11_12_the_assaulters_occupy_the_vacated_hex_and_go_on():
    """11.13: the defender chooses to retreat or take steps (18.14, defender first, 18.15); 11.12 A:
    assaulters that force the defenders out must occupy the hex and may continue moving."""
    d, s = start({"wa-mech-2": "V4", "de-inf-1": "U4"}, cells={"1-2": {"4": "0/1"}})
    s = at(s, 2, "western")
    state, events = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2"]}], 4)
    assert state["phase"] == "ma_answer" and events[-1]["result"] == "0/1"
    from pbem.games.end_of_the_iron_dream import GAME
    assert GAME.awaiting(state).side == "axis"
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["U5", "U6"]}}]) == [
        "a 1 result is 1 in steps lost and hexes retreated together; this answer gives 0 step(s) and 2 hex(es) (18.14)"]
    after, events = play(d, state, "axis", [{"retreat": {"de-inf-1": ["T4"]}}])
    assert after["units"]["de-inf-1"]["hex"] == "T4"
    assert after["units"]["wa-mech-2"]["hex"] == "U4"
    assert after["phase"] == "movement" and after["movement"]["going_on"] == ["wa-mech-2"]
    # 11.12 A: it goes on with the MPs left (7 - 3 = 4); leaving T4's ZOC costs 2 more (9.6)
    assert problems(d, after, "western", [{"move": "wa-mech-2", "path": ["U4", "U3", "U2"]}]) == []
    assert problems(d, after, "western", [{"move": "wa-mech-2", "path": ["U4", "U3", "U2", "U1"]}]) == [
        "wa-mech-2 needs 5 MP for this path but has 4 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_11_9_a_assaulters_absorb_their_result_as_step_losses_and_stop_in_the_launch_hex():
    """11.9 A: mobile assaulting units absorb all results as step losses, which end their
    movement in the launch hex; 11.13: the defender that took a step may not be assaulted
    again by them."""
    d, s = start({"wa-mech-2": "V4", "de-inf-1": "U4"}, cells={"1-2": {"2": "1/1"}})
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2"]}], 2)
    after, events = play(d, state, "axis", [{"steps": ["de-inf-1"]}])
    assert after["units"]["de-inf-1"] == {"side": "axis", "hex": "U4", "steps": 1}
    assert after["units"]["wa-mech-2"] == {"side": "western", "hex": "V4", "steps": 1}
    assert {"event": "stopped", "units": ["wa-mech-2"], "hex": "V4", "why": "11.9 A"} in events
    assert problems(d, after, "western", [{"assault": "U4", "with": ["wa-mech-2"]}]) == [
        "wa-mech-2 has completed its movement this phase (8.7, 11.9 A)"]


def test_11_13_assaulters_without_loss_may_assault_the_same_hex_again():
    """11.13: if the defenders stay and take step losses, assaulters who took no step loss may
    launch a second mobile assault into the same hex, if they have the MPs."""
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "de-inf-1": "U4"}, cells={"1-2": {"5": "0/1"}})
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 5)
    after, _ = play(d, state, "axis", [{"steps": ["de-inf-1"]}])
    assert after["movement"]["going_on"] == ["wa-mech-2", "wa-mech-4"]
    again, events = play(d, after, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defence"] == 4 and battle["initial"] == "5-1"       # against the reduced 3-4-5 (11.13)
    assert again["movement"]["spent"] == {"wa-mech-2": 6, "wa-mech-4": 6}


def test_11_7_b_and_18_22_a_defender_doubled_across_a_river():
    """11.7 A: +1 MP across a river; 11.7 B / 18.22 A: the defenders' DFs are doubled."""
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "de-inf-1": "U4"}, sides={"U4|V4": ["river"]})
    s = at(s, 2, "western")
    state, events = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defence"] == 14 and battle["initial"] == "1-1"
    assert state["movement"]["spent"]["wa-mech-2"] == 4


def test_4_4_a_alliance_camps_may_not_assault_the_same_hex_in_one_turn():
    """4.4 A: Soviet and WA forces may not assault the same Axis-controlled hex in the same turn."""
    d, s = start({"su-tank-1": "V4", "de-inf-1": "U4"})
    s = at(s, 2, "soviet", bagration=False, assaulted={"western": ["U4"]})
    assert problems(d, s, "soviet", [{"assault": "U4", "with": ["su-tank-1"]}]) == [
        "the western forces assaulted U4 this turn: the Alliance camps may not assault the same hex in one turn (4.4 A)"]


def test_10_11_a_road_hexside_costs_one_mp_whatever_the_terrain():
    """10.11 A: entering a hex through a road hexside costs 1 MP regardless of its terrain;
    B: entered from a non-road hexside the road has no effect."""
    d, s = start({"de-inf-1": "S3"}, hexes={"S4": {"terrain": "mountain"}}, sides={"S3|S4": ["road"]})
    s = at(s, 2, "axis")
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "S4", "S5"]}])
    assert events[0]["mp"] == 2
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["S3", "T3", "S4"]}])
    assert events[0]["mp"] == 4


def test_8_4_stacking_limits_are_halved_in_x12():
    """8.4: "All normal stacking limits are halved in hex X12 (by Rotterdam), an estuary hex.\""""
    d, s = start({"wa-mech-2": "X12", "wa-mech-4": "X12", "wa-mech-5": "W12"})
    s = at(s, 2, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-5", "path": ["W12", "X12"]}]) == [
        "W12 → X12: X12 would hold 3 western units, over the limit of 2 (8.1, 8.4)"]
