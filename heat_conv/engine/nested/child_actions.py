"""Suspend and resume of a stack-backed resource: its child stack's.

As in Heat, suspending a template resource, an OS::Heat::Stack or a
group suspends its child stack, whose traversal suspends the child's
resources (in reverse dependency order, and their own children in turn);
the resource's step waits for the child's end like any slow action
(``nested``'s Pending, ended by ``parent_link``'s report).
"""
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.engine.nested import nested
from heat_conv.plugin_interface import base


def start(row, action):
    """Begin ``action`` (SUSPEND or RESUME) on ``row``'s child stack; the
    outcome: Pending until the child ends, Done if it is there already."""
    child = nested.live_child(row.physical_resource_id)
    if child is None or child.action == Action.DELETE:
        return base.Failed(f'Cannot {action.lower()} {row.name}, stack not created')
    if (child.action, child.status) == (action, Status.COMPLETE):
        return base.Done(child.id)
    return nested.begin(child, action, child.raw_template_id, None)
