"""The one-pass reading of common YAML (yamlio._simple_load, issue 13) gives what the checked way
gives (libyaml's event pass, then the bounded libyaml loader), and declines everything else, which
the checked way then reads or refuses with its own message."""

from pathlib import Path

import pytest
import yaml

from pbem import yamlio
from pbem.canonical import is_exactly_plain
from pbem.errors import PbemError
from pbem.signing import _normalise_lines, _unquoted_block
from pbem.yamlio import MAX_DEPTH, MAX_SCALAR_CHARS, parse_yaml_text

pytestmark = pytest.mark.skipif(yamlio._C_BOUNDED_LOADER is None, reason="PyYAML without libyaml: no one-pass reading")
ROOT = Path(__file__).resolve().parent.parent


def checked(text: str):
    """The checked way, as parse_yaml_text read every untrusted text before."""
    yamlio._check_events(text)
    return yaml.load(text, Loader=yamlio._C_BOUNDED_LOADER)  # noqa: S506 - a safe loader


COMMON = [
    "a: 1\nb: [x, 'y', \"z\"]\nc: {d: -3, e: +4, f: 0}\n",
    "a: yes\nb: 0419\nc: 1:20\nd: 2516\ne: true\nf: on\ng: -3\nh: 0x1F\ni: ~\nj: 2026-12-02\nk: FALSE\nl: Null\nm:\n",
    "- 1\n- - 2\n  - []\n- {}\n- ''\n- \"\"\n- |\n  two\n  lines\n- >\n  folded\n",
    "k: \"quoted 12\"\nl: '007'\nm: \"tr\\\nue\"\n",
    "just a scalar\n",
    "---\n",
    "---\na: 1\n...\n",
    "x:\n" + "".join("  " * i + "- \n" for i in range(1, 3)),
    "deep: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n",
    "long: " + "a" * MAX_SCALAR_CHARS + "\n",
    "\"a b\": 1\n'': 2\n",
]


@pytest.mark.parametrize("text", COMMON)
def test_common_documents_read_in_one_pass_as_the_checked_way_reads_them(text):
    got = yamlio._simple_load(text)
    assert got is not yamlio._DECLINED
    assert repr(got) == repr(checked(text))          # the same values of the same types, in the same order
    assert is_exactly_plain(got)                     # so parse_yaml_text needs no check_plain walk of it


DECLINED = [
    "a: &x 1\nb: *x\n",                               # anchors and aliases
    "a: 1 # Tom & Jerry\n",                          # an '&' anywhere: the checked way
    "a: !!str 1\n",                                   # tags
    "a: ! 1\n",
    "a: !!set {x}\n",
    "a: 1.5\n",                                       # refused: a decimal number
    "a: 1\na: 2\n",                                   # refused: a key twice
    "<<: {a: 1}\n",                                   # refused: a merge key
    "a: =\n",                                         # the YAML 1.1 value key
    "1: a\n",                                         # a key other than a string
    "? [a]\n: 1\n",                                   # a collection as a key
    "? {a: 1}\n: 1\n",
    "a: 1\n---\nb: 2\n",                              # two documents
    "",                                               # none
    "a: [1\n",                                        # malformed
    "deep: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n",
    "long: " + "a" * (MAX_SCALAR_CHARS + 1) + "\n",
    "n: " + "9" * 5000 + "\n",                        # a number too long for int()
]


@pytest.mark.parametrize("text", DECLINED)
def test_everything_else_is_declined_and_read_or_refused_the_checked_way(text):
    assert yamlio._simple_load(text) is yamlio._DECLINED


def test_refusals_keep_their_messages():
    with pytest.raises(PbemError, match=r"o\.yaml:1: malformed YAML: anchors \(&name\) are not allowed"):
        parse_yaml_text("a: &x 1\nb: *x\n", "o.yaml")
    with pytest.raises(PbemError, match=r"o\.yaml:2: malformed YAML: aliases \(\*name\) are not allowed"):
        parse_yaml_text("a: 1\nb: *x\n", "o.yaml")
    with pytest.raises(PbemError, match=f"malformed YAML: nesting deeper than {MAX_DEPTH} levels"):
        parse_yaml_text("deep: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", "o.yaml")
    with pytest.raises(PbemError, match=r"o\.yaml:2: malformed YAML: duplicate key 'a'"):
        parse_yaml_text("a: 1\na: 2\n", "o.yaml")
    with pytest.raises(PbemError, match="a number too long to read"):
        parse_yaml_text("n: " + "9" * 5000 + "\n", "o.yaml")
    assert parse_yaml_text("a: 1 # Tom & Jerry\n", "o.yaml") == {"a": 1}


def _bodies() -> list[Path]:
    return sorted(ROOT.glob("examples/*/campaign/steps/*/*-*.txt")) + sorted(ROOT.glob("tests/compat/*/campaign/steps/*/*-*.txt"))


def test_every_stored_signed_body_and_save_reads_as_the_checked_way_reads_it():
    """Every signed input and save of the bundled and frozen campaigns: read in one pass, to the
    same data as the checked way (these are what `pbem verify` reads)."""
    bodies = _bodies()
    assert len(bodies) > 400
    texts = []
    for path in bodies:
        lines = _normalise_lines(path.read_text(encoding="utf-8"))
        body, _ = _unquoted_block(lines, 0, str(path))
        texts.append("\n".join(body))
    texts += [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("examples/*/campaign/steps/*/save.yaml"))[::7]]
    for text in texts:
        got = yamlio._simple_load(text)
        assert got is not yamlio._DECLINED
        assert repr(got) == repr(checked(text))
        assert is_exactly_plain(got)
