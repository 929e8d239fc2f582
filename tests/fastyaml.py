"""yaml.safe_load on libyaml (PyYAML's CSafeLoader: the parsing in C, the same SafeConstructor
and resolver), for the tests that read pbem's saves, headers, order templates and overrides (issue
13: the pure-Python parser took eight times as long on a save). The same text gives the same data;
PyYAML built without libyaml falls back to the pure-Python loader. Files the tests write still go
through yaml.safe_dump (the emitters differ in a few layouts, so the bytes a test writes stay as
they were)."""

from typing import Any

import yaml

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(stream: Any) -> Any:
    """yaml.safe_load(stream)."""
    return yaml.load(stream, Loader=_LOADER)  # noqa: S506 - a safe loader
