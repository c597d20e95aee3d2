"""A traversal whose converge was never cast (the API process died right
after committing it) is started within seconds, not after stall_timeout
(issue 27, defect 5: 3 of 154 stacks in an API-kill loop waited 60 s)."""
from heat_conv.common import config
from heat_conv.engine.recovery import reaper
from tests.scenarios.library import assert_reality
from tests.scenarios.library import fan_expected
from tests.scenarios.library import fan_template

CONF = config.CONF


def _lose_the_converge(driver):
    (lost,) = [m for m in driver.queue if m[0] == 'converge']
    driver.queue.remove(lost)


def test_a_create_whose_converge_was_lost_starts_at_the_next_stack_check(driver):
    driver.create(fan_template('a'))
    _lose_the_converge(driver)
    reaper.run_once()
    assert not driver.queue, 'a converge on its way is not cast twice at once'
    driver.clock.advance(CONF.engine.stack_check_interval)
    assert CONF.engine.stack_check_interval < CONF.engine.stall_timeout / 4
    reaper.run_once()
    assert [m[0] for m in driver.queue] == ['converge']
    assert driver.settle() == 'CREATE_COMPLETE'


def test_an_update_whose_converge_was_lost_starts_too(driver):
    driver.create(fan_template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(fan_template('b'))
    _lose_the_converge(driver)
    driver.clock.advance(CONF.engine.stack_check_interval)
    reaper.run_once()
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, fan_expected('b'))
