"""End of the Iron Dream, behaviour 3: the Yugoslav ZOC rules (9.5 A-B, 20.2 B-D).

TEST DATA (tests/test_eid_supply_play.py): Yugoslavia is U10, U11, U12 and T11 of the clear test
map (made up); T11 a 2-VP city and Turn 15 the first of 1945 for 20.4 (made up)."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import combat, yugoslavia
from pbem.games.end_of_the_iron_dream.common import enemy_zoc
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY as SUPPLY2
from tests.test_eid_supply_play import soviet_turn
from tests.test_eid_supply_units import KOENIGSBURG, SOVIET_SU_MA

SUPPLY = {**SUPPLY2, **SOVIET_SU_MA, **KOENIGSBURG}          # behaviour 3 needs the SUs' data too (15.16, 28.4)


def start_b(position: dict, behaviour: int):
    return start(position, behaviour=behaviour, extra=SUPPLY)


def test_9_5_b_20_2_c_yugoslav_zocs_do_not_extend_outside_yugoslavia():
    """9.5 B: "Yugoslav ZOCs do not extend into hexes outside of Yugoslavia"; 20.2 C: "Yugoslav ZOCs do
    not extend outside of Yugoslavia." The army in U11 reaches U10, U12 and T11, not V10, V11, T10."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"}
    d, s = start_b(position, 3)
    zoc = enemy_zoc(d, s, "axis")
    assert {"U10", "U11", "U12", "T11"} <= zoc and not {"V10", "V11", "T10"} & zoc
    d2, s2 = start_b(position, 2)                                   # behaviour 2: the printed reach
    assert {"V10", "V11", "T10"} <= enemy_zoc(d2, s2, "axis")


def test_9_5_a_20_2_d_axis_units_retreat_into_and_through_yugoslav_zocs():
    """9.5 A: "Axis units may retreat into and through Yugoslav ZOCs"; 20.2 D: "German units may
    ignore Yugoslav ZOCs when retreating." T11 lies in the Yugoslav ZOC of U11."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "T12", "su-inf-3": "T25", "wa-mech-2": "P2"}
    battle = {"attackers": ["yu-mtn-1Y"], "defenders": ["de-inf-1"]}
    d, s = start_b(position, 3)
    assert combat.retreat_problem(d, s, battle, "de-inf-1", ["T11"], "defenders") is None
    d2, s2 = start_b(position, 2)
    assert combat.retreat_problem(d2, s2, battle, "de-inf-1", ["T11"], "defenders") == (
        "de-inf-1 cannot retreat into T11: an enemy ZOC no friendly unit negates (9.10, 18.19 C)")


def test_9_5_a_20_2_b_yugoslav_units_ignore_german_zocs_only_to_retreat():
    """9.5 A: "Yugoslav units may retreat into and through Axis ZOCs"; 20.2 B: "They may ignore German
    ZOCs only to retreat" (moving, they pay the ZOC costs, 9.5 B). U12 lies in the ZOC of V12."""
    position = {"yu-mtn-1Y": "U11", "de-inf-1": "V12", "su-inf-3": "T25", "wa-mech-2": "P2"}
    battle = {"attackers": ["de-inf-1"], "defenders": ["yu-mtn-1Y"]}
    d, s = start_b(position, 3)
    assert combat.retreat_problem(d, s, battle, "yu-mtn-1Y", ["U12"], "defenders") is None
    assert "U12" in enemy_zoc(d, s, "soviet")                          # still an EZOC for its moves
    d2, s2 = start_b(position, 2)
    assert combat.retreat_problem(d2, s2, battle, "yu-mtn-1Y", ["U12"], "defenders") == (
        "yu-mtn-1Y cannot retreat into U12: an enemy ZOC no friendly unit negates (9.10, 18.19 C)")


def test_20_5_b_the_4th_army_arrives_on_turn_14_atop_an_existing_yugoslav_army():
    """20.5 B: "The Yugoslav 4th Army, arriving on Turn 14 as a reinforcement, must be placed atop an
    already existing Yugoslav army.\""""
    d, s = start(position={"yu-mtn-1Y": "U11", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"},
                 behaviour=3, extra=SUPPLY)
    s14 = at(s, 14, "soviet")
    assert problems(d, s14, "soviet", [{"move": "su-inf-3", "path": ["T25", "T24"]}]) == [
        "yu-mtn-4Y arrives this turn and must be placed atop a Yugoslav army first: `place: yu-mtn-4Y, at: HEX` (20.5 B)"]
    assert problems(d, s14, "soviet", [{"place": "yu-mtn-4Y", "at": "U12"}]) == [
        "U12 holds no Yugoslav army: the 4th Army is placed atop one (20.5 B)"]
    assert problems(d, at(s, 13, "soviet"), "soviet", [{"place": "yu-mtn-4Y", "at": "U11"}]) == [
        "yu-mtn-4Y is not the Yugoslav 4th Army due now (the Yugoslav 4th Army arrives as `place: UNIT, at: HEX` atop an "
        "existing Yugoslav army (20.5 B); Soviet reinforcements `enter:`, 7.3)"]
    after, events = play(d, s14, "soviet", [{"place": "yu-mtn-4Y", "at": "U11"}])
    assert after["units"]["yu-mtn-4Y"] == {"side": "soviet", "hex": "U11", "steps": 1}
    assert {"event": "placed", "unit": "yu-mtn-4Y", "hex": "U11", "why": "atop a Yugoslav army (20.5 B)"} in events


def test_20_5_b_with_no_yugoslav_army_left_the_4th_never_arrives_and_germany_earns_the_vps():
    """20.5 B: "If none is available, the 4th can never arrive, and Germany earns the appropriate VPs"
    (26.6.10 A: the first Yugoslav army lost, 1 VP)."""
    d, s = start(position={"de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"}, behaviour=3, extra=SUPPLY)
    after, events = soviet_turn(d, s, 14)
    assert after["army"] == "soviet" and after["turn"] == 14
    assert {"event": "vp", "army": "axis", "vp": "1", "rule": "26.6.10", "turn": 14,
            "what": "yu-mtn-4Y never arrives: no Yugoslav army to be placed atop (20.5 B)", "hex": None} in events
    assert problems(d, after, "soviet", [{"move": "su-inf-3", "path": ["T25", "T24"]}]) == []


CITY = {"map.hexes.T11": {"terrain": "clear", "city": True, "vp": 2}, "game.turns.iron_dream.first_turn_of_1945": 15,
        # test data: the Yugoslav city T11 is no hex of Germany (so it has no Volkssturm, 25.7 A)
        "map.countries.germany": [h for h in SUPPLY["map.countries.germany"] if h != "T11"]}


def test_20_4_yugoslav_units_alone_liberating_a_yugoslav_city_in_1944_earn_double_vps():
    """20.4: "If Yugoslav units alone liberate a Yugoslav city in 1944, the Soviets earn double the
    normal VPs for that city." T11 (2 VPs, made up) entered by the Yugoslav army alone on Turn 3: a
    second 2 VPs in the ledger; on Turn 15 (the made-up first turn of 1945) none."""
    d, s = start(position={"yu-mtn-1Y": "U10", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"},
                 behaviour=3, extra={**SUPPLY, **CITY})
    after, events = play(d, at(s, 3, "soviet"), "soviet", [{"move": "yu-mtn-1Y", "path": ["U10", "U11", "T11"]}])
    assert {"event": "vp", "army": "soviet", "vp": "2", "rule": "20.4", "turn": 3,
            "what": "T11 liberated by Yugoslav units alone in 1944: double VPs", "hex": "T11"} in events
    after, events = play(d, at(s, 15, "soviet"), "soviet", [{"move": "yu-mtn-1Y", "path": ["U10", "U11", "T11"]}])
    assert after["victory"]["cities"]["T11"] == "soviet" and not [e for e in events if e.get("rule") == "20.4"]
    # a Soviet army in the city with them: no double (the check after a step, called here directly)
    s2 = at(s, 3, "soviet")
    s2["units"]["su-inf-3"]["hex"] = "T11"
    s2["units"]["yu-mtn-1Y"]["hex"] = "T11"
    events = []
    yugoslavia.liberation(d, s2, "T11", "axis", "soviet", events)
    assert events == []


def test_20_4_a_campaign_with_a_yugoslav_city_names_the_first_turn_of_1945_at_set_up():
    """20.4 "in 1944": the text gives no turn dates for Iron Dream (game.turns.iron_dream.first_turn_of_1945
    is unknown); a behaviour-3 campaign with a city in Yugoslavia must name it before play."""
    with pytest.raises(UnknownDataError, match=r"game\.turns\.iron_dream\.first_turn_of_1945"):
        start(position={"yu-mtn-1Y": "U10", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"}, behaviour=3,
              extra={**SUPPLY, "map.hexes.T11": {"terrain": "clear", "city": True, "vp": 2}})


def test_20_5_b_the_4th_army_never_enters_from_the_east_edge():
    """20.5 B: the 4th Army "must be placed atop an already existing Yugoslav army" (a schedule listing it
    for Turn 14, made up, does not make it an east-edge entry, 7.3)."""
    d, s = start(position={"yu-mtn-1Y": "U11", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"},
                 behaviour=3, extra={**SUPPLY, "reinforcements.reinforcements.schedule": {"14": ["yu-mtn-4Y"]}})
    assert problems(d, at(s, 15, "soviet"), "soviet", [{"enter": "yu-mtn-4Y", "path": ["T26", "T25"]}]) == [
        "yu-mtn-4Y arrives atop a Yugoslav army: `place: yu-mtn-4Y, at: HEX` (20.5 B)"]
