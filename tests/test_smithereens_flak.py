"""9.6 the Flak Korps enter at the German economic collapse; 13.13 their combat properties. On the
mobile-assault test data (made up: its map has no Ruhr-Berlin path, so the economy collapses at
the end of the first standard-level step, 7.3) plus three made-up Flak Korps."""

import copy
import dataclasses
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
FLAK = "".join(f"  units.counters.fk-{n}: {{side: german, type: flak, steps: 1, full: {{attack: 0, defense: 2, movement: 0}}}}\n"
               for n in (1, 2, 3)) + '  map.wehrkreis_cities.hexes: ["4012E"]\n'


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    text = MOBILE.read_text().replace("  map.hexes.4113E: {terrain: clear}", "  map.hexes.4113E: {terrain: clear, fortification: fortification}")
    target = tmp_path_factory.mktemp("flak") / "flak.yaml"
    target.write_text(text + FLAK)
    return load_game_data("smithereens", target)


def collapsed(data):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": "standard"})
    assert state["variable"] == {f"fk-{n}": {"trigger": "flak", "steps": 1} for n in (1, 2, 3)}
    state.update(turn=2, army="soviet", phase="movement")
    return GAME.apply(data, state, "alliance", [], ScriptedDice(default=6))


def test_the_collapse_pauses_for_the_german_placement_of_the_flak_korps(data):  # 9.6, 7.3
    """9.6: "All five of the FK units enter play the instant the German economy collapses (see 7.3). The
    German player immediately places them, observing normal stacking limits and no more than one per
    hex, in any German controlled Wehrkreis cities, and/or in any German occupied fortification and
    heavy fortification hexes. (If there aren't enough cities/fortifications left at the moment of
    placement, the surplus FK are forfeit.)\""""
    out = collapsed(data)
    state = out.state
    assert state["collapsed"] and state["phase"] == "flak"
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response")
    assert GAME.flak_hexes(data, state) == ["4012E", "4113E"]       # the Wehrkreis city; ger-r's fortification
    refused = [p.message for p in GAME.check(data, state, "german", [{"place": "fk-1", "at": "4012E"}])]
    assert refused == ["place 2 Flak Korps, one `place: UNIT` / `at: HEX` each, in 4012E, 4113E (9.6)"]
    twice = [{"place": "fk-1", "at": "4012E"}, {"place": "fk-2", "at": "4012E"}]
    assert [p.message for p in GAME.check(data, state, "german", twice)][0].endswith("4012E, 4113E, not 4012E (9.6, 13.13)")
    placed = GAME.apply(data, state, "german", [{"place": "fk-1", "at": "4012E"}, {"place": "fk-3", "at": "4113E"}], ScriptedDice())
    assert placed.state["units"]["fk-3"] == {"hex": "4113E", "steps": 1}
    assert {"event": "forfeit", "unit": "fk-2", "rule": "9.6"} in placed.events and "variable" not in placed.state
    assert placed.state["phase"] == "assault"                         # the step awaited before goes on


def test_flak_shifts_left_and_gives_up_the_first_step(data):  # 13.13
    """13.13: "An involved Flak unit must always be the first step given up to satisfy any German
    defensive combat result. Any defending German stack containing a Flak unit receives a one column
    leftward CRT odds shift.\""""
    state = collapsed(data).state
    state = GAME.apply(data, state, "german", [{"place": "fk-1", "at": "4012E"}, {"place": "fk-3", "at": "4113E"}], ScriptedDice()).state
    # behaviour 5 asks the German for the forced answer (behaviour 6 applies it, below)
    old, kept = dataclasses.replace(data, behaviour=5), copy.deepcopy(state)
    out = GAME.apply(old, state, "alliance", [{"attack": "4113E", "with": ["sov-t3", "sov-inf"]}], ScriptedDice(2))
    battle = next(e for e in out.events if e["event"] == "assault")
    assert battle["shifts"] == [{"shift": -1, "why": "fortification", "rule": "11.17"}, {"shift": -1, "why": "river", "rule": "11.15"},
                                {"shift": -1, "why": "Flak Korps", "rule": "13.13"}]
    assert (battle["defenders"], battle["column"], battle["result"]) == (["fk-3", "ger-r"], "2:1/1:1", "2/1")
    after = out.state
    assert [p.message for p in GAME.check(old, after, "german", [{"battle": "4113E", "steps": {"ger-r": 1}}])] == [
        "fk-3 is Flak: its step is the first given up on defense (13.13)"]
    done = GAME.apply(old, after, "german", [{"battle": "4113E", "steps": {"fk-3": 1}}], ScriptedDice())
    assert "fk-3" in done.state["eliminated"] and "ger-r" in done.state["units"]
    # behaviour 6: the Flak step is the only legal answer (13.13, 11.30), applied without asking
    forced = GAME.apply(data, kept, "alliance", [{"attack": "4113E", "with": ["sov-t3", "sov-inf"]}], ScriptedDice(2))
    assert {"event": "defender_losses", "hex": "4113E", "steps_lost": {"fk-3": 1}, "forced": True,
            "rule": "11.29, 11.30: the only legal answer, applied without asking"} in forced.events
    assert "fk-3" in forced.state["eliminated"] and forced.state["phase"] != "response"
    # with no choice left to the German, the Flak step goes first all the same
    assert GAME.defender_loss_order(data, ["ger-r", "fk-3"]) == ["fk-3", "ger-r"]


def test_one_flak_unit_a_hex(data):  # 13.13
    assert GAME.stacking_problem(data, ["fk-1", "fk-2"]) == "no more than one Flak unit in a hex (13.13)"
