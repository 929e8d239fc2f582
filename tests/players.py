"""Players' key pairs and dice commitments as `pbem keygen` and `pbem commit` write them, made
through the CLI once per test process for a campaign id and its seats (a commitment is the root of
a 16,384-leaf tree grown from a fresh key), each test getting its own copy of the files in its
folder (as a session fixture would: each xdist worker makes its own)."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

_MADE: dict[tuple, Path] = {}


def keyed_players(folder: Path, campaign: str, seats: dict[str, str]) -> Path:
    """In `folder`: for each side SIDE of `seats` (side -> key name NAME), the files `pbem keygen NAME`
    writes (NAME, NAME.pub and NAME's ledger) and CAMPAIGN-SIDE.commit.txt from `pbem commit --key
    NAME --campaign CAMPAIGN --side SIDE`."""
    from tests.test_cli import run
    made = (campaign, tuple(seats.items()))
    if made not in _MADE:
        work = Path(tempfile.mkdtemp(prefix="pbem-test-players-"))
        atexit.register(shutil.rmtree, work, True)
        here = os.getcwd()
        os.chdir(work)
        try:
            for side, name in seats.items():
                run("keygen", name)
                run("commit", "--key", name, "--campaign", campaign, "--side", side)
        finally:
            os.chdir(here)
        _MADE[made] = work
    shutil.copytree(_MADE[made], folder, dirs_exist_ok=True)
    return folder
