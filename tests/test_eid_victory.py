"""End of the Iron Dream, behaviour 2: victory points and the end of the game (26.0): city VPs
by 4.1 control (26.1, 26.5 B), the three- and four-player result (26.1 A, 26.7 A), the
two-player Grand Alliance count (26.3-26.5), the special VPs pbem keeps (26.6.6 B-C, 26.6.7,
26.6.8, 26.6.10, 26.6.11) and refusals naming the data a count lacks.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): rows P-W, columns 1-26 of clear
hexes; the cities are the rulebook's Berlin (T21, 25 VPs, 25.1) and Antwerp (V12, 1 VP, 26.6.7
example), Le Havre's hex V6 (14.21; 2 VPs made up) and T6 (a made-up city, 3 VPs made up)."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play
from tests.test_eid_supply_play import start2

T6 = {"map.hexes.T6": {"terrain": "clear", "city": True, "vp": 3}}
WEST = {"victory.two_player.line.west_hexes": [f"{r}{c}" for r in "PQRSTUVW" for c in range(1, 21)]}


def end(d, s):
    """The last Soviet Prepared Assault Phase passes: the Terminal Supply Check, then the end of
    Turn 23 and the count (26.1 A)."""
    seat = "alliance" if "alliance" in s["seats"] else "soviet"
    after, events = play(d, at(s, 23, "soviet", "assault"), seat, [])
    assert after["game_over"] is True
    return after, events


def test_26_1_three_players_each_army_counts_the_cities_it_controls_and_the_greatest_total_wins():
    """26.1 A: "the player with the greatest total of VPs at the end of Turn 23 is the winner";
    26.1 B: every city has a VP value; 26.5 B: control by 4.1 alone (a Soviet unit in T6); 26.6.2:
    Bulgaria and Romania still Axis, 4 VPs each (the Axis: 25 + 2 + 1 + 8)."""
    d, s = start2({"de-inf-1": "T21", "su-inf-3": "T6", "wa-mech-2": "P2"}, **T6)
    after, events = end(d, s)
    assert events[-1] == {"event": "victory", "totals": {"axis": "36", "western": "0", "soviet": "3"},
                          "winner": "axis", "tied": [], "rule": "26.1 A"}
    assert after["result"]["winner"] == "axis"
    told = GAME.describe(d, after, events)
    assert ("item", "the game ends after Turn 23 (26.1)") in told and ("item", "Axis +4 VP: Romania still in the Axis camp (26.6.2)") in told
    assert told[-1] == ("item", "VPs: Axis 36, Western Allies 0, Soviets 3; Axis wins (26.1 A)")


def test_26_1_a_tied_games_are_possible():
    """26.1 A: "Tied games are theoretically possible": the Soviets hold Berlin (25), the WA a
    city worth 25 (made up)."""
    d, s = start2({"su-inf-3": "T21", "wa-mech-2": "T6", "de-inf-1": "P9"},
                  **{"map.hexes.T6": {"terrain": "clear", "city": True, "vp": 25}})
    after, events = end(d, s)
    assert events[-1]["totals"] == {"axis": "11", "western": "25", "soviet": "25"}
    assert events[-1]["winner"] is None and events[-1]["tied"] == ["soviet", "western"]
    assert GAME.describe(d, after, events)[-1] == (
        "item", "VPs: Axis 11, Western Allies 25, Soviets 25; a tie between Soviet and Western Allied (26.1 A)")


def test_26_1_b_warsaw_is_worth_5_vps_and_koenigsburg_3():
    """26.1 B example: "Warsaw is worth 5 VPs and Königsburg is worth 3 VPs" (map.places.NAME.vp,
    once the data gives their hexes)."""
    d, s = start2({"su-inf-3": "T24", "de-inf-1": "T21", "wa-mech-2": "P2"},
                  **{"map.places.warsaw.hex": "T24", "map.places.koenigsburg.hex": "S24",
                     "map.hexes.T24": {"terrain": "clear", "city": True}, "map.hexes.S24": {"terrain": "clear", "city": True}})
    _, events = end(d, s)
    assert events[-1]["totals"]["soviet"] == "8"              # both in the Soviet start area (4.1)


def test_26_7_a_four_players_the_german_commanders_win_or_lose_as_a_team():
    """26.7 A: "The Germans win or lose as a team": one Axis total."""
    d, s = start2({"de-inf-1": "T21", "su-inf-3": "T6", "wa-mech-2": "P2"},
                  seats=("axis-east", "axis-west", "soviet", "western"), **T6)
    _, events = end(d, s)
    assert events[-1]["totals"] == {"axis": "36", "western": "0", "soviet": "3"} and events[-1]["winner"] == "axis"


def test_26_3_the_wa_liberating_bucharest_east_of_the_line_adds_nothing_to_their_total():
    """26.3 B example: "the WA forces crossed the line and liberated Bucharest. The German player
    loses 3 VPs for not controlling that city at game's end, but the WA forces do not get to add
    those VPs into their total ... since the Soviets themselves did not liberate the city, they,
    too, are denied the right to add those VPs into their own total." 26.5 C, F: Berlin still
    German counts 25 in both German totals; H-J: one Final VP per comparison."""
    bucharest = {"map.places.bucharest.hex": "T23", "map.hexes.T23": {"terrain": "clear", "city": True}}
    d, s = start2({"de-inf-1": "T21", "wa-mech-2": "T23", "su-inf-3": "T25"}, seats=("alliance", "axis"),
                  **bucharest, **T6, **WEST)
    after, events = end(d, s)
    # west: Berlin 25 + T6 3 + V6 2 + V12 1 for Germany; east: Berlin 25 and Bulgaria and Romania still
    # Axis, 4 + 4 (26.6.2; Bucharest is nobody's)
    assert events[-1] == {"event": "victory", "totals": {"west_german": "31", "western": "0", "east_german": "33",
                                                         "soviet": "0"},
                          "final_vps": {"axis": 2, "alliance": 0}, "winner": "axis", "rule": "26.5 J"}
    assert GAME.describe(d, after, events)[-1] == (
        "item", "VPs: West German 31, Western Allies 0, East German 33, Soviets 0; Final VPs: Axis 2, Grand Alliance 0; "
                "the Axis wins (26.5 J)")


def test_26_4_berlin_liberated_by_the_soviets_counts_east_and_26_5_j_equal_final_vps_are_a_draw():
    """26.4: "Berlin is considered to be on the east side of the line if the Soviets liberate";
    26.5 H-J: the Soviets beat the East German total, Germany the WA's: one Final VP each, a draw."""
    d, s = start2({"su-inf-3": "T21", "de-inf-1": "P9", "wa-mech-2": "P2"}, seats=("alliance", "axis"), **T6, **WEST)
    _, events = end(d, s)
    assert events[-1]["totals"] == {"west_german": "6", "western": "0", "east_german": "8", "soviet": "25"}
    assert events[-1]["final_vps"] == {"axis": 1, "alliance": 1} and events[-1]["winner"] is None


def test_26_6_7_ardor_germany_retaking_antwerp_keeps_its_vp():
    """26.6.7 A example: "On Turn 12, Germany retakes the previously liberated city of Antwerp. It is
    immediately awarded 1 VP for ardor. That point remains his even if it subsequently loses
    control of Antwerp again.\""""
    d, s = start2({"wa-mech-2": "V12", "de-inf-1": "V14", "su-inf-3": "T25"})
    assert s["victory"]["cities"]["V12"] == "western"          # liberated: the WA entered it
    s["units"]["wa-mech-2"]["hex"] = "P2"
    s["control"]["V12"] = "western"
    after, events = play(d, at(s, 12, "axis"), "axis", [{"move": "de-inf-1", "path": ["V14", "V13", "V12"]}])
    assert {"event": "vp", "army": "axis", "vp": "1", "rule": "26.6.7", "turn": 12, "what": "ardor: V12 retaken",
            "hex": "V12"} in events
    after["units"]["wa-mech-2"]["hex"] = "V12"                  # the WA take it back later
    after["units"]["de-inf-1"]["hex"] = "T9"
    _, events = end(d, after)
    # the Axis: Berlin 25 + V6 2 + the ardor point + 8 (26.6.2, both satellites still Axis); the WA: Antwerp's 1
    assert events[-1]["totals"] == {"axis": "36", "western": "1", "soviet": "0"}


def test_26_6_8_the_65th_zbv_costs_the_wa_half_a_vp_each_wa_turn_from_turn_2():
    """26.6.8 G: "At the end of any WA-turn, starting with Turn 2, if the 65th is still on the
    board, subtract ½ VP from the WA"; H: no limit."""
    d, s = start2({"de-zbv-65": "V7", "de-inf-1": "T21", "su-inf-3": "T25", "wa-mech-2": "P2"})
    _, events = play(d, at(s, 1, "western", "assault"), "western", [])
    assert not [e for e in events if e["event"] == "vp"]
    after, events = play(d, at(s, 2, "western", "assault"), "western", [])
    assert [e for e in events if e["event"] == "vp"] == [
        {"event": "vp", "army": "western", "vp": "-1/2", "rule": "26.6.8", "turn": 2, "what": "de-zbv-65 on the board",
         "hex": "V7"}]
    _, events = end(d, after)
    assert events[-1]["totals"]["western"] == "-1/2"
    assert GAME.describe(d, after, events)[-1][1].startswith("VPs: Axis 36, Western Allies -1/2, Soviets 0")


def test_26_6_10_each_yugoslav_army_destroyed_gives_germany_one_more_vp():
    """26.6.10: "When the first Yugoslav army is destroyed for any reason, award Germany 1 VP.
    When the second is destroyed, award Germany 2 VPs.\""""
    d, s = start2({"yu-mtn-1Y": "T24", "yu-mtn-2Y": "T25", "de-inf-1": "T21", "wa-mech-2": "P2"})
    for n, unit in enumerate(("yu-mtn-1Y", "yu-mtn-2Y")):
        s = at(s, 2, "soviet", "assault")
        s["units"].pop(unit)
        s["dead"].append({"unit": unit, "side": "soviet"})     # destroyed (any reason)
        s, events = play(d, s, "soviet", [])
        assert [e["vp"] for e in events if e["event"] == "vp"] == [str(n + 1)]
    assert [(e["what"], e["hex"]) for e in s["victory"]["ledger"]] == [
        ("yu-mtn-1Y destroyed", "T24"), ("yu-mtn-2Y destroyed", "T25")]


def test_26_6_11_a_reserve_corps_left_unconverted_costs_germany_1_vp():
    """26.6.11: "Germany loses 1 VP per reserve corps (62R, 64R, 66R) that goes into the dead pile
    or remains on the map at the end of the game while still in its unconverted (1-1-4) state";
    64R, fleshed out to 3-4-5 (7.26), costs nothing."""
    d, s = start2({"de-inf-62R": {"hex": "S5", "steps": 1}, "de-inf-64R": "S6", "de-inf-1": "T21",
                   "su-inf-3": "T25", "wa-mech-2": "P2"})
    _, events = end(d, s)
    assert [e for e in events if e["event"] == "vp" and e["rule"] == "26.6.11"] == [
        {"event": "vp", "army": "axis", "vp": "-1", "rule": "26.6.11", "turn": 23, "what": "de-inf-62R unconverted",
         "hex": "S5"}]
    assert events[-1]["totals"]["axis"] == "35"


def test_26_6_6_the_alpenfestung_on_the_board_costs_the_wa_4_vps_unless_an_alliance_unit_entered_it():
    """26.6.6 C: "If the redoubt counter is still on the board at the end of the game, subtract 4
    VPs from the WA total"; B: "If alone, it is destroyed the instant an Alliance unit enters its hex.\""""
    d, s = start2({"de-inf-1": "T21", "su-inf-3": "T25", "wa-mech-2": "P2", "wa-mech-4": "R12"},
                  **{"map.hexes.R11": {"terrain": "mountain"}})
    s["alpenfestung"] = "R11"
    _, events = end(d, s)
    assert {"event": "vp", "army": "western", "vp": "-4", "rule": "26.6.6 C", "turn": 23,
            "what": "the Alpenfestung on the board", "hex": "R11"} in events
    after, events = play(d, at(s, 3, "western"), "western", [{"move": "wa-mech-4", "path": ["R12", "R11"]}])
    assert after["alpenfestung"] is None and {"event": "eliminated", "unit": "Alpenfestung",
                                              "why": "an Alliance unit entered its hex alone (26.6.6 B)"} in events


def test_a_city_without_its_vps_and_a_two_player_game_without_the_line_are_refused_at_set_up():
    """26.1 B: a city's VPs are printed on the map (its circled red number, 1 without one);
    26.3 B: the line too. A campaign of behaviour 2 names them before play (the count may come at
    the end of any step, and 26.6.7 counts at any step)."""
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.T6\.vp"):
        start2({"de-inf-1": "T21"}, **{"map.hexes.T6": {"terrain": "clear", "city": True}})
    with pytest.raises(UnknownDataError, match=r"victory\.two_player\.line\.west_hexes"):
        start2({"de-inf-1": "T21"}, seats=("alliance", "axis"))


def test_26_6_1_each_wa_step_lost_after_the_collapse_costs_the_wa_1_vp():
    """26.6.1: "Each WA step loss, for any reasons, after the collapse of the German economy has
    taken place, costs that player 1 VP": a WA corps without GS at the Terminal Supply Check
    (15.9 A) before and after the collapse."""
    d, s = start2({"wa-mech-2": "T10", "de-inf-1": "T21", "su-inf-3": "T25"})
    after, events = play(d, at(s, 5, "western", "assault"), "western", [])
    assert after["units"]["wa-mech-2"]["steps"] == 1 and not [e for e in events if e["event"] == "vp"]
    s["economy"]["collapsed"] = 4
    after, events = play(d, at(s, 5, "western", "assault"), "western", [])
    assert [e for e in events if e["event"] == "vp"] == [
        {"event": "vp", "army": "western", "vp": "-1", "rule": "26.6.1", "turn": 5, "what": "wa-mech-2 lost 1 step(s)",
         "hex": "T10"}]


def test_26_6_6_d_german_steps_destroyed_in_the_redoubt_hex_give_the_wa_1_vp_each():
    """26.6.6 D: "Any German steps destroyed in the redoubt hex, or in any mountain hex adjacent to
    the redoubt, give the WA 1 VP each" (the redoubt's hex made up: T23; a 0/1 result)."""
    from tests.eidhelp import COLUMNS
    d, s = start2({"su-inf-3": "T24", "de-inf-1": "T23", "wa-mech-2": "P2"}, cells={c: {"1": "0/1"} for c in COLUMNS})
    s = at(s, 3, "soviet", "assault", alpenfestung="T23")
    s, _ = play(d, s, "soviet", [{"attack": "T23", "with": ["su-inf-3"]}], 1)
    s, events = play(d, s, "axis", [{"steps": ["de-inf-1"]}])
    assert {"event": "vp", "army": "western", "vp": "1", "rule": "26.6.6 D", "turn": 3, "what": "de-inf-1 lost 1 step(s)",
            "hex": "T23"} in events


def test_26_6_4_a_city_the_soviets_liberate_outside_the_ussr_needs_a_garrison():
    """26.6.4 A: "the Soviets must maintain a garrison in every non-Soviet city they liberate";
    B: "Cities worth more than 1 VP require a garrison of two steps"; C: checked "at the end of the
    Soviet player-turn during which the city was liberated. Every city failing the check each turn
    causes the Soviets to lose 1 VP" (T23, 3 VPs, made up; the USSR is columns 25-26 here)."""
    city = {"map.hexes.T23": {"terrain": "clear", "city": True, "vp": 3}}
    for steps, lost in ((1, ["-1"]), (2, [])):
        d, s = start2({"su-inf-3": {"hex": "T25", "steps": steps}, "de-inf-1": "P9", "wa-mech-2": "P2"}, **city)
        s, _ = play(d, at(s, 2, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["T25", "T24", "T23"]}])
        assert s["victory"]["garrisons"] == ["T23"] and s["phase"] == "shock_front"
        s, events = play(d, s, "soviet", [])
        assert [e["vp"] for e in events if e["event"] == "vp"] == lost
    assert GAME.describe(d, s, [{"event": "vp", "army": "soviet", "vp": "-1", "rule": "26.6.4", "turn": 2,
                                 "what": "T23 without a garrison of 2 step(s)", "hex": "T23"}]) == [
        ("item", "Soviet -1 VP: T23 without a garrison of 2 step(s) (26.6.4)")]


def test_26_6_3_french_corps_outside_france_the_benelux_and_germany_cost_the_wa_half_a_vp():
    """26.6.3 A example: "Paris is liberated on Turn 7. If at the end of Turn 8's WA player-turn, the
    French 1st and 2nd corps are not anywhere in the countries above, the WA would lose a total of
    1 VP." (Paris S3, France columns 3-6, the Benelux 7-8, Germany 9-21: made up; the French corps
    hold the WA's P1 and Q1.) B: 6 VPs at most."""
    d, s = start2({"wa-mech-2": "S6", "wa-mech-F1": "P1", "wa-mech-F2": "Q1", "de-inf-1": "T21", "su-inf-3": "T25"})
    s, events = play(d, at(s, 7, "western"), "western", [{"move": "wa-mech-2", "path": ["S6", "S5", "S4", "S3"]}])
    assert s["victory"]["paris"] == {"turn": 7, "army": "western"} and s["army"] == "soviet"
    assert not [e for e in events if e["event"] == "vp"]                # the end of Turn 7's WA player-turn
    s, events = play(d, at(s, 8, "western", "assault"), "western", [])
    assert [(e["vp"], e["what"]) for e in events if e["event"] == "vp"] == [
        ("-1/2", "wa-mech-F1 outside France, the Benelux and Germany"),
        ("-1/2", "wa-mech-F2 outside France, the Benelux and Germany")]
    s["victory"]["ledger"] += [{"army": "western", "vp": "-9/2", "rule": "26.6.3", "turn": 8, "what": "", "hex": None}]
    s, events = play(d, at(s, 9, "western", "assault"), "western", [])
    assert [e["vp"] for e in events if e["event"] == "vp"] == ["-1/2"]          # the sixth VP, then no more


def test_26_6_5_b_the_first_wa_unit_into_the_hook_of_holland_costs_the_wa_3_vps_c_a_soviet_one_nothing():
    """26.6.5 B: "The instant an Alliance unit attempts to move or assault into any of those hexes
    ... the WA must permanently remove one SU from play and subtract 3 VPs"; C: "If a Soviet unit is
    the first Alliance force to enter the Hook ... no SU or VP loss occurs at all" (X13 made marsh,
    its printed terrain, 26.6.5 A)."""
    hook = {"map.hexes.X13": {"terrain": "marsh"}, "map.hexes.X14": {"terrain": "clear"},
            "map.hexes.Y13": {"terrain": "marsh"}, "map.hexes.Y14": {"terrain": "marsh"}}
    for army, unit, lost in (("western", "wa-mech-2", ["-3"]), ("soviet", "su-inf-5", [])):
        d, s = start2({unit: "W13", "de-inf-1": "T21", "su-inf-3": "T25", "wa-mech-4": "P2"}, **hook)
        s, events = play(d, at(s, 5, army), army, [{"move": unit, "path": ["W13", "X13"]}])
        assert s["victory"]["hook"] == army
        assert [e["vp"] for e in events if e["event"] == "vp" and e["rule"] == "26.6.5 B"] == lost


def test_19_2_2_bulgaria_defects_when_a_soviet_unit_comes_next_to_it_and_26_6_2_romania_still_axis_pays_4():
    """19.2.2: "Bulgaria defects to the Soviets the instant a Soviet combat unit moves into any hex
    adjacent to the country's border, All hexes in Bulgaria then instantly switch to Soviet control";
    26.6.2: "If Bulgaria or Romania ... remains in the Axis camp at the end of the game, award the
    German player 4 VPs for each country" (Bulgaria W22-W23 next to the Soviet start area, Romania
    W20-W21: made up)."""
    countries = {"map.countries.bulgaria": ["W22", "W23"], "map.countries.romania": ["W20", "W21"]}
    d, s = start2({"su-inf-3": "U18", "de-inf-1": "T21", "wa-mech-2": "P2", "bg-mtn-BUL": "W23"}, **countries)
    s, events = play(d, at(s, 22, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["U18", "V18", "V19", "V20", "V21"]}])
    assert {"event": "defection", "country": "Bulgaria", "rule": "19.2.2"} in events
    assert s["units"]["bg-mtn-BUL"]["side"] == "soviet" and s["control"]["W22"] == "soviet"
    s, events = play(d, at(s, 23, "soviet", "assault"), "soviet", [])
    assert [(e["vp"], e["what"]) for e in events if e["event"] == "vp" and e["rule"] == "26.6.2"] == [
        ("4", "Romania still in the Axis camp")]


def test_19_1_1_romania_leaves_the_axis_at_the_end_of_a_soviet_turn_with_14_romanian_hexes():
    """19.1.1 B: "At the end of any Soviet player-turn in which that total has increased to 14,
    Romania is declared to have left the Axis"; C: "Immediately remove all Romanian units from the
    map and the dead pile and give them to the Soviets" (14 Romanian hexes made up: W22-W26 and
    V13-V21)."""
    romania = {"map.countries.romania": [*[f"W{c}" for c in range(22, 27)], *[f"V{c}" for c in range(13, 22)]],
               "map.setup_areas.soviet_controlled_at_start": [f"{r}{c}" for r in "PQRSTUVW" for c in (24, 25, 26)]
               + [f"V{c}" for c in range(13, 21)]}
    d, s = start2({"su-inf-3": "T25", "de-inf-1": "T19", "wa-mech-2": "P2", "ro-inf-R1": "U12"}, **romania)
    s, events = play(d, at(s, 3, "soviet", "assault"), "soviet", [])
    s, events = play(d, s, "soviet", []) if s["phase"] == "shock_front" else (s, events)
    assert not [e for e in events if e["event"] == "defection"]                 # 11 Romanian hexes
    s["control"].update(V21="soviet", W22="soviet", W23="soviet")
    s, events = play(d, at(s, 4, "soviet", "assault"), "soviet", [])
    s, events = play(d, s, "soviet", []) if s["phase"] == "shock_front" else (s, events)
    assert {"event": "defection", "country": "Romania", "rule": "19.1.1", "units": ["ro-inf-R1"]} in events
    assert "ro-inf-R1" not in s["units"]
