"""OS::Keystone::Service: an entry of the service catalog."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base


class Service(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::Service'
    entity = 'service'
    plain_fields = {'description': 'description', 'type': 'type', 'enabled': 'is_enabled'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone service.'),
        'description': Property('string', update_allowed=True,
                                description='Description of keystone service.'),
        'type': Property('string', required=True, update_allowed=True,
                         description='Type of keystone Service.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='This service is enabled or disabled.'),
    }

    def create(self):
        props = self.properties
        try:
            service = self.call(self.cloud.identity.create_service, name=self.object_name(),
                                description=props.get('description'), type=props['type'],
                                is_enabled=props['enabled'])
        except Exception as exc:
            return self.failed(exc)
        return self.created(service)

    def observed_properties(self, shown):
        return {'type': shown.get('type'), 'description': shown.get('description'),
                'enabled': shown.get('enabled')}
