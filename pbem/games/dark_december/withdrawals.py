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


def start(data: GameData, state: dict, events: list) -> None:
    """The withdrawals due at the start of the side's player turn (10.8 B; 10.8 C optional)."""
    if state["side"] == "allies":
        allied(data, state, events)
    else:
        german(data, state, events)


def german(data: GameData, state: dict, events: list) -> None:
    """10.8 C (optional, `--option brigade_withdrawal=true`): "On AM 27 December Germany must withdraw 150th
    Panzer Brigade. If already destroyed no withdrawal is necessary." Its counter id is the one 12.4 names
    (`game.zones_of_control.infiltration_150th_panzer_brigade.unit_id`)."""
    if state["options"].get("brigade_withdrawal") is not True or state["side"] != "german":
        return
    if state["turn"] != turn_of(data, numbers.text(data, f"{PATH}.german_150th_panzer_brigade_turn", "the 150th Panzer Brigade's withdrawal (10.8 C)")):
        return
    from .infiltration import RULE
    brigade = numbers.text(data, f"{RULE}.unit_id", "the counter id of the 150th Panzer Brigade (10.8 C, 12.4)")
    if brigade in state["units"] or brigade in state["reinforcements"]:
        state["units"].pop(brigade, None)
        state["reinforcements"].pop(brigade, None)
        state["withdrawn"] = sorted(set(state["withdrawn"]) | {brigade})
        events.append({"event": "withdrawn", "units": [brigade], "division": "the 150th Panzer Brigade", "rule": "10.8 C"})


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
