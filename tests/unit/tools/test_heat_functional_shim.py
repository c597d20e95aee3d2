"""The client shim of tools/heat-functional: a keystoneauth plugin that asks
no Keystone, and its installation into heat_integrationtests' clients."""
import types

import pytest
from heatclient import client as heat_client
from keystoneauth1 import exceptions as ks_exc
from keystoneauth1 import session as ks_session

from tools.heat_functional import shim

ENDPOINT = 'http://127.0.0.1:8004/v1/tenant-a'


@pytest.mark.parametrize('endpoint, tenant', [
    ('http://h:8004/v1/admin', 'admin'),
    ('http://h:8004/v1/admin/', 'admin'),
    ('https://h/orchestration/v1/abc123', 'abc123'),
])
def test_tenant_of(endpoint, tenant):
    assert shim.tenant_of(endpoint) == tenant


@pytest.mark.parametrize('endpoint', ['http://h:8004', 'http://h:8004/v1', 'http://h/v1/'])
def test_tenant_of_an_endpoint_without_one(endpoint):
    with pytest.raises(ValueError, match='does not end in /v1/TENANT'):
        shim.tenant_of(endpoint)


def test_catalog_auth_answers_from_its_own_catalog():
    session = ks_session.Session(auth=shim.CatalogAuth(ENDPOINT, 'tok', 'RegionOne'))
    assert session.get_endpoint(service_type='orchestration', interface='public',
                                region_name='RegionOne') == ENDPOINT
    assert session.get_token() == 'tok'
    assert session.get_project_id() == 'tenant-a'
    catalog = session.auth.get_access(session).service_catalog
    assert catalog.url_for(service_type='orchestration', region_name='RegionOne') == ENDPOINT
    # How the suite finds out that a service is not deployed:
    with pytest.raises(ks_exc.EndpointNotFound):
        catalog.url_for(service_type='object-store', region_name='RegionOne')


def test_heatclient_on_the_session_calls_the_endpoint_with_the_token(stack_list_server):
    """As heat_integrationtests builds its orchestration client: a session,
    no endpoint given, the endpoint found in the catalog."""
    endpoint = f'{stack_list_server.url}/v1/tenant-a'
    session = ks_session.Session(auth=shim.CatalogAuth(endpoint, 'dummy', 'RegionOne'))
    client = heat_client.Client('1', None, session=session, endpoint_type='publicURL',
                                service_type='orchestration', region_name='RegionOne')
    assert list(client.stacks.list()) == []
    assert len(stack_list_server.seen) == 1
    path, token = stack_list_server.seen[0]
    assert path.startswith('/v1/tenant-a/stacks')
    assert token == 'dummy'


def _stand_in_clients():
    """heat_integrationtests.common.clients' two names that the shim uses."""
    class KeystoneWrapperClient:
        def __init__(self, auth_plugin, verify=True):
            self.auth_plugin, self.verify = auth_plugin, verify

    class ClientManager:
        def __init__(self, conf):
            self.conf = conf
            self.insecure = conf.disable_ssl_certificate_validation
            self.ca_file = conf.ca_file

        def _get_identity_client(self):
            raise AssertionError('would log in to Keystone')

    return types.SimpleNamespace(KeystoneWrapperClient=KeystoneWrapperClient,
                                 ClientManager=ClientManager)


@pytest.mark.parametrize('insecure, ca_file, verify', [
    (False, None, True), (True, None, False), (False, '/ca.pem', '/ca.pem')])
def test_install_replaces_the_keystone_login(insecure, ca_file, verify):
    clients = _stand_in_clients()
    shim.install(clients, endpoint=ENDPOINT, token='t0k')
    conf = types.SimpleNamespace(region='RegionTwo', ca_file=ca_file,
                                 disable_ssl_certificate_validation=insecure)
    identity = clients.ClientManager(conf)._get_identity_client()
    assert identity.verify == verify
    session = ks_session.Session(auth=identity.auth_plugin)
    assert session.get_token() == 't0k'
    assert session.get_endpoint(service_type='orchestration', interface='public',
                                region_name='RegionTwo') == ENDPOINT


def test_install_reads_the_runners_environment(monkeypatch):
    monkeypatch.setenv(shim.ENDPOINT_VAR, ENDPOINT)
    monkeypatch.delenv(shim.TOKEN_VAR, raising=False)
    clients = _stand_in_clients()
    shim.install(clients)
    conf = types.SimpleNamespace(region=None, ca_file=None,
                                 disable_ssl_certificate_validation=False)
    auth = clients.ClientManager(conf)._get_identity_client().auth_plugin
    session = ks_session.Session(auth=auth)
    assert session.get_token() == shim.DEFAULT_TOKEN
    assert session.get_project_id() == 'tenant-a'
