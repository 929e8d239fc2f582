"""End of the Iron Dream, behaviour 3: Let History Judge's Yugoslav neutrality (27.7).

- A: the NATO unit(s) set up in Trieste (27.4 D; Trieste lies in Yugoslavia, 27.3 F) that are on
  the map outside Yugoslavia at the end of the first NATO player-turn make Yugoslavia neutral: the
  Yugoslavs still move inside their country, their ZOCs stay inside it (20.2 C, always), and they
  may not assault until NATO violates the neutrality. pbem reads a violation as a NATO unit
  entering a Yugoslav hex, or a NATO assault on Yugoslav units (a reading: the text names none);
- B: Yugoslavia neutral throughout: Belgrade's VPs are not counted in the NATO total (27.10).
The record: state["neutrality"] = {"trieste": [UNIT, ...], "neutral": bool | None, "violated": turn | None}."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, grid, plays
from .supply_play import LHJ


def record(state: dict) -> dict | None:
    found = state.get("neutrality")
    return found if isinstance(found, dict) else None


def setup(data: GameData, state: dict) -> None:
    """At set-up: the NATO units in Trieste (27.4 D)."""
    if not plays(data, 3) or state["scenario"] != LHJ:
        return
    trieste = grid(data).canonical(numbers.text(data, "map.places.trieste.hex", "the hex of Trieste (27.4 D, 27.7 A)"))
    units = sorted(k for k, u in state["units"].items() if u["side"] == "western" and u["hex"] == trieste)
    state["neutrality"] = {"trieste": units, "neutral": None, "violated": None}


def end_of_nato_turn(data: GameData, state: dict, events: list) -> None:
    """27.7 A, at the end of the first NATO player-turn."""
    book = record(state)
    if book is None or book["neutral"] is not None or state["army"] != "western":
        return
    from .yugoslavia import hexes
    inside = hexes(data)
    pulled = bool(book["trieste"]) and all(u in state["units"] and state["units"][u]["hex"] not in inside for u in book["trieste"])
    book["neutral"] = pulled
    if pulled:
        events.append({"event": "yugoslav_neutrality", "units": book["trieste"], "rule": "27.7 A"})


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: NATO violating the neutrality."""
    book = record(state)
    if book is None or book["neutral"] is not True or book["violated"] is not None:
        return
    from .yugoslavia import hexes
    inside = hexes(data)
    entered = any(u["side"] == "western" and u["hex"] in inside for u in state["units"].values())
    attacked = any(e.get("event") == "assault" and nato(data, state, e.get("attackers", []))
                   and any(unwrap(counter(data, u).get("nation")) == "yugoslav" for u in e.get("defenders", []))
                   for e in events)
    if entered or attacked:
        book["violated"] = state["turn"]
        events.append({"event": "yugoslav_neutrality_violated", "turn": state["turn"], "rule": "27.7 A"})


def nato(data: GameData, state: dict, units: list[str]) -> bool:
    """Whether NATO made the assault (its units may be gone since; a Freikorps is a German counter)."""
    return any(state["units"][u]["side"] == "western" if u in state["units"] else str(counter(data, u)["side"]) == "western"
               for u in units)


def neutral_now(state: dict) -> bool:
    book = record(state)
    return book is not None and book["neutral"] is True and book["violated"] is None


def assault_problem(state: dict, unit_id: str) -> str | None:
    """27.7 A: neutral Yugoslavs "could not assault until such time as NATO violated their neutrality"."""
    if neutral_now(state):
        return f"{unit_id} may not assault: Yugoslavia is neutral until NATO violates its neutrality (27.7 A)"
    return None


def belgrade_barred(state: dict) -> bool:
    """27.7 B: "If Yugoslavia remains neutral throughout the game, the VPs for Belgrade cannot be
    counted in the NATO total"."""
    return neutral_now(state)
