"""End of the Iron Dream: the game's one HiddenRules (GameModule.hidden) serving each of its hidden
parts: the second-invasion chit (14.12, chit.py) and the A-bomb chit (27.6, abomb.py).

Each part owns its item ids (`owns`) and its owner steps. The core calls the game's rules: a split
takes out every part's items (an owner step of one part must not publish another's secret), a merge
hands each item to the part that owns it, openings and public events are the union, and the checks
the enemy makes at once of an owner step are the owning part's (the part whose owner step it is: each
part names its owner-step phases, `PHASES`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import PbemError
from ...gamedata import GameData
from ...hidden.rules import HiddenRules


class Part(HiddenRules):
    """One hidden part: the item ids it owns, the phases of its owner steps."""
    PHASES: tuple[str, ...] = ()

    def owns(self, item: str) -> bool:
        return False


class HiddenParts(HiddenRules):
    def __init__(self, *parts: Part) -> None:
        self.parts = parts

    def _owner(self, item: str) -> Part:
        for part in self.parts:
            if part.owns(item):
                return part
        raise PbemError(f"hidden item {item!r} is none of End of the Iron Dream's (14.12, 27.6)")

    def active(self, options: Mapping[str, Any]) -> bool:
        return any(p.active(options) for p in self.parts)

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return any(p.owner_step(data, state, side) for p in self.parts)

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        items: dict[str, Any] = {}
        for part in self.parts:
            state, mine = part.split(data, state, side)
            items.update(mine)
        return state, items

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        for part in self.parts:
            mine = {k: v for k, v in items.items() if self._owner(k) is part}
            if mine:
                state = part.merge(data, state, side, mine)
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        wanted: dict[str, list[str]] = {}
        for part in self.parts:
            for owner, items in part.opens(data, state, hidden, side, orders).items():
                wanted[owner] = sorted({*wanted.get(owner, []), *items})
        return wanted

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        return sorted({i for p in self.parts for i in p.mover_opens(data, view, items, side, orders)})

    def _stepping(self, state: dict) -> list[Part]:
        """The parts whose owner step the state awaits (by its phase: `PHASES` of each part)."""
        return [p for p in self.parts if state.get("phase") in p.PHASES]

    def public_orders(self, data: GameData, state: dict, side: str, orders: list) -> list:
        return [o for p in self._stepping(state) for o in p.public_orders(data, state, side, orders)]

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        kept = [id(e) for p in self.parts for e in p.public_events(data, state, side, events)]
        return [e for e in events if id(e) in kept]

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        return [w for p in self._stepping(before) for w in p.public_problems(data, before, after, side)]
