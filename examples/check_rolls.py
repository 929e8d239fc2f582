#!/usr/bin/env python3
"""Recompute every die roll of a pbem campaign folder without pbem: Python's standard library only (docs/dice.md).

usage: python3 check_rolls.py CAMPAIGN_DIR. Prints the table `pbem rolls` prints, from recomputed values: each
party's secret from its signed orders or reveal, proved up to its root in campaign.yaml (as in commitments/),
the seed from the seed input, each face from seed and purpose. Differences go to stderr (exit 1). Not checked:
the Ed25519 signatures and ORDERS_DIGEST (needs the game's canonical form; `pbem rolls DIR --explain STEP`
shows its bytes); `pbem verify` checks both. Reads only the YAML it needs, block style as pbem writes it (with
the "\" line continuations of signed files, whose lines stay within 64 columns).
"""
import hashlib
import hmac
import json
import re
import sys
from pathlib import Path

HEADER = (
    "# seed = SHA-256 of the UTF-8 bytes of the seed input: 'pbem-seed-v2|' CAMPAIGN '|' STEP '|' ORDERS_DIGEST '|' then PARTY '=' SECRET per party in name order, joined by '|'",
    "# ORDERS_DIGEST = SHA-256 of the canonical JSON of the sorted list of the hex SHA-256 of each order's canonical JSON, in the game's form (sorted keys, ',' ':', UTF-8)",
    "# block K = HMAC-SHA256(key = the 32 bytes the seed's hex spells, not its hex text; message = the UTF-8 bytes of PURPOSE '#' K, K in decimal from 0)",
    "# a die of N sides = b % N + 1 for b the first byte of blocks 0, 1, ... with b < 256 - 256 % N; `pbem rolls DIR --explain STEP[:N]` shows every byte (docs/dice.md)",
)

def scalar(text):
    if text[:1] in "'\"":
        return text[1:-1].replace("''", "'") if text[0] == "'" else json.loads(text)   # JSON's escapes: YAML's common ones
    return int(text) if re.fullmatch(r"-?\d+", text) else {"null": None, "[]": [], "{}": {}}.get(text, text)

def block(lines, i, indent):
    """The YAML mapping or sequence at `indent` from lines[i] (pairs of indent and text): (value, next i)."""
    items, found = [], {}
    while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
        lines[i] = (indent + 2, lines[i][1][2:])
        item, i = block(lines, i, indent + 2) if re.match(r"[\w-]+:( |$)", lines[i][1]) else (scalar(lines[i][1]), i + 1)
        items.append(item)
    while not items and i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
        key, _, rest = lines[i][1].partition(":")
        i += 1
        nested = not rest.strip() and i < len(lines) and (lines[i][0] > indent or lines[i][0] == indent and lines[i][1][:2] == "- ")
        found[key], i = block(lines, i, lines[i][0]) if nested else (scalar(rest.strip()), i)
    return items or found, i

def section(text, key):
    """The value of the top-level `key` of a YAML document, or of a signed file's body (None if absent)."""
    text = text.partition("-----BEGIN PBEM SIGNED MESSAGE-----\n")[2].partition("-----BEGIN PBEM SIGNATURE-----")[0] or text
    text = re.sub(r"\\\n\s*(\\ )?", lambda m: " " if m[1] else "", text)
    match = re.search(rf"^{key}:.*\n(?:[- ].*\n)*", text + "\n", re.M)
    lines = [(len(line) - len(line.lstrip(" ")), line.strip()) for line in match[0].splitlines() if line.strip()] if match else []
    return block(lines, 0, 0)[0][key] if match else None

def root_of(index, secret, proof):
    node = hashlib.sha256(b"\x00pbem-leaf" + index.to_bytes(4, "big") + bytes.fromhex(secret)).digest()
    for sibling in map(bytes.fromhex, proof):
        node, index = hashlib.sha256(b"\x01" + (node + sibling if index % 2 == 0 else sibling + node)).digest(), index // 2
    return node.hex()

def draw(seed, purpose, sides):
    for number in range(1000):
        for position, byte in enumerate(hmac.new(bytes.fromhex(seed), f"{purpose}#{number}".encode(), hashlib.sha256).digest()):
            if byte < 256 - 256 % sides:
                return byte % sides + 1, number, position

def check(folder):
    text = (folder / "campaign.yaml").read_text(encoding="utf-8")
    campaign, roots, table, problems = section(text, "campaign"), section(text, "dice")["commitments"], list(HEADER), []
    problems += [f"campaign.yaml: the root of {p} is not that of commitments/{p}.txt" for p, c in sorted(roots.items())
                 if section((folder / "commitments" / f"{p}.txt").read_text(encoding="utf-8"), "root") != c["root"]]
    for step in sorted((folder / "steps").iterdir()):
        number, save, revealed = int(step.name), (step / "save.yaml").read_text(encoding="utf-8"), {}
        if not (dice := section(save, "dice")):
            continue
        for path in sorted(step.glob("*-*.txt")):               # orders-SIDE.txt, reveal-PARTY.txt
            signed = path.read_text(encoding="utf-8")
            leaf, party = section(signed, "dice"), section(signed, "side")
            if leaf and party in roots:
                revealed[party] = leaf["secret"]
                if leaf["step"] != number or len(leaf["proof"]) != roots[party]["tree_depth"] or root_of(number, leaf["secret"], leaf["proof"]) != roots[party]["root"]:
                    problems.append(f"save {number}: the secret of {party} in {path.name} does not prove up to its root in campaign.yaml")
        if revealed != dice["secrets"] or dice["step"] != number:
            problems.append(f"save {number}: its dice record other secrets (or another step) than the step's signed files reveal")
        seed_input = f"pbem-seed-v2|{campaign}|{number}|{dice['orders_digest']}|" + "|".join(f"{p}={s}" for p, s in sorted(revealed.items()))
        seed = hashlib.sha256(seed_input.encode("utf-8")).hexdigest()
        if seed != dice["seed"]:
            problems.append(f"save {number}: its seed {dice['seed']} is not the SHA-256 of its seed input ({seed})")
        phase = scalar(re.search(r"^produced_by:\n(?:  .*\n)*?  phase: (.*)$", save, re.M)[1])
        table += [f"save {number}: {phase}", f"  seed input: {seed_input}", f"  seed: {seed}"]
        for roll in dice["rolls"]:
            face, block_number, byte = draw(seed, roll["purpose"], int(roll["die"][2:]))
            if (face, block_number, byte) != (roll["result"], roll["block"], roll["byte"]):
                problems.append(f"save {number}: {roll['purpose']} is {face} (block {block_number}, byte {byte}), the save says {roll['result']}")
            table.append(f"  {roll['purpose']} ({roll['about']}), {roll['die']} = {face} (block {block_number}, byte {byte})")
    return table, problems

if __name__ == "__main__":
    table, problems = check(Path(sys.argv[1]))
    print("\n".join(table))
    print("\n".join(f"MISMATCH: {p}" for p in problems) or "OK: every seed and roll recomputed, every revealed secret proves up to its committed root", file=sys.stderr)
    sys.exit(1 if problems else 0)
