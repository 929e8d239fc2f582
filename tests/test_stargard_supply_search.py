"""Stargard Solstice 11.1, 11.1.1, 4.5: the supply search (supply._search, issue 13's faster one)
gives what the straightforward search it replaced gave — the same hexes, the same overrides noted,
and, where the data lacks a value, the same refusal naming the same path. The reference below is
that search as it was (pbem 0.7.0), kept here to compare against.

The positions use the test data of tests/sshelp.py (every hex clear; German source 1010, Soviet
1616) and every save of the bundled demo campaign on its demonstration data."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import campaign as camp
from pbem.gamedata import GameData, unwrap
from pbem.games.stargard_solstice import supply
from pbem.games.stargard_solstice.common import board, grid, hexes, hexside, other, side_of, sides, terrain, terrains, zoc_of
from pbem.games.stargard_solstice.losses import on_map
from pbem.hexgrid import hexside_key
from pbem.yamlio import load_yaml_file
from tests.sshelp import combat, start

DEMO = Path(__file__).resolve().parent.parent / "examples" / "stargard-solstice-demo" / "campaign"


def reference(data: GameData, state: dict, side: str, goal: frozenset[str], negate: bool) -> set[str]:
    """The supply search of pbem 0.7.0 (supply.line_step and supply._search), unchanged."""
    b_ = board(state)
    enemy, ezoc = b_.enemy_hexes(side), zoc_of(data, state, other(side))
    friendly = {h for h, units in b_.stacks().items() if any(side_of(state, u) == side for u in units)}
    known, listed, edges = terrains(data), hexes(data), sides(data)
    kinds: dict[str, str | None] = {}
    crossings: dict[tuple[str, str], tuple[bool, bool]] = {}

    def kind_of(to: str) -> str | None:
        if to not in kinds:
            if (to not in listed and not on_map(data, to)) or to in enemy:
                kinds[to] = None
            else:
                kind = known.get(to) or terrain(data, to)
                kinds[to] = None if kind == "water" else kind
        return kinds[to]

    def can_enter(a: str, to: str) -> bool:
        kind = kind_of(to)
        if kind is None:
            return False
        crossing = crossings.get((a, to))
        if crossing is None:
            feature = edges.get(hexside_key(a, to), ())
            crossing = supply._crossing(set(feature) if feature is not None else set(hexside(data, a, to)))
            if feature is not None:
                crossings[(a, to)] = crossing
        closed, along = crossing
        if closed:
            return False
        if to in ezoc and (to not in friendly or not negate):
            return False
        return kind == "clear" or along or to in friendly

    g = grid(data)
    reached = {h for h in goal if on_map(data, h)}
    frontier = sorted(reached)
    while frontier:
        nxt = []
        for here in frontier:
            for before in g.neighbour_ids(here):
                if before not in reached and (before in listed or on_map(data, before)) and can_enter(before, here):
                    reached.add(before)
                    nxt.append(before)
        frontier = sorted(nxt)
    return reached


def outcome(search, data: GameData, state: dict, side: str, goal: frozenset[str], negate: bool):
    """What a search gives: its hexes and the overrides it noted, or its refusal (type and text)."""
    data.used_overrides = set()
    try:
        return sorted(search(data, state, side, goal, negate)), sorted(data.used_overrides)
    except Exception as exc:        # the refusal itself is compared
        return type(exc).__name__, str(exc)


def both(data: GameData, state: dict, side: str, goal: frozenset[str], negate: bool = True):
    return (outcome(supply._search, data, state, side, goal, negate),
            outcome(reference, data, state, side, goal, negate))


def test_every_save_of_the_demo_campaign_gives_the_same_lines_and_notes_the_same_overrides():
    """Both sides, every goal a Supply Phase or the fog's record asks (the side's sources,
    Kolberg, 11.2.4), with 4.5's negation and without (14.1.2), at every save of the demo."""
    data = camp.open_campaign(DEMO).data
    kolberg = frozenset(h for h, v in hexes(data).items() if unwrap(v.get("supply_name")) == "Kolberg")
    compared = reached = 0
    for path in sorted((DEMO / "steps").glob("*/save.yaml")):
        state = load_yaml_file(path)["state"]
        if "units" not in state:
            continue
        for side in ("german", "soviet"):
            for goal in (frozenset(supply.sources_of_side(data, side)), kolberg):
                for negate in (True, False):
                    new, old = both(data, state, side, goal, negate)
                    assert new == old, (path, side, sorted(goal), negate)
                    assert isinstance(new[0], list)
                    compared += 1
                    reached += len(new[0])
    assert compared >= 100 and reached >= 100 * compared


# the German units in the test block; their ZOCs (4.2.2) stand between the Soviet units and 1616
RING = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "g-far": "1416", "g-inf2": "1514",
        "s-inf": "1413", "s-one": "1415"}


@pytest.mark.parametrize("kw", [
    {},
    {"hole": "1812"},                                              # unlisted inside the id range (15.0)
    {"hole": "1716"},                                              # next to the Soviet source
    {"hole": "1515"},                                              # next to the source and in an EZOC
    {"hexes": {"1715": {"terrain": "unknown"}}},
    {"hexes": {"1515": {"terrain": "unknown"}}},                   # in g-inf2's and g-far's ZOC
    {"hexes": {"1315": {"terrain": "unknown"}}},                   # next to g-far's hex
    {"hexes": {"1515": {"terrain": "unknown"}, "1617": {"terrain": "unknown"}}},
    {"hexes": {"1617": {"terrain": "unknown"}}, "hole": "1517"},
    {"unknown_sides": ["1615|1616"]},
    {"unknown_sides": ["1515|1616", "1616|1617"]},
    {"unknown_sides": ["1415|1515"]},                              # into an EZOC hex
    {"unknown_sides": ["1514|1515"]},                              # between a ZOC source and an EZOC hex
    {"unknown_sides": ["1716|1717"], "hexes": {"1617": {"terrain": "unknown"}}},
    {"unknown_sides": ["1617|1717"], "hexes": {"1716": {"terrain": "unknown"}}},
    {"unknown_sides": ["1516|1617"], "hole": "1717"},
    {"sides": {"1616|1716": ["impassable"], "1515|1616": ["major_river"], "1616|1617": ["major_river", "bridge"],
               "1615|1616": ["road"]}},
    {"hexes": {"1515": {"terrain": "forest"}, "1715": {"terrain": "water"}, "1617": {"terrain": "forest"}},
     "sides": {"1516|1617": ["trail"]}},
])
def test_a_position_on_test_data_gives_the_same_lines_or_the_same_refusal(kw):
    """11.1, 11.1.1: the same hexes for both sides, with and without 4.5's negation; where the data
    lacks a hex, a terrain or a hexside, the same UnknownDataError naming the same path."""
    unknown = kw.pop("unknown_sides", [])
    data, state = start(RING, **kw)
    for name in unknown:          # a hexside the data marks `unknown` (module.hexsides), set after the set-up
        data.get("module.hexsides")[name] = "unknown"
    data.cache.clear()
    for side, source in (("soviet", "1616"), ("german", "1010")):
        for negate in (True, False):
            new, old = both(data, state, side, frozenset({source}), negate)
            assert new == old, (side, negate)


def test_the_kept_answer_follows_what_the_search_reads_of_the_state():
    """supplied_hexes keeps its answer under the units' hexes, sides, steps and on_top: a supply
    mark changed (11.0) asks nothing again; a step lost that takes away a ZOC (8.6, 4.2.1: g-39's
    reduced attack is 0 in this test's data) is searched again, and two more hexes trace a line."""
    weak = {"units.counters.g-39": combat(1, 1, "39-Pz-HQ")}
    ring = {"3SS-PZ-HQ": "1212", "g-pz": "1313", "g-inf": "1312", "s-inf": "1413", "s-one": "1415",
            "g-far": "1416", "g-inf2": "1514", "g-39": "1315", "g-ind": "1516"}
    data, state = start(ring, values=weak)
    goal = frozenset({"1616"})
    first = supply.supplied_hexes(data, state, "soviet", goal)
    assert first == reference(data, state, "soviet", goal, True)
    marked = {**state, "units": {u: dict(v, supply="oos") for u, v in state["units"].items()}}
    assert supply.supplied_hexes(data, marked, "soviet", goal) == first
    reduced = {**state, "units": {**state["units"], "g-39": dict(state["units"]["g-39"], steps=1)}}
    again = supply.supplied_hexes(data, reduced, "soviet", goal)
    assert again == reference(data, reduced, "soviet", goal, True)
    assert len(again - first) == 2 and not first - again
