"""The Smithereens rules read their numbers from rules/smithereens/*.yaml: change a value in a
copy of the rules folder and the adjudication changes with it (issue 9, "every rule number from
the data"). Each test edits one value, points the loader at the copy and plays the same position
before and after.
"""

import shutil
from pathlib import Path

import pytest
import yaml

import pbem.gamedata
from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_victory import complete_override, only_german
from tests import fastyaml

RULES = Path(__file__).resolve().parent.parent / "rules" / "smithereens"
TEST_DATA = Path(__file__).resolve().parent / "data" / "smithereens-rules-test-override.yaml"


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """edited(FILE, [KEY, ...], VALUE): the rules with one value changed, loaded as a campaign would."""
    folder = tmp_path / "smithereens"
    shutil.copytree(RULES, folder)
    monkeypatch.setattr(pbem.gamedata, "rules_dir", lambda game: folder if game == "smithereens" else RULES.parent / game)

    def edit(file: str, keys: list[str], value, override: Path = TEST_DATA):
        path = folder / file
        tree = fastyaml.safe_load(path.read_text(encoding="utf-8"))
        node = tree
        for key in keys[:-1]:
            node = node[key]
        old = node[keys[-1]]
        node[keys[-1]] = dict(old, value=value) if isinstance(old, dict) and "value" in old else value
        path.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True), encoding="utf-8")
        return load_game_data("smithereens", override)
    return edit


def position(data, units: dict, *, turn=2, army="german", phase="movement", control=None) -> dict:
    state = GAME.setup(data, load_scenario("smithereens", "historical")[0], ["alliance", "german"])
    for unit_id, hex_id in units.items():
        state["units"][unit_id] = {"hex": hex_id, "steps": GAME.counter(data, unit_id)["steps"]}
    state.update(turn=turn, army=army, phase=phase)
    if control is not None:
        state["control"] = dict(control)
    return state


def problems(data, state, orders) -> list[str]:
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_german_stacking_limit_8_1(edited):
    plain = load_game_data("smithereens", TEST_DATA)
    units = {"g-inf1": "2218", "g-inf2": "2218", "g-inf3": "2217"}
    move = [{"move": "g-inf3", "path": ["2217", "2218"]}]
    assert problems(plain, position(plain, units), move) == []            # three of eight
    two = edited("game.yaml", ["stacking", "limits", "german"], 2)
    assert problems(two, position(two, units), move) == [
        "hex 2218 is overstacked at the end of movement: more than two German units (8.1) (8.2)"]


def test_soviet_stacking_limit_8_4(edited):
    two = edited("game.yaml", ["stacking", "limits", "soviet", "units"], 2)
    assert GAME.stacking_problem(two, ["s-inf1", "s-inf2"]) is None
    assert GAME.stacking_problem(two, ["s-inf1", "s-inf2", "s-art1"]) is None     # a third if artillery
    assert GAME.stacking_problem(two, ["s-inf1", "s-inf2", "s-inf3"]) == \
        "more than two Soviet units, or a third that is not artillery (8.4)"


def test_concentric_shift_11_10(edited):
    plain = load_game_data("smithereens", TEST_DATA)
    units = {"g-inf1": "2218", "g-inf2": "2220", "s-inf1": "2219"}          # opposite hexes: concentric
    order = {"attack": "2219", "with": ["g-inf1", "g-inf2"]}
    before = GAME.shifts(plain, position(plain, units, phase="assault"), order, "2219", "german")
    assert {"shift": 1, "why": "concentric assault", "rule": "11.10"} in before
    two = edited("crt.yaml", ["shifts", "non_terrain", "concentric_assault", "shift"], 2)
    state = position(two, units, phase="assault")
    after = GAME.shifts(two, state, order, "2219", "german")
    assert {"shift": 2, "why": "concentric assault", "rule": "11.10"} in after
    columns = GAME.crt_columns(two)
    base = GAME.battle_odds(plain, position(plain, units, phase="assault"), "german", order, columns)["column"]
    shifted = GAME.battle_odds(two, state, "german", order, columns)["column"]
    assert columns.index(shifted) == columns.index(base) + 1                 # one column further right


def test_victory_threshold_4_4(edited, tmp_path):
    # (the count needs every city of the map: a completed test map, tests/test_smithereens_victory.py)
    complete = complete_override(tmp_path)
    plain = load_game_data("smithereens", complete)
    control = only_german(plain, {"3611", "3403", "3315"})                    # Berlin 5 + 1 + 1 = 7
    assert GAME.victory(plain, position(plain, {}, turn=10, control=control))["winner"] == "german"
    seven = edited("victory.yaml", ["victory", "determination", "german_wins_if_more_than"], 7, complete)
    result = GAME.victory(seven, position(seven, {}, turn=10, control=control))
    assert (result["total"], result["winner"]) == (7, "alliance")


def test_thaw_turns_10_21(edited):
    plain = load_game_data("smithereens", TEST_DATA)
    assert GAME.movement_allowance(plain, position(plain, {"s-gta": "2016"}, turn=2), "s-gta") == 6
    thaw = edited("game.yaml", ["turns", "thaw", "turns"], [2, 3])
    assert GAME.movement_allowance(thaw, position(thaw, {"s-gta": "2016"}, turn=2), "s-gta") == 5


def test_soviet_replacement_rate_9_12(edited):
    one = edited("reinforcements.yaml", ["replacements", "rates", "red_army", "steps_per_game_turn"], 1)
    state = position(one, {"s-inf1": "2016", "s-inf2": "2018"}, army="soviet")
    for unit_id in ("s-inf1", "s-inf2"):
        state["units"][unit_id]["steps"] = 1
    assert problems(one, state, [{"replace": "s-inf1", "steps": 1}, {"replace": "s-inf2", "steps": 1}]) == [
        "only 1 replacement step(s) per game turn (9.12)"]


def test_check_reports_an_unknown_crt_cell_before_any_die(tmp_path):
    """16.2 / issue 9: the whole CRT column each battle uses must be known; `pbem check` says so."""
    lines = TEST_DATA.read_text(encoding="utf-8").splitlines(keepends=True)
    partial = tmp_path / "data-override.yaml"
    partial.write_text("".join(line for line in lines if not line.startswith("  crt.cells.6.1:3/1:4:")), encoding="utf-8")
    data = load_game_data("smithereens", partial)
    state = position(data, {"g-inf1": "2218", "s-inf1": "2219", "s-inf2": "2219", "s-inf3": "2219", "s-inf4": "2219"},
                     phase="assault")
    order = [{"attack": "2219", "with": ["g-inf1"]}]          # 1:4 or worse -> column 1:3/1:4
    found = problems(data, state, order)
    assert len(found) == 1 and "crt.cells.6.1:3/1:4" in found[0]
    dice = ScriptedDice(default=1)
    with pytest.raises(UnknownDataError):
        GAME.apply(data, state, "german", order, dice)
    assert dice.asked == []


def test_player_turn_order_5_2(edited):
    """5.2: Soviet, Western, German. Edited to German, Soviet, Western, the German turn no longer
    ends the game turn: the Soviet player turn of the same game turn follows it."""
    plain = load_game_data("smithereens", TEST_DATA)
    state = position(plain, {}, turn=2, army="german")
    GAME.next_player_turn(plain, state)
    assert (state["turn"], state["army"]) == (3, "soviet")
    data = edited("game.yaml", ["sequence_of_play", "player_turn_order"], ["german", "soviet", "western"])
    state = position(data, {}, turn=2, army="german")
    GAME.next_player_turn(data, state)
    assert (state["turn"], state["army"]) == (2, "soviet")
