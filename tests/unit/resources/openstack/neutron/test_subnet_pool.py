"""OS::Neutron::SubnetPool against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

import pytest
from openstack.network.v2 import subnet_pool as sdk_subnet_pool

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import subnet_pool


def _pool(properties, network, old=None, physical_id=None):
    props = subnet_pool.SubnetPool.validate_properties(properties)
    plugin = subnet_pool.SubnetPool('pool', 'stack-1', props, physical_id=physical_id,
                                    stored_properties=old or props,
                                    cloud=types.SimpleNamespace(network=network),
                                    resource_id=str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def _neutron(**shown):
    network = mock.Mock()
    made = sdk_subnet_pool.SubnetPool(id='sp-1', tags=[], **shown)
    network.create_subnet_pool.return_value = made
    network.update_subnet_pool.return_value = made
    network.find_address_scope.return_value = types.SimpleNamespace(id='scope-1')
    return network


def test_create_sends_the_pool_with_heats_name_its_scope_and_the_owner():
    network = _neutron()
    plugin = _pool({'prefixes': ['10.20.0.0/16'], 'address_scope': 'blue',
                    'default_prefixlen': 24}, network)
    assert plugin.create() == base.Done('sp-1')
    sent = network.create_subnet_pool.call_args.kwargs
    assert sent['prefixes'] == ['10.20.0.0/16'] and sent['default_prefixlen'] == 24
    assert sent['address_scope_id'] == 'scope-1'
    assert sent['name'].startswith('web-pool-')
    assert sent['description'] == plugin.marker()
    tags = network.set_tags.call_args.args[1]
    assert sorted(tags) == sorted(plugin.ownership_tags())


@pytest.mark.parametrize('bounds, message', [
    ({'min_prefixlen': 28, 'max_prefixlen': 24},
     'Illegal prefix bounds: max_prefixlen=24, min_prefixlen=28.'),
    ({'default_prefixlen': 30, 'max_prefixlen': 28},
     'Illegal prefix bounds: max_prefixlen=28, default_prefixlen=30.'),
    ({'default_prefixlen': 20, 'min_prefixlen': 24},
     'Illegal prefix bounds: min_prefixlen=24, default_prefixlen=20.'),
])
def test_prefix_bounds_that_contradict_each_other_are_refused(bounds, message):
    with pytest.raises(exception.InvalidProperties) as caught:
        subnet_pool.SubnetPool.validate_properties(dict(bounds, prefixes=['10.0.0.0/8']))
    assert message in str(caught.value)


def test_an_empty_prefix_list_is_refused():
    with pytest.raises(exception.InvalidProperties) as caught:
        subnet_pool.SubnetPool.validate_properties({'prefixes': []})
    assert caught.value.path == ('prefixes',)


def test_prefixes_may_grow_in_place():
    network = _neutron()
    old = subnet_pool.SubnetPool.validate_properties({'prefixes': ['10.20.0.0/16']})
    plugin = _pool({'prefixes': ['10.20.0.0/16', '10.30.0.0/16']}, network, old=old,
                   physical_id='sp-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('sp-1')
    network.update_subnet_pool.assert_called_once_with(
        'sp-1', prefixes=['10.20.0.0/16', '10.30.0.0/16'])


def test_prefixes_that_drop_addresses_fail_the_update_without_asking_neutron():
    network = _neutron()
    old = subnet_pool.SubnetPool.validate_properties({'prefixes': ['10.20.0.0/16']})
    plugin = _pool({'prefixes': ['10.20.0.0/17']}, network, old=old, physical_id='sp-1')
    outcome = plugin.update(old)
    assert outcome == base.Failed("Property prefixes updated value ['10.20.0.0/17'] "
                                  "should be superset of existing value "
                                  "['10.20.0.0/16'].", physical_id='sp-1')
    network.update_subnet_pool.assert_not_called()


def test_an_address_scope_removed_from_the_template_is_detached():
    network = _neutron()
    old = subnet_pool.SubnetPool.validate_properties({'prefixes': ['10.20.0.0/16'],
                                                      'address_scope': 'blue'})
    plugin = _pool({'prefixes': ['10.20.0.0/16']}, network, old=old, physical_id='sp-1')
    assert plugin.update(old) == base.Done('sp-1')
    network.update_subnet_pool.assert_called_once_with('sp-1', address_scope_id=None)


def test_shared_and_tenant_id_replace_the_pool():
    old = subnet_pool.SubnetPool.validate_properties({'prefixes': ['10.20.0.0/16']})
    plugin = _pool({'prefixes': ['10.20.0.0/16'], 'shared': True}, _neutron(), old=old,
                   physical_id='sp-1')
    assert plugin.needs_replace(old)
    assert plugin.update(old) == base.NeedsReplace('sp-1')


def test_the_observer_lists_pools_once_and_picks_its_own():
    network = mock.Mock()
    network.subnet_pools.return_value = [sdk_subnet_pool.SubnetPool(id='sp-1', name='a'),
                                         sdk_subnet_pool.SubnetPool(id='sp-2', name='b')]
    seen = subnet_pool.SubnetPool.observe_many(types.SimpleNamespace(network=network),
                                               ['sp-2', 'gone'])
    assert seen['sp-2']['name'] == 'b' and seen['gone'] is None
    network.subnet_pools.assert_called_once_with()
