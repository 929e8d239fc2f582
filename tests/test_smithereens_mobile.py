"""12.x mobile assaults at the standard level, a mid-movement exchange of signed files, on test
data (tests/data/smithereens-mobile.yaml: made up, not the published map, counters or CRT)."""

from pathlib import Path

import pytest

from pbem.errors import PbemError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

DATA = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
STACK = ["sov-t1", "sov-t2", "sov-art"]          # 4212E, next to the Germans in 4112E


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", DATA)


def position(data, level="standard"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=2, army="soviet", phase="movement")
    return state


def refusal(data, state, orders, side="alliance"):
    problems = GAME.check(data, state, side, orders)
    assert problems, "expected a refusal"
    return problems[0].message


def first_round(data, face=1):
    """The stack assaults 4112E (18 attack factors against 2 halved OOS defense, 9:1)."""
    return GAME.apply(data, position(data), "alliance", [{"assault": "4112E", "with": STACK}], ScriptedDice(face))


def test_a_cleared_hex_lets_the_assaulters_go_on_with_the_mps_left(data):  # 12.2, 12.8, 12.9, 12.14
    out = first_round(data, face=6)                 # 7:1/6:1 roll 6: 0/4, both defenders' four steps
    ma = next(e for e in out.events if e["event"] == "mobile_assault")
    assert (ma["odds"], ma["column"], ma["result"], ma["spent"]) == ("9:1", "7:1/6:1", "0/4", {"sov-t1": 2, "sov-t2": 2, "sov-art": 2})
    assert ma["out_of_supply"] == ["ger-a", "ger-b"]           # 12.7: the defenders at the instant
    state = out.state
    assert {u: state["units"][u]["hex"] for u in STACK} == dict.fromkeys(STACK, "4112E")   # in the defender's hex (12.14)
    assert state["phase"] == "movement" and GAME.awaiting(state).side == "alliance"
    assert GAME.awaiting(state).phase == "Turn 2 Soviet movement continued after the mobile assault at 4112E (12.9, 12.10)"
    # sov-t2 (MF 4) spent 2 (double the clear hex's 1): two more hexes, not three
    assert refusal(data, state, [{"move": "sov-t2", "path": ["4112E", "4111E", "4110E", "4010E"]}]) == \
        "sov-t2 needs 3 MP for this path but has 2 (12.9)"
    assert not GAME.check(data, state, "alliance", [{"move": "sov-t2", "path": ["4112E", "4111E", "4110E"]}])
    done = GAME.apply(data, state, "alliance", [{"move": "sov-t2", "path": ["4112E", "4111E", "4110E"]}], ScriptedDice(default=6))
    assert done.state["phase"] == "assault" and "mobile" not in done.state       # a file without an MA ends the phase


def test_the_defender_answers_his_step_losses_mid_movement(data):  # 12.13, 11.30
    out = first_round(data, face=1)                 # roll 1: 1/3, three of the defenders' four steps
    state = out.state
    assert state["phase"] == "ma_response"
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind, waiting.opponents) == ("german", "response", ("alliance",))
    assert {"event": "attacker_losses", "hex": "4112E", "steps_lost": {"sov-t1": 1}, "rule": "11.30, 12.13, 12.16"} in out.events
    assert refusal(data, state, [{"battle": "4112E", "retreat": "4012E", "steps": {"ger-a": 2}}], "german") == \
        "there is no retreat from a mobile assault: all losses are steps (12.13)"
    assert "absorbs 2" in refusal(data, state, [{"battle": "4112E", "steps": {"ger-a": 2}}], "german")
    answered = GAME.apply(data, state, "german", [{"battle": "4112E", "steps": {"ger-a": 1, "ger-b": 2}}], ScriptedDice())
    assert answered.state["units"]["ger-a"] == {"hex": "4112E", "steps": 1} and "ger-b" in answered.state["eliminated"]
    assert answered.state["phase"] == "movement"
    assert answered.state["mobile"]["open"]["units"] == STACK               # 12.10: the mover decides


def test_eliminating_before_all_are_down_to_one_step_is_refused(data):  # 11.30 via 12.13
    state = first_round(data, face=1).state
    message = refusal(data, state, [{"battle": "4112E", "steps": {"ger-a": 2, "ger-b": 0}}], "german")
    assert "absorbs 2" in message
    state["mobile"]["answer"]["defender_lp"] = 2
    assert refusal(data, state, [{"battle": "4112E", "steps": {"ger-a": 2}}], "german") == \
        "ger-a may not be eliminated while ger-b still has more than one step (11.30)"


def undecided(data):
    state = first_round(data, face=1).state
    return GAME.apply(data, state, "german", [{"battle": "4112E", "steps": {"ger-a": 1, "ger-b": 2}}], ScriptedDice()).state


def test_another_round_with_the_faster_units_the_rest_stay_behind(data):  # 12.10, 12.11
    state = undecided(data)
    # another round is its file's only order (10.6)
    assert "is the only order of its file" in refusal(data, state, [{"move": "sov-inf", "path": ["4213E", "4214E"]},
                                                                    {"assault": "4112E", "with": ["sov-t1"]}])
    out = GAME.apply(data, state, "alliance", [{"assault": "4112E", "with": ["sov-t1"]}], ScriptedDice(6))
    ma = next(e for e in out.events if e["event"] == "mobile_assault")
    assert (ma["round"], ma["spent"], ma["attack"], ma["defense"]) == (2, {"sov-t1": 4}, 4, 1)   # 2 + 2 MP (12.2)
    assert (ma["column"], ma["result"]) == ("5:1/4:1", "0/3")
    after = out.state
    assert after["units"]["sov-t1"]["hex"] == "4112E" and "ger-a" in after["eliminated"]
    assert after["units"]["sov-t2"]["hex"] == "4212E"
    # sov-t2 and the artillery ended their movement in the hex they attacked from (12.10 option 2)
    assert refusal(data, after, [{"move": "sov-t2", "path": ["4212E", "4211E"]}]) == "sov-t2 is ordered to move twice (10.6)"
    assert after["mobile"]["going_on"] == {"sov-t1": 4}


def test_a_file_that_does_not_go_on_ends_the_assault_where_it_was_launched(data):  # 12.10 option 2
    state = undecided(data)
    out = GAME.apply(data, state, "alliance", [{"move": "sov-inf", "path": ["4213E", "4214E"]}], ScriptedDice(default=6))
    assert out.state["phase"] == "assault"
    assert {u: out.state["units"][u]["hex"] for u in STACK} == dict.fromkeys(STACK, "4212E")


def test_across_a_river_the_mps_and_the_shift_count_on_the_first_round_only(data):  # 12.15
    state = position(data)
    assert GAME.ma_cost(data, state, "sov-t3", "4213E", "4113E", first=True) == (4, "")      # 2 x (1 clear + 1 river)
    assert GAME.ma_cost(data, state, "sov-t3", "4213E", "4113E", first=False) == (2, "")
    out = GAME.apply(data, state, "alliance", [{"assault": "4113E", "with": ["sov-t3"]}], ScriptedDice(1))
    ma = next(e for e in out.events if e["event"] == "mobile_assault")
    assert ma["shifts"] == [{"shift": -1, "why": "river", "rule": "11.15"}]
    assert (ma["odds"], ma["base_column"], ma["column"]) == ("6:1", "7:1/6:1", "6:1/5:1")


def test_never_into_marsh_or_mountain(data):  # 12.3
    state = position(data)
    state["units"]["sov-t3"]["hex"] = "4215E"
    assert refusal(data, state, [{"assault": "4115E", "with": ["sov-t3"]}]) == \
        "mobile assaults may never be launched into marsh hexes like 4115E (12.3)"


def test_the_forest_shift_is_a_value_the_group_enters(data):  # 12.8
    state = position(data)
    state["units"]["sov-t3"]["hex"] = "4214E"
    message = refusal(data, state, [{"assault": "4114E", "with": ["sov-t3"]}])
    assert "terrain.natural.forest.combat.ma" in message


def test_only_supplied_mech_units_at_the_standard_level(data):  # 12.1, 12.7, 5.1
    state = position(data)
    assert refusal(data, state, [{"assault": "4112E", "with": ["sov-inf"]}]) == \
        "sov-inf is not mechanized; only mech units make mobile assaults (12.1)"
    beginner = position(data, level="beginner")
    assert refusal(data, beginner, [{"assault": "4112E", "with": STACK}]) == \
        "mobile assaults are a standard-level rule; this campaign plays at the beginner level (12.0; 5.1 Beginners Note)"


def test_out_of_supply_at_the_start_of_movement_may_not_assault(data):  # 12.1, 12.7
    state = position(data)
    view = GAME.movement_view(data, state)
    state["mobile"] = dict(GAME.phase_start(data, state), oos_at_start=["sov-t3"], last="4112E")
    assert view["oos_at_start"] == []
    assert refusal(data, state, [{"assault": "4113E", "with": ["sov-t3"]}]) == \
        "sov-t3 was out of supply at the start of its movement and may not make a mobile assault (12.1, 12.7)"


def test_soviet_artillery_needs_a_mech_partner_and_loses_last(data):  # 12.16
    state = position(data)
    assert refusal(data, state, [{"assault": "4112E", "with": ["sov-art"]}]) == \
        "Soviet artillery makes a mobile assault only stacked with a non-artillery mech unit (12.16)"
    out = GAME.apply(data, state, "alliance", [{"assault": "4112E", "with": STACK, "losses": ["sov-art", "sov-t1"]}], ScriptedDice(1))
    assert {"event": "attacker_losses", "hex": "4112E", "steps_lost": {"sov-t1": 1}, "rule": "11.30, 12.13, 12.16"} in out.events


def test_stacks_must_have_begun_the_phase_together(data):  # 12.5, 10.5
    state = position(data)
    orders = [{"move": "sov-t3", "path": ["4213E", "4212E"]}, {"assault": "4112E", "with": ["sov-t1", "sov-t3"]}]
    assert refusal(data, state, orders) == "sov-t3 has ended its movement this phase (10.6, 12.10)"   # its move was its move
    # two units going on after mobile assaults, met in one hex, yet from different start hexes
    state["mobile"] = dict(GAME.phase_start(data, state), going_on={"sov-t1": 1, "sov-t3": 1}, moved=["sov-t1", "sov-t3"], last="4113E")
    state["units"]["sov-t1"]["hex"] = "4213E"
    assert refusal(data, state, [{"assault": "4113E", "with": ["sov-t1", "sov-t3"]}]) == \
        "units assault together only if they began the Movement Phase stacked together (12.5)"


def test_the_mp_must_be_there_and_the_minimum_move_does_not_help(data):  # 12.2, 12.3
    state = position(data)
    order = {"assault": "4112E", "with": ["sov-t2"], "path": ["4212E", "4211E", "4111E"]}   # 2 MP, then 2 for the MA
    assert not GAME.check(data, state, "alliance", [order])
    order["path"] = ["4212E", "4213E", "4214E", "4113E"]
    del state["units"]["ger-r"]
    assert refusal(data, state, [dict(order, assault="4112E")]) == \
        "sov-t2 has 1 MP left and the assault on 4112E costs 2 (12.2 double the normal cost; 12.3: 10.4 guarantees no MA)"


def test_an_assault_ends_its_file_and_replacements_come_first(data):  # 12.2, 5.3
    state = position(data)
    assert refusal(data, state, [{"assault": "4112E", "with": STACK}, {"move": "sov-inf", "path": ["4213E", "4214E"]}]).startswith(
        "a mobile assault ends its orders file")
    after = first_round(data, face=6).state
    assert refusal(data, after, [{"replace": "sov-t1", "steps": 1}]) == \
        "replacements and reinforcements come first in the Movement Phase, in its first orders file (5.3)"


def test_no_german_mobile_assaults_after_the_collapse(data):  # 7.5 (6)
    state = position(data)
    state.update(army="german", collapsed=True)
    assert refusal(data, state, [{"assault": "4212E", "with": ["ger-a"]}], "german") == \
        "German mech units lose the ability to make mobile assaults at the economic collapse (7.5 (6))"


def test_the_report_tells_the_round(data):  # 12.8
    out = first_round(data, face=6)
    lines = GAME.describe(data, out.state, out.events)
    assert ("h4", "Mobile assault on 4112E from 4212E, round 1 (12.8)") in lines
    assert ("item", "4112E cleared: sov-t1, sov-t2, sov-art stand in it and may go on moving (12.9, 12.14)") in lines


def test_a_tampered_answer_is_refused_whole(data):
    state = first_round(data, face=1).state
    with pytest.raises(PbemError, match="the answer is one order `battle: 4112E`"):
        GAME.apply(data, state, "german", [{"battle": "4113E", "steps": {}}], ScriptedDice())


def test_a_signed_mobile_assault_campaign_pauses_for_the_defender_and_verifies(tmp_path, demo_keys):  # 12.13, 12.9
    """Through the library API with both players' dice: the German's signed answer comes mid-movement,
    then the Soviet goes on; `verify` replays every step to the same bytes (standard level, so supply
    regions are read from data caches in every step, replayed or not)."""
    from pbem import campaign as camp
    from tests.test_campaign import orders_file
    from pbem.demo import demo_commitment
    from pbem.keys import key_id
    german, alliance = demo_keys["german"], demo_keys["alliance"]
    commitments = {p: demo_commitment(k, "ma1", p) for p, k in demo_keys.items()}
    players = {s: key_id(k.public_key()) for s, k in demo_keys.items()}
    folder = tmp_path / "ma1"
    camp.create_campaign(folder, "smithereens", "historical", players, commitments, DATA, options={"level": "standard"})
    camp.adjudicate(folder, [orders_file(folder, tmp_path, "german", german, [], "g.txt")], key=alliance)
    result = camp.adjudicate(folder, [orders_file(folder, tmp_path, "alliance", alliance, [{"assault": "4112E", "with": STACK}], "a.txt")],
                             key=german)
    ma = next(e for e in result.save["events"] if e["event"] == "mobile_assault")
    assert (ma["roll"], ma["result"]) == (1, "1/3")            # with these keys and campaign id
    assert result.save["awaiting"] == {"side": "german", "kind": "response", "phase": "Turn 2 Soviet mobile assault at 4112E: step losses",
                                       "opponents": ["alliance"], "done": False}
    answer = orders_file(folder, tmp_path, "german", german, [{"battle": "4112E", "steps": {"ger-a": 1, "ger-b": 2}}], "r.txt")
    result = camp.adjudicate(folder, [answer], key=alliance)
    assert result.save["awaiting"]["phase"] == "Turn 2 Soviet movement continued after the mobile assault at 4112E (12.9, 12.10)"
    again = orders_file(folder, tmp_path, "alliance", alliance, [{"assault": "4112E", "with": ["sov-t1", "sov-t2"]}], "b.txt")
    result = camp.adjudicate(folder, [again], key=german)
    assert [e["round"] for e in result.save["events"] if e["event"] == "mobile_assault"] == [2]
    assert camp.verify(folder).ok


def test_the_demo_policy_answers_a_mobile_assault_legally(data):  # 12.13, 11.30 (pbem demo / benchmarks)
    from types import SimpleNamespace
    from pbem.games.smithereens.demo import legal_response
    state = first_round(data, face=1).state
    answer = legal_response(SimpleNamespace(game=GAME, data=data), state)
    assert answer == [{"battle": "4112E", "steps": {"ger-a": 2, "ger-b": 1}}]
    assert GAME.check(data, state, "german", answer) == []


def test_equivalent_mobile_assault_orders_roll_alike(data):  # the dice seed's canonical orders (docs/dice.md)
    state = position(data)
    one = GAME.canonical_orders(data, state, "alliance", [{"assault": "4112E", "with": ["sov-t2", "sov-t1"]}])
    other = GAME.canonical_orders(data, state, "alliance", [{"assault": "4112E", "with": ["sov-t1", "sov-t2"], "losses": ["sov-t2", "sov-t1"]}])
    assert one == other == [{"assault": "4112E", "with": ["sov-t1", "sov-t2"], "losses": ["sov-t2", "sov-t1"]}]
