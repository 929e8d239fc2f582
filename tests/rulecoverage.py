"""The rule-coverage audit shared by the games' tests/test_*_rule_coverage.py (issue 14's and
issue 20's "Done means", checked against the rulebook text).

Every numbered rule of a game's rulebook text must be cited in a comment, docstring or string of
one of the game's tests, or named in the game's not-enforced list (written into every campaign
header), or be a bare heading (no text of its own before the next numbered rule), or be in the
audit's DEFINITIONAL dict with a one-line reason why it needs no adjudication. Every worked example
must be quoted, at least five words in a row, in the docstring of a test that cites its rule number.

A citation of 15.23.3 does not cite 15.23 (nor 2.1 cite 2.12): the number must stand alone.

The rulebooks are not part of the repository (CI's clean clone has none), so each game commits the
little the audit reads from its rulebook: tests/data/rulebook-index/GAME.yaml, its numbered rules
(which are bare headings), its worked examples' text and the SHA-256 of the rulebook it was made
from. The audit reads the rulebook where it is present, else that index; where it is present,
`index_drift` tells whether the committed index still is what the rulebook gives. Regenerate the
indexes with `python3 -m tests.rulecoverage --write-index`. PBEM_RULEBOOKS names another rulebook
folder (a missing one makes the audits read the indexes).
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import io
import os
import re
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml
from tests import fastyaml

ROOT = Path(__file__).resolve().parent.parent
# beside the repository, not part of it
RULEBOOKS = Path(os.environ.get("PBEM_RULEBOOKS", str(ROOT.parent / "shared" / "rulebooks")))
INDEXES = ROOT / "tests" / "data" / "rulebook-index"
# a line holding only a title ("[2.1] The Game Maps and Charts", "8.0 Stacking") has no text of its own
SENTENCE = re.compile(r"[.:;?!]")


def cites(number: str, text: str) -> bool:
    """`number` stands alone in `text` (15.23.3 does not cite 15.23, nor 2.12 cite 2.1)."""
    return re.search(r"(?<![\d.])" + re.escape(number) + r"(?!\d|\.\d)", text) is not None


# a number of digits and dots (9.85, 15.23.3) as `cites` finds it: not after a digit or a dot, and
# taken whole (a digit or a dot and a digit after it would continue it)
DOTTED = re.compile(r"\d+(?:\.\d+)*")
STANDING = re.compile(r"(?<![\d.])\d+(?:\.\d+)*")


class Citations:
    """cites(number, text) for many numbers on one long text (a game's tests cite hundreds of rules
    in a few hundred kilobytes): a number of digits and dots stands alone in the text exactly when
    it is one of the text's whole numbers found by STANDING (one that starts where `cites` lets a
    number start runs to its end, where `cites` lets one end); any other number is searched as
    `cites` searches it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found = frozenset(STANDING.findall(text))

    def __call__(self, number: str) -> bool:
        if DOTTED.fullmatch(number):
            return number in self.found
        return cites(number, self.text)


def words(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s-]", " ", text.lower()).split())


def named_rules(name: str) -> list[str]:
    """The rule numbers a test's name opens with: test_9_85_9_92_loss -> 9.85, 9.92;
    test_10_10_to_10_14_terrain -> 10.10, 10.14 (an odd run of numbers cites nothing)."""
    numbers: list[str] = []
    for token in name.removeprefix("test_").split("_"):
        if token.isdigit():
            numbers.append(token)
        elif token not in ("to", "and"):
            break
    if len(numbers) % 2:
        return []
    return [f"{numbers[i]}.{numbers[i + 1]}" for i in range(0, len(numbers), 2)]


@dataclass
class Audit:
    """One game's rulebook against its tests.

    rule_line: a line opening a numbered rule; group 1 is the number, group 2 (if any) the text
    after it on the same line (kept when it is more than a title).
    example: a worked example in a line of a rule's text; group 1 is the example's text.
    tests: the game's test files (globs under tests/); `skip` names the audit's own file.
    extra_examples: rules whose whole text is a worked example the pattern cannot find (EID 14.21)."""

    rulebook: Path
    rule_line: re.Pattern[str]
    example: re.Pattern[str]
    tests: tuple[str, ...]
    skip: str
    extra_examples: tuple[str, ...] = ()
    not_a_rule_line: re.Pattern[str] | None = None      # lines (designer's notes) whose examples are no rule's
    names: bool = False         # a test named test_9_85_9_92_... cites 9.85 and 9.92 (Grenade's, Smithereens' naming)
    heading_lines: tuple[str, ...] = ()     # lines that are no text of their own ("CASES:")
    table_of_contents: bool = False     # skip a contents list: read from the second printing of the first numbered line

    @property
    def index_path(self) -> Path:
        return INDEXES / f"{self.rulebook.stem}.yaml"

    def _rules_from_text(self) -> dict[str, str]:
        """{number: its text up to the next numbered line} in the rulebook's order (a number printed
        twice keeps its first text)."""
        lines = self.rulebook.read_text(encoding="utf-8").splitlines()
        if self.table_of_contents:
            first = next(line for line in lines if self.rule_line.match(line))
            lines = lines[[i for i, line in enumerate(lines) if line == first][1]:]
        starts = [(m, i) for i, line in enumerate(lines) if (m := self.rule_line.match(line))]
        found: dict[str, str] = {}
        for k, (match, i) in enumerate(starts):
            end = starts[k + 1][1] if k + 1 < len(starts) else len(lines)
            own = match.group(2).strip() if match.re.groups >= 2 and match.group(2) else ""
            body = [own] if SENTENCE.search(own) else []
            body += [line for line in lines[i + 1:end] if line.strip() and line.strip() not in self.heading_lines]
            found.setdefault(match.group(1), "\n".join(body))
        return found

    def _examples_from_text(self, rules: dict[str, str]) -> list[tuple[str, str]]:
        found = []
        for number, body in rules.items():
            for line in body.splitlines():
                if self.not_a_rule_line and self.not_a_rule_line.match(line):
                    continue
                found += [(number, m.group(1)) for m in self.example.finditer(line)]
        found += [(number, rules[number]) for number in self.extra_examples]
        return found

    def index_from_rulebook(self) -> dict[str, Any]:
        """What the audit reads from the rulebook, as the committed index holds it."""
        rules = self._rules_from_text()
        return {
            "rulebook": self.rulebook.name,
            "sha256": hashlib.sha256(self.rulebook.read_bytes()).hexdigest(),
            "rules": list(rules),
            "headings": [number for number, body in rules.items() if not body],
            "examples": [{"rule": n, "text": text} for n, text in self._examples_from_text(rules)],
        }

    def committed_index(self) -> dict[str, Any]:
        index: dict[str, Any] = fastyaml.safe_load(self.index_path.read_text(encoding="utf-8"))
        return index

    def write_index(self) -> Path:
        text = yaml.safe_dump(self.index_from_rulebook(), sort_keys=False, allow_unicode=True, width=100)
        self.index_path.parent.mkdir(parents=True, exist_ok=True)
        self.index_path.write_text(text, encoding="utf-8")
        return self.index_path

    def index_drift(self) -> list[str]:
        """The fields where the committed index is not what the rulebook gives (none without a rulebook:
        then the index must at least be whole, every example's rule one of its rules)."""
        index = self.committed_index()
        if not self.rulebook.exists():
            broken = [f for f in ("rulebook", "sha256", "rules", "headings", "examples") if not index.get(f)]
            if re.fullmatch(r"[0-9a-f]{64}", str(index.get("sha256"))) is None:
                broken.append("sha256")
            rules = set(index.get("rules") or [])
            broken += [f"examples: {e['rule']}" for e in index.get("examples") or [] if e["rule"] not in rules]
            broken += [f"headings: {n}" for n in index.get("headings") or [] if n not in rules]
            return broken
        fresh = self.index_from_rulebook()
        return [field for field in fresh if index.get(field) != fresh[field]]

    @cached_property
    def _read(self) -> tuple[dict[str, bool], list[tuple[str, str]]]:
        """({number: has text of its own}, [(rule, example text)]) from the rulebook, else the index."""
        index = self.index_from_rulebook() if self.rulebook.exists() else self.committed_index()
        headings = set(index["headings"])
        rules = {number: number not in headings for number in index["rules"]}
        return rules, [(e["rule"], e["text"]) for e in index["examples"]]

    @property
    def rules(self) -> dict[str, bool]:
        """{number: whether it has text of its own (False for a bare heading)} in the rulebook's order
        (a number printed twice keeps its first text)."""
        return self._read[0]

    def files(self) -> list[Path]:
        paths = {p for pattern in self.tests for p in (ROOT / "tests").glob(pattern) if p.name != self.skip}
        return sorted(paths)

    @cached_property
    def cited(self) -> str:
        """The comments and strings (docstrings, messages, rule fields) of the game's test files."""
        parts = []
        for path in self.files():
            source = path.read_text(encoding="utf-8")
            for token in tokenize.generate_tokens(io.StringIO(source).readline):
                if token.type in (tokenize.COMMENT, tokenize.STRING):
                    parts.append(token.string)
            if self.names:
                parts += [" ".join(named_rules(name)) for name in re.findall(r"def (test_\w+)", source)]
        return "\n".join(parts)

    @cached_property
    def docstrings(self) -> list[tuple[str, str]]:
        """(docstring, its words) of every test function of the game's test files."""
        docs = []
        for path in self.files():
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                    doc = ast.get_docstring(node) or ""
                    docs.append((doc, words(doc)))
        return docs

    def uncovered(self, listed: Iterable[str], definitional: dict[str, str]) -> list[str]:
        """The numbered rules with text of their own that no test cites, the not-enforced list
        does not name and `definitional` does not excuse."""
        in_tests, in_listed = Citations(self.cited), Citations("\n".join(listed))
        return [number for number, body in self.rules.items()
                if body and number not in definitional and not in_tests(number) and not in_listed(number)]

    def bad_definitions(self, definitional: dict[str, str]) -> list[str]:
        """DEFINITIONAL entries that are no rule with text, or give no reason."""
        return [n for n, why in definitional.items() if n not in self.rules or not self.rules[n] or len(why) <= 10]

    @property
    def examples(self) -> list[tuple[str, str]]:
        """(rule, text) of every worked example, in the rulebook's order."""
        return self._read[1]

    def unquoted_examples(self) -> list[str]:
        """The examples no test citing their rule quotes (five words in a row) in its docstring."""
        missing = []
        for number, text in self.examples:
            said = words(text).split()
            runs = {" ".join(said[i:i + 5]) for i in range(max(1, len(said) - 4))}
            if not any(cites(number, doc) and any(run in said_in for run in runs) for doc, said_in in self.docstrings):
                missing.append(f"{number}: {text[:60]}")
        return missing


def main(argv: list[str]) -> int:
    """`python3 -m tests.rulecoverage --write-index`: rewrite every game's committed index from its rulebook."""
    if argv != ["--write-index"]:
        print("usage: python3 -m tests.rulecoverage --write-index", file=sys.stderr)
        return 2
    for path in sorted((ROOT / "tests").glob("test_*rule_coverage.py")):
        audit: Audit = importlib.import_module(f"tests.{path.stem}").AUDIT
        if not audit.rulebook.exists():
            print(f"no rulebook text at {audit.rulebook}", file=sys.stderr)
            return 1
        print(audit.write_index().relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
