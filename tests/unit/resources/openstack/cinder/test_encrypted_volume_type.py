"""OS::Cinder::EncryptedVolumeType against a stand-in for Cinder."""
import types
import uuid
from unittest import mock

from openstack.block_storage.v3 import type as sdk_type

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import encrypted_volume_type as evt

LUKS = 'nova.volume.encryptors.luks.LuksEncryptor'


def _plugin(properties, cinder, old=None, physical_id=None):
    props = evt.EncryptedVolumeType.validate_properties(properties)
    return evt.EncryptedVolumeType('enc', 'stack-1', props, physical_id=physical_id,
                                   stored_properties=old or props,
                                   cloud=types.SimpleNamespace(block_storage=cinder),
                                   resource_id=str(uuid.uuid4()))


def test_the_encryption_is_named_by_its_volume_type():
    cinder = mock.Mock()
    cinder.find_type.return_value = types.SimpleNamespace(id='vt-1')
    cinder.create_type_encryption.return_value = sdk_type.TypeEncryption(
        provider=LUKS, encryption_id='enc-9')
    plugin = _plugin({'provider': LUKS, 'volume_type': 'gold', 'key_size': 256}, cinder)
    assert plugin.create() == base.Done('vt-1')
    cinder.create_type_encryption.assert_called_once_with(
        'vt-1', provider=LUKS, control_location='front-end', cipher=None, key_size=256)


def test_specs_update_in_place_and_another_type_replaces():
    cinder = mock.Mock()
    old = evt.EncryptedVolumeType.validate_properties({'provider': LUKS,
                                                       'volume_type': 'gold'})
    plugin = _plugin(dict(old, cipher='aes-xts-plain64'), cinder, old=old,
                     physical_id='vt-1')
    assert plugin.update(old) == base.Done('vt-1')
    cinder.update_type_encryption.assert_called_once_with(volume_type='vt-1',
                                                          cipher='aes-xts-plain64')
    moved = _plugin(dict(old, volume_type='silver'), cinder, old=old, physical_id='vt-1')
    assert moved.update(old) == base.NeedsReplace('vt-1')


def test_delete_removes_the_encryption_not_the_type():
    cinder = mock.Mock()
    assert _plugin({'provider': LUKS, 'volume_type': 'gold'}, cinder,
                   physical_id='vt-1').delete() == base.Done()
    cinder.delete_type_encryption.assert_called_once_with(volume_type='vt-1',
                                                          ignore_missing=True)
    cinder.delete_type.assert_not_called()
