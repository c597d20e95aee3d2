"""How a traversal ends: the stack's completion, failure and rollback."""
import logging
import uuid

from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import events
from heat_conv.engine import rpc

LOG = logging.getLogger(__name__)


def complete(stack_id, traversal_id):
    """The last root of ``traversal_id`` finished: the stack reached its target."""
    stack = db_api.stack_get(stack_id)
    if stack.current_traversal != traversal_id:
        return False
    values = {'status': 'COMPLETE',
              'status_reason': f'Stack {stack.action} completed successfully'}
    if stack.action == 'CHECK':
        failed = db_api.resources_failed_in(stack_id, traversal_id)
        if failed:
            values = {'status': 'FAILED', 'status_reason': 'Resource CHECK failed: ' +
                      '; '.join(f'{r.name}: {r.status_reason}' for r in failed)}
    elif stack.action == 'DELETE':
        values.update(deleted_at=timeutils.utcnow(), live_name=None)
    elif stack.action in ('CREATE', 'UPDATE', 'ROLLBACK'):
        # The rollback target from now on is what the stack just reached.
        values['prev_raw_template_id'] = stack.raw_template_id
    if not db_api.stack_update(stack_id, values,
                               expected={'current_traversal': traversal_id}):
        return False
    db_api.events_add([events.for_stack(stack, stack.action, values['status'],
                                        values['status_reason'])])
    purge(stack_id)
    return True


def purge(stack_id, keep_traversal=None):
    """Drop what finished traversals leave: graph, sync points, deleted rows."""
    db_api.traversal_purge(stack_id, keep_traversal)
    db_api.resources_purge_deleted(stack_id)


def fail(stack_id, traversal_id, reason):
    """A step of ``traversal_id`` failed: fail the stack and maybe roll back.

    The stack moves to a new traversal id (the rollback's, or one with no
    graph), so every other step of the failed traversal stops where it is.
    Failing into a rollback is one write, so nobody sees the stack FAILED
    and then, a moment later, rolling back.
    """
    stack = db_api.stack_get(stack_id)
    if stack.current_traversal != traversal_id:
        return False
    failed_event = events.for_stack(stack, stack.action, 'FAILED', reason)
    if stack.action in ('CREATE', 'UPDATE') and not stack.disable_rollback:
        return begin(stack, 'ROLLBACK', stack.prev_raw_template_id,
                     expected_traversal=traversal_id,
                     reason=f'{reason}; rolling back',
                     prior_events=[failed_event]) is not None
    values = {'status': 'FAILED', 'status_reason': reason,
              'current_traversal': str(uuid.uuid4())}
    if not db_api.stack_update(stack_id, values,
                               expected={'current_traversal': traversal_id}):
        return False
    db_api.events_add([failed_event])
    return True


def begin(stack, action, template_id, expected_traversal=False, reason=None,
          extra=None, prior_events=()):
    """Supersede whatever traversal is running with a new one.

    One compare-and-swap write of the traversal id is all it takes: steps of
    the old traversal stop when they see it. Returns the new traversal id, or
    None when the stack changed under us.
    """
    traversal_id = str(uuid.uuid4())
    values = dict({'observe_reality': False}, **(extra or {}))
    values.update(action=action, status='IN_PROGRESS',
                  status_reason=reason or f'Stack {action} started',
                  current_traversal=traversal_id, raw_template_id=template_id,
                  traversal_started_at=timeutils.utcnow())
    expected = {'current_traversal': (stack.current_traversal
                                      if expected_traversal is False
                                      else expected_traversal)}
    if not db_api.stack_update(stack.id, values, expected=expected):
        return None
    db_api.events_add(list(prior_events) + [
        events.for_stack(stack, action, 'IN_PROGRESS', values['status_reason'])])
    rpc.cast('converge', stack_id=stack.id, traversal_id=traversal_id)
    return traversal_id


def stop(stack, reason):
    """End the running traversal where it is, without rolling back."""
    values = {'status': 'FAILED', 'status_reason': reason,
              'current_traversal': str(uuid.uuid4())}
    if not db_api.stack_update(stack.id, values,
                               expected={'current_traversal': stack.current_traversal}):
        return False
    db_api.events_add([events.for_stack(stack, stack.action, 'FAILED', reason)])
    return True
