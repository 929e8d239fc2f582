"""End of the Iron Dream, behaviour 4: Let History Judge's A-bombs (27.6), their chit drawn on the
hidden-information core as 14.12's second-invasion chit is (chit.py, docs/hidden-information.md).

27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit from a cup
to determine the turn A-Bombs become available (four in each case)": A Turn 4, B 6, C 8
(`special.let_history_judge.a_bombs`). The draw, in two signed messages before NATO's first file:
1. phase `abomb`, an owner step of NATO: `abomb_secret: HEX` (64 hex digits chosen at random), kept
   in NATO's private part (item `abomb-chit`); the save holds its commitment;
2. phase `abomb_salt`, a public response of the Soviets: `abomb_salt: TEXT`.
The chit is committed_draw.letter(secret, salt) ("ABC"[SHA-256("SECRET|SALT") mod 3]): NATO's own view shows it.

F: "When the first one is detonated, the NATO player should show the verifying chit to the
Soviets": the first detonation's orders open the item (`opens`), and every machine checks the turn.
G: "announces the detonation of an A-Bomb at the very start of any turn after they become
available. They may be saved for later turns or all dropped on one turn": a detonation is a file
of its own, `abomb: HEX`, sent as NATO's first file of a turn (NATO moves first, 27.2), before any
other order of the turn (the weather and NATO's Initial Supply-Check, made when the turn begins,
come before it: a reading); NATO may send several such files; from the chit's turn on ("after they
become available": from that turn, a reading); four in all.
H: "point to any Soviet stack on the map ... roll one die. On a 1-4, all units in the bombed stack
are destroyed. On a 5-6, only one unit is destroyed, and the rest (if any) are retreated two hexes
in any direction by the NATO player": NATO names in the same order which unit a 5-6 destroys and
each other unit's retreat (`destroy: UNIT, retreat: {UNIT: [HEX, HEX]}`: NATO chooses both, a
reading that saves a message); the retreat goes two hexes, each next to the last, never back into
the bombed hex, and is a retreat as every other (combat.retreat_problem): 18.19 D "A retreat can be
in any direction ... as long as each hex entered is one hex further away" (so "two hexes in any
direction" ends two hexes from the bombed hex), 9.10 "No unit may ever retreat into or through a hex
containing an unnegated EZOC", 18.19 F "Stacking limits apply throughout all retreats", never into a
NATO unit's hex, across a blocked or lake hexside (9.3, 14.33), into an invasion-port counter's hex
(14.24 C), nor where the unit may not enter (Yugoslavs stay in Yugoslavia, 27.10 D). Not played: a
unit with no such retreat (18.19 E destroys a unit that cannot retreat after a battle; 27.6 H is
silent): NATO names a legal retreat for each unit, so such a stack is refused (docs).
I: "The mushroom cloud remains in the hex throughout the ensuing turn. No units of either side may
enter the hex ... Remove the cloud at the very end of that turn": the detonation comes at the start
of a turn, so the cloud stands for the rest of that turn (`cloud_problem`, wherever a unit enters
a hex: satellites.enter_problem).
J: "Port cities that have been nuked may never again function as ports" (`working_ports`).
K: "No NATO strategic movement may ever take place through or into a hex that has been nuked, even
after the cloud is gone" (`strategic_problem`, strategic.py).
L: "NATO liberated and A-bombed cities still do count for VPs": nothing changes a city's VPs (27.10 B).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .committed_draw import CommittedDraw, CommittedPart
from .common import army_of, grid, hexside, mapdata, plays, seat_of, set_steps
from .supply_play import LHJ

ITEM = "abomb-chit"
DATA = "special.let_history_judge.a_bombs"
ORDER = ("an A-bomb is a file of its own, NATO's first of the turn: `abomb: HEX` (+ `destroy: UNIT, retreat: "
         "{UNIT: [HEX, HEX]}` for a stack of several units, applied on a 5-6) (27.6 G-H)")
REPORT_ITEMS = {
    "abomb_committed": lambda e: f"NATO commits to the secret of its A-bomb chit ({e['rule']})",
    "abomb_drawn": lambda e: f"NATO's A-bomb chit is drawn: NATO alone sees it ({e['rule']})",
    "abomb_chit_revealed": lambda e: f"NATO shows its A-bomb chit: {e['chit']}, A-bombs from Turn {e['turn']} ({e['rule']})",
    "abomb": lambda e: (f"A-bomb on {e['hex']}: die {e['die']}, destroyed {', '.join(e['destroyed'])}; the mushroom "
                        f"cloud stands there until the end of Turn {e['cloud_until']}; {e['left']} left ({e['rule']})"),
}


def start(state: dict) -> None:
    """27.6 A: "At the start of the game": the draw before NATO's first file."""
    state["abomb"] = {"stage": "commit", "resume": state["phase"], "used": 0, "clouds": {}, "nuked": []}
    state["phase"] = "abomb"


def nato_seat(state: dict) -> str:
    return seat_of(state, "western")


def soviet_seat(state: dict) -> str:
    return seat_of(state, "soviet")


def drawn(state: dict) -> str | None:
    """The chit, where this state shows it (NATO's own view, or once opened)."""
    return DRAW.chit(state)


def available(data: GameData, chit: str) -> int:
    return numbers.integer(data, f"{DATA}.available_turn_by_chit.{chit}", f"the turn A-bombs become available with chit {chit} (27.6 A)")


# -- the two steps of the draw (27.6 A) -------------------------------------------------------
def _drawn(record: dict, state: dict, salt: str) -> dict:
    return {k: v for k, v in record.items() if k not in ("stage", "resume")} | {"stage": "drawn", "salt": salt}


DRAW = CommittedDraw("abomb", "27.6 A", "abomb_salt", "Soviets then add their part and you alone see your A-bomb chit",
                     "NATO's committed secret it draws NATO's A-bomb chit", _drawn)


def note(data: GameData, state: dict) -> str | None:
    """NATO's own view of its chit (27.6 A: the NATO player looks at the drawn chit)."""
    found = drawn(state) if state["army"] == "western" and "abomb" in state else None
    if found is None:
        return None
    left = numbers.integer(data, f"{DATA}.count", "the A-bombs (27.6 A, G)") - int(state["abomb"]["used"])
    return f"your A-bomb chit is {found}: A-bombs from Turn {available(data, found)}, {left} left; {ORDER}"


# -- 27.6 G-H the detonation ----------------------------------------------------------------
def ordered(data: GameData, orders: list) -> bool:
    return plays(data, 4) and any(isinstance(o, dict) and "abomb" in o for o in orders)


def check(data: GameData, state: dict, orders: list) -> list[Problem]:
    why = problem(data, state, orders)
    return [Problem(0 if len(orders) == 1 else None, why)] if why else []


def problem(data: GameData, state: dict, orders: list) -> str | None:
    bomb = state.get("abomb")
    if state["scenario"] != LHJ or bomb is None or bomb.get("stage") != "drawn":
        return "A-bombs belong to Let History Judge, after NATO's chit is drawn (27.6 A)"
    if state["army"] != "western" or state["phase"] != "movement" or state.get("movement"):
        return "an A-bomb is announced at the very start of a turn, NATO's first file, before any other order (27.6 G)"
    if len(orders) != 1 or not isinstance(orders[0], dict) or set(orders[0]) - {"abomb", "destroy", "retreat"}:
        return ORDER
    count = numbers.integer(data, f"{DATA}.count", "the A-bombs (27.6 A, G)")
    if int(bomb["used"]) >= count:
        return f"NATO never receives more than the initial shipment of {count} bombs (27.6 G)"
    chit = drawn(state)
    if chit is None:
        return f"the first A-bomb shows the chit to the Soviets (27.6 F): its orders must open NATO's item `{ITEM}`"
    turn = available(data, chit)
    if state["turn"] < turn:
        return f"the A-bomb chit is {chit}: A-bombs become available on Turn {turn} (27.6 A, G)"
    return target_problem(data, state, orders[0])


def stack(state: dict, hex_id: str) -> list[str]:
    return sorted(u for u, v in state["units"].items() if v["hex"] == hex_id and army_of(state, u) == "soviet")


def target_problem(data: GameData, state: dict, order: dict) -> str | None:
    """27.6 H: a Soviet stack on the map; for several units, the 5-6 choice made in the order."""
    try:
        hex_id = grid(data).canonical(str(order["abomb"]))
    except ValueError as exc:
        return str(exc)
    units = stack(state, hex_id)
    if not units:
        return f"no Soviet stack in {hex_id}: NATO points to a Soviet stack on the map (27.6 H)"
    if len(units) == 1:
        return None if set(order) == {"abomb"} else f"{hex_id} holds one unit: `abomb: {hex_id}` alone (27.6 H)"
    destroy, retreat = order.get("destroy"), order.get("retreat")
    if destroy not in units or not isinstance(retreat, dict) or sorted(map(str, retreat)) != [u for u in units if u != destroy]:
        return (f"{hex_id} holds {', '.join(units)}: name the unit a 5-6 destroys and the retreat of each other, "
                "`destroy: UNIT, retreat: {UNIT: [HEX, HEX]}` (27.6 H: NATO retreats them; NATO names the unit too, a reading)")
    trial = {**state, "units": {u: dict(v) for u, v in state["units"].items()}}
    for unit_id in sorted(map(str, retreat)):
        why = retreat_problem(data, trial, hex_id, unit_id, retreat[unit_id])
        if why:
            return why
        trial["units"][unit_id]["hex"] = grid(data).canonical(str(retreat[unit_id][-1]))
    return None


def retreat_problem(data: GameData, state: dict, start_hex: str, unit_id: str, path: object) -> str | None:
    """27.6 H: "retreated two hexes in any direction by the NATO player"."""
    from .satellites import enter_problem
    from .yugoslavia import enter_problem as yugoslav_problem
    hexes = numbers.integer(data, f"{DATA}.retreat_hexes", "the hexes of an A-bomb retreat (27.6 H)")
    g = grid(data)
    try:
        steps = [g.canonical(str(h)) for h in path] if isinstance(path, list) else []
    except ValueError as exc:
        return str(exc)
    if len(steps) != hexes:
        return f"{unit_id} retreats {hexes} hexes from {start_hex}: `retreat: {{{unit_id}: [HEX, HEX]}}` (27.6 H)"
    nato = {v["hex"] for v in state["units"].values() if v["side"] == "western"}
    here = start_hex
    for hex_id in steps:
        mapdata(data).info(hex_id)
        if not g.adjacent(here, hex_id) or hex_id == start_hex:
            return f"{unit_id}'s retreat from {start_hex} goes hex by hex, never back into the cloud: not {hex_id} (27.6 H-I)"
        if {"blocked", "lake"} & set(hexside(data, here, hex_id)):
            return f"{unit_id} cannot retreat across the {here}-{hex_id} hexside (9.3, 14.33)"
        if hex_id in nato:
            return f"{unit_id} cannot retreat into {hex_id}: NATO units (27.6 H)"
        why = yugoslav_problem(data, state, unit_id, hex_id) or enter_problem(data, state, unit_id, hex_id)
        if why:
            return why
        here = hex_id
    from .combat import retreat_problem as a_retreat                            # 18.19 C-F, 9.10, 8.3 throughout
    return a_retreat(data, state, {"defenders": stack(state, start_hex)}, unit_id, steps, "defenders")


def apply(data: GameData, state: dict, orders: list, dice: Dice) -> list[dict]:
    """27.6 F, H, I: the chit shown at the first, the die, the cloud."""
    events: list[dict] = []
    order, bomb = orders[0], state["abomb"]
    chit = str(drawn(state))
    if "revealed" not in bomb:
        bomb["revealed"] = chit
        events.append({"event": "abomb_chit_revealed", "chit": chit, "turn": available(data, chit), "rule": "27.6 F"})
    hex_id = grid(data).canonical(str(order["abomb"]))
    units = stack(state, hex_id)
    die = dice.roll(f"abomb/{hex_id}", 6, about=f"A-bomb on {hex_id} (27.6 H)")
    faces = numbers.integers(data, f"{DATA}.stack_destroyed_faces", "the faces destroying the stack (27.6 H)")
    doomed = units if die in faces or len(units) == 1 else [str(order["destroy"])]
    for unit_id in doomed:
        set_steps(state, unit_id, 0, events, "an A-bomb (27.6 H)")
    for unit_id in [u for u in units if u not in doomed]:
        path = [grid(data).canonical(str(h)) for h in order["retreat"][unit_id]]
        state["units"][unit_id]["hex"] = path[-1]
        events.append({"event": "retreat", "unit": unit_id, "path": [hex_id, *path]})
    bomb["used"] = int(bomb["used"]) + 1
    bomb["clouds"] = {**bomb["clouds"], hex_id: state["turn"]}
    bomb["nuked"] = sorted({*bomb["nuked"], hex_id})
    left = numbers.integer(data, f"{DATA}.count", "the A-bombs (27.6 A, G)") - bomb["used"]
    events.append({"event": "abomb", "hex": hex_id, "die": die, "destroyed": doomed, "cloud_until": state["turn"],
                   "left": left, "rule": "27.6 H-I"})
    return events


# -- 27.6 I-K the hexes afterwards -------------------------------------------------------------
def cloud_problem(state: dict, hex_id: str) -> str | None:
    """27.6 I: no unit of either side enters a hex under the mushroom cloud (until the end of its turn)."""
    clouds = (state.get("abomb") or {}).get("clouds", {})
    if clouds.get(hex_id) == state["turn"]:
        return f"no unit may enter {hex_id} while the mushroom cloud is in it, until the end of Turn {state['turn']} (27.6 I)"
    return None


def nuked(state: dict) -> set[str]:
    return set((state.get("abomb") or {}).get("nuked", []))


def strategic_problem(state: dict, unit_id: str, hex_id: str) -> str | None:
    """27.6 K: NATO strategic movement never through or into a nuked hex."""
    if state["units"][unit_id]["side"] == "western" and hex_id in nuked(state):
        return f"no NATO strategic movement may ever go through or into {hex_id}, a nuked hex (27.6 K)"
    return None


def working_ports(state: dict, ports: list[str]) -> list[str]:
    """27.6 J: "Port cities that have been nuked may never again function as ports"."""
    gone = nuked(state)
    return [p for p in ports if p not in gone]


# -- the hidden-information core's interface ---------------------------------------------------
class ABombChit(CommittedPart):
    """NATO's item `abomb-chit` (27.6 A), opened by the first detonation (27.6 F)."""
    PHASES = ("abomb",)                  # its owner step (hidden_parts.py)
    DRAW, ITEM = DRAW, ITEM
    NOT_MINE = "the A-bomb chit (27.6 A)"
    OVERSTEP = "the A-bomb chit step changed more than NATO's committed secret (27.6 A)"

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("chit") == "hidden"

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return not state.get("game_over") and state["phase"] == "abomb" and nato_seat(state) == side

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        if side != nato_seat(state) or "abomb_secret" not in state or "revealed" in (state.get("abomb") or {}):
            return state, {}
        return state, {ITEM: state.pop("abomb_secret")}

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        """27.6 F: the first detonation shows the chit."""
        bombing = any(isinstance(o, dict) and "abomb" in o for o in orders)
        if state["phase"] == "movement" and bombing and side == nato_seat(state) and ITEM in hidden.get(side, []):
            return {side: [ITEM]}
        return {}
