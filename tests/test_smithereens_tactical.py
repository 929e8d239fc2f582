"""13.5-13.6 German and Soviet tactical air on Soviet prepared assaults (behaviour 4, standard level),
on the mobile-assault test data (made up, not the published map or CRT): the Soviet attacks ger-a
and ger-b in 4112E."""

import pytest

from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice
from tests.test_smithereens_support import SOVIET_PA, position


# a made-up road of clear hexes from the Ruhr city 2407 to Berlin (3611), so that the economy does not
# collapse at the end of each standard-level step (7.3 3) and the German keeps his aircraft (7.5)
ROAD = "".join(f"  map.hexes.{h}: {{terrain: clear}}\n" for h in ("2506", "2606", "2706", "2807", "2907", "3008", "3108", "3209",
                                                                 "3309", "3410", "3510"))


@pytest.fixture
def data(tmp_path):
    from tests.test_smithereens_support import MOBILE
    from pbem.gamedata import load_game_data
    target = tmp_path / "air.yaml"
    target.write_text(MOBILE.read_text() + ROAD)
    return load_game_data("smithereens", target)


@pytest.fixture
def coast(tmp_path):
    from tests.test_smithereens_support import MOBILE, NO_COAST
    from pbem.gamedata import load_game_data
    target = tmp_path / "coast.yaml"
    target.write_text(MOBILE.read_text().replace(NO_COAST, "") + '  map.regions.baltic_sea_coastal_hexes.hexes: ["4112E"]\n' + ROAD)
    return load_game_data("smithereens", target)


WEAK = {"attack": "4112E", "with": ["sov-t2"]}        # 6 against ger-a and ger-b's 4: no column at the table's end


def soviet(data, turn=2, **changes):
    return dict(position(data, turn=turn, level="standard"), army="soviet", **changes)


def problems(data, state, orders, side="alliance"):
    return [p.message for p in GAME.check(data, state, side, orders)]


def test_soviet_first_then_the_german_answers_before_the_die(data):  # 13.5
    """13.5: "to commit them to an eligible battle either player (Soviet first) simply declares their use
    at the start of the odds computation process. Their effect, whether used on attack or defense, is a
    one-column odds shift in their side's favor in that battle. (Thus they can cancel each other out if
    used at the same place.)" """
    paused = GAME.apply(data, soviet(data), "alliance", [{**WEAK, "air": True}], ScriptedDice(3))
    assert paused.state["phase"] == "naval" and not [e for e in paused.events if e["event"] == "assault"]
    waiting = GAME.awaiting(paused.state)
    assert (waiting.side, waiting.kind) == ("german", "response")
    assert waiting.phase == "Turn 2 Soviet prepared assaults: German tactical air support of a defense (13.5, 13.6)"
    assert paused.state["air_used"] == {"soviet": 2}
    assert ("p", "The German may commit stuka to the defense against the Soviet attacks on 4112E before the dice (13.5, 13.6).") \
        in GAME.describe(data, paused.state, paused.events)
    alone = GAME.apply(data, paused.state, "german", [], ScriptedDice(3))
    shifts = next(e for e in alone.events if e["event"] == "assault")["shifts"]
    assert {"shift": 1, "why": "Soviet tactical air", "rule": "13.5"} in shifts
    cancelled = GAME.apply(data, GAME.apply(data, soviet(data), "alliance", [{**WEAK, "air": True}], ScriptedDice(3)).state,
                           "german", [{"air": "stuka", "battle": "4112E"}], ScriptedDice(3))
    both = next(e for e in cancelled.events if e["event"] == "assault")
    assert {"shift": -1, "why": "German tactical air (stuka)", "rule": "13.5"} in both["shifts"]
    columns = GAME.crt_columns(data)
    assert columns.index(both["column"]) == columns.index(next(e for e in alone.events if e["event"] == "assault")["column"]) - 1
    assert cancelled.state["air_used"] == {"soviet": 2, "stuka": 2}


def test_the_fw190s_from_turn_4_one_a_battle(data):  # 13.6, 9.5
    """13.6: the two Fw190s "may be used once per game turn on the attack or defense. No more than one,
    however, may be committed to the same battle, and only against Soviet units." 9.5: they "become
    available for German use at the very start of" Game Turn 4."""
    paused = GAME.apply(data, soviet(data, turn=4), "alliance", [SOVIET_PA], ScriptedDice(3))
    assert paused.state["naval_defense"]["air"] == {"units": ["stuka", "fw190-1", "fw190-2"], "battles": ["4112E"]}
    two = [{"air": "fw190-1", "battle": "4112E"}, {"air": "fw190-2", "battle": "4112E"}]
    assert problems(data, paused.state, two, "german") == ["no more than one Fw190 may be committed to the same battle (4112E) (13.6)"]
    twice = [{"air": "stuka", "battle": "4112E"}, {"air": "stuka", "battle": "4112E"}]
    assert problems(data, paused.state, twice, "german") == ["stuka is used once per game turn (13.5, 13.6)"]
    answer = [{"air": "stuka", "battle": "4112E"}, {"air": "fw190-2", "battle": "4112E"}]
    assert problems(data, paused.state, answer, "german") == []
    out = GAME.apply(data, paused.state, "german", answer, ScriptedDice(3))
    assert [s for s in next(e for e in out.events if e["event"] == "assault")["shifts"] if "tactical air" in s["why"]] == [
        {"shift": -1, "why": "German tactical air (stuka)", "rule": "13.5"},
        {"shift": -1, "why": "German tactical air (fw190-2)", "rule": "13.5"}]
    # used this game turn: no more German air to offer, and the Soviet PA resolves at once
    again = GAME.apply(data, soviet(data, turn=4, air_used={"stuka": 4, "fw190-1": 4, "fw190-2": 4}), "alliance", [SOVIET_PA],
                       ScriptedDice(3))
    assert again.state["phase"] != "naval" and [e for e in again.events if e["event"] == "assault"]


def test_no_air_at_the_collapse_or_at_the_beginner_level_and_one_soviet_use(data):  # 13.5, 7.5, 2.18
    """13.6 Design Note: "all German aircraft units are permanently withdrawn from play the instant the
    German economy collapses". 2.18 Beginners Note: "Set aside all the units shown above" (the tactical
    airpower counters among them). 13.5: the Soviet unit aids "one Soviet attack or defense ... each game
    turn"."""
    collapsed = GAME.apply(data, soviet(data, collapsed=True), "alliance", [SOVIET_PA], ScriptedDice(3))
    assert collapsed.state["phase"] != "naval" and [e for e in collapsed.events if e["event"] == "assault"]
    beginner = dict(position(data), army="soviet")
    assert problems(data, beginner, [{**SOVIET_PA, "air": True}]) == [
        "tactical air is a standard-level rule: the beginner sets its markers aside (2.18, 13.5)"]
    assert problems(data, soviet(data, air_used={"soviet": 2}), [{**SOVIET_PA, "air": True}]) == [
        "the Soviet tactical air unit has been used this game turn (13.5)"]
    assert problems(data, soviet(data), [{**SOVIET_PA, "air": "yes"}]) == [
        "`air: true` commits the Soviet tactical air unit to this attack (13.5)"]


def test_one_german_answer_for_the_guns_and_the_air(coast):  # 13.5, 13.10
    """13.10 and 13.5 are both German declarations before the Soviet die: one signed answer carries both."""
    paused = GAME.apply(coast, soviet(coast), "alliance", [SOVIET_PA], ScriptedDice(3))
    waiting = GAME.awaiting(paused.state)
    assert waiting.phase == ("Turn 2 Soviet prepared assaults: German tactical air and naval gun support of a defense "
                             "(13.5, 13.6, 13.10)")
    assert problems(coast, paused.state, [{"air": "stuka", "battle": "4112E"}], "german") == [
        "the answer is one order `naval_guns: HEX` (one of 4112E) or `naval_guns: none` (13.10)"]
    out = GAME.apply(coast, paused.state, "german", [{"naval_guns": "4112E"}, {"air": "stuka", "battle": "4112E"}], ScriptedDice(3))
    whys = [s["why"] for s in next(e for e in out.events if e["event"] == "assault")["shifts"]]
    assert "naval gun support" in whys and "German tactical air (stuka)" in whys
    assert out.state["naval_guns_turns"] == [2] and out.state["air_used"] == {"stuka": 2}


# -- German prepared assaults against Soviet units (tactical_german.py) ------------------------------
GERMAN_PA = {"attack": "4213E", "with": ["ger-a", "ger-b"]}        # on sov-inf and sov-t3


def german(data, turn=2, **changes):
    return dict(position(data, turn=turn, level="standard"), **changes)


def test_on_a_german_attack_the_soviet_declares_first_then_the_german(data):  # 13.5, 13.6
    """13.5: "either player (Soviet first) simply declares their use at the start of the odds computation
    process"; the Soviet unit aids "one Soviet attack or defense"; 13.6: the Fw190s "may be used once per
    game turn on the attack or defense ... only against Soviet units." """
    paused = GAME.apply(data, german(data, turn=4), "german", [GERMAN_PA], ScriptedDice(3))
    waiting = GAME.awaiting(paused.state)
    assert (waiting.side, waiting.kind, waiting.opponents) == ("alliance", "response", ("german",))
    assert waiting.phase == "Turn 4 German prepared assaults: Soviet tactical air on a defense (13.5)"
    assert problems(data, paused.state, [{"air": "4112E"}]) == [
        "4112E is none of the German attacks on Soviet units (4213E) (13.5, 13.6)"]
    second = GAME.apply(data, paused.state, "alliance", [{"air": "4213E"}], ScriptedDice(3))
    waiting = GAME.awaiting(second.state)
    assert (waiting.side, waiting.phase) == ("german", "Turn 4 German prepared assaults: German Fw190s on the attacks (13.5, 13.6)")
    assert second.state["air_used"] == {"soviet": 4}
    two = [{"air": "fw190-1", "battle": "4213E"}, {"air": "fw190-2", "battle": "4213E"}]
    assert problems(data, second.state, two, "german") == ["no more than one Fw190 may be committed to the same battle (4213E) (13.6)"]
    out = GAME.apply(data, second.state, "german", [{"air": "fw190-1", "battle": "4213E"}], ScriptedDice(3))
    shifts = [s for s in next(e for e in out.events if e["event"] == "assault")["shifts"] if "tactical air" in s["why"]]
    assert shifts == [{"shift": 1, "why": "German tactical air (fw190-1)", "rule": "13.5"},
                      {"shift": -1, "why": "Soviet tactical air", "rule": "13.5"}]
    assert out.state["air_used"] == {"soviet": 4, "fw190-1": 4} and "air_pause" not in out.state


def test_one_answer_or_none_when_only_one_side_may_still_declare(data):  # 13.5, 13.6
    """Turn 2 (no Fw190 yet, 9.5): the Soviet's answer alone; the Soviet air used this game turn: the
    German names his Fw190 in his own file and no answer is awaited."""
    paused = GAME.apply(data, german(data), "german", [GERMAN_PA], ScriptedDice(3))
    out = GAME.apply(data, paused.state, "alliance", [], ScriptedDice(3))
    assert {"event": "soviet_air", "hex": None, "rule": "13.5"} in out.events and [e for e in out.events if e["event"] == "assault"]
    assert problems(data, german(data, turn=4), [{**GERMAN_PA, "air": "fw190-1"}], "german") == [
        "the Soviet declares his tactical air first: name the Fw190 in your answer after his (13.5)"]
    assert problems(data, german(data, turn=4), [{**GERMAN_PA, "air": "stuka"}], "german") == [
        "`air:` on a German attack names a Fw190 left this game turn: fw190-1, fw190-2 (13.5, 13.6)"]
    used = german(data, turn=4, air_used={"soviet": 4})
    out = GAME.apply(data, used, "german", [{**GERMAN_PA, "air": "fw190-2"}], ScriptedDice(3))
    assert {"shift": 1, "why": "German tactical air (fw190-2)", "rule": "13.5"} in next(
        e for e in out.events if e["event"] == "assault")["shifts"]
    assert out.state["air_used"] == {"soviet": 4, "fw190-2": 4}
    beginner = GAME.apply(data, position(data), "german", [GERMAN_PA], ScriptedDice(3))
    assert beginner.state["phase"] != "air" and [e for e in beginner.events if e["event"] == "assault"]


def test_an_answer_after_the_collapse_has_no_aircraft_left(data):  # 7.5, 13.6
    """13.6 Design Note: "all German aircraft units are permanently withdrawn from play the instant the
    German economy collapses" — also when it collapses while his answer is awaited (7.3: the end of the
    step)."""
    paused = GAME.apply(data, soviet(data, turn=4), "alliance", [SOVIET_PA], ScriptedDice(3))
    paused.state["collapsed"] = True
    assert problems(data, paused.state, [{"air": "stuka", "battle": "4112E"}], "german") == [
        "an air order is `air: UNIT` (one of none left) with `battle: HEX` (13.5, 13.6)"]
    assert problems(data, paused.state, [], "german") == []
