"""The editor's local web server: 127.0.0.1 only, a random port, a random token on every request.

Standard library only (http.server). What it serves is fixed: the page's three files shipped in
the package, the page model as JSON, the grid of a chosen extent, the group's own scan (only the
file named on the command line, never written anywhere) and one POST that saves the override.
A request without the token, for another Host, or over the size limits is refused.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import PbemError
from ..gamedata import GameData, load_game_data
from ..games import get_game
from ..storage import safe_component
from . import model, store

HOST = "127.0.0.1"
MAX_BODY_BYTES = 8 * 1024 * 1024          # a save: the override's limit is 4 MB of YAML
MAX_IMAGE_BYTES = 200 * 1024 * 1024
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}
STATIC = {"/": ("index.html", "text/html; charset=utf-8"), "/editor.js": ("editor.js", "text/javascript; charset=utf-8"),
          "/tables.js": ("tables.js", "text/javascript; charset=utf-8"), "/editor.css": ("editor.css", "text/css; charset=utf-8")}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
    "Cache-Control": "no-store", "Cross-Origin-Resource-Policy": "same-origin",
}


class Editor:
    """One editing session: the game, the override being written, the optional scan."""

    def __init__(self, game: str, data_file: Path | None = None, out_file: Path | None = None, image: Path | None = None):
        safe_component(game, "game")
        self.game_id = game
        self.game = get_game(game)
        self.base = load_game_data(game)
        self.data_file = Path(data_file) if data_file else None
        self.out_file = Path(out_file) if out_file else (self.data_file or Path(f"{game}-data-override.yaml"))
        if self.out_file.exists() and (self.data_file is None or self.out_file.resolve() != self.data_file.resolve()):
            raise PbemError("exists; to continue it pass it as --data (the editor never overwrites another file)", str(self.out_file))
        if self.data_file is not None and not self.data_file.is_file():
            raise PbemError("file not found", str(self.data_file))
        self.values, self.extra = store.read_values(self.data_file, game)
        self.current: GameData = load_game_data(game, self.data_file) if self.data_file else self.base
        self.image = Path(image) if image else None
        if self.image is not None:
            if self.image.suffix.lower() not in IMAGE_TYPES or not self.image.is_file():
                raise PbemError(f"the scan must be an existing {', '.join(sorted(IMAGE_TYPES))} file", str(self.image))
            if self.image.stat().st_size > MAX_IMAGE_BYTES:
                raise PbemError(f"the scan is over {MAX_IMAGE_BYTES} bytes", str(self.image))
        self.token = secrets.token_urlsafe(24)
        self.lock = threading.Lock()

    def page_model(self) -> dict[str, Any]:
        with self.lock:
            page = model.page_model(self.current, self.base, self.game, self.values)
        page.update({"image": self.image is not None, "out_file": str(self.out_file),
                     "source": str(self.extra.get("source", "")), "scenario_checks": []})
        return page

    def save(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise PbemError("save: a JSON object {values, source} expected")
        values = store.clean_values(body.get("values"))
        extra = dict(self.extra)
        source = body.get("source")
        if isinstance(source, str) and source.strip():
            extra["source"] = source.strip()[:500]
        with self.lock:
            data = store.save_override(self.game_id, values, extra, self.out_file)
            self.values, self.extra, self.current = values, extra, data
            checks = store.new_campaign_checks(self.game_id, load_game_data(self.game_id, self.out_file))
            return {"ok": True, "file": str(self.out_file), "progress": model.progress(self.base, data),
                    "values": values, "scenario_checks": checks}


def _handler(editor: Editor, port_of: dict[str, int]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "pbem-editor"
        sys_version = ""

        def log_message(self, format: str, *args: Any) -> None:     # noqa: A002 - the base class's name
            return                                                  # request lines carry the token: never logged

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in SECURITY_HEADERS.items():
                self.send_header(name, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _json(self, status: int, payload: Any) -> None:
            self._send(status, json.dumps(payload, ensure_ascii=False).encode(), "application/json; charset=utf-8")

        def _refuse(self, status: int, why: str) -> None:
            self._send(status, why.encode() + b"\n", "text/plain; charset=utf-8")

        def _allowed(self) -> tuple[str, dict[str, list[str]]] | None:
            """The path and query of a request with the right Host and token, else refused."""
            host = self.headers.get("Host", "")
            if host not in (f"{HOST}:{port_of['port']}", f"localhost:{port_of['port']}"):
                self._refuse(HTTPStatus.FORBIDDEN, "wrong Host")        # DNS rebinding: another name for 127.0.0.1
                return None
            parts = urlsplit(self.path)
            query = parse_qs(parts.query, max_num_fields=20)
            given = self.headers.get("X-Pbem-Token") or (query.get("token") or [""])[0]
            if not hmac.compare_digest(given.encode(), editor.token.encode()):
                self._refuse(HTTPStatus.FORBIDDEN, "no valid token: open the URL `pbem data edit` printed")
                return None
            return parts.path, query

        def do_GET(self) -> None:           # noqa: N802 - http.server's name
            allowed = self._allowed()
            if allowed is None:
                return
            path, query = allowed
            try:
                if path in STATIC:
                    name, content_type = STATIC[path]
                    text = resources.files(__package__).joinpath("static").joinpath(name).read_text(encoding="utf-8")
                    self._send(HTTPStatus.OK, text.replace("{{TOKEN}}", editor.token).encode(), content_type)
                elif path == "/api/model":
                    self._json(HTTPStatus.OK, editor.page_model())
                elif path == "/api/grid":
                    extent = {k: int((query.get(k) or ["x"])[0]) for k in ("col_min", "col_max", "row_min", "row_max")}
                    self._json(HTTPStatus.OK, {"extent": extent, "hexes": model.grid_cells(editor.game.grid(editor.base), extent)})
                elif path == "/image" and editor.image is not None:
                    self._send(HTTPStatus.OK, editor.image.read_bytes(), IMAGE_TYPES[editor.image.suffix.lower()])
                else:
                    self._refuse(HTTPStatus.NOT_FOUND, "not found")
            except (PbemError, ValueError) as exc:
                self._json(HTTPStatus.BAD_REQUEST, {"ok": False, "error": str(exc)})

        do_HEAD = do_GET

        def do_POST(self) -> None:          # noqa: N802 - http.server's name
            allowed = self._allowed()
            if allowed is None:
                return
            length = self.headers.get("Content-Length", "")
            if not length.isdigit():
                self._refuse(HTTPStatus.LENGTH_REQUIRED, "Content-Length required")
                return
            if int(length) > MAX_BODY_BYTES:
                self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"over {MAX_BODY_BYTES} bytes")
                self.close_connection = True
                return
            if allowed[0] != "/api/save" or not self.headers.get("Content-Type", "").startswith("application/json"):
                self._refuse(HTTPStatus.NOT_FOUND, "not found")
                return
            try:
                body = json.loads(self.rfile.read(int(length)).decode("utf-8"))
                self._json(HTTPStatus.OK, editor.save(body))
            except (PbemError, ValueError, RecursionError) as exc:
                self._json(HTTPStatus.OK, {"ok": False, "error": exc.one_line() if isinstance(exc, PbemError) else f"bad request: {exc}"})

        def do_PUT(self) -> None:           # noqa: N802
            self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, "method not allowed")

        do_DELETE = do_PUT

    return Handler


class EditorServer:
    """The running server (serve_forever in the CLI; start()/stop() in a thread for the tests)."""

    def __init__(self, editor: Editor):
        self.editor = editor
        port_of = {"port": 0}
        self.httpd = ThreadingHTTPServer((HOST, 0), _handler(editor, port_of))
        self.httpd.daemon_threads = True
        port_of["port"] = self.port = int(self.httpd.server_address[1])
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/?token={self.editor.token}"

    def start(self) -> None:
        # stop() waits for serve_forever to see the shutdown flag: a 0.05 s poll, not the default 0.5 s
        # (start/stop are the tests'; `pbem data edit` runs serve_forever itself until Ctrl-C)
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="pbem-editor", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread is not None:
            self.thread.join(timeout=5)
