"""OS::Keystone::Group: a group of a domain, with the roles it is granted
(``roles``). Deleting the group ends its grants and memberships."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base
from heat_conv.resources.openstack.keystone import role_grants


class Group(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::Group'
    entity = 'group'
    plain_fields = {'description': 'description'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone group.'),
        'domain': Property('string', default='default', update_allowed=True,
                           constraint='keystone.domain',
                           description='Name or id of keystone domain.'),
        'description': Property('string', default='', update_allowed=True,
                                description='Description of keystone group.'),
        'roles': role_grants.ROLES,
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        role_grants.check(result.get('roles'), path)
        return result

    def create(self):
        props = self.properties
        try:
            group = self.call(self.cloud.identity.create_group, name=self.object_name(),
                              domain_id=self.find_id('domain', props['domain']),
                              description=props['description'])
        except Exception as exc:
            return self.failed(exc)
        done = self.created(group)
        try:
            role_grants.grant(self.cloud, 'group', group.id,
                              role_grants.resolved(self.cloud, props.get('roles')))
        except Exception as exc:
            return self.failed(exc, group.id)
        return done

    def update_fields(self, changed):
        fields = super().update_fields(changed)
        if 'domain' in changed:
            fields['domain_id'] = self.find_id('domain', self.properties['domain'])
        return fields

    def update_more(self, changed, old_properties):
        if 'roles' in changed:
            role_grants.change(self.cloud, 'group', self.physical_id,
                               old_properties.get('roles'), self.properties.get('roles'))

    def observed_properties(self, shown):
        return {'description': shown.get('description')}
