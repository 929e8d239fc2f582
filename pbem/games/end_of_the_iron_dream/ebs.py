"""End of the Iron Dream, behaviour 3: WA Emergency Beach Supply (14.32).

14.32 A: "This capability may be called for on any WA turn that begins with one or more enemy
units (not drawing FS) in any of the hexes adjacent to an invasion-port counter across an
unblocked hexside." A German unit drawing FS at that moment (state["fs"], fortress.py) does not
count.
B: no invasion that turn. C: corps and SUs come from the theater's holding box "up to the normal per-turn
capacity for the hex, into the hex with the invasion-port counter at any time during the WA
player-turn"; D: "instead of, not in addition to, normal sea movement capacities into a landing
hex" (one count of the hex's landings, sea.py). The example: the corps landed "cannot move or
attack further that turn".

Orders: `ebs: UNIT, at: HEX` with the Naval Movement orders or first in any later WA Operational
Movement file; in the attacker's answer after a prepared assault (the 14.32 example: "immediately
after advancing after combat") `ebs: {UNIT: HEX}`. state["ebs"]: the invasion-port hexes that
qualify this WA player-turn (marked at its start)."""

from __future__ import annotations

from ...gamedata import GameData
from . import boxes, fortress
from .common import army_of, board, enemies, grid, hexside, stacking_problem

ORDER = "an emergency beach supply landing is `ebs: UNIT, at: HEX` (14.32)"


def start_of_wa_turn(data: GameData, state: dict) -> None:
    """14.32 A: the counters with an enemy unit (not drawing FS) next to them across an unblocked
    hexside now."""
    g, on_fs = grid(data), set(fortress.on_fs(state))
    found = []
    for hex_id in state["invasion_ports"]["ashore"]:
        for n in g.neighbours(hex_id):
            if any(army_of(state, u) in enemies(state, "western") and u not in on_fs for u in board(state).units_in(n)) \
                    and not {"blocked", "lake"} & set(hexside(data, hex_id, n)):
                found.append(hex_id)
                break
    state["ebs"] = {"turn": state["turn"], "hexes": sorted(found), "used": False}


def qualifying(state: dict) -> list[str]:
    found = state.get("ebs")
    return list(found["hexes"]) if found and found["turn"] == state["turn"] and state["army"] == "western" else []


def used(state: dict) -> bool:
    found = state.get("ebs")
    return bool(found and found["turn"] == state["turn"] and found["used"])


def land_problem(data: GameData, trial: dict, unit_id: object, at: object) -> str | None:
    """14.32 A-D for one corps or SU; a legal one lands on `trial`."""
    from . import sea
    if not isinstance(unit_id, str) or not isinstance(at, str):
        return ORDER
    try:
        hex_id = grid(data).canonical(at)
    except ValueError as exc:
        return str(exc)
    if hex_id not in qualifying(trial):
        return (f"{hex_id} is not an invasion-port counter with an enemy unit next to it at the start of this WA "
                f"player-turn (14.32 A): {', '.join(qualifying(trial)) or 'none'}")
    if any(i["turn"] == trial["turn"] for i in trial.get("invasions", [])):
        return "no emergency beach supply on a turn with an invasion (14.32 B)"
    theater = boxes.coast_theater(data, trial, hex_id)
    if boxes.holds(trial, unit_id) != theater:
        return f"{unit_id} is not in the {theater} box (14.32 C: from the theater's holding box)"
    rec = sea.record(trial)
    why = sea.capacity_problem(data, trial, rec, unit_id, hex_id, "14.32 C-D, 14.25, 14.29") or sea.at_sea_problem(data, rec, unit_id)
    if why:
        return why
    crowd = stacking_problem(data, trial, "western", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (14.32 example)"
    trial["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": trial["boxes"][str(theater)].pop(unit_id)}
    sea.count_landing(data, rec, unit_id, hex_id)
    rec["units"].append(unit_id)                 # it moves and attacks no further (sea.done_problem)
    trial["sea"] = rec
    trial["ebs"] = {**trial["ebs"], "used": True}
    return None


def order_problem(data: GameData, trial: dict, order: dict) -> str | None:
    if set(order) != {"ebs", "at"}:
        return ORDER
    return land_problem(data, trial, order["ebs"], order["at"])


def answer_problem(data: GameData, trial: dict, landings: object) -> str | None:
    """`ebs: {UNIT: HEX}` in the attacker's answer."""
    if not isinstance(landings, dict):
        return "emergency beach supply in an answer is `ebs: {UNIT: HEX}` (14.32)"
    for unit_id, hex_id in sorted(landings.items()):
        why = land_problem(data, trial, str(unit_id), hex_id)
        if why:
            return why
    return None


def event(state: dict, unit_id: str) -> dict:
    return {"event": "ebs", "unit": unit_id, "at": state["units"][unit_id]["hex"], "rule": "14.32"}
