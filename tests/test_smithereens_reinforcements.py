"""Smithereens reinforcements and replacements (9.1–9.15) on test data (tests/data/, not the published game)."""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml

DATA = Path(__file__).parent / "data" / "smithereens-reinforcements.yaml"



@pytest.fixture
def data():
    return load_game_data("smithereens", DATA)


def position(data, army, turn=2):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"])
    state.update(turn=turn, army=army, phase="movement")
    return state


def messages(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_reinforcements_wait_off_map_with_their_turn(data):  # 3.4, 9.1
    state = position(data, "german", turn=1)
    assert state["reinforcements"] == {"ger-2geb": {"turn": 2, "steps": 2}, "sov-9gm": {"turn": 2, "steps": 2},
                                       "us-22": {"turn": 2, "steps": 4}}
    assert "ger-2geb" not in state["units"]


def test_not_before_its_turn(data):  # 9.1
    state = position(data, "german", turn=1)
    assert messages(data, state, [{"enter": "ger-2geb", "path": ["1719E"]}]) == [
        "ger-2geb is not a reinforcement available on turn 1 (9.1)"]


def test_german_enters_at_a_german_wehrkreis_city_or_is_forfeit(data):  # 9.5, 9.1
    state = position(data, "german")
    assert messages(data, state, [{"enter": "ger-2geb", "path": ["1718E"]}]) == [
        "1718E is not an entry hex for german reinforcements (9.5)"]
    entered = GAME.apply(data, position(data, "german"), "german", [{"enter": "ger-2geb", "path": ["1719E", "1720E"]}], ScriptedDice(default=1))
    assert entered.state["units"]["ger-2geb"] == {"hex": "1720E", "steps": 2}   # city entry free, marsh 2 MP (10.14)
    forfeit = GAME.apply(data, position(data, "german"), "german", [], ScriptedDice(default=1))
    assert "ger-2geb" in forfeit.state["eliminated"] and "ger-2geb" not in forfeit.state["reinforcements"]
    assert {"event": "forfeit", "unit": "ger-2geb", "rule": "9.1"} in forfeit.events


def test_alliance_may_delay(data):  # 9.1
    outcome = GAME.apply(data, position(data, "soviet"), "alliance", [], ScriptedDice(default=1))
    assert outcome.state["reinforcements"]["sov-9gm"] == {"turn": 2, "steps": 2}


def test_soviet_enters_at_a_soviet_city_east_of_the_line(data):  # 9.3
    state = position(data, "soviet")
    assert messages(data, state, [{"enter": "sov-9gm", "path": ["2018E"]}]) == [
        "2018E is not an entry hex for soviet reinforcements (9.3)"]
    assert messages(data, state, [{"enter": "sov-9gm", "path": ["2019E", "2020E"]}]) == []


def test_board_edge_entry_pays_for_the_first_hex(data):  # 9.2, 9.4
    state = position(data, "western")
    del state["units"]["ger-6pz"], state["units"]["ger-hu1"]
    # MF 3. Entering at the edge costs the entry hex (1) + 1718E (1) + 1719E (1) = 3: legal.
    assert messages(data, state, [{"enter": "us-22", "path": ["1717E", "1718E", "1719E"]}]) == []
    # Four clear hexes cost 4: refused, though without paying for the entry hex they would cost 3.
    assert messages(data, state, [{"enter": "us-22", "path": ["1717E", "1818E", "1718E", "1719E"]}]) == [
        "us-22 needs 4 MP to enter along this path but has 3 (9.2)"]


def test_unknown_entry_area_names_the_data(tmp_path):  # 9.4 needs the map's edge hexes
    plain = load_game_data("smithereens")
    state = {"control": {}}
    with pytest.raises(UnknownDataError, match=r"map\.regions\.france_west_edge\.hexes"):
        GAME.entry_kind(plain, state, "western", "1717E")


def reduced(data, army, **steps):
    state = position(data, army)
    for unit, count in steps.items():
        state["units"][unit.replace("_", "-")]["steps"] = count
    return state


def test_soviet_replacements_four_steps_at_most_two_mech(data):  # 9.12
    state = reduced(data, "soviet", sov_6a=1, sov_3gta=1, sov_1gta=1, sov_2gta=1)
    two_mech = [{"replace": "sov-3gta", "steps": 1}, {"replace": "sov-1gta", "steps": 1}]
    assert messages(data, state, two_mech + [{"replace": "sov-6a", "steps": 1}]) == []
    assert messages(data, state, two_mech + [{"replace": "sov-2gta", "steps": 1}]) == [
        "no more than 2 replacement step(s) per turn to mech units (9.12)"]
    del state["units"]["sov-5a"]
    state["eliminated"].append("sov-5a")
    reclaim_two = [{"replace": "sov-5a", "steps": 2}]
    assert messages(data, state, two_mech + reclaim_two) == []
    assert messages(data, state, two_mech + reclaim_two + [{"replace": "sov-6a", "steps": 1}]) == [
        "only 4 replacement step(s) per game turn (9.12)"]
    outcome = GAME.apply(data, state, "alliance", two_mech + reclaim_two, ScriptedDice(default=1))
    assert outcome.state["replacements_used"] == {"soviet.total": 4}
    assert outcome.state["reinforcements"]["sov-5a"] == {"turn": 2, "steps": 2}     # 9.10: re-enters as a reinforcement


def test_replacement_limits(data):  # 9.9, 9.10
    state = reduced(data, "soviet", sov_5a=1, rom_4a=1)
    assert messages(data, state, [{"replace": "sov-5a", "steps": 2}]) == [
        "sov-5a may not be made stronger than its 2 steps (9.9, 9.10)"]
    assert messages(data, state, [{"replace": "rom-4a", "steps": 1}]) == [
        "romanian units never receive replacements (9.9)"]
    state["eliminated"].append("sov-art")
    del state["units"]["sov-art"]
    assert messages(data, state, [{"replace": "sov-art", "steps": 1}]) == [
        "soviet artillery units may never be reclaimed from the deadpile (9.10)"]


def test_deadpile_unit_returns_as_a_reinforcement(data):  # 9.10
    state = position(data, "soviet")
    del state["units"]["sov-5a"]
    state["eliminated"].append("sov-5a")
    outcome = GAME.apply(data, state, "alliance", [{"replace": "sov-5a", "steps": 1},
                                                   {"enter": "sov-5a", "path": ["2019E"]}], ScriptedDice(default=1))
    assert outcome.state["units"]["sov-5a"] == {"hex": "2019E", "steps": 1}
    assert "sov-5a" not in outcome.state["eliminated"]


def test_german_never_leaves_the_deadpile(data):  # 9.10
    state = position(data, "german")
    del state["units"]["ger-6pz"]
    state["eliminated"].append("ger-6pz")
    assert messages(data, state, [{"replace": "ger-6pz", "steps": 1}]) == [
        "German-side units may never be brought out of the deadpile (9.10)"]


@pytest.mark.parametrize("face, granted", [(4, True), (5, False)])
def test_german_replacement_roll_with_four_factories(data, face, granted):  # 9.15
    state = reduced(data, "german", ger_6pz=1)
    state["destroyed"].update({"3001E": True, "3002E": True})
    dice = ScriptedDice(default=face)
    outcome = GAME.apply(data, state, "german", [{"replace": "ger-6pz", "steps": 1}], dice)
    assert dice.keys() == ["replacements/german"]
    assert outcome.state["units"]["ger-6pz"]["steps"] == (2 if granted else 1)


def test_german_replacement_certain_with_all_six_factories(data):  # 9.15
    dice = ScriptedDice(default=6)
    outcome = GAME.apply(data, reduced(data, "german", ger_6pz=1), "german", [{"replace": "ger-6pz", "steps": 1}], dice)
    assert dice.keys() == [] and outcome.state["units"]["ger-6pz"]["steps"] == 2
    assert messages(data, reduced(data, "german", ger_6pz=1, ger_hu1=1),
                    [{"replace": "ger-6pz", "steps": 1}]) == []


def test_hungarians_never_leave_hungary(data, tmp_path):  # 10.24
    import yaml
    doc = fastyaml.safe_load(DATA.read_text())
    doc["values"]["map.regions.hungary.hexes"] = ["1818E", "1717E"]
    override = tmp_path / "hungary.yaml"
    override.write_text(yaml.safe_dump(doc))
    hungary = load_game_data("smithereens", override)
    state = position(hungary, "german")
    assert messages(hungary, state, [{"move": "ger-hu1", "path": ["1818E", "1717E"]}]) == []
    assert messages(hungary, state, [{"move": "ger-hu1", "path": ["1818E", "1917E"]}]) == [
        "ger-hu1 is hungarian and may never move out of Hungary (1917E) (10.24)"]
    # check() reports the missing area as a problem naming its data path (apply raises it)
    assert any("map.regions.hungary.hexes" in m for m in messages(data, position(data, "german"), [{"move": "ger-hu1", "path": ["1818E", "1717E"]}]))
    with pytest.raises(UnknownDataError, match=r"map\.regions\.hungary\.hexes"):
        GAME.require_legal(data, position(data, "german"), "german", [{"move": "ger-hu1", "path": ["1818E", "1717E"]}])
