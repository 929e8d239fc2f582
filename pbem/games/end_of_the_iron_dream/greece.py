"""End of the Iron Dream, behaviour 3: the German Forces Greece box (25.4; 3.1 D).

- 3.1 D: the German corps marked G (special.greece.box_code; de-inf-68, de-inf-91) start in the
  German Forces Greece box: a G counter that has never been on the map (not on it, not in the dead
  pile nor a holding box) is in the box.
- 25.4 A: they "may not leave there until the Operational Movement Phase beginning after the
  defection of Bulgaria has been declared (19.2.2)": the defection comes with a Soviet unit's move
  (a Soviet or WA player-turn, or a Soviet defender's advance in the Axis Prepared Assault Phase),
  always after that turn's Axis Operational Movement Phase, so from the next turn's.
- B: the Axis `enter: UNIT, path: [HEX, ...]` in its Operational Movement Phase: the first hex a
  rough or mountain hex (special.greece.entry_terrain) of Albania or Bulgaria
  (map.countries.albania, bulgaria) along the southern edge (map.edges.south; neither is in the
  text: unknown refuses naming the path), free of enemy units; its terrain cost is paid (movement.enter,
  as a Soviet entry's); the unit has EGS and AS throughout that player-turn (its EGS ends with
  the Terminal Supply Check, 15.21.6) and its printed operational MA doubled (as 7.7 A's
  reinforcements, reinforcements.doubled)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import army_of, board, enemies, grid, plays, terrain

DATA = "special.greece"
IRON_DREAM = "iron-dream"


def in_box(data: GameData, state: dict) -> list[str]:
    """3.1 D: the G corps still in the German Forces Greece box."""
    if not plays(data, 3) or state["scenario"] != IRON_DREAM:
        return []
    code = numbers.text(data, f"{DATA}.box_code", "the set-up code of the German Forces Greece box (3.1 D)")
    counters = data.get("units.counters", "the unit counters")
    gone = set(state["units"]) | {d["unit"] for d in state["dead"]} | {u for box in state.get("boxes", {}).values() for u in box}
    return sorted(u for u, c in counters.items() if isinstance(c, dict) and str(unwrap(c.get("code"))) == code
                  and u not in gone)


def entry_problem(data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
    """25.4 A-B for one `enter:` of the Axis; a legal one marks the unit's EGS, AS and doubled MA."""
    if unit_id not in in_box(data, state):
        return f"{unit_id} is not a German corps in the German Forces Greece box (3.1 D, 25.4; other German units are placed, 7.5)"
    from .satellites import defected
    when = defected(state).get("bulgaria")
    if when is None or state["turn"] <= int(when):
        return (f"{unit_id} leaves the German Forces Greece box only from the Operational Movement Phase after "
                "Bulgaria's defection (25.4 A, 19.2.2)")
    g = grid(data)
    edge = {g.canonical(h) for h in numbers.texts(data, "map.edges.south", "the hexes of the map's south edge (25.4 B)")}
    lands = {g.canonical(h) for name in numbers.texts(data, f"{DATA}.entry_countries", "the countries of the Greece corps' entry (25.4 B)")
             for h in numbers.texts(data, f"map.countries.{name}", f"the hexes of {name.title()} (25.4 B)")}
    kinds = numbers.texts(data, f"{DATA}.entry_terrain", "the terrain of the Greece corps' entry hexes (25.4 B)")
    first = path[0]
    if first not in edge or first not in lands or terrain(data, first) not in kinds:
        return f"{first} is not a rough or mountain hex of Albania or Bulgaria along the southern edge of the map (25.4 B)"
    if any(army_of(state, u) in enemies(state, "axis") for u in board(state).units_in(first)):
        return f"{first} holds enemy units (10.2)"
    state["egs"] = sorted({*state.get("egs", []), unit_id})                              # 25.4 B: EGS
    state["greece_entry"] = {"turn": state["turn"], "units": [*entered(state), unit_id]}    # AS
    done = state.get("arrived")
    state["arrived"] = {"turn": state["turn"],
                        "units": [*(done["units"] if done and done["turn"] == state["turn"] else []), unit_id]}   # MA doubled
    return None


def via(state: dict, unit_id: str) -> str | None:
    """How a unit entering this turn came (for the report)."""
    return "the German Forces Greece box (25.4 B)" if unit_id in entered(state) else None


def entered(state: dict) -> list[str]:
    """25.4 B: the Greece corps that entered this Axis player-turn (their AS)."""
    done = state.get("greece_entry")
    return list(done["units"]) if done and done["turn"] == state["turn"] and state["army"] == "axis" else []
