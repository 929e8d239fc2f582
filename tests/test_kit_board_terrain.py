"""The kit's read-only views: Board (units, stacks, sides), MapData (hexes and hexsides from the
data, unknown values refused naming their path) and the typed reads of rulebook numbers.

Every case builds a tiny GameData in the test; no game's rules data is read."""

import copy
from fractions import Fraction

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import GameData
from pbem.hexgrid import GridSpec
from pbem.kit import numbers
from pbem.kit.board import Board
from pbem.kit.terrain import MapData, known


def game_data(tree: dict) -> GameData:
    return GameData(game="kit-test", tree=tree, files_hash="0" * 64)


# -- Board ------------------------------------------------------------------------------------

UNITS = {
    "s-2": {"hex": "0202", "steps": 2},
    "g-1": {"hex": "0101", "steps": 1},
    "w-1": {"hex": "0202", "steps": 3},
    "g-2": {"hex": "0202", "steps": 2},
    "s-1": {"hex": "0303", "steps": 1},
}
SIDES = {"g": "german", "s": "soviet", "w": "western"}


def side_of(unit_id: str) -> str:
    return SIDES[unit_id.split("-")[0]]


def allies(a: str, b: str) -> bool:
    """The Soviets and the Western Allies are friends; the Germans have none."""
    return a == b or {a, b} == {"soviet", "western"}


def test_stacks_list_each_hex_units_in_unit_id_order():
    board = Board(UNITS, side_of)
    assert board.stacks() == {"0101": ["g-1"], "0202": ["g-2", "s-2", "w-1"], "0303": ["s-1"]}
    # hexes come in the order of their first unit by id (g-1, g-2, s-1), not by hex id
    assert list(Board({"b": {"hex": "0101"}, "a": {"hex": "0909"}}, side_of=lambda u: "x").stacks()) == ["0909", "0101"]
    assert board.units_in("0202") == ["g-2", "s-2", "w-1"]
    assert board.units_in("0404") == []
    assert board.hex_of("w-1") == "0202"


def test_units_in_is_a_copy_of_the_stack():
    board = Board(UNITS, side_of)
    board.units_in("0202").append("intruder")
    assert board.units_in("0202") == ["g-2", "s-2", "w-1"]


def test_sides_and_the_default_friendly_rule_is_same_side():
    board = Board(UNITS, side_of)
    assert board.of_side("soviet") == ["s-1", "s-2"]
    assert board.sides_in("0202") == {"german", "soviet", "western"}
    assert board.enemies_in("0202", "soviet") == ["g-2", "w-1"]
    assert board.friends_in("0202", "soviet") == ["s-2"]
    assert board.enemy_hexes("german") == {"0202", "0303"}


def test_enemies_in_follows_the_friendly_rule():
    board = Board(UNITS, side_of, friendly=allies)
    assert board.enemies_in("0202", "soviet") == ["g-2"]
    assert board.friends_in("0202", "soviet") == ["s-2", "w-1"]
    assert board.enemies_in("0202", "german") == ["s-2", "w-1"]
    assert board.enemy_hexes("western") == {"0101", "0202"}
    assert board.enemy_hexes("german") == {"0202", "0303"}


def test_moved_gives_a_new_board_and_never_touches_the_original():
    units = copy.deepcopy(UNITS)
    board = Board(units, side_of, friendly=allies)
    board.stacks()                                   # fill the cache first
    after = board.moved({"g-1": "0303", "s-1": "0101"})
    assert after.stacks() == {"0303": ["g-1"], "0202": ["g-2", "s-2", "w-1"], "0101": ["s-1"]}
    assert after.enemies_in("0303", "western") == ["g-1"]          # keeps the friendly rule
    assert units == UNITS
    assert board.hex_of("g-1") == "0101" and board.units_in("0303") == ["s-1"]


def test_with_units_adds_units_and_never_touches_the_original():
    units = copy.deepcopy(UNITS)
    board = Board(units, side_of)
    after = board.with_units({"g-3": {"hex": "0303"}})
    assert after.units_in("0303") == ["g-3", "s-1"]
    after.units["g-1"]["hex"] = "0909"              # the new board's entries are copies too
    assert units == UNITS
    assert "g-3" not in board.units and board.units_in("0303") == ["s-1"]


# -- MapData ------------------------------------------------------------------------------------

def map_tree() -> dict:
    return {
        "game": {"hex_grid": {"numbering": "xxyy", "offset": "odd-columns-down", "rule": "1.2"}},
        "map": {
            "hexes": {
                "open": True, "rule": "2.1",
                "0101": {"terrain": "clear", "city": True},
                "0102": {"terrain": {"value": "forest", "rule": "2.3"}, "entrenchment": "unknown"},
                "0201": {"terrain": "unknown"},
                "0202": {"terrain": "marsh", "city": False},
            },
            "hexsides": {
                "0101|0102": "river",
                "0101|0201": ["river", "bridge"],
                "0102|0202": "none",
                "0201|0202": "unknown",
                "0202|0203": {"value": "lake", "rule": "2.4"},
            },
        },
    }


def test_the_grid_comes_from_game_hex_grid():
    grid = MapData.of(game_data(map_tree())).grid
    assert isinstance(grid, GridSpec)
    assert grid.adjacent("0101", "0102") and not grid.adjacent("0101", "0303")


def test_a_bad_hex_grid_refuses_naming_game_hex_grid():
    tree = map_tree()
    tree["game"]["hex_grid"]["numbering"] = "rows"
    with pytest.raises(PbemError, match=r"^game\.hex_grid: grid spec: numbering is 'rows'"):
        _ = MapData.of(game_data(tree)).grid


def test_of_is_cached_per_game_data_and_printed_on():
    data = game_data(map_tree())
    assert MapData.of(data) is MapData.of(data)
    assert MapData.of(data, "map sheet W") is not MapData.of(data)
    assert MapData.of(data, "map sheet W").printed_on == "map sheet W"


def test_hexes_leave_out_the_collection_provenance():
    hexes = MapData.of(game_data(map_tree())).hexes()
    assert sorted(hexes) == ["0101", "0102", "0201", "0202"]
    assert MapData.of(game_data(map_tree())).listed("0101")
    assert not MapData.of(game_data(map_tree())).listed("0303")


def test_info_unwraps_a_listed_hex():
    terrain = MapData.of(game_data(map_tree()))
    assert terrain.info("0102") == {"terrain": "forest", "entrenchment": "unknown"}
    assert terrain.terrain("0102") == "forest"
    assert terrain.terrain("0101") == "clear"


@pytest.mark.parametrize("hex_id, path, what", [
    ("0303", "map.hexes.0303", "hex 0303 and its terrain"),            # unlisted: the override adds the entry
    ("0201", "map.hexes.0201.terrain", "the terrain of hex 0201"),     # listed, terrain unknown: just that value
])
def test_info_refuses_naming_the_override_path_that_fills_it(hex_id, path, what):
    terrain = MapData.of(game_data(map_tree()), "the game map (sheet W)")
    with pytest.raises(UnknownDataError) as caught:
        terrain.info(hex_id)
    assert caught.value.path == path
    message = str(caught.value)
    assert f"needs {what}" in message
    assert "(printed on: the game map (sheet W))" in message
    assert f"enter it as `{path}` in the campaign's data override (data-override.yaml)" in message


def test_entry_gives_a_listed_hexs_facts_before_its_terrain_is_known():
    terrain = MapData.of(game_data(map_tree()))
    assert terrain.entry("0201") == {"terrain": "unknown"}                 # info() would refuse it
    assert terrain.entry("0102") == {"terrain": "forest", "entrenchment": "unknown"}
    assert terrain.terrain_known("0102") and not terrain.terrain_known("0201") and not terrain.terrain_known("0303")
    with pytest.raises(UnknownDataError, match="map.hexes.0303"):
        terrain.entry("0303")


def test_has_reads_a_feature_flag_absent_meaning_not_there():
    terrain = MapData.of(game_data(map_tree()))
    assert terrain.has("0101", "city") is True
    assert terrain.has("0202", "city") is False
    assert terrain.has("0202", "fortification") is False        # a listed hex is a complete entry
    with pytest.raises(UnknownDataError) as caught:
        terrain.has("0102", "entrenchment")
    assert caught.value.path == "map.hexes.0102.entrenchment"
    assert "needs whether hex 0102 has entrenchment" in str(caught.value)
    with pytest.raises(UnknownDataError, match="map.hexes.0303"):
        terrain.has("0303", "city")


def test_hexside_is_always_a_tuple_of_features():
    terrain = MapData.of(game_data(map_tree()))
    assert terrain.hexside("0101", "0102") == ("river",)              # one feature as a string
    assert terrain.hexside("0102", "0101") == ("river",)              # either way round
    assert terrain.hexside("0201", "0101", hexes_known=False) == ("river", "bridge")   # a list
    assert terrain.hexside("0102", "0202") == ()                       # "none"
    assert terrain.hexside("0101", "0202") == ()                       # not listed: a plain side
    assert terrain.hexside("0202", "0203", hexes_known=False) == ("lake",)   # {value, rule}


def test_hexside_refuses_an_unknown_side_and_by_default_unlisted_hexes():
    terrain = MapData.of(game_data(map_tree()))
    with pytest.raises(UnknownDataError) as caught:
        terrain.hexside("0202", "0201", hexes_known=False)
    assert caught.value.path == "map.hexsides.0201|0202"
    assert "needs the hexside 0202-0201" in str(caught.value)
    with pytest.raises(UnknownDataError) as caught:
        terrain.hexside("0202", "0203")                               # 0203 is not listed
    assert caught.value.path == "map.hexes.0203"


def test_hexside_without_a_hexsides_collection_is_plain():
    tree = map_tree()
    del tree["map"]["hexsides"]
    assert MapData.of(game_data(tree)).hexside("0101", "0102") == ()


def test_known_names_where_the_value_is_printed():
    data = game_data({"crt": {"cells": {"1": "unknown", "2": "DE"}}})
    assert known(data, "crt.cells.2", "a cell") == "DE"
    with pytest.raises(UnknownDataError, match=r"\(printed on: the CRT card\)"):
        known(data, "crt.cells.1", "a cell", "the CRT card")
    with pytest.raises(UnknownDataError) as caught:
        known(data, "crt.cells.3", "a cell")
    assert caught.value.path == "crt.cells.3" and "printed on" not in str(caught.value)


# -- numbers ------------------------------------------------------------------------------------

NUMBERS = {
    "stacking": {"limit": {"value": 3, "rule": "7.1"}, "flag": True, "yes": "yes", "half": "1/2", "two": 2,
                 "broken": "1/0", "word": "many", "float": 1.5, "limits": [2, 3], "mixed": [2, True],
                 "name": "panzer", "names": ["a", 7], "bad_names": ["a", False], "unknown": "unknown"},
}


def test_numbers_read_their_types():
    data = game_data(NUMBERS)
    assert numbers.integer(data, "stacking.limit", "the stacking limit") == 3
    assert numbers.fraction(data, "stacking.half", "a fraction") == Fraction(1, 2)
    assert numbers.fraction(data, "stacking.two", "a fraction") == Fraction(2)
    assert numbers.integers(data, "stacking.limits", "limits") == (2, 3)
    assert numbers.flag(data, "stacking.flag", "a flag") is True
    assert numbers.text(data, "stacking.name", "a name") == "panzer"
    assert numbers.text(data, "stacking.two", "a name") == "2"
    assert numbers.texts(data, "stacking.names", "names") == ("a", "7")


@pytest.mark.parametrize("read,path,expected", [
    (numbers.integer, "stacking.flag", "must be an integer, not True"),
    (numbers.integer, "stacking.half", "must be an integer, not '1/2'"),
    (numbers.fraction, "stacking.flag", "must be a number or a fraction like '1/3', not True"),
    (numbers.fraction, "stacking.float", "must be a number or a fraction like '1/3', not 1.5"),
    (numbers.fraction, "stacking.word", "must be a number or a fraction like '1/3', not 'many'"),
    (numbers.fraction, "stacking.broken", "must be a number or a fraction like '1/3', not '1/0'"),
    (numbers.integers, "stacking.limit", "must be a list of integers, not 3"),
    (numbers.integers, "stacking.mixed", "must be a list of integers, not [2, True]"),
    (numbers.flag, "stacking.yes", "must be true or false, not 'yes'"),
    (numbers.text, "stacking.flag", "must be text, not True"),
    (numbers.texts, "stacking.name", "must be a list, not 'panzer'"),
    (numbers.texts, "stacking.bad_names", "must be a list, not ['a', False]"),
])
def test_numbers_refuse_the_wrong_type_naming_the_path(read, path, expected):
    with pytest.raises(PbemError) as caught:
        read(game_data(NUMBERS), path, "the value")
    assert not isinstance(caught.value, UnknownDataError)
    assert caught.value.message == f"data `{path}` (the value) {expected}"
    assert caught.value.file == "data-override.yaml"


@pytest.mark.parametrize("read", [numbers.integer, numbers.fraction, numbers.integers, numbers.flag,
                                  numbers.text, numbers.texts])
@pytest.mark.parametrize("path", ["stacking.unknown", "stacking.absent"])
def test_numbers_the_text_does_not_give_refuse_as_unknown(read, path):
    with pytest.raises(UnknownDataError) as caught:
        read(game_data(NUMBERS), path, "the stacking value")
    assert caught.value.path == path
    assert "needs the stacking value, which the rulebook text does not give" in str(caught.value)


# -- hexside keys a lookup would never find ---------------------------------------------------

def _override_with(tmp_path, extra: dict):
    import yaml

    from .conftest import ROOT
    from .fastyaml import safe_load
    doc = safe_load((ROOT / "examples" / "smithereens-demo" / "data-override.yaml").read_text())
    doc["values"].update(extra)
    path = tmp_path / "override.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


@pytest.mark.parametrize("key, message", [
    ("4111E|4110E", "map.hexsides.4111E|4110E: write it map.hexsides.4110E|4111E (the two hex ids sorted, joined by '|'), "
                    "else no lookup finds it"),
    ("4110E|4112E", "map.hexsides.4110E|4112E: 4110E and 4112E are not adjacent, so have no common hexside"),
    ("4110E", "map.hexsides.4110E: a hexside is two hex ids joined by '|' (e.g. 2516|2517)"),
])
def test_pbem_new_refuses_a_hexside_key_no_lookup_would_find(tmp_path, demo_keys, key, message):
    """10.15: a lake written `4111E|4110E` was silently ignored (lookups ask for the sorted pair):
    `pbem new` now refuses it, naming the spelling that works, and writes nothing."""
    from pbem import campaign as camp
    from pbem.demo import demo_commitment
    from pbem.errors import PbemError
    from pbem.keys import key_id
    override = _override_with(tmp_path, {f"map.hexsides.{key}": "lake"})
    players = {s: key_id(k.public_key()) for s, k in demo_keys.items()}
    commitments = {s: demo_commitment(k, "t1", s) for s, k in demo_keys.items()}
    with pytest.raises(PbemError) as refused:
        camp.create_campaign(tmp_path / "t1", "smithereens", "historical", players, commitments, override)
    assert str(refused.value) == f"{override}: {message}"
    assert not (tmp_path / "t1").exists()


def test_a_hexside_key_in_pbem_order_is_found(tmp_path):
    from pbem.gamedata import load_game_data
    from pbem.kit.terrain import MapData, hexside_key_problems
    override = _override_with(tmp_path, {"map.hexsides.4110E|4111E": "lake"})
    data = load_game_data("smithereens", override)
    assert hexside_key_problems(data, {"map.hexsides.4110E|4111E": "lake"}) == []
    assert MapData.of(data).hexside("4111E", "4110E", hexes_known=False) == ("lake",)
