"""Order files as the checks read them: a player may write a hex or unit id unquoted
(`attack: 2516`), which YAML reads as a number. Each game says which fields hold ids; these
helpers do the walking, so the canonical form (and the dice seed drawn from it) is one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def as_text(value: Any) -> Any:
    """An integer id as text ("0410" stays as the player wrote it only if quoted); else unchanged."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def each_order(orders: Any, normalise: Callable[[dict], dict]) -> Any:
    """`normalise` applied to a copy of each mapping of an order list; anything else (not a
    list, an order that is not a mapping) is left as it is, for the check to refuse."""
    if not isinstance(orders, list):
        return orders
    return [normalise(dict(order)) if isinstance(order, dict) else order for order in orders]
