"""End of the Iron Dream, behaviour 3: the Yugoslav ZOC rules (9.5 A-B, 20.2 B-D).

TEST DATA (tests/test_eid_supply_play.py): Yugoslavia is U10, U11, U12 and T11 of the clear test
map (made up)."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import combat
from pbem.games.end_of_the_iron_dream.common import enemy_zoc
from tests.eidhelp import start
from tests.test_eid_supply_play import SUPPLY


def start_b(position: dict, behaviour: int):
    return start(position, behaviour=behaviour, extra=SUPPLY)


def test_9_5_b_20_2_c_yugoslav_zocs_do_not_extend_outside_yugoslavia():
    """9.5 B: "Yugoslav ZOCs do not extend into hexes outside of Yugoslavia"; 20.2 C: "Yugoslav ZOCs do
    not extend outside of Yugoslavia." The army in U11 reaches U10, U12 and T11, not V10, V11, T10."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"}
    d, s = start_b(position, 3)
    zoc = enemy_zoc(d, s, "axis")
    assert {"U10", "U11", "U12", "T11"} <= zoc and not {"V10", "V11", "T10"} & zoc
    d2, s2 = start_b(position, 2)                                   # behaviour 2: the printed reach
    assert {"V10", "V11", "T10"} <= enemy_zoc(d2, s2, "axis")


def test_9_5_a_20_2_d_axis_units_retreat_into_and_through_yugoslav_zocs():
    """9.5 A: "Axis units may retreat into and through Yugoslav ZOCs"; 20.2 D: "German units may
    ignore Yugoslav ZOCs when retreating." T11 lies in the Yugoslav ZOC of U11."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "T12", "su-inf-3": "T25", "wa-mech-2": "P2"}
    battle = {"attackers": ["yu-mtn-1Y"], "defenders": ["de-inf-1"]}
    d, s = start_b(position, 3)
    assert combat.retreat_problem(d, s, battle, "de-inf-1", ["T11"], "defenders") is None
    d2, s2 = start_b(position, 2)
    assert combat.retreat_problem(d2, s2, battle, "de-inf-1", ["T11"], "defenders") == (
        "de-inf-1 cannot retreat into T11: an enemy ZOC no friendly unit negates (9.10, 18.19 C)")


def test_9_5_a_20_2_b_yugoslav_units_ignore_german_zocs_only_to_retreat():
    """9.5 A: "Yugoslav units may retreat into and through Axis ZOCs"; 20.2 B: "They may ignore German
    ZOCs only to retreat" (moving, they pay the ZOC costs, 9.5 B). U12 lies in the ZOC of V12."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "V12", "su-inf-3": "T25", "wa-mech-2": "P2"}
    battle = {"attackers": ["de-inf-1"], "defenders": ["yu-mtn-1Y"]}
    d, s = start_b(position, 3)
    assert combat.retreat_problem(d, s, battle, "yu-mtn-1Y", ["U12"], "defenders") is None
    assert "U12" in enemy_zoc(d, s, "soviet")                          # still an EZOC for its moves
    d2, s2 = start_b(position, 2)
    assert combat.retreat_problem(d2, s2, battle, "yu-mtn-1Y", ["U12"], "defenders") == (
        "yu-mtn-1Y cannot retreat into U12: an enemy ZOC no friendly unit negates (9.10, 18.19 C)")
