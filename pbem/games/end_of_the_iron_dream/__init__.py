"""End of the Iron Dream on the hex-wargame kit (docs/end-of-the-iron-dream.md)."""

from .game import GAME, EndOfTheIronDream

__all__ = ["GAME", "EndOfTheIronDream"]
