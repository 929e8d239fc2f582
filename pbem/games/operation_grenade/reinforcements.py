"""Reinforcements: general entry (14.0), the fixed US schedule (27.3), variable German (23.0).

state["reinforcements"] maps each unit not yet on the map to {side, turn, entry}: it may enter
from Game-Turn `turn` on, at hex `entry` (14.11)."""

from ...errors import PbemError


def fixed_schedule(data, scenario: dict) -> dict:
    """27.31, 27.32: the US divisions, all at entry hex A (27.33)."""
    entry = str(data.get("reinforcements.us_fixed.entry_hex", "the US entry hex (27.33)")["value"])
    schedule = scenario["scenario"]["reinforcements"]["us"]["schedule"]
    return {u: {"side": "allied", "turn": int(e["game_turn"]), "entry": entry} for e in schedule for u in e["units"]}


def roll_variable(game, data, state, dice, events) -> None:
    """23.0: three rolls at the start of each German Movement Phase (to be built: see issue 5 notes)."""


def entry_problem(game, data, state, side, unit_id, path) -> str | None:
    due = state["reinforcements"].get(unit_id)
    if due is None or due["side"] != side:
        return f"{unit_id} is not a {side} reinforcement waiting to enter"
    if state["turn"] < due["turn"]:
        return f"{unit_id} enters on Game-Turn {due['turn']} or later (14.22, 27.3)"
    if path[0] != due["entry"]:
        return f"{unit_id} enters at {due['entry']} (14.11)"
    if game.side_in(state, path[0]) not in (None, side):
        raise PbemError(f"entry hex {path[0]} is held by the enemy: entering nearby (14.21) is not built yet")
    return None


def entry_cost(game, data, state, unit_id, entry_hex) -> int:
    """14.11: a reinforcement pays the terrain cost of the entry hex itself."""
    return game.terrain_cost(data, state, unit_id, entry_hex)
