"""12.6, 12.18, 13.5-13.6 tactical air with mobile assaults (behaviour 5, standard level), on the
mobile-assault test data (made up, not the published map, counters or CRT; tests/data/smithereens-mobile.yaml
with the clear road of tests/test_smithereens_tactical.py, so that the economy does not collapse)."""

import copy
import dataclasses

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from pbem.games.smithereens.mobile import ORDER
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_support import MOBILE, NO_COAST
from tests.test_smithereens_tactical import ROAD

# a German panzer in the city 4012E (in supply there, 6.16) next to a lone Soviet tank army in 4013E
EAST = ('  units.counters.ger-pz: {side: german, type: armor, steps: 2, full: {attack: 9, defense: 4, movement: 6}, '
        'reduced: {attack: 4, defense: 2, movement: 6}, setup: "4012E"}\n'
        '  units.counters.sov-t9: {side: soviet, nationality: soviet, type: armor, steps: 2, full: {attack: 6, defense: 4, '
        'movement: 6}, reduced: {attack: 3, defense: 2, movement: 6}, setup: "4013E"}\n')
ALONE = {"assault": "4112E", "with": ["sov-t2"]}      # 6 against ger-a and ger-b's 2 (out of supply, halved): 3:1
STACK = ["sov-t1", "sov-t2", "sov-art"]
PANZER = {"assault": "4013E", "with": ["ger-pz"]}    # 9 against sov-t9's 4, out of supply, halved: 4:1


def load(tmp_path, text):
    target = tmp_path / "air.yaml"
    target.write_text(text)
    return load_game_data("smithereens", target)


@pytest.fixture
def data(tmp_path):
    return load(tmp_path, MOBILE.read_text() + ROAD + EAST)


def position(data, turn=2, army="soviet", **changes):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": "standard"})
    state.update(turn=turn, army=army, phase="movement", **changes)
    return state


def problems(data, state, orders, side="alliance"):
    return [p.message for p in GAME.check(data, state, side, orders)]


def rounds(out):
    return [e for e in out.events if e["event"] == "mobile_assault"]


def air_shifts(event):
    return [s for s in event["shifts"] if "tactical air" in s["why"]]


def test_the_soviet_declares_on_his_assault_and_it_supports_every_round(data):  # 12.6, 12.18, 13.5
    """13.5: the Soviet unit "may be used to aid in one Soviet attack or defense, MA or PA, each game turn";
    "either player (Soviet first) simply declares their use at the start of the odds computation process.
    Their effect ... is a one-column odds shift in their side's favor in that battle." 12.18: the aircraft
    "remain with that stack/unit and support all its MAs, in however many rounds there may be". Turn 2:
    no Fw190 yet (9.5), the Stuka never on an MA, so no German answer is awaited."""
    plain = rounds(GAME.apply(data, position(data), "alliance", [ALONE], ScriptedDice(4)))[0]
    assert (plain["odds"], plain["column"], plain["result"]) == ("3:1", "4:1/3:1", "1/2")
    out = GAME.apply(data, position(data), "alliance", [{**ALONE, "air": True}], ScriptedDice(4))
    first = rounds(out)[0]
    assert (first["round"], first["column"], first["roll"], first["result"]) == (1, "5:1/4:1", 4, "0/2")
    assert air_shifts(first) == [{"shift": 1, "why": "Soviet tactical air", "rule": "13.5"}]
    assert out.state["air_used"] == {"soviet": 2} and out.state["phase"] == "movement"
    assert out.state["mobile"]["escorts"] == [{"air": "soviet", "units": ["sov-t2"]}]
    assert ("item", "Soviet tactical air committed: the mobile assault on 4112E (12.18, 13.5)") in GAME.describe(data, out.state, out.events)
    # 11.30 (behaviour 6): 2 LP against two two-step units, one step each is the only answer, applied
    assert {"event": "defender_losses", "hex": "4112E", "steps_lost": {"ger-a": 1, "ger-b": 1}, "forced": True,
            "rule": "11.30, 12.13: the only legal answer, applied without asking"} in out.events
    state = out.state
    assert problems(data, state, [{**ALONE, "air": True}]) == [
        "another round takes no `air:`: tactical air is declared at the start of a mobile assault, its first round, "
        "and stays for every round (12.18, 13.5)"]
    second = GAME.apply(data, state, "alliance", [ALONE], ScriptedDice(2))
    again = rounds(second)[0]
    assert (again["round"], again["attack"], again["defense"], again["column"], again["result"]) == (2, 6, 1, "7:1/6:1", "1/3")
    assert air_shifts(again) == [{"shift": 1, "why": "Soviet tactical air", "rule": "13.5"}]


def test_the_german_answers_with_a_fw190_before_the_first_die_only(data):  # 13.5, 13.6, 9.5
    """13.6: the two Fw190s "operate just like the Soviet air unit ... they may be used once per game turn on
    the attack or defense. No more than one, however, may be committed to the same battle, and only against
    Soviet units." 13.5: the Stuka aids only "that side's defense against one Soviet-side PA". From Game
    Turn 4 (9.5) the German declares second, after the Soviet's `air: true`."""
    paused = GAME.apply(data, position(data, turn=4), "alliance", [{**ALONE, "air": True}], ScriptedDice(4))
    assert paused.state["phase"] == "naval" and not rounds(paused)
    waiting = GAME.awaiting(paused.state)
    assert (waiting.side, waiting.kind, waiting.opponents) == ("german", "response", ("alliance",))
    assert waiting.phase == "Turn 4 Soviet mobile assault at 4112E: German tactical air support of the defense (13.6)"
    assert problems(data, paused.state, [{"air": "stuka", "battle": "4112E"}], "german") == [
        "the Stuka aids a defense against a Soviet-side PA only, never against a mobile assault (13.5)"]
    assert problems(data, paused.state, [{"air": "fw190-1", "battle": "4112E"}, {"air": "fw190-2", "battle": "4112E"}],
                    "german") == ["no more than one Fw190 may be committed to the same battle (4112E) (13.6)"]
    kept = copy.deepcopy(paused.state)
    out = GAME.apply(data, paused.state, "german", [{"air": "fw190-1", "battle": "4112E"}], ScriptedDice(4))
    first = rounds(out)[0]
    assert (first["column"], first["result"]) == ("4:1/3:1", "1/2")           # the two columns cancel (13.5)
    assert air_shifts(first) == [{"shift": 1, "why": "Soviet tactical air", "rule": "13.5"},
                                 {"shift": -1, "why": "German tactical air (fw190-1)", "rule": "13.5"}]
    assert out.state["air_used"] == {"soviet": 4, "fw190-1": 4}
    none = rounds(GAME.apply(data, kept, "german", [], ScriptedDice(4)))[0]
    assert (none["column"], none["result"]) == ("5:1/4:1", "0/2")
    # the next round of the same assault: no pause, both units still there (reading S15)
    assert out.state["phase"] == "movement"          # 1/2: one step each, forced (11.30, behaviour 6)
    second = GAME.apply(data, out.state, "alliance", [ALONE], ScriptedDice(1))
    assert [r["round"] for r in rounds(second)] == [2] and len(air_shifts(rounds(second)[0])) == 2


def test_a_german_defense_alone_pauses_too(data):  # 13.6
    """Without Soviet air the German still declares before the die: fw190-2 takes the 3:1 a column left."""
    paused = GAME.apply(data, position(data, turn=4), "alliance", [ALONE], ScriptedDice(4))
    out = GAME.apply(data, paused.state, "german", [{"air": "fw190-2", "battle": "4112E"}], ScriptedDice(4))
    assert (rounds(out)[0]["column"], rounds(out)[0]["result"]) == ("3:1/2:1", "1/2")
    used = GAME.apply(data, position(data, turn=4, air_used={"fw190-1": 4, "fw190-2": 4}), "alliance", [ALONE], ScriptedDice(4))
    assert rounds(used)[0]["column"] == "4:1/3:1" and used.state["phase"] == "movement"      # nothing left to declare
    assert any(e["event"] == "defender_losses" and e.get("forced") for e in used.events)      # 1/2: forced (11.30)


def test_the_air_accompanies_the_stack_to_its_next_assault(data):  # 12.18, 12.9
    """12.18: "When eligible aircraft are supporting MAs, they are in effect accompanying the movement of a
    selected stack of mech units. That is, they remain with that stack/unit and support all its MAs ...
    until the end of that movement phase." """
    cleared = GAME.apply(data, position(data), "alliance", [{"assault": "4112E", "with": STACK, "air": True}], ScriptedDice(6))
    assert cleared.state["phase"] == "movement" and cleared.state["mobile"]["going_on"]
    state = cleared.state
    assert problems(data, state, [{"assault": "4113E", "with": ["sov-t1"], "air": True}]) == [
        "soviet already accompanies this stack and supports all its mobile assaults this phase (12.18)"]
    assert problems(data, state, [{"assault": "4113E", "with": ["sov-t3"], "air": True}]) == [
        "the Soviet tactical air unit has been used this game turn (13.5)"]
    out = GAME.apply(data, state, "alliance", [{"assault": "4113E", "with": ["sov-t1"]}], ScriptedDice(1))
    assert air_shifts(rounds(out)[0]) == [{"shift": 1, "why": "Soviet tactical air", "rule": "13.5"}]
    assert {"event": "ma_air", "hex": "4113E", "unit": "soviet", "accompanying": True, "rule": "12.18, 13.5"} in out.events
    assert out.state["mobile"]["escorts"] == [{"air": "soviet", "units": ["sov-t1"]}]


def test_on_a_german_assault_the_soviet_declares_first_then_the_german(data):  # 13.5, 13.6, 12.18
    """13.5 "(Soviet first)": the German mobile assault on sov-t9 waits for the Soviet's answer on his
    defense, then for the German's Fw190, then rolls."""
    paused = GAME.apply(data, position(data, turn=4, army="german"), "german", [PANZER], ScriptedDice(3))
    waiting = GAME.awaiting(paused.state)
    assert (waiting.side, waiting.phase) == ("alliance", "Turn 4 German mobile assault at 4013E: Soviet tactical air on the defense (13.5)")
    assert problems(data, paused.state, [{"air": "4112E"}]) == ["4112E is none of the German attacks on Soviet units (4013E) (13.5, 13.6)"]
    soviet = GAME.apply(data, paused.state, "alliance", [{"air": "4013E"}], ScriptedDice(3))
    waiting = GAME.awaiting(soviet.state)
    assert (waiting.side, waiting.phase) == ("german", "Turn 4 German mobile assault at 4013E: a Fw190 with the assaulting stack (12.18, 13.6)")
    assert problems(data, soviet.state, [{"air": "stuka", "battle": "4013E"}], "german") == [
        "an air order is `air: UNIT` (one of fw190-1, fw190-2) with `battle: HEX` (13.6)"]
    out = GAME.apply(data, soviet.state, "german", [{"air": "fw190-2", "battle": "4013E"}], ScriptedDice(3))
    ma = rounds(out)[0]
    assert (ma["odds"], ma["column"], ma["roll"], ma["result"]) == ("4:1", "4:1/3:1", 3, "1/2")
    assert air_shifts(ma) == [{"shift": 1, "why": "German tactical air (fw190-2)", "rule": "13.5"},
                              {"shift": -1, "why": "Soviet tactical air", "rule": "13.5"}]
    assert out.state["air_used"] == {"soviet": 4, "fw190-2": 4} and "sov-t9" in out.state["eliminated"]
    assert out.state["mobile"]["escorts"] == [{"air": "fw190-2", "units": ["ger-pz"]}]


def test_the_german_names_his_fw190_in_his_file_once_the_soviet_unit_is_used(data):  # 13.5, 13.6, 9.5
    assert problems(data, position(data, turn=4, army="german"), [{**PANZER, "air": "fw190-1"}], "german") == [
        "the Soviet declares his tactical air first: name the Fw190 in your answer after his (13.5)"]
    used = position(data, turn=4, army="german", air_used={"soviet": 4})
    assert problems(data, used, [{**PANZER, "air": "stuka"}], "german") == [
        "`air:` on a German mobile assault names a Fw190 left this game turn: fw190-1, fw190-2 (13.5, 13.6)"]
    out = GAME.apply(data, used, "german", [{**PANZER, "air": "fw190-1"}], ScriptedDice(3))
    assert (rounds(out)[0]["column"], rounds(out)[0]["result"]) == ("5:1/4:1", "1/2")
    # Game Turn 2: no Fw190 yet (9.5); the Soviet's empty answer rolls the die at once
    paused = GAME.apply(data, position(data, army="german"), "german", [PANZER], ScriptedDice(3))
    out = GAME.apply(data, paused.state, "alliance", [], ScriptedDice(3))
    assert {"event": "soviet_air", "hex": None, "rule": "13.5"} in out.events
    assert (rounds(out)[0]["column"], rounds(out)[0]["result"]) == ("4:1/3:1", "1/2")


def test_one_german_answer_carries_the_fw190_and_the_naval_guns(tmp_path):  # 13.6, 13.10
    coast = load(tmp_path, MOBILE.read_text().replace(NO_COAST, "") + '  map.regions.baltic_sea_coastal_hexes.hexes: ["4112E"]\n'
                 + ROAD + EAST)
    paused = GAME.apply(coast, position(coast, turn=4), "alliance", [ALONE], ScriptedDice(4))
    assert GAME.awaiting(paused.state).phase == ("Turn 4 Soviet mobile assault at 4112E: German tactical air and naval gun "
                                                 "support of the defense (13.6, 13.10)")
    out = GAME.apply(coast, paused.state, "german", [{"naval_guns": "4112E"}, {"air": "fw190-1", "battle": "4112E"}], ScriptedDice(4))
    ma = rounds(out)[0]
    assert [s["why"] for s in ma["shifts"]] == ["naval gun support", "German tactical air (fw190-1)"]
    assert ma["column"] == "2:1/1:1" and out.state["naval_guns_turns"] == [4]


def test_western_air_and_behaviour_4_campaigns(data):  # 12.6, docs/upgrading.md
    """12.6: "Western Allied Strategic airpower may not" support MAs. A behaviour-4 campaign plays as it
    recorded: no `air:` on an assault, and no answer before a mobile assault's die."""
    western = dict(position(data), army="western")
    assert GAME.ma_air_problem(data, GAME.movement_view(data, western), GAME.phase_start(data, western), {**ALONE, "air": True}) == \
        "Western Allied strategic airpower may not support mobile assaults (12.6)"
    old = dataclasses.replace(data, behaviour=4)
    assert problems(old, position(old), [{**ALONE, "air": True}]) == [ORDER]
    out = GAME.apply(old, position(old, turn=4), "alliance", [ALONE], ScriptedDice(4))
    assert out.state["phase"] == "ma_response" and air_shifts(rounds(out)[0]) == []
    assert GAME.behaviour >= 5 and not any("tactical air" in r for r in GAME.not_enforced_for({"level": "standard"}))


def test_a_signed_campaign_with_the_soviet_answer_inside_a_german_movement_verifies(tmp_path, demo_keys):  # 13.5, 12.18
    """Through the library API with both players' dice: the German's movement file ends with a mobile
    assault on Soviet units; the Soviet's signed answer (his air on the defense) comes before its die,
    then the German goes on; `verify` replays every step to the same bytes."""
    from pbem import campaign as camp
    from pbem.demo import demo_commitment
    from pbem.keys import key_id
    from tests.test_campaign import orders_file
    german, alliance = demo_keys["german"], demo_keys["alliance"]
    override = tmp_path / "east.yaml"
    override.write_text(MOBILE.read_text() + ROAD + EAST)
    folder = tmp_path / "ma-air"
    camp.create_campaign(folder, "smithereens", "historical", {s: key_id(k.public_key()) for s, k in demo_keys.items()},
                         {p: demo_commitment(k, "ma-air", p) for p, k in demo_keys.items()}, override, options={"level": "standard"})

    def send(side, orders, name):
        key, other = (german, alliance) if side == "german" else (alliance, german)
        return camp.adjudicate(folder, [orders_file(folder, tmp_path, side, key, orders, name)], key=other)

    result = send("german", [], "g1.txt")                          # Turn 1 German prepared assaults: none
    while result.save["awaiting"]["phase"] != "Turn 2 German movement":
        waiting = result.save["awaiting"]
        result = send(waiting["side"], [], f"{len(list(tmp_path.iterdir()))}.txt")
    result = send("german", [PANZER], "ma.txt")
    assert result.save["awaiting"]["phase"] == "Turn 2 German mobile assault at 4013E: Soviet tactical air on the defense (13.5)"
    assert not [e for e in result.save["events"] if e["event"] == "mobile_assault"]
    result = send("alliance", [{"air": "4013E"}], "air.txt")          # no Fw190 before Game Turn 4 (9.5): the die at once
    ma = next(e for e in result.save["events"] if e["event"] == "mobile_assault")
    assert air_shifts(ma) == [{"shift": -1, "why": "Soviet tactical air", "rule": "13.5"}] and ma["column"] == "3:1/2:1"
    assert result.save["state"]["air_used"] == {"soviet": 2}
    assert camp.verify(folder).ok
