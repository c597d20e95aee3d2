"""OS::Neutron::ProviderNet against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

import pytest
from openstack.network.v2 import network as sdk_network

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import provider_net


def _net(properties, network, old=None, physical_id=None):
    props = provider_net.ProviderNet.validate_properties(properties)
    plugin = provider_net.ProviderNet('phys', 'stack-1', props, physical_id=physical_id,
                                      stored_properties=old or props,
                                      cloud=types.SimpleNamespace(network=network),
                                      resource_id=str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def _neutron():
    network = mock.Mock()
    made = sdk_network.Network(id='net-1', status='ACTIVE', tags=[])
    network.create_network.return_value = made
    network.update_network.return_value = made
    return network


def test_create_sends_the_provider_fields_under_neutrons_extension_names():
    network = _neutron()
    plugin = _net({'network_type': 'vlan', 'physical_network': 'physnet1',
                   'segmentation_id': '101', 'router_external': True}, network)
    assert plugin.create() == base.Done('net-1')
    sent = network.create_network.call_args.kwargs
    assert sent['provider:network_type'] == 'vlan'
    assert sent['provider:physical_network'] == 'physnet1'
    assert sent['provider:segmentation_id'] == 101
    assert sent['router:external'] is True and sent['shared'] is True
    # The SDK sends them: they are fields it knows under those names.
    made = sdk_network.Network(**sent)
    assert (made.provider_network_type, made.provider_segmentation_id,
            made.is_router_external) == ('vlan', 101, True)


def test_a_segmentation_id_only_goes_with_vlan():
    with pytest.raises(exception.InvalidProperties) as caught:
        provider_net.ProviderNet.validate_properties({'network_type': 'flat',
                                                      'segmentation_id': '5'})
    assert caught.value.path == ('segmentation_id',)


def test_provider_fields_update_in_place():
    network = _neutron()
    old = provider_net.ProviderNet.validate_properties({'network_type': 'flat',
                                                        'physical_network': 'a'})
    plugin = _net(dict(old, physical_network='b', router_external=True), network,
                  old=old, physical_id='net-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('net-1')
    # Only what changed.
    network.update_network.assert_called_once_with(
        'net-1', **{'provider:physical_network': 'b', 'router:external': True})
