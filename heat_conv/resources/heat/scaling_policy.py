"""OS::Heat::ScalingPolicy: a signal to it resizes an autoscaling group.

The policy itself only records the signal (its reason is what Heat puts
in the SIGNAL event); the engine then adjusts the group
(``heat_conv.engine.signals.scaling``), after the signal's request has returned.
Its ``signal_url`` and ``alarm_url`` are the resource signal URL (signed
when ``[clients_heat] signal_key`` is set), which an alarm POSTs to.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import scaling_adjustment
from heat_conv.resources.heat import signal_url


class ScalingPolicy(base.Resource):
    type_name = 'OS::Heat::ScalingPolicy'
    properties_schema = {
        'auto_scaling_group_id': Property('string', required=True,
                                          description='The AutoScalingGroup scaled '
                                                      '(get_resource of it).'),
        'scaling_adjustment': Property('number', required=True, update_allowed=True,
                                       description='Size of adjustment.'),
        'adjustment_type': Property('string', required=True, update_allowed=True,
                                    allowed_values=scaling_adjustment.ADJUSTMENT_TYPES,
                                    description='Type of adjustment (absolute or '
                                                'percentage).'),
        'cooldown': Property('number', update_allowed=True,
                             description='Cooldown period, in seconds.'),
        'min_adjustment_step': Property('integer', min_value=0, update_allowed=True,
                                        description='Minimum number of members added '
                                                    'or removed, with '
                                                    'percent_change_in_capacity.'),
    }
    attributes_schema = {
        'alarm_url': 'A signed url to handle the alarm.',
        'signal_url': 'A url to handle the alarm using native API.',
    }
    takes_signals = True
    # A signal starts work of its own (a resize), not the end of a wait.
    acts_on_signals = True
    wants_stack = True
    stack = None   # set by the engine for create: tenant, name and id

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        if (result.get('min_adjustment_step') is not None and result['adjustment_type']
                != scaling_adjustment.PERCENT_CHANGE_IN_CAPACITY):
            raise exception.InvalidProperties(
                'min_adjustment_step property should only be specified for '
                f'adjustment_type with value '
                f'{scaling_adjustment.PERCENT_CHANGE_IN_CAPACITY}.',
                path=tuple(path) + ('min_adjustment_step',))
        return result

    def create(self):
        return base.Done(self.resource_id)

    def signal_reason(self, details, received=()):
        # Heat's reading of an alarm's body, or of none.
        if details is None:
            return 'No signal details provided'
        if isinstance(details, str):
            return details
        if isinstance(details, dict) and all(k in details for k in
                                             ('previous', 'current', 'reason')):
            return ('alarm state changed from {previous} to {current} '
                    '({reason})'.format(**details))
        return 'Unknown'

    def attributes(self):
        if self.stack is None:
            return dict(self.stored_attributes)
        url = signal_url.signal_url(self.stack.tenant, self.stack.name, self.stack.id,
                                    self.name)
        return {'alarm_url': url, 'signal_url': url}
