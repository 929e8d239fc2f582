"""`pbem demo`: a Smithereens campaign played end to end on demonstration data.

It goes through what two players would do by email: commitments, `new`, order templates,
signing, adjudication with the opponent's dice reveal, a defender's signed loss choice, the
report and `verify`. The keys and data under examples/smithereens-demo/ are demonstration
material (published keys, made-up map/counters/CRT rows), so every run prints the same bytes.
"""

import itertools
import tempfile
from pathlib import Path

from . import campaign as camp
from .errors import PbemError
from .gamedata import project_root
from .keys import key_id, load_private_key
from .yamlio import parse_yaml_text

DEMO_ID = "smithereens-demo"
SEATS = ("alliance", "german")

# What each side orders, step by step (the defender's responses are chosen from what is legal).
DEMO_ORDERS = [       # Game Turn 1 is a German combat phase only (3.10)
    ("german", [{"attack": "1918E", "with": ["ger-46pz"]}]),
    ("alliance", [{"move": "sov-2gta", "path": ["2019E", "1919E"]},
                  {"move": "sov-4art", "path": ["2018E", "1918E"]},
                  {"move": "sov-1pol", "path": ["1920E", "1919E"]}]),
    ("alliance", [{"attack": "1819E", "with": ["sov-2gta", "sov-4art", "sov-1pol"], "advance": ["sov-2gta"]}]),
]


def demo_folder() -> Path:
    return project_root() / "examples" / DEMO_ID


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


def next_orders(campaign: camp.Campaign, planned) -> tuple[str, list] | None:
    """Who acts next and with what: the defender's legal response when one is awaited, else the
    next planned (side, orders); None when the plan or the game is over."""
    _, save, _ = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        return None
    if waiting["kind"] == "response":
        return waiting["side"], legal_response(campaign, save["state"])
    return next(planned, None)


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


def run_demo(keep: Path | None = None) -> str:
    source = demo_folder()
    keys = {seat: load_private_key(source / "keys" / seat) for seat in SEATS}
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    folder = work / "campaign"
    commitments = {seat: camp.make_commitment(keys[seat], DEMO_ID, seat) for seat in SEATS}
    players = {seat: key_id(keys[seat].public_key()) for seat in SEATS}
    campaign = camp.create_campaign(folder, "smithereens", "historical", players, commitments,
                                    source / "data-override.yaml", title="Smithereens demo (demonstration data)")
    reports = [(folder / "steps" / "0000" / "report.txt").read_text()]
    planned = iter(DEMO_ORDERS)
    for step in itertools.count(1):
        due = next_orders(campaign, planned)
        if due is None:
            break
        side, orders = due
        template = parse_yaml_text(camp.order_template(folder, side), "template")
        template["orders"] = orders
        signed = camp.sign_orders(template, keys[side])
        files = [work / f"orders-{step:04d}-{side}.txt"]
        files[0].write_text(signed)
        opponent = next(s for s in SEATS if s != side)
        result = camp.adjudicate(folder, files, key=keys[opponent])   # the opponent adds its reveal
        reports.append(result.report)
    outcome = camp.verify(folder)
    reports.append(f"pbem verify {folder}: {outcome.message}\n")
    if not keep:
        reports.append(f"(campaign built in {work}; run `pbem demo --keep DIR` to keep it somewhere)\n")
    return "\n".join(reports)
