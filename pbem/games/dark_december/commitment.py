"""26.19 German Reserve Commitment (campaigns of behaviour 3).

A a German reserve of the 26.19 table arrives once its release objectives are captured, or else at its normal
time; B captured in a Game-Turn, it enters on the immediately following one. "Captured" is read as German road
control of every objective hex (5.7 D, the control the victory conditions read), judged at the end of each
player turn. The rows' divisions (as the counters spell them) and the towns' hexes are group data
(`variants.division_variants.26_19.rows.ROW.divisions`, `map.places.TOWN.hex`; 3013 and La Roche's 2516 the text
gives); the normal arrival is the turn on the counters (10.6). The last row (10th SS, 11th Panzer) is 23.0's."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import mapdata

PATH = "variants.division_variants.26_19.rows"


def on(state: dict) -> bool:
    return "commitment" in state


def start(data: GameData, state: dict) -> None:
    """Set-up: every row waits for its objectives."""
    rows = data.get(PATH, "the rows of the 26.19 table")
    state["commitment"] = sorted(k for k in rows if k not in ("rule", "printed_on"))


def objective_hexes(data: GameData, row: str) -> list[str]:
    grid = mapdata(data).grid
    hexes = []
    for name in numbers.texts(data, f"{PATH}.{row}.objectives", f"the objectives of 26.19 row {row}"):
        hex_id = name if name.isdigit() else numbers.text(data, f"map.places.{name}.hex", f"the hex of {name} (26.19)")
        hexes.append(grid.canonical(hex_id))
    return hexes


def judge(data: GameData, state: dict, events: list) -> None:
    """At the end of a player turn: a row whose objectives Germany all controls is released; its units still to
    come enter on the next Game-Turn (26.19 B), or earlier on their own turn."""
    if not on(state):
        return
    from .strategic import control
    for row in list(state["commitment"]):
        if not all(control(data, state, h) == "german" for h in objective_hexes(data, row)):
            continue
        divisions = set(numbers.texts(data, f"{PATH}.{row}.divisions", f"the divisions of 26.19 row {row}, as the counters spell them"))
        units = sorted(u for u in state["reinforcements"]
                       if str(data.get(f"units.counters.{u}.side")) == "german" and str(data.get(f"units.counters.{u}.division")) in divisions)
        for unit_id in units:
            state["reinforcements"][unit_id] = min(state["reinforcements"][unit_id], state["turn"] + 1)
        state["commitment"].remove(row)
        events.append({"event": "commitment", "row": row, "units": units, "turn": state["turn"] + 1})
