"""OS::Neutron::QoSPolicy: a policy whose rules (qos_rules.py) ports and
networks apply. Neutron's ``qos`` service plugin must be loaded."""
from openstack.network.v2 import qos_policy as sdk_qos_policy

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base


class QoSPolicy(base.NeutronResource):
    type_name = 'OS::Neutron::QoSPolicy'
    entity = 'qos_policy'
    collection = 'qos_policies'
    sdk_class = sdk_qos_policy.QoSPolicy
    plain_fields = ('description', 'shared', 'tenant_id')
    drift_fields = ('name', 'shared')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='The name for the QoS policy.'),
        'description': Property('string', update_allowed=True,
                                description='The description for the QoS policy.'),
        'shared': Property('boolean', default=False, update_allowed=True,
                           description='Whether this QoS policy should be shared to '
                                       'other tenants.'),
        'tenant_id': Property('string',
                              description='The owner tenant ID of this QoS policy.'),
    }
    attributes_schema = {
        'rules': 'A list of all rules for the QoS policy.',
    }
