"""End of the Iron Dream, behaviour 2: Soviet garrisons (26.6.4), Iron Dream only.

A city outside the USSR (`map.countries.ussr`) that the Soviets liberate from the Axis needs a
garrison from then on, but Odessa, Kiev, Bobruisk and Vitebsk (map.places.NAME.hex): one Soviet
step in a 1-VP city, two in a larger one (26.6.4 B; SUs, and the Romanian and Bulgarian armies
that may not serve as garrisons, 19.1.2 A, 19.2.3, do not count). At the end of every Soviet
player-turn, from the one of its liberation, each city without its garrison costs the Soviets
1 VP (C); an Axis retake frees it until the Soviets liberate it again (D).

Behaviour 3, Let History Judge (27.3 G: "Normal Soviet garrisoning requirements are in effect"):
the cities Soviet-controlled at the start (27.3 G, 4.1) outside the USSR need their garrisons from the start,
and any city the Soviets take from NATO from then on; a NATO retake frees it (D). The garrison's
size reads the city's Iron Dream VPs (26.6.4 B, map.hexes.HEX.vp); each failure's point lost by
the Soviets counts for NATO (27.10 A)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, grid, is_type, plays
from .supply_play import LHJ, control
from .victory import VALUES, add, cities, city_vp, ledger

EXEMPT = "victory.special_vps.soviet_garrisons.exempt"


def ussr(data: GameData) -> frozenset[str]:
    def read() -> frozenset[str]:
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, "map.countries.ussr", "the hexes of the USSR (26.6.4 A)"))
    return data.derived("eid.countries.ussr", read)


def exempt(data: GameData) -> frozenset[str]:
    """26.6.4 A: the hexes of Odessa, Kiev, Bobruisk and Vitebsk."""
    names = numbers.texts(data, EXEMPT, "the cities never needing a garrison (26.6.4 A)")
    return frozenset(grid(data).canonical(numbers.text(data, f"map.places.{n.lower()}.hex", f"the hex of {n} (26.6.4 A)"))
                     for n in names)


def lhj(data: GameData, state: dict) -> bool:
    """Let History Judge's garrisons (behaviour 3)."""
    return state["scenario"] == LHJ and plays(data, 3)


def validate(data: GameData, state: dict) -> None:
    if state["scenario"] == LHJ and not lhj(data, state):
        return
    ussr(data)
    exempt(data)
    for key in ("garrison_failure", "garrison_steps_one_vp_city", "garrison_steps_larger_city"):
        numbers.integer(data, f"{VALUES}.{key}", f"26.6.4 {key}")
    if lhj(data, state):
        owner = control(data, state)                          # 4.1 at the start (27.3 G: the triangle line's area)
        watched = [h for h in cities(data) if h not in ussr(data) and h not in exempt(data)]
        for hex_id in watched:
            city_vp(data, hex_id)
        book = ledger(state)
        book["garrisons"] = sorted(h for h in watched if owner[h] == "soviet")          # 27.3 G, H
        book["garrison_cities"] = {h: owner[h] for h in watched}


def watch_lhj(data: GameData, state: dict) -> None:
    """After every step in Let History Judge: a city taken from NATO needs a garrison, a NATO
    retake frees it (26.6.4 A, D)."""
    if not lhj(data, state):
        return
    book, owner = ledger(state), control(data, state)
    held = set(book["garrisons"])
    for hex_id, before in sorted(book["garrison_cities"].items()):
        now = owner.get(hex_id, before)
        if before == "western" and now == "soviet":
            held.add(hex_id)
        elif now == "western":
            held.discard(hex_id)
        book["garrison_cities"][hex_id] = now
    book["garrisons"] = sorted(held)


def liberated(data: GameData, state: dict, hex_id: str, before: str, now: str) -> None:
    """Called for each city's change of hands after a step (26.6.4 A, D)."""
    if state["scenario"] == LHJ:
        return
    book = ledger(state)
    held = set(book.get("garrisons", []))
    if before == "axis" and now == "soviet" and hex_id not in ussr(data) and hex_id not in exempt(data):
        held.add(hex_id)
    elif now == "axis":
        held.discard(hex_id)
    book["garrisons"] = sorted(held)


def check(data: GameData, state: dict, events: list) -> None:
    """26.6.4 B-C at the end of the Soviet player-turn (27.10 A: in Let History Judge for NATO)."""
    if state["scenario"] == LHJ and not lhj(data, state):
        return
    if plays(data, 3):
        up_to_date(data, state)                # 26.6.4 C: a city liberated in the turn's last step is checked too
    for hex_id in ledger(state).get("garrisons", []):
        need = numbers.integer(data, f"{VALUES}.garrison_steps_{'one_vp_city' if city_vp(data, hex_id) == 1 else 'larger_city'}",
                               "a garrison's steps (26.6.4 B)")
        steps = sum(u["steps"] for k, u in state["units"].items() if u["side"] == "soviet" and u["hex"] == hex_id
                    and not is_type(data, k, "supply_unit")
                    and unwrap(counter(data, k).get("nation")) not in ("romanian", "bulgarian"))
        if steps < need:
            vp = numbers.integer(data, f"{VALUES}.garrison_failure", "a garrison failure (26.6.4 C)")
            army, vp = ("western", -vp) if state["scenario"] == LHJ else ("soviet", vp)       # 27.10 A
            events.append(add(state, army, Fraction(vp), "26.6.4", f"{hex_id} without a garrison of {need} step(s)", hex_id))


def up_to_date(data: GameData, state: dict) -> None:
    """Behaviour 3: the liberations of the step ending the Soviet player-turn, before its check (the
    watch after every step comes after it; both are idempotent)."""
    if state["scenario"] == LHJ:
        watch_lhj(data, state)
        return
    owner = control(data, state)
    for hex_id, before in sorted(ledger(state)["cities"].items()):
        if before != owner[hex_id]:
            liberated(data, state, hex_id, before, owner[hex_id])
