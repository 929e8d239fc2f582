"""End of the Iron Dream, behaviour 2: strategic land movement (12.0; 5.1.3, 5.2.3, 5.3.3).

The Strategic Land Movement Phase comes between the Initial Supply Check and the Operational
Movement Phase: its orders open the phase's first file, after the Replacement Phase's:
`strategic: UNIT, path: [HEX, ...]` (a German mover starting in a Soviet or Yugoslav ZOC names
the Axis unit staying behind to hold the line: `hold: UNIT`, 12.4.1).

Every side (12.1-12.3): only units that start in GS (not marked OOS at the Initial Supply Check),
every hex entered friendly-controlled and in GS at that instant, never an EZOC entered whatever
friendly units are there, stacking at every instant (8.9); the movers take part in nothing else
this player-turn (12.2, 5.1.3 F).
- Germany (12.4, 5.1.3): up to three German combat units (never satellites), three times the
  printed operational MA (a reinforcement placed this turn: its printed MA, 7.7 B) paying all terrain costs (+2 to leave an EZOC, 12.4.1), never next to an
  enemy unit but across a blocked hexside (5.1.3 D); in fair weather never starting or moving
  within two hexes of a WA unit in GS (5.1.3 E, 12.4.3 B); out of a WA ZOC only in foul weather
  (12.4.3 A); the holder stays in its hex for the rest of the player-turn (it may make prepared
  assaults, 12.4.2).
- The WA (12.5, 5.2.3): any number, any distance, starting next to no Axis unit across an
  unblocked hexside and never moving next to one, nor out of an Axis ZOC (no hold the line).
- The Soviets (12.6, 5.3.3): one combat unit, any distance, never out of an Axis ZOC.
Any distance for the WA and the Soviets: docs/errata.md ID4."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .calendar import weather
from .common import A_UNIT_OF, army_of, board, counter, enemy_zoc, factor, grid, hexside, is_type, mapdata, own_path, plays, stacking_problem, zoc_of
from . import abomb, dike, italy, reinforcements, satellites, soviet_entry, yugoslavia
from .supply_play import entered, in_gs, lines

KEYS = ("strategic", "hold")
ORDER = "strategic movement is `strategic: UNIT, path: [HEX, ...]` (a German mover out of an EZOC adds `hold: UNIT`, 12.4.1)"
DATA = "game.movement.strategic"


def leading(orders: list) -> int:
    """How many of the orders (after the Replacement Phase's) are strategic moves."""
    count = 0
    while count < len(orders) and "strategic" in orders[count]:
        count += 1
    return count


def record(state: dict) -> dict:
    """This player-turn's strategic movers and holders (12.2, 12.4.1)."""
    found = state.get("strategic")
    if not found or found["turn"] != state["turn"] or found["army"] != state["army"]:
        found = {"turn": state["turn"], "army": state["army"], "units": [], "holding": []}
    return dict(found)


def done_problem(state: dict, unit_id: str, prepared: bool = False) -> str | None:
    """12.2: a strategic mover takes part in no other function; 12.4.1: the holder stays put (it
    may make prepared assaults, 12.4.2)."""
    found = record(state)
    if unit_id in found["units"]:
        return f"{unit_id} moved strategically and takes part in nothing else this player-turn (12.2, 5.1.3 F)"
    if unit_id in found["holding"] and not prepared:
        return f"{unit_id} holds the line for a strategic mover and stays in its hex this player-turn (12.4.1)"
    return None


def problems(data: GameData, trial: dict, orders: list) -> list[tuple[int, str]]:
    """Each strategic order tried on `trial` in turn (its state changed as apply would)."""
    for index, order in enumerate(orders):
        entry = soviet_entry.is_entry(data, trial, order)                       # 5.3.3 C
        if entry:
            why = soviet_entry.problem(data, trial, order) or limit_problem(data, trial, str(order["strategic"]), record(trial))
            if why:
                return [(index, why)]
            order = soviet_entry.place(data, trial, order)
        if italy.names_strategic(data, order):                                  # 25.12 B (behaviour 4)
            why = italy.strategic_problem(data, trial, order)
            if why:
                return [(index, why)]
            continue
        why = None if entry and len(order["path"]) == 1 else one_problem(data, trial, order)
        if why:
            return [(index, why)]
        move(data, trial, order)
    return []


def one_problem(data: GameData, state: dict, order: dict) -> str | None:
    unit_id, path, army = order.get("strategic"), order.get("path"), state["army"]
    if set(order) - {"strategic", "path", "hold"} or not isinstance(unit_id, str) or not isinstance(path, list) or len(path) < 2:
        return ORDER
    if army == "soviet" and state["scenario"] == "let-history-judge" and plays(data, 3):
        return "the Soviets have no strategic land or sea movement in Let History Judge (27.3 L)"
    path, why = own_path(data, state, unit_id, path, f"{unit_id} is not {A_UNIT_OF[army]} unit on the map")
    if why:
        return why
    rec = record(state)
    if unit_id in rec["units"] or unit_id in rec["holding"]:
        return f"{unit_id} moved strategically or holds the line this player-turn (12.2, 12.4.1)"
    if is_type(data, unit_id, "non_combat") and not (plays(data, 3) and is_type(data, unit_id, "okh")):   # 25.10 D: OKH may
        return f"{unit_id} is not a combat unit: only combat units move strategically (5.1.3 A, 12.6 A; 15.23)"
    if unit_id in state.get("oos", []):
        return f"{unit_id} did not start the phase in GS and may not move strategically (12.1)"
    return limit_problem(data, state, unit_id, rec) or start_problem(data, state, unit_id, order) \
        or path_problem(data, state, unit_id, path)


def limit_problem(data: GameData, state: dict, unit_id: str, rec: dict) -> str | None:
    """12.4 A-B: up to three German corps, never satellites; 12.6 A: one Soviet unit; 12.5 A: any WA."""
    army = state["army"]
    if army == "western":
        return None
    most = numbers.integer(data, f"{DATA}.{'german' if army == 'axis' else 'soviet'}.units_per_turn",
                           "the strategic movers a player-turn (12.4 A, 12.6 A)")
    if army == "axis" and counter_nation(data, unit_id) != "german":
        return f"{unit_id} is not German: Hungarian, Romanian and Bulgarian units never move strategically (12.4 B, 5.1.3 G)"
    if len(rec["units"]) >= most:
        return f"the {army} move at most {most} unit(s) strategically a player-turn (12.4 A, 12.6 A)"
    return None


def counter_nation(data: GameData, unit_id: str) -> str:
    return str(counter(data, unit_id).get("nation", "unknown"))


def start_problem(data: GameData, state: dict, unit_id: str, order: dict) -> str | None:
    """12.4.1, 12.4.3, 12.5 B, 12.6 B, 5.2.3 A: leaving an enemy ZOC; the German hold the line."""
    army, here = state["army"], state["units"][unit_id]["hex"]
    if army == "western" and next_to_enemy(data, state, here):
        return f"{unit_id} starts next to an Axis unit across an unblocked hexside and may not move strategically (5.2.3 A)"
    if army == "axis" and fair(data, state) and near_wa(data, state, here):
        return f"{unit_id} is within two hexes of a WA unit in GS: no German strategic movement there in fair weather (5.1.3 E)"
    if here not in enemy_zoc(data, state, army):
        return None if "hold" not in order else f"{unit_id} starts in no enemy ZOC: no unit holds the line (12.4.1)"
    if army != "axis":
        return f"{unit_id} starts in an enemy ZOC: only Germany may hold the line (12.5 B, 12.6 B)"
    if here in zoc_of(data, state, ("western",)) and fair(data, state):
        return f"{unit_id} starts in a WA ZOC: holding the line out of it only in foul weather (12.4.3 A, 5.1.3 B)"
    holder = order.get("hold")
    if not isinstance(holder, str) or holder == unit_id or holder not in state["units"] \
            or army_of(state, holder) != "axis" or state["units"][holder]["hex"] != here:
        return f"{unit_id} starts in an enemy ZOC: another Axis unit in {here} must hold the line (`hold: UNIT`, 12.4.1)"
    return None


def fair(data: GameData, state: dict) -> bool:
    return weather(data, state["scenario"], state["turn"]) == "fair"


def near_wa(data: GameData, state: dict, hex_id: str) -> bool:
    """5.1.3 E: within two hexes of a WA unit in GS."""
    g = grid(data)
    supplied = in_gs(data, state, "western")
    return any(g.distance(hex_id, v["hex"]) <= 2 for u, v in state["units"].items() if u in supplied)


def next_to_enemy(data: GameData, state: dict, hex_id: str) -> bool:
    """5.1.3 D, 5.2.3 A: an enemy unit next to the hex across an unblocked hexside."""
    g = grid(data)
    foes = board(state).enemy_hexes(state["army"])
    return any(g.adjacent(hex_id, h) and "blocked" not in hexside(data, hex_id, h) for h in foes)


def path_problem(data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
    """12.1, 12.3, 5.1.3 C-E, 5.2.3 A, 8.9: each hex entered, then the German MPs (three times the
    printed MA, 12.1; +2 MP to leave an EZOC, 12.4.1)."""
    from .movement import entry_cost
    army, g = state["army"], grid(data)
    owner, _, _, _, reach = lines(data, state, army)
    ezoc = enemy_zoc(data, state, army)
    spent = 0
    for a, b in zip(path, path[1:]):
        if not g.adjacent(a, b):
            return f"{b} is not adjacent to {a}"
        if b in ezoc:
            return f"{unit_id} may never enter an enemy ZOC when moving strategically, not {b} (12.3)"
        if not mapdata(data).terrain_known(b) or owner.get(b) != army or b not in reach:
            return f"{unit_id} may enter only friendly-controlled hexes in GS when moving strategically, not {b} (12.3)"
        if army != "soviet" and next_to_enemy(data, state, b):
            return f"{unit_id} may not move strategically next to an enemy unit, into {b} (5.1.3 D, 5.2.3 A)"
        if army == "axis" and fair(data, state) and near_wa(data, state, b):
            return f"{unit_id} may not move strategically within two hexes of a WA unit in GS in fair weather, into {b} (5.1.3 E)"
        crowd = stacking_problem(data, state, army, [unit_id], b)
        if crowd:
            return f"{crowd} (8.9)"
        why = yugoslavia.enter_problem(data, state, unit_id, b) or satellites.enter_problem(data, state, unit_id, b) \
            or abomb.strategic_problem(state, unit_id, b)                            # 27.6 K (behaviour 4)
        if why:
            return why
        cost, why = entry_cost(data, state, army, a, b, ezoc, unit_id)           # 21.1 B: strategic movement too
        if plays(data, 3) and dike.strategic_problem(data, a, b):              # 10.9 B
            return dike.strategic_problem(data, a, b)
        if cost is None:
            return f"{a} → {b}: {why}"
        spent += cost
    ends = satellites.end_problem(data, state, unit_id, path[-1])                 # 19.2
    if ends:
        return ends
    if army == "axis":
        if reinforcements.doubled(state, unit_id):                    # 7.7 B: a new arrival, its printed MA
            most, why = factor(data, state, unit_id, "movement"), "its printed MA as a reinforcement this turn (7.7 B)"
        else:
            most = factor(data, state, unit_id, "movement") * numbers.integer(
                data, f"{DATA}.german.ma_multiple", "the strategic MA multiple (12.1)")
            why = "three times its MA (12.1)"
        if spent > most:
            return f"{unit_id} needs {spent} MP but moves strategically {why}: {most}"
    return None


def move(data: GameData, state: dict, order: dict, events: list | None = None) -> None:
    g = grid(data)
    unit_id = str(order["strategic"])
    path = [g.canonical(str(h)) for h in order["path"]]
    rec = record(state)
    rec["units"] = sorted([*rec["units"], unit_id])
    if order.get("hold"):
        rec["holding"] = sorted({*rec["holding"], str(order["hold"])})
    state["strategic"] = rec
    state["units"][unit_id]["hex"] = path[-1]
    entered(state, state["army"], path[1:])
    if events is not None:
        events.append({"event": "strategic", "unit": unit_id, "path": path, **({"hold": order["hold"]} if order.get("hold") else {})})


def apply(data: GameData, state: dict, orders: list, events: list) -> None:
    for order in orders:
        if soviet_entry.is_entry(data, state, order):                           # 5.3.3 C
            order = soviet_entry.place(data, state, order)
            events.append({"event": "enter", "unit": order["strategic"], "path": [order["path"][0]], "rule": "5.3.3 C"})
        if italy.names_strategic(data, order):                                  # 25.12 B (behaviour 4)
            italy.strategic_problem(data, state, order)
            events.append({"event": "southern_italy", "unit": order["strategic"], "path": list(order["path"]),
                           "strategic": True, "rule": "25.12 B, 12.5"})
            continue
        move(data, state, order, events)
