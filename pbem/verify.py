"""`pbem verify`: replay a campaign from save 0 and compare every stored byte.

Adjudication is a pure function of the previous save and the signed inputs, so verify sets
save 0 up again from the scenario, re-runs each step from its stored inputs and compares the
save, report and map picture byte for byte, stopping at the first divergence and naming the
file. A step folder written by a pbem from before the pictures has no picture.svg; one that has it must match.
"""

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .adjudicate import advance
from . import bodycache
from .amend import AMENDMENT, apply_amendment
from .canonical import data_hash
from .errors import PbemError
from .folder import GM, INPUT_NAME, Campaign, build_save, check_header, created_with, open_campaign, read_stored, stored_rules
from .gamedata import load_game_data
from .hidden.dealt import history
from .hidden.private import PrivatePart, side_of_part
from .hidden.steps import hidden_of, rules_of
from .inputs import _in_file, read_pending
from .keys import fingerprint
from .picture import PICTURE, save_svg
from .report import render_step_report
from .signing import SignedMessage
from .yamlio import dump_yaml


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
        if os.stat(path).st_size != len(data):       # a 60 MB stand-in is never read into memory
            return f"{path}: differs from the replay"
        actual = _read_at_most(path, len(data) + 1)
    except OSError:
        return f"{path}: missing"
    if actual != data:
        return f"{path}: differs from the replay"
    return None


def _read_at_most(path: Path, limit: int) -> bytes:
    """The file's first `limit` bytes (all of it, when shorter), read without pathlib's and io's file
    objects (issue 13: three files a step); one byte more than expected is enough to differ."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks: list[bytes] = []
        while limit > 0:
            chunk = os.read(fd, limit)
            if not chunk:
                break
            chunks.append(chunk)
            limit -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def verify(folder: Path, private: Path | None = None, dealing: Mapping[str, str] | None = None) -> VerifyResult:
    """Replay from save 0; stop at the first divergence, naming the file.

    `private`: a side's private part handed over (pbem.hidden): every owner step of that side
    is re-run from it and every item it held hidden is opened against its commitment, so the
    first step where it cheated is named (the deferred check of what the enemy could not see).
    `dealing`: every side's dealing secret handed over at the end (pbem.hidden.dealt, `pbem
    dealing-secret`): every shared pool is replayed and every strength shown checked against
    the card really dealt."""
    folder = Path(folder)
    try:
        campaign = open_campaign(folder, amended_upto=0)      # the data as at save 0; amended as replayed
        with bodycache.session(campaign.header_hash):
            return _replay_campaign(campaign, private, dealing)
    except PbemError as exc:
        return VerifyResult(False, exc.one_line())


def _replay_campaign(campaign: Campaign, private: Path | None, dealing: Mapping[str, str] | None) -> VerifyResult:
    """verify of the opened campaign; raises PbemError at the first divergence."""
    parts = _handed_over(campaign, private)
    problems = check_header(campaign)
    if problems:
        return VerifyResult(False, problems[0])
    numbers = campaign.step_numbers()
    save = _replay_save0(campaign)
    digest, rolls = data_hash(save), 0
    signatures = len(campaign.header["dice"]["commitments"])
    signed_by: dict[str, int] = {}
    for number in numbers[1:]:
        messages = _step_inputs(campaign, number)
        for message in messages:
            for seat in campaign.sides_of_key(message.signer):
                signed_by[seat] = signed_by.get(seat, 0) + 1
        signatures += len(messages)
        save = _replay_step(campaign, number, save, digest, messages, parts)
        for side, part in parts.items():
            try:
                part.items_at(number, hidden_of(save, side))
            except PbemError as exc:
                raise PbemError(f"CHEATED: save {number}: {side}'s commitments do not open: {exc.one_line()}") from None
        for message in messages:
            if message.kind == AMENDMENT:       # later steps play the amended data
                apply_amendment(campaign.data, message.body, number, message.source)
        digest = data_hash(save)
        rolls += len((save.get("dice") or {}).get("rolls", []))
    pending = read_pending(campaign, numbers[-1], save, digest)
    details = _who_played(campaign, signed_by) + [_data_line(campaign)]
    if pending:
        details.append(f"pending: {', '.join(m.source for m in pending)} (inputs of the next step, awaiting reveals)")
    hidden = "".join(f", and every hidden item and hidden step of {s} from its private part" for s in parts)
    if dealing:
        hidden += _replay_pools(campaign, numbers, dealing)
    return VerifyResult(True, f"OK: {len(numbers)} saves, {signatures} signatures, {rolls} die rolls verified{hidden}",
                        len(numbers), signatures, rolls, details)


def _replay_pools(campaign: Campaign, numbers: list[int], secrets: Mapping[str, str]) -> str:
    """The end of the game's check of a secret dealing (pbem.hidden.dealt): both dealing secrets."""
    save, dealing = campaign.load_save(numbers[-1])[0], campaign.game.dealing
    if dealing is None or not dealing.active(campaign.load_save(0)[0]["state"]):
        raise PbemError("this campaign deals from no shared pool: no dealing secret to check")
    sides = sorted(campaign.header["players"])
    if sorted(secrets) != sides:
        raise PbemError(f"the pools are replayed with every side's dealing secret ({', '.join(sides)}); given: "
                        f"{', '.join(sorted(secrets)) or 'none'}")
    from .hidden.poker import revealed_key       # only the end of a dealt game needs the poker module (2 ms a process)
    keys = {side: revealed_key(campaign.key_of(side), campaign.id, side, campaign.header["dice"]["commitments"][side]["nonce"],
                               secrets[side]) for side in sides}
    problems = dealing.replay(campaign.data, history(campaign, save["number"]), keys)
    if problems:
        raise PbemError(problems[0])
    return ", and every shared pool's dealing with both dealing secrets"


def _replay_save0(campaign: Campaign) -> dict:
    """Save 0 set up again from the scenario, compared with the stored one (and its report)."""
    state = campaign.game.setup(campaign.data, campaign.scenario, sorted(campaign.header["players"]),
                                campaign.header.get("options", {}))
    expected = build_save(campaign, 0, campaign.header_hash, state, {"setup": campaign.header["scenario"]}, [], None, [])
    step0 = campaign.step_dir(0)
    for name, text in (("save.yaml", dump_yaml(expected)), ("report.txt", render_step_report(campaign, expected, "text"))):
        _same(step0 / name, text)
    _same_picture(step0, lambda: save_svg(campaign, expected))
    _no_extra_files(step0, {"save.yaml", "report.txt", PICTURE})
    return expected


def _step_inputs(campaign: Campaign, number: int) -> list[SignedMessage]:
    """The signed inputs stored in a step folder (nothing else may be there)."""
    folder_n = campaign.step_dir(number)
    names = sorted(os.listdir(folder_n))          # iterdir's names, without a path for each
    inputs = [n for n in names if INPUT_NAME.fullmatch(n)]
    _no_extra_files(folder_n, set(inputs) | {"save.yaml", "report.txt", PICTURE}, names)
    return [read_stored(folder_n / n) for n in inputs]


def _handed_over(campaign: Campaign, private: Path | None) -> dict[str, PrivatePart]:
    if private is None:
        return {}
    if rules_of(campaign) is None:
        raise PbemError(f"{campaign.header['game']} hides nothing in this campaign; there is no private part to check",
                        str(private))
    side = side_of_part(private)
    if side not in campaign.header["players"]:
        raise PbemError(f"a private part of {side!r}, which is no seat of this campaign", str(private))
    return {side: PrivatePart(Path(private), side, campaign.id)}


def _replay_step(campaign: Campaign, number: int, save: dict, digest: str, messages: list[SignedMessage],
                 private: dict[str, PrivatePart] | None = None) -> dict:
    """Step `number` adjudicated again from its stored inputs and compared with what is stored."""
    folder_n = campaign.step_dir(number)
    result = _in_file(str(folder_n), advance, campaign, number - 1, save, digest, messages, None, None, private)
    if result.save is None:
        raise PbemError(f"{folder_n}: the step lacks the dice reveal of {', '.join(result.awaiting_reveal)}")
    inputs = [os.path.basename(m.source) for m in messages]     # each source is str(folder_n / name)
    if sorted(result.inputs) != inputs:
        raise PbemError(f"{folder_n}: input files {inputs} do not match what the step used {sorted(result.inputs)}")
    for name, text in (("save.yaml", dump_yaml(result.save)), ("report.txt", result.report)):
        _same(folder_n / name, text)
    _same_picture(folder_n, lambda: result.picture)
    return result.save


def _same(path: Path, expected: str) -> None:
    problem = _compare(path, expected)
    if problem:
        raise PbemError(problem)


def _same_picture(folder: Path, expected: Callable[[], str]) -> None:
    """The step's picture.svg as the replay draws it; a step written by a pbem from before the pictures has none, and
    that is no divergence (the picture is derived from the save, never an input)."""
    path = folder / PICTURE
    if path.exists() or path.is_symlink():
        _same(path, expected())


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


def _data_line(campaign: Campaign) -> str:
    """Which data the campaign plays: its own copy (and whether this pbem's rules/ are the same),
    or, for a campaign made before pbem kept one, the installed rules/."""
    version = created_with(campaign.header)[0]
    game = campaign.header["game"]
    played = f"{game} behaviour {campaign.data.behaviour}, created with pbem {version}"   # set by open_campaign
    if stored_rules(campaign.folder) is None:
        return (f"data: the installed rules/{game} (the campaign keeps no copy of its own; `pbem data keep` adds one); "
                f"{played}{_override_note(campaign)}")
    installed = load_game_data(game).files_hash
    same = "the same as" if installed == campaign.header["data"]["rules"] else "different from"
    return f"data: the campaign's own copy in data/ ({same} this pbem's installed rules/{game}); {played}{_override_note(campaign)}"


def _override_note(campaign: Campaign) -> str:
    """The group's data override, which both players compare (README: `pbem new` prints it too)."""
    override = campaign.header["data"].get("override")
    if not override:
        return "; no data override"
    kind = "DEMONSTRATION values, not the published game's" if override.get("demonstration") else "agreed by the players"
    return f"; data override {override['file']}, data hash {override['sha256'][:16]}… ({kind})"


def _no_extra_files(folder: Path, allowed: set[str], names: list[str] | None = None) -> None:
    """`names`: the folder's entries, when the caller has just listed them."""
    listed = (p.name for p in folder.iterdir()) if names is None else names
    extra = sorted(n for n in listed if n not in allowed)
    if extra:
        raise PbemError(f"unexpected file(s) {', '.join(extra)}", str(folder))
