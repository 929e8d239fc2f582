"""A new group's first End of the Iron Dream turn by the CLI (three seats), the frictions it met:
each test plays a prefix of the bundled example campaign (its published DEMO keys, its
DEMONSTRATION data) and asserts the exact message a user now gets."""

import shutil
from pathlib import Path

import pytest

from pbem.signing import parse_signed
from tests.conftest import ROOT
from tests.test_cli import run
from tests import conftest

EXAMPLE = ROOT / "examples" / "end-of-the-iron-dream-demo"
BUNDLED = EXAMPLE / "campaign"
CAMPAIGN = "end-of-the-iron-dream-demo"


@pytest.fixture
def group(tmp_path, monkeypatch):
    """The three demo keys copied beside the campaign copies (their ledgers are written there)."""
    monkeypatch.chdir(tmp_path)
    for path in (EXAMPLE / "keys").iterdir():
        if not path.name.endswith(".pbem-ledger.yaml"):      # the demo's own campaign is recorded there
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def copy_upto(target: Path, last: int) -> Path:
    """The bundled campaign as a player's copy holds it after save `last`."""
    return conftest.copy_upto(BUNDLED, target, last)


def step_file(number: int, name: str) -> Path:
    return BUNDLED / "steps" / f"{number:04d}" / name


def test_report_side_of_a_seat_without_a_private_part(group):
    """A seat that never sealed a step (the Axis, the Soviets of Iron Dream: no private part) reads
    its own report, the public one; the WA, whose save holds the second-invasion chit (14.12 A),
    still need their private part."""
    folder = copy_upto(group / "c", 4)
    public = run("report", folder, "--step", "2").stdout
    own = run("report", folder, "--step", "2", "--side", "axis").stdout
    assert own.splitlines()[0] == ("End of the Iron Dream demo (demonstration data) — end-of-the-iron-dream / iron-dream — save 2 — axis's own "
                                   "report, not for the opponent")
    assert own.splitlines()[2:] == public.splitlines()[2:]
    assert run("report", folder, "--step", "4", "--side", "soviet").exit_code == 0
    refused = run("report", folder, "--step", "4", "--side", "western", ok=False)
    assert refused.exit_code == 1 and refused.stdout == ""
    assert ("report --side western shows what only western may see, from western's private part; none at the "
            "default place (DIR.private-western beside the campaign folder): name it with --private") in refused.stderr


def test_inbox_says_nothing_of_the_reveal_it_just_made(group):
    """Three seats (docs/dice.md): the WA's prepared assault needs the Axis and the Soviet reveals.
    The Soviet's inbox keeps the orders and writes its reveal; it no longer says that reveal "waits
    for the orders it answers" (they are here), nor, once the step is recorded, that it is "a
    duplicate" of the save it just made."""
    folder = copy_upto(group / "c", 4)
    first = run("inbox", folder, step_file(5, "orders-western.txt"), "--key", "soviet").stdout.splitlines()
    assert first == [f"kept the orders of western for save 4 in {folder / 'pending'}: they roll dice and await the "
                     "reveal of axis",
                     "save 4: the orders of western are fixed and await the dice reveal of axis",
                     "send reveal-soviet-0005.txt to axis, western"]
    second = run("inbox", folder, step_file(5, "reveal-axis.txt"), "--key", "soviet").stdout.splitlines()
    assert second[0].startswith("recorded save 5: Turn 1 Western Allied prepared assaults (orders of western)")
    assert not any("duplicate" in line for line in second)
    assert (folder / "steps" / "0005" / "reveal-soviet.txt").read_text() == (group / "reveal-soviet-0005.txt").read_text()


def test_amend_sign_with_three_seats_waits_for_the_third_countersignature(group):
    """pbem.amend: every other seat countersigns. The first of two countersignatures records
    nothing, and `amend sign` and `status` say whose is still awaited."""
    folder = copy_upto(group / "c", 4)
    proposal = group / "proposal.yaml"
    proposal.write_text("pbem: data-override\ngame: end-of-the-iron-dream\ndemonstration: true\n"
                        "notice: made up for this test\nvalues:\n  units.counters.su-su-2.movement: 6\n")
    proposed = run("amend", "propose", folder, proposal, "--key", "axis").stdout
    assert proposed.startswith("wrote amendment-axis-0005.txt: 1 value(s) for every other player to countersign")
    signed = run("amend", "sign", folder, "amendment-axis-0005.txt", "--key", "soviet").stdout.splitlines()
    assert signed[1].startswith("wrote consent-soviet-0005.txt; the data amendment of axis for save 4 (sent ")
    assert signed[1].endswith(f") awaits the countersignature of western; kept in {folder / 'pending'}")
    assert not (folder / "steps" / "0005").exists()
    status = run("status", folder).stdout.splitlines()
    assert status[1].startswith(f"a data amendment of axis is proposed ({folder / 'pending' / 'amendment-axis.txt'}")
    assert status[1].endswith("ago); it awaits the countersignature of western")
    done = run("amend", "sign", folder, "amendment-axis-0005.txt", "--key", "western").stdout.splitlines()
    assert done[1] == f"wrote consent-western-0005.txt; save 5 (the amendment) recorded in {folder}"


def test_stale_orders_say_what_to_do(group):
    """Orders for an earlier save (a file already recorded, or a draft overtaken by another step)
    name `pbem log` and a fresh template; `sign` no longer suggests --no-check for them."""
    folder = copy_upto(group / "c", 4)
    replayed = run("adjudicate", folder, step_file(1, "orders-axis.txt"), ok=False)
    assert replayed.exit_code == 1
    assert (f"{step_file(1, 'orders-axis.txt')}: STALE OR REPLAYED: orders were written for save 0 but the campaign "
            "is at save 4 (hash ") in replayed.stderr
    assert ("…): saves 1–4 were recorded since (`pbem log DIR`); orders already recorded need nothing more, else "
            "write them again from `pbem orders DIR --side axis`") in replayed.stderr
    early = copy_upto(group / "early", 0)
    run("orders", early, "--side", "axis")
    shutil.copytree(BUNDLED / "steps" / "0001", early / "steps" / "0001")
    refused = run("sign", early, "orders-axis-0000.yaml", "--key", "axis", ok=False)
    assert refused.exit_code == 1 and "--no-check" not in refused.stderr
    assert ("orders-axis-0000.yaml: STALE OR REPLAYED: orders were written for save 0 but the campaign is at save 1 "
            "(hash ") in refused.stderr
    assert "…): save 1 was recorded since (`pbem log DIR`)" in refused.stderr


def test_orders_for_an_edited_save_point_at_verify(group):
    """The same save number with another hash: one copy's save differs (edited or damaged)."""
    folder = copy_upto(group / "c", 4)
    save = folder / "steps" / "0004" / "save.yaml"
    save.write_text(save.read_text().replace("steps: 2", "steps: 1", 1))
    refused = run("adjudicate", folder, step_file(5, "orders-western.txt"), ok=False)
    assert refused.exit_code == 1
    assert "STALE OR REPLAYED: orders were written for save 4 but the campaign is at save 4 (hash " in refused.stderr
    named = parse_signed(step_file(5, "orders-western.txt").read_text(), "orders").body["save_hash"]
    assert (f"…), not the hash {named[:12]}… they name: this copy's save 4 differs from the one they were written for "
            "(an edited or damaged save, or another campaign's copy): `pbem verify DIR` names the first difference") \
        in refused.stderr.replace("\n", " ")


def test_signing_with_another_seats_key_names_whose_key_it_is(group):
    folder = copy_upto(group / "c", 0)
    run("orders", folder, "--side", "axis")
    refused = run("sign", folder, "orders-axis-0000.yaml", "--key", "soviet", ok=False)
    assert refused.exit_code == 1
    assert (f"orders-axis-0000.yaml: this key is not axis's key in campaign {CAMPAIGN} (it is soviet's): sign "
            "axis's orders with axis's key") in refused.stderr


def test_new_names_the_data_file_given(group):
    """A value the set-up needs is entered in the file passed to --data (the campaign's own copy,
    data-override.yaml, does not exist yet); without --data, how to make one."""
    args = ["new", "end-of-the-iron-dream", "iron-dream", "--dir", "new", "--player", "axis=axis.pub",
            "--player", "western=western.pub", "--player", "soviet=soviet.pub", "--option", "position=ours"]
    args += [a for side in ("axis", "western", "soviet") for a in ("--commitment", BUNDLED / "commitments" / f"{side}.txt")]
    shutil.copy(EXAMPLE / "data-override.yaml", group / "our-data.yaml")
    given = run(*args, "--data", "our-data.yaml", ok=False)
    assert "enter it as `positions.ours` in the campaign's data override (our-data.yaml)" in given.stderr
    none = run(*args, ok=False)
    assert ("in the campaign's data override (none given: write one with `pbem data template end-of-the-iron-dream`, "
            "pass it with --data)") in none.stderr


def test_an_order_of_another_step_names_that_step(group):
    """A prepared assault (18.10) written into the Operational Movement Phase's file: the refusal
    names the step that takes `attack:` and the one the campaign awaits."""
    folder = copy_upto(group / "c", 1)
    run("orders", folder, "--side", "western")
    orders = group / "orders-western-0001.yaml"
    orders.write_text(orders.read_text().replace("orders: []", "orders:\n- {attack: T6, with: [wa-mech-2]}"))
    refused = run("check", folder, orders.name, ok=False)
    assert refused.exit_code == 1
    line = orders.read_text().splitlines().index("- {attack: T6, with: [wa-mech-2]}") + 1     # after the template's notes
    assert (f"orders-western-0001.yaml:{line}: unknown key(s) attack here (expected abomb, arrive, ") in refused.stderr
    assert ("withdraw); `attack:` is an order of another step: Prepared Assault Phase: every assault announced, then "
            "resolved one by one (5.1.6; 18.0) (and 1 more); this one is Turn 1 Western Allied operational movement "
            "(order 1)") in refused.stderr


def test_a_recipient_checks_the_signed_orders_of_a_seat_with_hidden_items(group):
    """`pbem check` before sending, or on what arrived: the Axis checks the WA's signed prepared
    assaults while the WA hold their second-invasion chit (14.12 A); the Axis never has the WA's
    private part, so the orders are checked as adjudication sees them (the public state)."""
    folder = copy_upto(group / "c", 4)
    checked = run("check", folder, step_file(5, "orders-western.txt"))
    assert checked.stdout == (f"{step_file(5, 'orders-western.txt')}: OK — 2 order(s) legal for Turn 1 Western Allied "
                              "prepared assaults\n")


def test_inbox_without_a_key_says_how_to_reveal(group):
    """The Axis runs `pbem inbox` on the WA's attack orders and forgets --key: the orders are kept
    and the line after says how the awaited seats reveal."""
    folder = copy_upto(group / "c", 4)
    lines = run("inbox", folder, step_file(5, "orders-western.txt")).stdout.splitlines()
    assert lines[:2] == [f"kept the orders of western for save 4 in {folder / 'pending'}: they roll dice and await "
                         "the reveal of axis, soviet",
                         "without --key nothing is revealed here: axis, soviet reveal with `pbem inbox DIR FILE --key KEY`"]


def test_adjudicate_writes_a_reveal_made_while_another_is_awaited(group):
    """`pbem adjudicate DIR ORDERS --key` by one of two revealers (docs/dice.md: every other camp
    reveals): the step still awaits the Axis, and the Soviet reveal made here is written out and
    sent to both other seats (each copy records the step with it), not only kept in pending/."""
    folder = copy_upto(group / "c", 4)
    printed = run("adjudicate", folder, step_file(5, "orders-western.txt"), "--key", "soviet").stdout.splitlines()
    assert printed[-2:] == [f"kept the orders in {folder / 'pending'}: adjudicate the reveal of axis when it comes",
                            "send reveal-soviet-0005.txt to axis, western"]
    assert (group / "reveal-soviet-0005.txt").read_text() == (folder / "pending" / "reveal-soviet.txt").read_text()


def test_a_reveal_is_never_lost_to_a_file_of_the_same_name(group):
    """Two campaigns played from one folder: another campaign's reveal-soviet-0005.txt is there.
    The step is recorded before the reveal is written out, so the reveal goes to the next free
    name instead of an error that leaves it unsent."""
    folder = copy_upto(group / "c", 4)
    (group / "reveal-soviet-0005.txt").write_text("another campaign's reveal\n")
    printed = run("inbox", folder, step_file(5, "orders-western.txt"), "--key", "soviet").stdout.splitlines()
    assert printed[-1] == "send reveal-soviet-0005-2.txt to axis, western"
    assert (group / "reveal-soviet-0005-2.txt").read_text() == (folder / "pending" / "reveal-soviet.txt").read_text()
    assert (group / "reveal-soviet-0005.txt").read_text() == "another campaign's reveal\n"
