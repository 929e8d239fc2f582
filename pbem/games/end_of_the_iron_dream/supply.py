"""End of the Iron Dream: supply (15.0) — general supply lines, EGS and AS burn-offs, fortress
supply, attrition, the Soviet and German SU pools, and 15.10's grant or refusal of a trace
through the other Alliance camp's territory. Pure functions: explicit arguments (a GridSpec,
sets of hex ids, a hexside test), results or a list of Problems; every number comes from
rules/end-of-the-iron-dream/ through kit.numbers and unknown data refuses naming its path.

Sequence-table use: `general_supply` in every Initial and Terminal Supply-Check Phase (15.2;
5.1.2, 5.1.7, 5.2.2, 5.2.7, 5.3.2, 5.3.6), at the instant a unit defends (15.4,
`defender_supply_shift`), for strategic movers (12.3) and advances (18.16 E); `ally_trace` then
`ally_trace_problems` where a WA or Soviet line needs the other camp's hexes — the phase pauses
for the other Alliance player's signed answer (15.10, a `response` entry); `burn_off_problems`
on each EGS (5.x.2) or AS (5.x.6) order, `okh_problems` for the OKH; `attrition` in the
Terminal Supply-Check Phase (15.9, 5.1.7 C); `soviet_sus` in the Soviet Reinforcement Phase."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...gamedata import GameData
from ...hexgrid import GridSpec
from ...kit import numbers
from ..base import Problem

LHJ = "let-history-judge"
Blocked = Callable[[str, str], bool]          # True if a supply line may not cross the hexside a|b (15.8 A)


def line_length(data: GameData, army: str, scenario: str) -> int | None:
    """15.5: WA lines at most ten hexes (12 in Let History Judge, 27.4 M); 15.6: Soviet 20 from
    the east edge; 15.7: Axis lines any length (None)."""
    if army == "axis":
        if numbers.flag(data, "supply.line_length.axis_unlimited", "15.7"):
            return None
    if army == "western" and scenario == LHJ:
        return numbers.integer(data, "supply.line_length.western_allies_let_history_judge", "the NATO supply line (27.4 M)")
    key = {"western": "western_allies", "soviet": "soviet"}[army]
    return numbers.integer(data, f"supply.line_length.{key}", f"the {army} supply line length (15.5-15.6)")


def counts_source_hex(data: GameData, army: str) -> bool:
    """15.5: "Count the hex the unit is in, but not the one the supply source is in"; 15.13: the
    Soviet east-edge hexes count as full hexes in the line."""
    if army not in ("western", "soviet"):
        return False
    return numbers.flag(data, f"supply.line_length.count_source_hex.{army}", "how supply lines are counted (15.5, 15.13)")


def trace(grid: GridSpec, sources: Iterable[str], through: set[str], ezoc: set[str], blocked: Blocked,
          max_length: int | None, count_source: bool) -> dict[str, int]:
    """Every hex a supply line reaches -> its length. 15.1, 15.8 B: only through `through` (the
    tracer's controlled hexes); 9.10: not into or through `ezoc` (the hexes with an EZOC no
    friendly combat unit or German fort negates, 15.8 B, 15.11); 15.8 A: not across `blocked`
    hexsides. A source must itself be in `through` and free of unnegated EZOC."""
    start = 1 if count_source else 0
    reach: dict[str, int] = {}
    frontier = []
    for source in sorted(set(sources)):
        if source in through and source not in ezoc:
            reach[source] = start
            frontier.append(source)
    neighbours = grid.neighbour_ids          # the memoised tuples, not copies (issue 13)
    while frontier:
        nxt_frontier = []
        for hex_id in frontier:
            length = reach[hex_id] + 1
            too_long = max_length is not None and length > max_length
            for nxt in neighbours(hex_id):
                if nxt in reach or nxt not in through or nxt in ezoc or blocked(hex_id, nxt) or too_long:
                    continue                     # (the hexside is still read: an unknown one refuses)
                reach[nxt] = length
                nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return reach


def general_supply(data: GameData, army: str, scenario: str, grid: GridSpec, sources: Iterable[str],
                   controlled: set[str], ezoc: set[str], blocked: Blocked) -> dict[str, int]:
    """The hexes in GS for an army (15.1) with its line length (15.5-15.7, 15.13)."""
    return trace(grid, sources, controlled, ezoc, blocked, line_length(data, army, scenario), counts_source_hex(data, army))


def ally_trace(data: GameData, army: str, scenario: str, grid: GridSpec, unit_hex: str, sources: Iterable[str],
               own: set[str], ally: set[str], ezoc: set[str], blocked: Blocked) -> set[str] | None:
    """15.10: the other Alliance camp's hexes (`ally`) a line to `unit_hex` needs: the empty set if
    the unit traces GS through its own territory, None if it cannot trace even through both. The
    path found uses the fewest hexes; of equally short ones the first found."""
    sources = sorted(set(sources))
    limit, count = line_length(data, army, scenario), counts_source_hex(data, army)
    if unit_hex in trace(grid, sources, own, ezoc, blocked, limit, count):
        return set()
    both = own | ally
    reach = trace(grid, sources, both, ezoc, blocked, limit, count)
    if unit_hex not in reach:
        return None
    path, hex_id = [unit_hex], unit_hex
    while reach[hex_id] > (1 if count else 0):
        hex_id = next(h for h in grid.neighbours(hex_id) if reach.get(h) == reach[hex_id] - 1 and not blocked(h, hex_id))
        path.append(hex_id)
    return {h for h in path if h in ally and h not in own}


def ally_trace_problems(scenario: str, army: str, ally_hexes: set[str] | None, grant: bool | None, index: int | None = None) -> list[Problem]:
    """15.10: "In the Iron Dream scenario, the WA and Soviets may grant each other permission (or
    withhold it) on a case by case basis, to trace GS lines through each other's territory."
    `grant` is the other camp's signed answer (None: not yet given). In Let History Judge the
    two are enemies: no line through the other's territory (15.8 B)."""
    if not ally_hexes:
        return []
    hexes = ", ".join(sorted(ally_hexes))
    other = "Soviet" if army == "western" else "Western Allied"
    if scenario == LHJ:
        return [Problem(index, f"a supply line may not be traced through enemy-controlled {hexes} (15.8 B)")]
    if grant is None:
        return [Problem(index, f"the line through {other} territory ({hexes}) needs the {other} player's grant or refusal (15.10)")]
    if not grant:
        return [Problem(index, f"the {other} player refused the supply line through {hexes} (15.10)")]
    return []


def burn_off_problems(grid: GridSpec, su_hex: str, hexes: list[str], index: int | None = None) -> list[Problem]:
    """15.21.1 B (EGS) and 15.22.2 (AS): one SU supplies "all the units in its own and one other
    adjacent hex, or in any two mutually adjacent hexes" (adjacent to the burn-off hex)."""
    chosen = sorted(set(hexes))
    if not 1 <= len(chosen) <= 2:
        return [Problem(index, f"an SU supplies one or two hexes, not {len(chosen)} (15.21.1 B)")]
    others = [h for h in chosen if h != su_hex]
    far = [h for h in others if not grid.adjacent(su_hex, h)]
    if far:
        return [Problem(index, f"{', '.join(far)} is not adjacent to the SU in {su_hex} (15.21.1 B)")]
    if len(others) == 2 and not grid.adjacent(others[0], others[1]):
        return [Problem(index, f"{others[0]} and {others[1]} are not mutually adjacent (15.21.1 B)")]
    return []


def okh_problems(data: GameData, grid: GridSpec, okh_hex: str, hexes: list[str], german_controlled: set[str],
                 moved_strategically: bool, index: int | None = None) -> list[Problem]:
    """25.10 D: OKH gives AS to Axis units in any two adjacent hexes up to four hexes away, along
    a path of German-controlled hexes; not on a turn it moved strategically."""
    if moved_strategically:
        return [Problem(index, "OKH may not provide AS on a turn it moves strategically (25.10 D)")]
    most = numbers.integer(data, "supply.attack_supply.okh_hexes", "25.10 D")
    reach = numbers.integer(data, "supply.attack_supply.okh_range_hexes", "25.10 D")
    chosen = sorted(set(hexes))
    if not 1 <= len(chosen) <= most:
        return [Problem(index, f"OKH supplies at most {most} adjacent hexes, not {len(chosen)} (25.10 D)")]
    if len(chosen) == 2 and not grid.adjacent(chosen[0], chosen[1]):
        return [Problem(index, f"{chosen[0]} and {chosen[1]} are not adjacent (25.10 D)")]
    paths = trace(grid, [okh_hex], german_controlled | {okh_hex}, set(), lambda a, b: False, reach, False)
    far = [h for h in chosen if h not in paths]
    if far:
        return [Problem(index, f"{', '.join(far)}: more than {reach} hexes from OKH in {okh_hex} along German-controlled hexes (25.10 D)")]
    return []


def oos_movement_allowance(data: GameData, operational_ma: int) -> int:
    """15.3 B: units without GS at the Initial Supply Check have their operational MAs halved,
    fractions rounded down."""
    return operational_ma // numbers.integer(data, "supply.effects_of_lack.initial_check.operational_ma_divisor", "15.3 B")


def defender_supply_shift(data: GameData, in_gs: bool, drawing_fs: bool) -> int:
    """15.4: a defender without GS at the instant it defends gives a 2R shift; 15.19 B: units
    drawing FS suffer no adverse shift for being out of GS. Rightward columns (0 if none)."""
    if in_gs or drawing_fs:
        return 0
    return numbers.integer(data, "crt.shifts.defender_oos", "the OOS defender shift (15.4)")


def attrition(steps: int, supply: str, airborne_wa: bool = False) -> dict:
    """15.9, 5.1.7 C: in the Terminal Supply-Check Phase a unit without GS, EGS or FS (`supply`
    "none") loses one step; a unit reduced to no steps is destroyed, and permanently (7.17, 15.9 A)
    except the WA airborne corps (15.9 B, 7.17). 15.9 D: each unit of a stack, not one.
    {"steps": left, "destroyed": bool, "permanent": bool}."""
    if supply in ("gs", "egs", "fs"):
        return {"steps": steps, "destroyed": False, "permanent": False}
    if supply != "none":
        raise ValueError(f"supply state {supply!r}: gs, egs, fs or none")
    left = steps - 1
    destroyed = left <= 0
    return {"steps": max(left, 0), "destroyed": destroyed, "permanent": destroyed and not airborne_wa}


def fortress_supply_problems(data: GameData, koenigsburg: bool, steps: int, corps: int) -> list[Problem]:
    """15.16 B: an FS hex supports one step of combat units; Königsburg up to four corps. 15.20:
    the excess attrites (the caller applies `attrition` to it)."""
    if koenigsburg:
        most = numbers.integer(data, "supply.fortress_supply.koenigsburg_capacity_corps", "15.16 B")
        return [] if corps <= most else [Problem(None, f"Königsburg's FS supports {most} corps, not {corps} (15.16 B)")]
    most = numbers.integer(data, "supply.fortress_supply.capacity_steps", "15.16 B")
    return [] if steps <= most else [Problem(None, f"an FS hex supports {most} step, not {steps}: the excess attrites (15.16 B, 15.20)")]


def german_coastal_supply(grid: GridSpec, unit_hex: str, baltic_coast: set[str], german_controlled: set[str],
                          baltic_port_in_gs: bool, collapsed: bool) -> bool:
    """15.15 B: a German unit on a Baltic coastal hex, or adjacent to a German-controlled one, is in
    GS while Germany holds a Baltic port in Germany tracing GS to Berlin, the Ruhr or Breslau,
    and the economy has not collapsed."""
    if collapsed or not baltic_port_in_gs:
        return False
    if unit_hex in baltic_coast:
        return True
    return any(h in baltic_coast and h in german_controlled for h in grid.neighbours(unit_hex))


def german_sources(data: GameData, collapsed: bool) -> set[str]:
    """15.12: the Ruhr (U16), Berlin (T21), Breslau (R23); 16.8-16.9: after collapse none is a
    source for lines (only units in Berlin itself have GS, 25.1 G, and the on-board SUs' EGS)."""
    if collapsed:
        return set()
    return set(numbers.texts(data, "supply.sources.german.hex_list", "the German GS sources (15.12)"))


def soviet_sus(data: GameData, scenario: str, turn: int, bagration: bool) -> int:
    """15.23.3 B: two SUs a turn, three on the first turn of Operation Bagration (Turn 2, 6.7 A);
    27.3 K: one a turn in Let History Judge."""
    if scenario == LHJ:
        return numbers.integer(data, "supply.supply_units.replacement.soviet_let_history_judge_per_turn", "27.3 K")
    first = numbers.integer(data, "special.operation_bagration.first_bagration_turn", "6.7 A")
    if bagration and turn == first:
        return numbers.integer(data, "special.operation_bagration.sus_first_bagration_turn", "15.23.3 B")
    return numbers.integer(data, "special.operation_bagration.soviet_sus_per_turn", "15.23.3 B")
