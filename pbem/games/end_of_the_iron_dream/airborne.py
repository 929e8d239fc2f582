"""End of the Iron Dream, behaviour 3: the First Allied Airborne Army's drops (17.1-17.5, 17.7),
orders of the WA first movement file after its sea moves (17.3 A: "at the very start of the WA
Operational Movement Phase"): `drop: UNIT, at: HEX`.

- 17.1 A: the paratroop corps only (type paratroop_infantry), 17.2: starting the WA player-turn
  in a theater box, or on the map in a WA-controlled hex in GS with no German unit next to it;
- 17.4: the drop hex in the take-off's theater (a box's, or the theaters the take-off hex
  traces GS to, 4.9), judged "in the same way" for the drop hex: the theaters of the WA units in
  GS within two hexes of it (a reading), one of which must be there (17.4 E);
- 17.5 B-C: never a mountain or marsh hex, nor a city of Germany before the collapse; D: no move
  until a GS line reaches them; E: no ZOC but in their own hex on the drop turn; F: a drop into an
  empty hex makes no attack; G: AS and EGS on the drop turn (the Terminal Supply Check spares them);
- 17.7: four turns of refit between drops, in a box or motionless in GS with no enemy next to
  them (state["airborne"][UNIT] = the last turn it dropped, moved, fleshed out or refitted
  badly; the next drop from that turn + 5: the 17.7 example, Turn 8's move, Turn 13's drop).
A drop onto enemy units runs its air assault alone (17.6.1, air_assault.py; 17.8 bridgeheads); a
drop with a second or third invasion joins its force (17.3 A-B, `paratroops:` of the `invade:`
order; with_invasion below). Behaviour 4: the drop onto defenders declares its attack (17.6 B,
`combat: alone|ground`); `ground` waits atop the defenders for the Prepared Assault Phase (17.6.2,
pledge.py); both corps may run one air assault (17.5 A, air_assault.py); a German city held by
its Volkssturm alone is defended (25.7 A), never an empty hex (17.5 F)."""

from __future__ import annotations

from .abomb import cloud_problem
from ...gamedata import GameData
from ...kit import numbers
from . import air_assault, boxes, pledge, volkssturm
from .common import army_of, board, enemies, grid, is_type, mapdata, plays, stacking_problem, terrain
from .supply_play import collapsed, control, in_gs

ORDER = "a paratroop drop is `drop: UNIT, at: HEX` (17.3)"
DATA = "invasions.airborne"


def dropped(state: dict) -> list[str]:
    """The paratroops dropped this player-turn."""
    found = state.get("drops")
    return list(found["units"]) if found and found["turn"] == state["turn"] and found["army"] == state["army"] else []


def drop_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """17.1-17.5, 17.7 for one drop; a legal one lands the unit on `trial`."""
    unit_id, at = order.get("drop"), order.get("at")
    extra = {"bridgeheads", *(("combat", "losses") if plays(data, 4) else ())}
    if set(order) - extra != {"drop", "at"} or not isinstance(unit_id, str) or not isinstance(at, str):
        return ORDER
    if trial["army"] != "western" or not is_type(data, unit_id, "paratroop_infantry") or unit_id in dropped(trial):
        return f"{unit_id} is not a WA paratroop corps yet to drop this player-turn (17.1 A)"
    try:
        hex_id = grid(data).canonical(at)
    except ValueError as exc:
        return str(exc)
    theaters, why = take_off(data, trial, unit_id)
    why = why or refit_problem(data, trial, unit_id) or target_problem(data, trial, hex_id)
    if why:
        return why
    near = near_theaters(data, trial, hex_id)
    if not near:
        return f"{hex_id} is not within two hexes of a WA unit in GS (17.4 E)"
    if not theaters & near:
        return f"{hex_id} is in the {'/'.join(sorted(near))}, not the take-off's {'/'.join(sorted(theaters))} (17.4 D)"
    crowd = stacking_problem(data, trial, "western", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (17.3 B)"
    fight = defended(data, trial, hex_id)
    way, why = pledge.declared(data, trial, order, hex_id, fight)                                # 17.6 A-B (behaviour 4)
    if way == "alone":
        why = why or air_assault.drop_problem(data, trial, unit_id, hex_id, order)       # 17.6.1
    elif way == "ground":
        why = why or air_assault.flak_problem(data, trial, hex_id)                      # 17.5 C
    if not why and "bridgeheads" in order:                                               # 17.8 A: "via mobile assaults"
        why = air_assault.set_bridgeheads(data, trial, hex_id, order["bridgeheads"]) \
            if way == "alone" or not plays(data, 4) else \
            "bridgeheads are tried only by paratroops driving defenders off their drop hex (17.8 A)"
    if why:
        return why
    box = boxes.holds(trial, unit_id)
    steps = trial["boxes"][box].pop(unit_id) if box else trial["units"].pop(unit_id)["steps"]
    if way == "ground":
        pledge.pledge(trial, unit_id, hex_id, steps)                                     # 17.6.2 A
    elif fight:
        why = air_assault.join(data, trial, unit_id, steps, order)                      # 17.5 A: a second corps joins
        if why:
            return why
    else:
        trial["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": steps}
    empty = [*(trial["drops"].get("empty", []) if dropped(trial) else []), *([] if fight else [unit_id])]
    boarded = {**(trial["drops"].get("boarded", {}) if dropped(trial) else {}), **({unit_id: [box, steps]} if box else {})}
    trial["drops"] = {"turn": trial["turn"], "army": "western", "units": [*dropped(trial), unit_id], "empty": empty,
                      **({"boarded": boarded} if plays(data, 4) and boarded else {})}     # 26.6.1 (victory.step_losses)
    trial["airborne"] = {**trial.get("airborne", {}), unit_id: trial["turn"]}
    return None


def defended(data: GameData, trial: dict, hex_id: str) -> bool:
    """17.5 F, 17.6 A: a hex with enemy defenders; behaviour 4: a German city's Volkssturm is one
    (25.7 A: "intrinsic defense for each German city"), so a drop there is no drop into an empty hex."""
    if any(army_of(trial, u) in enemies(trial, "western") for u in board(trial).units_in(hex_id)):
        return True
    return plays(data, 4) and volkssturm.df(data, trial, hex_id) > 0


def with_invasion(data: GameData, trial: dict, units: object, hex_id: str, kind: str) -> tuple[str | None, dict[str, int]]:
    """17.3 A: "Paratroops may be dropped in conjunction with a second or third invasion ... when
    the invasion force goes ashore"; they drop into its hex (17.4 D its theater, 17.5 B-C, 17.7; the
    force there stands for 17.4 E's WA units, a reading). Each leaves its box or hex: {UNIT: steps}."""
    if not isinstance(units, list) or len(set(map(str, units))) != len(units):
        return "`paratroops: [UNIT, ...]` lists paratroop corps, each once (17.3 A)", {}
    if units and kind not in ("second", "third", "lhj"):
        return "paratroops drop with a second or third invasion only (17.3 A)", {}
    out: dict[str, int] = {}
    for unit_id in map(str, units):
        if not is_type(data, unit_id, "paratroop_infantry") or unit_id in dropped(trial):
            return f"{unit_id} is not a WA paratroop corps yet to drop this player-turn (17.1 A)", {}
        theaters, why = take_off(data, trial, unit_id)
        why = why or refit_problem(data, trial, unit_id) or target_problem(data, trial, hex_id)
        if why:
            return why, {}
        if boxes.coast_theater(data, trial, hex_id) not in theaters:
            return f"{hex_id} is not in the take-off's {'/'.join(sorted(theaters))} (17.4 D)", {}
        box = boxes.holds(trial, unit_id)
        out[unit_id] = trial["boxes"][box].pop(unit_id) if box else trial["units"].pop(unit_id)["steps"]
        empty = [*(trial["drops"].get("empty", []) if dropped(trial) else [])]
        trial["drops"] = {"turn": trial["turn"], "army": "western", "units": [*dropped(trial), unit_id], "empty": empty}
        trial["airborne"] = {**trial.get("airborne", {}), unit_id: trial["turn"]}
    return None, out


def take_off(data: GameData, trial: dict, unit_id: str) -> tuple[set[str], str | None]:
    """17.2, 17.4 A-B: where it takes off from and that place's theaters."""
    box = boxes.holds(trial, unit_id)
    if box in boxes.THEATERS:
        return {str(box)}, None
    if unit_id not in trial["units"] or army_of(trial, unit_id) != "western":
        return set(), f"{unit_id} is neither in a theater box nor on the map (17.2)"
    here = trial["units"][unit_id]["hex"]
    g = grid(data)
    if control(data, trial).get(here) != "western" or unit_id not in in_gs(data, trial, "western") or any(
            army_of(trial, u) in enemies(trial, "western") for n in g.neighbours(here) for u in board(trial).units_in(n)):
        return set(), f"{unit_id} takes off from a box or a WA-controlled hex in GS with no enemy unit next to it (17.2)"
    return boxes.unit_theaters(data, trial, unit_id), None


def refit_problem(data: GameData, trial: dict, unit_id: str) -> str | None:
    """17.7 A, C: four turns of refit between drops (the first drop needs none)."""
    last = trial.get("airborne", {}).get(unit_id)
    if last is None:
        return None
    turns = numbers.integer(data, f"{DATA}.refit.turns_between_drops", "the refit turns between drops (17.7 A)")
    earliest = int(last) + 1 + turns
    if trial["turn"] < earliest:
        return f"{unit_id} refits until Turn {earliest} (17.7: four turns between drops, from Turn {int(last) + 1})"
    return None


def target_problem(data: GameData, trial: dict, hex_id: str) -> str | None:
    """17.5 B-C; 17.6: a drop onto enemy units is not played yet."""
    mapdata(data).info(hex_id)
    if cloud_problem(trial, hex_id):                                           # 27.6 I (behaviour 4)
        return cloud_problem(trial, hex_id)
    if terrain(data, hex_id) in ("mountain", "marsh"):
        return f"paratroops may not land in the {terrain(data, hex_id)} hex {hex_id} (17.5 B)"
    german = {grid(data).canonical(h) for h in numbers.texts(data, "map.countries.germany", "the hexes of Germany (17.5 C)")}
    if hex_id in german and mapdata(data).info(hex_id).get("city") is True and not collapsed(trial):
        return f"{hex_id} is a German city: no drop there before the economic collapse (17.5 C)"
    return None


def near_theaters(data: GameData, trial: dict, hex_id: str) -> set[str]:
    """17.4 C, E: the theaters of the WA units in GS within two hexes of the drop hex."""
    g = grid(data)
    supplied = in_gs(data, trial, "western")
    found: set[str] = set()
    for unit_id, unit in sorted(trial["units"].items()):
        if unit_id in supplied and not is_type(data, unit_id, "supply_unit") and g.distance(unit["hex"], hex_id) <= 2:
            found |= boxes.unit_theaters(data, trial, unit_id)
    return found


def move_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """17.5 D: dropped paratroops stay put until a GS line reaches them."""
    if unit_id in state.get("airborne", {}) and unit_id in [*dropped(state), *state.get("cut_off_drops", [])] \
            and unit_id not in in_gs(data, state, "western"):
        return f"{unit_id} dropped and may not move until a GS line is opened to it (17.5 D)"
    return None


def retreat_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """17.5 D: "Dropped paratroops may not move or even retreat from the hex into which they were
    dropped until a GS line is opened to them": such a result is taken in steps."""
    if move_problem(data, state, unit_id):
        return f"{unit_id} dropped and may not retreat until a GS line is opened to it (17.5 D): it takes steps"
    return None


def attack_problem(state: dict, unit_id: str) -> str | None:
    """17.5 F: paratroops landing in a hex empty of enemy defenders may not attack at all."""
    if unit_id in dropped(state) and unit_id in state["drops"].get("empty", []):
        return f"{unit_id} dropped into an empty hex this player-turn and may not attack (17.5 F)"
    return None


def watch(data: GameData, state: dict, events: list) -> None:
    """17.7 A-B: a paratroop corps that moves, or stands out of GS or next to an enemy unit, starts
    its refit again; 17.7 C: so does one fleshing out; 17.5 D: a dropped one not yet in GS."""
    fleshed = sorted(str(e["unit"]) for e in events if e.get("event") == "replaced" and is_type(data, str(e["unit"]), "paratroop_infantry"))
    if fleshed:                                                    # 17.7 C: even before their first drop
        state["airborne"] = {**state.get("airborne", {}), **{u: state["turn"] for u in fleshed}}
    book = state.get("airborne")
    if not book:
        return
    moved = {u for e in events if e.get("event") in ("move", "strategic", "sail", "advance", "retreat", "occupy",
                                                       "replaced", "enter") for u in [e.get("unit"), *e.get("units", [])]}
    g = grid(data)
    supplied = in_gs(data, state, "western") if any(u in state["units"] for u in book) else set()
    for unit_id in sorted(book):
        unit = state["units"].get(unit_id)
        restless = unit is not None and (unit_id not in supplied or any(
            army_of(state, u) in enemies(state, "western") for n in g.neighbours(unit["hex"]) for u in board(state).units_in(n)))
        if unit_id in moved or restless:
            book[unit_id] = max(int(book[unit_id]), state["turn"])
    state["cut_off_drops"] = sorted(u for u in [*state.get("cut_off_drops", []), *dropped(state)]
                                    if u in state["units"] and u not in supplied)
