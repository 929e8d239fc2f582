"""End of the Iron Dream, behaviour 3, Let History Judge: Greece off the south edge (27.9 A-D).

TEST DATA (tests/test_eid_lhj3.py, tests/test_eid_game.py, made up): the Let History Judge
position of test_eid_lhj3 with wa-mech-4 and wa-mech-6 (two steps), wa-mech-12 (one) and
wa-su-1..3 in the MTO box and one invasion-port counter there; the south edge is W1-W4 (`map.edges.south`),
Bulgaria W3-W4, Turkey W1-W2 (W2 rough); NATO's port of the position is P1 on the Atlantic."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from pbem.games.end_of_the_iron_dream.groups import source_theater, theaters
from pbem.games.end_of_the_iron_dream.supply_play import sources
from tests.eidhelp import at, play, problems
from tests.test_eid_game import lhj_start
from tests.test_eid_lhj3 import MORE, position

GREECE = {**MORE, "map.edges.south": ["W1", "W2", "W3", "W4"], "map.countries.bulgaria": ["W3", "W4"],
          "map.hexes.W2": {"terrain": "rough"}, "map.hexes.P1": {"terrain": "clear", "coast": "atlantic"},
          "positions.test.boxes": {"eto": {}, "mto": {"wa-mech-4": {}, "wa-mech-6": {}, "wa-mech-12": {"steps": 1},
                                                          "wa-su-1": {}, "wa-su-2": {}, "wa-su-3": {}}, "german": {}}}
INVADE = {"invade": "greece", "from": "mto"}


def start():
    d, s = lhj_start(3, position(), GREECE)
    s = at(s, 2, "western")
    s["invasion_ports"] = {**s["invasion_ports"], "mto": 1}
    return d, s


def test_27_9_b_nato_invades_greece_from_the_mto_box_setting_its_invasion_port_counter():
    """27.9 B: "NATO can invade Greece from the MTO holding box. Simply set the invasion-port counter
    off the south edge of Bulgaria." One of the three invasions, one a turn (14.15)."""
    d, s = start()
    assert problems(d, s, "western", [{"invade": "greece", "from": "eto"}]) == [
        "NATO invades Greece from the MTO holding box (27.9 B)"]
    assert problems(d, {**s, "invasion_ports": {**s["invasion_ports"], "mto": 0}}, "western", [INVADE]) == [
        "no invasion-port counter is in the mto box (14.8, 27.9 B)"]
    state, events = play(d, s, "western", [INVADE])
    assert {"event": "greece_invaded", "number": 1, "from": "mto", "rule": "27.9 B"} in events
    assert state["greece"] == {"turn": 2} and state["invasion_ports"]["mto"] == 0
    assert state["invasions"] == [{"turn": 2, "hex": "greece"}]
    assert problems(d, at(state, 3, "western"), "western", [INVADE]) == [
        "Greece is invaded already: its invasion-port counter stays there (27.9 B)"]


def test_27_9_b_e_two_corps_a_turn_enter_along_the_south_edge_of_bulgaria_or_turkey():
    """27.9 B: "Up to two corps and two SUs per turn may enter along the south edge of Bulgaria or
    Turkey"; E: only Turkey's clear hexes. The entry pays the edge hex's terrain (clear: 1 MP); the
    corps keeps its box steps."""
    d, s = start()
    assert problems(d, s, "western", [{"enter": "wa-mech-4", "path": ["W3"]}]) == [
        "wa-mech-4 cannot enter from Greece: NATO has not invaded it (`invade: greece, from: mto`, 27.9 B)"]
    orders = [INVADE, {"enter": "wa-mech-4", "path": ["W3", "V3"]}, {"enter": "wa-mech-12", "path": ["W1"]}]
    assert problems(d, s, "western", [INVADE, {"enter": "wa-mech-4", "path": ["V3"]}]) == [
        "V3 is not a hex of the south edge of Bulgaria or Turkey (27.9 B)"]
    assert problems(d, s, "western", [INVADE, {"enter": "wa-mech-4", "path": ["W2"]}]) == [
        "wa-mech-4 may enter only the clear hexes of Turkey, not W2 (27.9 E)"]
    assert problems(d, s, "western", [*orders, {"enter": "wa-mech-6", "path": ["W4"]}]) == [
        "up to 2 corps a turn enter from Greece (27.9 B): wa-mech-4, wa-mech-12 did"]
    assert problems(d, s, "western", [INVADE, {"enter": "wa-mech-2", "path": ["W3"]}]) == [
        "wa-mech-2 is not in the MTO holding box: units enter from Greece out of it (27.9 B)"]
    state, events = play(d, s, "western", orders)
    assert {"event": "enter", "unit": "wa-mech-4", "path": ["W3", "V3"], "mp": 2, "via": "Greece (27.9 B)"} in events
    assert GAME.describe(d, state, events)[:2] == [
        ("item", "invasion 1: an invasion-port counter from the MTO holding box to Greece, off the south edge (27.9 B)"),
        ("item", "wa-mech-4 enters from Greece (27.9 B): W3 → V3 (2 MP)")]
    assert state["units"]["wa-mech-4"] == {"side": "western", "hex": "V3", "steps": 2}
    assert state["units"]["wa-mech-12"] == {"side": "western", "hex": "W1", "steps": 1}
    assert state["boxes"]["mto"] == {"wa-mech-6": 2, "wa-su-1": 1, "wa-su-2": 1, "wa-su-3": 1}


def test_27_9_b_and_two_sus_a_turn():
    """27.9 B: "Up to two corps and two SUs per turn": the SUs count apart from the corps."""
    d, s = start()
    sus = [INVADE, {"enter": "wa-su-1", "path": ["W3"]}, {"enter": "wa-su-2", "path": ["W4"]},
           {"enter": "wa-mech-4", "path": ["W3"]}]
    assert problems(d, s, "western", sus) == []
    assert problems(d, s, "western", [*sus, {"enter": "wa-su-3", "path": ["W4"]}]) == [
        "up to 2 SUs a turn enter from Greece (27.9 B): wa-su-1, wa-su-2 did"]
    state, _ = play(d, s, "western", sus)
    assert state["units"]["wa-su-2"] == {"side": "western", "hex": "W4", "steps": 1}


def test_27_9_c_the_lines_count_from_the_south_edge_hex_in_the_mto():
    """27.9 C: "Count the 12 hexes supply line radius from the south edge hex": once Greece is
    invaded its edge hexes are NATO sources (those NATO controls free of an enemy ZOC reach
    units), in the MTO (4.9 C)."""
    d, s = start()
    assert sources(d, s, "western") == ["P1"]
    state, _ = play(d, s, "western", [INVADE, {"enter": "wa-mech-4", "path": ["W3", "V3"]}])
    assert sources(d, state, "western") == ["P1", "W1", "W2", "W3", "W4"]
    assert source_theater(d, state, "W3") == "mto"
    assert theaters(d, state, ["wa-mech-4"]) == {"eto", "mto"}         # 4.9 E: V3 reaches P1 and the edge
