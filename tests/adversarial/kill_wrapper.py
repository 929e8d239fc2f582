"""Test helper (never imported by pbem): run the `pbem` command line (pbem.cli.main, the entry
point of the installed `pbem` script) and SIGKILL this very
process at the K-th call of _write (pbem.storage.write_synced) / os.rename / os.fsync, before or after the call, or (for
_write) after writing half of the file. Used by test_crash_safety.py to prove that a killed
`pbem adjudicate` leaves the old state or the complete new one.

    python kill_wrapper.py FUNC K MODE -- pbem arguments...
"""

import os
import signal
import sys

import pbem.storage as storage
from pbem.cli import main as pbem_main


def main() -> None:
    func, k, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    args = sys.argv[sys.argv.index("--") + 1:]
    calls = [0]

    def kill() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    def wrap(original, partial=None):
        def wrapper(*a, **kw):
            calls[0] += 1
            if calls[0] == k:
                if mode == "before":
                    kill()
                if mode == "partial" and partial:
                    partial(*a)
                    kill()
                result = original(*a, **kw)
                kill()
                return result
            return original(*a, **kw)
        return wrapper

    def half_written(path, text):
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text[: len(text) // 2])
            stream.flush()
            os.fsync(stream.fileno())

    if func == "_write":
        storage.write_synced = wrap(storage.write_synced, half_written)
    elif func == "rename":
        os.rename = wrap(os.rename)
    elif func == "fsync":
        os.fsync = wrap(os.fsync)
    else:
        raise SystemExit(f"unknown function {func}")
    sys.argv = ["pbem", *args]
    pbem_main()


if __name__ == "__main__":
    main()
