"""End of the Iron Dream, behaviour 2: the Warsaw uprising (26.6.9; 7.5 B), Iron Dream only.

Watched after every step (Warsaw's hex: map.places.warsaw.hex, required at set-up):
- A: it begins the instant a Soviet unit comes within two hexes of Warsaw (the Polish Home Army
  counter is a marker: no ZOC, no steps, E) and lasts four consecutive turns, that turn included;
- B: each turn after the one it erupts in, while it lasts, fewer than two steps of German units
  in Warsaw at the end of the turn cost Germany 2 VPs;
- C: a Soviet unit entering or assaulting Warsaw, or Warsaw cut off from German GS, while it
  lasts: the VPs of its eventual liberation go to the WA;
- D: no German reinforcement ever enters through Warsaw once it started (7.5 B);
- F: with two players, the Soviets liberating Warsaw while it lasts also lose 5 VPs."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData
from ...kit import numbers
from .common import counter, grid
from .supply_play import LHJ, control, lines
from .victory import VALUES, add, ledger, two_player

PLACE = "map.places.warsaw.hex"


def hex_of(data: GameData) -> str:
    """Read once per data: two watchers ask at every step (issue 13)."""
    return data.derived("eid.warsaw_hex", lambda: grid(data).canonical(numbers.text(data, PLACE, "the hex of Warsaw (26.6.9)")))


def validate(data: GameData, state: dict) -> None:
    if state["scenario"] == LHJ:
        return
    hex_of(data)
    for key in ("warsaw_rebellion_turns", "warsaw_german_short", "warsaw_german_steps_needed", "warsaw_two_player_soviet"):
        numbers.integer(data, f"{VALUES}.{key}", f"26.6.9 {key}")


def uprising(state: dict) -> dict | None:
    found = ledger(state).get("warsaw") if "victory" in state else None
    return found if isinstance(found, dict) else None


def lasting(data: GameData, state: dict) -> bool:
    found = uprising(state)
    turns = numbers.integer(data, f"{VALUES}.warsaw_rebellion_turns", "the turns of the Warsaw uprising (26.6.9 A)")
    return found is not None and found["from"] <= state["turn"] < found["from"] + turns


def watch(data: GameData, state: dict, events: list, owner: dict[str, str] | None = None) -> None:
    """After every step: A the start; C the WA's claim; F the two-player penalty. `owner`: `control`
    of this state, when the caller has it."""
    if state["scenario"] == LHJ:
        return
    warsaw, g = hex_of(data), grid(data)
    soviets = [u for u in state["units"].values() if u["side"] == "soviet"]
    if uprising(state) is None:
        if any(g.distance(u["hex"], warsaw) <= 2 for u in soviets):
            ledger(state)["warsaw"] = {"from": state["turn"], "to_wa": False, "liberated": False}
            events.append({"event": "uprising", "hex": warsaw, "turn": state["turn"], "rule": "26.6.9 A"})
        return
    found = uprising(state)
    if found is None or not lasting(data, state):
        return
    assaulted = any(e["event"] == "assault" and warsaw in e.get("hexes", [e["hex"]])
                    and any(str(counter(data, a)["side"]) == "soviet" for a in e["attackers"]) for e in events)
    cut = warsaw not in lines(data, state, "axis", owner)[4]
    if not found["to_wa"] and (assaulted or cut or any(u["hex"] == warsaw for u in soviets)):
        found["to_wa"] = True
        events.append({"event": "uprising_claim", "hex": warsaw, "rule": "26.6.9 C"})
    if two_player(state) and not found["liberated"] and (control(data, state) if owner is None else owner).get(warsaw) == "soviet":
        found["liberated"] = True
        vp = numbers.integer(data, f"{VALUES}.warsaw_two_player_soviet", "the Soviet penalty (26.6.9 F)")
        events.append(add(state, "soviet", Fraction(vp), "26.6.9 F", "Warsaw liberated during the uprising", warsaw))


def end_of_turn(data: GameData, state: dict, events: list) -> None:
    """26.6.9 B: from the turn after the eruption, while it lasts."""
    found = uprising(state)
    if state["scenario"] == LHJ or found is None or state["turn"] == found["from"] or not lasting(data, state):
        return
    warsaw = hex_of(data)
    steps = sum(u["steps"] for u in state["units"].values() if u["side"] == "axis" and u["hex"] == warsaw)
    if steps < numbers.integer(data, f"{VALUES}.warsaw_german_steps_needed", "the German steps Warsaw needs (26.6.9 B)"):
        vp = numbers.integer(data, f"{VALUES}.warsaw_german_short", "the German penalty (26.6.9 B)")
        events.append(add(state, "axis", Fraction(vp), "26.6.9 B", f"{steps} German step(s) in Warsaw", warsaw))


def to_wa(state: dict) -> bool:
    """26.6.9 C: Warsaw's VPs go to the WA."""
    found = uprising(state)
    return found is not None and bool(found["to_wa"])


def closed(state: dict) -> bool:
    """26.6.9 D, 7.5 B: Warsaw is no German entry once the uprising started."""
    return uprising(state) is not None
