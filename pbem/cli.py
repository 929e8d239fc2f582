"""The `pbem` command line. Every refusal is one line on stderr and a non-zero exit."""

import functools
import importlib.util
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, List, Optional, TypeVar, cast

from . import ledger
from .errors import PbemError
from .keys import fingerprint, key_id, keygen, load_private_key, load_public_key
from .report import FORMATS, finished_turn, render, step_blocks, turn_blocks, turn_steps
from .signing import SignedMessage, order_lines, parse_signed
from .storage import safe_component, write_new_file
from .gamedata import OVERRIDE_NAME
from .yamlio import MAX_SIGNED_BYTES, parse_yaml_text, read_text



def _lazy_module(name: str) -> ModuleType:
    """`name`, imported on first use of one of its attributes (importlib's LazyLoader): `pbem
    --help`, keygen, commit and the data commands never load the campaign machinery and the games."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None, name
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from . import campaign as camp
else:
    camp = _lazy_module(f"{__package__}.campaign")


F = TypeVar("F", bound=Callable[..., Any])


# -- the commands, declared without importing typer -------------------------------------------------
# typer (with click) is a sixth of a `pbem status`, so the commands are declared here with typer's
# own parameters recorded (Argument, Option below) and the typer app is built only when typer must
# parse the command line (`app`, on first use): the plain forms of the most-run commands are
# called directly (direct_call, at the end), and never import it (issue 13).

class Declared:
    """A parameter's typer declaration, recorded: typer.Argument or typer.Option with these arguments."""

    def __init__(self, kind: str, default: Any, decls: tuple[str, ...], options: dict[str, Any]) -> None:
        self.kind, self.default, self.decls, self.options = kind, default, decls, options

    def typer_info(self) -> Any:
        import typer
        return getattr(typer, self.kind)(self.default, *self.decls, **self.options)


def Argument(default: Any = ..., **options: Any) -> Any:   # noqa: N802 - typer's name and signature
    return Declared("Argument", default, (), options)


def Option(default: Any = ..., *decls: str, **options: Any) -> Any:   # noqa: N802 - typer's name and signature
    return Declared("Option", default, decls, options)


# the command groups: name -> typer.Typer's arguments ("" is the top level)
GROUPS: dict[str, dict[str, Any]] = {
    "": dict(add_completion=False, no_args_is_help=True,
             help="Adjudicate play-by-email wargame campaigns: signed orders, two-party dice, hash-chained saves."),
    "data": dict(no_args_is_help=True, help="Game data: what the rulebook text lacks, and templates to supply it."),
    "amend": dict(no_args_is_help=True,
                  help="Data amendments signed by every player: values the campaign's data lack, supplied mid-game (pbem/amend.py)."),
}
COMMANDS: list[tuple[str, str, Callable[..., Any]]] = []       # (group, name, function), in the order of --help


def command(name: str, group: str = "") -> Callable[[F], F]:
    def register(func: F) -> F:
        COMMANDS.append((group, name, func))
        return func
    return register


def _build_app() -> Any:
    """The typer app of every command, their parameters given to typer as declared."""
    import inspect

    import typer
    # rich_markup_mode=None: typer's help and usage errors in click's plain text, without loading rich
    # (about 70 ms of every `pbem --help`)
    apps = {group: typer.Typer(rich_markup_mode=None, **options) for group, options in GROUPS.items()}
    for group in GROUPS:
        if group:
            apps[""].add_typer(apps[group], name=group)
    for group, name, func in COMMANDS:
        signature = inspect.signature(func)
        typed = functools.wraps(func)(functools.partial(func))     # func itself keeps its declarations (direct_call)
        typed.__signature__ = signature.replace(parameters=[      # type: ignore[attr-defined]
            p.replace(default=p.default.typer_info()) if isinstance(p.default, Declared) else p
            for p in signature.parameters.values()])
        apps[group].command(name)(typed)
    return apps


_APPS: list[Any] = []


def __getattr__(name: str) -> Any:
    """`app`, `data_app`, `amend_app`: the typer apps, built on first use."""
    groups = {"app": "", "data_app": "data", "amend_app": "amend"}
    if name not in groups:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _APPS:
        _APPS.append(_build_app())
    return _APPS[0][groups[name]]


def refusals(func: F) -> F:
    """Turn a PbemError into one line on stderr and exit status 1 (2 for usage errors is typer's)."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PbemError as exc:
            err(f"pbem: error: {exc.one_line()}")
            raise SystemExit(1) from None
    return cast(F, wrapper)


# a player's text reaches the terminal in reports and refusals (a unit id, a comment): control
# characters and bidirectional overrides in it could erase or fake a line (red team round 2)
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """`text` with every terminal control character written as an escape (newlines and tabs kept)."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def out(text: str) -> None:
    text = visible(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def err(text: str) -> None:
    sys.stderr.write(visible(text) + "\n")


# -- keys and commitments ------------------------------------------------------------------

@command("keygen")
@refusals
def keygen_cmd(name: str = Argument(..., help="Base path: writes NAME (private, 0600) and NAME.pub"),
               passphrase: Optional[str] = Option(None, help="Encrypt the private key (or set $PBEM_PASSPHRASE)")) -> None:
    """Write a new Ed25519 key pair."""
    import os
    private, public = keygen(name, passphrase or os.environ.get("PBEM_PASSPHRASE"))
    out(f"wrote {private} (private, keep it) and {public} (send it to your opponents)")


@command("commit")
@refusals
def commit_cmd(key: Path = Option(..., help="Your private key (pbem or OpenSSH ed25519)"),
               campaign_id: str = Option(..., "--campaign", help="The campaign id the group agreed on"),
               side: str = Option(..., help="Your seat (or 'gm' for a referee)"),
               out_file: Optional[Path] = Option(None, "--out", help="Default: CAMPAIGN-SIDE.commit.txt"),
               passphrase: Optional[str] = Option(None)) -> None:
    """Write your signed dice commitment (the root of your dice tree, docs/dice.md) for a new campaign."""
    private = load_private_key(key, passphrase)
    text = camp.make_commitment(private, campaign_id, side)
    target = out_file or Path(f"{campaign_id}-{side}.commit.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    ledger.record_commitment(key, campaign_id, side, parse_signed(text, str(target)).body["root"])
    write_new_file(target, text.encode())
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
    players = {side: key_id(load_public_key(path)) for side, path in _pairs(player, "--player").items()}
    commitments = {}
    for path in commitment:
        text = read_text(Path(path), limit=MAX_SIGNED_BYTES)
        message = parse_signed(text, str(path))
        side = message.body.get("side")
        if not isinstance(side, str) or side in commitments:
            raise PbemError("commitment names no side, or a side given twice", str(path))
        commitments[side] = text
    gm_key = key_id(load_public_key(gm)) if gm else None
    options: dict[str, Any] = dict(_pairs(option, "--option"))
    if origin is not None:
        options["from"] = _final_save(origin)
    created = camp.create_campaign(folder, game, scenario, players, commitments, data, gm_key, title, options)
    _, save, _ = created.latest()
    out(f"created {folder}: campaign {created.id}, {game}/{scenario}; next: {save['awaiting']['phase']} "
        f"({save['awaiting']['side']})")
    out("\n".join(camp._who_played(created, {})[:1] + [f"seat {s}: key {fingerprint(created.key_of(s))}"
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
    write_new_file(target, text.encode())
    out(f"wrote {target}")


def _load_orders(path: Path) -> tuple[dict, str, SignedMessage | None]:
    """(body, text, signed message or None) of a plain or signed orders file."""
    text = read_text(path, limit=MAX_SIGNED_BYTES)
    if "-----BEGIN PBEM SIGNED MESSAGE-----" in text:
        message = parse_signed(text, str(path))
        return message.body, text, message
    body = parse_yaml_text(text, str(path))
    if not isinstance(body, dict):
        raise PbemError("expected a YAML mapping", str(path))
    return body, text, None


def _order_problems(campaign: "camp.Campaign", body: dict, text: str, signed: SignedMessage | None,
                    orders: Path) -> list[str]:
    """Everything `adjudicate` would refuse in these orders, one line each, naming file and line."""
    number, save, digest = campaign.latest()
    lines = order_lines(text)
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


def _checked_state(campaign: "camp.Campaign", latest: tuple, body: dict, signed: SignedMessage | None,
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
    text = read_text(orders, limit=MAX_SIGNED_BYTES)
    body = parse_yaml_text(text, str(orders))
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
    key_private = load_private_key(key, passphrase)
    seats = campaign.sides_of_key(key_id(key_private.public_key()))
    ledger.check_fresh(key, campaign)
    text = camp.sign_orders(campaign, body, key_private, source=str(orders), private=private)
    write_new_file(target, text.encode())
    ledger.bind(key, campaign, seats)
    kept = camp.keep_signed_orders(campaign, text)   # the reveal alone completes the step here (pbem inbox)
    out(f"wrote {target} (kept in {kept.parent} until the step is recorded)")
    if "hidden" in parse_signed(text, str(target)).body:          # an owner step: what it hides stays here
        from .hidden.private import default_private_folder
        where = private or default_private_folder(campaign.folder, str(body.get("side")))
        out(f"what these orders hide is kept in your private part {where}: never send it, back it up; "
            "at the end it is handed over for `pbem verify --private`")
    latest = campaign.latest()
    kept_orders = [m for m in camp.read_pending(campaign, *latest) if m.kind == "orders"]
    if not no_check and kept_orders:
        out(f"these orders: {_what_pending_orders_await(campaign, latest, kept_orders[0], _revealers(campaign, latest[1], kept_orders[0]))}")
    _send_hint(campaign, target, exclude=body.get("side"))


def _revealers(campaign: "camp.Campaign", save: dict, orders: SignedMessage) -> list[str]:
    """Whose reveals these orders' step awaits (pbem.hidden.steps.step_revealers)."""
    from .hidden.steps import step_revealers
    return step_revealers(campaign, save, str(orders.body["side"]), orders.body["orders"])


def _send_hint(campaign: "camp.Campaign", path: Path, exclude: str | None) -> None:
    """After a command writes a file someone else needs: exactly what to send to whom."""
    others = [s for s in sorted(campaign.header["players"]) if s != exclude]
    out(f"send {path} to {', '.join(others)}")


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
    private_key = load_private_key(key, passphrase)
    needed = _revealers(campaign, save, message)
    sides = [s for s in campaign.sides_of_key(key_id(private_key.public_key())) if s in needed]
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
    write_new_file(target, text.encode())
    if result.save is None:
        out(f"wrote {target}; the step still awaits the reveal of {', '.join(result.awaiting_reveal)}")
    else:
        out(f"wrote {target}; save {result.number} recorded in {folder}")
    _send_hint(campaign, target, exclude=sides[0])


@command("dealing-secret")
@refusals
def dealing_secret_cmd(folder: Path = Argument(...), key: Path = Option(...), passphrase: Optional[str] = Option(None)) -> None:
    """At the end of the game: print your dealing secret of the shared pools (docs/hidden-information.md), to hand
    over for `pbem verify DIR --dealing SIDE=SECRET`. It opens neither your dice nor your hidden items' salts."""
    from .hidden.dealt import dealing_secret
    campaign = camp.open_campaign(folder)
    private_key = load_private_key(key, passphrase)
    sides = campaign.sides_of_key(key_id(private_key.public_key()))
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
    private_key = load_private_key(key, passphrase)
    sides = campaign.sides_of_key(key_id(private_key.public_key()))
    if not sides:
        raise PbemError("this key holds no seat in this campaign", str(key))
    ledger.check_fresh(key, campaign)
    text = camp.sign_strength(campaign, private_key, sides[0])
    body = parse_signed(text, "the strength message").body
    target = out_file or Path(f"strength-{sides[0]}-{body['save'] + 1:04d}-{body['round']}.txt")
    write_new_file(target, text.encode())
    result = camp.adjudicate(folder, [target], campaign=campaign)
    ledger.bind(key, campaign, sides)
    if result.save is None:
        out(f"wrote {target}; {result.report}")
    else:
        out(f"wrote {target}; save {result.number} recorded in {folder}")
    _send_hint(campaign, target, exclude=sides[0])


@command("adjudicate")
@refusals
def adjudicate_cmd(folder: Path = Argument(...), files: Optional[List[Path]] = Argument(None, help="Signed orders and/or reveals"),
                   key: Optional[Path] = Option(None, help="Your key, to reveal your dice for this step"),
                   passphrase: Optional[str] = Option(None)) -> None:
    """Verify and apply signed orders; write the next save and its report."""
    private = load_private_key(key, passphrase) if key else None
    campaign = camp.open_campaign(folder)
    mine = campaign.sides_of_key(key_id(private.public_key())) if private else []
    if key:
        ledger.check_fresh(key, campaign)
    result = camp.adjudicate(folder, files or [], private, campaign=campaign)
    if key:
        ledger.bind(key, campaign, mine)
    out(result.report)
    if result.save is None and result.awaiting_strength:
        out(f"kept the inputs in {folder / camp.PENDING}: adjudicate the strength message of "
            f"{', '.join(result.awaiting_strength)} when it comes")
        return
    if result.save is None:
        out(f"kept the orders in {folder / camp.PENDING}: adjudicate the reveal of "
            f"{', '.join(result.awaiting_reveal)} when it comes")
    else:
        out(f"wrote save {result.number} in {campaign.step_dir(result.number)}")
    given = {read_text(Path(f), limit=MAX_SIGNED_BYTES) for f in files or []}
    for name, text in sorted(result.inputs.items()):
        party = name[len("reveal-"):-len(".txt")]
        if name.startswith("reveal-") and party in mine and text not in given:
            # made here (three or four seats: also while another seat's reveal is awaited)
            from .inbox import write_outgoing
            target = write_outgoing(Path(f"reveal-{party}-{result.number:04d}.txt"), text)   # not hidden in steps/
            _send_hint(campaign, target, exclude=party)    # every copy records the step with it, not the mover's alone


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
    private = load_private_key(key, passphrase) if key else None
    if key:
        campaign = camp.open_campaign(folder)
        ledger.check_fresh(key, campaign)
    result = inbox(folder, files, private, outbox)
    if key and private is not None:
        ledger.bind(key, campaign, campaign.sides_of_key(key_id(private.public_key())))
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


def _what_pending_orders_await(campaign: "camp.Campaign", latest: tuple, orders: SignedMessage, missing: list[str]) -> str:
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
    if fmt not in FORMATS:
        raise PbemError(f"--format must be one of {', '.join(FORMATS)}")
    if step is not None and turn is not None:
        raise PbemError("give --step or --turn, not both")
    from .folder import open_campaign      # not pbem.campaign: a report needs no adjudication or replay code
    campaign = open_campaign(folder)
    if side is not None and side not in campaign.header["players"]:
        raise PbemError(f"no side {side!r} in this campaign (sides: {', '.join(sorted(campaign.header['players']))})")
    view = _dealt_view(campaign, side, key, passphrase) or _side_view(campaign, side, private)
    if step is None and turn is None:
        turn = finished_turn(campaign)
    if turn is not None:
        blocks = turn_blocks(campaign, turn, side, view)
        number = turn_steps(campaign, turn)[-1]["number"]
    else:
        number = step if step is not None else campaign.step_numbers()[-1]
        blocks = step_blocks(campaign, campaign.load_save(number)[0], side, view)
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
                write_new_file(path, data)
                blocks.append(("p", f"Map picture of save {number} ({kind}): {path}"))
    out(render(blocks, fmt))


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
    private_key = load_private_key(key, passphrase)
    if campaign.key_of(side) != key_id(private_key.public_key()):
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
    if fmt not in FORMATS:
        raise PbemError(f"--format must be one of {', '.join(FORMATS)}")
    module = get_game(game)
    if not isinstance(module, SequencedGame):
        raise PbemError(f"{game} does not run on a sequence-of-play table (pbem.kit.sequence) yet; no table to print")
    blocks = [("h2", f"{game}: sequence of play"),
              ("table", ["Step", "Awaits", "Then"], module.sequence_of_play())]
    out(render(blocks, fmt))


# -- data -----------------------------------------------------------------------------------

@command(group="data", name="missing")
@refusals
def data_missing_cmd(folder: Path = Argument(..., help="Campaign folder")) -> None:
    """List every value this campaign's game data still lacks, grouped."""
    from .datatools import missing_report
    campaign = camp.open_campaign(folder)
    out(missing_report(campaign.data, campaign.game))


@command(group="data", name="keep")
@refusals
def data_keep_cmd(folder: Path = Argument(..., help="A campaign folder made before pbem kept its data")) -> None:
    """Copy the rules and scenario data a campaign was created with into it (DIR/data/), from this
    pbem while they are still those (checked by hash). Run it before upgrading pbem (docs/upgrading.md)."""
    written = camp.keep_data(folder)
    out(f"kept {len(written)} data files in {folder / 'data'}: the campaign now plays them whatever pbem's rules/ hold")


@command(group="data", name="template")
@refusals
def data_template_cmd(game: str = Argument(...), out_file: Optional[Path] = Option(None, "--out")) -> None:
    """Write a fill-in override file for a group to complete from their printed copy."""
    from .datatools import override_template
    from .gamedata import load_game_data
    safe_component(game, "game")      # a game id, never a path
    target = out_file or Path(f"{game}-data-override.yaml")
    write_new_file(target, override_template(load_game_data(game)).encode())
    out(f"wrote {target}")


@command(group="data", name="edit")
@refusals
def data_edit_cmd(game: str = Argument(..., help="A game id, e.g. smithereens, or a campaign folder (to propose an amendment)"),
                  data: Optional[Path] = Option(None, "--data", help="An override to continue (saved back to it unless --out)"),
                  image: Optional[Path] = Option(None, "--image", help="A scan or photo of your printed map (png, jpeg, gif, webp); stays on this machine"),
                  out_file: Optional[Path] = Option(None, "--out", help="Where Save writes the override (default: --data, else GAME-data-override.yaml)"),
                  open_browser: bool = Option(False, "--open", help="Also open the page in your web browser")) -> None:
    """Enter the game data your printed copy gives in a map and table editor in the browser (127.0.0.1 only).
    Given a campaign folder, it starts from the campaign's override and saves a proposal beside the
    folder, never into it: the campaign's data change only when both players agree to a new one."""
    from .editor import serve
    folder = Path(game)
    if (folder / camp.HEADER).is_file():
        game, data, out_file = _amendment_files(folder, data, out_file)
    serve(game, data, out_file, image, open_browser, out)


def _amendment_files(folder: Path, data: Optional[Path], out_file: Optional[Path]) -> tuple[str, Optional[Path], Path]:
    if data is not None:
        raise PbemError("give a campaign folder or --data, not both", str(folder))
    campaign = camp.open_campaign(folder)
    override = folder / OVERRIDE_NAME
    target = out_file or folder.parent / f"{campaign.id}-amendment-proposal.yaml"
    if folder.resolve() in target.resolve().parents:
        raise PbemError("a proposal is written outside the campaign folder (its data are fixed by the header's hash)", str(target))
    return campaign.header["game"], override if override.is_file() else None, target


@command(group="amend", name="propose")
@refusals
def amend_propose_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
                      proposal: Path = Argument(..., help="The proposal: DIR-amendment-proposal.yaml from `pbem data edit DIR` (a data override)"),
                      key: Path = Option(...), note: str = Option("", help="Why: where the values come from"),
                      out_file: Optional[Path] = Option(None, "--out", help="Default: amendment-SIDE-NNNN.txt"),
                      passphrase: Optional[str] = Option(None)) -> None:
    """Sign a data amendment: the values of PROPOSAL the campaign's data do not hold yet (unknown
    values, entries of open collections, errata readings not chosen yet), for every other player to countersign."""
    from . import amend
    campaign = camp.open_campaign(folder)
    values, errata = amend.proposal_values(campaign, proposal)
    private = load_private_key(key, passphrase)
    ledger.check_fresh(key, campaign)       # a reused commitment dooms the campaign: say so before a round trip
    text = amend.propose(campaign, values, errata, private, note)
    message = parse_signed(text, "the amendment")
    number = campaign.step_numbers()[-1]
    target = out_file or Path(f"amendment-{message.body['side']}-{number + 1:04d}.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    camp.adjudicate_messages(campaign, [message])      # kept in pending/: the countersignature alone completes it
    write_new_file(target, text.encode())
    out(f"wrote {target}: {len(values)} value(s)" + (f", errata {', '.join(sorted(errata))}" if errata else "")
        + f" for {_countersigners(campaign)} to countersign (`pbem amend sign DIR FILE --key KEY`)")
    _send_hint(campaign, target, exclude=message.body["side"])


@command(group="amend", name="sign")
@refusals
def amend_sign_cmd(folder: Path = Argument(..., help="Your copy of the campaign folder"),
                   amendment: Path = Argument(..., help="The proposer's signed amendment (or a saved mail holding it)"),
                   key: Path = Option(...),
                   out_file: Optional[Path] = Option(None, "--out", help="Default: consent-SIDE-NNNN.txt"),
                   passphrase: Optional[str] = Option(None)) -> None:
    """Countersign a data amendment (after reading its values, printed here) and record it in your copy
    (with three or four players, once every other player's countersignature is there too)."""
    from . import amend
    from .inbox import read_mail
    campaign = camp.open_campaign(folder)
    found = [m for m in read_mail(amendment) if m.kind == amend.AMENDMENT]
    if len(found) != 1:
        raise PbemError("expected exactly one signed data amendment", str(amendment))
    private = load_private_key(key, passphrase)
    ledger.check_fresh(key, campaign)
    text = amend.countersign(campaign, found[0], private)
    consent = parse_signed(text, "the countersignature")
    target = out_file or Path(f"consent-{consent.body['side']}-{consent.body['save'] + 1:04d}.txt")
    if target.exists():
        raise PbemError("already exists; pbem never overwrites", str(target))
    result = camp.adjudicate_messages(campaign, [found[0], consent])
    write_new_file(target, text.encode())
    for path, value in sorted(found[0].body["values"].items()):
        out(f"  {path} = {value}")
    for reading, choice in sorted(found[0].body["errata"].items()):
        out(f"  errata {reading} = {choice}")
    if result.save is None:           # three or four seats: another countersignature is still to come
        out(f"wrote {target}; {result.report}")
    else:
        out(f"wrote {target}; save {result.number} (the amendment) recorded in {folder}")
    _send_hint(campaign, target, exclude=consent.body["side"])


def _countersigners(campaign: "camp.Campaign") -> str:
    """Who countersigns an amendment: the other side of two, every other player of three or four."""
    return "the other side" if len(campaign.header["players"]) == 2 else "every other player"


# -- direct dispatch of the commands a whole process runs most ------------------------------------
# typer's argument coercion imports pydantic (about 80 ms, over half of a 150 ms `pbem status`), and
# typer itself with click is a sixth of one, so these commands, given in the plain form
# `CMD ARG... [--option VALUE]...` whose arguments are paths or text, are called directly with
# exactly the values typer would pass. Anything else (--help, a flag, `--opt=value`, a number, a
# wrong count, an unknown option) goes to typer, which parses it and reports usage errors as always.
DIRECT = ("status", "verify", "report", "adjudicate", "check", "log")


def _plain_kind(annotation: Any) -> Any:
    """Path, str or list (of Path) for the annotations typer passes through unchanged; else None."""
    import typing
    if annotation in (Path, str):
        return annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Union and len(args) == 1:
        return _plain_kind(args[0])
    if typing.get_origin(annotation) is list and args == [Path]:
        return list
    return None


def direct_call(argv: List[str]) -> Optional[tuple[Callable[..., Any], dict[str, Any]]]:
    """The command function and the keyword arguments typer would call it with, for `argv` in the
    plain form; None for anything typer must parse."""
    import inspect
    if not argv or argv[0] not in DIRECT:
        return None
    func = next(f for group, name, f in COMMANDS if not group and name == argv[0])
    params = [p for p in inspect.signature(func).parameters.values()]
    options: dict[str, inspect.Parameter] = {}
    for param in params:
        info = param.default
        if not isinstance(info, Declared):
            return None
        if info.kind == "Option":
            for decl in info.decls or (f"--{param.name.replace('_', '-')}",):
                options[decl] = param
    values: dict[str, Any] = {}
    words: list[str] = []
    tokens = iter(argv[1:])
    for token in tokens:
        if not token.startswith("-"):
            words.append(token)
            continue
        option = options.get(token)
        value = next(tokens, None)
        if option is None or option.name in values or value is None or value.startswith("-"):
            return None
        kind = _plain_kind(option.annotation)
        if kind not in (Path, str):
            return None
        values[option.name] = kind(value)
    for param in params:
        info, kind = param.default, _plain_kind(param.annotation)
        if info.kind == "Option":
            if param.name not in values:
                if kind is None and info.default is not None:
                    return None
                values[param.name] = info.default
        elif kind is list:
            values[param.name], words = ([Path(w) for w in words] or info.default), []
        elif kind is Path and words:
            values[param.name] = Path(words.pop(0))
        else:
            return None
    return (func, values) if not words else None


def main() -> None:  # pragma: no cover - console entry point (tests/test_cli_direct.py runs it)
    if sys.argv[1:] in (["--version"], ["-V"]):      # which pbem plays a campaign matters (docs/upgrading.md)
        from . import __version__
        out(f"pbem {__version__}")
        sys.exit(0)
    call = direct_call(sys.argv[1:])
    if call is None:
        __getattr__("app")()
        return
    func, values = call
    func(**values)             # a refusal exits with status 1 (SystemExit), as under typer
    sys.exit(0)


if __name__ == "__main__":  # python -m pbem.cli
    main()
