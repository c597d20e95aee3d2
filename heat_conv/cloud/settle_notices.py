"""Tell the observers the moment an object settles.

The store settles lazily: an action whose time has come ends when someone
next asks. Nobody asks the moment it ends, so an observer learnt of it at
its next poll, a good part of a second late. Here a thread wakes when the
next pending action is due, settles it, and publishes ``object.settle.end``
on the notification bus, as an OpenStack service publishes
``instance.create.end``: the observer's notification listener
(heat_conv.observer.notifications) takes it as it takes theirs, and looks at
the object at once. What a call settles in passing is published the same
way, from this thread, so a call never waits for the bus.

One notification per settle, naming every object it settled:
``{"objects": [{"id", "type", "status", "settled_at"}, ...]}`` (status
``DELETED`` for an object gone; ``settled_at`` in seconds since the epoch,
when the action's time came).
"""
import collections
import logging
import threading

import oslo_messaging

from heat_conv.cloud import options  # noqa: F401  (registers [cloud])
from heat_conv.common import timeutils
from heat_conv.common.config import CONF

LOG = logging.getLogger(__name__)

EVENT_TYPE = 'object.settle.end'
# Objects named in one notification: a settle of thousands goes in parts,
# so that no message grows without bound.
MOST_PER_NOTICE = 500


def transport():
    """The bus the notifications travel on: [cloud]
    notification_transport_url, else oslo.messaging's notification
    transport ([oslo_messaging_notifications] transport_url, else the RPC
    transport's)."""
    return oslo_messaging.get_notification_transport(
        CONF, url=CONF.cloud.notification_transport_url or None)


class SettleNotices:
    """Settles the store's actions on time and publishes what settled.

    ``tick()`` is one round (the thread's, or a test's on a fake clock);
    ``start()`` runs rounds on a thread until ``stop()``."""

    def __init__(self, store, notifier):
        self.store = store
        self._notifier = notifier
        self._queue = collections.deque()
        self._woken = threading.Event()
        self._stopping = threading.Event()
        self._thread = None
        store.on_settled = self._settled
        store.on_due = self._woken.set

    def _settled(self, objects):
        self._queue.append(objects)
        self._woken.set()

    def tick(self):
        """Settle what is due and publish what settled; seconds until the
        next pending action ends, or None when none is pending."""
        self.store.settle_due()
        self.publish()
        due = self.store.next_due()
        return None if due is None else max(0.0, due - timeutils.now())

    def publish(self):
        while self._queue:
            objects = self._queue.popleft()
            for start in range(0, len(objects), MOST_PER_NOTICE):
                try:
                    self._notifier.info({}, EVENT_TYPE,
                                        {'objects': objects[start:start + MOST_PER_NOTICE]})
                except Exception:
                    # Lost: the observers' polls, the fallback, see it later.
                    LOG.exception('cloud: could not publish %s', EVENT_TYPE)

    def start(self):
        self._thread = threading.Thread(target=self._loop, name='cloud-settle',
                                        daemon=True)
        self._thread.start()
        return self

    def _loop(self):
        while not self._stopping.is_set():
            try:
                wait = self.tick()
            except Exception:   # the store is busy or closing: try again soon
                LOG.exception('cloud: settling on time failed')
                wait = 1.0
            self._woken.wait(wait)
            self._woken.clear()

    def stop(self, timeout=10):
        self._stopping.set()
        self._woken.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self.store.on_settled = self.store.on_due = None
        self._notifier.transport.cleanup()


def topic():
    """The notifications' topic (call it once a transport is made: that
    registers control_exchange)."""
    return CONF.cloud.notification_topic or f'{CONF.control_exchange}_cloud_notifications'


def make_notifier():
    bus = transport()
    return oslo_messaging.Notifier(bus, publisher_id=f'cloud.{CONF.host}',
                                   driver='messagingv2', topics=[topic()])


def start(store):
    """Run the settle notices of ``store`` when ``[cloud] notify_settled``;
    the running SettleNotices, or None."""
    if not CONF.cloud.notify_settled:
        return None
    notices = SettleNotices(store, make_notifier()).start()
    LOG.info('cloud: publishing %s on topic %s as objects settle', EVENT_TYPE, topic())
    return notices
