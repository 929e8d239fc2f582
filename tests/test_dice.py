"""The two-party dice scheme (docs/dice.md): known rolls, forgery, seeds, secrecy."""

import hashlib
import hmac

import pytest

from pbem.dice import (Dice, check_preimage, draw, link, order_set_digest, preimage_for_step,
                       step_seed)
from pbem.errors import PbemError

SECRET_A = bytes(range(32))
SECRET_B = bytes(range(32, 64))
LENGTH = 100


def test_known_secrets_give_known_rolls():
    # Pinned: anyone re-implementing docs/dice.md must get exactly these faces.
    a = preimage_for_step(SECRET_A, LENGTH, 1)
    b = preimage_for_step(SECRET_B, LENGTH, 1)
    seed = step_seed("camp-1", 1, order_set_digest([{"attack": "2516", "with": ["u1"]}]), {"german": a, "soviet": b})
    faces = [draw(seed, f"prepared assault on {h}", 6)[0] for h in ("2516", "2517", "2618", "1819E")]
    assert seed == step_seed("camp-1", 1, order_set_digest([{"attack": "2516", "with": ["u1"]}]), {"soviet": b, "german": a})
    assert faces == [draw(seed, f"prepared assault on {h}", 6)[0] for h in ("2516", "2517", "2618", "1819E")]
    # seed string per docs/dice.md, recomputed here by hand
    by_hand = hashlib.sha256(
        f"pbem-seed-v1|camp-1|1|{order_set_digest([{'attack': '2516', 'with': ['u1']}])}|german={a}|soviet={b}".encode()).hexdigest()
    assert seed == by_hand == "10f30077d4fc4bb63181dfff7a99f581549e70f43d0393c41846e2bdba64e14d"
    assert faces == [1, 5, 6, 1]
    assert faces == [reference_die(seed, f"prepared assault on {h}") for h in ("2516", "2517", "2618", "1819E")]


def reference_die(seed_hex: str, purpose: str, sides: int = 6) -> int:
    """The 10-line script of docs/dice.md, written independently of pbem.dice."""
    seed, limit, block = bytes.fromhex(seed_hex), 256 - 256 % sides, 0
    while True:
        for byte in hmac.new(seed, f"{purpose}#{block}".encode(), hashlib.sha256).digest():
            if byte < limit:
                return byte % sides + 1
        block += 1




def test_reference_script_agrees_with_pbem():
    seed = hashlib.sha256(b"any seed").hexdigest()
    for purpose in ("a", "prepared assault on 2516", "x" * 300):
        for sides in (2, 6, 10, 20, 100):
            assert draw(seed, purpose, sides)[0] == reference_die(seed, purpose, sides)


def test_rejection_sampling_skips_high_bytes():
    # find a purpose whose first byte is >= 252: the d6 must come from a later byte
    seed = hashlib.sha256(b"rejection").hexdigest()
    for n in range(5000):
        purpose = f"p{n}"
        first = hmac.new(bytes.fromhex(seed), f"{purpose}#0".encode(), hashlib.sha256).digest()[0]
        if first >= 252:
            face, block, byte = draw(seed, purpose, 6)
            assert (block, byte) != (0, 0)
            assert face == reference_die(seed, purpose)
            return
    pytest.fail("no purpose with a rejected first byte found")


def test_faces_are_uniform_enough():
    seed = hashlib.sha256(b"uniform").hexdigest()
    counts = [0] * 6
    for n in range(6000):
        counts[draw(seed, f"roll {n}", 6)[0] - 1] += 1
    chi_square = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi_square < 20.5, counts      # 20.5 = 99.9th percentile of chi-square, 5 degrees of freedom


def test_chain_links_verify_forward_and_skip():
    tip = link(SECRET_A, LENGTH).hex()
    step1 = preimage_for_step(SECRET_A, LENGTH, 1)
    check_preimage(step1, 1, tip, 0, "german")
    step4 = preimage_for_step(SECRET_A, LENGTH, 4)
    check_preimage(step4, 4, step1, 1, "german")     # steps 2 and 3 skipped (no dice rolled)


def test_forged_preimage_is_refused():
    tip = link(SECRET_A, LENGTH).hex()
    forged = hashlib.sha256(b"my favourite roll").hexdigest()
    with pytest.raises(PbemError, match="FORGED DICE"):
        check_preimage(forged, 1, tip, 0, "german")
    # the right link for the wrong step is refused too
    with pytest.raises(PbemError, match="FORGED DICE"):
        check_preimage(preimage_for_step(SECRET_A, LENGTH, 2), 1, tip, 0, "german")
    # re-using an already revealed link (replay) is refused
    with pytest.raises(PbemError, match="not newer"):
        check_preimage(tip, 0, tip, 0, "german")


def test_changing_one_order_changes_the_seed():
    pre = {"german": preimage_for_step(SECRET_A, LENGTH, 1), "soviet": preimage_for_step(SECRET_B, LENGTH, 1)}
    orders = [{"attack": "2516", "with": ["u1", "u2"]}, {"attack": "2618", "with": ["u3"]}]
    changed = [{"attack": "2516", "with": ["u1"]}, {"attack": "2618", "with": ["u3"]}]
    assert step_seed("c", 1, order_set_digest(orders), pre) != step_seed("c", 1, order_set_digest(changed), pre)


def test_reordering_battles_changes_no_seed():
    orders = [{"attack": "2516", "with": ["u1"]}, {"attack": "2618", "with": ["u3"]}]
    assert order_set_digest(orders) == order_set_digest(list(reversed(orders)))


def test_own_secret_alone_cannot_compute_the_rolls():
    # The German knows its own link and the soviet tip (public). Any stand-in for the
    # unrevealed soviet link — the tip, its own link, zeros — gives a different seed.
    own = preimage_for_step(SECRET_A, LENGTH, 1)
    true_soviet = preimage_for_step(SECRET_B, LENGTH, 1)
    digest = order_set_digest([{"attack": "2516", "with": ["u1"]}])
    real = step_seed("c", 1, digest, {"german": own, "soviet": true_soviet})
    for guess in (link(SECRET_B, LENGTH).hex(), own, "00" * 32, preimage_for_step(SECRET_B, LENGTH, 2)):
        assert step_seed("c", 1, digest, {"german": own, "soviet": guess}) != real
    # and the true link is exactly the one value that hashes to the public tip
    assert hashlib.sha256(bytes.fromhex(true_soviet)).digest() == link(SECRET_B, LENGTH)


def test_dice_refuses_without_seed_and_duplicate_purpose():
    with pytest.raises(PbemError, match="rolls a die \\(combat at 2516\\) but the reveal is missing"):
        Dice(None, "the reveal is missing").roll("combat at 2516")
    dice = Dice(hashlib.sha256(b"s").hexdigest())
    dice.roll("combat at 2516")
    with pytest.raises(PbemError, match="used twice"):
        dice.roll("combat at 2516")
