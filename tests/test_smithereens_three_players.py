"""3-player Smithereens (1.2, 5.4): whose dice reveal a roll needs — the fewest the fairness
argument of docs/dice.md needs (pbem.dice.fair_reveals), on the demo data."""

from pathlib import Path

import pytest

from pbem.dice import fair_reveals
from pbem.errors import PbemError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME

DEMO = Path(__file__).resolve().parent.parent / "examples" / "smithereens-demo" / "data-override.yaml"
SEATS = ["german", "soviet", "western"]


def test_one_seat_of_every_other_camp_and_never_the_movers_ally():
    camps = {"german": "german", "soviet": "alliance", "western": "alliance"}
    assert fair_reveals("soviet", camps) == ("german",)
    assert fair_reveals("western", camps) == ("german",)
    assert fair_reveals("german", camps) == ("soviet",)         # one Alliance seat is enough
    assert fair_reveals("a", {"a": "a", "b": "b", "c": "c"}) == ("b", "c")   # three hostile seats: both others
    assert fair_reveals("alliance", {"alliance": "alliance", "german": "german"}) == ("german",)


def three_player_state(options):
    data = load_game_data("smithereens", DEMO)
    scenario, _ = load_scenario("smithereens", "historical")
    return GAME.setup(data, scenario, SEATS, options)


@pytest.mark.parametrize("army, opponents", [("german", ("soviet",)), ("soviet", ("german",)), ("western", ("german",))])
def test_a_new_three_player_campaign_asks_the_other_camp_only(army, opponents):  # 5.4
    state = three_player_state(GAME.options({}))
    assert state["reveals"] == "camp"
    state.update(army=army, phase="movement", to_place={})
    assert GAME.awaiting(state).opponents == opponents
    state["phase"] = "assault"
    assert GAME.awaiting(state).opponents == opponents


def test_a_campaign_made_before_the_option_keeps_every_other_seat():
    state = three_player_state({"level": "beginner"})        # a header of an earlier pbem: no `reveals`
    assert "reveals" not in state
    state.update(army="soviet", phase="movement", to_place={})
    assert GAME.awaiting(state).opponents == ("german", "western")


def test_the_option_is_checked():
    assert GAME.options({}) == {"level": "beginner", "fog": True, "reveals": "camp"}
    assert GAME.options({"reveals": "all"})["reveals"] == "all"
    with pytest.raises(PbemError, match="reveals must be 'camp' or 'all', not 'none'"):
        GAME.options({"reveals": "none"})
