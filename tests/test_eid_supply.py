"""End of the Iron Dream: supply (15.0), with its worked examples (15.21.1, 15.21.4), 15.10's
grant or refusal, OKH's attack supply (25.10 D) and the SU pools (15.23.3, 27.3 K)."""

from __future__ import annotations

import pytest

from pbem.gamedata import load_game_data
from pbem.games.end_of_the_iron_dream import supply
from pbem.kit.terrain import MapData


@pytest.fixture(scope="module")
def data():
    return load_game_data("end-of-the-iron-dream")


@pytest.fixture(scope="module")
def grid(data):
    return MapData.of(data).grid


def open_sides(a: str, b: str) -> bool:
    return False


def row(letter: str, first: int, last: int) -> set[str]:
    return {f"{letter}{c}" for c in range(first, last + 1)}


def test_line_lengths(data):
    """15.5: WA ten hexes; 27.4 M: twelve in Let History Judge; 15.6: Soviet 20; 15.7: Axis any."""
    assert supply.line_length(data, "western", "iron-dream") == 10
    assert supply.line_length(data, "western", "let-history-judge") == 12
    assert supply.line_length(data, "soviet", "iron-dream") == 20
    assert supply.line_length(data, "axis", "iron-dream") is None


def test_15_5_wa_line_counts_the_unit_hex_not_the_source(data, grid):
    """15.5: "Count the hex the unit is in, but not the one the supply source is in." A port in
    M1: a unit in M11 (ten hexes on) is in GS, one in M12 is not."""
    reach = supply.general_supply(data, "western", "iron-dream", grid, ["M1"], row("M", 1, 15), set(), open_sides)
    assert reach["M11"] == 10 and "M12" not in reach


def test_15_13_soviet_edge_hex_counts_in_the_line(data, grid):
    """15.6: 20 hexes from the east edge; 15.13: the edge hexes count as full hexes in the line."""
    reach = supply.general_supply(data, "soviet", "iron-dream", grid, ["M40"], row("M", 10, 40), set(), open_sides)
    assert reach["M40"] == 1 and reach["M21"] == 20 and "M20" not in reach


def test_15_8_lines_only_through_friendly_hexes_and_open_hexsides(data, grid):
    controlled = row("M", 1, 6)
    blocked = {frozenset(("M3", "M4"))}
    reach = supply.general_supply(data, "axis", "iron-dream", grid, ["M1"], controlled, set(),
                                  lambda a, b: frozenset((a, b)) in blocked)
    assert sorted(reach) == ["M1", "M2", "M3"]                       # 15.8 A: not across the blocked hexside
    reach = supply.general_supply(data, "axis", "iron-dream", grid, ["M1"], controlled - {"M4"}, set(), open_sides)
    assert "M5" not in reach                                          # 15.8 B: only friendly-controlled hexes


def test_15_21_4_example_leaving_u6_cuts_the_line(data, grid):
    """15.21.4: "assume again the Allied units are in V5, but this time there are also German units
    in V4, V6, and U5. Two of the Allied corps enter U6. They are still in supply there, but if
    they wanted to push on to T6, they would need to have EGS. In leaving U6 they would allow an
    unnegated German ZOC to be projected into the hex, thus cutting their own GS line.\""""
    german = {"V4", "V6", "U5"}

    def ezoc(wa_occupied: set[str]) -> set[str]:
        zoc = {n for h in german for n in grid.neighbours(h)} | german
        return zoc - wa_occupied                                     # 15.8 B: friendly combat units negate

    controlled = {"V5", "U6", "T6"}
    in_u6 = supply.general_supply(data, "western", "iron-dream", grid, ["V5"], controlled, ezoc({"V5", "U6"}), open_sides)
    assert "U6" in in_u6
    pushed_on = supply.general_supply(data, "western", "iron-dream", grid, ["V5"], controlled, ezoc({"V5", "T6"}), open_sides)
    assert "T6" not in pushed_on and "U6" not in pushed_on
    held = supply.general_supply(data, "western", "iron-dream", grid, ["V5"], controlled, ezoc({"V5", "U6", "T6"}), open_sides)
    assert "T6" in held                                               # a corps left in U6 keeps the line open


def test_15_21_1_example_burn_off_hexes(grid):
    """15.21.1: "A SU is in hex R17 ... it can create EGS in R17 and one other hex adjacent to R17
    (R16, R18, S17, S18, Q17, or Q18). Or ... any two hexes mutually adjacent to each other and the
    hex of the burn off. Such hex pairs could be R16/S17, S17/S18, S18/R18, R18/Q18, Q18/Q17, or
    Q17/R16.\""""
    for other in ("R16", "R18", "S17", "S18", "Q17", "Q18"):
        assert supply.burn_off_problems(grid, "R17", ["R17", other]) == []
    for pair in (("R16", "S17"), ("S17", "S18"), ("S18", "R18"), ("R18", "Q18"), ("Q18", "Q17"), ("Q17", "R16")):
        assert supply.burn_off_problems(grid, "R17", list(pair)) == []
    assert supply.burn_off_problems(grid, "R17", ["R16", "R18"])[0].message == "R16 and R18 are not mutually adjacent (15.21.1 B)"
    assert supply.burn_off_problems(grid, "R17", ["R17", "R19"])[0].message == "R19 is not adjacent to the SU in R17 (15.21.1 B)"
    assert supply.burn_off_problems(grid, "R17", ["R17", "R16", "R18"])[0].message == "an SU supplies one or two hexes, not 3 (15.21.1 B)"


def test_15_10_grant_or_refuse(data, grid):
    """15.10: in Iron Dream the WA and Soviets grant or withhold, case by case, a GS line through
    each other's territory; in Let History Judge they are enemies."""
    own, ally = row("M", 1, 3), row("M", 4, 5)
    needed = supply.ally_trace(data, "western", "iron-dream", grid, "M6", ["M1"], own | {"M6"}, ally, set(), open_sides)
    assert needed == {"M4", "M5"}
    assert supply.ally_trace(data, "western", "iron-dream", grid, "M3", ["M1"], own, ally, set(), open_sides) == set()
    assert supply.ally_trace(data, "western", "iron-dream", grid, "M9", ["M1"], own, ally, set(), open_sides) is None
    assert supply.ally_trace_problems("iron-dream", "western", needed, None)[0].message == \
        "the line through Soviet territory (M4, M5) needs the Soviet player's grant or refusal (15.10)"
    assert supply.ally_trace_problems("iron-dream", "soviet", needed, False)[0].message == \
        "the Western Allied player refused the supply line through M4, M5 (15.10)"
    assert supply.ally_trace_problems("iron-dream", "western", needed, True) == []
    assert supply.ally_trace_problems("iron-dream", "western", set(), None) == []
    assert supply.ally_trace_problems("let-history-judge", "western", needed, True)[0].message == \
        "a supply line may not be traced through enemy-controlled M4, M5 (15.8 B)"


def test_25_10_okh_attack_supply(data, grid):
    german = row("M", 1, 9) | row("N", 1, 9)
    assert supply.okh_problems(data, grid, "M1", ["M5", "N4"], german, False) == []
    assert supply.okh_problems(data, grid, "M1", ["M6"], german, False)[0].message == \
        "M6: more than 4 hexes from OKH in M1 along German-controlled hexes (25.10 D)"
    assert supply.okh_problems(data, grid, "M1", ["M3", "M5"], german, False)[0].message == "M3 and M5 are not adjacent (25.10 D)"
    assert supply.okh_problems(data, grid, "M1", ["M3"], german - {"M2", "N1", "N2"}, False)[0].message.startswith("M3: more than 4")
    assert supply.okh_problems(data, grid, "M1", ["M3"], german, True)[0].message == \
        "OKH may not provide AS on a turn it moves strategically (25.10 D)"


def test_15_3_15_4_15_9_effects(data):
    assert supply.oos_movement_allowance(data, 7) == 3                                   # 15.3 B: halved, rounded down
    assert supply.defender_supply_shift(data, False, False) == 2                          # 15.4: 2R
    assert supply.defender_supply_shift(data, False, True) == 0                           # 15.19 B
    assert supply.defender_supply_shift(data, True, False) == 0
    assert supply.attrition(2, "none") == {"steps": 1, "destroyed": False, "permanent": False}       # 15.9 A: flipped
    assert supply.attrition(1, "none") == {"steps": 0, "destroyed": True, "permanent": True}         # permanently destroyed
    assert supply.attrition(1, "none", airborne_wa=True)["permanent"] is False                       # 15.9 B
    assert supply.attrition(1, "egs")["destroyed"] is False                                          # 15.21.6


def test_15_16_fortress_supply(data):
    assert supply.fortress_supply_problems(data, False, 1, 1) == []
    assert supply.fortress_supply_problems(data, False, 2, 1)[0].message == \
        "an FS hex supports 1 step, not 2: the excess attrites (15.16 B, 15.20)"
    assert supply.fortress_supply_problems(data, True, 8, 4) == []                       # Königsburg: four corps
    assert supply.fortress_supply_problems(data, True, 10, 5)[0].message == "Königsburg's FS supports 4 corps, not 5 (15.16 B)"


def test_15_15_coastal_and_15_12_sources(data, grid):
    coast = {"Y20", "Y21"}
    assert supply.german_coastal_supply(grid, "Y20", coast, {"Y20"}, True, False) is True
    assert supply.german_coastal_supply(grid, "X20", coast, {"Y20"}, True, False) is True     # one hex inland
    assert supply.german_coastal_supply(grid, "W20", coast, {"Y20"}, True, False) is False
    assert supply.german_coastal_supply(grid, "Y20", coast, {"Y20"}, True, True) is False     # not after collapse
    assert supply.german_coastal_supply(grid, "Y20", coast, {"Y20"}, False, False) is False
    assert supply.german_sources(data, False) == {"U16", "T21", "R23"}
    assert supply.german_sources(data, True) == set()                                        # 16.8-16.9


def test_15_23_3_soviet_sus(data):
    """15.23.3 B: two a turn, three on the first Bagration turn (Turn 2, 6.7 A); 27.3 K: one."""
    assert supply.soviet_sus(data, "iron-dream", 2, True) == 3
    assert supply.soviet_sus(data, "iron-dream", 2, False) == 2
    assert supply.soviet_sus(data, "iron-dream", 3, True) == 2
    assert supply.soviet_sus(data, "let-history-judge", 2, False) == 1
