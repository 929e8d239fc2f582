"""`pbem`'s direct dispatch (pbem/cli.py `direct_call`, issue 13): the plain forms of the most-run
commands are called without typer's argument coercion (which imports pydantic), and give the same
output, errors and exit status as typer's parse; every other form goes to typer."""

import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pbem import cli


def via_typer(argv):
    result = CliRunner().invoke(cli.app, argv)
    return result.exit_code, result.stdout, result.stderr


def via_main(argv, monkeypatch, capsys):
    called = []
    with monkeypatch.context() as patch, pytest.raises(SystemExit) as exit_:
        patch.setattr(sys, "argv", ["pbem", *argv])
        patch.setattr(typer.Typer, "__call__", lambda self: called.append("typer"))   # a fall back to typer shows here
        cli.main()
    captured = capsys.readouterr()
    assert called == []
    return exit_.value.code, captured.out, captured.err


def test_the_plain_forms_are_called_directly_and_print_what_typer_prints(demo_campaign, monkeypatch, capsys, tmp_path):
    folder = str(demo_campaign)
    cases = [["status", folder], ["verify", folder], ["report", folder], ["report", folder, "--format", "md"],
             ["log", folder], ["status", str(tmp_path / "nothing")], ["report", folder, "--format", "html"],
             ["verify", folder, "--private", str(tmp_path / "absent")],
             ["adjudicate", folder, str(tmp_path / "absent.txt")]]
    for argv in cases:
        expected = via_typer(argv)
        assert cli.direct_call(argv) is not None, argv
        assert via_main(argv, monkeypatch, capsys) == expected, argv
    assert via_typer(["status", folder])[1].startswith("smithereens-demo")
    assert via_typer(["status", str(tmp_path / "nothing")])[0] == 1


def test_the_values_are_the_ones_typer_passes(demo_campaign):
    argv = ["adjudicate", str(demo_campaign), "a.txt", "b.txt", "--key", "k", "--passphrase", "p"]
    func, values = cli.direct_call(argv)
    assert func is cli.adjudicate_cmd
    assert values == {"folder": demo_campaign, "files": [Path("a.txt"), Path("b.txt")], "key": Path("k"), "passphrase": "p"}
    assert cli.direct_call(["adjudicate", "dir"])[1] == {"folder": Path("dir"), "files": None, "key": None, "passphrase": None}
    assert cli.direct_call(["report", "dir"])[1] == {"folder": Path("dir"), "fmt": "text", "step": None, "turn": None,
                                                     "svg": None, "png": None, "side": None, "private": None,
                                                     "key": None, "passphrase": None}


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["status"], ["status", "a", "b"], ["status", "--help"], ["status", "a", "--help"],
    ["report", "a", "--step", "1"], ["report", "a", "--format=md"], ["report", "a", "--format"], ["report", "a", "--nope", "x"],
    ["report", "a", "--side", "german", "--side", "alliance"], ["keygen", "k"], ["new", "g", "s"], ["verify", "-"],
])
def test_every_other_form_goes_to_typer(argv):
    assert cli.direct_call(argv) is None


def test_version_names_the_pbem_that_plays_a_campaign():
    """`pbem --version`: the version a campaign's header records (created_with), to compare."""
    import subprocess
    import sys

    from pbem import __version__
    for flag in ("--version", "-V"):
        done = subprocess.run([sys.executable, "-m", "pbem", flag], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"pbem {__version__}\n", "")
