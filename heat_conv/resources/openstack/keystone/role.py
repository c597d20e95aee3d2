"""OS::Keystone::Role. As in Heat, the role belongs to ``domain``
(``default`` unless given): a domain-specific role, which only that
domain's projects may be granted. A change of domain replaces it."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base


class Role(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::Role'
    entity = 'role'

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone role.'),
        'domain': Property('string', default='default', constraint='keystone.domain',
                           description='Name or id of keystone domain.'),
    }

    def create(self):
        try:
            role = self.call(self.cloud.identity.create_role, name=self.object_name(),
                             domain_id=self.find_id('domain', self.properties['domain']))
        except Exception as exc:
            return self.failed(exc)
        return self.created(role)

    def observed_properties(self, shown):
        return {'name': shown.get('name')}
