"""Issue 17 part 2: signed blocks that survive mail and forum transport (layout 2, pbem/armour.py).

Every transformation here is a real one: Python's `email` package (policies with
max_line_length 72 and 60, quoted-printable and base64 bodies), an RFC 3676 format=flowed
encoder, a mail client's hard wrap (textwrap, as clients without format=flowed do), a reply's
'> ' quoting, a forum's [code]/[quote] wrappers. Files of campaigns written before layout 2
(layout 1, campaign format 3) still verify: tests/data/layout1 holds real ones.
"""

import email
import email.policy
import shutil
import textwrap
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem import folder as folder_mod
from pbem.armour import TOP_KEY, WIDTH, narrow_yaml, unflow
from pbem.errors import PbemError
from pbem.signing import WRAPPED, armour_layout1, find_signed, parse_signed

from .adversarial import util

LAYOUT1 = Path(__file__).parent / "data" / "layout1"
BUNDLED = Path(__file__).resolve().parent.parent / "examples" / "operation-grenade-demo" / "campaign"


def _demo_text(rel: str) -> str:
    return (util.demo_build() / rel).read_text()


def _orders() -> str:
    return _demo_text("steps/0001/orders-german.txt")


def _reveal() -> str:
    return _demo_text("steps/0002/reveal-german.txt")       # save 1 pauses for the Soviet's tactical air answer (13.5)


# -- transformations ------------------------------------------------------------------------------

def email_message(text: str, width: int, cte: str | None = None, subject: str = "my move") -> str:
    """A saved email (as a mail program stores it) made by Python's email package."""
    message = EmailMessage(policy=email.policy.default.clone(max_line_length=width))
    message["From"] = "german@example.org"
    message["To"] = "alliance@example.org"
    message["Subject"] = subject
    message.set_content("Hi,\n\nhere are my orders.\n\n" + text + "\nCheers\n", cte=cte)
    return message.as_string()


def flowed(text: str, width: int, delsp: bool = False) -> str:
    """RFC 3676 format=flowed: lines over `width` are wrapped at spaces with a trailing space
    (with DelSp=yes the space of the break is added), lines starting with ' ', '>' or 'From '
    are space-stuffed."""
    out = []
    for line in text.split("\n"):
        pieces = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False,
                               drop_whitespace=False) if len(line) > width else [line]
        pieces = pieces or [""]
        if delsp:
            pieces = [p + " " for p in pieces[:-1]] + pieces[-1:]
        for i, piece in enumerate(pieces):
            if piece.startswith((" ", ">", "From ")):
                piece = " " + piece
            out.append(piece)
            assert i == len(pieces) - 1 or piece.endswith(" ")
    return "\n".join(out)


def flowed_email(text: str, width: int, delsp: bool = False) -> str:
    body = flowed("Hi,\n\n" + text + "\nCheers\n", width, delsp)
    delsp_param = "; delsp=yes" if delsp else ""
    return ("From: german@example.org\nTo: alliance@example.org\nSubject: orders\nMIME-Version: 1.0\n"
            f"Content-Type: text/plain; charset=utf-8; format=flowed{delsp_param}\n"
            "Content-Transfer-Encoding: 8bit\n\n" + body)


def hard_wrapped(text: str, width: int) -> str:
    """What a mail client without format=flowed sends: every line over `width` broken at spaces
    (a word longer than the width is cut)."""
    out = []
    for line in text.split("\n"):
        out += textwrap.wrap(line, width, break_on_hyphens=False) if len(line) > width else [line]
    return "\n".join(out)


def quoted(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.split("\n"))


TRANSFORMS = {
    "email-72": lambda t: email_message(t, 72),
    "email-60": lambda t: email_message(t, 60),
    "email-60-quoted-printable": lambda t: email_message(t, 60, "quoted-printable"),
    "email-72-base64": lambda t: email_message(t, 72, "base64"),
    "quoted-printable-body-pasted-without-headers":
        lambda t: email_message(t, 60, "quoted-printable").split("\n\n", 1)[1],
    "format-flowed-60": lambda t: flowed_email(t, 60),
    "format-flowed-40-delsp": lambda t: flowed_email(t, 40, delsp=True),
    "hard-wrap-72": lambda t: hard_wrapped(t, 72),
    "hard-wrap-60": lambda t: hard_wrapped(t, 60),
    "hard-wrap-50": lambda t: hard_wrapped(t, 50),
    "reply-quoted-then-wrapped-at-60": lambda t: hard_wrapped("On Monday german wrote:\n" + quoted(t), 60),
    "forum-code-on-the-armour-lines": lambda t: "[code]" + t.rstrip("\n") + "[/code]\n",
    "forum-quote-of-a-code-post": lambda t: "[quote=german]Orders:\n[code]" + t.rstrip("\n") + "[/code][/quote]\nok",
    "forum-quote-then-mail-crlf": lambda t: ("[quote]\n" + t + "[/quote]\n").replace("\n", "\r\n"),
}


# -- layout 2 -------------------------------------------------------------------------------------

def test_every_stored_signed_file_keeps_its_lines_within_64_characters():
    files = [p for p in BUNDLED.rglob("*.txt") if "BEGIN PBEM SIGNED MESSAGE" in p.read_text()]
    assert len(files) >= 15
    for path in files:
        lines = path.read_text().split("\n")
        assert max(len(line) for line in lines) <= WIDTH, path
        assert "lines: " in path.read_text() and parse_signed(path.read_text(), str(path)).layout == 2


def test_the_issue_lines_are_now_short():
    """Issue 17: 'the save_hash line is 75 characters, signature 99'."""
    text = _orders()
    assert max(len(line) for line in text.split("\n")) <= 64
    old = armour_layout1(*_fields(parse_signed(text, "x")))
    assert max(len(line) for line in old.split("\n")) == len("signature: ") + 88 == 99


def _fields(message):
    return message.body, message.signer, message.signature


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_a_block_survives_real_transport(name):
    for text in (_orders(), _reveal()):
        sent = TRANSFORMS[name](text)
        message = parse_signed(sent, f"{name}.eml")
        assert message.armoured() == text          # stored as the signer wrote it, byte for byte


def test_the_transformations_did_transform():
    """The transport cases are not no-ops: each changes the text (72-column wrap apart, which
    layout 2 exists to survive untouched), and the email ones need their MIME decoding."""
    text = _orders()
    for name, func in TRANSFORMS.items():
        sent = func(text)
        assert (sent == text) if name == "hard-wrap-72" else (sent != text), name
    assert "=3D" in TRANSFORMS["email-60"](text)              # 64-column lines: quoted-printable at 60
    assert "Content-Transfer-Encoding: 7bit" in TRANSFORMS["email-72"](text)
    assert len(TRANSFORMS["hard-wrap-50"](text).split("\n")) > len(text.split("\n")) + 10


def test_several_blocks_in_one_mail_come_out_in_order_and_once():
    mail = email_message(_orders() + "\nand my reveal:\n" + _reveal() + "\n" + quoted(_orders()), 60)
    messages = find_signed(mail, "mail.eml")
    assert [m.kind for m in messages] == ["orders", "reveal"]


def test_a_wrapped_block_with_a_lost_line_says_line_wrapping_damaged_it():
    lines = hard_wrapped(_orders(), 50).split("\n")
    lost = max(i for i, line in enumerate(lines) if line[:1].strip() and not TOP_KEY.match(line)
               and not line.startswith("-----"))
    with pytest.raises(PbemError) as caught:
        parse_signed("\n".join(lines[:lost] + lines[lost + 1:]), "mail.txt")
    assert caught.value.one_line().startswith(f"mail.txt: {WRAPPED}")


def test_a_value_changed_in_an_unwrapped_block_is_a_bad_signature_not_wrapping():
    text = _orders().replace("side: german", "side: alliance")
    with pytest.raises(PbemError, match="BAD SIGNATURE"):
        parse_signed(text, "mail.txt")


def test_format_flowed_decoding_follows_rfc_3676():
    assert unflow("a long \nline\n>quoted \n>text\n From x", delsp=False) == "a long line\n> quoted text\nFrom x"
    assert unflow("word\u0020\nbroken", delsp=True) == "wordbroken"
    assert unflow("sig\n-- \nme", delsp=False) == "sig\n-- \nme"


@pytest.mark.parametrize("value", ["x\u00a0y", "a\nb\n", "  lead", "trail ", "\"quote\" \\ back", "é" * 90,
                                   "0419", "yes", "1:20", "-", "", "a" * 200, "word " * 40, "\u2028\u0085\ufeff"])
def test_narrow_yaml_reads_back_every_string(value):
    data = {"pbem": "orders", "comment": value, "orders": [{"note": value}, [value]]}
    text = narrow_yaml(data)
    assert max(len(line) for line in text.split("\n")) <= WIDTH
    assert util.parse_yaml_text(text, "x") == data


# -- layout 1 (campaign format 3 before layout 2) --------------------------------------------------

@pytest.mark.parametrize("name", ["orders-allied.txt", "reveal-german.txt", "commitment-german.txt"])
def test_layout1_files_still_verify_and_are_accepted_as_stored(name):
    path = LAYOUT1 / name
    message = folder_mod.read_stored(path)            # exactly as a format-3 folder stores it
    assert message.layout == 1
    assert armour_layout1(*_fields(message)) == path.read_text()
    assert message.armoured() != path.read_text() and parse_signed(message.armoured(), "x").body == message.body


def test_a_running_campaign_in_layout1_verifies_and_continues_in_layout2(tmp_path):
    """A campaign folder written by the pbem before layout 2 (every stored signed file in
    layout 1) verifies; the next step stores its inputs in layout 2; the save is the same."""
    old = util.truncate(util.copy_campaign(util.demo_build(), tmp_path / "old"), 2)       # step 3 rolls no die
    for path in list(old.rglob("*.txt")):
        if "BEGIN PBEM SIGNED MESSAGE" in path.read_text():
            path.write_text(armour_layout1(*_fields(parse_signed(path.read_text(), str(path)))))
    assert "signature: " in (old / "steps" / "0001" / "orders-german.txt").read_text()
    assert util.assert_ok(util.pbem("verify", old)).startswith("OK:")
    util.assert_ok(util.pbem("adjudicate", old, util.demo_build() / "steps" / "0003" / "orders-alliance.txt"))
    assert (old / "steps" / "0003" / "save.yaml").read_bytes() == (util.demo_build() / "steps" / "0003" / "save.yaml").read_bytes()
    assert (old / "steps" / "0003" / "orders-alliance.txt").read_text() == _demo_text("steps/0003/orders-alliance.txt")
    assert util.assert_ok(util.pbem("verify", old)).startswith("OK:")


# -- two machines ---------------------------------------------------------------------------------

def test_two_machines_exchange_mangled_mail_and_keep_identical_folders(tmp_path):
    """Machine A (the German player) and machine B (the alliance) each hold a copy of the
    campaign at save 0. Every signed file the demo's players sent goes from one machine to the
    other through a different real transport; A adjudicates the files as written, B the mails as
    received. Both folders end byte-identical (stored messages included), equal to the demo's."""
    demo = util.demo_build()
    a = util.truncate(util.copy_campaign(demo, tmp_path / "a"), 0)
    b = util.truncate(util.copy_campaign(demo, tmp_path / "b"), 0)
    mail = tmp_path / "mail"
    mail.mkdir()
    names = sorted(TRANSFORMS)
    sent = 0
    for step in util.demo_steps()[:6]:
        received = []
        for rel in step["orders"] + step["reveals"]:
            name = names[sent % len(names)]
            sent += 1
            path = mail / f"{sent:02d}-{name}.eml"
            path.write_text(TRANSFORMS[name]((demo / rel).read_text()), newline="")
            received.append(path)
        util.assert_ok(util.pbem("adjudicate", a, *[demo / rel for rel in step["orders"] + step["reveals"]]))
        util.assert_ok(util.pbem("adjudicate", b, *received))
    assert util.snapshot(a) == util.snapshot(b)
    assert util.snapshot(b) == util.snapshot(util.truncate(util.copy_campaign(demo, tmp_path / "d"), 6))
    assert util.assert_ok(util.pbem("verify", b)).startswith("OK:")
    shutil.rmtree(mail)


def test_the_quick_layout_of_unbroken_values_writes_the_lines_of_the_escaping_one():
    """Issue 13: a value without spaces or escapes (a dice proof, a signature) is laid out by
    slicing; it gives the lines (and the refusals) of the character-by-character layout."""
    import random

    from pbem import armour
    rng = random.Random(13)
    alphabet = "0123456789abcdef" + "ABCxyz_-./:=+!#%&'()*,;<>?@[]^`{|}~" + "éß中—×\uff01\U0001F600"
    compared = 0
    for _ in range(3000):
        value = "".join(rng.choice(alphabet) for _ in range(rng.choice([0, 1, 5, 30, 61, 62, 63, 64, 65, 130, 300])))
        first = " " * rng.randint(0, 70) + rng.choice(["", "- ", "key: ", "a b: "])
        indent = rng.choice([0, 2, 4, 30, 61, 62, 63])
        assert armour._UNBROKEN.fullmatch(value)
        outcomes = []
        for layout in (armour._quoted_lines, armour._quoted_lines_escaped):
            try:
                outcomes.append(layout(value, first, indent))
            except armour.NarrowError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1], (value, first, indent)
        compared += 1
    assert compared == 3000
