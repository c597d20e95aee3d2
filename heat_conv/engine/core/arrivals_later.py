"""Arrivals at a counted node, made together at the end of a transaction.

A node with several predecessors counts their arrivals on its sync point
row, and the arrival's UPDATE holds that row's lock until the transaction
commits. When one transaction ends several actions (together), their
arrivals at the same node (for independent resources, at the stack's
completion node) are better made as one: one insert of their inputs, one
move of the counter, just before the commit, so that the lock is held for
the commit alone and the counter moves once per batch instead of once per
resource. Whether the node became ready is known only then, so what its
readiness starts (the node's step, or the stack's completion) starts there.
"""
import contextlib
import functools
import threading

from heat_conv.db import api as db_api

_local = threading.local()


@contextlib.contextmanager
def collecting():
    """Within this block, this thread's arrivals at counted update nodes
    and at the stack's completion node wait for the end of its transaction
    (the caller's ``db_api.atomically``)."""
    _local.active = True
    try:
        yield
    finally:
        _local.active = False


def wanted(predecessors, requirer_id, requirer_is_update):
    """Whether an arrival at this node waits for the end of the transaction."""
    return (getattr(_local, 'active', False) and predecessors > 1
            and (requirer_id is None or requirer_is_update))


def arrive_later(stack_id, traversal_id, sync_point_id, requirer_id, sender, data,
                 record=True, ready=None):
    """Record, before the transaction commits, the arrival of ``sender``
    ((entity id, is_update)) at the sync point, with ``data`` (a dict or
    None); ``record`` False: a passed-through cleanup node's, which leaves
    no input (sync_point.passes_through). ``ready(stack_id, traversal_id,
    requirer_id)`` starts what the node's readiness starts."""
    db_api.before_commit_all(
        ('arrivals', sync_point_id), [(sender[0], sender[1], data, record)],
        functools.partial(_arrive, stack_id, traversal_id, sync_point_id, requirer_id, ready))


def _arrive(stack_id, traversal_id, sync_point_id, requirer_id, ready, senders):
    if db_api.sync_arrive_all(sync_point_id, stack_id, senders) == db_api.NOT_LAST:
        return
    ready(stack_id, traversal_id, requirer_id)
