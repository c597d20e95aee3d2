"""The convergence scenarios, run deterministically in one thread."""
import pytest

from tests.scenarios import library as scenarios
from tests.scenarios import local_driver
from tests.scenarios import nested_library as nested


@pytest.mark.parametrize('scenario', scenarios.ALL + nested.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('scenario', [scenarios.update_during_create,
                                      scenarios.rollback_after_replacement,
                                      scenarios.swap_dependency_with_replacement,
                                      nested.update_during_child_create,
                                      nested.leaf_failure_rolls_back_tree],
                         ids=lambda s: s.__name__)
def test_duplicated_messages_change_nothing(scenario, db, fake_clock):
    local_driver.run_scenario(scenario, fake_clock, duplicate=True)


@pytest.mark.parametrize('seed', [1, 2, 3])
@pytest.mark.parametrize('scenario', [scenarios.create_fan,
                                      scenarios.second_update_during_first,
                                      scenarios.rollback_after_removal,
                                      nested.deep_update_touches_one_leaf],
                         ids=lambda s: s.__name__)
def test_reordered_messages_change_nothing(scenario, seed, db, fake_clock):
    local_driver.run_scenario(scenario, fake_clock, seed=seed)
