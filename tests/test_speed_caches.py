"""What issue 13's third round keeps between calls gives what was worked out each time before:
the caller's own copies, the overrides noted at every use, refusals never kept."""

import pytest

from pbem import keys
from pbem.canonical import plain_copy
from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import GameData
from pbem.hexgrid import GridSpec
from pbem.kit.combat import whole_column
from pbem.kit.terrain import MapData

TREE = {"game": {"hex_grid": {"numbering": "xxyy", "offset": "odd-columns-down"}},
        "map": {"hexes": {"0101": {"terrain": {"value": "clear", "rule": "2.1"}, "city": True},
                          "0102": {"terrain": "unknown"}}},
        "crt": {"cells": {"1": {"value": "DE", "rule": "7.1"}, "2": "AE", "3": "unknown"}}}


def _data() -> GameData:
    import copy
    return GameData(game="speed-test", tree=copy.deepcopy(TREE), files_hash="0" * 64)


def test_plain_copy_copies_every_level_and_deep_copies_anything_else():
    original = {"units": {"a": {"hex": "0101", "path": ["0101", "0102"]}}, "n": 3, "flag": True, "none": None,
                "odd": {("a", 1): {2}}}
    copied = plain_copy(original)
    assert copied == original
    copied["units"]["a"]["path"].append("0103")
    copied["odd"][("a", 1)].add(3)
    assert original["units"]["a"]["path"] == ["0101", "0102"] and original["odd"] == {("a", 1): {2}}


def test_a_hex_entry_is_kept_unwrapped_and_each_caller_gets_its_own_copy():
    board = MapData.of(_data())
    first = board.entry("0101")
    assert first == {"terrain": "clear", "city": True}
    first["terrain"] = "swamp"                        # a caller changing its copy changes nothing kept
    assert board.entry("0101") == {"terrain": "clear", "city": True}
    assert board.info("0101") is not board.info("0101")
    assert board.terrain("0101") == "clear" and board.has("0101", "city") is True
    board.overlay = {"0101": {"terrain": "rough", "city": False}}      # a state's overlay (Smithereens 13.8)
    assert board.terrain("0101") == "rough" and board.has("0101", "city") is False
    assert board.entry("0101") == {"terrain": "rough", "city": False}
    board.overlay = {}
    assert board.terrain("0101") == "clear"
    with pytest.raises(UnknownDataError, match="map.hexes.0102.terrain"):
        board.terrain("0102")
    with pytest.raises(UnknownDataError, match="map.hexes.0199"):
        board.entry("0199")


def test_neighbour_ids_are_the_neighbours_and_sorted_neighbour_ids_their_sorted_ids():
    grid = GridSpec.from_dict({"numbering": "xxyy", "offset": "odd-columns-down"})
    for hex_id in ("0101", "0505", "1210"):
        assert list(grid.neighbour_ids(hex_id)) == grid.neighbours(hex_id)
        assert list(grid.sorted_neighbour_ids(hex_id)) == sorted(grid.neighbours(hex_id))
    grid.neighbours("0505").append("9999")           # neighbours() is still the caller's own list
    assert "9999" not in grid.neighbour_ids("0505")


def test_a_crt_column_is_read_once_per_data_with_its_overrides_noted_at_every_use():
    data = _data()
    data.overridden = {"crt.cells.2": "override"}
    column = whole_column(data, [1, 2], lambda r: f"crt.cells.{r}", lambda r: f"the cell of roll {r}", "the CRT")
    assert column == {"1": "DE", "2": "AE"}
    column["1"] = "changed"
    data.used_overrides = set()                      # the next step: the column kept, its override noted again
    assert whole_column(data, [1, 2], lambda r: f"crt.cells.{r}", lambda r: f"the cell of roll {r}", "the CRT") == {"1": "DE", "2": "AE"}
    assert data.used_overrides == {"crt.cells.2"}
    for _ in range(2):                               # a cell the data lacks is refused at every call
        with pytest.raises(UnknownDataError, match="crt.cells.3"):
            whole_column(data, [1, 3], lambda r: f"crt.cells.{r}", lambda r: f"the cell of roll {r}", "the CRT")


def test_a_key_is_kept_only_once_it_passed_and_a_refused_one_is_refused_every_time():
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    identifier = keys.key_id(Ed25519PrivateKey.generate().public_key())
    assert keys.public_from_id(identifier) is keys.public_from_id(identifier)
    weak = keys.key_id_of_raw(bytes.fromhex("01" + "00" * 31))          # the identity point: small order
    for _ in range(2):
        with pytest.raises(PbemError, match="WEAK KEY"):
            keys.public_from_id(weak)
        assert weak not in keys._PUBLIC
