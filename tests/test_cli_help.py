"""`pbem --help` and the groups' help pages written without typer (pbem/helppage.py, issue 13) are
typer's pages byte for byte: the same text on the same stream with the same exit status, for every
form they answer, at terminal widths around click's limits, run as `pbem` and as `python -m pbem`."""

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
import typer

from pbem import cli, helppage

ROOT = Path(__file__).resolve().parent.parent
FORMS = [[], ["--help"], ["data"], ["data", "--help"], ["amend"], ["amend", "--help"]]
RUN_AS = [("/usr/local/bin/pbem", None), (str(ROOT / "pbem" / "__main__.py"), "pbem"), (str(ROOT / "pbem" / "cli.py"), "pbem")]


def _run(argv, run_as, monkeypatch, capsys, through_typer):
    path, package = run_as
    called = []
    with monkeypatch.context() as patch, pytest.raises(SystemExit) as exit_:
        patch.setattr(sys, "argv", [path, *argv])
        patch.setitem(sys.modules, "__main__", types.SimpleNamespace(__package__=package))
        if through_typer:
            cli.app()
        else:
            patch.setattr(typer.Typer, "__call__", lambda self: called.append("typer"))    # a fall back to typer shows here
            cli.main()
    captured = capsys.readouterr()
    assert called == []
    return exit_.value.code, captured.out, captured.err


@pytest.mark.parametrize("columns", ["40", "52", "60", "72", "79", "80", "81", "200"])
def test_the_help_pages_are_typers_byte_for_byte(columns, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", columns)
    for argv in FORMS:
        for run_as in RUN_AS:
            mine = _run(argv, run_as, monkeypatch, capsys, through_typer=False)
            assert mine == _run(argv, run_as, monkeypatch, capsys, through_typer=True), (argv, run_as)
            assert mine[0] == (0 if argv[-1:] == ["--help"] else 2)
            assert "Commands:" in (mine[1] or mine[2])


def test_the_pages_name_every_command_and_how_pbem_was_run(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    status, text, _ = _run(["--help"], RUN_AS[0], monkeypatch, capsys, through_typer=False)
    assert text.startswith("Usage: pbem [OPTIONS] COMMAND [ARGS]...\n\n  Adjudicate play-by-email wargame campaigns")
    assert "  keygen          Write a new Ed25519 key pair.\n" in text and text.endswith("  amend           Data amendments signed by every player: values the...\n")
    _, text, _ = _run(["data", "--help"], RUN_AS[1], monkeypatch, capsys, through_typer=False)
    assert text.startswith("Usage: python -m pbem data [OPTIONS] COMMAND [ARGS]...\n")
    _, text, _ = _run(["--help"], RUN_AS[2], monkeypatch, capsys, through_typer=False)
    assert text.startswith("Usage: python -m pbem.cli [OPTIONS] COMMAND [ARGS]...\n")


@pytest.mark.parametrize("argv", [["status", "--help"], ["--help", "status"], ["data", "missing", "--help"], ["-h"],
                                  ["nope"], ["data", "nope"], ["--help", "--help"], ["data", "--help", "x"]])
def test_every_other_form_is_left_to_typer(argv):
    assert helppage.help_request(argv, types.SimpleNamespace(__package__="pbem")) is None


def test_shell_completion_is_left_to_typer(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/pbem", "--help"])
    monkeypatch.setenv("_PBEM_COMPLETE", "bash_source")
    assert helppage.help_request(["--help"], types.SimpleNamespace(__package__=None)) is None


def test_the_short_help_and_the_wrapping_are_clicks_on_random_texts():
    """helppage's copies of click's make_default_short_help and wrap_text give click's answers
    (the click typer uses) on texts of random words, spaces, line breaks and paragraphs."""
    import random
    try:
        from typer._click import formatting, utils
    except ImportError:         # a typer that uses the click package
        from click import formatting, utils     # type: ignore[no-redef]
    rng = random.Random(13)
    for _ in range(3000):
        words = ["".join(rng.choice("ab.-") for _ in range(rng.randint(1, 14))) for _ in range(rng.randint(0, 12))]
        text = "".join(w + rng.choice([" ", " ", "\n", "\n\n", "  ", "\n  "]) for w in words)
        width = rng.randint(5, 60)
        assert helppage.short_help(text, width) == utils.make_default_short_help(text, width), (text, width)
        for paragraphs in (False, True):
            assert (helppage.wrap_text(text, width, "  ", " ", preserve_paragraphs=paragraphs)
                    == formatting.wrap_text(text, width, "  ", " ", preserve_paragraphs=paragraphs)), (text, width)
    assert helppage.short_help("Write a new Ed25519 key pair. More.", 45) == "Write a new Ed25519 key pair."
    assert helppage.short_help("one two three four five six seven", 15) == "one two..."


def test_pbem_help_as_a_process_loads_no_typer_and_prints_typers_page(tmp_path, monkeypatch, capsys):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80")
    code = "import sys, runpy\ntry:\n    runpy.run_module('pbem', run_name='__main__', alter_sys=True)\nfinally:\n    print('typer' in sys.modules, file=sys.stderr)"
    done = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert (done.returncode, done.stderr) == (0, "False\n")
    monkeypatch.setenv("COLUMNS", "80")
    assert done.stdout == _run(["--help"], RUN_AS[1], monkeypatch, capsys, through_typer=True)[1]
