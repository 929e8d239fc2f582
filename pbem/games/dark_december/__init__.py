"""Dark December on the hex-wargame kit (docs/dark-december.md)."""

from .game import GAME, DarkDecember

__all__ = ["GAME", "DarkDecember"]
