"""15.0 set-up. Two ways to start a campaign:

- the rulebook's set-up (scenarios/stargard-solstice/campaign.yaml, read through setup_data):
  every unit the text puts in a named hex is placed there (15.1, 15.2); then each side places
  the units of its "within 1 of HEX" groups, a signed placement (`place: UNIT, at: HEX`), the
  German player first (15.0 does not say who places first: pbem's reading, docs);
- `--option position=NAME`: a position the group agrees on (`module.positions.NAME.units.UNIT:
  {hex, steps}` of the data override).

Every unit starts at full strength (unless a position says otherwise), in supply (11.4) and in
command (3.3.3); the cup (1.4) and the first chit (2.3.1) are the scenario's start state."""

from __future__ import annotations

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.sequence import PASSES
from ..base import Problem
from .common import board, canonical, counter, full_steps, grid, info, stacking_problem, trial_copy
from .air import start as air_start
from .cup import chit_side
from .victory import towns
from .setup_data import choice_groups, fixed_placements, start_state

POSITIONS = "the position the group agrees on (its data override)"
PLACE = "`place: UNIT, at: HEX` for every unit of your \"within 1 of\" groups (15.1, 15.2)"


def unit_entry(data: GameData, unit_id: str, hex_id: str, steps: int | None = None) -> dict:
    c = counter(data, unit_id)
    full = full_steps(data, unit_id)
    return {"side": str(unwrap(c["side"])), "hex": hex_id, "steps": full if steps is None else steps, "supply": "in"}


def from_position(data: GameData, name: str) -> dict[str, dict]:
    position = data.get(f"module.positions.{name}", f"the starting position {name!r} (15.0)")
    if not isinstance(position, dict) or not isinstance(position.get("units"), dict):
        raise UnknownDataError(f"module.positions.{name}.units", f"the units of the position {name!r}", POSITIONS, data.override_file)
    units: dict[str, dict] = {}
    for unit_id in sorted(position["units"]):
        where = position["units"][unit_id]
        if not isinstance(where, dict) or "hex" not in where:
            raise UnknownDataError(f"module.positions.{name}.units.{unit_id}.hex", f"the hex of {unit_id}", POSITIONS, data.override_file)
        full = full_steps(data, unit_id)
        steps = int(where.get("steps", full))
        if not 1 <= steps <= full:
            raise PbemError(f"data `module.positions.{name}.units.{unit_id}.steps` must be 1..{full}", data.override_file)
        hex_id = canonical(data, where["hex"])
        info(data, hex_id)
        units[unit_id] = unit_entry(data, unit_id, hex_id, steps)
    return units


def start(data: GameData, scenario: dict, options: dict) -> dict:
    if "position" in options:
        units, phase, placing, groups = from_position(data, options["position"]), "random_event", None, []
    else:                                   # 15.1, 15.2 as printed; the groups placed next
        units = {u: unit_entry(data, u, h) for u, h in sorted(fixed_placements(scenario).items())}
        groups = [{k: g[k] for k in ("side", "units", "of", "within", "rule", "as_printed")} for g in choice_groups(scenario)]
        placing = next((s for s in ("german", "soviet") if any(g["side"] == s for g in groups)), None)
        phase = "placement" if placing else "random_event"
    begin = start_state(scenario)
    chits = sorted(str(c) for side in ("german", "soviet") for c in begin["cup"][side])
    # 1.4 "a command chit for each army": whether the Konstantinov HQ (a cavalry corps) has one
    # is not in the text (SS11); the group says so in its data override
    if numbers.flag(data, "command.chits.konstantinov_chit.exists", "whether the Konstantinov HQ has a chit (1.4)"):
        chits = sorted([*chits, "Konstantinov-HQ"])
    for chit in chits:
        chit_side(data, chit)
    state = {
        "seats": ["german", "soviet"], "turn": int(begin["turn"]),
        "last_turn": int(begin["last_turn"]), "placing": placing, "groups": groups,
        "phase": phase, "units": units, "dead": [], "chits": chits, "cup": list(chits),
        "first_chit": str(begin["first_chit"]),
        "drawn": {"german": [], "soviet": []}, "activations": {"german": 0, "soviet": 0}, "draws": 0,
        "active": None, "chit": None, "hq": None, "hq_hex": None, "activated": [], "independents": [], "moved": [],
        "attackers": [], "attacked": [], "vacated": None, "barred": None, "previous": None, "pending": None,
        "last_event": None, "reactions": [], "activated_hqs": [], PASSES: True,
        "air": air_start(scenario), "air_points": {"german": 0, "soviet": 0},
        # 14.1: at the start the German player controls every VP hex
        "vp": {v["town"]: str(begin["vp_hexes_controlled_by"]) for v in towns(data).values()}, "vp_held": {}, "relieved": [],
    }
    if options.get("optional"):              # 16.0, only when chosen: a campaign without keeps its saves
        state["optional"] = list(options["optional"])
    if options.get("withdrawal") is True:    # 12.6, 16.1 (behaviour 3): the turns a chit was withdrawn, for 14.1
        state["withdrawals"] = []
    if options.get("fog") is True:           # 1.1.4 (behaviour 3): fog.py
        state.update(fog_segment=0, fog_hidden={"german": [], "soviet": []}, fog_supply=[])
    return state


# -- the "within 1 of" groups (15.1, 15.2) -----------------------------------------------
def groups_of(state: dict, side: str) -> list[dict]:
    return [g for g in state["groups"] if g["side"] == side]


def check_placement(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """Each unit of the side's groups exactly once, in the group's hex or one within its
    distance (15.1, 15.2), on the map, never with enemy units, within stacking limits (15.0)."""
    wanted = {u: g for g in groups_of(state, side) for u in g["units"]}
    work = trial_copy(state)
    problems, placed = [], set()
    g = grid(data)
    for index, order in enumerate(orders):
        unit_id, at = str(order.get("place", "")), order.get("at")
        if unit_id not in wanted or at is None:
            problems.append(Problem(index, f"{unit_id or 'a unit'} is not one of your units to place: {PLACE}"))
            continue
        if unit_id in placed:
            problems.append(Problem(index, f"{unit_id} is placed twice (15.0)"))
            continue
        group, hex_id = wanted[unit_id], canonical(data, at)
        if g.distance(group["of"], hex_id) > group["within"]:
            problems.append(Problem(index, f"{unit_id} goes within {group['within']} of {group['of']}, not in {hex_id} "
                                           f"({group['rule']}: {group['as_printed']})"))
            continue
        info(data, hex_id)
        if board(work).enemies_in(hex_id, side):
            problems.append(Problem(index, f"{hex_id} holds enemy units: German and Soviet units never stack (6.3)"))
            continue
        work["units"][unit_id] = unit_entry(data, unit_id, hex_id)
        placed.add(unit_id)
        why = stacking_problem(data, work, hex_id, side)
        if why:
            problems.append(Problem(index, f"{why}; all units begin within stacking limits (15.0)"))
    missing = sorted(set(wanted) - placed)
    if missing and not problems:
        problems.append(Problem(None, f"place {', '.join(missing)} too: {PLACE}"))
    return problems


def apply_placement(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    events = []
    for order in orders:
        unit_id, hex_id = str(order["place"]), canonical(data, order["at"])
        state["units"][unit_id] = unit_entry(data, unit_id, hex_id)
        events.append({"event": "placed", "unit": unit_id, "hex": hex_id})
    state["units"] = dict(sorted(state["units"].items()))
    later = "soviet" if side == "german" and groups_of(state, "soviet") else None
    state["placing"] = later
    state["phase"] = "placement" if later else "random_event"
    return events
