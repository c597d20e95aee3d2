"""A server's attributes once the observer saw it ACTIVE: read from what
the observer saw, not from Nova again; Neutron's networks and subnets once
per traversal."""
from openstack.compute.v2 import server as sdk_server
from openstack.network.v2 import network as sdk_network
from openstack.network.v2 import port as sdk_port
from openstack.network.v2 import subnet as sdk_subnet

from heat_conv.common import acting_for
from heat_conv.common.status import Action
from heat_conv.engine.core import messages
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import lookups
from heat_conv.resources.openstack.nova import server as server_mod
from heat_conv.resources.openstack.nova import server_status

MAC = 'fa:16:3e:00:00:01'


def _server(server_id):
    return sdk_server.Server(
        id=server_id, name=f'web-{server_id}', status='ACTIVE', task_state=None,
        flavor={'id': 'f1', 'original_name': 'm1.tiny'}, image={'id': 'i1'},
        addresses={'net': [{'addr': '10.0.0.5', 'version': 4,
                            'OS-EXT-IPS-MAC:mac_addr': MAC}]})


class Compute:
    def __init__(self):
        self.gets = []

    def get_server(self, server_id):
        self.gets.append(server_id)
        return _server(server_id)


class Network:
    def __init__(self):
        self.lists = []

    def ports(self, device_id):
        self.lists.append('ports')
        return [sdk_port.Port(id=f'p-{device_id}', network_id='n1', mac_address=MAC,
                              fixed_ips=[{'subnet_id': 's1', 'ip_address': '10.0.0.5'}])]

    def networks(self, id):
        self.lists.append('networks')
        return [sdk_network.Network(id='n1', name='net')]

    def subnets(self, id):
        self.lists.append('subnets')
        return [sdk_subnet.Subnet(id='s1', name='sub', cidr='10.0.0.0/24')]


class Cloud:
    def __init__(self):
        self.compute = Compute()
        self.network = Network()


def _plugin(cloud, server_id):
    return server_mod.Server('web', 'stack-1', {'image': 'cirros', 'flavor': 'm1.tiny'},
                             physical_id=server_id, cloud=cloud, resource_id=7)


def _done_as_the_engine_gets_it(plugin, server_id):
    """The observer judges the server it listed; its report crosses the wire."""
    seen = server_status.compact(_server(server_id))
    outcome = plugin.progress(Action.CREATE, seen)
    assert isinstance(outcome, base.Done)
    report = messages.ActionComplete(1, 1, outcome)
    return messages.ActionComplete.from_wire(report.to_wire()).outcome


def test_attributes_of_a_server_the_observer_saw_active_ask_nova_nothing():
    lookups.forget()
    cloud = Cloud()
    outcomes = [_done_as_the_engine_gets_it(_plugin(cloud, f'vm{n}'), f'vm{n}')
                for n in range(3)]
    found = []
    with acting_for.acting_for(1, 1, 'traversal-1', 'CREATE'):
        for n, outcome in enumerate(outcomes):
            plugin = _plugin(cloud, f'vm{n}')
            plugin.seen = outcome.seen
            found.append(plugin.attributes())
    assert cloud.compute.gets == []
    # One list of ports per server; the network and subnet once for all.
    assert cloud.network.lists == ['ports', 'networks', 'subnets', 'ports', 'ports']
    assert found[1]['name'] == 'web-vm1'
    assert found[1]['first_address'] == '10.0.0.5'
    assert found[1]['networks'] == {'net': ['10.0.0.5'], 'n1': ['10.0.0.5']}
    assert found[1]['addresses']['net'][0]['port'] == 'p-vm1'
    assert found[1]['show']['id'] == 'vm1'


def test_attributes_without_what_the_observer_saw_read_the_server():
    lookups.forget()
    cloud = Cloud()
    plugin = _plugin(cloud, 'vm9')
    assert plugin.attributes()['name'] == 'web-vm9'
    assert cloud.compute.gets == ['vm9']
