"""OS::Keystone::Project: a project in a domain (``default`` unless
given), optionally under a parent project (a change of parent replaces
it: Keystone cannot move a project)."""
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.keystone import base as ks_base


class Project(ks_base.KeystoneResource):
    type_name = 'OS::Keystone::Project'
    entity = 'project'
    plain_fields = {'description': 'description', 'enabled': 'is_enabled',
                    'tags': 'tags'}

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='Name of keystone project.'),
        'domain': Property('string', default='default', update_allowed=True,
                           constraint='keystone.domain',
                           description='Name or id of keystone domain.'),
        'description': Property('string', default='', update_allowed=True,
                                description='Description of keystone project.'),
        'enabled': Property('boolean', default=True, update_allowed=True,
                            description='This project is enabled or disabled.'),
        'parent': Property('string', constraint='keystone.project',
                           description='The name or ID of parent of this keystone '
                                       'project in hierarchy.'),
        'tags': Property('list', default=[], update_allowed=True,
                         description='A list of tags for labeling and sorting projects.'),
    }

    attributes_schema = {
        'name': 'Project name.',
        'parent_id': 'Parent project id.',
        'domain_id': 'Domain id for project.',
        'enabled': 'Flag of enable project.',
        'is_domain': 'Indicates whether the project also acts as a domain.',
    }

    def create(self):
        props = self.properties
        try:
            request = {'name': self.object_name(),
                       'domain_id': self.find_id('domain', props['domain']),
                       'description': props['description'],
                       'is_enabled': props['enabled'], 'tags': list(props['tags'] or [])}
            parent = self.find_id('project', props.get('parent'))
            if parent:
                request['parent_id'] = parent
            project = self.call(self.cloud.identity.create_project, **request)
        except Exception as exc:
            return self.failed(exc)
        return self.created(project)

    def update_fields(self, changed):
        fields = super().update_fields(changed)
        if 'domain' in changed:
            fields['domain_id'] = self.find_id('domain', self.properties['domain'])
        if 'tags' in fields:
            fields['tags'] = list(fields['tags'] or [])
        return fields

    def observed_properties(self, shown):
        return {'description': shown.get('description'), 'enabled': shown.get('enabled')}


