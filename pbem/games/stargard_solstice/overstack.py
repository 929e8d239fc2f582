"""6.2.1 the overstacking penalty, at the end of a Reinforcement Phase (6.2, 7.1).

6.2: "Reinforcements may overstack initially upon placement, but must be legally stacked by the
end of that phase." 6.2.1: "In a hex where overstacking has occurred, the strongest unit (attack
value) must lose 1 step and retreat one hex. If it cannot do so, it is eliminated." The
reinforcing player writes the penalty in its own file, after its moves, one per hex still over
the combat-unit limit: `overstack: UNIT, to: HEX` — the unit among the hex's strongest by printed
attack (a tie is the owner's choice), which loses a step (8.6) and, if it survives, retreats into
an adjacent hex it could enter by regular movement (5.2), free of enemy units and EZOCs (pbem's
reading: 6.2.1 names no further loss for one) and legally stacked after it (6.0); `to: none` when
there is no such hex, and the unit is eliminated. A unit losing its last step writes no `to:`."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from .common import board, canonical, grid, hexes, is_hq, other, printed, set_steps, stacking_problem, zoc_of

OVERSTACK = "`overstack: UNIT, to: HEX` (or `to: none`) for each hex still overstacked (6.2.1)"


def overstacked(data: GameData, state: dict, hex_id: str) -> list[str]:
    """The combat units of `hex_id` when they are over the limit (6.0), else none."""
    units = [u for u in board(state).units_in(hex_id) if not is_hq(data, u)]
    limit = numbers.integer(data, "game.stacking.combat_units", "the combat units a hex may hold (6.0)")
    return sorted(units) if len(units) > limit else []


def retreat_hexes(data: GameData, state: dict, unit_id: str) -> list[str]:
    """The adjacent hexes the penalised unit may retreat into (6.2.1, pbem's reading above)."""
    from .movement import step_cost
    side, here = state["units"][unit_id]["side"], state["units"][unit_id]["hex"]
    ezoc, out = zoc_of(data, state, other(side)), []
    for hex_id in sorted(h for h in grid(data).neighbours(here) if h in hexes(data)):
        if step_cost(data, here, hex_id)[0] is None or hex_id in ezoc or board(state).enemies_in(hex_id, side):
            continue
        state["units"][unit_id]["hex"] = hex_id
        legal = stacking_problem(data, state, hex_id, side) is None
        state["units"][unit_id]["hex"] = here
        if legal:
            out.append(hex_id)
    return out


def penalty(data: GameData, state: dict, order: dict, events: list) -> str | None:
    """Check one `overstack:` order on `state` and carry it out there (6.2.1)."""
    unit_id = str(order["overstack"])
    if unit_id not in state["units"] or not overstacked(data, state, state["units"][unit_id]["hex"]):
        return f"{unit_id} is not in an overstacked hex: {OVERSTACK}"
    stack = overstacked(data, state, state["units"][unit_id]["hex"])
    strongest = max(printed(data, state, u, "attack") for u in stack)
    if printed(data, state, unit_id, "attack") < strongest:
        names = ", ".join(u for u in stack if printed(data, state, u, "attack") == strongest)
        return f"the strongest unit (attack value) of the overstacked hex takes the penalty: {names} (6.2.1)"
    why = "overstacking penalty (6.2.1)"
    if state["units"][unit_id]["steps"] <= 1:          # its last step: nothing is left to retreat
        if "to" in order:
            return f"{unit_id} loses its last step: no `to:` (6.2.1)"
        set_steps(data, state, unit_id, 0, events, why)
        return None
    places = retreat_hexes(data, state, unit_id)
    to = order.get("to")
    if to == "none":
        if places:
            return f"{unit_id} can retreat to {', '.join(places)} (6.2.1)"
    elif to is None or canonical(data, to) not in places:
        return f"{unit_id} retreats one hex after its step loss: {', '.join(places) or 'none (write `to: none`)'} (6.2.1)"
    set_steps(data, state, unit_id, state["units"][unit_id]["steps"] - 1, events, why)
    if to == "none":
        set_steps(data, state, unit_id, 0, events, why + ": no hex to retreat to")
        return None
    state["units"][unit_id]["hex"] = canonical(data, to)
    events.append({"event": "overstack_retreat", "unit": unit_id, "hex": canonical(data, to), "rule": "6.2.1"})
    return None
