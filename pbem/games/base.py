"""The small interface between the game-agnostic core and one game's rules.

A game module never touches files, keys or hashes. The core hands it plain data (the state
from the save, the orders from a verified message, a Dice source) and gets plain data back.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dice import Dice
from ..errors import PbemError
from ..gamedata import GameData
from ..hexgrid import GridSpec
from ..hidden.dealt import SharedPools
from ..hidden.rules import HiddenRules


@dataclass(frozen=True)
class Awaiting:
    """Who must act next, and how. kind is 'orders' (the phasing side) or 'response'
    (the non-moving side answering mid-phase, e.g. a defender choosing retreat or step loss)."""

    side: str
    kind: str
    phase: str            # human label, e.g. "Turn 2 Soviet prepared assaults"
    opponents: tuple = ()  # sides whose dice reveal this step needs, if it rolls dice
    done: bool = False     # the game is over

    def as_dict(self) -> dict:
        return {"side": self.side, "kind": self.kind, "phase": self.phase,
                "opponents": list(self.opponents), "done": self.done}


@dataclass(frozen=True)
class Problem:
    index: int | None     # which order (0-based), None for the file as a whole
    message: str          # includes the rule number, e.g. "(10.3)"


@dataclass
class Outcome:
    state: dict
    events: list = field(default_factory=list)   # plain dicts the report renders


@dataclass(frozen=True)
class MapUnit:
    """One counter as the map picture draws it (only what `side` may see)."""

    id: str
    hex: str
    label: str       # the short text under the id, e.g. "6-4-6"
    side: str        # colours it (GameModule.side_colours)
    steps: tuple[int, int] | None = None     # (left, full) drawn as pips, where the viewer may see them
    badges: tuple[str, ...] = ()             # short status markers, e.g. "OOS" (GameModule.badge_legend)


@dataclass(frozen=True)
class MapArrow:
    """One arrow of a step's map picture: a move, retreat or advance through `path` (start first)."""

    kind: str                   # "move", "retreat" or "advance"
    path: tuple[str, ...]
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class DemoPlan:
    """A game's demonstration campaign, played by `pbem demo` and rebuilt by the tests, and
    the policy the benchmarks play a long game with. It lives with the game."""

    demo_id: str                 # examples/<demo_id>/ holds its keys and demonstration data
    scenario: str
    seats: tuple[str, ...]
    title: str
    orders: list                 # (seat, orders) or (seat, callable(campaign, state) -> orders), in turn; seat None: the awaited one
    respond: Callable[[Any, dict], list]    # a legal answer when a response is awaited
    # the benchmarks' long game: (campaign, awaiting dict, state, random.Random) -> orders
    play: Callable[[Any, dict, dict, Any], list] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)   # the campaign options chosen at `pbem new`


def refuse_first(problems: list[Problem]) -> None:
    """The first problem refuses the whole order file, naming its order."""
    if problems:
        first = problems[0]
        where = f"order {first.index + 1}: " if first.index is not None else ""
        raise PbemError(f"illegal orders: {where}{first.message}")


class GameModule:
    """Methods every game implements. A game built on the kit gets the step methods from
    pbem.kit.sequence.SequencedGame (docs/adding-a-game.md)."""

    id: str = ""
    # Rules the module does not (yet) enforce. They are written into every campaign header at
    # `pbem new`, so the group agrees to them knowingly, and repeated at the foot of reports.
    not_enforced: tuple = ()
    # What the game hides from the enemy (fog of war, private chits): pbem.hidden.rules, None: nothing
    hidden: HiddenRules | None = None
    # Secret draws from shared pools (mental poker): pbem.hidden.dealt, None: no such draw
    dealing: SharedPools | None = None

    # The revision of the module's behaviour (how it adjudicates) that new campaigns play, and
    # every revision it still plays. A change that would give a running campaign another result
    # bumps `behaviour` and keeps the old code path for the older revisions (docs/upgrading.md);
    # the game reads the campaign's revision from GameData.behaviour.
    behaviour: int = 1
    behaviours: tuple = (1,)

    def plays(self, data: GameData, revision: int) -> bool:
        """Whether the campaign of `data` plays behaviour `revision` or later (outside a
        campaign, data loaded directly: the module's current behaviour)."""
        return (data.behaviour if data.behaviour is not None else self.behaviour) >= revision

    def seats(self, scenario: dict) -> list[list[str]]:
        """The allowed sets of player seats (e.g. [['german','alliance'], ['german','soviet','western']])."""
        raise NotImplementedError

    def options(self, given: dict) -> dict:
        """Validate and complete the campaign options chosen at `pbem new` (e.g. a rules level)."""
        if given:
            raise PbemError(f"{self.id} takes no options")
        return {}

    def not_enforced_for(self, options: dict) -> list:
        return list(self.not_enforced)

    def not_enforced_in(self, options: dict, scenario: dict) -> list:
        """The header's list for a campaign of this scenario (a game whose scenarios differ says so)."""
        return self.not_enforced_for(options)

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        raise NotImplementedError

    def awaiting(self, state: dict) -> Awaiting:
        raise NotImplementedError

    def template(self, data: GameData, state: dict, side: str) -> dict:
        """A pre-filled, commented order body for the current step."""
        raise NotImplementedError

    def check(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        raise NotImplementedError

    def require_legal(self, data: GameData, state: dict, side: str, orders: list) -> None:
        """apply() starts here: the first problem `check` finds refuses the whole order file."""
        refuse_first(self.check(data, state, side, orders))

    def canonical_orders(self, data: GameData, state: dict, side: str, orders: list) -> list:
        """The orders as the dice seed sees them: one form for every spelling that means the same
        (an empty optional list and an absent one, a set of units in any order). The seed hashes
        this form, so only a change of meaning changes a roll."""
        return orders

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        raise NotImplementedError

    def describe(self, data: GameData, state: dict, events: list) -> list:
        """Report blocks (see pbem.report) for one step's events."""
        raise NotImplementedError

    # The positions table of a report. `side` None is the public record both players receive;
    # a side's own report may show what the rules let that side alone see.
    position_headers: tuple = ("Hex", "Unit", "Side", "Steps")

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        raise NotImplementedError

    def off_map(self, data: GameData, state: dict, side: str | None = None) -> list:
        """Report blocks after the positions table: what lies off the map (holding boxes) and,
        in `side`'s own report, what only that side may see. A public block here is written
        into every step's report.txt: a game adds one only under a new behaviour revision."""
        return []

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        """Which side (army) a unit on the map belongs to (colours the map picture)."""
        raise NotImplementedError

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        """The short text under a unit's id on the map picture."""
        return ""

    # -- what the core shows without knowing the game ----------------------------------------
    side_colours: Mapping[str, str] = {}     # unit_side -> the counter colour of the map picture
    # hexside feature -> the line the picture draws for it (river, rhine, lake, sea), most visible first
    hexside_lines: Mapping[str, str] = {}
    # a MapUnit badge -> what the picture's legend says it means, with its rule
    badge_legend: Mapping[str, str] = {}
    # the open collections `pbem data missing` asks a campaign to fill in, with their form
    open_collections: str = ""

    def grid(self, data: GameData) -> GridSpec:
        raise NotImplementedError

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        """The counters on the map, as `side` (None: the public record) may see them."""
        raise NotImplementedError

    def map_marks(self, data: GameData, state: dict) -> dict[str, str]:
        """Hex -> a label drawn there (e.g. the last combats' columns and results)."""
        return {}

    def map_combats(self, data: GameData, state: dict, events: list) -> dict[str, str]:
        """Hex -> the combat marker of a step's picture (odds column, roll and result; a "\\n"
        starts a line), from the step's events and the state after it."""
        return self.map_marks(data, state)

    def map_arrows(self, data: GameData, before: dict | None, state: dict, events: list,
                   side: str | None = None) -> list[MapArrow]:
        """The step's moves, retreats and advances as `side` (None: the public record) may see
        them; `before` is the state the step started from (None for save 0). The picture draws
        only arrows of counters that map_units shows to the same viewer."""
        return []

    def missing_entries(self, data: GameData) -> list[tuple[str, str, Any]]:
        """(path, printed on, skeleton) for each entry of an open collection the game's rules
        name (a reinforcement's counter, a town's hex) that the data lacks, for `pbem data
        missing` and `pbem data template`."""
        return []

    def setup_note(self, data: GameData, state: dict) -> str | None:
        """A note for `pbem new` about the position set up (e.g. that no counters are known yet)."""
        return None

    def demo_plan(self) -> DemoPlan | None:
        return None
