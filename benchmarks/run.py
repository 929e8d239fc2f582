"""pbem benchmarks: `python benchmarks/run.py` (one command; prints a table, writes nothing in the repo).

1. core-200: a generated 200-step campaign on the core with a tiny benchmark game (one die
   per step, so every step carries orders, a reveal, a seed and a roll). Measures one
   `adjudicate` (median of the last 20) and one full `verify` (replay of all 200 steps).
2. one long game per game that brings a demonstration campaign, on its demo data, played by the
   game's own benchmark policy (DemoPlan.play, beside its demo plan): Smithereens a complete
   10-turn historical game of random legal moves, assaults and defender answers; Operation
   Grenade the declarations and six Game-Turns of random one-hex moves, the attacks 9.11/9.12
   oblige and the demo's answers to every pause. Then `verify`.
Wall-clock times, and a fresh `pbem verify` process's time and peak resident memory (RSS).
Not a test: numbers vary by machine.
"""

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402

from pbem import campaign as camp  # noqa: E402
from pbem import games  # noqa: E402
from pbem.demo import demo_commitment, demo_folder, demo_games, demo_plan  # noqa: E402
from pbem.games.base import Awaiting, GameModule, Outcome  # noqa: E402
from pbem.errors import UnknownDataError  # noqa: E402
from pbem.keys import key_id, load_private_key  # noqa: E402
from pbem.yamlio import parse_yaml_text  # noqa: E402


class BenchGame(GameModule):
    """Benchmark-only game: sides take turns; each step rolls one die per order."""

    id = "bench"

    def seats(self, scenario):
        return [["alliance", "german"]]

    def setup(self, data, scenario, seats, options=None):
        return {"step": 0, "mover": "german", "total": 0}

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
        state["mover"] = "alliance" if side == "german" else "german"
        return Outcome(state, events)

    def describe(self, data, state, events):
        return [("item", f"{e['roll']}: {e['face']}") for e in events]

    def positions(self, data, state, side=None):
        return [["-", "total", "-", str(state["total"])]]


SEATS = ("alliance", "german")      # the benchmark game's two seats


def keys():
    """Fresh keys for the benchmark game (its rolls need not repeat from run to run)."""
    return {seat: Ed25519PrivateKey.generate() for seat in SEATS}


def new_campaign(folder, game, scenario, override, campaign_id):
    k = keys()
    commitments = {s: demo_commitment(k[s], campaign_id, s) for s in SEATS}
    players = {s: key_id(k[s].public_key()) for s in SEATS}
    camp.create_campaign(folder, game, scenario, players, commitments, override)
    return k


def play_step(folder, work, k, side, orders, step, seats=SEATS):
    template = parse_yaml_text(camp.order_template(folder, side), "template")
    template["orders"] = orders
    path = work / f"o-{folder.name}-{step}.txt"
    path.write_text(camp.sign_orders(camp.open_campaign(folder), template, k[side]))
    other = next(s for s in seats if s != side)
    started = time.perf_counter()
    camp.adjudicate(folder, [path], key=k[other])
    return time.perf_counter() - started


def timed_verify(folder):
    started = time.perf_counter()
    result = camp.verify(folder)
    elapsed = time.perf_counter() - started
    assert result.ok, result.message
    return elapsed, result


def register_bench_game(work):
    """Benchmark-only: a data root with the bench game's (empty) rules, and the module itself."""
    import pbem.gamedata as gamedata
    bench_rules = work / "rules" / "bench"
    if not bench_rules.is_dir():
        bench_rules.mkdir(parents=True)
        (bench_rules / "game.yaml").write_text('game: bench\nrule: "none"\n')
        (work / "scenarios" / "bench").mkdir(parents=True)
        (work / "scenarios" / "bench" / "generated.yaml").write_text("scenario: generated\n")
    gamedata.project_root = lambda: work
    sys.modules["bench_game"] = type(sys)("bench_game")
    sys.modules["bench_game"].GAME = BenchGame()
    games.MODULES["bench"] = "bench_game"


def cli_verify(folder, work=None):
    """`pbem verify` in a fresh process: wall time and that process's peak resident memory."""
    import subprocess
    command = [sys.executable, __file__, "--verify", str(folder)] + ([str(work)] if work else [])
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    return elapsed, int(result.stderr.strip().splitlines()[-1]) / 1024


def verify_child(folder: str, work: str | None) -> None:
    """The child of cli_verify: the `pbem verify` command, then its own peak RSS (KiB) on stderr."""
    import resource
    from pbem.cli import app
    if work:
        register_bench_game(Path(work))
    try:
        app(["verify", folder])
    except SystemExit as exit_:
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
        sys.exit(exit_.code)


def bench_core(work):
    register_bench_game(work)
    folder = work / "core"
    k = new_campaign(folder, "bench", "generated", None, "bench-200")
    times = []
    for step in range(200):
        side = "german" if step % 2 == 0 else "alliance"
        times.append(play_step(folder, work, k, side, [{"roll": f"r{step}a"}, {"roll": f"r{step}b"}], step))
    elapsed, result = timed_verify(folder)
    cli_s, cli_mb = cli_verify(folder, work)
    return {"steps": 200, "adjudicate_median_s": statistics.median(times[-20:]),
            "verify_s": elapsed, "verified": result.message,
            "cli_verify_s": cli_s, "cli_rss_mb": cli_mb}


def play_and_verify(campaign, work, k, seats, orders_for):
    """Play until the game ends (or orders_for answers None), timing each adjudication; then verify."""
    folder, times, step, stopped = campaign.folder, [], 0, ""
    while True:
        _, save, _ = campaign.latest()
        waiting, state = save["awaiting"], save["state"]
        if waiting["done"]:
            break
        try:
            orders = orders_for(waiting, state)
            if orders is None:
                break
            times.append(play_step(folder, work, k, waiting["side"], orders, step, seats))
        except UnknownDataError as exc:      # the demonstration data lacks a value the dice led to
            stopped = f" (stopped: the demonstration data lacks {exc.path})"
            break
        step += 1
    elapsed, result = timed_verify(folder)
    cli_s, cli_mb = cli_verify(folder)
    return {"steps": step, "adjudicate_median_s": statistics.median(times), "stopped": stopped,
            "verify_s": elapsed, "verified": result.message,
            "cli_verify_s": cli_s, "cli_rss_mb": cli_mb}


def bench_game(work, game):
    """The game's demo data and seats, played by its benchmark policy until the game (or the
    policy, by answering None) ends."""
    rng = random.Random(1945)
    demo = demo_plan(game)
    source = demo_folder(demo.demo_id)
    k = {seat: load_private_key(source / "keys" / seat) for seat in demo.seats}
    folder = work / game
    commitments = {s: demo_commitment(k[s], f"bench-{game}", s) for s in demo.seats}
    camp.create_campaign(folder, game, demo.scenario, {s: key_id(k[s].public_key()) for s in demo.seats},
                         commitments, source / "data-override.yaml")
    campaign = camp.open_campaign(folder)
    return play_and_verify(campaign, work, k, demo.seats, lambda waiting, state: demo.play(campaign, waiting, state, rng))


def main():
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--verify":          # the child of cli_verify
        verify_child(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else None)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = [(f"{game}", bench_game(work, game)) for game in demo_games()]
        core = bench_core(work)
    print(f"{'benchmark':<18}{'steps':>6}{'adjudicate (s)':>16}{'verify (s)':>12}"
          f"{'CLI verify (s)':>16}{'CLI RSS MB':>12}")
    for name, row in [("core-200", core)] + rows:
        print(f"{name:<18}{row['steps']:>6}{row['adjudicate_median_s']:>16.3f}{row['verify_s']:>12.2f}"
              f"{row['cli_verify_s']:>16.2f}{row['cli_rss_mb']:>12.1f}")
        print(f"  {row['verified']}{row.get('stopped', '')}")
    print("adjudicate: median in-process time of one step (signature checks, dice, rules, atomic write);"
          " verify: full replay in-process; CLI: a fresh `pbem verify` process (start-up, rules parse, replay).")


if __name__ == "__main__":
    main()
