"""A server's attributes, as Heat shows them.

``addresses`` lists each network's addresses (keyed by network name and,
again, by network id), each address with its ``port`` id, its port's
``subnets`` and its ``network``; ``networks`` keeps only the IPs. One call
to Nova (none when the observer has just seen the server: ``plugin.seen``)
and three list calls to Neutron (ports, networks, subnets) read
them all; the networks and subnets once per traversal (lookups).
"""
import copy
import json

from heat_conv.resources.openstack import lookups
from heat_conv.resources.openstack.nova import server_status


def attributes(plugin):
    cloud = plugin.cloud
    seen = plugin.seen
    if not seen or seen.get('id') != plugin.physical_id or 'show' not in seen:
        # Not just seen by the observer (an update done at once, a refresh).
        seen = server_status.compact(plugin.call(cloud.compute.get_server,
                                                 plugin.physical_id))
    ports = list(plugin.call(cloud.network.ports, device_id=plugin.physical_id))
    network_ids = sorted({port.network_id for port in ports})
    subnet_ids = sorted({ip['subnet_id'] for port in ports for ip in port.fixed_ips or []})
    # The same for every server of a traversal on these networks: read once.
    networks = lookups.once_per_traversal(
        'networks listed', tuple(network_ids),
        lambda: {net.id: net.to_dict(computed=False)
                 for net in _listed(plugin, cloud.network.networks, network_ids)})
    subnets = lookups.once_per_traversal(
        'subnets listed', tuple(subnet_ids),
        lambda: {sub.id: sub.to_dict(computed=False)
                 for sub in _listed(plugin, cloud.network.subnets, subnet_ids)})
    addresses = _addresses(seen.get('addresses') or {}, ports, networks, subnets)
    ids_by_name = {net['name']: net_id for net_id, net in networks.items()}
    return _json_safe({
        'name': seen['name'],
        'addresses': _by_name_and_id(addresses, ids_by_name),
        'networks': _by_name_and_id(
            {name: [addr['addr'] for addr in addrs]
             for name, addrs in (seen.get('addresses') or {}).items()}, ids_by_name),
        'first_address': _first_address(seen.get('addresses') or {}),
        'instance_name': seen.get('instance_name'),
        'accessIPv4': seen.get('access_ipv4') or '',
        'accessIPv6': seen.get('access_ipv6') or '',
        'tags': seen.get('tags'),
        'os_collect_config': {},
        'show': seen['show'],
    })


def _listed(plugin, lister, ids):
    if not ids:
        return []
    return plugin.call(lambda: list(lister(id=ids)))


def _addresses(by_network, ports, networks, subnets):
    found = copy.deepcopy(by_network)
    port_of = {(ip['ip_address'], port.mac_address): port
               for port in ports for ip in port.fixed_ips or []}
    for addrs in found.values():
        for addr in addrs:
            port = port_of.get((addr.get('addr'), addr.get('OS-EXT-IPS-MAC:mac_addr')))
            addr['port'] = port.id if port else None
            addr['subnets'] = ([subnets.get(ip['subnet_id']) for ip in port.fixed_ips]
                               if port else None)
            addr['network'] = networks.get(port.network_id) if port else None
    return found


def _by_name_and_id(by_name, ids_by_name):
    """Heat keys each network's entry by its name and again by its id."""
    found = dict(by_name)
    for name, value in by_name.items():
        if name in ids_by_name:
            found[ids_by_name[name]] = value
    return found


def _first_address(by_network):
    for name in sorted(by_network, reverse=True):
        if by_network[name]:
            return by_network[name][0]['addr']
    return ''


def _json_safe(value):
    """Attributes are stored as JSON; the SDK's values may hold its objects."""
    return json.loads(json.dumps(value, default=str))
