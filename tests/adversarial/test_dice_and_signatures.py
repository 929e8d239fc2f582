"""Dice and signature hardening: the attacks a cheating player and a third party made against
format 1 (42 tried, 22 accepted), each scripted through the CLI and now refused with one line,
the campaign folder byte-identical afterwards; and the properties the fixes rest on (the
same signed inputs make the same folder whoever runs what first; equivalent orders roll alike).
"""

import base64
import hashlib
import shutil

import pytest
import yaml

from pbem import campaign as camp
from pbem.ed25519_strict import L, P, _add, decode_point
from pbem.keys import key_id
from pbem.signing import sign_body
from pbem.yamlio import dump_yaml, parse_yaml_text
from tests.conftest import forge_signed

from . import util

STEPS = util.demo_steps()
FIRST = STEPS[0]                 # Turn 1 German prepared assault (its die waits for the Soviet's air answer, 13.5)
assert FIRST["side"] == "german", FIRST
# the first German file that rolls a die, so it needs the alliance's reveal: his tactical air answer
# before the Turn 2 Soviet prepared assaults' dice (13.5)
REVEALED = next(s for s in STEPS if s["side"] == "german" and s["reveals"])
BASE = REVEALED["n"] - 1


@pytest.fixture
def keydir(tmp_path):
    """Private copies of the demo keys: the ledger beside a key must not be written into examples/."""
    target = tmp_path / "keys"
    shutil.copytree(util.DEMO_SRC / "keys", target)
    return target


def refused(args, phrase, *names, folder=None, prefix="pbem: error:"):
    before = util.snapshot(folder) if folder else None
    line = util.assert_refused(util.pbem(*args), phrase, *[str(n) for n in names], prefix=prefix)
    if folder:
        assert util.snapshot(folder) == before, "the campaign folder changed"
    return line


def template_body(folder, side):
    return parse_yaml_text(camp.order_template(folder, side), "template")


# -- 1. `pbem sign` signs only the current step of the signer's own copy -------------------------

BAITS = {
    "a-far-future-save": ({"save": 9998}, "BEHIND: orders were written for save 9998"),
    "the-next-save": ({"save": 1}, "adjudicate save 1 first"),
    "another-save-hash": ({"save_hash": "0" * 64}, "STALE OR REPLAYED"),
    "another-campaign": ({"campaign": "smithereens-rematch"}, "orders are for campaign 'smithereens-rematch'"),
    "another-header": ({"header": "1" * 64}, "orders name campaign header 111111111111"),
    "save-true": ({"save": True}, "STALE OR REPLAYED: orders were written for save True"),
}


@pytest.mark.parametrize("bait", sorted(BAITS))
def test_sign_refuses_a_pre_filled_bait_file(campaign_at, keydir, tmp_path, monkeypatch, bait):
    """Format 1 signed any save written in the file, adding the dice link of save+1; from the link
    of step 9999 the cheater hashed forward to every link of the victim's steps 1-9998."""
    monkeypatch.chdir(tmp_path)
    folder = campaign_at(0)
    changes, phrase = BAITS[bait]
    body = template_body(folder, "german") | changes
    path = util.write(tmp_path / "bait.yaml", dump_yaml(body))
    refused(["sign", folder, path, "--key", keydir / "german"], phrase, path, folder=folder)
    assert not (tmp_path / "bait.yaml.signed.txt").exists()


@pytest.mark.parametrize("case", ["the-side-not-awaited", "a-key-of-another-seat"])
def test_sign_refuses_orders_for_a_seat_that_is_not_awaited_or_not_the_signers(campaign_at, keydir, tmp_path, case):
    """A non-mover's orders for the mover's step would carry the non-mover's own dice secret for
    that step, the one it must keep until the mover's orders are fixed."""
    folder = campaign_at(0)                                       # save 0 awaits the German
    if case == "the-side-not-awaited":
        body, key, phrase = template_body(folder, "german") | {"side": "alliance"}, "alliance", "orders are from 'alliance'"
    else:
        body, key, phrase = template_body(folder, "german"), "alliance", "this key is not german's key"
    path = util.write(tmp_path / "bait.yaml", dump_yaml(body))
    refused(["sign", folder, path, "--key", keydir / key], phrase, path, folder=folder)


# -- 2. weak keys and non-canonical signatures -------------------------------------------------

def _encode(x: int, y: int) -> bytes:
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _weak_raw(name: str) -> bytes:
    honest = decode_point(bytes.fromhex(base64.b64decode(key_id(util.keys()["german"].public_key())[8:]).hex()))
    return {
        "identity": (1).to_bytes(32, "little"),                       # order 1
        "order-2": (P - 1).to_bytes(32, "little"),                    # (0, -1)
        "order-4": (0).to_bytes(32, "little"),                        # (sqrt(-1), 0)
        "order-4-other-sign": ((0) | (1 << 255)).to_bytes(32, "little"),
        "non-canonical-y": (P + 1).to_bytes(32, "little"),            # y = 1 written as p + 1
        "torsion-component": _encode(*_add(honest, (0, P - 1))),     # an honest key plus a point of order 2
    }[name]


def _ssh_line(raw: bytes) -> str:
    blob = b"".join(len(p).to_bytes(4, "big") + p for p in (b"ssh-ed25519", raw))
    return "ssh-ed25519 " + base64.b64encode(blob).decode("ascii") + " weak\n"


WEAK = ["identity", "order-2", "order-4", "order-4-other-sign", "non-canonical-y", "torsion-component"]


@pytest.mark.parametrize("name", WEAK)
def test_new_refuses_a_weak_public_key(demo, tmp_path, name):
    weak = util.write(tmp_path / "weak.pub", _ssh_line(_weak_raw(name)))
    line = refused(["new", "smithereens", "historical", "--dir", tmp_path / "new", "--player", f"german={weak}",
                    "--player", f"alliance={util.DEMO_SRC / 'keys' / 'alliance.pub'}",
                    "--commitment", demo / "commitments" / "german.txt",
                    "--commitment", demo / "commitments" / "alliance.txt"], "", weak)
    assert "WEAK KEY" in line or "not a readable public key" in line, line
    assert not (tmp_path / "new").exists()


def _forged_under(raw_key: bytes, body: dict) -> str:
    """A signature that verifies under OpenSSL for a small-order key with no private key: R = the
    identity point, S = 0 ([S]B = R + [k]A holds for every message when A has small order)."""
    signature = (1).to_bytes(32, "little") + bytes(32)
    return util.armour(dump_yaml(body), "ed25519:" + base64.b64encode(raw_key).decode("ascii"),
                       base64.b64encode(signature).decode("ascii"))


@pytest.mark.parametrize("name", ["identity", "order-2", "order-4"])
def test_orders_forged_under_a_weak_key_are_refused(demo, campaign_at, tmp_path, name):
    folder = campaign_at(0)
    body = util.body_of(demo / FIRST["orders"][0])
    forged = util.write(tmp_path / "forged.txt", _forged_under(_weak_raw(name), body))
    refused(["adjudicate", folder, forged], "BAD SIGNATURE", forged, folder=folder)


@pytest.mark.parametrize("how", ["s-plus-l", "small-order-r", "short"])
def test_a_malleated_signature_of_genuine_orders_is_refused(demo, campaign_at, tmp_path, how):
    """The same orders under a second spelling of the signature (S + L verifies in lax code)."""
    folder = campaign_at(0)
    text = (demo / FIRST["orders"][0]).read_text()
    message = util.parse_signed(text, "x")
    raw = base64.b64decode(message.signature)
    if how == "s-plus-l":
        raw = raw[:32] + (int.from_bytes(raw[32:], "little") + L).to_bytes(32, "little")
    elif how == "small-order-r":
        raw = (1).to_bytes(32, "little") + raw[32:]
    else:
        raw = raw[:63]
    forged = util.write(tmp_path / "orders.txt", util.armour(dump_yaml(message.body), message.signer,
                                                             base64.b64encode(raw).decode("ascii")))
    refused(["adjudicate", folder, forged, *[demo / r for r in FIRST["reveals"]]], "BAD SIGNATURE", forged, folder=folder)


@pytest.mark.parametrize("seats", ["two-players", "player-as-gm"])
def test_one_key_may_hold_one_seat(keydir, tmp_path, seats):
    k = util.keys()
    commitments = {s: util.write(tmp_path / f"{s}.txt", camp.make_commitment(k["german"], "one-key", s))
                   for s in ("german", "alliance", "gm")}
    if seats == "two-players":
        args = ["--player", f"german={keydir / 'german.pub'}", "--player", f"alliance={keydir / 'german.pub'}",
                "--commitment", commitments["german"], "--commitment", commitments["alliance"]]
    else:
        args = ["--player", f"german={keydir / 'german.pub'}", "--player", f"alliance={keydir / 'alliance.pub'}",
                "--gm", keydir / "german.pub", "--commitment", commitments["gm"]]
    refused(["new", "smithereens", "historical", "--dir", tmp_path / "new", *args], "one key holds two seats")
    assert not (tmp_path / "new").exists()


# -- 3. pending inputs are re-checked, never trusted from the disk ---------------------------------

@pytest.fixture
def movers_copy(demo, campaign_at, keydir):
    """The mover's copy after `pbem adjudicate DIR ORDERS` without the reveal: pending/ holds them."""
    folder = campaign_at(BASE)
    util.assert_ok(util.pbem("adjudicate", folder, demo / REVEALED["orders"][0]))
    assert sorted(p.name for p in (folder / "pending").iterdir()) == ["orders-german.txt"]
    return folder


def _other_orders(demo) -> str:
    """Orders of the same German for the same save, validly signed: same moves, another hash."""
    return util.resign(demo / REVEALED["orders"][0], util.keys()["german"], comment="the variant I prefer")


PENDING_EDITS = {
    "dice-secret-edited": (lambda text, demo: text.replace("secret: ", "secret: 0", 1).replace("secret: 0" + "0", "secret: 1", 1),
                           "BAD SIGNATURE"),
    "other-orders-swapped-in": (lambda text, demo: _other_orders(demo), "reveal is bound to other orders"),
    "signed-by-the-other-key": (lambda text, demo: util.resign(text, util.keys()["alliance"]), "WRONG KEY"),
    "comment-added": (lambda text, demo: text.replace("orders:", "# my REAL orders\norders:", 1), "not stored as pbem stores"),
}


@pytest.mark.parametrize("edit", sorted(PENDING_EDITS))
def test_adjudicating_the_reveal_rechecks_the_pending_orders(demo, movers_copy, edit):
    pending = movers_copy / "pending" / "orders-german.txt"
    make, phrase = PENDING_EDITS[edit]
    pending.write_text(make(pending.read_text(), demo))
    reveal = demo / REVEALED["reveals"][0]
    refused(["adjudicate", movers_copy, reveal], phrase, folder=movers_copy)


def test_reveal_refuses_when_other_orders_wait_in_pending(demo, movers_copy, keydir, tmp_path, monkeypatch):
    """Format 1 checked the argument of `pbem reveal` but signed a reveal for the swapped file."""
    monkeypatch.chdir(tmp_path)
    (movers_copy / "pending" / "orders-german.txt").write_text(
        util.parse_signed(_other_orders(demo), "x").armoured())
    genuine = demo / REVEALED["orders"][0]
    refused(["reveal", movers_copy, genuine, "--key", keydir / "alliance"], f"other orders for save {BASE} are already recorded",
            folder=movers_copy)
    assert not list(tmp_path.glob("reveal-*.txt"))


# -- 4. commitments `pbem new` cannot use ---------------------------------------------------------

def _commitment_with(changes: dict) -> dict:
    body = util.body_of(util.demo_build() / "commitments" / "german.txt")
    for field, value in changes.items():
        if value is None:
            body.pop(field)
        else:
            body[field] = value
    return body


BAD_COMMITMENTS = {
    "extra-field": ({"created": "2027-01-01"}, "unknown field(s) ['created']"),
    "missing-root": ({"root": None}, "missing field(s) ['root']"),
    "tree-depth-2": ({"tree_depth": 2}, "tree_depth 2 is not a whole number from 4 to 20"),
    "tree-depth-huge": ({"tree_depth": 10**30}, "is not a whole number from 4 to 20"),
    "tree-depth-true": ({"tree_depth": True}, "tree_depth True is not a whole number"),
    "root-not-hex": ({"root": "zz"}, "root is not 64 lower-case hex digits"),
    "nonce-short": ({"nonce": "ab"}, "nonce is not 64 lower-case hex digits"),
    "format-1-chain": ({"version": None, "root": None, "nonce": None, "tree_depth": None, "tip": "ab" * 32,
                        "chain_length": 10000}, "malformed commitment"),
    "version-1": ({"version": 1}, "commitment version 1"),
}


@pytest.mark.parametrize("case", sorted(BAD_COMMITMENTS))
def test_new_refuses_a_commitment_it_cannot_use(demo, tmp_path, case):
    changes, phrase = BAD_COMMITMENTS[case]
    bad = util.write(tmp_path / "german.txt", sign_body(_commitment_with(changes), util.keys()["german"]))
    refused(["new", "smithereens", "historical", "--dir", tmp_path / "new",
             "--player", f"german={util.DEMO_SRC / 'keys' / 'german.pub'}",
             "--player", f"alliance={util.DEMO_SRC / 'keys' / 'alliance.pub'}",
             "--commitment", bad, "--commitment", demo / "commitments" / "alliance.txt"], phrase)
    assert not (tmp_path / "new").exists()


# -- 5. one spelling of an order ------------------------------------------------------------------

SPELLINGS = {"mathematical-bold": "𝟏𝟗𝟏𝟖E", "fullwidth": "１９１８E", "arabic-indic": "١٩١٨E"}


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
@pytest.mark.parametrize("command", ["check", "adjudicate"])
def test_hex_ids_take_ascii_digits_only(demo, campaign_at, tmp_path, spelling, command):
    folder = campaign_at(0)
    body = template_body(folder, "german") | {"orders": [{"attack": SPELLINGS[spelling], "with": ["ger-46pz"]}]}
    if command == "check":
        path = util.write(tmp_path / "orders.yaml", dump_yaml(body))
        before = util.snapshot(folder)
        util.assert_check_refused(util.pbem("check", folder, path), "bad hex id", str(path))
        assert util.snapshot(folder) == before
    else:
        path = util.write(tmp_path / "orders.txt", forge_signed(folder, body, util.keys()["german"]))
        refused(["adjudicate", folder, path], "bad hex id", path, folder=folder)


EQUIVALENT = [
    ([{"attack": "1918E", "with": ["ger-46pz", "ger-73id"]}],
     [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"], "advance": []}]),
    ([{"attack": "1918E", "with": ["ger-46pz", "ger-73id"]}],
     [{"attack": "1918E", "with": ["ger-73id", "ger-46pz"], "losses": ["ger-46pz", "ger-73id"]}]),
    ([{"attack": "1918E", "with": ["ger-46pz", "ger-73id"], "advance": ["ger-46pz", "ger-73id"]}],
     [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"], "advance": ["ger-73id", "ger-46pz"]}]),
]


@pytest.mark.parametrize("first, second", EQUIVALENT)
def test_equivalent_orders_give_the_same_seed(campaign_at, first, second):
    folder = campaign_at(0)
    campaign = camp.open_campaign(folder)
    state = campaign.latest()[1]["state"]
    digests = [camp._orders_digest(campaign, {"state": state}, {"side": "german", "orders": o}) for o in (first, second)]
    assert digests[0] == digests[1]
    different = [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"], "losses": ["ger-73id", "ger-46pz"]}]
    assert camp._orders_digest(campaign, {"state": state}, {"side": "german", "orders": different}) != digests[0]


# -- 6. what is stored is what is signed ----------------------------------------------------------

def test_a_comment_inside_the_signed_block_is_not_stored(demo, campaign_at, tmp_path):
    folder = campaign_at(0)
    genuine = (demo / FIRST["orders"][0]).read_text()
    decoy = genuine.replace("orders:", "# <- my REAL orders, the list below is a decoy\norders:", 1)
    assert decoy != genuine
    path = util.write(tmp_path / "orders.txt", "Dear Bob,\nmy orders:\n\n" + decoy + "\nregards\n")
    util.assert_ok(util.pbem("adjudicate", folder, path, *[demo / r for r in FIRST["reveals"]]))
    assert (folder / "steps" / "0001" / "orders-german.txt").read_text() == genuine
    assert util.snapshot(folder) == util.snapshot(util.truncate(util.copy_campaign(demo, tmp_path / "d"), 1))


def test_verify_refuses_a_stored_file_with_text_the_signature_does_not_cover(fresh_demo):
    path = fresh_demo / FIRST["orders"][0]
    path.write_text(path.read_text().replace("orders:", "# <- my REAL orders\norders:", 1))
    refused(["verify", fresh_demo], "holds text the signature does not cover", FIRST["orders"][0], folder=fresh_demo,
            prefix="pbem: verify FAILED:")


# -- 7. sizes are bounded before anything is parsed ----------------------------------------------------

def _sparse(path, size):
    with open(path, "wb") as stream:
        stream.truncate(size)
    return path


@pytest.mark.parametrize("case", ["a-60-MB-save-to-status", "a-60-MB-save-to-verify", "a-4-MiB-signed-file",
                                  "a-4-MiB-orders-file-to-check", "a-300-KiB-reveal"])
def test_oversized_files_are_refused_before_parsing(demo, campaign_at, tmp_path, case):
    folder = campaign_at(1)
    if case.startswith("a-60-MB-save"):
        save = _sparse(folder / "steps" / "0001" / "save.yaml", 60 * 1000 * 1000)
        command = "status" if case.endswith("status") else "verify"
        if command == "status":      # the latest save is parsed: its size is checked first
            refused([command, folder], "over the 2097152-byte limit", save, folder=folder)
        else:                        # verify replays and compares: a save of another size differs, unread
            refused([command, folder], "differs from the replay", save, folder=folder, prefix="pbem: verify FAILED:")
        return
    if case == "a-4-MiB-signed-file":                # a bogus signature behind 4 MiB of body
        text = util.armour(dump_yaml(util.body_of(demo / STEPS[1]["orders"][0])) + "x: '" + "y" * (4 * 1024 * 1024) + "'\n")
        path = util.write(tmp_path / "orders.txt", text)
        refused(["adjudicate", folder, path], "over the 262144-byte limit", path, folder=folder)
    elif case == "a-4-MiB-orders-file-to-check":
        path = _sparse(tmp_path / "orders.yaml", 4 * 1024 * 1024)
        refused(["check", folder, path], "over the 262144-byte limit", path, folder=folder)
    else:
        path = util.write(tmp_path / "reveal.txt", "z" * (300 * 1024))
        refused(["adjudicate", folder, demo / STEPS[1]["orders"][0], path], "over the 262144-byte limit", path, folder=folder)


def test_a_bogus_signer_is_refused_before_the_body_is_parsed(demo, campaign_at, tmp_path):
    """The body here is hostile YAML that would take the parser its time; the signer is not a key."""
    folder = campaign_at(0)
    body = "pbem: orders\n" + "".join(f"k{i}: [{', '.join(['1'] * 20)}]\n" for i in range(2000))
    path = util.write(tmp_path / "orders.txt", util.armour(body, "ed25519:" + "A" * 43 + "=", "AAAA"))
    refused(["adjudicate", folder, path], "BAD SIGNATURE: WEAK KEY", path, folder=folder)   # all zeros: order 4


# -- 8. the same signed inputs make the same folder, whoever runs what first ---------------------------

@pytest.mark.parametrize("order", ["orders-then-reveal", "orders-and-reveal-together", "reveal-then-orders-again"])
def test_the_movers_copy_and_the_revealers_copy_end_byte_identical(demo, campaign_at, keydir, tmp_path, monkeypatch, order):
    """Format 1: the mover recorded its orders as a pending save 1, the revealer resolved them as
    save 1; the mover then made the reveal save 2, and the next orders were refused as stale."""
    monkeypatch.chdir(tmp_path)
    mover, revealer = campaign_at(BASE, "mover"), campaign_at(BASE, "revealer")
    orders = demo / REVEALED["orders"][0]
    util.assert_ok(util.pbem("reveal", revealer, orders, "--key", keydir / "alliance"))
    reveal = next(tmp_path.glob("reveal-alliance-*.txt"))
    if order == "orders-then-reveal":
        util.assert_ok(util.pbem("adjudicate", mover, orders))
        util.assert_ok(util.pbem("adjudicate", mover, reveal))
    elif order == "orders-and-reveal-together":
        util.assert_ok(util.pbem("adjudicate", mover, reveal, orders))
    else:
        util.assert_ok(util.pbem("adjudicate", mover, orders))
        util.assert_ok(util.pbem("adjudicate", mover, orders, reveal))      # the orders again: the same input
    assert util.snapshot(mover) == util.snapshot(revealer)
    assert util.assert_ok(util.pbem("verify", mover)).startswith("OK:")


# -- 9. `save: true` is not save 1 ------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["orders", "reveal"])
def test_save_true_is_not_save_1(demo, campaign_at, tmp_path, kind):
    folder = campaign_at(1)
    step = STEPS[1]
    if kind == "orders":
        body = util.body_of(demo / step["orders"][0]) | {"save": True}
        path = util.write(tmp_path / "orders.txt", forge_signed(folder, body, util.keys()[step["side"]]))
        refused(["adjudicate", folder, path], "STALE OR REPLAYED: orders were written for save True", path, folder=folder)
    else:
        folder = campaign_at(BASE, "at-the-revealed-save")
        reveal = demo / REVEALED["reveals"][0]
        body = util.body_of(reveal)
        forged = util.write(tmp_path / "reveal.txt", util.resign(reveal, util.keys()[body["side"]], save=False))
        refused(["adjudicate", folder, demo / REVEALED["orders"][0], forged], "reveal is bound to other orders", forged, folder=folder)


# -- design weaknesses: fresh commitments, who played ------------------------------------------------

def test_a_second_commitment_to_one_campaign_id_is_refused(keydir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    util.assert_ok(util.pbem("commit", "--key", keydir / "german", "--campaign", "rematch", "--side", "german"))
    refused(["commit", "--key", keydir / "german", "--campaign", "rematch", "--side", "german", "--out", "again.txt"],
            "this key already committed to campaign id 'rematch'", "german.pbem-ledger.yaml")
    assert not (tmp_path / "again.txt").exists()


def test_a_reused_commitment_is_refused_when_its_player_acts(keydir, tmp_path, monkeypatch):
    """The opponent proposes a rematch under the same id with the old commitment files: the
    victim's secrets of the first campaign would be known in the second."""
    monkeypatch.chdir(tmp_path)
    for side in ("german", "alliance"):
        util.assert_ok(util.pbem("commit", "--key", keydir / side, "--campaign", "duel", "--side", side))
    made = {}
    for name, title in (("first", "Duel"), ("rematch", "Duel, the rematch")):
        util.assert_ok(util.pbem("new", "smithereens", "historical", "--dir", name, "--title", title,
                                 "--player", f"german={keydir / 'german.pub'}", "--player", f"alliance={keydir / 'alliance.pub'}",
                                 "--commitment", "duel-german.commit.txt", "--commitment", "duel-alliance.commit.txt",
                                 "--data", util.DEMO_OVERRIDE))
        made[name] = tmp_path / name
        util.write(tmp_path / f"{name}.yaml", dump_yaml(template_body(made[name], "german") | {"orders": []}))
    util.assert_ok(util.pbem("sign", made["first"], tmp_path / "first.yaml", "--key", keydir / "german"))
    refused(["sign", made["rematch"], tmp_path / "rematch.yaml", "--key", keydir / "german"], "REUSED COMMITMENT",
            folder=made["rematch"])
    assert not (tmp_path / "rematch.yaml.signed.txt").exists()


def test_verify_names_the_header_and_each_seats_key_fingerprint(fresh_demo):
    out = util.assert_ok(util.pbem("verify", fresh_demo))
    header = yaml.safe_load((fresh_demo / "campaign.yaml").read_text())
    assert f"header sha256 {camp.data_hash(header)}" in out
    for seat in ("german", "alliance"):
        raw = base64.b64decode(header["players"][seat]["key"][len("ed25519:"):])
        blob = b"".join(len(p).to_bytes(4, "big") + p for p in (b"ssh-ed25519", raw))   # as ssh-keygen -lf
        print_ = "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
        assert f"seat {seat}: key {print_}; signed " in out
