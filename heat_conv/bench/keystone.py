"""The benchmark behind Keystone: tokens from clouds.yaml, and heat-conv
started against a real cloud with Keystone auth and trusts.

``user_session(cloud)`` is a keystoneauth Session for a cloud of
clouds.yaml (``OS_CLIENT_CONFIG_FILE`` names the file, as for the
``openstack`` CLI); it renews its token as it nears its end.
``KeystoneDistributed`` is the distributed layout (API, N engines,
observer on MariaDB and RabbitMQ) with ``auth_strategy = keystone``,
``[keystone_authtoken]`` and ``[trustee]`` being the service cloud's user,
and Keystone reached through a counting proxy (``service_calls``), so
that every call heat-conv makes to the cloud is counted as the services
receive it.
"""
import os

from heat_conv.bench import service_calls
from heat_conv.bench import topology


def _cloud(name):
    import openstack.config
    return openstack.config.OpenStackConfig().get_one(cloud=name)


def user_session(cloud):
    return _cloud(cloud).get_session()


def project_id(session):
    return session.get_project_id()


# --endpoint's value that means "the orchestration endpoint of the token's
# service catalog".
CATALOG = 'catalog'


def catalog_endpoint(session):
    """The public orchestration endpoint of the session's service catalog
    (as the ``openstack stack`` CLI finds Heat)."""
    url = session.get_endpoint(service_type='orchestration', interface='public')
    if not url:
        raise LookupError('the service catalog has no public orchestration endpoint')
    return url


def endpoint_for(template, session):
    """``template`` with ``%(tenant_id)s`` / ``%(project_id)s`` filled in;
    one without either gets the project appended when it ends in ``/v1``.
    ``catalog``: the catalog's orchestration endpoint."""
    if template == CATALOG:
        template = catalog_endpoint(session)
    project = project_id(session)
    url = template.replace('%(tenant_id)s', project).replace('%(project_id)s', project)
    if url.rstrip('/').endswith('/v1'):
        url = url.rstrip('/') + '/' + project
    return url


class KeystoneDistributed(topology.Distributed):
    name = 'heat-conv'

    def __init__(self, service_cloud, user_auth, count_calls=True, **kwargs):
        super().__init__(**kwargs)
        self.service_cloud = service_cloud
        self.auth = user_auth
        self.count_calls = count_calls
        self.proxy = None
        self._service_session = None

    def describe(self):
        return f'heat-conv-keystone-{self.engines}e'

    def start(self):
        cloud = _cloud(self.service_cloud)
        auth = cloud.auth
        keystone = auth['auth_url'].rstrip('/').rsplit('/v3', 1)[0]
        if self.count_calls:
            self.proxy = service_calls.ProxyProcess(
                keystone, os.path.join(self.workdir, 'callcount.log'))
            keystone = self.proxy.start()
            self.calls = service_calls.ServiceCalls(keystone)
        password = {'auth_type': 'password', 'auth_url': keystone,
                    'username': auth['username'], 'password': auth['password'],
                    'user_domain_name': auth.get('user_domain_name', 'Default')}
        sections = {
            'api': {'auth_strategy': 'keystone'},
            'DEFAULT': {'deferred_auth_method': 'trusts',
                        'region_name_for_services': cloud.get_region_name() or
                        'RegionOne'},
            'keystone_authtoken': dict(
                password, www_authenticate_uri=keystone,
                project_name=auth['project_name'],
                project_domain_name=auth.get('project_domain_name', 'Default')),
            'trustee': password}
        self.config = [f'{section}.{key}={value}' for section, values in
                       sections.items() for key, value in values.items()] + self.config
        self._service_session = cloud.get_session()
        self.tenant = self._service_session.get_project_id()
        super().start()
        self.endpoint = f'{self.api_base}/v1/{project_id(self.auth)}'

    def _admin_headers(self):
        return {'X-Auth-Token': self._service_session.get_token()}

    def _cleanup(self):
        super()._cleanup()
        if self.proxy:
            self.proxy.stop()


class KeystoneExternal(topology.External):
    """A service someone else runs behind Keystone (OpenStack Heat, say),
    with its own counting proxy at ``calls_url`` if it has one."""

    def __init__(self, name, endpoint, user_auth, calls_url=None, **kwargs):
        super().__init__(endpoint_for(endpoint, user_auth), name=name, **kwargs)
        self.auth = user_auth
        if calls_url:
            self.calls = service_calls.ServiceCalls(calls_url)
