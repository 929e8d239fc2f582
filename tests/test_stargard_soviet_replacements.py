"""Stargard Solstice 2.5.1, 7.3 the Soviet Replacement Segment (turns 4-8), on the test data of
tests/sshelp.py: s-inf and s-inf2 two-step infantry of the 61st Army (HQ at 1615), s-tank a
mechanized unit of the 2nd Guards Tank Army, s-one a one-step unit."""

from pbem.gamedata import apply_readings
from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

POSITION = {"s-inf": {"hex": "1614", "steps": 1}, "s-tank": {"hex": "1714", "steps": 1}, "g-far": "1210"}
DEAD = [{"unit": "s-inf2", "side": "soviet"}, {"unit": "s-one", "side": "soviet"}]


def segment(rp=3):
    d, s = start(POSITION, values={"game.replacements.soviet.per_turn.5": rp} if rp is not None else {})
    s, events, _ = play(d, at(s, phase="supply", turn=5, dead=DEAD), "german", [])
    return d, s


def problems(d, s, orders):
    return [p.message for p in GAME.check(d, s, "soviet", orders)]


def test_2_5_1_the_segment_opens_on_turns_4_to_8_and_needs_the_turn_s_points():
    """7.3 "The Soviet player checks the number of replacements they receive on turns 4-8 on the
    CRT": the number is the group's (the CRT is not in the text)."""
    d, s = segment(rp=None)
    assert s["phase"] == "soviet_replacements" and GAME.awaiting(s).side == "soviet"
    assert "`game.replacements.soviet.per_turn.5`" in problems(d, s, [])[0]
    d, s = start(POSITION)
    s9, _, _ = play(d, at(s, phase="supply", turn=9, dead=DEAD), "german", [])
    assert s9["turn"] == 10 and s9["phase"] == "random_event"


def test_7_3_only_two_step_units_and_7_3_1_costs_and_the_mechanized_limit():
    """7.3 "One-step units are permanently eliminated"; 7.3.1 "1 replacement point (RP) to rebuild
    a non-mechanized step, and 2 RP for a mechanized step ... Mechanized steps may only be replaced
    one step per turn"."""
    d, s = segment()
    assert problems(d, s, [{"rebuild": "s-one", "at": "1615"}]) == [
        "s-one has no lost step to rebuild: s-inf, s-inf2, s-tank (7.3)"]
    assert problems(d, s, [{"rebuild": "s-tank"}, {"rebuild": "s-inf"}, {"rebuild": "s-inf2", "at": "1615"}]) == [
        "the rebuilt steps cost 4 RP; turn 5 gives 3 (7.3, 7.3.1)"]
    d, s = segment(rp=4)
    assert problems(d, s, [{"rebuild": "s-tank"}, {"rebuild": "s-tank"}]) == [
        "mechanized steps are replaced 1 step a turn (per unit, 7.3.1, SS8)"]
    apply_readings(d, {"SS8": "in-total"})
    assert problems(d, s, [{"rebuild": "s-tank"}, {"rebuild": "s-tank"}]) == [
        "mechanized steps are replaced 1 step a turn (in all, 7.3.1, SS8)"]


def test_7_3_2_an_eliminated_unit_comes_back_on_or_next_to_its_hq_at_full_strength_for_2_rp():
    """7.3.1 "A two-step non-mechanized Soviet unit may return from previously being eliminated to
    full strength in one turn, at a cost of 2 RPs"; 7.3.2 "Units previously in the dead pile that
    are rebuilt with replacements enter the game on or adjacent to the HQ that controls them"."""
    d, s = segment()
    assert problems(d, s, [{"rebuild": "s-inf2", "at": "1610"}]) == [
        "s-inf2 comes back at 1514, 1515, 1614, 1615, 1616, 1714, 1715 (7.3.2, 7.3.3): `at: HEX`"]
    s, events, _ = play(d, s, "soviet", [{"rebuild": "s-inf2", "at": "1615"}, {"rebuild": "s-inf2"}, {"rebuild": "s-inf"}])
    assert events[:3] == [{"event": "rebuilt", "unit": "s-inf2", "hex": "1615", "rule": "7.3.2"},
                          {"event": "replaced", "unit": "s-inf2", "rule": "7.3"},
                          {"event": "replaced", "unit": "s-inf", "rule": "7.3"}]
    assert s["units"]["s-inf2"] == {"side": "soviet", "hex": "1615", "steps": 2, "supply": "in"}
    assert s["units"]["s-inf"]["steps"] == 2 and s["dead"] == [{"unit": "s-one", "side": "soviet"}]
    assert s["turn"] == 6 and s["phase"] == "random_event"       # 7.3: points not used are lost


def test_7_3_3_never_in_an_ezoc():
    """7.3.3 "Units rebuilt with replacements may not be placed in EZOCs"; 2.5.1 "They may not be
    placed in an EZOC": g-pz in 1513 controls 1614."""
    d, s = start({**POSITION, "g-pz": "1513"}, values={"game.replacements.soviet.per_turn.5": 3})
    s, _, _ = play(d, at(s, phase="supply", turn=5, dead=DEAD), "german", [])
    assert problems(d, s, [{"rebuild": "s-inf"}]) == ["s-inf is in an EZOC: no replacement placed there (7.3.3, 2.5.1)"]


def test_16_3_the_234_80_replaces_the_234_77_exactly_in_the_turn_7_replacement_phase():
    """16.3 "replace the first unit with the 234/80 (marked with an asterisk) in the turn 7
    replacement phase. The 234/80 replaces the 234/77 exactly — location, supply status, whether
    flipped, etc. If the 234/77 has been eliminated by that point, the exchange does not take
    place." (turn 7 brings Soviet reinforcements: the exchange follows them, here called directly.)"""
    from pbem.games.stargard_solstice.soviet_rp import exchange_234th
    made_up = {"attack": 3, "defense": 3, "movement": 4, "steps": 2, "mechanized": False,
               "reduced": {"attack": 1, "defense": 1, "movement": 4}}
    d, s = start({"234/77": {"hex": "2020", "steps": 1}},
                 values={f"units.counters.{u}.{k}": v for u in ("234/77", "234/80") for k, v in made_up.items()})
    s["units"]["234/77"]["supply"] = "oos"
    events: list = []
    exchange_234th(d, at(s, turn=7), events)                                    # not chosen: nothing
    assert events == []
    work = at(s, turn=7, optional=["16.3"])
    exchange_234th(d, work, events)
    assert events == [{"event": "exchanged", "unit": "234/77", "by": "234/80", "rule": "16.3"}]
    assert "234/77" not in work["units"] and work["units"]["234/80"] == {"hex": "2020", "steps": 1, "side": "soviet", "supply": "oos"}
    work = at(s, turn=6, optional=["16.3"])
    exchange_234th(d, work, [])
    assert "234/77" in work["units"]
