"""The German parachute drop (19.0): on AM 17 December (26.5 B: the first Game-Turn) Germany must drop
von der Heydte (`special.parachute_drop.unit_id`, the campaign's counter id) before movement, with its
movement orders (`drop: UNIT` / `at: HEX`), onto a clear hex free of enemy units and enemy ZOCs (19.2 A);
a die on the Paradrop Table gives the steps it loses (19.2 B); it may not move that Game-Turn (19.2 C) nor
attempt to demolish bridges (19.4), and it is supplied through PM 18 December (19.3)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import board, enemy_zoc, full_steps, mapdata, turn_label, turn_of

PATH = "special.parachute_drop"


def unit(data: GameData) -> str:
    return numbers.text(data, f"{PATH}.unit_id", "the counter id of von der Heydte (19.1)")


def due(data: GameData, state: dict) -> bool:
    """19.1 AM 17 December; 26.5 B on the first turn of the game; once (19.2 D: no other air drop)."""
    if state["side"] != "german" or state.get("paradropped"):
        return False
    when = 1 if "26.5" in state["options"]["variants"] else turn_of(data, numbers.text(data, f"{PATH}.drop_turn", "the drop turn (19.1)"))
    if state["turn"] != when:
        return False
    paratroop = unit(data)                                  # refuses naming special.parachute_drop.unit_id if unknown
    return paratroop not in state["units"] and paratroop not in state["eliminated"]


def check(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    drops = [(i, o) for i, o in enumerate(orders) if "drop" in o]
    if not due(data, state):
        return [Problem(i, f"no parachute drop on {turn_label(data, state['turn'])} (19.1, 19.2 D)") for i, _ in drops]
    paratroop = unit(data)
    if len(drops) != 1 or drops[0][1]["drop"] != paratroop:
        return [Problem(None, f"Germany must drop {paratroop} this Game-Turn: `drop: {paratroop}` / `at: HEX` (19.1)")]
    index, order = drops[0]
    at = order.get("at")
    hexes = mapdata(data)
    if not isinstance(at, str) or not hexes.listed(at):
        return [Problem(index, f"`at:` is a hex of the map, not {at!r} (19.2 A)")]
    at = hexes.grid.canonical(at)
    clear = numbers.text(data, f"{PATH}.terrain", "the drop terrain (19.2 A)")
    if hexes.terrain(at) != clear or hexes.info(at).get("town") or board(state).enemies_in(at, side) or at in enemy_zoc(data, state, side):
        return [Problem(index, f"the drop is onto a {clear} hex not occupied by an enemy unit or enemy ZOC; {at} is not (19.2 A)")]
    if any(o.get("move") == paratroop for o in orders):
        return [Problem(index, f"{paratroop} may not move the Game-Turn it is dropped (19.2 C)")]
    return []


def apply(data: GameData, state: dict, side: str, orders: list, dice: Any, events: list) -> None:
    from .answers import lose_step
    for order in orders:
        if "drop" not in order:
            continue
        unit_id, at = order["drop"], mapdata(data).grid.canonical(order["at"])
        state["units"][unit_id] = {"side": "german", "hex": at, "steps": full_steps(data, unit_id), "reserve": False}
        state["units"] = dict(sorted(state["units"].items()))
        state["paradropped"], state["dropped"], state["dropped_unit"] = True, unit_id, unit_id
        table = data.get(f"{PATH}.survival_results", "the Paradrop Table (19.2 B)")
        face = dice.roll(f"paradrop/{state['turn']}", 6, about=f"{unit_id} drops on {at} (19.2 B)")
        lost = int(table[str(face)] if str(face) in table else table[face])
        events.append({"event": "paradrop", "unit": unit_id, "hex": at, "face": face, "steps_lost": lost})
        for _ in range(lost):
            if unit_id in state["units"]:
                lose_step(data, state, unit_id, events, "the parachute drop (19.2 B)")


def supplied(data: GameData, state: dict, unit_id: str) -> bool:
    """19.3: considered supplied through to the PM 18 December game turn."""
    return unit_id == state.get("dropped_unit") and state["turn"] <= turn_of(data, numbers.text(data, f"{PATH}.supplied_through", "19.3"))
