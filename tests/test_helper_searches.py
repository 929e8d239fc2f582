"""The test helpers' one-pass searches give what their one-search-per-item forms give:
tests/rulecoverage.py's Citations (many rule numbers on a game's tests) what `cites` gives, and
tests/leaks.py's _Searched (many needles in one received file) what `_occurs` gives, item by item,
on seeded random texts and on the items written as the audits write them."""

import random

from tests.leaks import _occurs, _Searched
from tests.rulecoverage import Citations, cites

NUMBERS = ["1", "0", "2.1", "2.12", "12", "1.2", "1.2.3", "10.10", "3.3", "15.23", "15.23.3", "23.3", "14.12 A", "25.3 B"]


def test_citations_agree_with_cites_on_random_texts():
    rng = random.Random(2026)
    for _ in range(3000):
        text = "".join(rng.choice("0123456789..ab A\n-") for _ in range(rng.randint(0, 30)))
        found = Citations(text)
        assert [found(n) for n in NUMBERS] == [cites(n, text) for n in NUMBERS], repr(text)


def test_citations_of_a_text_as_the_tests_cite_rules():
    text = "9.85, 9.92 (15.23.3) and 2.12; see 14.12 A. Rule 7.1.\n# 3.3a 4.4.x"
    found = Citations(text)
    cited = [n for n in ["9.85", "9.92", "15.23", "15.23.3", "23.3", "2.1", "2.12", "14.12 A", "7.1", "3.3", "4.4"] if found(n)]
    assert cited == ["9.85", "9.92", "15.23.3", "2.12", "14.12 A", "7.1", "3.3", "4.4"]
    assert cited == [n for n in ["9.85", "9.92", "15.23", "15.23.3", "23.3", "2.1", "2.12", "14.12 A", "7.1", "3.3", "4.4"] if cites(n, text)]


NEEDLES = ["sov-2", "sov-2gta", "gta", "2", "a", "x_y", "-", "T6/1", "3001/1", "ab c", "\u00e9", ""]


def test_searched_agrees_with_occurs_on_random_files():
    rng = random.Random(2027)
    for _ in range(3000):
        data = "".join(rng.choice("sov-2gtaT6/13001 x_y\n:\u00e9") for _ in range(rng.randint(0, 25))).encode()
        found = _Searched(data)
        assert [found(n) for n in NEEDLES] == [_occurs(n, data) for n in NEEDLES], data


def test_searched_finds_whole_tokens_only():
    data = b"units: {sov-2gta: {hex: 2019E}}, item 3001/1, x_y-z"
    found = _Searched(data)
    hits = [n for n in ["sov-2", "sov-2gta", "2019E", "3001/1", "3001", "x_y", "x_y-z"] if found(n)]
    assert hits == ["sov-2gta", "2019E", "3001/1", "3001", "x_y-z"]
    assert hits == [n for n in ["sov-2", "sov-2gta", "2019E", "3001/1", "3001", "x_y", "x_y-z"] if _occurs(n, data)]
