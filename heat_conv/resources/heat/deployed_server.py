"""OS::Heat::DeployedServer: a server that Nova does not manage (TripleO's
split-stack deployments), so software deployments can target it.

Nothing is built: its id is the resource's own, and it is what a
deployment's ``server`` names. ``os_collect_config`` says where the
server's agent polls for its deployments, as Heat's does for the
transports that need no other service; heat-conv issues no stack-user
credentials, so their fields are null. POLL_TEMP_URL needs Swift and
ZAQAR_MESSAGE needs Zaqar, which heat-conv lacks: a create with one fails.
"""
import base64
import uuid

from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property

TRANSPORTS = ('POLL_SERVER_CFN', 'POLL_SERVER_HEAT', 'POLL_TEMP_URL', 'ZAQAR_MESSAGE')
_NEEDS = {'POLL_TEMP_URL': 'Swift', 'ZAQAR_MESSAGE': 'Zaqar'}


def physical_name(stack_name, resource_name, resource_id):
    """Heat's physical resource name: stack name, resource name, short id."""
    short = base64.b32encode(uuid.UUID(resource_id).bytes).decode()[:12].lower()
    return f'{stack_name}-{resource_name}-{short}'


class DeployedServer(base.Resource):
    type_name = 'OS::Heat::DeployedServer'
    properties_schema = {
        'name': Property('string', update_allowed=True, description='Server name.'),
        'metadata': Property('map', update_allowed=True,
                             description='Deprecated in Heat and ignored.'),
        'software_config_transport': Property(
            'string', default='POLL_SERVER_CFN', allowed_values=TRANSPORTS,
            update_allowed=True,
            description='How the server receives the metadata its software '
                        'configuration needs.'),
    }
    attributes_schema = {
        'name': 'Name of the server.',
        'os_collect_config': 'The os-collect-config configuration for the server\'s '
                             'local agent to connect to Heat for its deployments.',
    }
    wants_stack = True
    stack = None   # set by the engine for create: tenant, name and id

    def create(self):
        transport = self.properties['software_config_transport']
        if transport in _NEEDS:
            return base.Failed(f'The {transport} software config transport needs '
                               f'{_NEEDS[transport]}, which heat-conv does not have')
        self.data['physical_name'] = physical_name(self.stack.name, self.name,
                                                   self.resource_id)
        # What the agent's configuration names, kept for an update's.
        self.data['stack'] = {'name': self.stack.name, 'id': self.stack.id,
                              'tenant': self.stack.tenant}
        self.data['os_collect_config'] = self._collect_config(transport)
        return base.Done(self.resource_id)

    def update(self, old_properties):
        transport = self.properties['software_config_transport']
        if transport in _NEEDS:
            return base.Failed(f'The {transport} software config transport needs '
                               f'{_NEEDS[transport]}, which heat-conv does not have',
                               self.physical_id)
        self.data['os_collect_config'] = self._collect_config(transport)
        return base.Done(self.physical_id)

    def _collect_config(self, transport):
        stack = self.data['stack']
        stack_name, stack_id, tenant = stack['name'], stack['id'], stack['tenant']
        if transport == 'POLL_SERVER_HEAT':
            source = 'heat', {'user_id': None, 'password': None, 'auth_url': None,
                              'project_id': tenant, 'stack_id': f'{stack_name}/{stack_id}',
                              'resource_name': self.name}
        else:
            source = 'cfn', {'metadata_url': None, 'access_key_id': None,
                             'secret_access_key': None, 'stack_name': stack_name,
                             'path': f'{self.name}.Metadata'}
        return {source[0]: source[1], 'collectors': [source[0], 'local']}

    def attributes(self):
        if not self.physical_id:
            return {}
        return {'name': self.properties.get('name') or self.data.get('physical_name'),
                'os_collect_config': self.data.get('os_collect_config') or {}}
