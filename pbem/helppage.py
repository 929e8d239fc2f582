"""`pbem --help` and the command groups' help pages (`pbem data --help`, and `pbem` or `pbem data`
alone), written as typer writes them with click's plain formatter, without importing typer (issue
13: it is two thirds of a `pbem --help`). The layout is click's (HelpFormatter, wrap_text,
make_default_short_help); tests/test_cli_help.py compares every page with typer's, byte for byte,
at several terminal widths. Anything these pages do not cover (a command's own --help, ANSI or tab
characters in a help text, Windows, shell completion, an output that is not UTF-8) is left to typer."""

import os
import sys
import textwrap
from types import ModuleType
from typing import Any, Callable, Optional

from .cliapp import COMMANDS, GROUPS


class _Wrapper(textwrap.TextWrapper):
    """click's TextWrapper: a word longer than the line is cut where the line ends."""

    def _handle_long_word(self, reversed_chunks: list[str], cur_line: list[str], cur_len: int, width: int) -> None:
        space_left = max(width - cur_len, 1)
        last = reversed_chunks[-1]
        cur_line.append(last[:space_left])
        reversed_chunks[-1] = last[space_left:]


def wrap_text(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "",
              preserve_paragraphs: bool = False) -> str:
    """click.formatting.wrap_text for text without tabs, ANSI escapes or `\\b` blocks."""
    wrapper = _Wrapper(width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                       replace_whitespace=False)
    if not preserve_paragraphs:
        return wrapper.fill(text)
    paragraphs: list[tuple[int, str]] = []
    lines: list[str] = []
    indent: Optional[int] = None
    for line in text.splitlines() + [""]:
        if not line:
            if lines:
                paragraphs.append((indent or 0, " ".join(lines)))
            lines, indent = [], None
            continue
        if indent is None:
            indent = len(line) - len(line.lstrip())
            line = line.lstrip()
        lines.append(line)
    parts = []
    for extra, paragraph in paragraphs:
        wrapper.initial_indent, wrapper.subsequent_indent = initial_indent + " " * extra, subsequent_indent + " " * extra
        parts.append(wrapper.fill(paragraph))
    return "\n\n".join(parts)


def short_help(text: str, max_length: int) -> str:
    """click.utils.make_default_short_help: the first sentence, or the words that fit and '...'."""
    paragraph_end = text.find("\n\n")
    words = (text[:paragraph_end] if paragraph_end != -1 else text).split()
    if not words:
        return ""
    total, last = 0, len(words) - 1
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > max_length:
            break
        if word[-1] == ".":
            return " ".join(words[:i + 1])
        if total == max_length and i != last:
            break
    else:
        return " ".join(words)
    total += len("...")
    while i > 0:
        total -= len(words[i]) + (i > 0)
        if total <= max_length:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


def _definitions(rows: list[tuple[str, str]], width: int) -> str:
    """click's HelpFormatter.write_dl at indentation 2."""
    first_col = min(max(len(name) for name, _ in rows), 30) + 2
    text = ""
    for name, second in rows:
        text += f"  {name}"
        if not second:
            text += "\n"
            continue
        text += " " * (first_col - len(name)) if len(name) <= first_col - 2 else "\n" + " " * (first_col + 2)
        lines = wrap_text(second, max(width - first_col - 2, 10), preserve_paragraphs=True).splitlines()
        text += "".join(f"{line}\n" if n == 0 else f"{'':>{first_col + 2}}{line}\n" for n, line in enumerate(lines))
    return text


def _usage(prog: str, args: str, width: int) -> str:
    """click's HelpFormatter.write_usage at indentation 0."""
    prefix = f"Usage: {prog} "
    if width >= len(prefix) + 20:
        return wrap_text(args, width, initial_indent=prefix, subsequent_indent=" " * len(prefix)) + "\n"
    indent = " " * (len("Usage: ") + 4)          # too long a prefix: the arguments on the next line
    return prefix + "\n" + wrap_text(args, width, initial_indent=indent, subsequent_indent=indent) + "\n"


def group_page(group: str, prog: str, width: int, cleandoc: Callable[[str], str]) -> str:
    """The help page of a command group ("" the top level) as click's Group.get_help writes it."""
    commands = [(name, cleandoc(str(func.__doc__))) for g, name, func in COMMANDS if g == group]
    if not group:
        commands += [(name, cleandoc(options["help"])) for name, options in GROUPS.items() if name]
    limit = width - 6 - max(len(name) for name, _ in commands)
    page = _usage(prog + (f" {group}" if group else ""), "[OPTIONS] COMMAND [ARGS]...", width)
    page += "\n" + wrap_text(cleandoc(GROUPS[group]["help"]), width, "  ", "  ", preserve_paragraphs=True) + "\n"
    page += "\nOptions:\n" + _definitions([("--help", "Show this message and exit.")], width)
    page += "\nCommands:\n" + _definitions([(name, short_help(text, limit).strip()) for name, text in commands], width)
    return page.rstrip("\n")


def program_name(main: Any) -> str:
    """click.utils._detect_program_name: `pbem`, or `python -m pbem` when run as a module."""
    path = sys.argv[0]
    if getattr(main, "__package__", None) in {None, ""}:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    return "python -m " + (main.__package__ if name == "__main__" else f"{main.__package__}.{name}").lstrip(".")


def _utf8(stream: Any) -> bool:
    import codecs
    try:
        return codecs.lookup(stream.encoding).name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def help_request(argv: list[str], main: ModuleType) -> Optional[tuple[str, int]]:
    """(the page, 0) for `--help` or `GROUP --help`, (the page, 2) for a group given alone (click's
    no_args_is_help: on stderr, status 2), as typer answers them; None for anything else."""
    if argv in ([], ["--help"]):
        group = ""
    elif len(argv) in (1, 2) and argv[0] in GROUPS and argv[0] and argv[1:] in ([], ["--help"]):
        group = argv[0]
    else:
        return None
    prog = program_name(main)
    texts = [func.__doc__ for _, _, func in COMMANDS] + [g["help"] for g in GROUPS.values()]
    if (os.name == "nt" or any(t is None or "\t" in t or "\x1b" in t or "\b" in t or "\f" in t for t in texts)
            or f"_{prog}_COMPLETE".replace("-", "_").upper() in os.environ
            or not all(_utf8(stream) for stream in (sys.stdout, sys.stderr))):   # click re-encodes other streams
        return None
    import inspect
    import shutil
    width = max(min(shutil.get_terminal_size().columns, 80) - 2, 50)
    return group_page(group, prog, width, inspect.cleandoc), 0 if argv[-1:] == ["--help"] else 2
