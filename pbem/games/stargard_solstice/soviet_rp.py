"""2.5.1, 7.3 the Soviet Replacement Segment, on turns 4-8 after the reinforcements.

7.3: replacements "may only be used to rebuild lost steps in two-step units ... may not be
accumulated, and must be used on the turn they arrive"; their number per turn is printed on the
CRT (game.replacements.soviet.per_turn.TURN, unknown in the text). 7.3.1: "1 replacement point
(RP) to rebuild a non-mechanized step, and 2 RP for a mechanized step. A two-step non-mechanized
Soviet unit may return from previously being eliminated to full strength in one turn, at a cost of
2 RPs. Mechanized steps may only be replaced one step per turn" (per unit, reading SS8). 7.3.2: an
eliminated unit rebuilt enters "on or adjacent to the HQ that controls them. If the HQ is not on
the map, place the unit on any Soviet supply source. The 11th Guards Tank Brigade may only be
rebuilt by the Konstantinov HQ" (units.yaml `rebuilt_only_by`: with that HQ off the map, it is
not rebuilt — pbem's reading of "only"). 7.3.3 and 2.5.1: never placed in an EZOC; pbem reads it
for a unit on the map too (its step is "placed" where it stands).

Orders, one step each (a unit written twice gains two): `rebuild: UNIT` for a reduced unit on the
map, `rebuild: UNIT, at: HEX` for an eliminated one (it returns reduced; the second step, where
allowed, is a second `rebuild: UNIT`). An empty file uses none."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .common import (board, canonical, counter, full_steps, grid, hexes, info, is_hq, kind, mechanized, stacking_problem,
                     zoc_of, trial_copy)

RP = "game.replacements.soviet"
REBUILD = "`rebuild: UNIT` (a reduced unit on the map) or `rebuild: UNIT, at: HEX` (an eliminated one), one step each (7.3)"


def turns(data: GameData) -> tuple[int, int]:
    span = data.get(f"{RP}.turns", "the turns of the Soviet replacements (7.3)")
    return int(unwrap(span["from"])), int(unwrap(span["to"]))


def candidates(data: GameData, state: dict) -> list[str]:
    """7.3: the Soviet two-step units with a lost step, on the map or eliminated."""
    on_map = [u for u, v in state["units"].items() if v["side"] == "soviet" and not is_hq(data, u)
              and kind(data, u) == "combat" and full_steps(data, u) == 2 and v["steps"] < 2]
    dead = [d["unit"] for d in state["dead"] if d["side"] == "soviet" and not is_hq(data, d["unit"])
            and kind(data, d["unit"]) == "combat" and full_steps(data, d["unit"]) == 2]
    return sorted(set(on_map + dead))


def start(data: GameData, state: dict) -> bool:
    """Open the segment on turns 4-8 when some unit could take a step (2.5.1)."""
    first, last = turns(data)
    # 1.1.4: under fog a reduced unit may be hidden, so the segment opens on each of those turns
    if state["turn"] < first or state["turn"] > last or not (candidates(data, state) or "fog_segment" in state):
        return False
    state["phase"] = "soviet_replacements"
    return True


def places(data: GameData, state: dict, unit_id: str) -> list[str]:
    """7.3.2, 7.3.3: where an eliminated unit may come back."""
    from .supply import sources_of_side
    only = unwrap(counter(data, unit_id).get("rebuilt_only_by"))
    hq = str(only) if only else str(unwrap(counter(data, unit_id)["listed_under"]))
    if hq in state["units"]:
        here = state["units"][hq]["hex"]
        near = [here, *grid(data).neighbours(here)]
    elif only:
        return []
    else:
        near = list(sources_of_side(data, "soviet"))
    ezoc, out = zoc_of(data, state, "german"), []
    for hex_id in sorted(set(near)):
        if hex_id not in hexes(data) or hex_id in ezoc or board(state).enemies_in(hex_id, "soviet"):
            continue
        state["units"][unit_id] = {"side": "soviet", "hex": hex_id, "steps": 1, "supply": "in"}
        if stacking_problem(data, state, hex_id, "soviet") is None:
            out.append(hex_id)
        del state["units"][unit_id]
    return out


def one_step(data: GameData, state: dict, order: dict, events: list) -> str | None:
    unit_id = str(order.get("rebuild"))
    if unit_id not in candidates(data, state):
        return f"{unit_id} has no lost step to rebuild: {', '.join(candidates(data, state)) or 'none'} (7.3)"
    if unit_id in state["units"]:
        if "at" in order:
            return f"{unit_id} is on the map: `rebuild: {unit_id}` without `at:` (7.3)"
        if state["units"][unit_id]["hex"] in zoc_of(data, state, "german"):
            return f"{unit_id} is in an EZOC: no replacement placed there (7.3.3, 2.5.1)"
        state["units"][unit_id]["steps"] += 1
        events.append({"event": "replaced", "unit": unit_id, "rule": "7.3"})
        return None
    legal = places(data, state, unit_id)
    if "at" not in order or canonical(data, order["at"]) not in legal:
        return f"{unit_id} comes back at {', '.join(legal) or 'no hex (it cannot be rebuilt now)'} (7.3.2, 7.3.3): `at: HEX`"
    hex_id = canonical(data, order["at"])
    info(data, hex_id)
    state["dead"] = [d for d in state["dead"] if d["unit"] != unit_id]
    state["units"][unit_id] = {"side": "soviet", "hex": hex_id, "steps": 1, "supply": "in"}
    events.append({"event": "rebuilt", "unit": unit_id, "hex": hex_id, "rule": "7.3.2"})
    return None


def carry_out(data: GameData, state: dict, orders: list, events: list) -> tuple[int, str] | None:
    """Check the file on `state` (a copy in a check) and carry it out there (7.3.1's costs); a
    refusal names its order, for the file's line."""
    budget = numbers.integer(data, f"{RP}.per_turn.{state['turn']}", f"the Soviet replacement points of turn {state['turn']} (7.3)")
    cost = {True: numbers.integer(data, f"{RP}.cost_rp.mechanized_step", "the RP of a mechanized step (7.3.1)"),
            False: numbers.integer(data, f"{RP}.cost_rp.non_mechanized_step", "the RP of a non-mechanized step (7.3.1)")}
    most = numbers.integer(data, f"{RP}.mechanized_steps_per_turn", "the mechanized steps a turn (7.3.1)")
    counted = numbers.text(data, f"{RP}.mechanized_steps_per_turn_counted", "per unit or in total (7.3.1, SS8)")
    spent, mech_steps = 0, dict[str, int]()
    for index, order in enumerate(orders):
        if set(order) - {"rebuild", "at"} or "rebuild" not in order:
            return index, f"expected {REBUILD}"
        unit_id = str(order["rebuild"])
        if mechanized(data, unit_id):
            mech_steps[unit_id] = mech_steps.get(unit_id, 0) + 1
            taken = mech_steps[unit_id] if counted == "per_unit" else sum(mech_steps.values())
            if taken > most:
                return index, f"mechanized steps are replaced {most} step a turn ({'per unit' if counted == 'per_unit' else 'in all'}, 7.3.1, SS8)"
        spent += cost[mechanized(data, unit_id)]
        if spent > budget:
            return index, f"the rebuilt steps cost {spent} RP; turn {state['turn']} gives {budget} (7.3, 7.3.1)"
        why = one_step(data, state, order, events)
        if why:
            return index, why
    return None


def check_replacements(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    from .supply import turn_end_check
    work = trial_copy(state)
    refused = carry_out(data, work, orders, [])
    if refused:
        return [Problem(*refused)]
    turn_end_check(data, work)
    return []


def apply_replacements(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .cup import end_turn
    events: list[dict] = []
    carry_out(data, state, orders, events)
    state["units"] = dict(sorted(state["units"].items()))
    end_turn(data, state, events)
    return events


def exchange_234th(data: GameData, state: dict, events: list) -> None:
    """16.3 (optional): "replace the first unit with the 234/80 (marked with an asterisk) in the
    turn 7 replacement phase. The 234/80 replaces the 234/77 exactly — location, supply status,
    whether flipped, etc. If the 234/77 has been eliminated by that point, the exchange does not
    take place." Done as the segment opens (or the turn ends), before any point is spent."""
    where = "reinforcements.optional_234th"
    if "16.3" not in state.get("optional", []):
        return
    if state["turn"] != numbers.integer(data, f"{where}.turn", "the turn of the 234th's exchange (16.3)"):
        return
    old = numbers.text(data, f"{where}.old", "the unit 16.3 replaces")
    new = numbers.text(data, f"{where}.new", "the unit that replaces it (16.3)")
    if old in state["units"]:
        state["units"][new] = state["units"].pop(old)
        state["units"] = dict(sorted(state["units"].items()))
        events.append({"event": "exchanged", "unit": old, "by": new, "rule": "16.3"})


def after_reinforcements(data: GameData, state: dict, events: list) -> None:
    """2.5.1 the Soviet Replacement Segment when due (16.3 first), else 2.6 the turn end."""
    from .cup import end_turn
    exchange_234th(data, state, events)
    if not start(data, state):
        end_turn(data, state, events)
