"""Data amendments signed by both players (issue 17 part 4).

Once a campaign is created its data are fixed by the header's hashes, so a value found missing
mid-game (a variable reinforcement's counter, a hex the rulebook leaves blank) would stop it for
good. An amendment supplies such values after the start: one side proposes them (filling
`unknown` values, adding entries to open collections, or choosing an errata reading not chosen
yet; never replacing a known value), the other countersigns, and the pair enters the hash chain
as a step of its own: the save after it has the same position and awaits the same side, and
every later step is adjudicated with the amended data. `verify` replays it like any step.

    data-amendment  signed by the proposer: campaign, header, save, save_hash, side, sent,
                    values {data path: value}, errata {reading: choice}, note
    data-consent    signed by the other side: campaign, header, save, amendment (its sha256),
                    side, sent

Both are bound to one save. The side the save awaits does not propose; it accepts by
countersigning, or declines an amendment by signing its orders instead: the orders make the step, and the amendment is stale. `pbem amend
propose` and `pbem amend sign` refuse while the signer's own copy holds orders for the save,
and `pbem sign` while it holds the signer's own proposal (no one signs both for one save).
"""

import copy
import os
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .errors import PbemError
from .folder import Campaign, build_save
from .gamedata import UNKNOWN, GameData, apply_readings, apply_values, load_override, unwrap
from .inputs import PENDING, _check_sent, read_pending, sent_now
from .keys import key_id
from .kit.terrain import hex_key_problems, hexside_key_problems
from .signing import SignedMessage, sign_body

AMENDMENT, CONSENT = "data-amendment", "data-consent"
KINDS = (AMENDMENT, CONSENT)
AMENDMENT_FIELDS = {"pbem", "campaign", "header", "save", "save_hash", "side", "sent", "values", "errata", "note"}
CONSENT_FIELDS = {"pbem", "campaign", "header", "save", "amendment", "side", "sent"}


def label(number: int) -> str:
    """How reports and provenance name the values of the amendment recorded as save `number`."""
    return f"data amendment (save {number})"


def apply_amendment(data: GameData, body: dict, number: int, source: str) -> None:
    """The amendment's values and readings on `data` (refused as an override would be)."""
    apply_values(data, body["values"], source, label(number))
    errata = body.get("errata") or {}
    again = sorted(r for r in errata if r in data.readings)
    if again:
        raise PbemError(f"errata reading(s) {', '.join(again)} were already chosen for this campaign; an amendment "
                        "chooses only readings not chosen yet", source)
    if errata:
        chosen = dict(data.readings)
        apply_readings(data, errata)
        data.readings = chosen | errata
    data.cache.clear()            # a grid or network derived from the old data is stale


def proposal_values(campaign: Campaign, proposal: Path) -> tuple[dict, dict]:
    """What a proposal file (`pbem data edit DIR` writes DIR-amendment-proposal.yaml: a data
    override holding the campaign's values and the new ones) adds: the values the campaign's
    data do not hold yet, and errata readings (`errata: {ID: CHOICE}`) not chosen yet."""
    doc = load_override(proposal, campaign.header["game"])
    values = {}
    for path, value in doc["values"].items():
        if value is None or value == UNKNOWN:
            continue
        node, _rule, _printed, _open, found = campaign.data._walk(campaign.data.full_path(str(path)))
        if found and unwrap(node) == value:
            continue                  # the campaign holds it already (its override or an amendment)
        values[path] = value
    errata = doc.get("errata") or {}
    if not isinstance(errata, dict):
        raise PbemError("'errata:' maps a reading id to a choice", str(proposal))
    errata = {k: v for k, v in errata.items() if campaign.data.readings.get(k) != v}
    if not values and not errata:
        raise PbemError("the proposal adds nothing to the campaign's data (every value in it is already the campaign's)", str(proposal))
    return values, errata


def _no_orders_signed(campaign: Campaign, number: int, save: dict, digest: str) -> None:
    if any(m.kind == "orders" for m in read_pending(campaign, number, save, digest)):
        raise PbemError(f"orders for save {number} are already signed in this copy ({campaign.folder / PENDING}); "
                        "an amendment and orders for one save conflict: amend after the step is recorded")


def propose(campaign: Campaign, values: dict, errata: dict, key: Ed25519PrivateKey, note: str = "",
            sent: str | None = None) -> str:
    """The proposer's signed amendment for the campaign's current save (checked on a copy of the data)."""
    number, save, digest = campaign.latest()
    if save["awaiting"].get("done"):
        raise PbemError("the game is over; no amendment is needed")
    _no_orders_signed(campaign, number, save, digest)
    sides = [s for s in campaign.sides_of_key(key_id(key.public_key())) if s in campaign.header["players"]]
    if not sides:
        raise PbemError(f"this key holds no player seat in campaign {campaign.id}")
    _not_awaited(campaign, sides[0], number, None)
    body = {"pbem": AMENDMENT, "campaign": campaign.id, "header": campaign.header_hash, "save": number,
            "save_hash": digest, "side": sides[0], "sent": sent or sent_now(), "values": values, "errata": errata,
            "note": note}
    apply_amendment(copy.deepcopy(campaign.data), body, number + 1, "the proposal")
    problems = hexside_key_problems(campaign.data, values) + hex_key_problems(campaign.data, values)
    if problems:
        raise PbemError("; ".join(problems), "the proposal")
    return sign_body(body, key)


def countersign(campaign: Campaign, amendment: SignedMessage, key: Ed25519PrivateKey, sent: str | None = None) -> str:
    """The other side's signed consent to exactly this amendment."""
    number, save, digest = campaign.latest()
    check_amendment(campaign, amendment, number, digest)
    _no_orders_signed(campaign, number, save, digest)
    sides = [s for s in campaign.sides_of_key(key_id(key.public_key()))
             if s in campaign.header["players"] and s != amendment.body["side"]]
    if not sides:
        raise PbemError(f"this key holds no seat other than the proposer's ({amendment.body['side']}); "
                        "the other side countersigns", amendment.source)
    body = {"pbem": CONSENT, "campaign": campaign.id, "header": campaign.header_hash, "save": number,
            "amendment": amendment.digest, "side": sides[0], "sent": sent or sent_now()}
    return sign_body(body, key)


def check_amendment(campaign: Campaign, message: SignedMessage, number: int, digest: str) -> None:
    body, source = message.body, message.source
    unknown = sorted(set(body) - AMENDMENT_FIELDS)
    if unknown or set(body) != AMENDMENT_FIELDS:
        raise PbemError(f"malformed data amendment: unknown field(s) {unknown} / missing field(s) "
                        f"{sorted(AMENDMENT_FIELDS - set(body))}", source)
    _bound(campaign, body, source, number)
    _not_awaited(campaign, body["side"], number, source)
    if body["save_hash"] != digest:
        raise PbemError(f"STALE: the amendment was proposed for save {body['save']} of another history "
                        f"(hash {str(body['save_hash'])[:12]}…, not {digest[:12]}…)", source)
    if not isinstance(body["values"], dict) or not isinstance(body["errata"], dict) or not isinstance(body["note"], str):
        raise PbemError("a data amendment needs 'values:' and 'errata:' mappings and a 'note:' text", source)
    _signed_by_side(campaign, message)


def _not_awaited(campaign: Campaign, side: str, number: int, source: str | None) -> None:
    """The side the save awaits never proposes: it accepts an amendment by countersigning and
    declines it by signing its orders instead, so no one waits for an answer that never comes."""
    waiting = campaign.load_save(number)[0]["awaiting"]
    if side == waiting.get("side"):
        raise PbemError(f"save {number} awaits {waiting['kind']} from {side}, so {side} does not propose a data amendment "
                        "now: send the proposal file to the other side, who proposes it (`pbem amend propose`), and "
                        "countersign it (`pbem amend sign`)", source)


def _bound(campaign: Campaign, body: dict, source: str, number: int) -> None:
    if body.get("campaign") != campaign.id or body.get("header") != campaign.header_hash:
        raise PbemError("the amendment is for another campaign or header", source)
    if type(body.get("save")) is not int or body["save"] != number:
        raise PbemError(f"STALE OR REPLAYED: written for save {body.get('save')!r} but the campaign is at save {number}", source)
    _check_sent(body, source, "data amendments")


def _signed_by_side(campaign: Campaign, message: SignedMessage) -> None:
    side = message.body.get("side")
    if side not in campaign.header["players"] or message.signer != campaign.key_of(str(side)):
        raise PbemError(f"WRONG KEY: signed by {message.signer[:20]}…, not the key of seat {side!r}", message.source)


def declined(messages: list[SignedMessage]) -> list[SignedMessage]:
    """Orders and a data amendment for one save: the mover declined an amendment the other side
    proposed by signing orders instead (the amendment is stale once they are recorded), so the
    step is the orders'; an amendment the mover proposed itself beside its orders is refused
    (`pbem sign` and `pbem amend propose` never let one copy sign both)."""
    movers = {m.body.get("side") for m in messages if m.kind == "orders"}
    own = [m for m in messages if m.kind == AMENDMENT and m.body.get("side") in movers]
    consented = [m for m in messages if m.kind == CONSENT and m.body.get("side") in movers]
    if consented:
        # either input alone makes the save: copies that receive them in another order would differ
        orders = next(m for m in messages if m.kind == "orders")
        raise PbemError(f"EQUIVOCATION: {consented[0].body.get('side')} countersigned the data amendment "
                        f"({consented[0].source}) and signed these orders for save {consented[0].body.get('save')}: "
                        "keep both files, they prove it; one step input per save", orders.source)
    if own:
        raise PbemError(f"{', '.join(sorted(map(str, movers)))} signed both orders and a data amendment for save "
                        f"{own[0].body.get('save')}; one step input per save", own[0].source)
    return [m for m in messages if m.kind not in KINDS]


def amendment_step(campaign: Campaign, number: int, save: dict, digest: str, messages: list[SignedMessage]):
    """The step an amendment and its countersignature make (pure): the same position, awaiting
    the same, with the amendment recorded; without the countersignature, it waits in pending/."""
    from .adjudicate import StepResult
    from .report import render_step_report
    amendments = [m for m in messages if m.kind == AMENDMENT]
    if len(amendments) != 1 or any(m.kind not in KINDS for m in messages):
        kinds = ", ".join(sorted({m.kind for m in messages}))
        raise PbemError(f"a data amendment step takes one amendment and its countersignature, not {kinds} "
                        f"(orders and an amendment for save {number} conflict)", amendments[0].source if amendments else None)
    amendment = amendments[0]
    check_amendment(campaign, amendment, number, digest)
    proposer = amendment.body["side"]
    consents = {}
    for message in messages:
        if message.kind != CONSENT:
            continue
        _bound(campaign, message.body, message.source, number)
        if set(message.body) != CONSENT_FIELDS or message.body["amendment"] != amendment.digest:
            raise PbemError("the countersignature is bound to another amendment (or is malformed)", message.source)
        _signed_by_side(campaign, message)
        if message.body["side"] == proposer:
            raise PbemError("the proposer cannot countersign its own amendment", message.source)
        consents[message.body["side"]] = message
    others = [s for s in sorted(campaign.header["players"]) if s != proposer]
    missing = [s for s in others if s not in consents]
    inputs = {f"amendment-{proposer}.txt": amendment.armoured()} | {f"consent-{s}.txt": m.armoured() for s, m in sorted(consents.items())}
    step = number + 1
    if missing:
        text = (f"the data amendment of {proposer} for save {number} (sent {amendment.body['sent']}) awaits the "
                f"countersignature of {', '.join(missing)}; kept in {campaign.folder / PENDING}")
        return StepResult(step, None, text, inputs, missing)
    amended = copy.deepcopy(campaign.data)
    apply_amendment(amended, amendment.body, step, amendment.source)
    waiting = save["awaiting"]
    produced = {"side": proposer, "kind": "data amendment", "phase": f"data amendment before {waiting['phase']}",
                "amendment": {"file": f"amendment-{proposer}.txt", "sha256": amendment.digest, "signer": amendment.signer,
                              "sent": amendment.body["sent"], "values": amendment.body["values"],
                              "errata": amendment.body["errata"], "note": amendment.body["note"]},
                "consents": {s: {"sha256": m.digest, "sent": m.body["sent"]} for s, m in sorted(consents.items())}}
    # the position is unchanged: hidden items keep their commitments (pbem.hidden)
    new_save = build_save(campaign, step, digest, copy.deepcopy(save["state"]), produced, [], None, [],
                          copy.deepcopy(save["hidden"]) if "hidden" in save else None)
    built = Campaign(campaign.folder, campaign.header, campaign.header_hash, amended, campaign.scenario, campaign.game)
    from .picture import save_svg      # here: every command opening a campaign imports this module (issue 13)
    return StepResult(step, new_save, render_step_report(built, new_save, "text"), inputs,
                      picture=save_svg(built, new_save, before=save["state"]))


def recorded_amendments(campaign: Campaign, upto: int | None = None) -> list[tuple[int, SignedMessage]]:
    """The amendments recorded in the campaign's steps (up to save `upto`), in order."""
    from .folder import read_stored
    found = []
    for number in campaign.step_numbers()[1:]:
        if upto is not None and number > upto:
            break
        folder = campaign.step_dir(number)       # every command opens every step folder here: no glob
        names = os.listdir(folder) if folder.is_dir() else []
        for name in sorted(n for n in names if n.startswith("amendment-") and n.endswith(".txt")):
            found.append((number, read_stored(folder / name)))
    return found
