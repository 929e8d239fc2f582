"""Beside each private key, the record of what it has committed to: KEY.pbem-ledger.yaml.

A dice commitment must be used in one campaign only: a campaign that reuses it (an opponent
who proposes "a rematch under the same id" with the old commitment files) would begin with
dice secrets the opponent has already seen. Every commitment is fresh (a random nonce, see
pbem.dice), so the ledger holds nothing secret — only which campaign ids this key committed to,
and which campaign header each commitment was first used in. `pbem commit` refuses a second
commitment to one id; `sign`, `reveal` and `adjudicate --key` refuse a commitment already used
under another header. Back it up with the key; losing it loses only this check, never the dice.
"""

import os
import tempfile
from pathlib import Path

from .errors import PbemError
from .yamlio import dump_yaml, load_yaml_file

SUFFIX = ".pbem-ledger.yaml"
FIELDS = {"campaign", "side", "root", "header"}


def ledger_path(key_path: Path) -> Path:
    key_path = Path(key_path).expanduser()
    return key_path.with_name(key_path.name + SUFFIX)


def load(key_path: Path) -> list[dict]:
    path = ledger_path(key_path)
    if not path.exists():
        return []
    data = load_yaml_file(path)
    entries = data.get("commitments")
    if data.get("pbem") != "key-ledger" or not isinstance(entries, list) or not all(
            isinstance(e, dict) and set(e) == FIELDS for e in entries):
        raise PbemError("not a pbem key ledger (pbem: key-ledger, commitments: [...])", str(path))
    return entries


def _store(key_path: Path, entries: list[dict]) -> None:
    """Replace the ledger atomically (it is the key's own record, not a campaign file)."""
    path = ledger_path(key_path)
    handle, temp = tempfile.mkstemp(prefix=".tmp-ledger-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write("# pbem: what this key committed to (see pbem/ledger.py). Back it up with the key.\n")
            stream.write(dump_yaml({"pbem": "key-ledger", "commitments": entries}))
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp, 0o600)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def record_commitment(key_path: Path, campaign: str, side: str, root: str) -> None:
    entries = load(key_path)
    for entry in entries:
        if entry["campaign"] == campaign:
            raise PbemError(f"this key already committed to campaign id {campaign!r} (as {entry['side']}); a second "
                            "commitment to one id could be swapped for the first. Agree on a new campaign id",
                            str(ledger_path(key_path)))
    _store(key_path, entries + [{"campaign": campaign, "side": side, "root": root, "header": None}])


def check_fresh(key_path: Path, campaign) -> list[dict]:
    """Refuse if a commitment of this key in `campaign`'s header was used under another header.
    Returns the ledger with this campaign's commitments bound to its header (for `bind`)."""
    entries = load(key_path)
    commitments = campaign.header["dice"]["commitments"]
    for seat in sorted(commitments):
        root = commitments[seat]["root"]
        mine = [e for e in entries if e["root"] == root]
        for entry in mine:
            if entry["header"] not in (None, campaign.header_hash):
                raise PbemError(f"REUSED COMMITMENT: your dice commitment for {seat} in campaign {campaign.id} was "
                                f"already used in another campaign (header {entry['header'][:12]}…), where its secrets "
                                "were revealed; start this campaign again with fresh commitments (`pbem commit`)",
                                str(ledger_path(key_path)))
            entry["header"] = campaign.header_hash
    return entries


def bind(key_path: Path, campaign, seats: list[str]) -> None:
    """Record that this key's commitments for `seats` are used under `campaign`'s header."""
    entries = check_fresh(key_path, campaign)
    commitments = campaign.header["dice"]["commitments"]
    known = {e["root"] for e in entries}
    for seat in seats:
        if seat in commitments and commitments[seat]["root"] not in known:
            entries.append({"campaign": campaign.id, "side": seat, "root": commitments[seat]["root"],
                            "header": campaign.header_hash})
    _store(key_path, entries)
