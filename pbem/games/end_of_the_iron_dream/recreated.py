"""End of the Iron Dream, behaviour 3: units recreated from the dead pile (7.11, 7.16 C-D, 7.17,
7.18, 7.20, 7.22 A) and the Polish 2nd Army (7.28), in the Replacement Phase's orders.

7.11: "Steps may be used to recreate units from the dead pile": one replacement step of the
unit's kind (7.15: mechanized or not) brings a unit back with one step (a two-step unit on its
weaker side, 28.0); it absorbs no other step this player-turn (7.16 A).
- Axis `recreate: UNIT, at: HEX`: a German unit (7.16 C: German steps never recreate satellite
  units; 7.16 D: never the Axis cavalry nor an SS mountain corps), placed as a replacement at a
  Wehrkreis city, Warsaw or Prague German-controlled and in GS, stacking kept, its MA doubled this
  turn (7.22 A, 7.5, 7.7 A); none once two secondary economic hexes are liberated (7.18).
- Soviet `recreate: UNIT`: the unit stays off the board (7.20: "Soviet units may be recreated from
  the dead pile, then stay off the board and flesh-out there, too"): a later `replace: UNIT`
  fleshes it out there, and it enters as a reinforcement (`enter:` on the east edge, 7.3, or the
  strategic move, 5.3.3 C), with the steps it has.
A unit destroyed out of GS is in the dead pile for good (7.17: `permanent`). The WA recreate into
their holding boxes (7.21: boxes.py, the WA Replacement and Reinforcement Phase); the satellites' own replacements (7.24,
19.1.3, 19.3 F) and the Yugoslav 4th Army (20.5 B) are the satellite rules'.

7.28: "The 2nd [Polish Army] appears at liberated Warsaw two turns after its liberation": from the
Soviet player-turn of that turn on, `enter: pl-inf-P2, path: [WARSAW, ...]` brings it on at
Warsaw (Soviet-controlled), paying its terrain cost as any entry (7.3)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import ALLIANCE, counter, full_steps, grid, is_type

RECREATE = ("a unit recreated from the dead pile is Axis `recreate: UNIT, at: HEX` (7.11, 7.22 A), Soviet `recreate: UNIT` "
            "(7.20) or WA `recreate: UNIT, box: eto|mto` (7.21)")
POLISH = "pl-inf-P2"


def dead(state: dict, unit_id: str) -> dict | None:
    return next((d for d in state["dead"] if d["unit"] == unit_id), None)


def problem(data: GameData, trial: dict, order: dict, used: dict) -> str | None:
    """One `recreate:` order; a legal one changes `trial` as apply would."""
    army, unit_id = trial["army"], order.get("recreate")
    keys = {"recreate", "at"} if army == "axis" else {"recreate"}
    if set(order) != keys or not isinstance(unit_id, str):
        return RECREATE
    if army not in ("axis", "soviet"):
        return "the WA recreate units into their holding boxes in their own phase: `recreate: UNIT, box: eto|mto` (7.21)"
    found = dead(trial, unit_id)
    if found is None or found["side"] != army:
        return f"{unit_id} is not in the {army} dead pile (7.11)"
    if found.get("permanent"):
        return f"{unit_id} was destroyed for good (7.17, 15.9 A) and is not recreated"
    why = axis_problem(data, trial, unit_id, order) if army == "axis" else soviet_problem(data, unit_id)
    if why:
        return why
    used["mechanized" if is_type(data, unit_id, "mechanized") else "non_mechanized"] += 1
    trial["dead"] = [d for d in trial["dead"] if d["unit"] != unit_id]
    mark(trial, unit_id)
    if army == "soviet":
        trial["off_board"] = {**trial.get("off_board", {}), unit_id: 1}
    return None


def this_turn(state: dict) -> list[str]:
    """The units recreated or fleshed out off the board this player-turn (7.16 A: one step a
    unit; 7.19 does not hold them: they did not flesh out in the field, 7.22 A doubles their MA)."""
    done = state.get("recreated")
    return list(done["units"]) if done and done["turn"] == state["turn"] and done["army"] == state["army"] else []


def mark(state: dict, unit_id: str) -> None:
    state["recreated"] = {"turn": state["turn"], "army": state["army"], "units": [*this_turn(state), unit_id]}


def axis_problem(data: GameData, trial: dict, unit_id: str, order: dict) -> str | None:
    """7.16 C-D, 7.18, 7.22 A for a German unit; a legal one is placed on `trial`."""
    from .reinforcements import arrived, wehrkreis_problem
    c = counter(data, unit_id)
    if unwrap(c.get("nation")) != "german":
        return f"{unit_id}: German steps do not recreate satellite units (7.16 C)"
    if str(c["type"]) == "cavalry" or (str(c["type"]) == "mountain" and unwrap(c.get("service")) == "waffen_ss"):
        return f"{unit_id}: Axis cavalry and SS mountain corps cannot be replaced once lost (7.16 D)"
    most = numbers.integer(data, "reinforcements.recreation.axis_secondary_liberated_limit",
                           "the liberated secondary hexes that end Axis recreation (7.18)")
    if len(trial["economy"]["liberated"]) >= most:
        return f"{most} German secondary economic hexes are liberated: no more Axis units come from the dead pile (7.18)"
    hex_id = grid(data).canonical(str(order["at"]))
    why = wehrkreis_problem(data, trial, unit_id, hex_id, "7.22 A, 7.5", "7.22 A")
    if why:
        return why
    trial["units"][unit_id] = {"side": "axis", "hex": hex_id, "steps": 1}
    trial["arrived"] = {"turn": trial["turn"], "units": [*arrived(trial), unit_id]}       # 7.22 A: MA doubled
    return None


def soviet_problem(data: GameData, unit_id: str) -> str | None:
    if is_type(data, unit_id, "yugoslav"):
        return f"{unit_id}: Yugoslav armies follow 20.5 (not recreated here)"
    if unwrap(counter(data, unit_id).get("nation")) in ("romanian", "bulgarian"):
        return f"{unit_id}: the defected satellites' replacements follow 19.1.3 and 19.2.3 (not played here)"
    return None


def off_board_replace(data: GameData, trial: dict, unit_id: str, used: dict) -> str | None:
    """7.20: a recreated Soviet unit fleshes out off the board (7.16 A: one step a player-turn)."""
    steps = trial["off_board"][unit_id]
    if steps >= full_steps(data, unit_id):
        return f"{unit_id} is at full strength: only depleted units flesh out (7.11, 7.12)"
    if unit_id in this_turn(trial):
        return f"{unit_id} has absorbed a step this player-turn: one per unit (7.16 A)"
    used["mechanized" if is_type(data, unit_id, "mechanized") else "non_mechanized"] += 1
    trial["off_board"] = {**trial["off_board"], unit_id: steps + 1}
    mark(trial, unit_id)
    return None


def entering_steps(data: GameData, state: dict, unit_id: str) -> int:
    """The steps of a unit coming onto the board: a recreated one's (taken off the off-board
    list), else a reinforcement's full strength."""
    off = state.get("off_board", {})
    if unit_id in off:
        state["off_board"] = {u: n for u, n in off.items() if u != unit_id}
        return int(off[unit_id])
    return full_steps(data, unit_id)


# -- 7.28 the Polish 2nd Army ----------------------------------------------------------------
def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: the turn Warsaw is first liberated (4.8: Alliance control taken from the
    Axis), for 7.28."""
    if state["scenario"] != "iron-dream" or "polish_2nd" in state:
        return
    from .supply_play import control
    from .warsaw import hex_of
    if control(data, state).get(hex_of(data)) in ALLIANCE:
        state["polish_2nd"] = state["turn"] + numbers.integer(data, "reinforcements.recreation.polish_2nd_after_turns",
                                                              "the turns after Warsaw's liberation the Polish 2nd Army appears (7.28)")
        events.append({"event": "polish_2nd", "turn": state["polish_2nd"], "rule": "7.28"})


def polish_due(state: dict) -> bool:
    return POLISH not in state["units"] and state.get("polish_2nd") is not None and state["turn"] >= state["polish_2nd"] \
        and not any(d["unit"] == POLISH for d in state["dead"])


def polish_entry_problem(data: GameData, state: dict, first: str) -> str | None:
    from .supply_play import control
    from .warsaw import hex_of
    warsaw = hex_of(data)
    if first != warsaw or control(data, state).get(warsaw) != "soviet":
        return f"the Polish 2nd Army appears at liberated Warsaw {warsaw}, Soviet-controlled (7.28)"
    return None
