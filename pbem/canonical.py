"""Canonical bytes and hashes of plain data, independent of how the YAML was formatted.

Hashes cover *data* (JSON with sorted keys, UTF-8), so re-indenting a save or a forum turning
LF into CRLF changes nothing, while any change of a value changes the hash.
"""

import copy
import hashlib
import json

PLAIN_SCALARS = (str, int, bool, type(None))


_EXACT_SCALARS = frozenset(PLAIN_SCALARS)


def is_exactly_plain(value) -> bool:
    """True if `value` is plain data of exactly dict, list, str, int, bool and None (no subclass):
    the common case, checked without building each item's path (issue 13)."""
    stack = [value]
    pop, extend = stack.pop, stack.extend       # bound once, and a plain loop over the keys: a third faster than all()
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            for key in item:
                if type(key) is not str:
                    return False
            extend(item.values())
        elif kind is list:
            extend(item)
        elif kind not in _EXACT_SCALARS:
            return False
    return True


def check_plain(value, where: str = "$") -> None:
    """Refuse anything that is not plain data (floats and dates differ across platforms)."""
    if is_exactly_plain(value):
        return
    _check_plain(value, where)


def _check_plain(value, where: str) -> None:
    """check_plain, naming the path of what it refuses."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"key {key!r} at {where} is not a string")
            _check_plain(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_plain(item, f"{where}[{index}]")
    elif not isinstance(value, PLAIN_SCALARS):
        raise ValueError(f"value at {where} has unsupported type {type(value).__name__}")


# what json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False) builds per call
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(value) -> bytes:
    check_plain(value)
    return plain_canonical_bytes(value)


def plain_canonical_bytes(value) -> bytes:
    """canonical_bytes of a value already known to be plain data (check_plain passed on it)."""
    return _ENCODER.encode(value).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def data_hash(value) -> str:
    """The hash every record uses to point at another: SHA-256 of the canonical bytes."""
    return sha256_hex(canonical_bytes(value))


def plain_copy(value):
    """A deep copy of plain data (dict, list, str, int, bool, None), several times faster than
    copy.deepcopy (issue 13: a save's state is copied at every step); any other value inside is
    deep-copied. Unlike deepcopy it keeps no shared part shared: a save read from disk has none."""
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is str or kind is int or kind is bool or value is None:
        return value
    return copy.deepcopy(value)
