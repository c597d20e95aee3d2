"""OS::Neutron::Router and RouterInterface against the real Neutron."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import net
from heat_conv.resources.openstack.neutron import router
from heat_conv.resources.openstack.neutron import router_interface
from heat_conv.resources.openstack.neutron import subnet


def test_router_with_a_gateway_on_the_external_network(harness, demo):
    public = demo.network.find_network('public', ignore_missing=False).id
    plugin = harness.plugin(router.Router, 'res', {'name': 'hc-router',
                                                   'external_gateway_info': {'network': 'public'}})
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = demo.network.get_router(outcome.physical_id)
    assert shown.external_gateway_info['network_id'] == public
    assert plugin.ownership_tags()[0] in shown.tags
    attributes = plugin.attributes()
    assert attributes['external_gateway_info']['network_id'] == public
    assert attributes['status'] == 'ACTIVE'

    later = harness.again(plugin, dict(plugin.properties, external_gateway_info=None,
                                       name='hc-router-2'))
    assert not later.needs_replace(plugin.properties)
    assert isinstance(later.update(plugin.properties), base.Done)
    shown = demo.network.get_router(outcome.physical_id)
    assert (shown.name, shown.external_gateway_info) == ('hc-router-2', None)

    again = harness.again(later, dict(later.properties,
                                      external_gateway_info={'network': public}))
    assert isinstance(again.update(later.properties), base.Done)
    demo.network.update_router(outcome.physical_id, external_gateway_info=None)
    status, detail = again.drift(again.properties, router.Router.observe_many(
        demo, [outcome.physical_id])[outcome.physical_id])
    assert status == Drift.MODIFIED and 'external_gateway_info' in detail

    assert again.delete() == base.Done()
    assert demo.network.find_router(outcome.physical_id) is None
    assert again.delete() == base.Done()


def test_interface_on_a_subnet(harness, demo):
    network_id = harness.plugin(net.Net, 'res', {'name': 'hc-ri-net'}).create().physical_id
    subnet_id = harness.plugin(subnet.Subnet, 'res', {'network': network_id, 'cidr': '10.7.0.0/24',
                                                      'name': 'hc-ri-subnet'}).create().physical_id
    router_id = harness.plugin(router.Router, 'res', {'name': 'hc-ri-router'}).create().physical_id

    plugin = harness.plugin(router_interface.RouterInterface, 'res',
                            {'router': 'hc-ri-router', 'subnet': 'hc-ri-subnet'})
    outcome = plugin.create()
    expected_id = f'{router_id}:subnet_id={subnet_id}'
    assert outcome == base.Done(expected_id)
    assert plugin.refid() == expected_id
    shown = router_interface.RouterInterface.observe_many(demo, [expected_id])
    assert shown[expected_id]['device_owner'] == 'network:router_interface'
    assert shown[expected_id]['fixed_ips'][0]['ip_address'] == '10.7.0.1'

    # The create's answer was lost: the interface is found, not made twice.
    retried = harness.plugin(router_interface.RouterInterface, 'res',
                             plugin.properties, resource_id=plugin.resource_id)
    assert retried.find_orphan() == expected_id
    moved = harness.again(plugin, dict(plugin.properties, subnet='other'))
    assert moved.needs_replace(plugin.properties)

    assert plugin.delete() == base.Done()
    assert router_interface.RouterInterface.observe_many(demo, [expected_id]) == {
        expected_id: None}
    assert plugin.drift(plugin.properties, None)[0] == Drift.DELETED
    assert plugin.delete() == base.Done()   # already gone
    assert not [p for p in demo.network.ports(device_id=router_id)]
