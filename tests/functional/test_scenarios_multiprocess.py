"""The convergence scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.convergence import scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
