"""docs/dice.md's exact bytes and test vectors, checked against the code and the bundled
campaign's files, so they cannot go stale (issue 12)."""

import hashlib
import hmac
import re
import shutil
import subprocess

import pytest

from pbem import dice
from pbem.canonical import canonical_bytes, data_hash
from pbem.keys import load_private_key
from pbem.signing import parse_signed
from tests.conftest import ROOT
from tests import fastyaml

DOC = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")
GRENADE = ROOT / "examples" / "operation-grenade-demo"
CAMPAIGN = GRENADE / "campaign"
COMPAT_060 = ROOT / "tests" / "compat" / "operation-grenade-demo-0.6.0-c359c125" / "campaign"    # chits drawn in the open


def vectors(index: int) -> dict:
    """The `name: value` lines of the index-th ```text block of the "Test vectors" section."""
    section = DOC.split("## Test vectors", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```text\n(.*?)```", section, re.S)[index]
    return dict(re.match(r"([a-z][a-z \[\]0-9]*):\s+(.*)$", line).groups() for line in block.splitlines())


def save(number: int) -> dict:
    return fastyaml.safe_load((CAMPAIGN / "steps" / f"{number:04d}" / "save.yaml").read_text())


def signed(number: int, name: str) -> dict:
    path = CAMPAIGN / "steps" / f"{number:04d}" / name
    return parse_signed(path.read_text(), str(path)).body


def test_the_master_and_the_secret_vectors():
    v = vectors(0)
    header = fastyaml.safe_load((CAMPAIGN / "campaign.yaml").read_text())
    entry = header["dice"]["commitments"][v["party"]]
    assert v["campaign"] == header["campaign"] and v["nonce"] == entry["nonce"]
    assert v["master message"] == f"pbem dice master v2|{v['campaign']}|{v['party']}|{v['nonce']}"
    key = load_private_key(GRENADE / "keys" / v["party"])
    assert key.sign(v["master message"].encode()).hex() == v["master signature"]
    master = hashlib.sha256(b"pbem-dice-master-v2" + bytes.fromhex(v["master signature"])).digest()
    assert master.hex() == v["master"] == dice.dice_master(key, v["campaign"], v["party"], v["nonce"]).hex()
    step = int(v["step"])
    assert v["secret message"] == f"pbem-dice-leaf-v2|{step}"
    assert hmac.new(master, v["secret message"].encode(), hashlib.sha256).hexdigest() == v["secret"] == dice.leaf_secret(master, step).hex()
    assert save(step)["dice"]["secrets"][v["party"]] == v["secret"]
    revealed = signed(step, f"orders-{v['party']}.txt")["dice"]
    assert revealed["secret"] == v["secret"] and revealed["proof"][0] == v["proof[0]"]


def test_the_merkle_vectors():
    v = vectors(0)
    step, secret = int(v["step"]), bytes.fromhex(v["secret"])
    assert bytes.fromhex(v["leaf input"]) == b"\x00" + b"pbem-leaf" + step.to_bytes(4, "big") + secret
    assert len(bytes.fromhex(v["leaf input"])) == 46
    assert hashlib.sha256(bytes.fromhex(v["leaf input"])).hexdigest() == v["leaf"] == dice.leaf_hash(step, secret).hex()
    # step 2 is even: the leaf is the left child
    assert bytes.fromhex(v["node input"]) == b"\x01" + bytes.fromhex(v["leaf"]) + bytes.fromhex(v["proof[0]"])
    assert hashlib.sha256(bytes.fromhex(v["node input"])).hexdigest() == v["node"]
    assert dice.node_hash(bytes.fromhex(v["leaf"]), bytes.fromhex(v["proof[0]"])).hex() == v["node"]
    header = fastyaml.safe_load((CAMPAIGN / "campaign.yaml").read_text())
    assert header["dice"]["commitments"][v["party"]]["root"] == v["root"]
    revealed = signed(step, f"orders-{v['party']}.txt")["dice"]
    assert dice.check_leaf(revealed, step, v["root"], 14, v["party"]) == v["secret"]
    commitment = parse_signed((CAMPAIGN / "commitments" / f"{v['party']}.txt").read_text(), "commitment").body
    assert commitment["root"] == v["root"]


def test_the_orders_digest_seed_and_die_vectors():
    v = vectors(0)
    step = int(v["step"])
    record = save(step)
    orders = record["produced_by"]["orders"]["list"]
    assert len(orders) == 1 and canonical_bytes(orders[0]).decode() == v["order"]
    assert hashlib.sha256(v["order"].encode()).hexdigest() == v["order hash"] == data_hash(orders[0])
    assert canonical_bytes([v["order hash"]]).decode() == v["order list"]
    assert hashlib.sha256(v["order list"].encode()).hexdigest() == v["orders digest"] == dice.order_set_digest(orders)
    assert record["dice"]["orders_digest"] == v["orders digest"]
    assert v["seed input"] == dice.seed_input(v["campaign"], step, v["orders digest"], record["dice"]["secrets"])
    assert hashlib.sha256(v["seed input"].encode()).hexdigest() == v["seed"] == record["dice"]["seed"]
    roll = record["dice"]["rolls"][0]
    check_die(v, v["seed"], roll)


def test_the_second_die_vector():
    """A die of 11 sides: a strength chit drawn in the open (behaviour 2), from the demo as pbem 0.6.0
    played it; its save 5 has the seed of the bundled campaign's save 5 (the same German answer)."""
    v = vectors(1)
    record = fastyaml.safe_load((COMPAT_060 / "steps" / "0005" / "save.yaml").read_text())
    assert record["dice"]["seed"] == save(5)["dice"]["seed"]
    assert f"save 5 of the demo as pbem 0.6.0 played it (seed `{record['dice']['seed']}`;" in DOC
    roll = next(r for r in record["dice"]["rolls"] if f"{r['purpose']}#{r['block']}" == v["hmac message"])
    check_die(v, record["dice"]["seed"], roll)


def check_die(v: dict, seed: str, roll: dict) -> None:
    assert v["hmac message"] == f"{roll['purpose']}#{roll['block']}" and v["die"] == roll["die"]
    block = hmac.new(bytes.fromhex(seed), v["hmac message"].encode(), hashlib.sha256).digest()
    assert block.hex() == v["block"]
    sides, b = int(v["die"][2:]), block[roll["byte"]]
    assert v["byte"] == f"{roll['byte']} = 0x{b:02x} = {b} < {256 - 256 % sides}"
    assert v["face"] == f"{roll['result']} = {b} % {sides} + 1" and b % sides + 1 == roll["result"]
    assert dice.draw(seed, roll["purpose"], sides) == (roll["result"], roll["block"], roll["byte"])


@pytest.mark.skipif(not all(shutil.which(t) for t in ("sha256sum", "openssl", "xxd")), reason="needs sha256sum, openssl and xxd")
def test_the_doc_shell_commands_print_the_vectors():
    v = vectors(0)
    block = DOC.split("With standard tools", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    printed = []
    for line in block.splitlines():
        done = subprocess.run(["sh", "-c", line], capture_output=True, text=True, timeout=30, check=True)
        printed.append(done.stdout.split("=")[-1].split()[0] if "openssl" in line else done.stdout.split()[0])
    assert printed == [v["order hash"], v["orders digest"], v["seed"], v["block"], v["leaf"]]


def test_the_limits_the_doc_names():
    for sides, limit in ((6, 252), (12, 252), (11, 253), (10, 250), (2, 256), (4, 256), (8, 256)):
        assert 256 - 256 % sides == limit
    assert "252 for a d6 or a d12, 253 for a d11, 250 for a d10, 256 (nothing skipped) for a d2, d4 or d8" in DOC


def test_the_doc_python_recomputes_the_vectors(capsys):
    v = vectors(0)
    code = DOC.split("The same in a few lines of Python:", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    code = re.sub(r'^seed_input = ".*$', f"seed_input = {v['seed input']!r}", code, flags=re.M).replace('die("crt/1918E")', 'die("roer-current")')
    scope: dict = {}
    exec(code, scope)
    assert capsys.readouterr().out == "6\n"
    revealed = signed(int(v["step"]), f"orders-{v['party']}.txt")["dice"]
    assert scope["root_of"](int(v["step"]), revealed["secret"], revealed["proof"]) == v["root"]
