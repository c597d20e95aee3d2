"""A server's ``networks``: checked, then turned into Nova's NIC list.

As in Heat, an entry with a ``subnet`` gets a port that heat-conv makes
(an "internal" port, deleted with the server); an entry with ``port``
plugs that port; an entry with ``network`` (and perhaps ``fixed_ip``)
lets Nova make the port. ``floating_ip`` is associated with the entry's
port before the server is built, so it needs a port or a subnet.

Internal ports carry the server's ownership tags and their NIC's index, so
a create retried after a crash finds the port it made instead of making a
second one.
"""
import ipaddress

from heat_conv.common import exception
from heat_conv.resources.openstack import lookups

NIC_TAG = 'heat_conv_nic'

# port_extra_properties (Heat's port properties) -> openstacksdk's names.
PORT_EXTRA = {
    'admin_state_up': 'is_admin_state_up',
    'mac_address': 'mac_address',
    'allowed_address_pairs': 'allowed_address_pairs',
    'binding:vnic_type': 'binding_vnic_type',
    'port_security_enabled': 'is_port_security_enabled',
    'qos_policy': 'qos_policy_id',
}


def validate(networks, security_groups, path):
    """Heat's checks of the ``networks`` list; raises InvalidProperties."""
    networks = networks or []
    for index, net in enumerate(networks):
        here = tuple(path) + ('networks', index)
        given = {key for key, value in net.items() if value is not None}
        if not given & {'network', 'uuid', 'port', 'subnet', 'allocate_network'}:
            raise exception.InvalidProperties(
                'One of the properties "network", "port", "allocate_network" or '
                '"subnet" should be set for the specified network', path=here)
        if net.get('allocate_network') and len(given) != 1:
            raise exception.InvalidProperties(
                'Can not specify "allocate_network" with other keys of networks '
                'at the same time.', path=here)
        if net.get('allocate_network') and len(networks) != 1:
            raise exception.InvalidProperties(
                'Property "allocate_network" can not be specified if multiple '
                'network interfaces set for server.', path=here)
        if net.get('fixed_ip') and net.get('port'):
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: '
                'networks/fixed_ip, networks/port', path=here)
        if net.get('fixed_ip'):
            try:
                ipaddress.ip_address(net['fixed_ip'])
            except ValueError:
                raise exception.InvalidProperties(
                    f'"{net["fixed_ip"]}" is not a valid IP address',
                    path=here + ('fixed_ip',)) from None
        if (net.get('floating_ip') and not net.get('port')
                and not net.get('subnet')):
            raise exception.InvalidProperties(
                'Property "floating_ip" is not supported if only "network" is '
                'specified, because the corresponding port can not be retrieved.',
                path=here + ('floating_ip',))
        for key in (net.get('port_extra_properties') or {}):
            if key not in PORT_EXTRA and key != 'value_specs':
                raise exception.InvalidProperties(
                    f'Unknown property {key}',
                    path=here + ('port_extra_properties', key))
    if security_groups and any(net.get('port') for net in networks):
        raise exception.InvalidProperties(
            'Cannot define the following properties at the same time: '
            'security_groups, networks/port', path=tuple(path) + ('security_groups',))


def build_nics(plugin, networks, server_name):
    """Nova's ``networks`` for the create request. Makes the internal ports
    (recorded in ``plugin.data['internal_ports']``) and associates floating
    IPs; raises the services' errors."""
    if not networks:
        return 'auto'   # what Nova does without a list, before API 2.37
    if networks[0].get('allocate_network'):
        return networks[0]['allocate_network']
    cloud = plugin.cloud
    sg_ids = None
    nics = []
    for index, net in enumerate(networks):
        nic = {}
        network = net.get('network') or net.get('uuid')
        if net.get('port'):
            nic['port'] = lookups.port_id(cloud, net['port'])
        elif net.get('subnet'):
            if sg_ids is None:
                sg_ids = lookups.security_group_ids(
                    cloud, plugin.nova_properties().get('security_groups') or [])
            nic['port'] = _internal_port(plugin, index, net, network, sg_ids,
                                         server_name)
        else:
            nic['uuid'] = lookups.network_id(cloud, network)
            if net.get('fixed_ip'):
                nic['fixed_ip'] = net['fixed_ip']
        if net.get('tag'):
            nic['tag'] = net['tag']
        if net.get('floating_ip'):
            body = {'port_id': nic['port']}
            if net.get('fixed_ip'):
                body['fixed_ip_address'] = net['fixed_ip']
            plugin.call(cloud.network.update_ip, net['floating_ip'], **body)
        nics.append(nic)
    return nics


def _internal_port(plugin, index, net, network, sg_ids, server_name):
    cloud = plugin.cloud
    tags = plugin.ownership_tags() + [f'{NIC_TAG}={index}']
    existing = plugin.call(lambda: list(cloud.network.ports(tags=','.join(tags))))
    if existing:
        port = existing[0]
    else:
        subnet = lookups.subnet(cloud, net['subnet'])
        network_id = lookups.network_id(cloud, network) if network else subnet.network_id
        fixed_ip = {'subnet_id': subnet.id}
        if net.get('fixed_ip'):
            fixed_ip['ip_address'] = net['fixed_ip']
        # Tagged in the create request itself: never a moment untagged.
        attrs = {'network_id': network_id, 'fixed_ips': [fixed_ip],
                 'name': f'{server_name}-port-{index}', 'tags': tags}
        if sg_ids:
            attrs['security_group_ids'] = sg_ids
        extra = dict(net.get('port_extra_properties') or {})
        attrs.update(extra.pop('value_specs', None) or {})
        attrs.update({PORT_EXTRA[key]: value for key, value in extra.items()
                      if value is not None})
        port = plugin.call(cloud.network.create_port, **attrs)
    ports = plugin.data.setdefault('internal_ports', [])
    if port.id not in ports:
        ports.append(port.id)
    return port.id


def delete_internal_ports(plugin):
    """Delete the ports heat-conv made for the server (gone ones included)."""
    for port_id in list(plugin.data.get('internal_ports') or []):
        plugin.call(plugin.cloud.network.delete_port, port_id, ignore_missing=True)
        plugin.data['internal_ports'].remove(port_id)
