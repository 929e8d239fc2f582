"""Behaviour 6: a loss allocation with exactly one legal answer (11.29-11.30 prepared assaults,
12.13 mobile assaults) is applied without asking the defender; a real choice is still his signed
answer, and behaviour 5 campaigns still ask. Test data: tests/data/smithereens-mobile.yaml (made
up). The defenders in 4112E are ger-a (2 steps) and ger-r (1 step).

11.30: "no involved unit may be entirely eliminated before all involved units have been reduced to
a single strength step." With 1 loss point against ger-a (2) and ger-r (1), only `ger-a: 1` is legal."""

import dataclasses
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_mobile import position

DATA = Path(__file__).parent / "data" / "smithereens-mobile.yaml"


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", DATA)


def defenders(state):
    """ger-a (2 steps) and ger-r (1 step) in 4112E, next to the Soviet stack in 4212E."""
    state["units"]["ger-r"]["hex"] = "4112E"
    del state["units"]["ger-b"]
    return state


def prepared_assault(data, face):
    """sov-t2 (6) against ger-a and ger-r (3): 2:1, column 2:1/1:1; the German declares no naval
    guns or air (13.10, 13.5), then the die."""
    state = defenders(position(data))
    state["phase"] = "assault"
    out = GAME.apply(data, state, "alliance", [{"attack": "4112E", "with": ["sov-t2"]}], ScriptedDice(face))
    assert GAME.awaiting(out.state).side == "german"
    return GAME.apply(data, out.state, "german", [], ScriptedDice(face))


def test_a_forced_prepared_assault_allocation_is_applied_without_asking(data):  # 11.29, 11.30
    out = prepared_assault(data, face=1)                        # 2:1/1:1 roll 1: 1/1
    assert next(e for e in out.events if e["event"] == "assault")["result"] == "1/1"
    assert {"event": "defender_losses", "hex": "4112E", "steps_lost": {"ger-a": 1}, "forced": True,
            "rule": "11.29, 11.30: the only legal answer, applied without asking"} in out.events
    state = out.state
    assert state["units"]["ger-a"] == {"hex": "4112E", "steps": 1} and state["units"]["ger-r"] == {"hex": "4112E", "steps": 1}
    assert state["phase"] == "movement" and state["pending"] == []
    assert GAME.awaiting(state).phase == "Turn 2 Western movement"
    assert not any(e["event"] == "awaiting_response" for e in out.events)


def test_the_forced_answer_is_the_only_one_the_answer_check_accepts(data):  # 11.30
    battle = {"hex": "4112E", "army": "soviet", "defenders": ["ger-a", "ger-r"], "defender_lp": 1}
    state = defenders(position(data))
    assert GAME.forced_steps(data, state, battle) == {"ger-a": 1, "ger-r": 0}
    assert GAME.response_problems(data, state, battle, {"battle": "4112E", "steps": {"ger-r": 1}}) == \
        ["ger-r may not be eliminated while ger-a still has more than one step (11.30)"]
    assert GAME.forced_steps(data, state, dict(battle, defender_lp=2)) is None       # ger-a: 2, or both: 1


def test_a_real_choice_is_still_asked(data):  # 11.30: two legal answers for 2 LP
    out = prepared_assault(data, face=3)                        # roll 3: 1/2
    state = out.state
    assert state["phase"] == "response" and GAME.awaiting(state).phase == "Turn 2 Soviet loss choices"
    assert state["pending"][0]["defender_lp"] == 2 and state["units"]["ger-a"]["steps"] == 2
    assert not any(e.get("forced") for e in out.events)


def test_behaviour_5_still_asks_for_the_forced_answer(data):  # docs/upgrading.md
    old = dataclasses.replace(data, behaviour=5)
    out = prepared_assault(old, face=1)
    state = out.state
    assert state["phase"] == "response" and state["pending"][0]["defender_lp"] == 1
    assert state["units"]["ger-a"]["steps"] == 2
    assert GAME.check(old, state, "german", [{"battle": "4112E", "steps": {"ger-r": 1}}])[0].message == \
        "ger-r may not be eliminated while ger-a still has more than one step (11.30)"
    answered = GAME.apply(old, state, "german", [{"battle": "4112E", "steps": {"ger-a": 1}}], ScriptedDice())
    assert answered.state["units"]["ger-a"] == {"hex": "4112E", "steps": 1}


def mobile_assault(data, face):
    """12.2: sov-t2 alone assaults 4112E from 4212E: 3:1, column 4:1/3:1."""
    return GAME.apply(data, defenders(position(data)), "alliance", [{"assault": "4112E", "with": ["sov-t2"]}], ScriptedDice(face))


def test_a_forced_mobile_assault_allocation_is_applied_mid_movement(data):  # 12.13, 11.30
    out = mobile_assault(data, face=1)                          # roll 1: 1/1
    ma = next(e for e in out.events if e["event"] == "mobile_assault")
    assert (ma["odds"], ma["column"], ma["result"]) == ("3:1", "4:1/3:1", "1/1")
    assert {"event": "defender_losses", "hex": "4112E", "steps_lost": {"ger-a": 1}, "forced": True,
            "rule": "11.30, 12.13: the only legal answer, applied without asking"} in out.events
    state = out.state
    assert state["phase"] == "movement" and state["mobile"]["answer"] is None
    assert state["units"]["ger-a"] == {"hex": "4112E", "steps": 1} and state["units"]["ger-r"] == {"hex": "4112E", "steps": 1}
    assert state["units"]["sov-t2"] == {"hex": "4212E", "steps": 1}
    assert state["mobile"]["open"]["units"] == ["sov-t2"]       # 12.10: the hex still held, the mover decides


def test_a_mobile_assault_with_a_real_choice_still_asks(data):  # 12.13, 11.30
    state = mobile_assault(data, face=3).state                  # roll 3: 1/2
    assert state["phase"] == "ma_response" and state["mobile"]["answer"]["defender_lp"] == 2
    assert GAME.awaiting(state).side == "german"
    old = mobile_assault(dataclasses.replace(data, behaviour=5), face=1).state   # behaviour 5: asked
    assert old["phase"] == "ma_response" and old["mobile"]["answer"]["defender_lp"] == 1
