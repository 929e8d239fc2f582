"""End of the Iron Dream, behaviour 4: paratroops attacking with ground units (17.6 B, 17.6.2 A-C,
18.22 C, 25.8 B), both corps in one air assault (17.5 A, 17.6.1), and 25.7 the Volkssturm against
a paradrop, an air assault or an invasion.

TEST DATA: tests/eidhelp.py, tests/test_eid_supply_play.py, tests/test_eid_boxes.py (Germany is
columns 9-21; the coasts and ports are made up); the CRT cells, rivers and cities below are made
up; the tan corps `wa-x-B12` (its type and factors unknown in the data, 3.11) is made a second
paratroop corps with wa-para-18's factors (the data prints one WA paratroop counter, 28.3)."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME, assault
from tests.eidhelp import at, play, problems, start
from tests.test_eid_boxes import COASTS, NO_REINFORCEMENTS, PORTS, TAN
from tests.test_eid_sea import B8
from tests.test_eid_supply_play import SUPPLY

PARA = {"eto": {"wa-para-18": {}}}
SECOND = {f"units.counters.wa-x-B12.{k}": v for k, v in {
    "type": "paratroop_infantry", "attack": 7, "defense": 8, "movement": 5, "reduced": {"attack": 3, "defense": 4, "movement": 5}}.items()}
AS = {"supply": "wa-su-1", "hexes": ["V3"]}                                  # 15.22 (behaviour 3 and later)
GROUND = {"drop": "wa-para-18", "at": "V4", "combat": "ground"}
CITY = {"terrain": "clear", "city": True, "vp": 1}
NEAR = {"positions.test.wa_supply_sources": ["P1", "V1", "V6"]}     # a made-up WA source near Germany
CITYMAP = {"V9": CITY, "V6": {"terrain": "clear", "coast": "atlantic"}}


def start4(position: dict, boxes: dict | None = None, hexes: dict | None = None, sides: dict | None = None,
           cells: dict | None = None, behaviour: int = 4, **extra):
    """A behaviour-4 campaign (tests/test_eid_boxes.start3's data) from `position` and `boxes`."""
    given = {"eto": {}, "mto": {}, "german": {}, **(boxes or {})}
    values = {**SUPPLY, **TAN, **NO_REINFORCEMENTS, **PORTS, **SECOND, "positions.test.wa_supply_sources": ["P1", "V1"],
              "positions.test.boxes": given, **extra}
    return start(position, behaviour=behaviour, extra=values, sides=sides, cells=cells,
                 hexes={**{h: {"terrain": "clear", "coast": c} for h, c in COASTS.items()}, **(hexes or {})})


def pledged(cells: dict | None = None, sides: dict | None = None, turn: int = 7):
    """wa-para-18 dropped atop de-inf-2 in V4 pledging ground support; wa-mech-3 moved up to V3."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "wa-su-1": "V2", "de-inf-2": "V4"}, PARA, cells=cells, sides=sides)
    s, events = play(d, at(s, turn, "western"), "western", [GROUND, {"move": "wa-mech-3", "path": ["V2", "V3"]}])
    return d, s, events


# -- 17.6 B, 17.6.2 ------------------------------------------------------------------------------------
def test_17_6_b_the_drop_onto_defenders_declares_its_attack_at_the_instant_of_the_drop():
    """17.6 A: "If paratroops drop in a hex with enemy defenders, the WA can choose from two methods
    of battle resolution: attack alone or with other combat units"; B: "The WA declaration of the
    type of paratroop attack will be run must be made at the instant of the drop, and it cannot be
    changed later". Behaviour 3 knew the air assault alone only."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, PARA)
    s = at(s, 7, "western")
    assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "V4"}]) == [
        "a drop onto enemy defenders declares its attack at the instant of the drop: `combat: alone` (17.6.1) or "
        "`combat: ground` (17.6.2) (17.6 A-B)"]
    assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "U4", "combat": "ground"}]) == [
        "`combat:` and `losses:` are given for a drop onto enemy defenders only (17.6 A)"]
    assert problems(d, s, "western", [{**GROUND, "bridgeheads": ["V5"]}]) == [
        "bridgeheads are tried only by paratroops driving defenders off their drop hex (17.8 A)"]
    d3, s3 = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, PARA, behaviour=3)
    assert problems(d3, at(s3, 7, "western"), "western", [GROUND]) == [
        "a paratroop drop is `drop: UNIT, at: HEX` (17.3)"]


def test_17_5_c_never_atop_a_flak_corps_alone_or_awaiting_support():
    """17.5 C: "they may then land on German cities, but never atop Flak corps" (either way of 17.6)."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-flak-1": "V4"}, PARA)
    s = at(s, 7, "western")
    for way in ("alone", "ground"):
        assert problems(d, s, "western", [{"drop": "wa-para-18", "at": "V4", "combat": way}]) == [
            "paratroops never land atop Flak corps (V4, 17.5 C)"]


def test_17_6_2_a_the_paratroops_sit_atop_the_defenders_and_the_file_goes_on():
    """17.6.2 A: "If ground units move up and assist in the attack on the enemy units in the
    paratroops' drop hex, the paratroops do not run any mobile assaults. Instead, they simply sit in
    the hex, atop the enemy defenders, and await the start of the WA Prepared Assault Phase"."""
    d, s, events = pledged()
    assert events[0] == {"event": "drop", "unit": "wa-para-18", "from": "eto", "at": "V4", "rule": "17.3 A",
                         "combat": "ground", "awaits": "the WA Prepared Assault Phase (17.6.2 A)"}
    assert not any(e["event"] == "assault" for e in events)                # no mobile assault
    assert s["pledges"] == {"wa-para-18": {"hex": "V4", "steps": 2}} and "wa-para-18" not in s["units"]
    assert s["phase"] == "assault" and s["units"]["wa-mech-3"]["hex"] == "V3"
    assert s["airborne"] == {"wa-para-18": 7}                               # 17.7: the drop starts the refit count


def test_17_6_2_a_the_paratroops_attack_with_the_ground_units_and_hold_the_cleared_hex():
    """17.6.2 A: the ground units "assist in the attack on the enemy units in the paratroops' drop
    hex"; the paratroops attack from atop it (7 AFs + wa-mech-3's 10 against de-inf-2's 7: 2-1; no
    shift: 25.8 B no TAC AIR with them although Turn 7 is fair, and no 18.23 ring from atop the hex,
    a reading; die 3: 0/1, made up). The defender retreats:
    the paratroops hold V4, and wa-mech-3 may advance into it beside them."""
    d, s, _ = pledged(cells={"2-1": {"3": "0/1"}})
    a = at(s, 7, "western", "assault")
    assert problems(d, a, "western", [AS, {"attack": "V4", "with": ["wa-para-18"]}]) == [
        "wa-para-18 awaited ground units' support: the assault on V4 names at least one ground unit with them (17.6.2 A-B)"]
    assert problems(d, a, "western", [{"attack": "V4", "with": ["wa-para-18", "wa-mech-3"]}]) == [
        "wa-mech-3 has no attack supply: first burn off an SU for its hex, `supply: SU, hexes: [HEX, ...]` (15.22, 5.1.6 A)"]
    s, events = play(d, a, "western", [AS, {"attack": "V4", "with": ["wa-para-18", "wa-mech-3"]}], **{"crt/": [3]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["from"], battle["attackers"], battle["attack"], battle["defence"], battle["column"], battle["shifts"]) == (
        ["V3", "V4"], ["wa-para-18", "wa-mech-3"], 17, 7, "2-1", [])
    assert s["phase"] == "pa_defender" and GAME.awaiting(s).side == "axis"
    s, events = play(d, s, "axis", [{"retreat": {"de-inf-2": ["V5"]}}])
    assert {"event": "paratroops_land", "units": ["wa-para-18"], "hex": "V4", "why": "17.6.2 A"} in events
    assert s["units"]["wa-para-18"] == {"side": "western", "hex": "V4", "steps": 2} and "pledges" not in s
    assert s["phase"] == "pa_attacker"
    s, _ = play(d, s, "western", [{"advance": {"wa-mech-3": ["V4"]}}])
    assert s["units"]["wa-mech-3"]["hex"] == "V4"


def test_25_8_b_the_same_assault_without_paratroops_has_tac_air():
    """25.8 A: "TAC AIR results in a 1R shift in the odds ratio of all WA mobile and prepared
    assaults"; B: "WA airborne corps are considered to be in EGS during the turn in which they air
    drop into any enemy-controlled hex. They therefore do not have TAC AIR benefits" (the assault
    above has none; wa-mech-3 alone has its 1R)."""
    d, s, _ = pledged()
    _, events = play(d, at(s, 7, "western", "assault"), "western", [AS, {"attack": "V4", "with": ["wa-mech-3"]}], **{"crt/": [3]})
    battle = next(e for e in events if e["event"] == "assault")
    assert [x["rule"] for x in battle["shifts"]] == ["25.8 A"] and battle["attack"] == 10


def test_17_6_2_b_an_unmet_pledge_destroys_the_paratroops_and_spares_the_defenders():
    """17.6.2 B: "If the start of that phase finds the WA unable or unwilling to meet their earlier
    pledge of support for the paratroops, the paratroops are destroyed and the enemy defenders
    remain unscathed in their hex" (the phase waits for the WA file although it would pass by itself)."""
    d, s, _ = pledged()
    a = at(s, 7, "western", "assault")
    assert assault.no_choice(GAME, d, a) is None
    assert GAME.assault_template(d, a, "western")["notes"][1] == (
        "wa-para-18 awaits ground units' support atop the defenders of V4: name it with them in an assault on V4, or it "
        "is destroyed (17.6.2 A-B)")
    s, events = play(d, a, "western", [])
    assert events[0] == {"event": "eliminated", "unit": "wa-para-18", "why": "17.6.2 B: the WA did not meet their pledge of support"}
    assert "wa-para-18" not in s["units"] and {"unit": "wa-para-18", "side": "western"} in s["dead"]
    assert s["units"]["de-inf-2"] == {"side": "axis", "hex": "V4", "steps": 2} and "pledges" not in s


def test_17_6_2_defenders_still_under_the_paratroops_after_the_assault_eliminate_them():
    """17.6.2 (a reading: the text is silent; 17.6.1 C ends the lone air assault so): the defender
    takes its 1 as a step (2-1, die 3: 0/1, made up) and still holds V4: the paratroops are
    eliminated; the defender may not advance (wa-mech-3 is still in V3, 18.20)."""
    d, s, _ = pledged(cells={"2-1": {"3": "0/1"}})
    s, _ = play(d, at(s, 7, "western", "assault"), "western", [AS, {"attack": "V4", "with": ["wa-para-18", "wa-mech-3"]}],
                **{"crt/": [3]})
    s, events = play(d, s, "axis", [{"steps": ["de-inf-2"]}])
    assert {"event": "eliminated", "unit": "wa-para-18", "why": "17.6.2: enemy defenders still under them after the assault"} in events
    assert s["units"]["de-inf-2"]["steps"] == 1 and "wa-para-18" not in s["units"] and s["phase"] == "movement"


def test_18_22_c_and_17_6_2_c_paratroops_atop_undouble_the_defenders_across_a_river():
    """18.22 A: "Defending units being attacked ... across river or canal hexsides have their DFs
    doubled"; C: "Any paratroops, regardless of their numeric strength, dropped atop defenders serve
    to undouble them"; 17.6.2 C: "the paratroops' presence always serves to undouble enemy units
    beneath them with a river hexside between them and the assisting ground units" (V3-V4 a river:
    wa-mech-3 alone meets 14 DFs, with the paratroops 7)."""
    river = {"V3|V4": ["river"]}
    d, s, _ = pledged(sides=river)
    a = at(s, 7, "western", "assault")
    _, events = play(d, a, "western", [AS, {"attack": "V4", "with": ["wa-mech-3"]}], **{"crt/": [3]})
    assert next(e for e in events if e["event"] == "assault")["defence"] == 14
    _, events = play(d, a, "western", [AS, {"attack": "V4", "with": ["wa-para-18", "wa-mech-3"]}], **{"crt/": [3]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"], battle["initial"]) == (17, 7, "2-1")


def test_17_6_2_defenders_driven_off_before_the_phase_leave_the_hex_to_the_paratroops():
    """17.6.2 A: the paratroops await the Prepared Assault Phase atop the defenders; a defender gone
    by then (here moved off by the test) leaves them the hex, with no attack (17.5 F)."""
    d, s, _ = pledged()
    s["units"]["de-inf-2"]["hex"] = "T10"
    s, events = play(d, at(s, 7, "western", "assault"), "western", [])
    assert events[0] == {"event": "paratroops_land", "units": ["wa-para-18"], "hex": "V4",
                         "why": "17.6.2 A: the defenders are gone; 17.5 F: they may not attack"}
    assert s["units"]["wa-para-18"] == {"side": "western", "hex": "V4", "steps": 2}


# -- 17.5 A: both corps in one air assault ---------------------------------------------------------------
TWO = {"eto": {"wa-para-18": {}, "wa-x-B12": {}}}
FIRST = {"drop": "wa-para-18", "at": "V4", "combat": "alone"}
LOSSES = ["wa-x-B12", "wa-para-18", "wa-x-B12", "wa-para-18"]


def test_17_5_a_both_corps_drop_onto_the_same_defenders_in_one_air_assault():
    """17.5 A: "Both corps may be dropped on the same turn, into the same or different hexes";
    17.6.1 A: they "immediately run one or two rounds of mobile assaults" (14 AFs against 7: 2-1,
    11.8's 2L: 1-2; die 4: 1/1, made up); B: the paratroops "can only take step
    losses", in the order the WA gave at the drop (`losses:`); the defender retreats."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, TWO, cells={"1-2": {"4": "1/1"}})
    s = at(s, 7, "western")
    second = {"drop": "wa-x-B12", "at": "V4", "combat": "alone"}
    assert problems(d, s, "western", [FIRST, second]) == [
        "`losses: [UNIT, ...]` goes with the second paratroop corps dropping onto the same defenders: the order in which "
        "the two corps lose their steps, each step of both named once (17.5 A, 17.6.1 B, 18.14)"]
    assert problems(d, s, "western", [{**FIRST, "losses": LOSSES}, second]) == [problems(d, s, "western", [FIRST, second])[0]]
    assert problems(d, s, "western", [FIRST, {**second, "combat": "ground"}]) == [
        "both corps dropping onto V4 attack the same way (17.6 A-B)"]
    s, events = play(d, s, "western", [FIRST, {**second, "losses": LOSSES}], **{"crt/": [4]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attackers"], battle["attack"], battle["defence"], battle["column"]) == (["wa-para-18", "wa-x-B12"], 14, 7, "1-2")
    assert s["phase"] == "air_defender"
    s, events = play(d, s, "axis", [{"retreat": {"de-inf-2": ["V5"]}}])
    assert {"event": "occupy", "units": ["wa-para-18", "wa-x-B12"], "hex": "V4", "why": "17.6.1"} in events
    assert s["units"]["wa-x-B12"] == {"side": "western", "hex": "V4", "steps": 1}          # the first step named
    assert s["units"]["wa-para-18"] == {"side": "western", "hex": "V4", "steps": 2}


def test_17_5_a_behaviour_3_runs_one_corps_an_air_assault():
    """Behaviour 3 campaigns keep one paratroop corps an air assault."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, TWO, behaviour=3)
    assert problems(d, at(s, 7, "western"), "western", [{"drop": "wa-para-18", "at": "V4"}, {"drop": "wa-x-B12", "at": "V4"}]) == [
        "one paratroop air assault at a time: it ends its orders file (17.6.1, 11.0)"]


# -- 25.7: the Volkssturm against landings -----------------------------------------------------------------
def test_25_7_a_paratroops_dropped_onto_a_city_held_by_its_volkssturm_assault_it():
    """25.7 A: "The Volkssturm function as intrinsic defense for each German city"; 17.5 C: after
    the collapse paratroops "may then land on German cities"; 17.5 F speaks of "a hex empty of enemy
    defenders", which the city is not: the drop is an air assault on its 1 DF (17.6.1; 11.8 2L,
    18.24 city 1L: 7-1 to 4-1, die 2: 0/1 made up); any result but 0 destroys it (25.7 B, D)."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V7", "de-inf-2": "P15"}, PARA, hexes=CITYMAP, **NEAR,
                  cells={"4-1": {"2": "0/1"}})
    s = at(s, 7, "western")
    s["economy"] = {"collapsed": 6, "liberated": []}
    drop = {"drop": "wa-para-18", "at": "V9", "combat": "alone"}
    s2, events = play(d, s, "western", [drop], **{"crt/": [2]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["defence"], battle["initial"], battle["column"]) == ([], 1, "7-1", "4-1")
    assert {"event": "volkssturm_lost", "hex": "V9",
            "why": "alone it cannot retreat and has no step of its own: any loss destroys it (25.7 B, D)"} in events
    assert s2["units"]["wa-para-18"] == {"side": "western", "hex": "V9", "steps": 2} and "V9" in s2["volkssturm_lost"]
    s3, events = play(d, s, "western", [drop], **{"crt/": [1, 1]})                  # 0/0 twice: 17.6.1 C
    assert {"event": "eliminated", "unit": "wa-para-18", "why": "17.6.1 C: enemy units still under them after the second round"} in events
    assert "V9" not in s3.get("volkssturm_lost", [])


def test_25_7_behaviour_3_a_drop_onto_the_volkssturm_alone_takes_the_city():
    """Behaviour 3 campaigns keep their reading: the drop lands in the city and the Volkssturm is lost."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V7", "de-inf-2": "P15"}, PARA, hexes=CITYMAP, **NEAR, behaviour=3)
    s = at(s, 7, "western")
    s["economy"] = {"collapsed": 6, "liberated": []}
    s, events = play(d, s, "western", [{"drop": "wa-para-18", "at": "V9"}])
    assert s["units"]["wa-para-18"]["hex"] == "V9" and s["volkssturm_lost"] == ["V9"]


INVADABLE = {"invasions.invasions.invadable_hexes": ["U2", "U14", "P1", "V1"], **B8}
THIRD = {"invade": "U14", "with": ["wa-mech-3"], "from": "eto"}


def invade(cells: dict | None = None, behaviour: int = 4):
    d, s = start4({"de-inf-1": "T10"}, {"eto": {"wa-mech-3": {}, "wa-mech-5": {}}}, cells=cells, behaviour=behaviour,
                  hexes={"U14": {"terrain": "clear", "coast": "atlantic", "city": True, "vp": 1}}, **INVADABLE)
    return d, at(s, 10, "western")


def test_25_7_an_invasion_of_a_city_held_by_its_volkssturm_fights_its_way_ashore():
    """14.17 D: "If the hex to be invaded is defended ... the force must fight its way ashore";
    25.7 A: the city's 1 DF Volkssturm defends it, doubled against the invasion (14.20) and beaten
    by any result but 0 (25.7 B, D): 10 AFs against 2, 5-1; 14.19 A 1R naval support (Turn 10 is
    foul: no TAC AIR), 18.24 city 1L: 5-1; die 5: 0/1, made up."""
    d, s = invade(cells={"5-1": {"5": "0/1"}})
    s, events = play(d, s, "western", [THIRD], **{"crt/": [5]})
    assert events[0]["opposed"] is True
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["attack"], battle["defence"], battle["initial"], battle["column"]) == (
        [], 10, 2, "5-1", "5-1")
    assert {"event": "volkssturm_lost", "hex": "U14",
            "why": "alone it cannot retreat and has no step of its own: any loss destroys it (25.7 B, D)"} in events
    assert s["units"]["wa-mech-3"] == {"side": "western", "hex": "U14", "steps": 2} and "U14" in s["invasion_ports"]["ashore"]


def test_25_7_an_invasion_failing_against_the_volkssturm_goes_back_to_its_box():
    """14.22 A: "If invading units fail to clear the defender's hex ... the invasion force is sent
    back to its holding box after absorbing an additional step loss" (die 5: 0/0, made up); behaviour
    3 campaigns keep their reading: the force goes ashore at once and the Volkssturm is lost."""
    d, s = invade()
    s, events = play(d, s, "western", [THIRD], **{"crt/": [5]})
    assert {"event": "invasion_failed", "hex": "U14", "box": "eto", "units": ["wa-mech-3"], "rule": "14.22"} in events
    assert s["boxes"]["eto"]["wa-mech-3"] == 1 and "U14" not in s.get("volkssturm_lost", [])
    d, s = invade(behaviour=3)
    s, events = play(d, s, "western", [THIRD])
    assert s["units"]["wa-mech-3"]["hex"] == "U14" and s["volkssturm_lost"] == ["U14"]


def test_25_7_and_17_6_2_paratroops_pledged_onto_a_city_held_by_its_volkssturm():
    """25.7 A: the Volkssturm defends its city; 17.6.2 A: the paratroops await the prepared assault
    atop it; wa-mech-3 assists from V8 (17 AFs against its 1 DF: 17-1, 18.24 city 1L: 7-1 on the
    clear line; die 2: 0/1, made up): any loss destroys it (25.7 B, D) and the city is the
    paratroops'."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V7", "wa-su-1": "V7", "de-inf-2": "P15"}, PARA, hexes=CITYMAP,
                  cells={"7-1": {"2": "0/1"}}, **NEAR)
    s = at(s, 7, "western")
    s["economy"] = {"collapsed": 6, "liberated": []}
    s, _ = play(d, s, "western", [{"drop": "wa-para-18", "at": "V9", "combat": "ground"}, {"move": "wa-mech-3", "path": ["V7", "V8"]}])
    assert s["pledges"] == {"wa-para-18": {"hex": "V9", "steps": 2}}
    orders = [{"supply": "wa-su-1", "hexes": ["V8"]}, {"attack": "V9", "with": ["wa-para-18", "wa-mech-3"]}]
    a = at(s, 7, "western", "assault")
    assert problems(d, a, "western", orders) == []
    s, events = play(d, a, "western", orders, **{"crt/": [2]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["attack"], battle["defence"], battle["initial"], battle["column"]) == ([], 17, 1, "17-1", "7-1")
    assert [e["event"] for e in events[3:5]] == ["volkssturm_lost", "paratroops_land"]
    assert s["units"]["wa-para-18"] == {"side": "western", "hex": "V9", "steps": 2} and s["volkssturm_lost"] == ["V9"]


def test_25_7_c_the_volkssturm_adds_its_df_against_an_air_assault_and_an_invasion():
    """25.7 C: "If a German mobile unit moves into the city to share in the hex's defense, add the
    Volkssturm DF on to the mobile unit's DF": de-inf-2's 7 and the city's 1 against the air assault
    (8: 7 against 8, 1-1, 11.8's 2L and the city's 1L: 1-2; die 1: 0/0 twice, made up); against the
    invasion doubled (14.20): 16."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V7", "de-inf-2": "V9"}, PARA, hexes=CITYMAP, **NEAR)
    s = at(s, 7, "western")
    s["economy"] = {"collapsed": 6, "liberated": []}
    _, events = play(d, s, "western", [{"drop": "wa-para-18", "at": "V9", "combat": "alone"}], **{"crt/": [1, 1]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["attack"], battle["defence"], battle["column"]) == (["de-inf-2"], 7, 8, "1-2")
    d, s = invade()
    s["units"]["de-inf-2"] = {"side": "axis", "hex": "U14", "steps": 2}
    _, events = play(d, s, "western", [THIRD], **{"crt/": [5]})
    assert next(e for e in events if e["event"] == "assault")["defence"] == 16


def test_26_6_1_paratroops_destroyed_for_an_unmet_pledge_after_the_collapse_cost_their_steps():
    """26.6.1: each WA step lost after the economic collapse costs the WA 1 VP: the two steps of the
    paratroops destroyed under 17.6.2 B count although they waited off the map."""
    d, s, _ = pledged()
    s["economy"] = {"collapsed": 6, "liberated": []}
    _, events = play(d, at(s, 7, "western", "assault"), "western", [])
    assert {"event": "vp", "army": "western", "vp": "-2", "rule": "26.6.1", "turn": 7, "what": "wa-para-18 lost 2 step(s)",
            "hex": "V4"} in events


def test_17_6_1_b_c_both_corps_lose_steps_in_the_order_given_and_fall_together():
    """17.6.1 B: the paratroops "can only take step losses" (round 1, 1-2 die 1: 2/0, made up: the
    first two steps of `losses:`, one of each corps); C: "If there are still enemy units underneath
    the paratroops at the end of the second round ... the paratroops are eliminated" (round 2 at 6
    AFs against 7, die 3: 0/0): both corps."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, TWO, cells={"1-2": {"1": "2/0"}})
    orders = [FIRST, {"drop": "wa-x-B12", "at": "V4", "combat": "alone", "losses": LOSSES}]
    s, events = play(d, at(s, 7, "western"), "western", orders, **{"crt/": [1, 3]})
    rounds = [e for e in events if e["event"] == "assault"]
    assert [(e["attack"], e["die"], e["result"]) for e in rounds] == [(14, 1, "2/0"), (6, 3, "0/0")]
    why = "17.6.1 C: enemy units still under them after the second round"
    assert [e for e in events if e["event"] == "eliminated"] == [
        {"event": "eliminated", "unit": "wa-para-18", "why": why}, {"event": "eliminated", "unit": "wa-x-B12", "why": why}]
    assert s["units"]["de-inf-2"]["steps"] == 2 and s["phase"] == "movement"


def test_26_6_1_an_air_assault_from_the_box_after_the_collapse_counts_its_lost_steps():
    """26.6.1: each WA step lost after the collapse costs the WA 1 VP, the air assault's too (the
    corps took off from the ETO box and lost a step off the map: 1-1, 11.8's 2L and 15.4's 2R, the
    German unit without GS after the collapse; die 4: 1/1 made up; the defender retreats)."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "de-inf-2": "V4"}, PARA, cells={"1-1": {"4": "1/1"}})
    s = at(s, 7, "western")
    s["economy"] = {"collapsed": 6, "liberated": []}
    s, events = play(d, s, "western", [{**FIRST}], **{"crt/": [4]})
    assert not [e for e in events if e["event"] == "vp"]                  # the step is still to be taken
    assert s["phase"] == "air_defender"
    s, events = play(d, s, "axis", [{"retreat": {"de-inf-2": ["V5"]}}])
    assert [e for e in events if e["event"] == "vp"] == [
        {"event": "vp", "army": "western", "vp": "-1", "rule": "26.6.1", "turn": 7, "what": "wa-para-18 lost 1 step(s)", "hex": "V4"}]


def test_18_22_c_paratroops_awaiting_support_undouble_a_mobile_assault_across_a_river():
    """18.22 A: "Defending units being attacked (mobile or prepared assault) across river or canal
    hexsides have their DFs doubled" (11.7 B); C: "Any paratroops, regardless of their numeric strength,
    dropped atop defenders serve to undouble them" (review: the first cut undoubled a prepared assault
    only). wa-mech-3 (10 AFs, made up cells) mobile assaults de-inf-2 (7 DFs) in V4 across the V3-V4 river
    while wa-para-18 sits atop it awaiting support (17.6.2 A): 7 DFs, not 14."""
    d, s = start4({"de-inf-1": "T10", "wa-mech-3": "V2", "wa-su-1": "V2", "de-inf-2": "V4"}, PARA, sides={"V3|V4": ["river"]})
    mobile = {"assault": "V4", "with": ["wa-mech-3"], "path": ["V2", "V3"]}
    _, events = play(d, at(s, 7, "western"), "western", [mobile], **{"mobile/": [3]})
    assert next(e for e in events if e["event"] == "assault")["defence"] == 14
    s, events = play(d, at(s, 7, "western"), "western", [GROUND, mobile], **{"mobile/": [3]})
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"]) == (10, 7)
