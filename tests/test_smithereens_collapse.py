"""German economic deterioration and collapse (7.2–7.5), standard level, on test data (not the published game)."""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml

DATA = Path(__file__).parent / "data" / "smithereens-collapse.yaml"


@pytest.fixture
def data():
    return load_game_data("smithereens", DATA)


def position(data, level="standard"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=3, army="german", phase="movement")
    return state


def collapse_events(data, state):
    events = []
    GAME.check_collapse(data, state, events)
    return [e for e in events if e["event"] == "collapse"]


def test_no_collapse_while_a_short_path_joins_ruhr_and_berlin(data):  # 7.3 (3)
    state = position(data)
    assert collapse_events(data, state) == [] and state["collapsed"] is False


def test_a_cut_path_collapses_the_economy(data):  # 7.3 (3)
    state = position(data)
    state["units"]["sov-a"]["hex"] = "3008"           # the one corridor is now blocked
    assert [e["why"] for e in collapse_events(data, state)] == [
        "no path of 20 hexes or fewer, free of Alliance units, from a German Ruhr city to Berlin (7.3 3)"]
    assert state["collapsed"] is True


def test_all_four_ruhr_cities_lost_at_some_time(data):  # 7.3 (1)
    state = position(data)
    state["ruhr_lost"] = ["2207", "2306", "2406"]
    assert collapse_events(data, state) == []
    state["ruhr_lost"].append("2407")
    assert [e["rule"] for e in collapse_events(data, state)] == ["7.3"] and state["collapsed"]


def test_berlin_in_alliance_hands(data):  # 7.3 (2)
    state = position(data)
    state["control"]["3611"] = "alliance"
    assert collapse_events(data, state)[0]["why"] == "Berlin is under Alliance control (7.3 2)"


def test_beginner_level_never_collapses(data):  # 7.0 Beginners Note
    state = position(data, level="beginner")
    state["control"]["3611"] = "alliance"
    assert collapse_events(data, state) == [] and state["collapsed"] is False


def test_after_collapse_only_city_and_courland_supply(data):  # 7.4
    state = position(data)
    assert GAME.in_supply(data, state, "ger-pz")          # traces to the Ruhr along the corridor
    state["collapsed"] = True
    assert not GAME.in_supply(data, state, "ger-pz")
    state["units"]["ger-pz"]["hex"] = "2407"              # a Ruhr city German since the start (6.16)
    assert GAME.in_supply(data, state, "ger-pz")


def test_no_german_replacements_after_collapse(data):  # 7.5 (7), 9.15
    state = position(data)
    state["collapsed"] = True
    events = []
    assert GAME.german_replacement_granted(data, state, ScriptedDice(default=1), events) is False
    assert events == [{"event": "replacement_roll", "text": "none after the economic collapse (7.5)", "rule": "9.15"}]


def test_losing_nagykanizsa_slows_german_mech_for_good(data):  # 7.2
    state = position(data)
    assert GAME.movement_allowance(data, state, "ger-pz") == 6            # turn 3: before 10.26 applies
    events = []
    GAME.enter_hex(data, state, "3130", "soviet", events)
    assert state["oil_lost"] is True and events[-1]["event"] == "oil"
    assert GAME.movement_allowance(data, state, "ger-pz") == 5
    state["units"]["sov-a"]["hex"] = "3008"
    GAME.enter_hex(data, state, "3130", "german", events)                # retaking it changes nothing
    assert GAME.movement_allowance(data, state, "ger-pz") == 5


def test_unknown_start_control_of_berlin_is_named(tmp_path):  # 3.9, 7.3
    import yaml
    doc = fastyaml.safe_load(DATA.read_text())
    del doc["values"]["map.hexes.3611.control_at_start"]
    override = tmp_path / "o.yaml"
    override.write_text(yaml.safe_dump(doc))
    data = load_game_data("smithereens", override)
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.3611\.control_at_start"):
        GAME.check_collapse(data, position(data), [])
