"""10.8 Withdrawals: "A. Units subject to withdrawal are simply removed from the map by the owning side.
It is not necessary to physically move these units to exit the map, nor is it required that any route
exists by which they could move to exit the map. B. On or as soon as possible after PM 26 December the
Allies must withdraw the 10th Armored Division."

Nothing can stop a withdrawal (A), so "as soon as possible" is the first Allied player turn from PM 26
December: its units on the map are removed before the Supply Determination Phase, and any still to
arrive as reinforcements never come. They are withdrawn, not eliminated (never reformed, 9.1). The
division's id in the campaign's counters is group data (`game.movement.withdrawals.allied_10th_armored_division`).
Campaigns set up before pbem enforced 10.8 (behaviour 1) have no `withdrawn` list and keep the division.
"""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import counter, turn_of

PATH = "game.movement.withdrawals"


def allied(data: GameData, state: dict, events: list) -> None:
    if "withdrawn" not in state or state["side"] != "allies":
        return
    if state["turn"] < turn_of(data, numbers.text(data, f"{PATH}.allied_10th_armored_from", "the 10th Armored Division's withdrawal (10.8 B)")):
        return
    division = numbers.text(data, f"{PATH}.allied_10th_armored_division", "the division id of the US 10th Armored Division (10.8 B)")
    units = sorted(u for u, v in state["units"].items() if v["side"] == "allies" and str(counter(data, u).get("division")) == division)
    due = sorted(u for u in state["reinforcements"] if str(counter(data, u).get("division")) == division)
    for unit_id in units:
        del state["units"][unit_id]
    for unit_id in due:
        del state["reinforcements"][unit_id]
    if units or due:
        state["withdrawn"] = sorted(set(state["withdrawn"]) | set(units) | set(due))
        events.append({"event": "withdrawn", "units": units + due, "division": division, "rule": "10.8 B"})
