"""tests/rulecoverage.py's Citations (the audit's fast reading of many rule numbers on a game's tests)
gives what `cites` gives, number by number, on seeded random texts of digits, dots and other
characters and on the numbers written as the rulebooks write them."""

import random

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
