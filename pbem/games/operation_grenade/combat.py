"""The Combat Phase: declaring attacks (9.1, 9.2, 7.21) with their support (9.6, 13.0), the
defender's answer before the rolls (7.22, 9.64, 13.13), and running the combats in the order
declared (9.0), each result applied before the next. The CRT itself is crt.py; losses,
retreats and advances losses.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ..base import Problem
from . import answers, crt, flood, losses, retreats, rhine, support, turn
from .common import other

if TYPE_CHECKING:
    from .game import OperationGrenade


class Attacks:
    """9.0: the phasing player's `attack:` orders, all at once, resolved in the order given."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        notes = [game.awaiting(state).phase,
                 "`attack: HEX` with `with: [UNITS]` (one regiment/brigade per hex, 7.21), optional `advance: [UNITS]` (9.94: "
                 "they advance together along the path of retreat, as far as allowed) or `advance: ask` (you answer each unit's "
                 "advance after the result: tanks and mechanized infantry may deviate, any unit may halt, 9.95). "
                 "Every adjacent enemy must be attacked (9.11) and every adjacent unit must attack (9.12).",
                 "One combat against several hexes: `attack: [\"1207\", \"1307\"]`, every attacker adjacent to every hex "
                 "attacked (9.21, 9.25); the defender's best terrain line counts (9.26). Support: `artillery: [UNITS]` "
                 "(9.62-9.64), `air: true` for one Air Point (13.11). Attacks are resolved in the order written (9.0).",
                 "US only, once a game: `ruse: true` on the attack whose advance may enter a Rhine bridge's western "
                 "terminus; it goes with the first bridge roll that advance sets off (22.23)."]
        for hex_id, units, adjacent in attack_targets(game, data, state, side):
            notes.append(f"  {hex_id}: enemy stack of {len(units)}; adjacent: {', '.join(adjacent)}")
        return {"notes": notes, "orders": []}

    @staticmethod
    def no_choice(game: OperationGrenade, data: GameData, state: dict) -> str | None:
        """9.11, 9.12: combat is between adjacent units (those adjacent must attack): with no
        phasing unit next to an enemy unit there is no combat to declare, so no choice."""
        side = state["side"]
        if attack_targets(game, data, state, side):
            return None
        return (f"no {side} unit is adjacent to an enemy unit, so there is no combat to declare "
                "(9.11, 9.12: combat is between adjacent units)")


    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems: list[Problem] = []
        used: set = set()
        targets: dict = {}
        tally: dict[str, Any] = {"guns": set(), "air": 0}                   # 9.64, 13.0: across the phase's attacks
        for index, order in enumerate(orders):
            why, hexes, units = attack_order_problem(game, data, state, side, order, used, targets)
            if not why:
                planned = {"hexes": hexes, "attacker_side": side, "defenders": None}
                why = support.check_in_phase(game, data, state, side, planned, units, order.get("artillery", []), order.get("air"), tally)
            if why:
                problems.append(Problem(index, why))
                continue
            used.update(units)
            targets.update({hex_id: units for hex_id in hexes})
            if order.get("ruse") and tally.setdefault("ruse", index) != index:
                problems.append(Problem(index, "the US ruse is declared once per game: on one attack only (22.23)"))
        if not problems:
            problems += mandatory_problems(game, data, state, side, targets)
        return problems

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        state["combats"] = [declared(game, data, state, o) for o in orders]
        state["retreated_onto"] = {}                                         # 9.93: a new Combat Phase
        events.append({"event": "attacks_declared", "count": len(orders), "rule": "9.0"})
        for order, combat in zip(orders, state["combats"]):                 # 9.64, 13.13: attacker first
            support.record(game, data, state, side, combat, order.get("artillery", []), order.get("air"), events)
        if not ask_defender(game, data, state, events):
            run_combats(game, data, state, dice, events)
        return events


def attack_order_problem(game: OperationGrenade, data: GameData, state: dict, side: str, order: dict,
                         used: set, targets: dict) -> tuple[str | None, list[str], list[str]]:
    """One `attack:` order: its hexes and units (9.14, 9.25, 7.21, 22.1x), its advance (9.94), its
    CRT line known whole before any die (9.88)."""
    grid = game.grid(data)
    hexes, units = order.get("attack"), order.get("with")
    hexes = [hexes] if isinstance(hexes, str) else hexes
    if (not isinstance(hexes, list) or not hexes or not all(isinstance(h, str) for h in hexes)
            or not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units)):
        return "write `attack: HEX` (or `attack: [HEX, HEX]`, 9.21) with `with: [UNITS]`", [], []
    try:
        hexes = [grid.canonical(h) for h in hexes]
    except ValueError as e:
        return str(e), [], []
    why = (attack_problem(game, data, state, side, hexes, units, used, targets) or advance_problem(state, side, order, hexes, units)
           or rhine.ruse_problem(state, side, order))
    if why:
        return why, hexes, units
    crt.check_crt_line(data, crt.crt_line(game, data, state, hexes))   # a CRT line the data lacks refuses the attack now
    return None, hexes, units


def advance_problem(state: dict, side: str, order: dict, hexes: list[str], units: list[str]) -> str | None:
    advance = order.get("advance", [])
    if advance == "ask":                    # 9.95: answered unit by unit after the result (answers.Advance)
        return "`advance_path:` goes with `advance: [UNITS]`; with `advance: ask` the path is answered (9.94)" \
            if order.get("advance_path") else None
    if not isinstance(advance, list) or any(a not in state["units"] or state["units"][a]["side"] != side for a in advance):
        return "`advance:` lists the attacking side's units that may advance after combat (9.94)"
    attacking_hexes = {state["units"][u]["hex"] for u in units}
    if any(state["units"][a]["hex"] not in attacking_hexes for a in advance):
        return "only units that attacked, or are stacked with attackers, may advance (9.94)"
    free = order.get("advance_path", [])
    if not isinstance(free, list) or not all(isinstance(h, str) for h in free) or (free and (not advance or free[0] not in hexes)):
        return ("`advance_path:` (with `advance:`) is the route of a free advance if the defender is "
                "eliminated (9.94), starting in the attacked hex")
    return None


def attack_problem(game: OperationGrenade, data: GameData, state: dict, side: str, hexes: list[str], units: list[str],
                   used: set, targets: dict) -> str | None:
    grid = game.grid(data)
    for hex_id in hexes:
        if game.side_in(state, hex_id) not in (other(side),):
            return f"no enemy unit in {hex_id}"
        if hex_id in targets or hexes.count(hex_id) > 1:
            return f"{hex_id} is attacked twice; each defending unit defends once per phase (9.14)"
    per_hex: dict = {}
    for unit_id in units:
        unit = state["units"].get(unit_id)
        if unit is None or unit["side"] != side:
            return f"{unit_id} is not a {side} unit on the map"
        if unit_id in used or units.count(unit_id) > 1:
            return f"{unit_id} attacks more than once this phase (9.14)"
        for hex_id in hexes:
            if not grid.adjacent(unit["hex"], hex_id):
                return f"{unit_id} in {unit['hex']} is not adjacent to {hex_id}: every attacker must be adjacent to every defender (9.25)"
            if across_rhine(game, data, unit["hex"], hex_id, state, side):
                return f"{unit_id} may not attack across the Rhine except over an unblown bridge (22.11, 22.25)"
            if "rhine_bridge" in game.hexside(data, unit["hex"], hex_id) and len(hexes) > 1:
                return f"{unit_id} attacking across a Rhine bridge attacks only its eastern terminus hex (22.25)"
        if game.regiment_sized(data, state, unit_id):
            per_hex.setdefault(unit["hex"], []).append(unit_id)
    for unit_id in used:
        if game.regiment_sized(data, state, unit_id):
            per_hex.setdefault(state["units"][unit_id]["hex"], []).append(unit_id)
    for from_hex, regiments in per_hex.items():
        if len(regiments) > 1:
            return f"at most one regiment or brigade attacks from {from_hex} in a Combat Phase (7.21): {', '.join(sorted(regiments))}"
    return None


def mandatory_problems(game: OperationGrenade, data: GameData, state: dict, side: str, targets: dict) -> list[Problem]:
    """9.11, 9.12, 9.21 with the 9.13 / 12.23 / 22.1x exceptions; 7.21: once one regiment of a
    hex attacks, its hex-mates may not (and need not)."""
    grid = game.grid(data)
    stacks = game.stacks(state)
    attackers = {u for units in targets.values() for u in units}
    excused_hexes = {h for h in stacks if attack_optional(game, data, state, side, h)}
    regiment_attacks_from = {state["units"][u]["hex"] for u in attackers if game.regiment_sized(data, state, u)}
    problems = []
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != side or unit["hex"] in excused_hexes:
            continue
        enemy_hexes = [h for h in grid.neighbours(unit["hex"]) if game.side_in(state, h) == other(side)
                       and "rhine" not in game.hexside(data, unit["hex"], h)]          # 22.11, 22.12
        unattacked = [h for h in enemy_hexes if h not in targets]
        if unattacked:                                    # 9.11, 9.21: attackers included
            problems.append(Problem(None, f"{unattacked[0]} is adjacent to {unit_id} and must be attacked (9.11, 9.21)"))
            continue
        if enemy_hexes and unit_id not in attackers:
            if not (game.regiment_sized(data, state, unit_id) and unit["hex"] in regiment_attacks_from):
                problems.append(Problem(None, f"{unit_id} is adjacent to the enemy at {enemy_hexes[0]} and must attack (9.12)"))
    return problems


def attack_optional(game: OperationGrenade, data: GameData, state: dict, side: str, hex_id: str) -> bool:
    """9.13: units in town hexes, 12.23: German units in entrenchments, need not attack."""
    hexes = game.map(data)
    return (flood.ground(game, data, state, hex_id) in ("town", "city")          # 17.11: a flooded town is swamp
            or (side == "german" and (hexes.has(hex_id, "entrenchment") or hexes.has(hex_id, "improved_positions"))))


def across_rhine(game: OperationGrenade, data: GameData, a: str, b: str, state: dict | None = None, side: str = "allied") -> bool:
    """22.11: no US attack or advance across the Rhine except over an unblown bridge hexside
    (22.25); 22.12: German units cross it as a normal river."""
    if side == "german":
        return False
    features = game.hexside(data, a, b)
    blown = state is not None and rhine.bridge_blown(state, data, a, b)
    return "rhine" in features and ("rhine_bridge" not in features or blown)


def declared(game: OperationGrenade, data: GameData, state: dict, order: dict) -> dict:
    grid = game.grid(data)
    hexes = [order["attack"]] if isinstance(order["attack"], str) else order["attack"]
    hexes = [grid.canonical(h) for h in hexes]
    return {"hex": "+".join(hexes), "hexes": hexes, "attackers": list(order["with"]),
            "advance": "ask" if order.get("advance") == "ask" else list(order.get("advance", [])), "chosen": {}, "defenders": None,
            "attack_hexes": sorted({state["units"][u]["hex"] for u in order["with"]}),
            "advance_path": [grid.canonical(h) for h in order.get("advance_path", [])],
            "attacker_side": state["side"], "result": None, "ruse": order.get("ruse") is True}


# -- the defender's answer (7.22, 9.64, 13.13) ----------------------------------------------------
class Defence:
    """One answer for the whole Combat Phase, before the rolls."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        choice = state["awaiting_choice"]
        by_label = {c["hex"]: c for c in state["combats"]}
        notes = [game.awaiting(state).phase,
                 "Before the rolls, for each combat below: the defending regiment where a hex holds several "
                 "(7.21/7.22), and your support: at most one artillery unit (9.62-9.64), `air: true` for one Air Point "
                 f"(13.11; {air_note(game, data, state, side)}). Combats you leave out get none."]
        orders = []
        for due in choice["combats"]:
            combat = by_label[due["combat"]]
            eligible = support.artillery_options(game, data, state, side, combat, support.defending_stack(game, state, combat))
            announced = support.describe(combat.get("support", {}).get(other(side)))
            notes.append(f"  {due['combat']}: attacked by {', '.join(combat['attackers'])} (attacker's support: {announced}); "
                         f"your eligible artillery: {', '.join(eligible) or 'none'}")
            answer: dict[str, Any] = {"defend": due["combat"], "artillery": [], "air": False}
            if len(due["options"]) == 1:
                answer["with"] = next(iter(due["options"].values()))[0]
            elif due["options"]:
                answer["with"] = {h: units[0] for h, units in due["options"].items()}
            orders.append(answer)
        return {"notes": notes, "orders": orders}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        """One `defend:` order per combat it answers, naming the defending regiment where a hex has a
        choice (7.22) and its support (9.64, 13.13)."""
        choice = state["awaiting_choice"]
        due = {d["combat"]: d["options"] for d in choice["combats"]}
        by_label = {c["hex"]: c for c in state["combats"]}
        answered: set = set()
        tally: dict[str, Any] = {"guns": set(), "air": 0}
        for index, order in enumerate(orders):
            label = order.get("defend")
            if label not in due or label in answered:
                return [Problem(index, f"`defend:` names each combat once, one of {', '.join(due)} (7.22, 9.64, 13.13)")]
            answered.add(label)
            options, combat = due[label], by_label[label]
            chosen = chosen_defenders(order, options)
            for hex_id, units in options.items():
                if chosen.get(hex_id) not in units:
                    return [Problem(index, f"`with:` names the regiment that defends {hex_id}: one of {', '.join(units)} (7.22)")]
            if set(chosen) - set(options):
                return [Problem(index, f"no choice of defending regiment is due in {', '.join(sorted(set(chosen) - set(options)))} (7.22)")]
            why = support.check_in_phase(game, data, state, choice["side"], combat, support.defending_stack(game, state, combat),
                                         order.get("artillery", []), order.get("air"), tally)
            if why:
                return [Problem(index, why)]
        missing = [label for label, options in due.items() if options and label not in answered]
        if missing:
            return [Problem(None, f"name the defending regiment for the combat at {missing[0]} (7.22)")]
        return []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        by_label = {c["hex"]: c for c in state["combats"]}
        for order in orders:
            combat = by_label[order["defend"]]
            for hex_id, unit_id in chosen_defenders(order).items():
                combat["chosen"][hex_id] = unit_id
                events.append({"event": "defender_chosen", "hex": hex_id, "unit": unit_id, "rule": "7.22"})
            support.record(game, data, state, side, combat, order.get("artillery", []), order.get("air"), events)
        state["awaiting_choice"] = None
        run_combats(game, data, state, dice, events)
        return events


def air_note(game: OperationGrenade, data: GameData, state: dict, side: str) -> str:
    """The Air Points left, for a template: a template never needs a value the data lacks; an
    order that uses one (`air: true`) is refused naming it."""
    try:
        return f"{support.air_points_left(game, data, state, side)} left this Game-Turn"
    except UnknownDataError as exc:
        return f"how many are left is not known: the data lacks `{exc.path}`, and `air: true` is refused until it is given"


def chosen_defenders(order: dict, options: dict | None = None) -> dict:
    """`with: UNIT` when one hex has a choice, `with: {HEX: UNIT}` for several."""
    given = order.get("with")
    if isinstance(given, dict):
        return {str(h): u for h, u in given.items()}
    if given is None:
        return {}
    hexes = list(options) if options else [h for h in str(order.get("defend", "")).split("+")]
    return {hexes[0] if hexes else "?": given}


def ask_defender(game: OperationGrenade, data: GameData, state: dict, events: list) -> bool:
    """One answer for the whole Combat Phase, once the attacker has declared every attack and its
    support: the defending regiment of each hex holding several (7.21, 7.22) and the defender's
    artillery and Air Points (9.64, 13.13). Asked only if there is something to decide."""
    due = []
    for combat in state["combats"]:
        choices = {h: u for h in combat["hexes"] if len(u := defender_options(game, data, state, h)) > 1}
        if choices or support.defender_has_options(game, data, state, combat):
            due.append({"combat": combat["hex"], "options": choices})
    if not due:
        return False
    defender = other(state["side"])
    state["awaiting_choice"] = {"kind": "defend", "side": defender, "hex": due[0]["combat"], "combats": due}
    events.append({"event": "awaiting", "side": defender, "hex": ", ".join(d["combat"] for d in due), "what": "defend"})
    return True


def defender_options(game: OperationGrenade, data: GameData, state: dict, hex_id: str) -> list:
    """7.22: the regiments or brigades (not artillery) of a hex, one of which defends (9.93: not one
    that retreated onto it this phase)."""
    retreated = retreats.retreated_here(game, state, hex_id)
    return [u for u in game.stacks(state)[hex_id] if game.uses_chit(data, state, u) and u not in retreated]


def defenders_in(game: OperationGrenade, data: GameData, state: dict, hex_id: str, chosen: str | None) -> list:
    """7.21: one regiment/brigade defends a hex; battalions, cadres and artillery in it always do."""
    regiments = set(defender_options(game, data, state, hex_id))
    retreated = retreats.retreated_here(game, state, hex_id)           # 9.93: they never add their strength
    return [u for u in game.stacks(state)[hex_id] if u not in retreated and (u not in regiments or u == chosen)]


# -- resolution in the order declared (9.0) -------------------------------------------------------
def run_combats(game: OperationGrenade, data: GameData, state: dict, dice: Dice, events: list) -> None:
    """Resolve declared combats in order until one needs a player's choice (9.0: each
    result is applied before the next combat)."""
    while state["combats"]:
        combat = state["combats"][0]
        if combat["result"] is None:
            combat["attackers"] = [u for u in combat["attackers"] if u in state["units"]]
            combat["hexes"] = [h for h in combat["hexes"] if game.side_in(state, h) == other(combat["attacker_side"])]
            if not combat["attackers"] or not combat["hexes"]:
                events.append({"event": "combat_void", "hex": combat["hex"], "rule": "9.0"})
                state["combats"].pop(0)
                continue
            if combat["defenders"] is None:
                settle_defenders(game, data, state, combat)
            crt.resolve(game, data, state, combat, dice, events)
        if losses.next_choice(game, data, state, combat, dice, events):
            return
        if answers.ask_advance(game, data, state, combat, events):
            return                                  # 9.94, 9.95: an advance answered unit by unit
        if losses.advance_after_combat(game, data, state, combat, dice, events):
            return                                  # the advance goes on after the German's bridge answer (22.21)
        state["combats"].pop(0)
        if state["awaiting_choice"]:
            return                                  # a bridge answer (22.21) or Volkssturm placement (21.12) first
    turn.end_combat_phase(game, data, state, dice, events)


def settle_defenders(game: OperationGrenade, data: GameData, state: dict, combat: dict) -> None:
    """7.21, 7.22: the chosen regiment of each hex (the first if none was chosen or it has gone)."""
    for hex_id in combat["hexes"]:
        units = defender_options(game, data, state, hex_id)
        if combat["chosen"].get(hex_id) not in units:
            combat["chosen"][hex_id] = units[0] if units else None
    combat["defenders"] = [u for h in combat["hexes"] for u in defenders_in(game, data, state, h, combat["chosen"][h])]


def attack_targets(game: OperationGrenade, data: GameData, state: dict, side: str) -> list[tuple[str, list[str], list[str]]]:
    """(hex, enemy units, adjacent units of `side`) for each enemy stack next to one of `side`'s."""
    grid, targets = game.grid(data), []
    for hex_id, units in sorted(game.stacks(state).items()):
        if state["units"][units[0]]["side"] == other(side):
            adjacent = [u for u, v in sorted(state["units"].items()) if v["side"] == side and grid.adjacent(v["hex"], hex_id)]
            if adjacent:
                targets.append((hex_id, units, adjacent))
    return targets
