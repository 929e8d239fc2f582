"""Operation Grenade: the game module (game.py: the class and its sequence-of-play table) and its
rule groups, one file each, organised like the rulebook: pregame.py (17.0, 18.0, 18.1), turn.py
(24.x, 19.21, 28.0), movement.py (5.x, 6.3, 7.11, 19.x, 26.0), reinforcements.py (14.0, 23.0,
27.3), combat.py (9.1, 9.2, 7.2), crt.py (9.3, 9.7, 9.8), losses.py (9.8, 9.9, 10.0), chits.py
(8.x), shifts.py (9.33-9.35, 9.5), divisions.py (9.4, 27.2), support.py (9.6, 13.0), supply.py
(11.0, 19.4), rhine.py (21.0 Volkssturm, 22.0 Rhine bridges, 28.21), retreats.py (9.91, 9.93),
answers.py (9.94, 9.95, 9.97), flood.py (17.11-17.14, 9.96 map extent), report.py, common.py."""

from .game import GAME, OperationGrenade

__all__ = ["GAME", "OperationGrenade"]
