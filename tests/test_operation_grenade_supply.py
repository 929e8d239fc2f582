"""Operation Grenade supply (11.0-11.5) and US supply restrictions (19.4), on the demo data
(examples/operation-grenade-demo, made up) plus tests/data/og-supply-extra.yaml (made up too:
the mapedge hexes, two road hexsides, the 405/102/12 corps).

Demo road net: column 05 (0501-0519, 0501 the only west-mapedge road hex), the yy 10 road
(0110-2510) and town roads, over the Koeln bridge (0419-0320) to 0322 on the east mapedge.
"""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.operation_grenade import GAME, supply
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"


def load(folder: Path, drop=()):
    """The demo data (it has the mapedges and road links supply needs), less the paths in `drop`."""
    doc = load_yaml_file_once(DEMO)
    doc["values"] = {k: v for k, v in doc["values"].items() if k not in drop}
    path = folder / "override.yaml"
    path.write_text(dump_yaml(doc))
    return load_game_data("operation-grenade", path)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return load(tmp_path_factory.mktemp("og-supply"))


def board(data, units: dict, turn: int = 8, **extra) -> dict:
    """Only `units` (id -> hex) on the map, on Game-Turn `turn` (after 19.4 has lapsed)."""
    scenario, _ = load_scenario("operation-grenade", "operation-grenade")
    state = GAME.setup(data, scenario, ["allied", "german"], {})
    state["units"] = {u: {"side": GAME.counter(data, u)["side"], "hex": h, "form": "untried"} for u, h in units.items()}
    state.update(turn=turn, **extra)
    return state


def status(data, units: dict, unit_id: str, turn: int = 8, **extra) -> str:
    state = board(data, units, turn, **extra)
    supply.determine(GAME, data, state, [])
    return state["supply"][unit_id]


GERMANS = ["941/353/58", "942/353/58", "943/353/58", "27/12/58", "48/12/58", "49/12/58"]
ALLIES = ["413/104/7", "414/104/7", "415/104/7", "329/83/19", "330/83/19", "331/83/19"]


def surrounded(data, unit_id: str, hex_id: str, enemies) -> dict:
    """unit_id in hex_id with an enemy unit on every adjacent hex of the map."""
    around = [h for h in GAME.grid(data).neighbours(hex_id) if GAME.on_map(data, h)]
    return {unit_id: hex_id, **dict(zip(enemies, around))}


# -- 11.1 / 11.21 / 11.31: tracing -------------------------------------------------------------

def test_unit_on_a_road_joined_to_the_friendly_mapedge_is_in_supply(data):  # 11.21
    assert status(data, {"329/83/19": "0810"}, "329/83/19") == "in_supply"


def test_a_road_is_joined_only_through_road_hexsides(data):  # 11.21: contiguous road hexes, along the road
    assert supply.road_links(data)["0503"] == {"0502", "0504"}


def test_six_hexes_to_a_road_is_in_supply(data):  # 11.21: six hexes (not MP) or less
    assert status(data, {"329/83/19": "2504"}, "329/83/19") == "in_supply"


def test_seven_hexes_to_a_road_is_out_of_supply(data):  # 11.31 first case
    state = board(data, {"329/83/19": "2503"})
    events: list = []
    supply.determine(GAME, data, state, events)
    assert state["supply"] == {"329/83/19": "out_of_supply"}
    assert events == [{"event": "supply", "unit": "329/83/19", "status": "out_of_supply", "rule": "11.31"}]


def test_terrain_does_not_matter(data):  # 11.1: 0520 is across the Rhine from the 0519 road hex
    assert status(data, {"329/83/19": "0520"}, "329/83/19") == "in_supply"


def test_enemy_unit_on_the_road_cuts_it(data):  # 11.31 second case, 6.51 (Pol/12 is a battalion: no ZOC)
    assert not GAME.exerts_zoc(data, board(data, {"Pol/12": "0503"}), "Pol/12")
    assert status(data, {"329/83/19": "0810", "Pol/12": "0503"}, "329/83/19") == "out_of_supply"


def test_enemy_zoc_on_the_road_cuts_it(data):  # 6.51: 0603 controls the road hexes 0503 and 0504
    assert status(data, {"329/83/19": "0810", "1224/190/2": "0603"}, "329/83/19") == "out_of_supply"


def test_friendly_units_negate_enemy_zoc(data):  # 6.52
    units = {"329/83/19": "0810", "1224/190/2": "0603", "330/83/19": "0503", "331/83/19": "0504"}
    assert status(data, units, "329/83/19") == "in_supply"


def test_one_friendly_unit_frees_only_its_own_hex(data):  # 6.52: 0504 stays Enemy-controlled
    units = {"329/83/19": "0810", "1224/190/2": "0603", "330/83/19": "0503"}
    assert status(data, units, "329/83/19") == "out_of_supply"


def test_friendly_zoc_does_not_negate_enemy_zoc(data):  # 6.52: units, not Friendly ZOC (0403 touches 0503, 0504)
    units = {"329/83/19": "0810", "1224/190/2": "0603", "330/83/19": "0403"}
    assert status(data, units, "329/83/19") == "out_of_supply"


def test_no_line_to_any_road_hex_is_isolated(data):  # 11.41
    state = board(data, surrounded(data, "329/83/19", "1014", GERMANS))
    events: list = []
    supply.determine(GAME, data, state, events)
    assert state["supply"]["329/83/19"] == "isolated"
    assert {"event": "supply", "unit": "329/83/19", "status": "isolated", "rule": "11.41"} in events


def test_both_sides_are_determined(data):  # 11.0: Mutual Supply Determination Phase
    state = board(data, surrounded(data, "329/83/19", "1014", GERMANS))
    supply.determine(GAME, data, state, [])
    assert set(state["supply"]) == set(state["units"])
    assert state["supply"]["941/353/58"] == "in_supply"


def test_begin_player_turn_determines_supply(data):  # 4.2: the phase opens each Player-Turn
    state = board(data, {"329/83/19": "2503"})
    events: list = []
    GAME.begin_player_turn(data, state, "allied", None, events)
    assert state["supply"] == {"329/83/19": "out_of_supply"}
    assert [e["event"] for e in events] == ["supply"]


# -- 11.5 automatic supply -----------------------------------------------------------------------

@pytest.mark.parametrize("turn, expected", [(3, "in_supply"), (4, "in_supply"), (5, "isolated")])
def test_reinforcements_for_two_game_turns(data, turn, expected):  # 11.51: entered on Game-Turn 3
    units = surrounded(data, "393/99/7", "1014", GERMANS)
    assert status(data, units, "393/99/7", turn, entered_turn={"393/99/7": 3}) == expected


def test_on_or_next_to_the_friendly_mapedge(data):  # 11.52: 2002 touches 2001 (west edge), 2003 does not
    units = {"329/83/19": "2002", "330/83/19": "2003", "Pol/12": "0503"}
    state = board(data, units)
    supply.determine(GAME, data, state, [])
    assert state["supply"]["329/83/19"] == "in_supply"
    assert state["supply"]["330/83/19"] == "out_of_supply"


def test_german_mapedge_is_the_east(data):  # 11.22, 11.52: the Koeln road is cut at 0321
    units = {"941/353/58": "1221", "942/353/58": "1219", "113/19": "0321"}
    state = board(data, units)
    supply.determine(GAME, data, state, [])
    assert state["supply"]["941/353/58"] == "in_supply"
    assert state["supply"]["942/353/58"] == "out_of_supply"


@pytest.mark.parametrize("hex_id", ["0112", "1207"])
def test_german_units_in_entrenchments(data, hex_id):  # 11.53; 1207 improved positions (20.1)
    assert status(data, surrounded(data, "941/353/58", hex_id, ALLIES), "941/353/58") == "in_supply"


def test_german_unit_outside_entrenchments_is_isolated(data):  # 11.53 does not apply: 1014 is open ground
    assert status(data, surrounded(data, "941/353/58", "1014", ALLIES), "941/353/58") == "isolated"


def test_entrenchments_do_not_supply_us_units(data):  # 11.53: German units only
    assert status(data, surrounded(data, "329/83/19", "0112", GERMANS), "329/83/19") == "isolated"


# -- 19.4 US supply restrictions -----------------------------------------------------------------

@pytest.mark.parametrize("unit_id, turn, expected, rule", [
    ("289/75/12", 6, "out_of_supply", "19.41"), ("289/75/12", 7, "in_supply", None),
    ("313/79/16", 2, "out_of_supply", "19.42"), ("313/79/16", 3, "in_supply", None),
])
def test_us_corps_out_of_supply_on_the_first_turns(data, unit_id, turn, expected, rule):  # 19.41, 19.42
    state = board(data, {unit_id: "0810"}, turn)
    events: list = []
    supply.determine(GAME, data, state, events)
    assert state["supply"][unit_id] == expected
    assert events == ([{"event": "supply", "unit": unit_id, "status": expected, "rule": rule}] if rule else [])


def test_19_41_overrides_automatic_supply(data):  # 19.41 "regardless of normal supply considerations"
    assert status(data, {"289/75/12": "2002"}, "289/75/12", 1) == "out_of_supply"


def test_19_41_does_not_lift_isolation(data):  # reading: 19.41 makes no unit better off than isolated
    assert status(data, surrounded(data, "289/75/12", "1014", GERMANS), "289/75/12", 1) == "isolated"


def test_german_12th_corps_is_not_restricted(data):  # 19.41 is for US units; Pol/12 is German
    assert status(data, {"Pol/12": "0810"}, "Pol/12", 1) == "in_supply"


def test_unknown_corps_of_405_102_12(data, tmp_path):  # errata E4: its corps decides 19.41
    assert status(data, {"405/102/12": "0810"}, "405/102/12", 1) == "in_supply"     # the campaign says 13
    bare = load(tmp_path, drop={"units.counters.405/102/12.corps"})
    with pytest.raises(UnknownDataError) as error:
        status(bare, {"405/102/12": "0810"}, "405/102/12", 1)
    assert error.value.path == "units.counters.405/102/12.corps"
    assert status(bare, {"405/102/12": "0810"}, "405/102/12", 7) == "in_supply"      # 19.41 has lapsed


def test_missing_mapedge_data_names_the_path(tmp_path):  # 11.22: the mapedges are printed on the map
    bare = load(tmp_path, drop={"supply.friendly_mapedge_hexes.allied"})
    with pytest.raises(UnknownDataError, match="supply.friendly_mapedge_hexes.allied") as error:
        status(bare, {"329/83/19": "0810"}, "329/83/19")
    assert error.value.path == "supply.friendly_mapedge_hexes.allied"


# -- 11.33 / 11.42 effects ------------------------------------------------------------------------

@pytest.mark.parametrize("unit_id, state_of, role, expected", [
    ("403/81", "in_supply", "attack", 4),
    ("403/81", "out_of_supply", "attack", 2),      # 11.33 halved
    ("113/19", "out_of_supply", "attack", 1),      # 3 -> 1, rounded down
    ("Pol/12", "out_of_supply", "attack", 1),      # 1 -> 1, minimum one (11.33 note)
    ("403/81", "out_of_supply", "defence", 4),     # 11.33 unchanged
    ("403/81", "isolated", "attack", 1),           # 11.42 one
    ("403/81", "isolated", "defence", 2),          # 11.42 halved
    ("113/19", "isolated", "defence", 1),          # 3 -> 1
    ("Pol/12", "isolated", "defence", 1),          # 1 -> 1, minimum one
])
def test_combat_strength(data, unit_id, state_of, role, expected):
    state = board(data, {unit_id: "0810"}, supply={unit_id: state_of})
    assert GAME.strength(data, state, unit_id, role) == expected


@pytest.mark.parametrize("unit_id, state_of, expected", [
    ("A/8A/16", "out_of_supply", 5),      # tank 10 halved (11.33)
    ("244/9P/81", "out_of_supply", 4),    # mechanized infantry 8 halved
    ("4Cav/7", "out_of_supply", 5),       # reconnaissance 10 halved
    ("329/83/19", "out_of_supply", 5),    # non-mechanized infantry unchanged
    ("403/81", "out_of_supply", 3),       # artillery unchanged
    ("A/8A/16", "isolated", 3),           # 11.42 three Movement Points
    ("113/19", "isolated", 3),
    ("329/83/19", "isolated", 2),         # 5 halved, rounded down
    ("403/81", "isolated", 1),            # 3 halved, rounded down
    ("329/83/19", "in_supply", 5),
])
def test_movement_allowance(data, unit_id, state_of, expected):
    state = board(data, {unit_id: "0810"}, supply={unit_id: state_of})
    assert GAME.movement_allowance(data, state, unit_id) == expected
