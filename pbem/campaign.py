"""Campaign folders: the header, hash-chained saves, signed inputs; adjudication and replay.

Layout of a campaign folder DIR:
    campaign.yaml               header: game, scenario, data hashes, players' keys, dice tips
    commitments/SIDE.txt        each party's signed dice commitment
    data-override.yaml          (optional) the group's values for what the rulebook lacks
    steps/0000/save.yaml        save 0, set up from the scenario
    steps/NNNN/orders-SIDE.txt  the signed orders (or response) that produced save NNNN
    steps/NNNN/reveal-SIDE.txt  signed dice reveals of the other parties
    steps/NNNN/save.yaml        the save; its `previous` is the hash of save NNNN-1
    steps/NNNN/report.txt       the turn report

A step folder is built aside and renamed into place in one operation, so a crash leaves the
old state or the complete new one. Adjudication is a pure function of the previous save and
the inputs, so `verify` re-runs it and compares bytes.
"""

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import __version__
from .canonical import data_hash
from .dice import (DEFAULT_CHAIN_LENGTH, Dice, DiceUnavailable, chain_secret, check_preimage, link,
                   order_set_digest, preimage_for_step, step_seed)
from .errors import PbemError
from .gamedata import OVERRIDE_NAME, GameData, load_game_data, load_scenario
from .games import get_game
from .keys import key_id
from .report import render_step_report
from .signing import SignedMessage, parse_signed, sign_body
from .storage import _fsync_dir, safe_component
from .yamlio import MAX_SAVE_BYTES, dump_yaml, load_yaml_file, read_text

FORMAT = 1
HEADER = "campaign.yaml"
STEP_DIGITS = 4
STEP_NAME = re.compile(r"^\d{4}$")
INPUT_NAME = re.compile(r"^(orders|reveal)-([A-Za-z0-9_-]+)\.txt$")
GM = "gm"


# -- headers and commitments ------------------------------------------------------------------

def make_commitment(key: Ed25519PrivateKey, campaign: str, party: str,
                    chain_length: int = DEFAULT_CHAIN_LENGTH) -> str:
    """A signed dice commitment: the tip of `party`'s hash chain for `campaign`."""
    safe_component(campaign, "campaign id")
    safe_component(party, "side")
    tip = link(chain_secret(key, campaign, party), chain_length).hex()
    body = {"pbem": "dice-commitment", "campaign": campaign, "side": party,
            "chain_length": chain_length, "tip": tip}
    return sign_body(body, key)


def read_signed(path: Path) -> tuple[SignedMessage, str]:
    text = read_text(path)
    return parse_signed(text, str(path)), text


@dataclass
class Campaign:
    folder: Path
    header: dict
    header_hash: str
    data: GameData
    scenario: dict
    game: object

    @property
    def id(self) -> str:
        return self.header["campaign"]

    @property
    def parties(self) -> list[str]:
        return sorted(self.header["dice"]["commitments"])

    def step_dir(self, number: int) -> Path:
        return self.folder / "steps" / f"{number:0{STEP_DIGITS}d}"

    def step_numbers(self) -> list[int]:
        steps = self.folder / "steps"
        if not steps.is_dir():
            raise PbemError("no steps/ folder: not a campaign folder", str(self.folder))
        names = sorted(p.name for p in steps.iterdir() if not p.name.startswith("."))
        for name in names:
            if not STEP_NAME.fullmatch(name):   # .match() let "0004\n" in (verify crashed)
                raise PbemError(f"unexpected entry {name!r} in steps/", str(steps))
        numbers = [int(n) for n in names]
        if numbers != list(range(len(numbers))):
            raise PbemError(f"steps are not numbered 0..{len(numbers) - 1} without gaps: {names}", str(steps))
        if not numbers:
            raise PbemError("no save 0", str(steps))
        return numbers

    def load_save(self, number: int) -> tuple[dict, str]:
        path = self.step_dir(number) / "save.yaml"
        save = load_yaml_file(path, limit=MAX_SAVE_BYTES)
        if save.get("pbem") != "save" or save.get("number") != number or save.get("campaign") != self.id:
            raise PbemError(f"not save {number} of campaign {self.id}", str(path))
        if save.get("header") != self.header_hash:   # every save names the header it was made under
            raise PbemError(f"save {number} was made under another {HEADER} (its `header:` hash differs)", str(path))
        return save, data_hash(save)

    def latest(self) -> tuple[int, dict, str]:
        number = self.step_numbers()[-1]
        save, digest = self.load_save(number)
        return number, save, digest

    def key_of(self, side: str) -> str:
        if side == GM:
            return self.header["dice"]["gm"]
        try:
            return self.header["players"][side]["key"]
        except KeyError:
            raise PbemError(f"no player seat {side!r} in this campaign ({', '.join(sorted(self.header['players']))})") from None

    def sides_of_key(self, identifier: str) -> list[str]:
        sides = [s for s, p in sorted(self.header["players"].items()) if p["key"] == identifier]
        if self.header["dice"].get("gm") == identifier:
            sides.append(GM)
        return sides


def open_campaign(folder: Path) -> Campaign:
    folder = Path(folder)
    if not (folder / HEADER).is_file():
        raise PbemError(f"no {HEADER}: not a campaign folder", str(folder))
    header = load_yaml_file(folder / HEADER)
    for key in ("campaign", "game", "scenario", "players", "dice", "data"):
        if key not in header:
            raise PbemError(f"campaign header lacks '{key}'", str(folder / HEADER))
    if header.get("pbem") != "campaign" or header.get("format") != FORMAT:
        raise PbemError("not a pbem campaign header of a format this version reads", str(folder / HEADER))
    # the header is anchored by save 0's `header:` hash; refuse a changed
    # header here, before any command uses its keys, tips or data hashes (was only noticed by
    # `verify`, and then blamed on save 0 or a commitment instead of campaign.yaml).
    save0 = folder / "steps" / "0000" / "save.yaml"
    anchor = load_yaml_file(save0, limit=MAX_SAVE_BYTES).get("header")
    if anchor != data_hash(header):
        raise PbemError(f"its hash does not match the `header:` recorded in save 0 ({save0}): "
                        f"the header (or save 0) was changed after the campaign began", str(folder / HEADER))
    _check_header_shape(header, str(folder / HEADER))
    game = get_game(header["game"])
    override = folder / OVERRIDE_NAME if header["data"].get("override") else None
    data = load_game_data(header["game"], override)
    scenario, _ = load_scenario(header["game"], header["scenario"])
    return Campaign(folder, header, data_hash(header), data, scenario, game)


def _check_header_shape(header: dict, source: str) -> None:
    """Check the types the code relies on, so a hand-made header is refused in one line rather
    than crashing later, and its names cannot be paths (a scenario '../../x')."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise PbemError(f"malformed campaign header: {what}", source)

    def safe(value) -> bool:
        try:
            return safe_component(value, "name") == value
        except PbemError:
            return False

    data, players, dice = header["data"], header["players"], header["dice"]
    need(all(safe(header[k]) for k in ("campaign", "game", "scenario")), "campaign, game and scenario must be safe names")
    need(isinstance(data, dict) and isinstance(data.get("rules"), str) and isinstance(data.get("scenario"), str)
         and (data.get("override") is None or isinstance(data["override"], dict)), "bad 'data'")
    need(isinstance(players, dict) and all(safe(s) and isinstance(p, dict) and isinstance(p.get("key"), str)
                                           for s, p in players.items()), "bad 'players'")
    need(isinstance(dice, dict) and dice.get("mode") in ("players", "gm") and isinstance(dice.get("commitments"), dict)
         and all(safe(s) and isinstance(c, dict) and isinstance(c.get("tip"), str) and type(c.get("chain_length")) is int
                 for s, c in dice["commitments"].items())
         and (dice["mode"] == "players" or isinstance(dice.get("gm"), str)), "bad 'dice'")


def check_header(campaign: Campaign) -> list[str]:
    """Everything in the header that can be checked: data hashes and signed commitments."""
    problems = []
    header, folder = campaign.header, campaign.folder
    if header["data"]["rules"] != campaign.data.files_hash:
        problems.append(f"{folder / HEADER}: the installed rules/{header['game']} data differ from the data this campaign was created with")
    _, scenario_hash = load_scenario(header["game"], header["scenario"])
    if header["data"]["scenario"] != scenario_hash:
        problems.append(f"{folder / HEADER}: scenario file scenarios/{header['game']}/{header['scenario']}.yaml differs from the one this campaign was created with")
    override = header["data"].get("override")
    if override and override.get("sha256") != campaign.data.override_hash:
        problems.append(f"{folder / OVERRIDE_NAME}: the data override does not match the hash agreed in the header")
    for party, entry in sorted(header["dice"]["commitments"].items()):
        path = folder / "commitments" / f"{safe_component(party, 'side')}.txt"
        try:
            message, _ = read_signed(path)
        except PbemError as exc:
            problems.append(exc.one_line())
            continue
        expected = {"pbem": "dice-commitment", "campaign": campaign.id, "side": party,
                    "chain_length": entry["chain_length"], "tip": entry["tip"]}
        if message.body != expected or message.signer != campaign.key_of(party):
            problems.append(f"{path}: commitment does not match the header or is not signed by {party}'s key")
    return problems


def create_campaign(folder: Path, game_name: str, scenario_name: str, players: dict[str, str],
                    commitments: dict[str, str], override: Path | None = None,
                    gm_key: str | None = None, title: str = "", options: dict | None = None) -> Campaign:
    """Write a new campaign folder (refusing an existing non-empty one) with save 0."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PbemError("exists and is not an empty folder; pbem never overwrites a campaign", str(folder))
    game = get_game(game_name)
    safe_component(scenario_name, "scenario")   # '../x' read a .yaml file outside scenarios/
    scenario, scenario_hash = load_scenario(game_name, scenario_name)
    seats = sorted(players)
    if seats not in [sorted(s) for s in game.seats(scenario)]:
        raise PbemError(f"{game_name} is played by seats {' or '.join('+'.join(s) for s in game.seats(scenario))}; got {'+'.join(seats) or 'none'}")
    data = load_game_data(game_name, override)
    chosen = game.options(options or {})
    parties = [GM] if gm_key else seats
    campaign_ids, tips = set(), {}
    for party in parties:
        text = commitments.get(party)
        if text is None:
            raise PbemError(f"no dice commitment for {party} (they run `pbem commit`)")
        message = parse_signed(text, f"commitment of {party}")
        body = message.body
        expected_key = gm_key if party == GM else players[party]
        if body.get("pbem") != "dice-commitment" or body.get("side") != party or message.signer != expected_key:
            raise PbemError(f"commitment of {party} is not a dice commitment for {party} signed by {party}'s key")
        if not isinstance(body.get("chain_length"), int) or body["chain_length"] < 2 or not isinstance(body.get("tip"), str):
            raise PbemError(f"commitment of {party} is malformed")
        campaign_ids.add(body.get("campaign"))
        tips[party] = {"tip": body["tip"], "chain_length": body["chain_length"]}
    if len(campaign_ids) != 1:
        raise PbemError(f"the commitments name different campaigns: {sorted(map(str, campaign_ids))}")
    campaign_id = safe_component(campaign_ids.pop(), "campaign id")
    header = {
        "pbem": "campaign", "format": FORMAT, "campaign": campaign_id, "title": title or campaign_id,
        "game": game_name, "scenario": scenario_name, "created_with": f"pbem {__version__}",
        "data": {"rules": data.files_hash, "scenario": scenario_hash,
                 "override": ({"file": OVERRIDE_NAME, "sha256": data.override_hash,
                               "demonstration": data.demonstration} if override else None)},
        "players": {s: {"key": players[s]} for s in seats},
        "options": chosen,
        "not_enforced": game.not_enforced_for(chosen),
        "dice": {"mode": "gm" if gm_key else "players", "commitments": tips},
    }
    if gm_key:
        header["dice"]["gm"] = gm_key
    state = game.setup(data, scenario, seats, header["options"])
    parent = folder.parent
    staging = None
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=parent))
        _write(staging / HEADER, dump_yaml(header))
        for party in parties:
            _write(staging / "commitments" / f"{safe_component(party, 'side')}.txt", commitments[party])
        if override:
            shutil.copyfile(override, staging / OVERRIDE_NAME)
        campaign = Campaign(staging, header, data_hash(header), data, scenario, game)
        save = build_save(campaign, 0, data_hash(header), state, {"setup": scenario_name}, [], None, [])
        _write(staging / "steps" / "0000" / "save.yaml", dump_yaml(save))
        _write(staging / "steps" / "0000" / "report.txt", render_step_report(campaign, save, "text"))
        if folder.exists():
            folder.rmdir()
        os.rename(staging, folder)
    except OSError as exc:   # a disk error was a traceback; the folder is never half-made
        raise PbemError(f"could not write the campaign ({exc.strerror or exc}); nothing was created", str(folder)) from None
    finally:
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return open_campaign(folder)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


# -- saves ----------------------------------------------------------------------------------

def chain_links(campaign: Campaign, save: dict | None) -> dict:
    """The last known link of each party's dice chain: the tip, or the latest reveal."""
    if save is not None:
        return save["dice_chain"]
    return {p: {"step": 0, "link": c["tip"]} for p, c in sorted(campaign.header["dice"]["commitments"].items())}


def build_save(campaign: Campaign, number: int, previous: str, state: dict, produced_by: dict,
               events: list, dice: dict | None, used: list, links: dict | None = None) -> dict:
    game = campaign.game
    waiting = game.awaiting(state)
    return {
        "pbem": "save", "format": FORMAT, "campaign": campaign.id, "game": campaign.header["game"],
        "number": number, "previous": previous, "header": campaign.header_hash,
        "produced_by": produced_by,
        "awaiting": waiting.as_dict(),
        "dice": dice,
        "dice_chain": links if links is not None else chain_links(campaign, None),
        "data_used": {"demonstration": bool(used) and campaign.data.demonstration,
                      "override_values": sorted(used)},
        "events": events,
        "state": state,
    }


# -- adjudication -----------------------------------------------------------------------------

@dataclass
class StepResult:
    number: int
    save: dict
    report: str
    inputs: dict[str, str]       # file name -> text, as stored in the step folder


def classify_inputs(campaign: Campaign, messages: list[tuple[SignedMessage, str]], orders_required: bool = True):
    orders, reveals = None, {}
    for message, text in messages:
        if message.kind == "orders":
            if orders is not None:
                raise PbemError("two order files given; one step takes one side's orders (plus reveals)", message.source)
            orders = (message, text)
        elif message.kind == "reveal":
            sides = campaign.sides_of_key(message.signer)
            side = message.body.get("side")
            if side not in sides:
                raise PbemError(f"reveal claims side {side!r} but is signed by the key of {', '.join(sides) or 'nobody in this campaign'}", message.source)
            if side in reveals:
                raise PbemError(f"two reveals from {side}", message.source)
            reveals[side] = (message, text)
        else:
            raise PbemError(f"a '{message.kind}' message cannot be adjudicated (expected orders or reveal)", message.source)
    if orders is None and orders_required:
        # say which files were given
        raise PbemError("no orders among the given files (" + (", ".join(m.source for m, _ in messages) or "none") + ")")
    return orders, reveals


def check_orders_message(campaign: Campaign, message: SignedMessage, number: int, save: dict, digest: str) -> None:
    """Signed orders: the body fits the current save, and the signer is the side's key."""
    check_orders_body(campaign, message.body, message.source, number, save, digest)
    side = message.body["side"]
    if message.signer != campaign.key_of(side):
        raise PbemError(f"WRONG KEY: orders for {side} are signed by {message.signer[:20]}…, not {side}'s key", message.source)


def check_orders_body(campaign: Campaign, body: dict, source: str, number: int, save: dict, digest: str) -> None:
    """An orders body (signed or not yet): right campaign, save, side, kind and phase; known fields."""
    if body.get("campaign") != campaign.id:
        raise PbemError(f"orders are for campaign {body.get('campaign')!r}, not {campaign.id!r}", source)
    # bind to the exact save first, so a damaged or edited save is refused as STALE before
    # any of its fields is read (a renamed `awaiting:` key crashed here with a KeyError)
    if body.get("save") != number or body.get("save_hash") != digest:
        raise PbemError(f"STALE OR REPLAYED: orders were written for save {body.get('save')} "
                        f"but the campaign is at save {number} (hash {digest[:12]}…)", source)
    waiting = save["awaiting"]
    if waiting.get("done"):
        raise PbemError("the game is over; no more orders are accepted", source)
    side = body.get("side")
    if side != waiting["side"]:
        raise PbemError(f"orders are from {side!r} but save {number} awaits {waiting['kind']} from {waiting['side']!r} ({waiting['phase']})", source)
    if body.get("kind") != waiting["kind"] or body.get("phase") != waiting["phase"]:
        raise PbemError(f"orders are for '{body.get('kind')}' in '{body.get('phase')}' but the campaign awaits "
                        f"'{waiting['kind']}' in '{waiting['phase']}'", source)
    if not isinstance(body.get("orders"), list):
        raise PbemError("orders file needs an 'orders:' list", source)
    allowed = {"pbem", "campaign", "save", "save_hash", "side", "kind", "phase", "dice", "orders", "comment"}
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise PbemError(f"unknown field(s) in orders: {', '.join(unknown)}", source)


def advance(campaign: Campaign, number: int, save: dict, digest: str,
            messages: list[tuple[SignedMessage, str]], key: Ed25519PrivateKey | None = None) -> StepResult:
    """Adjudicate one step: verified inputs + previous save -> next save and report (pure).

    If the orders need dice and a party's reveal is missing, the orders are still recorded:
    the new save keeps the position and awaits that reveal, so a refusal to reveal is visible
    in the record. The reveal step then resolves the recorded orders."""
    waiting = save["awaiting"]
    if waiting.get("kind") == "reveal":
        pending = save["pending_orders"]
        safe_component(pending["file"], "pending orders file")   # an edited save named a file outside
        orders, orders_text = read_signed(campaign.step_dir(number) / pending["file"])
        if not messages and key is None:
            raise PbemError(f"save {number} awaits a dice reveal: give the reveal file, or adjudicate with --key")
        reveals = _reveals_only(campaign, messages)
        return _resolve(campaign, number, save, digest, orders, orders_text, reveals, key,
                        pending["awaiting"], recorded_at=number)
    (orders, orders_text), reveals = classify_inputs(campaign, messages)
    check_orders_message(campaign, orders, number, save, digest)
    return _resolve(campaign, number, save, digest, orders, orders_text, reveals, key, waiting, recorded_at=None)


def _reveals_only(campaign: Campaign, messages):
    if any(m.kind != "reveal" for m, _ in messages):
        raise PbemError("this step awaits a dice reveal, not orders", next(m.source for m, _ in messages if m.kind != "reveal"))
    return classify_inputs(campaign, messages, orders_required=False)[1]


def _resolve(campaign: Campaign, number: int, save: dict, digest: str, orders: SignedMessage, orders_text: str,
             reveals: dict, key, waiting: dict, recorded_at: int | None) -> StepResult:
    body = orders.body
    side, step = body["side"], number + 1
    dice_step = body["save"] + 1            # the chain link index: the step the orders were written for
    gm_mode = campaign.header["dice"]["mode"] == "gm"
    links = {p: dict(v) for p, v in save["dice_chain"].items()}
    orders_digest = order_set_digest(body["orders"])
    revealed: dict[str, str] = {}
    if recorded_at is not None:
        revealed.update(save["pending_orders"]["preimages"])     # checked when the orders were recorded
    elif not gm_mode:
        if "dice" not in body:
            raise PbemError("orders lack the mover's dice pre-image (sign them with `pbem sign`)", orders.source)
        _in_file(orders.source, check_preimage, str(body["dice"]), dice_step, links[side]["link"], links[side]["step"], side)
        revealed[side] = str(body["dice"])
    needed = [GM] if gm_mode else list(waiting.get("opponents", []))
    inputs = {} if recorded_at is not None else {f"orders-{side}.txt": orders_text}
    # the non-moving party may have handed its key to `adjudicate` instead of a reveal file
    if key is not None:
        for party in campaign.sides_of_key(key_id(key.public_key())):
            if party in needed and party not in reveals and party not in revealed:
                text = make_reveal(campaign, key, party, dice_step, data_hash(body))
                reveals[party] = (parse_signed(text, f"reveal-{party}.txt"), text)
    for party, (message, text) in sorted(reveals.items()):
        rb = message.body
        if party not in needed or party in revealed:
            raise PbemError(f"a reveal from {party} is not needed for this step (needed: {', '.join(p for p in needed if p not in revealed) or 'none'})", message.source)
        if rb.get("campaign") != campaign.id or rb.get("save") != body["save"] or rb.get("orders") != data_hash(body):
            raise PbemError("reveal is bound to other orders, save or campaign (a reveal answers exactly one orders file)", message.source)
        _in_file(message.source, check_preimage, str(rb.get("dice")), dice_step, links[party]["link"], links[party]["step"], party)
        revealed[party] = str(rb["dice"])
        inputs[f"reveal-{party}.txt"] = text
    missing = [p for p in needed if p not in revealed]
    # a seed needs a second party (or the GM): one player's secret alone would let it predict
    seed = None if missing or not needed else step_seed(campaign.id, dice_step, orders_digest, revealed)
    for party, value in revealed.items():
        links[party] = {"step": dice_step, "link": value}
    dice = Dice(seed, f"the dice reveal of {', '.join(missing)} is missing")
    game, data = campaign.game, campaign.data
    data.used_overrides = set()
    produced_by = {
        "side": side, "kind": waiting["kind"], "phase": waiting["phase"],
        "orders": {"file": f"orders-{side}.txt", "sha256": data_hash(body), "signer": orders.signer,
                   "list": body["orders"]},
        "reveals": {p: data_hash(reveals[p][0].body) for p in sorted(reveals)},
    }
    if recorded_at is not None:
        produced_by["orders"]["recorded_in"] = recorded_at
    try:
        outcome = _in_file(orders.source, game.apply, data, _copy(save["state"]), side, body["orders"], dice)
    except DiceUnavailable:
        if not needed:
            raise PbemError("this step rolls a die but no other party takes part in it, so no fair seed exists "
                            "(the game module names no opponents for it)") from None
        if recorded_at is not None:
            raise PbemError(f"this step still needs the dice reveal of {', '.join(missing)}") from None
        return _pending_reveal(campaign, step, digest, save, produced_by, inputs, links, revealed, missing, waiting)
    dice_record = None
    if dice.rolls or seed:
        dice_record = {"step": dice_step, "orders_digest": orders_digest, "preimages": dict(sorted(revealed.items())),
                       "seed": seed, "rolls": dice.rolls}
    new_save = build_save(campaign, step, digest, outcome.state, produced_by, outcome.events,
                          dice_record, sorted(data.used_overrides), links)
    report = render_step_report(campaign, new_save, "text")
    return StepResult(step, new_save, report, inputs)


def _pending_reveal(campaign, step, digest, save, produced_by, inputs, links, revealed, missing, waiting) -> StepResult:
    """Record fixed orders whose dice await a reveal; the position does not change."""
    events = [{"event": "awaiting_reveal", "parties": missing}]
    new_save = build_save(campaign, step, digest, _copy(save["state"]), produced_by, events, None, [], links)
    new_save["awaiting"] = {"side": missing[0], "kind": "reveal", "phase": waiting["phase"],
                            "opponents": missing, "done": False}
    new_save["pending_orders"] = {"file": produced_by["orders"]["file"], "sha256": produced_by["orders"]["sha256"],
                                  "preimages": dict(sorted(revealed.items())), "awaiting": dict(waiting)}
    return StepResult(step, new_save, render_step_report(campaign, new_save, "text"), inputs)


def _in_file(source: str, func, *args):
    """Run func; a refusal that names no file is attributed to `source` (the input or step)."""
    try:
        return func(*args)
    except PbemError as exc:
        if exc.file is None:
            exc.file = source
            exc.args = (exc.one_line(),)
        raise


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def sign_orders(body: dict, key: Ed25519PrivateKey) -> str:
    """Sign an orders body, adding the signer's dice pre-image for the step it produces."""
    for field in ("campaign", "save", "side"):
        if field not in body:
            raise PbemError(f"orders lack '{field}' (start from `pbem orders`)")
    if not isinstance(body["save"], int) or body["save"] < 0:
        raise PbemError("orders' 'save' must be a save number")
    body = dict(body)
    secret = chain_secret(key, str(body["campaign"]), str(body["side"]))
    body["dice"] = preimage_for_step(secret, DEFAULT_CHAIN_LENGTH, body["save"] + 1)
    return sign_body(body, key)


def make_reveal(campaign: Campaign, key: Ed25519PrivateKey, party: str, step: int, orders_hash: str) -> str:
    """`party`'s link for dice step `step`, bound to the orders (written for save step - 1)."""
    entry = campaign.header["dice"]["commitments"][party]
    preimage = preimage_for_step(chain_secret(key, campaign.id, party), entry["chain_length"], step)
    body = {"pbem": "reveal", "campaign": campaign.id, "side": party, "save": step - 1,
            "orders": orders_hash, "dice": preimage}
    return sign_body(body, key)


def commit_step(campaign: Campaign, result: StepResult) -> Path:
    """Write the step folder aside, then rename it into place (atomic; never overwrites)."""
    target = campaign.step_dir(result.number)
    if target.exists():
        raise PbemError("already exists; pbem never overwrites a save", str(target))
    staging = None
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
        for name, text in sorted(result.inputs.items()):
            _write(staging / name, text)
        _write(staging / "save.yaml", dump_yaml(result.save))
        _write(staging / "report.txt", result.report)
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


def adjudicate(folder: Path, files: list[Path], key: Ed25519PrivateKey | None = None) -> StepResult:
    campaign = open_campaign(folder)
    # an edited data override (or rules data, or commitment) was used
    # silently; only `verify` noticed, after the step was written. Refuse before adjudicating.
    problems = check_header(campaign)
    if problems:
        raise PbemError(problems[0])
    number, save, digest = campaign.latest()
    messages = [read_signed(Path(f)) for f in files]
    result = advance(campaign, number, save, digest, messages, key)
    commit_step(campaign, result)
    return result


# -- verification -------------------------------------------------------------------------------

@dataclass
class VerifyResult:
    ok: bool
    message: str
    saves: int = 0
    signatures: int = 0
    rolls: int = 0


def _compare(path: Path, expected: str) -> str | None:
    try:
        actual = path.read_bytes()
    except OSError:
        return f"{path}: missing"
    if actual != expected.encode("utf-8"):
        return f"{path}: differs from the replay"
    return None


def verify(folder: Path) -> VerifyResult:
    """Replay from save 0; stop at the first divergence, naming the file."""
    folder = Path(folder)
    try:
        campaign = open_campaign(folder)
        problems = check_header(campaign)
        if problems:
            return VerifyResult(False, problems[0])
        signatures = len(campaign.header["dice"]["commitments"])
        numbers = campaign.step_numbers()
        state = campaign.game.setup(campaign.data, campaign.scenario, sorted(campaign.header["players"]),
                                    campaign.header.get("options", {}))
        expected = build_save(campaign, 0, campaign.header_hash, state, {"setup": campaign.header["scenario"]}, [], None, [])
        step0 = campaign.step_dir(0)
        for name, text in (("save.yaml", dump_yaml(expected)), ("report.txt", render_step_report(campaign, expected, "text"))):
            problem = _compare(step0 / name, text)
            if problem:
                return VerifyResult(False, problem)
        _no_extra_files(step0, {"save.yaml", "report.txt"})
        save, digest, rolls = expected, data_hash(expected), 0
        for number in numbers[1:]:
            folder_n = campaign.step_dir(number)
            names = sorted(p.name for p in folder_n.iterdir())
            inputs = [n for n in names if INPUT_NAME.fullmatch(n)]
            _no_extra_files(folder_n, set(inputs) | {"save.yaml", "report.txt"})
            messages = [read_signed(folder_n / n) for n in inputs]
            signatures += len(messages)
            result = _in_file(str(folder_n), advance, campaign, number - 1, save, digest, messages)   # name the step
            if sorted(result.inputs) != inputs:
                return VerifyResult(False, f"{folder_n}: input files {inputs} do not match what the step used {sorted(result.inputs)}")
            for name, text in (("save.yaml", dump_yaml(result.save)), ("report.txt", result.report)):
                problem = _compare(folder_n / name, text)
                if problem:
                    return VerifyResult(False, problem)
            save, digest = result.save, data_hash(result.save)
            rolls += len((save.get("dice") or {}).get("rolls", []))
        return VerifyResult(True, f"OK: {len(numbers)} saves, {signatures} signatures, {rolls} die rolls verified",
                            len(numbers), signatures, rolls)
    except PbemError as exc:
        return VerifyResult(False, exc.one_line())


def _no_extra_files(folder: Path, allowed: set[str]) -> None:
    extra = sorted(p.name for p in folder.iterdir() if p.name not in allowed)
    if extra:
        raise PbemError(f"unexpected file(s) {', '.join(extra)}", str(folder))


# -- order templates ---------------------------------------------------------------------------

def order_template(folder: Path, side: str) -> str:
    return template_for(open_campaign(folder), side)


def template_for(campaign: Campaign, side: str) -> str:
    """The pre-filled orders file `side` writes for the campaign's current step."""
    folder = campaign.folder
    number, save, digest = campaign.latest()
    waiting = save["awaiting"]
    if waiting.get("done"):
        raise PbemError("the game is over; no orders are due")
    if waiting["kind"] == "reveal":
        raise PbemError(f"save {number} awaits the dice reveal of {', '.join(waiting['opponents'])} for the orders in "
                        f"{campaign.step_dir(number) / save['pending_orders']['file']}: they run `pbem reveal`")
    if side != waiting["side"]:
        raise PbemError(f"save {number} awaits {waiting['kind']} from {waiting['side']!r} ({waiting['phase']}), not from {side!r}")
    template = campaign.game.template(campaign.data, save["state"], side)
    body = {"pbem": "orders", "campaign": campaign.id, "save": number, "save_hash": digest,
            "side": side, "kind": waiting["kind"], "phase": waiting["phase"], "orders": template["orders"]}
    notes = "".join(f"# {line}\n" for line in template["notes"])
    return (f"# pbem orders for {campaign.id}, save {number}: {waiting['phase']}\n{notes}"
            f"# Edit `orders:`, then `pbem check {folder} FILE` and `pbem sign FILE --key KEY`.\n" + dump_yaml(body))
