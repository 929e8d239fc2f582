"""End of the Iron Dream, behaviour 3: the supply units (SUs, 15.23) in play.

SUs are counters of type supply_unit (28.2-28.4: de-su-N, wa-su-N, su-su-N): a position places
them like any unit; the others are the army's pool (15.23.1 B), less those permanently
destroyed (15.23 D: in state["dead"]). What is played:

- production at the start of the player-turn (5.1.1 B): the Soviets receive two a turn, three
  on the first Bagration turn (15.23.3 B), entering like reinforcements (`enter: SU, path:`,
  5.3.1; held off the board they stay received, 6.5 B); Germany one each at Berlin, the Ruhr and
  Breslau, fewer as the secondary economic hexes are lost, none after the collapse (16.2-16.5,
  16.8), MA doubled on the turn of placement (16.2 B); with one a turn Germany chooses Berlin or
  the Ruhr (16.4 A): `place: SU, at: HEX` among the Replacement Phase orders;
- EGS (15.21), in the Initial Supply-Check Phase: the first file of the Operational Movement
  Phase may begin (after the Replacement Phase orders) with `egs: SU, hexes: [HEX, ...]` and an
  optional `path:` the SU moves first (5.1.2 B); its units function as in GS, are no longer OOS
  and do not attrite at the Terminal Supply Check, where the EGS ends (15.21.2, 15.21.6, 5.1.7 D);
- AS (15.22): the Prepared Assault file burns off first (5.1.6 A) `supply: SU, hexes: [...]`;
  every prepared assaulter needs its hex so supplied (15.22 B; 24.4 B the Shock Front too);
  `fmo: true` launches a Führer-mandated offensive (23.2-23.3): the SU is permanently destroyed
  and the German units it supplies have their printed AFs doubled; OKH (25.10) supplies two
  adjacent hexes up to four hexes away, stays on the map and gives 1R;
- OKH's arrival (25.10 A: `okh: SU` from Turn 4, the SU permanently removed) and its removal
  when the last secondary hex is lost or the economy collapses (16.5 B, 16.8);
- SUs move only into friendly-controlled hexes, never into an EZOC without a friendly unit
  there, never strategically (15.23 A, F); they have no step value (15.23 B: never defenders
  taking a result), go along on their stack's retreat (15.23 G) or share its fate; alone, an enemy
  moving or assaulting into their hex destroys them permanently (15.23 C-D);
- 15.23.1 voluntary removal (`withdraw:`), 6.4 the Italian front's Turn 1 EGS and AS, 15.22 B the
  invasion-port's AS, 25.9 C the 12th Army's EGS and AS, 4.2 B/4.10 B one WA SU for one army group,
  15.3 C and 5.1.5 B, D-E moving out of GS or while OOS.
The 24.6-24.8 echelon is echelon.py, 26.6.5 B's SU hook.py, fortress and Baltic supply fortress.py."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import economy, supply
from .common import A_UNIT_OF, ARMY_NAMES, army_of, board, counter, enemies, enemy_zoc, grid, is_type, plays, stacking_problem

SU = "supply_unit"
OKH = "de-okh"
EGS = "an EGS burn-off is `egs: SU, hexes: [HEX, ...]` (optional `path: [HEX, ...]` the SU moves first) (5.1.2 B, 15.21.1)"
AS = "an AS burn-off is `supply: SU, hexes: [HEX, ...]` (optional `fmo: true`, 23.3) (5.1.6 A, 15.22.2)"
OKH_ORDER = "OKH arrives with `okh: SU`, an on-board German SU permanently removed (25.10 A)"
LATER = "played from behaviour 3 (docs/upgrading.md)"
# the report's lines for this module's events (report.ITEMS)
REPORT_ITEMS = {
    "sus_received": lambda e: (f"the {ARMY_NAMES[e['army']]} army receives SUs: {', '.join(e['units']) or 'none left in the pool'}"
                               + (f", to place at {' or '.join(e['at'])}" if e.get("at") else "") + f" ({e['rule']})"),
    "burn_off": lambda e: (f"{e['unit']} burns off: {e['supply']} in {', '.join(e['hexes'])}"
                           + (f" for {', '.join(e['units'])}" if e.get("units") else "")
                           + (", a Führer-mandated offensive" if e.get("fmo") else "") + f" ({e['rule']})"),
    "attack_supply": lambda e: f"{e['unit']} gives AS in {', '.join(e['hexes'])} ({e['rule']})",
    "withdrawn": lambda e: f"{e['unit']} is withdrawn from {e['hex']} to the pool ({e['rule']})",
    "not_withdrawn": lambda e: f"{e['unit']} stays in {e['hex']}: {e['why']}",
    "italian_front": lambda e: f"the WA units on the Italian front start with EGS and AS: {', '.join(e['units'])} ({e['rule']})",
    "echelon": lambda e: (f"echeloned Shock Front assault, round {e['round']}: {len(e['battles'])} assault(s)"
                          + (f", {e['why']}" if e.get("why") else "") + f" ({e['rule']})"),
    "egs_over": lambda e: f"the EGS of {', '.join(e['units'])} ends without a step lost ({e['rule']}, 5.1.7 D)",
}


def is_su(data: GameData, unit_id: str) -> bool:
    """An SU, or OKH, which "has all the characteristics of a regular German SU" (25.10 D)."""
    return is_type(data, unit_id, SU) or is_type(data, unit_id, "okh")


def fighting(data: GameData, units: list[str]) -> list[str]:
    """15.23 B: the units of a stack that take a combat result (SUs have no step value)."""
    return [u for u in units if not (plays(data, 3) and is_su(data, u))]


def number(unit_id: str) -> int:
    return int(unit_id.rsplit("-", 1)[1])


def counters_of(data: GameData, army: str) -> list[str]:
    """The army's SU counters (28.2-28.4), by their printed numbers (read once per data and army)."""
    def read() -> tuple[str, ...]:
        every = data.get("units.counters", "the counter list (28.0)")
        return tuple(sorted((u for u, c in every.items() if isinstance(c, dict) and unwrap(c.get("type")) == SU
                             and unwrap(c.get("side")) == army), key=number))
    return list(data.derived(f"eid.su_counters.{army}", read))


def due(state: dict, army: str) -> list[str]:
    """The SUs the army received and has not placed yet (15.23.3 B; 16.4 A this player-turn)."""
    entry = state.get("su_due", {}).get(army)
    if not entry or ("turn" in entry and entry["turn"] != state["turn"]):
        return []
    return [u for u in entry["units"] if u not in state["units"]]


def pool(data: GameData, state: dict, army: str) -> list[str]:
    """15.23.1 B, 15.23.3: the SUs available for placement: off the map, not permanently
    destroyed (15.23 D), not already received."""
    gone = {d["unit"] for d in state["dead"]} | set(due(state, army))
    return [u for u in counters_of(data, army) if u not in state["units"] and u not in gone]


def destroy(state: dict, unit_id: str, why: str, events: list) -> None:
    """15.23 D, 23.2 C, 25.10 A: off the map for good (the Permanently Destroyed Units Box)."""
    unit = state["units"].pop(unit_id)
    state["dead"] = sorted([*state["dead"], {"unit": unit_id, "side": unit["side"], "permanent": True}], key=lambda d: d["unit"])
    events.append({"event": "eliminated", "unit": unit_id, "why": why})


# -- production (5.1.1 B, 15.23.3, 16.2-16.5) ---------------------------------------------------
def produce(data: GameData, state: dict, events: list) -> None:
    """At the start of the Soviet and Axis player-turns (behaviour 3)."""
    if not plays(data, 3):
        return
    if state["army"] == "soviet":
        made = supply.soviet_sus(data, state["scenario"], state["turn"], bool(state.get("bagration")))
        new = pool(data, state, "soviet")[:made]
        waiting = [*due(state, "soviet"), *new]
        state.setdefault("su_due", {})["soviet"] = {"units": sorted(waiting, key=number)}
        events.append({"event": "sus_received", "army": "soviet", "units": new, "rule": "15.23.3 B"})
    elif state["army"] == "axis":
        german_production(data, state, events)
    elif state["army"] == "western" and state["turn"] == 1 and state["scenario"] == "iron-dream":
        italian_front(data, state, events)


def italian_front(data: GameData, state: dict, events: list) -> None:
    """6.4: "The WA units set up on the Italian front at the start of the game are considered to
    start their player-turn with EGS and AS" (those on the white star hexes, 3.11 C, as the WA
    Turn 1 player-turn begins)."""
    from .supply_play import start_territory
    italy = {h for h, a in start_territory(data, state).items() if a == "western"}
    units = sorted(u for u, v in state["units"].items() if v["side"] == "western" and v["hex"] in italy and not is_su(data, u))
    if units:
        state["egs"] = sorted({*state.get("egs", []), *units})
        state["italian_front"] = units
        events.append({"event": "italian_front", "units": units, "rule": "6.4"})


def german_production(data: GameData, state: dict, events: list) -> None:
    """16.2 A, 16.3: one SU at each production hex, its MA doubled this turn (16.2 B; a hex at its
    stacking limit takes none, 8.1); 16.4 A: one SU at Berlin or the Ruhr, Germany's choice. 6.1:
    on Turn 1 the Axis may only move (the set-up placed its SUs, 3.8 E)."""
    from .collapse import economy_of
    from .replacements import lost
    from .supply_play import collapsed
    if state["turn"] == 1:
        return
    economy_of(state)
    made = economy.su_production(data, lost(data, state), collapsed(state))
    free = pool(data, state, "axis")[:made["count"]]
    hexes = [grid(data).canonical(economy.economic_hex(data, name)) for name in made["at"]]
    if made["choose_one"]:
        state.setdefault("su_due", {})["axis"] = {"turn": state["turn"], "units": free, "at": hexes}
        events.append({"event": "sus_received", "army": "axis", "units": free, "at": hexes, "rule": "16.4 A"})
        return
    placed = []
    for unit_id, hex_id in zip(free, hexes):
        crowd = stacking_problem(data, state, "axis", [unit_id], hex_id)
        if crowd:
            events.append({"event": "not_placed", "unit": unit_id, "hex": hex_id, "why": f"{crowd} (5.1.1 B)"})
            continue
        state["units"][unit_id] = {"side": "axis", "hex": hex_id, "steps": 1}
        placed.append(unit_id)
        events.append({"event": "placed", "unit": unit_id, "hex": hex_id, "why": "a new SU: its MA doubled this turn (16.2)"})
    mark_arrived(state, placed)


def mark_arrived(state: dict, units: list[str]) -> None:
    """16.2 B, 7.7 A: doubled MAs on the turn of placement (reinforcements.doubled)."""
    from .reinforcements import arrived
    if units:
        state["arrived"] = {"turn": state["turn"], "units": [*arrived(state), *units]}


def place_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """16.4 A: `place: SU, at: HEX`, the SU of the turn at Berlin or the Ruhr (placed on `trial`)."""
    unit_id, at = str(order.get("place")), str(order.get("at"))
    if set(order) != {"place", "at"} or trial["army"] != "axis" or unit_id not in due(trial, "axis"):
        return f"{unit_id} is not an SU Germany received this turn (16.2-16.4)"
    hex_id = grid(data).canonical(at)
    allowed = trial["su_due"]["axis"]["at"]
    if hex_id not in allowed:
        return f"Germany's SU of the turn appears at {' or '.join(allowed)} (16.4 A), not {hex_id}"
    crowd = stacking_problem(data, trial, "axis", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (5.1.1 B)"
    trial["units"][unit_id] = {"side": "axis", "hex": hex_id, "steps": 1}
    mark_arrived(trial, [unit_id])
    return None


def unplaced_problem(data: GameData, trial: dict) -> str | None:
    """16.4 A: the chosen SU is placed in the Replacement Phase, unless both hexes are full."""
    waiting = due(trial, "axis") if trial["army"] == "axis" else []
    if not waiting:
        return None
    room = [h for h in trial["su_due"]["axis"]["at"] if not stacking_problem(data, trial, "axis", waiting[:1], h)]
    if room:
        return f"Germany places its SU of the turn first: `place: {waiting[0]}, at: HEX` ({' or '.join(room)}) (16.4 A, 5.1.1 B)"
    return None


# -- movement (15.23 A, F) -------------------------------------------------------------------
def mover_rule(data: GameData, state: dict, unit_id: str) -> Any:
    """For an SU: a test of each hex entered (15.23 A: friendly-controlled only; F: no EZOC
    without a friendly unit already there), else None."""
    if not plays(data, 3) or not is_su(data, unit_id):
        return None
    from .supply_play import control
    army = army_of(state, unit_id)
    owner = control(data, state)
    ezoc = enemy_zoc(data, state, army)

    def test(hex_id: str) -> str | None:
        if owner.get(hex_id) != army:
            return f"{unit_id} is an SU: it moves only into friendly-controlled hexes, not {hex_id} (15.23 A)"
        friends = [u for u in board(state).units_in(hex_id) if u != unit_id and army_of(state, u) == army]
        if hex_id in ezoc and not friends:
            return f"{unit_id} is an SU: it never moves into an enemy ZOC ({hex_id}) without a friendly unit there (15.23 F)"
        return None
    return test


def oos_rule(data: GameData, state: dict, unit_id: str) -> Any:
    """15.3 C, 5.1.5 D-E: a unit marked OOS enters only hexes each nearer its nearest potential
    source of GS (15.12-15.14), EGS (its army's SUs on the map) or FS (15.16, German units), else
    None. A reading: "nearer" in hexes, to the sources nearest its hex when it starts moving."""
    if not plays(data, 3) or unit_id not in state.get("oos", []):
        return None
    from .fortress import every_source
    from .supply_play import sources
    army, g = army_of(state, unit_id), grid(data)
    found = set(sources(data, state, army)) | {u["hex"] for k, u in state["units"].items() if u["side"] == army and is_su(data, k)}
    if army == "axis":
        found |= every_source(data, state)                                      # 15.16 A (behaviour 4)
    if not found:
        return None
    start = state["units"][unit_id]["hex"]
    best = min(g.distance(start, h) for h in found)
    nearest = [h for h in found if g.distance(start, h) == best]

    def test(a: str, b: str) -> str | None:
        if min(g.distance(b, h) for h in nearest) >= min(g.distance(a, h) for h in nearest):
            return (f"{unit_id} is out of supply: each hex it enters must bring it nearer its nearest source of GS, EGS "
                    f"or FS ({', '.join(sorted(nearest))}); {b} does not (15.3 C, 5.1.5 D-E)")
        return None
    return test


def gs_exit_problem(data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
    """5.1.5 B: "Units in GS may not voluntarily move out of GS; units with EGS markers on them may
    do so" (SUs need no GS, 15.23 A; 17.5 G: paratroops "are considered to have AS as well as EGS
    on the turn they drop"). `state` has the unit at the path's end."""
    if not plays(data, 3) or is_su(data, unit_id) or unit_id in state.get("oos", []) or unit_id in state.get("egs", []):
        return None
    from .airborne import dropped
    if unit_id in dropped(state):                                               # 17.5 G
        return None
    from .supply_play import in_gs
    if unit_id not in in_gs(data, state, army_of(state, unit_id)):
        return f"{unit_id} is in GS and may not move out of it to {path[-1]} (5.1.5 B; a unit with EGS may, 15.21.2)"
    return None


def only_sus(data: GameData, state: dict, hex_id: str, army: str) -> bool:
    """A hex holding units of `army` and SUs only (15.23 C)."""
    here = [u for u in board(state).units_in(hex_id) if army_of(state, u) == army]
    return bool(here) and all(is_su(data, u) for u in here)


def enterable(data: GameData, state: dict, hex_id: str, enemies: tuple[str, ...]) -> bool:
    """15.23 C: a hex where the enemy has SUs alone may be entered (they are destroyed)."""
    return plays(data, 3) and all(only_sus(data, state, hex_id, a) for a in {army_of(state, u) for u in board(state).units_in(hex_id)}
                                  if a in enemies)


def alone_problem(data: GameData, state: dict, hex_id: str) -> str | None:
    """15.23 C: a hex of enemy SUs alone is moved into, not assaulted."""
    if plays(data, 3) and enterable(data, state, hex_id, enemies(state, state["army"])):
        return f"only enemy SUs are in {hex_id}: a unit moving into the hex destroys them (15.23 C)"
    return None


def sweep(data: GameData, state: dict, events: list) -> None:
    """After every step: 15.23 C, D an enemy that moved through or into a hex where SUs are alone
    destroyed them permanently."""
    if not plays(data, 3):
        return
    entered: dict[str, set[str]] = {}
    for e in events:
        units = [e["unit"]] if "unit" in e else e.get("units") or []
        if "path" in e and units and units[0] in state["units"]:
            entered.setdefault(army_of(state, units[0]), set()).update(str(h) for h in e["path"])
    for unit in state["units"].values():
        entered.setdefault(unit["side"], set()).add(unit["hex"])
    doomed = set()
    for army, hexes in entered.items():
        for unit_id, unit in state["units"].items():
            if unit["hex"] in hexes and unit["side"] in enemies(state, army) and is_su(data, unit_id) \
                    and only_sus(data, state, unit["hex"], unit["side"]):
                doomed.add(unit_id)
    for unit_id in sorted(doomed):
        destroy(state, unit_id, "an SU alone when an enemy entered its hex: permanently (15.23 C, D)", events)


def goes_along(data: GameData, state: dict, battle: dict, who: str, unit_id: Any) -> bool:
    """15.23 G: an SU stacked with the side's units "may go along on retreats"."""
    if not plays(data, 3) or unit_id not in state["units"] or not is_su(data, unit_id):
        return False
    side = [u for u in battle[who] if u in battle["hex_of"]]
    return bool(side) and army_of(state, unit_id) == army_of(state, side[0]) and \
        state["units"][unit_id]["hex"] in {battle["hex_of"][u] for u in side}


def along_problem(along: dict, retreat: dict) -> str | None:
    """15.23 G: an SU retreats along the path of a combat unit of its stack."""
    paths = [list(map(str, p)) for p in retreat.values() if isinstance(p, list)]
    for unit_id, path in sorted(along.items()):
        if not isinstance(path, list) or list(map(str, path)) not in paths:
            return f"{unit_id} goes along on the retreat of a unit of its stack, on the same path (15.23 G)"
    return None


def share_fate(data: GameData, state: dict, hexes: list[str], army: str, events: list) -> None:
    """15.23 B-C: after the defenders took their result, SUs left alone in an assaulted hex share
    their stack's fate (the enemy assaulted into their hex): permanently destroyed."""
    if not plays(data, 3):
        return
    for hex_id in hexes:
        if only_sus(data, state, hex_id, army):
            for unit_id in sorted(board(state).units_in(hex_id)):
                destroy(state, unit_id, "an SU left alone in an assaulted hex: permanently (15.23 B, C, D)", events)


# -- burn-offs: EGS (15.21) and AS (15.22) -------------------------------------------------
def leading(orders: list, key: str) -> int:
    count = 0
    while count < len(orders) and key in orders[count]:
        count += 1
    return count


def own_su(data: GameData, state: dict, unit_id: Any) -> str | None:
    if not isinstance(unit_id, str) or unit_id not in state["units"] or army_of(state, unit_id) != state["army"]:
        return f"{unit_id} is not {A_UNIT_OF[state['army']]} SU on the map (15.23.2: each side burns off its own)"
    if not is_su(data, unit_id):
        return f"{unit_id} is not an SU (15.21, 15.22)"
    return None


def burn_hexes(data: GameData, state: dict, unit_id: str, hexes: Any) -> tuple[str | None, list[str]]:
    """15.21.1 B, 15.22.2: the one or two hexes an SU supplies."""
    if not isinstance(hexes, list) or not hexes:
        return "`hexes:` lists the one or two hexes the SU supplies (15.21.1 B)", []
    try:
        chosen = sorted({grid(data).canonical(str(h)) for h in hexes})
    except ValueError as exc:
        return str(exc), []
    found = supply.burn_off_problems(grid(data), state["units"][unit_id]["hex"], chosen)
    return (found[0].message if found else None), chosen


def egs_problem(data: GameData, state: dict, order: dict, events: list) -> str | None:
    """5.1.2 B, 15.21: one EGS burn-off, made on `state` when legal (the check tries it on a copy)."""
    if not plays(data, 3):
        return f"EGS burn-offs are {LATER}"
    if set(order) - {"egs", "hexes", "path"}:
        return EGS
    unit_id = order["egs"]
    why = own_su(data, state, unit_id)
    if why or unit_id == OKH:
        return why or "OKH is not burned off: it gives AS only (25.10 D)"
    if "path" in order:
        why = su_walk(data, state, unit_id, order["path"], events)
        if why:
            return why
    why, hexes = burn_hexes(data, state, unit_id, order.get("hexes"))
    if why:
        return why
    army = state["army"]
    units = sorted(u for h in hexes for u in board(state).units_in(h) if army_of(state, u) == army and not is_su(data, u))
    why = groups_problem(data, state, unit_id, units)
    if why:
        return why
    burn(state, unit_id)
    state["egs"] = sorted(set(state.get("egs", [])) | set(units))
    state["oos"] = [u for u in state["oos"] if u not in units]
    events.append({"event": "burn_off", "unit": unit_id, "supply": "EGS", "hexes": hexes, "units": units, "rule": "15.21"})
    return None


def groups_problem(data: GameData, state: dict, unit_id: str, units: list[str]) -> str | None:
    """4.2 B, 4.10 B: one WA SU never supplies units of both army groups (green and tan); 4.10 D:
    the airborne corps belong to either; behaviour 4: 4.10 C, the units beneath an invasion-port
    counter are one group (groups.egs_groups)."""
    if state["army"] != "western":
        return None
    from .groups import egs_groups, group
    if plays(data, 4):
        groups = egs_groups(data, state, units)                          # 4.10 C, D
    else:
        groups = {group(data, u) for u in units} - {"either"}            # 4.10 D: the airborne corps are `either`
    if len(groups) > 1:
        return f"{unit_id} may not supply units of both WA army groups ({', '.join(sorted(groups))}) (4.2 B, 4.10 B)"
    return None


def su_walk(data: GameData, state: dict, unit_id: str, path: Any, events: list) -> str | None:
    """5.1.2 B, 15.21: the SU to be burned off moves first (its full MA, 15.23 A, F)."""
    from .movement import walk_problem
    if not isinstance(path, list) or len(path) < 2:
        return EGS
    try:
        hexes = [grid(data).canonical(str(h)) for h in path]
    except ValueError as exc:
        return str(exc)
    if hexes[0] != state["units"][unit_id]["hex"]:
        return f"{unit_id}'s path must start at its hex {state['units'][unit_id]['hex']}"
    why, _ = walk_problem(data, state, unit_id, hexes, 0)
    if why:
        return why
    state["units"][unit_id] = {**state["units"][unit_id], "hex": hexes[-1]}
    events.append({"event": "move", "unit": unit_id, "path": hexes, "why": "to burn off for EGS (5.1.2 B)"})
    return None


def burn(state: dict, unit_id: str) -> None:
    """The burn-off removes the SU (15.21, 15.22); back to the pool (15.23.3 A-B; the WA's go
    to the holding boxes next turn, 15.23.3 C: state["su_burned"])."""
    unit = state["units"].pop(unit_id)
    if unit["side"] == "western":
        burned = state.get("su_burned", {})
        state["su_burned"] = {**burned, "western": sorted([*burned.get("western", []), unit_id])}


def as_problem(data: GameData, state: dict, order: dict, events: list) -> str | None:
    """5.1.6 A, 15.22.2, 23.3, 25.10 D: one AS burn-off, made on `state` when legal."""
    if not plays(data, 3):
        return f"AS burn-offs are {LATER}"
    if set(order) - {"supply", "hexes", "fmo"} or order.get("fmo", True) is not True:
        return AS
    unit_id = order["supply"]
    why = own_su(data, state, unit_id)
    if why:
        return why
    fmo = "fmo" in order
    if fmo and (state["army"] != "axis" or unit_id == OKH):
        return "OKH may not be used to generate FMO supply (23.4)" if unit_id == OKH else "only Germany launches FMOs (23.1)"
    if unit_id == OKH and any("okh" in kinds for kinds in state.get("attack_supply", {}).values()):
        return "OKH provides AS once a phase, to two adjacent hexes (25.10 D)"
    if unit_id == OKH:
        why, hexes = okh_hexes(data, state, order.get("hexes"))
    else:
        why, hexes = burn_hexes(data, state, unit_id, order.get("hexes"))
    if why:
        return why
    # 4.2 B, 4.10 B for AS: checked on the units that really assault, once the file's assaults are
    # known (groups.as_groups_problem): 4.10 E's cooperative prepared assault is one of B's exceptions
    kind = "okh" if unit_id == OKH else "fmo" if fmo else "su"
    given = dict(state.get("attack_supply", {}))
    for hex_id in hexes:
        given[hex_id] = sorted([*given.get(hex_id, []), kind])               # 24.6 A counts them
    state["attack_supply"] = given
    if unit_id == OKH:
        events.append({"event": "attack_supply", "unit": unit_id, "hexes": hexes, "rule": "25.10 D"})
    elif fmo:
        events.append({"event": "burn_off", "unit": unit_id, "supply": "AS", "hexes": hexes, "fmo": True, "rule": "23.3"})
        destroy(state, unit_id, "burned off for a Führer-mandated offensive: permanently (23.2 C, 23.3)", events)
    else:
        burn(state, unit_id)
        events.append({"event": "burn_off", "unit": unit_id, "supply": "AS", "hexes": hexes, "rule": "15.22"})
    return None


def okh_hexes(data: GameData, state: dict, hexes: Any) -> tuple[str | None, list[str]]:
    """25.10 D: two adjacent hexes up to four away along German-controlled hexes; not on a turn
    OKH moved strategically."""
    from .strategic import done_problem
    from .supply_play import control
    if not isinstance(hexes, list) or not hexes:
        return "`hexes:` lists the one or two hexes OKH supplies (25.10 D)", []
    try:
        chosen = sorted({grid(data).canonical(str(h)) for h in hexes})
    except ValueError as exc:
        return str(exc), []
    from .okh import supply_problem
    why = supply_problem(data, chosen)                                          # 25.10 B (behaviour 4)
    if why:
        return why, chosen
    german = {h for h, a in control(data, state).items() if a == "axis"}
    found = supply.okh_problems(data, grid(data), state["units"][OKH]["hex"], chosen, german, done_problem(state, OKH) is not None)
    return (found[0].message if found else None), chosen


def attack_problem(data: GameData, state: dict, units: list[str]) -> str | None:
    """15.22 A-B, 24.4 B: every prepared assaulter's hex is supplied by this phase's burn-offs
    (20.2: the Yugoslav partisans are always in AS)."""
    if not plays(data, 3):
        return None
    from .fortress import held_problem
    for unit_id in units:
        why = held_problem(state, unit_id)                                      # 15.19 A
        if why:
            return why
    given = state.get("attack_supply", {})
    always = twelfth_army(data, state, state["army"], STAGES["assault"])                      # 25.9 C
    if state["turn"] == 1 and state["army"] == "western":
        always |= set(state.get("italian_front", []))                                          # 6.4
    from .echelon import units as second_round
    always |= set(second_round(state)) | port_supplied(data, state, units)                   # 24.6 A; 15.22 B
    from .airborne import dropped
    from .greece import entered
    always |= set(dropped(state)) | set(entered(state))                                         # 17.5 G, 25.4 B
    without = [u for u in units if state["units"][u]["hex"] not in given and not is_type(data, u, "yugoslav") and u not in always]
    if without:
        return (f"{', '.join(without)} {'has' if len(without) == 1 else 'have'} no attack supply: first burn off an SU "
                "for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)")
    return None


def port_supplied(data: GameData, state: dict, units: list[str]) -> set[str]:
    """15.22 B: "WA units starting their Prepared Assault Phase in or adjacent to an invasion-port
    hex are always in AS for that phase" (the counters ashore: state["invasion_ports"], 14.x)."""
    ports = state.get("invasion_ports", {}).get("ashore", [])
    g = grid(data)
    return {u for u in units if army_of(state, u) == "western"
            and any(state["units"][u]["hex"] == p or g.adjacent(state["units"][u]["hex"], p) for p in ports)}


def fmo_bonus(data: GameData, state: dict, units: list[str]) -> int:
    """23.2 B: German units supplied by an FMO's SU have their printed AFs doubled (23.1 B:
    Hungarians at regular strength); the extra, added to the total."""
    from .combat import attack_of
    given = state.get("attack_supply", {})
    german = [u for u in units if "fmo" in given.get(state["units"][u]["hex"], [])
              and unwrap(counter(data, u).get("nation")) == "german"]
    if not german:
        return 0
    times = numbers.integer(data, "special.fuehrer_mandated_offensives.af_multiplier", "the FMO AF multiplier (23.2 B)")
    return attack_of(data, state, german) * (times - 1)


def okh_shift(data: GameData, state: dict, units: list[str]) -> list:
    """25.10 D: 1R when any of the assaulters is supplied by OKH."""
    from ...kit.combat import Shift
    given = state.get("attack_supply", {})
    if any("okh" in given.get(state["units"][u]["hex"], []) for u in units):
        return [Shift(numbers.integer(data, "crt.shifts.okh", "the OKH shift (25.10 D)"), "supplied by OKH", "25.10 D")]
    return []


# -- OKH (25.10 A, 16.5 B, 16.8) --------------------------------------------------------------
def okh_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """25.10 A: from Turn 4 OKH appears at Berlin, an on-board German SU permanently removed."""
    from .supply_play import berlin_hex, control
    if not plays(data, 3):
        return f"OKH is {LATER}"
    unit_id = order.get("okh")
    first = numbers.integer(data, "economy.okh.arrival_turn", "OKH's turn of arrival (25.10 A)")
    if set(order) != {"okh"} or trial["army"] != "axis":
        return OKH_ORDER
    if trial["turn"] < first or OKH in trial["units"] or any(d["unit"] == OKH for d in trial["dead"]):
        return f"OKH appears once, from Turn {first} (25.10 A)"
    why = own_su(data, trial, unit_id)
    if why or unit_id == OKH:
        return why or OKH_ORDER
    berlin = grid(data).canonical(berlin_hex(data))
    if control(data, trial).get(berlin) != "axis":
        return f"OKH appears at Berlin ({berlin}), which Germany does not control (25.10 A)"
    crowd = stacking_problem(data, {**trial, "units": {u: v for u, v in trial["units"].items() if u != unit_id}}, "axis", [OKH], berlin)
    if crowd:
        return f"{crowd} (25.10 C)"
    events: list[dict] = []
    destroy(trial, str(unit_id), "removed for OKH: permanently (25.10 A)", events)
    trial["units"][OKH] = {"side": "axis", "hex": berlin, "steps": 1}
    mark_arrived(trial, [OKH])
    return None


# -- 15.23.1 voluntary removal ----------------------------------------------------------------
WITHDRAW = "`withdraw: [SU, ...]`: SUs taken off the map at the end of this player-turn if they trace GS then (15.23.1)"


def withdraw_problem(data: GameData, state: dict, order: dict) -> str | None:
    """15.23.1 A: announced in the first movement file, made at the end of the player-turn."""
    if not plays(data, 3):
        return f"voluntary SU removal is {LATER}"
    units = order.get("withdraw")
    if set(order) != {"withdraw"} or not isinstance(units, list) or not units:
        return WITHDRAW
    for unit_id in units:
        why = own_su(data, state, unit_id)
        if why or unit_id == OKH:
            return why or "OKH is not an SU to withdraw (25.10)"
    state["withdraw"] = sorted({*state.get("withdraw", []), *map(str, units)})
    return None


def withdraw(data: GameData, state: dict, events: list) -> None:
    """15.23.1: at the end of the player-turn the announced SUs still on the map that "trace a GS
    line at the instant of removal" go back to the pool (B; the WA's through the holding boxes,
    15.23.3 C: boxes.py); the others stay."""
    from .supply_play import coastal, lines
    asked = [u for u in state.pop("withdraw", []) if u in state["units"]]
    if not asked:
        return
    army = state["army"]
    reach = lines(data, state, army)[4]
    for unit_id in asked:
        hex_id = state["units"][unit_id]["hex"]
        if hex_id in reach or (army == "western" and coastal(data, state, hex_id)):
            burn(state, unit_id)
            events.append({"event": "withdrawn", "unit": unit_id, "hex": hex_id, "rule": "15.23.1"})
        else:
            events.append({"event": "not_withdrawn", "unit": unit_id, "hex": hex_id,
                           "why": "it traces no GS line (15.23.1 A)"})


# -- 25.9 C the 12th Army -------------------------------------------------------------------
STAGES = {"initial": 0, "movement": 1, "ma_answer": 1, "assault": 2, "pa_defender": 2, "pa_attacker": 2, "pa_advance": 2}


def stage(state: dict) -> int:
    """Where in a player-turn the game stands: its Initial Supply Check 0, Operational Movement 1,
    Prepared Assault 2, the Terminal Supply Check and after 3."""
    phase = state["pending"]["resume"] if state["phase"] == "collapse" else state["phase"]
    return STAGES.get(phase, 3)


def instant(state: dict, at: int) -> list[int]:
    return [state["turn"], state["turn_order"].index(state["army"]), at]


def twelfth_army(data: GameData, state: dict, army: str, at: int) -> set[str]:
    """25.9 C: the 12th Army "is considered to have EGS and AS for one complete turn, measured from
    the instant of placement" (`at`: the stage of the player-turn now)."""
    held = state.get("twelfth_army")
    if army != "axis" or not held or held["unit"] not in state["units"] or instant(state, at) >= held["until"]:
        return set()
    return {held["unit"]}


def placed_twelfth(data: GameData, state: dict, events: list) -> None:
    from .collapse import COUNTER
    for e in events:
        if e["event"] == "placed" and "25.9 B" in e.get("why", ""):
            until = instant(state, stage(state))
            state["twelfth_army"] = {"unit": numbers.text(data, COUNTER, "the 12th Army's counter id (25.9)"),
                                     "until": [until[0] + 1, *until[1:]]}


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: 15.23 C the SUs an enemy entered; 16.5 B, 16.8 OKH removed for good when
    the last secondary hex is lost or the economy collapses; 25.9 C the 12th Army placed."""
    if not plays(data, 3):
        return
    sweep(data, state, events)
    placed_twelfth(data, state, events)
    if OKH in state["units"]:
        from .replacements import lost
        from .supply_play import collapsed
        if collapsed(state) or lost(data, state) >= len(economy.secondary_names(data)):
            destroy(state, OKH, "OKH permanently removed (16.5 B, 16.8)", events)
