"""Operation Grenade behaviour 3 from the command line, one process per command as two players run
it: the German answer to the US attacks of the bundled campaign's Game-Turn 1 (save 4) signed with
`pbem sign`, the US dice reveal with `pbem reveal`, the `strength` messages with `pbem strength`,
each adjudicated with `pbem adjudicate`; then `pbem verify` and, with the dealing secrets
`pbem dealing-secret` prints, `pbem verify --dealing` (8.31-8.52; docs/hidden-information.md,
"Shared pools")."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from pbem import campaign as camp
from tests.conftest import ROOT
from tests.test_operation_grenade_campaign import truncate
from tests.test_poker_grenade import grenade_leaks

EXAMPLE = ROOT / "examples" / "operation-grenade-demo"


def pbem(*args, ok=True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "pbem", *map(str, args)], capture_output=True, text=True)
    if ok:
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def test_a_dealt_combat_step_played_with_the_cli(tmp_path: Path):  # 8.33, 8.41, 8.42
    """8.41: "The owning Player must pick strength chits for his applicable units after his attack (or
    the Enemy Player's attack) has been declared (i.e., immediately before the die roll resolving each
    combat takes place)." The German answer (step 5) fixes both combats; the US reveal carries the
    shares of the German draws; the German, then the US, then the German strength messages carry each
    drawer's Combat Strength (8.42) and the shares of the next draws, the combats resolved in turn with
    the step's one seed. The result is the bundled campaign's save 5, and no file names a chit."""
    folder = truncate(shutil.copytree(EXAMPLE / "campaign", tmp_path / "campaign"), 4)
    keys = tmp_path / "keys"                                 # the ledgers are written beside the keys
    shutil.copytree(EXAMPLE / "keys", keys)
    template = tmp_path / "answer.yaml"
    pbem("orders", folder, "--side", "german", "--out", template)
    body = yaml.safe_load(template.read_text())
    body["orders"] = [{"defend": "0110", "artillery": ["407/58"]}, {"defend": "0310", "artillery": []}]
    template.write_text(yaml.safe_dump(body, sort_keys=False))
    pbem("sign", folder, template, "--key", keys / "german", "--out", tmp_path / "answer.txt")
    assert "hidden:\n  stages: []\n  shares:\n" in (tmp_path / "answer.txt").read_text()   # the US draws' shares
    pbem("reveal", folder, tmp_path / "answer.txt", "--key", keys / "allied", "--out", tmp_path / "reveal.txt")
    waiting = pbem("adjudicate", folder, tmp_path / "answer.txt", tmp_path / "reveal.txt")
    assert "german signs its strength message (`pbem strength`)" in waiting.stdout
    assert "adjudicate the strength message of german when it comes" in waiting.stdout
    sent = []
    for n, side in enumerate(("german", "allied", "german"), 1):     # each combat's draws dealt in turn
        message = tmp_path / f"strength-{n}.txt"
        signing = pbem("strength", folder, "--key", keys / side, "--out", message)
        assert message.read_text().startswith("-----BEGIN PBEM SIGNED MESSAGE-----\npbem: strength\n")
        sent.append(side)
        if "save 5 recorded" in signing.stdout:           # the last part: the signer's copy resolves the step
            break
        done = pbem("adjudicate", folder, message)
        assert re.search(r"adjudicate the strength message of (german|allied) when it comes", done.stdout)
    assert sent == ["german", "allied", "german"]
    played, bundled = (camp.open_campaign(f).load_save(5)[0] for f in (folder, EXAMPLE / "campaign"))
    assert [e for e in played["events"] if e["event"] == "combat"] == [e for e in bundled["events"] if e["event"] == "combat"]
    assert played["state"] == bundled["state"]
    assert [e["unit"] for e in played["events"] if e["event"] == "deal"] == ["13/8/7", "942/353/58", "28/8/7", "943/353/58"]
    assert grenade_leaks(folder) == []                    # 8.42: no file the players exchange names a chit
    assert pbem("verify", folder).stdout.startswith("OK: 6 saves")
    secrets = [pbem("dealing-secret", folder, "--key", keys / side).stdout.strip() for side in ("allied", "german")]
    checked = pbem("verify", folder, "--dealing", secrets[0], "--dealing", secrets[1])
    assert "OK" in checked.stdout and "dealing" in checked.stdout, checked.stdout


def test_a_new_campaigns_header_no_longer_lists_the_open_draw():  # 8.33, 8.41, 8.42
    """The not-enforced list written into a behaviour 3 header keeps only 8.42's note-taking entry: the
    chits are dealt in secret, so the open-draw entry is gone; a behaviour 2 campaign keeps it in its
    stored header (the demo as pbem 0.6.0 played it)."""
    from pbem.games.operation_grenade.game import OperationGrenade
    new = yaml.safe_load((EXAMPLE / "campaign" / "campaign.yaml").read_text())
    old = yaml.safe_load((ROOT / "tests" / "compat" / "operation-grenade-demo-0.6.0-c359c125" / "campaign" /
                          "campaign.yaml").read_text())
    assert new["created_with"]["behaviour"] == 3 and old["created_with"]["behaviour"] == 2
    assert new["not_enforced"] == list(OperationGrenade.not_enforced) and len(new["not_enforced"]) == 1
    assert new["not_enforced"][0].startswith("8.42 \"It is strictly forbidden for either Player to ever write down")
    assert old["not_enforced"] == [*OperationGrenade.not_enforced, OperationGrenade.OPEN_DRAW_NOT_ENFORCED]
