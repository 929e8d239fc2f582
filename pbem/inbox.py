"""`pbem inbox`: saved emails or forum posts in, every applicable signed block applied in order.

A mail may hold several signed blocks (orders, a response, a reveal, a commitment, a data
amendment) among greetings, quoting and signatures, and mails arrive in any order and more
than once. The inbox takes every block out of every file (each kept in its canonical stored
form, never the raw mail), then repeatedly applies what fits the latest save: the orders
written for it, with the reveals bound to those orders. What is left is either already
recorded (a duplicate), or waits for something not yet received, and the inbox says which.

Order-independence: a step's record depends only on the signed blocks it used, never on which
command or copy used them first (pending/ holds orders that wait for a reveal, outside the
hash chain), so two players who receive the same blocks, in any order and batching, end with
byte-identical folders.
"""

from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .adjudicate import adjudicate_messages, differ
from .amend import AMENDMENT, CONSENT
from .errors import PbemError
from .folder import Campaign, check_header, open_campaign
from .hidden.steps import step_revealers
from .inputs import read_pending
from .keys import key_id
from .signing import SignedMessage, find_signed, parse_signed
from .storage import write_new_file
from .yamlio import MAX_SIGNED_BYTES, read_text

def read_mail(path: Path) -> list[SignedMessage]:
    """Every signed block of a saved mail or post, verified (pbem.signing.find_signed: MIME,
    quoted-printable, format=flowed, forum wrappers, quoting, lines wrapped in transit)."""
    return find_signed(read_text(path, limit=MAX_SIGNED_BYTES), str(path))


@dataclass
class InboxResult:
    lines: list[str] = field(default_factory=list)       # what was done, in order
    recorded: list[int] = field(default_factory=list)    # the saves written
    sends: list[tuple[Path, list[str]]] = field(default_factory=list)   # file -> to whom


def inbox(folder: Path, files: list[Path], key: Ed25519PrivateKey | None = None, outbox: Path = Path("."),
          sent: str | None = None) -> InboxResult:
    """Apply every applicable signed block of `files` to the campaign, in the order the hash
    chain needs; with `key`, reveal this player's dice for orders that await them (the reveal
    is written to `outbox`, to be sent to the mover)."""
    campaign = open_campaign(folder)
    problems = check_header(campaign)
    if problems:
        raise PbemError(problems[0])
    received: dict[str, SignedMessage] = {}
    for path in files:
        for message in read_mail(Path(path)):
            received.setdefault(message.digest, message)
    result = InboxResult()
    mine = campaign.sides_of_key(key_id(key.public_key())) if key is not None else []
    if key is not None and not mine:
        raise PbemError(f"this key holds no seat in campaign {campaign.id} (wrong key, or another player's copy?)")
    used: set[str] = set()
    while True:
        number, save, digest = campaign.latest()
        if save["awaiting"].get("done"):
            break
        orders = _orders_for(campaign, received, number, digest)
        pending = read_pending(campaign, number, save, digest)
        if orders is None and not any(m.kind in ("orders", AMENDMENT) for m in pending):
            break
        heads = ([orders] if orders else []) + pending
        given = ([orders] if orders else []) + [
            m for m in received.values() if m.body.get("save") == number and (
                (m.kind in ("reveal", "strength") and m.body.get("orders") in {o.digest for o in heads})
                or (m.kind == CONSENT and m.body.get("amendment") in {o.digest for o in heads}))]
        fixed = [m.body for m in heads if m.kind == "orders"]     # whose reveals these orders await
        revealers = (step_revealers(campaign, save, str(fixed[0].get("side")), fixed[0].get("orders")) if fixed
                     else campaign.revealers(save["awaiting"]))
        reveal_key = key if any(p in mine for p in revealers) else None
        step = adjudicate_messages(campaign, given, reveal_key, sent)
        used.update(m.digest for m in given)
        _note_reveals(campaign, step, mine, outbox, received, result, used)
        campaign = open_campaign(folder)          # a recorded amendment changes the data of what follows
        if step.save is None and any(n.startswith("amendment-") for n in step.inputs):
            if given:
                result.lines.append(step.report)
            break
        if step.save is None and step.awaiting_strength:
            if given:
                result.lines.append(step.report)
            break
        if step.save is None:
            side = next(n for n in step.inputs if n.startswith("orders-"))[len("orders-"):-len(".txt")]
            if given:
                result.lines.append(f"kept the orders of {side} for save {number} in {campaign.folder / 'pending'}: "
                                    f"they roll dice and await the reveal of {', '.join(step.awaiting_reveal)}")
                if key is not None and not reveal_key:
                    result.lines.append(f"your key is {', '.join(mine)}'s: it reveals nothing for this step "
                                        "(run this with the key of the seat it awaits)")
                elif key is None:
                    result.lines.append(f"without --key nothing is revealed here: {', '.join(step.awaiting_reveal)} "
                                        "reveal with `pbem inbox DIR FILE --key KEY`")
            break
        result.recorded.append(step.number)
        result.lines.append(f"recorded save {step.number}: {step.save['produced_by']['phase']} "
                            f"({step.save['produced_by']['kind']} of {step.save['produced_by']['side']}); "
                            f"report {campaign.step_dir(step.number) / 'report.txt'}")
    result.lines.extend(_leftovers(campaign, received, used))
    result.lines.append(awaited(campaign))
    return result


def _orders_for(campaign: Campaign, received: dict[str, SignedMessage], number: int, digest: str) -> SignedMessage | None:
    """The received orders written for save `number` (one file per save: two different ones
    from the awaited side are refused, naming both)."""
    found = [m for m in received.values() if m.kind in ("orders", AMENDMENT) and m.body.get("save") == number
             and m.body.get("save_hash") == digest]
    movers = {m.body.get("side") for m in found if m.kind == "orders"}
    found = [m for m in found if m.kind == "orders" or m.body.get("side") in movers or not movers]   # a declined amendment
    if len(found) > 1:
        raise PbemError(f"two different step inputs for save {number}: {found[0].source} ({found[0].kind}) and "
                        f"{found[1].source} ({found[1].kind}); one orders file or data amendment per save")
    return found[0] if found else None


def _note_reveals(campaign: Campaign, step, mine: list[str], outbox: Path, received: dict[str, SignedMessage],
                  result: InboxResult, used: set[str]) -> None:
    """A reveal this player made here is written to the outbox (never only inside steps/ or
    pending/), with exactly whom to send it to; it is used, never listed among the leftovers (as a
    duplicate of the step it just made, or as waiting while its step awaits another seat's reveal)."""
    if not any(n.startswith("orders-") for n in step.inputs):
        return                              # a data amendment step: no reveal in it
    for name, text in sorted(step.inputs.items()):
        party = name[len("reveal-"):-len(".txt")] if name.startswith("reveal-") else None
        if party is None or party not in mine:
            continue
        message = parse_signed(text, name)
        if message.digest in received:
            continue                        # received, not made here: the mover has it already
        used.add(message.digest)
        target = write_outgoing(Path(outbox) / f"reveal-{party}-{step.number:04d}.txt", text)
        received[message.digest] = message
        # every other seat records the step with it (three or four seats: not the mover's copy alone)
        result.sends.append((target, [s for s in sorted(campaign.header["players"]) if s != party]))


def write_outgoing(target: Path, text: str) -> Path:
    """Write a file to send: `target`, or the one already there with this text, or, when another
    file holds the name (another campaign's reveal of the same step number), the first free
    NAME-2.txt, NAME-3.txt: the step is recorded by now, and refusing would leave its reveal unsent."""
    candidate, number = target, 1
    while candidate.exists():
        if candidate.read_text(encoding="utf-8") == text:
            return candidate
        number += 1
        candidate = target.with_name(f"{target.stem}-{number}{target.suffix}")
    write_new_file(candidate, text.encode("utf-8"))
    return candidate


def recorded_inputs(campaign: Campaign) -> dict[str, int]:
    """The digest of every signed input the recorded steps hold -> the save it made."""
    recorded: dict[str, int] = {}
    for n in campaign.step_numbers()[1:]:
        for path in campaign.step_dir(n).glob("*-*.txt"):
            recorded[parse_signed(path.read_text(encoding="utf-8"), str(path)).digest] = n
    return recorded


def recorded_twin(campaign: Campaign, message: SignedMessage, number: int) -> Path | None:
    """The recorded orders of the same seat, for the same save and hash, that say something else
    than `message` (three seats: a mover that sent each seat other orders splits their copies)."""
    side, save = message.body.get("side"), message.body.get("save")
    if not isinstance(side, str) or side not in campaign.header["players"] or type(save) is not int:
        return None
    if not 0 <= save < number or message.signer != campaign.key_of(side):
        return None
    path = campaign.step_dir(save + 1) / f"orders-{side}.txt"
    if not path.is_file():
        return None
    recorded = parse_signed(path.read_text(encoding="utf-8"), str(path))
    if recorded.body.get("save_hash") != message.body.get("save_hash") or not differ(recorded, message):
        return None
    return path


def _leftovers(campaign: Campaign, received: dict[str, SignedMessage], used: set[str]) -> list[str]:
    """What the inbox did not apply: duplicates of recorded files, or blocks that wait."""
    number = campaign.step_numbers()[-1]
    recorded = recorded_inputs(campaign)
    kept = [m for m in read_pending(campaign, *campaign.latest()) if m.kind == "orders"]
    lines = []
    for message in sorted(received.values(), key=lambda m: (str(m.body.get("save")), m.kind, m.source)):
        if message.digest in used:
            continue
        what = f"{message.source}: {message.kind}"
        if message.digest in recorded:
            lines.append(f"{what} of {message.body.get('side')}: already recorded in save {recorded[message.digest]} "
                         "(a duplicate; nothing to do)")
            continue
        save = message.body.get("save")
        if message.kind == "dice-commitment":
            lines.append(f"{what} of {message.body.get('side')}: commitments are read by `pbem new`, not here")
        elif message.kind not in ("orders", "reveal", "strength", AMENDMENT, CONSENT):
            lines.append(f"{what}: not a step input this command applies")
        elif message.body.get("campaign") != campaign.id:
            lines.append(f"{what} for campaign {message.body.get('campaign')!r}, not {campaign.id!r}: ignored")
        elif type(save) is int and save > number:
            saves = f"save {save} is" if save == number + 1 else f"saves {number + 1}–{save} are"
            lines.append(f"{what} of {message.body.get('side')} for save {save}: waits until {saves} recorded "
                         f"here (the files that make {'it' if save == number + 1 else 'them'} have not come yet); "
                         f"keep it and give it to `pbem inbox` again with them")
        elif type(save) is int and save == number and message.kind == "reveal" and kept and message.body.get("orders") != kept[0].digest:
            lines.append(f"{what} of {message.body.get('side')} for save {save}: answers other orders than those of "
                         f"{kept[0].body.get('side')} kept in pending/ (if {kept[0].body.get('side')} signed two different "
                         "orders for this save, both files prove it); never reveal again for this save")
        elif type(save) is int and save == number and message.kind in ("reveal", CONSENT):
            answers = 'orders' if message.kind == 'reveal' else 'data amendment'
            lines.append(f"{what} of {message.body.get('side')} for save {save}: waits for the {answers} it "
                         f"answers, not recorded here; keep it and give it to `pbem inbox` again "
                         f"with (or after) those {answers}")
        elif message.kind == "orders" and (twin := recorded_twin(campaign, message, number)) is not None:
            lines.append(f"{what} of {message.body.get('side')} for save {save}: EQUIVOCATION: {message.body.get('side')} "
                         f"signed other orders for save {save}, recorded in {twin}: keep both files, they prove it")
        else:
            lines.append(f"{what} of {message.body.get('side')} for save {save!r}: not part of this campaign's "
                         f"history (the campaign is at save {number}); ignored")
    return lines


def awaited(campaign: Campaign) -> str:
    """What the campaign waits for now, in one line."""
    number, save, digest = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        return f"save {number}: the game is over"
    pending = read_pending(campaign, number, save, digest)
    orders = [m for m in pending if m.kind == "orders"]
    amendments = [m for m in pending if m.kind == AMENDMENT]
    if amendments:
        have = {m.body["side"] for m in pending if m.kind == CONSENT} | {amendments[0].body["side"]}
        missing = [s for s in sorted(campaign.header["players"]) if s not in have]
        return (f"save {number}: the data amendment of {amendments[0].body['side']} awaits the countersignature of "
                f"{', '.join(missing)} (`pbem amend sign DIR AMENDMENT --key KEY`)")
    if orders:
        have = {m.body["side"] for m in pending if m.kind == "reveal"}
        missing = [p for p in step_revealers(campaign, save, str(orders[0].body["side"]), orders[0].body["orders"])
                   if p not in have]
        return (f"save {number}: the orders of {orders[0].body['side']} are fixed and await the dice reveal of "
                f"{', '.join(missing)}")
    return f"save {number}: awaits {waiting['kind']} from {waiting['side']} — {waiting['phase']}"
