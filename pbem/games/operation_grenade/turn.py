"""The Game-Turn (4.2): weather (24.1) and mud (24.2), the Player-Turns with supply (11.0), the
German strategic withdrawal roll (19.21) and variable reinforcements (23.0), and the end of the
game with its Victory Points (28.0)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import reinforcements, rhine, supply
from .common import parse_date

if TYPE_CHECKING:
    from .game import OperationGrenade


def begin_turn(game: OperationGrenade, data: GameData, state: dict, turn: int, dice: Dice, events: list) -> None:
    """A new Game-Turn: weather (24.11), then the Allied player-turn (4.2)."""
    if turn > 1:
        state["date"] = str(parse_date(state["date"]) + timedelta(days=1))
    state["turn"] = turn
    roll_weather(game, data, state, dice, events)
    begin_player_turn(game, data, state, "allied", dice, events)


def roll_weather(game: OperationGrenade, data: GameData, state: dict, dice: Dice, events: list) -> None:
    results = data.get("weather.table.results", "the Weather Table results (24.15)")
    clamp = data.get("weather.table.clamp_of_modified_roll", "the limits of the modified weather roll (24.15)")
    path = "weather.die_modifiers"
    modifier = 0
    if state["turn"] == 1:
        modifier += numbers.integer(data, f"{path}.game_turn_one", "the Game-Turn One weather modifier (24.3)")
    elif state["weather"] == "clear":
        modifier += numbers.integer(data, f"{path}.previous_game_turn_clear", "the weather modifier after a clear Game-Turn (24.14)")
    elif state["weather"] == "heavy_overcast":
        modifier += numbers.integer(data, f"{path}.previous_game_turn_heavy_overcast", "the weather modifier after heavy overcast (24.14)")
    roll = dice.roll(f"weather/{state['turn']}", about=f"weather Game-Turn {state['turn']} (24.11)")
    modified = max(int(clamp["min"]), min(int(clamp["max"]), roll + modifier))
    state["weather"] = str(unwrap(results[str(modified)]))
    if state["weather"] in ("rain", "thaw"):                                 # 24.13, 24.21
        after = numbers.integer(data, "weather.mud.following_game_turns", "the Game-Turns of mud after rain or thaw (24.21)")
        state["mud_turns"] = sorted(set(state["mud_turns"]) | set(range(state["turn"], state["turn"] + after + 1)))
    events.append({"event": "weather", "turn": state["turn"], "roll": roll, "modifier": modifier,
                   "weather": state["weather"], "mud": game.mud(state), "rule": "24.11"})


def begin_player_turn(game: OperationGrenade, data: GameData, state: dict, side: str, dice: Dice, events: list) -> None:
    state.update(side=side, phase="movement", moved=[], left_zoc=[], combats_fought=0, no_zoc=[], combats=[])
    start = numbers.integer(data, "restrictions.german_strategic_withdrawal.roll.from_game_turn", "the first withdrawal roll (19.21)")
    if side == "german" and not state["strategic_withdrawal"] and state["turn"] >= start:
        withdrawal_roll(data, state, dice, events)
    supply.determine(game, data, state, events)                              # 11.0, both sides
    if side == "german":
        reinforcements.roll_variable(game, data, state, dice, events)        # 23.0, start of the Movement Phase


def withdrawal_roll(data: GameData, state: dict, dice: Dice, events: list) -> None:
    """19.21, 19.22: the German player rolls for a strategic withdrawal."""
    roll = dice.roll(f"withdrawal/{state['turn']}", about=f"strategic withdrawal Game-Turn {state['turn']} (19.21)")
    modifier = data.get("restrictions.german_strategic_withdrawal.modifier", "19.22")
    modified = roll + (int(modifier["value"]) if state["turn"] >= int(modifier["from_game_turn"]) else 0)
    modified = max(int(modifier["minimum_modified_roll"]), modified)
    success = modified in data.get("restrictions.german_strategic_withdrawal.roll.success_on", "19.21")
    state["strategic_withdrawal"] = success
    events.append({"event": "withdrawal", "roll": roll, "modified": modified, "success": success, "rule": "19.21"})


def end_combat_phase(game: OperationGrenade, data: GameData, state: dict, dice: Dice, events: list) -> None:
    if state["side"] == "allied":
        begin_player_turn(game, data, state, "german", dice, events)
    elif state["turn"] >= state["last_turn"]:
        state["game_over"] = True
        state["victory"] = victory(game, data, state)
        events.append({"event": "victory", **state["victory"]})
    else:
        begin_turn(game, data, state, state["turn"] + 1, dice, events)


def victory(game: OperationGrenade, data: GameData, state: dict) -> dict:
    """28.1-28.3: towns the US passed through last, Rhine bridges (28.21), the level."""
    towns = data.get("victory.town_vp.towns", "the VP towns (28.1)")
    held = [t for t in towns if state["last_through"].get(t["hex"]) == "allied"]
    bridge_vp, bridges_earned = rhine.bridge_vp(game, data, state)                           # 28.21, 28.22
    vp = sum(int(t["vp"]) for t in held) + bridge_vp
    level = next(level["level"] for level in data.get("victory.levels.list", "the victory levels (28.3)")
                 if vp >= int(level["min"]) and ("max" not in level or vp <= int(level["max"])))
    return {"vp": vp, "towns": [t["town"] for t in held], "bridges": bridges_earned, "level": level, "rule": "28.3"}
