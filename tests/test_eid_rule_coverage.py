"""End of the Iron Dream: issue 14's "Done means", checked against the rulebook text.

Every numbered rule of /work/shared/rulebooks/end-of-the-iron-dream.txt (a line opening with
N.N or N.N.N) must be cited in a comment, docstring or string of a test under
tests/test_eid*.py, or named in the game's not-enforced list (game.py NOT_ENFORCED, written into
every campaign header), or be a bare heading (no text of its own before its first sub-rule), or
be in DEFINITIONAL below with a one-line reason why it needs no adjudication. Every worked
example ("Example:", "Examples:", 14.21 Invasion Example) must be quoted, at least five words in a
row, in the docstring of a test that cites its rule number.

A citation of 15.23.3 does not cite 15.23 (nor 2.1 cite 2.12): the number must stand alone.
"""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.end_of_the_iron_dream.game import NOT_ENFORCED
from tests.rulecoverage import RULEBOOKS, Audit

RULEBOOK = RULEBOOKS / "end-of-the-iron-dream.txt"
# the rule's text starts on the line after its number; 14.21 Invasion Example is a whole section
AUDIT = Audit(RULEBOOK, re.compile(r"^(\d+\.\d+(?:\.\d+)?)\s"), re.compile(r"^Examples?:(.*)"), ("test_eid*.py",),
              Path(__file__).name, extra_examples=("14.21",))

# Rules with nothing to adjudicate: component descriptions, definitions, pointers to other rules,
# chapter introductions and the designer's notes. Each says why.
DEFINITIONAL = {
    "2.2": "a diagram of a sample counter",
    "2.3": "unit size symbols on the counters; their effect is stacking's (8.1, 8.2, 8.6)",
    "2.5": "lists the marker counters of the box",
    "2.6": "introduces the abbreviation tables",
    "2.6.1": "German abbreviations printed on counters (names only)",
    "2.6.3": "nationality abbreviations printed on counters (names only)",
    "2.6.4": "unit type abbreviations used in the text (names only)",
    "2.7": "defines a unit's ID (a name)",
    "2.8": "defines the attack factor (used by 18.7)",
    "2.9": "defines the defense factor (used by 18.7)",
    "2.10": "defines the movement allowance (used by 10.1)",
    "2.11": "counter colours by nationality; the nationality is each counter's data (units.yaml)",
    "2.12": "the map and its errata: map data (game.yaml hex_grid.map_errata, map.yaml); the map's hexes are a "
            "campaign's data override",
    "2.13": "lists the other components (rules, play aids, a die)",
    "3.9": "set-up: counters kept off the map until they arrive; a campaign's position holds no such counter on the map",
    "4.6": "defines 'German' units",
    "4.7": "defines 'Axis' units",
    "4.11": "an abbreviation table",
    "7.6": "the list of Wehrkreis cities: data (units arrive there under 7.5)",
    "7.24": "a pointer to 19.0 for satellite replacement rates",
    "8.0": "defines stacked units",
    "10.0": "defines operational movement",
    "10.7": "how to read the printed map: a hex has one terrain in the map data (map.yaml, with the J14/F12 errata; "
            "the campaign's override for the rest)",
    "10.10": "describes where the three road symbols are on the map (map data; their effect is 10.11)",
    "14.0": "says sea and naval movement are the same term",
    "15.1": "defines general supply (its tracing is 15.2 and 15.5-15.8)",
    "19.0": "introduces the satellite rules 19.1-19.3",
    "25.0": "introduces the special rules 25.1-25.12",
    "26.2": "introduces the special-event VPs of 26.6 (they add up with city VPs)",
    "26.6": "introduces 26.6.1-26.6.12 and advises keeping a written record",
    "26.8": "advice: units may be redeployed anywhere the other rules allow (no restriction of its own)",
    "28.0": "introduces the unit roster (28.1-28.5: units.yaml)",
    "29.0": "the designer's notes: history, no rule",
}


def test_the_rulebook_has_its_numbered_rules():
    found = AUDIT.rules
    assert len(found) == 402
    assert list(found)[:3] == ["1.0", "2.0", "2.1"] and list(found)[-1] == "29.0"


def test_every_numbered_rule_is_tested_listed_or_definitional():
    """Issue 14: "every numbered rule is enforced with a test citing its number, or listed in the
    campaign's not-enforced list with why"."""
    assert AUDIT.uncovered(NOT_ENFORCED, DEFINITIONAL) == []


def test_the_definitional_list_names_rules_of_the_text_with_a_reason():
    assert AUDIT.bad_definitions(DEFINITIONAL) == []


def test_every_worked_example_is_a_test_quoting_it():
    """Issue 14: "every worked example in the rulebook is a test" (DEVELOPERS.md: with the
    example's text in the docstring): a test citing the rule quotes five words in a row of it."""
    assert AUDIT.unquoted_examples() == []


def test_the_examples_are_found():
    assert [n for n, _ in AUDIT.examples] == [
        "10.8", "11.6", "11.8", "11.14", "14.9", "14.19", "14.27", "14.31", "14.32", "14.32", "15.16", "15.21.1",
        "15.21.4", "17.7", "18.7", "18.9", "18.12", "18.23", "22.9", "26.1", "26.3", "26.6.3", "26.6.7", "14.21"]


def test_the_committed_index_is_what_the_rulebook_gives():
    """The audit reads tests/data/rulebook-index/ where the rulebook is absent (CI): with the rulebook
    present the index must equal what it gives (regenerate: python3 -m tests.rulecoverage --write-index)."""
    assert AUDIT.index_drift() == []
