"""Game modules. Each is a plain module exposing `GAME`, an object with the GameModule methods."""

import importlib

from ..errors import PbemError
from .base import GameModule

MODULES = {
    "smithereens": "pbem.games.smithereens",
    "operation-grenade": "pbem.games.operation_grenade",
    "dark-december": "pbem.games.dark_december",
    "end-of-the-iron-dream": "pbem.games.end_of_the_iron_dream",
    "stargard-solstice": "pbem.games.stargard_solstice",
}


def get_game(name: str) -> GameModule:
    if name not in MODULES:
        raise PbemError(f"unknown game {name!r}; pbem knows: {', '.join(sorted(MODULES))}")
    game = importlib.import_module(MODULES[name]).GAME
    if not isinstance(game, GameModule):
        raise PbemError(f"internal: pbem.games {name!r} has no GameModule `GAME`")
    return game
