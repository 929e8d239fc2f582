"""Two-party committed dice: neither player alone can predict or bias a roll (docs/dice.md).

Each party derives a secret from its own key and the campaign id, hashes it CHAIN_LENGTH times
and publishes only the last link (the tip). Step s of the campaign uses link CHAIN_LENGTH - s,
revealed by the mover inside its signed orders and by the other party only after those orders
are fixed. The step seed hashes both links with the campaign id, the step and the orders digest;
each die is then drawn by its named purpose with rejection sampling (no modulo bias).
"""

import hashlib
import hmac
from dataclasses import dataclass, field

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .canonical import data_hash
from .errors import PbemError

DEFAULT_CHAIN_LENGTH = 10_000


def chain_secret(key: Ed25519PrivateKey, campaign: str, party: str) -> bytes:
    """Ed25519 signatures are deterministic (RFC 8032), so the key regenerates its secret."""
    signature = key.sign(f"pbem dice chain v1|{campaign}|{party}".encode())
    return hashlib.sha256(b"pbem-dice-secret-v1" + signature).digest()


def link(secret: bytes, index: int) -> bytes:
    """Link `index` of the chain: the secret hashed `index` times (the tip is link LENGTH)."""
    value = secret
    for _ in range(index):
        value = hashlib.sha256(value).digest()
    return value


def preimage_for_step(secret: bytes, chain_length: int, step: int) -> str:
    if not 1 <= step < chain_length:
        raise PbemError(f"dice chain exhausted at step {step} (length {chain_length}); start a new campaign record")
    return link(secret, chain_length - step).hex()


def check_preimage(preimage_hex: str, step: int, known_hex: str, known_step: int, party: str) -> None:
    """A link for `step` must hash, (step - known_step) times, to the last link known for `party`."""
    try:
        value = bytes.fromhex(preimage_hex)
    except (TypeError, ValueError):
        raise PbemError(f"dice pre-image of {party} is not hex") from None
    if len(value) != 32 or step <= known_step:
        raise PbemError(f"dice pre-image of {party} for step {step} is malformed or not newer than step {known_step}")
    if link(value, step - known_step).hex() != known_hex:
        raise PbemError(f"FORGED DICE: the pre-image {party} gave for step {step} does not match its commitment")


def order_set_digest(orders: list) -> str:
    """The seed commits to the *set* of orders: reordering battles changes no roll."""
    return data_hash(sorted(data_hash(order) for order in orders))


def step_seed(campaign: str, step: int, orders_digest: str, preimages: dict[str, str]) -> str:
    text = f"pbem-seed-v1|{campaign}|{step}|{orders_digest}|" + "|".join(
        f"{party}={preimages[party]}" for party in sorted(preimages))
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


@dataclass
class Dice:
    """The dice a game module rolls during one step. Purposes must be unique within a step."""

    seed: str | None
    missing: str = ""            # why there is no seed (shown if a game asks for a die)
    rolls: list[dict] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6) -> int:
        if self.seed is None:
            raise DiceUnavailable(f"this step rolls a die ({purpose}) but {self.missing}")
        if any(r["purpose"] == purpose for r in self.rolls):
            raise PbemError(f"internal: die purpose {purpose!r} used twice in one step")
        face, block, position = draw(self.seed, purpose, sides)
        self.rolls.append({"purpose": purpose, "die": f"1d{sides}", "result": face,
                           "block": block, "byte": position})
        return face
