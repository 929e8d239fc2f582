"""Stargard Solstice 2.5, 7.0-7.2 the Reinforcement Phase, on the test data of tests/sshelp.py
with made-up entry areas and counters for the turn 1 reinforcements (15.3: German 1/1Mar at A;
Soviet 88GT and 132/129 at D, 364/7, 265/7, 207/79 and 115UR at F, 1A HQ and 1/1 at G)."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616"}
ARRIVING = {"1/1Mar": "german", "88GT": "soviet", "132/129": "soviet", "364/7": "soviet", "265/7": "soviet",
            "207/79": "soviet", "115UR": "soviet", "1/1": "soviet"}
VALUES = {
    "reinforcements.entry_areas.locations.A": ["0110", "0111"], "reinforcements.entry_areas.locations.D": ["2001", "2101"],
    "reinforcements.entry_areas.locations.F": ["3001", "3101"], "reinforcements.entry_areas.locations.G": ["4801"],
    "units.counters.1A-HQ.command_range": 3, "units.counters.1A-HQ.movement": 6,
    **{f"units.counters.{u}.{k}": v for u in ARRIVING for k, v in
       {"attack": 3, "defense": 3, "movement": 4, "steps": 2, "mechanized": False}.items()},
}
SOVIET = [{"enter": "88GT", "at": "2001"}, {"enter": "132/129", "at": "2101"}, {"enter": "364/7", "at": "3001"},
          {"enter": "265/7", "at": "3001"}, {"enter": "207/79", "at": "3101"}, {"enter": "115UR", "at": "3101"},
          {"enter": "1A-HQ", "at": "4801"}, {"enter": "1/1", "at": "4801"}]


def reinforcing():
    d, s = start(POSITION, values=VALUES)
    s, events, _ = play(d, at(s, phase="supply"), "german", [])
    return d, s, events


def test_2_5_after_the_supply_phase_each_player_enters_its_reinforcements_the_german_first():
    """2.5 "Both players receive any reinforcements for the current turn ... Place combat units on
    the map"; 7.0 "Place them in the hex containing their designated entry area"."""
    d, s, _ = reinforcing()
    assert GAME.awaiting(s).as_dict()["phase"] == "Turn 1 German reinforcements (2.5, 7.0)" and s["turn"] == 1
    assert [p.message for p in GAME.check(d, s, "german", [])] == [
        "enter 1/1Mar too (7.0, 15.3): `enter: UNIT, at: HEX` for every reinforcement (7.0), then `move: UNIT, path: [...]` (7.1.1)"]
    assert [p.message for p in GAME.check(d, s, "german", [{"enter": "1/1Mar", "at": "0112"}])] == [
        "1/1Mar enters at a hex of its area free of enemy units and EZOCs: 0110, 0111 (7.0, 7.1.2)"]
    s, events, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"}, {"move": "1/1Mar", "path": ["0210", "0310"]}])
    assert events == [{"event": "entered", "unit": "1/1Mar", "hex": "0110", "rule": "7.0"},
                      {"event": "move", "unit": "1/1Mar", "path": ["0110", "0210", "0310"]}]
    assert s["units"]["1/1Mar"] == {"side": "german", "hex": "0310", "steps": 2, "supply": "in"}
    assert GAME.awaiting(s).side == "soviet"


def test_7_1_reinforcements_may_overstack_on_placement_but_not_at_the_end_of_the_phase():
    """6.2 "Reinforcements may overstack initially upon placement, but must be legally stacked by
    the end of that phase"; then 7.2: the turn's chits join the cup for the next turn."""
    d, s, _ = reinforcing()
    s, _, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"}])
    crowded = [dict(o, at="3001") if o["enter"] == "207/79" else o for o in SOVIET]
    assert "over the limit of 2 (6.0): reinforcements are legally stacked by the end of the phase (6.2, 7.1)" in \
        GAME.check(d, s, "soviet", crowded)[0].message
    moved_off = crowded + [{"move": "207/79", "path": ["3002"]}]
    assert GAME.check(d, s, "soviet", moved_off) == []
    s, events, _ = play(d, s, "soviet", SOVIET)
    assert {"event": "chits_arrive", "chits": ["11 Pz AOK", "47A-HQ"], "rule": "7.2, 7.2.1"} in events
    assert s["turn"] == 2 and s["units"]["1A-HQ"]["hex"] == "4801" and "47A-HQ" in s["cup"]


def test_12_1_an_attacked_unit_whose_hq_is_not_on_the_map_brings_it_that_turn():
    """12.1 "If the Germans attack a Soviet unit whose HQ is not currently on the map, that HQ (and
    its accompanying command chit) arrives in the reinforcement phase of that turn": a unit of the
    3rd Shock Army (made up here), whose HQ 15.3 brings on turn 2, attacked on turn 1."""
    from tests.sshelp import COUNTERS, combat
    COUNTERS["s-shock"] = combat(2, 2, "3-Sh-A-HQ", side="soviet", steps=1)
    try:
        values = {**VALUES, "units.counters.3-Sh-A-HQ.command_range": 3, "units.counters.3-Sh-A-HQ.movement": 6}
        d, s = start({**POSITION, "g-inf": "1312", "s-shock": "1413"}, values=values)
        s, _, _ = play(d, s, "german", [], 6)                  # 19.0 turn 1 die 6: aborted air operation
        s, _, _ = play(d, s, "german", [{"ground": "Rudel"}])
        s, _, _ = play(d, s, "german", [])
        s, _, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-pz", "g-inf"]}], 1)
        assert s["early_hqs"] == ["3-Sh-A-HQ"] and s["reactions"] == []
        from pbem.games.stargard_solstice.reinforcements import arrivals
        assert "3-Sh-A-HQ" in arrivals(d, s, "soviet")
    finally:
        del COUNTERS["s-shock"]


def test_6_2_1_a_hex_still_overstacked_at_the_end_of_the_phase_costs_its_strongest_unit_a_step_and_a_hex():
    """6.2 "Reinforcements may overstack initially upon placement, but must be legally stacked by
    the end of that phase"; 6.2.1 "In a hex where overstacking has occurred, the strongest unit
    (attack value) must lose 1 step and retreat one hex. If it cannot do so, it is eliminated."
    Three Soviet units enter 3001; 207/79 (attack 4) is the strongest."""
    d, s = start(POSITION, values={k: v for k, v in VALUES.items() if k != "units.counters.207/79.attack"}
                 | {"units.counters.207/79.attack": 4,
                    "units.counters.207/79.reduced": {"attack": 2, "defense": 1, "movement": 4}})
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    s, _, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"}])
    three = [{"enter": u, "at": "3001"} if u in ("364/7", "265/7", "207/79") else o
             for o in SOVIET for u in [o["enter"]]]

    def problems(extra):
        return [p.message for p in GAME.check(d, s, "soviet", three + extra)]
    assert problems([]) == [
        "3001 would hold 3 combat units (207/79, 265/7, 364/7), over the limit of 2 (6.0): reinforcements are legally "
        "stacked by the end of the phase (6.2, 7.1), else `overstack: UNIT, to: HEX` (or `to: none`) for each hex still "
        "overstacked (6.2.1)"]
    assert problems([{"overstack": "364/7", "to": "3002"}]) == [
        "the strongest unit (attack value) of the overstacked hex takes the penalty: 207/79 (6.2.1)"]
    assert problems([{"overstack": "207/79", "to": "none"}]) == ["207/79 can retreat to 2901, 3002, 3101 (6.2.1)"]
    s2, events, _ = play(d, s, "soviet", three + [{"overstack": "207/79", "to": "3002"}])
    penalty = [e for e in events if e.get("unit") == "207/79" and e["event"] != "entered"]
    assert penalty == [{"event": "reduced", "unit": "207/79", "steps": 1, "why": "overstacking penalty (6.2.1)"},
                       {"event": "overstack_retreat", "unit": "207/79", "hex": "3002", "rule": "6.2.1"}]
    assert s2["units"]["207/79"]["hex"] == "3002" and s2["units"]["207/79"]["steps"] == 1


def test_7_1_2_a_blocked_entry_moves_along_the_map_edge_or_within_5_hexes_inland():
    """7.1.2 "If enemy units or their ZOCs occupy the reinforcement's entry hex along the map edge,
    the reinforcements arrive within 10 hexes of their entry hex along the same map edge. If the
    entry point occurs within the map (not on a map edge) and that hex is blocked, the unit may
    enter within 5 hexes of the initially designated hex, following the previously mentioned
    restrictions." s-inf in 0110 occupies 1/1Mar's area A (0110, 0111) and controls 0109 and
    0111 (odd columns down). 4.3 reinforcements may not enter the map directly into EZOCs (not 0511)."""
    from pbem.games.stargard_solstice.reinforcements import alternatives, entry_hexes
    d, s = start({**POSITION, "s-inf": "0110"}, values=VALUES)
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    edge = ["0101", "0102", "0103", "0104", "0105", "0106", "0107", "0108", "0112", "0113", "0114", "0115", "0116",
            "0117", "0118", "0119", "0120", "0121"]
    assert alternatives(d, s, "german", entry_hexes(d, "1/1Mar")) == edge
    assert [p.message for p in GAME.check(d, s, "german", [{"enter": "1/1Mar", "at": "0210"}])] == [
        f"1/1Mar enters at a hex of its area free of enemy units and EZOCs: {', '.join(edge)} (7.0, 7.1.2)"]
    s2, events, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0121"}])
    assert s2["units"]["1/1Mar"]["hex"] == "0121"
    d, s = start({**POSITION, "s-inf": "0510"}, values={**VALUES, "reinforcements.entry_areas.locations.A": ["0510"]})
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    inland = alternatives(d, s, "german", entry_hexes(d, "1/1Mar"))
    from pbem.games.stargard_solstice.common import grid
    assert inland and all(2 <= grid(d).distance("0510", h) <= 5 for h in inland) and "1010" in inland
    assert "0511" not in inland                                              # in the EZOC of s-inf


def test_6_2_1_a_unit_losing_its_last_step_is_eliminated_and_with_no_hex_to_retreat_to_as_well():
    """6.2.1 "If it cannot do so, it is eliminated": 207/79 (attack 4, one step left) loses it;
    then a two-step 207/79 with every adjacent hex blocked (`to: none`)."""
    values = {k: v for k, v in VALUES.items() if k != "units.counters.207/79.attack"}
    d, s = start(POSITION, values=values | {"units.counters.207/79.attack": 4, "units.counters.207/79.steps": 1})
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    s, _, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"}])
    three = [{"enter": u, "at": "3001"} if u in ("364/7", "265/7", "207/79") else o for o in SOVIET for u in [o["enter"]]]
    assert [p.message for p in GAME.check(d, s, "soviet", three + [{"overstack": "207/79", "to": "3002"}])] == [
        "207/79 loses its last step: no `to:` (6.2.1)"]
    s2, events, _ = play(d, s, "soviet", three + [{"overstack": "207/79"}])
    assert {"event": "eliminated", "unit": "207/79", "why": "overstacking penalty (6.2.1)"} in events
    assert "207/79" not in s2["units"] and {"unit": "207/79", "side": "soviet"} in s2["dead"]
    d, s = start({**POSITION, "g-pz": "2902", "g-inf": "3102"},
                 values=values | {"units.counters.207/79.attack": 4,
                                  "units.counters.207/79.reduced": {"attack": 2, "defense": 1, "movement": 4}})
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    s, _, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "0110"}])
    from pbem.games.stargard_solstice.overstack import penalty, retreat_hexes
    work = at(s)                                  # the three in 3001, g-pz and g-inf controlling 2901, 3002, 3101
    for u in ("364/7", "265/7", "207/79"):
        work["units"][u] = {"side": "soviet", "hex": "3001", "steps": 2, "supply": "in"}
    assert retreat_hexes(d, work, "207/79") == []
    events: list = []
    assert penalty(d, work, {"overstack": "207/79", "to": "none"}, events) is None
    assert events == [{"event": "reduced", "unit": "207/79", "steps": 1, "why": "overstacking penalty (6.2.1)"},
                      {"event": "eliminated", "unit": "207/79", "why": "overstacking penalty (6.2.1): no hex to retreat to"}]


def test_the_apply_takes_the_file_its_check_carried_out_and_gives_what_carrying_it_out_again_gives():
    """Issue 13: within GAME.apply the Reinforcement Phase's check keeps the file carried out on its
    copy (the entries and moves) and the apply takes it; the state (its key order too) and the
    events are those of the apply carrying the file out itself, called alone without the check."""
    import copy

    from pbem.games.stargard_solstice.reinforcements import apply_reinforce
    from tests.dicehelp import ScriptedDice
    d, s, _ = reinforcing()
    german = [{"enter": "1/1Mar", "at": "0110"}, {"move": "1/1Mar", "path": ["0210", "0310"]}]
    s2, _, _ = play(d, s, "german", german)
    crowded = [dict(o, at="3001") if o["enter"] == "207/79" else o for o in SOVIET]
    for state, side, orders in ((s, "german", german), (s2, "soviet", crowded + [{"move": "207/79", "path": ["3002"]}]),
                                (s2, "soviet", SOVIET)):
        assert GAME.check(d, state, side, orders) == []
        alone = copy.deepcopy(state)
        events_alone = apply_reinforce(d, alone, side, orders, ScriptedDice())
        planned = copy.deepcopy(state)
        GAME._planning = {}             # as inside GAME.apply: the check keeps its plan
        try:
            GAME.require_legal(d, planned, side, orders)
            assert GAME._planning["reinforce"][0] is planned
            events_planned = apply_reinforce(d, planned, side, orders, ScriptedDice())
            assert GAME._planning == {}
        finally:
            GAME._planning = None
        assert (planned, events_planned) == (alone, events_alone)
        assert list(planned) == list(alone) and planned["turn"] == (2 if side == "soviet" else 1)
