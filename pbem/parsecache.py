"""A cache of parsed data files across processes, keyed by the hash of the bytes parsed (issue 13).

Every pbem command opens the campaign, and parsing its rules and data override with PyYAML was
most of a `pbem status` (about 0.1 s each for Operation Grenade; reading the same data back from
JSON takes under a millisecond). So a successful parse is kept as JSON under the user's cache
folder, in a file named by a key that hashes:

- the sha256 of every byte that was parsed (a changed byte, a comment included, is another key);
- how it was parsed (`kind`: the bounded or the trusted loader, one file or a rules folder);
- the source of the modules that parse and check it (yamlio, canonical, gamedata) and pbem's
  version, so an upgraded or edited parser never reads an older parser's answer.

Besides the rules and overrides, it keeps the parse of a campaign's header and saves (by their
bytes' sha256, like any file), the rules with a campaign's override applied (gamedata, keyed by the
rules' hash and the override's bytes), and, through `lookup`/`store`, values whose callers check
them themselves (pbem.dice: the upper levels of a dice tree, checked against the commitment) or
that are pure functions of the bytes they are keyed by (pbem.bodycache: `pbem verify`'s notes of
each signed body's data and layout, by the sha256 of its text).

Nothing in it is trusted without its hash: a record's first line holds its own key and the sha256
of the JSON text that follows it, and a record whose key or digest disagrees, or whose text does
not read back, is ignored (and the file parsed again). The text is stored as it is, not quoted in
an outer JSON document, so a record is read with one JSON parse, which is the caller's copy. Only answers are kept, never a refusal: a bad file is parsed, and refused,
every time. The folder is $PBEM_CACHE_DIR, else $XDG_CACHE_HOME/pbem/parsed (~/.cache/pbem/parsed);
PBEM_CACHE_DIR=off turns the cache off. A folder that cannot be written only costs the speed.
"""

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable

from . import __version__

_VERSION = "pbem-parse-cache-2"     # 2: the header line, then the JSON text
_MAX_FILES = 256            # at most this many records; the oldest go first (a quarter at a time)
_CODE_DIGEST: list[str] = []


def cache_dir() -> Path | None:
    """Where the records live; None when the cache is off."""
    configured = os.environ.get("PBEM_CACHE_DIR")
    if configured is not None:
        return None if configured.strip().lower() in ("", "off", "0", "no") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pbem" / "parsed"


def _code_digest() -> str:
    """sha256 of the parsing code (the modules whose behaviour a record stands for) and pbem's version."""
    if not _CODE_DIGEST:
        digest = hashlib.sha256(f"{_VERSION}|{__version__}".encode())
        here = Path(__file__).resolve().parent
        for name in ("yamlio.py", "canonical.py", "gamedata.py"):
            digest.update(name.encode() + b"\0" + (here / name).read_bytes())
        _CODE_DIGEST.append(digest.hexdigest())
    return _CODE_DIGEST[0]


def cache_key(kind: str, source_digest: str) -> str:
    return hashlib.sha256(f"{kind}|{source_digest}|{_code_digest()}".encode()).hexdigest()


def _read(path: Path, key: str) -> tuple[Any, str] | None:
    """(the value, the JSON text) a record holds, or None when it is absent or does not prove itself."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, _, body = raw.partition(b"\n")
    if head != f"{key} {hashlib.sha256(body).hexdigest()}".encode():
        return None
    try:
        text = body.decode("utf-8")
        return json.loads(text), text
    except ValueError:          # UnicodeDecodeError included
        return None


def _write(folder: Path, path: Path, key: str, text: str) -> None:
    body = text.encode("utf-8")
    record = f"{key} {hashlib.sha256(body).hexdigest()}\n".encode() + body
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with os.scandir(folder) as entries:          # the ages are read only when some must go
            names = [e.path for e in entries if e.name.endswith(".json")]
        if len(names) >= _MAX_FILES:              # the oldest quarter goes: the ages are read once per 64 writes
            records = sorted(names, key=lambda p: os.stat(p).st_mtime)
            for old in records[:len(records) - _MAX_FILES * 3 // 4]:
                Path(old).unlink(missing_ok=True)
        partial = folder / f".{key}.{os.getpid()}.tmp"
        partial.write_bytes(record)
        os.replace(partial, path)           # whole or not at all: a reader never sees half a record
    except OSError:
        pass                                # a cache that cannot be written only costs the speed


def lookup(kind: str, source_digest: str) -> Any:
    """The value recorded for `source_digest` (with `kind`), when a record proves itself; else None.
    For values a caller checks itself (pbem.dice keeps its tree's upper levels here)."""
    folder = cache_dir()
    if folder is None:
        return None
    key = cache_key(kind, source_digest)
    kept = _read(folder / f"{key}.json", key)
    return None if kept is None else kept[0]


def store(kind: str, source_digest: str, value: Any) -> None:
    """Record `value` (plain JSON data) for `source_digest` (with `kind`)."""
    folder = cache_dir()
    if folder is not None:
        key = cache_key(kind, source_digest)
        _write(folder, folder / f"{key}.json", key, json.dumps(value, separators=(",", ":")))


def cached(kind: str, source_digest: str, parse: Callable[[], Any]) -> tuple[Any, str]:
    """(`parse()`'s value, its JSON text) for the bytes whose sha256 (with how they are parsed,
    `kind`) is `source_digest`: from the record, when one proves itself, else parsed and recorded.
    The value must be plain JSON data (str keys; str, int, bool, None, lists; a tuple comes back
    as a list), and comes back as the JSON text reads: the caller's own copy. `json.loads` of the
    text is another copy (faster than a deep copy)."""
    folder = cache_dir()
    if folder is None:
        text = json.dumps(parse(), separators=(",", ":"))
        return json.loads(text), text
    key = cache_key(kind, source_digest)
    path = folder / f"{key}.json"
    kept = _read(path, key)
    if kept is None:
        text = json.dumps(parse(), separators=(",", ":"))
        _write(folder, path, key, text)
        kept = json.loads(text), text
    return kept
