"""End of the Iron Dream, behaviour 2: the German economy in play (16.x) — the liberation of the
secondary economic hexes (4.8, 16.6 A), the collapse "even for an instant" (16.7) watched after
every step of every player-turn, and the Axis answer that follows it: where the Alpenfestung
(26.6.6 A) and the 12th Army (25.9 B) go, a signed `response` of the Axis seat (asked only when
Germany has a choice), after which the interrupted phase goes on. Iron Dream only: Let History
Judge has no Axis (27.0).

The hexes come from the data, never guessed: Berlin and the Ruhr (15.12), Ploesti and
Nagykanizsa (map.places.NAME.hex), Munich (map.places.munich.hex; the three mountain hexes next
to it, 26.6.6 A, are its mountain neighbours), the 12th Army's counter
(special.special_units.german_12th_army_counter, 28.2 prints no line for it)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from . import economy
from .common import ALLIANCE, full_steps, grid, mapdata, seat_of, stacking_problem
from .supply_play import LHJ, control

COUNTER = "special.special_units.german_12th_army_counter"


def economy_of(state: dict) -> dict:
    return state.setdefault("economy", {"collapsed": None, "liberated": []})


def watch(data: GameData, state: dict, events: list, owner: dict[str, str] | None = None) -> bool:
    """After every step: 4.8 a secondary hex the Alliance controls is liberated for good (16.6 A);
    16.7 Berlin or the Ruhr lost, or no German-controlled line between them: the collapse, then
    the Axis answer (26.6.6 A, 25.9 B) unless Germany has no choice. `owner`: `control` of this
    state, when the caller has it. True when the collapse came now (the units may have changed)."""
    if state["scenario"] == LHJ or state.get("game_over"):
        return False
    econ = economy_of(state)
    owner = control(data, state) if owner is None else owner
    for name in ("berlin", "ruhr"):
        mapdata(data).info(economy.economic_hex(data, name))       # on the map, or refused naming its path
    for name in economy.secondary_names(data):
        hex_id = economy.economic_hex(data, name)
        mapdata(data).info(hex_id)
        if owner.get(hex_id) in ALLIANCE and name not in econ["liberated"]:
            econ["liberated"] = sorted([*econ["liberated"], name])
            events.append({"event": "liberated", "place": name, "hex": hex_id, "rule": "4.8, 16.3-16.6"})
    german = {h for h, a in owner.items() if a == "axis"}
    if econ["collapsed"] is not None or not economy.collapse_triggered(data, grid(data), german):
        return False
    econ["collapsed"] = state["turn"]
    events.append({"event": "collapse", "turn": state["turn"], "rule": "16.7, 16.8"})
    ask = {"resume": state["phase"], "twelfth_army": twelfth_army_hexes(data, german),
           "alpenfestung": alpenfestung_hexes(data, german)}
    if len(ask["twelfth_army"]) <= 1 and len(ask["alpenfestung"]) <= 1:        # no choice: no round trip
        place(data, state, ask, (ask["twelfth_army"] or [None])[0], (ask["alpenfestung"] or [None])[0], events)
        return True
    state["collapse"] = ask
    state["phase"] = "collapse"
    return True


def validate(data: GameData, state: dict) -> None:
    """Behaviour 2, at set-up: what the collapse needs, since it may come in any step (16.7): the
    economic hexes on the map (in `watch`), Munich and the terrain next to it, the 12th Army's
    counter."""
    if state["scenario"] == LHJ:
        return
    alpenfestung_hexes(data, set())
    full_steps(data, numbers.text(data, COUNTER, "the 12th Army's counter id (25.9)"))


def twelfth_army_hexes(data: GameData, german: set[str]) -> list[str]:
    """25.9 B: the clear hexes nearest Berlin still German-controlled at the instant of collapse."""
    hexes = mapdata(data)
    clear = {h for h in german if hexes.terrain(h) == "clear"}
    if not clear:
        return []
    berlin, g = economy.economic_hex(data, "berlin"), grid(data)
    nearest = min(g.distance(berlin, h) for h in clear)
    return sorted(h for h in clear if g.distance(berlin, h) == nearest)


def alpenfestung_hexes(data: GameData, german: set[str]) -> list[str]:
    """26.6.6 A: the mountain hexes next to Munich that are German-controlled at the collapse."""
    munich = numbers.text(data, "map.places.munich.hex", "the hex of Munich (26.6.6)")
    hexes = mapdata(data)
    mountains = {h for h in grid(data).neighbours(munich) if hexes.listed(h) and hexes.terrain(h) == "mountain"}
    return sorted(mountains & german)


def place(data: GameData, state: dict, ask: dict, twelfth: str | None, fortress: str | None, events: list) -> None:
    """25.9 B the 12th Army at full strength (its counter from the data), 26.6.6 A the Alpenfestung
    marker (no ZOC, no stacking, 26.6.6 B); then the interrupted phase goes on."""
    if twelfth is not None:
        unit_id = numbers.text(data, COUNTER, "the 12th Army's counter id (25.9)")
        state["units"][unit_id] = {"side": "axis", "hex": twelfth, "steps": full_steps(data, unit_id)}
        events.append({"event": "placed", "unit": unit_id, "hex": twelfth, "why": "the 12th Army at the collapse (25.9 B)"})
    else:
        events.append({"event": "not_placed", "unit": "12th Army", "why": "no German-controlled clear hex is left (25.9 B)"})
    if fortress is not None:
        state["alpenfestung"] = fortress
        events.append({"event": "placed", "unit": "Alpenfestung", "hex": fortress, "why": "26.6.6 A"})
    else:
        events.append({"event": "not_placed", "unit": "Alpenfestung",
                       "why": "no mountain hex next to Munich is German-controlled (26.6.6 A)"})
    state["phase"] = ask["resume"]


# -- the Axis answer -------------------------------------------------------------------------
ANSWER = "`twelfth_army: HEX` (25.9 B) and `alpenfestung: HEX` (26.6.6 A)"


def axis_seat(state: dict) -> str:
    """The Axis seat answers (26.7: the west front commander outside the Axis player-turn)."""
    return seat_of(state, "axis")


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    ask = state["collapse"]
    order = {"twelfth_army": (ask["twelfth_army"] or [None])[0], "alpenfestung": (ask["alpenfestung"] or [None])[0]}
    return {"orders": [{k: v for k, v in order.items() if v is not None}],
            "notes": [ANSWER, f"12th Army: {', '.join(ask['twelfth_army']) or 'none'}",
                      f"Alpenfestung: {', '.join(ask['alpenfestung']) or 'none'}"]}


def check_answer(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or set(orders[0]) - {"twelfth_army", "alpenfestung"}:
        return [Problem(None, f"one answer: {ANSWER}")]
    ask, order = state["collapse"], orders[0]
    problems = []
    if ask["twelfth_army"]:
        chosen = str(order.get("twelfth_army"))
        if chosen not in ask["twelfth_army"]:
            problems.append(Problem(None, f"the 12th Army goes on the clear German-controlled hex nearest Berlin: "
                                          f"{', '.join(ask['twelfth_army'])}, not {chosen} (25.9 B)"))
        else:
            unit_id = numbers.text(data, COUNTER, "the 12th Army's counter id (25.9)")
            full_steps(data, unit_id)
            crowd = stacking_problem(data, state, "axis", [unit_id], chosen)
            if crowd:
                problems.append(Problem(None, f"{crowd} (7.10)"))
    fortress = order.get("alpenfestung")
    problems += economy.alpenfestung_problems(set(ask["alpenfestung"]), set(ask["alpenfestung"]),
                                              None if fortress is None else str(fortress))
    return [Problem(0, p.message) for p in problems]


def apply_answer(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    ask = state.pop("collapse")
    order = orders[0]
    events: list[dict] = []
    fortress = order.get("alpenfestung")
    place(data, state, ask, str(order["twelfth_army"]) if ask["twelfth_army"] else None,
          None if fortress is None else str(fortress), events)
    return events
