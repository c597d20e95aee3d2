"""Heat's encryption of secrets in its database, read back.

Heat stores some values (a stack's trust id in ``user_creds``, redacted
resource data, and optionally properties and hidden parameters) encrypted
with its ``auth_encryption_key``, next to the name of the method that
decrypts them. Three methods have existed:

- ``cryptography_decrypt_v1`` (Heat since Pike): a Fernet token whose key is
  the standard base64 encoding of the first 32 characters of the key
  (a key shorter than 32 characters is first doubled);
- ``oslo_decrypt_v1``: base64 of a 16-byte IV and AES-CBC ciphertext under
  the key's first 32 characters, padded ANSI X.923 style plus one byte;
- ``heat_decrypt``: base64 of a 16-byte IV and AES-CFB ciphertext.

Encrypted maps (properties, parameters) keep each value as
``[method, ciphertext]`` of its JSON text.
"""
import base64
import binascii
import json

from cryptography import fernet
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.ciphers import modes

try:   # where cryptography keeps the old modes now
    from cryptography.hazmat.decrepit.ciphers.modes import CFB
except ImportError:
    CFB = modes.CFB

# Heat's default auth_encryption_key: what a Heat whose heat.conf sets none
# encrypted with.
HEAT_DEFAULT_KEY = 'notgood but just long enough i t'


class DecryptError(Exception):
    """A value that the key given does not decrypt."""


def _key(key, doubled):
    if doubled and len(key) < 32:
        key = key * 2
    return key[:32].encode('utf-8')


def _fernet(value, key):
    try:
        return fernet.Fernet(base64.b64encode(_key(key, True))).decrypt(
            value.encode() if isinstance(value, str) else value)
    except (fernet.InvalidToken, ValueError) as exc:
        raise DecryptError(f'not a Fernet token of this key ({type(exc).__name__})') \
            from None


def _aes(value, key, mode_class):
    try:
        raw = base64.b64decode(value)
        aes = algorithms.AES(_key(key, False))
    except (binascii.Error, ValueError) as exc:
        raise DecryptError(str(exc)) from None
    size = aes.block_size // 8
    decryptor = Cipher(aes, mode_class(raw[:size])).decryptor()
    return decryptor.update(raw[size:]) + decryptor.finalize()


def _aes_cbc(value, key):
    padded = _aes(value, key, modes.CBC)
    try:
        unpadder = padding.ANSIX923(algorithms.AES.block_size).unpadder()
        plain = unpadder.update(padded) + unpadder.finalize()
    except ValueError:
        raise DecryptError('bad padding: not encrypted with this key') from None
    return plain[:-1]   # the one extra byte the old padding added


def _aes_cfb(value, key):
    return _aes(value, key, CFB)


METHODS = {
    'cryptography_decrypt_v1': _fernet,
    'oslo_decrypt_v1': _aes_cbc,
    'heat_decrypt': _aes_cfb,
}


def decrypt(method, value, key):
    """The text ``value`` decrypts to by ``method``; None when either is
    None (nothing was stored). Raises DecryptError."""
    if method is None or value is None:
        return None
    try:
        decryptor = METHODS[method]
    except KeyError:
        raise DecryptError(f'unknown encryption method {method!r}') from None
    try:
        return decryptor(value, key).decode('utf-8')
    except UnicodeDecodeError:
        raise DecryptError('decrypts to bytes that are not text: wrong key?') from None


def decrypt_map(data, key):
    """{name: value} of an encrypted map ({name: [method, ciphertext]})."""
    out = {}
    for name, (method, value) in (data or {}).items():
        text = decrypt(method, value, key)
        try:
            out[name] = None if text is None else json.loads(text)
        except ValueError:
            raise DecryptError(f'{name}: decrypts to text that is not JSON') from None
    return out
