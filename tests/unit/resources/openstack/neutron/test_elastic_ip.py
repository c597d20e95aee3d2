"""AWS::EC2::EIP and AWS::EC2::EIPAssociation against a stand-in for
Neutron (and Nova, for an instance named by name)."""
import types
import uuid
from unittest import mock

import pytest
from openstack.network.v2 import floating_ip as sdk_floating_ip

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import elastic_ip

SERVER = '00000000-0000-0000-0000-000000000005'
PORT, OTHER_PORT = 'port-1', 'port-2'


def _neutron(externals=1):
    network = mock.Mock()
    network.networks.return_value = [types.SimpleNamespace(id=f'ext-{n}')
                                     for n in range(externals)]
    made = sdk_floating_ip.FloatingIP(id='fip-1', floating_ip_address='172.24.4.9',
                                      status='DOWN', tags=[], port_id=None)
    network.create_ip.return_value = made
    network.update_ip.return_value = made
    network.get_ip.return_value = made
    network.ports.side_effect = lambda device_id: [types.SimpleNamespace(
        id=PORT if device_id == SERVER else OTHER_PORT)]
    network.ips.return_value = [made]
    return network


def _plugin(cls, properties, network, physical_id=None, data=None):
    props = cls.validate_properties(properties)
    plugin = cls('ip', 'stack-1', props, physical_id=physical_id, stored_data=data,
                 cloud=types.SimpleNamespace(network=network, compute=mock.Mock()),
                 resource_id=str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def test_an_eip_is_a_floating_ip_of_the_external_network_on_the_instances_port():
    network = _neutron()
    plugin = _plugin(elastic_ip.ElasticIp, {'InstanceId': SERVER}, network)
    assert plugin.create() == base.Done('fip-1')
    sent = network.create_ip.call_args.kwargs
    assert sent['floating_network_id'] == 'ext-0' and sent['port_id'] == PORT
    network.networks.assert_called_once_with(is_router_external=True)
    # Its reference is the address; AllocationId its id.
    assert plugin.refid() == '172.24.4.9'
    assert plugin.attributes()['AllocationId'] == 'fip-1'
    again = _plugin(elastic_ip.ElasticIp, {}, network, 'fip-1', data=plugin.data)
    assert again.refid() == '172.24.4.9'


def test_an_eip_needs_exactly_one_external_network():
    failed = _plugin(elastic_ip.ElasticIp, {}, _neutron(externals=2)).create()
    assert isinstance(failed, base.Failed)
    assert 'Expected 1 external network, found 2' in failed.reason


def test_a_new_instance_moves_the_eip_and_none_takes_it_off():
    network = _neutron()
    old = elastic_ip.ElasticIp.validate_properties({'InstanceId': 'old'})
    plugin = _plugin(elastic_ip.ElasticIp, {'InstanceId': SERVER}, network, 'fip-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('fip-1')
    network.update_ip.assert_called_once_with('fip-1', port_id=PORT)
    network.update_ip.reset_mock()
    plugin = _plugin(elastic_ip.ElasticIp, {}, network, 'fip-1')
    assert plugin.update(old) == base.Done('fip-1')
    network.update_ip.assert_called_once_with('fip-1', port_id=None)
    # Domain is not updatable: a VPC address is another address.
    assert _plugin(elastic_ip.ElasticIp, {'Domain': 'vpc'}, network).needs_replace({})


@pytest.mark.parametrize('properties, message', [
    ({'InstanceId': SERVER}, "Either 'EIP' or 'AllocationId' must be provided."),
    ({'EIP': '1.2.3.4', 'AllocationId': 'a', 'InstanceId': SERVER},
     "Either 'EIP' or 'AllocationId' must be provided."),
    ({'EIP': '1.2.3.4', 'NetworkInterfaceId': PORT},
     "Must specify 'InstanceId' if you specify 'EIP'."),
    ({'AllocationId': 'a'}, 'At least one of the following properties must be '
                            'specified: InstanceId, NetworkInterfaceId'),
])
def test_an_association_checks_its_properties_as_heat_does(properties, message):
    with pytest.raises(exception.InvalidProperties, match=message):
        elastic_ip.ElasticIpAssociation.validate_properties(properties)


def test_an_association_by_address_puts_it_on_the_instances_first_port():
    network = _neutron()
    plugin = _plugin(elastic_ip.ElasticIpAssociation,
                     {'EIP': '172.24.4.9', 'InstanceId': SERVER}, network)
    assert plugin.create() == base.Done('fip-1')
    network.ips.assert_called_once_with(floating_ip_address='172.24.4.9')
    network.update_ip.assert_called_once_with('fip-1', port_id=PORT,
                                              fixed_ip_address=None)
    assert plugin.refid().startswith('web-ip-')
    assert plugin.delete() == base.Done()
    network.update_ip.assert_called_with('fip-1', port_id=None)


def test_an_association_by_allocation_id_moves_to_a_new_interface():
    network = _neutron()
    old = elastic_ip.ElasticIpAssociation.validate_properties(
        {'AllocationId': 'fip-1', 'InstanceId': SERVER})
    plugin = _plugin(elastic_ip.ElasticIpAssociation,
                     {'AllocationId': 'fip-1', 'NetworkInterfaceId': OTHER_PORT},
                     network, 'fip-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('fip-1')
    # The same address: moved, never taken off first.
    network.update_ip.assert_called_once_with('fip-1', port_id=OTHER_PORT,
                                              fixed_ip_address=None)
    network.ips.assert_not_called()


def test_an_instance_named_by_name_is_found_in_nova():
    network = _neutron()
    plugin = _plugin(elastic_ip.ElasticIpAssociation,
                     {'AllocationId': 'fip-1', 'InstanceId': 'vm'}, network)
    plugin.cloud.compute.find_server.return_value = types.SimpleNamespace(id=SERVER)
    assert plugin.create() == base.Done('fip-1')
    plugin.cloud.compute.find_server.assert_called_once_with('vm', ignore_missing=False)
    assert network.update_ip.call_args.kwargs['port_id'] == PORT
