"""End of the Iron Dream, behaviour 3: the satellites' returns and limits (19.1.1 D, 19.1.3, 19.2,
19.2.1's army held in Sofia, 19.3 A, 19.3 F).

TEST DATA (tests/test_eid_supply_play.py, made up): Romania W22-W26, Bulgaria W20-W21, Hungary V16,
V17, W16, W17 of the clear test map; Bucharest W23, Budapest V17 (made up here); Sofia is the
rulebook's C28 (3.1 B), added with C27 to the map and to Bulgaria (made up)."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import assault, combat, recreate, satellites
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY as SUPPLY2
from tests.test_eid_supply_units import KOENIGSBURG, SOVIET_SU_MA

PLACES = {"map.places.bucharest.hex": "W23", "map.places.budapest.hex": "V17",
          "map.countries.bulgaria": ["W20", "W21", "C27", "C28"]}

SUPPLY = {**SUPPLY2, **SOVIET_SU_MA, **KOENIGSBURG}          # behaviour 3 needs the SUs' data too (15.16, 28.4)


def start3(position: dict, **extra):
    return start(position, behaviour=3, hexes={"C27": {"terrain": "clear"}, "C28": {"terrain": "clear"}},
                 extra={**SUPPLY, **PLACES, **extra})


def defected_romania(s: dict, turn: int = 3) -> dict:
    s["victory"]["defected"] = {"romania": turn}
    return s


def test_19_1_1_d_a_romanian_army_returns_at_liberated_bucharest_one_a_turn():
    """19.1.1 D: "Beginning with the Soviet Replacement Phase after Bucharest is liberated (assuming it
    has regular GS to the eastern board edge), the Soviets can place one of the Romanian armies in that
    city. On each subsequent turn ... place another Romanian army there"; 19.1.3: "That remobilization
    by the Soviets does not require use of any replacement capacity"."""
    d, s = start3({"su-inf-3": "W23", "de-inf-1": "P10", "wa-mech-2": "P2"})
    s = defected_romania(s)
    s4 = at(s, 4, "soviet")
    assert problems(d, s4, "soviet", [{"recreate": "ro-inf-R1"}]) == []
    assert problems(d, s4, "soviet", [{"recreate": "ro-inf-R1"}, {"recreate": "ro-inf-R3"}]) == [
        "one Romanian army a turn returns to play (19.1.1 D)"]
    after, events = play(d, s4, "soviet", [{"recreate": "ro-inf-R1"}])
    assert after["units"]["ro-inf-R1"] == {"side": "soviet", "hex": "W23", "steps": 1}
    assert {"event": "recreated", "unit": "ro-inf-R1", "hex": "W23", "side": "soviet", "rule": "19.1.1 D"} in events
    assert after["satellites"]["romanian_returned"] == 4
    assert problems(d, at(after, 5, "soviet"), "soviet", [{"recreate": "ro-inf-R3"}]) == []     # the next turn, another


def test_19_1_1_d_not_before_the_defection_nor_without_bucharest_liberated_and_supplied():
    """19.1.1 C-D: the armies are the Soviets' after the defection, placed in liberated Bucharest in
    regular GS to the eastern board edge."""
    d, s = start3({"su-inf-3": "W25", "de-inf-1": "P10", "wa-mech-2": "P2"})
    assert problems(d, at(s, 4, "soviet"), "soviet", [{"recreate": "ro-inf-R1"}]) == [
        "ro-inf-R1: Romanian armies return to play only after Romania's defection (19.1.1 C-D)"]
    s = defected_romania(s)
    assert problems(d, at(s, 4, "soviet"), "soviet", [{"recreate": "ro-inf-R1"}]) == [
        "Bucharest (W23) is not liberated: the Romanian armies return there (19.1.1 D)"]
    # Soviet-held Bucharest cut off from the east edge: German units all around it
    d, s = start3({"su-inf-3": "W23", "de-inf-1": "V23", "de-inf-2": "V24", "de-inf-4": "W24", "wa-mech-2": "P2"})
    s = defected_romania(s)
    assert problems(d, at(s, 4, "soviet"), "soviet", [{"recreate": "ro-inf-R1"}]) == [
        "Bucharest (W23) has no regular GS line to the eastern board edge (19.1.1 D, 15.13)"]


def test_19_1_3_a_romanian_army_destroyed_after_its_return_is_never_replaced():
    """19.1.3: "Romanian armies, no matter what side they are functioning on at the instant of
    destruction, may never be replaced once destroyed, except during the one-time alliance switching"."""
    d, s = start3({"su-inf-3": "W23", "de-inf-1": "P10", "wa-mech-2": "P2"})
    s = defected_romania(s)
    s["dead"] = [{"unit": "ro-inf-R4", "side": "soviet"}]
    assert problems(d, at(s, 6, "soviet"), "soviet", [{"recreate": "ro-inf-R4"}]) == [
        "ro-inf-R4 was destroyed after the alliance switch: Romanian armies are never replaced (19.1.3)"]
    assert problems(d, at(s, 6, "axis"), "axis", [{"recreate": "ro-inf-R1"}]) == [
        "ro-inf-R1: only the Soviets recreate Romanian armies (19.1.1 D) and the Axis one Hungarian unit (19.3 F)"]


def test_19_3_f_one_hungarian_unit_appears_at_budapest_two_turns_after_its_destruction():
    """19.3 F: "One Hungarian unit may be replaced from the dead pile during the course of the game. It
    appears at Budapest (assuming the city is still under Axis control) two turns after its
    destruction. This does not use any German replacement steps.\""""
    d, s = start3({"hu-inf-H1": "W17", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"})
    s["dead"] = [{"unit": "hu-inf-H2", "side": "axis"}, {"unit": "hu-inf-H3", "side": "axis"}]
    # the elimination's turn: the player-turn that ends in the same step is still that turn's
    recreate.watch(d, s, [{"event": "eliminated", "unit": "hu-inf-H2", "why": "x"},
                          {"event": "player_turn_over", "army": "soviet", "turn": 3}])
    s["satellites"]["hungarian_dead"]["hu-inf-H3"] = 4
    assert s["satellites"]["hungarian_dead"] == {"hu-inf-H2": 3, "hu-inf-H3": 4}
    assert problems(d, at(s, 4, "axis"), "axis", [{"recreate": "hu-inf-H2"}]) == [
        "hu-inf-H2, destroyed on Turn 3, appears at Budapest on Turn 5 (19.3 F)"]
    after, events = play(d, at(s, 5, "axis"), "axis", [{"recreate": "hu-inf-H2"}])
    assert after["units"]["hu-inf-H2"] == {"side": "axis", "hex": "V17", "steps": 1}
    assert after["dead"] == [{"unit": "hu-inf-H3", "side": "axis"}]
    assert {"event": "recreated", "unit": "hu-inf-H2", "hex": "V17", "side": "axis", "rule": "19.3 F"} in events
    assert problems(d, at(after, 6, "axis"), "axis", [{"recreate": "hu-inf-H3"}]) == [
        "the one Hungarian replacement of the game was hu-inf-H2 (19.3 F)"]
    lost = at(s, 5, "axis")
    lost["units"]["su-inf-5"] = {"side": "soviet", "hex": "V17", "steps": 2}
    assert problems(d, lost, "axis", [{"recreate": "hu-inf-H2"}]) == [
        "Budapest (V17) is not under Axis control: the Hungarian replacement appears there (19.3 F)"]


def test_19_3_a_e_the_1st_army_outside_hungary_may_assault_out_but_leaves_only_into_hungary():
    """19.3 A: the 1st Army "may only leave its placement hex if it is to enter a hex in Hungary"; E:
    "The 1st Army, starting the game outside the country, may launch such extra-territorial assaults,
    but could still only leave that placement hex to get back into Hungary.\""""
    d, s = start3({"hu-inf-H1": "W18", "hu-inf-H2": "W17", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"})
    s = at(s, 2, "axis", "assault")
    s["units"]["su-inf-5"] = {"side": "soviet", "hex": "W19", "steps": 2}
    assert problems(d, s, "axis", [{"attack": "W19", "with": ["hu-inf-H1"]}]) == [                # 19.3 E allows it
        "hu-inf-H1 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]
    s2 = at(s, 2, "axis")
    assert problems(d, s2, "axis", [{"move": "hu-inf-H1", "path": ["W18", "V18"]}]) == [
        "W18 → V18: hu-inf-H1 may never leave Hungary, not into V18 (19.3 A)"]
    assert problems(d, s2, "axis", [{"move": "hu-inf-H1", "path": ["W18", "W17"]}]) == []


def test_19_2_1_the_bulgarian_army_stays_in_sofia_until_the_soviet_player_turn_after_red_army_entry():
    """19.2.1: Sofia "is also the hex where that army must remain until the Soviet player-turn after a
    Red Army unit has entered the country"."""
    d, s = start3({"bg-mtn-BUL": "C28", "de-inf-1": "P10", "su-inf-3": "T25", "wa-mech-2": "P2"})
    assert problems(d, at(s, 2, "axis"), "axis", [{"move": "bg-mtn-BUL", "path": ["C28", "C27"]}]) == [
        "C28 → C27: bg-mtn-BUL must remain in Sofia (C28) until the Soviet player-turn after a Red Army unit "
        "has entered Bulgaria (19.2.1)"]
    # Turn 3: a Soviet army has entered Bulgaria (its approach made Bulgaria defect, 19.2.2); the
    # check after the step
    s3 = at(s, 3, "soviet")
    s3["units"]["su-inf-3"]["hex"] = "W21"
    events: list = []
    satellites.watch(d, s3, events)
    assert {"event": "defection", "country": "Bulgaria", "rule": "19.2.2"} in events
    assert s3["satellites"]["red_army_in_bulgaria"] == {"turn": 3, "army": "soviet"}
    assert s3["units"]["bg-mtn-BUL"]["side"] == "soviet"
    assert problems(d, at(s3, 3, "soviet"), "soviet", [{"move": "bg-mtn-BUL", "path": ["C28", "C27"]}]) != []
    assert problems(d, at(s3, 4, "soviet"), "soviet", [{"move": "bg-mtn-BUL", "path": ["C28", "C27"]}]) == [
        "bg-mtn-BUL is in GS and may not move out of it to C27 (5.1.5 B; a unit with EGS may, 15.21.2)"]    # Sofia lets it go


def test_19_2_a_german_retreat_may_cross_axis_bulgaria_but_not_end_there():
    """19.2: "Retreats through, but not ending in, Axis Bulgarian territory are likewise allowed.\""""
    d, s = start3({"de-inf-1": "W19", "su-inf-3": "T25", "wa-mech-2": "P2"})
    battle = {"attackers": ["su-inf-3"], "defenders": ["de-inf-1"]}
    assert combat.retreat_problem(d, s, battle, "de-inf-1", ["W20"], "defenders") == (
        "de-inf-1 may retreat through Bulgaria but not end there while it is Axis, not in W20 (19.2)")
    assert combat.retreat_problem(d, s, battle, "de-inf-1", ["W20", "W21", "W22"], "defenders") is None


def test_26_6_4_c_a_city_liberated_in_the_last_step_of_the_soviet_turn_is_checked_at_its_end():
    """26.6.4 C: "Begin checking for the garrisons for each city at the end of the Soviet player-turn
    during which the city was liberated." V12 (Antwerp, 1 VP, in the rules data; outside the made-up
    USSR) changes hands in the step ending the Soviet player-turn (here set by hand before the STAVKA
    Shock Front file) and stands empty: -1 at once (behaviour 2 began checking a turn later)."""
    for behaviour, expected in ((3, True), (2, False)):
        d, s = start({"su-inf-3": "T25", "de-inf-1": "P10", "wa-mech-2": "P2"}, behaviour=behaviour,
                     hexes={"C27": {"terrain": "clear"}, "C28": {"terrain": "clear"}}, extra={**SUPPLY, **PLACES})
        after, _ = play(d, at(s, 3, "soviet", "assault"), "soviet", [])
        assert after["phase"] == "shock_front"                                 # 5.3.7 ends the Soviet player-turn
        after["control"] = {**after["control"], "V12": "soviet"}
        _, events = play(d, after, "soviet", [])
        found = {"event": "vp", "army": "soviet", "vp": "-1", "rule": "26.6.4", "turn": 3,
                 "what": "V12 without a garrison of 1 step(s)", "hex": "V12"} in events
        assert found is expected


def test_19_2_a_german_advance_after_combat_may_not_end_in_axis_bulgaria():
    """19.2: German units "may not end any phase of their player-turn" in Axis Bulgaria: an advance
    after combat (18.16) into W20, vacated by an eliminated WA defender, is refused (behaviour 2 let
    it stand there)."""
    battle = {"kind": "prepared", "hexes": ["W20"], "attackers": ["de-inf-1"], "defenders": ["wa-mech-4"],
              "hex_of": {"de-inf-1": "W19", "wa-mech-4": "W20"}, "retreated": {}}
    for behaviour, expected in ((3, "de-inf-1 may advance through Bulgaria but not end there while it is Axis, not in W20 (19.2)"),
                                (2, None)):
        d, s = start({"de-inf-1": "W19", "su-inf-3": "T25", "wa-mech-2": "P2"}, behaviour=behaviour,
                     hexes={"C27": {"terrain": "clear"}, "C28": {"terrain": "clear"}}, extra={**SUPPLY, **PLACES})
        s = at(s, 2, "axis", "pa_attacker")
        assert assault.advance_problem(d, s, battle, {"de-inf-1": ["W20"]}) == expected
