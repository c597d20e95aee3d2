"""OS::Keystone::Region. Its id is the template's ``id`` (URL-quoted, as
Heat does) or one Keystone makes; a change of id replaces it."""
from urllib import parse

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import rest_backed


class Region(rest_backed.RestBacked):
    type_name = 'OS::Keystone::Region'
    entity = 'region'
    collection, member = 'regions', 'region'
    plain_fields = {'description': 'description', 'enabled': 'enabled'}

    properties_schema = {
        'id': Property('string', description='The user-defined region ID and should unique '
                                             'to the OpenStack deployment. While creating '
                                             'the region, heat will url encode this ID.'),
        'parent_region': Property('string', update_allowed=True,
                                  constraint='keystone.region',
                                  description='If the region is hierarchically a child of '
                                              'another region, set this parameter to the '
                                              'ID of the parent region.'),
        'description': Property('string', update_allowed=True,
                                description='Description of keystone region.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='This region is enabled or disabled.'),
    }

    def create(self):
        props = self.properties
        body = {'description': props.get('description'), 'enabled': props['enabled']}
        try:
            body['parent_region_id'] = self.find_id('region', props.get('parent_region'))
            if props.get('id'):
                body['id'] = parse.quote(props['id'])
            region = self.post(body)
        except Exception as exc:
            return self.failed(exc)
        return self.created(region)

    def update_fields(self, changed):
        fields = super().update_fields(changed)
        if 'parent_region' in changed:
            fields['parent_region_id'] = self.find_id('region',
                                                      self.properties.get('parent_region'))
        return fields

    def observed_properties(self, shown):
        return {'description': shown.get('description'), 'enabled': shown.get('enabled')}
