"""A SOFTWARE_CONFIG server's transports, as far as they need no cloud: what
a request is refused for, the name of the server's stack user, and the
metadata its agent reads (tests/realcloud/test_real_software_config.py
makes the user in a real Keystone and polls as the guest would)."""
import types

import pytest

from heat_conv.clients import request_services
from heat_conv.common import context
from heat_conv.common import exception
from heat_conv.resources.openstack.nova import server as server_mod
from heat_conv.resources.openstack.nova import server_software_config as software

Server = server_mod.Server
PATH = ('resources', 'web', 'properties')
CATALOG = [{'type': 'compute', 'name': 'nova', 'id': '1', 'endpoints': [
    {'interface': 'public', 'region': 'RegionOne', 'region_id': 'RegionOne',
     'url': 'http://cloud.test/compute'}]}]


def _properties(transport):
    # No image or flavor: their constraints would ask Glance and Nova.
    return {'user_data_format': 'SOFTWARE_CONFIG', 'software_config_transport': transport}


@pytest.fixture
def services(conf):
    conf('auth_type', 'password', group='trustee')
    return request_services.RequestServices(context.RequestContext(
        project_id='p', service_catalog=CATALOG, overwrite=False))


def test_poll_temp_url_without_an_object_store_names_the_missing_service(services):
    with pytest.raises(exception.ResourceTypeUnavailable) as caught:
        Server.check_constraints(_properties('POLL_TEMP_URL'), services, PATH)
    assert str(caught.value) == (
        'resources.web.properties.software_config_transport: HEAT-E99001 Service swift '
        'is not available for resource type OS::Nova::Server with '
        'software_config_transport POLL_TEMP_URL, reason: no public endpoint of type '
        'object-store in the service catalog.')


def test_poll_temp_url_with_an_object_store_needs_no_stack_user_domain(services, conf):
    services._catalog.catalog.append({'type': 'object-store', 'name': 'swift', 'id': '2',
                                      'endpoints': [dict(CATALOG[0]['endpoints'][0],
                                                         url='http://cloud.test/swift')]})
    # The agent reads temp URLs: it needs no user of its own.
    Server.check_constraints(_properties('POLL_TEMP_URL'), services, PATH)
    Server.validate_properties(dict(_properties('POLL_TEMP_URL'), image='cirros',
                                    flavor='m1.tiny',
                                    deployment_swift_data={'container': 'c'}), PATH)


def test_poll_server_heat_needs_a_stack_user_domain(services, conf):
    with pytest.raises(exception.InvalidProperties) as caught:
        Server.check_constraints(_properties('POLL_SERVER_HEAT'), services, PATH)
    assert 'set stack_user_domain_id (or stack_user_domain_name)' in str(caught.value)
    conf('stack_user_domain_name', 'heat')
    conf('stack_domain_admin', 'heat_domain_admin')
    conf('stack_domain_admin_password', 'secret')
    Server.check_constraints(_properties('POLL_SERVER_HEAT'), services, PATH)
    Server.validate_properties(dict(_properties('POLL_SERVER_HEAT'), image='cirros',
                                    flavor='m1.tiny'), PATH)


def test_other_formats_need_no_transport(services):
    Server.check_constraints(dict(_properties('POLL_TEMP_URL'), user_data_format='RAW'),
                             services, PATH)


def test_the_user_is_named_as_heat_names_it_within_keystones_64_characters():
    rid = '0123abcd-0000-4000-8000-000000000000'
    assert software.user_name('app', 'web', rid) == 'app-web-0123abcd0000'
    long_name = software.user_name('s' * 80, 'web', rid)
    assert len(long_name) == 64 and long_name.endswith('-web-0123abcd0000')


def test_the_agents_metadata_adds_its_section_and_deployments_to_the_templates():
    collect = {'heat': {'user_id': 'u', 'password': 'p', 'auth_url': 'http://ks/v3',
                        'project_id': 'sp', 'stack_id': 's/1', 'resource_name': 'web'},
               'collectors': ['heat', 'local']}
    shown = Server.metadata_from_data({'role': 'web'}, {'os_collect_config': collect})
    assert shown == {'role': 'web', 'os-collect-config': collect, 'deployments': []}
    assert Server.metadata_from_data({'role': 'web'}, {}) is None


def test_poll_server_cfn_needs_a_stack_user_domain(services, conf):
    with pytest.raises(exception.InvalidProperties) as caught:
        Server.check_constraints(_properties('POLL_SERVER_CFN'), services, PATH)
    assert 'set stack_user_domain_id (or stack_user_domain_name)' in str(caught.value)
    conf('stack_user_domain_name', 'heat')
    conf('stack_domain_admin', 'heat_domain_admin')
    conf('stack_domain_admin_password', 'secret')
    Server.check_constraints(_properties('POLL_SERVER_CFN'), services, PATH)


def test_poll_server_cfn_gives_the_agent_a_keypair_and_the_cfn_apis_url(monkeypatch,
                                                                         conf):
    conf('heat_metadata_server_url', 'http://cfn.example:8000')
    made = []
    monkeypatch.setattr(software.stack_users, 'create_user',
                        lambda name, project, password: made.append(name) or 'uid')
    monkeypatch.setattr(software.stack_users, 'create_ec2_keypair',
                        lambda user, project: ('AK', 'SK'))
    properties = _properties('POLL_SERVER_CFN')
    plugin = types.SimpleNamespace(
        properties=properties, nova_properties=lambda: properties, data={}, name='web',
        resource_id='0123abcd-0000-4000-8000-000000000000', physical_id=None,
        stack=types.SimpleNamespace(id='sid', name='app', tenant='t1',
                                    stack_user_project_id='sp'))
    shown = software.prepare(plugin)
    assert made == ['app-web-0123abcd0000']
    assert shown['os-collect-config'] == {
        'cfn': {'metadata_url': 'http://cfn.example:8000/v1/', 'access_key_id': 'AK',
                'secret_access_key': 'SK', 'stack_name': 'app', 'path': 'web.Metadata'},
        'collectors': ['ec2', 'cfn', 'local']}
