"""The signature checks are byte checks (issue 13) that accept and refuse exactly what the decoding
checks did, once OpenSSL's verify (the `cryptography` package) has had its say: non-canonical S,
small-order R, non-canonical encodings of R, and an R that is no curve point at all."""

import base64
import hashlib
import random

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.ed25519_strict import (IDENTITY, L, P, R_PROBLEM, SMALL_ORDER_ENCODINGS, _add, decode_point, has_small_order,
                                 signature_problem, signature_problem_strict)
from pbem.errors import PbemError
from pbem.keys import key_id, verify_signature
from pbem.signing import DOMAIN, armour, parse_signed, sign_body
from pbem.canonical import canonical_bytes

S_PROBLEM = "its S is not reduced (S >= L): a malleated signature"
SEED = bytes(range(32))
KEY = Ed25519PrivateKey.from_private_bytes(SEED)
BODY = {"pbem": "note", "text": "signature checks"}
MESSAGE = DOMAIN + canonical_bytes(BODY)
ORDER_8 = decode_point(bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"))


def _encode(point, sign_flip: bool = False) -> bytes:
    x, y = point
    return (y | (((x & 1) ^ sign_flip) << 255)).to_bytes(32, "little")


def _openssl_accepts(signature: bytes, message: bytes = MESSAGE) -> bool:
    try:
        KEY.public_key().verify(signature, message)
        return True
    except InvalidSignature:
        return False


def _strict_accepts(signature: bytes, message: bytes = MESSAGE) -> bool:
    """What pbem accepted before issue 13: R decoded (canonical, on the curve, of large order), S < L,
    then OpenSSL's verify."""
    return len(signature) == 64 and signature_problem_strict(signature) is None and _openssl_accepts(signature, message)


def test_the_small_order_encodings_are_the_torsion_subgroup_and_its_x0_sign_variants():
    """The eight points [k]T of an order-8 point T, each canonical and of small order, and the two
    x = 0 points spelled with the sign bit set (RFC 8032 5.1.3: decoding fails for them)."""
    points, point = [], IDENTITY
    for _ in range(8):
        points.append(point)
        point = _add(point, ORDER_8)
    assert point == IDENTITY and len(set(points)) == 8
    canonical = {_encode(p) for p in points}
    assert all(decode_point(e) is not None and has_small_order(decode_point(e)) for e in canonical)
    x0_signed = {_encode(p, sign_flip=True) for p in points if p[0] == 0}
    assert all(decode_point(e) is None for e in x0_signed)
    assert SMALL_ORDER_ENCODINGS == canonical | x0_signed


def _scalar(seed: bytes) -> int:
    """RFC 8032 5.1.5: the secret scalar of a private key (clamped)."""
    h = bytearray(hashlib.sha512(seed).digest()[:32])
    h[0] &= 248
    h[31] &= 127
    h[31] |= 64
    return int.from_bytes(h, "little")


def _identity_r_signature(message: bytes) -> bytes:
    """A signature with R = the identity that OpenSSL accepts: S = k·a, so [S]B - [k]A is the identity."""
    r = (1).to_bytes(32, "little")
    public = KEY.public_key().public_bytes_raw()
    k = int.from_bytes(hashlib.sha512(r + public + message).digest(), "little") % L
    return r + (k * _scalar(SEED) % L).to_bytes(32, "little")


def test_a_small_order_r_that_openssl_accepts_is_refused():
    forged = _identity_r_signature(MESSAGE)
    assert _openssl_accepts(forged)                    # cofactorless OpenSSL takes it
    assert signature_problem(forged) == R_PROBLEM
    assert not verify_signature(key_id(KEY.public_key()), forged, MESSAGE)
    text = armour(BODY, key_id(KEY.public_key()), base64.b64encode(forged).decode("ascii"))
    with pytest.raises(PbemError, match=r"BAD SIGNATURE: not a canonical Ed25519 signature \(its R is not a canonical point"):
        parse_signed(text, "forged.txt")


def _variants(signature: bytes, rng: random.Random) -> dict[str, bytes]:
    r, s = signature[:32], signature[32:]
    s_int = int.from_bytes(s, "little")
    off_curve = next(c for c in (rng.randrange(P).to_bytes(32, "little") for _ in range(64)) if decode_point(c) is None)
    return {
        "honest": signature,
        "s-plus-l": r + (s_int + L).to_bytes(32, "little"),
        "s-equal-l": r + L.to_bytes(32, "little"),
        "s-all-ones": r + b"\xff" * 32,
        "r-sign-flipped": (int.from_bytes(r, "little") ^ (1 << 255)).to_bytes(32, "little") + s,
        "r-identity-y-plus-p": (P + 1).to_bytes(32, "little") + s,
        "r-order-2-y-plus-p": (P).to_bytes(32, "little") + s,
        "r-y-is-p-minus-1-signed": ((P - 1) | (1 << 255)).to_bytes(32, "little") + s,
        "r-off-curve": off_curve + s,
        "r-random": rng.randbytes(32) + s,
        "short": signature[:63],
        "long": signature + b"\x00",
        "identity-r": _identity_r_signature(MESSAGE),
        **{f"small-order-{n}": e + s for n, e in enumerate(sorted(SMALL_ORDER_ENCODINGS))},
        # every non-canonical y: p + y for y < 19 (2^255 - p), with either sign bit
        **{f"r-y-{y}-plus-p-sign-{sign}": ((P + y) | (sign << 255)).to_bytes(32, "little") + s for y in range(19) for sign in (0, 1)},
    }


def test_the_byte_checks_accept_exactly_what_the_decoding_checks_accepted():
    """Every variant of honest signatures: verify_signature (byte checks, then OpenSSL) says what
    the decoding checks then OpenSSL said; an honest signature verifies, no other variant does."""
    rng = random.Random(13)
    signer = key_id(KEY.public_key())
    for n in range(6):
        body = dict(BODY, n=n)
        message = DOMAIN + canonical_bytes(body)
        signature = base64.b64decode(parse_signed(sign_body(body, KEY), "x").signature)
        for name, variant in _variants(signature, rng).items():
            expected = _strict_accepts(variant, message)
            assert verify_signature(signer, variant, message) == expected, (n, name)
            assert expected == (name == "honest"), (n, name)


def test_each_refused_encoding_is_named():
    signature = base64.b64decode(parse_signed(sign_body(BODY, KEY), "x").signature)
    r, s = signature[:32], signature[32:]
    assert signature_problem(r + L.to_bytes(32, "little")) == S_PROBLEM                # non-canonical S
    assert signature_problem((P + 1).to_bytes(32, "little") + s) == R_PROBLEM         # y = 1 written as p + 1
    for encoding in SMALL_ORDER_ENCODINGS:                                              # small-order R
        assert signature_problem(encoding + s) == R_PROBLEM
    assert signature_problem(signature[:63]) == "a signature is 64 bytes, not 63"
    off_curve = next(c for c in (hashlib.sha256(b"%d" % n).digest()[:31] + b"\x00" for n in range(64)) if decode_point(c) is None)
    assert signature_problem(off_curve + s) is None                                     # left to OpenSSL's verify ...
    assert signature_problem_strict(off_curve + s) == R_PROBLEM                          # ... and named when it fails
    text = armour(BODY, key_id(KEY.public_key()), base64.b64encode(off_curve + s).decode("ascii"))
    with pytest.raises(PbemError, match=r"not a canonical Ed25519 signature \(its R is not a canonical point of large order\)"):
        parse_signed(text, "off-curve.txt")
    assert signature_problem(signature) is None and signature_problem_strict(signature) is None
