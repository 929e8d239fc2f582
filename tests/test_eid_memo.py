"""End of the Iron Dream's answers kept for the steps that ask them again (issue 13): each kept
answer equals the one worked out afresh, on every save of the bundled campaign, a changed position
gets its own answer, and a kept answer notes the same data overrides as its first working-out.

- 4.1 A priorities 1-2 (`present_control`) and an army's enemy ZOC (7.2 A, 9.1 A), kept per position;
- 15.1 an army's GS search (`lines`), kept by everything it reads, each caller with its own copy;
- 15.8 A the hexside test of a supply line, kept per data;
- 16.7 the Berlin-Ruhr line, proven by the last path found while it holds."""

from __future__ import annotations

import copy
from pathlib import Path

from pbem import campaign as camp
from pbem.games.end_of_the_iron_dream import economy, supply, supply_play
from pbem.games.end_of_the_iron_dream.common import enemy_zoc, grid, hexside, mapdata

BUNDLED = Path(__file__).resolve().parent.parent / "examples" / "end-of-the-iron-dream-demo" / "campaign"


def _states() -> tuple[camp.Campaign, list[dict]]:
    campaign = camp.open_campaign(BUNDLED)
    return campaign, [campaign.load_save(n)[0]["state"] for n in campaign.step_numbers()]


def test_present_control_kept_per_position_equals_a_fresh_working_out():
    campaign, states = _states()
    data = campaign.data
    for state in states:
        kept = supply_play.present_control(data, state)
        assert list(kept.items()) == list(supply_play._present_control(data, state).items())
        assert supply_play.present_control(data, copy.deepcopy(state)) is kept       # the same position: shared
    state = copy.deepcopy(states[-1])
    unit_id = sorted(u for u in state["units"] if state["units"][u]["side"] == "soviet")[0]
    before = supply_play.present_control(data, state)
    state["units"][unit_id]["hex"] = next(h for h in sorted(before) if before[h] == "axis" and h not in
                                          {u["hex"] for u in state["units"].values()})
    after = supply_play.present_control(data, state)
    assert after[state["units"][unit_id]["hex"]] == "soviet"                     # moved: worked out anew
    assert list(after.items()) == list(supply_play._present_control(data, state).items())


def test_lines_kept_equal_a_fresh_search_and_each_caller_gets_its_own_copy():
    campaign, states = _states()
    data = campaign.data
    searched = 0
    for state in states:
        for army in state["turn_order"]:
            owner, mine, ezoc, listed, reach = supply_play.lines(data, state, army)
            assert ezoc == (enemy_zoc(data, state, army) - {u["hex"] for k, u in state["units"].items()
                                                            if u["side"] == army and k not in _sus(data, state)}
                            - (supply_play.forts.standing(data, state) if army == "axis" else set()))
            test = supply_play.lake_supply.blocked_for(data, state, army, _raw_blocked(data))
            fresh = supply.general_supply(data, army, state["scenario"], grid(data), listed, mine, ezoc, test)
            assert list(reach.items()) == list(fresh.items())
            reach.clear()                                                        # the caller's own copy
            assert supply_play.lines(data, state, army)[4] == fresh
            searched += bool(fresh)
    assert searched >= 20


def _sus(data, state: dict) -> set[str]:
    return {u for u in state["units"] if supply_play.is_type(data, u, "supply_unit")}


def _raw_blocked(data):
    """15.8 A as written before issue 13: not across blocked or lake hexsides, except the dike."""
    def test(a: str, b: str) -> bool:
        sides = set(hexside(data, a, b))
        return bool({"blocked", "lake"} & sides) and "dike" not in sides
    return test


def test_the_kept_hexside_test_equals_the_rule_on_every_hexside_of_the_map():
    campaign = camp.open_campaign(BUNDLED)
    data, g = campaign.data, grid(campaign.data)
    raw, kept = _raw_blocked(data), supply_play.blocked(data)
    pairs = [(a, b) for a in mapdata(data).known_hexes() for b in g.neighbour_ids(a) if mapdata(data).listed(b)]
    assert len(pairs) > 500
    assert [kept(a, b) for a, b in pairs] == [raw(a, b) for a, b in pairs]
    assert [kept(a, b) for a, b in pairs] == [raw(a, b) for a, b in pairs]      # the second time from the memo
    assert any(raw(a, b) for a, b in pairs)


def test_the_berlin_ruhr_line_proven_by_the_last_path_until_it_breaks():
    """16.7: "no line of German-controlled hexes joins them": a kept path answers while every hex of
    it is German; a hex of it lost, the search answers again (here: no line, a wall cut across)."""
    campaign, states = _states()
    data = campaign.data
    g = grid(data)
    german = {h for h, a in supply_play.control(data, states[0]).items() if a == "axis"}
    berlin, ruhr = economy.economic_hex(data, "berlin"), economy.economic_hex(data, "ruhr")
    paths: dict = {}
    assert economy._connected(g, berlin, {ruhr}, german, paths) is True
    path = paths[(berlin, (ruhr,))]
    assert path[0] == ruhr and path[-1] == berlin and all(h in german for h in path)
    assert all(b in g.neighbour_ids(a) for a, b in zip(path, path[1:]))
    assert economy._connected(g, berlin, {ruhr}, german, paths) is True           # the proof holds
    # cut every hex as far from Berlin as the path's middle hex: no line is left
    middle = g.distance(berlin, path[len(path) // 2])
    cut = {h for h in german if g.distance(berlin, h) != middle}
    assert economy._connected(g, berlin, {ruhr}, cut, paths) is economy._connected(g, berlin, {ruhr}, cut) is False
    assert economy.collapse_triggered(data, g, cut) is True
    assert economy.collapse_triggered(data, g, german) is False


def test_a_kept_answer_notes_the_overrides_its_working_out_noted():
    """The bundled campaign plays on demonstration data: a step's save lists the override values it
    used; an answer taken from the memo must note the very same ones."""
    campaign, states = _states()
    data, noted = campaign.data, set()
    for state in (states[0], states[-1]):
        for army in (None, "western", "axis"):
            data.used_overrides = set()
            _ask(data, state, army)
            first = set(data.used_overrides)
            data.used_overrides = set()
            _ask(data, state, army)
            assert data.used_overrides == first
            noted |= first
    assert {"map.countries.germany", "positions.positions.demo", "special.fortifications.at_start"} <= noted


def _ask(data, state: dict, army: str | None) -> None:
    """4.1 A priorities 1-2 (army None), else the army's lines."""
    if army is None:
        supply_play.present_control(data, state)
    else:
        supply_play.lines(data, state, army)


def test_each_store_keeps_at_most_its_few_answers():
    """An answer is as large as the map: a store starts afresh at its limit, and answers anew."""
    campaign = camp.open_campaign(BUNDLED)
    data = campaign.data
    limit = supply_play.KEPT["eid.kept.reach"]
    answers = [supply_play.kept(data, "eid.kept.reach", (n,), lambda n=n: {"n": n}) for n in range(limit * 2 + 3)]
    assert answers == [{"n": n} for n in range(limit * 2 + 3)]
    assert 0 < len(data.derived("eid.kept.reach", dict)) <= limit
    assert supply_play.kept(data, "eid.kept.reach", (0,), lambda: {"n": "again"}) == {"n": "again"}   # long gone: built anew
