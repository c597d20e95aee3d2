"""How engine messages travel.

Everything the engine sends is a cast to the engine topic. Production sends
through oslo.messaging (``fake://`` in one process, ``rabbit://`` across
hosts); deterministic tests install a dispatcher that queues casts and
delivers them one at a time, in any order the test likes.
"""
import threading

import oslo_messaging
from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

rpc_opts = [
    cfg.StrOpt('topic', default='heat-conv-engine',
               help='Message topic engine workers listen on.'),
]
CONF.register_opts(rpc_opts, group='engine')

# Reentrant: building the dispatcher fetches the transport under the lock.
_lock = threading.RLock()
_transport = None
_dispatcher = None


def list_opts():
    return [('engine', rpc_opts)]


def get_transport():
    global _transport
    with _lock:
        if _transport is None:
            _transport = oslo_messaging.get_rpc_transport(CONF)
        return _transport


def set_transport(transport):
    global _transport
    with _lock:
        _transport = transport


class OsloDispatcher:
    """Casts over oslo.messaging."""

    def __init__(self, transport=None):
        target = oslo_messaging.Target(topic=CONF.engine.topic, version='1.0')
        self._client = oslo_messaging.get_rpc_client(
            transport or get_transport(), target)

    def cast(self, method, **kwargs):
        self._client.cast({}, method, **kwargs)


def get_dispatcher():
    global _dispatcher
    with _lock:
        if _dispatcher is None:
            _dispatcher = OsloDispatcher()
        return _dispatcher


def set_dispatcher(dispatcher):
    """Install a dispatcher (tests); returns the previous one."""
    global _dispatcher
    with _lock:
        previous, _dispatcher = _dispatcher, dispatcher
        return previous


def cast(method, **kwargs):
    get_dispatcher().cast(method, **kwargs)


def get_server(endpoints, transport=None, server_id=None):
    """An RPC server for the engine topic, on the threading executor."""
    target = oslo_messaging.Target(topic=CONF.engine.topic,
                                   server=server_id or CONF.host)
    return oslo_messaging.get_rpc_server(
        transport or get_transport(), target, endpoints, executor='threading',
        access_policy=oslo_messaging.ExplicitRPCAccessPolicy)
