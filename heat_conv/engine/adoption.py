"""One resource's step in an adopt: take over the object its row names.

The row was inserted with the object's id (stack_adopt). The step asks
the plugin whether the object is there and records the template's
properties, ADOPT_COMPLETE; it never creates anything, so redelivering
the step, or restarting it after its engine died, is harmless.
"""
from heat_conv.common.status import Action
from heat_conv.engine import resource_action
from heat_conv.resources import base


def run(row, step, plugin, physical_id=None):
    """Adopt ``row``'s object, or ``physical_id`` (with ``plugin`` at the
    template's properties); the step's Result, or None when another writer
    took the row first."""
    physical_id = physical_id or row.physical_resource_id
    if resource_action.lock(row, step, Action.ADOPT) is None:
        return None
    if not physical_id:
        outcome = base.Failed('Resource ID was not provided.')
    else:
        plugin.physical_id = physical_id
        outcome = plugin.adopt()
    return resource_action.settle(row, step, Action.ADOPT, plugin, outcome, started=True)
