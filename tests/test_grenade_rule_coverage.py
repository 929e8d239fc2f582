"""Operation Grenade: issue 20's "Done means", checked against the rulebook text (tests/rulecoverage.py).

Every numbered case of /work/shared/rulebooks/operation-grenade.txt (a line opening with [N.N] or
[N.NN]: the Victory in the West standard rules 1.0-14.0 and the exclusive rules 15.0-28.0) must be
cited in a comment, docstring or string of a test under tests/test_operation_grenade*.py (or
tests/test_grenade*.py and tests/test_poker_grenade.py, the secret chit draw), or by a test's name
(test_9_85_9_92_...), or
named in the game's not-enforced list (game.py `not_enforced`, written into every campaign header),
or be a bare heading ("[20.0] CASES:"), or be in DEFINITIONAL below with a one-line reason. Every
worked example ("Example:", "For example, ...", "Combined Arms Example:", the strategic movement
diagram's "(An example ...)") must be quoted, at least five words in a row, in the docstring of a
test that cites its case.
"""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.operation_grenade.game import OperationGrenade
from tests.rulecoverage import RULEBOOKS, Audit

RULEBOOK = RULEBOOKS / "operation-grenade.txt"
AUDIT = Audit(RULEBOOK, re.compile(r"^\[(\d+\.\d+)\]\s*(.*)"), re.compile(r"(?:[Ff]or example,|Example:|\(An example)\s*(.*)"),
              ("test_operation_grenade*.py", "test_grenade*.py", "test_poker_grenade.py"), Path(__file__).name, names=True,
              heading_lines=("CASES:", "GENERAL RULE:"))

# Cases with nothing to adjudicate: component descriptions, definitions, introductions, the
# set-up lists (data) and the players' notes. Each says why.
DEFINITIONAL = {
    "1.0": "introduces the Victory in the West series",
    "2.2": "describes the playing pieces (units.yaml holds each counter)",
    "2.21": "nationality colours: each counter's side is data (units.yaml)",
    "2.23": "the unit type symbols: each counter's type is data (units.yaml; mechanized types are 5.31's)",
    "2.3": "the parts inventory (pbem's two-party dice stand for the dice)",
    "3.0": "the glossary: combat class, strength, morale, movement allowance, strength chit (their rules are 5.0-9.0)",
    "5.24": "pbem counts Movement Points only in the Movement Phase: retreats (9.9x) and advances (9.94, 9.95) are "
            "bounded by their own cases, never by a Movement Allowance",
    "4.1": "defines Game-Turn, Player-Turn and the Phasing Player (the sequence table is 4.2's)",
    "8.0": "introduces strength chits (drawn, read and returned under 8.3-8.5)",
    "8.1": "defines the combat class letter printed on counters (units.yaml `class`; read by 8.34)",
    "8.2": "defines the morale rating printed on counters (units.yaml `morale`; it names the pool of 8.33)",
    "9.4": "introduces the divisional integrity bonus of 9.41-9.44",
    "9.6": "introduces artillery's two uses, normal (9.61) and in support (9.62-9.68)",
    "9.81": "defines steps (each unit's steps: 9.82's table)",
    "9.83": "defines the A and D letters of the CRT's results (parsed by 9.84)",
    "13.0": "introduces Air Points (13.1x cases)",
    "15.0": "introduces the game: one day a turn, 2.4 miles a hex",
    "16.0": "introduces the set-up of 16.1-16.2 (printed on the counters)",
    "16.1": "the German set-up list: data (units.yaml set-up hexes)",
    "16.2": "the US set-up list: data (units.yaml set-up hexes)",
    "18.15": "a summary chart of the Roer river die roll modifiers printed on the map (rules data, read by 18.1)",
    "18.16": "a summary chart of the Roer currents and effects printed on the map (rules data, read by 18.11-18.13)",
    "19.0": "introduces the opening-turn restrictions of 19.1-19.3",
    "28.4": "the players' notes: strategy advice, no rule",
}


def test_the_rulebook_has_its_numbered_cases():
    found = AUDIT.rules
    assert (len(found), sum(1 for body in found.values() if body)) == (265, 211)
    assert list(found)[:3] == ["1.0", "2.0", "2.1"] and list(found)[-1] == "28.4"


def test_every_numbered_case_is_tested_listed_or_definitional():
    """Issue 20: "Each rule with a test citing its number", or on the not-enforced list with why."""
    assert AUDIT.uncovered(OperationGrenade.not_enforced, DEFINITIONAL) == []


def test_the_definitional_list_names_cases_of_the_text_with_a_reason():
    assert AUDIT.bad_definitions(DEFINITIONAL) == []


def test_every_worked_example_is_a_test_quoting_it():
    """Issue 20: "the rulebooks' worked examples among them" (DEVELOPERS.md: the example's text in
    the docstring): a test citing the case quotes five words in a row of it."""
    assert AUDIT.unquoted_examples() == []


def test_the_examples_are_found():
    assert [n for n, _ in AUDIT.examples] == ["5.51", "5.52", "8.36", "9.55", "9.85", "22.21", "22.22", "24.21"]


def test_the_committed_index_is_what_the_rulebook_gives():
    """The audit reads tests/data/rulebook-index/ where the rulebook is absent (CI): with the rulebook
    present the index must equal what it gives (regenerate: python3 -m tests.rulecoverage --write-index)."""
    assert AUDIT.index_drift() == []
