"""Hostile YAML: as an orders file to `pbem check` (plain and armoured) and `pbem adjudicate`,
as a data override to `pbem new`, and in place of the campaign header (`pbem verify`) and of the
latest save (`pbem adjudicate`). Each is refused with one line naming the file; nothing is
written, nothing is executed, and no parser is left guessing (duplicate keys are refused).

PyYAML itself silently keeps the LAST of two equal keys and merges `<<:` keys; that was an
ambiguity attack on signed data (the text a player reads and the data pbem signs could differ),
so pbem.yamlio now refuses both.
"""

import pytest

from . import util

STEP = util.demo_steps()[0]
MiB = 1024 * 1024


def _laughs() -> str:
    lines = ['lol0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"lol{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def _deep_block(levels: int) -> str:
    return "".join(f"{'  ' * i}k{i}:\n" for i in range(levels)) + f"{'  ' * levels}leaf\n"


# name -> (how to make it from the base text, phrase). A str result is appended to the base
# mapping as more top-level keys; bytes replace the whole file; an int makes a sparse file of
# that many bytes (over the limit) without writing them.
HOSTILE = {
    "billion-laughs": (lambda base: _laughs(), "anchors (&name) are not allowed"),
    "alias": (lambda base: "again: *a0\n", "aliases (*name) are not allowed"),
    "deep-flow-nesting": (lambda base: "deep: " + "[" * 100_000 + "]" * 100_000 + "\n", "nesting deeper than 40"),
    "deep-block-nesting": (lambda base: _deep_block(60), "nesting deeper than 40"),
    "huge-scalar": (lambda base: 'comment: "' + "x" * 70_000 + '"\n', "a value longer than 65536 characters"),
    "huge-number": (lambda base: "n: " + "7" * 5000 + "\n", "a number too long to read"),
    "over-the-size-limit": (lambda base: 4 * MiB + 1, "over the 4194304-byte limit"),
    "python-object-apply": (lambda base: 'x: !!python/object/apply:os.system ["touch pwned"]\n',
                            "could not determine a constructor"),
    "python-object-new": (lambda base: "x: !!python/object/new:subprocess.Popen [[touch, pwned]]\n",
                          "could not determine a constructor"),
    "python-name": (lambda base: "x: !!python/name:os.system\n", "could not determine a constructor"),
    "unknown-tag": (lambda base: "x: !evil payload\n", "could not determine a constructor"),
    "binary-tag": (lambda base: "x: !!binary aGVsbG8=\n", "only plain data"),
    "set-tag": (lambda base: "x: !!set {a, b}\n", "only plain data"),
    "timestamp-tag": (lambda base: "x: !!timestamp 2001-12-14\n", "only plain data"),
    "omap-tag": (lambda base: "x: !!omap [a: 1, b: 2]\n", "only plain data"),
    "float": (lambda base: "x: 1.5\n", "decimal number '1.5' is not allowed"),
    "float-infinity": (lambda base: "x: .inf\n", "decimal number '.inf' is not allowed"),
    "float-tag": (lambda base: "x: !!float '3'\n", "decimal number '3' is not allowed"),
    "duplicate-key": (lambda base: "pbem: shadow\n", "duplicate key 'pbem'"),
    "duplicate-quoted-key": (lambda base: '"pbem": shadow\n', "duplicate key 'pbem'"),
    "duplicate-nested-key": (lambda base: "x: {a: 1, a: 2}\n", "duplicate key 'a'"),
    "merge-key": (lambda base: "x: {<<: {a: 1}, a: 2}\n", "merge keys (<<) are not allowed"),
    "integer-key": (lambda base: "1: one\n", "only plain data"),
    "boolean-key": (lambda base: "true: one\n", "only plain data"),
    "null-key": (lambda base: "~: one\n", "only plain data"),
    "not-utf8-latin1": (lambda base: base.encode() + b"x: caf\xe9\n", "not UTF-8"),
    "not-utf8-utf16": (lambda base: base.encode("utf-16"), "not UTF-8"),
    "nul-byte": (lambda base: "x: a\x00b\n", "special characters are not allowed"),
    "two-documents": (lambda base: "---\nx: 1\n", "but found another document"),
    "tab-indentation": (lambda base: "x:\n\ty: 1\n", "malformed YAML"),
    "empty-file": (lambda base: b"", "NOT-A-MAPPING"),
    "list-at-top-level": (lambda base: b"- pbem: orders\n- save: 0\n", "NOT-A-MAPPING"),
    "scalar-at-top-level": (lambda base: b"just a string\n", "NOT-A-MAPPING"),
}

NOT_A_MAPPING = {
    "check": "expected a YAML mapping",
    "check-armoured": "signed body must be a YAML mapping",
    "adjudicate": "signed body must be a YAML mapping",
    "new-data-override": "expected a YAML mapping at top level",
    "header": "expected a YAML mapping at top level",
    "latest-save": "expected a YAML mapping at top level",
}


def make(path, name, base: str, armoured: bool = False, limit: int = 4 * MiB):
    made = HOSTILE[name][0](base)
    if isinstance(made, int):
        with open(path, "wb") as stream:
            stream.truncate(max(made, limit + 1))        # sparse: nothing is written
        return path
    data = made if isinstance(made, bytes) else (base.rstrip("\n") + "\n" + made).encode("utf-8")
    if armoured and not isinstance(made, bytes):
        data = util.armour(data.decode("utf-8")).encode("utf-8")
    elif armoured:
        try:
            data = util.armour(made.decode("utf-8")).encode("utf-8")
        except UnicodeDecodeError:
            data = util.armour(base).encode("utf-8") + made     # the bad bytes after the armour
    path.write_bytes(data)
    return path


# pbem.yamlio's limits, checked before a byte is parsed: a signed message or the header 256 KiB,
# a save 2 MiB, a data override (a whole printed map) 4 MiB
SIZE_LIMITS = {"check": 262144, "check-armoured": 262144, "adjudicate": 262144, "header": 262144,
               "latest-save": 2097152, "new-data-override": 4194304}


def phrase(name: str, where: str) -> str:
    text = HOSTILE[name][1]
    if name == "over-the-size-limit":
        return f"over the {SIZE_LIMITS[where]}-byte limit"
    return NOT_A_MAPPING[where] if text == "NOT-A-MAPPING" else text


ENTRY_POINTS = list(NOT_A_MAPPING)
# the campaign's own files get a representative subset (they are not input from an opponent)
OWN_FILES_SUBSET = ["billion-laughs", "deep-flow-nesting", "huge-scalar", "over-the-size-limit", "python-object-apply",
                    "set-tag", "float", "duplicate-key", "merge-key", "not-utf8-latin1", "empty-file", "list-at-top-level"]
CASES = [(name, where) for where in ENTRY_POINTS for name in sorted(HOSTILE)
         if where not in ("header", "latest-save") or name in OWN_FILES_SUBSET]


def _orders_base() -> str:
    from pbem.yamlio import dump_yaml
    return dump_yaml(util.body_of(util.demo_build() / STEP["orders"][0]))


@pytest.mark.parametrize("name,where", CASES, ids=[f"{n}-{w}" for n, w in CASES])
def test_hostile_yaml(demo, linked_at, tmp_path, monkeypatch, name, where):
    monkeypatch.chdir(tmp_path)            # nothing may appear in the working folder either
    expected = phrase(name, where)
    if where in ("check", "check-armoured", "adjudicate"):
        folder = linked_at(STEP["n"] - 1)
        hostile = make(tmp_path / "orders.txt", name, _orders_base(), armoured=(where != "check"))
        before = util.snapshot(tmp_path)
        command = "check" if where.startswith("check") else "adjudicate"
        extra = ["--key", util.DEMO_SRC / "keys" / util.other(STEP["side"])] if command == "adjudicate" else []
        util.assert_refused(util.pbem(command, folder, hostile, *extra), expected, str(hostile))
    elif where == "new-data-override":
        hostile = make(tmp_path / "override.yaml", name, util.DEMO_OVERRIDE.read_text())
        before = util.snapshot(tmp_path)
        result = util.pbem("new", "smithereens", "historical", "--dir", tmp_path / "new-campaign",
                           "--player", f"german={util.DEMO_SRC / 'keys' / 'german.pub'}",
                           "--player", f"alliance={util.DEMO_SRC / 'keys' / 'alliance.pub'}",
                           "--commitment", demo / "commitments" / "german.txt",
                           "--commitment", demo / "commitments" / "alliance.txt", "--data", hostile)
        util.assert_refused(result, expected, str(hostile))
        assert not (tmp_path / "new-campaign").exists()
    elif where == "header":
        folder = linked_at(0, own=("campaign.yaml",))
        make(folder / "campaign.yaml", name, (folder / "campaign.yaml").read_text())
        before = util.snapshot(tmp_path)
        util.assert_refused(util.pbem("verify", folder), expected, "campaign.yaml", prefix="pbem: verify FAILED:")
    else:   # the latest save, replaced: adjudicating on top of it is refused
        folder = linked_at(STEP["n"], own=(f"steps/{STEP['n']:04d}/save.yaml",))
        latest = folder / "steps" / f"{STEP['n']:04d}" / "save.yaml"
        make(latest, name, latest.read_text(), limit=2 * MiB)
        nxt = util.demo_steps()[1]
        before = util.snapshot(tmp_path)
        util.assert_refused(util.pbem("adjudicate", folder, demo / nxt["orders"][0], *[demo / r for r in nxt["reveals"]]),
                            expected, f"steps/{STEP['n']:04d}/save.yaml")
    assert util.snapshot(tmp_path) == before
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("layout", ["plain", "armoured", "quoted-with-text-above"])
def test_yaml_errors_name_the_line_of_the_file(linked_at, tmp_path, layout):
    """The line in `FILE:LINE:` is the file's line (it was the body's line for signed files)."""
    folder = linked_at(STEP["n"] - 1)
    text = _orders_base().rstrip("\n") + "\npbem: shadow\n"
    if layout != "plain":
        text = util.armour(text)
    if layout == "quoted-with-text-above":
        text = "From: someone\n\nSee below.\n\n" + "\n".join("> " + line for line in text.split("\n"))
    hostile = util.write(tmp_path / "orders.txt", text)
    line = next(i + 1 for i, row in enumerate(text.split("\n")) if row.endswith("pbem: shadow"))
    util.assert_refused(util.pbem("check", folder, hostile), "duplicate key 'pbem'", f"{hostile}:{line}:")
