"""The text layout of a signed block (layout 2) and the mail/forum encodings it is read back from.

Layout 2 keeps every line of a block within WIDTH characters (as PGP armour does), so a mail
client wrapping at 72 columns leaves it alone, and it makes a line broken in transit
recognisable: every line the writer puts at column 0 is a mapping key (`name:`), everything
else is indented. A column-0 line that is not a key is the tail of a line wrapped in transit.

- The body is YAML written by `narrow_yaml`: mappings and (indented) sequences, plain scalars
  only for short words, every other string double-quoted, escaped (so a non-breaking space or a
  line break in a value survives any mail client) and split across lines with YAML's `\\` line
  continuation, each continuation indented.
- The signature block holds `signer:`, `signature:` (the base64 signature as a list of two
  halves) and `lines:` (how many body lines the writer wrote), so a reader tells line wrapping
  from tampering.

The signature never covers this text: it covers the canonical bytes of the body's data
(docs/security.md), so the layout can change without invalidating a signature.

`mail_texts` turns a saved email (headers, MIME parts, quoted-printable, base64,
format=flowed) into the plain texts a reader searches for blocks; `strip_forum_tags` removes a
forum's [code]/[quote] wrappers at line edges.
"""

import functools
import re

from .errors import PbemError
from .yamlio import MAX_SCALAR_CHARS, parse_yaml_text, plain_scalar_tag

WIDTH = 64
INDENT = 2

_PLAIN_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+/=-]*(?::[A-Za-z0-9_.+/=-]+)*")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# what the YAML reader takes as it stands inside double quotes (the rest is escaped): printable
# text without NEL, U+2028/9, BOM, U+00A0 (mail clients turn it into a space) or a quote/backslash
# (x20-x21 x23-x5b x5d-x7e u00a1-u2027 u202a-ud7ff ue000-ufefe uff00-ufffd U00010000-U0010ffff,
# written as the complement: the same characters, compiled in 0.3 ms instead of 8 ms, issue 13)
_RAW = re.compile(r"[^\x00-\x1f\x22\x5c\x7f-\xa0\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\u00a0": "\\_"}

# a genuine column-0 line of a layout-2 block: a mapping key, plain or double-quoted
TOP_KEY = re.compile(r'(?:[A-Za-z_][A-Za-z0-9_-]*|"(?:[^"\\]|\\.)*"):(?: |$)')


class NarrowError(ValueError):
    """The data cannot be written within WIDTH columns (a key too long for one line)."""


@functools.lru_cache(maxsize=4096)
def _escape(ch: str) -> str:
    """One character as it stands inside double quotes (a pure function of `ch`: memoised, the
    same few hundred characters recur in every message)."""
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    if _RAW.fullmatch(ch):
        return ch
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def plain_string_word(value: str) -> bool:
    """A word that is one plain scalar which the bounded loader reads as this very string, decided
    without a parse: the implicit resolvers alone give a plain scalar its type (_plain_ok)."""
    return (_PLAIN_WORD.fullmatch(value) is not None and len(value) <= MAX_SCALAR_CHARS
            and plain_scalar_tag(value) == "tag:yaml.org,2002:str")


@functools.lru_cache(maxsize=8192)
def _plain_ok(value: str) -> bool:
    """A short word the loader reads back as this same string (not a number, boolean or null).
    A pure function of `value`, memoised: verify lays out every stored message again, and the
    same keys and words recur in all of them (it parsed one small document per word)."""
    if not _PLAIN_WORD.fullmatch(value):
        return False
    # such a word is one plain scalar, whose type the implicit resolvers alone decide: one that
    # resolves to a string reads back as itself (tests/test_startup.py compares it with the parse)
    if plain_string_word(value):
        return True
    try:
        return parse_yaml_text(f"k: {value}\n", "a plain word") == {"k": value}
    except PbemError:
        return False


def _key(key: str) -> str:
    if _PLAIN_KEY.fullmatch(key) and _plain_ok(key):
        return key
    return '"' + "".join(_escape(ch) for ch in key) + '"'


# a value of characters that stand as they are inside quotes, without a space: the layout of
# _quoted_lines is then plain slicing (dice proofs and signatures are most of a message's text)
# (x21 x23-x5b x5d-x7e u00a1-u2027 u202a-ud7ff ue000-ufefe uff00-ufffd U00010000-U0010ffff, as the complement)
_UNBROKEN = re.compile(r"[^\x00-\x20\x22\x5c\x7f-\xa0\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]*")


def _quoted_lines(value: str, first: str, indent: int) -> list[str]:
    """`value` double-quoted after the text `first`, continued on lines indented by `indent`:
    each line within WIDTH, broken after a space where one is near, escapes kept whole."""
    if not _UNBROKEN.fullmatch(value):
        return _quoted_lines_escaped(value, first, indent)
    # no space to break after, no escape: each line takes what fits (the lines _quoted_lines_escaped
    # writes for such a value; tests/test_mail_transport.py compares the two)
    lines: list[str] = []
    line, rest = first + '"', value
    while True:
        room = WIDTH - 1 - len(line)          # the closing quote or the continuation '\\'
        if len(rest) <= room or not rest:
            lines.append(line + rest + '"')
            return lines
        take = max(room, 0)
        lines.append(line + rest[:take] + "\\")
        line, rest = " " * indent, rest[take:]
        if len(line) >= WIDTH - 2:
            raise NarrowError("a value cannot be split within the line width")


def _quoted_lines_escaped(value: str, first: str, indent: int) -> list[str]:
    """_quoted_lines of any value: character by character, with escapes and breaks after spaces."""
    tokens = [_escape(ch) for ch in value]
    lines: list[str] = []
    line = first + '"'
    at_start = False            # at the start of a continuation line (a space must be escaped there)
    i = 0
    while i < len(tokens):
        token = "\\ " if at_start and tokens[i] == " " else tokens[i]
        room = WIDTH - len(line) - 1          # the closing quote or the continuation '\\'
        if len(token) <= room:
            line += token
            at_start = False
            i += 1
            continue
        # break: go back to just after the last space of this line if it is not far back
        cut = line.rfind(" ")
        head_len = len(first) + 1 if not lines else indent
        if cut >= head_len and len(line) - cut <= 20:
            carried = line[cut + 1:]
            line = line[:cut + 1]
        else:
            carried = ""
        lines.append(line + "\\")
        line = " " * indent + carried
        at_start = carried == ""
        if len(line) >= WIDTH - 2:
            raise NarrowError("a value cannot be split within the line width")
    lines.append(line + '"')
    return lines


def _scalar_lines(value, first: str, indent: int) -> list[str]:
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int):
        text = str(value)
    elif isinstance(value, str):
        return list(_text_lines(value, first, indent))
    else:
        raise NarrowError(f"unsupported value of type {type(value).__name__}")
    if len(first) + len(text) > WIDTH:
        raise NarrowError(f"a number of {len(text)} digits does not fit a line")
    return [first + text]


@functools.lru_cache(maxsize=1 << 14)
def _text_lines(value: str, first: str, indent: int) -> tuple[str, ...]:
    """_scalar_lines of a string: a pure function of its arguments, memoised (the upper levels of
    the dice proofs, the keys and words recur from message to message; verify lays out each one)."""
    # the length first: a long value (a hash) is quoted whatever _plain_ok says, and never fills its memo
    if len(first) + len(value) <= WIDTH and _plain_ok(value):
        return (first + value,)
    return tuple(_quoted_lines(value, first, indent))


def _node_lines(value, indent: int, out: list[str] | None = None) -> list[str]:
    """The lines of a non-empty mapping or sequence whose entries start at column `indent`,
    appended to `out` (one list for the whole text: issue 13, verify lays out every message)."""
    out = [] if out is None else out
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{pad}{_key(key)}:"
            if len(head) > WIDTH:
                raise NarrowError(f"the key {key[:20]!r}… is too long for a {WIDTH}-column line")
            _entry_lines(head, item, indent, out)
    else:
        for item in value:
            _entry_lines(f"{pad}-", item, indent, out)
    return out


def _entry_lines(head: str, item, indent: int, out: list[str]) -> None:
    if isinstance(item, (dict, list)) and item:
        if head.endswith("-"):                 # `- key: value` then the other keys, `- - item`
            first = len(out)
            _node_lines(item, indent + INDENT, out)
            out[first] = head + out[first][len(head):]
        else:
            out.append(head)
            _node_lines(item, indent + INDENT, out)
    elif isinstance(item, (dict, list)):
        out.append(head + (" {}" if isinstance(item, dict) else " []"))
    else:
        out += _scalar_lines(item, head + " ", indent + INDENT)


def narrow_yaml(data: dict, known: str = "") -> str:
    """`data` (a mapping of plain data) as YAML whose lines are all within WIDTH columns, whose
    column-0 lines are all keys, and which the bounded loader reads back as `data`. Raises
    NarrowError when that cannot be done.

    `known`: a text the bounded loader read as `data` (a signed body as it was read, its lines
    each ended by a line break). When the layout is that very text it reads back as `data` without
    a second parse: the layout writes no block scalar, so the final line break changes nothing."""
    text = "\n".join(_node_lines(data, 0)) + "\n" if data else "{}\n"
    if max(map(len, text.split("\n"))) > WIDTH:
        raise NarrowError(f"a line is longer than {WIDTH} characters")
    if text != known and _read_back(text) != data:
        raise NarrowError("the narrow layout does not read back as the same data")
    return text


_READ_BACK: dict[str, object] = {}     # narrow text -> what the bounded loader reads from it (never handed out)
_READ_BACK_MAX = 1024


def _read_back(text: str) -> object:
    """parse_yaml_text(text), kept for texts laid out again (verify lays out every stored message
    twice: as pbem stores it and as it was read); a pure function of the text."""
    if text not in _READ_BACK:
        if len(_READ_BACK) >= _READ_BACK_MAX:
            _READ_BACK.clear()
        _READ_BACK[text] = parse_yaml_text(text, "the narrow layout")
    return _READ_BACK[text]


# -- reading: emails and forum posts ------------------------------------------------------------

_HEADER = re.compile(r"(?:[A-Za-z][A-Za-z0-9-]*:[ \t]|From )")
_MAIL_HEADERS = re.compile(r"(?im)^(?:mime-version|content-type|content-transfer-encoding|received|message-id|return-path):")
_FORUM_OPEN = re.compile(r"^(?:\[(?:code|quote)(?:=[^\]\n]*)?\][ \t]*)+", re.IGNORECASE)
_FORUM_CLOSE = re.compile(r"(?:[ \t]*\[/(?:code|quote)\])+$", re.IGNORECASE)


def strip_forum_tags(line: str) -> str:
    """A forum's [code]/[quote] (or [quote=name]) tags at the start of a line, after any '> '
    quoting, and their closing tags at its end."""
    if "[" not in line:            # no tag to strip (most lines): the line itself (issue 13)
        return line
    quote = re.match(r"[> ]*", line)
    lead = quote.group() if quote else ""
    core = _FORUM_OPEN.sub("", line[len(lead):])
    return lead + _FORUM_CLOSE.sub("", core)


def unflow(text: str, delsp: bool) -> str:
    """RFC 3676 format=flowed back to the lines the sender wrote: a line ending in a space is
    continued by the next (same quote depth); space-stuffing is removed; DelSp=yes drops the
    space of each soft break."""
    out: list[str] = []
    current: str | None = None
    current_depth = -1
    for raw in text.split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]                              # space-stuffing
        if current is not None and depth == current_depth:
            current += line
        else:
            if current is not None:
                out.append(">" * current_depth + (" " if current_depth else "") + current)
            current, current_depth = line, depth
        if line.endswith(" ") and line != "-- ":
            if delsp:
                current = current[:-1]
        else:
            out.append(">" * depth + (" " if depth else "") + current)
            current, current_depth = None, -1
    if current is not None:
        out.append(">" * current_depth + (" " if current_depth else "") + current)
    return "\n".join(out)


def looks_like_email(text: str) -> bool:
    head = text.lstrip("\n").split("\n\n", 1)[0]
    return bool(_HEADER.match(text.lstrip("\n"))) and bool(_MAIL_HEADERS.search(head))


def mail_texts(text: str) -> list[str]:
    """The texts to search for signed blocks: a saved email gives each of its text parts,
    decoded (transfer encoding, charset, format=flowed); any other text is itself."""
    if not looks_like_email(text):
        return [text]
    import email                    # here, not at the top: the email package is a tenth of every
    import email.policy             # command's start, and only a saved mail needs it (issue 13)
    from email.message import EmailMessage
    message = email.message_from_string(text, policy=email.policy.default)
    texts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        assert isinstance(part, EmailMessage)
        if part.get_content_maintype() == "text":
            try:
                content = str(part.get_content())
            except (LookupError, ValueError):
                raw = part.get_payload(decode=True)
                content = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""
        else:
            payload = part.get_payload(decode=True)
            if not isinstance(payload, bytes):
                continue
            try:
                content = payload.decode("utf-8")
            except UnicodeDecodeError:
                continue
        content = content.replace("\r\n", "\n").replace("\r", "\n")
        if str(part.get_param("format", "", header="content-type")).lower() == "flowed":
            content = unflow(content, str(part.get_param("delsp", "", header="content-type")).lower() == "yes")
        texts.append(content)
    return texts


def quoted_printable_decoded(text: str) -> str | None:
    """`text` decoded as a quoted-printable body pasted without its headers, or None when it
    holds no quoted-printable encoding: every signed block has an '=' (its signer key ends in
    one), which quoted-printable writes as =3D."""
    if "=3D" not in text:
        return None
    import quopri
    try:
        return quopri.decodestring(text.encode("utf-8")).decode("utf-8")
    except UnicodeDecodeError:
        return None
