"""The observer listens to the mini-cloud's notifications: Cinder's
volume.create.end of a volume a resource waits on makes the observer look
at it at once, long before its next poll, and the volume's create completes.
"""
import datetime
import threading
import time
import uuid

import kombu
import pytest

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.observer import reality
from heat_conv.observer import service as observer_service
from tests import resource_types
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
    resource_types.register(monkeypatch, *real_plugins.resource_mapping().values())
    monkeypatch.setattr(real_plugins._Injected, 'connection', demo_cloud)
    monkeypatch.setattr(reality, 'default_connection_for', lambda stack_id: demo_cloud)
    d = local_driver.LocalDriver(clock=None)   # the real clock: the cloud's
    d.ctx = context.RequestContext(project_id=demo_cloud.current_project_id,
                                   user_id=demo_cloud.current_user_id)
    yield d
    # Whatever a failed test left behind.
    for row in d.rows() if d.stack_id else ():
        if row.physical_resource_id and row.type == 'Test::Real::Volume':
            demo_cloud.block_storage.delete_volume(row.physical_resource_id,
                                                   ignore_missing=True)
        elif row.physical_resource_id and row.type == 'Test::Real::Server':
            demo_cloud.compute.delete_server(row.physical_resource_id,
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


def _flavor_and_image(conn):
    flavor = min(conn.compute.flavors(), key=lambda f: (f.ram, f.vcpus))
    # The rig's own image (other tests make and delete theirs meanwhile).
    images = sorted((i.name != 'cirros', i.created_at, i.id)
                    for i in conn.image.images() if i.status == 'active')
    if not images:
        pytest.skip('the mini-cloud has no active image to boot')
    return flavor.id, images[0][2]


class Witness:
    """A listener of its own on Nova's versioned notifications, apart from
    the observer's: when Nova published each server's instance.create.end
    (the notification's own timestamp), whether the observer listens or not."""

    def __init__(self, url):
        import oslo_messaging
        self.pool = f'heat-conv-witness-{uuid.uuid4().hex[:8]}'
        self.url = url
        self.created = {}
        self._transport = oslo_messaging.get_notification_transport(CONF, url=url)
        self._listener = oslo_messaging.get_notification_listener(
            self._transport, [oslo_messaging.Target(exchange='nova',
                                                    topic='versioned_notifications')],
            [self], executor='threading', pool=self.pool)
        self._listener.start()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        if event_type == 'instance.create.end':
            uuid_ = payload['nova_object.data']['uuid']
            self.created[uuid_] = datetime.datetime.fromisoformat(
                metadata['timestamp']).replace(tzinfo=datetime.timezone.utc).timestamp()

    def close(self):
        self._listener.stop()
        self._listener.wait()
        self._transport.cleanup()
        with kombu.Connection(self.url.replace('rabbit://', 'amqp://', 1)) as conn:
            try:
                conn.channel().queue_delete(self.pool)
            except conn.channel_errors:
                pass


def _create_servers(driver, demo_cloud, witness, listen, count):
    """Create a stack of ``count`` servers with an observer running
    (listening or not); {server id: seconds from Nova's instance.create.end
    to the observer's report}."""
    if not listen:
        CONF.clear_override('notification_transport_url', group='observer')
    reports = {}
    cast = driver.cast

    def casting(ctxt, method, **kwargs):
        if method == 'action_complete':
            reports[kwargs['resource_id']] = time.time()
        cast(ctxt, method, **kwargs)
    driver.cast = casting
    service = observer_service.ObserverService(driver.cloud)
    noticed = {}
    look_now = service.observer.look_now

    def noting(ids):
        for id_ in ids:
            noticed.setdefault(id_, []).append(time.time())
        look_now(ids)
    service.observer.look_now = noting
    service.start()
    try:
        assert (service._listener is not None) == listen
        flavor, image = _flavor_and_image(demo_cloud)
        driver.create(tmpl({f'server{i}': {'type': 'Test::Real::Server', 'properties': {
            'flavor': flavor, 'image': image}} for i in range(count)}))
        service.observer.renew()
        _drive(driver, 'CREATE_COMPLETE')
    finally:
        service.stop()
        driver.cast = cast
    deadline = time.monotonic() + PATIENCE
    rows = driver.resources().values()
    while not all(row.physical_resource_id in witness.created for row in rows):
        assert time.monotonic() < deadline, 'Nova sent no instance.create.end'
        time.sleep(0.05)
    for row in rows:
        pid = row.physical_resource_id
        after = [t for t in noticed.get(pid, ()) if t >= witness.created[pid]]
        if after:
            print(f'\n  {pid}: create.end published -> noticed '
                  f'{after[0] - witness.created[pid]:.3f} s, -> reported '
                  f'{reports[row.id] - witness.created[pid]:.3f} s')
    return {row.physical_resource_id:
            reports[row.id] - witness.created[row.physical_resource_id]
            for row in rows}


def _delete(driver, stack_id):
    driver.stack_id = stack_id
    service = observer_service.ObserverService(driver.cloud)
    service.start()
    try:
        driver.delete()
        _drive(driver, 'DELETE_COMPLETE')
    finally:
        service.stop()


def _drive(driver, status):
    deadline = time.monotonic() + PATIENCE
    while True:
        while driver.queue:
            driver.step()
        if driver.stack().status != 'IN_PROGRESS':
            break
        assert time.monotonic() < deadline, 'the cloud did not settle'
        time.sleep(0.02)
    assert driver.stack_status() == status, driver.stack().status_reason


def test_server_creates_are_reported_sooner_with_notifications(driver, bus, demo_cloud,
                                                               monkeypatch):
    """Measures, and prints, how long after Nova finished a server the
    observer reported it, and the list calls it made meanwhile: polling
    alone (poll_interval 1 s, as shipped) against the listener (polling
    every notified_poll_interval as the fallback). Asserts only that both
    complete."""
    CONF.set_override('notification_topics', ['versioned_notifications'], group='observer')
    calls = []
    observe_many = real_plugins.Server.observe_many
    monkeypatch.setattr(real_plugins.Server, 'observe_many', classmethod(
        lambda cls, cloud, ids: calls.append(len(ids)) or observe_many(cloud, ids)))
    measured, stacks, list_calls = {}, [], {}
    witness = Witness(bus)
    try:
        for listen in (False, True):
            if listen:
                CONF.set_override('notification_transport_url', bus, group='observer')
            calls.clear()
            measured[listen] = sorted(_create_servers(driver, demo_cloud, witness,
                                                      listen, 3).values())
            list_calls[listen] = len(calls)
            stacks.append(driver.stack_id)
    finally:
        witness.close()
        for stack_id in stacks:
            _delete(driver, stack_id)
    for listen, values in measured.items():
        print(f'\nserver instance.create.end -> reported, {"with" if listen else "without"} the '
              f'listener: ' + ', '.join(f'{v:.3f}' for v in values) +
              f' s (mean {sum(values) / len(values):.3f} s); {list_calls[listen]} Nova '
              'list calls during the create')
