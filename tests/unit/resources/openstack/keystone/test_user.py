"""A user: its groups and role grants follow the template."""
import pytest

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import user
from tests.unit.resources.openstack.keystone import fake_identity


def _cloud():
    cloud = fake_identity.Cloud()
    identity = cloud.identity
    identity.add('project', id='p-1', name='demo', domain_id='default')
    identity.add('group', id='g-1', name='devs')
    identity.add('group', id='g-2', name='ops')
    identity.add('role', id='r-member', name='member')
    identity.add('role', id='r-reader', name='reader')
    return cloud


def test_a_user_joins_its_groups_and_gets_its_roles():
    plugin = fake_identity.plugin(user.User, {
        'name': 'alice', 'password': 'pw', 'default_project': 'demo', 'groups': ['devs'],
        'roles': [{'role': 'member', 'project': 'demo'},
                  {'role': 'reader', 'domain': 'default'}]}, cloud=_cloud())
    created = plugin.create()
    identity = plugin.cloud.identity
    shown = identity.objects['user'][created.physical_id]
    assert (shown['name'], shown['default_project_id'], shown['domain_id']) == \
        ('alice', 'p-1', 'default')
    assert identity.members == {(created.physical_id, 'g-1')}
    assert identity.grants == {('user', created.physical_id, 'r-member', 'project', 'p-1'),
                               ('user', created.physical_id, 'r-reader', 'domain', 'default')}
    assert plugin.attributes()['default_project_id'] == 'p-1'


def test_an_update_moves_groups_and_grants_by_difference():
    plugin = fake_identity.plugin(user.User, {
        'groups': ['devs'], 'roles': [{'role': 'member', 'project': 'demo'}]},
        cloud=_cloud())
    user_id = plugin.create().physical_id
    old = dict(plugin.properties)
    plugin.properties = user.User.validate_properties({
        'groups': ['ops'], 'email': 'a@example.org',
        'roles': [{'role': 'reader', 'project': 'demo'}]})
    assert plugin.update(old) == base.Done(user_id)
    identity = plugin.cloud.identity
    assert identity.members == {(user_id, 'g-2')}
    assert identity.grants == {('user', user_id, 'r-reader', 'project', 'p-1')}
    assert identity.objects['user'][user_id]['email'] == 'a@example.org'


def test_a_grant_revoked_behind_the_stack_is_not_revoked_again():
    plugin = fake_identity.plugin(user.User, {
        'roles': [{'role': 'member', 'project': 'demo'}]}, cloud=_cloud())
    user_id = plugin.create().physical_id
    plugin.cloud.identity.grants.clear()
    old = dict(plugin.properties)
    plugin.properties = user.User.validate_properties({'roles': []})
    assert plugin.update(old) == base.Done(user_id)


@pytest.mark.parametrize('entry, words', [
    ({'role': 'member', 'project': 'demo', 'domain': 'default'},
     'Cannot define the following properties at the same time: project, domain'),
    ({'role': 'member'}, 'Either project or domain must be specified for role member'),
])
def test_a_role_needs_exactly_one_scope(entry, words):
    with pytest.raises(exception.InvalidProperties) as caught:
        user.User.validate_properties({'roles': [entry]}, path=('resources', 'u'))
    assert words in str(caught.value.reason)
    assert caught.value.path == ('resources', 'u', 'roles', 0)
