"""The ``roles`` property of users, groups and role assignments: roles
granted on a project or a domain (Heat's KeystoneRoleAssignmentMixin).

A grant is (role id, 'project' or 'domain', scope id), names resolved to
ids. An update grants what is new and revokes what went away; a revoke
skips what Keystone no longer holds (someone revoked it already).
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import finders

ROLES = Property(
    'list', update_allowed=True, description='List of role assignments.',
    item=Property('map', description='Map between role with either project or domain.',
                  schema={
                      'role': Property('string', required=True, description='Keystone role.',
                                       constraint='keystone.role'),
                      'project': Property('string', description='Keystone project.',
                                          constraint='keystone.project'),
                      'domain': Property('string', description='Keystone domain.',
                                         constraint='keystone.domain'),
                  }))


def check(roles, path=()):
    """Raise InvalidProperties, as Heat's validation does, unless every
    entry names exactly one of project and domain."""
    for index, entry in enumerate(roles or ()):
        where = tuple(path) + ('roles', index)
        if entry.get('project') is not None and entry.get('domain') is not None:
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: '
                'project, domain', path=where)
        if entry.get('project') is None and entry.get('domain') is None:
            raise exception.InvalidProperties(
                f'Either project or domain must be specified for role {entry.get("role")}',
                path=where)


def resolved(cloud, roles):
    """The set of grants ``roles`` (the property's value) asks for."""
    grants = set()
    for entry in roles or ():
        role = finders.find_id(cloud, 'role', entry['role'])
        if entry.get('project') is not None:
            grants.add((role, 'project', finders.find_id(cloud, 'project', entry['project'])))
        else:
            grants.add((role, 'domain', finders.find_id(cloud, 'domain', entry['domain'])))
    return grants


def held(cloud, kind, principal_id):
    """The grants Keystone holds for the user or group (``kind``)."""
    grants = set()
    for assignment in cloud.identity.role_assignments(**{f'{kind}_id': principal_id}):
        scope = assignment.scope or {}
        role = (assignment.role or {}).get('id')
        for scope_kind in ('project', 'domain'):
            if role and scope.get(scope_kind):
                grants.add((role, scope_kind, scope[scope_kind]['id']))
    return grants


def _call(cloud, verb, kind, principal_id, grant):
    role, scope_kind, scope_id = grant
    preposition = 'to' if verb == 'assign' else 'from'
    method = getattr(cloud.identity, f'{verb}_{scope_kind}_role_{preposition}_{kind}')
    method(scope_id, principal_id, role)


def grant(cloud, kind, principal_id, grants):
    for one in sorted(grants):
        _call(cloud, 'assign', kind, principal_id, one)


def revoke(cloud, kind, principal_id, grants):
    present = held(cloud, kind, principal_id) if grants else set()
    for one in sorted(set(grants) & present):
        _call(cloud, 'unassign', kind, principal_id, one)


def change(cloud, kind, principal_id, old_roles, new_roles):
    """Make the principal's grants from ``old_roles`` those of ``new_roles``."""
    old, new = resolved(cloud, old_roles), resolved(cloud, new_roles)
    grant(cloud, kind, principal_id, new - old)
    revoke(cloud, kind, principal_id, old - new)
