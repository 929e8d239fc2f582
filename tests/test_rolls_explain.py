"""`pbem rolls`: an exact recipe in its header, and `--explain STEP[:N]`, whose printed
sha256sum/openssl commands recompute the roll with standard tools (issue 12)."""

import hashlib
import hmac
import shutil
import subprocess
from pathlib import Path

import pytest

from pbem import rolls
from pbem.dice import draw
from tests.conftest import ROOT
from tests.test_cli import run
from tests import fastyaml

GRENADE = ROOT / "examples" / "operation-grenade-demo" / "campaign"




def dice_of(number: int) -> dict:
    return fastyaml.safe_load((GRENADE / "steps" / f"{number:04d}" / "save.yaml").read_text())["dice"]


def commands(text: str) -> list[str]:
    return [line.split("$ ", 1)[1] for line in text.splitlines() if line.lstrip().startswith("$ ")]


def shell(command: str) -> str:
    """The hex digest a `... | sha256sum` or `... | openssl dgst ...` command prints."""
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.split("=")[-1].split()[0] if "openssl" in command else done.stdout.split()[0]


def test_the_header_says_exactly_which_bytes_are_hashed():
    table = run("rolls", GRENADE).stdout.splitlines()
    assert tuple(table[:len(rolls.HEADER)]) == rolls.HEADER
    header = "\n".join(rolls.HEADER)
    assert "key = the 32 bytes the seed's hex spells, not its hex text" in header
    assert "ORDERS_DIGEST = SHA-256 of the canonical JSON of the sorted list of the hex SHA-256 of each order's canonical JSON" in header
    assert "b < 256 - 256 % N" in header and "key=seed" not in header
    assert "--explain STEP[:N]" in header


def test_explain_prints_every_input_of_one_roll():
    text = run("rolls", GRENADE, "--explain", "5:1").stdout
    dice = dice_of(5)
    assert text.startswith("save 5: Game-Turn 1 (1945-02-23) Allied Combat Phase: german answer before the rolls")
    assert "roll 1 of 7: crt/1/0110/1 (combat 1 at 0110 die 1 (9.0)), 1d6 = 5 (block 0, byte 0)" in text
    assert '   order 1: {"artillery":["407/58"],"defend":"0110"}' in text
    assert f"   its SHA-256 = ORDERS_DIGEST {dice['orders_digest']}" in text
    assert "(here the canonical form is the signed list itself" in text
    assert f"   allied={dice['secrets']['allied']}: dice.secret of reveal-allied.txt; its proof folds up to the allied root" in text
    assert f"   german={dice['secrets']['german']}: dice.secret of orders-german.txt" in text
    assert f"   seed = its SHA-256 = {dice['seed']}" in text
    assert f"HMAC-SHA256 with the key = the 32 bytes of the seed (hex {dice['seed']}; not its 64 ASCII characters)" in text
    assert "   message 'crt/1/0110/1#0' (14 bytes of UTF-8) -> block 0 = 40771fb71d4b68a8e8dd91389decf0eb96c5a397629bc04b4ecb02caf2d3712b" in text
    assert "   byte 0 of block 0 = 0x40 = 64 < 252: face = 64 % 6 + 1 = 5" in text
    assert "MISMATCH" not in text


@pytest.mark.skipif(not (shutil.which("sha256sum") and shutil.which("openssl")), reason="needs sha256sum and openssl")
@pytest.mark.parametrize("which", ["2", "2:weather/1", "5:1", "5:5", "7", "10", "12:2", "14"])
def test_the_printed_commands_recompute_the_roll(which):
    step = int(which.split(":")[0])
    dice, text = dice_of(step), run("rolls", GRENADE, "--explain", which).stdout
    printed = commands(text)
    hmacs = [c for c in printed if "openssl dgst -sha256 -mac HMAC" in c]
    digests = [shell(c) for c in printed if c.endswith("| sha256sum")]
    # the orders' hashes, then the orders digest, then the seed
    assert digests[-2:] == [dice["orders_digest"], dice["seed"]]
    assert all(f"sha256 {d}" in text for d in digests[:-2])
    index = int(which.split(":")[1]) - 1 if ":" in which and which.split(":")[1].isdigit() else 0
    if ":" in which and not which.split(":")[1].isdigit():
        index = [r["purpose"] for r in dice["rolls"]].index(which.split(":")[1])
    roll = dice["rolls"][index]
    sides = int(roll["die"][2:])
    block = bytes.fromhex(shell(hmacs[roll["block"]]))
    assert f"hexkey:{dice['seed']}" in hmacs[0] and len(hmacs) == roll["block"] + 1
    assert block[roll["byte"]] < 256 - 256 % sides and block[roll["byte"]] % sides + 1 == roll["result"]


@pytest.mark.skipif(not shutil.which("sha256sum"), reason="needs sha256sum")
def test_the_commands_quote_any_text_exactly():
    """An order text with a quote, a dollar and non-ASCII letters is printed as bytes the shell passes on unchanged."""
    text = "l'Ardèche $HOME `x` \\n"
    command = f"{rolls.printf(text)} | sha256sum"
    assert shell(command) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_rejected_byte_is_shown_as_skipped():
    seed = dice_of(5)["seed"]
    purpose = next(f"crt/{n}" for n in range(10_000) if draw(seed, f"crt/{n}", 6)[2] > 0)
    face, block, byte = draw(seed, purpose, 6)
    lines = rolls._die_lines(seed, {"purpose": purpose, "die": "1d6", "result": face, "block": block, "byte": byte})
    assert any(line.endswith(">= 252: skipped") for line in lines)
    b = hmac.new(bytes.fromhex(seed), f"{purpose}#{block}".encode(), hashlib.sha256).digest()[byte]
    assert lines[-1] == f"   byte {byte} of block {block} = 0x{b:02x} = {b} < 252: face = {b} % 6 + 1 = {face}"


def test_explain_picks_by_number_or_purpose_and_refuses_the_rest():
    first = run("rolls", GRENADE, "--explain", "5").stdout
    assert "roll 1 of 7: crt/1/0110/1 (combat 1 at 0110 die 1 (9.0)), 1d6 = 5" in first     # chits are dealt, not rolled
    assert "roll 2 of 7: crt/1/0110/2" in run("rolls", GRENADE, "--explain", "5:crt/1/0110/2").stdout
    assert "save 3 rolled no die (saves with rolls: 2, 5, 7, 10, 12, 14, 16, 18, 21, 22)" in run("rolls", GRENADE, "--explain", "3", ok=False).stderr
    assert "no save 23 (saves 0..22)" in run("rolls", GRENADE, "--explain", "23", ok=False).stderr
    assert "save 5 has rolls 1..7: crt/1/0110/1, " in run("rolls", GRENADE, "--explain", "5:9", ok=False).stderr
    assert "--explain takes STEP, STEP:N or STEP:PURPOSE" in run("rolls", GRENADE, "--explain", "x", ok=False).stderr


def test_explain_names_a_tampered_value(tmp_path):
    folder = Path(shutil.copytree(GRENADE, tmp_path / "campaign"))
    save = folder / "steps" / "0014" / "save.yaml"
    save.write_text(save.read_text().replace("    result: 2\n", "    result: 4\n"))
    # the last save's hash is no other save's `previous` (only `verify` sees that); the explanation recomputes the face
    shown = run("rolls", folder, "--explain", "14:3").stdout
    assert shown.splitlines()[-2:] == ["   byte 0 of block 0 = 0x9d = 157 < 252: face = 157 % 6 + 1 = 2",
                                       "   MISMATCH: the save records 4 (block 0, byte 0)"]


@pytest.mark.skipif(not (shutil.which("sha256sum") and shutil.which("openssl")), reason="needs sha256sum and openssl")
def test_smithereens_explain_shows_the_canonical_form_and_its_commands_recompute_the_roll(demo_build):
    """Smithereens' canonical form differs from the signed list (the loss order made explicit, 11.30, 12.16):
    the mobile assault of save 10 (the prepared assaults' dice are rolled in the tactical air answers, 13.5)."""
    record = fastyaml.safe_load((demo_build / "steps" / "0010" / "save.yaml").read_text())["dice"]
    text = run("rolls", demo_build, "--explain", "10").stdout
    assert ('   (the signed list, before the game\'s canonical form: [{"air":true,"assault":"1819E","path":["2117E","2018E",'
            '"1918E","1818E"],"with":["sov-3gta"]}])') in text
    assert ('   order 1: {"air":true,"assault":"1819E","losses":["sov-3gta"],"path":["2117E","2018E","1918E","1818E"],'
            '"with":["sov-3gta"]}') in text
    printed = commands(text)
    assert [shell(c) for c in printed if c.endswith("| sha256sum")][-2:] == [record["orders_digest"], record["seed"]]
    roll = record["rolls"][0]
    block = bytes.fromhex(shell(next(c for c in printed if "openssl" in c)))
    assert block[roll["byte"]] % 6 + 1 == roll["result"] and "MISMATCH" not in text
