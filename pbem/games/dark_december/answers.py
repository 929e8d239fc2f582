"""The owner's signed answers inside a battle: retreat or loss and its allocation with the retreat
path (13.5.1 B/C, 13.5.4, 13.6), the defender's counterattack hexes (13.5.5), the fire-fight loss
(13.5.6), and a victorious defender's advance (13.7.5); the attacker's declared advance (13.7)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...hexgrid import hexside_key
from ...kit import numbers
from ..base import Problem
from . import commanders
from .combat import defense_level, options, roll_battle
from .common import board, enemy_zoc, factor, faces, heavy_snow, in_class, mapdata, other, unbridged_river


# -- the resolution queue ----------------------------------------------------------------------
def resolve(game: Any, data: GameData, state: dict, dice: Any, events: list) -> None:
    """Battles in the declared order (13.0 D), each result applied before the next (7.1.5.1 F); a
    choice pauses for its owner's answer (state["pending"], the phase `answer`)."""
    while state["battles"] and not state["pending"]:
        battle = state["battles"][0]
        if not battle.get("rolled"):
            battle["rolled"] = True
            roll_battle(game, data, state, battle, dice, events)
            continue
        if battle["todo"]:
            step = battle["todo"].pop(0)
            automatic(game, data, state, battle, step, dice, events)
            continue
        if commanders.due(state, battle):                             # 13.2.2 A: at once, before any other battle
            commanders.start(data, state, battle, events)
            continue
        attacker_advance(data, state, battle, events)
        if not state["pending"]:
            state["battles"].pop(0)
    if state["pending"]:
        state["phase"] = "answer"
    elif state["phase"] in ("resolve", "answer"):
        state["phase"] = "construction"            # 7.1.6/7.1.7: exploitation, construction and demolition


def automatic(game: Any, data: GameData, state: dict, battle: dict, step: dict, dice: Any, events: list) -> None:
    """Apply a queued part of a result, or pause for its owner when it leaves a choice."""
    if step["kind"] == "loss":
        units = [u for u in board(state).units_in(step["hex"]) if u in battle["defenders"] + battle["attackers"]]
        if not units:
            return
        enemies = battle["attackers"] if step["side"] != battle["attacker"] else battle["defenders"]
        level = defense_level(data, state, battle, step["hex"], enemies)
        choices = options(step["level"], level)
        if not choices and not step["must"]:
            events.append({"event": "no_effect", "hex": step["hex"], "assault": step["level"], "defense": level})
            return
        state["pending"] = {**step, "options": choices, "units": units, "defense": level, "battle": battle["number"]}
    elif step["kind"] == "CA":
        state["pending"] = {**step, "hexes": sorted({state["units"][u]["hex"] for u in battle["attackers"] if u in state["units"]}),
                            "battle": battle["number"]}
    elif step["kind"] == "FF":
        state["pending"] = {**step, "units": [u for u in battle["defenders"] if u in state["units"]], "battle": battle["number"]}


def lose_step(data: GameData, state: dict, unit_id: str, events: list, why: str) -> int:
    """5.1 D: a full unit turns to its reduced side; a reduced or one-step unit is eliminated. The
    defense strength it loses is returned (13.5.6 A)."""
    before = factor(data, state, unit_id, "defense")
    unit = state["units"][unit_id]
    unit["steps"] -= 1
    if unit["steps"] <= 0:
        del state["units"][unit_id]
        state["eliminated"].append(unit_id)
        events.append({"event": "eliminated", "unit": unit_id, "why": why})
        return before
    events.append({"event": "step", "unit": unit_id, "why": why})
    return before - factor(data, state, unit_id, "defense")


# -- the loss/retreat answer (13.5.1, 13.5.4, 13.6) ---------------------------------------------
def retreat_problem(data: GameData, state: dict, side: str, units: list, start: str, path: list, hexes_due: int) -> str | None:
    """13.6: a path as long as the retreat (13.6 A), never into enemy units or off the map (13.6.1 B),
    to a hex not in an enemy ZOC where one is free (13.6 B; 13.6.4 friendly units negate it), armor and
    armored cavalry never over an unbridged river (13.6.2 D), infantry no further after crossing one (13.6.2 B)."""
    grid, hexes = mapdata(data).grid, mapdata(data)
    zoc = enemy_zoc(data, state, side)
    bd = board(state)
    here, seen = start, {start}
    for i, hex_id in enumerate(path):
        if not grid.adjacent(here, hex_id) or hex_id in seen:
            return f"{hex_id} does not continue the retreat from {here} (13.6 A)"
        if not hexes.listed(hex_id) or bd.enemies_in(hex_id, side):
            return f"units may not retreat into enemy units or off the map; they lose steps instead ({hex_id}, 13.6.1 B)"
        why = _priority_problem(data, state, side, units, here, hex_id, seen, zoc)
        if why:
            return why
        if river_unbridged(data, state, here, hex_id):
            armour = [u for u in units if in_class(data, u, "armored") or str(_type(data, u)) == "armored_cavalry"]
            if armour:
                return f"{', '.join(armour)} may not retreat across an unbridged river; take step losses instead (13.6.2 D)"
            if i < len(path) - 1:
                return "a unit retreating across an unbridged river goes no further than the hex beyond it (13.6.2 B)"
            return None
        seen.add(hex_id)
        here = hex_id
    if len(path) != hexes_due:
        return f"the retreat is {hexes_due} hex(es) (13.6 A), not {len(path)}"
    return None


def _priority_problem(data: GameData, state: dict, side: str, units: list, here: str, hex_id: str, seen: set, zoc: set) -> str | None:
    """13.6 B, hex by hex: first a hex not in an enemy ZOC (13.6.4: one a friendly unit holds counts as
    free), then not over an unbridged or non-ford river hexside, then for motorized units the hex with the
    lowest MP cost; last (behaviour 3, the map's edges as group data) "generally to the east" for Germany,
    "north, south, or west" for the Allies (`edges.compass_tier`)."""
    from .movement import entry_cost
    grid, hexes, bd = mapdata(data).grid, mapdata(data), board(state)
    armour = any(_armour(data, u) for u in units)
    motorized = any(in_class(data, u, "motorized") for u in units)

    def tier(n: str) -> tuple:
        cost = entry_cost(data, state, side, here, n)[0] if motorized else 0
        return (n in zoc and not bd.friends_in(n, side), river_unbridged(data, state, here, n), cost)
    legal = [n for n in grid.neighbours(here) if n not in seen and hexes.listed(n) and not bd.enemies_in(n, side)
             and not (armour and river_unbridged(data, state, here, n))]
    if hex_id not in legal:
        return None                                               # refused by the rules below (13.6.2 D)
    best = min(tier(n) for n in legal)
    mine = tier(hex_id)
    if mine <= best:
        return _compass_problem(data, side, here, hex_id, [n for n in legal if tier(n) == best]) if "strategic" in state else None
    open_ = ", ".join(sorted(n for n in legal if tier(n) == best))
    if mine[0] > best[0]:
        return f"the retreat must go to a hex not in an enemy ZOC where one is open ({open_}; 13.6 B)"
    if mine[1] > best[1]:
        return f"the retreat may not cross an unbridged river where another hex is open ({open_}; 13.6 B)"
    return f"motorized units retreat to the hex with the lowest MP cost ({open_}; 13.6 B)"


def _compass_problem(data: GameData, side: str, here: str, hex_id: str, ties: list[str]) -> str | None:
    """13.6 B's last priority, among the hexes the others leave equal (read only where there is a choice)."""
    if len(ties) < 2:
        return None
    from .edges import compass_tier
    ranks = {n: compass_tier(data, side, here, n) for n in ties}
    if ranks[hex_id] <= min(ranks.values()):
        return None
    open_ = ", ".join(sorted(n for n in ties if ranks[n] == min(ranks.values())))
    way = "generally to the east for German units" if side == "german" else "to the north, south, or west for Allied units"
    return f"the retreat goes {way} where such a hex is open ({open_}; 13.6 B)"


def _type(data: GameData, unit_id: str) -> Any:
    from .common import unit_type
    return unit_type(data, unit_id)


def river_unbridged(data: GameData, state: dict, a: str, b: str) -> bool:
    return unbridged_river(data, state, a, b, ford_counts=True)


def check_answer(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    due = state["pending"]
    if due["kind"] == "displace":
        from .displacement import check_answer as check_displaced
        return check_displaced(data, state, orders)
    if due["kind"] == "air":
        from .air import check_pick
        return check_pick(game, data, state, side, orders)
    if due["kind"] == "advance":
        return [Problem(i, p) for i, order in enumerate(orders)
                for p in _advance_problems(data, state, side, due, order, game.plays(data, 6))]
    if len(orders) != 1:
        return [Problem(None, f"answer with exactly one order for the {due['kind']} at battle {due['battle']}")]
    order = orders[0]
    if due["kind"] == "loss":
        return [Problem(0, p) for p in _loss_problems(data, state, side, due, order)]
    if due["kind"] == "CA":
        chosen = order.get("counterattack")
        if not isinstance(chosen, list) or not chosen or any(h not in due["hexes"] for h in chosen):
            return [Problem(0, f"`counterattack:` lists at least one hex of the original attackers: {', '.join(due['hexes'])} (13.5.5 B, G)")]
        return []
    if due["kind"] == "FF":
        return [] if order.get("lose") in due["units"] else [Problem(0, f"`lose:` names the defending unit that takes the fire-fight step: {', '.join(due['units'])} (13.5.6 A)")]
    return [Problem(0, p) for p in _advance_problems(data, state, side, due, order, game.plays(data, 6))]


def _loss_problems(data: GameData, state: dict, side: str, due: dict, order: dict) -> list[str]:
    choice = order.get("choose", "none" if not due["options"] else None)
    if due["options"] and choice not in due["options"]:
        return [f"`choose:` one of {', '.join(due['options'])} at {due['hex']} (assault {due['level']} vs. defense {due['defense']}, 13.5.1 B)"]
    steps = due["must"] + {"loss1": 1, "loss2": 2, "retreat1_loss1": 1}.get(str(choice), 0)
    losses = order.get("losses") or []
    if not isinstance(losses, list) or any(u not in due["units"] for u in losses):
        return [f"`losses:` names units of {due['hex']} in this battle: {', '.join(due['units'])} (13.5.1 C)"]
    have = {u: state["units"][u]["steps"] for u in due["units"]}
    for u in losses:
        have[u] -= 1
    if any(v < 0 for v in have.values()):
        return ["a unit cannot lose more steps than it has (5.1 D)"]
    if len(losses) != min(steps, sum(state["units"][u]["steps"] for u in due["units"])):
        return [f"{steps} step(s) are due at {due['hex']} (13.5.1, 13.5.4); `losses:` lists {len(losses)}"]
    armour_first = _armour_losses(data, state, due)
    if armour_first and any(u not in armour_first for u in losses[:sum(state["units"][a]["steps"] for a in armour_first)]):
        return [f"an attacker using armor superiority against this terrain takes its losses from its armored units first: "
                f"{', '.join(armour_first)} (13.9.2 A)"]
    why = commanders.defence_problem(data, state, side, due, order, state["battles"][0])      # 13.5.1 E, 15.2 A
    if why:
        return [why]
    survivors = [u for u, v in have.items() if v > 0]
    hexes_due = {"retreat1": 1, "retreat2": 2, "retreat1_loss1": 1}.get(str(choice), 0)
    if hexes_due and survivors:
        path = [mapdata(data).grid.canonical(str(h)) for h in order.get("path") or []]
        why = retreat_problem(data, state, side, survivors, due["hex"], path, hexes_due)
        if why:
            return [why]
    return []


ARMOUR_LOSS_TERRAIN = ("woods", "dense_forest", "westwall")


def _armour_losses(data: GameData, state: dict, due: dict) -> list[str]:
    """13.9.2 A: the armored units that must take an attacker's losses when it used armor superiority
    against woods, dense forest, Westwall, fortification or town hexes (not the defender, 13.9.2 B)."""
    battle = state["battles"][0]
    if not (due["attackers_result"] and battle["first"] and battle["armor_superiority"]):
        return []
    hexes = mapdata(data)
    covered = any(hexes.terrain(h) in ARMOUR_LOSS_TERRAIN or hexes.info(h).get("town") or h in state["forts"] for h in battle["hexes"])
    return [u for u in due["units"] if covered and in_class(data, u, "armored")]


def apply_answer(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    due, order = state["pending"], (orders or [{}])[0]
    state["pending"] = None
    events: list[dict] = [{"event": "answer", "side": side, "kind": due["kind"], "orders": orders, "battle": due["battle"]}]
    if due["kind"] == "displace":                                   # 15.5 D: then the mover's step goes on
        from .displacement import apply_answer as place_displaced
        place_displaced(game, data, state, due, orders, dice, events)
        return events
    if due["kind"] == "air":                                        # 20.4.1 B: then the Movement Phase goes on
        lose_step(data, state, order["lose"], events, "air attack (20.4.1)")
        state["phase"] = state.pop("after_air")
        return events
    battle = state["battles"][0]
    if due["kind"] == "loss":
        commanders.use_defence(state, battle, order)
        _apply_loss(data, state, battle, due, order, dice, events)
    elif due["kind"] == "CA":
        _counterattack(data, state, battle, order["counterattack"])
    elif due["kind"] == "FF":
        lost = lose_step(data, state, order["lose"], events, "fire fight (13.5.6 A)")
        for unit_id in battle["firefight"]:
            while lost > 0 and unit_id in state["units"]:
                lost -= lose_step(data, state, unit_id, events, "fire fight (13.5.6 A)")
    else:
        for item in orders:
            state["units"][item["advance"]]["hex"] = mapdata(data).grid.canonical(str(item["path"][-1]))
            events.append({"event": "advance", "unit": item["advance"], "path": item["path"], "defender": True})
    game.resolve(data, state, dice, events)
    return events


def _apply_loss(data: GameData, state: dict, battle: dict, due: dict, order: dict, dice: Any, events: list) -> None:
    for unit_id in order.get("losses") or []:
        lose_step(data, state, unit_id, events, f"battle {battle['number']} at {due['hex']} (13.5.1)")
    path = [mapdata(data).grid.canonical(str(h)) for h in order.get("path") or []]
    movers = [u for u in due["units"] if u in state["units"]]
    if path and movers:
        here, zoc = due["hex"], enemy_zoc(data, state, due["side"])
        limit = numbers.integer(data, "game.stacking.limit", "the stacking limit (11.0)")
        chosen = list(order.get("retreat_losses") or [])
        for hex_id in path:
            friends = [u for u in board(state).friends_in(hex_id, due["side"]) if not in_class(data, u, "leader")]
            if hex_id in zoc and not friends:                                   # 13.6.1 A, 13.6.4
                _retreat_step(data, state, movers, chosen, events, f"retreat into an enemy ZOC at {hex_id} (13.6.1 A)")
            if len(friends) + len([u for u in movers if u in state["units"]]) > limit:
                _retreat_step(data, state, movers, chosen, events, f"retreat over the stacking limit at {hex_id} (13.6.3)")
            if river_unbridged(data, state, here, hex_id):
                for unit_id in [u for u in movers if u in state["units"]]:
                    _river_roll(data, state, unit_id, here, hex_id, dice, events)
            here = hex_id
        into_friends = bool(board(state).friends_in(path[-1], due["side"]))
        for unit_id in movers:
            if unit_id in state["units"]:
                state["units"][unit_id]["hex"] = path[-1]
                if into_friends:
                    state["retreated"] = sorted(set(state["retreated"]) | {unit_id})      # 13.6.5
        events.append({"event": "retreat", "units": movers, "path": path})
        if due["hex"] in state["forts"]:
            state["forts"].remove(due["hex"])                      # 17.2 B: vacated by combat
    if not [u for u in board(state).units_in(due["hex"]) if state["units"][u]["side"] == due["side"]]:
        battle["vacated"][due["hex"]] = len(path) if movers and path else "eliminated"


def _retreat_step(data: GameData, state: dict, movers: list, chosen: list, events: list, why: str) -> None:
    """13.6.1 A, 13.6.3: one unit of the retreating stack (not each) loses a step, the owner's choice each
    time: the next unit of the answer's `retreat_losses:`, else the first retreating unit left."""
    alive = [u for u in movers if u in state["units"]]
    while chosen and chosen[0] not in alive:
        chosen.pop(0)
    if alive:
        lose_step(data, state, chosen.pop(0) if chosen else alive[0], events, why)


def _river_roll(data: GameData, state: dict, unit_id: str, a: str, b: str, dice: Any, events: list) -> None:
    """13.6.2 C: a die per unit retreating over an unbridged, non-ford river hexside."""
    key = "armored_infantry_loss_on" if str(_type(data, unit_id)) == "armored_infantry" \
        else "infantry_parachute_glider_engineer_commander_loss_on"
    losing = faces(numbers.text(data, f"crt.combat.retreat.river_die_roll.{key}", "the river retreat roll (13.6.2 C)"))
    face = dice.roll(f"river/{state['turn']}/{unit_id}/{hexside_key(a, b)}", 6, about=f"{unit_id} retreats across the river {a}-{b} (13.6.2 C)")
    events.append({"event": "river_roll", "unit": unit_id, "face": face, "loss": face in losing})
    if face in losing:
        lose_step(data, state, unit_id, events, "retreat across a river (13.6.2 C)")


def _counterattack(data: GameData, state: dict, battle: dict, hexes: list) -> None:
    """13.5.5: every defending unit counterattacks (A) the chosen hexes (B, G), with every unit in them (H);
    the counterattackers' hexes lose a defense level too (D), the attackers' stay reduced (E); no DRM (C, K)."""
    new_defenders = [u for h in sorted(hexes) for u in board(state).units_in(h)]
    attackers = [u for u in battle["defenders"] if u in state["units"]]
    battle.update({"attacker": other(battle["attacker"]), "attackers": attackers, "defenders": new_defenders,
                   "hexes": sorted(hexes), "first": False, "rolled": False, "round": battle.get("round", 0) + 1,
                   "minus_one": sorted(set(battle["minus_one"]) | {state["units"][u]["hex"] for u in attackers}),
                   "firefight": attackers, "advance": {}, "vacated": {}})
    state["no_attack"] = sorted(set(state["no_attack"]) | set(new_defenders))     # 13.5.5 J


def attacker_advance(data: GameData, state: dict, battle: dict, events: list) -> None:
    """13.7: the advance the attacker declared with the battle, once a defending hex is vacated; or, after
    a counterattack, the victorious defender's advance is asked for (13.7.5)."""
    if not battle["vacated"]:
        return
    if not battle["first"]:
        movers = [u for u in battle["attackers"] if u in state["units"]]
        if movers and not battle.get("asked_advance"):
            battle["asked_advance"] = True
            state["pending"] = {"kind": "advance", "side": battle["attacker"], "units": movers,
                                "vacated": battle["vacated"], "battle": battle["number"]}
        return
    for unit_id, path in sorted(battle["advance"].items()):
        if unit_id not in state["units"]:
            continue
        why = advance_problem(data, state, battle["attacker"], unit_id, battle["vacated"], path)
        if state["units"][unit_id]["hex"] != battle["origin"].get(unit_id):
            why = "units that retreated cannot then advance (13.5.3 B)"
        if why:
            events.append({"event": "advance_not_taken", "unit": unit_id, "why": why})
            continue
        state["units"][unit_id]["hex"] = path[-1]
        events.append({"event": "advance", "unit": unit_id, "path": path, "defender": False})


def advance_limit(data: GameData, unit_id: str, retreated: Any, turn: int) -> int:
    """13.7.1 infantry types one hex, armored infantry as far as the retreat, armor and armored cavalry one
    more; 13.7.6 after an elimination armor and armored cavalry two, the others one."""
    armour = _armour(data, unit_id)
    if retreated == "eliminated":
        limit = 2 if armour else 1
    elif armour:
        limit = int(retreated) + 1
    else:
        limit = int(retreated) if str(_type(data, unit_id)) == "armored_infantry" else 1
    if heavy_snow(data, turn):                                                  # 22.0 B
        limit = max(numbers.integer(data, "weather.heavy_snow.advance_minimum", "the snow advance minimum (22.0 B)"),
                    limit - numbers.integer(data, "weather.heavy_snow.advance_reduction", "the snow advance reduction (22.0 B)"))
    return limit


def _armour(data: GameData, unit_id: str) -> bool:
    """Armored and armored cavalry units (13.6.2 D, 13.7.1 C, 13.7.4 B)."""
    return in_class(data, unit_id, "armored") or str(_type(data, unit_id)) == "armored_cavalry"


def advance_problem(data: GameData, state: dict, side: str, unit_id: str, vacated: dict, path: list) -> str | None:
    grid, bd = mapdata(data).grid, board(state)
    if not path or path[0] not in vacated:
        return f"the first hex of an advance is a vacated defender's hex ({', '.join(sorted(vacated))}; 13.7.3)"
    limit = advance_limit(data, unit_id, vacated[path[0]], state["turn"])
    if len(path) > limit:
        return f"{unit_id} may advance {limit} hex(es) here (13.7.1, 13.7.6)"
    zoc, here = enemy_zoc(data, state, side), state["units"][unit_id]["hex"]
    origin = here
    for i, hex_id in enumerate(path):
        if not grid.adjacent(here, hex_id) or bd.enemies_in(hex_id, side) or not mapdata(data).listed(hex_id):
            return f"{hex_id} cannot be entered by the advance from {here} (13.7.3)"
        sides = mapdata(data).hexside(here, hex_id, hexes_known=False)
        if river_unbridged(data, state, here, hex_id) and _armour(data, unit_id):
            return f"{unit_id} may not advance across an unbridged river hexside (13.7.4 B)"
        if (river_unbridged(data, state, here, hex_id) or "ford" in sides) and origin not in (here, hex_id) \
                and not (grid.adjacent(origin, here) and grid.adjacent(origin, hex_id)):
            return "an unbridged river or ford hexside is crossed in an advance only next to the attacker's original hex (13.7.4 A)"
        if i < len(path) - 1 and hex_id in zoc and not (i == 0 and _armour_ignores_zoc(data, state, unit_id, origin, path)):
            return f"advancing units stop on entering an enemy ZOC ({hex_id}, 13.7.7)"
        if i < len(path) - 1 and mapdata(data).terrain(hex_id) == "marsh":
            return f"all units cease their advance in the first marsh hex they enter ({hex_id}, 13.7.4 D)"
        here = hex_id
    return _dense_forest_problem(data, state, unit_id, [origin] + list(path))


def _dense_forest_problem(data: GameData, state: dict, unit_id: str, steps: list) -> str | None:
    """13.7.4 C (behaviour 3, which reads roads): armored, armored cavalry and armored infantry units advance into
    or through at most one dense forest hex unless along a road (read: entered by a road hexside)."""
    from .common import road
    if "strategic" not in state or not in_class(data, unit_id, "motorized"):
        return None
    forest = [b for a, b in zip(steps, steps[1:]) if mapdata(data).terrain(b) == "dense_forest" and not road(data, state, a, b)]
    if len(forest) > 1:
        return f"{unit_id} may not advance into more than one dense forest hex unless along a road ({', '.join(forest)}, 13.7.4 C)"
    return None


def _armour_ignores_zoc(data: GameData, state: dict, unit_id: str, origin: str, path: list) -> bool:
    """13.7.7 exception: armored and armored cavalry units ignore enemy ZOCs in the first hex of an advance
    if it and the intended second hex are clear or rough, neither a town nor Westwall, and no bridge or ford
    hexside is crossed in the advance."""
    if not _armour(data, unit_id) or len(path) < 2:
        return False
    hexes = mapdata(data)
    for hex_id in path[:2]:
        info = hexes.info(hex_id)
        kind = str(info["terrain"])
        if info.get("town") or not (data.has(f"terrain.hexes.{kind}.armor_advance_ignoring_zoc")
                                    and numbers.flag(data, f"terrain.hexes.{kind}.armor_advance_ignoring_zoc", "13.7.7")):
            return False
    steps = list(zip([origin] + path[:-1], path))
    return not any({"bridge", "ford"} & set(hexes.hexside(a, b, hexes_known=False)) for a, b in steps)


def _advance_problems(data: GameData, state: dict, side: str, due: dict, order: dict, retreated_stay: bool) -> list[str]:
    if not order:
        return []
    unit_id, path = order.get("advance"), [mapdata(data).grid.canonical(str(h)) for h in order.get("path") or []]
    if unit_id not in due["units"]:
        return [f"`advance:` names a unit of the victorious counterattack: {', '.join(due['units'])} (13.7.5)"]
    if retreated_stay and unit_id in state["retreated"]:                   # 13.6.5 (behaviour 6)
        return [f"{unit_id} retreated into a friendly occupied hex this player turn and may never advance after combat (13.6.5)"]
    why = advance_problem(data, state, side, str(unit_id), due["vacated"], path)
    return [why] if why else []


def first_retreat(data: GameData, state: dict, side: str, due: dict, hexes_due: int) -> list[str]:
    """A retreat path `check` accepts (13.6), the lowest hex id first at each hex, for the template
    to offer (the owner may write any other); [] where none is found."""
    path: list[str] = []
    for _ in range(hexes_due):
        here = path[-1] if path else due["hex"]
        found = [n for n in sorted(mapdata(data).grid.neighbours(here))
                 if retreat_problem(data, state, side, due["units"], due["hex"], path + [n], len(path) + 1) is None]
        if not found:
            return []
        path.append(found[0])
    return path


def answer_template(game: Any, data: GameData, state: dict, side: str) -> dict:
    due = state["pending"]
    if due["kind"] == "displace":
        from .displacement import template as displaced_template
        found = displaced_template(due)
        return {"notes": [game.label(state)] + found["notes"], "orders": found["orders"]}
    notes = [game.label(state)]
    if due["kind"] == "loss":
        notes.append(f"{due['hex']}: assault level {due['level']} vs. defense level {due['defense']}; mandatory steps "
                     f"{due['must']}; choose one of {', '.join(due['options']) or 'none'} (13.5.1 B), list the steps in "
                     f"`losses:` and the retreat `path:` (13.6)")
        order: dict = {"choose": (due["options"] or ["none"])[0], "losses": [], "path": []}
        if order["choose"] in ("retreat1", "retreat2") and not due["must"]:       # no step to pick: a legal path
            order["path"] = first_retreat(data, state, side, due, int(order["choose"][-1]))
    elif due["kind"] == "CA":
        notes.append(f"counterattack at least one of {', '.join(due['hexes'])} with every defending unit (13.5.5)")
        order = {"counterattack": due["hexes"][:1]}
    elif due["kind"] in ("FF", "air"):
        notes.append("the unit that loses the air attack's step (20.4.1 B)" if due["kind"] == "air"
                     else f"one defending unit loses a step: one of {', '.join(due['units'])} (13.5.6 A)")
        order = {"lose": due["units"][0]}
    else:
        notes.append(f"the victorious defender may advance into {', '.join(sorted(due['vacated']))} (13.7.5); an empty list declines")
        return {"notes": notes, "orders": []}
    return {"notes": notes, "orders": [order]}
