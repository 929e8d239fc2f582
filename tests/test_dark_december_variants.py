"""Dark December 26.x variants built on group data in behaviour 3: 26.15 (the map's edges), 26.10 (the Meuse),
26.17 (the 66th Infantry Division's ids and the west edge).

The map is the demonstration block of tests/test_dark_december_rules.py (columns 10-14, rows 10-14); its
demonstration edges are column 10 (west), column 14 (east), row 10 (north), row 14 (south); the Meuse runs
between columns 10 and 11 (tests/test_dark_december_edges.py `meuse_data`).
"""

from pbem.games.dark_december import GAME
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
