"""26.10 XXX Corps Does Not Arrive (campaigns of behaviour 3; the Meuse is group data, `map.rivers.meuse`).

A no British unit arrives until Germany has crossed the Meuse with a combat unit (a German unit other than a
leader on its west side, read as in 10.9.1 A, DD14) or more than 35 US units are destroyed (eliminated or
reformed, as 10.9.1 B counts them); B then the British units scheduled until the following Allied player turn
all enter in it, at their own entry areas, the later ones on their own turns; C the 10.9 release restrictions
still bind them (restricted counters stay restricted). Judged at the end of each player turn."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import counter, in_class

PATH = "variants.variants.26_10"


def on(state: dict) -> bool:
    return "xxx_corps" in state


def set_aside(data: GameData, state: dict) -> None:
    """Set-up: the British reinforcements wait (26.10 A)."""
    held = {}
    for unit_id, turn in sorted(state["reinforcements"].items()):
        nationality = numbers.text(data, f"units.counters.{unit_id}.nationality", f"the nationality of {unit_id} (26.10 A)")
        if nationality == "british":
            held[unit_id] = turn
            del state["reinforcements"][unit_id]
    state["xxx_corps"] = held


def condition(data: GameData, state: dict) -> bool:
    """26.10 A: a German combat unit west of the Meuse, or more than 35 US units destroyed."""
    destroyed = {u for u in [*state["eliminated"], *state["reformed"]]
                 if counter(data, u)["side"] == "allies" and counter(data, u).get("nationality") == "us"}
    if len(destroyed) > numbers.integer(data, f"{PATH}.us_units_destroyed_over", "the destroyed US units that bring XXX Corps (26.10 A)"):
        return True
    from .restricted import west_side
    west = west_side(data, "meuse")
    return any(v["side"] == "german" and v["hex"] in west and not in_class(data, u, "leader") for u, v in state["units"].items())


def judge(data: GameData, state: dict, events: list) -> None:
    """At the end of a player turn: once the condition holds, the held British units are due the following
    Allied player turn (this Game-Turn's after the German player turn, the next one's after the Allied)."""
    if not on(state) or not state["xxx_corps"] or not condition(data, state):
        return
    due = state["turn"] + (1 if state["side"] == "allies" else 0)
    for unit_id, turn in sorted(state["xxx_corps"].items()):
        state["reinforcements"][unit_id] = max(turn, due)
    events.append({"event": "xxx_corps", "units": sorted(state["xxx_corps"]), "turn": due})
    state["xxx_corps"] = {}
