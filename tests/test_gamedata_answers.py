"""GameData.get keeps its answer for a path while the data stay as they are (issue 13: every data
read walked the tree, thousands a replay): a kept answer is the walk's answer — the same value,
the same refusal, the same default, the same overrides noted as used — and a change of the data
(an override's or amendment's values, an errata reading, a cleared cache) is answered anew."""

import dataclasses
from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import META_KEYS, GameData, apply_readings, apply_values, load_game_data

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["smithereens", "operation-grenade", "dark-december", "end-of-the-iron-dream", "stargard-solstice"]


def _paths(node, path="", found=None) -> list[str]:
    """Every path of the tree (dicts and list entries), with some that are absent."""
    found = [] if found is None else found
    if path:
        found += [path, f"{path}.nothere"]
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in META_KEYS:
                _paths(value, f"{path}.{key}" if path else key, found)
    elif isinstance(node, list):
        for index, value in enumerate(node[:3]):
            _paths(value, f"{path}.{index}", found)
    return found


def _read(data: GameData, path: str):
    """(what get answers, the overrides it noted)."""
    data.used_overrides = set()
    try:
        value = ("value", data.get(path))
    except UnknownDataError as exc:
        value = ("refused", str(exc))
    return value, sorted(data.used_overrides), data.get(path, default="DEFAULT") if value[0] == "value" or "nothere" in path else None


@pytest.mark.parametrize("game", GAMES)
def test_a_kept_answer_is_the_walks_answer_for_every_path_of_the_data(game):
    override = ROOT / "examples" / f"{game}-demo" / "data-override.yaml"
    kept = load_game_data(game, override)
    paths = _paths(kept.tree)[::4] + sorted(kept.overridden)      # a quarter of the paths (the test's time), and every overridden one
    assert len(paths) > 1000
    first = [_read(kept, p) for p in paths]            # the answers worked out
    again = [_read(kept, p) for p in paths]            # the kept answers
    # the same data without kept answers for every read: each answer walked
    walked = [_read(dataclasses.replace(kept, cache={}), p) for p in paths]
    assert first == again == walked
    assert any(noted for _, noted, _ in first) and any(v[0] == "refused" for v, _, _ in first)


def test_a_value_supplied_after_a_read_is_answered():
    data = GameData(game="test", tree={"map": {"hexes": {"0101": {"terrain": "unknown"}}}}, files_hash="x")
    with pytest.raises(UnknownDataError):
        data.get("map.hexes.0101.terrain")
    apply_values(data, {"map.hexes.0101.terrain": "woods"}, "amendment.txt", "data amendment (save 3)")
    data.used_overrides = set()
    assert data.get("map.hexes.0101.terrain") == "woods"
    assert data.used_overrides == {"map.hexes.0101.terrain"}


def test_an_errata_reading_chosen_after_a_read_is_answered():
    tree = {"readings": {"readings": {"R1": {"choices": {"a": {"values": [{"path": "combat.ratio", "value": 3}]},
                                                         "b": {"values": [{"path": "combat.ratio", "value": 2}]}}}}},
            "combat": {"ratio": 2}}
    data = GameData(game="test", tree=tree, files_hash="x")
    assert data.get("combat.ratio") == 2
    apply_readings(data, {"R1": "a"})
    assert data.get("combat.ratio") == 3


def test_a_cleared_cache_forgets_the_answers():
    """As pbem.amend does after an amendment, and the tests that change a copy's tree."""
    data = GameData(game="test", tree={"a": {"b": 1}}, files_hash="x")
    assert data.get("a.b") == 1
    data.tree["a"]["b"] = 2
    data.cache.clear()
    assert data.get("a.b") == 2
