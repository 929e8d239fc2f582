"""The WWIII Straight-Up scenario (14.1-14.18; 2.15, 8.6 the Swiss) on DEMONSTRATION data
(tests/data/smithereens-wwiii-demo.yaml: a made-up WWIII line 3113-3117, Switzerland 2919-2921,
thirteen two-step Red Army units; not the published map, counters or CRT)."""

import re
from pathlib import Path

import pytest

from pbem.errors import PbemError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml
from tests.players import keyed_players

DATA = Path(__file__).parent / "data" / "smithereens-wwiii-demo.yaml"
ALLIED = [{"place": "us-3", "at": "3114"}, {"place": "us-5", "at": "3115"}, {"place": "br-1", "at": "3116"},
          {"place": "us-18ab", "at": "3015"}, {"place": "us-23", "at": "3117"},
          {"german_reinforcements": [f"ger-i{i}" for i in range(1, 10)]}]
SOVIET = [{"place": f"sov-{i}a", "at": h, "steps": 1} for i, h in zip(range(1, 9), ["3214"] * 3 + ["3215"] * 2 + ["3216"] * 3)] + \
         [{"place": f"sov-{i}gta", "at": h, "steps": 1} for i, h in zip(range(1, 6), ["3217", "3217", "3313", "3313", "3215"])] + \
         [{"place": "yug-1", "at": "3519"}]


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", DATA)


@pytest.fixture(scope="module")
def scenario():
    return load_scenario("smithereens", "wwiii_straight_up")[0]


@pytest.fixture
def fresh(data, scenario):
    return GAME.setup(data, scenario, ["soviet", "western"], {"fog": "off"})


@pytest.fixture
def begun(data, scenario):
    """Both deployments made: the Soviet Prepared Assault Phase of Game Turn 11 (14.5)."""
    state = GAME.setup(data, scenario, ["soviet", "western"], {"fog": "off"})
    state = GAME.apply(data, state, "western", ALLIED, None).state
    return GAME.apply(data, state, "soviet", SOVIET, None).state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def at(state, turn, army, phase="movement", **units):
    state.update(turn=turn, army=army, phase=phase)
    for unit_id, hex_id in units.items():
        state["units"][unit_id.replace("_", "-")] = {"hex": hex_id, "steps": 2 if unit_id.startswith("sov") else 4}
    return state


# -- 14.1, 14.2, 14.4, 14.5: seats, deployment, start ---------------------------------------------
def test_14_1_two_seats_and_14_5_the_game_begins_at_the_soviet_prepared_assault_phase_of_turn_11(data, scenario, fresh, begun):
    """14.1: "played from Game Turn 11 (II May) through Game Turn 20"; 14.5: "The Soviet player turn is
    the first player turn every game turn. There is, of course, no German player turn. Play begins with
    the start of the Soviet Prepared Assault Phase"."""
    assert GAME.seats(scenario) == [["soviet", "western"]]
    assert GAME.awaiting(fresh).phase == "Set-up: Allied deployment (14.2)" and GAME.awaiting(fresh).side == "western"
    assert (begun["turn"], begun["last_turn"], begun["army"], begun["phase"]) == (11, 20, "soviet", "assault")
    assert GAME.awaiting(begun).phase == "Turn 11 Soviet prepared assaults" and begun["to_place"] == {}
    state = GAME.apply(data, begun, "soviet", [], ScriptedDice()).state
    assert GAME.awaiting(state).phase == "Turn 11 Western movement"
    state = GAME.apply(data, state, "western", [], ScriptedDice()).state
    state = GAME.apply(data, state, "western", [], ScriptedDice()).state
    assert GAME.awaiting(state).phase == "Turn 12 Soviet movement"        # no German player turn (14.5)


def test_14_2_the_swiss_start_in_their_printed_hexes_the_deleted_allies_are_gone(fresh):
    """14.2: "set up the four Swiss corps in the hexes indicated on those counters"; "The Romanian,
    Bulgarian and Polish Communist units are deleted from the Soviet OB"; no German units."""
    assert fresh["units"] == {"sw-1": {"hex": "2920", "steps": 4}, "sw-2": {"hex": "2921", "steps": 4}}
    assert "sov-1pol" not in fresh["to_place"] and "ger-73id" not in fresh["to_place"]
    assert fresh["to_place"]["us-23"] == "wwiii_optional" and fresh["to_place"]["sov-1gta"] == "wwiii"


@pytest.mark.parametrize("unit, hex_id, message", [
    ("us-3", "3014", "us-3 must be deployed in a hex of the WWIII demarcation line, not 3014 (14.2)"),
    ("us-18ab", "3214", "us-18ab is an airborne corps: it may be set up in or west of the WWIII demarcation line, not 3214 (14.2)"),
    ("us-5", "3114", "hex 3114: no more than one Allied unit per hex in the initial set up (14.2)"),
])
def test_14_2_the_allied_deployment_on_the_wwiii_line(data, fresh, unit, hex_id, message):
    """14.2: "deploys them, all at full strength, in any hexes of the WWIII demarcation line ...
    Exception: The two airborne corps may be set up in or west of the line" and "no more than one unit per hex"."""
    orders = [dict(o, at=hex_id) if o.get("place") == unit else o for o in ALLIED]
    assert problems(data, fresh, orders) == [message]
    assert problems(data, fresh, [o for o in ALLIED if o.get("place") != "us-5"]) == [
        "us-5 must be deployed: the side takes all the forces available by the end of Game Turn 10 (14.2)"]


def test_14_4_the_asterisked_us_corps_may_be_added(data, fresh):
    """14.4: "Those units may, however, be added to the initial Allied placement for the Straight Up scenario"."""
    without = [o for o in ALLIED if o.get("place") != "us-23"]
    assert problems(data, fresh, without) == []
    state = GAME.apply(data, GAME.apply(data, fresh, "western", without, None).state, "soviet", SOVIET, None).state
    assert "us-23" not in state["units"] and state["to_place"] == {}


def test_14_2_the_soviet_reduces_13_steps_five_mechanized_west_of_the_wwii_line(data, fresh):
    """14.2: "The Soviet player must reduce his Red Army units (not Yugoslavs) by a total of 13 steps, at
    least five of which must be mechanized"; he deploys "in any hexes west of the WWII demarcation line"
    (as printed) and may stack."""
    state = GAME.apply(data, fresh, "western", ALLIED, None).state
    assert GAME.awaiting(state).phase == "Set-up: Soviet deployment (14.2)"
    full = [dict(o, steps=2) if o["place"] == "sov-1gta" else o for o in SOVIET]
    assert problems(data, state, full) == ["the Soviet must reduce his Red Army units by a total of 13 steps, at least 5 of "
                                           "them mechanized; these orders remove 12 (4 mechanized) (14.2)"]
    onto_wwii_line = [dict(o, at="3414") if o["place"] == "sov-1a" else o for o in SOVIET]
    assert problems(data, state, onto_wwii_line) == [
        "sov-1a must be deployed in a hex west of the WWII demarcation line (as 14.2 prints it), not 3414 (14.2)"]
    four = [dict(o, at="3214") if o["place"] == "sov-4a" else o for o in SOVIET]
    assert problems(data, state, four) == ["hex 3214 is overstacked after the deployment: more than three Soviet units, "
                                           "or a fourth that is not artillery (8.4) (14.2)"]


# -- 14.3 Thunderclap ----------------------------------------------------------------------------
def test_14_3_dresden_is_rough_terrain_but_its_vp_still_count(data, begun):
    """14.3: "place the Operation Thunderclap marker in Dresden (3315) ... though the Thunderclapped city
    is treated as rough terrain, its VP value is still counted for victory determination"."""
    with GAME.state_map(data, begun):
        assert GAME.terrain(data, "3315") == "rough" and GAME.is_city(data, "3315", "14.3")
    assert begun["control"]["3315"] == "soviet" and GAME.wwiii_cities(data, begun)["3315"] == 1


# -- 14.6, 14.7 victory ------------------------------------------------------------------------------
def test_14_6_the_cities_total_72_vp_with_zurich_and_bern_in_the_allied_column(data, begun):
    """14.6: "As reckoned in the WWII scenario, but now also adding Zurich and Bern 1 VP each, there are 72
    VPs worth of cities on the maps." Design Note: "though Switzerland is a non-participant unless violated
    by the Soviet player, Zurich and Bern are already considered to be in the Allied point column"."""
    assert sum(GAME.wwiii_cities(data, begun).values()) == 72
    assert begun["control"]["2920"] == begun["control"]["2921"] == "western"
    assert GAME.held_vp(data, begun, "western") == 70 and GAME.held_vp(data, begun, "soviet") == 2


@pytest.mark.parametrize("soviet_cities, winner, held", [(["3216", "3315"], "western", 70), (["3216", "3315", "3611", "2207"], "soviet", 64)])
def test_14_6_at_the_end_of_game_turn_20_65_vp_win_for_the_allies(data, begun, soviet_cities, winner, held):
    """14.6: "The Western Allied player is declared the winner if, at the end of Game Turn 20, he controls 65
    or more of those VPs. The Soviet player is declared the winner if the Allies control 64 or fewer"."""
    state = at(begun, 20, "western", "assault")
    state["control"].update({h: "soviet" for h in soviet_cities})
    outcome = GAME.apply(data, state, "western", [], ScriptedDice())
    assert outcome.state["game_over"] and outcome.state["winner"] == winner
    assert outcome.events[-1] == {"event": "wwiii_victory", "western_vp": held, "needed": 65, "winner": winner, "rule": "14.6",
                                  "why": f"End of Game Turn 20: the Allies control {held} VP of cities (65 or more win)."}


def test_14_6_a_soviet_unit_entering_zurich_wins_at_that_instant(data, begun):
    """14.6: "The Soviet may also be declared the winner at any instant one of his units enters Antwerp or
    Zurich." 14.2: the Swiss "may not move unless that country's neutrality is violated by the Soviet player"."""
    state = at(begun, 12, "soviet", sov_6a="2919")
    del state["units"]["sw-1"]
    outcome = GAME.apply(data, state, "soviet", [{"move": "sov-6a", "path": ["2919", "2920"]}], ScriptedDice())
    assert outcome.state["game_over"] and outcome.state["winner"] == "soviet" and GAME.awaiting(outcome.state).done
    assert {"event": "wwiii_victory", "winner": "soviet", "rule": "14.6",
            "why": "A Soviet unit entered 2920: the Soviet wins at that instant (14.6)."} in outcome.events
    events: list = []
    GAME.enter_hex(data, dict(outcome.state, game_over=False), "1703", "soviet", events)     # Antwerp
    assert events[-1]["why"] == "A Soviet unit entered 1703: the Soviet wins at that instant (14.6)."


@pytest.mark.parametrize("taken, allied_win", [(["3016"], True), (["3016", "2207", "2306", "2406", "2407"], False)])
def test_14_7_the_turn_15_check(data, begun, taken, allied_win):
    """14.7: "at the very end of Game Turn 15 (July). If at that time the Soviet player's forces don't control
    at least 5 VPs worth of cities in and/or west of the WWIII demarcation line, the Allied player is declared
    the winner" — the cities east of the line (3216, 3315) do not count."""
    state = at(begun, 15, "western", "assault")
    state["control"].update({h: "soviet" for h in taken})
    outcome = GAME.apply(data, state, "western", [], ScriptedDice())
    check = next(e for e in outcome.events if e["event"] == "turn_15_check")
    assert (check["soviet_vp_in_or_west_of_line"], check["allied_win"]) == (len(taken), allied_win)
    assert bool(outcome.state.get("game_over")) is allied_win
    assert outcome.state.get("winner") == ("western" if allied_win else None)


# -- 14.10 the Vlassov Army -------------------------------------------------------------------------
def test_14_10_the_vlassov_army_enters_on_turn_11_through_the_allied_city_nearest_prague(data, begun):
    """14.10: "This unit enters as a Western Allied reinforcement during that player's first turn (turn 11). It
    enters through the Allied-controlled city nearest to Prague at that point. The unit is mechanized, but it may
    not make MAs. It may not receive replacements." (Prague is the made-up hex 0102 of the test data.)"""
    assert begun["reinforcements"]["va"] == {"turn": 11, "steps": 2}
    state = at(begun, 11, "western")
    assert problems(data, state, [{"enter": "va", "path": ["0101"]}]) == [
        "va enters through the Allied-controlled city nearest to Prague (0102), not 0101 (14.10)"]
    assert problems(data, state, [{"enter": "va", "path": ["0102"]}]) == []
    state["control"]["0102"] = "soviet"
    assert GAME.nearest_to_prague(data, state) == {"0101", "0103"}
    assert problems(data, state, [{"enter": "va", "path": ["0103"]}]) == []
    state = at(begun, 12, "western", va="0102")
    state["units"]["va"]["steps"] = 1
    assert problems(data, state, [{"replace": "va", "steps": 1}]) == ["va is the Vlassov Army: it may not receive replacements (14.10)"]
    assert GAME.is_mech(data, "va")
    assert GAME.mobile_assault_problem(data, dict(state, spent={}), {}, {"assault": "0103", "with": ["va"]}, True, set()) == \
        "the Vlassov Army is mechanized, but it may not make MAs (14.10)"


# -- 14.15 German reinforcements ------------------------------------------------------------------------
def test_14_15_the_allied_player_picks_nine_non_ss_0_1_4_german_infantry_at_set_up(data, fresh, begun):
    """14.15: "Before starting play, the Western Allied player should go through the German countermix and select
    nine non-SS 0-1-4 infantry units. Place one as a reinforcement in every box of the Turn Record Track from turn
    12 through 20, inclusive" — one order of his signed deployment file."""
    pick = [o for o in ALLIED if "place" in o]
    assert problems(data, fresh, [*pick, {"german_reinforcements": [f"ger-i{i}" for i in range(2, 11)]}]) == [
        "ger-i10 is not a non-SS 0-1-4 German infantry unit (14.15)"]
    assert problems(data, fresh, [*pick, {"german_reinforcements": ["ger-i1"] * 9}]) == [
        "select nine different German units, one for each turn from 12 (14.15)"]
    assert problems(data, fresh, pick)[0].startswith("the Allied deployment names the German reinforcements once")
    assert begun["reinforcements"]["ger-i1"] == {"turn": 12, "steps": 1} and begun["reinforcements"]["ger-i9"]["turn"] == 20
    assert begun["wwiii"]["german_allied"] == [f"ger-i{i}" for i in range(1, 10)]


def test_14_15_they_enter_via_allied_frankfurt_as_us_units_and_keep_out_of_the_forbidden_areas(data, begun):
    """14.15: "These units enter via Frankfurt (provided that city is Allied controlled ...), and are considered
    part of the US army grouping. (There are no German replacements.)" They "may never enter any hex in or adjacent
    to The Protectorate ... nor may they enter Switzerland" (made-up Frankfurt 2914, Protectorate 3417)."""
    state = at(begun, 12, "western")
    with GAME.state_map(data, state):
        assert GAME.army_of(data, "ger-i1") == "western" and GAME.grouping(data, "ger-i1") == "us"
    assert problems(data, state, [{"enter": "ger-i1", "path": ["2913"]}]) == [
        "2913 is not an entry hex for western reinforcements (9.4)"]
    assert problems(data, state, [{"enter": "ger-i1", "path": ["2914", "3014"]}]) == []
    assert problems(data, state, [{"enter": "ger-i2", "path": ["2914"]}]) == ["ger-i2 is not a reinforcement available on turn 12 (9.1)"]
    state = at(state, 12, "western", ger_i1="3016")
    state["units"]["ger-i1"]["steps"] = 1
    assert problems(data, state, [{"move": "ger-i1", "path": ["3016", "3115"]}]) == []
    assert problems(data, state, [{"move": "ger-i1", "path": ["3016", "3015"]}]) == [
        "ger-i1 is a German-Allied unit and may not move east of the Oder or west of the Rhine: 3016-3015 crosses the "
        "Rhine (14.15)"]          # "may not move east of the Oder River or west of the Rhine" (made-up Rhine 3015|3016)
    assert problems(data, state, [{"move": "ger-i1", "path": ["3016", "3017"]}]) == [
        "ger-i1 is a German-Allied unit: never in or next to the Protectorate, Italy, Yugoslavia or Trieste, nor in "
        "Switzerland (3017) (14.15)"]          # next to Trieste (made-up 2917)
    state["control"]["2914"] = "soviet"
    assert problems(data, at(state, 13, "western"), [{"enter": "ger-i2", "path": ["2914"]}]) == [
        "2914 is not an entry hex for western reinforcements (9.4)"]


def oder_data(tmp_path, listed, *extra):
    """The demonstration data with `map.regions.rivers.oder.listed` given as `listed` (None: left unknown)."""
    text = DATA.read_text(encoding="utf-8").replace("  map.regions.rivers.oder.listed: true", "".join(extra) +
                                                    ("" if listed is None else f"  map.regions.rivers.oder.listed: {listed}"))
    path = tmp_path / "oder.yaml"
    path.write_text(text, encoding="utf-8")
    return load_game_data("smithereens", path)


def test_14_15_the_oder_is_read_only_once_the_campaign_lists_every_oder_hexside(data, begun, tmp_path):
    """14.15: the German units "may not move east of the Oder River or west of the Rhine". Only WWIII reads an
    `oder` hexside: a map completed for the historical game marks the Oder `river` alone, so until the campaign
    says every Oder hexside is marked (`map.regions.rivers.oder.listed: true`) no move of theirs is guessed safe."""
    state = at(begun, 12, "western", ger_i1="3016")
    state["units"]["ger-i1"]["steps"] = 1
    move = [{"move": "ger-i1", "path": ["3016", "3115"]}]
    assert problems(oder_data(tmp_path, None), state, move) == [
        "needs whether every Oder hexside of the map is marked `oder` in map.hexsides (14.15), which the rulebook text "
        "does not give (printed on: the map (the Oder River's hexsides)); enter it as `map.regions.rivers.oder.listed` in "
        "the campaign's data override (data-override.yaml) — see `pbem data missing`; once the campaign has begun, every player "
        "signs it as a data amendment (`pbem amend propose`)"]
    assert problems(oder_data(tmp_path, "false"), state, move) == [
        "ger-i1 is a German-Allied unit, which may not move east of the Oder: mark each Oder hexside `[river, oder]` in "
        "map.hexsides and set `map.regions.rivers.oder.listed: true` (14.15)"]
    assert problems(oder_data(tmp_path, "false"), state, [{"move": "us-18ab", "path": ["3015", "3016"]}]) == []
    assert problems(oder_data(tmp_path, "true"), state, move) == []
    marked = oder_data(tmp_path, "true", "  map.hexsides.3016|3115: [river, oder]\n")
    assert problems(marked, state, move) == [
        "ger-i1 is a German-Allied unit and may not move east of the Oder or west of the Rhine: 3016-3115 crosses the "
        "Oder (14.15)"]
    entry = at(begun, 12, "western")
    assert problems(oder_data(tmp_path, None), entry, [{"enter": "ger-i1", "path": ["2914"]}]) == []   # no hexside read


# -- 14.8, 14.9 ------------------------------------------------------------------------------------
def test_14_8_two_soviet_replacement_steps_at_most_one_mechanized(data, begun):
    """14.8: "Soviet replacements are dropped to only two steps per turn in these scenarios, no more than one
    of which may be mechanized"."""
    state = at(begun, 12, "soviet")
    assert problems(data, state, [{"replace": "sov-1a", "steps": 1}, {"replace": "sov-2a", "steps": 1}]) == []
    assert problems(data, state, [{"replace": "sov-1a", "steps": 1}, {"replace": "sov-2a", "steps": 1},
                                  {"replace": "sov-3a", "steps": 1}])[-1] == "only 2 replacement step(s) per game turn (14.8)"
    assert problems(data, state, [{"replace": "sov-1gta", "steps": 1}, {"replace": "sov-2gta", "steps": 1}]) == [
        "no more than 1 replacement step(s) per turn to mech units (14.8)"]


@pytest.mark.parametrize("turn, limited", [(15, False), (16, True)])
def test_14_9_soviet_supply_free_of_the_6_6_limit_through_turn_15(data, begun, monkeypatch, turn, limited):
    """14.9: "Up through the end of Game Turn 15, Soviet supply lines are freed from the length limit given
    in 6.6. After that, the length limit is permanently re-imposed" (6.6: not into or west of the WWII line)."""
    seen = []
    monkeypatch.setattr(type(GAME), "trace", lambda self, data, state, start, army, source, excluded, max_length=None, blocked=None: seen.append(excluded) or True)
    state = at(dict(begun, level="standard"), turn, "soviet")
    assert GAME.in_supply(data, state, "sov-1gta")
    assert seen == [GAME.region(data, "wwii_line_and_west", "6.6") if limited else set()]


# -- 14.12 Kiev, 14.17 deterioration, 14.18 bombers -------------------------------------------------------
def test_14_12_the_first_allied_pa_into_kiev_gets_a_die_of_right_shifts(data, begun):
    """14.12: "The first time (only!) the Allies launch a PA (not MA) into ... Kiev ... The Allied player
    rolls one die after calculating his combat odds; that result is the number of rightward CRT odds shifts"."""
    state = at(begun, 12, "western", "assault", sov_6a="0103", us_3="0102")       # Kiev's made-up hex 0103
    dice = ScriptedDice(by_key={"kiev-partisans": [3], "crt/0103": [1]})
    outcome = GAME.apply(data, state, "western", [{"attack": "0103", "with": ["us-3"]}], dice)
    battle = next(e for e in outcome.events if e["event"] == "assault")
    assert {"shift": 3, "why": "the Kiev partisans' die", "rule": "14.12"} in battle["shifts"]
    assert dice.asked[0] == ("kiev-partisans", 6) and outcome.state["wwiii"]["kiev_partisans_done"] is True


@pytest.mark.parametrize("turn, line", [(15, "soviet"), (16, "german")])
def test_14_17_from_turn_16_the_soviet_attacks_on_the_german_odds_line(data, begun, turn, line):
    """14.17: "starting with Game Turn 16 (I August), the Soviet player must begin using the "German" odds
    ratio line on the CRT in all his attacks"."""
    state = at(begun, turn, "soviet", "assault")
    assert GAME.line_of(data, state, {}, "soviet") == line
    assert GAME.line_of(data, state, {}, "western") == "western"


def test_14_18_the_heavy_bombers_assist_one_combat_every_allied_player_turn(data, begun):
    """14.18: "The Allied player has the WWII heavy bomber unit available for one combat assist during every
    one of his player turns" (13.7's two uses a game no longer bind)."""
    state = at(begun, 12, "western", "assault")
    state["bombers_used"] = [4, 5]
    assert GAME.bomber_problems(data, state, "western", {"bombers": ["sov-1a"]}, "3214", ["sov-1a"], []) == []
    assert GAME.bomber_problems(data, state, "western", {"bombers": ["sov-1a"]}, "3214", ["sov-1a"], ["3215"]) == [
        "only 1 bomber attack per turn (13.7)"]


# -- 14.13, 14.14 A-bombs -------------------------------------------------------------------------------
def test_14_13_an_a_bomb_eliminates_the_soviet_units_and_leaves_rough_terrain(data, begun):
    """14.13: "The Allied player receives two A-bombs as reinforcements on Game Turn 16 ... places them atop any
    non-city hex on the map and eliminates any Soviet units underneath ... can the Allied A-Bomb a hex containing
    his own units" (no); "The blasted hex has the properties of a rough terrain hex from then on"."""
    assert problems(data, at(begun, 15, "western"), [{"a_bomb": "3214"}]) == [
        "the Allied player has no A-bomb(s) to use now (14.13, 14.14)"]
    state = at(begun, 16, "western")
    assert problems(data, state, [{"a_bomb": "3216"}]) == ["3216 is a city: A-bombs go on non-city hexes only (14.13)"]
    assert problems(data, state, [{"a_bomb": "3114"}]) == [
        "3114 holds Allied units: the Allied player may not A-bomb a hex containing his own units (14.13)"]
    assert problems(data, state, [{"a_bomb": "3214"}, {"a_bomb": "3215"}, {"a_bomb": "3217"}])[0] == \
        "the Allied player has two A-bomb(s) to use now (14.13, 14.14)"
    outcome = GAME.apply(data, state, "western", [{"a_bomb": "3214"}], ScriptedDice())
    assert outcome.events[0] == {"event": "a_bomb", "hex": "3214", "eliminated": ["sov-1a", "sov-2a", "sov-3a"], "rule": "14.13"}
    assert not any(v["hex"] == "3214" for v in outcome.state["units"].values())
    with GAME.state_map(data, outcome.state):
        assert GAME.terrain(data, "3214") == "rough"
    assert GAME.a_bombs_available(outcome.state) == 1


@pytest.mark.parametrize("roll, won", [(1, True), (2, False)])
def test_14_14_a_die_roll_of_1_gives_another_a_bomb_after_turn_16(data, begun, roll, won):
    """14.14: "the Allied player rolls one die at the start of every one of his player turns after Game Turn 16.
    If he rolls a 1, he receives another bomb ... never be more than four A-bombs entered into play per game"."""
    state = at(begun, 17, "western")
    outcome = GAME.apply(data, state, "western", [], ScriptedDice(by_key={"a-bomb/17": [roll]}))
    assert {"event": "a_bomb_roll", "roll": roll, "won": won, "rule": "14.14"} in outcome.events
    assert GAME.a_bombs_available(outcome.state) == (3 if won else 2)
    state = at(begun, 18, "western")
    state["wwiii"]["a_bombs"]["won"] = 2
    assert not any(e["event"] == "a_bomb_roll" for e in GAME.apply(data, state, "western", [], ScriptedDice()).events)


# -- 14.16, 2.15, 8.6 the Swiss ----------------------------------------------------------------------------
def test_2_15_swiss_factors_and_8_6_stacking(data, begun):
    """2.15: "The Swiss corps are again different in that their strengths are: 4-4-4, 3-3-3, 2-2-2, and 1-1-1."
    (one number: attack, defense and movement). 8.6: "Swiss stacking is the same as Western Allied Stacking,
    three units per hex." 14.16: they "never stack with ... any other Allied units"."""
    assert GAME.factors(data, "sw-1", 3) == {"attack": 3, "defense": 3, "movement": 3}
    assert GAME.stacking_problem(data, ["sw-1", "sw-2"]) is None
    assert GAME.stacking_problem(data, ["sw-1", "us-3"]) == "Swiss units never stack with any other units (14.16, 8.6)"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(GAME), "is_swiss", lambda self, data, unit: True)
        assert GAME.stacking_problem(data, ["sw-1", "sw-2", "us-3", "us-5"]) == "more than three Swiss units (8.6)"


def test_14_16_the_swiss_stay_home_pay_1_mp_a_hex_attack_alone_and_are_supplied(data, begun):
    """14.16: "Swiss units never leave Switzerland ... They are always in supply in Switzerland, never stack with
    or co-operate in attacks with any other Allied units, and pay only 1 MP per hex no matter what its actual
    terrain type (plus any river-crossing costs)." 14.2: they "may not move unless that country's neutrality is
    violated by the Soviet player"."""
    state = at(begun, 12, "western")
    assert problems(data, state, [{"move": "sw-1", "path": ["2920", "2919"]}]) == [
        "sw-1 is Swiss and may not move until the Soviet player violates Switzerland's neutrality (14.2)"]
    events: list = []
    GAME.enter_hex(data, state, "2919", "soviet", events)
    assert state["wwiii"]["swiss_violated"] and events[-1]["event"] == "swiss_neutrality_violated"
    assert problems(data, state, [{"move": "sw-2", "path": ["2921", "3021"]}]) == [
        "sw-2 is Swiss and never leaves Switzerland (3021) (14.16)"]
    with GAME.state_map(data, state):
        assert GAME.entry_cost(data, state, "sw-1", "2920", "2921") == (1, "")         # Bern is mountain
        assert GAME.entry_cost(data, state, "us-3", "2920", "2921")[0] == 3
    assert GAME.in_supply(data, dict(state, level="standard"), "sw-1")
    state = at(state, 12, "western", "assault", sov_6a="2919", us_3="3020")
    assert "Swiss units never co-operate in attacks with any other Allied units (14.16)" in \
        problems(data, state, [{"attack": "2919", "with": ["sw-1", "us-3"]}])
    state = at(state, 12, "western", "assault", sov_6a="3019", sw_1="2919")
    assert problems(data, state, [{"attack": "3019", "with": ["sw-1"], "advance": ["sw-1"]}]) == [
        "sw-1 is Swiss and never leaves Switzerland (3019) (14.16)"]
    assert GAME.retreat_step_problem(data, state, "sw-1", ["2919", "3019"]) == "sw-1 is Swiss and never leaves Switzerland (3019) (14.16)"


def final_wwii(winner="alliance", turn=10):
    """A made-up final save of a WWII campaign on the test data (14.19's starting point)."""
    units = {"us-3": ("3114", 3), "sov-1a": ("3214", 2), "sov-1gta": ("3215", 1), "ger-73id": ("3216", 2),
             "sov-1pol": ("3217", 2), "yug-1": ("3418", 1), "yug-p1": ("3520", 1), "us-18ab": ("3015", 4)}
    return {"turn": turn, "game_over": True, "winner": winner, "level": "beginner", "antwerp_lost": False,
            "western_oos_until": 0, "destroyed": {}, "eliminated": ["sov-2a", "ger-i10"],
            "thunderclaps": [{"hex": "3216", "turn": 6}], "units": {u: {"hex": h, "steps": n} for u, (h, n) in units.items()}}


def origin(state):
    return {"campaign": "old-wwii", "step": 57, "save": "ab" * 32, "state": state}


def test_14_19_the_segue_goes_on_from_where_the_won_wwii_campaign_stands(data):
    """14.19: "At the end of any WWII scenarios wherein the Grand Alliance team was declared the winner at the end of
    Game Turn 10, immediately remove any surviving German-side units, along with the Yugoslav partisans, the Bulgarians,
    the Romanians and the Polish Communists. Pick up any Yugoslav mobile units that may be outside their own country
    and place them back inside their territory (Soviet player). Put away the Soviet aircraft unit. Advance the turn
    marker to II May and go at it with all the rules above (but don't make the strength step adjustments given in
    14.2, just start playing from where you are at that moment)." 14.3: the marker stays where it was; 14.4: the
    asterisked corps are "Game Turn 11 reinforcements in the segue scenario"."""
    segue = load_scenario("smithereens", "wwii_into_wwiii")[0]
    assert GAME.seats(segue) == [["soviet", "western"]]
    state = GAME.setup(data, segue, ["soviet", "western"], {"fog": "off", "from": origin(final_wwii())})
    assert {u: v["steps"] for u, v in state["units"].items()} == {"us-3": 3, "sov-1a": 2, "sov-1gta": 1, "us-18ab": 4, "sw-1": 4, "sw-2": 4}
    assert state["to_place"] == {"yug-1": "wwiii"} and state["eliminated"] == ["sov-2a"]
    assert state["reinforcements"] == {"us-23": {"turn": 11, "steps": 4}, "us-36": {"turn": 11, "steps": 4},
                                       "va": {"turn": 11, "steps": 2}}
    assert (state["turn"], state["wwiii"]["rough"], state["wwiii"]["origin"]["campaign"]) == (11, ["3216"], "old-wwii")
    assert GAME.awaiting(state).phase == "Set-up: Allied deployment (14.2)"
    state = GAME.apply(data, state, "western", [ALLIED[-1]], None).state           # his 14.15 choice only
    assert GAME.awaiting(state).phase == "Set-up: Soviet deployment (14.2)"
    assert problems(data, state, [{"place": "yug-1", "at": "3418"}]) == ["yug-1 is Yugoslav and deploys inside Yugoslavia, not 3418 (14.2)"]
    state = GAME.apply(data, state, "soviet", [{"place": "yug-1", "at": "3519"}], None).state
    assert state["units"]["yug-1"] == {"hex": "3519", "steps": 1}                 # no 14.2 step adjustments
    assert GAME.awaiting(state).phase == "Turn 11 Soviet prepared assaults"


def test_14_4_and_14_10_a_wwiii_set_up_refuses_counters_left_unmarked(tmp_path, scenario):
    """14.4: "The asterisked US 23rd and 36th Corps ... may, however, be added to the initial Allied placement for the
    Straight Up scenario (bring them in as Game Turn 11 reinforcements in the segue scenario)"; 14.10 the Vlassov Army.
    Only WWIII reads these marks: a counter list completed for the historical game need not carry them, and an
    unmarked 36th Corps would silently stay out of the war, so both set-ups refuse naming the mark."""
    text = DATA.read_text(encoding="utf-8")
    path = tmp_path / "marks.yaml"
    path.write_text("".join(text.rsplit("    asterisked: true\n", 1)), encoding="utf-8")      # the 36th's mark
    unmarked = load_game_data("smithereens", path)
    message = ("the WWIII scenarios need the asterisked US 23rd and 36th Corps (14.4): the data marks 1 counter "
               "`units.counters.ID.asterisked: true` (us-23), not two; mark each in the data override")
    with pytest.raises(PbemError, match=re.escape(message)):
        GAME.setup(unmarked, scenario, ["soviet", "western"], {"fog": "off"})
    segue = load_scenario("smithereens", "wwii_into_wwiii")[0]
    with pytest.raises(PbemError, match=re.escape(message)):
        GAME.setup(unmarked, segue, ["soviet", "western"], {"fog": "off", "from": origin(final_wwii())})
    path.write_text(text.replace("    nationality: vlassov\n", "    nationality: russian\n"), encoding="utf-8")
    with pytest.raises(PbemError, match=re.escape(
            "the WWIII scenarios need the Vlassov Army (14.10): the data marks 0 counters `units.counters.ID.nationality: "
            "vlassov` (none), not one; mark each in the data override")):
        GAME.setup(load_game_data("smithereens", path), segue, ["soviet", "western"], {"fog": "off", "from": origin(final_wwii())})


@pytest.mark.parametrize("winner, turn", [("german", 10), ("alliance", 9)])
def test_14_19_only_a_grand_alliance_win_at_the_end_of_turn_10_goes_on(data, winner, turn):
    """14.19: the segue follows only a WWII game "wherein the Grand Alliance team was declared the winner at the end
    of Game Turn 10"; without `--from` it is refused too."""
    from pbem.errors import PbemError
    segue = load_scenario("smithereens", "wwii_into_wwiii")[0]
    with pytest.raises(PbemError, match=r"campaign old-wwii did not end with the Grand Alliance declared the winner at the end "
                                        r"of Game Turn 10: there is no segue into WWIII \(14.19\)"):
        GAME.setup(data, segue, ["soviet", "western"], {"fog": "off", "from": origin(final_wwii(winner, turn))})
    with pytest.raises(PbemError, match=r"--from OLD_CAMPAIGN"):
        GAME.setup(data, segue, ["soviet", "western"], {"fog": "off"})


def test_14_19_pbem_new_from_a_campaign_verifies_it_and_refuses_an_unfinished_war(tmp_path, monkeypatch):
    """14.19 through the CLI: `pbem new smithereens wwii_into_wwiii --from OLD` verifies OLD and takes its final save;
    the bundled demonstration campaign is still at Game Turn 3, so there is no segue and nothing is written."""
    from tests.conftest import ROOT
    from tests.test_cli import run
    monkeypatch.chdir(tmp_path)
    keyed_players(tmp_path, "w3", {"soviet": "soviet", "western": "western"})      # keygen, commit
    refused = run("new", "smithereens", "wwii_into_wwiii", "--dir", "c", "--player", "soviet=soviet.pub", "--player",
                  "western=western.pub", "--commitment", "w3-soviet.commit.txt", "--commitment", "w3-western.commit.txt",
                  "--data", DATA, "--option", "fog=off", "--from", ROOT / "examples" / "smithereens-demo" / "campaign", ok=False)
    assert refused.exit_code == 1 and "did not end with the Grand Alliance declared the winner at the end of Game Turn 10" in refused.stderr
    assert not (tmp_path / "c").exists()


def test_the_wwiii_header_lists_what_it_leaves_out(scenario):
    """The rules built here are gone from a WWIII campaign's list; a segue lists 14.19's city control, with why."""
    listed = GAME.not_enforced_in({"level": "beginner", "fog": False}, scenario)
    assert listed[2:] == []
    segue = GAME.not_enforced_in({"level": "beginner", "fog": False}, load_scenario("smithereens", "wwii_into_wwiii")[0])
    assert segue[-1].startswith("14.19 control of the cities when WWIII begins")
    assert not any("14.6" in r or "14.13" in r for r in listed)


# -- the CLI: `pbem new smithereens wwiii_straight_up` and signed files -----------------------------------
def test_a_signed_wwiii_campaign_deploys_and_plays_a_soviet_and_an_allied_player_turn(tmp_path, monkeypatch):
    """14.2-14.5 end to end on the demonstration data: both deployments, the Soviet Prepared Assault Phase
    of Game Turn 11, the Allied player turn (a move), the Soviet movement of Game Turn 12; `verify` replays it."""
    import yaml

    from pbem import campaign as camp
    from tests.test_cli import fill_orders, run
    monkeypatch.chdir(tmp_path)
    keyed_players(tmp_path, "w3", {"soviet": "soviet", "western": "western"})      # keygen, commit
    created = run("new", "smithereens", "wwiii_straight_up", "--dir", "c", "--player", "soviet=soviet.pub",
                  "--player", "western=western.pub", "--commitment", "w3-soviet.commit.txt",
                  "--commitment", "w3-western.commit.txt", "--data", DATA, "--option", "fog=off")
    assert "Set-up: Allied deployment (14.2)" in created.stdout
    header = fastyaml.safe_load((tmp_path / "c" / "campaign.yaml").read_text())
    assert header["scenario"] == "wwiii_straight_up" and header["data"]["override"]["demonstration"] is True
    assert header["not_enforced"] == GAME.not_enforced_in({"level": "beginner", "fog": False}, load_scenario("smithereens", "wwiii_straight_up")[0])
    assert not any(r.startswith("the World War III scenarios") for r in header["not_enforced"])

    def play(side, orders, name):
        step = len(camp.open_campaign(tmp_path / "c").step_numbers()) - 1
        run("orders", "c", "--side", side)
        filled = fill_orders(tmp_path / f"orders-{side}-{step:04d}.yaml", orders, tmp_path / f"{name}.yaml")
        run("sign", "c", filled, "--key", side)
        return run("adjudicate", "c", tmp_path / f"{name}.yaml.signed.txt").stdout

    assert "Set-up: Soviet deployment (14.2)" in play("western", ALLIED, "allied-setup")
    assert "Turn 11 Soviet prepared assaults" in play("soviet", SOVIET, "soviet-setup")
    assert "Turn 11 Western movement" in play("soviet", [], "soviet-pa-11")
    assert "us-18ab moves 3015 → 3016" in play("western", [{"move": "us-18ab", "path": ["3015", "3016"]}], "allied-move-11")
    assert "Turn 12 Soviet movement" in play("western", [], "allied-pa-11")
    assert "sov-3gta moves 3313 → 3314" in play("soviet", [{"move": "sov-3gta", "path": ["3313", "3314"]}], "soviet-move-12")
    state = camp.open_campaign(tmp_path / "c").latest()[1]["state"]
    assert (state["turn"], state["army"], state["phase"]) == (12, "soviet", "assault")
    assert state["units"]["sov-3gta"] == {"hex": "3314", "steps": 1} and state["units"]["us-18ab"]["hex"] == "3016"
    assert run("verify", "c").stdout.splitlines()[0].startswith("OK: 7 saves")


# -- 14.11 the Ukrainian separatists --------------------------------------------------------------------
def test_14_11_the_ukrainian_separatists_resist_soviet_entry_until_a_pa_destroys_them(data, begun):
    """14.11: "all the marsh hexes east of the 21xxE hexrow and south of the Dvina River ... have an intrinsic
    defense strength of "1," which resists Soviet (but not Western Allied) entry. If destroyed by Soviet PA attacks,
    the factor returns to every such hex the instant it's again empty of Soviet units. The guerrilla factors need no
    supply, and they can't retreat-after-combat." (Test data: 2510E south of the Dvina, 2509E north, 2611E unmarked.)"""
    state = at(begun, 12, "soviet", sov_6a="2610E")
    assert problems(data, state, [{"move": "sov-6a", "path": ["2610E", "2510E"]}]) == [
        "sov-6a: 2610E → 2510E: 2510E holds the Ukrainian separatists' defense factor: a Soviet PA must destroy it first (14.11)"]
    assert problems(data, state, [{"move": "sov-6a", "path": ["2610E", "2509E"]}]) == []
    assert "map.hexes.2611E.ukrainian_separatists" in problems(data, state, [{"move": "sov-6a", "path": ["2610E", "2611E"]}])[0]
    with GAME.state_map(data, state):
        assert GAME.entry_cost(data, state, "us-3", "2610E", "2510E") == (2, "")     # not against the Western Allies
    state["phase"] = "assault"
    assert GAME.assault_without_choice(data, state) is None
    outcome = GAME.apply(data, state, "soviet", [{"guerrillas": "2510E", "with": ["sov-6a"]}], ScriptedDice(by_key={"guerrillas/2510E": [6]}))
    fight = outcome.events[0]
    assert (fight["attack"], fight["defense"], fight["odds"], fight["roll"], fight["destroyed"]) == (6, 1, "6:1", 6, True)
    state = at(outcome.state, 13, "soviet", "movement")
    moved = GAME.apply(data, state, "soviet", [{"move": "sov-6a", "path": ["2610E", "2510E"]}], ScriptedDice()).state
    assert moved["wwiii"]["guerrillas_destroyed"] == {"2510E": True}
    left = GAME.apply(data, at(moved, 14, "soviet", "movement"), "soviet", [{"move": "sov-6a", "path": ["2510E", "2610E"]}], ScriptedDice())
    assert {"event": "guerrillas_return", "hex": "2510E", "rule": "14.11"} in left.events
    assert left.state["wwiii"]["guerrillas_destroyed"] == {}


# -- 14.2 the neutral Yugoslavs; 13.1 the WWIII airborne deployment ------------------------------------------
def test_14_2_the_yugoslavs_stay_home_and_do_not_attack_until_the_western_allies_invade(data, fresh, begun):
    """14.2: "Don't deploy the Yugoslav partisan units, only their mobile armies. In this scenario the Yugoslavs are
    considered neutral unless the Western Allied player elects to invade their territory. Until that happens, the
    Soviet may maneuver the Yugoslav units within their country as he sees fit, but they may not attack while still
    unviolated. There are no Yugoslavian replacements." (Test data: Yugoslavia 3518-3520.)"""
    assert "yug-p1" not in fresh["to_place"] and begun["units"]["yug-1"] == {"hex": "3519", "steps": 2}
    state = at(begun, 12, "soviet")
    assert problems(data, state, [{"move": "yug-1", "path": ["3519", "3520"]}]) == []
    assert problems(data, state, [{"move": "yug-1", "path": ["3519", "3419"]}]) == [
        "yug-1 is Yugoslav and stays inside Yugoslavia (3419) until the Western Allies invade it (14.2)"]
    state["units"]["yug-1"]["steps"] = 1
    assert problems(data, state, [{"replace": "yug-1", "steps": 1}]) == ["there are no Yugoslavian replacements in the WWIII scenarios (14.2)"]
    state = at(begun, 12, "soviet", "assault", us_3="3418")
    assert problems(data, state, [{"attack": "3418", "with": ["yug-1"]}]) == [
        "yug-1 is Yugoslav and may not attack until the Western Allies invade Yugoslavia (14.2)"]
    state = at(state, 12, "western")
    outcome = GAME.apply(data, state, "western", [{"move": "us-3", "path": ["3418", "3518"]}], ScriptedDice())
    assert {"event": "yugoslavia_invaded", "hex": "3518", "rule": "14.2"} in outcome.events
    state = at(outcome.state, 13, "soviet", "assault")
    assert problems(data, state, [{"attack": "3518", "with": ["yug-1"]}]) == []


def test_14_2_the_soviet_aircraft_unit_is_removed(data, begun):
    """14.2: "Also remove the Soviet aircraft unit" (13.5's tactical air is not played, even at the standard level)."""
    state = at(dict(begun, level="standard"), 11, "soviet", "assault")
    assert not GAME.flies(data, state)
    assert problems(data, state, [{"attack": "3114", "with": ["sov-3a"], "air": True}]) == [
        "there is no tactical air in the WWIII scenarios: the Soviet aircraft unit is removed (14.2)"]


def test_13_1_each_airborne_corps_one_deployment_in_wwiii(data, begun):
    """13.1: "Each airborne corps may make one more airborne deployment during WWIII" — in the Straight-Up scenario,
    its one deployment of this war (the WWII drop is not on the map)."""
    state = at(begun, 12, "western", us_18ab="3016")
    assert GAME.corps_problem(data, state, "us-18ab") is None
    state["aaa_drops"] = {"us-18ab": 1}
    assert GAME.corps_problem(data, state, "us-18ab") == "us-18ab has made its one airborne deployment(s) of the game (13.1)"
