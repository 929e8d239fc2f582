"""The rule-coverage audit shared by the games' tests/test_*_rule_coverage.py (issue 14's and
issue 20's "Done means", checked against the rulebook text).

Every numbered rule of a game's rulebook text must be cited in a comment, docstring or string of
one of the game's tests, or named in the game's not-enforced list (written into every campaign
header), or be a bare heading (no text of its own before the next numbered rule), or be in the
audit's DEFINITIONAL dict with a one-line reason why it needs no adjudication. Every worked example
must be quoted, at least five words in a row, in the docstring of a test that cites its rule number.

A citation of 15.23.3 does not cite 15.23 (nor 2.1 cite 2.12): the number must stand alone.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"        # beside the repository, not part of it
# a line holding only a title ("[2.1] The Game Maps and Charts", "8.0 Stacking") has no text of its own
SENTENCE = re.compile(r"[.:;?!]")


def cites(number: str, text: str) -> bool:
    """`number` stands alone in `text` (15.23.3 does not cite 15.23, nor 2.12 cite 2.1)."""
    return re.search(r"(?<![\d.])" + re.escape(number) + r"(?!\d|\.\d)", text) is not None


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

    @cached_property
    def rules(self) -> dict[str, str]:
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
        listed_text = "\n".join(listed)
        return [number for number, body in self.rules.items()
                if body and number not in definitional and not cites(number, self.cited)
                and not cites(number, listed_text)]

    def bad_definitions(self, definitional: dict[str, str]) -> list[str]:
        """DEFINITIONAL entries that are no rule with text, or give no reason."""
        return [n for n, why in definitional.items() if n not in self.rules or not self.rules[n] or len(why) <= 10]

    @cached_property
    def examples(self) -> list[tuple[str, str]]:
        """(rule, text) of every worked example, in the rulebook's order."""
        found = []
        for number, body in self.rules.items():
            for line in body.splitlines():
                if self.not_a_rule_line and self.not_a_rule_line.match(line):
                    continue
                found += [(number, m.group(1)) for m in self.example.finditer(line)]
        found += [(number, self.rules[number]) for number in self.extra_examples]
        return found

    def unquoted_examples(self) -> list[str]:
        """The examples no test citing their rule quotes (five words in a row) in its docstring."""
        missing = []
        for number, text in self.examples:
            said = words(text).split()
            runs = {" ".join(said[i:i + 5]) for i in range(max(1, len(said) - 4))}
            if not any(cites(number, doc) and any(run in said_in for run in runs) for doc, said_in in self.docstrings):
                missing.append(f"{number}: {text[:60]}")
        return missing
