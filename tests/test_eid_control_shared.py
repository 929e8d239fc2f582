"""4.1 A hex control, worked out once per step for the watchers that share it (issue 13): the
map built from priorities 1-2, the last holder and the starting territory is the same map the
per-hex rule gives ("now, else held, else start, else the default owner"), key order included, on
every save of the bundled End of the Iron Dream campaign; `record_control` hands back exactly
(priorities 1-2 of the instant) what `control` of the state it recorded is made of."""

from __future__ import annotations

from pathlib import Path

from pbem import campaign as camp
from pbem.games.end_of_the_iron_dream import supply_play
from pbem.games.end_of_the_iron_dream.common import mapdata

BUNDLED = Path(__file__).resolve().parent.parent / "examples" / "end-of-the-iron-dream-demo" / "campaign"


def _per_hex(data, state: dict) -> dict[str, str]:
    """4.1 A hex by hex, as written before issue 13's fourth round."""
    start, held = supply_play.start_territory(data, state), state.get("control", {})
    now, owner = supply_play.present_control(data, state), supply_play.default_owner(state)
    return {h: now.get(h) or held.get(h) or start.get(h, owner) for h in mapdata(data).known_hexes()}


def test_control_equals_the_per_hex_rule_on_every_bundled_save():
    campaign = camp.open_campaign(BUNDLED)
    seen = set()
    for number in campaign.step_numbers():
        state = campaign.load_save(number)[0]["state"]
        got = supply_play.control(campaign.data, state)
        assert list(got.items()) == list(_per_hex(campaign.data, state).items())
        seen |= set(got.values())
    assert seen == {"axis", "soviet", "western"}          # every priority's army appears somewhere


def test_record_control_returns_what_control_of_the_recorded_state_is_made_of():
    campaign = camp.open_campaign(BUNDLED)
    state = campaign.load_save(campaign.step_numbers()[-1])[0]["state"]
    unit_id = sorted(state["units"])[0]
    moved = {"unit": unit_id, "path": [state["units"][unit_id]["hex"]]}
    shared = supply_play.control_from(campaign.data, state, supply_play.record_control(campaign.data, state, [moved]))
    assert shared == supply_play.control(campaign.data, state)
    assert list(shared) == list(mapdata(campaign.data).known_hexes())


def test_terminal_check_given_the_recorded_control_does_what_it_does_alone():
    """15.9 A at the end of a player-turn (5.x.7): the check handed the control map the step has just
    recorded leaves the same state and events as the check that works it out itself, on every
    bundled save (whatever its phase: the check only reads the map)."""
    import copy

    campaign = camp.open_campaign(BUNDLED)
    checked, terminal = 0, 0
    for number in campaign.step_numbers():
        state = campaign.load_save(number)[0]["state"]
        if "granted" not in state:
            continue
        alone, shared = copy.deepcopy(state), copy.deepcopy(state)
        alone_events: list = []
        shared_events: list = []
        owner = supply_play.control_from(campaign.data, shared, supply_play.record_control(campaign.data, shared, shared_events))
        supply_play.record_control(campaign.data, alone, alone_events)
        assert supply_play.terminal_check(campaign.data, alone, alone_events) == \
            supply_play.terminal_check(campaign.data, shared, shared_events, owner)
        assert (alone, alone_events) == (shared, shared_events)
        checked += 1
        terminal += any(e["event"] == "supply_check" and e["check"] == "terminal" for e in shared_events)
    assert checked >= 10 and terminal >= 10
