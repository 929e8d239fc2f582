"""The counter form of each game: which fields a `units.counters.ID` entry has, as the game's
module reads them (Smithereens: components.counter/factors and setup; Operation Grenade:
game.counter). A form layout only: no value here is game data. A field is (dotted key inside
the entry, input kind); kinds: side, text, int, bool, hex (a hex id, picked on the map)."""

from __future__ import annotations

_COMMON = (("side", "side"), ("type", "text"))

COUNTER_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "smithereens": _COMMON + (
        ("nationality", "text"), ("steps", "int"), ("mech", "bool"),
        ("full.attack", "int"), ("full.defense", "int"), ("full.movement", "int"),
        ("reduced.attack", "int"), ("reduced.defense", "int"), ("reduced.movement", "int"),
        ("setup", "hex"), ("arrives", "int"),
    ),
    "operation-grenade": _COMMON + (
        ("size", "text"), ("class", "text"), ("morale", "int"), ("movement", "int"),
        ("cadre.strength", "int"), ("cadre.movement", "int"), ("division", "text"), ("setup", "hex"),
    ),
}
_DEFAULT = _COMMON + (("steps", "int"), ("setup", "hex"))


def counter_fields(game: str) -> list[dict[str, str]]:
    return [{"key": key, "kind": kind} for key, kind in COUNTER_FIELDS.get(game, _DEFAULT)]
