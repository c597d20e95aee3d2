"""OS::Neutron::Net: a Neutron network."""
from openstack.network.v2 import network as sdk_network

from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base


class Net(base.NeutronResource):
    type_name = 'OS::Neutron::Net'
    entity = 'network'
    collection = 'networks'
    sdk_class = sdk_network.Network
    plain_fields = ('admin_state_up', 'tenant_id', 'shared', 'port_security_enabled',
                    'dns_domain')
    drift_fields = ('name', 'admin_state_up', 'shared', 'port_security_enabled', 'tags')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='A string specifying a symbolic name for the '
                                     'network, which is not required to be unique.'),
        'value_specs': Property('map', default={}, update_allowed=True,
                                description='Extra parameters to include in the '
                                            'request.'),
        'admin_state_up': Property('boolean', default=True, update_allowed=True,
                                   description='The administrative status of the '
                                               'network.'),
        'tenant_id': Property('string', description='The ID of the tenant which will '
                                                    'own the network (admin only).'),
        'shared': Property('boolean', default=False, update_allowed=True,
                           description='Whether this network is shared across all '
                                       'tenants (admin only by default).'),
        'dhcp_agent_ids': Property('list', update_allowed=True,
                                   description='The IDs of the DHCP agents to schedule '
                                               'the network on (admin only).'),
        'port_security_enabled': Property('boolean', update_allowed=True,
                                          description='Port security on the network: '
                                                      'the default of its ports.'),
        'qos_policy': Property('string', update_allowed=True,
                               constraint='neutron.qos_policy',
                               description='The name or ID of the QoS policy of the '
                                           'network.'),
        'dns_domain': Property('string', update_allowed=True, constraint='dns_domain',
                               description='DNS domain of the network.'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the network.'),
    }

    attributes_schema = {
        'status': 'The status of the network.',
        'name': 'The name of the network.',
        'subnets': 'Subnets of this network.',
        'admin_state_up': 'The administrative status of the network.',
        'tenant_id': 'The tenant owning this network.',
        'port_security_enabled': 'Port security enabled of the network.',
        'mtu': 'The maximum transmission unit size (in bytes) for the network.',
        'qos_policy_id': 'The QoS policy ID attached to this network.',
        'l2_adjacency': 'True if L2 connectivity is expected throughout the network.',
    }

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if props.get('qos_policy') is not None:
            body['qos_policy_id'] = self.cloud.network.find_qos_policy(
                props['qos_policy'], ignore_missing=False).id
        elif updating and 'qos_policy' in props:
            body['qos_policy_id'] = None
        return body

    def create(self):
        outcome = super().create()
        if self.properties.get('dhcp_agent_ids') and not isinstance(
                outcome, resource_base.Failed):
            return self._schedule(outcome)
        return outcome

    def after_update(self, obj, changed):
        if 'dhcp_agent_ids' in changed:
            self._replace_dhcp_agents(changed['dhcp_agent_ids'] or [])

    def _schedule(self, outcome):
        try:
            self._replace_dhcp_agents(self.properties['dhcp_agent_ids'])
        except Exception as exc:
            return self.failed(exc)
        return outcome

    def _replace_dhcp_agents(self, wanted):
        network = self.cloud.network
        hosting = {agent.id for agent in self.call(
            lambda: list(network.network_hosting_dhcp_agents(self.physical_id)))}
        for agent_id in set(wanted) - hosting:
            self.call(network.add_dhcp_agent_to_network, agent_id, self.physical_id)
        for agent_id in hosting - set(wanted):
            self.call(network.remove_dhcp_agent_from_network, agent_id, self.physical_id)
