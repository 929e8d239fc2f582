"""The parse and the layout check of a campaign's signed bodies across `pbem verify` processes (issue 13).

Reading the YAML of every signed input and laying it out again to prove its one spelling were
most of a verify of a long campaign. Both are pure functions of a body's text (and of the code:
the record's key hashes the parsing and layout modules, pbem/parsecache.py adds its own), so
while `pbem verify` runs (`session`) it notes, by the sha256 of each body's text, what the bounded
loader read from it (its data, as JSON) and that the text is its data's own narrow layout
(armour.narrow_yaml gave it back); the campaign's notes are one record of the parsed-data cache,
under the header's hash. The next verify takes a noted body's data from the note (each reader's
own copy) and lays a noted text out as it stands. Nothing else is kept: every signature is
verified and every stored byte compared, every time. A note is only ever the data, or the layout,
of the text it is keyed by; one that is not (a forged record) changes the data the signature is
checked on, or the text compared with the stored file's bytes, and the file is refused. Other
commands neither read nor write notes.
"""

import contextlib
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import parsecache

_KIND = "signed-bodies"
_MAX_CHARS = 16 * 1024 * 1024        # a campaign's notes beyond this are not kept (a record is read whole)
_DATA: dict[str, str] = {}            # sha256 of a body's text -> the JSON of its data, from the record
_LAID_OUT: set[str] = set()           # sha256 of body texts (each line ended) that are their data's narrow layout
_USED_DATA: dict[str, str] = {}       # the notes this session read or made: what the record keeps
_USED_LAID_OUT: set[str] = set()
_OPEN: list[str] = []                 # the record's key while a session is open
_CODE: list[str] = []


def _code_digest() -> str:
    """sha256 of the modules whose behaviour a note stands for (the parse's are in parsecache's key)."""
    if not _CODE:
        digest = hashlib.sha256(b"pbem-signed-bodies-1")
        for name in ("armour.py", "signing.py", "bodycache.py"):
            digest.update(name.encode() + b"\0" + (Path(__file__).resolve().parent / name).read_bytes())
        _CODE.append(digest.hexdigest())
    return _CODE[0]


def record_source(header_hash: str) -> str:
    """What the record of a campaign's notes is kept under (with this code)."""
    return hashlib.sha256(f"{header_hash}|{_code_digest()}".encode()).hexdigest()


@contextlib.contextmanager
def session(header_hash: str) -> Iterator[None]:
    """Notes of the campaign with this header hash are read and made inside the block, and the
    record is written again after it when the block made new ones. Without a cache, nothing."""
    if parsecache.cache_dir() is None:
        yield
        return
    source = record_source(header_hash)
    kept = parsecache.lookup(_KIND, source)
    _clear()
    if (isinstance(kept, dict) and isinstance(kept.get("data"), dict) and isinstance(kept.get("laid_out"), list)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in kept["data"].items())
            and all(isinstance(k, str) for k in kept["laid_out"])):
        _DATA.update(kept["data"])
        _LAID_OUT.update(kept["laid_out"])
    _OPEN.append(source)
    try:
        yield
    finally:        # notes are kept whatever the verdict: each is the data or the layout of its text
        new = any(key not in _DATA for key in _USED_DATA) or not _USED_LAID_OUT <= _LAID_OUT
        if new and sum(map(len, _USED_DATA.values())) <= _MAX_CHARS:
            parsecache.store(_KIND, source, {"data": _USED_DATA, "laid_out": sorted(_USED_LAID_OUT)})
        _clear()


def _clear() -> None:
    _OPEN.clear()
    _DATA.clear()
    _LAID_OUT.clear()
    _USED_DATA.clear()
    _USED_LAID_OUT.clear()


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def known(text: str) -> Any:
    """The data of a body's text from its note, or None (no session, or no note)."""
    if not _OPEN:
        return None
    key = _key(text)
    note = _DATA.get(key)
    if note is None:
        return None
    try:        # JSON without decimals is plain data (string keys; str, int, bool, None, lists, mappings)
        data = json.loads(note, parse_float=_no_decimal, parse_constant=_no_decimal)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    _USED_DATA[key] = note
    return data


def _no_decimal(text: str) -> Any:
    raise ValueError(f"a decimal number {text} in a note: the bounded loader never gives one")


def note(text: str, data: Any) -> None:
    """Note what the bounded loader read from a body's text (in a session only)."""
    if _OPEN:
        key = _key(text)
        if key not in _USED_DATA:
            _USED_DATA[key] = json.dumps(data, separators=(",", ":"))


def laid_out(body_text: str) -> bool:
    """True if a body's text (each line ended) is noted as its data's own narrow layout."""
    if not _OPEN:
        return False
    key = _key(body_text)
    if key in _LAID_OUT:
        _USED_LAID_OUT.add(key)
        return True
    return False


def note_laid_out(body_text: str) -> None:
    """Note that narrow_yaml gave a body's text back as its data's layout (in a session only)."""
    if _OPEN:
        _USED_LAID_OUT.add(_key(body_text))
