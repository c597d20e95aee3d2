"""A project: names resolved to ids, Heat's update-in-place rules."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import project
from tests.unit.resources.openstack.keystone import fake_identity


def _created(**properties):
    cloud = fake_identity.Cloud()
    cloud.identity.add('domain', id='d-1', name='dom', enabled=True)
    cloud.identity.add('project', id='p-parent', name='parent', domain_id='d-1')
    plugin = fake_identity.plugin(project.Project, properties, cloud=cloud)
    return plugin, plugin.create()


def test_a_project_is_made_in_the_named_domain_under_its_parent():
    plugin, created = _created(domain='dom', parent='parent', tags=['a'])
    shown = plugin.cloud.identity.objects['project'][created.physical_id]
    assert shown['domain_id'] == 'd-1' and shown['parent_id'] == 'p-parent'
    assert shown['name'] == plugin.data['physical_name'] and shown['tags'] == ['a']
    attributes = plugin.attributes()
    assert attributes['domain_id'] == 'd-1' and attributes['parent_id'] == 'p-parent'
    assert attributes['enabled'] is True


def test_an_unknown_domain_fails_the_create_naming_it():
    plugin, created = _created(domain='nowhere')
    assert isinstance(created, base.Failed)
    assert 'nowhere' in created.reason
    assert list(plugin.cloud.identity.objects['project']) == ['p-parent']


def test_name_description_enabled_and_tags_update_in_place_but_parent_replaces():
    plugin, created = _created(name='one')
    old = dict(plugin.properties)
    plugin.properties = project.Project.validate_properties(
        {'name': 'two', 'enabled': False, 'tags': ['x']})
    identity = plugin.cloud.identity
    identity.calls.clear()
    assert plugin.update(old) == base.Done(created.physical_id)
    assert identity.calls == [('update', 'project', created.physical_id,
                               {'name': 'two', 'is_enabled': False, 'tags': ['x']})]
    old = dict(plugin.properties)
    plugin.properties = project.Project.validate_properties(
        dict(old, parent='parent'))
    assert isinstance(plugin.update(old), base.NeedsReplace)


def test_a_deleted_project_is_gone_and_a_second_delete_is_done():
    plugin, created = _created()
    assert isinstance(plugin.delete(), base.Done)
    assert created.physical_id not in plugin.cloud.identity.objects['project']
    assert isinstance(plugin.delete(), base.Done)
    assert project.Project.observe_many(plugin.cloud, [created.physical_id]) == \
        {created.physical_id: None}
