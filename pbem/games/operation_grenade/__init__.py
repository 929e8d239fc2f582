"""Operation Grenade: the game module (game.py) and its rule groups, one file each:
supply.py (11.0, 19.4), reinforcements.py (14.0, 23.0, 27.3), shifts.py (9.33-9.35, 9.5),
rhine.py (21.0 Volkssturm, 22.0 Rhine bridges, 28.21)."""

from .game import GAME, OperationGrenade

__all__ = ["GAME", "OperationGrenade"]
