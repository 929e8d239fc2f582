"""13.1-13.3 the 1AAA airdrops and the 9.6 Group Steiner entry a drop sets off (behaviour 4), on the
special-movement and Group Steiner test data (made up, not the published map): the airborne corps
ab-18 and ab-1 in the Western-held city 2509E, the German city 4012E, the forest 4114E."""

import dataclasses

import pytest

from pbem.gamedata import load_game_data
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_steiner import BERLIN, MOBILE
from tests.test_smithereens_strategic import make, position

CORPS = "".join(
    f'  units.counters.{u}: {{side: western, grouping: us, type: western_allied_paratroopers, steps: 2, setup: "2509E", '
    'full: {attack: 3, defense: 3, movement: 5}, reduced: {attack: 1, defense: 1, movement: 5}}\n' for u in ("ab-18", "ab-1"))
EXTRA = '  map.regions.atc.hexes: ["1231"]\n  map.hexes.2509E.city: true\n  map.hexes.2509E.control_at_start: alliance\n' + CORPS
DROP = {"airdrop": "4013E", "with": ["ab-18", "ab-1"]}


@pytest.fixture
def data(tmp_path):
    return make(tmp_path, EXTRA)


def western(data, turn=2):
    state = position(data, army="western", turn=turn)
    state["units"]["us-1"]["hex"] = "4213E"          # a Western unit two hexes from the drop hex
    for unit_id in ("ger-r", "sov-inf", "sov-t3", "ger-s", "ger-p"):
        state["units"].pop(unit_id)                  # clear 4113E and 4213E, and 2410E next to 2509E
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def test_the_drop_and_the_passive_paratroopers(data):  # 13.2, 13.3
    """13.2: "Simply pick up the units to be dropped, put them in the selected drop hex, and place the
    1AAA supply head marker atop them. If there are no enemy units in the drop hex, the deployment is
    automatically successful." 13.3: "they must remain passively in their drop hex until such time as a
    non-1AAA Western Allied unit, itself in direct overland supply to a board edge or Antwerp, moves
    adjacent to the paratroopers. At that point remove the 1AAA marker; the paratroopers instantly
    revert to their mobile (mechanized-class) movement status." """
    out = GAME.apply(data, western(data), "alliance", [DROP], ScriptedDice(default=6))
    state = out.state
    assert state["units"]["ab-18"]["hex"] == state["units"]["ab-1"]["hex"] == "4013E"
    assert state["aaa"] == {"hex": "4013E", "units": ["ab-1", "ab-18"]} and state["aaa_drops"] == {"ab-18": 1, "ab-1": 1}
    assert ("item", "1AAA drop: ab-18, ab-1 into 4013E, under the supply head marker, passive until relieved (13.2, 13.3)") \
        in GAME.describe(data, state, out.events)
    state.update(phase="movement", turn=3)
    stay = {"move": "ab-18", "path": ["4013E", "4012E"]}
    assert problems(data, state, [stay]) == [
        "ab-18 stays passively in its drop hex 4013E until a non-1AAA Western Allied unit in direct overland supply moves adjacent (13.3)"]
    relief = {"move": "us-1", "path": ["4213E", "4113E"]}                # 4113E is next to 4013E
    assert problems(data, state, [relief, {"move": "ab-18", "path": ["4013E", "4012E"]}]) == []
    out = GAME.apply(data, state, "alliance", [relief, {"move": "ab-18", "path": ["4013E", "4012E"]}], ScriptedDice(default=6))
    assert "aaa" not in out.state and out.state["units"]["ab-18"]["hex"] == "4012E"
    assert {"event": "aaa_relieved", "hex": "4013E", "units": ["ab-1", "ab-18"], "by": "us-1", "rule": "13.3"} in out.events


def test_passive_paratroopers_neither_attack_nor_take_air_supply_elsewhere(data):  # 13.3, 6.10
    """13.3: "While the 1AAA is deployed there may be no Western Allied supply by air to any other hex
    than the drop hex." 6.10: airdrop supply "On any game turns that the 1AAA is not deployed" """
    state = western(data)
    state["aaa"] = {"hex": "4013E", "units": ["ab-18"]}
    state["units"]["ab-18"]["hex"] = "4013E"
    state["units"]["ger-f"]["hex"] = "4012E"
    state["phase"] = "assault"
    assert problems(data, state, [{"attack": "4012E", "with": ["ab-18"]}]) == [
        "ab-18 stays passively in its drop hex until relieved: it may not attack (13.3)"]
    state.update(phase="movement", level="standard")
    assert problems(data, state, [{"airdrop_supply": "2509E"}]) == [
        "the 1AAA is deployed: no Western Allied supply by air to any hex but its drop hex (6.10, 13.3)"]


def test_where_and_who_may_drop(data):  # 13.1, 13.2
    """13.1: the corps "must start the player turn in a city hex not adjacent to any enemy units ... each
    of the two corps may only make one airborne deployment per game". 13.2: "Air drops may be made into
    any clear or city hexes ... 1AAA units may only drop into city hexes after the German economy has
    collapsed ... if both corps are sent, they must be sent to the same drop hex." """
    state = western(data)
    assert problems(data, state, [{"airdrop": "4012E", "with": ["ab-18"]}]) == [
        "1AAA units may only drop into city hexes like 4012E after the German economy has collapsed (13.2)"]
    assert problems(data, state, [{"airdrop": "4114E", "with": ["ab-18"]}]) == [
        "air drops are made into clear or city hexes; 4114E is forest (13.2)"]
    assert problems(data, state, [{"airdrop": "4013E", "with": ["ab-18"]}, {"airdrop": "4113E", "with": ["ab-1"]}]) == [
        "if both corps are sent, they must be sent to the same drop hex: one `airdrop:` order (13.2)"]
    assert problems(data, state, [{"airdrop": "4013E", "with": ["us-1"]}]) == ["us-1 is not a Western Allied airborne corps (13.1)"]
    state["aaa_drops"] = {"ab-18": 1}
    assert problems(data, state, [DROP]) == ["ab-18 has made its one airborne deployment(s) of the game (13.1)"]
    state["units"]["ab-1"]["hex"] = "2508E"
    assert problems(data, state, [{"airdrop": "4013E", "with": ["ab-1"]}]) == [
        "ab-1 must start the player turn in a city hex to drop; 2508E is none (13.1)"]
    state["units"]["ab-1"]["hex"] = "2509E"
    state["units"]["ger-r"] = {"hex": "2508E", "steps": 1}
    assert problems(data, state, [{"airdrop": "4013E", "with": ["ab-1"]}]) == [
        "ab-1 starts the player turn next to enemy units in 2509E (13.1)"]
    assert problems(data, position(data, army="soviet"), [DROP]) == [
        "only the Western Allied airborne corps drop, in a Western player turn (13.1)"]
    old = dataclasses.replace(data, behaviour=3)
    assert problems(old, western(old), [DROP]) == ["a movement order is `move: UNIT` with `path: [HEX, ...]`"]


def test_a_follow_up_drop_goes_into_the_same_hex(data):  # 13.3
    """13.3: "It is permissible to make a 1AAA deployment with just one corps, then follow that up with
    another one corps drop into the same hex on the next or subsequent turns." """
    out = GAME.apply(data, western(data), "alliance", [{"airdrop": "4013E", "with": ["ab-18"]}], ScriptedDice(default=6))
    state = out.state
    state.update(phase="movement", turn=3, army="western")
    state["units"]["us-1"]["hex"] = "4215E"
    assert problems(data, state, [{"airdrop": "4113E", "with": ["ab-1"]}]) == [
        "the 1AAA is deployed in 4013E: a follow-up drop goes into the same hex (13.3)"]
    out = GAME.apply(data, state, "alliance", [{"airdrop": "4013E", "with": ["ab-1"]}], ScriptedDice(default=6))
    assert out.state["aaa"] == {"hex": "4013E", "units": ["ab-1", "ab-18"]}


@pytest.fixture
def berlin(tmp_path):
    target = tmp_path / "ogs.yaml"
    target.write_text(MOBILE.read_text() + BERLIN + "  map.hexes.3811.city: true\n  map.hexes.3811.control_at_start: alliance\n"
                      + CORPS.replace('"2509E"', '"3811"'))
    return load_game_data("smithereens", target)


def test_a_drop_next_to_berlin_brings_group_steiner(berlin):  # 9.6, 13.2
    """9.6: "SS Operational Group Steiner enters play via any non-enemy occupied hex adjacent to Berlin, at
    the first instant any Grand Alliance unit moves adjacent to Berlin or enters Berlin directly via
    airdrop. (When the triggering move occurs, the Alliance player should temporarily stop his move to
    allow for OGS placement.)" """
    from tests.test_smithereens_steiner import position as ogs_position
    state = ogs_position(berlin)
    state.update(army="western")
    state["units"].pop("sov-b1")
    drop = {"airdrop": "3612", "with": ["ab-18"]}
    assert problems(berlin, state, [drop, {"move": "ab-1", "path": ["3811", "3812"]}]) == [
        "a drop into or next to Berlin ends its file (only `replace:` orders with it): Group Steiner enters, then the "
        "Movement Phase goes on (9.6)"]
    out = GAME.apply(berlin, state, "alliance", [drop], ScriptedDice(default=6))
    assert out.state["phase"] == "ogs" and out.state["units"]["ab-18"]["hex"] == "3612"
    assert GAME.awaiting(out.state).side == "german"
    out = GAME.apply(berlin, out.state, "german", [{"place": "ger-ogs", "at": "3711"}], ScriptedDice(default=6))
    assert out.state["units"]["ger-ogs"]["hex"] == "3711" and out.state["phase"] == "movement"
    assert problems(berlin, out.state, [{"move": "ab-18", "path": ["3612", "3712"]}]) == [
        "ab-18 stays passively in its drop hex 3612 until a non-1AAA Western Allied unit in direct overland supply moves adjacent (13.3)"]
    out = GAME.apply(berlin, out.state, "alliance", [{"move": "ab-1", "path": ["3811"]}], ScriptedDice(default=6))
    assert out.state["phase"] == "assault" and out.state["aaa"] == {"hex": "3612", "units": ["ab-18"]}


def test_drop_zone_combat_clears_the_hex_or_eliminates_the_corps(data):  # 13.2
    """13.2: "If there are any enemy units there, the air dropped units immediately run what is procedurally
    an MA (except here it's called "drop zone combat"). The only change from normal MA procedures is that
    if at the end of the first round there are any remaining enemy units in the drop hex, the dropped
    airborne units are eliminated and the deployment has failed." """
    state = western(data)
    state["units"]["ger-f"]["hex"] = "4013E"                             # one 1-step defender
    assert problems(data, state, [DROP, {"move": "us-1", "path": ["4213E", "4113E"]}]) == [
        "a drop into a hex holding enemy units ends its file (only `replace:` orders with it): the drop zone combat is "
        "resolved, then the Movement Phase goes on (13.2)"]
    out = GAME.apply(data, state, "alliance", [DROP], ScriptedDice(by_key={"ma/4013E": [6]}))
    fight = next(e for e in out.events if e["event"] == "mobile_assault")
    assert (fight["attack"], fight["defense"], fight["column"], fight["roll"], fight["result"]) == (6, 1, "7:1/6:1", 6, "0/4")
    assert "ger-f" not in out.state["units"] and out.state["aaa"] == {"hex": "4013E", "units": ["ab-1", "ab-18"]}
    assert out.state["phase"] == "movement" and out.state["mobile"]["going_on"] == {}
    assert problems(data, out.state, [{"move": "ab-18", "path": ["4013E", "4012E"]}]) == [
        "ab-18 stays passively in its drop hex 4013E until a non-1AAA Western Allied unit in direct overland supply moves adjacent (13.3)"]
    # two 2-step defenders in 4112E: 6 against 4, 1:1; a roll of 3 gives 1/1, the German chooses his step
    out = GAME.apply(data, western(data), "alliance", [{"airdrop": "4112E", "with": ["ab-18", "ab-1"]}], ScriptedDice(by_key={"ma/4112E": [3]}))
    assert out.state["phase"] == "ma_response" and GAME.awaiting(out.state).side == "german"
    out = GAME.apply(data, out.state, "german", [{"battle": "4112E", "steps": {"ger-a": 1}}], ScriptedDice(default=6))
    assert "ab-18" not in out.state["units"] and "ab-1" not in out.state["units"] and "aaa" not in out.state
    assert {"event": "drop_failed", "hex": "4112E", "units": ["ab-18", "ab-1"], "rule": "13.2"} in out.events
    assert out.state["aaa_drops"] == {"ab-18": 1, "ab-1": 1} and out.state["phase"] == "movement"


def test_steiner_enters_before_the_drop_zone_combat(berlin):  # 9.6, 13.2
    """9.6: Group Steiner enters "at the first instant any Grand Alliance unit ... enters Berlin directly
    via airdrop"; 13.2: the dropped units "immediately run" the drop zone combat."""
    from tests.test_smithereens_steiner import position as ogs_position
    state = ogs_position(berlin)
    state.update(army="western")
    state["units"].pop("sov-b1")
    state["units"]["ger-bb"]["hex"] = "3612"
    out = GAME.apply(berlin, state, "alliance", [{"airdrop": "3612", "with": ["ab-18", "ab-1"]}], ScriptedDice(default=6))
    assert out.state["phase"] == "ogs" and "ger-bb" in out.state["units"]
    assert problems(berlin, out.state, [{"place": "ger-ogs", "at": "3612"}]) == [
        "Group Steiner enters next to Berlin in a hex without enemy units, stacking observed: 3510, 3511, 3610, 3710, 3711, not 3612 (9.6, 8.1)"]
    out = GAME.apply(berlin, out.state, "german", [{"place": "ger-ogs", "at": "3711"}], ScriptedDice(by_key={"ma/3612": [6]}))
    assert out.state["units"]["ger-ogs"]["hex"] == "3711" and "ger-bb" not in out.state["units"]
    assert out.state["aaa"] == {"hex": "3612", "units": ["ab-1", "ab-18"]} and out.state["phase"] == "movement"
