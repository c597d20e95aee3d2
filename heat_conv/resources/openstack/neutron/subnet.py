"""OS::Neutron::Subnet: an IP address block of a Neutron network."""
import ipaddress

from openstack.network.v2 import subnet as sdk_subnet

from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

IPV6_MODES = ('dhcpv6-stateful', 'dhcpv6-stateless', 'slaac')

_POOL = {'start': Property('string', required=True, constraint='ip_addr',
                           description='Start address for the allocation pool.'),
         'end': Property('string', required=True, constraint='ip_addr',
                         description='End address for the allocation pool.')}
_ROUTE = {'destination': Property('string', required=True, constraint='net_cidr',
                                  description='The destination for static route.'),
          'nexthop': Property('string', required=True, constraint='ip_addr',
                              description='The next hop for the destination.')}


class Subnet(base.NeutronResource):
    type_name = 'OS::Neutron::Subnet'
    entity = 'subnet'
    collection = 'subnets'
    sdk_class = sdk_subnet.Subnet
    renamed = {'network_id': 'network'}
    plain_fields = ('prefixlen', 'cidr', 'ip_version', 'dns_nameservers', 'enable_dhcp',
                    'allocation_pools', 'tenant_id', 'host_routes', 'ipv6_ra_mode',
                    'ipv6_address_mode')
    drift_fields = ('name', 'dns_nameservers', 'enable_dhcp', 'gateway_ip',
                    'allocation_pools', 'host_routes', 'tags')

    properties_schema = {
        'network_id': Property('string', constraint='neutron.network',
                               description='Deprecated: use network.'),
        'network': Property('string', required=True, constraint='neutron.network',
                            description='The ID of the attached network.'),
        'subnetpool': Property('string', constraint='neutron.subnetpool',
                               description='The name or ID of the subnet pool.'),
        'prefixlen': Property('integer', min_value=0,
                              description='Prefix length for subnet allocation from '
                                          'subnet pool.'),
        'cidr': Property('string', constraint='net_cidr', description='The CIDR.'),
        'value_specs': Property('map', default={}, update_allowed=True,
                                description='Extra parameters to include in the '
                                            'request.'),
        'name': Property('string', update_allowed=True,
                         description='The name of the subnet.'),
        'ip_version': Property('integer', default=4, allowed_values=(4, 6),
                               description='The IP version, which is 4 or 6.'),
        'dns_nameservers': Property('list', default=[], update_allowed=True,
                                    description='A specified set of DNS name servers '
                                                'to be used.'),
        'gateway_ip': Property('string', update_allowed=True,
                               description='The gateway IP address; null, ~ or "" '
                                           'for none. Neutron picks one if omitted.'),
        'enable_dhcp': Property('boolean', default=True, update_allowed=True,
                                description='Set to true if DHCP is enabled and false '
                                            'if DHCP is disabled.'),
        'allocation_pools': Property('list', update_allowed=True,
                                     item=Property('map', schema=_POOL),
                                     description='The start and end addresses for the '
                                                 'allocation pools.'),
        'tenant_id': Property('string', description='The ID of the tenant who owns the '
                                                    'network (admin only).'),
        'host_routes': Property('list', update_allowed=True,
                                item=Property('map', schema=_ROUTE),
                                description='A list of host route dictionaries for '
                                            'the subnet.'),
        'ipv6_ra_mode': Property('string', allowed_values=IPV6_MODES,
                                 description='IPv6 RA (Router Advertisement) mode.'),
        'ipv6_address_mode': Property('string', allowed_values=IPV6_MODES,
                                      description='IPv6 address mode.'),
        'segment': Property('string', update_allowed=True, constraint='neutron.segment',
                            description='The name/ID of the segment to associate.'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the subnet.'),
    }

    attributes_schema = {
        'name': 'Friendly name of the subnet.',
        'network_id': 'Parent network of the subnet.',
        'tenant_id': 'Tenant owning the subnet.',
        'allocation_pools': 'Ip allocation pools and their ranges.',
        'gateway_ip': "Ip of the subnet's gateway.",
        'host_routes': 'Additional routes for this subnet.',
        'ip_version': 'Ip version for the subnet.',
        'cidr': 'CIDR block notation for this subnet.',
        'dns_nameservers': 'List of dns nameservers.',
        'enable_dhcp': "'true' if DHCP is enabled for this subnet; 'false' otherwise.",
    }

    @classmethod
    def check_combination(cls, values, path):
        def conflict(a, b):
            raise exception.InvalidProperties(
                f'Cannot define the following properties at the same time: {a}, {b}',
                path=path + (b,))
        if values.get('subnetpool') is not None and values.get('cidr'):
            conflict('subnetpool', 'cidr')
        if values.get('subnetpool') is None and not values.get('cidr'):
            raise exception.InvalidProperties(
                'At least one of the following properties must be specified: '
                'subnetpool, cidr', path=path + ('cidr',))
        if values.get('prefixlen') and values.get('cidr'):
            conflict('prefixlen', 'cidr')
        ra_mode, address_mode = values.get('ipv6_ra_mode'), values.get('ipv6_address_mode')
        if values.get('ip_version') == 4 and (ra_mode or address_mode):
            raise exception.InvalidProperties(
                'ipv6_ra_mode and ipv6_address_mode are not supported for ipv4.',
                path=path + ('ipv6_ra_mode' if ra_mode else 'ipv6_address_mode',))
        if ra_mode and address_mode and ra_mode != address_mode:
            raise exception.InvalidProperties(
                'When both ipv6_ra_mode and ipv6_address_mode are set, they must be '
                'equal.', path=path + ('ipv6_address_mode',))
        gateway = values.get('gateway_ip')
        if gateway and gateway not in ('~', ''):
            try:
                ipaddress.ip_address(gateway)
            except ValueError:
                raise exception.InvalidProperties(
                    f'Gateway IP address "{gateway}" is in invalid format.',
                    path=path + ('gateway_ip',)) from None

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if props.get('network') is not None:
            body['network_id'] = lookup.resolve(self.cloud, 'network', props['network'])
        if props.get('subnetpool') is not None:
            body['subnetpool_id'] = self.cloud.network.find_subnet_pool(
                props['subnetpool'], ignore_missing=False).id
        if props.get('segment') is not None:
            body['segment_id'] = self.cloud.network.find_segment(
                props['segment'], ignore_missing=False).id
        if 'gateway_ip' in props and props['gateway_ip'] is not None:
            # null, ~ and "" all mean no gateway; Neutron's word for it is null.
            body['gateway_ip'] = None if props['gateway_ip'] in ('', '~') \
                else props['gateway_ip']
        return body

    def update_fields(self, changed):
        body = super().update_fields(changed)
        if 'gateway_ip' in changed and changed['gateway_ip'] is None:
            body['gateway_ip'] = None   # removed from the template: detached
        if 'allocation_pools' in changed and changed['allocation_pools'] is None:
            body['allocation_pools'] = []
        return body

    def observed_properties(self, shown):
        live = super().observed_properties(shown)
        # Neutron adds the defaults it picked; compare what the template set.
        if self.stored_properties.get('gateway_ip') in ('', '~'):
            live['gateway_ip'] = self.stored_properties['gateway_ip'] \
                if shown.get('gateway_ip') is None else shown.get('gateway_ip')
        return live
