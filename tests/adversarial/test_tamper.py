"""One flipped byte anywhere in the demo campaign: `pbem verify` refuses, naming that file.

Every file of the campaign `pbem demo` builds is flipped at several named places (inside the
signed body, the signer, the base64 signature and its padding, the armour lines, comments, hash
values, YAML structure, and to a non-UTF-8 byte). Each case is DECLARED either as a refusal or
as a flip that keeps the meaning, and an independent reader (tests/adversarial/util.py:
PyYAML's safe loader refusing duplicate keys, with the documented email-safe normalisation
for signed files) re-checks that declaration on the actual bytes:

* saves and reports are compared byte-for-byte with the replay, so EVERY flip must fail (save 0
  is also read first, as the anchor of the header's hash, so it may fail there instead);
* signed files (orders, reveals, commitments) are checked on their data: the one declared
  meaning-preserving flip is the final newline turning into a vertical tab, which the
  documented transport tolerance (trailing whitespace is stripped) ignores — verify passes;
* the header and the data override are hashed as data: a flip inside a YAML comment of the
  override keeps the data and verify passes; every other flip must fail.
"""

import re

import pytest

from . import util

# the campaign `pbem demo` builds, derived at collection; of the campaign's own copy of its data
# (data/, each file's sha256 in the header) two files stand for the rest: the same check covers
# every one, and test_cli's test_verify_detects_any_changed_byte flips a byte of each
DATA_SAMPLES = {"data/rules/crt.yaml", "data/scenario.yaml"}
DEMO_FILES = [rel for rel in util.demo_files() if not rel.startswith("data/") or rel in DATA_SAMPLES]
HEADER, OVERRIDE = "campaign.yaml", "data-override.yaml"

# name -> (regex whose group 1 is the byte to flip, xor mask); the flip hits the group's middle
SIGNED_SPECS = {
    "armour-begin": (r"-----(BEGIN) PBEM SIGNED", 0x01),
    "kind-value": (r"\Apbem: ([a-z-]+)", 0x01),
    "campaign-value": (r"\ncampaign: ([\w-]+)", 0x01),
    "key-name": (r"\n(campaign):", 0x01),
    "colon": (r"\Apbem(:)", 0x01),
    "binding-hash": (r"\n(?:save_hash|orders|tip): ([0-9a-f]{64})", 0x01),
    "number": (r"\n(?:save|chain_length): (\d+)", 0x01),
    "side-value": (r"\nside: (\w+)", 0x01),
    "signature-marker": (r"-----BEGIN PBEM (SIGNATURE)-----", 0x01),
    "signer": (r"signer: ed25519:([A-Za-z0-9+/]{20})", 0x01),
    "signature-first": (r"signature: ([A-Za-z0-9+/])", 0x01),
    "signature-middle": (r"signature: [A-Za-z0-9+/]{40}([A-Za-z0-9+/])", 0x01),
    "signature-last": (r"signature: [A-Za-z0-9+/]{85}([A-Za-z0-9+/])==", 0x01),
    "signature-padding": (r"signature: [A-Za-z0-9+/]{86}(=)", 0x01),
    "armour-end": (r"-----(END) PBEM SIGNATURE", 0x01),
    "final-newline": (r"-----END PBEM SIGNATURE-----(\n)\Z", 0x01),
    "not-utf8": (r"\ncampaign: ([\w-]+)", 0x80),
}
DICE_SPEC = {"dice-value": (r"\ndice: ([0-9a-f]{64})", 0x01)}
ORDER_SPECS = {
    "order-value": (r"\norders:\n- \w+: (\S+)", 0x01),
    "order-key": (r"\norders:\n- (\w+):", 0x01),
    "indentation": (r"\norders:\n-[^\n]*\n( ) ", 0x01),
}
HEADER_SPECS = {
    "campaign-id": (r"\ncampaign: ([\w-]+)", 0x01),
    "title": (r"\ntitle: ([^\n]+)", 0x01),
    "rules-hash": (r"\n  rules: ([0-9a-f]{64})", 0x01),
    "scenario-name": (r"\nscenario: (\w+)", 0x01),
    "override-sha256": (r"\n    sha256: ([0-9a-f]{64})", 0x01),
    "player-key": (r"\n    key: ed25519:([A-Za-z0-9+/]{20})", 0x01),
    "dice-tip": (r"\n      tip: ([0-9a-f]{64})", 0x01),
    "chain-length": (r"\n      chain_length: (\d+)", 0x01),
    "dice-mode": (r"\n  mode: (\w+)", 0x01),
    "key-name": (r"\n(players):", 0x01),
    "colon": (r"\ngame(:)", 0x01),
    "indentation": (r"\nplayers:\n( ) ", 0x01),
    "final-newline": (r"(\n)\Z", 0x01),
    "not-utf8": (r"\ngame: (\w+)", 0x80),
}
OVERRIDE_SPECS = {
    "comment-title": (r"\A# (DEMONSTRATION)", 0x01),
    "comment-section": (r"\n  # --- (CRT) rows", 0x01),
    "kind": (r"\npbem: (data-override)", 0x01),
    "game": (r"\ngame: (\w+)", 0x01),
    "demonstration-flag": (r"\ndemonstration: (true)", 0x01),
    "notice": (r"\nnotice: \"([^\"]+)\"", 0x01),
    "crt-cell": (r"\n  crt\.cells\.3\.1:3/1:4: \"(3/0)\"", 0x01),
    "crt-path": (r"\n  crt\.cells\.(3)\.1:3/1:4", 0x01),
    "hex-id-to-a-duplicate": (r"\n  map\.hexes\.171(8)E", 0x01),
    "terrain": (r"\n  map\.hexes\.1719E: \{terrain: (rough)\}", 0x01),
    "counter-factor": (r"ger-46pz: \{[^\n]*full: \{attack: (6)", 0x01),
    "hexside-feature": (r"\n  map\.hexsides\.1819E\|1918E: (river)", 0x01),
    "final-newline": (r"(\n)\Z", 0x01),
    "not-utf8": (r"\ngame: (\w+)", 0x80),
}
SAVE_SPECS = {
    "first-byte": (r"\A(p)", 0x01),
    "number": (r"\nnumber: (\d+)", 0x01),
    "previous-hash": (r"\nprevious: ([0-9a-f]{64})", 0x01),
    "header-hash": (r"\nheader: ([0-9a-f]{64})", 0x01),
    "awaiting-phase": (r"\nawaiting:\n(?:  [^\n]*\n)*?  phase: ([^\n]+)", 0x01),
    "state-unit-hex": (r"\n  units:\n    [\w-]+:\n      hex: (\w+)", 0x01),
    "state-unit-steps": (r"\n  units:\n    [\w-]+:\n      hex: \w+\n      steps: (\d+)", 0x01),
    "final-newline": (r"(\n)\Z", 0x01),
}
DATA_SPECS = {               # the campaign's own data: any byte, comments included (data.stored)
    "first-byte": (r"\A(.)", 0x01),
    "first-key": (r"\n(\w)", 0x01),
    "middle": None,
    "last-line": (r"([^\n]+)\n\Z", 0x01),
    "final-newline": (r"(\n)\Z", 0x01),
}
REPORT_SPECS = {
    "first-byte": (r"\A(.)", 0x01),
    "title-line": (r"\A[^\n]*— (save) \d+", 0x01),
    "middle": None,          # the byte at len // 2
    "last-line": (r"([^\n]+)\n\Z", 0x01),
    "final-newline": (r"(\n)\Z", 0x01),
}
PICTURE_SPECS = {
    "first-byte": (r"\A(.)", 0x01),
    "title": (r"<title>[^<]*— (save) \d+", 0x01),
    "a-unit": (r'data-unit="([^"]+)"', 0x01),
    "middle": None,
    "final-newline": (r"(\n)\Z", 0x01),
}
# A signed file's final newline turned into a vertical tab keeps its data, but pbem stores only
# the signed data, in one spelling: a stored signed file that differs from that is refused.
KEEPS_MEANING = {("override", "comment-title"), ("override", "comment-section")}


def kind_of(rel: str) -> str:
    name = rel.rsplit("/", 1)[-1]
    if rel.startswith("commitments/"):
        return "commitment"
    if rel.startswith("data/"):
        return "data"
    if name.startswith("orders-"):
        return "orders"
    if name.startswith("reveal-"):
        return "reveal"
    return {HEADER: "header", OVERRIDE: "override", "save.yaml": "save", "report.txt": "report", "picture.svg": "picture"}[name]


def specs_for(rel: str) -> dict:
    kind = kind_of(rel)
    if kind == "orders":
        return SIGNED_SPECS | DICE_SPEC | ORDER_SPECS
    if kind == "reveal":
        return SIGNED_SPECS | DICE_SPEC
    return {"commitment": SIGNED_SPECS, "header": HEADER_SPECS, "override": OVERRIDE_SPECS, "data": DATA_SPECS,
            "save": SAVE_SPECS, "report": REPORT_SPECS, "picture": PICTURE_SPECS}[kind]


def _applicable(rel: str) -> list[str]:
    """The named places that exist in this file (an empty `orders: []` has no order to flip)."""
    text = (util.demo_build() / rel).read_text()
    return [spec for spec, rule in specs_for(rel).items() if rule is None or re.search(rule[0], text)]


CASES = [(rel, spec, "keeps-meaning" if (kind_of(rel), spec) in KEEPS_MEANING else "refused")
         for rel in DEMO_FILES for spec in _applicable(rel)]


# what a refusal may say, by kind of file (the file is always named too)
PHRASES = {
    "signed": ("BAD SIGNATURE", "malformed YAML", "not UTF-8", "block found", "signed block is incomplete",
               "not valid base64", "signature block must hold", "signed body must be a YAML mapping",
               "holds text the signature does not cover"),
    "header": ("does not match the `header:` recorded in save 0", "malformed YAML", "not UTF-8",
               "campaign header lacks", "not a pbem campaign header"),
    "override": ("does not match the hash agreed in the header", "malformed YAML", "not UTF-8",
                 "not a data override", "does not name a place", "would replace a rulebook value",
                 "override is for game"),
    "save": ("differs from the replay",),
    "report": ("differs from the replay",),
    "picture": ("differs from the replay",),
    "data": ("differs from the file this campaign was created with",),
}


def locate(rel: str, raw: bytes, spec: str) -> tuple[int, int]:
    rule = specs_for(rel)[spec]
    if rule is None:
        return len(raw) // 2, 0x01
    pattern, mask = rule
    text = raw.decode("utf-8")
    match = re.search(pattern, text)
    assert match, f"{spec}: pattern {pattern!r} not found in {rel}"
    start, end = match.span(1)
    char_offset = start + (end - start) // 2
    return len(text[:char_offset].encode("utf-8")), mask


def meaning(rel: str, raw: bytes):
    kind = kind_of(rel)
    if kind in ("orders", "reveal", "commitment"):
        # stored in one spelling (only the signed data), so the bytes are the meaning; the
        # email-safe reading (util.signed_data) is for files in transit (test_transport.py)
        return raw
    if kind in ("header", "override"):
        return util.yaml_data(raw)
    return raw          # saves, reports, pictures and data/: the bytes themselves are what verify compares


def test_every_file_of_the_demo_is_flipped_in_several_places():
    kinds = {kind_of(rel) for rel in DEMO_FILES}
    assert kinds == {"header", "override", "commitment", "save", "report", "picture", "orders", "reveal", "data"}
    for rel in DEMO_FILES:
        assert sum(1 for r, _, e in CASES if r == rel and e == "refused") >= 5, rel


@pytest.mark.parametrize("rel,spec,expected", CASES, ids=[f"{r}:{s}" for r, s, _ in CASES])
def test_flipped_byte(linked_at, rel, spec, expected):
    fresh_demo = linked_at(None, own=(rel,))        # the whole demo; the file to flip is its own copy
    path = fresh_demo / rel
    raw = path.read_bytes()
    offset, mask = locate(rel, raw, spec)
    flipped = bytearray(raw)
    flipped[offset] ^= mask
    flipped = bytes(flipped)
    path.write_bytes(flipped)
    same_data = meaning(rel, flipped) == meaning(rel, raw)
    # the declaration above must agree with the independent reading of the bytes
    assert same_data == (expected == "keeps-meaning"), (
        f"{rel} {spec}: declared {expected}, but the flip {'keeps' if same_data else 'changes'} the data "
        f"({raw[max(0, offset - 12):offset + 12]!r} -> {flipped[max(0, offset - 12):offset + 12]!r})")
    before = util.snapshot(fresh_demo)
    result = util.pbem("verify", fresh_demo)
    assert util.snapshot(fresh_demo) == before
    if expected == "keeps-meaning":
        assert util.assert_ok(result).startswith("OK:")
        return
    kind = kind_of(rel)
    line = util.assert_refused(result, "", rel, prefix="pbem: verify FAILED:")
    phrases = PHRASES["signed" if kind in ("orders", "reveal", "commitment") else kind]
    if rel == "steps/0000/save.yaml":   # read first, as the anchor of the header (open_campaign)
        phrases += PHRASES["header"]
    assert any(p in line for p in phrases), line
