"""End of the Iron Dream, behaviour 3: the Polish 2nd Corps (25.6).

"The tan colored Polish 2nd Corps may not assault on Turns 19 and 20": its counter
(special.polish_2nd_corps.unit, wa-x-P2) makes no mobile assault (11.0) and no prepared assault,
a probing attack included (18.21), on those turns (special.polish_2nd_corps.no_assault_turns). It
still defends."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import plays

DATA = "special.polish_2nd_corps"


def assault_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """25.6 for one assaulting unit."""
    if not plays(data, 3) or unit_id != numbers.text(data, f"{DATA}.unit", "the Polish 2nd Corps' counter (25.6)"):
        return None
    turns = numbers.integers(data, f"{DATA}.no_assault_turns", "the turns the Polish 2nd Corps may not assault (25.6)")
    if state["turn"] in turns:
        return f"{unit_id}, the Polish 2nd Corps, may not assault on Turn{'s' if len(turns) > 1 else ''} " \
               f"{' and '.join(map(str, turns))} (25.6)"
    return None
