"""A real oslo.messaging Notifier on its ``test`` driver, which keeps what
it is given: what heat-conv sends, captured."""
import oslo_messaging
from oslo_messaging.notify import _impl_test

from heat_conv.common import config
from heat_conv.common import notifier

PUBLISHER = 'orchestration.test-host'


class Captured:
    """The notifications sent while installed, as (event_type, priority,
    payload, publisher_id)."""

    def __init__(self):
        transport = oslo_messaging.get_notification_transport(config.CONF, url='fake:')
        self.notifier = oslo_messaging.Notifier(transport, publisher_id=PUBLISHER,
                                                driver='test', topics=['notifications'])
        _impl_test.reset()
        self._previous = notifier.set_notifier(self.notifier)

    @property
    def sent(self):
        return [(message['event_type'], priority, message['payload'],
                 message['publisher_id'])
                for _, message, priority, _ in _impl_test.NOTIFICATIONS]

    def event_types(self):
        return [event_type for event_type, _, _, _ in self.sent]

    def close(self):
        notifier.set_notifier(self._previous)
        _impl_test.reset()
