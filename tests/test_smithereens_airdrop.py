"""6.10 Western Allied airdrop supply (behaviour 3, standard level), on the special-movement test
data (made up, not the published map): two US corps in 2509E, far from any Western source."""

import pytest

from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_strategic import make, position

US = ('  units.counters.us-4: {side: western, grouping: us, type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, '
      'reduced: {attack: 1, defense: 1, movement: 4}, setup: "2509E"}\n'
      '  units.counters.us-5: {side: western, grouping: us, type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, '
      'reduced: {attack: 1, defense: 1, movement: 4}, setup: "2509E"}\n')


@pytest.fixture
def data(tmp_path):
    return make(tmp_path, '  map.regions.atc.hexes: ["1231"]\n  map.hexes.2607E.terrain: sea\n' + US)


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_airdrop_supply_keeps_the_units_in_a_hex_supplied(data):  # 6.10
    """6.10: "the Western Allied player can provide supply to the units in any one hex occupied by his own
    units (only!) anywhere on the maps via airdrop. The decision is announced at the start of any Western
    Allied player turn" """
    state = position(data, army="western", level="standard")
    assert GAME.in_supply(data, state, "us-4") is False                  # no source reaches 2509E
    back_and_forth = {"move": "us-4", "path": ["2509E", "2508E", "2509E", "2508E"]}     # 3 MP; halved MF 2 (6.3)
    assert problems(data, state, [back_and_forth]) == ["us-4 needs 3 MP for this path but has 2 (10.2; 10.4 guarantees one hex only)"]
    assert problems(data, state, [{"airdrop_supply": "2509E"}, back_and_forth, {"move": "us-5", "path": ["2509E", "2508E"]}]) == []
    out = GAME.apply(data, position(data, army="western", level="standard"), "alliance", [{"airdrop_supply": "2509E"}], ScriptedDice(default=6))
    assert out.state["airdrop"] == {"hex": "2509E", "units": ["us-4", "us-5"]}
    assert GAME.in_supply(data, out.state, "us-4") is True
    assert ("item", "Airdrop supply for us-4, us-5 in 2509E until the next Western player turn (6.10)") in GAME.describe(data, out.state, out.events)
    assert problems(data, state, [{"airdrop_supply": "2508E"}]) == ["airdrop supply goes to a hex occupied by Western Allied units, not 2508E (6.10)"]


def test_the_marker_goes_with_its_stack_and_a_split_names_the_keeper(data):  # 6.10
    """6.10: "Such units can move and attack normally ... but must stay together as a stack if all are to
    retain supply. (If the stack splits, the Western player chooses which unit keeps the marker.)" """
    state = position(data, army="western", level="standard")
    together = [{"airdrop_supply": "2509E"}, {"move": "us-4", "path": ["2509E", "2508E"]}, {"move": "us-5", "path": ["2509E", "2508E"]}]
    assert GAME.apply(data, state, "alliance", together, ScriptedDice(default=6)).state["airdrop"] == {"hex": "2508E", "units": ["us-4", "us-5"]}
    state = position(data, army="western", level="standard")
    split = [{"airdrop_supply": "2509E"}, {"move": "us-4", "path": ["2509E", "2508E"]}]
    assert problems(data, state, split) == [
        "the stack under the airdrop supply marker split: name the unit that keeps it, `airdrop_keeper: UNIT` (6.10)"]
    out = GAME.apply(data, position(data, army="western", level="standard"), "alliance", [*split, {"airdrop_keeper": "us-5"}],
                     ScriptedDice(default=6))
    assert out.state["airdrop"] == {"hex": "2509E", "units": ["us-5"]}
    assert GAME.in_supply(data, out.state, "us-5") is True and GAME.in_supply(data, out.state, "us-4") is False


def test_it_lasts_until_the_next_western_player_turn_and_is_the_westerns_alone(data):  # 6.10
    """6.10: "... remains in effect until the start of the next Allied player turn (when it may conceivably
    be declared again, in the same or a different hex)." """
    state = position(data, army="western", level="standard")
    state["airdrop"] = {"hex": "2509E", "units": ["us-4", "us-5"]}
    GAME.next_player_turn(data, state)                                  # Western -> German
    assert state["army"] == "german" and "airdrop" in state
    state["army"] = "soviet"
    GAME.next_player_turn(data, state)                                  # Soviet -> Western: it ends
    assert state["army"] == "western" and "airdrop" not in state
    assert problems(data, position(data, army="soviet", level="standard"), [{"airdrop_supply": "2509E"}]) == [
        "only the Western Allied player has airdrop supply (6.10)"]
    assert problems(data, position(data, army="western"), [{"airdrop_supply": "2509E"}]) == [
        "supply is not traced at the beginner level (6.0 Beginners Note), so there is no airdrop supply (6.10)"]
