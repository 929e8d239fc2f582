"""Rules data of Stargard Solstice, Dark December and End of the Iron Dream.

Rule numbers cite /work/shared/rulebooks/<game>.txt. The data must load with pbem's strict
loader, follow docs/data-format.md (every `unknown` has a `printed_on` in scope, no floats, no
dotted keys, hex ids are strings), and where the data encodes a hex-grid offset, the rulebook's
own adjacency examples must hold through pbem.hexgrid.
"""

from pathlib import Path

import pytest
import yaml

from pbem.datatools import grouped_unknowns
from pbem.errors import PbemError
from pbem.gamedata import META_KEYS, UNKNOWN, apply_readings, is_wrapped, load_game_data
from pbem.hexgrid import GridSpec

GAMES = ("stargard-solstice", "dark-december", "end-of-the-iron-dream")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return request.param, load_game_data(request.param)


def _grid_dict(data) -> dict:
    hg = data.tree["game"]["hex_grid"]
    return {k: hg[k] for k in ("numbering", "offset", "maps") if k in hg}


def _walk(node, path="", printed_on=None):
    """Yield (path, value, printed_on in scope) for every leaf, and (path, key) problems."""
    if isinstance(node, dict):
        printed_on = node.get("printed_on", printed_on)
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}", printed_on)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{path}/{index}", printed_on)
    else:
        yield path, node, printed_on


def _keys(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            yield f"{path}/{key}", key
            yield from _keys(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _keys(value, f"{path}/{index}")


# -- loading and conventions (docs/data-format.md) ------------------------------------------

def test_loads_with_strict_loader(game):
    name, data = game
    assert data.game == name
    assert data.tree["game"]["game"] == name
    assert data.tree["game"]["rulebook"] == f"{name}.txt"
    assert (Path("/work/shared/rulebooks") / f"{name}.txt").is_file()
    assert {"game", "crt", "terrain"} <= set(data.tree)


def test_expected_files():
    assert set(load_game_data("stargard-solstice").tree) == {
        "command", "crt", "events", "game", "map", "module", "optional", "reinforcements", "special",
        "readings", "supply", "terrain", "units", "victory"}
    assert set(load_game_data("dark-december").tree) == {
        "crt", "game", "map", "readings", "special", "supply", "terrain", "units", "variants", "weather"}
    assert set(load_game_data("end-of-the-iron-dream").tree) == {
        "assaults", "crt", "economy", "game", "invasions", "map", "positions", "reinforcements", "special",
        "stacking", "supply", "terrain", "units", "victory"}


def test_every_unknown_has_printed_on(game):
    name, data = game
    missing = [p for p, v, printed in _walk(data.tree) if v == UNKNOWN and not printed]
    assert missing == []
    # and pbem's own report agrees: every unknown names where it is printed
    assert all(where != "the printed game" for _path, where in data.unknown_paths())
    assert len(data.unknown_paths()) > 0


def test_no_floats_and_plain_scalars(game):
    _name, data = game
    bad = [p for p, v, _ in _walk(data.tree) if not (v is None or isinstance(v, (str, int, bool)))]
    assert bad == []
    floats = [p for p, v, _ in _walk(data.tree) if isinstance(v, float)]
    assert floats == []


def test_no_dotted_or_non_string_keys(game):
    _name, data = game
    bad = [p for p, k in _keys(data.tree) if not isinstance(k, str) or "." in k]
    assert bad == []


def test_rule_values_are_strings(game):
    _name, data = game
    bad = [p for p, v, _ in _walk(data.tree) if p.endswith("/rule") and not isinstance(v, str)]
    assert bad == []


def test_raw_files_have_no_float_literals():
    # The loader refuses floats; check the raw text too, so a hex id like 12.07 is never bare.
    for name in GAMES:
        for path in sorted((ROOT / "rules" / name).glob("*.yaml")):
            text = path.read_text(encoding="utf-8")
            # yaml.safe_load's resolvers and constructors, on libyaml's parser where PyYAML has it
            doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            assert not any(isinstance(v, float) for _p, v, _ in _walk(doc)), path.name


def test_unknown_grid_offsets_say_where_printed():
    for name in ("stargard-solstice", "dark-december"):
        hg = load_game_data(name).tree["game"]["hex_grid"]
        assert hg["offset"] == UNKNOWN
        assert hg["printed_on"] == "the map"
        with pytest.raises(ValueError, match="offset is 'unknown'"):
            GridSpec.from_dict(_grid_dict(load_game_data(name)))


def test_numbering_values():
    def numbering(name):
        v = load_game_data(name).tree["game"]["hex_grid"]["numbering"]
        return v["value"] if is_wrapped(v) else v

    assert numbering("stargard-solstice") == "xxyy"          # 1.2.9 "44.30", written 4430 (one spelling)
    assert numbering("dark-december") == "xxyy"
    assert numbering("end-of-the-iron-dream") == "letter-number"


# -- hex ids in the data parse under the game's numbering ------------------------------------

def _parser(numbering):
    # GridSpec.parse does not depend on the offset; any offset kind serves to parse ids.
    return GridSpec(numbering, "even-rows-right")


def test_stargard_ids_parse():
    # The rulebook prints "44.30"; pbem's one spelling is "4430" (a data path cannot hold the dot).
    p = _parser("xxyy")
    assert p.parse("4430") == (44, 30)        # 1.2.9 / 11.2.4 Kolberg supply source
    assert p.parse("4815") == (48, 15)        # 11.2.2 Polish supply source
    assert p.parse("0318") == (3, 18)         # 14.2.2 Stettin victory hex
    with pytest.raises(ValueError, match=r"bad hex id '44\.30': expected 4 digits CCRR"):
        p.parse("44.30")                      # the printed spelling is refused, naming the right one
    data = load_game_data("stargard-solstice")
    hexes = data.tree["map"]["map"]["hexes"]
    ids = [k for k in hexes if k not in META_KEYS]
    assert len(ids) == 27
    assert all(isinstance(p.parse(h), tuple) for h in ids)
    assert data.tree["game"]["hex_grid"]["transit_hexes"]["hexes"] == [
        "0212", "0314", "0416", "0417", "0516", "0517"]   # 5.2.5
    vp = data.tree["victory"]["victory"]["vp_hexes"]["hexes"]
    assert [(k, v["name"], p.parse(v["hex"])) for k, v in vp.items()][:2] == [
        ("greifenhagen", "Greifenhagen", (3, 11)), ("bahn", "Bahn", (7, 5))]
    assert data.get("victory.vp_hexes.hexes.arnswalde.vp") == {"before": 5, "after": 1}   # 14.3.1
    assert {v["hex"] for v in vp.values()} <= set(ids)    # every VP hex is a listed map hex


def test_stargard_override_hex_spelling(tmp_path):
    # One spelling: `map.hexes.0311` fills the listed Greifenhagen hex (14.3.1); the printed
    # spelling `map.hexes.03.11` names no place and is refused.
    def override(values):
        path = tmp_path / "o.yaml"
        path.write_text(yaml.safe_dump({"pbem": "data-override", "game": "stargard-solstice", "values": values}))
        return load_game_data("stargard-solstice", path)

    data = override({"map.hexes.0311.terrain": "clear"})
    assert data.get("map.hexes.0311.terrain") == "clear"
    assert data.get("map.hexes.0311.name") == "Greifenhagen"
    with pytest.raises(PbemError, match=r"override path 'map\.map\.hexes\.03\.11\.terrain' does not name a place"):
        override({"map.hexes.03.11.terrain": "clear"})
    # a VP value is addressed by its town's name, not by its place in a list
    data = override({"victory.vp_hexes.hexes.greifenhagen.vp": {"before": 1, "after": 1}})
    assert data.get("victory.vp_hexes.hexes.greifenhagen.vp") == {"before": 1, "after": 1}
    with pytest.raises(PbemError, match="does not name a place"):
        override({"victory.vp_hexes.hexes.0.vp": 1})


def test_stargard_asked_once():
    # chits per turn (1.2.2) and supply source hexes (1.2.9) are asked in one place each
    unknown = [p for p, _ in load_game_data("stargard-solstice").unknown_paths()]
    chits = [p for p in unknown if "per_turn_limit" in p or "chits_per" in p]
    assert chits == [f"command.per_turn_limit.by_turn.{t}.{side}" for t in range(1, 11)
                     for side in ("german", "soviet") if (t, side) != (1, "soviet")]
    assert [p for p in unknown if "source" in p] == ["supply.sources.source_hexes.german",
                                                      "supply.sources.source_hexes.soviet"]
    assert load_game_data("stargard-solstice").get("command.per_turn_limit.by_turn.1.soviet") == 1   # 12.1 "1*"


def test_stargard_unknowns_by_group():
    # what `pbem data missing` lists for Stargard Solstice, by group (pbem/datatools.py)
    data = load_game_data("stargard-solstice")
    groups = {name: len(paths) for name, paths in grouped_unknowns(data).items()}
    assert groups == {"Unit counters: factors, steps, set-up": 917,   # 137 set-up + 56 reinforcement + 234/80 counters
                      "Map: terrain per hex and hexsides": 28,         # the terrain of the 27 hexes the text names;
                      # whether the rail lines are listed (map.rail_lines.listed, 5.5)
                      "Terrain effects chart": 14, "Combat rules: shifts and other values": 6,    # with the rail cost and
                      # the Roll-Bahn's strategic cost (5.5, 5.4)
                      "Other rules data": 83}     # 74, module.landsberg.exit_hexes (14.2.1), the Soviet
    # replacement points asked per turn 4-8 (game.replacements.soviet.per_turn.TURN, 7.3) instead of once,
    # and the units of 19.1.5 (module.corps_tettau.hq, .units_at_h, .units_at_i; the cavalry's units)
    assert len(data.unknown_paths()) == 1048


def test_stargard_readings_a_group_may_choose():
    # errata SS7 (14.1 vs 16.4) and SS8 (7.3.1): the data holds the default reading; a group's
    # choice sets the values its readings.yaml entry lists
    data = load_game_data("stargard-solstice")
    assert data.get("victory.score.optional_16_4_vps_go_to") == "soviet"
    assert data.get("game.replacements.soviet.mechanized_steps_per_turn_counted") == "per_unit"
    apply_readings(data, {"SS7": "german", "SS8": "in-total"})
    assert data.get("victory.score.optional_16_4_vps_go_to") == "german"
    assert data.get("game.replacements.soviet.mechanized_steps_per_turn_counted") == "in_total"
    assert data.provenance("game.replacements.soviet.mechanized_steps_per_turn_counted") == \
        "reading SS8=in-total (docs/errata.md)"
    with pytest.raises(PbemError, match="errata.SS8 must be one of in-total, per-unit"):
        apply_readings(load_game_data("stargard-solstice"), {"SS8": "per-turn"})


def test_dark_december_ids_parse():
    p = _parser("xxyy")
    assert p.parse("2516") == (25, 16)        # 4.1.2 La Roche
    assert p.parse("4703") == (47, 3)         # 26.4 Wahlerscheid crossroads
    hexes = load_game_data("dark-december").tree["map"]["hexes"]
    ids = [k for k in hexes if k not in META_KEYS]
    assert sorted(ids) == ["1010", "2111", "2112", "2333", "2516", "2920", "3013", "3022",
                           "3213", "3333", "4006", "4401", "4703", "5001"]
    assert all(p.parse(h) for h in ids)


def test_iron_dream_ids_parse():
    p = _parser("letter-number")
    assert p.parse("R17") == (17, 18)         # 15.21.1: row R = 18, column 17
    assert p.parse("C28") == (28, 3)          # 3.1 Sofia
    assert p.parse("Z14") == (14, 26)         # 26.6.5 Hook of Holland
    hexes = load_game_data("end-of-the-iron-dream").tree["map"]["hexes"]
    ids = [k for k in hexes if k not in META_KEYS]
    assert sorted(ids) == ["C28", "F12", "F23", "G16", "H15", "J14", "N2", "P1", "Q2", "R2", "R23",
                           "S3", "T2", "T21", "U16", "V12", "V6", "V7", "V8", "W13", "W9", "X11",
                           "X12", "X13", "X9", "Y13", "Y14", "Y19", "Z13", "Z14"]
    assert p.parse("T21") == (21, 20)         # 15.12 Berlin
    assert all(p.parse(h) for h in ids)


# -- End of the Iron Dream: the grid (even-rows-right, row A = 1) -----------------------------

@pytest.fixture(scope="module")
def eotid():
    data = load_game_data("end-of-the-iron-dream")
    return GridSpec.from_dict(_grid_dict(data))


def test_eotid_grid_spec(eotid):
    assert eotid.numbering == "letter-number"
    assert eotid.offset == "even-rows-right"
    assert eotid.flat_top is False


def test_eotid_ring_around_r17(eotid):
    # 15.21.1: "create EGS in R17 and one other hex adjacent to R17 (R16, R18, S17, S18, Q17, or Q18)"
    assert sorted(eotid.neighbours("R17")) == ["Q17", "Q18", "R16", "R18", "S17", "S18"]
    assert eotid.neighbours("R17") == ["Q18", "R18", "S18", "S17", "R16", "Q17"]   # NE E SE SW W NW


def test_eotid_mutually_adjacent_pairs_around_r17(eotid):
    # 15.21.1: "Such hex pairs could be R16/S17, S17/S18, S18/R18, R18/Q18, Q18/Q17, or Q17/R16."
    pairs = [("R16", "S17"), ("S17", "S18"), ("S18", "R18"), ("R18", "Q18"), ("Q18", "Q17"), ("Q17", "R16")]
    for a, b in pairs:
        assert eotid.adjacent(a, b) is True
        assert eotid.adjacent("R17", a) and eotid.adjacent("R17", b)
    ring = eotid.neighbours("R17")
    all_adjacent_pairs = {frozenset((a, b)) for a in ring for b in ring if a < b and eotid.adjacent(a, b)}
    assert all_adjacent_pairs == {frozenset(p) for p in pairs}
    # the supply data lists the same pairs
    egs = load_game_data("end-of-the-iron-dream").tree["supply"]["supply"]["egs"]["example"]
    assert [tuple(p) for p in egs["pairs"]] == pairs


def test_eotid_concentric_examples(eotid):
    # 18.23: "Defender is in hex T24 and the attacker is in T23 and T25, the assault is
    # concentric. Defender is in T24 and the attacker is in T23, S25, and U25, the attack is
    # concentric." Concentric = attackers in or adjacent to all the hexes around the defender.
    ring = eotid.neighbours("T24")
    assert sorted(ring) == ["S24", "S25", "T23", "T25", "U24", "U25"]
    for attackers in (["T23", "T25"], ["T23", "S25", "U25"]):
        assert all(eotid.adjacent("T24", a) for a in attackers)
        assert all(any(h == a or eotid.adjacent(h, a) for a in attackers) for h in ring)


def test_eotid_three_hexes_meet(eotid):
    # 2.12 errata: "the point where hexes G31, G32 and F31 all meet ... where F32, F33 and G33 meet"
    for trio in (("G31", "G32", "F31"), ("F32", "F33", "G33")):
        a, b, c = trio
        assert eotid.adjacent(a, b) and eotid.adjacent(b, c) and eotid.adjacent(a, c)
    assert eotid.direction("F31", "G31") == 3     # G31 is SW of F31
    assert eotid.direction("F31", "G32") == 2     # G32 is SE of F31


def test_eotid_blocked_alpine_hexsides(eotid):
    # 2.12 A: "The following hex-pairs are blocked hexsides: L15/K15, L15/K16, L16/K16, K16/K17,
    # K17/J17, K18/J17, I18/J18."
    pairs = load_game_data("end-of-the-iron-dream").tree["terrain"]["terrain"]["hexsides"]["blocked"]["added_by_errata"]["value"]
    assert pairs == ["L15/K15", "L15/K16", "L16/K16", "K16/K17", "K17/J17", "K18/J17", "I18/J18"]
    for pair in pairs:
        a, b = pair.split("/")
        assert eotid.adjacent(a, b) is True


def test_eotid_mobile_assault_example(eotid):
    # 11.6: a WA stack on V4 assaults U4; German units in U5 "also exert a ZOC into the launch hex (V4)"
    assert eotid.adjacent("V4", "U4") is True
    assert "U5" in eotid.neighbours("V4")
    assert eotid.neighbours("V4") == ["U5", "V5", "W5", "W4", "V3", "U4"]


def test_eotid_egs_enemy_hexes_example(eotid):
    # 15.21.4: WA in V5, German units in V4, V6 and U5; two corps enter U6; "if they wanted to
    # push on to T6 ... In leaving U6 they would allow an unnegated German ZOC to be projected
    # into the hex".
    assert {"V4", "V6", "U5", "U6"} <= set(eotid.neighbours("V5"))
    assert eotid.adjacent("U6", "T6") is True
    assert {"U5", "V6"} <= set(eotid.neighbours("U6"))
    assert "V4" not in eotid.neighbours("U6")


def test_eotid_named_hexsides(eotid):
    # 10.9: "The blocked hexside between hexes Z14 and Z15"; 13.7: "the blocked hexside between
    # hexes X11 and X12"
    assert eotid.adjacent("Z14", "Z15") is True
    assert eotid.adjacent("X11", "X12") is True
    hs = load_game_data("end-of-the-iron-dream").tree["map"]["hexsides"]
    assert set(k for k in hs if k not in META_KEYS and "|" in k) == {"X11|X12", "Z14|Z15"}


def test_eotid_odd_rows_layout_fails_the_examples():
    # The alternative layout with row A = 1 contradicts 15.21.1 and 18.23.
    other = GridSpec.from_dict({"numbering": "letter-number", "offset": "odd-rows-right"})
    assert sorted(other.neighbours("R17")) == ["Q16", "Q17", "R16", "R18", "S16", "S17"]
    assert other.adjacent("T24", "S25") is False


# -- a few values with their rules --------------------------------------------------------------

def test_eotid_values():
    d = load_game_data("end-of-the-iron-dream")
    assert d.get("crt.cells.clear.5-1.6") == "1/2"                  # 18.9 example
    assert d.provenance("crt.cells.clear.5-1.6") == "rule 18.9"
    assert d.get("crt.terrain_lines.clear.highest_column") == "7-1"  # 18.12
    assert d.get("crt.shifts.mobile_assault") == -2                  # 11.8
    assert d.get("crt.shifts.concentric") == 2                       # 18.23
    assert d.get("game.turns.weather.iron_dream.foul_turns") == {"from": 10, "to": 19}   # 25.11
    assert d.get("invasions.invasions.second.earliest_turn_by_chit") == {"A": 3, "B": 5, "C": 7}  # 14.12
    assert d.get("economy.su_production.one_secondary_lost.sus_per_turn") == 2   # 16.3
    assert d.get("victory.let_history_judge.nato_wins_with") == 84   # 27.10


def test_stargard_values():
    d = load_game_data("stargard-solstice")
    assert d.get("game.stacking.combat_units") == 2                  # 6.0
    assert d.get("game.zones_of_control.movement_cost") == {"enter": 2, "leave": 2, "cumulative": True, "rule": "4.1"}
    assert d.get("crt.columns.highest") == "7-1+"                    # 1.1.3
    assert d.get("crt.shifts.air_full_attack") == 2                  # 13.1
    assert d.get("events.random_events.table.1.4-5.primary") == "German surprise"   # 19.0 table
    assert d.has("events.random_events.table.2.5") and not d.has("events.random_events.table.2.5-6")   # 19.0 breaks off
    assert d.get("crt.combat.air_support") == "see special.yaml air_units"   # 13.1
    assert d.get("game.replacements.soviet.mechanized_steps_per_turn") == 1   # 7.3.1
    assert d.provenance("command.hqs.known.soviet_reinforcements") == "rule 15.3"   # 1A, 3 Sh A, 1GT A
    assert d.provenance("special.air_units.known.soviet_reinforcement") == "rule 15.3"   # 9GA
    assert d.provenance("game.components.zhukov_marker") == "rule 12.6"
    assert d.provenance("game.components.stavka_marker") == "rule 16.1"
    assert d.provenance("map.entry_areas.letters_in_19_1_5") == "rule 19.1.5"   # H and I
    assert d.get("events.random_events.events.withdrawal_of_corps_tettau.die_per_unit") == {
        "1": "unit lost", "2-4": "enters at reduced strength", "5-6": "enters at full strength"}  # 19.1.5
    assert d.get("command.command.chits.special.german_11th_army.turns") == {"from": 2, "to": 3}  # 3.1.5
    levels = d.get("victory.victory.levels.table")
    assert levels[0] == {"level": "Triumphant Soviet Victory", "vp": {"min": 17}}   # 14.3


def test_dark_december_values():
    d = load_game_data("dark-december")
    assert d.get("game.stacking.limit") == 3                         # 11.0
    assert d.get("crt.crt.odds.highest") == "9:1"                    # 13.5
    assert d.get("crt.crt.dice") == "2d6"                            # 7.1.5.1
    assert d.get("terrain.terrain.hexes.town.defense_level") == 4    # 13.3.1 example
    assert d.get("terrain.terrain.hexes.dense_forest.movement_mp") == 4   # 10.4.4 example
    assert d.get("game.movement.strategic.road_cost_per_hex.allied_infantry") == "1/5"   # 10.4.2
    assert d.get("variants.variants.26_17.name") == "US 66th Division Is Committed"
    assert d.get("weather.weather.clear.allied_air.air_attack.drm.max_total") == 1   # 20.4.1
