"""End of the Iron Dream, behaviour 3: the Prepared Assault Phase's extras — 18.21 probing
attacks, 25.5 G a heavy bomber strike that empties the hex, 18.4's units retreated into a hex
assaulted later in the same phase.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, made-up CRT cells; the
WA trace their supply to V6 (a made-up port)."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream.common import army_of
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_units import KOENIGSBURG, SOVIET_SU_MA
from tests.test_eid_supply_play import BEACH, SUPPLY

AS = {"supply": "wa-su-1", "hexes": ["U6"]}                                          # 15.22 (behaviour 3)
COLUMNS = ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")


def start3(position: dict, behaviour: int = 3, cells: dict | None = None):
    return start(position, behaviour=behaviour, cells=cells, extra={**SUPPLY, **KOENIGSBURG, **SOVIET_SU_MA, **BEACH})


def test_18_21_a_probe_into_an_empty_hex_needs_no_die_and_advances_one_or_two_hexes():
    """18.21: "Assaulting units may launch a prepared assault into hexes that are totally empty of
    forts and combat units. ... The probe does not, however, require a die roll. The assaulters
    simply burn off supply and advance one or two hexes (within normal terrain and
    mechanized/non-mechanized strictures)."""
    d, s = start3({"wa-mech-2": "U6", "wa-para-18": "U6", "wa-su-1": "U6", "wa-mech-4": "V6", "de-inf-1": "U7"})
    s = at(s, 2, "western", "assault")
    probe = [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-para-18"]}]
    assert problems(d, s, "western", probe) == []
    assert problems(d, s, "western", [AS, {"attack": ["T6", "U7"], "with": ["wa-mech-2", "wa-para-18"]}]) == [
        "T6 is empty of combat units: a probing attack is an assault of its own, on empty hexes only (18.21)"]
    assert problems(d, s, "western", [AS, {"attack": "V6", "with": ["wa-mech-2"]}]) == [
        "V6 holds no enemy units but wa-mech-4: no assault or probe into it (18.1, 18.21)"]
    assert problems(d, s, "western", probe[1:]) == [                                   # 18.21: "do consume AS"
        "wa-mech-2, wa-para-18 have no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` "
        "(15.22, 5.1.6 A)"]
    state, events = play(d, s, "western", probe)                         # no die is scripted: none is rolled
    assert {"event": "probe", "hexes": ["T6"], "attackers": ["wa-mech-2", "wa-para-18"], "rule": "18.21"} in events
    assert not any(e["event"] == "assault" for e in events)
    assert state["phase"] == "pa_attacker" and state["assaulted"]["western"] == ["T6"]
    assert problems(d, state, "western", [{"advance": {"wa-mech-2": ["T6", "S6", "R6"]}}]) == [
        "wa-mech-2 may advance 2 hex(es), not 3 (18.16 B)"]
    assert problems(d, state, "western", [{"advance": {"wa-para-18": ["T6", "S6"]}}]) == [
        "only mechanized units advance more than one hex (18.16 D)"]
    assert problems(d, state, "western", [{"steps": ["wa-mech-2"]}]) == [
        "a 0 result leaves no choice of steps or retreat (18.14)"]
    state, events = play(d, state, "western", [{"advance": {"wa-mech-2": ["T6", "S6"], "wa-para-18": ["T6"]}}])
    assert {"event": "advance", "unit": "wa-mech-2", "path": ["U6", "T6", "S6"]} in events
    assert state["units"]["wa-mech-2"]["hex"] == "S6" and state["units"]["wa-para-18"]["hex"] == "T6"
    assert (state["army"], state["phase"]) == ("soviet", "movement")


def test_18_21_behaviour_2_campaigns_keep_refusing_an_assault_on_an_empty_hex():
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "U7"}, behaviour=2)
    assert problems(d, at(s, 2, "western", "assault"), "western", [{"attack": "T6", "with": ["wa-mech-2"]}]) == [
        "no enemy units in T6 (18.1; 18.21 probing attacks are not enforced)"]


def test_25_5_g_a_strike_that_empties_the_hex_makes_the_assault_a_probe_and_25_5_h_halts_the_advance():
    """25.5 G: "The WA cannot cancel the ground assault linked to the bomber strike. ... if the
    strike leaves the hex empty of defenders, the assault becomes a probing attack." H: "WA units
    advancing after combat into a just bombed hex must halt in that hex, even if the assault became
    a probing attack"."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": {"hex": "T6", "steps": 1}})
    strike = [{"bomb": "de-inf-1"}, AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}]
    state, events = play(d, at(s, 3, "western", "assault"), "western", strike)      # no CRT die
    assert {"event": "eliminated", "unit": "de-inf-1", "why": "heavy bomber strike (25.5 E)"} in events
    assert {"event": "probe", "hexes": ["T6"], "attackers": ["wa-mech-2", "wa-mech-4"], "rule": "18.21, 25.5 G"} in events
    assert problems(d, state, "western", [{"advance": {"wa-mech-2": ["T6", "S6"]}}]) == [
        "wa-mech-2 advances into the just-bombed hex T6 and halts there (25.5 H)"]
    state, _ = play(d, state, "western", [{"advance": {"wa-mech-2": ["T6"], "wa-mech-4": ["T6"]}}])
    assert state["units"]["wa-mech-2"]["hex"] == "T6" and state["army"] == "soviet"


def test_18_4_units_retreated_into_a_hex_assaulted_later_add_no_dfs_and_die_with_an_adverse_result():
    """18.4 Exception: "Units that retreat into a hex which then undergoes a prepared assault in the
    same Prepared Assault Phase as that retreat do not add their DFs to those of the other units in
    the hex. If the defending units suffer an adverse result (step loss or retreat), the previously
    retreated units are eliminated." de-inf-1 retreats from T6 into S6; the second assault on S6
    meets de-inf-2's 7 DFs alone; de-inf-2 loses a step, and de-inf-1 is eliminated."""
    cells = {col: {"1": "0/1"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "wa-mech-6": "T5", "de-inf-1": "T6",
                   "de-inf-2": "S6"}, cells=cells)
    s = at(s, 2, "western", "assault")
    orders = [{"supply": "wa-su-1", "hexes": ["U6", "T5"]}, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]},
              {"attack": "S6", "with": ["wa-mech-6"]}]
    state, _ = play(d, s, "western", orders, 1)
    state, _ = play(d, state, "axis", [{"retreat": {"de-inf-1": ["S6"]}}])
    assert state["pa_retreated"] == ["de-inf-1"] and state["phase"] == "pa_attacker"
    state, events = play(d, state, "western", [], 1)
    second = next(e for e in events if e["event"] == "assault")
    assert (second["hex"], second["defenders"], second["defence"]) == ("S6", ["de-inf-2"], 7)
    state, events = play(d, state, "axis", [{"steps": ["de-inf-2"]}])
    assert {"event": "eliminated", "unit": "de-inf-1", "why": "retreated into a hex assaulted in the same phase, "
            "whose defenders suffered an adverse result (18.4)"} in events
    assert state["units"]["de-inf-2"]["steps"] == 1 and "de-inf-1" not in state["units"]
    assert "pa_retreated" not in state and state["army"] == "soviet"


def test_18_23_d_units_drawing_fs_and_wa_units_beneath_invasion_ports_cannot_be_flanked():
    """18.23 D: "Units drawing FS and WA units beneath invasion-port counters [cannot] be flanked."
    A ring like the 18.23 example's (T24 and T26 around T25) earns no 2R against them."""
    def shifts(position, army, state_extra, turn=4):
        prefix = {"soviet": "su", "axis": "de"}[army]
        mine = sorted(h for u, h in position.items() if u.startswith(prefix))
        sus = {f"{prefix}-su-{n}": h for n, h in enumerate(mine, start=1)}             # an SU for each ring hex (15.22)
        d, s = start3({**position, **sus})
        s = at(s, turn, army, "assault", bagration=False, **state_extra)
        target = next(h for u, h in position.items() if army_of(s, u) != army)
        attackers = sorted(u for u in position if army_of(s, u) == army)
        burns = [{"supply": su, "hexes": [h]} for su, h in sus.items()]
        _, events = play(d, s, army, [*burns, {"attack": target, "with": attackers}], 1)
        return next(e for e in events if e["event"] == "assault")["shifts"]

    ring = {"su-inf-3": "T24", "su-inf-5": "T26", "de-inf-1": "T25"}
    concentric = {"shift": 2, "why": "concentric assault", "rule": "18.23"}
    assert concentric in shifts(ring, "soviet", {})
    assert concentric not in shifts(ring, "soviet", {"fs": ["de-inf-1"]})
    beachhead = {"de-inf-1": "S18", "de-inf-2": "S20", "wa-mech-2": "S19"}
    ports = {"eto": 0, "mto": 0, "ashore": ["S19"]}
    assert concentric in shifts(beachhead, "axis", {})
    assert concentric not in shifts(beachhead, "axis", {"invasion_ports": ports})


def test_25_5_g_a_strike_leaving_only_sus_in_the_hex_makes_a_probe_whose_advance_destroys_them():
    """25.5 G: the strike leaves the hex "empty of defenders" (a German SU has no step and does not
    defend, 15.23 B): the assault becomes a probing attack, and the WA advancing into the hex
    destroy the SU left alone there (15.23 C)."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": {"hex": "T6", "steps": 1},
                   "de-su-1": "T6"})
    strike = [{"bomb": "de-inf-1"}, AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}]
    state, events = play(d, at(s, 3, "western", "assault"), "western", strike)
    assert {"event": "probe", "hexes": ["T6"], "attackers": ["wa-mech-2", "wa-mech-4"], "rule": "18.21, 25.5 G"} in events
    state, events = play(d, state, "western", [{"advance": {"wa-mech-2": ["T6"]}}])
    assert state["units"]["wa-mech-2"]["hex"] == "T6" and "de-su-1" not in state["units"]
    assert any(e["event"] == "eliminated" and e["unit"] == "de-su-1" for e in events)
