"""Combat results (9.8): step losses (9.82, 9.85-9.87, 10.0 cadres), retreats (9.9) and advances
after combat (9.94-9.97). The owning player chooses how a flexible result is taken (9.85): the
`losses` entry of the sequence of play; what needs no choice is applied at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...kit import losses as kit_losses
from ...kit import numbers
from ..base import Problem
from . import chits, flood, retreats, rhine
from .common import other
from .shifts import river_hexside

if TYPE_CHECKING:
    from .game import OperationGrenade


class Choice:
    """9.85: `combat: HEX` with `losses: [UNIT per step]` and `retreat: [path]` (or HEX: path)."""

    @staticmethod
    def template(game: OperationGrenade, data: GameData, state: dict, side: str) -> dict:
        choice = state["awaiting_choice"]
        loss = state["combats"][0]["result"][choice["result"]]
        return {"notes": [game.awaiting(state).phase,
                          f"Result {state['combats'][0]['result']['text']} at {choice['hex']}: {loss['mandatory']} mandatory step(s), then "
                          f"{loss['flexible']} hex(es) of retreat and/or steps (9.85). List one unit per step in `losses:`, in the order "
                          "taken: first the units that took part (9.86). An untried unit draws its chit at its first loss, and the "
                          "chit gives it 3 or 2 steps (9.82): list it as if it had 3, then the unit that takes the step it may lack "
                          "(an entry for a unit already eliminated is passed over). "
                          "`retreat:` is the path of hexes (for attackers in several hexes, HEX: path); a path may end in the "
                          "hex off the map it leaves by (9.96: the stack is eliminated). A US retreat into a Rhine bridge's "
                          "western terminus may carry `ruse: true`, once a game (22.23)."],
                "orders": [{"combat": choice["hex"], "losses": [],
                            "retreat": fixed_path(state["combats"][0], choice["result"])}]}

    @staticmethod
    def check(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        choice = state["awaiting_choice"]
        if len(orders) != 1 or orders[0].get("combat") != choice["hex"]:
            return [Problem(None, f"answer with one order `combat: {choice['hex']}` giving `losses:` and/or `retreat:` (9.85)")]
        try:
            chosen, why = plan(game, data, state, orders[0])
        except UnknownDataError as e:                 # a retreat into a hex the data does not list
            chosen, why = None, str(e)
        if chosen is not None:
            game.keep_plan("losses", state, orders, chosen)   # the apply of this step uses it
        return [Problem(0, why)] if why else []

    @staticmethod
    def apply(game: OperationGrenade, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        apply_losses(game, data, state, orders[0], dice, events, game.checked_plan("losses", state, orders))
        if not state["awaiting_choice"]:             # else a Volkssturm placement (21.12) comes first
            from .combat import run_combats
            run_combats(game, data, state, dice, events)
        return events


def fixed_path(combat: dict, key: str) -> Any:
    """The path the attacker determined after a breakthrough (9.97), as the answer writes it; [] if none."""
    fixed = combat.get("breakthrough_path") if key == "D" else None
    if not fixed:
        return []
    return next(iter(fixed.values())) if len(fixed) == 1 else dict(fixed)


def next_choice(game: OperationGrenade, data: GameData, state: dict, combat: dict, dice: Dice, events: list) -> bool:
    """Apply what needs no choice; pause for the owning player where the rules give one (after a
    breakthrough, the attacker's path of retreat first, 9.97)."""
    from . import answers
    for key, side, units in (("A", combat["attacker_side"], combat["attackers"]), ("D", other(combat["attacker_side"]), combat["defenders"])):
        loss = combat["result"].get(key)
        if not loss or loss.get("done"):
            continue
        if key == "D" and (loss["mandatory"] or loss["flexible"]):         # 9.93: an adverse result
            retreats.eliminate_retreated(game, data, state, combat["hexes"], events)
        alive = [u for u in units if u in state["units"]]
        if not alive:
            loss["done"] = True
            continue
        hex_units = sorted({u for h in {state["units"][a]["hex"] for a in alive} for u in game.stacks(state)[h]})
        if loss["flexible"] == 0 and len(hex_units) == 1:
            lose_steps(game, data, state, [hex_units[0]] * loss["mandatory"], events, dice=None)
            loss["done"] = True
            continue
        if key == "D" and answers.ask_breakthrough_path(game, data, state, combat, events):
            return True
        state["awaiting_choice"] = {"kind": "losses", "side": side, "hex": combat["hex"], "result": key}
        if key == "D" and answers.settle_breakthrough_losses(game, data, state, combat, dice, events):
            return next_choice(game, data, state, combat, dice, events)
        events.append({"event": "awaiting", "side": side, "hex": combat["hex"], "what": "losses"})
        return True
    return False


def _shape(game: OperationGrenade, data: GameData, state: dict, order: dict, from_hexes: list, in_hexes: list) -> tuple[Any, str | None]:
    """The answer's form: units from the combat's hexes, and the retreat as {hex: path}."""
    losses, retreat = order.get("losses", []), order.get("retreat", {})
    if not isinstance(losses, list) or any(u not in in_hexes for u in losses):
        return None, f"`losses:` lists one unit per step lost, from {', '.join(in_hexes)}"
    if isinstance(retreat, list):
        retreat = {from_hexes[0]: retreat} if len(from_hexes) == 1 or not retreat else {"?": retreat}
    if not isinstance(retreat, dict) or set(retreat) - set(from_hexes) or any(not isinstance(p, list) for p in retreat.values()):
        return None, f"`retreat:` is a path of hexes (or, for attackers in several hexes, HEX: path for each of {', '.join(from_hexes)})"
    grid = game.grid(data)
    try:
        return {h: [grid.canonical(str(x)) for x in p] for h, p in retreat.items() if p}, None
    except ValueError as e:
        return None, f"`retreat:` {e}"


def plan(game: OperationGrenade, data: GameData, state: dict, order: dict) -> tuple[dict | None, str | None]:
    """Check a loss/retreat answer against 9.85-9.97: ({retreat: {hex: path}, losses: [...], hexes}, None),
    or (None, why)."""
    choice = state["awaiting_choice"]
    combat = state["combats"][0]
    key, side = choice["result"], choice["side"]
    loss = combat["result"][key]
    participants = [u for u in (combat["attackers"] if key == "A" else combat["defenders"]) if u in state["units"]]
    from_hexes = sorted({state["units"][u]["hex"] for u in participants})
    in_hexes = [u for h in from_hexes for u in game.stacks(state)[h]]
    retreat, why = _shape(game, data, state, order, from_hexes, in_hexes)
    why = why or rhine.ruse_problem(state, side, order)
    if not why and order.get("ruse") and not any(kind == "bridge" for p in retreat.values() for h in p
                                                 for kind, _ in rhine.triggers(game, data, state, side, h)):
        why = "a ruse is declared with the retreat that enters a Rhine bridge's western terminus (22.23)"
    if why:
        return None, why
    losses = order.get("losses", [])
    lengths = {len(p) for p in retreat.values()}
    hexes_retreated = lengths.pop() if lengths else 0
    if lengths or (retreat and set(retreat) != set(from_hexes)):
        return None, "if a player retreats, all his units in the combat retreat the same number of hexes (9.85)"
    if hexes_retreated > loss["flexible"]:
        return None, f"the result allows at most {loss['flexible']} hexes of retreat (9.85)"
    enemy_zoc = game.enemy_zoc(data, state, side)
    zoc_hexes = 0
    fixed = combat.get("breakthrough_path") if key == "D" else None
    if fixed is not None and retreat != fixed:
        return None, f"after the breakthrough the attacker determined the path of retreat: `retreat:` {fixed} (9.97)"
    for start, path in retreat.items():
        why, entered = retreat_problem(game, data, state, side, start, path, enemy_zoc)
        if fixed is None:                                       # 9.91: the owner's own retreat
            why = why or retreats.priority_problem(game, data, state, side, start, path, enemy_zoc)
        if why:
            return None, why
        zoc_hexes += entered
    in_lieu = loss["flexible"] - hexes_retreated
    available = steps_available(game, data, state, in_hexes)          # the most: untried units at a strong chit
    if available <= loss["mandatory"] and hexes_retreated:
        return None, f"the mandatory losses eliminate every unit here ({available} step(s)): nothing is left to retreat (9.85)"
    if (loss["breakthrough"] and in_lieu and key == "D" and available > loss["mandatory"]
            and can_retreat(game, data, state, side, from_hexes, enemy_zoc)):
        return None, "after a breakthrough the defender must retreat; steps in lieu of retreat only if surrounded (9.97)"
    needed = loss["mandatory"] + in_lieu + zoc_hexes
    why = count_problem(game, data, state, key, participants, in_hexes, losses, needed,
                        f"{loss['mandatory']} mandatory + {in_lieu} in lieu of retreat + {zoc_hexes} for enemy-controlled hexes entered (9.85, 9.92)")
    return (None, why) if why else ({"retreat": retreat, "losses": losses, "hexes": hexes_retreated, "needed": needed}, None)


def unit_steps(game: OperationGrenade, data: GameData, state: dict, unit_id: str) -> tuple[int, ...]:
    """9.82: the steps a unit may still lose, as every value they may have: one for artillery,
    battalions and cadres; a unit with a chit its steps, less one if reduced; an untried unit
    (no chit yet: it sat out its hex's combats, 7.21/8.36) either a weak chit's steps or a strong
    chit's, for the chit drawn at its first loss decides (9.86, 9.82)."""
    unit = state["units"][unit_id]
    if unit["form"] == "cadre":
        return (numbers.integer(data, "units.steps.cadre", "the steps of a cadre (9.82)"),)
    if not game.uses_chit(data, state, unit_id):
        kind = "artillery" if game.is_artillery(data, unit_id) else "battalion_size"
        return (numbers.integer(data, f"units.steps.{kind}", f"the steps of a {kind.replace('_', '-')} unit (9.82)"),)
    if unit["form"] == "untried":
        weak = numbers.integer(data, "units.steps.chit_front_strength_2_or_less", "the steps of a unit with a weak chit (9.82)")
        return tuple(sorted({weak, chits.three_steps(data)}))
    return (int(unit["steps"]) - (1 if unit["form"] == "reduced" else 0),)


def steps_available(game: OperationGrenade, data: GameData, state: dict, units: list) -> int:
    """The most steps `units` may lose (an untried unit counted at a strong chit's steps: a loss
    listed beyond what its chit gives passes to the next unit listed, see `take_losses`)."""
    return sum(max(unit_steps(game, data, state, u)) for u in units)


def step_outcomes(game: OperationGrenade, data: GameData, state: dict, units: list) -> list[dict]:
    """Every way the chits still to be drawn may leave the steps of `units` (one dict unit -> steps
    each); a single one when no unit is untried."""
    outcomes: list[dict] = [{}]
    for unit_id in units:
        outcomes = [{**o, unit_id: steps} for o in outcomes for steps in unit_steps(game, data, state, unit_id)]
    return outcomes


def take_losses(steps: dict, losses: list, required: int) -> tuple[list, int]:
    """The losses actually taken, in the order listed, until `required` steps are lost: an entry for
    a unit already eliminated is passed over (an untried unit whose chit gave two steps, 9.82).
    Returns (the units losing each step, how many entries were read)."""
    left, read = dict(steps), 0
    taken: list[str] = []
    for unit_id in losses:
        if len(taken) == required:
            break
        read += 1
        if left.get(unit_id, 0) > 0:
            left[unit_id] -= 1
            taken.append(unit_id)
    return taken, read


def allocation_problem(game: OperationGrenade, data: GameData, state: dict, key: str, participants: list, losses: list,
                       steps: dict | None = None) -> str | None:
    """9.86 participants first; 9.87 the attacker's participating tanks first (`steps`: one outcome
    of step_outcomes; by default the most each unit may have)."""
    remaining = dict(steps) if steps is not None else {u: steps_available(game, data, state, [u]) for u in set(losses) | set(participants)}
    tanks = [u for u in participants if key == "A" and game.counter(data, u)["type"] == "tank"]
    for unit_id in losses:
        if remaining.get(unit_id, 0) <= 0:
            return f"{unit_id} has no step left to lose"
        if unit_id not in participants and any(remaining.get(p, 0) > 0 for p in participants):
            return f"{unit_id} did not take part: losses come first from the units that did (9.86)"
        if tanks and unit_id not in tanks and any(remaining.get(t, 0) > 0 for t in tanks):
            return f"losses from one's own attack come first from participating tanks: {', '.join(tanks)} (9.87)"
        remaining[unit_id] -= 1
    return None


def count_problem(game: OperationGrenade, data: GameData, state: dict, key: str, participants: list, in_hexes: list,
                  losses: list, needed: int, why: str) -> str | None:
    """The listed losses against every outcome of the chits still to be drawn (9.82, 9.86): in each,
    taking them in order (passing over units already eliminated) meets the result, min(needed,
    the steps there are), in the order 9.86/9.87 require, and no entry is never read."""
    outcomes = step_outcomes(game, data, state, in_hexes)
    if len(outcomes) == 1:
        required = min(needed, sum(outcomes[0].values()))
        if len(losses) != required:
            return f"{required} step(s) must be lost: {why}; `losses:` lists {len(losses)}"
        return allocation_problem(game, data, state, key, participants, losses, outcomes[0])
    most_read = 0
    for steps in outcomes:
        required = min(needed, sum(steps.values()))
        taken, read = take_losses(steps, losses, required)
        untried = [u for u in in_hexes if len(unit_steps(game, data, state, u)) > 1]
        if len(taken) < required:
            return (f"{required} step(s) must be lost if the chit of {', '.join(untried)} gives "
                    f"{', '.join(str(steps[u]) for u in untried)} step(s) (9.82, drawn at its first loss, 9.86): {why}; "
                    f"`losses:` lists {len(losses)}; list an untried unit's steps as if its chit gives "
                    f"{max(max(unit_steps(game, data, state, u)) for u in untried)}, then who loses a step it cannot")
        problem = allocation_problem(game, data, state, key, participants, taken, steps)
        if problem:
            return problem
        most_read = max(most_read, read)
    if most_read < len(losses):
        return f"`losses:` lists {len(losses)} step(s), more than any chit of an untried unit could need ({most_read}) (9.82, 9.85)"
    return None


def retreat_problem(game: OperationGrenade, data: GameData, state: dict, side: str, start: str, path: list,
                    enemy_zoc: set) -> tuple[str | None, int]:
    """9.91-9.96 (pbem.kit.losses.retreat_path): the first problem, and the enemy-controlled hexes entered
    (9.92). A path may end off the map (9.96: the stack is eliminated there, `retreat`)."""
    mech = any(game.is_mech(data, u) for u in game.stacks(state)[start])
    leaves = bool(path) and flood.off_map(game, data, path[-1])

    def can_enter(here: str, hex_id: str) -> str | None:
        if flood.off_map(game, data, hex_id):
            return f"{hex_id} is off the map: a retreat that leaves the map ends there (9.96)"
        game.require_on_map(data, hex_id, f"whether hex {hex_id} is on the map and its terrain")
        if game.side_in(state, hex_id) == other(side):
            return f"{hex_id} holds enemy units"
        features = flood.features(game, data, state, here, hex_id)
        if mech and "road" not in features and river_hexside(game, data, state, here, hex_id):
            return "mechanized units never retreat across a river without a road (9.96)"
        if mech and flood.ground(game, data, state, hex_id) == "swamp" and "road" not in features:
            return "mechanized units never retreat into swamp except through a road hexside (27.1)"
        return None

    on_map = path[:-1] if leaves else path
    why, entered = kit_losses.retreat_path(game.grid(data), start, on_map, can_enter, enemy_zoc, twice_rule="9.91")
    last = on_map[-1] if on_map else start
    if not why and leaves and not game.grid(data).adjacent(last, path[-1]):
        why = f"{path[-1]} is not adjacent to {last}"
    return (f"retreat: {why}", entered) if why else (None, entered)


def can_retreat(game: OperationGrenade, data: GameData, state: dict, side: str, from_hexes: list, enemy_zoc: set) -> bool:
    grid = game.grid(data)
    return any(game.side_in(state, n) != other(side) and n not in enemy_zoc and game.on_map(data, n)
               for h in from_hexes for n in grid.neighbours(h))


def apply_losses(game: OperationGrenade, data: GameData, state: dict, order: dict, dice: Dice, events: list,
                 checked: dict | None = None) -> None:
    """`checked`: the plan the check of this step worked out for this answer (else planned here)."""
    chosen, why = (checked, None) if checked is not None else plan(game, data, state, order)
    if chosen is None:
        raise PbemError(f"internal: a loss choice checked legal is refused on applying: {why}")
    choice = state["awaiting_choice"]
    state["awaiting_choice"] = None
    combat = state["combats"][0]
    events.append({"event": "loss_choice", "side": choice["side"], "hex": combat["hex"], "losses": chosen["losses"],
                   "retreat": chosen["retreat"], "rule": "9.85"})
    lost = lose_steps(game, data, state, chosen["losses"], events, dice, limit=chosen["needed"])
    ruse = order.get("ruse") is True                   # 22.23, declared with the US retreat
    for start, path in chosen["retreat"].items():
        if choice["result"] == "D" and combat["result"]["D"]["breakthrough"]:   # 9.97: "All units retreating due to
            state["no_zoc"].extend(u for u in game.stacks(state).get(start, []) if u not in state["no_zoc"])   # this combat"
        if game.stacks(state).get(start):               # none left if the mandatory losses took every step
            retreat(game, data, state, choice["side"], start, path, dice, events, ruse=ruse and not state["ruse_used"])
    combat["result"][choice["result"]]["done"] = True
    prefix = "" if choice["result"] == "D" else "a_"    # the attacker's advance, or a victorious defender's (9.94)
    combat[f"{prefix}retreat_paths"] = chosen["retreat"]
    loss = combat["result"][choice["result"]]
    in_lieu = max(0, lost - loss["mandatory"])
    survivors = any(u in state["units"] for u in (combat["defenders"] if choice["result"] == "D" else combat["attackers"]))
    # 9.94: as far as the loser retreated; if it was eliminated, what was left of its retreat
    combat[f"{prefix}advance_hexes"] = chosen["hexes"] if survivors else max(0, loss["flexible"] - chosen["hexes"] - in_lieu) + chosen["hexes"]


def retreat(game: OperationGrenade, data: GameData, state: dict, side: str, start: str, path: list, dice: Dice, events: list,
            ruse: bool = False) -> None:
    """9.91: the stack moves along its path; a US stack sets off the rolls of the hexes it enters
    (21.11, 22.21), in order; at a western terminus the German is asked first (22.21) and the
    rolls of the hexes after it wait for his answer."""
    from .movement import entered_hexes, note_passage
    movers = list(game.stacks(state).get(start, []))
    leaves = flood.off_map(game, data, path[-1])
    on_map = path[:-1] if leaves else path
    for unit_id in movers:
        state["units"][unit_id]["hex"] = on_map[-1] if on_map else start
        for hex_id in on_map:
            note_passage(game, data, state, hex_id, side)
    events.append({"event": "retreat", "from": start, "path": path, "rule": "9.91"})
    retreats.note_retreat(game, state, movers, start, on_map)
    if leaves:                                          # 9.96: forced off the map, eliminated
        for unit_id in movers:
            remove_unit(game, data, state, unit_id, events, rule="9.96")
        path, movers = on_map, []
    if side == "allied" and movers:
        for a, b in zip([start] + path, path):
            for unit_id in movers:
                rhine.note_crossing(game, data, state, unit_id, a, b)          # 28.21 "as a result of combat"
        entered_hexes(game, data, state, [(movers[0], b) for b in path], dice, events, "retreat", ruse)


def lose_steps(game: OperationGrenade, data: GameData, state: dict, losses: list, events: list, dice: Dice | None,
               limit: int | None = None) -> int:
    """9.82 / 10.0: chit front -> back -> cadre (chit back to its pool, 8.52) -> eliminated; an
    untried unit first draws its chit (9.86), which decides its steps (9.82). In the order listed,
    passing over a unit already eliminated, until `limit` steps are lost. Returns the steps lost."""
    lost = 0
    for unit_id in losses:
        unit = state["units"].get(unit_id)
        if unit is None:
            continue
        if limit is not None and lost == limit:
            break
        lost += 1
        if unit["form"] == "untried" and game.uses_chit(data, state, unit_id):
            if dice is None:
                raise PbemError(f"internal: {unit_id} loses a step before it has a chit")
            chits.draw_chit(game, data, state, unit_id, dice, events, rule="9.86")
        if unit["form"] == "front" and unit["steps"] == chits.three_steps(data):
            unit["form"] = "reduced"
            events.append({"event": "reduced", "unit": unit_id, "rule": "9.82"})
        elif unit["form"] in ("front", "reduced"):
            chits.return_chit(game, data, state, unit_id, events)
            unit["form"] = "cadre"
            events.append({"event": "cadre", "unit": unit_id, "rule": "10.0"})
        else:
            remove_unit(game, data, state, unit_id, events, rule="9.82")
    return lost


def remove_unit(game: OperationGrenade, data: GameData, state: dict, unit_id: str, events: list, rule: str) -> None:
    """Eliminated: off the map, its chit back to its pool (8.52)."""
    unit = state["units"][unit_id]
    if chits.has_chit(state, unit_id):
        chits.return_chit(game, data, state, unit_id, events)
    del state["units"][unit_id]
    events.append({"event": "eliminated", "unit": unit_id, "hex": unit["hex"], "rule": rule})


# -- advance after combat (9.94-9.97) ---------------------------------------------------------------
def advance_after_combat(game: OperationGrenade, data: GameData, state: dict, combat: dict, dice: Dice, events: list) -> bool:
    """9.94-9.95: the advances of a combat, one group of units along one path each (the declared
    `advance:` units together along the path of retreat, or each unit along the path its owner
    answered, answers.Advance), hex by hex, stopping on entering an enemy ZOC after the first hex. A
    US advance into a western terminus stops there while the German answers whether to attempt the
    bridge (22.21); what is left waits in combat["advance_groups"] and goes on when the resolution
    resumes. Returns whether it waits so (the combat is not over)."""
    from .movement import entered_hex
    groups = advance_groups(game, data, state, combat)
    while groups:
        group = groups[0]
        movers = [u for u in group["units"] if u in state["units"]]
        if not movers:
            groups.pop(0)
            continue
        side = str(state["units"][movers[0]]["side"])
        starts = {u: state["units"][u]["hex"] for u in movers}
        route, more = advance_route(game, data, state, side, movers, group["path"], group["next"], group["allowed"], dice, events)
        if route:
            record_advance(game, data, state, side, movers, starts, route, events)
        if more is not None:                    # 22.21: stopped at a western terminus for the German's answer
            ruse = combat.get("ruse", False) and not state["ruse_used"]          # 22.23, declared with the attack
            entered_hex(game, data, state, movers[0], route[-1], dice, events, ruse=ruse, by="advance")
            if more:
                group["next"] += len(route)
            else:
                groups.pop(0)
            return True
        groups.pop(0)
        if route and side == "allied":
            entered_hex(game, data, state, movers[0], route[-1], dice, events)
        if state["awaiting_choice"]:
            return True                         # a Volkssturm placement (21.12) first
    return False


def advance_groups(game: OperationGrenade, data: GameData, state: dict, combat: dict) -> list:
    """The combat's advances still to make, the declared `advance:` units' first (advance_plan)."""
    if "advancing" in combat:                   # a save from before advance groups: the one group it had
        combat["advance_groups"] = [combat.pop("advancing")]
    if "advance_groups" not in combat:
        planned = advance_plan(game, data, state, combat)
        combat["advance_groups"] = [] if planned is None else [{"units": planned[0], "path": planned[1], "allowed": planned[2], "next": 0}]
    groups: list = combat["advance_groups"]
    return groups


def advance_plan(game: OperationGrenade, data: GameData, state: dict, combat: dict) -> tuple[list, list, int] | None:
    """Who advances (9.94: declared with the attack, still next to the vacated hex), along which path
    (the loser's retreat, or the declared free path if it was eliminated) and how far (9.94, 9.97)."""
    result = combat["result"]
    vacated = [h for h in combat["hexes"] if not game.stacks(state).get(h)]
    if not isinstance(combat["advance"], list):
        return None                              # `advance: ask`: the attacker answers unit by unit (answers.Advance)
    if not combat["advance"] or "D" not in result or not vacated:
        return None
    grid = game.grid(data)       # a unit that retreated (an A result) is no longer there to advance
    movers = [u for u in combat["advance"] if u in state["units"] and grid.adjacent(state["units"][u]["hex"], vacated[0])]
    if not movers:
        return None
    loss = result["D"]
    if "advance_hexes" not in combat:            # no choice was asked: eliminated by mandatory losses
        combat["advance_hexes"] = loss["flexible"]
    allowed = combat["advance_hexes"] + (1 if loss["breakthrough"] else 0)            # 9.94, 9.97
    if allowed < 1:
        return None
    path = [vacated[0]] + combat.get("retreat_paths", {}).get(vacated[0], [])
    if len(path) == 1 and (combat.get("advance_path") or [None])[0] == vacated[0]:
        path = combat["advance_path"]           # 9.94: the loser was eliminated; the victor advances freely
    return movers, path, allowed


def record_advance(game: OperationGrenade, data: GameData, state: dict, side: str, movers: list, starts: dict,
                   route: list, events: list) -> None:
    from .movement import note_passage
    for unit_id in movers:
        state["units"][unit_id]["hex"] = route[-1]
        for a, b in zip([starts[unit_id]] + route, route):
            rhine.note_crossing(game, data, state, unit_id, a, b)
    for hex_id in route:
        note_passage(game, data, state, hex_id, side)
    events.append({"event": "advance", "units": movers, "path": route, "rule": "9.94"})


def advance_route(game: OperationGrenade, data: GameData, state: dict, side: str, movers: list, path: list,
                  first: int, allowed: int, dice: Dice, events: list) -> tuple[list, bool | None]:
    """How far along `path` (from its entry `first`) the advance goes: not into the enemy (9.95), not
    where mechanized units may not (9.96, 27.1) nor across the Rhine (22.11), stopping in an enemy ZOC
    after the first hex (9.95). A US advance stops at a western terminus (22.21): then the second
    value says whether any of the advance is left after the German's answer (None: not stopped so)."""
    from .movement import entered_hex
    zoc = game.enemy_zoc(data, state, side)
    mech = any(game.is_mech(data, u) for u in movers)
    route, here = [], state["units"][movers[0]]["hex"]
    for index in range(first, min(allowed, len(path))):
        hex_id = path[index]
        if advance_step_problem(game, data, state, side, mech, here, hex_id):
            break
        route.append(hex_id)
        stops = index > 0 and hex_id in zoc
        found = rhine.triggers(game, data, state, side, hex_id) if side == "allied" else []
        if any(kind == "bridge" for kind, _ in found):                      # 22.21: the German is asked first
            return route, not stops and index + 1 < min(allowed, len(path))
        if found and index < allowed - 1:
            for unit_id in movers:                  # 21.11: the roll comes as the hex is entered
                state["units"][unit_id]["hex"] = hex_id
            entered_hex(game, data, state, movers[0], hex_id, dice, events)
        here = hex_id
        if stops:
            break
    return route, None


def advance_step_problem(game: OperationGrenade, data: GameData, state: dict, side: str, mech: bool, here: str,
                         hex_id: str) -> str | None:
    """Why an advance may not go from `here` into hex_id: not into the enemy (9.95), not off the map,
    not where mechanized units may not (9.96, 27.1), not across the Rhine (22.11, 22.25)."""
    from .combat import across_rhine
    if not game.grid(data).adjacent(here, hex_id):
        return f"{hex_id} is not adjacent to {here}"
    if not game.on_map(data, hex_id):
        return f"{hex_id} is not on the map (or not listed: `map.hexes.{hex_id}`)"
    if game.side_in(state, hex_id) == other(side):
        return f"{hex_id} holds enemy units (9.95)"
    features = flood.features(game, data, state, here, hex_id)
    if mech and "road" not in features and river_hexside(game, data, state, here, hex_id):
        return f"mechanized units never advance across a river without a road: {here}-{hex_id} (9.96)"
    if mech and "road" not in features and "swamp" in (flood.ground(game, data, state, here), flood.ground(game, data, state, hex_id)):
        return f"mechanized units enter or leave swamp only through a road hexside: {here}-{hex_id} (27.1)"
    if side == "allied" and across_rhine(game, data, here, hex_id, state):
        return f"US units cross the Rhine only over an unblown bridge: {here}-{hex_id} (22.11, 22.25)"
    return None
