"""What an unexpected error inside a step does: fail it, never strand it.

Every message a worker handles enters through one of these guards. An
error nobody expected (a plugin bug, the database refusing a connection)
must not leave a resource row locked by a live engine: the reaper frees
only the rows of dead engines, so such a stack would wait for its timeout,
or forever without one. The guard releases the row the step holds as
FAILED with the error as its reason, logs the traceback once, and lets the
traversal fail or roll back as any failed resource would.

One kind of error is not the step's fault: the database briefly refusing
work (no free connection, a dropped connection, a deadlock) before the
step has locked anything. Such a step has changed nothing, so failing the
whole stack for it would turn a second of overload into a failed
operation; the message is delivered again instead (``Redeliver``).
"""
import contextlib
import logging

import sqlalchemy.exc
from oslo_db import exception as db_exc

from heat_conv.common import acting_for
from heat_conv.common import exception
from heat_conv.common.status import Status
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import sync_point

LOG = logging.getLogger(__name__)


# ServiceUnavailable: the session's own retries of a busy database ran out.
TRANSIENT = (db_exc.DBConnectionError, db_exc.DBDeadlock, sqlalchemy.exc.TimeoutError,
             exception.ServiceUnavailable)


class Redeliver(Exception):
    """The message met a transient database error before it changed
    anything: deliver it again."""


def reason_for(exc):
    return f'{type(exc).__name__}: {exc}'


@contextlib.contextmanager
def guard_step(step, continue_traversal):
    """Run one step (start or resume); ``continue_traversal(result, step)``
    continues the traversal from the failed resource."""
    try:
        yield
    except Exception as exc:
        if isinstance(exc, TRANSIENT) and step.held is None and not step.acted:
            raise Redeliver(reason_for(exc)) from exc
        if isinstance(exc, acting_for.OwnershipLost):
            LOG.warning('step on resource %s of stack %s abandoned: %s', step.node[0],
                        step.stack_id, exc)
            if step.held is not None:
                _quietly(_hand_back, step, str(exc))
            return
        LOG.exception('step on resource %s of stack %s (traversal %s) failed',
                      step.node[0], step.stack_id, step.traversal_id)
        _fail_step(step, reason_for(exc), continue_traversal)


@contextlib.contextmanager
def guard_converge(stack_id, traversal_id):
    try:
        yield
    except TRANSIENT as exc:
        # Nothing of the traversal's graph was stored (one transaction):
        # the reaper starts a traversal whose graph is missing (its lost
        # converges), so a dropped connection (a partition, the session
        # ended by an engine that took this one for dead) fails nothing.
        LOG.warning('starting traversal %s of stack %s met a database error (%s); the '
                    'reaper will start it again', traversal_id, stack_id, reason_for(exc))
    except Exception as exc:
        LOG.exception('starting traversal %s of stack %s failed', traversal_id, stack_id)
        _quietly(stack_state.fail, stack_id, traversal_id, reason_for(exc))


def _fail_step(step, reason, continue_traversal):
    held = step.held
    if held is None:
        # Nothing locked: the step failed before acting, or after it let go.
        _quietly(stack_state.fail, step.stack_id, step.traversal_id,
                 f'Resource {step.name or step.node[0]} failed: {reason}')
        return
    result = _quietly(resource_action.release_failed, held, step, reason)
    if result is not None:
        _quietly(continue_traversal, result, step)


def _hand_back(step, reason):
    """A step that did not act because its engine may have lost the row:
    if the row was taken over, the write matches nothing and the other
    engine goes on; if the lock was won only after the takeover, nobody
    else will run the node, so it is released as a takeover releases a
    row (FAILED, not propagated) and its node started again."""
    row = step.held
    if resource_action.hand_back(row, step, {'status': Status.FAILED,
                                             'status_reason': reason}):
        for node in {row.id, step.node[0]}:
            sync_point.retrigger(step.stack_id, step.traversal_id, node)


def _quietly(func, *args):
    """Recording a failure may fail too (the database may still be down);
    then the reaper's stalled-traversal pass is what is left."""
    try:
        return func(*args)
    except Exception as exc:
        LOG.error('could not record the failure (%s): %s', func.__name__, reason_for(exc))
        return None
