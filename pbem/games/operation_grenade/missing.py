"""What `pbem data missing` and `pbem data template` name beyond the data's `unknown` values:
entries of the open collections (units.counters, map.hexes) that the rules themselves name, so a
group learns of every counter and hex the game will ask for before it asks (issue 10: the
variable German reinforcements of 23.0 were rolled with no counter in the data and no list
named them).

Each entry is (path, printed on, skeleton): the skeleton is what `data template` writes for it,
`unknown` where a value is to be copied from the printed component."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...gamedata import GameData, unwrap

if TYPE_CHECKING:
    from .game import OperationGrenade

COUNTER = "the unit counter (2.22)"
MAP = "the game map (2.1)"
PLAYED = ("german_set_up", "us_set_up", "german_reinforcements", "us_reinforcements", "named_in_other_rules")
# the keys a counter gives, by what it is: every counter (2.22, 5.31); a regiment or brigade that
# is not artillery (8.1, 8.2, 10.0); a battalion or artillery unit (8.6: printed strength)
ALL_KEYS = ("type", "size", "movement")
CHIT_KEYS = ("class", "morale", "cadre")
PRINTED_KEYS = ("strength",)


def named_units(data: GameData) -> list[dict]:
    """The units the rules put on the map (16.1, 16.2, 20.2, 23.0, 27.3), not the standard rules' examples."""
    named = data.get("units.named_units", "the units named in the text (16.0)")
    return [e for group in PLAYED for e in (named.get(group) or []) if isinstance(e, dict) and "id" in e]


def counter_skeleton(entry: dict) -> dict[str, Any]:
    skeleton: dict[str, Any] = {"side": entry.get("side", "unknown")}
    skeleton.update({key: "unknown" for key in ALL_KEYS + ("class", "morale", "strength")})
    skeleton["cadre"] = {"strength": "unknown", "movement": "unknown"}
    return skeleton


def missing_counters(game: OperationGrenade, data: GameData) -> list[tuple[str, str, Any]]:
    found: list[tuple[str, str, Any]] = []
    for entry in named_units(data):
        unit_id = str(entry["id"])
        path = f"units.counters.{unit_id}"
        if not data.has(path):
            found.append((path, COUNTER, counter_skeleton(entry)))
            continue
        counter = data.get(path, f"the counter of {unit_id}")
        keys: tuple[str, ...] = ALL_KEYS
        size, kind = unwrap(counter.get("size", "unknown")), unwrap(counter.get("type", "unknown"))
        if size not in ("unknown", "battalion") and kind not in ("unknown", "artillery", "self_propelled_artillery"):
            keys += CHIT_KEYS
        elif "unknown" not in (size, kind):
            keys += PRINTED_KEYS
        found += [(f"{path}.{key}", COUNTER, "unknown") for key in keys if unwrap(counter.get(key, "unknown")) == "unknown"]
    return found


def named_hexes(data: GameData) -> list[str]:
    """Hexes the rules name: set-up and entry hexes (16.0, 14.0), VP towns (28.1), bridge termini (22.21, 22.22)."""
    hexes = [str(unwrap(e.get(k))) for e in named_units(data) for k in ("set_up_hex", "entry_hex") if k in e]
    hexes += [str(t["hex"]) for t in data.get("victory.town_vp.towns", "the VP towns (28.1)")]
    locations = data.get("bridges.rhine_bridges.locations", "the Rhine bridge locations (22.2)")
    hexes += [str(unwrap(spec[k])) for spec in locations.values() if isinstance(spec, dict)
              for k in ("west_terminus", "east_terminus") if k in spec]
    return sorted({h for h in hexes if h != "unknown"})


def missing_entries(game: OperationGrenade, data: GameData) -> list[tuple[str, str, Any]]:
    grid = game.grid(data)
    listed = game.map(data).hexes()
    hexes = [(f"map.hexes.{h}", MAP, {"terrain": "unknown"}) for h in named_hexes(data)
             if not isinstance(listed.get(grid.canonical(h)), dict)]
    return missing_counters(game, data) + hexes
