"""`pbem data edit` without a browser: the server's refusals, the page model, the save."""

import http.client
import json
import socket
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pbem.cli import app
from pbem.editor import Editor, EditorServer, model, store
from pbem.errors import PbemError
from pbem.gamedata import load_game_data
from pbem.games import get_game
from pbem.svg import hex_centre
from tests.conftest import ROOT

DEMO = ROOT / "examples" / "smithereens-demo" / "data-override.yaml"


@pytest.fixture
def server(tmp_path):
    running = EditorServer(Editor("smithereens", None, tmp_path / "out.yaml", None))
    running.start()
    yield running
    running.stop()


def request(server, method: str, path: str, body: bytes | None = None, headers: dict | None = None, host: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", host or f"127.0.0.1:{server.port}")
    for name, value in (headers or {}).items():
        conn.putheader(name, value)
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data, response


def token(server) -> str:
    return server.editor.token


def test_the_server_listens_on_loopback_only_on_a_random_port(server):
    assert server.httpd.server_address[0] == "127.0.0.1"
    assert server.httpd.socket.getsockname()[0] == "127.0.0.1" and server.port > 0
    assert server.url == f"http://127.0.0.1:{server.port}/?token={token(server)}"
    outside = [a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET) if not a[4][0].startswith("127.")]
    for address in outside[:1]:                 # a non-loopback address of this machine: nothing listens there
        with pytest.raises(OSError):
            socket.create_connection((address, server.port), timeout=2).close()


@pytest.mark.parametrize("path", ["/", "/editor.js", "/tables.js", "/editor.css", "/api/model", "/image", "/api/grid?col_min=1&col_max=2&row_min=1&row_max=2"])
def test_every_request_without_the_token_is_refused(server, path):
    status, body, _ = request(server, "GET", path)
    assert status == 403 and b"token" in body
    wrong = path + ("&" if "?" in path else "?") + "token=" + "x" * len(token(server))
    assert request(server, "GET", wrong)[0] == 403


def test_a_save_without_the_token_is_refused_and_writes_nothing(server, tmp_path):
    body = json.dumps({"values": {"crt.cells.3.1:3/1:4": "3/0"}}).encode()
    status, _, _ = request(server, "POST", "/api/save", body, {"Content-Type": "application/json"})
    assert status == 403 and not (tmp_path / "out.yaml").exists()


def test_another_host_name_is_refused_even_with_the_token(server):
    # DNS rebinding: a web page's own name resolving to 127.0.0.1 must not reach the editor
    status, _, _ = request(server, "GET", f"/api/model?token={token(server)}", host=f"evil.example:{server.port}")
    assert status == 403


def test_the_page_and_its_files_come_with_the_token_and_strict_headers(server):
    status, body, response = request(server, "GET", f"/?token={token(server)}")
    assert status == 200 and f"editor.js?token={token(server)}".encode() in body
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    assert response.getheader("Referrer-Policy") == "no-referrer" and response.getheader("X-Frame-Options") == "DENY"
    for name in ("editor.js", "tables.js", "editor.css"):
        assert request(server, "GET", f"/{name}", headers={"X-Pbem-Token": token(server)})[0] == 200


@pytest.mark.parametrize("path", ["/../pyproject.toml", "/static/../server.py", "/%2e%2e/%2e%2e/pyproject.toml", "/editor.js/../../server.py",
                                  "//etc/passwd", "/image"])
def test_no_other_file_is_served(server, path):
    status, body, _ = request(server, "GET", path, headers={"X-Pbem-Token": token(server)})
    assert status == 404 and b"[project]" not in body and b"import" not in body


def test_oversized_and_non_json_saves_are_refused(server, tmp_path):
    headers = {"X-Pbem-Token": token(server), "Content-Type": "application/json"}
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("POST", "/api/save", skip_host=True)
    conn.putheader("Host", f"127.0.0.1:{server.port}")
    for k, v in headers.items():
        conn.putheader(k, v)
    conn.putheader("Content-Length", str(100 * 1024 * 1024))
    conn.endheaders()
    assert conn.getresponse().status == 413
    conn.close()
    assert request(server, "POST", "/api/save", b"x=1", {"X-Pbem-Token": token(server), "Content-Type": "application/x-www-form-urlencoded"})[0] == 404
    status, body, _ = request(server, "POST", "/api/save", b"{not json", headers)
    assert status == 200 and json.loads(body)["ok"] is False
    assert not (tmp_path / "out.yaml").exists()


def test_a_save_writes_an_override_pbem_new_accepts(server, tmp_path):
    values = {"crt.cells.3.1:3/1:4": "3/0", "map.hexes.1131.terrain": "clear", "map.hexes.1005E": {"terrain": "rough"},
              "map.hexsides.1918E|1819E": "river", "map.regions.italy.hexes": {"__yaml__": "[1131, '1232']"}}
    body = json.dumps({"values": values, "source": "our 1st edition"}).encode()
    status, reply, _ = request(server, "POST", "/api/save", body, {"X-Pbem-Token": token(server), "Content-Type": "application/json"})
    result = json.loads(reply)
    assert status == 200 and result["ok"], result
    doc = yaml.safe_load((tmp_path / "out.yaml").read_text())
    assert doc["pbem"] == "data-override" and doc["source"] == "our 1st edition" and doc["demonstration"] is False
    assert doc["values"]["map.regions.italy.hexes"] == [1131, "1232"]
    data = load_game_data("smithereens", tmp_path / "out.yaml")
    assert result["progress"]["filled"] == 3 and result["progress"]["entries"] == {"hexes": 1, "hexsides": 1, "counters": 0}
    assert len(load_game_data("smithereens").unknown_paths()) - len(data.unknown_paths()) == 3
    assert {c["scenario"] for c in result["scenario_checks"]} == {"historical", "wwii_into_wwiii", "wwiii_straight_up"}


def test_a_save_the_data_refuses_names_why_and_keeps_the_last_good_file(server, tmp_path):
    headers = {"X-Pbem-Token": token(server), "Content-Type": "application/json"}
    good = json.dumps({"values": {"crt.cells.3.1:3/1:4": "3/0"}}).encode()
    assert json.loads(request(server, "POST", "/api/save", good, headers)[1])["ok"]
    before = (tmp_path / "out.yaml").read_bytes()
    for values, words in (({"crt.cells.1.1:3/1:4": "9/9"}, "would replace a rulebook value"),
                          ({"map.nowhere.x": 1}, "does not name a place"),
                          ({"crt.cells.3.1:2/1:3": 1.5}, "no floats")):
        reply = json.loads(request(server, "POST", "/api/save", json.dumps({"values": values}).encode(), headers)[1])
        assert reply["ok"] is False and words in reply["error"], reply
        assert "out.yaml" in reply["error"] or "floats" in words
    assert (tmp_path / "out.yaml").read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".pbem-edit-")]


def test_the_model_draws_the_games_own_grid_ids_and_centres():
    data = load_game_data("smithereens")
    game = get_game("smithereens")
    spec = game.grid(data)
    page = model.page_model(data, data, game, {})
    hexes = {h["id"]: h for h in page["grid"]["hexes"]}
    for hex_id in ("1819E", "1511", "4205", "3702E"):
        x, y = hex_centre(spec, *spec.parse(hex_id))
        assert (hexes[hex_id]["x"], hexes[hex_id]["y"]) == (round(x, 2), round(y, 2))
    assert "1005E" not in hexes and "4205" in hexes              # the overlap column has its one canonical id
    assert all(spec.canonical(h) == h for h in hexes)
    assert page["terrain"][:6] == ["clear", "forest", "rough", "mountain", "marsh", "sea"]
    assert page["hexside_features"] == ["rhine", "river", "lake", "sea", "atc"]
    assert page["listed"]["1819E"]["fields"]["terrain"] == {"value": "clear (city)", "known": True, "rule": "10.19"}
    assert page["listed"]["1131"]["fields"]["terrain"]["known"] is False
    crt = page["crt"]
    assert crt["cells"]["3"]["4:1/3:1"] == {"value": "1/2", "known": True, "rule": "11.22"}
    assert crt["cells"]["1"]["1:3/1:4"]["rule"] == "16.2" and crt["cells"]["4"]["2:1/1:1"]["known"] is False
    assert page["progress"]["total"] == 184        # + the Baltic coastal hexes and the ATC hexes (10.27, 10.33), the Oder flag (14.15)
    groups = {g: sum(1 for u in page["unknown"] if u["group"] == g) for g in page["groups"]}
    assert groups["Map: terrain per hex and hexsides"] == 96 and groups["CRT cells"] == 35    # with the Oder flag (14.15)


def test_operation_grenade_has_its_own_terrain_hexsides_and_no_crt_grid():
    data = load_game_data("operation-grenade")
    page = model.page_model(data, data, get_game("operation-grenade"), {})
    assert page["terrain"] == ["clear", "woods", "hilltop", "swamp", "town", "city"]
    assert "road" in page["hexside_features"] and "river" in page["hexside_features"]
    assert page["crt"] is None and page["counter_fields"][0] == {"key": "side", "kind": "side"}


def test_continuing_an_override_normalises_its_new_hex_ids(tmp_path):
    out = tmp_path / "demo.yaml"
    out.write_bytes(DEMO.read_bytes())
    editor = Editor("smithereens", out, None, None)
    assert editor.out_file == out
    page = editor.page_model()
    assert page["values"]["map.hexes.1718E"] == {"terrain": "clear"} and page["progress"]["filled"] == 46
    spec = get_game("smithereens").grid(load_game_data("smithereens"))
    assert model.normalise_values({"map.hexes.1005E": {"terrain": "clear"}, "map.hexsides.1918E|1819E": "river"}, spec, {}) == \
        {"map.hexes.4205": {"terrain": "clear"}, "map.hexsides.1819E|1918E": "river"}


def test_the_editor_never_overwrites_a_file_it_was_not_given(tmp_path):
    other = tmp_path / "theirs.yaml"
    other.write_text("x: 1\n")
    with pytest.raises(PbemError, match="pass it as --data"):
        Editor("smithereens", None, other, None)
    with pytest.raises(PbemError, match="not a safe name"):
        Editor("../smithereens", None, tmp_path / "o.yaml", None)
    with pytest.raises(PbemError, match="scan must be"):
        Editor("smithereens", None, tmp_path / "o.yaml", tmp_path / "scan.svg")


def test_the_scan_is_served_only_from_the_file_given(tmp_path):
    scan = tmp_path / "scan.png"
    scan.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 32)
    running = EditorServer(Editor("smithereens", None, tmp_path / "o.yaml", scan))
    running.start()
    try:
        status, body, response = request(running, "GET", f"/image?token={running.editor.token}")
        assert status == 200 and body == scan.read_bytes() and response.getheader("Content-Type") == "image/png"
        assert request(running, "GET", "/image")[0] == 403
    finally:
        running.stop()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan.png"]          # nothing written beside it


def test_clean_values_refuses_what_is_not_a_data_path():
    for bad in ({"": 1}, {"a..b": 1}, {"x" * 400: 1}, {"map.hexes.1\n": 1}):
        with pytest.raises(PbemError):
            store.clean_values(bad)
    assert list(store.clean_values({"units.counters.a": {"side": "german"}, "crt.cells.3.1:3/1:4": "3/0", "map.hexes.1131.terrain": ""})) == \
        ["crt.cells.3.1:3/1:4", "units.counters.a"]


def test_the_cli_command_is_there():
    result = CliRunner().invoke(app, ["data", "edit", "--help"])
    assert result.exit_code == 0
    assert "--image" in result.stdout and "--open" in result.stdout and "127.0.0.1" in result.stdout
    refused = CliRunner().invoke(app, ["data", "edit", "nosuchgame"])
    assert refused.exit_code == 1 and "unknown game" in refused.stderr
    assert Path(ROOT / "pbem" / "editor" / "static" / "index.html").is_file()


def test_a_campaign_folder_is_edited_into_a_proposal_beside_it_never_into_it(demo_campaign, tmp_path):
    """Given a campaign, the editor starts from the campaign's own override and saves a proposal
    outside the folder: the campaign's data are fixed by the hash in its header."""
    from pbem.cli import _amendment_files
    game, data, target = _amendment_files(demo_campaign, None, None)
    assert game == "smithereens" and data == demo_campaign / "data-override.yaml"
    assert target == demo_campaign.parent / "smithereens-demo-amendment-proposal.yaml"
    editor = Editor(game, data, target)
    assert editor.values == store.read_values(data, game)[0] and editor.out_file == target
    with pytest.raises(PbemError, match="outside the campaign folder"):
        _amendment_files(demo_campaign, None, demo_campaign / "proposal.yaml")
    with pytest.raises(PbemError, match="a campaign folder or --data, not both"):
        _amendment_files(demo_campaign, data, None)
