"""`pbem rolls`: every die roll of a campaign with its inputs, and `--explain` for one roll:
every byte that goes into it and the standard-tool commands (sha256sum, openssl) that
recompute it without trusting pbem (docs/dice.md). examples/check_rolls.py prints the same
table from the folder's files with nothing but Python's standard library.
"""

import copy
import hashlib
import hmac
import re
import shlex

from .canonical import canonical_bytes, sha256_hex
from .dice import check_leaf, order_set_digest, seed_input
from .errors import PbemError
from .folder import Campaign, read_stored

# The exact recipe, as the first lines of the table (examples/check_rolls.py prints the same).
HEADER = (
    "# seed = SHA-256 of the UTF-8 bytes of the seed input: 'pbem-seed-v2|' CAMPAIGN '|' STEP '|' ORDERS_DIGEST '|' then PARTY '=' SECRET per party in name order, joined by '|'",
    "# ORDERS_DIGEST = SHA-256 of the canonical JSON of the sorted list of the hex SHA-256 of each order's canonical JSON, in the game's form (sorted keys, ',' ':', UTF-8)",
    "# block K = HMAC-SHA256(key = the 32 bytes the seed's hex spells, not its hex text; message = the UTF-8 bytes of PURPOSE '#' K, K in decimal from 0)",
    "# a die of N sides = b % N + 1 for b the first byte of blocks 0, 1, ... with b < 256 - 256 % N; `pbem rolls DIR --explain STEP[:N]` shows every byte (docs/dice.md)",
)


def roll_line(roll: dict) -> str:
    return f"  {roll['purpose']} ({roll['about']}), {roll['die']} = {roll['result']} (block {roll['block']}, byte {roll['byte']})"


def table(campaign: Campaign, numbers: list[int]) -> list[str]:
    lines = list(HEADER)
    for number in numbers:
        save, _ = campaign.load_save(number)
        dice = save.get("dice")
        if not dice:
            continue
        lines.append(f"save {number}: {save['produced_by']['phase']}")
        lines.append(f"  seed input: {seed_input(campaign.id, dice['step'], dice['orders_digest'], dice['secrets'])}")
        lines.append(f"  seed: {dice['seed']}")
        lines.extend(roll_line(roll) for roll in dice["rolls"])
    return lines


def printf(text: str) -> str:
    """A shell command writing exactly the UTF-8 bytes of `text` (no newline added)."""
    return f"printf '%s' {shlex.quote(text)}"


def _pick(campaign: Campaign, which: str) -> tuple[int, dict, int]:
    """STEP or STEP:N (N from 1) or STEP:PURPOSE -> (save number, its dice block, roll index)."""
    match = re.fullmatch(r"(\d+)(?::(.+))?", which)
    if not match:
        raise PbemError(f"--explain takes STEP, STEP:N or STEP:PURPOSE (e.g. 5, 5:3, 5:crt/1/0110/1), not {which!r}")
    number, pick = int(match[1]), match[2]
    numbers = campaign.step_numbers()
    if number not in numbers:
        raise PbemError(f"no save {number} (saves 0..{numbers[-1]})")
    dice = campaign.load_save(number)[0].get("dice")
    if not dice:
        rolled = [n for n in numbers if campaign.load_save(n)[0].get("dice")]
        raise PbemError(f"save {number} rolled no die (saves with rolls: {', '.join(map(str, rolled)) or 'none'})")
    rolls = dice["rolls"]
    if pick is None:
        return number, dice, 0
    if pick.isdigit() and 1 <= int(pick) <= len(rolls):
        return number, dice, int(pick) - 1
    for index, roll in enumerate(rolls):
        if roll["purpose"] == pick:
            return number, dice, index
    raise PbemError(f"save {number} has rolls 1..{len(rolls)}: {', '.join(r['purpose'] for r in rolls)}; no {pick!r}")


def explain(campaign: Campaign, which: str) -> list[str]:
    number, dice, index = _pick(campaign, which)
    save, _ = campaign.load_save(number)
    roll = dice["rolls"][index]
    lines = [f"save {number}: {save['produced_by']['phase']}",
             f"roll {index + 1} of {len(dice['rolls'])}:{roll_line(roll)[1:]}", ""]
    lines += _digest_lines(campaign, number, save, dice) + [""]
    lines += _secret_lines(campaign, number, dice) + [""]
    lines += _seed_lines(campaign, dice) + [""]
    lines += _die_lines(dice["seed"], roll)
    return lines


def _digest_lines(campaign: Campaign, number: int, save: dict, dice: dict) -> list[str]:
    produced = save["produced_by"]
    before, _ = campaign.load_save(number - 1)
    orders = campaign.game.canonical_orders(campaign.data, copy.deepcopy(before["state"]), produced["side"],
                                            copy.deepcopy(produced["orders"]["list"]))
    lines = [f"1. ORDERS_DIGEST: the orders of {produced['side']} ({produced['orders']['file']}), each in the game's "
             f"canonical form ({campaign.header['game']}), as canonical JSON (pbem/canonical.py: json.dumps(order, "
             "sort_keys=True, separators=(',', ':'), ensure_ascii=False) encoded in UTF-8), and the SHA-256 of each:"]
    hashes = []
    for position, order in enumerate(orders, 1):
        text = canonical_bytes(order).decode("utf-8")
        hashes.append(sha256_hex(canonical_bytes(order)))
        lines += [f"   order {position}: {text}", f"     sha256 {hashes[-1]}", f"     $ {printf(text)} | sha256sum"]
    listed = canonical_bytes(sorted(hashes)).decode("utf-8")
    digest = order_set_digest(orders)
    if orders == produced["orders"]["list"]:
        lines.insert(1, "   (here the canonical form is the signed list itself: the game changes nothing in these orders)")
    else:
        lines.insert(1, f"   (the signed list, before the game's canonical form: {canonical_bytes(produced['orders']['list']).decode('utf-8')})")
    lines += ["   those hashes sorted, as a canonical JSON list:", f"   {listed}",
              f"   its SHA-256 = ORDERS_DIGEST {digest}", f"     $ {printf(listed)} | sha256sum"]
    if digest != dice["orders_digest"]:
        lines.append(f"   MISMATCH: the save records orders_digest {dice['orders_digest']} (`pbem verify` names the divergence)")
    return lines


def _secret_lines(campaign: Campaign, number: int, dice: dict) -> list[str]:
    lines = ["2. The secrets, each revealed with its Merkle proof in a signed file of the step folder:"]
    folder = campaign.step_dir(number)
    for party, secret in sorted(dice["secrets"].items()):
        entry = campaign.header["dice"]["commitments"][party]
        where = "not found in the step's signed files"
        for path in sorted(folder.glob("*.txt")):
            if path.name == "report.txt":
                continue
            body = read_stored(path).body
            if body.get("side") == party and isinstance(body.get("dice"), dict):
                check_leaf(body["dice"], number, entry["root"], entry["tree_depth"], party)
                same = "" if body["dice"]["secret"] == secret else " (MISMATCH: the file reveals another secret)"
                where = f"dice.secret of {path.name}; its proof folds up to the {party} root {entry['root']} in campaign.yaml{same}"
        lines.append(f"   {party}={secret}: {where}")
    return lines


def _seed_lines(campaign: Campaign, dice: dict) -> list[str]:
    text = seed_input(campaign.id, dice["step"], dice["orders_digest"], dice["secrets"])
    seed = hashlib.sha256(text.encode("utf-8")).hexdigest()
    lines = [f"3. The seed input ({len(text.encode('utf-8'))} bytes of UTF-8, no newline):", f"   {text}",
             f"   seed = its SHA-256 = {seed}", f"     $ {printf(text)} | sha256sum"]
    if seed != dice["seed"]:
        lines.append(f"   MISMATCH: the save records seed {dice['seed']}")
    return lines


def _die_lines(seed: str, roll: dict) -> list[str]:
    sides = int(roll["die"][2:])
    limit = 256 - 256 % sides
    lines = [f"4. The die: HMAC-SHA256 with the key = the 32 bytes of the seed (hex {seed}; not its 64 ASCII characters)",
             f"   a {roll['die']} takes the first byte b < {limit} (256 - 256 % {sides}); face = b % {sides} + 1"]
    for block in range(1000):
        message = f"{roll['purpose']}#{block}"
        stream = hmac.new(bytes.fromhex(seed), message.encode("utf-8"), hashlib.sha256).digest()
        lines += [f"   message {message!r} ({len(message.encode('utf-8'))} bytes of UTF-8) -> block {block} = {stream.hex()}",
                  f"     $ {printf(message)} | openssl dgst -sha256 -mac HMAC -macopt hexkey:{seed}"]
        for position, byte in enumerate(stream):
            if byte < limit:
                face = byte % sides + 1
                lines.append(f"   byte {position} of block {block} = 0x{byte:02x} = {byte} < {limit}: face = {byte} % {sides} + 1 = {face}")
                if (face, block, position) != (roll["result"], roll["block"], roll["byte"]):
                    lines.append(f"   MISMATCH: the save records {roll['result']} (block {roll['block']}, byte {roll['byte']})")
                return lines
            lines.append(f"   byte {position} of block {block} = {byte} >= {limit}: skipped")
    raise PbemError("no acceptable byte in 1000 blocks")
