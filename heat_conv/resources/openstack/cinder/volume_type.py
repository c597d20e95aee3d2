"""OS::Cinder::VolumeType: a Cinder volume type (admin only under Cinder's
default policy), with its extra specs and, when private, its projects.

Cinder's type names are unique, and a type has a description: a create
that the template gives no description writes its owner there, so that
``find_orphan`` finds a type whose create answer was lost.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.cinder import listed


class VolumeType(listed.ListedCinderResource):
    type_name = 'OS::Cinder::VolumeType'
    entity = 'type'
    collection = 'types'
    drift_fields = ('name', 'extra_specs')

    properties_schema = {
        'name': Property('string', required=True, update_allowed=True,
                         description='Name of the volume type.'),
        'metadata': Property('map', update_allowed=True,
                             description='The extra specs key and value pairs of the '
                                         'volume type.'),
        'is_public': Property('boolean', default=True, update_allowed=True,
                              description='Whether the volume type is accessible to the '
                                          'public.'),
        'description': Property('string', update_allowed=True,
                                description='Description of the volume type.'),
        'projects': Property('list', default=[], update_allowed=True,
                             item=Property('string', constraint='keystone.project'),
                             description='Projects to add volume type access to.'),
    }
    attributes_schema = {}

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        if result.get('projects') and result.get('is_public'):
            raise exception.InvalidProperties(
                'Can not specify property "projects" if the volume type is public.',
                path=tuple(path) + ('projects',))
        return result

    @classmethod
    def list_all(cls, cloud):
        # Cinder lists only public types unless asked for all ("None").
        return list(cloud.block_storage.types(is_public='None'))

    def marker(self):
        owner = self.ownership()
        return (f'{os_base.STACK_KEY}={owner[os_base.STACK_KEY]} '
                f'{os_base.RESOURCE_KEY}={owner[os_base.RESOURCE_KEY]}')

    def create(self):
        props, cinder = self.properties, self.cloud.block_storage
        try:
            made = self.call(cinder.create_type, on_retry=self._orphan,
                             name=props['name'], is_public=props['is_public'],
                             description=props.get('description') or self.marker())
        except Exception as exc:
            return self.failed(exc)
        type_id = self.physical_id = made.id
        try:
            if props.get('metadata'):
                self.call(cinder.update_type_extra_specs, type_id,
                          **self._specs(props['metadata']))
            for project in props.get('projects') or ():
                self.call(cinder.add_type_access, type_id, self._project_id(project))
            made = self.call(cinder.get_type, type_id)
        except Exception as exc:
            return self.failed(exc, type_id)
        return self.done(made)

    @staticmethod
    def _specs(metadata):
        # Cinder keeps extra specs as strings.
        return {key: str(value) for key, value in (metadata or {}).items()}

    def _project_id(self, project):
        if names.is_uuid(project):
            return project
        return self.cloud.identity.find_project(project, ignore_missing=False).id

    def update(self, old_properties):
        props, cinder = self.properties, self.cloud.block_storage
        changed = {key for key in props if props.get(key) != old_properties.get(key)}
        try:
            fields = {key: props[key] for key in ('name', 'description', 'is_public')
                      if key in changed}
            if fields:
                self.call(cinder.update_type, self.physical_id, **fields)
            if 'metadata' in changed:
                shown = self.call(cinder.get_type, self.physical_id)
                if shown.extra_specs:
                    self.call(cinder.delete_type_extra_specs, self.physical_id,
                              list(shown.extra_specs))
                if props.get('metadata'):
                    self.call(cinder.update_type_extra_specs, self.physical_id,
                              **self._specs(props['metadata']))
            if 'projects' in changed and not props['is_public']:
                self._update_access(props.get('projects') or [])
            shown = self.call(cinder.get_type, self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return self.done(shown)

    def _update_access(self, projects):
        cinder = self.cloud.block_storage
        current = {access['project_id'] for access in
                   self.call(cinder.get_type_access, self.physical_id)}
        wanted = {self._project_id(project) for project in projects}
        for project in current - wanted:
            self.call(cinder.remove_type_access, self.physical_id, project)
        for project in wanted - current:
            self.call(cinder.add_type_access, self.physical_id, project)

    def observed_properties(self, shown):
        return {'name': shown.get('name'), 'metadata': shown.get('extra_specs') or {}}

    def expected_value(self, key, expected):
        if key == 'metadata':
            return self._specs(expected.get('metadata'))
        return expected.get(key)

    def _orphan(self):
        if not self.resource_id:
            return None
        for found in self.list_all(self.cloud):
            if found.description == self.marker():
                return found
        return None
