"""25.0 Fog of War (optional, `--option fog=true`) on the hidden-information core (pbem.hidden).

25.0 A: "Neither side may examine enemy stacks until committing units to the attack." 25.0 B: "Both
sides should keep their OBs out of view of the other."

What the enemy sees of a side's stack of two or more units: its hex, its top unit with its steps,
and how many units are under it (one hidden item per unit, ids HEX/1, HEX/2, ...). The top unit is
the one whose zone of control is the hex's (12.0 A: a leader exerts none; 12.3, optional: an
armored unit's is the narrower), then the lowest unit id, so every enemy ZOC, supply line and
retreat reads the same from the public state as from the whole one. A reserve marker lies on the
stack (14.1 E): which slots carry one is public (`fog_reserves`), so the enemy knows whether its
Reaction Phase is due (7.1.4).

Movement and the Reaction Phase are owner steps (only the mover's units change, no die); a Movement
Phase that rolls a die (an air attack, 20.4; the parachute drop, 19.0) is played in the open and
opens every stack of the mover and the stacks it air-attacks. Committing units to the attack (the
Combat Phase orders) opens, on both sides, every stack within three hexes of an attacked hex: the
battle resolution reads them (defensive integrity 13.8.2 and armor negation 13.9.1 E one hex away,
retreats two hexes from a defending or, after a counterattack, an attacking hex, 13.5.5, 13.6,
advances 13.7) - reading DD11 (docs/errata.md). Any other public step opens the mover's stacks at
every hex its orders name and the stacks of the units they name.

The side's supply (8.1 A), and the German fuel-depletion count and the Allies' standing division
choice (8.7, 8.7.1 A), are judged at the start of its Movement Phase instead of at the end of the
enemy's player turn: nothing happens in between, and there the side's whole position is known.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...errors import PbemError
from ...gamedata import GameData
from ...hidden.rules import HiddenRules
from .common import exerts_zoc, in_class, mapdata, other

if TYPE_CHECKING:
    from .game import DarkDecember

FOG_OFF = "25.0 fog of war (optional, `--option fog=true`) is not chosen: saves and reports show every unit of every stack"
FOG_ON = ("25.0 C the CRT is campaign data both players hold (the phasing player is not kept from it); 25.0 D the 7½-minute "
          "limit has no meaning by email; 25.0 B the OBs: eliminated units and the reinforcement schedule stay public")
OWNER_PHASES = ("movement", "reaction", "second_move")          # 26.13 A the Allies' second move (behaviour 5)
COMBAT_REACH = 3                      # reading DD11: a retreat two hexes from an attacking hex next to the battle
UNIT_LISTS = ("attacked", "fought", "moved", "no_attack", "retreated", "strategic", "clear_arrivals")   # the last two: behaviour 3
UNIT_MAPS = ("supply", "reformed", "isolated_turns")
# what an owner step's events may show the enemy: nothing under fog
# 23.0 B: the conditional forces' dice are rolled in the open, and the reinforcement schedule stays public (FOG_ON)
PUBLIC_EVENTS = ("player_turn", "fuel_roll", "conditional_roll", "conditional_automatic")


def active(state: dict) -> bool:
    return state["options"].get("fog") is True      # campaigns created before the option: absent, in the open


class DarkDecemberFog(HiddenRules):
    def __init__(self, game: "DarkDecember") -> None:
        self.game = game

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("fog") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return not state["game_over"] and state["phase"] in OWNER_PHASES and self.game.awaiting(state).side == side

    # -- split and merge -------------------------------------------------------------------------
    def _top_key(self, data: GameData, state: dict, unit_id: str) -> tuple:
        narrow = bool(state["options"].get("armored_zoc")) and in_class(data, unit_id, "armored")
        return (not exerts_zoc(data, unit_id, state), narrow, unit_id)         # 12.0 A, 12.2

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        stacks: dict[str, list[str]] = {}
        building = {b["unit"] for b in state["bridging"]}           # 16.2: its bridge marker shows where it is
        for unit_id, unit in sorted(state["units"].items()):
            if unit["side"] == side and unit_id not in building:
                stacks.setdefault(unit["hex"], []).append(unit_id)
        items: dict[str, Any] = {}
        reserves: list[str] = []
        for hex_id, units in sorted(stacks.items()):
            shown = [u for u in state["units"] if state["units"][u]["hex"] == hex_id and state["units"][u]["side"] == side]
            if len(shown) < 2:
                continue
            top = min(shown, key=lambda u: self._top_key(data, state, u))
            under = [u for u in units if u != top]
            for slot, unit_id in enumerate(sorted(under), start=1):
                item = f"{hex_id}/{slot}"
                record = state["units"].pop(unit_id)
                value = {"unit": unit_id, **record,
                         "lists": [name for name in UNIT_LISTS if name in state and unit_id in state[name]],
                         "maps": {name: state[name].pop(unit_id) for name in UNIT_MAPS if unit_id in state[name]}}
                for name in value["lists"]:
                    state[name] = [u for u in state[name] if u != unit_id]
                if record.get("reserve"):
                    reserves.append(item)                          # 14.1 E: the marker is on the stack
                items[item] = value
        state["fog_reserves"] = {**state["fog_reserves"], side: reserves}
        return state, items

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        for item, value in sorted(items.items()):
            if (not isinstance(value, dict) or not isinstance(value.get("unit"), str) or value["unit"] in state["units"]
                    or not isinstance(value.get("lists"), list) or not isinstance(value.get("maps"), dict)):
                raise PbemError(f"hidden item {item!r} of {side} is not a unit under fog of war (25.0)")
            unit_id = value["unit"]
            state["units"][unit_id] = {k: v for k, v in value.items() if k not in ("unit", "lists", "maps")}
            for name in value["lists"]:
                state[name] = sorted(set(state[name]) | {unit_id})
            for name, entry in value["maps"].items():
                state[name] = dict(sorted({**state[name], unit_id: entry}.items()))
        state["units"] = dict(sorted(state["units"].items()))       # the order every state keeps
        state["fog_reserves"] = {**state["fog_reserves"], side: [i for i in state["fog_reserves"][side] if i not in items]}
        return state

    # -- what a public step opens ---------------------------------------------------------------
    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        grid = mapdata(data).grid

        def at(owner: str, hexes: set[str], reach: int = 0) -> list[str]:
            return [i for i in hidden.get(owner, []) if any(grid.distance(i.rsplit("/", 1)[0], h) <= reach for h in hexes)]

        named = _named_hexes(grid, orders)
        if state["phase"] in OWNER_PHASES:         # played in the open (a die): all the mover's stacks, the air-attacked ones
            targets = _named_hexes(grid, [{"at": o.get("air_attack")} for o in orders if isinstance(o, dict)])
            return {side: list(hidden.get(side, [])), other(side): at(other(side), targets)}
        attacked = _named_hexes(grid, [{"at": o.get("attack", o.get("shock"))} for o in orders if isinstance(o, dict)])
        if state["phase"] in ("combat", "construction") and attacked:   # 25.0 A, reading DD11: the battle area (14.3 too)
            return {owner: sorted(set(at(owner, attacked, COMBAT_REACH)) | set(at(owner, named) if owner == side else []))
                    for owner in hidden}
        return {side: at(side, named)}

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        """The stacks of the units the orders name (an exploiting reserve, a demolishing unit, the leader of an
        all out assault, 13.2 B, or of a defense option, 15.2 A)."""
        units = {str(v) for o in orders if isinstance(o, dict) for k, v in o.items() if k in ("move", "by", "advance", "all_out", "commander")}
        hexes = {view["units"][u]["hex"] for u in units if u in view["units"]}
        return [i for i in items if i.rsplit("/", 1)[0] in hexes]

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        return [{"event": "fog", "side": side, "rule": "25.0"}] + [e for e in events if e.get("event") in PUBLIC_EVENTS]

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        """The enemy checks at once that the step changed none of its own units and moved to the
        step the sequence of play (7.1.3, 7.1.4) puts next."""
        import copy
        from .movement import drop_reserves_in_contact
        expected = copy.deepcopy(after)
        for unit_id, unit in before["units"].items():
            if unit["side"] != side and unit_id in expected["units"]:
                expected["units"][unit_id]["reserve"] = unit.get("reserve")
        drop_reserves_in_contact(data, expected)           # 14.5 E: the mover's moves may end enemy reserves, nothing else

        def theirs(state: dict, reserves: bool = True) -> tuple:
            units = {u: (v if reserves else {k: x for k, x in v.items() if k != "reserve"})
                     for u, v in state["units"].items() if v["side"] != side}
            return (units, {u: s for u, s in state["supply"].items() if u in units}, state["fog_reserves"][other(side)],
                    state["replacements"][other(side)], state["blown"], state["built"])
        occupied = {u["hex"] for u in after["units"].values()}
        forts = set(after["forts"]) <= set(before["forts"]) and not (set(before["forts"]) - set(after["forts"])) & occupied
        if theirs(before, reserves=False) != theirs(after, reserves=False) or theirs(expected) != theirs(after) or not forts:
            return ["the other side's units, supply, replacements or the map's bridges and forts changed in a step "
                    "only the mover's units may change (14.5 E ends only reserves next to the mover's units; 17.2 "
                    "removes only vacated fortifications)"]
        from .montgomery import active as withdrawing                # 26.13 A, D (behaviour 5)
        combat = ("construction",) if withdrawing(after) else ("combat",)
        following = {"movement": ("second_move",) if withdrawing(after) else ("reaction", "combat"),
                     "second_move": ("reaction", *combat), "reaction": combat}[before["phase"]]
        if after["phase"] not in following or (after["turn"], after["side"]) != (before["turn"], before["side"]):
            return [f"after the {before['phase']} step comes {' or '.join(following)} of the same player turn (7.1)"]
        return []


def _named_hexes(grid: Any, orders: list) -> set[str]:
    """Every hex an order names (paths, targets, `A|B` hexsides), as the grid spells it."""
    found: set[str] = set()

    def add(value: Any) -> None:
        if isinstance(value, list):
            for v in value:
                add(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                add(k)
                add(v)
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            for part in str(value).split("|"):
                try:
                    found.add(grid.canonical(part))
                except ValueError:
                    continue                        # a unit id, a word: not a hex
    for order in orders:
        if isinstance(order, dict):
            add(list(order.values()))
    return found


def start_of_movement(data: GameData, state: dict, events: list) -> None:
    """Under fog: the 10.8 B withdrawal, the phasing side's supply (8.1 A) and the German fuel count (8.7.5) with the Allies'
    standing choice (8.7.1 A), put off from the end of the enemy's player turn to here."""
    from . import fuel, supply, withdrawals
    due = state.pop("fog_due", None)
    if due is None:
        return
    withdrawals.start(data, state, events)                     # 10.8 B/C, before supply as without fog
    supply.determine(data, state, state["side"], events)
    if "fuel_count" in due:
        state["fuel_due"] = min(due["fuel_count"], fuel.capacity(data, state))   # 8.7.5
        state["fuel_allied_pick"] = state["fuel_due"] > 0
        fuel.allied_standing_pick(data, state, events)
