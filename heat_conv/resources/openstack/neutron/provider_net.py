"""OS::Neutron::ProviderNet: a network on a given physical realisation
(admin only under Neutron's default policy)."""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import net

NETWORK_TYPES = ('local', 'vlan', 'vxlan', 'gre', 'geneve', 'flat')
# Properties Neutron takes under its extensions' names.
_EXTENSION_NAMES = {'network_type': 'provider:network_type',
                    'physical_network': 'provider:physical_network',
                    'segmentation_id': 'provider:segmentation_id',
                    'router_external': 'router:external'}


class ProviderNet(net.Net):
    type_name = 'OS::Neutron::ProviderNet'
    plain_fields = ('admin_state_up', 'shared', 'port_security_enabled', 'dns_domain',
                    'availability_zone_hints')
    drift_fields = ('name', 'admin_state_up', 'shared', 'tags')

    properties_schema = {
        'name': net.Net.properties_schema['name'],
        'network_type': Property('string', required=True, update_allowed=True,
                                 allowed_values=NETWORK_TYPES,
                                 description='A string specifying the provider network '
                                             'type for the network.'),
        'physical_network': Property('string', update_allowed=True,
                                     description='A string specifying physical network '
                                                 'mapping for the network.'),
        'segmentation_id': Property('string', update_allowed=True,
                                    description='A string specifying the segmentation id '
                                                'for the network.'),
        'admin_state_up': net.Net.properties_schema['admin_state_up'],
        'shared': Property('boolean', default=True, update_allowed=True,
                           description='Whether this network should be shared across '
                                       'all tenants.'),
        'port_security_enabled': Property('boolean', update_allowed=True,
                                          description='Flag to enable/disable port '
                                                      'security on the network: the '
                                                      'default of its ports.'),
        'router_external': Property('boolean', default=False, update_allowed=True,
                                    description='Whether the network contains an '
                                                'external router.'),
        'dns_domain': net.Net.properties_schema['dns_domain'],
        'availability_zone_hints': Property('list', update_allowed=True,
                                            description='Availability zone candidates '
                                                        'for the network.'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the provider network.'),
    }

    attributes_schema = {
        'status': 'The status of the network.',
        'subnets': 'Subnets of this network.',
        'segments': 'The segments of this network.',
    }

    @classmethod
    def check_combination(cls, values, path):
        if values.get('segmentation_id') and values.get('network_type') != 'vlan':
            raise exception.InvalidProperties(
                'segmentation_id not allowed for flat network type.',
                path=path + ('segmentation_id',))

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        for key, neutron_name in _EXTENSION_NAMES.items():
            if props.get(key) is not None:
                value = props[key]
                if key == 'segmentation_id':
                    value = int(value)   # a string in Heat's schema, a number to Neutron
                body[neutron_name] = value
        return body
