"""The strict Ed25519 checks in extended coordinates answer what the affine reference answers."""

import hashlib

from pbem.ed25519_strict import (IDENTITY, L, P, _add, _ext_is_identity, _ext_times, _extended, _times, decode_point,
                                 has_small_order, public_key_problem)

BASE = decode_point(bytes.fromhex("5866666666666666666666666666666666666666666666666666666666666666"))


def _affine_small_order(point):
    for _ in range(3):
        point = _add(point, point)
    return point == IDENTITY


def _curve_points(count: int):
    """Curve points from hashed bytes: most have a torsion component, as a random point does."""
    found, n = [], 0
    while len(found) < count:
        point = decode_point(hashlib.sha256(b"point %d" % n).digest())
        n += 1
        if point is not None:
            found.append(point)
    return found


def test_the_base_point_decodes():
    assert BASE is not None and BASE[1] == 4 * pow(5, P - 2, P) % P


def test_extended_checks_agree_with_the_affine_reference():
    points = _curve_points(5)
    torsion = [_times(q, L) for q in points[:3]]                    # [L]Q: points of small order
    subgroup = [_times(BASE, k) for k in (1, 12345, L - 1)]   # the prime-order subgroup
    mixed = [_add(a, t) for a in subgroup[:2] for t in torsion[:2]]
    for point in points + torsion + subgroup + mixed + [IDENTITY, (0, P - 1)]:
        assert has_small_order(point) == _affine_small_order(point), point
        assert _ext_is_identity(_ext_times(_extended(point), L)) == (_times(point, L) == IDENTITY), point
    assert all(has_small_order(t) for t in torsion)
    assert not any(has_small_order(a) for a in subgroup)
    assert all(_ext_is_identity(_ext_times(_extended(a), L)) for a in subgroup)
    assert not any(_ext_is_identity(_ext_times(_extended(m), L)) for m in mixed if m not in subgroup)


def test_key_checks_name_the_same_problems():
    raw_base = bytes.fromhex("5866666666666666666666666666666666666666666666666666666666666666")
    assert public_key_problem(raw_base) is None
    identity = (1).to_bytes(32, "little")
    assert public_key_problem(identity) == "a small-order (weak) Ed25519 point: signatures under it can be forged"


def _encode(point) -> bytes:
    x, y = point
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def test_a_key_with_a_torsion_component_is_refused():
    torsion = next(t for t in (_times(q, L) for q in _curve_points(3)) if t != IDENTITY)
    key = _add(_times(BASE, 777), torsion)
    assert decode_point(_encode(key)) == key
    assert public_key_problem(_encode(key)) == "not in the prime-order subgroup (a point with a torsion component)"
    assert public_key_problem(_encode(_times(BASE, 777))) is None
