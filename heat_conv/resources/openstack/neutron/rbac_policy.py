"""OS::Neutron::RBACPolicy: shares one network or QoS policy with a project.

An RBAC policy has neither tags nor a description: a create whose answer
was lost is not adopted (``find_orphan`` finds nothing), as in Heat.
"""
from openstack.network.v2 import rbac_policy as sdk_rbac_policy

from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

# The actions Heat allows on each kind of object.
ACTIONS = {'network': ('access_as_shared', 'access_as_external'),
           'qos_policy': ('access_as_shared',)}


class RBACPolicy(base.NeutronResource):
    type_name = 'OS::Neutron::RBACPolicy'
    entity = 'rbac_policy'
    collection = 'rbac_policies'
    sdk_class = sdk_rbac_policy.RBACPolicy
    takes_tags = False
    marks_description = False
    wants_stack = False
    filters_by_id = False
    plain_fields = ('object_type', 'target_tenant', 'action', 'tenant_id')
    drift_fields = ('target_tenant',)

    properties_schema = {
        'object_type': Property('string', required=True, allowed_values=tuple(ACTIONS),
                                description='Type of the object that RBAC policy '
                                            'affects.'),
        'target_tenant': Property('string', required=True, update_allowed=True,
                                  description='ID of the tenant to which the RBAC policy '
                                              'will be enforced.'),
        'action': Property('string', required=True,
                           allowed_values=('access_as_shared', 'access_as_external'),
                           description='Action for the RBAC policy. The allowed actions '
                                       'differ for different object types - only '
                                       'network objects can have an '
                                       'access_as_external action.'),
        'object_id': Property('string', required=True,
                              description='ID or name of the RBAC object.'),
        'tenant_id': Property('string',
                              description='The owner tenant ID. Only required if the '
                                          'caller has an administrative role and '
                                          'wants to create a RBAC for another tenant.'),
    }
    attributes_schema = {}

    @classmethod
    def check_combination(cls, values, path):
        kind, action = values.get('object_type'), values.get('action')
        if kind in ACTIONS and action is not None and action not in ACTIONS[kind]:
            raise exception.InvalidProperties(
                f'Invalid action "{action}" for object type {kind}. Valid actions: '
                f'{", ".join(ACTIONS[kind])}', path=path + ('action',))

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if props.get('object_id') is not None:
            body['object_id'] = self._object_id(props.get('object_type') or
                                                self.properties['object_type'],
                                                props['object_id'])
        return body

    def _object_id(self, kind, value):
        if kind == 'network':
            return lookup.resolve(self.cloud, 'network', value)
        return self.cloud.network.find_qos_policy(value, ignore_missing=False).id
