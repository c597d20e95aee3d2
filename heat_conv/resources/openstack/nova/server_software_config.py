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
- POLL_TEMP_URL: the metadata is written to a Swift object, which the
  agent reads through a temp URL (server_temp_url): the section
  ``request`` (metadata_url) and the collectors ``request`` and
  ``local``. Without an object-store service in the user's catalog the
  request is refused naming it, as Heat names a missing service.
- POLL_SERVER_CFN: the same user, with an EC2 keypair; the ``cfn``
  section (metadata_url of the CFN API, access_key_id, secret_access_key,
  stack_name, path ``<server>.Metadata``) and the collectors ``ec2``, ``cfn`` and
  ``local``. The agent reads the same metadata from heat-conv-api-cfn's
  DescribeStackResource, signed with the keypair.
- ZAQAR_MESSAGE needs Zaqar, which heat-conv does not use.
"""
from heat_conv.clients import cfn_urls
from heat_conv.clients import stack_users
from heat_conv.common import exception
from heat_conv.resources import deployments_metadata
from heat_conv.resources import stack_user
from heat_conv.resources.openstack.nova import server_temp_url

SOFTWARE_CONFIG = 'SOFTWARE_CONFIG'
POLL_SERVER_HEAT = 'POLL_SERVER_HEAT'
POLL_TEMP_URL = 'POLL_TEMP_URL'
POLL_SERVER_CFN = 'POLL_SERVER_CFN'

_NOT_SUPPORTED = {
    'ZAQAR_MESSAGE': 'Zaqar, which heat-conv does not use',
}
NO_STACK_USER_DOMAIN = ('a stack user domain for the server\'s agent: set '
                        'stack_user_domain_id (or stack_user_domain_name), '
                        'stack_domain_admin and stack_domain_admin_password')
_POLLING = (POLL_SERVER_HEAT, POLL_SERVER_CFN)


def transport(properties):
    """The transport a SOFTWARE_CONFIG server uses, None for another format."""
    if properties.get('user_data_format') != SOFTWARE_CONFIG:
        return None
    return properties.get('software_config_transport')


def validate(properties, path):
    """Raise InvalidProperties for a transport heat-conv cannot serve."""
    chosen = transport(properties)
    needs = _NOT_SUPPORTED.get(chosen)
    if chosen in _POLLING and not stack_users.configured():
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


user_name = stack_user.user_name


def prepare(plugin):
    """Before the server is created (or its transport changes): the agent's
    credentials for the transport, kept in the plugin's data. Returns the
    metadata its user data carries (None: none)."""
    chosen = transport(plugin.nova_properties())
    if chosen != POLL_TEMP_URL:
        server_temp_url.release(plugin)
    if chosen == POLL_TEMP_URL:
        stack_user.release(plugin)
        server_temp_url.prepare(plugin)
        found = metadata({}, plugin.data, deployments=[])
        deployments_metadata.write(plugin.data['metadata_put_url'], found)
        return found
    if chosen not in (POLL_SERVER_HEAT, POLL_SERVER_CFN):
        release(plugin)
        plugin.data.pop('os_collect_config', None)
        return None
    stack = stack_user.ensure(plugin, keypair=chosen == POLL_SERVER_CFN)
    if chosen == POLL_SERVER_HEAT:
        plugin.data['os_collect_config'] = {
            'heat': {'user_id': plugin.data['stack_user_id'],
                     'password': plugin.data['password'],
                     'auth_url': stack_users.auth_url(),
                     'project_id': plugin.data['stack_user_project_id'],
                     'stack_id': f'{stack.name}/{stack.id}',
                     'resource_name': plugin.name},
            'collectors': ['heat', 'local']}
    else:
        plugin.data['os_collect_config'] = {
            'cfn': {'metadata_url': cfn_urls.metadata_server_url() + 'v1/',
                    'access_key_id': plugin.data['access_key'],
                    'secret_access_key': plugin.data['secret_key'],
                    'stack_name': stack.name, 'path': f'{plugin.name}.Metadata'},
            'collectors': ['ec2', 'cfn', 'local']}
    if plugin.physical_id:
        plugin.data['server_id'] = plugin.physical_id
    return metadata({}, plugin.data, deployments=[])


def release(plugin):
    """Delete the server's user, if it has one, and its metadata object in
    Swift (before the server goes)."""
    stack_user.release(plugin, made_by_name=transport(plugin.nova_properties())
                       in (POLL_SERVER_HEAT, POLL_SERVER_CFN))
    server_temp_url.release(plugin)


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
