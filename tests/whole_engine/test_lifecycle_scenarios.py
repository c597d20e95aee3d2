"""The lifecycle scenarios (suspend, resume, ...), run deterministically."""
import pytest

from heat_conv.common import exception
from tests.scenarios import lifecycle_library as scenarios
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_duplicated_messages_change_nothing(scenario, db, fake_clock):
    local_driver.run_scenario(scenario, fake_clock, duplicate=True)


def test_a_suspended_stack_refuses_updates_as_heat_does(driver):  # noqa: F811
    driver.create(tmpl({'A': res('a')}))
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.suspend()
    assert driver.settle() == 'SUSPEND_COMPLETE'
    with pytest.raises(exception.NotSupported, match='when it is suspended'):
        driver.update(tmpl({'A': res('b')}))
    assert driver.stack_status() == 'SUSPEND_COMPLETE'
