"""Signals, wait conditions and hooks, run deterministically in one thread."""
import pytest

from tests.scenarios import signals as scenarios
from tests.whole_engine.test_scenarios import driver  # noqa: F401  (the fixture)


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):  # noqa: F811
    scenario(driver)
