"""A stack's traversals: how one begins (superseding the last), ends in
completion, failure or rollback, or is stopped; and auto-heal."""
import logging
import uuid

from heat_conv.clients import stack_users
from heat_conv.clients import trusts
from heat_conv.common import events
from heat_conv.common import limits
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import oplog
from heat_conv.engine.core import reasons
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_notifications

LOG = logging.getLogger(__name__)


def complete(stack_id, traversal_id):
    """The last root of ``traversal_id`` finished: the stack reached its target."""
    stack = db_api.stack_get(stack_id)
    if stack.current_traversal != traversal_id:
        return False
    values = {'status': Status.COMPLETE,
              'status_reason': f'Stack {stack.action} completed successfully'}
    if stack.action == Action.CHECK:
        failed = db_api.resources_failed_in(stack_id, traversal_id)
        if failed:
            values = {'status': Status.FAILED, 'status_reason': 'Resource CHECK failed: ' +
                      '; '.join(reasons.with_path(r.name, r.status_reason or '')
                                for r in failed)}
    elif stack.action == Action.DELETE:
        values.update(deleted_at=timeutils.utcnow(), live_name=None)
    elif stack.action in (Action.CREATE, Action.UPDATE, Action.ROLLBACK, Action.ADOPT,
                          Action.RESTORE):
        # The rollback target from now on is what the stack just reached.
        values['prev_raw_template_id'] = stack.raw_template_id
    if stack.action == Action.SNAPSHOT:
        # Before the stack says SNAPSHOT_COMPLETE: whoever sees that may
        # restore the snapshot at once (Heat's own tests do).
        extensions.notify(extensions.TRAVERSAL_ENDED, stack_id, traversal_id,
                          values['status'], values['status_reason'], key=stack.action)
    # Only the first completion counts: a re-driven last step must not
    # complete the stack twice.
    if not db_api.stack_update(stack_id, values,
                               expected={'current_traversal': traversal_id,
                                         'status': Status.IN_PROGRESS}):
        return False
    record(stack, [events.for_stack(stack, stack.action, values['status'],
                                     values['status_reason'])])
    # The last step's writes commit first: the stack reads COMPLETE at once,
    # instead of after the purge (a 10,000-resource update leaves some
    # 60,000 graph rows and 20,000 events: seconds of deletes).
    db_api.after_commit(lambda: _after_completion(stack, traversal_id, values))
    _ended(stack, values)
    return True


def _after_completion(stack, traversal_id, values):
    """The purge, then the log line, whose resource counts are the stack's
    rows as they stand (without the deleted ones purged); a deleted stack's
    trust and stack user project go too."""
    if stack.action == Action.DELETE and stack.trust_id:
        trusts.delete(stack.trust_id)
    if stack.action == Action.DELETE and stack.stack_user_project_id:
        stack_users.delete_project(stack.stack_user_project_id)
    try:
        purge(stack.id)
        oplog.ended(stack, traversal_id, values['status'], values['status_reason'])
    except Exception:
        # The stack has completed, and an error must not reach the step's
        # guard, which would fail it; what a failed purge leaves is garbage
        # that the next traversal to complete purges with its own.
        LOG.exception('after stack %s completed, purging what its traversals left '
                      'failed; the next one to complete purges it', stack.id)


def _ended(stack, values):
    """A child stack's end resumes its parent resource's step."""
    if stack.owner_id is not None:
        for key, value in values.items():
            setattr(stack, key, value)
        extensions.service(extensions.CHILD_STACKS).stack_ended(stack)


def purge(stack_id, keep_traversal=None):
    """Drop what finished traversals leave: graph, sync points, deleted rows,
    and the events past max_events_per_stack (oldest first)."""
    db_api.traversal_purge(stack_id, keep_traversal)
    db_api.resources_purge_deleted(stack_id)
    purge_events(stack_id)


def purge_events(stack_id):
    # At the end of a traversal rather than per event: a step's cost must not
    # grow with the stack's history.
    if limits.CONF.max_events_per_stack > 0:
        db_api.events_purge_oldest(stack_id, limits.CONF.max_events_per_stack)


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
    failed_event = events.for_stack(stack, stack.action, Status.FAILED, reason)
    if stack.action in (Action.CREATE, Action.UPDATE) and not stack.disable_rollback:
        if begin(stack, Action.ROLLBACK, stack.prev_raw_template_id,
                 expected_traversal=traversal_id, reason=f'{reason}; rolling back',
                 prior_events=[failed_event]) is None:
            return False
        oplog.ended(stack, traversal_id, Status.FAILED, f'{reason}; rolling back')
        return True
    values = {'status': Status.FAILED, 'status_reason': reason,
              'current_traversal': str(uuid.uuid4())}
    if not db_api.stack_update(stack_id, values,
                               expected={'current_traversal': traversal_id}):
        return False
    record(stack, [failed_event])
    if stack.action == Action.SNAPSHOT:
        extensions.notify(extensions.TRAVERSAL_ENDED, stack_id, traversal_id,
                          Status.FAILED, reason, key=stack.action)
    purge_events(stack_id)
    oplog.ended(stack, traversal_id, Status.FAILED, reason)
    _ended(stack, values)
    return True


def create(values, template_id, ctx=None, cast=True, action=Action.CREATE,
           resources=None):
    """Insert a new stack already converging onto ``template_id``.

    The row, its traversal id and its first event (and ``resources``, the
    rows an adopt takes over) commit together, so a process that dies at
    any point leaves either no stack or one the reaper restarts if the
    ``converge`` cast was lost. ``ctx``: the request it is for.
    """
    traversal_id = str(uuid.uuid4())
    values = dict(values, action=action, status=Status.IN_PROGRESS,
                  status_reason=f'Stack {action} started', observe_reality=False,
                  current_traversal=traversal_id, raw_template_id=template_id,
                  traversal_started_at=timeutils.utcnow())
    values.setdefault('id', str(uuid.uuid4()))
    first = {'stack_id': values['id'], 'resource_name': values['name'],
             'resource_type': events.STACK_TYPE, 'physical_resource_id': values['id'],
             'resource_action': action, 'resource_status': Status.IN_PROGRESS,
             'resource_status_reason': values['status_reason'],
             **events.requested_by()}
    if resources is None:
        stack = db_api.stack_create(values, events=[first])
    else:
        stack = db_api.stack_create_with_resources(values, resources, events=[first])
    stack_notifications.recorded(stack, [first])
    if cast:
        rpc.cast(messages.Converge(stack.id, traversal_id), ctx)
    return stack


def begin(stack, action, template_id, expected_traversal=False, reason=None,
          extra=None, prior_events=(), ctx=None, cast=True, traversal_id=None):
    """Supersede whatever traversal is running with a new one.

    One compare-and-swap write of the traversal id is all it takes: steps of
    the old traversal stop when they see it. Returns the new traversal id, or
    None when the stack changed under us. ``ctx``: the request it is for
    (by default, the one this thread is handling); ``cast`` False leaves
    casting ``converge`` to the caller (a child stack's parent);
    ``traversal_id``: the new traversal's id (a snapshot's is the snapshot's).
    """
    traversal_id = traversal_id or str(uuid.uuid4())
    values = dict({'observe_reality': False}, **(extra or {}))
    values.update(action=action, status=Status.IN_PROGRESS,
                  status_reason=reason or f'Stack {action} started',
                  current_traversal=traversal_id, raw_template_id=template_id,
                  traversal_started_at=timeutils.utcnow())
    expected = {'current_traversal': (stack.current_traversal
                                      if expected_traversal is False
                                      else expected_traversal)}

    def supersede():
        # The new traversal id and its event commit together: one commit
        # (one fsync) before the converge is cast, instead of two.
        if not db_api.stack_update(stack.id, values, expected=expected):
            return False
        record(stack, list(prior_events) + [
            events.for_stack(stack, action, Status.IN_PROGRESS, values['status_reason'])],
            template_id)
        if cast:
            rpc.cast(messages.Converge(stack.id, traversal_id), ctx)
        return True

    if not db_api.atomically(supersede):
        return None
    if expected_traversal is False and stack.status == Status.IN_PROGRESS:
        oplog.superseded(stack, action, traversal_id)
    return traversal_id


def stop(stack, reason):
    """End the running traversal where it is, without rolling back."""
    values = {'status': Status.FAILED, 'status_reason': reason,
              'current_traversal': str(uuid.uuid4())}
    if not db_api.stack_update(stack.id, values,
                               expected={'current_traversal': stack.current_traversal}):
        return False
    record(stack, [events.for_stack(stack, stack.action, Status.FAILED, reason)])
    oplog.ended(stack, stack.current_traversal, Status.FAILED, reason)
    _ended(stack, values)
    return True


def record(stack, stack_events, template_id=None):
    """Write a stack's own events, and tell them (stack_notifications)."""
    db_api.events_add(stack_events)
    stack_notifications.recorded(stack, stack_events, template_id)


def heal(stack_id):
    """The observer found drift: converge an auto-heal stack from reality.

    Only a settled, healthy stack is healed; a failed one waits for its user,
    so a resource that cannot be repaired does not loop forever.
    """
    stack = db_api.stack_get(stack_id)
    if not stack.auto_heal or stack.deleted_at is not None:
        return None
    # A suspended stack stays as its user left it.
    if stack.status != Status.COMPLETE or stack.action in (Action.DELETE, Action.INIT,
                                                           Action.SUSPEND):
        return None
    return begin(stack, Action.UPDATE, stack.raw_template_id,
                 reason='Drift detected: converging from reality',
                 extra={'observe_reality': True})
