"""No crash or lost message leaves a stack IN_PROGRESS or leaks an object."""
import pytest

from heat_conv.cloud import retry
from heat_conv.common import config
from heat_conv.common import liveness
from heat_conv.db import api as db_api
from heat_conv.engine.core import identity
from heat_conv.engine.core import resource_action
from heat_conv.engine.recovery import reaper
from heat_conv.resources.simulated import cloud_backed
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


class Crash(BaseException):
    """The engine process dies here (not an error a plugin could raise)."""



def _beat(engine):
    db_api.service_heartbeat(engine, 'host', 'heat-conv-engine', 'topic', 10)


def _outlive(driver):
    """The survivor's reaper watches the doomed engine miss its heartbeats."""
    reaper.run_once()
    driver.clock.advance(liveness.MISSED_BEATS * 10 + 1)


def _stall(driver):
    driver.clock.advance(CONF.engine.stall_timeout + 1)


def test_stack_past_its_timeout_fails(driver):
    driver.create(tmpl({'A': res('a'), 'B': res('b', wait=3600)}), timeout=1)
    driver.run_until(lambda: driver.resource_status('B') == 'CREATE_IN_PROGRESS', 'B')
    driver.clock.advance(30)
    reaper.run_once()
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'
    driver.clock.advance(31)
    reaper.run_once()
    assert driver.stack_status() == 'CREATE_FAILED'
    assert 'timed out' in driver.stack().status_reason
    assert 'still waiting for the cloud: B' in driver.stack().status_reason
    row = driver.resources()['B']
    assert (row.status, row.engine_id) == ('FAILED', None)
    assert 'not confirmed by the cloud before the stack timeout' in row.status_reason
    # The object is still there (the cloud never finished); a later update
    # replaces it and cleans it up.
    driver.clock.advance(3600)
    driver.update(tmpl({'A': res('a'), 'B': res('b')}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    from tests.scenarios.library import assert_reality
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'b'}})


@pytest.mark.parametrize('crash_on', ['create', 'settle'])
def test_engine_death_mid_create_is_resumed_without_leaking(driver, monkeypatch,
                                                            crash_on):
    real_settle = resource_action.settle
    crashed = []

    def dying_settle(row, *args, **kwargs):
        if row.name == 'B' and not crashed:
            crashed.append(row.id)
            raise Crash()
        return real_settle(row, *args, **kwargs)

    identity.set_engine_id('doomed')
    _beat('doomed')
    if crash_on == 'create':
        # Dies before the cloud call: nothing to adopt.
        monkeypatch.setattr('heat_conv.resources.simulated.cloud_backed.CloudResource.create',
                            _crash_for('B'))
    else:
        # Dies after the cloud made the object, before recording it.
        monkeypatch.setattr(resource_action, 'settle', dying_settle)
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res(attr('B'))}))
    with pytest.raises(Crash):
        driver.settle()
    monkeypatch.undo()
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'

    identity.set_engine_id('survivor')
    _outlive(driver)
    _beat('survivor')
    reaper.run_once()
    assert driver.settle() == 'CREATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'a'}})


def _crash_for(name):
    real_create = cloud_backed.CloudResource.create

    def create(self):
        if self.name == name:
            raise Crash()
        return real_create(self)
    return create


def test_lost_message_traversal_is_restarted(driver):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    driver.run_until(lambda: any(m[0] == 'check_resource' for m in driver.queue), 'a step')
    lost = [m for m in driver.queue if m[0] == 'check_resource']
    driver.queue[:] = [m for m in driver.queue if m not in lost]
    with pytest.raises(AssertionError, match='stuck'):
        driver.settle()
    reaper.run_once()   # not yet: it has not been quiet for long
    assert not driver.queue
    _stall(driver)
    reaper.run_once()
    assert driver.settle() == 'CREATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}})


def test_dead_engines_row_waits_while_the_cloud_cannot_say_what_it_made(driver,
                                                                        monkeypatch):
    real_settle = resource_action.settle

    def dying_settle(row, *args, **kwargs):
        if row.name == 'A':
            raise Crash()
        return real_settle(row, *args, **kwargs)

    identity.set_engine_id('doomed')
    _beat('doomed')
    monkeypatch.setattr(resource_action, 'settle', dying_settle)
    driver.create(tmpl({'A': res('a')}))
    with pytest.raises(Crash):
        driver.settle()
    monkeypatch.undo()
    identity.set_engine_id('survivor')
    _outlive(driver)
    _beat('survivor')
    driver.cloud.set_faults(error_rate=1.0)
    monkeypatch.setattr(retry, 'FIRST_DELAY', 0)   # its retries need not wait here
    reaper.run_once()
    driver.cloud.set_faults(error_rate=0.0)
    row = driver.rows()[0]
    assert (row.engine_id, row.status) == ('doomed', 'IN_PROGRESS'), \
        'released without knowing whether its object exists'
    reaper.run_once()
    assert driver.settle() == 'CREATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}})


def test_a_wait_condition_at_the_stack_timeout_fails_as_heat_words_it(driver):
    driver.create(tmpl({
        'handle': {'type': 'OS::Heat::WaitConditionHandle'},
        'wc': {'type': 'OS::Heat::WaitCondition',
               'properties': {'handle': {'get_resource': 'handle'}, 'timeout': 7200}}}),
        timeout=1, name='waiting')
    driver.run_until(lambda: driver.resource_status('wc') == 'CREATE_IN_PROGRESS', 'wc')
    driver.clock.advance(61)
    reaper.run_once()
    assert driver.stack_status() == 'CREATE_FAILED'
    stack = driver.stack()
    assert stack.status_reason == ('Stack CREATE timed out after 1 minutes; still '
                                   'waiting for signals: wc')
    assert driver.resources()['wc'].status_reason == (
        f'CREATE aborted (Task create from HeatWaitCondition "wc" Stack "waiting" '
        f'[{stack.id}] Timed out)')
