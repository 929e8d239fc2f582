"""Issue 13: dump_yaml puts a document together from its keys' and values' texts (yamlio, "entry by
entry"): lists of mappings, lists of lists, plain words, words that must be quoted and values of
several lines give the bytes of the Python emitter (and of libyaml's for the whole document). That
every save of the bundled and frozen corpus gives its stored bytes entry by entry from empty caches is
checked in the one walk of the corpus, tests/test_yamlio.py
(test_every_document_of_the_corpus_dumps_alike_with_both_emitters)."""

import random

import pytest

from pbem import yamlio
from pbem.yamlio import parse_yaml_text

from tests.test_yamlio import _text, _value, dumped_and_reference, empty_entry_caches, needs_libyaml


@pytest.fixture
def entry_by_entry(monkeypatch):
    """Every dump_yaml of a mapping takes the entry-by-entry way, from empty caches."""
    empty_entry_caches(monkeypatch)


def _listy(rng: random.Random, hostile: bool, depth: int = 0):
    """Values rich in lists: of mappings, of lists, of scalars, empty ones."""
    roll = rng.random()
    if depth > 4 or roll < 0.3:
        return _value(rng, hostile, depth + 3)
    if roll < 0.55:
        return [{_text(rng, hostile): _listy(rng, hostile, depth + 1) for _ in range(rng.randint(0, 3))}
                for _ in range(rng.randint(0, 3))]
    if roll < 0.75:
        return [_listy(rng, hostile, depth + 1) for _ in range(rng.randint(0, 4))]
    return {_text(rng, hostile): _listy(rng, hostile, depth + 1) for _ in range(rng.randint(0, 4))}


@needs_libyaml
@pytest.mark.parametrize("hostile", [False, True])
def test_generated_documents_entry_by_entry_give_the_emitters_bytes(entry_by_entry, hostile, monkeypatch):
    rng = random.Random(1313 + hostile)
    for _ in range(600):
        data = {_text(rng, hostile): _listy(rng, hostile) for _ in range(rng.randint(1, 5))}
        written, reference = dumped_and_reference(data, monkeypatch)
        assert written == reference, repr(data)[:300]


@needs_libyaml
def test_words_quoted_or_plain_as_the_emitters_write_them(entry_by_entry):
    words = ["Bench step 4", "a b", "a  b", "a: b", "a:b", "a #b", "a#b", "2001-12-14 21:59:43.10 -5", "2026-12-05T02:28Z",
             "1_000", "0x1F", "1:20", "yes", "Yes no", "ed25519:h7tDo0XcPyLk+HQ=", "r4a", "=", "a=", "+1", "-1", "1e3",
             "0" * 64, "0123abc" + "f" * 57, "e" + "1" * 63, "x" * 4000, "x " * 2000, "a - b", "a -b", "- b", "a -", "null",
             "Null value", "true", "True love", "~", "a ~", "a, b", "a [b]", "a {b}", "a ? b", "a !b", "a *b", "a &b"]
    data = {"one": words, "each": [{"word": w, "again": [w, {"w": w}]} for w in words], "keys": {w: w for w in words[:30]}}
    assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data)
    assert parse_yaml_text(yamlio.dump_yaml(data), "x") == data


@needs_libyaml
def test_values_of_several_lines_inside_lists(entry_by_entry):
    data = {"events": [{"note": "one\n\n  two\n", "then": ["a\nb", {"c": "d\n\ne"}], "x": 1}, ["x\ny", "z"], "p\nq"],
            "deep": {"list": [[["a\nb"]], [{"k": ["v\n\nw"]}]]}, "tail": "last"}
    assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data)


@needs_libyaml
def test_numbers_and_constants_as_the_emitters_write_them(entry_by_entry):
    values = [0, 1, -1, 7, 10**30, -10**30, 2**63, True, False, None, "1", "-1", "true", "null", [], {}]
    data = {"values": values, "each": {f"k{i}": v for i, v in enumerate(values)}, "pairs": [{"v": v, "w": [v]} for v in values]}
    assert yamlio.dump_yaml(data) == yamlio.dump_yaml_python(data)
    assert parse_yaml_text(yamlio.dump_yaml(data), "x") == data
