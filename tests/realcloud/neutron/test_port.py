"""OS::Neutron::Port against the real Neutron, as the demo user."""
import pytest

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import net
from heat_conv.resources.openstack.neutron import port
from heat_conv.resources.openstack.neutron import security_group
from heat_conv.resources.openstack.neutron import subnet


@pytest.fixture
def network(harness):
    network_id = harness.plugin(net.Net, 'net', {'name': 'hc-port-net'}).create().physical_id
    harness.plugin(subnet.Subnet, 'subnet', {'network': network_id, 'cidr': '10.8.0.0/24',
                                             'name': 'hc-port-subnet'}).create()
    return network_id


def test_create_with_names_update_delete(harness, demo, network):
    group = harness.plugin(security_group.SecurityGroup, 'sg', {'name': 'hc-port-sg'})
    group_id = group.create().physical_id
    plugin = harness.plugin(port.Port, 'res', {
                      'network': 'hc-port-net', 'name': 'hc-port',
                      'fixed_ips': [{'subnet': 'hc-port-subnet', 'ip_address': '10.8.0.50'}],
                      'security_groups': ['hc-port-sg'], 'tags': ['x']})
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)   # a port stays DOWN without a data plane
    shown = demo.network.get_port(outcome.physical_id)
    assert shown.network_id == network and shown.security_group_ids == [group_id]
    assert [ip['ip_address'] for ip in shown.fixed_ips] == ['10.8.0.50']
    assert sorted(shown.tags) == sorted(['x'] + plugin.ownership_tags())
    attributes = plugin.attributes()
    assert attributes['status'] == 'DOWN' and attributes['network_id'] == network
    assert [s['name'] for s in attributes['subnets']] == ['hc-port-subnet']
    assert attributes['network']['name'] == 'hc-port-net'
    assert attributes['fixed_ips'][0]['ip_address'] == '10.8.0.50'

    later = harness.again(plugin, dict(plugin.properties, name='hc-port-2',
                                       security_groups=None, admin_state_up=False))
    assert not later.needs_replace(plugin.properties)
    assert isinstance(later.update(plugin.properties), base.Done)
    shown = demo.network.get_port(outcome.physical_id)
    default = demo.network.find_security_group(
        'default', project_id=demo.current_project_id).id
    # Security groups removed from the template: back to the default group.
    assert (shown.name, shown.is_admin_state_up, shown.security_group_ids) == \
        ('hc-port-2', False, [default])

    assert later.delete() == base.Done()
    assert demo.network.find_port(outcome.physical_id) is None
    assert later.delete() == base.Done()


def test_what_replaces_a_port(harness, network):
    plugin = harness.plugin(port.Port, 'res', {'network': network})
    moved = harness.again(plugin, dict(plugin.properties, network='elsewhere'))
    assert moved.needs_replace(plugin.properties)
    always = harness.again(plugin, dict(plugin.properties,
                                        replacement_policy='REPLACE_ALWAYS'))
    assert always.needs_replace(plugin.properties)
    renamed = harness.again(plugin, dict(plugin.properties, name='n2'))
    assert not renamed.needs_replace(plugin.properties)


def test_another_projects_network_creates_nothing(harness, demo, alt):
    theirs = alt.network.create_network(name='hc-alt-port-net')
    try:
        outcome = harness.plugin(port.Port, 'res', {'network': theirs.id}).create()
        assert isinstance(outcome, base.Failed) and outcome.physical_id is None
        # Neutron's own refusal: to demo, alt's network does not exist.
        assert outcome.reason == ('Neutron NotFoundException (404): Network '
                                  f'{theirs.id} could not be found.')
        assert list(alt.network.ports(network_id=theirs.id)) == []
    finally:
        alt.network.delete_network(theirs, ignore_missing=True)


def test_observe_and_drift(harness, demo, network):
    ports = [harness.plugin(port.Port, 'res', {'network': network, 'name': f'hc-p{i}'})
             for i in range(3)]
    ids = [p.create().physical_id for p in ports]
    observed = port.Port.observe_many(demo, ids)
    assert [observed[i]['name'] for i in ids] == ['hc-p0', 'hc-p1', 'hc-p2']
    demo.network.update_port(ids[0], name='changed')
    demo.network.delete_port(ids[1])
    observed = port.Port.observe_many(demo, ids)
    assert ports[0].drift(ports[0].properties, observed[ids[0]]) == (
        Drift.MODIFIED, {'name': {'expected': 'hc-p0', 'actual': 'changed'}})
    assert ports[1].drift(ports[1].properties, observed[ids[1]])[0] == Drift.DELETED
    assert ports[2].drift(ports[2].properties, observed[ids[2]]) == (Drift.IN_SYNC, None)
    # The observer's verdict on a delete: done once the port is gone.
    assert ports[1].progress('DELETE', None) == base.Done()
    assert ports[0].progress('DELETE', observed[ids[0]]) is None


def test_find_orphan(harness, network):
    first = harness.plugin(port.Port, 'res', {'network': network})
    port_id = first.create().physical_id
    retried = harness.plugin(port.Port, 'res', {'network': network}, resource_id=first.resource_id)
    assert retried.find_orphan() == port_id
