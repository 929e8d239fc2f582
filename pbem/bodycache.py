"""The parse of a campaign's signed bodies across `pbem verify` processes (issue 13).

Reading the YAML of every signed input was a third of a verify of a long campaign. What the
bounded loader reads from a body's text is a pure function of that text (and of the parsing code:
pbem/parsecache.py keys every record by it), so while `pbem verify` runs (`session`) each body it
accepted is noted by the sha256 of its text, and the campaign's notes are kept in one record of the
parsed-data cache under the header's hash; the next verify reads a body whose text has a note from
the note (JSON, each reader's own copy). Nothing else is kept: every signature is verified, every
stored byte compared, every time (a note is only the data of the text it is keyed by; a wrong one
changes the data the signature is checked on, which then fails, or lays out to other bytes than the
stored file's, which are refused). Other commands neither read nor write notes.
"""

import contextlib
import hashlib
import json
from collections.abc import Iterator
from typing import Any

from . import parsecache
from .canonical import is_exactly_plain

_KIND = "signed-bodies"
_MAX_CHARS = 16 * 1024 * 1024        # a campaign's notes beyond this are not kept (a record read whole)
_NOTES: dict[str, str] = {}           # sha256 of a body's text -> the JSON of its data, from the record
_USED: dict[str, str] = {}            # the notes this session read or made: what the record keeps
_OPEN: list[str] = []                 # the header hash of the open session, if any


@contextlib.contextmanager
def session(header_hash: str) -> Iterator[None]:
    """Notes of the campaign with this header hash are read and made inside the block, and kept
    after it when it made new ones."""
    kept = parsecache.lookup(_KIND, header_hash)
    _NOTES.clear()
    _USED.clear()
    if isinstance(kept, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in kept.items()):
        _NOTES.update(kept)
    _OPEN[:] = [header_hash]
    try:
        yield
    finally:        # notes are kept whatever the verdict: each is the data of its text, nothing more
        if any(key not in _NOTES for key in _USED) and sum(map(len, _USED.values())) <= _MAX_CHARS:
            parsecache.store(_KIND, header_hash, _USED)
        _OPEN.clear()
        _NOTES.clear()
        _USED.clear()


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def known(text: str) -> Any:
    """The data of a body's text from its note, or None (no session, or no note)."""
    if not _OPEN:
        return None
    key = _key(text)
    note = _NOTES.get(key)
    if note is None:
        return None
    try:
        data = json.loads(note)
    except ValueError:
        return None
    if not (isinstance(data, dict) and is_exactly_plain(data)):     # what the bounded loader can give
        return None
    _USED[key] = note
    return data


def note(text: str, data: Any) -> None:
    """Note what the bounded loader read from a body's text (in a session only)."""
    if _OPEN:
        key = _key(text)
        if key not in _USED:
            _USED[key] = json.dumps(data, separators=(",", ":"))
