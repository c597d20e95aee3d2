"""Role assignments of an existing user or group."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import role_assignment
from tests.unit.resources.openstack.keystone import fake_identity


def _cloud():
    cloud = fake_identity.Cloud()
    identity = cloud.identity
    identity.add('project', id='p-1', name='demo')
    identity.add('user', id='u-1', name='bob')
    identity.add('user', id='u-2', name='carol')
    identity.add('group', id='g-1', name='devs')
    identity.add('role', id='r-member', name='member')
    identity.add('role', id='r-reader', name='reader')
    return cloud


def _user_assignment(roles, who='bob'):
    return fake_identity.plugin(role_assignment.UserRoleAssignment,
                                {'user': who, 'roles': roles}, cloud=_cloud())


def test_grants_are_made_and_revoked_with_the_resource():
    plugin = _user_assignment([{'role': 'member', 'project': 'demo'}])
    assert plugin.create() == base.Done('u-1')
    identity = plugin.cloud.identity
    assert identity.grants == {('user', 'u-1', 'r-member', 'project', 'p-1')}
    identity.grants.add(('user', 'u-1', 'r-reader', 'project', 'p-1'))   # not ours
    assert isinstance(plugin.delete(), base.Done)
    assert identity.grants == {('user', 'u-1', 'r-reader', 'project', 'p-1')}


def test_a_new_user_takes_the_grants_from_the_old_one():
    plugin = _user_assignment([{'role': 'member', 'project': 'demo'}])
    plugin.create()
    old = dict(plugin.properties)
    plugin.properties = role_assignment.UserRoleAssignment.validate_properties(
        {'user': 'carol', 'roles': [{'role': 'reader', 'project': 'demo'}]})
    assert plugin.update(old) == base.Done('u-2')
    assert plugin.cloud.identity.grants == {('user', 'u-2', 'r-reader', 'project', 'p-1')}


def test_a_group_assignment_whose_group_is_gone_deletes_cleanly():
    plugin = fake_identity.plugin(role_assignment.GroupRoleAssignment, {
        'group': 'devs', 'roles': [{'role': 'member', 'domain': 'default'}]},
        cloud=_cloud())
    assert plugin.create() == base.Done('g-1')
    identity = plugin.cloud.identity
    assert identity.grants == {('group', 'g-1', 'r-member', 'domain', 'default')}
    identity.delete_group('g-1')
    assert isinstance(plugin.delete(), base.Done)
    assert role_assignment.GroupRoleAssignment.observe_many(plugin.cloud, ['g-1']) == \
        {'g-1': None}


def test_its_reference_is_heats_physical_name():
    plugin = _user_assignment([{'role': 'member', 'project': 'demo'}])
    plugin.create()
    assert plugin.refid().startswith('st-res-')
