"""The signed inputs of a step: orders (or a response) and dice reveals. Their fields, the
checks that bind them to one campaign, header, save and side, signing them for the current
step only, and reading back the ones kept in pending/ while a step waits for a reveal.
"""

import re
from pathlib import Path
from datetime import datetime, timezone
from typing import Any, Callable

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .dice import check_leaf, dice_master, reveal_leaf, tree_root
from .errors import PbemError
from .folder import INPUT_NAME, Campaign, read_stored
from .hidden.dealt import check_strength, parts_for
from .hidden.private import PrivatePart, default_private_folder, find_private
from .hidden.steps import HiddenDiceError, openings_for, rules_of, seal_owner_step, step_revealers
from .keys import key_id
from .signing import SignedMessage, parse_signed, sign_body

ORDERS_FIELDS = {"pbem", "campaign", "header", "save", "save_hash", "side", "kind", "phase", "sent", "dice",
                 "orders", "comment", "hidden"}
REVEAL_FIELDS = {"pbem", "campaign", "header", "side", "save", "orders", "sent", "dice", "hidden"}   # hidden: pbem.hidden.steps
SENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}Z")
SENT_FORMAT = "%Y-%m-%dT%H:%MZ"        # what SENT matches, for strftime/strptime


def sent_now() -> str:
    """When a signed message was written (UTC, to the minute): the record of who waited for whom."""
    return datetime.now(timezone.utc).strftime(SENT_FORMAT)


def _check_sent(body: dict, source: str, what: str) -> None:
    if not isinstance(body.get("sent"), str) or not SENT.fullmatch(body["sent"]):
        raise PbemError(f"{what} need a 'sent: YYYY-MM-DDTHH:MMZ' date (UTC), as `pbem sign` writes it", source)


def classify_inputs(campaign: Campaign, messages: list[SignedMessage]) -> tuple[SignedMessage, dict[str, SignedMessage]]:
    """The one orders file and each party's reveal among a step's signed inputs."""
    orders: SignedMessage | None = None
    reveals: dict[str, SignedMessage] = {}
    for message in messages:
        if message.kind == "orders":
            if orders is not None:
                raise PbemError("two order files given; one step takes one side's orders (plus reveals)", message.source)
            orders = message
        elif message.kind == "reveal":
            sides = campaign.sides_of_key(message.signer)
            side = message.body.get("side")
            if side not in sides:
                raise PbemError(f"reveal claims side {side!r} but is signed by the key of {', '.join(sides) or 'nobody in this campaign'}", message.source)
            if side in reveals:
                raise PbemError(f"two reveals from {side}", message.source)
            reveals[side] = message
        elif message.kind == "strength":
            continue                 # a side's later dealing parts (pbem.hidden.dealt): strength_inputs
        else:
            raise PbemError(f"a '{message.kind}' message cannot be adjudicated (expected orders or reveal)", message.source)
    if orders is None:
        raise PbemError("no orders among the given files (" + (", ".join(m.source for m in messages) or "none") + ")")
    return orders, reveals


def check_orders_message(campaign: Campaign, message: SignedMessage, number: int, save: dict, digest: str) -> None:
    """Signed orders: the body fits the current save, and the signer is the side's key."""
    check_orders_body(campaign, message.body, message.source, number, save, digest)
    _check_sent(message.body, message.source, "signed orders")
    side = message.body["side"]
    if message.signer != campaign.key_of(side):
        raise PbemError(f"WRONG KEY: orders for {side} are signed by {message.signer[:20]}…, not {side}'s key", message.source)


def _stale_hint(body: dict, number: int) -> str:
    """What to do about orders bound to another save: an earlier one was played since (or the file
    is a replay), the same number with another hash means one copy of that save differs."""
    save, side = body.get("save"), body.get("side")
    if type(save) is not int:
        return ""
    if save < number:
        since = f"save {number} was" if save == number - 1 else f"saves {save + 1}–{number} were"
        return (f": {since} recorded since (`pbem log DIR`); orders already recorded need nothing more, "
                f"else write them again from `pbem orders DIR --side {side}`")
    if save == number:
        return (f", not the hash {str(body.get('save_hash'))[:12]}… they name: this copy's save {number} differs from "
                "the one they were written for (an edited or damaged save, or another campaign's copy): "
                "`pbem verify DIR` names the first difference")
    return ""


def check_orders_body(campaign: Campaign, body: dict, source: str, number: int, save: dict, digest: str) -> None:
    """An orders body (signed or not yet): right campaign, header, save, side, kind and phase; known fields."""
    if body.get("campaign") != campaign.id:
        raise PbemError(f"orders are for campaign {body.get('campaign')!r}, not {campaign.id!r}", source)
    # bind to the exact save first, so a damaged or edited save is refused as STALE before
    # any of its fields is read. `type() is int`: `save: true` equals 1 in Python
    # orders from a later save than this copy's last one: the reader is behind, not replayed
    # (a replay by `verify` of an earlier step is not behind: the record is out of order)
    if type(body.get("save")) is int and body["save"] > number and campaign.step_numbers()[-1] == number:
        raise PbemError(f"BEHIND: orders were written for save {body['save']} but this copy of the campaign is at "
                        f"save {number}: {catch_up(campaign, number, save, body['save'])}", source)
    if type(body.get("save")) is not int or body["save"] != number or body.get("save_hash") != digest:
        raise PbemError(f"STALE OR REPLAYED: orders were written for save {body.get('save')!r} "
                        f"but the campaign is at save {number} (hash {digest[:12]}…){_stale_hint(body, number)}", source)
    if body.get("header") != campaign.header_hash:
        raise PbemError(f"orders name campaign header {str(body.get('header'))[:12]}…, not this campaign's "
                        f"{campaign.header_hash[:12]}… (start from `pbem orders`)", source)
    waiting = save["awaiting"]
    if waiting.get("done"):
        raise PbemError("the game is over; no more orders are accepted", source)
    side = body.get("side")
    if side != waiting["side"]:
        raise PbemError(f"orders are from {side!r} but save {number} awaits {waiting['kind']} from {waiting['side']!r} ({waiting['phase']})", source)
    if body.get("kind") != waiting["kind"] or body.get("phase") != waiting["phase"]:
        raise PbemError(f"orders are for '{body.get('kind')}' in '{body.get('phase')}' but the campaign awaits "
                        f"'{waiting['kind']}' in '{waiting['phase']}'", source)
    if body.get("orders") is None and "orders" in body:        # every order deleted, the key left bare
        raise PbemError("`orders:` is empty: write `orders: []` for no orders", source)
    if not isinstance(body.get("orders"), list):
        raise PbemError("orders file needs an 'orders:' list", source)
    unknown = sorted(set(body) - ORDERS_FIELDS)
    if unknown:
        raise PbemError(f"unknown field(s) in orders: {', '.join(unknown)}", source)
    if "comment" in body and not isinstance(body["comment"], str):
        raise PbemError("'comment' must be text", source)


def catch_up(campaign: Campaign, number: int, save: dict, target: int) -> str:
    """What a copy at save `number` must adjudicate to reach save `target`, naming the files."""
    saves = f"save {target}" if target == number + 1 else f"saves {number + 1}–{target}"
    waiting = save["awaiting"]
    pending = sorted(p.name for p in (campaign.folder / PENDING).glob("*.txt")) if (campaign.folder / PENDING).is_dir() else []
    if pending:
        first = (f"{', '.join(f'{PENDING}/{n}' for n in pending)} wait for the reveal of "
                 f"{', '.join(_pending_revealers(campaign, save, pending)) or 'the other side'}")
    else:
        first = (f"the signed {waiting['kind']} of {waiting['side']} for save {number}, "
                 f"orders-{waiting['side']}-{number:04d}.yaml.signed.txt as `pbem sign` names it, with any reveal it needs")
    return f"adjudicate {saves} first (files: {first}; then those of each later step, as they were sent)"


def _pending_revealers(campaign: Campaign, save: dict, names: list[str]) -> list[str]:
    """Whose reveals the orders kept in pending/ await (a seat whose stacks they open too)."""
    for name in names:
        if name.startswith("orders-"):
            try:
                body = parse_signed((campaign.folder / PENDING / name).read_text(), name).body
                return step_revealers(campaign, save, str(body.get("side")), body.get("orders"))
            except (PbemError, OSError):
                break          # read again, and refused by name, when adjudicated
    return campaign.revealers(save["awaiting"])


def _check_reveal(campaign: Campaign, message: SignedMessage, orders: SignedMessage, number: int) -> str:
    """A reveal answers exactly one orders file of this campaign and save. Returns its secret."""
    body, source = message.body, message.source
    party = body["side"]
    entry = campaign.header["dice"]["commitments"][party]
    unknown = sorted(set(body) - REVEAL_FIELDS)
    if unknown:
        raise PbemError(f"unknown field(s) in a reveal: {', '.join(unknown)}", source)
    if (body.get("campaign") != campaign.id or body.get("header") != campaign.header_hash
            or type(body.get("save")) is not int or body["save"] != number or body.get("orders") != orders.digest):
        raise PbemError("reveal is bound to other orders, save or campaign (a reveal answers exactly one orders file)", source)
    _check_sent(body, source, "reveals")
    return _in_file(source, check_leaf, body.get("dice"), number + 1, entry["root"], entry["tree_depth"], party)


def _in_file(source: str, func: Callable[..., Any], *args: Any) -> Any:
    """Run func; a refusal that names no file is attributed to `source` (the input or step)."""
    try:
        return func(*args)
    except PbemError as exc:
        if exc.file is None:
            exc.file = source
            exc.args = (exc.one_line(),)
        raise


def dice_master_for(campaign: Campaign, key: Ed25519PrivateKey, party: str) -> tuple[bytes, int]:
    entry = campaign.header["dice"]["commitments"][party]
    master = dice_master(key, campaign.id, party, entry["nonce"])
    if (tree_root(master, entry["tree_depth"]) != entry["root"]                # from the kept record (pbem.dice)
            and tree_root(master, entry["tree_depth"], fresh=True) != entry["root"]):
        raise PbemError(f"this key's dice tree does not match the commitment of {party} in the header "
                        "(wrong key, or a commitment made with another key)")
    return master, entry["tree_depth"]


def sign_orders(campaign: Campaign, body: dict, key: Ed25519PrivateKey, sent: str | None = None,
                source: str = "the orders", private: Path | None = None) -> str:
    """Sign orders for the campaign's current step only, adding the signer's dice for it.

    The campaign is the signer's own copy: a file naming another save, side or campaign (a
    "pre-filled" file from an opponent) is refused, so a signature never gives away the dice
    of a step the signer did not mean to play."""
    number, save, digest = campaign.latest()
    check_orders_body(campaign, body, source, number, save, digest)
    side = body["side"]
    if campaign.key_of(side) != key_id(key.public_key()):
        holds = campaign.sides_of_key(key_id(key.public_key()))
        whose = f"it is {' and '.join(holds)}'s" if holds else "it holds no seat"
        raise PbemError(f"this key is not {side}'s key in campaign {campaign.id} ({whose}): sign {side}'s orders "
                        f"with {side}'s key", source)
    pending = read_pending(campaign, number, save, digest)
    if any(m.kind == "orders" and m.body["orders"] != body["orders"] for m in pending):
        raise PbemError(f"other orders for save {number} are already signed and kept in {campaign.folder / PENDING} "
                        "(not recorded yet): one orders file per save. If your opponent refused them, or you never "
                        f"sent them, delete {campaign.folder / PENDING} and sign again", source)
    if any(m.kind == "data-amendment" and m.body.get("side") == side for m in pending):    # pbem.amend
        raise PbemError(f"a data amendment for save {number} awaits its countersignature ({campaign.folder / PENDING}); "
                        "sign orders after it is recorded")
    if any(m.kind == "data-consent" and m.body.get("side") == side for m in pending):
        # the countersignature and the orders would each make the save: the other copies would differ
        raise PbemError(f"{side} countersigned the data amendment for save {number} ({campaign.folder / PENDING}), which "
                        "makes the save once every seat has: sign orders after it is recorded", source)
    body = {k: v for k, v in body.items() if k not in ("dice", "sent", "hidden")}
    body["sent"] = sent or sent_now()
    _hide(campaign, key, number, save, body, private)
    block = parts_for(campaign, number, save, body, key, side, {}, None)      # pbem.hidden.dealt: shared pools
    if block is not None:
        body["hidden"] = block
    if campaign.header["dice"]["mode"] != "gm":
        master, depth = dice_master_for(campaign, key, side)
        body["dice"] = reveal_leaf(master, number + 1, depth)
    return sign_body(body, key)


def _hide(campaign: Campaign, key: Ed25519PrivateKey, number: int, save: dict, body: dict, private: Path | None) -> None:
    """A campaign that hides items: an owner step is applied here and signed as its public result
    with new commitments (its orders go to the private part); a public step carries the
    openings of the mover's items it opens (pbem.hidden.steps)."""
    rules = rules_of(campaign)
    if rules is None:
        return
    side = body["side"]
    part = find_private(campaign.folder, campaign.id, side, private)
    if rules.owner_step(campaign.data, save["state"], side):
        part = part or PrivatePart(default_private_folder(campaign.folder, side), side, campaign.id)
        try:
            body["orders"], body["hidden"] = seal_owner_step(campaign, key, number, save, side, body["orders"], part)
            return
        except HiddenDiceError:
            pass          # played in the open: its orders open what the game says it may touch
    opened = openings_for(campaign, number, save, side, body, side, part)
    if opened is not None:
        body["hidden"] = {"open": opened}


def make_reveal(campaign: Campaign, key: Ed25519PrivateKey, party: str, step: int, orders_hash: str, sent: str,
                openings: dict | None = None, dealt: dict | None = None) -> str:
    """`party`'s secret for dice step `step`, bound to the orders (written for save step - 1), with
    the openings of `party`'s hidden items the step opens (pbem.hidden.steps.openings_for)."""
    master, depth = dice_master_for(campaign, key, party)
    body = {"pbem": "reveal", "campaign": campaign.id, "header": campaign.header_hash, "side": party,
            "save": step - 1, "orders": orders_hash, "sent": sent, "dice": reveal_leaf(master, step, depth)}
    if openings is not None:
        body["hidden"] = {"open": openings}
    if dealt is not None:                      # its parts of the shared pools' dealing (pbem.hidden.dealt)
        body["hidden"] = dealt
    return sign_body(body, key)


def make_strength(campaign: Campaign, key: Ed25519PrivateKey, side: str, step: int, orders_hash: str, round_: int,
                  sent: str, dealt: dict) -> str:
    """`side`'s later parts of the step's dealing (pbem.hidden.dealt): its claims once it has
    decoded its cards with the other side's shares, or a share the step waits for."""
    body = {"pbem": "strength", "campaign": campaign.id, "header": campaign.header_hash, "side": side,
            "save": step - 1, "orders": orders_hash, "round": round_, "sent": sent, "hidden": dealt}
    return sign_body(body, key)


def strength_inputs(campaign: Campaign, messages: list[SignedMessage], orders: SignedMessage,
                    number: int) -> list[SignedMessage]:
    """The step's strength messages, each checked, in the order of their rounds per side."""
    found = sorted((m for m in messages if m.kind == "strength"), key=lambda m: (str(m.body.get("side")), str(m.body.get("round"))))
    for message in found:
        check_strength(campaign, message, orders, number)
    seen = [(m.body["side"], m.body["round"]) for m in found]
    for side in sorted({s for s, _ in seen}):
        rounds = sorted(r for s, r in seen if s == side)
        if rounds != list(range(1, len(rounds) + 1)):
            raise PbemError(f"the strength messages of {side} for this step are rounds {rounds}, not 1, 2, ... each once")
    return found


# -- pending inputs: signed files of the next step that wait for a reveal ---------------------------

PENDING = "pending"


def read_pending(campaign: Campaign, number: int, save: dict, digest: str) -> list[SignedMessage]:
    """The inputs kept for the step after save `number`, each re-checked as if just received
    (signature, signer, save, hash): nothing in pending/ is trusted from the disk. Inputs left
    from an earlier save (a step resolved, then interrupted before clearing) are not used."""
    folder = campaign.folder / PENDING
    if not folder.is_dir():
        return []
    messages = []
    for path in sorted(folder.iterdir()):
        if not INPUT_NAME.fullmatch(path.name):
            raise PbemError("unexpected file in pending/ (only orders-SIDE.txt and reveal-SIDE.txt)", str(path))
        message = read_stored(path)
        if message.body.get("save") != number:
            continue                     # stale: it belongs to a step already recorded
        if message.kind == "orders":
            check_orders_message(campaign, message, number, save, digest)
        messages.append(message)
    return messages
