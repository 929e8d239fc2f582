"""End of the Iron Dream, behaviour 3, Let History Judge: Greece (27.9 A-D).

- A: Greece lies off the south edge of the Balkan peninsula (as Southern Italy off Italy's, 25.12).
- B: "NATO can invade Greece from the MTO holding box. Simply set the invasion-port counter off
  the south edge of Bulgaria": `invade: greece, from: mto` among the WA Naval Movement Phase's
  orders, one of Let History Judge's three invasions, one a turn (14.15); the counter leaves the
  MTO box (14.8) and stays in Greece (state["greece"]). "Up to two corps and two SUs per turn may
  enter along the south edge of Bulgaria or Turkey": `enter: UNIT, path: [HEX, ...]` among the
  WA movement orders for a corps or an SU of the MTO box, the first hex one of the south edge
  (map.edges.south) of Bulgaria or Turkey (map.countries; Turkey's clear hexes only, 27.9 E), free
  of enemy units, its terrain cost paid (movement.enter), with its box steps; two corps and two
  SUs a turn (special.let_history_judge.greece.corps_per_turn, sus_per_turn).
- C: "Count the 12 hexes supply line radius from the south edge hex": once Greece is invaded, each
  of those edge hexes is a NATO GS source of the MTO (4.9 C), the line counted from it (supply_play,
  groups), when NATO controls it free of an unnegated enemy ZOC (15.8 B, as any source).
- D: "It is impossible for Soviet units to move off the south edge of the board into Greece": no
  order moves a unit off the map."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import army_of, board, enemies, grid, mapdata, plays

DATA = "special.let_history_judge.greece"
LHJ = "let-history-judge"
GREECE = "greece"
ORDER = "NATO invades Greece with `invade: greece, from: mto` (27.9 B)"


def invaded(state: dict) -> bool:
    return bool(state.get("greece"))


def invade_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """27.9 B, 14.15: the invasion-port counter from the MTO box to Greece, made on `trial`."""
    if set(order) != {"invade", "from"}:
        return ORDER
    if not plays(data, 3) or trial["scenario"] != LHJ or trial["army"] != "western":
        return "only NATO invades Greece, in Let History Judge (27.9 B)"
    box = numbers.text(data, f"{DATA}.from_box", "the box NATO invades Greece from (27.9 B)")
    if order["from"] != box:
        return f"NATO invades Greece from the {box.upper()} holding box (27.9 B)"
    if invaded(trial):
        return "Greece is invaded already: its invasion-port counter stays there (27.9 B)"
    from .invasion import DATA as INVASIONS, launched
    if any(i["turn"] == trial["turn"] for i in launched(trial)):
        return "one invasion-port counter a turn goes to sea (14.1, 14.15)"
    most = numbers.integer(data, f"{INVASIONS}.invasion_port_counters", "the invasion-port counters (14.8, 14.15)")
    if len(launched(trial)) >= most:
        return f"NATO has made its {most} invasions (14.15)"
    if trial["invasion_ports"][box] < 1:
        return f"no invasion-port counter is in the {box} box (14.8, 27.9 B)"
    trial["invasion_ports"] = {**trial["invasion_ports"], box: trial["invasion_ports"][box] - 1}
    trial["invasions"] = [*launched(trial), {"turn": trial["turn"], "hex": GREECE}]
    trial["greece"] = {"turn": trial["turn"]}
    return None


def edge(data: GameData, state: dict) -> set[str]:
    """27.9 B: the south-edge hexes of Bulgaria and Turkey."""
    g = grid(data)
    south = {g.canonical(h) for h in numbers.texts(data, "map.edges.south", "the hexes of the map's south edge (27.9 B)")}
    lands = {g.canonical(h) for name in numbers.texts(data, f"{DATA}.entry_countries", "the countries of the Greece entry (27.9 B)")
             for h in numbers.texts(data, f"map.countries.{name}", f"the hexes of {name.title()} (27.9 B)")}
    return south & lands


def entry_problem(data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
    """27.9 B, E for one NATO corps or SU entering from Greece; a legal one is taken out of its box."""
    box = numbers.text(data, f"{DATA}.from_box", "the box NATO invades Greece from (27.9 B)")
    if not invaded(state):
        return f"{unit_id} cannot enter from Greece: NATO has not invaded it (`invade: greece, from: {box}`, 27.9 B)"
    from .boxes import holds
    if holds(state, unit_id) != box:
        return f"{unit_id} is not in the {box.upper()} holding box: units enter from Greece out of it (27.9 B)"
    from .supply_units import is_su
    done = state.get("nato_greece_entry")
    entered = list(done["units"]) if done and done["turn"] == state["turn"] else []
    su = is_su(data, unit_id)
    kind = "SUs" if su else "corps"
    most = numbers.integer(data, f"{DATA}.{'sus' if su else 'corps'}_per_turn", f"the {kind} entering from Greece a turn (27.9 B)")
    same = [u for u in entered if is_su(data, u) == su]
    if len(same) >= most:
        return f"up to {most} {kind} a turn enter from Greece (27.9 B): {', '.join(same)} did"
    first = path[0]
    if first not in edge(data, state):
        return f"{first} is not a hex of the south edge of Bulgaria or Turkey (27.9 B)"
    from .lhj_setup import turkey
    if first in turkey(data) and mapdata(data).terrain(first) != "clear":
        return f"{unit_id} may enter only the clear hexes of Turkey, not {first} (27.9 E)"
    if any(army_of(state, u) in enemies(state, "western") for u in board(state).units_in(first)):
        return f"{first} holds enemy units (10.2)"
    state["nato_greece_entry"] = {"turn": state["turn"], "units": [*entered, unit_id]}
    return None


def via(state: dict, unit_id: str) -> str | None:
    """How a unit entering this turn came (for the report)."""
    done = state.get("nato_greece_entry")
    return "Greece (27.9 B)" if done and done["turn"] == state["turn"] and unit_id in done["units"] else None


def entering_steps(state: dict, unit_id: str) -> int | None:
    """The steps of a corps entering from Greece, out of its box (None for any other unit)."""
    from .boxes import holds
    done = state.get("nato_greece_entry")
    box = holds(state, unit_id)
    if state["scenario"] != LHJ or not done or unit_id not in done["units"] or box is None:
        return None
    return int(state["boxes"][box].pop(unit_id))


def edge_sources(data: GameData, state: dict) -> set[str]:
    """27.9 C: once Greece is invaded, NATO's lines start at the south-edge hexes of Bulgaria and Turkey."""
    if not plays(data, 3) or state["scenario"] != LHJ or not invaded(state):
        return set()
    return edge(data, state)
