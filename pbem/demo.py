"""`pbem demo`: a campaign played end to end on demonstration data.

It goes through what two players would do by email: commitments, `new`, order templates,
signing, adjudication with the opponent's dice reveal, a defender's signed loss choice, the
report and `verify`. The keys and data under examples/<game>-demo/ are demonstration material
(published keys, made-up map/counters/CRT cells), so every run prints the same bytes.
Smithereens (the default) plays a few steps; Operation Grenade plays the pre-game declarations
and one full Game-Turn (examples/operation-grenade-demo/campaign is that campaign, bundled).
"""

import copy
import hashlib
import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import campaign as camp
from .errors import PbemError
from .gamedata import project_root
from .keys import key_id, load_private_key
from .yamlio import parse_yaml_text

DEMO_ID = "smithereens-demo"
# Demonstration only: real commitments take a fresh random nonce and the time of signing. The
# demo fixes both so that every run (and the bundled example campaign) is the same bytes.
DEMO_SENT = "2027-01-01T12:00Z"


# The demos' nonces are numbered; the number was chosen (by trying them in turn) so that the
# Smithereens demo's first assault leaves the defender a choice to sign, the story the README tells.
DEMO_NONCE_NUMBER = 2


def demo_nonce(campaign_id: str, seat: str) -> str:
    """A fixed, public nonce for demonstration and test campaigns (never for a real one)."""
    return hashlib.sha256(f"pbem demonstration nonce {DEMO_NONCE_NUMBER}|{campaign_id}|{seat}".encode()).hexdigest()


def demo_commitment(key, campaign_id: str, seat: str) -> str:
    return camp.make_commitment(key, campaign_id, seat, nonce=demo_nonce(campaign_id, seat))
SEATS = ("alliance", "german")

# What each side orders, step by step (the defender's responses are chosen from what is legal).
DEMO_ORDERS = [       # Game Turn 1 is a German combat phase only (3.10)
    ("german", [{"attack": "1918E", "with": ["ger-46pz"]}]),
    ("alliance", [{"move": "sov-2gta", "path": ["2019E", "1919E"]},
                  {"move": "sov-4art", "path": ["2018E", "1918E"]},
                  {"move": "sov-1pol", "path": ["1920E", "1919E"]}]),
    ("alliance", [{"attack": "1819E", "with": ["sov-2gta", "sov-4art", "sov-1pol"], "advance": ["sov-2gta"]}]),
]


def grenade_attacks(campaign: camp.Campaign, state: dict) -> list:
    """The attacks 9.11/9.12 oblige: each unit in contact attacks all the enemy hexes next to it
    (9.21) together with the units that face exactly the same hexes, one regiment per hex (7.21)."""
    game, data = campaign.game, campaign.data
    grid, side = game.grid(data), state["side"]
    combats: dict = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != side or game.attack_optional(data, state, side, unit["hex"]):
            continue
        targets = tuple(sorted(h for h in grid.neighbours(unit["hex"]) if game.side_in(state, h) not in (None, side)
                               and "rhine" not in game.hexside(data, unit["hex"], h)))   # 22.11, 22.12
        if not targets:
            continue
        members = combats.setdefault(targets, [])
        regiment = game.counter(data, unit_id)["size"] != "battalion" and unit["form"] != "cadre"
        if regiment and any(state["units"][m]["hex"] == unit["hex"] and game.counter(data, m)["size"] != "battalion" for m in members):
            continue                                   # 7.21: its hex-mate fights this combat
        members.append(unit_id)
    return [{"attack": list(hexes) if len(hexes) > 1 else hexes[0], "with": units} for hexes, units in combats.items()]


# Operation Grenade: the declarations (17.0, 18.0) and Game-Turn One, both player-turns.
GRENADE_ORDERS = [
    ("german", [{"flood": "gradual_flood"}]),
    ("allied", [{"d_day": "1945-02-23"}]),
    ("allied", [{"move": "13/8/7", "path": ["0108", "0109"]},
                {"move": "28/8/7", "path": ["0108", "0208", "0209"]}]),
    ("allied", [{"attack": "0110", "with": ["13/8/7"], "advance": ["13/8/7"]},
                {"attack": "0310", "with": ["28/8/7"]}]),
    ("german", []),
    ("german", grenade_attacks),
]


def demo_folder(demo_id: str = DEMO_ID) -> Path:
    return project_root() / "examples" / demo_id


def legal_response(campaign: camp.Campaign, state: dict) -> list:
    """The defender's answer: retreat where the rules allow it, else step losses by 11.30."""
    game, data = campaign.game, campaign.data
    answers = []
    for battle in state["pending"]:
        alive = [u for u in battle["defenders"] if u in state["units"]]
        grid = game.grid(data)
        options = []
        if battle["army"] == "german":          # 11.25: only Alliance defenders may retreat
            for hex_id in grid.neighbours(battle["hex"]):
                options.append({"battle": battle["hex"], "retreat": hex_id,
                                "steps": _spread(state, alive, battle["defender_lp"] - 1)})
        options.append({"battle": battle["hex"], "steps": _spread(state, alive, battle["defender_lp"])})
        for option in options:
            if not option["steps"]:
                del option["steps"]
            try:
                if not game.response_problems(data, state, battle, option):
                    answers.append(option)
                    break
            except PbemError:
                continue     # e.g. a retreat hex whose terrain the demo data does not give
    return answers


def grenade_response(campaign: camp.Campaign, state: dict) -> list:
    """An Operation Grenade answer: the first regiment offered to defend (7.22) with any artillery
    support it may call (9.64); for losses,
    steps from the units the rules take them from first (9.86, 9.87) for German units holding
    an entrenchment or town, the longest legal retreat for everyone else."""
    game, data = campaign.game, campaign.data
    choice = state["awaiting_choice"]
    if choice["kind"] == "defend":                 # the first regiment offered, and artillery where it may call one
        from .games.operation_grenade import support
        by_label, used, answers = {c["hex"]: c for c in state["combats"]}, set(), []
        for due in choice["combats"]:
            combat = by_label[due["combat"]]
            guns = [g for g in support.artillery_options(game, data, state, choice["side"], combat,
                                                         support.defending_stack(game, state, combat)) if g not in used]
            answer = {"defend": due["combat"], "artillery": guns[:1]}
            used.update(guns[:1])
            if due["options"]:
                answer["with"] = {h: units[0] for h, units in due["options"].items()}
            answers.append(answer)
        return answers
    combat = state["combats"][0]
    loss = combat["result"][choice["result"]]
    units = combat["attackers"] if choice["result"] == "A" else combat["defenders"]
    starts = sorted({state["units"][u]["hex"] for u in units if u in state["units"]})
    grid = game.grid(data)
    hold = choice["side"] == "german" and all(game.attack_optional(data, state, "german", h) for h in starts)
    for hexes in (range(0, loss["flexible"] + 1) if hold else range(loss["flexible"], -1, -1)):
        paths = {start: _retreat_path(game, data, state, choice["side"], start, hexes, grid) for start in starts} if hexes else {}
        if any(p is None for p in paths.values()):
            continue
        for count in range(0, 12):
            order = {"combat": choice["hex"], "losses": _losses(game, data, state, units, starts, count)}
            if paths:
                order["retreat"] = paths[starts[0]] if len(starts) == 1 else paths
            try:
                game.loss_plan(data, copy.deepcopy(state), order)
                return [order]
            except PbemError:
                continue
    raise PbemError("demo: no legal loss/retreat answer found")


def _retreat_path(game, data, state, side, start, hexes, grid) -> list | None:
    """A path of `hexes` hexes away from the enemy (largest distance first), or None."""
    enemy = [u["hex"] for u in state["units"].values() if u["side"] != side]
    path, here = [], start
    for _ in range(hexes):
        options = [h for h in grid.neighbours(here) if h not in path and h != start and game.on_map(data, h)
                   and game.side_in(state, h) in (None, side)]
        if not options:
            return None
        here = max(options, key=lambda h: (min(grid.distance(h, e) for e in enemy) if enemy else 0, h))
        path.append(here)
    return path


def _losses(game, data, state, participants, starts, count) -> list:
    """`count` steps: tanks among the participants first (9.87), then participants (9.86), then hex-mates."""
    alive = [u for u in participants if u in state["units"]]
    mates = [u for h in starts for u in game.stacks(state).get(h, []) if u not in alive]
    order = [u for u in alive if game.counter(data, u)["type"] == "tank"] + [u for u in alive if game.counter(data, u)["type"] != "tank"] + mates
    left = {u: game.steps_available(data, state, [u]) for u in order}
    losses = []
    for unit_id in order:
        while left[unit_id] and len(losses) < count:
            losses.append(unit_id)
            left[unit_id] -= 1
    return losses


@dataclass(frozen=True)
class Demo:
    demo_id: str
    game: str
    scenario: str
    seats: tuple
    orders: list
    respond: Callable
    title: str


DEMOS = {
    "smithereens": Demo(DEMO_ID, "smithereens", "historical", SEATS, DEMO_ORDERS, legal_response,
                        "Smithereens demo (demonstration data)"),
    "operation-grenade": Demo("operation-grenade-demo", "operation-grenade", "operation-grenade", ("allied", "german"),
                              GRENADE_ORDERS, grenade_response, "Operation Grenade demo (demonstration data)"),
}


def next_orders(campaign: camp.Campaign, planned, respond: Callable = legal_response) -> tuple[str, list] | None:
    """Who acts next and with what: the legal response when one is awaited, else the next
    planned (side, orders); None when the plan or the game is over."""
    _, save, _ = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        return None
    if waiting["kind"] == "response":
        return waiting["side"], respond(campaign, save["state"])
    due = next(planned, None)
    if due is not None and callable(due[1]):
        return due[0], due[1](campaign, save["state"])
    return due


def _spread(state: dict, units: list[str], points: int) -> dict:
    """Step losses per 11.30: reduce every unit to one step before eliminating any."""
    steps = {u: state["units"][u]["steps"] for u in units}
    losses: dict[str, int] = {}
    for _ in range(max(points, 0)):
        alive = [u for u in units if steps[u] > 0]
        if not alive:
            break
        multi = [u for u in alive if steps[u] > 1]
        victim = multi[0] if multi else alive[0]
        steps[victim] -= 1
        losses[victim] = losses.get(victim, 0) + 1
    return losses


def run_demo(keep: Path | None = None, game: str = "smithereens") -> str:
    if game not in DEMOS:
        raise PbemError(f"no demo for {game!r}; demos: {', '.join(sorted(DEMOS))}")
    demo = DEMOS[game]
    source = demo_folder(demo.demo_id)
    keys = {seat: load_private_key(source / "keys" / seat) for seat in demo.seats}
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    folder = work / "campaign"
    commitments = {seat: demo_commitment(keys[seat], demo.demo_id, seat) for seat in demo.seats}
    players = {seat: key_id(keys[seat].public_key()) for seat in demo.seats}
    campaign = camp.create_campaign(folder, demo.game, demo.scenario, players, commitments,
                                    source / "data-override.yaml", title=demo.title)
    reports = [(folder / "steps" / "0000" / "report.txt").read_text()]
    planned = iter(demo.orders)
    for step in itertools.count(1):
        due = next_orders(campaign, planned, demo.respond)
        if due is None:
            break
        side, orders = due
        template = parse_yaml_text(camp.order_template(folder, side), "template")
        template["orders"] = orders
        signed = camp.sign_orders(campaign, template, keys[side], sent=DEMO_SENT)
        files = [work / f"orders-{step:04d}-{side}.txt"]
        files[0].write_text(signed)
        opponent = next(s for s in demo.seats if s != side)
        result = camp.adjudicate(folder, files, key=keys[opponent], sent=DEMO_SENT)   # the opponent adds its reveal
        reports.append(result.report)
    outcome = camp.verify(folder)
    reports.append(f"pbem verify {folder}: {outcome.message}\n")
    if not keep:
        reports.append(f"(campaign built in {work}; run `pbem demo --keep DIR` to keep it somewhere)\n")
    return "\n".join(reports)
