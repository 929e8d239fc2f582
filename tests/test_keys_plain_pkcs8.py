"""keys.load_private_key reads keygen's unencrypted PKCS8 file without cryptography's key formats
(issue 13): the same key as cryptography's loader, the same refusals for every other file."""

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import keys
from pbem.errors import PbemError


def _pem(key: Ed25519PrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def test_keygen_files_read_by_the_short_path_give_cryptographys_key(tmp_path):
    for i in range(20):
        private, _ = keys.keygen(str(tmp_path / f"k{i}"))
        data = private.read_bytes()
        short = keys._plain_pkcs8(data)
        assert short is not None
        slow = serialization.load_pem_private_key(data, password=None)
        assert isinstance(slow, Ed25519PrivateKey)
        assert short.private_bytes_raw() == slow.private_bytes_raw()
        assert keys.load_private_key(private).private_bytes_raw() == slow.private_bytes_raw()


@pytest.mark.parametrize("change", [
    lambda pem: pem.replace(b"\n", b"\r\n"),                     # another layout: cryptography reads it
    lambda pem: b"\n" + pem,
    lambda pem: pem.replace(b"-----\n", b"-----\n\n", 1),
])
def test_other_layouts_go_to_cryptographys_loader(tmp_path, change):
    key = Ed25519PrivateKey.generate()
    data = change(_pem(key))
    assert keys._plain_pkcs8(data) is None
    path = tmp_path / "key"
    path.write_bytes(data)
    assert keys.load_private_key(path).private_bytes_raw() == key.private_bytes_raw()


def test_a_passphrase_for_an_unencrypted_key_is_still_refused(tmp_path):
    private, _ = keys.keygen(str(tmp_path / "k"))
    with pytest.raises(PbemError, match="is not encrypted; drop the passphrase"):
        keys.load_private_key(private, "hunter2")


def test_a_truncated_key_is_still_refused_by_cryptography(tmp_path):
    private, _ = keys.keygen(str(tmp_path / "k"))
    lines = private.read_bytes().split(b"\n")
    lines[1] = lines[1][:20]                                             # a truncated DER: not the keygen layout
    path = tmp_path / "bad"
    path.write_bytes(b"\n".join(lines))
    assert keys._plain_pkcs8(path.read_bytes()) is None
    with pytest.raises(PbemError, match="not a readable private key"):
        keys.load_private_key(path)
