"""The `pbem` command line. Every refusal is one line on stderr and a non-zero exit.

The machinery (declared parameters, the typer app built on demand, the direct call of the plain
forms) is pbem.cliapp; the help pages of `pbem --help` and the groups are pbem.helppage; the
`data` and `amend` groups are pbem.cli_data."""

import atexit
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, List, Optional

from .cliapp import (COMMANDS, DIRECT, GROUPS, Argument, Declared, Option, build_app, command, direct_call, err,
                     lazy_module, out, refusals, send_hint, visible)
from .errors import PbemError

from .cli_data import _amendment_files  # noqa: F401  - registers the `data` and `amend` commands

# the modules the commands use, loaded on first use: `pbem --help` needs none of them (issue 13)
if TYPE_CHECKING:
    from . import campaign as camp
    from . import keys, ledger, signing, storage, yamlio
    from . import report as reports
else:
    camp = lazy_module(f"{__package__}.campaign")
    keys, ledger, reports, signing, storage, yamlio = (
        lazy_module(f"{__package__}.{name}") for name in ("keys", "ledger", "report", "signing", "storage", "yamlio"))

__all__ = ["COMMANDS", "DIRECT", "GROUPS", "Argument", "Declared", "Option", "command", "direct_call", "err", "main",
           "out", "refusals", "visible"]


_APPS: list[Any] = []


def __getattr__(name: str) -> Any:
    """`app`, `data_app`, `amend_app`: the typer apps, built on first use."""
    groups = {"app": "", "data_app": "data", "amend_app": "amend"}
    if name not in groups:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _APPS:
        _APPS.append(build_app())
    return _APPS[0][groups[name]]


# -- keys and commitments ------------------------------------------------------------------

@command("keygen")
@refusals
def keygen_cmd(name: str = Argument(..., help="Base path: writes NAME (private, 0600) and NAME.pub"),
               passphrase: Optional[str] = Option(None, help="Encrypt the private key (or set $PBEM_PASSPHRASE)")) -> None:
    """Write a new Ed25519 key pair."""
    import os
    private, public = keys.keygen(name, passphrase or os.environ.get("PBEM_PASSPHRASE"))
    out(f"wrote {private} (private, keep it) and {public} (send it to your opponents)")


@command("commit")
@refusals
def commit_cmd(key: Path = Option(..., help="Your private key (pbem or OpenSSH ed25519)"),
               campaign_id: str = Option(..., "--campaign", help="The campaign id the group agreed on"),
               side: str = Option(..., help="Your seat (or 'gm' for a referee)"),
               out_file: Optional[Path] = Option(None, "--out", help="Default: CAMPAIGN-SIDE.commit.txt"),
               passphrase: Optional[str] = Option(None)) -> None:
    """Write your signed dice commitment (the root of your dice tree, docs/dice.md) for a new campaign."""
    private = keys.load_private_key(key, passphrase)
    text = camp.make_commitment(private, campaign_id, side)
    target = out_file or Path(f"{campaign_id}-{side}.commit.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    ledger.record_commitment(key, campaign_id, side, signing.parse_signed(text, str(target)).body["root"])
    storage.write_new_file(target, text.encode())
    out(f"wrote {target} (recorded in {ledger.ledger_path(key)}; back it up with the key)")
    out(f"send {target} and your public key to the other player(s): each of you runs the same `pbem new` with "
        "every player's key and commitment, and gets the same campaign folder")


# -- campaign lifecycle ---------------------------------------------------------------------

def _pairs(values: List[str], what: str) -> dict[str, str]:
    pairs = {}
    for value in values:
        side, sep, rest = value.partition("=")
        if not sep or not side or not rest:
            raise PbemError(f"{what} must be NAME=VALUE, got {value!r}")
        if side in pairs:
            raise PbemError(f"{what} for {side!r} given twice")
        pairs[side] = rest
    return pairs


def _final_save(folder: Path) -> dict[str, Any]:
    """The final save of a campaign another starts from (`pbem new --from`): it must verify."""
    result = camp.verify(folder)
    if not result.ok:
        raise PbemError(f"the campaign to start from does not verify: {result.message}", str(folder))
    old = camp.open_campaign(folder)
    step, save, digest = old.latest()
    return {"campaign": old.id, "step": step, "save": digest, "state": save["state"]}


@command("new")
@refusals
def new_cmd(game: str = Argument(...), scenario: str = Argument(...),
            folder: Path = Option(..., "--dir", help="Campaign folder to create (must not exist or be empty)"),
            player: List[str] = Option(..., help="SIDE=PUBKEY, one per seat"),
            commitment: List[str] = Option([], help="Signed dice commitment files (from `pbem commit`)"),
            data: Optional[Path] = Option(None, help="Data override file both players agreed on"),
            gm: Optional[Path] = Option(None, help="GM mode: the referee's public key (holds the only dice commitment)"),
            title: str = Option("", help="A title for reports"),
            option: List[str] = Option([], help="NAME=VALUE game option, e.g. level=standard (Smithereens: supply, 6.x) or errata.S4=all-units (a reading, docs/errata.md)"),
            origin: Optional[Path] = Option(None, "--from", help="Start from this finished campaign's final save "
                                                                   "(Smithereens wwii_into_wwiii, 14.19); it must verify")) -> None:
    """Create a campaign folder: header, commitments, save 0."""
    players = {side: keys.key_id(keys.load_public_key(path)) for side, path in _pairs(player, "--player").items()}
    commitments = {}
    for path in commitment:
        text = yamlio.read_text(Path(path), limit=yamlio.MAX_SIGNED_BYTES)
        message = signing.parse_signed(text, str(path))
        side = message.body.get("side")
        if not isinstance(side, str) or side in commitments:
            raise PbemError("commitment names no side, or a side given twice", str(path))
        commitments[side] = text
    gm_key = keys.key_id(keys.load_public_key(gm)) if gm else None
    options: dict[str, Any] = dict(_pairs(option, "--option"))
    if origin is not None:
        options["from"] = _final_save(origin)
    created = camp.create_campaign(folder, game, scenario, players, commitments, data, gm_key, title, options)
    _, save, _ = created.latest()
    out(f"created {folder}: campaign {created.id}, {game}/{scenario}; next: {save['awaiting']['phase']} "
        f"({save['awaiting']['side']})")
    out("\n".join(camp._who_played(created, {})[:1] + [f"seat {s}: key {keys.fingerprint(created.key_of(s))}"
                                                      for s in sorted(created.header["players"])]))
    out("each player checks these against the keys they know before their first move")
    note = created.game.setup_note(created.data, save["state"])
    if note:
        out(f"note: {note}")


@command("orders")
@refusals
def orders_cmd(folder: Path = Argument(...), side: str = Option(...),
               out_file: Optional[Path] = Option(None, "--out", help="Default: orders-SIDE-NNNN.yaml")) -> None:
    """Write a pre-filled order template for the current step."""
    campaign = camp.open_campaign(folder)
    text = camp.template_for(campaign, side)
    number = campaign.step_numbers()[-1]
    target = out_file or Path(f"orders-{side}-{number:04d}.yaml")
    if target.exists():               # most often the template an earlier `pbem orders` wrote
        raise PbemError("already exists; pbem never overwrites: edit it and `pbem check` it, or remove it, "
                        "or write the template elsewhere with --out FILE", str(target))
    storage.write_new_file(target, text.encode())
    out(f"wrote {target}")


def _load_orders(path: Path) -> tuple[dict, str, "signing.SignedMessage | None"]:
    """(body, text, signed message or None) of a plain or signed orders file."""
    text = yamlio.read_text(path, limit=yamlio.MAX_SIGNED_BYTES)
    if "-----BEGIN PBEM SIGNED MESSAGE-----" in text:
        message = signing.parse_signed(text, str(path))
        return message.body, text, message
    body = yamlio.parse_yaml_text(text, str(path))
    if not isinstance(body, dict):
        raise PbemError("expected a YAML mapping", str(path))
    return body, text, None


def _order_problems(campaign: "camp.Campaign", body: dict, text: str, signed: "signing.SignedMessage | None",
                    orders: Path) -> list[str]:
    """Everything `adjudicate` would refuse in these orders, one line each, naming file and line."""
    number, save, digest = campaign.latest()
    lines = signing.order_lines(text)
    problems: list[str] = []
    try:
        if signed is not None:                 # a signed file must also carry the side's signature
            camp.check_orders_message(campaign, signed, number, save, digest)
        else:
            camp.check_orders_body(campaign, body, str(orders), number, save, digest)
        state = _checked_state(campaign, (number, save, digest), body, signed, orders)
        for problem in campaign.game.check(campaign.data, state, body["side"], body["orders"]):
            where = f"{orders}:{lines[problem.index]}" if problem.index is not None and problem.index < len(lines) else str(orders)
            label = f" (order {problem.index + 1})" if problem.index is not None else ""
            problems.append(f"{where}: {problem.message}{label}")
        if not problems and signed is None:
            from .hidden.steps import owner_step_problems
            problems += [f"{orders}: {m}" for m in owner_step_problems(campaign, number, save, str(body["side"]), body["orders"])]
    except PbemError as exc:
        problems.append(exc.one_line() if exc.file else f"{orders}: {exc.one_line()}")
    return problems


def _checked_state(campaign: "camp.Campaign", latest: tuple, body: dict, signed: "signing.SignedMessage | None",
                   orders: Path) -> dict:
    """The state orders are checked against: the mover's own view (its hidden items back, from its
    private part); for another seat's signed orders, which it never holds, the public state with the
    items the orders open, as adjudication sees it."""
    from .hidden.private import find_private
    from .hidden.steps import hidden_of, open_block, public_state, view_for
    number, save, digest = latest
    side = str(body["side"])
    if signed is not None and hidden_of(save, side) and find_private(campaign.folder, campaign.id, side) is None:
        return public_state(campaign, number, save, side, body, str(orders), {side: open_block(body, str(orders))})[0]
    return view_for(campaign, number, save, side)      # a side's own units under fog (11.7)


@command("check")
@refusals
def check_cmd(folder: Path = Argument(...), orders: Path = Argument(...)) -> None:
    """Validate orders against the current save without adjudicating; list every problem."""
    campaign = camp.open_campaign(folder)
    number, save, digest = campaign.latest()
    body, text, signed = _load_orders(orders)
    problems = _order_problems(campaign, body, text, signed, orders)
    if problems:
        for line in problems:
            err(line)
        err(f"pbem: error: {len(problems)} problem(s) in {orders}")
        raise SystemExit(1)
    out(f"{orders}: OK — {len(body['orders'])} order(s) legal for {save['awaiting']['phase']}")


@command("sign")
@refusals
def sign_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
             orders: Path = Argument(..., help="The orders file (from `pbem orders`)"),
             key: Path = Option(...),
             out_file: Optional[Path] = Option(None, "--out", help="Default: ORDERS.signed.txt"),
             passphrase: Optional[str] = Option(None),
             no_check: bool = Option(False, "--no-check", help="Sign even orders `pbem check` refuses "
                                           "(they will be refused at adjudication; nothing records this flag)"),
             private: Optional[Path] = Option(None, "--private", help="Your private part (default DIR.private-SIDE beside the campaign)")) -> None:
    """Sign orders for the campaign's current step (adds your dice for it) for email or a forum post.

    Only orders for the save your own copy is at, from the seat it awaits, are signed: a
    "pre-filled" file from someone else naming another save or seat is refused. The orders are
    checked first (as `pbem check` does): illegal orders are refused before a round trip is spent
    on them, unless --no-check."""
    campaign = camp.open_campaign(folder)
    text = yamlio.read_text(orders, limit=yamlio.MAX_SIGNED_BYTES)
    body = yamlio.parse_yaml_text(text, str(orders))
    if not isinstance(body, dict) or body.get("pbem") != "orders":
        raise PbemError("not an orders file (expected 'pbem: orders')", str(orders))
    # orders bound to another save, seat or phase are refused with --no-check too: no hint to use it
    camp.check_orders_body(campaign, body, str(orders), *campaign.latest())
    problems = [] if no_check else _order_problems(campaign, body, text, None, orders)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise PbemError(f"not signed: {problems[0]}{more}; see `pbem check {folder} {orders}`, "
                        "or sign anyway with --no-check")
    target = out_file or orders.with_name(orders.name + ".signed.txt")
    if target.exists():             # a second `pbem sign` of the same file: say what to do with the first
        raise PbemError("already exists; pbem never overwrites: if it holds these orders signed, send it as it is "
                        "(`pbem status` says whether it is recorded); to sign edited orders instead, remove it (or give --out "
                        "FILE) and send only the new one",
                        str(target))
    key_private = keys.load_private_key(key, passphrase)
    seats = campaign.sides_of_key(keys.key_id(key_private.public_key()))
    ledger.check_fresh(key, campaign)
    text = camp.sign_orders(campaign, body, key_private, source=str(orders), private=private)
    storage.write_new_file(target, text.encode())
    ledger.bind(key, campaign, seats)
    kept = camp.keep_signed_orders(campaign, text)   # the reveal alone completes the step here (pbem inbox)
    out(f"wrote {target} (kept in {kept.parent} until the step is recorded)")
    if "hidden" in signing.parse_signed(text, str(target)).body:          # an owner step: what it hides stays here
        from .hidden.private import default_private_folder
        where = private or default_private_folder(campaign.folder, str(body.get("side")))
        out(f"what these orders hide is kept in your private part {where}: never send it, back it up; "
            "at the end it is handed over for `pbem verify --private`")
    latest = campaign.latest()
    kept_orders = [m for m in camp.read_pending(campaign, *latest) if m.kind == "orders"]
    if not no_check and kept_orders:
        out(f"these orders: {_what_pending_orders_await(campaign, latest, kept_orders[0], _revealers(campaign, latest[1], kept_orders[0]))}")
    send_hint(campaign, target, exclude=body.get("side"))


def _revealers(campaign: "camp.Campaign", save: dict, orders: "signing.SignedMessage") -> list[str]:
    """Whose reveals these orders' step awaits (pbem.hidden.steps.step_revealers)."""
    from .hidden.steps import step_revealers
    return step_revealers(campaign, save, str(orders.body["side"]), orders.body["orders"])



@command("reveal")
@refusals
def reveal_cmd(folder: Path = Argument(...), orders: Path = Argument(...), key: Path = Option(...),
               out_file: Optional[Path] = Option(None, "--out"), passphrase: Optional[str] = Option(None),
               private: Optional[Path] = Option(None, "--private", help="Your private part, whose items the step may open (default DIR.private-SIDE)")) -> None:
    """As the non-moving side: sign your dice reveal for these (already fixed) orders.

    The step is also adjudicated in your copy of the campaign, so you can never reveal twice
    for one save (a second reveal for other orders would let the mover choose between two
    outcomes)."""
    campaign = camp.open_campaign(folder)
    number, save, digest = campaign.latest()
    message = camp.read_signed(orders)
    camp.check_orders_message(campaign, message, number, save, digest)
    private_key = keys.load_private_key(key, passphrase)
    needed = _revealers(campaign, save, message)
    sides = [s for s in campaign.sides_of_key(keys.key_id(private_key.public_key())) if s in needed]
    if not sides:
        raise PbemError("this key belongs to no side whose reveal this step needs", str(key))
    target = out_file or Path(f"reveal-{sides[0]}-{number + 1:04d}.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    ledger.check_fresh(key, campaign)
    result = camp.adjudicate(folder, [orders], private_key, campaign=campaign,
                             private={sides[0]: private} if private is not None else None)
    ledger.bind(key, campaign, sides)
    text = result.inputs.get(f"reveal-{sides[0]}.txt")
    if text is None:
        out(f"these orders roll no dice, so no reveal is needed; save {result.number} recorded in {folder}")
        return
    storage.write_new_file(target, text.encode())
    if result.save is None:
        out(f"wrote {target}; the step still awaits the reveal of {', '.join(result.awaiting_reveal)}")
    else:
        out(f"wrote {target}; save {result.number} recorded in {folder}")
    send_hint(campaign, target, exclude=sides[0])


@command("dealing-secret")
@refusals
def dealing_secret_cmd(folder: Path = Argument(...), key: Path = Option(...), passphrase: Optional[str] = Option(None)) -> None:
    """At the end of the game: print your dealing secret of the shared pools (docs/hidden-information.md), to hand
    over for `pbem verify DIR --dealing SIDE=SECRET`. It opens neither your dice nor your hidden items' salts."""
    from .hidden.dealt import dealing_secret
    campaign = camp.open_campaign(folder)
    private_key = keys.load_private_key(key, passphrase)
    sides = campaign.sides_of_key(keys.key_id(private_key.public_key()))
    if not sides:
        raise PbemError("this key holds no seat in this campaign", str(key))
    out(f"{sides[0]}={dealing_secret(campaign, private_key, sides[0])}")


@command("strength")
@refusals
def strength_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"), key: Path = Option(...),
                 out_file: Optional[Path] = Option(None, "--out"), passphrase: Optional[str] = Option(None)) -> None:
    """Sign your strength message for the step kept in pending/ (a secret draw from shared pools,
    Operation Grenade's strength chits, docs/hidden-information.md): the strengths of your units'
    chits, which your machine decodes with the other side's shares (8.42), and any share or stage
    the step waits for from you. The step is also adjudicated in your copy."""
    campaign = camp.open_campaign(folder)
    private_key = keys.load_private_key(key, passphrase)
    sides = campaign.sides_of_key(keys.key_id(private_key.public_key()))
    if not sides:
        raise PbemError("this key holds no seat in this campaign", str(key))
    ledger.check_fresh(key, campaign)
    text = camp.sign_strength(campaign, private_key, sides[0])
    body = signing.parse_signed(text, "the strength message").body
    target = out_file or Path(f"strength-{sides[0]}-{body['save'] + 1:04d}-{body['round']}.txt")
    storage.write_new_file(target, text.encode())
    result = camp.adjudicate(folder, [target], campaign=campaign)
    ledger.bind(key, campaign, sides)
    if result.save is None:
        out(f"wrote {target}; {result.report}")
    else:
        out(f"wrote {target}; save {result.number} recorded in {folder}")
    send_hint(campaign, target, exclude=sides[0])


@command("adjudicate")
@refusals
def adjudicate_cmd(folder: Path = Argument(...), files: Optional[List[Path]] = Argument(None, help="Signed orders and/or reveals"),
                   key: Optional[Path] = Option(None, help="Your key, to reveal your dice for this step"),
                   passphrase: Optional[str] = Option(None)) -> None:
    """Verify and apply signed orders; write the next save and its report."""
    from .adjudicate import adjudicate    # not pbem.campaign: adjudicating needs no replay code
    from .folder import open_campaign
    from .inputs import PENDING
    private = keys.load_private_key(key, passphrase) if key else None
    campaign = open_campaign(folder)
    mine = campaign.sides_of_key(keys.key_id(private.public_key())) if private else []
    if key:
        ledger.check_fresh(key, campaign)
    result = adjudicate(folder, files or [], private, campaign=campaign)
    if key:
        ledger.bind(key, campaign, mine)
    out(result.report)
    if result.save is None and result.awaiting_strength:
        out(f"kept the inputs in {folder / PENDING}: adjudicate the strength message of "
            f"{', '.join(result.awaiting_strength)} when it comes")
        return
    if result.save is None:
        out(f"kept the orders in {folder / PENDING}: adjudicate the reveal of "
            f"{', '.join(result.awaiting_reveal)} when it comes")
    else:
        out(f"wrote save {result.number} in {campaign.step_dir(result.number)}")
    given = {yamlio.read_text(Path(f), limit=yamlio.MAX_SIGNED_BYTES) for f in files or []}
    for name, text in sorted(result.inputs.items()):
        party = name[len("reveal-"):-len(".txt")]
        if name.startswith("reveal-") and party in mine and text not in given:
            # made here (three or four seats: also while another seat's reveal is awaited)
            from .inbox import write_outgoing
            target = write_outgoing(Path(f"reveal-{party}-{result.number:04d}.txt"), text)   # not hidden in steps/
            send_hint(campaign, target, exclude=party)    # every copy records the step with it, not the mover's alone


@command("inbox")
@refusals
def inbox_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
              files: List[Path] = Argument(..., help="Saved emails or forum posts (any text holding signed blocks)"),
              key: Optional[Path] = Option(None, help="Your key: reveal your dice for orders that await them"),
              outbox: Path = Option(Path("."), help="Where reveals made here are written, to be sent"),
              passphrase: Optional[str] = Option(None)) -> None:
    """Apply every signed block of saved mails, in the order the campaign needs; say what is still awaited.

    Blocks may come in any order, several to a mail, quoted or with CRLF, and more than once: the
    same blocks give the same folder on every machine."""
    from .inbox import inbox
    private = keys.load_private_key(key, passphrase) if key else None
    if key:
        campaign = camp.open_campaign(folder)
        ledger.check_fresh(key, campaign)
    result = inbox(folder, files, private, outbox)
    if key and private is not None:
        ledger.bind(key, campaign, campaign.sides_of_key(keys.key_id(private.public_key())))
    out("\n".join(result.lines))
    for path, whom in result.sends:
        out(f"send {path} to {', '.join(whom)}")


@command("status")
@refusals
def status_cmd(folder: Path = Argument(...)) -> None:
    """Whose move it is: the latest save, its phase and what it awaits (and for how long)."""
    from .folder import open_campaign      # not pbem.campaign: status needs no adjudication or replay code
    from .inputs import read_pending
    campaign = open_campaign(folder)
    number, save, digest = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        state = "the game is over"
    else:
        state = f"awaits {waiting['kind']} from {waiting['side']} — {waiting['phase']}"
    out(f"{campaign.id} ({campaign.header['game']}/{campaign.header['scenario']}): save {number} {digest[:16]}…; {state}")
    pending = read_pending(campaign, number, save, digest)
    for message in pending:
        if message.kind == "orders":
            have = {m.body["side"] for m in pending if m.kind == "reveal"}
            missing = [p for p in _revealers(campaign, save, message) if p not in have]
            fixed = (f"orders of {message.body['side']} are fixed ({message.source}, sent {message.body['sent']}, "
                     f"{_waited(message.body['sent'])} ago)")
            out(f"{fixed}; {_what_pending_orders_await(campaign, (number, save, digest), message, missing)}")
        elif message.kind == "data-amendment":
            signed = {m.body["side"] for m in pending if m.kind == "data-consent"} | {message.body["side"]}
            others = [s for s in sorted(campaign.header["players"]) if s not in signed]
            out(f"a data amendment of {message.body['side']} is proposed ({message.source}, sent {message.body['sent']}, "
                f"{_waited(message.body['sent'])} ago); it awaits the countersignature of {', '.join(others)}")


def _what_pending_orders_await(campaign: "camp.Campaign", latest: tuple, orders: "signing.SignedMessage", missing: list[str]) -> str:
    """Whether the kept orders roll dice (then only the reveal completes the step): the step tried
    on the orders alone, as adjudication would try it, writing nothing."""
    from .adjudicate import advance, private_parts
    number, save, digest = latest
    try:
        result = advance(campaign, number, save, digest, [orders], None, None, private_parts(campaign, None))
    except PbemError as exc:
        return (f"they are refused here ({exc}); if the opponent refuses them too, delete "
                f"{campaign.folder / 'pending'} and sign corrected orders")
    if result.save is None:
        return f"they roll dice and await the reveal of {', '.join(missing)}"
    others = "the other players' inboxes do" if len(campaign.header["players"]) > 2 else "the opponent's inbox does"
    return (f"their step rolls no die and needs no reveal: `pbem inbox {campaign.folder} "
            f"{orders.source}` records it here (as {others} there)")


def _waited(sent: str) -> str:
    from datetime import datetime, timezone
    then = datetime.strptime(sent, camp.SENT_FORMAT).replace(tzinfo=timezone.utc)
    minutes = max(int((datetime.now(timezone.utc) - then).total_seconds() // 60), 0)
    days, rest = divmod(minutes, 24 * 60)
    return (f"{days} day(s) " if days else "") + f"{rest // 60} h {rest % 60} min"


@command("log")
@refusals
def log_cmd(folder: Path = Argument(...)) -> None:
    """The campaign's history: one line per save — what produced it, its hashes, its dice."""
    from .canonical import sha256_hex
    campaign = camp.open_campaign(folder)
    lines = []
    for number in campaign.step_numbers():
        save, digest = campaign.load_save(number)
        file_hash = sha256_hex((campaign.step_dir(number) / "save.yaml").read_bytes())
        produced = save["produced_by"]
        if "setup" in produced:
            what = f"set-up of {produced['setup']}"
        else:
            what = f"{produced['phase']}: {produced['kind']} of {produced['side']}"
        rolls = len((save.get("dice") or {}).get("rolls", []))
        lines.append(f"{number:04d}  data {digest[:16]}  file {file_hash[:16]}  {what}"
                     + (f" ({rolls} die roll{'s' if rolls != 1 else ''})" if rolls else ""))
    lines.append("data: SHA-256 of the save's data as canonical JSON (sorted keys, UTF-8; docs/security.md), "
                 "the hash the next save's `previous:` and orders' `save_hash:` name; "
                 "file: SHA-256 of the bytes of steps/NNNN/save.yaml, as `sha256sum` prints it")
    out("\n".join(lines))


@command("verify")
@refusals
def verify_cmd(folder: Path = Argument(...),
               private: Optional[Path] = Option(None, "--private", help="The other side's private part, handed over: re-checks its hidden items and steps"),
               dealing: Optional[List[str]] = Option(None, "--dealing", help="SIDE=SECRET, each side's dealing secret handed "
                                                     "over at the end (`pbem dealing-secret`): replays the shared pools")) -> None:
    """Replay the campaign from save 0: signatures, hash chain, dice. Prints OK or the first divergence."""
    secrets = {}
    for given in dealing or []:
        side, sep, secret = given.partition("=")
        if not sep:
            raise PbemError(f"--dealing takes SIDE=SECRET, not {given!r}")
        secrets[side] = secret
    result = camp.verify(folder, private, secrets or None)
    if not result.ok:
        err(f"pbem: verify FAILED: {result.message}")
        raise SystemExit(1)
    out("\n".join([result.message, *result.details]))


@command("rolls")
@refusals
def rolls_cmd(folder: Path = Argument(...), phase: Optional[int] = Option(None, help="Only this step/save number"),
              explain: Optional[str] = Option(None, "--explain", metavar="STEP[:N]",
                                                    help="Every byte of one roll (the Nth of the step, or STEP:PURPOSE; default the first) "
                                                         "and the sha256sum/openssl commands that recompute it")) -> None:
    """Every die roll: purpose, inputs, and how to recompute it by hand (docs/dice.md)."""
    from . import rolls
    campaign = camp.open_campaign(folder)
    if explain is not None:
        out("\n".join(rolls.explain(campaign, explain)))
        return
    numbers = campaign.step_numbers()
    if phase is not None and phase not in numbers:
        raise PbemError(f"no save {phase} (saves 0..{numbers[-1]})", str(folder))
    out("\n".join(rolls.table(campaign, numbers if phase is None else [phase])))


@command("report")
@refusals
def report_cmd(folder: Path = Argument(...), fmt: str = Option("text", "--format", help="text, md or bbcode"),
               step: Optional[int] = Option(None, help="Save number (default: latest)"),
               turn: Optional[int] = Option(None, "--turn", help="The whole Game-Turn N in one post: every step in order (0: before the game)"),
               svg: Optional[Path] = Option(None, "--svg", help="Also write the map picture of the save to this SVG file (never overwrites)"),
               png: Optional[Path] = Option(None, "--png", help="Also write the map picture as a PNG 800 px wide, for forums without SVG (never overwrites; needs cairosvg)"),
               side: Optional[str] = Option(None, "--side", help="A side's own report: adds what only that side may see (never send it to the opponent)"),
               private: Optional[Path] = Option(None, "--private", help="With --side: that side's private part (default DIR.private-SIDE beside the campaign)"),
               key: Optional[Path] = Option(None, "--key", help="With --side, in a campaign that deals from shared pools: that side's key, which decodes its own cards"),
               passphrase: Optional[str] = Option(None)) -> None:
    """The report of a save or of a whole Game-Turn (the public one, or with --side that side's own).
    With neither --step nor --turn: the Game-Turn the latest step finished, if it finished one,
    else the latest save."""
    if fmt not in reports.FORMATS:
        raise PbemError(f"--format must be one of {', '.join(reports.FORMATS)}")
    if step is not None and turn is not None:
        raise PbemError("give --step or --turn, not both")
    from .folder import open_campaign      # not pbem.campaign: a report needs no adjudication or replay code
    campaign = open_campaign(folder)
    if side is not None and side not in campaign.header["players"]:
        raise PbemError(f"no side {side!r} in this campaign (sides: {', '.join(sorted(campaign.header['players']))})")
    view = _dealt_view(campaign, side, key, passphrase) or _side_view(campaign, side, private)
    if step is None and turn is None:
        turn = reports.finished_turn(campaign)
    if turn is not None:
        blocks = reports.turn_blocks(campaign, turn, side, view)
        number = reports.turn_steps(campaign, turn)[-1]["number"]
    else:
        number = step if step is not None else campaign.step_numbers()[-1]
        blocks = reports.step_blocks(campaign, campaign.load_save(number)[0], side, view)
    if svg is not None or png is not None:
        from .picture import png_of, save_svg
        shown = campaign.load_save(number)[0]
        picture = save_svg(campaign, view(shown) if view else shown, side)
        raster = png_of(picture) if png is not None else b""          # refused before anything is written
        for path in (svg, png):
            if path is not None and path.exists():
                raise PbemError("already exists; pbem never overwrites", str(path))
        for path, data, kind in ((svg, picture.encode("utf-8"), "SVG"), (png, raster, "PNG")):
            if path is not None:
                storage.write_new_file(path, data)
                blocks.append(("p", f"Map picture of save {number} ({kind}): {path}"))
    out(reports.render(blocks, fmt))


def _dealt_view(campaign: "camp.Campaign", side: Optional[str], key: Optional[Path],
                passphrase: Optional[str]) -> Optional[Callable[[dict], dict]]:
    """`report --side` of a campaign that deals from shared pools: the side's own cards, decoded
    from the public record with its key (pbem.hidden.dealt), put back into its view."""
    from .hidden.dealt import dealing_of, history, poker_key_of
    dealing = dealing_of(campaign, campaign.load_save(0)[0])
    if dealing is None or side is None:
        if key is not None:
            raise PbemError("--key is for `report --side` of a campaign that deals from shared pools")
        return None
    if key is None:
        raise PbemError(f"report --side {side} of this campaign shows {side}'s own strength chits, which only {side}'s key "
                        "decodes: give it with --key")
    private_key = keys.load_private_key(key, passphrase)
    if campaign.key_of(side) != keys.key_id(private_key.public_key()):
        raise PbemError(f"this key is not {side}'s key in this campaign", str(key))
    poker = poker_key_of(campaign, private_key, side)
    return lambda save: dealing.own_view(campaign.data, save, poker, history(campaign, save["number"]))


def _side_view(campaign: "camp.Campaign", side: Optional[str], private: Optional[Path]) -> Optional[Callable[[dict], dict]]:
    """`report --side` of a campaign that hides items reads that side's private part, and refuses without it."""
    from .hidden.private import find_private
    from .hidden.steps import hidden_of, rules_of, side_save

    if side is None or rules_of(campaign) is None:
        if private is not None:
            raise PbemError("--private is for `report --side` of a campaign that hides items")
        return None
    part = find_private(campaign.folder, campaign.id, side, private)

    def view(save: dict) -> dict:
        # a side that holds nothing hidden in this save (it never had a private part, e.g. End of
        # the Iron Dream's Axis) sees the public save; one that holds items needs its part
        if part is None and hidden_of(save, side):
            raise PbemError(f"report --side {side} shows what only {side} may see, from {side}'s private part; "
                            f"none at the default place (DIR.private-{side} beside the campaign folder): name it with --private")
        return side_save(campaign, save, side, part)
    return view


@command("demo")
@refusals
def demo_cmd(keep: Optional[Path] = Option(None, help="Build the demo campaign here instead of a temp folder"),
             game: Optional[str] = Option(None, help="Which game's demo (default: the first game pbem lists that has one)")) -> None:
    """Run the bundled example campaign end to end and print its report."""
    from .demo import demo_games, run_demo
    out(run_demo(keep, game or demo_games()[0]))


# -- games ----------------------------------------------------------------------------------

@command("sequence")
@refusals
def sequence_cmd(game: str = Argument(..., help="A game id, e.g. smithereens"),
                 fmt: str = Option("text", "--format", help="text, md or bbcode")) -> None:
    """A game's sequence of play: every step of its table, who is awaited, and what comes next."""
    from .games import get_game
    from .kit.sequence import SequencedGame
    if fmt not in reports.FORMATS:
        raise PbemError(f"--format must be one of {', '.join(reports.FORMATS)}")
    module = get_game(game)
    if not isinstance(module, SequencedGame):
        raise PbemError(f"{game} does not run on a sequence-of-play table (pbem.kit.sequence) yet; no table to print")
    blocks = [("h2", f"{game}: sequence of play"),
              ("table", ["Step", "Awaits", "Then"], module.sequence_of_play())]
    out(reports.render(blocks, fmt))




def main() -> None:  # pragma: no cover - console entry point (tests/test_cli_direct.py runs it)
    # the interpreter's last garbage collections at exit then skip every object the command kept (the
    # process's memory goes back whole; issue 13: about 15 ms of a 200-step verify); registered once
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    argv = sys.argv[1:]
    if argv in (["--version"], ["-V"]):      # which pbem plays a campaign matters (docs/upgrading.md)
        from . import __version__
        out(f"pbem {__version__}")
        sys.exit(0)
    page = None
    if len(argv) < 3 and (argv[-1:] == ["--help"] or argv[:1] in ([], ["data"], ["amend"])):
        from .helppage import help_request
        page = help_request(argv, sys.modules["__main__"])
    if page is not None:                     # typer's own page, written without loading typer
        text, status = page
        (sys.stderr if status else sys.stdout).write(text + "\n")
        sys.exit(status)
    call = direct_call(argv)
    if call is None:
        __getattr__("app")()
        return
    func, values = call
    func(**values)             # a refusal exits with status 1 (SystemExit), as under typer
    sys.exit(0)


if __name__ == "__main__":  # python -m pbem.cli
    main()
