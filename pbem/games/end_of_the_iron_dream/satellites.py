"""End of the Iron Dream, behaviour 2: Romanian and Bulgarian defection (19.1.1, 19.2.2) and their
VPs (26.6.2), Iron Dream only. The countries' hexes are the map's (map.countries.romania,
map.countries.bulgaria), required at set-up.
- 19.1.1 B-C: at the end of a Soviet player-turn with 14 Romanian hexes under Soviet control,
  Romania leaves the Axis: every Romanian unit leaves the map and the dead pile for the Soviets
  (D, their return at Bucharest, is not written yet); E: no hex changes hands;
- 19.2.2: the instant a Soviet combat unit stands next to Bulgaria's border (or in it), Bulgaria
  defects: all its hexes become Soviet-controlled and the Bulgarian army Soviet (19.2.3);
- 26.6.2: at the end, each of the two still in the Axis camp gives Germany 4 VPs (east of the line
  in the two-player count: both lie east of Berlin)."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, grid, is_type
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
    numbers.integer(data, f"{KEY}.romania.defects_at_soviet_controlled", "the Romanian hexes of Romania's defection (19.1.1 B)")
    numbers.integer(data, f"{VALUES}.satellite_still_axis", "the VPs of a satellite still Axis (26.6.2)")


def defected(state: dict) -> dict:
    return ledger(state).setdefault("defected", {})


def of_nation(data: GameData, unit_id: str, nation: str) -> bool:
    return unwrap(counter(data, unit_id).get("nation")) == nation


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step: 19.2.2 Bulgaria's defection."""
    if state["scenario"] == LHJ or "bulgaria" in defected(state):
        return
    bulgaria, g = country(data, "bulgaria"), grid(data)
    near = any(u["side"] == "soviet" and not is_type(data, k, "non_combat")
               and (u["hex"] in bulgaria or any(n in bulgaria for n in g.neighbours(u["hex"])))
               for k, u in state["units"].items())
    if not near:
        return
    defected(state)["bulgaria"] = state["turn"]
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
    defected(state)["romania"] = state["turn"]
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
