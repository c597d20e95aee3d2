"""AWS::AutoScaling::LaunchConfiguration: what it needs and what it gives
the members of a group."""
import pytest

from heat_conv.common import exception
from heat_conv.resources.openstack.nova import launch_configuration


def test_members_take_only_what_the_configuration_gives():
    props = launch_configuration.LaunchConfiguration.validate_properties(
        {'ImageId': 'cirros', 'InstanceType': 'm1.tiny'})
    assert launch_configuration.LaunchConfiguration.member_properties(props, {}) == {
        'ImageId': 'cirros', 'InstanceType': 'm1.tiny'}
    from_server = {launch_configuration.DATA_KEY: {'ImageId': 'img', 'KeyName': 'k'}}
    assert launch_configuration.LaunchConfiguration.member_properties(props, from_server) == {
        'ImageId': 'cirros', 'InstanceType': 'm1.tiny', 'KeyName': 'k'}
    with pytest.raises(exception.InvalidProperties, match='ImageId and InstanceType'):
        launch_configuration.LaunchConfiguration.validate_properties({'ImageId': 'x'})
