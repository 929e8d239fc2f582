"""23.0 conditional forces (optional, `--option conditional=true`, campaigns of behaviour 3).

The counters marked `conditional: true` (5.5.1, group data) leave the reinforcement schedule (23.0 A).
While Germany occupies Bastogne (`map.places.bastogne.hex`) and has a supplied unit within four hexes of
the west side of the Meuse (`map.rivers.meuse`, read as in 10.9.1 A), the Allies receive CCR/5th Armored
Division in their next player turn (`...allied_automatic_unit`) and each side rolls two dice before its
Movement Phase: each 1-2 lets it select three of its conditional units (23.0 B, C). The roll is made at the
end of the enemy's player turn, before the side's Movement Phase, and is in the report the side reads; the
owner's choice travels in its Movement Phase orders (`commit: UNIT`), no extra round trip. A committed unit
enters as a regular reinforcement (23.0 D), not before the Game-Turn on its counter (23.0 E).
26.12 B withholds the 11th Panzer and 17th SS Panzer Grenadier Divisions, 26.14 B every German conditional unit."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .common import counter, faces, mapdata, supply_status, turn_label
from .reinforcements import divisions

PATH = "special.conditional_forces_optional"


def on(state: dict) -> bool:
    return state["options"].get("conditional") is True


def set_aside(data: GameData, state: dict) -> None:
    """Set-up (23.0 A): the conditional counters wait for their commitment, out of the schedule; 26.12 B,
    26.14 B remove the German ones they name for the game."""
    variants = state["options"]["variants"]
    withheld = divisions(data, "26.12", "conditional_withheld") if "26.12" in variants else set()
    pool: dict[str, int] = {}
    for unit_id, turn in sorted(state["reinforcements"].items()):
        if not numbers.flag(data, f"units.counters.{unit_id}.conditional",
                            f"whether {unit_id}'s counter is a conditional force (5.5.1, 23.0)"):
            continue
        del state["reinforcements"][unit_id]
        german = counter(data, unit_id)["side"] == "german"
        if german and ("26.14" in variants or str(counter(data, unit_id).get("division")) in withheld):
            continue                                                     # 26.14 B, 26.12 B
        pool[unit_id] = turn
    state["conditional"] = {"pool": pool, "picks": 0, "automatic": False}
    if holds(data, state):
        from ...errors import PbemError
        raise PbemError("23.0 B: the condition holds at the scenario's start, and its dice are rolled before a Movement "
                        "Phase pbem cannot roll at set-up; play it without --option conditional=true")


def holds(data: GameData, state: dict) -> bool:
    """23.0 B: a German unit in Bastogne and a supplied German unit within four hexes of the west side of
    the Meuse (the bank hexes as 10.9.1 A reads them)."""
    from .restricted import hexsides, west_side
    grid = mapdata(data).grid
    bastogne = grid.canonical(numbers.text(data, "map.places.bastogne.hex", "the hex of Bastogne (23.0 B)"))
    if not any(v["side"] == "german" and v["hex"] == bastogne for v in state["units"].values()):
        return False
    west = west_side(data, "meuse")
    bank = {h for side in hexsides(data, "meuse") for h in side.split("|") if h in west}
    reach = numbers.integer(data, f"{PATH}.hexes_from_meuse_west_side", "the distance from the Meuse (23.0 B)")
    return any(v["side"] == "german" and supply_status(state, u) == "supplied" and any(grid.distance(v["hex"], b) <= reach for b in bank)
               for u, v in state["units"].items())


def roll(data: GameData, state: dict, dice: Any, events: list) -> None:
    """Before the phasing side's Movement Phase (23.0 B, C): the automatic CCR the first time, then two dice
    while the side has conditional units left."""
    if not on(state):
        return
    cond = state["conditional"]
    cond["picks"] = 0
    if not holds(data, state):
        return
    side = str(state["side"])
    if not cond["automatic"]:                                            # 23.0 B: in the next Allied player turn
        cond["automatic"] = True
        unit = numbers.text(data, f"{PATH}.allied_automatic_unit", "the counter id of CCR/5th Armored Division (23.0 B)")
        if unit in cond["pool"]:
            turn = cond["pool"].pop(unit)
            state["reinforcements"][unit] = max(turn, state["turn"])    # this Game-Turn's Allied player turn is the next
            events.append({"event": "conditional_automatic", "unit": unit, "turn": state["reinforcements"][unit]})
    mine = [u for u in cond["pool"] if counter(data, u)["side"] == side]
    if not mine:
        return                                                           # 23.0 C: all committed
    hits = faces(numbers.text(data, f"{PATH}.commit_faces", "the die faces that commit conditional units (23.0 B)"))
    each = numbers.integer(data, f"{PATH}.units_per_face", "the units each 1-2 commits (23.0 B)")
    count = numbers.integer(data, f"{PATH}.dice", "the dice rolled (23.0 B)")
    rolled = [dice.roll(f"conditional/{state['turn']}/{side}/{n + 1}", 6,
                        about=f"conditional forces, {side}, {turn_label(data, state['turn'])}, die {n + 1} (23.0 B)")
              for n in range(count)]
    cond["picks"] = each * sum(1 for f in rolled if f in hits)
    events.append({"event": "conditional_roll", "side": side, "faces": rolled, "picks": cond["picks"]})


def check(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """`commit: UNIT`: one of the side's conditional units, no more than its dice allow (23.0 B)."""
    asked = [(i, o["commit"]) for i, o in enumerate(orders) if "commit" in o]
    if not asked:
        return []
    if not on(state):
        return [Problem(asked[0][0], "`commit:` needs the optional conditional forces (23.0, --option conditional=true)")]
    cond = state["conditional"]
    problems: list[Problem] = []
    seen: set[str] = set()
    for index, unit in asked:
        if unit not in cond["pool"] or counter(data, unit)["side"] != side or unit in seen:
            problems.append(Problem(index, f"{unit!r} is not one of the {side} conditional forces still to commit (23.0 B): "
                                           f"{', '.join(u for u in cond['pool'] if counter(data, u)['side'] == side) or 'none'}"))
        seen.add(str(unit))
    if len(asked) > cond["picks"]:
        problems.append(Problem(asked[cond["picks"]][0], f"the dice allow {cond['picks']} conditional unit(s) this Movement "
                                                         f"Phase, not {len(asked)} (23.0 B: three for each 1-2)"))
    return problems


def committed(state: dict, orders: list) -> dict:
    """The reinforcements with this order file's commitments: due from the later of now and the Game-Turn
    on the counter (23.0 D, E)."""
    if not any("commit" in o for o in orders) or not on(state):
        return state
    due = dict(state["reinforcements"])
    for o in orders:
        if "commit" in o and o["commit"] in state["conditional"]["pool"]:
            due[o["commit"]] = max(state["conditional"]["pool"][o["commit"]], state["turn"])
    return {**state, "reinforcements": due}


def apply(state: dict, orders: list, events: list) -> None:
    for o in orders:
        if "commit" in o:
            unit = str(o["commit"])
            turn = max(state["conditional"]["pool"].pop(unit), state["turn"])
            state["reinforcements"][unit] = turn
            state["conditional"]["picks"] -= 1
            events.append({"event": "conditional_commit", "unit": unit, "turn": turn})
