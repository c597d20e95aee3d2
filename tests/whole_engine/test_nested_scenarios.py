"""The nested-stack scenarios, run deterministically in one thread."""
import pytest

from tests.scenarios import local_driver
from tests.scenarios import nested_library as scenarios


@pytest.fixture
def driver(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('scenario', [scenarios.update_during_child_create,
                                      scenarios.leaf_failure_rolls_back_tree],
                         ids=lambda s: s.__name__)
def test_duplicated_messages_change_nothing(scenario, db, fake_clock):
    d = local_driver.LocalDriver(fake_clock, duplicate=True)
    try:
        scenario(d)
    finally:
        d.close()


@pytest.mark.parametrize('seed', [1, 2])
def test_reordered_messages_change_nothing(seed, db, fake_clock):
    d = local_driver.LocalDriver(fake_clock, seed=seed)
    try:
        scenarios.deep_update_touches_one_leaf(d)
    finally:
        d.close()
