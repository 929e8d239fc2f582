"""pbem benchmarks: `python3 benchmarks/run.py` (one command; prints tables, writes nothing in the repo).

What users feel is a whole `pbem` process, interpreter start included, so that is what is timed:

1. Campaigns: each game that brings a demonstration campaign, on its demo data, played by the
   game's own benchmark policy (DemoPlan.play) for up to --steps steps, or until the game ends,
   or until the demonstration data lacks a value the dice led to (printed: where and why it
   stopped); and core-200 / core-400, a generated campaign on the core with a rules-free
   benchmark game (one die per order, so every step has orders, a reveal, a seed and rolls).
2. For each campaign: `pbem verify` as a fresh process (median of --runs), verify in-process
   (warm, median), and the floor measured in the same run: a fresh process doing, for every
   save of the campaign, two Ed25519 verifies + one SHA-256 + one libyaml parse of that save,
   plus interpreter start and the imports of cryptography and PyYAML; the ratio verify / floor.
3. One `pbem adjudicate` as a fresh process (the opponent's key given, so it reveals), from
   copies of the real games' campaigns taken at several steps; its in-process time per step.
4. `pbem status`, `pbem report` and `pbem --help` as fresh processes, on the longest campaigns.
5. With --suite: the test suite's wall time.

Child processes get the repository on PYTHONPATH, and bytecode caching (in the temporary
folder, PYTHONPYCACHEPREFIX) even where PYTHONDONTWRITEBYTECODE is set, as an installed pbem
has; each command is run once untimed first. The core-* campaigns need the benchmark game, so
their commands run through this file (`--child`), which registers it and calls pbem's CLI.
Not a test: numbers vary by machine and load; compare numbers from one run.
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

FLOOR = r"""
import hashlib, sys
from pathlib import Path
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
key = Ed25519PrivateKey.generate()
public, message = key.public_key(), b"pbem floor " * 40
signature = key.sign(message)
for save in sorted(Path(sys.argv[1]).glob("steps/*/save.yaml")):
    raw = save.read_bytes()
    public.verify(signature, message)
    public.verify(signature, message)
    hashlib.sha256(raw).hexdigest()
    yaml.load(raw, Loader=yaml.CSafeLoader)
"""


def child_env(work: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed_process(command: list[str], work: Path, runs: int) -> float:
    """Median wall time of `runs` fresh processes (after one untimed run); a failure stops the benchmark."""
    times = [run_once(command, work) for _ in range(runs + 1)]
    return statistics.median(times[1:])


def run_once(command: list[str], work: Path) -> float:
    """Wall time of one fresh process; a failure stops the benchmark."""
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=child_env(work), cwd=work)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"benchmark: {' '.join(command)} failed:\n{result.stderr}")
    return elapsed


def pbem_command(args: list[str], bench: bool) -> list[str]:
    """`python -m pbem ARGS`, or through this file when the benchmark game must be registered."""
    if bench:
        return [sys.executable, __file__, "--child", *args]
    return [sys.executable, "-m", "pbem", *args]


def run_child(args: list[str]) -> None:
    """The child of a core-* command: register the benchmark game, then pbem's CLI."""
    import benchgame
    benchgame.register(Path(os.environ["PBEM_BENCH_WORK"]))
    from pbem.cli import app
    app(args)


# -- building the campaigns ---------------------------------------------------------------------

class Campaign:
    """A campaign the benchmark built: where, how far it got, and its in-process step times."""

    def __init__(self, name: str, folder: Path, bench: bool = False) -> None:
        self.name, self.folder, self.bench = name, folder, bench
        self.steps, self.stopped = 0, ""
        self.step_times: list[float] = []
        self.snapshots: list[tuple[Path, Path, Path]] = []    # (campaign copy, signed orders, opponent key)


def play(campaign: Campaign, work: Path, keys: dict, key_files: dict, seats, next_orders, max_steps: int,
         snapshot_every: int = 0) -> None:
    from pbem import campaign as camp
    from pbem.errors import UnknownDataError
    from pbem.yamlio import parse_yaml_text
    from pbem.hidden.steps import view_for
    opened = camp.open_campaign(campaign.folder)
    while campaign.steps < max_steps:
        number, save, _ = opened.latest()
        waiting = save["awaiting"]
        if waiting["done"]:
            campaign.stopped = f"the game is over after {campaign.steps} steps"
            return
        try:
            # the mover's own view: its units under fog of war (11.7) included
            orders = next_orders(opened, waiting, view_for(opened, number, save, waiting["side"]) if waiting["side"] else save["state"])
            if orders is None:
                campaign.stopped = f"the benchmark policy has no orders at step {campaign.steps}"
                return
            side = waiting["side"]
            template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
            template["orders"] = orders
            signed = work / "orders" / f"{campaign.name}-{campaign.steps:04d}.txt"
            signed.parent.mkdir(exist_ok=True)
            signed.write_text(camp.sign_orders(opened, template, keys[side]))
            other = next(s for s in seats if s != side)
            if snapshot_every and campaign.steps % snapshot_every == snapshot_every - 1:
                copy = work / "snapshots" / f"{campaign.name}-{campaign.steps:04d}"
                shutil.copytree(campaign.folder, copy)
                campaign.snapshots.append((copy, signed, key_files[other]))
            started = time.perf_counter()
            camp.adjudicate(campaign.folder, [signed], key=keys[other], campaign=opened)
            campaign.step_times.append(time.perf_counter() - started)
        except UnknownDataError as exc:      # the demonstration data lacks a value the dice led to
            campaign.stopped = (f"stopped at step {campaign.steps} ({waiting['phase']}): the demonstration data "
                                f"lacks {exc.path}")
            return
        campaign.steps += 1
    campaign.stopped = f"played the {max_steps} steps asked for"


def build_game(work: Path, game: str, max_steps: int) -> Campaign:
    """A demo game's campaign on its demo data, played by its benchmark policy."""
    import random

    from pbem import campaign as camp
    from pbem.demo import demo_commitment, demo_folder, demo_plan
    from pbem.keys import key_id, load_private_key
    rng = random.Random(1945)
    demo = demo_plan(game)
    source = demo_folder(demo.demo_id)
    keys_dir = work / "keys" / game
    shutil.copytree(source / "keys", keys_dir)          # the CLI's ledger is written beside a key
    keys = {seat: load_private_key(keys_dir / seat) for seat in demo.seats}
    campaign = Campaign(game, work / "campaigns" / game)
    commitments = {s: demo_commitment(keys[s], f"bench-{game}", s) for s in demo.seats}
    camp.create_campaign(campaign.folder, game, demo.scenario, {s: key_id(keys[s].public_key()) for s in demo.seats},
                         commitments, source / "data-override.yaml", options=dict(demo.options))
    policy = demo.play
    if policy is None:
        raise SystemExit(f"benchmark: {game} brings a demo but no benchmark policy (DemoPlan.play)")
    play(campaign, work, keys, {s: keys_dir / s for s in demo.seats}, demo.seats,
         lambda opened, waiting, state: policy(opened, waiting, state, rng), max_steps, snapshot_every=5)
    return campaign


def build_core(work: Path, steps: int) -> Campaign:
    import benchgame

    from pbem import campaign as camp
    from pbem.demo import demo_commitment
    from pbem.keys import key_id
    benchgame.register(work)
    keys = benchgame.keys()
    campaign = Campaign(f"core-{steps}", work / "campaigns" / f"core-{steps}", bench=True)
    commitments = {s: demo_commitment(keys[s], f"bench-core-{steps}", s) for s in benchgame.SEATS}
    camp.create_campaign(campaign.folder, "bench", "generated", {s: key_id(keys[s].public_key()) for s in benchgame.SEATS},
                         commitments, None)
    play(campaign, work, keys, {}, benchgame.SEATS,
         lambda opened, waiting, state: [{"roll": f"r{state['step']}a"}, {"roll": f"r{state['step']}b"}], steps)
    return campaign


# -- measuring ------------------------------------------------------------------------------------

def measure_verify(campaign: Campaign, work: Path, runs: int) -> dict:
    from pbem import campaign as camp
    in_process = []
    for _ in range(runs):
        started = time.perf_counter()
        result = camp.verify(campaign.folder)
        in_process.append(time.perf_counter() - started)
        if not result.ok:
            raise SystemExit(f"benchmark: verify of {campaign.name} failed: {result.message}")
    whole = timed_process(pbem_command(["verify", str(campaign.folder)], campaign.bench), work, runs)
    floor = timed_process([sys.executable, "-c", FLOOR, str(campaign.folder)], work, runs)
    return {"in_process": statistics.median(in_process), "whole": whole, "floor": floor, "message": result.message}


def measure_adjudicate(campaign: Campaign, work: Path, runs: int) -> list[float]:
    """One `pbem adjudicate --key` process per snapshot and run, each on a fresh copy of the snapshot."""
    times = []
    for copy, orders, key in campaign.snapshots:
        for attempt in range(runs + 1):
            target = work / "run"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(copy, target / "campaign")
            shutil.copyfile(key, target / "key")
            command = [sys.executable, "-m", "pbem", "adjudicate", str(target / "campaign"), str(orders), "--key", str(target / "key")]
            elapsed = run_once(command, work)
            if attempt:
                times.append(elapsed)
    return times


def suite_time() -> float:
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=REPO,
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    print(result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr)
    return elapsed


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def report(campaigns: list[Campaign], work: Path, runs: int) -> None:
    print(f"\n{'campaign':<20}{'steps':>6}{'step (ms)':>11}{'verify in-proc (ms)':>21}{'pbem verify (ms)':>18}"
          f"{'floor (ms)':>12}{'verify/floor':>14}")
    for campaign in campaigns:
        row = measure_verify(campaign, work, runs)
        step = ms(statistics.median(campaign.step_times)) if campaign.step_times else "-"
        print(f"{campaign.name:<20}{campaign.steps:>6}{step:>11}{ms(row['in_process']):>21}{ms(row['whole']):>18}"
              f"{ms(row['floor']):>12}{row['whole'] / row['floor']:>13.2f}x")
        print(f"  {row['message']}; {campaign.stopped}")
    print("step: median in-process adjudication of one step (warm); floor: a fresh process doing, per save, two Ed25519 "
          "verifies + one SHA-256 + one libyaml parse, with interpreter start and its imports.")

    print(f"\n{'one pbem adjudicate --key, fresh process':<44}{'median (ms)':>12}{'max (ms)':>10}{'runs':>6}")
    for campaign in campaigns:
        if campaign.snapshots:
            times = measure_adjudicate(campaign, work, runs)
            print(f"  {campaign.name:<42}{ms(statistics.median(times)):>12}{ms(max(times)):>10}{len(times):>6}"
                  f"  (from steps {', '.join(c.name[-4:] for c, _, _ in campaign.snapshots)})")

    print(f"\n{'fresh process (ms)':<20}{'status':>10}{'report':>10}")
    for campaign in sorted(campaigns, key=lambda c: -c.steps)[:3]:
        status = timed_process(pbem_command(["status", str(campaign.folder)], campaign.bench), work, runs)
        text = timed_process(pbem_command(["report", str(campaign.folder)], campaign.bench), work, runs)
        print(f"  {campaign.name + f' ({campaign.steps})':<18}{ms(status):>10}{ms(text):>10}")
    print(f"  pbem --help {ms(timed_process(pbem_command(['--help'], False), work, runs)):>17}")
    print(f"  python3 -c pass {ms(timed_process([sys.executable, '-c', 'pass'], work, runs)):>13}  (interpreter start)")
    if any(c.bench for c in campaigns):
        print("  (core-* commands run through benchmarks/run.py --child, which registers the benchmark game)")


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description="pbem benchmarks (whole processes; prints tables)")
    parser.add_argument("--steps", type=int, default=400, help="at most this many steps of each real game (default 400)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each fresh-process command (default 5)")
    parser.add_argument("--core", default="200,400", help="steps of the core-* campaigns (default 200,400)")
    parser.add_argument("--suite", action="store_true", help="also time the test suite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.environ["PBEM_BENCH_WORK"] = str(work)
        from pbem.demo import demo_games
        campaigns = [build_game(work, game, args.steps) for game in demo_games()]
        campaigns += [build_core(work, int(n)) for n in args.core.split(",") if n]
        report(campaigns, work, args.runs)
    if args.suite:
        print(f"\ntest suite: {suite_time():.1f} s wall")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        run_child(sys.argv[2:])
    else:
        main()
