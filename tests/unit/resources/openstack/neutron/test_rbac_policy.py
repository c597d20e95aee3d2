"""OS::Neutron::RBACPolicy against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

import pytest
from openstack.network.v2 import rbac_policy as sdk_rbac

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import rbac_policy

NET_ID = '11111111-2222-3333-4444-555555555555'


def _policy(properties, network, old=None, physical_id=None):
    props = rbac_policy.RBACPolicy.validate_properties(properties)
    return rbac_policy.RBACPolicy('share', 'stack-1', props, physical_id=physical_id,
                                  stored_properties=old or props,
                                  cloud=types.SimpleNamespace(network=network),
                                  resource_id=str(uuid.uuid4()))


def _neutron():
    network = mock.Mock()
    made = sdk_rbac.RBACPolicy(id='rbac-1', object_type='network', object_id=NET_ID,
                               action='access_as_shared', target_tenant='proj-2')
    network.create_rbac_policy.return_value = made
    network.update_rbac_policy.return_value = made
    network.find_network.return_value = types.SimpleNamespace(id=NET_ID)
    network.find_qos_policy.return_value = types.SimpleNamespace(id='policy-1')
    return network


def test_a_network_named_by_name_is_shared_by_its_id_with_nothing_else_sent():
    network = _neutron()
    plugin = _policy({'object_type': 'network', 'object_id': 'private',
                      'action': 'access_as_shared', 'target_tenant': 'proj-2'}, network)
    assert plugin.create() == base.Done('rbac-1')
    network.create_rbac_policy.assert_called_once_with(
        object_type='network', object_id=NET_ID, action='access_as_shared',
        target_tenant='proj-2')
    network.set_tags.assert_not_called()   # an RBAC policy takes no tags


def test_a_qos_policy_is_looked_up_as_one():
    network = _neutron()
    plugin = _policy({'object_type': 'qos_policy', 'object_id': 'gold',
                      'action': 'access_as_shared', 'target_tenant': '*'}, network)
    plugin.create()
    assert network.create_rbac_policy.call_args.kwargs['object_id'] == 'policy-1'


def test_an_action_the_object_type_does_not_have_is_refused():
    with pytest.raises(exception.InvalidProperties) as caught:
        rbac_policy.RBACPolicy.validate_properties(
            {'object_type': 'qos_policy', 'object_id': 'gold',
             'action': 'access_as_external', 'target_tenant': '*'})
    assert caught.value.path == ('action',)
    assert 'Valid actions: access_as_shared' in str(caught.value)


def test_the_target_updates_in_place_and_the_object_replaces():
    old = rbac_policy.RBACPolicy.validate_properties(
        {'object_type': 'network', 'object_id': NET_ID, 'action': 'access_as_shared',
         'target_tenant': 'proj-2'})
    network = _neutron()
    plugin = _policy(dict(old, target_tenant='proj-3'), network, old=old,
                     physical_id='rbac-1')
    assert plugin.update(old) == base.Done('rbac-1')
    network.update_rbac_policy.assert_called_once_with('rbac-1', target_tenant='proj-3')
    moved = _policy(dict(old, object_id='another'), network, old=old, physical_id='rbac-1')
    assert moved.needs_replace(old)


def test_a_lost_create_is_not_adopted():
    # Nothing on an RBAC policy names its owner.
    network = _neutron()
    assert _policy({'object_type': 'network', 'object_id': NET_ID,
                    'action': 'access_as_shared', 'target_tenant': 'p'},
                   network).find_orphan() is None
    network.rbac_policies.assert_not_called()
