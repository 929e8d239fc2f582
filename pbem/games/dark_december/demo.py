"""The Dark December demonstration campaign (`pbem demo --game dark-december`, bundled as
examples/dark-december-demo/campaign): Turning Point from AM 20 December, one full Game-Turn on
the made-up data of examples/dark-december-demo/ (DEMONSTRATION DATA, labelled so in the file and
in every report). It shows a reserve and its reaction (7.1.4), a counterattack (13.5.5), the
owner's retreat choice (13.5.1, 13.6), a victorious defender's advance (13.7.5), two bridge
demolition attempts (16.1) and the fuel rolls with the Allies' division choice (8.7.1 A)."""

from __future__ import annotations

from typing import Any, cast

from ...errors import PbemError
from ..base import DemoPlan

SEATS = ("german", "allies")

ORDERS: list = [
    ("german", []),                                   # the Supply Determination Phase: the fuel roll (8.7)
    ("german", [{"reserve": "ger-pz1"}, {"move": "ger-inf1", "path": ["1311", "1211"]}]),
    ("german", [{"attack": "1111", "with": ["ger-inf1"]}]),
    ("german", [{"demolish": "1312|1313", "by": "ger-inf2"}]),
    ("allies", [{"move": "us-inf2", "path": ["1013", "1012"]}]),
    ("allies", []),
    ("allies", [{"demolish": "1113|1114", "by": "us-eng1"}, {"fuel_choice": ["ger-demo-pz"]}]),
]


def respond(campaign: Any, state: dict) -> list:
    """The answers of the demo: the German reserve reacts, no declarations, the counterattack on every
    attacking hex, the longest retreat away from the enemy, the victorious defender advances."""
    if state["phase"] == "reaction":
        return [{"move": "ger-pz1", "path": ["1412", "1312"]}]
    if state["phase"] == "declare":
        return []
    if state["phase"] == "fuel_pick":
        return [{"deplete": "ger-demo-pz"}]
    due = state["pending"]
    if due["kind"] == "CA":
        return [{"counterattack": due["hexes"]}]
    if due["kind"] == "FF":
        return [{"lose": due["units"][0]}]
    if due["kind"] == "advance":
        first = sorted(due["vacated"])[0]
        return [{"advance": due["units"][0], "path": [first]}]
    if due["kind"] == "loss" and due["hex"] == "1211":
        return [{"choose": "retreat2", "losses": [], "path": ["1311", "1411"]}]
    raise PbemError(f"demo: no planned answer for {due}")


def bench_orders(campaign: Any, waiting: dict, state: dict, rng: Any) -> list | None:
    """The benchmarks' long game: a legal, quiet policy (no moves, no attacks, no demolitions; Germany names
    the fuel divisions the roll calls for, 8.7.1 B; every pause answered with its first legal answer)."""
    from .fuel import eligible
    if waiting.get("done"):
        return None
    if waiting["kind"] == "response":
        due = state.get("pending") or {}
        if state["phase"] in ("reaction", "declare", "fuel_pick") or due.get("kind") == "advance":
            return []
        if due.get("kind") == "CA":
            return [{"counterattack": due["hexes"][:1]}]
        if due.get("kind") in ("FF", "air"):
            return [{"lose": due["units"][0]}]
        if due.get("kind") == "displace":                                 # 15.5 D: the first equidistant hex
            return [{"displace": leader, "to": hexes[0]} for leader, hexes in due["leaders"].items()]
        raise PbemError(f"benchmark: no answer for {due}")
    if state["phase"] == "movement" and state["side"] == "german" and state["fuel_due"]:
        return [{"fuel": d} for d in eligible(campaign.data, state)[:state["fuel_due"]]]
    return []


def plan() -> DemoPlan:
    return DemoPlan("dark-december-demo", "turning-point", SEATS, "Dark December demo (demonstration data)",
                    ORDERS, respond, cast(Any, bench_orders), {"reserves": "true"})
