"""Stargard Solstice: combat (8.0), step losses (8.6), retreats (9.0) and advance after combat
(10.0), on the made-up test data of tests/sshelp.py (CRT columns 1:2 .. 7:1, every cell "–"
unless a test writes one; the Soviet supply source 1616, the German 1010).

g-pz (6-5, mechanized) in 1313 and g-inf (4-4) in 1312 attack s-inf (3-3) and s-one (2-2, one
step) in 1413: 10 to 5, 2:1. The German units control 1412 and 1414 around 1413."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import play, start

POSITION = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "s-one": "1413"}
ATTACK = [{"attack": "1413", "with": ["g-pz", "g-inf"]}]


def combat_segment(position=POSITION, **kw):
    d, s = start(position, **kw)
    s, _, _ = play(d, s, "german", [], 2)           # 19.0 roll; 3SS-PZ-HQ activated (2.3.1)
    s, _, _ = play(d, s, "german", [])              # no movement
    return d, s


def messages(d, s, side, orders):
    return [p.message for p in GAME.check(d, s, side, orders)]


def test_8_4_the_ratio_of_the_totals_rounded_down_1_1_3_halves_added_before_rounding():
    """8.4, 1.1.3 "first add them together before dividing ... and then round down": an
    out-of-supply s-inf defends with 3/2, with s-one 7/2, rounded down to 3: 10 to 3 is 3:1. 8.3.2 the units
    in 1413 defend as one force; 8.4.1, 11.3.1 an OOS unit's defense strength is halved."""
    d, s = combat_segment()
    s["units"]["s-inf"]["supply"] = "oos"
    s, events, dice = play(d, s, "german", ATTACK, 1)
    assert dice.asked == [("crt/1-0/1413", 6)]
    assert {k: events[0][k] for k in ("attack", "defence", "ratio", "column", "die", "result")} == {
        "attack": 10, "defence": 3, "ratio": "3:1", "column": "3:1", "die": 1, "result": "–"}
    assert s["attacked"] == ["1413"] and s["attackers"] == ["g-inf", "g-pz"] and s["phase"] == "combat"


def test_1_1_3_below_1_2_the_attack_is_cancelled():
    d, s = combat_segment(dict(POSITION, **{"g-ind": "1412"}))
    s["independents"] = ["g-ind"]
    assert messages(d, s, "german", [{"attack": "1413", "with": ["g-ind"]}]) == [
        "2 to 5 is less than 1:2: the attack would be cancelled (1.1.3)"]


def test_8_1_2_an_attack_on_a_pinned_unit_shifts_one_column_right():
    d, s = combat_segment()
    s["units"]["s-one"]["pinned"] = True
    s, events, _ = play(d, s, "german", ATTACK, 1)
    assert events[0]["shifts"] == [{"shift": 1, "why": "pinned defender", "rule": "8.1.2"}]
    assert (events[0]["ratio"], events[0]["column"]) == ("2:1", "3:1")


def test_8_3_1_no_unit_attacks_twice_and_no_defender_is_attacked_twice():
    d, s = combat_segment(dict(POSITION, **{"s-inf2": "1412"}))
    s, _, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-inf"]}], 1)
    assert messages(d, s, "german", [{"attack": "1412", "with": ["g-inf"]}]) == [
        "g-inf has attacked this segment: no unit contributes to more than one attack (8.3.1)"]
    assert messages(d, s, "german", [{"attack": "1413", "with": ["g-pz"]}]) == [
        "1413 has been attacked this segment: no defending unit is attacked twice (8.3.1)"]


def test_8_0_empty_hexes_and_lone_hqs_may_not_be_attacked():
    d, s = combat_segment(dict(POSITION, **{"61-HQ": "1314"}))
    assert messages(d, s, "german", [{"attack": "1314", "with": ["g-pz"]}]) == [
        "1314 holds no enemy combat unit: empty hexes and lone HQs may not be attacked (8.0)"]


def test_8_6_1_the_first_loss_from_the_strongest_and_the_defender_answers_with_its_retreat_route():
    """D2r2: the defender (a signed response) loses its first step from the strongest unit
    (8.6.1: s-inf, defence 3), the second where it likes (8.6.2), and retreats two hexes, each
    farther from 1413 (9.2), toward its supply source 1616 (9.2.1), avoiding the German ZOC of
    1412 and 1414 (9.2.2). 8.6.3 s-one, with one step only, is eliminated by its step loss, and 8.6.4
    removed from the map."""
    d, s = combat_segment(cells={"2:1": {"6": "D2r2"}})
    s, events, _ = play(d, s, "german", ATTACK, 6)
    assert events[-1]["result"] == "D2r2"
    assert GAME.awaiting(s).as_dict() == {"side": "soviet", "kind": "response", "done": False, "opponents": ["german"],
                                          "phase": "Turn 1 Soviet defender's result at 1413"}
    assert messages(d, s, "soviet", [{"steps": ["s-one", "s-inf"], "retreat": {"s-inf": ["1513", "1614"]}}]) == [
        "the first step lost comes from the strongest unit: s-inf (8.6.1); 2 step(s) to take"]
    assert messages(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1414", "1514"]}}]) == [
        "s-inf: 1414 → 1514 is not a legal retreat of 2 hex(es) (9.2 each hex farther, 9.2.1 toward the nearest supply "
        "source, 9.2.2 avoiding EZOCs); legal: 1513 → 1514; 1513 → 1614"]
    s, events, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513", "1614"]}}])
    assert events[1:] == [{"event": "reduced", "unit": "s-inf", "steps": 1, "why": "defender's loss (8.6)"},
                          {"event": "eliminated", "unit": "s-one", "why": "defender's loss (8.6)"},
                          {"event": "retreat", "unit": "s-inf", "path": ["1413", "1513", "1614"]}]
    assert s["phase"] == "combat" and s["vacated"] == {"hex": "1413", "units": ["g-inf", "g-pz"], "retreated": True,
                                                       "hqs": {}, "advanced": {}}
    assert "s-one" not in s["units"] and s["units"]["s-inf"]["steps"] == 1       # 8.6.3 one step only; 8.6.4 removed


def test_10_3_mechanized_units_advance_two_hexes_when_the_defender_retreated_10_4_others_one():
    d, s = combat_segment(cells={"2:1": {"6": "D2r2"}})
    s, _, _ = play(d, s, "german", ATTACK, 6)
    s, _, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513", "1614"]}}])
    assert messages(d, s, "german", [{"advance": "g-inf", "path": ["1413", "1513"]}]) == [
        "g-inf may advance 1 hex(es) (10.3, 10.4, 11.3.3)"]
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1414"]}]) == [
        "the first hex of an advance is the defender's hex 1413 (10.0)"]
    s, events, _ = play(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]}, {"advance": "g-inf", "path": ["1413"]}],
                        1)
    assert events[:2] == [{"event": "advance", "unit": "g-pz", "path": ["1313", "1413", "1513"]},
                          {"event": "advance", "unit": "g-inf", "path": ["1312", "1413"]}]
    assert events[2] == {"event": "combat_over", "side": "german", "hq": "3SS-PZ-HQ"}


def test_8_6_1_ties_are_the_owners_choice_and_one_unit_alone_takes_its_loss_without_asking():
    """8.6.1 "If two units are equal in strength, the owning player chooses": two 3-3 units
    losing one step are asked; a lone unit's one step is taken at once."""
    tie = dict(POSITION, **{"s-one": "1412", "s-inf2": "1413"})
    d, s = combat_segment(tie, cells={"1:1": {"3": "D1"}})
    s, _, _ = play(d, s, "german", ATTACK, 3)
    assert s["phase"] == "defender_answer"
    assert messages(d, s, "soviet", [{"steps": ["s-inf2"]}]) == []
    alone = dict(POSITION, **{"s-one": "1412"})
    d, s = combat_segment(alone, cells={"3:1": {"3": "D1"}})          # 10 to 3
    s, events, _ = play(d, s, "german", ATTACK, 3)
    assert events[-1] == {"event": "reduced", "unit": "s-inf", "steps": 1, "why": "defender's loss (8.6)"}
    assert s["phase"] == "combat" and s["vacated"] is None


def test_8_7_a_defender_in_a_city_ignores_the_first_loss_9_5_the_first_hex_of_retreat():
    d, s = combat_segment(hexes={"1413": {"terrain": "city"}}, cells={"2:1": {"4": "D1r1"}})
    s, events, _ = play(d, s, "german", ATTACK, 4)
    assert {"event": "negated", "what": "the first loss", "hex": "1413", "rule": "8.7"} in events
    assert {"event": "negated", "what": "the first hex of retreat", "hex": "1413", "rule": "9.5"} in events
    assert s["phase"] == "combat" and s["units"]["s-inf"]["steps"] == 2


def test_8_1_1_on_a_double_result_the_attacker_executes_first():
    """8.1.1 "The attacker must always execute their result first" (A1r1/D1): the German
    retreat is its own order file before the defender's loss, taken at once (s-inf is the
    stronger, 8.6.1). 9.1.4 the attacker's two units retreat by separate routes (1213, 1311); 10.1 the
    defender never advances after combat: nothing is vacated for it."""
    d, s = combat_segment(cells={"2:1": {"5": "A1r1/D1"}})
    s, events, _ = play(d, s, "german", ATTACK, 5)
    assert events[-1] == {"event": "order", "why": "a double result: the attacker executes first (8.1.1)"}
    assert GAME.awaiting(s).kind == "orders" and s["phase"] == "attacker_answer"
    assert messages(d, s, "german", [{"steps": ["g-inf"], "retreat": {"g-pz": ["1213"], "g-inf": ["1212"]}}]) == [
        "the first step lost comes from the strongest unit: g-pz (8.6.1); 1 step(s) to take"]
    s, events, _ = play(d, s, "german", [{"steps": ["g-pz"], "retreat": {"g-pz": ["1213"], "g-inf": ["1311"]}}])
    assert [e["event"] for e in events] == ["answer", "reduced", "retreat", "retreat", "reduced"]
    assert events[-1] == {"event": "reduced", "unit": "s-inf", "steps": 1, "why": "defender's loss (8.6)"}
    assert s["phase"] == "combat" and s["vacated"] is None


def test_9_1_2_each_ezoc_hex_entered_costs_the_retreating_stack_one_step():
    """9.1.2 "Each hex containing an EZOC entered by the retreating stack costs that stack one
    step ... the stack loses one step in total, not per unit" (4.4 "A stack retreating into an EZOC
    loses one step"): with German units also in 1614 and 1512, every hex of retreat is controlled."""
    boxed = dict(POSITION, **{"g-inf2": "1614", "g-far": "1511"})
    d, s = combat_segment(boxed, cells={"2:1": {"4": "D1r1"}})
    s, _, _ = play(d, s, "german", ATTACK, 4)
    assert messages(d, s, "soviet", [{"steps": ["s-inf"], "retreat": {"s-inf": ["1513"], "s-one": ["1513"]}}]) == [
        "1 step(s) from the result and 1 for the retreat (9.1.2, 9.4): list 2, not 1"]
    s, events, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513"], "s-one": ["1513"]}}])
    assert [e["event"] for e in events] == ["answer", "reduced", "eliminated", "retreat"]


def test_9_4_a_stack_that_cannot_retreat_loses_a_step_per_hex_it_cannot_retreat():
    """9.4 "Units that cannot retreat for this reason must lose one step per hex the stack cannot
    retreat": s-inf alone in 1413, every hex farther away held by German units or impassable."""
    walled = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "g-far": "1412",
              "g-inf2": "1414", "g-39": "1512"}
    d, s = combat_segment(walled, sides={"1413|1513": ["impassable"]}, cells={"3:1": {"2": "Dr1"}})
    s, events, _ = play(d, s, "german", ATTACK, 2)
    assert s["phase"] == "defender_answer"
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}])[0].startswith(
        "s-inf: 1513 is not a legal retreat of 0 hex(es)")
    s, events, _ = play(d, s, "soviet", [{"steps": ["s-inf"], "retreat": {"s-inf": []}}])
    assert events[1:] == [{"event": "reduced", "unit": "s-inf", "steps": 1, "why": "defender's loss (8.6)"}]


def test_12_3_a_festung_ignores_retreat_results():
    """12.3 "Festungs may not move ... and ignore retreat results. Units in the same stack must
    retreat normally": the Festung stays, s-inf (the festung's stack-mate) retreats."""
    from tests.sshelp import COUNTERS, combat
    COUNTERS["s-fest"] = dict(combat(0, 2, "61-HQ", side="soviet", steps=1), type="festung")
    try:
        d, s = combat_segment(dict(POSITION, **{"s-one": "1412", "s-fest": "1413"}), cells={"2:1": {"1": "Dr1"}})
        s, _, _ = play(d, s, "german", ATTACK, 1)
        assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1513"], "s-fest": ["1513"]}}]) == [
            "s-fest do(es) not retreat (9.0, 12.3)"]
        s, events, _ = play(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}])
        assert events[1:] == [{"event": "retreat", "unit": "s-inf", "path": ["1413", "1513"]}]
        assert s["units"]["s-fest"]["hex"] == "1413" and s["vacated"] is None
    finally:
        del COUNTERS["s-fest"]


def test_9_2_1_a_column_that_may_call_for_a_retreat_needs_the_supply_sources_before_the_die():
    """Before any die, everything a roll can lead to must be known: a D1r1 in the column needs
    the defender's supply sources (9.2.1), named by their data path."""
    d, s = combat_segment(cells={"2:1": {"4": "D1r1"}}, values={"supply.sources.source_hexes.soviet": "unknown"})
    assert "`supply.sources.source_hexes.soviet`" in messages(d, s, "german", ATTACK)[0]


def test_1_1_2_cumulative_effects_a_half_for_terrain_and_a_half_for_supply_is_a_quarter():
    """1.1.2 "A unit that is at half (1/2) for terrain and at half (1/2) for supply will be at a
    quarter (1/4) in combat. Retain the fractions ... and then use the standard rounding rule":
    g-pz (6), out of supply and attacking across a minor river (a made-up 1/2 in the test data),
    adds 6/4; with g-inf's 4, 11/2 rounds down to 5: 5 to 5 is 1:1. 8.4.1 "Terrain effects (major and minor
    rivers) are cumulative with supply effects"."""
    d, s = combat_segment(sides={"1313|1413": ["minor_river"]},
                          values={"terrain.hexsides.minor_river.combat_size": "1/2"})
    s["units"]["g-pz"]["supply"] = "oos"
    s, events, _ = play(d, s, "german", ATTACK, 1)
    assert (events[0]["attack"], events[0]["defence"], events[0]["ratio"]) == (5, 5, "1:1")


def test_8_4_1_an_attack_across_a_river_needs_the_tec_effect_named_by_its_path():
    d, s = combat_segment(sides={"1313|1413": ["minor_river"]})
    assert "`terrain.hexsides.minor_river.combat_size`" in messages(d, s, "german", ATTACK)[0]


OVERSTACKED = dict(POSITION, **{"s-one": "1513", "s-inf2": "1513"})


def test_6_2_a_unit_ending_its_retreat_overstacked_retreats_one_additional_hex():
    """6.2 "If a unit exceeds the stacking limit in the final hex of a retreat, it must attempt
    to retreat one additional hex": s-inf's one hex of retreat is 1513, where two Soviet units
    stand (6.1: stacking limits are observed the instant a unit finishes its retreat)."""
    d, s = combat_segment(OVERSTACKED, cells={"3:1": {"4": "Dr1"}})
    s, _, _ = play(d, s, "german", ATTACK, 4)
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}]) == [
        "1513 would hold 3 combat units (s-inf, s-inf2, s-one), over the limit of 2 (6.0): s-inf must retreat one "
        "additional hex (6.2)"]
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1412", "1411"]}}])[0].startswith(
        "s-inf: 1412 → 1411 is not a legal retreat of 1 hex(es)")
    s, events, _ = play(d, s, "soviet", [{"retreat": {"s-inf": ["1513", "1614"]}}])
    assert events[1:] == [{"event": "retreat", "unit": "s-inf", "path": ["1413", "1513", "1614"]}]


def test_6_2_with_no_legal_additional_hex_the_unit_is_eliminated():
    """6.2 "If it cannot legally do so, it is eliminated": every hex beyond 1513 is water."""
    water = {h: {"terrain": "water"} for h in ("1514", "1613", "1614")}
    d, s = combat_segment(OVERSTACKED, hexes=water, cells={"3:1": {"4": "Dr1"}})
    s, _, _ = play(d, s, "german", ATTACK, 4)
    s, events, _ = play(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}])
    assert events[1:] == [{"event": "retreat", "unit": "s-inf", "path": ["1413", "1513"]},
                          {"event": "eliminated", "unit": "s-inf",
                           "why": "overstacked at the end of its retreat, no additional hex (6.2)"}]


def test_12_2_1_an_hq_whose_stack_is_eliminated_is_relocated_by_its_owner():
    """12.2.1 "an HQ must be relocated if all combat units stacked with it at the start of a
    combat are eliminated"; 12.2.2: at least 5 hexes away, as close as possible to a friendly
    supply source (1616), not in an EZOC, tracing supply — pbem then takes the nearest to the old
    hex, and the owner picks among the rest: 1617 or 1716."""
    position = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-one": "1413", "61-HQ": "1413"}
    d, s = combat_segment(position, cells={"5:1": {"3": "D1"}})
    s, events, _ = play(d, s, "german", ATTACK, 3)
    assert events[-1] == {"event": "eliminated", "unit": "s-one", "why": "defender's loss (8.6)"}
    assert GAME.awaiting(s).as_dict() == {"side": "soviet", "kind": "response", "opponents": ["german"], "done": False,
                                          "phase": "Turn 1 Soviet relocation of 61-HQ (12.2.2)"}
    assert messages(d, s, "soviet", [{"relocate": "61-HQ", "to": "1616"}]) == [
        "61-HQ may be relocated to 1617, 1716, not 1616 (12.2.2: at least 5 hexes away, outside EZOCs, tracing supply, "
        "nearest a friendly source, then nearest its old hex)"]
    s, events, _ = play(d, s, "soviet", [{"relocate": "61-HQ", "to": "1716"}])
    assert events == [{"event": "relocated", "hq": "61-HQ", "from": "1413", "to": "1716", "why": "its stack eliminated (12.2.1)"}]
    assert s["phase"] == "combat" and s["units"]["61-HQ"]["hex"] == "1716" and "relocations" not in s


def test_13_1_air_units_shift_the_column_after_the_ratio_full_grounds_normal_refits():
    """13.1 "The number indicated on the air unit is the number of column shifts to the right on
    the CRT ... after ratios have been calculated"; 13.1.1 "An air unit that has used a FULL
    ATTACK becomes grounded ... a NORMAL ATTACK ... is placed on the 'recovered' (Refit) side";
    15.1: 1 JG and Rudel start available. 13.2.1 the grounded 1-JG is on the "Grounded" side."""
    d, s = combat_segment()
    order = [{"attack": "1413", "with": ["g-pz", "g-inf"], "air": {"1-JG": "full", "Rudel": "normal"}}]
    s2, events, _ = play(d, s, "german", order, 1)
    assert events[0]["shifts"] == [{"shift": 2, "why": "1-JG full attack", "rule": "13.1", "air": "1-JG", "mode": "full"},
                                   {"shift": 1, "why": "Rudel normal attack", "rule": "13.1", "air": "Rudel", "mode": "normal"}]
    assert (events[0]["ratio"], events[0]["column"]) == ("2:1", "5:1")
    # 2-JG and 3-JG, grounded at the start (15.1), reached Refit in turn 1's Air Unit Phase (2.1.2)
    assert s2["air"]["german"] == {"box": [], "refit": ["2-JG", "3-JG", "Rudel"], "grounded": ["1-JG"]}
    assert s2["air_points"]["german"] == 3
    assert messages(d, s, "german", [dict(order[0], air={"2-JG": "full"})]) == [
        "2-JG is not an available german air unit (13.1, 13.2)"]


def test_13_0_at_most_four_air_attack_points_a_side_a_turn():
    d, s = combat_segment()
    s["air_points"]["german"] = 3
    assert messages(d, s, "german", [{"attack": "1413", "with": ["g-pz"], "air": {"1-JG": "full"}}]) == [
        "german air attack points this turn would be 5, over 4 (13.0)"]


def test_2_1_the_air_unit_phase_returns_refit_units_and_refits_grounded_ones():
    """2.1.1, 13.2.2 the units on the "Refit" side (Rudel after its normal attack, 2-JG and 3-JG) return to
    the Luftwaffe box in the following recovered unit return segment; 13.2.1 the grounded 1-JG is moved
    to the Refit side in the following refit segment."""
    none = {"primary": "made up", "secondary": "made up"}
    d, s = combat_segment(values={"events.random_events.table.2.5": none, "events.random_events.table.2.6": none})
    s, _, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-pz", "g-inf"], "air": {"1-JG": "full", "Rudel": "normal"}}], 1)
    from tests.sshelp import at
    s2, events, _ = play(d, at(s, phase="random_event", turn=2, last_event=None), "german", [], 1, 1,
                         **{"cup/": [1, 1, 1]})
    assert s2["air"]["german"] == {"box": ["2-JG", "3-JG", "Rudel"], "refit": ["1-JG"], "grounded": []}
    assert s2["air_points"] == {"german": 0, "soviet": 0}


def test_12_2_4_an_hq_advances_with_a_unit_of_its_stack():
    """12.2.4 "An HQ stacked with combat units at the start of a combat may advance with them ...
    It may advance two hexes if stacked with mechanized units advancing two hexes" (10.2 "HQs may advance
    after combat along with the unit(s) in their stack")."""
    position = dict(POSITION, **{"3SS-PZ-HQ": "1313"})
    d, s = combat_segment(position, cells={"2:1": {"6": "D2r2"}})
    s, _, _ = play(d, s, "german", ATTACK, 6)
    s, _, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513", "1614"]}}])
    assert messages(d, s, "german", [{"advance": "3SS-PZ-HQ", "path": ["1413"]}]) == [
        "3SS-PZ-HQ advances only along the path of a unit of its stack that advanced before it (12.2.4)"]
    s, events, _ = play(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]},
                                         {"advance": "3SS-PZ-HQ", "path": ["1413", "1513"]}], 1)
    assert events[1] == {"event": "advance", "unit": "3SS-PZ-HQ", "path": ["1313", "1413", "1513"]}
    assert s["units"]["3SS-PZ-HQ"]["hex"] == "1513"


def test_6_3_an_hq_retreating_into_another_hqs_hex_is_relocated():
    """6.3 "If, through a retreat, 2 or more HQs end up stacked in the same hex, relocate the HQ
    that moved into the hex to the nearest legal hex (see 12.2.2)"; 9.3.1, 12.2.3: the HQ stacked with the
    combat units at the start of the combat must retreat with them (its route is asked for)."""
    position = dict(POSITION, **{"61-HQ": "1413", "2GT-HQ": "1513", "s-one": "1412"})
    d, s = combat_segment(position, cells={"3:1": {"4": "Dr1"}})
    s, _, _ = play(d, s, "german", ATTACK, 4)
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}]) == [
        "give the retreat route of 61-HQ (1 hex(es), 9.1.1; HQs with their stack, 9.3.1)"]
    s, events, _ = play(d, s, "soviet", [{"retreat": {"s-inf": ["1513"], "61-HQ": ["1513"]}}])
    assert s["phase"] == "relocate" and s["relocations"][0]["hq"] == "61-HQ"
    assert s["relocations"][0]["why"] == "retreated into another HQ's hex (6.3)"


def test_12_2_6_an_advance_overruns_a_lone_enemy_hq_which_its_owner_then_relocates():
    """12.2.6 "Lone HQs may be overrun by enemy combat forces moving ... as part of a retreat or
    advance after combat"."""
    d, s = combat_segment(dict(POSITION, **{"2GT-HQ": "1513"}), cells={"2:1": {"6": "D2r2"}})
    s, _, _ = play(d, s, "german", ATTACK, 6)
    s, _, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": {"s-inf": ["1513", "1614"]}}])
    s, events, _ = play(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]}])
    assert events[1] == {"event": "overrun", "hq": "2GT-HQ", "hex": "1513", "unit": "g-pz", "rule": "9.3.2, 12.2.6"}
    assert s["phase"] == "relocate" and GAME.awaiting(s).side == "soviet" and s["units"]["g-pz"]["hex"] == "1513"


def test_12_4_a_volksturm_unit_lost_in_combat_goes_to_the_volksturm_box():
    """12.4 "When lost in combat, they are not removed from the game permanently, but instead
    placed in the 'Deutscher Volksturm' box" (units.yaml marks the four Volksturm units)."""
    volk = "Pommern-VLKSTM"
    d, s = combat_segment({"3SS-PZ-HQ": "1212", "s-inf": "1313", "s-tank": "1312", volk: "1413", "s-one": "1616"},
                          cells={"2:1": {"3": "D1"}},
                          values={f"units.counters.{volk}.{k}": v for k, v in
                                  {"attack": 1, "defense": 3, "movement": 3, "steps": 1, "mechanized": False}.items()})
    s.update(active="soviet", hq="61-HQ", activated=["s-inf", "s-tank"], attackers=[], attacked=[])
    s, events, _ = play(d, s, "soviet", [{"attack": "1413", "with": ["s-inf", "s-tank"]}], 3)
    assert events[-1] == {"event": "eliminated", "unit": volk, "why": "defender's loss (8.6), to the Volksturm box (12.4)"}
    assert s["volksturm"] == [{"unit": volk, "side": "german"}] and s["dead"] == []
