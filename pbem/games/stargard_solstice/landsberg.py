"""14.2.1 the German sudden death: "If the German player moves 3 units with attack capability
off the map via the Landsberg supply line (15.01 (D) to 35.01 (E)) during game turns 1, 2, or 3,
the game ends immediately". The units: from the 3rd SS Corps (not independent), mechanized, in
supply and not isolated (14.2); never by strategic movement; "The MP cost for the exit hex is
the same as the hex currently occupied by the German unit" (pbem takes the TEC cost of that hex's
terrain, and the 2 MP of leaving an EZOC, 4.1: a road's cost off the map is not in the data);
the siege of Arnswalde lifted first (14.1.2). The order: `move: UNIT, path: [HEX, ...], exit:
true`, the path (maybe empty) ending in a hex of the line (module.landsberg.exit_hexes)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData
from ...kit import numbers
from .common import commanded_by, is_hq, mechanized, other, printed, terrain, zoc_of
from .movement import allowance, path_cost, zoc_cost


def leave(data: GameData, state: dict, unit_id: str, path: list[str], strategic: bool, events: list) -> str | None:
    """Check the exit and, if legal, carry it out on `state` (the check's copy or the state)."""
    turns = numbers.integers(data, "module.landsberg.turns", "the turns of the German sudden death (14.2.1)")
    exits = numbers.texts(data, "module.landsberg.exit_hexes", "the hexes of the Landsberg supply line (14.2.1)")
    if state["active"] != "german" or state["turn"] not in turns:
        return f"units leave the map only through the Landsberg supply line, German, on turns {', '.join(map(str, turns))} (14.2.1, 5.7)"
    if unit_id not in state["units"] or is_hq(data, unit_id) or commanded_by(data, unit_id) != "3SS-PZ-HQ" \
            or not mechanized(data, unit_id) or printed(data, state, unit_id, "attack") < 1:
        return f"{unit_id} may not leave the map: only mechanized 3rd SS Corps units with an attack strength (14.2.1)"
    if strategic:
        return "no strategic movement to leave the map (14.2.1)"
    if state["units"][unit_id].get("supply") != "in" or "arnswalde" not in state.get("relieved", []):
        return f"{unit_id} leaves the map only in supply (14.2) once the siege of Arnswalde is lifted (14.1.2, 14.2.1)"
    spent, why = path_cost(data, state, unit_id, path) if path else (Fraction(0), None)
    if why:
        return why
    last = path[-1] if path else state["units"][unit_id]["hex"]
    if last not in exits:
        return f"{last} is not on the Landsberg supply line ({', '.join(exits)}, 14.2.1)"
    spent += numbers.fraction(data, f"terrain.hexes.{terrain(data, last)}.movement_mp", "the exit hex's MP cost (14.2.1)")
    if last in zoc_of(data, state, other("german")):
        spent += zoc_cost(data, "leave")
    if spent > allowance(data, state, unit_id):
        return f"{unit_id} needs {spent} MP to leave the map but has {allowance(data, state, unit_id)} (14.2.1, 5.1.1)"
    state["units"].pop(unit_id)
    state.setdefault("exited", []).append(unit_id)
    events.append({"event": "exited", "unit": unit_id, "hex": last, "rule": "14.2.1"})
    if len(state["exited"]) < numbers.integer(data, "module.landsberg.units_to_exit", "the units to exit (14.2.1)"):
        return None
    if "16.2" in state.get("optional", []):     # 16.2: the game goes on; 3 German VPs, once
        if "german_vps" not in state:
            state["german_vps"] = numbers.integer(data, "optional.optional_rules.german_sudden_death_variant.german_vps",
                                                  "the German VPs of 16.2")
            events.append({"event": "german_vps", "vp": state["german_vps"], "rule": "16.2"})
    else:
        state["game_over"] = True
        events.append({"event": "sudden_death", "side": "german", "units": list(state["exited"]), "rule": "14.2.1"})
    return None
