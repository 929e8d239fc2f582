"""issue 13: the Smithereens memo keys and kept answers give what the plain reads give."""

from pathlib import Path

import pytest

from pbem.canonical import data_hash
from pbem.errors import PbemError
from pbem.gamedata import load_game_data
from pbem.games.smithereens import GAME
from pbem.games.smithereens.supply import overlay_hash

DATA = Path(__file__).parent / "data" / "smithereens-wwiii-demo.yaml"


def test_overlay_hash_is_the_data_hash_of_the_overlay():
    """13.8: a Thunderclapped city's overlay, and the empty one nearly every step has."""
    assert overlay_hash({}) == data_hash({})
    overlay = {"2911": {"terrain": "rough", "city": False}}
    assert overlay_hash(overlay) == data_hash(overlay)


def test_army_of_is_the_counters_side_and_a_wrong_side_refuses_every_time():
    data = load_game_data("smithereens", DATA)
    assert GAME.army_of(data, "us-3") == "western" and GAME.army_of(data, "us-3") == "western"
    assert GAME.army_of(data, "sov-1a") == "soviet"
    data.cache["smithereens.counter.us-3"][0]["side"] = "swiss"        # a kept counter with a wrong side
    data.cache.pop("smithereens.army.us-3")
    for _ in range(2):                                                  # not kept: the same refusal again
        with pytest.raises(PbemError) as refused:
            GAME.army_of(data, "us-3")
        assert str(refused.value) == "counter us-3 has side 'swiss'; expected one of soviet, western, german"
