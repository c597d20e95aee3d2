"""OS::Neutron::ProviderNet against the real Neutron, as the admin (the
rig's ML2 has the flat physical network ``public`` and vxlan)."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import provider_net


def test_a_provider_network_updates_in_place_and_goes(harness, admin):
    made = harness.plugin(provider_net.ProviderNet, 'phys',
                          {'network_type': 'vxlan', 'shared': False, 'tags': ['t1']},
                          cloud=admin)
    assert made.create() == base.Done(made.physical_id)
    shown = admin.network.get_network(made.physical_id)
    assert shown.provider_network_type == 'vxlan' and shown.is_shared is False
    assert shown.is_router_external is False
    assert made.attributes()['status'] == 'ACTIVE'

    later = harness.again(made, dict(made.properties, name='hc-phys',
                                     router_external=True, tags=['t2']), cloud=admin)
    assert not later.needs_replace(made.properties)
    assert later.update(made.properties) == base.Done(made.physical_id)
    shown = admin.network.get_network(made.physical_id)
    assert shown.name == 'hc-phys' and shown.is_router_external is True
    assert 't2' in shown.tags and 't1' not in shown.tags

    assert later.delete() == base.Done()
    assert admin.network.find_network(made.physical_id) is None
