"""OS::Heat::TestResource: Heat's test type, backed by the simulated cloud.

Heat's TestResource has no cloud: it takes any id it is told to adopt (an
``external_id``, an adopt document's). heat-conv's keeps its objects in the
simulated cloud, and adopts one that is there as any cloud-backed type
does; an id that no object has is taken as given, as in Heat, and marked
outside the cloud: nothing in the simulated cloud is asked about it again
(its check, suspend and resume do nothing, its drift is not checked, its
delete deletes nothing), as Heat asks nothing about it.
"""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.simulated import cloud_backed

OUTSIDE_CLOUD = 'outside_simulated_cloud'


class TestResource(cloud_backed.CloudResource):
    type_name = 'OS::Heat::TestResource'
    properties_schema = {
        'value': Property('string', default='test_string', update_allowed=True,
                          description='The input string exposed as attribute output.'),
        'update_replace': Property('boolean', default=False, update_allowed=True,
                                   description='If true, every update replaces '
                                               'the resource.'),
        'update_replace_value': Property('string', description='Changing this '
                                         'value replaces the resource.'),
        'fail': Property('boolean', default=False, update_allowed=True,
                         description='If true, create and update fail.'),
        'wait_secs': Property('number', default=0, update_allowed=True,
                              min_value=0, description='Seconds each action takes.'),
        'action_wait_secs': Property('map', update_allowed=True,
                                     description='Seconds per action (create, update, '
                                                 'delete, suspend, resume), '
                                                 'overriding wait_secs.'),
        'client_name': Property('string', default='', update_allowed=True,
                                description='Accepted for compatibility; unused.'),
        'entity_name': Property('string', default='', update_allowed=True,
                                description='Accepted for compatibility; unused.'),
        'constraint_prop_secs': Property('number', default=0, update_allowed=True,
                                         description='Accepted for compatibility; '
                                                     'unused.'),
        # Heat's TestResource sleeps this long before answering an
        # attribute; heat-conv's answers at once, so that templates written
        # for Heat's still validate.
        'attr_wait_secs': Property('number', default=0, update_allowed=True,
                                   description='Accepted for compatibility; attributes '
                                               'are answered at once.'),
    }
    attributes_schema = {'output': 'The string that was stored in the value property.'}

    def wait_secs(self, action):
        per_action = self.properties.get('action_wait_secs') or {}
        if per_action.get(action) is not None:
            return float(per_action[action])
        return float(self.properties.get('wait_secs') or 0)

    def should_fail(self, action):
        # As documented (and as Heat's): suspend, resume and delete never fail.
        return action in ('create', 'update') and bool(self.properties.get('fail'))

    def needs_replace(self, old_properties):
        if old_properties.get('update_replace_value') != \
                self.properties.get('update_replace_value'):
            return True
        return bool(self.properties.get('update_replace')) and \
            old_properties != self.properties

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        if self._outside_cloud():
            return base.Done(self.physical_id)
        return super().update(old_properties)

    # An id no simulated object has (see the module's docstring).
    def adopt_missing(self):
        self.data[OUTSIDE_CLOUD] = True
        return base.Done(self.physical_id)

    def _outside_cloud(self):
        return bool(self.data.get(OUTSIDE_CLOUD))

    def delete(self):
        return base.Done() if self._outside_cloud() else super().delete()

    def suspend(self):
        return base.Done(self.physical_id) if self._outside_cloud() else super().suspend()

    def resume(self):
        return base.Done(self.physical_id) if self._outside_cloud() else super().resume()

    def check(self):
        return base.Done(self.physical_id) if self._outside_cloud() else super().check()

    def observe_drift(self):
        return None if self._outside_cloud() else super().observe_drift()

    def drift(self, expected, cloud_object):
        if self._outside_cloud():
            return Drift.NOT_CHECKED, None
        return super().drift(expected, cloud_object)

    def attributes(self):
        return {'output': self.properties.get('value')}

    def _outcome(self, obj, done_status='ACTIVE'):
        outcome = super()._outcome(obj, done_status)
        if isinstance(outcome, base.Failed) and self.properties.get('fail'):
            # The failure Heat's TestResource raises when told to fail.
            outcome.reason = f'ValueError: Test Resource failed {self.name}'
        return outcome
