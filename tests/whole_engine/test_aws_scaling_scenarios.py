"""InstanceGroup and the AWS autoscaling types, run deterministically in one
thread."""
import pytest

from heat_conv.resources.openstack.nova import launch_configuration
from tests.scenarios import aws_scaling as scenarios


@pytest.fixture(autouse=True)
def _no_image_service(monkeypatch):
    # The configuration's ImageId names a Glance image, which a run without
    # a cloud cannot check; the members here are provider templates.
    monkeypatch.setattr(launch_configuration.LaunchConfiguration, 'check_constraints',
                        classmethod(lambda cls, *args, **kwargs: None))


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
