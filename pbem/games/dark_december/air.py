"""Air attacks on ground units (20.4.1): the Allies on clear weather turns (20.0, 20.4) and on AM 17
December (20.4.2 F), Germany on PM 30 December (20.4.2 E), one a turn, ordered with the phasing side's
movement (`air_attack: HEX`, resolved after its moves). On a hit the owner of the target picks the unit
that loses the step (20.4.1 B: Germany, motorized if possible; 20.4.1 C never a reduced unit), a
response entry when there is more than one to pick from. Road interdiction (20.4.2 A-D, campaigns of
behaviour 3): `interdict: HEX`, a road hex, instead of the air attack or with it on the same road hex (20.4,
20.4.2 D); a die, 1-3 the hex is a non-road hex for both sides for one complete Game-Turn (20.4.2 B, C)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import air_superiority, board, faces, full_steps, in_class, mapdata, other, turn_label, turn_of

AIR = "weather.clear.allied_air"


def allowed(data: GameData, state: dict, side: str) -> bool:
    turn = state["turn"]
    if side == "german":
        return turn == turn_of(data, numbers.text(data, f"{AIR}.german_air_attack_turn", "the German air attack (20.4.2 E)"))
    return air_superiority(data, turn, state) or turn == turn_of(data, numbers.text(data, f"{AIR}.allied_extra_air_attack_turn", "20.4.2 F"))


def check(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    return _check_attacks(data, state, side, orders) + _check_interdiction(data, state, side, orders)


def _check_interdiction(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """20.4: an air attack, an interdiction, or both if the attacked units are on a road (20.4.2 D: that road hex)."""
    from .strategic import road_hex
    asked = [(i, o) for i, o in enumerate(orders) if "interdict" in o]
    if not asked:
        return []
    if "interdicted" not in state:
        return [Problem(asked[0][0], "road interdiction (20.4.2) is played in campaigns of Dark December behaviour 3 (begun with this pbem)")]
    index, order = asked[0]
    hex_id = order["interdict"]
    attacked = [o["air_attack"] for o in orders if "air_attack" in o]
    if len(asked) > 1:
        return [Problem(asked[1][0], "one road interdiction a turn (20.4)")]
    if not allowed(data, state, side):
        return [Problem(index, f"{side} has no air attack on {turn_label(data, state['turn'])} (20.0, 20.4, 20.4.2 E/F)")]
    if state.get("air_used"):
        return [Problem(index, "one air attack a turn (20.4)")]
    if not isinstance(hex_id, str) or not mapdata(data).listed(hex_id) or not road_hex(data, state, mapdata(data).grid.canonical(hex_id)):
        return [Problem(index, f"an interdiction targets a road hex on the map: {hex_id!r} (20.4.2 A)")]
    if attacked and attacked[0] != hex_id:
        return [Problem(index, f"the air attack and the interdiction go together only on one road hex, the attacked units' "
                               f"({attacked[0]}, 20.4, 20.4.2 D)")]
    return []


def _check_attacks(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    attacks = [(i, o) for i, o in enumerate(orders) if "air_attack" in o]
    problems = []
    for n, (index, order) in enumerate(attacks):
        hex_id = order["air_attack"]
        if not allowed(data, state, side):
            problems.append(Problem(index, f"{side} has no air attack on {turn_label(data, state['turn'])} (20.0, 20.4, 20.4.2 E/F)"))
        elif n or state.get("air_used"):
            problems.append(Problem(index, "one air attack a turn (20.4)"))
        elif not isinstance(hex_id, str) or not board(state).enemies_in(hex_id, side):
            problems.append(Problem(index, f"an air attack targets one hex of enemy units on the map: {hex_id!r} (20.4)"))
    return problems


def drm(data: GameData, state: dict, hex_id: str) -> int:
    """20.4.1 D: +1 an infantry type target (read: no motorized unit in the hex), -1 in strategic movement (read:
    a unit of the hex in it), else +1 (always in campaigns before behaviour 3, which do not track it), +1 town, fortification, woods, dense forest or
    Westwall; the total never above +1."""
    units = board(state).units_in(hex_id)
    info = mapdata(data).info(hex_id)
    total = 0
    if not any(in_class(data, u, "motorized") for u in units):
        total += numbers.integer(data, f"{AIR}.air_attack.drm.target_infantry_type", "20.4.1 D")
    if any(u in state.get("strategic", ()) for u in units):         # behaviour 3: strategic movement is tracked
        total += numbers.integer(data, f"{AIR}.air_attack.drm.target_in_strategic_movement", "20.4.1 D")
    else:
        total += numbers.integer(data, f"{AIR}.air_attack.drm.target_not_in_strategic_movement", "20.4.1 D")
    covering = numbers.texts(data, f"{AIR}.target_terrain_drm", "the covering terrain (20.4.1 D)")
    if info["terrain"] in covering or (info.get("town") and "town" in covering) or (hex_id in state["forts"] and "fortification" in covering):
        total += numbers.integer(data, f"{AIR}.air_attack.drm.target_in_town_fortification_woods_dense_forest_or_westwall", "20.4.1 D")
    return min(total, numbers.integer(data, f"{AIR}.air_attack.drm.max_total", "the DRM limit (20.4.1 D)"))


def candidates(data: GameData, state: dict, hex_id: str) -> list[str]:
    """20.4.1 B motorized if possible; 20.4.1 C reduced units may not be chosen."""
    full = [u for u in board(state).units_in(hex_id) if state["units"][u]["steps"] >= full_steps(data, u) and full_steps(data, u) > 1]
    motorized = [u for u in full if in_class(data, u, "motorized")]
    return motorized or full


def interdict(data: GameData, state: dict, side: str, orders: list, dice: Any, events: list) -> None:
    """20.4.2 A-C: one die; on 1-3 the road hex is a non-road hex for both sides for one complete Game-Turn."""
    for order in orders:
        if "interdict" not in order:
            continue
        hex_id = mapdata(data).grid.canonical(order["interdict"])
        state["air_used"] = True
        face = dice.roll(f"interdict/{state['turn']}/{side}", 6, about=f"{side} road interdiction of {hex_id} (20.4.2 A)")
        done = face in faces(numbers.text(data, f"{AIR}.interdiction.success_on", "the interdiction roll (20.4.2 B)"))
        if done:
            state["interdicted"] = dict(sorted({**state["interdicted"], hex_id: {"turn": state["turn"], "side": side}}.items()))
        events.append({"event": "interdiction", "side": side, "hex": hex_id, "face": face, "done": done})


def expire(state: dict) -> None:
    """20.4.2 C: an interdiction lasts one complete Game-Turn, to the start of the same side's next player turn."""
    if "interdicted" in state:
        state["interdicted"] = {h: v for h, v in state["interdicted"].items() if not (v["side"] == state["side"] and v["turn"] < state["turn"])}


def resolve(data: GameData, state: dict, side: str, orders: list, dice: Any, events: list) -> None:
    from .answers import lose_step
    for order in orders:
        if "air_attack" not in order:
            continue
        hex_id = mapdata(data).grid.canonical(order["air_attack"])
        state["air_used"] = True
        modifier = drm(data, state, hex_id)
        face = dice.roll(f"air/{state['turn']}/{side}", 6, about=f"{side} air attack on {hex_id} (20.4.1)")
        hit = face + modifier in numbers.integers(data, f"{AIR}.hit_faces", "the air attack hits (20.4.1 A)")
        pick = candidates(data, state, hex_id) if hit else []
        events.append({"event": "air_attack", "side": side, "hex": hex_id, "face": face, "drm": modifier, "hit": hit,
                       "candidates": pick})
        if len(pick) == 1:
            lose_step(data, state, pick[0], events, "air attack (20.4.1)")
        elif pick:
            state["pending"] = {"kind": "air", "side": other(side), "units": pick, "hex": hex_id, "battle": 0}


def check_pick(game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    due = state["pending"]
    if len(orders) != 1 or orders[0].get("lose") not in due["units"]:
        return [Problem(0 if orders else None, f"`lose:` names the unit that takes the air attack's step: one of "
                        f"{', '.join(due['units'])} (20.4.1 B motorized if possible, C not a reduced unit)")]
    return []
