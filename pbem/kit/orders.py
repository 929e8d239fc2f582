"""Order files as the checks read them: a player may write a hex or unit id unquoted
(`attack: 2516`), which YAML reads as a number. Each game says which fields hold ids; these
helpers do the walking, so the canonical form (and the dice seed drawn from it) is one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


def ids_as_text(order: dict, fields: Iterable[str], lists: Iterable[str] = (), routes: Iterable[str] = (),
                lists_in_fields: bool = True) -> dict:
    """`order` with its ids as text: each of `fields` one id (and, with `lists_in_fields`, a list of
    ids there too), each of `lists` a list of ids, each of `routes` a mapping {UNIT: [HEX, ...]}."""
    for key in fields:
        if key in order and not isinstance(order[key], (list, dict)):
            order[key] = as_text(order[key])
        elif lists_in_fields and isinstance(order.get(key), list):
            order[key] = [as_text(v) for v in order[key]]
    for key in lists:
        if isinstance(order.get(key), list):
            order[key] = [as_text(v) for v in order[key]]
    for key in routes:
        if isinstance(order.get(key), dict):
            order[key] = {as_text(u): [as_text(h) for h in p] if isinstance(p, list) else p for u, p in order[key].items()}
    return order


def order_tokens(order: Any) -> list[str]:
    """Every text or integer value of an order (keys excepted), in order, once each."""
    found: list[str] = []
    stack = [order]
    while stack:
        value = stack.pop(0)
        if isinstance(value, dict):
            stack[:0] = list(value.values())
        elif isinstance(value, list):
            stack[:0] = value
        elif isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) not in found:
            found.append(str(value))
    return found


def missing_sheet(token: str, hexes: Iterable[str]) -> list[str]:
    """The hexes an unknown hex id names but for a map sheet's letter (`1918` on a two-sheet
    map: `1918E`)."""
    return sorted(h for h in set(hexes) if h.startswith(token) and h[len(token):].isalpha() and len(h) - len(token) <= 2)


def close_spellings(token: str, ids: Iterable[str]) -> list[str]:
    """Up to three ids spelled nearly like an unknown one (`ger-46zp`: `ger-46pz`)."""
    import difflib        # only a refused order's suggestions need it (issue 13: 2 ms of every process)
    return difflib.get_close_matches(token, sorted(set(ids)), n=3, cutoff=0.75)


def look_alikes(token: str, ids: Iterable[str]) -> list[str]:
    """The ids an unknown one spells but for a look-alike letter or case (`a-l`, `A-I`: `a-1`;
    `O`: `0`), which close_spellings misses in a short id (one letter of three differs)."""
    def key(text: str) -> str:
        return text.casefold().translate(str.maketrans("lio", "110"))
    return sorted(i for i in set(ids) if i != token and key(i) == key(token))
