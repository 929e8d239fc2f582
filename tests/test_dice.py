"""The two-party dice scheme (docs/dice.md): known rolls, forgery, seeds, secrecy."""

import hashlib
import hmac
import re

import pytest

from pbem.dice import (Dice, check_leaf, draw, order_set_digest, reveal_leaf, step_seed,
                       tree_root)
from pbem.errors import PbemError

MASTER_A = bytes(range(32))
MASTER_B = bytes(range(32, 64))
DEPTH = 5                                     # 32 leaves: small trees, same code as the real 2**14


def leaf_by_hand(master: bytes, step: int) -> str:
    """docs/dice.md, written independently of pbem.dice: HMAC-SHA256(master, "pbem-dice-leaf-v2|STEP")."""
    return hmac.new(master, f"pbem-dice-leaf-v2|{step}".encode(), hashlib.sha256).hexdigest()


def root_by_hand(master: bytes, depth: int) -> str:
    level = [hashlib.sha256(b"\x00pbem-leaf" + i.to_bytes(4, "big") + bytes.fromhex(leaf_by_hand(master, i))).digest()
             for i in range(2 ** depth)]
    while len(level) > 1:
        level = [hashlib.sha256(b"\x01" + level[i] + level[i + 1]).digest() for i in range(0, len(level), 2)]
    return level[0].hex()


def test_known_secrets_give_known_rolls():
    # Pinned: anyone re-implementing docs/dice.md must get exactly these faces.
    a, b = leaf_by_hand(MASTER_A, 1), leaf_by_hand(MASTER_B, 1)
    assert reveal_leaf(MASTER_A, 1, DEPTH)["secret"] == a and tree_root(MASTER_A, DEPTH) == root_by_hand(MASTER_A, DEPTH)
    digest = order_set_digest([{"attack": "2516", "with": ["u1"]}])
    seed = step_seed("camp-1", 1, digest, {"german": a, "soviet": b})
    assert seed == step_seed("camp-1", 1, digest, {"soviet": b, "german": a})
    # seed string per docs/dice.md, recomputed here by hand
    by_hand = hashlib.sha256(f"pbem-seed-v2|camp-1|1|{digest}|german={a}|soviet={b}".encode()).hexdigest()
    assert seed == by_hand == PINNED_SEED
    faces = [draw(seed, f"prepared assault on {h}", 6)[0] for h in ("2516", "2517", "2618", "1819E")]
    assert faces == PINNED_FACES
    assert faces == [reference_die(seed, f"prepared assault on {h}") for h in ("2516", "2517", "2618", "1819E")]


PINNED_SEED = "dc360186d505aca1aaf5438f9e15ef3c17ce1a9ff2b5e1538690cafdcf1a234c"
PINNED_FACES = [5, 5, 6, 5]


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


def test_a_revealed_leaf_proves_up_to_the_committed_root():
    root = tree_root(MASTER_A, DEPTH)
    for step in (1, 4, 2 ** DEPTH - 1):      # any step, in any order: a step without dice reveals nothing
        leaf = reveal_leaf(MASTER_A, step, DEPTH)
        assert check_leaf(leaf, step, root, DEPTH, "german") == leaf_by_hand(MASTER_A, step)
        assert len(leaf["proof"]) == DEPTH


@pytest.mark.parametrize("forge, phrase", [
    (lambda leaf: dict(leaf, secret=hashlib.sha256(b"my favourite roll").hexdigest()), "FORGED DICE"),
    (lambda leaf: reveal_leaf(MASTER_A, 4, DEPTH) | {"step": 3}, "FORGED DICE"),      # step 4's secret as step 3's
    (lambda leaf: dict(leaf, proof=reveal_leaf(MASTER_A, 4, DEPTH)["proof"]), "FORGED DICE"),
    (lambda leaf: reveal_leaf(MASTER_B, 3, DEPTH), "FORGED DICE"),                    # another party's tree
    (lambda leaf: dict(leaf, step=4), "for step 4, not step 3"),
    (lambda leaf: dict(leaf, step=True), "for step True"),
    (lambda leaf: dict(leaf, secret=leaf["secret"].upper()), "lower-case hex"),
    (lambda leaf: dict(leaf, proof=leaf["proof"][:-1]), "is not 5 hashes"),
    (lambda leaf: dict(leaf, extra=1), "exactly step, secret and proof"),
    (lambda leaf: leaf["secret"], "exactly step, secret and proof"),
])
def test_forged_leaves_are_refused(forge, phrase):
    root = tree_root(MASTER_A, DEPTH)
    with pytest.raises(PbemError, match=re.escape(phrase)):
        check_leaf(forge(reveal_leaf(MASTER_A, 3, DEPTH)), 3, root, DEPTH, "german")


def test_one_revealed_leaf_tells_nothing_of_any_other_step():
    """The format-1 chain gave away every earlier link with one later one (hash it forward).
    A reveal now holds its own secret and hashes of other leaves: no other step's secret."""
    secrets = {s: leaf_by_hand(MASTER_A, s) for s in range(1, 2 ** DEPTH)}
    for step in range(1, 2 ** DEPTH):
        leaf = reveal_leaf(MASTER_A, step, DEPTH)
        shown = {leaf["secret"], *leaf["proof"]}
        assert shown & set(secrets.values()) == {secrets[step]}
        assert hashlib.sha256(bytes.fromhex(leaf["secret"])).hexdigest() not in secrets.values()


def test_the_tree_is_used_up_at_its_last_leaf():
    with pytest.raises(PbemError, match="used up at step 32"):
        reveal_leaf(MASTER_A, 2 ** DEPTH, DEPTH)


def test_changing_one_order_changes_the_seed():
    pre = {"german": leaf_by_hand(MASTER_A, 1), "soviet": leaf_by_hand(MASTER_B, 1)}
    orders = [{"attack": "2516", "with": ["u1", "u2"]}, {"attack": "2618", "with": ["u3"]}]
    changed = [{"attack": "2516", "with": ["u1"]}, {"attack": "2618", "with": ["u3"]}]
    assert step_seed("c", 1, order_set_digest(orders), pre) != step_seed("c", 1, order_set_digest(changed), pre)


def test_reordering_battles_changes_no_seed():
    orders = [{"attack": "2516", "with": ["u1"]}, {"attack": "2618", "with": ["u3"]}]
    assert order_set_digest(orders) == order_set_digest(list(reversed(orders)))


def test_own_secret_alone_cannot_compute_the_rolls():
    # The German knows its own secret and the Soviet root (public). Any stand-in for the
    # unrevealed Soviet secret — the root, its own secret, zeros, another step's — gives another seed.
    own, true_soviet = leaf_by_hand(MASTER_A, 1), leaf_by_hand(MASTER_B, 1)
    digest = order_set_digest([{"attack": "2516", "with": ["u1"]}])
    real = step_seed("c", 1, digest, {"german": own, "soviet": true_soviet})
    for guess in (tree_root(MASTER_B, DEPTH), own, "00" * 32, leaf_by_hand(MASTER_B, 2)):
        assert step_seed("c", 1, digest, {"german": own, "soviet": guess}) != real


def test_dice_refuses_without_seed_and_duplicate_purpose():
    with pytest.raises(PbemError, match="rolls a die \\(combat at 2516\\) but the reveal is missing"):
        Dice(None, "the reveal is missing").roll("crt/2516", about="combat at 2516")
    dice = Dice(hashlib.sha256(b"s").hexdigest())
    dice.roll("crt/2516", about="combat at 2516")
    with pytest.raises(PbemError, match="used twice"):
        dice.roll("crt/2516", about="combat at 2516, reworded")


def test_a_die_purpose_is_a_stable_key_and_the_sentence_does_not_change_the_roll():
    seed = hashlib.sha256(b"s").hexdigest()
    first, second = Dice(seed), Dice(seed)
    assert first.roll("crt/2516", about="prepared assault on 2516") == second.roll("crt/2516", about="assault at 2516 (11.24)")
    assert first.rolls[0]["purpose"] == "crt/2516" and first.rolls[0]["about"] == "prepared assault on 2516"
    with pytest.raises(PbemError, match="is not a key like 'crt/1819E'"):
        Dice(seed).roll("prepared assault on 2516")


def test_a_reveal_from_the_kept_upper_levels_equals_the_whole_tree(tmp_path, monkeypatch):
    """Issue 13: the levels above the 128-leaf subtrees are kept across processes (pbem/parsecache.py);
    a reveal from them, in a later process, is the very proof the whole tree gives, for every subtree."""
    from pbem import dice
    monkeypatch.setenv("PBEM_CACHE_DIR", str(tmp_path))
    depth = 10                                          # 8 subtrees of 2**CACHED_HEIGHT leaves
    assert dice.CACHED_HEIGHT == 7
    dice._top.cache_clear()
    assert tree_root(MASTER_A, depth) == root_by_hand(MASTER_A, depth)
    assert len(list(tmp_path.glob("*.json"))) == 1      # the record of the upper levels
    dice._top.cache_clear()                             # as a fresh process: read from the record
    root = root_by_hand(MASTER_A, depth)
    for step in (1, 126, 127, 128, 129, 700, 1023):
        leaf = reveal_leaf(MASTER_A, step, depth)
        assert leaf["secret"] == leaf_by_hand(MASTER_A, step) and len(leaf["proof"]) == depth
        assert check_leaf(leaf, step, root, depth, "german") == leaf["secret"]
    dice._top.cache_clear()


def test_a_wrong_record_of_the_upper_levels_only_costs_the_speed(tmp_path, monkeypatch):
    """A record whose nodes are not this master's (a forged or stale cache file that proves its own
    digest) never gives a wrong proof: the reveal notices its subtree's root is not there and
    computes the whole tree; `fresh` gives the true root (inputs.dice_master_for retries with it)."""
    from pbem import dice, parsecache
    monkeypatch.setenv("PBEM_CACHE_DIR", str(tmp_path))
    depth = 9
    parsecache.store("dice-tree-top", dice._record_digest(MASTER_A, depth), ["ab" * 32] * 4)
    dice._top.cache_clear()
    assert tree_root(MASTER_A, depth) != root_by_hand(MASTER_A, depth)        # the record, as kept
    assert tree_root(MASTER_A, depth, fresh=True) == root_by_hand(MASTER_A, depth)
    dice._top.cache_clear()
    leaf = reveal_leaf(MASTER_A, 300, depth)
    assert check_leaf(leaf, 300, root_by_hand(MASTER_A, depth), depth, "german") == leaf_by_hand(MASTER_A, 300)
    [record] = tmp_path.glob("*.json")                  # rewritten with the true nodes
    assert "ab" * 32 not in record.read_text().partition("\n")[2]       # after the record's key-and-digest line
    dice._top.cache_clear()
