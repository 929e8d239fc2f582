"""2.x components: the counters (factors, steps, types) and the map (hexes, hexsides, regions);
the three armies (2.8) and the two camps, German and Grand Alliance (1.1)."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ...canonical import plain_copy
from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit import numbers
from ...kit.board import Board
from ...kit.terrain import MapData
from ...kit.sequence import SequencedGame
from ..base import Outcome, Problem

ARMIES = ("soviet", "western", "german")     # the counters' `side` values (2.8)
ALLIANCE = ("soviet", "western")             # the Grand Alliance (1.1)
START_CONTROL = {"german": "german", "grand_alliance": "alliance", "alliance": "alliance"}   # 3.9, as the data writes it
GROUPINGS = ("commonwealth", "us")                                                       # 8.5
WORKS = ("fortification", "heavy_fortification", "usir")                                   # 11.17


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


# The fixed seed of a check's trial run: the check applies the step to a copy with these dice,
# so that it meets every value the step would read (it never decides anything from them)
TRIAL_SEED = "0" * 64
TRIAL_PLAN = "smithereens.trial"       # keep_plan's name of a trial that may stand for the step (trial_apply)


class Trial:
    """A step played on a copy of the state: the function played (a phase's apply, for a trial_apply),
    its side, the state and events it made, and the map overlay laid at its end (13.8)."""

    __slots__ = ("step", "side", "state", "events", "overlay")

    def __init__(self, step: Callable, side: str, state: dict, events: list, overlay: dict) -> None:
        self.step, self.side, self.state, self.events, self.overlay = step, side, state, events, overlay


def spelled(n: int) -> str:
    """A number from the data as the rulebook writes it in a message ("eight")."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def ordinal(n: int) -> str:
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else f"{n}th"


# 14.1: in the World War III scenarios the Soviet and the Western Allies are each other's enemies
# (no German player turn); set for the step of a WWIII state by state_map (wwiii.py) to the ids of
# the German counters that play as Western Allied units there (14.15), None outside WWIII
WWIII: ContextVar[frozenset | None] = ContextVar("smithereens_wwiii", default=None)


def camp(army: str) -> str:
    if WWIII.get() is not None:
        return army
    return "german" if army == "german" else "alliance"


class SmithereensBase(SequencedGame):
    """The data accessors every rule group reads: a number comes from the data or refuses."""

    def seat_of(self, state: dict, army: str) -> str:
        return "alliance" if army in ALLIANCE and "alliance" in state["seats"] else army

    def trial_run(self, data: GameData, state: dict, step: Callable[[dict, Dice], list]) -> None:
        """Whatever apply would refuse, check reports first (docs/adding-a-game.md 4): the step is
        applied to a copy of the state with fixed dice, so a value it reads that the data lacks is
        met here (as UnknownDataError, which check reports as a problem naming its path)."""
        self._trial(data, state, step, Dice(seed=TRIAL_SEED))

    def _trial(self, data: GameData, state: dict, step: Callable[[dict, Dice], list], dice: Dice) -> Trial:
        trial = plain_copy(state)        # a checked state is plain data with no shared part (issue 13: deepcopy's cost)
        with self.state_map(data, trial):
            events = step(trial, dice)
            self.after_step(data, trial, events)
            return Trial(step, "", trial, events, self.map(data).overlay)

    def trial_apply(self, data: GameData, state: dict, side: str, orders: list,
                    apply: Callable[[GameData, dict, str, list, Dice], list]) -> None:
        """trial_run of a phase's apply of `orders`. Inside apply(), a trial that rolled no die is kept
        for the step (step_from_trial): the same function on an equal state, the same orders and no die
        to tell the fixed dice from the step's make the same state, events and overrides read (issue 13:
        a step was played twice)."""
        dice = Dice(seed=TRIAL_SEED)
        tried = self._trial(data, state, lambda trial, rolled: apply(data, trial, side, orders, rolled), dice)
        if not dice.rolls:
            self.keep_plan(TRIAL_PLAN, state, orders, Trial(apply, side, tried.state, tried.events, tried.overlay))

    def step_from_trial(self, data: GameData, state: dict, side: str, orders: list) -> list | None:
        tried = self.checked_plan(TRIAL_PLAN, state, orders)
        if tried is None or tried.step != self.phase(state).apply or tried.side != side:
            return None
        state.clear()
        state.update(tried.state)
        self.map(data).overlay = tried.overlay       # what the step's own apply leaves laid (13.8: renew_map)
        return tried.events

    # -- what the game state changes on the map (13.8) ---------------------------------------------
    def map_overlay(self, data: GameData, state: dict) -> dict[str, dict]:
        """Hex -> the facts the state lays over the map data: a Thunderclapped city "ceases to be a
        city for all purposes and is considered to be only a rough terrain hex for the rest of the
        game" (13.8, behaviour 4)."""
        if not self.plays(data, 4):
            return {}
        return {strike["hex"]: {"terrain": "rough", "city": False} for strike in state.get("thunderclaps", [])}

    @contextmanager
    def state_map(self, data: GameData, state: dict) -> Iterator[None]:
        """Every map lookup inside (terrain(), is_city(), hex_info(), hex_fact()) sees `state`'s
        overlay; the one in force before comes back after, so a check leaves nothing behind."""
        board = self.map(data)
        before = board.overlay
        board.overlay = self.map_overlay(data, state)
        # an empty state: the printed map only
        token = WWIII.set(frozenset(state["wwiii"].get("german_allied", ())) if "wwiii" in state else None) if state else None
        try:
            yield
        finally:
            board.overlay = before
            if token is not None:
                WWIII.reset(token)

    def renew_map(self, data: GameData, state: dict) -> None:
        """A step that changed the overlay (13.8) lays it at once for the rest of the step."""
        self.map(data).overlay = self.map_overlay(data, state)

    def check(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        with self.state_map(data, state):
            return super().check(data, state, side, orders)

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        with self.state_map(data, state):
            return super().apply(data, state, side, orders, dice)

    def template(self, data: GameData, state: dict, side: str) -> dict:
        with self.state_map(data, state):
            return super().template(data, state, side)

    def once(self, data: GameData, read: Callable[[GameData, str, str], Any], path: str, what: str) -> Any:
        """A rulebook value read by `read` (numbers.integer, text, texts, ...) once per data (issue 13:
        every stack, supply line and step asks again); a value the data lacks or gives wrong is not
        kept, so it refuses at every call, in that call's own words."""
        return data.derived(f"smithereens.{read.__name__}|{path}", lambda: read(data, path, what))

    # -- the map (2.3, 16.1) ------------------------------------------------------------------
    def map(self, data: GameData) -> MapData:
        return MapData.of(data, "the map (16.1)")

    def grid(self, data: GameData) -> GridSpec:
        return self.map(data).grid

    def hexes(self, data: GameData) -> dict:
        return self.map(data).hexes()

    def hex_info(self, data: GameData, hex_id: str) -> dict:
        """What the data says of a listed hex, {value, rule} wrappers unwrapped; a hex the data
        does not list (or whose terrain it lacks) refuses, naming the override path."""
        return self.map(data).info(hex_id)

    def terrain(self, data: GameData, hex_id: str) -> str:
        """The hex's natural terrain ("clear (city)" in the data means clear, 10.19)."""
        return self.map(data).terrain(hex_id).split(" (")[0]          # hex_info's terrain, read without a copy

    def hexside(self, data: GameData, a: str, b: str) -> tuple[str, ...]:
        """The features on a hexside (river, rhine, lake, sea, atc; () for none). The map data lists
        features only, so both hexes' terrain must be known for "none" to mean anything."""
        self.terrain(data, a)
        self.terrain(data, b)
        return self.map(data).hexside(a, b, hexes_known=False)

    def hex_fact(self, data: GameData, hex_id: str, key: str, what: str) -> Any:
        """A fact the data lists for a hex (`city`, `fortification`, `vp`, ...), wrappers unwrapped;
        None when a complete entry (terrain known, docs/data-format.md) does not list it. `unknown`,
        or a fact absent from an entry whose terrain is still unknown, refuses naming its path."""
        board = self.map(data)
        value = board.entry(hex_id).get(key)
        if value == "unknown" or (value is None and not board.terrain_known(hex_id)):
            raise UnknownDataError(f"map.hexes.{hex_id}.{key}", what, "the map (16.1)", data.override_file)
        return value

    def is_city(self, data: GameData, hex_id: str, rule: str) -> bool:
        """Whether a hex is a city (2.3); `city: unknown` refuses, it never means "no" (3.9, 11.18)."""
        value = self.hex_fact(data, hex_id, "city", f"whether hex {hex_id} is a city ({rule})")
        if value not in (None, True, False):
            raise PbemError(f"map.hexes.{hex_id}.city must be true or false, not {value!r}")
        return value is True

    def start_control(self, data: GameData, hex_id: str, rule: str) -> str:
        """3.9: who controlled a city at the start ("german" or "alliance"), from the map data."""
        what = f"who controlled the city in {hex_id} at the start (3.9, {rule})"
        value = self.hex_fact(data, hex_id, "control_at_start", what)
        if value is None:                  # a city always has a controller at the start (3.9)
            raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", what, "the map and set-up (3.9)", data.override_file)
        start = START_CONTROL.get(str(value))
        if start is None:
            raise PbemError(f"map.hexes.{hex_id}.control_at_start must be one of {', '.join(START_CONTROL)}, not {value!r}")
        return start

    def works(self, data: GameData, hex_id: str, rule: str) -> str | None:
        """The German works in a hex (11.17): fortification, heavy_fortification, usir, or None."""
        works = self.hex_fact(data, hex_id, "fortification", f"the fortification in hex {hex_id} ({rule})")
        if works not in (None, False, "none", *WORKS):
            raise PbemError(f"map.hexes.{hex_id}.fortification must be one of {', '.join(WORKS)}, not {works!r}")
        return works if works in WORKS else None

    def controller(self, data: GameData, state: dict, hex_id: str, rule: str) -> str:
        """Who controls a city now (3.9): "german" or "alliance"; a city whose control at the start
        the data lacks refuses, naming map.hexes.HEX.control_at_start."""
        if hex_id not in state["control"]:
            raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", f"who controlled the city in {hex_id} at the start "
                                   f"(3.9), for {rule}", "the map and set-up (3.9)", data.override_file)
        return str(state["control"][hex_id])

    def german_city(self, data: GameData, state: dict, hex_id: str, rule: str) -> bool:
        """A city now under German control (a hex that is no city: False)."""
        return self.is_city(data, hex_id, rule) and self.controller(data, state, hex_id, rule) == "german"

    def prohibited(self, data: GameData, hex_id: str) -> bool:
        """10.17: a hex no unit may enter (`prohibited: true` in the map data)."""
        return self.hex_fact(data, hex_id, "prohibited", f"whether units may enter hex {hex_id} (10.17)") is True

    def region(self, data: GameData, name: str, rule: str) -> set[str]:
        """The hexes of a named map area (map.regions.NAME.hexes), as canonical ids."""
        def build() -> set[str]:
            hexes = data.get(f"map.regions.{name}.hexes", f"the hexes of {name.replace('_', ' ')} ({rule})")
            return {self.grid(data).canonical(str(h)) for h in hexes}
        return data.derived(f"smithereens.region.{name}", build)

    def if_known(self, data: GameData, key: str, build: Callable[[], Any]) -> Any:
        """build(), or None where the data lacks a value it reads: worked out once per data under `key`,
        with the overrides it read (issue 13: the refusal was built again at every use)."""
        def kept() -> Any:
            try:
                return build()
            except UnknownDataError:
                return None
        return data.derived(key, kept)

    def region_if_known(self, data: GameData, name: str, rule: str) -> set[str] | None:
        """region(), or None where the data lacks the area (if_known: every hex entered asks)."""
        return self.if_known(data, f"smithereens.region_if_known.{name}", lambda: self.region(data, name, rule))

    def wehrkreis_cities(self, data: GameData, rule: str) -> set[str]:
        return {self.grid(data).canonical(str(h)) for h in data.get("map.wehrkreis_cities.hexes", f"the Wehrkreis cities ({rule})")}

    # -- the counters (2.10-2.16) ---------------------------------------------------------------
    def counter(self, data: GameData, unit_id: str) -> dict:
        """Looked up once per data and unit (issue 13); a counter the data lacks refuses at every call."""
        def build() -> dict:
            counter = data.get(f"units.counters.{unit_id}", f"counter {unit_id}")
            return data.require_keys(counter, f"units.counters.{unit_id}", ("side", "type", "steps"), f"unit {unit_id}",
                                     "the unit counter")
        return data.derived(f"smithereens.counter.{unit_id}", build)

    def factors(self, data: GameData, unit_id: str, steps: int) -> dict:
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("by_steps"), dict):              # 2.15: Western corps, one counter per step
            face, factors = f"by_steps.{steps}", counter["by_steps"].get(str(steps), "unknown")
        else:
            face = "full" if steps >= counter["steps"] else "reduced"  # 2.16: a step loss flips the counter
            factors = counter.get(face, "unknown")
        if not isinstance(factors, dict) or any(factors.get(k, "unknown") == "unknown" for k in ("attack", "defense", "movement")):
            raise UnknownDataError(f"units.counters.{unit_id}.{face}", f"the {face}-strength factors of {unit_id}",
                                   "the unit counter", data.override_file)
        return factors

    def grouping(self, data: GameData, unit_id: str) -> str | None:
        """8.5: a Western Allied unit is Commonwealth or US (its counter's colours); None for others."""
        if self.army_of(data, unit_id) != "western":
            return None
        value = unwrap(self.counter(data, unit_id).get("grouping", "unknown"))
        if value not in GROUPINGS:
            raise UnknownDataError(f"units.counters.{unit_id}.grouping", f"whether {unit_id} is Commonwealth or US (8.5)",
                                   "the unit counter", data.override_file)
        return str(value)

    def army_of(self, data: GameData, unit_id: str) -> str:
        if unit_id in (WWIII.get() or ()):
            return "western"              # 14.15: German-Allied reinforcements, "part of the US army grouping"
        # kept per data and unit (issue 13: asked about 100 times a step); a wrong side is not kept, so it refuses every time
        return data.derived(f"smithereens.army.{unit_id}", lambda: self._printed_army(data, unit_id))

    def _printed_army(self, data: GameData, unit_id: str) -> str:
        side = self.counter(data, unit_id)["side"]
        if side not in ARMIES:
            raise PbemError(f"counter {unit_id} has side {side!r}; expected one of {', '.join(ARMIES)}")
        return str(side)

    def is_mech(self, data: GameData, unit_id: str) -> bool:
        """2.11: mechanized or not by unit type (rules/smithereens/game.yaml unit_types)."""
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("mech"), bool):
            return bool(counter["mech"])
        path = f"game.unit_types.{counter['type']}.mechanized"         # read once per data and type (issue 13)
        value = data.derived(f"smithereens.{path}", lambda: unwrap(data.get(path, f"whether a {counter['type']} is mechanized (2.11)")))
        if not isinstance(value, bool):
            raise UnknownDataError(f"units.counters.{unit_id}.mech", f"whether {unit_id} is mechanized ({value})",
                                   "the unit counter", data.override_file)
        return value

    # -- the position ---------------------------------------------------------------------------
    def board(self, data: GameData, state: dict) -> Board:
        """The units on the map; the two camps are each other's enemies (1.1)."""
        return Board(state["units"], lambda u: self.army_of(data, u), lambda a, b: camp(a) == camp(b))

    def stacks(self, state: dict) -> dict[str, list[str]]:
        """Hex -> its units in unit-id order."""
        return Board(state["units"], _side_not_needed).stacks()

    def enemies_in(self, data: GameData, state: dict, hex_id: str, army: str) -> list[str]:
        return self.board(data, state).enemies_in(hex_id, army)

    # -- rulebook numbers and lists the rules read (rules/smithereens/*.yaml) -------------------
    def thaw(self, data: GameData, state: dict) -> bool:
        """10.21: the Thaw game turns."""
        return state["turn"] in self.once(data, numbers.integers, "game.turns.thaw.turns", "the Thaw game turns (10.21)")

    def artillery_types(self, data: GameData) -> tuple[str, ...]:
        """The counter types of Soviet artillery (8.4, 9.10, 13.4)."""
        return self.once(data, numbers.texts, "special.soviet_artillery.unit_types", "the unit types of Soviet artillery (13.4)")

    def is_artillery(self, data: GameData, unit_id: str) -> bool:
        return str(self.counter(data, unit_id)["type"]) in self.artillery_types(data)

    def placement_codes(self, data: GameData, army: str) -> tuple[str, ...]:
        """The set-up codes of the units `army` places himself (3.6, 3.7); none for the Western Allies."""
        if not data.has(f"game.placement.codes.{army}"):
            return ()
        return self.once(data, numbers.texts, f"game.placement.codes.{army}", f"the set-up codes {army} units are placed by (3.6, 3.7)")

    def ruhr_cities(self, data: GameData) -> tuple[str, ...]:
        return self.once(data, numbers.texts, "economy.collapse.ruhr_cities", "the four Ruhr City hexes (4.2, 6.14, 7.3)")

    def berlin(self, data: GameData) -> str:
        return self.once(data, numbers.text, "economy.collapse.berlin", "Berlin's hex (7.3)")

    def antwerp(self, data: GameData) -> str:
        return self.once(data, numbers.text, "supply.sources.western_antwerp.hex", "Antwerp's hex (6.8)")

    def courland_ports(self, data: GameData) -> list[str]:
        def build() -> list[str]:        # once per data, as region() (issue 13: every supply line asks)
            ports = data.get("supply.sources.german_courland.ports", "the Courland ports (6.18)")
            return [str(ports[name]) for name in sorted(ports) if name not in ("rule", "note")]
        return data.derived("smithereens.courland_ports", build)

    def oil_hex(self, data: GameData) -> str:
        return self.once(data, numbers.text, "economy.oil.hex", "the Nagykanizsa oil field hex (7.2)")


def _side_not_needed(unit_id: str) -> str:
    raise PbemError(f"internal: the side of {unit_id} was asked of a board built for its stacks only")
