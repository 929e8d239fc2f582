"""Rulebook numbers from the data: an integer, a list of integers, a flag, each refusing
with UnknownDataError naming its path when the text does not give it, and a PbemError naming
the path when the data file holds something of the wrong type."""

from __future__ import annotations

from fractions import Fraction

from ..errors import PbemError
from ..gamedata import GameData


def integer(data: GameData, path: str, what: str) -> int:
    value = data.get(path, what)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PbemError(f"data `{path}` ({what}) must be an integer, not {value!r}", data.override_file)
    return value


def fraction(data: GameData, path: str, what: str) -> Fraction:
    value = data.get(path, what)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise PbemError(f"data `{path}` ({what}) must be a number or a fraction like '1/3', not {value!r}", data.override_file)
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise PbemError(f"data `{path}` ({what}) must be a number or a fraction like '1/3', not {value!r}", data.override_file) from None


def integers(data: GameData, path: str, what: str) -> tuple[int, ...]:
    value = data.get(path, what)
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise PbemError(f"data `{path}` ({what}) must be a list of integers, not {value!r}", data.override_file)
    return tuple(value)


def flag(data: GameData, path: str, what: str) -> bool:
    value = data.get(path, what)
    if not isinstance(value, bool):
        raise PbemError(f"data `{path}` ({what}) must be true or false, not {value!r}", data.override_file)
    return value


def text(data: GameData, path: str, what: str) -> str:
    value = data.get(path, what)
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise PbemError(f"data `{path}` ({what}) must be text, not {value!r}", data.override_file)
    return str(value)


def texts(data: GameData, path: str, what: str) -> tuple[str, ...]:
    value = data.get(path, what)
    if not isinstance(value, list) or any(not isinstance(v, (str, int)) or isinstance(v, bool) for v in value):
        raise PbemError(f"data `{path}` ({what}) must be a list, not {value!r}", data.override_file)
    return tuple(str(v) for v in value)
