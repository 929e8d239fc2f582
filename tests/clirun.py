"""typer's CliRunner on pbem's app with its click command built once per process: typer.testing
builds it again from the app at every invoke (a few ms, for thousands of runs in the suite). The
same command tree, parsed and run the same way; a `pbem` process builds it once too. The reuse goes
through typer.testing's private `_get_command`: a typer without it runs as typer's CliRunner does."""

import typer.testing
from typer.main import get_command

_BUILT: dict = {}


def _built(app):
    if app not in _BUILT:
        _BUILT[app] = get_command(app)
    return _BUILT[app]


def invoke(app, args: list[str], **kwargs):
    runner = typer.testing.CliRunner()
    if not hasattr(typer.testing, "_get_command"):
        return runner.invoke(app, args, **kwargs)
    saved = typer.testing._get_command
    typer.testing._get_command = _built
    try:
        return runner.invoke(app, args, **kwargs)
    finally:
        typer.testing._get_command = saved
