"""Stargard Solstice random events (19.0, 19.1): the effects pbem carries out, named in
rules/stargard-solstice/module.yaml `event_effects`, on the test data of tests/sshelp.py."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "s-one": "1413", "s-tank": "1614"}
ATTACK = [{"attack": "1413", "with": ["g-pz", "g-inf"]}]
MADE_UP = {"primary": "made up", "secondary": "made up"}


def test_19_1_12_german_surprise_needs_its_kind_then_shifts_the_first_3rd_ss_attack():
    """19.1.12 "The German player receives a '+1' on the first attack selected by the 3rd SS Panzer
    Corps on the first turn": turn 1 die 4 is German surprise (19.0). Whether "+1" is a column
    shift is not said: the attack is refused naming the data path until the group says."""
    d, s = start(POSITION)
    s, events, _ = play(d, s, "german", [], 4)
    assert events[1]["name"] == "German surprise" and s["surprise"] is True
    s, _, _ = play(d, s, "german", [])
    assert "`crt.shifts.german_surprise_kind`" in GAME.check(d, s, "german", ATTACK)[0].message
    d, _ = start(POSITION, values={"crt.shifts.german_surprise_kind": "column_shift"})
    s, events, _ = play(d, s, "german", ATTACK, 1)
    assert {"shift": 1, "why": "German surprise", "rule": "19.1.12"} in events[0]["shifts"]
    assert (events[0]["ratio"], events[0]["column"]) == ("2:1", "3:1") and s["surprise"] is False


def test_19_1_4_the_2nd_guards_tank_army_out_of_fuel_may_not_move_strategically_that_turn():
    """19.1.4 "All units belonging to the 2nd Guards Tank Army are forbidden from using strategic
    movement until the following turn": turn 2 die 1 (19.0)."""
    values = {"events.random_events.table.2.5": MADE_UP, "events.random_events.table.2.6": MADE_UP,
              "terrain.lines.road.strategic_movement_mp": "1/4"}
    d, s = start(POSITION, sides={"1614|1615": ["road"]}, values=values)
    s = at(s, turn=2, cup=["2GT-HQ"], last_event=None)
    s, events, _ = play(d, s, "german", [], 1)
    rolled = next(e for e in events if e["event"] == "random_event")
    assert rolled["name"] == "2nd GTA out of fuel" and s["out_of_fuel"] == {"hq": "2GT-HQ", "turn": 2}
    assert [p.message for p in GAME.check(d, s, "soviet", [{"move": "s-tank", "path": ["1615"], "strategic": True}])] == [
        "s-tank belongs to the 2nd Guards Tank Army, out of fuel this turn: no strategic movement (19.1.4)"]


def test_19_1_9_general_wenck_falls_asleep_the_germans_draw_four_chits():
    """19.1.9 "The German player may only draw 4 chits this turn instead of the usual 5" — an
    event of a turn the text's table does not print, entered by name in the data."""
    wenck = {"primary": "General Wenck Falls Asleep", "secondary": "made up"}
    d, s = start(POSITION, per_turn=5, values={"events.random_events.table.3": {"1-6": wenck}})
    s = at(s, turn=3, last_event=None)
    s, _, _ = play(d, s, "german", [], 1, **{"cup/": [1]})
    from pbem.games.stargard_solstice.cup import limit
    assert s["wenck"] == 3 and limit(d, s, "german") == 4 and limit(d, at(s, turn=4), "german") == 5


def test_19_1_6_accurate_soviet_aa_fire_removes_rudel_for_the_rest_of_the_game():
    """19.1.6 "Remove the German air unit Rudel from the game for the rest of the game"."""
    aa = {"primary": "Accurate Soviet Anti-Aircraft (AA) Fire", "secondary": "made up"}
    d, s = start(POSITION, values={"events.random_events.table.3": {"1-6": aa}})
    s, _, _ = play(d, at(s, turn=3, last_event=None), "german", [], 1, **{"cup/": [1]})
    assert "Rudel" not in [u for boxes in s["air"]["german"].values() for u in boxes]


def test_19_1_10_aborted_air_operation_both_players_ground_one_air_unit():
    """19.1.10 "Both players must ground one air unit, first from the air box, or if none is
    available, from the 'Refit' side": turn 1 die 6 (19.0). The Soviet 6 GA is alone in its box
    and goes at once; the German player picks 1 JG or Rudel, then the first chit (2.3.1)."""
    d, s = start(POSITION)
    s, events, _ = play(d, s, "german", [], 6)
    assert {"event": "grounded", "unit": "6-GA", "side": "soviet", "rule": "19.1.10"} in events
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 1 German air unit to ground (19.1.10)" and s["chit"] is None
    assert [p.message for p in GAME.check(d, s, "german", [{"ground": "2-JG"}])] == [
        "`ground: UNIT`, one of 1-JG, Rudel (19.1.10)"]
    s, events, _ = play(d, s, "german", [{"ground": "Rudel"}])
    assert events[0] == {"event": "grounded", "unit": "Rudel", "side": "german", "rule": "19.1.10"}
    assert s["air"]["german"]["grounded"] == ["Rudel"] and s["hq"] == "3SS-PZ-HQ" and s["phase"] == "movement"


def test_19_1_13_the_mechanics_work_wonders_each_player_rebuilds_a_mechanized_step():
    """19.1.13 "Both players receive 1 mechanized replacement point to spend on a mechanized unit
    on the map, in supply, in command, and not in an EZOC": the Soviet s-tank, alone eligible,
    gets it at once; the German player chooses between its reduced mechanized units, g-pz and
    g-pz2 (the reduced g-inf is not mechanized). 7.3.4: the German player, with no replacement schedule,
    receives one via the random event table."""
    from tests.sshelp import COUNTERS, combat
    COUNTERS["g-pz2"] = combat(6, 5, "3SS-PZ-HQ", movement=6, mech=True)
    try:
        wonders = {"primary": "The Mechanics Work Wonders", "secondary": "made up"}
        position = {**POSITION, "g-pz": {"hex": "1212", "steps": 1}, "g-pz2": {"hex": "1211", "steps": 1},
                    "s-tank": {"hex": "1616", "steps": 1}}
        d, s = start(position, values={"events.random_events.table.3": {"1-6": wonders}})
        s = at(s, turn=3, last_event=None)
        s["units"]["g-inf"]["steps"] = 1                      # not mechanized: not eligible
        s["units"]["s-one"]["hex"] = "1414"
        s, events, _ = play(d, s, "german", [], 1)
        assert {"event": "replaced", "unit": "s-tank", "rule": "19.1.13"} in events
        assert s["phase"] == "replace" and GAME.awaiting(s).side == "german"
        assert [p.message for p in GAME.check(d, s, "german", [{"replace": "g-inf"}])] == [
            "`replace: UNIT`, one of g-pz, g-pz2 (19.1.13)"]
        s, events, _ = play(d, s, "german", [{"replace": "g-pz"}], **{"cup/": [1]})
        assert events[0] == {"event": "replaced", "unit": "g-pz", "rule": "19.1.13"} and s["units"]["g-pz"]["steps"] == 2
        assert s["phase"] in ("movement", "pick_hq")
    finally:
        del COUNTERS["g-pz2"]


def test_8_5_1_a_bombardment_rolls_its_attacks_then_the_bombarding_player_names_its_targets():
    """8.5.1 "roll 1d6 and compare the result to the bombardment table, which indicates the number
    of attacks. Choose a target unit, roll a die, and compare the result to the bombardment column
    on the CRT. A bombardment attack may only be made against a unit in a hex adjacent to a
    friendly combat unit, and only one attempt may be made per target": turn 1 die 2 (19.0)."""
    values = {"crt.combat.bombardment.brt.attacks_by_roll": {str(d): 1 for d in range(1, 7)},
              "crt.bombardment_cells": {str(d): "D1P" for d in range(1, 7)}}
    d, s = start(POSITION, values=values)
    s, events, _ = play(d, s, "german", [], 2, **{"brt/": [3]})
    assert events[-1] == {"event": "bombardment", "side": "german", "die": 3, "attacks": 1, "rule": "19.1.1"}
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 1 German bombardment: 1 attack(s) (19.1.1)"
    assert [p.message for p in GAME.check(d, s, "german", [{"bombard": ["s-tank"]}])] == [
        "s-tank is not an enemy combat unit next to a friendly combat unit (8.5.1)"]
    assert [p.message for p in GAME.check(d, s, "german", [{"bombard": ["s-inf", "s-one"]}])] == [
        "at most 1 targets, each once (8.5.1)"]
    s, events, _ = play(d, s, "german", [{"bombard": ["s-inf"]}], 5)
    assert events[:2] == [{"event": "bombarded", "unit": "s-inf", "die": 5, "steps": 1, "pinned": True},
                          {"event": "reduced", "unit": "s-inf", "steps": 1, "why": "bombardment (8.5)"}]
    assert s["units"]["s-inf"]["pinned"] and s["hq"] == "3SS-PZ-HQ"
