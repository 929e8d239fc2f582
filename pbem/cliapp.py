"""The `pbem` command line's machinery, without typer: commands declared with typer's parameters
recorded, the typer app built only when typer must parse a command line, the direct call of the
plain forms of the most-run commands, and the output helpers (issue 13: typer, click and pydantic
are most of a short command's start). The commands themselves are in pbem.cli and pbem.cli_data."""

import functools
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, List, Optional, TypeVar, cast

from .errors import PbemError

if TYPE_CHECKING:
    from .folder import Campaign


def lazy_module(name: str) -> ModuleType:
    """`name`, imported on first use of one of its attributes (importlib's LazyLoader): `pbem
    --help` loads none of the modules the commands use, keygen and commit never load the campaign
    machinery and the games."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None, name
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


F = TypeVar("F", bound=Callable[..., Any])


# -- the commands, declared without importing typer -------------------------------------------------
# typer (with click) is a sixth of a `pbem status`, so the commands are declared here with typer's
# own parameters recorded (Argument, Option below) and the typer app is built only when typer must
# parse the command line (`app`, on first use): the plain forms of the most-run commands are
# called directly (direct_call, at the end), and never import it (issue 13).

class Declared:
    """A parameter's typer declaration, recorded: typer.Argument or typer.Option with these arguments."""

    def __init__(self, kind: str, default: Any, decls: tuple[str, ...], options: dict[str, Any]) -> None:
        self.kind, self.default, self.decls, self.options = kind, default, decls, options

    def typer_info(self) -> Any:
        import typer
        return getattr(typer, self.kind)(self.default, *self.decls, **self.options)


def Argument(default: Any = ..., **options: Any) -> Any:   # noqa: N802 - typer's name and signature
    return Declared("Argument", default, (), options)


def Option(default: Any = ..., *decls: str, **options: Any) -> Any:   # noqa: N802 - typer's name and signature
    return Declared("Option", default, decls, options)


# the command groups: name -> typer.Typer's arguments ("" is the top level)
GROUPS: dict[str, dict[str, Any]] = {
    "": dict(add_completion=False, no_args_is_help=True,
             help="Adjudicate play-by-email wargame campaigns: signed orders, two-party dice, hash-chained saves."),
    "data": dict(no_args_is_help=True, help="Game data: what the rulebook text lacks, and templates to supply it."),
    "amend": dict(no_args_is_help=True,
                  help="Data amendments signed by every player: values the campaign's data lack, supplied mid-game (pbem/amend.py)."),
}
COMMANDS: list[tuple[str, str, Callable[..., Any]]] = []       # (group, name, function), in the order of --help


def command(name: str, group: str = "") -> Callable[[F], F]:
    def register(func: F) -> F:
        COMMANDS.append((group, name, func))
        return func
    return register


def build_app() -> Any:
    """The typer app of every command, their parameters given to typer as declared."""
    import inspect

    import typer
    # rich_markup_mode=None: typer's help and usage errors in click's plain text, without loading rich
    # (about 70 ms of every `pbem --help`)
    apps = {group: typer.Typer(rich_markup_mode=None, **options) for group, options in GROUPS.items()}
    for group in GROUPS:
        if group:
            apps[""].add_typer(apps[group], name=group)
    for group, name, func in COMMANDS:
        signature = inspect.signature(func)
        typed = functools.wraps(func)(functools.partial(func))     # func itself keeps its declarations (direct_call)
        typed.__signature__ = signature.replace(parameters=[      # type: ignore[attr-defined]
            p.replace(default=p.default.typer_info()) if isinstance(p.default, Declared) else p
            for p in signature.parameters.values()])
        apps[group].command(name)(typed)
    return apps


def refusals(func: F) -> F:
    """Turn a PbemError into one line on stderr and exit status 1 (2 for usage errors is typer's)."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PbemError as exc:
            err(f"pbem: error: {exc.one_line()}")
            raise SystemExit(1) from None
    return cast(F, wrapper)


# a player's text reaches the terminal in reports and refusals (a unit id, a comment): control
# characters and bidirectional overrides in it could erase or fake a line (red team round 2)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """`text` with every terminal control character written as an escape (newlines and tabs kept)."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def out(text: str) -> None:
    text = visible(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def err(text: str) -> None:
    sys.stderr.write(visible(text) + "\n")


def send_hint(campaign: "Campaign", path: Path, exclude: str | None) -> None:
    """After a command writes a file someone else needs: exactly what to send to whom."""
    others = [s for s in sorted(campaign.header["players"]) if s != exclude]
    out(f"send {path} to {', '.join(others)}")


# -- direct dispatch of the commands a whole process runs most ------------------------------------
# typer's argument coercion imports pydantic (about 80 ms, over half of a 150 ms `pbem status`), and
# typer itself with click is a sixth of one, so these commands, given in the plain form
# `CMD ARG... [--option VALUE]...` whose arguments are paths or text, are called directly with
# exactly the values typer would pass. Anything else (--help, a flag, `--opt=value`, a number, a
# wrong count, an unknown option) goes to typer, which parses it and reports usage errors as always.
DIRECT = ("status", "verify", "report", "adjudicate", "check", "log")


def _plain_kind(annotation: Any) -> Any:
    """Path, str or list (of Path) for the annotations typer passes through unchanged; else None."""
    import typing
    if annotation in (Path, str):
        return annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Union and len(args) == 1:
        return _plain_kind(args[0])
    if typing.get_origin(annotation) is list and args == [Path]:
        return list
    return None


def direct_call(argv: List[str]) -> Optional[tuple[Callable[..., Any], dict[str, Any]]]:
    """The command function and the keyword arguments typer would call it with, for `argv` in the
    plain form; None for anything typer must parse."""
    import inspect
    if not argv or argv[0] not in DIRECT:
        return None
    func = next(f for group, name, f in COMMANDS if not group and name == argv[0])
    params = [p for p in inspect.signature(func).parameters.values()]
    options: dict[str, inspect.Parameter] = {}
    for param in params:
        info = param.default
        if not isinstance(info, Declared):
            return None
        if info.kind == "Option":
            for decl in info.decls or (f"--{param.name.replace('_', '-')}",):
                options[decl] = param
    values: dict[str, Any] = {}
    words: list[str] = []
    tokens = iter(argv[1:])
    for token in tokens:
        if not token.startswith("-"):
            words.append(token)
            continue
        option = options.get(token)
        value = next(tokens, None)
        if option is None or option.name in values or value is None or value.startswith("-"):
            return None
        kind = _plain_kind(option.annotation)
        if kind not in (Path, str):
            return None
        values[option.name] = kind(value)
    for param in params:
        info, kind = param.default, _plain_kind(param.annotation)
        if info.kind == "Option":
            if param.name not in values:
                if kind is None and info.default is not None:
                    return None
                values[param.name] = info.default
        elif kind is list:
            values[param.name], words = ([Path(w) for w in words] or info.default), []
        elif kind is Path and words:
            values[param.name] = Path(words.pop(0))
        else:
            return None
    return (func, values) if not words else None

