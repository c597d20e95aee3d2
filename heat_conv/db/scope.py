"""One transaction for a piece of work that calls the query layer many times.

Every query-layer function opens its own transaction. Inside
``atomically(work)`` they all join one instead, so a step's writes cost
one COMMIT (and, on a disk that syncs, one fsync) instead of one each.
What must wait for the commit does: ``after_commit(fn)`` (messages that
announce the writes) runs once the transaction is committed, and never if
it is rolled back; ``on_rollback(fn)`` undoes in-memory state that mirrored
a write the rollback took back. Rows that many pieces of the work add to
one table (their events) can wait for the end too: ``before_commit_all``
inserts them with one statement, in the transaction, just before it
commits.

A deadlock (or another transient error) rolls back the whole transaction,
so the work is run again from its start, after its in-memory effects have
been undone; inside a scope the query layer's own per-statement retries
stand aside (``retrying``), as retrying one statement of a rolled-back
transaction would commit the rest of it half done.
"""
import contextlib
import logging
import random
import threading
import time

from oslo_db import exception as db_exc

LOG = logging.getLogger(__name__)

RETRIES = 10
PAUSE = (0.01, 0.05)   # seconds, grows with each attempt

_local = threading.local()


class _Scope:
    def __init__(self):
        self.transaction = None
        self.exit = contextlib.ExitStack()
        self.after = []
        self.batches = {}
        self.pending = {}   # before_commit_all: key -> [flush, items]
        self.undo = []
        self.ended = False   # committed early by commit_now


def current():
    return getattr(_local, 'scope', None)


def in_transaction():
    """Whether this thread's work runs in a transaction (``atomically``)."""
    return current() is not None


def transaction_for(begin):
    """The scope's transaction, begun with ``begin(exit_stack)`` on first use."""
    scope = current()
    if scope.transaction is None:
        scope.transaction = begin(scope.exit)
    return scope.transaction


def after_commit(fn):
    """Run ``fn`` once the current work's writes are committed (now, outside
    a scope)."""
    scope = current()
    if scope is None:
        fn()
    else:
        scope.after.append(fn)


def after_commit_batched(key, item, flush):
    """Like after_commit, for many items that are better handled together:
    ``flush(items)`` runs once after the commit with every item given under
    ``key`` in the current scope (at once, outside a scope)."""
    after_commit_all(key, [item], flush)


def after_commit_all(key, items, flush):
    """after_commit_batched for several items at once: outside a scope,
    ``flush(items)`` runs now, once for them all."""
    scope = current()
    if scope is None:
        flush(list(items))
        return
    batch = scope.batches.get(key)
    if batch is None:
        batch = scope.batches[key] = []
        scope.after.append(lambda: flush(scope.batches.pop(key)))
    batch.extend(items)


def before_commit_all(key, items, flush):
    """``flush(items)`` inside the current transaction, just before it
    commits, once for every item given under ``key`` in the scope (at
    once, outside a scope)."""
    scope = current()
    if scope is None:
        flush(list(items))
        return
    scope.pending.setdefault(key, [flush, []])[1].extend(items)


def flush_pending():
    """Run the current scope's before_commit_all flushes now (for a read
    that must see their rows)."""
    scope = current()
    while scope is not None and scope.pending:
        key = next(iter(scope.pending))
        flush, items = scope.pending.pop(key)
        flush(items)


def on_rollback(fn):
    """Run ``fn`` if the current scope's transaction is rolled back."""
    scope = current()
    if scope is not None:
        scope.undo.append(fn)


def commit_now():
    """Commit the current scope's writes so far and leave it: what follows
    runs in transactions of its own, and is not run again on a deadlock.
    For a commit point inside the work, such as a lock that must be
    durable before the action it guards begins. Nothing, outside a scope."""
    scope = current()
    if scope is None:
        return
    flush_pending()
    scope.exit.close()   # commits
    scope.ended = True
    scope.undo.clear()
    _local.scope = None
    after, scope.after = scope.after, []
    for fn in after:
        fn()


def atomically(work, transient=(db_exc.DBDeadlock,)):
    """``work()`` with every query-layer call in one transaction; its result.

    Joins the enclosing scope if there is one (that scope commits).
    """
    if current() is not None:
        return work()
    for attempt in range(RETRIES + 1):
        scope = _Scope()
        try:
            return _once(scope, work)
        except transient as exc:
            if attempt == RETRIES or scope.ended:
                raise
            LOG.debug('transaction met %s; running it again', type(exc).__name__)
            time.sleep(random.uniform(*PAUSE) * (attempt + 1))


def _once(scope, work):
    _local.scope = scope
    try:
        try:
            result = work()
            if not scope.ended:
                flush_pending()
        except BaseException as exc:
            if not scope.ended:
                scope.exit.__exit__(type(exc), exc, exc.__traceback__)
            raise
        if scope.ended:
            return result
        scope.exit.close()   # commits
    except BaseException:
        for undo in reversed(scope.undo):
            undo()
        raise
    finally:
        _local.scope = None
    for fn in scope.after:
        fn()
    return result
