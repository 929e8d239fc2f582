"""Stargard Solstice (1.0-19.0), on the hex-wargame kit: pbem/games/stargard_solstice/game.py."""

from .game import GAME, StargardSolstice  # noqa: F401
