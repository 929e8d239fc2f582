"""What players read: report blocks for each event (pbem.report), the positions table and the
counters of the map picture."""

from __future__ import annotations

from collections.abc import Callable

from ...gamedata import GameData
from ..base import MapUnit
from . import abomb, fog_dummies, forts, sea_report, supply_units, victory
from .common import ARMY_NAMES, full_steps

Block = tuple


def label(data: GameData, state: dict, unit_id: str) -> str:
    return _label(state["units"][unit_id]["steps"], full_steps(data, unit_id))


def _label(steps: int, full: int) -> str:
    return "full" if steps >= full else "reduced"


BADGE_LEGEND = {"OOS": "out of general supply at the Initial Supply Check: MA halved (15.3 A-B)"}


_KEPT_COUNTERS = 4096         # map_units: the counters kept per data before it starts afresh


def map_units(data: GameData, state: dict) -> list[MapUnit]:
    oos = set(state.get("oos", []))
    # a counter drawn at the last step is drawn again where nothing changed: the (frozen) MapUnit
    # is kept by everything it is made of (issue 13)
    kept: dict[tuple, MapUnit] = data.derived("eid.map_units", dict)
    if len(kept) > _KEPT_COUNTERS:
        kept.clear()
    out = []
    for u, v in sorted(state["units"].items()):
        key = (u, v["hex"], v["steps"], full_steps(data, u), v["side"], u in oos)
        unit = kept.get(key)
        if unit is None:
            unit = kept[key] = MapUnit(u, key[1], _label(key[2], key[3]), key[4], steps=(key[2], key[3]),
                                       badges=("OOS",) if key[5] else ())
        out.append(unit)
    return out


def positions(data: GameData, state: dict) -> list:
    """Every unit by hex; behaviour 3: the forts standing (22.3) among them."""
    rows = [[v["hex"], u, v["side"], f"{v['steps']}/{full_steps(data, u)}"] for u, v in state["units"].items()]
    rows += [[h, f"Level {forts.level(data, state, h)} fort", "axis", "-"] for h in forts.standing(data, state)]
    return sorted(rows, key=lambda row: (row[0], row[1]))


def _shifts(e: dict) -> str:
    if not e["shifts"]:
        return "none"
    return "; ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in e["shifts"])


def _assault(e: dict) -> list[Block]:
    kind = {"mobile": "Mobile assault", "air": "Paratroop air assault", "invasion": "Invasion battle"}.get(e["kind"], "Prepared assault")
    return [("h4", f"{kind} on {', '.join(e.get('hexes', [e['hex']]))} from {', '.join(e['from'])}"),
            ("table", ["", ""], [
                ["Attackers", f"{', '.join(e['attackers'])} = {e['attack']} AF"],
                ["Defenders", f"{', '.join(e['defenders']) or 'a vacant fort (22.5 A)'} = {e['defence']} DF (18.4, 18.22)"],
                ["Initial ratio", f"{e['initial']} (18.7)"],
                ["Shifts", _shifts(e)],
                ["Column", f"{e['column']} on the {e['line']} line (18.8, 18.12)"],
                ["Die", str(e["die"]) + (f" +1 for the fort: the row of {e['row']} (22.14)" if "row" in e else "")],
                ["Result", f"{e['result']} (attacker/defender, 18.13)"],
            ])]


ITEMS: dict[str, Callable[[dict], str]] = {
    "move": lambda e: f"{e.get('unit') or ', '.join(e['units'])} moves {' → '.join(e['path'])}"
                      + (f" ({e['mp']} MP)" if "mp" in e else ""),
    "strategic": lambda e: f"{e['unit']} moves strategically {' → '.join(e['path'])}"
                           + (f", {e['hold']} holding the line (12.4.1)" if "hold" in e else " (12.0)"),
    "movement_over": lambda e: f"the {e['army']} Operational Movement Phase is over",
    "answer": lambda e: f"{e['side']} answers the result at {e['hex']}",
    "reduced": lambda e: f"{e['unit']} loses a step ({e['why']})",
    "eliminated": lambda e: f"{e['unit']} is eliminated ({e['why']})",
    "retreat": lambda e: f"{e['unit']} retreats {' → '.join(e['path'])} (18.19)",
    "advance": lambda e: f"{e['unit']} advances {' → '.join(e['path'])} ({e.get('why', '18.16')})",
    "occupy": lambda e: f"{', '.join(e['units'])} occupy the vacated {e['hex']} and may go on ({e['why']})",
    "stopped": lambda e: f"{', '.join(e['units']) or 'no unit'} end their movement in {e['hex']} ({e['why']})",
    "announced": lambda e: f"{len(e['battles'])} prepared assault(s) announced (18.10 A)",
    "assault_off": lambda e: f"the assault on {', '.join(e['hexes'])} does not take place: {e['why']}",
    "probe": lambda e: f"probing attack on the empty {', '.join(e['hexes'])} by {', '.join(e['attackers'])}: no die roll ({e['rule']})",
    "player_turn_over": lambda e: f"the Turn {e['turn']} {e['army']} player-turn is over (5.0)",
    "game_over": lambda e: f"the game ends after Turn {e['turn']} ({e['rule']}" + (")" if e.get("counted") else "; victory points are not counted by pbem yet)"),
    "vp": lambda e: f"{ARMY_NAMES[e['army']]} {'+' if not e['vp'].startswith('-') else ''}{e['vp']} VP: {e['what']} ({e['rule']})",
    "victory": victory.describe,
    "defection": lambda e: f"{e['country']} leaves the Axis ({e['rule']})" + (f": {', '.join(e['units'])} go to the Soviets" if e.get("units") else ""),
    "uprising": lambda e: f"the Warsaw uprising begins in {e['hex']} on Turn {e['turn']}: the Polish Home Army is placed ({e['rule']})",
    "uprising_claim": lambda e: f"the VPs of Warsaw's liberation will go to the WA ({e['rule']})",
    "shock_front": lambda e: f"STAVKA Shock Front markers on {', '.join(e['hexes'])}, for Turn {e['use']} (24.1, 24.4 A)",
    "shock_front_removed": lambda e: f"the STAVKA Shock Front on {', '.join(e['hexes'])} is removed: {e['unit']} retreated or lost a step ({e['rule']})",
    "shock_front_over": lambda e: f"the STAVKA Shock Front markers on {', '.join(e['hexes'])} come off ({e['rule']})",
    "bagration": lambda e: "the Soviets run Operation Bagration (6.5, 6.7)" if e["chosen"]
    else "the Soviets take a normal player-turn: no Operation Bagration (6.5 A)",
    "flip": lambda e: f"{len(e['units'])} German corps flipped to their weaker sides: {', '.join(e['units'])} (3.5)",
    "passed": lambda e: f"{e['phase']}: passes ({e['why']})",
    "liberated": lambda e: f"{e['place']} ({e['hex']}) is liberated ({e['rule']})",
    "collapse": lambda e: f"the German economy collapses on Turn {e['turn']} ({e['rule']})",
    "placed": lambda e: f"{e['unit']} is placed in {e['hex']} ({e['why']})",
    "not_placed": lambda e: f"{e['unit']} is not placed: {e['why']}",
    "replaced": lambda e: (f"{e['unit']} fleshes out to {e['steps']} steps off the board (7.20)" if e.get("off_board")
                           else f"{e['unit']} fleshes out to {e['steps']} steps (7.11; it may not move this turn, 7.19)"),
    "surge": lambda e: f"the German replacement surge is called on Turn {e['turn']} ({e['rule']})",
    "fort_built": lambda e: f"a fort factor in {e['hex']}: a Level {e['level']} fort ({e['rule']})",
    "fort_destroyed": lambda e: f"the fort in {e['hex']} is destroyed: {e['why']}",
    "bombed": lambda e: f"heavy bomber strike on {e['unit']} in {e['hex']} (25.5)",
    "enter": lambda e: (f"{e['unit']} enters at {e['path'][0]} with the Soviet strategic move ({e['rule']})" if "rule" in e
                        else f"{e['unit']} enters from {e['via']}: {' → '.join(e['path'])} ({e['mp']} MP)" if "via" in e
                        else f"{e['unit']} enters from the east edge: {' → '.join(e['path'])} ({e['mp']} MP, 7.3)"),
    "recreated": lambda e: f"{e['unit']} is recreated from the dead pile with one step, {e['at']} ({e['rule']})",
    "polish_2nd": lambda e: f"Warsaw is liberated: the Polish 2nd Army may appear there from Turn {e['turn']} ({e['rule']})",
    "fuhrer_claim": lambda e: f"the {e['front']} German commander takes {', '.join(e['claims'])} to the Führer (26.7 B)",
    "fuhrer": lambda e: (f"the Führer gives {e['resource']} to the {e['front']} commander"
                         + (f" (die {e['die']}, {e['why']})" if "die" in e else f" ({e['why']})")),
    "weather": lambda e: f"Turn {e['turn']}: {e['weather']} weather (25.11)",
    "supply_check": lambda e: (f"{ARMY_NAMES[e['army']]} {e['check']} supply check: "
                               + (f"out of general supply: {', '.join(e['oos'])}" if e["oos"] else "every unit in general supply")
                               + (" (15.2, 15.3 A)" if e["check"] == "initial" else " (15.2, 15.9)")),
    "ally_supply": lambda e: (f"supply lines of {ARMY_NAMES[e['army']]} units through the other Alliance camp's territory: "
                              f"granted {', '.join(e['granted']) or 'none'}; refused {', '.join(e['refused']) or 'none'} "
                              f"({e['why']})"),
}
ITEMS.update(supply_units.REPORT_ITEMS)                       # behaviour 3: the SUs (15.21-15.23)

ITEMS.update(sea_report.ITEMS)                         # behaviour 3: boxes, sea movement, invasions, ports
ITEMS.update(fog_dummies.REPORT_ITEMS)                 # behaviour 4: 25.3 fog of war, 25.5 D
ITEMS.update(abomb.REPORT_ITEMS)                       # behaviour 4: 27.6 A-bombs


def describe(events: list) -> list:
    blocks: list[Block] = []
    for e in events:
        if e["event"] == "assault":
            blocks += _assault(e)
        else:
            blocks.append(("item", ITEMS[e["event"]](e)))
    return blocks
