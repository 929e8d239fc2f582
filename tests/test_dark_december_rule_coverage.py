"""Dark December: the rule-coverage audit (tests/rulecoverage.py), on
/work/shared/rulebooks/dark-december.txt. Every numbered rule (a line opening with N.N or N.N.N) is cited
in a comment, docstring or string of a test under tests/test_dark_december*.py, or named in the game's
not-enforced list (not_enforced.py NOT_ENFORCED, written into every campaign header), or is a bare
heading, or is in DEFINITIONAL below with why it needs no adjudication. Every worked example
("Example:") is quoted, five words in a row, in the docstring of a test that cites its rule."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.dark_december.not_enforced import NOT_ENFORCED
from tests.rulecoverage import RULEBOOKS, Audit

RULEBOOK = RULEBOOKS / "dark-december.txt"
# the rule's text starts on the line after its number; worked examples open "Example:" or "Examples:"
AUDIT = Audit(RULEBOOK, re.compile(r"^(\d+\.\d+(?:\.\d+)?)\s"), re.compile(r"^Examples?:(.*)"), ("test_dark_december*.py",),
              Path(__file__).name)

# Rules with nothing to adjudicate: component descriptions, chapter introductions, strategy and notes.
DEFINITIONAL = {
    "4.0": "introduces the components",
    "4.1.1": "describes the map and its hexes (the map is data: map.yaml and the campaign's override)",
    "4.2.1": "describes the counters (units.yaml and the campaign's override)",
    "4.3": "lists the charts and tables; their values are data (crt.yaml, terrain.yaml, supply.yaml, weather.yaml)",
    "4.4": "says the rules govern play and rest on the Sequence of Play (7.0, the game's sequence table)",
    "4.5": "describes the study folder's historical notes",
    "4.6": "the list of components in the box",
    "4.8": "an abbreviation table",
    "5.0": "counter colours by nationality and the markers' colours; the nationality is each counter's data",
    "5.3": "unit size symbols printed on the counters (no rule reads a unit's size)",
    "5.4": "lists the marker counters; pbem keeps their facts in the save (forts, blown, supply, reserves, ...)",
    "5.5": "introduces the four special markings 5.5.1-5.5.4",
    "5.6": "introduces the information right of the unit type box (5.6.1-5.6.3)",
    "10.1": "introduces movement: A points to terrain (10.2), enemy units (12.0) and supply (8.4); B to 10.4 and 10.5",
    "28.1": "strategy advice for Germany",
    "28.2": "strategy advice for the Allies",
    "29.0": "the designer's notes: history, no rule",
    "31.0": "the reviser's notes and acknowledgements",
}


def test_the_rulebook_has_its_numbered_rules():
    found = AUDIT.rules
    assert len(found) == 223
    assert list(found)[:3] == ["1.0", "3.0", "4.0"] and list(found)[-1] == "31.0"


def test_every_numbered_rule_is_tested_listed_or_definitional():
    """Issue 14: "every numbered rule is enforced with a test citing its number, or listed in the
    campaign's not-enforced list with why"."""
    assert AUDIT.uncovered(NOT_ENFORCED, DEFINITIONAL) == []


def test_the_definitional_list_names_rules_of_the_text_with_a_reason():
    assert AUDIT.bad_definitions(DEFINITIONAL) == []


def test_every_worked_example_is_a_test_quoting_it():
    """Issue 14: "every worked example in the rulebook is a test" (DEVELOPERS.md: with the example's
    text in the docstring): a test citing the rule quotes five words in a row of it."""
    assert AUDIT.unquoted_examples() == []


def test_the_examples_are_found():
    assert [n for n, _ in AUDIT.examples] == [
        "5.6.1", "10.4.4", "12.3", "13.3.1", "13.9.1", "21.0", "23.0", "26.2", "26.5", "26.20", "26.20"]


def test_the_committed_index_is_what_the_rulebook_gives():
    """The audit reads tests/data/rulebook-index/ where the rulebook is absent (CI): with the rulebook
    present the index must equal what it gives (regenerate: python3 -m tests.rulecoverage --write-index)."""
    assert AUDIT.index_drift() == []
