"""The steps of one batch concluded together, in one transaction.

A batch (rpc BATCH_SIZE steps to a message: a traversal's leaves, the
ends of actions the observer saw in one pass) is handled by one worker
thread, one step after another. Each step used to conclude alone: its row's
release, its events and its arrivals at its successors in a transaction of
its own. Concluded together, the batch's events go in one insert, its
arrivals at a node they share in one move of that node's counter
(arrivals_later), and the whole batch commits once.

Only the recording is deferred: each step has taken its row's lock (a
commit of its own, before its action began) and has its action's outcome
in hand, so running the transaction again after a deadlock repeats no
action. If the transaction fails for good, it is rolled back whole (none
of it remains, no message has left) and each step concludes alone, under
its own guard, as if together had never been tried. A worker that dies
before the commit leaves its rows locked by a dead engine: the reaper
takes them over, as it would after a death mid-step.
"""
import contextlib
import logging
import threading

from heat_conv.db import api as db_api
from heat_conv.engine.core import arrivals_later
from heat_conv.engine.core import boundary

LOG = logging.getLogger(__name__)

_local = threading.local()


@contextlib.contextmanager
def collecting():
    """Within this block, this thread's steps defer their conclusion to the
    list it yields, for ``conclude``."""
    collected = []
    _local.collected = collected
    try:
        yield collected
    finally:
        _local.collected = None


def current():
    """The list this thread's steps defer to, for other threads that run
    some of its batch's steps (``joining``); None outside ``collecting``."""
    return getattr(_local, 'collected', None)


@contextlib.contextmanager
def joining(collected):
    """Within this block, this thread's steps defer their conclusion to
    ``collected`` (another thread's ``current()``); appending to a list is
    atomic, so several threads may join one."""
    _local.collected = collected
    try:
        yield
    finally:
        _local.collected = None


def later(step, work, continue_traversal):
    """Defer ``work`` (a step's conclusion: the recording of its outcome
    and what follows, one transaction's worth) if a batch is collecting
    them, outside any transaction; True when deferred."""
    collected = getattr(_local, 'collected', None)
    if collected is None or db_api.in_transaction():
        return False
    collected.append((step, work, continue_traversal))
    return True


def conclude(collected):
    """Run every deferred conclusion of ``collected`` in one transaction,
    or each in its own if that fails."""
    if not collected:
        return
    if len(collected) > 1:
        try:
            with arrivals_later.collecting():
                db_api.atomically(lambda: [work() for _, work, _ in collected])
            return
        except Exception as exc:
            LOG.info('%d steps could not conclude together (%s: %s); '
                     'concluding each alone', len(collected), type(exc).__name__, exc)
    for step, work, continue_traversal in collected:
        with boundary.guard_step(step, continue_traversal):
            db_api.atomically(work)
