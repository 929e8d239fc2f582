"""Issue 13: what Smithereens keeps between calls (a supply line's step verdicts per data and map
overlay, a German or Soviet supply line per data under the hexes it may not enter, rulebook values
read once per data) gives what a fresh trace gives: the same answer and the same data overrides
noted (a save lists them), whichever state asked first."""

import dataclasses
from pathlib import Path

from pbem.canonical import plain_copy
from pbem.folder import open_campaign
from pbem.gamedata import GameData
from pbem.yamlio import load_yaml_file

DEMO = Path(__file__).resolve().parent.parent / "examples" / "smithereens-demo" / "campaign"


def _fresh(data: GameData) -> GameData:
    """The same data with nothing kept and nothing noted yet."""
    return dataclasses.replace(data, cache={}, used_overrides=set())


def _states() -> list[dict]:
    return [load_yaml_file(path)["state"] for path in sorted(DEMO.glob("steps/*/save.yaml"))]


def test_every_units_supply_is_the_fresh_answer_with_the_same_overrides_noted():
    """6.2-6.18 on every state of the bundled demo, one data kept across them all (its lines kept)
    against a fresh data per question."""
    campaign = open_campaign(DEMO)
    game, kept = campaign.game, campaign.data
    asked = 0
    for state in _states():
        if state.get("level") != "standard":
            continue
        for unit_id in sorted(state["units"]):
            fresh = _fresh(kept)
            kept.used_overrides = set()
            with game.state_map(kept, state):
                answer = game.in_supply(kept, state, unit_id)
            with game.state_map(fresh, state):
                expected = game.in_supply(fresh, state, unit_id)
            assert (answer, sorted(kept.used_overrides)) == (expected, sorted(fresh.used_overrides)), unit_id
            asked += 1
    assert asked > 50


def test_the_collapse_check_is_the_fresh_one_with_the_same_overrides_noted():
    """7.3: the Ruhr-Berlin path of every state of the bundled demo (the demo's Soviet units move
    next to the road and away again), one data kept across them all against a fresh data each."""
    campaign = open_campaign(DEMO)
    game, kept = campaign.game, campaign.data
    for state in _states():
        fresh = _fresh(kept)
        kept.used_overrides = set()
        mine, theirs = plain_copy(state), plain_copy(state)
        events: list[dict] = []
        expected_events: list[dict] = []
        with game.state_map(kept, mine):
            game.check_collapse(kept, mine, events)
        with game.state_map(fresh, theirs):
            game.check_collapse(fresh, theirs, expected_events)
        assert (mine, events, sorted(kept.used_overrides)) == (theirs, expected_events, sorted(fresh.used_overrides))


def test_a_supply_line_kept_for_one_state_serves_another_with_the_same_blocked_hexes_only():
    """The kept line's key: a Soviet unit's line with a German unit on it is traced again."""
    campaign = open_campaign(DEMO)
    game, data = campaign.game, campaign.data
    state = next(s for s in _states() if s.get("level") == "standard" and "sov-3gta" in s["units"])
    state = plain_copy(state)
    state["units"] = {"sov-3gta": {"hex": "2217E", "steps": 2}}
    with game.state_map(data, state):
        assert game.in_supply(data, state, "sov-3gta") is True          # 6.6: the road east to 42xxE
    state["units"]["ger-46pz"] = {"hex": "2316E", "steps": 2}           # on the road: no line east (6.2)
    with game.state_map(data, state):
        assert game.in_supply(data, state, "sov-3gta") is False
    del state["units"]["ger-46pz"]
    with game.state_map(data, state):
        assert game.in_supply(data, state, "sov-3gta") is True
