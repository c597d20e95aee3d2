"""OS::Neutron::RBACPolicy against the real Neutron: the demo user shares
a network with the alt user's project."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import rbac_policy


def _visible(cloud, network_id):
    return network_id in {net.id for net in cloud.network.networks()}


def test_a_network_is_shared_moved_to_another_project_and_unshared(
        harness, demo, alt, admin):
    network = demo.network.create_network(name='hc-rbac-net')
    try:
        assert not _visible(alt, network.id)
        share = harness.plugin(rbac_policy.RBACPolicy, 'share', {
            'object_type': 'network', 'object_id': 'hc-rbac-net',
            'action': 'access_as_shared', 'target_tenant': alt.current_project_id})
        assert share.create() == base.Done(share.physical_id)
        assert demo.network.get_rbac_policy(share.physical_id).object_id == network.id
        assert _visible(alt, network.id)

        moved = harness.again(share, dict(share.properties,
                                          target_tenant=admin.current_project_id))
        assert not moved.needs_replace(share.properties)
        assert moved.update(share.properties) == base.Done(share.physical_id)
        assert not _visible(alt, network.id)
        assert demo.network.get_rbac_policy(share.physical_id).target_project_id == \
            admin.current_project_id

        assert moved.delete() == base.Done()
        assert demo.network.find_rbac_policy(share.physical_id) is None
        assert moved.delete() == base.Done()
    finally:
        demo.network.delete_network(network, ignore_missing=True)
    assert demo.network.find_network(network.id) is None
