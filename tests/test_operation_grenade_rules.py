"""Operation Grenade rules, driven through pbem.games.operation_grenade.

Rule numbers are cases of /work/shared/rulebooks/operation-grenade.txt. The map, counters,
strength chits, CRT cells, Terrain Effects Chart and Weather Table are the made-up values of
examples/operation-grenade-demo/data-override.yaml (the text does not print them); every test
below uses only what a rule states plus that scaffolding.

Positions are built on the module's own set-up (so the state has every key the module keeps)
with the set-up units removed and a handful placed by hand, mostly in the featureless clear
block around 1012 (neighbours 0912 0913 1011 1013 1112 1113).

Where the module disagrees with the rulebook, the test states the RULEBOOK's behaviour and
fails; those tests say "MODULE BUG" in their docstring.

Dice are scripted (ScriptedDice); the German Player-Turn's own rolls (23.0, 19.21) show 6 unless
a test scripts them. Combat tests run on Game-Turn 2 with a flash flood unless stated.
"""

from datetime import date, timedelta
from pathlib import Path

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.operation_grenade import GAME
from pbem.kit.sequence import PASSES
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.dicehelp import ScriptedDice as _Scripted
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"
SEATS = ["allied", "german"]

# Demo chits used below (front / back for the classes that matter):
#   3-01 A5 B4 C3 / A2 B2 C1     3-02 A6 B5 / A3 B2     3-03 A6     3-04 A7     3-06 A8 / A4
#   3-08 B6                      3-12 A6
#   2-01 A4 B3 C2 / A2 B1 C0     2-04 A6 B4 C3 / A3 B2 C1
#   1-01 C1 (two steps)          1-05 C3 (three steps)
# Units: 119/30/19 US inf A m3 MA5; 120/30/19 US inf B m3; 175/29/19 US inf A m3;
#   A/2A/19, R/2A/19 US tank brigades B m3 MA10 (A/2A/19 has a parenthesized class, 9.52, so
#   combined-arms-free tests use R/2A/19); 113/19 US recon battalion (mechanized) str 3;
#   13/8/7 US 7th Corps inf B m2; 1150/183/12 German inf B m2 MA4; 1151/183/12 German inf C m2;
#   9P/81 German tank B m2 MA8; Pol/12 German battalion str 1 MA3; 403/81 German artillery.
VP_TOWNS = ["0419", "2613", "2618", "2218", "1317", "1513", "1812", "1916", "2209", "1804"]   # 28.1
CLEAR = ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1"]


@pytest.fixture(scope="module")
def data():
    return load_game_data("operation-grenade", DEMO)


@pytest.fixture(scope="module")
def scenario():
    return load_scenario("operation-grenade", "operation-grenade")[0]


def ScriptedDice(*faces, keyed=None):
    """The German Player-Turn's background rolls (23.0 variable reinforcements, 19.21 strategic
    withdrawal) show 6 (nothing happens) unless keyed; every other roll must be scripted."""
    return _Scripted(*faces, by_key=keyed, background=("reinforcements/", "withdrawal/"))


def fresh(data, scenario):
    return GAME.setup(data, scenario, SEATS, {})


def position(data, scenario, units=None, *, side="allied", phase="movement", turn=2, flood="flash_flood",
             d_day=None, current=None, weather="light_overcast", mud=False, released=False,
             withdrawal=False, last_turn=16):
    """A game in progress with only `units` on the map.

    units: id -> HEX (untried), (HEX, CHIT) (front), (HEX, CHIT, "reduced") or (HEX, None, "cadre").
    These positions are followed phase by phase: a Combat Phase without adjacent units, which in
    a campaign passes by itself (9.11, 9.12; tests/test_round_trips.py), is left to wait here."""
    state = fresh(data, scenario)
    del state[PASSES]
    state["units"] = {}
    for unit_id, spec in (units or {}).items():
        hex_id, chit, form = (spec, None, None) if isinstance(spec, str) else (tuple(spec) + (None, None))[:3]
        form = form or ("front" if chit else "untried")
        unit = {"side": GAME.counter(data, unit_id)["side"], "hex": hex_id, "form": form}
        if chit:
            morale = str(GAME.counter(data, unit_id)["morale"])
            klass = GAME.counter(data, unit_id)["class"]
            front = GAME.chit(data, morale, chit)["front"][klass]
            unit.update(chit=chit, steps=3 if front >= 3 else 2)          # 9.82
            state["pools_out"][morale].append(chit)
        else:
            unit["chit"] = None
        state["units"][unit_id] = unit
    first = date.fromisoformat(d_day or "1945-02-17")
    state.update(turn=turn, date=str(first + timedelta(days=turn - 1)), last_turn=last_turn, phase=phase,
                 side=side, flood=flood, d_day=d_day, roer_current=current, weather=weather,
                 mud_turns=[turn] if mud else [], second_corps_released=released, strategic_withdrawal=withdrawal)
    return state


def problems(data, state, orders, side=None):
    return [p.message for p in GAME.check(data, state, side or GAME.awaiting(state).side, orders)]


def move(unit_id, *path):
    return {"move": unit_id, "path": list(path)}


def attack(data, state, hex_id, attackers, *faces, advance=None):
    """Declare one attack and run it; returns (outcome, dice, the combat event)."""
    order = {"attack": hex_id, "with": list(attackers)}
    if advance:
        order["advance"] = list(advance)
    dice = ScriptedDice(*faces)
    outcome = GAME.apply(data, state, state["side"], [order], dice)
    outcome = no_support(data, state, outcome, dice)
    event = next(e for e in outcome.events if e["event"] == "combat")
    return outcome, dice, event


def no_support(data, state, outcome, dice):
    """The defender's answer before the rolls (9.64, 13.13), when asked: no artillery, no Air Point."""
    choice = state["awaiting_choice"]
    if not choice or choice["kind"] != "defend" or any(d["options"] for d in choice["combats"]):
        return outcome
    answers = [{"defend": d["combat"]} for d in choice["combats"]]
    return GAME.apply(data, state, choice["side"], answers, dice)


def loss_order(hex_id, losses, retreat):
    order = {"combat": hex_id, "losses": list(losses)}
    if retreat is not None:                         # no `retreat:` key: no retreat
        order["retreat"] = retreat if isinstance(retreat, dict) else list(retreat)
    return order


def answer(data, state, hex_id, losses=(), retreat=None, faces=()):
    return GAME.apply(data, state, GAME.awaiting(state).side, [loss_order(hex_id, losses, retreat)], ScriptedDice(*faces))


def loss_problems(data, state, hex_id, losses=(), retreat=None):
    return problems(data, state, [loss_order(hex_id, losses, retreat)])


# -- 17.0 / 18.0 / 28.0 pre-game ---------------------------------------------------------------

def test_17_12_flash_flood_starts_the_game_on_17_february_for_16_turns(data, scenario):
    state = fresh(data, scenario)
    assert GAME.awaiting(state).side == "german"                     # 17.0: the German player declares
    dice = ScriptedDice(4)
    GAME.apply(data, state, "german", [{"flood": "flash_flood"}], dice)
    assert (state["date"], state["turn"], state["last_turn"]) == ("1945-02-17", 1, 16)   # 17.12, 28.0
    assert (state["phase"], state["side"], state["roer_current"]) == ("movement", "allied", None)
    assert [p for p, _ in dice.asked] == ["weather/1"]   # no D-Day, no Roer roll


@pytest.mark.parametrize("day", ["1945-02-16", "1945-02-25", "1945-03-01", "23 Feb"])
def test_17_2_18_0_gradual_flood_asks_the_allied_player_for_a_d_day_from_17_to_24_february(data, scenario, day):
    state = fresh(data, scenario)
    GAME.apply(data, state, "german", [{"flood": "gradual_flood"}], ScriptedDice())
    assert (state["phase"], GAME.awaiting(state).side, state["turn"]) == ("d_day", "allied", 0)   # 18.0
    assert problems(data, state, [{"d_day": "1945-02-20"}], side="german") == ["allied is to act, not german"]
    [message] = problems(data, state, [{"d_day": day}])
    assert "1945-02-17 to 1945-02-24" in message and "(18.0)" in message


@pytest.mark.parametrize("day, roll, modified, current", [
    ("1945-02-24", 6, 2, "rapid"),       # -4: 6 -> 2
    ("1945-02-17", 1, 2, "rapid"),       # +1: 1 -> 2
    ("1945-02-19", 6, 6, "torrent"),     # +1: 7 clamped to 6 (18.1)
    ("1945-02-23", 1, 1, "normal"),      # -3: -2 clamped to 1 (18.1)
    ("1945-02-20", 5, 5, "torrent"),     # no modifier
    ("1945-02-21", 5, 4, "rapid"),       # -1
    ("1945-02-22", 3, 1, "normal"),      # -2
])
def test_18_1_roer_current_from_die_plus_d_day_modifier(data, scenario, day, roll, modified, current):
    state = fresh(data, scenario)
    GAME.apply(data, state, "german", [{"flood": "gradual_flood"}], ScriptedDice())
    dice = ScriptedDice(roll, 3)
    outcome = GAME.apply(data, state, "allied", [{"d_day": day}], dice)
    event = next(e for e in outcome.events if e["event"] == "d_day")
    assert (event["roll"], event["modified"], event["current"]) == (roll, modified, current)   # 18.11, 18.12
    assert state["roer_current"] == current
    assert dice.asked[0] == ("roer-current", 6)


@pytest.mark.parametrize("day, turns", [("1945-02-17", 16), ("1945-02-20", 13), ("1945-02-23", 10), ("1945-02-24", 9)])
def test_28_0_game_length_runs_from_d_day_to_4_march(data, scenario, day, turns):
    state = fresh(data, scenario)
    GAME.apply(data, state, "german", [{"flood": "gradual_flood"}], ScriptedDice())
    GAME.apply(data, state, "allied", [{"d_day": day}], ScriptedDice(3, 3))
    assert (state["date"], state["turn"], state["last_turn"]) == (day, 1, turns)
    assert date.fromisoformat(day) + timedelta(days=turns - 1) == date(1945, 3, 4)


# -- 24.0 weather and mud; 19.2 strategic withdrawal ----------------------------------------------

def end_game_turn(data, state, *faces):
    """End the German Combat Phase (no adjacent units): the next Game-Turn starts with weather."""
    state.update(side="german", phase="combat")
    return GAME.apply(data, state, "german", [], ScriptedDice(*faces))


@pytest.mark.parametrize("previous, roll, weather", [
    (None, 4, "light_overcast"),             # 24.3: Game-Turn One -1 -> 3
    ("clear", 5, "heavy_overcast"),          # 24.14: -1 -> 4
    ("heavy_overcast", 4, "rain"),           # 24.14: +1 -> 5
    ("light_overcast", 4, "heavy_overcast"),  # no modifier
    ("clear", 1, "clear"),                   # 0 kept within the table (demo clamp 1-6)
    ("heavy_overcast", 6, "thaw"),           # 7 kept within the table
])
def test_24_14_24_3_weather_roll_modified_by_the_previous_game_turn_and_on_turn_one(data, scenario, previous, roll, weather):
    if previous is None:
        state = fresh(data, scenario)
        outcome = GAME.apply(data, state, "german", [{"flood": "flash_flood"}], ScriptedDice(roll))
        assert next(e for e in outcome.events if e["event"] == "weather")["modifier"] == -1
        assert (state["turn"], state["weather"]) == (1, weather)
        return
    state = position(data, scenario, turn=1, weather=previous)
    end_game_turn(data, state, roll)
    assert (state["turn"], state["date"], state["weather"]) == (2, "1945-02-18", weather)
    assert (state["side"], state["phase"]) == ("allied", "movement")


def test_24_21_rain_gives_mud_this_and_the_next_game_turn_only(data, scenario):
    state = fresh(data, scenario)
    GAME.apply(data, state, "german", [{"flood": "flash_flood"}], ScriptedDice(6))   # 6-1 = 5: rain (24.13)
    assert state["weather"] == "rain" and state["mud_turns"] == [1, 2]
    state = position(data, scenario, turn=1, weather="light_overcast")
    end_game_turn(data, state, 5)                          # rain on Game-Turn 2
    assert state["weather"] == "rain" and state["mud_turns"] == [2, 3] and GAME.mud(state)
    end_game_turn(data, state, 3)                          # Game-Turn 3: light overcast, still mud
    assert state["weather"] == "light_overcast" and GAME.mud(state)
    end_game_turn(data, state, 3)                          # Game-Turn 4: dry again
    assert state["turn"] == 4 and not GAME.mud(state)


@pytest.mark.parametrize("turn, roll, success", [(2, None, False), (3, 1, True), (3, 2, False), (7, 2, False), (8, 2, True)])
def test_19_21_strategic_withdrawal_roll_from_game_turn_three(data, scenario, turn, roll, success):
    state = position(data, scenario, turn=turn, phase="combat")
    dice = ScriptedDice(keyed={"withdrawal/": [roll] if roll else []})
    outcome = GAME.apply(data, state, "allied", [], dice)                      # the German Player-Turn begins
    rolls = [e for e in outcome.events if e["event"] == "withdrawal"]
    assert len(rolls) == (1 if roll else 0)                 # 19.21: from Game-Turn Three
    assert state["strategic_withdrawal"] is success          # 19.22: -1 from Game-Turn Eight


def test_5_0_path_starts_in_the_units_hex_runs_through_adjacent_hexes_once_per_phase(data, scenario):
    state = position(data, scenario, {"119/30/19": "1208"})
    [message] = problems(data, state, [move("119/30/19", "1209", "1210")])
    assert "must start at its hex 1208" in message
    [message] = problems(data, state, [move("119/30/19", "1208", "1210")])
    assert "1210 is not adjacent to 1208" in message
    found = GAME.check(data, state, "allied", [move("119/30/19", "1208", "1209"), move("119/30/19", "1209", "1210")])
    assert [(p.index, "already moved" in p.message) for p in found] == [(1, True)]


def test_5_42_terrain_costs_limited_by_the_movement_allowance(data, scenario):
    state = position(data, scenario, {"119/30/19": "1208"})
    assert problems(data, state, [move("119/30/19", "1208", "1209", "1210", "1211", "1212")]) == []   # 4 MP
    [message] = problems(data, state, [move("119/30/19", "1208", "1209", "1210", "1211", "1212", "1213")])
    assert "needs 6 MP" in message and "Movement Allowance is 5" in message      # + woods 2


def test_5_43_road_hexside_costs_one_movement_point(data, scenario):
    state = position(data, scenario, {"119/30/19": "0910", "120/30/19": "0909"})
    # 0910 -> 1009 (woods) through a road hexside: 1 MP; the rest along the road: 1 each -> 5 MP
    assert problems(data, state, [move("119/30/19", "0910", "1009", "1109", "1110", "1111", "1211")]) == []
    # 0909 -> 1009 crosses no road: woods costs 2 -> 6 MP
    [message] = problems(data, state, [move("120/30/19", "0909", "1009", "1109", "1110", "1111", "1211")])
    assert "needs 6 MP" in message


def test_5_21_may_not_enter_an_enemy_occupied_hex(data, scenario):
    state = position(data, scenario, {"119/30/19": "1208", "Pol/12": "1210"})
    [message] = problems(data, state, [move("119/30/19", "1208", "1209", "1210", "1211")])
    assert "1210 is occupied by the enemy (5.21)" in message


@pytest.mark.parametrize("enemy, spec, zoc", [
    ("Pol/12", "1210", False),                      # battalion
    ("403/81", "1210", False),                      # artillery
    ("1151/183/12", ("1210", None, "cadre"), False),
    ("1151/183/12", "1210", True),                  # a regiment does exert one
])
def test_6_1_battalions_artillery_and_cadres_exert_no_zoc(data, scenario, enemy, spec, zoc):
    state = position(data, scenario, {"119/30/19": "1208", enemy: spec})
    # 1209 is adjacent to 1210: passing through it is free unless the unit there exerts a ZOC (6.33, 6.31)
    messages = problems(data, state, [move("119/30/19", "1208", "1209", "1309", "1409")])
    assert (messages != []) is zoc


def test_6_31_a_unit_stops_on_entering_an_enemy_zoc(data, scenario):
    state = position(data, scenario, {"119/30/19": "1111", "1150/183/12": "1012"})
    assert problems(data, state, [move("119/30/19", "1111", "1112")]) == []
    [message] = problems(data, state, [move("119/30/19", "1111", "1112", "1212")])
    assert "must stop on entering the enemy ZOC at 1112 (6.31)" in message


def test_6_32_leaving_an_enemy_zoc_costs_half_the_movement_allowance(data, scenario):
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012"})
    # 5 // 2 = 2 extra: 1212 clear (1+2) + 1213 woods (2) = 5
    assert problems(data, state, [move("119/30/19", "1112", "1212", "1213")]) == []
    [message] = problems(data, state, [move("119/30/19", "1112", "1212", "1213", "1313")])
    assert "needs 6 MP" in message


def test_6_32_a_unit_leaving_an_enemy_zoc_may_not_enter_another_that_phase(data, scenario):
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012", "1151/183/12": "1411"})
    [message] = problems(data, state, [move("119/30/19", "1112", "1113", "1213")])   # 1113 touches 1012
    assert "(6.32)" in message and "no enemy controls" in message
    [message] = problems(data, state, [move("119/30/19", "1112", "1212", "1312")])   # 1312 touches 1411
    assert "may not enter one again (6.32)" in message


def test_7_11_at_most_three_units_in_a_hex_at_the_end_of_movement(data, scenario):
    state = position(data, scenario, {"119/30/19": "1209", "120/30/19": "1209", "117/30/19": "1209",
                                      "175/29/19": "1208"})
    [message] = problems(data, state, [move("175/29/19", "1208", "1209")])
    assert "1209 would hold 4 units" in message and "(7.11)" in message
    # passing through is free; only the end of the phase counts
    assert problems(data, state, [move("175/29/19", "1208", "1209", "1210")]) == []
    assert problems(data, state, [move("119/30/19", "1209", "1210"), move("175/29/19", "1208", "1209")]) == []


def test_5_25_non_mechanized_unit_may_always_move_one_hex_but_not_mechanized(data, scenario):
    # Mud Game-Turn; the German unit at 1309 is in the ZOC of 120/30/19 at 1209; 1308 (hilltop) is not.
    state = position(data, scenario, {"1150/183/12": "1309", "120/30/19": "1209"}, side="german", turn=4, mud=True)
    assert problems(data, state, [move("1150/183/12", "1309", "1308")]) == []   # 2 + 3 = 5 MP > 4, one hex
    state = position(data, scenario, {"9P/81": "1309", "120/30/19": "1209"}, side="german", turn=4, mud=True)
    [message] = problems(data, state, [move("9P/81", "1309", "1308")])         # 4 + 8 = 12 MP > 8
    assert "needs 12 MP" in message


def test_5_61_mechanized_units_cross_rivers_only_along_roads(data, scenario):
    state = position(data, scenario, {"9P/81": "0607", "33/9P/81": "0508"}, side="german", turn=4)
    [message] = problems(data, state, [move("9P/81", "0607", "0608")])         # upper Roer, no road
    assert "(5.61" in message
    assert problems(data, state, [move("33/9P/81", "0508", "0509", "0510")]) == []  # Roer crossed by a road


def test_26_0_us_mechanized_unit_bridges_a_river_with_its_whole_movement_allowance(data, scenario):
    state = position(data, scenario, {"R/2A/19": "0607"}, turn=4)
    assert problems(data, state, [move("R/2A/19", "0607", "0608")]) == []      # one hex, all 10 MP
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608", "0609")])
    assert "(5.61" in message                                                   # no further
    state = position(data, scenario, {"R/2A/19": "0607", "1150/183/12": "0709"}, turn=4)   # 0709 controls 0608
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608")])
    assert "(26.0)" in message
    state = position(data, scenario, {"R/2A/19": "0607", "1150/183/12": "0606"}, turn=4)   # begins in a ZOC
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608")])
    assert "(26.0)" in message


def test_24_22_mud_costs_and_streams_as_rivers_for_mechanized_units(data, scenario):
    dry, wet = (position(data, scenario, {"A/2A/19": "0911"}, turn=4, mud=m) for m in (False, True))
    path = ["0911", "0912", "0913", "1013"]
    assert problems(data, dry, [move("A/2A/19", *path)]) == []
    [message] = problems(data, wet, [move("A/2A/19", *path)])
    assert "needs 12 MP" in message                                               # 24.22b: clear 4, 3 x 4 > 10
    assert problems(data, wet, [move("A/2A/19", "0911", "0912", "0913")]) == []    # 8 MP
    dry, wet = (position(data, scenario, {"9P/81": "0914"}, side="german", turn=4, mud=m) for m in (False, True))
    assert problems(data, dry, [move("9P/81", "0914", "0915")]) == []              # across a stream
    [message] = problems(data, wet, [move("9P/81", "0914", "0915")])
    assert "24.22" in message                                                     # 24.22a: now a river (5.61)


def test_27_1_mechanized_units_never_exit_a_swamp_except_through_a_road_hexside(data, scenario):
    """MODULE BUG: 27.1 "No mechanized unit may ever enter, exit, or retreat into a swamp hex unless
    this movement is performed through a hexside crossed by a road." entry_cost checks only the
    hex entered, so a tank leaves swamp 1108 for clear 1208 across a non-road hexside."""
    state = position(data, scenario, {"A/2A/19": "1108", "119/30/19": "1108"}, turn=4)
    assert problems(data, state, [move("119/30/19", "1108", "1208")]) == []       # non-mechanized: fine
    messages = problems(data, state, [move("A/2A/19", "1108", "1208")])
    assert messages and "27.1" in messages[0]


@pytest.mark.parametrize("unit, start, to, frozen, free", [
    ("33/9P/81", "0614", "0615", 1, 2),      # 9th Panzer: Game-Turn One
    ("11P/81", "1412", "1413", 2, 3),        # 11th Panzer: Game-Turns One and Two
])
def test_19_11_panzer_divisions_may_not_move_on_the_opening_turns(data, scenario, unit, start, to, frozen, free):
    state = position(data, scenario, {unit: start}, side="german", turn=frozen)
    [message] = problems(data, state, [move(unit, start, to)])
    assert f"may not move on Game-Turn {frozen} (19.11)" in message
    assert problems(data, position(data, scenario, {unit: start}, side="german", turn=free), [move(unit, start, to)]) == []


@pytest.mark.parametrize("released, withdrawal, allowed", [(False, False, False), (True, False, True), (False, True, True)])
def test_19_12_second_corps_frozen_until_withdrawal_or_attack(data, scenario, released, withdrawal, allowed):
    state = position(data, scenario, {"1224/190/2": "2108"}, side="german", turn=5, released=released, withdrawal=withdrawal)
    messages = problems(data, state, [move("1224/190/2", "2108", "2107")])
    assert (messages == []) is allowed
    if not allowed:
        assert "(19.12)" in messages[0]


@pytest.mark.parametrize("unit", ["A/2A/19", "113/19"])
def test_19_31_us_mechanized_units_may_not_move_on_turns_one_to_three(data, scenario, unit):
    for turn in (1, 2, 3):
        [message] = problems(data, position(data, scenario, {unit: "1209"}, turn=turn), [move(unit, "1209", "1210")])
        assert "(19.31)" in message
    assert problems(data, position(data, scenario, {unit: "1209"}, turn=4), [move(unit, "1209", "1210")]) == []
    # non-mechanized US units move on Game-Turn One
    assert problems(data, position(data, scenario, {"119/30/19": "1209"}, turn=1), [move("119/30/19", "1209", "1210")]) == []


def test_19_32_seventh_corps_never_moves_north_of_hexrow_09(data, scenario):
    state = position(data, scenario, {"13/8/7": "0911", "119/30/19": "0912"})
    [message] = problems(data, state, [move("13/8/7", "0911", "1011")])
    assert "(19.32)" in message
    assert problems(data, state, [move("13/8/7", "0911", "0810", "0910")]) == []   # hexrow 09 itself is fine
    assert problems(data, state, [move("119/30/19", "0912", "1012")]) == []        # 19th Corps: no limit


def test_27_3_reinforcements_enter_at_0301_from_their_game_turn(data, scenario):
    [message] = problems(data, position(data, scenario, turn=3), [{"enter": "393/99/7", "path": ["0301"]}])
    assert "enters on Game-Turn 4 or later" in message and "27.31" in message
    [message] = problems(data, position(data, scenario, turn=4), [{"enter": "393/99/7", "path": ["0302"]}])
    assert "enters at 0301" in message                                               # 27.33
    [message] = problems(data, position(data, scenario, turn=4), [{"enter": "377/95/19", "path": ["0301"]}])
    assert "Game-Turn 5" in message                                                 # 27.32
    state = position(data, scenario, turn=4)
    GAME.apply(data, state, "allied", [{"enter": "393/99/7", "path": ["0301"]}], ScriptedDice())
    assert state["units"]["393/99/7"]["hex"] == "0301" and "393/99/7" not in state["reinforcements"]
    assert state["phase"] == "combat"
    # 14.22: a reinforcement may be delayed and enter later
    assert problems(data, position(data, scenario, turn=6), [{"enter": "393/99/7", "path": ["0301"]}]) == []


def test_14_11_entering_unit_moves_on_paying_the_entry_hex_terrain(data, scenario):
    """14.11: the entry hex's terrain cost, then normal movement. (Was a module bug, fixed in commit
    d9ac620: entry_cost read the side of a unit still off the map and raised KeyError.)"""
    state = position(data, scenario, turn=4)
    assert problems(data, state, [{"enter": "393/99/7", "path": ["0301", "0302", "0303", "0304"]}]) == []   # 1+3
    [message] = problems(data, state, [{"enter": "393/99/7", "path": ["0301", "0302", "0303", "0304", "0305"]}])
    assert "needs 6 MP" in message                                                  # + woods 2


def test_28_1_a_town_counts_for_the_side_that_passed_through_it_last(data, scenario):
    state = position(data, scenario, {"119/30/19": "1412"})
    GAME.apply(data, state, "allied", [move("119/30/19", "1412", "1513", "1514")], ScriptedDice())
    assert state["units"]["119/30/19"]["hex"] == "1514"
    assert state["last_through"]["1513"] == "allied" and GAME.victory(data, state)["vp"] == 1   # Moenchengladbach
    state = position(data, scenario, {"1150/183/12": "1613"}, side="german")
    state["last_through"]["1513"] = "allied"
    GAME.apply(data, state, "german", [move("1150/183/12", "1613", "1513", "1512")], ScriptedDice())
    assert state["last_through"]["1513"] == "german" and GAME.victory(data, state)["vp"] == 0


def test_9_25_9_14_7_21_who_may_attack_whom(data, scenario):
    state = position(data, scenario, {"117/30/19": "1111", "1150/183/12": "1012"}, phase="combat")
    [message] = problems(data, state, [{"attack": "1012", "with": ["117/30/19"]}])
    assert "not adjacent to 1012" in message and "(9.25)" in message
    state = position(data, scenario, {"119/30/19": "1112", "175/29/19": "1011", "1150/183/12": "1012",
                                      "1151/183/12": "1211"}, phase="combat")
    twice = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}, {"attack": "1211", "with": ["119/30/19"]}])
    assert any("attacks more than once this phase (9.14)" in m for m in twice)
    hex_twice = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}, {"attack": "1012", "with": ["175/29/19"]}])
    assert any("1012 is attacked twice" in m and "(9.14)" in m for m in hex_twice)
    state = position(data, scenario, {"119/30/19": "1112", "120/30/19": "1112", "113/19": "1112",
                                      "1150/183/12": "1012"}, phase="combat")
    [message] = problems(data, state, [{"attack": "1012", "with": ["119/30/19", "120/30/19", "113/19"]}])
    assert "(7.21)" in message                                                  # two regiments from one hex
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19", "113/19"]}]) == []   # + battalion


def test_9_11_9_12_every_adjacent_enemy_is_attacked_and_every_adjacent_unit_attacks(data, scenario):
    state = position(data, scenario, {"119/30/19": "1112", "175/29/19": "1211", "1150/183/12": "1012",
                                      "1151/183/12": "1212"}, phase="combat")
    messages = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}])
    assert any("1212 is adjacent to 175/29/19 and must be attacked (9.11" in m for m in messages)
    state = position(data, scenario, {"119/30/19": "1112", "175/29/19": "1011", "1150/183/12": "1012"}, phase="combat")
    [message] = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}])
    assert "175/29/19 is adjacent to the enemy at 1012 and must attack (9.12)" in message
    assert problems(data, state, [])                                            # no attack at all: refused
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19", "175/29/19"]}]) == []
    # 7.21: a second regiment in the attacking hex may sit out; a battalion there may not
    state = position(data, scenario, {"119/30/19": "1112", "120/30/19": "1112", "1150/183/12": "1012"}, phase="combat")
    assert problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}]) == []
    state = position(data, scenario, {"119/30/19": "1112", "113/19": "1112", "1150/183/12": "1012"}, phase="combat")
    [message] = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}])
    assert "113/19" in message and "(9.12)" in message


def test_9_11_9_21_an_attacking_unit_must_also_engage_its_other_adjacent_enemies(data, scenario):
    """9.11 "Every non-Phasing unit adjacent to a Phasing unit must be attacked" and 9.21 "it must
    attack all those adjacent Enemy units ... that are not engaged by some other attacking unit".
    (Was a module bug, fixed in commit d9ac620: units that attacked elsewhere were not checked.)"""
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012", "1151/183/12": "1212"}, phase="combat")
    messages = problems(data, state, [{"attack": "1012", "with": ["119/30/19"]}])
    assert any("1212" in m and "9.11" in m for m in messages)
    assert problems(data, state, [{"attack": ["1012", "1212"], "with": ["119/30/19"]}]) == []    # 9.21: both at once


def test_9_13_12_23_units_in_towns_and_german_units_in_entrenchments_need_not_attack(data, scenario):
    state = position(data, scenario, {"119/30/19": "1109", "1150/183/12": "1110"}, phase="combat")   # 1109: town
    assert problems(data, state, []) == []
    state = position(data, scenario, {"119/30/19": "1209", "1150/183/12": "1110"}, phase="combat")   # clear
    assert problems(data, state, [])
    german = position(data, scenario, {"1150/183/12": "1008", "119/30/19": "0909"}, side="german", phase="combat")
    assert problems(data, german, []) == []                                     # 1008: entrenchment
    allied = position(data, scenario, {"119/30/19": "0908", "1150/183/12": "0909"}, phase="combat")
    assert problems(data, allied, [])                                           # 0908: entrenchment, but US


def test_9_61_artillery_adjacent_to_the_enemy_fights_with_its_printed_strength(data, scenario):
    state = position(data, scenario, {"403/81": "1012", "119/30/19": ("1112", "3-06")}, side="german", phase="combat")
    assert any("403/81" in m and "must" in m for m in problems(data, state, []))       # 9.11/9.12 like any unit
    _, _, event = attack(data, state, "1112", ["403/81"], 3, 3, 3, 3)               # combat, then weather
    assert event["attackers"] == {"403/81": GAME.counter(data, "403/81")["strength"]}


# -- 7.22 / 8.x strength chits ------------------------------------------------------------------------

def test_7_22_defender_chooses_which_regiment_defends_and_only_it_draws_a_chit(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": "1012", "1151/183/12": "1012"},
                     phase="combat")
    dice = ScriptedDice()
    outcome = GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], dice)
    assert dice.asked == []                                                     # nothing rolled yet
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response")
    assert state["awaiting_choice"]["combats"] == [{"combat": "1012", "options": {"1012": ["1150/183/12", "1151/183/12"]}}]
    assert problems(data, state, [{"defend": "1012", "with": "119/30/19"}])
    dice = ScriptedDice(4, 1, 2)                                                # chit 2-04: C3 -> 8:3, roll 3
    outcome = GAME.apply(data, state, "german", [{"defend": "1012", "with": "1151/183/12"}], dice)
    assert dice.asked[0] == ("chit/1151/183/12", 12)
    event = next(e for e in outcome.events if e["event"] == "combat")
    assert event["defenders"] == {"1151/183/12": 3}
    assert [(s["shift"], s["rule"]) for s in event["shifts"]] == [(-1, "9.43")]  # 9.42: 1150 of its division beside it
    assert event["result"] == "A1"
    assert state["units"]["1151/183/12"]["chit"] == "2-04"
    assert state["units"]["1150/183/12"]["form"] == "untried" and not state["units"]["1150/183/12"].get("chit")   # 8.36
    assert state["pools_out"]["2"] == ["2-04"]


@pytest.mark.parametrize("face, chit", [(1, "3-03"), (10, "3-12")])
def test_8_33_chit_drawn_at_random_from_the_chits_left_in_the_morale_pool(data, scenario, face, chit):
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": ("1012", "2-01"),
                                      "175/29/19": ("0101", "3-01"), "115/29/19": ("0102", "3-02")}, phase="combat")
    _, dice, event = attack(data, state, "1012", ["119/30/19"], face, 1, 2)     # A6 vs 3: 2-1, roll 3 "-"
    assert dice.asked[0] == ("chit/119/30/19", 10)          # 12 chits, 2 under units
    assert state["units"]["119/30/19"]["chit"] == chit and state["units"]["119/30/19"]["form"] == "front"
    assert state["pools_out"]["3"] == ["3-01", "3-02", chit]
    assert event["attackers"] == {"119/30/19": 6}


@pytest.mark.parametrize("face, chit, steps", [(1, "1-01", 2), (5, "1-05", 3)])
def test_9_82_steps_come_from_the_chits_front_strength(data, scenario, face, chit, steps):
    state = position(data, scenario, {"943/353/58": "1012"})                    # class C, morale 1
    events = []
    dice = ScriptedDice(face)
    GAME.draw_chit(data, state, "943/353/58", dice, events)
    assert dice.asked == [("chit/943/353/58", 12)]
    unit = state["units"]["943/353/58"]
    assert (unit["chit"], unit["form"], unit["steps"]) == (chit, "front", steps)   # front C1 -> 2, C3 -> 3


def test_8_34_strength_from_chit_by_class_back_when_reduced_printed_for_cadre_and_battalion(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "120/30/19": ("1111", "3-02"),
                                      "175/29/19": ("1011", "3-04", "reduced"), "117/30/19": ("1010", None, "cadre"),
                                      "113/19": "1009"})
    assert GAME.strength(data, state, "119/30/19") == 8          # 3-06 front A
    assert GAME.strength(data, state, "120/30/19") == 5          # 3-02 front B
    assert GAME.strength(data, state, "175/29/19") == 3          # 3-04 back A (8.35)
    assert GAME.strength(data, state, "117/30/19") == 1          # cadre side (10.0)
    assert GAME.strength(data, state, "113/19") == 3             # printed (8.6)


def test_8_31_a_tried_unit_keeps_its_chit_and_draws_no_other(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06", "reduced"), "1150/183/12": ("1012", "2-01")},
                     phase="combat")
    _, dice, event = attack(data, state, "1012", ["119/30/19"], 2, 2)          # 4:3 -> 1-1, roll 4 "-"
    assert [sides for _, sides in dice.main()] == [6, 6]                        # the combat dice only
    assert state["units"]["119/30/19"]["chit"] == "3-06" and state["pools_out"]["3"] == ["3-06"]
    assert event["attackers"] == {"119/30/19": 4} and event["column"] == "1-1"


@pytest.mark.parametrize("defender, attacker, defence, rule", [
    ("0708", "0707", 6, "9.32"),         # across the Roer, flash flood: a normal river (17.13), doubled
    ("0709", "0809", 6, "12.21"),        # entrenchment: doubled
    ("0908", "0907", 9, "12.21"),        # entrenchment attacked across the (lower) Roer: tripled
])
def test_9_32_12_21_river_and_entrenchment_multiply_the_defence(data, scenario, defender, attacker, defence, rule):
    state = position(data, scenario, {"119/30/19": (attacker, "3-06"), "1150/183/12": (defender, "2-01")}, phase="combat")
    _, _, event = attack(data, state, defender, ["119/30/19"], 3, 3)
    assert event["defence"] == defence and [m["rule"] for m in event["modifiers"]] == [rule]
    assert event["ratio"] == f"8-{defence}"


@pytest.mark.parametrize("attacker, flood, current, defence", [
    ("1306", "flash_flood", None, 3 + 2),           # 1307: +2, not doubled
    ("1206", "flash_flood", None, 3 * 2 + 2),       # 1207 across the (normal) Roer: x2 (9.32), then +2
    ("1206", "gradual_flood", "rapid", 3 * 3 + 2),  # 1207 across the lower Roer, rapid: x3 (18.11), then +2
])
def test_20_1_improved_positions_add_two_after_any_river_multiplier_and_are_not_doubled(data, scenario, attacker,
                                                                                       flood, current, defence):
    # (fixed in commit 00fea12: improved positions were doubled as entrenchments, then +2)
    defender = "1307" if attacker == "1306" else "1207"
    state = position(data, scenario, {"119/30/19": (attacker, "3-06"), "1150/183/12": (defender, "2-01")},
                     phase="combat", flood=flood, current=current, d_day="1945-02-22" if current else None)
    _, _, event = attack(data, state, defender, ["119/30/19"], 2, 2)
    assert event["defence"] == defence
    assert event["modifiers"][-1]["rule"] == "20.1" and event["modifiers"][-1]["plus"] == 2


@pytest.mark.parametrize("current, d_day, turn, defender, attacker, multiplier", [
    ("rapid", "1945-02-22", 2, "0608", "0607", 4),      # upper Roer
    ("rapid", "1945-02-22", 2, "0708", "0707", 3),      # lower Roer
    ("rapid", "1945-02-22", 2, "0908", "0907", 4),      # lower Roer, entrenchment
    ("torrent", "1945-02-22", 2, "0608", "0607", 5),
    ("normal", "1945-02-22", 2, "0708", "0707", 2),
    ("torrent", "1945-02-23", 2, "0608", "0607", 5),    # 24 February: still in effect (18.13)
    ("torrent", "1945-02-24", 2, "0608", "0607", 2),    # 25 February: a normal river (18.13, 9.32)
])
def test_18_11_roer_current_multiplies_the_defender_up_to_24_february(data, scenario, current, d_day, turn,
                                                                     defender, attacker, multiplier):
    state = position(data, scenario, {"119/30/19": (attacker, "3-06"), "1150/183/12": (defender, "2-01")},
                     phase="combat", flood="gradual_flood", d_day=d_day, current=current, turn=turn)
    _, _, event = attack(data, state, defender, ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * multiplier


def test_18_11_attack_across_upper_and_lower_roer_uses_the_lower_multiplier(data, scenario):
    """MODULE BUG: 18.11 "If it is attacked exclusively across Roer hexsides, at least one of which is
    a lower Roer hexside, its Combat Strength is multiplied by three" (rapid). roer_multiplier picks
    the upper reach whenever any attacker crosses the upper Roer: x4 here."""
    state = position(data, scenario, {"119/30/19": ("0607", "3-06"), "175/29/19": ("0707", "3-04"),
                                      "1150/183/12": ("0708", "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current="rapid")
    _, _, event = attack(data, state, "0708", ["119/30/19", "175/29/19"], 2, 2)   # 0607|0708 upper, 0707|0708 lower
    assert event["defence"] == 3 * 3


# -- 9.0 / 9.7 ratios and column shifts -------------------------------------------------------------------

@pytest.mark.parametrize("attack_, defence, column", [
    (7, 3, "2-1"), (5, 3, "1-1"), (2, 3, "1-2"), (1, 4, "1-4"), (1, 7, "1-5"), (30, 1, "9-1"), (17, 2, "8-1"),
])
def test_9_0_ratio_rounds_down_and_9_7_uses_the_end_columns(attack_, defence, column):
    index, _ = GAME.column(CLEAR, attack_, defence)
    assert CLEAR[index] == column


def test_24_22_mud_shifts_every_combat_one_column_left(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", mud=True)
    _, _, event = attack(data, state, "1012", ["119/30/19"], 2, 2)
    assert (event["column"], event["final_column"]) == ("2-1", "1-1")
    assert [(s["shift"], s["rule"]) for s in event["shifts"]] == [(-1, "24.22")]


def test_9_7_shifts_beyond_the_table_stay_on_the_end_column(data, scenario):
    state = position(data, scenario, {"117/30/19": ("1112", None, "cadre"), "1150/183/12": ("1012", "2-02")},
                     phase="combat", mud=True)                                     # 1 vs 3 in mud
    _, _, event = attack(data, state, "1012", ["117/30/19"], 4, 5)
    assert (event["column"], event["final_column"]) == ("1-3", "1-4")
    state = position(data, scenario, {"117/30/19": ("1112", None, "cadre"), "1150/183/12": ("1012", "2-11")},
                     phase="combat", mud=True)                                     # 1 vs 5 in mud
    _, _, event = attack(data, state, "1012", ["117/30/19"], 4, 5)
    assert (event["column"], event["final_column"]) == ("1-5", "1-5")
    surprise = {"phase": "combat", "flood": "gradual_flood", "d_day": "1945-02-20", "current": "rapid", "turn": 1}
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "Pol/12": "1012"}, **surprise)
    _, _, event = attack(data, state, "1012", ["119/30/19"], 1, 1)              # 8:1, +1 (18.21)
    assert (event["column"], event["final_column"]) == ("8-1", "9-1")
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "113/19": "1112", "Pol/12": "1012"}, **surprise)
    _, _, event = attack(data, state, "1012", ["119/30/19", "113/19"], 1, 1)    # 11:1: already the last column
    assert (event["column"], event["final_column"]) == ("9-1", "9-1")


@pytest.mark.parametrize("flood, d_day, turn, shifted", [
    ("gradual_flood", "1945-02-23", 1, True),     # 18.21
    ("gradual_flood", "1945-02-17", 1, True),
    ("gradual_flood", "1945-02-24", 1, False),    # 18.22
    ("flash_flood", None, 1, False),              # 18.22
    ("gradual_flood", "1945-02-23", 2, False),    # Game-Turn One only
])
def test_18_21_us_surprise_shift_on_game_turn_one(data, scenario, flood, d_day, turn, shifted):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", flood=flood, d_day=d_day, turn=turn, current="normal" if d_day else None)
    _, _, event = attack(data, state, "1012", ["119/30/19"], 1, 2)
    assert [(s["shift"], s["rule"]) for s in event["shifts"]] == ([(1, "18.21")] if shifted else [])
    assert event["final_column"] == ("3-1" if shifted else "2-1")


@pytest.mark.parametrize("text, parsed", [
    ("D2(1)*", {"D": {"flexible": 2, "mandatory": 1, "breakthrough": True}}),
    ("A(1) D1", {"A": {"flexible": 0, "mandatory": 1, "breakthrough": False},
                 "D": {"flexible": 1, "mandatory": 0, "breakthrough": False}}),
    ("A3(1)", {"A": {"flexible": 3, "mandatory": 1, "breakthrough": False}}),
    ("D3", {"D": {"flexible": 3, "mandatory": 0, "breakthrough": False}}),
    ("-", {}),
    ("X2", None),
])
def test_9_84_result_text_parses_into_flexible_mandatory_and_breakthrough(text, parsed):
    if parsed is None:
        with pytest.raises(PbemError, match="9.84"):
            GAME.parse_result(text)
    else:
        assert GAME.parse_result(text) == parsed


# -- 9.8 / 9.9 losses, retreats, advances ------------------------------------------------------------

def d_result(data, scenario, roll, extra=None, defender=("1012", "2-01"), advance=None):
    """119/30/19 (A8) at 1112 attacks 1150/183/12 (B3, three steps) at 1012: 8:3 -> 2-1 column.
    2-1 clear: 2 A1, 3 -, 4 A1 D1, 5 D1, 6 A(1) D1, 7 D1, 8 D2, 9 A(1) D2, 10 D2, 11 D1(1), 12 D3."""
    units = {"119/30/19": ("1112", "3-06"), "1150/183/12": defender}
    units.update(extra or {})
    state = position(data, scenario, units, phase="combat")
    attack(data, state, "1012", ["119/30/19"], *roll, advance=advance)
    return state


@pytest.mark.parametrize("losses, retreat, refusal", [
    ([], ["1013", "1014"], None),                                      # retreat 2
    (["1150/183/12"], ["1013"], None),                                 # 1 step + 1 hex
    (["1150/183/12", "1150/183/12"], [], None),                        # 2 steps, stay
    ([], ["1013"], "1 step(s) must be lost"),
    (["1150/183/12"], [], "2 step(s) must be lost"),
    ([], ["1013", "1014", "1015"], "at most 2 hexes"),
    ([], ["1014"], "not adjacent"),
    ([], ["1112", "1111"], "holds enemy units"),
    ([], ["1013", "1012"], "twice"),
    (["119/30/19", "119/30/19"], [], "one unit per step"),
    ([], ["1113", "1114"], "1 step(s) must be lost"),                  # 9.92: 1113 touches 1112
    (["1150/183/12"], ["1113", "1114"], None),
])
def test_9_85_9_92_loss_and_retreat_answer_must_add_up(data, scenario, losses, retreat, refusal):
    # 120/30/19 at 0813 (not in contact) makes 1114 as far from the enemy as 1014 (9.91)
    state = d_result(data, scenario, (4, 4), extra={"120/30/19": "0813"})  # D2
    assert state["awaiting_choice"] == {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}
    messages = loss_problems(data, state, "1012", losses, retreat)
    if refusal is None:
        assert messages == []
    else:
        assert len(messages) == 1 and refusal in messages[0]


def test_9_85_mandatory_steps_then_retreat_or_steps(data, scenario):
    state = d_result(data, scenario, (5, 6))                             # D1(1)
    assert loss_problems(data, state, "1012", ["1150/183/12"], ["1013"]) == []
    assert loss_problems(data, state, "1012", ["1150/183/12"] * 2) == []
    [message] = loss_problems(data, state, "1012", ["1150/183/12"])
    assert "2 step(s) must be lost: 1 mandatory + 1 in lieu" in message


def test_9_92_retreat_through_enemy_zoc_costs_a_step_and_moves_the_stack(data, scenario):
    state = d_result(data, scenario, (4, 4), extra={"120/30/19": "0813"})  # D2; 1114 as far as any (9.91)
    answer(data, state, "1012", ["1150/183/12"], ["1113", "1114"])
    unit = state["units"]["1150/183/12"]
    assert (unit["hex"], unit["form"], unit["chit"]) == ("1114", "reduced", "2-01")
    assert state["awaiting_choice"] is None and state["side"] == "german"


def test_9_86_losses_come_first_from_the_units_that_took_part(data, scenario):
    state = d_result(data, scenario, (1, 1), extra={"120/30/19": "1112"})   # A1; 120/30/19 sat out (7.21)
    assert GAME.awaiting(state).side == "allied"
    [message] = loss_problems(data, state, "1012", ["120/30/19"])
    assert "did not take part" in message and "(9.86)" in message
    assert loss_problems(data, state, "1012", ["119/30/19"]) == []
    assert loss_problems(data, state, "1012", [], ["1111"]) == []


def test_9_87_attacker_losses_come_first_from_participating_tanks(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-02"), "R/2A/19": ("1011", "3-01"),
                                      "1150/183/12": ("1012", "2-04")}, phase="combat")
    _, _, event = attack(data, state, "1012", ["119/30/19", "R/2A/19"], 3, 3)   # 10:4 -> 2-1, roll 6
    assert event["result"] == "A(1) D1" and GAME.awaiting(state).side == "allied"
    [message] = loss_problems(data, state, "1012", ["119/30/19"])
    assert "(9.87)" in message
    assert loss_problems(data, state, "1012", ["R/2A/19"]) == []


def test_9_85_attackers_in_several_hexes_may_answer_steps_with_an_empty_retreat(data, scenario):
    """MODULE BUG: the answer template (`retreat: []`) is refused when the attackers came from several
    hexes: loss_plan turns the empty list into {"?": []} and rejects the unknown "?" hex before it
    drops empty paths, so losing the steps without retreating (9.85) cannot be written that way."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-02"), "R/2A/19": ("1011", "3-01"),
                                      "1150/183/12": ("1012", "2-04")}, phase="combat")
    attack(data, state, "1012", ["119/30/19", "R/2A/19"], 3, 3)                # A(1) D1: one mandatory step
    assert loss_problems(data, state, "1012", ["R/2A/19"]) == []                 # no `retreat:` key: fine
    assert GAME.template(data, state, "allied")["orders"][0]["retreat"] == []
    assert loss_problems(data, state, "1012", ["R/2A/19"], []) == []


def test_9_96_mechanized_units_never_retreat_across_a_river_without_a_road(data, scenario):
    state = position(data, scenario, {"119/30/19": ("0508", "3-06"), "9P/81": ("0608", "2-01")}, phase="combat")
    attack(data, state, "0608", ["119/30/19"], 2, 3)                           # 8:3, roll 5: D1
    [message] = loss_problems(data, state, "0608", [], ["0607"])               # 0607|0608: upper Roer
    assert "(9.96)" in message
    assert loss_problems(data, state, "0608", [], ["0708"]) == []
    # a non-mechanized unit may cross (paying a step for the ZOC of 0508); 9.91 would send it to
    # 0708, farther from the enemy, so the path alone is checked here
    from pbem.games.operation_grenade.losses import retreat_problem
    state = position(data, scenario, {"119/30/19": ("0508", "3-06"), "1150/183/12": ("0608", "2-01")}, phase="combat")
    attack(data, state, "0608", ["119/30/19"], 2, 3)
    assert retreat_problem(GAME, data, state, "german", "0608", ["0607"], GAME.enemy_zoc(data, state, "german")) == (None, 1)


def breakthrough(data, scenario, extra=None):
    """119/30/19 (A8) + 175/29/19 (A7) vs 1150/183/12 (B3): 15:3 -> 5-1, roll 12: D3(1)*."""
    units = {"119/30/19": ("1112", "3-06"), "175/29/19": ("1011", "3-04"), "1150/183/12": ("1012", "2-01")}
    units.update(extra or {})
    state = position(data, scenario, units, phase="combat")
    _, _, event = attack(data, state, "1012", ["119/30/19", "175/29/19"], 6, 6)
    assert event["result"] == "D3(1)*"
    return state


def test_9_97_breakthrough_defender_loses_its_zoc_and_retreats_unless_surrounded(data, scenario):
    state = breakthrough(data, scenario)
    assert "1150/183/12" in state["no_zoc"] and not GAME.exerts_zoc(data, state, "1150/183/12")
    # 9.97: the attacker determines the path (tests/test_operation_grenade_retreats.py); the defender
    # then loses the mandatory step and retreats the full three hexes
    assert state["awaiting_choice"] == {"kind": "path", "side": "allied", "hex": "1012", "result": "D"}
    GAME.apply(data, state, "allied", [{"combat": "1012", "retreat": ["1013", "1014", "1015"]}], ScriptedDice())
    unit = state["units"]["1150/183/12"]
    assert (unit["hex"], unit["form"]) == ("1015", "reduced")
    state = breakthrough(data, scenario, extra={"120/30/19": "0914"})          # 0914 controls 0913 and 1013
    assert loss_problems(data, state, "1012", ["1150/183/12"] * 3) == []
    answer(data, state, "1012", ["1150/183/12"] * 3)
    assert "1150/183/12" not in state["units"] and state["pools_out"]["2"] == []


def test_9_97_one_step_defender_destroyed_by_the_mandatory_loss_need_not_retreat(data, scenario):
    """MODULE BUG: a D3(1)* result on a one-step unit (Pol/12) eliminates it with the mandatory step;
    nothing is left to retreat and no step is taken in lieu (9.97 forbids only steps *in lieu* of
    retreat). loss_plan counts 3 hexes "in lieu" and refuses the answer unless a retreat path is
    invented for the dead unit."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-01"), "Pol/12": "1012"}, phase="combat")
    _, _, event = attack(data, state, "1012", ["119/30/19"], 6, 6)             # 5:1, roll 12
    assert event["result"] == "D3(1)*"
    assert loss_problems(data, state, "1012", ["Pol/12"]) == []


def test_9_82_three_step_unit_is_reduced_then_goes_to_cadre_returning_its_chit(data, scenario):
    state = d_result(data, scenario, (2, 3))                                    # D1
    answer(data, state, "1012", ["1150/183/12"])
    unit = state["units"]["1150/183/12"]
    assert (unit["form"], unit["chit"]) == ("reduced", "2-01") and state["pools_out"]["2"] == ["2-01"]
    assert GAME.strength(data, state, "1150/183/12") == 1                       # 2-01 back B
    state.update(side="allied", phase="combat", turn=2, supply={})              # all in supply again
    attack(data, state, "1012", ["119/30/19"], 2, 3)                            # 8:1 -> 8-1, roll 5: D3
    answer(data, state, "1012", ["1150/183/12"], ["1013", "1014"])
    unit = state["units"]["1150/183/12"]
    assert (unit["form"], unit["chit"], unit["hex"]) == ("cadre", None, "1014")
    assert state["pools_out"]["2"] == []                                        # 8.52


def test_10_0_two_step_unit_goes_to_cadre_at_its_first_loss(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1151/183/12": ("1012", "2-01")}, phase="combat")
    assert state["units"]["1151/183/12"]["steps"] == 2                         # 2-01 front C2
    _, _, event = attack(data, state, "1012", ["119/30/19"], 1, 2)             # 8:2 -> 4-1, roll 3: D1
    assert event["result"] == "D1"
    answer(data, state, "1012", ["1151/183/12"])
    unit = state["units"]["1151/183/12"]
    assert (unit["form"], unit["chit"]) == ("cadre", None) and state["pools_out"]["2"] == []
    assert GAME.strength(data, state, "1151/183/12") == 1 and not GAME.exerts_zoc(data, state, "1151/183/12")


def test_9_82_a_cadre_losing_a_step_or_a_unit_losing_all_its_steps_is_eliminated(data, scenario):
    state = d_result(data, scenario, (1, 2), defender=("1012", None, "cadre"))  # 8:1 -> 8-1, roll 3: D2
    assert loss_problems(data, state, "1012", ["1150/183/12"] * 2)              # only one step to lose
    outcome = answer(data, state, "1012", ["1150/183/12"])
    assert "1150/183/12" not in state["units"]
    assert any(e["event"] == "eliminated" and e["unit"] == "1150/183/12" for e in outcome.events)
    state = d_result(data, scenario, (6, 6))                                    # D3 on a three-step unit
    answer(data, state, "1012", ["1150/183/12"] * 3)
    assert "1150/183/12" not in state["units"] and state["pools_out"]["2"] == []   # 8.52


def test_9_94_advance_follows_the_retreat_path_no_further_than_the_retreat(data, scenario):
    state = d_result(data, scenario, (4, 4), advance=["119/30/19"])            # D2
    outcome = answer(data, state, "1012", [], ["1013", "1014"])
    assert state["units"]["1150/183/12"]["hex"] == "1014"
    assert state["units"]["119/30/19"]["hex"] == "1013"
    advance = next(e for e in outcome.events if e["event"] == "advance")
    assert advance["path"] == ["1012", "1013"]
    state = d_result(data, scenario, (4, 4))                                    # no `advance:` declared
    answer(data, state, "1012", [], ["1013", "1014"])
    assert state["units"]["119/30/19"]["hex"] == "1112"


def test_9_95_advance_halts_on_entering_enemy_zoc_after_the_first_hex(data, scenario):
    # 1034/59/81 at 0912 controls 1012 (the first hex: ignored); 1035/59/81 at 0914 controls 1013
    state = d_result(data, scenario, (6, 6), advance=["119/30/19"],
                     extra={"1034/59/81": "0912", "1035/59/81": "0914"})       # D3 (another division: no 9.42)
    answer(data, state, "1012", [], ["1013", "1014", "1015"])
    assert state["units"]["119/30/19"]["hex"] == "1013"
    state = d_result(data, scenario, (6, 6), advance=["119/30/19"], extra={"1034/59/81": "0912"})
    answer(data, state, "1012", [], ["1013", "1014", "1015"])
    assert state["units"]["119/30/19"]["hex"] == "1014"                         # three hexes: 1012 1013 1014


def test_9_97_breakthrough_advance_one_hex_more_than_the_retreat(data, scenario):
    # Pol/12 dies to the mandatory step of D3(1)*; 9.94: the victor advances the 3 hexes left of its
    # retreat, 9.97: plus one.
    state = position(data, scenario, {"119/30/19": ("1112", "3-01"), "Pol/12": "1012"}, phase="combat")
    order = {"attack": "1012", "with": ["119/30/19"], "advance": ["119/30/19"],
             "advance_path": ["1012", "1013", "1014", "1015", "1016"]}
    dice = ScriptedDice(6, 6)
    no_support(data, state, GAME.apply(data, state, "allied", [order], dice), dice)
    assert "nothing is left to retreat" in loss_problems(data, state, "1012", ["Pol/12"], ["1013"])[0]
    outcome = answer(data, state, "1012", ["Pol/12"])          # no retreat path for an eliminated unit
    advance = next(e for e in outcome.events if e["event"] == "advance")
    assert advance["path"] == ["1012", "1013", "1014", "1015"]     # 9.94 freely, 3 hexes + 9.97 one more


def test_9_96_mechanized_units_never_advance_across_a_river_without_a_road(data, scenario):
    """MODULE BUG: 9.96 "Mechanized infantry or tank units may never advance ... across river hexsides
    unless those hexsides are traversed by a road." advance_after_combat moves the tank from 0607
    across the upper Roer (no road) into 0608."""
    state = position(data, scenario, {"R/2A/19": ("0607", "3-08"), "1150/183/12": ("0608", "2-01")}, phase="combat")
    order = {"attack": "0608", "with": ["R/2A/19"], "advance": ["R/2A/19"]}
    refused = problems(data, state, [order])
    if refused:                                     # refusing the declared advance is also correct
        assert "9.96" in refused[0]
        return
    dice = ScriptedDice(3, 3)                                                   # 6 vs 3x2: 1-1, roll 6: D1
    no_support(data, state, GAME.apply(data, state, "allied", [order], dice), dice)
    answer(data, state, "0608", [], ["0609"])
    assert state["units"]["1150/183/12"]["hex"] == "0609"
    assert state["units"]["R/2A/19"]["hex"] == "0607"


def test_19_12_an_attack_on_a_second_corps_unit_releases_the_corps(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1224/190/2": ("1012", "1-05"),
                                      "1225/190/2": "2209"}, phase="combat")
    outcome, _, event = attack(data, state, "1012", ["119/30/19"], 1, 2)        # 8:4 -> 2-1, roll 3: "-"
    assert event["result"] == "-"
    assert state["second_corps_released"] and any(e["event"] == "released" for e in outcome.events)
    assert (state["side"], state["phase"]) == ("german", "movement")
    assert problems(data, state, [move("1225/190/2", "2209", "2208")]) == []


# -- 28.0 victory -------------------------------------------------------------------------------------

@pytest.mark.parametrize("towns, vp, level", [
    ([], 0, "German Decisive Victory"),
    (["0419", "2613", "2209", "1804"], 8, "German Decisive Victory"),
    (["0419", "2613", "2618"], 9, "German Substantive Victory"),
    (["0419", "2613", "2618", "2218"], 12, "German Marginal Victory"),
    (["0419", "2613", "2618", "2218", "1317", "1513", "1812"], 15, "US Marginal Victory"),
    (["0419", "2613", "2618", "2218", "1317", "1513", "1812", "1916", "2209", "1804"], 18, "US Substantive Victory"),
])
def test_28_1_28_3_town_victory_points_and_levels(data, scenario, towns, vp, level):
    state = position(data, scenario)
    state["last_through"] = {t: ("allied" if t in towns else "german") for t in VP_TOWNS}
    result = GAME.victory(data, state)
    assert (result["vp"], result["level"]) == (vp, level)


def test_28_0_game_ends_after_the_last_game_turn(data, scenario):
    state = position(data, scenario, side="german", phase="combat", turn=16, last_turn=16)
    state["last_through"].update({"0419": "allied", "2218": "allied"})
    outcome = GAME.apply(data, state, "german", [], ScriptedDice())
    assert state["game_over"] and GAME.awaiting(state).done
    assert state["victory"]["vp"] == 6 and state["victory"]["level"] == "German Decisive Victory"
    assert any(e["event"] == "victory" for e in outcome.events)
    assert problems(data, state, [], side="allied") == ["the game is over (28.0)"]


# -- data the rulebook text does not give -----------------------------------------------------------------

def test_missing_counter_or_map_data_names_the_override_path(scenario):
    bare = load_game_data("operation-grenade")
    state = GAME.setup(bare, scenario, SEATS, {})
    state.update(turn=1, date="1945-02-17", last_turn=16, phase="movement", side="allied", flood="flash_flood",
                 weather="clear")
    # check reports the value the data lacks as a problem (pbem.kit.sequence); apply raises it as itself
    [problem] = GAME.check(bare, state, "allied", [move("13/8/7", "0108", "0107")])
    assert "`units.counters." in problem.message or "`map.hexes." in problem.message
    with pytest.raises(UnknownDataError) as refused:
        GAME.apply(bare, state, "allied", [move("13/8/7", "0108", "0107")], ScriptedDice())
    assert refused.value.path.startswith(("units.counters.", "map.hexes."))
    assert str(refused.value) == problem.message
    assert f"`{refused.value.path}`" in str(refused.value) and "data-override.yaml" in str(refused.value)


@pytest.fixture(scope="module")
def no_crt(tmp_path_factory):
    doc = load_yaml_file_once(DEMO)
    doc["values"] = {k: v for k, v in doc["values"].items() if not k.startswith("crt.") or k == "crt.rows"}
    path = tmp_path_factory.mktemp("no-crt") / "data-override.yaml"
    path.write_text(dump_yaml(doc), encoding="utf-8")
    return load_game_data("operation-grenade", path)


@pytest.mark.parametrize("defender, attacker, path", [
    ("1012", "1112", "crt.lines.clear.columns"),                  # the Clear line's ratios (9.89)
    ("1213", "1212", "crt.cells.woods_swamp_town.1-4"),           # woods: ratios known, cells not (the whole line is checked first)
])
def test_missing_crt_names_a_crt_path(no_crt, scenario, defender, attacker, path):
    state = position(no_crt, scenario, {"119/30/19": (attacker, "3-06"), "1150/183/12": (defender, "2-01")},
                     phase="combat")
    dice = ScriptedDice()
    with pytest.raises(UnknownDataError) as refused:
        GAME.apply(no_crt, state, "allied", [{"attack": defender, "with": ["119/30/19"]}], dice)
    assert refused.value.path == path
    assert f"`{path}`" in str(refused.value) and "data-override.yaml" in str(refused.value)
    assert dice.asked == []                                       # refused before the combat's dice


# -- 5.62 stream hexsides in combat ---------------------------------------------------------------

@pytest.mark.parametrize("effect, times", [("none", None), ("river", 2)])
def test_5_62_a_stream_in_combat_is_what_the_terrain_effects_chart_says(tmp_path, scenario, effect, times):
    doc = load_yaml_file_once(DEMO)
    doc["values"]["terrain.hexsides.stream.combat"] = effect
    path = tmp_path / "data-override.yaml"
    path.write_text(dump_yaml(doc), encoding="utf-8")
    data = load_game_data("operation-grenade", path)
    a, b = next(k.split("|") for k, v in sorted(data.get("map.hexsides").items())
                if isinstance(v, list) and v == ["stream"] and GAME.terrain(data, k[:4]) == "clear" == GAME.terrain(data, k[5:]))
    state = position(data, scenario, {"119/30/19": (a, "3-06"), "1150/183/12": (b, "2-01")}, phase="combat",
                     weather="heavy_overcast")
    _, _, event = attack(data, state, b, ["119/30/19"], 1, 1, 6, 6)
    multipliers = [m["times"] for m in event["modifiers"] if "times" in m]
    assert multipliers == ([times] if times else [])                               # 9.32 only if a river
