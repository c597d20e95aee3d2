"""Suspend and resume: what the API asks, run in its process.

Each starts a traversal like any other operation (one compare-and-swap of
the traversal id, then a ``converge`` cast); state_action says what each
graph node does to its resource.
"""
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_operations
from heat_conv.engine.core import stack_scope
from heat_conv.engine.core import stack_state


def suspend_stack(ctx, stack_id):
    return _begin(ctx, stack_id, Action.SUSPEND)


def resume_stack(ctx, stack_id):
    return _begin(ctx, stack_id, Action.RESUME)


def _begin(ctx, stack_id, action):
    stack = stack_scope.live_stack(ctx, stack_id)
    if (stack.action, stack.status) == (action, Status.COMPLETE):
        return stack   # as in Heat: already there, nothing to do
    if stack.status == Status.IN_PROGRESS:
        raise exception.ActionInProgress(stack.name, stack.action)
    if stack.action == Action.DELETE or stack.raw_template_id is None:
        raise exception.ActionNotAllowed(
            f'Stack {stack.name} is deleted and cannot {action.lower()}')
    if stack_state.begin(stack, action, stack.raw_template_id, ctx=ctx) is None:
        raise exception.Conflict('The stack changed; try again')
    return db_api.stack_get(stack.id)


check_not_suspended = stack_operations.check_not_suspended
