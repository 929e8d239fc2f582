"""Two-party committed dice: neither player alone can predict or bias a roll (docs/dice.md).

Each party derives a master secret from its own key, the campaign id and a fresh random nonce,
and from it one independent 32-byte secret per step. The step secrets are the leaves of a
Merkle tree; the party publishes only the root (signed, in its commitment). Step s reveals
leaf s with its Merkle proof: the mover inside its signed orders, the other parties only after
those orders are fixed. One revealed leaf tells nothing about any other step's (each is an
HMAC of the master secret), unlike the hash chain of format 1, whose one link gave away every
earlier step's. The step seed hashes the revealed leaves with the campaign id, the step and
the orders digest; each die is then drawn by its named purpose with rejection sampling.
"""

import hashlib
import hmac
import re
from dataclasses import dataclass, field
from functools import lru_cache

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .canonical import data_hash
from .errors import PbemError

COMMITMENT_VERSION = 2
TREE_DEPTH = 14                      # 16,384 leaves: steps 1..16,383 (a long campaign uses a few hundred)
DEFAULT_LEAVES = 1 << TREE_DEPTH
ALLOWED_DEPTHS = range(4, 21)        # what `pbem new` accepts in a commitment (16 .. 1,048,576 leaves)
HEX64 = re.compile(r"[0-9a-f]{64}")  # lower-case ASCII hex only: one spelling per value


def dice_master(key: Ed25519PrivateKey, campaign: str, party: str, nonce: str) -> bytes:
    """Ed25519 signatures are deterministic (RFC 8032): the key and the public nonce regenerate
    the master secret, so nothing secret needs keeping beside the key, and a fresh nonce gives a
    fresh tree even for a reused campaign id."""
    signature = key.sign(f"pbem dice master v2|{campaign}|{party}|{nonce}".encode())
    return hashlib.sha256(b"pbem-dice-master-v2" + signature).digest()


def leaf_secret(master: bytes, index: int) -> bytes:
    return hmac.digest(master, f"pbem-dice-leaf-v2|{index}".encode(), "sha256")


def leaf_hash(index: int, secret: bytes) -> bytes:
    """The leaf names its own index, so a secret revealed for one step cannot stand at another."""
    return hashlib.sha256(b"\x00pbem-leaf" + index.to_bytes(4, "big") + secret).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


# Every reveal needs the root's whole tree (16,384 HMACs and 32,767 hashes, about 40 ms: most of
# an `adjudicate --key`), so the levels above the subtrees of 2**CACHED_HEIGHT leaves are kept
# across processes in the parsed-data cache (pbem/parsecache.py, issue 13), under a hash of the
# master secret. They hold no secret: they are hashes of hashes of the leaves, the very nodes the
# reveals' proofs publish. A reveal computes its own subtree from the master and must find its
# root in the kept level, and the level must hash up to the committed root (inputs.dice_master_for),
# or the tree is computed again in full: a wrong record only costs the speed.
CACHED_HEIGHT = 7


def _subtree(master: bytes, first: int, height: int) -> list[list[bytes]]:
    """The levels of the subtree of 2**height leaves from leaf `first`, leaves first."""
    sha256, digest = hashlib.sha256, hmac.digest
    level = [sha256(b"\x00pbem-leaf" + i.to_bytes(4, "big")
                    + digest(master, f"pbem-dice-leaf-v2|{i}".encode(), "sha256")).digest()
             for i in range(first, first + (1 << height))]
    levels = [level]
    for _ in range(height):
        level = [sha256(b"\x01" + level[i] + level[i + 1]).digest() for i in range(0, len(level), 2)]
        levels.append(level)
    return levels


def _up(level: list[bytes]) -> tuple[tuple[bytes, ...], ...]:
    """`level` and every level above it, up to the root."""
    levels = [tuple(level)]
    while len(level) > 1:
        level = [node_hash(level[i], level[i + 1]) for i in range(0, len(level), 2)]
        levels.append(tuple(level))
    return tuple(levels)


def _record_digest(master: bytes, depth: int) -> str:
    return hashlib.sha256(b"pbem-dice-tree-top-v1|" + depth.to_bytes(1, "big") + master).hexdigest()


@lru_cache(maxsize=8)
def _top(master: bytes, depth: int, fresh: bool = False) -> tuple[tuple[bytes, ...], ...]:
    """The tree's levels from the roots of its subtrees of 2**CACHED_HEIGHT leaves up to the root:
    from the kept record when one is there (and not `fresh`), else computed and kept."""
    from . import parsecache
    height = min(CACHED_HEIGHT, depth)
    count = 1 << (depth - height)
    if count == 1:
        return _up([_subtree(master, 0, height)[-1][0]])
    digest = _record_digest(master, depth)
    kept = None if fresh else parsecache.lookup("dice-tree-top", digest)
    if (isinstance(kept, list) and len(kept) == count
            and all(isinstance(node, str) and HEX64.fullmatch(node) for node in kept)):
        return _up([bytes.fromhex(node) for node in kept])
    level = [_subtree(master, j << height, height)[-1][0] for j in range(count)]
    parsecache.store("dice-tree-top", digest, [node.hex() for node in level])
    return _up(level)


def tree_root(master: bytes, depth: int = TREE_DEPTH, fresh: bool = False) -> str:
    """The root of `master`'s tree (`fresh`: computed in full, not from the kept record)."""
    return _top(master, depth, fresh)[-1][0].hex()


def reveal_leaf(master: bytes, step: int, depth: int = TREE_DEPTH) -> dict:
    """Step `step`'s secret and its Merkle proof (siblings from the leaf up)."""
    if not 1 <= step < (1 << depth):
        raise PbemError(f"the dice tree is used up at step {step} ({(1 << depth) - 1} steps); "
                        "start a new campaign record")
    height = min(CACHED_HEIGHT, depth)
    below = _subtree(master, step >> height << height, height)
    top = _top(master, depth)
    if top[0][step >> height] != below[-1][0]:      # a wrong record: the tree again, in full
        top = _top(master, depth, True)
    proof, index = [], step & ((1 << height) - 1)
    for level in below[:-1]:                         # inside the step's subtree
        proof.append(level[index ^ 1].hex())
        index //= 2
    index = step >> height
    for above in top[:-1]:                           # above it
        proof.append(above[index ^ 1].hex())
        index //= 2
    return {"step": step, "secret": leaf_secret(master, step).hex(), "proof": proof}


def check_leaf(value, step: int, root: str, depth: int, party: str) -> str:
    """A revealed leaf for `step` must prove up to `party`'s committed root. Returns the secret."""
    if not isinstance(value, dict) or set(value) != {"step", "secret", "proof"}:
        raise PbemError(f"the dice of {party} must be a mapping of exactly step, secret and proof")
    if type(value["step"]) is not int or value["step"] != step:
        raise PbemError(f"FORGED DICE: the dice of {party} are for step {value['step']!r}, not step {step}")
    secret, proof = value["secret"], value["proof"]
    if not isinstance(secret, str) or not HEX64.fullmatch(secret):
        raise PbemError(f"the dice secret of {party} is not 64 lower-case hex digits")
    if not isinstance(proof, list) or len(proof) != depth or not all(
            isinstance(p, str) and HEX64.fullmatch(p) for p in proof):
        raise PbemError(f"the dice proof of {party} is not {depth} hashes of 64 lower-case hex digits")
    node, index, sha256 = leaf_hash(step, bytes.fromhex(secret)), step, hashlib.sha256
    for sibling in proof:       # node_hash of the pair, inlined (issue 13: verify checks every reveal)
        other = bytes.fromhex(sibling)
        node = sha256(b"\x01" + node + other if index % 2 == 0 else b"\x01" + other + node).digest()
        index //= 2
    if node.hex() != root:
        raise PbemError(f"FORGED DICE: the dice {party} gave for step {step} do not prove up to its committed root")
    return secret


def fair_reveals(mover: str, camp_of: dict[str, str]) -> tuple[str, ...]:
    """The seats whose reveal a roll of `mover`'s step needs: one seat of every camp but the
    mover's (the first by name), and none of the mover's own camp (docs/dice.md, "Three or more
    seats"). A revealer from the mover's camp could hand the mover its secret beforehand and let
    it pick orders by their rolls; a revealer from each other camp cannot be made to help the
    mover against its own camp, and one per camp is enough: the mover cannot predict a roll
    without it, and nobody can bias it (each secret is fixed by its commitment)."""
    mine = camp_of[mover]
    firsts: dict[str, str] = {}
    for seat in sorted(camp_of):
        if camp_of[seat] != mine:
            firsts.setdefault(camp_of[seat], seat)
    return tuple(sorted(firsts.values()))


def order_set_digest(orders: list) -> str:
    """The seed commits to the *set* of orders: reordering battles changes no roll."""
    return data_hash(sorted(data_hash(order) for order in orders))


def seed_input(campaign: str, step: int, orders_digest: str, secrets: dict[str, str]) -> str:
    return f"pbem-seed-v2|{campaign}|{step}|{orders_digest}|" + "|".join(
        f"{party}={secrets[party]}" for party in sorted(secrets))


def step_seed(campaign: str, step: int, orders_digest: str, secrets: dict[str, str]) -> str:
    text = seed_input(campaign, step, orders_digest, secrets)
    return hashlib.sha256(text.encode()).hexdigest()


def draw(seed_hex: str, purpose: str, sides: int) -> tuple[int, int, int]:
    """One die for `purpose`: (face, block, byte). Bytes >= 256 - 256 % sides are rejected."""
    if not 2 <= sides <= 256:
        raise ValueError("dice have 2..256 sides")
    limit = 256 - 256 % sides
    seed = bytes.fromhex(seed_hex)
    for block in range(1000):
        stream = hmac.new(seed, f"{purpose}#{block}".encode(), hashlib.sha256).digest()
        for position, byte in enumerate(stream):
            if byte < limit:
                return byte % sides + 1, block, position
    raise RuntimeError("no acceptable byte in 32000 draws")  # probability < 2^-8000


class DiceUnavailable(PbemError):
    """A die was needed but a party's reveal is missing (the step can be recorded as pending)."""


# A die's purpose is a stable key, the same for every spelling of the sentence a report shows:
# "crt/1819E", "chit/942-353-58/1". The key goes into the HMAC, so rewording a report never
# changes a replayed roll; `about` is that sentence, kept beside the roll for reading.
PURPOSE_KEY = re.compile(r"[a-z][a-z0-9_-]*(/[A-Za-z0-9_.:|+-]+)*")


@dataclass
class Dice:
    """The dice a game module rolls during one step. Purposes must be unique within a step."""

    seed: str | None
    missing: str = ""            # why there is no seed (shown if a game asks for a die)
    rolls: list[dict] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, about: str = "") -> int:
        if not isinstance(purpose, str) or not PURPOSE_KEY.fullmatch(purpose):
            raise PbemError(f"internal: die purpose {purpose!r} is not a key like 'crt/1819E'")
        if self.seed is None:
            raise DiceUnavailable(f"this step rolls a die ({about or purpose}) but {self.missing}")
        if any(r["purpose"] == purpose for r in self.rolls):
            raise PbemError(f"internal: die purpose {purpose!r} used twice in one step")
        face, block, position = draw(self.seed, purpose, sides)
        self.rolls.append({"purpose": purpose, "about": about or purpose, "die": f"1d{sides}", "result": face,
                           "block": block, "byte": position})
        return face
