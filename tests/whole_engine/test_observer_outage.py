"""With no observer alive, stacks waiting on the cloud say why they wait."""
import logging

import pytest

from heat_conv.common import liveness
from heat_conv.db import api as db_api
from heat_conv.engine.core import identity
from heat_conv.engine.recovery import reaper
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


@pytest.fixture
def driver(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    previous = identity.engine_id()
    identity.set_engine_id('engine-1')
    reaper.reset()
    yield d
    reaper.reset()
    identity.set_engine_id(previous)
    d.close()


def _observer_beats():
    db_api.service_heartbeat('observer-1', 'host', liveness.OBSERVER, None, 2)


def _waiting(driver, name='slow'):
    driver.create(tmpl({'A': res('a', wait=60), 'B': res('b')}), name=name)
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS'
                     and not driver.queue, 'A to wait on the cloud')


def test_the_reason_says_no_observer_is_alive_and_clears_when_one_is(driver, caplog):
    _observer_beats()
    _waiting(driver)
    reaper.run_once()
    assert driver.stack().status_reason == 'Stack CREATE started'
    driver.clock.advance(liveness.MISSED_BEATS * 2 + 1)   # the observer died
    with caplog.at_level(logging.WARNING):
        reaper.run_once()
    reason = driver.stack().status_reason
    assert reason == ('Stack CREATE started; waiting on the cloud, but no observer is '
                      'alive: 1 resource action(s) finish only once a heat-conv-observer '
                      'runs')
    assert any('no live observer: 1 resource(s) of 1 stack(s) wait on the cloud' in
               r.getMessage() for r in caplog.records)
    reaper.run_once()
    assert driver.stack().status_reason == reason, 'marked once, not again and again'

    _observer_beats()        # an observer (re)starts
    reaper.run_once()
    assert driver.stack().status_reason == 'Stack CREATE started'
    assert driver.settle() == 'CREATE_COMPLETE'


def test_no_observer_ever_started(driver):
    _waiting(driver)
    reaper.run_once()
    assert 'no observer is alive' in driver.stack().status_reason


def test_stacks_not_waiting_on_the_cloud_are_left_alone(driver):
    _waiting(driver, 'slow')
    slow = driver.stack_id
    driver.create(tmpl({'A': res('a')}), name='quick')
    driver.run_until(lambda: driver.stack().status != 'IN_PROGRESS', 'quick')
    assert db_api.stack_get(slow).status == 'IN_PROGRESS'
    reaper.run_once()
    assert 'no observer' in db_api.stack_get(slow).status_reason
    assert driver.stack().status_reason == 'Stack CREATE completed successfully'


def test_waits_on_signals_need_no_observer(driver):
    driver.create(tmpl({
        'handle': {'type': 'OS::Heat::WaitConditionHandle'},
        'wc': {'type': 'OS::Heat::WaitCondition',
               'properties': {'handle': {'get_resource': 'handle'}, 'timeout': 600}}}))
    driver.run_until(lambda: driver.resource_status('wc') == 'CREATE_IN_PROGRESS'
                     and not driver.queue, 'the wait condition to wait')
    reaper.run_once()
    assert driver.stack().status_reason == 'Stack CREATE started'
