"""OS::Neutron::SubnetPool: a block of addresses that subnets are cut from."""
from openstack.network.v2 import subnet_pool as sdk_subnet_pool

from heat_conv.common import exception
from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import prefixes

_BOUNDS = ('min_prefixlen', 'default_prefixlen', 'max_prefixlen')


class SubnetPool(base.NeutronResource):
    type_name = 'OS::Neutron::SubnetPool'
    entity = 'subnet_pool'
    collection = 'subnet_pools'
    sdk_class = sdk_subnet_pool.SubnetPool
    filters_by_id = False
    plain_fields = ('prefixes', 'default_quota', 'is_default', 'tenant_id',
                    'shared') + _BOUNDS
    drift_fields = ('name', 'default_quota', 'is_default', 'tags')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of the subnet pool.'),
        'prefixes': Property('list', required=True, update_allowed=True,
                             item=Property('string', constraint='net_cidr'),
                             description='List of subnet prefixes to assign.'),
        'address_scope': Property('string', update_allowed=True,
                                  constraint='neutron.address_scope',
                                  description='An address scope ID to assign to the '
                                              'subnet pool.'),
        'default_quota': Property('integer', min_value=0, update_allowed=True,
                                  description='A per-tenant quota on the prefix space '
                                              'that can be allocated from the subnet '
                                              'pool for tenant subnets.'),
        'default_prefixlen': Property('integer', min_value=0, update_allowed=True,
                                      description='The size of the prefix to allocate '
                                                  'when a subnet gives neither cidr '
                                                  'nor prefixlen.'),
        'min_prefixlen': Property('integer', min_value=0, update_allowed=True,
                                  description='Smallest prefix size that can be '
                                              'allocated from the subnet pool.'),
        'max_prefixlen': Property('integer', min_value=0, update_allowed=True,
                                  description='Maximum prefix size that can be '
                                              'allocated from the subnet pool.'),
        'is_default': Property('boolean', default=False, update_allowed=True,
                               description='Whether this is the default IPv4/IPv6 '
                                           'subnet pool (admin only by default).'),
        'tenant_id': Property('string',
                              description='The ID of the tenant who owns the subnet '
                                          'pool (admin only for another tenant).'),
        'shared': Property('boolean', default=False,
                           description='Whether the subnet pool is shared across all '
                                       'tenants (admin only by default).'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the subnet pool.'),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        if values.get('prefixes') is not None and not values['prefixes']:
            raise exception.InvalidProperties(
                'length (0) is out of range (min: 1, max: None)',
                path=path + ('prefixes',))
        low, default, high = (values.get(key) for key in _BOUNDS)

        def illegal(key1, value1, key2, value2):
            raise exception.InvalidProperties(
                f'Illegal prefix bounds: {key1}={value1}, {key2}={value2}.',
                path=path + (key1,))
        if low and high and low > high:
            illegal('max_prefixlen', high, 'min_prefixlen', low)
        if default:
            if high and default > high:
                illegal('max_prefixlen', high, 'default_prefixlen', default)
            if low and low > default:
                illegal('min_prefixlen', low, 'default_prefixlen', default)

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if props.get('address_scope') is not None:
            body['address_scope_id'] = self.cloud.network.find_address_scope(
                props['address_scope'], ignore_missing=False).id
        elif updating and 'address_scope' in props:
            body['address_scope_id'] = None   # removed from the template: detached
        return body

    def update(self, old_properties):
        old, new = old_properties.get('prefixes'), self.properties.get('prefixes')
        if new != old and not prefixes.covers(new, old):
            # Neutron would refuse too, less clearly: it keeps every prefix it gave out.
            return resource_base.Failed(
                f'Property prefixes updated value {sorted(new)} should be superset of '
                f'existing value {sorted(old)}.', physical_id=self.physical_id)
        return super().update(old_properties)
