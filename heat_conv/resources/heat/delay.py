"""OS::Heat::Delay: wait a while before going on, as Heat's does.

The wait is ``min_wait`` seconds plus a random share of ``max_jitter``
(times ``jitter_multiplier``), on create or update as ``actions`` says. It
is a wait on signals that none ends: its timeout (the reaper's, as for a
wait condition) is what completes it.
"""
import random

from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property


class Delay(base.Resource):
    type_name = 'OS::Heat::Delay'
    properties_schema = {
        'min_wait': Property('number', default=0, min_value=0, max_value=43200,
                             update_allowed=True,
                             description='Seconds to wait at least.'),
        'max_jitter': Property('number', default=0, min_value=0, max_value=43200,
                               update_allowed=True,
                               description='Most seconds of random wait added, '
                                           'before the multiplier.'),
        'jitter_multiplier': Property('number', default=1.0, min_value=0,
                                      update_allowed=True,
                                      description='What the random wait is '
                                                  'multiplied by.'),
        'actions': Property('list', default=['CREATE'], update_allowed=True,
                            description='The actions that wait: CREATE, UPDATE.'),
    }
    waits_on_signals = True

    def _wait(self, action):
        if action not in (self.properties.get('actions') or []):
            return 0
        jitter = random.uniform(0, float(self.properties.get('max_jitter') or 0))
        return (float(self.properties.get('min_wait') or 0)
                + jitter * float(self.properties.get('jitter_multiplier') or 0))

    def _act(self, action, physical_id):
        seconds = self._wait(action)
        return base.Pending(physical_id, timeout=seconds) if seconds > 0 \
            else base.Done(physical_id)

    def create(self):
        return self._act('CREATE', self.resource_id)

    def update(self, old_properties):
        return self._act('UPDATE', self.physical_id)

    def progress(self, action, cloud_object):
        return None   # only time ends the wait

    def judge_signals(self, signals, timed_out=False):
        return base.Done(self.physical_id) if timed_out else None
