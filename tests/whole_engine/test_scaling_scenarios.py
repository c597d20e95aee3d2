"""Autoscaling groups and their policies, run deterministically in one thread."""
import pytest

from tests.scenarios import scaling as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
