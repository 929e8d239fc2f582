"""Stargard Solstice: the rule-coverage audit (tests/rulecoverage.py), on
/work/shared/rulebooks/stargard-solstice.txt (read after its table of contents). Every numbered rule (a
line opening with N.N or N.N.N) is cited in a comment, docstring or string of a test under
tests/test_stargard*.py, or named in the game's not-enforced list (game.py NOT_ENFORCED, written into
every campaign header), or is a bare heading, or is in DEFINITIONAL below with why it needs no
adjudication. Every worked example ("Example:") is quoted, five words in a row, in the docstring of a
test that cites its rule."""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.stargard_solstice.game import NOT_ENFORCED
from tests.rulecoverage import RULEBOOKS, Audit

RULEBOOK = RULEBOOKS / "stargard-solstice.txt"
# the rule's text starts on the line after its number; worked examples open "Example:" or "Examples:"
AUDIT = Audit(RULEBOOK, re.compile(r"^(\d+\.\d+(?:\.\d+)?)\s"), re.compile(r"^Examples?:(.*)"), ("test_stargard*.py",),
              Path(__file__).name, table_of_contents=True)

# Rules with nothing to adjudicate: how the rules are numbered, component and marker descriptions, the
# designer's notes. Each says why.
DEFINITIONAL = {
    "1.1.1": "how the rules are numbered",
    "1.2": "lists the tracks and boxes printed around the map; pbem keeps their contents in the save",
    "1.2.4": "says the CRT resolves combat (8.0; its cells are data, crt.yaml)",
    "1.2.5": "says the BRT resolves bombardment (8.5.1; data, crt.yaml)",
    "1.2.6": "the air force boxes: the save's `air.SIDE.box` (13.0)",
    "1.2.7": "the drawn-chit boxes: the save's drawn chits (3.1)",
    "1.2.8": "the grounded box: the save's `air.SIDE.grounded` and `refit` (13.2)",
    "1.2.9": "the supply source symbols printed on the map: data (supply.sources.source_hexes), traced by 11.2.1-11.2.4",
    "1.2.10": "the Volksturm box: the save's `volksturm` list (12.4)",
    "1.2.11": "the Tettau and 2nd Guards Cavalry holding boxes: the units not yet arrived (19.1.5)",
    "1.3": "introduces the tables of the player aid cards 1.3.1-1.3.7 (data)",
    "1.5": "introduces the markers 1.5.1-1.5.4",
    "1.5.1": "the turn marker: the save's `turn`",
    "1.5.2": "optional out-of-command markers, a memory aid (command is judged by 3.3)",
    "1.5.3": "the out-of-supply/isolated marker: each unit's `supply` in the save (11.0)",
    "1.5.4": "the PINNED marker: each unit's `pinned` in the save (8.1.2, 8.5)",
    "3.2": "defines HQs and the command range (their rules: 3.3, 6.0, 8.0, 12.2)",
    "6.1.1": "markers are not units in pbem's save, so nothing counts them against stacking",
    "17.0": "the designer's notes: history, no rule",
}


def test_the_rulebook_has_its_numbered_rules():
    found = AUDIT.rules
    assert len(found) == 226
    assert list(found)[:3] == ["1.0", "1.1", "1.1.1"] and list(found)[-1] == "19.1.13"


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
    assert [n for n, _ in AUDIT.examples] == ["12.1"]


def test_the_committed_index_is_what_the_rulebook_gives():
    """The audit reads tests/data/rulebook-index/ where the rulebook is absent (CI): with the rulebook
    present the index must equal what it gives (regenerate: python3 -m tests.rulecoverage --write-index)."""
    assert AUDIT.index_drift() == []
