"""9.6 SS Operational Group Steiner: the Alliance move next to Berlin pauses for its placement, a
mid-movement exchange of signed files (made-up hexes and counters, not the published game)."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
BERLIN = """\
  map.hexes.3711: {terrain: clear}
  map.hexes.3710: {terrain: clear}
  map.hexes.3811: {terrain: clear}
  map.hexes.3812: {terrain: clear}
  map.hexes.3712: {terrain: clear}
  map.hexes.3911: {terrain: clear}
  map.hexes.3510: {terrain: clear}
  map.hexes.3511: {terrain: clear}
  map.hexes.3610: {terrain: clear}
  map.hexes.3612: {terrain: clear}
  units.counters.ger-ogs: {side: german, type: infantry, steps: 2, setup: "*B",
    full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}}
  units.counters.sov-b1: {side: soviet, nationality: soviet, type: infantry, steps: 2, setup: "3911",
    full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}}
  units.counters.ger-bb: {side: german, type: infantry, steps: 1, full: {attack: 1, defense: 1, movement: 3}, setup: "3611"}
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    target = tmp_path_factory.mktemp("ogs") / "ogs.yaml"
    target.write_text(MOBILE.read_text() + BERLIN)
    return load_game_data("smithereens", target)


def position(data):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": "beginner"})
    state.update(turn=2, army="soviet", phase="movement")
    return state


def problems(data, state, orders, side="alliance"):
    return [p.message for p in GAME.check(data, state, side, orders)]


def test_group_steiner_waits_off_the_map_for_its_trigger(data):  # 9.6
    state = position(data)
    assert state["variable"] == {"ger-ogs": {"trigger": "ogs", "steps": 2}} and "ger-ogs" not in state["units"]


def test_the_move_next_to_berlin_stops_and_ends_its_file(data):  # 9.6
    """9.6: "SS Operational Group Steiner enters play via any non-enemy occupied hex adjacent to Berlin,
    at the first instant any Grand Alliance unit moves adjacent to Berlin ... (When the triggering move
    occurs, the Alliance player should temporarily stop his move to allow for OGS placement.)\""""
    state = position(data)
    assert problems(data, state, [{"move": "sov-b1", "path": ["3911", "3811", "3711", "3712"]}]) == [
        "sov-b1 must stop at 3711, next to Berlin, while Group Steiner enters (9.6)"]
    assert problems(data, state, [{"move": "sov-b1", "path": ["3911", "3811", "3711"]},
                                  {"move": "sov-inf", "path": ["4213E", "4214E"]}]) == [
        "the move next to Berlin (3711) is its file's last order: Group Steiner enters, then the Movement Phase goes on (9.6)"]
    out = GAME.apply(data, state, "alliance", [{"move": "sov-inf", "path": ["4213E", "4214E"]},
                                                {"move": "sov-b1", "path": ["3911", "3811", "3711"]}], ScriptedDice(default=6))
    paused = out.state
    waiting = GAME.awaiting(paused)
    assert (waiting.side, waiting.kind, waiting.phase) == ("german", "response", "Turn 2 Soviet movement: Group Steiner enters next to Berlin (9.6)")
    assert paused["mobile"]["going_on"] == {"sov-b1": 2}
    assert problems(data, paused, [{"place": "ger-ogs", "at": "3711"}], "german") == [
        "Group Steiner enters next to Berlin in a hex without enemy units, stacking observed: 3510, 3511, 3610, 3612, 3710, not 3711 (9.6, 8.1)"]
    placed = GAME.apply(data, paused, "german", [{"place": "ger-ogs", "at": "3710"}], ScriptedDice())
    after = placed.state
    assert after["units"]["ger-ogs"] == {"hex": "3710", "steps": 2} and "variable" not in after
    assert GAME.awaiting(after).phase == "Turn 2 Soviet movement continued after Group Steiner's entry (9.6) at 3711"
    # the stopped unit goes on with its 2 MP left; the unit moved before it is done (10.6)
    assert problems(data, after, [{"move": "sov-b1", "path": ["3711", "3712", "3812", "3811"]}]) == [
        "sov-b1 needs 3 MP for this path but has 2 (12.9)"]
    assert problems(data, after, [{"move": "sov-inf", "path": ["4214E", "4215E"]}]) == ["sov-inf is ordered to move twice (10.6)"]
    done = GAME.apply(data, after, "alliance", [{"move": "sov-b1", "path": ["3711", "3712"]}], ScriptedDice(default=6))
    assert done.state["phase"] == "assault"
    # once placed, later moves next to Berlin are plain moves
    again = dict(done.state, phase="movement")
    again.pop("mobile", None)
    assert problems(data, again, [{"move": "sov-inf", "path": ["4214E", "4215E"]}]) == []


def test_a_mobile_assault_may_not_be_the_trigger(data):  # 9.6, 12.2
    state = position(data)
    assert problems(data, state, [{"assault": "3611", "with": ["sov-b1"], "path": ["3911", "3811", "3711"]}])[0].startswith(
        "a mobile assault may not be what first brings a unit next to Berlin (3711)")
