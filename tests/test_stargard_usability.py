"""Stargard Solstice: what a new user's campaign found unclear (a CLI trial), on the made-up test
data of tests/sshelp.py: the step picture's arrows and combat markers, the sequence table's order
(2.4 before 2.5), and refusals that say what is wrong, cite the rule and point at the order."""

from pbem.games.stargard_solstice import GAME
from pbem.games.stargard_solstice.report import map_arrows, map_combats
from tests.sshelp import at, play, start
from tests.test_stargard_combat import ATTACK, POSITION as COMBAT, combat_segment
from tests.test_stargard_movement import moving
from tests.test_stargard_reinforcements import POSITION as REINFORCING, VALUES


def checked(d, s, side, orders):
    return [(p.index, p.message) for p in GAME.check(d, s, side, orders)]


def test_8_2_a_combat_step_gives_its_picture_the_combat_marker_9_0_the_retreat_and_10_0_the_advance():
    """The picture of every step shows its combats (odds, column, die, result) and its moves,
    retreats and advances (docs/picture.md)."""
    d, s = combat_segment(cells={"2:1": {"6": "D2r2"}})
    s, events, _ = play(d, s, "german", ATTACK, 6)
    assert GAME.map_combats(d, s, events) == {"1413": "2:1 → 2:1\ndie 6: D2r2"}
    assert GAME.map_combats(d, s, []) == {"1413": "result being taken (8.6, 9.0)"}     # awaiting the answer
    s, events, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513", "1614"]}}])
    assert [(a.kind, a.path, a.units) for a in GAME.map_arrows(d, None, s, events)] == [
        ("retreat", ("1413", "1513", "1614"), ("s-inf",))]
    s, events, _ = play(d, s, "german", [{"advance": "g-pz", "path": ["1413"]}])
    assert map_arrows(events) == [("advance", ("1313", "1413"), ("g-pz",))]
    assert map_combats(s, events) == {}


def test_5_1_a_move_is_an_arrow_of_the_picture_and_5_1_2_a_gap_in_the_path_cites_its_rule():
    """5.1.2 "To enter an adjacent hex, a unit must spend the MP cost"."""
    d, s = moving()
    assert checked(d, s, "german", [{"move": "g-inf", "path": ["1312"]}, {"move": "g-pz", "path": ["1214"]}]) == [
        (1, "1214 is not adjacent to 1212: a unit moves from hex to adjacent hex (5.1.2)")]
    s, events, _ = play(d, s, "german", [{"move": "g-inf", "path": ["1312", "1311"]}])
    assert map_arrows(events) == [("move", ("1313", "1312", "1311"), ("g-inf",))]


def test_2_0_the_sequence_table_runs_supply_then_reinforcements_then_the_turn_end():
    """2.0 the phases of a turn in order: 2.4 Supply Phase, 2.5 Reinforcement Phase (2.5.1 Soviet
    Replacement Segment), 2.6 Turn End."""
    rows = GAME.sequence_of_play()
    steps = [step for step, _, _ in rows]
    supply = next(i for i, s in enumerate(steps) if s.startswith("Supply Phase"))
    assert steps[supply + 1].startswith("Reinforcement Phase")
    assert steps[supply + 2].startswith("Soviet Replacement Segment")
    assert rows[supply][2] == ("the Reinforcement Phase, the German's first (2.5); then the Soviet Replacement Segment "
                               "(2.5.1, turns 4-8), the turn end (2.6) and the next turn's random event roll")
    assert rows[supply + 1][2] == ("the other player's reinforcements; then the Soviet Replacement Segment (2.5.1, "
                                   "turns 4-8) and the turn end (2.6)")


def reinforcing():
    d, s = start(REINFORCING, values=VALUES)
    s, _, _ = play(d, at(s, phase="supply"), "german", [])
    return d, s


def test_7_0_a_reinforcement_entered_twice_moved_twice_or_misspelled_is_refused_on_its_own_line():
    """7.0: each reinforcement enters once; 7.1.1 it moves with its allowance, one move (5.1)."""
    d, s = reinforcing()
    enter = {"enter": "1/1Mar", "at": "0110"}
    assert checked(d, s, "german", [enter, dict(enter)]) == [
        (1, "1/1Mar is entered twice in this file: each reinforcement enters once (7.0)")]
    assert checked(d, s, "german", [enter, {"move": "1/1Mar", "path": ["0210"]}, {"move": "1/1Mar", "path": ["0310"]}]) == [
        (2, "1/1Mar has already moved this segment: one move per reinforcement (5.1, 7.1.1)")]
    assert checked(d, s, "german", [{"enter": "1/1Mra", "at": "0110"}]) == [
        (0, "1/1Mra is not a german reinforcement to enter this turn (15.3) (did you mean 1/1Mar?): `enter: UNIT, at: "
            "HEX` for every reinforcement (7.0), then `move: UNIT, path: [...]` (7.1.1)")]
    assert checked(d, s, "german", [enter, {"move": "1/1Mra", "path": ["0210"]}]) == [
        (1, "only the reinforcements entered in this file move now (7.1.1): 1/1Mra (did you mean 1/1Mar?)")]


def test_8_2_the_second_attack_of_a_file_is_the_one_refused():
    """2.3.3, 8.2: one attack per file; the first stands."""
    d, s = combat_segment(dict(COMBAT, **{"s-inf2": "1412"}))
    assert checked(d, s, "german", [*ATTACK, {"attack": "1412", "with": ["g-inf"]}]) == [
        (1, "one attack per file (2.3.3, 8.2): this file already attacks 1413; send this attack in the next file")]


def test_9_0_each_bad_retreat_route_is_reported_8_6_a_misspelled_loss_gets_a_suggestion():
    """9.2: each stack's route is checked; both wrong ones are named, each on the answer's line."""
    d, s = combat_segment(cells={"2:1": {"6": "D1r2"}})
    s, _, _ = play(d, s, "german", ATTACK, 6)
    legal = ("is not a legal retreat of 2 hex(es) (9.2 each hex farther, 9.2.1 toward the nearest supply source, "
             "9.2.2 avoiding EZOCs); legal: 1513 → 1514; 1513 → 1614")
    answer = [{"steps": ["s-inf"], "retreat": {"s-inf": ["1414", "1514"], "s-one": ["1414", "1515"]}}]
    assert checked(d, s, "soviet", answer) == [(0, f"s-inf: 1414 → 1514 {legal}"), (0, f"s-one: 1414 → 1515 {legal}")]
    assert checked(d, s, "soviet", [{"steps": ["s-inff"], "retreat": {}}]) == [
        (0, "s-inff is not a unit of this combat that can lose a step (8.6) — s-inff: did you mean s-inf?")]


def test_8_5_1_bombard_takes_a_list_never_a_single_unit_read_letter_by_letter():
    values = {"crt.combat.bombardment.brt.attacks_by_roll": {str(d): 1 for d in range(1, 7)},
              "crt.bombardment_cells": {str(d): "D1P" for d in range(1, 7)}}
    d, s = start(dict(COMBAT, **{"s-tank": "1614"}), values=values)
    s, _, _ = play(d, s, "german", [], 2, **{"brt/": [3]})
    assert checked(d, s, "german", [{"bombard": "s-inf"}]) == [
        (0, "`bombard:` takes a list of units, `bombard: [s-inf]` (8.5.1)")]


def test_2_4_behaviour_2_reports_what_the_supply_check_found_behaviour_1_replays_as_recorded():
    """2.4 "Both players determine the supply status of their units": the report says what the
    check found, not "nothing happened"; campaigns created before (behaviour 1) replay unchanged
    (docs/upgrading.md)."""
    d, s = start({"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616"})
    s = at(s, phase="supply", turn=5)                    # 15.3: turn 5 brings no reinforcement
    _, events, _ = play(d, s, "german", [])
    assert events[0] == {"event": "supply_checked", "in": 9, "oos": 0, "isolated": 0, "rule": "2.4, 11.0"}
    assert GAME.describe(d, s, events[:1]) == [("item", "Supply Phase: every unit in supply (2.4, 11.0)")]
    found = {"event": "supply_checked", "in": 7, "oos": 1, "isolated": 1, "rule": "2.4, 11.0"}
    assert GAME.describe(d, s, [found]) == [
        ("item", "Supply Phase: 7 unit(s) in supply, 1 out of supply, 1 isolated (2.4, 11.0)")]
    d.behaviour = 1
    _, old, _ = play(d, s, "german", [])
    assert old == events[1:]


def test_the_png_draws_each_hex_id_dark_over_its_white_halo():
    """cairosvg ignores `paint-order`: the PNG of the bundled campaign's picture would draw each
    hex id's white halo over its dark letters (near-white on cream); the PNG's SVG draws the halo
    first, then the letters, so the stored SVG keeps its bytes."""
    from pathlib import Path

    from pbem.picture import cairo_halos
    svg = Path("examples/stargard-solstice-demo/campaign/steps/0004/picture.svg").read_text()
    halo = ('<text x="1" y="2" font-size="9" text-anchor="middle" fill="#303030" stroke="#ffffff" stroke-width="3" '
            'stroke-opacity="0.8" paint-order="stroke">1413</text>')
    assert cairo_halos(halo) == (
        '<text x="1" y="2" font-size="9" text-anchor="middle" fill="#303030" stroke="#ffffff" stroke-width="3" '
        'stroke-opacity="0.8">1413</text><text x="1" y="2" font-size="9" text-anchor="middle" fill="#303030">1413</text>')
    assert 'paint-order="stroke">1413</text>' in svg and "paint-order" not in cairo_halos(svg)
    assert 'class="arrow-' not in svg and "1:1 → 3:1" in svg          # step 4: the attack's marker, no move


def test_the_png_starts_a_named_hex_s_label_at_its_left_end_so_the_name_never_covers_the_id():
    """The PNG of examples/stargard-solstice-demo drew "Stargard" over the last digits of "1714":
    cairosvg centres the id alone and then writes the name's tspan. The PNG's SVG starts the whole
    label at its left end: 4 digits and 8 letters at 11 px (0.62 px per px of font size, the name
    1.1 times wider) and the tspan's 4 px are 91.30 px wide, so x = 100 - 45.65. The stored SVG is
    untouched: its label is still one middle-anchored text."""
    from pathlib import Path

    from pbem.picture import cairo_names
    named = ('<text x="100.00" y="50.00" font-size="11.00" text-anchor="middle" fill="#303030" stroke="#ffffff" '
             'stroke-width="3" stroke-opacity="0.8" paint-order="stroke">1714<tspan dx="4" font-style="italic" '
             'font-weight="bold">Stargard</tspan></text>')
    assert cairo_names(named) == (
        '<text x="54.35" y="50.00" font-size="11.00" text-anchor="start" fill="#303030" stroke="#ffffff" '
        'stroke-width="3" stroke-opacity="0.8" paint-order="stroke">1714<tspan dx="4" font-style="italic" '
        'font-weight="bold">Stargard</tspan></text>')
    plain = named.replace('<tspan dx="4" font-style="italic" font-weight="bold">Stargard</tspan>', "")
    assert cairo_names(plain) == plain
    svg = Path("examples/stargard-solstice-demo/campaign/steps/0015/picture.svg").read_text()
    assert 'text-anchor="middle"' in svg and ">1714<tspan" in svg
    assert '">1714<tspan' in cairo_names(svg) and 'text-anchor="start"' in cairo_names(svg)


def test_the_bundled_campaign_pictures_show_the_move_the_retreat_and_the_advance():
    """Turn 1 of examples/stargard-solstice-demo: Oehms/27SS moves (step 3), 65GT/9GT retreats
    (step 5, 9.0), Oehms/27SS advances (step 6, 10.0)."""
    import re
    from pathlib import Path
    steps = Path("examples/stargard-solstice-demo/campaign/steps")
    found = {n: re.findall(r'class="arrow-([a-z]+)" data-units="([^"]*)"', (steps / n / "picture.svg").read_text())
             for n in ("0003", "0005", "0006")}
    assert found == {"0003": [("move", "Oehms/27SS")], "0005": [("retreat", "65GT/9GT")],
                     "0006": [("advance", "Oehms/27SS")]}


def test_responses_and_the_replacement_segment_point_at_the_refused_order():
    """A refusal names its order, so `pbem check` prints the file's line (as movement does):
    19.1.10 the grounding answer, 7.3.1 the third rebuild over the turn's points."""
    from tests.test_stargard_events import POSITION as EVENTS
    from tests.test_stargard_soviet_replacements import segment
    d, s = start(EVENTS)
    s, _, _ = play(d, s, "german", [], 6)                 # 19.1.10 aborted air operation
    assert checked(d, s, "german", [{"ground": "2-JG"}]) == [(0, "`ground: UNIT`, one of 1-JG, Rudel (19.1.10)")]
    d, s = segment()
    assert checked(d, s, "soviet", [{"rebuild": "s-tank"}, {"rebuild": "s-inf"}, {"rebuild": "s-inf2", "at": "1615"}]) == [
        (2, "the rebuilt steps cost 4 RP; turn 5 gives 3 (7.3, 7.3.1)")]
