"""End of the Iron Dream, behaviour 3: echeloned STAVKA Shock Front assaults (24.6-24.8).

The Soviet Prepared Assault file announces `{echelon: true}` after its burn-offs (24.6 B: "The SUs
are burned off at the normal time in the turn sequence, the echeloned assault is announced"),
each hex of the front's assaulters supplied by two burn-offs (24.6 A: "double the normal AS
requirement"). The front's assaults of the file are the first round; once they are resolved the
Soviets send the second round (phase `echelon`: attacks by the same front units, into the same
hex or others, 24.7 A; from the hexes they advanced into, taking their flags along, 24.7 C; odds
computed then, 24.7 B); an empty file cancels it (24.8 A: the SUs are not returned). A unit that
retreated in the first round is no longer under the flags (24.7 D). Both rounds come before the
file's other assaults (24.6 C)."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .common import plays

ORDER = "`echelon: true` after the burn-offs announces an echeloned Shock Front assault (24.6)"
SECOND = "the second round: `attack: [HEX, ...]` with `with: [UNIT, ...]` by the Shock Front's units, or no order (24.7, 24.8 A)"


def announced(orders: list) -> bool:
    return bool(orders) and set(orders[0]) == {"echelon"}


def problem(data: GameData, state: dict, order: dict, front_units: list[str]) -> str | None:
    """24.6 A-B: the Soviets, behaviour 3, a front in use, each assaulting front hex supplied twice."""
    if not plays(data, 3):
        return f"echeloned assaults are played from behaviour 3 (docs/upgrading.md): {ORDER}"
    if order.get("echelon") is not True:
        return ORDER
    if not front_units:
        return "an echeloned assault is the Shock Front's, in its Prepared Assault Phase (24.6 A): no front unit assaults"
    given = state.get("attack_supply", {})
    short = sorted({state["units"][u]["hex"] for u in front_units} - {h for h, kinds in given.items() if kinds.count("su") >= 2})
    if short:
        return f"an echeloned assault burns off double the AS: two SUs for {', '.join(short)} (24.6 A)"
    return None


def begin(state: dict, battles: list[dict], front_units: list[str]) -> list[dict]:
    """The first round now; the file's other battles wait for both rounds (24.6 C)."""
    first = [b for b in battles if set(b["with"]) <= set(front_units)]
    state["echelon"] = {"round": 1, "units": sorted(front_units), "rest": [b for b in battles if b not in first]}
    return first


def after_round(state: dict) -> bool:
    """After the first round the Soviets' second (True: the phase waits for it); after the
    second, the file's other battles."""
    found = state["echelon"]
    if found["round"] == 1 and any(u in state["units"] for u in found["units"]):
        state["phase"] = "echelon"
        return True
    state["battles"] = found["rest"]
    state.pop("echelon")
    return False


def units(state: dict) -> list[str]:
    """The front's units in the second round (they took their flags along, 24.7 C)."""
    found = state.get("echelon")
    return [u for u in found["units"] if u in state["units"]] if found and found["round"] == 2 else []


def watch(state: dict, events: list) -> None:
    """24.7 D: "Shock Fronts never survive retreats": a front unit retreating leaves the echelon."""
    found = state.get("echelon")
    if found:
        gone = {e["unit"] for e in events if e["event"] == "retreat"}
        found["units"] = [u for u in found["units"] if u not in gone]


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    return {"orders": [], "notes": [SECOND, f"the front's units: {', '.join(state['echelon']['units'])}"]}


def check(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .assault import battle_problem, targets
    trial = {**state, "echelon": {**state["echelon"], "round": 2}}
    used: set[str] = set()
    waiting = {h for b in state["echelon"]["rest"] for h in b["hexes"]}        # 18.2 B: the file's other assaults
    for index, order in enumerate(orders):
        named = [str(u) for u in order.get("with", [])] if isinstance(order.get("with"), list) else []
        other = [u for u in named if u not in units(trial)]
        if other:
            return [Problem(index, f"{', '.join(other)}: not a unit of the Shock Front's echelon (24.6 B, 24.7 D)")]
        taken = sorted(waiting & set(targets(order))) if "attack" in order else []
        if taken:
            return [Problem(index, f"{', '.join(taken)} is the object of another announced assault (18.2 B)")]
        why = battle_problem(data, trial, order, used, set())
        if why:
            return [Problem(index, why)]
    return []


def apply(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .assault import next_battle, targets
    from .common import grid
    g = grid(data)
    state["echelon"]["round"] = 2
    state["battles"] = [{"hexes": [g.canonical(h) for h in targets(o)], "with": list(o["with"])} for o in orders]
    events: list[dict] = [{"event": "echelon", "round": 2, "battles": [dict(b) for b in state["battles"]], "rule": "24.6 B"}]
    if not orders:
        events[0]["why"] = "cancelled: the SUs are not returned (24.8 A)"
    next_battle(game, data, state, dice, events)
    return events

