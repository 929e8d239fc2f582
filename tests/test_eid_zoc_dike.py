"""End of the Iron Dream: zones of control and supply (9.7 A), the dike (10.9) and the hexsides
map.yaml writes as `{kind: blocked, FEATURE: ...}` (behaviour 3), through GAME.check / GAME.apply.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes; the dike is the
rulebook's Z14|Z15 (10.9 A, rules/end-of-the-iron-dream/map.yaml), its hexes added as clear."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import supply_play
from pbem.games.end_of_the_iron_dream.common import hexside, zoc_of
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY

DIKE = {h: {"terrain": "clear"} for h in ("Y13", "Y14", "Y15", "Y16", "Z13", "Z14", "Z15", "Z16")}


def start3(position: dict, behaviour: int = 3, **extra):
    return start(position, behaviour=behaviour, extra={**SUPPLY, **extra}, hexes=DIKE)


def test_10_9_the_dike_and_the_scheldt_mouth_read_as_blocked_hexsides():
    """10.9 A: "The blocked hexside between hexes Z14 and Z15 is actually crossed by a
    causeway/dike"; 13.7 the Scheldt's mouth X11|X12 is blocked too (map.yaml `kind: blocked`)."""
    d, _ = start3({"de-inf-1": "Z14"})
    assert hexside(d, "Z14", "Z15") == ("blocked", "dike")
    assert hexside(d, "X11", "X12") == ("blocked", "scheldt_mouth")
    d2, _ = start3({"de-inf-1": "Z14"}, behaviour=2)
    assert hexside(d2, "Z14", "Z15") == ("kind", "dike")          # behaviour 2 read it so (kept for its campaigns)


def test_10_9_a_the_dike_is_crossed_as_a_river_when_both_sides_are_friendly_controlled():
    """10.9 A: "Units may operationally move across that dike, treating it as a river hexside, but
    only if both sides are friendly-controlled at the instant the crossing is made": clear 1 +
    river 1 (10.8) = 2 MP for an Axis unit, both hexes Axis territory (4.1 D)."""
    d, s = start3({"de-inf-1": "Z14"})
    state, events = play(d, at(s, 2, "axis"), "axis", [{"move": "de-inf-1", "path": ["Z14", "Z15", "Z16"]}])
    assert state["units"]["de-inf-1"]["hex"] == "Z16"
    assert events[0] == {"event": "move", "unit": "de-inf-1", "path": ["Z14", "Z15", "Z16"], "mp": 3}


def test_10_9_a_no_crossing_into_an_enemy_controlled_hex_of_the_dike():
    """10.9 A: a WA unit in Z14 (its hex by occupancy, 4.1 A) may not cross into Z15, Axis
    territory; once Z15 is WA-controlled (its last holder, 4.1 A) it crosses for 2 MP."""
    d, s = start3({"wa-mech-2": "Z14", "de-inf-1": "T10"})
    s = at(s, 2, "western", egs=["wa-mech-2"])        # EGS (15.21.2): 5.1.5 B, not under test, lets it leave GS
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["Z14", "Z15"]}]) == [
        "Z14 → Z15: the dike Z14-Z15 is crossed only when both its hexes are friendly-controlled; Z15 is not (10.9 A)"]
    s["control"]["Z15"] = "western"
    _, events = play(d, s, "western", [{"move": "wa-mech-2", "path": ["Z14", "Z15"]}])
    assert events[0]["mp"] == 2


def test_10_9_b_no_strategic_movement_across_the_dike():
    """10.9 B: "The hexside prevents strategic movement ... across it"."""
    d, s = start3({"de-inf-1": "Z14"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ["Z14", "Z15"]}]) == [
        "the dike hexside Z14-Z15 prevents strategic movement across it (10.9 B)"]
    assert problems(d, s, "axis", [{"strategic": "de-inf-1", "path": ["Z14", "Y15", "Z15"]}]) == []


def test_9_3_a_no_zoc_across_the_dike_as_a_blocked_hexside():
    """9.3 A: ZOCs do not extend across blocked hexsides: the dike is one (10.9 A)."""
    d, s = start3({"de-inf-1": "Z14"})
    assert "Z15" not in zoc_of(d, s, ("axis",)) and "Y15" in zoc_of(d, s, ("axis",))
    d2, s2 = start3({"de-inf-1": "Z14"}, behaviour=2)
    assert "Z15" in zoc_of(d2, s2, ("axis",))                     # behaviour 2 (kept)


def test_9_7_a_a_friendly_combat_unit_negates_an_ezoc_for_a_supply_line():
    """9.7 A: "Friendly combat units in a hex negate EZOCs projected into that hex for purposes of
    tracing supply"; 9.10: no line into or through an unnegated EZOC. wa-mech-2 in Q3 traces to
    its port P1 through Q2 or P2, each in a German ZOC (R2, P3): out of GS, until wa-mech-3
    stands in Q2."""
    d, s = start({"wa-mech-2": "Q3", "de-inf-1": "R2", "de-inf-2": "P3"}, behaviour=2, extra=SUPPLY)
    assert "wa-mech-2" in supply_play.status(d, s, "western").oos
    d, s = start({"wa-mech-2": "Q3", "wa-mech-3": "Q2", "de-inf-1": "R2", "de-inf-2": "P3"}, behaviour=2, extra=SUPPLY)
    assert {"wa-mech-2", "wa-mech-3"} <= supply_play.status(d, s, "western").in_gs


def test_9_7_a_only_combat_units_negate_an_ezoc_for_a_retreat():
    """9.7 A: "Friendly combat units in a hex negate EZOCs ... for purposes of ... conducting
    retreats": an SU (2.4.3, a non-combat unit; its counter made up here) in T21 does not."""
    su = {"units.counters.de-su-test": {"side": "axis", "nation": "german", "type": "supply_unit", "attack": 0,
                                        "defense": 0, "movement": 5, "reduced": "none"}}
    position = {"su-inf-3": "T23", "su-inf-5": "S21", "de-inf-1": "T22", "de-su-test": "T21"}
    for behaviour, expected in ((3, ["de-inf-1 cannot retreat into T21: an enemy ZOC no friendly unit negates (9.10, 18.19 C)"]),
                                (2, [])):
        # behaviour 3: the assault needs attack supply, an SU burned off for T23 (15.22)
        sus, burn = ({"su-su-1": "T23"}, [{"supply": "su-su-1", "hexes": ["T23"]}]) if behaviour == 3 else ({}, [])
        d, s = start({**position, **sus}, behaviour=behaviour, cells={"1-1": {"1": "0/1"}},
                     extra={**SUPPLY, **su, "units.counters.su-su-1.movement": 5})      # made up (28.4 prints none)
        s = at(s, 4, "soviet", "assault", bagration=False)
        state, _ = play(d, s, "soviet", [*burn, {"attack": "T22", "with": ["su-inf-3"]}], 1)
        assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["T21"]}}]) == expected


def test_9_4_no_axis_zoc_into_an_invasion_port_counter_for_hex_control():
    """9.4: "Axis ZOCs do not extend into WA invasion-port counters": the vacant S6, last held by
    the WA, with a counter ashore (state invasion_ports, as 14.x records it), stays WA-controlled
    beside a German corps in S7 (4.1 A priority 3); without the counter the German ZOC takes it."""
    from pbem.games.end_of_the_iron_dream.supply_play import control
    d, s = start({"de-inf-1": "S7", "wa-mech-2": "P2"}, behaviour=3, extra=SUPPLY)
    s["control"]["S6"] = "western"
    assert control(d, s)["S6"] == "axis"
    s["invasion_ports"] = {"eto": 1, "mto": 1, "ashore": ["S6"]}
    assert control(d, s)["S6"] == "western"
