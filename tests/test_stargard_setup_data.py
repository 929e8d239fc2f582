"""Stargard Solstice set-up data: the counters (rules/stargard-solstice/units.yaml), the 15.0
start state and the 15.1 / 15.2 set-up (scenarios/stargard-solstice/campaign.yaml), read through
pbem/games/stargard_solstice/setup_data.py. Counts are checked against the rulebook text itself."""

import copy
import re
from pathlib import Path

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import load_game_data, load_scenario, project_root
from pbem.games.stargard_solstice import setup_data as sd
from pbem.kit.orders import as_text
from pbem.yamlio import parse_yaml_text

RULEBOOK = Path("/work/shared/rulebooks/stargard-solstice.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def data():
    return load_game_data("stargard-solstice")


@pytest.fixture(scope="module")
def scenario():
    return load_scenario("stargard-solstice", "campaign")[0]


def printed_section(start: str, end: str) -> list[str]:
    """The set-up paragraphs of the text between two headings, one per line."""
    body = RULEBOOK[RULEBOOK.index(start) + len(start):RULEBOOK.index(end)]
    return [line for line in body.splitlines() if "(" in line]


def printed_names(lines: list[str]) -> list[str]:
    """Every unit name the printed lines list, by their commas (brackets dropped)."""
    names = []
    for line in lines:
        line = re.sub(r"\([^)]*\)", "", line.removeprefix("Polish units: "))
        names += [n.strip() for n in line.split(",") if n.strip()]
    return names


GERMAN_LINES = printed_section("\n15.1 Germans\n", "\nCorps Tettau: See Event 19.1.5")
SOVIET_LINES = printed_section("\n15.2 Soviets\n", "\n2nd Guards Cavalry Corps: See Event 19.1.5")


def side_of(data, ids):
    return [data.get(f"units.counters.{u}.side") for u in ids]


# -- counts against the text -----------------------------------------------------------------

def test_the_printed_paragraphs_are_kept_verbatim(scenario):
    # 15.1: five German paragraphs (one per corps HQ); 15.2: five Soviet ones (four HQs, the Poles)
    assert scenario["setup"]["german"]["as_printed"] == GERMAN_LINES
    assert scenario["setup"]["soviet"]["as_printed"] == SOVIET_LINES
    assert len(GERMAN_LINES) == 5 and len(SOVIET_LINES) == 5


def test_counts_per_side_match_the_text(data, scenario):
    german, soviet = printed_names(GERMAN_LINES), printed_names(SOVIET_LINES)
    assert (len(german), len(soviet)) == (93, 44)             # 137 placements: "about 135"
    fixed, groups = sd.fixed_placements(scenario), sd.choice_groups(scenario)
    placed = list(fixed) + [u for g in groups for u in g["units"]]
    assert len(placed) == len(set(placed)) == 137
    by_side = {side: sorted(u for u in placed if data.get(f"units.counters.{u}.side") == side) for side in sd.SIDES}
    assert len(by_side["german"]) == 93 and len(by_side["soviet"]) == 44
    # each printed name is one counter, in printed order
    counters = sd.units(data)
    printed = {c["printed"]: uid for uid, c in counters.items() if c["rule"] in ("15.1", "15.2")}
    assert [printed[n] for n in german] == [u for u in placed_in_order(scenario, "german")]
    assert [printed[n] for n in soviet] == [u for u in placed_in_order(scenario, "soviet")]


def placed_in_order(scenario, side):
    out = []
    for p in scenario["setup"][side]["placements"]:
        out += p["units"] if "units" in p else p["place"]["units"]
    return out


def test_unit_types_per_side(data):
    counters = {u: c for u, c in sd.units(data).items() if c["rule"] in ("15.1", "15.2")}   # the set-up

    def count(side, kind):
        return sum(1 for c in counters.values() if c["side"] == side and c["type"] == kind)

    assert (count("german", "hq"), count("german", "festung"), count("german", "combat")) == (5, 2, 86)   # 15.1
    assert (count("soviet", "hq"), count("soviet", "combat")) == (4, 40)                                  # 15.2
    assert (count("german", "air"), count("soviet", "air")) == (4, 1)                                     # 15.1, 15.2
    assert [u for u, c in sd.units(data).items() if c["type"] == "air"] == ["1-JG", "Rudel", "2-JG", "3-JG", "6-GA", "9GA"]  # 13.0
    assert sorted(u for u, c in counters.items() if c.get("volksturm")) == [
        "Hessen-I-VLKSTM", "Hessen-II-VLKSTM", "Pommern-VLKSTM", "Pyritz-II-VLKSTM"]                     # 12.4 "4 combat units"
    assert sorted(u for u, c in counters.items() if c["type"] == "festung") == ["Festung-Arnswalde", "Festung-Bahn"]  # 12.3


def test_reinforcement_counters(data):
    # 15.3: every unit a reinforcement group names is a counter, arriving as the group says
    counters = sd.units(data)
    turns = data.get("reinforcements.turns")
    listed = [(int(t), side, u) for t, sides in turns.items() for side, block in sides.items()
              for group in block.get("groups", []) for u in group["units"]]
    assert len(listed) == 56
    assert sum(1 for _t, side, _u in listed if side == "german") == 10
    assert all(counters[u]["side"] == side and counters[u]["arrives"]["turn"] == t for t, side, u in listed)
    assert counters["1A-HQ"]["type"] == "hq" and counters["1A-HQ"]["arrives"] == {"turn": 1, "area": "G"}
    assert counters["234P/163"]["arrives"] == {"turn": 2, "hex": "3721"}          # "detrained at hex 37.21"
    assert counters["1/1"]["nation"] == "polish"                                  # with the 1A HQ, area G
    # SS6: the turn 6 "18 ENG" is a second counter beside the 15.2 set-up's
    assert counters["18-ENG-turn-6"]["printed"] == counters["18-ENG"]["printed"] == "18 ENG"
    assert counters["234/80"]["replaces"] == "234/77" and counters["234/80"]["optional_rule"] == "16.3"


# -- concrete placements ---------------------------------------------------------------------

def test_a_few_placements(scenario):
    fixed = sd.fixed_placements(scenario)
    assert fixed["Stell-II-HQ"] == "0418"                      # 15.1 "Stell II HQ (04.18)"
    assert fixed["Festung-Bahn"] == fixed["KG-Schmeling"] == "0705"   # "Festung Bahn, KG Schmeling (07.05)"
    assert fixed["Lang/10SS"] == fixed["10A/10SS"] == "1316"   # "Lang/10SS, 10A/10SS (13.16)"
    assert fixed["2J/104PJ"] == "1714"                         # Stargard (14.3.1)
    assert fixed["Suelberg"] == "2911" and fixed["Schaefer"] == "3013"
    assert fixed["99/FG"] == fixed["Scha/z402"] == "3815"      # two paragraphs, one hex
    assert fixed["2GT-HQ"] == "1605"                           # 15.2
    assert fixed["11-GdT"] == "3009"
    assert fixed["119UR/7GC"] == "2607"
    assert fixed["1T/1"] == "4515"                              # Polish units
    assert "Konstantinov-HQ" not in fixed                       # placed by choice


def test_fixed_placements_respect_stacking(data, scenario):
    # 15.0 "within stacking limits"; 6.0: two combat units and one HQ a hex
    per_hex: dict[str, list[str]] = {}
    for unit, hex_ in sd.fixed_placements(scenario).items():
        per_hex.setdefault(hex_, []).append(unit)
    counters = sd.units(data)
    for hex_, ids in per_hex.items():
        assert sum(counters[u]["type"] != "hq" for u in ids) <= 2, hex_
        assert sum(counters[u]["type"] == "hq" for u in ids) <= 1, hex_
        assert len({counters[u]["side"] for u in ids}) == 1, hex_      # 6.3
    assert max(len(ids) for ids in per_hex.values()) == 2


def test_the_within_1_groups(scenario):
    groups = sd.choice_groups(scenario)
    assert [(g["side"], g["of"], g["within"], g["rule"]) for g in groups] == [
        ("german", "0411", 1, "15.1"), ("german", "1617", 1, "15.1"),
        ("german", "3621", 1, "15.1"), ("soviet", "3110", 1, "15.2")]
    assert groups[0]["units"] == ["PzJG54/9FJ", "PzJG53/9FJ", "PzJG51/9FJ", "9J/9FJ", "9P/9FJ", "FJzbV/9FJ"]
    assert groups[0]["as_printed"] == "PzJG54/9FJ, PzJG53/9FJ, PzJG51/9FJ, 9J/9FJ, 9P/9FJ, FJzbV/9FJ (w/i 1 of 04.11)"
    assert groups[1]["units"] == ["44Pz/233", "142/233", "139/233", "144P/233", "144J/233"]
    assert groups[2]["units"] == ["281P/281", "368/281", "322/281", "418/281"]
    # 15.2 "Konstantinov HQ, 14GC/7GC, 15GC/7GC, 16GC/7GC (w/i 1 of 31.10)": the HQ is in the group
    assert groups[3]["units"] == ["Konstantinov-HQ", "14GC/7GC", "15GC/7GC", "16GC/7GC"]
    # each group fits in the seven hexes within 1 (two combat units a hex, 6.0)
    assert all(len(g["units"]) <= 14 for g in groups)


# -- formations, types, values and citations ---------------------------------------------------

def test_formation_from_the_suffix(data):
    counters = sd.units(data)
    assert counters["PzJG54/9FJ"]["formation"] == "9FJ"
    assert counters["II/26FJ/Den"]["formation"] == "Den"        # the last suffix
    assert counters["6J/DEN"]["formation"] == "Den" and counters["6J/DEN"]["formation_printed"] == "DEN"
    assert counters["102Pz/FB"]["formation"] == "FB"            # Führer Begleit (19.1.3)
    assert counters["4/1"]["formation"] == "1" and counters["4/1"]["nation"] == "polish"   # 15.2, 11.2.2
    assert counters["4/1"]["supply_source"] == "4815"
    assert counters["Suelberg"]["formation"] is None and counters["Suelberg"]["independent"] is True   # 3.3.2
    assert counters["Klein/Den"]["independent"] is False
    assert counters["Klein/Den"]["listed_under"] == "Stell-II-HQ"
    assert counters["22/10SS"]["listed_under"] == "39-Pz-HQ"     # the 10th SS division, under 39 Pz (19.1.3)
    assert counters["4/1"]["listed_under"] is None
    assert counters["Suelberg"]["printed"] == "Sülberg"


def test_values_the_text_gives_and_their_rules(data):
    assert sd.counter_value(data, "Munzel-HQ", "command_range") == 8              # 19.1.3 "from 8 to 6"
    assert data.provenance("units.counters.Munzel-HQ.command_range") == "rule 19.1.3"
    assert sd.counter_value(data, "Munzel-HQ", "command_range_after_defend_the_reich") == 6
    assert sd.counter_value(data, "Rudel", "full_attack") == 2                     # 13.0
    assert sd.counter_value(data, "6-GA", "normal_attack") == 1
    assert data.provenance("units.counters.6-GA.full_attack") == "rule 13.0"
    assert sd.counter_value(data, "9GA", "arrives") == {"turn": 4}                 # 15.3
    assert sd.counter_value(data, "Festung-Bahn", "moves") is False                # 12.3
    assert sd.counter_value(data, "11-GdT", "rebuilt_only_by") == "Konstantinov-HQ"   # 7.3.2
    assert data.provenance("units.counters.Klein/Den.side") == "rule 15.1"
    assert data.provenance("units.counters.2GT-HQ.side") == "rule 15.2"
    assert data.provenance("units.counters.Klein/Den.independent") == "rule 3.3.2"


def test_counter_values_only_the_counters_give_are_refused(data):
    with pytest.raises(UnknownDataError) as info:
        sd.counter_value(data, "Klein/Den", "attack")
    assert info.value.path == "units.counters.Klein/Den.attack"
    assert "the unit counters (1.3.7)" in str(info.value) and "data-override.yaml" in str(info.value)
    with pytest.raises(UnknownDataError, match=r"units\.counters\.Stell-II-HQ\.command_range"):
        sd.counter_value(data, "Stell-II-HQ", "command_range")
    unknown = {p for p, _ in data.unknown_paths()}
    assert {"units.counters.2GT-HQ.command_range", "units.counters.85T.mechanized"} <= unknown


def test_placements_cite_their_rules(scenario):
    assert {rule for side, rule, _p in sd.placements(scenario) if side == "german"} == {"15.1"}
    assert {rule for side, rule, _p in sd.placements(scenario) if side == "soviet"} == {"15.2"}
    assert scenario["rule"] == "15.0" and scenario["start_state"]["rule"] == "15.0"


# -- the start state (15.0) --------------------------------------------------------------------

def test_start_state(scenario):
    start = sd.start_state(scenario)
    assert start["turn"] == 1 and start["first_turn"] == 1 and start["last_turn"] == 10   # 15.0, 16.2
    assert start["units"] == {"strength": "full", "in_supply": True, "in_command": True, "within_stacking_limits": True}
    assert start["vp_hexes_controlled_by"] == "german"                                    # 14.1
    assert start["first_chit"] == "3SS-PZ-HQ"                                             # 2.3.1
    assert start["cup"] == {"german": ["Stell-II-HQ", "39-Pz-HQ", "3SS-PZ-HQ", "Munzel-HQ", "10SS-HQ"],
                            "soviet": ["2GT-HQ", "61-HQ"]}                                  # 1.4
    assert start["air_units"] == {"german": {"luftflotte_6": ["1-JG", "Rudel"], "grounded": ["2-JG", "3-JG"]},
                                  "soviet": {"air_army_16": ["6-GA"]}}                      # 15.1, 15.2
    assert set(start["holding_boxes"]) == {"corps_tettau", "second_guards_cavalry_corps"}  # 19.1.5


def test_the_konstantinov_chit_is_asked_in_the_rules_data(data):
    # a scenario holds no unknowns (an override cannot reach it); the question lives in command.yaml
    with pytest.raises(UnknownDataError, match=r"command\.chits\.konstantinov_chit\.exists"):
        data.get("command.chits.konstantinov_chit.exists")


# -- consistency and spelling --------------------------------------------------------------------

def test_setup_problems(data, scenario):
    assert sd.setup_problems(data, scenario) == []
    broken = copy.deepcopy(scenario)
    places = broken["setup"]["soviet"]["placements"]
    places.append({"units": ["Klein/Den"], "hex": "04.11"})
    places[0] = {"units": ["Nobody"], "hex": "1605"}
    broken["start_state"]["first_chit"] = {"value": "2GT-HQ", "rule": "2.3.1"}
    assert sd.setup_problems(data, broken) == [
        "set-up 15.2: Nobody is not a counter of units.counters",
        "set-up 15.2: hex '04.11': pbem writes Stargard Solstice hexes without the dot, as 0411 (docs/errata-stargard-solstice.md)",
        "set-up 15.2: Klein/Den is placed twice",
        "set-up 15.2: Klein/Den belongs to german, not soviet",
        "start state: 2GT-HQ in the first chit (2.3.1) is not a german hq counter",
        "set-up 15.2: 2GT-HQ is never placed",
    ]


def test_one_hex_spelling():
    assert sd.hex_id("0418") == "0418"
    with pytest.raises(PbemError, match=r"hex '04\.18': pbem writes Stargard Solstice hexes without the dot, as 0418"):
        sd.hex_id("04.18")
    with pytest.raises(PbemError, match="expected four digits CCRR"):
        sd.hex_id("418")
    # in an order file the one spelling needs no quotes, and the printed one is refused unquoted too
    order = parse_yaml_text("hex: 0418\nother: 1605\n", "orders.yaml")
    assert [sd.hex_id(as_text(v)) for v in order.values()] == ["0418", "1605"]
    with pytest.raises(PbemError, match="decimal number '04.18' is not allowed"):
        parse_yaml_text("hex: 04.18\n", "orders.yaml")
    # outside verbatim quotes (as_printed) and comments, no data file spells a hex with the dot
    files = sorted((project_root() / "rules" / "stargard-solstice").glob("*.yaml"))
    files.append(project_root() / "scenarios" / "stargard-solstice" / "campaign.yaml")
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = re.sub(r'(as_printed|printed_numbering): \{?(value: )?".*?"|\s#.*$|^\s*- ".*"$', "", line)
            if not line.lstrip().startswith("#"):
                assert not re.search(r"\b[0-9]{2}\.[0-9]{2}\b", code), f"{path.name}:{number}: {line}"


def test_rail_movement_second_clause(data):
    # 5.5.2 "It may either move and enter an EZOC, OR leave an EZOC and end its movement not
    # adjacent to an enemy unit."
    assert data.get("game.movement.rail.ezoc.leaving_ends_not_adjacent_to_enemy") is True
    assert data.get("game.movement.rail.ezoc.either_or")[1] == "leave an EZOC and end its movement not adjacent to an enemy unit"
    assert data.provenance("game.movement.rail.ezoc.either_or") == "rule 5.5.2"
