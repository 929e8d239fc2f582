"""Order templates: the pre-filled orders file the awaited side edits, checks and signs."""

from pathlib import Path

from .errors import PbemError
from .folder import Campaign, open_campaign
from .hidden.steps import view_for
from .yamlio import dump_yaml


def order_template(folder: Path, side: str) -> str:
    return template_for(open_campaign(folder), side)


def template_for(campaign: Campaign, side: str) -> str:
    """The pre-filled orders file `side` writes for the campaign's current step."""
    folder = campaign.folder
    number, save, digest = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        raise PbemError("the game is over; no orders are due")
    if side != waiting["side"]:
        raise PbemError(f"save {number} awaits {waiting['kind']} from {waiting['side']!r} ({waiting['phase']}), not from {side!r}")
    template = campaign.game.template(campaign.data, view_for(campaign, number, save, side), side)
    body = {"pbem": "orders", "campaign": campaign.id, "header": campaign.header_hash, "save": number,
            "save_hash": digest, "side": side, "kind": waiting["kind"], "phase": waiting["phase"],
            "orders": template["orders"]}
    notes = "".join(f"# {line}\n" for line in template["notes"])
    return (f"# pbem orders for {campaign.id}, save {number}: {waiting['phase']}\n{notes}"
            f"# Edit `orders:`, then `pbem check {folder} FILE` and `pbem sign {folder} FILE --key KEY`.\n" + dump_yaml(body))
