"""Lifecycle actions on stacks with children, run deterministically."""
import pytest

from tests.scenarios import local_driver
from tests.scenarios import nested_lifecycle_library as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_duplicated_messages_change_nothing(scenario, db, fake_clock):
    local_driver.run_scenario(scenario, fake_clock, duplicate=True)
