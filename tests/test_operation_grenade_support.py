"""Operation Grenade support announced before a combat: artillery (9.61-9.65) and Air Points
(13.1, 25.0, 24.12); the defender's one answer per Combat Phase (7.22, 9.64, 13.13).

Demo data (examples/operation-grenade-demo): 403/81 German artillery brigade (corps 81), 407/58
German artillery brigade (corps 58); 1156/363/81 German regiment of corps 81."""

import pytest

from pbem.errors import UnknownDataError
from pbem.games.operation_grenade import GAME, support
from tests.test_operation_grenade_rules import ScriptedDice, data, position, problems, scenario  # noqa: F401 (fixtures)


def hexes_at(data, centre, distance, avoid=()):
    """Map hexes exactly `distance` from centre and not next to any hex in `avoid`."""
    grid = GAME.grid(data)
    return sorted(h for h in GAME.hexes(data) if grid.distance(h, centre) == distance
                  and not any(grid.adjacent(h, a) or h == a for a in avoid))


def combat_event(outcome):
    return next(e for e in outcome.events if e["event"] == "combat")


# -- the attacker's support, announced with the attack --------------------------------------------

def german_attack(data, scenario, gun_hex, gun="403/81", **extra):
    units = {"1156/363/81": ("1012", "1-05"), "119/30/19": ("1112", "3-06"), gun: gun_hex}
    return position(data, scenario, units, side="german", phase="combat", **extra)


def test_9_62_artillery_within_three_hexes_shifts_one_column_for_the_attacker(data, scenario):
    gun_hex = hexes_at(data, "1112", 3, avoid=["1112"])[0]
    state = german_attack(data, scenario, gun_hex, weather="heavy_overcast")     # 24.12: no Air Points to answer with
    outcome = GAME.apply(data, state, "german", [{"attack": "1112", "with": ["1156/363/81"], "artillery": ["403/81"]}],
                         ScriptedDice(3, 3, 3, 3, 3, 3))
    shifts = [(s["shift"], s["rule"]) for s in combat_event(outcome)["shifts"]]
    assert (1, "9.62") in shifts
    assert state["artillery_used"] == ["403/81"]                                  # 9.64: spent for the phase


def test_9_62_artillery_four_hexes_away_may_not_support(data, scenario):
    gun_hex = hexes_at(data, "1112", 4, avoid=["1112"])[0]
    state = german_attack(data, scenario, gun_hex)
    [message] = problems(data, state, [{"attack": "1112", "with": ["1156/363/81"], "artillery": ["403/81"]}])
    assert "403/81 cannot support" in message and "9.62" in message


def test_9_63_artillery_supports_only_a_stack_with_a_unit_of_its_corps(data, scenario):
    gun_hex = hexes_at(data, "1112", 2, avoid=["1112"])[0]
    state = german_attack(data, scenario, gun_hex, gun="407/58")                 # corps 58, attacker corps 81
    [message] = problems(data, state, [{"attack": "1112", "with": ["1156/363/81"], "artillery": ["407/58"]}])
    assert "407/58 cannot support" in message


def test_9_61_artillery_adjacent_when_the_phase_began_may_not_support(data, scenario):
    gun_hex = hexes_at(data, "1112", 1)[0]
    state = german_attack(data, scenario, gun_hex)
    support.start_combat_phase(GAME, data, state)
    assert state["artillery_adjacent"] == ["403/81"]
    orders = [{"attack": "1112", "with": ["1156/363/81", "403/81"], "artillery": ["403/81"]}]
    assert any("403/81 cannot support" in m for m in problems(data, state, orders))


def test_9_64_an_artillery_unit_supports_once_a_combat_phase(data, scenario):
    gun_hex = hexes_at(data, "1112", 2, avoid=["1112"])[0]
    state = german_attack(data, scenario, gun_hex)
    state["artillery_used"] = ["403/81"]
    [message] = problems(data, state, [{"attack": "1112", "with": ["1156/363/81"], "artillery": ["403/81"]}])
    assert "403/81 cannot support" in message


def test_9_64_at_most_two_support_bonuses_against_an_enemy_stack(data, scenario):
    state = german_attack(data, scenario, hexes_at(data, "1112", 2, avoid=["1112"])[0])
    why = support.check(GAME, data, state, "german", {"hexes": ["1112"], "attacker_side": "german", "defenders": None},
                        ["1156/363/81"], ["a", "b", "c"], None)
    assert "at most 2 support bonus(es)" in why


# -- Air Points ---------------------------------------------------------------------------------

@pytest.mark.parametrize("weather, points", [("clear", 6), ("light_overcast", 3), ("heavy_overcast", 0)])
def test_25_0_us_air_points_per_game_turn_by_weather(data, scenario, weather, points):   # 24.12
    state = position(data, scenario, {}, weather=weather)
    assert support.air_points_left(GAME, data, state, "allied") == points


def test_25_0_german_air_points_start_on_game_turn_two(data, scenario):
    assert support.air_points_left(GAME, data, position(data, scenario, {}, turn=1, weather="clear"), "german") == 0
    assert support.air_points_left(GAME, data, position(data, scenario, {}, turn=2, weather="clear"), "german") == 2


def test_24_12_rain_leaves_the_air_points_to_the_weather_table(scenario, tmp_path):
    # issue 10: the demo data now gives a (made-up) value for rain; the rules data alone does not
    from tests.test_operation_grenade_fixes import without
    bare = without(tmp_path, "weather.states.rain.air_points_usable")
    state = position(bare, scenario, {}, weather="rain")
    with pytest.raises(UnknownDataError) as refused:
        support.air_points_left(GAME, bare, state, "allied")
    assert refused.value.path == "weather.states.rain.air_points_usable"


def test_13_11_an_air_point_shifts_one_column_and_is_spent_for_the_game_turn(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", turn=1, weather="clear")                  # German: no Air Points on turn 1
    outcome = GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"], "air": True}],
                         ScriptedDice(1, 2, 3, 3))
    assert (1, "13.11") in [(s["shift"], s["rule"]) for s in combat_event(outcome)["shifts"]]
    assert state["air_used"]["allied"] == {"turn": 1, "points": 1}
    assert support.air_points_left(GAME, data, state, "allied") == 5


def test_13_12_more_air_points_than_are_left_are_refused(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="heavy_overcast")
    [message] = problems(data, state, [{"attack": "1012", "with": ["119/30/19"], "air": True}])
    assert "no Air Point left" in message


# -- the defender's answer before the rolls -------------------------------------------------------

def test_13_13_the_defender_answers_once_for_every_combat_of_the_phase(data, scenario):
    gun_hex = hexes_at(data, "1012", 2, avoid=["1112", "1012"])[0]
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1156/363/81": ("1012", "1-05"), "403/81": gun_hex},
                     phase="combat", weather="heavy_overcast")
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice())
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response")
    assert state["awaiting_choice"]["combats"] == [{"combat": "1012", "options": {}}]
    template = GAME.template(data, state, "german")
    assert any("403/81" in note for note in template["notes"])
    assert "at most 1 support bonus" in problems(data, state, [{"defend": "1012", "artillery": ["403/81", "407/58"]}])[0]
    outcome = GAME.apply(data, state, "german", [{"defend": "1012", "artillery": ["403/81"]}], ScriptedDice(2, 3, 3))
    assert (-1, "9.62") in [(s["shift"], s["rule"]) for s in combat_event(outcome)["shifts"]]


def test_13_13_no_question_when_the_defender_has_nothing_to_decide(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="heavy_overcast")
    outcome = GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice(1, 2))
    assert combat_event(outcome)["shifts"] == []


def test_13_11_the_defenders_air_point_shifts_left(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="clear")
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice())
    outcome = GAME.apply(data, state, "german", [{"defend": "1012", "air": True}], ScriptedDice(1, 2))
    assert (-1, "13.11") in [(s["shift"], s["rule"]) for s in combat_event(outcome)["shifts"]]
    assert state["air_used"]["german"]["points"] == 1


def test_the_defenders_answer_names_only_declared_combats(data, scenario):
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="clear")
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice())
    assert "names each combat once" in problems(data, state, [{"defend": "0909"}])[0]
    assert "names each combat once" in problems(data, state, [{"defend": "1012"}, {"defend": "1012"}])[0]
