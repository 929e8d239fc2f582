"""End of the Iron Dream: rules the code already enforced without a test citing them (the
issue 14 audit, tests/test_eid_rule_coverage.py) — stacking (8.3, 8.5, 8.6, 8.8, 22.10), zones
of control (9.1, 9.9, 22.9), mobile assaults (10.5, 11.5, 11.14) and sea movement (13.2, 14.3).

TEST DATA: tests/eidhelp.py's clear test map and made-up CRT cells; the counters are the
rulebook's."""

from pbem.games.end_of_the_iron_dream import forts
from tests.eidhelp import at, play, problems, start
from tests.test_eid_forts import start3 as forts3


def test_8_3_stacking_limits_hold_throughout_the_turn_even_passing_through():
    """8.3: "Stacking limits are in effect throughout the turn": a fifth German corps may not
    pass through a hex holding four (8.1 A)."""
    full = {f"de-inf-{n}": "S5" for n in (1, 2, 4, 5)}
    d, s = start({**full, "de-inf-6": "S4"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-inf-6", "path": ["S4", "S5", "S6"]}]) == [
        "S4 → S5: S5 would hold 5 axis units, over the limit of 4 (8.1)"]
    assert problems(d, s, "axis", [{"move": "de-inf-6", "path": ["S4", "T4", "T5", "S6"]}]) == []


def test_8_6_a_satellite_armies_stack_as_corps_under_axis_command():
    """8.6 A: "While under Axis command, Hungarian, Romanian and Bulgarian units stack as if they
    were corps": three German corps and a Hungarian army make four; a fifth unit is refused."""
    d, s = start({"de-inf-1": "S5", "de-inf-2": "S5", "de-inf-4": "S5", "hu-inf-H1": "S4", "ro-inf-R3": "T4"})
    s = at(s, 2, "axis")
    state, _ = play(d, s, "axis", [{"move": "hu-inf-H1", "path": ["S4", "S5"]}])
    assert state["units"]["hu-inf-H1"]["hex"] == "S5"
    assert problems(d, s, "axis", [{"move": "hu-inf-H1", "path": ["S4", "S5"]}, {"move": "ro-inf-R3", "path": ["T4", "S5"]}]) == [
        "T4 → S5: S5 would hold 5 axis units, over the limit of 4 (8.1)"]


def test_8_6_b_a_soviet_commanded_romanian_army_is_never_the_fourth_unit():
    """8.6 B: "When under Soviet command, Romanian and Bulgarian units stack as if they were
    full-sized armies. That is, they could not be the fourth unit in a Soviet stack.\""""
    d, s = start({"su-inf-3": "S5", "su-inf-5": "S5", "su-inf-8": "S5", "ro-inf-R3": "S4", "de-inf-1": "P20"})
    s = at(s, 2, "soviet")
    s["units"]["ro-inf-R3"]["side"] = "soviet"                 # defected (19.1.1)
    assert problems(d, s, "soviet", [{"move": "ro-inf-R3", "path": ["S4", "S5"]}]) == [
        "S4 → S5: S5 would hold 4 soviet units, over the limit of 3 (8.2)"]


def test_8_8_the_assaulted_and_the_assaulting_stacks_do_not_affect_each_other():
    """8.8: "the stacking of the enemy units in the hex receiving the assault and the stacking of
    the friendly units conducting the assault are mutually exclusive": four WA corps assault a hex
    of four German corps, and occupy it when the defenders retreat (11.12 A)."""
    wa = {u: "V4" for u in ("wa-mech-2", "wa-mech-3", "wa-mech-4", "wa-mech-F1")}
    de = {f"de-inf-{n}": "U4" for n in (1, 2, 4, 5)}
    d, s = start({**wa, **de}, cells={"1-2": {"3": "0/1"}})
    s = at(s, 2, "western")
    state, events = play(d, s, "western", [{"assault": "U4", "with": sorted(wa)}], 3)
    assert events[-1]["result"] == "0/1" and state["phase"] == "ma_answer"
    after, _ = play(d, state, "axis", [{"retreat": {u: ["T4"] for u in de}}])
    assert {u: after["units"][u]["hex"] for u in wa} == dict.fromkeys(wa, "U4")


def test_8_5_and_22_10_a_fort_marker_does_not_count_for_stacking():
    """8.5: "German fortification markers ... do not count for stacking"; 22.10: "Forts are always
    the top unit in any stack they are part of, and they do not count for stacking" (behaviour 3):
    a fourth German corps enters a Level-2 fort hex holding three."""
    d, s = forts3({"de-inf-1": "S12", "de-inf-2": "S12", "de-inf-4": "S12", "de-inf-5": "S11", "su-inf-3": "T25"},
                  forts={"S12": 2})
    s = at(s, 2, "axis")
    assert forts.level(d, s, "S12") == 2
    state, _ = play(d, s, "axis", [{"move": "de-inf-5", "path": ["S11", "S12"]}])
    assert state["units"]["de-inf-5"]["hex"] == "S12" and forts.level(d, state, "S12") == 2


def test_9_1_a_a_zoc_covers_the_six_surrounding_hexes_and_b_none_from_units_on_fs():
    """9.1 A: "All combat units exert a ZOC in the hex they are in and the six surrounding
    hexes"; B: "German units drawing FS do not exert ZOCs" (entering an EZOC costs +2, 9.6)."""
    d, s = start({"wa-mech-2": "S2", "de-inf-1": "S5"})
    s = at(s, 2, "western")
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S2", "S3"]}])
    assert events[0]["mp"] == 1                                   # S3 is two hexes from S5
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S2", "S3", "S4"]}])
    assert events[0]["mp"] == 4                                   # S4 is next to S5: 1 + 1 + 2
    s["fs"] = ["de-inf-1"]
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S2", "S3", "S4"]}])
    assert events[0]["mp"] == 2


def test_9_9_a_more_units_give_no_stronger_zoc_and_b_both_sides_zocs_coexist():
    """9.9 A: "The number of units projecting a ZOC into a given hex has no qualitative effect on
    the ZOC in that hex"; B: ZOCs of more than one side "mutually and simultaneously exist" in a
    hex: T4 is in the ZOC of the German units in S5 and U5 and of the WA unit in T3."""
    d, s = start({"wa-mech-2": "T2", "de-inf-1": "S5", "de-inf-2": "U5", "de-inf-4": "T6"})
    s = at(s, 2, "western")
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["T2", "T3", "T4"]}])
    assert events[0]["mp"] == 4                                   # 1 + (1 + 2): one +2 whatever the number
    s["units"]["wa-mech-2"]["hex"] = "T3"
    s = at(s, 2, "axis")
    _, events = play(d, s, "axis", [{"move": "de-inf-4", "path": ["T6", "T5"]}])
    assert events[0]["mp"] == 1                                   # T5 is two hexes from the WA unit in T3
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["S5", "T4"]}])
    assert events[0]["mp"] == 3                                   # the WA ZOC in T4 costs Germany +2 too


def test_22_9_example_a_fort_in_a_mountain_hex_takes_no_zoc():
    """22.9: "Mobile units do retain their ZOCs while in forts, but forts do not in any way negate
    the terrain values"; Example: "Forts in mountain hexes would not permit units adjacent to them
    to exert ZOCs into the fort hex as if it were not a mountain hex under the fort." (9.2: no ZOC
    into a mountain hex; behaviour 3 forts)."""
    d, s = forts3({"de-inf-1": "S12", "wa-mech-2": "S14", "su-inf-3": "T25"},
                  hexes={"S13": {"terrain": "mountain"}}, forts={"S13": 1})
    s = at(s, 2, "axis")
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["S12", "S13"]}])
    assert events[0]["mp"] == 3                                   # mountain 3 MP (10.6), no EZOC +2 into S13
    s["units"]["de-inf-1"]["hex"] = "S13"
    s = at(s, 2, "western")
    s["egs"] = ["wa-mech-2"]            # R14 is beyond its GS: EGS lets it go (5.1.5 B is not what this test is about)
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["S14", "R14"]}])
    assert events[0]["mp"] == 3                                   # the German in the fort keeps its ZOC: 1 + 2 to leave it (9.6)


def test_10_5_a_mobile_assault_needs_all_its_mps():
    """10.5: "mechanized units wishing to make mobile assaults must have the MPs available to pay
    all the costs inherent in such operations or the assault cannot be made" (the 10.4 A one-hex
    guarantee does not cover it)."""
    d, s = start({"wa-mech-2": "V1", "de-inf-1": "U6"})
    s = at(s, 2, "western")
    path = ["V1", "V2", "V3", "V4", "V5"]                         # 1 + 1 + 1 + (1 + 2 into U6's ZOC) of 7
    assert problems(d, s, "western", [{"assault": "U6", "with": ["wa-mech-2"], "path": path}]) == [
        "wa-mech-2 has 1 MP left and the mobile assault on U6 costs 3 (11.5-11.7; 10.5: the one-hex guarantee does not cover a mobile assault)"]


def test_11_5_in_hex_terrain_is_ignored_one_mp_to_enter_and_two_to_assault():
    """11.5: "In-hex terrain costs are ignored by mobile assaulting units. They instead pay 1 MP
    to enter the enemy-occupied hex itself, and +2 MPs to actually conduct the assault (for a total
    expenditure of 3 MPs)": into a rough hex (2 MP to enter, 10.6) it still costs 3."""
    d, s = start({"wa-mech-2": "V4", "de-inf-1": "U4"}, hexes={"U4": {"terrain": "rough"}},
                 extra={"terrain.hexes.rough.crt_line": "clear"})      # TEST DATA: rough on the clear line
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2"]}], 3)
    assert state["movement"]["spent"] == {"wa-mech-2": 3}


def test_11_14_a_no_flanking_shift_for_a_mobile_assault():
    """11.14 A: "a mobile assault can be made only from one hex at a time. Thus, the flanking
    column shift (18.23) can never be applied to mobile assaults": WA units on the far side of
    U4 (T5, from V4 across it) give no concentric shift."""
    d, s = start({"wa-mech-2": "V4", "wa-mech-3": "T5", "de-inf-1": "U4"})
    s = at(s, 2, "western")
    _, events = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["shifts"] == [{"shift": -2, "why": "mobile assault", "rule": "11.8"}]


def test_11_14_b_example_successive_waves_from_one_launch_hex():
    """11.14 B: "one stack of defenders to be mobile assaulted by successive stacks of assaulters
    during the same movement phase, provided that the assaulter maintains stacking limits".
    Example: "Continuing the example from 11.6, the WA have two units stacked in V4 to make the
    mobile assault into U4. They absorb a step loss and thus are stymied in V4. The
    four-corps-high stacking limit would allow the WA to move another two-unit stack into V4 from
    elsewhere, and make another stab at the assault.\""""
    d, s = start({"wa-mech-2": "V4", "wa-mech-4": "V4", "wa-mech-3": "W4", "wa-mech-5": "W4", "wa-mech-6": "W3",
                  "de-inf-1": "U4"}, cells={"1-2": {"2": "1/0"}})
    s = at(s, 2, "western")
    state, _ = play(d, s, "western", [{"assault": "U4", "with": ["wa-mech-2", "wa-mech-4"]}], 2)
    after = state
    assert {u: after["units"][u]["hex"] for u in ("wa-mech-2", "wa-mech-4")} == {"wa-mech-2": "V4", "wa-mech-4": "V4"}
    assert after["units"]["wa-mech-2"]["steps"] == 1                # the step loss: stymied in V4 (11.9 A)
    wave = {"assault": "U4", "with": ["wa-mech-3", "wa-mech-5"], "path": ["W4", "V4"]}
    assert problems(d, after, "western", [wave]) == []
    third = {"assault": "U4", "with": ["wa-mech-3", "wa-mech-5", "wa-mech-6"], "path": ["W4", "V4"]}
    assert problems(d, after, "western", [third])[0].startswith("the assaulting units move as one stack")
    again, events = play(d, after, "western", [wave], 4)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["hex"] == "U4" and again["units"]["wa-mech-3"]["hex"] == "V4"


def test_13_2_no_german_sea_move_after_a_strategic_land_move():
    """13.2: "Units that just completed a strategic land move in the previous phase of the same
    player-turn may not sea move on that same player-turn.\""""
    from tests.test_eid_sea import GERMAN_SEA, start3 as sea3
    d, s = sea3({"de-inf-1": "W2", "su-inf-3": "T24"}, **GERMAN_SEA)
    s = at(s, 2, "axis")
    s["strategic"] = {"turn": 2, "army": "axis", "units": ["de-inf-1"], "holding": []}
    assert problems(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}])[0].endswith("; nor may it sea move (13.2)")


def test_14_3_a_wa_unit_sails_once_a_player_turn():
    """14.3: "WA units may never remain out at sea between player-turns": a sea move ends in its
    player-turn (in a box or ashore) and the unit does not sail on."""
    from tests.test_eid_sea import start3 as sea3, wa
    d, s = sea3({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}}})
    assert problems(d, wa(s), "western", [{"sail": "wa-mech-3", "to": "V1"}, {"sail": "wa-mech-3", "to": "eto"}]) == [
        "wa-mech-3 has moved by sea this player-turn (14.3)"]


def test_9_12_invading_units_have_no_zoc_until_ashore():
    """9.12: "WA units making invasions do not project any ZOCs until they actually get into the
    invaded coastal hex. Their ZOCs then instantly extend normally": while the invasion battle
    at U2 waits for the answers, the invaders are on no hex and exert no ZOC; ashore, they do
    (the 4-1 cell, die 3: 1/2, made up, as test_eid_sea's 14.18 test)."""
    from pbem.games.end_of_the_iron_dream.common import zoc_of
    from tests.test_eid_sea import INVADE, start_invasion, wa
    d, s = start_invasion({"de-inf-2": "U2"}, cells={"4-1": {"3": "1/2"}})
    s, _ = play(d, wa(s, 1), "western", [INVADE], **{"crt/": [3]})
    assert s["phase"] == "inv_defender" and "U3" not in zoc_of(d, s, ("western",))
    s, _ = play(d, s, "axis", [{"steps": ["de-inf-2", "de-inf-2"]}])
    s, _ = play(d, s, "western", [{"steps": ["wa-x-B1"]}])
    assert s["units"]["wa-mech-3"]["hex"] == "U2" and {"U2", "U3"} <= zoc_of(d, s, ("western",))


def test_13_6_an_out_of_supply_german_unit_may_sea_move():
    """13.6: "The supply state of a unit has no bearing on its ability to attempt sea movement"
    (13.1 A: from the Baltic coast to a German-controlled Baltic port)."""
    from tests.test_eid_sea import GERMAN_SEA, start3 as sea3
    d, s = sea3({"de-inf-1": "W2", "su-inf-3": "T24"}, **GERMAN_SEA)
    s = at(s, 2, "axis", oos=["de-inf-1"])
    state, events = play(d, s, "axis", [{"sail": "de-inf-1", "to": "V20"}], **{"sea/": [1]})
    assert events[0] == {"event": "sail", "unit": "de-inf-1", "from": "W2", "to": "V20", "rule": "13.1"}
    assert state["units"]["de-inf-1"]["hex"] == "V20"


def test_15_21_5_egs_to_move_beyond_the_supply_line_length():
    """15.21.5: "Because the GS lines of the Soviets and the WA are of a finite length (20 and 10
    hexes, respectively), Grand Alliance units wishing to move beyond their supply line radii need
    EGS to do so even without the presence of German units": a WA corps may go ten hexes from its
    source (P1, 15.5) but not eleven, with no German unit near, unless it has EGS (15.21.2)."""
    from tests.test_eid_supply_units import start3 as su3
    d, s = su3({"wa-mech-2": "P8", "de-inf-1": "W20", "su-inf-3": "T25"})
    s = at(s, 2, "western")
    s["control"] = {**s["control"], **{f"P{c}": "western" for c in range(1, 9)}}
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["P8", "P9", "P10", "P11"]}]) == []
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["P8", "P9", "P10", "P11", "P12"]}]) == [
        "wa-mech-2 is in GS and may not move out of it to P12 (5.1.5 B; a unit with EGS may, 15.21.2)"]
    s["egs"] = ["wa-mech-2"]
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["P8", "P9", "P10", "P11", "P12"]}]) == []


def test_4_3_the_soviets_command_the_yugoslav_partisans_and_their_control_is_soviet():
    """4.3 B: "The Soviets also command the Yugoslav partisan armies. Any victory points (VPs)
    earned by Yugoslav units are counted in the Soviet total": the Soviet seat moves the 1st
    Yugoslav Army, the Axis seat may not, and the hex it takes is Soviet-controlled (4.1 A), so its
    city VPs are the Soviets' (26.1)."""
    from tests.test_eid_supply_play import start2
    d, s = start2({"yu-mtn-1Y": "U10", "de-inf-1": "S4", "su-inf-3": "T25"})
    s = at(s, 2, "soviet")
    assert problems(d, at(s, 2, "axis"), "axis", [{"move": "yu-mtn-1Y", "path": ["U10", "U11"]}]) == [
        "yu-mtn-1Y is not an Axis unit on the map (10.2: each side moves only its own units)"]
    state, _ = play(d, s, "soviet", [{"move": "yu-mtn-1Y", "path": ["U10", "U11"]}])
    assert state["units"]["yu-mtn-1Y"]["hex"] == "U11" and state["control"]["U11"] == "soviet"
