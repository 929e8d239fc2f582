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
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

from pbem import yamlio  # noqa: E402
from pbem.signing import parse_signed  # noqa: E402

CAMPAIGN = Path(__file__).resolve().parent.parent / "examples" / "operation-grenade-demo" / "campaign"
needs_libyaml = pytest.mark.skipif(yamlio._C_DUMPER is None, reason="PyYAML without libyaml: only the Python emitter")


def _both(data) -> tuple[str, str]:
    """The libyaml emitter's text (forced, whatever c_dumpable says) and the Python emitter's."""
    return yaml.dump(data, Dumper=yamlio._C_DUMPER, **yamlio._DUMP_OPTIONS), yamlio.dump_yaml_python(data)


def dumped_and_reference(data, monkeypatch) -> tuple[str, str]:
    """(dump_yaml(data), the pure-Python emitter's text of data: dump_yaml_python(data)). Where
    dump_yaml itself falls back to dump_yaml_python on this very object, that call's text is the
    reference (the same deterministic call on the same unchanged data), not worked out a second time."""
    real = yamlio.dump_yaml_python
    calls: list[tuple[object, str]] = []

    def recording(value):
        text = real(value)
        calls.append((value, text))
        return text
    with monkeypatch.context() as patch:
        patch.setattr(yamlio, "dump_yaml_python", recording)
        written = yamlio.dump_yaml(data)
    reference = next((text for value, text in calls if value is data), None)
    return written, real(data) if reference is None else reference


def empty_entry_caches(monkeypatch) -> None:
    """Every dump_yaml of a mapping takes the entry-by-entry way, from empty caches."""
    monkeypatch.setattr(yamlio, "_DOCUMENTS_WRITTEN", [1])
    for name in ("_KEY_TEXT", "_ENTRY_TEXT"):
        monkeypatch.setattr(yamlio, name, {})
    monkeypatch.setattr(yamlio, "_SCALAR_TEXT", {kind: {} for kind in yamlio._SCALAR_TEXT})


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
def test_generated_documents_dump_alike_wherever_the_fast_path_is_taken(hostile, monkeypatch):
    rng = random.Random(1945 + hostile)
    taken = 0
    for _ in range(400):
        data = {_text(rng, hostile): _value(rng, hostile) for _ in range(rng.randint(1, 5))}
        shared = [1, "0410"]
        data["shared"] = {"a": shared, "b": shared}          # one object twice: never an alias
        written, reference = dumped_and_reference(data, monkeypatch)
        assert written == reference, repr(data)[:300]
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


# Smithereens' rules data names its one map by an empty key (hex_grid.maps), which c_dumpable
# leaves to the Python emitter: the one document of the corpus off the fast path
OFF_THE_FAST_PATH = Path("data/rules/game.yaml")
SIGNED = "BEGIN PBEM SIGNED MESSAGE"


@dataclass(frozen=True)
class Emitted:
    """What the emitters make of one stored file (a YAML file, or the body of a signed message)."""
    fast_path: bool             # c_dumpable: in the domain where libyaml writes the Python emitter's bytes
    fast: str | None            # libyaml's text (yaml.dump with _C_DUMPER), when on the fast path
    python: str                 # dump_yaml's where PyYAML lacks libyaml: its fallback, the pure-Python emitter
    armoured: str | None        # a signed message armoured again from what parse_signed read


_EMITTED: dict[tuple[str, str], Emitted] = {}


def emitted(path: Path, stored: str, data=None) -> Emitted:
    """Emitted of the file `path` whose bytes are `stored` (a YAML file's `data` parsed from them,
    when the caller has it). Worked out once per process for each distinct stored text: the frozen
    corpus repeats many files byte for byte, and all of it is a pure function of those bytes (the
    key), as parsing is."""
    key = (path.suffix, stored)
    if key not in _EMITTED:
        message = parse_signed(stored, str(path)) if path.suffix == ".txt" else None
        if message is not None:
            data = message.body
        elif data is None:
            data = parse_yaml_text(stored, str(path))
        fast_path = yamlio.c_dumpable(data)
        fast = yaml.dump(data, Dumper=yamlio._C_DUMPER, **yamlio._DUMP_OPTIONS) if fast_path and yamlio._C_DUMPER else None
        saved = yamlio._C_DUMPER
        yamlio._C_DUMPER = None
        try:
            python = yamlio.dump_yaml(data)
        finally:
            yamlio._C_DUMPER = saved
        _EMITTED[key] = Emitted(fast_path, fast, python, message.armoured() if message is not None else None)
    return _EMITTED[key]


def _corpus_files(folder: Path):
    """(path, stored text, written) of every YAML file and signed message under `folder`, each read
    once; `written` where pbem writes the file with dump_yaml (saves and headers; the data override
    is stored as the group wrote it, data/ as pbem's rules/ and scenarios/ are)."""
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".yaml", ".txt"):
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".yaml":
            written = path.name in ("save.yaml", "campaign.yaml") and "data" not in path.relative_to(folder).parts[:1]
            yield path, text, written
        elif SIGNED in text:
            yield path, text, False


@needs_libyaml
@pytest.mark.parametrize("folder", CAMPAIGNS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_document_of_the_corpus_dumps_alike_with_both_emitters(folder, monkeypatch):
    """Issue 13, on every campaign of the bundled examples and of the frozen compatibility corpus
    (each file read once; what the emitters make of each distinct file's bytes worked out once, see
    `emitted`):
    - every YAML file (saves, headers, the data override, data/) and the body of every signed
      message is in c_dumpable's domain (but OFF_THE_FAST_PATH of Smithereens), and libyaml's
      emitter writes the bytes of PyYAML's pure-Python one wherever it is;
    - every signed message armours back to its stored bytes;
    - every save and header: dump_yaml gives back its stored bytes entry by entry, from caches
      emptied at the campaign's header and again at its first save, filled by its own saves; so
      does dump_yaml without libyaml (its fallback, the Python emitter).
    One walk for what three tests checked: the bundled campaign's (Operation Grenade's, now every
    campaign's), the corpus's, and test_yamlio_blocks.py's of every stored save from empty caches."""
    empty_entry_caches(monkeypatch)
    saves = documents = 0
    for path, stored, written in _corpus_files(folder):
        data = parse_yaml_text(stored, str(path)) if written else None
        made = emitted(path, stored, data)
        if path.suffix == ".txt":
            assert made.armoured == stored, path
        rel = path.relative_to(folder)
        assert made.fast_path or ("smithereens" in folder.parent.name and rel == OFF_THE_FAST_PATH), \
            f"{path} would take the slow path"
        if made.fast_path:
            assert made.fast == made.python, path
        if written:
            if path.name == "save.yaml" and not saves:
                empty_entry_caches(monkeypatch)             # the first save too from empty caches
            assert yamlio.dump_yaml(data) == stored, path
            assert made.python == stored, path
            saves += path.name == "save.yaml"
        documents += 1
    assert saves >= 5 and documents >= 20, folder


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


def test_without_libyaml_the_python_emitter_writes_the_same_bytes():
    """Where PyYAML lacks libyaml (no CSafeDumper), dump_yaml falls back to the pure-Python emitter
    with identical bytes: the bundled Operation Grenade campaign's saves and header (`emitted`,
    shared with the corpus test, which checks it on every campaign)."""
    count = 0
    for path, stored, written in _corpus_files(CAMPAIGN):
        if written:
            assert emitted(path, stored).python == yamlio.dump_yaml(parse_yaml_text(stored, str(path))) == stored, path
            count += 1
    assert count >= 5


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
