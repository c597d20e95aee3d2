"""A stack's state changes told outside heat-conv: Heat's notifications and
the operations metric; and Heat's notifications of a scaling group's resize.

Every state change of a stack is recorded as one of its events (an
operation's start, its end, its failure); whoever records one hands the
same events here, and once they are committed each becomes:

- a notification, as Heat sends it (``heat_conv.common.notifier``):
  ``orchestration.stack.<action>.start`` for IN_PROGRESS, ``.end`` for
  COMPLETE, ``.error`` (at ERROR) for FAILED, with Heat's payload fields;
- a count in ``heat_conv_operations_started_total`` or
  ``heat_conv_operations_total{action, outcome}``.

A scaling group's resize is ``orchestration.autoscaling.start``, then
``.end`` or ``.error``: the payload of the group's stack, plus Heat's
``adjustment_type``, ``adjustment``, ``capacity``, ``groupname`` and
``message`` (``autoscaling``).

With notifications off (the ``noop`` driver, the default) nothing is
read: the only cost is the counter. With them on, each notification reads
its template's description (one statement per stack event, not per step).
"""
import logging

from oslo_context import context as oslo_context

from heat_conv.common import metrics
from heat_conv.common import notifier
from heat_conv.common import timeutils
from heat_conv.common.status import Status
from heat_conv.db import api as db_api

LOG = logging.getLogger(__name__)

SUFFIX = {Status.IN_PROGRESS: 'start', Status.COMPLETE: 'end'}   # else 'error'


def recorded(stack, stack_events, template_id=None):
    """``stack_events``: event records of ``stack`` itself (``events.
    for_stack``) written with its state change, in the current transaction
    if there is one; ``stack``: its row (or the values it was inserted
    with); ``template_id``: the template it converges onto, if not the
    row's."""
    changes = [(e['resource_action'], e['resource_status'], e['resource_status_reason'],
                e.get('user_id')) for e in stack_events]
    ctxt = oslo_context.get_current()
    db_api.after_commit(lambda: _committed(stack, changes, template_id, ctxt))


def _committed(stack, changes, template_id, ctxt):
    for action, status, _, _ in changes:
        if status == Status.IN_PROGRESS:
            metrics.OPERATIONS_STARTED.labels(action).inc()
        else:
            metrics.OPERATIONS.labels(action, status).inc()
    try:
        if not notifier.enabled():
            return
        description = _description(stack, template_id)
        for action, status, reason, user_id in changes:
            suffix = SUFFIX.get(status, 'error')
            notifier.notify(ctxt, f'stack.{action.lower()}.{suffix}',
                            payload(stack, action, status, reason, user_id, description),
                            error=suffix == 'error')
    except Exception:
        # The state change is committed; a notification that could not be
        # sent must not fail the step that made it.
        LOG.exception('could not send the notifications of stack %s',
                      _get(stack, 'id'))


def payload(stack, action, status, reason, user_id, description):
    """Heat's notification body (``format_notification_body``): its
    ``user_id`` is the user's name and ``user_identity`` the user's id."""
    return {
        'tenant_id': _get(stack, 'tenant'),
        'user_id': _get(stack, 'username'),
        'user_identity': user_id,
        'username': _get(stack, 'username'),
        'stack_identity': _get(stack, 'id'),
        'stack_name': _get(stack, 'name'),
        'state': f'{action}_{status}',
        'state_reason': reason,
        'create_at': timeutils.isotime(_get(stack, 'created_at')),
        'updated_at': timeutils.isotime(_get(stack, 'updated_at')),
        'description': description,
        'tags': _get(stack, 'tags'),
    }


def _description(stack, template_id=None):
    """The description of the template the stack converges onto; a delete
    converges onto none, and says the one it last reached (as Heat's
    stack, which keeps its template while it is deleted)."""
    ids = [template_id or _get(stack, 'raw_template_id'), _get(stack, 'prev_raw_template_id')]
    found = db_api.raw_template_descriptions(ids)
    return next((found[i] for i in ids if found.get(i)), None)


def _get(stack, name):
    if isinstance(stack, dict):
        return stack.get(name)
    return getattr(stack, name, None)


def autoscaling(group, suffix, message, capacity, adjustment_type=None, adjustment=None):
    """Group ``group`` (its row) begins (``suffix`` 'start') or ends ('end',
    'error') a resize to ``capacity`` members; sent once the current
    transaction commits, if notifications are on."""
    ctxt = oslo_context.get_current()

    def send():
        try:
            if not notifier.enabled():
                return
            stack = db_api.stack_get(group.stack_id)
            body = payload(stack, stack.action, stack.status, stack.status_reason,
                           _get(ctxt, 'user_id'), _description(stack))
            body.update(adjustment_type=adjustment_type, adjustment=adjustment,
                        capacity=capacity,
                        groupname=group.physical_resource_id or group.name,
                        message=message)
            notifier.notify(ctxt, f'autoscaling.{suffix}', body, error=suffix == 'error')
        except Exception:
            LOG.exception('could not send the notification of group %s', group.name)

    db_api.after_commit(send)
