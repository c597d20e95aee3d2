"""OS::Keystone::UserRoleAssignment and OS::Keystone::GroupRoleAssignment:
roles granted to an existing user or group, on projects or domains.

The physical id is the user's or group's id. A delete revokes the grants
the resource made that Keystone still holds; a user or group already gone
has none left. A change of user or group moves the grants: revoked from
the old one, granted to the new one.
"""
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.keystone import base as ks_base
from heat_conv.resources.openstack.keystone import role_grants


class RoleAssignment(ks_base.KeystoneResource):
    # 'user' or 'group': the property naming the principal, and its kind.
    kind = None

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        role_grants.check(result.get('roles'), path)
        return result

    def _principal(self, value):
        return self.find_id(self.kind, value)

    def create(self):
        names.physical_name(self)   # Heat's reference to the resource
        try:
            principal = self._principal(self.properties[self.kind])
            self.physical_id = principal
            role_grants.grant(self.cloud, self.kind, principal,
                              role_grants.resolved(self.cloud, self.properties.get('roles')))
        except Exception as exc:
            return self.failed(exc)
        self._raw = None
        return base.Done(principal)

    def update(self, old_properties):
        try:
            principal = self._principal(self.properties[self.kind])
            if principal != self.physical_id:
                self._revoke_all(old_properties.get('roles'))
                role_grants.grant(self.cloud, self.kind, principal, role_grants.resolved(
                    self.cloud, self.properties.get('roles')))
            else:
                role_grants.change(self.cloud, self.kind, principal,
                                   old_properties.get('roles'), self.properties.get('roles'))
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = principal
        return base.Done(principal)

    def _revoke_all(self, roles):
        try:
            role_grants.revoke(self.cloud, self.kind, self.physical_id,
                               role_grants.resolved(self.cloud, roles))
        except sdk_exc.NotFoundException:
            pass   # the principal, a role or a scope is gone, and the grant with it

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self._revoke_all(self.properties.get('roles'))
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def refid(self):
        return self.data.get('physical_name') or self.name

    def _get(self):
        getattr(self.cloud.identity, f'get_{self.kind}')(self.physical_id)
        return role_grants.held(self.cloud, self.kind, self.physical_id)

    @staticmethod
    def raw(grants):
        return {'roles': [{'role': role, scope_kind: scope}
                          for role, scope_kind, scope in sorted(grants)]}

    def attributes(self):
        return {'show': None}

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {}
        for principal in physical_ids:
            try:
                retry.call(getattr(cloud.identity, f'get_{cls.kind}'), principal)
                found[principal] = cls.raw(retry.call(role_grants.held, cloud, cls.kind,
                                                      principal))
            except sdk_exc.NotFoundException:
                found[principal] = None
        return found


class UserRoleAssignment(RoleAssignment):
    type_name = 'OS::Keystone::UserRoleAssignment'
    kind = 'user'
    properties_schema = {
        'user': Property('string', required=True, update_allowed=True,
                         constraint='keystone.user',
                         description='Name or id of keystone user.'),
        'roles': role_grants.ROLES,
    }


class GroupRoleAssignment(RoleAssignment):
    type_name = 'OS::Keystone::GroupRoleAssignment'
    kind = 'group'
    properties_schema = {
        'group': Property('string', required=True, update_allowed=True,
                          constraint='keystone.group',
                          description='Name or id of keystone group.'),
        'roles': role_grants.ROLES,
    }
