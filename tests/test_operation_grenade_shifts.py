"""Operation Grenade CRT column shifts: hilltops (9.33-9.35) and combined arms (9.5, 12.22, 20.2).

Driven on the demonstration data (examples/operation-grenade-demo/data-override.yaml) plus a
test-only 739/19 counter (tests/data/og-shifts-extra.yaml). Each test clears the map and places
only the units it needs; hexes are found by scanning the demo map, not hard-coded."""

from pathlib import Path

import pytest

from pbem.gamedata import apply_override, load_game_data, load_scenario
from pbem.games.operation_grenade import GAME
from pbem.games.operation_grenade.shifts import RIVER_FEATURES
from pbem.games.operation_grenade.shifts import column_shifts, combined_arms_negated
from tests.dicehelp import ScriptedDice as _Scripted

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"
EXTRA = ROOT / "tests" / "data" / "og-shifts-extra.yaml"


@pytest.fixture(scope="module")
def data():
    data = load_game_data("operation-grenade", DEMO)
    apply_override(data, EXTRA)                    # adds the 739/19 counter (20.2)
    return data


@pytest.fixture
def state(data):
    scenario, _ = load_scenario("operation-grenade", "operation-grenade")
    return GAME.setup(data, scenario, ["allied", "german"], {})


# -- helpers ---------------------------------------------------------------------------------
def place(state, layout: dict) -> None:
    """Only the units of `layout` stay on the map: {unit: hex} or {unit: (hex, form)}."""
    sides = {u: v["side"] for u, v in state["units"].items()}
    state["units"] = {}
    for unit_id, where in layout.items():
        hex_id, form = where if isinstance(where, tuple) else (where, "untried")
        state["units"][unit_id] = {"side": sides.get(unit_id, "allied"), "hex": hex_id, "form": form}


def shifts(data, state, hexes, attackers, defenders, side="allied") -> list:
    hexes = [hexes] if isinstance(hexes, str) else hexes
    return column_shifts(GAME, data, state, {"hexes": hexes, "attackers": attackers, "defenders": defenders,
                                             "attacker_side": side})


def by_rule(result, rule) -> list:
    return [s["shift"] for s in result if s["rule"] == rule]


def hilltops(data) -> list:
    return sorted(h for h in GAME.hexes(data) if GAME.terrain(data, h) == "hilltop")


def plain(data, hex_id) -> bool:
    info = GAME.hex_info(data, hex_id)
    return info["terrain"] == "clear" and not info.get("entrenchment") and not info.get("improved_positions")


def river(data, a, b, streams=False) -> bool:
    return any(f in RIVER_FEATURES + (("stream",) if streams else ()) for f in GAME.hexside(data, a, b))


def dry_neighbours(data, hex_id) -> list:
    """On-map neighbours reached without crossing a river or stream hexside."""
    return [n for n in GAME.grid(data).neighbours(hex_id)
            if GAME.on_map(data, n) and not river(data, n, hex_id, streams=True)]


def hill_site(data, distance: int):
    """(hilltop H, plain defending hex D with distance(H, D) == distance, plain attacking hex A
    adjacent to D and farther from H than 0), none of D, A a hilltop."""
    grid = GAME.grid(data)
    for hill in hilltops(data):
        for hex_id in sorted(GAME.hexes(data)):
            if grid.distance(hill, hex_id) != distance or not plain(data, hex_id):
                continue
            attack = [a for a in dry_neighbours(data, hex_id) if plain(data, a) and a != hill
                      and grid.distance(a, hill) >= distance]
            if attack:
                return hill, hex_id, attack[0]
    raise AssertionError(f"the demo map has no hilltop at distance {distance} from a plain hex")


def two_hill_site(data):
    """(hilltop, other hilltop, plain defending hex D within 2 of both, plain attacking hex by D)."""
    grid = GAME.grid(data)
    for hex_id in sorted(GAME.hexes(data)):
        near = [h for h in hilltops(data) if grid.distance(h, hex_id) <= 2]
        attack = [a for a in dry_neighbours(data, hex_id) if plain(data, a)]
        if plain(data, hex_id) and len(near) >= 2 and attack:
            return near[0], near[1], hex_id, attack[0]
    raise AssertionError("the demo map has no plain hex within two hexes of two hilltops")


def plain_site(data, attackers: int = 2):
    """A plain defending hex with `attackers` plain neighbours, no river between, no hilltop within 3."""
    grid = GAME.grid(data)
    hills = hilltops(data)
    for hex_id in sorted(GAME.hexes(data)):
        if plain(data, hex_id) and all(grid.distance(hex_id, h) > 3 for h in hills):
            around = [n for n in dry_neighbours(data, hex_id) if plain(data, n)]
            if len(around) >= attackers:
                return hex_id, around[:attackers]
    raise AssertionError("no plain site")


def river_site(data, streams=False):
    """A defending hex with two neighbours across river (or, with streams, stream) hexsides."""
    for hex_id in sorted(GAME.hexes(data)):
        if GAME.terrain(data, hex_id) == "swamp":
            continue
        kind = "stream" if streams else None
        across = [n for n in GAME.grid(data).neighbours(hex_id) if GAME.on_map(data, n)
                  and GAME.terrain(data, n) != "swamp" and "rhine" not in GAME.hexside(data, n, hex_id)
                  and (kind in GAME.hexside(data, n, hex_id) if streams else river(data, n, hex_id))]
        if len(across) >= 2:
            return hex_id, across[:2]
    raise AssertionError("no river site")


def flagged_hex(data, flag):
    """A hex with `flag` (entrenchment / improved_positions), a dry neighbour and, if any, a river one."""
    for hex_id in sorted(GAME.hexes(data)):
        if GAME.hex_info(data, hex_id).get(flag):
            dry = dry_neighbours(data, hex_id)
            wet = [n for n in GAME.grid(data).neighbours(hex_id) if GAME.on_map(data, n) and river(data, n, hex_id)]
            if dry:
                return hex_id, dry[0], (wet[0] if wet else None)
    raise AssertionError(f"no {flag} hex")


# -- 9.33-9.35 hilltops ------------------------------------------------------------------------
def test_attacker_hilltop_two_hexes_away_shifts_right_without_taking_part(data, state):   # 9.33, 9.35
    hill, defend, attack = hill_site(data, 2)
    place(state, {"28/8/7": hill, "13/8/7": attack, "942/353/58": defend})
    result = shifts(data, state, defend, ["13/8/7"], ["942/353/58"])
    assert result == [{"shift": 1, "why": f"hilltop: allied unit on hilltop {hill}, within 2 hexes of {defend}", "rule": "9.35"}]


def test_hilltop_three_hexes_away_gives_nothing(data, state):                            # 9.33
    hill, defend, attack = hill_site(data, 3)
    place(state, {"28/8/7": hill, "13/8/7": attack, "942/353/58": defend})
    assert shifts(data, state, defend, ["13/8/7"], ["942/353/58"]) == []


def test_empty_hilltop_gives_nothing(data, state):                                       # 9.33 "occupying"
    hill, defend, attack = hill_site(data, 1)
    place(state, {"13/8/7": attack, "942/353/58": defend})
    assert shifts(data, state, defend, ["13/8/7"], ["942/353/58"]) == []


def test_attacking_from_a_hilltop_in_enemy_zoc_counts(data, state):                     # 9.34
    hill, defend, _ = hill_site(data, 1)
    place(state, {"13/8/7": hill, "942/353/58": defend})
    assert hill in GAME.enemy_zoc(data, state, "allied")
    assert by_rule(shifts(data, state, defend, ["13/8/7"], ["942/353/58"]), "9.35") == [1]


def test_defender_hilltop_shifts_left(data, state):                                      # 9.35
    hill, defend, attack = hill_site(data, 2)
    place(state, {"941/353/58": hill, "13/8/7": attack, "942/353/58": defend})
    result = shifts(data, state, defend, ["13/8/7"], ["942/353/58"])
    assert result == [{"shift": -1, "why": f"hilltop: german unit on hilltop {hill}, within 2 hexes of {defend}", "rule": "9.35"}]


def test_any_unit_counts_on_a_hilltop_even_a_cadre(data, state):                        # 9.33 "a unit"
    hill, defend, attack = hill_site(data, 2)
    place(state, {"941/353/58": (hill, "cadre"), "13/8/7": attack, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["13/8/7"], ["942/353/58"]), "9.35") == [-1]


def test_both_eligible_only_the_defender_gets_it(data, state):                          # 9.35
    hill, other, defend, attack = two_hill_site(data)
    place(state, {"28/8/7": hill, "941/353/58": other, "13/8/7": attack, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["13/8/7"], ["942/353/58"]), "9.35") == [-1]


def test_two_attacker_hilltops_give_one_shift(data, state):                             # 9.35 max one
    hill, other, defend, attack = two_hill_site(data)
    place(state, {"28/8/7": hill, "121/8/7": other, "13/8/7": attack, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["13/8/7"], ["942/353/58"]), "9.35") == [1]


def test_attacked_hilltop_gives_no_bonus_for_itself(data, state):                       # 9.34
    hill, _, _ = hill_site(data, 1)
    grid = GAME.grid(data)
    attack = next(n for n in dry_neighbours(data, hill) if plain(data, n)
                  and all(grid.distance(n, h) > 2 for h in hilltops(data) if h != hill))
    place(state, {"941/353/58": hill, "13/8/7": attack})
    assert shifts(data, state, hill, ["13/8/7"], ["941/353/58"]) == []


def test_attacked_hilltop_still_counts_for_another_defending_hex(data, state):         # 9.34 "for itself"
    hill, defend, _ = hill_site(data, 1)
    grid = GAME.grid(data)
    attack = next(n for n in grid.neighbours(hill) if grid.adjacent(n, defend) and GAME.on_map(data, n))
    place(state, {"941/353/58": hill, "942/353/58": defend, "13/8/7": attack})
    result = shifts(data, state, [hill, defend], ["13/8/7"], ["941/353/58", "942/353/58"])
    assert by_rule(result, "9.35") == [-1]


# -- 9.5 combined arms ---------------------------------------------------------------------------
def test_tank_and_non_tank_both_attacking_from_one_hex(data, state):                    # 9.51, 9.53
    defend, (attack, _) = plain_site(data)
    place(state, {"739/19": attack, "13/8/7": attack, "942/353/58": defend})
    result = shifts(data, state, defend, ["739/19", "13/8/7"], ["942/353/58"])
    assert result == [{"shift": 1, "why": f"combined arms: tank 739/19 with non-tank 13/8/7 attacking from {attack} (9.51)",
                       "rule": "9.53"}]


def test_tank_sitting_out_gives_no_bonus(data, state):                                  # 9.51 with 7.22
    defend, (attack, _) = plain_site(data)
    place(state, {"R/2A/19": attack, "113/19": attack, "942/353/58": defend})
    assert shifts(data, state, defend, ["113/19"], ["942/353/58"]) == []
    assert shifts(data, state, defend, ["R/2A/19", "113/19"], ["942/353/58"]) == [
        {"shift": 1, "why": f"combined arms: tank R/2A/19 with non-tank 113/19 attacking from {attack} (9.51)", "rule": "9.53"}]


def test_tank_and_non_tank_in_different_hexes_give_nothing(data, state):                # 9.51 "a stack"
    defend, (a, b) = plain_site(data)
    place(state, {"739/19": a, "13/8/7": b, "942/353/58": defend})
    assert shifts(data, state, defend, ["739/19", "13/8/7"], ["942/353/58"]) == []


def test_parenthesized_class_alone_gives_the_bonus_but_not_as_a_cadre(data, state):     # 9.52
    defend, (attack, _) = plain_site(data)
    place(state, {"A/2A/19": attack, "942/353/58": defend})
    assert shifts(data, state, defend, ["A/2A/19"], ["942/353/58"]) == [
        {"shift": 1, "why": f"combined arms: A/2A/19 in {attack} has a parenthesized combat class (9.52)", "rule": "9.53"}]
    state["units"]["A/2A/19"]["form"] = "cadre"
    assert shifts(data, state, defend, ["A/2A/19"], ["942/353/58"]) == []


def test_one_shift_per_qualifying_stack(data, state):                                   # 9.53
    defend, (a, b) = plain_site(data)
    place(state, {"A/2A/19": a, "739/19": b, "13/8/7": b, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "739/19", "13/8/7"], ["942/353/58"]), "9.53") == [1, 1]


def test_combined_arms_defence_with_an_anti_tank_unit_negates(data, state):             # 9.54
    defend, (attack, _) = plain_site(data)
    place(state, {"A/2A/19": attack, "942/353/58": defend, "668/58": defend})
    assert shifts(data, state, defend, ["A/2A/19"], ["942/353/58", "668/58"]) == []
    why = combined_arms_negated(GAME, data, state, {"defenders": ["942/353/58", "668/58"]})
    assert why == f"combined arms defence in {defend} (9.54)"
    # an anti-tank unit alone is no combined arms defence
    assert by_rule(shifts(data, state, defend, ["A/2A/19"], ["668/58"]), "9.53") == [1]


def test_german_attack_gets_combined_arms_but_not_against_a_parenthesized_class(data, state):   # 9.51, 9.54
    defend, (attack, _) = plain_site(data)
    place(state, {"9P/81": attack, "244/9P/81": attack, "13/8/7": defend})
    assert by_rule(shifts(data, state, defend, ["9P/81", "244/9P/81"], ["13/8/7"], side="german"), "9.53") == [1]
    place(state, {"9P/81": attack, "244/9P/81": attack, "A/2A/19": defend})
    assert shifts(data, state, defend, ["9P/81", "244/9P/81"], ["A/2A/19"], side="german") == []
    state["units"]["A/2A/19"]["form"] = "cadre"                # a cadre has no combat class (10.0)
    assert by_rule(shifts(data, state, defend, ["9P/81", "244/9P/81"], ["A/2A/19"], side="german"), "9.53") == [1]


def test_no_combined_arms_against_germans_in_an_entrenchment(data, state):             # 12.22, 9.54
    defend, attack, _ = flagged_hex(data, "entrenchment")
    place(state, {"A/2A/19": attack, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19"], ["942/353/58"]), "9.53") == []
    # entrenchments benefit only the German player (12.0): a German attack on US units there qualifies
    place(state, {"9P/81": attack, "244/9P/81": attack, "13/8/7": defend})
    assert by_rule(shifts(data, state, defend, ["9P/81", "244/9P/81"], ["13/8/7"], side="german"), "9.53") == [1]


def test_improved_positions_deny_combined_arms_unless_739_clears_them(data, state):    # 20.1, 20.2
    defend, dry, wet = flagged_hex(data, "improved_positions")
    place(state, {"A/2A/19": dry, "1035/59/81": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19"], ["1035/59/81"]), "9.53") == []
    place(state, {"A/2A/19": dry, "739/19": dry, "1035/59/81": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "739/19"], ["1035/59/81"]), "9.53") == [1]


def test_739_across_a_river_does_not_clear_improved_positions(data, state):            # 20.2 exception
    defend, dry, wet = flagged_hex(data, "improved_positions")
    assert wet, "the demo map should have an improved positions hex behind a river"
    place(state, {"A/2A/19": dry, "739/19": wet, "13/8/7": wet, "1035/59/81": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "739/19", "13/8/7"], ["1035/59/81"]), "9.53") == []


def test_at_most_one_combined_arms_shift_entirely_across_rivers(data, state):          # 9.55
    defend, (a, b) = river_site(data)
    place(state, {"A/2A/19": a, "B/2A/19": b, "942/353/58": defend})
    result = shifts(data, state, defend, ["A/2A/19", "B/2A/19"], ["942/353/58"])
    assert by_rule(result, "9.53") == [1]
    assert "(9.55)" in [s for s in result if s["rule"] == "9.53"][0]["why"]
    # one attacker overland: the attack is not entirely across rivers, both stacks count
    overland = next(n for n in dry_neighbours(data, defend) if n not in (a, b))
    place(state, {"A/2A/19": a, "B/2A/19": overland, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "B/2A/19"], ["942/353/58"]), "9.53") == [1, 1]


def test_streams_are_rivers_in_mud_for_the_limit(data, state):                         # 24.22a, 9.55
    defend, (a, b) = river_site(data, streams=True)
    place(state, {"A/2A/19": a, "B/2A/19": b, "942/353/58": defend})
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "B/2A/19"], ["942/353/58"]), "9.53") == [1, 1]
    state["turn"], state["mud_turns"] = 2, [2, 3]
    assert by_rule(shifts(data, state, defend, ["A/2A/19", "B/2A/19"], ["942/353/58"]), "9.53") == [1]


# -- end to end: the shifts reach the combat event ---------------------------------------------

def ScriptedDice(combat=(3, 4)):
    """Dice for GAME.apply: the two combat dice from `combat`, 1 for every other roll."""
    return _Scripted(by_key={"crt/": list(combat)}, default=1)

def test_combat_event_lists_hilltop_and_combined_arms_shifts(data, state):
    hill, defend, attack = hill_site(data, 2)
    assert not GAME.grid(data).adjacent(hill, defend)          # so 28/8/7 need not attack (9.12)
    place(state, {"28/8/7": hill, "A/2A/19": attack, "942/353/58": defend})
    state.update(phase="combat", side="allied", turn=1, date="1945-02-23", last_turn=10, flood="flash_flood")
    outcome = GAME.apply(data, state, "allied", [{"attack": defend, "with": ["A/2A/19"]}], ScriptedDice())
    combat = next(e for e in outcome.events if e["event"] == "combat")
    assert [(s["shift"], s["rule"]) for s in combat["shifts"]] == [(1, "9.35"), (1, "9.53")]
    columns = data.get(f"crt.lines.{combat['line']}.columns")
    assert columns.index(combat["final_column"]) == min(len(columns) - 1, columns.index(combat["column"]) + 2)


def test_9_55_combined_arms_example_a_tank_unit_with_a_non_tank_unit(data, state):                 # 9.5
    """9.55 Combined Arms Example: "10/5/20 and 737/12 are eligible for a combined arms bonus because one
    is a tank unit and the other is a non-tank unit." (Those are counters of other games of the series,
    rules/operation-grenade/units.yaml; here the tank brigade R/2A/19 and the recon battalion 113/19.)"""
    defend, (attack, _) = plain_site(data)
    place(state, {"R/2A/19": attack, "113/19": attack, "942/353/58": defend})
    assert shifts(data, state, defend, ["R/2A/19", "113/19"], ["942/353/58"]) == [
        {"shift": 1, "why": f"combined arms: tank R/2A/19 with non-tank 113/19 attacking from {attack} (9.51)", "rule": "9.53"}]
    assert data.get("crt.column_shifts.combined_arms.example") == "10/5/20 and 737/12 qualify: one is a tank unit, the other a non-tank unit"
