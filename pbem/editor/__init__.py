"""`pbem data edit`: a map and table editor in the browser for a printed game's missing data.

model.py works out what the page shows from the game's data, store.py writes and validates the
override, server.py serves the page (static/, plain HTML, CSS and JavaScript) on 127.0.0.1.
See docs/editor.md.
"""

from __future__ import annotations

import webbrowser
from collections.abc import Callable
from pathlib import Path

from .server import Editor, EditorServer

__all__ = ["Editor", "EditorServer", "serve"]


def serve(game: str, data_file: Path | None, out_file: Path | None, image: Path | None,
          open_browser: bool, say: Callable[[str], None]) -> None:
    """Run the editor until Ctrl-C."""
    server = EditorServer(Editor(game, data_file, out_file, image))
    say(f"pbem data edit: {server.url}")
    say(f"saves to {server.editor.out_file}; only this machine can reach it (127.0.0.1); Ctrl-C stops it")
    if open_browser:
        webbrowser.open(server.url)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        say("stopped")
    finally:
        server.httpd.server_close()
