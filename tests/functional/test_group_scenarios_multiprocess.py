"""The group and chain scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.scenarios import group_library as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
