"""OS::Neutron::Router: a Neutron router, with its external gateway."""
from openstack.network.v2 import router as sdk_router

from heat_conv.common import exception
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

_GATEWAY_FIXED_IP = {
    'ip_address': Property('string', constraint='ip_addr',
                           description='External fixed IP address.'),
    'subnet': Property('string', constraint='neutron.subnet',
                       description='Subnet of external fixed IP address.'),
}
_GATEWAY = {
    'network': Property('string', required=True, update_allowed=True,
                        constraint='neutron.network',
                        description='ID or name of the external network for the '
                                    'gateway.'),
    'enable_snat': Property('boolean', update_allowed=True,
                            description='Enables Source NAT on the router gateway '
                                        '(admin only by default).'),
    'external_fixed_ips': Property('list', update_allowed=True,
                                   item=Property('map', schema=_GATEWAY_FIXED_IP),
                                   description='External fixed IP addresses for the '
                                               'gateway.'),
}


class Router(base.NeutronResource):
    type_name = 'OS::Neutron::Router'
    entity = 'router'
    collection = 'routers'
    sdk_class = sdk_router.Router
    plain_fields = ('admin_state_up', 'distributed', 'ha')
    drift_fields = ('name', 'admin_state_up', 'tags')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='The name of the router.'),
        'external_gateway_info': Property('map', update_allowed=True, schema=_GATEWAY,
                                          description='External network gateway '
                                                      'configuration for a router.'),
        'value_specs': Property('map', default={}, update_allowed=True,
                                description='Extra parameters to include in the '
                                            'creation request.'),
        'admin_state_up': Property('boolean', default=True, update_allowed=True,
                                   description='The administrative state of the '
                                               'router.'),
        'l3_agent_id': Property('string', update_allowed=True,
                                description='Deprecated: use l3_agent_ids.'),
        'l3_agent_ids': Property('list', update_allowed=True, item=Property('string'),
                                 description='ID list of the L3 agents (admin only).'),
        'distributed': Property('boolean',
                                description='Whether to create a distributed router '
                                            '(admin only by default).'),
        'ha': Property('boolean', description='Whether to create a highly available '
                                              'router (admin only by default).'),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='The tags to be added to the router.'),
    }

    attributes_schema = {
        'status': 'The status of the router.',
        'external_gateway_info': 'Gateway network for the router.',
        'name': 'Friendly name of the router.',
        'admin_state_up': 'Administrative state of the router.',
        'tenant_id': 'Tenant owning the router.',
    }

    @classmethod
    def check_combination(cls, values, path):
        def conflict(a, b):
            raise exception.InvalidProperties(
                f'Cannot define the following properties at the same time: {a}, {b}',
                path=path + (a,))
        agent, agents = values.get('l3_agent_id'), values.get('l3_agent_ids')
        if agent and agents:
            conflict('l3_agent_id', 'l3_agent_ids')
        if values.get('distributed') and (agent or agents):
            conflict('distributed', 'l3_agent_id/l3_agent_ids')
        if values.get('ha') and values.get('distributed'):
            conflict('distributed', 'ha')
        if not values.get('ha') and agents and len(agents) > 1:
            raise exception.InvalidProperties('Non HA routers can only have one L3 '
                                              'agent.', path=path + ('l3_agent_ids',))

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if 'external_gateway_info' in props:
            gateway = props['external_gateway_info']
            if gateway:
                body['external_gateway_info'] = self._gateway(gateway)
            elif updating:
                body['external_gateway_info'] = None   # removed: no gateway
        return body

    def _gateway(self, gateway):
        network_id = lookup.resolve(self.cloud, 'network', gateway['network'])
        self.data['gateway_network_id'] = network_id
        info = {'network_id': network_id}
        if gateway.get('enable_snat') is not None:
            info['enable_snat'] = gateway['enable_snat']
        if gateway.get('external_fixed_ips') is not None:
            info['external_fixed_ips'] = []
            for fixed in gateway['external_fixed_ips']:
                item = {}
                if fixed.get('subnet') is not None:
                    item['subnet_id'] = lookup.resolve(self.cloud, 'subnet',
                                                       fixed['subnet'])
                if fixed.get('ip_address') is not None:
                    item['ip_address'] = fixed['ip_address']
                info['external_fixed_ips'].append(item)
        return info

    def create(self):
        outcome = super().create()
        agents = self._agents(self.properties)
        if agents and not isinstance(outcome, resource_base.Failed):
            try:
                self._replace_agents(agents)
            except Exception as exc:
                return self.failed(exc)
        return outcome

    def after_update(self, obj, changed):
        if 'l3_agent_ids' in changed or 'l3_agent_id' in changed:
            self._replace_agents(self._agents(self.properties))
        if 'external_gateway_info' in changed and not changed['external_gateway_info']:
            self.data.pop('gateway_network_id', None)

    @staticmethod
    def _agents(props):
        if props.get('l3_agent_ids'):
            return list(props['l3_agent_ids'])
        return [props['l3_agent_id']] if props.get('l3_agent_id') else []

    def _replace_agents(self, wanted):
        network = self.cloud.network
        for agent in self.call(lambda: list(network.routers_hosting_l3_agents(
                self.physical_id))):
            self.call(network.remove_router_from_agent, agent.id, self.physical_id)
        for agent_id in wanted:
            self.call(network.add_router_to_agent, agent_id, self.physical_id)

    def drift(self, expected, cloud_object):
        status, detail = super().drift(expected, cloud_object)
        wanted = self.data.get('gateway_network_id')
        if status == Drift.DELETED or not wanted:
            return status, detail
        actual = (cloud_object.get('external_gateway_info') or {}).get('network_id')
        if actual != wanted:
            detail = dict(detail or {})
            detail['external_gateway_info'] = {'expected': {'network': wanted},
                                               'actual': {'network': actual}}
            return Drift.MODIFIED, detail
        return status, detail
