"""What email and forums do to a signed file must not matter; what changes the data must.

Positive cases (not counted as refusals): CRLF, CR, trailing spaces and tabs, '> ' quoting
(once or twice), non-breaking spaces, a BOM and text around the armour. The transformed orders
and reveals ADJUDICATE, and the save and report are byte-identical to the demo's.

Refusals: a signature line wrapped by a mail client (known limit: send signed files as
attachments or from a client that does not re-wrap), a changed line inside quoting, and text
`pbem sign` would produce but no reader could verify (a non-breaking space or an armour line
inside a value) — `pbem sign` now refuses to write such a file instead of writing one that can
never verify. (A U+0085 line break cannot reach `pbem sign` from a file: YAML reads it as a
line break.)
"""

import re

import pytest

from . import util

STEPS = util.demo_steps()
NBSP = "\u00a0"


def _lines(text, func):
    return "\n".join(func(line) for line in text.split("\n"))


TRANSFORMS = {
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "cr-only": lambda t: t.replace("\n", "\r"),
    "trailing-spaces": lambda t: _lines(t, lambda line: line + "   "),
    "trailing-tabs": lambda t: _lines(t, lambda line: line + "\t \t"),
    "quoted": lambda t: _lines(t, lambda line: "> " + line if line else ">"),
    "quoted-twice": lambda t: _lines(t, lambda line: "> > " + line if line else "> >"),
    "nbsp-indentation": lambda t: _lines(t, lambda line: re.sub(r"^ +", lambda m: NBSP * len(m.group()), line)),
    "nbsp-after-colons": lambda t: t.replace(": ", ":" + NBSP),
    "byte-order-mark": lambda t: "\ufeff" + t,
    "text-around": lambda t: ("From: german@example.org\nSubject: my move\n\nHere are my orders.\n\n" + t
                              + "\n-- \nSent from my phone\n"),
    "all-at-once": lambda t: ("Hi,\r\n\r\n" + _lines(t, lambda line: "> " + line.replace(": ", ":" + NBSP) + "  ")
                              .replace("\n", "\r\n") + "\r\n\r\nCheers\r\n"),
}

POSITIVE = [(STEPS[0]["n"], name) for name in TRANSFORMS] + [(s["n"], "all-at-once") for s in STEPS[1:] if s["orders"]]


@pytest.mark.parametrize("n,transform", POSITIVE)
def test_transport_damage_still_adjudicates(demo, campaign_at, inbox, n, transform):
    step = STEPS[n - 1]
    folder = campaign_at(n - 1)
    files = []
    for rel in step["orders"] + step["reveals"]:
        text = TRANSFORMS[transform]((demo / rel).read_text())
        files.append(util.write(inbox / rel.rsplit("/", 1)[-1], text))
    util.assert_ok(util.pbem("adjudicate", folder, *files))
    for name in ("save.yaml", "report.txt"):
        assert (folder / "steps" / f"{n:04d}" / name).read_bytes() == (demo / "steps" / f"{n:04d}" / name).read_bytes()
    assert util.assert_ok(util.pbem("verify", folder)).startswith("OK:")


def _wrap_signature(text: str) -> str:
    out = []
    for line in text.split("\n"):
        if line.startswith("signature: "):
            out += [line[:60], line[60:]]           # a mail client wrapping at 60 columns
        else:
            out.append(line)
    return "\n".join(out)


def _unquoted_line(text: str) -> str:
    lines = ["> " + line for line in text.split("\n")]
    index = next(i for i, line in enumerate(lines) if line.startswith("> save_hash:"))
    lines[index] = "save_hash: " + "0" * 64                 # an unquoted line slipped in
    return "\n".join(lines)


DAMAGE = {"wrapped-signature-line": (_wrap_signature, "malformed YAML"),
          "a-changed-line-inside-quoting": (_unquoted_line, "BAD SIGNATURE")}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_damage_that_changes_the_data_is_refused(demo, campaign_at, inbox, damage):
    step = STEPS[0]
    folder = campaign_at(step["n"] - 1)
    func, phrase = DAMAGE[damage]
    orders = util.write(inbox / "orders.txt", func((demo / step["orders"][0]).read_text()))
    before = util.snapshot(folder)
    util.assert_refused(util.pbem("adjudicate", folder, orders, *[demo / r for r in step["reveals"]]), phrase, str(orders))
    assert util.snapshot(folder) == before


SIGN_REFUSALS = {
    "nbsp-in-a-comment": ("comment", "Attaque\u00a0!"),
    "nbsp-in-an-order": ("orders", [{"note": "x\u00a0y"}]),
    "armour-line-in-a-comment": ("comment", "see below\n-----BEGIN PBEM SIGNED MESSAGE-----\nnot really"),
}


@pytest.mark.parametrize("case", sorted(SIGN_REFUSALS))
def test_sign_refuses_text_no_reader_could_verify(campaign_at, tmp_path, case):
    from pbem import campaign as camp
    from pbem.yamlio import dump_yaml, parse_yaml_text
    folder = campaign_at(STEPS[0]["n"] - 1)
    body = parse_yaml_text(camp.order_template(folder, STEPS[0]["side"]), "template")
    field, value = SIGN_REFUSALS[case]
    body[field] = value
    orders = util.write(tmp_path / "orders.yaml", dump_yaml(body))
    before = util.snapshot(tmp_path)
    result = util.pbem("sign", folder, orders, "--key", util.DEMO_SRC / "keys" / STEPS[0]["side"])
    util.assert_refused(result, "cannot sign")
    assert util.snapshot(tmp_path) == before
