"""OS::Neutron::Trunk against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

from openstack.network.v2 import trunk as sdk_trunk

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import trunk

PARENT = '00000000-0000-0000-0000-000000000001'
SUB_A = '00000000-0000-0000-0000-00000000000a'
SUB_B = '00000000-0000-0000-0000-00000000000b'


def _trunk(properties, network, old=None, physical_id=None):
    props = trunk.Trunk.validate_properties(properties)
    plugin = trunk.Trunk('trunk', 'stack-1', props, physical_id=physical_id,
                         stored_properties=old or props,
                         cloud=types.SimpleNamespace(network=network),
                         resource_id=str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def _neutron(status='DOWN'):
    network = mock.Mock()
    made = sdk_trunk.Trunk(id='trunk-1', port_id=PARENT, status=status, tags=[])
    network.create_trunk.return_value = made
    network.get_trunk.return_value = made
    network.update_trunk.return_value = made
    network.find_port.return_value = types.SimpleNamespace(id=SUB_B)
    return network


def _sub(port, vlan):
    return {'port': port, 'segmentation_type': 'vlan', 'segmentation_id': vlan}


def test_create_sends_the_parent_and_subports_by_id():
    network = _neutron()
    plugin = _trunk({'port': PARENT, 'sub_ports': [_sub('sub-b', 10)]}, network)
    assert plugin.create() == base.Done('trunk-1')
    sent = network.create_trunk.call_args.kwargs
    assert sent['port_id'] == PARENT
    assert sent['sub_ports'] == [{'port_id': SUB_B, 'segmentation_type': 'vlan',
                                  'segmentation_id': 10}]
    network.find_port.assert_called_once_with('sub-b', ignore_missing=False)
    assert plugin.attributes()['port_id'] == PARENT


def test_a_trunk_neutron_still_builds_is_pending_and_an_errored_one_fails():
    assert _trunk({'port': PARENT}, _neutron('BUILD')).create() == base.Pending('trunk-1')
    assert isinstance(_trunk({'port': PARENT}, _neutron('ERROR')).create(), base.Failed)


def test_changed_subports_leave_before_the_new_ones_come_and_the_same_stay():
    network = _neutron()
    calls = []
    network.delete_trunk_subports.side_effect = lambda *a: calls.append(('remove',) + a)
    network.add_trunk_subports.side_effect = lambda *a: calls.append(('add',) + a)
    old = trunk.Trunk.validate_properties({'port': PARENT, 'sub_ports': [
        _sub(SUB_A, 10), _sub(SUB_B, 20)]})
    plugin = _trunk({'port': PARENT, 'sub_ports': [_sub(SUB_A, 10), _sub(SUB_B, 30)]},
                    network, old=old, physical_id='trunk-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('trunk-1')
    assert calls == [('remove', 'trunk-1', [{'port_id': SUB_B}]),
                     ('add', 'trunk-1', [{'port_id': SUB_B, 'segmentation_type': 'vlan',
                                          'segmentation_id': 30}])]
    network.update_trunk.assert_not_called()   # nothing else changed


def test_another_parent_port_replaces_the_trunk():
    old = trunk.Trunk.validate_properties({'port': PARENT})
    plugin = _trunk({'port': SUB_A}, _neutron(), old=old, physical_id='trunk-1')
    assert plugin.needs_replace(old)
