"""Signals, wait conditions and hooks, run deterministically in one thread."""
import pytest

from tests.scenarios import local_driver
from tests.scenarios import signals as scenarios


@pytest.fixture
def driver(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
