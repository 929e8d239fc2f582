"""The supply checks under fog of war (25.3 B with 5.x.2, 5.x.7, 15.2-15.10; fog.py).

The checks are public steps: pbem checks the shown units as always. For each hex holding a
hidden unit of the checked army it records whether the hex's top was left without GS (its own
line, or one the other Alliance camp granted, 15.10). A hidden unit is of the top's army and
kind (fog.stacks: neither an SU nor one whose supply does not follow its hex), in the same hex
since it was hidden, so the top's result is its own. When it is put back it takes each check it
missed: the initial check's OOS marker (15.3) if that player-turn is still under way, the
terminal check's step loss (15.9 A, B), reported then, with the VPs the lost step gives (26.6.1, 26.6.6 D).
"""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData
from . import fog
from .common import is_type, seat_of


def record(data: GameData, state: dict, events: list, before: dict) -> None:
    """After a step: one record per supply check of an army with hidden units. `before`: each
    unit's hex at the step's start (victory.snapshot), for a top the check itself destroyed."""
    for event in events:
        if event.get("event") != "supply_check":
            continue
        army = str(event["army"])
        seat = seat_of({**state, "front": "west"}, army)
        hexes = state["fog"]["hidden"].get(seat, [])
        if not hexes:
            continue
        short = set(event["oos"])
        shown = fog.ultra(data, state) if army == "axis" else frozenset()
        result: dict[str, bool | None] = {}
        for hex_id in hexes:
            tops = [u for u, v in state["units"].items() if v["hex"] == hex_id and v["side"] == army
                    and not fog.exempt(data, state, u, shown) and not is_type(data, u, "supply_unit")]
            gone = [u for u in short if u not in state["units"] and before["units"].get(u, ("", 0, ""))[0] == hex_id]
            result[hex_id] = any(u in short for u in tops) or bool(gone) if tops or gone else None
        entry = {"check": str(event["check"]), "army": army, "hexes": result}
        if event["check"] == "initial":
            entry["turn"] = state["turn"]
        state["fog"]["checks"] = [*state["fog"]["checks"], entry]


def catch_up(data: GameData, state: dict, unit_id: str, seq: int, caught: list) -> None:
    """The checks a hidden unit missed since it was hidden (record `seq` on)."""
    from .supply_play import attrite
    unit = state["units"][unit_id]
    if is_type(data, unit_id, "supply_unit"):
        return                                            # 15.23 A: SUs need no GS
    records = state["fog"]["checks"][seq:]
    for index, entry in enumerate(records):
        if entry["army"] != unit["side"]:
            continue
        short = entry["hexes"].get(unit["hex"])
        if short is None:
            raise PbemError(f"internal: the {entry['check']} supply check under fog has no record of {unit['hex']} (25.3)")
        if not short:
            continue
        if entry["check"] == "terminal":
            lost = state["fog"].setdefault("lost", {})
            lost.setdefault(unit_id, [unit["hex"], unit["steps"], unit["side"]])      # for 26.6.1, 26.6.6 D
            events: list = []
            attrite(data, state, unit_id, events)
            caught += [{**e, "why": f"{e['why']}, at a Terminal Supply Check it missed hidden under fog of war (25.3 B)"}
                       for e in events]
            if unit_id not in state["units"]:
                return
        elif current_initial(state, records[index + 1:], entry) and unit_id not in state.get("oos", []):
            state["oos"] = sorted([*state.get("oos", []), unit_id])


def current_initial(state: dict, later: list, entry: dict) -> bool:
    """Whether an initial check's OOS markers are still on: its player-turn is under way (15.3)."""
    return (entry.get("turn"), entry["army"]) == (state["turn"], state["army"]) and not any(
        e["army"] == entry["army"] for e in later)


def take_caught(data: GameData, state: dict) -> list:
    """The events of the checks caught up since the last step, and the VPs of the steps they cost
    (26.6.1, 26.6.6 D: counted now, as the collapse and the redoubt stand)."""
    from .victory import ledger, snapshot, step_losses
    caught = state["fog"].pop("caught", [])
    lost = state["fog"].pop("lost", {})
    if lost:
        before = {**snapshot(state), "units": {u: tuple(v) for u, v in sorted(lost.items())}}
        counted, first = len(caught), len(ledger(state)["ledger"])
        step_losses(data, state, before, caught)
        for entry in [*ledger(state)["ledger"][first:], *caught[counted:]]:       # the public VP track: no name
            entry["what"] = " ".join("a unit hidden under fog of war (25.3 B)" if w in lost else w for w in entry["what"].split())
    return caught
