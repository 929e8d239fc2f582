"""End of the Iron Dream, behaviour 2: STAVKA Shock Fronts (24.0) and the Soviet STAVKA Shock
Front Creation Phase (5.3.7): placement (24.1 A-C), removal by the German turn right after
(24.2 A), the front's units held in place (24.3 A-B), their AFs doubled (24.4 A), no mixing
(24.5 B), resolved first (18.10 C), 6.5 B's Bagration front for Turn 3, none in Let History
Judge (27.3 C).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): rows P-W, columns 1-26 of clear
hexes, the Soviets holding columns 24-26 and tracing to column 26; the Germans in T23 and U24."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import COLUMNS, at, play, problems
from tests.test_eid_game import lhj_start
from tests.test_eid_supply_play import start2

POSITION = {"su-inf-3": "T24", "su-inf-5": "T24", "su-tank-1": "S25", "su-inf-8": "S24", "de-inf-1": "T23",
            "de-inf-2": "U24", "wa-mech-2": "P2"}


def created(hexes=("T24", "S25"), turn: int = 2, **extra):
    """The Soviet Turn `turn` Prepared Assault Phase passes; 5.3.7 places the front on `hexes`."""
    d, s = start2(POSITION, **extra)
    s, _ = play(d, at(s, turn, "soviet", "assault"), "soviet", [])
    assert s["phase"] == "shock_front" and GAME.awaiting(s).phase == f"Turn {turn} Soviet STAVKA Shock Front creation (5.3.7)"
    s, events = play(d, s, "soviet", [{"shock_front": list(hexes)}] if hexes else [])
    return d, s, events


def test_24_1_up_to_three_markers_atop_soviet_units_in_gs_each_next_to_another():
    """24.1 A: "the Soviets may place up to three Stavka Shock Front markers at the end of the turn.
    They may be placed atop any Soviet units in GS"; B: "each must be placed in a hex next to
    another hex with a Stavka marker"; C: never "in hexes without at least one combat unit"."""
    d, s = start2(POSITION)
    s, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert problems(d, s, "soviet", [{"shock_front": ["T24", "S25", "S24", "T25"]}]) == [
        "up to 3 different hexes get a STAVKA marker (24.1 A)"]
    assert problems(d, s, "soviet", [{"shock_front": ["T25"]}]) == [
        "T25: a marker goes atop Soviet units in GS, in a hex with a combat unit (24.1 A, C)"]
    assert problems(d, s, "soviet", [{"shock_front": ["S24", "S25", "T26"]}]) == [
        "T26: a marker goes atop Soviet units in GS, in a hex with a combat unit (24.1 A, C)"]
    d, s, events = created(("T24", "S25"))
    assert {"event": "shock_front", "hexes": ["S25", "T24"], "use": 3} in events
    assert s["shock_front"] == {"hexes": ["S25", "T24"], "units": ["su-inf-3", "su-inf-5", "su-tank-1"], "created": 2, "use": 3}
    assert s["turn"] == 3 and s["army"] == "axis"


def test_24_1_b_a_marker_not_next_to_another_is_refused():
    """24.1 B: with more than one marker, each is next to another marked hex (S24 and S25 are
    neighbours; T26 holds no unit; P2 is the WA's)."""
    d, s = start2({**POSITION, "su-inf-8": "U26"})
    s, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert problems(d, s, "soviet", [{"shock_front": ["S25", "U26"]}]) == [
        "S25 is not next to another hex with a STAVKA marker (24.1 B)"]


def test_24_3_a_the_fronts_units_may_not_move_b_others_may_join_them():
    """24.3 A: "Soviet units underneath Shock Front markers may not move or leave the hex during the
    turn between the markers' placement and the execution of the Shock Front assault"; B: the
    Soviets "may reinforce those hexes as long as the original units remain unmoved"."""
    d, s, _ = created(("T24", "S25"))
    s = at(s, 3, "soviet")
    assert problems(d, s, "soviet", [{"move": "su-tank-1", "path": ["S25", "S26"]}]) == [
        "su-tank-1 may not move: it is beneath a STAVKA Shock Front marker until the front assaults (24.3 A)"]
    assert problems(d, s, "soviet", [{"move": "su-inf-8", "path": ["S24", "S25"]}]) == []


def test_24_4_a_the_fronts_afs_are_doubled_24_5_b_no_mixing_18_10_c_resolved_first():
    """24.4 A: "All Soviet units beneath the flags have their AFs doubled for prepared assaults
    during the next Soviet Prepared Assault Phase"; 24.5 B: "Shock Front units may not ... combine
    in an assault with Soviet units that are not part of the front"; 18.10 C: "Soviet Shock Fronts
    must always be resolved first"."""
    d, s, _ = created(("T24", "S25"))
    s = at(s, 3, "soviet", "assault")
    assert problems(d, s, "soviet", [{"attack": "T23", "with": ["su-inf-3", "su-inf-8"]}]) == [
        "su-inf-8 may not assault with the Shock Front's units su-inf-3 (24.5 B)"]
    assert problems(d, s, "soviet", [{"attack": "T23", "with": ["su-inf-8"]}, {"attack": "U24", "with": ["su-inf-3"]}]) == [
        "Shock Front assaults are resolved before any other (18.10 C): announce them first"]
    after, events = play(d, s, "soviet", [{"attack": "U24", "with": ["su-inf-3", "su-inf-5"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["attack"] == 28 and battle["initial"] == "4-1"               # 2 x (7 + 7) against 7 DF


def test_24_2_a_a_front_unit_losing_a_step_in_the_next_german_turn_removes_every_marker():
    """24.2 A: "During the German player-turn immediately after a Shock Front's creation, if Germany
    succeeds in making any Soviet unit beneath the flags retreat or take a step loss, immediately
    remove all Shock Front markers"; then the units may move again."""
    cells = {col: {"1": "0/1"} for col in COLUMNS}
    d, s, _ = created(("T24", "S25"), cells=cells)
    s, _ = play(d, at(s, 3, "axis", "assault"), "axis", [{"attack": "T24", "with": ["de-inf-1"]}], 1)
    assert s["phase"] == "pa_defender"
    s, events = play(d, s, "soviet", [{"steps": ["su-inf-3"]}])
    assert s["shock_front"] is None
    assert {"event": "shock_front_removed", "hexes": ["S25", "T24"], "unit": "su-inf-3", "rule": "24.2 A"} in events


def test_6_5_b_the_first_front_with_bagration_is_for_use_on_turn_3():
    """6.5 B: with Operation Bagration the Soviets' Turn 1 may include "the creation of the first
    STAVKA Shock Front for use on Turn 3" (recorded as printed, docs/errata.md); its units stay put
    through Turn 2."""
    d, s = start2(POSITION)
    s = at(s, 1, "soviet", "assault", bagration=True)
    s, _ = play(d, s, "soviet", [])
    s, events = play(d, s, "soviet", [{"shock_front": ["T24"]}])
    assert {"event": "shock_front", "hexes": ["T24"], "use": 3} in events
    s2, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert GAME.awaiting(s2).phase == "Turn 3 Axis operational movement"          # markers on the map: 5.3.7 passes
    assert problems(d, at(s, 2, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["T24", "T25"]}]) == [
        "su-inf-3 may not move: it is beneath a STAVKA Shock Front marker until the front assaults (24.3 A)"]


def test_24_4_a_the_markers_come_off_after_the_fronts_prepared_assault_phase():
    """24.4 A: the front is for "the next Soviet Prepared Assault Phase"; at the next 5.3.7 the old
    markers are off and a new front may be placed (24.2 B)."""
    d, s, _ = created(("T24", "S25"))
    s, events = play(d, at(s, 3, "soviet", "assault"), "soviet", [])
    assert {"event": "shock_front_over", "hexes": ["S25", "T24"], "rule": "24.4 A"} in events
    assert s["shock_front"] is None and s["phase"] == "shock_front"


def test_27_3_c_no_shock_fronts_in_let_history_judge():
    """27.3 C: "The Soviets cannot create STAVKA Shock Fronts in this scenario": the Soviet
    player-turn ends with its Terminal Supply Check."""
    d, s = lhj_start(2)
    s, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert s["turn"] == 3 and s["army"] == "western" and s["phase"] == "movement"


def test_24_3_a_a_front_unit_may_not_leave_its_hex_by_a_defenders_advance():
    """24.3 A: the front's units "may not move or leave the hex" before the front's assault: the
    German attacker retreats after a 2/0 (made up), and su-inf-3 may not advance into its hex (18.20)."""
    cells = {col: {"1": "2/0"} for col in COLUMNS}
    d, s, _ = created(("T24", "S25"), cells=cells)
    s, _ = play(d, at(s, 3, "axis", "assault"), "axis", [{"attack": "T24", "with": ["de-inf-1"]}], 1)
    s, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["T22", "T21"]}}])
    assert s["phase"] == "pa_advance"
    assert problems(d, s, "soviet", [{"advance": "su-inf-3", "to": "T23"}]) == [
        "su-inf-3 may not move: it is beneath a STAVKA Shock Front marker until the front assaults (24.3 A)"]


def test_19_2_3_the_soviet_bulgarian_army_takes_no_part_in_a_shock_front_and_never_attacks_berlin():
    """19.2.3: "The Soviet-Bulgarian army acts like any regular Soviet army, except that it may never
    attack Berlin, take part in a shock front, or serve as a garrison" (24.5 B: it may not assault with
    the front's units)."""
    d, s, _ = created(("T24", "S25"))
    s = at(s, 3, "soviet", "assault")
    s["units"]["bg-mtn-BUL"] = {"side": "soviet", "hex": "T24", "steps": 1}         # defected (19.2.2)
    assert problems(d, s, "soviet", [{"attack": "U24", "with": ["su-inf-3", "bg-mtn-BUL"]}]) == [
        "bg-mtn-BUL may not assault with the Shock Front's units su-inf-3 (24.5 B)"]
    s["units"]["bg-mtn-BUL"]["hex"] = "T22"
    s["units"]["de-inf-4"] = {"side": "axis", "hex": "T21", "steps": 2}
    assert problems(d, s, "soviet", [{"attack": "T21", "with": ["bg-mtn-BUL"]}]) == [
        "bg-mtn-BUL may never attack Berlin (19.1.2 A, 19.2.3)"]
