"""A write interrupted at any point leaves the old state or the complete new one, never a
partial save.

In-process: `pbem adjudicate` (and `pbem new`) run with _write, os.fsync, os.rename or os.mkdir
failing at the k-th call, for every k the command makes (counted on a clean run at collection),
and _write also failing after writing half of its file. Either the command is refused with one
line ("could not write ...; nothing was changed"), the folder is byte-identical to before (no
staging folder left) and a retry gives exactly the demo's step — or (a failure pbem may ignore,
the folder fsync after the rename) it succeeds with the complete step.

Subprocess: tests/adversarial/kill_wrapper.py SIGKILLs `pbem adjudicate` at the k-th call of
_write (before it, or after half the file), os.rename (before, after) or os.fsync. Afterwards
the folder holds the old state or the complete new step; a killed process cannot clean up, so
its hidden staging folder steps/.NNNN.new-* may remain: pbem ignores it (`verify` passes, a
retry succeeds) and it can be deleted by hand (docs/security.md, known limits).
"""

import errno
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pbem.campaign as camp
import pbem.storage as storage

from . import util

STEP = next(s for s in util.demo_steps() if s["reveals"])        # orders + reveal: the most files
WRAPPER = Path(__file__).resolve().parent / "kill_wrapper.py"
FUNCS = ("_write", "fsync", "rename", "mkdir")


def _targets():
    # "_write": the fsynced write of each file of a folder built aside (pbem.storage.write_synced)
    return {"_write": (storage, "write_synced"), "fsync": (os, "fsync"), "rename": (os, "rename"), "mkdir": (os, "mkdir")}


def _inputs(demo):
    return [demo / STEP["orders"][0], *[demo / r for r in STEP["reveals"]]]


def _count_calls() -> dict:
    """How often one successful adjudication of STEP calls each function (a dry run)."""
    import tempfile
    demo = util.demo_build()
    work = Path(tempfile.mkdtemp(prefix="pbem-count-"))
    folder = util.truncate(util.copy_campaign(demo, work / "campaign"), STEP["n"] - 1)
    counts = dict.fromkeys(FUNCS, 0)
    originals = {name: getattr(owner, attr) for name, (owner, attr) in _targets().items()}

    def counting(name):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return originals[name](*args, **kwargs)
        return wrapper
    try:
        for name, (owner, attr) in _targets().items():
            setattr(owner, attr, counting(name))
        camp.adjudicate(folder, _inputs(demo))
    finally:
        for name, (owner, attr) in _targets().items():
            setattr(owner, attr, originals[name])
        import shutil
        shutil.rmtree(work, ignore_errors=True)
    return counts


CALLS = _count_calls()
INJECTIONS = [(name, k, mode) for name in FUNCS for k in range(1, CALLS[name] + 1)
              for mode in (("raise", "partial") if name == "_write" else ("raise",))]


def _failing(name, k, mode):
    owner, attr = _targets()[name]
    original = getattr(owner, attr)
    calls = [0]

    def wrapper(*args, **kwargs):
        calls[0] += 1
        if calls[0] == k:
            if mode == "partial":
                path, text = args
                path.parent.mkdir(parents=True, exist_ok=True)
                Path(path).write_text(text[: len(text) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return original(*args, **kwargs)
    return owner, attr, wrapper


def test_the_step_makes_the_expected_writes():
    assert CALLS["_write"] == len(_inputs(util.demo_build())) + 3      # inputs, save, report, picture
    assert CALLS["rename"] == 1 and CALLS["fsync"] >= CALLS["_write"] and CALLS["mkdir"] >= 1


@pytest.mark.parametrize("name,k,mode", INJECTIONS)
def test_interrupted_adjudication_leaves_old_or_complete_new_state(demo, linked_at, monkeypatch, name, k, mode):
    folder = linked_at(STEP["n"] - 1)
    before = util.snapshot(folder)
    owner, attr, wrapper = _failing(name, k, mode)
    with monkeypatch.context() as patch:
        patch.setattr(owner, attr, wrapper)
        result = util.pbem("adjudicate", folder, *_inputs(demo))
    target = f"steps/{STEP['n']:04d}"
    if result.exit_code == 0:
        # a failure may pass unnoticed only where it changes nothing: the folder fsync after the
        # rename, or making a folder that already exists (Path.mkdir(exist_ok=True) ignores it)
        assert (name, k) == ("fsync", CALLS["fsync"]) or (name == "mkdir" and k > 1), result.stdout
        _assert_complete(folder, demo, before)
    else:
        util.assert_refused(result, "nothing was changed", target)
        assert util.snapshot(folder) == before, "a partial state was left behind"
        assert util.assert_ok(util.pbem("verify", folder)).startswith("OK:")
        util.assert_ok(util.pbem("adjudicate", folder, *_inputs(demo)))            # the retry
        _assert_complete(folder, demo, before)


def _assert_complete(folder, demo, before):
    after = util.snapshot(folder)
    target = f"steps/{STEP['n']:04d}"
    added = {k: v for k, v in after.items() if k not in before}
    expected = {k: v for k, v in util.snapshot(demo).items() if k == target or k.startswith(target + "/")}
    assert added == expected
    assert {k: v for k, v in after.items() if k in before} == before
    assert util.assert_ok(util.pbem("verify", folder)).startswith("OK:")


NEW_INJECTIONS = [("_write", k, mode) for k in (1, 2, 3) for mode in ("raise", "partial")] + [("rename", 1, "raise")]


@pytest.mark.parametrize("name,k,mode", NEW_INJECTIONS)
def test_interrupted_new_campaign_leaves_nothing(demo, tmp_path, monkeypatch, name, k, mode):
    before = util.snapshot(tmp_path)
    owner, attr, wrapper = _failing(name, k, mode)
    keys = util.DEMO_SRC / "keys"
    with monkeypatch.context() as patch:
        patch.setattr(owner, attr, wrapper)
        result = util.pbem("new", "smithereens", "historical", "--dir", tmp_path / "campaign",
                           "--player", f"german={keys / 'german.pub'}", "--player", f"alliance={keys / 'alliance.pub'}",
                           "--commitment", demo / "commitments" / "german.txt",
                           "--commitment", demo / "commitments" / "alliance.txt", "--data", util.DEMO_OVERRIDE)
    util.assert_refused(result, "nothing was created", "campaign")
    assert util.snapshot(tmp_path) == before


# -- SIGKILL in a real process --------------------------------------------------------------

KILLS = ([("_write", 1, "before")] + [("_write", k, "partial") for k in range(1, CALLS["_write"] + 1)]
         + [("rename", 1, "before"), ("rename", 1, "after"), ("fsync", CALLS["fsync"] - 1, "after")])
STAGING = re.compile(r"^steps/\.\d{4}\.new-[^/]+(/.*)?$")


@pytest.mark.parametrize("name,k,mode", KILLS)
def test_killed_adjudication_leaves_old_or_complete_new_state(demo, linked_at, name, k, mode):
    folder = linked_at(STEP["n"] - 1)
    before = util.snapshot(folder)
    env = dict(os.environ, PYTHONPATH=str(util.ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, str(WRAPPER), name, str(k), mode, "--", "adjudicate", str(folder),
                          *map(str, _inputs(demo))], capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == -9, (run.returncode, run.stdout, run.stderr)
    after = util.snapshot(folder)
    leftovers = sorted(k for k in after if STAGING.match(k))
    visible = {k: v for k, v in after.items() if k not in leftovers}
    target = f"steps/{STEP['n']:04d}"
    if target in visible:                         # killed after the rename: the complete new step
        _assert_complete_ignoring(folder, demo, before, leftovers)
        return
    assert visible == before, "killed before the rename, yet the visible state changed"
    assert util.assert_ok(util.pbem("verify", folder)).startswith("OK:")       # the leftover is ignored
    util.assert_ok(util.pbem("adjudicate", folder, *_inputs(demo)))             # and the retry works
    _assert_complete_ignoring(folder, demo, before, leftovers)


def _assert_complete_ignoring(folder, demo, before, leftovers):
    after = {k: v for k, v in util.snapshot(folder).items() if k not in leftovers}
    target = f"steps/{STEP['n']:04d}"
    added = {k: v for k, v in after.items() if k not in before}
    expected = {k: v for k, v in util.snapshot(demo).items() if k == target or k.startswith(target + "/")}
    assert added == expected
    assert util.assert_ok(util.pbem("verify", folder)).startswith("OK:")
