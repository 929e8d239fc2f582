"""`pbem demo`: a campaign played end to end on demonstration data.

It goes through what two players would do by email: commitments, `new`, order templates,
signing, adjudication with the opponent's dice reveal, a defender's signed loss choice, the
report and `verify`. The keys and data under examples/<game>-demo/ are demonstration material
(published keys, made-up map/counters/CRT cells), so every run prints the same bytes.
What is played is each game's own plan (GameModule.demo_plan: its orders, its answers to every
pause, and the benchmarks' long-game policy), which lives with the game; this module only
drives it through the same functions the CLI uses.
"""

import hashlib
import itertools
import tempfile
from pathlib import Path
from typing import Callable

from . import campaign as camp
from .errors import PbemError
from .games import MODULES, get_game
from .games.base import DemoPlan
from .gamedata import project_root
from .keys import key_id, load_private_key
from .yamlio import parse_yaml_text

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


def demo_folder(demo_id: str) -> Path:
    return project_root() / "examples" / demo_id


def demo_games() -> list[str]:
    """The games that bring a demonstration campaign, in the order pbem lists its games."""
    return [name for name in MODULES if get_game(name).demo_plan() is not None]


def demo_plan(game: str) -> DemoPlan:
    plan = get_game(game).demo_plan() if game in MODULES else None
    if plan is None:
        raise PbemError(f"no demo for {game!r}; demos: {', '.join(demo_games())}")
    return plan


def next_orders(campaign: camp.Campaign, planned, respond: Callable) -> tuple[str, list] | None:
    """Who acts next and with what: the legal response when one is awaited, else the next
    planned (side, orders); None when the plan or the game is over."""
    _, save, _ = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        return None
    if waiting["kind"] == "response":
        return waiting["side"], respond(campaign, save["state"])
    due = next(planned, None)
    if due is not None and due[0] is None:       # a turn order drawn from a cup: whoever is awaited acts
        due = (waiting["side"], due[1])
    if due is not None and callable(due[1]):
        return due[0], due[1](campaign, save["state"])
    return due


def run_demo(keep: Path | None = None, game: str | None = None, last: int | None = None) -> str:
    """Build the game's demonstration campaign (up to save `last`, if given), verify it, and
    return its reports."""
    game = game or demo_games()[0]
    demo = demo_plan(game)
    source = demo_folder(demo.demo_id)
    keys = {seat: load_private_key(source / "keys" / seat) for seat in demo.seats}
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    folder = work / "campaign"
    commitments = {seat: demo_commitment(keys[seat], demo.demo_id, seat) for seat in demo.seats}
    players = {seat: key_id(keys[seat].public_key()) for seat in demo.seats}
    campaign = camp.create_campaign(folder, game, demo.scenario, players, commitments,
                                    source / "data-override.yaml", title=demo.title, options=dict(demo.options))
    reports = [(folder / "steps" / "0000" / "report.txt").read_text()]
    planned = iter(demo.orders)
    for step in itertools.count(1):
        due = None if last is not None and step > last else next_orders(campaign, planned, demo.respond)
        if due is None:
            break
        side, orders = due
        template = parse_yaml_text(camp.order_template(folder, side), "template")
        template["orders"] = orders
        signed = camp.sign_orders(campaign, template, keys[side], sent=DEMO_SENT)
        files = [work / f"orders-{step:04d}-{side}.txt"]
        files[0].write_text(signed)
        opponents = [s for s in demo.seats if s != side]
        result = camp.adjudicate(folder, files, key=keys[opponents[0]], sent=DEMO_SENT)   # the opponent adds its reveal
        for other in opponents[1:]:          # three or more seats: each other seat a roll needs adds its reveal
            if result.save is not None:
                break
            result = camp.adjudicate(folder, [], key=keys[other], sent=DEMO_SENT)
        for round_ in itertools.count(1):    # shared pools (pbem.hidden.dealt): a side's strength message
            if result.save is not None or not result.awaiting_strength:
                break
            party = result.awaiting_strength[0]
            path = work / f"strength-{step:04d}-{party}-{round_}.txt"
            path.write_text(camp.sign_strength(campaign, keys[party], party, sent=DEMO_SENT))
            result = camp.adjudicate(folder, [path], sent=DEMO_SENT)
        reports.append(result.report)
    outcome = camp.verify(folder)
    reports.append(f"pbem verify {folder}: {outcome.message}\n")
    if not keep:
        reports.append(f"(campaign built in {work}; run `pbem demo --keep DIR` to keep it somewhere)\n")
    return "\n".join(reports)
