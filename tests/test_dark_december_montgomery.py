"""Dark December 26.13 Montgomery's Withdrawal (variant, behaviour 5; docs/errata.md DD20).

The map is the demonstration block of tests/test_dark_december_rules.py (columns 10-14, rows 10-14) with
demonstration river lines: the Meuse between columns 10 and 11 (its west side column 10), the Sure between rows
13 and 14 (its south side row 14), the Amblève between rows 10 and 11 (its north side row 10), the Semois not on
the map. From 1312: the Sure and the Amblève are two hexes away (1314, 1310), the Meuse three (1011).
"""

import pytest

from pbem.games.dark_december import GAME
from tests.test_dark_december_edges import meuse_data
from tests.test_dark_december_rules import apply, base, changed, data, messages, position  # noqa: F401

HEXES = [f"{c}{r}" for c in range(10, 15) for r in range(10, 15)]


def rivers(data, **more):
    from pbem.games.dark_december.common import mapdata
    grid = mapdata(data).grid
    sure = sorted({"|".join(sorted((a, b))) for a in HEXES if a.endswith("14") for b in grid.neighbours(a) if b.endswith("13")})
    ambleve = sorted({"|".join(sorted((a, b))) for a in HEXES if a.endswith("10") for b in grid.neighbours(a) if b.endswith("11")})
    return changed(meuse_data(data), {"map.rivers.sure": sure, "map.rivers.ambleve": ambleve, **more})


def withdrawal_turn(data, units=None, **options):
    return position(data, units or {"us-inf1": "1312", "ger-inf1": "1410"}, side="allies", variants="26.13", **options)


def test_26_13_a_d_two_allied_moves_before_combat_and_no_attacks(data):
    """26.13 A: "In any turn the Allies may state that they are conducting a withdrawal. During that turn, Allied units
    may move twice before their Combat Phase." D: "No Allied attacks may be made during the withdrawal turn." The
    second move is its own step; with no German reserves (7.1.4) and no attack allowed, the Combat Phase passes and
    the Exploitation/Construction step is next."""
    data = rivers(data)
    state = withdrawal_turn(data)
    events = apply(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1313"]}])
    assert {"event": "withdrawal", "turn": 9} in events and state["withdrawal"] == 9
    assert state["phase"] == "second_move" and GAME.awaiting(state).side == "allies"
    events = apply(data, state, "allies", [{"move": "us-inf1", "path": ["1313", "1314"]}])
    assert {"event": "move", "unit": "us-inf1", "path": ["1313", "1314"], "reaction": False, "second": True, "strategic": False} in events
    assert {"event": "no_combat", "why": "no Allied attacks may be made during the withdrawal turn (26.13 D)"} in events
    assert state["phase"] == "construction" and state["units"]["us-inf1"]["hex"] == "1314"
    state["phase"] = "combat"
    assert messages(GAME.check(data, state, "allies", [{"attack": "1410", "with": ["us-inf1"]}])) == [
        "no Allied attacks may be made during the withdrawal turn (26.13 D)"]


def test_26_13_b_e_the_most_direct_route_to_the_closest_river_line_or_the_meuse(data):
    """26.13 B: "Units that move during this withdrawal turn must move by the most direct route possible to a point
    west of the Meuse River, south of the Sure River, north of the Amblève River, and/ or south of the Semois River."
    E: "... toward the closest river line or else west to the Meuse River position." Reading DD20: each hex entered
    one hex nearer the far bank of the closest line (the Sure or the Amblève, two hexes) or of the Meuse (three)."""
    data = rivers(data)
    state = withdrawal_turn(data)
    for path in (["1312", "1313", "1314"], ["1312", "1211", "1111", "1011"], ["1312", "1311"]):
        assert messages(GAME.check(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": path}])) == []
    assert messages(GAME.check(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1412"]}])) == [
        "us-inf1 withdraws by the most direct route: each hex entered one hex nearer the far bank of the closest river line "
        "or of the Meuse, staying beyond it once there (hexes from 1312: the Sure 2, the Amblève 2, the Meuse 3); 1312 → 1412 "
        "does not (26.13 B, C, E; reading DD20)"]
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1312", "1412"]}])) == []   # no withdrawal


def test_26_13_b_once_beyond_a_line_a_unit_stays_beyond_it(data):
    """26.13 B "to a point ... south of the Sure": a unit on the Sure's south side (row 14) moves along it, not back north."""
    data = rivers(data)
    state = withdrawal_turn(data, {"us-inf1": "1214", "ger-inf1": "1410"})
    assert messages(GAME.check(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1214", "1114"]}])) == []
    assert len(messages(GAME.check(data, state, "allies", [{"withdrawal": True},
                                                           {"move": "us-inf1", "path": ["1214", "1213"]}]))) == 1


def test_26_13_c_a_unit_surrounded_by_enemy_zocs_moves_freely(data):
    """26.13 C: "Allied units must move towards one of the rivers unless surrounded by enemy ZOCs." 1414's hexes on the
    map, 1413 and 1314, are in the ZOCs of 1412 and 1213: the unit may leave the Sure's south side."""
    data = rivers(data)
    order = [{"withdrawal": True}, {"move": "us-inf1", "path": ["1414", "1413"]}]
    state = withdrawal_turn(data, {"us-inf1": "1414", "ger-inf1": "1412", "ger-inf2": "1213"})
    assert messages(GAME.check(data, state, "allies", order)) == []
    state = withdrawal_turn(data, {"us-inf1": "1414", "ger-inf1": "1412"})
    assert len(messages(GAME.check(data, state, "allies", order))) == 1


def test_26_13_the_statement_and_the_river_lines_are_checked(data):
    """26.13 A: the Allies state the withdrawal, with the variant (behaviour 5); the river lines are group data
    (`map.rivers.sure`), refused by name while unknown; a line that does not part its side from the other cannot be
    judged (reading DD20)."""
    data = rivers(data)
    german = position(data, {"us-inf1": "1312", "ger-inf1": "1410"}, variants="26.13")
    assert messages(GAME.check(data, german, "german", [{"withdrawal": True}])) == [
        "`withdrawal: true` is the Allies' statement in their Movement Phase, with variant 26.13 in a campaign of Dark "
        "December behaviour 5 (26.13 A)"]
    plain = position(data, {"us-inf1": "1312", "ger-inf1": "1410"}, side="allies")
    assert "withdrawal" not in plain and len(messages(GAME.check(data, plain, "allies", [{"withdrawal": True}]))) == 1
    unknown = changed(data, {"map.rivers.sure": "unknown"})
    got = messages(GAME.check(unknown, withdrawal_turn(unknown), "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1313"]}]))
    assert len(got) == 1 and "map.rivers.sure" in got[0]
    short = changed(data, {"map.rivers.ambleve": ["1010|1011", "1010|1111", "1110|1111"]})
    got = messages(GAME.check(short, withdrawal_turn(short), "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1313"]}]))
    assert got == ["26.13 B: the hexsides of `map.rivers.ambleve` do not part the Amblève's side from the other (1010|1011 has the "
                   "north edge's side on both banks): the text does not say where that side ends (reading DD20)"]


@pytest.mark.parametrize("variants", ["26.13"])
def test_26_13_is_adjudicated_from_behaviour_5(variants):
    """The campaign header lists 26.13 among the adjudicated variants (no longer "recorded but not adjudicated")."""
    rules = GAME.not_enforced_for(GAME.options({"variants": variants}))
    assert not any("recorded but not adjudicated" in r for r in rules)


def test_26_13_b_binds_reinforcements_and_exploitation_and_d_shock_combat(data):
    """26.13 B "Units that move during this withdrawal turn": a reinforcement after its entry hex (10.6.1 B) and a
    reserve exploiting (7.1.6, 14.2) follow the river lines too; D no Allied attack in the Shock Combat Phase (14.3)."""
    from tests.test_dark_december_rules import REINFORCEMENT
    data = changed(rivers(data), {"units.units.counters.us-rf1": {**REINFORCEMENT, "nationality": "british", "restricted": False}})
    state = withdrawal_turn(data)
    state["reinforcements"] = {"us-rf1": 9}
    assert messages(GAME.check(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1313"]},
                                                       {"enter": "us-rf1", "path": ["1012", "1011"]}])) == []
    got = messages(GAME.check(data, state, "allies", [{"withdrawal": True}, {"move": "us-inf1", "path": ["1312", "1313"]},
                                                      {"enter": "us-rf1", "path": ["1012", "1112"]}]))
    assert got == ["us-rf1 withdraws by the most direct route: each hex entered one hex nearer the far bank of the closest "
                   "river line or of the Meuse, staying beyond it once there (hexes from 1012: the Meuse 0); 1012 → 1112 does "
                   "not (26.13 B, C, E; reading DD20)"]
    state.update(phase="construction", withdrawal=9)
    state["units"]["us-inf1"]["reserve"] = True
    assert len(messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1312", "1412"]}]))) == 1
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1312", "1311"]}])) == []
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1312", "1311"]},
                                                      {"shock": "1410", "with": ["us-inf1"]}]))
    assert "no Allied attacks may be made during the withdrawal turn (26.13 D)" in got


def test_26_13_under_fog_of_war_the_second_move_is_an_owner_step(data):
    """25.0 with 26.13 A: the second move, like the Movement Phase, is a step of the mover's units only, which the
    Germans check as such; after it the Reaction Phase or, no attack allowed (D), the Exploitation Phase."""
    import copy
    data = rivers(data)
    before = withdrawal_turn(data, fog="true")
    after = copy.deepcopy(before) | {"phase": "second_move", "withdrawal": 9}
    assert GAME.hidden.public_problems(data, before, after, "allies") == []
    assert GAME.hidden.public_problems(data, before, after | {"phase": "combat"}, "allies") == [
        "after the movement step comes second_move of the same player turn (7.1)"]
    second = after | {"phase": "second_move"}
    assert GAME.hidden.owner_step(data, second, "allies")
    assert GAME.hidden.public_problems(data, second, after | {"phase": "construction"}, "allies") == []
    assert GAME.hidden.public_problems(data, second, after | {"phase": "combat"}, "allies") == [
        "after the second_move step comes reaction or construction of the same player turn (7.1)"]
