"""What players read: the report blocks of each event (pbem.report), and what a side may see of
a unit (8.42). The order templates live with their phase entries (pregame, movement, combat,
losses, rhine)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...gamedata import GameData
from .common import PUBLIC_FORM

if TYPE_CHECKING:
    from .game import OperationGrenade

Block = tuple


def unit_label(game: OperationGrenade, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
    """What `side` may see of a unit (8.42): the owner its chit and strength; anyone else
    only whether it is untried, tried (a chit on its front), reduced or a cadre."""
    unit = state["units"][unit_id]
    if unit["side"] == side and unit.get("chit"):          # a dealt chit: in the owner's view only (dealer.own_view)
        return f"{PUBLIC_FORM[unit['form']]}: chit {unit['chit']}, strength {game.strength(data, state, unit_id)}"
    return PUBLIC_FORM[unit["form"]]


def _item(text: str) -> list[Block]:
    return [("item", text)]


def _combat(e: dict) -> list[Block]:
    attackers = ", ".join(f"{u} {s}" for u, s in e["attackers"].items())
    defenders = ", ".join(f"{u} {s}" for u, s in e["defenders"].items())
    mods = "; ".join(f"{m['why']} ×{m['times']}" if "times" in m else f"{m['why']} +{m['plus']}" for m in e["modifiers"]) or "none"
    shifts = ", ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in e["shifts"]) or "none"
    return [("h4", f"Combat {e['number']} at {e['hex']}"),
            ("table", ["", ""], [
                ["Attackers (strengths examined, 8.42)", f"{attackers} = {e['attack']}"],
                ["Defenders (strengths examined, 8.42)", f"{defenders}; modifiers: {mods} → {e['defence']}"],
                ["Ratio", f"{e['ratio']} → column {e['column']} of the {e['line']} line (9.0, 9.89)"],
                ["Shifts", shifts],
                ["Final column", e["final_column"]],
                ["Dice", f"{e['dice'][0]} + {e['dice'][1]} = {e['roll']}"],
                ["Result", f"{e['result']} (cell from {e['cell_provenance']})"],
            ])]


def _awaiting(e: dict) -> list[Block]:
    what = {"defend": "which regiment or brigade defends (7.22)", "bridge": "whether to attempt to blow the Rhine bridge (22.21)",
            "path": "the path of retreat after the breakthrough (9.97)", "advance": "the advance after combat (9.94, 9.95)",
            }.get(e["what"], "losses and retreat (9.85)")
    return [("p", f"Waiting for {e['side']} to choose {what} at {e['hex']}.")]


def _deal(e: dict) -> list[Block]:
    """The secret dealing's public steps (behaviour 3, secret.py): never a chit, only positions."""
    record = e["record"]
    if "stage" in record:
        return _item(f"{record['side']} shuffles morale pool {e['pool']} (8.33)")
    if "draw" in record:
        return _item(f"{e['unit']} draws a strength chit from morale pool {e['pool']}, face down ({e['rule']})")
    return _item(f"{e['unit']}'s strength chit returns to morale pool {e['pool']} (8.52)")


def _shown(e: dict) -> list[Block]:
    if "steps" in e:
        return _item(f"{e['unit']} takes its 9.86 loss: its chit gives {e['steps']} steps (9.82)")
    face = "front" if "front" in e else "back"
    return _item(f"{e['unit']} shows Combat Strength {e[face]} ({face}, 8.42)")


def _support(e: dict) -> list[Block]:
    what = [f"artillery {', '.join(e['artillery'])}"] if e["artillery"] else []
    what += ["one Air Point"] if e["air"] else []
    return _item(f"{e['side']} supports the combat at {e['hex']}: {' and '.join(what)} (9.64, 13.13)")


def _loss_choice(e: dict) -> list[Block]:
    retreat = "; ".join(f"{h} → {' → '.join(p)}" for h, p in e["retreat"].items()) or "no retreat"
    return _item(f"{e['side']} at {e['hex']}: steps lost: {', '.join(e['losses']) or 'none'}; {retreat} (9.85)")


def _bridge(e: dict) -> list[Block]:
    return _item(f"{e['unit']} enters the western terminus of the {e['bridge']} bridge: German roll "
                 f"{e['dice'][0]} + {e['dice'][1]}, blown on {e['window']} ({e['why']}): "
                 + ("BLOWN" if e["blown"] else "the bridge stands") + " (22.21)")


def _volkssturm(e: dict) -> list[Block]:
    got = f"; received {', '.join(e['received'])}" if e["received"] else ""
    return _item(f"{e['unit']} comes next to {e['town']} (Volkssturm Value {e['value']}): German roll "
                 f"{e['roll']}: {e['raised']} Volkssturm unit(s) (21.11){got}"
                 + (" — fewer than raised: the countermix is exhausted (21.22)" if len(e["received"]) < e["raised"] else ""))


def _victory(e: dict) -> list[Block]:
    bridges = f"; Rhine bridges {', '.join(e['bridges'])} (28.21)" if e.get("bridges") else ""
    return [("h4", "End of the game (28.0)"),
            ("p", f"US Victory Points: {e['vp']} (towns: {', '.join(e['towns']) or 'none'}{bridges}): {e['level']} (28.3)")]


DESCRIBE: dict[str, Callable[[dict], list[Block]]] = {
    "flood": lambda e: _item(f"German player declares a {e['flood'].replace('_', ' ')} (17.0)"),
    "d_day": lambda e: _item(f"US D-Day {e['d_day']}; Roer current roll {e['roll']} {e['modifier']:+d} = "
                             f"{e['modified']}: {e['current']} (18.1, 18.12)"),
    "weather": lambda e: _item(f"Game-Turn {e['turn']} weather: roll {e['roll']} {e['modifier']:+d} → "
                               f"{e['weather'].replace('_', ' ')}" + ("; MUD (24.22)" if e["mud"] else "") + " (24.11)"),
    "withdrawal": lambda e: _item(f"German strategic withdrawal roll {e['roll']} (modified {e['modified']}): "
                                  + ("granted, 2nd Corps may move (19.12)" if e["success"] else "not granted") + " (19.21)"),
    "move": lambda e: _item(f"{e['unit']} moves {' → '.join(e['path'])} ({e['rule']})"),
    "enter": lambda e: _item(f"{e['unit']} enters {' → '.join(e['path'])} ({e['rule']})"),
    "chit": lambda e: _item(f"{e['unit']} draws a strength chit from morale pool {e['pool']} (8.33)"),
    "deal": _deal,
    "shown": _shown,
    "combat": _combat,
    "awaiting": _awaiting,
    "support": _support,
    "defender_chosen": lambda e: _item(f"{e['unit']} defends {e['hex']} (7.22)"),
    "loss_choice": _loss_choice,
    "reduced": lambda e: _item(f"{e['unit']} loses a step: chit flipped to its weaker side (9.82)"),
    "cadre": lambda e: _item(f"{e['unit']} reduced to cadre; its chit returns to its pool (10.0, 8.52)"),
    "eliminated": lambda e: _item(f"{e['unit']} eliminated in {e['hex']} ({e['rule']})"),
    "retreat": lambda e: _item(f"Stack in {e['from']} retreats {' → '.join(e['path'])} (9.91)"),
    "advance": lambda e: _item(f"{', '.join(e['units'])} advance {' → '.join(e['path'])} (9.94)"),
    "breakthrough_path": lambda e: _item(f"{e['side']} determines the path of retreat from {e['hex']}: "
                                         + "; ".join(f"{h} → {' → '.join(p)}" for h, p in e["retreat"].items()) + " (9.97)"),
    "advance_answer": lambda e: _item(f"{e['side']} advances after combat at {e['hex']}: "
                                      + ("; ".join(f"{a['unit']} {' → '.join(a['path'])}" for a in e["advances"]) or "no advance")
                                      + " (9.95)"),
    "bridge": _bridge,
    "bridge_spared": lambda e: _item(f"The German player does not attempt to blow the {e['bridge']} bridge: it stands for "
                                     "the rest of the game (22.21)"),
    "volkssturm": _volkssturm,
    "placed": lambda e: _item(f"{e['unit']} placed in {e['hex']} ({e['rule']})"),
    "variable_reinforcements": lambda e: _item(f"Variable German reinforcements, {e['edge']} map-edge: roll {e['roll']}: "
                                               + (f"{', '.join(e['units'])} available" if e["success"] else "none") + f" ({e['rule']})"),
    "supply": lambda e: _item(f"{e['unit']} is {'out of supply' if e['status'] == 'out_of_supply' else 'isolated'} "
                              f"this Player-Turn ({e['rule']})"),
    "released": lambda e: _item("A 2nd Corps unit was attacked: the whole corps may move from now on (19.12)"),
    "combat_void": lambda e: _item(f"Combat against {e['hex']} lapses: the hex is empty (9.0)"),
    "attacks_declared": lambda e: _item(f"{e['count']} attack(s) declared, resolved in the order given (9.0)" if e["count"]
                                        else "No attacks declared (9.0)"),
    "victory": _victory,
    "passed": lambda e: _item(f"{e['phase']}: {e['side']} has no choice, so the phase passes by itself: {e['why']}"),
}


def describe(events: list) -> list:
    """Report blocks (see pbem.report) for one step's events; an event kind not listed shows nothing."""
    blocks: list = []
    for event in events:
        shown = DESCRIBE.get(event["event"])
        if shown is not None:
            blocks += shown(event)
    return blocks


# -- the map picture of a step (pbem.picture) ----------------------------------------------------
BADGE_LEGEND = {"OOS": "out of supply (11.31)"}


def map_badges(state: dict, unit_id: str) -> tuple[str, ...]:
    """The status markers anyone may see on a counter: out of supply (11.31, as the report says)."""
    return ("OOS",) if state["supply"].get(unit_id) == "out_of_supply" else ()


def map_combats(state: dict, events: list) -> dict[str, str]:
    """Each combat of the step: ratio and the final column after shifts, the two-dice roll and
    the result (9.0, 9.89); a combat rolled earlier whose losses and retreats are still being
    chosen (9.85) shows its result. A combat against several hexes (9.21; its key "A+B") is
    marked on each of them."""
    marks: dict[str, str] = {}

    def mark(key: str, text: str) -> None:
        for hex_id in key.split("+"):
            marks[hex_id] = f"{marks[hex_id]}\n{text}" if hex_id in marks else text

    for e in events:
        if e.get("event") == "combat":
            mark(e["hex"], f"{e['ratio']} → {e['final_column']}\nroll {e['roll']}: {e['result']}")
    for combat in state["combats"]:
        if not set(combat["hex"].split("+")) & set(marks) and isinstance(combat.get("result"), dict):
            mark(combat["hex"], f"result {combat['result']['text']}\nlosses being chosen")
    return marks


def map_arrows(before: dict | None, state: dict, events: list) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(kind, path, units) of the step's moves (5.4) and entries, retreats (9.91) of the stack
    that was in the start hex, and advances after combat (9.94) from the hex each unit left."""
    arrows: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    for e in events:
        kind = e.get("event")
        if kind in ("move", "enter"):
            arrows.append(("move", tuple(e["path"]), (e["unit"],)))
        elif kind == "retreat":
            movers = tuple(sorted(u for u, v in (before or state)["units"].items() if v["hex"] == e["from"]))
            arrows.append(("retreat", (e["from"], *e["path"]), movers))
        elif kind == "advance" and before is not None:
            for unit_id in e["units"]:
                arrows.append(("advance", (before["units"][unit_id]["hex"], *e["path"]), (unit_id,)))
    return arrows
