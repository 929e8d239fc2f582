"""The rule-coverage audit of tests/test_eid_rule_coverage.py, for another game's rulebook and tests
(Dark December, Stargard Solstice). `cites` and `words` are the EID audit's own; what that file binds
to its rulebook and test files (rules, cited_texts, docstrings, examples) takes them as arguments here.
To be folded into the shared tests/rulecoverage.py when the branches meet."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from tests.test_eid_rule_coverage import RULE_LINE, cites, words

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"       # beside the repository, not part of it

__all__ = ["RULEBOOKS", "cites", "words", "rules", "game_tests", "cited_texts", "docstrings", "examples",
           "uncovered", "unquoted"]


def rules(rulebook: Path, table_of_contents: bool = False) -> dict[str, str]:
    """{number: its text up to the next numbered line} in the rulebook's order, a number printed twice
    keeping its first text. With `table_of_contents`, the lines before the second printing of the first
    numbered line (a contents list of bare numbers and titles) are not read."""
    lines = rulebook.read_text(encoding="utf-8").splitlines()
    if table_of_contents:
        first = next(line for line in lines if RULE_LINE.match(line))
        lines = lines[[i for i, line in enumerate(lines) if line == first][1]:]
    starts = [(m.group(1), i) for i, line in enumerate(lines) if (m := RULE_LINE.match(line))]
    found: dict[str, str] = {}
    for k, (number, i) in enumerate(starts):
        end = starts[k + 1][1] if k + 1 < len(starts) else len(lines)
        found.setdefault(number, "\n".join(line for line in lines[i + 1:end] if line.strip()))
    return found


def game_tests(pattern: str, audit: str) -> list[Path]:
    """The game's test files (tests/PATTERN) but the audit's own."""
    return [path for path in sorted((ROOT / "tests").glob(pattern)) if path.name != audit]


def cited_texts(files: list[Path]) -> str:
    """The comments and strings (docstrings, messages, rule fields) of the test files."""
    parts = []
    for path in files:
        for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if token.type in (tokenize.COMMENT, tokenize.STRING):
                parts.append(token.string)
    return "\n".join(parts)


def docstrings(files: list[Path]) -> list[tuple[str, str]]:
    """(docstring, its words) of every test function of the files."""
    docs = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                docs.append((doc, words(doc)))
    return docs


def examples(found: dict[str, str]) -> list[tuple[str, str]]:
    """(rule, text) of every worked example: the passages opening "Example:" or "Examples:"."""
    return [(number, line.split(":", 1)[1]) for number, body in found.items()
            for line in body.splitlines() if re.match(r"Examples?:", line)]


def uncovered(found: dict[str, str], files: list[Path], not_enforced: tuple | list,
              definitional: dict[str, str]) -> list[str]:
    """The numbered rules with text of their own that no test cites, the not-enforced list does not
    name and `definitional` does not excuse."""
    tests, listed = cited_texts(files), "\n".join(not_enforced)
    return [number for number, body in found.items()
            if body and number not in definitional and not cites(number, tests) and not cites(number, listed)]


def unquoted(worked: list[tuple[str, str]], files: list[Path]) -> list[str]:
    """The worked examples no test citing their rule quotes (five words in a row) in its docstring."""
    docs = docstrings(files)
    missing = []
    for number, text in worked:
        said = words(text).split()
        runs = {" ".join(said[i:i + 5]) for i in range(max(1, len(said) - 4))}
        if not any(cites(number, doc) and any(run in said_in for run in runs) for doc, said_in in docs):
            missing.append(f"{number}: {text[:60]}")
    return missing
