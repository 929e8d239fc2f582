"""Copies of a game's data (pbem.gamedata.GameData) for tests that change one: what copy.deepcopy
gives, made by a pickle round trip (two to three times faster on a game's rules tree, and the
tests copy it per test); copy.deepcopy itself when something the data keeps cannot be pickled."""

import copy
import pickle

from pbem.gamedata import GameData


def deep_copy(data: GameData) -> GameData:
    """copy.deepcopy(data)."""
    try:
        copied = pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(data)
    assert isinstance(copied, GameData)
    return copied


def copy_without_cache(data: GameData) -> GameData:
    """copy.deepcopy(data) with its derived objects left out (cache emptied), without copying them first."""
    kept, data.cache = data.cache, {}
    try:
        return deep_copy(data)
    finally:
        data.cache = kept
