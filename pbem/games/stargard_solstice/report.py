"""What players read: report blocks for each event (pbem.report), the positions table and the
counters of the map picture."""

from __future__ import annotations

from collections.abc import Callable

from ...gamedata import GameData
from ..base import MapUnit
from .common import full_steps

Block = tuple


def label(data: GameData, state: dict, unit_id: str) -> str:
    return "full" if state["units"][unit_id]["steps"] >= full_steps(data, unit_id) else "reduced"


def map_units(data: GameData, state: dict) -> list[MapUnit]:
    return [_map_unit(u, v, full_steps(data, u)) for u, v in sorted(state["units"].items())]


def _map_unit(unit_id: str, unit: dict, full: int) -> MapUnit:
    """A unit on the map picture, its full steps read once (label's "full"/"reduced" from them too)."""
    return MapUnit(unit_id, unit["hex"], "full" if unit["steps"] >= full else "reduced", unit["side"],
                   steps=(unit["steps"], full), badges=("P",) if unit.get("pinned") else ())


def map_combats(state: dict, events: list) -> dict[str, str]:
    """Each attack of the step: ratio, the final column after shifts, the die and the result
    (8.2, 8.4); an attack rolled earlier whose result is still being taken (8.6, 9.0) says so."""
    marks: dict[str, str] = {}
    for e in events:
        if e["event"] == "combat":
            text = f"{e['ratio']} → {e['column']}\ndie {e['die']}: {e['result']}"
            marks[e["hex"]] = f"{marks[e['hex']]}\n{text}" if e["hex"] in marks else text
    pending = state.get("pending")
    if pending and pending["hex"] not in marks:
        marks[pending["hex"]] = "result being taken (8.6, 9.0)"
    return marks


def map_arrows(events: list) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(kind, path, units) of the step's moves (5.0, 7.0), retreats (9.0) and advances after
    combat (10.0); each event's path starts at the hex the unit left."""
    kinds = {"move": "move", "retreat": "retreat", "advance": "advance"}
    return [(kinds[e["event"]], tuple(e["path"]), (e["unit"],))
            for e in events if e["event"] in kinds and len(e["path"]) > 1]


def positions(data: GameData, state: dict) -> list:
    return [[v["hex"], u, v["side"], f"{v['steps']}/{full_steps(data, u)}" + (" pinned" if v.get("pinned") else "")]
            for u, v in sorted(state["units"].items(), key=lambda kv: (kv[1]["hex"], kv[0]))]


def _combat(e: dict) -> list[Block]:
    shifts = "; ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in e["shifts"]) or "none"
    return [("h4", f"Attack on {e['hex']}"),
            ("table", ["", ""], [
                ["Attackers", f"{', '.join(e['attackers'])} = {e['attack']} (1.1.2, 1.1.3)"],
                ["Defenders", f"{', '.join(e['defenders'])} = {e['defence']}"],
                ["Ratio", f"{e['ratio']} (8.4)"],
                ["Shifts", shifts],
                ["Column", e["column"]],
                ["Die", str(e["die"])],
                ["Result", f"{e['result']} (8.1)"],
            ])]


ITEMS: dict[str, Callable[[dict], str]] = {
    "random_event": lambda e: f"random event, turn {e['turn']}: die {e['die']}, {e['name']} ({e['which']} event, 19.0)",
    "chit": lambda e: f"chit drawn: {e['chit']} ({e['side']})" + (" — automatically on turn 1 (2.3.1)" if e.get("why") else ""),
    "chit_back": lambda e: f"{e['chit']} goes back in the cup: never the same formation twice in a row ({e['rule']})",
    "chit_aside": lambda e: f"{e['chit']} set aside: {e['why']}",
    "supply": lambda e: f"{e['unit']}: {dict(oos='out of supply', isolated='isolated', **{'in': 'in supply'})[e['status']]} (11.0)",
    "relocated": lambda e: f"{e['hq']} relocated {e['from']} → {e['to']}: {e['why']}",
    "hq_off_map": lambda e: f"{e['hq']} has no hex to be relocated to and leaves the map ({e['rule']})",
    "overrun": lambda e: f"{e['unit']} overruns {e['hq']} in {e['hex']} ({e['rule']})",
    "air": lambda e: f"{e['unit']} flies a {e['mode']} attack and goes to {e['to']} (13.1.1)",
    "air_phase": lambda e: f"Air Unit Phase, {e['side']}: back in the air box {', '.join(e['available']) or 'none'}; "
                           f"to Refit {', '.join(e['refit']) or 'none'} (2.1)",
    "grounded": lambda e: f"{e['side']} grounds {e['unit']} ({e['rule']})",
    "replaced": lambda e: f"{e['unit']} rebuilds a step ({e['rule']})",
    "bombardment": lambda e: f"{e['side']} bombardment: BRT die {e['die']}, {e['attacks']} attack(s) ({e['rule']}, 8.5.1)",
    "bombarded": lambda e: f"{e['unit']} bombarded: die {e['die']}, {e['steps']} step(s) lost"
                           + (", pinned" if e["pinned"] else "") + " (8.5.1)",
    "chits_arrive": lambda e: f"in the cup from the next turn: {', '.join(e['chits'])} ({e['rule']})",
    "entered": lambda e: f"{e['unit']} enters at {e['hex']} ({e['rule']})",
    "air_arrives": lambda e: f"{e['unit']} joins its air box ({e['rule']})",
    "placed": lambda e: f"{e['unit']} placed in {e['hex']} (15.0)",
    "reaction": lambda e: f"the Soviet {e['hq']} reacts to the German attack ({e['rule']})",
    "picked": lambda e: f"the {e['chit']} chit activates {e['hq']} (3.1.4, 3.1.5)",
    "activated": lambda e: f"{e['hq']} activates {', '.join(e['units']) or 'no unit'} (command range {e['range']}, 3.3)",
    "independent": lambda e: f"{e['unit']} activated as an independent unit (3.3.2)",
    "move": lambda e: f"{e['unit']} moves {' → '.join(e['path'])}" + (" by rail (5.5)" if e.get("rail") else ""),
    "movement_over": lambda e: f"the {e['hq']} Movement segment is over (2.3.2)",
    "combat_over": lambda e: f"the {e['hq']} Combat segment is over (2.3.3)",
    "negated": lambda e: f"the defender in {e['hex']} ignores {e['what']} ({e['rule']})",
    "pinned": lambda e: f"{', '.join(e['units'])} pinned ({e['rule']})",
    "order": lambda e: e["why"],
    "answer": lambda e: f"the {e['role']} ({e['side']}) takes its result at {e['hex']} (8.6, 9.0)",
    "reduced": lambda e: f"{e['unit']} loses a step ({e['why']})",
    "eliminated": lambda e: f"{e['unit']} is eliminated ({e['why']})",
    "retreat": lambda e: f"{e['unit']} retreats {' → '.join(e['path'])} (9.0)",
    "advance": lambda e: f"{e['unit']} advances {' → '.join(e['path'])} (10.0)",
    "command_over": lambda e: f"the turn {e['turn']} Command Phase is over (2.3.3)" + (
        f"; left in the cup: {', '.join(e['left'])}" if e["left"] else "") + (f" — {e['why']}" if "why" in e else "") + (
        f" (one Soviet chit of these is the one withdrawn, {e['withdrawn']})" if "withdrawn" in e else ""),
    "chit_withdrawn": lambda e: (f"the Soviet player withdraws {e['chit']}" if "chit" in e else
                            "the Soviet player withdraws a Soviet chit, hidden from the German player") +
                           f" for turn {e['turn']} (1 VP at the game's end, {e['rule']}, 14.1)",
    "fog": lambda e: f"the {e['side'].capitalize()} Movement segment is played under fog of war: the enemy sees the "
                     f"moves of the units still shown at the top of a stack or alone ({e['rule']})",
    "no_withdrawal": lambda e: f"the Soviet player withdraws no chit this turn ({e['rule']})",
    "slot": lambda e: f"draw {e['draw']}: Soviet slot {e['slot']} of {e['of']}; the Soviet player names its chit ({e['rule']})",
    "named": lambda e: f"the Soviet chit at slot {e['slot']} of {e['of']} is {e['chit']} ({e['rule']})",
    "chit_returned": lambda e: f"the withdrawn chit {e['chit']} goes back with the others; every chit the Soviet named "
                               f"matches its committed order ({e['rule']}, 2.6.2)",
    "supply_checked": lambda e: "Supply Phase: " + ("every unit in supply" if not e["oos"] + e["isolated"] else
                                                    f"{e['in']} unit(s) in supply, {e['oos']} out of supply, "
                                                    f"{e['isolated']} isolated") + f" ({e['rule']})",
    "turn_over": lambda e: f"turn {e['turn']} is over (2.6)",
    "game_over": lambda e: f"the game ends after turn {e['turn']} ({e['rule']})",
    "victory": lambda e: f"Soviet victory points: {e['vp']} — {e['level']} ({e['rule']})" + (
        " = " + ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in e["terms"].items()) + " (14.1)" if "terms" in e else ""),
    "tettau_roll": lambda e: f"{e['unit']} of Corps Tettau: die {e['die']}, {e['outcome']} ({e['rule']})",
    "exchanged": lambda e: f"{e['by']} replaces {e['unit']} exactly ({e['rule']})",
    "rebuilt": lambda e: f"{e['unit']} rebuilt from the dead pile at {e['hex']}, reduced ({e['rule']})",
    "overstack_retreat": lambda e: f"{e['unit']} retreats to {e['hex']} after its overstacking step loss ({e['rule']})",
    "defend_the_reich": lambda e: f"Defend the Reich: the {e['chit']} chit leaves the cup; its divisions withdraw via 0716 ({e['rule']})",
    "withdrawn": lambda e: f"{e['unit']} picked up at {e['hex']} and removed from the map ({e['rule']})",
    "reich_over": lambda e: (f"Defend the Reich over: {', '.join(e['eliminated']) or 'no unit'} left on the map, eliminated; "
                             f"{e['vp']} Soviet VP(s) ({e['rule']})"),
    "delayed_withdrawal": lambda e: f"The 39th Panzer Corps not withdrawn at the start of turn {e['turn']}: ½ Soviet VP ({e['rule']})",
    "german_vps": lambda e: f"Three units off the map: {e['vp']} German VPs, the game goes on ({e['rule']})",
    "vp_hex": lambda e: f"{e['side']} takes the VP hex {e['town']} ({e['hex']})" + (
        f": the Soviet marker shows {e['vp']} VP" if e["vp"] is not None else "") + " (14.1)",
    "relieved": lambda e: f"{e['town']} relieved: its VP marker shows its lower value ({e['rule']})",
    "sudden_death": lambda e: (f"{', '.join(e['units'])} off the map through the Landsberg supply line: German sudden "
                               f"death victory ({e['rule']})") if e.get("side") == "german" else
                              f"{', '.join(e['units'])} in supply in the Stettin hex {e['hex']}: Soviet sudden death victory ({e['rule']})",
    "exited": lambda e: f"{e['unit']} leaves the map from {e['hex']} through the Landsberg supply line ({e['rule']})",
    "passed": lambda e: f"{e['phase']}: passes ({e['why']})",
}


def describe(events: list) -> list:
    blocks: list[Block] = []
    for e in events:
        if e["event"] == "combat":
            blocks += _combat(e)
        else:
            blocks.append(("item", ITEMS[e["event"]](e)))
    return blocks
