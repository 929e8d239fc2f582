"""Dark December 23.0 conditional forces (optional, `--option conditional=true`, behaviour 3) and the variants
that read them: 26.8 A, 26.12 B, 26.14 B.

The map is the demonstration block of tests/test_dark_december_rules.py; the Meuse runs between columns 10
and 11 (column 10 its west side, as in tests/test_dark_december_edges.py) and Bastogne is 1212 here (test
values: the group's data gives the real hexes).
"""

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.games.dark_december import GAME
from pbem.games.dark_december import conditional
from tests.dicehelp import ScriptedDice
from tests.test_dark_december_edges import meuse_data
from tests.test_dark_december_rules import REINFORCEMENT, apply, base, changed, data, messages, position  # noqa: F401

LATER = {"turn": "PM 22 December", "areas": ["W"]}                      # Game-Turn 14


def forces(data, **more):
    """Two Allied (CCA, CCR) and two German conditional counters (10th SS, 11th Panzer), one ordinary Allied
    reinforcement; Bastogne at 1212; CCR the automatic unit."""
    units = {"us-cca": {**REINFORCEMENT, "division": "5ad", "conditional": True},
             "us-ccr": {**REINFORCEMENT, "division": "5ad", "conditional": True},
             "ger-10ss": {**REINFORCEMENT, "side": "german", "nationality": "ss", "division": "10ss", "conditional": True,
                          "reinforcement": LATER},
             "ger-11pz": {**REINFORCEMENT, "side": "german", "nationality": "wehrmacht", "division": "11pz", "conditional": True},
             "us-rf1": {**REINFORCEMENT, "conditional": False}}
    return changed(meuse_data(data), {**{f"units.units.counters.{u}": c for u, c in units.items()},
                                      "map.places.bastogne.hex": "1212",
                                      "special.conditional_forces_optional.allied_automatic_unit": "us-ccr",
                                      "variants.division_variants.26_12.conditional_withheld": ["11pz", "17ss"],
                                      "variants.division_variants.26_12.withheld": ["none-here"], **more})


def started(data, units, variants="", **kw):
    return position(data, units, conditional="true", variants=variants, **kw)


def test_23_0_a_conditional_units_leave_the_schedule(data):
    """23.0 A: the conditional counters (5.5.1 `conditional: true`) wait for their commitment; 26.14 B no
    German conditional forces; 26.12 B not the 11th Panzer or 17th SS Panzer Grenadier Divisions."""
    data = forces(data)
    state = started(data, {"us-inf1": "1013"})
    assert state["reinforcements"] == {"us-rf1": 10}
    assert state["conditional"] == {"pool": {"ger-10ss": 14, "ger-11pz": 10, "us-cca": 10, "us-ccr": 10}, "picks": 0, "automatic": False}
    assert started(data, {}, variants="26.14")["conditional"]["pool"] == {"us-cca": 10, "us-ccr": 10}
    assert started(data, {}, variants="26.12")["conditional"]["pool"] == {"ger-10ss": 14, "us-cca": 10, "us-ccr": 10}


def test_23_0_a_each_counter_says_whether_it_is_conditional(data):
    data = changed(forces(data), {"units.units.counters.us-rf1": dict(REINFORCEMENT)})
    with pytest.raises(UnknownDataError) as refused:
        started(data, {})
    assert "units.counters.us-rf1.conditional" in str(refused.value)


def test_23_0_b_the_condition(data):
    """23.0 B: Germany occupies Bastogne and has a supplied unit within four hexes of the west side of the
    Meuse (column 10: 1412 is four hexes from 1012)."""
    data = forces(data)
    state = started(data, {"ger-inf1": "1212", "ger-pz1": "1412", "us-inf1": "1013"})
    assert conditional.holds(data, state)
    state["supply"] = {"ger-inf1": "unsupplied", "ger-pz1": "unsupplied"}
    assert not conditional.holds(data, state)                             # a supplied unit
    state["supply"] = {}
    state["units"]["ger-inf1"]["hex"] = "1312"
    assert not conditional.holds(data, state)                             # Bastogne not occupied


def test_23_0_b_the_roll_before_the_allied_movement_phase_and_ccr(data):
    """23.0 B: the first Game-Turn the condition holds the Allies receive CCR/5th Armored Division in their next
    player turn, and each side rolls two dice before its Movement Phase: each 1-2 selects three units. Rolled
    at the end of the German player turn (1 and 5: one 1-2, three units)."""
    data = forces(data)
    state = started(data, {"ger-inf1": "1212", "ger-pz1": "1412", "us-inf1": "1013"}, turn=10, phase="construction")
    dice = ScriptedDice(1, 5, default=6)
    events = apply(data, state, "german", [], dice)
    assert state["side"] == "allies" and state["phase"] == "movement"
    assert state["reinforcements"]["us-ccr"] == 10 and "us-ccr" not in state["conditional"]["pool"]
    assert state["conditional"]["picks"] == 3
    assert [e for e in events if e["event"].startswith("conditional")] == [
        {"event": "conditional_automatic", "unit": "us-ccr", "turn": 10},
        {"event": "conditional_roll", "side": "allies", "faces": [1, 5], "picks": 3}]
    assert dice.asked[-2:] == [("conditional/10/allies/1", 6), ("conditional/10/allies/2", 6)]
    lines = [text for _, text in GAME.describe(data, state, events) if "23.0" in str(text)]
    assert lines == ["conditional forces: us-ccr (CCR/5th Armored Division) arrives as an Allied reinforcement, due Game-Turn 10 (23.0 B)",
                     "conditional forces, allies: dice 1 and 5: 3 unit(s) may be committed in its Movement Phase orders, "
                     "`commit: UNIT` (23.0 B)"]


def test_23_0_b_no_1_2_no_units_and_no_roll_without_the_condition(data):
    """23.0 B: 3 and 6 select none; 23.0 C no roll once the condition ends (Bastogne left)."""
    data = forces(data)
    state = started(data, {"ger-inf1": "1212", "ger-pz1": "1412", "us-inf1": "1013"}, turn=10, phase="construction")
    apply(data, state, "german", [], ScriptedDice(3, 6, default=6))
    assert state["conditional"]["picks"] == 0
    state = started(data, {"ger-inf1": "1312", "ger-pz1": "1412", "us-inf1": "1013"}, turn=10, phase="construction")
    dice = ScriptedDice(default=6)
    apply(data, state, "german", [], dice)
    assert state["conditional"]["picks"] == 0 and not any(p.startswith("conditional") for p, _ in dice.asked)
    assert "us-ccr" in state["conditional"]["pool"]


def test_23_0_b_d_e_the_owner_commits_in_its_movement_orders(data):
    """23.0 B the owner selects (`commit: UNIT`, in the Movement Phase orders: no extra round trip); D it
    enters as a regular reinforcement; E not before the Game-Turn on its counter (ger-10ss: PM 22 December)."""
    data = forces(data)
    state = started(data, {"ger-inf1": "1212", "ger-pz1": "1412", "us-inf1": "1013"}, turn=10, side="allies")
    state["conditional"]["picks"] = 3
    rf1 = {"enter": "us-rf1", "path": ["1014"]}
    assert messages(GAME.check(data, state, "allies", [{"commit": "ger-10ss"}, rf1])) == [
        "'ger-10ss' is not one of the allies conditional forces still to commit (23.0 B): us-cca, us-ccr"]
    state["conditional"]["picks"] = 0
    assert messages(GAME.check(data, state, "allies", [{"commit": "us-cca"}, rf1])) == [
        "the dice allow 0 conditional unit(s) this Movement Phase, not 1 (23.0 B: three for each 1-2)",
        "us-cca is due and may not be withheld (10.6.3 A)"]
    state["conditional"]["picks"] = 3
    assert messages(GAME.check(data, state, "allies", [{"commit": "us-cca"}, rf1])) == [
        "us-cca is due and may not be withheld (10.6.3 A)"]
    orders = [{"commit": "us-cca"}, {"enter": "us-cca", "path": ["1012"]}, rf1]
    assert messages(GAME.check(data, state, "allies", orders)) == []
    events = apply(data, state, "allies", orders)
    assert state["units"]["us-cca"]["hex"] == "1012" and "us-cca" not in state["conditional"]["pool"]
    assert {"event": "conditional_commit", "unit": "us-cca", "turn": 10} in events
    german = started(data, {"ger-inf1": "1212", "us-inf1": "1013"}, turn=10)
    german["conditional"]["picks"] = 3
    apply(data, german, "german", [{"commit": "ger-10ss"}])
    assert german["reinforcements"]["ger-10ss"] == 14                     # 23.0 E: the turn on its counter


def test_23_0_commit_needs_the_option(data):
    """Without the option (23.0 is optional) a `commit:` order is refused."""
    data = forces(data)
    state = position(data, {"us-inf1": "1013"}, turn=9, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"commit": "us-cca"}])) == [
        "`commit:` needs the optional conditional forces (23.0, --option conditional=true)"]


def test_23_0_check_reports_what_the_roll_reads(data):
    """`check` of the construction step names the unknown CCR id the next side's roll reads, as adjudication would."""
    data = changed(forces(data), {"special.conditional_forces_optional.allied_automatic_unit": "unknown"})
    state = started(data, {"ger-inf1": "1212", "ger-pz1": "1412", "us-inf1": "1013"}, turn=10, phase="construction")
    got = messages(GAME.check(data, state, "german", []))
    assert len(got) == 1 and "special.conditional_forces_optional.allied_automatic_unit" in got[0]
    with pytest.raises(UnknownDataError):
        apply(data, state, "german", [], ScriptedDice(default=6))


def test_26_8_a_no_optional_forces_in_the_small_solution():
    """26.8 A: optional forces for both sides are not available; 23.0 F names them (26.16, 26.17)."""
    with pytest.raises(PbemError) as refused:
        GAME.options({"variants": "26.8,26.17"})
    assert str(refused.value).startswith("26.8 A: optional forces for both sides are not available")
    assert GAME.options({"variants": "26.8", "conditional": "true"})["conditional"] is True
