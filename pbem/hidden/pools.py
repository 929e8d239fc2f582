"""Shared pools in the public record and in signed messages (issue 18; pbem/hidden/poker.py
does the arithmetic). A pool's deck is stored in the public save as plain data; the parts a
player's signed message carries are its stage of a shuffle and its share of a draw. Nothing
here names a card: the deck holds ciphertexts, a position is a place in a shuffled deck, and
what the drawer decodes never leaves its machine (the game decides what it reveals, 8.42)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .poker import Deck, Event, PokerError, PokerKey, from_hex, open_card, share, stage, staging_epoch, to_hex, with_stage

DECK_FIELDS = {"epoch", "held", "staged", "unmixed", "cards"}
STAGE_FIELDS = {"pool", "epoch", "cards"}
SHARE_FIELDS = {"pool", "position", "share"}


def deck_record(deck: Deck) -> dict[str, Any]:
    """The deck as the public save holds it (one spelling: positions sorted, hex fixed-width)."""
    return {"epoch": deck.epoch, "held": sorted(deck.held), "staged": list(deck.staged), "unmixed": deck.unmixed,
            "cards": [to_hex(card) for card in deck.cards]}


def read_deck(pool: str, record: object, where: str) -> Deck:
    """A deck from the public save, every field checked (a save is data a peer may have edited)."""
    if not isinstance(record, dict) or set(record) != DECK_FIELDS:
        raise PokerError(f"{where}: a pool deck must be a mapping of exactly {', '.join(sorted(DECK_FIELDS))}")
    epoch, held, staged, unmixed, cards = (record[k] for k in ("epoch", "held", "staged", "unmixed", "cards"))
    if type(epoch) is not int or epoch < -1:
        raise PokerError(f"{where}: epoch must be an integer from -1")
    if not isinstance(cards, list) or not cards:
        raise PokerError(f"{where}: cards must be a non-empty list")
    values = tuple(from_hex(card, f"{where}: card {i}") for i, card in enumerate(cards))
    if not isinstance(held, list) or any(type(p) is not int or not 0 <= p < len(values) for p in held) or held != sorted(set(held)):
        raise PokerError(f"{where}: held must be the sorted, distinct positions 0..{len(values) - 1} under units")
    if not isinstance(staged, list) or any(not isinstance(s, str) for s in staged) or type(unmixed) is not bool:
        raise PokerError(f"{where}: staged must be a list of side names and unmixed true or false")
    return Deck(pool, values, epoch, frozenset(held), tuple(staged), unmixed)


def stage_part(key: PokerKey, deck: Deck, order: Sequence[str]) -> tuple[Deck, dict[str, Any]]:
    """`key.side`'s stage, as the field its signed message carries, and the deck after it."""
    after = stage(key, deck, order)
    return after, {"pool": deck.pool, "epoch": after.epoch, "cards": [to_hex(c) for c in after.cards]}


def accept_stage(deck: Deck, part: object, side: str, order: Sequence[str]) -> Deck:
    """The deck after a stage another player signed (checked as far as play allows)."""
    where = f"the stage {side} sent for pool {deck.pool}"
    if not isinstance(part, dict) or set(part) != STAGE_FIELDS or part["pool"] != deck.pool:
        raise PokerError(f"{where} must be a mapping of exactly {', '.join(sorted(STAGE_FIELDS))} for pool {deck.pool}")
    epoch = staging_epoch(deck)
    if part["epoch"] != epoch:
        raise PokerError(f"{where} is for epoch {part['epoch']!r}, not {epoch}")
    if not isinstance(part["cards"], list):
        raise PokerError(f"{where}: cards must be a list")
    return with_stage(deck, [from_hex(c, f"{where}: card {i}") for i, c in enumerate(part["cards"])], side, order)


def share_part(key: PokerKey, deck: Deck, position: int) -> dict[str, Any]:
    """The other player's share of the draw at `position`, as its signed message carries it."""
    return {"pool": deck.pool, "position": position, "share": to_hex(share(key, deck, position))}


def open_share(key: PokerKey, deck: Deck, part: object, sender: str) -> tuple[int, int]:
    """The drawer's machine: (position, card index) from the share `sender` signed. Refuses a
    share for another position than the one dealt next, and a share that is no card."""
    where = f"the share {sender} sent for pool {deck.pool}"
    if not isinstance(part, dict) or set(part) != SHARE_FIELDS or part["pool"] != deck.pool:
        raise PokerError(f"{where} must be a mapping of exactly {', '.join(sorted(SHARE_FIELDS))} for pool {deck.pool}")
    position = deck.next_position()
    if part["position"] != position:
        raise PokerError(f"{where} is for position {part['position']!r}; the card dealt next is position {position}")
    return position, open_card(key, deck, position, from_hex(part["share"], where), sender)


EVENT_FIELDS = {"stage": {"stage", "side", "cards"}, "draw": {"draw", "drawer", "share"}, "return": {"return"}}


def event_record(event: Event) -> dict[str, Any]:
    """A pool event as the public record keeps it, for the end-of-game replay (`replay_pool`):
    a stage's cards, a draw's position, drawer and share, a return's position. Never a card."""
    if event.kind == "stage":
        return {"stage": "shuffle", "side": event.side, "cards": [to_hex(c) for c in event.cards]}
    if event.kind == "draw":
        return {"draw": event.position, "drawer": event.side, "share": to_hex(event.share)}
    return {"return": event.position}


def read_event(record: object, where: str) -> Event:
    """A pool event from the public record, every field checked."""
    kinds = [kind for kind, fields in EVENT_FIELDS.items() if isinstance(record, dict) and set(record) == fields]
    if not kinds or not isinstance(record, dict):
        raise PokerError(f"{where}: a pool event is a stage (stage, side, cards), a draw (draw, drawer, share) or a return (return)")
    kind = kinds[0]
    if kind == "stage":
        if record["stage"] != "shuffle" or not isinstance(record["side"], str) or not isinstance(record["cards"], list):
            raise PokerError(f"{where}: a stage is `stage: shuffle`, the side's name and its list of cards")
        return Event("stage", record["side"], cards=tuple(from_hex(c, f"{where}: card {i}") for i, c in enumerate(record["cards"])))
    position = record[kind]
    if type(position) is not int or position < 0:
        raise PokerError(f"{where}: the position must be an integer from 0")
    if kind == "draw":
        if not isinstance(record["drawer"], str):
            raise PokerError(f"{where}: the drawer must be a side's name")
        return Event("draw", record["drawer"], position=position, share=from_hex(record["share"], f"{where}: the share"))
    return Event("return", position=position)
