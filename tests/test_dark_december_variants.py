"""Dark December 26.x variants built on group data in behaviour 3: 26.15 (the map's edges), 26.10 (the Meuse),
26.17 (the 66th Infantry Division's ids and the west edge).

The map is the demonstration block of tests/test_dark_december_rules.py (columns 10-14, rows 10-14); its
demonstration edges are column 10 (west), column 14 (east), row 10 (north), row 14 (south); the Meuse runs
between columns 10 and 11 (tests/test_dark_december_edges.py `meuse_data`).
"""

from pbem.games.dark_december import GAME
from tests.dicehelp import ScriptedDice
from tests.test_dark_december_edges import meuse_data
from tests.test_dark_december_rules import REINFORCEMENT, apply, base, changed, data, messages, position  # noqa: F401


def test_26_15_a_allied_units_enter_anywhere_on_their_side_of_the_map(data):
    """26.15 A: Allied units may enter anywhere on the side of the map they are scheduled to enter on (us-rf1:
    areas W, entry hexes 1012 and 1014 on the west edge; 1011 has no entry code)."""
    data = changed(data, {"units.units.counters.us-rf1": REINFORCEMENT, "map.hexes.1012": {"terrain": "clear", "entry": "W"},
                          "map.hexes.1014": {"terrain": "clear", "entry": "W"}})
    state = position(data, {"us-inf1": "1313", "ger-inf1": "1414"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1011"]}])) == [
        "us-rf1 enters on an entry hex of its areas ['W']: 1012, 1014 (10.6.1 A)", "us-rf1 is due and may not be withheld (10.6.3 A)"]
    state = position(data, {"us-inf1": "1313", "ger-inf1": "1414"}, turn=10, side="allies", variants="26.15")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1111"]}])) == [
        "us-rf1 enters anywhere on the map edge of its entry areas ['W'], not on 5001 or 4401 in the north: "
        "1010, 1011, 1012, 1013, 1014 (26.15)", "us-rf1 is due and may not be withheld (10.6.3 A)"]
    apply(data, state, "allies", [{"enter": "us-rf1", "path": ["1011"]}])
    assert state["units"]["us-rf1"]["hex"] == "1011"


def test_26_15_b_not_on_the_north_road_hexes_5001_and_4401(data):
    """26.15 B: units arriving in the north may not enter on road hexes 5001 and 4401 (here the north edge is
    given the two hexes beside the demonstration block's row 10)."""
    data = changed(data, {"units.units.counters.us-rf1": {**REINFORCEMENT, "reinforcement": {"turn": "PM 20 December", "areas": ["N"]}},
                          "map.hexes.1210": {"terrain": "clear", "entry": "N"},
                          "map.edges.north": ["1010", "1110", "1210", "1310", "1410", "4401", "5001"]})
    state = position(data, {"us-inf1": "1313", "ger-inf1": "1414"}, turn=10, side="allies", variants="26.15")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["4401"]}])) == [
        "us-rf1 enters anywhere on the map edge of its entry areas ['N'], not on 5001 or 4401 in the north: "
        "1010, 1110, 1210, 1310, 1410 (26.15)", "us-rf1 is due and may not be withheld (10.6.3 A)"]


def test_26_15_germany_keeps_its_entry_hexes(data):
    """26.15 is the Allied Big Solution: German reinforcements still enter on their own entry hexes (10.6.1 A)."""
    data = changed(data, {"units.units.counters.ger-rf1": {**REINFORCEMENT, "side": "german", "nationality": "wehrmacht",
                                                           "reinforcement": {"turn": "AM 20 December", "areas": ["E"]}},
                          "map.hexes.1412": {"terrain": "clear", "entry": "E"}})
    state = position(data, {"us-inf1": "1111", "ger-inf1": "1313"}, turn=9, variants="26.15")
    state["reinforcements"] = {"ger-rf1": 9}
    assert messages(GAME.check(data, state, "german", [{"enter": "ger-rf1", "path": ["1411"]}])) == [
        "ger-rf1 enters on an entry hex of its areas ['E']: 1412 (10.6.1 A)", "ger-rf1 is due and may not be withheld (10.6.3 A)"]


# -- 26.10 XXX Corps Does Not Arrive --------------------------------------------------------------------------

def xxx_data(data):
    """br-rf1 a British reinforcement of AM 20 December (Game-Turn 9), br-rf2 of PM 22 December (14)."""
    british = {**REINFORCEMENT, "nationality": "british", "reinforcement": {"turn": "AM 20 December", "areas": ["W"]}}
    return changed(meuse_data(data), {"units.units.counters.br-rf1": british, "units.units.counters.us-rf1": REINFORCEMENT,
                                      "units.units.counters.br-rf2": {**british, "reinforcement": {"turn": "PM 22 December", "areas": ["W"]}}})


def test_26_10_a_no_british_unit_arrives_until_the_meuse_is_crossed(data):
    """26.10 A: no British units arrive unless Germany crosses the Meuse with at least one combat unit; B then the
    British units previously scheduled all enter the following Allied player turn (here the German player turn
    ends with ger-inf1 in 1012, west of the Meuse: the Allied player turn of the same Game-Turn, 10), the later
    one on its own turn."""
    data = xxx_data(data)
    state = position(data, {"ger-inf1": "1112", "us-inf1": "1314"}, turn=10, phase="construction", variants="26.10")
    assert state["xxx_corps"] == {"br-rf1": 9, "br-rf2": 14} and "br-rf1" not in state["reinforcements"]
    apply(data, state, "german", [])
    assert state["side"] == "allies" and state["xxx_corps"] == {"br-rf1": 9, "br-rf2": 14}
    state.update(side="german", phase="construction")
    state["units"]["ger-inf1"]["hex"] = "1012"
    events = apply(data, state, "german", [])
    assert state["xxx_corps"] == {} and state["reinforcements"]["br-rf1"] == 10 and state["reinforcements"]["br-rf2"] == 14
    assert {"event": "xxx_corps", "units": ["br-rf1", "br-rf2"], "turn": 10} in events


def test_26_10_a_more_than_35_us_units_destroyed(data):
    """26.10 A: more than 35 US units destroyed (35 do not) bring XXX Corps, at the end of
    the Allied player turn: the following Allied player turn is the next Game-Turn's."""
    dead = {f"us-dead{i}": dict(REINFORCEMENT) for i in range(36)}
    data = changed(xxx_data(data), {f"units.units.counters.{u}": c for u, c in dead.items()})
    state = position(data, {"ger-inf1": "1313", "us-inf1": "1311"}, turn=9, side="allies", phase="construction", variants="26.10")
    state["reinforcements"] = {}
    state["eliminated"] = sorted(dead)[:35]
    apply(data, state, "allies", [], ScriptedDice(default=6))
    assert state["xxx_corps"] == {"br-rf1": 9, "br-rf2": 14}
    state.update(turn=9, side="allies", phase="construction")
    state["eliminated"] = sorted(dead)                                   # the 36th
    apply(data, state, "allies", [], ScriptedDice(default=6))
    assert state["reinforcements"] == {"br-rf1": 10, "br-rf2": 14} and state["xxx_corps"] == {}


def test_26_10_check_names_the_meuse_while_unknown(data):
    """The Meuse unknown: `check` of the step that ends the player turn names `map.rivers.meuse`, as adjudication would."""
    data = changed(xxx_data(data), {"map.rivers.meuse": "unknown"})
    state = position(data, {"ger-inf1": "1112", "us-inf1": "1314"}, turn=10, phase="construction", variants="26.10")
    got = messages(GAME.check(data, state, "german", []))
    assert len(got) == 1 and "`map.rivers.meuse`" in got[0]


# -- 26.17 the US 66th Infantry Division ----------------------------------------------------------------------

def test_26_17_the_66th_enters_on_any_road_hex_of_the_west_edge(data):
    """26.17: the three regiments of the US 66th Infantry Division arrive on any road hex on the west edge of the
    map (the demonstration west edge is column 10; roads here lead into 1011 and 1013, not 1012)."""
    data = changed(data, {"units.units.counters.us-66a": {**REINFORCEMENT, "division": "66", "reinforcement": {"turn": "PM 20 December", "areas": ["W"]}},
                          "map.hexes.1012": {"terrain": "clear", "entry": "W"},
                          "map.hexsides.1011|1111": ["road"], "map.hexsides.1013|1113": ["road"]})
    state = position(data, {"us-inf1": "1313", "ger-inf1": "1414"}, turn=10, side="allies", variants="26.17")
    state["reinforcements"] = {"us-66a": 10}
    got = messages(GAME.check(data, state, "allies", [{"enter": "us-66a", "path": ["1013"]}]))
    assert len(got) == 1 and "`variants.division_variants.26_17.divisions`" in got[0]
    data = changed(data, {"variants.division_variants.26_17.divisions": ["66"]})
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-66a", "path": ["1012"]}])) == [
        "us-66a enters on a road hex of the west map edge: 1011, 1013 (26.17)", "us-66a is due and may not be withheld (10.6.3 A)"]
    apply(data, state, "allies", [{"enter": "us-66a", "path": ["1013"]}])
    assert state["units"]["us-66a"]["hex"] == "1013"


# -- 26.19 German Reserve Commitment --------------------------------------------------------------------------

def commitment_data(data, **more):
    """ger-fbb a Fuhrer Begleit Brigade reinforcement of PM 22 December (Game-Turn 14); St. Vith at 1212 (a road
    hex here); the other rows' objectives elsewhere."""
    german = {**REINFORCEMENT, "side": "german", "nationality": "wehrmacht", "division": "fbb",
              "reinforcement": {"turn": "PM 22 December", "areas": ["E"]}}
    rows = "variants.division_variants.26_19.rows"
    return changed(data, {"units.units.counters.ger-fbb": german, "map.hexes.1412": {"terrain": "clear", "entry": "E"},
                          "map.places.st_vith.hex": "1212", "map.hexsides.1211|1212": ["road"],
                          "map.road_control.german_at_start.turning_point": [],
                          f"{rows}.fuhrer_begleit_brigade.divisions": ["fbb"],
                          **{f"{rows}.{r}.objectives": ["1010"] for r in ("ss_9th_panzer_division", "ss_2nd_panzer_division",
                             "panzer_9th_division", "panzer_grenadier_3rd_division", "panzer_grenadier_15th_division",
                             "fuhrer_grenadier_brigade")},
                          **{f"{rows}.{r}.divisions": ["none-here"] for r in ("ss_9th_panzer_division", "ss_2nd_panzer_division",
                             "panzer_9th_division", "panzer_grenadier_3rd_division", "panzer_grenadier_15th_division",
                             "fuhrer_grenadier_brigade")}, **more})


def test_26_19_a_b_a_reserve_enters_the_turn_after_its_objective_is_captured(data):
    """26.19 A: the Fuhrer Begleit Brigade is available when St. Vith is captured (German road control, 5.7 D),
    else at its normal time; B captured in Game-Turn 10, it is brought on the map on Game-Turn 11."""
    data = commitment_data(data)
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1313"}, turn=10, variants="26.19")
    state["reinforcements"] = {"ger-fbb": 14}
    assert len(state["commitment"]) == 7
    apply(data, state, "german", [{"move": "ger-inf1", "path": ["1211", "1212"]}])
    assert state["road_control"]["1212"] == "german"
    state["phase"] = "construction"
    events = apply(data, state, "german", [])
    assert state["reinforcements"] == {"ger-fbb": 11} and "fuhrer_begleit_brigade" not in state["commitment"]
    assert len(state["commitment"]) == 6                                 # 1010 still Allied: those rows wait
    assert {"event": "commitment", "row": "fuhrer_begleit_brigade", "units": ["ger-fbb"], "turn": 11} in events


def test_26_19_the_objective_towns_are_group_data(data):
    """St. Vith's hex unknown: `check` of the step that ends the player turn names `map.places.st_vith.hex`."""
    data = commitment_data(data, **{"map.places.st_vith.hex": "unknown"})
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1313"}, turn=10, phase="construction", variants="26.19")
    got = messages(GAME.check(data, state, "german", []))
    assert len(got) == 1 and "`map.places.st_vith.hex`" in got[0]


# -- 26.20 B/C the Campaign Game's variant selection ----------------------------------------------------------

def selection_data(data):
    """Allied us-n9 (north edge, Turn 9), us-n8 (north, Turn 8), us-s13 (south, AM 22 December = 13), us-s12 (south,
    PM 21 December = 12), us-w13 (west, 13); German ger-e10 (PM 20 December = 10), ger-e11 (AM 21 December = 11)."""
    def unit(side, turn, area):
        return {**REINFORCEMENT, "side": side, "nationality": "us" if side == "allies" else "wehrmacht",
                "reinforcement": {"turn": turn, "areas": [area]}}
    units = {"us-n9": unit("allies", "AM 20 December", "N"), "us-n8": unit("allies", "PM 19 December", "N"),
             "us-s13": unit("allies", "AM 22 December", "S"), "us-s12": unit("allies", "PM 21 December", "S"),
             "us-w13": unit("allies", "AM 22 December", "W"),
             "ger-e10": unit("german", "PM 20 December", "E"), "ger-e11": unit("german", "AM 21 December", "E")}
    return changed(data, {**{f"units.units.counters.{u}": c for u, c in units.items()},
                          **{f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))},
                          "map.hexes.1210": {"terrain": "clear", "entry": "N"}, "map.hexes.1214": {"terrain": "clear", "entry": "S"},
                          "map.hexes.1012": {"terrain": "clear", "entry": "W"}, "map.hexes.1412": {"terrain": "clear", "entry": "E"},
                          "variants.division_variants.26_8.withheld": ["none-here"]})


def campaign(data, variants):
    from pbem.gamedata import load_scenario
    return GAME.setup(data, load_scenario("dark-december", "campaign")[0], ["allies", "german"], {"variants": variants})


def test_26_20_b_the_small_solution_brings_the_north_edge_two_turns_earlier(data):
    """26.20 B: "An allied unit scheduled to arrive on Turn 9 from the north edge of the map would in fact arrive on
    Turn 7"; only after Turn 8 and only the north edge."""
    data = selection_data(data)
    assert campaign(data, "26.20")["reinforcements"] == {"ger-e10": 10, "ger-e11": 11, "us-n8": 8, "us-n9": 9, "us-s12": 12,
                                                         "us-s13": 13, "us-w13": 13}
    assert campaign(data, "26.8,26.20")["reinforcements"] == {"ger-e10": 10, "ger-e11": 11, "us-n8": 8, "us-n9": 7, "us-s12": 12,
                                                              "us-s13": 13, "us-w13": 13}


def test_26_20_c_operation_luxembourg_brings_the_south_edge_three_turns_earlier(data):
    """26.20 C: "Allied units scheduled to arrive on the AM 22 December turn from the south edge of the map would
    actually arrive on the PM 20 December turn"; after PM 21 December only; no German reinforcement after PM 20 December."""
    data = selection_data(data)
    assert campaign(data, "26.9,26.20")["reinforcements"] == {"ger-e10": 10, "us-n8": 8, "us-n9": 9, "us-s12": 12,
                                                              "us-s13": 10, "us-w13": 13}


def test_26_20_a_one_choice_in_the_campaign_game():
    """26.20 A: one of three sets of victory conditions, at the start of the Campaign Game."""
    import pytest
    from pbem.errors import PbemError
    with pytest.raises(PbemError) as refused:
        GAME.options({"variants": "26.8,26.9,26.20"})
    assert str(refused.value).startswith("26.20 A: Germany chooses one set of victory conditions")


# -- 26.4 B, 26.6 the Allies' free set-up ---------------------------------------------------------------------

def free_setup_data(data, **more):
    """us-inf1 of the 99th Infantry Division, us-inf2 of the 2nd; Elsenborn at 1313; the Our between columns 12 and
    13 (columns 10-12 its west side)."""
    from pbem.games.dark_december.common import mapdata
    grid = mapdata(data).grid
    our = sorted({"|".join(sorted((a, b))) for a in ("1210", "1211", "1212", "1213", "1214") for b in grid.neighbours(a) if b.startswith("13")})
    return changed(data, {**{f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))},
                          "units.units.counters.us-inf1.division": "99", "units.units.counters.us-inf2.division": "2",
                          "variants.division_variants.26_4.free_setup": ["99"], "variants.division_variants.26_4.removed": ["2"],
                          "map.places.elsenborn.hex": "1313", "map.rivers.our": our, **more})


def test_26_4_b_the_99th_sets_up_within_three_hexes_of_elsenborn(data):
    """26.4 A the 2nd Infantry Division out of play; B the Allies set up the 99th as desired within three hexes of
    Elsenborn, first (6.0 H), then Germany sets up."""
    data = free_setup_data(data)
    state = campaign(data, "26.4")
    assert state["phase"] == "allied_setup" and state["allies_to_place"] == {"us-inf1": "elsenborn"}
    assert "us-inf2" not in state["units"] and "us-inf1" not in state["units"]
    assert GAME.awaiting(state).side == "allies"
    assert messages(GAME.check(data, state, "allies", [{"place": "us-inf1", "at": "1010"}])) == [
        "us-inf1 sets up within 3 hexes of Elsenborn (1313); 1010 is 4 away (26.4 B)"]
    assert messages(GAME.check(data, state, "allies", [])) == ["every Allied unit of the free set-up sets up (6.0 H); missing: us-inf1"]
    events = apply(data, state, "allies", [{"place": "us-inf1", "at": "1011"}])
    assert state["units"]["us-inf1"]["hex"] == "1011" and state["phase"] == "setup" and "allies_to_place" not in state
    assert events[0] == {"event": "setup", "side": "allies", "units": 1}


def test_26_6_the_2nd_division_west_of_the_our_and_the_99th_as_in_26_4(data):
    """26.6 A: remove the 2nd Division as in 26.4 and set its units up anywhere west of the Our; B the 99th as in 26.4 B."""
    data = free_setup_data(data)
    state = campaign(data, "26.6")
    assert state["allies_to_place"] == {"us-inf1": "elsenborn", "us-inf2": "our"}
    assert messages(GAME.check(data, state, "allies", [{"place": "us-inf1", "at": "1212"}, {"place": "us-inf2", "at": "1312"}])) == [
        "us-inf2 sets up west of the Our River, and 1312 is not (map.rivers.our; 26.6 A)"]
    apply(data, state, "allies", [{"place": "us-inf1", "at": "1212"}, {"place": "us-inf2", "at": "1012"}])
    assert state["units"]["us-inf2"]["hex"] == "1012"


def test_26_6_the_our_is_group_data(data):
    data = free_setup_data(data, **{"map.rivers.our": "unknown"})
    state = campaign(data, "26.6")
    got = messages(GAME.check(data, state, "allies", [{"place": "us-inf1", "at": "1212"}, {"place": "us-inf2", "at": "1012"}]))
    assert len(got) == 1 and "`map.rivers.our`" in got[0]


# -- 26.16 Hitler Commits Eastern Reserves (behaviour 4) ------------------------------------------------------------

def eastern_data(data):
    """ger-hg1 and ger-3ss1 of the two eastern divisions (test ids), their counters' areas E (1412); the counters'
    own turn (AM 20 December) is what a campaign without the variant would read."""
    data = selection_data(data)
    code = {"turn": "AM 20 December", "areas": ["E"]}
    return changed(data, {"units.units.counters.ger-hg1": {**REINFORCEMENT, "side": "german", "division": "ger-hg", "reinforcement": code},
                          "units.units.counters.ger-3ss1": {**REINFORCEMENT, "side": "german", "division": "ger-3ss", "reinforcement": code},
                          "variants.division_variants.26_16.divisions": ["ger-hg", "ger-3ss"]})


def test_26_16_a_the_eastern_reserves_arrive_on_am_17_december(data):
    """26.16 A: "On the AM 17 December turn, Germany receives the Herman Goering and 3rd SS Panzer Divisions as
    reinforcements." B "Use in conjunction with 26.5": 26.5 A moves the OB Chart's reinforcements two days earlier
    (ger-e10 PM 20 December -> PM 18 December), not the text's AM 17 December (reading DD18)."""
    data = eastern_data(data)
    due = campaign(data, "26.5,26.16")["reinforcements"]
    assert {u: due[u] for u in ("ger-hg1", "ger-3ss1", "ger-e10")} == {"ger-hg1": 3, "ger-3ss1": 3, "ger-e10": 6}
    state = position(data, {"us-inf1": "1111", "ger-inf1": "1313"}, turn=3, side="german", variants="26.5")
    state["reinforcements"] = {"ger-hg1": 3}                        # enters by its counter's areas (E: 1412)
    apply(data, state, "german", [{"enter": "ger-hg1", "path": ["1412"]}])
    assert state["units"]["ger-hg1"]["hex"] == "1412"


def test_26_16_b_with_26_5_and_the_divisions_are_group_data(data):
    """26.16 B: the variant is used with 26.5; the divisions' ids are the counters' (group data, refused naming
    the path while unknown); campaigns begun in behaviour 3 keep the counters' own turn."""
    import pytest
    from pbem.errors import PbemError, UnknownDataError
    data = eastern_data(data)
    with pytest.raises(PbemError, match=r"26.16 B: Hitler Commits Eastern Reserves is used in conjunction with 26.5"):
        campaign(data, "26.16")
    with pytest.raises(UnknownDataError, match="variants.division_variants.26_16.divisions"):
        campaign(changed(data, {"variants.division_variants.26_16.divisions": "unknown"}), "26.5,26.16")
    old = changed(data, {})
    old.behaviour = 3
    assert campaign(old, "26.5,26.16")["reinforcements"]["ger-hg1"] == 5
    assert campaign(old, "26.16")["reinforcements"]["ger-hg1"] == 9
    with pytest.raises(PbemError, match="26.16 A brings its divisions on the AM 17 December turn, before this scenario's first"):
        position(data, {"us-inf1": "1111"}, variants="26.5,26.16")       # a scenario starting on Game-Turn 9


# -- 26.18 German Reserve Deployment (behaviour 4) -----------------------------------------------------------------

def reserve_data(data):
    """ger-pz2 is here a unit of the 9th SS Panzer Division (test id ger-9ss), normally a reinforcement of PM 18
    December on area E; its counter's army is 5PZA, 1414 lies in 6PZA."""
    return changed(data, {
        **{f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))},
        **{f"units.units.counters.{u}.army": "5PZA" for u in ("ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2")},
        "units.units.counters.ger-pz2.division": "ger-9ss",
        "units.units.counters.ger-pz2.reinforcement": {"turn": "PM 18 December", "areas": ["E"]},
        "map.hexes.1414.army": "6PZA", "map.hexes.1412.entry": "E",
        "variants.division_variants.26_16.divisions": ["none-here"], "variants.division_variants.26_18.divisions": ["ger-9ss"]})


def test_26_18_a_the_ii_ss_panzer_corps_deploys_at_start_in_any_army_zone(data):
    """26.18 A: "Germany may freely deploy at start the 9th SS and 2nd SS Panzer Divisions in any of the three army
    zones." In the free set-up (6.1) their units wait with the at-start units, any army area; 6.1 C's two hexes east
    of the Westwall still hold (26.18 gives no other distance)."""
    data = reserve_data(data)
    plain = campaign(data, "26.5,26.16")
    assert "ger-pz2" not in plain["to_place"] and plain["reinforcements"]["ger-pz2"] == 2   # 26.5 A: PM 16 December
    state = campaign(data, "26.5,26.16,26.18")
    assert sorted(state["to_place"]) == ["ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2"] and "ger-pz2" not in state["reinforcements"]
    orders = [{"place": "ger-inf1", "at": "1311"}, {"place": "ger-inf2", "at": "1313"}, {"place": "ger-pz1", "at": "1412"},
              {"place": "ger-pz2", "at": "1414"}]
    assert messages(GAME.check(data, state, "german", orders)) == []
    wrong = orders[:3] + [{"place": "ger-pz2", "at": "1011"}]
    assert messages(GAME.check(data, state, "german", wrong)) == [
        "ger-pz2 sets up in the 5PZA area, and 1011 is in none (6.1 A)",
        "ger-pz2 must set up at least 2 hex(es) east of the Westwall; 1011 is 0 (6.1 B/C)"]
    apply(data, state, "german", orders)
    assert state["units"]["ger-pz2"]["hex"] == "1414"


def test_26_18_b_with_26_5_and_26_16_and_older_campaigns(data):
    """26.18 B: "Use this variant in conjunction with 26.5 and 26.16"; the divisions are group data; campaigns begun in
    behaviour 3 keep the units as reinforcements."""
    import pytest
    from pbem.errors import PbemError, UnknownDataError
    data = reserve_data(data)
    with pytest.raises(PbemError, match=r"26.18 B: German Reserve Deployment is used in conjunction with 26.5 and 26.16 \(add 26.16\)"):
        campaign(data, "26.5,26.18")
    with pytest.raises(UnknownDataError, match="variants.division_variants.26_18.divisions"):
        campaign(changed(data, {"variants.division_variants.26_18.divisions": "unknown"}), "26.5,26.16,26.18")
    old = changed(data, {})
    old.behaviour = 3
    assert "ger-pz2" not in campaign(old, "26.5,26.16,26.18")["to_place"]
