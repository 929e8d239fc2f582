"""13.8 Operation Thunderclap (behaviour 4), on the special-movement test data (made up, not the
published map): 4012E is a German 1 VP city east of the WWIII demarcation line, 4011E a German city
west of it, the Soviet infantry sov-inf next to both in 4013E."""

import dataclasses

import pytest

from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_strategic import make, position
from tests.test_smithereens_victory import complete_map
from tests.test_smithereens_victory import position as victory_position

EXTRA = ('  map.regions.atc.hexes: ["1231"]\n  map.hexes.4012E.vp: 1\n'
         '  map.hexes.4011E.city: true\n  map.hexes.4011E.vp: 1\n  map.hexes.4011E.control_at_start: german\n'
         '  map.regions.east_of_wwiii_demarcation_line.hexes: ["4012E"]\n')
STRIKE = {"thunderclap": "4012E"}


@pytest.fixture
def data(tmp_path):
    return make(tmp_path, EXTRA)


def soviet_turn(data, turn=5):
    """A Soviet Movement Phase with sov-inf in 4013E and the Germans away in 4115E."""
    state = position(data, army="soviet", turn=turn)
    state["units"]["sov-inf"]["hex"] = "4013E"
    for unit_id in ("ger-a", "ger-b", "ger-r"):
        state["units"][unit_id]["hex"] = "4115E"
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_the_city_becomes_rough_terrain_for_the_rest_of_the_game(data):  # 13.8
    """13.8: "At the start of any of his player turns after game turn 4, the Soviet (or Grand Alliance)
    player may announce the launching of "Operation Thunderclap." ... any 1 VP German-controlled city of
    his choice east of the WWIII demarcation line ... the city itself ceases to be a city for all purposes
    and is considered to be only a rough terrain hex for the rest of the game." """
    out = GAME.apply(data, soviet_turn(data), "alliance", [STRIKE], ScriptedDice(default=6))
    assert out.state["thunderclaps"] == [{"hex": "4012E", "turn": 5}]
    assert ("item", "Operation Thunderclap on 4012E: no longer a city, rough terrain for the rest of the game; Soviet units "
                    "may not attack or enter it this game turn (13.8)") in GAME.describe(data, out.state, out.events)
    with GAME.state_map(data, out.state):          # every lookup of the module sees the overlay
        assert GAME.terrain(data, "4012E") == "rough" and GAME.is_city(data, "4012E", "13.8") is False
        assert GAME.german_city(data, out.state, "4012E", "13.8") is False
    assert GAME.terrain(data, "4012E") == "clear"  # outside a step, the data as printed
    # the next game turn a Soviet move through it pays rough terrain's 2 MP (10.12), not clear's 1
    later = soviet_turn(data, turn=6)
    path = {"move": "sov-inf", "path": ["4013E", "4012E", "4011E", "4010E", "4110E"]}
    assert problems(data, later, [path]) == []
    later["thunderclaps"] = out.state["thunderclaps"]
    assert problems(data, later, [path]) == ["sov-inf needs 5 MP for this path but has 4 (10.2; 10.4 guarantees one hex only)"]


def test_soviet_units_may_not_enter_or_attack_it_the_turn_of_the_strike(data):  # 13.8
    """13.8: "Soviet units may not attack or move into the Thunderclapped hex in any way during the game
    turn of the strike." German units there "remain unaffected"."""
    state = soviet_turn(data)
    assert problems(data, state, [STRIKE, {"move": "sov-inf", "path": ["4013E", "4012E"]}]) == [
        "Soviet units may not move into 4012E, Thunderclapped this game turn (13.8)"]
    state["units"]["ger-f"]["hex"] = "4012E"
    out = GAME.apply(data, state, "alliance", [STRIKE], ScriptedDice(default=6))
    assert out.state["units"]["ger-f"] == {"hex": "4012E", "steps": 1}          # unaffected
    assert out.state["phase"] == "assault"
    assert problems(data, out.state, [{"attack": "4012E", "with": ["sov-inf"]}]) == [
        "Soviet units may not attack 4012E, Thunderclapped this game turn (13.8)"]


def test_the_target_and_the_moment(data):  # 13.8
    """13.8: "At the start of any of his player turns after game turn 4, the Soviet ... any 1 VP
    German-controlled city of his choice east of the WWIII demarcation line" """
    assert problems(data, soviet_turn(data, turn=4), [STRIKE]) == [
        "Operation Thunderclap may be launched after game turn 4 only; this is turn 4 (13.8)"]
    german = position(data, army="german", turn=5)
    assert problems(data, german, [STRIKE]) == [
        "only the Soviet (or Grand Alliance) player launches Operation Thunderclap, in a Soviet player turn (13.8)"]
    state = soviet_turn(data)
    assert problems(data, state, [{"thunderclap": "4013E"}]) == ["Operation Thunderclap strikes a city; 4013E is none (13.8)"]
    assert problems(data, state, [{"thunderclap": "4011E"}]) == [
        "Operation Thunderclap strikes a city east of the WWIII demarcation line; 4011E is not (13.8)"]
    state["control"]["4012E"] = "alliance"
    assert problems(data, state, [STRIKE]) == [
        "Operation Thunderclap strikes a German-controlled city; 4012E is Alliance controlled (13.8)"]


def test_a_second_launch_asks_the_data_and_behaviour_3_has_none(data):  # 13.8, 2.18
    """2.18 lists one "Operation Thunderclap" marker; 13.8 does not say how often it may be launched."""
    state = soviet_turn(data, turn=6)
    state["thunderclaps"] = [{"hex": "4011E", "turn": 5}]
    assert problems(data, state, [STRIKE]) == [
        "needs how many times Operation Thunderclap may be launched (13.8; one marker, 2.18), which the rulebook text does not "
        "give (printed on: counter sheet (one Operation Thunderclap marker, 2.18)); enter it as "
        "`special.operation_thunderclap.uses` in the campaign's data override (data-override.yaml) — see `pbem data missing`; "
        "once the campaign has begun, every player signs it as a data amendment (`pbem amend propose`)"]
    old = dataclasses.replace(data, behaviour=3)
    assert problems(old, soviet_turn(old), [STRIKE]) == ["a movement order is `move: UNIT` with `path: [HEX, ...]`"]
    assert GAME.map_overlay(old, state) == {}


def test_a_fortress_there_ends_with_the_city(data):  # 13.8, 11.19
    """13.8: the city "ceases to be a city for all purposes"; 11.19 fortresses are cities."""
    state = soviet_turn(data)
    state["fortresses"] = ["4012E"]
    out = GAME.apply(data, state, "alliance", [STRIKE], ScriptedDice(default=6))
    assert out.state["fortresses"] == []
    assert out.events[0] == {"event": "thunderclap", "hex": "4012E", "fortress_ended": True, "rule": "13.8"}


def test_dresden_no_longer_counts_its_vp(tmp_path):  # 13.8, 4.4, 14.3
    """13.8: "(historically the choice was Dresden)"; the city "ceases to be a city for all purposes"
    (14.3 keeps its VP in the WWIII scenarios only)."""
    data = complete_map(tmp_path, map__regions__east_of_wwiii_demarcation_line__hexes=["3315"])
    state = victory_position(data, turn=5, army="soviet", phase="movement")
    state["control"]["3315"] = "german"
    assert problems(data, state, [{"thunderclap": "3315"}]) == []
    cities, _ = GAME.german_vp(data, state)
    state["thunderclaps"] = [{"hex": "3315", "turn": 5}]
    assert GAME.german_vp(data, state)[0] == cities - 1
    assert GAME.cities(data)["3315"] == 1                                   # the printed map keeps it
