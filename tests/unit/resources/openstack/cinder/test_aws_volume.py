"""AWS::EC2::Volume and AWS::EC2::VolumeAttachment against stand-ins for
Cinder and Nova: what they ask the native types' code to do."""
import types
from unittest import mock

import pytest

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import aws_volume

TAGS = [{'Key': 'role', 'Value': 'data'}]


def _volume(properties, cinder=None, physical_id=None):
    props = aws_volume.Volume.validate_properties(properties)
    plugin = aws_volume.Volume('data', 'stack-1', props, physical_id=physical_id,
                               cloud=types.SimpleNamespace(block_storage=cinder),
                               resource_id='0123abcd-0000-4000-8000-000000000000')
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def test_a_volume_is_made_with_its_size_zone_and_tags_as_metadata():
    cinder = mock.Mock()
    cinder.create_volume.return_value = types.SimpleNamespace(id='vol-1')
    plugin = _volume({'Size': 1, 'AvailabilityZone': 'nova', 'Tags': TAGS}, cinder)
    assert plugin.create() == base.Pending('vol-1')
    sent = cinder.create_volume.call_args.kwargs
    assert sent['size'] == 1 and sent['availability_zone'] == 'nova'
    assert sent['metadata']['role'] == 'data'
    assert sent['metadata']['heat_conv_stack_id'] == 'stack-1'
    assert sent['name'].startswith('web-data-')
    assert 'backup_id' not in sent


def test_snapshot_id_is_the_backup_a_volume_is_restored_from():
    cinder = mock.Mock()
    cinder.create_volume.return_value = types.SimpleNamespace(id='vol-1')
    _volume({'AvailabilityZone': 'nova', 'SnapshotId': 'backup-1'}, cinder).create()
    assert cinder.create_volume.call_args.kwargs['backup_id'] == 'backup-1'


def test_a_changed_volume_property_fails_the_update_as_heat_does():
    old = aws_volume.Volume.validate_properties({'Size': 1, 'AvailabilityZone': 'nova'})
    plugin = _volume({'Size': 1, 'AvailabilityZone': 'nova', 'Tags': TAGS},
                     physical_id='vol-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Failed(
        "Update to properties ['Tags'] of data (AWS::EC2::Volume) is not supported.",
        'vol-1')
    assert plugin.update(dict(plugin.properties)) == base.Done('vol-1')


def test_a_volumes_drift_compares_its_tags():
    props = aws_volume.Volume.validate_properties({'Size': 1, 'AvailabilityZone': 'nova',
                                                   'Tags': TAGS})
    plugin = _volume(props, physical_id='vol-1')
    shown = {'id': 'vol-1', 'size': 1, 'description': None, 'name': 'x',
             'metadata': {'role': 'data', 'heat_conv_stack_id': 'stack-1'}}
    assert plugin.drift(props, shown) == (Drift.IN_SYNC, None)
    status, detail = plugin.drift(props, dict(shown, metadata={}))
    assert status == Drift.MODIFIED and set(detail) == {'metadata'}


def _attachment(properties, compute=None):
    props = aws_volume.VolumeAttachment.validate_properties(properties)
    return aws_volume.VolumeAttachment('attach', 'stack-1', props,
                                       cloud=types.SimpleNamespace(compute=compute))


ATTACH = {'InstanceId': 'server-1', 'VolumeId': 'vol-1', 'Device': '/dev/vdb'}


def test_an_attachment_asks_nova_for_the_device_and_waits_on_the_volume():
    compute = mock.Mock()
    assert _attachment(ATTACH, compute).create() == base.Pending('vol-1')
    compute.create_volume_attachment.assert_called_once_with('server-1', 'vol-1',
                                                             device='/dev/vdb')
    plugin = _attachment(ATTACH)
    plugin.physical_id = 'vol-1'
    in_use = {'id': 'vol-1', 'status': 'in-use',
              'attachments': [{'server_id': 'server-1', 'device': '/dev/vdb'}]}
    assert plugin.progress('CREATE', in_use) == base.Done('vol-1')
    assert plugin.progress('DELETE', dict(in_use, attachments=[])) == base.Done()


@pytest.mark.parametrize('device', ['/dev/sdb', '/dev/vda', '/dev/vdbb', 'vdb'])
def test_a_device_must_be_a_virtio_disk_after_the_first(device):
    with pytest.raises(exception.InvalidProperties, match='does not match pattern'):
        aws_volume.VolumeAttachment.validate_properties(dict(ATTACH, Device=device))


def test_a_changed_attachment_fails_the_update():
    old = aws_volume.VolumeAttachment.validate_properties(ATTACH)
    plugin = _attachment(dict(ATTACH, Device='/dev/vdc'))
    assert not plugin.needs_replace(old)
    assert isinstance(plugin.update(old), base.Failed)
