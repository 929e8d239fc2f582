"""4.1 A hex control, worked out once per step for the watchers that share it (issue 13): the
map built from priorities 1-2, the last holder and the starting territory is the same map the
per-hex rule gives ("now, else held, else start, else the default owner"), key order included, on
every save of the bundled End of the Iron Dream campaign; `record_control` hands back exactly
what `control` reads from the state it recorded."""

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


def test_record_control_returns_control_of_the_recorded_state():
    campaign = camp.open_campaign(BUNDLED)
    state = campaign.load_save(campaign.step_numbers()[-1])[0]["state"]
    unit_id = sorted(state["units"])[0]
    moved = {"unit": unit_id, "path": [state["units"][unit_id]["hex"]]}
    shared = supply_play.record_control(campaign.data, state, [moved])
    assert shared == supply_play.control(campaign.data, state)
    assert list(shared) == list(mapdata(campaign.data).known_hexes())
