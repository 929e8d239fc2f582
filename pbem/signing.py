"""Signed messages that survive email clients and forum posts.

The signature covers the *data* of the YAML body (its canonical bytes), never the raw text:
CRLF, trailing spaces, non-breaking spaces, a '> ' quote prefix, a forum's [code]/[quote] tags,
a mail's quoted-printable or format=flowed encoding, lines wrapped in transit (rejoined when the
signature confirms the rejoining) or text around the armour cannot break it, while any change
of meaning (a value, a key, an order) does. pbem writes blocks in layout 2 (pbem/armour.py:
every line within 64 columns); it reads layout 1 too (campaign format 3 folders store it).
"""

import base64
import functools
import itertools
import re
from dataclasses import dataclass, field

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from . import bodycache
from .armour import (TOP_KEY, NarrowError, mail_texts, narrow_yaml, plain_string_word, quoted_printable_decoded,
                     strip_forum_tags)
from .canonical import canonical_bytes, data_hash, plain_canonical_bytes
from .errors import PbemError
from .ed25519_strict import signature_problem, signature_problem_strict
from .keys import key_id, public_from_id, verify_signature
from .yamlio import MAX_SIGNED_BYTES, dump_yaml, parse_yaml_text

BEGIN = "-----BEGIN PBEM SIGNED MESSAGE-----"
SIGNATURE = "-----BEGIN PBEM SIGNATURE-----"
END = "-----END PBEM SIGNATURE-----"
DOMAIN = b"pbem-signed-message-v1\n"
WRAPPED = "line wrapping damaged the message"
MAX_REJOIN_TRIES = 256          # rejoinings of wrapped lines tried (each one YAML parse and one verification)


@dataclass(frozen=True)
class SignedMessage:
    body: dict          # the signed data
    signer: str         # 'ed25519:...' key id
    signature: str      # base64
    body_line: int      # line number (1-based) of the body's first line in the file
    source: str         # file name, for messages
    layout: int = 2     # the layout the text came in (1: one line per value, before 64-column lines)
    # the body's text as it was read and parsed (its lines, each ended by a line break): laying the
    # body out again needs no second parse when it gives this very text (armour.narrow_yaml `known`)
    body_text: str = field(default="", repr=False, compare=False)

    @property
    def kind(self) -> str:
        return self.body.get("pbem", "")

    # digest and armoured text: worked out once per message (issue 13: verify and adjudicate ask
    # several times); a message is never changed after it is read (frozen, its body never edited)
    @functools.cached_property
    def digest(self) -> str:
        return data_hash(self.body)

    @functools.cached_property
    def _armoured(self) -> str:
        return armour(self.body, self.signer, self.signature, known=self.body_text)

    def armoured(self) -> str:
        """The message as pbem stores it: only what is signed, in one spelling (layout 2). A step
        folder never keeps text the signature does not cover (comments, quoting, surrounding
        email), and two copies of one message, however they travelled, are stored byte for byte alike."""
        return self._armoured

    def armoured_as_read(self) -> str:
        """The message in the layout it was read in (a stored layout-1 file stays as it is)."""
        if self.layout == 1:
            return armour_layout1(self.body, self.signer, self.signature)
        return self.armoured()


def sign_body(body: dict, key: Ed25519PrivateKey) -> str:
    """Return the armoured text of `body` signed with `key`."""
    signature = key.sign(DOMAIN + canonical_bytes(body))
    try:
        armoured = armour(body, key_id(key.public_key()), base64.b64encode(signature).decode("ascii"))
    except NarrowError as exc:
        raise PbemError(f"cannot sign: {exc} (a signed block keeps every line within 64 characters)") from None
    # text that email-safe reading would change was signed into a file that could never verify. Refuse now.
    try:
        parse_signed(armoured, "the signed text")
    except PbemError:
        raise PbemError("cannot sign: a value holds text that email-safe reading would change; remove it") from None
    return armoured


def armour(body: dict, signer: str, signature: str, known: str = "") -> str:
    """Layout 2: the body within 64 columns, the signature in two halves, the body's line count.
    `known`: a text that was parsed as `body` (narrow_yaml); in `pbem verify`, one noted as its
    data's own layout is laid out as it stands (pbem/bodycache.py)."""
    if known and bodycache.laid_out(known):
        text = known
    else:
        text = narrow_yaml(body, known)
        if known and text == known:
            bodycache.note_laid_out(known)
    half = len(signature) // 2
    return "\n".join([BEGIN, text.rstrip("\n"), SIGNATURE, f"signer: {signer}", "signature:",
                      f"  - {signature[:half]}", f"  - {signature[half:]}", f"lines: {text.count(chr(10))}", END, ""])


def armour_layout1(body: dict, signer: str, signature: str) -> str:
    """Layout 1, as pbem wrote signed files before layout 2 (one line per value)."""
    return "\n".join([BEGIN, dump_yaml(body).rstrip("\n"), SIGNATURE, f"signer: {signer}",
                      f"signature: {signature}", END, ""])


def _normalise_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    return [strip_forum_tags(line.rstrip()) for line in text.split("\n")]


def parse_signed(text: str, source: str) -> SignedMessage:
    """The one signed block in `text` (see find_signed), verified. Raises PbemError."""
    messages = find_signed(text, source)
    if len(messages) > 1:
        raise PbemError("more than one signed block in one file; send one message per file", source)
    return messages[0]


def find_signed(text: str, source: str) -> list[SignedMessage]:
    """Every signed block in `text`, in order, each verified; one block found twice (an email's
    plain and quoted copies) is given once. `text` may be a saved email (MIME parts,
    quoted-printable, base64, format=flowed) or a forum post; the first damaged block raises
    PbemError naming `source`.

    The cheap checks come first: the size, then each signature block (a strong signer key, a
    canonical 64-byte signature). Only then is the body parsed, by the bounded loader: the
    signature covers the body's data, so it can only be checked on the parsed body."""
    if len(text) > MAX_SIGNED_BYTES:
        raise PbemError(f"a signed message of {len(text)} characters is over the {MAX_SIGNED_BYTES}-character limit", source)
    found: list[SignedMessage] = []
    for part in mail_texts(text):
        try:
            messages = _blocks_in(part, source)
        except PbemError as exc:
            decoded = quoted_printable_decoded(part.replace("\r\n", "\n"))
            if decoded is None:
                raise
            try:
                messages = _blocks_in(decoded, source)
            except PbemError:
                raise exc from None
        for message in messages:
            if not any(_same(message, f) for f in found):
                found.append(message)
    if not found:
        raise PbemError(f"no '{BEGIN}' block found (is this a signed pbem file?)", source)
    return found


def _same(a: SignedMessage, b: SignedMessage) -> bool:
    return (a.digest, a.signer, a.signature) == (b.digest, b.signer, b.signature)


def _blocks_in(text: str, source: str) -> list[SignedMessage]:
    lines = _normalise_lines(text)
    starts = [i for i, line in enumerate(lines) if line.lstrip("> ").startswith(BEGIN) and line.endswith(BEGIN)]
    return [_parse_block(lines, start, source) for start in starts]


def _unquoted_block(lines: list[str], start: int, source: str) -> tuple[list[str], list[str]]:
    """The body lines and the signature-block lines of the block opening at line `start`,
    without the quoting its BEGIN line carries."""
    prefix = lines[start][: len(lines[start]) - len(BEGIN)]

    def unquote(line: str) -> str:
        if line.startswith(prefix):
            return line[len(prefix):]
        if line.startswith(prefix.rstrip()):  # quoted blank lines lose the trailing space
            return line[len(prefix.rstrip()):]
        return line

    rest = [unquote(line) for line in lines[start + 1:]] if prefix else lines[start + 1:]     # unquoted: as they are
    try:
        sig_at = rest.index(SIGNATURE)
        end_at = rest.index(END, sig_at)
    except ValueError:
        raise PbemError(f"signed block is incomplete (missing '{SIGNATURE}' or '{END}')", source) from None
    if BEGIN in rest[:sig_at]:
        raise PbemError(f"signed block is incomplete (a '{BEGIN}' before its '{SIGNATURE}')", source)
    return rest[:sig_at], rest[sig_at + 1:end_at]


_LINES = re.compile(r"lines: ([0-9]{1,6})")


def _parse_block(lines: list[str], start: int, source: str) -> SignedMessage:
    body_lines, trailer_lines = _unquoted_block(lines, start, source)
    body_line = start + 2
    counts = [int(m.group(1)) for m in map(_LINES.fullmatch, trailer_lines) if m]
    layout = 2 if counts else 1
    try:
        return _verified(body_lines, trailer_lines, source, body_line, layout)
    except PbemError as first:
        wrapped = _fragments(body_lines, layout) or _fragments(trailer_lines, layout)
        if not wrapped and not (counts and counts[0] != len(body_lines)):
            raise
        message = _rejoined(body_lines, trailer_lines, source, body_line, layout, counts[0] if counts else None)
        if message is None:
            raise PbemError(f"{WRAPPED}: lines of the signed block were broken in transit and cannot be rejoined "
                            f"unambiguously ({first.message}); send the file as an attachment or inside a [code] block",
                            source) from None
        return message


def _fragments(lines: list[str], layout: int) -> list[int]:
    """Lines that can only be the tail of a line broken in transit: pbem writes at column 0 only
    keys (layout 1 also `- ` items)."""
    return [i for i, line in enumerate(lines) if i and line and not line[0].isspace()
            and not TOP_KEY.match(line) and not (layout == 1 and line.startswith("-"))]


def _joinings(lines: list[str], sure: list[int], doubtful: list[int], needed: int | None):
    """Ways of joining tails to the lines before them that leave `needed` lines: every line of
    `sure`, and as many of `doubtful` (column-0 lines that look like keys) as the count needs.
    A piece as long as the longest line was likely cut inside a word (joined by nothing), a
    shorter one at a space (joined by a space): the likeliest joining of each choice of tails
    comes first, then those with one join the other way."""
    missing = 0 if needed is None else len(lines) - len(sure) - needed
    if missing < 0:
        return
    width = max(map(len, lines), default=0)
    choices = [sorted(set(sure) | set(chosen)) for chosen in itertools.combinations(doubtful, missing)]
    for flip in range(-1, len(sure) + missing):
        for tails in choices:
            glue = ["" if len(lines[i - 1]) >= width else " " for i in tails]
            if flip >= 0:
                glue[flip] = " " if glue[flip] == "" else ""
            out: list[str] = []
            for i, line in enumerate(lines):
                if i in tails:
                    out[-1] += glue[tails.index(i)] + line
                else:
                    out.append(line)
            yield out


def _rejoined(body_lines: list[str], trailer_lines: list[str], source: str, body_line: int, layout: int,
              needed: int | None) -> SignedMessage | None:
    """The message as signed, if one rejoining of the broken lines verifies (the signature
    confirms it: no other text has this signature); None if none of the likely ones does."""
    sure = _fragments(body_lines, layout)
    doubtful = [i for i, line in enumerate(body_lines) if i and line and not line[0].isspace() and i not in sure]
    trailer_sure = _fragments(trailer_lines, layout)
    trailers = itertools.islice(_joinings(trailer_lines, trailer_sure, [], 5 if layout == 2 else None), MAX_REJOIN_TRIES)
    trailer = next((t for t in trailers if _trailer_ok(t)), None)
    if trailer is None:
        return None
    for body in itertools.islice(_joinings(body_lines, sure, doubtful, needed), MAX_REJOIN_TRIES):
        try:
            return _verified(body, trailer, source, body_line, layout)
        except PbemError:
            continue
    return None


def _trailer_ok(lines: list[str]) -> bool:
    try:
        _trailer(lines, "the signature block", 1)
        return True
    except PbemError:
        return False


_COUNT = re.compile(r"0|[1-9][0-9]{0,5}")


def _trailer_data(lines: list[str], source: str, first_line: int):
    """_parse_part of the signature block; the layout-2 block as pbem writes it (plain words that
    read as themselves, a plain count) is read without a YAML parse, to the same data (issue 13)."""
    if (len(lines) == 5 and lines[0].startswith("signer: ") and lines[1] == "signature:"
            and lines[2].startswith("  - ") and lines[3].startswith("  - ") and lines[4].startswith("lines: ")):
        signer, first, second, count = lines[0][8:], lines[2][4:], lines[3][4:], lines[4][7:]
        if all(plain_string_word(word) for word in (signer, first, second)) and _COUNT.fullmatch(count):
            return {"signer": signer, "signature": [first, second], "lines": int(count)}
    return _parse_part("\n".join(lines), source, first_line)


def _trailer(lines: list[str], source: str, first_line: int) -> tuple[str, bytes]:
    trailer = _trailer_data(lines, source, first_line)
    if isinstance(trailer, dict) and set(trailer) == {"signer", "signature", "lines"}:
        halves = trailer["signature"]
        if not (isinstance(halves, list) and len(halves) == 2 and all(isinstance(h, str) for h in halves)
                and type(trailer["lines"]) is int):
            raise PbemError("signature block must hold 'signer', 'signature' (two halves) and 'lines'", source)
        signature_text = "".join(halves)
    elif isinstance(trailer, dict) and set(trailer) == {"signer", "signature"}:
        signature_text = str(trailer["signature"])
    else:
        raise PbemError("signature block must hold exactly 'signer' and 'signature' (and 'lines')", source)
    signer = str(trailer["signer"])
    try:
        signature = base64.b64decode(signature_text, validate=True)
    except ValueError:
        raise PbemError("signature is not valid base64", source) from None
    try:
        public_from_id(signer, "the signer's key")
    except PbemError as exc:
        raise PbemError(f"BAD SIGNATURE: {exc.message}", source) from None
    problem = signature_problem(signature)
    if problem:
        raise PbemError(f"BAD SIGNATURE: not a canonical Ed25519 signature ({problem})", source)
    return signer, signature


def _verified(body_lines: list[str], trailer_lines: list[str], source: str, body_line: int, layout: int) -> SignedMessage:
    signer, signature = _trailer(trailer_lines, source, body_line + len(body_lines) + 1)
    text = "\n".join(body_lines)
    body = bodycache.known(text)        # `pbem verify`: the data of a text it read before (bodycache)
    if body is None:
        body = _parse_part(text, source, body_line)
    if not isinstance(body, dict) or not isinstance(body.get("pbem"), str):
        raise PbemError("signed body must be a YAML mapping with a 'pbem:' kind", source, body_line)
    try:        # parse_yaml_text gives plain data only (check_plain): the bytes need no second walk
        message = DOMAIN + plain_canonical_bytes(body)
    except ValueError as exc:       # a lone surrogate has no UTF-8 bytes
        raise PbemError(f"signed body holds unsupported data: {exc}", source) from None
    if not verify_signature(signer, signature, message):
        problem = signature_problem_strict(signature)     # an R off the curve passes the byte checks
        if problem:
            raise PbemError(f"BAD SIGNATURE: not a canonical Ed25519 signature ({problem})", source)
        raise PbemError(f"BAD SIGNATURE: the content does not match the signature of {signer}", source)
    bodycache.note(text, body)
    return SignedMessage(body=body, signer=signer, signature=base64.b64encode(signature).decode("ascii"),
                         body_line=body_line, source=source, layout=layout,
                         body_text="".join(line + "\n" for line in body_lines))


def _parse_part(text: str, source: str, first_line: int):
    """YAML errors in a signed file gave the line within the body or
    the signature block, not the line of the file (off by the armour and any text above it)."""
    try:
        return parse_yaml_text(text, source)
    except PbemError as exc:
        if exc.line is not None:
            exc.line += first_line - 1
            exc.args = (exc.one_line(),)
        raise


def order_lines(text: str) -> list[int]:
    """File line numbers of each item of the body's `orders:` list (for `pbem check`)."""
    import yaml

    lines = _normalise_lines(text)
    starts = [i for i, line in enumerate(lines) if line.endswith(BEGIN)]
    offset = 0
    if starts:
        prefix = lines[starts[0]][: -len(BEGIN)]
        body = []
        for line in lines[starts[0] + 1:]:
            line = line[len(prefix):] if line.startswith(prefix) else line
            if line == SIGNATURE:
                break
            body.append(line)
        text, offset = "\n".join(body), starts[0] + 1
    try:
        root = yaml.compose("\n".join(_normalise_lines(text)) if not starts else text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if key.value == "orders" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 + offset for item in value.value]
    return []
