"""OS::Neutron::AddressScope against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

from openstack.network.v2 import address_scope as sdk_address_scope

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import address_scope


def test_create_sends_only_what_an_address_scope_has():
    network = mock.Mock()
    network.create_address_scope.return_value = sdk_address_scope.AddressScope(
        id='scope-1', name='blue', ip_version=6)
    props = address_scope.AddressScope.validate_properties({'name': 'blue',
                                                            'ip_version': 6})
    plugin = address_scope.AddressScope('scope', 'stack-1', props,
                                        cloud=types.SimpleNamespace(network=network),
                                        resource_id=str(uuid.uuid4()))
    assert plugin.create() == base.Done('scope-1')
    network.create_address_scope.assert_called_once_with(name='blue', shared=False,
                                                         ip_version=6)
    network.set_tags.assert_not_called()
    assert plugin.find_orphan() is None


def test_name_and_sharing_update_in_place_and_the_family_replaces():
    old = address_scope.AddressScope.validate_properties({'name': 'blue'})
    renamed = address_scope.AddressScope('scope', 'stack-1', dict(old, name='green',
                                                                  shared=True),
                                         stored_properties=old, physical_id='scope-1')
    assert not renamed.needs_replace(old)
    family = address_scope.AddressScope('scope', 'stack-1', dict(old, ip_version=6),
                                        stored_properties=old, physical_id='scope-1')
    assert family.needs_replace(old)
