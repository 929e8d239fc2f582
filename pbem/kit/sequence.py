"""The sequence of play as one table per game.

Each entry (`Phase`) says who is awaited, what the order template looks like, how orders are
checked, how they are applied, and what comes next, in the rulebook's own words. Mid-phase
answers (a defender's retreat or loss choice, a placement at economic collapse) are entries of
the same table with kind "response", not a second state machine: the state names the entry
it waits on (`phase_key`), and an entry's apply moves it on.

`SequencedGame` implements the GameModule step methods from the table:
- check() never changes the state (it is hashed before and after, and a change is an
  internal error), answers one refusal style (a list of Problems, each message ending with
  its rule), and reports a needed value the data lacks as a problem, as apply would refuse it;
- apply() works on the copy of the state the core owns, after require_legal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..canonical import data_hash
from ..dice import Dice
from ..errors import PbemError, UnknownDataError
from ..gamedata import GameData
from ..games.base import Awaiting, GameModule, Outcome, Problem, refuse_first

CheckFn = Callable[[GameData, dict, str, list], list[Problem]]
ApplyFn = Callable[[GameData, dict, str, list, Dice], list[dict]]
TemplateFn = Callable[[GameData, dict, str], dict]


@dataclass(frozen=True)
class Phase:
    key: str
    rulebook: str                        # the rulebook's name for it, with its rule: "Movement Phase (10.0)"
    kind: str                            # "orders" (the phasing side) or "response" (the other side, mid-phase)
    awaited: Callable[[dict], str]       # the seat that acts
    label: Callable[[dict], str]         # e.g. "Turn 2 Soviet movement"
    template: TemplateFn
    check: CheckFn
    apply: ApplyFn                       # the step's events; moves the state to the next entry
    then: str                            # what comes next, as the rulebook says it
    opponents: Callable[[dict], tuple] | None = None   # whose reveal a roll here needs (default: all other seats)
    order_keys: frozenset[str] = field(default_factory=frozenset)   # the keys an order may use (empty: the check says)


class SequencedGame(GameModule):
    """A GameModule whose steps dispatch on its sequence-of-play table."""

    sequence: tuple[Phase, ...] = ()
    game_over_rule: str = ""

    def phase_key(self, state: dict) -> str:
        """Which entry of the table the state waits on."""
        return str(state["phase"])

    def game_over(self, state: dict) -> bool:
        return bool(state.get("game_over"))

    def normalise_orders(self, orders: Any) -> Any:
        """Orders as the checks read them (e.g. unquoted hex ids as text)."""
        return orders

    def after_step(self, data: GameData, state: dict, events: list) -> None:
        """What happens at the end of every step whatever the phase (e.g. a collapse check)."""

    # -- the table ----------------------------------------------------------------------
    def phase(self, state: dict) -> Phase:
        key = self.phase_key(state)
        for entry in self.sequence:
            if entry.key == key:
                return entry
        raise PbemError(f"internal: the state waits on {key!r}, which is not in the {self.id} sequence of play")

    def sequence_of_play(self) -> list[list[str]]:
        """The table as rows (step, kind, what comes next), for docs and `pbem rules`."""
        return [[p.rulebook, p.kind, p.then] for p in self.sequence]

    # -- the GameModule step methods ------------------------------------------------------
    def awaiting(self, state: dict) -> Awaiting:
        if self.game_over(state):
            return Awaiting(side="", kind="none", phase=f"game over ({self.game_over_rule})", done=True)
        entry = self.phase(state)
        side = entry.awaited(state)
        opponents = entry.opponents(state) if entry.opponents else tuple(sorted(s for s in state["seats"] if s != side))
        return Awaiting(side=side, kind=entry.kind, phase=entry.label(state), opponents=opponents)

    def template(self, data: GameData, state: dict, side: str) -> dict:
        return self.phase(state).template(data, state, side)

    def _refusals(self, data: GameData, state: dict, side: str, orders: Any) -> list[Problem]:
        if self.game_over(state):
            return [Problem(None, f"the game is over ({self.game_over_rule})")]
        waiting = self.awaiting(state)
        if side != waiting.side:
            return [Problem(None, f"{waiting.side} is to act, not {side}")]
        if not isinstance(orders, list) or any(not isinstance(o, dict) for o in orders):
            return [Problem(None, "`orders:` must be a list of mappings")]
        entry = self.phase(state)
        if entry.order_keys:
            for index, order in enumerate(orders):
                unknown = sorted(set(order) - entry.order_keys)
                if unknown:
                    return [Problem(index, f"unknown key(s) {', '.join(map(str, unknown))} here "
                                           f"(expected {', '.join(sorted(entry.order_keys))})")]
        return entry.check(data, state, side, orders)

    def check(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        before = data_hash(state)
        try:
            problems = self._refusals(data, state, side, self.normalise_orders(orders))
        except UnknownDataError as exc:
            problems = [Problem(None, str(exc))]
        if data_hash(state) != before:
            raise PbemError(f"internal: the {self.id} check of {self.phase_key(state)!r} changed the state")
        return problems

    def require_legal(self, data: GameData, state: dict, side: str, orders: list) -> None:
        # unlike check(), a value the data lacks is raised as itself (UnknownDataError)
        refuse_first(self._refusals(data, state, side, orders))

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        orders = self.normalise_orders(orders)
        self.require_legal(data, state, side, orders)
        events = self.phase(state).apply(data, state, side, orders, dice)
        self.after_step(data, state, events)
        return Outcome(state, events)
