"""What a whole `pbem` process loads and compiles at start (issue 13): the speedups keep every
result. No timing here (speed is measured in benchmarks/run.py, never in tests)."""

import math
import os
import re
import subprocess
import sys
from pathlib import Path

from pbem import armour, yamlio

ROOT = Path(__file__).resolve().parent.parent

# the character classes as first written (ranges of what stands as it is), which compiled in
# 2-8 ms each at every start; the modules now write them as their complements
ORIGINAL = {
    "armour._RAW": (armour._RAW, r"[\x20-\x21\x23-\x5b\x5d-\x7e\u00a1-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"),
    "armour._UNBROKEN": (armour._UNBROKEN, r"[\x21\x23-\x5b\x5d-\x7e\u00a1-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]*"),
    "yamlio._C_TEXT": (yamlio._C_TEXT, "[\n\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*"),
}


def test_the_complemented_character_classes_take_exactly_the_characters_of_the_original_ones():
    points = list(range(0x10000)) + list(range(0x10000, 0x110000, 97)) + [0x10FFFF, 0x1F600, 0xE0001]
    for name, (now, first) in ORIGINAL.items():
        original = re.compile(first)
        differ = [hex(c) for c in points if bool(now.fullmatch(chr(c))) != bool(original.fullmatch(chr(c)))]
        assert differ == [], name
    assert armour._UNBROKEN.fullmatch("abc=" + "é" * 3) and not armour._UNBROKEN.fullmatch("a b")


_LOADED = """
import sys
from pbem import cli
sys.argv = ["pbem", *sys.argv[1:]]
try:
    cli.main()
except SystemExit:
    pass
print(" ".join(sorted(m for m in ("typer", "pydantic", "email.policy", "cryptography.hazmat.primitives.serialization")
                      if m in sys.modules)), file=sys.stderr)
"""


def _loaded(argv: list[str], tmp_path: Path) -> tuple[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", _LOADED, *argv], capture_output=True, text=True, env=env, cwd=tmp_path)
    return result.stdout, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""


def test_status_and_report_load_neither_typer_nor_the_email_package_nor_the_key_formats(demo_campaign, tmp_path):
    """`pbem status` / `report` read no key and no mail, and their plain form needs no typer."""
    for command in ("status", "report"):
        stdout, loaded = _loaded([command, str(demo_campaign)], tmp_path)
        assert stdout.startswith("smithereens-demo" if command == "status" else "") and stdout, command
        assert loaded == "", command


def test_help_pages_load_no_typer_and_a_commands_help_still_goes_through_typer(tmp_path):
    """`pbem --help` is written by pbem.helppage (typer's page, tests/test_cli_help.py); a command's own
    --help is typer's."""
    stdout, loaded = _loaded(["--help"], tmp_path)
    assert "Adjudicate play-by-email wargame campaigns" in stdout and loaded == ""
    stdout, loaded = _loaded(["status", "--help"], tmp_path)
    assert "Whose move it is" in stdout and "typer" in loaded.split()


def _words_of(node, found: set) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            found.add(key)
            _words_of(value, found)
    elif isinstance(node, list):
        for value in node:
            _words_of(value, found)
    elif isinstance(node, str):
        found.update(node.split())
        found.add(node)


TRICKY_WORDS = [
    "true", "True", "TRUE", "false", "yes", "no", "on", "off", "y", "n", "null", "Null", "NULL", "~", "=", "<<",
    "0", "00", "0419", "-1", "+1", "12", "1_000", "0x1F", "0o17", "1e5", "1.5", "1.", ".5", "1:20", "1:20.5", "-.inf", ".nan",
    "2024-01-01", "2024-01-01T10:00:00Z", "a:b", "a:", "a::b", "k:v:w", "_x", "x-y", "x.y", "a/b", "a+b", "a=b", "=a",
    "ed25519:AAAA+/=", "1819E", "2516W", "r1a", "crt/1819E", "Infinity", "NaN", "0b101", "-0", "+0",
]


def test_the_plain_word_check_without_a_parse_says_what_the_parse_says():
    """armour._plain_ok decides most words from the implicit resolvers alone (issue 13: it parsed
    one small YAML document per new word); on every word of the bundled campaigns' saves and
    messages and on words YAML 1.1 reads as other types it agrees with reading `k: WORD` back."""
    from pbem.errors import PbemError
    from pbem.signing import parse_signed

    words: set = set(TRICKY_WORDS)
    for folder in sorted(ROOT.glob("examples/*/campaign")) + sorted(ROOT.glob("tests/compat/*/campaign")):
        for path in sorted(folder.rglob("save.yaml"))[:40]:
            _words_of(yamlio.parse_yaml_text(path.read_text(encoding="utf-8"), str(path)), words)
        for path in sorted(folder.rglob("*-*.txt"))[:40]:          # orders, reveals, commitments
            try:
                _words_of(parse_signed(path.read_text(encoding="utf-8"), str(path)).body, words)
            except PbemError:
                continue
    checked = 0
    for word in sorted(w for w in words if isinstance(w, str) and w):
        try:
            by_parse = yamlio.parse_yaml_text(f"k: {word}\n", "a word") == {"k": word}
        except PbemError:
            by_parse = False
        armour._plain_ok.cache_clear()
        assert armour._plain_ok(word) == (bool(armour._PLAIN_WORD.fullmatch(word)) and by_parse), word
        checked += 1
    assert checked > 500
    assert armour._plain_ok("0419") and armour._plain_ok("1819E") and armour._plain_ok("1:20")
    assert not armour._plain_ok("true") and not armour._plain_ok("12") and not armour._plain_ok("1.5")


def test_svg_clean_takes_its_fast_path_exactly_for_text_it_leaves_unchanged(monkeypatch):
    """pbem.svg._clean returns text with nothing to escape as it is (issue 13); for every character
    of the Basic Multilingual Plane that is exactly when the escaping loop changes nothing."""
    import re as re_module

    from pbem import svg
    points = [chr(c) for c in range(0x10000)] + ["\U0001F600", "a&b", "plain text 1819E", "x\ty\nz"]
    fast = [svg._clean(text) for text in points]
    monkeypatch.setattr(svg, "_CLEAN_ALREADY", re_module.compile("(?!)"))        # never matches: the loop always
    slow = [svg._clean(text) for text in points]
    assert fast == slow
    assert svg._clean("a<b") == "a&lt;b" and svg._clean("\x00") == "\ufffd"


def test_hex_corners_are_the_floats_of_the_formula():
    from pbem import svg
    from pbem.hexgrid import GridSpec
    for offset in ("odd-columns-down", "even-rows-right"):
        spec = GridSpec("xxyy", offset)
        start = 0 if spec.flat_top else 30
        for x, y, radius in ((0.0, 0.0, 20.0), (123.456, 78.9, 17.5)):
            expected = [(x + radius * math.cos(math.radians(start + 60 * i)), y + radius * math.sin(math.radians(start + 60 * i)))
                        for i in range(6)]
            assert svg.hex_corners(spec, x, y, radius) == expected


def test_the_signature_block_read_without_a_parse_is_the_parse():
    """signing._trailer_data reads the layout-2 signature block pbem writes without YAML (issue 13):
    for every signed file of the bundled and frozen campaigns it gives what the parse gives, and a
    block it does not recognise (a count with a leading zero, a word YAML reads otherwise) is parsed."""
    from pbem import signing
    blocks = 0
    for folder in sorted(ROOT.glob("examples/*/campaign")) + sorted(ROOT.glob("tests/compat/*/campaign")):
        for path in sorted(folder.rglob("*-*.txt")):
            lines = signing._normalise_lines(path.read_text(encoding="utf-8"))
            if signing.BEGIN not in lines:
                continue
            _, trailer = signing._unquoted_block(lines, lines.index(signing.BEGIN), str(path))
            parsed = yamlio.parse_yaml_text("\n".join(trailer), str(path))
            assert signing._trailer_data(trailer, str(path), 1) == parsed, path
            blocks += len(trailer) == 5
    assert blocks > 50
    odd = [["signer: ed25519:x", "signature:", "  - true", "  - abc", "lines: 3"],
           ["signer: ed25519:x", "signature:", "  - abc", "  - abc", "lines: 007"],
           ["signer: ed25519:x", "signature:", "  - 12", "  - abc", "lines: 3"]]
    for trailer in odd:
        assert signing._trailer_data(trailer, "t", 1) == yamlio.parse_yaml_text("\n".join(trailer), "t")
    assert signing._trailer_data(odd[1], "t", 1)["lines"] == "007"
