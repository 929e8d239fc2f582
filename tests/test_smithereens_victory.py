"""Smithereens victory (4.2, 4.4) and city facts (3.9, 11.18) never counted from partial data.

`complete_map` writes a test override (made-up values, not the published map) that gives every
city fact the rulebook data leaves unknown, so that a count can be made at all; each test then
removes one fact and expects the refusal naming its path.
"""

import copy
from pathlib import Path

import pytest
import yaml

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests import fastyaml

RULES_TEST = Path(__file__).resolve().parent / "data" / "smithereens-rules-test-override.yaml"
# Three made-up hexes for the named 2-VP cities whose hex the text does not give (4.2)
PLACE_HEXES = {"Vienna": "0101", "Prague": "0102", "Kiev": "0103"}


def map_gaps(data) -> dict:
    """Test values for every city fact the data lacks: a hex of unknown terrain or `city:
    unknown` is no city, a city of unknown start control is German, the named cities get
    made-up hexes, Switzerland none, and the map is declared complete."""
    values: dict = {}
    board = GAME.map(data)
    for hex_id in sorted(board.hexes()):
        facts = board.entry(hex_id)
        if facts.get("city", "unknown") == "unknown" and (facts.get("city") == "unknown" or not board.terrain_known(hex_id)):
            values[f"map.hexes.{hex_id}.city"] = False
        elif facts.get("city") is True and facts.get("control_at_start", "unknown") == "unknown":
            values[f"map.hexes.{hex_id}.control_at_start"] = "german"
        if facts.get("city") is True and "vp" not in facts and not board.terrain_known(hex_id):
            values[f"map.hexes.{hex_id}.vp"] = 1
    for name, hex_id in PLACE_HEXES.items():
        values[f"map.places.{name}.hex"] = hex_id
        values[f"map.hexes.{hex_id}"] = {"terrain": "clear", "city": True, "vp": 2, "control_at_start": "grand_alliance"}
    values["map.regions.switzerland.hexes"] = []
    values["map.hexes_complete"] = True
    return values


def complete_override(tmp_path, base: Path = RULES_TEST, drop: tuple = (), **extra) -> Path:
    """`base` with map_gaps() added (less the paths in `drop`, plus `extra`), as an override file."""
    doc = fastyaml.safe_load(base.read_text())
    values = map_gaps(load_game_data("smithereens", base))
    values.update({k.replace("__", "."): v for k, v in extra.items()})
    doc["values"] = {**doc["values"], **values}
    for path in drop:
        remove(doc["values"], path)
    target = tmp_path / "complete.yaml"
    target.write_text(yaml.safe_dump(doc, sort_keys=False))
    return target


def remove(values: dict, path: str) -> None:
    """Take one value out of an override's `values:`, a whole entry or a key inside one."""
    if path in values:
        del values[path]
        return
    for key in sorted((k for k in values if path.startswith(k + ".")), key=len, reverse=True):
        node = values[key] = copy.deepcopy(values[key])
        *inner, last = path[len(key) + 1:].split(".")
        for part in inner:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and last in node:
            del node[last]
            return
    raise KeyError(path)


def complete_map(tmp_path, base: Path = RULES_TEST, drop: tuple = (), **extra):
    return load_game_data("smithereens", complete_override(tmp_path, base, drop, **extra))


def only_german(data, hexes) -> dict:
    """Control of every city of the map: German in `hexes`, Alliance elsewhere (3.9)."""
    return {h: "german" if h in hexes else "alliance" for h in GAME.cities(data)}


def position(data, turn=10, army="german", phase="assault", units=None, control=None):
    state = GAME.setup(data, load_scenario("smithereens", "historical")[0], ["alliance", "german"])
    state.update(turn=turn, army=army, phase=phase)
    for unit_id, hex_id in (units or {}).items():
        state["units"][unit_id] = {"hex": hex_id, "steps": GAME.counter(data, unit_id)["steps"]}
    state["control"].update(control or {})
    return state


@pytest.fixture
def complete(tmp_path):
    return complete_map(tmp_path)


def test_4_4_victory_counts_every_city_of_a_complete_map(complete):
    state = position(complete)
    cities = GAME.cities(complete)
    assert cities["3611"] == 5 and cities["1819E"] == 2 and cities["0101"] == 2       # Berlin, Warsaw, "Vienna" (4.2)
    german = sum(vp for h, vp in cities.items() if state["control"][h] == "german")
    assert GAME.victory(complete, state)["city_vp"] == german


@pytest.mark.parametrize("path", ["map.hexes.3611.control_at_start", "map.hexes.1201.city", "map.places.Vienna.hex",
                                  "map.hexes_complete", "map.regions.switzerland.hexes"])
def test_4_4_victory_refuses_a_city_the_data_lacks(tmp_path, path):
    """4.4 counts "the city hexes ... then under German control": Berlin with unknown start control
    (3.9), 1201 whose `city` flag is unknown, Vienna (2 VP, 4.2) whose hex is unknown, a map not
    listed whole — each refuses naming its path instead of being left out of the count."""
    plain_city = {"map.hexes.0104": {"terrain": "clear", "city": True, "control_at_start": "german"}}   # no `vp`: 1 unless named
    data = complete_map(tmp_path, drop=(path,), **plain_city)
    state = position(data)
    with pytest.raises(UnknownDataError) as refused:
        GAME.victory(data, state)
    assert refused.value.path == path


def test_4_4_check_reports_the_missing_city_before_the_last_step(tmp_path):
    """The step that ends the game (the last German player turn, 4.4) is refused by check, naming
    the city fact the count lacks, rather than ending with a winner from partial data."""
    data = complete_map(tmp_path, drop=("map.hexes.3611.control_at_start",))
    state = position(data)
    problems = GAME.check(data, state, "german", [])
    assert len(problems) == 1 and "map.hexes.3611.control_at_start" in problems[0].message
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.3611\.control_at_start"):
        GAME.apply(data, state, "german", [], ScriptedDice(default=1))
    earlier = position(data, turn=9)                      # not the last turn: nothing to count yet
    assert GAME.check(data, earlier, "german", []) == []


ANTWERP = {"map.hexes.1703.terrain": "clear", "map.hexes.1704": {"terrain": "clear"}}   # its `city` stays unknown (6.8)


def test_11_18_city_unknown_refuses_the_assault(tmp_path):
    """11.18: units defending in cities get two columns left. Antwerp (1703), whose `city` the text
    leaves unknown, is not "no city": the assault is refused naming map.hexes.1703.city instead of
    resolving with no city shift."""
    data = complete_map(tmp_path, drop=("map.hexes.1703.city",), **ANTWERP)
    state = position(data, turn=2, units={"g-pz1": "1704", "g-pz2": "1704", "us-1": "1703"})
    problems = GAME.check(data, state, "german", [{"attack": "1703", "with": ["g-pz1", "g-pz2"]}])
    assert len(problems) == 1 and "map.hexes.1703.city" in problems[0].message


def test_3_9_city_unknown_refuses_control_on_entry(tmp_path):
    """3.9: control switches when an enemy unit first enters a city; entering a hex whose `city` is
    unknown refuses (check and apply alike) instead of treating it as no city."""
    data = complete_map(tmp_path, drop=("map.hexes.1703.city",), **ANTWERP)
    state = position(data, turn=2, army="western", phase="movement", units={"us-1": "1704"})
    order = [{"move": "us-1", "path": ["1704", "1703"]}]
    problems = GAME.check(data, state, "alliance", order)
    assert len(problems) == 1 and "map.hexes.1703.city" in problems[0].message
    with pytest.raises(UnknownDataError, match=r"map\.hexes\.1703\.city"):
        GAME.apply(data, state, "alliance", order, ScriptedDice(default=1))
