"""End of the Iron Dream, behaviour 2: the French army in France (26.6.3), Iron Dream only.

Paris's liberation (map.places.paris.hex under Alliance control, watched after every step) starts
the count: from the end of the WA-turn following the player-turn of the liberation, at the end
of every WA-turn each French mechanized corps on the map (F1, F2: nation free_french, mechanized)
outside France, the Benelux and Germany (map.countries.*) costs the WA ½ VP, 6 VPs at most in
all. A French corps off the map (not yet arrived, 7.25, or destroyed) is not counted (a reading)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import ALLIANCE, counter, grid, is_type
from .supply_play import LHJ, control
from .victory import VALUES, add, ledger

COUNTRIES = ("france", "benelux", "germany")


def paris(data: GameData) -> str:
    return grid(data).canonical(numbers.text(data, "map.places.paris.hex", "the hex of Paris (26.6.3)"))


def homeland(data: GameData) -> frozenset[str]:
    def read() -> frozenset[str]:
        return frozenset(grid(data).canonical(h) for c in COUNTRIES
                         for h in numbers.texts(data, f"map.countries.{c}", f"the hexes of {c.title()} (26.6.3)"))
    return data.derived("eid.countries.french_homeland", read)


def validate(data: GameData, state: dict) -> None:
    if state["scenario"] == LHJ:
        return
    paris(data)
    homeland(data)
    numbers.fraction(data, f"{VALUES}.french_corps_outside", "26.6.3 A")
    numbers.integer(data, f"{VALUES}.french_army_max_loss", "26.6.3 B")


def watch(data: GameData, state: dict, owner: dict[str, str] | None = None) -> None:
    """After every step: the player-turn of Paris's liberation. `owner`: `control` of this state,
    when the caller has it."""
    book = ledger(state)
    if state["scenario"] == LHJ or book.get("paris"):
        return
    if (control(data, state) if owner is None else owner).get(paris(data)) in ALLIANCE:
        book["paris"] = {"turn": state["turn"], "army": state["army"]}


def end_of_wa_turn(data: GameData, state: dict, events: list) -> None:
    """26.6.3 A-B at the end of a WA-turn."""
    book = ledger(state)
    freed = book.get("paris")
    if state["scenario"] == LHJ or not freed:
        return
    order = state["turn_order"]
    first = freed["turn"] + (0 if order.index(freed["army"]) < order.index("western") else 1)
    if state["turn"] < first:
        return
    cap = Fraction(numbers.integer(data, f"{VALUES}.french_army_max_loss", "26.6.3 B"))
    each = numbers.fraction(data, f"{VALUES}.french_corps_outside", "26.6.3 A")
    lost = -sum((Fraction(e["vp"]) for e in book["ledger"] if e["rule"] == "26.6.3"), Fraction(0))
    home = homeland(data)
    boxed = {u: {"side": "western", "hex": box} for box in ("eto", "mto") for u in state.get("boxes", {}).get(box, {})}
    for unit_id, unit in sorted({**state["units"], **boxed}.items()):          # behaviour 3: the boxes are outside
        if unit["side"] != "western" or unwrap(counter(data, unit_id).get("nation")) != "free_french" \
                or not is_type(data, unit_id, "mechanized") or unit["hex"] in home:
            continue
        vp = max(each, -(cap - lost))                       # B: "The maximum point total ... is 6 VPs"
        if vp >= 0:
            return
        lost -= vp
        events.append(add(state, "western", vp, "26.6.3", f"{unit_id} outside France, the Benelux and Germany", unit["hex"]))
