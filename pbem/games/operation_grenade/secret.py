"""Operation Grenade behaviour 3: the strength chits dealt in secret from the shared morale pools
(8.31-8.52) by mental poker (pbem/hidden/poker.py, pools.py; docs/hidden-information.md, "Shared
pools"). The public state holds each pool as a deck of ciphertexts (`pools`), each drawn unit's
card as `card: {pool, position}` and the strengths its owner revealed at its combats (`shown`,
8.42) — never a chit. The save's events carry the pool events (`deal`: a stage, a draw with the
other side's share, a return), never a card, so `verify --private` can replay every pool.

What the step's signed messages carry (`hidden: {stages, shares, claims}` of each side) is merged
into the state under `deal_in` before the step is applied and taken out after it: a side's stage
of a pool's shuffle, its share of a draw by the other side, and its claims (the Combat Strength in
use of its own units at a combat, 8.42; the steps a 9.86 draw gives, 9.82). A step that needs a
part not yet given stops with `AwaitingDeal`, naming whose part and what for."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...canonical import canonical_bytes
from ...errors import PbemError
from ...gamedata import GameData
from ...hidden import poker, pools
from ...hidden.dealt import AwaitingPart, PartRefused
from ...hidden.poker import PokerError
from ...kit import numbers
from . import chits, dealing

if TYPE_CHECKING:
    from .game import OperationGrenade

ORDER = ("german", "allied")     # the German flood declaration (17.0) is the campaign's first message
INCOMING = "deal_in"
PART_FIELDS = {"stages", "shares", "claims"}
CLAIM_KEYS = ({"front"}, {"back"}, {"steps"})


class AwaitingDeal(AwaitingPart):
    """The step needs a part of the dealing that `side` has not sent yet: its `stage` of a pool's
    shuffle, its `share` of a draw by the other side, or its `claim` of a strength (`face`:
    front, back or steps) of `unit`. `share`: the share of the draw the claim follows, if any."""

    def __init__(self, side: str, kind: str, what: str, pool: str = "", position: int = -1, unit: str = "",
                 face: str = "", share: str = "") -> None:
        super().__init__(f"this step waits for {side}'s {what}")
        self.side, self.kind, self.pool, self.position, self.unit, self.face, self.share = (
            side, kind, pool, position, unit, face, share)


def dealt(state: Mapping[str, Any]) -> bool:
    """A campaign whose chits are dealt in secret (behaviour 3, begun with `start`)."""
    return "pools" in state


def start(data: GameData, state: dict) -> None:
    """8.32: each morale pool a fresh deck (card i: the i-th chit the data lists); both players
    shuffle it (a stage each, in ORDER) before its first draw."""
    morales = sorted(state.pop("pools_out"))
    state["pools"] = {m: pools.deck_record(poker.fresh_deck(m, dealing.pool_size(data, m))) for m in morales}


def other_side(side: str) -> str:
    return ORDER[1] if side == ORDER[0] else ORDER[0]


# -- the parts the messages carry ------------------------------------------------------------------

def read_parts(given: object, side: str) -> dict[str, Any]:
    """One side's `hidden: {stages, shares, claims}`, its shape checked (values are checked where used)."""
    where = f"the dealing parts {side} sent"
    if not isinstance(given, dict) or not set(given) <= PART_FIELDS:
        raise PbemError(f"{where} must be a mapping of {', '.join(sorted(PART_FIELDS))}")
    stages, shares, claims = given.get("stages", []), given.get("shares", []), given.get("claims", {})
    if not isinstance(stages, list) or not isinstance(shares, list) or not isinstance(claims, dict):
        raise PbemError(f"{where}: stages and shares must be lists, claims a mapping of unit to claim")
    for unit, claim in claims.items():
        if not isinstance(claim, dict) or set(claim) not in CLAIM_KEYS or type(next(iter(claim.values()))) is not int:
            raise PbemError(f"{where}: the claim for {unit} must be one of front: N, back: N or steps: N")
    return {"stages": list(stages), "shares": list(shares), "claims": dict(claims), "used": {"stages": [], "shares": [], "claims": []}}


def receive(state: dict, parts: Mapping[str, object]) -> None:
    """Merge the parts of the step's messages (side -> `hidden` block) into the state for apply."""
    state[INCOMING] = {side: read_parts(parts[side], side) for side in sorted(parts)}


def _incoming(state: dict, side: str) -> dict[str, Any]:
    given = state.get(INCOMING) or {}
    return given[side] if side in given else read_parts({}, side)


def finish(state: dict) -> None:
    """After the step: every share and claim sent must have been used (a share for a card no draw
    dealt would open that card to its receiver), then the parts leave the state."""
    given = state.pop(INCOMING, None) or {}
    for side, parts in sorted(given.items()):
        for i, part in enumerate(parts["stages"]):
            if i not in parts["used"]["stages"]:
                raise PbemError(f"the stage {side} sent for pool {_field(part, 'pool')} epoch {_field(part, 'epoch')} "
                                "is for no shuffle this step waits for (8.33, 8.52)")
        for i, part in enumerate(parts["shares"]):
            if i not in parts["used"]["shares"]:
                raise PbemError(f"the share {side} sent for pool {_field(part, 'pool')} position {_field(part, 'position')} "
                                "is for no draw of this step (8.33)")
        unused = sorted(set(parts["claims"]) - set(parts["used"]["claims"]))
        if unused:
            raise PbemError(f"{side} claims a strength for {', '.join(unused)}, which no combat of this step examines (8.42)")


def _field(part: object, name: str) -> object:
    return part[name] if isinstance(part, dict) and name in part else "?"


def needs_stage(deck: poker.Deck) -> bool:
    """A pool no card may be dealt from until both players have (re-)shuffled it (8.33, 8.52)."""
    return deck.epoch < 0 or bool(deck.staged) or deck.unmixed


def take_stages(state: dict, pool: str, events: list) -> None:
    """The stages the step's messages carry for `pool`'s next epoch, in the fixed order of sides,
    applied where the pool waits for them: at the step's start, or at a draw after a card came
    back to it in the same step (8.52). A stage is computed for the deck as it is then."""
    deck = read_pool(state, pool)
    while needs_stage(deck):
        side = ORDER[len(deck.staged)]
        given = _incoming(state, side)
        epoch = poker.staging_epoch(deck)
        found = [i for i, part in enumerate(given["stages"]) if i not in given["used"]["stages"]
                 and _field(part, "pool") == pool and _field(part, "epoch") == epoch]
        if not found:
            return
        deck = _accept(pool, canonical_bytes(state["pools"][pool]), canonical_bytes(given["stages"][found[0]]), side)
        given["used"]["stages"].append(found[0])
        state["pools"][pool] = pools.deck_record(deck)
        events.append({"event": "deal", "pool": pool, "rule": "8.33",
                       "record": pools.event_record(poker.Event("stage", side, cards=deck.cards))})


def start_stages(state: dict, events: list) -> None:
    for pool in sorted(state["pools"]):
        take_stages(state, pool, events)


def read_pool(state: dict, pool: str) -> poker.Deck:
    record = state["pools"][pool]
    if not isinstance(record, dict) or not isinstance(record.get("cards"), list):
        return pools.read_deck(pool, record, f"save.yaml: state.pools.{pool}")      # refuses, naming what is wrong
    return _read_deck(pool, canonical_bytes(record))


@lru_cache(maxsize=64)
def _accept(pool: str, deck: bytes, part: bytes, side: str) -> poker.Deck:
    """A stage's check (every card a subgroup element, one exponentiation each) made once per
    deck and part, however often the step is tried (dealer.due_parts)."""
    try:
        return pools.accept_stage(_read_deck(pool, deck), json.loads(part), side, ORDER)
    except PokerError as exc:
        raise PbemError(exc.one_line()) from None


@lru_cache(maxsize=256)
def _read_deck(pool: str, text: bytes) -> poker.Deck:
    """Each card checked once (a subgroup test is one 2048-bit exponentiation), not at every read."""
    return pools.read_deck(pool, json.loads(text), f"save.yaml: state.pools.{pool}")


# -- draws, claims, returns ------------------------------------------------------------------------

def draw(game: OperationGrenade, data: GameData, state: dict, unit_id: str, events: list, rule: str) -> None:
    """8.33 / 9.86: the unit is dealt the pool's next card with the other side's share; its owner
    alone decodes it and claims what the rules show: the front's strength at the combat (8.34,
    8.42), or at a 9.86 loss only the steps it gives (9.82)."""
    unit = state["units"][unit_id]
    side, pool = unit["side"], str(game.counter_value(data, unit_id, "morale", "the morale rating (8.2)"))
    deck = read_pool(state, pool)
    if not deck.free:
        raise PbemError(f"morale pool {pool} is empty: every chit is under a unit (8.32)")
    take_stages(state, pool, events)
    deck = read_pool(state, pool)
    if needs_stage(deck):
        raise AwaitingDeal(ORDER[len(deck.staged)], "stage", f"stage of the shuffle of morale pool {pool} before "
                           f"{unit_id} draws (8.33, 8.52)", pool=pool)
    position, other = deck.next_position(), other_side(side)
    share = _share(state, other, pool, position, unit_id)
    state["pools"][pool] = pools.deck_record(poker.dealt(deck, position))
    unit["card"], unit["shown"], unit["form"] = {"pool": pool, "position": position}, {}, "front"
    events.append({"event": "deal", "pool": pool, "unit": unit_id, "rule": rule,
                   "record": {"draw": position, "drawer": side, "share": share}})
    if rule == "9.86":
        steps = _claim(state, unit_id, side, "steps", share)
        if steps not in (chits.three_steps(data), _weak_steps(data)):
            raise PartRefused(side, f"FALSE CLAIM: {side} claims {steps} steps for {unit_id}; a chit gives {_weak_steps(data)} or "
                            f"{chits.three_steps(data)} (9.82)")
        unit["steps"] = steps
        events.append({"event": "shown", "unit": unit_id, "side": side, "steps": steps, "rule": "9.86"})
    else:
        examine(game, data, state, unit_id, events, share)
        unit["steps"] = chits.steps_of(data, unit["shown"]["front"])                 # 9.82


def _weak_steps(data: GameData) -> int:
    return numbers.integer(data, "units.steps.chit_front_strength_2_or_less", "the steps of a unit with a weak chit (9.82)")


def _share(state: dict, sender: str, pool: str, position: int, unit_id: str) -> str:
    given = _incoming(state, sender)
    for i, part in enumerate(given["shares"]):
        if isinstance(part, dict) and part.get("pool") == pool and part.get("position") == position and i not in given["used"]["shares"]:
            if set(part) != pools.SHARE_FIELDS:
                raise PbemError(f"the share {sender} sent for pool {pool} must be a mapping of exactly "
                                f"{', '.join(sorted(pools.SHARE_FIELDS))}")
            try:
                poker.from_hex(part["share"], f"the share {sender} sent for pool {pool} position {position}")
            except PokerError as exc:
                raise PartRefused(sender, exc.one_line()) from None
            given["used"]["shares"].append(i)
            return str(part["share"])
    raise AwaitingDeal(sender, "share", f"share of morale pool {pool} position {position}, the card {unit_id} draws (8.33)",
                       pool=pool, position=position, unit=unit_id)


def _claim(state: dict, unit_id: str, side: str, key: str, share: str = "") -> int:
    given = _incoming(state, side)
    claim = given["claims"].get(unit_id)
    if claim is None or unit_id in given["used"]["claims"]:
        what = f"steps {unit_id}'s chit gives (9.86, 9.82)" if key == "steps" else f"Combat Strength of {unit_id}'s chit ({key}, 8.42)"
        card = state["units"][unit_id]["card"]
        raise AwaitingDeal(side, "claim", f"claim of the {what}", pool=card["pool"], position=card["position"], unit=unit_id,
                           face=key, share=share)
    if key not in claim:
        raise PartRefused(side, f"{side} claims {claim} for {unit_id}; this combat examines its {key} (8.35, 8.42)")
    given["used"]["claims"].append(unit_id)
    return int(claim[key])


def examine(game: OperationGrenade, data: GameData, state: dict, unit_id: str, events: list, share: str = "") -> None:
    """8.42: at a combat the enemy examines the chit in use; its owner claims the Combat Strength
    of the side in use (the front, or the back once reduced, 8.35) unless it was shown already."""
    unit = state["units"][unit_id]
    face = "back" if unit["form"] == "reduced" else "front"
    if face in unit["shown"]:
        return
    strength = _claim(state, unit_id, unit["side"], face, share)
    klass = game.counter_value(data, unit_id, "class", "the combat class (8.1)")
    possible = sorted({int(c[face][klass]) for c in chits.pool(data, unit["card"]["pool"])})
    if strength not in possible:
        raise PartRefused(unit["side"], f"FALSE CLAIM: {unit['side']} claims Combat Strength {strength} for {unit_id}; no chit of morale pool "
                        f"{unit['card']['pool']} gives class {klass} a {face} of {strength} (its chits give "
                        f"{', '.join(map(str, possible))}) (8.34, 8.42)")
    unit["shown"] = {**unit["shown"], face: strength}
    events.append({"event": "shown", "unit": unit_id, "side": unit["side"], face: strength, "rule": "8.42"})


def shown_strength(state: dict, unit_id: str) -> int:
    """The Combat Strength of a dealt unit's chit in use, as its owner showed it (8.42)."""
    unit = state["units"][unit_id]
    face = "back" if unit["form"] == "reduced" else "front"
    if face not in unit["shown"]:
        raise PbemError(f"internal: the {face} strength of {unit_id} is read before its owner showed it (8.42)")
    return int(unit["shown"][face])


def give_back(state: dict, unit_id: str, events: list) -> None:
    """8.52: the card goes back to its pool; no draw from it until both players re-shuffle it."""
    unit = state["units"][unit_id]
    card = unit.pop("card")
    unit.pop("shown")
    unit.pop("steps", None)
    pool, position = card["pool"], card["position"]
    state["pools"][pool] = pools.deck_record(poker.returned(read_pool(state, pool), position))
    events.append({"event": "deal", "pool": pool, "unit": unit_id, "rule": "8.52", "record": {"return": position}})
