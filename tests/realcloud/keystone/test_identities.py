"""OS::Keystone::Role, Group, User and the role assignments on the rig's
Keystone, granting roles on the rig's demo project."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import group
from heat_conv.resources.openstack.keystone import role
from heat_conv.resources.openstack.keystone import role_assignment
from heat_conv.resources.openstack.keystone import user


def _grants(admin, **principal):
    return {(a.role['id'], a.scope['project']['id'])
            for a in admin.identity.role_assignments(**principal) if 'project' in a.scope}


def test_users_groups_roles_and_assignments(keystone, admin, demo):
    identity, project = admin.identity, demo.current_project_id
    prefix = keystone.stack.name
    roles = [keystone.plugin(role.Role, name, {'name': f'{prefix}-{name}'})
             for name in ('r1', 'r2')]
    made = [plugin.create() for plugin in roles]
    assert all(isinstance(outcome, base.Done) for outcome in made), made
    r1, r2 = (outcome.physical_id for outcome in made)
    grp = keystone.plugin(group.Group, 'grp', {'roles': [{'role': r1, 'project': project}]})
    grp_id = grp.create().physical_id
    assert _grants(admin, group_id=grp_id) == {(r1, project)}
    usr = keystone.plugin(user.User, 'usr', {
        'password': 'secret', 'groups': [grp_id], 'default_project': project,
        'roles': [{'role': r1, 'project': project}]})
    usr_made = usr.create()
    assert isinstance(usr_made, base.Done), usr_made
    usr_id = usr_made.physical_id
    assert [g.id for g in identity.user_groups(usr_id)] == [grp_id]
    assert _grants(admin, user_id=usr_id) == {(r1, project)}
    assert usr.attributes()['default_project_id'] == project

    # In place: the user's roles and groups, the group's roles, a role's name.
    usr2 = keystone.again(usr, dict(usr.properties, groups=[], description='two',
                                    roles=[{'role': r2, 'project': project}]))
    assert usr2.update(usr.properties) == base.Done(usr_id)
    assert _grants(admin, user_id=usr_id) == {(r2, project)}
    assert list(identity.user_groups(usr_id)) == []
    grp2 = keystone.again(grp, dict(grp.properties, roles=[]))
    assert grp2.update(grp.properties) == base.Done(grp_id)
    assert _grants(admin, group_id=grp_id) == set()

    assign = keystone.plugin(role_assignment.UserRoleAssignment, 'assign', {
        'user': usr_id, 'roles': [{'role': r1, 'project': project}]})
    assert assign.create() == base.Done(usr_id)
    assert _grants(admin, user_id=usr_id) == {(r1, project), (r2, project)}
    gassign = keystone.plugin(role_assignment.GroupRoleAssignment, 'gassign', {
        'group': grp_id, 'roles': [{'role': r2, 'project': project}]})
    assert gassign.create() == base.Done(grp_id)
    assert gassign.delete() == base.Done()
    assert _grants(admin, group_id=grp_id) == set()
    # The assignment revokes only what it granted.
    assert assign.delete() == base.Done()
    assert _grants(admin, user_id=usr_id) == {(r2, project)}

    for plugin in (usr2, grp2, *roles):
        assert plugin.delete() == base.Done()
    assert identity.find_user(usr_id, ignore_missing=True) is None
    assert identity.find_group(grp_id, ignore_missing=True) is None
    assert identity.find_role(r1, ignore_missing=True) is None
