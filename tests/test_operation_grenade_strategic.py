"""Operation Grenade strategic movement (5.5): three hexes from the enemy at all times (5.51), road
bonuses (5.52: 1/3 MP a hex for mechanized units), unknown non-mechanized road cost refused.

The demo map has a road along hexrow 05 (0501-0506, 0507-0519); the demo counters: A/2A/19 a US
tank brigade (MA 10, mechanized), 119/30/19 US infantry (MA 5)."""

from pbem.errors import UnknownDataError
from pbem.games.operation_grenade import GAME
from tests.test_operation_grenade_rules import ScriptedDice, data, position, problems, scenario  # noqa: F401 (fixtures)

ROAD = ["0501", "0502", "0503", "0504", "0505", "0506", "0507", "0508"]


def strategic(unit_id, path):
    return {"move": unit_id, "path": list(path), "strategic": True}


def test_5_52_a_mechanized_unit_on_the_road_pays_a_third_of_a_point_a_hex(data, scenario):
    state = position(data, scenario, {"A/2A/19": "0501"}, turn=4)               # 19.31: US mech moves from turn 4
    tactical = problems(data, state, [{"move": "A/2A/19", "path": ROAD + ["0509", "0510", "0511", "0512"]}])
    assert problems(data, state, [strategic("A/2A/19", ROAD + ["0509", "0510", "0511", "0512"])]) == []   # 11 x 1/3
    assert tactical == ["A/2A/19 needs 11 MP for this path; its Movement Allowance is 10 (5.0)"]


def test_5_52_the_moves_record_keeps_thirds_as_text(data, scenario):
    state = position(data, scenario, {"A/2A/19": "0501"}, turn=4)
    GAME.apply(data, state, "allied", [strategic("A/2A/19", ROAD[:4])], ScriptedDice(*[6] * 20))
    assert state["units"]["A/2A/19"]["hex"] == "0504"


def test_5_51_strategic_movement_keeps_three_hexes_from_every_enemy_unit(data, scenario):
    state = position(data, scenario, {"A/2A/19": "0501", "1150/183/12": "0705"}, turn=4)
    [message] = problems(data, state, [strategic("A/2A/19", ROAD[:6])])
    assert "(5.51)" in message and "from 0705" in message
    state = position(data, scenario, {"A/2A/19": "0501", "1150/183/12": "0905"}, turn=4)
    assert problems(data, state, [strategic("A/2A/19", ROAD[:6])]) == []


def test_5_51_not_even_at_the_start(data, scenario):
    grid = GAME.grid(data)
    near = next(h for h in sorted(GAME.hexes(data)) if grid.distance(h, "0501") == 2 and grid.distance(h, "0502") >= 2)
    state = position(data, scenario, {"A/2A/19": "0501", "1150/183/12": near}, turn=4)
    [message] = problems(data, state, [strategic("A/2A/19", ["0501", "0502"])])
    assert f"0501 is 2 from {near} (5.51)" in message


def test_5_52_the_non_mechanized_road_cost_is_on_the_terrain_effects_chart(data, scenario):
    state = position(data, scenario, {"119/30/19": "0501"})
    # the check reports the value the data lacks (pbem.kit.sequence: an UnknownDataError becomes a problem)
    [message] = problems(data, state, [strategic("119/30/19", ["0501", "0502"])])
    assert "`game.movement.costs.road_hexside_strategic_non_mechanized`" in message


def test_strategic_takes_only_true(data, scenario):
    state = position(data, scenario, {"A/2A/19": "0501"}, turn=4)
    order = {"move": "A/2A/19", "path": ["0501", "0502"], "strategic": "yes"}
    assert problems(data, state, [order]) == ["`strategic: true` moves the unit strategically (5.5)"]
