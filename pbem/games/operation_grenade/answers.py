"""The answers inside a combat beyond the loss choice (9.85): the attacker's path of retreat after a
breakthrough (9.97) and an advance after combat answered unit by unit (9.94, 9.95, 9.97).

Round trips. Each is a `response` entry of the sequence of play, asked only when the rules leave
that player a choice:
- `path` (9.97 "The attacking Player determines the path of retreat"): the attacker, after a
  breakthrough, when the defender must retreat (he is not surrounded, 9.97, and the mandatory
  losses may leave someone to retreat). The defender is then asked his losses only if he has a
  choice of which unit loses a step (more than one unit and a step to lose); else they are taken at
  once (`settle_breakthrough_losses`).
- `advance` (9.94, 9.95): the attacker, when his attack said `advance: ask` and a hex was vacated;
  a victorious defender whenever the attacker's retreat (or elimination) vacated a hex next to his
  units. The attacker who declares `advance: [UNITS]` with the attack (the procedure choice that
  saves this message) advances them together along the path of retreat, as far as allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ..base import Problem
from . import losses
from .common import other

if TYPE_CHECKING:
    from .game import OperationGrenade


# -- 9.97 the attacker determines the path of retreat ---------------------------------------------------
def _defending(game: OperationGrenade, state: dict, combat: dict) -> tuple[list, list]:
    """The defending hexes still held and every unit in them."""
    alive = [u for u in combat["defenders"] if u in state["units"]]
    hexes = sorted({state["units"][u]["hex"] for u in alive})
    return hexes, [u for h in hexes for u in game.stacks(state)[h]]


def ask_breakthrough_path(game: OperationGrenade, data: GameData, state: dict, combat: dict, events: list) -> bool:
    """9.97: pause for the attacker's path of retreat when the defender must retreat."""
    loss = combat["result"]["D"]
    if not loss["breakthrough"] or not loss["flexible"] or "breakthrough_path" in combat:
        return False
    defender = other(combat["attacker_side"])
    hexes, units = _defending(game, state, combat)
    if losses.steps_available(game, data, state, units) <= loss["mandatory"]:
        return False                                # nothing may be left to retreat (9.85)
    if not losses.can_retreat(game, data, state, defender, hexes, game.enemy_zoc(data, state, defender)):
        return False                                # surrounded: steps in lieu (9.97)
    state["awaiting_choice"] = {"kind": "path", "side": combat["attacker_side"], "hex": combat["hex"], "result": "D"}
    events.append({"event": "awaiting", "side": combat["attacker_side"], "hex": combat["hex"], "what": "path"})
    return True


def settle_breakthrough_losses(game: OperationGrenade, data: GameData, state: dict, combat: dict, dice: Dice,
                               events: list) -> bool:
    """After the attacker's path (9.97) the defender has nothing to choose when one unit holds the
    hexes or no step is due: his losses are taken at once. Returns whether they were."""
    path = combat.get("breakthrough_path")
    if path is None:
        return False
    _, units = _defending(game, state, combat)
    for count in range(0, losses.steps_available(game, data, state, units) + 1):
        order = {"combat": combat["hex"], "losses": units[:1] * count, "retreat": path}
        chosen, _ = losses.plan(game, data, state, order)
        if chosen is not None and (len(units) == 1 or chosen["needed"] == 0):
            losses.apply_losses(game, data, state, order, dice, events)
            return True
        if chosen is not None:
            return False                            # several units, steps due: the defender chooses (9.85)
    return False


class BreakthroughPath:
    """9.97: `combat: HEX` with `retreat: [path]` (HEX: path for defenders in several hexes)."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        combat = state["combats"][0]
        loss = combat["result"]["D"]
        hexes, units = _defending(game, state, combat)
        return {"notes": [game.awaiting(state).phase,
                          f"Breakthrough {combat['result']['text']} at {combat['hex']}: you determine the path of retreat of "
                          f"{', '.join(units)} (9.97), {loss['flexible']} hex(es) from {', '.join(hexes)}: no hex twice, not into "
                          "your units, mechanized units not across rivers without a road (9.96) nor into swamp (27.1); it may "
                          "end in the hex off the map it leaves by (9.96). The defender then loses the mandatory steps and one "
                          "per hex of your ZOC entered (9.92)."],
                "orders": [{"combat": combat["hex"], "retreat": []}]}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        combat = state["combats"][0]
        if len(orders) != 1 or orders[0].get("combat") != combat["hex"]:
            return [Problem(None, f"answer with one order `combat: {combat['hex']}` giving `retreat:` (9.97)")]
        try:
            why = path_problem(game, data, state, combat, orders[0])
        except UnknownDataError as exc:
            why = str(exc)
        return [Problem(0, why)] if why else []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        from .combat import run_combats
        combat = state["combats"][0]
        hexes, units = _defending(game, state, combat)
        retreat, _ = losses._shape(game, data, state, {"retreat": orders[0]["retreat"]}, hexes, units)
        combat["breakthrough_path"] = retreat
        state["awaiting_choice"] = None
        events: list[dict] = [{"event": "breakthrough_path", "side": side, "hex": combat["hex"], "retreat": retreat, "rule": "9.97"}]
        run_combats(game, data, state, dice, events)
        return events


def path_problem(game: OperationGrenade, data: GameData, state: dict, combat: dict, order: dict) -> str | None:
    """The attacker's path: each defending hex's, the result's full length (9.97: no steps in lieu)
    or shorter only where it leaves the map (9.96), legal for the defending stack (9.91-9.96)."""
    from .flood import off_map
    loss = combat["result"]["D"]
    defender = other(combat["attacker_side"])
    hexes, units = _defending(game, state, combat)
    retreat, why = losses._shape(game, data, state, {"retreat": order.get("retreat")}, hexes, units)
    if why:
        return why
    if set(retreat) != set(hexes):
        return f"give the path of retreat of each defending hex: {', '.join(hexes)} (9.97)"
    zoc = game.enemy_zoc(data, state, defender)
    for start, path in sorted(retreat.items()):
        if len(path) > loss["flexible"] or (len(path) < loss["flexible"] and not off_map(game, data, path[-1])):
            return f"the path of retreat from {start} is {loss['flexible']} hex(es) long (9.97: no steps in lieu of retreat)"
        why, _ = losses.retreat_problem(game, data, state, defender, start, path, zoc)
        if why:
            return why
    return None


# -- 9.94, 9.95 advances answered unit by unit -------------------------------------------------------------
def advance_options(game: OperationGrenade, data: GameData, state: dict, combat: dict, side: str) -> dict | None:
    """What `side` may advance after this combat: the units (9.94: that took part, or are stacked with
    units that did), the vacated hexes each with its path of retreat (empty if the loser was
    eliminated: a free advance), how far, and whether it was a breakthrough (9.97). None: no advance."""
    attacker = side == combat["attacker_side"]
    key = "D" if attacker else "A"
    loss = combat["result"].get(key)
    if not loss:
        return None
    prefix = "" if attacker else "a_"
    starts = combat["hexes"] if attacker else combat.get("attack_hexes", [])     # none in combats declared before pbem kept them
    vacated = [h for h in starts if not game.stacks(state).get(h)]
    took_part = [u for u in (combat["attackers"] if attacker else combat["defenders"]) if u in state["units"]]
    with_them = {state["units"][u]["hex"] for u in took_part}
    grid = game.grid(data)
    units = sorted(u for h in with_them for u in game.stacks(state)[h] if any(grid.adjacent(h, v) for v in vacated))
    allowed = combat.get(f"{prefix}advance_hexes", loss["flexible"]) + (1 if attacker and loss["breakthrough"] else 0)
    if not vacated or not units or allowed < 1:
        return None
    paths = {v: [v] + list(combat.get(f"{prefix}retreat_paths", {}).get(v, [])) for v in vacated}
    return {"units": units, "paths": paths, "allowed": allowed, "breakthrough": attacker and loss["breakthrough"]}


def ask_advance(game: OperationGrenade, data: GameData, state: dict, combat: dict, events: list) -> bool:
    """Pause for an advance answer (the attacker's with `advance: ask`, then a victorious defender's)."""
    asked = combat.setdefault("advance_answered", [])
    for side in (combat["attacker_side"], other(combat["attacker_side"])):
        if side in asked or (side == combat["attacker_side"] and combat["advance"] != "ask"):
            continue
        if advance_options(game, data, state, combat, side) is None:
            continue
        state["awaiting_choice"] = {"kind": "advance", "side": side, "hex": combat["hex"]}
        events.append({"event": "awaiting", "side": side, "hex": combat["hex"], "what": "advance"})
        return True
    return False


class Advance:
    """9.95: `advance: UNIT` with `path: [HEX, ...]`, one order per unit that advances (none: no advance)."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        combat = state["combats"][0]
        options = advance_options(game, data, state, combat, side)
        assert options is not None
        paths = "; ".join(f"from {v}: {' '.join(p) if len(p) > 1 else 'eliminated, a free advance (9.94)'}"
                          for v, p in options["paths"].items())
        extra = " (breakthrough: one hex more; others may deviate in the last hex, 9.97)" if options["breakthrough"] else ""
        return {"notes": [game.awaiting(state).phase,
                          f"Advance after combat at {combat['hex']} (9.94, 9.95): up to {options['allowed']} hex(es){extra}, the first "
                          f"the vacated hex; the path of retreat {paths}. Units: {', '.join(options['units'])}. Each unit on its own: "
                          "`advance: UNIT` with `path: [HEX, ...]`; tanks and mechanized infantry may deviate from the path of "
                          "retreat after the first hex, others follow it; an advance halts on entering an enemy ZOC after the "
                          "first hex; leave a unit out to stay (no order: no advance)."],
                "orders": []}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        combat = state["combats"][0]
        options = advance_options(game, data, state, combat, side)
        assert options is not None
        seen: set = set()
        for index, order in enumerate(orders):
            try:
                why = advance_order_problem(game, data, state, side, options, order, seen)
            except UnknownDataError as exc:
                why = str(exc)
            if why:
                return [Problem(index, why)]
            seen.add(order["advance"])
        return []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        from .combat import run_combats
        combat = state["combats"][0]
        grid = game.grid(data)
        groups = losses.advance_groups(game, data, state, combat)
        groups += [{"units": [o["advance"]], "path": [grid.canonical(h) for h in o["path"]], "allowed": len(o["path"]), "next": 0}
                   for o in orders]
        combat["advance_answered"].append(side)
        state["awaiting_choice"] = None
        events: list[dict] = [{"event": "advance_answer", "side": side, "hex": combat["hex"],
                               "advances": [{"unit": o["advance"], "path": list(o["path"])} for o in orders], "rule": "9.95"}]
        run_combats(game, data, state, dice, events)
        return events


def advance_order_problem(game: OperationGrenade, data: GameData, state: dict, side: str, options: dict, order: dict,
                          seen: set) -> str | None:
    unit_id, path = order.get("advance"), order.get("path")
    if set(order) - {"advance", "path"} or not isinstance(path, list) or not path or not all(isinstance(h, str) for h in path):
        return "write `advance: UNIT` with `path: [HEX, ...]` (9.95)"
    if not isinstance(unit_id, str) or unit_id not in options["units"]:
        return f"{unit_id} may not advance: the units that may are {', '.join(options['units'])} (9.94)"
    if unit_id in seen:
        return f"{unit_id} advances once (9.95)"
    grid = game.grid(data)
    try:
        path = [grid.canonical(h) for h in path]
    except ValueError as exc:
        return str(exc)
    if path[0] not in options["paths"]:
        return f"the first hex entered is the hex the loser vacated: {', '.join(options['paths'])} (9.95)"
    if len(path) > options["allowed"]:
        return f"the advance may be at most {options['allowed']} hex(es) (9.94, 9.97)"
    retreat = options["paths"][path[0]]
    mech = game.is_mech(data, unit_id)
    free = len(retreat) == 1                                              # 9.94: the loser was eliminated
    for index, hex_id in enumerate(path):
        follows = index < len(retreat) and retreat[index] == hex_id
        last_deviates = options["breakthrough"] and index == len(path) - 1   # 9.97: in the last hex advanced into
        if not (free or mech or follows or last_deviates):
            return (f"{unit_id} follows the path of retreat ({' '.join(retreat)}): only tanks and mechanized infantry deviate "
                    "from it (9.95)")
    zoc = game.enemy_zoc(data, state, side)
    here = state["units"][unit_id]["hex"]
    for index, hex_id in enumerate(path):
        why = losses.advance_step_problem(game, data, state, side, mech, here, hex_id)
        if why:
            return why
        if index > 0 and hex_id in zoc and index < len(path) - 1:
            return f"an advance halts on entering an enemy ZOC after the first hex: {hex_id} (9.95)"
        here = hex_id
    return None

