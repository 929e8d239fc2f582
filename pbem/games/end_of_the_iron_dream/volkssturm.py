"""End of the Iron Dream, behaviour 3: the Volkssturm, each German city's intrinsic defence (25.7).

- A: every city hex of Germany (map.countries.germany; 27.5 A counts Trieste a city "in Germany",
  so the text's German cities are the map's German city hexes, as for the Flak corps, 25.2 C) has
  a 1 DF Volkssturm (special.special_units.volkssturm.df), Berlin 3 (berlin_df, 25.1 C), Trieste and Ljubljana
  none (none_in: names of map.places, whose hexes a campaign gives). The Iron Dream only: Let
  History Judge has no German army (27.1).
- B: it never assaults and has no ZOC (it is no unit), never retreats and is never replaced:
  once lost, the city's hex is in state["volkssturm_lost"] for the rest of the game. Always in GS:
  a city it defends gives no 15.4 2R (that rule's reading: none of the defenders in GS).
- C: German units defending the city add its DF to theirs (an assault by the Alliance).
- Alone it holds the city as a vacant fort does (22.5, 4.1 B): the Alliance assaults it, never
  enters it; a reading of B-D: alone it is destroyed by any result but 0 (it cannot retreat and
  has no step of its own). With a fort, the fort's own 1 DF is ignored (22.6 B).
- D: no step loss of its own; when the last German unit defending the city is lost, it is lost
  too. A reading of B: German units that retreat out of the city leave it standing there alone.
- E: alone it triggers no Flak defence bonus (flak.supporting counts units only).
- 4.1 B: an Alliance ZOC into a city held by its Volkssturm is not uncontested (supply_play).
- Any Alliance unit found in such a city (an invasion or a paradrop there is not enforced) takes
  it: the Volkssturm is lost (watch)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from .common import ALLIANCE, grid, mapdata, plays
from .forts import falls

DATA = "special.special_units.volkssturm"
LHJ = "let-history-judge"


def df(data: GameData, state: dict, hex_id: str) -> int:
    """25.7 A: the DF of the Volkssturm standing in a hex now (0: none)."""
    if not plays(data, 3) or state["scenario"] == LHJ or hex_id in state.get("volkssturm_lost", []):
        return 0
    return cities(data).get(hex_id, 0)


def cities(data: GameData) -> dict[str, int]:
    """25.7 A: the German cities with a Volkssturm, {HEX: DF}: the listed city hexes of Germany
    (an unlisted hex has no known city; no unit stands there), Trieste and Ljubljana left out."""
    def build() -> dict[str, int]:
        g, hexes = grid(data), mapdata(data).hexes()
        listed = sorted(h for h in hexes if mapdata(data).entry(h).get("city"))
        if not listed:
            return {}
        for hex_id in listed:
            mapdata(data).has(hex_id, "city")                                    # `city: unknown` refuses
        germany = {g.canonical(h) for h in numbers.texts(data, "map.countries.germany",
                                                          "the hexes of Germany (25.7 A: its cities' Volkssturm)")}
        listed = [h for h in listed if h in germany]
        if not listed:
            return {}
        none_in = {g.canonical(numbers.text(data, f"map.places.{name}.hex", f"the hex of {name.title()} (25.7 A: no Volkssturm)"))
                   for name in numbers.texts(data, f"{DATA}.none_in", "the German cities without a Volkssturm (25.7 A)")}
        from .supply_play import berlin_hex
        out = {}
        for hex_id in listed:
            if hex_id in none_in:
                continue
            if hex_id == berlin_hex(data):
                out[hex_id] = numbers.integer(data, f"{DATA}.berlin_df", "Berlin's Volkssturm DF (25.1 C, 25.7 A)")
            else:
                out[hex_id] = numbers.integer(data, f"{DATA}.df", "a German city's Volkssturm DF (25.7 A)")
        return out
    return data.derived("eid.volkssturm_cities", build)


def vacant(data: GameData, state: dict, hex_id: str, army: str) -> bool:
    """A German city held by its Volkssturm alone, faced by the Alliance (25.7 A-B, 22.5 by analogy)."""
    return army in ALLIANCE and all(u["hex"] != hex_id for u in state["units"].values()) and df(data, state, hex_id) > 0   # no unit there


def held(data: GameData, state: dict, army: str, hexes: list[str]) -> dict[str, int]:
    """The Volkssturm defending the hexes an Alliance army assaults: {HEX: DF}."""
    if army not in ALLIANCE:
        return {}
    return {h: n for h in hexes if (n := df(data, state, h))}


def defence(data: GameData, state: dict, army: str, hex_id: str, value: int, garrisoned: bool) -> int:
    """A hex's DF with its Volkssturm: added to its German units' (C), alone its own (22.6 B: a
    fort's 1 DF ignored); a hex with neither units nor Volkssturm is a vacant fort (22.5 A)."""
    from . import forts
    here = df(data, state, hex_id) if army in ALLIANCE else 0
    if garrisoned:
        return value + here
    return here or forts.vacant_df(data)


def supplied_shifts(data: GameData, state: dict, army: str, hexes: list[str], shifts: list[Shift]) -> list[Shift]:
    """B: the Volkssturm is "always in GS": a hex it defends is no defence without GS (15.4, whose
    reading is "none of the defending units in GS"), so no 2R."""
    if not held(data, state, army, hexes):
        return shifts
    return [s for s in shifts if s.rule != "15.4"]


def lose(state: dict, hex_id: str, events: list, why: str) -> None:
    state["volkssturm_lost"] = sorted({*state.get("volkssturm_lost", []), hex_id})
    events.append({"event": "volkssturm_lost", "hex": hex_id, "why": why})


def after_defender(state: dict, battle: dict, events: list) -> None:
    """B-D after the defender's result: alone, any result but 0 destroys it; with units, it is
    lost with the last of them."""
    for hex_id in sorted(battle.get("volkssturm", {})):
        if hex_id in state.get("volkssturm_lost", []):
            continue
        fall = falls(state, battle, hex_id)
        if fall == "alone":
            lose(state, hex_id, events, "alone it cannot retreat and has no step of its own: any loss destroys it (25.7 B, D)")
        elif fall == "with_garrison":
            lose(state, hex_id, events, "all the mobile units defending the city are lost (25.7 D)")


def standing(state: dict, battle: dict) -> set[str]:
    """The assaulted hexes whose Volkssturm still stands (it never retreats, 25.7 B)."""
    return {h for h in battle.get("volkssturm", {}) if h not in state.get("volkssturm_lost", [])}


def watch(data: GameData, state: dict, events: list) -> None:
    """An Alliance unit in a city with a Volkssturm takes it (the Volkssturm is lost)."""
    if not plays(data, 3) or state["scenario"] == LHJ:
        return
    for hex_id in sorted({u["hex"] for u in state["units"].values() if u["side"] in ALLIANCE}):
        if hex_id not in state.get("volkssturm_lost", []) and df(data, state, hex_id):
            lose(state, hex_id, events, "an Alliance unit occupies the city (25.7)")
