"""The rulebook numbers of Operation Grenade come from rules/operation-grenade/*.yaml, not from
Python: each test copies the rules to a temporary folder, changes one value (as a variant or an
erratum would), loads the game from the copy and sees the behaviour follow it. The first half of
each test is the printed value's behaviour, the second the edited one's.

Positions and helpers are those of tests/test_operation_grenade_rules.py (the demonstration data
for the map, counters, chits and CRT)."""

import shutil
from pathlib import Path

import pytest

from pbem import gamedata
from pbem.gamedata import load_game_data
from pbem.games.operation_grenade import GAME, reinforcements, support
from tests.test_operation_grenade_rules import DEMO, attack, move, position, problems, scenario  # noqa: F401 (fixtures)

RULES = Path(gamedata.rules_dir("operation-grenade"))


def edited(tmp_path, monkeypatch, file: str, old: str, new: str):
    """The game data with `old` replaced by `new` in rules/operation-grenade/FILE (a copy)."""
    copy = tmp_path / "operation-grenade"
    shutil.copytree(RULES, copy)
    text = (copy / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {file}"
    (copy / file).write_text(text.replace(old, new), encoding="utf-8")
    monkeypatch.setattr(gamedata, "rules_dir", lambda game: copy if game == "operation-grenade" else RULES.parent / game)
    return load_game_data("operation-grenade", DEMO)


@pytest.fixture
def printed():
    return load_game_data("operation-grenade", DEMO)


def test_7_11_the_stacking_limit_is_the_data(printed, scenario, tmp_path, monkeypatch):
    units = {"119/30/19": "1209", "120/30/19": "1209", "175/29/19": "1208"}
    order = [move("175/29/19", "1208", "1209")]
    assert problems(printed, position(printed, scenario, units), order) == []
    data = edited(tmp_path, monkeypatch, "game.yaml", "max_units_per_hex: {value: 3,", "max_units_per_hex: {value: 2,")
    [message] = problems(data, position(data, scenario, units), order)
    # issue 10: the message now says how to put it right (7.11: the owner eliminates the excess)
    assert message == "1209 would hold 3 units at the end of movement; at most 2 (7.11): move units out, or `eliminate: UNIT` the excess"


def test_9_32_the_river_multiplier_is_the_data(printed, scenario, tmp_path, monkeypatch):
    units = {"119/30/19": ("0707", "3-06"), "1150/183/12": ("0708", "2-01")}     # across the Roer (flash flood: a river)
    _, _, event = attack(printed, position(printed, scenario, units, phase="combat"), "0708", ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * 2
    data = edited(tmp_path, monkeypatch, "crt.yaml", "    multiplier: 2\n    multiplier_in_entrenchment: 3",
                  "    multiplier: 4\n    multiplier_in_entrenchment: 3")
    _, _, event = attack(data, position(data, scenario, units, phase="combat"), "0708", ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * 4 and event["modifiers"][0]["times"] == 4 and event["ratio"] == "8-12"


def test_12_21_the_entrenchment_multipliers_are_the_data(printed, scenario, tmp_path, monkeypatch):
    plain = {"119/30/19": ("0809", "3-06"), "1150/183/12": ("0709", "2-01")}      # entrenchment
    river = {"119/30/19": ("0907", "3-06"), "1150/183/12": ("0908", "2-01")}      # entrenchment across the Roer
    data = edited(tmp_path, monkeypatch, "crt.yaml", "    multiplier: 2\n    multiplier_if_attacked_exclusively_across_river: 3",
                  "    multiplier: 5\n    multiplier_if_attacked_exclusively_across_river: 3")
    _, _, event = attack(data, position(data, scenario, plain, phase="combat"), "0709", ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * 5
    _, _, event = attack(data, position(data, scenario, river, phase="combat"), "0908", ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * 3                          # the river's x3 in an entrenchment is its own number
    data = edited(tmp_path / "b", monkeypatch, "crt.yaml", "    multiplier_in_entrenchment: 3", "    multiplier_in_entrenchment: 7")
    _, _, event = attack(data, position(data, scenario, river, phase="combat"), "0908", ["119/30/19"], 3, 3)
    assert event["defence"] == 3 * 7


def test_20_1_the_improved_positions_addition_is_the_data(printed, scenario, tmp_path, monkeypatch):
    units = {"119/30/19": ("1306", "3-06"), "1150/183/12": ("1307", "2-01")}
    _, _, event = attack(printed, position(printed, scenario, units, phase="combat"), "1307", ["119/30/19"], 2, 2)
    assert event["defence"] == 3 + 2
    data = edited(tmp_path, monkeypatch, "crt.yaml", "addition_per_defending_stack: 2", "addition_per_defending_stack: 4")
    _, _, event = attack(data, position(data, scenario, units, phase="combat"), "1307", ["119/30/19"], 2, 2)
    assert event["defence"] == 3 + 4 and event["modifiers"][-1]["plus"] == 4


def test_18_21_the_surprise_cutoff_is_the_data(printed, scenario, tmp_path, monkeypatch):
    units = {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")}
    when = {"phase": "combat", "flood": "gradual_flood", "d_day": "1945-02-23", "turn": 1, "current": "normal"}
    _, _, event = attack(printed, position(printed, scenario, units, **when), "1012", ["119/30/19"], 1, 2)
    assert [s["rule"] for s in event["shifts"]] == ["18.21"]
    data = edited(tmp_path, monkeypatch, "flood.yaml", 'latest_d_day: {value: "1945-02-23"', 'latest_d_day: {value: "1945-02-22"')
    _, _, event = attack(data, position(data, scenario, units, **when), "1012", ["119/30/19"], 1, 2)
    assert event["shifts"] == [] and event["final_column"] == "2-1"


def test_6_32_the_zoc_leaving_cost_is_the_data(printed, scenario, tmp_path, monkeypatch):
    units = {"119/30/19": "1112", "1150/183/12": "1012"}
    order = [move("119/30/19", "1112", "1212", "1213", "1313")]          # 5 // 2 = 2 to leave, + 1 + 2 + 1
    [message] = problems(printed, position(printed, scenario, units), order)
    assert "needs 6 MP" in message
    data = edited(tmp_path, monkeypatch, "game.yaml", 'fraction_of_allowance: {value: "1/2"', 'fraction_of_allowance: {value: "1/5"')
    assert problems(data, position(data, scenario, units), order) == []   # 5 // 5 = 1: 5 MP


def test_9_64_the_support_limits_are_the_data(printed, scenario, tmp_path, monkeypatch):
    state = position(printed, scenario, {"119/30/19": "1112", "1150/183/12": "1012"}, phase="combat")
    combat = {"hexes": ["1012"], "attacker_side": "allied", "defenders": None}
    why = support.check(GAME, printed, state, "allied", combat, ["119/30/19"], ["X/1", "X/2"], None)
    assert "at most" not in why                                          # two are allowed (not these two)
    data = edited(tmp_path, monkeypatch, "crt.yaml", "max_per_combat_when_enemy_defends: {value: 2,",
                  "max_per_combat_when_enemy_defends: {value: 1,")
    why = support.check(GAME, data, state, "allied", combat, ["119/30/19"], ["X/1", "X/2"], None)
    assert why == "at most 1 support bonus(es) when an enemy stack is defending (9.64)"


def test_14_21_the_blocked_entry_radius_is_the_data(printed, scenario, tmp_path, monkeypatch):
    state = position(printed, scenario, {"1150/183/12": "0301"})       # the enemy on US entry hex A
    radius, near = reinforcements.substitute_entry_hexes(GAME, printed, state, "allied", "0301")
    assert radius == 3
    data = edited(tmp_path, monkeypatch, "reinforcements.yaml", "blocked_entry_radius: {value: 3,", "blocked_entry_radius: {value: 4,")
    radius, wider = reinforcements.substitute_entry_hexes(GAME, data, state, "allied", "0301")
    assert radius == 4 and set(near) < set(wider)
