"""End of the Iron Dream, behaviour 2: reinforcements (7.3-7.10), as orders of the Replacement
Phase part of the first Operational Movement file (5.1.1 C, 5.3.1):

- Axis `place: UNIT, at: HEX`: a German reinforcement placed on a Wehrkreis city, Warsaw or Prague
  that is German-controlled and in GS (7.5), at no MP cost (7.9), stacking observed (7.10); its
  operational MA is doubled this player-turn (7.7 A); withheld units stay off the map (7.8);
- Soviet `enter: UNIT, path: [HEX, ...]`: a reinforcement entering on a Soviet-controlled hex of
  the east edge, paying normal terrain costs from there (7.3, 5.3.1), stacking observed (7.10).

Which unit arrives on which turn is printed on the counters (2.14): the campaign gives it as
`reinforcements.reinforcements.schedule: {"TURN": [UNIT, ...]}` (turns quoted); the Wehrkreis hexes as
`reinforcements.reinforcements.german.wehrkreis_hexes`. WA reinforcements arrive in the holding
boxes (7.1), not modelled."""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, full_steps, grid, plays, stacking_problem
from .supply_play import control, lines

SCHEDULE = "reinforcements.reinforcements.schedule"
PLACE = "a German reinforcement is `place: UNIT, at: HEX` (7.5); a Soviet one `enter: UNIT, path: [HEX, ...]` (7.3)"


def due(data: GameData, state: dict, army: str) -> list[str]:
    """The army's reinforcements of this turn or earlier (7.4, 7.8: withheld ones stay due) not on
    the map and never in the dead pile."""
    schedule = data.get(SCHEDULE, "the turn of arrival of each reinforcement, printed on its counter (2.14)")
    if not isinstance(schedule, dict):
        raise PbemError(f"data `{SCHEDULE}` must map a turn to a list of units, not {schedule!r}", data.override_file)
    gone = {d["unit"] for d in state["dead"]} | {u for box in state.get("boxes", {}).values() for u in box} \
        | set((state.get("invasion_force") or {}).get("units", {}))              # 7.1, 7.22; at sea (14.17 D)
    out = []
    for turn, units in sorted(schedule.items(), key=lambda kv: int(kv[0])):
        if int(turn) <= state["turn"]:
            out += [str(u) for u in unwrap(units) if str(u) not in state["units"] and str(u) not in gone
                    and str(counter(data, str(u))["side"]) == army]
    if plays(data, 3) and army == "soviet":                # 7.20 recreated off the board; 7.28 the Polish 2nd Army
        from .recreated import POLISH, polish_due
        out += sorted(state.get("off_board", {})) + ([POLISH] if polish_due(state) and POLISH not in out else [])
    return out


def entry_hexes(data: GameData, state: dict) -> set[str]:
    """7.5 A-B: the Wehrkreis cities, Warsaw and Prague, German-controlled and in GS (a line
    reaches the hex; an EZOC in it is negated only by a German combat unit already there)."""
    g = grid(data)
    hexes = {g.canonical(h) for h in numbers.texts(data, "reinforcements.reinforcements.german.wehrkreis_hexes",
                                                    "the hexes of the Wehrkreis cities (7.5)")}
    from .warsaw import closed                                   # 7.5 B, 26.6.9 D
    hexes |= {g.canonical(numbers.text(data, f"map.places.{city}.hex", f"the hex of {city.title()} (7.5 B)"))
              for city in ("warsaw", "prague") if not (city == "warsaw" and closed(state))}
    owner, _, _, _, reach = lines(data, state, "axis")
    from .supply_play import collapsed
    if "boxes" in state and collapsed(state):                       # behaviour 3, 16.10: "GS is for once not a consideration"
        return {h for h in hexes if owner.get(h) == "axis"}
    return {h for h in hexes if owner.get(h) == "axis" and h in reach}


def wehrkreis_problem(data: GameData, trial: dict, unit_id: str, hex_id: str, where_rule: str,
                      stacking_rule: str) -> str | None:
    """A German unit placed on the map: a German-controlled Wehrkreis city, Warsaw or Prague in GS
    (7.5; recreated units too, 7.22 A), within the stacking limit."""
    allowed = entry_hexes(data, trial)
    if hex_id not in allowed:
        return (f"{hex_id} is not a German-controlled Wehrkreis city, Warsaw or Prague in GS ({where_rule}): "
                f"{', '.join(sorted(allowed)) or 'none'}")
    crowd = stacking_problem(data, trial, "axis", [unit_id], hex_id)
    return f"{crowd} ({stacking_rule})" if crowd else None


def place_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """7.5, 7.9, 7.10 for one German placement; a legal one places it on `trial`."""
    unit_id, at = order.get("place"), order.get("at")
    if set(order) != {"place", "at"} or not isinstance(unit_id, str) or not isinstance(at, str):
        return PLACE
    if trial["army"] != "axis":
        return "only the Axis places reinforcements on the map in its Reinforcement Phase (7.5; 7.3 the Soviets enter)"
    if plays(data, 3) and unit_id in data.get("units.counters", "the unit counters"):
        from .flak import flak, place_problem as flak_place             # 25.2 A-C
        if flak(data, unit_id):
            return flak_place(data, trial, unit_id, at)
    boxed = unit_id in trial.get("boxes", {}).get("german", {})                  # 7.22 A: out of the box
    if unit_id not in due(data, trial, "axis") and not boxed:
        return f"{unit_id} is not an Axis reinforcement due by Turn {trial['turn']} (2.14, {SCHEDULE})"
    hex_id = grid(data).canonical(at)
    why = wehrkreis_problem(data, trial, unit_id, hex_id, "7.5", "7.10")
    if why:
        return why
    steps = trial["boxes"]["german"].pop(unit_id) if boxed else full_steps(data, unit_id)
    trial["units"][unit_id] = {"side": "axis", "hex": hex_id, "steps": steps}
    trial["arrived"] = {"turn": trial["turn"], "units": [*arrived(trial), unit_id]}
    return None


def arrived(state: dict) -> list[str]:
    done = state.get("arrived")
    return list(done["units"]) if done and done["turn"] == state["turn"] else []


def doubled(state: dict, unit_id: str) -> bool:
    """7.7 A: "German units have their operational MAs doubled the turn they appear on the board"."""
    return state["army"] == "axis" and unit_id in arrived(state)


def entry_problem(data: GameData, state: dict, order: dict) -> tuple[str | None, str, list[str]]:
    """7.3 for one Soviet entry: (problem, unit, path) — the path's first hex a Soviet-controlled
    east-edge hex; the move itself is then checked as any move, from off the board."""
    unit_id, path = order.get("enter"), order.get("path")
    if set(order) != {"enter", "path"} or not isinstance(unit_id, str) or not isinstance(path, list) or not path:
        return PLACE, "", []
    if plays(data, 3) and state["army"] == "axis":                                  # 25.4 B: the Greece corps
        from .greece import entry_problem as greece_entry
        steps = [grid(data).canonical(str(h)) for h in path]
        return greece_entry(data, state, unit_id, steps), unit_id, steps
    if plays(data, 3) and state["army"] == "western" and state["scenario"] == "let-history-judge":   # 27.9 B
        from .greece_lhj import entry_problem as greece_lhj_entry
        steps = [grid(data).canonical(str(h)) for h in path]
        return greece_lhj_entry(data, state, unit_id, steps), unit_id, steps
    if state["army"] != "soviet":
        return "only Soviet reinforcements enter from the east edge (7.3)", "", []
    if state["scenario"] == "let-history-judge" and plays(data, 3):
        return "the Soviets receive no reinforcements in Let History Judge (27.3 D)", "", []
    from .supply_units import due as sus_due, is_su               # behaviour 3: 15.23.3 B the SUs received
    if is_su(data, unit_id) and unit_id not in sus_due(state, "soviet"):
        return f"{unit_id} is not an SU the Soviets received: two a turn (15.23.3 B)", "", []
    if not is_su(data, unit_id) and unit_id not in due(data, state, "soviet"):
        return f"{unit_id} is not a Soviet reinforcement due by Turn {state['turn']} (2.14, {SCHEDULE})", "", []
    if plays(data, 3) and unit_id == numbers.text(data, "special.yugoslavia.fourth_army_counter", "the Yugoslav 4th Army (28.4)"):
        return f"{unit_id} arrives atop a Yugoslav army: `place: {unit_id}, at: HEX` (20.5 B)", "", []
    g = grid(data)
    path = [g.canonical(str(h)) for h in path]
    if plays(data, 3) and unit_id == "pl-inf-P2" and "polish_2nd" in state:                  # 7.28
        from .recreated import polish_entry_problem
        return polish_entry_problem(data, state, path[0]), unit_id, path
    edge = {g.canonical(h) for h in numbers.texts(data, "map.edges.east", "the hexes of the map's east edge (15.13)")}
    if path[0] not in edge or control(data, state).get(path[0]) != "soviet":
        return f"{path[0]} is not a Soviet-controlled hex of the east edge (7.3)", "", []
    return None, unit_id, path
