"""The rig is what the real-cloud tier relies on: a catalog, project
isolation, and servers that boot on bound ports."""
import uuid

import openstack.exceptions
import pytest

SERVICE_TYPES = {'identity', 'compute', 'network', 'image', 'placement',
                 'volumev3', 'block-storage', 'object-store', 'orchestration'}


def _name():
    return f'realcloud-{uuid.uuid4().hex[:8]}'


def test_demo_user_sees_the_catalog(minicloud):
    demo = minicloud.connect('demo')
    access = demo.session.auth.get_access(demo.session)
    types = {entry['type'] for entry in access.service_catalog.catalog}
    assert SERVICE_TYPES <= types
    assert 'admin' not in access.role_names
    assert 'member' in access.role_names


def test_demo_cannot_see_alt_network(minicloud):
    alt = minicloud.connect('alt')
    demo = minicloud.connect('demo')
    net = alt.network.create_network(name=_name())
    try:
        demo_sees = {n.id for n in demo.network.networks()}
        assert net.id not in demo_sees
        with pytest.raises(openstack.exceptions.NotFoundException):
            demo.network.get_network(net.id)
    finally:
        alt.network.delete_network(net)


@pytest.fixture
def demo_network(minicloud):
    demo = minicloud.connect('demo')
    net = demo.network.create_network(name=_name())
    demo.network.create_subnet(network_id=net.id, ip_version=4,
                               cidr='10.253.0.0/24')
    yield net
    for port in demo.network.ports(network_id=net.id):
        if not port.device_owner.startswith('compute:'):
            demo.network.delete_port(port)
    demo.network.delete_network(net)


def test_server_boots_with_a_bound_port(minicloud, demo_network):
    demo = minicloud.connect('demo')
    flavor = demo.compute.find_flavor('m1.tiny')
    image = demo.image.find_image('cirros')
    server = demo.compute.create_server(
        name=_name(), flavor_id=flavor.id, image_id=image.id,
        networks=[{'uuid': demo_network.id}])
    try:
        server = demo.compute.wait_for_server(server, wait=120)
        assert server.status == 'ACTIVE'
        ports = list(minicloud.connect('admin').network.ports(
            device_id=server.id))
        assert len(ports) == 1
        assert ports[0].binding_vif_type == 'ovs'
        assert ports[0].binding_host_id
        address = ports[0].fixed_ips[0]['ip_address']
        assert address.startswith('10.253.0.')
        addresses = server.addresses[demo_network.name]
        assert [a['addr'] for a in addresses] == [address]
    finally:
        demo.compute.delete_server(server)
        demo.compute.wait_for_delete(server, wait=120)
