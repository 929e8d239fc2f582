"""yaml.safe_load on libyaml (PyYAML's CSafeLoader: the parsing in C, the same SafeConstructor
and resolver), for the tests that read pbem's saves, headers, order templates and overrides (issue
13: the pure-Python parser took eight times as long on a save). The same text gives the same data;
PyYAML built without libyaml falls back to the pure-Python loader. Files the tests write still go
through yaml.safe_dump (the emitters differ in a few layouts, so the bytes a test writes stay as
they were). load_yaml_file_once: pbem's own loader, once per file's bytes."""

import hashlib
from pathlib import Path
from typing import Any

import yaml

from pbem.canonical import plain_copy
from pbem.yamlio import load_yaml_file

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(stream: Any) -> Any:
    """yaml.safe_load(stream)."""
    return yaml.load(stream, Loader=_LOADER)  # noqa: S506 - a safe loader


_PARSED: dict[tuple[str, str], Any] = {}       # (path, sha256 of its bytes) -> its data, never handed out


def load_yaml_file_once(path: Path) -> Any:
    """pbem.yamlio.load_yaml_file(path) (the bounded loader: plain data), parsed once per test
    process for the same bytes: the tests that edit the example campaigns' data overrides read them
    again and again. Keyed by the file's bytes, so an edited file is read
    anew; each caller gets its own copy."""
    key = (str(path), hashlib.sha256(Path(path).read_bytes()).hexdigest())
    if key not in _PARSED:
        _PARSED[key] = load_yaml_file(path)
    return plain_copy(_PARSED[key])
