"""Heat's functional tests without Keystone.

heat_integrationtests builds every client from a keystoneauth session whose
auth plugin logs in to Keystone (heat_integrationtests/common/clients.py).
Here the session's plugin is ``CatalogAuth`` instead: a fixed token and a
service catalog holding one orchestration endpoint, made up locally. The
orchestration client then finds the endpoint in that catalog and sends the
token, as it would with a real login; asking the catalog for any other
service (object-store, sharev2, ...) answers EndpointNotFound, which is how
the suite decides a service is not deployed.

The replacement is made from outside, at run time (``install``): Heat's test
code is neither copied nor edited.
"""
import os
import urllib.parse

from keystoneauth1 import access
from keystoneauth1.identity import base

ENDPOINT_VAR = 'HEAT_FUNCTIONAL_ENDPOINT'
TOKEN_VAR = 'HEAT_FUNCTIONAL_TOKEN'
DEFAULT_TOKEN = 'heat-functional-dummy-token'


def tenant_of(endpoint):
    """The project in a Heat endpoint URL: its last path element
    (``http://host:8004/v1/admin`` -> ``admin``)."""
    path = urllib.parse.urlsplit(endpoint).path.rstrip('/')
    tenant = path.rsplit('/', 1)[-1]
    if not path or tenant == 'v1':
        raise ValueError(f'{endpoint} does not end in /v1/TENANT')
    return tenant


def token_body(endpoint, region):
    """A Keystone v3 token document (what ``POST /v3/auth/tokens`` returns)
    for the endpoint's project, with the endpoint as the orchestration
    service in its catalog."""
    project = tenant_of(endpoint)
    domain = {'id': 'default', 'name': 'Default'}
    return {'token': {
        'methods': ['token'],
        'expires_at': '2999-12-31T23:59:59.000000Z',
        'issued_at': '2000-01-01T00:00:00.000000Z',
        'user': {'id': 'heat-functional', 'name': 'heat-functional', 'domain': domain},
        'project': {'id': project, 'name': project, 'domain': domain},
        'roles': [],
        'catalog': [{
            'type': 'orchestration', 'name': 'heat', 'id': 'heat',
            'endpoints': [{'id': f'heat-{interface}', 'interface': interface,
                           'url': endpoint, 'region': region, 'region_id': region}
                          for interface in ('public', 'internal', 'admin')],
        }],
    }}


class CatalogAuth(base.BaseIdentityPlugin):
    """A keystoneauth plugin that asks no one: ``token`` is the token and
    the catalog has ``endpoint`` as its only (orchestration) service."""

    def __init__(self, endpoint, token=DEFAULT_TOKEN, region=None):
        super().__init__(auth_url=None, reauthenticate=False)
        self._access = access.create(body=token_body(endpoint, region), auth_token=token)

    def get_auth_ref(self, session, **kwargs):
        return self._access


def install(clients=None, endpoint=None, token=None):
    """Make heat_integrationtests' ClientManager use ``CatalogAuth``.

    ``clients`` is heat_integrationtests.common.clients (imported if not
    given); the endpoint and token default to the environment variables the
    runner sets for its workers.
    """
    if clients is None:
        from heat_integrationtests.common import clients
    endpoint = endpoint or os.environ[ENDPOINT_VAR]
    token = token or os.environ.get(TOKEN_VAR) or DEFAULT_TOKEN

    def _get_identity_client(manager):
        if manager.insecure:
            verify = False
        else:
            verify = manager.ca_file or True
        auth = CatalogAuth(endpoint, token, region=manager.conf.region)
        return clients.KeystoneWrapperClient(auth, verify)

    clients.ClientManager._get_identity_client = _get_identity_client
