"""Hex and hexside features from the data, one contract for every game.

`map.hexes` is an open collection: a hex is known once the campaign lists it (with its
`terrain`); until then every lookup refuses with UnknownDataError naming `map.hexes.HEX` and
the data override to fill in. A listed hex is a complete entry: a feature it does not list
(`city`, `fortification`, ...) is not there, as docs/data-format.md says.

Hexsides are listed under `map.hexsides` by `hexside_key` ("2516|2517"), each with one feature
or a list of them; `hexside()` always answers a tuple of feature names, () for a plain side.
"""

from __future__ import annotations

from typing import Any

from ..errors import PbemError, UnknownDataError
from ..gamedata import GameData, unwrap
from ..hexgrid import GridSpec, hexside_key

_META = ("open", "rule", "printed_on", "note", "notes")


def known(data: GameData, path: str, what: str, printed_on: str | None = None) -> Any:
    """data.get, naming where the value is printed when the rulebook data does not say."""
    try:
        return data.get(path, what)
    except UnknownDataError:
        if printed_on is None:
            raise
        raise UnknownDataError(path, what, printed_on, data.override_file) from None


HEXSIDES = "map.hexsides."
HEXES = "map.hexes."


def hexside_key_problems(data: GameData, values: dict) -> list[str]:
    """Hexside entries of an override or amendment (`map.hexsides.A|B`) that no lookup would
    ever find: a lookup asks for the two canonical hex ids sorted and joined by "|", so a key
    written the other way round, or naming two hexes that are not adjacent, would be silently
    ignored (a lake that never blocks). Refused when a campaign is made or an amendment
    proposed, naming the spelling that works; campaigns already running are not re-judged."""
    keys = [k[len(HEXSIDES):] for k in values if isinstance(k, str) and k.startswith(HEXSIDES)]
    whole = values.get("map.hexsides")
    keys += [k for k in whole if k not in _META] if isinstance(whole, dict) else []
    problems = []
    for key in keys:
        hexes = str(key).split("|")
        if len(hexes) != 2:
            problems.append(f"{HEXSIDES}{key}: a hexside is two hex ids joined by '|' (e.g. 2516|2517)")
            continue
        try:
            wanted = hexside_key(hexes[0], hexes[1], MapData.of(data).grid)
        except (ValueError, PbemError) as exc:
            problems.append(f"{HEXSIDES}{key}: {exc}")
            continue
        if wanted != key:
            problems.append(f"{HEXSIDES}{key}: write it {HEXSIDES}{wanted} (the two hex ids sorted, joined by '|'), "
                            "else no lookup finds it")
    return problems


def hex_key_problems(data: GameData, values: dict) -> list[str]:
    """Hex entries of an amendment (`map.hexes.HEX`) that no lookup would find: a lookup asks for
    the canonical hex id, so `t6`, `T06` or `T6 ` beside a listed T6 would be silently ignored
    while its countersigners read a hex's terrain changed (red team round 2)."""
    keys = [k[len(HEXES):].split(".", 1)[0] for k in values if isinstance(k, str) and k.startswith(HEXES)]
    whole = values.get("map.hexes")
    keys += [str(k) for k in whole if k not in _META] if isinstance(whole, dict) else []
    problems = []
    for key in keys:
        try:
            wanted = MapData.of(data).grid.canonical(key)
        except (ValueError, PbemError) as exc:
            problems.append(f"{HEXES}{key}: {exc}")
            continue
        if wanted != key:
            problems.append(f"{HEXES}{key}: write it {HEXES}{wanted}, else no lookup finds it")
    return problems


class MapData:
    """The map of one game's data: grid, hexes, hexsides. Cached per GameData."""

    def __init__(self, data: GameData, printed_on: str = "the game map"):
        self.data = data
        self.printed_on = printed_on
        # hex -> facts the game state lays over the data's (a city bombed to rough terrain, ...):
        # set by the game for the state it adjudicates, read by entry() and so by every lookup
        self.overlay: dict[str, dict] = {}
        # hex -> its data entry with wrappers unwrapped (entry(): a supply line asks thousands of
        # times), for the hex list it was read from (a new list, a new cache)
        self._unwrapped: dict[str, dict] = {}
        self._unwrapped_of: dict | None = None

    @staticmethod
    def of(data: GameData, printed_on: str = "the game map") -> "MapData":
        return data.derived(f"kit.map|{printed_on}", lambda: MapData(data, printed_on))

    # -- the grid -----------------------------------------------------------------------
    @property
    def grid(self) -> GridSpec:
        return self.data.derived("kit.grid", self._grid)

    def _grid(self) -> GridSpec:
        spec = self.data.get("game.hex_grid", "the hex grid")
        wanted = {k: spec[k] for k in ("numbering", "offset", "maps") if k in spec}
        try:
            return GridSpec.from_dict(wanted)
        except ValueError as exc:
            raise PbemError(f"game.hex_grid: {exc}") from None

    # -- hexes --------------------------------------------------------------------------
    def hexes(self) -> dict[str, dict]:
        """Every listed hex id -> its raw entry (provenance keys of the collection left out)."""
        def listed() -> dict[str, dict]:
            hexes = self.data.get("map.hexes", "the map's hexes")
            return {h: v for h, v in hexes.items() if h not in _META}
        return self.data.derived("kit.hexes", listed)

    def listed(self, hex_id: str) -> bool:
        return isinstance(self.hexes().get(hex_id), dict)

    def terrain_known(self, hex_id: str) -> bool:
        """Listed, with its terrain given (the hexes a move or a supply line may use)."""
        entry = self.hexes().get(hex_id)
        return isinstance(entry, dict) and unwrap(entry.get("terrain", "unknown")) != "unknown"

    def known_hexes(self) -> tuple[str, ...]:
        """The listed hexes whose terrain is given (terrain_known), in the data's order: worked
        out once per data, as hexes() is (issue 13: a control map asked at every step)."""
        return self.data.derived("kit.known_hexes", lambda: tuple(h for h in self.hexes() if self.terrain_known(h)))

    def entry(self, hex_id: str) -> dict:
        """What the data lists for a hex, wrappers unwrapped, whether or not its terrain is known
        yet (the rulebook text names cities and set-up facts of hexes whose terrain is on the
        printed map); refuses a hex the data does not list."""
        view = self._view(hex_id)
        return dict(view) if view is self._unwrapped.get(hex_id) else view      # the caller's own copy

    def _view(self, hex_id: str) -> dict:
        """entry() for reading here only: the kept entry itself where no overlay lies on the hex."""
        hexes = self.hexes()          # every lookup notes the overrides the hex list came from
        if hexes is not self._unwrapped_of:
            self._unwrapped, self._unwrapped_of = {}, hexes
        base = self._unwrapped.get(hex_id)
        if base is None:
            entry = hexes.get(hex_id)
            if not isinstance(entry, dict):
                raise UnknownDataError(f"map.hexes.{hex_id}", f"hex {hex_id} and its terrain",
                                       self.printed_on, self.data.override_file)
            base = self._unwrapped[hex_id] = {k: unwrap(v) for k, v in entry.items()}
        over = self.overlay.get(hex_id)
        return {**base, **over} if over else base

    def info(self, hex_id: str) -> dict:
        """A listed hex's features, {value, rule} wrappers unwrapped; refuses an unlisted hex
        or one whose terrain is unknown."""
        view = self._known_view(hex_id)
        return dict(view) if view is self._unwrapped.get(hex_id) else view      # the caller's own copy

    def _known_view(self, hex_id: str) -> dict:
        """info() for reading here only (_view)."""
        info = self._view(hex_id)        # an unlisted hex: the override adds `map.hexes.HEX: {terrain: ...}`
        if info.get("terrain", "unknown") == "unknown":
            raise UnknownDataError(f"map.hexes.{hex_id}.terrain", f"the terrain of hex {hex_id}",
                                   self.printed_on, self.data.override_file)
        return info

    def terrain(self, hex_id: str) -> str:
        return str(self._known_view(hex_id)["terrain"])

    def has(self, hex_id: str, feature: str) -> bool:
        """Whether a listed hex has a feature flag (`city: true`, `entrenchment: true`)."""
        value = self._known_view(hex_id).get(feature, False)
        if value == "unknown":
            raise UnknownDataError(f"map.hexes.{hex_id}.{feature}", f"whether hex {hex_id} has {feature.replace('_', ' ')}",
                                   self.printed_on, self.data.override_file)
        return bool(value)

    # -- hexsides -----------------------------------------------------------------------
    def listed_hexsides(self) -> Any:
        """The data's hexside list as written (`map.hexsides`), read once per data: a supply line
        asks thousands of times, and derived notes the override each time."""
        return self.data.derived("kit.hexsides", lambda: self.data.get("map.hexsides", "hexside features", default={}) or {})

    def hexside(self, a: str, b: str, *, hexes_known: bool = True) -> tuple[str, ...]:
        """The features on the side between two adjacent hexes. The data lists features only,
        so by default both hexes must be listed for "no feature" to mean anything."""
        if hexes_known:
            self.info(a)
            self.info(b)
        sides = self.listed_hexsides()
        value = unwrap(sides.get(hexside_key(a, b), ())) if isinstance(sides, dict) else ()
        if value == "unknown":
            raise UnknownDataError(f"map.hexsides.{hexside_key(a, b)}", f"the hexside {a}-{b}",
                                   self.printed_on, self.data.override_file)
        if isinstance(value, str):
            return () if value == "none" else (value,)
        return tuple(str(v) for v in value or ())
