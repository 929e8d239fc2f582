"""The benchmarks' rules-free game: sides take turns; each step rolls one die per order.

Benchmark-only (never registered outside benchmarks/run.py and its children): it measures the
core (signatures, dice, the hash chain, saves, verify) without any game's rules.
"""

import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import games, gamedata
from pbem.errors import PbemError
from pbem.games.base import Awaiting, GameModule, Outcome

SEATS = ("alliance", "german")


class BenchGame(GameModule):
    id = "bench"

    def seats(self, scenario):
        return [list(SEATS)]

    def setup(self, data, scenario, seats, options=None):
        return {"step": 0, "turn": 1, "mover": "german", "total": 0}     # a Game-Turn: one step of each side

    def awaiting(self, state):
        other = "alliance" if state["mover"] == "german" else "german"
        return Awaiting(state["mover"], "orders", f"Bench step {state['step']}", (other,))

    def template(self, data, state, side):
        return {"notes": [], "orders": []}

    def check(self, data, state, side, orders):
        return []

    def apply(self, data, state, side, orders, dice):
        events = []
        for order in orders:
            face = dice.roll(f"bench/{order['roll']}", about=f"bench {order['roll']}")
            state["total"] += face
            events.append({"roll": order["roll"], "face": face})
        state["step"] += 1
        state["turn"] = state["step"] // 2 + 1
        state["mover"] = "alliance" if side == "german" else "german"
        return Outcome(state, events)

    def describe(self, data, state, events):
        return [("item", f"{e['roll']}: {e['face']}") for e in events]

    def grid(self, data):
        raise PbemError("the benchmark game has no map")      # each save's picture says so

    def positions(self, data, state, side=None):
        return [["-", "total", "-", str(state["total"])]]


def keys() -> dict:
    """Fresh keys (the benchmark game's rolls need not repeat from run to run)."""
    return {seat: Ed25519PrivateKey.generate() for seat in SEATS}


def register(work: Path) -> None:
    """The bench game's (empty) rules and scenario under `work`, and the module itself; every other
    game keeps its own data."""
    rules, scenarios = work / "rules" / "bench", work / "scenarios" / "bench"
    if not rules.is_dir():
        rules.mkdir(parents=True)
        (rules / "game.yaml").write_text('game: bench\nrule: "none"\n')
        scenarios.mkdir(parents=True)
        (scenarios / "generated.yaml").write_text("scenario: generated\n")
    if "bench_game" in sys.modules:
        return
    real_rules, real_scenarios = gamedata.rules_dir, gamedata.scenarios_dir
    gamedata.rules_dir = lambda game: rules if game == "bench" else real_rules(game)   # type: ignore[assignment]
    gamedata.scenarios_dir = lambda game: scenarios if game == "bench" else real_scenarios(game)   # type: ignore[assignment]
    module = type(sys)("bench_game")
    module.GAME = BenchGame()      # type: ignore[attr-defined]
    sys.modules["bench_game"] = module
    games.MODULES["bench"] = "bench_game"
