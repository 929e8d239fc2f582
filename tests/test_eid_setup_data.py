"""End of the Iron Dream: the scenario files (scenarios/end-of-the-iron-dream/) and the counters
(rules/end-of-the-iron-dream/units.yaml) checked against the rulebook text: set-up 3.1-3.11,
27.3-27.4, the 28.x roster, counter errata 2.1 A-H, 2.4 classes and 4.1 hex control."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import _check_keys, load_game_data, load_scenario, unwrap
from pbem.games.end_of_the_iron_dream import setup_data
from pbem.kit import numbers

GAME = "end-of-the-iron-dream"


@pytest.fixture(scope="module")
def data():
    return load_game_data(GAME)


@pytest.fixture(scope="module")
def iron():
    return load_scenario(GAME, "iron-dream")[0]


@pytest.fixture(scope="module")
def lhj():
    return load_scenario(GAME, "let-history-judge")[0]


def step(scenario: dict, step_id: str) -> dict:
    return next(s for s in scenario["setup"]["steps"] if s["id"] == step_id)


def units_of(data, scenario, step_id):
    s = step(scenario, step_id)
    return [u for p in s.get("placements", []) for u in setup_data.placement_units(data, s["by"], p)]


def test_scenario_files_load_with_pbem_rules(iron, lhj):
    """docs/data-format.md: no dots in keys; the bounded loader reads both files."""
    for doc in (iron, lhj):
        _check_keys(doc, doc["scenario"])
        assert doc["game"] == GAME
    assert unwrap(iron["last_turn"]) == 23                          # 26.1 A: end of Turn 23
    assert unwrap(lhj["last_turn"]) == 14                           # 27.2: a 14 turn scenario
    assert unwrap(iron["seats"]["allowed"]) == [2, 3, 4]            # 1.0 B-D
    assert unwrap(iron["seats"]["default"]) == 3                    # 1.0 G
    assert unwrap(lhj["seats"]["allowed"]) == [2]                   # 1.0 H: strictly two-player
    assert unwrap(lhj["player_turn_order"]) == ["western", "soviet"]   # 27.2: NATO first every turn


def test_set_up_is_consistent(data, iron, lhj):
    """3.0 / 27.3-27.4: every placed unit is a counter of its placing army, placed once, and in
    the scenario."""
    assert setup_data.setup_problems(data, iron) == []
    assert setup_data.setup_problems(data, lhj) == []


def test_setup_problems_catch_errors(data, iron):
    """The check can fail: a unit placed by the wrong army, twice, or one not in the scenario."""
    import copy
    bad = copy.deepcopy(iron)
    step(bad, "3.2")["placements"][0]["units"].append("de-inf-1")        # an Axis unit placed by the Soviets (and twice)
    step(bad, "3.11")["placements"][-1]["units"].append("wa-mech-23")    # 3.11 G: not in Iron Dream
    messages = [p.message for p in setup_data.setup_problems(data, bad)]
    assert "set-up 3.2: de-inf-1 belongs to axis, not soviet" in messages
    assert "set-up 3.4: de-inf-1 is already placed in 3.2 (3.4)" in messages
    assert "set-up 3.11: wa-mech-23 is not in this scenario" in messages


def test_3_1_axis_initial_setup(data, iron):
    s = step(iron, "3.1")
    by_where = {tuple(p["units"]): p["where"] for p in s["placements"]}
    assert by_where[("ro-inf-R1", "de-inf-34", "de-inf-54")] == {"box": "destroyed_units"}     # 3.1 A
    assert by_where[("bg-mtn-BUL",)]["hex"] == "C28"                                           # 3.1 B Sofia
    assert by_where[("de-inf-68", "de-inf-91")] == {"box": "german_forces_greece"}             # 3.1 D
    marks = {p["units"][0]: p["where"]["map_marking"] for p in s["placements"] if "map_marking" in p["where"]}
    assert marks == {"ro-inf-R3": "R3", "ro-inf-R4": "R4", "hu-inf-H1": "H1", "hu-inf-H2": "H2", "hu-inf-H3": "H3"}   # 3.1 C
    # 2.1 D: the 34th and R1 carry dots (the Destroyed-Unit Holding Box)
    assert data.get("units.counters.de-inf-34")["code"] == "dot"
    assert data.get("units.counters.ro-inf-R1")["code"] == "dot"


def test_3_2_and_3_3_yugoslavia(data, iron):
    """3.2: three partisan armies, one per hex. 3.3: the five Y corps (15, 21, 22 Mtn, 5SS Mtn,
    69 inf) on or north of row F, one in Belgrade (F23) with an SU."""
    assert units_of(data, iron, "3.2") == ["yu-mtn-1Y", "yu-mtn-2Y", "yu-mtn-3Y"]
    assert step(iron, "3.2")["placements"][0]["one_per_hex"] is True
    garrison = step(iron, "3.3")["placements"]
    assert garrison[0]["units"] == ["de-mtn-15", "de-mtn-21", "de-mtn-22", "de-mtn-5SS", "de-inf-69"]
    assert garrison[0]["at_least_one_in"] == "F23"
    assert garrison[0]["where"]["rows_on_or_north_of"] == "F"
    assert garrison[1] == {"supply_units": 1, "where": {"hex": "F23", "place": "belgrade"}, "rule": "3.3"}
    assert data.get("map.hexes.F23.name") == "Belgrade"
    # 2.1 A: the 5SS Mtn corps carries a Y, not an 8
    assert data.get("units.counters.de-mtn-5SS")["code"] == "Y"
    assert data.get("units.counter_errata.A")["applies_to"] == "de-mtn-5SS"


def test_3_4_russian_front(data, iron):
    """3.4 A: 32 infantry (all 6-7-5/3-4-5 except 44J 7-8-5/3-4-5), 10 Wehrmacht and 2 SS panzer."""
    units = units_of(data, iron, "3.4")
    counters = setup_data.counters(data)
    infantry = [u for u in units if counters[u]["type"] in ("infantry", "mountain")]
    panzer = [u for u in units if counters[u]["type"] == "panzer"]
    ss_panzer = [u for u in panzer if counters[u].get("service") == "waffen_ss"]
    assert (len(infantry), len(panzer) - len(ss_panzer), len(ss_panzer)) == (32, 10, 2)
    assert unwrap(step(iron, "3.4")["placements"][0]["counts"]) == {"infantry": 32, "wehrmacht_panzer": 10, "ss_panzer": 2}
    assert ss_panzer == ["de-pz-2SS", "de-pz-3SS"]
    for u in infantry:
        c = counters[u]
        printed = (c["attack"], c["defense"], c["movement"], c["reduced"]["attack"], c["reduced"]["defense"], c["reduced"]["movement"])
        assert printed == ((7, 8, 5, 3, 4, 5) if u == "de-inf-44J" else (6, 7, 5, 3, 4, 5)), u
    su = step(iron, "3.4")["placements"][1]
    assert (su["supply_units"], su["where"]["within_hexes"], su["where"]["hexes_at_most"]) == (2, 4, 2)   # 3.4 E


def test_3_5_soviet_flip_choice(data, iron):
    """3.5: the Soviets (the Alliance in a two-player match) flip 22 German infantry corps
    (including Jaeger and mountain) and five Wehrmacht (not SS) Panzer corps."""
    s = step(iron, "3.5")
    assert (s["by"], s["by_in_two_player"]) == ("soviet", "alliance")
    choice = s["choice"]
    assert choice["kind"] == "flip_to_reduced" and choice["may_examine_axis_stacks"] is True
    assert choice["infantry"]["count"] + choice["wehrmacht_panzer"]["count"] == 27
    assert {"de-inf-44J", "de-mtn-49"} <= set(choice["infantry"]["includes"])
    assert choice["wehrmacht_panzer"]["excludes"] == ["de-pz-2SS", "de-pz-3SS"]


def test_3_6_to_3_8_italy_and_the_west(data, iron):
    """3.6: seven Italian units (73, 75, 87 N; 1 Para, 51 Mtn, 14 Pz, 76 Pz I); 3.7: seven
    southern France units, six infantry one per hex, R corps reduced; 3.8: eleven B units and the
    65 Z.B.V. on a hex marked 65."""
    assert len(units_of(data, iron, "3.6")) == 7
    assert step(iron, "3.6")["placements"][0]["units"] == ["de-inf-73", "de-inf-75", "de-inf-87"]
    assert step(iron, "3.6")["placements"][1]["units"] == ["de-para-1", "de-mtn-51", "de-pz-14", "de-pz-76"]
    south = step(iron, "3.7")
    assert len(units_of(data, iron, "3.7")) == 7
    assert len(south["placements"][0]["units"]) == 6 and south["placements"][0]["one_per_hex"] is True
    assert unwrap(south["reduced"]) == ["de-inf-62R", "de-inf-64R", "de-inf-66R"]                # 3.7 D
    assert data.get("units.counters.de-inf-62R")["reduced"] == {"attack": 1, "defense": 1, "movement": 4}   # 28.2 1-1-4
    assert data.get("units.counters.de-pz-58")["code"] == "F"                                  # 2.1 B
    west = step(iron, "3.8")["placements"]
    assert unwrap(west[0]["count"]) == len(west[0]["units"]) == 11
    bordeaux_loire = unwrap(west[0]["at_least_one_in_any_of"])
    assert bordeaux_loire == ["P1", "Q2", "R2", "S3"]
    for hex_id in bordeaux_loire:
        assert data.get(f"map.hexes.{hex_id}.coastal_between_bordeaux_and_loire") is True
    hook = unwrap(west[0]["at_least_one_in_hook_of_holland"])                                  # 3.8 D
    assert hook == ["X13", "Y13", "Y14", "Z13", "Z14"]
    for hex_id in hook:
        assert data.get(f"map.hexes.{hex_id}.hook_of_holland") is True
    assert west[1]["where"]["hexes"] == ["V7", "V8", "W9", "X9"]                                # 3.8 C
    for hex_id in west[1]["where"]["hexes"]:
        assert data.get(f"map.hexes.{hex_id}.marked_65") is True
    sus = {p["where"].get("place"): p["supply_units"] for p in west if "supply_units" in p}
    assert sus == {None: 2, "berlin": 1, "ruhr": 1, "breslau": 1}                               # 3.8 E
    names = {p["where"]["hex"]: p["where"]["place"] for p in west if "hex" in p["where"]}
    assert {h: data.get(f"map.hexes.{h}.name") for h in names} == {"T21": "Berlin", "U16": "the Ruhr", "R23": "Breslau"}


def test_setup_codes_match_the_step(data, iron):
    """2.14, 3.0: a unit whose upper-left code is a set-up letter is placed by the step for it."""
    step_of_code = {"Y": "3.3", "N": "3.6", "I": "3.6", "F": "3.7", "B": "3.8", "G": "3.1", "dot": "3.1"}
    placed = setup_data.placed_units(data, iron)
    for unit, counter in setup_data.counters(data).items():
        code = counter.get("code")
        if code in step_of_code and counter["side"] == "axis":
            assert placed[unit] == step_of_code[code], unit
        if code == "I" and counter["side"] == "western":
            assert placed[unit] == "3.11", unit                                                # 3.11 C


def test_supply_units_at_start(data, iron):
    """3.3 C 1 + 3.4 E 2 + 3.6 D 1 + 3.7 D 1 + 3.8 E 5 = the ten German SUs of 28.2; 3.11 A-C
    5 + 1 + 2 = the eight WA SUs of 28.3; 3.10 B: Soviet SUs off to the side."""
    totals = {"axis": 0, "western": 0, "soviet": 0}
    for _step, army, placement, _units in setup_data.placements(data, iron):
        totals[army] += placement.get("supply_units", 0)
    assert totals == {"axis": 10, "western": 8, "soviet": 0}
    assert totals["axis"] == numbers.integer(data, "units.roster.german_sus", "28.2")
    assert totals["western"] == numbers.integer(data, "units.roster.western_sus", "28.3")
    assert {k: unwrap(v) for k, v in iron["supply_units_at_start"].items() if k != "rule"} == totals
    ports = sum(p.get("invasion_ports", 0) for _s, _a, p, _u in setup_data.placements(data, iron))
    assert ports == numbers.integer(data, "units.roster.invasion_ports", "28.3") == 3          # 3.11 A-B


def test_3_10_soviet_front(data, iron):
    """3.10 A: all Soviet armies except the five reinforcements (19, 21 Inf, 9 Mech, P2, Yugoslav 4)."""
    front = units_of(data, iron, "3.10")
    soviet = [u for u, c in setup_data.counters(data).items() if c["side"] == "soviet" and c["type"] != "supply_unit"]   # 3.10 B: SUs aside
    reinforcements = unwrap(step(iron, "3.10")["reinforcements"])
    assert len(reinforcements) == 5
    yugoslav_at_start = units_of(data, iron, "3.2")
    assert sorted(front + reinforcements + yugoslav_at_start) == sorted(soviet)
    assert "pl-inf-P1" in front and "su-shock-2" in front and "su-cav-PL" in front


def test_3_11_western_allies(data, iron):
    """3.11 C: four CW and four US corps in Italy; E: six CW and seven US corps in the ETO box;
    D: F1, F2 in the MTO dead pile; G: US 23, 36 and Vlasov only in Let History Judge."""
    places = {tuple(p.get("units", [])): p["where"] for p in step(iron, "3.11")["placements"]}
    italy = next(u for u, w in places.items() if w.get("map_marking") == "white_star")
    assert len(italy) == 8
    eto_units = next(u for u, w in places.items() if w == {"box": "eto"} and u)
    assert len([u for u in eto_units if u.startswith("wa-x-")]) == 6 and len([u for u in eto_units if u.startswith("wa-mech-")]) == 7
    assert places[("wa-mech-F1", "wa-mech-F2")] == {"box": "mto_dead_pile"}
    placed = setup_data.placed_units(data, iron)
    assert not {"wa-mech-23", "wa-mech-36", "wa-inf-VLAS"} & set(placed)
    # 2.1 F: B13 and P2 carry an I; 2.1 G: the "61st" is the CI corps
    assert data.get("units.counters.wa-x-B13")["code"] == data.get("units.counters.wa-x-P2")["code"] == "I"
    assert data.get("units.counters.wa-x-CI")["printed"] == "61"


def test_counter_errata_name_real_counters(data):
    """2.1 A-H: each correction names a counter of units.yaml (C says there is no 59th Panzer)."""
    errata = data.get("units.counter_errata")
    counters = setup_data.counters(data)
    assert sorted(k for k in errata if k != "rule") == list("ABCDEFGH")
    for letter, entry in errata.items():
        if letter == "rule":
            continue
        targets = entry["applies_to"] if isinstance(entry["applies_to"], list) else [entry["applies_to"]]
        for unit in targets:
            assert (unit in counters) is (letter != "C"), (letter, unit)
    for n in range(1, 7):                                                                       # 2.1 H
        assert counters[f"de-flak-{n}"]["attack"] == "S"


def test_2_4_classes_and_7_12_steps(data):
    """2.4.1: mechanized classes; 7.12: printed AF of five or less is one step."""
    mech = numbers.texts(data, "units.classes.mechanized", "2.4.1")
    assert set(mech) == {"armor", "tank", "mechanized", "panzer", "cavalry_mechanized", "flak", "mechanized_infantry"}
    assert "mountain" in numbers.texts(data, "units.classes.non_mechanized", "2.4.2")
    for unit, c in setup_data.counters(data).items():
        if isinstance(c["attack"], int):
            assert (c["reduced"] == "none") is (c["attack"] <= 5 and not c.get("reserve")), unit


def test_28_roster(data):
    """28.1: H1-H3 4-5-4, R1/R3/R4 3-4-4, BUL 3-4-4; 28.4: 36 listed 7-8-5 infantry ids (35
    printed), 12 Guards mech, 6 tank, 5 shock; 28.3: 17 US mech 10-9-7/5-4-7."""
    counters = setup_data.counters(data)

    def count(prefix: str) -> int:
        return len([u for u in counters if u.startswith(prefix)])
    assert (count("su-inf-"), count("su-mech-"), count("su-tank-"), count("su-shock-"), count("su-cav-")) == (36, 12, 6, 5, 5)
    assert numbers.integer(data, "units.roster.soviet_infantry_quantity_as_printed", "28.4") == 35
    assert count("wa-mech-") == 17 + 2                                                          # 17 US + F1, F2
    assert counters["su-shock-1"]["attack"] == 12 and counters["su-shock-1"]["reduced"]["attack"] == 6
    assert [counters[u]["attack"] for u in ("hu-inf-H1", "ro-inf-R3", "bg-mtn-BUL")] == [4, 3, 3]


def test_4_1_hex_control(iron):
    control = iron["control"]
    assert control["priorities"] == ["occupies", "uncontested_zoc", "last_occupied_or_uncontested_zoc", "controlled_at_start"]
    assert control["at_start"]["default"] == "axis"                                             # 4.1 D
    assert control["at_start"]["western"]["value"] == "only the four white star hexes in southern Italy"   # 4.1 F
    assert control["at_start"]["western"]["count"] == 4


def test_unknown_hexes_refuse_naming_their_path(data, iron, lhj):
    """Hexes named only by a map marking are `unknown`: reading one refuses naming the path."""
    paths = set()
    for scenario in (iron, lhj):
        for _s, _a, placement, _u in setup_data.placements(data, scenario):
            where = placement["where"]
            paths |= {where["hexes_path"]} if "hexes_path" in where else set(where.get("hexes_paths", []))
    assert "map.setup_areas.swastika_east_front" in paths and "map.setup_areas.marks.R3" in paths
    for path in sorted(paths):
        assert data.has(path), path
        with pytest.raises(UnknownDataError) as err:
            numbers.texts(data, path, "set-up hexes")
        assert f"`{path}`" in str(err.value)


def test_27_3_soviet_setup(data, lhj):
    """27.3: no Polish, Romanian or Bulgarian armies; four Yugoslav armies (not Trieste); 7+2+3+1
    depleted; 6x7-8-5, 1x8-9-6, 1x9-9-6 within 1 of Königsburg; 5x7-8-5, 1x8-9-6 within 2 of Riga;
    all eight SUs on board."""
    units = units_of(data, lhj, "27.3")
    assert not [u for u in units if u.startswith(("pl-", "ro-", "bg-"))]
    assert [u for u in units if u.startswith("yu-")] == ["yu-mtn-1Y", "yu-mtn-2Y", "yu-mtn-3Y", "yu-mtn-4Y"]
    s = step(lhj, "27.3")
    assert unwrap(s["choice"]["counts"]) == {"7-8-5": 7, "9-9-6": 2, "8-9-6": 3, "12-9-5": 1}
    assert s["deployment"]["requirements"] == [
        {"within_hexes": 1, "of_place": "koenigsburg", "units": {"7-8-5": 6, "8-9-6": 1, "9-9-6": 1}},
        {"within_hexes": 2, "of_place": "riga", "units": {"7-8-5": 5, "8-9-6": 1}}]
    assert sum(p.get("supply_units", 0) for p in s["placements"]) == 8


def test_27_4_nato_setup(data, lhj):
    """27.4: FX out of play; Vlasov in Prague; 23rd and 36th in a theater box with three
    invasion-ports; one CW I corps in Trieste; eight SUs."""
    units = units_of(data, lhj, "27.4")
    assert "wa-mtn-FX" not in units and "wa-inf-VLAS" in units and {"wa-mech-23", "wa-mech-36"} <= set(units)
    placements = step(lhj, "27.4")["placements"]
    vlasov = next(p for p in placements if p.get("units") == ["wa-inf-VLAS"])
    assert vlasov["where"]["place"] == "prague"
    trieste = next(p for p in placements if "one_of" in p)
    assert trieste["one_of"] == ["wa-x-B5", "wa-x-B10", "wa-x-B13", "wa-x-P2"]
    assert sum(p.get("supply_units", 0) for p in placements) == 8
    assert sum(p.get("invasion_ports", 0) for p in placements) == 3
    western = [u for u, c in setup_data.counters(data).items() if c["side"] == "western" and u != "wa-mtn-FX"]
    assert sorted(units) == sorted(western)                                                     # 27.4 A: all forces
    assert lhj["victory"]["nato_wins_with_at_least"] == 84 and len(lhj["victory"]["cities"]) == 12   # 27.10 B, E


# -- data fixes of issue 14 (each checked against the rule it cites) ---------------------------

def test_bagration_sus_are_on_turn_2(data):
    """15.23.3 B: "two SUs per turn (three on the first turn of Operation Bagration)"; 6.7 A: "on
    Turn 2 they receive three attack SUs instead of two" — the first Bagration turn is Turn 2."""
    assert not data.has("special.operation_bagration.sus_first_turn")
    assert numbers.integer(data, "special.operation_bagration.first_bagration_turn", "6.7") == 2
    assert numbers.integer(data, "special.operation_bagration.sus_first_bagration_turn", "15.23.3") == 3
    assert numbers.integer(data, "special.operation_bagration.soviet_sus_per_turn", "15.23.3") == 2
    assert data.provenance("special.operation_bagration.first_bagration_turn") == "rule 6.7"


def test_no_turn_record_track(data):
    """2.14: the turn of arrival is printed on the counters; the text has no turn record track."""
    printed_on = data.get("game.turns.iron_dream")["printed_on"]
    assert "turn record track" not in printed_on and "2.14" in printed_on


def test_crt_names_only_clear_and_berlin_lines(data):
    """18.12 names the clear line, 25.1 Berlin's; no other line is assumed, and which line a
    terrain uses is asked once (terrain.hexes.KIND.crt_line)."""
    lines = {k for k in data.get("crt.terrain_lines") if k not in ("open", "rule")}
    assert lines == {"clear", "berlin"}
    unknown = [path for path, _printed in data.unknown_paths()]
    assert "terrain.hexes.rough.crt_line" in unknown
    assert not [p for p in unknown if p.startswith("crt.terrain_lines.rough")]


def test_cavalry_mechanized_advance_is_marsh_as_rough_only(data):
    """21.3 B: for movement, rough as clear and marsh as rough; 21.3 C: advance into and through
    marsh as though rough (the text gives no rough-as-clear for advance)."""
    cmg = data.get("special.special_units.cavalry_mechanized_groups")
    assert unwrap(cmg["movement"]) == "rough as clear, marsh as rough"
    assert "rough as clear" not in unwrap(cmg["advance_after_combat"])
    assert "marsh" in unwrap(cmg["advance_after_combat"])


def test_5_1_column_cites_18_9(data):
    """18.9 A example: "A 5-1 assault against a defender in clear terrain" (not 14.21)."""
    assert data.provenance("crt.terrain_lines.clear.columns_in_examples.5-1") == "rule 18.9"
    assert data.provenance("crt.terrain_lines.clear.columns_in_examples.4-1") == "rule 14.21"
    assert data.provenance("crt.cells.clear.5-1.6") == "rule 18.9"


def test_ploesti_and_nagykanizsa_hexes_asked_once(data):
    """16.1: the oil-field hexes are asked at one path each (map.places.X.hex)."""
    unknown = [path for path, _printed in data.unknown_paths()]
    for place in ("ploesti", "nagykanizsa"):
        assert [p for p in unknown if place in p and p.endswith("hex")] == [f"map.places.{place}.hex"]
        assert data.get(f"economy.economic_hexes.secondary.{place}.hex_path") == f"map.places.{place}.hex"
