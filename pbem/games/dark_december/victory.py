"""The victory determination at the end of the last Game-Turn (7.2 F, behaviour 3). Each game's victory
conditions are printed in the study folder (3.0, 6.0 G), not in the text: the group enters them as data,
`game.victory.SCENARIO`, a list of levels in the order the folder ranks them; the first level whose
conditions all hold is the result (docs/errata.md DD15). A level is
  {level: NAME, winner: german|allies|none, <conditions>}
with any of the conditions pbem evaluates (a level with none always holds, the folder's "otherwise"):
  german_occupies_all / german_occupies_any: [HEX, ...]    a German unit in the hex(es) at the end
  allies_occupy_all: [HEX, ...]                            an Allied unit in each
  german_controls_all / german_controls_any: [HEX, ...]    5.7 road control of road hexes
  german_exited_attack_strength_at_least: N                10.7, 10.7.2 C: supplied attack strength exited
  allied_units_destroyed_at_least / german_units_destroyed_at_least: N   units eliminated (reformed counted)
26.8 D (behaviour 4, `small_solution` in the save): Germany wins only with the levels the group names in
`variants.division_variants.26_8.german_may_win` (its Tactical Victory and Draw); a German level not named is passed
over and the levels below it are judged (docs/errata.md DD17)."""

from __future__ import annotations

from typing import Any, Callable

from ...errors import PbemError
from ...gamedata import GameData
from .common import board, counter, mapdata

PATH = "game.victory"
WINNERS = ("german", "allies", "none")


def _hexes(data: GameData, value: Any, path: str) -> list[str]:
    if not isinstance(value, list) or not value or any(not isinstance(h, (str, int)) or isinstance(h, bool) for h in value):
        raise PbemError(f"data `{path}` must be a list of hex ids, not {value!r} (7.2 F)", data.override_file)
    grid = mapdata(data).grid
    return [grid.canonical(str(h)) for h in value]


def _count(data: GameData, value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PbemError(f"data `{path}` must be a whole number, not {value!r} (7.2 F)", data.override_file)
    return value


def _destroyed(data: GameData, state: dict, side: str) -> int:
    return len({u for u in list(state["eliminated"]) + list(state["reformed"]) if counter(data, u)["side"] == side})


def _exited_strength(state: dict) -> int:
    """The supplied attack strength exited on a road (10.7.2 C's measure), as the exits recorded it."""
    return int(state.get("exited_strength", 0))


def _occupied(state: dict, side: str) -> Callable[[str], bool]:
    bd = board(state)
    return lambda h: bool(bd.friends_in(h, side))


def holds(data: GameData, state: dict, key: str, value: Any, path: str) -> bool:
    """Whether one condition of a level holds at the end of the game."""
    from .strategic import control
    if key in ("german_occupies_all", "german_occupies_any", "allies_occupy_all"):
        side = "allies" if key.startswith("allies") else "german"
        found = [_occupied(state, side)(h) for h in _hexes(data, value, path)]
        return any(found) if key.endswith("any") else all(found)
    if key in ("german_controls_all", "german_controls_any"):
        found = [control(data, state, h) == "german" for h in _hexes(data, value, path)]
        return any(found) if key.endswith("any") else all(found)
    if key == "german_exited_attack_strength_at_least":
        return _exited_strength(state) >= _count(data, value, path)
    if key in ("allied_units_destroyed_at_least", "german_units_destroyed_at_least"):
        return _destroyed(data, state, "allies" if key.startswith("allied") else "german") >= _count(data, value, path)
    raise PbemError(f"data `{path}`: pbem does not evaluate the victory condition {key!r}; the conditions it reads are listed "
                    "in docs/dark-december.md (7.2 F)", data.override_file)


def german_may_win(data: GameData, state: dict, levels: list) -> list[str] | None:
    """26.8 D: the level names Germany may win with (None: every level, the variant not played in behaviour 4)."""
    if not state.get("small_solution"):
        return None
    path = "variants.division_variants.26_8.german_may_win"
    names = data.get(path, "the victory levels Germany may win with in the Small Solution: the group's names of the "
                           "Turning Point Tactical Victory and Draw (26.8 D)")
    known = [level.get("level") for level in levels if isinstance(level, dict)]
    if not isinstance(names, list) or not names or any(n not in known for n in names):
        raise PbemError(f"data `{path}` must be a list of level names of the scenario's victory conditions "
                        f"({', '.join(map(str, known))}), not {names!r} (26.8 D)", data.override_file)
    return [str(n) for n in names]


def determine(data: GameData, state: dict) -> dict:
    """7.2 F: the first level of the scenario's victory conditions whose conditions all hold."""
    key = str(state["scenario"]).replace("-", "_")
    levels = data.get(f"{PATH}.{key}", "the victory conditions of the scenario (the study folder; 7.2 F)")
    if not isinstance(levels, list) or not levels:
        raise PbemError(f"data `{PATH}.{key}` must be a list of victory levels (7.2 F), not {levels!r}", data.override_file)
    allowed = german_may_win(data, state, levels)
    for i, level in enumerate(levels):
        path = f"{PATH}.{key}.{i}"
        if not isinstance(level, dict) or not isinstance(level.get("level"), str) or level.get("winner") not in WINNERS:
            raise PbemError(f"data `{path}` must give `level: NAME` and `winner: german|allies|none` (7.2 F)", data.override_file)
        if allowed is not None and level["winner"] == "german" and level["level"] not in allowed:
            continue                                                # 26.8 D: not a level Germany may win with
        conditions = {k: v for k, v in level.items() if k not in ("level", "winner", "rule")}
        if all(holds(data, state, k, v, f"{path}.{k}") for k, v in sorted(conditions.items())):
            return {"event": "victory", "level": level["level"], "winner": level["winner"]}
    raise PbemError(f"data `{PATH}.{key}`: no level holds; the last level should have no condition (the folder's "
                    "\"otherwise\", 7.2 F)", data.override_file)
