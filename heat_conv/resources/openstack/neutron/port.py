"""OS::Neutron::Port: a port on a Neutron network."""
from openstack.network.v2 import port as sdk_port

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import listing
from heat_conv.resources.openstack.neutron import lookup

VNIC_TYPES = ('normal', 'direct', 'macvtap', 'direct-physical', 'baremetal')

_FIXED_IP = {
    'subnet_id': Property('string', constraint='neutron.subnet',
                          description='Deprecated: use subnet.'),
    'subnet': Property('string', constraint='neutron.subnet',
                       description='Subnet in which to allocate the IP address for '
                                   'this port.'),
    'ip_address': Property('string', constraint='ip_addr',
                           description='IP address desired in the subnet for this '
                                       'port.'),
}
_ADDRESS_PAIR = {
    'mac_address': Property('string', constraint='mac_addr',
                            description='MAC address to allow through this port.'),
    'ip_address': Property('string', required=True, constraint='net_cidr',
                           description='IP address to allow through this port.'),
}


class Port(base.NeutronResource):
    type_name = 'OS::Neutron::Port'
    entity = 'port'
    collection = 'ports'
    sdk_class = sdk_port.Port
    renamed = {'network_id': 'network'}
    plain_fields = ('device_id', 'device_owner', 'dns_name', 'admin_state_up',
                    'mac_address', 'binding:vnic_type', 'port_security_enabled')
    drift_fields = ('name', 'admin_state_up', 'mac_address', 'port_security_enabled',
                    'tags')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='A symbolic name for this port.'),
        'network_id': Property('string', constraint='neutron.network',
                               description='Deprecated: use network.'),
        'network': Property('string', required=True, constraint='neutron.network',
                            description='Network this port belongs to.'),
        'device_id': Property('string', default='', update_allowed=True,
                              description='Device ID of this port.'),
        'device_owner': Property('string', default='', update_allowed=True,
                                 description='Name of the network owning the port.'),
        'fixed_ips': Property('list', update_allowed=True,
                              item=Property('map', schema=_FIXED_IP),
                              description='Desired IPs for this port.'),
        'security_groups': Property('list', update_allowed=True,
                                    description='Security group IDs to associate with '
                                                'this port.'),
        'replacement_policy': Property('string', default='AUTO', update_allowed=True,
                                       allowed_values=('REPLACE_ALWAYS', 'AUTO'),
                                       description='Deprecated: REPLACE_ALWAYS replaces '
                                                   'the port at every update.'),
        'dns_name': Property('string', update_allowed=True, constraint='dns_name',
                             description='DNS name associated with the port.'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the port.'),
        'value_specs': Property('map', default={}, update_allowed=True,
                                description='Extra parameters to include in the '
                                            'request.'),
        'admin_state_up': Property('boolean', default=True, update_allowed=True,
                                   description='The administrative state of this port.'),
        'mac_address': Property('string', update_allowed=True, constraint='mac_addr',
                                description='MAC address to give to this port.'),
        'allowed_address_pairs': Property('list', update_allowed=True,
                                          item=Property('map', schema=_ADDRESS_PAIR),
                                          description='Additional MAC/IP address pairs '
                                                      'allowed to pass through the port.'),
        'binding:vnic_type': Property('string', default='normal', update_allowed=True,
                                      allowed_values=VNIC_TYPES,
                                      description='The vnic type to be bound on the '
                                                  'neutron port.'),
        'port_security_enabled': Property('boolean', update_allowed=True,
                                          description='Flag to enable/disable port '
                                                      'security on the port.'),
        'qos_policy': Property('string', update_allowed=True,
                               constraint='neutron.qos_policy',
                               description='The name or ID of QoS policy to attach to '
                                           'this port.'),
    }

    attributes_schema = {
        'admin_state_up': 'The administrative state of this port.',
        'device_id': 'Unique identifier for the device.',
        'device_owner': 'Name of the network owning the port.',
        'fixed_ips': 'Fixed IP addresses.',
        'mac_address': 'MAC address of the port.',
        'name': 'Friendly name of the port.',
        'network_id': 'Unique identifier for the network owning the port.',
        'security_groups': 'A list of security groups for the port.',
        'status': 'The status of the port.',
        'tenant_id': 'Tenant owning the port.',
        'allowed_address_pairs': 'Additional MAC/IP address pairs allowed to pass '
                                 'through a port.',
        'subnets': 'A list of all subnet attributes for the port.',
        'port_security_enabled': 'Port security enabled of the port.',
        'qos_policy_id': 'The QoS policy ID attached to this port.',
        'dns_assignment': 'The DNS assigned to this port.',
        'network': 'The attributes of the network owning the port.',
    }

    def needs_replace(self, old_properties):
        if self.properties.get('replacement_policy') == 'REPLACE_ALWAYS':
            return True
        return super().needs_replace(old_properties)

    def fields(self, props, updating=False):
        body = super().fields(props)
        cloud = self.cloud
        if props.get('network') is not None:
            body['network_id'] = lookup.resolve(cloud, 'network', props['network'])
        if props.get('fixed_ips'):
            body['fixed_ips'] = [self._fixed_ip(item) for item in props['fixed_ips']]
        # An empty list would make a port without addresses (create) or
        # release them (update); Heat leaves them to Neutron instead.
        if 'allowed_address_pairs' in props:
            body['allowed_address_pairs'] = [
                {key: value for key, value in pair.items() if value is not None}
                for pair in props['allowed_address_pairs'] or []]
        if props.get('security_groups') is not None:
            body['security_groups'] = lookup.resolve_all(cloud, 'security_group',
                                                         props['security_groups'])
        elif updating and 'security_groups' in props:
            # Removed from the template: back to the project's default group.
            body['security_groups'] = lookup.resolve_all(cloud, 'security_group',
                                                         ['default'])
        if props.get('qos_policy') is not None:
            body['qos_policy_id'] = cloud.network.find_qos_policy(
                props['qos_policy'], ignore_missing=False).id
        elif 'qos_policy' in props and updating:
            body['qos_policy_id'] = None
        return body

    def _fixed_ip(self, item):
        fixed = {}
        subnet = item.get('subnet') or item.get('subnet_id')
        if subnet is not None:
            fixed['subnet_id'] = lookup.resolve(self.cloud, 'subnet', subnet)
        if item.get('ip_address') is not None:
            fixed['ip_address'] = item['ip_address']
        return fixed

    def computed_attributes(self, shown):
        network = self.cloud.network
        subnet_ids = [ip['subnet_id'] for ip in shown.get('fixed_ips') or ()
                      if ip.get('subnet_id')]
        try:
            subnets = {s.id: listing.raw(s) for s in self.call(
                lambda: list(network.subnets(id=subnet_ids)))} if subnet_ids else {}
            shown_network = listing.raw(self.call(network.get_network, shown['network_id']))
        except Exception:   # Heat leaves these null when Neutron cannot say
            return {'subnets': None, 'network': None}
        return {'subnets': [subnets[i] for i in subnet_ids if i in subnets],
                'network': shown_network}
