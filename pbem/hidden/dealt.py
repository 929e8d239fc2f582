"""How the core carries a game's secret dealing from shared pools (pbem/hidden/poker.py,
pools.py; docs/hidden-information.md, "Shared pools") in a step's signed messages.

A game that deals declares `GameModule.dealing` (a `SharedPools`). Each signed message of a step
then carries its side's due parts under `hidden: {stages, shares, claims}`: the mover's orders
(`pbem sign`), the other side's dice reveal (`pbem reveal`, `adjudicate --key`), and, when the
step still waits for a side's part after those (the mover's strength once it has decoded its
card), that side's `strength` message (`pbem strength`, kind `strength`, file strength-SIDE.txt).
The parts are computed on the side's own machine from its key (`poker.poker_key`); the game
receives every side's merged parts in the state before the step is applied (`receive`), and a
step that needs a part not sent yet raises `AwaitingPart`: its inputs wait in pending/."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from ..canonical import plain_copy
from ..dice import Dice
from ..errors import PbemError
from ..gamedata import GameData

if TYPE_CHECKING:
    from ..folder import Campaign
    from ..signing import SignedMessage
    from .poker import PokerKey

PART_FIELDS = {"stages", "shares", "claims"}
STRENGTH_FIELDS = {"pbem", "campaign", "header", "side", "save", "orders", "round", "sent", "hidden"}


class AwaitingPart(PbemError):
    """The step needs a part of the dealing that `side` has not sent yet."""

    side: str


class PartRefused(PbemError):
    """A part `side` sent is refused (a claim no card could give, a share that is no element):
    the core names the message of `side` that carried it."""

    def __init__(self, side: str, message: str) -> None:
        super().__init__(message)
        self.side = side


class Trial:
    """One play of the step by `SharedPools.parts`: its dice, and whether it stopped for another
    side's part (then the step waits for that side's next message). A plain class: creating a
    dataclass costs every process that imports this module about 0.3 ms (issue 13)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.waits = False


class SharedPools:
    """Declared by a game as `GameModule.dealing`. The defaults deal nothing."""

    def active(self, state: Mapping[str, Any]) -> bool:
        """Whether this campaign's state deals from shared pools (new campaigns of the revision)."""
        return False

    def receive(self, data: GameData, state: dict, given: Mapping[str, Mapping[str, Any]]) -> None:
        """Put every side's parts (side -> merged block) into the state the step is applied to."""

    def parts(self, data: GameData, state: dict, mover: str, orders: list, dice: Callable[[], Dice], key: PokerKey,
              given: Mapping[str, Mapping[str, Any]], history: Callable[[], list[tuple[int, list]]],
              start: bool = True, waits: Callable[[], None] = lambda: None) -> dict[str, Any]:
        """`key.side`'s due parts for its next message of the step (`history()`: every save's events,
        from which its machine re-opens its own cards, read only if a part needs them; `start`: with
        the stages due at the step's start that the step does not wait for, riding on a message sent anyway;
        `waits()`: called when the play of the step with the dice last made stops for another side's part)."""
        return {}

    def start_parts(self, data: GameData, state: Mapping[str, Any], key: PokerKey,
                    given: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
        """`key.side`'s stages due at the step's start, as `parts` with `start` adds them first (None:
        not told, so the core asks `parts` with `start`)."""
        return None

    def merged(self, blocks: list[Mapping[str, Any] | None]) -> dict[str, Any]:
        return {}

    def own_view(self, data: GameData, save: dict, key: PokerKey, history: list[tuple[int, list]]) -> dict:
        """The save as `key.side` sees it (`report --side`): its own cards decoded and put back."""
        return save

    def replay(self, data: GameData, history: list[tuple[int, list]], keys: Mapping[str, PokerKey]) -> list[str]:
        """The end of the game: every pool replayed with both revealed dealing secrets, and every
        value a side showed checked against its card; the problems found, first first."""
        return []


def dealing_secret(campaign: "Campaign", key: Ed25519PrivateKey, side: str) -> str:
    """What a side hands over at the end (`pbem dealing-secret`): its dealing secret, which
    anyone checks against its public key (poker.revealed_key); it opens neither dice nor salts."""
    return poker_key_of(campaign, key, side).signature.hex()


def block_of(body: Mapping[str, Any], source: str) -> dict[str, Any] | None:
    """The `hidden: {stages, shares, claims}` of a message (None when absent)."""
    block = body.get("hidden")
    if block is None:
        return None
    if not isinstance(block, dict) or not set(block) <= PART_FIELDS:
        raise PbemError(f"`hidden:` of this message must be a mapping of {', '.join(sorted(PART_FIELDS))}", source)
    return block


def any_part(block: Mapping[str, Any]) -> bool:
    return any(block.get(k) for k in PART_FIELDS)


# -- the core's side: which campaign deals, a side's key, its parts, the step's messages ---------------

def dealing_of(campaign: "Campaign", save: Mapping[str, Any]) -> SharedPools | None:
    dealing = campaign.game.dealing
    return dealing if dealing is not None and dealing.active(save["state"]) else None


def poker_key_of(campaign: "Campaign", key: Ed25519PrivateKey, side: str) -> PokerKey:
    """The side's dealing secret, derived from its key and its dice nonce in the header."""
    if campaign.header["dice"]["mode"] == "gm":
        raise PbemError("this campaign deals from shared pools, which needs each player's dice nonce (player dice, not GM)")
    from .poker import poker_key        # only a dealt game's steps need the poker module (issue 13: 2 ms a process)
    return poker_key(key, campaign.id, side, campaign.header["dice"]["commitments"][side]["nonce"])


def history(campaign: "Campaign", number: int) -> list[tuple[int, list]]:
    return [(n, campaign.load_save(n)[0]["events"]) for n in campaign.step_numbers() if n <= number]


def given_blocks(dealing: SharedPools, messages: list["SignedMessage"]) -> dict[str, dict[str, Any]]:
    """Every side's parts over the step's messages so far (orders, reveals, strength messages)."""
    blocks: dict[str, list[Mapping[str, Any] | None]] = {}
    for message in messages:
        blocks.setdefault(message.body["side"], []).append(block_of(message.body, message.source))
    return {side: dealing.merged(found) for side, found in sorted(blocks.items())}


def parts_for(campaign: "Campaign", number: int, save: Mapping[str, Any], orders_body: Mapping[str, Any],
              key: Ed25519PrivateKey, side: str, given: Mapping[str, Mapping[str, Any]], seed: str | None,
              start: bool = True, tried: list[Trial] | None = None) -> dict[str, Any] | None:
    """`side`'s due parts for its next message of the step of these orders (None: nothing due),
    computed on its machine; `seed`: the step's dice, once every reveal is in (else a part that
    needs a die waits for a later message). `tried`: gets each trial play, in order."""
    dealing = dealing_of(campaign, save)
    if dealing is None:
        return None

    def dice() -> Dice:
        made = Dice(seed) if seed else Dice(None, "the step's dice reveal has not come yet")
        if tried is not None:
            tried.append(Trial(made))
        return made

    def waits() -> None:
        if tried:
            tried[-1].waits = True

    block = dealing.parts(campaign.data, plain_copy(save["state"]), orders_body["side"], orders_body["orders"], dice,
                          poker_key_of(campaign, key, side), given, lambda: history(campaign, number), start, waits)
    return block if any_part(block) else None


def start_due(campaign: "Campaign", save: Mapping[str, Any], key: Ed25519PrivateKey, side: str,
              given: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether `side` has stages due at the step's start: without them, `parts_for` with `start`
    plays the very trials it plays without (issue 13: a play of the step fewer)."""
    dealing = dealing_of(campaign, save)
    assert dealing is not None
    found = dealing.start_parts(campaign.data, save["state"], poker_key_of(campaign, key, side), given)
    return found is None or any_part(found)


def rolls(campaign: "Campaign", save: Mapping[str, Any], orders_body: Mapping[str, Any],
          given: Mapping[str, Mapping[str, Any]], seed: str) -> bool:
    """Whether the step, with the parts given so far, rolls a die or waits for more parts (then a
    dice reveal is sent anyway, and stages due may ride on it)."""
    dealing = dealing_of(campaign, save)
    assert dealing is not None
    state = plain_copy(save["state"])          # a save's plain data: several times faster than deepcopy
    dealing.receive(campaign.data, state, given)
    dice = Dice(seed)
    try:
        campaign.game.apply(campaign.data, state, orders_body["side"], orders_body["orders"], dice)
    except AwaitingPart:
        return True
    return bool(dice.rolls)


def check_strength(campaign: "Campaign", message: "SignedMessage", orders: "SignedMessage", number: int) -> None:
    """A strength message answers exactly one orders file of this campaign and save, from its side's key."""
    body, source = message.body, message.source
    unknown = sorted(set(body) - STRENGTH_FIELDS)
    if unknown:
        raise PbemError(f"unknown field(s) in a strength message: {', '.join(unknown)}", source)
    side = body.get("side")
    if not isinstance(side, str) or side not in campaign.header["players"] or message.signer != campaign.key_of(side):
        raise PbemError(f"WRONG KEY: a strength message of {side!r} must be signed by that side's key", source)
    if (body.get("campaign") != campaign.id or body.get("header") != campaign.header_hash
            or type(body.get("save")) is not int or body["save"] != number or body.get("orders") != orders.digest):
        raise PbemError("strength message is bound to other orders, save or campaign (it answers exactly one orders file)", source)
    if type(body.get("round")) is not int or body["round"] < 1:
        raise PbemError("a strength message needs `round: N` (1, 2, ... for its side in the step)", source)
    block_of(body, source)
