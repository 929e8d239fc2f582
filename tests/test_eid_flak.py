"""End of the Iron Dream, behaviour 3: the Luftwaffe Reich Air Defense Flak corps (25.2) — their
arrival after the collapse (A-C), no prepared assault alone (E), the Flak support shifts (G-I),
the Alliance's extra mechanized step (J), the Flak corps lost first (K).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, the German cities S12 and
S14, made-up CRT cells; the WA trace their supply to V6 (a made-up port)."""

from __future__ import annotations

from tests.eidhelp import COLUMNS, at, play, problems, start
from tests.test_eid_supply_units import KOENIGSBURG
from tests.test_eid_supply_play import BEACH, SUPPLY

AS = {"supply": "wa-su-1", "hexes": ["U6"]}                                          # 15.22 (behaviour 3)
CITIES = {"S12": {"terrain": "clear", "city": True, "vp": 1}, "S14": {"terrain": "clear", "city": True, "vp": 1}}


def start3(position: dict, cells: dict | None = None):
    return start(position, behaviour=3, hexes=CITIES, cells=cells, extra={**SUPPLY, **KOENIGSBURG, **BEACH})


def after_collapse(state: dict, collapsed: int, turn: int) -> dict:
    state = at(state, turn, "axis")
    state["economy"] = {**state["economy"], "collapsed": collapsed}
    return state


def test_25_2_a_c_five_flak_corps_after_a_collapse_before_turn_17_one_per_german_city():
    """25.2 A: "On the German player-turn immediately after its economy collapses, six Luftwaffe
    Reich Air Defense Flak Corps arrive as reinforcements"; B: "If the collapse occurs before Turn
    17, Germany receives only five Flak units; the sixth is permanently lost from play"; C: "The
    units appear in any German cities still under German control, not more than one per city"."""
    d, s = start3({"de-inf-1": "P20", "su-inf-3": "T25"})
    early = after_collapse(s, 16, 17)
    assert problems(d, after_collapse(s, 16, 16), "axis", [{"place": "de-flak-1", "at": "S12"}]) == [
        "de-flak-1 is not a Flak corps due: they arrive from the German player-turn after the economic collapse, "
        "five if it came before Turn 17 (25.2 A-B)"]
    assert problems(d, early, "axis", [{"place": "de-flak-6", "at": "S12"}]) == [
        "de-flak-6 is not a Flak corps due: they arrive from the German player-turn after the economic collapse, "
        "five if it came before Turn 17 (25.2 A-B)"]
    assert problems(d, after_collapse(s, 17, 18), "axis", [{"place": "de-flak-6", "at": "S12"}]) == []
    assert problems(d, early, "axis", [{"place": "de-flak-1", "at": "S13"}]) == [
        "de-flak-1 appears in a German city still under German control, not S13 (25.2 C)"]
    assert problems(d, early, "axis", [{"place": "de-flak-1", "at": "S12"}, {"place": "de-flak-2", "at": "S12"}]) == [
        "S12 already holds a Flak corps: not more than one per city (25.2 C)"]
    _, events = play(d, early, "axis", [{"place": "de-flak-1", "at": "S12"}, {"place": "de-flak-2", "at": "S14"}])
    why = "a reinforcement: its MA doubled this turn (7.5, 7.7 A)"
    assert events[:2] == [{"event": "placed", "unit": "de-flak-1", "hex": "S12", "why": why},
                          {"event": "placed", "unit": "de-flak-2", "hex": "S14", "why": why}]


def test_25_2_e_h_a_flak_corps_assaults_only_with_a_non_flak_unit_of_its_hex_and_gives_1r():
    """25.2 E: "If alone in a hex, or stacked there with only other Flak units, they cannot make
    prepared assaults"; H: "For each Flak corps making a prepared assault in conjunction with at
    least one non-Flak combat unit in the same hex, apply a 1R shift." Its "S" adds no AF."""
    d, s = start3({"de-inf-1": "T6", "de-flak-1": "T6", "de-su-1": "T6", "de-flak-2": "T5", "wa-mech-2": "U6",
                   "wa-mech-4": "V6"})
    s = at(s, 10, "axis", "assault")                                             # foul: no TAC AIR (25.11 C)
    burn = {"supply": "de-su-1", "hexes": ["T6", "T5"]}                          # 15.22
    assert problems(d, s, "axis", [burn, {"attack": "U6", "with": ["de-flak-2"]}]) == [
        "de-flak-2 may not make a prepared assault without a non-Flak combat unit of its hex (25.2 E, H)"]
    _, events = play(d, s, "axis", [burn, {"attack": "U6", "with": ["de-flak-1", "de-inf-1"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"]) == (6, 9)
    assert {"shift": 1, "why": "1 Flak corps supporting the assault", "rule": "25.2 H"} in battle["shifts"]


def test_25_2_i_j_k_the_flak_defence_1l_the_flak_lost_first_and_the_alliances_extra_mechanized_step():
    """25.2 I: "For each Flak corps defending in a hex with other non-Flak combat units, apply a 1L
    shift"; J: "If an Alliance force suffers any result in any kind of assault on a combined
    Flak/non-Flak defensive stack, and the Alliance force contained any mechanized units, remove
    one step from one mechanized unit in addition to the normal combat result"; K: "the Flak corps
    must be eliminated as a loss before any non-Flak units take any loss"."""
    cells = {col: {"1": "1/1"} for col in COLUMNS}
    d, s = start3({"de-inf-1": "T6", "de-flak-1": "T6", "wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6"}, cells=cells)
    s = at(s, 10, "western", "assault")
    state, events = play(d, s, "western", [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"], battle["initial"], battle["column"]) == (20, 7, "2-1", "1-1")
    assert battle["shifts"] == [{"shift": -1, "why": "1 Flak corps supporting the defence", "rule": "25.2 I"}]
    assert problems(d, state, "axis", [{"steps": ["de-inf-1"]}]) == [
        "de-flak-1 (Flak support) must be eliminated before de-inf-1 loses a step (25.2 K)"]
    state, _ = play(d, state, "axis", [{"steps": ["de-flak-1"]}])
    assert "de-flak-1" not in state["units"] and state["phase"] == "pa_attacker"
    assert problems(d, state, "western", [{"steps": ["wa-mech-2"]}]) == [
        "a 1 result is 1 in steps lost and hexes retreated together (and the extra mechanized step, 25.2 J); this "
        "answer gives 1 step(s) and 0 hex(es) (18.14)"]
    state, events = play(d, state, "western", [{"steps": ["wa-mech-2", "wa-mech-4"]}])
    assert state["units"]["wa-mech-2"]["steps"] == 1 and state["units"]["wa-mech-4"]["steps"] == 1


def test_25_2_j_a_mobile_assault_on_a_combined_stack_costs_one_more_mechanized_step():
    """25.2 J in a mobile assault: the attacker's 1 (11.9 A: step losses) and the extra mechanized
    step come off wa-mech-2's two steps in its `losses:` order."""
    cells = {col: {"1": "1/0"} for col in COLUMNS}
    d, s = start3({"de-inf-1": "T6", "de-flak-1": "T6", "wa-mech-2": "U6", "wa-mech-4": "V6"}, cells=cells)
    state, events = play(d, at(s, 10, "western"), "western", [{"assault": "T6", "with": ["wa-mech-2"]}], 1)
    assert {"event": "eliminated", "unit": "wa-mech-2", "why": "mobile assault result 1 (11.9 A)"} in events


def test_25_2_k_an_exchange_for_a_flak_supported_german_assault_takes_the_flak_corps_first():
    """25.2 K: "When a German assault or defense uses the Flak support bonus, the Flak corps must be
    eliminated as a loss before any non-Flak units take any loss"; 18.14 E: the attacker's steps
    must cost AFs at least the defender's DFs (the Flak corps' "S" is worth no AF)."""
    cells = {col: {"1": "E/0"} for col in COLUMNS}
    d, s = start3({"de-inf-1": "T6", "de-flak-1": "T6", "de-su-1": "T6", "wa-mech-2": "U6", "wa-mech-4": "V6"},
                  cells=cells)
    burn = {"supply": "de-su-1", "hexes": ["T6"]}
    state, _ = play(d, at(s, 10, "axis", "assault"), "axis", [burn, {"attack": "U6", "with": ["de-flak-1", "de-inf-1"]}], 1)
    assert state["phase"] == "pa_attacker"
    assert problems(d, state, "axis", [{"steps": ["de-inf-1"]}]) == [
        "de-flak-1 (Flak support) must be eliminated before de-inf-1 loses a step (25.2 K)"]
    assert problems(d, state, "axis", [{"steps": ["de-flak-1"]}]) == [
        "an E result costs the attacker steps worth at least the defender's 9 DFs; these lose 0 AFs (18.14)"]
    state, events = play(d, state, "axis", [{"steps": ["de-flak-1", "de-inf-1", "de-inf-1"]}])
    assert "de-flak-1" not in state["units"] and "de-inf-1" not in state["units"]
