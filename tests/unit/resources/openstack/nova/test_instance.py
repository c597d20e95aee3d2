"""AWS::EC2::Instance: its properties checked and translated into a
server's, what replaces it, and its attributes."""
from unittest import mock

import pytest

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import instance as instance_mod
from heat_conv.resources.openstack.nova import instance_properties

Instance = instance_mod.Instance
BASE = {'ImageId': 'cirros', 'InstanceType': 'm1.tiny'}
PATH = ('resources', 'vm', 'properties')


def _invalid(properties, words):
    with pytest.raises(exception.InvalidProperties) as caught:
        Instance.validate_properties(properties, PATH)
    assert words in str(caught.value)
    return caught.value


def test_image_and_type_are_required_and_unknown_names_refused():
    _invalid({'ImageId': 'cirros'}, 'InstanceType is required')
    _invalid(dict(BASE, image='cirros'), 'Unknown property image')


def test_security_groups_cannot_go_with_network_interfaces():
    error = _invalid(dict(BASE, SecurityGroupIds=['sg'], NetworkInterfaces=['p1']),
                     'SecurityGroups/SecurityGroupIds, NetworkInterfaces')
    assert error.path[-1] == 'NetworkInterfaces'


def test_block_device_mappings_need_a_snapshot():
    _invalid(dict(BASE, BlockDeviceMappings=[{'DeviceName': 'vdb'}]), 'Ebs is missing')
    _invalid(dict(BASE, BlockDeviceMappings=[{'DeviceName': 'vdb', 'Ebs': {}}]),
             'SnapshotId is missing')


def test_the_instance_is_a_server_in_heats_terms():
    props = Instance.validate_properties(dict(
        BASE, KeyName='k', AvailabilityZone='nova', SecurityGroups=['web'],
        SecurityGroupIds=['sg-2'], SubnetId='sub-1', UserData='#!/bin/sh\n',
        Tags=[{'Key': 'team', 'Value': 'blue'}],
        NovaSchedulerHints=[{'Key': 'group', 'Value': 'a'}, {'Key': 'group', 'Value': 'b'}],
        Volumes=[{'Device': '/dev/vdc', 'VolumeId': 'vol-1'}],
        BlockDeviceMappings=[{'DeviceName': 'vdb', 'Ebs': {'SnapshotId': 'snap-1',
                                                           'VolumeSize': '2'}}]), PATH)
    server = instance_mod.as_server(props)
    assert server['image'] == 'cirros' and server['flavor'] == 'm1.tiny'
    assert server['key_name'] == 'k' and server['availability_zone'] == 'nova'
    assert server['security_groups'] == ['web', 'sg-2']
    assert server['networks'][0]['subnet'] == 'sub-1'
    assert server['metadata'] == {'team': 'blue'}
    assert server['scheduler_hints'] == {'group': ['a', 'b']}
    assert server['user_data'] == '#!/bin/sh\n'
    assert server['user_data_format'] == 'HEAT_CFNTOOLS'
    devices = server['block_device_mapping_v2']
    assert devices[0]['snapshot_id'] == 'snap-1' and devices[0]['volume_size'] == 2
    assert devices[0]['delete_on_termination'] is True and devices[0]['boot_index'] == -1
    assert devices[1]['volume_id'] == 'vol-1' and devices[1]['device_name'] == '/dev/vdc'
    assert devices[1]['delete_on_termination'] is False


def test_network_interfaces_are_plugged_in_device_index_order():
    nics = instance_properties.server_properties(dict(BASE, NetworkInterfaces=[
        {'NetworkInterfaceId': 'p2', 'DeviceIndex': '1'},
        {'NetworkInterfaceId': 'p1', 'DeviceIndex': '0'}]))['networks']
    assert nics == [{'port': 'p1'}, {'port': 'p2'}]
    plain = instance_properties.server_properties(dict(BASE, NetworkInterfaces=['a', 'b']))
    assert plain['networks'] == [{'port': 'a'}, {'port': 'b'}]


def _instance(props, old=None):
    props = Instance.validate_properties(props, PATH)
    return Instance('vm', 'stack-1', props, physical_id='srv-1', resource_id='r-1',
                    cloud=mock.Mock()), Instance.validate_properties(old or BASE, PATH)


@pytest.mark.parametrize('change, replaces', [
    ({'InstanceType': 'm1.small'}, False),
    ({'Tags': [{'Key': 'a', 'Value': 'b'}]}, False),
    ({'ImageId': 'fedora'}, True),
    ({'KeyName': 'other'}, True),
    ({'UserData': 'new'}, True),
    ({'SubnetId': 'sub-2'}, True),
])
def test_what_changes_in_place_and_what_replaces(change, replaces):
    plugin, old = _instance(dict(BASE, **change))
    assert plugin.needs_replace(old) is replaces


def test_a_new_type_resizes_and_new_tags_set_the_servers_metadata():
    plugin, old = _instance(dict(BASE, InstanceType='m1.small',
                                 Tags=[{'Key': 'a', 'Value': 'b'}]))
    compute = plugin.cloud.compute
    compute.find_flavor.return_value = mock.Mock(id='f-2')
    compute.find_flavor.return_value.name = 'm1.small'
    compute.fetch_server_metadata.return_value = mock.Mock(metadata={'old': 'x'})
    outcome = plugin.update(old)
    assert outcome == base.Pending('srv-1')
    compute.resize_server.assert_called_once_with('srv-1', 'f-2')
    compute.delete_server_metadata.assert_called_once_with('srv-1', ['old'])
    (args, kwargs), = compute.set_server_metadata.call_args_list
    assert kwargs['a'] == 'b'


def test_attributes_are_the_first_address_and_the_zone(monkeypatch):
    plugin, _ = _instance(BASE)
    monkeypatch.setattr(instance_mod.server.server_addresses, 'attributes',
                        lambda p: {'first_address': '10.0.0.5',
                                   'show': {'OS-EXT-AZ:availability_zone': 'az1'}})
    found = plugin.attributes()
    assert found['PublicIp'] == found['PrivateIp'] == '10.0.0.5'
    assert found['PrivateDnsName'] == found['PublicDnsName'] == '10.0.0.5'
    assert found['AvailabilityZone'] == 'az1'
    monkeypatch.setattr(instance_mod.server.server_addresses, 'attributes',
                        lambda p: {'first_address': '', 'show': {}})
    assert plugin.attributes()['PublicIp'] == '0.0.0.0'
