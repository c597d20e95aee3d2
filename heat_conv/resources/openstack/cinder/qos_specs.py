"""OS::Cinder::QoSSpecs: Cinder QoS specs (admin only under Cinder's default
policy).

QoS specs have neither metadata nor a description, but their names are
unique and a name the template leaves out is Heat's physical name, which
heat-conv derives from the resource's id: ``find_orphan`` looks for it.
"""
from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.cinder import listed


class QoSSpecs(listed.ListedCinderResource):
    type_name = 'OS::Cinder::QoSSpecs'
    entity = 'qos_spec'
    collection = 'qos_specs'
    wants_stack = True   # the default name is Heat's physical name
    drift_fields = ('specs',)

    properties_schema = {
        'name': Property('string', description='Name of the QoS.'),
        'specs': Property('map', required=True, update_allowed=True,
                          description='The specs key and value pairs of the QoS.'),
    }
    attributes_schema = {}

    def specs_name(self):
        return self.properties.get('name') or names.physical_name(self)

    @staticmethod
    def _specs(specs):
        # Cinder keeps specs as strings.
        return {key: str(value) for key, value in (specs or {}).items()}

    def create(self):
        try:
            made = self.call(self.service.create_qos_spec, on_retry=self._orphan,
                             name=self.specs_name(),
                             **self._specs(self.properties['specs']))
        except Exception as exc:
            return self.failed(exc)
        return self.done(made)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        old, new = self._specs(old_properties.get('specs')), \
            self._specs(self.properties['specs'])
        added = {key: value for key, value in new.items() if old.get(key) != value}
        removed = [key for key in old if key not in new]
        try:
            if added:
                self.call(self.service.update_qos_spec, self.physical_id, **added)
            if removed:
                self.call(self.service.delete_qos_spec_metadata, self.physical_id,
                          removed)
            shown = self.call(self.service.get_qos_spec, self.physical_id)
        except sdk_exc.NotFoundException:
            return base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return self.done(shown)

    def delete(self):
        if self.physical_id:
            # Cinder refuses to delete specs a volume type still uses (Heat too
            # lets them go first).
            try:
                self.call(self.service.disassociate_all_qos_spec, self.physical_id)
            except sdk_exc.NotFoundException:
                return base.Done()
            except Exception as exc:
                return self.failed(exc)
        return super().delete()

    def observed_properties(self, shown):
        return {'specs': shown.get('specs') or {}}

    def expected_value(self, key, expected):
        return self._specs(expected.get('specs')) if key == 'specs' else None

    def _orphan(self):
        if not self.resource_id or self.properties.get('name'):
            return None   # a name of the template's may be another's specs
        wanted = names.physical_name(self)
        for found in self.list_all(self.cloud):
            if found.name == wanted:
                return found
        return None
