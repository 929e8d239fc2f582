"""Operation Grenade data: the hex grid deduced from the text (see rules/operation-grenade/game.yaml)."""

from pbem.gamedata import load_game_data
from pbem.hexgrid import GridSpec


def grid():
    spec = load_game_data("operation-grenade").get("game.hex_grid")
    return GridSpec.from_dict({k: spec[k] for k in ("numbering", "offset") if k in spec})


def test_koeln_bridge_ends_are_adjacent():  # 22.21 west end 0419, 22.22 east end 0320
    assert grid().adjacent("0419", "0320")


def test_hex_ids_keep_their_leading_zero():  # 2.1: four-digit ids such as 0121 (23.1)
    assert grid().parse("0121") == (1, 21) and grid().format(1, 21) == "0121"
    assert sorted(grid().neighbours("0419")) == ["0319", "0320", "0418", "0420", "0519", "0520"]
