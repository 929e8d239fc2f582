"""Smithereens rules the coverage audit (tests/test_smithereens_rule_coverage.py) found without a
test citing them, and worked examples without a test quoting them. Test data only (tests/data/,
made up: not the published map or counters)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml

DATA = Path(__file__).parent / "data"
CORPS = {"side": "western", "grouping": "us", "nationality": "us", "type": "infantry", "steps": 4,
         "by_steps": {str(s): {"attack": 6 + s, "defense": 6 + s, "movement": 3} for s in (4, 3, 2, 1)}}


def load(name: str, tmp_path: Path | None = None, **values) -> object:
    """The test data file `name` with `values` (data paths) set in a copy of it (in `tmp_path`)."""
    if not values:
        return load_game_data("smithereens", DATA / name)
    doc = fastyaml.safe_load((DATA / name).read_text())
    doc["values"].update(copy.deepcopy(values))
    assert tmp_path is not None
    target = tmp_path / name
    target.write_text(yaml.safe_dump(doc))
    return load_game_data("smithereens", target)


def position(data, army="soviet", turn=2, level="standard", phase="movement"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=turn, army=army, phase=phase)
    return state


def messages(data, state, orders, side=None):
    return [p.message for p in GAME.check(data, state, side or GAME.awaiting(state).side, orders)]


# -- 2.3, 3.2, 3.4, 3.8 the map and the set-up ------------------------------------------------

def test_2_3_example_warsaw_is_1819e_and_metz_1511():
    """2.3 example: "the city of Warsaw is in hex 1819E. The French city of Metz, on the western map,
    is in 1511." The published map data names them there (rules/smithereens/map.yaml)."""
    data = load_game_data("smithereens")
    assert data.get("map.hexes.1819E.name") == "Warsaw" and data.get("map.hexes.1511.name") == "Metz"
    assert GAME.grid(data).canonical("1819E") == "1819E"


def test_3_2_3_8_units_start_in_their_printed_hex_at_full_strength():
    """3.2: units start in the hex printed on them ("E" for the eastern map); 3.8: all units begin
    play at their full step-strength."""
    data = load("smithereens-supply.yaml")
    state = position(data)
    assert state["units"]["sov-a"] == {"hex": "4010E", "steps": 2} and state["units"]["ger-c"] == {"hex": "2707E", "steps": 1}


def test_3_4_example_the_2nd_mountain_division_waits_in_the_turn_5_box():
    """3.4 example: "the German 2nd Mountain Infantry Division is placed in the Turn 5 (16 February)
    box." The published data records it so; on test data a reinforcement waits off the map with its turn."""
    entry = next(u for u in load_game_data("smithereens").get("units.named_units.german") if u["id"] == "2nd Mountain Infantry Division")
    assert entry["entry"] == {"value": "reinforcement, Turn 5 (16 February) box", "rule": "3.4"}
    state = position(load("smithereens-reinforcements.yaml"), "german", turn=1)
    assert state["reinforcements"]["ger-2geb"] == {"turn": 2, "steps": 2} and "ger-2geb" not in state["units"]


# -- 6.x supply ---------------------------------------------------------------------------

def test_6_3_example_half_of_5_is_3(tmp_path):
    """6.3 example: ""half" of 5 is 3. When halving more than one unit in a given battle, add up all
    the factors of all the units to be halved, then make just one division."""
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.sov-5": {
        "side": "soviet", "nationality": "soviet", "type": "infantry", "steps": 1, "full": {"attack": 5, "defense": 5, "movement": 4}}})
    state = position(data)
    state["units"]["sov-5"] = {"hex": "4010E", "steps": 1}
    assert GAME.strength(data, state, ["sov-5"], "attack", ["sov-5"]) == 3
    assert GAME.strength(data, state, ["sov-5", "sov-a"], "attack", ["sov-5", "sov-a"]) == 4      # (5 + 3) / 2


def test_6_5_a_unit_may_move_willfully_out_of_supply(tmp_path):
    """6.5: "It is permissible for both players to willfully move their units into hexes wherein they
    will become OOS." A Western corps supplied on the coast (6.11, 4111E) moves inland to 4110E, where
    it traces no supply: the move is legal."""
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.wa-x": CORPS, "map.regions.non_baltic_coastal_hexes.hexes": ["4111E"]})
    state = position(data, "western")
    state["units"]["wa-x"] = {"hex": "4111E", "steps": 4}
    del state["units"]["ger-x"]
    assert GAME.in_supply(data, state, "wa-x") and not GAME.in_supply(data, state, "wa-x", "4110E")
    order = {"move": "wa-x", "path": ["4111E", "4110E"]}
    assert messages(data, state, [order]) == []
    after = GAME.apply(data, state, "alliance", [order], ScriptedDice(default=6)).state
    assert after["units"]["wa-x"]["hex"] == "4110E" and not GAME.in_supply(data, after, "wa-x")


def test_6_11_western_units_in_non_baltic_coastal_hexes_are_supplied(tmp_path):
    """6.11: "All Western Allied units are fully supplied when in non-Baltic coastal hexes." 4111E is
    such a hex on this test map; 4110E, next to it, traces to no Western source."""
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.wa-x": CORPS, "map.regions.non_baltic_coastal_hexes.hexes": ["4111E"]})
    state = position(data, "western")
    state["units"]["wa-x"] = {"hex": "4111E", "steps": 4}
    assert GAME.in_supply(data, state, "wa-x") and not GAME.in_supply(data, state, "wa-x", "4110E")


def test_6_12_yugoslav_units_are_always_supplied_inside_yugoslavia(tmp_path):
    """6.12: "All Yugoslavian units ... are always in supply inside Yugoslavia." At 4010E, cut off by
    the Germans at 4110E and 4011E, a Red Army unit is out of supply; a Yugoslav one is not."""
    yug = {"side": "soviet", "nationality": "yugoslavian", "type": "infantry", "steps": 1, "full": {"attack": 2, "defense": 2, "movement": 3}}
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.yug-x": yug, "map.regions.yugoslavia.hexes": ["4010E"]})
    state = position(data)
    state["units"]["yug-x"] = {"hex": "4010E", "steps": 1}
    assert not GAME.in_supply(data, state, "sov-a") and GAME.in_supply(data, state, "yug-x")
    # outside Yugoslavia it traces supply as the Red Army does (6.12: Yugoslav armies are Soviet-side)
    assert GAME.in_supply(data, state, "yug-x", "4011E") == GAME.in_supply(data, state, "sov-a", "4011E")


def test_6_14_german_supply_to_the_usir_until_a_usir_hex_falls(tmp_path):
    """6.14: German units trace supply to the Upper Silesian Industrial Region; "The first time any
    Upper Silesian Industrial hex comes under Alliance control, all hexes of the entire industrial area
    immediately and permanently cease to be full supply source hexes": then only units in a remaining
    USIR hex are supplied. (The Courland ports, 6.18, are lost here.)"""
    data = load("smithereens-supply.yaml", tmp_path, **{"map.regions.upper_silesian_industrial_region.hexes": ["2707E", "2708E"],
                                                        "map.hexes.2708E": {"terrain": "clear"}, "map.hexes.2706E": {"terrain": "clear"},
                                                        "map.hexes.2607E": {"terrain": "sea"}, "map.hexes.2507E": {"terrain": "sea"}})
    state = position(data, "german")
    state["ports_lost"] = list(GAME.courland_ports(data))
    state["units"]["ger-c"]["hex"] = "2706E"
    assert GAME.in_supply(data, state, "ger-c")                  # traces to 2707E next to it
    state["destroyed"]["2708E"] = True          # an Alliance unit entered it (control.py, 11.20)
    assert not GAME.in_supply(data, state, "ger-c")
    assert GAME.in_supply(data, state, "ger-c", "2707E")


def test_6_15_no_german_supply_line_east_of_the_34xxe_row():
    """6.15: "No German supply line may be traced east of (into O.K.) the 34xxE hexrow." The known
    hexes beyond it on this test map are closed to German lines."""
    data = load("smithereens-supply.yaml")
    assert data.get("supply.sources.german.east_limit_column") == 34
    assert GAME.beyond_german_limit(data) == {"3909E", "3910E", "4009E", "4010E", "4011E", "4012E", "4109E", "4110E", "4111E", "4210E", "4211E"}
    assert "2707E" not in GAME.beyond_german_limit(data)


def test_6_17_german_baltic_coast_supply_until_the_collapse(tmp_path):
    """6.17: German units in the Baltic coastal hexes 3600 to 3403E "are always in supply while in
    those hexes" (7.4: after the collapse only in-city and Courland supply remain)."""
    data = load("smithereens-supply.yaml", tmp_path, **{"map.regions.baltic_coast_german_range.hexes": ["4111E"]})
    state = position(data, "german")
    assert GAME.in_supply(data, state, "ger-x", "4111E") and not GAME.in_supply(data, state, "ger-x", "4110E")
    state["collapsed"] = True
    assert not GAME.in_supply(data, state, "ger-x", "4111E")


def test_6_19_example_antwerp_is_no_german_supply_source(tmp_path):
    """6.19 example: "the Germans captured Antwerp, that place does not become a supply source for
    them." A German unit in Antwerp (1703) traces no supply; a Western one there is supplied (6.8)."""
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.wa-x": CORPS, "map.hexes.1703": {"terrain": "clear", "city": True, "control_at_start": "alliance"}})
    state = position(data, "german")
    state["units"]["ger-x"]["hex"] = "1703"
    state["control"]["1703"] = "german"
    assert not GAME.in_supply(data, state, "ger-x")
    state["units"]["wa-x"] = {"hex": "1703", "steps": 4}
    del state["units"]["ger-x"]
    assert GAME.in_supply(data, state, "wa-x")


# -- 9.x replacements --------------------------------------------------------------------

def replacements(tmp_path=None, **counters):
    return load("smithereens-reinforcements.yaml", tmp_path, **{f"units.counters.{u}": c for u, c in counters.items()})


def test_9_11_unused_replacement_steps_are_forfeit_at_the_end_of_the_game_turn():
    """9.11: "Replacement steps may not be accumulated from turn to turn. Those not committed during the
    turn they become available are forfeit." The count of steps used starts afresh every game turn."""
    data = replacements()
    state = position(data, "german", phase="assault", level="beginner")
    state["replacements_used"] = {"soviet.total": 1}
    state["pending"] = []
    GAME.next_player_turn(data, state)
    assert state["turn"] == 3 and state["army"] == "soviet" and state["replacements_used"] == {}


def test_9_13_one_yugoslav_step_a_turn_besides_the_red_army_s(tmp_path):
    """9.13: "The Soviet player receives one step of Yugoslav replacements every turn." Four Red Army
    steps (9.12) do not use it up; a second Yugoslav step is refused."""
    yug = {"side": "soviet", "nationality": "yugoslavian", "type": "infantry", "steps": 3,
           "full": {"attack": 3, "defense": 3, "movement": 3}, "reduced": {"attack": 1, "defense": 1, "movement": 3}}
    data = replacements(tmp_path, **{"yug-1": yug})
    state = position(data, "soviet", level="beginner")
    state["units"]["yug-1"] = {"hex": "2019E", "steps": 1}
    state["units"]["sov-5a"]["steps"] = state["units"]["sov-6a"]["steps"] = 1
    assert messages(data, state, [{"replace": "yug-1", "steps": 1}, {"replace": "sov-5a", "steps": 1},
                                  {"replace": "sov-6a", "steps": 1}]) == []
    assert messages(data, state, [{"replace": "yug-1", "steps": 2}]) == ["only 1 Yugoslav replacement step(s) per game turn (9.13)"]


def test_9_14_western_replacements_four_steps_one_commonwealth_one_french(tmp_path):
    """9.14: "The Western Allied player receives four steps of replacements every game turn. No more
    than one step ... may be absorbed by Commonwealth forces ... and no more than one step ... by French
    forces during any one game turn.\""""
    corps = {u: dict(copy.deepcopy(CORPS), setup="2020E", **extra) for u, extra in (
        ("us-a", {}), ("us-b", {}), ("br-a", {"grouping": "commonwealth", "nationality": "british"}),
        ("br-b", {"grouping": "commonwealth", "nationality": "canadian"}), ("fr-a", {"nationality": "french"}),
        ("fr-b", {"nationality": "french"}))}
    data = replacements(tmp_path, **corps)
    state = position(data, "western", level="beginner")
    for unit in corps:
        state["units"][unit] = {"hex": "1718E", "steps": 2}
    one = {u: {"replace": u, "steps": 1} for u in corps}
    assert messages(data, state, [one["us-a"], one["us-b"], one["br-a"], one["fr-a"]]) == []
    assert messages(data, state, [one["us-a"], {"replace": "us-b", "steps": 2}, one["br-a"], one["fr-a"]]) == [
        "only 4 replacement step(s) per game turn (9.14)"]
    assert messages(data, state, [one["br-a"], one["br-b"]]) == ["no more than 1 replacement step(s) per turn to commonwealth units (9.14)"]
    assert messages(data, state, [one["fr-a"], one["fr-b"]]) == ["no more than 1 replacement step(s) per turn to french units (9.14)"]


# -- 10.x movement, 11.x prepared assaults, 13.14 (the prepared-assault test map) -----------------

RULES_DATA = "smithereens-rules-test-override.yaml"


def test_10_18_no_unit_may_ever_enter_the_hook_of_holland(tmp_path):
    """10.18: "No units may ever enter the Hook of Holland." (2115 is made Hook terrain here.)"""
    from tests.test_smithereens_rules import make_state
    data = load(RULES_DATA, tmp_path, **{"map.hexes.2115": {"terrain": "hook_of_holland"}})
    state = make_state({"g-pz1": "2016"}, phase="movement", data=data)
    assert GAME.grid(data).adjacent("2016", "2115")
    assert GAME.entry_cost(data, state, "g-pz1", "2016", "2115") == (None, "no unit may enter 2115 (10.18)")


def test_10_20_the_alpine_transport_corridor_costs_1_mp_a_hex_across_its_hexsides(tmp_path):
    """10.20: "All units can move from corridor hex to corridor hex — but only across hexsides traversed
    by the corridor — for a cost of only 1 MP per hex." Into the mountain hex 2116 across the corridor
    hexside: 1 MP; across a plain hexside the mountain costs its full price."""
    from tests.test_smithereens_rules import make_state
    data = load(RULES_DATA, tmp_path, **{"map.hexsides.2016|2116": "atc"})
    state = make_state({"g-pz1": "2016", "g-inf1": "2115"}, phase="movement", data=data)
    assert GAME.entry_cost(data, state, "g-pz1", "2016", "2116") == (1, "")
    plain = load_game_data("smithereens", DATA / RULES_DATA)
    assert GAME.entry_cost(plain, state, "g-pz1", "2016", "2116") == (4, "")          # mountain 3 + river 1 (10.22)


def test_10_25_italian_fascist_units_never_leave_italy(tmp_path):
    """10.25: "Italian Fascist units may never move out of Italy." 13.14: they trace supply and attack
    as German units."""
    from tests.test_smithereens_rules import make_state
    fascist = {"side": "german", "nationality": "italian_fascist", "type": "infantry", "mech": False, "steps": 1,
               "full": {"attack": 2, "defense": 2, "movement": 4}}
    data = load(RULES_DATA, tmp_path, **{"units.counters.it-1": fascist, "map.regions.italy.hexes": ["2016", "2015"]})
    state = make_state({"it-1": "2016"}, phase="movement", data=data)
    assert messages(data, state, [{"move": "it-1", "path": ["2016", "2015"]}]) == []
    assert messages(data, state, [{"move": "it-1", "path": ["2016", "2017"]}]) == [
        "it-1 is italian fascist and may never move out of Italy (2017) (10.25)"]


def test_11_2_11_6_one_combined_defender_and_a_stack_attacking_two_hexes():
    """11.2: several enemy units in the attacked hex are attacked "as if it were one large, combined,
    defending unit"; 11.6: "Some of the units might attack into one defender hex, while others attack
    into some other(s)" and "No defending unit, however, may refuse combat". 11.5: the attacks are
    resolved in the order the attacker gives them, each completed before the next."""
    from tests.test_smithereens_rules import battle, make_state
    data = load(RULES_DATA)
    state = make_state({"g-pz1": "2218", "g-pz2": "2218", "s-inf1": ("2219", 1), "s-art1": "2219", "us-1": "2118"}, data=data)
    result = battle(data, state, {"attack": "2219", "with": ["g-pz1"]}, 3)
    assert result["defenders"] == ["s-art1", "s-inf1"] and result["defense"] == 3          # 2 + 1, one combined defense
    orders = [{"attack": "2118", "with": ["g-pz2"]}, {"attack": "2219", "with": ["g-pz1"]}]
    assert messages(data, state, orders) == []
    out = GAME.apply(data, copy.deepcopy(state), "german", orders, ScriptedDice(default=6))
    assert [e["hex"] for e in out.events if e["event"] == "assault"] == ["2118", "2219"]
    out = GAME.apply(data, copy.deepcopy(state), "german", orders[::-1], ScriptedDice(default=6))
    assert [e["hex"] for e in out.events if e["event"] == "assault"] == ["2219", "2118"]


def test_11_25_example_no_retreat_across_an_all_sea_hexside(tmp_path):
    """11.25 example: "they can't retreat across an all-sea hexside." The 11.22 battle again (1/2 against
    the Soviets in 2219), with the hexside 2119-2219 all-sea: the retreat into 2119 is refused."""
    from tests.test_smithereens_rules import _german_4_1_roll_3, problems_of
    data = load(RULES_DATA, tmp_path, **{"map.hexsides.2119|2219": "sea"})
    state = _german_4_1_roll_3(data)
    [problem] = problems_of(data, state, [{"battle": "2219", "retreat": "2119", "steps": {"s-inf1": 1}}])
    assert problem == "s-art1 may not retreat across the hexside 2219-2119 (10.15, 10.17)"
    assert problems_of(load(RULES_DATA), _german_4_1_roll_3(load(RULES_DATA)),
                       [{"battle": "2219", "retreat": "2119", "steps": {"s-inf1": 1}}]) == []


def test_11_29_example_a_flip_is_one_increment_an_elimination_two():
    """11.29 example: "flipping a two-step unit to its reverse side satisfies one increment of combat
    result; eliminating it entirely would satisfy two increments of the result, etc." 12 against 5 is
    2:1, the die 5 gives 1/2: 2 LP against the two-step s-inf1 and the one-step s-art1."""
    from tests.test_smithereens_rules import make_state, problems_of
    data = load(RULES_DATA)
    state = make_state({"g-pz1": "2218", "g-pz2": "2218", "s-inf1": "2219", "s-art1": "2219", "g-inf1": "2319"}, data=data)
    state = GAME.apply(data, state, "german", [{"attack": "2219", "with": ["g-pz1", "g-pz2"]}], ScriptedDice(default=5)).state
    assert state["pending"][0]["defender_lp"] == 2
    assert problems_of(data, state, [{"battle": "2219", "steps": {"s-inf1": 2}}]) == []
    assert problems_of(data, state, [{"battle": "2219", "steps": {"s-inf1": 1, "s-art1": 1}}]) == []
    [short] = problems_of(data, state, [{"battle": "2219", "steps": {"s-inf1": 1}}])
    assert "absorbs 1" in short and "11.29" in short
    after = GAME.apply(data, state, "alliance", [{"battle": "2219", "steps": {"s-inf1": 2}}], ScriptedDice(default=1)).state
    assert "s-inf1" in after["eliminated"] and after["units"]["s-art1"] == {"hex": "2219", "steps": 1}


def test_13_14_hungarian_units_attack_with_the_germans(tmp_path):
    """13.14: "Hungarian & Italian Fascist units ... may cooperate in attacks with other German-side units
    just as if they were themselves German units." (Their removal at Budapest's fall is on the
    not-enforced list.)"""
    from tests.test_smithereens_rules import make_state
    hungarian = {"side": "german", "nationality": "hungarian", "type": "infantry", "mech": False, "steps": 1,
                 "full": {"attack": 2, "defense": 2, "movement": 3}}
    data = load(RULES_DATA, tmp_path, **{"units.counters.hu-1": hungarian})
    state = make_state({"g-pz1": "2218", "hu-1": "2220", "s-inf1": ("2219", 1)}, data=data)
    order = {"attack": "2219", "with": ["g-pz1", "hu-1"]}
    assert messages(data, state, [order]) == []
    out = GAME.apply(data, state, "german", [order], ScriptedDice(default=6))
    assert next(e for e in out.events if e["event"] == "assault")["attackers"] == ["g-pz1", "hu-1"]


# -- 12.x mobile assaults ------------------------------------------------------------------

def test_12_4_the_launch_hex_must_meet_the_stacking_limits():
    """12.4: "Stacking limits must be met in the hex from which the MA is being launched ... at the
    instant the move is made." Five Soviet units in 4212E (three plus artillery is the most, 8.4): the
    assault is refused until one has moved out."""
    from tests.test_smithereens_mobile import STACK, position as mobile_position
    data = load("smithereens-mobile.yaml")
    state = mobile_position(data)
    for unit in ("sov-inf", "sov-t3"):
        state["units"][unit]["hex"] = "4212E"
    assault = {"assault": "4112E", "with": STACK}
    [problem] = messages(data, state, [assault])
    assert problem.startswith("hex 4212E is overstacked at the start of the mobile assault") and problem.endswith("(8.2, 12.4)")
    assert messages(data, state, [{"move": "sov-inf", "path": ["4212E", "4213E"]}, {"move": "sov-t3", "path": ["4212E", "4213E"]}, assault]) == []


def test_12_12_mobile_assaulters_may_fight_in_the_following_prepared_assault_phase():
    """12.12: "Mechanized units that participate in one or more MAs during their side's movement phase
    can also fight in a PA during their side's immediately following combat phase." sov-t1 cleared 4112E
    by a mobile assault; in the Prepared Assault Phase it attacks the German next to it."""
    from tests.test_smithereens_mobile import first_round
    data = load("smithereens-mobile.yaml")
    state = first_round(data, face=6).state
    state = GAME.apply(data, state, "alliance", [{"move": "sov-t2", "path": ["4112E", "4111E"]}], ScriptedDice(default=6)).state
    assert state["phase"] == "assault" and state["units"]["sov-t1"]["hex"] == "4112E"
    assert GAME.grid(data).adjacent("4112E", "4113E") and state["units"]["ger-r"]["hex"] == "4113E"
    assert messages(data, state, [{"attack": "4113E", "with": ["sov-t1"]}]) == []


def test_12_17_paratroopers_make_mobile_assaults_when_not_deployed_as_1aaa(tmp_path):
    """12.17: "Western Allied Paratroopers may conduct MAs normally on turns they are not deployed as
    1AAA." ab-18, supplied on the coast (6.11) at 4212E next to the Germans in 4112E, may assault them;
    deployed as 1AAA (13.3: passive in its drop hex) it may not."""
    from tests.test_smithereens_mobile import position as mobile_position
    para = {"side": "western", "grouping": "us", "type": "western_allied_paratroopers", "steps": 2,
            "full": {"attack": 3, "defense": 3, "movement": 5}, "reduced": {"attack": 1, "defense": 1, "movement": 5}}
    data = load("smithereens-mobile.yaml", tmp_path, **{"units.counters.ab-18": para, "map.regions.non_baltic_coastal_hexes.hexes": ["4212E"]})
    state = mobile_position(data)
    state["army"] = "western"
    for unit_id in [u for u in state["units"] if u.startswith("sov-")]:
        del state["units"][unit_id]
    state["units"]["ab-18"] = {"hex": "4212E", "steps": 2}
    assault = {"assault": "4112E", "with": ["ab-18"]}
    assert messages(data, state, [assault]) == []
    state["aaa"] = {"hex": "4212E", "units": ["ab-18"]}
    assert messages(data, state, [assault]) == [
        "ab-18 stays passively in its drop hex until relieved: it may not make mobile assaults (13.3, 12.17)"]


# -- behaviour 6 (pbem 0.7.0): 9.13 partisans, 13.14 the Hungarians at Budapest's fall ------------------

PARTISANS = {"side": "soviet", "nationality": "yugoslavian", "type": "partisan_band", "steps": 2,
             "full": {"attack": 2, "defense": 2, "movement": 0}, "reduced": {"attack": 1, "defense": 1, "movement": 0}}


def test_9_13_the_yugoslav_step_replenishes_armies_not_partisans(tmp_path):
    """9.13: "This step may only be used to replenish Yugoslav army (mobile) units, not partisans."
    Behaviour 6 refuses a step for a partisan band; behaviour 5 campaigns took it and still do."""
    import dataclasses
    data = replacements(tmp_path, **{"yug-p": PARTISANS})
    state = position(data, "soviet", level="beginner")
    state["units"]["yug-p"] = {"hex": "2019E", "steps": 1}
    assert messages(data, state, [{"replace": "yug-p", "steps": 1}]) == [
        "yug-p is a Yugoslav partisan band: the Yugoslav step replenishes Yugoslav armies only (9.13)"]
    assert messages(dataclasses.replace(data, behaviour=5), state, [{"replace": "yug-p", "steps": 1}]) == []


def test_13_14_the_hungarians_are_removed_the_instant_budapest_falls(tmp_path):
    """13.14: "Remove any surviving Hungarian units the instant Budapest becomes Alliance controlled."
    (Budapest is 3730, 3.3.) A Soviet advance takes the city: the Hungarians anywhere on the map go to the
    deadpile (behaviour 6); a behaviour 5 campaign keeps them."""
    import dataclasses
    hungarian = {"side": "german", "nationality": "hungarian", "type": "infantry", "steps": 1, "full": {"attack": 1, "defense": 1, "movement": 3}}
    data = load("smithereens-supply.yaml", tmp_path, **{"units.counters.hu-1": hungarian, "units.counters.hu-2": copy.deepcopy(hungarian)})
    assert data.get("special.hungarian_and_italian_fascist.budapest_hex") == "3730"
    for behaviour, removed in ((6, ["hu-1", "hu-2"]), (5, [])):
        state = position(data, level="beginner")
        state["units"]["hu-1"] = {"hex": "4011E", "steps": 1}
        state["units"]["hu-2"] = {"hex": "4111E", "steps": 1}
        events: list = []
        GAME.take_control(dataclasses.replace(data, behaviour=behaviour), state, "3730", "soviet", events)
        assert state["control"]["3730"] == "alliance"
        assert [u for u in ("hu-1", "hu-2") if u in state["eliminated"] and u not in state["units"]] == removed
        assert [e for e in events if e["event"] == "hungarians_removed"] == (
            [{"event": "hungarians_removed", "hex": "3730", "units": removed, "rule": "13.14"}] if removed else [])
    assert GAME.describe(data, state, [{"event": "hungarians_removed", "hex": "3730", "units": ["hu-1", "hu-2"], "rule": "13.14"}]) == [
        ("item", "Budapest (3730) is Alliance controlled: the surviving Hungarian units are removed: hu-1, hu-2 (13.14)")]


def test_9_13_a_reclaimed_yugoslav_unit_re_enters_via_an_alliance_city_in_yugoslavia(tmp_path):
    """9.13: "Yugoslav units reclaimed from the deadpile re-enter via any Alliance controlled city in
    Yugoslavia; if no such hex is available, Yugoslav deadpile reclamations cease until one is."
    (2020E is made an Alliance city of Yugoslavia; 2019E is a Soviet entry city outside it, 9.3.)
    Behaviour 5 campaigns enter it as any Soviet reinforcement, as they recorded."""
    import dataclasses
    yug = {"side": "soviet", "nationality": "yugoslavian", "type": "infantry", "steps": 2,
           "full": {"attack": 3, "defense": 3, "movement": 3}, "reduced": {"attack": 1, "defense": 1, "movement": 3}}
    data = load("smithereens-reinforcements.yaml", tmp_path, **{
        "units.counters.yug-a": yug, "map.regions.yugoslavia.hexes": ["2020E"],
        "map.hexes.2020E": {"terrain": "clear", "city": True, "control_at_start": "alliance"}})
    state = position(data, "soviet", level="beginner")
    del state["units"]["rom-4a"]                            # no Romanian in 2020E to stack with (8.4)
    state["eliminated"].append("yug-a")
    reclaim = {"replace": "yug-a", "steps": 1}
    assert messages(data, state, [reclaim, {"enter": "yug-a", "path": ["2019E"]}]) == [
        "yug-a re-enters via an Alliance-controlled city in Yugoslavia, not 2019E (9.13)"]
    assert messages(data, state, [reclaim, {"enter": "yug-a", "path": ["2020E"]}]) == []
    old = dataclasses.replace(data, behaviour=5)
    assert messages(old, state, [reclaim, {"enter": "yug-a", "path": ["2019E"]}]) == []
    after = GAME.apply(data, copy.deepcopy(state), "alliance", [reclaim], ScriptedDice(default=1)).state
    assert after["reinforcements"]["yug-a"] == {"turn": 2, "steps": 1, "reclaimed": True} and "yug-a" not in after["eliminated"]
    after.update(army="soviet", phase="movement", turn=3)         # the next Soviet movement phase
    assert messages(data, after, [{"enter": "yug-a", "path": ["2019E"]}]) == [
        "yug-a re-enters via an Alliance-controlled city in Yugoslavia, not 2019E (9.13)"]
    assert messages(data, after, [{"enter": "yug-a", "path": ["2020E"]}]) == []
    state["control"]["2020E"] = "german"
    assert messages(data, state, [reclaim]) == [
        "no Alliance-controlled city in Yugoslavia: Yugoslav deadpile reclamations cease until one is (9.13), so not yug-a"]
