"""Freeze campaigns into the compatibility corpus (tests/compat/), which every later pbem must
still verify and continue (tests/test_compat.py; docs/upgrading.md).

    python3 tests/compat/freeze.py            # the bundled campaigns, examples/*/campaign
    python3 tests/compat/freeze.py --build    # and a fresh `pbem demo` of every game that has one

Each campaign goes to tests/compat/<campaign id>-<pbem version>-<folder hash, 8 digits>/ (the
hash of every file's path and bytes: content-addressed) with the demo's (published,
demonstration-only) keys beside it; an entry already frozen is never touched. A campaign made before pbem kept its own data gets it here (`pbem data keep`), taken
from the installed rules/ while their hash is still the header's.
"""

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pbem import campaign as camp  # noqa: E402
from pbem.folder import created_with  # noqa: E402
from pbem.demo import demo_games, demo_plan, run_demo  # noqa: E402

CORPUS = ROOT / "tests" / "compat"


def folder_hash(folder: Path) -> str:
    """sha256 over each file's path and the sha256 of its bytes, in path order."""
    lines = [f"{p.relative_to(folder)} {hashlib.sha256(p.read_bytes()).hexdigest()}\n"
             for p in sorted(folder.rglob("*")) if p.is_file()]
    return hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()


def freeze(campaign_folder: Path, keys: Path) -> Path | None:
    campaign = camp.open_campaign(campaign_folder)
    version = created_with(campaign.header)[0]
    target = CORPUS / f"{campaign.id}-{version}-{folder_hash(campaign_folder)[:8]}"
    if target.exists():
        return None
    outcome = camp.verify(campaign_folder)
    if not outcome.ok:
        raise SystemExit(f"{campaign_folder}: does not verify, not frozen: {outcome.message}")
    staging = Path(tempfile.mkdtemp(prefix=".freeze-", dir=CORPUS))
    shutil.copytree(campaign_folder, staging / "campaign")
    shutil.copytree(keys, staging / "keys", ignore=shutil.ignore_patterns("*.pbem-ledger.yaml"))
    if camp.stored_rules(staging / "campaign") is None:
        camp.keep_data(staging / "campaign")
    staging.rename(target)
    return target


def main(argv: list[str]) -> None:
    frozen = []
    for example in sorted((ROOT / "examples").glob("*/campaign")):
        frozen.append(freeze(example, example.parent / "keys"))
    if "--build" in argv:
        for game in demo_games():
            work = Path(tempfile.mkdtemp(prefix="pbem-freeze-"))
            try:
                run_demo(work, game)
                frozen.append(freeze(work / "campaign", ROOT / "examples" / demo_plan(game).demo_id / "keys"))
            finally:
                shutil.rmtree(work, ignore_errors=True)
    for target in frozen:
        if target is not None:
            print(f"froze {target.relative_to(ROOT)}")
    if not any(frozen):
        print("nothing new to freeze")


if __name__ == "__main__":
    main(sys.argv[1:])
