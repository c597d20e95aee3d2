"""An object that settles completes its resource at once: the simulated
cloud publishes ``object.settle.end`` on the in-process bus, the observer's
notification listener takes it, and its next pass looks at that object
only, long before its poll is due. The row records when the cloud settled
it."""
import threading

import pytest

from heat_conv.cloud import settle_notices
from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.observer import notifications
from heat_conv.observer import poller
from heat_conv.observer import service as observer_service
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF
POLL_SECS = 3600


@pytest.fixture
def long_polls():
    CONF.set_override('poll_interval', POLL_SECS, group='observer')
    CONF.set_override('settling_poll_interval', POLL_SECS, group='observer')
    CONF.set_override('notification_transport_url', 'inproc://', group='cloud')
    yield
    for name in ('poll_interval', 'settling_poll_interval'):
        CONF.clear_override(name, group='observer')
    CONF.clear_override('notification_transport_url', group='cloud')


@pytest.fixture
def bus(driver, long_polls, request):
    """The cloud's notices (ticked by the test, on its fake clock) and an
    observer listening to them, woken as the service's timer would be; an
    observer that takes leases in its passes, unless the test's parameter
    says False (then it holds none)."""
    notices = settle_notices.SettleNotices(driver.store, settle_notices.make_notifier())
    observer = observer_service.Observer(driver.cloud,
                                         renew_in_pass=getattr(request, 'param', True))
    woken = threading.Event()
    observer.wake = woken.set
    listener = notifications.start_settled(
        lambda ids: observer.look_now(ids, any_stack=True))
    yield notices, observer, woken
    notifications.stop(listener)
    driver.store.on_settled = driver.store.on_due = None


def _deliver(driver):
    while driver.queue:
        driver.step()


def test_a_settled_object_completes_its_resource_before_the_poll(driver, fake_clock,
                                                                  bus, monkeypatch):
    notices, observer, woken = bus
    driver.create(tmpl({'A': res('a', wait=30), 'B': res('b', wait=60)}))
    _deliver(driver)
    assert {r.name for r in db_api.resources_waiting()} == {'A', 'B'}
    observer.run_pass()   # the poll: nothing has ended
    assert not driver.queue

    fake_clock.advance(30)
    assert notices.tick() == pytest.approx(30)   # B's end is the next due
    assert woken.wait(10), 'the settle notification never reached the observer'
    # The observer's timer would not have run a pass for an hour.
    assert observer.pause() > POLL_SECS - 60
    looked = []
    real = poller.poll_pending
    monkeypatch.setattr(poller, 'poll_pending',
                        lambda *a, **kw: looked.append(kw.get('only_ids')) or real(*a, **kw))
    observer.run_pass()
    [a] = [o for o in driver.objects() if o['metadata']['resource_name'] == 'A']
    assert looked == [{a['id']}], 'only the object the notification named is looked at'

    _deliver(driver)
    assert driver.resource_status('A') == 'CREATE_COMPLETE'
    assert driver.resource_status('B') == 'CREATE_IN_PROGRESS'
    row = driver.row('A')
    assert row.settled_at == timeutils.from_epoch(a['settled_at'])
    assert a['settled_at'] == pytest.approx(timeutils.now())


def test_without_the_notification_the_resource_waits_for_the_poll(driver, fake_clock,
                                                                   bus):
    notices, observer, woken = bus
    driver.create(tmpl({'A': res('a', wait=30)}))
    _deliver(driver)
    observer.run_pass()
    fake_clock.advance(30)
    # Nothing ticks the cloud's timer: nobody is told, the observer sleeps on.
    assert not woken.wait(0.5)
    assert observer.pause() > POLL_SECS - 60
    # The poll, the fallback, when it comes, still sees the end.
    observer.run_pass()
    _deliver(driver)
    assert driver.resource_status('A') == 'CREATE_COMPLETE'


@pytest.mark.parametrize('bus', [False], indirect=True)
def test_the_observer_told_reports_whoever_holds_the_stack(driver, fake_clock, bus):
    # The observers share the cloud's queue: the one a notification reaches
    # reports it, though another holds the stack, or nobody yet does (a new
    # stack waits for the next lease renewal).
    notices, observer, woken = bus
    driver.create(tmpl({'A': res('a', wait=30)}))
    _deliver(driver)
    observer.run_pass()
    assert observer.stacks == set()
    fake_clock.advance(30)
    notices.tick()
    assert woken.wait(10)
    observer.run_pass()
    _deliver(driver)
    assert driver.resource_status('A') == 'CREATE_COMPLETE'
