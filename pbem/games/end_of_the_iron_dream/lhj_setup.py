"""End of the Iron Dream, behaviour 3: Let History Judge's set-up limits (27.3, 27.4), checked on
the position the group agrees on when the campaign starts (`pbem new` refuses a position that
breaks them, naming each rule):

- 27.3 E: exactly the listed Soviet units start depleted (by printed strength: 7 × 7-8-5, 2 ×
  9-9-6, 3 × 8-9-6, 1 × 12-9-5); H: each on a front-line triangle hex
  (`map.setup_areas.lhj_triangle_line`), never an at-start garrison;
- 27.3 F: the four Yugoslav armies anywhere in Yugoslavia but Trieste;
- 27.3 I: within 1 hex of Königsburg at least 6 × 7-8-5, 1 × 8-9-6, 1 × 9-9-6; within 2 of Riga
  at least 5 × 7-8-5, 1 × 8-9-6 (a reading: "must deploy as follows" lists what must be there);
- 27.3 J: every triangle hex holds a Soviet unit;
- 27.4 A: NATO at full strength; B: Vlasov in Prague; D: one CW corps marked I in Trieste;
- 27.9 E: no NATO unit sets up in Turkey (`map.countries.turkey`); in play NATO units enter only
  its clear hexes (`turkey_problem`, for every move, retreat and advance).
The numbers and units are the scenario file's (scenarios/end-of-the-iron-dream/let-history-judge.yaml)."""

from __future__ import annotations

from collections import Counter

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, full_steps, grid, mapdata, plays
from .supply_play import LHJ


def strength(data: GameData, unit_id: str) -> str:
    """The printed full-strength factors, as 27.3 names them: "7-8-5"."""
    c = counter(data, unit_id)
    return f"{unwrap(c['attack'])}-{unwrap(c['defense'])}-{unwrap(c['movement'])}"


def place(data: GameData, name: str, rule: str) -> str:
    return grid(data).canonical(numbers.text(data, f"map.places.{name}.hex", f"the hex of {name.title()} ({rule})"))


def soviet_step(scenario: dict) -> dict:
    return next(s for s in scenario["setup"]["steps"] if str(s["id"]) == "27.3")


def nato_step(scenario: dict) -> dict:
    return next(s for s in scenario["setup"]["steps"] if str(s["id"]) == "27.4")


def validate(data: GameData, scenario: dict, state: dict) -> None:
    if state["scenario"] != LHJ:
        return
    found = soviet_problems(data, scenario, state) + nato_problems(data, scenario, state)
    if found:
        raise PbemError(f"data `positions.{state['position']}`: the Let History Judge set-up: " + "; ".join(found))


def soviet_problems(data: GameData, scenario: dict, state: dict) -> list[str]:
    g, units = grid(data), state["units"]
    step = soviet_step(scenario)
    triangles = {g.canonical(h) for h in numbers.texts(data, "map.setup_areas.lhj_triangle_line", "the red triangle hexes (27.3 G)")}
    soviets = {k: u for k, u in units.items() if u["side"] == "soviet" and unwrap(counter(data, k).get("nation")) != "yugoslav"}
    depleted = {k: u for k, u in soviets.items() if u["steps"] < full_steps(data, k)}
    out = []
    wanted = {str(k): int(v) for k, v in unwrap(step["choice"]["counts"]).items()}
    have = Counter(strength(data, k) for k in depleted)
    if dict(have) != wanted:
        out.append(f"the depleted Soviet units must be {', '.join(f'{n} x {s}' for s, n in wanted.items())}, not "
                   f"{', '.join(f'{n} x {s}' for s, n in sorted(have.items())) or 'none'} (27.3 E)")
    off = sorted(k for k, u in depleted.items() if u["hex"] not in triangles)
    if off:
        out.append(f"depleted units start on the front-line triangle hexes, never as garrisons: {', '.join(off)} (27.3 H)")
    empty = sorted(h for h in triangles if not any(u["hex"] == h for u in soviets.values()))
    if empty:
        out.append(f"every triangle hex needs a Soviet unit: {', '.join(empty)} (27.3 J)")
    for need in step["deployment"]["requirements"]:
        centre = place(data, str(need["of_place"]), "27.3 I")
        near = Counter(strength(data, k) for k, u in soviets.items() if g.distance(u["hex"], centre) <= int(need["within_hexes"]))
        short = {s: n for s, n in need["units"].items() if near[s] < int(n)}
        if short:
            out.append(f"within {need['within_hexes']} hex(es) of {str(need['of_place']).title()} ({centre}) the Soviets deploy "
                       f"{', '.join(f'{n} x {s}' for s, n in need['units'].items())} (27.3 I)")
    return out + yugoslav_problems(data, state)


def yugoslav_problems(data: GameData, state: dict) -> list[str]:
    """27.3 F: "The four Yugoslav armies set up anywhere in Yugoslavia except Trieste"."""
    from .yugoslavia import hexes
    trieste = place(data, "trieste", "27.3 F")
    wrong = sorted(k for k, u in state["units"].items() if unwrap(counter(data, k).get("nation")) == "yugoslav"
                   and (u["hex"] not in hexes(data) or u["hex"] == trieste))
    return [f"the Yugoslav armies set up in Yugoslavia except Trieste: {', '.join(wrong)} (27.3 F)"] if wrong else []


def nato_problems(data: GameData, scenario: dict, state: dict) -> list[str]:
    units = state["units"]
    out = []
    weak = sorted(k for k, u in units.items() if u["side"] == "western" and u["steps"] < full_steps(data, k))
    if weak:
        out.append(f"NATO sets up at full strength: {', '.join(weak)} (27.4 A)")
    turkish = sorted(k for k, u in units.items() if u["side"] == "western" and u["hex"] in turkey(data))
    if turkish:
        out.append(f"NATO units may not set up in Turkey: {', '.join(turkish)} (27.9 E)")
    for placement in nato_step(scenario)["placements"]:
        where = placement.get("where", {})
        if "place" not in where:
            continue
        hex_id = place(data, str(where["place"]), "27.4")
        if "units" in placement:
            away = [str(u) for u in placement["units"] if units.get(str(u), {}).get("hex") != hex_id]
            if away:
                out.append(f"{', '.join(away)} must be set up in {str(where['place']).title()} ({hex_id}) (27.4 B)")
        elif "one_of" in placement and not any(units.get(str(u), {}).get("hex") == hex_id for u in placement["one_of"]):
            out.append(f"one of {', '.join(map(str, placement['one_of']))} must be set up in "
                       f"{str(where['place']).title()} ({hex_id}) (27.4 D)")
    return out


def turkey(data: GameData) -> frozenset[str]:
    def read() -> frozenset[str]:
        return frozenset(grid(data).canonical(h) for h in numbers.texts(data, "map.countries.turkey", "the hexes of Turkey (27.9 E)"))
    return data.derived("eid.countries.turkey", read)


def turkey_problem(data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
    """27.9 E: NATO units "may enter clear terrain hexes" of Turkey in this scenario, no others."""
    if not plays(data, 3) or state["scenario"] != LHJ or state["units"].get(unit_id, {}).get("side") != "western":
        return None
    if hex_id in turkey(data) and mapdata(data).terrain(hex_id) != "clear":
        return f"{unit_id} may enter only the clear hexes of Turkey, not {hex_id} (27.9 E)"
    return None
