"""Operation Grenade: Volkssturm (21.x), the Rhine and its bridges (22.x), US bridging (26.0) and
the Rhine bridge Victory Points (28.21, 28.22), driven through pbem.games.operation_grenade.

Rule numbers are cases of /work/shared/rulebooks/operation-grenade.txt. The map and counters are
the made-up values of examples/operation-grenade-demo/data-override.yaml: the Rhine runs along
the yy 19/20 boundary; the Koeln bridge joins its western terminus 0419 (Koeln, a city) to its
eastern terminus 0320, with a road over it (0517-0518-0519-0419-0320-0321-0322 is all road).

The demo has no Volkssturm towns or counters. The Volkssturm tests build a merged override in
tmp_path (`volkssturm_data`) that adds them: TEST DATA, made up for these tests only:
towns under `volkssturm.towns.<HEX>: {volkssturm_value: N[, hexes: [...]]}`, counters VS1..VSn
(`volkssturm.countermix_limit.counters`) with the counter values in VS_COUNTER below.

Positions are built on the module's own set-up with the set-up units removed and a handful
placed by hand (as in tests/test_operation_grenade_rules.py). The weather is heavy overcast, so
neither side has Air Points (24.12) and no test places artillery: no combat waits for support
announcements (9.64, 13.13). Dice are scripted; the German Player-Turn's background rolls (23.0,
19.21) show 6.

Where the module disagrees with the rulebook, the test states the RULEBOOK's behaviour and fails;
those tests say "MODULE BUG" in their docstring.
"""

import copy
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data
from pbem.games.base import Outcome
from pbem.games.operation_grenade import GAME, rhine
from pbem.games.operation_grenade import movement as og_movement
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.test_operation_grenade_rules import ScriptedDice, data, problems, scenario  # noqa: F401 (fixtures)
from tests.test_operation_grenade_rules import position as rules_position
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"

# TEST DATA (not from the rulebook or the demo): a Volkssturm counter, battalion-sized (21.24).
VS_COUNTER = {"side": "german", "type": "non_mechanized_infantry", "size": "battalion", "strength": 1, "movement": 2}

# Demo chits used below: 3-01 A5; 3-06 A8; 2-01 B3; 2-04 B4.
# Units: 119/30/19, 120/30/19 US infantry (MA 5); R/2A/19, A/2A/19 US tank brigades (MA 10);
#   1150/183/12, 1151/183/12, 1152/183/12 German infantry regiments; Pol/12 German battalion
#   (strength 1); 9P/81 German tank regiment.
KOELN_ROAD = ["0517", "0518", "0519", "0419"]          # three road hexsides: 3 MP


def volkssturm_data(directory: Path, towns: dict, counters: int = 4):
    """The demo plus TEST DATA: Volkssturm towns {hex: {volkssturm_value: N[, hexes: [...]]}} and
    `counters` Volkssturm counters VS1..VSn (the countermix, 21.22)."""
    doc = load_yaml_file_once(DEMO)
    values = doc["values"]
    for hex_id, spec in towns.items():
        values[f"volkssturm.towns.{hex_id}"] = dict(spec)
    names = [f"VS{i}" for i in range(1, counters + 1)]
    values["volkssturm.countermix_limit.counters"] = names
    values["volkssturm.towns.values"] = "listed"          # the list of towns above is the whole (21.0)
    for name in names:
        values[f"units.counters.{name}"] = dict(VS_COUNTER)
    path = directory / "data-override.yaml"
    path.write_text(dump_yaml(doc), encoding="utf-8")
    return load_game_data("operation-grenade", path)


def position(data, scenario, units=None, *, volkssturm=(), **given):
    """The rules tests' position, in heavy overcast (no Air Points to answer with, 24.12), with
    `volkssturm`: the ids among the units that are Volkssturm units (21.24)."""
    state = rules_position(data, scenario, units, weather="heavy_overcast", **given)
    state["volkssturm_units"] = list(volkssturm)
    state["last_through"] = {}
    return state


def move(unit_id, *path, ruse=None):
    order = {"move": unit_id, "path": list(path)}
    if ruse is not None:
        order["ruse"] = ruse
    return order


def play(data, state, orders, *faces, side=None):
    """Apply `orders`; a US unit entering a western terminus (moving, advancing or retreating)
    pauses for the German's answer (22.21 "may attempt"), which attempts every bridge here, with
    the same dice (issue 10: before, the module rolled at once without asking; these tests now
    answer for the German)."""
    dice = ScriptedDice(*faces)
    outcome = GAME.apply(data, state, side or GAME.awaiting(state).side, orders, dice)
    choice = state["awaiting_choice"]
    if choice and choice["kind"] == "bridge":
        answer = [{"bridge": name, "attempt": True} for name in choice["bridges"]]
        outcome = Outcome(state, outcome.events + GAME.apply(data, state, "german", answer, dice).events)
    return outcome, dice


def events_of(outcome, kind):
    return [e for e in outcome.events if e["event"] == kind]


def answer(data, state, hex_id, losses=(), retreat=None, faces=()):
    order = {"combat": hex_id, "losses": list(losses)}
    if retreat is not None:
        order["retreat"] = list(retreat)
    return play(data, state, [order], *faces)


def bridge_dice(first, second):
    return [("bridge/koeln/1", 6), ("bridge/koeln/2", 6)], (first, second)


# == 22.21 the US move is interrupted at the western terminus ===========================================

def test_22_21_a_us_move_entering_the_western_terminus_ends_there_and_ends_the_file(data, scenario):
    state = position(data, scenario, {"119/30/19": "0517", "120/30/19": "0516"})
    [message] = problems(data, state, [move("119/30/19", *KOELN_ROAD, "0320")])
    assert "interrupted at 0419" in message and "(21.11/22.21)" in message
    found = GAME.check(data, state, "allied", [move("119/30/19", *KOELN_ROAD), move("120/30/19", "0516", "0416")])
    assert [p.index for p in found] == [0] and "last order" in found[0].message
    assert problems(data, state, [move("120/30/19", "0516", "0416"), move("119/30/19", *KOELN_ROAD)]) == []

    outcome, dice = play(data, state, [move("119/30/19", *KOELN_ROAD)], 6, 6)
    asked, _ = bridge_dice(6, 6)
    assert dice.main() == asked                                                 # 2d6, rolled by the module at once
    [event] = events_of(outcome, "bridge")
    assert (event["bridge"], event["unit"], event["dice"], event["blown"]) == ("koeln", "119/30/19", [6, 6], False)
    assert state["bridges"] == {"koeln": "intact"}
    assert state["units"]["119/30/19"]["hex"] == "0419"
    assert state["interrupted"] == {"119/30/19": 3}                             # 3 road hexsides spent
    waiting = GAME.awaiting(state)
    assert (state["phase"], waiting.side, waiting.kind) == ("movement", "allied", "orders")   # 21.13: the US goes on
    assert "(21.13)" in waiting.phase


@pytest.mark.parametrize("german_in_east, ruse, faces, blown, why", [
    (True, False, (1, 1), False, "22.22a"),      # 2: outside 3-11
    (True, False, (1, 2), True, "22.22a"),       # 3
    (True, False, (6, 5), True, "22.22a"),       # 11
    (True, False, (6, 6), False, "22.22a"),      # 12
    (False, False, (1, 2), False, "22.22b"),     # 3: outside 4-11
    (False, False, (2, 2), True, "22.22b"),      # 4
    (False, False, (6, 6), False, "22.22b"),     # 12
    (True, True, (2, 2), False, "22.22c"),       # 4: a ruse needs 5-11, German unit or not
    (True, True, (2, 3), True, "22.22c"),        # 5
    (False, True, (6, 5), True, "22.22c"),       # 11
    (False, True, (6, 6), False, "22.22c"),      # 12
])
def test_22_22_blowing_windows(data, scenario, german_in_east, ruse, faces, blown, why):
    units = {"119/30/19": "0517"}
    if german_in_east:
        units["1150/183/12"] = "0320"
    state = position(data, scenario, units)
    outcome, dice = play(data, state, [move("119/30/19", *KOELN_ROAD, ruse=True if ruse else None)], *faces)
    [event] = events_of(outcome, "bridge")
    assert event["blown"] is blown and why in event["why"] and event["dice"] == list(faces)
    assert state["bridges"]["koeln"] == ("blown" if blown else "intact")
    assert state["ruse_used"] is ruse
    assert len(dice.main()) == 2                                                # 22.21: two dice, once


def test_22_22a_a_volkssturm_unit_in_the_eastern_terminus_does_not_count(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {})
    state = position(data, scenario, {"119/30/19": "0517", "VS1": "0320"}, volkssturm=["VS1"])
    outcome, _ = play(data, state, [move("119/30/19", *KOELN_ROAD)], 1, 2)     # 3: blown under 22.22a only
    [event] = events_of(outcome, "bridge")
    assert "22.22b" in event["why"] and event["blown"] is False
    assert state["bridges"]["koeln"] == "intact"


# == 22.23 the US ruse ================================================================================

def test_22_23_a_ruse_is_declared_only_on_the_move_that_sets_off_a_bridge_roll(data, scenario):
    state = position(data, scenario, {"119/30/19": "0517"})
    [message] = problems(data, state, [move("119/30/19", "0517", "0518", ruse=True)])
    assert "(22.23)" in message
    [message] = problems(data, state, [move("119/30/19", *KOELN_ROAD, ruse="yes")])
    assert "(22.23)" in message
    assert problems(data, state, [move("119/30/19", *KOELN_ROAD, ruse=True)]) == []
    state["bridges"]["koeln"] = "intact"                                        # rolled already: nothing to ruse
    [message] = problems(data, state, [move("119/30/19", *KOELN_ROAD, ruse=True)])
    assert "(22.23)" in message


def test_22_23_only_one_ruse_per_game_is_refused_when_checked(data, scenario):
    """MODULE BUG: 22.23 "Only once per game, the US player may declare a ruse". After the ruse was
    used, check() accepts a second `ruse: true` (move_problem only checks that the move enters a
    western terminus); apply() then raises PbemError from rhine.blow_bridge in the middle of
    apply_moves, after the unit has already been moved in the state. The second ruse must be
    refused by check() like any other illegal order."""
    state = position(data, scenario, {"119/30/19": "0517"})
    state["ruse_used"] = True
    messages = problems(data, state, [move("119/30/19", *KOELN_ROAD, ruse=True)])
    assert messages and "(22.23)" in messages[0]


# == 22.11 / 22.25 crossing and attacking over the bridge ======================================================

def test_22_11_a_blown_bridge_is_closed_to_us_movement_and_attack(data, scenario):
    state = position(data, scenario, {"119/30/19": "0419"})
    state["bridges"]["koeln"] = "blown"
    [message] = problems(data, state, [move("119/30/19", "0419", "0320")])
    assert "(22.11)" in message
    state = position(data, scenario, {"119/30/19": ("0419", "3-06"), "1150/183/12": ("0320", "2-01")}, phase="combat")
    state["bridges"]["koeln"] = "blown"
    [message] = problems(data, state, [{"attack": "0320", "with": ["119/30/19"]}])
    assert "across the Rhine" in message
    assert problems(data, state, []) == []                                      # 22.11: need not attack


def test_21_13_the_interrupted_unit_goes_on_with_its_remaining_mp_other_moved_units_do_not(data, scenario):
    state = position(data, scenario, {"119/30/19": "0517"})
    play(data, state, [move("119/30/19", *KOELN_ROAD)], 1, 1)                  # 2: the bridge stands
    [message] = problems(data, state, [move("119/30/19", "0419", "0320", "0321", "0322")])
    assert "needs 6 MP" in message                                              # 3 spent + 3 > 5
    outcome, dice = play(data, state, [move("119/30/19", "0419", "0320", "0321")])   # 3 + 2 = 5
    assert dice.main() == [] and state["units"]["119/30/19"]["hex"] == "0321"
    assert state["bridge_crossers"] == {"koeln": ["119/30/19"]}                 # 28.21: crossed west to east
    assert (state["phase"], state["interrupted"]) == ("combat", {})             # the Movement Phase ends
    # units that finished their move before the interruption may not move again; the others may
    state = position(data, scenario, {"119/30/19": "0517", "120/30/19": "0516", "175/29/19": "0515"})
    play(data, state, [move("120/30/19", "0516", "0416"), move("119/30/19", *KOELN_ROAD)], 6, 6)
    [message] = problems(data, state, [move("120/30/19", "0416", "0316")])
    assert "already moved" in message
    assert problems(data, state, [move("175/29/19", "0515", "0514"), move("119/30/19", "0419", "0418")]) == []
    play(data, state, [])                                                       # an empty file ends the phase
    assert state["phase"] == "combat" and state["units"]["119/30/19"]["hex"] == "0419"


def test_6_31_an_interrupted_unit_that_entered_an_enemy_zoc_may_not_move_on(data, scenario):
    """MODULE BUG: 21.13 lets the interrupted US unit "continue to move normally"; normally a unit
    that entered an enemy ZOC "may move no further during the Movement Phase" (6.31, 5.22). The
    German regiment in 0320 controls 0419 (ZOC crosses the Rhine, 22.11). move_problem treats an
    interrupted unit as not starting in a ZOC and lets it walk on from 0419 to 0418 after the roll."""
    state = position(data, scenario, {"119/30/19": "0517", "1150/183/12": "0320"})
    play(data, state, [move("119/30/19", *KOELN_ROAD)], 6, 6)                  # 12: the bridge stands
    assert state["bridges"]["koeln"] == "intact"
    messages = problems(data, state, [move("119/30/19", "0419", "0418")])
    assert messages and "6.31" in messages[0]


def test_21_13_a_unit_interrupted_twice_still_has_only_its_allowance(tmp_path, scenario):
    """MODULE BUG: 21.13 the interrupted unit goes on with the Movement Points it has left.
    apply_moves empties state["interrupted"] before it calls move_problem for the continuation leg;
    move_problem then answers "already moved" (ignored by apply_moves) and records no MP for that
    leg, so after a second interruption (here a Volkssturm roll at 0320, next to the TEST DATA town
    0321) state["interrupted"] still holds the 3 MP of the first leg instead of 3 + 1. The unit
    then moves 0320-0321-0322 (2 MP, 6 in all) although its allowance is 5."""
    data = volkssturm_data(tmp_path, {"0321": {"volkssturm_value": 3}})
    state = position(data, scenario, {"119/30/19": "0517"})
    play(data, state, [move("119/30/19", *KOELN_ROAD)], 1, 1)                  # bridge stands; 3 MP spent
    assert state["interrupted"] == {"119/30/19": 3}
    outcome, _ = play(data, state, [move("119/30/19", "0419", "0320")], 6)     # Volkssturm roll 6: none
    assert [e["town"] for e in events_of(outcome, "volkssturm")] == ["0321"]
    assert GAME.awaiting(state).side == "allied" and state["phase"] == "movement"
    messages = problems(data, state, [move("119/30/19", "0320", "0321", "0322")])
    assert messages and "needs 6 MP" in messages[0]


def test_22_21_a_bridge_is_rolled_for_once_per_game(data, scenario):
    state = position(data, scenario, {"120/30/19": "0519"})
    state["bridges"]["koeln"] = "intact"
    assert problems(data, state, [move("120/30/19", "0519", "0419", "0320", "0321")]) == []
    outcome, dice = play(data, state, [move("120/30/19", "0519", "0419", "0320", "0321")])
    assert dice.main() == [] and events_of(outcome, "bridge") == []
    assert state["phase"] == "combat" and state["bridge_crossers"] == {"koeln": ["120/30/19"]}
    state = position(data, scenario, {"120/30/19": "0519"})
    state["bridges"]["koeln"] = "blown"                                         # a blown bridge: no second try
    assert rhine.triggers(GAME, data, state, "allied", "0419") == []


def test_22_25_attack_over_an_unblown_bridge_only_into_its_eastern_terminus_tripled(data, scenario):
    state = position(data, scenario, {"119/30/19": ("0419", "3-06"), "1150/183/12": ("0320", "2-01")}, phase="combat")
    state["bridges"]["koeln"] = "intact"
    outcome, _ = play(data, state, [{"attack": "0320", "with": ["119/30/19"]}], 3, 3)
    [event] = events_of(outcome, "combat")
    assert (event["attack"], event["defence"]) == (8, 9)                       # B3 x 3, not x 2 (9.32) nor x 6
    assert [(m["times"], m["rule"]) for m in event["modifiers"]] == [(3, "22.25")]
    assert event["column"] == "1-2" and event["result"] == "-"
    state = position(data, scenario, {"119/30/19": ("0419", "3-06"), "1150/183/12": ("0320", "2-01"),
                                      "1151/183/12": ("0319", "2-04")}, phase="combat")
    state["bridges"]["koeln"] = "intact"
    [message] = problems(data, state, [{"attack": ["0320", "0319"], "with": ["119/30/19"]}])
    assert "(22.25)" in message
    assert problems(data, state, [{"attack": "0319", "with": ["119/30/19"]}]) == []   # 0320 need not be (22.11)


def test_22_25_28_21_an_advance_over_an_unblown_bridge_is_a_crossing(data, scenario):
    state = position(data, scenario, {"119/30/19": ("0419", "3-06"), "Pol/12": "0320"}, phase="combat")
    state["bridges"]["koeln"] = "intact"
    outcome, _ = play(data, state, [{"attack": "0320", "with": ["119/30/19"], "advance": ["119/30/19"]}], 4, 4)
    [event] = events_of(outcome, "combat")
    assert (event["defence"], event["result"]) == (3, "D2")                    # 8:3 -> 2-1, roll 8
    outcome, dice = answer(data, state, "0320", [], ["0321", "0322"])
    assert dice.main() == []
    assert state["units"]["119/30/19"]["hex"] == "0321"
    assert state["bridge_crossers"] == {"koeln": ["119/30/19"]}


@pytest.mark.parametrize("faces, blown", [((1, 2), False), ((3, 3), True)])
def test_22_21_an_advance_into_the_western_terminus_rolls_before_going_on(data, scenario, faces, blown):
    """22.21: the advancing US unit is interrupted on first entering the western terminus while the
    German answers and rolls (`play` attempts for him), and a blown bridge may not be crossed
    (22.11, 22.25: advances only over non-blown bridge hexsides): the advance goes on from 0419
    after the roll, over the bridge only if it stands."""
    state = position(data, scenario, {"119/30/19": ("0519", "3-06"), "1150/183/12": ("0419", "2-01")}, phase="combat")
    outcome, _ = play(data, state, [{"attack": "0419", "with": ["119/30/19"], "advance": ["119/30/19"]}], 5, 6)
    [event] = events_of(outcome, "combat")
    assert event["result"] == "D2"                                              # city line, 8:3 -> 2-1, roll 11
    outcome, dice = answer(data, state, "0419", [], ["0320", "0321"], faces=faces)
    assert dice.main() == bridge_dice(*faces)[0]                               # 22.22b: 0320 is empty now
    assert state["bridges"]["koeln"] == ("blown" if blown else "intact")
    assert state["units"]["119/30/19"]["hex"] == ("0419" if blown else "0320")
    assert state["bridge_crossers"] == ({} if blown else {"koeln": ["119/30/19"]})


def test_22_21_a_us_retreat_into_the_western_terminus_rolls_after_the_germans_answer(data, scenario):
    """22.21: the retreat into 0419 pauses for the German's answer (`play` attempts); the roll blows
    the bridge and the Combat Phase ends."""
    state = position(data, scenario, {"119/30/19": ("0418", "3-01"), "1150/183/12": ("0417", "2-04")}, phase="combat")
    outcome, _ = play(data, state, [{"attack": "0417", "with": ["119/30/19"]}], 1, 1)
    assert events_of(outcome, "combat")[0]["result"] == "A1"                   # 5:4 -> 1-1, roll 2
    outcome, dice = answer(data, state, "0417", [], ["0419"], faces=(2, 2))
    assert dice.main() == bridge_dice(2, 2)[0]
    assert state["bridges"]["koeln"] == "blown" and state["units"]["119/30/19"]["hex"] == "0419"
    assert state["awaiting_choice"] == {"kind": "advance", "side": "german", "hex": "0417"}   # 9.94: the victorious defender
    GAME.apply(data, state, "german", [], ScriptedDice())                       # stays
    assert state["awaiting_choice"] is None and (state["side"], state["phase"]) == ("german", "movement")


def test_28_21_a_us_retreat_over_an_unblown_bridge_is_a_crossing(data, scenario):
    """MODULE BUG: 28.21 counts a bridge "which at least one US unit has crossed from west to east
    (either moving or as a result of combat)". A US attacker in 0419 retreats over the unblown
    bridge to 0320 (the module accepts the retreat); apply_losses calls entered_hex for the hexes
    entered but never rhine.note_crossing, so the crossing is not recorded and earns no VP."""
    state = position(data, scenario, {"119/30/19": ("0419", "3-01"), "1150/183/12": ("0418", "2-04")}, phase="combat")
    state["bridges"]["koeln"] = "intact"
    outcome, _ = play(data, state, [{"attack": "0418", "with": ["119/30/19"]}], 1, 1)
    assert events_of(outcome, "combat")[0]["result"] == "A1"                   # 5:4 -> 1-1, roll 2
    answer(data, state, "0418", [], ["0320"])
    assert state["units"]["119/30/19"]["hex"] == "0320"
    assert state["bridge_crossers"] == {"koeln": ["119/30/19"]}


def test_22_11_22_25_no_us_advance_across_a_plain_rhine_hexside(data, scenario):
    """MODULE BUG: 22.11 US units may not cross Rhine hexsides except at an unblown bridge; 22.25
    allows advances over non-blown bridge hexsides only. The German in 0319 retreats over the Rhine
    (22.12: a normal river to him) into 0320; advance_after_combat never looks at the Rhine and the
    US unit follows it from 0319 into 0320 across a bridgeless Rhine hexside."""
    state = position(data, scenario, {"119/30/19": ("0318", "3-06"), "1150/183/12": ("0319", "2-01")}, phase="combat")
    outcome, _ = play(data, state, [{"attack": "0319", "with": ["119/30/19"], "advance": ["119/30/19"]}], 4, 4)
    assert events_of(outcome, "combat")[0]["result"] == "D2"                   # 8:3 -> 2-1, roll 8
    answer(data, state, "0319", [], ["0320", "0321"])
    assert state["units"]["1150/183/12"]["hex"] == "0321"
    assert state["units"]["119/30/19"]["hex"] == "0319"                         # the advance stops at the Rhine


# == 22.11 / 22.12 adjacent across the Rhine ================================================================

def test_22_11_22_12_adjacent_across_the_rhine_without_attacking_germans_move_across_us_do_not(data, scenario):
    units = {"119/30/19": ("0319", "3-01"), "1150/183/12": ("0320", "2-04")}
    state = position(data, scenario, units, phase="combat")
    assert problems(data, state, []) == []                                      # 22.11
    [message] = problems(data, state, [{"attack": "0320", "with": ["119/30/19"]}])
    assert "across the Rhine except over an unblown bridge (22.11" in message
    state = position(data, scenario, units, side="german", phase="combat")
    assert problems(data, state, []) == []                                      # 22.12
    state = position(data, scenario, {"1150/183/12": "0320", "9P/81": "0320"}, side="german")
    assert problems(data, state, [move("1150/183/12", "0320", "0319", "0318")]) == []   # 1 + river 1, then 1
    [message] = problems(data, state, [move("1150/183/12", "0320", "0319", "0318", "0317")])
    assert "needs 5 MP" in message                                              # + hilltop 2 > 4: the river costs
    [message] = problems(data, state, [move("9P/81", "0320", "0319")])
    assert "(5.61" in message                                                   # a river to a tank without a road
    state = position(data, scenario, {"119/30/19": "0319"})
    [message] = problems(data, state, [move("119/30/19", "0319", "0320")])
    assert "(22.11)" in message


def test_22_12_german_units_attack_across_the_rhine_as_across_a_river(data, scenario):
    """MODULE BUG: 22.12 "German units may move and attack across Rhine hexsides as if it were a
    normal river." attack_problem refuses any attack across a Rhine hexside (across_rhine ignores
    the attacking side): "1150/183/12 may not attack across the Rhine except over an unblown bridge (22.11". The US
    defender attacked across the river is doubled (9.32)."""
    state = position(data, scenario, {"119/30/19": ("0319", "3-01"), "1150/183/12": ("0320", "2-04")},
                     side="german", phase="combat")
    assert problems(data, state, [{"attack": "0319", "with": ["1150/183/12"]}]) == []
    outcome, _ = play(data, state, [{"attack": "0319", "with": ["1150/183/12"]}], 3, 4, 3)   # combat, then weather
    [event] = events_of(outcome, "combat")
    assert event["defence"] == 10 and [m["rule"] for m in event["modifiers"]] == ["9.32"]   # A5 doubled


# == 21.x Volkssturm ==================================================================================

@pytest.mark.parametrize("roll, raised", [(1, 3), (2, 2), (3, 1), (4, 0), (6, 0)])
def test_21_11_first_us_entry_next_to_a_town_rolls_value_minus_roll_units(tmp_path, scenario, roll, raised):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708"})
    picks = [1] * raised
    outcome, dice = play(data, state, [move("119/30/19", "1708", "1709")], roll, *picks)
    assert dice.main() == [("volkssturm/1609", 6)] + [
        (f"volkssturm/1609/unit/{n + 1}", 4 - n) for n in range(raised)]   # d4, d3, d2: one of the free
    [event] = events_of(outcome, "volkssturm")
    assert (event["roll"], event["value"], event["raised"], len(event["received"])) == (roll, 4, raised, raised)
    assert state["volkssturm_rolled"] == ["1609"]
    placed = {u: v["hex"] for u, v in state["units"].items() if u.startswith("VS")}
    assert placed == {u: "1609" for u in event["received"]}                     # one-hex town: no choice asked
    assert sorted(state["volkssturm_units"]) == sorted(event["received"])
    assert all(state["units"][u]["side"] == "german" for u in placed)
    assert state["awaiting_choice"] is None and GAME.awaiting(state).side == "allied"
    assert state["interrupted"] == {"119/30/19": 1}


def test_21_11_21_21_a_move_stops_next_to_a_town_and_the_town_rolls_once_per_game(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708", "120/30/19": "1607"})
    [message] = problems(data, state, [move("119/30/19", "1708", "1709", "1809")])
    assert "interrupted at 1709" in message
    found = GAME.check(data, state, "allied", [move("119/30/19", "1708", "1709"), move("120/30/19", "1607", "1507")])
    assert [p.index for p in found] == [0] and "last order" in found[0].message
    assert rhine.triggers(GAME, data, state, "german", "1709") == []           # only US units set it off
    play(data, state, [move("119/30/19", "1708", "1709")], 5)                  # 5 >= 4: none created
    assert state["volkssturm_rolled"] == ["1609"] and not [u for u in state["units"] if u.startswith("VS")]
    outcome, dice = play(data, state, [move("120/30/19", "1607", "1608", "1508")])   # 1608 touches 1609
    assert dice.main() == [] and events_of(outcome, "volkssturm") == []
    assert state["phase"] == "combat"


def test_21_12_21_22_random_choice_among_unused_counters_the_countermix_limits(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708", "VS2": "2020"}, volkssturm=["VS2"])
    outcome, dice = play(data, state, [move("119/30/19", "1708", "1709")], 2, 2, 2)
    assert dice.main()[1:] == [("volkssturm/1609/unit/1", 3), ("volkssturm/1609/unit/2", 2)]
    [event] = events_of(outcome, "volkssturm")
    assert event["received"] == ["VS3", "VS4"]                                  # [VS1 VS3 VS4][2], [VS1 VS4][2]
    assert state["units"]["VS2"]["hex"] == "2020"
    # 21.22: only two counters
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}}, counters=2)
    # VS1 is on the map; VS2 was eliminated earlier (not in state["units"]): available again
    state = position(data, scenario, {"119/30/19": "1708", "VS1": "2020"}, volkssturm=["VS1", "VS2"])
    outcome, dice = play(data, state, [move("119/30/19", "1708", "1709")], 1)  # 4 - 1 = 3 raised
    [event] = events_of(outcome, "volkssturm")
    assert (event["raised"], event["received"]) == (3, ["VS2"])                 # only one counter left
    assert len(dice.main()) == 1                                                # no die to choose among one
    assert state["units"]["VS2"]["hex"] == "1609"


def test_21_13_21_24_volkssturm_units_have_no_zoc_and_one_step(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708"})
    play(data, state, [move("119/30/19", "1708", "1709")], 3, 1)               # one unit: VS1
    assert state["units"]["VS1"] == {"side": "german", "hex": "1609", "form": "untried"}
    assert not GAME.exerts_zoc(data, state, "VS1") and GAME.steps_available(data, state, ["VS1"]) == 1
    # 1709 and 1710 both touch 1609: with a ZOC there this would be refused (6.31/6.32)
    assert problems(data, state, [move("119/30/19", "1709", "1710", "1711")]) == []
    play(data, state, [move("119/30/19", "1709", "1710", "1711")])
    assert state["phase"] == "combat" and state["units"]["119/30/19"]["hex"] == "1711"


def test_21_12_a_multi_hex_town_waits_for_the_german_placement(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1513": {"volkssturm_value": 5, "hexes": ["1513", "1514"]}})
    state = position(data, scenario, {"119/30/19": "1312"})
    outcome, _ = play(data, state, [move("119/30/19", "1312", "1412")], 3, 1, 1)   # 5 - 3 = 2: VS1, VS2
    assert events_of(outcome, "volkssturm")[0]["received"] == ["VS1", "VS2"]
    assert state["awaiting_choice"]["kind"] == "place" and state["awaiting_choice"]["units"] == ["VS1", "VS2"]
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response")
    assert "VS1" not in state["units"]
    template = GAME.template(data, state, "german")
    assert template["orders"] == [{"place": "VS1", "at": "1513"}, {"place": "VS2", "at": "1513"}]
    assert any("1513, 1514" in note and "21.12" in note for note in template["notes"])
    assert problems(data, state, [], side="allied") == ["german is to act, not allied"]
    [message] = problems(data, state, [{"place": "VS1", "at": "1412"}, {"place": "VS2", "at": "1513"}])
    assert "1513, 1514" in message and "(21.12)" in message                     # not a town hex
    [message] = problems(data, state, [{"place": "VS1", "at": "1513"}])
    assert "VS1, VS2" in message                                                # each new unit once
    play(data, state, [{"place": "VS1", "at": "1513"}, {"place": "VS2", "at": "1514"}])
    assert (state["units"]["VS1"]["hex"], state["units"]["VS2"]["hex"]) == ("1513", "1514")
    assert state["awaiting_choice"] is None
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind, state["phase"]) == ("allied", "orders", "movement")
    play(data, state, [move("119/30/19", "1412", "1413")])                     # the US goes on (21.13)
    assert state["phase"] == "combat" and state["units"]["119/30/19"]["hex"] == "1413"


def test_21_12_no_overstacking_a_full_town_sends_its_units_to_adjacent_hexes_without_us_units(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708", "1150/183/12": "1609", "1151/183/12": "1609",
                                      "1152/183/12": "1609"})
    play(data, state, [move("119/30/19", "1708", "1709")], 3, 1)               # one unit, the town is full
    assert state["awaiting_choice"]["kind"] == "place"
    assert rhine.legal_hexes(GAME, data, state, "1609") == ["1509", "1510", "1608", "1610", "1710"]
    assert "(21.12)" in problems(data, state, [{"place": "VS1", "at": "1709"}])[0]    # the US unit's hex
    assert "(21.12)" in problems(data, state, [{"place": "VS1", "at": "1609"}])[0]
    play(data, state, [{"place": "VS1", "at": "1608"}])
    assert state["units"]["VS1"]["hex"] == "1608"
    # a multi-hex town with room for one more unit in 1513
    data = volkssturm_data(tmp_path, {"1513": {"volkssturm_value": 5, "hexes": ["1513", "1514"]}})
    state = position(data, scenario, {"119/30/19": "1312", "1150/183/12": "1513", "1151/183/12": "1513"})
    play(data, state, [move("119/30/19", "1312", "1412")], 3, 1, 1)
    [message] = problems(data, state, [{"place": "VS1", "at": "1513"}, {"place": "VS2", "at": "1513"}])
    assert "stacking limit (7.11)" in message and "legal: 1513, 1514; 1514, 1514" in message   # 1513 holds one more
    assert problems(data, state, [{"place": "VS1", "at": "1513"}, {"place": "VS2", "at": "1514"}]) == []


def test_21_12_units_that_do_not_fit_in_the_town_go_to_adjacent_hexes(tmp_path, scenario):
    """MODULE BUG: 21.12 stacking limits may not be violated; "if this is unavoidable,
    newly-created Volkssturm units may be placed in any adjacent hex not occupied by US units".
    Here the one-hex town holds two German units and two Volkssturm units are created: one fits.
    legal_hexes offers only the town (it has room for one), placements() finds no way to place
    two there and returns [()], and raise_volkssturm 'places' that empty tuple automatically: both
    units are received (the event says so) and silently never reach the map."""
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708", "1150/183/12": "1609", "1151/183/12": "1609"})
    outcome, _ = play(data, state, [move("119/30/19", "1708", "1709")], 2, 1, 1)   # two units
    received = events_of(outcome, "volkssturm")[0]["received"]
    assert received == ["VS1", "VS2"]
    if state["awaiting_choice"]:
        play(data, state, [{"place": "VS1", "at": "1609"}, {"place": "VS2", "at": "1608"}])
    assert all(u in state["units"] for u in received)
    assert sum(state["units"][u]["hex"] == "1609" for u in received) == 1


def test_21_23_next_to_two_towns_the_german_rolls_for_each(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}, "1809": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": "1708"})
    outcome, dice = play(data, state, [move("119/30/19", "1708", "1709")], 3, 1, 3, 1)
    assert [p for p, _ in dice.main()] == ["volkssturm/1609", "volkssturm/1609/unit/1",
                                           "volkssturm/1809", "volkssturm/1809/unit/1"]
    assert state["volkssturm_rolled"] == ["1609", "1809"]
    assert (state["units"]["VS1"]["hex"], state["units"]["VS2"]["hex"]) == ("1609", "1809")
    assert GAME.awaiting(state).side == "allied"                               # then the US goes on


def test_21_23_two_multi_hex_towns_each_get_their_placement(tmp_path, scenario):
    """MODULE BUG: 21.23 the German rolls for each town before the US unit resumes, and 21.12 places
    each town's new units, chosen from the counters "not currently being used". rhine.roll draws the
    second town's units while the first town's are still waiting for placement (not yet in
    state["units"]), so it may draw the same counter again (here VS1 twice: d4 instead of d3); and
    entered_hex keeps only pending[0], so the second town's units are never placed."""
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4, "hexes": ["1609", "1610"]},
                                      "1809": {"volkssturm_value": 4, "hexes": ["1809", "1810"]}})
    state = position(data, scenario, {"119/30/19": "1709"})
    outcome, _ = play(data, state, [move("119/30/19", "1709", "1710")], 3, 1, 3, 1)   # one unit per town
    received = [u for e in events_of(outcome, "volkssturm") for u in e["received"]]
    assert received == ["VS1", "VS2"]
    for _ in range(3):
        choice = state["awaiting_choice"]
        if not choice or choice["kind"] != "place":
            break
        play(data, state, GAME.template(data, state, "german")["orders"])
    assert {u: state["units"].get(u, {}).get("hex") for u in received} == {"VS1": "1609", "VS2": "1809"}


def test_21_11_a_us_retreat_next_to_a_town_rolls_and_combat_goes_on(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 4}})
    state = position(data, scenario, {"119/30/19": ("1607", "3-01"), "1150/183/12": ("1606", "2-04")}, phase="combat")
    outcome, _ = play(data, state, [{"attack": "1606", "with": ["119/30/19"]}], 1, 1)
    assert events_of(outcome, "combat")[0]["result"] == "A1"                   # 5:4 -> 1-1, roll 2
    outcome, dice = answer(data, state, "1606", [], ["1608"], faces=(2, 1, 1))
    assert [p for p, _ in dice.main()][0] == "volkssturm/1609"
    assert events_of(outcome, "volkssturm")[0]["received"] == ["VS1", "VS2"]
    assert (state["units"]["VS1"]["hex"], state["units"]["VS2"]["hex"]) == ("1609", "1609")
    assert state["awaiting_choice"] == {"kind": "advance", "side": "german", "hex": "1606"}   # 9.94: the victorious defender
    GAME.apply(data, state, "german", [], ScriptedDice())                       # stays
    assert state["awaiting_choice"] is None and (state["side"], state["phase"]) == ("german", "movement")


def test_21_11_an_advance_next_to_a_multi_hex_town_pauses_for_placement_in_combat(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"1609": {"volkssturm_value": 5, "hexes": ["1609", "1610"]}})
    state = position(data, scenario, {"119/30/19": ("1607", "3-06"), "Pol/12": "1608"}, phase="combat")
    order = {"attack": "1608", "with": ["119/30/19"], "advance": ["119/30/19"], "advance_path": ["1608"]}
    outcome, _ = play(data, state, [order], 1, 2)
    assert events_of(outcome, "combat")[0]["result"] == "D2"                   # 8:1 -> 8-1, roll 3
    outcome, dice = answer(data, state, "1608", ["Pol/12"], faces=(3, 1, 1))   # eliminated; 5 - 3 = 2 raised
    assert state["units"]["119/30/19"]["hex"] == "1608"                         # 9.94: advanced into the hex
    assert state["awaiting_choice"]["kind"] == "place" and state["phase"] == "combat"
    assert GAME.awaiting(state).side == "german"
    play(data, state, [{"place": "VS1", "at": "1609"}, {"place": "VS2", "at": "1610"}])
    assert (state["units"]["VS1"]["hex"], state["units"]["VS2"]["hex"]) == ("1609", "1610")
    assert (state["side"], state["phase"]) == ("german", "movement")           # the Combat Phase finished


def test_9_94_an_advance_without_advance_path_after_the_defender_is_eliminated(data, scenario):
    """MODULE BUG (found with the test above): `advance:` declared without `advance_path:` (the
    template's form) and the defender eliminated by its steps without retreating: 9.94 lets the
    victor advance the hexes left of the retreat obligation (here 1, into the vacated hex).
    advance_after_combat evaluates `combat.get("advance_path", [None])[0]` on the declared empty
    list and raises IndexError, so the loss answer crashes."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "Pol/12": "1012"}, phase="combat")
    outcome, _ = play(data, state, [{"attack": "1012", "with": ["119/30/19"], "advance": ["119/30/19"]}], 1, 2)
    assert events_of(outcome, "combat")[0]["result"] == "D2"                   # 8:1 -> 8-1, roll 3
    answer(data, state, "1012", ["Pol/12"])                                    # its one step in lieu of retreat
    assert "Pol/12" not in state["units"] and state["units"]["119/30/19"]["hex"] == "1012"


# == 28.21 / 28.22 bridge Victory Points =====================================================================

@pytest.mark.parametrize("bridge, crossers, units, vp", [
    ("intact", ["119/30/19"], {"119/30/19": "0321"}, 5),
    ("intact", ["119/30/19"], {"119/30/19": "0320"}, 5),                      # the eastern terminus itself
    ("blown", ["119/30/19"], {"119/30/19": "0321"}, 0),                       # 28.21: unblown bridges only
    ("intact", ["119/30/19"], {"119/30/19": "0519"}, 0),                      # 28.22: came back west
    ("intact", ["119/30/19"], {"120/30/19": "0321"}, 0),                      # the crosser is gone; 120 never crossed
    ("intact", ["119/30/19", "120/30/19"], {"119/30/19": "0519", "120/30/19": "1721"}, 5),   # one crosser east is enough
    ("intact", ["119/30/19"], {"119/30/19": "0321", "1150/183/12": "0322"}, 5),   # regardless of enemy ZOC
    ("intact", [], {"119/30/19": "0321"}, 0),                                 # nobody crossed
])
def test_28_21_28_22_bridge_victory_points(data, scenario, bridge, crossers, units, vp):
    state = position(data, scenario, units)
    state["bridges"]["koeln"] = bridge
    if crossers:
        state["bridge_crossers"]["koeln"] = list(crossers)
    result = GAME.victory(data, state)
    assert (result["vp"], result["bridges"]) == (vp, ["koeln"] if vp else [])
    state["last_through"]["0419"] = "allied"                                   # plus Koeln, 3 VP (28.1)
    result = GAME.victory(data, state)
    assert (result["vp"], result["towns"], result["level"]) == (vp + 3, ["Koeln"], "German Decisive Victory")


# == 26.0 US bridging ====================================================================================

def test_26_0_bridging_costs_the_whole_allowance_from_game_turn_four(data, scenario):
    order = move("R/2A/19", "0607", "0608")                                    # upper Roer, no road
    state = position(data, scenario, {"R/2A/19": "0607"}, turn=3)
    [message] = problems(data, state, [order])
    assert "(19.31)" in message
    state = position(data, scenario, {"R/2A/19": "0607"}, turn=4)
    refused, [plan] = og_movement.plan_moves(GAME, data, state, "allied", [order])    # the check's plan (the check writes nothing)
    assert refused == [] and plan.spent == 10                                  # its entire Movement Allowance
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608", "0609")])
    assert "(5.61" in message
    play(data, state, [order])
    assert state["units"]["R/2A/19"]["hex"] == "0608"


def test_26_0_not_from_or_into_enemy_zoc_nor_across_the_rhine(data, scenario):
    state = position(data, scenario, {"R/2A/19": "0607", "1150/183/12": "0709"}, turn=4)   # 0709 controls 0608
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608")])
    assert "(26.0)" in message and "enemy ZOC" in message
    state = position(data, scenario, {"R/2A/19": "0607", "1150/183/12": "0606"}, turn=4)   # 0606 controls 0607
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608")])
    assert "(26.0)" in message and "begins the Movement Phase" in message
    state = position(data, scenario, {"R/2A/19": "0607", "Pol/12": "0709"}, turn=4)        # 6.1: no ZOC
    assert problems(data, state, [move("R/2A/19", "0607", "0608")]) == []
    state = position(data, scenario, {"R/2A/19": "0319"}, turn=4)
    [message] = problems(data, state, [move("R/2A/19", "0319", "0320")])
    assert "(22.11)" in message


def test_26_0_streams_in_mud_and_out_of_supply(data, scenario):
    state = position(data, scenario, {"A/2A/19": "0914"}, turn=4, mud=True)    # 24.22a: the stream is a river
    assert problems(data, state, [move("A/2A/19", "0914", "0915")]) == []
    state["supply"]["A/2A/19"] = "out_of_supply"                               # "even if ... out of supply"
    assert problems(data, state, [move("A/2A/19", "0914", "0915")]) == []
    dry = position(data, scenario, {"A/2A/19": "0914"}, turn=4)                # a stream in dry weather: normal move
    assert problems(data, dry, [move("A/2A/19", "0914", "0915", "0916")]) == []


def test_26_0_not_for_a_unit_that_has_moved_this_phase(tmp_path, scenario):
    data = volkssturm_data(tmp_path, {"0507": {"volkssturm_value": 1}})        # TEST DATA town next to 0607
    state = position(data, scenario, {"R/2A/19": "0707"}, turn=4)
    play(data, state, [move("R/2A/19", "0707", "0607")], 4)                     # interrupted: roll 4 >= 1
    assert state["interrupted"] == {"R/2A/19": 1}
    [message] = problems(data, state, [move("R/2A/19", "0607", "0608")])
    assert "(5.61" in message or "(26.0)" in message
