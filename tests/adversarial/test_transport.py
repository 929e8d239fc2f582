"""What email and forums do to a signed file must not matter; what changes the data must.

Positive cases (not counted as refusals): CRLF, CR, trailing spaces and tabs, '> ' quoting
(once or twice), non-breaking spaces, a BOM, text around the armour, and a layout-1 signature
line (99 characters) wrapped by a mail client at 60 columns (rejoined: the signature confirms
the rejoining). The transformed orders and reveals ADJUDICATE, and the save and report are
byte-identical to the demo's. (Real mail and forum transformations of layout-2 blocks:
tests/test_mail_transport.py.)

Refusals: a changed line inside quoting, lines lost from a wrapped block ("line wrapping damaged
the message"), and data `pbem sign` cannot write within 64-column lines (a key longer than a
line). A non-breaking space or an armour line inside a value used to be refused by `pbem sign`;
layout 2 escapes them inside double quotes, so they sign and verify (test below).
"""

import re

import pytest

from pbem.armour import TOP_KEY

from . import util

STEPS = util.demo_steps()
NBSP = "\u00a0"


def _lines(text, func):
    return "\n".join(func(line) for line in text.split("\n"))


def _wrap_signature(text: str) -> str:
    out = []
    for line in text.split("\n"):
        if line.startswith("signature: "):
            out += [line[:60], line[60:]]           # a mail client wrapping at 60 columns
        else:
            out.append(line)
    return "\n".join(out)


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
    "wrapped-signature-line-layout1": lambda t: _wrap_signature(t),
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


def _unquoted_line(text: str) -> str:
    lines = ["> " + line for line in text.split("\n")]
    index = next(i for i, line in enumerate(lines) if line.startswith("> save_hash:"))
    lines[index] = "save_hash: " + "0" * 64                 # an unquoted line slipped in
    return "\n".join(lines)


def _wrapped_and_a_line_lost(text: str) -> str:
    """Layout 2 wrapped at 40 columns by a mail client that then dropped one continuation line."""
    import textwrap
    lines = []
    for line in util.parse_signed(text, "x").armoured().split("\n"):
        lines += textwrap.wrap(line, 40, break_on_hyphens=False) or [""]
    lost = next(i for i, line in enumerate(lines) if i > 3 and line[:1].strip() and not TOP_KEY.match(line))
    return "\n".join(lines[:lost] + lines[lost + 1:])


DAMAGE = {"a-changed-line-inside-quoting": (_unquoted_line, "BAD SIGNATURE"),
          "wrapped-and-a-line-lost": (_wrapped_and_a_line_lost, "line wrapping damaged the message")}


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
    "a-key-longer-than-a-line": ("orders", [{"x" * 70: 1}]),
    "a-key-longer-than-a-line-nested": ("orders", [{"note": {"y" * 64: "z"}}]),
    "a-key-longer-than-a-line-with-escapes": ("orders", [{"\u00a0" * 40: 1}]),
}


def _signed_with(folder, tmp_path, field, value):
    from pbem import campaign as camp
    from pbem.yamlio import dump_yaml, parse_yaml_text
    body = parse_yaml_text(camp.order_template(folder, STEPS[0]["side"]), "template")
    body[field] = value
    orders = util.write(tmp_path / "orders.yaml", dump_yaml(body))
    key = tmp_path.parent / f"{tmp_path.name}-key"      # signing writes a ledger beside the key
    key.write_bytes((util.DEMO_SRC / "keys" / STEPS[0]["side"]).read_bytes())
    return orders, util.pbem("sign", folder, orders, "--key", key, "--no-check")


@pytest.mark.parametrize("case", sorted(SIGN_REFUSALS))
def test_sign_refuses_text_no_reader_could_verify(campaign_at, tmp_path, case):
    folder = campaign_at(STEPS[0]["n"] - 1)
    orders, result = _signed_with(folder, tmp_path, *SIGN_REFUSALS[case])
    util.assert_refused(result, "cannot sign")
    assert not orders.with_name("orders.yaml.signed.txt").exists()


ESCAPED = {
    "nbsp-in-a-comment": ("comment", "Attaque\u00a0!"),
    "nbsp-in-an-order": ("orders", [{"note": "x\u00a0y"}]),
    "armour-line-in-a-comment": ("comment", "see below\n-----BEGIN PBEM SIGNED MESSAGE-----\nnot really"),
    "nel-and-line-separator": ("comment", "a\u0085b\u2028c\u2029d\ufeffe"),
}


@pytest.mark.parametrize("case", sorted(ESCAPED))
def test_values_email_reading_would_change_are_escaped_and_verify(campaign_at, tmp_path, case):
    folder = campaign_at(STEPS[0]["n"] - 1)
    field, value = ESCAPED[case]
    orders, result = _signed_with(folder, tmp_path, field, value)
    util.assert_ok(result)
    text = orders.with_name("orders.yaml.signed.txt").read_text()
    message = util.parse_signed(text.replace("\n", "\r\n").replace(": ", ":\u00a0"), "orders.yaml.signed.txt")
    assert message.body[field] == value
    assert max(len(line) for line in text.split("\n")) <= 64
