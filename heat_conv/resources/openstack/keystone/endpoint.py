"""OS::Keystone::Endpoint: a service's URL for one interface (public,
internal, admin), in a region if given. Every property updates in place."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import rest_backed


class Endpoint(rest_backed.RestBacked):
    type_name = 'OS::Keystone::Endpoint'
    entity = 'endpoint'
    collection, member = 'endpoints', 'endpoint'
    plain_fields = {'interface': 'interface', 'url': 'url', 'enabled': 'enabled'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone endpoint.'),
        'region': Property('string', update_allowed=True, constraint='keystone.region',
                           description='Name or Id of keystone region.'),
        'service': Property('string', required=True, update_allowed=True,
                            constraint='keystone.service',
                            description='Name or Id of keystone service.'),
        'interface': Property('string', required=True, update_allowed=True,
                              allowed_values=('public', 'internal', 'admin'),
                              description='Interface type of keystone service endpoint.'),
        'url': Property('string', required=True, update_allowed=True,
                        description='URL of keystone service endpoint.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='This endpoint is enabled or disabled.'),
    }

    def create(self):
        props = self.properties
        try:
            body = {'name': self.object_name(), 'interface': props['interface'],
                    'url': props['url'], 'enabled': props['enabled'],
                    'service_id': self.find_id('service', props['service']),
                    'region_id': self.find_id('region', props.get('region'))}
            endpoint = self.post(body)
        except Exception as exc:
            return self.failed(exc)
        return self.created(endpoint)

    def update_fields(self, changed):
        fields = super().update_fields(changed)
        if 'service' in changed:
            fields['service_id'] = self.find_id('service', self.properties['service'])
        if 'region' in changed:
            fields['region_id'] = self.find_id('region', self.properties.get('region'))
        return fields

    def observed_properties(self, shown):
        return {'interface': shown.get('interface'), 'url': shown.get('url'),
                'enabled': shown.get('enabled')}
