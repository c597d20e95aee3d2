"""OS::Neutron::SubnetPool and OS::Neutron::AddressScope against the real
Neutron, as the demo user."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import address_scope
from heat_conv.resources.openstack.neutron import subnet
from heat_conv.resources.openstack.neutron import subnet_pool

SubnetPool = subnet_pool.SubnetPool
AddressScope = address_scope.AddressScope


def test_a_pool_in_a_scope_grows_in_place_gives_a_subnet_and_leaves_nothing(
        harness, demo):
    scope = harness.plugin(AddressScope, 'scope', {'name': 'hc-scope'})
    assert scope.create() == base.Done(scope.physical_id)
    assert demo.network.get_address_scope(scope.physical_id).name == 'hc-scope'

    pool = harness.plugin(SubnetPool, 'pool', {
        'prefixes': ['10.181.0.0/16'], 'address_scope': 'hc-scope',
        'default_prefixlen': 26, 'tags': ['blue']})
    assert pool.create() == base.Done(pool.physical_id)
    shown = demo.network.get_subnet_pool(pool.physical_id)
    assert shown.name.startswith(harness.stack.name + '-pool-')
    assert shown.address_scope_id == scope.physical_id
    assert 'blue' in shown.tags and pool.owner_of(tags=shown.tags)[1] == pool.resource_id

    # A subnet cut from it, as a template's OS::Neutron::Subnet would ask.
    network = demo.network.create_network(name='hc-pool-net')
    try:
        cut = harness.plugin(subnet.Subnet, 'sub', {'network': network.id,
                                                    'subnetpool': pool.physical_id})
        assert cut.create() == base.Done(cut.physical_id)
        assert demo.network.get_subnet(cut.physical_id).cidr.endswith('/26')
        assert cut.delete() == base.Done()
    finally:
        demo.network.delete_network(network, ignore_missing=True)

    grown = harness.again(pool, dict(pool.properties, name='hc-pool',
                                     prefixes=['10.181.0.0/16', '10.182.0.0/16'],
                                     address_scope=None, tags=['green']))
    assert not grown.needs_replace(pool.properties)
    assert grown.update(pool.properties) == base.Done(pool.physical_id)
    shown = demo.network.get_subnet_pool(pool.physical_id)
    assert shown.name == 'hc-pool' and shown.address_scope_id is None
    assert sorted(shown.prefixes) == ['10.181.0.0/16', '10.182.0.0/16']
    assert 'green' in shown.tags and 'blue' not in shown.tags

    shrunk = harness.again(grown, dict(grown.properties, prefixes=['10.181.0.0/16']))
    failed = shrunk.update(grown.properties)
    assert isinstance(failed, base.Failed) and 'should be superset' in failed.reason
    assert len(demo.network.get_subnet_pool(pool.physical_id).prefixes) == 2

    renamed = harness.again(scope, {'name': 'hc-scope-2'})
    assert not renamed.needs_replace(scope.properties)
    assert renamed.update(scope.properties) == base.Done(scope.physical_id)
    assert demo.network.get_address_scope(scope.physical_id).name == 'hc-scope-2'
    assert harness.again(scope, {'name': 'hc-scope-2', 'ip_version': 6}).needs_replace(
        renamed.properties)

    assert grown.delete() == base.Done() and renamed.delete() == base.Done()
    assert demo.network.find_subnet_pool(pool.physical_id) is None
    assert demo.network.find_address_scope(scope.physical_id) is None
    assert grown.delete() == base.Done()   # already gone: deleted


def test_the_observer_sees_a_pool_renamed_and_deleted_outside(harness, demo):
    pool = harness.plugin(SubnetPool, 'pool', {'name': 'hc-drift-pool',
                                               'prefixes': ['10.183.0.0/16']})
    pool_id = pool.create().physical_id
    seen = SubnetPool.observe_many(demo, [pool_id, '00000000-0000-0000-0000-000000000000'])
    assert seen['00000000-0000-0000-0000-000000000000'] is None
    assert pool.drift(pool.properties, seen[pool_id]) == (Drift.IN_SYNC, None)
    demo.network.update_subnet_pool(pool_id, name='renamed')
    status, detail = pool.drift(pool.properties,
                                SubnetPool.observe_many(demo, [pool_id])[pool_id])
    assert status == Drift.MODIFIED and detail['name']['actual'] == 'renamed'
    demo.network.delete_subnet_pool(pool_id)
    assert SubnetPool.observe_many(demo, [pool_id]) == {pool_id: None}


def test_a_pool_whose_create_answer_was_lost_is_found(harness, demo):
    first = harness.plugin(SubnetPool, 'pool', {'prefixes': ['10.184.0.0/16']})
    pool_id = first.create().physical_id
    retried = harness.plugin(SubnetPool, 'pool', {'prefixes': ['10.184.0.0/16']},
                             resource_id=first.resource_id)
    assert retried.find_orphan() == pool_id
