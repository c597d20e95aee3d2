"""AWS::AutoScaling::AutoScalingGroup: an InstanceGroup whose size
policies change (AWS::AutoScaling::ScalingPolicy), between MinSize and
MaxSize, starting at DesiredCapacity (else MinSize), with a Cooldown.

The resize, the cooldown and the rolling update (the update policy's
``AutoScalingRollingUpdate``) are OS::Heat::AutoScalingGroup's; the
members are the InstanceGroup's, tagged also with
``metering.AutoScalingGroupName`` and, given VPCZoneIdentifier, put on
that subnet.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import autoscaling_group
from heat_conv.resources.heat import instance_group
from heat_conv.resources.heat import launch_config_members

_SETTINGS = {'min_size': 'MinSize', 'max_size': 'MaxSize',
             'desired_capacity': 'DesiredCapacity', 'cooldown': 'Cooldown'}


def _integer(description):
    return Property('integer', update_allowed=True, description=description)


class AutoScalingGroup(instance_group.InstanceGroup):
    type_name = 'AWS::AutoScaling::AutoScalingGroup'
    heat_class_name = 'AutoScalingGroup'
    properties_schema = {
        'AvailabilityZones': Property('list', required=True,
                                      description='Not implemented.'),
        'LaunchConfigurationName': Property(
            'string', update_allowed=True,
            description='The reference to a LaunchConfiguration resource.'),
        'InstanceId': Property('string', constraint='nova.server',
                               description='The id of a server to make the launch '
                                           'configuration of (not supported).'),
        'MaxSize': Property('integer', required=True, update_allowed=True,
                            description='Maximum number of instances in the group.'),
        'MinSize': Property('integer', required=True, update_allowed=True,
                            description='Minimum number of instances in the group.'),
        'Cooldown': _integer('Cooldown period, in seconds.'),
        'DesiredCapacity': _integer('Desired initial number of instances.'),
        'HealthCheckGracePeriod': Property('integer', description='Not implemented.'),
        'HealthCheckType': Property('string', allowed_values=('EC2', 'ELB'),
                                    description='Not implemented.'),
        'LoadBalancerNames': Property('list', description='List of LoadBalancer '
                                      'resources (heat-conv has no load balancer type).'),
        'VPCZoneIdentifier': Property('list', description='The subnet the instances '
                                      'are attached to (a list of exactly one).'),
        'Tags': instance_group.InstanceGroup.properties_schema['Tags'],
    }
    scalable = True
    rolling_key = 'AutoScalingRollingUpdate'
    property_names = _SETTINGS

    @classmethod
    def members_at_validation(cls, properties):
        return autoscaling_group.AutoScalingGroup.members_at_validation(
            {key: properties.get(name) for key, name in _SETTINGS.items()})

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        path = tuple(path)
        low, high = result['MinSize'], result['MaxSize']
        if high < low:
            raise exception.InvalidProperties('MinSize can not be greater than MaxSize',
                                              path=path + ('MinSize',))
        desired = result.get('DesiredCapacity')
        if desired is not None and not low <= desired <= high:
            raise exception.InvalidProperties(
                'DesiredCapacity must be between MinSize and MaxSize',
                path=path + ('DesiredCapacity',))
        if result.get('InstanceId'):
            raise exception.InvalidProperties(
                'InstanceId is not supported by heat-conv; use LaunchConfigurationName',
                path=path + ('InstanceId',))
        if not result.get('LaunchConfigurationName'):
            raise exception.InvalidProperties(
                "Either 'InstanceId' or 'LaunchConfigurationName' must be provided.",
                path=path)
        if result.get('VPCZoneIdentifier') and len(result['VPCZoneIdentifier']) != 1:
            raise exception.InvalidProperties(
                'VPCZoneIdentifier length should be 1.',
                path=path + ('VPCZoneIdentifier',))
        return result

    def setting(self, key):
        return autoscaling_group.AutoScalingGroup.setting(self, key)

    def member_tags(self):
        name = launch_config_members.group_name(self.stack_id, self.name,
                                                self.resource_id)
        return launch_config_members.tags(
            self.properties.get('Tags'), name,
            extra=[{'Key': 'metering.AutoScalingGroupName', 'Value': name}])

    def member_overrides(self):
        zones = self.properties.get('VPCZoneIdentifier')
        return {'SubnetId': zones[0]} if zones else {}
