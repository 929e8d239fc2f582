"""What End of the Iron Dream hides, on the hidden-information core (pbem.hidden.rules.HiddenRules):
the WA's second-invasion chit (14.12, chit.py: option `chit=hidden`) and, under 25.3 fog of war
(option `fog=true`, behaviour 4: fog.py), the units under each stack's top and the German dummies
(items `HEX/N`). The chit's item and steps are chit.InvasionChit's; the rest is fog's."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...gamedata import GameData
from . import chit, fog


class IronDreamHidden(chit.InvasionChit):
    def active(self, options: Mapping[str, Any]) -> bool:
        return chit.active(options) or options.get("fog") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        if super().owner_step(data, state, side):
            return True
        return (fog.active(state) and not state.get("game_over") and state["phase"] in fog.OWNER_PHASES
                and self.game.phasing_seat(state) == side)

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        state, items = super().split(data, state, side)
        if fog.active(state):
            state = copy.deepcopy(state)              # the step's events share lists with it: they stay as played
            items = {**items, **fog.split(data, state, side)}
        return state, items

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        own = {i: v for i, v in items.items() if i == chit.ITEM}
        if own:
            state = super().merge(data, state, side, own)
        rest = {i: v for i, v in items.items() if i != chit.ITEM}
        if rest:
            fog.merge(data, state, side, rest)
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        wanted = super().opens(data, state, hidden, side, orders)
        if fog.active(state):
            for owner, ids in fog.opens(data, state, hidden, side, orders).items():
                wanted[owner] = sorted({*wanted.get(owner, []), *ids})
        return wanted

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        return fog.mover_opens(data, view, items, side, orders) if fog.active(view) else []

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        if state.get("phase") == "chit_axis" or any(e.get("event") == "chit_committed" for e in events):
            return super().public_events(data, state, side, events)
        return fog.public_events(data, state, side, events)

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        if before["phase"] == "chit":
            if fog.active(before):                    # 25.3 B: the WA's step also hides its stacks again
                gone = set(before["units"]) - set(after["units"])
                if any(fog.seat_of_unit(before, u) != side for u in gone):
                    return ["the second-invasion chit step changed more than the WA's committed secret (14.12 A)"]
                before = {**before, "units": {u: v for u, v in before["units"].items() if u not in gone}}
            return super().public_problems(data, before, after, side)
        return fog.public_problems(data, before, after, side)
