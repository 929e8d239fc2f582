"""A campaign folder: its header and dice commitments, the Campaign it opens as, save 0 and
the saves' shape, and reading the signed files it stores.

Layout of a campaign folder DIR:
    campaign.yaml               header: game, scenario, data hashes, players' keys, dice tips
    commitments/SIDE.txt        each party's signed dice commitment
    data-override.yaml          (optional) the group's values for what the rulebook lacks
    steps/0000/save.yaml        save 0, set up from the scenario
    steps/NNNN/orders-SIDE.txt  the signed orders (or response) that produced save NNNN
    steps/NNNN/reveal-SIDE.txt  signed dice reveals of the other parties
    steps/NNNN/amendment-SIDE.txt, consent-SIDE.txt   or: a data amendment and its countersignature (pbem.amend)
    steps/NNNN/save.yaml        the save; its `previous` is the hash of save NNNN-1
    steps/NNNN/report.txt       the turn report
    steps/NNNN/picture.svg      the public map picture of the save (pbem.picture; absent in steps of older pbem)
    pending/                    signed inputs of the next step waiting for a reveal (pbem.adjudicate)
    data/rules/*.yaml           the campaign's own copy of the rules data it was created with
    data/scenario.yaml          and of its scenario (a later pbem plays it with these)

A folder is built aside and renamed into place in one operation (here for `new`, in
pbem.adjudicate for each step), so a crash leaves the old state or the complete new one.
"""

import hashlib
import os
import re
import secrets
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import __version__, gamedata, storage
from .canonical import data_hash
from .dice import ALLOWED_DEPTHS, COMMITMENT_VERSION, HEX64, TREE_DEPTH, dice_master, tree_root
from .errors import PbemError
from .hidden.steps import rules_of
from .gamedata import OVERRIDE_NAME, GameData, apply_readings, load_game_data, load_once
from .games import get_game
from .games.base import GameModule
from .keys import public_from_id
from .kit.terrain import hexside_key_problems
from .report import render_step_report
from .signing import SignedMessage, parse_signed, sign_body
from .storage import safe_component
from .yamlio import MAX_HEADER_BYTES, MAX_SAVE_BYTES, MAX_SIGNED_BYTES, dump_yaml, read_text, read_text_sized

FORMAT = 3        # 2: Merkle-tree dice commitments, canonical stored inputs, pending orders outside the chain;
                  # 3: dice drawn by stable purpose keys (crt/1819E), the report sentence kept beside them
HEADER = "campaign.yaml"
STEP_DIGITS = 4
STEP_NAME = re.compile(r"^[0-9]{4}$")     # ASCII digits only: \d takes any script's digits
INPUT_NAME = re.compile(r"^(orders|reveal|amendment|consent|strength)-([A-Za-z0-9_-]+)\.txt$")
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


def commitment_entry(message: SignedMessage, party: str, expected_key: str | None) -> dict:
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
    game: GameModule

    @property
    def id(self) -> str:
        return self.header["campaign"]

    @property
    def parties(self) -> list[str]:
        return sorted(self.header["dice"]["commitments"])

    def step_dir(self, number: int) -> Path:
        return Path(self.folder, "steps", f"{number:0{STEP_DIGITS}d}")       # one path built, not two

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
        save = load_once(path, limit=MAX_SAVE_BYTES)       # a save's parse is kept by its sha256 (pbem/parsecache.py)
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


def open_campaign(folder: Path, amended_upto: int | None = None) -> Campaign:
    """The campaign, its data with the data amendments recorded in its steps (up to save
    `amended_upto`: verify replays from the data as they were)."""
    folder = Path(folder)
    if not (folder / HEADER).is_file():
        raise PbemError(f"no {HEADER}: not a campaign folder", str(folder))
    header = load_once(folder / HEADER, limit=MAX_HEADER_BYTES)
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
    anchor = load_once(save0, limit=MAX_SAVE_BYTES).get("header")
    if anchor != data_hash(header):
        raise PbemError(f"its hash does not match the `header:` recorded in save 0 ({save0}): "
                        f"the header (or save 0) was changed after the campaign began", str(folder / HEADER))
    _check_header_shape(header, str(folder / HEADER))
    game = get_game(header["game"])
    behaviour = played_behaviour(header, game, str(folder / HEADER))
    _check_stored(folder, header)
    override = folder / OVERRIDE_NAME if header["data"].get("override") else None
    data = load_game_data(header["game"], override, stored_rules(folder))
    data.behaviour = behaviour
    apply_readings(data, (header.get("options") or {}).get("errata"))     # the group's errata readings
    scenario, _ = _scenario_of(folder, header)
    campaign = Campaign(folder, header, data_hash(header), data, scenario, game)
    from .amend import apply_amendment, recorded_amendments
    for number, message in recorded_amendments(campaign, amended_upto):
        apply_amendment(campaign.data, message.body, number, message.source)
    return campaign


STORED_NAME = re.compile(r"^(rules/[a-z0-9_-]+\.yaml|scenario\.yaml)$")   # data.stored names: never a path out
STORED_RULES = "data/rules"              # the campaign's own copy of rules/GAME/*.yaml
STORED_SCENARIO = "data/scenario.yaml"   # and of scenarios/GAME/SCENARIO.yaml


def _data_sources(game: str, scenario: str) -> dict[str, Path]:
    """The installed files a new campaign keeps a copy of, by their name under data/."""
    sources = {f"rules/{p.name}": p for p in sorted(gamedata.rules_dir(game).glob("*.yaml"))}
    sources["scenario.yaml"] = gamedata.scenarios_dir(game) / f"{scenario}.yaml"
    return sources


def _stored_files(game: str, scenario: str) -> dict[str, str]:
    """The header's list of the campaign's own data files: name under data/ -> sha256 of its
    bytes (so verify notices any changed byte, comments included)."""
    return {name: hashlib.sha256(path.read_bytes()).hexdigest() for name, path in _data_sources(game, scenario).items()}


def _check_stored(folder: Path, header: dict) -> None:
    """The campaign's own data files, byte for byte as listed in the header (before any is parsed)."""
    listed = header["data"].get("stored") or {}
    root = folder / "data"
    if not listed:
        return
    present = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.is_dir() else []
    problems = [f"{root / name}: not listed in the header's data.stored (an extra file)" for name in present if name not in listed]
    for name, digest in sorted(listed.items()):
        path = root / name                  # STORED_NAME (header shape): rules/NAME.yaml or scenario.yaml
        if not path.is_file():
            problems.append(f"{path}: missing (the campaign's own copy of its data, listed in the header)")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            problems.append(f"{path}: differs from the file this campaign was created with (its sha256 in the header)")
    if problems:
        raise PbemError(problems[0])


def keep_data(folder: Path) -> list[Path]:
    """`pbem data keep DIR`: give a campaign made before pbem kept its data a copy of its own,
    taken from the installed rules/ and scenarios/ while they are still the ones it was created
    with (their hashes are the header's). Run it before upgrading pbem. Returns the files written."""
    campaign = open_campaign(folder)
    header, root = campaign.header, campaign.folder / "data"
    if header["data"].get("stored") or stored_rules(campaign.folder):
        raise PbemError("the campaign already keeps its own data (data/)", str(campaign.folder))
    problems = check_header(campaign)
    if problems:
        raise PbemError(f"cannot keep the installed data for it: {problems[0]}")
    written = []
    for name, source in _data_sources(header["game"], header["scenario"]).items():
        storage.write_synced(root / name, source.read_text(encoding="utf-8"))
        written.append(root / name)
    problems = check_header(open_campaign(campaign.folder))
    if problems:                           # the installed files changed meanwhile: take nothing
        shutil.rmtree(root, ignore_errors=True)
        raise PbemError(problems[0])
    return written


def stored_rules(folder: Path) -> Path | None:
    """The campaign's own rules data, or None for a campaign made before pbem kept one (it
    plays the installed rules/, as long as their hash is the header's)."""
    path = Path(folder) / STORED_RULES
    return path if path.is_dir() else None


def _scenario_of(folder: Path, header: dict) -> tuple[dict, str]:
    path = Path(folder) / STORED_SCENARIO
    if path.is_file():
        return gamedata.load_scenario_file(path)
    return gamedata.load_scenario(header["game"], header["scenario"])


def created_with(header: dict) -> tuple[str, Any]:
    """(pbem version, behaviour revision) the campaign was created with: `created_with:
    {pbem, behaviour}`, or, before the revision was recorded, `created_with: pbem VERSION` (1)."""
    made = header.get("created_with")
    if isinstance(made, dict):
        return str(made.get("pbem")), made.get("behaviour")
    return str(made).removeprefix("pbem "), 1


def played_behaviour(header: dict, game: GameModule, source: str) -> int:
    """The game module's behaviour revision this campaign plays (`created_with.behaviour`;
    campaigns from before it was recorded play revision 1), refused if this pbem no longer
    plays it."""
    version, revision = created_with(header)
    if type(revision) is not int or revision not in game.behaviours:
        raise PbemError(f"this campaign plays {header['game']} behaviour {revision!r} (created with pbem {version}); "
                        f"this pbem plays behaviours {', '.join(map(str, game.behaviours))}. Finish it with pbem "
                        f"{version} (`pip install pbem=={version}`)", source)
    return revision


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
         and (data.get("override") is None or isinstance(data["override"], dict))
         and (data.get("stored") is None or (isinstance(data["stored"], dict) and all(
             isinstance(n, str) and STORED_NAME.fullmatch(n) and isinstance(h, str) and HEX64.fullmatch(h)
             for n, h in data["stored"].items()))), "bad 'data'")
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
    version = created_with(header)[0]
    if header["data"]["rules"] != campaign.data.files_hash and stored_rules(folder):
        problems.append(f"{folder / STORED_RULES}: the campaign's copy of the rules data differs from the data "
                        "this campaign was created with (its hash in the header)")
    elif header["data"]["rules"] != campaign.data.files_hash:
        problems.append(f"{folder / HEADER}: the installed rules/{header['game']} data differ from the data this "
                        f"campaign was created with, and the campaign keeps no copy of its own (it was made "
                        f"before pbem kept one): put the rules/{header['game']}/*.yaml files of pbem {version} "
                        f"into {folder / STORED_RULES}/ (docs/upgrading.md)")
    _, scenario_hash = _scenario_of(folder, header)
    if header["data"]["scenario"] != scenario_hash:
        where = folder / STORED_SCENARIO if (folder / STORED_SCENARIO).is_file() else \
            f"scenario file scenarios/{header['game']}/{header['scenario']}.yaml"
        problems.append(f"{where}: differs from the scenario this campaign was created with")
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


def _hexside_keys_found(data: GameData, values: dict, source: str) -> None:
    problems = hexside_key_problems(data, values)
    if problems:
        raise PbemError("; ".join(problems), source)


def create_campaign(folder: Path, game_name: str, scenario_name: str, players: dict[str, str],
                    commitments: dict[str, str], override: Path | None = None,
                    gm_key: str | None = None, title: str = "", options: dict | None = None) -> Campaign:
    """Write a new campaign folder (refusing an existing non-empty one) with save 0."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PbemError("exists and is not an empty folder; pbem never overwrites a campaign", str(folder))
    game = get_game(game_name)
    safe_component(scenario_name, "scenario")   # '../x' read a .yaml file outside scenarios/
    scenario, scenario_hash = gamedata.load_scenario(game_name, scenario_name)
    seats = sorted(players)
    if seats not in [sorted(s) for s in game.seats(scenario)]:
        raise PbemError(f"{game_name} is played by seats {' or '.join('+'.join(s) for s in game.seats(scenario))}; got {'+'.join(seats) or 'none'}")
    data = load_game_data(game_name, override)
    data.behaviour = game.behaviour            # new campaigns play the module's current behaviour
    # a value the set-up needs is entered in the file given to --data (the folder's copy does not exist yet)
    data.override_file = (str(override) if override is not None else
                          f"none given: write one with `pbem data template {game_name}`, pass it with --data")
    if override is not None:
        _hexside_keys_found(data, gamedata.load_override(override, game_name)["values"], str(override))
    chosen = game.options(options or {})
    apply_readings(data, chosen.get("errata"))         # refused here if the game declares no such reading
    parties = [GM] if gm_key else seats
    _one_key_one_seat(players, gm_key)
    campaign_id, tips, stored = _commitments(parties, commitments, players, gm_key)
    header: dict[str, Any] = {
        "pbem": "campaign", "format": FORMAT, "campaign": campaign_id, "title": title or campaign_id,
        "game": game_name, "scenario": scenario_name, "created_with": {"pbem": __version__, "behaviour": game.behaviour},
        "data": {"rules": data.files_hash, "scenario": scenario_hash,
                 "override": ({"file": OVERRIDE_NAME, "sha256": data.override_hash,
                               "demonstration": data.demonstration} if override else None),
                 "stored": _stored_files(game_name, scenario_name)},
        "players": {s: {"key": players[s]} for s in seats},
        "options": chosen,
        "not_enforced": game.not_enforced_in(chosen, scenario),
        "dice": {"mode": "gm" if gm_key else "players", "commitments": tips},
    }
    if gm_key:
        header["dice"]["gm"] = gm_key
    state = game.setup(data, scenario, seats, header["options"])
    _write_folder(folder, Campaign(folder, header, data_hash(header), data, scenario, game), state, stored, override)
    return open_campaign(folder)


def _commitments(parties: list[str], commitments: dict[str, str], players: dict[str, str],
                 gm_key: str | None) -> tuple[str, dict[str, dict], dict[str, str]]:
    """The campaign id the commitments agree on, each party's header entry, and each
    commitment as stored (its armoured text)."""
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
    return safe_component(campaign_ids.pop(), "campaign id"), tips, stored


def _write_folder(folder: Path, campaign: Campaign, state: dict, stored: dict[str, str], override: Path | None) -> None:
    """Build the new folder aside (header, commitments, override, save 0) and rename it into place."""
    parent = folder.parent
    staging = None
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=parent))
        storage.write_synced(staging / HEADER, dump_yaml(campaign.header))
        for party, text in sorted(stored.items()):
            storage.write_synced(staging / "commitments" / f"{safe_component(party, 'side')}.txt", text)
        if override:
            shutil.copyfile(override, staging / OVERRIDE_NAME)
        # the campaign's own copy of the data it is created with: a later pbem with other
        # rules/ still plays it with these (docs/upgrading.md)
        for name, source in _data_sources(campaign.header["game"], campaign.header["scenario"]).items():
            storage.write_synced(staging / "data" / name, source.read_text(encoding="utf-8"))
        built = Campaign(staging, campaign.header, campaign.header_hash, campaign.data, campaign.scenario, campaign.game)
        save = build_save(built, 0, campaign.header_hash, state, {"setup": campaign.header["scenario"]}, [], None, [])
        storage.write_synced(staging / "steps" / "0000" / "save.yaml", dump_yaml(save))
        storage.write_synced(staging / "steps" / "0000" / "report.txt", render_step_report(built, save, "text"))
        from .picture import PICTURE, save_svg
        storage.write_synced(staging / "steps" / "0000" / PICTURE, save_svg(built, save))
        if folder.exists():
            folder.rmdir()
        os.rename(staging, folder)
    except OSError as exc:   # a disk error was a traceback; the folder is never half-made
        raise PbemError(f"could not write the campaign ({exc.strerror or exc}); nothing was created", str(folder)) from None
    finally:
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _one_key_one_seat(players: dict[str, str], gm_key: str | None) -> None:
    """One person, one seat: a key in two seats (or a player's key as the GM's) would let one
    person supply every dice secret of a step, and so choose its rolls."""
    seen: dict[str, str] = {}
    for seat, key in sorted(players.items()) + ([(GM, gm_key)] if gm_key else []):
        public_from_id(key, f"the key of {seat}")
        if key in seen:
            raise PbemError(f"one key holds two seats ({seen[key]} and {seat}); every seat needs its own key")
        seen[key] = seat


# -- saves ----------------------------------------------------------------------------------

def build_save(campaign: Campaign, number: int, previous: str, state: dict, produced_by: dict,
               events: list, dice: dict | None, used: list, hidden: dict | None = None) -> dict:
    """`hidden`: each side's commitments to the items it holds hidden (a campaign whose game hides
    items, pbem.hidden; none hidden at save 0)."""
    game = campaign.game
    waiting = game.awaiting(state)
    save = {
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
    if rules_of(campaign) is not None:
        save["hidden"] = hidden if hidden is not None else {s: {} for s in sorted(campaign.header["players"])}
    return save


# -- the signed files a campaign folder stores ---------------------------------------------------

def read_signed(path: Path) -> SignedMessage:
    return parse_signed(read_text(path, limit=MAX_SIGNED_BYTES), str(path))


def read_stored(path: Path) -> SignedMessage:
    """A signed file of the campaign folder: it must hold exactly its signed data, as pbem wrote it
    (the size check also catches a byte-order mark, which reading drops): in layout 2, or in
    layout 1 as campaign format 3 folders written before layout 2 hold it."""
    text, size = read_text_sized(path, limit=MAX_SIGNED_BYTES)
    message = parse_signed(text, str(path))
    stored = message.armoured_as_read()
    if text != stored or size != len(stored.encode("utf-8")):
        raise PbemError("holds text the signature does not cover (not stored as pbem stores signed inputs: "
                        "only the signed data, in one spelling)", str(path))
    return message
