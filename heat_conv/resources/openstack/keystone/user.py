"""OS::Keystone::User: a user of a domain, its groups and the roles it is
granted (``roles``). Deleting the user ends its grants and memberships."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base
from heat_conv.resources.openstack.keystone import role_grants


class User(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::User'
    entity = 'user'
    plain_fields = {'description': 'description', 'enabled': 'is_enabled',
                    'email': 'email', 'password': 'password'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone user.'),
        'domain': Property('string', default='default', update_allowed=True,
                           constraint='keystone.domain',
                           description='Name or ID of keystone domain.'),
        'description': Property('string', default='', update_allowed=True,
                                description='Description of keystone user.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='Keystone user is enabled or disabled.'),
        'email': Property('string', update_allowed=True,
                          description='Email address of keystone user.'),
        'password': Property('string', update_allowed=True,
                             description='Password of keystone user.'),
        'default_project': Property('string', update_allowed=True,
                                    constraint='keystone.project',
                                    description='Name or ID of default project of '
                                                'keystone user.'),
        'groups': Property('list', update_allowed=True, description='Keystone user groups.',
                           item=Property('string', constraint='keystone.group',
                                         description='Keystone user group.')),
        'roles': role_grants.ROLES,
    }

    attributes_schema = {
        'name': 'User name.',
        'default_project_id': 'Default project id for user.',
        'domain_id': 'Domain id for user.',
        'enabled': 'Flag of enable user.',
        'password_expires_at': 'Show user password expiration time.',
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        role_grants.check(result.get('roles'), path)
        return result

    def create(self):
        props = self.properties
        try:
            request = {'name': self.object_name(),
                       'domain_id': self.find_id('domain', props['domain']),
                       'description': props['description'], 'is_enabled': props['enabled'],
                       'email': props.get('email'), 'password': props.get('password'),
                       'default_project_id': self.find_id('project',
                                                          props.get('default_project'))}
            user = self.call(self.cloud.identity.create_user,
                             **{k: v for k, v in request.items() if v is not None})
        except Exception as exc:
            return self.failed(exc)
        done = self.created(user)
        try:
            for group in self._group_ids(props.get('groups')):
                self.call(self.cloud.identity.add_user_to_group, user.id, group)
            role_grants.grant(self.cloud, 'user', user.id,
                              role_grants.resolved(self.cloud, props.get('roles')))
        except Exception as exc:
            return self.failed(exc, user.id)
        return done

    def _group_ids(self, groups):
        return {self.find_id('group', group) for group in groups or ()}

    def update_fields(self, changed):
        fields = super().update_fields(changed)
        if 'domain' in changed:
            fields['domain_id'] = self.find_id('domain', self.properties['domain'])
        if 'default_project' in changed:
            fields['default_project_id'] = self.find_id(
                'project', self.properties.get('default_project'))
        return fields

    def update_more(self, changed, old_properties):
        if 'groups' in changed:
            old = self._group_ids(old_properties.get('groups'))
            new = self._group_ids(self.properties.get('groups'))
            for group in sorted(new - old):
                self.call(self.cloud.identity.add_user_to_group, self.physical_id, group)
            for group in sorted(old - new):
                self.call(self.cloud.identity.remove_user_from_group, self.physical_id,
                          group)
        if 'roles' in changed:
            role_grants.change(self.cloud, 'user', self.physical_id,
                               old_properties.get('roles'), self.properties.get('roles'))

    def observed_properties(self, shown):
        return {'description': shown.get('description'), 'enabled': shown.get('enabled'),
                'email': shown.get('email')}
