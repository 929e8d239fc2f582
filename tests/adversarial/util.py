"""Helpers for the adversarial suite: running the CLI, snapshots, playing and re-signing files."""

import base64
import hashlib
import itertools
import os
import shutil
from pathlib import Path

import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import campaign as camp
from pbem.cli import app
from pbem.demo import DEMO_SENT, demo_commitment, next_orders
from pbem.games.smithereens.demo import legal_response
from tests import clirun
from tests.demos import demo_by_cli
from tests.conftest import forge_signed
from pbem.keys import key_id, load_private_key
from pbem.signing import BEGIN, END, SIGNATURE, parse_signed, sign_body
from pbem.yamlio import parse_yaml_text

ROOT = Path(__file__).resolve().parents[2]
DEMO_SRC = ROOT / "examples" / "smithereens-demo"
DEMO_OVERRIDE = DEMO_SRC / "data-override.yaml"
DATA = Path(__file__).resolve().parent / "data"
MORE_UNITS = DATA / "more-units-override.yaml"
SEATS = ("alliance", "german")
DEMO_ID = "smithereens-demo"
OTHER_ID = "smithereens-other"

_KEYS: dict = {}


def keys() -> dict:
    """The published demo keys (german, alliance) and two outsiders' keys (deterministic)."""
    if not _KEYS:
        for side in SEATS:
            _KEYS[side] = load_private_key(DEMO_SRC / "keys" / side)
        for name in ("mallory", "trent"):
            _KEYS[name] = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(name.encode()).digest())
    return _KEYS


def other(side: str) -> str:
    return "alliance" if side == "german" else "german"


# -- the demo campaign, built once (at collection: the cases are derived from its files) ---------

def demo_build() -> Path:
    """The Smithereens campaign `pbem demo --keep` builds, the one build of the test process
    (tests/demos.py). Read-only: copy before use."""
    return demo_by_cli("smithereens")[0] / "campaign"


def demo_files() -> list[str]:
    folder = demo_build()
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def demo_steps() -> list[dict]:
    """Each step after save 0 of the demo: its number, side, phase and signed input files."""
    folder = demo_build()
    steps = []
    for path in sorted((folder / "steps").iterdir()):
        number = int(path.name)
        if number == 0:
            continue
        names = sorted(p.name for p in path.iterdir())
        orders = [n for n in names if n.startswith("orders-")]
        body = body_of(path / orders[0]) if orders else {}
        steps.append({"n": number, "orders": [f"steps/{path.name}/{n}" for n in orders],
                      "reveals": [f"steps/{path.name}/{n}" for n in names if n.startswith("reveal-")],
                      "side": body.get("side"), "kind": body.get("kind"), "phase": body.get("phase")})
    return steps


# -- the command line ---------------------------------------------------------------------



def pbem(*args):
    return clirun.invoke(app, [str(a) for a in args])


def _no_crash(result) -> None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        raise AssertionError("pbem crashed instead of refusing:\n" + "".join(
            traceback.format_exception(type(result.exception), result.exception, result.exception.__traceback__)))


def assert_refused(result, phrase: str, *names: str, prefix: str = "pbem: error:") -> str:
    """Refused: exit 1, nothing on stdout, exactly one stderr line with `prefix`, `phrase`, `names`."""
    _no_crash(result)
    lines = result.stderr.splitlines()
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    assert len(lines) == 1, f"expected one error line, got {lines}"
    line = lines[0]
    assert line.startswith(prefix), line
    assert phrase in line, f"{phrase!r} not in {line!r}"
    for name in names:
        assert name in line, f"{name!r} not named in {line!r}"
    assert result.stdout == "", result.stdout
    if os.environ.get("ADV_SHOW"):
        print("\nREFUSED:", line)
    return line


def assert_check_refused(result, phrase: str, file_name: str) -> list[str]:
    """`pbem check`: one `FILE:LINE: problem` line per problem, then `pbem: error: N problem(s) in FILE`."""
    _no_crash(result)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert lines and lines[-1].startswith("pbem: error:") and file_name in lines[-1], lines
    assert "problem(s)" in lines[-1], lines
    problems = lines[:-1]
    assert problems and all(line.startswith(file_name) for line in problems), lines
    assert any(phrase in line for line in problems), f"{phrase!r} not in {problems}"
    assert result.stdout == ""
    return problems


def assert_ok(result) -> str:
    _no_crash(result)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


# -- folders ------------------------------------------------------------------------------

def snapshot(folder: Path) -> dict:
    """Every entry under `folder`, hidden ones included: files by SHA-256, folders, links (a link
    is not followed). Plain strings and os.scandir: pathlib's objects were half of its time."""
    entries: dict = {}
    top = str(Path(folder))
    skip = len(top) + 1

    def visit(top: str) -> None:
        try:
            scan = os.scandir(top)
        except OSError:         # as os.walk: a folder that cannot be listed is left out
            return
        with scan:
            for entry in scan:
                rel = entry.path[skip:]
                if entry.is_symlink():
                    entries[rel] = ("link", os.readlink(entry.path))
                elif entry.is_dir():
                    entries[rel] = "dir"
                    visit(entry.path)
                else:
                    with open(entry.path, "rb") as stream:
                        entries[rel] = hashlib.sha256(stream.read()).hexdigest()
    visit(top)
    return entries


def copy_campaign(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    return target


def link_campaign(source: Path, target: Path, own: tuple = ()) -> Path:
    """A copy of the read-only campaign `source` whose files are hard links to its files, but for
    the files at the relative paths in `own`, real copies the test may rewrite in place (about a
    sixth of a copy's cost). pbem never writes into an existing file (storage.write_new_file links
    a new one into place), so a command run on the copy cannot reach `source`; untouched() checks
    that afterwards."""
    own_paths = {os.path.join(str(source), rel) for rel in own}

    def link_or_copy(src: str, dst: str) -> None:
        if src in own_paths:
            shutil.copy2(src, dst)
        else:
            os.link(src, dst)
    shutil.copytree(source, target, copy_function=link_or_copy)
    missing = [rel for rel in own if not (Path(target) / rel).is_file()]
    assert not missing, f"no such file to own: {missing}"
    return target


def stamps(folder: Path) -> dict:
    """Each file's (inode, size, mtime): what a write into a linked copy's file would change."""
    found = {}
    for top, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(top, name)
            info = os.lstat(path)
            found[path] = (info.st_ino, info.st_size, info.st_mtime_ns)
    return found


def untouched(folder: Path, before: dict) -> None:
    now = stamps(folder)
    changed = sorted(p for p in set(now) | set(before) if now.get(p) != before.get(p))
    assert not changed, f"files of the shared campaign {folder} were written through a link: {changed}"


def truncate(folder: Path, last: int) -> Path:
    """Drop every step after `last`: a valid campaign at save `last` (saves only point backwards)."""
    for step in sorted((folder / "steps").iterdir()):
        if step.name.isdigit() and int(step.name) > last:
            shutil.rmtree(step)
    return folder


def step_dir(folder: Path, number: int) -> Path:
    return Path(folder) / "steps" / f"{number:04d}"


def step_files(folder: Path, number: int) -> dict[str, Path]:
    return {p.name: p for p in sorted(step_dir(folder, number).iterdir())}


def orders_file(folder: Path, number: int) -> Path:
    return next(p for n, p in step_files(folder, number).items() if n.startswith("orders-"))


def reveal_files(folder: Path, number: int) -> list[Path]:
    return [p for n, p in step_files(folder, number).items() if n.startswith("reveal-")]


# -- signed files -------------------------------------------------------------------------

def body_of(path_or_text) -> dict:
    text = path_or_text.read_text() if isinstance(path_or_text, Path) else path_or_text
    return parse_signed(text, "x").body


def resign(path_or_text, key, **changes) -> str:
    """The same body with `changes` (None deletes a field), signed by `key` (dice kept as is)."""
    body = dict(body_of(path_or_text))
    for field, value in changes.items():
        if value is None:
            body.pop(field, None)
        else:
            body[field] = value
    return sign_body(body, key)


def armour(body_text: str, signer: str | None = None, signature: str | None = None) -> str:
    """Hostile YAML inside the armour. The signature block passes the checks made before the body
    is parsed (a strong key, a canonical signature: mallory's, over something else), so the
    hostile body reaches the parser; its signature could never verify."""
    mallory = keys()["mallory"]
    signer = signer or key_id(mallory.public_key())
    signature = signature or base64.b64encode(mallory.sign(b"something else")).decode("ascii")
    return "\n".join([BEGIN, body_text.rstrip("\n"), SIGNATURE, f"signer: {signer}", f"signature: {signature}", END, ""])


def write(path: Path, text) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


# -- playing a campaign ---------------------------------------------------------------------

def new_campaign(folder: Path, campaign_id: str = DEMO_ID, override: Path = DEMO_OVERRIDE, title: str = "",
                 options: dict | None = None):
    k = keys()
    commitments = {s: demo_commitment(k[s], campaign_id, s) for s in SEATS}
    players = {s: key_id(k[s].public_key()) for s in SEATS}
    return camp.create_campaign(folder, "smithereens", "historical", players, commitments, override, title=title,
                                options=options)


def signed_orders(folder: Path, side: str, orders: list, key=None) -> str:
    body = parse_yaml_text(camp.order_template(folder, side), "template")
    body["orders"] = orders
    return forge_signed(folder, body, key or keys()[side])


def honest_orders(campaign, side: str, orders: list) -> str:
    """Orders signed as `pbem sign` signs them (a move under fog of war, 11.7, is sealed into the
    mover's private part beside the folder), unlike signed_orders' bare signature."""
    body = parse_yaml_text(camp.order_template(campaign.folder, side), "template") | {"orders": orders}
    return camp.sign_orders(campaign, body, keys()[side], sent=DEMO_SENT)


def play(folder: Path, plan, campaign_id: str = DEMO_ID, override: Path = DEMO_OVERRIDE,
         title: str = "", inbox: Path | None = None, options: dict | None = None):
    """What `pbem demo` does, for any plan: the planned (side, orders) steps, with the defender's
    legal response (pbem.games.smithereens.demo.legal_response) whenever one is awaited, and the opponent's
    reveal by `adjudicate --key`. Returns the folder."""
    folder = Path(folder)
    campaign = new_campaign(folder, campaign_id, override, title, options)
    inbox = inbox or folder.parent / f"{folder.name}-inbox"
    inbox.mkdir(parents=True, exist_ok=True)
    planned = iter(plan)
    for step in itertools.count(1):
        due = next_orders(campaign, planned, legal_response)
        if due is None:
            break
        side, orders = due
        path = write(inbox / f"orders-{step:04d}-{side}.txt", honest_orders(campaign, side, orders))
        camp.adjudicate(folder, [path], key=keys()[other(side)], sent=DEMO_SENT)
    return folder


# -- an independent reading of "did this change the data?" ------------------------------------

class _StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing duplicate keys: the oracle for 'same data'."""

    def construct_mapping(self, node, deep=False):
        keys_seen = [k.value for k, _ in node.value]
        if len(keys_seen) != len(set(keys_seen)):
            raise yaml.constructor.ConstructorError(None, None, "duplicate key", node.start_mark)
        return super().construct_mapping(node, deep)


def yaml_data(raw: bytes):
    """The data a YAML file means, or None if it is not readable as YAML (so: changed)."""
    try:
        text = raw.decode("utf-8")
        return ("ok", yaml.load(text, Loader=_StrictLoader))  # noqa: S506 - safe loader subclass
    except Exception:   # any failure to read counts as a change of meaning
        return None
