"""Before the game: the Roer flood declaration (17.0), D-Day (18.0) and the Roer current (18.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from . import turn

if TYPE_CHECKING:
    from .game import OperationGrenade

FLOODS = ("flash_flood", "gradual_flood")


class Flood:
    """17.0: the German player declares a flash or a gradual flood."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        return {"notes": [game.awaiting(state).phase, "German player: declare the Roer flood, flash_flood or gradual_flood (17.0)."],
                "orders": [{"flood": "gradual_flood"}]}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if len(orders) != 1 or orders[0].get("flood") not in FLOODS:
            return [Problem(None, f"declare exactly one `flood:` of {' or '.join(FLOODS)} (17.0)")]
        return []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        state["flood"] = orders[0]["flood"]
        events.append({"event": "flood", "flood": state["flood"], "rule": "17.0"})
        if state["flood"] == "flash_flood":                                       # 17.12
            start_game(game, data, state, data.get("flood.roer_flood.flash_flood.first_game_turn", "the flash-flood start"), dice, events)
        else:
            state["phase"], state["side"] = "d_day", "allied"
        return events


class DDay:
    """18.0: the US player declares D-Day; 18.1: the Roer current is rolled."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        return {"notes": [game.awaiting(state).phase, "US player: declare D-Day, 1945-02-17 to 1945-02-24 (18.0); "
                          "the Roer current is then rolled (18.1)."],
                "orders": [{"d_day": "1945-02-23"}]}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        days = d_days(data)
        if len(orders) != 1 or str(orders[0].get("d_day")) not in days:
            return [Problem(None, f"declare exactly one `d_day:` from {days[0]} to {days[-1]} inclusive (18.0)")]
        return []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        declare_d_day(game, data, state, orders[0]["d_day"], dice, events)
        return events


def d_days(data: GameData) -> list:
    mods = data.get("flood.roer_current.modifiers_by_d_day", "the D-Day die modifiers (18.12)")
    return sorted(k for k in mods if k[:4].isdigit())


def declare_d_day(game: OperationGrenade, data: GameData, state: dict, day: str, dice: Dice, events: list) -> None:
    state["d_day"] = str(day)
    modifier = numbers.integer(data, f"flood.roer_current.modifiers_by_d_day.{day}", "the D-Day modifier (18.12)")
    roll = dice.roll("roer-current", about="Roer current (18.1)")
    limits = data.get("flood.roer_current.modified_roll_limits", "the current die limits (18.1)")
    modified = max(int(limits["min"]), min(int(limits["max"]), roll + modifier))
    results = data.get("flood.roer_current.results", "the Roer current table (18.11)")
    found = [name for name, row in results.items() if isinstance(row, dict) and modified in row["die"]]
    if not found:
        raise UnknownDataError("flood.roer_current.results", f"the Roer current for a modified roll of {modified} (18.11)",
                               "Roer River Currents and Effects Summary on the map (18.16)", data.override_file)
    current = found[0]
    state["roer_current"] = current
    events.append({"event": "d_day", "d_day": state["d_day"], "roll": roll, "modifier": modifier,
                   "modified": modified, "current": current, "rule": "18.1"})
    start_game(game, data, state, state["d_day"], dice, events)


def start_game(game: OperationGrenade, data: GameData, state: dict, first_day: str, dice: Dice, events: list) -> None:
    state["date"] = str(first_day)
    by_day = data.get("game.game_length.number_of_game_turns.by_first_day", "the game length (28.0)")
    state["last_turn"] = int(by_day[state["date"]])
    turn.begin_turn(game, data, state, 1, dice, events)
