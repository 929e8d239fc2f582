"""Plain scalars as a player means them (YAML 1.2 style), and deterministic output."""

import pytest

from pbem.errors import PbemError
from pbem.yamlio import dump_yaml, parse_yaml_text


def test_plain_scalars_stay_what_the_player_typed():
    data = parse_yaml_text("a: yes\nb: 0419\nc: 1:20\nd: 2516\ne: true\nf: on\ng: -3\nh: 0x1F\ni: ~\nj: 2026-12-02\n", "o.yaml")
    assert data == {"a": "yes", "b": "0419", "c": "1:20", "d": 2516, "e": True, "f": "on", "g": -3,
                    "h": "0x1F", "i": None, "j": "2026-12-02"}


@pytest.mark.parametrize("text", ["a: 1.5", "a: .inf", "a: 1.0e+3"])
def test_decimal_numbers_are_refused(text):
    with pytest.raises(PbemError, match=r"o\.yaml:1: malformed YAML: decimal number"):
        parse_yaml_text(text, "o.yaml")


def test_dump_round_trips_strings_that_look_like_other_types():
    data = {"hex": "0419", "word": "yes", "odds": "1:20", "number": 2516, "flag": False, "text": "line\nbreak"}
    assert parse_yaml_text(dump_yaml(data), "x") == data
    assert dump_yaml(data) == dump_yaml(dict(data))


# -- the libyaml fast path writes what the Python emitter writes ----------------------------------

import random  # noqa: E402
from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

from pbem import yamlio  # noqa: E402
from pbem.signing import parse_signed  # noqa: E402

CAMPAIGN = Path(__file__).resolve().parent.parent / "examples" / "operation-grenade-demo" / "campaign"
needs_libyaml = pytest.mark.skipif(yamlio._C_DUMPER is None, reason="PyYAML without libyaml: only the Python emitter")


def _both(data) -> tuple[str, str]:
    """The libyaml emitter's text (forced, whatever c_dumpable says) and the Python emitter's."""
    return yaml.dump(data, Dumper=yamlio._C_DUMPER, **yamlio._DUMP_OPTIONS), yamlio.dump_yaml_python(data)


def _documents_of(folder: Path):
    """(path, data, stored text) of every save, header, override and signed file of a campaign."""
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".yaml":
            text = path.read_text(encoding="utf-8")
            yield path, parse_yaml_text(text, str(path)), text
        elif path.suffix == ".txt" and "BEGIN PBEM SIGNED MESSAGE" in path.read_text(encoding="utf-8"):
            text = path.read_text(encoding="utf-8")
            yield path, parse_signed(text, str(path)), text


@needs_libyaml
def test_the_bundled_campaign_dumps_byte_for_byte_alike_with_both_emitters():
    count = 0
    for path, data, text in _documents_of(CAMPAIGN):
        if hasattr(data, "armoured"):                  # a signed file: its body, and the stored armour
            assert data.armoured() == text, path
            data = data.body
        elif path.name != "data-override.yaml" and "data" not in path.relative_to(CAMPAIGN).parts[:1]:
            # the override is stored as the group wrote it, data/ as pbem's rules/ and scenarios/ are
            assert yamlio.dump_yaml(data) == text, path
        fast, python = _both(data)
        assert fast == python, path
        assert yamlio.c_dumpable(data), f"{path} would take the slow path"
        count += 1
    assert count >= 20


# tricky text for both emitters: YAML 1.1 look-alikes, hex ids with leading zeros, indicators,
# quotes, unicode (BMP and beyond), controls, NEL and the other line breaks, tabs, a BOM
_WORDS = ["yes", "no", "on", "off", "y", "n", "true", "False", "null", "~", "Null", "0410", "0x1F", "1e3", "1.5", ".inf",
          "-.nan", "1:20", "2024-01-01", "12:30:00", "<<", "=", "", " ", "-", "- x", ": ", "a: b", "#c", "0", "00", "+1",
          "-0", "0o7", "0b1", "1_000", "NaN", "YES", "On", "1819E", "--- x", "...", "!tag", "@x", "%x", "2516|2517"]
_CHARS = ["a", "Z", "0", "1", " ", " ", "\n", "\n", ":", "#", "-", "?", "'", '"', "\\", ",", "[", "]", "{", "}", "&", "*",
          "!", "|", ">", "%", "@", "`", "é", "ß", "中", "\u00a0", "—", "×", "\u2003", "\uff01", "\ue000", "\ufffd", "~", ".",
          "+", "=", "e", "_"]
_HOSTILE = ["\t", "\r", "\x00", "\x01", "\x7f", "\x85", "\x9f", "\u2028", "\u2029", "\ufeff", "\U0001F600", "\n\n"]


def _text(rng: random.Random, hostile: bool) -> str:
    alphabet = _CHARS + (_HOSTILE if hostile else [])
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(_WORDS)
    if roll < 0.33:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(100, 300)))
    if roll < 0.34:                 # long lines of words (folding would split them)
        return " ".join("w" * rng.randint(1, 12) for _ in range(rng.randint(100, 1500)))
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))


def _value(rng: random.Random, hostile: bool, depth: int = 0):
    roll = rng.random()
    if depth > 4 or roll < 0.5:
        kind = rng.random()
        if kind < 0.6:
            return _text(rng, hostile)
        if kind < 0.8:
            return rng.randint(-10**6, 10**6) if rng.random() < 0.95 else rng.randint(-10**40, 10**40)
        return rng.choice([True, False, None])
    if roll < 0.75:
        return [_value(rng, hostile, depth + 1) for _ in range(rng.randint(0, 4))]
    return {_text(rng, hostile): _value(rng, hostile, depth + 1) for _ in range(rng.randint(0, 4))}


@needs_libyaml
@pytest.mark.parametrize("hostile", [False, True])
def test_generated_documents_dump_alike_wherever_the_fast_path_is_taken(hostile):
    rng = random.Random(1945 + hostile)
    taken = 0
    for _ in range(400):
        data = {_text(rng, hostile): _value(rng, hostile) for _ in range(rng.randint(1, 5))}
        shared = [1, "0410"]
        data["shared"] = {"a": shared, "b": shared}          # one object twice: never an alias
        reference = yamlio.dump_yaml_python(data)
        assert yamlio.dump_yaml(data) == reference, repr(data)[:300]
        if yamlio.c_dumpable(data):
            taken += 1
            assert _both(data)[0] == reference, repr(data)[:300]
    assert taken >= (80 if not hostile else 12), taken


@needs_libyaml
@pytest.mark.parametrize("data", [
    {"": 1}, {"k": "a\n\n", "z": 1}, {"k": "\n"}, {"é" * 70: 1}, {"k": "\U0001F600"}, {"k": "\t"}, {"k": "x" * 5000},
    {"k": "\x85"}, {"k": "a\u2028b"}, {"k": 1.5}, "plain", 7,
])
def test_what_libyaml_writes_otherwise_takes_the_python_emitter(data):
    assert not yamlio.c_dumpable(data)
    assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data)


def test_edge_values_dump_alike():
    data = {"hex": "0410", "flags": ["yes", "no", "on", "off"], "empty": [], "nothing": {}, "nested": [[], {}, [[1]], {"a": {}}],
            "multi": "first line\nsecond line", "trailing": "line\n", "indented": "  lead\nnext", "unicode": "Düren — Jülich ×2",
            "long": "word " * 700, "key " * 20: "a long key", "quote": "it's \"quoted\"", "big": 10**30, "none": None}
    assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data)
    assert parse_yaml_text(yamlio.dump_yaml(data), "x") == data


# -- every document of the bundled and frozen corpus: libyaml's bytes are the Python emitter's --------

ROOT = CAMPAIGN.parents[2]
CAMPAIGNS = sorted(ROOT.glob("examples/*/campaign")) + sorted(ROOT.glob("tests/compat/*/campaign"))
OTHER_DOCUMENTS = sorted(p for p in (ROOT / "tests" / "data").rglob("*") if p.suffix in (".yaml", ".txt"))


def _corpus_documents(folder: Path):
    """(path, data, stored text or None) of every YAML file and signed message under `folder`;
    stored text only where pbem writes the file with dump_yaml (saves, headers, ledgers)."""
    for path in sorted(folder.rglob("*")):
        text = path.read_text(encoding="utf-8") if path.suffix in (".yaml", ".txt") else ""
        if path.suffix == ".yaml":
            data = parse_yaml_text(text, str(path))
            written = path.name in ("save.yaml", "campaign.yaml") and "data" not in path.relative_to(folder).parts[:1]
            yield path, data, text if written else None
        elif "BEGIN PBEM SIGNED MESSAGE" in text:
            yield path, parse_signed(text, str(path)).body, None


@needs_libyaml
@pytest.mark.parametrize("folder", CAMPAIGNS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_save_header_and_message_of_the_corpus_dumps_alike_with_both_emitters(folder):
    """Issue 13: libyaml's emitter writes the bytes of PyYAML's pure-Python one on every save,
    header and signed message of the bundled campaigns and the frozen compatibility corpus; each
    save and header is on the fast path, and dump_yaml gives back its stored bytes."""
    saves = 0
    for path, data, stored in _corpus_documents(folder):
        fast, python = _both(data)
        if yamlio.c_dumpable(data):
            assert fast == python, path
        if stored is not None:
            assert yamlio.c_dumpable(data), f"{path} would take the slow path"
            assert yamlio.dump_yaml(data) == stored, path
            saves += 1
    assert saves >= 5, folder


@needs_libyaml
def test_the_suite_data_files_dump_alike_with_both_emitters():
    count = 0
    for path in OTHER_DOCUMENTS:
        for _, data, _ in _one_document(path):
            if yamlio.c_dumpable(data):
                fast, python = _both(data)
                assert fast == python, path
                count += 1
    assert count >= 15, count


def _one_document(path: Path):
    text = path.read_text(encoding="utf-8")
    try:
        if path.suffix == ".yaml":
            yield path, parse_yaml_text(text, str(path)), None
        elif "BEGIN PBEM SIGNED MESSAGE" in text:
            yield path, parse_signed(text, str(path)).body, None
    except PbemError:                  # a deliberately broken file of the suite's data
        return


def test_without_libyaml_the_python_emitter_writes_the_same_bytes(monkeypatch):
    """Where PyYAML lacks libyaml (no CSafeDumper), dump_yaml falls back to the pure-Python emitter
    with identical bytes."""
    for path, data, stored in _corpus_documents(CAMPAIGN):
        if stored is not None:
            with_c = yamlio.dump_yaml(data)
            monkeypatch.setattr(yamlio, "_C_DUMPER", None)
            assert yamlio.dump_yaml(data) == with_c == stored, path
            monkeypatch.undo()


@needs_libyaml
def test_entry_by_entry_writes_the_whole_documents_bytes(monkeypatch):
    """Issue 13: dump_yaml writes a mapping entry by entry (from a process's second document on),
    keeping each entry's text by key, value and indentation; documents that repeat entries at other
    depths, with other types of equal value (1, True), block scalars with blank lines and lists of
    scalars, give the emitters' bytes."""
    monkeypatch.setattr(yamlio, "_DOCUMENTS_WRITTEN", [1])
    rng = random.Random(13)
    units = {f"u{n}": {"side": rng.choice(["a", "b"]), "hex": rng.choice(["0410", "0101", "1819E"]), "form": "front",
                       "chit": rng.choice([None, "1-01"]), "steps": rng.choice([1, True, 2, "2"])} for n in range(30)}
    for step in range(40):
        for unit in rng.sample(sorted(units), 5):
            units[unit]["hex"] = rng.choice(["0410", "0101", "0202", "yes", "a: b", "x\n\ny"])
            units[unit]["steps"] = rng.choice([1, True, False, 0, None, "1", "true"])
        data = {"number": step, "flag": step % 2 == 1, "note": "one\n\n  two\n" if step % 3 else "one",
                "state": {"units": units, "hex": "0410", "steps": 1, "list": ["0410", 1, True, None], "empty": {},
                          "nested": {"units": {"u1": dict(units["u1"])}, "note": "a\n\nb"}},
                "events": [{"event": "move", "unit": "u1", "path": ["0410", "0411"]}], "hex": "0410", "steps": True}
        assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data), step
    assert yamlio.dump_yaml({"a": 1, "b": {"a": True}}) == "a: 1\nb:\n  a: true\n"
