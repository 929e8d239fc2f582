"""Signed messages that survive email clients and forum posts.

The signature covers the *data* of the YAML body (its canonical bytes), never the raw text:
CRLF, trailing spaces, non-breaking spaces, a '> ' quote prefix or text around the armour
cannot break it, while any change of meaning (a value, a key, an order) does.
"""

import base64
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from .canonical import canonical_bytes, data_hash
from .errors import PbemError
from .ed25519_strict import signature_problem
from .keys import key_id, public_from_id, verify_signature
from .yamlio import MAX_SIGNED_BYTES, dump_yaml, parse_yaml_text

BEGIN = "-----BEGIN PBEM SIGNED MESSAGE-----"
SIGNATURE = "-----BEGIN PBEM SIGNATURE-----"
END = "-----END PBEM SIGNATURE-----"
DOMAIN = b"pbem-signed-message-v1\n"


@dataclass(frozen=True)
class SignedMessage:
    body: dict          # the signed data
    signer: str         # 'ed25519:...' key id
    signature: str      # base64
    body_line: int      # line number (1-based) of the body's first line in the file
    source: str         # file name, for messages

    @property
    def kind(self) -> str:
        return self.body.get("pbem", "")

    @property
    def digest(self) -> str:
        return data_hash(self.body)

    def armoured(self) -> str:
        """The message as pbem stores it: only what is signed, in one spelling. A step folder never
        keeps text the signature does not cover (comments, quoting, surrounding email), and two
        copies of one message, however they travelled, are stored byte for byte alike."""
        return armour(self.body, self.signer, self.signature)


def sign_body(body: dict, key: Ed25519PrivateKey) -> str:
    """Return the armoured text of `body` signed with `key`."""
    signature = key.sign(DOMAIN + canonical_bytes(body))
    armoured = armour(body, key_id(key.public_key()), base64.b64encode(signature).decode("ascii"))
    # a value holding a non-breaking space, a NEL or an armour line was
    # signed into a file that could never verify (the reader normalises those away). Refuse now.
    try:
        parse_signed(armoured, "the signed text")
    except PbemError:
        raise PbemError("cannot sign: a value holds text that email-safe reading would change (a non-breaking "
                        "space, a U+0085 line break or a '-----BEGIN PBEM' line); remove it") from None
    return armoured


def armour(body: dict, signer: str, signature: str) -> str:
    return "\n".join([BEGIN, dump_yaml(body).rstrip("\n"), SIGNATURE, f"signer: {signer}",
                      f"signature: {signature}", END, ""])


def _normalise_lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    return [line.rstrip() for line in text.split("\n")]


def parse_signed(text: str, source: str) -> SignedMessage:
    """Find the armour in `text`, strip quoting, parse and verify. Raises PbemError.

    The cheap checks come first: the size, then the signature block (a strong signer key, a
    canonical 64-byte signature). Only then is the body parsed, by the bounded loader: the
    signature covers the body's data, so it can only be checked on the parsed body."""
    if len(text) > MAX_SIGNED_BYTES:
        raise PbemError(f"a signed message of {len(text)} characters is over the {MAX_SIGNED_BYTES}-character limit", source)
    lines = _normalise_lines(text)
    starts = [i for i, line in enumerate(lines) if line.lstrip("> ").startswith(BEGIN) and line.endswith(BEGIN)]
    if not starts:
        raise PbemError(f"no '{BEGIN}' block found (is this a signed pbem file?)", source)
    if len(starts) > 1:
        raise PbemError("more than one signed block in one file; send one message per file", source)
    start = starts[0]
    prefix = lines[start][: len(lines[start]) - len(BEGIN)]

    def unquote(line: str) -> str:
        if line.startswith(prefix):
            return line[len(prefix):]
        if line.startswith(prefix.rstrip()):  # quoted blank lines lose the trailing space
            return line[len(prefix.rstrip()):]
        return line

    rest = [unquote(line) for line in lines[start + 1:]]
    try:
        sig_at = rest.index(SIGNATURE)
        end_at = rest.index(END, sig_at)
    except ValueError:
        raise PbemError(f"signed block is incomplete (missing '{SIGNATURE}' or '{END}')", source) from None
    body_line = start + 2
    trailer = _parse_part("\n".join(rest[sig_at + 1:end_at]), source, body_line + sig_at + 1)
    if not isinstance(trailer, dict) or set(trailer) != {"signer", "signature"}:
        raise PbemError("signature block must hold exactly 'signer' and 'signature'", source)
    signer, signature_text = trailer["signer"], trailer["signature"]
    try:
        signature = base64.b64decode(str(signature_text), validate=True)
    except ValueError:
        raise PbemError("signature is not valid base64", source) from None
    try:
        public_from_id(str(signer), "the signer's key")
    except PbemError as exc:
        raise PbemError(f"BAD SIGNATURE: {exc.message}", source) from None
    problem = signature_problem(signature)
    if problem:
        raise PbemError(f"BAD SIGNATURE: not a canonical Ed25519 signature ({problem})", source)
    body = _parse_part("\n".join(rest[:sig_at]), source, body_line)
    if not isinstance(body, dict) or not isinstance(body.get("pbem"), str):
        raise PbemError("signed body must be a YAML mapping with a 'pbem:' kind", source, body_line)
    try:
        message = DOMAIN + canonical_bytes(body)
    except ValueError as exc:
        raise PbemError(f"signed body holds unsupported data: {exc}", source) from None
    if not verify_signature(str(signer), signature, message):
        raise PbemError(f"BAD SIGNATURE: the content does not match the signature of {signer}", source)
    return SignedMessage(body=body, signer=str(signer), signature=base64.b64encode(signature).decode("ascii"),
                         body_line=body_line, source=source)


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
