"""End of the Iron Dream, behaviour 4: Let History Judge's holding boxes and SUs at the start
(27.3 K, 27.4 C, K), checked on the agreed position when the campaign starts (`pbem new` refuses a
position that breaks them, naming each rule):

- 27.3 K: "All eight Soviet SUs are on board at the start" (every Soviet SU counter on the map; the
  one a turn is supply.py's);
- 27.4 C: "The US 23rd and 36th corps (marked with asterisks) may start out in either theater
  holding box, along with three invasion-port counters": the two corps start in the ETO or MTO box
  (27.4 A: at full strength; never on the map: the scenario's 27.4 E placement excepts them), and
  the three counters are split between the two boxes as NATO chooses
  (`positions.NAME.invasion_ports: {eto: N, mto: M}`, N + M the scenario's three; 14.8 A's one and
  two are Iron Dream's);
- 27.4 K: "All eight SUs may be set up anywhere in NATO territory, including holding boxes": every WA
  SU counter on the map or in a theater box; no other NATO unit starts in a box (27.4 E: "The rest of
  NATO forces set up anywhere in friendly-controlled territory");
- the German Replacement Army Holding Box is empty: Let History Judge has no Axis player (27.1).
The numbers and units are the scenario file's (scenarios/end-of-the-iron-dream/let-history-judge.yaml)."""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, load_scenario
from .common import full_steps
from .supply_units import counters_of

THEATERS = ("eto", "mto")


def placements(state: dict, step_id: str) -> list[dict]:
    scenario = load_scenario("end-of-the-iron-dream", state["scenario"])[0]
    return list(next(s for s in scenario["setup"]["steps"] if str(s["id"]) == step_id)["placements"])


def start(data: GameData, state: dict) -> None:
    """The checks above, then the three invasion-port counters where the position puts them."""
    boxed = next(p for p in placements(state, "27.4") if "invasion_ports" in p)
    found = problems(data, state, [str(u) for u in boxed["units"]])
    ports, why = invasion_ports(data, state, int(boxed["invasion_ports"]))
    found += [why] if why else []
    if found:
        raise PbemError(f"data `positions.{state['position']}`: the Let History Judge set-up: " + "; ".join(found),
                        data.override_file)
    state["invasion_ports"] = {**ports, "ashore": []}


def problems(data: GameData, state: dict, corps: list[str]) -> list[str]:
    boxes, units = state["boxes"], state["units"]
    out = []
    soviet = [u for u in counters_of(data, "soviet") if u not in units]
    if soviet:
        out.append(f"all eight Soviet SUs are on board at the start: {', '.join(soviet)} not (27.3 K)")
    in_boxes = {u: b for b in THEATERS for u in boxes[b]}
    away = [u for u in corps if u not in in_boxes]
    if away:
        out.append(f"{', '.join(away)} start in a theater holding box (eto or mto) (27.4 C)")
    weak = sorted(u for u, b in in_boxes.items() if boxes[b][u] < full_steps(data, u))
    if weak:
        out.append(f"NATO sets up at full strength: {', '.join(weak)} (27.4 A)")
    sus = counters_of(data, "western")
    missing = [u for u in sus if u not in units and u not in in_boxes]
    if missing:
        out.append(f"all eight NATO SUs are set up, on the map or in a holding box: {', '.join(missing)} not (27.4 K)")
    other = sorted(u for u in in_boxes if u not in corps and u not in sus)
    if other:
        out.append(f"only the 23rd and 36th corps and SUs start in the holding boxes, not {', '.join(other)} (27.4 C, E, K)")
    if boxes["german"]:
        out.append(f"the German Replacement Army box is empty in Let History Judge: {', '.join(sorted(boxes['german']))} (27.1)")
    return out


def invasion_ports(data: GameData, state: dict, count: int) -> tuple[dict[str, int], str | None]:
    """27.4 C: the three counters, in the boxes NATO chooses."""
    path = f"positions.{state['position']}.invasion_ports"
    given = data.get(path, "the invasion-port counters NATO sets up in each theater holding box (27.4 C)")
    if not isinstance(given, dict) or set(given) != set(THEATERS) or not all(isinstance(given[b], int) and given[b] >= 0
                                                                           for b in THEATERS):
        return {}, f"`{path}` must be `{{eto: N, mto: M}}` (27.4 C)"
    if sum(given.values()) != count:
        return {}, f"the {count} invasion-port counters start in the holding boxes, not {sum(given.values())} (27.4 C)"
    return {b: int(given[b]) for b in THEATERS}, None
