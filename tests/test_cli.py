"""Every command of the CLI contract, end to end, with real keys, files and assertions."""

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
import yaml
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.cli import app
from tests import clirun
from tests.conftest import ROOT, tree_bytes
from tests.players import keyed_players

DEMO_DATA = ROOT / "examples" / "smithereens-demo" / "data-override.yaml"


def run(*args, ok=True):
    result = invoke([str(a) for a in args])
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def invoke(args: list[str]):
    """CliRunner().invoke(app, args), the click command built once per process (tests/clirun.py)."""
    return clirun.invoke(app, args)


@pytest.fixture
def players(tmp_path, monkeypatch):
    """Two players with fresh keys and commitments for campaign 'c1' (cwd = tmp_path): made by
    `pbem keygen` and `pbem commit` once per test process (tests/players.py), copied into each
    test's tmp_path (the key files with their mode)."""
    keyed_players(tmp_path, "c1", {"german": "ger", "alliance": "all"})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new_campaign(folder="camp", data=DEMO_DATA):
    return run("new", "smithereens", "historical", "--dir", folder, "--player", "german=ger.pub",
               "--player", "alliance=all.pub", "--commitment", "c1-german.commit.txt",
               "--commitment", "c1-alliance.commit.txt", "--data", data)


def fill_orders(template: Path, orders: list, target: Path) -> Path:
    body = yaml.safe_load(template.read_text())
    body["orders"] = orders
    target.write_text(yaml.safe_dump(body, sort_keys=False))
    return target


def test_keygen_writes_private_0600_and_openssh_public(players):
    private = players / "ger"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert (players / "ger.pub").read_text().startswith("ssh-ed25519 AAAA")
    again = run("keygen", "ger", ok=False)
    assert again.exit_code == 1 and "already exists" in again.stderr


def test_keygen_with_passphrase_needs_it_to_sign(players):
    run("keygen", "secret", "--passphrase", "hunter2")
    assert b"ENCRYPTED" in (players / "secret").read_bytes()
    refused = run("commit", "--key", "secret", "--campaign", "c2", "--side", "german", ok=False)
    assert refused.exit_code == 1 and "needs a passphrase" in refused.stderr
    wrong = run("commit", "--key", "secret", "--campaign", "c2", "--side", "german", "--passphrase", "nope", ok=False)
    assert "wrong passphrase" in wrong.stderr
    run("commit", "--key", "secret", "--campaign", "c2", "--side", "german", "--passphrase", "hunter2")
    assert (players / "c2-german.commit.txt").read_text().startswith("-----BEGIN PBEM SIGNED MESSAGE-----")


def test_existing_openssh_ed25519_key_is_accepted(players):
    key = Ed25519PrivateKey.generate()
    (players / "id_ed25519").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()))
    (players / "id_ed25519.pub").write_bytes(key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH) + b" me@host\n")
    run("commit", "--key", "id_ed25519", "--campaign", "c3", "--side", "german")
    assert "c3-german.commit.txt" in os.listdir(players)


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen not installed")
def test_key_made_by_ssh_keygen_is_accepted(players):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(players / "sshkey")], check=True)
    run("commit", "--key", "sshkey", "--campaign", "c4", "--side", "german")
    assert (players / "c4-german.commit.txt").read_text().startswith("-----BEGIN PBEM SIGNED MESSAGE-----")


def test_an_openssh_key_of_an_unsupported_type_is_refused_in_one_line(players):
    # was an AttributeError traceback: the except clause named serialization.UnsupportedAlgorithm
    import base64
    (players / "odd.pub").write_bytes(b"ssh-foo " + base64.b64encode(b"\x00\x00\x00\x07ssh-foo") + b" me@host\n")
    result = run("new", "smithereens", "historical", "--dir", "camp", "--player", "german=odd.pub",
                 "--player", "alliance=all.pub", "--commitment", "c1-german.commit.txt",
                 "--commitment", "c1-alliance.commit.txt", ok=False)
    assert result.exit_code == 1
    assert result.stderr == "pbem: error: odd.pub: not a readable public key\n"


def line_of(path: Path, text: str) -> int:
    return path.read_text().splitlines().index(text) + 1


def test_full_campaign_flow(players):
    created = new_campaign()
    assert "created camp: campaign c1" in created.stdout and "Turn 1 German prepared assaults" in created.stdout   # 3.10
    header = yaml.safe_load((players / "camp" / "campaign.yaml").read_text())
    assert header["data"]["override"]["demonstration"] is True
    assert set(header["dice"]["commitments"]) == {"german", "alliance"}

    # orders template for the wrong side is refused; for the right side it lists possible assaults
    wrong = run("orders", "camp", "--side", "alliance", ok=False)
    assert "awaits orders from 'german'" in wrong.stderr
    run("orders", "camp", "--side", "german")
    template = players / "orders-german-0000.yaml"
    text = template.read_text()
    assert "1918E: defended by sov-47a; adjacent: ger-46pz, ger-73id" in text and "save_hash:" in text

    # check lists each problem with its line and rule; a legal file passes
    bad = fill_orders(template, [{"attack": "1920E", "with": ["ger-46pz"]},
                                 {"attack": "1918E", "with": ["ger-17id"]}], players / "bad.yaml")
    checked = run("check", "camp", bad, ok=False)
    assert f"bad.yaml:{line_of(bad, '- attack: 1920E')}: ger-46pz in 1819E is not adjacent to 1920E (11.1) (order 1)" in checked.stderr
    assert f"bad.yaml:{line_of(bad, '- attack: 1918E')}: ger-17id in 1820E is not adjacent to 1918E (11.1) (order 2)" in checked.stderr
    assert "2 problem(s)" in checked.stderr
    none = fill_orders(template, [], players / "none.yaml")
    assert "OK — 0 order(s) legal" in run("check", "camp", none).stdout
    signed_out = run("sign", "camp", none, "--key", "ger").stdout
    signed = players / "none.yaml.signed.txt"
    assert f"send {signed} to alliance" in signed_out
    assert signed.read_text().count("-----BEGIN PBEM SIGNATURE-----") == 1
    assert "Turn 2 Soviet movement: alliance sends orders" in run("adjudicate", "camp", signed).stdout

    # replaying the same file is refused and changes nothing
    before = tree_bytes(players / "camp")
    replay = run("adjudicate", "camp", signed, ok=False)
    assert replay.exit_code == 1 and "STALE OR REPLAYED" in replay.stderr
    assert tree_bytes(players / "camp") == before

    run("orders", "camp", "--side", "alliance")
    move = fill_orders(players / "orders-alliance-0001.yaml", [{"move": "sov-2gta", "path": ["2019E", "1919E"]}], players / "move.yaml")
    run("sign", "camp", move, "--key", "all")
    assert "sov-2gta moves 2019E → 1919E" in run("adjudicate", "camp", players / "move.yaml.signed.txt").stdout

    # the assault rolls a die: without the German reveal the orders are recorded and await it
    run("orders", "camp", "--side", "alliance")
    attack = fill_orders(players / "orders-alliance-0002.yaml",
                         [{"attack": "1819E", "with": ["sov-2gta", "sov-47a"]}], players / "attack.yaml")
    # the Soviet player's own copy: the orders roll a die, so they are kept in pending/ and the
    # save stays at 2 until the German reveal comes
    shutil.copytree(players / "camp", players / "soviet-copy")
    run("sign", "camp", attack, "--key", "all")
    pending = run("adjudicate", "soviet-copy", players / "attack.yaml.signed.txt")
    assert "await the dice reveal of german" in pending.stdout and "soviet-copy/pending" in pending.stdout
    assert sorted(p.name for p in (players / "soviet-copy" / "steps").iterdir()) == ["0000", "0001", "0002"]
    status = run("status", "soviet-copy").stdout
    assert "orders of alliance are fixed" in status and "await the reveal of german" in status
    # the defender signs a reveal for exactly those orders (recording the step in its own copy)
    revealed = run("reveal", "camp", players / "attack.yaml.signed.txt", "--key", "ger")
    assert "save 3 recorded" in revealed.stdout and "send reveal-german-0003.txt to alliance" in revealed.stdout
    twice = run("reveal", "camp", players / "attack.yaml.signed.txt", "--key", "ger", "--out", "again.txt", ok=False)
    assert twice.exit_code == 1 and not (players / "again.txt").exists()
    # the Soviet copy adjudicates the reveal: the same save 3, and both folders are byte for byte alike
    result = run("adjudicate", "soviet-copy", players / "reveal-german-0003.txt")
    assert "Prepared assault on 1819E" in result.stdout and "Die roll" in result.stdout
    assert "DEMONSTRATION DATA" in result.stdout
    assert tree_bytes(players / "soviet-copy") == tree_bytes(players / "camp")

    # rolls: purpose, inputs and the recomputation recipe
    rolls = run("rolls", "camp", "--phase", "3").stdout
    assert "crt/1819E (prepared assault on 1819E (11.24)), 1d6 = " in rolls and "seed input: pbem-seed-v2|c1|3|" in rolls

    # reports in three formats
    assert "### Orders" in run("report", "camp", "--format", "md").stdout
    assert "[list]" in run("report", "camp", "--format", "bbcode").stdout
    assert run("report", "camp", "--format", "pdf", ok=False).exit_code == 1

    verified = run("verify", "camp")
    assert verified.stdout.startswith("OK: 4 saves, 6 signatures, 1 die rolls verified")
    assert re.search(r"^seat german: key SHA256:[A-Za-z0-9+/]{43}; signed 2 step input", verified.stdout, re.M)
    assert re.search(r"^header sha256 [0-9a-f]{64} \(campaign c1", verified.stdout, re.M)


def test_new_refuses_existing_folder_and_wrong_seats(players):
    new_campaign()
    again = run(
        "new", "smithereens", "historical", "--dir", "camp", "--player", "german=ger.pub", "--player", "alliance=all.pub",
        "--commitment", "c1-german.commit.txt", "--commitment", "c1-alliance.commit.txt", ok=False)
    assert "never overwrites a campaign" in again.stderr
    seats = run("new", "smithereens", "historical", "--dir", "camp2", "--player", "german=ger.pub",
                "--commitment", "c1-german.commit.txt", ok=False)
    assert "is played by seats" in seats.stderr and not (players / "camp2").exists()
    swapped = run("new", "smithereens", "historical", "--dir", "camp3", "--player", "german=all.pub",
                  "--player", "alliance=ger.pub", "--commitment", "c1-german.commit.txt",
                  "--commitment", "c1-alliance.commit.txt", "--data", DEMO_DATA, ok=False)
    assert "not a dice commitment for alliance signed by alliance's key" in swapped.stderr


def test_verify_detects_any_changed_byte(demo_campaign):
    files = sorted(p for p in demo_campaign.rglob("*") if p.is_file())
    assert len(files) > 15
    for path in files:
        original = path.read_bytes()
        position = len(original) // 2
        changed = bytearray(original)
        changed[position] = ord("#") if changed[position] != ord("#") else ord("$")
        path.write_bytes(bytes(changed))
        result = run("verify", demo_campaign, ok=False)
        path.write_bytes(original)
        assert result.exit_code == 1, path
        assert str(path.name) in result.stderr or str(path.parent.name) in result.stderr, (path, result.stderr)
    assert run("verify", demo_campaign).stdout.startswith("OK")


def test_demo_command_prints_report_and_verifies():
    result = run("demo")
    assert "Prepared assault on 1819E" in result.stdout
    assert "DEMONSTRATION DATA" in result.stdout
    assert re.search(r"pbem verify .*: OK: \d+ saves", result.stdout)


def test_demo_is_byte_identical_across_runs(demo_build, tmp_path):
    from pbem.demo import run_demo
    run_demo(tmp_path / "b")                          # a second run beside the session's (demo_build)
    assert tree_bytes(demo_build) == tree_bytes(tmp_path / "b" / "campaign")


def test_status_names_who_is_awaited(demo_campaign):
    result = run("status", demo_campaign)
    assert re.match(r"smithereens-demo \(smithereens/historical\): save 11 [0-9a-f]{16}…; "
                    r"awaits orders from alliance — Turn 3 Soviet prepared assaults", result.stdout)


def test_log_lists_every_save(demo_campaign):
    *lines, legend = run("log", demo_campaign).stdout.splitlines()
    assert [line[:4] for line in lines] == [f"{n:04d}" for n in range(12)]
    assert lines[0].endswith("set-up of historical")
    # 13.5: the German's attack file pauses for the Soviet's tactical air answer, whose step rolls the die
    assert re.fullmatch(r"0001  data [0-9a-f]{16}  file [0-9a-f]{16}  Turn 1 German prepared assaults: orders of german", lines[1])
    assert re.fullmatch(r"0002  data [0-9a-f]{16}  file [0-9a-f]{16}  Turn 1 German prepared assaults: Soviet tactical air on a "
                        r"defense \(13\.5\): response of alliance \(1 die roll\)", lines[2])
    assert "as `sha256sum` prints it" in legend and "canonical JSON" in legend


def test_log_shows_the_hash_sha256sum_gives_and_the_data_hash_the_chain_uses(demo_campaign):
    """Issue 17: `pbem log` shows the hash `sha256sum save.yaml` gives, or says which bytes it covers."""
    import subprocess
    lines = run("log", demo_campaign).stdout.splitlines()
    for number in (1, 2):
        path = demo_campaign / "steps" / f"{number:04d}" / "save.yaml"
        sha256sum = subprocess.run(["sha256sum", str(path)], capture_output=True, text=True, check=True).stdout.split()[0]
        nxt = yaml.safe_load((demo_campaign / "steps" / f"{number + 1:04d}" / "save.yaml").read_text())
        parts = lines[number].split()
        assert parts[1:5] == ["data", nxt["previous"][:16], "file", sha256sum[:16]]
        assert parts[2] != parts[4]         # the two hashes cover different bytes


def test_standard_level_is_recorded_in_the_header(players):  # 6.x supply at the standard level
    run("new", "smithereens", "historical", "--dir", "camp", "--player", "german=ger.pub", "--player", "alliance=all.pub",
        "--commitment", "c1-german.commit.txt", "--commitment", "c1-alliance.commit.txt", "--data", DEMO_DATA,
        "--option", "level=standard")
    header = yaml.safe_load((players / "camp" / "campaign.yaml").read_text())
    assert header["options"] == {"level": "standard", "fog": False, "reveals": "camp"}     # 11.7 fog of war needs the beginner level
    assert not any(rule.startswith("6.x supply") for rule in header["not_enforced"])
    bad = run("new", "smithereens", "historical", "--dir", "camp2", "--player", "german=ger.pub", "--player", "alliance=all.pub",
              "--commitment", "c1-german.commit.txt", "--commitment", "c1-alliance.commit.txt", "--option", "mist=on", ok=False)
    assert "unknown Smithereens option(s): mist" in bad.stderr and not (players / "camp2").exists()
