"""End of the Iron Dream: supply in play (behaviour 2) — hex control (4.1), the general supply
of every unit at an instant (15.1, 15.5-15.8, 15.12-15.14) on the pure functions of supply.py,
the Initial and Terminal Supply-Check Phases (5.x.2, 5.x.7; 15.2, 15.3 A, 15.9) and 15.10's
grant or refusal of a trace through the other Alliance camp's territory, a signed `response`
of the other Alliance player, asked only when a line actually needs those hexes.

The map data gives what a line needs and nothing is guessed: the starting territory
(map.setup_areas.soviet_controlled_at_start and white_star_italy, 4.1 D-F; Let History Judge
lhj_soviet_controlled, 27.3), the Soviet sources (map.edges.east, 15.13), the German sources
(supply.sources.german.hex_list, 15.12: each must be a listed hex when a German unit's supply
depends on it), the WA sources of the agreed position (positions.NAME.wa_supply_sources: its
opened ports and invasion-port counters, 15.14 A) and coastal hexes (map.hexes.HEX.coast,
15.14 C). Behaviour 3 adds the SUs' EGS (supply_units.py: units with EGS count as in GS and do not
attrite, 15.21), the 12th Army's (25.9 C), Baltic coastal and fortress supply (fortress.py, 15.15-15.20)."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from . import calendar, fort_supply, fortress, forts, greece_lhj, lake_supply, italy, satellite_supply, supply, supply_units, volkssturm
from .common import (ALLIANCE, PRINTED_ON, army_of, board, counter, enemy_zoc, grid, hexside, is_type, mapdata, plays, seat_of,
                     zoc_of)

LHJ = supply.LHJ
COASTS = {"iron-dream": ("atlantic", "mediterranean", "adriatic"),              # 15.14 C
          LHJ: ("atlantic", "mediterranean", "adriatic", "baltic", "black")}     # 15.14 D


# answers kept per data (issue 13), each store small: an answer is as large as the map, and the
# steps ask again of the positions just seen (a step's checks, its watchers, the next step's)
KEPT = {"eid.kept.present": 32, "eid.kept.enemy_zoc": 32, "eid.kept.reach": 16}


def kept(data: GameData, store: str, key: tuple, build: Any) -> Any:
    """GameData.remembered in a small store of its own (KEPT): build()'s value kept under `key`,
    which names all it reads besides the data; the overrides the build read noted at every use.
    Shared, not copied: the caller copies what it changes."""
    return data.remembered(key, build, store=store, limit=KEPT[store])


# -- 4.1 hex control -------------------------------------------------------------------------
def start_territory(data: GameData, state: dict) -> dict[str, str]:
    """4.1 D-F: the Soviets hold their red star hexes and all east of them, the WA the four
    white star hexes in Italy, the Axis every other hex; 27.3-27.4: in Let History Judge the
    Soviets east of the red triangle line, NATO west of it. Hex -> army for the non-default ones."""
    def read() -> dict[str, str]:
        if state["scenario"] == LHJ:
            areas = {"soviet": "lhj_soviet_controlled"}
        else:
            areas = {"soviet": "soviet_controlled_at_start", "western": "white_star_italy"}
        out: dict[str, str] = {}
        for army, key in areas.items():
            for hex_id in numbers.texts(data, f"map.setup_areas.{key}", f"the hexes the {army} control at the start (4.1, 27.3)"):
                out[grid(data).canonical(hex_id)] = army
        return out
    return data.derived(f"eid.start_territory.{state['scenario']}", read)


def default_owner(state: dict) -> str:
    return "western" if state["scenario"] == LHJ else "axis"        # 4.1 D; 27.4 "west of it"


_HEX_SIDE = itemgetter("hex", "side")


def present_control(data: GameData, state: dict) -> dict[str, str]:
    """4.1 A priorities 1-2 at this instant: the army occupying a hex, else the one army whose
    ZOC alone reaches it (4.1 B-C: two sides' ZOCs leave it to priorities 3-4); behaviour 3: 9.4
    "Axis ZOCs do not extend into WA invasion-port counters" (state["invasion_ports"], 14.x).
    Shared, not copied: the caller never changes it."""
    # kept per position (issue 13): the watchers, the ports watch and the supply lines ask it
    # several times a step of a position that seldom changed; the key is everything it reads
    return kept(data, "eid.kept.present", _present_key(state), lambda: _present_control(data, state))


def _present_key(state: dict) -> tuple:
    """What `_present_control` reads of a state (the rest comes from the data): where each unit
    is and whose, the Führer's support (15.19 A), the drops (17.5 E), the invasion ports (9.4),
    the forts built or destroyed (4.1 B) and the Volkssturm lost (25.7)."""
    units, drops = state["units"], state.get("drops") or {}
    return (state.get("scenario"), state.get("turn"), tuple(units), tuple(map(_HEX_SIDE, units.values())),
            tuple(state.get("fs", ())), drops.get("turn"), tuple(drops.get("units", ())),
            tuple((state.get("invasion_ports") or {}).get("ashore", [])), tuple((state.get("forts") or {}).items()),
            tuple(state.get("volkssturm_lost", [])))


def _present_control(data: GameData, state: dict) -> dict[str, str]:
    out = {u["hex"]: str(u["side"]) for _, u in sorted(state["units"].items())}
    zocs: dict[str, set[str]] = {}
    ports = set((state.get("invasion_ports") or {}).get("ashore", [])) if plays(data, 3) else set()
    stacks = board(state).stacks()                   # one board for every army's ZOC
    for army in sorted({str(u["side"]) for u in state["units"].values()}):
        for hex_id in zoc_of(data, state, (army,), stacks) - (ports if army == "axis" else set()):      # 9.4
            zocs.setdefault(hex_id, set()).add(army)
    fortified = forts.standing(data, state)                          # 4.1 B (behaviour 3): a fort contests ZOCs
    for hex_id, armies in zocs.items():
        if hex_id not in out and len(armies) == 1 and not ((hex_id in fortified or volkssturm.df(data, state, hex_id))
                                                           and armies != {"axis"}):        # 4.1 B: the Volkssturm too
            out[hex_id] = next(iter(armies))
    return out


def control(data: GameData, state: dict) -> dict[str, str]:
    """Every listed hex -> the army controlling it (4.1 A): priorities 1-2 now, else the last
    to occupy it or hold it by ZOC (state["control"]), else the starting territory."""
    return control_from(data, state, present_control(data, state))


def control_from(data: GameData, state: dict, now: dict[str, str]) -> dict[str, str]:
    """`control` given priorities 1-2 of this instant (`present_control` of this very state)."""
    held = state.get("control", {})
    out = _start_control(data, state).copy()         # every hex: now, else held, else start
    for given in (held, now):                        # (laid lowest first; a key's place never moves, issue 13)
        for h, a in given.items():
            if a and h in out:
                out[h] = a
    return out


def _start_control(data: GameData, state: dict) -> dict[str, str]:
    """Every known hex -> its army at the start (4.1 D-F): the map control_from lays the rest on,
    once per data and scenario (copied by each caller; a copy is cheaper than the laying, issue 13)."""
    def build() -> dict[str, str]:
        start = start_territory(data, state)
        out = dict.fromkeys(mapdata(data).known_hexes(), default_owner(state))
        for h, a in start.items():
            if h in out:
                out[h] = a
        return out
    return data.derived(f"eid.start_control.{state['scenario']}", build)


def record_control(data: GameData, state: dict, events: list) -> dict[str, str]:
    """After every step: each hex a unit entered on its way (4.1 A: it occupied it, 15.21.4 "the
    conversion of each hex ... the instant those units entered") and each hex held now by
    priorities 1-2 is the last holder's; entries equal to the starting territory are dropped.
    Returns priorities 1-2 of this instant: `control_from` them is `control` of the state as
    recorded (the watchers that follow share it, issue 13)."""
    start, owner = start_territory(data, state), default_owner(state)
    held = dict(state.get("control", {}))
    for e in events:
        units = [e["unit"]] if "unit" in e else e.get("units") or []
        if "path" in e and units and units[0] in state["units"]:
            for hex_id in e["path"]:
                held[hex_id] = army_of(state, units[0])
    now = present_control(data, state)
    held.update(now)
    state["control"] = {h: a for h, a in sorted(held.items()) if a != start.get(h, owner)}
    return now


def validate(data: GameData, state: dict) -> None:
    """Behaviour 2, at set-up: the data a supply check needs in any later step (the steps of other
    seats lead into it, and `check` must report what `apply` would refuse): the starting
    territory, every army's sources on the map."""
    start_territory(data, state)
    for army in state["turn_order"]:
        for hex_id in sources(data, state, army):
            mapdata(data).info(hex_id)


# -- 15.1 general supply at an instant ---------------------------------------------------------
@dataclass
class Supply:
    """One army's supply at an instant: units in GS, units whose line needs the other Alliance
    camp's hexes (15.10) with those hexes, and units without GS."""

    in_gs: set[str] = field(default_factory=set)
    needs_ally: dict[str, list[str]] = field(default_factory=dict)
    oos: set[str] = field(default_factory=set)


def blocked(data: GameData) -> Any:
    """15.8 A: not across blocked or lake hexsides, except the dike (10.9)."""
    known: dict[tuple[str, str], bool] = data.derived("eid.supply_blocked", dict)
    noted: list[bool] = []

    def test(a: str, b: str) -> bool:
        if not noted:                              # as a hexside's reading would: the overrides of the map's hexsides
            mapdata(data).listed_hexsides()
            noted.append(True)
        found = known.get((a, b))                  # a supply search asks each side many times: once per data
        if found is None:
            sides = set(hexside(data, a, b))
            found = known[a, b] = bool({"blocked", "lake"} & sides) and "dike" not in sides
        return found
    return test


def sources(data: GameData, state: dict, army: str) -> list[str]:
    """15.12 German (all Axis units, 19.x satellite sources not modelled), 15.13 Soviet east edge,
    15.14 A WA opened ports and invasion-port counters of the agreed position."""
    g = grid(data)
    if army == "axis":
        found = supply.german_sources(data, collapsed=collapsed(state))
    elif army == "soviet":
        found = set(numbers.texts(data, "map.edges.east", "the hexes of the map's east edge (15.13)"))
    else:
        name = state["position"]
        found = set(numbers.texts(data, f"positions.{name}.wa_supply_sources",
                                  "the WA opened ports and invasion-port counters of the position (15.14 A)"))
        if "abomb" in state:                                                 # behaviour 4: 27.6 J
            from .abomb import working_ports
            found = set(working_ports(state, [g.canonical(h) for h in found]))
        found |= set(state.get("invasion_ports", {}).get("ashore", []))      # behaviour 3: 14.24 A
        found |= italy.edge_sources(data, state) | greece_lhj.edge_sources(data, state)   # behaviour 3: 25.12, 27.9 C
        if state.get("ports", {}).get("opening"):                          # behaviour 3: 14.27 B
            from .ports import opened
            found |= set(opened(data, state, control(data, state)))
    return sorted(g.canonical(h) for h in found)


def collapsed(state: dict) -> bool:
    """16.7: the German economy has collapsed (behaviour 2 keeps state["economy"])."""
    return "economy" in state and state["economy"]["collapsed"] is not None


def coastal(data: GameData, state: dict, hex_id: str) -> bool:
    """15.14 C-E: a WA unit on an Atlantic, Mediterranean or Adriatic coastal hex (Baltic and
    Black Sea in Let History Judge) is in GS there; never traced inland."""
    coast = mapdata(data).info(hex_id).get("coast")
    return coast in COASTS[LHJ if state["scenario"] == LHJ else "iron-dream"]


def berlin_hex(data: GameData) -> str:
    """16.9: after the collapse "only those units actually in the city have GS" (25.1 G)."""
    return numbers.text(data, "economy.economic_hexes.primary.berlin.hex", "the hex of Berlin (15.12)")


def lines(data: GameData, state: dict, army: str,
          owner: dict[str, str] | None = None) -> tuple[dict[str, str], set[str], set[str], list[str], dict[str, int]]:
    """An army's lines now: (control, its hexes, the EZOCs no friendly combat unit negates (15.8 B),
    its sources on the map, every hex its GS lines reach -> their length). `owner`: `control` of
    this state, when the caller has it."""
    owner = control(data, state) if owner is None else owner
    mine = {h for h, a in owner.items() if a == army}
    friends = {u["hex"] for k, u in state["units"].items() if u["side"] == army and not is_type(data, k, "supply_unit")}
    ezoc = _enemy_zoc(data, state, army) - friends
    ezoc -= forts.standing(data, state) if army == "axis" else set()           # 15.11 (behaviour 3)
    listed = [h for h in sources(data, state, army) if mapdata(data).terrain_known(h)]
    test, opened = blocked(data), lake_supply.open_sides(data, state, army)      # 15.14 F (behaviour 4)
    # the search kept by all it reads besides the data (its arguments): a step's checks and
    # watchers trace the same lines again (issue 13); each caller gets its own copy
    key = (army, state["scenario"], tuple(listed), frozenset(mine), frozenset(ezoc), frozenset(opened))
    reach = kept(data, "eid.kept.reach", key, lambda: supply.general_supply(data, army, state["scenario"], grid(data), listed,
                                                                          mine, ezoc, lake_supply.with_open(test, opened)))
    return owner, mine, ezoc, listed, dict(reach)


def _enemy_zoc(data: GameData, state: dict, army: str) -> set[str]:
    """enemy_zoc kept per position as present_control is (issue 13; the caller copies it): the key
    adds whom the army fights (enemies) and whether the state keeps invasion ports (14.24 B)."""
    key = (army, tuple(state.get("turn_order", ())), "invasion_ports" in state, _present_key(state))
    return kept(data, "eid.kept.enemy_zoc", key, lambda: enemy_zoc(data, state, army))


def status(data: GameData, state: dict, army: str, owner: dict[str, str] | None = None) -> Supply:
    """Every unit of `army` (SUs need no GS, 15.23 A) in GS, needing the ally's hexes, or not.
    `owner`: `control` of this state, when the caller has it."""
    hexes, g = mapdata(data), grid(data)
    owner, mine, ezoc, listed, reach = lines(data, state, army, owner)
    found = sources(data, state, army)
    out = Supply()
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != army or is_type(data, unit_id, "supply_unit"):
            continue
        own = satellite_supply.traces(data, state, unit_id, unit["hex"], mine, ezoc, reach) if army == "axis" else None
        if own is not None:                                                   # behaviour 3: 19.1.4 B, 19.2.1, 19.3 D
            (out.in_gs if own else out.oos).add(unit_id)
            continue
        if unit["hex"] in reach or is_type(data, unit_id, "yugoslav") or (army == "western" and coastal(data, state, unit["hex"])) or (
                army == "axis" and collapsed(state) and unit["hex"] == berlin_hex(data) and owner.get(unit["hex"]) == "axis") or (
                army == "axis" and fortress.coastal_gs(data, state, unit["hex"], owner, reach)):          # 15.15 (behaviour 3)
            out.in_gs.add(unit_id)
            continue
        ally = [a for a in ALLIANCE if a != army]
        if army in ALLIANCE and state["scenario"] != LHJ:
            theirs = {h for h, a in owner.items() if a == ally[0]}
            need = supply.ally_trace(data, army, state["scenario"], g, unit["hex"], listed, mine, theirs, ezoc,
                                     lake_supply.blocked_for(data, state, army, blocked(data)))   # 15.14 F
            if need:
                out.needs_ally[unit_id] = sorted(need)
                continue
        missing = [h for h in found if not hexes.terrain_known(h)]
        if missing:                                   # the answer depends on a source the map data lacks
            hexes.info(missing[0])                    # names map.hexes.HEX or map.hexes.HEX.terrain
            raise UnknownDataError(f"map.hexes.{missing[0]}", f"hex {missing[0]}, a supply source of the {army} "
                                   f"(15.12-15.14), which {unit_id}'s supply needs", PRINTED_ON, data.override_file)
        out.oos.add(unit_id)
    return out


def in_gs(data: GameData, state: dict, army: str) -> set[str]:
    """The units of `army` with GS now: their own line, or one through the other camp's hexes it
    granted (15.10) at the army's last supply check."""
    now = status(data, state, army)
    granted = state.get("granted", {}).get(army, {})
    egs = {u for u in state.get("egs", []) if u in state["units"] and state["units"][u]["side"] == army}   # 15.21.2
    egs |= supply_units.twelfth_army(data, state, army, supply_units.stage(state))                    # 25.9 C
    return now.in_gs | egs | {u for u, hexes in now.needs_ally.items() if granted.get(u) == hexes}


def regular_gs(data: GameData, state: dict, army: str) -> set[str]:
    """The units of `army` with a regular GS line (their own or a granted one, 15.10), EGS left out:
    25.8 B, airborne corps in EGS "do not have TAC AIR benefits until a regular GS line is opened
    up to them" (behaviour 2 has no EGS: the same as in_gs)."""
    now = status(data, state, army)
    granted = state.get("granted", {}).get(army, {})
    return now.in_gs | {u for u, hexes in now.needs_ally.items() if granted.get(u) == hexes}


def defender_shift(data: GameData, state: dict, defenders: list[str]) -> list[Shift]:
    """15.4: defenders without GS at the instant they defend give a 2R shift (a reading: when
    none of the defending units has GS; units of one hex share their line)."""
    if not defenders:
        return []
    army = army_of(state, defenders[0])
    supplied = in_gs(data, state, army)
    if any(u in supplied for u in defenders) or fortress.shields(state, defenders):       # 15.19 B
        return []
    shift = supply.defender_supply_shift(data, in_gs=False, drawing_fs=False)
    return [Shift(shift, "defender without general supply", "15.4")]


# -- the supply-check phases ----------------------------------------------------------------
def ally_seat(state: dict, army: str) -> str:
    other = next(a for a in ALLIANCE if a != army)
    return seat_of(state, other)


def ask_or_grant(state: dict, army: str, needs: dict[str, list[str]], check: str, events: list) -> bool:
    """15.10: the lines not answered yet this player-turn pause for the other Alliance player's
    signed answer (True: paused). In the two-player game one player commands both camps (1.0 C),
    so the line is its own to use: granted, with no round trip (a reading)."""
    granted = state.setdefault("granted", {}).setdefault(army, {})
    asked = {u: h for u, h in sorted(needs.items()) if granted.get(u) != h and f"{u}|{'|'.join(h)}" not in state.get("refused", [])}
    if not asked:
        return False
    if "alliance" in state["seats"]:
        for unit_id, hexes in asked.items():
            granted[unit_id] = hexes
        events.append({"event": "ally_supply", "army": army, "granted": sorted(asked), "refused": [],
                       "why": "one player commands both Alliance camps (1.0 C)"})
        return False
    state["pending"] = {"check": check, "army": army, "units": asked}
    state["phase"] = "ally_supply"
    return True


def initial_check(data: GameData, state: dict, events: list) -> None:
    """5.x.2, 15.2, 15.3 A: the phasing army's units without GS are marked OOS (their MAs halved,
    15.3 B) before its Operational Movement Phase; a line through the other camp's territory
    waits for its answer first (15.10)."""
    army = state["army"]
    if state.get("checked") != [state["turn"], army]:
        state.setdefault("granted", {})[army] = {}                   # a new player-turn: new answers
        state["refused"] = []
        state["checked"] = [state["turn"], army]
    now = status(data, state, army)
    if ask_or_grant(state, army, now.needs_ally, "initial", events):
        return
    granted = state["granted"][army]
    state["oos"] = sorted(now.oos | {u for u, h in now.needs_ally.items() if granted.get(u) != h})
    keep = supply_units.twelfth_army(data, state, army, supply_units.STAGES["initial"]) | set(state.get("egs", []))
    if keep:                                                                                  # 25.9 C, 6.4
        state["oos"] = [u for u in state["oos"] if u not in keep]
    events.append({"event": "supply_check", "check": "initial", "army": army, "oos": state["oos"]})
    state["phase"] = "movement"


def terminal_check(data: GameData, state: dict, events: list, owner: dict[str, str] | None = None) -> bool:
    """5.x.6 C / 5.1.6 C: the OOS markers come off; 5.x.7, 15.9 A, D: every unit without GS loses
    a step, a destroyed one permanently (15.9 A; 7.17), but for the WA airborne corps (15.9 B).
    False while paused for a 15.10 answer. `owner`: `control` of this state, when the caller has it."""
    army = state["army"]
    now = status(data, state, army, owner)
    if ask_or_grant(state, army, now.needs_ally, "terminal", events):
        return False
    state["oos"] = []
    granted = state["granted"].get(army, {})
    short = sorted(now.oos | {u for u, h in now.needs_ally.items() if granted.get(u) != h})
    egs = state.pop("egs", [])                                 # 15.21.6, 5.1.7 D: no step loss, markers off
    twelfth = supply_units.twelfth_army(data, state, army, 3)   # 25.9 C
    short = [u for u in short if u not in twelfth]
    if egs:
        short = [u for u in short if u not in egs]
    short = fortress.go_over(data, state, short, events)       # behaviour 3: 5.1.7 B, 15.16, 15.20
    cut = fort_supply.cut_off(data, state)                     # behaviour 4: 15.18, before the attrition
    drops = state.get("drops") or {}
    if drops.get("turn") == state["turn"] and drops.get("army") == army:
        short = [u for u in short if u not in drops["units"]]        # 17.5 G: EGS on the drop turn (behaviour 3)
    events.append({"event": "supply_check", "check": "terminal", "army": army, "oos": short})
    if egs:
        events.append({"event": "egs_over", "army": army, "units": egs, "rule": "15.21.6"})
    for unit_id in short:
        attrite(data, state, unit_id, events)
    fort_supply.remove_cut(data, state, cut, events)           # 15.18 A, B
    state.pop("refused", None)
    return True


def attrite(data: GameData, state: dict, unit_id: str, events: list) -> None:
    airborne = army_of(state, unit_id) == "western" and str(counter(data, unit_id)["type"]) == "paratroop_infantry"
    result = supply.attrition(state["units"][unit_id]["steps"], "none", airborne_wa=airborne)
    if not result["destroyed"]:
        state["units"][unit_id]["steps"] = result["steps"]
        events.append({"event": "reduced", "unit": unit_id, "steps": result["steps"], "why": "out of supply (15.9 A)"})
        return
    unit = state["units"].pop(unit_id)
    state["dead"].append({"unit": unit_id, "side": unit["side"], **({"permanent": True} if result["permanent"] else {})})
    state["dead"].sort(key=lambda d: d["unit"])
    why = "out of supply: permanently (15.9 A, 7.17)" if result["permanent"] else "out of supply (15.9 B: the WA airborne corps)"
    events.append({"event": "eliminated", "unit": unit_id, "why": why})


# -- the 15.10 answer ------------------------------------------------------------------------
GRANT = "`grant: [UNIT, ...]` lists the units whose supply line may use your territory; the others are refused (15.10)"


def template(game: Any, data: GameData, state: dict, side: str) -> dict:
    ask = state["pending"]
    lines = [f"{u}: through {', '.join(h)}" for u, h in ask["units"].items()]
    return {"orders": [{"grant": sorted(ask["units"])}], "notes": [GRANT, *lines]}


def check_answer(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or not isinstance(orders[0].get("grant"), list):
        return [Problem(None, f"one answer: {GRANT}")]
    asked = state["pending"]["units"]
    other = [str(u) for u in orders[0]["grant"] if str(u) not in asked]
    if other:
        return [Problem(0, f"{', '.join(other)}: no supply line through your territory is asked for it (asked: "
                           f"{', '.join(sorted(asked))}) (15.10)")]
    return []


def apply_answer(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    ask = state.pop("pending")
    state["pending"] = None
    chosen = {str(u) for u in orders[0]["grant"]}
    granted = state["granted"].setdefault(ask["army"], {})
    refused = []
    for unit_id, hexes in sorted(ask["units"].items()):
        if unit_id in chosen:
            granted[unit_id] = hexes
        else:
            refused.append(unit_id)
            state.setdefault("refused", []).append(f"{unit_id}|{'|'.join(hexes)}")
    events: list[dict] = [{"event": "ally_supply", "army": ask["army"], "granted": sorted(chosen), "refused": refused,
                           "why": f"{side} answers (15.10)"}]
    if ask["check"] == "initial":
        initial_check(data, state, events)
    elif terminal_check(data, state, events):
        game.end_player_turn(data, state, events, dice)
    return events


def no_supply_problems(data: GameData, state: dict, units: list[str], rule: str) -> str | None:
    """11.16, 15.22.1: units without GS (or EGS, not modelled) may not assault."""
    supplied = in_gs(data, state, state["army"])
    without = [u for u in units if u not in supplied and not is_type(data, u, "supply_unit")]
    if without:
        return f"{', '.join(without)} {'has' if len(without) == 1 else 'have'} no general supply and may not assault ({rule})"
    return None


def entered(state: dict, army: str, path: list[str]) -> None:
    """4.1 A: a unit moving through hexes occupies each for an instant: it is their last holder
    (campaigns of behaviour 2 keep state["control"])."""
    if "control" in state:
        for hex_id in path:
            state["control"][hex_id] = army


def assault_shifts(data: GameData, state: dict, army: str, attackers: list[str], defenders: list[str]) -> list[Shift]:
    """Behaviour 2: 15.4 the OOS defender's 2R; 25.8 A, 25.11 C TAC AIR in fair weather: 1R on WA
    assaults by units in GS (a reading: all of the assaulters), 1L on Axis assaults against WA
    defenders in GS (any of them)."""
    if not plays(data, 2):
        return []
    shifts = defender_shift(data, state, defenders)
    now = calendar.weather(data, state["scenario"], state["turn"])
    if army == "western" and attackers:
        supplied = regular_gs(data, state, army)                                  # 25.8 B: not EGS
        value = calendar.tac_air(data, now, all(u in supplied for u in attackers))
        if value:
            shifts.append(Shift(value, "WA tactical air power", "25.8 A"))
    wa = [u for u in defenders if army_of(state, u) == "western"]
    if army == "axis" and wa and now == calendar.FAIR and set(wa) & regular_gs(data, state, "western"):
        shifts.append(Shift(numbers.integer(data, "crt.shifts.wa_tac_air_defence", "the TAC AIR defence shift (25.8 A)"),
                            "WA tactical air power in defence", "25.8 A"))
    return shifts
