"""Special movement restrictions (10.23, 10.36, 3.11) on the demo data and the mobile-assault test
data (made up, not the published map or counters)."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"


@pytest.fixture(scope="module")
def data():
    return load_game_data("smithereens", MOBILE)


def position(data, army="soviet", level="standard"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level})
    state.update(turn=2, army=army, phase="movement")
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


@pytest.fixture
def western(tmp_path):
    src = MOBILE.read_text() + ('  units.counters.us-w: {side: western, grouping: us, type: infantry, steps: 2, '
                                'full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "4215E"}\n')
    target = tmp_path / "western.yaml"
    target.write_text(src)
    return load_game_data("smithereens", target)


def test_a_soviet_unit_stops_the_instant_it_moves_next_to_a_western_unit(western):  # 10.36 1
    state = position(western)
    # us-w in 4215E: 4214E is next to it; sov-inf (4213E) may enter 4214E and stop, not go on
    assert problems(western, state, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == []
    assert problems(western, state, [{"move": "sov-inf", "path": ["4213E", "4214E", "4114E"]}]) == [
        "sov-inf: must stop next to units of the other Alliance camp, at 4214E (10.36 1)"]


def test_a_unit_beginning_next_to_the_other_camp_moves_first_away(western):  # 10.36 2
    state = position(western)
    state["units"]["sov-inf"]["hex"] = "4214E"
    assert problems(western, state, [{"move": "sov-inf", "path": ["4214E", "4114E"]}]) == [
        "sov-inf begins next to units of the other Alliance camp and may move only if the first hex it enters, "
        "4114E, is not next to any of them (10.36 2)"]
    del state["units"]["ger-r"]
    assert problems(western, state, [{"move": "sov-inf", "path": ["4214E", "4213E", "4113E"]}]) == []


def test_the_western_unit_is_bound_the_same_way(western):  # 10.36 1
    state = position(western, army="western")
    state["units"]["sov-inf"]["hex"] = "4213E"
    assert problems(western, state, [{"move": "us-w", "path": ["4215E", "4214E", "4114E"]}]) == [
        "us-w: must stop next to units of the other Alliance camp, at 4214E (10.36 1)"]


def test_a_mobile_assault_clearing_a_hex_next_to_the_other_camp_ends_the_move(western):  # 10.36 1, 12.9
    state = position(western)
    state["units"]["us-w"] = {"hex": "4013E", "steps": 2}          # next to 4112E
    out = GAME.apply(western, state, "alliance", [{"assault": "4112E", "with": ["sov-t1", "sov-t2", "sov-art"]}], ScriptedDice(6))
    assert out.state["units"]["sov-t1"]["hex"] == "4112E" and out.state["mobile"]["going_on"] == {}
    assert problems(western, out.state, [{"move": "sov-t1", "path": ["4112E", "4111E"]}]) == ["sov-t1 is ordered to move twice (10.6)"]


@pytest.fixture
def dvina(tmp_path):
    """The mobile test data with sov-inf's counter set up in 3702E (the 8th Army's hex, 3.11) and
    a Dvina hexside 4112E|4111E (feature `dvina`)."""
    src = MOBILE.read_text().replace('type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "4213E"}',
                                     'type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "3702E"}')
    src += "  map.hexsides.4111E|4112E: [river, dvina]\n  map.hexes.3702E: {terrain: clear}\n"
    target = tmp_path / "dvina.yaml"
    target.write_text(src)
    return load_game_data("smithereens", target)


def test_the_8th_army_waits_for_a_german_crossing_of_the_dvina(dvina):  # 3.11
    state = position(dvina)
    assert state["units"]["sov-inf"]["hex"] == "3702E"
    state["units"]["sov-inf"]["hex"] = "4213E"        # wherever it stands, it is the counter set up in 3702E
    assert problems(dvina, state, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == [
        "sov-inf is the Soviet 8th Army (set up in 3702E) and may not move until a German unit crosses the Dvina (3.11)"]
    assert problems(dvina, state, [{"move": "sov-t3", "path": ["4213E", "4214E"]}]) == []      # other Soviet units move
    german = dict(state, army="german")
    out = GAME.apply(dvina, german, "german", [{"move": "ger-a", "path": ["4112E", "4111E"]}], ScriptedDice(default=6))
    assert {"event": "dvina", "hexside": "4112E-4111E", "rule": "3.11"} in out.events
    freed = dict(out.state, army="soviet", phase="movement")
    assert problems(dvina, freed, [{"move": "sov-inf", "path": ["4213E", "4214E"]}]) == []


YUGOSLAVIA = """\
  map.hexes.2930: {terrain: clear}
  map.hexes.2931.terrain: clear
  map.hexes.2832.terrain: clear
  map.hexes.2731: {terrain: clear}
  map.hexes.2831: {terrain: clear}
  map.hexes.2833: {terrain: clear, city: true, control_at_start: german, region: yugoslavia, yugoslav_exterior_border: false}
  units.counters.sov-bul: {side: soviet, nationality: bulgarian, type: infantry, steps: 2,
    full: {attack: 2, defense: 2, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "2930"}
  units.counters.sov-red: {side: soviet, nationality: soviet, type: infantry, steps: 2,
    full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "2930"}
  units.counters.ger-y1: {side: german, type: infantry, steps: 1, full: {attack: 1, defense: 1, movement: 3}, setup: "2731"}
"""


def yugoslav_data(tmp_path, belgrade=True):
    """Made-up hexes around the rulebook's own example hexes 2931 and 2832 (10.23); 2833 plays Belgrade."""
    target = tmp_path / "yugoslavia.yaml"
    target.write_text(MOBILE.read_text() + YUGOSLAVIA + ('  map.places.Belgrade.hex: "2833"\n' if belgrade else ""))
    return load_game_data("smithereens", target)


def test_yugoslavia_is_closed_to_the_red_army_and_the_bulgarians_keep_to_its_border(tmp_path):  # 10.23
    """10.23: "Until such time as a German unit moves next to Belgrade, no Grand Alliance units other than
    the Bulgarians (and the Yugoslavs themselves) may enter any parts of those countries that make up
    "Yugoslavia" ... For example, Bulgarian units could enter/attack into 2931, but not 2832.\""""
    data = yugoslav_data(tmp_path)
    state = position(data)
    assert problems(data, state, [{"move": "sov-red", "path": ["2930", "2931"]}]) == [
        "sov-red may not enter 2931 in Yugoslavia: only Bulgarians and Yugoslavs may until a German-side unit moves next to Belgrade (10.23)"]
    assert problems(data, state, [{"move": "sov-bul", "path": ["2930", "2931"]}]) == []
    assert problems(data, state, [{"move": "sov-bul", "path": ["2930", "2831", "2832"]}]) == [
        "sov-bul is Bulgarian and may enter only exterior border hexes of Yugoslavia, not 2832, until a German-side unit moves next to Belgrade (10.23)"]
    assert problems(data, state, [{"move": "sov-red", "path": ["2930", "2831"]}]) == []       # outside Yugoslavia


def test_a_german_unit_next_to_belgrade_lifts_the_restrictions_for_good(tmp_path):  # 10.23
    """10.23: "All these restrictions are permanently lifted as soon as any German-side unit moves next to Belgrade.\""""
    data = yugoslav_data(tmp_path)
    german = dict(position(data), army="german")
    out = GAME.apply(data, german, "german", [{"move": "ger-y1", "path": ["2731", "2832"]}], ScriptedDice(default=6))
    assert {"event": "yugoslavia_open", "rule": "10.23"} in out.events
    state = dict(out.state, army="soviet", phase="movement")
    assert problems(data, state, [{"move": "sov-red", "path": ["2930", "2931"]}]) == []


def test_without_belgrade_s_hex_nobody_can_tell_and_the_entry_is_refused_naming_it(tmp_path):  # 10.23
    data = yugoslav_data(tmp_path, belgrade=False)
    state = position(data)
    message = problems(data, state, [{"move": "sov-bul", "path": ["2930", "2931"]}])[0]
    assert "map.places.Belgrade.hex" in message
    german = dict(position(data), army="german")          # German moves are never refused for it
    assert problems(data, german, [{"move": "ger-y1", "path": ["2731", "2832"]}]) == []


def test_a_bulgarian_attack_into_an_inner_hex_is_refused(tmp_path):  # 10.23
    data = yugoslav_data(tmp_path)
    state = dict(position(data), phase="assault")
    state["units"]["ger-y1"]["hex"] = "2832"
    state["units"]["sov-bul"]["hex"] = "2831"
    assert [p.message for p in GAME.check(data, state, "alliance", [{"attack": "2832", "with": ["sov-bul"]}])] == [
        "sov-bul is Bulgarian and may attack only exterior border hexes of Yugoslavia, not 2832, until a German-side unit moves next to Belgrade (10.23)"]


def yugoslav_units(tmp_path):
    """yugoslav_data plus a Yugoslav army in 2931, Zagreb in 2832 and the region's hexes listed."""
    target = tmp_path / "yugoslavs.yaml"
    base = MOBILE.read_text().replace("  map.regions.yugoslavia.hexes: []\n", '  map.regions.yugoslavia.hexes: ["2931", "2832", "2833"]\n')
    target.write_text(base + YUGOSLAVIA + '  map.places.Belgrade.hex: "2833"\n  map.places.Zagreb.hex: "2832"\n'
                      '  units.counters.sov-yu: {side: soviet, nationality: yugoslavian, type: infantry, steps: 2, setup: "2931",\n'
                      '    full: {attack: 2, defense: 2, movement: 9}, reduced: {attack: 1, defense: 1, movement: 9}}\n'
                      + "".join(f"  map.hexes.{h}: {{terrain: clear}}\n" for h in ("3030", "3029", "3028", "3027")))
    return load_game_data("smithereens", target)


def test_yugoslav_units_stay_home_until_zagreb_and_belgrade_are_alliance_held_at_a_turn_start(tmp_path):  # 10.23
    """10.23: "No Yugoslavian units may leave those countries until a Grand Alliance player turn begins
    wherein both Zagreb and Belgrade are Alliance controlled. Even then, Yugoslavian units may never
    move more than four hexes from the nearest Yugoslavia hex.\""""
    data = yugoslav_units(tmp_path)
    state = position(data, level="beginner")          # no supply traced (6.0 Beginners Note)
    assert problems(data, state, [{"move": "sov-yu", "path": ["2931", "2930"]}]) == [
        "sov-yu is Yugoslav and may not leave Yugoslavia (2930) until a Grand Alliance player turn begins with Zagreb "
        "and Belgrade both Alliance controlled (10.23)"]
    assert problems(data, state, [{"move": "sov-yu", "path": ["2931", "2832"]}]) == []          # inside: free to move
    state["control"].update({"2832": "alliance", "2833": "alliance"})
    GAME.note_yugoslavs_free(data, state)
    assert state["yugoslavs_free"] is True
    assert GAME.grid(data).distance("3027", "2931") == 5
    assert problems(data, state, [{"move": "sov-yu", "path": ["2931", "2930", "3030", "3029", "3028"]}]) == []
    assert problems(data, state, [{"move": "sov-yu", "path": ["2931", "2930", "3030", "3029", "3028", "3027"]}]) == [
        "sov-yu is Yugoslav and may never move more than four hexes from Yugoslavia (3027) (10.23)"]


def test_the_turn_start_frees_them_only_when_it_finds_both_cities_alliance_held(tmp_path):  # 10.23
    data = yugoslav_units(tmp_path)
    state = dict(position(data, level="beginner"), army="german")
    state["control"]["2833"] = "alliance"
    GAME.next_player_turn(data, state)            # German -> Soviet player turn (5.2): Zagreb still German
    assert state["army"] == "soviet" and "yugoslavs_free" not in state
    state["control"]["2832"] = "alliance"
    GAME.next_player_turn(data, state)            # Soviet -> Western
    assert state["yugoslavs_free"] is True
