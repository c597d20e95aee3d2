"""Heat's encrypted values decrypted: the three methods Heat has written,
and a wrong key said clearly rather than turned into garbage."""
import base64
import json
import os

import pytest
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.ciphers import modes

from heat_conv.heat_import import heat_crypt
from tests.unit.heat_import import heat_fixture

KEY = 'a 32-character key for the tests'
# heat.common.crypt.encrypt('0f0c6b1e2a3d4c5b8a7f6e5d4c3b2a19') in Heat
# 27.0.1's venv, heat.conf setting no auth_encryption_key.
HEAT27_TRUST = ('cryptography_decrypt_v1',
                'gAAAAABrCiMONA9UrtlVZyExYXl5UggXJi6H5y7KFoXHs9cCOsuG8Wke6JicKQCgwoH7IHUrcX'
                'eyMeJM-gh2OHhWf2cK4tOWhMsl4weAc18SjM3hU5XxIYdQCC34UwWGJUQhxeg8kTPG')
HEAT27_TRUST_PLAIN = '0f0c6b1e2a3d4c5b8a7f6e5d4c3b2a19'


def _cbc(text, key):
    # The old oslo scheme: IV first, ANSI X.923 padding over text + one byte.
    iv = os.urandom(16)
    padder = padding.ANSIX923(128).padder()
    padded = padder.update(text.encode() + b'\0') + padder.finalize()
    enc = Cipher(algorithms.AES(key[:32].encode()), modes.CBC(iv)).encryptor()
    return base64.b64encode(iv + enc.update(padded) + enc.finalize()).decode()


def _cfb(text, key):
    iv = os.urandom(16)
    enc = Cipher(algorithms.AES(key[:32].encode()), heat_crypt.CFB(iv)).encryptor()
    return base64.b64encode(iv + enc.update(text.encode()) + enc.finalize()).decode()


def test_a_trust_id_heat_27_encrypted_with_its_default_key():
    # Written by Heat 27.0.1's own crypt.encrypt (heat.common.crypt), key
    # unset in heat.conf.
    method, value = HEAT27_TRUST
    assert heat_crypt.decrypt(method, value, heat_crypt.HEAT_DEFAULT_KEY) == \
        HEAT27_TRUST_PLAIN


def test_fernet_with_a_short_key_doubles_it_as_heat_does():
    short = 'sixteen chars!!!'
    method, value = heat_fixture.fernet_encrypt('hello', short * 2)
    assert heat_crypt.decrypt(method, value, short) == 'hello'


@pytest.mark.parametrize('method, encrypt', [('oslo_decrypt_v1', _cbc),
                                             ('heat_decrypt', _cfb)])
def test_older_methods(method, encrypt):
    assert heat_crypt.decrypt(method, encrypt('a trust id', KEY), KEY) == 'a trust id'


def test_a_wrong_key_is_an_error_not_garbage():
    method, value = heat_fixture.fernet_encrypt('secret', KEY)
    with pytest.raises(heat_crypt.DecryptError, match='not a Fernet token'):
        heat_crypt.decrypt(method, value, heat_crypt.HEAT_DEFAULT_KEY)
    with pytest.raises(heat_crypt.DecryptError):
        heat_crypt.decrypt('oslo_decrypt_v1', _cbc('secret' * 5, KEY),
                           heat_crypt.HEAT_DEFAULT_KEY)


def test_unknown_method_and_nothing_stored():
    with pytest.raises(heat_crypt.DecryptError, match='unknown encryption method'):
        heat_crypt.decrypt('rot13', 'x', KEY)
    assert heat_crypt.decrypt(None, None, KEY) is None


def test_an_encrypted_map_holds_json_values():
    data = {name: list(heat_fixture.fernet_encrypt(json.dumps(value), KEY))
            for name, value in {'size': 3, 'name': 'v', 'tags': ['a']}.items()}
    assert heat_crypt.decrypt_map(data, KEY) == {'size': 3, 'name': 'v', 'tags': ['a']}
