"""13.10 German naval gun support and 13.12 Führer-Mandated Offensives on German prepared
assaults (behaviour 3), and 7.5 (5), (8). The mobile-assault test data (made up, not the
published map or CRT) with 4213E as a Baltic coastal hex."""

import dataclasses
from pathlib import Path

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"
NO_COAST = "  map.regions.baltic_sea_coastal_hexes.hexes: []\n"


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "support.yaml"
    target.write_text(MOBILE.read_text().replace(NO_COAST, "") + '  map.regions.baltic_sea_coastal_hexes.hexes: ["4213E"]\n')
    return load_game_data("smithereens", target)


def position(data, turn=2, level="beginner"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level, "fog": "off"})
    state.update(turn=turn, army="german", phase="assault")
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


ATTACK = {"attack": "4213E", "with": ["ger-a", "ger-b"]}      # 4 attack factors against 7: 1:2 on the German line


def column(data, state, order):
    return GAME.battle_odds(data, state, "german", order, GAME.crt_columns(data))["column"]


def test_naval_guns_shift_a_german_attack_on_soviets_on_the_baltic_coast_one_column(data):  # 13.10
    """13.10: "Once per game turn, the German may announce he's using those ships' guns to support any one
    of his attacks or defenses against Soviet units. The effect is to shift those combat odds one column
    in the German's favor. To be used in a German attack, the Soviet defenders must be located in a
    Baltic coastal hex." """
    state = position(data)
    assert column(data, state, ATTACK) == "1:2/1:3"
    assert column(data, state, {**ATTACK, "naval_guns": True}) == "1:1/1:2"
    out = GAME.apply(data, state, "german", [{**ATTACK, "naval_guns": True}], ScriptedDice(6))
    assault = next(e for e in out.events if e["event"] == "assault")
    assert {"shift": 1, "why": "naval gun support", "rule": "13.10"} in assault["shifts"]
    assert out.state["naval_guns_turns"] == [2]


def test_naval_guns_once_a_game_turn_soviets_on_the_coast_only_none_after_the_collapse(data):  # 13.10, 7.5 (8)
    state = position(data)
    state["naval_guns_turns"] = [2]
    assert problems(data, state, [{**ATTACK, "naval_guns": True}]) == ["German naval gun support may be used 1 time a game turn (13.10)"]
    state = position(data)
    assert problems(data, state, [{"attack": "4212E", "with": ["ger-a"], "naval_guns": True}]) == [
        "the naval guns support a German attack only on Soviet defenders in a Baltic coastal hex, not 4212E (13.10)"]
    state["collapsed"] = True
    assert problems(data, state, [{**ATTACK, "naval_guns": True}]) == [
        "German naval gun support ended with the economic collapse (7.5 (8), 13.10)"]


def test_an_fmo_runs_the_german_pa_on_the_alliance_odds_line(data):  # 13.12
    """13.12: "The effect is to allow the supported PA(s) to be run on the Alliance odds ratio line on the
    CRT, rather than the normal German one. In cases of multi-hex German PAs, all stacks in the PA must
    get their own FMO counter" """
    state = position(data)
    assert column(data, state, {**ATTACK, "fmo": True}) == "1:1/1:2"          # 4:7 is 1:2 on the Alliance line
    two_stacks = {"attack": "4213E", "with": ["ger-a", "ger-r"], "fmo": True}   # 4112E and 4113E
    out = GAME.apply(data, state, "german", [two_stacks], ScriptedDice(6))
    assert out.state["fmo_used"] == 2
    assert {"event": "fmo", "hex": "4213E", "markers": 2, "left": 7, "rule": "13.12"} in out.events
    state = position(data)
    state["fmo_used"] = 8
    assert problems(data, state, [two_stacks]) == [
        "the German has 9 FMO markers for the game, 1 left; this needs one per attacking stack (13.12)"]
    state["collapsed"] = True
    assert problems(data, state, [{**ATTACK, "fmo": True}]) == [
        "the unused FMO markers were forfeit at the economic collapse (7.5 (5), 13.12)"]


def test_an_fmo_needs_ruhr_supply_at_the_standard_level(data):  # 13.12
    """13.12: "Such units must be in direct overland supply to a functioning Ruhr City hex." """
    assert problems(data, position(data, level="standard"), [{**ATTACK, "fmo": True}]) == [
        "the FMO-supported stack in 4112E is not in direct overland supply to a German-controlled Ruhr City hex (13.12)"]


def test_only_german_assaults_and_behaviour_2_as_before(data):  # 13.10, 13.12; docs/upgrading.md
    state = dict(position(data), army="soviet")
    assert problems(data, state, [{"attack": "4112E", "with": ["sov-t1"], "fmo": True}]) == [
        "only German prepared assaults may have naval gun support or an FMO (13.10, 13.12)"]
    old = dataclasses.replace(data, behaviour=2)
    assert problems(old, position(old), [{**ATTACK, "fmo": True}])[0].startswith("an assault order is `attack: HEX`")


# -- 13.12 the FMO mech units' two-hex advance (behaviour 4) ----------------------------------------
PANZER = ('  units.counters.ger-pz: {side: german, type: armor, steps: 2, full: {attack: 9, defense: 4, movement: 6}, '
          'reduced: {attack: 4, defense: 2, movement: 6}, setup: "4112E"}\n  map.hexes.4313E: {terrain: clear}\n')
FMO_ATTACK = {"attack": "4213E", "with": ["ger-a", "ger-b", "ger-pz"], "fmo": True}     # 13 against 7 on the Alliance line


@pytest.fixture
def panzer(tmp_path):
    target = tmp_path / "panzer.yaml"
    target.write_text(MOBILE.read_text() + PANZER)
    return load_game_data("smithereens", target)


def fmo_roll_2(data, advance):
    """Roll 2 on 2:1/1:1 is 2/1: the Soviet defenders of 4213E choose how to take one loss point (11.25)."""
    out = GAME.apply(data, position(data), "german", [{**FMO_ATTACK, "fmo_advance": advance}], ScriptedDice(2))
    assert out.state["phase"] == "response" and out.state["pending"][0]["fmo_advance"] == advance
    return out.state


def test_an_fmo_mech_unit_advances_two_hexes_its_first_not_the_vacated_one(panzer):  # 13.12
    """13.12: "all mech units that participate in an advance-after-combat in an FMO-PA may advance two
    hexes rather than just one. Further, those bonus-advancing mech units are also freed from the
    requirement of having to advance their first hex into the defender's vacated hex — they may instead
    simply advance into any two non-enemy-occupied hexes." """
    state = fmo_roll_2(panzer, {"ger-pz": ["4113E", "4214E"]})
    out = GAME.apply(panzer, state, "alliance", [{"battle": "4213E", "retreat": "4313E"}], ScriptedDice())
    assert out.state["units"]["ger-pz"]["hex"] == "4214E"
    assert {"event": "fmo_advance", "unit": "ger-pz", "path": ["4112E", "4113E", "4214E"], "declared": ["4113E", "4214E"],
            "rule": "13.12"} in out.events


def test_no_fmo_advance_unless_the_defender_left_and_none_into_an_enemy_hex(panzer):  # 13.12
    """13.12: "(Just as in regular PAs, however, if the defender isn't first eliminated or retreated out of
    his hex, there is no advance at all.)"; the hexes are "non-enemy-occupied": a Soviet retreat into the
    declared second hex stops the panzer in the first."""
    state = fmo_roll_2(panzer, {"ger-pz": ["4213E", "4214E"]})
    held = GAME.apply(panzer, state, "alliance", [{"battle": "4213E", "steps": {"sov-inf": 1}}], ScriptedDice())
    assert held.state["units"]["ger-pz"]["hex"] == "4112E" and not [e for e in held.events if e["event"] == "fmo_advance"]
    state = fmo_roll_2(panzer, {"ger-pz": ["4213E", "4214E"]})
    blocked = GAME.apply(panzer, state, "alliance", [{"battle": "4213E", "retreat": "4214E"}], ScriptedDice())
    assert blocked.state["units"]["ger-pz"]["hex"] == "4213E"
    assert next(e for e in blocked.events if e["event"] == "fmo_advance")["path"] == ["4112E", "4213E"]


def test_the_fmo_advance_is_declared_on_an_fmo_pa_for_its_mech_units_only(panzer):  # 13.12; docs/upgrading.md
    state = position(panzer)
    assert problems(panzer, state, [{**{k: v for k, v in FMO_ATTACK.items() if k != "fmo"}, "fmo_advance": {"ger-pz": ["4013E"]}}])[0] == \
        "`fmo_advance:` belongs to an FMO-supported PA (`fmo: true`) (13.12)"
    assert problems(panzer, state, [{**FMO_ATTACK, "fmo_advance": {"ger-a": ["4013E"]}}]) == [
        "ger-a is not mechanized; only mech units advance two hexes after an FMO PA (13.12)"]
    assert problems(panzer, state, [{**FMO_ATTACK, "fmo_advance": {"ger-pz": ["4013E", "4012E", "4011E"]}}]) == [
        "`fmo_advance:` maps each advancing mech unit to its path of 1 to 2 hexes (13.12)"]
    assert problems(panzer, state, [{**FMO_ATTACK, "fmo_advance": {"ger-pz": ["4212E"]}}]) == [
        "ger-pz advances only into non-enemy-occupied hexes, not 4212E (13.12)"]
    assert problems(panzer, state, [{**FMO_ATTACK, "advance": ["ger-pz"], "fmo_advance": {"ger-pz": ["4013E"]}}]) == [
        "ger-pz is not one of this attack's units, or is also in `advance:` (13.12, 11.33)"]
    assert problems(panzer, state, [{**FMO_ATTACK, "fmo_advance": {"ger-pz": ["4113E", "4215E"]}}]) == [
        "ger-pz advances hex by hex; 4215E does not follow 4113E (13.12)"]
    old = dataclasses.replace(panzer, behaviour=3)           # a behaviour-3 campaign: the order as it always was
    assert problems(old, position(old), [{**FMO_ATTACK, "fmo_advance": {"ger-pz": ["4013E"]}}])[0].startswith(
        "an assault order is `attack: HEX`")


# -- 13.10 the naval guns on a German defense (behaviour 4) ----------------------------------------
@pytest.fixture
def coast(tmp_path):
    target = tmp_path / "coast.yaml"
    target.write_text(MOBILE.read_text().replace(NO_COAST, "") + '  map.regions.baltic_sea_coastal_hexes.hexes: ["4112E"]\n')
    return load_game_data("smithereens", target)


SOVIET_PA = {"attack": "4112E", "with": ["sov-t1", "sov-t2", "sov-art"]}       # on ger-a and ger-b, on the coast


def soviet_pa(data, **changes):
    state = dict(position(data), army="soviet", **changes)
    return GAME.apply(data, state, "alliance", [SOVIET_PA], ScriptedDice(3))


def test_the_german_announces_the_naval_guns_on_his_defense_before_the_soviet_die(coast):  # 13.10
    """13.10: "Once per game turn, the German may announce he's using those ships' guns to support any one
    of his attacks or defenses against Soviet units. The effect is to shift those combat odds one column
    in the German's favor. ... To be used in a German defense, the German defenders must be in a Baltic
    coastal hex." The Soviet PA file pauses, no die rolled, for the German's signed answer."""
    paused = soviet_pa(coast)
    assert paused.state["phase"] == "naval" and not [e for e in paused.events if e["event"] == "assault"]
    waiting = GAME.awaiting(paused.state)
    assert (waiting.side, waiting.kind, waiting.opponents) == ("german", "response", ("alliance",))
    assert waiting.phase == "Turn 2 Soviet prepared assaults: German naval gun support of a defense (13.10)"
    assert [p.message for p in GAME.check(coast, paused.state, "german", [{"naval_guns": "4213E"}])] == [
        "the answer is one order `naval_guns: HEX` (one of 4112E) or `naval_guns: none` (13.10)"]
    plain = soviet_pa(coast)
    unsupported = GAME.apply(coast, plain.state, "german", [{"naval_guns": "none"}], ScriptedDice(3))
    supported = GAME.apply(coast, paused.state, "german", [{"naval_guns": "4112E"}], ScriptedDice(3))
    before = next(e for e in unsupported.events if e["event"] == "assault")
    after = next(e for e in supported.events if e["event"] == "assault")
    assert {"shift": -1, "why": "naval gun support", "rule": "13.10"} in after["shifts"]
    assert GAME.crt_columns(coast).index(after["column"]) == GAME.crt_columns(coast).index(before["column"]) - 1
    assert supported.state["naval_guns_turns"] == [2] and "naval_guns_turns" not in unsupported.state
    assert {"event": "naval_defense", "hex": "4112E", "rule": "13.10"} in supported.events


def test_no_pause_once_used_this_turn_after_the_collapse_off_the_coast_or_in_behaviour_3(coast, data):  # 13.10, 7.5 (8)
    for resolved in (soviet_pa(coast, naval_guns_turns=[2]), soviet_pa(coast, collapsed=True), soviet_pa(data),
                     soviet_pa(dataclasses.replace(coast, behaviour=3))):
        assert resolved.state["phase"] != "naval" and [e for e in resolved.events if e["event"] == "assault"]


def test_the_naval_guns_on_a_defense_against_a_soviet_mobile_assault(coast):  # 13.10, 12.8
    """13.10's "any one of his ... defenses against Soviet units": a Soviet mobile assault round on German
    defenders in a Baltic coastal hex waits for the German's answer before its die; the guns chosen
    shift that round (and the later rounds of that assault) one column in the German's favour."""
    state = dict(position(coast, level="standard"), army="soviet", phase="movement")
    paused = GAME.apply(coast, state, "alliance", [{"assault": "4112E", "with": ["sov-t1", "sov-t2", "sov-art"]}], ScriptedDice(1))
    assert paused.state["phase"] == "naval" and not [e for e in paused.events if e["event"] == "mobile_assault"]
    assert GAME.awaiting(paused.state).phase == "Turn 2 Soviet mobile assault at 4112E: German naval gun support of the defense (13.10)"
    out = GAME.apply(coast, paused.state, "german", [{"naval_guns": "4112E"}], ScriptedDice(1))
    ma = next(e for e in out.events if e["event"] == "mobile_assault")
    assert (ma["odds"], ma["column"]) == ("9:1", "7:1/6:1")        # 9:1 less one column is still past the last (11.23)
    assert {"shift": -1, "why": "naval gun support", "rule": "13.10"} in ma["shifts"]
    assert out.state["naval_guns_turns"] == [2] and out.state["mobile"]["open"]["naval_defense"] is True


def test_the_demo_policy_answers_the_naval_pause(coast):  # 13.10; pbem demo and the benchmarks
    from types import SimpleNamespace

    from pbem.games.smithereens.demo import legal_response
    paused = soviet_pa(coast)
    answer = legal_response(SimpleNamespace(game=GAME, data=coast), paused.state)
    assert answer == [{"naval_guns": "4112E"}] and GAME.check(coast, paused.state, "german", answer) == []
