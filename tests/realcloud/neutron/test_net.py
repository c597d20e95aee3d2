"""OS::Neutron::Net against the real Neutron, as the demo user."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack.neutron import net


def test_create_update_delete(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-net', 'tags': ['blue']})
    outcome = harness.settle(plugin, 'CREATE', plugin.create())
    assert isinstance(outcome, base.Done) and outcome.physical_id
    network_id = outcome.physical_id
    shown = demo.network.get_network(network_id)
    assert shown.name == 'hc-net'
    assert shown.project_id == demo.current_project_id
    assert sorted(shown.tags) == sorted(['blue'] + plugin.ownership_tags())
    attributes = plugin.attributes()
    assert attributes['name'] == 'hc-net' and attributes['status'] == 'ACTIVE'
    assert attributes['show']['id'] == network_id and attributes['subnets'] == []
    assert plugin.refid() == network_id

    later = harness.again(plugin, {'name': 'hc-net-2', 'admin_state_up': False,
                                   'tags': ['green']})
    assert not later.needs_replace(plugin.properties)
    assert later.update(plugin.properties) == base.Done(network_id)
    shown = demo.network.get_network(network_id)
    assert (shown.name, shown.is_admin_state_up) == ('hc-net-2', False)
    assert 'green' in shown.tags and 'blue' not in shown.tags
    assert os_base.RESOURCE_KEY + '=' + plugin.resource_id in shown.tags

    assert later.delete() == base.Done()
    assert demo.network.find_network(network_id) is None
    # A delete whose object is already gone succeeds.
    assert later.delete() == base.Done()


def test_without_a_name_it_gets_heats_physical_name(harness, demo):
    plugin = harness.plugin(net.Net, 'private', {})
    network_id = plugin.create().physical_id
    name = demo.network.get_network(network_id).name
    assert name.startswith(plugin.stack.name + '-private-') and len(name.split('-')[-1]) == 12


def test_a_property_neutron_cannot_update_needs_replace(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-net'})
    changed = harness.again(plugin, {'name': 'hc-net', 'tenant_id': 'another'})
    assert changed.needs_replace(plugin.properties)


def test_find_orphan_finds_a_create_whose_answer_was_lost(harness, demo):
    first = harness.plugin(net.Net, 'res', {'name': 'hc-lost'})
    network_id = first.create().physical_id   # the answer is "lost" here
    retried = harness.plugin(net.Net, 'res', {'name': 'hc-lost'}, resource_id=first.resource_id)
    assert retried.physical_id is None
    assert retried.find_orphan() == network_id
    other = harness.plugin(net.Net, 'res', {'name': 'hc-lost'})   # another resource: not its object
    assert other.find_orphan() is None


def test_find_orphan_finds_a_create_that_died_before_tagging(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-untagged'})
    # What the create request alone leaves: the owner in the description.
    made = demo.network.create_network(name='hc-untagged', description=plugin.marker())
    try:
        assert made.tags == []
        assert plugin.find_orphan() == made.id
    finally:
        demo.network.delete_network(made, ignore_missing=True)


def test_drift_sees_a_change_and_a_delete_made_outside(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-drift', 'tags': ['t1']})
    network_id = plugin.create().physical_id
    observed = net.Net.observe_many(demo, [network_id])
    assert plugin.drift(plugin.properties, observed[network_id]) == (Drift.IN_SYNC, None)

    demo.network.update_network(network_id, name='renamed', is_admin_state_up=False)
    status, detail = plugin.drift(plugin.properties,
                                  net.Net.observe_many(demo, [network_id])[network_id])
    assert status == Drift.MODIFIED
    assert detail == {'name': {'expected': 'hc-drift', 'actual': 'renamed'},
                      'admin_state_up': {'expected': True, 'actual': False}}

    demo.network.delete_network(network_id)
    observed = net.Net.observe_many(demo, [network_id])
    assert observed == {network_id: None}
    assert plugin.drift(plugin.properties, None)[0] == Drift.DELETED
    assert isinstance(plugin.check(), base.Failed)


def test_observe_many_sees_several_networks_in_one_call(harness, demo):
    ids = [harness.plugin(net.Net, 'res', {'name': f'hc-many-{i}'}).create().physical_id
           for i in range(3)]
    calls = []
    real_list = demo.network.networks

    def counting(**query):
        calls.append(query)
        return real_list(**query)

    demo.network.networks = counting
    try:
        observed = net.Net.observe_many(demo, ids + ['00000000-0000-0000-0000-000000000000'])
    finally:
        del demo.network.networks
    assert len(calls) == 1
    assert [observed[i]['id'] for i in ids] == ids
    assert observed['00000000-0000-0000-0000-000000000000'] is None


def test_a_value_spec_the_sdk_would_drop_fails_clearly(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-vs', 'value_specs': {'no_such_field': 1}})
    outcome = plugin.create()
    assert isinstance(outcome, base.Failed)
    assert 'no_such_field' in outcome.reason
    assert not list(demo.network.networks(name='hc-vs',
                                          project_id=demo.current_project_id))


def test_a_value_spec_neutron_knows_is_sent(harness, demo):
    plugin = harness.plugin(net.Net, 'res', {'name': 'hc-vs2', 'value_specs': {'mtu': 1400}})
    network_id = plugin.create().physical_id
    assert demo.network.get_network(network_id).mtu == 1400
