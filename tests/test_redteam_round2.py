"""Red team, round 2: attacks by a player holding only the files the rules give him and the pbem
CLI, on the three-seat End of the Iron Dream campaign under fog of war (25.3, `fog=true`).

Each test runs an attack through the real CLI and asserts that it fails with one line naming the
file, and that nothing on disk changed (the campaign folder and the private part). The campaign is
tests/test_eid_fog.py's: the bundled example's DEMONSTRATION DATA (made up), played to save 10,
the Axis's Turn 2 Operational Movement (its mobile assault on T26, 11.0), with the Soviet stack in
T27 (su-su-1 under it, item T27/1) and the WA stack in V5 (V5/1-3) hidden. The step rolls dice and
needs the reveals of both other seats (1.0 G: three camps)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, next_orders
from pbem.games.end_of_the_iron_dream import demo
from pbem.inputs import make_reveal
from pbem.signing import parse_signed, sign_body
from pbem.yamlio import parse_yaml_text
from tests.adversarial.util import assert_refused, pbem, snapshot
from tests.test_eid_fog import EXAMPLE, SEATS, campaign_keys, new_fog_campaign, sign_and_adjudicate
from tests import conftest

KEYS = EXAMPLE / "keys"
LEGAL = [{"assault": "T26", "with": ["de-pz-3"], "path": ["R26", "S26"]}]          # the demo's (11.0)
# a modified pbem adds "assaults" on the hidden stacks: no unit can reach them (and a mobile assault
# ends its file, 11.0), so `pbem check` refuses them; they ask the Soviet and the WA to open T27, V5
ILLEGAL = [{"assault": "T27", "with": ["de-pz-3"], "path": ["S26"]},
           {"assault": "V5", "with": ["de-pz-3"], "path": ["S26"]}, *LEGAL]


@pytest.fixture(scope="module")
def at10(tmp_path_factory) -> Path:
    """The fog campaign at save 10 (work/clean, with each seat's private part beside it)."""
    work = tmp_path_factory.mktemp("redteam2")
    campaign, planned = new_fog_campaign(work)
    while (due := next_orders(campaign, planned, demo.respond)) is not None and campaign.latest()[0] < 10:
        sign_and_adjudicate(campaign, *due)
    assert campaign.latest()[0] == 10 and due == ("axis", LEGAL)
    clean = work / "clean"
    clean.mkdir()
    for name in ("campaign", *(f"campaign.private-{s}" for s in SEATS)):
        shutil.copytree(work / name, clean / name)
    return clean


def copy_of(at10: Path, tmp_path: Path) -> Path:
    """A player's machine: the campaign and every private part (each test uses its seat's own)."""
    target = tmp_path / "machine"
    shutil.copytree(at10, target)
    return target


def axis_orders(machine: Path, orders: list) -> str:
    """Orders of the Axis for save 10, signed with the Axis key (a modified pbem skips every check)."""
    campaign = camp.open_campaign(machine / "campaign")
    template = parse_yaml_text(camp.order_template(campaign.folder, "axis"), "template")
    template["orders"] = LEGAL
    body = dict(parse_signed(camp.sign_orders(campaign, template, campaign_keys()["axis"], sent=DEMO_SENT), "x").body)
    shutil.rmtree(campaign.folder / "pending", ignore_errors=True)       # signing kept a copy: not the victim's
    body["orders"] = orders
    return sign_body(body, campaign_keys()["axis"])


def key(tmp_path: Path, seat: str) -> Path:
    """The seat's key, copied without the example's ledger (which records other campaigns)."""
    folder = tmp_path / "keys"
    folder.mkdir(exist_ok=True)
    for name in (seat, f"{seat}.pub"):
        shutil.copy(KEYS / name, folder / name)
    return folder / seat


def unchanged(machine: Path, before: dict) -> None:
    assert snapshot(machine) == before


def soviet_reveal(machine: Path, tmp_path: Path, orders: list) -> tuple[Path, Path, dict, object]:
    """The Soviet's `pbem reveal` of Axis orders (signed, unchecked): the orders file, where the
    reveal would be written, the machine's snapshot before, and the CLI's result."""
    evil = tmp_path / "orders-axis-0010.txt"
    evil.write_text(axis_orders(machine, orders))
    before = snapshot(machine)
    out = tmp_path / "reveal-soviet-0011.txt"
    result = pbem("reveal", machine / "campaign", evil, "--key", key(tmp_path, "soviet"), "--out", out,
                  "--private", machine / "campaign.private-soviet")
    return evil, out, before, result


# -- (c) hidden information: a first revealer of two opens its stacks to illegal orders -------------

def test_illegal_assaults_on_hidden_stacks_make_no_seat_open_them_with_reveal(at10, tmp_path):
    """CLOSED BY FIX. Before: the Soviet's `pbem reveal` of these orders (which `pbem check`
    refuses) wrote a reveal opening T27/1 (su-su-1) and told him to send it to the Axis and the WA,
    since the step still awaited the WA's reveal and the orders were applied only after it: any
    mover could open every hidden stack of a seat that reveals first (25.3 B: no player examines
    another's stacks until committing forces to an assault). Now the orders are checked first."""
    machine = copy_of(at10, tmp_path)
    evil, out, before, result = soviet_reveal(machine, tmp_path, ILLEGAL)
    assert_refused(result, "illegal orders: order 1: a mobile assault ends its orders file", str(evil))
    assert not out.exists()
    unchanged(machine, before)


def test_illegal_assaults_make_no_reveal_through_the_inbox_either(at10, tmp_path):
    """CLOSED BY FIX (the same hole through `pbem inbox --key`, the usual way to reveal)."""
    machine = copy_of(at10, tmp_path)
    mail = tmp_path / "mail.eml"
    mail.write_text("Dear comrade, my move.\n\n" + axis_orders(machine, ILLEGAL))
    outbox = tmp_path / "outbox"
    outbox.mkdir()
    before = snapshot(machine)
    result = pbem("inbox", machine / "campaign", mail, "--key", key(tmp_path, "soviet"), "--outbox", outbox)
    assert_refused(result, "illegal orders: order 1: a mobile assault ends its orders file", str(mail))
    assert list(outbox.iterdir()) == []
    unchanged(machine, before)


@pytest.mark.parametrize("orders", [ILLEGAL[:1], [ILLEGAL[0], *LEGAL]], ids=["alone", "before-the-legal-one"])
def test_an_illegal_assault_alone_opens_nothing_either(at10, tmp_path, orders):
    """HELD (before the fix too): an illegal assault on the Soviet stack (alone, or before the legal
    one: the game's apply checks every order before it rolls). Only the Soviet's
    items are opened, so his reveal is the last one the openings wait for and the orders were
    applied (and refused) before a reveal was written; the hole needed two owners' openings."""
    machine = copy_of(at10, tmp_path)
    evil, out, before, result = soviet_reveal(machine, tmp_path, orders)
    line = assert_refused(result, "illegal orders", str(evil))
    assert "su-su-1" not in line
    assert not out.exists()
    unchanged(machine, before)


# -- (d) three seats: the mover sends different orders to the two seats that must reveal ------------

def signed_variant(machine: Path, orders: list, sent: str) -> str:
    """Honest `pbem sign` output of the Axis (its own copy), as sent at `sent`."""
    campaign = camp.open_campaign(machine / "campaign")
    template = parse_yaml_text(camp.order_template(campaign.folder, "axis"), "template")
    template["orders"] = orders
    text = camp.sign_orders(campaign, template, campaign_keys()["axis"], sent=sent)
    shutil.rmtree(campaign.folder / "pending", ignore_errors=True)
    return text


def equivocation(machine: Path) -> str:
    kept = machine / "campaign" / "pending" / "orders-axis.txt"
    return (f"other orders for save 10 are already recorded in pending/ ({kept}); one orders file per save — "
            "EQUIVOCATION: axis signed both: keep both files, they prove it; never reveal again for this save")


def test_two_orders_files_for_one_save_are_named_as_equivocation(at10, tmp_path):
    """HELD (stalls, names the proof). The Axis sends file A to the Soviet and file B to the WA. Once
    the Soviet revealed for A, B is refused on his machine, naming the equivocation: had each seat
    revealed once for its file, the Axis would know all three secrets of step 11 and could pick
    the orders whose rolls it likes if either seat cleared pending/ and revealed again."""
    machine = copy_of(at10, tmp_path)
    a, b = tmp_path / "orders-axis-A.txt", tmp_path / "orders-axis-B.txt"
    a.write_text(signed_variant(machine, LEGAL, DEMO_SENT))
    b.write_text(signed_variant(machine, [], DEMO_SENT))
    soviet = key(tmp_path, "soviet")
    first = tmp_path / "reveal-soviet-A.txt"
    done = pbem("reveal", machine / "campaign", a, "--key", soviet, "--out", first,
                "--private", machine / "campaign.private-soviet")
    assert done.exit_code == 0 and "the step still awaits the reveal of western" in done.stdout, done.stderr
    before = snapshot(machine)
    second = tmp_path / "reveal-soviet-B.txt"
    result = pbem("reveal", machine / "campaign", b, "--key", soviet, "--out", second,
                  "--private", machine / "campaign.private-soviet")
    assert_refused(result, equivocation(machine), str(b))
    assert not second.exists()
    unchanged(machine, before)
    result = pbem("adjudicate", machine / "campaign", b)                     # the same without a key
    assert_refused(result, equivocation(machine), str(b))
    unchanged(machine, before)


def test_a_reveal_answering_other_orders_is_named_not_awaited(at10, tmp_path):
    """HELD (named). The WA revealed for the Axis's file A' (the same orders sent at another minute,
    so another signed file); the Soviet, holding A, receives the WA's reveal: his inbox records
    nothing and says the reveal answers other orders than those kept, instead of "waits for the
    orders it answers" (which would have him ask for them, and be tempted to reveal again)."""
    soviet_machine, western_machine = copy_of(at10, tmp_path / "s"), copy_of(at10, tmp_path / "w")
    a, a2 = tmp_path / "orders-axis-A.txt", tmp_path / "orders-axis-A2.txt"
    a.write_text(signed_variant(soviet_machine, LEGAL, DEMO_SENT))
    a2.write_text(signed_variant(soviet_machine, LEGAL, "2026-01-02T03:04Z"))
    assert pbem("reveal", soviet_machine / "campaign", a, "--key", key(tmp_path / "s", "soviet"), "--out",
                tmp_path / "rs.txt", "--private", soviet_machine / "campaign.private-soviet").exit_code == 0
    western = tmp_path / "reveal-western-0011.txt"
    done = pbem("reveal", western_machine / "campaign", a2, "--key", key(tmp_path / "w", "western"), "--out", western,
                "--private", western_machine / "campaign.private-western")
    assert done.exit_code == 0, done.stderr
    before = snapshot(soviet_machine)
    result = pbem("inbox", soviet_machine / "campaign", western)
    assert result.exit_code == 0, result.stderr
    assert (f"{western}: reveal of western for save 10: answers other orders than those of axis kept in pending/ "
            "(if axis signed two different orders for this save, both files prove it); never reveal again for this "
            "save") in result.stdout.splitlines()
    unchanged(soviet_machine, before)


# -- (a)/(b) reveals that are not this step's, not this seat's, not needed -------------------------

def test_a_reveal_of_the_mover_itself_is_not_needed(at10, tmp_path):
    """HELD. The Axis adds a reveal of its own seat (a second secret of its choosing would be a
    second seed to choose from): refused, the step needs soviet and western only."""
    machine = copy_of(at10, tmp_path)
    a = tmp_path / "orders-axis-A.txt"
    a.write_text(signed_variant(machine, LEGAL, DEMO_SENT))
    campaign = camp.open_campaign(machine / "campaign")
    own = tmp_path / "reveal-axis-0011.txt"
    own.write_text(make_reveal(campaign, campaign_keys()["axis"], "axis", 11, parse_signed(a.read_text(), "a").digest,
                               DEMO_SENT))
    before = snapshot(machine)
    result = pbem("adjudicate", machine / "campaign", a, own)
    assert_refused(result, "a reveal from axis is not needed for this step (needed: soviet, western)", str(own))
    unchanged(machine, before)


def test_a_reveal_recorded_at_another_step_is_bound_to_other_orders(at10, tmp_path):
    """HELD. The Soviet's reveal of step 5 (the WA's prepared assault on T6), replayed at save 10."""
    machine = copy_of(at10, tmp_path)
    a = tmp_path / "orders-axis-A.txt"
    a.write_text(signed_variant(machine, LEGAL, DEMO_SENT))
    old = tmp_path / "reveal-soviet-0005.txt"
    shutil.copy(machine / "campaign" / "steps" / "0005" / "reveal-soviet.txt", old)
    before = snapshot(machine)
    result = pbem("adjudicate", machine / "campaign", a, old)
    assert_refused(result, "reveal is bound to other orders, save or campaign", str(old))
    unchanged(machine, before)


def test_a_reveal_claiming_another_seat_is_refused(at10, tmp_path):
    """HELD. The Soviet signs a reveal that claims to be the WA's (its own secret under the WA's
    name: the step would then run with one rival's secret only)."""
    machine = copy_of(at10, tmp_path)
    a = tmp_path / "orders-axis-A.txt"
    a.write_text(signed_variant(machine, LEGAL, DEMO_SENT))
    campaign = camp.open_campaign(machine / "campaign")
    text = make_reveal(campaign, campaign_keys()["soviet"], "soviet", 11, parse_signed(a.read_text(), "a").digest, DEMO_SENT)
    body = dict(parse_signed(text, "r").body) | {"side": "western"}
    fake = tmp_path / "reveal-western-0011.txt"
    fake.write_text(sign_body(body, campaign_keys()["soviet"]))
    before = snapshot(machine)
    result = pbem("adjudicate", machine / "campaign", a, fake)
    assert_refused(result, "reveal claims side 'western' but is signed by the key of soviet", str(fake))
    unchanged(machine, before)


# -- (a) fork: a seat that countersigns an amendment and then moves splits the other copies -------

BUNDLED = EXAMPLE / "campaign"
PROPOSAL = ("pbem: data-override\ngame: end-of-the-iron-dream\ndemonstration: true\n"
            "notice: made up for this test\nvalues:\n  units.counters.su-su-2.movement: 6\n")


def bundled_upto(target: Path, last: int) -> Path:
    """The bundled three-seat campaign (DEMONSTRATION DATA) as a player's copy holds it after save `last`."""
    return conftest.copy_upto(BUNDLED, target, last)


@pytest.fixture
def amended(tmp_path) -> dict:
    """Save 1 awaits the WA's Turn 1 movement (no die). The Axis proposes an amendment; the WA's copy
    holds it with the WA's countersignature (the Soviet's is still awaited); the WA's movement orders
    for save 1 (the demo's) are written, not signed."""
    keys = {s: key(tmp_path, s) for s in SEATS}
    west = bundled_upto(tmp_path / "western", 1)
    axis = bundled_upto(tmp_path / "axis", 1)
    (tmp_path / "proposal.yaml").write_text(PROPOSAL)
    amendment, consent = tmp_path / "amendment-axis-0002.txt", tmp_path / "consent-western-0002.txt"
    assert pbem("amend", "propose", axis, tmp_path / "proposal.yaml", "--key", keys["axis"], "--out", amendment).exit_code == 0
    assert pbem("amend", "sign", west, amendment, "--key", keys["western"], "--out", consent).exit_code == 0
    template = parse_yaml_text(camp.order_template(west, "western"), "template")
    template["orders"] = parse_signed((BUNDLED / "steps" / "0002" / "orders-western.txt").read_text(), "x").body["orders"]
    orders = tmp_path / "orders-western-0002.yaml"
    orders.write_text(yaml_dump(template))
    return {"keys": keys, "west": west, "axis": axis, "amendment": amendment, "consent": consent, "orders": orders}


def yaml_dump(body: dict) -> str:
    from pbem.yamlio import dump_yaml
    return dump_yaml(body)


def test_the_seat_that_countersigned_cannot_sign_orders_for_that_save(amended, tmp_path):
    """CLOSED BY FIX. Before: the WA countersigned (kept in pending/, the Soviet's still awaited),
    then `pbem sign` signed its movement orders for the same save; the Soviet, countersigning too,
    recorded save 2 as the amendment, while the Axis, receiving the orders first, recorded save 2
    as the WA's movement: two copies of one campaign, both verifying, with different saves 2."""
    west = amended["west"]
    before = snapshot(west)
    out = tmp_path / "signed.txt"
    result = pbem("sign", west, amended["orders"], "--key", amended["keys"]["western"], "--out", out)
    assert_refused(result, f"western countersigned the data amendment for save 1 ({west / 'pending'}), which makes "
                   "the save once every seat has: sign orders after it is recorded", str(amended["orders"]))
    assert not out.exists()
    unchanged(west, before)


def test_orders_of_a_seat_that_countersigned_are_named_as_equivocation(amended, tmp_path):
    """CLOSED BY FIX. A modified pbem (or one from before the fix) signs the WA's orders all the
    same. A copy holding the amendment and the WA's countersignature refuses the orders, naming
    both files, instead of recording them and dropping the amendment as declined."""
    axis = amended["axis"]
    campaign = camp.open_campaign(axis)
    body = parse_yaml_text(amended["orders"].read_text(), "orders")
    signed = tmp_path / "orders-western-0002.txt"
    signed.write_text(camp.sign_orders(campaign, body, campaign_keys()["western"], sent=DEMO_SENT))
    assert pbem("inbox", axis, amended["consent"]).exit_code == 0          # the amendment awaits the Soviet
    before = snapshot(axis)
    result = pbem("inbox", axis, signed)
    assert_refused(result, f"EQUIVOCATION: western countersigned the data amendment ({axis / 'pending' / 'consent-western.txt'}) "
                   "and signed these orders for save 1: keep both files, they prove it; one step input per save", str(signed))
    unchanged(axis, before)


# -- (b) crafted YAML: a UTF-16 surrogate escape, read by libyaml and by PyYAML's own parser -------

@pytest.mark.parametrize("libyaml", [True, False])
def test_a_surrogate_escape_is_refused_by_either_parser(tmp_path, monkeypatch, libyaml):
    """HELD. `"\\ud800"` in a signed body: libyaml refuses the escape; PyYAML's own parser (a
    machine without libyaml) reads a lone surrogate, which no signature can cover (it has no
    UTF-8 bytes): both machines refuse the file in one line naming it, neither records anything.
    (The wording differs: accepted, both refuse.)"""
    import pbem.yamlio as yamlio
    if not libyaml:
        monkeypatch.setattr(yamlio, "_C_BOUNDED_LOADER", None)
    elif yamlio._C_BOUNDED_LOADER is None:
        pytest.skip("PyYAML without libyaml")
    folder = bundled_upto(tmp_path / "c", 1)
    genuine = (BUNDLED / "steps" / "0002" / "orders-western.txt").read_text()
    evil = tmp_path / "orders-western.txt"
    evil.write_text(genuine.replace("\nkind: orders\n", '\nkind: "\\ud800"\n'))
    before = snapshot(folder)
    for command in ("check", "inbox", "adjudicate"):
        result = pbem(command, folder, evil)
        phrase = ("malformed YAML: found invalid Unicode character escape code" if libyaml
                  else "signed body holds unsupported data: 'utf-8' codec can't encode character '\\ud800'")
        assert_refused(result, phrase, str(evil))
    unchanged(folder, before)


def test_other_orders_for_a_recorded_save_are_named_as_equivocation(tmp_path):
    """HELD, now NAMED. Three seats: the WA sends the Soviet its Turn 1 invasion (recorded there as
    save 2) and the Axis other orders for save 1 (recorded there instead): no die is rolled, so each
    copy records its own save 2 (a split no signature can prevent without a common channel; the next
    file any seat sends names its save's hash and the other copy refuses it). When the Axis
    forwards its file, the Soviet's inbox no longer says "not part of this campaign's history;
    ignored": it names the equivocation and the recorded file that proves it."""
    soviet = bundled_upto(tmp_path / "soviet", 2)
    at1 = bundled_upto(tmp_path / "at1", 1)
    template = parse_yaml_text(camp.order_template(at1, "western"), "template")
    template["orders"] = []
    other = tmp_path / "orders-western-0002.txt"
    other.write_text(camp.sign_orders(camp.open_campaign(at1), template, campaign_keys()["western"], sent=DEMO_SENT))
    before = snapshot(soviet)
    result = pbem("inbox", soviet, other)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        f"{other}: orders of western for save 1: EQUIVOCATION: western signed other orders for save 1, recorded in "
        f"{soviet / 'steps' / '0002' / 'orders-western.txt'}: keep both files, they prove it")
    unchanged(soviet, before)
    genuine = BUNDLED / "steps" / "0002" / "orders-western.txt"            # the same file: a duplicate, as before
    assert "a duplicate; nothing to do" in pbem("inbox", soviet, genuine).stdout


def test_no_order_of_another_seat_opens_a_hidden_chit(at10):
    """HELD. 14.12 A: the WA's invasion chit (item `invasion-chit`) opens only by the WA's own
    invasion file. The Axis naming it as an assault target, or assaulting the WA's stack in V5,
    opens the stack's units and never the chit."""
    from pbem.games.end_of_the_iron_dream import GAME
    from pbem.hidden.steps import hidden_of
    campaign = camp.open_campaign(at10 / "campaign")
    save = campaign.load_save(10)[0]
    ids = {s: sorted(hidden_of(save, s)) for s in SEATS}
    assert "invasion-chit" in ids["western"]
    opened = GAME.hidden.opens(campaign.data, save["state"], ids, "axis",
                               [{"assault": "invasion-chit", "with": ["de-pz-3"]}, {"assault": "V5", "with": ["de-pz-3"]}])
    assert opened == {"soviet": [], "western": ["V5/1", "V5/2", "V5/3"], "axis": []}


# -- (d) three seats: an owner whose openings the step needs but whose reveal it never asks -------

def test_smithereens_three_players_a_german_assault_on_a_western_stack_is_resolved(tmp_path_factory, tmp_path):
    """CLOSED BY FIX (Smithereens behaviour 6). 11.7: a prepared assault opens the defending stack
    (its owner's dice reveal carries the opening). A new three-player campaign (fog on, `reveals:
    camp`) asks the German's roll of one Alliance seat, the Soviet, so a German assault on a Western
    stack waited for an opening no message carried: `advance` refused it ("this step opens hidden
    items of western, whose openings ride in their dice reveal; the step awaits no reveal from
    them"), and a Western player who kept every unit stacked could not be attacked. Now the step
    awaits the fairness set and every seat whose stacks it opens: Soviet and Western, by the CLI."""
    from cryptography.hazmat.primitives import serialization
    from tests.test_smithereens_three_players import KEYS as SMITHEREENS_KEYS, build_at6, copy_at6, sign
    machine = copy_at6(build_at6(tmp_path_factory.mktemp("reveals")), tmp_path)
    keys = {}
    for seat, private in SMITHEREENS_KEYS.items():
        keys[seat] = tmp_path / seat
        keys[seat].write_bytes(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption()))
    orders = sign(machine, "german", [{"attack": "1919E", "with": ["ger-46pz"]}])
    western_machine = tmp_path / "western-machine"
    shutil.copytree(machine.folder.parent, western_machine)
    soviet = tmp_path / "reveal-soviet-0007.txt"
    done = pbem("reveal", machine.folder, orders, "--key", keys["soviet"], "--out", soviet)
    assert done.exit_code == 0 and "the step still awaits the reveal of western" in done.stdout, (done.stdout, done.stderr)
    status = pbem("status", machine.folder)
    assert status.stdout.splitlines()[1].endswith("; they roll dice and await the reveal of western"), status.stdout
    western = tmp_path / "reveal-western-0007.txt"
    done = pbem("reveal", western_machine / "campaign", orders, "--key", keys["western"], "--out", western)
    assert done.exit_code == 0 and "the step still awaits the reveal of soviet" in done.stdout, (done.stdout, done.stderr)
    done = pbem("adjudicate", machine.folder, western)
    assert done.exit_code == 0, done.stderr
    number, save, _ = camp.open_campaign(machine.folder).latest()
    assert number == 7 and sorted(save["produced_by"]["reveals"]) == ["soviet", "western"]
    battle = save["events"][0]
    assert (battle["defenders"], battle["roll"], battle["result"]) == (["wa-1", "wa-2"], 1, "4/0")
    assert save["hidden"]["western"] == {} and "ger-46pz" not in save["state"]["units"]
    checked = pbem("verify", machine.folder)
    assert checked.exit_code == 0 and checked.stdout.startswith("OK: 8 saves, 12 signatures, 1 die rolls verified"), checked.stdout


# -- (b) a crafted value that reaches the victim's terminal ---------------------------------------

def test_control_characters_in_a_signed_value_never_reach_the_terminal(tmp_path):
    """CLOSED BY FIX. A YAML escape puts ESC and CR in a unit id of signed orders; pbem's refusal
    quotes the id, and the victim's terminal obeyed them: `\\x1b[2K\\r` erased the line and wrote
    "FAKE: all good", `\\x1b[8m` hid the rest. Refusals and every other output now write control
    characters (and bidirectional overrides) as escapes; the refusal is still one line naming the file."""
    folder = bundled_upto(tmp_path / "c", 1)
    template = parse_yaml_text(camp.order_template(folder, "western"), "template")
    template["orders"] = [{"invade": "V5", "with": ["wa-mech-3\x1b[2K\rFAKE: all good\x1b[8m\u202e"], "from": "eto"}]
    evil = tmp_path / "orders-western-0002.txt"
    evil.write_text(camp.sign_orders(camp.open_campaign(folder), template, campaign_keys()["western"], sent=DEMO_SENT))
    before = snapshot(folder)
    for command in ("inbox", "adjudicate"):
        result = pbem(command, folder, evil)
        line = assert_refused(result, "needs the counter of wa-mech-3\\x1b[2K\\x0dFAKE: all good\\x1b[8m\\u202e,", str(evil))
        assert not any(c in line for c in "\x1b\r\u202e")
    checked = pbem("check", folder, evil)
    assert checked.exit_code == 1 and "\x1b" not in checked.stderr and "\\x1b[2K\\x0dFAKE" in checked.stderr
    unchanged(folder, before)


# -- (b) an amendment hex key that no lookup finds ----------------------------------------------

@pytest.mark.parametrize("spelling", ["t6", "T06", "T6 "])
def test_an_amendment_cannot_list_a_listed_hex_again_under_another_spelling(tmp_path, spelling):
    """CLOSED BY FIX. T6 is listed (clear, a city). An amendment `map.hexes.t6: {terrain: mountain}`
    was accepted as a new hex: its countersigners read that T6 turns to mountain, while no lookup
    (which asks for the canonical id) ever finds it. Refused as `pbem amend propose` refuses a
    hexside key written the wrong way round; nothing is written."""
    folder = bundled_upto(tmp_path / "c", 1)
    proposal = tmp_path / "proposal.yaml"
    proposal.write_text(PROPOSAL.replace("units.counters.su-su-2.movement: 6", f'"map.hexes.{spelling}": {{terrain: mountain}}'))
    out = tmp_path / "amendment-axis-0002.txt"
    before = snapshot(folder)
    result = pbem("amend", "propose", folder, proposal, "--key", key(tmp_path, "axis"), "--out", out)
    assert_refused(result, f"the proposal: map.hexes.{spelling}: bad hex id '{spelling}': expected row letters then "
                   "column number, e.g. 'C12'")
    assert not out.exists()
    unchanged(folder, before)
