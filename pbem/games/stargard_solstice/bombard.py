"""8.5 bombardment, only by a random event (19.1.1 German or Soviet bombardment; 19.1.2 the
406th Volks Artillery Corps, read as an ordinary German bombardment whose targets must be next
to a unit under Stell II's command).

8.5.1: "roll 1d6 and compare the result to the bombardment table, which indicates the number of
attacks" (rolled with the event, `brt/TURN`); the bombarding player then names its targets,
`bombard: [UNIT, ...]` — enemy combat units in hexes next to a friendly combat unit, one attempt
per target, at most the number rolled — and each is resolved on the CRT's bombardment column
(`bombard/TURN/UNIT`): its steps lost, P pinned (1.5.4). A bombardment column cell calling for a
retreat is refused as data pbem does not read."""

from __future__ import annotations

from ...dice import Dice
from ...errors import PbemError
from ...gamedata import GameData
from ...kit.combat import whole_column
from ..base import Problem
from .common import commanded_by, grid, is_hq, other, set_steps, side_of

BRT = "crt.combat.bombardment.brt.attacks_by_roll"
KINDS = {"german_bombardment": ("german", "19.1.1"), "soviet_bombardment": ("soviet", "19.1.1"),
         "volks_artillery": ("german", "19.1.2")}


def brt(data: GameData) -> dict[str, int]:
    cells = whole_column(data, range(1, 7), lambda d: f"{BRT}.{d}", lambda d: f"the attacks of BRT roll {d} (8.5.1)",
                         "the Bombardment Roll Table (1.2.5)")
    return {k: int(v) for k, v in cells.items()}


def column(data: GameData) -> dict[str, dict]:
    from .combat import parse
    cells = whole_column(data, range(1, 7), lambda d: f"crt.bombardment_cells.{d}",
                         lambda d: f"the bombardment result of die {d} (8.5.1)", "the CRT's bombardment column (8.5.1)")
    out = {}
    for die, cell in cells.items():
        result = parse(data, str(cell), f"crt.bombardment_cells.{die}")["D"]
        if result["retreat"]:
            raise PbemError(f"data `crt.bombardment_cells.{die}`: pbem reads steps and P on the bombardment column, "
                            "not a retreat (8.5.1)", data.override_file)
        out[die] = result
    return out


def needs(data: GameData) -> None:
    """Before the event's die: what a bombardment would need (8.5.1)."""
    brt(data)
    column(data)


def start(data: GameData, state: dict, what: str, events: list, dice: Dice) -> None:
    side, rule = KINDS[what]
    face = dice.roll(f"brt/{state['turn']}", 6, about=f"turn {state['turn']} bombardment attacks ({rule}, 8.5.1)")
    attacks = brt(data)[str(face)]
    events.append({"event": "bombardment", "side": side, "die": face, "attacks": attacks, "rule": rule})
    if attacks > 0:
        state["bombard"] = {"side": side, "attacks": attacks, "rule": rule}


def targets(data: GameData, state: dict) -> list[str]:
    """Enemy combat units next to a friendly combat unit (8.5.1; 19.1.2 a unit under Stell II)."""
    side, rule = state["bombard"]["side"], state["bombard"]["rule"]
    g = grid(data)
    friends = {state["units"][u]["hex"] for u in state["units"] if side_of(state, u) == side and not is_hq(data, u)
               and (rule != "19.1.2" or commanded_by(data, u) == "Stell-II-HQ")}
    return [u for u in sorted(state["units"]) if side_of(state, u) == other(side) and not is_hq(data, u)
            and any(g.adjacent(state["units"][u]["hex"], h) for h in friends)]


def check_bombard(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    item = state["bombard"]
    if len(orders) > 1 or (orders and set(orders[0]) != {"bombard"}):
        return [Problem(None, "`bombard: [UNIT, ...]` (8.5.1)")]
    if orders and orders[0]["bombard"] is not None and not isinstance(orders[0]["bombard"], list):        # a string would be read letter by letter
        return [Problem(0, f"`bombard:` takes a list of units, `bombard: [{orders[0]['bombard']}]` (8.5.1)")]
    named = [str(u) for o in orders for u in (o.get("bombard") or [])]
    if len(named) > item["attacks"] or len(set(named)) != len(named):
        return [Problem(0, f"at most {item['attacks']} targets, each once (8.5.1)")]
    legal = targets(data, state)
    for unit_id in named:
        if unit_id not in legal:
            return [Problem(0, f"{unit_id} is not an enemy combat unit next to a friendly combat unit "
                               f"({'8.5.1, 19.1.2: a unit under Stell II' if item['rule'] == '19.1.2' else '8.5.1'})")]
    column(data)
    return []


def apply_bombard(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .cup import first_draw
    item = state.pop("bombard")
    results = column(data)
    events: list[dict] = []
    for unit_id in [str(u) for o in orders for u in (o.get("bombard") or [])]:
        face = dice.roll(f"bombard/{state['turn']}/{unit_id}", 6, about=f"bombardment of {unit_id} ({item['rule']}, 8.5.1)")
        result = results[str(face)]
        events.append({"event": "bombarded", "unit": unit_id, "die": face, "steps": result["steps"], "pinned": result["pinned"]})
        if result["pinned"]:
            state["units"][unit_id]["pinned"] = True
        if result["steps"]:
            set_steps(data, state, unit_id, state["units"][unit_id]["steps"] - result["steps"], events, "bombardment (8.5)")
    first_draw(data, state, events, dice)
    return events
