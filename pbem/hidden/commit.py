"""Salted commitments to hidden items.

A commitment is SHA-256 over the canonical bytes of [domain, campaign, side, item id, value,
salt]. The salt is 256 bits, so a value from a small space (a unit id, a chit number) cannot be
found by trying every candidate. The salt is derived from the owner's own Ed25519 key (its
deterministic signature over the campaign, the side and the header hash, RFC 8032), then per
save and item by HMAC-SHA256: unpredictable to anyone without the key, never chosen after the
fact, and re-computable by the owner; it is also written beside the value in the owner's
private part, so the part alone re-opens every commitment (for `verify --private`).
"""

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from ..canonical import canonical_bytes, sha256_hex
from ..dice import HEX64
from ..errors import PbemError

DOMAIN = "pbem-hidden-commitment-v1"


def salt_master(key: Ed25519PrivateKey, campaign: str, side: str, header_hash: str) -> bytes:
    """The owner's salt secret for one campaign: its key's deterministic signature, hashed."""
    signature = key.sign(f"pbem hidden salts v1|{campaign}|{side}|{header_hash}".encode())
    return hashlib.sha256(b"pbem-hidden-salt-master-v1" + signature).digest()


def item_salt(master: bytes, save: int, item: str) -> str:
    """The 256-bit salt of `item` committed in save `save` (64 hex digits)."""
    return hmac.new(master, f"pbem-hidden-salt-v1|{save}|{item}".encode(), hashlib.sha256).hexdigest()


def commitment(campaign: str, side: str, item: str, value: Any, salt: str) -> str:
    return sha256_hex(canonical_bytes([DOMAIN, campaign, side, item, value, salt]))


@dataclass(frozen=True)
class Opening:
    """An item's value with its salt, as a reveal carries it and a private part keeps it."""

    value: Any
    salt: str

    def as_dict(self) -> dict:
        return {"value": self.value, "salt": self.salt}


def parse_opening(raw: Any, item: str) -> Opening:
    if not isinstance(raw, dict) or set(raw) != {"value", "salt"}:
        raise PbemError(f"the opening of hidden item {item!r} must be a mapping of exactly value and salt")
    if not isinstance(raw["salt"], str) or not HEX64.fullmatch(raw["salt"]):
        raise PbemError(f"the salt of hidden item {item!r} is not 64 lower-case hex digits")
    return Opening(raw["value"], raw["salt"])


def check_opening(campaign: str, side: str, item: str, raw: Any, committed: str) -> Opening:
    """An opening must match the commitment the public save holds; a mismatch is refused."""
    opening = parse_opening(raw, item)
    if commitment(campaign, side, item, opening.value, opening.salt) != committed:
        raise PbemError(f"FALSE REVEAL: the opening of {side}'s hidden item {item!r} does not match its "
                        "commitment in the save")
    return opening
