"""25.3 fog of war as one hidden part of End of the Iron Dream (hidden_parts.py; option `fog=true`,
behaviour 4): the units under each stack's top and the German dummies, items `HEX/N` of each seat
(fog.py). Its owner steps are the phasing seat's Operational Movement files; every other part's owner
step (the 14.12 chit's, 27.6's) hides the mover's stacks again too, since every part's split runs."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...gamedata import GameData
from . import fog
from .hidden_parts import Part

if TYPE_CHECKING:
    from .game import EndOfTheIronDream

ITEM = re.compile(r"[A-Za-z]+[0-9]+/[1-9][0-9]*")          # HEX/N (a hex id of the map, a slot)


class FogOfWar(Part):
    PHASES = fog.OWNER_PHASES

    def __init__(self, game: "EndOfTheIronDream") -> None:
        self.game = game

    def owns(self, item: str) -> bool:
        return ITEM.fullmatch(item) is not None

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("fog") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return (fog.active(state) and not state.get("game_over") and state["phase"] in fog.OWNER_PHASES
                and self.game.phasing_seat(state) == side and fog.hides(state, side))      # 25.3 G

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        if not fog.active(state):
            return state, {}
        state = copy.deepcopy(state)                  # the step's events share lists with it: they stay as played
        return state, fog.split(data, state, side)

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        fog.merge(data, state, side, items)
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        return fog.opens(data, state, hidden, side, orders) if fog.active(state) else {}

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        return fog.mover_opens(data, view, items, side, orders) if fog.active(view) else []

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        return fog.public_events(data, state, side, events) if fog.active(state) else []

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        return fog.public_problems(data, before, after, side)
