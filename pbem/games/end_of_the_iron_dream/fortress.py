"""End of the Iron Dream, behaviour 3: German fortress supply (FS, 15.16-15.20; 5.1.7 B).

The FS sources are the hexes the map data marks `map.hexes.HEX.fortress_supply` (15.16 A: the
fortified port cities in France, which the text does not list, are marked by the campaign;
Oostende X11, the estuary X12 and Antwerp V12 are the rulebook's) and Königsburg
(`map.places.koenigsburg.hex`, read at set-up). At the Axis Terminal Supply Check (5.1.7 B) the
German units without GS or EGS in such a hex go over to FS when the hex holds no more than one step
of them (Königsburg: four corps, 15.16 B); with more they attrite as normal (15.20). Units on FS
(state["fs"]) do not attrite, lose their ZOC, never attack and never move (15.19 A), give no OOS
shift and are never flanked (15.19 B), until another German unit in GS stands next to their hex
(15.17); destroyed while on FS, permanently (15.9 C). Behaviour 4 adds the Baltic ports fortified in
play (15.16 A) and the forts' own need of GS (15.18): fort_supply.py."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import supply
from .common import grid, mapdata, plays
from .fort_supply import baltic_source, baltic_sources

KOENIGSBURG = "map.places.koenigsburg.hex"


def sources(data: GameData) -> dict[str, bool]:
    """15.16 A: every FS hex -> whether it is Königsburg (15.16 B: four corps)."""
    def read() -> dict[str, bool]:
        g = grid(data)
        marked = {g.canonical(h): False for h, v in mapdata(data).hexes().items()
                  if unwrap(v.get("fortress_supply", False)) not in (False, None)}
        marked[g.canonical(numbers.text(data, KOENIGSBURG, "Königsburg's hex, a fortress supply source (15.16)"))] = True
        return marked
    return data.derived("eid.fortress_sources", read)


def validate(data: GameData, state: dict) -> None:
    """At set-up (behaviour 3, a game with the Axis): the FS sources (every Axis Terminal Supply
    Check may need them)."""
    if plays(data, 3) and "axis" in state["turn_order"]:
        sources(data)


def coastal_gs(data: GameData, state: dict, unit_hex: str, owner: dict[str, str], reach: dict[str, int]) -> bool:
    """15.15 B: a German unit on a Baltic coastal hex (map.hexes.HEX.coast: baltic), or next to a
    German-controlled one, is in GS while Germany controls a Baltic port in Germany
    (map.places.german_baltic_port_hexes, read only then) tracing a regular GS line (`reach`), and
    the economy has not collapsed."""
    from .supply_play import collapsed
    if not plays(data, 3) or collapsed(state):
        return False
    coast = data.derived("eid.baltic_coast", lambda: frozenset(
        grid(data).canonical(h) for h, v in mapdata(data).hexes().items() if unwrap(v.get("coast")) == "baltic"))
    near = unit_hex in coast or any(h in coast and owner.get(h) == "axis" for h in grid(data).neighbours(unit_hex))
    if not near:
        return False
    german = {h for h, a in owner.items() if a == "axis"}
    ports = {grid(data).canonical(h) for h in numbers.texts(data, "map.places.german_baltic_port_hexes",
                                                             "the hexes of the Baltic ports in Germany (15.15 B)")}
    held = any(p in german and p in reach for p in ports)
    return supply.german_coastal_supply(grid(data), unit_hex, set(coast), german, held, False)


def every_source(data: GameData, state: dict) -> set[str]:
    """The FS sources now: the map's and Königsburg, and from behaviour 4 the Baltic ports
    fortified in play (15.16 A)."""
    return set(sources(data)) | (baltic_sources(data, state) if plays(data, 4) else set())


def on_fs(state: dict) -> list[str]:
    return list(state.get("fs", []))


def go_over(data: GameData, state: dict, short: list[str], events: list) -> list[str]:
    """5.1.7 B, 15.16 B, 15.20: the Axis units without GS or EGS (`short`) in an FS hex within its
    capacity go over to FS; the others (returned) attrite."""
    if not plays(data, 3) or state["army"] != "axis" or not short:
        return short
    found = sources(data)
    attrite, drawing = [], set(on_fs(state))
    for hex_id in sorted({state["units"][u]["hex"] for u in short}):
        here = [u for u in short if state["units"][u]["hex"] == hex_id]
        steps = sum(state["units"][u]["steps"] for u in here)
        kind = found.get(hex_id, False if baltic_source(data, state, hex_id) else None)     # 15.16 A (behaviour 4)
        if kind is not None and not supply.fortress_supply_problems(data, kind, steps, len(here)):
            new = sorted(set(here) - drawing)
            drawing |= set(here)
            if new:
                events.append({"event": "fortress_supply", "hex": hex_id, "units": new, "rule": "15.16"})
        else:
            attrite += here
            drawing -= set(here)
    state["fs"] = sorted(drawing)
    if not state["fs"]:
        state.pop("fs")
    return sorted(attrite)


def held_problem(state: dict, unit_id: str) -> str | None:
    """15.17, 15.19 A: a unit on FS neither moves nor attacks until freed."""
    if unit_id in state.get("fs", []):
        return f"{unit_id} draws fortress supply: it may not move or attack until German units in GS stand next to it (15.17, 15.19 A)"
    return None


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: 15.9 C a unit destroyed on FS is permanently destroyed; 15.17 German
    units in GS next to the hex free the units on FS."""
    if not state.get("fs"):
        return
    from .supply_play import in_gs
    gone = [u for u in state["fs"] if u not in state["units"]]
    for entry in state["dead"]:
        if entry["unit"] in gone:
            entry["permanent"] = True
    left = [u for u in state["fs"] if u in state["units"]]
    supplied = in_gs(data, state, "axis") - set(left)
    g, freed = grid(data), []
    for unit_id in left:
        hex_id = state["units"][unit_id]["hex"]
        if any(g.adjacent(hex_id, state["units"][u]["hex"]) for u in supplied if state["units"][u]["hex"] != hex_id):
            freed.append(unit_id)
    if freed:
        events.append({"event": "fortress_freed", "units": freed, "rule": "15.17"})
    state["fs"] = [u for u in left if u not in freed]
    if not state["fs"]:
        state.pop("fs")


def shields(state: dict, defenders: list[str]) -> bool:
    """15.19 B: defenders drawing FS suffer no OOS shift and are never flanked."""
    return any(u in state.get("fs", []) for u in defenders)
