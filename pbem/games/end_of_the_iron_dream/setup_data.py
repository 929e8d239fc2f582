"""End of the Iron Dream: reading the set-up of a scenario file (3.0-3.11, 27.3-27.4) against
the counters (rules/end-of-the-iron-dream/units.yaml, 28.0). The file's shape is described in
docs/end-of-the-iron-dream-data.md.

Sequence-table use: the game's `setup()` calls `placements(data, scenario)` to list, step by
step, which units each army places and where (`where.hexes_path` is the data path of the hex
list, `unknown` until the campaign's override gives it: read it with kit.numbers.texts so the
refusal names the path); `setup_problems(data, scenario)` is the consistency check `pbem new`
runs before the first set-up answer is asked for."""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ..base import Problem


def counters(data: GameData) -> dict[str, dict]:
    """Unit id -> its counter (28.0), as units.yaml `counters` gives it (plus any override)."""
    value = data.get("units.counters", "the counter list (28.0)")
    return {k: v for k, v in value.items() if isinstance(v, dict)}


def marked(data: GameData, army: str, code: str) -> list[str]:
    """The army's units with `code` in their upper-left corner (2.14)."""
    return sorted(u for u, c in counters(data).items() if c.get("side") == army and str(c.get("code")) == code)


def placement_units(data: GameData, army: str, placement: dict) -> list[str]:
    """The unit ids one placement puts on the map: `units:` as listed, `units_all_of:` (id
    prefixes, e.g. `su-inf` for every Soviet infantry army, 3.10 A) less `except:` and the units
    of `except_marked:`, or `units_marked:` (the placing army's units with that set-up code,
    27.4 D). A `one_of:` placement is a choice among units another placement also covers."""
    if "units" in placement:
        ids = [str(u) for u in placement["units"]]
    elif "units_all_of" in placement:
        prefixes = [f"{p}-" for p in placement["units_all_of"]]
        ids = sorted(u for u in counters(data) if any(u.startswith(p) for p in prefixes))
    elif "units_marked" in placement:
        ids = marked(data, army, str(placement["units_marked"]))
    else:
        return []
    excluded = {str(u) for u in placement.get("except", [])}
    if "except_marked" in placement:
        excluded |= set(marked(data, army, str(placement["except_marked"])))
    return [u for u in ids if u not in excluded]


def placements(data: GameData, scenario: dict) -> list[tuple[str, str, dict, list[str]]]:
    """(step id, placing army, placement, its unit ids) for every placement, in set-up order."""
    out = []
    for step in scenario["setup"]["steps"]:
        for placement in step.get("placements", []):
            army = str(step["by"])
            out.append((str(step["id"]), army, placement, placement_units(data, army, placement)))
    return out


def not_in_scenario(scenario: dict) -> set[str]:
    """The units a scenario leaves out (3.11 G; 27.3 B, 27.4 A): `not_in_scenario` is one list
    or a mapping of lists (non-list entries, such as 27.3 C's "no Shock Fronts", are not units)."""
    value = unwrap(scenario["not_in_scenario"])
    lists = [value] if isinstance(value, list) else [unwrap(v) for v in value.values()]
    return {str(u) for one in lists if isinstance(one, list) for u in one}


def setup_problems(data: GameData, scenario: dict) -> list[Problem]:
    """What would make the set-up impossible to carry out (3.0): a unit that is not a counter,
    placed twice, placed by an army that does not command it, or a unit the scenario excludes."""
    known = counters(data)
    problems: list[Problem] = []
    placed: dict[str, str] = {}
    excluded = not_in_scenario(scenario)
    for step_id, army, _placement, units in placements(data, scenario):
        for unit in units:
            if unit not in known:
                problems.append(Problem(None, f"set-up {step_id}: {unit} is not a counter of units.counters (28.0)"))
                continue
            if unit in placed:
                problems.append(Problem(None, f"set-up {step_id}: {unit} is already placed in {placed[unit]} ({step_id})"))
            placed[unit] = step_id
            if unit in excluded:
                problems.append(Problem(None, f"set-up {step_id}: {unit} is not in this scenario"))
            side = known[unit].get("side")
            if side != army:
                problems.append(Problem(None, f"set-up {step_id}: {unit} belongs to {side}, not {army}"))
    return problems


def placed_units(data: GameData, scenario: dict) -> dict[str, str]:
    """Unit id -> the set-up step that places it; refuses a unit placed twice."""
    out: dict[str, str] = {}
    for step_id, _army, _placement, units in placements(data, scenario):
        for unit in units:
            if unit in out:
                raise PbemError(f"set-up {step_id}: {unit} is already placed in {out[unit]}")
            out[unit] = step_id
    return out
