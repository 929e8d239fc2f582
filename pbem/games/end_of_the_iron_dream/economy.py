"""End of the Iron Dream: the German economy (16.0) and the reinforcement/replacement rules
tied to it (7.11-7.28, 25.9, 26.6.6). Pure functions: explicit arguments (hex ids, sets of
controlled hexes, a GridSpec for adjacency and distance), results or a list of Problems. Every
number comes from rules/end-of-the-iron-dream/ through kit.numbers; unknown data (the oil-field
hexes, ...) refuses with UnknownDataError naming its path.

The economic hexes are named ploesti, nagykanizsa, breslau (secondary) and berlin, ruhr
(primary), as economy.yaml `economic_hexes` names them."""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit import numbers
from ..base import Problem

E = "economy.economic_hexes"


def secondary_names(data: GameData) -> tuple[str, ...]:
    """16.1 B: Ploesti, Nagykanizsa and Breslau are the secondary economic hexes."""
    def read() -> tuple[str, ...]:
        value = data.get(f"{E}.secondary", "the secondary economic hexes (16.1)")
        return tuple(k for k, v in value.items() if isinstance(v, dict))
    return data.derived("eid.secondary_names", read)          # the collapse watch asks at every step


def economic_hex(data: GameData, name: str) -> str:
    """The hex id of an economic hex (16.1). Ploesti and Nagykanizsa are printed on the map only:
    their hexes are read at map.places.NAME.hex (economy.yaml `hex_path`), refusing if unknown."""
    return data.derived(f"eid.economic_hex.{name}", lambda: _economic_hex(data, name))   # asked at every step


def _economic_hex(data: GameData, name: str) -> str:
    for group in ("primary", "secondary"):
        base = f"{E}.{group}.{name}"
        if data.has(f"{base}.hex_path"):
            path = numbers.text(data, f"{base}.hex_path", f"where the hex of {name} is entered (16.1)")
            return numbers.text(data, path, f"the hex of {name} (16.1)")
        if data.has(f"{base}.hex"):
            return numbers.text(data, f"{base}.hex", f"the hex of {name} (16.1)")
    raise PbemError(f"{name!r} is not an economic hex of {E} (16.1)")


def _connected(grid: GridSpec, start: str, goals: set[str], through: set[str], paths: dict | None = None) -> bool:
    """A path from `start` to any of `goals` along adjacent hexes of `through` (both ends included).
    `paths`: the last path found from `start` to `goals`, kept by the caller (per data): while
    every hex of it is still in `through` it is the answer's proof, with no search (issue 13)."""
    key = (start, tuple(sorted(goals)))
    kept = paths.get(key) if paths is not None else None
    if kept is not None and all(h in through for h in kept):
        return True
    path = _path(grid, start, goals, through)
    if path is not None and paths is not None:
        paths[key] = path
    return path is not None


def _path(grid: GridSpec, start: str, goals: set[str], through: set[str]) -> tuple[str, ...] | None:
    """_connected's search, breadth first: the hexes of a shortest path, start to goal, or None
    (a short path is a quick proof to re-check)."""
    if start not in through:
        return None
    came: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for hex_id in frontier:
            if hex_id in goals:
                path = []
                at: str | None = hex_id
                while at is not None:
                    path.append(at)
                    at = came[at]
                return tuple(path)
            for nxt in grid.neighbour_ids(hex_id):          # the memoised tuple, not a copy (issue 13)
                if nxt in through and nxt not in came:
                    came[nxt] = hex_id
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return None


def blocked_secondaries(data: GameData, grid: GridSpec, german_controlled: set[str], liberated: Iterable[str]) -> set[str]:
    """16.3: a secondary hex not liberated but from which "a line of German-controlled hexes can
    no longer be traced ... to Berlin or the Ruhr" is blocked. 16.6 B: a blocked hex comes back on
    line once the path reopens (so call this afresh each check). Sequence-table use: each German
    Reinforcement Phase (5.1.1) before SU production, and whenever control changes."""
    primaries = {economic_hex(data, "berlin"), economic_hex(data, "ruhr")}
    gone = set(liberated)
    return {name for name in secondary_names(data)
            if name not in gone and not _connected(grid, economic_hex(data, name), primaries, german_controlled, _paths(data))}


def lost_secondaries(data: GameData, liberated: Iterable[str], blocked: Iterable[str]) -> int:
    """16.3-16.5: how many secondary hexes are lost. 16.6 A: a liberated hex stays lost even if
    recaptured. economy.secondary_lost_means (errata 7.18/7.23 D vs 16.4) says whether blocked
    hexes count too."""
    liberated, blocked = set(liberated), set(blocked)
    means = numbers.text(data, "economy.secondary_lost_means", "what loses a secondary hex (16.4)")
    lost = liberated | blocked if means == "liberated_or_blocked" else liberated
    return len(lost & set(secondary_names(data)))


def collapse_triggered(data: GameData, grid: GridSpec, german_controlled: set[str]) -> bool:
    """16.7: the economy collapses (irreversibly) if Germany loses Berlin or the Ruhr, or no line
    of German-controlled hexes joins them "even for an instant". Sequence-table use: after every
    change of hex control in any player-turn (the collapse may come in an enemy turn; then the
    Axis answers where the Alpenfestung and the 12th Army go: `alpenfestung_problems`,
    `twelfth_army_problems`)."""
    berlin, ruhr = economic_hex(data, "berlin"), economic_hex(data, "ruhr")
    if berlin not in german_controlled or ruhr not in german_controlled:
        return True
    return not _connected(grid, berlin, {ruhr}, german_controlled, _paths(data))


def _paths(data: GameData) -> dict:
    """The last path _connected found per start and goals, for this data's map (a proof, re-checked at each use)."""
    return data.derived("eid.economic_paths", dict)


def su_production(data: GameData, lost: int, collapsed: bool) -> dict:
    """16.2-16.5, 16.8: the German SUs of a Reinforcement Phase (5.1.1 B): {"count": N, "at":
    [economic hex names], "choose_one": bool}. All five held and joined: one each at Berlin, the
    Ruhr and Breslau; one secondary lost: Berlin and the Ruhr; two or three: one at Berlin or the
    Ruhr (Germany's choice); after collapse none."""
    if collapsed:
        count = numbers.integer(data, "economy.collapse.sus_per_turn_after", "German SUs after collapse (16.8)")
        return {"count": count, "at": [], "choose_one": False}
    key = ("all_five_held_and_connected", "one_secondary_lost", "two_secondary_lost", "all_secondary_lost")[min(lost, 3)]
    base = f"economy.su_production.{key}"
    count = numbers.integer(data, f"{base}.sus_per_turn", f"German SUs per turn ({key}, 16.2-16.5)")
    at_key = f"economy.su_production.{'two_secondary_lost' if lost >= 2 else key}"
    places = list(numbers.texts(data, f"{at_key}.placed_at", "where German SUs appear (16.2-16.4)"))
    choose = lost >= 2 and numbers.flag(data, "economy.su_production.two_secondary_lost.germany_chooses_one", "16.4 A")
    return {"count": count, "at": places, "choose_one": choose}


def axis_replacements(data: GameData, turn: int, lost: int, collapsed: bool, surge_turn: int | None, cannibalized_last_turn: bool) -> dict:
    """The Axis replacement steps of a Replacement Phase (5.1.1 D-F): {"mechanized": M,
    "non_mechanized": N, "dead_pile": bool}.
    6.8: none on Turn 1; 7.15: from Turn 2 one mechanized and one non-mechanized; 7.23 B-C: the
    surge's first turn (surge_turn 1) adds one of each, later turns one non-mechanized; 7.27 C: one
    more non-mechanized the turn after a cannibalization; 16.5 A: with all secondary hexes lost no
    mechanized step at all; 16.8: none after collapse; 7.18/16.4 A: with two lost, steps may no
    longer recreate dead units (`dead_pile` False)."""
    rules = "reinforcements.replacements.per_turn.axis"
    first = numbers.integer(data, f"{rules}.from_turn", "the first Axis replacement turn (7.15)")
    if collapsed or turn < first:
        return {"mechanized": 0, "non_mechanized": 0, "dead_pile": False}
    mech = numbers.integer(data, f"{rules}.mechanized", "Axis mechanized steps (7.15)")
    non_mech = numbers.integer(data, f"{rules}.non_mechanized", "Axis non-mechanized steps (7.15)")
    if surge_turn is not None:
        part = "first_turn_extra" if surge_turn == 1 else "later_turns_extra"
        mech += numbers.integer(data, f"reinforcements.replacements.german_surge.{part}.mechanized", "7.23 B-C")
        non_mech += numbers.integer(data, f"reinforcements.replacements.german_surge.{part}.non_mechanized", "7.23 B-C")
    if cannibalized_last_turn:
        non_mech += numbers.integer(data, "reinforcements.replacements.cannibalization.extra_non_mechanized_next_turn", "7.27 C")
    secondaries = len(secondary_names(data))
    if lost >= secondaries:
        mech = 0                                                    # 16.5 A: lost, not converted
    return {"mechanized": mech, "non_mechanized": non_mech, "dead_pile": lost < 2}


def replacement_use_problems(available: dict, mechanized_used: int, non_mechanized_used: int) -> list[Problem]:
    """7.15: "The mechanized step may be used as a second non-mechanized step, but not vice
    versa"; 7.16 A: steps do not accumulate (unused steps are lost: `available` is this turn's)."""
    problems = []
    if mechanized_used > available["mechanized"]:
        problems.append(Problem(None, f"{mechanized_used} mechanized replacement steps used, {available['mechanized']} available (7.15)"))
    spare = max(available["mechanized"] - mechanized_used, 0)
    if non_mechanized_used > available["non_mechanized"] + spare:
        problems.append(Problem(None, f"{non_mechanized_used} non-mechanized replacement steps used, {available['non_mechanized']} available "
                                      f"and {spare} mechanized to spare (7.15: a mechanized step may serve as non-mechanized, not vice versa)"))
    return problems


def surge_problems(data: GameData, greater_germany_hex_under_alliance: bool, lost: int, collapsed: bool, called_before: bool) -> list[Problem]:
    """7.23: the surge may be called once per game (A) at the start of a German Replacement Phase
    that begins with a hex of Greater Germany under Grand Alliance control; not once two
    secondary hexes are lost (D, 16.4 B) nor after collapse (E). Sequence-table use: the Axis
    Replacement Phase (5.1.1), an optional order `surge: true`."""
    problems = []
    times = numbers.integer(data, "reinforcements.replacements.german_surge.times_per_game", "7.23 A")
    if called_before and times <= 1:
        problems.append(Problem(None, "the German surge has been called already: once per game (7.23 A)"))
    if not greater_germany_hex_under_alliance:
        problems.append(Problem(None, "the surge needs a hex of Greater Germany under Grand Alliance control at the start of the phase (7.23 A)"))
    if lost >= 2:
        problems.append(Problem(None, "no surge once two secondary economic hexes are lost (7.23 D, 16.4 B)"))
    if collapsed:
        problems.append(Problem(None, "no surge after the economic collapse (7.23 E)"))
    return problems


def surge_turn(data: GameData, called_on: int | None, turn: int, stopped: bool) -> int | None:
    """7.23 B-F: the surge runs four turns from the one it is called on (1 = that turn) and cannot
    be suspended; it stops for good once two secondary hexes are lost meanwhile (`stopped`)."""
    if called_on is None or stopped:
        return None
    duration = numbers.integer(data, "reinforcements.replacements.german_surge.duration_turns", "7.23 B")
    index = turn - called_on + 1
    return index if 1 <= index <= duration else None


def free_french_problems(data: GameData, turn: int, fx_on_map: bool, fx_in_gs: bool, fx_full_strength: bool, converted: bool) -> list[Problem]:
    """7.25 A-D: from the start of Turn 2, at the start of a WA player-turn, the WA may remove the
    FX corps, on the map, in GS and at full strength, to the MTO Permanently Destroyed Units Box.
    Sequence-table use: an order of the WA Replacement and Reinforcement Phase (5.2.1)."""
    ff = "reinforcements.replacements.free_french_conversion"
    problems = []
    if converted:
        problems.append(Problem(None, "the FX corps has been converted already (7.25)"))
    if turn < numbers.integer(data, f"{ff}.from_turn", "the first Free French conversion turn (7.25 A)"):
        problems.append(Problem(None, f"the FX corps may not be converted before Turn {numbers.integer(data, f'{ff}.from_turn', '7.25 A')} (7.25 A)"))
    if not fx_on_map:
        problems.append(Problem(None, "the FX corps must be on the map to be converted (7.25 B)"))
    elif not fx_in_gs and numbers.flag(data, f"{ff}.fx_must_be_in_gs", "7.25 B"):
        problems.append(Problem(None, "the FX corps must be in GS at the instant of conversion (7.25 B)"))
    if not fx_full_strength and numbers.flag(data, f"{ff}.fx_must_be_full_strength", "7.25 D"):
        problems.append(Problem(None, "the FX corps must first be built up to full strength with green replacements (7.25 D)"))
    return problems


def free_french_arrivals(data: GameData, conversion_turn: int) -> dict[int, tuple[str, str]]:
    """7.25 C: F1 arrives at the start of the next WA player-turn, F2 the turn after, each in the
    MTO holding box (no choice of box): turn -> (unit id, box)."""
    ff = "reinforcements.replacements.free_french_conversion"
    box = numbers.text(data, f"{ff}.arrival_box", "7.25 C")
    return {conversion_turn + numbers.integer(data, f"{ff}.f1_arrives_turns_after", "7.25 C"): ("wa-mech-F1", box),
            conversion_turn + numbers.integer(data, f"{ff}.f2_arrives_turns_after", "7.25 C"): ("wa-mech-F2", box)}


def reserve_corps_flipped(data: GameData, steps_spent: int) -> int:
    """7.26: one non-mechanized step fleshes the first reserve corps to its 3-4-5 side; a second
    flips the remaining two. How many of 62R/64R/66R are converted after `steps_spent` steps."""
    base = "reinforcements.replacements.german_reserve_corps"
    first = numbers.integer(data, f"{base}.first_step_flips", "7.26")
    second = numbers.integer(data, f"{base}.second_step_flips", "7.26")
    return (0, first, first + second)[min(steps_spent, 2)]


def cannibalize_problems(data: GameData, turn: int, unit_id: str, counter: dict, reduced: bool, in_germany_or_italy: bool, in_gs: bool, done_this_phase: int) -> list[Problem]:
    """7.27: each Replacement Phase from Turn 2, one Wehrmacht (not SS) infantry corps showing a
    3-4-5 side, in a hex of Germany or Italy and in GS, may go to the Permanently Destroyed Units
    Box. `counter` is its units.yaml counter, `reduced` whether its reduced side shows."""
    base = "reinforcements.replacements.cannibalization"
    problems = []
    if turn < numbers.integer(data, f"{base}.from_turn", "7.27 A"):
        problems.append(Problem(None, f"no cannibalization before Turn {numbers.integer(data, f'{base}.from_turn', '7.27 A')} (7.27 A)"))
    if done_this_phase >= numbers.integer(data, f"{base}.per_replacement_phase", "7.27 A"):
        problems.append(Problem(None, "only one corps may be cannibalized each Replacement Phase (7.27 A)"))
    side = counter["reduced"] if reduced else counter
    showing = tuple(unwrap(side.get(k)) for k in ("attack", "defense", "movement")) if isinstance(side, dict) else ()
    wehrmacht = counter.get("nation") == "german" and counter.get("service") in (None, "wehrmacht")
    if counter.get("type") != "infantry" or not wehrmacht or showing != (3, 4, 5):
        problems.append(Problem(None, f"{unit_id} is not a Wehrmacht 3-4-5 infantry corps (7.27 A)"))
    if not in_germany_or_italy:
        problems.append(Problem(None, f"{unit_id} must be in a hex of Germany or Italy to be cannibalized (7.27 B)"))
    if not in_gs:
        problems.append(Problem(None, f"{unit_id} must be in GS to be cannibalized (7.27 B)"))
    return problems


def twelfth_army_problems(grid: GridSpec, berlin: str, chosen: str, german_controlled_clear: set[str]) -> list[Problem]:
    """25.9 B: at collapse the 12th Army goes on the clear hex nearest to Berlin still under
    German control (Germany's choice among equally near ones). `german_controlled_clear` are the
    clear hexes German-controlled at the instant of collapse. Sequence-table use: the Axis's
    answer when the collapse happens (in any player-turn, 16.7; 25.9 A)."""
    if not german_controlled_clear:
        return [Problem(None, "no German-controlled clear hex is left for the 12th Army (25.9 B)")]
    nearest = min(grid.distance(berlin, h) for h in german_controlled_clear)
    if chosen not in german_controlled_clear:
        return [Problem(None, f"the 12th Army must be placed on a German-controlled clear hex, not {chosen} (25.9 B)")]
    if grid.distance(berlin, chosen) != nearest:
        closest = sorted(h for h in german_controlled_clear if grid.distance(berlin, h) == nearest)
        return [Problem(None, f"the 12th Army goes on the clear German hex nearest Berlin: {', '.join(closest)} "
                              f"({nearest} hexes), not {chosen} (25.9 B)")]
    return []


def alpenfestung_problems(munich_mountain_hexes: set[str], german_controlled: set[str], chosen: str | None) -> list[Problem]:
    """26.6.6 A: at the instant of collapse Germany places the Alpenfestung in one of the three
    mountain hexes next to Munich; if none of them is German-controlled it is not placed
    (`chosen` None). Sequence-table use: the Axis's answer at the collapse (with the 12th Army)."""
    allowed = sorted(munich_mountain_hexes & german_controlled)
    if chosen is None:
        return [] if not allowed else [Problem(None, f"the Alpenfestung must be placed in one of {', '.join(allowed)} (26.6.6 A)")]
    if chosen not in allowed:
        where = ", ".join(allowed) if allowed else "none: no mountain hex next to Munich is German-controlled, so it is not placed"
        return [Problem(None, f"the Alpenfestung may not go in {chosen}; allowed: {where} (26.6.6 A)")]
    return []
