"""Adjudication: one step from the previous save and its verified signed inputs to the next
save and its report (`advance`, pure), and writing it (`commit_step`: built aside, renamed into
place, never overwriting). Orders that roll dice before the awaited reveal has come wait in
pending/ outside the hash chain; the same signed inputs make the same folder whichever copy
resolves the step, and whenever.
"""

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import storage
from .dice import Dice, DiceUnavailable, check_leaf, order_set_digest, step_seed
from .errors import PbemError
from .hidden.private import PrivatePart, find_private
from .hidden.steps import (is_owner_step, needed_openings, open_block, openings_for, owner_result, public_state, rules_of,
                           step_revealers)
from .folder import Campaign, build_save, check_header, open_campaign, read_signed
from .games.base import Outcome
from .hidden.dealt import (AwaitingPart, PartRefused, Trial, any_part, block_of, dealing_of, given_blocks, parts_for,
                           rolls, start_due)
from .inputs import (PENDING, _check_reveal, _in_file, check_orders_message, classify_inputs, make_reveal, make_strength,
                     read_pending, sent_now, strength_inputs)
from .keys import key_id
from .picture import PICTURE, save_svg
from .report import render_step_report
from .signing import SignedMessage, parse_signed
from .storage import _fsync_dir, write_new_file
from .yamlio import dump_yaml


@dataclass
class StepResult:
    number: int
    save: dict | None            # None: the orders roll dice and await reveals (kept in pending/)
    report: str
    inputs: dict[str, str]       # file name -> text, as stored in the step folder (or in pending/)
    awaiting_reveal: list[str] = field(default_factory=list)
    awaiting_strength: list[str] = field(default_factory=list)   # pbem.hidden.dealt: a side's strength message
    picture: str = ""            # the public map picture of the save (picture.svg), when there is a save


def advance(campaign: Campaign, number: int, save: dict, digest: str, messages: list[SignedMessage],
            key: Ed25519PrivateKey | None = None, sent: str | None = None,
            private: Mapping[str, PrivatePart] | None = None) -> StepResult:
    """Adjudicate one step: verified inputs + previous save -> next save and report (pure).

    If the orders roll dice and a party's reveal is missing, no save is made: the result says
    whose reveals are awaited, and `adjudicate` keeps the signed inputs in pending/ until they
    come. So the step is the same record whichever copy resolves it, and whenever.
    `private`: the private parts this machine holds (pbem.hidden): an owner step of a side whose
    part is here is re-run in full, and a reveal made here with `key` carries its openings."""
    from .amend import KINDS, amendment_step, declined
    if any(m.kind in KINDS for m in messages):      # a data amendment is a step of its own
        if not any(m.kind == "orders" for m in messages):
            return amendment_step(campaign, number, save, digest, messages)
        messages = declined(messages)               # the mover moved instead of countersigning
    orders, reveals = classify_inputs(campaign, messages)
    check_orders_message(campaign, orders, number, save, digest)
    dealing = dealing_of(campaign, save)
    strengths = strength_inputs(campaign, messages, orders, number)
    if strengths and dealing is None:
        raise PbemError("a strength message for a step that deals from no shared pool", strengths[0].source)
    body, side, step = orders.body, orders.body["side"], number + 1
    private = private or {}
    rules = rules_of(campaign)
    if is_owner_step(campaign, save, body):      # pbem.hidden: the mover's step, signed as its public result
        _dice_secrets(campaign, orders, reveals, number, save["awaiting"], None, sent)    # its dice are checked all the same
        inputs = {f"orders-{side}.txt": orders.armoured()}
        try:     # the public result is the mover's word until verify --private: a state the game cannot read is refused
            state, kept, events = owner_result(campaign, number, save, body, private.get(side), orders.source)
            new_save = build_save(campaign, step, digest, state, _produced_by(save["awaiting"], orders, reveals, []),
                                  events, None, [], kept)
            return StepResult(step, new_save, render_step_report(campaign, new_save, "text"), inputs,
                              picture=save_svg(campaign, new_save, before=save["state"]))   # public states only
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise PbemError(f"the public result of this hidden step is not a state {campaign.header['game']} reads "
                            f"({type(exc).__name__}: {exc})", orders.source) from None
    secrets_given, reveals, needed = _dice_secrets(campaign, orders, reveals, number, save["awaiting"], key, sent,
                                                   save, private, strengths)
    missing = [p for p in needed if p not in reveals]
    # a seed needs a second party (or the GM): one player's secret alone would let it predict
    orders_digest = _orders_digest(campaign, save, body)
    seed = None if missing or not needed else step_seed(campaign.id, step, orders_digest, secrets_given)
    dice = Dice(seed, f"the dice reveal of {', '.join(missing)} is missing")
    data = campaign.data
    start: dict = save["state"]
    hidden: dict[str, dict[str, str]] | None = None
    opened: list[str] = []
    if rules is not None:
        # the mover's openings ride in its orders, each other seat's in its reveal (a GM's reveal opens nothing)
        openings = {side: _in_file(orders.source, open_block, body, orders.source)} | {
            p: open_block(m.body, m.source) for p, m in reveals.items() if p in (save.get("hidden") or {})}
        opened = sorted(needed_openings(campaign, save, side, body["orders"]))
        waiting_for = [o for o in opened if o not in openings]
        if waiting_for and not set(waiting_for) <= set(missing):
            raise PbemError(f"this step opens hidden items of {', '.join(waiting_for)}, whose openings ride in their "
                            "dice reveal; the step awaits no reveal from them", orders.source)
        if waiting_for:
            # a reveal kept here may carry its owner's openings: illegal orders (an 'assault' on every
            # hidden stack) must never make a seat open its items, so they are checked first, on the
            # public state with the openings already given (as `pbem check` reads another seat's orders)
            partial = public_state(campaign, number, save, side, body, orders.source, openings)[0]
            _in_file(orders.source, campaign.game.require_legal, campaign.data, _copy(partial), side, body["orders"])
            inputs = {f"orders-{side}.txt": orders.armoured()} | {f"reveal-{p}.txt": m.armoured() for p, m in reveals.items()}
            return StepResult(step, None, _pending_text(campaign, orders, missing), inputs, missing)
        start, hidden = public_state(campaign, number, save, side, body, orders.source, openings)
    if dealing is not None:             # every side's parts of the shared pools' dealing (pbem.hidden.dealt)
        start = _copy(start)
        dealing.receive(data, start, given_blocks(dealing, [orders, *reveals.values(), *strengths]))
    data.used_overrides = set()
    outcome = _apply_or_wait(campaign, start, orders, reveals, strengths, dice, step, missing, needed)
    if isinstance(outcome, StepResult):
        return outcome
    # reveals count only for a step that rolled (or that opened the revealer's hidden items): a
    # step without dice is the same record whether or not a reveal came with it
    used = sorted(reveals) if dice.rolls else sorted(p for p in reveals if p in opened or _deals(reveals[p]))
    inputs = _inputs(orders, reveals, used, strengths)
    dice_record = None
    if dice.rolls:
        dice_record = {"step": step, "orders_digest": orders_digest,
                       "secrets": {p: secrets_given[p] for p in sorted(secrets_given)}, "seed": seed, "rolls": dice.rolls}
    produced = _produced_by(save["awaiting"], orders, reveals, used)
    if strengths:             # pbem.hidden.dealt: the strength messages the step took, in order
        produced["strengths"] = [{"side": m.body["side"], "round": m.body["round"], "sha256": m.digest, "sent": m.body["sent"]}
                                 for m in strengths]
    new_save = build_save(campaign, step, digest, outcome.state, produced,
                          outcome.events, dice_record, sorted(data.used_overrides), hidden)
    return StepResult(step, new_save, render_step_report(campaign, new_save, "text"), inputs,
                      picture=save_svg(campaign, new_save, before=save["state"]))


def _apply_or_wait(campaign: Campaign, start: dict, orders: SignedMessage, reveals: dict[str, SignedMessage],
                   strengths: list[SignedMessage], dice: Dice, step: int, missing: list[str],
                   needed: list[str]) -> Outcome | StepResult:
    """The step applied, or, when it waits for a dice reveal or a part of a secret dealing, the
    pending result that keeps its inputs."""
    body, side = orders.body, orders.body["side"]
    try:
        return _in_file(orders.source, campaign.game.apply, campaign.data, _copy(start), side, body["orders"], dice)
    except AwaitingPart as wait:
        inputs = _inputs(orders, reveals, sorted(reveals), strengths)
        if wait.side in missing:
            return StepResult(step, None, _pending_text(campaign, orders, missing), inputs, missing)
        return StepResult(step, None, _strength_text(campaign, orders, wait), inputs, awaiting_strength=[wait.side])
    except PartRefused as refused:      # named in the last message of that side that carries dealing parts
        carriers = [m for m in [orders, *reveals.values(), *strengths] if m.body["side"] == refused.side and _deals(m)]
        raise PbemError(refused.message, carriers[-1].source if carriers else orders.source) from None
    except DiceUnavailable:
        if not needed:
            raise PbemError("this step rolls a die but no other party takes part in it, so no fair seed exists "
                            "(the game module names no opponents for it)") from None
        inputs = {f"orders-{side}.txt": orders.armoured()} | {f"reveal-{p}.txt": m.armoured() for p, m in reveals.items()}
        return StepResult(step, None, _pending_text(campaign, orders, missing), inputs, missing)


def _dice_secrets(campaign: Campaign, orders: SignedMessage, reveals: dict[str, SignedMessage], number: int,
                  waiting: dict, key: Ed25519PrivateKey | None, sent: str | None, save: dict | None = None,
                  private: Mapping[str, PrivatePart] | None = None,
                  strengths: list[SignedMessage] | None = None) -> tuple[dict[str, str], dict[str, SignedMessage], list[str]]:
    """Each party's dice secret for the step (the mover's from its orders, the others' from
    their reveals), the reveals with any made here from the key handed to `adjudicate`, and the
    parties whose reveal the step needs if it rolls."""
    body, side, step = orders.body, orders.body["side"], number + 1
    reveals = dict(reveals)
    secrets_given: dict[str, str] = {}
    if campaign.header["dice"]["mode"] == "gm":
        if "dice" in body:
            raise PbemError("in GM mode only the referee's dice count; orders carry none", orders.source)
    else:
        if "dice" not in body:
            raise PbemError("orders lack the mover's dice (sign them with `pbem sign`)", orders.source)
        entry = campaign.header["dice"]["commitments"][side]
        secrets_given[side] = _in_file(orders.source, check_leaf, body["dice"], step, entry["root"], entry["tree_depth"], side)
    # the seats the game names, and (pbem.hidden) the owners of the items the orders open
    needed = campaign.revealers(waiting) if save is None else step_revealers(campaign, save, side, body["orders"])
    # the non-moving party may have handed its key to `adjudicate` instead of a reveal file
    if key is not None:
        for party in campaign.sides_of_key(key_id(key.public_key())):
            if party in needed and party not in reveals:
                opened = None if save is None else openings_for(campaign, number, save, side, body, party,
                                                                (private or {}).get(party))
                text = make_reveal(campaign, key, party, step, orders.digest, sent or sent_now(), opened)
                if save is not None and dealing_of(campaign, save) is not None:
                    # the parts are found by playing the orders here: a refusal of them names the orders' file
                    text = _in_file(orders.source, _dealt_reveal, campaign, key, party, number, save, orders, reveals, text,
                                    secrets_given, needed, sent, strengths or [])
                reveals[party] = parse_signed(text, f"reveal-{party}.txt")
    for party, message in sorted(reveals.items()):
        if party not in needed or party in secrets_given:
            raise PbemError(f"a reveal from {party} is not needed for this step (needed: {', '.join(p for p in needed if p not in secrets_given) or 'none'})", message.source)
        secrets_given[party] = _check_reveal(campaign, message, orders, number)
    return secrets_given, reveals, needed


def _dealt_reveal(campaign: Campaign, key: Ed25519PrivateKey, party: str, number: int, save: dict, orders: SignedMessage,
                  reveals: dict[str, SignedMessage], text: str, secrets_given: dict[str, str], needed: list[str],
                  sent: str | None, strengths: list[SignedMessage]) -> str:
    """The reveal made here, with `party`'s parts of the dealing: computed with the step's dice
    when this reveal completes them (the revealer's machine then knows the seed)."""
    entry = campaign.header["dice"]["commitments"][party]
    own = check_leaf(parse_signed(text, "the reveal").body["dice"], number + 1, entry["root"], entry["tree_depth"], party)
    secrets = dict(secrets_given) | {p: _check_reveal(campaign, m, orders, number) for p, m in reveals.items()} | {party: own}
    seed = (step_seed(campaign.id, number + 1, _orders_digest(campaign, save, orders.body), secrets)
            if all(p in secrets for p in needed) else None)
    dealing = dealing_of(campaign, save)
    assert dealing is not None
    given = given_blocks(dealing, [orders, *reveals.values(), *strengths])
    tried: list[Trial] = []
    block = parts_for(campaign, number, save, orders.body, key, party, given, seed, start=False, tried=tried)
    if (seed is not None and _step_rolls(campaign, save, orders.body, given, party, block, seed, tried)
            and start_due(campaign, save, key, party, given)):
        block = parts_for(campaign, number, save, orders.body, key, party, given, seed)   # the stages due ride on it
    if block is None:
        return text
    return make_reveal(campaign, key, party, number + 1, orders.digest, sent or sent_now(), None, block)


def _step_rolls(campaign: Campaign, save: dict, body: dict, given: dict[str, dict[str, Any]], party: str,
                block: dict[str, Any] | None, seed: str, tried: list[Trial]) -> bool:
    """`rolls` of the step with the parts given and `block`. With no new part (block None), or none
    of `party`'s given before, the last trial of `parts_for` played the step on these same parts (a
    side without parts is one with empty ones) with these dice: whether it rolled a die or stopped
    for another side's part answers without playing the step once more (issue 13)."""
    if tried and (block is None or not any_part(given.get(party) or {})):
        return tried[-1].waits or bool(tried[-1].dice.rolls)
    return rolls(campaign, save, body, given | ({party: block} if block else {}), seed)


def _deals(message: SignedMessage) -> bool:
    block = block_of(message.body, message.source)
    return block is not None and any_part(block)


def _inputs(orders: SignedMessage, reveals: dict[str, SignedMessage], used: list[str],
            strengths: list[SignedMessage]) -> dict[str, str]:
    return ({f"orders-{orders.body['side']}.txt": orders.armoured()} | {f"reveal-{p}.txt": reveals[p].armoured() for p in used}
            | {f"strength-{m.body['side']}-{m.body['round']}.txt": m.armoured() for m in strengths})


def _strength_text(campaign: Campaign, orders: SignedMessage, wait: AwaitingPart) -> str:
    body = orders.body
    return (f"{body['phase']}: the orders of {body['side']} for save {body['save']} (sent {body['sent']}) are fixed; "
            f"{wait.one_line()}: {wait.side} signs its strength message (`pbem strength`) on its copy. The inputs are "
            f"kept in {campaign.folder / PENDING} until it comes; the position is unchanged.")


def sign_strength(campaign: Campaign, key: Ed25519PrivateKey, side: str, sent: str | None = None) -> str:
    """`side`'s strength message for the step kept in pending/: the parts of the dealing the step
    waits for from it (its claims once it has decoded its cards), computed on its machine."""
    number, save, digest = campaign.latest()
    messages = read_pending(campaign, number, save, digest)
    orders, reveals = classify_inputs(campaign, messages)
    strengths = strength_inputs(campaign, messages, orders, number)
    secrets, _, needed = _dice_secrets(campaign, orders, reveals, number, save["awaiting"], None, sent)
    seed = (step_seed(campaign.id, number + 1, _orders_digest(campaign, save, orders.body), secrets)
            if all(p in secrets for p in needed) else None)
    dealing = dealing_of(campaign, save)
    if dealing is None:
        raise PbemError("this step deals from no shared pool: no strength message is needed")
    block = parts_for(campaign, number, save, orders.body, key, side,
                      given_blocks(dealing, [orders, *reveals.values(), *strengths]), seed)
    if block is None:
        raise PbemError(f"nothing of {side}'s is due for this step (it waits for another side's message)")
    done = sum(1 for m in strengths if m.body["side"] == side)
    return make_strength(campaign, key, side, number + 1, orders.digest, done + 1, sent or sent_now(), block)


def _produced_by(waiting: dict, orders: SignedMessage, reveals: dict[str, SignedMessage], used: list[str]) -> dict:
    """The save's record of what made it: the awaited step, the orders, the reveals that counted."""
    body, side = orders.body, orders.body["side"]
    return {
        "side": side, "kind": waiting["kind"], "phase": waiting["phase"],
        "orders": {"file": f"orders-{side}.txt", "sha256": orders.digest, "signer": orders.signer,
                   "sent": body["sent"], "list": body["orders"]},
        "reveals": {p: {"sha256": reveals[p].digest, "sent": reveals[p].body["sent"]} for p in used},
    }


def _orders_digest(campaign: Campaign, save: dict, body: dict) -> str:
    """The seed commits to the meaning of the orders: the game's canonical form of each order."""
    canonical = campaign.game.canonical_orders(campaign.data, save["state"], body["side"], body["orders"])
    return order_set_digest(canonical)


def _pending_text(campaign: Campaign, orders: SignedMessage, missing: list[str]) -> str:
    body = orders.body
    return (f"{body['phase']}: the orders of {body['side']} for save {body['save']} (sent {body['sent']}) are fixed and "
            f"roll dice; they await the dice reveal of {', '.join(missing)}. They are kept in "
            f"{campaign.folder / PENDING} until the reveal comes; the position is unchanged.")


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _merge_pending(pending: list[SignedMessage], given: list[SignedMessage], number: int) -> list[SignedMessage]:
    """The given files plus what pending/ holds; one orders file per save, whoever sent it first."""
    held = {m.digest: m for m in pending}
    kept_orders = [m for m in pending if m.kind == "orders"]
    for message in given:
        if message.kind == "orders" and kept_orders and message.digest != kept_orders[0].digest:
            kept = kept_orders[0]
            # both signed by the mover: with two seats revealing for different files it knows every
            # secret of the step, and a seat that revealed again would let it pick its rolls
            proof = (f" — EQUIVOCATION: {kept.body.get('side')} signed both: keep both files, they prove it; never "
                     "reveal again for this save") if message.signer == kept.signer and differ(message, kept) else ""
            raise PbemError(f"other orders for save {number} are already recorded in pending/ "
                            f"({kept.source}); one orders file per save{proof}", message.source)
        held.setdefault(message.digest, message)
    return sorted(held.values(), key=lambda m: (m.kind, m.body.get("side", "")))


def differ(one: SignedMessage, other: SignedMessage) -> bool:
    """Two signed step inputs that say different things (not one re-signed at another minute)."""
    return {k: v for k, v in one.body.items() if k != "sent"} != {k: v for k, v in other.body.items() if k != "sent"}


def private_parts(campaign: Campaign, given: Mapping[str, Path] | None = None) -> dict[str, PrivatePart]:
    """The private parts this machine holds: the ones given, else those beside the folder."""
    if rules_of(campaign) is None:
        return {}
    parts = {}
    for side in sorted(campaign.header["players"]):
        part = find_private(campaign.folder, campaign.id, side, (given or {}).get(side))
        if part is not None:
            parts[side] = part
    return parts


def _write_pending(campaign: Campaign, result: StepResult) -> None:
    folder = campaign.folder / PENDING
    for name, text in sorted(result.inputs.items()):
        path = folder / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if path.exists():
            path.unlink()        # an input of an earlier save (stale) under the same name
        write_new_file(path, text.encode("utf-8"))


def keep_signed_orders(campaign: Campaign, text: str) -> Path:
    """`pbem sign`: the signer's own copy keeps its signed orders in pending/ (outside the hash
    chain), so that the opponent's reveal alone completes the step there, whatever comes first."""
    message = parse_signed(text, "the signed orders")
    path = campaign.folder / PENDING / f"orders-{message.body['side']}.txt"
    if path.exists() and path.read_text(encoding="utf-8") != message.armoured():
        path.unlink()             # an input of an earlier save (stale: read_pending skips those)
    if not path.exists():
        write_new_file(path, message.armoured().encode("utf-8"))
    return path


def _clear_pending(campaign: Campaign) -> None:
    folder = campaign.folder / PENDING
    if folder.is_dir():
        shutil.rmtree(folder)
        _fsync_dir(campaign.folder)


def commit_step(campaign: Campaign, result: StepResult) -> Path:
    """Write the step folder aside, then rename it into place (atomic; never overwrites)."""
    target = campaign.step_dir(result.number)
    if target.exists():
        raise PbemError("already exists; pbem never overwrites a save", str(target))
    staging = None
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
        for name, text in sorted(result.inputs.items()):
            storage.write_synced(staging / name, text)
        storage.write_synced(staging / "save.yaml", dump_yaml(result.save))
        storage.write_synced(staging / "report.txt", result.report)
        storage.write_synced(staging / PICTURE, result.picture)
        try:
            os.rename(staging, target)   # fails if target appeared meanwhile (non-empty dir)
        except OSError:
            if target.exists():
                raise PbemError("already exists; pbem never overwrites a save", str(target)) from None
            raise
        _fsync_dir(target.parent)
    except OSError as exc:
        # a full disk or I/O error was a traceback (and a failed rename
        # was always reported as "already exists"); the step folder was never renamed into place.
        raise PbemError(f"could not write the step ({exc.strerror or exc}); nothing was changed", str(target)) from None
    finally:
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target


def adjudicate(folder: Path, files: list[Path], key: Ed25519PrivateKey | None = None,
               sent: str | None = None, campaign: Campaign | None = None,
               private: Mapping[str, Path] | None = None) -> StepResult:
    """Apply the given signed files (with what pending/ holds) to the latest save.

    Either the step is resolved and written, or its inputs are kept in pending/ until the
    awaited reveals come; in both cases the same signed inputs make the same folder.
    `campaign`: the folder already opened by the caller (the CLI), so it is not read twice."""
    if campaign is None or Path(campaign.folder) != Path(folder):
        campaign = open_campaign(folder)
    # an edited data override (or rules data, or commitment) was used
    # silently; only `verify` noticed, after the step was written. Refuse before adjudicating.
    problems = check_header(campaign)
    if problems:
        raise PbemError(problems[0])
    return adjudicate_messages(campaign, [read_signed(Path(f)) for f in files], key, sent, private)


def adjudicate_messages(campaign: Campaign, given: list[SignedMessage], key: Ed25519PrivateKey | None = None,
                        sent: str | None = None, private: Mapping[str, Path] | None = None) -> StepResult:
    """`adjudicate` of signed messages already read (`pbem inbox` takes them out of mail)."""
    number, save, digest = campaign.latest()
    messages = _merge_pending(read_pending(campaign, number, save, digest), given, number)
    result = advance(campaign, number, save, digest, messages, key, sent, private_parts(campaign, private))
    if result.save is None:
        _write_pending(campaign, result)
    else:
        commit_step(campaign, result)
        _clear_pending(campaign)
    return result
