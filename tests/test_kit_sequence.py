"""The sequence of play as one table (pbem.kit.sequence), on the tiny two-phase game of
tests/kit_tiny.py: dispatch from the table, who is awaited, one refusal style, pure checks,
unknown data, and `pbem sequence GAME`."""

import copy
import sys
import types

import pytest
from typer.testing import CliRunner

from pbem.cli import app
from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import GameData
from pbem.games import MODULES, get_game
from pbem.games.base import Awaiting, GameModule, Outcome, Problem
from tests.dicehelp import ScriptedDice
from tests.kit_tiny import GAME

DATA = GameData(game="kit-tiny", tree={"map": {"hexes": {"0909": "unknown"}}}, files_hash="0" * 64)


def start() -> dict:
    return GAME.setup(DATA, {}, ["blue", "red"])


def answering() -> dict:
    state = start()
    GAME.apply(DATA, state, "red", [{"move": "r1", "to": "0201"}], ScriptedDice())
    return state


def test_the_table_reads_like_the_rulebook():
    assert GAME.sequence_of_play() == [
        ["Movement Phase (5.0)", "orders", "the other side answers (6.0)"],
        ["Answer (6.0)", "response", "the next turn; the game ends after turn 2 (9.1)"],
    ]


def test_awaiting_comes_from_the_entry_the_state_waits_on():
    # the default opponents (whose dice reveal a roll needs) are all the other seats
    assert GAME.awaiting(start()) == Awaiting(side="red", kind="orders", phase="Turn 1 red movement", opponents=("blue",))
    assert GAME.awaiting(answering()) == Awaiting(side="blue", kind="response", phase="Turn 1 blue answer", opponents=())


def test_template_dispatches_on_the_phase():
    assert GAME.template(DATA, start(), "red")["orders"] == [{"move": "r1", "to": "0101"}, {"move": "r2", "to": "0102"}]
    assert GAME.template(DATA, answering(), "blue") == {"orders": [{"accept": True}], "notes": []}


def test_a_state_waiting_on_no_entry_is_an_internal_error():
    state = start() | {"phase": "supply"}
    with pytest.raises(PbemError, match=r"^internal: the state waits on 'supply', which is not in the kit-tiny sequence of play$"):
        GAME.awaiting(state)


def test_check_dispatches_and_answers_problems_with_their_rule():
    assert GAME.check(DATA, start(), "red", [{"move": "r1", "to": "0201"}]) == []
    assert GAME.check(DATA, start(), "red", [{"move": "r1", "to": "0201"}, {"move": "x9", "to": "0202"}]) == \
        [Problem(1, "no unit 'x9' (5.1)")]
    assert GAME.check(DATA, answering(), "blue", [{"accept": False}]) == [Problem(0, "the only answer is `accept: true` (6.1)")]


def test_order_keys_refuse_an_unknown_key_naming_the_expected_ones():
    problems = GAME.check(DATA, start(), "red", [{"move": "r1", "to": "0201"}, {"move": "r2", "speed": 3, "by": "rail"}])
    assert problems == [Problem(1, "unknown key(s) by, speed here (expected cheat, move, to)")]


def test_orders_must_be_a_list_of_mappings():
    assert GAME.check(DATA, start(), "red", ["r1 to 0201"]) == [Problem(None, "`orders:` must be a list of mappings")]
    assert GAME.check(DATA, start(), "red", {"move": "r1"}) == [Problem(None, "`orders:` must be a list of mappings")]


def test_the_wrong_side_is_refused():
    assert GAME.check(DATA, start(), "blue", []) == [Problem(None, "red is to act, not blue")]
    assert GAME.check(DATA, answering(), "red", []) == [Problem(None, "blue is to act, not red")]


def test_game_over():
    state = start() | {"game_over": True}
    assert GAME.awaiting(state) == Awaiting(side="", kind="none", phase="game over (9.1)", done=True)
    assert GAME.check(DATA, state, "red", []) == [Problem(None, "the game is over (9.1)")]
    with pytest.raises(PbemError, match=r"^illegal orders: the game is over \(9\.1\)$"):
        GAME.apply(DATA, state, "red", [], ScriptedDice())


def test_a_check_that_changes_the_state_is_an_internal_error():
    state = start()
    with pytest.raises(PbemError, match=r"^internal: the kit-tiny check of 'move' changed the state$"):
        GAME.check(DATA, state, "red", [{"move": "r1", "to": "0201", "cheat": True}])


def test_unknown_data_in_a_check_is_a_problem_but_require_legal_raises_it():
    orders = [{"move": "r1", "to": "0909"}]
    problems = GAME.check(DATA, start(), "red", orders)
    assert len(problems) == 1 and problems[0].index is None
    assert problems[0].message.startswith("needs hex 0909 and its terrain, which the rulebook text does not give")
    assert "`map.hexes.0909`" in problems[0].message
    with pytest.raises(UnknownDataError) as caught:
        GAME.require_legal(DATA, start(), "red", orders)
    assert caught.value.path == "map.hexes.0909"
    with pytest.raises(UnknownDataError):
        GAME.apply(DATA, start(), "red", orders, ScriptedDice())


def test_require_legal_raises_the_first_problem_naming_its_order():
    with pytest.raises(PbemError, match=r"^illegal orders: order 2: no unit 'x9' \(5\.1\)$"):
        GAME.require_legal(DATA, start(), "red", [{"move": "r1", "to": "0201"}, {"move": "x9", "to": "0202"}])


def test_apply_moves_to_the_next_entry_and_runs_after_step():
    state = start()
    outcome = GAME.apply(DATA, state, "red", [{"move": "r1", "to": 201}], ScriptedDice())   # normalised to "0201"
    assert outcome == Outcome(state, [{"moved": "r1", "to": "0201"}])
    assert outcome.state is state                         # apply works on the copy the core owns
    assert state["phase"] == "answer" and state["units"]["r1"]["hex"] == "0201" and state["steps"] == 1
    outcome = GAME.apply(DATA, state, "blue", [{"accept": True}], ScriptedDice())
    assert outcome.events == [{"answered": "blue"}]
    assert state["phase"] == "move" and state["turn"] == 2 and state["steps"] == 2
    assert GAME.awaiting(state).phase == "Turn 2 red movement"


def test_the_game_ends_where_the_table_says():
    state = start()
    for _ in range(2):
        GAME.apply(DATA, state, "red", [], ScriptedDice())
        GAME.apply(DATA, state, "blue", [{"accept": True}], ScriptedDice())
    assert GAME.awaiting(state).done and state["turn"] == 3


def test_check_normalises_the_orders_as_apply_does():
    before = copy.deepcopy(start())
    state = start()
    assert GAME.check(DATA, state, "red", [{"move": "r1", "to": 909}]) == GAME.check(DATA, state, "red", [{"move": "r1", "to": "0909"}])
    assert state == before


# -- pbem sequence GAME ---------------------------------------------------------------------

def sequence(*args):
    return CliRunner().invoke(app, ["sequence", *args])


def test_pbem_sequence_prints_the_table(monkeypatch):
    monkeypatch.setitem(MODULES, "kit-tiny", "tests.kit_tiny")
    result = sequence("kit-tiny")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        "kit-tiny: sequence of play\n"
        "==========================\n"
        "Step                  Awaits    Then\n"
        "Movement Phase (5.0)  orders    the other side answers (6.0)\n"
        "Answer (6.0)          response  the next turn; the game ends after turn 2 (9.1)\n")
    markdown = sequence("kit-tiny", "--format", "md")
    assert markdown.exit_code == 0 and "| Movement Phase (5.0) | orders | the other side answers (6.0) |" in markdown.stdout


def test_pbem_sequence_of_a_game_without_a_table_says_so(monkeypatch):
    plain = types.ModuleType("tests.kit_plain")
    plain.GAME = GameModule()
    monkeypatch.setitem(sys.modules, "tests.kit_plain", plain)
    monkeypatch.setitem(MODULES, "kit-plain", "tests.kit_plain")
    result = sequence("kit-plain")
    assert result.exit_code == 1
    assert result.stderr == ("pbem: error: kit-plain does not run on a sequence-of-play table (pbem.kit.sequence) yet; "
                             "no table to print\n")
    assert result.stdout == ""


def test_pbem_sequence_refuses_an_unknown_game_and_format(monkeypatch):
    result = sequence("no-such-game")
    assert result.exit_code == 1 and result.stderr.startswith("pbem: error: unknown game 'no-such-game'")
    monkeypatch.setitem(MODULES, "kit-tiny", "tests.kit_tiny")
    result = sequence("kit-tiny", "--format", "html")
    assert result.exit_code == 1 and result.stderr == "pbem: error: --format must be one of text, md, bbcode\n"


# Both games run on the table: its steps read like the rulebook's sequence of play, and every
# mid-phase answer is an entry of the same table (kind "response"), not a second machine.
SEQUENCES = {
    "smithereens": [("Set-up placement of the A, AS and M units (3.6, 3.7)", "orders"),
                    ("Movement Phase: take replacements, enter reinforcements, move (5.3 steps 1-3; 9.0, 10.0)", "orders"),
                    ("Step losses from a mobile assault (12.13, 11.30)", "response"),          # issue 20: 12.x mid-movement
                    ("Group Steiner enters next to Berlin (9.6)", "response"),
                    ("The Flak Korps enter at the German economic collapse (9.6)", "response"),
                    ("Prepared Assault Phase (5.3; 11.0)", "orders"),
                    ("German naval gun and tactical air support of a defense against Soviet PAs (13.10, 13.5, 13.6)", "response"),
                    ("Tactical air on German prepared assaults against Soviet units, Soviet first (13.5, 13.6)", "response"),
                    ("Loss points taken as steps or retreats, then advances (11.24-11.33)", "response"),
                    ("End of strategic, Baltic Sea and inter-theater movement (5.3; 10.29, 10.31, 10.35)", "orders")],   # 5.3 steps 7-8
    "operation-grenade": [("Roer flood declaration (17.0)", "orders"), ("D-Day declaration (18.0)", "orders"),
                          ("Movement Phase (5.0)", "orders"),
                          ("German attempt to blow a Rhine bridge (22.21)", "response"),     # issue 10: 22.21 "may attempt"
                          ("Volkssturm placement (21.12)", "response"),
                          ("Combat Phase (9.0)", "orders"),
                          ("Defender's answer before the rolls (7.22, 9.64, 13.13)", "response"),
                          ("Loss and retreat choice (9.85)", "response"),
                          ("Attacker's path of retreat after a breakthrough (9.97)", "response"),     # issue 20
                          ("Advance after combat (9.94, 9.95)", "response")],
    "dark-december": [
                      ("The Allies' free set-up of the 99th and 2nd Infantry Divisions (6.0 H, 26.4 B, 26.6)", 'orders'),
                      ('German free set-up (6.0 H, 6.1)', 'orders'),
                      ("Supply Determination Phase: the Fuel Depletion Table, at a scenario's first German player turn from AM 20 December (7.1.1 B, 8.7)", 'orders'),
                      ('The Allies choose one German motorized division for fuel depletion (8.7.1 A)', 'response'),
                      ('Supply, Replacement and Movement Phases (7.1.1-7.1.3)', 'orders'),
                      ("Montgomery's withdrawal: the Allies' second move before their Combat Phase (26.13 A)", 'orders'),
                      ("Reaction Phase: the non-phasing player's reserves move (7.1.4, 14.4)", 'response'),
                      ('Combat Phase: the attacker declares its battles (7.1.5, 13.0, 13.3.3, 13.8)', 'orders'),
                      ("Defender's terrain-defense reductions and divisional integrity (13.3.3 A, 13.8 A)", 'response'),
                      ("The owner's choice inside a battle: retreat or loss and its allocation with the retreat path (13.5.1, 13.6), "
                       "counterattack hexes (13.5.5), fire-fight loss (13.5.6), a victorious defender's advance (13.7.5); the "
                       "air-attack loss pick (20.4.1 B); the displaced leader's hex (15.5 D)",
                       'response'),
                      ('Exploitation and Construction/Demolition Phases: reserves move, bridges are built and demolished, '
                       'fortifications (7.1.6, 7.1.7, 14.2, 16.1, 16.2, 17.0)',
                       'orders'),
                      ],
    "end-of-the-iron-dream": [
        ('The Soviets (the Grand Alliance in a two-player match) flip German corps to their weaker sides (3.5)', 'response'),
        ('Operation Bagration choice, at the beginning of the Soviet Turn 1 player-turn (6.5 A)', 'orders'),
        ('Operational Movement Phase: movement and mobile assaults (5.1.5, 5.2.5, 5.3.4; 8.0-11.0)', 'orders'),
        ("The defender takes a mobile assault's result: retreat or step losses (11.13, 18.14)", 'response'),
        ('Prepared Assault Phase: every assault announced, then resolved one by one (5.1.6; 18.0)', 'orders'),
        ('The defender applies its prepared-assault result first (18.15, 18.14, 18.19)', 'response'),
        ('The attacker applies its result and advances after combat (18.14, 18.16-18.18)', 'orders'),
        ("Defender advance after combat into a vacated attacker's hex (18.20)", 'response'),
        ("The other Alliance player grants or refuses supply lines through its territory, at a supply check "
         "(15.10; 5.x.2, 5.x.7)", 'response'),
        ("The second round of an echeloned STAVKA Shock Front assault (24.6-24.8)", 'orders'),
        ("Soviet STAVKA Shock Front Creation Phase: next turn's front (5.3.7, 24.1)", 'orders'),
        ("The defender takes a paratroop air assault's result: retreat or step losses (17.6.1 B, 18.14)", "response"),
        ("The defender applies the invasion battle's result first (14.18, 18.15, 18.14)", "response"),
        ("The WA take the invasion battle's result as step losses (14.23, 14.22 A)", "orders"),
        ("The WA commit to the secret of their second-invasion chit, after the file of the first landing (14.12 A): "
         "a step kept from the other players", "orders"),
        ("The Axis adds its part to the draw of the WA's second-invasion chit (14.12 A)", "response"),
        ("NATO commits to the secret of its A-bomb chit at the start of the game (27.6 A): a step kept from the Soviets",
         "orders"),
        ("The Soviets add their part to the draw of NATO's A-bomb chit (27.6 A)", "response"),
        ("At the instant of the German economic collapse, in any player-turn, Germany places the Alpenfestung and "
         "the 12th Army (16.7, 16.8, 26.6.6 A, 25.9 B)", 'response'),
        ("The WA permanently remove an SU of their choice on first entering the Hook of Holland (26.6.5 B)", 'response'),
        ("The other German commander answers a claim to a resource; the Führer's die decides those both claim "
         "(26.7 B)", 'response'),
    ],
    "stargard-solstice": [
        ('Set-up: the placing player puts each unit of its "within 1 of" groups (15.1, 15.2); the German first', 'orders'),
        ('Random Event Phase: the 1d6 roll on the random event table (2.2, 19.0); then the first chit is drawn (2.3.1: on turn 1 the 3rd SS Panzer Corps chit)', 'orders'),
        ('Bombardment: the bombarding player names its targets (8.5, 19.1.1, 19.1.2)', 'orders'),
        ('Aborted air operation: each player grounds one air unit (19.1.10)', 'response'),
        ('A replacement point of a random event: its owner names the unit it rebuilds (19.1.11, 19.1.13)', 'response'),
        ('Corps Tettau enters: the German player enters and moves its units (19.1.5)', 'orders'),
        ('The Soviet player enters and moves the 2nd Guards Cavalry Corps (19.1.5)', 'response'),
        ('Command Phase, before the first draw: the Soviet player may withdraw a Soviet chit, hidden from the German '
         'player (12.6 turns 8-9; 16.1 turns 2-3)', 'orders'),
        ('Command Phase: the first chit is drawn after the withdrawal (2.3.1, 12.6, 16.1)', 'orders'),
        ('A Soviet slot drawn while a chit is withdrawn: the Soviet names the chit at that slot of its committed order '
         '(3.1.1, 12.6, 16.1)', 'response'),
        ('The Command Phase is over: the withdrawn chit goes back, opened (12.6, 16.1, 2.6.2)', 'response'),
        ('A special chit drawn: its owner picks the HQ it activates (3.1.4, 3.1.5)', 'orders'),
        ('Movement segment of the activated HQ (2.3.2, 3.3, 4.0-6.0)', 'orders'),
        ('Combat segment: one attack per file, advances after combat first (2.3.3, 8.0, 10.0)', 'orders'),
        ('The attacker takes its part of a double result first: losses, retreat (8.1.1, 8.6, 9.0)', 'orders'),
        ('The defender takes its result: first-loss ties and further losses (8.6), retreat route (9.0)', 'response'),
        ("An HQ's owner relocates it (12.2.1, 12.2.2)", 'response'),
        ('Supply Phase: pbem traces every unit\'s supply line (2.4, 11.0)', 'orders'),
        ('Reinforcement Phase: each player enters and moves its reinforcements, the German first (2.5, 7.0, 7.1)', 'orders'),
        ("Soviet Replacement Segment, turns 4-8: the Soviet player rebuilds steps with the turn's replacement points (2.5.1, 7.3)", 'orders'),
    ],
}


@pytest.mark.parametrize("game", sorted(MODULES))
def test_every_game_runs_on_one_sequence_of_play_table(game):
    rows = get_game(game).sequence_of_play()
    assert [(step, kind) for step, kind, _ in rows] == SEQUENCES[game]
    assert all(then for _, _, then in rows)            # each says what comes next
    result = sequence(game)
    assert result.exit_code == 0 and result.stdout.startswith(f"{game}: sequence of play\n")
    assert all(step in result.stdout for step, _ in SEQUENCES[game])


def test_a_plan_the_check_keeps_reaches_the_apply_of_the_same_step_once(monkeypatch):
    """Issue 13: a phase's check may hand the plan it worked out (keep_plan) to the apply of the
    same step (checked_plan): only inside SequencedGame.apply, for the very state and orders
    objects the check saw, once; a check on its own keeps nothing."""
    import dataclasses
    state = start()
    GAME.keep_plan("moves", state, [], "a check alone")
    assert GAME.checked_plan("moves", state, []) is None
    handed = []
    real_require, real_phase = GAME.require_legal, GAME.phase

    def require_legal(data, st, side, orders):
        real_require(data, st, side, orders)
        GAME.keep_plan("moves", st, orders, "planned")

    def phase(st):
        entry = real_phase(st)

        def apply(data, st2, side, orders, dice):
            handed.append(GAME.checked_plan("moves", st2, orders))
            handed.append(GAME.checked_plan("moves", st2, orders))               # used once
            GAME.keep_plan("moves", st2, orders, "again")
            handed.append(GAME.checked_plan("moves", copy.deepcopy(st2), orders))  # another state object
            return entry.apply(data, st2, side, orders, dice)
        return dataclasses.replace(entry, apply=apply)
    monkeypatch.setattr(GAME, "require_legal", require_legal)
    monkeypatch.setattr(GAME, "phase", phase)
    GAME.apply(DATA, state, "red", [{"move": "r1", "to": 201}], ScriptedDice())
    assert handed == ["planned", None, None]
    GAME.keep_plan("moves", state, [], "after the step")
    assert GAME.checked_plan("moves", state, []) is None
