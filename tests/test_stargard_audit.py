"""Stargard Solstice: the numbered rules the rule-coverage audit (tests/test_stargard_rule_coverage.py)
found enforced but cited by no test, each with a concrete outcome, on the made-up test data of
tests/sshelp.py (every hex clear, CRT cells "–" unless a test writes one; the Soviet supply source
1616, the German 1010; odd columns down)."""

from pbem.games.stargard_solstice import GAME
from pbem.games.stargard_solstice.combat import parse
from pbem.games.stargard_solstice.common import zoc_of
from tests.sshelp import COUNTERS, at, combat, play, start
from tests.test_stargard_combat import ATTACK, POSITION, combat_segment, messages
from tests.test_stargard_movement import moving, problem
from tests.test_stargard_reinforcements import VALUES as ARRIVALS

MADE_UP = {"primary": "made up", "secondary": "made up"}


def test_no_movement_off_the_map_into_water_or_across_an_impassable_hexside():
    """5.7 "There is no movement off the map"; 5.3.1 the map edge is a "hard limit" (behaviour 4: a hex
    beyond the printed ids, 0100, is refused as off the map, not asked for as data); 5.2.6 "A unit may not
    move off the map ..., into a water hex, or across an impassable hexside"."""
    d, s = start({"3SS-PZ-HQ": "0102", "g-inf": "0101"})
    s, _, _ = play(d, s, "german", [], 1)
    assert problem(d, s, [{"move": "g-inf", "path": ["0100"]}]) == [
        "0100 is off the map: there is no movement off the map (5.7, 5.3.1)"]
    old = start({"3SS-PZ-HQ": "0102", "g-inf": "0101"})[0]
    old.behaviour = 3
    assert "`map.hexes.0100`" in problem(old, s, [{"move": "g-inf", "path": ["0100"]}])[0]
    d, s = moving(hexes={"1311": {"terrain": "water"}}, sides={"1212|1312": ["impassable"]})
    assert problem(d, s, [{"move": "g-pz", "path": ["1311"]}]) == ["1212 → 1311: 1311 is a water hex (5.2.6)"]
    assert problem(d, s, [{"move": "g-pz", "path": ["1312"]}]) == ["1212 → 1312: the hexside 1212-1312 is impassable (5.2.6)"]


def test_the_active_player_may_leave_its_activated_units_where_they_are():
    """2.3.2 "The active player has the option of moving their activated units": an empty Movement
    segment file moves nothing and the Combat segment follows."""
    d, s = moving()
    assert problem(d, s, []) == []
    after, events, _ = play(d, s, "german", [])
    assert events == [{"event": "movement_over", "side": "german", "hq": "3SS-PZ-HQ"}]
    assert after["phase"] == "combat" and after["units"] == s["units"]


def test_command_range_ignores_supply_enemy_units_and_ezocs():
    """3.3.4 "Supply status, enemy units, and enemy ZOCs (EZOCs) have no effect on command range": the
    out-of-supply 3SS-PZ-HQ in 1212 activates g-ind three hexes away in 1512 past s-inf's EZOC in 1413."""
    d, s = moving()
    s = at(s, units={**s["units"], "g-ind": {"side": "german", "hex": "1512", "steps": 1, "supply": "in"},
                     "s-inf": {**s["units"]["s-inf"], "hex": "1413"}})
    s["units"]["3SS-PZ-HQ"]["supply"] = "oos"
    assert problem(d, s, [{"activate": "g-ind"}]) == []


def test_units_out_of_supply_still_exert_their_zoc():
    """4.5.1 "Units without supply continue to exert ZOC normally": 1314, next to the isolated s-inf in
    1415, still costs g-inf +2 MP to enter and +2 to leave (4.1)."""
    d, s = moving()
    s["units"]["s-inf"]["supply"] = "isolated"
    assert "1314" in zoc_of(d, s, "soviet")
    assert problem(d, s, [{"move": "g-inf", "path": ["1314", "1315"]}]) == ["g-inf needs 8 MP for this path but has 4 (5.1.1, 5.3)"]


def test_what_a_zoc_does_not_reach():
    """4.6 "EZOCs do not extend across major rivers (even at a bridge), into water hexes, or across
    impassable hexsides"; "Friendly ZOCs have no effect on EZOCs; a hex may have both"."""
    sides = {"1314|1415": ["major_river", "bridge"], "1415|1515": ["impassable"]}
    d, s = moving(hexes={"1416": {"terrain": "water"}}, sides=sides)
    soviet = zoc_of(d, s, "soviet")
    assert [h for h in ("1314", "1515", "1416", "1414", "1315") if h in soviet] == ["1414", "1315"]
    assert "1414" in zoc_of(d, s, "german") and "1414" in soviet            # g-inf in 1313 and s-inf in 1415


def test_a_reinforcement_with_no_hex_to_enter_is_eliminated():
    """7.1.3 "Reinforcements that cannot enter the map under any circumstance are considered eliminated":
    1/1Mar's area A (0110, 0111) and every hex within 10 along its map edge (0101-0121, 7.1.2) are held or
    controlled by seven Soviet units; `at: none` is refused while a hex is free (0121, without the last)."""
    wall = {f"s-w{i}": f"01{row:02d}" for i, row in enumerate((2, 5, 8, 11, 14, 17, 20))}
    for unit in wall:
        COUNTERS[unit] = combat(3, 3, "61-HQ", side="soviet")
    try:
        d, s = start({"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616", **wall}, values=ARRIVALS)
        s, _, _ = play(d, at(s, phase="supply"), "german", [])
        s2, events, _ = play(d, s, "german", [{"enter": "1/1Mar", "at": "none"}])
        assert {"event": "eliminated", "unit": "1/1Mar", "why": "no hex to enter (7.1.3)"} in events
        assert "1/1Mar" not in s2["units"] and {"unit": "1/1Mar", "side": "german"} in s2["dead"]
        s["units"].pop("s-w6")
        assert messages(d, s, "german", [{"enter": "1/1Mar", "at": "none"}]) == ["1/1Mar can enter at 0119, 0120, 0121 (7.1.2, 7.1.3)"]
    finally:
        for unit in wall:
            del COUNTERS[unit]


def test_the_results_of_the_crt():
    """8.1: "D = The result affects the defender / A = The result affects the attacker / # = Number of
    steps lost / r# = Number of hexes to retreat / A#/D# = The result affects both ... / P = Pinned"."""
    d = start(POSITION)[0]
    assert parse(d, "D2r2", "test") == {"A": {"steps": 0, "retreat": 0, "pinned": False},
                                        "D": {"steps": 2, "retreat": 2, "pinned": False}}
    assert parse(d, "A1r1/D1", "test") == {"A": {"steps": 1, "retreat": 1, "pinned": False},
                                           "D": {"steps": 1, "retreat": 0, "pinned": False}}
    assert parse(d, "D1P", "test")["D"] == {"steps": 1, "retreat": 0, "pinned": True}
    assert parse(d, "–", "test") == {"A": {"steps": 0, "retreat": 0, "pinned": False},
                                     "D": {"steps": 0, "retreat": 0, "pinned": False}}


def test_a_zero_strength_unit_joins_an_attack_and_absorbs_a_loss():
    """8.3.3 "Units with a combat value of zero may participate in a combat alongside other units that do
    not have a '0' value. While they add nothing to the combat strength, they can help absorb step losses":
    g-zero (0-2) adds nothing to 10 against 5 and takes the attacker's second step."""
    COUNTERS["g-zero"] = combat(0, 2, "3SS-PZ-HQ")
    try:
        d, s = combat_segment(dict(POSITION, **{"g-zero": "1313"}), cells={"2:1": {"5": "A2/D1"}})
        s, events, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-pz", "g-inf", "g-zero"]}], 5)
        assert (events[0]["attack"], events[0]["ratio"]) == (10, "2:1")
        assert messages(d, s, "german", [{"steps": ["g-pz", "g-zero"]}]) == []
    finally:
        del COUNTERS["g-zero"]


def test_retreats_across_rivers():
    """9.1.3 "Retreats across a minor river are allowed. Retreats across the major Oder river are not
    allowed, unless there is a bridge": s-inf's one hex of retreat from 1413, 1513 across a minor river,
    not 1514 across the unbridged Oder."""
    sides = {"1413|1513": ["minor_river"], "1413|1514": ["major_river"]}
    d, s = combat_segment(dict(POSITION, **{"s-one": "1616"}), sides=sides, cells={"3:1": {"4": "Dr1"}})
    s, _, _ = play(d, s, "german", [{"attack": "1413", "with": ["g-pz", "g-inf"]}], 4)
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1514"]}}])[0].startswith(
        "s-inf: 1514 is not a legal retreat of 1 hex(es)")
    assert messages(d, s, "soviet", [{"retreat": {"s-inf": ["1513"]}}]) == []


def test_an_attacker_in_a_village_retreats_in_full():
    """9.5.1 "An attacking unit that receives an AR (attacker retreats) result while occupying a village
    or city hex does not benefit from the rule above — it retreats normally": g-pz and g-inf, in villages,
    must each give their one hex of retreat."""
    villages = {"1313": {"terrain": "village"}, "1312": {"terrain": "village"}}
    d, s = combat_segment(hexes=villages, cells={"2:1": {"5": "Ar1"}})
    s, events, _ = play(d, s, "german", ATTACK, 5)
    assert not [e for e in events if e["event"] == "negated"] and s["phase"] == "attacker_answer"
    assert messages(d, s, "german", [{"retreat": {"g-pz": ["1213"], "g-inf": ["1212"]}}]) == []
    assert messages(d, s, "german", [{"retreat": {"g-pz": [], "g-inf": []}}]) != []


def advance_after(retreat, column="2:1", result="D2r2", **kw):
    """g-pz and g-inf attack 1413: s-inf, then s-one lose a step (s-one eliminated; with D1r1 the second
    step is the retreat's into an EZOC, 9.1.2), s-inf retreating along `retreat`."""
    d, s = combat_segment(cells={column: {"6": result}}, **kw)
    s, _, _ = play(d, s, "german", ATTACK, 6)
    routes = {"s-inf": retreat, "s-one": retreat} if result == "D1r1" else {"s-inf": retreat}
    s, _, _ = play(d, s, "soviet", [{"steps": ["s-inf", "s-one"], "retreat": routes}])
    return d, s


def test_a_mechanized_advance_stops_after_a_river_or_in_a_village():
    """10.3.1 "A mechanized unit that crosses an unbridged river hexside or enters a village or city on the
    first hex of its advance after combat must stop and may not advance a second hex"."""
    d, s = advance_after(["1513", "1614"], "1:1", sides={"1313|1413": ["minor_river"]},        # g-pz's 6 halved
                         values={"terrain.hexsides.minor_river.combat_size": "1/2"})
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]}]) == [
        "g-pz stops in 1413: it crossed an unbridged river or entered a village or city (10.3.1)"]
    d, s = advance_after(["1513"], hexes={"1413": {"terrain": "village"}})              # 9.5: one hex less
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]}]) == [
        "g-pz stops in 1413: it crossed an unbridged river or entered a village or city (10.3.1)"]
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413"]}]) == []


def test_no_advance_where_regular_movement_could_not_go():
    """10.5 "No unit may advance into a hex into which it could not move during regular movement"; 10.5.1
    "No unit may advance after combat across an unbridged major river hexside"."""
    d, s = advance_after(["1414"], result="D1r1", sides={"1413|1513": ["major_river"]}, hexes={"1412": {"terrain": "water"}})
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1513"]}]) == [
        "g-pz may not advance: crossing the unbridged Oder (major river) between 1413 and 1513 is prohibited (5.2.3) "
        "(10.5, 10.5.1)"]
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1412"]}]) == [
        "g-pz may not advance: 1412 is a water hex (5.2.6) (10.5, 10.5.1)"]
    assert messages(d, s, "german", [{"advance": "g-pz", "path": ["1413", "1512"]}]) == []


def test_a_festung_supplies_the_german_units_stacked_with_it():
    """11.2.5 "Festungs grant supply to German units stacked with them (see 12.3)": g-pz, walled in by the
    Oder, is in supply stacked with a Festung, out of supply without it."""
    walls = {f"{h}|1313" if h < "1313" else f"1313|{h}": ["major_river"] for h in ("1214", "1213", "1312", "1314", "1413", "1414")}
    COUNTERS["g-fest"] = dict(combat(0, 2, None, steps=1), type="festung")
    try:
        for position, status in (({"g-fest": "1313"}, "in"), ({}, "oos")):
            d, s = start({"3SS-PZ-HQ": "1212", "g-pz": "1313", "s-inf": "1616", **position}, sides=walls)
            s, _, _ = play(d, at(s, phase="supply", active=None, turn=5), "german", [])
            assert s["units"]["g-pz"]["supply"] == status
    finally:
        del COUNTERS["g-fest"]


def test_every_unit_starts_in_supply():
    """11.4 "At the start of the game, all units on the map are in supply"."""
    d, s = start(POSITION)
    assert {u["supply"] for u in s["units"].values()} == {"in"}


def test_a_supply_status_lasts_until_the_next_supply_phase():
    """11.1.2 "After a successful trace, units are 'in supply' until the next supply phase, regardless of
    any change in circumstances. Conversely, OOS units must wait until (at least) the next supply phase to
    check their supply status again": g-inf, OOS with its line to 1010 open, stays OOS through the Movement
    segment and is in supply after the Supply Phase."""
    d, s = moving()
    s["units"]["g-inf"]["supply"] = "oos"
    after, _, _ = play(d, s, "german", [])
    assert after["units"]["g-inf"]["supply"] == "oos" and after["phase"] == "combat"
    supplied, _, _ = play(d, at(after, phase="supply", active=None, turn=5), "german", [])
    assert supplied["units"]["g-inf"]["supply"] == "in"


def test_aa_fire_removes_6ga_and_3jg_for_the_rest_of_the_game():
    """19.1.7 "Remove the Soviet air unit 6GA from the game for the rest of the game"; 19.1.8 "Remove the
    German air unit 3JG from the game for the rest of the game"."""
    for name, side, unit in (("Accurate German Anti-Aircraft (AA) Fire", "soviet", "6-GA"),
                             ("Improved Soviet Anti-Aircraft (AA) Fire", "german", "3-JG")):
        d, s = start(POSITION, values={"events.random_events.table.3": {"1-6": {"primary": name, "secondary": "made up"}}})
        assert unit in [u for boxes in s["air"][side].values() for u in boxes]
        s, _, _ = play(d, at(s, turn=3, last_event=None), "german", [], 1, **{"cup/": [1]})
        assert unit not in [u for boxes in s["air"][side].values() for u in boxes]


def test_scraping_the_barrel_gives_one_non_mechanized_step():
    """19.1.11 "The German player receives 1 non-mechanized replacement point to give to a unit on the map
    ... that is in supply, in command, and not in an EZOC": the reduced g-inf, alone eligible (g-pz is
    mechanized), gets it."""
    scraping = {"primary": "Scraping the Barrel", "secondary": "made up"}
    position = {**POSITION, "g-pz": {"hex": "1212", "steps": 1}, "g-inf": {"hex": "1211", "steps": 1}}
    d, s = start(position, values={"events.random_events.table.3": {"1-6": scraping}})
    s, events, _ = play(d, at(s, turn=3, last_event=None), "german", [], 1, **{"cup/": [1]})
    assert {"event": "replaced", "unit": "g-inf", "rule": "19.1.11"} in events
    assert s["units"]["g-inf"]["steps"] == 2 and s["units"]["g-pz"]["steps"] == 1


def test_the_406th_volks_artillery_corps_bombards_next_to_stell_ii():
    """19.1.2 "Counts as an ordinary German bombardment attempt with the restriction that its target must
    be adjacent to any unit under the command of Stell II": s-inf, next to the 3rd SS Panzer Corps' units
    only, is no target; next to g-st2 (Stell II) in 1512 it is."""
    from pbem.games.stargard_solstice.bombard import targets
    COUNTERS["g-st2"] = combat(3, 3, "Stell-II-HQ")
    try:
        values = {"events.random_events.table.3": {"1-6": {"primary": "406th Volks Artillery Corps", "secondary": "made up"}},
                  "crt.combat.bombardment.brt.attacks_by_roll": {str(n): 1 for n in range(1, 7)}}
        for position, expected in (({}, []), ({"g-st2": "1512"}, ["s-inf", "s-one"])):
            d, s = start({**POSITION, **position}, values=values)
            s, events, _ = play(d, at(s, turn=3, last_event=None), "german", [], 1, **{"brt/": [3]})
            assert {"event": "bombardment", "side": "german", "die": 3, "attacks": 1, "rule": "19.1.2"} in events
            assert targets(d, s) == expected
    finally:
        del COUNTERS["g-st2"]
