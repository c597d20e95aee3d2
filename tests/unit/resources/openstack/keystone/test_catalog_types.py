"""Regions, services and endpoints: the fields Heat gives that the SDK's
objects drop (a region's enabled, an endpoint's name) reach Keystone."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import endpoint
from heat_conv.resources.openstack.keystone import region
from heat_conv.resources.openstack.keystone import role
from heat_conv.resources.openstack.keystone import service
from tests.unit.resources.openstack.keystone import fake_identity


def test_a_region_id_is_url_quoted_and_enabled_is_sent():
    plugin = fake_identity.plugin(region.Region, {'id': 'Region Two', 'enabled': False})
    assert plugin.create() == base.Done('Region%20Two')
    assert plugin.cloud.identity.calls == [
        ('post', 'region', {'description': None, 'enabled': False,
                            'parent_region_id': None, 'id': 'Region%20Two'})]
    old = dict(plugin.properties)
    plugin.properties = region.Region.validate_properties(dict(old, description='two'))
    assert plugin.update(old) == base.Done('Region%20Two')
    plugin.properties = region.Region.validate_properties(dict(old, id='Three'))
    assert isinstance(plugin.update(old), base.NeedsReplace)
    assert isinstance(plugin.delete(), base.Done)
    assert plugin.cloud.identity.objects['region'] == {}
    assert isinstance(plugin.delete(), base.Done)    # gone already


def test_an_endpoint_is_named_and_finds_its_service_and_region_by_name():
    cloud = fake_identity.Cloud()
    cloud.identity.add('service', id='s-1', name='orchestration', type='orchestration')
    cloud.identity.add('region', id='RegionOne')
    plugin = fake_identity.plugin(endpoint.Endpoint, {
        'service': 'orchestration', 'region': 'RegionOne', 'interface': 'public',
        'url': 'http://h:8004/v1/%(tenant_id)s'}, cloud=cloud)
    physical_id = plugin.create().physical_id
    shown = cloud.identity.objects['endpoint'][physical_id]
    assert (shown['service_id'], shown['region_id'], shown['enabled']) == \
        ('s-1', 'RegionOne', True)
    assert shown['name'] == plugin.data['physical_name']
    old = dict(plugin.properties)
    plugin.properties = endpoint.Endpoint.validate_properties(
        dict(old, interface='internal', name='heat'))
    assert plugin.update(old) == base.Done(physical_id)
    assert cloud.identity.calls[-1] == ('patch', 'endpoint', physical_id,
                                        {'interface': 'internal', 'name': 'heat'})


def test_a_service_and_a_role_update_in_place_or_replace_as_heat_says():
    plugin = fake_identity.plugin(service.Service, {'type': 'dns'})
    plugin.create()
    old = dict(plugin.properties)
    plugin.properties = service.Service.validate_properties({'type': 'dns2', 'enabled': False})
    assert isinstance(plugin.update(old), base.Done)
    shown = plugin.cloud.identity.objects['service'][plugin.physical_id]
    assert (shown['type'], shown['enabled']) == ('dns2', False)
    role_plugin = fake_identity.plugin(role.Role, {'name': 'r'})
    role_plugin.create()
    assert role_plugin.cloud.identity.objects['role'][role_plugin.physical_id]['domain_id'] \
        == 'default'
    old = dict(role_plugin.properties)
    role_plugin.properties = role.Role.validate_properties({'name': 'r', 'domain': 'other'})
    assert isinstance(role_plugin.update(old), base.NeedsReplace)
