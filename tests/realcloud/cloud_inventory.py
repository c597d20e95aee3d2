"""What a project holds in the mini-cloud, as its services' own APIs show it
to the admin, and the sweep that deletes what a test's stacks left.

The end-to-end tests (test_real_*.py) ask two questions of the cloud:
- which objects belong to a set of heat-conv stacks: those carrying
  heat-conv's ownership metadata or tags (servers, volumes, images,
  Neutron objects) and those the services made for them (the ports and
  volumes attached to those servers, the router interfaces of those
  routers);
- whether such objects are still there after the stack's delete.

Other sessions use the same demo project at the same time, so nothing here
assumes the project is empty: every question is about ids a test saw.
"""
import time

from openstack import exceptions as sdk_exc

# heat-conv's ownership keys (heat_conv.resources.openstack.base); written
# out so that the check does not trust the code it checks.
STACK_KEY = 'heat_conv_stack_id'

KINDS = ('servers', 'volumes', 'volume_snapshots', 'images', 'ports', 'networks',
         'subnets', 'routers', 'security_groups', 'floating_ips')


def listing(admin, project_id):
    """{kind: [object]} of everything ``project_id`` holds, as the admin
    lists it (the services' list calls, filtered to the project)."""
    compute, volumes, network = admin.compute, admin.block_storage, admin.network
    return {
        'servers': list(compute.servers(details=True, all_projects=True,
                                        project_id=project_id)),
        'volumes': list(volumes.volumes(details=True, all_projects=True,
                                        project_id=project_id)),
        'volume_snapshots': list(volumes.snapshots(details=True, all_projects=True,
                                                   project_id=project_id)),
        'images': list(admin.image.images(owner=project_id)),
        'ports': list(network.ports(project_id=project_id)),
        'networks': list(network.networks(project_id=project_id)),
        'subnets': list(network.subnets(project_id=project_id)),
        'routers': list(network.routers(project_id=project_id)),
        'security_groups': list(network.security_groups(project_id=project_id)),
        'floating_ips': list(network.ips(project_id=project_id)),
    }


def owner_stack(obj):
    """The stack id heat-conv wrote on ``obj`` (metadata, image properties
    or Neutron tags), else None."""
    for field in ('metadata', 'properties'):
        found = getattr(obj, field, None) or {}
        if isinstance(found, dict) and found.get(STACK_KEY):
            return found[STACK_KEY]
    for tag in getattr(obj, 'tags', None) or ():
        key, _, value = str(tag).partition('=')
        if key == STACK_KEY:
            return value
    return None


def belonging(objects, stack_ids):
    """{kind: {id: name}} of the objects of ``objects`` (a listing) that
    belong to ``stack_ids``: owned, or made by a service for an owned
    server or router (ports, Nova's boot volumes, router interfaces)."""
    stack_ids = set(stack_ids)
    found = {kind: {o.id: o.name for o in objects[kind] if owner_stack(o) in stack_ids}
             for kind in KINDS}
    devices = set(found['servers']) | set(found['routers'])
    for port in objects['ports']:
        if port.device_id in devices:
            found['ports'][port.id] = port.name
    for volume in objects['volumes']:
        if any(a.get('server_id') in found['servers'] for a in volume.attachments or ()):
            found['volumes'][volume.id] = volume.name
    for snapshot in objects['volume_snapshots']:
        if snapshot.volume_id in found['volumes']:
            found['volume_snapshots'][snapshot.id] = snapshot.name
    return {kind: ids for kind, ids in found.items() if ids}


def still_there(objects, seen):
    """{kind: {id: name}} of the ids of ``seen`` that ``objects`` (a later
    listing) still holds."""
    left = {}
    for kind, ids in seen.items():
        present = {o.id for o in objects[kind]}
        kept = {i: name for i, name in ids.items() if i in present}
        if kept:
            left[kind] = kept
    return left


def merge(*found):
    merged = {}
    for one in found:
        for kind, ids in one.items():
            merged.setdefault(kind, {}).update(ids)
    return merged


def sweep(admin, project_id, stack_ids, extra=None, timeout=180):
    """Delete, as the admin, whatever belongs to ``stack_ids`` (and the ids
    of ``extra``) in the project, until the services show none of it or
    ``timeout`` passes; what is left (empty when all went)."""
    compute, volumes, network = admin.compute, admin.block_storage, admin.network
    deadline = time.monotonic() + timeout
    while True:
        objects = listing(admin, project_id)
        left = merge(belonging(objects, stack_ids), still_there(objects, extra or {}))
        if not left or time.monotonic() > deadline:
            return left
        attempts = [
            *((compute.delete_server, i) for i in left.get('servers', ())),
            *((admin.image.delete_image, i) for i in left.get('images', ())),
            *((volumes.delete_snapshot, i) for i in left.get('volume_snapshots', ())),
            *((network.delete_ip, i) for i in left.get('floating_ips', ())),
        ]
        for router_id in left.get('routers', ()):
            attempts.append((_empty_router, network, router_id))
        if not left.get('servers'):
            attempts += [(volumes.delete_volume, i) for i in left.get('volumes', ())]
        if not left.get('routers') and not left.get('servers'):
            attempts += [(network.delete_port, i) for i in left.get('ports', ())]
            attempts += [(network.delete_security_group, i)
                         for i in left.get('security_groups', ())]
            attempts += [(network.delete_network, i) for i in left.get('networks', ())]
        for call, *args in attempts:
            try:
                call(*args)
            except sdk_exc.SDKException:
                pass   # on its way, or waits for another object: look again
        time.sleep(1)


def _empty_router(network, router_id):
    for port in network.ports(device_id=router_id,
                              device_owner='network:router_interface'):
        network.remove_interface_from_router(router_id, port_id=port.id)
    network.update_router(router_id, external_gateway_info={})
    network.delete_router(router_id)
