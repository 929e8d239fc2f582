"""A new group's first Smithereens Game Turn by the CLI (standard level, three seats in the
play-test, the bundled two-seat demo here), the frictions it met: each test plays a prefix of the
bundled example campaign (its published DEMO keys, its DEMONSTRATION data) and asserts the exact
message a user now gets."""

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_cli import run
from tests import conftest

EXAMPLE = ROOT / "examples" / "smithereens-demo"
BUNDLED = EXAMPLE / "campaign"


@pytest.fixture
def group(tmp_path, monkeypatch):
    """The two demo keys copied beside the campaign copies (their ledgers are written there)."""
    monkeypatch.chdir(tmp_path)
    for path in (EXAMPLE / "keys").iterdir():
        if not path.name.endswith(".pbem-ledger.yaml"):
            shutil.copy(path, tmp_path / path.name)
    return tmp_path


def copy_upto(target: Path, last: int) -> Path:
    """The bundled campaign as a player's copy holds it after save `last`."""
    return conftest.copy_upto(BUNDLED, target, last)


def step_file(number: int, name: str) -> Path:
    return BUNDLED / "steps" / f"{number:04d}" / name


def edited_template(folder: Path, side: str, orders: str) -> Path:
    """`pbem orders` for the current step, its `orders:` list replaced by `orders` (YAML lines)."""
    run("orders", folder, "--side", side)
    path = next(Path().glob(f"orders-{side}-*.yaml"))
    text = path.read_text()
    path.write_text(text[:text.index("\norders:")] + "\norders:\n" + orders)
    return path


def test_an_attack_in_the_movement_file_says_which_phase_takes_it(group):
    """5.1: the Movement Phase comes before the Prepared Assault Phase. An `attack:` written in
    the Soviet movement file used to be refused as a malformed move ("a movement order is
    `move: UNIT` ..."), not saying that attacks are signed in the next step."""
    folder = copy_upto(group / "c", 3)          # save 3 awaits Turn 2 Soviet movement
    orders = edited_template(folder, "alliance", '  - attack: "1819E"\n    with: [sov-47a]\n')
    result = run("check", folder, orders, ok=False)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{orders}:17: `attack:` is a prepared assault, ordered in the Prepared Assault Phase that follows this "
        "Movement Phase (5.1, 11.1): sign it then; here a movement order is `move: UNIT` with `path: [HEX, ...]` "
        "(order 1)")


def test_a_move_in_the_prepared_assault_file_says_the_movement_phase_is_over(group):
    """5.1: once the Soviet Movement Phase is recorded, a `move:` in his Prepared Assault file
    names the phase it belonged to instead of the shape of an `attack:` order alone."""
    folder = copy_upto(group / "c", 4)          # save 4 awaits Turn 2 Soviet prepared assaults
    orders = edited_template(folder, "alliance", '  - move: sov-2gta\n    path: ["2019E"]\n')
    result = run("check", folder, orders, ok=False)
    assert result.stderr.splitlines()[0] == (
        f"{orders}:17: `move:` and `enter:` belong to the Movement Phase, which is over (5.1): the Prepared "
        "Assault Phase takes `attack: HEX` with `with: [UNIT, ...]` (order 1)")


def test_a_reveal_that_comes_before_its_orders_says_to_keep_it(group):
    """README: mails in the wrong order go to `pbem inbox`. A third seat (or a second machine)
    that gets the German reveal before the Soviet orders it answers was told only that it "waits
    for the orders it answers"; nothing is kept in the folder, so it now says to keep the file and
    give it to the inbox again with the orders. Then both together record the step."""
    folder = copy_upto(group / "c", 9)         # save 9 awaits Turn 3 Soviet movement
    reveal = step_file(10, "reveal-german.txt")
    early = run("inbox", folder, reveal).stdout.splitlines()
    assert early == [
        f"{reveal}: reveal of german for save 9: waits for the orders it answers, not recorded here; keep it and "
        "give it to `pbem inbox` again with (or after) those orders",
        "save 9: awaits orders from alliance — Turn 3 Soviet movement"]
    assert not (folder / "pending").exists()
    both = run("inbox", folder, reveal, step_file(10, "orders-alliance.txt")).stdout
    assert both.startswith("recorded save 10: Turn 3 Soviet movement (orders of alliance)")
    assert (folder / "steps" / "0010" / "save.yaml").read_bytes() == step_file(10, "save.yaml").read_bytes()


def test_orders_for_a_later_save_say_to_keep_them(group):
    """Orders that come before the saves they follow wait, and the line says what to do with them."""
    folder = copy_upto(group / "c", 8)
    later = step_file(10, "orders-alliance.txt")
    lines = run("inbox", folder, later).stdout.splitlines()
    assert lines[0] == (f"{later}: orders of alliance for save 9: waits until save 9 is recorded here (the files that "
                        "make it have not come yet); keep it and give it to `pbem inbox` again with them")


def test_a_second_sign_of_the_same_file_says_to_send_the_first(group):
    """Signing the same orders twice used to end on "already exists; pbem never overwrites" alone;
    it now says to send the signed file already there, or remove it to sign edited orders, and
    signs nothing (two different signed files for one save would be refused together)."""
    folder = copy_upto(group / "c", 3)
    orders = edited_template(folder, "alliance", "  []\n")
    run("sign", folder, orders, "--key", "alliance")
    pending = sorted((folder / "pending").iterdir())
    again = run("sign", folder, orders, "--key", "alliance", ok=False)
    assert again.exit_code == 1
    assert again.stderr == (f"pbem: error: {orders}.signed.txt: already exists; pbem never overwrites: if it holds these "
                            "orders signed, send it as it is (`pbem status` says whether it is recorded); to sign edited "
                            "orders instead, remove it (or give --out FILE) and send only the new one\n")
    assert sorted((folder / "pending").iterdir()) == pending


def test_a_missing_value_asks_every_player_to_sign_the_amendment():
    """Three seats (1.2) sign an amendment each (pbem.amend): the refusal no longer says "both players"."""
    from pbem.errors import UnknownDataError
    message = str(UnknownDataError("map.regions.slovakia.hexes", "the hexes of slovakia (3.6)", "the map sheets",
                                   "data-override.yaml"))
    assert message == ("needs the hexes of slovakia (3.6), which the rulebook text does not give (printed on: the map "
                       "sheets); enter it as `map.regions.slovakia.hexes` in the campaign's data override "
                       "(data-override.yaml) — see `pbem data missing`; once the campaign has begun, every player signs "
                       "it as a data amendment (`pbem amend propose`)")



FROZEN = ROOT / "tests" / "compat" / "smithereens-demo-0.6.0-e4c14a9a" / "campaign"     # behaviour 5


@pytest.mark.parametrize("source, last, side, steps", [
    (FROZEN, 6, "german", {"ger-46pz": 0, "ger-73id": 1}),    # Turn 2 Soviet PA on 1819E: 1 LP, ger-46pz at one step (11.30)
    (FROZEN, 11, "german", {"ger-46pz": 1, "ger-73id": 0}),   # Turn 3 mobile assault on 1819E: 1 LP, both at one step (12.13)
    (BUNDLED, 2, "alliance", {"sov-47a": 1}),                 # Turn 1 German PA on 1918E: 1 LP, or a retreat (11.25)
])
def test_the_step_loss_template_adjudicates_as_written(group, source, last, side, steps):
    """The defender's loss-choice template wrote every defender's steps as 0, which `pbem check`
    refused ("this answer absorbs 0"); it is now pre-filled as 11.29-11.30 spread the loss,
    says so, and checks as written. (Behaviour 6 applies the first case without asking, 11.30:
    the bundled demo no longer asks the German; the pbem 0.6.0 demo, behaviour 5, still does.)"""
    from pbem.yamlio import parse_yaml_text
    folder = conftest.copy_upto(source, group / "c", last)
    run("orders", folder, "--side", side)
    path = Path(f"orders-{side}-{last:04d}.yaml")
    text = path.read_text()
    assert ("# `steps:` is pre-filled as 11.30 spreads the loss (nobody eliminated before all are down to one step); "
            "change it to the steps you choose.") in text.splitlines()
    assert parse_yaml_text(text, str(path))["orders"][0]["steps"] == steps
    assert run("check", folder, path).stdout.startswith(f"{path}: OK — 1 order(s) legal for ")


def test_signing_a_diceless_step_with_three_seats_names_the_other_players(tmp_path, monkeypatch):
    """Three-player Smithereens (1.2) on the demo data: `pbem sign` of orders whose step rolls no
    die said the step is recorded "as the opponent's inbox does there"; with three seats both other
    players' inboxes record it."""
    monkeypatch.chdir(tmp_path)
    seats = ("german", "soviet", "western")
    for seat in seats:
        run("keygen", seat)
        run("commit", "--key", seat, "--campaign", "s3", "--side", seat)
    run("new", "smithereens", "historical", "--dir", "c", *[a for s in seats for a in ("--player", f"{s}={s}.pub")],
        *[a for s in seats for a in ("--commitment", f"s3-{s}.commit.txt")], "--data", EXAMPLE / "data-override.yaml",
        "--option", "level=standard")
    orders = edited_template(Path("c"), "german", "  []\n")
    lines = run("sign", "c", orders, "--key", "german").stdout.splitlines()
    assert lines[1] == ("these orders: their step rolls no die and needs no reveal: `pbem inbox c c/pending/orders-german.txt` "
                        "records it here (as the other players' inboxes do there)")
    assert lines[2] == f"send {orders}.signed.txt to soviet, western"


def test_a_reused_commitment_is_refused_at_the_first_data_amendment(tmp_path, monkeypatch):
    """docs/dice.md: a commitment is fresh every time. A group that made a second campaign with the
    commitments of a first one already played only heard so at its first `pbem inbox`, after every
    player had signed a data amendment; `pbem amend propose` (and `amend sign`) now refuse first."""
    monkeypatch.chdir(tmp_path)
    seats = ("german", "soviet", "western")
    for seat in seats:
        run("keygen", seat)
        run("commit", "--key", seat, "--campaign", "s3", "--side", seat)
    for folder in ("first", "second"):                 # two campaigns (titles differ), one set of commitments
        run("new", "smithereens", "historical", "--dir", folder, "--title", folder,
            *[a for s in seats for a in ("--player", f"{s}={s}.pub")],
            *[a for s in seats for a in ("--commitment", f"s3-{s}.commit.txt")], "--data", EXAMPLE / "data-override.yaml",
            "--option", "level=standard")
    orders = edited_template(Path("first"), "german", "  []\n")
    run("sign", "first", orders, "--key", "german")
    run("inbox", "first", f"{orders}.signed.txt", "--key", "soviet")       # the first campaign goes on:
    run("sign", "first", edited_template(Path("first"), "soviet", "  []\n"), "--key", "soviet")   # no air (13.5)
    Path("proposal.yaml").write_text("pbem: data-override\ngame: smithereens\nvalues:\n  map.regions.slovakia.hexes: []\n")
    refused = run("amend", "propose", "second", "proposal.yaml", "--key", "soviet", ok=False)
    assert refused.exit_code == 1 and not list(Path().glob("amendment-*"))
    assert refused.stderr.startswith("pbem: error: soviet.pbem-ledger.yaml: REUSED COMMITMENT: your dice commitment for "
                                     "soviet in campaign s3 was already used in another campaign (header ")


PLACEMENT_DATA = ROOT / "tests" / "data" / "smithereens-placement.yaml"     # test data with A, AS and M units (3.6, 3.7)


@pytest.fixture(scope="module")
def built_placing(tmp_path_factory) -> Path:
    """A two-seat campaign on the placement test data (not the published game), awaiting the
    German A/AS placement (3.6), with its keys and commitments: made once per module."""
    built = tmp_path_factory.mktemp("placing")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(built)
        for seat in ("german", "alliance"):
            run("keygen", seat)
            run("commit", "--key", seat, "--campaign", "p", "--side", seat)
        run("new", "smithereens", "historical", "--dir", "c", "--player", "german=german.pub", "--player", "alliance=alliance.pub",
            "--commitment", "p-german.commit.txt", "--commitment", "p-alliance.commit.txt", "--data", PLACEMENT_DATA)
    return built


@pytest.fixture
def placing(built_placing, tmp_path, monkeypatch):
    """built_placing copied into this test's tmp_path (its cwd): the campaign folder `c`."""
    shutil.copytree(built_placing, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return Path("c")


def check_lines(folder: Path, orders: Path) -> list[str]:
    result = run("check", folder, orders, ok=False)
    assert result.exit_code == 1
    *lines, last = result.stderr.splitlines()
    assert last.startswith("pbem: error: ")
    return lines


def test_the_placeholder_hex_of_the_placement_template_is_one_line_naming_the_area(placing):
    """3.6: the template writes `at: HEX` for every unit to place. Checked unedited, each order gave
    a bad-hex-id error and a second line "a-1 (A) must be placed; none may be withheld", as if the
    order were missing; now one line per order says to replace the placeholder and where the unit goes."""
    run("orders", placing, "--side", "german")
    orders = Path("orders-german-0000.yaml")
    a_area = ("a German-occupied hex or a Wehrkreis city, outside the Courland and Colmar Pockets, Slovakia and "
              "Yugoslavia (3.6)")
    assert check_lines(placing, orders) == [
        f"{orders}:19: replace the template's placeholder `at: HEX` with the hex where a-1 (A) is placed: {a_area} (order 1)",
        f"{orders}:21: replace the template's placeholder `at: HEX` with the hex where a-2 (A) is placed: {a_area} (order 2)",
        f"{orders}:23: replace the template's placeholder `at: HEX` with the hex where a-pz (A) is placed: {a_area} (order 3)",
        f"{orders}:25: replace the template's placeholder `at: HEX` with the hex where as-1 (AS) is placed: a hex of "
        "Slovakia not next to Soviet-side units nor to a border hexside of Slovakia (3.6) (order 4)"]


def test_the_soviet_placeholder_names_the_m_placement_area(placing):
    """3.7: "M" units are placed in hexes already holding Soviet-side units, not in Yugoslavia."""
    german = edited_template(placing, "german", '  - {place: a-1, at: "1818E"}\n  - {place: a-2, at: "1719E"}\n'
                                                '  - {place: a-pz, at: "1818E"}\n  - {place: as-1, at: "2630"}\n')
    run("sign", placing, german, "--key", "german")
    run("inbox", placing, f"{german}.signed.txt")
    run("orders", placing, "--side", "alliance")
    orders = Path("orders-alliance-0001.yaml")
    assert check_lines(placing, orders) == [
        f"{orders}:15: replace the template's placeholder `at: HEX` with the hex where m-1 (M) is placed: a hex already "
        "holding Soviet-side units, outside Yugoslavia (3.7) (order 1)"]


def test_a_misspelled_unit_to_place_names_the_nearest_own_units(placing):
    """3.6: `a-l` for `a-1` was refused as "a placement is `place: UNIT` ..." with no hint (a one-letter
    slip in a three-letter id is too far for the spelling hint); it now names the look-alike among the
    units this side places now, and a-1 is not refused a second time as withheld. The Soviet's M unit
    is never offered to the German (11.7 fog)."""
    rest = '  - {place: a-2, at: "1719E"}\n  - {place: a-pz, at: "1818E"}\n  - {place: as-1, at: "2630"}\n'
    shape = "a placement is `place: UNIT` with `at: HEX`, once for each of a-1, a-2, a-pz, as-1"
    orders = edited_template(placing, "german", '  - {place: a-l, at: "1818E"}\n' + rest)
    assert check_lines(placing, orders) == [
        f"{orders}:19: a-l is not a German unit to place in this set-up (3.6) (did you mean a-1?): {shape} (order 1)"]
    orders.unlink()
    orders = edited_template(placing, "german", '  - {place: a-pzz, at: "1818E"}\n  - {place: a-1, at: "1818E"}\n'
                                                '  - {place: a-2, at: "1719E"}\n  - {place: as-1, at: "2630"}\n')
    assert check_lines(placing, orders) == [
        f"{orders}:19: a-pzz is not a German unit to place in this set-up (3.6) (did you mean a-pz?): {shape} (order 1)"]
    orders.unlink()
    orders = edited_template(placing, "german", '  - {place: m-l, at: "1818E"}\n' + rest)
    assert check_lines(placing, orders) == [
        f"{orders}:19: m-l is not a German unit to place in this set-up (3.6): {shape} (order 1)",
        f"{orders}: a-1 (A) must be placed; none may be withheld (3.6, 3.7)"]
