"""`health`: the gate before any real-cloud test runs.

As the non-admin `demo` user: a token, the flavors and images, a network,
subnet and port, a server booted on the port to ACTIVE, a 1 GiB volume
made from the image to available (Cinder writes the image into it: what
a server booting from a volume needs), attached and detached, a Swift
container with an object written through a temp URL, then everything
deleted and checked gone. Every wait is bounded; a failure
names the service, the call, and shows the tail of that service's log,
so a broken rig never shows up as failing heat-conv tests.
"""
import contextlib
import time
import uuid

from minicloud_rig import clouds_yaml
from minicloud_rig import layout
from minicloud_rig import procs
from minicloud_rig import swift_check
from minicloud_rig.procs import RigError


class Gate:
    def __init__(self, rig, timeout):
        self.rig = rig
        self.timeout = timeout
        self.timings = []

    @contextlib.contextmanager
    def step(self, service, call, log=None):
        """Time a step; turn any error into a RigError about `service`."""
        started = time.monotonic()
        try:
            yield
        except RigError:
            raise
        except Exception as exc:
            raise RigError(service, f'{call}: {type(exc).__name__}: {exc}',
                           procs.log_tail(self.rig.log_file(log or service)))
        took = time.monotonic() - started
        self.timings.append((call, took))
        print(f'minicloud health: {call}: {took:.2f} s', flush=True)

    def wait(self, service, what, log, probe):
        """Poll probe() until it returns a true value or raises."""
        deadline = time.monotonic() + self.timeout
        while True:
            value = probe()
            if value:
                return value
            if time.monotonic() > deadline:
                raise RigError(service, f'{what}: not done after '
                               f'{self.timeout:.0f} s',
                               procs.log_tail(self.rig.log_file(log)))
            time.sleep(0.3)


def check_processes(rig):
    for name, service, port in layout.PROCESSES:
        if not procs.pid_of(rig, name):
            raise RigError(service, f'{name} is not running',
                           procs.log_tail(rig.log_file(name)))
        if port and not procs.http_answers(port):
            raise RigError(service, f'{name} does not answer on {port}',
                           procs.log_tail(rig.log_file(name)))


def _server_status(conn, server_id, want):
    server = conn.compute.get_server(server_id)
    if server.status == 'ERROR':
        fault = (server.fault or {}).get('message', 'no fault recorded')
        raise RuntimeError(f'server {server_id} went to ERROR: {fault}')
    return server.status == want and server


def _volume_status(conn, volume_id, want):
    volume = conn.block_storage.get_volume(volume_id)
    if volume.status.startswith('error'):
        raise RuntimeError(f'volume {volume_id} went to {volume.status}')
    return volume.status == want and volume


def _gone(find):
    return find() is None


def health(rig, timeout=120):
    started = time.monotonic()
    check_processes(rig)
    gate = Gate(rig, timeout)
    name = f'minicloud-health-{uuid.uuid4().hex[:8]}'
    made = {}
    with gate.step('keystone', 'token as demo'):
        conn = clouds_yaml.connect(rig, 'minicloud-demo')
        conn.authorize()
        admin = clouds_yaml.connect(rig, 'minicloud-admin')
    try:
        _exercise(gate, conn, admin, name, made)
    finally:
        _cleanup(conn, made)
    print(f'minicloud health: OK in {time.monotonic() - started:.1f} s')
    return 0


def _exercise(gate, conn, admin, name, made):
    with gate.step('nova', 'list flavors', 'nova-api'):
        flavor = next(f for f in conn.compute.flavors()
                      if f.name == 'm1.tiny')
    with gate.step('glance', 'list images'):
        image = next(i for i in conn.image.images() if i.name == 'cirros')
    with gate.step('neutron', 'create network, subnet, port'):
        made['network'] = conn.network.create_network(name=name).id
        conn.network.create_subnet(network_id=made['network'], name=name,
                                   ip_version=4, cidr='10.254.0.0/24')
        made['port'] = conn.network.create_port(
            network_id=made['network'], name=name).id
    with gate.step('nova', 'boot a server to ACTIVE', 'nova-compute'):
        made['server'] = conn.compute.create_server(
            name=name, flavor_id=flavor.id, image_id=image.id,
            networks=[{'port': made['port']}]).id
        gate.wait('nova', 'server ACTIVE', 'nova-compute',
                  lambda: _server_status(conn, made['server'], 'ACTIVE'))
    with gate.step('neutron', 'port bound to the server (as admin)'):
        # Binding details are admin-only in Neutron's policy.
        port = admin.network.get_port(made['port'])
        if port.device_id != made['server'] or port.binding_vif_type != 'ovs':
            raise RuntimeError(f'port {port.id} device {port.device_id!r} '
                               f'vif_type {port.binding_vif_type!r}')
    with gate.step('cinder', 'create a 1 GiB volume from the image to '
                   'available', 'cinder-volume'):
        made['volume'] = conn.block_storage.create_volume(
            name=name, size=1, image_id=image.id).id
        gate.wait('cinder', 'volume available', 'cinder-volume',
                  lambda: _volume_status(conn, made['volume'], 'available'))
    with gate.step('nova', 'attach the volume (in-use)', 'nova-compute'):
        conn.compute.create_volume_attachment(made['server'],
                                              volume_id=made['volume'])
        gate.wait('cinder', 'volume in-use', 'nova-compute',
                  lambda: _volume_status(conn, made['volume'], 'in-use'))
    with gate.step('nova', 'detach the volume (available)', 'nova-compute'):
        conn.compute.delete_volume_attachment(made['server'],
                                              made['volume'])
        gate.wait('cinder', 'volume available again', 'nova-compute',
                  lambda: _volume_status(conn, made['volume'], 'available'))
    with gate.step('nova', 'delete the server, gone', 'nova-compute'):
        conn.compute.delete_server(made['server'])
        gate.wait('nova', 'server gone', 'nova-compute', lambda: _gone(
            lambda: conn.compute.find_server(made['server'],
                                             ignore_missing=True)))
        del made['server']
    with gate.step('cinder', 'delete the volume, gone', 'cinder-volume'):
        conn.block_storage.delete_volume(made['volume'])
        gate.wait('cinder', 'volume gone', 'cinder-volume', lambda: _gone(
            lambda: conn.block_storage.find_volume(made['volume'],
                                                   ignore_missing=True)))
        del made['volume']
    with gate.step('neutron', 'delete port, network, gone'):
        conn.network.delete_port(made.pop('port'))
        conn.network.delete_network(made['network'])
        if conn.network.find_network(made.pop('network')) is not None:
            raise RuntimeError('the network is still listed after delete')
    with gate.step('swift', 'container, object PUT by temp URL, gone'):
        made['container'] = name
        swift_check.exercise(conn, name)
        del made['container']


def _cleanup(conn, made):
    """Best effort after a failure: leave nothing of the gate behind."""
    def server(server_id):
        # Its port is Nova's until the server is gone.
        conn.compute.delete_server(server_id)
        conn.compute.wait_for_delete(conn.compute.get_server(server_id),
                                     wait=30)

    steps = [('container', lambda name: swift_check.remove(conn, name)),
             ('server', server),
             ('volume', conn.block_storage.delete_volume),
             ('port', conn.network.delete_port),
             ('network', conn.network.delete_network)]
    for key, delete in steps:
        if key in made:
            try:
                delete(made[key])
            except Exception as exc:  # report, and go on cleaning
                print(f'minicloud health: cleanup of {key} {made[key]}: '
                      f'{exc}')
