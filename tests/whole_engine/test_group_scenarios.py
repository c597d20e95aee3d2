"""ResourceGroup and ResourceChain scenarios, run deterministically in one thread."""
import pytest

from tests.scenarios import group_library as scenarios
from tests.scenarios import local_driver


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('seed', [1, 2])
@pytest.mark.parametrize('scenario', [scenarios.scale_3_5_2,
                                      scenarios.rolling_update_in_batches],
                         ids=lambda s: s.__name__)
def test_reordered_messages_change_nothing(scenario, seed, db, fake_clock):
    d = local_driver.LocalDriver(fake_clock, seed=seed)
    try:
        scenario(d)
    finally:
        d.close()


def test_group_of_500_creates_and_deletes(driver):
    scenarios.large_group_creates_and_deletes(driver, 500)
