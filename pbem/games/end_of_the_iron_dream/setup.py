"""3.x set-up: a campaign starts from the position its group agrees on (`positions.NAME` of the
data: every unit's hex and steps), read against the scenario's roster; 3.5, the Soviet flip of
German corps to their weaker sides, is a signed answer of the Soviets (the Grand Alliance in a
two-player match) when the position says it is still to be made (`flip: true`)."""

from __future__ import annotations

from typing import Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ..base import Problem
from .common import counter, full_steps, grid, mapdata
from .setup_data import not_in_scenario

POSITIONS = "the position the group agrees on (its data override)"


def scenario_id(scenario: dict) -> str:
    info = scenario["scenario"]
    return str(info["id"] if isinstance(info, dict) else info)


def scenario_value(scenario: dict, key: str) -> Any:
    if key not in scenario:
        raise PbemError(f"the scenario file lacks `{key}`")
    return unwrap(scenario[key])


def listed_hexes(data: GameData) -> list[str]:
    return sorted(mapdata(data).hexes())


def start(data: GameData, scenario: dict, seats: list[str], options: dict) -> dict:
    name = options["position"]
    position = data.get(f"positions.{name}", f"the starting position {name!r} (3.0)")
    if not isinstance(position, dict) or not isinstance(position.get("units"), dict):
        raise UnknownDataError(f"positions.{name}.units", f"the units of the position {name!r}", POSITIONS, data.override_file)
    g = grid(data)
    sid = scenario_id(scenario)
    excluded = not_in_scenario(scenario)
    units: dict[str, dict] = {}
    for unit_id in sorted(position["units"]):
        where = position["units"][unit_id]
        if unit_id in excluded:
            raise PbemError(f"data `positions.{name}.units.{unit_id}`: {unit_id} does not appear in {sid} (3.11 G)",
                            data.override_file)
        if not isinstance(where, dict) or "hex" not in where:
            raise UnknownDataError(f"positions.{name}.units.{unit_id}.hex", f"the hex of {unit_id}", POSITIONS, data.override_file)
        c = counter(data, unit_id)
        full = full_steps(data, unit_id)
        steps = int(where.get("steps", full))
        if not 1 <= steps <= full:
            raise PbemError(f"data `positions.{name}.units.{unit_id}.steps` must be 1..{full}", data.override_file)
        hex_id = g.canonical(str(where["hex"]))
        mapdata(data).info(hex_id)
        units[unit_id] = {"side": str(c["side"]), "hex": hex_id, "steps": steps}
    first = int(scenario_value(scenario, "first_turn"))
    order = [str(a) for a in scenario_value(scenario, "player_turn_order")]       # 5.0; 27.2 NATO first
    flip = position.get("flip", False) is True
    return {
        "scenario": sid, "seats": sorted(seats), "turn_order": order, "position": name,
        "turn": first, "last_turn": int(scenario_value(scenario, "last_turn")), "army": order[0], "front": "west",
        "phase": "flip" if flip else "movement", "bagration": None, "units": units, "dead": [],
        "movement": None, "pending": None, "battles": [], "assaulted": {}, "flipped": [], "game_over": False,
    }


# -- 3.5 the Soviet flip ----------------------------------------------------------------------
def flip_rule(scenario_steps: Any) -> dict:
    for step in scenario_steps or []:
        if isinstance(step, dict) and str(step.get("id")) == "3.5":
            return dict(step["choice"])
    raise PbemError("the scenario gives no 3.5 step (setup.steps)")


def flip_limits(game: Any, data: GameData, state: dict) -> dict:
    """3.5: "22 German infantry corps (including Jaeger and mountain), and five Wehrmacht (not
    SS) Panzer corps" of the Russian Front units (3.4); the numbers and units from the scenario."""
    from ...gamedata import load_scenario
    scenario, _ = load_scenario(game.id, state["scenario"])
    rule = flip_rule(unwrap(scenario.get("setup", {})).get("steps"))
    front = next(step for step in scenario["setup"]["steps"] if str(step.get("id")) == str(rule["infantry"]["from_step"]))
    russian = {u for p in front["placements"] for u in p.get("units", [])}
    groups: dict[str, Any] = {}
    for key in ("infantry", "wehrmacht_panzer"):
        spec = rule[key]
        groups[key] = {"count": int(spec["count"]),
                       "units": sorted(u for u in russian if u in state["units"] and str(counter(data, u)["type"]) in spec["types"]
                                       and u not in spec.get("excludes", []))}
    groups["exactly"] = rule.get("exactly") is True
    return groups


def flip_template(game: Any, data: GameData, state: dict, side: str) -> dict:
    return {"orders": [{"flip": []}], "notes": ["`flip: [UNIT, ...]`: the German corps turned to their weaker sides (3.5)"]}


def check_flip(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if len(orders) != 1 or not isinstance(orders[0].get("flip"), list):
        return [Problem(None, "one order: `flip: [UNIT, ...]` (3.5)")]
    chosen = [str(u) for u in orders[0]["flip"]]
    if len(set(chosen)) != len(chosen):
        return [Problem(0, "each corps is flipped once (3.5)")]
    limits = flip_limits(game, data, state)
    for key, what in (("infantry", "German infantry corps (Jaeger and mountain included)"),
                      ("wehrmacht_panzer", "Wehrmacht (not SS) Panzer corps")):
        mine = [u for u in chosen if u in limits[key]["units"]]
        count = limits[key]["count"]
        if len(mine) > count or (limits["exactly"] and len(mine) != count):
            return [Problem(0, f"{'exactly' if limits['exactly'] else 'at most'} {count} {what} are flipped, not {len(mine)} (3.5)")]
    other = [u for u in chosen if u not in limits["infantry"]["units"] and u not in limits["wehrmacht_panzer"]["units"]]
    if other:
        return [Problem(0, f"{', '.join(other)}: not a German Russian Front infantry or Wehrmacht Panzer corps (3.4, 3.5)")]
    return []


def apply_flip(game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    chosen = sorted(str(u) for u in orders[0]["flip"])
    for unit_id in chosen:
        state["units"][unit_id]["steps"] = 1
    state["flipped"] = chosen
    events = [{"event": "flip", "units": chosen}]
    game.begin_player_turn(data, state, events)
    return events
