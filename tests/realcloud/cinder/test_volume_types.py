"""OS::Cinder::VolumeType, QoSSpecs and EncryptedVolumeType against the
real Cinder, as the admin (Cinder's default policy keeps them to admins)."""
import uuid

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import encrypted_volume_type
from heat_conv.resources.openstack.cinder import qos_specs
from heat_conv.resources.openstack.cinder import volume_type

LUKS = 'nova.volume.encryptors.luks.LuksEncryptor'


def _type_ids(admin):
    return {found.id for found in admin.block_storage.types(is_public='None')}


def test_a_volume_type_updates_in_place_and_goes(harness, admin, demo):
    name = f'hc-vt-{uuid.uuid4().hex[:6]}'
    made = harness.plugin(volume_type.VolumeType, 'vtype', {
        'name': name, 'is_public': False, 'metadata': {'volume_backend_name': 'fake'},
        'projects': [demo.current_project_id]}, cloud=admin)
    assert made.create() == base.Done(made.physical_id)
    shown = admin.block_storage.get_type(made.physical_id)
    assert shown.name == name and shown.is_public is False
    assert shown.extra_specs == {'volume_backend_name': 'fake'}
    assert [a['project_id'] for a in admin.block_storage.get_type_access(
        made.physical_id)] == [demo.current_project_id]
    assert made.find_orphan() == made.physical_id   # its owner is in its description

    later = harness.again(made, dict(made.properties, name=name + '-2',
                                     description='gold disks',
                                     metadata={'replicas': 3}, projects=[]), cloud=admin)
    assert not later.needs_replace(made.properties)
    assert later.update(made.properties) == base.Done(made.physical_id)
    shown = admin.block_storage.get_type(made.physical_id)
    assert (shown.name, shown.description) == (name + '-2', 'gold disks')
    assert shown.extra_specs == {'replicas': '3'}
    assert admin.block_storage.get_type_access(made.physical_id) == []

    assert later.delete() == base.Done()
    assert made.physical_id not in _type_ids(admin)
    assert later.delete() == base.Done()


def test_qos_specs_update_their_keys_and_replace_for_a_new_name(harness, admin):
    specs = harness.plugin(qos_specs.QoSSpecs, 'qos', {'specs': {'read_iops_sec': 500,
                                                                 'consumer': 'back-end'}},
                           cloud=admin)
    assert specs.create() == base.Done(specs.physical_id)
    shown = admin.block_storage.get_qos_spec(specs.physical_id)
    assert shown.name.startswith(harness.stack.name + '-qos-')
    assert shown.specs['read_iops_sec'] == '500'

    later = harness.again(specs, {'specs': {'write_iops_sec': 100,
                                            'consumer': 'back-end'}}, cloud=admin)
    assert later.update(specs.properties) == base.Done(specs.physical_id)
    shown = admin.block_storage.get_qos_spec(specs.physical_id)
    assert shown.specs.get('write_iops_sec') == '100' and 'read_iops_sec' not in shown.specs
    assert harness.again(specs, dict(later.properties, name='other'),
                         cloud=admin).needs_replace(later.properties)

    # A volume type using the specs does not stop their delete.
    vtype = admin.block_storage.create_type(name=f'hc-qos-vt-{uuid.uuid4().hex[:6]}')
    try:
        admin.block_storage.associate_qos_spec(specs.physical_id, vtype.id)
        assert later.delete() == base.Done()
        assert admin.block_storage.find_qos_spec(specs.physical_id) is None
    finally:
        admin.block_storage.delete_type(vtype, ignore_missing=True)


def test_a_type_is_encrypted_updated_and_decrypted_without_losing_the_type(
        harness, admin):
    vtype = admin.block_storage.create_type(name=f'hc-enc-{uuid.uuid4().hex[:6]}')
    try:
        enc = harness.plugin(encrypted_volume_type.EncryptedVolumeType, 'enc',
                             {'provider': LUKS, 'volume_type': vtype.name,
                              'key_size': 256}, cloud=admin)
        assert enc.create() == base.Done(vtype.id)
        shown = admin.block_storage.get_type_encryption(vtype.id)
        assert (shown.provider, shown.key_size) == (LUKS, 256)

        later = harness.again(enc, dict(enc.properties, cipher='aes-xts-plain64',
                                        key_size=512), cloud=admin)
        assert later.update(enc.properties) == base.Done(vtype.id)
        shown = admin.block_storage.get_type_encryption(vtype.id)
        assert (shown.cipher, shown.key_size) == ('aes-xts-plain64', 512)
        assert isinstance(later.check(), base.Done)

        assert later.delete() == base.Done()
        assert not getattr(admin.block_storage.get_type_encryption(vtype.id),
                           'provider', None)
        assert vtype.id in _type_ids(admin)
        assert isinstance(later.check(), base.Failed)
    finally:
        admin.block_storage.delete_type(vtype, ignore_missing=True)
