"""End of the Iron Dream, behaviour 3: the Volkssturm (25.7), each German city's intrinsic defence
— its DF (A), no retreat and no step of its own (B, D), added to the city's German units (C), no
Flak bonus alone (E), in hex control (4.1 B).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, made-up CRT cells;
Germany is columns 9-21; the German cities T9 and S12 and the city T7 outside Germany (Benelux) are
made up; Berlin is T21 (15.12), listed as a city here; Trieste and Ljubljana lie off the test map
(tests/eidhelp.py); the WA trace their supply to V6 (a made-up port)."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import volkssturm
from pbem.games.end_of_the_iron_dream.supply_play import control
from tests.eidhelp import COLUMNS, at, play, problems, start
from tests.test_eid_supply_play import BEACH, SUPPLY
from tests.test_eid_supply_units import KOENIGSBURG

CITY = {"terrain": "clear", "city": True, "vp": 1}
CITIES = {"T9": CITY, "S12": CITY, "T7": CITY, "T21": {"terrain": "clear", "city": True}}
AS = {"supply": "wa-su-1", "hexes": ["U9"]}                                          # 15.22 (behaviour 3)


def start3(position: dict, cells: dict | None = None, behaviour: int = 3, **extra):
    return start(position, behaviour=behaviour, hexes=CITIES, cells=cells,
                 extra={**SUPPLY, **KOENIGSBURG, **BEACH, **extra})


def test_25_7_a_one_df_in_each_german_city_berlin_three_trieste_and_ljubljana_none():
    """25.7 A: "Each German city on the board, excluding Trieste, Ljubljana, and Berlin, has a 1 DF
    Volkssturm. Trieste and Ljubljana have no Volkssturm. Berlin has a 3 DF Volkssturm." (25.1 C:
    "Berlin's Volkssturm strength (25.7) is 3 DFs instead of the normal one.") The city T7 lies
    outside Germany: none. Behaviour 2 and Let History Judge (27.1: no German army) have none."""
    d, s = start3({"de-inf-1": "P20", "su-inf-3": "T25"}, **{"map.places.trieste.hex": "S12"})
    assert volkssturm.cities(d) == {"T21": 3, "T9": 1}
    assert [volkssturm.df(d, s, h) for h in ("T9", "S12", "T21", "T7", "T8")] == [1, 0, 3, 0, 0]
    assert volkssturm.df(d, {**s, "volkssturm_lost": ["T9"]}, "T9") == 0
    assert volkssturm.df(d, {**s, "scenario": "let-history-judge"}, "T9") == 0
    d2, s2 = start3({"de-inf-1": "P20", "su-inf-3": "T25"}, behaviour=2)
    assert volkssturm.df(d2, s2, "T9") == 0


def test_25_7_a_the_hexes_of_trieste_and_ljubljana_are_the_campaigns_to_give():
    """25.7 A: Trieste and Ljubljana have no Volkssturm; the text gives no hex for either: with a
    German city on the map, an unknown hex refuses naming its data path."""
    with pytest.raises(UnknownDataError, match=r"map\.places\.trieste\.hex"):
        start3({"de-inf-1": "P20", "su-inf-3": "T25"}, **{"map.places.trieste.hex": "unknown"})


def test_25_7_a_b_alone_it_holds_the_city_it_is_assaulted_never_entered():
    """25.7 A: "The Volkssturm function as intrinsic defense for each German city"; B: they "may
    not retreat": the WA may not move into T9, only assault it (a vacant fort's way, 22.5); a
    mobile assault on it is met by its 1 DF (11.8 2L, 18.24 city 1L)."""
    cells = {"7-1": {"2": "0/0"}}
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U8", "de-inf-1": "P20", "su-inf-3": "T25"}, cells=cells)
    s = at(s, 3, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["U9", "T9"]}]) == [
        "U9 → T9: T9 is a German city held by its Volkssturm: it is assaulted, not entered (25.7 A-C)"]
    state, events = play(d, s, "western", [{"assault": "T9", "with": ["wa-mech-2"]}], 2)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["defence"], battle["attack"], battle["initial"]) == ([], 1, 10, "10-1")
    assert battle["result"] == "0/0" and state["units"]["wa-mech-2"]["hex"] == "U9"     # it stands: no occupation
    assert volkssturm.df(d, state, "T9") == 1


def test_25_7_b_d_alone_any_loss_destroys_it_and_the_wa_advance():
    """25.7 B: "may not retreat, and are irreplaceable"; D: "The Volkssturm DF may not be taken as a
    separate step loss": alone, a 1 result destroys it (22.5 B's way for a vacant fort) and the
    attackers may advance (18.16 A); not a probe (18.21). Lost for good: state["volkssturm_lost"]."""
    cells = {"7-1": {"6": "0/1", "3": "0/0"}}
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U9", "wa-su-1": "U9", "de-inf-1": "P20", "su-inf-3": "T25"}, cells=cells)
    s = at(s, 10, "western", "assault")                                        # foul: no TAC AIR (25.11 C)
    orders = [AS, {"attack": "T9", "with": ["wa-mech-2", "wa-mech-4"]}]
    state, events = play(d, s, "western", orders, 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defence"], battle["initial"], battle["column"], battle["result"]) == (1, "20-1", "7-1", "0/0")
    assert not any(e["event"] in ("volkssturm_lost", "probe") for e in events) and state["army"] == "soviet"
    state, events = play(d, s, "western", orders, 6)
    assert {"event": "volkssturm_lost", "hex": "T9",
            "why": "alone it cannot retreat and has no step of its own: any loss destroys it (25.7 B, D)"} in events
    assert state["phase"] == "pa_attacker" and state["volkssturm_lost"] == ["T9"]
    state, _ = play(d, state, "western", [{"advance": {"wa-mech-2": ["T9"]}}])
    assert state["units"]["wa-mech-2"]["hex"] == "T9" and volkssturm.df(d, state, "T9") == 0


def test_25_7_c_its_df_added_to_the_german_units_and_d_lost_with_the_last_of_them():
    """25.7 C: "If a German mobile unit moves into the city to share in the hex's defense, add the
    Volkssturm DF on to the mobile unit's DF": de-inf-1's 7 + 1 = 8; D: "if all the mobile units
    are lost, it, too, is lost" (an E result, 18.14 E)."""
    cells = {col: {"4": "0/E"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U9", "wa-su-1": "U9", "de-inf-1": "T9", "su-inf-3": "T25"}, cells=cells)
    state, events = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T9", "with": ["wa-mech-2", "wa-mech-4"]}], 4)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defence"], battle["initial"]) == (8, "2-1")
    assert {"event": "volkssturm_lost", "hex": "T9", "why": "all the mobile units defending the city are lost (25.7 D)"} in events


def test_25_7_b_it_never_retreats_the_german_units_leave_it_holding_the_city():
    """25.7 B: the Volkssturm "may not retreat": de-inf-1 retreats out of T9 on a 1 result; the
    Volkssturm stays, so T9 is not vacant and the WA have no advance (18.16 A)."""
    cells = {col: {"2": "0/1"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U9", "wa-su-1": "U9", "de-inf-1": "T9", "su-inf-3": "T25"}, cells=cells)
    state, _ = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T9", "with": ["wa-mech-2", "wa-mech-4"]}], 2)
    state, events = play(d, state, "axis", [{"retreat": {"de-inf-1": ["S10"]}}])
    assert state["units"]["de-inf-1"]["hex"] == "S10" and volkssturm.df(d, state, "T9") == 1
    assert state["army"] == "soviet" and not any(e["event"] == "volkssturm_lost" for e in events)


def test_25_7_e_the_volkssturm_alone_triggers_no_flak_bonus():
    """25.7 E: "Volkssturm alone cannot trigger Flak defensive bonuses": a Flak corps alone with the
    city's Volkssturm defends with its 1 DF (25.2 E) plus the Volkssturm's 1 (C), and no 1L (25.2 I)."""
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U9", "wa-su-1": "U9", "de-flak-1": "T9", "su-inf-3": "T25"})
    _, events = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T9", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defence"] == 2 and [x["rule"] for x in battle["shifts"]] == ["18.24"]


def test_4_1_b_an_alliance_zoc_into_a_city_held_by_its_volkssturm_is_not_uncontested():
    """4.1 B: "An uncontested ZOC is defined as a unit having a ZOC in a hex that is not occupied by
    another player's unit or German Volkssturm or fortification factor": wa-mech-2's ZOC into the
    empty T9 leaves it German; wa-mech-4's into the empty Benelux city T7 (no Volkssturm) takes it."""
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U7", "de-inf-1": "P20", "su-inf-3": "T25"})
    owner = control(d, s)
    assert (owner["T9"], owner["T7"]) == ("axis", "western")
    assert control(d, {**s, "volkssturm_lost": ["T9"]})["T9"] == "western"


def test_25_7_b_a_mobile_assault_destroys_it_alone_and_the_assaulters_occupy_the_city():
    """25.7 B, D in a mobile assault: a 1 result on the Volkssturm alone destroys it; the city is
    then vacant and the assaulters occupy it (11.12 A)."""
    cells = {"7-1": {"2": "0/1"}}
    d, s = start3({"wa-mech-2": "U9", "de-inf-1": "P20", "su-inf-3": "T25"}, cells=cells)
    state, events = play(d, at(s, 3, "western"), "western", [{"assault": "T9", "with": ["wa-mech-2"]}], 2)
    assert {"event": "volkssturm_lost", "hex": "T9",
            "why": "alone it cannot retreat and has no step of its own: any loss destroys it (25.7 B, D)"} in events
    assert {"event": "occupy", "units": ["wa-mech-2"], "hex": "T9", "why": "11.12 A"} in events
    assert state["units"]["wa-mech-2"]["hex"] == "T9" and state["volkssturm_lost"] == ["T9"]


def test_22_6_b_with_a_fort_the_forts_own_df_is_ignored():
    """22.6 B: "When combat units or Volkssturm garrison a fort hex, the intrinsic fort defense
    strength of one is ignored, not added to the garrison's DFs": T9's Level 2 fort (made up) with
    its Volkssturm alone defends with 1 DF, with de-inf-1 with 7 + 1; the fort's 2L either way (22.6 A)."""
    forts = {"special.fortifications.at_start": {"T9": 2}}
    orders = [AS, {"attack": "T9", "with": ["wa-mech-2", "wa-mech-4"]}]
    for position, defence in (({}, 1), ({"de-inf-1": "T9"}, 8)):
        d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "U9", "wa-su-1": "U9", "de-inf-2": "P20", "su-inf-3": "T25",
                       **position}, **forts)
        _, events = play(d, at(s, 10, "western", "assault"), "western", orders, 1)
        battle = next(e for e in events if e["event"] == "assault")
        assert battle["defence"] == defence
        assert {"shift": -2, "why": "Level 2 fort", "rule": "22.6 A"} in battle["shifts"]


def test_25_7_b_always_in_gs_the_city_it_defends_gives_no_oos_2r():
    """25.7 B: the Volkssturm is "always in GS (even after economic collapse)": de-inf-1, cut off
    in T9 by the WA ZOCs of U9, S10 and T8, defends with the Volkssturm, so the hex is no defence
    without GS (15.4: a reading, the 2R when none of the defenders has GS); in the Benelux city T7
    (no Volkssturm) the same cut-off unit gives the 2R."""
    d, s = start3({"wa-mech-2": "U9", "wa-mech-4": "S10", "wa-mech-6": "T8", "wa-su-1": "U9", "de-inf-1": "T9",
                   "su-inf-3": "T25"})
    _, events = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T9", "with": ["wa-mech-2"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defence"] == 8 and [x["rule"] for x in battle["shifts"]] == ["18.24"]
    d, s = start3({"wa-mech-2": "U8", "wa-mech-4": "S8", "wa-mech-6": "T6", "wa-su-1": "U8", "de-inf-1": "T7",
                   "su-inf-3": "T25"})
    _, events = play(d, at(s, 10, "western", "assault"), "western",
                     [{"supply": "wa-su-1", "hexes": ["U8"]}, {"attack": "T7", "with": ["wa-mech-2"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defence"] == 7 and [x["rule"] for x in battle["shifts"]] == ["18.24", "15.4"]
