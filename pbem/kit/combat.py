"""The combat-table pipeline every game shares: strengths to a column (odds or
differential), column shifts as named records carrying their rule, clamping to the printed
table, and the CRT lookup that requires the whole column known before any die is rolled (a
die rolled on a column with a gap would let a player learn the roll and then refuse it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import PbemError, UnknownDataError
from ..gamedata import GameData, unwrap


@dataclass(frozen=True)
class Shift:
    """A column shift: positive to the right (better for the attacker)."""

    shift: int
    why: str
    rule: str

    def as_event(self) -> dict:
        return {"shift": self.shift, "why": self.why, "rule": self.rule}


def total(shifts: Iterable[Shift]) -> int:
    return sum(s.shift for s in shifts)


def clamp(index: int, columns: int) -> int:
    """A column position held to the printed table (0 .. columns-1)."""
    return min(max(index, 0), columns - 1)


def ratio_column(labels: Sequence[str], attack: int, defence: int) -> tuple[int, Fraction]:
    """Columns labelled "a-d" (e.g. "1-2", "3-1"): the rightmost whose ratio is at most
    attack/defence, rounding in the defender's favour; below the first column, the first."""
    ratio = Fraction(attack, defence)
    best = 0
    for index, label in enumerate(labels):
        a, d = (int(x) for x in str(label).split("-"))
        if Fraction(a, d) <= ratio:
            best = index
    return best, ratio


def odds_position(labels: Sequence[str], attack: int, defence: int, even: str = "1:1") -> tuple[int, str]:
    """Columns labelled "1:k ... 1:2, 1:1, 2:1 ... N:1": the odds rounded in the defender's
    favour (attacker's multiple rounded down, defender's up) as a column position that may lie
    off the printed table (10:1 on a table ending at 6:1), for rules that shift first and
    apply the table's limits last."""
    if even not in labels:
        raise PbemError(f"the CRT odds line {list(labels)} has no {even} column")
    middle = list(labels).index(even)
    if attack >= defence:
        n = attack // defence
        return middle + n - 1, f"{n}:1"
    k = -(-defence // attack)
    return middle - (k - 1), f"1:{k}"


def differential_column(labels: Sequence[int], attack: int, defence: int) -> tuple[int, int]:
    """Columns headed by a differential (attack minus defence, e.g. -3 .. +7): the rightmost
    at most the differential; below the first, the first."""
    difference = attack - defence
    best = 0
    for index, label in enumerate(labels):
        if int(label) <= difference:
            best = index
    return best, difference


def whole_column(data: GameData, rows: Sequence[Any], path_of: Callable[[Any], str],
                 what_of: Callable[[Any], str], printed_on: str) -> dict[str, Any]:
    """Every cell of one CRT column (or line), keyed by its row as text; UnknownDataError for
    the first cell the data does not give (absent or `unknown`), naming `printed_on`.
    Read once per data and column (every attack reads its column again; derived notes the
    overrides it read each time); a column the data lacks a cell of is refused each time."""
    rows = list(rows)
    paths = [path_of(row) for row in rows]

    def read() -> dict[str, Any]:
        cells: dict[str, Any] = {}
        for row, path in zip(rows, paths):
            try:
                value = unwrap(data.get(path, what_of(row), default=None))
            except UnknownDataError:
                value = None
            if value is None or value == "unknown":
                raise UnknownDataError(path, what_of(row), printed_on, data.override_file)
            cells[str(row)] = value
        return cells
    return dict(data.derived("kit.whole_column|" + "|".join(f"{row}={path}" for row, path in zip(rows, paths)), read))
