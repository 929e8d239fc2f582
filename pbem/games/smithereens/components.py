"""2.x components: the counters (factors, steps, types) and the map (hexes, hexsides, regions);
the three armies (2.8) and the two camps, German and Grand Alliance (1.1)."""

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit import numbers
from ...kit.board import Board
from ...kit.terrain import MapData
from ...kit.sequence import SequencedGame

ARMIES = ("soviet", "western", "german")     # the counters' `side` values (2.8)
ALLIANCE = ("soviet", "western")             # the Grand Alliance (1.1)


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def spelled(n: int) -> str:
    """A number from the data as the rulebook writes it in a message ("eight")."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def ordinal(n: int) -> str:
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else f"{n}th"


def camp(army: str) -> str:
    return "german" if army == "german" else "alliance"


class SmithereensBase(SequencedGame):
    """The data accessors every rule group reads: a number comes from the data or refuses."""

    def seat_of(self, state: dict, army: str) -> str:
        return "alliance" if army in ALLIANCE and "alliance" in state["seats"] else army

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
        return str(self.hex_info(data, hex_id)["terrain"]).split(" (")[0]

    def hexside(self, data: GameData, a: str, b: str) -> tuple[str, ...]:
        """The features on a hexside (river, rhine, lake, sea, atc; () for none). The map data lists
        features only, so both hexes' terrain must be known for "none" to mean anything."""
        self.terrain(data, a)
        self.terrain(data, b)
        return self.map(data).hexside(a, b, hexes_known=False)

    def region(self, data: GameData, name: str, rule: str) -> set[str]:
        """The hexes of a named map area (map.regions.NAME.hexes), as canonical ids."""
        def build() -> set[str]:
            hexes = data.get(f"map.regions.{name}.hexes", f"the hexes of {name.replace('_', ' ')} ({rule})")
            return {self.grid(data).canonical(str(h)) for h in hexes}
        return data.derived(f"smithereens.region.{name}", build)

    def wehrkreis_cities(self, data: GameData, rule: str) -> set[str]:
        return {self.grid(data).canonical(str(h)) for h in data.get("map.wehrkreis_cities.hexes", f"the Wehrkreis cities ({rule})")}

    # -- the counters (2.10-2.16) ---------------------------------------------------------------
    def counter(self, data: GameData, unit_id: str) -> dict:
        counter = data.get(f"units.counters.{unit_id}", f"counter {unit_id}")
        return data.require_keys(counter, f"units.counters.{unit_id}", ("side", "type", "steps"), f"unit {unit_id}", "the unit counter")

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

    def army_of(self, data: GameData, unit_id: str) -> str:
        side = self.counter(data, unit_id)["side"]
        if side not in ARMIES:
            raise PbemError(f"counter {unit_id} has side {side!r}; expected one of {', '.join(ARMIES)}")
        return str(side)

    def is_mech(self, data: GameData, unit_id: str) -> bool:
        """2.11: mechanized or not by unit type (rules/smithereens/game.yaml unit_types)."""
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("mech"), bool):
            return bool(counter["mech"])
        value = unwrap(data.get(f"game.unit_types.{counter['type']}.mechanized", f"whether a {counter['type']} is mechanized (2.11)"))
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
        return state["turn"] in numbers.integers(data, "game.turns.thaw.turns", "the Thaw game turns (10.21)")

    def artillery_types(self, data: GameData) -> tuple[str, ...]:
        """The counter types of Soviet artillery (8.4, 9.10, 13.4)."""
        return numbers.texts(data, "special.soviet_artillery.unit_types", "the unit types of Soviet artillery (13.4)")

    def is_artillery(self, data: GameData, unit_id: str) -> bool:
        return str(self.counter(data, unit_id)["type"]) in self.artillery_types(data)

    def placement_codes(self, data: GameData, army: str) -> tuple[str, ...]:
        """The set-up codes of the units `army` places himself (3.6, 3.7); none for the Western Allies."""
        if not data.has(f"game.placement.codes.{army}"):
            return ()
        return numbers.texts(data, f"game.placement.codes.{army}", f"the set-up codes {army} units are placed by (3.6, 3.7)")

    def ruhr_cities(self, data: GameData) -> tuple[str, ...]:
        return numbers.texts(data, "economy.collapse.ruhr_cities", "the four Ruhr City hexes (4.2, 6.14, 7.3)")

    def berlin(self, data: GameData) -> str:
        return numbers.text(data, "economy.collapse.berlin", "Berlin's hex (7.3)")

    def antwerp(self, data: GameData) -> str:
        return numbers.text(data, "supply.sources.western_antwerp.hex", "Antwerp's hex (6.8)")

    def courland_ports(self, data: GameData) -> list[str]:
        ports = data.get("supply.sources.german_courland.ports", "the Courland ports (6.18)")
        return [str(ports[name]) for name in sorted(ports) if name not in ("rule", "note")]

    def oil_hex(self, data: GameData) -> str:
        return numbers.text(data, "economy.oil.hex", "the Nagykanizsa oil field hex (7.2)")


def _side_not_needed(unit_id: str) -> str:
    raise PbemError(f"internal: the side of {unit_id} was asked of a board built for its stacks only")
