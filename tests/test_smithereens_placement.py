"""Set-up placement of German A/AS and Soviet M units (3.6, 3.7) on test data (not the published game)."""

import dataclasses
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME

DATA = Path(__file__).parent / "data" / "smithereens-placement.yaml"
GOOD_GERMAN = [{"place": "a-1", "at": "1818E"}, {"place": "a-2", "at": "1719E"},
               {"place": "a-pz", "at": "1818E"}, {"place": "as-1", "at": "2630"}]


@pytest.fixture
def data():
    return load_game_data("smithereens", DATA)


@pytest.fixture
def state(data):
    scenario, _ = load_scenario("smithereens", "historical")
    return GAME.setup(data, scenario, ["alliance", "german"])


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def replace(orders, unit, hex_id):
    return [dict(o, at=hex_id) if o["place"] == unit else o for o in orders]


def test_the_german_places_first_then_the_soviet_then_turn_1_combat(data, state):  # 3.6, 3.7, 3.10
    assert GAME.awaiting(state).phase == "Set-up: German A and AS units (3.6)"
    assert GAME.awaiting(state).side == "german"
    after_german = GAME.apply(data, state, "german", GOOD_GERMAN, None).state
    assert after_german["units"]["as-1"] == {"hex": "2630", "steps": 1}
    assert GAME.awaiting(after_german).phase == "Set-up: Soviet M units (3.7)"
    assert GAME.awaiting(after_german).side == "alliance"
    outcome = GAME.apply(data, after_german, "alliance", [{"place": "m-1", "at": "2019E"}], None)
    after_soviet = outcome.state
    assert after_soviet["to_place"] == {}
    # 3.10: Game Turn 1 begins with the German Prepared Assault Phase; no German unit of this
    # set-up is next to an enemy, and assaults are between adjacent units (11.1): no choice, so
    # the phase passes by itself and Game Turn 2 begins with the Soviet player turn (5.2)
    assert {"event": "passed", "side": "german", "phase": "Turn 1 German prepared assaults",
            "why": "no German unit is adjacent to an enemy unit, and a Prepared Assault takes place only "
                   "between opposing adjacent units (11.1)"} in outcome.events
    assert GAME.awaiting(after_soviet).phase == "Turn 2 Soviet movement"


def test_none_may_be_withheld(data, state):  # 3.6
    assert problems(data, state, GOOD_GERMAN[:3]) == ["as-1 (AS) must be placed; none may be withheld (3.6, 3.7)"]


@pytest.mark.parametrize("unit, hex_id, message", [
    ("a-1", "1918E", "a-1 (A) must be placed in a German-occupied hex or a Wehrkreis city (3.6)"),
    ("a-1", "2907E", "a-1 (A) may not be placed in the Courland Pocket, within four hexes of 3005E (3.6)"),
    ("a-1", "1515", "a-1 (A) may not be placed in the Colmar Pocket (1515) (3.6)"),
    ("a-pz", "1330", 'no more than two "A" units, and only non-mech ones, may be placed in Italy (3.6)'),
    ("as-1", "1818E", "as-1 (AS) must be placed in Slovakia (3.6)"),
    ("as-1", "2631", "as-1 (AS) may not be placed next to a border hexside of Slovakia (3.6)"),
])
def test_a_and_as_restrictions(data, state, unit, hex_id, message):  # 3.6
    assert problems(data, state, replace(GOOD_GERMAN, unit, hex_id)) == [message]


def test_at_most_two_a_units_in_italy(data, state):  # 3.6
    three = [{"place": "a-1", "at": "1330"}, {"place": "a-2", "at": "1330"},
             {"place": "a-pz", "at": "1818E"}, {"place": "as-1", "at": "2630"}]
    assert problems(data, state, three) == []
    assert problems(data, state, replace(three, "a-pz", "1330")) == [
        'no more than two "A" units, and only non-mech ones, may be placed in Italy (3.6)']


def test_m_units_join_soviet_units_outside_yugoslavia(data, state):  # 3.7
    soviet = GAME.apply(data, state, "german", GOOD_GERMAN, None).state
    assert problems(data, soviet, [{"place": "m-1", "at": "2021E"}]) == [
        "m-1 (M) must be placed in a hex already holding Soviet-side units (3.7)"]
    assert problems(data, soviet, [{"place": "m-1", "at": "2832"}]) == ["m-1 (M) may not be placed in Yugoslavia (3.7)"]


def test_placement_respects_stacking(data, state):  # 3.7, 8.4
    soviet = GAME.apply(data, state, "german", GOOD_GERMAN, None).state
    # 2020E already holds three Soviet infantry armies; an M armor unit would be a fourth non-artillery unit
    assert problems(data, soviet, [{"place": "m-1", "at": "2020E"}]) == [
        "hex 2020E is overstacked after placement: more than three Soviet units, or a fourth that is not artillery (8.4) (3.6, 3.7)"]


def test_the_german_placement_may_declare_fortresses_for_the_first_soviet_player_turn(data, state):  # 11.19, 3.6, 3.10
    """11.19: "At the start of any player's player turn, the German may declare any of the cities his units
    occupy to be fortresses." 3.10: Game Turn 1 is a German player turn that "begins with that side's regular
    combat phase"; here it passes by itself (11.1), so the German's set-up placement is his last file before
    the Soviet player turn of Game Turn 2 (behaviour 5): the declaration rides in it, checked on the position
    once his units are placed, and takes effect when that player turn begins."""
    declared = GOOD_GERMAN + [{"declare_fortress": "1719E", "player_turn": "soviet"}]
    assert problems(data, state, replace(GOOD_GERMAN, "a-2", "1818E") + declared[-1:]) == [
        "no German unit occupies 1719E (11.19) — soviet: did you mean sov-set?"]     # (the test data's sov-set)
    assert problems(data, state, declared + [{"declare_fortress": "1719E", "player_turn": "soviet"}]) == [
        "1719E is already declared a fortress for the soviet player turn (11.19) — soviet: did you mean sov-set?"]
    after_german = GAME.apply(data, state, "german", declared, None).state
    assert after_german["fortresses_due"] == [{"hex": "1719E", "player_turn": "soviet"}]
    outcome = GAME.apply(data, after_german, "alliance", [{"place": "m-1", "at": "2019E"}], None)
    assert GAME.awaiting(outcome.state).phase == "Turn 2 Soviet movement"
    assert outcome.state["fortresses"] == ["1719E", "2410E", "3730"] and "fortresses_due" not in outcome.state
    assert {"event": "fortress", "hex": "1719E", "rule": "11.19"} in outcome.events
    old = dataclasses.replace(data, behaviour=4)                 # a behaviour-4 campaign, as it recorded
    assert problems(old, GAME.setup(old, load_scenario("smithereens", "historical")[0], ["alliance", "german"]), declared)[0] \
        .startswith("a placement is `place: UNIT` with `at: HEX`")
