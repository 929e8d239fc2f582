"""Special movement restrictions (10.23, 10.36, 3.11) on the demo data and the mobile-assault test
data (made up, not the published map or counters)."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", MOBILE)


def position(data, army="soviet", level="standard"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=2, army=army, phase="movement")
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


@pytest.fixture
def western(tmp_path):
    src = MOBILE.read_text() + ('  units.counters.us-w: {side: western, grouping: us, type: infantry, steps: 2, '
                                'full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "4215E"}\n')
    target = tmp_path / "western.yaml"
    target.write_text(src)
    return load_game_data("smithereens", target)


def test_a_soviet_unit_stops_the_instant_it_moves_next_to_a_western_unit(western):  # 10.36 1
    state = position(western)
    # us-w in 4215E: 4214E is next to it; sov-inf (4213E) may enter 4214E and stop, not go on
    assert problems(western, state, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == []
    assert problems(western, state, [{"move": "sov-inf", "path": ["4213E", "4214E", "4114E"]}]) == [
        "sov-inf: must stop next to units of the other Alliance camp, at 4214E (10.36 1)"]


def test_a_unit_beginning_next_to_the_other_camp_moves_first_away(western):  # 10.36 2
    state = position(western)
    state["units"]["sov-inf"]["hex"] = "4214E"
    assert problems(western, state, [{"move": "sov-inf", "path": ["4214E", "4114E"]}]) == [
        "sov-inf begins next to units of the other Alliance camp and may move only if the first hex it enters, "
        "4114E, is not next to any of them (10.36 2)"]
    del state["units"]["ger-r"]
    assert problems(western, state, [{"move": "sov-inf", "path": ["4214E", "4213E", "4113E"]}]) == []


def test_the_western_unit_is_bound_the_same_way(western):  # 10.36 1
    state = position(western, army="western")
    state["units"]["sov-inf"]["hex"] = "4213E"
    assert problems(western, state, [{"move": "us-w", "path": ["4215E", "4214E", "4114E"]}]) == [
        "us-w: must stop next to units of the other Alliance camp, at 4214E (10.36 1)"]


def test_a_mobile_assault_clearing_a_hex_next_to_the_other_camp_ends_the_move(western):  # 10.36 1, 12.9
    state = position(western)
    state["units"]["us-w"] = {"hex": "4013E", "steps": 2}          # next to 4112E
    out = GAME.apply(western, state, "alliance", [{"assault": "4112E", "with": ["sov-t1", "sov-t2", "sov-art"]}], ScriptedDice(6))
    assert out.state["units"]["sov-t1"]["hex"] == "4112E" and out.state["mobile"]["going_on"] == {}
    assert problems(western, out.state, [{"move": "sov-t1", "path": ["4112E", "4111E"]}]) == ["sov-t1 is ordered to move twice (10.6)"]


@pytest.fixture
def dvina(tmp_path):
    """The mobile test data with sov-inf's counter set up in 3702E (the 8th Army's hex, 3.11) and
    a Dvina hexside 4112E|4111E (feature `dvina`)."""
    src = MOBILE.read_text().replace('type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "4213E"}',
                                     'type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "3702E"}')
    src += "  map.hexsides.4111E|4112E: [river, dvina]\n  map.hexes.3702E: {terrain: clear}\n"
    target = tmp_path / "dvina.yaml"
    target.write_text(src)
    return load_game_data("smithereens", target)


def test_the_8th_army_waits_for_a_german_crossing_of_the_dvina(dvina):  # 3.11
    state = position(dvina)
    assert state["units"]["sov-inf"]["hex"] == "3702E"
    state["units"]["sov-inf"]["hex"] = "4213E"        # wherever it stands, it is the counter set up in 3702E
    assert problems(dvina, state, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == [
        "sov-inf is the Soviet 8th Army (set up in 3702E) and may not move until a German unit crosses the Dvina (3.11)"]
    assert problems(dvina, state, [{"move": "sov-t3", "path": ["4213E", "4214E"]}]) == []      # other Soviet units move
    german = dict(state, army="german")
    out = GAME.apply(dvina, german, "german", [{"move": "ger-a", "path": ["4112E", "4111E"]}], ScriptedDice(default=6))
    assert {"event": "dvina", "hexside": "4112E-4111E", "rule": "3.11"} in out.events
    freed = dict(out.state, army="soviet", phase="movement")
    assert problems(dvina, freed, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == []
