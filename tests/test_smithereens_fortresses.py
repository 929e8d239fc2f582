"""11.19 fortress declarations at the start of a Soviet or Western player turn (behaviour 4),
written in the German movement or Prepared Assault orders. The mobile-assault test data (made up, not the
published map or counters) with a German infantry unit in the start-German city 4012E."""

import dataclasses
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
GARRISON = ('  units.counters.ger-c: {side: german, type: infantry, steps: 2, full: {attack: 2, defense: 2, movement: 3}, '
            'reduced: {attack: 1, defense: 1, movement: 3}, setup: "4012E"}\n')
ATTACK = {"attack": "4212E", "with": ["ger-a"]}          # 2 against 10: 1:5, a die of 1 gives 4/0


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    target = tmp_path_factory.mktemp("fortress") / "fortress.yaml"
    target.write_text(MOBILE.read_text() + GARRISON)
    return load_game_data("smithereens", target)


def position(data, **changes):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": "beginner", "fog": "off"})
    state.update({"turn": 2, "army": "german", "phase": "assault", **changes})
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_a_declaration_for_the_soviet_player_turn_takes_effect_at_its_start(data):  # 11.19
    """11.19: "At the start of any player's player turn, the German may declare any of the cities his units
    occupy to be fortresses. Such cities must have been ones, though, that were already under his control
    at the start of the game." Written in the German PA file, it takes effect when the Soviet player turn
    of Game Turn 3 begins."""
    orders = [ATTACK, {"declare_fortress": "4012E", "player_turn": "soviet"}]
    out = GAME.apply(data, position(data), "german", orders, ScriptedDice(1))
    assert (out.state["turn"], out.state["army"], out.state["phase"]) == (3, "soviet", "movement")
    assert out.state["fortresses"] == ["2410E", "3730", "4012E"] and "fortresses_due" not in out.state
    assert out.events[-1] == {"event": "fortress", "hex": "4012E", "rule": "11.19"}


def test_a_declaration_for_the_western_player_turn_lapses_if_the_city_is_empty_then(data):  # 11.19
    out = GAME.apply(data, position(data), "german", [ATTACK, {"declare_fortress": "4012E", "player_turn": "western"}],
                     ScriptedDice(1))
    assert out.state["fortresses"] == ["2410E", "3730"] and out.state["fortresses_due"] == [{"hex": "4012E", "player_turn": "western"}]
    state = out.state
    del state["units"]["ger-c"]                        # e.g. eliminated during the Soviet player turn
    state.update(phase="assault")
    ended = GAME.apply(data, state, "alliance", [], ScriptedDice())
    assert ended.state["army"] == "western" and ended.state["fortresses"] == ["2410E", "3730"]
    assert {"event": "fortress_lapsed", "hex": "4012E", "why": "no German unit occupies 4012E (11.19)", "rule": "11.19"} in ended.events
    assert "fortresses_due" not in ended.state


def test_declarations_are_checked_when_written(data):  # 11.19
    """11.19: "there may never be more than six fortresses on the map at any one time" (the others
    declared for the same player turn count)."""
    state = position(data)
    assert problems(data, state, [ATTACK, {"declare_fortress": "4012E", "player_turn": "german"}]) == [
        "a German declaration for a later player turn is `declare_fortress: HEX` with `player_turn: soviet` or `western`, "
        "in his movement or prepared assault orders (11.19)"]
    assert problems(data, state, [ATTACK, {"declare_fortress": "4112E", "player_turn": "soviet"}]) == [
        "4112E is not a city the German controlled at the start of the game (11.19)"]
    full = position(data, fortresses=["2410E", "3730", "0001", "0002", "0003"])
    assert problems(data, full, [ATTACK, {"declare_fortress": "4012E", "player_turn": "soviet"}]) == []
    full["fortresses"].append("0004")
    assert problems(data, full, [ATTACK, {"declare_fortress": "4012E", "player_turn": "soviet"}]) == [
        "there may never be more than six fortresses on the map (11.19)"]
    old = dataclasses.replace(data, behaviour=3)                        # a behaviour-3 campaign, as before
    assert problems(old, position(old), [ATTACK, {"declare_fortress": "4012E", "player_turn": "soviet"}])[0].startswith(
        "a German declaration for a later player turn")


# -- in the German movement orders (behaviour 4) ------------------------------------------------------------
def german_movement(data, **changes):
    return position(data, phase="movement", **changes)


def test_a_declaration_in_the_movement_orders_takes_effect_when_the_pa_passes_by_itself(data):  # 11.19
    """11.19: "At the start of any player's player turn, the German may declare any of the cities his units
    occupy to be fortresses." With no enemy on the map the German Prepared Assault Phase passes by itself
    (11.1); the declaration written in his movement orders still takes effect when the Soviet player turn of
    Game Turn 3 begins."""
    state = german_movement(data)
    state["units"] = {u: v for u, v in state["units"].items() if not u.startswith("sov-")}
    out = GAME.apply(data, state, "german", [{"declare_fortress": "4012E", "player_turn": "soviet"}], ScriptedDice())
    assert (out.state["turn"], out.state["army"], out.state["phase"]) == (3, "soviet", "movement")
    assert [e["phase"] for e in out.events if e["event"] == "passed"][0] == "Turn 2 German prepared assaults"
    assert out.state["fortresses"] == ["2410E", "3730", "4012E"] and "fortresses_due" not in out.state
    assert {"event": "fortress", "hex": "4012E", "rule": "11.19"} in out.events


def test_a_declaration_in_the_movement_orders_waits_for_its_player_turn(data):  # 11.19
    state = german_movement(data)
    out = GAME.apply(data, state, "german", [{"declare_fortress": "4012E", "player_turn": "western"}], ScriptedDice())
    assert out.state["phase"] == "assault" and out.state["army"] == "german"
    assert out.state["fortresses"] == ["2410E", "3730"]
    assert out.state["fortresses_due"] == [{"hex": "4012E", "player_turn": "western"}]
    # the Prepared Assault file counts it: the same city once a player turn
    assert problems(data, out.state, [ATTACK, {"declare_fortress": "4012E", "player_turn": "western"}]) == [
        "4012E is already declared a fortress for the western player turn (11.19)"]
    assert problems(data, out.state, [ATTACK, {"declare_fortress": "4012E", "player_turn": "soviet"}]) == []


def test_a_declaration_in_the_movement_orders_sees_the_moves_before_it(data):  # 11.19
    """11.19: "the German may declare any of the cities his units occupy": checked on the position at that
    point of the file."""
    state = german_movement(data)
    leave = {"move": "ger-c", "path": ["4012E", "4011E"]}
    declare = {"declare_fortress": "4012E", "player_turn": "soviet"}
    assert problems(data, state, [leave, declare]) == ["no German unit occupies 4012E (11.19)"]
    assert problems(data, state, [declare, leave]) == []
    back = {"move": "ger-a", "path": ["4112E", "4012E"]}
    assert problems(data, state, [leave, back, declare]) == []


def test_movement_declarations_count_toward_six_and_keep_their_shape(data):  # 11.19
    """11.19: "there may never be more than six fortresses on the map at any one time"."""
    declare = {"declare_fortress": "4012E", "player_turn": "soviet"}
    full = german_movement(data, fortresses=["2410E", "3730", "0001", "0002", "0003"],
                           fortresses_due=[{"hex": "0004", "player_turn": "soviet"}])
    assert problems(data, full, [declare]) == ["there may never be more than six fortresses on the map (11.19)"]
    assert problems(data, full, [dict(declare, player_turn="western")]) == []
    assert problems(data, german_movement(data), [declare, declare]) == [
        "4012E is already declared a fortress for the soviet player turn (11.19)"]
    assert problems(data, german_movement(data), [dict(declare, player_turn="german")]) == [
        "a German declaration for a later player turn is `declare_fortress: HEX` with `player_turn: soviet` or "
        "`western`, in his movement or prepared assault orders (11.19)"]
    old = dataclasses.replace(data, behaviour=3)                        # a behaviour-3 campaign, as before
    assert problems(old, german_movement(old), [declare]) == [
        "`declare_fortress: HEX` is a German order in his own movement phase (11.19)"]
