"""The cache of parsed data files across processes (pbem/parsecache.py, issue 13): keyed by the
hash of the bytes parsed, never trusted without its hash, never keeping a refusal."""

import json
from pathlib import Path

import pytest

from pbem import gamedata, parsecache
from pbem.errors import PbemError

ROOT = Path(__file__).resolve().parent.parent
OVERRIDE = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder, and no parse kept in this process."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PBEM_CACHE_DIR", str(folder))
    monkeypatch.setattr(gamedata, "_PARSED", {})
    monkeypatch.setattr(gamedata, "_TREE_CACHE", {})
    monkeypatch.setattr(gamedata, "_APPLIED", {})
    return folder


def _fresh_process(monkeypatch):
    monkeypatch.setattr(gamedata, "_PARSED", {})
    monkeypatch.setattr(gamedata, "_TREE_CACHE", {})
    monkeypatch.setattr(gamedata, "_APPLIED", {})


_PROCESS = """
import hashlib, json, sys
from pbem import gamedata
if sys.argv[1] == "second":                      # from here on, any YAML parse in gamedata fails
    def refuse(*args, **kwargs):
        raise SystemExit("parsed again")
    gamedata.parse_yaml_text = gamedata.load_yaml_file = refuse
data = gamedata.load_game_data("operation-grenade", sys.argv[2])
print(hashlib.sha256(json.dumps([data.tree, data.files_hash, data.override_hash, sorted(data.overridden)]).encode()).hexdigest())
"""


def test_a_second_process_reads_the_rules_and_override_from_the_records(tmp_path):
    """Two real processes: the second parses no YAML and gets the same data (tree, key order, hashes)."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, PBEM_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    runs = [subprocess.run([sys.executable, "-c", _PROCESS, which, str(OVERRIDE)], capture_output=True, text=True, env=env)
            for which in ("first", "second")]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    assert runs[0].stdout == runs[1].stdout and len(runs[0].stdout.strip()) == 64
    # the rules folder, the override, and the rules with the override applied (gamedata.load_game_data)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 3


def test_the_rules_with_the_override_applied_come_back_equal_from_their_record(cache, monkeypatch):
    """A second open reads the applied data from its record: the same tree, hashes, provenance and
    demonstration notice as applying the override again."""
    first = gamedata.load_game_data("operation-grenade", OVERRIDE)
    _fresh_process(monkeypatch)
    monkeypatch.setattr(gamedata, "apply_override", lambda *args: pytest.fail("applied again"))
    second = gamedata.load_game_data("operation-grenade", OVERRIDE)
    assert second == first and second.demonstration and second.overridden and second.override_hash
    assert second.tree is not first.tree


def _record(path: Path) -> tuple[str, str, str]:
    """(key, sha256, JSON text) of a record: its first line holds the key and the digest."""
    head, _, text = path.read_text(encoding="utf-8").partition("\n")
    key, digest = head.split(" ")
    return key, digest, text


def test_a_record_whose_digest_disagrees_is_ignored_and_the_file_parsed_again(cache, monkeypatch):
    expected = gamedata.load_once(OVERRIDE)
    [record] = cache.glob("*.json")
    key, digest, text = _record(record)
    assert digest == __import__("hashlib").sha256(text.encode()).hexdigest() and json.loads(text) == expected
    forged = json.loads(text)
    forged["values"]["crt.rows"] = [99]              # changed data, old digest
    record.write_text(f"{key} {digest}\n{json.dumps(forged)}")
    _fresh_process(monkeypatch)
    assert gamedata.load_once(OVERRIDE) == expected
    assert json.loads(_record(record)[2]) == expected      # and rewritten


def test_a_record_that_does_not_read_back_is_ignored(cache, monkeypatch):
    """A record whose digest is right but whose text is no JSON (or no UTF-8) is parsed again."""
    import hashlib
    expected = gamedata.load_once(OVERRIDE)
    [record] = cache.glob("*.json")
    key = _record(record)[0]
    for body in (b"{not json", b"\xff\xfe"):
        record.write_bytes(f"{key} {hashlib.sha256(body).hexdigest()}\n".encode() + body)
        _fresh_process(monkeypatch)
        assert gamedata.load_once(OVERRIDE) == expected
    assert json.loads(_record(record)[2]) == expected


def test_a_record_under_another_key_is_ignored(cache, monkeypatch, tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text("pbem: data-override\ngame: x\nvalues: {a: 1}\n")
    gamedata.load_once(other)
    gamedata.load_once(OVERRIDE)
    records = {_record(p)[0]: p for p in cache.glob("*.json")}
    key = parsecache.cache_key("bounded-mapping", __import__("hashlib").sha256(OVERRIDE.read_bytes()).hexdigest())
    other_record = next(p for k, p in records.items() if k != key)
    records[key].write_text(other_record.read_text())       # a consistent record, of another file
    _fresh_process(monkeypatch)
    assert gamedata.load_once(OVERRIDE)["game"] == "operation-grenade"


def test_a_changed_byte_is_another_key(cache, monkeypatch, tmp_path):
    path = tmp_path / "o.yaml"
    path.write_text("pbem: data-override\ngame: x\nvalues: {a: 1}\n")
    assert gamedata.load_once(path)["values"] == {"a": 1}
    _fresh_process(monkeypatch)
    path.write_text("pbem: data-override\ngame: x\nvalues: {a: 2}\n")
    assert gamedata.load_once(path)["values"] == {"a": 2}
    assert len(list(cache.glob("*.json"))) == 2


def test_a_refusal_is_never_kept(cache, monkeypatch, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("a: &x 1\nb: *x\n")
    for _ in range(2):
        _fresh_process(monkeypatch)
        with pytest.raises(PbemError, match="anchors"):
            gamedata.load_once(path)
    assert list(cache.glob("*.json")) == []


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("PBEM_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _fresh_process(monkeypatch)
    assert parsecache.cache_dir() is None
    assert gamedata.load_once(OVERRIDE)["game"] == "operation-grenade"
    assert list(tmp_path.rglob("*.json")) == []


def test_the_key_covers_the_parsing_code(cache, monkeypatch):
    key = parsecache.cache_key("rules-tree", "0" * 64)
    monkeypatch.setattr(parsecache, "_CODE_DIGEST", ["another parser"])
    assert parsecache.cache_key("rules-tree", "0" * 64) != key
