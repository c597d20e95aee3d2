"""OS::Keystone::Domain. Keystone deletes only a disabled domain, so a
delete first disables it."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base


class Domain(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::Domain'
    entity = 'domain'
    plain_fields = {'description': 'description', 'enabled': 'is_enabled'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='The name of the domain.'),
        'description': Property('string', update_allowed=True,
                                description='Description of keystone domain.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='This domain is enabled or disabled.'),
    }

    def create(self):
        props = self.properties
        try:
            domain = self.call(self.cloud.identity.create_domain, name=self.object_name(),
                               description=props.get('description'),
                               is_enabled=props['enabled'])
        except Exception as exc:
            return self.failed(exc)
        return self.created(domain)

    def before_delete(self):
        # A domain already gone raises NotFound: the delete is then done.
        if self._get().is_enabled:
            self.call(self.cloud.identity.update_domain, self.physical_id,
                      is_enabled=False)

    def observed_properties(self, shown):
        return {'name': shown.get('name'), 'description': shown.get('description'),
                'enabled': shown.get('enabled')}
