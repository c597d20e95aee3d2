"""`clean`: delete everything the demo and alt projects hold, leaving what
`start` made (flavors, the cirros image, the public network, quotas).

CI runs it before the tests, so that objects a crashed earlier run left
cannot fill the quotas or confuse a test that checks a cloud is empty.
"""
import time

from minicloud_rig import clouds_yaml
from minicloud_rig import procs
from minicloud_rig import swift_check
from minicloud_rig.procs import RigError

USERS = ('demo', 'alt')
ROUTER_PORTS = ('network:router_interface',
                'network:router_interface_distributed',
                'network:ha_router_replicated_interface')


def _wait_empty(rig, service, what, log, listing, timeout):
    deadline = time.monotonic() + timeout
    while list(listing()):
        if time.monotonic() > deadline:
            raise RigError(service, f'clean: {what} still there after '
                           f'{timeout:.0f} s', procs.log_tail(
                               rig.log_file(log)))
        time.sleep(0.5)


def clean_project(rig, conn, timeout):
    counts = {}

    def count(kind, items, delete):
        items = list(items)
        for item in items:
            delete(item)
        counts[kind] = len(items)

    count('servers', conn.compute.servers(), conn.compute.delete_server)
    _wait_empty(rig, 'nova', 'servers', 'nova-compute',
                conn.compute.servers, timeout)
    count('server groups', conn.compute.server_groups(),
          conn.compute.delete_server_group)
    count('keypairs', conn.compute.keypairs(), conn.compute.delete_keypair)
    count('snapshots', conn.block_storage.snapshots(),
          conn.block_storage.delete_snapshot)
    _wait_empty(rig, 'cinder', 'snapshots', 'cinder-volume',
                conn.block_storage.snapshots, timeout)
    count('volumes', conn.block_storage.volumes(),
          conn.block_storage.delete_volume)
    _wait_empty(rig, 'cinder', 'volumes', 'cinder-volume',
                conn.block_storage.volumes, timeout)
    project = conn.current_project_id
    net = conn.network
    count('floating IPs', net.ips(project_id=project), net.delete_ip)
    count('trunks', net.trunks(project_id=project), net.delete_trunk)
    routers = list(net.routers(project_id=project))
    for router in routers:
        for port in net.ports(device_id=router.id):
            if port.device_owner in ROUTER_PORTS:
                net.remove_interface_from_router(router, port_id=port.id)
        if router.external_gateway_info:
            net.update_router(router, external_gateway_info={})
        net.delete_router(router)
    counts['routers'] = len(routers)
    count('ports', net.ports(project_id=project), net.delete_port)
    count('networks', net.networks(project_id=project), net.delete_network)
    groups = [g for g in net.security_groups(project_id=project)
              if g.name != 'default']
    count('security groups', groups, net.delete_security_group)
    count('images', [i for i in conn.image.images(owner=project)],
          conn.image.delete_image)
    if conn.endpoint_for('object-store'):   # a rig started before Swift had none
        count('containers', conn.object_store.containers(),
              lambda found: swift_check.remove(conn, found.name))
    return counts


def clean(rig, timeout=120):
    for user in USERS:
        conn = clouds_yaml.connect(rig, f'minicloud-{user}')
        try:
            counts = clean_project(rig, conn, timeout)
        except RigError:
            raise
        except Exception as exc:
            raise RigError('minicloud', f'clean of project {user}: '
                           f'{type(exc).__name__}: {exc}')
        gone = ', '.join(f'{n} {k}' for k, n in counts.items() if n)
        print(f'minicloud: cleaned project {user}: {gone or "nothing"}')
    return 0
