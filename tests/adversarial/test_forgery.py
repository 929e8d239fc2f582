"""Forged, replayed and misbound signed files given to `pbem adjudicate`; broken step sequences
given to `pbem verify`. Every case is refused with one line naming the file, and the campaign
folder is byte-identical afterwards.

The cases are derived (at collection) from the campaign `pbem demo` builds: for each of its
steps, the campaign is cut back to the save before it, and that step's real signed inputs are
forged, re-signed, replayed or swapped. Each case works on its own hard-linked copy (conftest
linked_at; the files a case rewrites are its own copies).
"""

import hashlib
import shutil

import pytest

from pbem.demo import demo_nonce
from pbem.dice import dice_master, reveal_leaf
from pbem.signing import sign_body

from . import util

STEPS = util.demo_steps()
LAST = STEPS[-1]["n"]
KEYFILE = {side: util.DEMO_SRC / "keys" / side for side in util.SEATS}
ORDER_STEPS = [s for s in STEPS if s["orders"]]
REVEAL_STEPS = [s for s in ORDER_STEPS if s["reveals"]]


def adjudicate_refused(folder, files, phrase, *names, key=None):
    before = util.snapshot(folder)
    args = ["adjudicate", folder, *files] + (["--key", KEYFILE[key]] if key else [])
    line = util.assert_refused(util.pbem(*args), phrase, *[str(n) for n in names])
    assert util.snapshot(folder) == before, "the campaign folder changed"
    return line


def verify_refused(folder, phrase, *names):
    before = util.snapshot(folder)
    line = util.assert_refused(util.pbem("verify", folder), phrase, *names, prefix="pbem: verify FAILED:")
    assert util.snapshot(folder) == before
    return line


def inputs_of(demo, step):
    orders = demo / step["orders"][0]
    reveals = [demo / r for r in step["reveals"]]
    return orders, reveals


def leaf_for(side: str, campaign_id: str, step: int) -> dict:
    """`side`'s genuine dice (secret and proof) for `step` of `campaign_id`'s tree."""
    master = dice_master(util.keys()[side], campaign_id, side, demo_nonce(campaign_id, side))
    return reveal_leaf(master, step)


# -- signed by the wrong key -----------------------------------------------------------------

WRONG_KEYS = [(s["n"], signer) for s in ORDER_STEPS for signer in ("other-side", "mallory", "trent")]


@pytest.mark.parametrize("n,signer", WRONG_KEYS)
def test_orders_signed_by_a_wrong_key(demo, linked_at, inbox, n, signer):
    step = STEPS[n - 1]
    folder = linked_at(n - 1)
    orders, reveals = inputs_of(demo, step)
    key = util.keys()[util.other(step["side"]) if signer == "other-side" else signer]
    forged = util.write(inbox / "orders.txt", util.resign(orders, key))
    adjudicate_refused(folder, [forged, *reveals], "WRONG KEY", forged)


# -- replayed: in a later step, or in another campaign ---------------------------------------

REPLAYS = [(s["n"], later) for s in ORDER_STEPS for later in range(s["n"], LAST + 1)]


@pytest.mark.parametrize("n,at", REPLAYS)
def test_orders_replayed_later(demo, linked_at, n, at):
    """Orders of step n given again when the campaign is at save `at` >= n."""
    orders, reveals = inputs_of(demo, STEPS[n - 1])
    adjudicate_refused(linked_at(at), [orders, *reveals], "STALE OR REPLAYED", orders)


def other_inputs(other_campaign, n, prefix):
    """The other campaign's input files of step n, else of its nearest earlier step: its rolls (and
    so its defender's choices) differ from the demo's, since the campaign id enters every seed."""
    for number in range(n, 0, -1):
        found = sorted((other_campaign / "steps" / f"{number:04d}").glob(f"{prefix}-*.txt"))
        if found:
            return found
    raise AssertionError(f"the other campaign has no {prefix} file up to step {n}")


@pytest.mark.parametrize("n", [s["n"] for s in ORDER_STEPS])
def test_orders_of_another_campaign(demo, other_campaign, linked_at, n):
    step = STEPS[n - 1]
    orders = other_inputs(other_campaign, n, "orders")[0]
    adjudicate_refused(linked_at(n - 1), [orders], f"orders are for campaign '{util.OTHER_ID}'", orders,
                       key=util.other(step["side"]))


@pytest.mark.parametrize("n", [s["n"] for s in ORDER_STEPS])
def test_orders_of_this_campaign_replayed_in_another(demo, other_campaign, tmp_path, n):
    step = STEPS[n - 1]
    folder = util.truncate(util.copy_campaign(other_campaign, tmp_path / "other"), n - 1)
    orders = demo / step["orders"][0]
    adjudicate_refused(folder, [orders], "orders are for campaign 'smithereens-demo'", orders,
                       key=util.other(step["side"]))


@pytest.mark.parametrize("n", [s["n"] for s in REVEAL_STEPS])
def test_reveal_of_another_campaign(demo, other_campaign, linked_at, n):
    step = STEPS[n - 1]
    orders, _ = inputs_of(demo, step)
    reveals = other_inputs(other_campaign, n, "reveal")
    adjudicate_refused(linked_at(n - 1), [orders, *reveals], "reveal is bound to other orders", reveals[0])


# -- orders for the wrong step, side, phase or kind (re-signed with the right key) ------------------

def _wrong(step, what):
    body = util.body_of(util.demo_build() / step["orders"][0])
    if what == "side":
        return {"side": util.other(step["side"])}, util.other(step["side"]), "orders are from"
    if what == "phase":
        return {"phase": body["phase"].replace("Turn ", "Turn 1") + " (later)"}, step["side"], "orders are for"
    if what == "kind":
        return {"kind": "response" if body["kind"] == "orders" else "orders"}, step["side"], "orders are for"
    if what == "save-number":
        return {"save": body["save"] + 1}, step["side"], "BEHIND"
    if what == "save-hash":
        return {"save_hash": hashlib.sha256(b"another save").hexdigest()}, step["side"], "STALE OR REPLAYED"
    if what == "no-campaign":
        return {"campaign": None}, step["side"], "orders are for campaign None"
    raise AssertionError(what)


WRONG_STEP = [(s["n"], what) for s in ORDER_STEPS
              for what in ("side", "phase", "kind", "save-number", "save-hash", "no-campaign")]


@pytest.mark.parametrize("n,what", WRONG_STEP)
def test_orders_for_the_wrong_step(demo, linked_at, inbox, n, what):
    step = STEPS[n - 1]
    orders, reveals = inputs_of(demo, step)
    changes, signer, phrase = _wrong(step, what)
    forged = util.write(inbox / "orders.txt", util.resign(orders, util.keys()[signer], **changes))
    adjudicate_refused(linked_at(n - 1), [forged, *reveals], phrase, forged)


# -- forged dice pre-images (orders re-signed with the right key) -------------------------------

def _forged_dice(step, what, campaign_folder):
    body = util.body_of(util.demo_build() / step["orders"][0])
    side, dice_step, genuine = step["side"], body["save"] + 1, body["dice"]
    if what == "random":             # a secret of the mover's choosing, with the genuine proof
        return dict(genuine, secret=hashlib.sha256(f"grinding {step['n']}".encode()).hexdigest()), "FORGED DICE"
    if what == "next-step":          # a secret the tree reveals only later
        return leaf_for(side, "smithereens-demo", dice_step + 1), "FORGED DICE"
    if what == "next-step-relabelled":
        return dict(leaf_for(side, "smithereens-demo", dice_step + 1), step=dice_step), "FORGED DICE"
    if what == "earlier-step":       # one already public, passed off as this step's
        return dict(leaf_for(side, "smithereens-demo", dice_step - 1), step=dice_step), "FORGED DICE"
    if what == "other-campaign":     # the right step of this key's tree for another campaign id
        return leaf_for(side, util.OTHER_ID, dice_step), "FORGED DICE"
    if what == "step-true":          # `step: true` equals 1 in Python
        return dict(genuine, step=True), "FORGED DICE"
    if what == "not-hex":
        return dict(genuine, secret="z" * 64), "is not 64 lower-case hex digits"
    if what == "upper-case":         # another spelling of the same secret
        return dict(genuine, secret=genuine["secret"].upper()), "is not 64 lower-case hex digits"
    if what == "short":
        return dict(genuine, secret=genuine["secret"][:32]), "is not 64 lower-case hex digits"
    if what == "short-proof":
        return dict(genuine, proof=genuine["proof"][:-1]), "is not 14 hashes"
    if what == "bare-secret":        # the format-1 shape: a hex string
        return genuine["secret"], "must be a mapping of exactly step, secret and proof"
    if what == "missing":
        return None, "lack the mover's dice"
    raise AssertionError(what)


FORGED_DICE = [(s["n"], what) for s in ORDER_STEPS
               for what in ("random", "next-step", "next-step-relabelled", "earlier-step", "other-campaign", "step-true",
                            "not-hex", "upper-case", "short", "short-proof", "bare-secret", "missing")
               if what != "earlier-step" or s["n"] > 1]          # step 1 has no earlier step


@pytest.mark.parametrize("n,what", FORGED_DICE)
def test_forged_dice_preimage(demo, linked_at, inbox, n, what):
    step = STEPS[n - 1]
    folder = linked_at(n - 1)
    orders, reveals = inputs_of(demo, step)
    dice, phrase = _forged_dice(step, what, folder)
    forged = util.write(inbox / "orders.txt", util.resign(orders, util.keys()[step["side"]], dice=dice))
    # the genuine reveal is bound to the genuine orders: let the opponent's key reveal for these
    adjudicate_refused(folder, [forged], phrase, forged, key=util.other(step["side"]))


# -- reveals: forged, bound to other orders, from the wrong party ------------------------------------

REVEAL_CASES = [(s["n"], what) for s in REVEAL_STEPS
                for what in ("random-dice", "dice-of-another-step", "bound-to-other-orders", "bound-to-other-save",
                             "claims-the-other-side", "from-the-mover", "given-twice", "alone", "signed-by-mallory")]


@pytest.mark.parametrize("n,what", REVEAL_CASES)
def test_bad_reveal(demo, linked_at, inbox, n, what):
    step = STEPS[n - 1]
    folder = linked_at(n - 1)
    orders, reveals = inputs_of(demo, step)
    reveal = reveals[0]
    body = util.body_of(reveal)
    party = body["side"]
    files, name = None, None
    if what == "random-dice":
        text, phrase = util.resign(reveal, util.keys()[party], dice=dict(body["dice"], secret=hashlib.sha256(b"x").hexdigest())), "FORGED DICE"
    elif what == "dice-of-another-step":
        text, phrase = util.resign(reveal, util.keys()[party], dice=leaf_for(party, "smithereens-demo", body["save"] + 2)), "FORGED DICE"
    elif what == "bound-to-other-orders":
        # the mover re-signs its orders with a harmless comment: same moves, other hash
        other = util.write(inbox / "orders.txt", util.resign(orders, util.keys()[step["side"]], comment="same orders"))
        files, name, phrase = [other, reveal], reveal, "reveal is bound to other orders"
    elif what == "bound-to-other-save":
        text, phrase = util.resign(reveal, util.keys()[party], save=body["save"] + 1), "reveal is bound to other orders"
    elif what == "claims-the-other-side":
        text, phrase = util.resign(reveal, util.keys()[step["side"]]), "reveal claims side"
    elif what == "from-the-mover":
        text = util.resign(reveal, util.keys()[step["side"]], side=step["side"],
                           dice=leaf_for(step["side"], "smithereens-demo", body["save"] + 1))
        phrase = "is not needed for this step"
    elif what == "given-twice":          # two different reveals of one party (the same file twice is one input)
        other = util.write(inbox / "reveal-2.txt", util.resign(reveal, util.keys()[party], sent="2027-01-02T12:00Z"))
        files, name, phrase = [orders, reveal, other], None, "two reveals from"
    elif what == "alone":
        files, name, phrase = [reveal], reveal, "no orders among the given files"
    elif what == "signed-by-mallory":
        text, phrase = util.resign(reveal, util.keys()["mallory"]), "signed by the key of nobody in this campaign"
    if files is None:
        name = util.write(inbox / "reveal.txt", text)
        files = [orders, name]
    adjudicate_refused(folder, files, phrase, *([name] if name else []))


@pytest.mark.parametrize("kind", ["commitment", "two-orders", "unsigned", "missing-file", "a-folder"])
def test_wrong_files_given_to_adjudicate(demo, linked_at, inbox, kind):
    step = STEPS[0]
    folder = linked_at(0)
    orders, reveals = inputs_of(demo, step)
    if kind == "commitment":
        files, name, phrase = [orders, demo / "commitments" / "german.txt"], "german.txt", "cannot be adjudicated"
    elif kind == "two-orders":            # two different orders files for one save (the same file twice is one)
        copy = util.write(inbox / "orders-copy.txt", util.resign(orders, util.keys()[step["side"]], comment="other"))
        files, name, phrase = [orders, copy, *reveals], None, "two order files given"
    elif kind == "unsigned":
        plain = util.write(inbox / "plain.yaml", "pbem: orders\norders: []\n")
        files, name, phrase = [plain], plain, "block found"
    elif kind == "missing-file":
        files, name, phrase = [inbox / "nothing.txt"], inbox / "nothing.txt", "file not found"
    else:
        files, name, phrase = [inbox], inbox, "not a regular file"
    adjudicate_refused(folder, files, phrase, *([name] if name else []))


# -- the record itself: broken chain, swapped, missing and extra steps -------------------------------

def _rewrite_save(path, field, value):
    text = path.read_text()
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{field}: "))
    lines[index] = f"{field}: {value}"
    path.write_text("\n".join(lines))


@pytest.mark.parametrize("n", [s["n"] for s in STEPS])
def test_save_with_a_broken_previous_link(linked_at, n):
    rel = f"steps/{n:04d}/save.yaml"
    fresh_demo = linked_at(None, own=(rel,))
    _rewrite_save(fresh_demo / rel, "previous", hashlib.sha256(b"forged").hexdigest())
    verify_refused(fresh_demo, "differs from the replay", rel)


@pytest.mark.parametrize("n", [s["n"] for s in ORDER_STEPS if s["n"] < LAST])
def test_adjudicating_on_a_save_with_a_broken_previous_link(demo, linked_at, n):
    """The next orders name the hash of the genuine save: an edited save makes them stale."""
    folder = linked_at(n, own=(f"steps/{n:04d}/save.yaml",))
    _rewrite_save(folder / "steps" / f"{n:04d}" / "save.yaml", "previous", hashlib.sha256(b"forged").hexdigest())
    orders, reveals = inputs_of(demo, STEPS[n])
    adjudicate_refused(folder, [orders, *reveals], "STALE OR REPLAYED", orders)


SWAPS = [(a, b) for a in range(1, LAST + 1) for b in range(a + 1, LAST + 1)] + [(0, 1)]


@pytest.mark.parametrize("a,b", SWAPS)
def test_swapped_steps(linked_at, a, b):
    fresh_demo = linked_at(None)
    steps = fresh_demo / "steps"
    (steps / f"{a:04d}").rename(steps / "swap")
    (steps / f"{b:04d}").rename(steps / f"{a:04d}")
    (steps / "swap").rename(steps / f"{b:04d}")
    line = verify_refused(fresh_demo, "", "steps/")
    assert f"steps/{a:04d}" in line or f"steps/{b:04d}" in line, line


def test_rotated_steps(linked_at):
    if LAST < 3:
        pytest.skip("the demo has fewer than three steps to rotate")
    fresh_demo = linked_at(None)
    steps = fresh_demo / "steps"
    (steps / "0001").rename(steps / "rot")
    (steps / "0002").rename(steps / "0001")
    (steps / "0003").rename(steps / "0002")
    (steps / "rot").rename(steps / "0003")
    verify_refused(fresh_demo, "STALE OR REPLAYED", "steps/0001/")


@pytest.mark.parametrize("n", range(0, LAST))
def test_missing_step(linked_at, n):
    fresh_demo = linked_at(None)
    shutil.rmtree(fresh_demo / "steps" / f"{n:04d}")
    phrase, name = ("file not found", "steps/0000/save.yaml") if n == 0 else ("without gaps", "steps")
    verify_refused(fresh_demo, phrase, name)


def test_missing_last_step_is_a_shorter_valid_record(linked_at):
    """Known limit (docs/security.md): cutting the tail leaves a valid, shorter campaign; the
    next orders (signed against the real latest save) are then refused as stale."""
    fresh_demo = linked_at(None)
    shutil.rmtree(fresh_demo / "steps" / f"{LAST:04d}")
    assert util.assert_ok(util.pbem("verify", fresh_demo)).startswith("OK:")


EXTRA = [(n, name) for n in range(0, LAST + 1) for name in ("notes.txt", ".hidden", "orders-gm.txt")] + [
    (LAST, "orders-german.txt\n"), (LAST, "save.yaml~")]


@pytest.mark.parametrize("n,name", EXTRA)
def test_extra_file_in_a_step_folder(linked_at, demo, n, name):
    fresh_demo = linked_at(None)
    source = demo / STEPS[0]["orders"][0]
    util.write(fresh_demo / "steps" / f"{n:04d}" / name, source.read_text())
    if name == "orders-gm.txt" and n > 0:
        phrase = "two order files given"       # it is read as an input, and one step takes one orders file
    else:
        phrase = "unexpected file(s)"
    verify_refused(fresh_demo, phrase, f"steps/{n:04d}")


@pytest.mark.parametrize("entry", ["notes", "00x1", "99999", "0001 ", "rename-last-with-a-newline"])
def test_extra_entry_in_steps(linked_at, entry):
    fresh_demo = linked_at(None)
    if entry == "rename-last-with-a-newline":      # "0004\n" passed a `^\d{4}$` .match(): verify crashed
        (fresh_demo / "steps" / f"{LAST:04d}").rename(fresh_demo / "steps" / f"{LAST:04d}\n")
    else:
        (fresh_demo / "steps" / entry).mkdir()
    verify_refused(fresh_demo, "unexpected entry", "steps")


@pytest.mark.parametrize("n", [s["n"] for s in STEPS])
@pytest.mark.parametrize("what", ["save.yaml", "report.txt", "orders", "renamed-orders"])
def test_missing_or_renamed_file_in_a_step(linked_at, n, what):
    fresh_demo = linked_at(None)
    folder = fresh_demo / "steps" / f"{n:04d}"
    if what in ("save.yaml", "report.txt"):
        (folder / what).unlink()
        verify_refused(fresh_demo, "missing", f"steps/{n:04d}/{what}")
        return
    orders = next(folder.glob("orders-*.txt"))
    if what == "orders":
        orders.unlink()
        verify_refused(fresh_demo, "no orders among the given files", f"steps/{n:04d}")
    else:
        side = orders.name[len("orders-"):-len(".txt")]
        orders.rename(folder / f"orders-{util.other(side)}.txt")
        verify_refused(fresh_demo, "do not match what the step used", f"steps/{n:04d}")


@pytest.mark.parametrize("n", [s["n"] for s in REVEAL_STEPS])
def test_missing_reveal_in_a_step(linked_at, n):
    fresh_demo = linked_at(None)
    folder = fresh_demo / "steps" / f"{n:04d}"
    next(folder.glob("reveal-*.txt")).unlink()
    verify_refused(fresh_demo, "", f"steps/{n:04d}")


# -- the header: swapped keys and tips are anchored by save 0 and every signed order ----------------

def _edit_header(folder, edit):
    import yaml
    path = folder / "campaign.yaml"
    header = yaml.safe_load(path.read_text())
    edit(header)
    from pbem.yamlio import dump_yaml
    path.write_text(dump_yaml(header))


def _swap_keys(h):
    p = h["players"]
    p["german"]["key"], p["alliance"]["key"] = p["alliance"]["key"], p["german"]["key"]


def _mallory_key(h):
    from pbem.keys import key_id
    h["players"]["german"]["key"] = key_id(util.keys()["mallory"].public_key())


def _new_tip(h):
    h["dice"]["commitments"]["german"]["root"] = hashlib.sha256(b"a tree I can predict").hexdigest()


def _no_override(h):
    h["data"]["override"] = None


HEADER_EDITS = {"swap-player-keys": _swap_keys, "mallory-as-german": _mallory_key, "new-dice-tip": _new_tip,
                "drop-the-override": _no_override}


@pytest.mark.parametrize("edit", sorted(HEADER_EDITS))
@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_header_edited(demo, linked_at, edit, command):
    folder = linked_at(0, own=("campaign.yaml",))
    _edit_header(folder, HEADER_EDITS[edit])
    phrase = "does not match the `header:` recorded in save 0"
    if command == "verify":
        verify_refused(folder, phrase, "campaign.yaml")
    else:
        orders, reveals = inputs_of(demo, STEPS[0])
        adjudicate_refused(folder, [orders, *reveals], phrase, "campaign.yaml")


@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_header_and_save_zero_rewritten_together(demo, linked_at, command):
    """Mallory replaces the German key and tip, with her own signed commitment, and rebuilds save 0
    and its report to match: every signed orders file still names the genuine save 0's hash."""
    from pbem import campaign as camp
    from pbem.keys import key_id
    from pbem.report import render_step_report
    from pbem.yamlio import dump_yaml
    folder = linked_at(LAST, own=("commitments/german.txt", "campaign.yaml", "steps/0000/save.yaml",
                                  "steps/0000/report.txt"))      # the files rewritten below
    mallory = util.keys()["mallory"]
    commitment = camp.make_commitment(mallory, "smithereens-demo", "german")
    (folder / "commitments" / "german.txt").write_text(commitment)
    entry = {k: util.body_of(commitment)[k] for k in ("nonce", "tree_depth", "root")}

    def edit(h):
        h["players"]["german"]["key"] = key_id(mallory.public_key())
        h["dice"]["commitments"]["german"] = entry
    _edit_header(folder, edit)
    # rebuild save 0 and its report exactly as pbem (and `verify`) would for the edited header
    import yaml
    from pbem.canonical import data_hash
    header = yaml.safe_load((folder / "campaign.yaml").read_text())
    save0_path = folder / "steps" / "0000" / "save.yaml"
    save0 = yaml.safe_load(save0_path.read_text())
    save0["previous"] = save0["header"] = data_hash(header)
    save0_path.write_text(dump_yaml(save0))          # now open_campaign accepts the header ...
    campaign = camp.open_campaign(folder)
    state = campaign.game.setup(campaign.data, campaign.scenario, sorted(campaign.header["players"]), campaign.header["options"])
    save0 = camp.build_save(campaign, 0, campaign.header_hash, state, {"setup": campaign.header["scenario"]}, [], None, [])
    save0_path.write_text(dump_yaml(save0))          # ... and save 0 is what the replay makes
    (folder / "steps" / "0000" / "report.txt").write_text(render_step_report(campaign, save0, "text"))
    if command == "verify":
        verify_refused(folder, "", "steps/0001/")
    else:
        # adjudicating on top: the latest save was made under the genuine header
        body = util.body_of(demo / STEPS[0]["orders"][0])
        forged = util.write(folder.parent / "orders.txt", sign_body(dict(body, save=LAST), mallory))
        adjudicate_refused(folder, [forged], f"save {LAST} was made under another campaign.yaml",
                           f"steps/{LAST:04d}/save.yaml")
