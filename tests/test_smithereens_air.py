"""13.7 Western Allied strategic airpower, on the mobile-assault test data plus two made-up US corps
(not the published counters)."""

from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
US = ('  units.counters.us-{n}: {{side: western, grouping: us, type: armor, steps: 2, full: {{attack: 4, defense: 3, movement: 4}}, '
      'reduced: {{attack: 2, defense: 2, movement: 4}}, setup: "{hex}"}}\n')


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    target = tmp_path_factory.mktemp("air") / "air.yaml"
    target.write_text(MOBILE.read_text() + US.format(n=1, hex="4111E") + US.format(n=2, hex="4013E"))
    return load_game_data("smithereens", target)


def position(data, turn=4):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": "standard"})
    for unit_id in [u for u in state["units"] if u.startswith("sov-")]:
        del state["units"][unit_id]
    state.update(turn=turn, army="western", phase="assault")
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, "alliance", orders)]


ATTACK = {"attack": "4112E", "with": ["us-1", "us-2"], "advance": ["us-1"], "bombers": ["ger-a", "ger-b", "ger-a"]}


def test_the_strike_takes_its_steps_in_the_allies_order_then_the_pa(data):  # 13.7
    """13.7: "On a roll of 1 or 2, the German loses one step (Allies' choice) from the target hex; on
    a roll of 3 or 4 he loses two steps; on a roll of 5 or 6 he loses three steps. Then remove the
    bomber marker and resolve the battle using normal PA procedures.\""""
    out = GAME.apply(data, position(data), "alliance", [ATTACK], ScriptedDice(by_key={"bombers/": [3], "crt/": [6]}))
    strike = next(e for e in out.events if e["event"] == "bombers")
    assert (strike["roll"], strike["steps"], strike["steps_lost"], strike["annihilated"]) == (3, 2, {"ger-a": 1, "ger-b": 1}, False)
    battle = next(e for e in out.events if e["event"] == "assault")
    assert battle["defenders"] == ["ger-a", "ger-b"] and battle["defense"] == 1   # two reduced, OOS halved: 1+1 -> 1
    assert out.state["bombers_used"] == [4]


def test_annihilated_by_the_bombers_the_attackers_advance_one_hex(data):  # 13.7
    """13.7: "If all the defenders were annihilated by the bombers, the designated attacking units
    get a free, one-hex advance-after-combat.\""""
    state = position(data)
    state["units"]["ger-a"]["steps"] = 1
    state["units"]["ger-b"]["steps"] = 1
    order = dict(ATTACK, bombers=["ger-b", "ger-a"])
    out = GAME.apply(data, state, "alliance", [order], ScriptedDice(by_key={"bombers/": [5]}))
    assert [e["event"] for e in out.events][:2] == ["bombers", "advance"]
    assert out.state["units"]["us-1"]["hex"] == "4112E" and "assault" not in [e["event"] for e in out.events]
    lines = GAME.describe(data, out.state, out.events)
    assert ("item", "Strategic bombers over 4112E: die roll 5 (1d6, purpose bombers/4112E), 3 steps: ger-a −1 step, "
                    "ger-b −1 step; the defenders are annihilated (13.7)") in lines


def test_twice_a_game_after_turn_3_western_only_and_the_loss_order_named(data):  # 13.7
    assert problems(data, position(data, turn=3), [ATTACK]) == ["the strategic bombers fly only after turn 3 (13.7)"]
    used = position(data)
    used["bombers_used"] = [4, 5]
    assert problems(data, used, [ATTACK]) == ["the strategic bombers fly only 2 times a game (13.7); used on turns 4, 5"]
    assert problems(data, position(data), [dict(ATTACK, bombers=["ger-a"])]) == [
        "`bombers:` must name 3 steps, as many as the strike may take (13.7)"]
    assert problems(data, position(data), [dict(ATTACK, bombers=["ger-a", "ger-a", "ger-a"])]) == [
        "`bombers:` lists the defenders of 4112E (ger-a, ger-b) once per step, in the order the Allies take them (13.7)"]


def test_one_bomber_attack_per_turn(data):  # 13.7 "(Only one bomber attack per turn.)"
    orders = [{"attack": "4112E", "with": ["us-1"], "bombers": ["ger-a", "ger-b", "ger-a"]},
              {"attack": "4113E", "with": ["us-2"], "bombers": ["ger-r"]}]
    assert problems(data, position(data), orders) == ["only 1 bomber attack per turn (13.7)"]


def two_us_corps(tmp_path_factory, name: str, hexsides: str):
    target = tmp_path_factory.mktemp(name) / f"{name}.yaml"
    target.write_text(MOBILE.read_text() + US.format(n=1, hex="4111E") + US.format(n=2, hex="4013E") + hexsides)
    return load_game_data("smithereens", target)


@pytest.fixture(scope="module")
def rivers(tmp_path_factory):
    return two_us_corps(tmp_path_factory, "riverine", "  map.hexsides.4111E|4112E: river\n  map.hexsides.4013E|4112E: river\n")


def test_the_amphibious_and_riverine_marker_negates_the_river(rivers):  # 13.9 mission 1
    """13.9: "1. Placed atop a stack of Western Allied units about to PA across a river hex, it completely
    negates that river hexside's defensive benefit (the Rhine included).\""""
    plain = {"attack": "4112E", "with": ["us-1", "us-2"]}
    out = GAME.apply(rivers, position(rivers, turn=7), "alliance", [plain], ScriptedDice(6))
    assert {"shift": -1, "why": "river", "rule": "11.15"} in next(e for e in out.events if e["event"] == "assault")["shifts"]
    state = position(rivers, turn=7)
    out = GAME.apply(rivers, state, "alliance", [dict(plain, riverine="4111E")], ScriptedDice(6))
    assert next(e for e in out.events if e["event"] == "assault")["shifts"] == []     # us-2 alone across a river: 11.15 lost
    assert out.state["riverine_turns"] == [7]
    assert problems(rivers, position(rivers, turn=6), [dict(plain, riverine="4111E")]) == [
        "the Amphibious & Riverine marker arrives on Game Turn 7 (13.9)"]
    used = dict(position(rivers, turn=7), riverine_turns=[7])
    assert problems(rivers, used, [dict(plain, riverine="4111E")]) == ["the Amphibious & Riverine marker flies 1 mission a game turn (13.9)"]
    assert problems(rivers, position(rivers, turn=7), [dict(plain, riverine="4212E")]) == [
        "`riverine:` is the hex of an attacking stack across a river, lake or all-sea hexside from 4112E (13.9)"]


@pytest.fixture(scope="module")
def lake(tmp_path_factory):
    return two_us_corps(tmp_path_factory, "lake", "  map.hexsides.4111E|4112E: lake\n")


def test_mission_2_lets_one_stack_assault_across_a_lake_as_across_a_river(lake):  # 13.9 mission 2
    """13.9: "2. In a similar fashion, it can allow any one stack of Western Allied units to move and/or PA
    across any lake or all-sea hexside as if it were a non-Rhine river hexside." """
    plain = {"attack": "4112E", "with": ["us-1"]}
    assert problems(lake, position(lake, turn=7), [plain]) == ["us-1 cannot attack across the lake hexside (11.14)"]
    out = GAME.apply(lake, position(lake, turn=7), "alliance", [dict(plain, riverine="4111E")], ScriptedDice(6))
    assert {"shift": -1, "why": "river", "rule": "11.15"} in next(e for e in out.events if e["event"] == "assault")["shifts"]
    assert out.state["riverine_turns"] == [7]
    both = {"attack": "4112E", "with": ["us-1", "us-2"], "riverine": "4111E"}     # us-2 across no river: no 11.15 shift
    out = GAME.apply(lake, position(lake, turn=7), "alliance", [both], ScriptedDice(6))
    assert next(e for e in out.events if e["event"] == "assault")["shifts"] == []


@pytest.fixture(scope="module")
def crossing(tmp_path_factory):
    return two_us_corps(tmp_path_factory, "crossing", "  map.hexsides.4110E|4111E: lake\n  map.hexsides.4012E|4013E: sea\n")


def moving(data, turn=7):
    return dict(position(data, turn=turn), phase="movement")


def test_mission_2_lets_one_stack_move_across_a_lake_as_across_a_river(crossing):  # 13.9 mission 2, behaviour 4
    """13.9: "2. In a similar fashion, it can allow any one stack of Western Allied units to move and/or PA
    across any lake or all-sea hexside as if it were a non-Rhine river hexside." us-1 (4 MF, halved out
    of supply: 2) crosses the lake 4111E|4110E into clear 4110E for 1 + the river's 1 MP (10.16)."""
    move = {"move": "us-1", "path": ["4111E", "4110E"]}
    assert problems(crossing, moving(crossing), [move]) == ["us-1: 4111E → 4110E: movement across the lake hexside 4111E-4110E is impossible (10.15)"]
    out = GAME.apply(crossing, moving(crossing), "alliance", [dict(move, riverine=True)], ScriptedDice(6))
    assert out.state["units"]["us-1"]["hex"] == "4110E" and out.state["riverine_turns"] == [7]
    assert {"event": "riverine_move", "units": ["us-1"], "rule": "13.9"} in out.events
    assert problems(crossing, moving(crossing, turn=6), [dict(move, riverine=True)]) == [
        "the Amphibious & Riverine marker arrives on Game Turn 7 (13.9)"]
    assert problems(crossing, dict(moving(crossing), riverine_turns=[7]), [dict(move, riverine=True)]) == [
        "the Amphibious & Riverine marker flies 1 mission a game turn (13.9)"]
    other = {"move": "us-2", "path": ["4013E", "4012E"], "riverine": True}          # another stack, across the sea hexside
    assert problems(crossing, moving(crossing), [dict(move, riverine=True), other]) == [
        "the Amphibious & Riverine marker carries one stack of one grouping: us-2 is not of the stack that began in 4111E (us) (13.9)"]


@pytest.fixture(scope="module")
def cut_off(tmp_path_factory):
    """4110E, the Western supply source of this test map (made up), is walled by water but for its
    lake hexside with us-1's 4111E (and the sea hex 4109E)."""
    walls = "".join(f"  map.hexsides.{a}|{b}: lake\n" for a, b in (("4010E", "4110E"), ("4011E", "4110E"), ("4110E", "4111E"),
                                                                   ("4110E", "4210E"), ("4110E", "4211E")))
    target = tmp_path_factory.mktemp("cut-off") / "cut-off.yaml"
    text = MOBILE.read_text().replace("  map.regions.france_west_edge.hexes: []\n", '  map.regions.france_west_edge.hexes: ["4110E"]\n')
    target.write_text(text + US.format(n=1, hex="4111E") + US.format(n=2, hex="4013E") + walls)
    return load_game_data("smithereens", target)


def test_mission_3_lets_western_supply_lines_cross_the_water(cut_off):  # 13.9 mission 3, behaviour 4
    """13.9: "3. Placed astride a lake or all-sea hexside at the start of a Western Allied movement phase,
    it allows those units' supply lines to be traced across that hexside as if it were a land hexside." """
    state = moving(cut_off)
    assert not GAME.in_supply(cut_off, state, "us-1")
    assert problems(cut_off, state, [{"move": "us-1", "path": ["4111E", "4011E", "4012E", "4013E"]}]) == [
        "us-1 needs 3 MP for this path but has 2 (10.2; 10.4 guarantees one hex only)"]      # out of supply: halved (6.3)
    out = GAME.apply(cut_off, state, "alliance", [{"riverine_supply": "4111E|4110E"}, {"move": "us-1", "path": ["4111E", "4011E", "4012E", "4013E"]}],
                     ScriptedDice(6))
    assert out.state["riverine_supply"] == ["4110E", "4111E"] and out.state["riverine_turns"] == [7]
    assert out.state["units"]["us-1"]["hex"] == "4013E"          # in supply at the start of its move: 4 MF, not 2 (6.3)
    back = dict(out.state, units=dict(out.state["units"], **{"us-1": {"hex": "4111E", "steps": 2}}))
    assert GAME.in_supply(cut_off, back, "us-1")
    assert problems(cut_off, moving(cut_off), [{"riverine_supply": "4111E|4112E"}]) == [
        "4111E|4112E is not a lake or all-sea hexside (13.9 mission 3)"]
    assert problems(cut_off, moving(cut_off), [{"riverine_supply": "4111E|4110E"},
                                               {"move": "us-1", "path": ["4111E", "4110E"], "riverine": True}]) == [
        "the Amphibious & Riverine marker flies 1 mission a game turn (13.9)"]
    GAME.next_player_turn(cut_off, back)
    assert "riverine_supply" not in back                          # until the next player turn begins (reading)
