"""Dark December road control (5.7) and strategic movement (10.4 and what rests on it: 10.6.2, 11.2 B, 11.3 B,
12.2, 13.3.2 B, 16.1 G, 20.1 A-C, 20.4.1 D), campaigns of behaviour 3; 20.4.2 road interdiction.

The map is the demonstration block of tests/test_dark_december_rules.py (examples/dark-december-demo:
columns 10-14, rows 10-14, offset even-columns-down) with column 11 extended south to row 30 and roads
added by `road()`. Column 11 runs 1110, 1111, 1112, ... each hex next to the one below it; 1010 touches
1110 and 1111.
"""


import pytest

from pbem.errors import UnknownDataError
from pbem.games.dark_december import GAME
from tests.dicehelp import ScriptedDice
from tests.test_dark_december_rules import apply, base, changed, messages, position  # noqa: F401  (fixtures)
from tests import fastyaml

CLEAR = {"terrain": "clear", "army": "none", "hexes_east_of_westwall": 0}


@pytest.fixture
def data(base):  # noqa: F811
    """Column 11 to row 30, no roads yet, every road hex Allied at the start (5.7 B, C)."""
    extra = {f"map.hexes.11{r}": dict(CLEAR) for r in range(15, 31)}
    return changed(base, {**extra, "map.road_control.german_at_start.turning_point": []})     # changed() copies base


def road(data, chain, **more):
    """Road hexsides along a chain of adjacent hexes (map.hexsides.A|B: [road])."""
    sides = {f"map.hexsides.{'|'.join(sorted((a, b)))}": ["road"] for a, b in zip(chain, chain[1:])}
    return changed(data, {**sides, **more})


def column(first, last):
    return [f"11{r}" for r in range(first, last + 1)]


def sm(state, *units):
    state["strategic"] = sorted(units)
    return state


# -- 10.4.2, 10.4.4: the capability and the costs ------------------------------------------------------------

def test_10_4_4_example_allied_infantry_capability_25(data):
    """10.4.4 A: "Example: An Allied Infantry unit, a 3-4-5, would have a strategic movement capability of 25
    (5 x 5). Moving through a dense forest hex first costs 4 MPs. It could then move into a light woods hex
    containing a road for another 3 MPs, then 15 hexes along a road and into a light woods hex off the road."
    10.4.2 C: Allied infantry types pay 1/5 MP a connected friendly road hex, i.e. 1 of the capability 25."""
    data = road(data, column(11, 26), **{"units.units.counters.us-inf1.movement": 5, "map.hexes.1110.terrain": "dense_forest",
                                          "map.hexes.1111.terrain": "woods", "map.hexes.1127.terrain": "woods"})
    state = sm(position(data, {"us-inf1": "1010", "ger-inf1": "1414"}, side="allies"), "us-inf1")
    path = ["1010", "1110", "1111"] + column(12, 26) + ["1127"]
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": path}])) == []
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": path + ["1128"]}]))
    assert got == ["us-inf1 needs 26 of its strategic movement capability 25 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    apply(data, state, "allies", [{"move": "us-inf1", "path": path}])
    assert state["units"]["us-inf1"]["hex"] == "1127" and state["strategic"] == ["us-inf1"]


def test_entering_costs_half_the_printed_ma_motorized_pay_a_third(data):
    """10.4.1 D: a unit enters strategic movement by expending half its printed MA (rounded up) first; 10.4.2 B
    motorized units pay 1/3 MP a connected friendly road hex: a 6 MA panzer has 3 MP left, 9 road hexes."""
    data = road(data, column(12, 30), **{"map.road_control.german_at_start.turning_point": column(12, 30)})
    state = position(data, {"ger-pz1": "1112", "us-inf1": "1414"})
    order = {"move": "ger-pz1", "path": column(12, 21), "strategic": "enter"}
    assert messages(GAME.check(data, state, "german", [order])) == []
    got = messages(GAME.check(data, state, "german", [{**order, "path": column(12, 22)}]))
    assert got == ["ger-pz1 needs 10 of its strategic movement capability 9 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    apply(data, state, "german", [order])
    assert state["strategic"] == ["ger-pz1"] and state["units"]["ger-pz1"]["hex"] == "1121"
    state["phase"] = "movement"
    # the next Movement Phase it moves its whole MA in it: 18 road hexes
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(21, 30)}])) == []


def test_german_infantry_half_a_road_hex_and_the_off_road_costs(data):
    """10.4.2 B German infantry types pay 1/2 MP a road hex (capability 2 x MA); 10.4.4 B off the road clear and
    rough cost them 1, woods and dense forest 2."""
    data = road(data, column(12, 20), **{"map.road_control.german_at_start.turning_point": column(12, 20),
                                          "map.hexes.1210.terrain": "woods"})
    state = sm(position(data, {"ger-inf1": "1112", "us-inf1": "1414"}), "ger-inf1")
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": column(12, 20)}])) == []   # 8 of 8
    off = ["1112", "1111", "1210", "1110"]            # clear 1, woods 2, clear 1 off the road: 4 of 8
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": off + ["1010", "0910"]}])) == [
        "0910 is not on the map (map.hexes.0910)"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": off}])) == []


def test_who_may_enter_strategic_movement(data):
    """10.4.1 A the sole occupant of a road hex (reading DD4; 10.4.4 C with errata.DD4=rule-10-4-4-C), not in
    an enemy ZOC, not marked unsupplied or isolated; 10.4.1 B not from reserve."""
    data = road(data, ["1112", "1113", "1114"], **{"map.road_control.german_at_start.turning_point": ["1112", "1113", "1114"]})
    state = position(data, {"ger-inf1": "1112", "ger-inf2": "1112", "ger-pz1": "1311", "ger-pz2": "1113", "us-inf1": "1114"})
    enter = [{"move": u, "path": [state["units"][u]["hex"]], "strategic": "enter"} for u in ("ger-inf1", "ger-pz1", "ger-pz2")]
    assert messages(GAME.check(data, state, "german", enter)) == [
        "ger-inf1 is not the sole occupant of 1112 and may not enter strategic movement (10.4.1 A)",
        "ger-pz1 is not on a road hex and may not enter strategic movement (10.4.1 A; reading DD4)",
        "ger-pz2 is in an enemy ZOC and may not enter strategic movement (10.4.1 A)"]
    state = position(data, {"ger-inf1": "1112", "us-inf1": "1411"})
    state["supply"] = {"ger-inf1": "unsupplied"}
    assert messages(GAME.check(data, state, "german", [enter[0]])) == [
        "ger-inf1 is marked unsupplied and may not enter strategic movement (10.4.1 A)"]
    state["supply"], state["units"]["ger-inf1"]["reserve"] = {}, True
    assert messages(GAME.check(data, state, "german", [enter[0]])) == [
        "ger-inf1 is in reserve and may not move in the Movement Phase (7.1.3.1 B, 14.1 E)".replace(
            "may not move in the Movement Phase (7.1.3.1 B, 14.1 E)", "may move only in reaction or exploitation (7.1.3.1 B, 14.1 E)")]


def test_reading_dd4_lets_a_unit_enter_off_the_road(data):
    """Reading DD4=rule-10-4-4-C: "Units may enter strategic movement even when they do not begin their turn on a
    road hex" (10.4.4 C)."""
    from pbem.gamedata import apply_readings
    data = changed(data, {})
    apply_readings(data, {"DD4": "rule-10-4-4-C"})
    state = position(data, {"ger-pz1": "1311", "us-inf1": "1414"})
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1311"], "strategic": "enter"}])) == []


def test_leaving_costs_half_the_ma(data):
    """10.4.7 A: a unit leaves strategic movement by expending half its MA (rounded up) at the start of the
    Movement Phase: a 4 MA infantry unit has 2 MP left."""
    state = sm(position(data, {"ger-inf1": "1112", "us-inf1": "1414"}), "ger-inf1")
    leave = {"move": "ger-inf1", "path": ["1112", "1111", "1110"], "strategic": "leave"}
    assert messages(GAME.check(data, state, "german", [leave])) == []
    assert messages(GAME.check(data, state, "german", [{**leave, "path": ["1112", "1111", "1110", "1210"]}])) == [
        "ger-inf1 needs 3 MP for this path but has 2 (10.2 B; 10.2 A guarantees one hex only)"]
    apply(data, state, "german", [leave])
    assert state["strategic"] == [] and state["units"]["ger-inf1"]["hex"] == "1110"


# -- 10.4.3, 12.2, 10.4.5 (reading DD3) ---------------------------------------------------------------------

def test_no_zoc_and_no_entry_into_enemy_zocs(data):
    """12.2, 10.4.3 A: units in strategic movement have no ZOC, nor may they enter enemy ZOCs (reading DD3, the
    default); an enemy unit moves past one freely."""
    data = road(data, column(12, 20), **{"map.road_control.german_at_start.turning_point": column(12, 20)})
    state = sm(position(data, {"ger-inf1": "1112", "us-inf1": "1311"}, side="allies"), "ger-inf1")
    # us-inf1 walks through the ZOC of ger-inf1 (1211, 1212 touch 1112): no stop (12.2)
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1311", "1211", "1111", "1010"]}])) == []
    state = sm(position(data, {"ger-inf1": "1112", "us-inf1": "1311"}), "ger-inf1")
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1112", "1211"]}]))
    assert got == ["units in strategic movement may not enter enemy ZOCs: 1211 (10.4.3 A, 12.2; reading DD3)"]


def test_reading_dd3_enters_the_zoc_stops_and_attacks_at_half_strength(data):
    """Reading DD3=rule-10-4-5: "Units in strategic movement may enter enemy ZOCs and attack at the owning side's
    discretion. Such units attack at half strength (rounded up)." (10.4.5 A/B); 12.1 A the move ends there."""
    from pbem.gamedata import apply_readings
    from pbem.games.dark_december.combat import strength
    data = changed(data, {})
    apply_readings(data, {"DD3": "rule-10-4-5"})
    state = sm(position(data, {"ger-pz1": "1112", "us-inf1": "1311"}), "ger-pz1")
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1112", "1211"]}])) == []
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1112", "1211", "1210"]}])) == [
        "ger-pz1 must stop on entering the enemy ZOC at 1211 (12.1 A, 10.4.5 A)"]
    assert strength(data, state, ["ger-pz1"], "attack") == 2                       # 4 halved
    state["strategic"] = []
    assert strength(data, state, ["ger-pz1"], "attack") == 4


def test_no_entry_next_to_a_road_connected_strategic_unit_nor_over_one(data):
    """10.4.3 C: a unit in strategic movement may not enter a hex adjacent to another friendly unit in strategic
    movement if a road connects the two hexes (10.4.8 C: whichever road); 11.2 B it moves over friendly units
    not in strategic movement, paying the non-road cost there and in the next road hex; 11.3 B alone at the end."""
    data = road(data, column(12, 22), **{"map.road_control.german_at_start.turning_point": column(12, 22)})
    state = sm(position(data, {"ger-pz1": "1112", "ger-pz2": "1120", "us-inf1": "1414"}), "ger-pz1", "ger-pz2")
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 19)}]))
    assert got == ["1118 → 1119: 1119 is next to ger-pz2 in strategic movement, a road joining the hexes (10.4.3 C, 10.4.8 C)"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 18)}])) == []
    # over ger-inf1 (not in strategic movement) in the woods of 1115: 1115 and the next road hex, woods 1116, cost
    # their terrain, 3 each: 12 + 6 = 18 of 18 to 1126
    data = changed(data, {"map.hexes.1115.terrain": "woods", "map.hexes.1116.terrain": "woods"})
    state = sm(position(data, {"ger-pz1": "1112", "ger-inf1": "1115", "us-inf1": "1414"}), "ger-pz1")
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 27)}])) == [
        "ger-pz1 needs 19 of its strategic movement capability 18 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 26)}])) == []
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 15)}])) == [
        "1115 holds ger-inf1, ger-pz1: a unit in strategic movement must be alone in its hex at the end of the Movement Phase (11.3 B)"]
    del state["units"]["ger-inf1"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 30)}])) == []


def test_two_unconnected_roads_in_one_hex(data):
    """10.4.8 C: "Units in strategic movement may not enter a hex via one road and leave via a second unconnected
    road in the same Movement Phase" (2920 and 3213 on the map); a hex marked `two_unconnected_roads` lists its
    roads as `road_groups`, refused naming the path while unknown."""
    data = road(data, ["1110", "1111", "1112", "1113"], **{"map.road_control.german_at_start.turning_point": ["1110", "1111", "1112", "1113"],
                                                            "map.hexes.1111.two_unconnected_roads": True})
    state = sm(position(data, {"ger-pz1": "1110", "us-inf1": "1414"}), "ger-pz1")
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1110", "1111", "1112"]}]))
    assert len(got) == 1 and "enter it as `map.hexes.1111.road_groups`" in got[0] and "(10.4.8 C)" in got[0]
    split = changed(data, {"map.hexes.1111.road_groups": [["1110", "1210"], ["1112", "1010"]]})
    assert messages(GAME.check(split, state, "german", [{"move": "ger-pz1", "path": ["1110", "1111", "1112"]}])) == [
        "1111 → 1112: in strategic movement a unit may not enter 1111 by one road and leave it by another (10.4.8 C)"]
    joined = changed(data, {"map.hexes.1111.road_groups": [["1110", "1112"], ["1210", "1010"]]})
    assert messages(GAME.check(joined, state, "german", [{"move": "ger-pz1", "path": ["1110", "1111", "1112"]}])) == []


# -- 5.7 road control ---------------------------------------------------------------------------------------

def test_road_control_the_last_unit_to_enter(data):
    """5.7 C roads behind a side's lines are friendly at the start (group data: the road hexes Germany controls),
    5.7 D then "a road is controlled by the side of the last unit to enter it. Adjust road control markers
    immediately": moves, retreats and advances alike; a hex off the roads has no control."""
    from pbem.games.dark_december import strategic
    data = road(data, column(12, 20))
    state = position(data, {"ger-inf1": "1113", "us-inf1": "1411", "ger-pz1": "1211"})
    assert strategic.control(data, state, "1115") == "allies"
    apply(data, state, "german", [{"move": "ger-inf1", "path": ["1113", "1114", "1115", "1116"]},
                                  {"move": "ger-pz1", "path": ["1211", "1111", "1010"]}])
    assert state["road_control"] == {"1113": "german", "1114": "german", "1115": "german", "1116": "german"}
    strategic.entered(data, state, [{"event": "retreat", "units": ["ger-inf1"], "path": ["1117", "1118"]},
                                    {"event": "advance", "unit": "us-inf1", "path": ["1116", "1117"]}])
    assert [strategic.control(data, state, h) for h in column(15, 19)] == ["german", "allies", "allies", "german", "allies"]
    fresh = sm(position(data, {"ger-pz1": "1112", "us-inf1": "1414"}), "ger-pz1")
    got = messages(GAME.check(changed(data, {"map.road_control.german_at_start.turning_point": "unknown"}), fresh, "german",
                              [{"move": "ger-pz1", "path": ["1112", "1113"]}]))
    assert len(got) == 1 and "enter it as `map.road_control.german_at_start.turning_point`" in got[0]


def test_friendly_roads_only_and_control_changed_in_the_same_phase(data):
    """10.4.2 A/B: the road rate only along friendly roads (5.7); "E. A friendly unit may move strategically along
    a road whose control has changed earlier in the same Movement, Reaction, or Exploitation Phase."; 11.2 B over a
    friendly unit the terrain cost there and in the next road hex. Woods road hexes 1114-1116 cost 3 off the road."""
    data = road(data, column(12, 30), **{f"map.hexes.11{r}.terrain": "woods" for r in (14, 15, 16)})
    state = sm(position(data, {"ger-pz1": "1112", "ger-inf1": "1113", "us-inf1": "1414"}), "ger-pz1")
    infantry = {"move": "ger-inf1", "path": ["1113", "1114", "1115", "1116", "1117"]}        # road march, 1 MP a hex
    panzer = {"move": "ger-pz1", "path": column(12, 30)}
    assert messages(GAME.check(data, state, "german", [infantry, panzer])) == []           # 4 German road hexes, 1117-1118 crowded
    assert messages(GAME.check(data, state, "german", [panzer, infantry])) == [
        "ger-pz1 needs 24 of its strategic movement capability 18 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    apply(data, state, "german", [infantry, panzer])
    assert state["units"]["ger-pz1"]["hex"] == "1130" and set(state["road_control"]) == set(column(12, 30))


# -- combat, supply, ZOCs at the start of the Movement Phase ---------------------------------------------------

def test_a_d_result_removes_the_marker_and_the_level_falls_by_two(data):
    """10.4.3 B, 13.3.2 B: units in strategic movement defend at full strength with the terrain defense level two
    lower; 10.4.7 B "If attacked ... immediately removed if any D result is rolled against them. No MP expenditure
    is assessed. The strategic movement marker is removed, then the unit in question suffers the combat result
    (if necessary) with a two level reduction". D3 against a town (level 4): no effect, but against 4 - 2 = 2 the
    defender retreats two, loses two steps, or both one."""
    outcomes = []
    for marked in (True, False):
        state = position(data, {"ger-pz1": "1111", "us-inf1": "1011"}, phase="combat")
        state["strategic"] = ["us-inf1"] if marked else []
        apply(data, state, "german", [{"attack": "1011", "with": ["ger-pz1"]}])
        events = apply(data, state, "allies", [], ScriptedDice(3, 3))
        battle = [e for e in events if e["event"] == "battle"][0]
        outcomes.append((battle["defence"], battle["result"], [e["why"] for e in events if e["event"] == "strategic_removed"],
                         state["strategic"], state["pending"] and (state["pending"]["defense"], state["pending"]["options"])))
    assert outcomes == [(3, "D3", ["a D result against it in battle 1 (10.4.7 B)"], [], (2, ["retreat2", "loss2", "retreat1_loss1"])),
                        (3, "D3", [], [], None)]


def test_the_marker_goes_in_an_enemy_zoc_or_out_of_supply(data):
    """10.4.8 A: "Units which begin the Movement Phase in strategic movement in an enemy ZOC must expend the
    mandatory MP cost to leave strategic movement" (half the MA, 10.4.7 A); B a unit judged out of supply or
    isolated in its Supply Determination Phase loses the marker first."""
    from pbem.games.dark_december import supply
    state = sm(position(data, {"ger-inf1": "1112", "us-inf1": "1211"}), "ger-inf1")
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1112", "1012", "1013"]}])) == []
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1112", "1012", "1013", "1014"]}])) == [
        "ger-inf1 needs 3 MP for this path but has 2 (10.2 B; 10.2 A guarantees one hex only)"]
    events = apply(data, state, "german", [])
    assert state["strategic"] == [] and [e["why"] for e in events if e["event"] == "strategic_removed"] == [
        "began the Movement Phase in strategic movement in an enemy ZOC (10.4.8 A)"]
    state = sm(position(data, {"ger-inf1": "1010", "ger-inf2": "1413", "us-inf1": "1211"}), "ger-inf1", "ger-inf2")
    events = []
    supply.determine(data, state, "german", events)
    assert state["supply"]["ger-inf1"] == "unsupplied" and state["strategic"] == ["ger-inf2"]
    assert {"event": "strategic_removed", "units": ["ger-inf1"], "why": "out of supply or isolated (10.4.8 B)"} in events


def test_reinforcements_may_enter_in_strategic_movement_unless_starred(data):
    """10.4.6 A/B, 10.6.2 A/B: a reinforcement may enter in strategic movement and spend its whole MA at its
    costs, the entry hex its first hex (10.6.1 B); 10.6.2 C, 5.5.4 not a starred Allied unit."""
    from tests.test_dark_december_rules import REINFORCEMENT
    data = road(data, column(12, 30), **{"units.units.counters.us-rf1": {**REINFORCEMENT, "reinforcement": {
        "turn": "PM 20 December", "areas": ["W"], "starred": False}}, "map.hexes.1112.entry": "W"})
    state = position(data, {"ger-inf1": "1414"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    order = {"enter": "us-rf1", "path": column(12, 30), "strategic": True}       # 1 + 18 of 4 x 5
    assert messages(GAME.check(data, state, "allies", [order])) == []
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": column(12, 30)}])) == [
        "us-rf1 needs 18 MP for this path but has 4 (10.2 B; 10.2 A guarantees one hex only)"]
    starred = changed(data, {"units.units.counters.us-rf1.reinforcement.starred": True})
    assert messages(GAME.check(starred, state, "allies", [order])) == [
        "us-rf1 is starred and may not enter in strategic movement (5.5.4, 10.4.6 A, 10.6.2 C)"]
    unknown = changed(data, {"units.units.counters.us-rf1.reinforcement": {"turn": "PM 20 December", "areas": ["W"]}})
    got = messages(GAME.check(unknown, state, "allies", [order]))
    assert len(got) == 1 and "`units.counters.us-rf1.reinforcement.starred`" in got[0]
    apply(data, state, "allies", [order])
    assert state["strategic"] == ["us-rf1"] and state["units"]["us-rf1"]["hex"] == "1130"


def test_clear_weather_german_strategic_movement(data):
    """20.1 A German motorized units' MA two less using strategic movement; B none of them may enter it; C German
    reinforcements may still enter the map in it, but once they leave it they may not re-enter it while clear.
    AM 23 December (Game-Turn 15) is clear."""
    data = road(data, column(12, 30), **{"map.road_control.german_at_start.turning_point": column(12, 30)})
    state = position(data, {"ger-pz1": "1112", "ger-inf1": "1120", "us-inf1": "1414"}, turn=15)
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1112"], "strategic": "enter"}]))
    assert got == ["no German motorized unit may enter strategic movement in clear weather: ger-pz1 (20.1 B)"]
    state = position(data, {"ger-pz1": "1112", "ger-inf1": "1125", "us-inf1": "1414"}, turn=15)
    state["strategic"] = ["ger-pz1"]                                     # MA 6 - 2 = 4: capability 12
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 24)}])) == []
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 25)}])) == [
        "ger-pz1 needs 13 of its strategic movement capability 12 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    state["clear_arrivals"] = ["ger-inf1"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1125"], "strategic": "enter"}])) == [
        "ger-inf1 entered the map in strategic movement and may not re-enter it while the weather is clear (20.1 C)"]
    state["turn"] = 9                                                    # not clear: it may
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1125"], "strategic": "enter"}])) == []


def test_what_units_in_strategic_movement_may_not_do(data):
    """16.1 G no bridge demolition; 14.4 D no strategic movement in the Reaction Phase (a reserve in it does not
    react); 20.4.1 D the air attack DRM -1 instead of +1."""
    from pbem.games.dark_december.air import drm
    state = sm(position(data, {"ger-inf2": "1313", "us-inf1": "1111"}, phase="construction"), "ger-inf2")
    assert messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}])) == [
        "ger-inf2 is in strategic movement and may not attempt to demolish bridges (16.1 G)"]
    state = sm(position(data, {"ger-inf2": "1313", "us-inf1": "1411"}, side="allies", phase="reaction"), "ger-inf2")
    state["units"]["ger-inf2"]["reserve"] = True
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf2", "path": ["1313", "1314"]}])) == [
        "units move in the Reaction Phase without strategic movement (14.4 D)"]
    state = sm(position(data, {"ger-inf1": "1311", "us-inf1": "1111"}), "ger-inf1")
    assert drm(data, state, "1311") == 0
    state["strategic"] = []
    assert drm(data, state, "1311") == 1


def test_older_campaigns_have_no_strategic_movement(data):
    """A campaign begun before behaviour 3 replays unchanged: no markers nor road control in its state, and a
    `strategic:` order is refused naming the behaviour."""
    old = changed(data, {})
    old.behaviour = 2
    state = position(old, {"ger-pz1": "1112", "us-inf1": "1414"})
    assert "strategic" not in state and "road_control" not in state
    assert messages(GAME.check(old, state, "german", [{"move": "ger-pz1", "path": ["1112"], "strategic": "enter"}])) == [
        "strategic movement (10.4) is played in campaigns of Dark December behaviour 3 (begun with this pbem)"]


def test_exploitation_in_strategic_movement_and_no_shock_combat_after_it(data):
    """14.2 B: reserves moving in the Exploitation Phase "may, if applicable, move by strategic movement, though
    they may not enter strategic movement in the Exploitation Phase"; 14.3 B "Units performing shock combat cannot
    have moved in strategic movement in their exploitation phase" (under reading DD3=rule-10-4-5, which lets a
    unit in strategic movement end next to an enemy)."""
    from pbem.gamedata import apply_readings
    data = road(data, column(12, 30), **{"map.road_control.german_at_start.turning_point": column(12, 30)})
    state = sm(position(data, {"ger-pz1": "1112", "ger-pz2": "1311", "us-inf1": "1414"}, phase="construction"), "ger-pz1")
    for unit_id in ("ger-pz1", "ger-pz2"):
        state["units"][unit_id]["reserve"] = True
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 30)}])) == []     # 18 of 18
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz2", "path": ["1311"], "strategic": "enter"}])) == [
        "a unit enters strategic movement at the start of its move in the Movement Phase, not already in it (10.4.1 D, 14.2 B)"]
    apply_readings(data, {"DD3": "rule-10-4-5"})
    state["units"]["us-inf1"]["hex"] = "1116"
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1112", "1113", "1114", "1115"]},
                                                      {"shock": "1116", "with": ["ger-pz1"]}]))
    assert got == ["units performing shock combat cannot have moved in strategic movement in their Exploitation Phase (14.3 B)"]


# -- 20.4.2 road interdiction (behaviour 3) -------------------------------------------------------------------

def test_air_interdiction_of_a_road_hex(data):
    """20.4.2 A "To interdict a road hex, the Allies roll one die." B "A roll of 1-3 causes the interdiction of a
    selected road hex." C "Interdiction lasts one complete turn, during which time both sides treat the hex as a
    non-road hex." 20.4: an air attack, an interdiction, or both if the target unit is on a road (D). AM 23
    December (Game-Turn 15) is clear."""
    from pbem.games.dark_december.air import expire
    data = road(data, column(12, 30), **{"map.road_control.german_at_start.turning_point": column(12, 30),
                                          "map.hexes.1116.terrain": "woods"})
    state = position(data, {"us-inf1": "1411", "ger-inf1": "1116", "ger-pz1": "1120"}, turn=15, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"interdict": "1311"}])) == [
        "an interdiction targets a road hex on the map: '1311' (20.4.2 A)"]
    assert messages(GAME.check(data, state, "allies", [{"interdict": "1115"}, {"air_attack": "1116"}])) == [
        "the air attack and the interdiction go together only on one road hex, the attacked units' (1116, 20.4, 20.4.2 D)"]
    assert messages(GAME.check(data, state, "allies", [{"interdict": "1116"}, {"air_attack": "1116"}])) == []
    events = apply(data, state, "allies", [{"interdict": "1116"}], ScriptedDice(3))
    assert [(e["face"], e["done"]) for e in events if e["event"] == "interdiction"] == [(3, True)]
    assert state["interdicted"] == {"1116": {"turn": 15, "side": "allies"}}
    # the German player turn of Game-Turn 16 (clear: MA 6 - 2, capability 12): woods 1116 costs 3, even on the road
    state.update(turn=16, side="german", phase="movement", air_used=False)
    state["strategic"] = ["ger-pz1"]
    state["units"]["ger-pz1"]["hex"] = "1112"
    del state["units"]["ger-inf1"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 22)}])) == []
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": column(12, 23)}])) == [
        "ger-pz1 needs 13 of its strategic movement capability 12 for this path (10.4.2, 10.4.4; 10.2 A guarantees one hex only)"]
    expire(state)
    assert state["interdicted"] == {"1116": {"turn": 15, "side": "allies"}}
    state["side"] = "allies"                                       # the Allied player turn of Game-Turn 16: it ends
    expire(state)
    assert state["interdicted"] == {}
    events = apply(data, position(data, {"us-inf1": "1411"}, turn=15, side="allies"), "allies", [{"interdict": "1116"}], ScriptedDice(4))
    assert [(e["face"], e["done"]) for e in events if e["event"] == "interdiction"] == [(4, False)]


def test_a_signed_campaign_round_trip_with_strategic_movement(tmp_path):
    """Behaviour 3 end to end on signed orders (DEMONSTRATION data plus a road, a Fuel Depletion Table of zeros):
    the Turning Point fuel roll, a German panzer entering strategic movement along its road (10.4.1, 10.4.2) and 5.7 D road control
    recorded in the save; `pbem verify` replays it byte for byte."""
    import yaml

    from pbem import campaign as camp
    from pbem.demo import DEMO_SENT, demo_commitment, demo_folder
    from pbem.keys import key_id, load_private_key
    from pbem.yamlio import parse_yaml_text

    example = demo_folder("dark-december-demo")
    override = fastyaml.safe_load((example / "data-override.yaml").read_text())
    override["values"].update({"map.hexsides.1311|1312": ["road"], "map.hexsides.1312|1412": ["road"],
                               "map.road_control.german_at_start.turning_point": ["1412"],
                               "supply.fuel_depletion.divisions_by_roll": {str(f): 0 for f in range(1, 7)}})
    (tmp_path / "override.yaml").write_text(yaml.safe_dump(override, sort_keys=False))
    keys = {s: load_private_key(example / "keys" / s) for s in ("german", "allies")}
    campaign = camp.create_campaign(tmp_path / "campaign", "dark-december", "turning-point",
                                    {s: key_id(k.public_key()) for s, k in keys.items()},
                                    {s: demo_commitment(k, "dd-strategic", s) for s, k in keys.items()},
                                    tmp_path / "override.yaml", title="strategic movement (demonstration data)")

    def play(side, orders):
        template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
        template["orders"] = orders
        path = tmp_path / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
        path.write_text(camp.sign_orders(campaign, template, keys[side], sent=DEMO_SENT))
        return camp.adjudicate(campaign.folder, [path], key=keys["allies" if side == "german" else "german"], sent=DEMO_SENT)

    play("german", [])                                                     # 8.7: the roll puts no division out
    play("german", [{"move": "ger-pz1", "path": ["1412", "1312"], "strategic": "enter"}])
    save = fastyaml.safe_load((campaign.folder / "steps" / f"{campaign.latest()[0]:04d}" / "save.yaml").read_text())
    assert save["state"]["strategic"] == ["ger-pz1"] and save["state"]["units"]["ger-pz1"]["hex"] == "1312"
    assert save["state"]["road_control"] == {"1312": "german", "1412": "german"}          # 1312 was Allied (5.7 D)
    assert camp.verify(campaign.folder).ok


def test_a_reinforcement_never_enters_an_enemy_zoc_in_strategic_movement(data):
    """10.4.3 A, 12.2 (reading DD3): a reinforcement entering in strategic movement may not enter on a hex in an
    enemy ZOC (10.6.2; without strategic movement it enters and stops there, 12.1 A)."""
    from tests.test_dark_december_rules import REINFORCEMENT
    data = road(data, column(12, 20), **{"units.units.counters.us-rf1": {**REINFORCEMENT, "reinforcement": {
        "turn": "PM 20 December", "areas": ["W"], "starred": False}}, "map.hexes.1112.entry": "W"})
    state = position(data, {"ger-inf1": "1211"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1112"], "strategic": True}])) == [
        "units in strategic movement may not enter enemy ZOCs: 1112 (10.4.3 A, 12.2; reading DD3)"]
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1112"]}])) == []


def test_road_march_through_two_unconnected_roads_pays_the_terrain(data):
    """10.4.8 C: "A unit entering such a hex on one road and exiting in the hex in the same Movement Phase from
    another road incurs the non-road terrain cost of the hex in question. This does not of itself prevent the unit
    benefiting from the road cost of the hex subsequently entered." Road march (10.5.1) 1110-1111-1112-1113, 1112
    woods: one road through 1111 costs 3 MP, two unconnected roads 1 + 3 + 1 = 5."""
    data = road(data, ["1110", "1111", "1112", "1113"], **{"map.hexes.1111.two_unconnected_roads": True, "map.hexes.1112.terrain": "woods"})
    state = position(data, {"ger-inf1": "1110", "us-inf1": "1414"})
    move = [{"move": "ger-inf1", "path": ["1110", "1111", "1112", "1113"]}]
    one = changed(data, {"map.hexes.1111.road_groups": [["1110", "1112"], ["1210", "1010"]]})
    assert messages(GAME.check(one, state, "german", move)) == []
    two = changed(data, {"map.hexes.1111.road_groups": [["1110", "1210"], ["1112", "1010"]]})
    assert messages(GAME.check(two, state, "german", move)) == [
        "ger-inf1 needs 5 MP for this path but has 4 (10.2 B; 10.2 A guarantees one hex only)"]
