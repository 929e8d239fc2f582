"""Stargard Solstice: zones of control (4.0), regular movement (5.0) and stacking (6.0), on the
made-up test map of tests/sshelp.py (clear 1 MP, forest 2, road 1/2; odd columns down).

s-inf in 1415 controls 1414, 1514, 1515, 1416, 1315 and 1314 (4.2.2)."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1212", "g-inf": "1313", "g-inf2": "1211", "g-ind": "1112", "s-inf": "1415",
            "g-39": "1211"}


def moving(**kw):
    d, s = start(POSITION, **kw)
    s, _, _ = play(d, s, "german", [], 1)           # random event; 3SS-PZ-HQ activated (2.3.1)
    return d, s


def problem(d, s, orders):
    return [p.message for p in GAME.check(d, s, "german", orders)]


def test_5_1_2_a_path_costs_the_tec_cost_of_each_hex_and_5_1_1_never_more_than_the_allowance():
    """5.1.2 "To enter an adjacent hex, a unit must spend the MP cost indicated by the TEC";
    5.1.1: g-inf has 4 MP; five clear hexes need 5."""
    d, s = moving()
    assert problem(d, s, [{"move": "g-inf", "path": ["1312", "1311", "1310", "1210"]}]) == []
    assert problem(d, s, [{"move": "g-inf", "path": ["1312", "1311", "1310", "1210", "1110"]}]) == [
        "g-inf needs 5 MP for this path but has 4 (5.1.1, 5.3)"]
    s, events, _ = play(d, s, "german", [{"move": "g-inf", "path": ["1312", "1311"]}])
    assert events[0] == {"event": "move", "unit": "g-inf", "path": ["1313", "1312", "1311"]}
    assert s["units"]["g-inf"]["hex"] == "1311" and s["phase"] == "combat"


def test_4_1_two_mp_to_enter_and_two_more_to_leave_an_ezoc():
    """4.1 "Units pay +2 MPs to enter and another +2 to leave an EZOC. These extra costs are
    cumulative": 1314 costs 1+2; going on to 1315, EZOC to EZOC, 1+2+2 more."""
    d, s = moving()
    assert problem(d, s, [{"move": "g-inf", "path": ["1314"]}]) == []
    assert problem(d, s, [{"move": "g-inf", "path": ["1314", "1315"]}]) == ["g-inf needs 8 MP for this path but has 4 (5.1.1, 5.3)"]


def test_5_3_no_unit_enters_an_enemy_hex():
    d, s = moving()
    assert problem(d, s, [{"move": "g-inf", "path": ["1414", "1415"]}]) == ["1415 holds enemy units: a unit never enters them (5.3)"]


def test_3_3_5_a_unit_out_of_command_may_not_move():
    """3.3.5 "A unit that is out of command may not move or attack": g-39 is under the 39th
    Panzer Corps, not the activated 3rd SS Panzer Corps (3.0 combat units move and attack only when an HQ
    activates them; 3.3.1 an HQ activates the combat units under its command)."""
    d, s = moving()
    assert problem(d, s, [{"move": "g-39", "path": ["1210"]}]) == [
        "g-39 is not activated by 3SS-PZ-HQ (out of command: it may not move, 3.3.5)"]


def test_3_3_2_an_hq_activates_two_independent_units_within_its_range():
    """3.3.2 "Each selected HQ may activate a maximum of 2 independent units within range"."""
    d, s = moving()
    assert problem(d, s, [{"move": "g-ind", "path": ["1111"]}]) == [
        "g-ind is not activated by 3SS-PZ-HQ (out of command: it may not move, 3.3.5)"]
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["1111"]}]) == []
    assert problem(d, s, [{"activate": "g-inf"}]) == ["g-inf is not an independent unit (3.3.2)"]
    s2, events, _ = play(d, s, "german", [{"activate": "g-ind"}])
    assert events[0] == {"event": "independent", "unit": "g-ind"} and s2["independents"] == ["g-ind"]
    later = at(s, turn=2, hq_hex="1616")
    assert problem(d, later, [{"activate": "g-ind"}]) == [
        "g-ind is 6 hexes from 3SS-PZ-HQ, beyond its command range of 3 (3.3.3)"]


def test_6_0_two_combat_units_and_one_hq_a_hex_6_3_never_two_hqs():
    """6.0 "A maximum of two combat units (regardless of status) and one HQ may occupy a hex";
    6.3 "an HQ may not be stacked with another HQ"."""
    d, s = moving()
    assert problem(d, s, [{"move": "g-inf", "path": ["1213", "1212"]}]) == []       # g-pz, g-inf and the HQ
    assert problem(d, s, [{"move": "g-inf", "path": ["1213", "1212"]}, {"move": "g-inf2", "path": ["1212"]}]) == [
        "1212 would hold 3 combat units (g-inf, g-inf2, g-pz), over the limit of 2 (6.0)"]
    assert problem(d, s, [{"move": "3SS-PZ-HQ", "path": ["1211", "1111", "1011"]}]) == [
        "1011 would hold 2 HQs (39-Pz-HQ, 3SS-PZ-HQ); an HQ may not stack with another HQ (6.3)"]


def test_5_2_terrain_rivers_bridges_and_roads():
    """5.2 each hex and hexside costs MPs (the TEC); 5.2.2 an unbridged minor river costs one more MP; 5.2.3 the unbridged Oder may not be
    crossed; 5.2.4 a bridge negates the river; 5.2.1 a road's cost replaces the hex's."""
    d, s = moving(hexes={"1312": {"terrain": "forest"}},
                  sides={"1312|1313": ["minor_river"], "1313|1413": ["major_river"], "1313|1314": ["major_river", "bridge"],
                         "1211|1311": ["road"], "1311|1312": ["road"]})
    # forest 2 + the minor river 1, then along the road 1/2, then clear 1
    assert problem(d, s, [{"move": "g-inf", "path": ["1312", "1311", "1310"]}]) == [
        "g-inf needs 9/2 MP for this path but has 4 (5.1.1, 5.3)"]
    assert problem(d, s, [{"move": "g-inf", "path": ["1413"]}]) == [
        "1313 → 1413: crossing the unbridged Oder (major river) between 1313 and 1413 is prohibited (5.2.3)"]
    assert problem(d, s, [{"move": "g-inf", "path": ["1314"]}]) == []
    # along the road into the forest: 1/2 + 1/2, the hex's own cost ignored
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1312"]}]) == []
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1312", "1313", "1314"]}]) == [
        "g-inf2 needs 6 MP for this path but has 4 (5.1.1, 5.3)"]


def test_5_2_5_a_transit_hex_is_passed_through_never_stopped_in():
    d, s = moving(hexes={"1312": {"terrain": "clear", "transit": True}})
    assert problem(d, s, [{"move": "g-inf", "path": ["1312"]}]) == [
        "1312 is a transit hex: units pass through but may not stop there (5.2.5)"]
    assert problem(d, s, [{"move": "g-inf", "path": ["1312", "1311"]}]) == []


def test_5_3_a_pinned_unit_may_not_move():
    d, s = moving()
    s["units"]["g-inf"]["pinned"] = True
    assert problem(d, s, [{"move": "g-inf", "path": ["1312"]}]) == ["g-inf is pinned and may not move (5.3, 8.1.2)"]


def test_a_hex_the_campaign_has_not_listed_is_refused_naming_its_data_path():
    """Unknown terrain refuses naming the path (docs/data-format.md): 1710 is not listed."""
    d, s = moving(hole="1710")
    message = problem(d, s, [{"move": "g-pz", "path": ["1710"]}])[0]
    assert "`map.hexes.1710`" in message


ROADS = {"1211|1311": ["road"], "1311|1312": ["road"], "1310|1311": ["road"], "1210|1310": ["road"]}


def test_5_4_strategic_movement_pays_the_reduced_road_cost_along_roads_only():
    """5.4 "A unit using strategic movement pays a reduced cost instead of the normal terrain MP
    cost" (1/4 in the test data); 5.4.1 "The unit must use strategic movement for its entire
    movement" and begins in a road hex; "The unit may not begin or end in an EZOC, nor may it
    enter an EZOC"."""
    d, s = moving(sides=ROADS, values={"terrain.lines.road.strategic_movement_mp": "1/4"})
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1310", "1210"], "strategic": True}]) == []
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1312", "1313"], "strategic": True}]) == [
        "1312 → 1313: strategic movement follows a road for its entire movement (5.4, 5.4.1)"]
    d, s = moving(sides=dict(ROADS, **{"1312|1313": ["road"], "1313|1314": ["road"]}),
                  values={"terrain.lines.road.strategic_movement_mp": "1/4"})
    assert problem(d, s, [{"move": "g-inf", "path": ["1314"], "strategic": True}]) == [
        "1313 → 1314: a unit moving strategically may not enter an EZOC (1314, 5.4.1)"]


def test_5_4_2_german_strategic_movement_costs_a_command_chit_the_following_turn():
    """5.4.2 "If the German player moves any unit via strategic movement in any phase of turns
    1-10, the number of command chits they have on the following turn (or on that same turn in
    the case of turn 10) is reduced by one (maximum)"."""
    d, s = moving(sides=ROADS, values={"terrain.lines.road.strategic_movement_mp": "1/4"})
    s, events, _ = play(d, s, "german", [{"move": "g-inf2", "path": ["1311", "1310"], "strategic": True},
                                         {"move": "g-pz", "path": ["1211", "1311"], "strategic": False}])
    assert events[0] == {"event": "move", "unit": "g-inf2", "path": ["1211", "1311", "1310"], "strategic": True}
    assert s["fuel_short"] == [2]
    from pbem.games.stargard_solstice.cup import limit
    assert [limit(d, at(s, turn=t), "german") for t in (1, 2, 3)] == [2, 1, 2]
    last = at(s, turn=10, fuel_short=[])
    last, _, _ = play(d, at(last, phase="movement", moved=[]), "german",
                      [{"move": "g-inf2", "path": ["1311"], "strategic": True}])
    assert last["fuel_short"] == [10]


def test_12_1_no_soviet_strategic_movement_on_turn_1():
    d, s = moving()
    s = at(s, active="soviet", hq="61-HQ", activated=["s-inf"])
    assert [p.message for p in GAME.check(d, s, "soviet", [{"move": "s-inf", "path": ["1416"], "strategic": True}])] == [
        "no Soviet strategic movement on turn 1 (12.1, 5.4.1)"]


def test_5_6_a_combat_unit_overruns_a_lone_enemy_hq_whose_owner_relocates_it():
    """5.3 "a combat unit (with an attack strength greater than zero) may overrun a lone enemy HQ
    simply by entering its hex"; 5.6 "the HQ is forced to relocate" (12.2.6, 12.2.2), by its
    owner's signed answer before the Combat segment."""
    d, s = moving()
    s["units"]["61-HQ"]["hex"] = "1213"
    assert problem(d, s, [{"move": "3SS-PZ-HQ", "path": ["1213"]}]) == [
        "1213 holds enemy units: a unit never enters them (5.3)"]
    s, events, _ = play(d, s, "german", [{"move": "g-pz", "path": ["1213", "1214"]}])
    assert events[0] == {"event": "overrun", "hq": "61-HQ", "hex": "1213", "unit": "g-pz", "rule": "5.6, 12.2.6"}
    assert s["phase"] == "relocate" and GAME.awaiting(s).side == "soviet"
    legal = [p.message for p in GAME.check(d, s, "soviet", [{"relocate": "61-HQ", "to": "1213"}])][0]
    target = legal.split("relocated to ")[1].split(",")[0].split(" ")[0]
    s, events, _ = play(d, s, "soviet", [{"relocate": "61-HQ", "to": target}])
    assert events[0]["why"] == "overrun (12.2.6)" and s["phase"] == "combat" and GAME.awaiting(s).side == "german"


def test_14_2_1_three_mechanized_3rd_ss_units_off_the_map_through_landsberg_win_for_the_germans():
    """14.2.1 "If the German player moves 3 units with attack capability off the map via the
    Landsberg supply line ... during game turns 1, 2, or 3, the game ends immediately with a German
    sudden death victory ... The three units must be from the 3rd SS Corps (not independent
    units) and must be mechanized ... before these units leave, the Germans must have
    successfully lifted the siege of Arnswalde" (the line's hexes in the test data: 1011, 1111)."""
    from tests.sshelp import COUNTERS, combat
    for i in (1, 2):
        COUNTERS[f"g-mech{i}"] = combat(4, 4, "3SS-PZ-HQ", movement=6, mech=True)
    try:
        position = {**POSITION, "g-mech1": "1111", "g-mech2": "1011", "39-Pz-HQ": "1410"}
        d, s0 = start(position, values={"module.landsberg.exit_hexes": ["1011", "1111"]})
        s = at(s0, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[],
               activated=["g-inf", "g-mech1", "g-mech2", "g-pz"])
        out = [{"move": "g-pz", "path": ["1111"], "exit": True}]
        assert problem(d, s, out) == [
            "g-pz leaves the map only in supply (14.2) once the siege of Arnswalde is lifted (14.1.2, 14.2.1)"]
        s["relieved"] = ["arnswalde"]
        assert problem(d, s, [{"move": "g-inf", "path": [], "exit": True}]) == [
            "g-inf may not leave the map: only mechanized 3rd SS Corps units with an attack strength (14.2.1)"]
        assert problem(d, s, [{"move": "g-pz", "path": ["1213"], "exit": True}]) == [
            "1213 is not on the Landsberg supply line (1011, 1111, 14.2.1)"]
        three = [{"move": "g-pz", "path": ["1111"], "exit": True}, {"move": "g-mech1", "path": [], "exit": True},
                 {"move": "g-mech2", "path": [], "exit": True}]
        s, events, _ = play(d, s, "german", three)
        assert {"event": "sudden_death", "side": "german", "units": ["g-pz", "g-mech1", "g-mech2"], "rule": "14.2.1"} in events
        assert GAME.awaiting(s).done
    finally:
        for i in (1, 2):
            del COUNTERS[f"g-mech{i}"]


def test_6_3_1_a_unit_without_zoc_on_top_of_a_stack_takes_the_stack_s_zoc_away():
    """6.3.1 "If a player stacks a unit without ZOC capability on top of a unit that does have ZOC,
    the whole stack counts as if it had no ZOC." The owner says so with `on_top: true`; the HQ
    3SS-PZ-HQ (no ZOC, 4.2) moves onto g-inf in 1313, whose ZOC covers 1314; beneath (the
    default) the ZOC stays."""
    from pbem.games.stargard_solstice.common import zoc_of
    d, s = start({"3SS-PZ-HQ": "1312", "g-inf": "1313", "s-inf": "1616"})
    s = at(s, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1312", moved=[], activated=["g-inf"])
    assert "1314" in zoc_of(d, s, "german")
    beneath, _, _ = play(d, s, "german", [{"move": "3SS-PZ-HQ", "path": ["1313"]}])
    assert "1314" in zoc_of(d, beneath, "german") and "on_top" not in beneath["units"]["3SS-PZ-HQ"]
    assert problem(d, s, [{"move": "3SS-PZ-HQ", "path": ["1313"], "on_top": "yes"}]) == ["`on_top:` is true or false (6.3.1)"]
    top, _, _ = play(d, s, "german", [{"move": "3SS-PZ-HQ", "path": ["1313"], "on_top": True}])
    assert top["units"]["3SS-PZ-HQ"]["on_top"] == "1313" and "1314" not in zoc_of(d, top, "german")
    away, _, _ = play(d, at(top, phase="movement", moved=[]), "german", [{"move": "3SS-PZ-HQ", "path": ["1312"]}])
    assert "1314" in zoc_of(d, away, "german") and "on_top" not in away["units"]["3SS-PZ-HQ"]


def test_3_1_5_the_3rd_army_chit_lets_two_independent_units_move_anywhere():
    """3.1.5 "When activated, the 3rd Army chit also allows two independent units to move anywhere
    on the map (even out of command)": g-ind in 2020 is 12 hexes from 3SS-PZ-HQ (range 3). pbem
    reads the two as the activated HQ's two independent units (3.3.2), range lifted."""
    d, s = start({"3SS-PZ-HQ": "1212", "g-ind": "2020", "s-inf": "3030"})
    s = at(s, turn=4, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], activated=[],
           independents=[], chit="3SS-PZ-HQ")
    assert problem(d, s, [{"activate": "g-ind"}]) == [
        "g-ind is 12 hexes from 3SS-PZ-HQ, beyond its command range of 3 (3.3.3)"]
    assert problem(d, at(s, chit="3 Pz AOK"), [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2021"]}]) == []
