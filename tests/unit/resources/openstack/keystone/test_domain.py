"""A domain: Keystone deletes only a disabled one."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import domain
from tests.unit.resources.openstack.keystone import fake_identity


def test_a_domain_is_disabled_before_it_is_deleted():
    plugin = fake_identity.plugin(domain.Domain, {'description': 'for tests'})
    created = plugin.create()
    assert isinstance(created, base.Done)
    identity = plugin.cloud.identity
    name = identity.objects['domain'][created.physical_id]['name']
    assert name == plugin.data['physical_name'] and name.startswith('st-res-')
    identity.calls.clear()
    assert isinstance(plugin.delete(), base.Done)
    assert identity.calls == [('update', 'domain', created.physical_id,
                               {'is_enabled': False}),
                              ('delete', 'domain', created.physical_id)]
    assert created.physical_id not in identity.objects['domain']


def test_a_disabled_or_gone_domain_is_deleted_without_more():
    plugin = fake_identity.plugin(domain.Domain, {'name': 'off', 'enabled': False})
    physical_id = plugin.create().physical_id
    identity = plugin.cloud.identity
    identity.calls.clear()
    assert isinstance(plugin.delete(), base.Done)
    assert identity.calls == [('delete', 'domain', physical_id)]
    assert isinstance(plugin.delete(), base.Done)   # gone already


def test_a_domain_updates_in_place():
    plugin = fake_identity.plugin(domain.Domain, {'name': 'd1'})
    physical_id = plugin.create().physical_id
    old = dict(plugin.properties)
    plugin.properties = domain.Domain.validate_properties({'name': 'd2', 'enabled': False})
    assert plugin.update(old) == base.Done(physical_id)
    shown = plugin.cloud.identity.objects['domain'][physical_id]
    assert (shown['name'], shown['enabled']) == ('d2', False)
