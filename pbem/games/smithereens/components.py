"""2.x components: the counters (factors, steps, types) and the map (hexes, hexsides, regions); the three armies and the two camps."""

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec, hexside_key
from ...kit.sequence import SequencedGame

ARMIES = ("soviet", "western", "german")
ALLIANCE = ("soviet", "western")
THAW_TURNS = (5, 6)                  # 10.21
GERMAN_DETERIORATION_TURN = 4        # 10.26
VICTORY_THRESHOLD = 6                # 4.4: the German wins with more than 6 VPs
ARTILLERY = ("soviet_artillery", "artillery")
RUHR_CITIES = ("2207", "2306", "2406", "2407")                  # 4.2 Design Note, 6.14
BERLIN = "3611"                                                  # 7.3
NO_REPLACEMENTS = ("hungarian", "italian_fascist", "romanian", "polish_communist", "bulgarian")   # 9.9
NEVER_RECLAIMED = ("soviet_artillery", "artillery", "soviet_cavalry_mechanized_group")           # 9.10
REPLACEMENT_RATES = {   # 9.12-9.14: steps per game turn, and per-group caps
    "soviet": {"steps": 4, "caps": {"mech": 2}},
    "western": {"steps": 4, "caps": {"commonwealth": 1, "french": 1}},
}
PHASE_NAMES = {"movement": "movement", "assault": "prepared assaults", "response": "loss choices",
               "placement": "set-up placement"}
PLACEMENT_CODES = {"german": ("A", "AS"), "soviet": ("M",)}      # 3.6, 3.7


def camp(army: str) -> str:
    return "german" if army == "german" else "alliance"


class SmithereensBase(SequencedGame):
    def seat_of(self, state: dict, army: str) -> str:
        return "alliance" if army in ALLIANCE and "alliance" in state["seats"] else army

    def grid(self, data: GameData) -> GridSpec:
        if "grid" not in data.cache:
            spec = data.get("game.hex_grid", "the hex grid")
            data.cache["grid"] = GridSpec.from_dict({k: spec[k] for k in ("numbering", "offset", "maps")})
        return data.cache["grid"]

    def hexes(self, data: GameData) -> dict:
        hexes = data.get("map.hexes", "the map's hexes")
        return {k: v for k, v in hexes.items() if k not in ("open", "rule", "printed_on")}

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

    def terrain(self, data: GameData, hex_id: str) -> str:
        """The hex's natural terrain ("clear (city)" in the data means clear, 10.19)."""
        terrain = self.hex_info(data, hex_id).get("terrain", "unknown")
        if terrain == "unknown":
            raise UnknownDataError(f"map.hexes.{hex_id}.terrain", f"the terrain of hex {hex_id}",
                                   "the map (16.1)", data.override_file)
        return str(terrain).split(" (")[0]

    def hex_info(self, data: GameData, hex_id: str) -> dict:
        """What the data says of a hex, with {value, rule} wrappers unwrapped."""
        info = self.hexes(data).get(hex_id)
        if not isinstance(info, dict):
            return {}
        return {k: unwrap(v) for k, v in info.items()}

    def region(self, data, name: str, rule: str) -> set:
        """The hexes of a named map area (map.regions.NAME.hexes), as canonical ids."""
        key = f"region:{name}"
        if key not in data.cache:
            hexes = data.get(f"map.regions.{name}.hexes", f"the hexes of {name.replace('_', ' ')} ({rule})")
            data.cache[key] = {self.grid(data).canonical(str(h)) for h in hexes}
        return data.cache[key]

    def wehrkreis_cities(self, data, rule: str) -> set:
        return {self.grid(data).canonical(str(h)) for h in data.get("map.wehrkreis_cities.hexes", f"the Wehrkreis cities ({rule})")}

    def hexside(self, data: GameData, a: str, b: str) -> str:
        """The feature on a hexside (river, rhine, lake, sea, atc) or 'none'. The map data lists
        features only, so both hexes' terrain must be known for 'none' to mean anything."""
        self.terrain(data, a)
        self.terrain(data, b)
        sides = data.get("map.hexsides", "hexside features", default={}) or {}
        feature = sides.get(hexside_key(a, b), "none") if isinstance(sides, dict) else "none"
        return unwrap(feature)

    def stacks(self, state: dict) -> dict:
        stacks: dict[str, list[str]] = {}
        for unit_id, unit in sorted(state["units"].items()):
            stacks.setdefault(unit["hex"], []).append(unit_id)
        return stacks

    def army_of(self, data, unit_id) -> str:
        side = self.counter(data, unit_id)["side"]
        if side not in ARMIES:
            raise PbemError(f"counter {unit_id} has side {side!r}; expected one of {', '.join(ARMIES)}")
        return side

    def enemies_in(self, data, state, hex_id: str, army: str) -> list[str]:
        return [u for u in self.stacks(state).get(hex_id, []) if camp(self.army_of(data, u)) != camp(army)]

    def is_mech(self, data, unit_id) -> bool:
        """2.11: mechanized or not by unit type (rules/smithereens/game.yaml unit_types)."""
        counter = self.counter(data, unit_id)
        if isinstance(counter.get("mech"), bool):
            return counter["mech"]
        value = unwrap(data.get(f"game.unit_types.{counter['type']}.mechanized", f"whether a {counter['type']} is mechanized (2.11)"))
        if not isinstance(value, bool):
            raise UnknownDataError(f"units.counters.{unit_id}.mech", f"whether {unit_id} is mechanized ({value})",
                                   "the unit counter", data.override_file)
        return value
