"""Heat's notifications on a real RabbitMQ, as a billing or auditing tool
consumes them: an oslo.messaging notification listener on a topic of the
test's own sees a stack's create, update and delete start and end, in
order, with Heat's payload."""
import threading
import uuid

import kombu
import oslo_messaging
import pytest

from heat_conv.common import config
from heat_conv.common import notifier
from tests import services
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


class Collector:
    """The listener's endpoint: what arrives, in order."""

    def __init__(self):
        self.seen = []
        self._arrived = threading.Condition()

    def _keep(self, publisher_id, event_type, payload, priority):
        with self._arrived:
            self.seen.append((event_type, priority, payload, publisher_id))
            self._arrived.notify_all()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self._keep(publisher_id, event_type, payload, 'INFO')

    def error(self, ctxt, publisher_id, event_type, payload, metadata):
        self._keep(publisher_id, event_type, payload, 'ERROR')

    def wait_for(self, count, timeout=30):
        with self._arrived:
            self._arrived.wait_for(lambda: len(self.seen) >= count, timeout)
            return list(self.seen)


@pytest.fixture
def bus():
    """A notifier and a listener on RabbitMQ, on a topic nobody else uses;
    its queues are deleted afterwards."""
    url = services.rabbit_url()
    topic = f'heat-conv-notifications-test-{uuid.uuid4().hex[:12]}'
    transport = oslo_messaging.get_notification_transport(config.CONF, url=url)
    collector = Collector()
    listener = oslo_messaging.get_notification_listener(
        transport, [oslo_messaging.Target(topic=topic)], [collector], executor='threading')
    listener.start()   # its queues exist from here on
    previous = notifier.set_notifier(oslo_messaging.Notifier(
        transport, publisher_id='orchestration.rabbit-test', driver='messagingv2',
        topics=[topic]))
    try:
        yield collector
    finally:
        notifier.set_notifier(previous)
        listener.stop()
        listener.wait()
        transport.cleanup()
        amqp = url.replace('rabbit://', 'amqp://', 1).rstrip('/') + '//'
        with kombu.Connection(amqp) as conn:
            channel = conn.channel()
            for priority in ('info', 'error', 'warn', 'debug', 'critical', 'audit',
                             'sample'):
                try:
                    channel.queue_delete(f'{topic}.{priority}')
                except Exception:   # a queue the listener never made
                    channel = conn.channel()


def test_create_update_delete_seen_on_the_bus(db, fake_clock, bus):
    driver = local_driver.LocalDriver(fake_clock)
    try:
        driver.create(dict(tmpl({'A': res('a', wait=5)}), description='on the bus'),
                      name='rabbit-billed')
        assert driver.settle() == 'CREATE_COMPLETE'
        driver.update(tmpl({'A': res('a', wait=5), 'B': res('b')}))
        assert driver.settle() == 'UPDATE_COMPLETE'
        driver.delete()
        assert driver.settle() == 'DELETE_COMPLETE'
    finally:
        driver.close()

    seen = bus.wait_for(6)
    assert [(event_type, priority) for event_type, priority, _, _ in seen] == [
        ('orchestration.stack.create.start', 'INFO'),
        ('orchestration.stack.create.end', 'INFO'),
        ('orchestration.stack.update.start', 'INFO'),
        ('orchestration.stack.update.end', 'INFO'),
        ('orchestration.stack.delete.start', 'INFO'),
        ('orchestration.stack.delete.end', 'INFO')]
    assert {publisher for _, _, _, publisher in seen} == {'orchestration.rabbit-test'}
    assert [payload['state'] for _, _, payload, _ in seen] == [
        'CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'UPDATE_IN_PROGRESS', 'UPDATE_COMPLETE',
        'DELETE_IN_PROGRESS', 'DELETE_COMPLETE']
    first = seen[0][2]
    assert first['stack_identity'] == driver.stack_id
    assert first['stack_name'] == 'rabbit-billed'
    assert first['tenant_id'] == driver.ctx.project_id
    assert first['description'] == 'on the bus'
    assert first['state_reason'] == 'Stack CREATE started'
