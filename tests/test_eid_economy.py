"""End of the Iron Dream: the German economy (16.0), replacements and reinforcements tied to it
(6.8, 7.15-7.27, 25.9, 26.6.6) and the calendar (25.11, 25.5, 25.8)."""

from __future__ import annotations

import copy

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data
from pbem.games.end_of_the_iron_dream import calendar, economy
from pbem.kit.terrain import MapData

GAME = "end-of-the-iron-dream"


@pytest.fixture(scope="module")
def data():
    return load_game_data(GAME)


@pytest.fixture
def placed(data):
    """The rulebook data with the two oil-field hexes a campaign would enter (test values)."""
    d = copy.copy(data)
    d.tree = copy.deepcopy(data.tree)
    d.cache = {}
    d.tree["map"]["places"]["ploesti"]["hex"] = "R30"
    d.tree["map"]["places"]["nagykanizsa"]["hex"] = "R26"
    return d


def grid(data):
    return MapData.of(data).grid


def line(a: str, b: str, row: str) -> set[str]:
    return {f"{row}{c}" for c in range(int(a), int(b) + 1)}


def test_oil_field_hexes_refuse_naming_their_path(data):
    """16.1: Ploesti and Nagykanizsa are on the map only: their hex is asked at map.places.X.hex."""
    with pytest.raises(UnknownDataError) as err:
        economy.economic_hex(data, "ploesti")
    assert "`map.places.ploesti.hex`" in str(err.value)
    assert economy.economic_hex(data, "berlin") == "T21"         # 15.12
    assert economy.economic_hex(data, "breslau") == "R23"
    assert economy.secondary_names(data) == ("ploesti", "nagykanizsa", "breslau")   # 16.1 B


def test_blocked_and_lost_secondaries(placed):
    """16.3: a secondary hex cut off from Berlin and the Ruhr by Alliance forces is blocked; 16.4:
    liberated or blocked hexes count as lost (errata reading, economy.secondary_lost_means)."""
    g = grid(placed)
    # row R from R16 to R30 and row T/U links: a German corridor from the Ruhr (U16) to Berlin (T21)
    german = line("16", "30", "R") | {"S16", "T16", "U16", "S21", "T21"}
    assert economy.blocked_secondaries(placed, g, german, liberated=[]) == set()
    cut = german - {"R28"}                                         # Ploesti (R30) cut off beyond R28
    assert economy.blocked_secondaries(placed, g, cut, liberated=[]) == {"ploesti"}
    assert economy.lost_secondaries(placed, liberated=["breslau"], blocked={"ploesti"}) == 2
    assert economy.blocked_secondaries(placed, g, cut, liberated=["ploesti"]) == set()   # 16.6 A: liberated stays liberated


def test_16_7_collapse(placed):
    g = grid(placed)
    german = line("16", "30", "R") | {"S16", "T16", "U16", "S21", "T21"}
    assert economy.collapse_triggered(placed, g, german) is False
    assert economy.collapse_triggered(placed, g, german - {"T21"}) is True          # Berlin lost
    assert economy.collapse_triggered(placed, g, german - {"R18"}) is True          # corridor cut, "even for an instant"


def test_su_production(data):
    """16.2: three SUs (Berlin, Ruhr, Breslau); 16.3: two (Berlin, Ruhr); 16.4: one at Berlin or
    the Ruhr; 16.5: still one; 16.8: none after collapse."""
    assert economy.su_production(data, 0, False) == {"count": 3, "at": ["berlin", "ruhr", "breslau"], "choose_one": False}
    assert economy.su_production(data, 1, False) == {"count": 2, "at": ["berlin", "ruhr"], "choose_one": False}
    assert economy.su_production(data, 2, False) == {"count": 1, "at": ["berlin", "ruhr"], "choose_one": True}
    assert economy.su_production(data, 3, False)["count"] == 1
    assert economy.su_production(data, 0, True)["count"] == 0


def test_axis_replacements(data):
    """6.8: none on Turn 1; 7.15: 1 mech + 1 non-mech; 7.23 B-C surge; 7.27 C cannibalization;
    16.5 A: no mech with all three secondaries lost; 16.4 A/7.18: dead pile closed at two."""
    assert economy.axis_replacements(data, 1, 0, False, None, False) == {"mechanized": 0, "non_mechanized": 0, "dead_pile": False}
    assert economy.axis_replacements(data, 2, 0, False, None, False) == {"mechanized": 1, "non_mechanized": 1, "dead_pile": True}
    assert economy.axis_replacements(data, 5, 1, False, 1, False) == {"mechanized": 2, "non_mechanized": 2, "dead_pile": True}
    assert economy.axis_replacements(data, 6, 1, False, 2, True) == {"mechanized": 1, "non_mechanized": 3, "dead_pile": True}
    assert economy.axis_replacements(data, 6, 2, False, None, False)["dead_pile"] is False
    assert economy.axis_replacements(data, 6, 3, False, None, False) == {"mechanized": 0, "non_mechanized": 1, "dead_pile": False}
    assert economy.axis_replacements(data, 6, 0, True, None, False)["non_mechanized"] == 0      # 16.8


def test_7_15_mechanized_step_as_non_mechanized(data):
    available = {"mechanized": 1, "non_mechanized": 1}
    assert economy.replacement_use_problems(available, 0, 2) == []
    assert [p.message for p in economy.replacement_use_problems(available, 1, 2)] == [
        "2 non-mechanized replacement steps used, 1 available and 0 mechanized to spare "
        "(7.15: a mechanized step may serve as non-mechanized, not vice versa)"]
    assert economy.replacement_use_problems({"mechanized": 0, "non_mechanized": 2}, 1, 0)[0].message == \
        "1 mechanized replacement steps used, 0 available (7.15)"


def test_7_23_surge(data):
    assert economy.surge_problems(data, True, 1, False, False) == []
    msgs = [p.message for p in economy.surge_problems(data, False, 2, True, True)]
    assert msgs == ["the German surge has been called already: once per game (7.23 A)",
                    "the surge needs a hex of Greater Germany under Grand Alliance control at the start of the phase (7.23 A)",
                    "no surge once two secondary economic hexes are lost (7.23 D, 16.4 B)",
                    "no surge after the economic collapse (7.23 E)"]
    assert [economy.surge_turn(data, 5, t, False) for t in range(4, 10)] == [None, 1, 2, 3, 4, None]   # 7.23 B: four turns
    assert economy.surge_turn(data, 5, 6, True) is None                                                # 7.23 D: stops


def test_7_25_free_french_conversion(data):
    assert economy.free_french_problems(data, 2, True, True, True, False) == []
    msgs = [p.message for p in economy.free_french_problems(data, 1, True, False, False, False)]
    assert msgs == ["the FX corps may not be converted before Turn 2 (7.25 A)",
                    "the FX corps must be in GS at the instant of conversion (7.25 B)",
                    "the FX corps must first be built up to full strength with green replacements (7.25 D)"]
    assert economy.free_french_arrivals(data, 4) == {5: ("wa-mech-F1", "mto"), 6: ("wa-mech-F2", "mto")}   # 7.25 C


def test_7_26_reserve_corps(data):
    """7.26: the first step flips one reserve corps, a second flips the remaining two."""
    assert [economy.reserve_corps_flipped(data, n) for n in (0, 1, 2)] == [0, 1, 3]


def test_7_27_cannibalization(data):
    counter = data.get("units.counters.de-inf-1")              # 6-7-5/3-4-5 Wehrmacht infantry
    assert economy.cannibalize_problems(data, 2, "de-inf-1", counter, True, True, True, 0) == []
    msgs = [p.message for p in economy.cannibalize_problems(data, 1, "de-inf-1", counter, False, False, False, 1)]
    assert msgs == ["no cannibalization before Turn 2 (7.27 A)",
                    "only one corps may be cannibalized each Replacement Phase (7.27 A)",
                    "de-inf-1 is not a Wehrmacht 3-4-5 infantry corps (7.27 A)",
                    "de-inf-1 must be in a hex of Germany or Italy to be cannibalized (7.27 B)",
                    "de-inf-1 must be in GS to be cannibalized (7.27 B)"]
    ss = data.get("units.counters.de-inf-6SS")
    assert economy.cannibalize_problems(data, 3, "de-inf-6SS", ss, True, True, True, 0)[0].message == \
        "de-inf-6SS is not a Wehrmacht 3-4-5 infantry corps (7.27 A)"
    reserve = data.get("units.counters.de-inf-62R")           # converted reserve corps: 3-4-5 full side
    assert economy.cannibalize_problems(data, 3, "de-inf-62R", reserve, False, True, True, 0) == []


def test_25_9_twelfth_army(data):
    """25.9 B: the clear hex nearest Berlin (T21) still under German control; Germany's choice
    among equally near ones."""
    g = grid(data)
    clear = {"T19", "T23", "R21"}                                  # two hexes away (T19, T23), R21 two too
    assert economy.twelfth_army_problems(g, "T21", "T23", clear) == []
    assert economy.twelfth_army_problems(g, "T21", "T22", clear)[0].message == \
        "the 12th Army must be placed on a German-controlled clear hex, not T22 (25.9 B)"
    far = clear | {"T26"}
    assert economy.twelfth_army_problems(g, "T21", "T26", far)[0].message == \
        "the 12th Army goes on the clear German hex nearest Berlin: R21, T19, T23 (2 hexes), not T26 (25.9 B)"


def test_26_6_6_alpenfestung():
    mountains = {"M16", "M17", "N17"}
    assert economy.alpenfestung_problems(mountains, {"M16", "N17"}, "N17") == []
    assert economy.alpenfestung_problems(mountains, {"M16"}, "M17")[0].message == \
        "the Alpenfestung may not go in M17; allowed: M16 (26.6.6 A)"
    assert economy.alpenfestung_problems(mountains, set(), None) == []              # none German: ignore the rule
    assert economy.alpenfestung_problems(mountains, {"M16"}, None)[0].message == \
        "the Alpenfestung must be placed in one of M16 (26.6.6 A)"


# -- the calendar ------------------------------------------------------------------------------

def test_25_11_weather(data):
    """25.11 A: Turns 10-19 foul, the rest fair; G: Let History Judge foul from Turn 10 on."""
    assert [calendar.weather(data, "iron-dream", t) for t in (1, 9, 10, 19, 20, 23)] == ["fair", "fair", "foul", "foul", "fair", "fair"]
    assert [calendar.weather(data, "let-history-judge", t) for t in (9, 10, 14)] == ["fair", "foul", "foul"]


def test_25_11_b_foul_movement(data):
    """25.11 B: all operational MAs of 7 become 6; WA SUs' MAs become 5. F: fair cancels."""
    assert calendar.operational_ma(data, 7, "foul") == 6
    assert calendar.operational_ma(data, 6, "foul") == 6
    assert calendar.operational_ma(data, 6, "foul", wa_su=True) == 5
    assert calendar.operational_ma(data, 7, "fair") == 7


def test_25_8_tac_air_and_25_11_d_mobile_assaults(data):
    assert calendar.tac_air(data, "fair", True) == 1
    assert calendar.tac_air(data, "foul", True) == 0                                # 25.11 C
    assert calendar.tac_air(data, "fair", False) == 0                               # 25.8 B (EGS paratroops)
    assert calendar.foul_mobile_assault_problems("fair", 3, 4) == []
    assert [p.message for p in calendar.foul_mobile_assault_problems("foul", 1, 1)] == [
        "in foul weather a mechanized unit makes only one mobile assault per turn (25.11 D)",
        "in foul weather a mobile assault may only be into the first hex the unit enters (25.11 D)"]


def test_25_5_heavy_bomber_windows(data):
    assert calendar.heavy_bomber_windows(data) == {"first": (3, 6), "second": (20, 23)}
    assert calendar.heavy_bomber_problems(data, 4, set()) == []
    assert calendar.heavy_bomber_problems(data, 4, {"first"})[0].message == "the first heavy bomber strike has been used (25.5 A)"
    assert calendar.heavy_bomber_problems(data, 12, set())[0].message == \
        "no heavy bomber strike on Turn 12: only during Turns 3-6 and 20-23 (25.5 A)"
