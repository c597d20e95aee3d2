"""The observer listens to the mini-cloud's notifications: Cinder's
volume.create.end of a volume a resource waits on makes the observer look
at it at once, long before its next poll, and the volume's create completes.
"""
import threading
import time
import uuid

import kombu
import pytest

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.observer import reality
from heat_conv.observer import service as observer_service
from heat_conv.resources import plugin_loader
from tests.realcloud.observer import conftest as realcloud
from tests.realcloud.observer import real_plugins
from tests.scenarios import local_driver
from tests.scenarios.library import tmpl

CONF = config.CONF
# Real seconds to wait for the cloud before a test gives up (not a measure).
PATIENCE = 120


@pytest.fixture
def bus():
    """The rig's notification bus, and a queue (pool) of the test's own,
    removed afterwards so that nothing piles up in it."""
    url = realcloud.notifications_url()
    pool = f'heat-conv-observer-test-{uuid.uuid4().hex[:8]}'
    CONF.set_override('notification_transport_url', url, group='observer')
    CONF.set_override('notification_pool', pool, group='observer')
    CONF.set_override('notification_topics', ['notifications'], group='observer')
    yield url
    for name in ('notification_transport_url', 'notification_pool',
                 'notification_topics'):
        CONF.clear_override(name, group='observer')
    with kombu.Connection(url.replace('rabbit://', 'amqp://', 1)) as conn:
        try:
            conn.channel().queue_delete(pool)
        except conn.channel_errors:
            pass


@pytest.fixture
def driver(db, demo_cloud, monkeypatch):
    types = plugin_loader.types()
    for name, cls in real_plugins.resource_mapping().items():
        monkeypatch.setitem(types, name, cls)
    monkeypatch.setattr(real_plugins._Injected, 'connection', demo_cloud)
    monkeypatch.setattr(reality, 'default_connection_for', lambda stack_id: demo_cloud)
    d = local_driver.LocalDriver(clock=None)   # the real clock: the cloud's
    d.ctx = context.RequestContext(project_id=demo_cloud.current_project_id,
                                   user_id=demo_cloud.current_user_id)
    yield d
    for row in d.rows() if d.stack_id else ():
        if row.physical_resource_id:
            demo_cloud.block_storage.delete_volume(row.physical_resource_id,
                                                   ignore_missing=True)
    d.close()


@pytest.fixture
def observer(driver, bus):
    """The observer process's service (not started), polling once an hour:
    only a notification can make it look within the test."""
    CONF.set_override('poll_interval', 3600, group='observer')
    CONF.set_override('drift_interval', 3600, group='observer')
    service = observer_service.ObserverService(driver.cloud)
    yield service
    service.stop()
    CONF.clear_override('poll_interval', group='observer')
    CONF.clear_override('drift_interval', group='observer')


def test_a_volumes_create_end_completes_its_create_at_once(driver, observer):
    named, reported = [], threading.Event()
    look_now = observer.observer.look_now

    def noting(ids):
        named.append((time.monotonic(), set(ids)))
        look_now(ids)
    observer.observer.look_now = noting
    observer.start()
    assert observer._listener is not None, 'the listener did not start'
    cast = driver.cast

    def casting(ctxt, method, **kwargs):
        if method == 'action_complete':
            reported.when = time.monotonic()
            reported.set()
        cast(ctxt, method, **kwargs)
    driver.cast = casting

    driver.create(tmpl({'vol': {'type': 'Test::Real::Volume', 'properties': {'size': 1}}}))
    observer.observer.renew()   # the stack is this observer's (its heartbeat would)
    driver.run_until(lambda: not driver.queue, 'the create to start')
    created = time.monotonic()
    volume_id = driver.resources()['vol'].physical_resource_id
    assert reported.wait(PATIENCE), 'no report within the test\'s patience'
    assert any(volume_id in ids for _, ids in named), 'no notification named the volume'
    noticed = min(when for when, ids in named if volume_id in ids)
    driver.run_until(lambda: not driver.queue, 'the report to be handled')
    assert driver.stack_status() == 'CREATE_COMPLETE'
    print(f'\nvolume create: available and reported {reported.when - created:.3f} s after '
          f'the create call; {reported.when - noticed:.3f} s after the notification')
