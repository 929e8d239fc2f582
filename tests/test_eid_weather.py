"""End of the Iron Dream: the weather (25.11) and WA tactical air power (25.8, 11.15) in play, as
behaviour 2 plays them (the campaign's turn decides the weather, 25.11 A).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, made-up CRT cells and
panzer factors; the
WA trace their supply to V6 (a made-up port)."""

from __future__ import annotations

from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import BEACH, SUPPLY


PANZER = {"units.counters.de-pz-3.attack": 9, "units.counters.de-pz-3.defense": 8,          # made up (28.2 prints
          "units.counters.de-pz-3.movement": 7, "units.counters.de-pz-3.reduced": "none"}    # no panzer line)


def start2(position: dict):
    return start(position, behaviour=2, extra={**SUPPLY, **BEACH, **PANZER})


def test_25_11_b_in_foul_weather_an_operational_ma_of_7_is_6_and_f_fair_weather_cancels_it():
    """25.11 A: "Turns 10-19, inclusive, are foul weather"; B: "During foul weather turns, all
    operational MAs of 7 are reduced to 6"; F: "When good weather returns on Turn 20, all the
    effects of foul weather are canceled." wa-mech-2 (MA 7) moves seven clear hexes on Turns 9
    and 20, six on Turn 10."""
    d, s = start2({"wa-mech-2": "V6", "de-inf-1": "P20"})
    seven = [{"move": "wa-mech-2", "path": [f"V{c}" for c in range(6, 14)]}]
    six = [{"move": "wa-mech-2", "path": [f"V{c}" for c in range(6, 13)]}]
    for turn in (9, 20):
        assert problems(d, at(s, turn, "western"), "western", seven) == [], turn
    assert problems(d, at(s, 10, "western"), "western", seven) == [
        "wa-mech-2 needs 7 MP for this path but has 6 left (10.1, 10.3; 10.4 A: one hex only)"]
    assert problems(d, at(s, 10, "western"), "western", six) == []


def test_25_11_d_in_foul_weather_one_mobile_assault_into_the_first_hex_entered():
    """25.11 D (11.4): "During foul weather, mechanized units may make only one mobile assault per
    turn, and that may only be into the first hex they enter." From U6 the stack assaults T6 at
    once on Turn 10; wa-mech-4, moving from V6 to U6 first, may do so only in fair weather."""
    d, s = start2({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "T6"})
    direct = [{"assault": "T6", "with": ["wa-mech-2"]}]
    moved = [{"assault": "T6", "with": ["wa-mech-4"], "path": ["V6", "U6"]}]
    assert problems(d, at(s, 10, "western"), "western", direct) == []
    assert problems(d, at(s, 10, "western"), "western", moved) == [
        "in foul weather a mobile assault may only be into the first hex the unit enters (25.11 D)"]
    assert problems(d, at(s, 9, "western"), "western", moved) == []


def test_25_8_a_tac_air_1r_for_wa_assaults_and_1l_for_wa_defences_in_fair_weather_only():
    """25.8 A: "TAC AIR results in a 1R shift in the odds ratio of all WA mobile and prepared
    assaults. It also causes a 1L shift in all WA defenses against German mobile and prepared
    assaults." 11.15 B; 25.11 C: none in foul weather."""
    d, s = start2({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "T6", "de-pz-3": "T5"})
    attack = {"shift": 1, "why": "WA tactical air power", "rule": "25.8 A"}
    defence = {"shift": -1, "why": "WA tactical air power in defence", "rule": "25.8 A"}

    def shifts(turn, army, orders):
        _, events = play(d, at(s, turn, army, "assault" if "attack" in orders[0] else "movement"), army, orders, 1)
        return next(e for e in events if e["event"] == "assault")["shifts"]

    wa = [{"attack": "T6", "with": ["wa-mech-2"]}]
    assert attack in shifts(9, "western", wa) and attack not in shifts(10, "western", wa)
    german = [{"attack": "U6", "with": ["de-inf-1"]}]
    assert defence in shifts(9, "axis", german) and defence not in shifts(10, "axis", german)
    mobile = [{"assault": "U6", "with": ["de-pz-3"]}]                                  # 11.15 B
    assert defence in shifts(9, "axis", mobile) and defence not in shifts(10, "axis", mobile)


def test_25_8_b_units_in_egs_have_no_tac_air_until_a_regular_gs_line_reaches_them():
    """25.8 B: airborne corps in EGS on their drop turn "do not have TAC AIR benefits until a
    regular GS line is opened up to them" (behaviour 3: EGS, 15.21). wa-mech-2, cut off in U6 by
    de-inf-1's ZOC, assaults with EGS and AS: no 1R; with wa-mech-4 in V6 keeping its line open, 1R."""
    from tests.test_eid_supply_units import KOENIGSBURG
    tac = {"shift": 1, "why": "WA tactical air power", "rule": "25.8 A"}
    for position, expected in (({}, False), ({"wa-mech-4": "V6"}, True)):
        d, s = start({"wa-mech-2": "U6", "wa-su-1": "U6", "de-inf-1": "U7", **position}, behaviour=3,
                     extra={**SUPPLY, **BEACH, **KOENIGSBURG})
        s = at(s, 2, "western", "assault", egs=["wa-mech-2"])
        _, events = play(d, s, "western", [{"supply": "wa-su-1", "hexes": ["U6"]}, {"attack": "U7", "with": ["wa-mech-2"]}], 1)
        assert (tac in next(e for e in events if e["event"] == "assault")["shifts"]) is expected
