"""The Smithereens demonstration campaign (`pbem demo`) and the benchmarks' long-game policy.

Demonstration only: the orders are the README's story on the made-up data in
examples/smithereens-demo/; the answers and the random moves are chosen from what is legal.
The demo plays the standard level (supply, 6.x, and mobile assaults, 12.x; 11.7 fog of war needs
the beginner level, so it is off): after the story's assaults, the Soviet turn 3 opens with a
mobile assault on Warsaw with the Soviet tactical air (12.18, 13.5) and the Soviet ends his movement
(12.10). Behaviour 6: the Turn 2 assault's loss allocation has one legal answer (11.30), applied
without asking, so the plan holds no step for it; the answers it does need come from
`legal_response`.
"""

import random
from typing import Any

from ...errors import PbemError
from ...gamedata import GameData
from ...kit.losses import spread_steps
from ..base import DemoPlan

SEATS = ("alliance", "german")

# What each side orders, step by step (the defender's responses are chosen from what is legal).
DEMO_ORDERS = [       # Game Turn 1 is a German combat phase only (3.10)
    ("german", [{"attack": "1918E", "with": ["ger-46pz"]}]),
    ("alliance", [{"move": "sov-2gta", "path": ["2019E", "1919E"]},
                  {"move": "sov-4art", "path": ["2018E", "1918E"]},
                  {"move": "sov-1pol", "path": ["1920E", "1919E"]}]),
    ("alliance", [{"attack": "1819E", "with": ["sov-2gta", "sov-4art", "sov-1pol"], "advance": ["sov-2gta"]}]),
    ("alliance", []),            # Western movement (the Western Prepared Assault Phase passes by itself, 11.1)
    ("german", []),              # German movement and prepared assaults of Turn 2: none
    ("german", []),
    # Turn 3: a mobile assault (12.2) from 1818E with the Soviet tactical air (12.18, 13.5, behaviour 5); step
    # losses the German may choose would be his signed answer (12.13), the forced ones are applied (11.30)
    ("alliance", [{"assault": "1819E", "with": ["sov-3gta"], "path": ["2117E", "2018E", "1918E", "1818E"], "air": True}]),
    ("alliance", []),            # 12.10: Warsaw still held; a file without an assault ends the movement
]


def spread(state: dict, units: list[str], points: int) -> dict:
    """Step losses per 11.30: reduce every unit to one step before eliminating any."""
    return spread_steps(units, {u: state["units"][u]["steps"] for u in units}, points)


def legal_response(campaign: Any, state: dict) -> list:
    """The defender's answer: retreat where the rules allow it, else step losses by 11.30."""
    game, data = campaign.game, campaign.data
    if state["phase"] == "ma_response":            # 12.13: steps only, by 11.30
        battle = state["mobile"]["answer"]
        return [{"battle": battle["hex"], "steps": spread(state, battle["defenders"], battle["defender_lp"])}]
    if state["phase"] == "naval":                  # 13.10: the guns on the first hex offered; 13.5-13.6: no air
        hexes = state["naval_defense"]["hexes"]
        return [{"naval_guns": hexes[0]}] if hexes else []
    if state["phase"] == "air":                    # 13.5-13.6: no tactical air
        return []
    if state["phase"] == "ogs":                    # 9.6: the first hex next to Berlin that takes it
        unit_id = game.ogs_waiting(state)
        options = game.ogs_hexes(data, state, unit_id)
        return [{"place": unit_id, "at": options[0]}] if options else []
    answers = []
    for battle in state["pending"]:
        alive = [u for u in battle["defenders"] if u in state["units"]]
        grid = game.grid(data)
        options = []
        if battle["army"] == "german":          # 11.25: only Alliance defenders may retreat
            for hex_id in grid.neighbours(battle["hex"]):
                options.append({"battle": battle["hex"], "retreat": hex_id,
                                "steps": spread(state, alive, battle["defender_lp"] - 1)})
        options.append({"battle": battle["hex"], "steps": spread(state, alive, battle["defender_lp"])})
        for option in options:
            if not option["steps"]:
                del option["steps"]
            try:
                if not game.response_problems(data, state, battle, option) and \
                        not game.retreat_stacking(data, state, {battle["hex"]: option}):     # 8.2, 11.25, 11.27
                    answers.append(option)
                    break
            except PbemError:
                continue     # e.g. a retreat hex whose terrain the demo data does not give
    return answers


def random_moves(game: Any, data: GameData, state: dict, rng: random.Random) -> list:
    orders: list[dict] = []
    grid = game.grid(data)
    for unit_id, unit in sorted(state["units"].items()):
        if game.army_of(data, unit_id) != state["army"] or rng.random() < 0.3:
            continue
        options = [h for h in grid.neighbours(unit["hex"]) if game.map(data).terrain_known(h)]
        rng.shuffle(options)
        for target in options:
            trial = orders + [{"move": unit_id, "path": [unit["hex"], target]}]
            if not game.check(data, state, game.awaiting(state).side, trial):
                orders = trial
                break
    return orders


def random_attacks(game: Any, data: GameData, state: dict, rng: random.Random) -> list:
    orders: list[dict] = []
    used: set[str] = set()
    grid = game.grid(data)
    for hex_id, units in sorted(game.stacks(state).items()):
        if game.army_of(data, units[0]) == state["army"] or not game.enemies_in(data, state, hex_id, state["army"]):
            continue
        attackers = [u for u, v in sorted(state["units"].items()) if u not in used and game.army_of(data, u) == state["army"]
                     and grid.adjacent(v["hex"], hex_id)]
        if attackers:
            trial = orders + [{"attack": hex_id, "with": attackers}]
            if not game.check(data, state, game.awaiting(state).side, trial):
                orders = trial
                used.update(attackers)
    return orders


def bench_orders(campaign: Any, waiting: dict, state: dict, rng: random.Random) -> list:
    """Random legal orders for a whole game: moves, assaults, and the legal defender answers."""
    if waiting["kind"] == "response":
        return legal_response(campaign, state)
    if state["phase"] == "movement":
        return random_moves(campaign.game, campaign.data, state, rng)
    return random_attacks(campaign.game, campaign.data, state, rng)


def plan() -> DemoPlan:
    return DemoPlan("smithereens-demo", "historical", SEATS, "Smithereens demo (demonstration data)",
                    DEMO_ORDERS, legal_response, bench_orders,
                    options={"level": "standard", "fog": "off"})
