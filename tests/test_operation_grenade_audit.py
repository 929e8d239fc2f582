"""Operation Grenade cases the coverage audit (tests/test_grenade_rule_coverage.py) found without a
test citing them, and worked examples without a test quoting them. The map, counters and chits are
the made-up values of examples/operation-grenade-demo/data-override.yaml (tests/test_operation_grenade_rules.py)."""

import copy

from pbem.games.operation_grenade import GAME
from pbem.games.operation_grenade.crt import crt_line
from tests.test_operation_grenade_rules import (ScriptedDice, attack, d_result, data, end_game_turn, loss_problems, move,  # noqa: F401 (fixtures)
                                                position, problems, scenario)

# -- 5.x movement -------------------------------------------------------------------------------


def test_5_11_5_23_all_some_or_none_of_the_units_move_spending_some_of_their_points(data, scenario):
    """5.11: "all, some or none of the Phasing Player's units may be moved"; 5.23: "A unit may expend
    all, some, or none of its Movement Points". One of two units moves one clear hex of its five."""
    state = position(data, scenario, {"119/30/19": "1208", "120/30/19": "1210"})
    assert problems(data, state, []) == []
    GAME.apply(data, state, "allied", [move("119/30/19", "1208", "1209")], ScriptedDice(*[6] * 20))
    assert state["units"]["119/30/19"]["hex"] == "1209" and state["units"]["120/30/19"]["hex"] == "1210"


def test_5_12_combat_never_occurs_during_the_movement_phase(data, scenario):
    """5.12: "Combat may never occur during the Movement Phase." The Movement Phase's orders have no
    `attack:`; one there is refused, and the same order is legal in the Combat Phase."""
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012"})
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}]) == [
        "unknown key(s) attack, with here (expected eliminate, enter, move, path, ruse, strategic); `attack:` is an order "
        "of another step: Combat Phase (9.0); this one is Game-Turn 2 (1945-02-18) Allied Movement Phase (5.0)"]
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012"}, phase="combat")
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}]) == []


def test_5_13_5_41_each_unit_moves_tactically_or_strategically_never_both(data, scenario):
    """5.13: the Phasing Player decides "if each of his units will move as tactically or strategically";
    5.41: "a given unit may employ either tactical or strategic movement, but never both"."""
    state = position(data, scenario, {"A/2A/19": "0501"}, turn=4)
    orders = [move("A/2A/19", "0501", "0502"), {"move": "A/2A/19", "path": ["0502", "0503"], "strategic": True}]
    [found] = GAME.check(data, state, "allied", orders)
    assert found.index == 1 and "already moved" in found.message


def test_5_44_strategic_moves_may_come_before_tactical_ones(data, scenario):
    """5.44: "Players are not obligated to adhere rigidly to the sequence of moving units first tactically
    and then strategically." A strategic move written before a tactical one is legal."""
    state = position(data, scenario, {"A/2A/19": "0501", "119/30/19": "1208"}, turn=4)
    orders = [{"move": "A/2A/19", "path": ["0501", "0502", "0503"], "strategic": True}, move("119/30/19", "1208", "1209")]
    assert problems(data, state, orders) == []


def test_5_32_mechanized_and_non_mechanized_units_pay_different_costs(data, scenario):
    """5.32: "Mechanized and non-mechanized units pay different Movement Point costs for each hex entered"
    (5.62). In mud (24.22) the same clear-then-hilltop path costs the German infantry 5 MP, the tank 12."""
    state = position(data, scenario, {"1150/183/12": "1309", "120/30/19": "1209"}, side="german", turn=4, mud=True)
    assert problems(data, state, [move("1150/183/12", "1309", "1308")]) == []        # 5.25: one hex at least
    state = position(data, scenario, {"9P/81": "1309", "120/30/19": "1209"}, side="german", turn=4, mud=True)
    [message] = problems(data, state, [move("9P/81", "1309", "1308")])
    assert "needs 12 MP" in message


def test_5_71_5_72_7_12_friendly_units_cost_nothing_to_pass_or_join(data, scenario):
    """5.71: "A Friendly unit may move through hexes occupied by other Friendly units at no additional
    Movement Point cost"; 5.72: Friendly-controlled hexes never interfere; 7.12: "There is no Movement
    Point cost to stack or unstack." The 4-MP clear path of 5.42 stays 4 MP through and into friendly hexes."""
    state = position(data, scenario, {"119/30/19": "1208", "120/30/19": "1209", "117/30/19": "1210", "175/29/19": "1212"})
    path = move("119/30/19", "1208", "1209", "1210", "1211", "1212")
    assert problems(data, state, [path]) == []
    GAME.apply(data, state, "allied", [path], ScriptedDice(*[6] * 20))
    assert state["units"]["119/30/19"]["hex"] == state["units"]["175/29/19"]["hex"] == "1212"
    [message] = problems(data, position(data, scenario, {"119/30/19": "1208", "120/30/19": "1209"}),
                         [move("119/30/19", "1208", "1209", "1210", "1211", "1212", "1213")])
    assert "needs 6 MP" in message                                                # woods 2: the friendly hex added nothing


# -- 6.x zones of control ---------------------------------------------------------------------

def test_6_0_6_22_6_23_the_six_surrounding_hexes_whatever_their_terrain(data, scenario):
    """6.0: "The six hexes immediately surrounding a unit (or stack) constitute that unit's Zone of
    Control"; 6.23: "No terrain ever affects Zones of Control" (the woods 1213 next to 1212 is in it);
    6.22: "A unit never pays an additional cost to enter an Enemy-controlled hex": 1111 -> 1112 (clear,
    1 MP) is legal, and the move ends there (6.31)."""
    state = position(data, scenario, {"1150/183/12": "1212", "1151/183/12": "1213"}, side="german")
    grid = GAME.grid(data)
    assert GAME.enemy_zoc(data, state, "allied") == set(grid.neighbours("1212")) | set(grid.neighbours("1213"))
    assert len(grid.neighbours("1212")) == 6 and "1213" in grid.neighbours("1212")
    state = position(data, scenario, {"119/30/19": "1111", "1150/183/12": "1012"})
    assert problems(data, state, [move("119/30/19", "1111", "1112")]) == []
    [message] = problems(data, state, [move("119/30/19", "1111", "1112", "1212")])
    assert "must stop on entering the enemy ZOC at 1112 (6.31)" in message


def test_6_21_zones_of_control_bind_in_both_player_turns(data, scenario):
    """6.21: "Any unit that exerts a Zone of Control exerts it at all times during the Game-Turn": the
    Allied regiment at 1012 stops a German unit moving in the German Player-Turn."""
    state = position(data, scenario, {"1150/183/12": "1111", "119/30/19": "1012"}, side="german")
    assert problems(data, state, [move("1150/183/12", "1111", "1112")]) == []
    [message] = problems(data, state, [move("1150/183/12", "1111", "1112", "1212")])
    assert "must stop on entering the enemy ZOC at 1112 (6.31)" in message


def test_6_34_a_friendly_unit_does_not_negate_the_enemy_zone_for_movement(data, scenario):
    """6.34: "Friendly units do not negate Enemy Zones of Control in the hexes they occupy for the
    purposes of movement." 120/30/19 already stands at 1112, next to the German: the mover still stops there."""
    state = position(data, scenario, {"119/30/19": "1111", "120/30/19": "1112", "1150/183/12": "1012"})
    [message] = problems(data, state, [move("119/30/19", "1111", "1112", "1212")])
    assert "must stop on entering the enemy ZOC at 1112 (6.31)" in message


def test_6_4_a_friendly_unit_does_not_negate_the_enemy_zone_for_a_retreat(data, scenario):
    """6.4: "Friendly units do not negate Enemy Zones of Control in the hexes they occupy for the
    purposes of tracing paths of retreat." The zone a German retreat reads (9.92) keeps 1113 though a
    German unit stands in it; the D2 of 9.92's test through 1113 costs the step."""
    state = position(data, scenario, {"119/30/19": "1112", "1151/183/12": "1113"}, phase="combat")
    assert "1113" in GAME.enemy_zoc(data, state, "german")
    state = d_result(data, scenario, (4, 4), extra={"120/30/19": "0813"})
    GAME.apply(data, state, "german", [{"combat": "1012", "losses": ["1150/183/12"], "retreat": ["1113", "1114"]}], ScriptedDice())
    unit = state["units"]["1150/183/12"]
    assert (unit["hex"], unit["form"]) == ("1114", "reduced")


# -- 7.0, 8.51 stacking --------------------------------------------------------------------------

def test_7_0_8_51_three_units_a_hex_their_chits_not_counted(data, scenario):
    """7.0: "A maximum of three units may end the Friendly Movement Phase stacked in the same hex";
    8.51: "Strength chits never count for stacking purposes." Three tried units (each with its chit)
    stack; a fourth unit is refused."""
    state = position(data, scenario, {"119/30/19": ("1209", "3-06"), "120/30/19": ("1209", "3-02"), "117/30/19": "1208",
                                      "175/29/19": "1207"})
    assert problems(data, state, [move("117/30/19", "1208", "1209")]) == []
    [message] = problems(data, state, [move("117/30/19", "1208", "1209"), move("175/29/19", "1207", "1208", "1209")])
    assert "1209 would hold 4 units" in message and "(7.11)" in message


# -- 9.x combat ---------------------------------------------------------------------------------

def test_9_22_9_23_9_24_attacks_from_several_hexes_one_combined_defence_a_stack_split(data, scenario):
    """9.22: "Units in two or more different hexes may combine their Combat Strengths to attack a single,
    adjacent hex"; 9.23: "All units in a given hex must be attacked as a single, combined Combat Strength";
    9.24: units of one hex "may attack a different hex" each (one regiment per hex, 7.21)."""
    units = {"119/30/19": ("1112", "3-06"), "120/30/19": ("1011", "3-02"), "1150/183/12": ("1012", "2-01"), "Pol/12": "1012"}
    state = position(data, scenario, units, phase="combat")
    _, _, event = attack(data, state, "1012", ["119/30/19", "120/30/19"], 6, 6)
    assert (event["attackers"], event["defenders"]) == ({"119/30/19": 8, "120/30/19": 5}, {"1150/183/12": 3, "Pol/12": 1})
    assert (event["attack"], event["defence"], event["column"], event["result"]) == (13, 4, "3-1", "D2(1)")
    units = {"119/30/19": ("1112", "3-06"), "113/19": "1112", "1150/183/12": ("1012", "2-01"), "1151/183/12": ("1113", "2-04")}
    state = position(data, scenario, units, phase="combat")
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}, {"attack": "1113", "with": ["113/19"]}]) == []


def test_9_26_9_31_the_defender_s_terrain_picks_the_crt_line_the_best_of_several(data, scenario):
    """9.31: "terrain effects are "integrated" into the CRT ... determine the terrain type occupied by the
    defending unit"; 9.26: "If several units subject to a single attack are defending in more than one
    hex, use the terrain line on the CRT most favorable to the defender.\""""
    state = position(data, scenario, {})
    assert crt_line(GAME, data, state, ["1012"]) == "clear"
    assert crt_line(GAME, data, state, ["1213"]) == "woods_swamp_town"
    assert crt_line(GAME, data, state, ["1012", "1213"]) == "woods_swamp_town"


# -- 24.11 weather -------------------------------------------------------------------------------

def test_24_11_the_weather_is_rolled_at_the_beginning_of_every_game_turn(data, scenario):
    """24.11: "At the beginning of every Game-Turn, the US player should roll a single die and consult the
    Weather Table." Ending Game-Turn 1 rolls one die for Game-Turn 2's weather."""
    state = position(data, scenario, turn=1, weather="light_overcast")
    outcome = end_game_turn(data, state, 4)
    weather = next(e for e in outcome.events if e["event"] == "weather")
    assert (state["turn"], state["weather"], weather["roll"]) == (2, "heavy_overcast", 4)


def test_24_21_example_a_thaw_gives_mud_on_its_game_turn_and_the_next(data, scenario):
    """24.21 example: "There is a thaw on Game-Turn Two. Mud is in effect during Game-Turns Two and Three.
    If there is a thaw on Game-Turn Three, mud would also be in effect during Game-Turn Four."."""
    state = position(data, scenario, turn=1, weather="heavy_overcast")
    end_game_turn(data, state, 6)                                        # heavy overcast +1: 7, kept at 6: thaw (24.14)
    assert (state["turn"], state["weather"]) == (2, "thaw") and state["mud_turns"] == [2, 3] and GAME.mud(state)
    dry = copy.deepcopy(state)
    end_game_turn(data, dry, 3)                                          # Game-Turn 3 light overcast: still mud, none after
    assert (dry["turn"], dry["weather"], dry["mud_turns"]) == (3, "light_overcast", [2, 3]) and GAME.mud(dry)
    end_game_turn(data, state, 6)                                        # a thaw on Game-Turn Three too
    assert (state["turn"], state["weather"], state["mud_turns"]) == (3, "thaw", [2, 3, 4])


# -- 5.5 strategic movement: the examples -------------------------------------------------------

def test_5_51_example_strategic_movement_never_starts_in_or_enters_hex_a(data, scenario):
    """5.51 example: "(An example diagram shows a permissible execution of strategic movement. Note that if
    the moving unit began the Segment in hex A, or moved into hex A during the course of the Segment,
    strategic movement would not be permitted.)" Hex A is the first road hex within two hexes of the German at 0705."""
    grid = GAME.grid(data)
    road = ["0501", "0502", "0503", "0504", "0505", "0506"]
    hex_a = next(h for h in road if grid.distance(h, "0705") < 3)
    before = road[:road.index(hex_a)]
    state = position(data, scenario, {"A/2A/19": "0501", "1150/183/12": "0705"}, turn=4)
    assert problems(data, state, [{"move": "A/2A/19", "path": before, "strategic": True}]) == []
    [message] = problems(data, state, [{"move": "A/2A/19", "path": before + [hex_a], "strategic": True}])
    assert "(5.51)" in message
    state = position(data, scenario, {"A/2A/19": hex_a, "1150/183/12": "0705"}, turn=4)
    [message] = problems(data, state, [{"move": "A/2A/19", "path": [hex_a, before[-1]], "strategic": True}])
    assert "(5.51)" in message


def test_5_52_example_a_third_of_a_point_a_road_hex_and_only_through_road_hexsides(data, scenario):
    """5.52 example: "a mechanized unit moving along a road would only spend 1/3 of a Movement Point per hex
    entered when employing this type of movement. However, note that a road benefit is only provided if a
    unit enters a hex through a hexside containing a road feature." The tank brigade (MA 10) runs eleven
    road hexes strategically (11/3 MP); off the road the hex costs its terrain."""
    from pbem.games.operation_grenade.movement import entry_cost
    state = position(data, scenario, {"A/2A/19": "0501"}, turn=4)
    road = ["0501", "0502", "0503", "0504", "0505", "0506", "0507", "0508", "0509", "0510", "0511", "0512"]
    assert problems(data, state, [{"move": "A/2A/19", "path": road, "strategic": True}]) == []
    assert str(entry_cost(GAME, data, state, "A/2A/19", "0501", "0502", strategic=True)[0]) == "1/3"
    off_road = next(h for h in GAME.grid(data).neighbours("0502") if h not in road and GAME.on_map(data, h)
                    and "road" not in GAME.map(data).hexside("0502", h) and data.get(f"map.hexes.{h}.terrain") == "clear")
    assert entry_cost(GAME, data, state, "A/2A/19", "0502", off_road, strategic=True) == (1, "")


# -- 8.36, 22.21, 22.22 examples (data) --------------------------------------------------------

def test_8_36_example_a_morale_1_class_c_regiment_with_strength_3(data, scenario):
    """8.36 example: "The German infantry regiment 126/48/13 is performing combat for the first time. The unit
    is morale level 1, so the German Player picks a chit from morale pool #1. The chit is immediately placed
    underneath 126/48/13 with the front side facing up. Since 126/48/13 is combat class C, the combat strength
    of this unit is 3." 126/48/13 is a counter of another game (its known chit face is in the rules data);
    here the morale-1, class-C regiment 943/353/58 carries the demo's pool-1 chit 1-05 (C 3 on the front)."""
    face = data.get("chits.strength_chits.pools.1.known_faces")[0]
    assert (face["class"], face["strength"], face["example_unit"]) == ("C", 3, "126/48/13")
    state = position(data, scenario, {"943/353/58": ("0310", "1-05")}, side="german")
    assert GAME.strength(data, state, "943/353/58") == 3 and state["units"]["943/353/58"]["steps"] == 3     # 9.82


def test_22_21_22_22_examples_the_koeln_bridge_runs_from_0419_to_0320(data):
    """22.21 example: "the western terminus hex of the bridge at Koeln is 0419." 22.22 example: "the
    eastern terminus hex of the bridge at Koeln is 0320." The two hexes share the bridge hexside."""
    assert data.get("map.hexes.0419.name") == "Koeln" and GAME.grid(data).adjacent("0419", "0320")
    assert (data.get("bridges.rhine_bridges.locations.koeln.west_terminus"),
            data.get("bridges.rhine_bridges.locations.koeln.east_terminus")) == ("0419", "0320")


# -- 11.32, 12.1, 14.12, 18.14 -----------------------------------------------------------------

def test_11_32_units_found_out_of_supply_are_marked(data, scenario):
    """11.32: "Place an Out of Supply marker on all units that are determined to be out of supply during
    the Mutual Supply Determination Phase." The save's `supply` marks 329/83/19, seven hexes from a road
    (11.31), and the step's events say so."""
    from pbem.games.operation_grenade import supply
    state = position(data, scenario, {"329/83/19": "2503", "330/83/19": "0810"}, turn=8)
    events: list = []
    supply.determine(GAME, data, state, events)
    assert state["supply"] == {"329/83/19": "out_of_supply", "330/83/19": "in_supply"}
    assert events == [{"event": "supply", "unit": "329/83/19", "status": "out_of_supply", "rule": "11.31"}]


def test_12_1_no_penalty_to_enter_an_entrenchment_and_it_stays(data, scenario):
    """12.1: "There is no Movement Point penalty to enter an entrenchment hex. Entrenchment hexes are
    permanent." 0110 (clear, entrenched) costs a US regiment the clear hex's 1 MP, and it stays entrenched."""
    from pbem.games.operation_grenade.movement import entry_cost
    state = position(data, scenario, {"119/30/19": "0209"})
    assert data.get("map.hexes.0110") == {"terrain": "clear", "entrenchment": True}
    assert entry_cost(GAME, data, state, "119/30/19", "0209", "0110") == entry_cost(GAME, data, state, "119/30/19", "0209", "0210") == (1, "")
    GAME.apply(data, state, "allied", [move("119/30/19", "0209", "0110")], ScriptedDice(*[6] * 20))
    assert state["units"]["119/30/19"]["hex"] == "0110" and GAME.map(data).has("0110", "entrenchment")


def test_14_12_reinforcements_may_move_strategically_three_hexes_from_the_enemy(data, scenario):
    """14.12: "It is permissible for reinforcements to employ strategic movement in their Game-Turn of
    entry as long as they remain at least three hexes away from Enemy units at all times during the
    Movement Phase.\""""
    order = {"enter": "393/99/7", "path": ["0301", "0302", "0303"], "strategic": True}
    assert problems(data, position(data, scenario, turn=4), [order]) == []
    [message] = problems(data, position(data, scenario, {"1150/183/12": "0404"}, turn=4), [order])
    assert message == "393/99/7 may move strategically only 3 or more hexes from the enemy; 0303 is 2 from 0404 (5.51)"


def test_18_14_roer_hexsides_are_rivers_for_movement_whatever_the_current(data, scenario):
    """18.14: "All Roer hexsides are considered normal river hexsides for purposes of movement, regardless
    of the current." 0109 -> 0108 crosses the upper Roer: the river cost for a regiment, a refusal for a
    tank without a road (5.61), the same at every current."""
    from pbem.games.operation_grenade.movement import entry_cost
    costs = set()
    for current in (None, "normal", "rapid", "torrent"):
        state = position(data, scenario, {"119/30/19": "0109", "9P/81": "0109"}, flood="gradual_flood", d_day="1945-02-20", current=current)
        costs.add((entry_cost(GAME, data, state, "119/30/19", "0109", "0108"), entry_cost(GAME, data, state, "9P/81", "0109", "0108")[0]))
    plain = entry_cost(GAME, data, state, "119/30/19", "0109", "0209")[0]
    river = data.get("game.movement.costs.river_hexside.non_mechanized")
    assert costs == {((data.get("terrain.hexes.hilltop.movement.non_mechanized") + river, ""), None)} and plain == 1
