"""OS::Heat::Dummy: the convergence proof-of-concept's test type.

Changing ``update_in_place_prop`` updates in place; changing anything else
replaces it. ``fail_prop: "yes"`` makes its action fail.
"""
import random
import string

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.simulated import cloud_backed


class Dummy(cloud_backed.CloudResource):
    type_name = 'OS::Heat::Dummy'
    properties_schema = {
        'name_len': Property('integer', default=8, min_value=1, max_value=255,
                             description='Length of the random name.'),
        'update_in_place_prop': Property('string', update_allowed=True,
                                         description='Changing it updates in place.'),
        'fail_prop': Property('string', description='"yes" makes the action fail.'),
    }
    attributes_schema = {'name': 'The random name generated at creation.'}

    def should_fail(self, action):
        return str(self.properties.get('fail_prop') or '').lower() == 'yes'

    _name = None

    def random_name(self):
        # Generated once per physical object: an in-place update keeps it.
        if self._name is None:
            self._name = self.stored_attributes.get('name') or ''.join(
                random.choices(string.ascii_letters, k=self.properties['name_len']))
        return self._name

    def cloud_properties(self):
        return dict(self.properties, name=self.random_name())

    def attributes(self):
        return {'name': self.random_name()}
