"""Strength chits dealt by mental poker (issue 18; pbem/hidden/poker.py, docs/hidden-information.md
"Shared pools"): each morale pool (8.32) is a deck whose card i is the i-th chit the data lists
under `chits.strength_chits.pools.MORALE.chits`; the drawer alone decodes its card, and tells the
enemy only what 8.42 lets him examine: the Combat Strength in use at the combat. At the end,
`verify --private` replays the decks with both players' revealed dealing secrets and checks every
claim against the card that was really dealt (`claim_problem`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...gamedata import GameData
from . import chits

if TYPE_CHECKING:
    from .game import OperationGrenade


def pool_size(data: GameData, morale: str) -> int:
    return len(chits.pool(data, morale))


def chit_of_card(data: GameData, morale: str, index: int) -> dict:
    """Card `index` of pool `morale`: the chit in that place of the data's list (8.32)."""
    found = chits.pool(data, morale)
    if not 0 <= index < len(found):
        raise IndexError(f"morale pool {morale} has {len(found)} chits, no card {index}")
    return dict(found[index])


def card_of_chit(data: GameData, morale: str, chit_id: str) -> int:
    ids = [c["id"] for c in chits.pool(data, morale)]
    return ids.index(chit_id)


def claim(game: OperationGrenade, data: GameData, unit_id: str, morale: str, index: int, form: str) -> int:
    """What the owner reveals at a combat (8.42): the Combat Strength of its card in use."""
    return chits.face_strength(game, data, unit_id, chit_of_card(data, morale, index), form)


def claim_problem(game: OperationGrenade, data: GameData, unit_id: str, morale: str, index: int, form: str,
                  claimed: int) -> str | None:
    """The end-of-game check of one revealed strength against the card really dealt."""
    true = claim(game, data, unit_id, morale, index, form)
    if claimed != true:
        return f"{unit_id} revealed Combat Strength {claimed} but its chit gives {true} (8.34, 8.42)"
    return None


def steps_problem(data: GameData, game: OperationGrenade, unit_id: str, morale: str, index: int, claimed: int) -> str | None:
    """A 9.86 draw shows only the steps its chit gives (9.82: the loss makes the unit reduced or a
    cadre); the end-of-game check of that against the card really dealt."""
    true = chits.steps_of(data, claim(game, data, unit_id, morale, index, "front"))
    if claimed != true:
        return f"{unit_id} took its 9.86 loss as a {claimed}-step unit but its chit gives {true} steps (9.82)"
    return None
