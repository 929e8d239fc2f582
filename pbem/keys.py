"""Ed25519 player keys: pbem's own PEM files or an existing OpenSSH ed25519 key."""

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .ed25519_strict import public_key_problem, signature_problem
from .errors import PbemError
from .storage import write_new_file

PASSPHRASE_ENV = "PBEM_PASSPHRASE"
# cryptography's key formats (`serialization`, with its OpenSSH and cipher modules) are imported
# only where a key file is read or written: a tenth of a `pbem status`, which reads none (issue 13)


def key_id(public_key: Ed25519PublicKey) -> str:
    """How records name a key: 'ed25519:' + base64 of the 32 raw public bytes."""
    return key_id_of_raw(public_key.public_bytes_raw())


def fingerprint(identifier: str) -> str:
    """The key's OpenSSH fingerprint (what `ssh-keygen -lf KEY.pub` prints), for people to compare."""
    raw = _raw_of_id(identifier, "key")
    blob = b"".join(len(part).to_bytes(4, "big") + part for part in (b"ssh-ed25519", raw))
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode("ascii").rstrip("=")


def _raw_of_id(identifier: str, name: str) -> bytes:
    if not isinstance(identifier, str) or not identifier.startswith("ed25519:"):
        raise PbemError(f"{name} is not an 'ed25519:...' key id")
    try:
        raw = base64.b64decode(identifier[len("ed25519:"):], validate=True)
    except ValueError:
        raise PbemError(f"{name} is not a valid ed25519 public key") from None
    if len(raw) != 32 or key_id_of_raw(raw) != identifier:     # one spelling per key
        raise PbemError(f"{name} is not a valid ed25519 public key")
    return raw


def key_id_of_raw(raw: bytes) -> str:
    return "ed25519:" + base64.b64encode(raw).decode("ascii")


def strong_key(raw: bytes, name: str) -> Ed25519PublicKey:
    """A public key pbem accepts: canonical, not small-order, in the prime-order subgroup."""
    problem = public_key_problem(bytes(raw))
    if problem:
        raise PbemError(f"WEAK KEY: {name} is {problem}; pbem refuses it")
    return Ed25519PublicKey.from_public_bytes(raw)


_PUBLIC: dict[str, Ed25519PublicKey] = {}      # key id -> its key, once it passed every check below
_PUBLIC_MAX = 256


def public_from_id(identifier: str, name: str = "key") -> Ed25519PublicKey:
    """The key of an 'ed25519:...' id in its one spelling, refused unless strong (strong_key).
    A key that passed is kept by its id (issue 13: reading and verifying a signed file ask for the
    signer's key, at every step); a refused one is checked, and refused, every time."""
    key = _PUBLIC.get(identifier) if type(identifier) is str else None
    if key is None:
        key = strong_key(_raw_of_id(identifier, name), name)
        if len(_PUBLIC) >= _PUBLIC_MAX:
            _PUBLIC.clear()
        _PUBLIC[identifier] = key
    return key


def keygen(name: str, passphrase: str | None = None) -> tuple[Path, Path]:
    """Write NAME (private, mode 0600) and NAME.pub (OpenSSH public line). Never overwrites."""
    private_path = Path(name)
    public_path = Path(f"{name}.pub")
    for path in (private_path, public_path):
        if path.exists():
            raise PbemError("already exists; refusing to overwrite a key", str(path))
    from cryptography.hazmat.primitives import serialization
    key = Ed25519PrivateKey.generate()
    encryption = (
        serialization.BestAvailableEncryption(passphrase.encode()) if passphrase
        else serialization.NoEncryption()
    )
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption)
    openssh_public = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    write_new_file(private_path, pem, mode=0o600)
    write_new_file(public_path, openssh_public + f" {private_path.name}\n".encode())
    return private_path, public_path


def load_private_key(path: str | Path, passphrase: str | None = None) -> Ed25519PrivateKey:
    path = Path(path).expanduser()
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PbemError(f"cannot read private key: {exc.strerror}", str(path)) from None
    if passphrase is None:
        passphrase = os.environ.get(PASSPHRASE_ENV)
    secret = passphrase.encode() if passphrase else None
    if secret is None:
        plain = _plain_pkcs8(data)
        if plain is not None:
            return plain
    from cryptography.hazmat.primitives import serialization
    loaders = (serialization.load_ssh_private_key,) if b"OPENSSH PRIVATE KEY" in data else (
        serialization.load_pem_private_key,)
    try:
        key = loaders[0](data, password=secret)
    except TypeError:
        hint = "needs a passphrase (--passphrase or $PBEM_PASSPHRASE)" if secret is None else "is not encrypted; drop the passphrase"
        raise PbemError(f"private key {hint}", str(path)) from None
    except ValueError as exc:
        reason = "wrong passphrase or not a private key" if secret else f"not a readable private key ({exc})"
        raise PbemError(reason, str(path)) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise PbemError("not an Ed25519 key (pbem signs with Ed25519 only)", str(path))
    return key


_PKCS8_ED25519 = bytes.fromhex("302e020100300506032b657004220420")   # DER of an unencrypted Ed25519 PKCS8 key, before its 32 bytes


def _plain_pkcs8(data: bytes) -> Ed25519PrivateKey | None:
    """The key of an unencrypted PKCS8 PEM exactly as `keygen` writes it, read without importing
    cryptography's key formats (issue 13: ~5 ms of every `adjudicate --key`); None: any other file."""
    lines = data.split(b"\n")
    if len(lines) != 4 or lines[0] != b"-----BEGIN PRIVATE KEY-----" or lines[2:] != [b"-----END PRIVATE KEY-----", b""]:
        return None
    try:
        der = base64.b64decode(lines[1], validate=True)
    except ValueError:
        return None
    if len(der) != 48 or not der.startswith(_PKCS8_ED25519) or base64.b64encode(der) != lines[1]:
        return None
    return Ed25519PrivateKey.from_private_bytes(der[16:])


def load_public_key(path: str | Path) -> Ed25519PublicKey:
    """Accept an OpenSSH public line ('ssh-ed25519 AAAA... comment'), a PEM public key or a key id."""
    path = Path(path).expanduser()
    try:
        data = path.read_bytes()[:64 * 1024].strip()
    except OSError as exc:
        raise PbemError(f"cannot read public key: {exc.strerror}", str(path)) from None
    try:
        if data.startswith(b"ed25519:"):
            return public_from_id(data.decode("ascii").split()[0])
        key: object
        from cryptography.hazmat.primitives import serialization
        if data.startswith(b"ssh-"):
            key = serialization.load_ssh_public_key(b" ".join(data.split()[:2]))
        else:
            key = serialization.load_pem_public_key(data)
    except (ValueError, UnicodeDecodeError, UnsupportedAlgorithm):
        raise PbemError("not a readable public key", str(path)) from None
    if not isinstance(key, Ed25519PublicKey):
        raise PbemError("not an Ed25519 public key", str(path))
    raw = key.public_bytes_raw()
    try:
        return strong_key(raw, "this public key")
    except PbemError as exc:
        raise PbemError(exc.message, str(path)) from None


def verify_signature(identifier: str, signature: bytes, message: bytes) -> bool:
    """Strict: a weak key or a non-canonical signature never verifies (ed25519_strict)."""
    if signature_problem(signature):
        return False
    try:
        public_from_id(identifier).verify(signature, message)
        return True
    except (InvalidSignature, PbemError):
        return False
