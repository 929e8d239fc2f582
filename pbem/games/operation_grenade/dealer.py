"""A player's machine in Operation Grenade's secret dealing (behaviour 3, secret.py): what its
signed message of a step must carry (`due_parts`: its stages, its shares of the other side's
draws, its claims of its own units' strengths), the cards it decodes (kept in its private part,
never sent), and the end-of-game replay of every pool with both dealing secrets (`replay`).

`due_parts` plays the step as far as the parts known so far allow, adding each part of its own
side the step stops for, until the step is resolved or waits for the other side (or for a die
this machine cannot roll yet). So a message carries exactly what is due, computed for the deck
as it is where the part is used, and a share only for the card the public record deals next."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...canonical import plain_copy
from ...dice import Dice, DiceUnavailable
from ...errors import PbemError
from ...gamedata import GameData
from ...hidden import poker, pools
from ...hidden.dealt import SharedPools
from ...hidden.poker import PokerError
from . import chits, dealing, secret

if TYPE_CHECKING:
    from .game import OperationGrenade

Block = dict[str, Any]          # a side's `hidden: {stages, shares, claims}` in one message


class GrenadeDealing(SharedPools):
    """Operation Grenade's `dealing` (pbem.hidden.dealt): the morale pools of 8.32."""

    def __init__(self, game: OperationGrenade) -> None:
        self.game = game

    def active(self, state: Mapping[str, Any]) -> bool:
        return secret.dealt(state)

    def receive(self, data: GameData, state: dict, given: Mapping[str, Mapping[str, Any]]) -> None:
        secret.receive(state, given)

    def parts(self, data: GameData, state: dict, mover: str, orders: list, dice: Callable[[], Dice], key: poker.PokerKey,
              given: Mapping[str, Mapping[str, Any]], history: Callable[[], list[tuple[int, list]]],
              start: bool = True, waits: Callable[[], None] = lambda: None) -> dict[str, Any]:
        own = OwnCards(lambda: cards_of(key, history()))
        blocks = {s: dict(b) for s, b in given.items()}
        return _due_parts(self.game, data, state, mover, orders, dice, key, blocks, own, start, waits)

    def start_parts(self, data: GameData, state: Mapping[str, Any], key: poker.PokerKey,
                    given: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        return start_stages(state, key, {s: dict(b) for s, b in given.items()})    # as `parts` with start begins

    def merged(self, blocks: list[Mapping[str, Any] | None]) -> dict[str, Any]:
        return merged(*blocks)

    def replay(self, data: GameData, history: list[tuple[int, list]], keys: Mapping[str, poker.PokerKey]) -> list[str]:
        return replay(self.game, data, history, keys)

    def own_view(self, data: GameData, save: dict, key: poker.PokerKey, history: list[tuple[int, list]]) -> dict:
        """8.42: the owner sees its own chits (their id and both strengths), the enemy's as shown."""
        state = copy.deepcopy(save["state"])
        for unit_id, card in cards_of(key, history).items():
            unit = state["units"].get(unit_id)
            if unit is not None and "card" in unit:
                unit["chit"] = dealing.chit_of_card(data, card["pool"], card["card"])["id"]
                unit["shown"] = {face: claim_value(self.game, data, unit_id, card, face) for face in ("front", "back")}
        return {**save, "state": state}


def empty() -> Block:
    return {"stages": [], "shares": [], "claims": {}}


def merged(*blocks: Mapping[str, Any] | None) -> Block:
    """A side's parts over all its messages of the step (its orders or answer, its reveal, its
    `strength` answer), in the order sent."""
    out = empty()
    for block in blocks:
        if block:
            out["stages"] += list(block.get("stages", []))
            out["shares"] += list(block.get("shares", []))
            out["claims"].update(block.get("claims", {}))
    return out


class OwnCards:
    """The cards under a side's units (unit -> {pool, position, card}): those decoded in this step,
    else those its machine decodes from the public record, read only when a claim asks for one
    (issue 13: reading every save and opening every own draw was most of an `adjudicate --key`)."""

    def __init__(self, record: Callable[[], Mapping[str, dict]]) -> None:
        self._record = record
        self._known: dict[str, dict] | None = None
        self.decoded: dict[str, dict] = {}

    def get(self, unit: str) -> dict | None:
        if unit in self.decoded:
            return self.decoded[unit]
        if self._known is None:
            self._known = dict(self._record())
        return self._known.get(unit)


def due_parts(game: OperationGrenade, data: GameData, state: dict, mover: str, orders: list, dice: Callable[[], Dice],
              key: poker.PokerKey, given: Mapping[str, Block], cards: Mapping[str, dict],
              start: bool = True) -> tuple[Block, dict[str, dict]]:
    """`key.side`'s parts for its next message of the step of `mover`'s `orders` on `state`, given
    the parts the step's earlier messages carry (`given`: side -> merged block) and the cards its
    machine knows (`cards`: unit -> {pool, position, card}). Returns (the new parts, the cards
    known after them: those it decoded with the other side's shares added). `start`: add the
    stages due at the step's start even if the step does not wait for them (they ride on a
    message sent anyway)."""
    own = OwnCards(lambda: cards)
    return _due_parts(game, data, state, mover, orders, dice, key, given, own, start, lambda: None), {**cards, **own.decoded}


def _due_parts(game: OperationGrenade, data: GameData, state: dict, mover: str, orders: list, dice: Callable[[], Dice],
               key: poker.PokerKey, given: Mapping[str, Block], cards: OwnCards, start: bool,
               waits: Callable[[], None]) -> Block:
    side = key.side
    mine = start_stages(state, key, given) if start else empty()
    for _ in range(4 * len(state["units"]) + 8):            # each round adds a part; a step has fewer
        trial = plain_copy(state)                             # plain data: several times faster than deepcopy
        secret.receive(trial, {**given, side: merged(given.get(side), mine)})
        try:
            game.apply(data, trial, mover, orders, dice())
            return mine
        except DiceUnavailable:
            return mine                                       # the step's dice come with a later message
        except secret.AwaitingDeal as wait:
            if wait.side != side:
                waits()                                       # the step waits for the other side (dealt.rolls)
                return mine
            _add(game, data, trial, key, wait, mine, cards)
    raise PbemError("internal: the dealing parts of this step do not settle")


def start_stages(state: Mapping[str, Any], key: poker.PokerKey, given: Mapping[str, Block]) -> Block:
    """Stages due at the step's start (a pool not shuffled since a card came back, or never), so
    they ride on the side's next message before the pool's next draw."""
    mine, start = empty(), plain_copy(state)
    secret.receive(start, dict(given))
    secret.start_stages(start, [])
    for pool in sorted(start["pools"]):
        deck = secret.read_pool(start, pool)
        if secret.needs_stage(deck) and secret.ORDER[len(deck.staged)] == key.side:
            mine["stages"].append(pools.stage_part(key, deck, secret.ORDER)[1])
    return mine


def _add(game: OperationGrenade, data: GameData, trial: dict, key: poker.PokerKey, wait: secret.AwaitingDeal,
         mine: Block, cards: OwnCards) -> None:
    """The part the step stopped for, computed on the deck as the step left it there."""
    if wait.kind == "stage":
        mine["stages"].append(pools.stage_part(key, secret.read_pool(trial, wait.pool), secret.ORDER)[1])
    elif wait.kind == "share":
        mine["shares"].append(pools.share_part(key, secret.read_pool(trial, wait.pool), wait.position))
    else:
        if wait.share:                                        # just dealt: decode with the other's share
            deck = secret.read_pool(trial, wait.pool)
            index = poker.open_card(key, deck, wait.position, poker.from_hex(wait.share, "the share"),
                                    secret.other_side(key.side))
            cards.decoded[wait.unit] = {"pool": wait.pool, "position": wait.position, "card": index}
        card = cards.get(wait.unit)
        if card is None:
            raise PbemError(f"{key.side}'s card under {wait.unit} is not known on this machine: it is in {key.side}'s "
                            "private part (pbem/hidden/private.py)")
        mine["claims"][wait.unit] = {wait.face: claim_value(game, data, wait.unit, card, wait.face)}


def claim_value(game: OperationGrenade, data: GameData, unit_id: str, card: Mapping[str, Any], face: str) -> int:
    """What the owner shows (8.42): the Combat Strength of the face in use, or at a 9.86 draw the
    steps its chit gives (9.82)."""
    if face == "steps":
        return chits.steps_of(data, dealing.claim(game, data, unit_id, card["pool"], card["card"], "front"))
    return dealing.claim(game, data, unit_id, card["pool"], card["card"], "reduced" if face == "back" else "front")


# -- the end of the game: `verify --private` ---------------------------------------------------------

def replay(game: OperationGrenade, data: GameData, steps: Sequence[tuple[int, list]], keys: Mapping[str, poker.PokerKey]) -> list[str]:
    """Every pool replayed from the saves' `deal` events with both revealed dealing secrets
    (`poker.replay_pool`), and every strength shown (`shown` events) checked against the card
    really dealt (`dealing.claim_problem`, `steps_problem`). `steps`: (save number, its events)."""
    records: dict[str, list[poker.Event]] = {}
    claims: list[tuple[int, str, dict, int]] = []           # save, pool, shown event, its draw's pool event number
    held: dict[str, tuple[str, int]] = {}                   # unit -> (pool, pool event number of its draw)
    for number, events in steps:
        for event in events:
            if event["event"] == "deal":
                pool = str(event["pool"])
                records.setdefault(pool, []).append(pools.read_event(event["record"], f"save {number}: pool {pool}"))
                if "draw" in event["record"]:
                    held[event["unit"]] = (pool, len(records[pool]))
            elif event["event"] == "shown":
                pool, drawn = held[event["unit"]]
                claims.append((number, pool, event, drawn))
    problems: list[str] = []
    dealt_cards: dict[str, dict[int, int]] = {}
    for pool in sorted(records):
        try:
            cards = poker.replay_pool(pool, dealing.pool_size(data, pool), secret.ORDER, dict(keys), records[pool])
        except PokerError as exc:
            problems.append(exc.one_line())
            continue
        draws = [n for n, e in enumerate(records[pool], 1) if e.kind == "draw"]
        dealt_cards[pool] = dict(zip(draws, cards, strict=True))
    for number, pool, event, drawn in claims:
        if pool in dealt_cards:
            problem = _claim_problem(game, data, event, pool, dealt_cards[pool][drawn])
            if problem:
                problems.append(f"CHEATED: save {number}: pool {pool} event {drawn}: {problem}")
    return problems


def _claim_problem(game: OperationGrenade, data: GameData, event: dict, pool: str, card: int) -> str | None:
    unit = event["unit"]
    if "steps" in event:
        return dealing.steps_problem(data, game, unit, pool, card, event["steps"])
    face = "front" if "front" in event else "back"
    return dealing.claim_problem(game, data, unit, pool, card, "reduced" if face == "back" else "front", event[face])



def cards_of(key: poker.PokerKey, steps: Sequence[tuple[int, list]]) -> dict[str, dict]:
    """The cards under `key.side`'s units now, decoded from the public record alone (each stage
    publishes the whole deck, each draw the other side's share) with the side's own key: what its
    private view shows (`report --side`), with nothing stored beside the key. unit -> {pool,
    position, card}."""
    decks: dict[str, tuple[tuple[int, ...], int, int]] = {}      # pool -> (cards, epoch, stages in it)
    cards: dict[str, dict] = {}
    for number, events in steps:
        for event in events:
            if event["event"] != "deal":
                continue
            pool, record = str(event["pool"]), event["record"]
            where = f"save {number}: pool {pool}"
            found = pools.read_event(record, where)
            if found.kind == "stage":
                _, epoch, staged = decks.get(pool, ((), -1, 0))
                epoch, staged = (epoch + 1, 1) if staged in (0, len(secret.ORDER)) else (epoch, staged + 1)
                decks[pool] = (found.cards, epoch, staged)
            elif found.kind == "draw" and found.side == key.side:
                deck_cards, epoch, _ = decks[pool]
                deck = poker.Deck(pool, deck_cards, epoch, frozenset(), ())
                index = poker.open_card(key, deck, found.position, found.share, secret.other_side(key.side))
                cards[event["unit"]] = {"pool": pool, "position": found.position, "card": index}
            elif found.kind == "return":
                cards = {u: c for u, c in cards.items() if (c["pool"], c["position"]) != (pool, found.position)}
    return cards
