"""End of the Iron Dream: what a player reads to write a file (player_view.py), the frictions a new
group's three-seat trial met, each asserted on its exact text. Played on the bundled example's
DEMONSTRATION DATA (examples/end-of-the-iron-dream-demo/, made up): the order templates list the
mover's own units, holding boxes (7.1, 7.22) and invasion-port counters (14.8 A), what it brings on
(7.3, 15.23.3 B, 7.1 A), the AS burn-off (15.22); each answer shows its own step's forms (18.14,
18.16, 18.20); the reports show the boxes (behaviour 4) and, in the WA's own, their chit (14.12 A)."""

from pathlib import Path

from pbem import campaign as camp
from pbem.games import get_game
from pbem.games.end_of_the_iron_dream.chit import DRAW
from pbem.games.end_of_the_iron_dream.committed_draw import letter
from pbem.report import render, step_blocks
from tests.eidhelp import at
from tests.test_cli import run
from tests.test_eid_boxes import start3, wa
from tests.test_eid_chit import INVADE, SECRET, new_campaign, play
from tests.test_eid_fog import fogged
from tests.test_newuser_eid import copy_upto

GAME = get_game("end-of-the-iron-dream")
EDIT = "# Edit `orders:`"


def notes(folder: Path, side: str) -> list[str]:
    """The comment lines of `pbem orders` between its title and its last line."""
    lines = [line for line in camp.order_template(folder, side).splitlines() if line.startswith("# ")]
    return [line[2:] for line in lines[1:] if not line.startswith(EDIT)]


def turn_one(tmp_path: Path) -> camp.Campaign:
    """A new three-seat campaign to the WA Prepared Assault Phase of Turn 1: the Axis passes, the WA
    land at V5 (6.3 A), commit their chit's secret and the Axis adds its salt (14.12 A)."""
    campaign = new_campaign(tmp_path)
    play(campaign, "axis", [])
    play(campaign, "western", [INVADE])
    play(campaign, "western", [{"chit_secret": SECRET}])
    play(campaign, "axis", [{"chit_salt": "the Axis part"}])
    return campaign


def test_the_movement_templates_list_units_boxes_invasion_ports_and_the_sea_orders(tmp_path):
    """The Axis's and the WA's first files of Turn 1: their own units by hex (the WA's with their
    army group, 4.10 A), their boxes (7.1, 7.22), the invasion-port counters (14.8 A) and the orders
    that take units out of the boxes (14.16, 5.2.4, 17.3) -- never another camp's units."""
    campaign = new_campaign(tmp_path)
    assert notes(campaign.folder, "axis")[2:] == [
        "your units on the map (HEX: UNIT steps/full):",
        "  R26: de-pz-3 2/2", "  S27: de-inf-4 2/2", "  S4: de-inf-2 2/2", "  T6: de-inf-1 2/2",
        "the Replacement Army Holding Box: empty"]
    play(campaign, "axis", [])
    assert notes(campaign.folder, "western")[2:] == [
        "your units on the map (HEX: UNIT steps/full, army group):",
        "  U6: wa-mech-2 2/2 green, wa-mech-4 2/2 green, wa-su-1 1/1",
        "  U7: wa-mech-6 2/2 green",
        "the ETO holding box: wa-mech-3 2/2 green, wa-mech-5 2/2 green, wa-x-B1 2/2 tan, wa-x-B8 2/2 tan",
        "the MTO holding box: empty",
        "invasion-port counters (14.8 A): 2 in the ETO box, 1 in the MTO box; ashore: none (4.10 C: the units "
        "beneath one count as one army group)",
        "out of the boxes: an invasion is `invade: HEX, with: [UNIT, ...], from: eto|mto` (14.16); a sea move is "
        "`sail: UNIT, to: eto|mto|HEX` (5.2.4, 14.2, 14.4, 14.6); a paratroop drop is `drop: UNIT, at: HEX` (17.3)"]


def test_the_prepared_assault_template_names_the_as_burn_off(tmp_path):
    """5.1.6 A: the Prepared Assault file burns off its SUs first, `supply: SU, hexes: [...]` (15.22)."""
    campaign = turn_one(tmp_path)
    assert notes(campaign.folder, "western") == [
        "a prepared assault is `attack: [HEX, ...]` (or `attack: HEX`) with `with: [UNIT, ...]` (18.10 B)",
        "burn-offs come first: an AS burn-off is `supply: SU, hexes: [HEX, ...]` (optional `fmo: true`, 23.3) "
        "(5.1.6 A, 15.22.2)",
        "your units on the map (HEX: UNIT steps/full, army group):",
        "  U6: wa-mech-2 2/2 green, wa-mech-4 2/2 green, wa-su-1 1/1",
        "  U7: wa-mech-6 2/2 green",
        "  V5: wa-mech-3 2/2 green, wa-mech-5 2/2 green, wa-x-B1 2/2 tan, wa-x-B8 2/2 tan"]


def test_the_soviet_template_names_enter_for_the_sus_waiting_to_arrive(tmp_path):
    """5.3.1, 15.23.3 B: the Soviets' SUs received and not yet on the board enter by `enter:` (the
    bundled example's Turn 2 Soviet file; su-su-1 entered on Turn 1)."""
    folder = copy_upto(tmp_path / "c", 16)
    assert notes(folder, "soviet")[2:] == [
        "your units on the map (HEX: UNIT steps/full):",
        "  T27: su-inf-3 2/2, su-su-1 1/1, su-tank-1 2/2",
        "to bring on (5.3.1, 7.3, 15.23.3 B): su-su-2, su-su-3, su-su-4, su-su-5: `enter: UNIT, path: [EDGE HEX, "
        "...]` from a Soviet-controlled hex of the east edge"]


def test_each_answer_template_shows_its_own_steps_forms_only(tmp_path):
    """18.15: the defender takes its result first (steps or retreat, 18.14); 18.16: the attacker
    then, and its advance; 18.20 the defender's advance form is the defender's alone."""
    folder = copy_upto(tmp_path / "c", 19)
    head = "result 1/2 at T26: attackers su-tank-1, su-inf-3; defenders de-pz-3"
    assert notes(copy_upto(tmp_path / "d", 18), "axis") == [
        head, "the defenders' result is 2: `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` (18.14), in one "
              "order; `orders: []` when the result leaves no choice"]
    attacker = notes(folder, "soviet")
    assert attacker == [head, "the attackers' result is 1: `steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` "
                              "(18.14); then they may advance, `advance: {UNIT: [HEX, ...]}` from an attacker's original "
                              "hex into a vacated defender's hex (18.16); all in one order"]
    assert "advance: UNIT, to: HEX" not in " ".join(attacker)
    state = {"phase": "pa_advance", "army": "western", "pending": {"hexes": ["T6"], "result": {"attackers": "2", "defenders": "0"},
                                                                    "attackers": ["wa-mech-2"], "defenders": ["de-inf-1"]}}
    data = camp.open_campaign(folder).data
    assert GAME.answer_template(data, state, "axis")["notes"] == [
        "result 2/0 at T6: attackers wa-mech-2; defenders de-inf-1",
        "the defenders held and the attackers left: `advance: UNIT, to: HEX` into a vacated attacker's hex, one order "
        "per unit, or `orders: []` (18.20)"]
    wa = GAME.answer_template(data, {**state, "phase": "pa_attacker"}, "western")["notes"][1]
    assert wa.endswith("(18.16); an emergency beach supply landing after it, `ebs: {UNIT: HEX}` (14.32 C); all in one order")


def test_an_empty_salt_is_refused_saying_so():
    """14.12 A: the template pre-fills `chit_salt: ''` and says to replace it; the refusal of an empty
    one says it must not be empty."""
    template = DRAW.salt_template(None, None, {}, "axis")
    assert template["orders"] == [{"chit_salt": ""}]
    assert template["notes"] == ["14.12 A: `chit_salt: TEXT`, any text you choose (replace the empty '' with it): with "
                                 "the WA's committed secret it draws their second-invasion chit"]
    assert [p.message for p in DRAW.check_salt(None, None, {}, "axis", [{"chit_salt": ""}])] == [
        "one order: `chit_salt: TEXT`, any text you choose, not empty (14.12 A)"]


def test_the_reports_show_the_boxes_and_the_was_own_report_its_chit(tmp_path):
    """Behaviour 4: every report shows the holding boxes and the invasion-port counters (14.8 A);
    the WA's own report (never saved) shows their drawn chit (14.12 A-B), nobody else's does;
    behaviour 3's saved reports are unchanged (no box block)."""
    campaign = turn_one(tmp_path)
    chit = letter(SECRET, "the Axis part")
    turn = {"A": 3, "B": 5, "C": 7}[chit]
    saved = (campaign.folder / "steps" / "0004" / "report.txt").read_text()
    assert ("Holding boxes\n-------------\nEvery holding box is empty.\n\nInvasion-port counters (14.8 A): 1 in the ETO "
            "holding box, 1 in the MTO holding box; ashore: V5.\n") in saved
    assert "chit is" not in saved
    own = run("report", campaign.folder, "--step", "4", "--side", "western").stdout
    line = f"Your second-invasion chit is {chit}: the second invasion from Turn {turn} (14.12 B)."
    assert line in own.splitlines()
    assert "chit is" not in run("report", campaign.folder, "--step", "4", "--side", "axis").stdout
    first = run("report", campaign.folder, "--step", "0").stdout
    assert ("Holding boxes\n-------------\nBox              Unit       Steps\nETO holding box  wa-mech-3  2/2\n"
            "ETO holding box  wa-mech-5  2/2\nETO holding box  wa-x-B1    2/2\nETO holding box  wa-x-B8    2/2\n\n"
            "Invasion-port counters (14.8 A): 2 in the ETO holding box, 1 in the MTO holding box; ashore: none.\n") in first
    save = campaign.load_save(4)[0]
    campaign.data.behaviour = 3
    assert GAME.off_map(campaign.data, save["state"], None) == []
    assert "Holding boxes" not in render(step_blocks(campaign, save))


def test_the_first_file_names_the_reinforcements_due_and_the_german_box():
    """5.2.1, 7.1 A: a WA reinforcement due goes into a theater holding box, `arrive:`; 7.5: a German
    one is placed on a Wehrkreis city, Warsaw or Prague; 7.22 A: a unit of the German box is fleshed
    out and brought out (TEST DATA: tests/eidhelp.py, the schedule made up)."""
    d, s = start3({"de-inf-1": "T10", "wa-mech-2": "V1", "su-inf-3": "T24"}, {"german": {"de-inf-5": {"steps": 1}}},
                  **{"reinforcements.reinforcements.schedule": {"2": ["wa-mech-7", "de-inf-6"]}})
    assert GAME.movement_template(d, wa(s, 2), "western")["notes"][-1] == (
        "to place in a theater holding box now (7.1 A, 5.2.1 A): wa-mech-7: `arrive: UNIT, box: eto|mto`")
    assert GAME.movement_template(d, at(s, 2, "axis"), "axis")["notes"][2:] == [
        "your units on the map (HEX: UNIT steps/full):", "  T10: de-inf-1 2/2",
        "the Replacement Army Holding Box: de-inf-5 1/2 (`replace: UNIT` fleshes one out, `place: UNIT, at: HEX` brings "
        "one out, 7.22 A)",
        "reinforcements due (7.5, 7.8): de-inf-6: `place: UNIT, at: HEX`, a Wehrkreis city, Warsaw or Prague"]


def test_a_fogged_template_lists_the_movers_own_units_only():
    """25.3 B: the Axis file under fog of war lists the Axis units, its hidden ones included, and no
    Soviet unit (TEST DATA: tests/test_eid_fog.py)."""
    d, s = fogged({"de-inf-1": "T10", "de-inf-2": "T10", "su-inf-3": "T24", "su-tank-1": "T24"})
    found = GAME.movement_template(d, at(s, 1, "axis", "movement"), "axis")["notes"]
    assert found[2:4] == ["your units on the map (HEX: UNIT steps/full):", "  T10: de-inf-1 2/2, de-inf-2 2/2"]
    assert not any("su-" in line for line in found)
