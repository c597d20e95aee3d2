"""Listen to the cloud's notifications, so that an ended action is seen at once.

Nova (its versioned notifications: ``instance.create.end``,
``instance.update``, ``instance.delete.end`` ...), Cinder
(``volume.create.end``, ``volume.attach.end`` ...), Neutron
(``port.update.end`` ...) and Glance publish an event on the bus when an
object changes. The listener only says "look now": it hands the ids an event
names to the observer, which asks the service about those of them that a
resource waits on, and judges what the service shows as on any pass
(``progress``). An event is never taken for the outcome itself, and polling
stays the fallback for events lost or never sent.

The simulated cloud publishes ``object.settle.end`` the same way
(heat_conv.cloud.settle_notices), on a topic of its own: its listener
(``start_settled``) is this one, on that topic.
"""
import logging

import oslo_messaging

from heat_conv.cloud import settle_notices
from heat_conv.common import config
from heat_conv.observer import options  # noqa: F401  (registers [observer])

CONF = config.CONF
LOG = logging.getLogger(__name__)

# Keys of a payload that name the event's object (or one it acts on:
# an attachment names its volume); other *_id keys name owners and
# the like, never an object a resource waits on.
_NOT_OBJECTS = {'tenant_id', 'project_id', 'user_id', 'request_id', 'domain_id'}


def ids_named(payload):
    """The ids of the objects a notification's payload names."""
    found = set()
    if not isinstance(payload, dict):
        return found
    # A versioned notification (Nova's) wraps its fields.
    data = payload.get('nova_object.data')
    if isinstance(data, dict):
        found |= ids_named(data)
    for key, value in payload.items():
        if isinstance(value, str) and value and key not in _NOT_OBJECTS and (
                key in ('id', 'uuid') or key.endswith('_id')):
            found.add(value)
        elif isinstance(value, dict) and key != 'nova_object.data':
            # Neutron's payloads hold their object: {"port": {"id": ...}}.
            nested = value.get('id')
            if isinstance(nested, str):
                found.add(nested)
            inner = value.get('nova_object.data')
            if isinstance(inner, dict):
                found |= ids_named(inner)
        elif isinstance(value, list):
            # The simulated cloud names every object one settle ended.
            for item in value:
                found |= ids_named(item)
    return found


def _task_under_way(payload):
    """Whether a Nova instance event says the instance is still building or
    a task still runs on it (instance.update while it schedules, spawns,
    resizes ...): a look then would find it unfinished, and a build sends
    several of these."""
    data = payload.get('nova_object.data') if isinstance(payload, dict) else None
    return isinstance(data, dict) and (data.get('task_state') is not None
                                       or data.get('state') == 'building')


class Endpoint:
    """Passes the ids of every event that may end a wait to ``look_now``."""

    def __init__(self, look_now):
        self._look_now = look_now

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        if str(event_type).endswith('.start') or _task_under_way(payload):
            return None   # an action that only began, or goes on, ends nothing
        ids = ids_named(payload)
        if ids:
            LOG.debug('notification %s from %s names %s', event_type, publisher_id,
                      ', '.join(sorted(ids)))
            self._look_now(ids)
        return None

    # A failed action (instance.create.error) is looked at the same way.
    error = info
    warn = info


def pool_name():
    return CONF.observer.notification_pool or f'heat-conv-observer.{CONF.host}'


def start(look_now):
    """Listen for notifications when [observer] notification_transport_url
    is set, with ``look_now(ids)`` called on each; the running listener,
    or None when off."""
    url = CONF.observer.notification_transport_url
    if not url:
        return None
    transport = oslo_messaging.get_notification_transport(CONF, url=url)
    # Each service publishes to its own exchange, not heat-conv's.
    targets = [oslo_messaging.Target(exchange=exchange, topic=topic)
               for exchange in CONF.observer.notification_exchanges
               for topic in CONF.observer.notification_topics]
    listener = oslo_messaging.get_notification_listener(
        transport, targets, [Endpoint(look_now)], executor='threading',
        pool=pool_name())
    listener.start()
    LOG.info('observer: listening to notifications on topics %s of exchanges %s '
             '(queue %s)', ', '.join(CONF.observer.notification_topics),
             ', '.join(CONF.observer.notification_exchanges), pool_name())
    return listener


def start_settled(look_now):
    """Listen for the simulated cloud's settle notifications when
    ``[cloud] notify_settled``, with ``look_now(ids)`` called on each; the
    running listener, or None when off.

    Without a pool: the observers share the topic's own queue, each
    notification reaching one of them (which reports it whoever holds the
    stack), and nothing piles up in a queue of an observer gone."""
    if not CONF.cloud.notify_settled:
        return None
    bus = settle_notices.transport()
    topic = settle_notices.topic()
    listener = oslo_messaging.get_notification_listener(
        bus, [oslo_messaging.Target(topic=topic)], [Endpoint(look_now)],
        executor='threading')
    listener.start()
    LOG.info('observer: listening to the simulated cloud\'s %s on topic %s',
             settle_notices.EVENT_TYPE, topic)
    return listener


def stop(listener):
    if listener is None:
        return
    listener.stop()
    listener.wait()
    listener.transport.cleanup()
