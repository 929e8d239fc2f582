"""Operation Grenade divisional integrity: 9.41-9.44, two-regiment divisions (27.21), kampfgruppen
(27.22), and the stop when a division's composition (the DI diagram on the map) is unknown.

Driven on the demonstration data plus, for most tests, a merged override written to tmp_path that
confirms `units.divisions.composition_complete: true` (the demo itself leaves it unknown). Each test
clears the map and places only the units it needs around the defending hex 1010."""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.operation_grenade import GAME
from pbem.games.operation_grenade.divisions import divisional_integrity_shifts, division_of
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "operation-grenade-demo" / "data-override.yaml"
TARGET = "1010"                   # defending hex; its neighbours are found with the grid


def merged(folder: Path, values: dict, drop=()):
    doc = load_yaml_file_once(DEMO)
    doc["values"] = {k: v for k, v in doc["values"].items() if k not in drop}
    doc["values"].update(values)
    path = folder / "data-override.yaml"
    path.write_text(dump_yaml(doc), encoding="utf-8")
    return load_game_data("operation-grenade", path)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return merged(tmp_path_factory.mktemp("di"), {"units.divisions.composition_complete": True})


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo data without its composition_complete: the divisions' compositions unknown."""
    return merged(tmp_path_factory.mktemp("di-unknown"), {}, drop={"units.divisions.composition_complete"})


@pytest.fixture
def state(data):
    scenario, _ = load_scenario("operation-grenade", "operation-grenade")
    return GAME.setup(data, scenario, ["allied", "german"], {})


@pytest.fixture(scope="module")
def around(data):
    return GAME.grid(data).neighbours(TARGET)          # six hexes adjacent to 1010


# -- helpers ---------------------------------------------------------------------------------
GERMAN_EXTRA = ("Utfr/406/12", "NCO/406/12")                   # reinforcements (23.2), not set up
SIDES: dict = {}


def place(state, layout: dict) -> None:
    """Only the units of `layout` stay on the map: {unit: hex} or {unit: (hex, form)}."""
    if not SIDES:
        SIDES.update({u: v["side"] for u, v in state["units"].items()} | {u: "german" for u in GERMAN_EXTRA})
    sides = SIDES
    state["units"] = {}
    for unit_id, where in layout.items():
        hex_id, form = where if isinstance(where, tuple) else (where, "untried")
        state["units"][unit_id] = {"side": sides[unit_id], "hex": hex_id, "form": form}


def di(data, state, attackers, defenders, hexes=TARGET, side="allied") -> list:
    hexes = [hexes] if isinstance(hexes, str) else hexes
    result = divisional_integrity_shifts(GAME, data, state, {"hexes": hexes, "attackers": attackers,
                                                             "defenders": defenders, "attacker_side": side})
    assert all(s["rule"] == "9.43" and s["why"] for s in result)
    return [s["shift"] for s in result]


def far(data, hexes=(TARGET,)) -> str:
    """A hex two or more hexes from every hex in `hexes`."""
    grid = GAME.grid(data)
    return next(h for h in sorted(GAME.hexes(data)) if all(grid.distance(h, t) >= 3 for t in hexes))


# -- 9.41 / 9.43: the attack bonus ---------------------------------------------------------------
def test_9_41_all_three_regiments_adjacent_one_participating_gives_one_shift_right(data, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1], "121/8/7": around[2]})
    assert di(data, state, ["13/8/7"], ["1034/59/81"]) == [1]
    assert di(data, state, ["13/8/7", "28/8/7"], ["1034/59/81"]) == [1]          # one shift per division
    for unit_id in ("13/8/7", "28/8/7", "121/8/7"):                              # "may be stacked" (9.41)
        state["units"][unit_id]["hex"] = around[3]
    assert di(data, state, ["28/8/7"], ["1034/59/81"]) == [1]


def test_9_41_one_regiment_elsewhere_gives_nothing(data, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1], "121/8/7": far(data)})
    assert di(data, state, ["13/8/7", "28/8/7"], ["1034/59/81"]) == []


def test_9_41_an_eliminated_regiment_leaves_the_division_without_integrity(data, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1]})      # 121/8/7 gone
    assert di(data, state, ["13/8/7", "28/8/7"], ["1034/59/81"]) == []


def test_9_41_at_least_one_regiment_must_participate(data, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1], "121/8/7": around[2],
                  "4Cav/7": around[3]})
    assert di(data, state, ["4Cav/7"], ["1034/59/81"]) == []


def test_10_0_a_cadre_is_still_its_regiment_for_9_41(data, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1],
                  "121/8/7": (around[2], "cadre")})
    assert di(data, state, ["13/8/7"], ["1034/59/81"]) == [1]
    assert di(data, state, ["121/8/7"], ["1034/59/81"]) == [1]          # the cadre may be the participant


def test_9_41_multi_hex_attack_each_regiment_adjacent_to_an_attacked_hex(data, state, around):
    grid = GAME.grid(data)
    second = around[3]                                   # 1011: also attacked (9.21)
    shared = [h for h in grid.neighbours(second) if h in around]
    only_second = next(h for h in grid.neighbours(second) if h != TARGET and h not in around)
    place(state, {"1034/59/81": TARGET, "941/353/58": second,
                  "13/8/7": shared[0], "28/8/7": shared[1], "121/8/7": only_second})
    assert di(data, state, ["13/8/7", "28/8/7"], ["1034/59/81", "941/353/58"], hexes=[TARGET, second]) == [1]
    state["units"]["121/8/7"]["hex"] = far(data, (TARGET, second))
    assert di(data, state, ["13/8/7", "28/8/7"], ["1034/59/81", "941/353/58"], hexes=[TARGET, second]) == []


def test_9_43_two_divisions_give_two_shifts(data, state, around):
    place(state, {"1034/59/81": TARGET,
                  "13/8/7": around[0], "28/8/7": around[0], "121/8/7": around[1],
                  "413/104/7": around[2], "414/104/7": around[2], "415/104/7": around[3]})
    assert di(data, state, ["13/8/7", "413/104/7"], ["1034/59/81"]) == [1, 1]


def test_9_44_three_divisions_still_give_only_two(data, state, around):
    place(state, {"1034/59/81": TARGET,
                  "13/8/7": around[0], "28/8/7": around[0], "121/8/7": around[0],
                  "413/104/7": around[1], "414/104/7": around[1], "415/104/7": around[1],
                  "329/83/19": around[2], "330/83/19": around[2], "331/83/19": around[2]})
    combat = {"hexes": [TARGET], "attackers": ["13/8/7", "413/104/7", "329/83/19"], "defenders": ["1034/59/81"],
              "attacker_side": "allied"}
    result = divisional_integrity_shifts(GAME, data, state, combat)
    assert [s["shift"] for s in result] == [1, 1]
    assert "9.44" in result[-1]["why"] and "83" in result[-1]["why"]


def test_9_41_us_armoured_combat_commands_are_its_regiments(data, state, around):
    place(state, {"1034/59/81": TARGET, "A/2A/19": around[0], "B/2A/19": around[1], "R/2A/19": around[1]})
    assert di(data, state, ["A/2A/19"], ["1034/59/81"]) == [1]


# -- 9.42 / 9.44: the defence bonus ----------------------------------------------------------------
def test_9_42_defending_regiment_stacked_with_a_division_mate(data, state, around):
    place(state, {"941/353/58": TARGET, "942/353/58": TARGET, "13/8/7": around[0]})   # 942 sits out (7.22)
    assert di(data, state, ["13/8/7"], ["941/353/58"]) == [-1]


def test_9_42_defending_regiment_adjacent_to_a_division_mate(data, state, around):
    place(state, {"941/353/58": TARGET, "943/353/58": around[4], "13/8/7": around[0]})
    assert di(data, state, ["13/8/7"], ["941/353/58"]) == [-1]
    state["units"]["943/353/58"]["form"] = "cadre"                  # a cadre is still its regiment (10.0)
    state["units"]["941/353/58"]["form"] = "cadre"
    assert di(data, state, ["13/8/7"], ["941/353/58"]) == [-1]


def test_9_42_a_neighbour_of_another_division_gives_nothing(data, state, around):
    place(state, {"941/353/58": TARGET, "27/12/58": TARGET, "1034/59/81": around[4], "13/8/7": around[0]})
    assert di(data, state, ["13/8/7"], ["941/353/58"]) == []


def test_9_44_at_most_one_shift_in_defence(data, state, around):
    second = around[3]
    place(state, {"941/353/58": TARGET, "942/353/58": second, "943/353/58": second,
                  "27/12/58": TARGET, "48/12/58": around[4], "13/8/7": around[1]})
    assert di(data, state, ["13/8/7"], ["941/353/58", "942/353/58"], hexes=[TARGET, second]) == [-1]


def test_9_42_a_us_combat_command_defends_with_its_division_mate(data, state, around):
    place(state, {"A/2A/19": TARGET, "B/2A/19": around[2], "941/353/58": around[0]})
    assert di(data, state, ["941/353/58"], ["A/2A/19"], side="german") == [-1]


def test_9_42_needs_no_composition_data(demo, state, around):
    # division membership is in the designation (2.22); 4Cav/7 (corps troops) has no division
    place(state, {"941/353/58": TARGET, "942/353/58": TARGET, "4Cav/7": around[0]})
    assert di(demo, state, ["4Cav/7"], ["941/353/58"]) == [-1]


# -- 27.21, 27.22 ----------------------------------------------------------------------------------
def test_27_21_8fj_needs_only_its_two_regiments_even_without_the_diagram(demo, state, around):
    place(state, {"13/8/7": TARGET, "22/8FJ/2": around[0], "24/8FJ/2": around[5]})
    assert di(demo, state, ["22/8FJ/2"], ["13/8/7"], side="german") == [1]
    state["units"]["24/8FJ/2"]["hex"] = far(demo)
    assert di(demo, state, ["22/8FJ/2"], ["13/8/7"], side="german") == []


def test_27_21_406th_division_two_regiments(tmp_path, state, around):
    counter = {"side": "german", "type": "non_mechanized_infantry", "size": "regiment", "class": "B", "morale": 1,
               "movement": 4, "cadre": {"strength": 1, "movement": 4}}
    data = merged(tmp_path, {f"units.counters.{u}": counter for u in GERMAN_EXTRA})
    place(state, {"13/8/7": TARGET, "Utfr/406/12": around[1], "NCO/406/12": around[1]})
    assert di(data, state, ["NCO/406/12"], ["13/8/7"], side="german") == [1]


def test_27_22_kampfgruppe_9p_never_has_divisional_integrity(data, state, around):
    assert division_of(data, "9P/81", "german") == "9P"
    place(state, {"13/8/7": TARGET, "9P/81": around[0], "33/9P/81": around[1], "244/9P/81": around[2]})
    assert di(data, state, ["9P/81", "33/9P/81", "244/9P/81"], ["13/8/7"], side="german") == []
    place(state, {"9P/81": TARGET, "33/9P/81": TARGET, "244/9P/81": around[2], "13/8/7": around[0]})
    assert di(data, state, ["13/8/7"], ["9P/81"]) == []             # the kampfgruppe defending
    assert di(data, state, ["13/8/7"], ["33/9P/81"]) == []          # nor its parent division's other units


# -- unknown compositions ----------------------------------------------------------------------------
def test_unknown_composition_stops_naming_the_data_path(demo, state, around):
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1], "121/8/7": around[2]})
    with pytest.raises(UnknownDataError) as caught:
        di(demo, state, ["13/8/7"], ["1034/59/81"])
    assert caught.value.path == "units.divisions.composition_complete"
    assert "Divisional Integrity Requirements diagram" in str(caught.value)
    assert "units.divisions.requirements.us.8" in str(caught.value)


def test_a_group_may_list_a_division_from_the_diagram_instead(tmp_path, state, around):
    data = merged(tmp_path, {"units.divisions.requirements.us.8": ["13/8/7", "28/8/7"]},
                  drop={"units.divisions.composition_complete"})
    place(state, {"1034/59/81": TARGET, "13/8/7": around[0], "28/8/7": around[1], "121/8/7": far(data)})
    assert di(data, state, ["13/8/7"], ["1034/59/81"]) == [1]        # composition_complete still unknown
    assert data.provenance("units.divisions.requirements.us.8") == "demonstration"
    place(state, {"1034/59/81": TARGET, "413/104/7": around[0]})
    with pytest.raises(UnknownDataError) as caught:                  # division 104 still needs it
        di(data, state, ["413/104/7"], ["1034/59/81"])
    assert caught.value.path == "units.divisions.composition_complete"
