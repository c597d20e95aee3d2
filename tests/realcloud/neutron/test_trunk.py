"""OS::Neutron::Trunk against the real Neutron (the rig's agentless trunk
driver), as the demo user."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import trunk


def _ports(demo, network_id, count):
    return [demo.network.create_port(network_id=network_id, name=f'hc-trunk-{i}').id
            for i in range(count)]


def _sub(port_id, vlan):
    return {'port': port_id, 'segmentation_type': 'vlan', 'segmentation_id': vlan}


def test_a_trunk_changes_its_subports_in_place_and_replaces_for_a_new_parent(
        harness, demo, private_net):
    parent, sub_a, sub_b = _ports(demo, private_net['network'].id, 3)
    try:
        made = harness.plugin(trunk.Trunk, 'trunk', {'port': parent,
                                                     'sub_ports': [_sub(sub_a, 101)]})
        outcome = harness.settle(made, 'CREATE', made.create())
        assert outcome == base.Done(made.physical_id)
        shown = demo.network.get_trunk(made.physical_id)
        assert shown.port_id == parent and shown.name.startswith(harness.stack.name)
        assert [(s['port_id'], s['segmentation_id']) for s in shown.sub_ports] == \
            [(sub_a, 101)]
        assert made.attributes()['port_id'] == parent

        changed = harness.again(made, dict(made.properties, name='hc-trunk',
                                           sub_ports=[_sub(sub_a, 102), _sub(sub_b, 103)]))
        assert not changed.needs_replace(made.properties)
        assert isinstance(changed.update(made.properties), (base.Done, base.Pending))
        shown = demo.network.get_trunk(made.physical_id)
        assert shown.name == 'hc-trunk'
        assert sorted((s['port_id'], s['segmentation_id']) for s in shown.sub_ports) == \
            sorted([(sub_a, 102), (sub_b, 103)])

        assert harness.again(made, dict(made.properties, port=sub_b)).needs_replace(
            made.properties)

        assert changed.delete() == base.Done()
        assert demo.network.find_trunk(made.physical_id) is None
    finally:
        for port_id in (parent, sub_a, sub_b):
            demo.network.delete_port(port_id, ignore_missing=True)
