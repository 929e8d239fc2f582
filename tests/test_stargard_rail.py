"""Stargard Solstice behaviour 3: rail movement (5.5-5.5.3) with the units that may use it (3.1.5,
19.1.3, 7.1.1), strategic movement on entry (7.1.1, 19.1.5) and the Roll-Bahn's strategic cost
(5.4), on the made-up test map of tests/sshelp.py (clear 1 MP, odd columns down).

TEST DATA: the rail lines (a line down column 20, 2010-2016, and one from entry area A, 0110-0510),
the rail cost of 1/4 MP a hex and the strategic costs are made up for the tests; the rulebook text
prints none of them."""

from fractions import Fraction

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start
from tests.test_stargard_reinforcements import VALUES as ARRIVALS

LINE = {f"20{r:02d}|20{r + 1:02d}": ["railway"] for r in range(10, 16)}
RAIL = {"map.rail_lines.listed": True, "terrain.lines.railway.rail_movement_mp": "1/4"}
RAIL_ONLY = ("may not move by rail: only reinforcements on entry (5.5, 7.1.1), the 3rd Army chit's two independent "
             "units (3.1.5) and the divisions Defend the Reich withdraws (19.1.3) do")


def third_army(position=None, values=RAIL, **extra):
    """Turn 4, the 3rd Army chit has activated 3SS-PZ-HQ; g-ind (independent, MA 4) in 2010."""
    d, s = start({"3SS-PZ-HQ": "1212", "g-ind": "2010", "g-inf": "1313", "s-inf": "3030", **(position or {})},
                 sides=LINE, values=values)
    s = at(s, turn=4, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], activated=["g-inf"],
           independents=[], **{"chit": "3 Pz AOK", **extra})
    return d, s


def problem(d, s, orders, side="german"):
    return [p.message for p in GAME.check(d, s, side, orders)]


def test_3_1_5_the_3rd_army_chit_s_independent_unit_moves_by_rail_along_the_line_5_5_3():
    """3.1.5 "the 3rd Army chit also allows two independent units to move anywhere on the map (even
    out of command) using regular or rail movement"; 5.5.3 "The unit must use rail movement for its
    entire movement": three hexes down the line at 1/4 MP each; a step off the line is refused."""
    d, s = third_army()
    s, events, _ = play(d, s, "german", [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011", "2012", "2013"], "rail": True}])
    assert events[1] == {"event": "move", "unit": "g-ind", "path": ["2010", "2011", "2012", "2013"], "rail": True}
    assert s["units"]["g-ind"]["hex"] == "2013" and s["moved"] == ["g-ind"]
    assert GAME.describe(d, s, events[1:2]) == [("item", "g-ind moves 2010 → 2011 → 2012 → 2013 by rail (5.5)")]
    d, s = third_army()
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011", "2111"], "rail": True}]) == [
        "2011 → 2111: rail movement follows a rail line for its entire movement (5.5.3)"]
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011"], "rail": True, "strategic": True}]) == [
        "a unit uses strategic (5.4.1) or rail movement (5.5.3) for its entire movement, not both"]


def test_5_5_only_reinforcements_the_3rd_army_s_independents_and_the_withdrawing_divisions_use_rail():
    """5.5 "All units entering as reinforcements may use rail movement"; g-inf, activated by its own
    HQ, and g-ind under an ordinary chit may not."""
    d, s = third_army({"g-inf": "2010", "g-ind": "1112"})
    assert problem(d, s, [{"move": "g-inf", "path": ["2011"], "rail": True}]) == [f"g-inf {RAIL_ONLY}"]
    d, s = third_army({"g-ind": "1112"}, chit="3SS-PZ-HQ")
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["1111"], "rail": True}]) == [f"g-ind {RAIL_ONLY}"]


def test_19_1_3_the_withdrawing_divisions_move_by_rail_but_not_strategically():
    """19.1.3 "they may carry out a regular move (including rail movement but not strategic
    movement) with the units of the 39th PzK, FB (3rd SS), and FG (Munzel Corps) divisions"."""
    d, s = third_army({"g-39": "2010", "39-Pz-HQ": "1910"}, chit="3SS-PZ-HQ", reich={"turn": 4}, reich_movers=["g-39"])
    s["activated"] = ["g-39", "g-inf"]
    assert problem(d, s, [{"move": "g-39", "path": ["2011"], "strategic": True}]) == [
        "g-39 moves with this chit by regular movement only (19.1.3)"]
    s, events, _ = play(d, s, "german", [{"move": "g-39", "path": ["2011", "2012", "2013", "2014"], "rail": True}])
    assert events[0] == {"event": "move", "unit": "g-39", "path": ["2010", "2011", "2012", "2013", "2014"], "rail": True}


def test_5_5_2_a_unit_moving_by_rail_stops_when_it_enters_an_ezoc_and_may_not_leave_it_that_turn():
    """5.5.2 "A unit moving by rail stops when it enters an EZOC. It may not enter and leave an EZOC
    in the same turn." s-inf in 2115 controls 2015 and 2016: g-ind may stop in 2015 (5 hexes at 1/4
    and 4.1's +2 to enter: 13/4 of its 4 MP), not go on; in the next segment of the turn it may not
    leave by rail."""
    d, s = third_army({"s-inf": "2115"})
    orders = [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011", "2012", "2013", "2014", "2015", "2016"], "rail": True}]
    assert problem(d, s, orders) == ["g-ind must stop on entering the enemy ZOC at 2015 (5.5.2)"]
    s, _, _ = play(d, s, "german", [orders[0], dict(orders[1], path=orders[1]["path"][:5])])
    assert s["units"]["g-ind"]["hex"] == "2015" and s["rail_ezoc"] == {"g-ind": 4}
    again = at(s, phase="movement", moved=[], independents=["g-ind"])
    assert problem(d, again, [{"move": "g-ind", "path": ["2014"], "rail": True}]) == [
        "g-ind entered an EZOC by rail this turn and may not leave it in the same turn (5.5.2)"]
    assert problem(d, at(again, turn=5), [{"move": "g-ind", "path": ["2014"], "rail": True}]) == []


def test_5_5_2_leaving_an_ezoc_by_rail_ends_not_adjacent_to_an_enemy_unit():
    """5.5.2 "It may either move and enter an EZOC, OR leave an EZOC and end its movement not
    adjacent to an enemy unit": g-ind in 2015 (s-inf's EZOC) may go to 2014 (1/4 and 4.1's +2 to
    leave), not into 2016 (another EZOC), not to 2013 beside the Soviet 61-HQ in 2112 (an HQ is an
    enemy unit, 5.5.1 "enemy units (including HQs)"; it has no ZOC, 4.2.1)."""
    d, s = third_army({"g-ind": "2015", "s-inf": "2115", "61-HQ": "2112"})
    act = {"activate": "g-ind"}
    assert problem(d, s, [act, {"move": "g-ind", "path": ["2016"], "rail": True}]) == [
        "2015 → 2016: g-ind leaves an EZOC by rail and may not enter one in the same turn (2016, 5.5.2)"]
    assert problem(d, s, [act, {"move": "g-ind", "path": ["2014", "2013"], "rail": True}]) == [
        "g-ind leaves an EZOC by rail and must end its movement not adjacent to an enemy unit (2013, 5.5.2)"]
    s, _, _ = play(d, s, "german", [act, {"move": "g-ind", "path": ["2014"], "rail": True}])
    assert s["units"]["g-ind"]["hex"] == "2014" and "rail_ezoc" not in s


def test_5_1_1_a_rail_move_spends_the_rail_cost_of_each_hex_within_the_allowance():
    """5.1.1 "A unit may not spend more movement points (MPs) than its movement allowance permits":
    at 1 MP a hex of rail (made up), g-ind (MA 4) goes four hexes, not five."""
    d, s = third_army(values={**RAIL, "terrain.lines.railway.rail_movement_mp": 1})
    path = ["2011", "2012", "2013", "2014", "2015"]
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": path[:4], "rail": True}]) == []
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": path, "rail": True}]) == [
        "g-ind needs 5 MP for this rail move but has 4 (5.1.1, 5.5)"]


def test_5_5_3_a_rail_move_never_exceeds_the_stacking_limit_at_any_point():
    """5.5.3 "A unit may never exceed the stacking limit of the hex at any point while conducting
    rail movement": 2012 holds two combat units already."""
    d, s = third_army({"g-inf": "2012", "g-inf2": "2012"})
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011", "2012", "2013"], "rail": True}]) == [
        "2011 → 2012: 2012 would hold 3 combat units (g-ind, g-inf, g-inf2), over the limit of 2 (6.0): rail movement "
        "never exceeds it at any point (5.5.3)"]


def test_5_5_the_rail_lines_and_the_rail_cost_are_the_campaign_s_data_refused_naming_their_paths():
    """The rail lines are printed on the map and the rail cost on the TEC: neither is in the text."""
    orders = [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011"], "rail": True}]
    d, s = third_army(values={})
    assert problem(d, s, orders) == [
        "needs whether every rail line of the map is listed as `railway` hexsides in module.hexsides (5.5), which the "
        "rulebook text does not give (printed on: the map (its rail lines)); enter it as `map.rail_lines.listed` "
        "in the campaign's data override (data-override.yaml) — see `pbem data missing`; once the campaign has begun, every "
        "player signs it as a data amendment (`pbem amend propose`)"]
    d, s = third_army(values={"map.rail_lines.listed": True})
    message = problem(d, s, orders)[0]
    assert message.startswith("needs the MP per hex of rail movement (TEC, 5.5), which the rulebook text does not give "
                              "(printed on: Terrain Effects Chart (TEC) on the map and player aid card (1.2.3, 1.3.1)); "
                              "enter it as `terrain.lines.railway.rail_movement_mp`")
    d, s = third_army(values={"map.rail_lines.listed": False})
    assert problem(d, s, orders) == [
        "rail movement needs the map's rail lines: list each railway hexside in module.hexsides and set "
        "`map.rail_lines.listed: true` (5.5)"]


# -- reinforcements: 5.5.1 placement by rail, 7.1.1 rail and strategic movement on entry ----------
ENTRY_LINE = {"0110|0210": ["railway"], "0210|0310": ["railway"], "0310|0410": ["railway"], "0410|0510": ["railway"]}


def reinforcing(position=None, sides=ENTRY_LINE, values=RAIL):
    d, s = start({"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616", **(position or {})}, sides=sides,
                 values={**ARRIVALS, **values})
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    assert s["phase"] == "reinforce" and s["reinforcing"][0] == "german"
    return d, s


def test_5_5_1_a_reinforcement_is_placed_in_a_rail_hex_its_entry_point_reaches_and_moves_on_by_rail():
    """5.5.1 "Reinforcements may be placed in rail hexes that can trace a continuous rail route,
    unblocked by EZOCs or enemy units (including HQs), to the entry point where they should have
    entered"; 7.1.1 "Units have a full MA upon placement and have a movement phase upon entry, in
    which they may use regular, strategic, or rail movement": 1/1Mar (entry A: 0110, 0111) is
    placed in 0410 and goes on to 0510 by rail."""
    d, s = reinforcing()
    orders = [{"enter": "1/1Mar", "at": "0410", "rail": True}, {"move": "1/1Mar", "path": ["0510"], "rail": True}]
    s, events, _ = play(d, s, "german", orders)
    assert events[:2] == [{"event": "entered", "unit": "1/1Mar", "hex": "0410", "rule": "7.0, 5.5.1", "rail": True},
                          {"event": "move", "unit": "1/1Mar", "path": ["0410", "0510"], "rail": True}]
    assert s["units"]["1/1Mar"]["hex"] == "0510"


def test_5_5_1_an_ezoc_on_the_rail_route_blocks_the_placement_beyond_it():
    """s-one in 0311 controls 0310: the route from 0110 reaches 0210 only."""
    d, s = reinforcing({"s-one": "0311"})
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0410", "rail": True}]) == [
        "1/1Mar is placed by rail in a rail hex tracing a continuous rail route, unblocked by EZOCs or enemy units "
        "(including HQs), to its entry point 0110, 0111: 0110, 0210 (5.5.1)"]
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0210", "rail": True}]) == []


def test_7_1_1_a_reinforcement_may_move_strategically_on_entry_and_5_4_2_it_costs_the_german_a_chit():
    """7.1.1 "... in which they may use regular, strategic, or rail movement"; 5.4.2 "If the German
    player moves any unit via strategic movement in any phase of turns 1-10" the next turn has one
    chit fewer."""
    d, s = reinforcing(sides={"0110|0210": ["road"], "0210|0310": ["road"]},
                       values={"terrain.lines.road.strategic_movement_mp": "1/4"})
    s, events, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"},
                                         {"move": "1/1Mar", "path": ["0210", "0310"], "strategic": True}])
    assert events[1] == {"event": "move", "unit": "1/1Mar", "path": ["0110", "0210", "0310"], "strategic": True}
    assert s["fuel_short"] == [2]


def test_19_1_5_corps_tettau_enters_by_rail_but_never_strategically():
    """19.1.5 "treat the arrival of the units as a regular reinforcement (but strategic movement is
    not allowed)"; 5.4.1 "Corps Tettau and 2nd Guards Cavalry Corps units may not use strategic
    movement when entering via the random event table" (1/1Mar stands in for a Tettau unit)."""
    d, s = reinforcing(sides={**ENTRY_LINE, "0110|0111": ["road"]}, values={**RAIL, "terrain.lines.road.strategic_movement_mp": "1/4"})
    s = at(s, phase="tettau", tettau={"side": "german", "units": {"1/1Mar": [2, ["0110"]]}})
    s.pop("reinforcing")
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0110"}, {"move": "1/1Mar", "path": ["0111"], "strategic": True}]) == [
        "Corps Tettau and 2nd Guards Cavalry Corps units may not use strategic movement when entering via the random "
        "event table (5.4.1, 19.1.5)"]
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0310", "rail": True}, {"move": "1/1Mar", "path": ["0410"], "rail": True}]) == []


# -- 5.4 the Roll-Bahn ------------------------------------------------------------------------
ROLL_BAHN = {"1211|1311": ["roll_bahn"], "1311|1312": ["roll_bahn", "road"]}


def test_5_4_a_roll_bahn_carries_strategic_movement_at_its_own_strategic_cost():
    """5.4 "A unit using strategic movement pays a reduced cost instead of the normal terrain MP
    cost. See the terrain effects chart"; 5.2.5 "Roll-Bahn (highway)": g-inf2 in 1211 along the
    Roll-Bahn at 1/8 a hex (where a side has a road too, the Roll-Bahn's cost)."""
    from pbem.games.stargard_solstice.movement import path_cost
    values = {"terrain.lines.road.strategic_movement_mp": "1/4", "terrain.lines.roll_bahn.strategic_movement_mp": "1/8"}
    d, s = start({"3SS-PZ-HQ": "1212", "g-inf2": "1211", "s-inf": "3030"}, sides=ROLL_BAHN, values=values)
    s = at(s, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], activated=["g-inf2"],
           independents=[], chit="3SS-PZ-HQ")
    assert path_cost(d, s, "g-inf2", ["1311", "1312"], True) == (Fraction(1, 4), None)
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1312"], "strategic": True}]) == []
    d.behaviour = 2                      # older campaigns: strategic movement follows roads only
    assert problem(d, s, [{"move": "g-inf2", "path": ["1311", "1312"], "strategic": True}]) == [
        "1211 → 1311: strategic movement follows a road for its entire movement (5.4, 5.4.1)"]


def test_5_4_the_roll_bahn_s_strategic_cost_is_the_campaign_s_data_refused_naming_its_path():
    d, s = start({"3SS-PZ-HQ": "1212", "g-inf2": "1211", "s-inf": "3030"}, sides=ROLL_BAHN)
    s = at(s, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], activated=["g-inf2"],
           independents=[], chit="3SS-PZ-HQ")
    message = problem(d, s, [{"move": "g-inf2", "path": ["1311"], "strategic": True}])[0]
    assert message.startswith("needs the strategic MP cost of a roll-bahn (TEC, 5.4), which the rulebook text does not "
                              "give (printed on: Terrain Effects Chart (TEC) on the map and player aid card (1.2.3, "
                              "1.3.1)); enter it as `terrain.lines.roll_bahn.strategic_movement_mp`")


def test_behaviour_2_campaigns_refuse_rail_and_strategic_entry_as_before():
    """An older campaign (behaviour 2) plays on as recorded: no rail, no strategic movement on entry."""
    d, s = third_army()
    d.behaviour = 2
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011"], "rail": True}]) == [
        "rail movement (5.5) and strategic movement on entry (7.1.1) are not part of this campaign's revision "
        "(behaviour 2): g-ind moves by regular movement"]
    d, s = reinforcing()
    d.behaviour = 2
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0110"}, {"move": "1/1Mar", "path": ["0210"], "strategic": True}]) == [
        "rail movement (5.5) and strategic movement on entry (7.1.1) are not part of this campaign's revision "
        "(behaviour 2): 1/1Mar moves by regular movement"]


def test_5_5_a_rail_hex_the_campaign_has_not_listed_is_refused_naming_its_path_and_no_rail_exit_14_2_1():
    """The terrain of a hex on the line that the data lacks refuses naming `map.hexes.2012`; a unit
    leaves the map through the Landsberg line by regular movement only (14.2.1 "The MP cost for the
    exit hex is the same as the hex currently occupied"); rail placement also needs the lines."""
    d, s = start({"3SS-PZ-HQ": "1212", "g-ind": "2010", "s-inf": "3030"}, sides=LINE, values=RAIL, hole="2012")
    s = at(s, turn=4, phase="movement", active="german", hq="3SS-PZ-HQ", hq_hex="1212", moved=[], activated=[],
           independents=[], chit="3 Pz AOK")
    message = problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011", "2012"], "rail": True}])[0]
    assert "`map.hexes.2012`" in message
    assert problem(d, s, [{"activate": "g-ind"}, {"move": "g-ind", "path": ["2011"], "rail": True, "exit": True}]) == [
        "g-ind leaves the map by regular movement, not by rail (14.2.1: the MP cost of the exit hex)"]
    d, s = reinforcing(values={})
    assert problem(d, s, [{"enter": "1/1Mar", "at": "0210", "rail": True}])[0].startswith(
        "needs whether every rail line of the map is listed as `railway` hexsides in module.hexsides (5.5)")
