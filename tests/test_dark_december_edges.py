"""Dark December: the map's edges as group data (`map.edges.north/south/east/west`, behaviour 3) and the rules
that read them: 9.1 G, 10.6.3 C, 10.7 A-D, 10.7.2 A/C, 10.7.3 B/C, 13.6 B's last priority (docs/errata.md DD13).

The map is the demonstration block of tests/test_dark_december_rules.py (examples/dark-december-demo: columns
10-14, rows 10-14, offset even-columns-down); its demonstration edges are column 10 (west), column 14 (east),
row 10 (north), row 14 (south).
"""

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data
from pbem.games.dark_december import GAME
from pbem.games.dark_december.answers import retreat_problem
from tests.test_dark_december_rules import REINFORCEMENT, apply, base, changed, data, messages, position, replacement_data  # noqa: F401


def test_the_edges_are_group_data_printed_on_the_map():
    """The text names the edges (9.1 G, 10.7 B, 13.6 B) but not their hexes: four unknowns `pbem data missing` asks for."""
    rules = load_game_data("dark-december")
    unknown = dict(rules.unknown_paths())
    assert {p: unknown[p] for p in unknown if p.startswith("map.edges")} == {
        f"map.edges.{e}": "the map: the hexes along each edge of the map sheet" for e in ("north", "south", "east", "west")}


# -- 13.6 B: generally to the east for German units, north, south or west for Allied units --------------------

def test_13_6_b_german_retreat_generally_east(data):
    """13.6 B: with the other priorities equal (no ZOC, no river, infantry), a German unit retreats towards the
    east edge where it can."""
    state = position(data, {"ger-inf1": "1312", "us-inf1": "1010"})
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1312", ["1212"], 1) == (
        "the retreat goes generally to the east for German units where such a hex is open (1411, 1412; 13.6 B)")
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1312", ["1411"], 1) is None


def test_13_6_b_allied_retreat_north_south_or_west(data):
    """13.6 B: an Allied unit retreats north, south or west: never nearer the east edge while such a hex is open."""
    state = position(data, {"us-inf1": "1212", "ger-inf1": "1414"})
    assert retreat_problem(data, state, "allies", ["us-inf1"], "1212", ["1312"], 1) == (
        "the retreat goes to the north, south, or west for Allied units where such a hex is open "
        "(1112, 1113, 1211, 1213; 13.6 B)")
    assert retreat_problem(data, state, "allies", ["us-inf1"], "1212", ["1211"], 1) is None      # north
    assert retreat_problem(data, state, "allies", ["us-inf1"], "1212", ["1113"], 1) is None      # west


def test_13_6_b_the_compass_is_read_only_where_there_is_a_choice(data):
    """The east edge unknown: a retreat with one best hex is judged without it; one with a choice refuses naming the path."""
    blind = changed(data, {"map.edges.east": "unknown"})
    state = position(blind, {"ger-inf1": "1211", "us-inf1": "1111", "us-inf2": "1313"})
    assert retreat_problem(blind, state, "german", ["ger-inf1"], "1211", ["1311"], 1) is None    # 1311 the only free hex
    state = position(blind, {"ger-inf1": "1312", "us-inf1": "1010"})
    with pytest.raises(UnknownDataError, match="map.edges.east"):
        retreat_problem(blind, state, "german", ["ger-inf1"], "1312", ["1212"], 1)


# -- 10.7 exits, 10.7.2 C and 10.7.3 the Allied units held off ---------------------------------------------------

def exits(data):
    """A road entry hex on the north edge (1210, area N) and one on the east edge (1412, area E)."""
    return changed(data, {"map.hexes.1210": {"terrain": "clear", "entry": "N"}, "map.hexsides.1210|1211": ["road"],
                          "map.hexes.1412": {"terrain": "clear", "entry": "E"}, "map.hexsides.1411|1412": ["road"]})


def test_10_7_germany_exits_at_a_road_entry_hex_on_the_north_south_or_west_edge(data):
    """10.7 A Germany only, at road entry hexes (D); B off the north, south or west edges; C the cost of an
    imaginary hex identical to the exit hex (road march 1 + 1); 10.7.2 A removed from play, not eliminated."""
    data = exits(data)
    state = position(data, {"ger-inf1": "1211", "ger-pz1": "1411", "us-inf1": "1013"}, turn=10)
    assert messages(GAME.check(data, state, "german", [{"exit": "ger-pz1", "path": ["1411", "1412"]}])) == [
        "1412 is not on the north, south or west map edge (map.edges; 10.7 B)"]
    assert messages(GAME.check(data, state, "german", [{"exit": "ger-inf1", "path": ["1211", "1311"]}])) == [
        "1311 is not a road entry hex: units exit only at road entry hexes (10.7 A, D)"]
    apply(data, state, "german", [{"exit": "ger-inf1", "path": ["1211", "1210"]}])
    assert "ger-inf1" not in state["units"] and state["exited"] == ["ger-inf1"] and "ger-inf1" not in state["eliminated"]
    assert state["held_off_owed"] == {"north": 2}                       # 10.7.2 C: its attack strength, supplied on a road


def test_10_7_c_the_exit_costs_an_imaginary_hex_and_allies_never_exit(data):
    """10.7 C: woods exit hex off the road: 3 to enter, 3 more to exit = 6 of an infantry's MA 4 (refused);
    10.7 A only Germany exits units."""
    data = changed(exits(data), {"map.hexes.1210": {"terrain": "woods", "entry": "N"}})
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1210", "us-inf1": "1013"}, turn=10)   # no road march (10.5.1 B)
    assert messages(GAME.check(data, state, "german", [{"exit": "ger-inf1", "path": ["1211", "1210"]}])) == [
        "ger-inf1 needs 6 MP to reach 1210 and exit off the map but has 4 (10.7 C)"]
    state = position(data, {"us-inf1": "1211", "ger-inf1": "1013"}, turn=10, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"exit": "us-inf1", "path": ["1211", "1210"]}])) == [
        "only Germany exits units off the map, and 'us-inf1' is not a German unit on the map (10.7 A)"]


def test_10_7_2_c_allied_reinforcements_held_off_on_the_edge(data):
    """10.7.2 C the Allies hold off reinforcements due on the edge the German unit exited from, as soon as
    possible, until they equal its attack strength; 10.7.3 B a held-off unit never enters."""
    data = changed(exits(data), {"units.units.counters.us-rf1": {**REINFORCEMENT, "reinforcement": {"turn": "PM 20 December", "areas": ["N"]}}})
    state = position(data, {"us-inf1": "1013", "ger-inf2": "1414"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    state["held_off_owed"] = {"north": 2}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1210"]}])) == [
        "us-rf1 enters on the north edge, where the Allies still owe 2 attack strength held off the map: `hold_off: us-rf1` (10.7.2 C)"]
    assert messages(GAME.check(data, state, "allies", [])) == ["us-rf1 is due and may not be withheld (10.6.3 A)"]
    apply(data, state, "allies", [{"hold_off": "us-rf1"}])
    assert state["reinforcements"] == {} and state["held_off"] == ["us-rf1"] and state["held_off_owed"] == {"north": 0}


# -- 9.1 G and 10.6.3 C ---------------------------------------------------------------------------------------

def test_9_1_g_a_unit_with_no_division_on_the_map_reforms_on_its_map_edge(data):
    """9.1 G: a restored German unit with no unit of its division on the map appears at the east map edge."""
    data = replacement_data(data, german=2)
    state = position(data, {"ger-inf1": "1312", "us-inf1": "1011"})
    state["eliminated"] = ["ger-pz1", "ger-pz2"]
    assert messages(GAME.check(data, state, "german", [{"reform": "ger-pz1", "at": "1313"}])) == [
        "ger-pz1 has no unit of its division on the map: it appears on a hex of the east map edge (map.edges.east; 9.1 G)"]
    apply(data, state, "german", [{"reform": "ger-pz1", "at": "1413"}])
    assert state["units"]["ger-pz1"] == {"side": "german", "hex": "1413", "steps": 1, "reserve": False}


def test_10_6_3_c_a_blocked_reinforcement_enters_by_the_next_road_hex_west(data):
    """10.6.3 C: its entry hex blocked on its turn, an Allied reinforcement enters the following turn by the next
    unblocked road hex to the west along the same edge (1110; 1410 lies east)."""
    data = changed(exits(data), {"units.units.counters.us-rf1": {**REINFORCEMENT, "reinforcement": {"turn": "PM 20 December", "areas": ["N"]}},
                                 "map.hexsides.1110|1111": ["road"], "map.hexsides.1410|1411": ["road"]})
    state = position(data, {"us-inf1": "1013", "ger-inf1": "1210"}, turn=11, side="allies")
    state["reinforcements"] = {"us-rf1": 10}                           # due on Game-Turn 10, blocked then
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1410"]}])) == [
        "us-rf1 was blocked on its Game-Turn: it enters by the next unblocked road hex along its map edge, to the west: 1110 (10.6.3 C)",
        "us-rf1 is due and may not be withheld (10.6.3 A)"]
    apply(data, state, "allies", [{"enter": "us-rf1", "path": ["1110"]}])
    assert state["units"]["us-rf1"]["hex"] == "1110"


# -- 10.9 restricted units (the Meuse here: the hexsides between columns 10 and 11) ------------------------------

def meuse_data(data, **units):
    """The Meuse between columns 10 and 11 (so column 10 is its west side), the Semois nowhere; us-rf1 a
    restricted British reinforcement entering on the west edge (areas W: 1012, 1014)."""
    from pbem.games.dark_december.common import mapdata
    grid = mapdata(data).grid
    meuse = sorted({"|".join(sorted((a, b))) for a in ("1010", "1011", "1012", "1013", "1014") for b in grid.neighbours(a) if b.startswith("11")})
    counters = {"us-rf1": {**REINFORCEMENT, "nationality": "british", "restricted": True}, **units}
    return changed(data, {"map.rivers.meuse": meuse, "map.rivers.semois": [],
                          "map.hexes.1012": {"terrain": "clear", "entry": "W"}, "map.hexes.1014": {"terrain": "clear", "entry": "W"},
                          **{f"units.units.counters.{u}": c for u, c in counters.items()},
                          "game.movement.restricted_units.us_11th_armored_division": "us-11ad",
                          "game.movement.restricted_units.us_17th_airborne_division": "us-17ab",
                          "game.movement.restricted_units.british_29th_armored_brigade": "br-29"})


def test_10_9_b_restricted_units_move_only_while_activated(data):
    """10.9 B: after its Game-Turn of entry a restricted unit moves only when activated; 10.9.1 A activated while a
    supplied German unit is within three hexes of the west side of the Meuse (column 10: 1412 is four away, 1312 three)."""
    data = meuse_data(data)
    state = position(data, {"us-rf1": "1012", "ger-inf1": "1412"}, turn=11, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1011"]}])) == [
        "us-rf1 is a restricted unit: after its Game-Turn of entry it moves only while activated (10.9 B, 10.9.1 A)"]
    state["units"]["ger-inf1"]["hex"] = "1312"
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1011"]}])) == []
    state["supply"] = {"ger-inf1": "unsupplied"}                       # 10.9.1 A: a supplied German unit
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1011"]}])) == [
        "us-rf1 is a restricted unit: after its Game-Turn of entry it moves only while activated (10.9 B, 10.9.1 A)"]


def test_10_9_b_never_across_the_meuse_until_released_but_free_on_the_turn_of_entry(data):
    """10.9 B: the turn it enters it moves (the entry move, not activated); never across the Meuse until released."""
    data = meuse_data(data)
    state = position(data, {"ger-inf1": "1412", "us-inf1": "1110"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1012", "1112"]}])) == [
        "us-rf1 is a restricted unit and may not cross the Meuse until released (1012|1112; 10.9 B)"]
    apply(data, state, "allies", [{"enter": "us-rf1", "path": ["1012", "1011"]}])
    assert state["arrived"] == {"us-rf1": 10}
    state.update(turn=11, phase="movement")
    state["units"]["ger-inf1"]["hex"] = "1312"                          # activated: still not across
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1011", "1111"]}])) == [
        "us-rf1 is a restricted unit and may not cross the Meuse until released (1011|1111; 10.9 B)"]


def test_10_9_1_b_released_when_more_than_35_allied_units_are_destroyed(data):
    """10.9.1 B: more than 35 destroyed Allied units (reformed ones counted) release British and French units."""
    dead = {f"us-dead{i}": dict(REINFORCEMENT) for i in range(36)}
    data = meuse_data(data, **dead)
    state = position(data, {"us-rf1": "1012", "ger-inf1": "1412"}, turn=11, side="allies")
    state["eliminated"] = sorted(dead)[:35]
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1112"]}])) == [
        "us-rf1 is a restricted unit and may not cross the Meuse until released (1012|1112; 10.9 B)"]
    state["reformed"] = {sorted(dead)[35]: 9}
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1112"]}])) == []


def test_10_9_1_c_the_29th_armored_brigade_released_within_four_hexes(data):
    """10.9.1 C: the 29th Armored Brigade released for the rest of the game when within four hexes of a supplied German unit
    at the start of the Allied Movement Phase."""
    data = meuse_data(data, **{"br-29": {**REINFORCEMENT, "nationality": "british", "restricted": True}})
    state = position(data, {"br-29": "1012", "us-rf1": "1014", "ger-inf1": "1412"}, turn=11, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"move": "br-29", "path": ["1012", "1112"]}])) == []
    assert messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1014", "1114"]}])) == [
        "us-rf1 is a restricted unit and may not cross the Meuse until released (1014|1114; 10.9 B)"]
    events = apply(data, state, "allies", [{"move": "br-29", "path": ["1012", "1112"]}])
    assert state["released"] == ["br-29"] and {"event": "released", "unit": "br-29"} in events


def test_10_9_2_us_units_behind_the_meuse_and_semois_and_their_releases(data):
    """10.9.2 A US restricted units not east of the Meuse and Semois; B the 11th Armored Division released AM 29 December;
    C from AM 3 January one restricted US unit per AM Game-Turn by choice."""
    from pbem.games.dark_december.common import turn_of
    us = {"us-arm": {**REINFORCEMENT, "type": "armor", "division": "us-11ad", "restricted": True},
          "us-eng": {**REINFORCEMENT, "type": "engineer", "restricted": True}}
    data = changed(meuse_data(data, **us), {"map.rivers.semois": ["1013|1014"]})
    state = position(data, {"us-arm": "1012", "us-eng": "1014", "ger-inf1": "1312"}, turn=turn_of(data, "PM 28 December"), side="allies")
    assert messages(GAME.check(data, state, "allies", [{"move": "us-eng", "path": ["1014", "1013"]}])) == [
        "us-eng is a restricted unit and may not cross the Semois until released (1014|1013; 10.9 B)"]
    assert messages(GAME.check(data, state, "allies", [{"move": "us-arm", "path": ["1012", "1112"]}])) == [
        "us-arm is a restricted unit and may not cross the Meuse until released (1012|1112; 10.9 B)"]
    state["turn"] = turn_of(data, "AM 29 December")
    assert messages(GAME.check(data, state, "allies", [{"move": "us-arm", "path": ["1012", "1112"]}])) == []
    assert messages(GAME.check(data, state, "allies", [{"release": "us-eng"}])) == [
        "the Allies release a restricted US unit by choice on AM Game-Turns from AM 3 January (10.9.2 C)"]
    state["turn"] = turn_of(data, "AM 3 January")
    assert messages(GAME.check(data, state, "allies", [{"release": "us-eng"}, {"release": "us-arm"}])) == [
        "the Allies release 1 restricted US unit(s) a Game-Turn by choice (10.9.2 C)"]
    apply(data, state, "allies", [{"release": "us-eng"}, {"move": "us-eng", "path": ["1014", "1013"]}])
    assert state["released"] == ["us-eng"] and state["units"]["us-eng"]["hex"] == "1013"


def test_10_9_the_rivers_are_group_data(data):
    """The Meuse's hexsides unknown: a restricted unit's move refuses naming `map.rivers.meuse`; other units never read it."""
    data = changed(meuse_data(data), {"map.rivers.meuse": "unknown"})
    state = position(data, {"us-rf1": "1012", "us-inf1": "1110", "ger-inf1": "1412"}, turn=11, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1110", "1111"]}])) == []
    got = messages(GAME.check(data, state, "allies", [{"move": "us-rf1", "path": ["1012", "1011"]}]))
    assert len(got) == 1 and got[0].startswith("needs the hexsides of the Meuse (10.9)") and "`map.rivers.meuse`" in got[0]


def test_10_6_3_c_a_blocked_german_reinforcement_enters_north_or_south(data):
    """10.6.3 C: a German reinforcement whose east-edge entry hex (1412) was blocked enters the following turn by the
    next unblocked road hex to the north or south along the east edge (1411 and 1413, both one hex away)."""
    german = {**REINFORCEMENT, "side": "german", "nationality": "wehrmacht", "reinforcement": {"turn": "PM 20 December", "areas": ["E"]}}
    data = changed(exits(data), {"units.units.counters.ger-rf1": german, "map.hexsides.1413|1414": ["road"],
                                 "map.hexsides.1410|1411": ["road"], "map.hexes.1410": {"terrain": "clear"}})
    state = position(data, {"us-inf1": "1412", "ger-inf1": "1010"}, turn=11)
    state["reinforcements"] = {"ger-rf1": 10}
    assert messages(GAME.check(data, state, "german", [{"enter": "ger-rf1", "path": ["1410"]}])) == [
        "ger-rf1 was blocked on its Game-Turn: it enters by the next unblocked road hex along its map edge, to the north or "
        "south: 1411, 1413 (10.6.3 C)", "ger-rf1 is due and may not be withheld (10.6.3 A)"]
    assert messages(GAME.check(data, state, "german", [{"enter": "ger-rf1", "path": ["1413"]}])) == []


def test_an_exiting_unit_leaves_its_hex_for_the_stacking_limit(data):
    """10.7.2 A: an exited unit is removed from play, so units may move into the hex it left (11.0 A: three a hex)."""
    data = exits(data)
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1211", "ger-pz1": "1211", "ger-pz2": "1311", "us-inf1": "1013"}, turn=10)
    orders = [{"exit": "ger-inf1", "path": ["1211", "1210"]}, {"move": "ger-pz2", "path": ["1311", "1211"]}]
    assert messages(GAME.check(data, state, "german", orders)) == []


def test_10_9_1_c_check_reads_the_29th_brigade_id_as_adjudication_does(data):
    """10.9.1 C is judged at the start of every Allied Movement Phase with a restricted British unit on the map: with
    the brigade's id unknown, `check` of any Allied movement names the path, as adjudication would."""
    data = changed(meuse_data(data), {"game.movement.restricted_units.british_29th_armored_brigade": "unknown"})
    state = position(data, {"us-rf1": "1012", "us-inf1": "1110", "ger-inf1": "1412"}, turn=11, side="allies")
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1110", "1111"]}]))
    assert len(got) == 1 and "`game.movement.restricted_units.british_29th_armored_brigade`" in got[0]
