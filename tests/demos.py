"""The demo campaigns as `pbem demo --game GAME --keep DIR` builds them (run_demo(DIR, GAME)
through the CLI), each built once per test process, with what the command printed: the tests of
the command's output and the tests that read the built folder can share one build (a demo is
0.3 to 2.5 s of CPU). Like a session fixture: each xdist worker builds its own; read-only, copy
before use."""

import atexit
import shutil
import tempfile
from pathlib import Path

_BUILT: dict[str, tuple[Path, str]] = {}


def demo_by_cli(game: str) -> tuple[Path, str]:
    """(DIR: its campaign/ and the private parts beside it, the command's stdout)."""
    from tests.test_cli import run
    if game not in _BUILT:
        work = Path(tempfile.mkdtemp(prefix=f"pbem-test-demo-{game}-"))
        atexit.register(shutil.rmtree, work, True)
        _BUILT[game] = (work, run("demo", "--game", game, "--keep", work).stdout)
    return _BUILT[game]
