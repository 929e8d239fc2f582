"""A read-only view of a position: which units are where, whose they are, what stacks.

Every game keeps `state["units"]` as unit id -> a mapping with at least `hex`. Who owns a unit
differs (Operation Grenade stores `side` in the state, Smithereens reads it from the counter),
so the game passes `side_of`. A Board never changes the state; build a new one after a change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Board:
    units: Mapping[str, Mapping[str, Any]]
    side_of: Callable[[str], str]
    # two sides are friends if they may share a hex and do not attack each other
    friendly: Callable[[str, str], bool] = staticmethod(lambda a, b: a == b)  # type: ignore[assignment]
    _stacks: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def stacks(self) -> dict[str, list[str]]:
        """Hex -> its units in unit-id order; the hexes come in the order of their first unit by
        id (not sorted by hex id: sort the keys where that order matters)."""
        if not self._stacks and self.units:
            for unit_id in sorted(self.units):
                self._stacks.setdefault(self.units[unit_id]["hex"], []).append(unit_id)
        return self._stacks

    def hex_of(self, unit_id: str) -> str:
        return self.units[unit_id]["hex"]

    def units_in(self, hex_id: str) -> list[str]:
        return list(self.stacks().get(hex_id, []))

    def of_side(self, side: str) -> list[str]:
        return [u for u in sorted(self.units) if self.side_of(u) == side]

    def sides_in(self, hex_id: str) -> set[str]:
        return {self.side_of(u) for u in self.units_in(hex_id)}

    def enemies_in(self, hex_id: str, side: str) -> list[str]:
        return [u for u in self.units_in(hex_id) if not self.friendly(self.side_of(u), side)]

    def friends_in(self, hex_id: str, side: str) -> list[str]:
        return [u for u in self.units_in(hex_id) if self.friendly(self.side_of(u), side)]

    def enemy_hexes(self, side: str) -> set[str]:
        return {h for h, units in self.stacks().items() if any(not self.friendly(self.side_of(u), side) for u in units)}

    def moved(self, moves: Mapping[str, str]) -> "Board":
        """The board after units move (unit id -> new hex), e.g. to check stacking at the end of
        a movement phase without touching the state."""
        units = {u: dict(v) for u, v in self.units.items()}
        for unit_id, hex_id in moves.items():
            units[unit_id]["hex"] = hex_id
        return Board(units, self.side_of, self.friendly)

    def with_units(self, added: Mapping[str, Mapping[str, Any]]) -> "Board":
        """The board with units added (placements, reinforcements), the state untouched."""
        units = {u: dict(v) for u, v in self.units.items()}
        units.update({u: dict(v) for u, v in added.items()})
        return Board(units, self.side_of, self.friendly)
