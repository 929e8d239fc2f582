"""Smithereens: The End of WWII in Europe.

Rule numbers refer to ../shared/rulebooks/smithereens.txt. Every number this module needs
comes from rules/smithereens/*.yaml (rulebook values) or the campaign's data override (the
map's terrain, the counters' factors, the CRT rows the text lacks); a missing one stops the
step with UnknownDataError before any die is rolled.

What is enforced and the order syntax players write: docs/smithereens.md. What is not is the
`not_enforced` list (game.py), written into every campaign header and report. Supply and mobile
assaults are played at the standard level only, as the rulebook's Beginners Notes leave them out
(5.1 and 6.0).

The package follows the rulebook: game.py (the sequence of play), setup.py (3.x), supply.py
(6.x), control.py (3.9, 4.x, 7.x), replacements.py (9.x), movement.py (10.x, 8.x, 3.11, 10.23,
10.36), air.py (13.7), assaults.py (11.1-11.24), responses.py (11.25-11.33), report.py,
mobile.py (12.x mobile assaults), steiner.py (9.6 Group Steiner), flak.py (9.6, 13.13 Flak Korps),
demo.py.
"""

from .game import GAME, Smithereens

__all__ = ["GAME", "Smithereens"]
