"""OS::Neutron::AddressScope: the scope in which subnet pools may not overlap.

An address scope has neither tags nor a description, so nothing on it names
heat-conv's resource: a create whose answer was lost leaves a scope that
is not adopted (``find_orphan`` finds nothing), as in Heat.
"""
from openstack.network.v2 import address_scope as sdk_address_scope

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base


class AddressScope(base.NeutronResource):
    type_name = 'OS::Neutron::AddressScope'
    entity = 'address_scope'
    collection = 'address_scopes'
    sdk_class = sdk_address_scope.AddressScope
    takes_tags = False
    marks_description = False
    filters_by_id = False
    plain_fields = ('shared', 'tenant_id', 'ip_version')
    drift_fields = ('name', 'shared')

    properties_schema = {
        'name': Property('string', required=True, update_allowed=True,
                         description='The name for the address scope.'),
        'shared': Property('boolean', default=False, update_allowed=True,
                           description='Whether the address scope is shared with other '
                                       'tenants (admin only by default; a shared '
                                       'scope cannot be unshared).'),
        'tenant_id': Property('string', constraint='keystone.project',
                              description='The owner tenant ID of the address scope '
                                          '(admin only for another tenant).'),
        'ip_version': Property('integer', default=4, allowed_values=(4, 6),
                               description='Address family of the address scope, '
                                           'which is 4 or 6.'),
    }
    attributes_schema = {}
