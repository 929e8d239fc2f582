"""End of the Iron Dream: the rulebook's worked examples that had no test quoting them (the issue
14 audit, tests/test_eid_rule_coverage.py): 14.9, 14.19, 14.31 B and 14.32 D's second example.
The others are quoted in the tests of their rules (test_eid_movement.py, test_eid_assault.py,
test_eid_sea.py, test_eid_supply.py, ...).

TEST DATA: tests/eidhelp.py and tests/test_eid_boxes.py (clear hexes, made-up coasts, ports,
charts and CRT cells); the counters are the rulebook's."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from tests.eidhelp import at, play, problems
from tests.test_eid_boxes import start3, wa
from tests.test_eid_sea import INVADE, start_invasion


def test_14_9_examples_calais_is_invadable_and_z14_is_not():
    """14.9: "A coastal hex is considered invadable if it has a white arrow pointing to it."
    Examples: "Calais, hex X9, is invadable through three hexsides. Hex Z14 is not invadable at
    all." The arrows are on the map: the campaign lists the invadable hexes
    (`invasions.invasions.invadable_hexes`; here X9, as the example says, and not Z14). An invasion
    of Z14 is refused, one of X9 is not (Turn 10, in the ETO)."""
    coast = {h: {"terrain": "clear", "coast": "atlantic"} for h in ("X9", "Z14")}
    d, s = start_invasion(hexes=coast, **{"invasions.invasions.invadable_hexes": ["X9", "U2"]})
    s = wa(s, 10)
    assert problems(d, s, "western", [{**INVADE, "invade": "Z14"}]) == [
        "Z14 is not an invadable coastal hex (14.9: a white arrow points to it)"]
    assert problems(d, s, "western", [{**INVADE, "invade": "X9"}]) == []


def test_14_19_example_naval_support_and_tactical_air_3_1_becomes_5_1():
    """14.19 A: "Invading WA units, in addition to the tactical airpower shift on clear weather
    turns, receive a further 1R shift for naval support. Thus, an invasion launched on a clear
    weather turn would receive a 2R shift on its odds." Example: "3-1 odds would become 5-1."
    34 AFs against a Hungarian army's 5 DFs doubled (14.20): 34 / 10 is 3-1, fought at 5-1."""
    d, s = start_invasion({"hu-inf-H1": "U2"}, cells={"5-1": {"3": "0/1"}})
    s, events = play(d, wa(s, 1), "western", [INVADE], **{"crt/": [3]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["kind"], battle["attack"], battle["defence"], battle["initial"], battle["column"]) == (
        "invasion", 34, 10, "3-1", "5-1")
    assert [(x["shift"], x["rule"]) for x in battle["shifts"]] == [(1, "14.19 A"), (1, "14.19 A, 25.8 A")]


def test_14_31_b_example_bordeaux_needs_its_labelled_hex():
    """14.31 B: "the WA must also control all the hexes around those ports containing the initial
    of the port in question." Example: "Bordeaux cannot be opened unless hex Q2 is also WA
    controlled)." (14.31 A gives Bordeaux itself as Q2: docs/errata.md ID3.) Which hexes bear
    Bordeaux's initial is on the map: a campaign with Bordeaux among its port cities must give them
    (`invasions.ports.inland_ports.labelled_hexes.Q2`), else it is refused at set-up naming the path;
    given as the example's Q2, the port works only while the WA hold Q2."""
    from pbem.games.end_of_the_iron_dream.supply_play import sources
    bordeaux = {"invasions.ports.port_cities": ["P1", "V1", "Q2"],
                "map.setup_areas.white_star_italy": ["P1", "P2", "Q1"]}       # Q2 Axis-held at the start
    with pytest.raises(UnknownDataError) as refused:
        start3({"de-inf-1": "T10"}, **bordeaux)
    assert refused.value.path == "invasions.ports.inland_ports.labelled_hexes.Q2"
    d, s = start3({"de-inf-1": "T10", "wa-mech-3": "Q4"},
                  **bordeaux, **{"invasions.ports.inland_ports.labelled_hexes.Q2": ["Q2"]})
    s["egs"] = ["wa-mech-3"]            # Q2 may be beyond its GS: EGS lets it go (5.1.5 B is not what this test is about)
    s, events = play(d, wa(s, 3), "western", [{"move": "wa-mech-3", "path": ["Q4", "Q3", "Q2"]}], **{"port/": [1]})
    assert [e["hex"] for e in events if e["event"] == "port_liberated"] == ["Q2"]
    s = at(s, 4, "western")
    assert "Q2" in sources(d, s, "western")
    s["units"]["wa-mech-3"]["hex"] = "Q4"
    s["control"] = {**s["control"], "Q2": "axis"}
    assert "Q2" not in sources(d, s, "western")


def test_14_32_d_example_no_emergency_beach_supply_after_a_normal_landing():
    """14.32 D: "EBS is a capacity used instead of, not in addition to, normal sea movement
    capacities into a landing hex." Example: "In the previous example, had the WA started their
    turn with only three corps under the invasion-port counter, and used normal sea movement to
    bring a fourth corps over during the regular Sea Movement Phase, they could then not also
    have called for EBS after the prepared assault." (The enemy next to the counter in U2 opens
    EBS, 14.32 A; the corps sails in first, the EBS landing is refused.)"""
    under = {"wa-mech-3": "U2", "wa-mech-4": "U2", "wa-mech-5": "U2"}
    d, s = start3({"de-inf-1": "T10", "de-inf-2": "T2", **under}, {"eto": {"wa-mech-7": {}, "wa-mech-8": {}}},
                  **{"invasions.invasions.invadable_hexes": ["U14"]})
    s["invasion_ports"] = {"eto": 2, "mto": 1, "ashore": ["U2"]}
    s, _ = play(d, at(s, 11, "axis", "assault"), "axis", [])                  # the WA player-turn begins
    assert s["ebs"] == {"turn": 11, "hexes": ["U2"], "used": False}
    assert problems(d, s, "western", [{"sail": "wa-mech-8", "to": "U2"}, {"ebs": "wa-mech-7", "at": "U2"}]) == [
        "U2 has landed 1 corps this turn, its capacity (14.32 C-D, 14.25, 14.29)"]
    s2, _ = play(d, s, "western", [{"sail": "wa-mech-8", "to": "U2"}])
    assert s2["units"]["wa-mech-8"]["hex"] == "U2" and s2["ebs"]["used"] is False
