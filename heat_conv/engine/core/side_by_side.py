"""The steps of a batch whose services answer slowly run side by side.

A batch (rpc.BATCH_SIZE steps to a message) is handled by one worker
thread, one step after another: the cheapest way when each step's action
takes milliseconds (the simulated cloud, the types that live in the
database). A real cloud's API may take seconds to answer under load (on
the mini-cloud, Nova answered a POST /servers in 6 to 53 s), and eight such
steps in turn made the last one wait for the seven before it, while the
worker had threads to spare.

So the steps whose types say their calls are slow (``slow_calls``) run on
the threads of a pool instead, each as it would have run in a message of
its own: its own transaction and lock, before its own action. They share
what the batch read ahead, and their conclusions are still recorded
together once every step of the batch has acted (together), by the batch's
thread, which waits for them. A pool thread never waits for another task of
the pool, so the pool cannot deadlock; a batch whose steps find the pool
busy waits its turn, as a message waits for an executor thread.
"""
import concurrent.futures
import logging
import threading

from oslo_context import context as oslo_context

from heat_conv.common import config
from heat_conv.engine.core import continuation
from heat_conv.engine.core import read_ahead
from heat_conv.engine.core import together
from heat_conv.plugin_interface import registry

CONF = config.CONF
LOG = logging.getLogger(__name__)

_lock = threading.Lock()
_pool = None


def threads():
    """Threads of the pool (each may use the database): as many as the RPC
    server's executor, so that every batch it runs at once finds room."""
    return CONF.executor_thread_pool_size


def split(messages):
    """(the messages to run in turn on the batch's thread, those to run
    side by side): by the type of the row each step acts on, as read ahead
    (a step whose row was not read ahead runs in turn)."""
    in_turn, apart = [], []
    for msg in messages:
        (apart if _slow(msg) else in_turn).append(msg)
    if len(apart) == 1:   # nothing to overlap with
        return messages, []
    return in_turn, apart


def _slow(msg):
    row = read_ahead.row_of(msg)
    if row is None:
        return False
    definition = getattr(msg, 'definition', None)
    type_name = definition.type if definition is not None else row.type
    nested = definition.nested_template if definition is not None else row.nested_template
    try:
        return registry.get(type_name, nested_template=nested).slow_calls
    except Exception:   # an unknown type: its step says so, in turn
        return False


def start(messages, handle):
    """Run ``handle(msg)`` for each of ``messages`` on the pool, with this
    thread's request context, what it read ahead, and the list its batch
    concludes together; the futures, for ``wait``."""
    ctxt = oslo_context.get_current()
    found = read_ahead.shared()
    collected = together.current()

    def run(msg):
        if ctxt is not None:
            ctxt.update_store()
        read_ahead.sharing(found)
        try:
            with together.joining(collected), continuation.running_batch():
                handle(msg)
        finally:
            read_ahead.sharing(None)
    pool = _get_pool()
    return [pool.submit(run, msg) for msg in messages]


def wait(futures):
    """Wait until every step of ``futures`` has run (``handle`` guards its
    own errors; one that escapes is logged here)."""
    for future in concurrent.futures.as_completed(futures):
        exc = future.exception()
        if exc is not None:
            LOG.error('a step run side by side raised %s: %s', type(exc).__name__, exc)


def _get_pool():
    global _pool
    with _lock:
        if _pool is None:
            _pool = concurrent.futures.ThreadPoolExecutor(
                max_workers=threads(), thread_name_prefix='side-by-side')
        return _pool
