"""Mental-poker dealing from a pool both players draw from (issue 18; docs/hidden-information.md,
"Shared pools"). Pure functions over integers: no files, no game.

The cipher is SRA / Pohlig-Hellman, E_e(x) = x^e mod P, over the 2048-bit safe prime of RFC 3526
group 14 (P = 2Q + 1, Q prime). Every value is kept in the subgroup of order Q (the quadratic
residues): card i is encoded as (i + 2)^2 mod P, a square and never 1, and exponents are taken
in 1 .. Q - 1, so encryption is a bijection of that subgroup, layers commute
(E_a(E_b(x)) = E_b(E_a(x))), and a ciphertext carries no Legendre-symbol bit that would tell
cards apart (every one is a residue). Decryption is E_{e^-1 mod Q}.

Each player derives everything from a *poker secret*: its Ed25519 signature of
`pbem poker master v1|CAMPAIGN|SIDE|NONCE`, which RFC 8032 makes deterministic. Nothing is
stored beside the key, nothing can be chosen late (the published stage outputs bind the
player's exponents and permutations), and no pbem-signed file can yield it: every signed
message is signed over `pbem-signed-message-v1\\n` + canonical JSON (pbem/signing.py), and the
dice secret over `pbem dice master v2|...` (pbem/dice.py), so no bait file asks the key to
sign this text. At the game's end the player hands over that signature: anyone checks it
against the player's public key and replays every stage and share (`replay_pool`).

A pool of N cards is a *deck* of N ciphertexts under both players' layers of one *epoch*.
- A stage by one player: take every card, swap its own layer of the last epoch for the new
  epoch's (c^(e_old^-1 * e_new)), then permute the cards on the free positions (those no unit
  holds). Epoch 0 starts from the plain encoded cards (e_old = 1). A new epoch is two stages,
  one per player in a fixed order; after both, neither knows which card lies where.
- A draw takes the lowest free position (fixed by the public record; nobody chooses). The
  other player sends its *share*, the card with its layer removed; the drawer removes its own
  and decodes. A share that decodes to no card is caught at once (`WrongShare`).
- A card back in the pool (8.52) is already in the deck, at its position, under the current
  layers (held cards are re-layered in place at every stage): its position is freed and a new
  epoch reshuffles it in among the free cards.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives.asymmetric import dh
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from ..errors import PbemError
from ..keys import verify_signature

# RFC 3526, section 3: the 2048-bit MODP group (group 14), P = 2^2048 - 2^1984 - 1 + 2^64 * (floor(2^1918 pi) + 124476).
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
_GROUP = dh.DHParameterNumbers(P, 2)     # only for `powers`: OpenSSL's exponentiation modulo P
HEX_DIGITS = 512                        # a group element as fixed-width lower-case hex
SECRET_TEXT = "pbem poker master v1"
MASTER_DOMAIN = b"pbem-poker-master-v1"


class PokerError(PbemError):
    """A dealing record that does not add up (a bad stage, share or reveal)."""


class WrongShare(PokerError):
    """A share that decrypts to no card of the pool: the sender removed a layer it does not hold."""


# -- encoding --------------------------------------------------------------------------------

def encode(index: int) -> int:
    """Card `index` (0-based) as a quadratic residue other than 1."""
    if index < 0:
        raise ValueError("card indices start at 0")
    return (index + 2) ** 2 % P


def decode(value: int, size: int) -> int | None:
    """The card index `value` encodes in a pool of `size` cards, or None (not a card)."""
    root = _small_root(value)
    return root - 2 if root is not None and 2 <= root < size + 2 else None


def _small_root(value: int) -> int | None:
    root = math.isqrt(value)
    return root if root * root == value else None


def element(value: int, what: str) -> int:
    """`value` must be in the order-Q subgroup (a residue other than 1): refuse anything else."""
    if not _in_subgroup(value):
        raise PokerError(f"{what} is not an element of the order-Q subgroup of RFC 3526 group 14")
    return value


@lru_cache(maxsize=4096)
def _in_subgroup(value: int) -> bool:
    """Kept per value, a pure function of it: a verify or a step's trials read each deck's cards
    again at every draw and stage (issue 13: 3059 tests of 562 values in a 200-step replay)."""
    return 1 < value < P and _jacobi(value, P) == 1


def _jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0. For the prime P it is Legendre's symbol, 1 exactly when
    a is a quadratic residue, i.e. pow(a, Q, P) == 1 (Euler's criterion) — the subgroup test, some
    70 times faster than that 2048-bit exponentiation (issue 13: verify re-reads every deck)."""
    a %= n
    result = 1
    while a:
        if not a & 1:
            # every factor 2 of a at once, counted from its low byte (issue 13: a shift per bit made
            # the symbol about 13% slower); (2/n) = -1 exactly when n = 3 or 5 mod 8
            low = a & 255
            twos = _TRAILING_ZEROS[low] if low else (a & -a).bit_length() - 1
            a >>= twos
            if twos & 1 and n & 7 in (3, 5):
                result = -result
        if a & 3 == 3 and n & 3 == 3:
            result = -result
        a, n = n % a, a
    return result if n == 1 else 0


_TRAILING_ZEROS = [0] + [(i & -i).bit_length() - 1 for i in range(1, 256)]     # of a byte, for _jacobi


def to_hex(value: int) -> str:
    return format(value, f"0{HEX_DIGITS}x")


def from_hex(text: object, what: str) -> int:
    if not isinstance(text, str) or len(text) != HEX_DIGITS or text.strip("0123456789abcdef"):
        raise PokerError(f"{what} is not {HEX_DIGITS} lower-case hex digits")
    return element(int(text, 16), what)


# -- keys --------------------------------------------------------------------------------------

def secret_text(campaign: str, side: str, nonce: str) -> bytes:
    return f"{SECRET_TEXT}|{campaign}|{side}|{nonce}".encode()


@dataclass(frozen=True)
class PokerKey:
    """One player's dealing secret: `signature` is its Ed25519 signature of `secret_text`."""

    side: str
    signature: bytes

    @property
    def master(self) -> bytes:
        return hashlib.sha256(MASTER_DOMAIN + self.signature).digest()

    def exponent(self, pool: str, epoch: int) -> int:
        """The player's layer for `pool` in `epoch`: 1 .. Q-1 from 2304 bits (bias < 2^-256)."""
        if epoch < 0:
            return 1
        stream = hashlib.shake_256(self.master + f"|pbem-poker-exponent-v1|{pool}|{epoch}".encode()).digest(288)
        return int.from_bytes(stream, "big") % (Q - 1) + 1

    def permutation(self, pool: str, epoch: int, count: int) -> tuple[int, ...]:
        """A uniform permutation of range(count) (Fisher-Yates, rejection-sampled 32-bit words)."""
        order = list(range(count))
        words = _words(self.master, f"pbem-poker-permutation-v1|{pool}|{epoch}")
        for top in range(count - 1, 0, -1):
            limit = (1 << 32) - (1 << 32) % (top + 1)
            word = next(words)
            while word >= limit:
                word = next(words)
            pick = word % (top + 1)
            order[top], order[pick] = order[pick], order[top]
        return tuple(order)


def _words(master: bytes, label: str) -> Iterator[int]:
    block = 0
    while True:
        stream = hmac.new(master, f"{label}#{block}".encode(), hashlib.sha256).digest()
        for start in range(0, 32, 4):
            yield int.from_bytes(stream[start:start + 4], "big")
        block += 1


def poker_key(private_key: Ed25519PrivateKey, campaign: str, side: str, nonce: str) -> PokerKey:
    """Derive the dealing secret from the side's Ed25519 private key (deterministic, RFC 8032)."""
    return PokerKey(side, private_key.sign(secret_text(campaign, side, nonce)))


def revealed_key(key_id: str, campaign: str, side: str, nonce: str, signature_hex: object) -> PokerKey:
    """An end-of-game reveal: the signature must verify under the side's own public key."""
    if not isinstance(signature_hex, str) or len(signature_hex) != 128 or signature_hex.strip("0123456789abcdef"):
        raise PokerError(f"the dealing secret of {side} is not 128 lower-case hex digits")
    signature = bytes.fromhex(signature_hex)
    if not verify_signature(key_id, signature, secret_text(campaign, side, nonce)):
        raise PokerError(f"FORGED REVEAL: the dealing secret of {side} is not its key's signature of the dealing text")
    return PokerKey(side, signature)


# -- the deck --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deck:
    """A pool's public dealing state. `cards` are ciphertexts under both layers of `epoch`
    (epoch -1: the plain encoded cards, before any stage); `held` are the positions whose card
    is under a unit; `staged` the sides that have done their stage of `epoch` so far."""

    pool: str
    cards: tuple[int, ...]
    epoch: int
    held: frozenset[int]
    staged: tuple[str, ...]
    unmixed: bool = False          # a card came back since the last complete epoch

    @property
    def free(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.cards)) if i not in self.held)

    def next_position(self) -> int:
        """8.33 at random: the next card dealt is the lowest free position (nobody chooses)."""
        if self.staged or self.unmixed or self.epoch < 0:
            raise PokerError(f"pool {self.pool}: a draw must wait until both players have shuffled the pool"
                             + (" (a card came back to it, 8.52)" if self.unmixed else ""))
        if not self.free:
            raise PokerError(f"pool {self.pool} is empty: every card is under a unit")
        return self.free[0]


def fresh_deck(pool: str, size: int) -> Deck:
    if size < 1:
        raise ValueError("a pool has at least one card")
    return Deck(pool, tuple(encode(i) for i in range(size)), -1, frozenset(), ())


def stage(key: PokerKey, deck: Deck, order: Sequence[str]) -> Deck:
    """`key.side`'s stage of the next epoch (or of the current one, if the other side began it):
    swap its layer, then permute the cards on the free positions."""
    epoch = _stage_epoch(deck, key.side, order)
    factor = pow(key.exponent(deck.pool, epoch - 1), -1, Q) * key.exponent(deck.pool, epoch) % Q
    cards = relayer(deck.cards, deck.free, factor, key.permutation(deck.pool, epoch, len(deck.free)))
    return _after_stage(deck, cards, key.side, order)


def relayer(cards: Sequence[int], free: Sequence[int], factor: int, permutation: Sequence[int]) -> tuple[int, ...]:
    """Raise every card to `factor`, then put on free position free[i] the card that was on
    free[permutation[i]] (held positions keep their card, re-layered in place)."""
    layered = powers(cards, factor)
    out = list(layered)
    for slot, source in zip(free, permutation, strict=True):
        out[slot] = layered[free[source]]
    return tuple(out)


def powers(bases: Sequence[int], exponent: int) -> list[int]:
    """[b^exponent mod P for b in bases]: a stage raises every card to one exponent, so this goes
    through OpenSSL's modular exponentiation (cryptography's finite-field Diffie-Hellman: a peer's
    value raised to the private value, the same number), some eight times Python's pow for 2048
    bits (issue 13); Python's pow where OpenSSL refuses a value."""
    try:
        own = dh.DHPrivateNumbers(exponent, dh.DHPublicNumbers(pow(2, exponent, P), _GROUP)).private_key()
        return [int.from_bytes(own.exchange(dh.DHPublicNumbers(b, _GROUP).public_key()), "big") for b in bases]
    except (ValueError, UnsupportedAlgorithm):
        return [pow(b, exponent, P) for b in bases]


def _stage_epoch(deck: Deck, side: str, order: Sequence[str]) -> int:
    """The epoch `side`'s stage belongs to; refuses a stage out of the fixed order."""
    turn = order[len(deck.staged)] if len(deck.staged) < len(order) else None
    if turn != side:
        raise PokerError(f"pool {deck.pool}: the next stage is {turn}'s, not {side}'s")
    return staging_epoch(deck)


def staging_epoch(deck: Deck) -> int:
    """The epoch the next stage belongs to: the current one if begun, else a new one."""
    return deck.epoch if deck.staged else deck.epoch + 1


def _after_stage(deck: Deck, cards: tuple[int, ...], side: str, order: Sequence[str]) -> Deck:
    epoch = _stage_epoch(deck, side, order)
    staged = deck.staged + (side,)
    complete = len(staged) == len(order)
    return Deck(deck.pool, cards, epoch, deck.held, () if complete else staged, deck.unmixed and not complete)


def check_stage(before: Deck, cards: Sequence[int], side: str) -> None:
    """What the next player checks of a stage it receives (the rest waits for `replay_pool`):
    the same number of distinct subgroup elements, the held cards re-layered (so still distinct)."""
    if len(cards) != len(before.cards):
        raise PokerError(f"pool {before.pool}: the stage by {side} has {len(cards)} cards, not {len(before.cards)}")
    for i, card in enumerate(cards):
        element(card, f"pool {before.pool}: card {i} of the stage by {side}")
    if len(set(cards)) != len(cards):
        raise PokerError(f"pool {before.pool}: the stage by {side} repeats a card (an honest layer keeps distinct cards distinct)")


def with_stage(before: Deck, cards: Sequence[int], side: str, order: Sequence[str]) -> Deck:
    """The deck after another player's published stage (checked as far as play allows)."""
    _stage_epoch(before, side, order)
    check_stage(before, cards, side)
    return _after_stage(before, tuple(cards), side, order)


def share(key: PokerKey, deck: Deck, position: int) -> int:
    """The other player's part of a draw: its layer removed from the card at `position`. Call it
    only for the position the verified public record deals next (never for a position a message
    names): a share for any other card would open that card to the drawer."""
    if position != deck.next_position():
        raise PokerError(f"pool {deck.pool}: the card dealt next is position {deck.next_position()}, not {position}")
    return _unlayered(deck.cards[position], key.exponent(deck.pool, deck.epoch))


def open_card(key: PokerKey, deck: Deck, position: int, other_share: int, sender: str) -> int:
    """The drawer's part: remove its own layer from the other's share and decode. Refuses a
    share that is no card (WrongShare, naming the sender)."""
    element(other_share, f"the share {sender} sent for pool {deck.pool} position {position}")
    plain = _unlayered(other_share, key.exponent(deck.pool, deck.epoch))
    index = decode(plain, len(deck.cards))
    if index is None:
        raise WrongShare(f"WRONG SHARE: the share {sender} sent for pool {deck.pool} position {position} decrypts to no card")
    return index


@lru_cache(maxsize=64)
def _unlayered(value: int, exponent: int) -> int:
    """`value` with the layer `exponent` removed. Kept per numbers (a pure function of them): a
    player's machine plays a step's parts twice when it rolls (adjudicate's reveal, then with the
    stages due), and each share is a 2048-bit exponentiation."""
    return pow(value, pow(exponent, -1, Q), P)


def dealt(deck: Deck, position: int) -> Deck:
    if position != deck.next_position():
        raise PokerError(f"pool {deck.pool}: the card dealt next is position {deck.next_position()}, not {position}")
    return Deck(deck.pool, deck.cards, deck.epoch, deck.held | {position}, deck.staged, deck.unmixed)


def returned(deck: Deck, position: int) -> Deck:
    """8.52: the card at `position` goes back in the pool; the next epoch reshuffles it in."""
    if position not in deck.held:
        raise PokerError(f"pool {deck.pool}: position {position} is not under a unit")
    return Deck(deck.pool, deck.cards, deck.epoch, deck.held - {position}, deck.staged, True)


# -- end-of-game replay ----------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """One public step of a pool's record: a stage (`cards`), a draw (`position`, `drawer`,
    `share`, and `card`, the index the drawer committed to, or -1 when the game checks what the
    drawer revealed against the replayed cards instead), or a return (`position`)."""

    kind: str                      # "stage" | "draw" | "return"
    side: str = ""                 # the stage's player, or the drawer
    cards: tuple[int, ...] = ()
    position: int = -1
    share: int = 0
    card: int = -1


def replay_pool(pool: str, size: int, order: Sequence[str], keys: dict[str, PokerKey], events: Sequence[Event]) -> list[int]:
    """Replay a pool's record with both revealed dealing secrets. Returns the card of every draw;
    raises PokerError naming the first event (1-based) where a player did not follow the protocol:
    a stage its secret does not produce, a wrong share, or a drawer committed to another card."""
    deck, cards = fresh_deck(pool, size), []
    for number, event in enumerate(events, 1):
        where = f"pool {pool} event {number}"
        if event.kind == "stage":
            honest = stage(keys[event.side], deck, order)
            if honest.cards != tuple(event.cards):
                raise PokerError(f"CHEATING at {where}: the stage {event.side} published is not the one its dealing secret gives")
            deck = honest
        elif event.kind == "draw":
            other = next(side for side in order if side != event.side)
            if event.share != share(keys[other], deck, event.position):
                raise PokerError(f"CHEATING at {where}: {other} sent a wrong share for position {event.position}")
            card = open_card(keys[event.side], deck, event.position, event.share, other)
            if event.card >= 0 and card != event.card:
                raise PokerError(f"CHEATING at {where}: {event.side} drew card {card} but committed to card {event.card}")
            cards.append(card)
            deck = dealt(deck, event.position)
        elif event.kind == "return":
            deck = returned(deck, event.position)
        else:
            raise PokerError(f"{where}: unknown kind {event.kind!r}")
    return cards
