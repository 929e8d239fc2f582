"""Rolls a US unit's entry sets off: Rhine bridge blowing (22.0) and Volkssturm (21.0); bridge VPs (28.21).

Both interrupt the US unit's movement while the German player rolls (21.11, 22.21). In pbem a
move that sets off a roll ends there and must be the last order of its file; the step rolls
(with both players' dice), then the US player continues the same Movement Phase with a new
orders file, in which the interrupted unit may go on with the Movement Points it has left
(21.13). The same rolls happen when a US unit advances or retreats into such a hex after
combat; at a western terminus the combat resolution pauses for the German's answer whether to
attempt (22.21), and goes on where it stopped after the roll (the rest of the advance or of the
retreat's hexes, then the next combats in the order declared, 9.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ..base import Problem
from .common import max_stack

if TYPE_CHECKING:
    from .game import OperationGrenade


class Placement:
    """21.12: the German player places the new Volkssturm units of a town where the rules leave a choice."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        choice = state["awaiting_choice"]
        return {"notes": [game.awaiting(state).phase, f"Place the new Volkssturm units in the hexes of {choice['town']} (21.12): "
                          f"{', '.join(legal_hexes(game, data, state, choice['town']))}"],
                "orders": [{"place": unit_id, "at": choice["town"]} for unit_id in choice["units"]]}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        why = check_placement(game, data, state, orders)
        return [Problem(None, why)] if why else []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        from .combat import run_combats
        from .movement import next_placement
        events: list[dict] = []
        state["awaiting_choice"] = None
        place_volkssturm(game, data, state, {o["place"]: str(o["at"]) for o in orders}, events)
        state["volkssturm_pending"].pop(0)
        next_placement(state)
        if state["phase"] == "combat" and not state["awaiting_choice"]:
            run_combats(game, data, state, dice, events)
        return events


class BridgeAnswer:
    """22.21 "the German player may attempt to blow each Rhine bridge ... only at the moment a US unit
    first enters its western terminus hex": a US unit that enters one (moving, advancing or
    retreating after combat) pauses the step for the German's answer, one order per bridge of the
    hex (22.24), `bridge: NAME` with `attempt: true|false`. After a move the answer rides on the
    mail that returns the adjudicated move, so it costs no extra message; the roll, with both
    players' dice, comes when the other player adjudicates it, before the interrupted Movement
    Phase goes on (21.13) or the combat resolution goes on where it stopped (9.0). Declining
    spares the bridge for the rest of the game (22.21: once per game)."""

    @staticmethod
    def template(game, data, state, side: str) -> dict:
        choice = state["awaiting_choice"]
        ruse = "; the US player declared a ruse (22.23), which applies to the first bridge you attempt" if choice["ruse"] else ""
        how = {"advance": "advanced after combat into", "retreat": "retreated into"}[choice["by"]] if "by" in choice else "entered"
        after = " The combats go on after the roll, where they stopped (9.0)." if "by" in choice else ""
        return {"notes": [game.awaiting(state).phase,
                          f"{choice['unit']} {how} {choice['hex']}, the western terminus of {', '.join(choice['bridges'])} (22.21){ruse}. "
                          "For each bridge, `attempt: true` rolls two dice to blow it (22.22), `attempt: false` spares it for "
                          f"the rest of the game (one attempt per bridge per game, 22.21).{after}"],
                "orders": [{"bridge": name, "attempt": True} for name in choice["bridges"]]}

    @staticmethod
    def check(game, data, state, side: str, orders: list) -> list[Problem]:
        choice = state["awaiting_choice"]
        given = [o.get("bridge") for o in orders]
        if sorted(str(b) for b in given) != sorted(choice["bridges"]) or any(not isinstance(o.get("attempt"), bool) for o in orders):
            return [Problem(None, f"answer each bridge of {choice['hex']} once: `bridge: NAME` with `attempt: true` or "
                                  f"`attempt: false`, for {', '.join(choice['bridges'])} (22.21, 22.24)")]
        return []

    @staticmethod
    def apply(game, data, state, side: str, orders: list, dice) -> list[dict]:
        from .combat import run_combats
        from .movement import entered_hexes, next_placement
        events: list[dict] = []
        choice = state["awaiting_choice"]
        state["awaiting_choice"] = None
        attempts = {str(o["bridge"]): bool(o["attempt"]) for o in orders}
        roll(game, data, state, choice["unit"], choice["hex"], dice, events, choice["ruse"], attempts=attempts)
        if choice.get("then"):                  # the hexes a retreat entered after this one (9.91)
            entered_hexes(game, data, state, [(str(u), str(h)) for u, h in choice["then"]], dice, events, choice["by"],
                          choice["ruse"] and not state["ruse_used"])          # 22.23: not spent on a bridge not attempted
        next_placement(state)
        if state["phase"] == "combat" and not state["awaiting_choice"]:
            run_combats(game, data, state, dice, events)          # where the resolution stopped (9.0)
        return events


def bridges(data) -> dict:
    """The Rhine bridges the data knows: name -> {west, east} terminus hexes (22.21, 22.22)."""
    locations = data.get("bridges.rhine_bridges.locations", "the Rhine bridge locations (22.2)")
    found = {}
    for name, spec in sorted(locations.items()):
        if not isinstance(spec, dict):
            continue
        ends = {}
        for end in ("west", "east"):
            path = f"bridges.rhine_bridges.locations.{name}.{end}_terminus"
            ends[end] = str(unwrap(spec.get(f"{end}_terminus", "unknown")))
            if ends[end] == "unknown":
                raise UnknownDataError(path, f"the {end}ern terminus hex of the {name} bridge (22.21, 22.22)", "game map", data.override_file)
        found[name] = ends
    return found


def unlisted_bridge(game, data, hex_id: str) -> None:
    """A `rhine_bridge` hexside of hex_id that no listed bridge crosses: which bridge it is, and its
    termini, are unknown (22.2: ten bridges on the map; the text locates only Koeln), so refuse
    rather than read "no bridge here"."""
    listed = [{b["west"], b["east"]} for b in bridges(data).values()]
    for n in game.grid(data).neighbours(hex_id):
        if "rhine_bridge" in game.hexside(data, hex_id, n) and {hex_id, n} not in listed:
            raise UnknownDataError("bridges.rhine_bridges.locations", f"the Rhine bridge across {'|'.join(sorted((hex_id, n)))} "
                                   "and its western and eastern terminus hexes (22.2, 22.21)", "game map", data.override_file)


def volkssturm_towns(data) -> dict:
    """Towns with a Volkssturm Value (21.0): hex -> {value, hexes}. Printed on the map."""
    towns = data.get("volkssturm.towns", "the Volkssturm towns (21.0)")
    # 21.0: which towns have a Volkssturm Value is on the map; until the campaign says its list is
    # whole (`volkssturm.towns.values: listed`), no hex may be read as "next to no such town"
    data.get("volkssturm.towns.values", "whether every town with a Volkssturm Value (21.0) is listed under volkssturm.towns")
    found = {}
    for hex_id, spec in sorted(towns.items()):
        if isinstance(spec, dict) and "volkssturm_value" in spec:
            found[hex_id] = {"value": int(unwrap(spec["volkssturm_value"])),
                             "hexes": [str(h) for h in spec.get("hexes", [hex_id])]}
    return found


def ruse_problem(state: dict, side: str, order: dict) -> str | None:
    """22.23: `ruse: true`, by the US player, once per game (on a move, an attack whose advance may
    enter a western terminus, or a US retreat)."""
    if order.get("ruse") is None:
        return None
    if order["ruse"] is not True:
        return "`ruse: true` is the only form of the US ruse (22.23)"
    if side != "allied":
        return "only the US player declares a ruse (22.23)"
    if state["ruse_used"]:
        return "the US ruse may be declared only once per game (22.23)"
    return None


def bridge_blown(state, data, a: str, b: str) -> bool:
    for name, bridge in bridges(data).items():
        if {a, b} == {bridge["west"], bridge["east"]}:
            return state["bridges"].get(name) == "blown"
    return False


def triggers(game, data, state, side: str, hex_id: str) -> list[tuple[str, str]]:
    """What a US unit entering hex_id sets off: [("bridge", name) | ("volkssturm", town hex)]."""
    if side != "allied":
        return []
    unlisted_bridge(game, data, hex_id)
    found = [("bridge", name) for name, bridge in bridges(data).items()
             if bridge["west"] == hex_id and name not in state["bridges"]]                       # 22.21, 22.24
    grid = game.grid(data)
    found += [("volkssturm", town) for town, spec in volkssturm_towns(data).items()
              if town not in state["volkssturm_rolled"] and any(grid.adjacent(hex_id, h) for h in spec["hexes"])]   # 21.11, 21.23
    return found


def roll(game, data, state, unit_id: str, hex_id: str, dice, events, ruse: bool = False, by: str | None = None,
         attempts: dict | None = None) -> None:
    """The German rolls for everything entering hex_id sets off (22.24, 21.23); Volkssturm units
    whose placement is the German player's choice wait in state["volkssturm_pending"]. With `by`
    (how the US unit entered: "move", "advance" or "retreat") and a bridge to blow, everything
    waits for the German's answer (BridgeAnswer); `attempts` is that answer, bridge -> whether he
    attempts it (22.21)."""
    found = triggers(game, data, state, "allied", hex_id)
    bridges_here = [name for kind, name in found if kind == "bridge"]
    if by and bridges_here:
        state["awaiting_choice"] = {"kind": "bridge", "side": "german", "hex": hex_id, "unit": unit_id,
                                    "bridges": bridges_here, "ruse": bool(ruse)}
        if by != "move":                        # after combat (9.94, 9.91): the combats go on after the roll
            state["awaiting_choice"]["by"] = by
        events.append({"event": "awaiting", "side": "german", "hex": hex_id, "what": "bridge"})
        return
    for kind, name in found:
        if kind == "bridge" and attempts is not None and not attempts[name]:
            state["bridges"][name] = "intact"                                   # 22.21: no attempt, none later
            events.append({"event": "bridge_spared", "bridge": name, "unit": unit_id, "rule": "22.21"})
        elif kind == "bridge":
            blow_bridge(game, data, state, name, unit_id, dice, events, ruse)
            ruse = False
        else:
            raise_volkssturm(game, data, state, name, unit_id, dice, events)


def blow_bridge(game, data, state, name, unit_id, dice, events, ruse: bool) -> None:
    spec = data.get("bridges.rhine_bridges.blowing.blown_on_roll", "the bridge blowing rolls (22.22)")
    bridge = bridges(data)[name]
    held = any(state["units"][u]["side"] == "german" and u not in state["volkssturm_units"]
               for u in game.stacks(state).get(bridge["east"], []))
    if ruse:
        if state["ruse_used"]:
            raise PbemError("the US ruse may be declared only once per game (22.23)")
        state["ruse_used"] = True
        window, why = spec["us_ruse"], "US ruse (22.22c)"
    elif held:
        window, why = spec["german_non_volkssturm_unit_in_east_terminus"], "German unit in the eastern terminus (22.22a)"
    else:
        window, why = spec["no_german_non_volkssturm_unit_in_east_terminus"], "no German unit in the eastern terminus (22.22b)"
    first = dice.roll(f"bridge/{name}/1", about=f"blow the {name} bridge die 1 (22.21)")
    second = dice.roll(f"bridge/{name}/2", about=f"blow the {name} bridge die 2 (22.21)")
    blown = int(window["min"]) <= first + second <= int(window["max"])
    state["bridges"][name] = "blown" if blown else "intact"
    events.append({"event": "bridge", "bridge": name, "unit": unit_id, "dice": [first, second], "why": why,
                   "window": f"{window['min']}-{window['max']}", "blown": blown, "rule": "22.22"})


def raise_volkssturm(game, data, state, town, unit_id, dice, events) -> None:
    value = volkssturm_towns(data)[town]["value"]
    state["volkssturm_rolled"].append(town)                                                    # 21.21
    die = dice.roll(f"volkssturm/{town}", about=f"Volkssturm at {town} (21.11)")
    raised = max(0, value - die)
    pending = state.setdefault("volkssturm_pending", [])
    waiting = {u for p in pending for u in p["units"]}
    free = [u for u in volkssturm_counters(data) if u not in state["units"] and u not in waiting]   # 21.22
    chosen = []
    for count in range(min(raised, len(free))):
        pick = free[dice.roll(f"volkssturm/{town}/unit/{count + 1}", len(free), about=f"Volkssturm unit {count + 1} at {town} (21.12)") - 1] if len(free) > 1 else free[0]
        free.remove(pick)
        chosen.append(pick)
    events.append({"event": "volkssturm", "town": town, "unit": unit_id, "roll": die, "value": value,
                   "raised": raised, "received": chosen, "rule": "21.11"})
    if not chosen:
        return
    places = placements(game, data, state, town, len(chosen))
    if len(places) <= 1:                   # no choice: placed now (none fits anywhere: none received)
        place_volkssturm(game, data, state, dict(zip(chosen, places[0] if places else ())), events)
    else:
        pending.append({"town": town, "units": chosen})


def volkssturm_counters(data) -> list:
    counters = data.get("volkssturm.countermix_limit.counters", "the Volkssturm counters (21.22)")
    if not isinstance(counters, list):
        raise UnknownDataError("volkssturm.countermix_limit.counters", "the Volkssturm counters (21.22)",
                               "counter sheet", data.override_file)
    return [str(c) for c in counters]


def room(game, data, state, hex_id) -> int:
    """How many more units a hex takes (7.11 via 21.12: stacking limits hold); none in a US-held or off-map hex."""
    if game.side_in(state, hex_id) == "allied" or not game.on_map(data, hex_id):
        return 0
    return max(0, max_stack(data) - len(game.stacks(state).get(hex_id, [])))


def legal_hexes(game, data, state, town) -> list:
    """21.12: the town's hexes, and its neighbours without US units for what the town cannot hold."""
    grid = game.grid(data)
    town_hexes = volkssturm_towns(data)[town]["hexes"]
    around = sorted({n for h in town_hexes for n in grid.neighbours(h) if n not in town_hexes})
    return [h for h in town_hexes + around if room(game, data, state, h)]


def placements(game, data, state, town, count) -> list:
    """Every legal way to place `count` units (sorted tuples of hexes): as many in the town as it
    holds, the rest next to it (21.12 "if this is unavoidable"). Few, by design."""
    town_hexes = volkssturm_towns(data)[town]["hexes"]
    hexes = legal_hexes(game, data, state, town)
    outside_needed = max(0, count - sum(room(game, data, state, h) for h in town_hexes))
    results = []

    def place(prefix, used):
        if len(prefix) == count:
            if sum(1 for h in prefix if h not in town_hexes) == outside_needed:
                results.append(tuple(prefix))
            return
        for h in hexes:
            if used.get(h, 0) < room(game, data, state, h) and (not prefix or h >= prefix[-1]):
                place(prefix + [h], {**used, h: used.get(h, 0) + 1})
    place([], {})
    return results


def check_placement(game, data, state, orders) -> str | None:
    choice = state["awaiting_choice"]
    wanted = sorted(choice["units"])
    given = sorted(str(o.get("place")) for o in orders)
    if given != wanted:
        return f"place each new Volkssturm unit once: `place: UNIT` with `at: HEX` for {', '.join(wanted)} (21.12)"
    legal = placements(game, data, state, choice["town"], len(wanted))
    if tuple(sorted(str(o.get("at")) for o in orders)) not in legal:
        return (f"place them in {', '.join(legal_hexes(game, data, state, choice['town']))} (21.12): in the town up to "
                f"the stacking limit (7.11), next to it only what the town cannot hold; legal: {'; '.join(', '.join(p) for p in legal)}")
    return None


def place_volkssturm(game, data, state, where: dict, events) -> None:
    for unit_id, hex_id in sorted(where.items()):
        state["units"][unit_id] = {"side": "german", "hex": hex_id, "form": "untried"}
        state["volkssturm_units"].append(unit_id)
        events.append({"event": "placed", "unit": unit_id, "hex": hex_id, "rule": "21.12"})


def note_crossing(game, data, state, unit_id: str, a: str, b: str) -> None:
    """28.21: a US unit crossing an unblown Rhine bridge west to east (moving or by combat)."""
    for name, bridge in bridges(data).items():
        if (a, b) == (bridge["west"], bridge["east"]):
            crossed = state["bridge_crossers"].setdefault(name, [])
            if unit_id not in crossed:
                crossed.append(unit_id)


def bridge_vp(game, data, state) -> tuple[int, list]:
    """28.21, 28.22: 5 VP per unblown bridge some US unit crossed, if one of them ends east of the Rhine."""
    per_bridge = int(data.get("victory.rhine_bridge_vp.vp_per_bridge", "28.21"))
    earned = []
    for name, crossers in sorted(state["bridge_crossers"].items()):
        east = bridges(data)[name]["east"]
        if state["bridges"].get(name) != "blown" and any(u in state["units"] and east_of_rhine(game, data, state["units"][u]["hex"], east)
                                                          for u in crossers):
            earned.append(name)
    return per_bridge * len(earned), earned


def east_of_rhine(game, data, hex_id: str, east_terminus: str) -> bool:
    """Whether hex_id is on the east bank: reachable from the bridge's eastern terminus without
    crossing a Rhine hexside (the map data's rhine hexsides divide the banks)."""
    grid = game.grid(data)
    seen, frontier = {east_terminus}, [east_terminus]
    while frontier:
        here = frontier.pop()
        if here == hex_id:
            return True
        for n in grid.neighbours(here):
            if n not in seen and game.on_map(data, n) and "rhine" not in game.hexside(data, here, n):
                seen.add(n)
                frontier.append(n)
    return False
