"""The kit's rule machinery, game-agnostic: walking a path against MP costs and zones of
control, the combat-table pipeline (column, shifts, clamp, whole column), step losses and
retreat paths. The rule numbers in the messages are given by the test, as a game gives its own.
"""

from fractions import Fraction

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import GameData
from pbem.hexgrid import GridSpec
from pbem.kit.combat import Shift, clamp, differential_column, odds_position, ratio_column, total, whole_column
from pbem.kit.losses import retreat_path, spread_steps
from pbem.kit.movement import NO_ZOC, Walk, ZocRules, walk

GRID = GridSpec.from_dict({"numbering": "xxyy", "offset": "odd-columns-down"})
# a straight line of adjacent hexes on this grid: 0101 - 0102 - 0103 - 0104 - 0105
LINE = ["0101", "0102", "0103", "0104", "0105"]


def flat(a: str, b: str):
    return 1, ""


def game_data(tree: dict) -> GameData:
    return GameData(game="kit-test", tree=tree, files_hash="0" * 64)


# -- movement.walk ----------------------------------------------------------------------------

def test_a_clear_path_costs_the_sum_of_its_steps():
    costs = {"0102": 1, "0103": 2, "0104": Fraction(1, 2)}
    result = walk(GRID, "u1", LINE[:4], lambda a, b: (costs[b], ""), allowance=6)
    assert result == Walk(Fraction(7, 2), False)
    assert walk(GRID, "u1", ["0101"], flat, allowance=6) == Walk(0, False)     # standing still


def test_every_step_must_be_adjacent():
    result = walk(GRID, "u1", ["0101", "0102", "0104"], flat, allowance=6)
    assert result == Walk(1, False, "0104 is not adjacent to 0102")


def test_no_revisit_refuses_a_hex_entered_twice():
    path = ["0101", "0102", "0101"]
    assert walk(GRID, "u1", path, flat, allowance=6, no_revisit=True) == Walk(1, False, "the path enters 0101 twice")
    assert walk(GRID, "u1", path, flat, allowance=6).problem is None


def test_a_prohibited_step_gives_the_games_reason():
    def cost(a, b):
        return (None, "enemy units are there (6.1)") if b == "0103" else (1, "")
    result = walk(GRID, "u1", LINE[:4], cost, allowance=6)
    assert result == Walk(1, False, "0102 → 0103: enemy units are there (6.1)")


def test_walk_reports_the_cost_and_leaves_the_allowance_to_the_game():
    # the allowance only feeds leave_cost; whether `spent` exceeds it is the game's to refuse
    assert walk(GRID, "u1", LINE, flat, allowance=2) == Walk(4, False)


def test_no_zoc_rules_ignore_zones_of_control():
    assert walk(GRID, "u1", LINE, flat, allowance=6, zoc={"0102", "0103"}, rules=NO_ZOC, starts_in_zoc=True) == Walk(4, False)


STOP = ZocRules(stop_on_entry=True, stop_rule="6.31")


def test_zoc_stop_on_entry_ends_the_move_in_the_zoc():
    result = walk(GRID, "u1", LINE, flat, allowance=6, zoc={"0103"}, rules=STOP)
    assert result == Walk(1, False, "u1 must stop on entering the enemy ZOC at 0103 (6.31)")
    assert walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0103"}, rules=STOP) == Walk(2, False)   # ends there


def half_allowance(allowance: int) -> int:
    return allowance // 2


LEAVE = ZocRules(stop_on_entry=True, leave_cost=half_allowance, stop_rule="6.31", leave_rule="6.32")


def test_leaving_a_zoc_costs_the_leave_cost_on_the_first_step():
    result = walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0101"}, rules=LEAVE, starts_in_zoc=True)
    assert result == Walk(5, True)                     # 1 + 3 to leave, then 1
    # without a leave cost, starting in a ZOC is no different
    assert walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0101"}, rules=STOP, starts_in_zoc=True) == Walk(2, False)


def test_leave_only_to_free_refuses_a_step_into_another_zoc():
    rules = ZocRules(leave_cost=half_allowance, leave_only_to_free=True, leave_rule="6.32")
    result = walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0101", "0102"}, rules=rules, starts_in_zoc=True)
    assert result == Walk(0, False, "u1 leaves an enemy ZOC only directly into a hex no enemy controls (6.32)")
    assert walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0101"}, rules=rules, starts_in_zoc=True) == Walk(5, True)


NO_REENTRY = ZocRules(leave_cost=half_allowance, no_reentry=True, leave_rule="6.32")


def test_no_reentry_after_leaving_a_zoc():
    result = walk(GRID, "u1", LINE, flat, allowance=6, zoc={"0101", "0104"}, rules=NO_REENTRY, starts_in_zoc=True)
    assert result == Walk(5, True, "u1 left an enemy ZOC this phase and may not enter one again (6.32)")


def test_no_reentry_counts_a_zoc_left_earlier_in_the_phase():
    result = walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0103"}, rules=NO_REENTRY, left_zoc_before=True)
    assert result == Walk(1, True, "u1 left an enemy ZOC this phase and may not enter one again (6.32)")
    assert walk(GRID, "u1", LINE[:3], flat, allowance=6, zoc={"0103"}, rules=NO_REENTRY) == Walk(2, False)


def test_must_end_at_stops_a_move_passing_through():
    def fortress(hex_id):
        return "a unit entering a fortress ends its move (7.4)" if hex_id == "0102" else None
    result = walk(GRID, "u1", LINE[:3], flat, allowance=6, must_end_at=fortress)
    # a refused walk's `spent` is what the steps before the refused one cost
    assert result == Walk(0, False, "a unit entering a fortress ends its move (7.4)")
    assert walk(GRID, "u1", LINE[:2], flat, allowance=6, must_end_at=fortress) == Walk(1, False)


# -- combat ------------------------------------------------------------------------------------

RATIOS = ["1-2", "1-1", "2-1", "3-1"]


@pytest.mark.parametrize("attack,defence,column", [
    (5, 3, 1),       # 5:3 rounds down to 1-1: the defender's favour
    (6, 3, 2),       # exactly 2-1
    (17, 6, 2),      # 2.83 is still 2-1
    (1, 3, 0),       # below the first column: the first
    (20, 1, 3),      # above the last: the last
    (1, 2, 0),
])
def test_ratio_column_rounds_in_the_defenders_favour(attack, defence, column):
    assert ratio_column(RATIOS, attack, defence) == (column, Fraction(attack, defence))


ODDS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]


@pytest.mark.parametrize("attack,defence,position,label", [
    (4, 4, 2, "1:1"),
    (7, 3, 3, "2:1"),        # 2.33 rounds down
    (12, 3, 5, "4:1"),
    (10, 1, 11, "10:1"),     # off the table to the right
    (2, 3, 1, "1:2"),        # 1:1.5 rounds up to 1:2
    (2, 5, 0, "1:3"),        # 1:2.5 rounds up to 1:3
    (1, 5, -2, "1:5"),       # off the table to the left
])
def test_odds_position_may_lie_off_the_table(attack, defence, position, label):
    assert odds_position(ODDS, attack, defence) == (position, label)


def test_odds_position_needs_the_even_column():
    with pytest.raises(PbemError, match=r"^the CRT odds line \['2:1', '3:1'\] has no 1:1 column$"):
        odds_position(["2:1", "3:1"], 3, 1)
    assert odds_position(["1-1", "2-1"], 2, 1, even="1-1") == (1, "2:1")


@pytest.mark.parametrize("attack,defence,column,difference", [
    (4, 4, 2, 0), (3, 7, 0, -4), (5, 3, 4, 2), (10, 1, 4, 9), (5, 4, 3, 1),
])
def test_differential_column(attack, defence, column, difference):
    assert differential_column([-2, -1, 0, 1, 2], attack, defence) == (column, difference)


def test_shifts_total_and_clamp():
    shifts = [Shift(2, "concentric attack", "9.4"), Shift(-1, "defender in a city", "9.2"), Shift(1, "artillery", "9.5")]
    assert total(shifts) == 2
    assert total([]) == 0
    assert shifts[1].as_event() == {"shift": -1, "why": "defender in a city", "rule": "9.2"}
    assert [clamp(i, 6) for i in (-3, 0, 3, 5, 11)] == [0, 0, 3, 5, 5]


def crt_data() -> GameData:
    return game_data({"crt": {"printed_on": "the CRT card", "cells": {
        "2-1": {"1": "AE", "2": {"value": "DR", "rule": "9.1"}, "3": "unknown", "4": "DE", "5": "unknown"},
        "3-1": {"1": "DR", "2": "DR", "3": "DE", "4": "DE", "6": "DE"},
        "4-1": {"1": "DR", "2": "DR", "3": "DE", "4": "DE", "5": "DE", "6": "DE"},
    }}})


def column(data, name):
    return whole_column(data, range(1, 7), lambda row: f"crt.cells.{name}.{row}",
                        lambda row: f"the {name} result for a {row}", "the CRT card")


def test_whole_column_gives_every_cell_keyed_by_row():
    assert column(crt_data(), "4-1") == {"1": "DR", "2": "DR", "3": "DE", "4": "DE", "5": "DE", "6": "DE"}


def test_whole_column_refuses_on_the_first_unknown_cell_naming_its_path():
    with pytest.raises(UnknownDataError) as caught:
        column(crt_data(), "2-1")
    assert caught.value.path == "crt.cells.2-1.3"                  # not .5: the first one
    assert "needs the 2-1 result for a 3" in str(caught.value)
    assert "(printed on: the CRT card)" in str(caught.value)       # the caller's, for `unknown` too


def test_whole_column_refuses_a_missing_cell_naming_its_path_and_where_it_is_printed():
    with pytest.raises(UnknownDataError) as caught:
        column(crt_data(), "3-1")
    assert caught.value.path == "crt.cells.3-1.5"
    assert "needs the 3-1 result for a 5" in str(caught.value)
    assert "(printed on: the CRT card)" in str(caught.value)


# -- losses ------------------------------------------------------------------------------------

STEPS = {"a": 2, "b": 1, "c": 3}


def test_spread_steps_keep_alive_takes_from_multi_step_units_first():
    assert spread_steps(["a", "b", "c"], STEPS, 3) == {"a": 1, "c": 2}
    # once every unit is down to one step, they go in order
    assert spread_steps(["a", "b", "c"], STEPS, 5) == {"a": 2, "c": 2, "b": 1}
    assert spread_steps(["c", "a", "b"], STEPS, 2) == {"c": 2}


def test_spread_steps_without_keep_alive_uses_up_each_unit_in_turn():
    assert spread_steps(["a", "b", "c"], STEPS, 3, keep_alive=False) == {"a": 2, "b": 1}
    assert spread_steps(["b", "a", "c"], STEPS, 2, keep_alive=False) == {"b": 1, "a": 1}


def test_spread_steps_stops_when_nothing_is_left_and_is_pure():
    steps = dict(STEPS)
    assert spread_steps(["a", "b", "c"], steps, 99) == {"a": 2, "b": 1, "c": 3}
    assert spread_steps(["a", "b", "c"], steps, 0) == {}
    assert spread_steps(["a", "b", "c"], steps, -2) == {}
    assert spread_steps(["a"], {"a": 0, "b": 4}, 1) == {}           # only the listed units, none alive
    assert steps == STEPS


def no_objection(a, b):
    return None


def test_retreat_path_counts_the_enemy_zoc_hexes_entered():
    assert retreat_path(GRID, "0101", LINE[1:4], no_objection) == (None, 0)
    assert retreat_path(GRID, "0101", LINE[1:4], no_objection, zoc={"0102", "0909"}) == (None, 1)
    assert retreat_path(GRID, "0101", LINE[1:5], no_objection, zoc=frozenset({"0102", "0104"})) == (None, 2)


def test_retreat_path_problems():
    assert retreat_path(GRID, "0101", ["0103"], no_objection) == ("0103 is not adjacent to 0101", 0)
    assert retreat_path(GRID, "0101", ["0102", "0101"], no_objection) == ("a stack may not enter 0101 twice", 0)
    assert retreat_path(GRID, "0101", ["0102", "0103", "0102"], no_objection, zoc={"0102"}) == \
        ("a stack may not enter 0102 twice", 1)

    def blocked(a, b):
        return f"{b} holds enemy units (11.4)" if b == "0103" else None
    assert retreat_path(GRID, "0101", LINE[1:4], blocked, zoc={"0102"}) == ("0103 holds enemy units (11.4)", 1)
