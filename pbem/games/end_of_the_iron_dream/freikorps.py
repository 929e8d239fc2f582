"""End of the Iron Dream, behaviour 3: Let History Judge's German Freikorps (27.5), NATO units.

- A, C: from Turn 3, one a turn, NATO's Replacement Phase order `freikorps: UNIT, at: HEX` places a
  German infantry corps showing its 3-4-5 side (one step: a reading of "a German 3-4-5 infantry
  corps", as 7.27 names the same side) on a NATO-controlled city of Germany in NATO GS (a line
  from its sources), never Trieste or Ljubljana;
- B: a Freikorps never leaves Greater Germany nor enters a Y hex (moving, retreating, advancing)
  and never assaults a hex outside Greater Germany; its ZOC extends over the border (as any);
- D: it never stacks or assaults with other NATO units but Vlasov (`wa-inf-VLAS`); it is never
  replaced (NATO replacements of Freikorps are refused: WA replacements are not played).
The hexes: `map.countries.germany`, `map.countries.greater_germany`, `map.countries.red_y`,
`map.places.trieste.hex`, `map.places.ljubljana.hex`; a city is `map.hexes.HEX.city`."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .abomb import cloud_problem
from .common import counter, grid, mapdata, plays, stacking_problem
from .supply_play import LHJ, control, lines

KEY = "special.let_history_judge"
ORDER = "NATO places a Freikorps as `freikorps: UNIT, at: HEX` (27.5 A)"
VLASOV = "wa-inf-VLAS"


def members(state: dict) -> list[str]:
    return list(state.get("freikorps", []))


def area(data: GameData, key: str, what: str) -> frozenset[str]:
    def read() -> frozenset[str]:
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, f"map.countries.{key}", what))
    return data.derived(f"eid.countries.{key}", read)


def corps_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    c = counter(data, unit_id)
    reduced = unwrap(c.get("reduced"))
    showing = tuple(unwrap(reduced.get(k)) for k in ("attack", "defense", "movement")) if isinstance(reduced, dict) else ()
    if unwrap(c.get("nation")) != "german" or unwrap(c["type"]) != "infantry" or showing != (3, 4, 5):
        return f"{unit_id} is not a German 3-4-5 infantry corps (27.5 A)"
    if unit_id in state["units"] or any(d["unit"] == unit_id for d in state["dead"]):
        return f"{unit_id} has been in play: Freikorps are never replaced (27.5 D)"
    return None


def place_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """27.5 A, C; a legal one places the corps on `trial`."""
    unit_id, at = order.get("freikorps"), order.get("at")
    if set(order) != {"freikorps", "at"} or not isinstance(unit_id, str) or not isinstance(at, str):
        return ORDER
    if not plays(data, 3) or trial["scenario"] != LHJ or trial["army"] != "western":
        return "only NATO places Freikorps, in Let History Judge (27.5 A; End of the Iron Dream behaviour 3)"
    first = numbers.integer(data, f"{KEY}.freikorps_from_turn", "the first Freikorps turn (27.5 A)")
    if trial["turn"] < first:
        return f"the first Freikorps comes on Turn {first} (27.5 A)"
    per = numbers.integer(data, f"{KEY}.freikorps_per_turn", "the Freikorps per turn (27.5 A)")
    if sum(1 for t in trial.get("freikorps_turns", []) if t == trial["turn"]) >= per:
        return f"{per} Freikorps a turn (27.5 A)"
    if unit_id not in data.get("units.counters", "the unit counters"):
        return f"{unit_id} is not a counter (28.0)"
    why = corps_problem(data, trial, unit_id) or city_problem(data, trial, grid(data).canonical(at))
    hex_id = grid(data).canonical(at)
    why = why or stack_problem(data, trial, unit_id, hex_id) or stacking_problem(data, trial, "western", [unit_id], hex_id) \
        or cloud_problem(trial, hex_id)                                            # 27.6 I (behaviour 4)
    if why:
        return why
    trial["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": 1}
    trial["freikorps"] = sorted([*members(trial), unit_id])
    trial["freikorps_turns"] = [*trial.get("freikorps_turns", []), trial["turn"]]
    return None


def city_problem(data: GameData, trial: dict, hex_id: str) -> str | None:
    """27.5 A: "any supplied, controlled city in Germany, excluding Trieste"; C: nor Ljubljana."""
    barred = {grid(data).canonical(numbers.text(data, f"map.places.{n}.hex", f"the hex of {n.title()} (27.5 C)"))
              for n in ("trieste", "ljubljana")}
    if hex_id in barred:
        return f"Freikorps never enter play via Trieste or Ljubljana ({hex_id}, 27.5 C)"
    germany = area(data, "germany", "the hexes of Germany (27.5 A)")
    if hex_id not in germany or not mapdata(data).has(hex_id, "city"):
        return f"{hex_id} is not a city in Germany (27.5 A)"
    if control(data, trial).get(hex_id) != "western":
        return f"{hex_id} is not NATO-controlled (27.5 A)"
    if hex_id not in lines(data, trial, "western")[4]:
        return f"{hex_id} is not in NATO GS (27.5 A)"
    return None


def stack_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """27.5 D: Freikorps stack with no NATO unit but Vlasov (and each other)."""
    mine = set(members(state))
    here = [k for k, u in state["units"].items() if u["hex"] == hex_id and u["side"] == "western" and k != unit_id]
    if unit_id in mine or unit_id not in state["units"]:
        wrong = [k for k in here if k not in mine and k != VLASOV]
    else:
        wrong = [k for k in here if k in mine] if unit_id != VLASOV else []
    if wrong:
        return f"{unit_id} may not stack with {', '.join(sorted(wrong))}: Freikorps stack only with Vlasov (27.5 D)"
    return None


def enter_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """27.5 B, D for any NATO unit entering a hex (behaviour 3, Let History Judge)."""
    if not plays(data, 3) or state["scenario"] != LHJ or state["units"].get(unit_id, {}).get("side") != "western":
        return None
    if unit_id in members(state):
        if hex_id not in area(data, "greater_germany", "the hexes of Greater Germany (27.5 B)"):
            return f"{unit_id} is a Freikorps: it may never leave Greater Germany, not into {hex_id} (27.5 B)"
        if hex_id in area(data, "red_y", "the red Y hexes (27.5 B)"):
            return f"{unit_id} is a Freikorps: it may not enter the Y hex {hex_id} (27.5 B)"
    return stack_problem(data, state, unit_id, hex_id) if members(state) else None


def assault_problem(data: GameData, state: dict, units: list[str], targets: list[str]) -> str | None:
    """27.5 B: never assault out of Greater Germany; D: only with Vlasov."""
    if not plays(data, 3) or state["scenario"] != LHJ:
        return None
    corps = [u for u in units if u in members(state)]
    if not corps:
        return None
    others = [u for u in units if u not in corps and u != VLASOV]
    if others:
        return f"{corps[0]} is a Freikorps: it assaults with no NATO unit but Vlasov, not with {others[0]} (27.5 D)"
    outside = [h for h in targets if h not in area(data, "greater_germany", "the hexes of Greater Germany (27.5 B)")]
    if outside:
        return f"{corps[0]} is a Freikorps: it may not assault out of Greater Germany, not {outside[0]} (27.5 B)"
    return None
