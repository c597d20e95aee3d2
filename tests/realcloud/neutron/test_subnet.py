"""OS::Neutron::Subnet against the real Neutron, as the demo user."""
import pytest

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import net
from heat_conv.resources.openstack.neutron import subnet


@pytest.fixture
def network(harness):
    return harness.plugin(net.Net, 'net', {'name': 'hc-subnet-net'}).create().physical_id


def test_create_on_a_network_named_by_name_update_delete(harness, demo, network):
    plugin = harness.plugin(subnet.Subnet, 'res',
                            {'network': 'hc-subnet-net', 'cidr': '10.9.0.0/24',
                                     'dns_nameservers': ['10.9.0.2'],
                                     'gateway_ip': '', 'tags': ['a']})
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = demo.network.get_subnet(outcome.physical_id)
    assert shown.network_id == network and shown.cidr == '10.9.0.0/24'
    assert shown.gateway_ip is None   # "" means no gateway
    assert 'a' in shown.tags and plugin.ownership_tags()[0] in shown.tags
    attributes = plugin.attributes()
    assert attributes['cidr'] == '10.9.0.0/24' and attributes['network_id'] == network
    assert attributes['ip_version'] == 4 and attributes['enable_dhcp'] is True

    later = harness.again(plugin, dict(plugin.properties, name='renamed',
                                       enable_dhcp=False,
                                       allocation_pools=[{'start': '10.9.0.20',
                                                          'end': '10.9.0.30'}]))
    assert not later.needs_replace(plugin.properties)
    assert isinstance(later.update(plugin.properties), base.Done)
    shown = demo.network.get_subnet(outcome.physical_id)
    assert (shown.name, shown.is_dhcp_enabled) == ('renamed', False)
    assert shown.allocation_pools == [{'start': '10.9.0.20', 'end': '10.9.0.30'}]
    assert later.drift(later.properties, subnet.Subnet.observe_many(
        demo, [outcome.physical_id])[outcome.physical_id]) == (Drift.IN_SYNC, None)

    bigger = harness.again(later, dict(later.properties, cidr='10.9.0.0/16'))
    assert bigger.needs_replace(later.properties)

    assert later.delete() == base.Done()
    assert demo.network.find_subnet(outcome.physical_id) is None
    assert later.delete() == base.Done()


def test_another_projects_network_is_refused_by_neutron(harness, demo, alt):
    theirs = alt.network.create_network(name='hc-alt-net')
    try:
        plugin = harness.plugin(subnet.Subnet, 'res',
                                {'network': theirs.id, 'cidr': '10.19.0.0/24'})
        outcome = plugin.create()
        assert isinstance(outcome, base.Failed)
        # Neutron's own words: its policy refuses a subnet on another's network.
        assert outcome.reason == ('Neutron ForbiddenException (403): '
                                  'rule:create_subnet is disallowed by policy')
        assert outcome.physical_id is None
        # Nothing was made, in either project.
        assert list(alt.network.subnets(network_id=theirs.id)) == []
        assert not [s for s in demo.network.subnets(project_id=demo.current_project_id)
                    if s.cidr == '10.19.0.0/24']
        assert plugin.find_orphan() is None
    finally:
        alt.network.delete_network(theirs, ignore_missing=True)


def test_a_network_name_that_matches_nothing_fails(harness):
    outcome = harness.plugin(subnet.Subnet, 'res', {'network': 'hc-no-such-net',
                                                    'cidr': '10.29.0.0/24'}).create()
    assert isinstance(outcome, base.Failed) and 'hc-no-such-net' in outcome.reason


@pytest.mark.parametrize('properties, path, message', [
    ({'network': 'n'}, 'cidr', 'subnetpool, cidr'),
    ({'network': 'n', 'cidr': '10.0.0.0/24', 'subnetpool': 'p'}, 'cidr',
     'subnetpool, cidr'),
    ({'network': 'n', 'cidr': '10.0.0.0/24', 'ipv6_ra_mode': 'slaac'}, 'ipv6_ra_mode',
     'not supported for ipv4'),
    ({'network': 'n', 'cidr': '10.0.0.0/24', 'gateway_ip': 'nope'}, 'gateway_ip',
     'invalid format'),
    ({'cidr': '10.0.0.0/24'}, 'network', 'Property network is required'),
    ({'network': 'n', 'cidr': '10.0.0.0/24', 'value_specs': {'shared': True}},
     'value_specs.shared', 'not allowed in value_specs'),
])
def test_bad_combinations_name_the_property(properties, path, message):
    with pytest.raises(exception.InvalidProperties) as caught:
        subnet.Subnet.validate_properties(properties, path=('resources', 's',
                                                            'properties'))
    assert message in str(caught.value)
    assert '.'.join(str(p) for p in caught.value.path) == 'resources.s.properties.' + path


def test_the_deprecated_network_id_still_names_the_network(harness, demo, network):
    plugin = harness.plugin(subnet.Subnet, 'res', {'network_id': network, 'cidr': '10.39.0.0/24'})
    assert plugin.properties['network'] == network
    assert demo.network.get_subnet(plugin.create().physical_id).network_id == network
