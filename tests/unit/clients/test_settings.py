"""Heat's [clients] / [clients_<service>] options and region_name_for_services,
as openstacksdk sees them in a connection heat-conv builds."""
from keystoneauth1 import session as ks_session

from heat_conv.clients import connections
from heat_conv.clients import settings


def _connection():
    # No auth needed: only the connection's configuration is read.
    return connections.connect(None)


def test_heat_endpoint_types_are_keystoneauth_interfaces():
    assert settings.interface('publicURL') == 'public'
    assert settings.interface('internalURL') == 'internal'
    assert settings.interface('adminURL') == 'admin'
    assert settings.interface('internal') == 'internal'
    assert settings.interface(None) is None


def test_by_default_every_service_uses_public_endpoints_of_any_region():
    conn = _connection()
    for service_type in ('compute', 'network', 'block-storage', 'image', 'identity'):
        assert conn.config.get_interface(service_type) == 'public'
        assert conn.config.get_region_name(service_type) is None


def test_clients_endpoint_type_applies_to_every_service(conf):
    conf('endpoint_type', 'internalURL', group='clients')
    conn = _connection()
    assert conn.config.get_interface('compute') == 'internal'
    assert conn.config.get_interface('network') == 'internal'


def test_a_service_section_overrides_clients_for_that_service_only(conf):
    conf('endpoint_type', 'internalURL', group='clients')
    conf('endpoint_type', 'adminURL', group='clients_nova')
    conn = _connection()
    assert conn.config.get_interface('compute') == 'admin'
    assert conn.config.get_interface('network') == 'internal'


def test_region_name_for_services_and_a_service_region(conf):
    conf('region_name_for_services', 'RegionOne')
    conf('region_name', 'RegionTwo', group='clients_cinder')
    conn = _connection()
    assert conn.config.get_region_name('compute') == 'RegionOne'
    # Cinder's catalog types are aliases of block-storage: all of them.
    assert conn.config.get_region_name('block-storage') == 'RegionTwo'
    assert conn.config.get_region_name('volumev3') == 'RegionTwo'
    # The per-service endpoint settings the catalog check uses agree.
    assert settings.endpoint_settings('volumev3') == ('public', 'RegionTwo')
    assert settings.endpoint_settings('compute') == ('public', 'RegionOne')


def test_an_explicit_region_wins(conf):
    conf('region_name_for_services', 'RegionOne')
    conn = connections.connect(None, region='RegionThree')
    assert conn.config.get_region_name('compute') == 'RegionThree'


def test_tls_settings_fall_back_to_clients(conf):
    conf('ca_file', '/etc/ssl/cloud-ca.pem', group='clients')
    conf('insecure', True, group='clients_glance')
    conf('cert_file', '/etc/heat-conv/client.pem', group='clients_neutron')
    conf('key_file', '/etc/heat-conv/client.key', group='clients_neutron')
    assert settings.tls('nova') == settings.TLS(verify='/etc/ssl/cloud-ca.pem')
    assert settings.tls('glance') == settings.TLS(verify=False)
    assert settings.tls('neutron') == settings.TLS(
        verify='/etc/ssl/cloud-ca.pem',
        cert=('/etc/heat-conv/client.pem', '/etc/heat-conv/client.key'))
    # Only the services that differ from Keystone's (the session's) TLS.
    assert settings.tls_by_type() == {'image': settings.tls('glance'),
                                      'network': settings.tls('neutron')}


def test_the_session_verifies_as_keystone_is_configured(conf):
    conf('ca_file', '/etc/ssl/cloud-ca.pem', group='clients_keystone')
    conf('insecure', True, group='clients_nova')
    session = _connection().session
    assert isinstance(session, ks_session.Session)
    assert session.verify == '/etc/ssl/cloud-ca.pem'
