"""How a SOFTWARE_CONFIG server's agent (os-collect-config) learns of its
deployments, by ``software_config_transport``, as far as heat-conv can
give it without a guest.

- POLL_SERVER_HEAT: as Heat does, a user of the server's own in the stack
  user domain (heat_conv.clients.stack_users), on its stack's project
  there, with a random password. The server's resource metadata (what
  ``openstack stack resource metadata`` and the agent read) and the
  ``cfn-init-data`` part of its user data carry Heat's
  ``os-collect-config`` section: ``heat`` (user_id, password, auth_url,
  project_id, stack_id as ``name/id``, resource_name) and the collectors
  ``heat`` and ``local``. With those the agent reads that metadata from
  heat-conv's API, whose ``deployments`` are the configs deployed to the
  server. The user is deleted with the server.
- POLL_TEMP_URL needs Swift's temp URLs: without an object-store service
  in the user's catalog the request is refused naming it, as Heat names a
  missing service; heat-conv does not make temp URLs on a cloud with Swift
  either, and says so.
- POLL_SERVER_CFN and ZAQAR_MESSAGE need the CloudFormation-compatible API
  and Zaqar, which heat-conv has not.
"""
import uuid

from heat_conv.clients import stack_users
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.resources import deployments_metadata

SOFTWARE_CONFIG = 'SOFTWARE_CONFIG'
POLL_SERVER_HEAT = 'POLL_SERVER_HEAT'
POLL_TEMP_URL = 'POLL_TEMP_URL'

_NOT_SUPPORTED = {
    POLL_TEMP_URL: 'Swift temp URLs for the server\'s metadata, which heat-conv '
                   'does not make yet',
    'POLL_SERVER_CFN': 'the CloudFormation-compatible API, which heat-conv does '
                       'not have',
    'ZAQAR_MESSAGE': 'Zaqar, which heat-conv does not use',
}
NO_STACK_USER_DOMAIN = ('a stack user domain for the server\'s agent: set '
                        'stack_user_domain_id (or stack_user_domain_name), '
                        'stack_domain_admin and stack_domain_admin_password')


def transport(properties):
    """The transport a SOFTWARE_CONFIG server uses, None for another format."""
    if properties.get('user_data_format') != SOFTWARE_CONFIG:
        return None
    return properties.get('software_config_transport')


def validate(properties, path):
    """Raise InvalidProperties for a transport heat-conv cannot serve."""
    chosen = transport(properties)
    needs = _NOT_SUPPORTED.get(chosen)
    if chosen == POLL_SERVER_HEAT and not stack_users.configured():
        needs = NO_STACK_USER_DOMAIN
    if needs is not None:
        raise exception.InvalidProperties(
            f'user_data_format SOFTWARE_CONFIG with software_config_transport '
            f'{chosen} needs {needs}', path=tuple(path) + ('software_config_transport',))


def check_services(type_name, properties, services, path):
    """At a request's validation: POLL_TEMP_URL needs an object-store
    service in the user's catalog (Heat's HEAT-E99001 names it)."""
    if transport(properties) == POLL_TEMP_URL:
        reason = services.unavailable('object-store')
        if reason is not None:
            raise exception.ResourceTypeUnavailable(
                f'HEAT-E99001 Service swift is not available for resource type '
                f'{type_name} with software_config_transport POLL_TEMP_URL, '
                f'reason: {reason}.', path=tuple(path) + ('software_config_transport',))
    validate(properties, path)


def user_name(stack_name, resource_name, resource_id):
    """Heat's physical name for the server's user: stack, resource, short id,
    the stack's name cut to fit Keystone's 64 characters."""
    suffix = f'{resource_name}-{uuid.UUID(resource_id).hex[:12]}'
    room = stack_users.MAX_NAME - len(suffix) - 1
    return f'{stack_name[:max(room, 0)]}-{suffix}'[-stack_users.MAX_NAME:]


def prepare(plugin):
    """Before the server is created (or its transport changes): the agent's
    credentials for the transport, kept in the plugin's data. Returns the
    metadata its user data carries (None: none)."""
    if transport(plugin.nova_properties()) != POLL_SERVER_HEAT:
        release(plugin)
        plugin.data.pop('os_collect_config', None)
        return None
    # The engine gives a create its stack; an update reads it.
    stack = plugin.stack or db_api.stack_get(plugin.stack_id)
    project_id = stack.stack_user_project_id or _stack_project(stack.id, stack.tenant)
    password = plugin.data.get('password') or uuid.uuid4().hex
    name = user_name(stack.name, plugin.name, plugin.resource_id)
    user_id = stack_users.create_user(name, project_id, password)
    plugin.data.update(password=password, stack_user_id=user_id,
                       stack_user_project_id=project_id, tenant=stack.tenant)
    plugin.data['os_collect_config'] = {
        'heat': {'user_id': user_id, 'password': password,
                 'auth_url': stack_users.auth_url(), 'project_id': project_id,
                 'stack_id': f'{stack.name}/{stack.id}', 'resource_name': plugin.name},
        'collectors': ['heat', 'local']}
    if plugin.physical_id:
        plugin.data['server_id'] = plugin.physical_id
    return metadata({}, plugin.data, deployments=[])


def _stack_project(stack_id, tenant):
    """The stack's project in the stack user domain, made once per stack
    (servers of one stack may race to make it: its name is the stack's, so
    they find the same one)."""
    project_id = stack_users.ensure_project(tenant, stack_id)
    db_api.stack_update(stack_id, {'stack_user_project_id': project_id},
                        expected={'stack_user_project_id': None})
    return project_id


def release(plugin):
    """Delete the server's user, if it has one (before the server goes)."""
    user_id = plugin.data.get('stack_user_id') or _unrecorded_user(plugin)
    if user_id:
        stack_users.delete_user(user_id)
        for key in ('stack_user_id', 'password'):
            plugin.data.pop(key, None)


def _unrecorded_user(plugin):
    """A user made for the server whose id was never stored: its engine died
    after Keystone made it and before the step's data was written, and a
    later step adopted the server (``find_orphan``) instead of creating it
    again. Its name says whose it is."""
    if transport(plugin.nova_properties()) != POLL_SERVER_HEAT or not stack_users.configured() \
            or not plugin.resource_id:
        return None
    stack = plugin.stack or db_api.stack_get(plugin.stack_id)
    if stack is None:
        return None
    return stack_users.find_user(user_name(stack.name, plugin.name, plugin.resource_id))


def metadata(template_metadata, data, deployments=None):
    """The resource metadata of a server whose agent polls heat-conv: the
    template's, with the agent's section and the deployments to the server
    (read now, unless given); None for any other server."""
    collect = (data or {}).get('os_collect_config')
    if not collect:
        return None
    if deployments is None:
        server_id = data.get('server_id')
        deployments = deployments_metadata.for_server(
            server_id, tenant=data.get('tenant')) if server_id else []
    return dict(template_metadata or {}, **{'os-collect-config': collect,
                                            'deployments': deployments})
