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
