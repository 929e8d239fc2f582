"""Strict Ed25519 encodings: what OpenSSL's verify accepts but pbem must not.

OpenSSL verifies cofactorless and accepts a public key that is a small-order point: with such
a key a signature (R small-order, S = 0) verifies for *every* message, so anyone could sign for
that seat. pbem therefore accepts only public keys that are canonical encodings of points in
the prime-order subgroup (every honest key, A = a·B, is one), and signatures whose R is a
canonical point of more than small order and whose S is reduced (S < L). RFC 8032 5.1.3 and
5.1.7 give the decoding; the curve constants are those of RFC 8032 5.1.
"""

from functools import lru_cache

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493    # order of the prime subgroup
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
IDENTITY = (0, 1)


def decode_point(raw: bytes) -> tuple[int, int] | None:
    """The affine point of a 32-byte encoding, or None if it is not a canonical curve point."""
    if len(raw) != 32:
        return None
    value = int.from_bytes(raw, "little")
    sign, y = value >> 255, value & ((1 << 255) - 1)
    if y >= P:                                  # y not reduced: a non-canonical encoding
        return None
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x2 = u * pow(v, P - 2, P) % P
    if x2 == 0:
        return None if sign else (0, y)         # x = 0 with the sign bit set is non-canonical
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * SQRT_M1 % P
    if (x * x - x2) % P:
        return None                             # not on the curve
    if x & 1 != sign:
        x = P - x
    return x, y


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Twisted Edwards addition (a = -1), affine: complete, so doubling is add(p, p)."""
    (x1, y1), (x2, y2) = a, b
    t = D * x1 * x2 * y1 * y2 % P
    x3 = (x1 * y2 + y1 * x2) * pow(1 + t, P - 2, P) % P
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P) % P
    return x3, y3


# The checks below work in extended coordinates (X : Y : Z : T with x = X/Z, y = Y/Z, xy = T/Z,
# RFC 8032 5.1.4), whose addition needs no modular inverse: a key's subgroup check ([L]A) was
# about 500 inversions in affine coordinates, 60 ms of every process that opened a campaign.
_Extended = tuple[int, int, int, int]
_EXT_IDENTITY: _Extended = (0, 1, 1, 0)


def _extended(point: tuple[int, int]) -> _Extended:
    x, y = point
    return x, y, 1, x * y % P


def _ext_add(a: _Extended, b: _Extended) -> _Extended:
    """RFC 8032 5.1.4 point addition (complete on edwards25519, so also doubling)."""
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    k_a, k_b = (y1 - x1) * (y2 - x2) % P, (y1 + x1) * (y2 + x2) % P
    k_c, k_d = 2 * t1 * t2 * D % P, 2 * z1 * z2 % P
    e, f, g, h = k_b - k_a, k_d - k_c, k_d + k_c, k_b + k_a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _ext_is_identity(point: _Extended) -> bool:
    x, y, z, _ = point
    return x % P == 0 and (y - z) % P == 0


def _ext_times(point: _Extended, scalar: int) -> _Extended:
    result, addend = _EXT_IDENTITY, point
    while scalar:
        if scalar & 1:
            result = _ext_add(result, addend)
        addend = _ext_add(addend, addend)
        scalar >>= 1
    return result


def _times(point: tuple[int, int], scalar: int) -> tuple[int, int]:
    """[scalar]point in affine coordinates (the reference the extended-coordinate checks agree with)."""
    result, addend = IDENTITY, point
    while scalar:
        if scalar & 1:
            result = _add(result, addend)
        addend = _add(addend, addend)
        scalar >>= 1
    return result


def has_small_order(point: tuple[int, int]) -> bool:
    """[8]P is the identity: P is one of the eight points of order dividing the cofactor."""
    extended = _extended(point)
    for _ in range(3):
        extended = _ext_add(extended, extended)
    return _ext_is_identity(extended)


@lru_cache(maxsize=256)
def public_key_problem(raw: bytes) -> str | None:
    """Why these 32 bytes are not a key pbem accepts, or None. Cached: keys recur in every step."""
    point = decode_point(raw)
    if point is None:
        return "not a canonical Ed25519 point"
    if has_small_order(point):
        return "a small-order (weak) Ed25519 point: signatures under it can be forged"
    if not _ext_is_identity(_ext_times(_extended(point), L)):
        return "not in the prime-order subgroup (a point with a torsion component)"
    return None


# The encodings of the eight points of order dividing the cofactor 8 (the torsion subgroup,
# [k]T for an order-8 point T: tests/test_ed25519_extended.py derives them), and the two
# non-canonical spellings of its x = 0 points with the sign bit set (RFC 8032 5.1.3 step 4).
SMALL_ORDER_ENCODINGS = frozenset(bytes.fromhex(h) for h in (
    "0100000000000000000000000000000000000000000000000000000000000000",     # identity (0, 1)
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",     # order 2 (0, -1)
    "0000000000000000000000000000000000000000000000000000000000000000",     # order 4 (sqrt(-1), 0)
    "0000000000000000000000000000000000000000000000000000000000000080",     # order 4, the other x
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",     # order 8
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "0100000000000000000000000000000000000000000000000000000000000080",     # (0, 1), sign bit set
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",     # (0, -1), sign bit set
))
_Y_MASK = (1 << 255) - 1
R_PROBLEM = "its R is not a canonical point of large order"


@lru_cache(maxsize=1024)
def signature_problem(signature: bytes) -> str | None:
    """Why a 64-byte signature is refused before verifying it, or None: byte checks only (issue 13:
    the curve arithmetic was most of reading a signed file). S < L; R's y reduced (< p) and R not
    a small-order point nor an x = 0 point with its sign bit set. An R that is no curve point at
    all passes here and never verifies: OpenSSL's verify (the `cryptography` package) computes
    R' = [S]B - [k]A and compares its encoding, always canonical and on the curve, with R's 32
    bytes; so the signatures accepted are exactly those signature_problem_strict accepts
    (tests/test_ed25519_extended.py). Cached: reading a signed file and verifying it both ask."""
    if len(signature) != 64:
        return f"a signature is 64 bytes, not {len(signature)}"
    r = signature[:32]
    if int.from_bytes(r, "little") & _Y_MASK >= P or r in SMALL_ORDER_ENCODINGS:
        return R_PROBLEM
    if int.from_bytes(signature[32:], "little") >= L:
        return "its S is not reduced (S >= L): a malleated signature"
    return None


def signature_problem_strict(signature: bytes) -> str | None:
    """signature_problem with R decoded (RFC 8032 5.1.3): an R that is not a curve point is named
    too. Only for the message of a signature that failed to verify."""
    problem = signature_problem(signature)
    if problem is None:
        point = decode_point(signature[:32])
        if point is None or has_small_order(point):
            return R_PROBLEM
    return problem
