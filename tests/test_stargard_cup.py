"""Stargard Solstice: the random event roll (2.2, 19.0), the shared chit cup (1.4, 2.3, 3.1)
and HQ activation (3.3), through GAME.check / GAME.apply on the made-up test data of
tests/sshelp.py."""

from pbem.errors import UnknownDataError
from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, data, play, start

import pytest

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1215", "g-far": "1216", "s-inf": "1415"}
CUP_AFTER_3SS = ["10SS-HQ", "2GT-HQ", "39-Pz-HQ", "61-HQ", "Munzel-HQ", "Stell-II-HQ"]


def after_first_segment(**kw):
    d, s = start(POSITION, **kw)
    s, _, _ = play(d, s, "german", [], 2)         # 19.0 turn 1 die 2: German bombardment
    s, _, _ = play(d, s, "german", [])            # movement: none
    return d, s


def test_2_2_turn_opens_with_the_german_random_event_roll_and_the_3rd_ss_chit_comes_first_on_turn_1():
    """2.2.1 "Either player rolls 1d6 and consults the result on the random event table"; 2.3.1
    "On turn 1, the first command chit is automatically the 3rd SS Panzer Corps chit"."""
    d, s = start(POSITION)
    assert GAME.awaiting(s).as_dict() == {"side": "german", "kind": "orders", "phase": "Turn 1 German random event roll",
                                          "opponents": ["soviet"], "done": False}
    s, events, dice = play(d, s, "german", [], 5)
    assert dice.asked == [("event/1", 6)]                              # no cup roll: the chit is automatic
    assert events[0] == {"event": "air_phase", "side": "german", "available": [], "refit": ["2-JG", "3-JG"]}   # 2.1
    assert events[1] == {"event": "random_event", "turn": 1, "die": 5, "name": "German surprise", "which": "primary"}
    assert events[2] == {"event": "chit", "chit": "3SS-PZ-HQ", "side": "german", "draw": 0, "why": "2.3.1"}
    assert s["phase"] == "movement" and s["active"] == "german" and s["cup"] == CUP_AFTER_3SS


def test_3_3_3_on_turn_1_all_units_start_in_command_later_only_those_within_range():
    """3.3.3 "On turn 1, all units start in command"; later a unit is activated only within the
    HQ's command range (3 in the test data), counting the unit's hex but not the HQ's: g-inf 3 hexes away is in, g-far 4 away out."""
    d, s = start(POSITION)
    s1, events, _ = play(d, s, "german", [], 1)
    assert events[-1] == {"event": "activated", "hq": "3SS-PZ-HQ", "units": ["g-far", "g-inf", "g-pz"], "range": 3}
    _, s = after_first_segment()
    s2, events, dice = play(d, at(s, turn=2, cup=["3SS-PZ-HQ"], previous=None), "german", [])
    assert dice.asked == []                                            # one chit left: no die
    assert [GAME.grid(d).distance("1212", h) for h in ("1215", "1216")] == [3, 4]
    assert events[-1] == {"event": "activated", "hq": "3SS-PZ-HQ", "units": ["g-inf", "g-pz"], "range": 3}


def test_3_1_1_each_draw_is_a_die_over_the_chits_left_in_the_cup_and_its_owner_becomes_active():
    """3.1.1: "command chits are drawn at random one at a time from the cup ... The owner of the
    drawn chit becomes the active player": a d6 over the six chits in id order, face 2 is the
    second, 2GT-HQ, and the Soviet player is awaited next."""
    d, s = after_first_segment()
    s, events, dice = play(d, s, "german", [], 2)                   # an empty Combat segment file
    assert dice.asked == [("cup/1/1", 6)]
    assert events[:2] == [{"event": "combat_over", "side": "german", "hq": "3SS-PZ-HQ"},
                          {"event": "chit", "chit": "2GT-HQ", "side": "soviet", "draw": 1}]
    assert GAME.awaiting(s).side == "soviet" and s["phase"] == "movement" and s["hq"] == "2GT-HQ"


def test_3_1_2_a_chit_of_a_side_at_its_limit_is_set_aside_and_the_draw_goes_on():
    """3.1.2 "Once this limit is reached, no more command chits may be activated that turn"; 12.1:
    one Soviet chit on turn 1. The Soviet chit already drawn, 61-HQ is set aside and the next
    roll (a d4 over what is left) draws Munzel-HQ."""
    d, s = after_first_segment()
    s = at(s, activations={"german": 1, "soviet": 1}, cup=["10SS-HQ", "39-Pz-HQ", "61-HQ", "Munzel-HQ", "Stell-II-HQ"])
    s, events, dice = play(d, s, "german", [], 3, 3)
    assert dice.asked == [("cup/1/1", 5), ("cup/1/2", 4)]
    assert {"event": "chit_aside", "chit": "61-HQ", "side": "soviet",
            "why": "the soviet limit of chits this turn is reached (3.1.2)"} in events
    assert events[-2]["chit"] == "Munzel-HQ" and s["drawn"] == {"german": ["3SS-PZ-HQ", "Munzel-HQ"], "soviet": ["61-HQ"]}


def test_2_3_3_with_both_limits_reached_the_command_phase_and_the_turn_end():
    """2.3.3 "Repeat these segments until all command chits allowed ... have been drawn"; then
    the Supply Phase (2.4); 2.6.2: Pinned markers removed, every chit back in the cup, the turn
    marker advanced."""
    d, s = after_first_segment()
    s = at(s, activations={"german": 2, "soviet": 2}, turn=5)          # 15.3: turn 5 brings nothing
    s["units"]["s-inf"]["pinned"] = True
    s, events, dice = play(d, s, "german", [])
    assert dice.asked == []
    assert [e["event"] for e in events] == ["combat_over", "command_over"]
    assert GAME.describe(d, s, events)[-1] == ("item", (
        f"the turn 5 Command Phase is over (2.3.3); left in the cup: {', '.join(events[-1]['left'])} — each side has "
        "activated the chits the turn track allows this turn (3.1.2, 2.3.3)"))
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 5 Supply Phase (2.4)"
    s, events, dice = play(d, s, "german", [])
    # every unit in supply; 14.1.2: German lines reach Bahn and Arnswalde (no Soviet unit near)
    assert [e["event"] for e in events] == ["supply_checked", "relieved", "relieved", "turn_over"]
    assert GAME.describe(d, s, events)[0] == ("item", "Supply Phase: every unit in supply (2.4, 11.0)")
    assert s["turn"] == 6 and s["phase"] == "random_event" and "pinned" not in s["units"]["s-inf"]
    assert s["cup"] == sorted(s["chits"]) and len(s["cup"]) == 7


def test_3_1_4_a_special_chit_lets_its_owner_pick_the_hq_and_3_1_3_bars_it_next_segment():
    """3.1.4: the 1st Belorussian Front chit "activates any HQ (of the Soviet player's choice)";
    3.1.3: "If the same HQ is drawn that was chosen when you drew the special command chit in
    the previous segment, place it back in the cup and draw a new one"."""
    d, s = after_first_segment()
    s = at(s, cup=["1 BRF", "39-Pz-HQ"], turn=3)
    s, events, _ = play(d, s, "german", [], 1)
    assert events[-1] == {"event": "chit", "chit": "1 BRF", "side": "soviet", "draw": 1}
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 3 Soviet 1 BRF chit: HQ to activate"
    assert GAME.check(d, s, "soviet", [{"hq": "3SS-PZ-HQ"}])[0].message == "3SS-PZ-HQ is not a soviet HQ on the map (3.1.4, 3.1.5)"
    s, events, _ = play(d, s, "soviet", [{"hq": "61-HQ"}])
    assert events[0] == {"event": "picked", "chit": "1 BRF", "hq": "61-HQ"} and s["hq"] == "61-HQ" and s["barred"] == "61-HQ"
    s = at(s, phase="combat", cup=["61-HQ", "Munzel-HQ"], activations={"german": 1, "soviet": 0})
    s, events, dice = play(d, s, "soviet", [], 1, 2)
    assert dice.asked == [("cup/3/2", 2), ("cup/3/3", 2)]
    assert {"event": "chit_back", "chit": "61-HQ", "rule": "3.1.3"} in events and s["hq"] == "Munzel-HQ"


def test_19_0_every_face_of_the_turn_must_be_known_before_the_roll():
    """19.0: the text's table breaks off at turn 2 die 3-4: the roll is refused before the die,
    naming the data path of the missing entry."""
    d, s = start(POSITION)
    problems = GAME.check(d, at(s, turn=2), "german", [])
    assert "`events.random_events.table.2.5`" in problems[0].message and "turn 2 random event of die 5" in problems[0].message
    with pytest.raises(UnknownDataError):
        GAME.require_legal(d, at(s, turn=2), "german", [])
    d2 = data(position={u: {"hex": h} for u, h in POSITION.items()},
              values={"events.random_events.table.2.5": {"primary": "made up", "secondary": "made up too"},
                      "events.random_events.table.2.6": {"primary": "made up", "secondary": "made up too"}})
    assert GAME.check(d2, at(s, turn=2), "german", []) == []


def test_19_0_the_secondary_event_when_the_primary_occurred_last_turn():
    """19.0 "If the primary event occurred on the previous turn, execute the secondary event
    instead" — the text gives no secondary event, so the roll is refused naming the table."""
    d, s = start(POSITION)
    problems = GAME.check(d, at(s, last_event="German bombardment"), "german", [])
    assert "`events.random_events.table.1.1-3.secondary`" in problems[0].message


def test_3_1_2_the_turn_tracks_limits_are_asked_for_by_their_data_path():
    """3.1.2, 1.2.2: the chits per turn are on the turn track; a draw without them is refused
    before its die, naming command.per_turn_limit.by_turn.TURN.SIDE."""
    d, s = after_first_segment(per_turn=None)
    problems = GAME.check(d, s, "german", [])
    assert "`command.per_turn_limit.by_turn.1.german`" in problems[0].message


def test_14_2_2_a_soviet_unit_in_supply_in_a_stettin_hex_ends_the_game_at_once():
    """14.2.2 "If the Soviet player occupies any of the Stettin victory hexes (03.18, 04.18,
    04.19, 05.18) with a combat unit in supply at any time, the game ends immediately"."""
    d, s = start(dict(POSITION, **{"s-inf": "0418", "61-HQ": "0419"}),
                 hexes={"0418": {"terrain": "city"}, "0419": {"terrain": "city"}})
    s, events, _ = play(d, s, "german", [], 2)
    assert events[-1] == {"event": "sudden_death", "hex": "0418", "units": ["s-inf"], "rule": "14.2.2"}
    assert GAME.awaiting(s).done


def test_15_0_an_unknown_option_is_refused_naming_the_known_ones():
    from pbem.errors import PbemError
    with pytest.raises(PbemError, match=r"unknown Stargard Solstice option\(s\): weather \(known: position, optional, "
                                        r"withdrawal, fog, errata.ID\)"):
        GAME.options({"position": "x", "weather": True})


def test_12_1_on_turn_1_the_armies_the_germans_attacked_react_after_the_german_activation():
    """12.1 "the Soviet player may activate all armies that are attacked ... during turn 1,
    directly after the current German activation has finished. Each Soviet army may only be
    activated once" and (the example) their chits "are set aside when drawn later in the turn":
    the 3rd SS Panzer Corps attacks s-inf (61st Army) and s-tank (2nd Guards Tank Army)."""
    position = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "s-tank": "1314"}
    d, s = start(position)
    s, _, _ = play(d, s, "german", [], 2)
    s, _, _ = play(d, s, "german", [])
    s, _, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-inf"]}], 1)
    s, _, _ = play(d, s, "german", [{"attack": "1314", "with": ["g-pz"]}], 1)
    assert s["reactions"] == ["61-HQ", "2GT-HQ"]
    s, events, dice = play(d, s, "german", [])                       # the 3rd SS activation ends
    assert dice.asked == [] and events[1:3] == [{"event": "reaction", "hq": "61-HQ", "rule": "12.1"},
                                               {"event": "activated", "hq": "61-HQ", "units": ["s-inf"], "range": 3}]
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 1 Soviet 61-HQ movement"
    s, _, _ = play(d, s, "soviet", [])
    s, events, _ = play(d, s, "soviet", [])                          # then the next army attacked
    assert events[1]["hq"] == "2GT-HQ" and s["hq"] == "2GT-HQ" and s["activations"]["soviet"] == 0
    s, _, _ = play(d, s, "soviet", [])
    s = at(s, cup=["61-HQ", "Munzel-HQ"])
    s, events, dice = play(d, s, "soviet", [], 1, 1)                 # the draws go on: 61-HQ's chit set aside
    assert events[1] == {"event": "chit_aside", "chit": "61-HQ", "side": "soviet",
                         "why": "its army was activated this turn (12.1)"}
    assert events[2]["chit"] == "Munzel-HQ"
