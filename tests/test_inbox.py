"""`pbem inbox` on two machines, through the CLI: saved mails holding several signed blocks in
any order, the mover adjudicating its own orders before the reveal (issue 17, part 1), and
random interleavings of both players' commands that must leave byte-identical folders."""

import random
import shutil
from pathlib import Path

import pytest
import yaml

from pbem import campaign as camp
from pbem.games import get_game
from tests.conftest import tree_bytes
from tests.test_cli import DEMO_DATA, run

SIDES = ("german", "alliance")


@pytest.fixture(scope="module")
def built_machines(tmp_path_factory) -> Path:
    """Two machines, each with its own key, outbox and copy of campaign 'c1', made by each
    running `pbem new` with the same inputs (the commitments and public keys are shared); built
    once per module, each test gets its own copy (`machines`)."""
    root = tmp_path_factory.mktemp("machines")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        for side in SIDES:
            (root / side).mkdir()
            run("keygen", root / side / "key")
            shutil.copy(root / side / "key.pub", root / f"{side}.pub")
            run("commit", "--key", root / side / "key", "--campaign", "c1", "--side", side,
                "--out", root / f"c1-{side}.commit.txt")
        # the demo's made-up data, plus an empty Italy (demonstration data too), which 11.7 fog of war
        # (on at the beginner level) reads as soon as a German stack hides a unit
        data = yaml.safe_load(DEMO_DATA.read_text())
        data["values"]["map.regions.italy.hexes"] = []
        override = root / "data-override.yaml"
        override.write_text(yaml.safe_dump(data, sort_keys=False))
        for side in SIDES:
            run("new", "smithereens", "historical", "--dir", root / side / "camp",
                "--player", f"german={root / 'german.pub'}", "--player", f"alliance={root / 'alliance.pub'}",
                "--commitment", root / "c1-german.commit.txt", "--commitment", root / "c1-alliance.commit.txt",
                "--data", override)
    return root


@pytest.fixture
def machines(built_machines, tmp_path, monkeypatch):
    """The two machines (built_machines) copied into this test's tmp_path, its cwd."""
    shutil.copytree(built_machines, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def folder(root: Path, side: str) -> Path:
    return root / side / "camp"


def key(root: Path, side: str) -> Path:
    return root / side / "key"


def signed_orders(root: Path, side: str, orders: list, name: str) -> Path:
    """`pbem orders` + fill in + `pbem sign` on `side`'s machine; the signed file."""
    template = root / side / f"{name}.yaml"
    run("orders", folder(root, side), "--side", side, "--out", template)
    body = yaml.safe_load(template.read_text())
    body["orders"] = orders
    template.write_text(yaml.safe_dump(body, sort_keys=False))
    printed = run("sign", folder(root, side), template, "--key", key(root, side)).stdout
    target = template.with_name(template.name + ".signed.txt")
    other = "alliance" if side == "german" else "german"
    assert f"send {target} to {other}" in printed
    return target


def mail(target: Path, blocks: list[Path], style: str) -> Path:
    """A saved email around signed blocks: greeting, quoting, CRLF, as a mail client keeps it."""
    body = "Hi,\n\nhere are my files.\n\n" + "\n\nand\n\n".join(p.read_text() for p in blocks) + "\n-- \nsent from a phone\n"
    if style in ("quoted", "quoted-crlf"):
        body = "On Monday you wrote:\n" + "".join(f"> {line}\n" for line in body.split("\n"))
    if style in ("crlf", "quoted-crlf"):
        body = body.replace("\n", "\r\n")
    target.write_bytes(body.encode("utf-8"))
    return target


ATTACK = [{"attack": "1918E", "with": ["ger-46pz"]}]     # save 0: German prepared assault (3.10), rolls a die


def test_mover_adjudicating_its_own_orders_before_the_reveal_ends_with_the_opponents_folder(machines):
    """Issue 17 part 1: the mover ran its own attack orders before the reveal came; the opponent
    ran orders and reveal together. Both must end with the same save 1 and the same folder."""
    root = machines
    orders = signed_orders(root, "german", ATTACK, "attack")
    early = run("inbox", folder(root, "german"), orders).stdout
    assert "kept the orders of german for save 0" in early and "await the reveal of alliance" in early
    assert "save 0: the orders of german are fixed and await the dice reveal of alliance" in early
    assert sorted(p.name for p in (folder(root, "german") / "steps").iterdir()) == ["0000"]
    # the opponent gets the mail, reveals with its key; the reveal is written outside steps/
    got = mail(root / "alliance" / "mail1.eml", [orders], "quoted-crlf")
    answered = run("inbox", folder(root, "alliance"), got, "--key", key(root, "alliance"),
                   "--outbox", root / "alliance").stdout
    reveal = root / "alliance" / "reveal-alliance-0001.txt"
    assert f"send {reveal} to german" in answered and reveal.is_file()
    assert "recorded save 1" in answered
    back = mail(root / "german" / "mail1.eml", [reveal], "plain")
    done = run("inbox", folder(root, "german"), back).stdout
    assert "recorded save 1" in done
    assert not (folder(root, "german") / "pending").exists()
    assert tree_bytes(folder(root, "german")) == tree_bytes(folder(root, "alliance"))
    # the stored messages are the canonical blocks, not the mail
    stored = (folder(root, "german") / "steps" / "0001" / "orders-german.txt").read_bytes()
    assert stored == orders.read_bytes() and b"\r" not in stored and b"> " not in stored
    # the next orders are accepted on both machines (the STALE OR REPLAYED refusal)
    assert "OK" in run("verify", folder(root, "german")).stdout


def test_a_mail_with_several_blocks_in_any_order_applies_them_in_chain_order(machines):
    """Orders for save 0, the reveal, and the alliance's orders for save 1 arrive in one quoted
    mail, last first and twice: the inbox applies them as the chain needs (0 -> 1 -> 2)."""
    root = machines
    orders = signed_orders(root, "german", ATTACK, "attack")
    run("inbox", folder(root, "alliance"), orders, "--key", key(root, "alliance"), "--outbox", root / "alliance")
    reveal = root / "alliance" / "reveal-alliance-0001.txt"
    waiting = camp.open_campaign(folder(root, "alliance")).latest()[1]["awaiting"]
    assert waiting["side"] == "alliance"     # the defender's answer (11.25) or the Soviet movement (3.10)
    following = signed_orders(root, "alliance", _legal(folder(root, "alliance"), "alliance"), "next")
    run("inbox", folder(root, "alliance"), following, "--key", key(root, "alliance"), "--outbox", root / "alliance")
    thread = mail(root / "german" / "thread.eml", [following, reveal, orders], "quoted")
    applied = run("inbox", folder(root, "german"), thread, thread, "--key", key(root, "german"),
                  "--outbox", root / "german").stdout     # the same mail twice
    assert "recorded save 1" in applied
    assert "recorded save 2" in applied or "kept the orders of alliance for save 1" in applied
    for line in applied.splitlines():
        if line.startswith("send "):         # the German reveal for the alliance's orders
            back = Path(line[len("send "):].rsplit(" to ", 1)[0])
            run("inbox", folder(root, "alliance"), mail(root / "alliance" / "back.eml", [back], "crlf"))
    assert tree_bytes(folder(root, "german")) == tree_bytes(folder(root, "alliance"))


def test_inbox_says_what_it_still_waits_for(machines):
    """Orders for a later save wait until the saves before them are recorded, and say so; a
    mail already applied changes nothing."""
    root = machines
    orders = signed_orders(root, "german", ATTACK, "attack")
    run("inbox", folder(root, "alliance"), orders, "--key", key(root, "alliance"), "--outbox", root / "alliance")
    following = signed_orders(root, "alliance", _legal(folder(root, "alliance"), "alliance"), "next")
    early = run("inbox", folder(root, "german"), following).stdout.splitlines()
    assert early[0] == (f"{following}: orders of alliance for save 1: waits until save 1 is recorded here (the files that make it "
                        "have not come yet); keep it and give it to `pbem inbox` again with them")
    # the German copy keeps its own signed orders (pbem sign): the reveal alone completes the step
    assert early[-1] == "save 0: the orders of german are fixed and await the dice reveal of alliance"
    # the alliance's own signed answer or movement rolls no dice: its next inbox records it
    own = run("inbox", folder(root, "alliance"), orders).stdout
    assert own.startswith("recorded save 2: Turn ") and " of alliance); report " in own
    before = tree_bytes(folder(root, "alliance"))
    again = run("inbox", folder(root, "alliance"), orders, following).stdout
    assert "recorded save" not in again and tree_bytes(folder(root, "alliance")) == before
    # README: the inbox names what it did not apply, duplicates of what is recorded among them
    assert again.splitlines()[:-1] == [f"{orders}: orders of german: already recorded in save 1 (a duplicate; nothing to do)",
                                       f"{following}: orders of alliance: already recorded in save 2 (a duplicate; nothing to do)"]
    assert again.splitlines()[-1].startswith("save 2: awaits orders from alliance — Turn 2 ")


def test_a_mail_without_signed_blocks_is_refused_in_one_line(machines):
    root = machines
    (root / "note.eml").write_text("Hi, I'll send my orders tomorrow.\n")
    before = tree_bytes(folder(root, "german"))
    refused = run("inbox", folder(root, "german"), root / "note.eml", ok=False)
    assert refused.exit_code == 1
    assert refused.stderr.startswith("pbem: error: ") and "note.eml" in refused.stderr and "no '-----BEGIN PBEM" in refused.stderr
    assert tree_bytes(folder(root, "german")) == before


def test_pbem_new_with_the_same_inputs_makes_the_identical_folder(machines):
    """How the second player gets the campaign folder: by running the same `pbem new`."""
    root = machines
    assert tree_bytes(folder(root, "german")) == tree_bytes(folder(root, "alliance"))
    printed = run("commit", "--key", key(root, "german"), "--campaign", "c2", "--side", "german",
                  "--out", root / "c2.txt").stdout
    assert f"send {root / 'c2.txt'} and your public key to the other player(s): each of you runs the same `pbem new`" in printed


def test_adjudicate_with_key_writes_the_reveal_outside_steps(machines):
    root = machines
    orders = signed_orders(root, "german", ATTACK, "attack")
    printed = run("adjudicate", folder(root, "alliance"), orders, "--key", key(root, "alliance")).stdout
    assert "send reveal-alliance-0001.txt to german" in printed
    assert Path("reveal-alliance-0001.txt").read_text() == (folder(root, "alliance") / "steps/0001/reveal-alliance.txt").read_text()


def _legal(campaign_folder: Path, side: str, rng: random.Random | None = None) -> list:
    """Legal orders for the awaited side: the demo's answer to a pause, else its long-game policy."""
    campaign = camp.open_campaign(campaign_folder)
    _, save, _ = campaign.latest()
    plan = get_game("smithereens").demo_plan()
    assert plan is not None and plan.play is not None and save["awaiting"]["side"] == side
    if save["awaiting"]["kind"] == "response":
        return plan.respond(campaign, save["state"])
    return plan.play(campaign, save["awaiting"], save["state"], rng or random.Random(0))


# -- the property: any interleaving, the same folders -------------------------------------------

PHASES = 10


class Machine:
    def __init__(self, root: Path, side: str):
        self.root, self.side = root, side
        self.unread: list[Path] = []
        self.read: list[Path] = []
        self.outgoing: list[Path] = []
        self.signed_for: set[int] = set()
        self.mails = 0
        self.opened: tuple[int, dict] | None = None     # latest(), until changed()

    @property
    def folder(self) -> Path:
        return folder(self.root, self.side)

    def latest(self) -> tuple[int, dict]:
        """The folder's last save, opened again only after a command ran on this machine's folder
        (`changed`): the loop asks after every action, and most actions change nothing here."""
        if self.opened is None:
            number, save, _ = camp.open_campaign(self.folder).latest()
            self.opened = (number, save)
        return self.opened             # read only: every caller reads the awaited side and phase

    def changed(self) -> None:
        self.opened = None


def _inbox(machine: Machine, files: list[Path], rng: random.Random) -> None:
    machine.changed()
    if rng.random() < 0.8:
        printed = run("inbox", machine.folder, *files, "--key", key(machine.root, machine.side),
                      "--outbox", machine.root / machine.side).stdout
    else:                                   # without the key: reveals wait for a later inbox with it
        printed = run("inbox", machine.folder, *files).stdout
    for line in printed.splitlines():
        if line.startswith("send "):
            machine.outgoing.append(Path(line[len("send "):].rsplit(" to ", 1)[0]))


def _act(machines: dict[str, Machine], side: str, rng: random.Random) -> None:
    me = machines[side]
    other = machines["alliance" if side == "german" else "german"]
    choice = rng.random()
    if choice < 0.4 and (me.unread or me.read):
        batch = rng.sample(me.unread, rng.randint(1, len(me.unread))) if me.unread else []
        batch += rng.sample(me.read, min(len(me.read), rng.randint(0, 1)))      # an old mail again
        rng.shuffle(batch)
        if batch:
            _inbox(me, batch, rng)
            me.read += [m for m in batch if m in me.unread]
            me.unread = [m for m in me.unread if m not in batch]
    elif choice < 0.7 and me.outgoing:
        me.mails += 1
        sent = mail(me.root / other.side / f"from-{side}-{me.mails}.eml", me.outgoing,
                    rng.choice(["plain", "quoted", "crlf", "quoted-crlf"]))
        other.unread.append(sent)
        me.outgoing = []
    else:
        number, save = me.latest()
        waiting = save["awaiting"]
        if waiting.get("done") or number >= PHASES or waiting["side"] != side or number in me.signed_for:
            return
        me.signed_for.add(number)
        me.changed()                          # `pbem orders` and `pbem sign` run on its folder
        orders = signed_orders(me.root, side, _legal(me.folder, side, random.Random(rng.random())), f"s{number:04d}")
        me.outgoing.append(orders)
        if rng.random() < 0.5:               # the mover runs its own orders first (the case)
            _inbox(me, [orders], rng)


@pytest.mark.parametrize("seed", range(4))
def test_random_interleavings_of_both_players_leave_byte_identical_folders(machines, seed):
    """Over a 10-phase game, both players act in a random order: reading any subset of their
    mails (with old ones again), sending, signing and running their own orders first. At the
    end both folders are the same bytes (`diff -r`), stored messages included, and verify."""
    rng = random.Random(seed)
    players = {side: Machine(machines, side) for side in SIDES}
    for _ in range(600):
        _act(players, rng.choice(SIDES), rng)
        done = all(m.latest()[0] >= PHASES or m.latest()[1]["awaiting"].get("done") for m in players.values())
        if done and not any(m.unread or m.outgoing for m in players.values()):
            break
    for _ in range(3):                       # deliver and read whatever is left
        for side in SIDES:
            me = players[side]
            if me.outgoing:
                _act_send(players, side)
        for side in SIDES:
            if players[side].unread:
                _inbox(players[side], players[side].unread, rng)
                players[side].unread = []
    german, alliance = players["german"].folder, players["alliance"].folder
    assert players["german"].latest()[0] >= PHASES
    assert tree_bytes(german) == tree_bytes(alliance)
    assert run("verify", german).stdout.startswith(f"OK: {players['german'].latest()[0] + 1} saves")


def _act_send(players: dict[str, Machine], side: str) -> None:
    me = players[side]
    other = players["alliance" if side == "german" else "german"]
    me.mails += 1
    other.unread.append(mail(me.root / other.side / f"from-{side}-{me.mails}.eml", me.outgoing, "quoted"))
    me.outgoing = []


def test_inbox_with_a_key_of_no_seat_or_of_the_wrong_seat_says_so(machines):
    """A key that holds no seat is refused in one line, writing nothing; the mover's own key where
    the opponent's reveal is awaited reveals nothing, and the inbox says so instead of keeping quiet."""
    root = machines
    orders = signed_orders(root, "german", ATTACK, "attack")
    before = tree_bytes(folder(root, "alliance"))
    stranger = run("keygen", root / "stranger").stdout
    assert "stranger" in stranger
    refused = run("inbox", folder(root, "alliance"), orders, "--key", root / "stranger", ok=False)
    assert refused.exit_code == 1
    assert refused.stderr == "pbem: error: this key holds no seat in campaign c1 (wrong key, or another player's copy?)\n"
    assert tree_bytes(folder(root, "alliance")) == before
    wrong = run("inbox", folder(root, "alliance"), orders, "--key", key(root, "german"), "--outbox", root / "alliance").stdout
    assert "your key is german's: it reveals nothing for this step (run this with the key of the seat it awaits)" in wrong
