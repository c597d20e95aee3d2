"""Fixtures of the plugin-level real-cloud tests (imported by each
package's conftest), on the tier's ``minicloud`` (tests/realcloud/conftest.py)."""
import uuid

import pytest

from tests.realcloud import plugin_support


@pytest.fixture(scope='session')
def demo(minicloud):
    """A connection as the rig's non-admin member ``demo``."""
    return minicloud.connect('demo')


@pytest.fixture(scope='session')
def alt(minicloud):
    """A connection as ``alt``, a member of another project."""
    return minicloud.connect('alt')


@pytest.fixture(scope='session')
def admin(minicloud):
    return minicloud.connect('admin')


@pytest.fixture
def harness(demo):
    """Plugins of one made-up stack; what it owns is deleted after the test
    whatever happened, and the test fails if something could not be."""
    made = plugin_support.Harness(demo)
    made.images = []   # images a test made outside the stack's ownership
    yield made
    made.delete_made()
    left = plugin_support.clean_up(demo, made.stack_id, made.images)
    assert not left, f'could not clean up {left}'


@pytest.fixture(scope='session')
def private_net(demo):
    """A demo network and subnet behind a router to ``public``, for ports
    and floating IPs; removed after the session."""
    net = demo.network
    name = f'heat-conv-test-{uuid.uuid4().hex[:8]}'
    network = net.create_network(name=name)
    try:
        subnet = net.create_subnet(name=name, network_id=network.id, ip_version=4,
                                   cidr='10.77.0.0/24')
        public = net.find_network('public', ignore_missing=False)
        router = net.create_router(name=name,
                                   external_gateway_info={'network_id': public.id})
        net.add_interface_to_router(router, subnet=subnet.id)
        yield {'network': network, 'subnet': subnet, 'public': public}
    finally:
        for port in net.ports(network_id=network.id):
            if port.device_owner == 'network:router_interface':
                net.remove_interface_from_router(port.device_id, port=port.id)
        for router in net.routers(name=name):
            net.delete_router(router)
        for port in net.ports(network_id=network.id):
            net.delete_port(port)
        net.delete_network(network)
