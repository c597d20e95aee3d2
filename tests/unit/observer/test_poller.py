"""The observer reports each settled cloud action once, and again only if
its resource still waits a while later."""
import types

import pytest

from heat_conv.common import config
from heat_conv.observer import poller
from heat_conv.observer import service as observer_service
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


@pytest.fixture
def driver(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


def _waiting_and_done(driver):
    """Two resources whose slow creates have ended in the cloud, not yet seen."""
    driver.create(tmpl({'A': res('a', wait=driver.slow), 'B': res('b', wait=driver.slow)}))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    driver.clock.advance(driver.slow)


def _reports(driver):
    return [kwargs['resource_id'] for method, kwargs, _ in driver.queue
            if method == 'action_complete']


def test_a_settled_action_is_reported_once_while_the_engine_is_busy(driver):
    _waiting_and_done(driver)
    reported = poller.Reported(again_after=5)
    assert poller.poll_pending(driver.cloud, reported=reported) == 2
    # The engine has not taken the reports in yet: nothing new to say.
    assert poller.poll_pending(driver.cloud, reported=reported) == 0
    driver.clock.advance(4)
    assert poller.poll_pending(driver.cloud, reported=reported) == 0
    assert len(_reports(driver)) == 2
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_lost_report_is_sent_again_once_due(driver):
    _waiting_and_done(driver)
    reported = poller.Reported(again_after=5)
    poller.poll_pending(driver.cloud, reported=reported)
    first = sorted(_reports(driver))
    del driver.queue[:]   # lost on the way
    driver.clock.advance(5)
    assert poller.poll_pending(driver.cloud, reported=reported) == 2
    assert sorted(_reports(driver)) == first
    assert driver.settle() == 'CREATE_COMPLETE'


def test_each_report_again_waits_twice_as_long_up_to_a_limit(driver):
    _waiting_and_done(driver)
    reported = poller.Reported(again_after=5)
    assert poller.poll_pending(driver.cloud, reported=reported) == 2   # at 0 s
    # The engine is too busy to take the reports in: each report again
    # comes after 5, 10, 20, 40, then every 40 s.
    sent_at = []
    for second in range(1, 200):
        driver.clock.advance(1)
        if poller.poll_pending(driver.cloud, reported=reported):
            sent_at.append(second)
    assert sent_at == [5, 15, 35, 75, 115, 155, 195]
    assert len(_reports(driver)) == 2 * (1 + len(sent_at))
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_new_action_of_a_reported_resource_is_reported_at_once(driver):
    driver.create(tmpl({'A': res('a', wait=driver.slow)}))
    driver.run_until(lambda: not driver.queue, 'the create to start')
    driver.clock.advance(driver.slow)
    reported = poller.Reported(again_after=60)
    assert poller.poll_pending(driver.cloud, reported=reported) == 1
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(tmpl({'A': res('b', wait=driver.slow)}))
    driver.run_until(lambda: not driver.queue, 'the update to start')
    driver.clock.advance(driver.slow)
    assert poller.poll_pending(driver.cloud, reported=reported) == 1
    assert driver.settle() == 'UPDATE_COMPLETE'


def test_the_observer_passes_remember_their_reports(driver):
    _waiting_and_done(driver)
    observer = observer_service.Observer(driver.cloud)
    observer.run_pass()
    observer.run_pass()
    assert len(_reports(driver)) == 2
    driver.clock.advance(CONF.observer.report_again_after)
    observer.run_pass()
    assert len(_reports(driver)) == 4
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_deployment_answered_in_swift_is_watched_while_it_waits():
    """A wait on signals is not the observer's, unless its answer is written
    in the cloud: a TEMP_URL_SIGNAL deployment's is a Swift object."""
    def row(transport):
        return types.SimpleNamespace(type='OS::Heat::SoftwareDeployment',
                                     properties_data={'signal_transport': transport})
    assert poller._polled_while_waiting(row('TEMP_URL_SIGNAL'))
    assert not poller._polled_while_waiting(row('HEAT_SIGNAL'))
    assert not poller._polled_while_waiting(types.SimpleNamespace(
        type='OS::Heat::WaitCondition', properties_data={}))
