"""Every worked example of the Dark December rulebook (/work/shared/rulebooks/dark-december.txt), one
test each, the example's text in its docstring. The examples of rules pbem enforces drive the module
(5.6.1 B, 26.2 and 26.5 A here; 10.4.4 A in tests/test_dark_december_strategic.py; 12.3 A, 13.3.1 A,
13.9.1 A and 21.0 A in tests/test_dark_december_rules.py, repeated here by name); those of rules not
enforced (23.0 conditional forces; the 26.20 victory-condition choice: docs/dark-december.md) check
that the data encodes the example and the module's calendar (4.7 B, 18.1) gives its turns."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data
from pbem.games.dark_december.common import turn_label, turn_of

ROOT = Path(__file__).resolve().parent.parent


REINFORCEMENT = {"side": "german", "nationality": "wehrmacht", "type": "volksgrenadier", "division": "none", "attack": 2,
                 "defense": 2, "movement": 4, "reduced": "none"}


@pytest.fixture(scope="module")
def data():
    return load_game_data("dark-december")


@pytest.fixture(scope="module")
def demo():
    return load_game_data("dark-december", ROOT / "examples" / "dark-december-demo" / "data-override.yaml")


def _with(data, values):
    from tests.test_dark_december_rules import changed
    return changed(data, values)


def test_5_6_1_reinforcement_code_example(demo):
    """5.6.1 B: "Example: 22A X, Y indicates a unit which enters on the 22 AM December game turn on any
    entry hex coded X or Y." A counter coded so enters on Game-Turn 13 (10.6 A) on a hex coded X or Y and
    nowhere else (10.6.1 A)."""
    from pbem.games.dark_december.reinforcements import entry_hexes, schedule
    data = _with(demo, {"units.units.counters.ger-rf": {**REINFORCEMENT, "reinforcement": {"turn": "AM 22 December", "areas": ["X", "Y"]}},
                        "map.hexes.1412.entry": "X", "map.hexes.1413.entry": "Y", "map.hexes.1414.entry": "Z"})
    assert turn_label(data, turn_of(data, "AM 22 December")) == "AM 22 December" and turn_of(data, "AM 22 December") == 13
    assert schedule(data, {"ger-rf": data.get("units.counters.ger-rf")}, {"variants": []}) == {"ger-rf": 13}
    assert entry_hexes(data, ["X", "Y"]) == ["1412", "1413"]
    assert "22A X, Y" in data.get("units.markings.reinforcement_code")


def test_10_4_4_strategic_movement_example():
    """10.4.4 A: "Example: An Allied Infantry unit, a 3-4-5, would have a strategic movement capability of
    25 (5 x 5). Moving through a dense forest hex first costs 4 MPs. It could then move into a light woods
    hex containing a road for another 3 MPs, then 15 hexes along a road and into a light woods hex off the
    road." -> tests/test_dark_december_strategic.py::test_10_4_4_example_allied_infantry_capability_25 (behaviour 3:
    the path of the example costs 25 exactly, one hex more is refused)"""
    from tests import test_dark_december_strategic as strategic
    assert "would have a strategic movement capability of 25" in strategic.test_10_4_4_example_allied_infantry_capability_25.__doc__


def test_12_3_armored_zoc_example(data):
    """12.3 A: "Example: If an armored unit is on a road and the road leads directly into an adjacent dense
    forest hex, the ZOC of the armored unit would extend into that hex. Without a road, it would not."
    -> tests/test_dark_december_rules.py::test_armored_zoc_optional (the road into the dense forest); the data
    records the rule."""
    from tests import test_dark_december_rules as rules
    assert "the road leads directly into an adjacent dense forest" in rules.test_armored_zoc_optional.__doc__
    assert "into dense forest or marsh hexes except along roads" in data.get("game.zones_of_control.armored_optional.text")
    assert data.get("terrain.hexes.dense_forest.armored_zoc_optional") == "not into it except along roads"


def test_13_3_1_town_in_woods_example():
    """13.3.1 A: "Example: A town in a woods hex would not increase the town's defense level; it would
    remain four." -> tests/test_dark_december_rules.py::test_defense_level_examples"""
    from tests import test_dark_december_rules as rules
    assert "A town in a woods hex would not increase" in rules.test_defense_level_examples.__doc__


def test_13_9_1_armor_superiority_example():
    """13.9.1 A: "Example: An attack with at least one armor units against defenders in a town lacking armor
    yields a terrain defense level of 3 if the attacker uses armor superiority."
    -> tests/test_dark_december_rules.py::test_defense_level_examples"""
    from tests import test_dark_december_rules as rules
    assert "yields a terrain defense level of 3" in rules.test_defense_level_examples.__doc__


def test_21_0_freeze_example():
    """21.0 A: "Example: It would cost 3 MPs to enter a dense forest hex."
    -> tests/test_dark_december_rules.py::test_ground_freeze_example"""
    from tests import test_dark_december_rules as rules
    assert "It would cost 3 MPs to enter a dense forest hex" in rules.test_ground_freeze_example.__doc__


def test_23_0_conditional_forces_example(data):
    """23.0 B: "Example: If the Allies rolled a 1 on both dice, it could enter the 43rd Division, 33rd
    Armored Brigade, and the remainder of the 5th Armored Division." (optional, not enforced; each 1-2
    lets a side select three units; the example names units outside the listed Allied forces: DD6)"""
    assert "each 1-2 lets it select three conditional units" in data.get("special.conditional_forces_optional.roll")
    assert data.get("special.conditional_forces_optional.example_as_printed").startswith("If the Allies rolled a 1 on both dice")


def test_26_2_command_confusion_example(demo):
    """26.2: "Example: Allied Reinforcements normally arriving on the PM 18 December turn would actually
    arrive on the AM 19 December turn)." One Game-Turn later (the module's schedule with the variant)."""
    from pbem.games.dark_december.reinforcements import schedule
    data = _with(demo, {"units.units.counters.us-rf": {**REINFORCEMENT, "side": "allies", "nationality": "us", "type": "infantry",
                                                        "reinforcement": {"turn": "PM 18 December", "areas": ["W"]}}})
    counters = {"us-rf": data.get("units.counters.us-rf")}
    assert schedule(data, counters, {"variants": []}) == {"us-rf": turn_of(data, "PM 18 December")}
    assert schedule(data, counters, {"variants": ["26.2"]}) == {"us-rf": turn_of(data, "AM 19 December")}
    assert data.get("variants.26_2.example") == {"normal": "PM 18 December", "delayed": "AM 19 December"}


def test_26_5_all_out_german_effort_example(demo):
    """26.5 A: "Example: German reinforcements listed as arriving on the PM 19 December turn would actually
    arrive on the PM 17 December turn." Two days are four Game-Turns (4.7 B); the module's schedule."""
    from pbem.games.dark_december.reinforcements import schedule
    data = _with(demo, {"units.units.counters.ger-rf": {**REINFORCEMENT, "reinforcement": {"turn": "PM 19 December", "areas": ["X"]}}})
    counters = {"ger-rf": data.get("units.counters.ger-rf")}
    assert schedule(data, counters, {"variants": ["26.5"]}) == {"ger-rf": turn_of(data, "PM 17 December")}
    assert turn_of(data, "PM 19 December") - turn_of(data, "PM 17 December") == 4


def test_26_20_small_solution_example(data):
    """26.20 B: "Example: An allied unit scheduled to arrive on Turn 9 from the north edge of the map would in
    fact arrive on Turn 7." Turn 9 is AM 20 December, two Game-Turns after Turn 7 (AM 19 December)."""
    assert (turn_label(data, 9), turn_label(data, 7)) == ("AM 20 December", "AM 19 December")
    assert data.get("variants.26_20.small_solution_example") == {"scheduled": 9, "arrives": 7}


def test_26_20_operation_luxembourg_example(data):
    """26.20 C: "Example: Allied units scheduled to arrive on the AM 22 December turn from the south edge of
    the map would actually arrive on the PM 20 December turn." Three Game-Turns earlier."""
    assert turn_of(data, "AM 22 December") - turn_of(data, "PM 20 December") == 3
