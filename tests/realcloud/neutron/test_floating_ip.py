"""OS::Neutron::FloatingIP and FloatingIPAssociation against the real Neutron."""
import pytest

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import floating_ip
from heat_conv.resources.openstack.neutron import net
from heat_conv.resources.openstack.neutron import port
from heat_conv.resources.openstack.neutron import router
from heat_conv.resources.openstack.neutron import router_interface
from heat_conv.resources.openstack.neutron import subnet


@pytest.fixture
def ports(harness):
    """Two ports on a subnet whose router has a gateway on 'public'."""
    network_id = harness.plugin(net.Net, 'res', {'name': 'hc-fip-net'}).create().physical_id
    subnet_id = harness.plugin(subnet.Subnet, 'res', {'network': network_id,
                                                      'cidr': '10.6.0.0/24'}).create().physical_id
    router_id = harness.plugin(router.Router, 'res', {'external_gateway_info': {
                      'network': 'public'}}).create().physical_id
    harness.plugin(router_interface.RouterInterface, 'res', {'router': router_id,
                                                             'subnet': subnet_id}).create()
    return [harness.plugin(port.Port, 'res', {'network': network_id}).create().physical_id
            for _ in range(2)]


def test_floating_ip_on_a_port_moved_and_deleted(harness, demo, ports):
    plugin = harness.plugin(floating_ip.FloatingIP, 'res', {'floating_network': 'public',
                                                            'port_id': ports[0]})
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = demo.network.get_ip(outcome.physical_id)
    assert shown.port_id == ports[0]
    assert plugin.ownership_tags()[0] in shown.tags
    attributes = plugin.attributes()
    assert attributes['port_id'] == ports[0]
    assert attributes['floating_ip_address'].startswith('172.24.4.')

    later = harness.again(plugin, dict(plugin.properties, port_id=ports[1]))
    assert not later.needs_replace(plugin.properties)
    assert isinstance(later.update(plugin.properties), base.Done)
    assert demo.network.get_ip(outcome.physical_id).port_id == ports[1]

    demo.network.update_ip(outcome.physical_id, port_id=None)
    observed = floating_ip.FloatingIP.observe_many(demo, [outcome.physical_id])
    assert later.drift(later.properties, observed[outcome.physical_id]) == (
        Drift.MODIFIED, {'port_id': {'expected': ports[1], 'actual': None}})

    assert later.delete() == base.Done()
    assert demo.network.find_ip(outcome.physical_id) is None
    assert later.delete() == base.Done()


def test_association(harness, demo, ports):
    address = harness.plugin(floating_ip.FloatingIP, 'res', {'floating_network': 'public'})
    address_id = address.create().physical_id
    plugin = harness.plugin(floating_ip.FloatingIPAssociation, 'res', {'floatingip_id': address_id,
                                                                       'port_id': ports[0]})
    assert plugin.create() == base.Done(address_id)
    assert demo.network.get_ip(address_id).port_id == ports[0]
    retried = harness.plugin(floating_ip.FloatingIPAssociation, 'res',
                             plugin.properties, resource_id=plugin.resource_id)
    assert retried.find_orphan() == address_id

    later = harness.again(plugin, dict(plugin.properties, port_id=ports[1]))
    assert later.update(plugin.properties) == base.Done(address_id)
    assert demo.network.get_ip(address_id).port_id == ports[1]
    observed = floating_ip.FloatingIPAssociation.observe_many(demo, [address_id])
    assert later.drift(later.properties, observed[address_id]) == (Drift.IN_SYNC, None)

    assert later.delete() == base.Done()
    assert demo.network.get_ip(address_id).port_id is None
    address.delete()
    assert later.delete() == base.Done()   # the address itself is gone now
