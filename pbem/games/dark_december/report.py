"""What players read: report blocks for each event (pbem.report), and the order ids as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...kit.orders import as_text, each_order
from ...report import order_line

Block = tuple
ID_FIELDS = ("drop", "eliminate", "air_attack", "interdict", "enter", "refit", "reform", "move", "reserve", "place", "at", "by", "fortify", "lose", "advance", "battle", "fuel", "deplete")
LIST_FIELDS = ("path", "with", "losses", "retreat_losses", "counterattack", "firefight", "attack", "fuel_choice")


def _normalise(order: dict) -> dict:
    for key in ID_FIELDS:
        if key in order and key != "battle":
            order[key] = as_text(order[key])
    for key in LIST_FIELDS:
        if isinstance(order.get(key), list):
            order[key] = [as_text(v) for v in order[key]]
        elif key == "attack" and key in order:
            order[key] = as_text(order[key])
    for key in ("reduce", "advance"):
        if isinstance(order.get(key), dict):
            order[key] = {str(as_text(k)): ([as_text(h) for h in v] if isinstance(v, list) else v) for k, v in order[key].items()}
    return order


def normalise_orders(orders: Any) -> Any:
    return each_order(orders, _normalise)


def _item(text: str) -> list[Block]:
    return [("item", text)]


def _battle(e: dict) -> list[Block]:
    kind = "Counterattack" if e["counterattack"] else "Battle"
    return [("h4", f"{kind} {e['number']} at {', '.join(e['hexes'])} ({e['attacker']} attacking)"),
            ("table", ["", ""], [
                ["Attackers", f"{', '.join(e['attackers'])} = {e['attack']}"],
                ["Defenders", f"{', '.join(e['defenders'])} = {e['defence']}"],
                ["Column", f"{e['column']} ({e['line'].replace('_', ' ')} dice roll column, 13.4)"],
                ["Dice", f"{' + '.join(map(str, e['dice']))} {e['drm']:+d} = {e['roll']}" + (f" ({'; '.join(e['drm_why'])})" if e["drm_why"] else "")],
                ["Result", f"{e['result']} (cell from {e['cell_provenance']})"],
            ])]


ITEMS: dict[str, Callable[[dict], str]] = {
    "paradrop": lambda e: f"{e['unit']} drops on {e['hex']}: die {e['face']}, {e['steps_lost']} step(s) lost (19.2 B)",
    "bridge_built": lambda e: f"the bridge {e['bridge']} built by {e['unit']} is in place (16.2.2 B)",
    "infiltration": lambda e: f"{e['unit']} tries to leave the enemy ZOC at {e['hex']}: die {e['face']}, " + (
        "it goes on (12.4 C)" if e["left"] else "it stops there (12.4 B)"),
    "withdrawn": lambda e: f"{', '.join(e['units'])} of {e['division']} are withdrawn from the game ({e['rule']})",
    "weather": lambda e: f"Uncertain weather, Game-Turn {e['turn']}: die {e['face']}, " + (
        "clear: the Allied air superiority rules apply until AM 29 December (24.0 B, C)" if e["clear"] else "overcast (24.0 A)"),
    "all_out": lambda e: (f"battle {e['number']} was indecisive: {e['leader']}'s all out assault, the same attack again at the "
                          f"same odds; {e['loses']} takes the mandatory step (13.2)"),
    "enter": lambda e: f"{e['unit']} enters as a reinforcement {' → '.join(e['path'])}" + (
        " in strategic movement (10.6.2)" if e.get("strategic") else "") + " (10.6)",
    "reserve": lambda e: f"{e['unit']} is placed in reserve (14.1)",
    "setup": lambda e: f"German set-up: {e['units']} units placed (6.1)" if e["side"] == "german" else
             f"Allied free set-up: {e['units']} units placed (26.4 B, 26.6)",
    "battles": lambda e: f"{e['side']} declares {e['count']} battle(s) (7.1.5)",
    "declared": lambda e: f"{e['side']} declarations before the dice: {len(e['orders'])} (13.3.3, 13.8)",
    "answer": lambda e: f"{e['side']} answers in battle {e['battle']} ({e['kind']}): {e['orders']}",
    "replacements": lambda e: f"{e['side']} receives {e['amount']} {e['type']} replacement(s) (9.4)",
    "replaced": lambda e: f"{e['unit']} is {'refitted' if e['how'] == 'refit' else 'reformed'} for {e['cost']} replacement(s) (9.0)",
    "surrender_roll": lambda e: f"surrender roll for {', '.join(e['units'])}: die {e['face']}: {'they surrender' if e['surrender'] else 'they hold'} (8.6 E)",
    "supply": lambda e: f"{e['side']} supply (8.1): unsupplied {', '.join(e['unsupplied']) or 'none'}; isolated {', '.join(e['isolated']) or 'none'}",
    "air_attack": lambda e: f"{e['side']} air attack on {e['hex']}: die {e['face']} {e['drm']:+d}: {'a hit' if e['hit'] else 'no effect'} (20.4.1)",
    "interdiction": lambda e: f"{e['side']} road interdiction of {e['hex']}: die {e['face']}: "
                              f"{'a non-road hex for one Game-Turn' if e['done'] else 'no effect'} (20.4.2)",
    "luftwaffe": lambda e: f"Luftwaffe Air Contention: no Allied air superiority this Game-Turn and the next ({e['turn']}, 26.11 A)",
    "strategic_removed": lambda e: f"{', '.join(e['units'])} leave(s) strategic movement: {e['why']}",
    "fuel_roll": lambda e: f"Fuel Depletion Table: die {e['face']}: {e['divisions']} German motorized division(s) out of supply (8.7)",
    "fuel_out": lambda e: f"{e['division']} is out of supply for fuel (chosen by {e['by']}, 8.7.1)",
    "battle_off": lambda e: f"battle {e['number']} at {', '.join(e['hexes'])} is not fought: {e['why']}",
    "no_effect": lambda e: f"{e['hex']}: assault level {e['assault']} below defense level {e['defense']}: no effect (13.5.1 B)",
    "retreat": lambda e: f"{', '.join(e['units'])} retreat {' → '.join(e['path'])} (13.6)",
    "river_roll": lambda e: f"{e['unit']} crosses a river in retreat: die {e['face']}{', a step lost' if e['loss'] else ''} (13.6.2 C)",
    "advance": lambda e: f"{e['unit']} advances {' → '.join(e['path'])} ({'13.7.5' if e['defender'] else '13.7'})",
    "advance_not_taken": lambda e: f"{e['unit']} does not advance: {e['why']}",
    "demolition": lambda e: f"{e['unit']} tries to blow the bridge {e['bridge']}: die {e['face']} {e['drm']:+d}: {'blown' if e['blown'] else 'no effect'} (16.1 D)",
    "fortify": lambda e: f"{e['side']} builds a fortification in {e['hex']} (17.0)",
    "conditional_automatic": lambda e: f"conditional forces: {e['unit']} (CCR/5th Armored Division) arrives as an Allied "
                                       f"reinforcement, due Game-Turn {e['turn']} (23.0 B)",
    "conditional_roll": lambda e: f"conditional forces, {e['side']}: dice {' and '.join(map(str, e['faces']))}: "
                                  f"{e['picks']} unit(s) may be committed in its Movement Phase orders, `commit: UNIT` (23.0 B)",
    "xxx_corps": lambda e: f"XXX Corps: the British units {', '.join(e['units'])} are due from Game-Turn {e['turn']} (26.10 B)",
    "commitment": lambda e: f"the objectives of {e['row'].replace('_', ' ')} are captured: {', '.join(e['units']) or 'no unit still to come'} "
                            f"enter(s) from Game-Turn {e['turn']} (26.19)",
    "displaced": lambda e: (f"{e['leader']} is placed at {e['to']}, its owner's choice (15.5 D)" if e.get("chosen") else
                            f"{e['by']} displaces {e['leader']} from {e['from']}: " + (
                                f"it goes to {e['to']}, the nearest supplied friendly combat unit (15.5 D)" if "to" in e else
                                f"its owner chooses between the equidistant {', '.join(e['choice'])} (15.5 D)")),
    "withdrawal": lambda e: "the Allies conduct Montgomery's withdrawal this turn: a second move before combat, no attacks (26.13 A, D)",
    "no_combat": lambda e: f"no Combat Phase: {e['why']}",
    "conditional_commit": lambda e: f"{e['unit']} is committed from the conditional forces, due Game-Turn {e['turn']} (23.0 B, D, E)",
}


def _answer(e: dict) -> str:
    """An answer inside a battle as readable orders: `counterattack 1211`; `choose retreat2, losses none, path 1311 → 1411`."""
    if e["kind"] == "displace":
        return f"{e['side']} answers (15.5 D displacement): " + "; ".join(order_line(o) for o in e["orders"])
    return f"{e['side']} answers in battle {e['battle']} ({e['kind']}): " + ("; ".join(order_line(o) for o in e["orders"]) or "nothing")


def describe(events: list, readable_answers: bool = True) -> list[Block]:
    """`readable_answers`: campaigns before behaviour 3 recorded an answer's orders in their Python form
    (`[{'counterattack': ['1211']}]`) in the stored report.txt that verify compares, and keep it."""
    blocks: list[Block] = []
    for e in events:
        kind = e["event"]
        if kind == "answer" and readable_answers:
            blocks += _item(_answer(e))
        elif kind == "battle":
            blocks += _battle(e)
        elif kind == "move":
            verb = "reacts" if e["reaction"] else "exploits" if e.get("exploitation") else "moves again (26.13 A)" if e.get("second") \
                else "moves"
            blocks += _item(f"{e['unit']} {verb} {' → '.join(e['path'])}" + (", building a bridge (16.2)" if e.get("bridge") else "")
                            + (", in strategic movement (10.4)" if e.get("strategic") else ""))
        elif kind in ("step", "eliminated"):
            blocks += _item(f"{e['unit']} {'loses a step' if kind == 'step' else 'is eliminated'}: {e['why']}")
        elif kind == "player_turn":
            blocks += [("p", f"Next: Game-Turn {e['turn']} ({e['label']}), the {e['side']} player turn (7.2).")]
        elif kind == "fog":
            blocks += [("p", f"The {e['side']} step is played under fog of war ({e['rule']}): its units' moves are hidden.")]
        elif kind == "game_over":
            blocks += [("p", f"The last Game-Turn ({e['turn']}) is over (7.2 F).")]
        elif kind == "victory":
            result = "no side wins" if e["winner"] == "none" else f"{e['winner']} wins"
            blocks += [("p", f"Victory (7.2 F, the victory conditions the group entered): {e['level']}; {result}.")]
        elif kind in ("exit", "held_off", "released"):
            blocks += _item(_edge_text(e))
        elif kind in ITEMS:
            blocks += _item(ITEMS[kind](e))
    return blocks


def _edge_text(e: dict) -> str:
    """10.7 exits, 10.7.2 C held-off units, 10.9 releases (behaviour 3)."""
    if e["event"] == "exit":
        return (f"{e['unit']} exits off the {e['edge']} map edge at {e['path'][-1]} (10.7)"
                + (f"; the Allies owe {e['owed']} attack strength held off there (10.7.2 C)" if e["owed"] else ""))
    if e["event"] == "held_off":
        return f"{e['unit']} is held off the map on the {e['edge']} edge for the rest of the game (10.7.2 C, 10.7.3 B)"
    return f"{e['unit']} is released (10.9)"
