"""Atomic, never-overwriting file writes and safe names inside a campaign folder."""

import os
import re
import tempfile
from pathlib import Path

from .errors import PbemError

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def safe_component(value: str, what: str) -> str:
    """Names that become file names (sides, campaign ids) may not escape the folder."""
    # .match() let "german\n" through ($ matches before a final newline)
    if not isinstance(value, str) or not SAFE_NAME.fullmatch(value) or ".." in value:
        raise PbemError(f"{what} {value!r} is not a safe name (letters, digits, '.', '_', '-'; no '..')")
    return value


def write_new_file(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write `path` atomically; refuse if it exists. A crash leaves no partial file behind.

    The bytes go to a temporary file in the same folder, are fsynced, then linked into place:
    os.link fails if the target exists, so a save is never overwritten even by a racing writer.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        raise PbemError("already exists; pbem never overwrites", str(path))
    handle, temp_name = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temp_name, mode)
        try:
            os.link(temp_name, path)
        except FileExistsError:
            raise PbemError("already exists; pbem never overwrites", str(path)) from None
    finally:
        if os.path.exists(temp_name):
            os.unlink(temp_name)
    _fsync_dir(path.parent)


def write_synced(path: Path, text: str) -> None:
    """Write a file of a folder being built aside (a new campaign, a step), fsynced before the
    folder is renamed into place. Callers use it as `storage.write_synced`, so the crash-safety
    tests can interrupt it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
