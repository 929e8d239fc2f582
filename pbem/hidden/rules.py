"""What a game implements to hide items from the enemy (its fog of war, its private chits).

The game keeps working on one plain state. HiddenRules tells the core how to take a side's
hidden items out of that state (`split`) and how to put opened ones back (`merge`), which
steps only the owner can compute (`owner_step`), and which items a step opens to the enemy
(`opens`). Item ids are the game's to choose and are public: an id must never name or order
what it hides (use the public place and a slot number, e.g. "2516E/1", never a unit id).
"""

from collections.abc import Mapping
from typing import Any

from ..gamedata import GameData


class HiddenRules:
    """Declared by a game as `GameModule.hidden`. The defaults hide nothing."""

    def active(self, options: Mapping[str, Any]) -> bool:
        """Whether this campaign plays with hidden items (a campaign option, so a campaign begun
        before the game hid anything keeps playing as it began)."""
        return False

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        """True when the awaited step may change only `side`'s own items (a move under fog of war,
        a chit withdrawn face down): the owner's machine adjudicates it, and its signed orders
        carry the public result and the new commitments instead of the orders. Decided from the
        public state. If its orders roll a die (a step nobody else computes may not), `pbem sign`
        plays it as a public step instead, and `opens` must then name every item it may touch."""
        return False

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        """The state with `side`'s hidden items taken out (what the enemy may see), and those
        items by id. Called on the owner's machine after its owner step."""
        return state, {}

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        """The state with `side`'s items put back (all of them: the owner's view; some: opened)."""
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        """The items the step of `side`'s `orders` opens, per owner (e.g. the stack under attack at
        odds computation, 11.7). `hidden`: each side's hidden item ids in the save. The mover's
        own openings ride in its orders, every other owner's in its dice reveal of the step."""
        return {}

    def owners_reveal(self, data: GameData) -> bool:
        """Whether a step also awaits the dice reveal of every other owner whose items it opens (its
        openings ride in that reveal), besides the seats the game names for its dice. False: the
        game's named seats only (a revision whose campaigns must replay as they were)."""
        return False

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        """Which of the mover's own items its orders open besides those `opens` names (e.g. the
        stacks its attacking units come from): decided on the mover's machine, which sees their
        values (`view`: its own view, `items`: its hidden items). The enemy checks the openings."""
        return []

    def public_orders(self, data: GameData, state: dict, side: str, orders: list) -> list:
        """What the enemy may read of an owner step's orders (they stay in the private part)."""
        return []

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        """What the enemy may read of an owner step's events (the game's describe() renders them)."""
        return []

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        """What the enemy can check of an owner step without its private part (e.g. that none of
        the enemy's own units changed); the rest waits for `verify --private`."""
        return []

