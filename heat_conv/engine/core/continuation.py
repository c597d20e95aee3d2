"""A worker runs the next step of a traversal itself, without a message.

A step that ends makes some of its successors ready and casts a
``check_resource`` for each. Sent through the broker, each costs a publish,
a delivery and a thread hand-off, in CPU on both ends and in latency on
the traversal's critical path (a chain is all critical path). So the
first step a worker's handler makes ready is kept and run by the same
thread once the handler returns; the others are cast as before, for any
worker to take.

Nothing is lost by keeping it: it is kept only after the transaction that
made it ready has committed, exactly when it would have been cast, and a
worker that dies before running it leaves the same trace as one that died
before casting it (the node is ready and has not arrived at its
successors), which the reaper's re-drive finds. A stopping worker keeps
nothing: what it has kept and not started it casts for the other engines.
"""
import contextlib
import threading

from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

opts = [
    cfg.BoolOpt('continue_in_worker', default=True,
                help='A worker that finishes a step runs one of the steps it made ready '
                     'itself, instead of sending it through the message broker (the rest '
                     'are sent, for any worker). Saves a message per step on the '
                     'critical path of a traversal; false sends every step.'),
]
CONF.register_opts(opts, group='engine')

_local = threading.local()
_stopping = threading.Event()


def list_opts():
    return [('engine', opts)]


def handling():
    """Open this thread's slot while it handles a message (a context manager
    would hide the loop that runs what was kept)."""
    _local.kept = []


def done_handling():
    """The messages kept and not run, and the slot closed: for the caller to
    cast (a stop, or a handler that failed)."""
    kept = getattr(_local, 'kept', None) or []
    _local.kept = None
    return kept


def keep(message):
    """Keep ``message`` (a CheckResource) to run here; False when it must be
    sent: no handler runs in this thread, one is kept already, the worker
    is stopping or in the middle of a batch, or continuing is off."""
    kept = getattr(_local, 'kept', None)
    if (kept is None or kept or _stopping.is_set() or not CONF.engine.continue_in_worker
            or getattr(_local, 'in_batch', False)):
        return False
    kept.append(message)
    return True


@contextlib.contextmanager
def running_batch():
    """While this thread runs the steps of a batch, what they make ready
    goes to any worker: this one has the rest of the batch to run."""
    _local.in_batch = True
    try:
        yield
    finally:
        _local.in_batch = False


def stopping():
    """Whether the worker is stopping (it starts no more steps)."""
    return _stopping.is_set()


def next_kept():
    """The kept message to run next, or None. A stopping worker runs none."""
    kept = getattr(_local, 'kept', None)
    if not kept or _stopping.is_set():
        return None
    return kept.pop()


def stop():
    """The worker is stopping: keep nothing from now on."""
    _stopping.set()


def reset():
    """For tests: a worker that is not stopping."""
    _stopping.clear()
