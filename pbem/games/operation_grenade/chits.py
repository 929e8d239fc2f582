"""Strength chits (8.0): drawn at random from the pool of the unit's morale at its first combat
(8.33, 8.41), front up (8.35); the Combat Strength they give by combat class (8.34); returned to
the pool when the unit becomes a cadre or is eliminated (8.52). The steps a chit gives: 9.82."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from . import secret, supply

if TYPE_CHECKING:
    from .game import OperationGrenade


def strength(game: OperationGrenade, data: GameData, state: dict, unit_id: str, role: str | None = None) -> int:
    """The Combat Strength; with role 'attack' or 'defence', after the supply effects (11.33, 11.42)."""
    printed = printed_strength(game, data, state, unit_id)
    return printed if role is None else supply.combat_strength(game, data, state, unit_id, printed, role)


def printed_strength(game: OperationGrenade, data: GameData, state: dict, unit_id: str) -> int:
    unit = state["units"][unit_id]
    if unit["form"] == "cadre":
        return int(game.counter_value(data, unit_id, "cadre.strength", "the cadre Combat Strength (10.0)"))
    if not game.uses_chit(data, state, unit_id):
        return int(game.counter_value(data, unit_id, "strength", "the printed Combat Strength (8.6)"))
    if secret.dealt(state):
        return secret.shown_strength(state, unit_id)        # 8.42: what its owner showed at the combat
    drawn = chit(data, game.counter_value(data, unit_id, "morale", "the morale rating (8.2)"), unit["chit"])
    return face_strength(game, data, unit_id, drawn, unit["form"])


def face_strength(game: OperationGrenade, data: GameData, unit_id: str, drawn: dict, form: str) -> int:
    """8.34: the number beside the unit's combat class, on the side in use (8.35: the back once reduced)."""
    face = "back" if form == "reduced" else "front"
    return int(drawn[face][game.counter_value(data, unit_id, "class", "the combat class (8.1)")])


def pool(data: GameData, morale: Any) -> list:
    found = data.get(f"chits.strength_chits.pools.{morale}.chits", f"the strength chits of morale pool {morale} (8.32)")
    if not isinstance(found, list) or not found:
        raise UnknownDataError(f"chits.strength_chits.pools.{morale}.chits", f"the strength chits of morale pool {morale}",
                               "strength chit counters", data.override_file)
    return found


def chit(data: GameData, morale: Any, chit_id: str) -> dict:
    found = [c for c in pool(data, morale) if c["id"] == chit_id]
    if not found:
        raise PbemError(f"no strength chit {chit_id!r} in morale pool {morale} (chits.strength_chits.pools.{morale}.chits, 8.32)",
                        data.override_file)
    return found[0]


def steps_of(data: GameData, front: int) -> int:
    """9.82: a chit of Combat Strength three or more gives three steps, two or less two."""
    threshold = numbers.integer(data, "units.steps.three_steps_from_chit_strength", "the chit strength that gives three steps (9.82)")
    key = "chit_front_strength_3_or_more" if front >= threshold else "chit_front_strength_2_or_less"
    return numbers.integer(data, f"units.steps.{key}", "the steps of a unit with a strength chit (9.82)")


def three_steps(data: GameData) -> int:
    return numbers.integer(data, "units.steps.chit_front_strength_3_or_more", "the steps of a unit with a strong chit (9.82)")


def draw_chit(game: OperationGrenade, data: GameData, state: dict, unit_id: str, dice: Dice, events: list, rule: str = "8.33") -> None:
    """8.33: at random from the pool of the unit's morale; 8.35: front up; 9.82: 3 or 2 steps."""
    if secret.dealt(state):
        secret.draw(game, data, state, unit_id, events, rule)             # behaviour 3: dealt in secret
        return
    morale = str(game.counter_value(data, unit_id, "morale", "the morale rating (8.2)"))
    free = [c["id"] for c in pool(data, morale) if c["id"] not in state["pools_out"][morale]]
    if not free:
        raise PbemError(f"morale pool {morale} is empty: every chit is under a unit (8.32)")
    pick = free[dice.roll(f"chit/{unit_id}", len(free), about=f"strength chit for {unit_id} (8.33)") - 1] if len(free) > 1 else free[0]
    state["pools_out"][morale].append(pick)
    unit = state["units"][unit_id]
    unit["chit"], unit["form"] = pick, "front"
    front = int(chit(data, morale, pick)["front"][game.counter_value(data, unit_id, "class", "the combat class (8.1)")])
    unit["steps"] = steps_of(data, front)                                     # 9.82
    events.append({"event": "chit", "unit": unit_id, "side": unit["side"], "pool": morale, "chit": pick, "rule": rule})


def has_chit(state: dict, unit_id: str) -> bool:
    """The unit holds a strength chit (drawn and not yet returned, 8.52)."""
    unit = state["units"][unit_id]
    return "card" in unit if secret.dealt(state) else bool(unit.get("chit"))


def return_chit(game: OperationGrenade, data: GameData, state: dict, unit_id: str, events: list) -> None:
    unit = state["units"][unit_id]
    if secret.dealt(state):
        secret.give_back(state, unit_id, events)                       # 8.52, dealt in secret
        return
    morale = str(game.counter_value(data, unit_id, "morale", "the morale rating (8.2)"))
    state["pools_out"][morale].remove(unit["chit"])                         # 8.52
    unit["chit"] = None
    unit.pop("steps", None)
