"""A newer traversal takes a row that still waits on behalf of an older one.

Normally a step of a newer traversal leaves a busy row alone: the older
action's end re-drives the node (``sync_point.retrigger``). Two waits are
not worth sitting out, as in Heat:

- a stack-backed row waiting for its child stack: the new step updates or
  deletes the child instead, superseding the child's traversal (and so,
  level by level, every traversal below it);
- any row a node is about to delete: the object goes away anyway, so
  finishing its update or create first is only delay (Heat's delete stops
  the stack's workers). The cloud deletes an object mid-action.

Only a row that is *waiting* (``action_started_at`` set: its action has
been started and recorded) is taken; a step that is still running holds
its row and is never interrupted. Releasing is one compare-and-swap, so the
older action's report then matches nothing.
"""
from heat_conv.common import exception
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.plugin_interface import registry


def take_over(row, traversal_id, is_update, mode):
    """Release ``row`` to the step of ``traversal_id`` if that step may
    preempt its wait; True if the row was released."""
    if row.traversal_id == traversal_id or row.action_started_at is None:
        return False
    if mode != messages.Mode.DELETE and not (is_update and _stack_backed(row)):
        return False
    return resource_action.write(row, {'engine_id': None, 'action_started_at': None,
                                       'wait_until': None},
                                 engine_id=row.engine_id)


def _stack_backed(row):
    try:
        return registry.get(row.type, nested_template=row.nested_template).stack_backed
    except exception.HeatConvException:
        return False
