"""Heat's orchestration notifications, sent through oslo.messaging's Notifier.

Billing, auditing and monitoring tools consume what Heat emits on the bus
(``orchestration.stack.create.end``, ...). heat-conv emits the same event
types with the same payload fields, as ``[oslo_messaging_notifications]``
says: its ``driver`` (``noop`` by default, as in Heat: nothing is sent),
its ``topics`` and its ``transport_url`` (the RPC transport's by default).

With the ``noop`` driver ``enabled()`` is False and the callers build no
payload at all, so notifications cost nothing unless an operator asks.
"""
import threading

import oslo_messaging
from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

SERVICE = 'orchestration'
INFO = 'INFO'
ERROR = 'ERROR'

notifier_opts = [
    cfg.StrOpt('default_notification_level', default=INFO,
               choices=[('DEBUG', 'the lowest priority'), ('INFO', 'Heat\'s default'),
                        ('WARN', 'a warning'), ('ERROR', 'an error'),
                        ('CRITICAL', 'the highest priority')],
               help='Priority of the notifications of a start or an end (as in '
                    'Heat); a failure\'s (``*.error``) is always ERROR.'),
    cfg.StrOpt('default_publisher_id',
               help='Publisher id of the notifications heat-conv sends; by '
                    'default orchestration.HOST (HOST is [DEFAULT] host), as in '
                    'Heat.'),
]
CONF.register_opts(notifier_opts)

_lock = threading.Lock()
_notifier = None


def list_opts():
    return [(None, notifier_opts)]


def _get():
    global _notifier
    with _lock:
        if _notifier is None:
            transport = oslo_messaging.get_notification_transport(CONF)
            _notifier = oslo_messaging.Notifier(
                transport, publisher_id=CONF.default_publisher_id or
                f'{SERVICE}.{CONF.host}')
        return _notifier


def set_notifier(notifier):
    """Install ``notifier`` (tests; None: build one from the options again on
    first use); returns the previous one."""
    global _notifier
    with _lock:
        previous, _notifier = _notifier, notifier
        return previous


def enabled():
    """Whether a notification would go anywhere (the driver is not noop)."""
    return _get().is_enabled()


def notify(ctxt, event_type, payload, error=False):
    """Send ``orchestration.<event_type>`` with ``payload``; at ERROR if
    ``error``, else at ``default_notification_level``. ``ctxt``: the
    request context it is about (a dict, or one with ``to_dict``)."""
    level = ERROR if error else CONF.default_notification_level
    method = getattr(_get(), level.lower())
    method(ctxt.to_dict() if hasattr(ctxt, 'to_dict') else dict(ctxt or {}),
           f'{SERVICE}.{event_type}', payload)
