"""5.5 rail movement (behaviour 3), with the units that may use it: reinforcements on entry (5.5,
7.1.1, also Corps Tettau and the 2nd Guards Cavalry Corps, 19.1.5), the 3rd Army chit's two
independent units (3.1.5) and the divisions Defend the Reich withdraws (19.1.3).

`move: UNIT, path: [HEX, ...], rail: true` — every hex entered along a rail line (a `railway`
hexside, module.hexsides), paying the TEC's rail cost per hex (terrain.lines.railway.
rail_movement_mp) and 4.1's EZOC costs, within the unit's MA (5.1.1); the whole move by rail and
never over the stacking limit at any hex (5.5.3); it stops on entering an EZOC, and a unit that
begins in an EZOC leaves it without entering another and ends not adjacent to an enemy unit, nor
may it leave an EZOC it entered by rail this turn (5.5.2).
`enter: UNIT, at: HEX, rail: true` — a reinforcement placed in a rail hex that traces a continuous
rail route, unblocked by EZOCs or enemy units (including HQs), to its entry point (5.5.1).

The rail lines are printed on the map, not in the text: a campaign marks each railway hexside in
module.hexsides and says its list is whole (`map.rail_lines.listed: true`); until then
no side may be read as "no railway here", so every rail order refuses naming that path."""

from __future__ import annotations

from fractions import Fraction

from ...gamedata import GameData, unwrap
from ...hexgrid import hexside_key
from ...kit import numbers
from ...kit.movement import Cost, ZocRules, walk
from .common import board, facts, grid, hexside, other, sides, stacking_problem, zoc_of, trial_copy

RULES = ZocRules(stop_on_entry=True, stop_rule="5.5.2")
LISTED = "map.rail_lines.listed"


def lines_problem(data: GameData) -> str | None:
    """5.5: refuse until the campaign says every railway hexside of its map is in module.hexsides."""
    if not numbers.flag(data, LISTED, "whether every rail line of the map is listed as `railway` hexsides in "
                                      "module.hexsides (5.5)"):
        return (f"rail movement needs the map's rail lines: list each railway hexside in module.hexsides and set "
                f"`{LISTED}: true` (5.5)")
    return None


def cost_per_hex(data: GameData) -> Fraction:
    return numbers.fraction(data, "terrain.lines.railway.rail_movement_mp", "the MP per hex of rail movement (TEC, 5.5)")


def railway(data: GameData, a: str, b: str) -> bool:
    """Whether a rail line crosses the side between a and b; a side the data lists as `unknown`
    refuses naming module.hexsides.A|B (common.hexside)."""
    listed = sides(data).get(hexside_key(a, b), ())
    return (listed is None or "railway" in listed) and "railway" in hexside(data, a, b)


def may_use_rail(data: GameData, state: dict, unit_id: str) -> str | None:
    """Why `unit_id` may not move by rail now, or None (5.5, 7.1.1, 3.1.5, 19.1.3)."""
    if state["phase"] in ("reinforce", "tettau", "cavalry"):
        return None                                   # 5.5: "All units entering as reinforcements"
    third_army = numbers.text(data, "module.third_army_chit", "the German 3rd Army chit (3.1.5)")
    if state.get("chit") == third_army and unit_id in state["independents"]:
        return None                                   # 3.1.5: "using regular or rail movement"
    from .reich import attack_ban
    if "reich" in state and state["active"] == "german" and attack_ban(data, state, unit_id):
        return None                                   # 19.1.3: "including rail movement"
    return (f"{unit_id} may not move by rail: only reinforcements on entry (5.5, 7.1.1), the 3rd Army chit's two "
            "independent units (3.1.5) and the divisions Defend the Reich withdraws (19.1.3) do")


def check(data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
    """One rail move (5.5.2, 5.5.3, 4.1, 5.1.1, 5.2.5) of a unit that may move (movement.movable)."""
    from .movement import allowance, zoc_cost
    why = may_use_rail(data, state, unit_id) or lines_problem(data)
    if why:
        return why
    side = state["active"]
    start = state["units"][unit_id]["hex"]
    ezoc = zoc_of(data, state, other(side))
    enemy = board(state).enemy_hexes(side)
    leaving = start in ezoc
    if leaving and state.get("rail_ezoc", {}).get(unit_id) == state["turn"]:
        return f"{unit_id} entered an EZOC by rail this turn and may not leave it in the same turn (5.5.2)"

    def cost(a: str, b: str) -> tuple[Cost | None, str]:
        features = hexside(data, a, b)
        if not railway(data, a, b):
            return None, "rail movement follows a rail line for its entire movement (5.5.3)"
        if "major_river" in features and "bridge" not in features:
            return None, f"crossing the unbridged Oder between {a} and {b} is prohibited (5.2.3)"
        if leaving and b in ezoc:
            return None, f"{unit_id} leaves an EZOC by rail and may not enter one in the same turn ({b}, 5.5.2)"
        passing = trial_copy(state)
        passing["units"][unit_id]["hex"] = b
        over = stacking_problem(data, passing, b, side)
        if over:
            return None, f"{over}: rail movement never exceeds it at any point (5.5.3)"
        extra = (zoc_cost(data, "enter") if b in ezoc else 0) + (zoc_cost(data, "leave") if a in ezoc else 0)
        return cost_per_hex(data) + extra, ""

    def enter_problem(h: str) -> str | None:
        return f"{h} holds enemy units: a rail move never enters them (5.3, 5.5.1)" if h in enemy else None

    ma = allowance(data, state, unit_id)
    result = walk(grid(data), unit_id, [start, *path], cost, allowance=int(ma), zoc=ezoc, rules=RULES,
                  enter_problem=enter_problem)
    if result.problem:
        if " is not adjacent to " in result.problem:
            return f"{result.problem}: a unit moves from hex to adjacent hex (5.1.2)"
        return result.problem
    if result.spent > ma:
        return f"{unit_id} needs {result.spent} MP for this rail move but has {ma} (5.1.1, 5.5)"
    end = path[-1]
    if unwrap(facts(data, end).get("transit", False)):
        return f"{end} is a transit hex: units pass through but may not stop there (5.2.5)"
    if leaving and any(h in enemy for h in grid(data).neighbours(end)):
        return f"{unit_id} leaves an EZOC by rail and must end its movement not adjacent to an enemy unit ({end}, 5.5.2)"
    return None


def moved(data: GameData, state: dict, unit_id: str) -> None:
    """5.5.2: a unit whose rail move ends in an EZOC may not leave it by rail this turn."""
    if state["units"].get(unit_id, {}).get("hex") in zoc_of(data, state, other(state["active"])):
        state.setdefault("rail_ezoc", {})[unit_id] = state["turn"]


def route(data: GameData, state: dict, side: str, entries: list[str]) -> set[str]:
    """5.5.1: the rail hexes reached from the entry point along rail lines, every hex of the route
    (its ends too) free of EZOCs and enemy units, HQs included (lines_problem first)."""
    ezoc = zoc_of(data, state, other(side))
    enemy = board(state).enemy_hexes(side)

    def open_hex(h: str) -> bool:
        return h not in enemy and h not in ezoc

    reached = {e for e in entries if open_hex(e)}
    todo = sorted(reached)
    while todo:
        a = todo.pop()
        for b in grid(data).neighbours(a):
            if b not in reached and railway(data, a, b) and open_hex(b):
                reached.add(b)
                todo.append(b)
    return {h for h in reached if any(railway(data, h, n) for n in grid(data).neighbours(h))}
