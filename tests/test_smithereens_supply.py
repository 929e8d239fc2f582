"""Smithereens supply at the standard level (6.1–6.18) on test data (tests/data/, not the published game)."""

from pathlib import Path

import pytest
import yaml

from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml

DATA = Path(__file__).parent / "data" / "smithereens-supply.yaml"



def load(tmp_path=None, **changes):
    if not changes:
        return load_game_data("smithereens", DATA)
    doc = fastyaml.safe_load(DATA.read_text())
    for path, value in changes.items():
        if value is None:
            del doc["values"][path.replace("__", ".")]
        else:
            doc["values"][path.replace("__", ".")] = value
    target = tmp_path / "supply.yaml"
    target.write_text(yaml.safe_dump(doc))
    return load_game_data("smithereens", target)


def position(data, level="standard", army="soviet", turn=2):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=turn, army=army, phase="movement")
    return state


def test_beginner_level_traces_nothing():  # 6.0 Beginners Note
    data = load()
    assert GAME.in_supply(data, position(data, level="beginner"), "sov-a")


def test_the_level_is_a_campaign_option():
    assert GAME.options({}) == {"level": "beginner", "fog": True, "reveals": "camp"}
    assert GAME.options({"level": "standard"}) == {"level": "standard", "fog": False, "reveals": "camp"}     # 11.7 fog needs beginner
    with pytest.raises(PbemError, match="fog=on needs level=beginner"):
        GAME.options({"level": "standard", "fog": "on"})
    with pytest.raises(PbemError, match="level must be 'beginner' or 'standard'"):
        GAME.options({"level": "advanced"})


def test_surrounded_unit_is_out_of_supply(tmp_path):  # 6.2: no line through enemy units or the sea
    data = load()
    state = position(data)
    assert not GAME.in_supply(data, state, "sov-a")
    del state["units"]["ger-x"]                  # 4010E - 4110E - 4210E (the 42xxE edge, 6.6) opens
    assert GAME.in_supply(data, state, "sov-a")


def test_an_occupied_source_supplies_nobody(tmp_path):  # 6.13
    data = load()
    state = position(data)
    del state["units"]["ger-x"]
    state["units"]["ger-x"] = {"hex": "4210E", "steps": 1}
    state["units"]["ger-y"] = {"hex": "4211E", "steps": 1}
    assert not GAME.in_supply(data, state, "sov-a")


def test_unknown_map_stops_the_trace_naming_the_hex(tmp_path):  # 6.2 needs the map
    data = load(tmp_path, map__hexes_complete=None, **{"map.hexes.4009E": None})
    state = position(data)
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.(3909E|4009E)"):
        GAME.in_supply(data, state, "sov-a")


def test_oos_halves_movement_rounding_up(tmp_path):  # 6.3, 6.4
    data = load()
    state = position(data)
    state["units"]["ger-x"]["hex"] = "4210E"      # both edge hexes occupied: no source left (6.13)
    state["units"]["ger-y"]["hex"] = "4211E"
    assert not GAME.in_supply(data, state, "sov-a")
    # MF 4 halved to 2 at the start of movement: two clear hexes are legal, three are not
    assert GAME.check(data, state, GAME.awaiting(state).side, [{"move": "sov-a", "path": ["4010E", "4110E", "4111E"]}]) == []
    assert [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, [{"move": "sov-a", "path": ["4010E", "4110E", "4111E", "4011E"]}])] == [
        "sov-a needs 3 MP for this path but has 2 (10.2; 10.4 guarantees one hex only)"]


def test_oos_units_in_a_battle_are_halved_together(tmp_path):  # 6.3: add up, then one division
    data = load()
    state = position(data)
    oos = ["sov-a", "sov-b"]
    assert GAME.strength(data, state, ["sov-a", "sov-b"], "attack", oos) == 3          # (3 + 3) / 2, not 2 + 2
    assert GAME.strength(data, state, ["sov-a", "sov-b"], "attack", ["sov-a"]) == 5    # 3 + ceil(3 / 2)


def test_oos_soviet_artillery_may_not_attack(tmp_path):  # 13.4
    data = load()
    state = position(data)
    state["phase"] = "assault"
    problems = [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, [{"attack": "4110E", "with": ["sov-art", "sov-a"]}])]
    assert problems == ["sov-art is Soviet artillery out of supply and may not attack (13.4)"]


def test_german_in_city_supply_until_the_city_falls(tmp_path):  # 6.16
    data = load()
    state = position(data, army="german")
    state["units"]["ger-y"]["hex"] = "4012E"
    assert GAME.in_supply(data, state, "ger-y")
    state["fell"].append("4012E")                  # came under Alliance control once: never again
    assert not GAME.in_supply(data, state, "ger-y")   # and no Ruhr or USIR source on this (complete) test map


def test_courland_ports_supply_within_four_hexes(tmp_path):  # 6.18
    data = load(tmp_path, **{"map.hexes.2607E": {"terrain": "clear"}})
    state = position(data, army="german")
    assert GAME.in_supply(data, state, "ger-c")
    state["ports_lost"] = ["2607E"]                # occupied by an Alliance unit: lost for good
    # with no port, the line must reach the Ruhr; it meets 2507E, a hex the rulebook names (10.33)
    # whose terrain only the map shows
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.2507E\.terrain"):
        GAME.in_supply(data, state, "ger-c")


@pytest.mark.parametrize("face, until", [(2, 3), (4, 4), (6, 5)])
def test_antwerp_captured_puts_the_western_allies_out_of_supply(face, until):  # 6.9
    data = load()
    state = position(data, army="german")
    events = []
    GAME.antwerp_captured(data, state, events, ScriptedDice(default=face))
    assert state["antwerp_lost"] is True and state["western_oos_until"] == until
    assert events[0]["event"] == "antwerp" and events[0]["roll"] == face


REDUCED = {"side": "german", "type": "infantry", "steps": 2, "full": {"attack": 2, "defense": 3, "movement": 3},
           "reduced": {"attack": 1, "defense": 2, "movement": 3}}


@pytest.mark.parametrize("where, refused", [("2208", False), ("4012E", True), ("4111E", True)])
def test_9_9_german_replenishment_needs_supply_to_a_ruhr_city(tmp_path, where, refused):
    """9.9: a reduced unit is replenished only "in supply to a ... Ruhr City (for the German) supply
    source". Next to the Ruhr city 2207: replenished. In the German city 4012E it is in supply
    (6.16 in-city) but not to a Ruhr city; at 4111E it is out of supply: both refused."""
    data = load(tmp_path, **{"units.counters.ger-r": REDUCED, "map.hexes.2208": {"terrain": "clear"}})
    state = position(data, army="german", turn=3)
    del state["units"]["ger-c"]                   # (its Courland trace needs the port's terrain, 6.18)
    state["units"]["ger-r"] = {"hex": where, "steps": 1}
    problems = [p.message for p in GAME.check(data, state, "german", [{"replace": "ger-r", "steps": 1}])]
    expected = ["ger-r is not in supply to a Ruhr City supply source and may not be replenished (9.9)"] if refused else []
    assert problems == expected
    assert GAME.in_supply(data, state, "ger-r") == (where != "4111E")
