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
import secrets
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import __version__
from .canonical import data_hash
from .dice import (ALLOWED_DEPTHS, COMMITMENT_VERSION, HEX64, TREE_DEPTH, Dice, DiceUnavailable, check_leaf,
                   dice_master, order_set_digest, reveal_leaf, step_seed, tree_root)
from .errors import PbemError
from .gamedata import OVERRIDE_NAME, GameData, load_game_data, load_scenario
from .games import get_game
from .keys import fingerprint, key_id, public_from_id
from .report import render_step_report
from .signing import SignedMessage, parse_signed, sign_body
from .storage import _fsync_dir, safe_component, write_new_file
from .yamlio import MAX_HEADER_BYTES, MAX_SAVE_BYTES, MAX_SIGNED_BYTES, dump_yaml, load_yaml_file, read_text

FORMAT = 3        # 2: Merkle-tree dice commitments, canonical stored inputs, pending orders outside the chain;
                  # 3: dice drawn by stable purpose keys (crt/1819E), the report sentence kept beside them
HEADER = "campaign.yaml"
STEP_DIGITS = 4
STEP_NAME = re.compile(r"^[0-9]{4}$")     # ASCII digits only: \d takes any script's digits
INPUT_NAME = re.compile(r"^(orders|reveal)-([A-Za-z0-9_-]+)\.txt$")
GM = "gm"


# -- headers and commitments ------------------------------------------------------------------

def make_commitment(key: Ed25519PrivateKey, campaign: str, party: str, nonce: str | None = None,
                    depth: int = TREE_DEPTH) -> str:
    """A signed dice commitment: the Merkle root of `party`'s step secrets for `campaign`.

    The nonce is fresh randomness (public): the same key and campaign id never give the same
    tree twice. Tests and the demo pass a fixed nonce so that their folders are reproducible."""
    safe_component(campaign, "campaign id")
    safe_component(party, "side")
    nonce = secrets.token_hex(32) if nonce is None else nonce
    root = tree_root(dice_master(key, campaign, party, nonce), depth)
    body = {"pbem": "dice-commitment", "version": COMMITMENT_VERSION, "campaign": campaign, "side": party,
            "nonce": nonce, "tree_depth": depth, "root": root}
    return sign_body(body, key)


COMMITMENT_FIELDS = {"pbem", "version", "campaign", "side", "nonce", "tree_depth", "root"}


def commitment_entry(message: SignedMessage, party: str, expected_key: str) -> dict:
    """The header's record of a commitment, after checking its every field (`pbem new`)."""
    body, source = message.body, message.source
    if body.get("pbem") != "dice-commitment" or body.get("side") != party or message.signer != expected_key:
        raise PbemError(f"not a dice commitment for {party} signed by {party}'s key", source)
    if set(body) != COMMITMENT_FIELDS:
        extra, lacking = sorted(set(body) - COMMITMENT_FIELDS), sorted(COMMITMENT_FIELDS - set(body))
        raise PbemError(f"malformed commitment: unknown field(s) {extra} / missing field(s) {lacking}", source)
    if type(body["version"]) is not int or body["version"] != COMMITMENT_VERSION:
        raise PbemError(f"commitment version {body['version']!r}: this pbem reads version {COMMITMENT_VERSION} "
                        "(commit again with this pbem)", source)
    if type(body["tree_depth"]) is not int or body["tree_depth"] not in ALLOWED_DEPTHS:
        raise PbemError(f"commitment tree_depth {body['tree_depth']!r} is not a whole number from "
                        f"{ALLOWED_DEPTHS.start} to {ALLOWED_DEPTHS.stop - 1}", source)
    for name in ("nonce", "root"):
        if not isinstance(body[name], str) or not HEX64.fullmatch(body[name]):
            raise PbemError(f"commitment {name} is not 64 lower-case hex digits", source)
    return {"nonce": body["nonce"], "tree_depth": body["tree_depth"], "root": body["root"]}


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

    def revealers(self, waiting: dict) -> list[str]:
        """The parties whose dice reveal a step that rolls needs: the GM alone in GM mode, else the
        seats the game names for the awaited step."""
        return [GM] if self.header["dice"]["mode"] == "gm" else list(waiting.get("opponents", []))

    def sides_of_key(self, identifier: str) -> list[str]:
        sides = [s for s, p in sorted(self.header["players"].items()) if p["key"] == identifier]
        if self.header["dice"].get("gm") == identifier:
            sides.append(GM)
        return sides


def open_campaign(folder: Path) -> Campaign:
    folder = Path(folder)
    if not (folder / HEADER).is_file():
        raise PbemError(f"no {HEADER}: not a campaign folder", str(folder))
    header = load_yaml_file(folder / HEADER, limit=MAX_HEADER_BYTES)
    if header.get("pbem") == "campaign" and header.get("format") == 1:
        raise PbemError("this campaign is in format 1 (hash-chain dice, pbem 0.1), which let one signed bait file "
                        "give away a player's future dice; this pbem reads format 2. Finish it with pbem 0.1 "
                        "(`pip install pbem==0.1.0`) or start it again with fresh commitments", str(folder / HEADER))
    if header.get("pbem") == "campaign" and header.get("format") == 2:
        raise PbemError("this campaign is in format 2 (pbem 0.2), whose dice were drawn by the report's sentences; "
                        "this pbem draws them by stable keys (format 3), so its rolls would differ. Finish it with "
                        "pbem 0.2 (`pip install pbem==0.2.0`) or start it again", str(folder / HEADER))
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
         and all(safe(s) and isinstance(c, dict) and set(c) == {"nonce", "tree_depth", "root"}
                 and type(c["tree_depth"]) is int and c["tree_depth"] in ALLOWED_DEPTHS
                 and all(isinstance(c[k], str) and HEX64.fullmatch(c[k]) for k in ("nonce", "root"))
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
            message = read_stored(path)
        except PbemError as exc:
            problems.append(exc.one_line())
            continue
        expected = {"pbem": "dice-commitment", "version": COMMITMENT_VERSION, "campaign": campaign.id,
                    "side": party, **entry}
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
    _one_key_one_seat(players, gm_key)
    campaign_ids, tips, stored = set(), {}, {}
    for party in parties:
        text = commitments.get(party)
        if text is None:
            raise PbemError(f"no dice commitment for {party} (they run `pbem commit`)")
        message = parse_signed(text, f"commitment of {party}")
        tips[party] = commitment_entry(message, party, gm_key if party == GM else players[party])
        stored[party] = message.armoured()
        campaign_ids.add(message.body["campaign"])
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
            _write(staging / "commitments" / f"{safe_component(party, 'side')}.txt", stored[party])
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


def _one_key_one_seat(players: dict[str, str], gm_key: str | None) -> None:
    """One person, one seat: a key in two seats (or a player's key as the GM's) would let one
    person supply every dice secret of a step, and so choose its rolls."""
    seen: dict[str, str] = {}
    for seat, key in sorted(players.items()) + ([(GM, gm_key)] if gm_key else []):
        public_from_id(key, f"the key of {seat}")
        if key in seen:
            raise PbemError(f"one key holds two seats ({seen[key]} and {seat}); every seat needs its own key")
        seen[key] = seat


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        stream.write(text)
        stream.flush()
        os.fsync(stream.fileno())


# -- saves ----------------------------------------------------------------------------------

def build_save(campaign: Campaign, number: int, previous: str, state: dict, produced_by: dict,
               events: list, dice: dict | None, used: list) -> dict:
    game = campaign.game
    waiting = game.awaiting(state)
    return {
        "pbem": "save", "format": FORMAT, "campaign": campaign.id, "game": campaign.header["game"],
        "number": number, "previous": previous, "header": campaign.header_hash,
        "produced_by": produced_by,
        "awaiting": waiting.as_dict(),
        "dice": dice,
        "data_used": {"demonstration": bool(used) and campaign.data.demonstration,
                      "override_values": sorted(used)},
        "events": events,
        "state": state,
    }


# -- signed inputs ----------------------------------------------------------------------------

ORDERS_FIELDS = {"pbem", "campaign", "header", "save", "save_hash", "side", "kind", "phase", "sent", "dice",
                 "orders", "comment"}
REVEAL_FIELDS = {"pbem", "campaign", "header", "side", "save", "orders", "sent", "dice"}
SENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}Z")
SENT_FORMAT = "%Y-%m-%dT%H:%MZ"        # what SENT matches, for strftime/strptime


def sent_now() -> str:
    """When a signed message was written (UTC, to the minute): the record of who waited for whom."""
    return datetime.now(timezone.utc).strftime(SENT_FORMAT)


def _check_sent(body: dict, source: str, what: str) -> None:
    if not isinstance(body.get("sent"), str) or not SENT.fullmatch(body["sent"]):
        raise PbemError(f"{what} need a 'sent: YYYY-MM-DDTHH:MMZ' date (UTC), as `pbem sign` writes it", source)


def read_signed(path: Path) -> SignedMessage:
    return parse_signed(read_text(path, limit=MAX_SIGNED_BYTES), str(path))


def read_stored(path: Path) -> SignedMessage:
    """A signed file of the campaign folder: it must hold exactly its signed data, as pbem wrote it
    (the size check also catches a byte-order mark, which reading drops)."""
    text = read_text(path, limit=MAX_SIGNED_BYTES)
    message = parse_signed(text, str(path))
    stored = message.armoured()
    if text != stored or path.stat().st_size != len(stored.encode("utf-8")):
        raise PbemError("holds text the signature does not cover (not stored as pbem stores signed inputs: "
                        "only the signed data, in one spelling)", str(path))
    return message


def classify_inputs(campaign: Campaign, messages: list[SignedMessage]):
    orders, reveals = None, {}
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


def check_orders_body(campaign: Campaign, body: dict, source: str, number: int, save: dict, digest: str) -> None:
    """An orders body (signed or not yet): right campaign, header, save, side, kind and phase; known fields."""
    if body.get("campaign") != campaign.id:
        raise PbemError(f"orders are for campaign {body.get('campaign')!r}, not {campaign.id!r}", source)
    # bind to the exact save first, so a damaged or edited save is refused as STALE before
    # any of its fields is read. `type() is int`: `save: true` equals 1 in Python
    if type(body.get("save")) is not int or body["save"] != number or body.get("save_hash") != digest:
        raise PbemError(f"STALE OR REPLAYED: orders were written for save {body.get('save')!r} "
                        f"but the campaign is at save {number} (hash {digest[:12]}…)", source)
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
    if not isinstance(body.get("orders"), list):
        raise PbemError("orders file needs an 'orders:' list", source)
    unknown = sorted(set(body) - ORDERS_FIELDS)
    if unknown:
        raise PbemError(f"unknown field(s) in orders: {', '.join(unknown)}", source)
    if "comment" in body and not isinstance(body["comment"], str):
        raise PbemError("'comment' must be text", source)


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


# -- adjudication -----------------------------------------------------------------------------

@dataclass
class StepResult:
    number: int
    save: dict | None            # None: the orders roll dice and await reveals (kept in pending/)
    report: str
    inputs: dict[str, str]       # file name -> text, as stored in the step folder (or in pending/)
    awaiting_reveal: list[str] = field(default_factory=list)


def advance(campaign: Campaign, number: int, save: dict, digest: str, messages: list[SignedMessage],
            key: Ed25519PrivateKey | None = None, sent: str | None = None) -> StepResult:
    """Adjudicate one step: verified inputs + previous save -> next save and report (pure).

    If the orders roll dice and a party's reveal is missing, no save is made: the result says
    whose reveals are awaited, and `adjudicate` keeps the signed inputs in pending/ until they
    come. So the step is the same record whichever copy resolves it, and whenever."""
    orders, reveals = classify_inputs(campaign, messages)
    check_orders_message(campaign, orders, number, save, digest)
    body, side, step = orders.body, orders.body["side"], number + 1
    waiting = save["awaiting"]
    gm_mode = campaign.header["dice"]["mode"] == "gm"
    commitments = campaign.header["dice"]["commitments"]
    secrets_given: dict[str, str] = {}
    if gm_mode:
        if "dice" in body:
            raise PbemError("in GM mode only the referee's dice count; orders carry none", orders.source)
    else:
        if "dice" not in body:
            raise PbemError("orders lack the mover's dice (sign them with `pbem sign`)", orders.source)
        entry = commitments[side]
        secrets_given[side] = _in_file(orders.source, check_leaf, body["dice"], step, entry["root"], entry["tree_depth"], side)
    needed = campaign.revealers(waiting)
    # the non-moving party may have handed its key to `adjudicate` instead of a reveal file
    if key is not None:
        for party in campaign.sides_of_key(key_id(key.public_key())):
            if party in needed and party not in reveals:
                text = make_reveal(campaign, key, party, step, orders.digest, sent or sent_now())
                reveals[party] = parse_signed(text, f"reveal-{party}.txt")
    for party, message in sorted(reveals.items()):
        if party not in needed or party in secrets_given:
            raise PbemError(f"a reveal from {party} is not needed for this step (needed: {', '.join(p for p in needed if p not in secrets_given) or 'none'})", message.source)
        secrets_given[party] = _check_reveal(campaign, message, orders, number)
    missing = [p for p in needed if p not in reveals]
    # a seed needs a second party (or the GM): one player's secret alone would let it predict
    orders_digest = _orders_digest(campaign, save, body)
    seed = None if missing or not needed else step_seed(campaign.id, step, orders_digest, secrets_given)
    dice = Dice(seed, f"the dice reveal of {', '.join(missing)} is missing")
    game, data = campaign.game, campaign.data
    data.used_overrides = set()
    try:
        outcome = _in_file(orders.source, game.apply, data, _copy(save["state"]), side, body["orders"], dice)
    except DiceUnavailable:
        if not needed:
            raise PbemError("this step rolls a die but no other party takes part in it, so no fair seed exists "
                            "(the game module names no opponents for it)") from None
        inputs = {f"orders-{side}.txt": orders.armoured()} | {f"reveal-{p}.txt": m.armoured() for p, m in reveals.items()}
        return StepResult(step, None, _pending_text(campaign, orders, missing), inputs, missing)
    # reveals count only for a step that rolled: a step without dice is the same record
    # whether or not a reveal came with it
    used = sorted(reveals) if dice.rolls else []
    inputs = {f"orders-{side}.txt": orders.armoured()} | {f"reveal-{p}.txt": reveals[p].armoured() for p in used}
    produced_by = {
        "side": side, "kind": waiting["kind"], "phase": waiting["phase"],
        "orders": {"file": f"orders-{side}.txt", "sha256": orders.digest, "signer": orders.signer,
                   "sent": body["sent"], "list": body["orders"]},
        "reveals": {p: {"sha256": reveals[p].digest, "sent": reveals[p].body["sent"]} for p in used},
    }
    dice_record = None
    if dice.rolls:
        dice_record = {"step": step, "orders_digest": orders_digest,
                       "secrets": {p: secrets_given[p] for p in sorted(secrets_given)}, "seed": seed, "rolls": dice.rolls}
    new_save = build_save(campaign, step, digest, outcome.state, produced_by, outcome.events,
                          dice_record, sorted(data.used_overrides))
    report = render_step_report(campaign, new_save, "text")
    return StepResult(step, new_save, report, inputs)


def _orders_digest(campaign: Campaign, save: dict, body: dict) -> str:
    """The seed commits to the meaning of the orders: the game's canonical form of each order."""
    canonical = campaign.game.canonical_orders(campaign.data, save["state"], body["side"], body["orders"])
    return order_set_digest(canonical)


def _pending_text(campaign: Campaign, orders: SignedMessage, missing: list[str]) -> str:
    body = orders.body
    return (f"{body['phase']}: the orders of {body['side']} for save {body['save']} (sent {body['sent']}) are fixed and "
            f"roll dice; they await the dice reveal of {', '.join(missing)}. They are kept in "
            f"{campaign.folder / PENDING} until the reveal comes; the position is unchanged.")


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


def dice_master_for(campaign: Campaign, key: Ed25519PrivateKey, party: str) -> tuple[bytes, int]:
    entry = campaign.header["dice"]["commitments"][party]
    master = dice_master(key, campaign.id, party, entry["nonce"])
    if tree_root(master, entry["tree_depth"]) != entry["root"]:
        raise PbemError(f"this key's dice tree does not match the commitment of {party} in the header "
                        "(wrong key, or a commitment made with another key)")
    return master, entry["tree_depth"]


def sign_orders(campaign: Campaign, body: dict, key: Ed25519PrivateKey, sent: str | None = None,
                source: str = "the orders") -> str:
    """Sign orders for the campaign's current step only, adding the signer's dice for it.

    The campaign is the signer's own copy: a file naming another save, side or campaign (a
    "pre-filled" file from an opponent) is refused, so a signature never gives away the dice
    of a step the signer did not mean to play."""
    number, save, digest = campaign.latest()
    check_orders_body(campaign, body, source, number, save, digest)
    side = body["side"]
    if campaign.key_of(side) != key_id(key.public_key()):
        raise PbemError(f"this key is not {side}'s key in campaign {campaign.id}", source)
    pending = read_pending(campaign, number, save, digest)
    if any(m.kind == "orders" and m.body["orders"] != body["orders"] for m in pending):
        raise PbemError(f"orders for save {number} are already recorded in {campaign.folder / PENDING}; "
                        "one orders file per save")
    body = {k: v for k, v in body.items() if k not in ("dice", "sent")}
    body["sent"] = sent or sent_now()
    if campaign.header["dice"]["mode"] != "gm":
        master, depth = dice_master_for(campaign, key, side)
        body["dice"] = reveal_leaf(master, number + 1, depth)
    return sign_body(body, key)


def make_reveal(campaign: Campaign, key: Ed25519PrivateKey, party: str, step: int, orders_hash: str, sent: str) -> str:
    """`party`'s secret for dice step `step`, bound to the orders (written for save step - 1)."""
    master, depth = dice_master_for(campaign, key, party)
    body = {"pbem": "reveal", "campaign": campaign.id, "header": campaign.header_hash, "side": party,
            "save": step - 1, "orders": orders_hash, "sent": sent, "dice": reveal_leaf(master, step, depth)}
    return sign_body(body, key)


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


def _merge_pending(pending: list[SignedMessage], given: list[SignedMessage], number: int) -> list[SignedMessage]:
    """The given files plus what pending/ holds; one orders file per save, whoever sent it first."""
    held = {m.digest: m for m in pending}
    kept_orders = [m for m in pending if m.kind == "orders"]
    for message in given:
        if message.kind == "orders" and kept_orders and message.digest != kept_orders[0].digest:
            raise PbemError(f"other orders for save {number} are already recorded in pending/ "
                            f"({kept_orders[0].source}); one orders file per save", message.source)
        held.setdefault(message.digest, message)
    return sorted(held.values(), key=lambda m: (m.kind, m.body.get("side", "")))


def _write_pending(campaign: Campaign, result: StepResult) -> None:
    folder = campaign.folder / PENDING
    for name, text in sorted(result.inputs.items()):
        path = folder / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if path.exists():
            path.unlink()        # an input of an earlier save (stale) under the same name
        write_new_file(path, text.encode("utf-8"))


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


def adjudicate(folder: Path, files: list[Path], key: Ed25519PrivateKey | None = None,
               sent: str | None = None) -> StepResult:
    """Apply the given signed files (with what pending/ holds) to the latest save.

    Either the step is resolved and written, or its inputs are kept in pending/ until the
    awaited reveals come; in both cases the same signed inputs make the same folder."""
    campaign = open_campaign(folder)
    # an edited data override (or rules data, or commitment) was used
    # silently; only `verify` noticed, after the step was written. Refuse before adjudicating.
    problems = check_header(campaign)
    if problems:
        raise PbemError(problems[0])
    number, save, digest = campaign.latest()
    given = [read_signed(Path(f)) for f in files]
    messages = _merge_pending(read_pending(campaign, number, save, digest), given, number)
    result = advance(campaign, number, save, digest, messages, key, sent)
    if result.save is None:
        _write_pending(campaign, result)
    else:
        commit_step(campaign, result)
        _clear_pending(campaign)
    return result


# -- verification -------------------------------------------------------------------------------

@dataclass
class VerifyResult:
    ok: bool
    message: str
    saves: int = 0
    signatures: int = 0
    rolls: int = 0
    details: list[str] = field(default_factory=list)   # who played: header hash, seats' keys


def _compare(path: Path, expected: str) -> str | None:
    data = expected.encode("utf-8")
    try:
        if path.stat().st_size != len(data):       # a 60 MB stand-in is never read into memory
            return f"{path}: differs from the replay"
        actual = path.read_bytes()
    except OSError:
        return f"{path}: missing"
    if actual != data:
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
        signed_by: dict[str, int] = {}
        for number in numbers[1:]:
            folder_n = campaign.step_dir(number)
            names = sorted(p.name for p in folder_n.iterdir())
            inputs = [n for n in names if INPUT_NAME.fullmatch(n)]
            _no_extra_files(folder_n, set(inputs) | {"save.yaml", "report.txt"})
            messages = [read_stored(folder_n / n) for n in inputs]
            for message in messages:
                for seat in campaign.sides_of_key(message.signer):
                    signed_by[seat] = signed_by.get(seat, 0) + 1
            signatures += len(messages)
            result = _in_file(str(folder_n), advance, campaign, number - 1, save, digest, messages)   # name the step
            if result.save is None:
                return VerifyResult(False, f"{folder_n}: the step lacks the dice reveal of {', '.join(result.awaiting_reveal)}")
            if sorted(result.inputs) != inputs:
                return VerifyResult(False, f"{folder_n}: input files {inputs} do not match what the step used {sorted(result.inputs)}")
            for name, text in (("save.yaml", dump_yaml(result.save)), ("report.txt", result.report)):
                problem = _compare(folder_n / name, text)
                if problem:
                    return VerifyResult(False, problem)
            save, digest = result.save, data_hash(result.save)
            rolls += len((save.get("dice") or {}).get("rolls", []))
        pending = read_pending(campaign, numbers[-1], save, digest)
        details = _who_played(campaign, signed_by)
        if pending:
            details.append(f"pending: {', '.join(m.source for m in pending)} (inputs of the next step, awaiting reveals)")
        return VerifyResult(True, f"OK: {len(numbers)} saves, {signatures} signatures, {rolls} die rolls verified",
                            len(numbers), signatures, rolls, details)
    except PbemError as exc:
        return VerifyResult(False, exc.one_line())


def _who_played(campaign: Campaign, signed_by: dict[str, int]) -> list[str]:
    """What a reader checks against the keys they know: verify proves the record, not the people."""
    lines = [f"header sha256 {campaign.header_hash} (campaign {campaign.id}, {campaign.header['game']}/"
             f"{campaign.header['scenario']})"]
    seats = sorted(campaign.header["players"]) + ([GM] if campaign.header["dice"]["mode"] == "gm" else [])
    for seat in seats:
        count = signed_by.get(seat, 0)
        lines.append(f"seat {seat}: key {fingerprint(campaign.key_of(seat))}; "
                     + (f"signed {count} step input(s) bound to this header" if count else
                        "has signed nothing bound to this header yet beyond its dice commitment"))
    return lines


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
    if side != waiting["side"]:
        raise PbemError(f"save {number} awaits {waiting['kind']} from {waiting['side']!r} ({waiting['phase']}), not from {side!r}")
    template = campaign.game.template(campaign.data, save["state"], side)
    body = {"pbem": "orders", "campaign": campaign.id, "header": campaign.header_hash, "save": number,
            "save_hash": digest, "side": side, "kind": waiting["kind"], "phase": waiting["phase"],
            "orders": template["orders"]}
    notes = "".join(f"# {line}\n" for line in template["notes"])
    return (f"# pbem orders for {campaign.id}, save {number}: {waiting['phase']}\n{notes}"
            f"# Edit `orders:`, then `pbem check {folder} FILE` and `pbem sign {folder} FILE --key KEY`.\n" + dump_yaml(body))
