"""Smithereens: issue 20's "Done means", checked against the rulebook text (tests/rulecoverage.py).

Every numbered rule of /work/shared/rulebooks/smithereens.txt (a line opening with N.N, its text
on the same line after its title) must be cited in a comment, docstring or string of a test under
tests/test_smithereens*.py, or named in the game's not-enforced list (game.py `not_enforced`,
written into every campaign header), or be a bare heading ("8.0 Stacking"), or be in DEFINITIONAL
below with a one-line reason. Every worked example ("For example, ...", "High Odds Example:")
must be quoted, at least five words in a row, in the docstring of a test that cites its rule.
"""

from __future__ import annotations

import re
from pathlib import Path

from pbem.games.smithereens.game import Smithereens
from tests.rulecoverage import RULEBOOKS, Audit

RULEBOOK = RULEBOOKS / "smithereens.txt"
AUDIT = Audit(RULEBOOK, re.compile(r"^(\d+\.\d+)\s+(.*)"), re.compile(r"(?:[Ff]or example,|Example:)\s*(.*)"),
              ("test_smithereens*.py",), Path(__file__).name, names=True,
              not_a_rule_line=re.compile(r"^[\w/' ]*Notes?\."))      # "Design Note.", "Old Hands Note." ...

# Rules with nothing to adjudicate: component descriptions, definitions, chapter introductions,
# table-top advice and the designer's notes. Each says why.
DEFINITIONAL = {
    "1.1": "introduces the game and its two- or multi-player form (the seats are 1.2's and 5.4's)",
    "1.3": "describes each side's situation and aims (winning is 4.x)",
    "1.4": "the scale: a hex is 20 miles, a game turn a half-month (no rule of play)",
    "2.1": "lists the components (rules, maps, counters, a die: pbem's two-party dice)",
    "2.2": "describes the map and its hex grid (a unit's `hex` in the save is its one hex)",
    "2.4": "how to trim and join the two map sheets (the 10xxE and 42xx rows are map data)",
    "2.5": "where the players sit at the table",
    "2.6": "how to punch out and sort the counters",
    "2.7": "a diagram of the sample units' printed values (units.yaml holds each counter's)",
    "2.8": "the nationality colours: each counter's nationality and side is data (units.yaml, game.yaml)",
    "2.9": "the historical abbreviations printed on counters (names only)",
    "2.10": "unit sizes (division, corps, army): names only, stacking counts units (8.1)",
    "2.11": "defines mech and non-mech units (each counter's `mechanized` in units.yaml)",
    "2.12": "defines the attack and defense factors (used by 11.8, 11.9)",
    "2.13": "defines the movement factor (used by 10.1-10.3)",
    "2.14": "defines steps (each counter's steps in units.yaml; losses are 11.29)",
    "2.17": "points to 3.2 and 9.6 for the set-up and entry codes",
    "3.1": "the players choose sides and sort the counters (pbem new names the seats)",
    "3.5": "sets the variable reinforcements aside; their entry is 9.6",
    "4.1": "introduces the victory rules 4.2-4.4",
    "7.1": "introduces the economic collapse rules 7.2-7.5",
    "8.3": "markers have no stacking value: pbem keeps markers in the state, never as units in a hex",
    "9.7": "defines replacement steps (their use is 9.9-9.16)",
    "9.8": "a committed step is never recalled: no order takes a step back (`replace:` only adds)",
    "10.1": "introduces movement factors and movement points (their costs are 10.9-10.22)",
    "10.8": "introduces the terrain categories: one natural terrain per hex in the map data",
    "10.9": "lists the eight natural terrain types described in 10.10-10.17",
    "10.7": "each unit moves by its own `move:` order within its own MF: units going together are each held to "
            "theirs, the slowest stopping first (\"you may leave them behind\")",
    "15.0": "the designer's notes: history, no rule",
    "16.1": "the Terrain Effects Chart is printed on the map: its values are rules/smithereens data",
    "16.3": "player aids: a summary of the turn sequence of 5.2",
}

# "For example" sentences that illustrate no rule of play: a designer's note's continuation.
NOT_WORKED = {"3.6": "though the German navy undoubtedly"}


def test_the_rulebook_has_its_numbered_rules():
    found = AUDIT.rules
    assert (len(found), sum(1 for body in found.values() if body)) == (229, 216)
    assert list(found)[:3] == ["1.0", "1.1", "1.2"] and list(found)[-1] == "16.3"


def test_every_numbered_rule_is_tested_listed_or_definitional():
    """Issue 20: "Each rule with a test citing its number", or on the not-enforced list with why."""
    assert AUDIT.uncovered(Smithereens.not_enforced, DEFINITIONAL) == []


def test_the_definitional_list_names_rules_of_the_text_with_a_reason():
    assert AUDIT.bad_definitions(DEFINITIONAL) == []


def test_every_worked_example_is_a_test_quoting_it():
    """Issue 20: "the rulebooks' worked examples among them" (DEVELOPERS.md: the example's text in
    the docstring): a test citing the rule quotes five words in a row of it."""
    missing = AUDIT.unquoted_examples()
    assert [m for m in missing if not any(m.startswith(f"{n}: {t}") for n, t in NOT_WORKED.items())] == []


def test_the_examples_are_found():
    assert [n for n, _ in AUDIT.examples] == [
        "2.3", "2.15", "3.4", "3.6", "3.9", "4.3", "4.3", "6.3", "6.19", "8.5", "10.17", "10.22", "10.23", "10.33",
        "11.3", "11.8", "11.9", "11.10", "11.12", "11.13", "11.22", "11.25", "11.29", "11.30", "11.34"]


def test_the_committed_index_is_what_the_rulebook_gives():
    """The audit reads tests/data/rulebook-index/ where the rulebook is absent (CI): with the rulebook
    present the index must equal what it gives (regenerate: python3 -m tests.rulecoverage --write-index)."""
    assert AUDIT.index_drift() == []
