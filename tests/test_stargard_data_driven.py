"""The Stargard Solstice rules read their numbers from rules/stargard-solstice/*.yaml: change a
value in a copy of the rules folder and the adjudication changes with it. Each test edits one
value, points the loader at the copy and plays the same position."""

import shutil
from pathlib import Path

import pytest
import yaml

import pbem.gamedata
from pbem.games.stargard_solstice import GAME
from tests import sshelp
from tests import fastyaml

RULES = Path(__file__).resolve().parent.parent / "rules" / "stargard-solstice"


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """edited(FILE, [KEY, ...], VALUE): the rules with one value changed."""
    folder = tmp_path / "stargard-solstice"
    shutil.copytree(RULES, folder)
    monkeypatch.setattr(pbem.gamedata, "rules_dir",
                        lambda game: folder if game == "stargard-solstice" else RULES.parent / game)

    def edit(file: str, keys: list[str], value) -> None:
        path = folder / file
        tree = fastyaml.safe_load(path.read_text(encoding="utf-8"))
        node = tree
        for key in keys[:-1]:
            node = node[key]
        old = node[keys[-1]]
        node[keys[-1]] = dict(old, value=value) if isinstance(old, dict) and "value" in old else value
        path.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return edit


POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1212", "g-inf": "1313", "g-inf2": "1211", "g-ind": "1112", "s-inf": "1415"}
THREE = [{"move": "g-inf", "path": ["1213", "1212"]}, {"move": "g-inf2", "path": ["1212"]}]


def moving():
    d, s = sshelp.start(POSITION)
    s, _, _ = sshelp.play(d, s, "german", [], 1)
    return d, s


def test_6_0_the_stacking_limit_comes_from_game_yaml(edited):
    d, s = moving()
    assert [p.message for p in GAME.check(d, s, "german", THREE)] == [
        "1212 would hold 3 combat units (g-inf, g-inf2, g-pz), over the limit of 2 (6.0)"]
    edited("game.yaml", ["stacking", "combat_units"], 3)
    d, s = moving()
    assert GAME.check(d, s, "german", THREE) == []


def test_4_1_the_ezoc_costs_come_from_game_yaml(edited):
    """4.1: +2 to enter and +2 to leave; with 1 to enter, 1314 then 1315 costs (1+1) + (1+1+2) = 6, not 8."""
    edited("game.yaml", ["zones_of_control", "movement_cost", "enter"], 1)
    d, s = moving()
    assert [p.message for p in GAME.check(d, s, "german", [{"move": "g-inf", "path": ["1314", "1315"]}])] == [
        "g-inf needs 6 MP for this path but has 4 (5.1.1, 5.3)"]


def test_3_3_2_the_independent_units_per_hq_come_from_command_yaml(edited):
    edited("command.yaml", ["command", "activation", "independent_units_per_hq"], 0)
    d, s = moving()
    assert [p.message for p in GAME.check(d, s, "german", [{"activate": "g-ind"}])] == [
        "3SS-PZ-HQ activates at most 0 independent units (3.3.2)"]
