"""Stargard Solstice 2.4, 11.0 the Supply Phase, on the test data of tests/sshelp.py (every hex
clear; German source 1010, Soviet 1616): after the Command Phase the German player's empty file
has pbem trace every unit's supply line."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "s-one": "1415"}


def supply_phase(position=POSITION, **kw):
    d, s = start(position, **kw)
    return d, at(s, phase="supply", active=None, turn=5)          # 15.3: turn 5 brings no reinforcements


def test_11_1_a_unit_cut_off_by_enemy_units_and_ezocs_is_out_of_supply_then_isolated():
    """11.1 "A supply line is a route free of enemy units and EZOCs"; 11.0: "If the unit is still
    OOS and already has an 'OOS' marker, that unit becomes isolated". s-one in 1415 is ringed by
    German units' zones of control, g-far and g-inf2 on both sides. 11.2.1 s-inf traces to the Soviet
    source 1616."""
    ring = dict(POSITION, **{"g-far": "1416", "g-inf2": "1514", "g-39": "1315", "g-ind": "1516"})
    d, s = supply_phase(ring)
    s, events, dice = play(d, s, "german", [])
    assert dice.asked == []
    assert {"event": "supply", "unit": "s-one", "status": "oos"} in events
    assert s["units"]["s-one"]["supply"] == "oos" and s["units"]["s-inf"]["supply"] == "in" and s["turn"] == 6
    s, events, _ = play(d, at(s, phase="supply", turn=5), "german", [])
    assert s["units"]["s-one"]["supply"] == "isolated"


def test_4_5_friendly_units_negate_ezocs_in_their_hex_for_supply_only():
    """4.5 "Friendly units negate EZOCs in their hex ONLY for supply purposes": with s-inf2 in
    1515 (a German-controlled hex), s-one traces through it to 1616."""
    ring = dict(POSITION, **{"g-far": "1416", "g-inf2": "1514", "g-39": "1315", "s-inf2": "1515"})
    d, s = supply_phase(ring)
    s, events, _ = play(d, s, "german", [])
    assert s["units"]["s-one"]["supply"] == "in"


def test_11_3_2_an_out_of_supply_hq_makes_its_commanded_units_out_of_supply():
    """11.3.2 "An HQ that is OOS makes all its commanded units OOS": 61-HQ alone in a ring; s-inf,
    commanded by it, traces its own line but is OOS with it."""
    ring = {"3SS-PZ-HQ": "1212", "61-HQ": "1313", "g-pz": "1213", "g-inf": "1412", "g-inf2": "1314", "s-inf": "1514"}
    d, s = supply_phase(ring)
    s, events, _ = play(d, s, "german", [])
    assert s["units"]["61-HQ"]["supply"] == "oos" and s["units"]["s-inf"]["supply"] == "oos"


def test_11_1_1_no_line_across_the_unbridged_oder():
    """11.1.1 "A supply line may not cross unbridged major river hexsides": g-pz, walled in by the Oder,
    is out of supply; 11.2.3 a German unit traces to a German source (1010), not the Soviet 1616."""
    sides = {"1313|1413": ["major_river"], "1313|1314": ["major_river"], "1214|1313": ["major_river"],
             "1213|1313": ["major_river"], "1312|1313": ["major_river"], "1313|1414": ["major_river"]}
    d, s = supply_phase({"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616"}, sides=sides)
    s, _, _ = play(d, s, "german", [])
    assert s["units"]["g-pz"]["supply"] == "oos"


def test_the_supply_phase_names_a_hex_whose_terrain_the_data_lacks_before_anything_changes():
    d, s = supply_phase(hole="1812")
    assert "`map.hexes.1812`" in GAME.check(d, s, "german", [])[0].message


def test_a_hexside_keyed_out_of_order_is_refused_naming_the_one_spelling():
    import re

    import pytest
    from pbem.errors import PbemError
    d, s = supply_phase(sides={"1313|1213": ["minor_river"]})
    with pytest.raises(PbemError, match=re.escape("`module.hexsides.1313|1213`: a hexside is keyed by its two hexes in id order, `1213|1313`")):
        GAME.check(d, s, "german", [])


def test_12_2_2_an_hq_out_of_supply_at_the_end_of_the_supply_phase_is_relocated_then_the_turn_ends():
    """12.2.2, 11.3.1 "An HQ with an OOS marker at the end of a supply phase is relocated": 61-HQ, ringed
    by German zones of control, is; the turn ends after its owner's answer."""
    ring = {"3SS-PZ-HQ": "1212", "61-HQ": "1313", "g-pz": "1213", "g-inf": "1412", "g-inf2": "1314", "s-inf": "1514"}
    d, s = supply_phase(ring)
    s, events, _ = play(d, s, "german", [])
    assert s["phase"] == "relocate" and GAME.awaiting(s).side == "soviet" and s["turn"] == 5
    legal = [p.message for p in GAME.check(d, s, "soviet", [{"relocate": "61-HQ", "to": "1313"}])]
    assert legal[0].startswith("61-HQ may be relocated to ")
    target = legal[0].split("relocated to ")[1].split(",")[0].split(" ")[0]
    s, events, _ = play(d, s, "soviet", [{"relocate": "61-HQ", "to": target}])
    assert events[0]["event"] == "relocated" and events[-1] == {"event": "turn_over", "turn": 5} and s["turn"] == 6


def test_12_2_2_an_hq_that_could_not_be_relocated_enters_next_turn_at_a_supply_source():
    """12.2.2 "If the HQ cannot be legally relocated, it enters as a reinforcement on the following
    turn at a supply source belonging to that player" (the Soviet source of the test data: 1616)."""
    from pbem.games.stargard_solstice import GAME
    from tests.sshelp import at, play, start
    d, s = start({"s-inf": "1614", "2GT-HQ": "1816"})
    del s["units"]["61-HQ"]
    s = at(s, phase="supply", turn=5, hq_off_map=[{"hq": "61-HQ", "side": "soviet", "turn": 5}])
    s, _, _ = play(d, s, "german", [])
    assert s["phase"] == "reinforce" and s["reinforcing"] == ["soviet"]
    assert [p.message for p in GAME.check(d, s, "soviet", [{"enter": "61-HQ", "at": "1615"}])] == [
        "61-HQ enters at a hex of its area free of enemy units and EZOCs: 1616 (7.0, 7.1.2)"]
    s, events, _ = play(d, s, "soviet", [{"enter": "61-HQ", "at": "1616"}])
    assert s["units"]["61-HQ"]["hex"] == "1616" and s["hq_off_map"] == [] and s["turn"] == 6


def test_the_apply_takes_the_statuses_its_check_worked_out_and_gives_what_working_them_out_again_gives():
    """Issue 13: within GAME.apply the Supply Phase's check keeps every unit's new status (11.0,
    11.3.2) and the apply takes them; the state and events are those of the apply alone."""
    import copy

    from pbem.games.stargard_solstice.supply import apply_supply
    from tests.dicehelp import ScriptedDice
    ring = dict(POSITION, **{"g-far": "1416", "g-inf2": "1514", "g-39": "1315", "g-ind": "1516"})
    d, s = supply_phase(ring)
    orders: list = []
    alone = copy.deepcopy(s)
    events_alone = apply_supply(d, alone, "german", orders, ScriptedDice())
    planned = copy.deepcopy(s)
    GAME._planning = {}             # as inside GAME.apply: the check keeps its plan
    try:
        GAME.require_legal(d, planned, "german", orders)
        assert GAME._planning["supply"][2]["s-one"] == "oos"
        events_planned = apply_supply(d, planned, "german", orders, ScriptedDice())
        assert GAME._planning == {}
    finally:
        GAME._planning = None
    assert (planned, events_planned) == (alone, events_alone) and list(planned) == list(alone)
    assert {"event": "supply", "unit": "s-one", "status": "oos"} in events_planned
