"""How an InstanceGroup's members are tagged and its rolling update paced,
and how the AWS group and policy read their properties."""
import pytest

from heat_conv.common import exception
from heat_conv.resources.heat import aws_autoscaling_group
from heat_conv.resources.heat import aws_scaling_policy
from heat_conv.resources.heat import launch_config_members as members

PATH = ('resources', 'group', 'update_policy')


@pytest.mark.parametrize('duration, seconds', [
    ('PT0S', 0), ('PT1M30S', 90), ('PT1H', 3600), ('P1DT1S', 86401)])
def test_pause_times_are_iso_8601_durations(duration, seconds):
    assert members.seconds(duration, PATH) == seconds


@pytest.mark.parametrize('duration', ['90', 'PT', '1M', 'PT1.5S'])
def test_other_pause_times_are_refused(duration):
    with pytest.raises(exception.InvalidProperties, match='ISO 8601'):
        members.seconds(duration, PATH)


def test_a_rolling_update_is_read_from_the_policy_key_of_the_type():
    policy = {'RollingUpdate': {'MinInstancesInService': '1', 'MaxBatchSize': 2,
                                'PauseTime': 'PT5S'}}
    assert members.rolling_update(policy, 'RollingUpdate', PATH) == {
        'min_in_service': 1, 'max_batch_size': 2, 'pause_time': 5}
    assert members.rolling_update({}, 'RollingUpdate', PATH) is None
    with pytest.raises(exception.InvalidProperties, match='Unknown update policy'):
        members.rolling_update(policy, 'AutoScalingRollingUpdate', PATH)
    with pytest.raises(exception.InvalidProperties, match='Maximum PauseTime is 1 hour'):
        members.rolling_update({'RollingUpdate': {'PauseTime': 'PT61M'}},
                               'RollingUpdate', PATH)


def test_members_get_the_metering_tag_unless_the_template_has_one():
    assert members.tags([{'Key': 'a', 'Value': 'b'}], 'st-group-x') == [
        {'Key': 'a', 'Value': 'b'}, {'Key': 'metering.groupname', 'Value': 'st-group-x'}]
    own = [{'Key': 'metering.mine', 'Value': '1'}]
    assert members.tags(own, 'st-group-x') == own


def test_an_aws_policy_asks_in_the_terms_of_the_group():
    request = aws_scaling_policy.ScalingPolicy.scaling_request({
        'AutoScalingGroupName': 'g', 'AdjustmentType': 'PercentChangeInCapacity',
        'ScalingAdjustment': 50, 'Cooldown': 3, 'MinAdjustmentStep': 2})
    assert request == {'auto_scaling_group_id': 'g', 'scaling_adjustment': 50,
                       'adjustment_type': 'percent_change_in_capacity', 'cooldown': 3,
                       'min_adjustment_step': 2}
    with pytest.raises(exception.InvalidProperties, match='MinAdjustmentStep'):
        aws_scaling_policy.ScalingPolicy.validate_properties({
            'AutoScalingGroupName': 'g', 'AdjustmentType': 'ExactCapacity',
            'ScalingAdjustment': 1, 'MinAdjustmentStep': 1})


@pytest.mark.parametrize('props, words', [
    ({'MinSize': 3, 'MaxSize': 2}, 'MinSize can not be greater than MaxSize'),
    ({'MinSize': 1, 'MaxSize': 2, 'DesiredCapacity': 3},
     'DesiredCapacity must be between MinSize and MaxSize'),
    ({'MinSize': 1, 'MaxSize': 2, 'LaunchConfigurationName': None},
     "Either 'InstanceId' or 'LaunchConfigurationName' must be provided."),
    ({'MinSize': 1, 'MaxSize': 2, 'VPCZoneIdentifier': ['a', 'b']},
     'VPCZoneIdentifier length should be 1'),
])
def test_an_aws_group_checks_its_bounds_as_heat_does(props, words):
    given = dict({'AvailabilityZones': [], 'LaunchConfigurationName': 'lc'}, **props)
    with pytest.raises(exception.InvalidProperties, match=words):
        aws_autoscaling_group.AutoScalingGroup.validate_properties(given)
