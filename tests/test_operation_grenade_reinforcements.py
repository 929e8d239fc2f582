"""Operation Grenade reinforcements: 14.0 entry, 23.0-23.4 variable German, 27.3 fixed US schedule.

Demonstration data: the demo override plus tests/data/og-reinforcements-extra.yaml (invented
counters of the variable German reinforcements); NOT the published map or counters. In the demo
map entry hex B 0121 is woods (2 MP), A 0301 clear (1 MP); non-mechanized German regiments have
a Movement Allowance of 4."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.operation_grenade import GAME, reinforcements
from pbem.games.operation_grenade import supply as og_supply
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.dicehelp import ScriptedDice
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"
EXTRA = Path(__file__).parent / "data" / "og-reinforcements-extra.yaml"
SOUTH = ["757/338/58", "758/338/58", "759/338/58"]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    override = load_yaml_file_once(DEMO)
    override["values"].update(load_yaml_file(EXTRA))
    path = tmp_path_factory.mktemp("og-reinforcements") / "data-override.yaml"
    path.write_text(dump_yaml(override), encoding="utf-8")
    return load_game_data("operation-grenade", path)


def position(data, side="german", turn=2, successes=None):
    scenario, _ = load_scenario("operation-grenade", "operation-grenade")
    state = GAME.setup(data, scenario, ["allied", "german"], {})
    state.update(turn=turn, side=side, phase="movement", date="1945-02-24", last_turn=12)
    state.pop("variable_reinforcements", None)                  # as an old save: initialised lazily
    if successes is not None:
        state["variable_reinforcements"] = dict(successes)
    return state


def rolled(data, state, faces):
    dice, events = ScriptedDice(*faces), []
    reinforcements.roll_variable(GAME, data, state, dice, events)
    return dice, events


def messages(data, state, side, orders):
    return [p.message for p in GAME.check(data, state, side, orders)]


def needs_entering_side_fix(data):
    """game.py's OperationGrenade.entry_cost(a, b) reads state["units"][unit_id]["side"], which a unit
    still off the map does not have yet: every `enter` whose path goes beyond the entry hex raises
    KeyError there. Until game.py takes the side from state["reinforcements"] (see the report), the
    tests of such paths are expected failures; they run for real once it does."""
    state = position(data, side="allied", turn=4)
    try:
        GAME.entry_cost(data, state, "393/99/7", "0301", "0302")
    except KeyError:
        pytest.xfail("game.py OperationGrenade.entry_cost: side of an entering unit (KeyError)")


# -- 23.0-23.3 the three rolls -------------------------------------------------------------------
def test_first_south_success_brings_the_338th_division(data):  # 23.0, 23.1a
    state = position(data, turn=2)
    dice, events = rolled(data, state, [1, 3, 3])
    assert dice.keys() == ["reinforcements/south/2",
                          "reinforcements/east/2",
                          "reinforcements/north/2"]
    assert events == [
        {"event": "variable_reinforcements", "edge": "south", "roll": 1, "success": True, "units": SOUTH, "rule": "23.1"},
        {"event": "variable_reinforcements", "edge": "east", "roll": 3, "success": False, "units": [], "rule": "23.2"},
        {"event": "variable_reinforcements", "edge": "north", "roll": 3, "success": False, "units": [], "rule": "23.3"},
    ]
    for unit_id in SOUTH:
        assert state["reinforcements"][unit_id] == {"side": "german", "turn": 2, "entry": "0121"}
    assert state["variable_reinforcements"] == {"south": 1, "east": 0, "north": 0}
    assert "3PG/58" not in state["reinforcements"]


def test_second_south_success_brings_3PG(data):  # 23.1b
    state = position(data, turn=5, successes={"south": 1, "east": 0, "north": 0})
    _, events = rolled(data, state, [1, 6, 6])
    assert events[0]["units"] == ["3PG/58"]
    assert state["reinforcements"]["3PG/58"] == {"side": "german", "turn": 5, "entry": "0121"}
    assert "2106/106/58" not in state["reinforcements"]
    assert state["variable_reinforcements"]["south"] == 2


def test_south_and_east_need_a_1_north_succeeds_on_1_or_2(data):  # 23.0, 23.3a
    state = position(data, turn=3)
    _, events = rolled(data, state, [2, 2, 2])
    assert [(e["edge"], e["success"]) for e in events] == [("south", False), ("east", False), ("north", True)]
    assert events[2]["units"] == ["Lr/12", "130/Lr/12"]
    assert state["reinforcements"]["130/Lr/12"] == {"side": "german", "turn": 3, "entry": "2618"}
    _, events = rolled(data, state, [6, 6, 1])                     # second north success: 2FJ/12 (23.3b)
    assert events[2]["units"] == ["2FJ/12"]
    _, events = rolled(data, state, [6, 6, 3])                     # a 3 fails in the north too
    assert events[2]["success"] is False and "7FJ/12" not in state["reinforcements"]


def test_east_groups_come_in_order_then_the_edge_is_exhausted(data):  # 23.2a-c, 23.0
    state = position(data, turn=2)
    taken = []
    for turn in (2, 3, 4):
        state["turn"] = turn
        _, events = rolled(data, state, [6, 1, 6])
        taken.append(events[1]["units"])
    assert taken == [["Utfr/406/12", "NCO/406/12"], ["15PG/12"], ["21SS/10P/58", "22SS/10P/58", "10SS/10P/58"]]
    assert state["reinforcements"]["10SS/10P/58"] == {"side": "german", "turn": 4, "entry": "1421"}
    state["turn"] = 5
    dice, events = rolled(data, state, [6, 6])
    assert dice.keys() == ["reinforcements/south/5",
                          "reinforcements/north/5"]
    assert [e["edge"] for e in events] == ["south", "north"]


def test_exhausted_edges_are_not_rolled(data):  # 23.0 "ceases to roll the die for this map-edge"
    state = position(data, turn=6, successes={"south": 3, "east": 1, "north": 3})
    dice, events = rolled(data, state, [4])
    assert dice.keys() == ["reinforcements/east/6"]
    assert len(events) == 1
    state["variable_reinforcements"]["east"] = 3
    dice, events = rolled(data, state, [])
    assert dice.keys() == [] and events == []


def test_rolled_at_the_start_of_the_german_player_turn_only(data, monkeypatch):  # 23.0
    monkeypatch.setattr(og_supply, "determine", lambda *args, **kwargs: None)   # 11.0: another rule group, other data
    state = position(data, side="allied", turn=2)
    dice, events = ScriptedDice(by_key={"reinforcements/": [6, 6, 2]}, default=6), []
    GAME.begin_player_turn(data, state, "allied", dice, events)
    assert not [p for p in dice.keys() if p.startswith("reinforcements/")]
    GAME.begin_player_turn(data, state, "german", dice, events)
    assert [p for p in dice.keys() if p.startswith("reinforcements/")] == [
        "reinforcements/south/2", "reinforcements/east/2",
        "reinforcements/north/2"]
    assert len(set(dice.keys())) == len(dice.keys())                # purposes unique within the step
    assert [e["units"] for e in events if e["event"] == "variable_reinforcements"] == [[], [], ["Lr/12", "130/Lr/12"]]


# -- 14.1, 14.22, 23.0 entering ------------------------------------------------------------------------
def test_available_in_the_current_movement_phase(data):  # 23.0, 14.11
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    orders = [{"enter": "757/338/58", "path": ["0121"]}]
    assert messages(data, state, "german", orders) == []
    outcome = GAME.apply(data, state, "german", orders, ScriptedDice(default=6))
    state = outcome.state
    assert state["units"]["757/338/58"] == {"side": "german", "hex": "0121", "form": "untried"}
    assert "757/338/58" not in state["reinforcements"] and "758/338/58" in state["reinforcements"]
    assert [e["path"] for e in outcome.events if e["event"] == "enter"] == [["0121"]]
    assert state["entered_this_phase"] == {"turn": 2, "side": "german", "units": [["757/338/58", "0121"]]}


def test_enter_and_move_on_from_the_entry_hex(data):  # 14.11
    needs_entering_side_fix(data)
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    orders = [{"enter": "757/338/58", "path": ["0121", "0120"]}]  # woods 2 + clear 1 = 3 of 4 MP
    assert messages(data, state, "german", orders) == []
    outcome = GAME.apply(data, state, "german", orders, ScriptedDice(default=6))
    assert outcome.state["units"]["757/338/58"] == {"side": "german", "hex": "0120", "form": "untried"}
    assert messages(data, position(data, side="allied", turn=4), "allied",
                    [{"enter": "393/99/7", "path": ["0301", "0302"]}]) == []       # 27.33: A 0301


def test_reinforcements_may_be_delayed(data):  # 14.22
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    state = GAME.apply(data, state, "german", [], ScriptedDice(default=6)).state
    assert state["reinforcements"]["759/338/58"] == {"side": "german", "turn": 2, "entry": "0121"}
    later = position(data, turn=4)
    later["reinforcements"].update({u: state["reinforcements"][u] for u in SOUTH})
    assert messages(data, later, "german", [{"enter": "759/338/58", "path": ["0121"]}]) == []


def test_wrong_entry_hex_is_refused(data):  # 14.11, 23.1
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0122"]}]) == [
        "757/338/58 enters at 0121 (14.11); another hex only when 0121 is occupied by or in the Zone of Control "
        "of an enemy unit (14.21)"]
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["1421"]}])[0].startswith("757/338/58 enters at 0121")


def test_not_before_the_roll_nor_for_the_other_side(data):  # 23.1b, 14.0
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    assert messages(data, state, "german", [{"enter": "3PG/58", "path": ["0121"]}]) == [
        "3PG/58 is not available yet: it comes with the second successful south map-edge roll (23.1)"]
    assert messages(data, state, "german", [{"enter": "393/99/7", "path": ["0301"]}]) == [
        "393/99/7 is not a german reinforcement waiting to enter"]


def test_us_99th_division_enters_at_A_on_game_turn_4_not_3(data):  # 27.31, 27.33
    orders = [{"enter": "393/99/7", "path": ["0301"]}]
    assert messages(data, position(data, side="allied", turn=3), "allied", orders) == [
        "393/99/7 enters on Game-Turn 4 or later, not on Game-Turn 3 (14.0, 27.31)"]
    state = position(data, side="allied", turn=4)
    assert messages(data, state, "allied", orders) == []
    assert messages(data, state, "allied", [{"enter": "377/95/19", "path": ["0301"]}]) == [
        "377/95/19 enters on Game-Turn 5 or later, not on Game-Turn 4 (14.0, 27.32)"]
    outcome = GAME.apply(data, state, "allied", orders, ScriptedDice(default=6))
    assert outcome.state["units"]["393/99/7"]["hex"] == "0301"
    assert "393/99/7" not in outcome.state["reinforcements"]


# -- 14.21 blocked entry hex ---------------------------------------------------------------------------
def zoc_on_entry_hex_b(data):
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    state["units"]["13/8/7"]["hex"] = "0220"                      # a US regiment next to 0121
    return state


def test_entry_hex_in_enemy_zoc_may_be_entered_and_stopped_in(data):  # 14.21 "may", 6.31
    state = zoc_on_entry_hex_b(data)
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0121"]}]) == []
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0121", "0122"]}]) == [
        "757/338/58 must stop on entering the enemy ZOC at its entry hex 0121 (6.31)"]


def test_blocked_entry_hex_allows_a_free_hex_within_three(data):  # 14.21
    state = zoc_on_entry_hex_b(data)
    radius, options = reinforcements.substitute_entry_hexes(GAME, data, state, "german", "0121")
    assert radius == 3
    assert options == ["0118", "0119", "0122", "0218", "0222", "0319", "0322", "0419", "0420", "0421", "0422"]
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0122"]}]) == []
    assert messages(data, state, "german", [{"enter": "758/338/58", "path": ["0422"]}]) == []      # 3 hexes away
    refused = messages(data, state, "german", [{"enter": "757/338/58", "path": ["0221"]}])          # in the ZOC
    assert refused == ["entry hex 0121 is blocked by the enemy: 757/338/58 enters within 3 hexes of it, at a hex free of "
                       "enemy units and their Zones of Control: " + ", ".join(options) + " (14.21)"]
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0318"]}])[0].endswith("(14.21)")  # 4 away


def test_enemy_occupied_entry_hex_cannot_be_entered(data):  # 14.21, 5.21
    state = zoc_on_entry_hex_b(data)
    state["units"]["13/8/7"]["hex"] = "0121"
    message = messages(data, state, "german", [{"enter": "757/338/58", "path": ["0121"]}])[0]
    assert message.startswith("entry hex 0121 is occupied by the enemy: 757/338/58 may enter instead at a hex within 3 hexes")
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0222"]}]) == []


def test_farther_than_three_hexes_when_necessary(data):  # 14.21 "(or more, if necessary)"
    state = zoc_on_entry_hex_b(data)
    grid = GAME.grid(data)
    near = sorted(h for h in GAME.hexes(data) if grid.distance("0121", h) <= 3)
    spare = [u for u, v in state["units"].items() if v["side"] == "allied"
             and GAME.counter(data, u)["size"] == "regiment" and u != "13/8/7"]
    for hex_id in near:
        if not reinforcements.blocked(GAME, data, state, "german", hex_id):
            state["units"][spare.pop(0)]["hex"] = hex_id
    radius, options = reinforcements.substitute_entry_hexes(GAME, data, state, "german", "0121")
    assert radius == 4 and options and all(grid.distance("0121", h) == 4 for h in options)
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": [options[0]]}]) == []
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": ["0122"]}])[0].endswith("(14.21)")


# -- 14.11 several units through one entry hex ---------------------------------------------------------
def test_nth_unit_through_an_entry_hex_pays_n_times_its_terrain(data):  # 14.11
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    assert reinforcements.entry_cost(GAME, data, state, "757/338/58", "0121") == 2          # woods
    reinforcements.record_entry(state, "757/338/58", "0121")
    reinforcements.record_entry(state, "758/338/58", "0121")
    reinforcements.record_entry(state, "758/338/58", "0121")                               # idempotent
    assert reinforcements.entry_cost(GAME, data, state, "757/338/58", "0121") == 2          # the lead unit
    assert reinforcements.entry_cost(GAME, data, state, "758/338/58", "0121") == 4
    assert reinforcements.entry_cost(GAME, data, state, "759/338/58", "0121") == 6
    assert reinforcements.entry_cost(GAME, data, state, "759/338/58", "0122") == 1          # another hex: its own queue
    state["turn"] = 3                                                                        # a new phase: no queue
    assert reinforcements.entry_cost(GAME, data, state, "759/338/58", "0121") == 2


def test_second_unit_in_one_order_list_pays_double(data):  # 14.11
    needs_entering_side_fix(data)
    state = position(data, turn=2)
    rolled(data, state, [1, 6, 6])
    path = ["0121", "0122", "0222"]                               # 2 + 1 + 1 = 4 MP for the lead unit
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": path}]) == []
    assert messages(data, state, "german", [{"enter": "757/338/58", "path": path}, {"enter": "758/338/58", "path": path}]) == [
        "758/338/58 needs 6 MP for this path; its Movement Allowance is 4 (5.0)"]
    outcome = GAME.apply(data, state, "german", [{"enter": "757/338/58", "path": path},
                                                 {"enter": "758/338/58", "path": ["0121"]}], ScriptedDice(default=6))
    assert outcome.state["units"]["758/338/58"]["hex"] == "0121"


def test_mechanized_unit_too_far_back_in_the_queue_cannot_enter(data):  # 14.11, 5.25 is for non-mechanized units
    state = position(data, turn=4, successes={"south": 3, "east": 0, "north": 0})
    for unit_id in SOUTH + ["3PG/58", "2106/106/58", "106/58"]:
        state["reinforcements"][unit_id] = {"side": "german", "turn": 4, "entry": "0121"}
    for unit_id in SOUTH + ["3PG/58"]:
        reinforcements.record_entry(state, unit_id, "0121")
    assert reinforcements.entry_cost(GAME, data, state, "3PG/58", "0121") == 8              # 4th: 4 x woods 2, MA 8
    message = "2106/106/58 needs 10 MP to enter 0121 as unit 5 through it this phase; its Movement Allowance is 8 (14.11)"
    assert messages(data, state, "german", [{"enter": "2106/106/58", "path": ["0121"]}]) == [message]
    assert reinforcements.entry_problem(GAME, data, state, "german", "2106/106/58", ["0121"]) == message
