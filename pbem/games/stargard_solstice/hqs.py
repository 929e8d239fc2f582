"""12.2 HQs: relocation by their owner, a signed answer (`relocate: HQ, to: HEX`).

An HQ is relocated when every combat unit stacked with it at the start of a combat is
eliminated by that combat (12.2.1), and when it is out of supply at the end of a Supply Phase
(12.2.2, 11.3.1). 12.2.2: "The relocation distance must be the shortest possible while meeting
the following requirements: at least 5 hexes from the hex in which the HQ was located; as close
as possible to a friendly supply source; not in an EZOC; able to trace a supply line". pbem
reads it as: among the hexes at least 5 away, outside EZOCs, free of enemy units and of another
HQ (6.3), from which the HQ traces a supply line, those nearest a friendly source; among them
the nearest to the old hex; the owner picks among what is left. With none, the owner answers
`to: off_map` and the HQ leaves the map (it "enters as a reinforcement on the following turn":
reinforcements are not built yet). The legal hexes are worked out in the answer's check, never
in the step that makes the relocation necessary (that step may have rolled a die)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import board, canonical, grid, hexes, is_hq, other, side_of, terrain, zoc_of

RELOCATE = "`relocate: HQ, to: HEX` (12.2.2; `to: off_map` when no hex qualifies)"


def legal_hexes(data: GameData, state: dict, hq: str) -> list[str]:
    """The hexes the HQ may be relocated to (12.2.2, read as the module docstring says)."""
    from .supply import sources, supplied_hexes
    side, old = side_of(state, hq), state["relocations"][0]["from"]
    g = grid(data)
    least = numbers.integer(data, "module.hq_relocation_min_distance", "the least distance of an HQ's relocation (12.2.2)")
    goal = frozenset(sources(data, state, hq))
    supplied = supplied_hexes(data, state, side, goal)
    ezoc = zoc_of(data, state, other(side))
    b = board(state)
    fit = []
    for hex_id in sorted(hexes(data)):
        if g.distance(old, hex_id) < least or hex_id not in supplied or hex_id in ezoc or b.enemies_in(hex_id, side):
            continue
        if any(is_hq(data, u) and u != hq for u in b.units_in(hex_id)):
            continue
        if terrain(data, hex_id) == "water":
            continue
        fit.append(hex_id)
    if not fit:
        return []
    near = {h: min(g.distance(h, s) for s in goal) for h in fit}
    fit = [h for h in fit if near[h] == min(near.values())]
    far = {h: g.distance(old, h) for h in fit}
    return [h for h in fit if far[h] == min(far.values())]


def queue(state: dict, hq: str, from_hex: str, why: str, after: str) -> None:
    state.setdefault("relocations", []).append({"hq": hq, "from": from_hex, "why": why})
    state.setdefault("after_relocation", after)


def next_relocation(state: dict) -> bool:
    """Await the next HQ's relocation; False when none is left (the caller goes on)."""
    while state.get("relocations") and state["relocations"][0]["hq"] not in state["units"]:
        state["relocations"].pop(0)
    if state.get("relocations"):
        state["phase"] = "relocate"
        return True
    return False


def check_relocation(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    item = state["relocations"][0]
    if len(orders) != 1 or str(orders[0].get("relocate")) != item["hq"] or "to" not in orders[0]:
        return [Problem(0 if len(orders) == 1 else None, f"relocate {item['hq']} ({item['why']}): {RELOCATE}")]
    if state["after_relocation"] == "turn_end" and len(state["relocations"]) == 1:
        from .supply import turn_end_check
        turn_end_check(data, state)
    legal = legal_hexes(data, state, item["hq"])
    if not legal:
        return [] if orders[0]["to"] == "off_map" else [Problem(0, f"no hex meets 12.2.2 for {item['hq']}: `to: off_map` "
                                                                   "(it enters as a reinforcement next turn, 12.2.2)")]
    to = canonical(data, orders[0]["to"])
    if to not in legal:
        return [Problem(0, f"{item['hq']} may be relocated to {', '.join(legal)}, not {to} (12.2.2: at least 5 hexes away, "
                           f"outside EZOCs, tracing supply, nearest a friendly source, then nearest its old hex)")]
    return []


def apply_relocation(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .soviet_rp import after_reinforcements
    item = state["relocations"].pop(0)
    if orders[0]["to"] == "off_map":
        unit = state["units"].pop(item["hq"])
        state.setdefault("hq_off_map", []).append({"hq": item["hq"], "side": unit["side"], "turn": state["turn"] + 1})
        events: list[dict] = [{"event": "hq_off_map", "hq": item["hq"], "rule": "12.2.2"}]
    else:
        to = canonical(data, orders[0]["to"])
        state["units"][item["hq"]]["hex"] = to
        events = [{"event": "relocated", "hq": item["hq"], "from": item["from"], "to": to, "why": item["why"]}]
    if next_relocation(state):
        return events
    after = state.pop("after_relocation")
    state.pop("relocations", None)
    if after == "turn_end":
        from .reinforcements import start
        if not start(data, state, events):                   # 2.5 the Reinforcement Phase, 2.5.1, then 2.6
            after_reinforcements(data, state, events)
    else:
        state["phase"] = after
    return events
