"""End of the Iron Dream, behaviour 3: 26.7 B the Führer's die of the four-player game.

TEST DATA: tests/eidhelp.py and tests/test_eid_supply_play.py; the reinforcement schedule and
the Wehrkreis cities are those of tests/test_eid_reinforcements.py (made up)."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_eid_reinforcements import ENTRY
from tests.test_eid_supply_play import SUPPLY

FOUR = ("axis-east", "axis-west", "soviet", "western")


def start4(seats=FOUR):
    d, s = start({"de-inf-1": "P5", "su-inf-3": "T24"}, seats=seats, behaviour=3, extra={**SUPPLY, **ENTRY})
    return d, at(s, 2, "axis", front="west")


def test_26_7_b_a_claim_and_the_other_commanders_answer_then_the_fuhrers_die():
    """26.7 B: "If the two cannot agree between themselves as to the allocation of a resource, such
    as a fort point or reinforcement unit, they may go to the Führer with their problem. Roll one
    die. On a 1-2, the Führer decides in favor of the westerner. On a 3-6, he sides with the
    easterner." The west claims de-inf-5 and the mechanized step; the east claims de-inf-5 only:
    the die (4) gives it the east, the step goes to the west uncontested."""
    d, s = start4()
    state, events = play(d, s, "axis-west", [{"claim": ["de-inf-5", "mechanized_step"]}])
    assert state["phase"] == "fuhrer" and events == [{"event": "fuhrer_claim", "front": "west",
                                                      "claims": ["de-inf-5", "mechanized_step"]}]
    awaiting = GAME.awaiting(state)
    assert awaiting.side == "axis-east" and awaiting.opponents == ("soviet", "western")
    state, events = play(d, state, "axis-east", [{"claim": ["de-inf-5"]}], 4)
    assert [e.get("front") for e in events] == ["east", "west"] and events[0]["die"] == 4
    assert state["phase"] == "movement" and state["front"] == "west"
    assert state["fuhrer"] == {"turn": 2, "awarded": {"de-inf-5": "east", "mechanized_step": "west"}}
    assert problems(d, state, "axis-west", [{"place": "de-inf-5", "at": "S12"}]) == [
        "the Führer gave de-inf-5 to the east commander this player-turn (26.7 B)"]
    assert problems(d, {**state, "dead": [{"unit": "de-inf-2", "side": "axis"}]}, "axis-west",
                    [{"recreate": "de-inf-2", "at": "S12"}]) == []                  # a non-mechanized step
    east = at(state, 2, "axis", front="east")
    assert problems(d, east, "axis-east", [{"place": "de-inf-5", "at": "S12"}]) == []


def test_26_7_b_a_roll_of_1_or_2_sides_with_the_westerner():
    """26.7 B: "On a 1-2, the Führer decides in favor of the westerner"."""
    d, s = start4()
    state, _ = play(d, s, "axis-west", [{"claim": ["de-inf-5"]}])
    state, events = play(d, state, "axis-east", [{"claim": ["de-inf-5"]}], 2)
    assert events == [{"event": "fuhrer", "resource": "de-inf-5", "front": "west", "die": 2, "why": "the Führer's die (26.7 B)"}]
    assert problems(d, state, "axis-west", [{"place": "de-inf-5", "at": "S12"}]) == []
    state["fuhrer"]["awarded"]["non_mechanized_step"] = "east"
    assert problems(d, {**state, "dead": [{"unit": "de-inf-2", "side": "axis"}]}, "axis-west",
                    [{"recreate": "de-inf-2", "at": "S14"}]) == [
        "the Führer gave non_mechanized_step to the east commander this player-turn (26.7 B)"]


def test_26_7_b_claims_are_resources_of_this_turn_and_four_players_only():
    """26.7 B: only the two German commanders go to the Führer, over a resource of this Axis
    player-turn (a reinforcement due, 2.14, or a replacement step, 7.15), before any move."""
    d, s = start4()
    assert problems(d, s, "axis-west", [{"claim": ["de-inf-6"]}]) == [
        "de-inf-6 is not a resource of this Axis player-turn: de-inf-5, mechanized_step, non_mechanized_step (26.7 B)"]
    assert problems(d, s, "axis-west", [{"claim": ["de-inf-5"]}, {"move": "de-inf-1", "path": ["P5", "P6"]}]) == [
        "`claim: [RESOURCE, ...]`, the file's only order: Axis reinforcements due now or `mechanized_step` / "
        "`non_mechanized_step` (26.7 B)"]
    state, _ = play(d, s, "axis-west", [{"claim": ["de-inf-5"]}])
    assert problems(d, state, "axis-east", [{"claim": ["non_mechanized_step"]}]) == [
        "non_mechanized_step: not claimed by the other commander (de-inf-5) (26.7 B)"]
    assert problems(d, at(s, 1, "axis", front="west"), "axis-west", [{"claim": ["mechanized_step"]}]) == [
        "mechanized_step is not a resource of this Axis player-turn: none (26.7 B)"]            # 6.8: no Turn 1 steps
    d3, s3 = start4(seats=("axis", "soviet", "western"))
    assert problems(d3, s3, "axis", [{"claim": ["de-inf-5"]}]) == [
        "only the two German commanders of the four-player game go to the Führer (26.7 B)"]


def test_26_7_a_the_two_commanders_share_one_turns_replacement_steps():
    """7.15: the Axis receives "one mechanized and one non-mechanized step each turn"; 26.7 A:
    with two commanders the west's file, then the east's, share them (behaviour 2 gave each half
    the whole turn's steps)."""
    position = {"de-inf-1": {"hex": "S12", "steps": 1}, "de-inf-2": {"hex": "S14", "steps": 1},
                "de-inf-4": {"hex": "S10", "steps": 1}, "su-inf-3": "T24"}
    d, s = start(position, seats=FOUR, behaviour=3, extra={**SUPPLY, **ENTRY})
    s = at(s, 2, "axis", front="west")
    state, _ = play(d, s, "axis-west", [{"replace": "de-inf-1"}])
    assert state["front"] == "east" and state["steps_used"] == {"turn": 2, "army": "axis", "mechanized": 0, "non_mechanized": 1}
    assert problems(d, state, "axis-east", [{"replace": "de-inf-2"}]) == []
    assert problems(d, state, "axis-east", [{"replace": "de-inf-2"}, {"replace": "de-inf-4"}]) == [
        "3 non-mechanized replacement steps used, 1 available and 1 mechanized to spare (7.15: a mechanized step may "
        "serve as non-mechanized, not vice versa)"]


def test_26_7_b_the_reports_say_who_claimed_and_what_the_fuhrer_decided():
    d, s = start4()
    assert GAME.phase(s).template(d, s, "axis-west")["notes"][-1].startswith("`claim: [RESOURCE, ...]`")
    state, events = play(d, s, "axis-west", [{"claim": ["de-inf-5", "non_mechanized_step"]}])
    assert GAME.describe(d, state, events) == [
        ("item", "the west German commander takes de-inf-5, non_mechanized_step to the Führer (26.7 B)")]
    state, events = play(d, state, "axis-east", [{"claim": ["de-inf-5"]}], 6)
    assert GAME.describe(d, state, events) == [
        ("item", "the Führer gives de-inf-5 to the east commander (die 6, the Führer's die (26.7 B))"),
        ("item", "the Führer gives non_mechanized_step to the west commander (conceded (26.7 B))")]
