"""Smithereens retreats after combat (8.2, 11.25-11.28) on the rules-test data (not the published game).

The position: a US corps (us-1) defends 2219 alone and must absorb one loss point; three US corps
stand in 2220 (the Western Allied limit, 8.5); German units hold every other hex around 2219.
"""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

TEST_DATA = Path(__file__).resolve().parent / "data" / "smithereens-rules-test-override.yaml"
AROUND = {"g-inf1": "2118", "g-pz1": "2119", "g-inf2": "2218", "g-inf3": "2318", "g-inf4": "2319"}


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", TEST_DATA)


def pocket(data, free=()):
    """us-1 in 2219 owes one loss point to a German assault; `free` hexes around it are left empty."""
    state = GAME.setup(data, load_scenario("smithereens", "historical")[0], ["alliance", "german"])
    units = {"us-1": "2219", "us-2": "2220", "us-3": "2220", "us-4": "2220", **{u: h for u, h in AROUND.items() if h not in free}}
    for unit_id, hex_id in units.items():
        state["units"][unit_id] = {"hex": hex_id, "steps": GAME.counter(data, unit_id)["steps"]}
    state.update(turn=2, army="german", phase="response")
    state["pending"] = [{"hex": "2219", "army": "german", "defenders": ["us-1"], "defender_lp": 1, "advance": [],
                         "defender_seat": "alliance"}]
    return state


def problems(data, state, answer):
    return [p.message for p in GAME.check(data, state, "alliance", answer)]


def test_8_2_11_25_a_retreat_may_not_end_overstacked(data):
    """11.25: retreating units "must still observe regular movement and stacking prohibitions"; 8.2:
    stacking is in effect at the end of every Alliance retreat. A fourth US corps in 2220 is refused
    (it froze the campaign: the next Soviet movement, even an empty one, was refused for 2220)."""
    state = pocket(data)
    assert problems(data, state, [{"battle": "2219", "retreat": "2220"}]) == [
        "hex 2220 would be overstacked at the end of the retreat: more than three Western Allied units (8.5) (8.2, 11.25); "
        "a surplus unit may retreat further (11.27): `retreat: {UNIT: [HEX, HEX]}`"]
    assert problems(data, state, [{"battle": "2219", "steps": {"us-1": 1}}]) == []        # a step is always an answer (11.29)


def test_11_27_the_surplus_unit_retreats_further_to_a_legal_hex(data):
    """11.27: "the surplus unit(s) may retreat additional hexes to reach legal-stacking hexes":
    us-1 passes the full stack in 2220 and stops in 2221; the next player turn can be played."""
    state = pocket(data)
    answer = [{"battle": "2219", "retreat": {"us-1": ["2220", "2221"]}}]
    assert problems(data, state, answer) == []
    after = GAME.apply(data, state, "alliance", answer, ScriptedDice(default=1)).state
    assert after["units"]["us-1"] == {"hex": "2221", "steps": 4}
    assert after["army"] == "soviet" and GAME.check(data, after, "alliance", []) == []


def test_11_27_extra_retreats_are_kept_to_an_absolute_minimum(data):
    """11.27: "kept to an absolute minimum ... in terms of ... the number of hexes entered": a unit
    that could stop in 2221 may not go on to 2320."""
    state = pocket(data)
    assert problems(data, state, [{"battle": "2219", "retreat": {"us-1": ["2220", "2221", "2320"]}}]) == [
        "us-1 could stop in 2221 without overstacking; extra retreats are kept to an absolute minimum (11.27)"]


def test_11_27_no_deliberate_overstack_to_gain_movement(data):
    """11.27: "Units may not be deliberately retreated into hexes where they will be overstacked in
    order to gain extra movement": with 2218 free, the extra retreat through 2220 is refused."""
    state = pocket(data, free=("2218",))
    assert problems(data, state, [{"battle": "2219", "retreat": {"us-1": ["2220", "2221"]}}]) == [
        "us-1 could retreat one hex into 2218 without overstacking; it may not be retreated into 2220 to be "
        "overstacked and gain extra movement (11.27)"]
    assert problems(data, state, [{"battle": "2219", "retreat": "2218"}]) == []


def test_11_28_no_retreat_through_the_other_alliance_army(data):
    """11.28: "Western Allied units may never retreat into or through hexes occupied by Soviet units"."""
    state = pocket(data)
    state["units"]["s-inf1"] = {"hex": "2221", "steps": 2}
    assert problems(data, state, [{"battle": "2219", "retreat": {"us-1": ["2220", "2221"]}}]) == [
        "us-1 may not retreat into or through 2221: Western and Soviet units never mix (11.28)"]
