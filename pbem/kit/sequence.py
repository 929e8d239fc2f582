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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..canonical import data_hash
from ..dice import Dice
from ..errors import PbemError, UnknownDataError
from ..gamedata import GameData
from ..games.base import Awaiting, GameModule, Outcome, Problem, refuse_first
from .orders import close_spellings, missing_sheet, order_tokens

CheckFn = Callable[[GameData, dict, str, list], list[Problem]]
ApplyFn = Callable[[GameData, dict, str, list, Dice], list[dict]]
TemplateFn = Callable[[GameData, dict, str], dict]
NoChoiceFn = Callable[[GameData, dict], "str | None"]

# Campaigns set up before phases without a choice passed by themselves lack this state key;
# their phases keep awaiting signed (empty) orders, so every step they recorded replays as it was.
PASSES = "passes_without_choice"


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
    # why the awaited side has no choice at all under the rules here (None: it has one): the
    # phase then passes by itself, as empty orders would, recorded in the step's events
    no_choice: NoChoiceFn | None = None


class SequencedGame(GameModule):
    """A GameModule whose steps dispatch on its sequence-of-play table."""

    sequence: tuple[Phase, ...] = ()
    game_over_rule: str = ""
    # inside apply() only: the plans the step's check worked out, for its apply (keep_plan, checked_plan)
    _planning: dict | None = None

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

    def known_ids(self, data: GameData, state: dict) -> dict[str, Iterable[str]]:
        """The ids an order may name: "unit" (every unit of the game) and "hex" (the hexes the
        data lists or units occupy). A refused order naming a unit not among them gets the
        nearest spellings, a hex not among them the hexes it names but for a map sheet's letter."""
        return {}

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
                                           f"(expected {', '.join(sorted(entry.order_keys))})"
                                           + self._other_step(unknown, entry, state))]
        return self._with_suggestions(data, state, orders, entry.check(data, state, side, orders))

    def _other_step(self, unknown: list, entry: Phase, state: dict) -> str:
        """An order written for another step of the table (a prepared assault sent in the movement
        phase): which step takes its key, and which one the campaign awaits now."""
        for key in unknown:
            steps = [p.rulebook for p in self.sequence if p is not entry and key in p.order_keys]
            if steps:
                more = f" (and {len(steps) - 1} more)" if len(steps) > 1 else ""
                return f"; `{key}:` is an order of another step: {steps[0]}{more}; this one is {entry.label(state)}"
        return ""

    def _with_suggestions(self, data: GameData, state: dict, orders: list, problems: list[Problem]) -> list[Problem]:
        """Each refused order's unknown unit or hex ids, with the nearest valid ones."""
        if not problems:
            return problems
        try:
            known = {what: set(ids) for what, ids in self.known_ids(data, state).items()}
        except PbemError:        # a suggestion only: the data lacking the ids must not hide the refusal itself
            return problems
        if not known:            # a game that lists no ids
            return problems
        every = known["unit"] | known["hex"]
        out = []
        for problem in problems:
            notes = []
            # a refusal that already names the nearest ids (its own, e.g. among the side's units) keeps them alone
            if problem.index is not None and problem.index < len(orders) and "did you mean" not in problem.message:
                for token in order_tokens(orders[problem.index]):
                    if token in every:
                        continue
                    near = close_spellings(token, known["unit"]) + missing_sheet(token, known["hex"])
                    if near:
                        notes.append(f"{token}: did you mean {' or '.join(near)}?")
            out.append(Problem(problem.index, f"{problem.message} — {'; '.join(notes)}") if notes else problem)
        return out

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
        self._planning = {}
        try:
            self.require_legal(data, state, side, orders)
            tried = self.step_from_trial(data, state, side, orders)
            events = self.phase(state).apply(data, state, side, orders, dice) if tried is None else tried
        finally:
            self._planning = None
        if tried is None:
            self.after_step(data, state, events)
        self.pass_without_choice(data, state, events, dice)
        return Outcome(state, events)

    def step_from_trial(self, data: GameData, state: dict, side: str, orders: list) -> list | None:
        """The events of the step when the check has already played it whole on a copy (its apply and
        after_step) in a way that stands for the step itself; `state` is then made what the step makes
        it. None (here, always): the step is applied."""
        return None

    def keep_plan(self, name: str, state: dict, orders: list, plan: Any) -> None:
        """A phase's check keeps the plan it worked out (a movement's paths and costs) for the apply
        of the same step, which then need not work it out again (issue 13). Kept only inside apply(),
        where nothing changes the state between the check and the apply; a check alone keeps nothing."""
        if self._planning is not None:
            self._planning[name] = (state, orders, plan)

    def checked_plan(self, name: str, state: dict, orders: list) -> Any:
        """The plan the check of this step kept for these very state and orders objects (once), else None."""
        held = self._planning.pop(name, None) if self._planning is not None else None
        return held[2] if held is not None and held[0] is state and held[1] is orders else None

    def pass_without_choice(self, data: GameData, state: dict, events: list, dice: Dice) -> None:
        """Each next phase in which the awaited side has no choice at all passes by itself, as
        its empty orders would, with a `passed` event naming the rule (only in campaigns set up
        with PASSES in their state)."""
        while PASSES in state and not self.game_over(state):
            entry = self.phase(state)
            why = entry.no_choice(data, state) if entry.no_choice else None
            if why is None:
                return
            waiting = self.awaiting(state)
            events.append({"event": "passed", "side": waiting.side, "phase": waiting.phase, "why": why})
            events += entry.apply(data, state, waiting.side, [], dice)
            self.after_step(data, state, events)
