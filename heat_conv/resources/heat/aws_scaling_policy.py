"""AWS::AutoScaling::ScalingPolicy: OS::Heat::ScalingPolicy in
CloudFormation's terms. A signal to it (its AlarmUrl) resizes the
AWS::AutoScaling::AutoScalingGroup named by AutoScalingGroupName.

Heat's AlarmUrl (and reference) is a pre-signed URL of its CFN API;
heat-conv has no CFN API, so both are the policy's signal URL in the
native API (signed when ``[clients_heat] signal_key`` is set).
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import scaling_adjustment
from heat_conv.resources.heat import scaling_policy

# CloudFormation's adjustment types, in the terms the groups take.
ADJUSTMENT_TYPES = {'ChangeInCapacity': scaling_adjustment.CHANGE_IN_CAPACITY,
                    'ExactCapacity': scaling_adjustment.EXACT_CAPACITY,
                    'PercentChangeInCapacity':
                        scaling_adjustment.PERCENT_CHANGE_IN_CAPACITY}
_NAMES = {'AutoScalingGroupName': 'auto_scaling_group_id',
          'ScalingAdjustment': 'scaling_adjustment',
          'AdjustmentType': 'adjustment_type', 'Cooldown': 'cooldown',
          'MinAdjustmentStep': 'min_adjustment_step'}


class ScalingPolicy(scaling_policy.ScalingPolicy):
    type_name = 'AWS::AutoScaling::ScalingPolicy'
    heat_class_name = 'AWSScalingPolicy'
    properties_schema = {
        'AutoScalingGroupName': Property('string', required=True,
                                         description='AutoScaling group name to apply '
                                                     'policy to.'),
        'ScalingAdjustment': Property('integer', required=True, update_allowed=True,
                                      description='Size of adjustment.'),
        'AdjustmentType': Property('string', required=True, update_allowed=True,
                                   allowed_values=tuple(ADJUSTMENT_TYPES),
                                   description='Type of adjustment (absolute or '
                                               'percentage).'),
        'Cooldown': Property('integer', update_allowed=True,
                             description='Cooldown period, in seconds.'),
        'MinAdjustmentStep': Property('integer', min_value=0, update_allowed=True,
                                      description='Minimum number of resources added or '
                                                  'removed with PercentChangeInCapacity.'),
    }
    attributes_schema = {
        'AlarmUrl': 'A signed url to handle the alarm (Heat extension).',
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super(scaling_policy.ScalingPolicy, cls).validate_properties(values, path)
        if (result.get('MinAdjustmentStep') is not None
                and result['AdjustmentType'] != 'PercentChangeInCapacity'):
            raise exception.InvalidProperties(
                'MinAdjustmentStep property should only be specified for '
                'AdjustmentType with value PercentChangeInCapacity.',
                path=tuple(path) + ('MinAdjustmentStep',))
        return result

    @classmethod
    def scaling_request(cls, properties):
        request = {os_name: (properties or {}).get(name) for name, os_name in _NAMES.items()}
        request['adjustment_type'] = ADJUSTMENT_TYPES.get(request['adjustment_type'],
                                                          request['adjustment_type'])
        return request

    def attributes(self):
        found = super().attributes()
        return {'AlarmUrl': found.get('alarm_url', found.get('AlarmUrl'))}
