"""pbem benchmarks: `python3 benchmarks/run.py` (one command; prints tables, writes nothing in the repo).

What users feel is a whole `pbem` process, interpreter start included, so that is what is timed
(wall time, and the CPU time of the process, which the other work on a shared machine disturbs less):

1. Campaigns: each game that brings a demonstration campaign, on its demo data, played by the
   game's own benchmark policy (DemoPlan.play) for --steps steps (default 400, and its first 200
   as a campaign of its own), or until the game ends, or until the demonstration data lacks a
   value the dice led to (printed: where and why it stopped). Where the printed game is shorter
   than that, the benchmark lengthens it on benchmark data (LENGTHEN: e.g. Operation Grenade's
   game length ×5, Smithereens' last turn ×15); where the demonstration data runs out in a long
   game, on a benchmark copy of the demo data override with longer lists (ENLARGE_OVERRIDE:
   Operation Grenade's strength chits ×3) or the values its end needs (FILL_OVERRIDE: Smithereens'
   city flags); the table says so; and core-200 / core-400, a generated campaign on
   the core with a rules-free benchmark game (one die per order).
2. For each campaign: `pbem verify` as a fresh process (median of --runs), verify in-process
   (warm, median), and the floor measured in the same run: a fresh process doing, for every
   save of the campaign, two Ed25519 verifies + one SHA-256 + one libyaml parse of that save,
   plus interpreter start and the imports of cryptography and PyYAML; the ratio verify / floor
   (target: at most 2x).
3. One `pbem adjudicate --key` as a fresh process (the opponent's key given, so it reveals), from
   copies of the real games' campaigns taken at several steps (target: under 200 ms).
4. `pbem status`, `pbem report` and `pbem --help` as fresh processes, on the longest campaigns
   (target: under 150 ms), beside `python3 -c pass` (the interpreter start they include).
5. The test suite's wall time (--no-suite skips it).

Child processes get the repository on PYTHONPATH, bytecode caching (in the temporary folder,
PYTHONPYCACHEPREFIX) even where PYTHONDONTWRITEBYTECODE is set, and a parsed-data cache
(PBEM_CACHE_DIR, pbem/parsecache.py) in the temporary folder, as an installed pbem has; each
command is run once untimed first. The core-* campaigns need the benchmark game, so their
commands run through this file (`--child`), which registers it and calls pbem's CLI.
Not a test: numbers vary by machine and load; compare numbers from one run.
"""

import contextlib
import os
import resource
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


AGAINST: list[Path] = []       # --against: another checkout of pbem whose verify is timed beside this one's


def child_env(work: Path, repo: Path = REPO) -> dict:
    cache = "pycache" if repo == REPO else f"pycache-{abs(hash(str(repo)))}"
    env = dict(os.environ, PYTHONPATH=str(repo), PYTHONPYCACHEPREFIX=str(work / cache),
               PBEM_CACHE_DIR=str(work / "parsed"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


class Timing:
    """Medians of fresh processes: wall time and CPU time (user + system)."""

    def __init__(self, wall: list[float], cpu: list[float]) -> None:
        self.wall, self.cpu = statistics.median(wall), statistics.median(cpu)
        self.max = max(wall)
        self.runs = len(wall)


def timed_process(command: list[str], work: Path, runs: int, cwd: Path | None = None) -> Timing:
    """Medians of `runs` fresh processes (after one untimed run); a failure stops the benchmark."""
    times = [run_once(command, work, cwd) for _ in range(runs + 1)][1:]
    return Timing([t[0] for t in times], [t[1] for t in times])


def run_once(command: list[str], work: Path, cwd: Path | None = None, repo: Path = REPO, cold: bool = False) -> tuple[float, float]:
    """Wall and CPU time of one fresh process (of the pbem in `repo`; `cold`: with the parsed-data cache off,
    as on a machine that never opened the campaign); a failure stops the benchmark."""
    env = child_env(work, repo)
    if cold:
        env["PBEM_CACHE_DIR"] = "off"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd or work)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"benchmark: {' '.join(command)} failed:\n{result.stderr}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pbem_command(args: list[str], bench: bool, repo: Path = REPO) -> list[str]:
    """`python -m pbem ARGS`, or through run.py when the benchmark game must be registered."""
    if bench:
        return [sys.executable, str(repo / "benchmarks" / "run.py"), "--child", *args]
    return [sys.executable, "-m", "pbem", *args]


def run_child(args: list[str]) -> None:
    """The child of a core-* command: register the benchmark game, then pbem's CLI."""
    import benchgame
    benchgame.register(Path(os.environ["PBEM_BENCH_WORK"]))
    from pbem.cli import main
    sys.argv = ["pbem", *args]
    main()


# -- building the campaigns ---------------------------------------------------------------------

# Games whose printed period is shorter than the steps asked for: the benchmark plays them on a
# copy of their rules (or scenario) data with the game length multiplied (benchmark data, never
# shipped; the table says so), and its benchmark policy's turn limit multiplied alike.
# game -> (folder: "rules" or "scenarios", its file, path of the game length in it (a number, or a
# table of numbers), factor, the policy's turn limit or None). Smithereens' historical scenario ends
# after Game Turn 10 (4.4, 5.1), about 34 steps.
LENGTHEN = {"operation-grenade": ("rules", "game.yaml", ("game_length", "number_of_game_turns", "by_first_day"), 5,
                                  ("pbem.games.operation_grenade.demo", "BENCH_TURNS")),
            "smithereens": ("scenarios", "historical.yaml", ("last_turn", "value"), 15, None)}
PRINTED_LIMITS: dict[str, int] = {}      # the policies' own turn limits, before LENGTHEN (which leaves them multiplied for the play)
# Games whose demonstration data runs out in a long game: the benchmark plays them on a copy of the
# demo data override with these lists made `factor` times as long (each item copied with its id
# suffixed), and the matching counts multiplied; benchmark data, never shipped; the table says so.
# game -> (the override's keys of the lists, of their counts, the factor). Operation Grenade's 12
# strength chits a morale pool (demonstration data) run out near step 210: every chit under a unit (8.32).
ENLARGE_OVERRIDE = {"operation-grenade": ([f"chits.strength_chits.pools.{m}.chits" for m in (1, 2, 3)],
                                          [f"chits.strength_chits.pools.{m}.count" for m in (1, 2, 3)], 3)}
# Variants of a game timed as a row of their own (named in --games): name -> (game, behaviour revision the campaign
# is created with). Operation Grenade's open draw of the strength chits (behaviour 2: campaigns begun before pbem
# 0.7.0 play it) beside the secret dealing new campaigns play (behaviour 3).
VARIANTS = {"operation-grenade-open": ("operation-grenade", 2)}
SNAPSHOT_STEPS = (4, 49, 99, 199, 349)       # adjudicate is timed from copies taken before these steps
SUITE_TARGET = 65.0            # seconds: the suite's wall time when issue 13 was filed (52-65 s; "no slower than now as it grows")
SUITE_DECEMBER = 390.0         # seconds: its wall time in December 2026 (3863 tests, one process on the shared 2-core machine), for scale


class Campaign:
    """A campaign the benchmark built: where, how far it got, and its in-process step times."""

    def __init__(self, name: str, folder: Path, bench: bool = False) -> None:
        self.name, self.folder, self.bench = name, folder, bench
        self.steps, self.stopped, self.lengthened = 0, "", ""
        self.step_times: list[float] = []
        self.snapshots: list[tuple[Path, Path, Path]] = []    # (campaign copy, signed orders, opponent key)
        self.partial: "Campaign | None" = None                # the same campaign at --partial steps

    def copy_at(self, work: Path, steps: int) -> "Campaign":
        part = Campaign(f"{self.name}-{steps}", work / "campaigns" / f"{self.name}-{steps}", self.bench)
        shutil.copytree(self.folder, part.folder)
        part.steps, part.stopped, part.lengthened = steps, f"the first {steps} steps", self.lengthened
        part.step_times = list(self.step_times)
        return part


def play(campaign: Campaign, work: Path, keys: dict, key_files: dict, seats, next_orders, max_steps: int,
         snapshots: bool = False, partial: int = 0) -> None:
    from pbem import campaign as camp
    from pbem.errors import PbemError, UnknownDataError
    from pbem.yamlio import parse_yaml_text
    from pbem.hidden.steps import view_for
    opened = camp.open_campaign(campaign.folder)
    while campaign.steps < max_steps:
        if partial and campaign.steps == partial:
            campaign.partial = campaign.copy_at(work, partial)
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
            if snapshots and campaign.steps in SNAPSHOT_STEPS:
                copy = work / "snapshots" / f"{campaign.name}-{campaign.steps:04d}"
                shutil.copytree(campaign.folder, copy)
                campaign.snapshots.append((copy, signed, key_files[other]))
            started = time.perf_counter()
            result = camp.adjudicate(campaign.folder, [signed], key=keys[other], campaign=opened)
            while result.save is None and result.awaiting_strength:     # a dealt chit (Grenade 8.33): the drawer's word
                party = result.awaiting_strength[0]
                strength = work / "orders" / f"{campaign.name}-{campaign.steps:04d}-strength-{party}.txt"
                strength.write_text(camp.sign_strength(opened, keys[party], party))
                result = camp.adjudicate(campaign.folder, [strength], campaign=opened)
            campaign.step_times.append(time.perf_counter() - started)
        except UnknownDataError as exc:      # the demonstration data lacks a value the dice led to
            campaign.stopped = (f"stopped at step {campaign.steps} ({waiting['phase']}): the demonstration data "
                                f"lacks {exc.path}")
            return
        except PbemError as exc:             # the policy's orders refused (e.g. a state the data never foresaw)
            campaign.stopped = f"stopped at step {campaign.steps} ({waiting['phase']}): pbem refused the policy's orders: {exc}"
            return
        campaign.steps += 1
    campaign.stopped = f"played the {max_steps} steps asked for"


def unknown_city_flags(game: str, override: dict) -> dict:
    """Smithereens (FILL_OVERRIDE): `city: false` for every hex the data lists whose city flag it
    does not give (the victory count, 4.4, asks each one), as the game itself asks it."""
    from pbem.errors import UnknownDataError
    from pbem.gamedata import load_game_data
    from pbem.games import get_game
    from pbem.yamlio import dump_yaml
    rules = get_game(game)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "override.yaml"
        source.write_text(dump_yaml(override))
        data = load_game_data(game, source)
    filled = {}
    for hex_id in rules.hexes(data):
        try:
            rules.is_city(data, hex_id, "4.4")
        except UnknownDataError as exc:
            filled[exc.path] = False
    return filled


# Games whose demonstration data lacks a value every game end needs: the benchmark copy of the demo
# data override gives it (benchmark data, never shipped; the table says so). game -> the values, by
# a function of the game's data. Smithereens' victory count (4.4) needs every listed hex's city
# flag; its rules list hexes whose flag the text never gives (6.7's 1131, ...): "no city" here.
FILL_OVERRIDE = {"smithereens": unknown_city_flags}


@contextlib.contextmanager
def lengthened_rules(work: Path, game: str):
    """The game's rules (or scenario) data with its game length multiplied (LENGTHEN), as pbem's
    installed data while the campaign is created (which keeps its own copy under data/); yields a note."""
    from pbem import gamedata
    from pbem.yamlio import dump_yaml, load_yaml_file
    if game not in LENGTHEN:
        yield ""
        return
    import importlib
    kind, name, path, factor, policy_limit = LENGTHEN[game]
    installed = gamedata.rules_dir if kind == "rules" else gamedata.scenarios_dir
    source, target = installed(game), work / f"{kind}-lengthened" / game
    shutil.copytree(source, target)
    doc = load_yaml_file(target / name)
    table = doc
    for key in path[:-1]:
        table = table[key]
    if isinstance(table[path[-1]], dict):           # a table of lengths: each multiplied
        table = table[path[-1]]
        for first_day in table:
            table[first_day] *= factor
    else:
        table[path[-1]] *= factor
    (target / name).write_text("# BENCHMARK DATA: the game length multiplied by the pbem benchmarks (benchmarks/run.py)\n"
                               + dump_yaml(doc))
    note = f"game length x{factor} on benchmark data ({name} {'.'.join(path)}"
    if policy_limit:
        module_name, limit = policy_limit
        policy_module = importlib.import_module(module_name)
        turns = PRINTED_LIMITS.setdefault(limit, getattr(policy_module, limit))     # a second campaign multiplies it once too
        setattr(policy_module, limit, turns * factor)
        note += f"; {module_name}.{limit} x{factor}"
    setattr(gamedata, installed.__name__, lambda g: target if g == game else installed(g))
    try:
        yield note + ")"
    finally:
        setattr(gamedata, installed.__name__, installed)


def enlarged_override(work: Path, game: str, source: Path) -> tuple[Path, str]:
    """The demo data override, or a benchmark copy of it with longer lists (ENLARGE_OVERRIDE) or
    the values every game end needs (FILL_OVERRIDE); and a note."""
    from pbem.yamlio import dump_yaml, load_yaml_file
    if game not in ENLARGE_OVERRIDE and game not in FILL_OVERRIDE:
        return source, ""
    doc = load_yaml_file(source)
    values, notes, short = doc["values"], [], []      # short: the notice's words
    if game in ENLARGE_OVERRIDE:
        lists, counts, factor = ENLARGE_OVERRIDE[game]
        for key in lists:
            values[key] = [dict(item, id=item['id'] + (f"x{copy}" if copy else "")) for copy in range(factor)
                           for item in values[key]]
        for key in counts:
            values[key] *= factor
        notes.append(f"{', '.join(lists)} x{factor}")
        short.append(f"lists x{factor}")
    if game in FILL_OVERRIDE:
        filled = FILL_OVERRIDE[game](game, doc)
        values.update(filled)
        notes.append(f"{len(filled)} values given ({FILL_OVERRIDE[game].__name__})")
        short.append(notes[-1])
    doc["notice"] = f"BENCHMARK DATA (benchmarks/run.py: {'; '.join(short)}) on {doc['notice']}"
    target = work / "override-enlarged" / game / source.name
    target.parent.mkdir(parents=True)
    target.write_text(f"# BENCHMARK DATA: {'; '.join(notes)} by the pbem benchmarks (benchmarks/run.py), "
                      f"on the demonstration data of {source.parent.name}\n" + dump_yaml(doc))
    return target, f"{'; '.join(notes)} on benchmark data (a copy of the demo data override)"


@contextlib.contextmanager
def created_behaviour(game: str, revision: int | None):
    """New campaigns of `game` created with behaviour `revision` (None: the module's current one)."""
    from pbem.games import get_game
    module = get_game(game)
    current = module.behaviour
    module.behaviour = revision if revision is not None else current
    try:
        yield
    finally:
        module.behaviour = current


def build_game(work: Path, name: str, max_steps: int, partial: int) -> Campaign:
    """A demo game's campaign (or a VARIANTS one's) on its demo data, played by its benchmark policy."""
    import random

    from pbem import campaign as camp
    from pbem.demo import demo_commitment, demo_folder, demo_plan
    from pbem.keys import key_id, load_private_key
    game, revision = VARIANTS.get(name, (name, None))
    rng = random.Random(1945)
    demo = demo_plan(game)
    source = demo_folder(demo.demo_id)
    keys_dir = work / "keys" / name
    shutil.copytree(source / "keys", keys_dir)          # the CLI's ledger is written beside a key
    keys = {seat: load_private_key(keys_dir / seat) for seat in demo.seats}
    campaign = Campaign(name, work / "campaigns" / name)
    commitments = {s: demo_commitment(keys[s], f"bench-{name}", s) for s in demo.seats}
    override, enlarged = enlarged_override(work / name, game, source / "data-override.yaml")
    with lengthened_rules(work / name, game) as note, created_behaviour(game, revision):
        camp.create_campaign(campaign.folder, game, demo.scenario, {s: key_id(keys[s].public_key()) for s in demo.seats},
                             commitments, override, options=dict(demo.options))
    played = f"behaviour {revision}" if revision is not None else ""
    campaign.lengthened = "; ".join(n for n in (played, note, enlarged) if n)
    policy = demo.play
    if policy is None:
        raise SystemExit(f"benchmark: {game} brings a demo but no benchmark policy (DemoPlan.play)")
    play(campaign, work, keys, {s: keys_dir / s for s in demo.seats}, demo.seats,
         lambda opened, waiting, state: policy(opened, waiting, state, rng), max_steps, snapshots=True, partial=partial)
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
    """verify in-process (warm), and as fresh processes side by side with the floor: the two
    alternate run by run, so the machine's load falls on both alike."""
    from pbem import campaign as camp
    in_process = []
    for _ in range(runs):
        started = time.perf_counter()
        result = camp.verify(campaign.folder)
        in_process.append(time.perf_counter() - started)
        if not result.ok:
            raise SystemExit(f"benchmark: verify of {campaign.name} failed: {result.message}")
    verify = pbem_command(["verify", str(campaign.folder)], campaign.bench)
    floor = [sys.executable, "-c", FLOOR, str(campaign.folder)]
    # --against: the same verify by another checkout's pbem, in the same rounds (the same saves must verify there)
    others = [(repo, pbem_command(["verify", str(campaign.folder)], campaign.bench, repo)) for repo in AGAINST]
    run_once(verify, work), run_once(floor, work)          # untimed: bytecode and parsed-data caches filled
    for repo, command in others:
        run_once(command, work, repo=repo)
    # each round also times this verify with no parsed-data cache: a third party's first verify
    timed = [(run_once(verify, work), run_once(floor, work), [run_once(c, work, repo=r) for r, c in others],
              run_once(verify, work, cold=True)) for _ in range(runs)]
    cold = [(c, f) for _, f, _, c in timed]
    rounds = [(v, f, o) for v, f, o, _ in timed]
    pairs = [(v, f) for v, f, _ in rounds]
    against = [(repo, Timing([o[i][0] for _, _, o in rounds], [o[i][1] for _, _, o in rounds]),
                statistics.median(o[i][0] / f[0] for _, f, o in rounds), statistics.median(o[i][1] / f[1] for _, f, o in rounds))
               for i, (repo, _) in enumerate(others)]
    return {"in_process": statistics.median(in_process), "message": result.message,
            "whole": Timing([v[0] for v, _ in pairs], [v[1] for v, _ in pairs]),
            "floor": Timing([f[0] for _, f in pairs], [f[1] for _, f in pairs]),
            "ratio": statistics.median(v[0] / f[0] for v, f in pairs),
            "cpu_ratio": statistics.median(v[1] / f[1] for v, f in pairs), "against": against,
            "cold": Timing([c[0] for c, _ in cold], [c[1] for c, _ in cold]),
            "cold_ratio": statistics.median(c[0] / f[0] for c, f in cold), "cold_cpu_ratio": statistics.median(c[1] / f[1] for c, f in cold)}


def measure_adjudicate(campaign: Campaign, work: Path, runs: int) -> Timing:
    """One `pbem adjudicate --key` process per snapshot and run, each on a fresh copy of the snapshot
    (run in that copy's folder, where it writes the reveal it sends)."""
    times = []
    for copy, orders, key in campaign.snapshots:
        for attempt in range(runs + 1):
            target = work / "run"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(copy, target / "campaign")
            shutil.copyfile(key, target / "key")
            command = [sys.executable, "-m", "pbem", "adjudicate", str(target / "campaign"), str(orders), "--key", str(target / "key")]
            elapsed = run_once(command, work, cwd=target)
            if attempt:
                times.append(elapsed)
    return Timing([t[0] for t in times], [t[1] for t in times])


def suite_time(repo: Path = REPO) -> tuple[float, float]:
    """(wall, CPU: user + system of pytest and every process it started) of `python3 -m pytest -q`
    in the checkout `repo`, run as its README says (each checkout's own conftest decides its cores)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=repo,
                            capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(repo)))
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = result.stdout.strip().splitlines()
    for line in [line for line in lines if line.startswith(("FAILED", "ERROR"))] + lines[-1:]:
        print(f"{repo}: {line}")
    if not lines:
        print(result.stderr)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def judge_suite(before: str) -> None:
    """The suite's target, "no slower than now as it grows": against the suite of the checkout
    `before` (e.g. the commit issue 13 was filed at) timed in the same run on the same machine,
    else against the 65 s the issue gives (measured on the machine it was filed from)."""
    if before:
        old_wall, old_cpu = suite_time(Path(before).resolve())
        print(f"\ntest suite of {before}: {old_wall:.1f} s wall, {old_cpu:.0f} s cpu", flush=True)
    wall, cpu = suite_time()
    line = f"test suite: {wall:.1f} s wall, {cpu:.0f} s cpu on {os.cpu_count()} cores"
    if before:
        print(f"{line} (target: no slower than {before}'s, timed just before)   "
              f"{judged('test suite no slower', f'python3 -m pytest -q (wall; {old_wall:.0f} s for {before})', f'{wall:.0f} s', wall <= old_wall)}")
    else:
        print(f"\n{line} (target: no slower as it grows, {SUITE_TARGET:.0f} s when issue 13 was filed; "
              f"{SUITE_DECEMBER:.0f} s in December 2026 in one process)   "
              f"{judged('test suite no slower', f'python3 -m pytest -q (wall; {SUITE_TARGET:.0f} s when filed)', f'{wall:.0f} s', wall <= SUITE_TARGET)}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def verdict(ok: bool) -> str:
    return "meets" if ok else "MISSES"


SUMMARY: list[tuple[str, str, str, bool]] = []     # (target, what was measured, its value, met)


def judged(target: str, what: str, value: str, ok: bool) -> str:
    """A target's verdict, printed in its table and again in the summary at the end."""
    SUMMARY.append((target, what, value, ok))
    return verdict(ok)


def print_summary() -> None:
    print("\nsummary: every target of issue 13, as measured in this run")
    for target, what, value, ok in SUMMARY:
        print(f"  {verdict(ok):<7} {target:<30} {what:<44} {value}")
    met = sum(ok for *_, ok in SUMMARY)
    print(f"  {met} of {len(SUMMARY)} met")


def report(campaigns: list[Campaign], work: Path, runs: int) -> None:
    print(f"\n{'campaign':<24}{'steps':>6}{'step':>7}{'verify':>9}{'pbem verify':>13}{'floor':>8}{'ratio':>8}"
          f"{'cpu':>7}{'floor cpu':>11}{'ratio':>7}   target <= 2x floor")
    print(f"{'':<24}{'':>6}{'(ms)':>7}{'in-proc':>9}{'wall (ms)':>13}{'(ms)':>8}{'wall':>8}{'(ms)':>7}{'(ms)':>11}{'cpu':>7}")
    for campaign in campaigns:
        row = measure_verify(campaign, work, runs)
        whole, floor = row["whole"], row["floor"]
        step = ms(statistics.median(campaign.step_times)) if campaign.step_times else "-"
        said = judged("verify <= 2x floor", f"pbem verify {campaign.name} ({campaign.steps})", f"{row['ratio']:.2f}x (cpu {row['cpu_ratio']:.2f}x)",
                      row["ratio"] <= 2)
        print(f"{campaign.name:<24}{campaign.steps:>6}{step:>7}{ms(row['in_process']):>9}{ms(whole.wall):>13}"
              f"{ms(floor.wall):>8}{row['ratio']:>7.2f}x{ms(whole.cpu):>7}{ms(floor.cpu):>11}{row['cpu_ratio']:>6.2f}x"
              f"   {said}")
        print(f"  {row['message']}; {campaign.stopped}" + (f"; {campaign.lengthened}" if campaign.lengthened else ""))
        print(f"  cold (PBEM_CACHE_DIR=off, as a third party's first verify): {ms(row['cold'].wall)} ms wall, {ms(row['cold'].cpu)} ms cpu; "
              f"ratio {row['cold_ratio']:.2f}x (cpu {row['cold_cpu_ratio']:.2f}x), in the same rounds")
        for repo, timing, ratio, cpu_ratio in row["against"]:
            print(f"  against {repo}: pbem verify {ms(timing.wall)} ms wall, {ms(timing.cpu)} ms cpu; "
                  f"ratio {ratio:.2f}x (cpu {cpu_ratio:.2f}x), in the same rounds")
    print("step: median in-process adjudication of one step (warm); floor: a fresh process doing, per save, two Ed25519 "
          "verifies + one SHA-256 + one libyaml parse, with interpreter start and its imports; ratio: median of the "
          "run-by-run ratios (verify and floor alternate).")

    print(f"\n{'one pbem adjudicate --key, fresh process':<44}{'wall (ms)':>10}{'max':>6}{'cpu (ms)':>10}{'runs':>6}   target < 200 ms")
    for campaign in campaigns:
        if campaign.snapshots:
            timing = measure_adjudicate(campaign, work, runs)
            said = judged("adjudicate < 200 ms", f"pbem adjudicate --key {campaign.name}", f"{ms(timing.wall)} ms (cpu {ms(timing.cpu)})",
                          timing.wall < 0.2)
            print(f"  {campaign.name:<42}{ms(timing.wall):>10}{ms(timing.max):>6}{ms(timing.cpu):>10}{timing.runs:>6}"
                  f"   {said}  (before steps {', '.join(c.name[-4:] for c, _, _ in campaign.snapshots)})")

    print(f"\n{'fresh process':<30}{'wall (ms)':>10}{'cpu (ms)':>10}   target < 150 ms")
    longest = sorted(campaigns, key=lambda c: -c.steps)[:3]
    for campaign in longest:
        for command in ("status", "report"):
            timing = timed_process(pbem_command([command, str(campaign.folder)], campaign.bench), work, runs)
            label = f"{command} {campaign.name} ({campaign.steps})"
            print(f"  {label:<28}{ms(timing.wall):>10}{ms(timing.cpu):>10}   "
                  f"{judged(f'{command} < 150 ms', f'pbem {label}', f'{ms(timing.wall)} ms (cpu {ms(timing.cpu)})', timing.wall < 0.15)}")
    timing = timed_process(pbem_command(["--help"], False), work, runs)
    print(f"  {'pbem --help':<28}{ms(timing.wall):>10}{ms(timing.cpu):>10}   "
          f"{judged('--help < 150 ms', 'pbem --help', f'{ms(timing.wall)} ms (cpu {ms(timing.cpu)})', timing.wall < 0.15)}")
    timing = timed_process([sys.executable, "-c", "pass"], work, runs)
    print(f"  {'python3 -c pass':<28}{ms(timing.wall):>10}{ms(timing.cpu):>10}   (the interpreter start all of them include)")
    if any(c.bench for c in longest):
        print("  (core-* commands run through benchmarks/run.py --child, which registers the benchmark game)")


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description="pbem benchmarks (whole processes; prints tables)")
    parser.add_argument("--steps", type=int, default=400, help="steps of each real game (default 400)")
    parser.add_argument("--partial", type=int, default=200, help="also time each real game at this many steps (default 200; 0: not)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each fresh-process command (default 5)")
    parser.add_argument("--core", default="200,400", help="steps of the core-* campaigns (default 200,400)")
    parser.add_argument("--games", default="", help="only these demo games (comma-separated; default all), and these "
                        f"variants: {', '.join(VARIANTS)}")
    parser.add_argument("--no-suite", action="store_true", help="do not time the test suite")
    parser.add_argument("--suite-before", default="", help="another checkout (e.g. a worktree of the commit issue 13 was "
                        "filed at, c8d294d9): its test suite is timed just before this one's, and the target is to be no slower")
    parser.add_argument("--against", default="", help="another checkout of pbem (e.g. a worktree of main): its "
                        "`pbem verify` of the same campaigns is timed in the same rounds, for before/after ratios")
    args = parser.parse_args()
    AGAINST.extend(Path(p).resolve() for p in args.against.split(",") if p)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.environ["PBEM_BENCH_WORK"] = str(work)
        os.environ["PBEM_CACHE_DIR"] = str(work / "parsed")
        from pbem.demo import demo_games
        chosen = [g for g in [*demo_games(), *VARIANTS] if g in args.games.split(",") or (not args.games and g not in VARIANTS)]
        campaigns = []
        for game in chosen:
            started = time.perf_counter()
            built = build_game(work, game, args.steps, args.partial)
            print(f"built {game}: {built.steps} steps in {time.perf_counter() - started:.0f} s ({built.stopped})", flush=True)
            campaigns += [built.partial, built] if built.partial else [built]
        campaigns += [build_core(work, int(n)) for n in args.core.split(",") if n]
        report(campaigns, work, args.runs)
    if not args.no_suite:
        judge_suite(args.suite_before)
    print_summary()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        run_child(sys.argv[2:])
    else:
        main()
