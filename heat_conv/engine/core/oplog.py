"""The engine log's lines for stack operations: one when a traversal
starts, one when it ends, at INFO.

Both name the stack and the traversal, so an operator can follow one
operation through the logs of every engine; the start gives where the
time before the first steps went (a big stack's graph is bound and stored
before any step), the end how long it took (from the moment the API
started it) and what state its resources are in.
"""
import datetime
import logging
import typing

from heat_conv.common import timeutils
from heat_conv.db import api as db_api

LOG = logging.getLogger(__name__)


class Start(typing.NamedTuple):
    """What starting a traversal took, in seconds of this engine's time."""
    nodes: int
    leaves: int
    read_and_bound: float   # the stack, its target template, bound
    stored: float           # its rows read, the graph planned and stored
    cast: float             # the leaves' steps cast


def started(stack, traversal_id, converging, deleting, start):
    """``start``: where the time before the first step went. The line also
    says how long after the API began the traversal (its compare-and-swap,
    once the request was validated) the first steps were cast: with the
    request's own time in the API's access log, what a superseding update
    waits before the new traversal acts, less the first step itself."""
    LOG.info('stack %s (%s): %s started, traversal %s: %d resources to converge, %d to '
             'delete%s', stack.id, stack.name, stack.action, traversal_id, converging,
             deleting, _start_costs(stack, start))


def _start_costs(stack, start):
    since = ''
    if stack.traversal_started_at is not None:
        cast_at = timeutils.utcnow() - datetime.timedelta(seconds=start.cast)
        since = ', %.0f ms after the API began it' % max(0.0, 1000 * (
            cast_at - stack.traversal_started_at).total_seconds())
    return ('; %d graph nodes: stack and template read and bound in %.0f ms, graph '
            'stored in %.0f ms, %d %s cast in %.0f ms%s' % (
                start.nodes, 1000 * start.read_and_bound, 1000 * start.stored,
                start.leaves, 'leaf' if start.leaves == 1 else 'leaves',
                1000 * start.cast, since))


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
