"""How soon the observer looks again: soon while actions are ending, then
backing off to its poll interval, and further while the cloud fails."""
import pytest

from heat_conv.common import config
from heat_conv.observer import service as observer_service
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


@pytest.fixture
def driver(db, fake_clock):
    CONF.set_override('poll_interval', 1.0, group='observer')
    CONF.set_override('settling_poll_interval', 0.2, group='observer')
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()
    CONF.clear_override('poll_interval', group='observer')
    CONF.clear_override('settling_poll_interval', group='observer')


def _slow_creates_started(driver, names):
    driver.create(tmpl({name: res(name.lower(), wait=driver.slow) for name in names}))
    driver.run_until(lambda: not driver.queue, 'the creates to start')


def test_a_pass_that_sees_actions_end_brings_the_next_one_forward(driver):
    _slow_creates_started(driver, ['A', 'B'])
    observer = observer_service.Observer(driver.cloud)
    observer.run_pass()   # nothing has ended yet
    assert observer.pause() == 1.0
    driver.clock.advance(driver.slow)
    observer.run_pass()
    assert observer.pause() == 0.2
    assert driver.settle() == 'CREATE_COMPLETE'


def test_passes_that_see_nothing_end_back_off_to_the_poll_interval(driver):
    _slow_creates_started(driver, ['A'])
    observer = observer_service.Observer(driver.cloud)
    driver.clock.advance(driver.slow)
    observer.run_pass()
    pauses = []
    for _ in range(4):
        observer.run_pass()   # reported already, nothing new ends
        pauses.append(observer.pause())
    assert pauses == [0.4, 0.8, 1.0, 1.0]
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_poll_interval_below_the_settling_one_wins(driver):
    CONF.set_override('poll_interval', 0.05, group='observer')
    _slow_creates_started(driver, ['A'])
    observer = observer_service.Observer(driver.cloud)
    driver.clock.advance(driver.slow)
    observer.run_pass()
    assert observer.pause() == 0.05


def test_a_failing_cloud_backs_the_passes_off(driver):
    observer = observer_service.Observer(driver.cloud)
    observer.failures = 3
    assert observer.pause() == 8.0


def test_the_services_polls_never_wait_for_a_drift_pass(driver, monkeypatch):
    # The service compares resources for drift on a thread of its own: a
    # slow comparison (a list per service and project, seconds each under
    # load) must not hold back the polls that see actions end.
    _slow_creates_started(driver, ['A', 'B'])
    observer = observer_service.Observer(driver.cloud, drift_apart=True)
    compared = []
    real = observer_service.drift.observe
    monkeypatch.setattr(observer_service.drift, 'observe',
                        lambda *args, **kwargs: compared.append(1) or real(*args, **kwargs))
    driver.clock.advance(driver.slow)
    for _ in range(3):
        observer.run_pass()
        driver.clock.advance(CONF.observer.drift_interval)
    assert compared == []
    assert driver.settle() == 'CREATE_COMPLETE'
    observer.renew()
    result = observer.drift_pass()
    assert compared == [1]
    assert result.resources == 2


def test_a_pass_alone_compares_for_drift_when_due(driver, monkeypatch):
    _slow_creates_started(driver, ['A'])
    observer = observer_service.Observer(driver.cloud)
    compared = []
    real = observer_service.drift.observe
    monkeypatch.setattr(observer_service.drift, 'observe',
                        lambda *args, **kwargs: compared.append(1) or real(*args, **kwargs))
    observer.run_pass()
    observer.run_pass()   # not due again yet
    driver.clock.advance(CONF.observer.drift_interval)
    observer.run_pass()
    assert compared == [1, 1]
