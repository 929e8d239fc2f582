"""Operation Grenade rules fixed for issue 10, each test citing its rule: 18.11 "exclusively
across Roer hexsides", 9.82/9.86 the steps of an untried unit, 9.63 the corps of a unit (errata
E4), 22.2 the German "may attempt" to blow a bridge, 5.52 the movement class in a message.

Driven on the demonstration data (examples/operation-grenade-demo/data-override.yaml), with
tests/data/og-roer-extra.yaml adding two ordinary river hexsides next to the Roer."""

from pathlib import Path

import pytest

from pbem.gamedata import apply_override, load_game_data
from tests.test_operation_grenade_rules import DEMO, attack, position, problems, scenario  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parent.parent
ROER_EXTRA = ROOT / "tests" / "data" / "og-roer-extra.yaml"


@pytest.fixture(scope="module")
def data():
    return load_game_data("operation-grenade", DEMO)


@pytest.fixture(scope="module")
def rivers():
    data = load_game_data("operation-grenade", DEMO)
    apply_override(data, ROER_EXTRA)              # 0508|0608 and 0708|0808: ordinary rivers
    return data


# -- 18.11 "attacked exclusively across Roer hexsides" ----------------------------------------------

@pytest.mark.parametrize("defender, roer_attacker, river_attacker", [
    ("0608", "0607", "0508"),        # 0607|0608 upper Roer + 0508|0608 river: not x4 (rapid upper)
    ("0708", "0707", "0808"),        # 0707|0708 lower Roer + 0708|0808 river: not x3 (rapid lower)
])
def test_18_11_roer_and_an_ordinary_river_is_9_32s_doubling(rivers, scenario, defender, roer_attacker, river_attacker):
    """18.11: the Roer multipliers apply when a unit "is attacked exclusively across" Roer hexsides;
    one attacker across an ordinary river makes it 9.32's x2 (attacked entirely across rivers)."""
    state = position(rivers, scenario, {"119/30/19": (roer_attacker, "3-06"), "175/29/19": (river_attacker, "3-04"),
                                        "1150/183/12": (defender, "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current="rapid")
    _, _, event = attack(rivers, state, defender, ["119/30/19", "175/29/19"], 2, 2)
    assert event["defence"] == 3 * 2
    assert [(m["times"], m["rule"]) for m in event["modifiers"]] == [(2, "9.32")]


@pytest.mark.parametrize("current, times", [("rapid", 4), ("torrent", 5), ("normal", 3)])
def test_18_11_exclusively_across_the_upper_roer_uses_the_upper_line(rivers, scenario, current, times):
    """18.11a-c: attacked exclusively across an upper Roer hexside: x5 torrent, x4 rapid, x3 normal."""
    state = position(rivers, scenario, {"119/30/19": ("0607", "3-06"), "1150/183/12": ("0608", "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current=current)
    _, _, event = attack(rivers, state, "0608", ["119/30/19"], 2, 2)
    assert event["defence"] == 3 * times and event["modifiers"][0]["rule"] == "18.11"


def test_18_11_one_attacker_across_no_river_means_no_roer_multiplier(rivers, scenario):
    """18.11 and 9.32: a second attacker across a plain hexside: no multiplier at all."""
    state = position(rivers, scenario, {"119/30/19": ("0607", "3-06"), "175/29/19": ("0709", "3-04"),
                                        "1150/183/12": ("0608", "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current="rapid")
    _, _, event = attack(rivers, state, "0608", ["119/30/19", "175/29/19"], 2, 2)
    assert event["defence"] == 3 and event["modifiers"] == []


# -- 5.52: the movement class in the message ------------------------------------------------------------

def test_5_52_the_non_mechanized_road_cost_refusal_names_the_non_mechanized_class(data, scenario):
    """5.52 / 5.31: the refusal for the unknown strategic road cost of an infantry unit says
    "non-mechanized", not "mechanized"."""
    state = position(data, scenario, {"119/30/19": "0501"})
    [message] = problems(data, state, [{"move": "119/30/19", "path": ["0501", "0502"], "strategic": True}])
    assert "(non-mechanized, 5.52)" in message and "(mechanized, 5.52)" not in message
