"""End of the Iron Dream, behaviour 2: Romanian and Bulgarian defection (19.1.1, 19.2.2) and their
VPs (26.6.2), Iron Dream only. The countries' hexes are the map's (map.countries.romania,
map.countries.bulgaria), required at set-up.
- 19.1.1 B-C: at the end of a Soviet player-turn with 14 Romanian hexes under Soviet control,
  Romania leaves the Axis: every Romanian unit leaves the map and the dead pile for the Soviets
  (D, their return at Bucharest, is not written yet); E: no hex changes hands;
- 19.2.2: the instant a Soviet combat unit stands next to Bulgaria's border (or in it), Bulgaria
  defects: all its hexes become Soviet-controlled and the Bulgarian army Soviet (19.2.3);
- 19.1.4 A, 19.2, 19.3 A, E: while Axis, Romanians never leave Romania, stack with Hungarians or
  assault; German units never end a move in Axis Bulgaria; Hungarians never leave Hungary nor
  attack out of it from inside;
- 26.6.2: at the end, each of the two still in the Axis camp gives Germany 4 VPs (east of the line
  in the two-player count: both lie east of Berlin)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import abomb, freikorps, lhj_setup
from .common import army_of, counter, grid, is_type, plays
from .supply_play import LHJ, control
from .victory import VALUES, add, ledger

KEY = "special.satellites"


def country(data: GameData, name: str) -> frozenset[str]:
    def read() -> frozenset[str]:
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, f"map.countries.{name}", f"the hexes of {name.title()} (19.0)"))
    return data.derived(f"eid.countries.{name}", read)


def validate(data: GameData, state: dict) -> None:
    if state["scenario"] == LHJ:
        return
    country(data, "romania")
    country(data, "bulgaria")
    country(data, "hungary")
    numbers.integer(data, f"{KEY}.romania.defects_at_soviet_controlled", "the Romanian hexes of Romania's defection (19.1.1 B)")
    numbers.integer(data, f"{VALUES}.satellite_still_axis", "the VPs of a satellite still Axis (26.6.2)")
    if plays(data, 3):
        from .yugoslavia import validate_3
        validate_3(data)                                             # 20.4, 20.5 B


def defected(state: dict) -> dict:
    """The countries that left the Axis -> the turn (read only: checks call it)."""
    found = state.get("victory", {}).get("defected", {})
    return dict(found)


def mark(state: dict, name: str) -> None:
    ledger(state)["defected"] = {**defected(state), name: state["turn"]}


def of_nation(data: GameData, unit_id: str, nation: str) -> bool:
    return unwrap(counter(data, unit_id).get("nation")) == nation


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: 19.2.2 Bulgaria's defection; behaviour 3: 19.2.1 the first Red Army unit in
    Bulgaria, 19.3 F the Hungarian deaths."""
    if state["scenario"] == LHJ:
        return
    if plays(data, 3):
        from .recreate import watch as deaths                      # recreate imports nothing of this module
        deaths(data, state, events)
        red_army_entry(data, state)
    if "bulgaria" in defected(state):
        return
    bulgaria, g = country(data, "bulgaria"), grid(data)
    near = any(u["side"] == "soviet" and not is_type(data, k, "non_combat")
               and (u["hex"] in bulgaria or any(n in bulgaria for n in g.neighbours(u["hex"])))
               for k, u in state["units"].items())
    if not near:
        return
    mark(state, "bulgaria")
    state["control"] = dict(sorted({**state.get("control", {}), **{h: "soviet" for h in bulgaria}}.items()))
    for unit_id in sorted(u for u in state["units"] if of_nation(data, u, "bulgarian")):
        state["units"][unit_id]["side"] = "soviet"
    events.append({"event": "defection", "country": "Bulgaria", "rule": "19.2.2"})


def end_of_soviet_turn(data: GameData, state: dict, events: list) -> None:
    """19.1.1 B-C at the end of the Soviet player-turn."""
    if state["scenario"] == LHJ or "romania" in defected(state):
        return
    owner = control(data, state)
    held = sum(1 for h in country(data, "romania") if owner.get(h) == "soviet")
    if held < numbers.integer(data, f"{KEY}.romania.defects_at_soviet_controlled", "19.1.1 B"):
        return
    mark(state, "romania")
    gone = sorted(u for u in state["units"] if of_nation(data, u, "romanian"))
    for unit_id in gone:
        state["units"].pop(unit_id)
    state["dead"] = [d for d in state["dead"] if not of_nation(data, d["unit"], "romanian")]
    events.append({"event": "defection", "country": "Romania", "rule": "19.1.1", "units": gone})


def end_entries(data: GameData, state: dict) -> list[dict]:
    """26.6.2: Bulgaria and Romania still Axis at the end: 4 VPs each to Germany."""
    if state["scenario"] == LHJ:
        return []
    vp = Fraction(numbers.integer(data, f"{VALUES}.satellite_still_axis", "26.6.2"))
    return [add(state, "axis", vp, "26.6.2", f"{name.title()} still in the Axis camp", None)
            for name in ("bulgaria", "romania") if name not in defected(state)]


# -- the satellites' restrictions while in the Axis camp (19.1.4 A, 19.2, 19.3 A, E) -----------------
def nation(data: GameData, unit_id: str) -> str:
    return str(unwrap(counter(data, unit_id).get("nation")))


def enter_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """19.1.4 A: Axis Romanians never leave Romania nor stack with Hungarians; 19.3 A: no Hungarian
    unit ever leaves Hungary (the 1st Army, outside at the start, leaves its hex only into Hungary)."""
    corps = freikorps.enter_problem(data, state, unit_id, hex_id) \
        or lhj_setup.turkey_problem(data, state, unit_id, hex_id) \
        or abomb.cloud_problem(state, hex_id)                               # 27.5 B, D; 27.9 E (behaviour 3); 27.6 I (4)
    if corps:
        return corps
    if nation(data, unit_id) == "bulgarian":
        return sofia_problem(data, state, unit_id, hex_id)            # Axis or Soviet (19.2.1)
    if not plays(data, 2) or state["scenario"] == LHJ or army_of(state, unit_id) != "axis":
        return None
    kind = nation(data, unit_id)
    if kind not in ("romanian", "hungarian"):
        return None
    here = [nation(data, u) for u, v in state["units"].items() if v["hex"] == hex_id and u != unit_id and v["side"] == "axis"]
    if kind == "romanian":
        if hex_id not in country(data, "romania"):
            return f"{unit_id} may never leave Romania while Romania is Axis, not into {hex_id} (19.1.4 A)"
        return f"{unit_id} may never stack with Hungarian units ({hex_id}, 19.1.4 A)" if "hungarian" in here else None
    if hex_id not in country(data, "hungary"):
        return f"{unit_id} may never leave Hungary, not into {hex_id} (19.3 A)"
    return f"{unit_id} may never stack with Axis Romanian units ({hex_id}, 19.1.4 A)" if "romanian" in here else None


def end_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """19.2: German units may cross Axis Bulgaria but never end a phase there."""
    if not plays(data, 2) or state["scenario"] == LHJ or "bulgaria" in defected(state) or nation(data, unit_id) != "german":
        return None
    if hex_id in country(data, "bulgaria"):
        return f"{unit_id} may cross Bulgaria but never end a phase there while it is Axis, not in {hex_id} (19.2)"
    return None


def assault_problem(data: GameData, state: dict, units: list[str], targets: list[str]) -> str | None:
    """19.1.4 A: Axis Romanians never assault; 19.3 E: Hungarian units within Hungary never attack
    hexes outside it; 27.5 B, D the Freikorps (behaviour 3)."""
    corps = freikorps.assault_problem(data, state, units, targets)
    if corps:
        return corps
    if not plays(data, 2) or state["scenario"] == LHJ:
        return None
    hungary = country(data, "hungary")
    for unit_id in units:
        if army_of(state, unit_id) != "axis":
            continue
        if nation(data, unit_id) == "romanian":
            return f"{unit_id} may not take part in any assault while Romania is Axis (19.1.4 A)"
        if nation(data, unit_id) == "hungarian" and state["units"][unit_id]["hex"] in hungary \
                and any(h not in hungary for h in targets):
            return f"{unit_id} in Hungary may not attack out of Hungary (19.3 E)"
    return None


# -- behaviour 3: 19.2 the Bulgarian army held in Sofia, retreats not ending in Axis Bulgaria ------
def red_army_entry(data: GameData, state: dict) -> None:
    """19.2.1: the player-turn a Red Army unit (a Soviet counter of no other nation: not Polish,
    Yugoslav, Romanian or Bulgarian) first stands in Bulgaria."""
    if "red_army_in_bulgaria" in state.get("satellites", {}):
        return
    bulgaria = country(data, "bulgaria")
    if any(u["side"] == "soviet" and u["hex"] in bulgaria and unwrap(counter(data, k).get("nation")) is None
           and not is_type(data, k, "non_combat") for k, u in state["units"].items()):
        state.setdefault("satellites", {})["red_army_in_bulgaria"] = {"turn": state["turn"], "army": state["army"]}


def held_in_sofia(data: GameData, state: dict) -> bool:
    """19.2.1: the Bulgarian army "must remain" in Sofia "until the Soviet player-turn after a Red
    Army unit has entered the country"."""
    entry = state.get("satellites", {}).get("red_army_in_bulgaria")
    if entry is None:
        return True
    order = state["turn_order"]
    soviet = order.index("soviet")
    free = (entry["turn"], soviet) if order.index(entry["army"]) < soviet else (entry["turn"] + 1, soviet)
    return (state["turn"], order.index(state["army"])) < free


def sofia_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """19.2.1 (behaviour 3): the Bulgarian army never leaves Sofia (moving, retreating, advancing)
    while held there."""
    if not plays(data, 3) or state["scenario"] == LHJ or nation(data, unit_id) != "bulgarian":
        return None
    sofia = grid(data).canonical(numbers.text(data, "map.places.sofia.hex", "the hex of Sofia (19.2.1)"))
    if hex_id != sofia and held_in_sofia(data, state):
        return (f"{unit_id} must remain in Sofia ({sofia}) until the Soviet player-turn after a Red Army unit "
                "has entered Bulgaria (19.2.1)")
    return None


def retreat_end_problem(data: GameData, state: dict, unit_id: str, path: list[str], how: str = "retreat") -> str | None:
    """19.2 (behaviour 3): "Retreats through, but not ending in, Axis Bulgarian territory are likewise
    allowed" (for German units, as their moves); an advance after combat (`how`) ends a phase's
    movement there too ("they may not end any phase of their player-turn there")."""
    if not plays(data, 3) or not path:
        return None
    found = end_problem(data, state, unit_id, grid(data).canonical(path[-1]))
    return found.replace("may cross Bulgaria but never end a phase there", f"may {how} through Bulgaria but not end there") \
        if found else None
