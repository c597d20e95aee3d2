"""How messages reach the engine.

Everything sent to the engine is a cast of one of ``messages``' types to
the engine topic, with the request context it acts for: the caller's, the
one the worker is handling (so one request id follows a whole traversal
through every worker's log), or the engine's own. Production sends through
oslo.messaging (``inproc://`` in one process, ``rabbit://`` across hosts);
deterministic tests install a dispatcher that queues casts and delivers
them one at a time, in any order the test likes.
"""
import threading
from concurrent import futures

import oslo_messaging
from oslo_config import cfg
from oslo_context import context as oslo_context

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.common import metrics
from heat_conv.db import api as db_api
from heat_conv.engine.core import continuation
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc_versions

CONF = config.CONF

rpc_opts = [
    cfg.StrOpt('topic', default='heat-conv-engine',
               help='Message topic engine workers listen on.'),
]
CONF.register_opts(rpc_opts, group='engine')

# A cast that [upgrade_levels] engine does not allow (for callers that
# import only this module).
NotInPinnedVersion = rpc_versions.NotInPinnedVersion

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


class ContextSerializer(oslo_messaging.NoOpSerializer):
    """The request context travels with every message, as a dict.

    A message carries the context current in the sending thread: the API
    request's, or, in a worker, that of the message it is handling, so each
    step of a traversal knows the request that started it. Deserialising
    makes it the receiving thread's current context (log lines and events
    pick it up there).
    """

    def serialize_context(self, ctxt):
        return ctxt.to_dict() if hasattr(ctxt, 'to_dict') else dict(ctxt or {})

    def deserialize_context(self, ctxt):
        return context.RequestContext.from_dict(ctxt or {})


class OsloDispatcher:
    """Casts over oslo.messaging. A worker may keep a step it made ready
    and run it itself (continuation); many casts at once go out in
    parallel, except on the in-process transport, where a cast costs less
    than handing it to a thread."""

    continues_in_worker = True

    def __init__(self, transport=None):
        self.sends_in_parallel = transport is None and not str(
            CONF.transport_url or '').startswith(('inproc:', 'fake:'))
        # [upgrade_levels] engine: oslo.messaging refuses to send above it.
        self.version_cap = rpc_versions.configured_cap(db_api.engine_rpc_versions)
        target = oslo_messaging.Target(topic=CONF.engine.topic, version=messages.VERSION)
        self._client = oslo_messaging.get_rpc_client(
            transport or get_transport(), target, serializer=ContextSerializer(),
            version_cap=self.version_cap)

    def cast(self, ctxt, method, **kwargs):
        # Each cast carries the lowest version that has it, so an engine of
        # an older release takes what it can read.
        version, kwargs = rpc_versions.prepare(method, kwargs, self.version_cap)
        self._client.prepare(version=version).cast(ctxt, method, **kwargs)


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


def cast(message, ctxt=None):
    """Send ``message`` (one of ``messages``' types) to some engine worker.

    ``ctxt``: the RequestContext it acts for; by default this thread's
    current one (a worker's is the message it is handling), else the
    engine's own.
    """
    ctxt = ctxt or oslo_context.get_current() or context.admin_context()
    # Sent inside db_api.atomically, a message waits for the writes it
    # announces to be committed (and is never sent if they are not).
    db_api.after_commit_batched('casts', (ctxt, message), _send_all)


def cast_all(many, ctxt=None):
    """Send every message of ``many`` together, as one transaction's casts
    are sent (a traversal's leaves, the observer's reports of a pass): in a
    transaction, after its commit; outside one, now."""
    ctxt = ctxt or oslo_context.get_current() or context.admin_context()
    db_api.after_commit_all('casts', [(ctxt, message) for message in many], _send_all)


def _send_all(casts):
    """Send what a transaction cast, once it has committed: the first step
    it made ready may be kept (continuation); the rest go to the broker,
    several at once when there are many (each publish waits for the
    broker's confirmation, ~1 ms, so a converge casting 1,000 leaves one by
    one would spend a second before the last one could start)."""
    dispatcher = get_dispatcher()
    continues = getattr(dispatcher, 'continues_in_worker', False)
    wire, batchable = [], []
    for ctxt, message in casts:
        if (continues and isinstance(message, messages.CheckResource)
                and continuation.keep(message)):
            continue
        if message.METHOD in messages.BATCHABLE:
            batchable.append((ctxt, message))
        else:
            wire.append((ctxt.to_dict(), message.METHOD, message.to_wire()))
    for ctxt, message in _batched(batchable):
        wire.append((ctxt.to_dict(), message.METHOD, message.to_wire()))
    for _, method, _ in wire:
        metrics.MESSAGES_SENT.labels(method).inc()
    if len(wire) < PARALLEL_FROM or not getattr(dispatcher, 'sends_in_parallel', False):
        for ctxt, method, kwargs in wire:
            dispatcher.cast(ctxt, method, **kwargs)
        return
    for done in [_senders().submit(dispatcher.cast, ctxt, method, **kwargs)
                 for ctxt, method, kwargs in wire]:
        done.result()   # every message has left (or the first error is raised)


def _batched(many):
    """Many steps' messages sent at once travel BATCH_SIZE to a message
    (each message costs its publish and its delivery, ~2 ms of CPU between
    the two ends); a few, one to a message, for as many workers. Engines
    pinned below run_batch's version take them one by one."""
    cap = getattr(get_dispatcher(), 'version_cap', None)
    if len(many) < BATCH_FROM or not rpc_versions.allows(
            rpc_versions.METHODS[messages.Batch.METHOD], cap):
        return many
    return [(many[i][0], messages.Batch(
                tuple(message for _, message in many[i:i + BATCH_SIZE])))
            for i in range(0, len(many), BATCH_SIZE)]


# Steps' messages sent together beyond this many go in batches of
# BATCH_SIZE: each batch is handled by one worker thread, one after another.
BATCH_FROM = 8
BATCH_SIZE = 8

# Casts sent together by one transaction beyond this many use the senders.
PARALLEL_FROM = 8
SENDER_THREADS = 8
_senders_pool = None


def _senders():
    global _senders_pool
    with _lock:
        if _senders_pool is None:
            _senders_pool = futures.ThreadPoolExecutor(SENDER_THREADS,
                                                       thread_name_prefix='cast')
        return _senders_pool


def get_server(endpoints, transport=None, server_id=None):
    """An RPC server for the engine topic, on the threading executor."""
    target = oslo_messaging.Target(topic=CONF.engine.topic,
                                   server=server_id or CONF.host)
    return oslo_messaging.get_rpc_server(
        transport or get_transport(), target, endpoints, executor='threading',
        access_policy=oslo_messaging.ExplicitRPCAccessPolicy,
        serializer=ContextSerializer())
