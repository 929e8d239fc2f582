"""Mental-poker dealing (issue 18, pbem/hidden/poker.py): the cipher, the key derivation, a whole
deal with returns (8.52), and every cheat the protocol must catch, during play or at the end."""

import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.dice import dice_master
from pbem.hidden import poker
from pbem.hidden.poker import P, Q, Deck, Event, PokerError, WrongShare
from pbem.keys import key_id
from pbem.signing import DOMAIN, sign_body

ORDER = ("allied", "german")
KEYS = {"allied": Ed25519PrivateKey.from_private_bytes(bytes(32)),
        "german": Ed25519PrivateKey.from_private_bytes(bytes([1]) * 32)}


def dealer(side: str) -> poker.PokerKey:
    return poker.poker_key(KEYS[side], "campaign-x", side, "n" * 64)


A, B = dealer("allied"), dealer("german")


@cache
def shuffled(size: int = 12, pool: str = "2") -> Deck:
    """Both stages of a fresh pool: a pure function of the fixed keys, computed once per size and
    pool (a Deck is frozen: each test deals from it without changing it)."""
    return poker.stage(B, poker.stage(A, poker.fresh_deck(pool, size), ORDER), ORDER)


def draw(deck: Deck, drawer: poker.PokerKey, other: poker.PokerKey) -> tuple[Deck, int, Event]:
    position = deck.next_position()
    part = poker.share(other, deck, position)
    card = poker.open_card(drawer, deck, position, part, other.side)
    return poker.dealt(deck, position), card, Event("draw", drawer.side, position=position, share=part, card=card)


# -- the cipher ------------------------------------------------------------------------------

def test_group_is_rfc3526_group14_safe_prime():
    assert P.bit_length() == 2048 and P == 2 * Q + 1
    assert pow(2, P - 1, P) == 1 and pow(3, Q - 1, Q) == 1      # Fermat witnesses for P and Q
    assert format(P, "x")[-16:] == "f" * 16 and format(P, "x")[:16] == "f" * 16


def test_cards_are_residues_never_one_and_decode_back():
    """No card's Legendre symbol differs (every one is a square), none is the identity (1^e = 1 would show)."""
    for i in range(40):
        value = poker.encode(i)
        assert value != 1 and pow(value, Q, P) == 1
        assert poker.decode(value, 40) == i
    assert poker.decode(poker.encode(12), 12) is None           # outside a 12-card pool
    assert poker.decode(pow(poker.encode(3), 7, P), 40) is None  # a ciphertext is no card


def test_fixed_exponent_vectors():
    """Layers of 3 then 5 on cards 0 and 1 (4 and 9): 4^3 = 64, 9^3 = 729, then 2^30 and 3^30;
    removing the 5 layer with 5^-1 mod Q gives the one-layer cards back; the layers commute."""
    first = poker.relayer([poker.encode(0), poker.encode(1)], [0, 1], 3, [1, 0])
    assert first == (729, 64)
    second = poker.relayer(first, [0, 1], 5, [0, 1])
    assert second == (3 ** 30, 2 ** 30)
    assert pow(2 ** 30, pow(5, -1, Q), P) == 64
    assert pow(pow(4, 5, P), 3, P) == pow(pow(4, 3, P), 5, P) == 2 ** 30
    held = poker.relayer([4, 9, 16], [0, 2], 3, [1, 0])      # position 1 is held: re-layered in place
    assert held == (4096, 729, 64)


def test_every_ciphertext_is_a_residue():
    deck = shuffled()
    assert all(pow(card, Q, P) == 1 for card in deck.cards)
    assert len(set(deck.cards)) == 12 and not set(deck.cards) & {poker.encode(i) for i in range(12)}


def test_hex_form_is_fixed_width_and_refuses_non_elements():
    assert poker.from_hex(poker.to_hex(64), "x") == 64 and len(poker.to_hex(64)) == 512
    with pytest.raises(PokerError, match="not an element of the order-Q subgroup"):
        poker.from_hex(poker.to_hex(P - 1), "the share")          # -1: a non-residue
    with pytest.raises(PokerError, match="512 lower-case hex digits"):
        poker.from_hex("AB" * 256, "the share")


# -- keys ------------------------------------------------------------------------------------

def test_key_derivation_vectors():
    """Pinned: a running campaign's dealing must never change with a pbem upgrade."""
    assert A.signature.hex().startswith("f3ddd3853f5bddd3e605b55e4e1df4fa")
    assert format(A.exponent("1", 0), "x").startswith("266bab90179f585a")
    assert A.permutation("1", 0, 10) == (6, 7, 8, 5, 4, 9, 2, 3, 1, 0)
    assert A.exponent("1", -1) == 1


def test_exponents_differ_by_pool_epoch_and_side_and_stay_in_range():
    values = {A.exponent(pool, epoch) for pool in "123" for epoch in range(3)} | {B.exponent("1", 0)}
    assert len(values) == 10 and all(1 <= v < Q for v in values)
    assert sorted(A.permutation("3", 2, 30)) == list(range(30))


def test_no_signed_file_can_extract_the_dealing_secret():
    """Issue 19: a signed bait file must not make the key sign the dealing text. Every pbem
    signature covers DOMAIN + canonical JSON; the dice secret signs its own text."""
    text = poker.secret_text("campaign-x", "allied", "n" * 64)
    assert not text.startswith(DOMAIN) and not text.startswith(b"{")
    bait = sign_body({"pbem": "orders", "text": text.decode()}, KEYS["allied"])
    assert A.signature.hex() not in bait and __import__("base64").b64encode(A.signature).decode() not in bait
    assert poker.poker_key(KEYS["allied"], "campaign-x", "allied", "n" * 64) == A           # deterministic
    assert dice_master(KEYS["allied"], "campaign-x", "allied", "n" * 64) != A.master


def test_reveal_checks_the_signature_against_the_sides_key():
    key = key_id(KEYS["allied"].public_key())
    assert poker.revealed_key(key, "campaign-x", "allied", "n" * 64, A.signature.hex()) == A
    with pytest.raises(PokerError, match="FORGED REVEAL: the dealing secret of allied"):
        poker.revealed_key(key, "campaign-x", "allied", "n" * 64, B.signature.hex())
    with pytest.raises(PokerError, match="128 lower-case hex digits"):
        poker.revealed_key(key, "campaign-x", "allied", "n" * 64, "00")


# -- a whole deal ----------------------------------------------------------------------------

def test_deal_draws_every_card_once_and_only_the_drawer_learns_it():
    deck, cards = shuffled(), []
    for turn in range(12):
        drawer, other = (A, B) if turn % 2 == 0 else (B, A)
        deck, card, _ = draw(deck, drawer, other)
        cards.append(card)
    assert sorted(cards) == list(range(12))
    with pytest.raises(PokerError, match="pool 2 is empty"):
        deck.next_position()


def test_the_share_alone_opens_nothing_for_its_sender():
    """The share is the card under the drawer's layer only: its sender cannot decode it."""
    deck = shuffled()
    part = poker.share(B, deck, 0)
    assert poker.decode(part, 12) is None
    assert poker.decode(pow(part, pow(B.exponent("2", 0), -1, Q), P), 12) is None


def test_draws_wait_for_both_stages():
    half = poker.stage(A, poker.fresh_deck("2", 5), ORDER)
    with pytest.raises(PokerError, match="must wait until both players have shuffled"):
        half.next_position()
    with pytest.raises(PokerError, match="the next stage is german's, not allied's"):
        poker.stage(A, half, ORDER)


def test_share_only_for_the_position_dealt_next():
    """A bait record naming another position must not get a share: that would open a card the
    drawer is not dealt."""
    deck = shuffled()
    with pytest.raises(PokerError, match="the card dealt next is position 0, not 5"):
        poker.share(B, deck, 5)


def test_returned_card_is_reshuffled_in_8_52():
    """8.52: "it is always placed back in the same morale pool ... It may be chosen later in the
    game at random by either Player." The returned card waits for a new epoch of both stages."""
    deck = shuffled(size=4)
    deck, first, _ = draw(deck, A, B)
    held_before = deck.cards[0]
    deck = poker.returned(deck, 0)
    with pytest.raises(PokerError, match="a card came back to it, 8.52"):
        deck.next_position()
    deck = poker.stage(A, deck, ORDER)
    deck = poker.stage(B, deck, ORDER)
    assert deck.epoch == 1 and held_before not in deck.cards
    cards = []
    for _ in range(4):
        deck, card, _ = draw(deck, B, A)
        cards.append(card)
    assert sorted(cards) == list(range(4)) and first in cards


def test_held_cards_stay_put_across_a_reshuffle():
    deck = shuffled(size=6)
    deck, kept, _ = draw(deck, A, B)        # position 0, held
    deck, back, _ = draw(deck, B, A)        # position 1, returned
    deck = poker.stage(B, poker.stage(A, poker.returned(deck, 1), ORDER), ORDER)
    # the held card is still at position 0 under the new layers: A opens it with B's epoch-1 share
    share = pow(deck.cards[0], pow(B.exponent("2", 1), -1, Q), P)
    assert poker.decode(pow(share, pow(A.exponent("2", 1), -1, Q), P), 6) == kept
    assert deck.next_position() == 1


# -- cheating ----------------------------------------------------------------------------------

def test_wrong_share_is_caught_during_play():
    deck = shuffled()
    bad = pow(deck.cards[0], pow(B.exponent("2", 1), -1, Q), P)          # another epoch's layer
    with pytest.raises(WrongShare, match="WRONG SHARE: the share german sent for pool 2 position 0 decrypts to no card"):
        poker.open_card(A, deck, 0, bad, "german")
    with pytest.raises(PokerError, match="not an element"):
        poker.open_card(A, deck, 0, P - 1, "german")


def test_a_stage_is_checked_as_far_as_play_allows():
    deck = poker.stage(A, poker.fresh_deck("2", 4), ORDER)
    honest = poker.stage(B, deck, ORDER)
    assert poker.with_stage(deck, honest.cards, "german", ORDER) == honest
    with pytest.raises(PokerError, match="repeats a card"):
        poker.with_stage(deck, honest.cards[:3] + honest.cards[:1], "german", ORDER)
    with pytest.raises(PokerError, match="has 3 cards, not 4"):
        poker.with_stage(deck, honest.cards[:3], "german", ORDER)
    with pytest.raises(PokerError, match="card 2 of the stage by german is not an element"):
        poker.with_stage(deck, honest.cards[:2] + (P - 1,) + honest.cards[3:], "german", ORDER)
    with pytest.raises(PokerError, match="the next stage is german's, not allied's"):
        poker.with_stage(deck, honest.cards, "allied", ORDER)


def record(size: int = 5) -> tuple[list[Event], list[int]]:
    """A pool's public record: two stages, three draws, a return and its reshuffle, two draws
    (made once per size: each test gets its own lists of the frozen events)."""
    events, cards = _record(size)
    return list(events), list(cards)


@cache
def _record(size: int) -> tuple[tuple[Event, ...], tuple[int, ...]]:
    deck, events, cards = poker.fresh_deck("2", size), [], []
    for key in (A, B):
        deck = poker.stage(key, deck, ORDER)
        events.append(Event("stage", key.side, cards=deck.cards))
    for drawer, other in ((A, B), (B, A), (A, B)):
        deck, card, event = draw(deck, drawer, other)
        events.append(event)
        cards.append(card)
    deck = poker.returned(deck, 1)
    events.append(Event("return", position=1))
    for key in (A, B):
        deck = poker.stage(key, deck, ORDER)
        events.append(Event("stage", key.side, cards=deck.cards))
    for drawer, other in ((B, A), (B, A)):
        deck, card, event = draw(deck, drawer, other)
        events.append(event)
        cards.append(card)
    return tuple(events), tuple(cards)


def test_replay_of_an_honest_record():
    events, cards = record()
    assert poker.replay_pool("2", 5, ORDER, {"allied": A, "german": B}, events) == cards
    held = {cards[0], cards[2]}                      # positions 0 and 2 stay under units
    assert len(set(cards[:3])) == 3 and len(set(cards[3:])) == 2 and not held & set(cards[3:])


def test_replay_names_a_stage_not_from_the_secret():
    """A stage that is a valid-looking deck (distinct residues) but not the one the player's
    revealed secret gives: e.g. German keeping Allied's order instead of its own permutation."""
    events, _ = record()
    forged = poker.relayer(events[0].cards, range(5), B.exponent("2", 0), range(5))
    events[1] = Event("stage", "german", cards=forged)
    with pytest.raises(PokerError, match="CHEATING at pool 2 event 2: the stage german published"):
        poker.replay_pool("2", 5, ORDER, {"allied": A, "german": B}, events)


def test_substituted_share_passes_play_but_not_replay():
    """German answers Allied's draw with another card of Allied's epoch-0 output: Allied decodes a
    real card (nothing to see during play), the replay names the wrong share."""
    events, _ = record()
    draw_event = events[2]
    other_card = next(c for c in events[0].cards if c != draw_event.share)
    deck = shuffled(size=5)
    card = poker.open_card(A, deck, 0, other_card, "german")                 # accepted in play
    events[2] = Event("draw", "allied", position=0, share=other_card, card=card)
    with pytest.raises(PokerError, match="CHEATING at pool 2 event 3: german sent a wrong share for position 0"):
        poker.replay_pool("2", 5, ORDER, {"allied": A, "german": B}, events)


def test_drawer_committed_to_another_card():
    events, cards = record()
    lie = (cards[1] + 1) % 5
    events[3] = Event("draw", "german", position=1, share=events[3].share, card=lie)
    with pytest.raises(PokerError, match=f"CHEATING at pool 2 event 4: german drew card {cards[1]} but committed to card {lie}"):
        poker.replay_pool("2", 5, ORDER, {"allied": A, "german": B}, events)


# -- random deals ------------------------------------------------------------------------------

@cache
def first_stages(size: int, pool: str) -> tuple[Event, ...]:
    """The stage events that make shuffled(size, pool) from the fresh deck, as its record holds them."""
    once = poker.stage(A, poker.fresh_deck(pool, size), ORDER)
    assert poker.stage(B, once, ORDER) == shuffled(size, pool)
    return Event("stage", "allied", cards=once.cards), Event("stage", "german", cards=shuffled(size, pool).cards)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["draw", "return"]), st.sampled_from(ORDER), st.integers(0, 9)), max_size=12))
def test_random_deals_never_deal_a_held_card_and_replay(actions):
    """Whatever mix of draws and 8.52 returns: no card is ever under two units, every card not
    held stays dealable, and the replay with both secrets gives the same cards."""
    size, keys = 4, {"allied": A, "german": B}
    deck, events, held, cards = shuffled(size, "3"), list(first_stages(size, "3")), {}, []
    for kind, side, pick in actions:
        if kind == "draw" and deck.free:
            drawer, other = (A, B) if side == "allied" else (B, A)
            deck, card, event = draw(deck, drawer, other)
            assert card not in held.values()
            held[event.position] = card
            events.append(event)
            cards.append(card)
        elif kind == "return" and held:
            position = sorted(held)[pick % len(held)]
            del held[position]
            deck = poker.returned(deck, position)
            events.append(Event("return", position=position))
            for key in (A, B):
                deck = poker.stage(key, deck, ORDER)
                events.append(Event("stage", key.side, cards=deck.cards))
    assert poker.replay_pool("3", size, ORDER, keys, events) == cards
    remaining = []
    while deck.free:
        deck, card, _ = draw(deck, A, B)
        remaining.append(card)
    assert sorted(remaining + list(held.values())) == list(range(size))


def test_the_subgroup_test_agrees_with_eulers_criterion():
    """poker.element tests membership of the order-Q subgroup with the Jacobi symbol (issue 13:
    speed); for the safe prime P it must agree with pow(v, Q, P) == 1 on residues, non-residues,
    the cards of the bundled campaign's decks, values with many factors 2 (the symbol takes them
    from the low byte, or past it), and the edge values 0, 1, P - 1 and values from P on."""
    import secrets
    from pbem.hidden import poker
    from tests.conftest import ROOT
    save = (ROOT / "examples" / "operation-grenade-demo" / "campaign" / "steps" / "0022" / "save.yaml").read_text()
    cards = sorted({int(text, 16) for text in re.findall(r"\b[0-9a-f]{512}\b", save)})
    assert len(cards) >= 36
    squares = [pow(secrets.randbelow(poker.P - 3) + 2, 2, poker.P) for _ in range(6)]
    values = [0, 1, 2, 3, 4, poker.P - 1, poker.P - 2, poker.P, poker.P + 1, poker.P + 4, 2 * poker.P - 1, 3 * poker.P]
    values += [secrets.randbelow(poker.P - 3) + 2 for _ in range(6)] + squares + [poker.P - s for s in squares]
    values += [s << k for s in squares[:2] for k in (1, 7, 8, 9, 40)] + [1 << k for k in (8, 9, 2047)]
    for value in values + cards[::3]:          # Euler's criterion costs 20 ms a value
        residue = pow(value, poker.Q, poker.P) == 1
        assert (poker._jacobi(value, poker.P) == 1) == residue, value
        assert poker._in_subgroup(value) == (1 < value < poker.P and residue), value
    assert all(poker._in_subgroup(card) for card in cards)       # every card of the decks is an element
    assert not any(poker._in_subgroup(poker.P - s) for s in squares)    # -1 is a non-residue (P = 3 mod 4)
    assert poker.element(4, "four") == 4
    with pytest.raises(poker.PokerError, match="is not an element of the order-Q subgroup"):
        poker.element(poker.P - 1, "minus one")       # -1 is a non-residue mod a safe prime P = 3 mod 4


def test_powers_by_openssl_equal_pythons_pow(monkeypatch):
    """A stage raises every card to one exponent through OpenSSL (poker.powers, issue 13: speed): the
    same numbers as Python's pow, for the encoded cards, residues, the edge exponents 1, 2, Q-2, Q-1,
    and by Python's pow alone where OpenSSL refuses (the same numbers again)."""
    import secrets
    bases = [poker.encode(i) for i in range(4)] + [pow(secrets.randbelow(P - 3) + 2, 2, P) for _ in range(6)]
    exponents = [1, 2, Q - 2, Q - 1] + [secrets.randbelow(Q - 1) + 1 for _ in range(4)]
    for exponent in exponents:
        assert poker.powers(bases, exponent) == [pow(b, exponent, P) for b in bases], exponent

    def refused(*args):
        raise ValueError("refused")
    monkeypatch.setattr(poker.dh, "DHPrivateNumbers", refused)
    assert poker.powers(bases, exponents[-1]) == [pow(b, exponents[-1], P) for b in bases]
    assert poker.relayer([poker.encode(0), poker.encode(1)], [0, 1], 3, [1, 0]) == (729, 64)
