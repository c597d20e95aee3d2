"""Suspend and resume of a stack-backed resource: its child stack's.

As in Heat, suspending a template resource, an OS::Heat::Stack or a
group suspends its child stack, whose traversal suspends the child's
resources (in reverse dependency order, and their own children in turn);
the resource's step waits for the child's end like any slow action
(``nested``'s Pending, ended by ``parent_link``'s report).
"""
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine import messages
from heat_conv.engine import rpc
from heat_conv.engine import stack_state
from heat_conv.resources import base

BEGIN_ATTEMPTS = 5


def start(row, action):
    """Begin ``action`` (SUSPEND or RESUME) on ``row``'s child stack; the
    outcome: Pending until the child ends, Done if it is there already."""
    child = _live_child(row.physical_resource_id)
    if child is None:
        return base.Failed(f'Cannot {action.lower()} {row.name}, stack not created')
    for _ in range(BEGIN_ATTEMPTS):
        if (child.action, child.status) == (action, Status.COMPLETE):
            return base.Done(child.id)
        traversal_id = stack_state.begin(child, action, child.raw_template_id, cast=False)
        if traversal_id is not None:
            return base.Pending(child.id, then=_cast(child.id, traversal_id))
        child = db_api.stack_get(child.id)
    return base.Failed(f'The nested stack {child.id} keeps changing')


def _cast(child_id, traversal_id):
    # Only once the parent's wait is recorded, so the child's end finds it.
    def cast_child():
        rpc.cast(messages.Converge(child_id, traversal_id))
    return cast_child


def _live_child(child_id):
    if not child_id:
        return None
    try:
        child = db_api.stack_get(child_id)
    except exception.StackNotFound:
        return None
    return None if child.deleted_at is not None or child.action == Action.DELETE else child
