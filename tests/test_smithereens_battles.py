"""Several battles in one phase: retreat into battle (11.26), on the demo data (not the published game)."""

from pathlib import Path

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

DEMO = Path(__file__).resolve().parent.parent / "examples" / "smithereens-demo" / "data-override.yaml"


def two_battles():
    data = load_game_data("smithereens", DEMO)
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"])
    state["units"]["sov-1pol"]["hex"] = "1919E"
    orders = [{"attack": "1918E", "with": ["ger-46pz"]},                 # resolved first
              {"attack": "1919E", "with": ["ger-17id", "ger-73id"]}]     # resolved second
    outcome = GAME.apply(data, state, "german", orders, ScriptedDice(default=6))
    return data, outcome


def test_both_battles_leave_the_alliance_defender_a_choice():  # 11.24, 11.25
    _, outcome = two_battles()
    battles = [e for e in outcome.events if e["event"] == "assault"]
    assert [(b["hex"], b["column"], b["result"]) for b in battles] == [
        ("1918E", "1:2/1:3", "1/1"), ("1919E", "1:1/1:2", "1/1")]        # both across the river (11.15)
    assert [p["hex"] for p in outcome.state["pending"]] == ["1918E", "1919E"]


def test_retreating_into_a_later_battle_that_takes_losses_eliminates(tmp_path):  # 11.26
    data, outcome = two_battles()
    answer = [{"battle": "1918E", "retreat": "1919E"}, {"battle": "1919E", "steps": {"sov-1pol": 1}}]
    done = GAME.apply(data, outcome.state, "alliance", answer, ScriptedDice(default=6))
    assert "sov-47a" in done.state["eliminated"] and "sov-47a" not in done.state["units"]
    assert {"event": "eliminated", "unit": "sov-47a", "hex": "1919E", "rule": "11.26"} in done.events
    assert done.state["units"]["sov-1pol"] == {"hex": "1919E", "steps": 1}


def test_retreating_elsewhere_survives():  # 11.25
    data, outcome = two_battles()
    answer = [{"battle": "1918E", "retreat": "1917E"}, {"battle": "1919E", "steps": {"sov-1pol": 1}}]
    done = GAME.apply(data, outcome.state, "alliance", answer, ScriptedDice(default=6))
    assert done.state["units"]["sov-47a"] == {"hex": "1917E", "steps": 2}
