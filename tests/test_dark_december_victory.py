"""Dark December 7.2 F: the victory determined at the end of the last Game-Turn from the victory conditions the
group enters (`game.victory.SCENARIO`, printed in the study folder, 3.0; behaviour 3; docs/errata.md DD15).
The map is the demonstration block of tests/test_dark_december_rules.py; the levels below are test values."""

from pbem.games.dark_december import GAME
from pbem.games.dark_december.victory import determine
from tests.test_dark_december_rules import apply, base, changed, data, messages, position  # noqa: F401

LEVELS = [
    {"level": "German Decisive Victory", "winner": "german", "german_occupies_all": ["1010", "1012"]},
    {"level": "German Marginal Victory", "winner": "german", "german_occupies_any": ["1010", "1012"],
     "german_exited_attack_strength_at_least": 2},
    {"level": "Allied Victory", "winner": "allies", "allies_occupy_all": ["1111"], "german_units_destroyed_at_least": 1},
    {"level": "Draw", "winner": "none"},
]


def game_end(data, units, **more):
    state = position(data, units, turn=10, side="allies", phase="construction")
    state.update(more)
    return state


def test_7_2_f_the_first_level_that_holds_is_the_result(data):
    """7.2 F: at the end of the final Game-Turn each side's performance is judged by the victory conditions."""
    data = changed(data, {"game.victory.turning_point": LEVELS})
    assert determine(data, game_end(data, {"ger-inf1": "1010", "ger-inf2": "1012"}))["level"] == "German Decisive Victory"
    marginal = game_end(data, {"ger-inf1": "1010", "us-inf1": "1111"}, exited_strength=2)
    assert determine(data, marginal) == {"event": "victory", "level": "German Marginal Victory", "winner": "german"}
    assert determine(data, {**marginal, "exited_strength": 1})["level"] == "Draw"
    allied = game_end(data, {"us-inf1": "1111"}, eliminated=["ger-pz1"])
    assert determine(data, allied)["winner"] == "allies"


def test_7_2_f_the_game_end_reports_the_victory(data):
    """7.2 F: the step that ends the last Game-Turn records the result, and its report says which conditions it read."""
    data = changed(data, {"game.victory.turning_point": LEVELS})
    state = game_end(data, {"us-inf1": "1111"}, eliminated=["ger-pz1"])
    events = apply(data, state, "allies", [])
    assert state["victory"] == {"level": "Allied Victory", "winner": "allies"}
    assert {"event": "victory", "level": "Allied Victory", "winner": "allies"} in events


def test_7_2_f_unknown_victory_conditions_refuse_in_check_as_in_adjudication(data):
    """The victory conditions are group data: while unknown, `check` of the step that ends the game names the path."""
    state = game_end(data, {"us-inf1": "1111"})
    got = messages(GAME.check(data, state, "allies", []))
    assert len(got) == 1 and "`game.victory.turning_point`" in got[0]
    early = position(data, {"us-inf1": "1111"}, turn=9, side="allies", phase="construction")
    assert GAME.check(data, early, "allies", []) == []                 # not the last Game-Turn: nothing read


def test_7_2_f_an_unknown_condition_is_refused(data):
    data = changed(data, {"game.victory.turning_point": [{"level": "X", "winner": "german", "german_holds_antwerp": True}]})
    state = game_end(data, {"us-inf1": "1111"})
    got = messages(GAME.check(data, state, "allies", []))
    assert got == ["data-override.yaml: data `game.victory.turning_point.0.german_holds_antwerp`: pbem does not evaluate the victory condition "
                   "'german_holds_antwerp'; the conditions it reads are listed in docs/dark-december.md (7.2 F)"]


def test_the_report_names_exits_held_off_units_releases_and_the_victory():
    """The report lines of 10.7, 10.7.2 C, 10.9 and 7.2 F."""
    from pbem.games.dark_december.report import describe
    events = [{"event": "exit", "unit": "ger-inf1", "path": ["1211", "1210"], "edge": "north", "owed": 2},
              {"event": "held_off", "unit": "us-rf1", "edge": "north"}, {"event": "released", "unit": "br-29"},
              {"event": "victory", "level": "Draw", "winner": "none"}]
    texts = [str(b[1]) for b in describe(events)]
    assert any("ger-inf1 exits off the north map edge at 1210 (10.7); the Allies owe 2 attack strength held off there (10.7.2 C)" in t
               for t in texts)
    assert any("us-rf1 is held off the map on the north edge for the rest of the game (10.7.2 C, 10.7.3 B)" in t for t in texts)
    assert any("br-29 is released (10.9)" in t for t in texts)
    assert any("Victory (7.2 F, the victory conditions the group entered): Draw; no side wins." in t for t in texts)


# -- 26.8 D the Small Solution's victory levels (behaviour 4) ----------------------------------------------------

SMALL = [
    {"level": "German Decisive Victory", "winner": "german", "german_occupies_all": ["1010", "1012"]},
    {"level": "German Tactical Victory", "winner": "german", "german_occupies_any": ["1010", "1012"]},
    {"level": "Allied Victory", "winner": "allies", "allies_occupy_all": ["1111"]},
    {"level": "Draw", "winner": "none"},
]
MAY_WIN = "variants.division_variants.26_8.german_may_win"


def test_26_8_d_germany_can_only_win_with_a_tactical_victory_or_a_draw(data):
    """26.8 D: "Germany can only win the game with a Tactical Victory or a Draw. (See the Turning Point Victory
    Conditions.)" The levels are the group's, so are the names of the two (test values here); a German level not
    named is passed over and the levels below it judged (reading DD17)."""
    data = changed(data, {"game.victory.turning_point": SMALL, MAY_WIN: ["German Tactical Victory", "Draw"]})
    state = game_end(data, {"ger-inf1": "1010", "ger-inf2": "1012"})
    assert determine(data, state)["level"] == "German Decisive Victory"        # the variant not played
    state["small_solution"] = True
    assert determine(data, state) == {"event": "victory", "level": "German Tactical Victory", "winner": "german"}
    allied = game_end(data, {"us-inf1": "1111"}, small_solution=True)
    assert determine(data, allied) == {"event": "victory", "level": "Allied Victory", "winner": "allies"}
    events = apply(data, state, "allies", [])
    assert state["victory"] == {"level": "German Tactical Victory", "winner": "german"}
    assert {"event": "victory", "level": "German Tactical Victory", "winner": "german"} in events


def test_26_8_d_the_levels_germany_may_win_with_are_group_data(data):
    """26.8 D names levels of the Turning Point Victory Conditions, which the text does not give: while unknown,
    `check` of the step that ends the game refuses naming the path; a name that is not a level is refused."""
    data = changed(data, {"game.victory.turning_point": SMALL})
    state = game_end(data, {"us-inf1": "1111"}, small_solution=True)
    got = messages(GAME.check(data, state, "allies", []))
    assert len(got) == 1 and f"`{MAY_WIN}`" in got[0]
    wrong = changed(data, {MAY_WIN: ["Tactical Victory"]})
    assert messages(GAME.check(wrong, state, "allies", [])) == [
        f"data-override.yaml: data `{MAY_WIN}` must be a list of level names of the scenario's victory conditions "
        "(German Decisive Victory, German Tactical Victory, Allied Victory, Draw), not ['Tactical Victory'] (26.8 D)"]


def test_26_8_d_from_behaviour_4_only(data):
    """A campaign begun in behaviour 3 with 26.8 keeps judging every level (its saves have no `small_solution`);
    one begun now records it at set-up."""
    from tests.test_dark_december_variants import campaign, selection_data
    data = selection_data(data)
    assert campaign(data, "26.8")["small_solution"] is True
    assert "small_solution" not in campaign(data, "26.20")
    old = changed(data, {})
    old.behaviour = 3
    assert "small_solution" not in campaign(old, "26.8")
