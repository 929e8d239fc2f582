"""Game modules. Each is a plain module exposing `GAME`, an object with the GameModule methods."""

import importlib

from ..errors import PbemError

MODULES = {
    "smithereens": "pbem.games.smithereens",
    "operation-grenade": "pbem.games.operation_grenade",
}


def get_game(name: str):
    if name not in MODULES:
        raise PbemError(f"unknown game {name!r}; pbem knows: {', '.join(sorted(MODULES))}")
    return importlib.import_module(MODULES[name]).GAME
