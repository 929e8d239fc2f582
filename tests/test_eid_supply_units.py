"""End of the Iron Dream, behaviour 3: the supply units on the map (supply_units.py) — SU
production (15.23.3 B, 16.2-16.5), their movement (15.23 A, F), EGS (15.21), AS burn-offs (15.22,
15.22.2, 24.4 B), Führer-mandated offensives (23.2-23.4), OKH (25.10, 16.5 B) and SUs alone or
sharing their stack's fate (15.23 B-D).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): rows P-W, columns 1-26 of clear
hexes; the Soviets hold columns 24-26 at the start and trace from column 26; the German sources
and production hexes are the rulebook's U16 (the Ruhr), T21 (Berlin), R23 (Breslau); the Soviet
SU's MA (28.4 prints none) is made up here: 5."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from pbem.games.end_of_the_iron_dream.supply_units import pool
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY, soviet_turn

SOVIET_SU_MA = {f"units.counters.su-su-{n}.movement": 5 for n in range(1, 9)}
KOENIGSBURG = {"map.places.koenigsburg.hex": "P20"}                    # made up (15.16)


def start3(position: dict, cells: dict | None = None, **extra):
    return start(position, behaviour=3, cells=cells, extra={**SUPPLY, **SOVIET_SU_MA, **KOENIGSBURG, **extra})


def axis_turn(d, s, turn: int, **state):
    """The Axis player-turn of `turn` begins: the Reinforcement Phase's SUs (5.1.1 B) and the
    Initial Supply Check (5.1.2)."""
    s = at(s, turn, "axis", **state)
    events: list = []
    GAME.begin_player_turn(d, s, events)
    return s, events


# -- 15.23.3 B, 16.2-16.5 production -------------------------------------------------------------
def test_15_23_3_b_the_soviets_receive_two_sus_a_turn_and_three_on_the_first_bagration_turn():
    """15.23.3 B: "The Soviets receive two SUs per turn (three on the first turn of Operation
    Bagration), taken from the pool of available units"; Bagration's first turn is Turn 2 (6.7 A).
    They enter like reinforcements on the east edge (5.3.1) and may be held off the board (6.5 B)."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "su-su-1": "T25"})
    s2, events = soviet_turn(d, at(s, 2, "western", "assault", bagration=False))
    assert {"event": "sus_received", "army": "soviet", "units": ["su-su-2", "su-su-3"], "rule": "15.23.3 B"} in events
    s3, events = soviet_turn(d, at(s, 2, "western", "assault", bagration=True))
    assert {"event": "sus_received", "army": "soviet", "units": ["su-su-2", "su-su-3", "su-su-4"], "rule": "15.23.3 B"} in events
    s2, events = play(d, s2, "soviet", [{"enter": "su-su-2", "path": ["T26", "T25", "T24"]}])
    assert s2["units"]["su-su-2"] == {"side": "soviet", "hex": "T24", "steps": 1}
    assert pool(d, s2, "soviet") == ["su-su-4", "su-su-5", "su-su-6", "su-su-7", "su-su-8"]   # su-su-3 held off (6.5 B)
    assert problems(d, at(s2, 2, "soviet"), "soviet", [{"enter": "su-su-5", "path": ["T26"]}]) == [
        "su-su-5 is not an SU the Soviets received: two a turn (15.23.3 B)"]


def test_28_4_the_soviet_su_ma_is_not_printed_and_its_entry_refuses_naming_the_data_path():
    """28.4 prints the Soviet SUs with no strength: an order needing the MA refuses, naming it."""
    d, s = start({"su-inf-3": "T24", "de-inf-1": "S4"}, behaviour=3, extra={**SUPPLY, **KOENIGSBURG})
    s, _ = soviet_turn(d, at(s, 2, "western", "assault", bagration=False))
    [message] = problems(d, s, "soviet", [{"enter": "su-su-1", "path": ["T26", "T25"]}])
    assert message.startswith("needs the movement of unit su-su-1, which the rulebook text does not give") \
        and "`units.counters.su-su-1.movement`" in message


def test_16_2_germany_receives_one_su_at_berlin_the_ruhr_and_breslau_with_its_ma_doubled():
    """16.2 A: with all five economic hexes held and joined, "Germany receives one SU each turn at
    Berlin, the Ruhr, and Breslau"; B: they "start the Operational Movement Phase of their turn of
    placement with their operational MAs doubled" (MA 4, 28.2: eight hexes of clear)."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-su-1": "S10"})
    s, events = axis_turn(d, s, 2)
    placed = {e["unit"]: e["hex"] for e in events if e["event"] == "placed"}
    assert placed == {"de-su-2": "T21", "de-su-3": "U16", "de-su-4": "R23"}
    path = ["T21", "T20", "T19", "T18", "T17", "T16", "T15", "T14", "T13"]
    assert problems(d, s, "axis", [{"move": "de-su-2", "path": path}]) == []
    assert problems(d, s, "axis", [{"move": "de-su-1", "path": ["S10", "S9", "S8", "S7", "S6", "S5"]}]) == [
        "de-su-1 needs 5 MP for this path but has 4 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_16_3_16_4_fewer_sus_as_secondary_hexes_are_lost_and_germany_chooses_berlin_or_the_ruhr():
    """16.3: one secondary hex liberated: "two per turn: one appearing at Berlin and one at the
    Ruhr"; 16.4 A: another lost, "one per turn, appearing at Berlin or the Ruhr (Germany's
    choice)": `place: SU, at: HEX` first in the Replacement Phase; 16.8: none after the collapse."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4"})
    one, events = axis_turn(d, s, 2, economy={"collapsed": None, "liberated": ["ploesti"]})
    assert {e["unit"]: e["hex"] for e in events if e["event"] == "placed"} == {"de-su-1": "T21", "de-su-2": "U16"}
    two, events = axis_turn(d, s, 2, economy={"collapsed": None, "liberated": ["ploesti", "nagykanizsa"]})
    assert not [e for e in events if e["event"] == "placed"]
    assert {"event": "sus_received", "army": "axis", "units": ["de-su-1"], "at": ["T21", "U16"], "rule": "16.4 A"} in events
    assert problems(d, two, "axis", [{"move": "de-inf-1", "path": ["S4", "S5"]}]) == [
        "Germany places its SU of the turn first: `place: de-su-1, at: HEX` (T21 or U16) (16.4 A, 5.1.1 B)"]
    assert problems(d, two, "axis", [{"place": "de-su-1", "at": "R23"}]) == [
        "Germany's SU of the turn appears at T21 or U16 (16.4 A), not R23"]
    two, events = play(d, two, "axis", [{"place": "de-su-1", "at": "U16"}, {"move": "de-inf-1", "path": ["S4", "S5"]}])
    assert two["units"]["de-su-1"]["hex"] == "U16"
    assert {"event": "placed", "unit": "de-su-1", "hex": "U16", "why": "a new SU: its MA doubled this turn (16.2 B, 16.4 A)"} in events
    gone, events = axis_turn(d, s, 2, economy={"collapsed": 2, "liberated": []})
    assert not [e for e in events if e["event"] in ("placed", "sus_received")]


# -- 15.23 A, F movement; C-D alone ------------------------------------------------------------
def test_15_23_a_f_sus_move_only_into_friendly_hexes_and_not_into_an_ezoc_without_a_friend():
    """15.23 A: SUs "may move out of GS range, but only into friendly-controlled hexes"; F: "they may
    never operationally move into an EZOC unless there is already a friendly unit present"."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-su-1": "T22", "de-su-2": "S22", "de-inf-2": "S23"})
    s = at(s, 2, "axis")
    assert problems(d, s, "axis", [{"move": "de-su-1", "path": ["T22", "T23"]}]) == [
        "T22 → T23: de-su-1 is an SU: it never moves into an enemy ZOC (T23) without a friendly unit there (15.23 F)"]
    assert problems(d, s, "axis", [{"move": "de-su-2", "path": ["S22", "S23"]}]) == []
    assert problems(d, s, "axis", [{"move": "de-su-2", "path": ["S22", "S23", "S24"]}]) == [
        "S23 → S24: de-su-2 is an SU: it moves only into friendly-controlled hexes, not S24 (15.23 A)"]


def test_15_23_c_d_sus_alone_are_destroyed_permanently_when_an_enemy_moves_into_their_hex():
    """15.23 C: "If alone in a hex (or there only with other SUs), they are destroyed the instant
    an enemy moves or assaults into their hex"; D: permanently. A lone SU is moved into, not
    assaulted; it exerts no ZOC (15.23 B)."""
    d, s = start3({"su-inf-3": "T24", "su-tank-1": "T23", "de-inf-1": "S4", "de-su-1": "T22", "de-su-2": "T22"})
    s = at(s, 2, "soviet", bagration=False)
    assert problems(d, s, "soviet", [{"assault": "T22", "with": ["su-tank-1"]}]) == [
        "only enemy SUs are in T22: a unit moving into the hex destroys them (15.23 C)"]
    s, events = play(d, s, "soviet", [{"move": "su-inf-3", "path": ["T24", "T23", "T22"]}])
    assert s["units"]["su-inf-3"]["hex"] == "T22" and "de-su-1" not in s["units"] and "de-su-2" not in s["units"]
    assert {"unit": "de-su-1", "side": "axis", "permanent": True} in s["dead"]
    assert {"event": "eliminated", "unit": "de-su-2",
            "why": "an SU alone when an enemy entered its hex: permanently (15.23 C, D)"} in events


def test_15_23_b_sus_take_no_step_and_share_the_fate_of_their_eliminated_stack():
    """15.23 B: SUs "have no step value in combat situations, and share the fate of the combat units
    with which they are stacked if attacked. They may never be given up to satisfy step losses."
    An E result (clear 4-1, die 1, made up) eliminates the German corps in T23 and its SU with it."""
    d, s = start3({"su-inf-3": "T24", "su-inf-5": "U24", "su-su-1": "T24", "de-inf-1": "T23", "de-su-1": "T23"},
                  cells={"2-1": {"1": "0/E"}})
    s = at(s, 2, "soviet", "assault", bagration=False)
    s, events = play(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T24", "U24"]},
                                      {"attack": "T23", "with": ["su-inf-3", "su-inf-5"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["defenders"] == ["de-inf-1"] and battle["column"] == "2-1"
    assert "de-inf-1" not in s["units"] and {"unit": "de-su-1", "side": "axis", "permanent": True} in s["dead"]


# -- 15.21 EGS -------------------------------------------------------------------------------
def test_15_21_egs_restores_an_oos_unit_and_spares_it_attrition_then_ends():
    """15.21.1 A: "Units found to be without GS during the initial supply check phase may be granted
    EGS"; 15.21.2: "functions in all ways as if it had normal GS" (its MA not halved); 15.21.6: no
    step loss at the Terminal Supply Check, where the EGS counters are removed. Without the SU the
    cut-off corps (6-7-5) loses a step (15.9 A)."""
    d, s = start3({"su-inf-3": "T24", "su-inf-5": "V26", "su-inf-8": "V24", "de-inf-1": "V25", "de-su-1": "V25"})
    s, events = axis_turn(d, s, 2)
    assert s["oos"] == ["de-inf-1"]
    burned, events = play(d, s, "axis", [{"egs": "de-su-1", "hexes": ["V25"]}])
    assert {"event": "burn_off", "unit": "de-su-1", "supply": "EGS", "hexes": ["V25"], "units": ["de-inf-1"],
            "rule": "15.21"} in events
    assert burned["egs"] == ["de-inf-1"] and burned["oos"] == [] and "de-su-1" not in burned["units"]
    assert "de-su-1" in pool(d, burned, "axis")                                  # 15.23.3 A: reintroduced later
    after, events = play(d, burned, "axis", [])                                  # the Prepared Assault Phase
    assert after["units"]["de-inf-1"]["steps"] == 2 and "egs" not in after
    assert {"event": "egs_over", "army": "axis", "units": ["de-inf-1"], "rule": "15.21.6"} in events
    plain, _ = play(d, s, "axis", [])
    plain, _ = play(d, plain, "axis", [])
    assert plain["units"]["de-inf-1"]["steps"] == 1


def test_15_21_1_b_the_su_moves_then_burns_off_for_two_mutually_adjacent_hexes():
    """15.21.1 B example: "it could burn off without creating EGS in its own hex, and thus create
    the supply in any two hexes mutually adjacent to each other and the hex of the burn off";
    5.1.2 B: the SU may operationally move first. 15.21.3: a unit need not be OOS."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "R16", "de-inf-2": "S17", "de-su-1": "R19"})
    s, _ = axis_turn(d, s, 2)
    _, events = play(d, s, "axis", [{"egs": "de-su-1", "path": ["R19", "R18", "R17"], "hexes": ["R16", "S17"]}])
    assert events[:2] == [
        {"event": "move", "unit": "de-su-1", "path": ["R19", "R18", "R17"], "why": "to burn off for EGS (5.1.2 B)"},
        {"event": "burn_off", "unit": "de-su-1", "supply": "EGS", "hexes": ["R16", "S17"], "units": ["de-inf-1", "de-inf-2"],
         "rule": "15.21"}]
    assert problems(d, s, "axis", [{"egs": "de-su-1", "path": ["R19", "R18", "R17"], "hexes": ["R16", "R18"]}]) == [
        "R16 and R18 are not mutually adjacent (15.21.1 B)"]
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["R16", "R15"]},
                                   {"egs": "de-su-1", "hexes": ["R19"]}]) == [
        "unknown order ['egs', 'hexes']: a move is `move: UNIT, path: [HEX, ...]`, the path starting at the unit's hex "
        "(10.2); a mobile assault is `assault: HEX, with: [UNIT, ...]` (optional `path:` to the launch hex, `losses:`) (11.0)"]


def test_egs_and_as_burn_offs_are_played_from_behaviour_3():
    """docs/upgrading.md: a behaviour-2 campaign replays unchanged: no burn-offs there."""
    d, s = start({"su-inf-3": "T24", "de-inf-1": "S10", "de-su-1": "S10"}, behaviour=2, extra=SUPPLY)
    assert problems(d, at(s, 2, "axis"), "axis", [{"egs": "de-su-1", "hexes": ["S10"]}]) == [
        "EGS burn-offs are played from behaviour 3 (docs/upgrading.md)"]


# -- 15.22 AS, 24.4 B ----------------------------------------------------------------------
def test_15_22_a_prepared_assault_needs_attack_supply_from_a_burned_off_su():
    """15.22 A: "to participate in a prepared assault, another kind of supply, AS, is needed"; B:
    "Each side's AS comes only from its own SUs"; 5.1.6 A: burned off first; 15.22.2: the EGS
    radius; 24.4 B: "Normal AS burn off is still required" for the Shock Front."""
    d, s = start3({"su-inf-3": "T24", "su-inf-5": "U24", "su-su-1": "T24", "de-inf-1": "T23", "de-su-1": "T22"})
    s = at(s, 2, "soviet", "assault", bagration=False)
    assert problems(d, s, "soviet", [{"attack": "T23", "with": ["su-inf-3"]}]) == [
        "su-inf-3 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]
    assert problems(d, s, "soviet", [{"supply": "de-su-1", "hexes": ["T24"]}, {"attack": "T23", "with": ["su-inf-3"]}]) == [
        "de-su-1 is not a Soviet SU on the map (15.23.2: each side burns off its own)"]
    assert problems(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T24"]},
                                     {"attack": "T23", "with": ["su-inf-3", "su-inf-5"]}]) == [
        "su-inf-5 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]
    s, events = play(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T24", "U24"]},
                                      {"attack": "T23", "with": ["su-inf-3", "su-inf-5"]}], 3)
    assert events[0] == {"event": "burn_off", "unit": "su-su-1", "supply": "AS", "hexes": ["T24", "U24"], "rule": "15.22"}
    assert "su-su-1" not in s["units"] and "su-su-1" in pool(d, s, "soviet")


def test_15_22_1_units_without_gs_get_no_attack_supply():
    """15.22.1: "Units without GS or EGS may not be granted AS." """
    d, s = start3({"su-inf-3": "T10", "su-su-1": "T10", "de-inf-1": "T9"})
    s, _ = soviet_turn(d, at(s, 2, "western", "assault", bagration=False))
    s = at(s, 2, "soviet", "assault")
    assert problems(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T10"]}, {"attack": "T9", "with": ["su-inf-3"]}]) == [
        "su-inf-3 has no general supply and may not assault (15.22.1)"]


# -- 23.x FMOs -----------------------------------------------------------------------------
def test_23_a_fmo_doubles_the_german_printed_afs_and_destroys_its_su_permanently():
    """23.2 B: "All German units making a FMO have their printed AFs doubled"; 23.1 B: Hungarians
    "do so only at their regular combat strength"; 23.2 C, 23.3: the SU goes to the Permanently
    Destroyed Units Box. de-inf-1 6-7-5 and hu-inf-H1 4-5-4 attack 6 x 2 + 4 = 16."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "T23", "hu-inf-H1": "S24", "de-su-1": "T23"})
    s = at(s, 2, "axis", "assault")
    s, events = play(d, s, "axis", [{"supply": "de-su-1", "hexes": ["T23", "S24"], "fmo": True},
                                    {"attack": "T24", "with": ["de-inf-1", "hu-inf-H1"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert battle["attack"] == 16
    assert {"unit": "de-su-1", "side": "axis", "permanent": True} in s["dead"] and "de-su-1" not in pool(d, s, "axis")


def test_23_1_only_germany_launches_fmos_and_23_4_never_with_okh():
    d, s = start3({"su-inf-3": "T24", "su-su-1": "T24", "de-inf-1": "T23", "de-okh": "T22"})
    assert problems(d, at(s, 2, "soviet", "assault", bagration=False), "soviet",
                    [{"supply": "su-su-1", "hexes": ["T24"], "fmo": True}, {"attack": "T23", "with": ["su-inf-3"]}]) == [
        "only Germany launches FMOs (23.1)"]
    assert problems(d, at(s, 4, "axis", "assault"), "axis",
                    [{"supply": "de-okh", "hexes": ["T23"], "fmo": True}, {"attack": "T24", "with": ["de-inf-1"]}]) == [
        "OKH may not be used to generate FMO supply (23.4)"]


# -- 25.10 OKH ---------------------------------------------------------------------------------
def test_25_10_a_okh_arrives_on_turn_4_at_berlin_for_an_on_board_su():
    """25.10 A: "This German unit appears as a reinforcement on Turn 4 at Berlin. To get the OKH
    unit, Germany must permanently remove one of its on-board SUs from play." """
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-su-1": "S10"})
    s3, _ = axis_turn(d, s, 3)
    assert problems(d, s3, "axis", [{"okh": "de-su-1"}]) == ["OKH appears once, from Turn 4 (25.10 A)"]
    s4, _ = axis_turn(d, s, 4)
    s4, events = play(d, s4, "axis", [{"okh": "de-su-1"}])
    assert s4["units"]["de-okh"] == {"side": "axis", "hex": "T21", "steps": 1}
    assert {"unit": "de-su-1", "side": "axis", "permanent": True} in s4["dead"]
    assert {"event": "placed", "unit": "de-okh", "hex": "T21", "why": "OKH arrives at Berlin (25.10 A)"} in events


def test_25_10_d_okh_supplies_two_adjacent_hexes_four_away_gives_1r_and_stays():
    """25.10 D: "OKH may provide AS to Axis units in any two adjacent hexes up to four hexes away
    from its own position"; "receive a 1R shift"; "OKH, unlike normal German SUs, is not removed
    from the board after providing AS"."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "T23", "de-okh": "T19"})
    s = at(s, 4, "axis", "assault")
    assert problems(d, s, "axis", [{"supply": "de-okh", "hexes": ["T23"]}, {"attack": "T24", "with": ["de-inf-1"]}]) == []
    assert problems(d, s, "axis", [{"supply": "de-okh", "hexes": ["T23"]}, {"supply": "de-okh", "hexes": ["S23"]},
                                   {"attack": "T24", "with": ["de-inf-1"]}]) == [
        "OKH provides AS once a phase, to two adjacent hexes (25.10 D)"]
    far = at(s, 4, "axis", "assault", units={**s["units"], "de-okh": {"side": "axis", "hex": "T18", "steps": 1}})
    assert problems(d, far, "axis", [{"supply": "de-okh", "hexes": ["T23"]}, {"attack": "T24", "with": ["de-inf-1"]}]) == [
        "T23: more than 4 hexes from OKH in T18 along German-controlled hexes (25.10 D)"]
    s, events = play(d, s, "axis", [{"supply": "de-okh", "hexes": ["T23"]}, {"attack": "T24", "with": ["de-inf-1"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert {"shift": 1, "why": "supplied by OKH", "rule": "25.10 D"} in battle["shifts"]
    assert s["units"]["de-okh"]["hex"] == "T19"


def test_16_5_b_okh_is_removed_when_the_last_secondary_hex_is_lost():
    """16.5 B: "The OKH counter is permanently removed from play at that time." """
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-okh": "T19"})
    s = at(s, 4, "axis", economy={"collapsed": None, "liberated": ["ploesti", "nagykanizsa", "breslau"]})
    s, events = play(d, s, "axis", [])
    assert "de-okh" not in s["units"] and {"unit": "de-okh", "side": "axis", "permanent": True} in s["dead"]
    assert {"event": "eliminated", "unit": "de-okh", "why": "OKH permanently removed (16.5 B, 16.8)"} in events


# -- 15.16-15.20 fortress supply -------------------------------------------------------------
CUT_OFF = {"su-inf-3": "T24", "su-inf-5": "V26", "su-inf-8": "V24"}           # V25's neighbours Soviet-held
FS_V25 = {"map.hexes.V25": {"terrain": "clear", "fortress_supply": True}}    # made up: a fortified port (15.16 A)


def axis_check(d, s, turn: int):
    """The Axis player-turn of `turn` with no move and no assault, to its Terminal Supply Check."""
    s, _ = axis_turn(d, s, turn)
    s, _ = play(d, s, "axis", [])
    return play(d, s, "axis", [])


def test_15_16_b_15_20_one_step_on_fs_the_excess_attrites_first():
    """15.16 B: "Each source hex of FS may support one step of any combat units indefinitely"; 15.20:
    "If more than one step's worth of units became trapped in a FS hex that could only maintain one
    step, the units would attrite down as normal until the one step limit were reached"; 5.1.7 B:
    FS markers are deployed at the Terminal Supply Check."""
    d, s = start3({**CUT_OFF, "de-inf-1": "V25"}, **FS_V25)
    s, events = axis_check(d, s, 2)
    assert s["units"]["de-inf-1"]["steps"] == 1 and "fs" not in s
    s, events = axis_check(d, s, 3)
    assert s["units"]["de-inf-1"]["steps"] == 1 and s["fs"] == ["de-inf-1"]
    assert {"event": "fortress_supply", "hex": "V25", "units": ["de-inf-1"], "rule": "15.16"} in events
    s, events = axis_check(d, s, 4)
    assert s["units"]["de-inf-1"]["steps"] == 1 and s["fs"] == ["de-inf-1"]                   # indefinitely


def test_15_16_b_koenigsburg_supports_four_corps():
    """15.16 B: "Exception: Königsburg may support up to four corps of German units"; the example:
    four corps in Königsburg "may go over to FS and sit out the siege"."""
    four = {"de-inf-1": "V25", "de-inf-2": "V25", "de-inf-4": "V25", "de-inf-5": "V25"}
    d, s = start3({**CUT_OFF, **four}, **{"map.places.koenigsburg.hex": "V25"})
    s, events = axis_check(d, s, 2)
    assert s["fs"] == sorted(four) and all(s["units"][u]["steps"] == 2 for u in four)


def test_15_19_units_on_fs_never_move_or_attack_lose_their_zoc_and_give_no_oos_shift():
    """15.19 A: "Units drawing FS lose their ZOC, may never attack, and may not move until freed";
    B: they "do not suffer any adverse combat column shifts due to being out of GS"."""
    from pbem.games.end_of_the_iron_dream.common import zoc_of
    d, s = start3({**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}, "de-su-1": "V25", "su-su-1": "V24"}, **FS_V25)
    s, _ = axis_check(d, s, 2)
    assert s["fs"] == ["de-inf-1"] and "W25" not in zoc_of(d, s, ("axis",))
    axis = at(s, 3, "axis")
    assert problems(d, axis, "axis", [{"move": "de-inf-1", "path": ["V25", "W25"]}]) == [
        "de-inf-1 draws fortress supply: it may not move or attack until German units in GS stand next to it (15.17, 15.19 A)"]
    assert problems(d, at(s, 3, "axis", "assault"), "axis", [{"supply": "de-su-1", "hexes": ["V25"]},
                                                            {"attack": "V24", "with": ["de-inf-1"]}]) == [
        "de-inf-1 has no general supply and may not assault (15.22.1)"]
    _, events = play(d, at(s, 3, "soviet", "assault", bagration=False), "soviet",
                     [{"supply": "su-su-1", "hexes": ["V24"]}, {"attack": "V25", "with": ["su-inf-8"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert not [x for x in battle["shifts"] if x["rule"] in ("15.4", "18.23")]


def test_15_17_german_units_in_gs_next_to_the_hex_free_the_units_on_fs_and_15_9_c():
    """15.17: units on FS stay there "until such time as other German units in GS move adjacent
    to the FS hex and thus free the fortress-supplied units"."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": {"hex": "S10", "steps": 1}, "de-inf-2": "S8"})
    s, events = play(d, at(s, 2, "axis", fs=["de-inf-1"]), "axis", [{"move": "de-inf-2", "path": ["S8", "S9"]}])
    assert "fs" not in s and {"event": "fortress_freed", "units": ["de-inf-1"], "rule": "15.17"} in events


def test_15_9_c_a_unit_destroyed_on_fs_is_permanently_destroyed():
    """15.9 C: "German units drawing FS at the instant of their destruction are also permanently
    destroyed." An E result (clear 1-1 die 1, made up: 7 against 4) on the one-step corps in V25."""
    d, s = start3({**CUT_OFF, "de-inf-1": {"hex": "V25", "steps": 1}, "su-su-1": "V24"}, cells={"1-1": {"1": "0/E"}}, **FS_V25)
    s, _ = axis_check(d, s, 2)
    s, _ = play(d, at(s, 3, "soviet", "assault", bagration=False), "soviet",
                [{"supply": "su-su-1", "hexes": ["V24"]}, {"attack": "V25", "with": ["su-inf-8"]}], 1)
    assert {"unit": "de-inf-1", "side": "axis", "permanent": True} in s["dead"] and "fs" not in s


def test_15_15_german_baltic_coastal_supply():
    """15.15 B: "Any German unit on a Baltic Sea coastal hex, or in a hex adjacent to a
    friendly-controlled Baltic Sea coastal hex, is in GS as long as Germany also controls at least
    one Baltic port in Germany from which a regular GS line can be traced to Berlin, the Ruhr, or
    Breslau, and the German economy has not yet collapsed." V25 on the coast (made up), its
    neighbours Soviet-held; the port S20 (made up) traces to Berlin."""
    coast = {"map.hexes.V25": {"terrain": "clear", "coast": "baltic"}}
    d, s = start3({**CUT_OFF, "de-inf-1": "V25"}, **coast, **{"map.places.german_baltic_port_hexes": ["S20"]})
    assert axis_turn(d, s, 2)[0]["oos"] == []
    assert axis_turn(d, s, 2, economy={"collapsed": 2, "liberated": []})[0]["oos"] == ["de-inf-1"]
    inland = {"map.hexes.W25": {"terrain": "clear", "coast": "baltic"}}                 # Soviet-controlled
    d, s = start3({**CUT_OFF, "de-inf-1": "V25"}, **inland, **{"map.places.german_baltic_port_hexes": ["S20"]})
    assert axis_turn(d, s, 2)[0]["oos"] == ["de-inf-1"]
    with pytest.raises(UnknownDataError, match="map.places.german_baltic_port_hexes"):
        start3({**CUT_OFF, "de-inf-1": "V25"}, **coast)                       # the set-up's supply check


# -- 15.3 C, 5.1.5 B, D-E ------------------------------------------------------------------------
def test_15_3_c_an_oos_unit_moves_only_nearer_its_nearest_source():
    """15.3 C: "OOS units may move only if each hex entered brings the unit closer to a hex
    containing its nearest potential source of GS, EGS, or FS"; 5.1.5 E: a move farther away is
    forbidden even as the one-hex guarantee. The Soviet army cut off in T10: its nearest sources are
    the east-edge hexes S26, T26, U26 (15.13)."""
    d, s = start3({"su-inf-3": "T10", "su-inf-5": "T23", "de-inf-1": "S4"})
    s, _ = soviet_turn(d, at(s, 2, "western", "assault", bagration=False))
    assert s["oos"] == ["su-inf-3"]
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["T10", "T9"]}]) == [
        "T10 → T9: su-inf-3 is out of supply: each hex it enters must bring it nearer its nearest source of GS, EGS or "
        "FS (S26, T26, U26); T9 does not (15.3 C, 5.1.5 D-E)"]
    assert problems(d, s, "soviet", [{"move": "su-inf-3", "path": ["T10", "T11"]}]) == []


def test_5_1_5_b_units_in_gs_do_not_move_out_of_it_unless_they_have_egs():
    """5.1.5 B: "Units in GS may not voluntarily move out of GS; units with EGS markers on them may
    do so" (15.21.2, 15.21.3: the owner "might provide EGS to move such units out of GS")."""
    d, s = start3({**CUT_OFF, "de-inf-1": "W24", "de-su-1": "W24"})
    s, _ = axis_turn(d, s, 2)
    assert problems(d, s, "axis", [{"move": "de-inf-1", "path": ["W24", "W25"]}]) == [
        "de-inf-1 is in GS and may not move out of it to W25 (5.1.5 B; a unit with EGS may, 15.21.2)"]
    assert problems(d, s, "axis", [{"egs": "de-su-1", "hexes": ["W24"]}, {"move": "de-inf-1", "path": ["W24", "W25"]}]) == []


# -- 25.9 C the 12th Army ---------------------------------------------------------------------------
def test_25_9_c_the_12th_army_has_egs_and_as_for_one_complete_turn_from_its_placement():
    """25.9 C: the 12th Army "is considered to have EGS and AS for one complete turn, measured from
    the instant of placement". The Soviets take Berlin (T21) in their Turn 2 movement: the economy
    collapses (16.7) and Germany places the 12th Army (made-up counter de-inf-50, tests) in R21
    (25.9 B). After the collapse no German source is left but Berlin itself (16.9): in the Axis
    Turn 3 it is not OOS, has AS without a burn-off and does not attrite; its turn ends at the same
    point of Turn 3's Soviet player-turn (a reading: the instant is the end of the step that placed
    it, here past the Soviet Prepared Assault Phase), so in Turn 4 it is OOS."""
    from pbem.games.end_of_the_iron_dream.supply_units import attack_problem
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4"})
    s, _ = play(d, at(s, 2, "soviet", bagration=False), "soviet", [{"move": "su-inf-3", "path": ["T24", "T23", "T22", "T21"]}])
    s, _ = play(d, s, "axis", [{"twelfth_army": "R21"}])
    assert s["units"]["de-inf-50"]["hex"] == "R21"
    assert s["twelfth_army"] == {"unit": "de-inf-50", "until": [3, 2, 3]}      # the step ended the Soviet phases
    s3, _ = axis_turn(d, s, 3)
    assert "de-inf-50" not in s3["oos"] and "de-inf-1" in s3["oos"]
    assault = at(s3, 3, "axis", "assault")
    assert attack_problem(d, assault, ["de-inf-50"]) is None and attack_problem(d, assault, ["de-inf-1"]) == (
        "de-inf-1 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)")
    after, _ = play(d, s3, "axis", [])                 # no assault possible: the phase passes, the Terminal Check
    assert after["units"]["de-inf-50"]["steps"] == 2 and after["units"]["de-inf-1"]["steps"] == 1
    s4, _ = axis_turn(d, s, 4)
    assert "de-inf-50" in s4["oos"]


# -- 15.23.1 voluntary removal -------------------------------------------------------------------
def test_15_23_1_sus_tracing_gs_are_withdrawn_at_the_end_of_the_player_turn():
    """15.23.1 A: "At the end of each friendly player-turn, the phasing side may voluntarily remove
    any or all SUs from the map. Such SUs must be able to trace a GS line at the instant of
    removal"; B: "placed back in the pool". de-su-1 in S10 traces to Berlin; de-su-2 in V25, its
    neighbours Soviet-held, does not."""
    d, s = start3({**CUT_OFF, "de-inf-1": "S4", "de-su-1": "S10", "de-su-2": "V25"})
    s, _ = axis_turn(d, s, 2)
    s, events = play(d, s, "axis", [{"withdraw": ["de-su-1", "de-su-2"]}])
    assert {"event": "withdrawn", "unit": "de-su-1", "hex": "S10", "rule": "15.23.1"} in events
    assert {"event": "not_withdrawn", "unit": "de-su-2", "hex": "V25", "why": "it traces no GS line (15.23.1 A)"} in events
    assert "de-su-1" not in s["units"] and "de-su-1" in pool(d, s, "axis") and s["units"]["de-su-2"]["hex"] == "V25"
    assert problems(d, at(s, 3, "axis"), "axis", [{"withdraw": ["de-inf-1"]}]) == ["de-inf-1 is not an SU (15.21, 15.22)"]


def test_6_4_the_wa_units_on_the_italian_front_start_turn_1_with_egs_and_as():
    """6.4: "The WA units set up on the Italian front at the start of the game are considered to
    start their player-turn with EGS and AS. They do not need to burn off the two SUs with them to
    get AS this turn as they already have it." (The test's white star hexes: P1, P2, Q1, Q2.)"""
    d, s = start3({"su-inf-3": "T24", "wa-mech-2": "P2", "wa-su-1": "P2", "de-inf-1": "P3"})
    s, events = play(d, s, "axis", [])                       # Turn 1: the Axis phases, then the WA's begin
    assert {"event": "italian_front", "units": ["wa-mech-2"], "rule": "6.4"} in events
    assert s["egs"] == ["wa-mech-2"]
    assert problems(d, at(s, 1, "western", "assault"), "western", [{"attack": "P3", "with": ["wa-mech-2"]}]) == []
    assert problems(d, at(s, 2, "western", "assault"), "western", [{"attack": "P3", "with": ["wa-mech-2"]}]) == [
        "wa-mech-2 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]


def test_25_10_d_okh_moves_strategically_as_a_corps_but_then_gives_no_as():
    """25.10 D: "OKH may move strategically, and counts as one corps toward the German total, but
    may not provide AS on the turns it does so." (MA 5, 28.2: three times, 12.1.)"""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-okh": "S10"})
    s, _ = axis_turn(d, s, 4)
    s, events = play(d, s, "axis", [{"strategic": "de-okh", "path": ["S10", "S11", "S12", "S13"]}])
    assert s["units"]["de-okh"]["hex"] == "S13"
    assert problems(d, at(s, 4, "axis", "assault"), "axis", [{"supply": "de-okh", "hexes": ["S14"]}]) == [
        "OKH may not provide AS on a turn it moves strategically (25.10 D)"]


# -- 24.6-24.8 echeloned Shock Front assaults ------------------------------------------------------
FRONT = {"su-inf-3": "T24", "su-su-1": "T24", "su-su-2": "T24", "de-inf-1": "T23",
         "su-inf-5": "U24", "su-su-3": "U24", "de-inf-2": "U23"}
BURNS = [{"supply": "su-su-1", "hexes": ["T24"]}, {"supply": "su-su-2", "hexes": ["T24"]}, {"supply": "su-su-3", "hexes": ["U24"]}]


def front_turn(d, s):
    return at(s, 2, "soviet", "assault", bagration=False, shock_front={"hexes": ["T24"], "units": ["su-inf-3"], "created": 1, "use": 2})


def test_24_6_24_7_an_echeloned_assault_burns_double_as_and_makes_two_rounds_before_the_others():
    """24.6 A: "By burning off double the normal AS requirement, the Soviets may make an echeloned
    assault with the Shock Front"; B: "the units of the front then make two prepared assaults in a
    row"; C: "Both must be rolled for before any non-Shock Front prepared assaults"; 24.7 A, B: the
    same hex again, the odds recalculated; 24.4 A: the front's AFs doubled (su-inf-3 7 x 2 = 14)."""
    d, s = start3(FRONT)
    s = front_turn(d, s)
    orders = [*BURNS, {"echelon": True}, {"attack": "T23", "with": ["su-inf-3"]}, {"attack": "U23", "with": ["su-inf-5"]}]
    assert problems(d, s, "soviet", [*BURNS[1:], {"echelon": True}, {"attack": "T23", "with": ["su-inf-3"]}]) == [
        "an echeloned assault burns off double the AS: two SUs for T24 (24.6 A)"]
    s, events = play(d, s, "soviet", orders, 3)
    assert [e["hex"] for e in events if e["event"] == "assault"] == ["T23"] and s["phase"] == "echelon"
    assert GAME.awaiting(s).phase == "Turn 2 Soviet echeloned Shock Front assault, second round (24.6)"
    assert problems(d, s, "soviet", [{"attack": "U23", "with": ["su-inf-5"]}]) == [
        "su-inf-5: not a unit of the Shock Front's echelon (24.6 B, 24.7 D)"]
    assert problems(d, s, "soviet", [{"attack": "U23", "with": ["su-inf-3"]}]) == [
        "U23 is the object of another announced assault (18.2 B)"]
    s, events = play(d, s, "soviet", [{"attack": "T23", "with": ["su-inf-3"]}], 4, 5)
    battles = [e for e in events if e["event"] == "assault"]
    assert [(b["hex"], b["attack"]) for b in battles] == [("T23", 14), ("U23", 7)]


def test_24_8_a_cancelled_second_round_keeps_its_sus_burned():
    """24.8 A: "If the Soviets cancel their second Shock Front assault, they would not automatically
    get the extra SU back"; B: the SUs go back to the pool (not permanently destroyed)."""
    d, s = start3(FRONT)
    s, _ = play(d, front_turn(d, s), "soviet", [*BURNS, {"echelon": True}, {"attack": "T23", "with": ["su-inf-3"]},
                                                {"attack": "U23", "with": ["su-inf-5"]}], 3)
    s, events = play(d, s, "soviet", [], 5)
    assert {"event": "echelon", "round": 2, "battles": [], "rule": "24.6 B",
            "why": "cancelled: the SUs are not returned (24.8 A)"} in events
    assert [e["hex"] for e in events if e["event"] == "assault"] == ["U23"]
    assert "su-su-1" in pool(d, s, "soviet") and "su-su-2" in pool(d, s, "soviet") and "su-su-1" not in s["units"]


def test_15_23_g_sus_may_go_along_on_their_stacks_retreat():
    """15.23 G: SUs "may go along on retreats" (on the path of a unit of their stack); an SU left
    behind alone in the assaulted hex shares its stack's fate (15.23 B-C). A 1 result (clear 2-1,
    die 1, made up) on de-inf-1 (DF 7) assaulted by two Soviet armies (14)."""
    d, s = start3({**FRONT, "de-su-1": "T23"}, cells={"2-1": {"1": "0/1"}})
    s = at(s, 2, "soviet", "assault", bagration=False)
    s, _ = play(d, s, "soviet", [{"supply": "su-su-1", "hexes": ["T24", "U24"]},
                                 {"attack": "T23", "with": ["su-inf-3", "su-inf-5"]}], 1)
    assert s["phase"] == "pa_defender"
    assert problems(d, s, "axis", [{"retreat": {"de-inf-1": ["T22"], "de-su-1": ["S23"]}}]) == [
        "de-su-1 goes along on the retreat of a unit of its stack, on the same path (15.23 G)"]
    along, events = play(d, s, "axis", [{"retreat": {"de-inf-1": ["T22"], "de-su-1": ["T22"]}}])
    assert along["units"]["de-su-1"]["hex"] == "T22" and {"event": "retreat", "unit": "de-su-1", "path": ["T23", "T22"]} in events
    behind, _ = play(d, s, "axis", [{"retreat": {"de-inf-1": ["T22"]}}])
    assert "de-su-1" not in behind["units"] and {"unit": "de-su-1", "side": "axis", "permanent": True} in behind["dead"]


def test_4_10_b_one_wa_su_never_supplies_both_army_groups():
    """4.2 B: "The same individual SU may not provide supply for units of both groupings
    simultaneously"; 4.10 B: nor EGS or AS "to units of the two different groups". The British
    corps B5 (tan, 3.11 C) has its factors made up here (the text prints none)."""
    b5 = {"units.counters.wa-x-B5.type": "infantry", "units.counters.wa-x-B5.attack": 5, "units.counters.wa-x-B5.defense": 6,
          "units.counters.wa-x-B5.movement": 5, "units.counters.wa-x-B5.reduced": "none"}
    d, s = start3({"su-inf-3": "T24", "wa-mech-2": "P2", "wa-x-B5": "Q2", "wa-su-1": "P2", "de-inf-1": "P3",
                   "de-inf-2": "Q3"}, **b5)
    s = at(s, 2, "western", "assault")
    assert problems(d, s, "western", [{"supply": "wa-su-1", "hexes": ["P2", "Q2"]}, {"attack": "P3", "with": ["wa-mech-2"]},
                                      {"attack": "Q3", "with": ["wa-x-B5"]}]) == [
        "wa-su-1 may not provide AS to units of both WA army groups (green, tan) in separate battles: only to one "
        "cooperative prepared assault (4.2 B, 4.10 B, 4.10 E)"]
    # the tan corps does not assault: the SU provides AS to the green one only
    assert problems(d, s, "western", [{"supply": "wa-su-1", "hexes": ["P2", "Q2"]}, {"attack": "P3", "with": ["wa-mech-2"]}]) == []
    assert problems(d, s, "western", [{"supply": "wa-su-1", "hexes": ["P2"]}, {"attack": "P3", "with": ["wa-mech-2"]}]) == []


# -- 26.6.5 B -----------------------------------------------------------------------------------
def test_26_6_5_b_the_wa_remove_an_su_of_their_choice_on_first_entering_the_hook():
    """26.6.5 B: "The instant an Alliance unit attempts to move or assault into any of those hexes
    ... the WA must permanently remove one SU from play and subtract 3 VPs": the WA's signed answer
    names it (any WA SU not yet permanently destroyed), then their phase goes on. (X13 is made a
    coastal hex here, so that the move keeps the corps in GS, 15.14 C, 5.1.5 B.)"""
    hook = {"map.hexes.X13": {"terrain": "marsh", "coast": "atlantic"}, "map.hexes.X14": {"terrain": "clear"},   # made up
            "map.hexes.Y13": {"terrain": "marsh"}, "map.hexes.Y14": {"terrain": "marsh"}}
    d, s = start3({"wa-mech-2": "W13", "wa-su-1": "P2", "de-inf-1": "T21", "su-inf-3": "T25", "wa-mech-4": "P2"}, **hook)
    s, events = play(d, at(s, 5, "western"), "western", [{"move": "wa-mech-2", "path": ["W13", "X13"]}])
    assert s["phase"] == "hook_su" and s["hook_su"]["choices"] == [f"wa-su-{n}" for n in range(1, 9)]
    assert GAME.awaiting(s).side == "western"
    assert problems(d, s, "western", [{"remove_su": "de-su-1"}]) == [
        "de-su-1 is not a WA SU still in play: " + ", ".join(f"wa-su-{n}" for n in range(1, 9)) + " (26.6.5 B)"]
    assert s["hook_su"]["resume"] == "assault"
    s, events = play(d, s, "western", [{"remove_su": "wa-su-1"}])
    assert "wa-su-1" not in s["units"] and {"unit": "wa-su-1", "side": "western", "permanent": True} in s["dead"]
    # the WA Prepared Assault Phase goes on (and passes by itself: no unit next to an enemy)
    assert "hook_su" not in s and GAME.awaiting(s).phase == "Turn 5 Soviet operational movement"


def test_15_22_b_wa_units_in_or_next_to_an_invasion_port_are_always_in_as():
    """15.22 B: "Exception: WA units starting their Prepared Assault Phase in or adjacent to an
    invasion-port hex are always in AS for that phase." (An invasion-port counter ashore in P2, as
    the invasions of 14.x record it: state["invasion_ports"]["ashore"].)"""
    d, s = start3({"su-inf-3": "T24", "wa-mech-2": "Q2", "de-inf-1": "Q3"})
    s = at(s, 2, "western", "assault", invasion_ports={"eto": 0, "mto": 1, "ashore": ["P2"]})
    assert problems(d, s, "western", [{"attack": "Q3", "with": ["wa-mech-2"]}]) == []
    s["invasion_ports"]["ashore"] = ["W2"]
    assert problems(d, s, "western", [{"attack": "Q3", "with": ["wa-mech-2"]}]) == [
        "wa-mech-2 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]


def test_15_23_f_an_entering_soviet_su_avoids_an_ezoc_without_a_friend_from_its_first_hex():
    """15.23 F: SUs "may never operationally move into an EZOC unless there is already a friendly
    unit present in that hex" (the east-edge hex they enter on, 5.3.1, included). T26 is in the ZOCs
    of the German corps in T25 and the Soviet army in U26, so it stays Soviet-controlled (4.1 B)."""
    d, s = start3({"su-inf-3": "U26", "de-inf-1": "T25"})
    s, _ = soviet_turn(d, at(s, 2, "western", "assault", bagration=False))
    assert problems(d, s, "soviet", [{"enter": "su-su-1", "path": ["T26"]}]) == [
        "su-su-1 is an SU: it never moves into an enemy ZOC (T26) without a friendly unit there (15.23 F)"]
    assert problems(d, s, "soviet", [{"enter": "su-su-1", "path": ["R26"]}]) == []


def test_16_8_okh_is_removed_at_the_collapse_and_15_23_f_sus_never_move_strategically():
    """16.8: "OKH is removed if still on the board (25.10)"; 15.23 F: "SUs may not move
    strategically" (16.2 B: nor the new German ones)."""
    d, s = start3({"su-inf-3": "T24", "de-inf-1": "S4", "de-okh": "T19", "de-su-1": "S10"})
    s = at(s, 4, "axis", economy={"collapsed": 3, "liberated": []})
    assert problems(d, s, "axis", [{"strategic": "de-su-1", "path": ["S10", "S11"]}]) == [
        "de-su-1 is not a combat unit: only combat units move strategically (5.1.3 A, 12.6 A; 15.23)"]
    s, events = play(d, s, "axis", [])
    assert "de-okh" not in s["units"] and {"unit": "de-okh", "side": "axis", "permanent": True} in s["dead"]


# -- 19.1.4 B, 19.2.1, 19.3 D the satellites' sources ------------------------------------------
def test_19_the_axis_satellites_trace_to_their_own_capitals():
    """19.1.4 B: "Axis Romanians trace their GS line to Bucharest"; 19.3 D: "Hungarian units trace
    their GS to Budapest or to a German GS source (Germany's choice on a case-by-case basis)".
    Bucharest is made W22 here, held by a Soviet army: the Romanian army in S10 is OOS where a German
    corps or a Hungarian army has GS (Budapest's hex is not needed for it)."""
    d, s = start3({"su-inf-3": "W22", "ro-inf-R1": "S10", "hu-inf-H1": "S11", "de-inf-1": "S12"},
                  **{"map.places.bucharest.hex": "W22"})
    s, _ = axis_turn(d, s, 2)
    assert s["oos"] == ["ro-inf-R1"]
    d, s = start3({"su-inf-3": "T24", "ro-inf-R1": "S10"}, **{"map.places.bucharest.hex": "W22"})
    assert axis_turn(d, s, 2)[0]["oos"] == []
    with pytest.raises(UnknownDataError, match="map.places.bucharest.hex"):
        start3({"su-inf-3": "T24", "ro-inf-R1": "S10"})                        # the set-up's supply check
