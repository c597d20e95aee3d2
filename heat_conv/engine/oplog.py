"""The engine log's lines for stack operations: one when a traversal
starts, one when it ends, at INFO.

Both name the stack and the traversal, so an operator can follow one
operation through the logs of every engine; the end gives how long it took
(from the moment the API started it) and what state its resources are in.
"""
import logging

from heat_conv.common import timeutils
from heat_conv.db import api as db_api

LOG = logging.getLogger(__name__)


def started(stack, traversal_id, converging, deleting):
    LOG.info('stack %s (%s): %s started, traversal %s: %d resources to converge, %d to '
             'delete', stack.id, stack.name, stack.action, traversal_id, converging, deleting)


def ended(stack, traversal_id, status, reason):
    """``stack``: the row as it was before it ended."""
    seconds = None
    if stack.traversal_started_at is not None:
        seconds = max(0.0, (timeutils.utcnow() - stack.traversal_started_at).total_seconds())
    counts = db_api.resource_state_counts(stack.id)
    summary = ', '.join(f'{n} {state}' for state, n in sorted(counts.items())) or 'none'
    LOG.info('stack %s (%s): %s %s in %s, traversal %s; resources: %s; %s', stack.id,
             stack.name, stack.action, status,
             'unknown time' if seconds is None else f'{seconds:.1f} s', traversal_id,
             summary, reason)


def superseded(stack, action, traversal_id):
    """``stack``'s running operation gave way to a new one (``action``)."""
    LOG.info('stack %s (%s): %s of traversal %s superseded by %s, traversal %s',
             stack.id, stack.name, stack.action, stack.current_traversal, action,
             traversal_id)
