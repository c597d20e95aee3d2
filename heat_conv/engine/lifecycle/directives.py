"""What a resource's template and environment prescribe before a step
changes it: ``external_id`` and ``restricted_actions``, as in Heat.

A resource with ``external_id`` is never built: its step takes over the
named object (adoption) and, later, leaves it alone while the id stays
the same (its deletion policy is Retain, so it is never deleted either).
A change the environment restricts fails with Heat's reason, leaving the
resource as it was.
"""
from heat_conv.common import events
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine.core import decision
from heat_conv.engine.core import messages
from heat_conv.engine.core import stack_state
from heat_conv.engine.lifecycle import adoption

# Where a resource adopted for its external_id keeps that id (its data):
# a later definition without it is a change Heat refuses.
EXTERNAL_ID = 'external_id'

# The change each restriction forbids.
_RESTRICTS = {decision.Change.UPDATE: 'update', decision.Change.REPLACE: 'replace'}


def take_over(row, step, mode, definition, plugin, record_noop, continue_traversal):
    """Adopt the resource's object, in a stack adopt (``mode`` ADOPT) or for
    its ``external_id``; False when neither applies."""
    wanted = definition.external_id
    if mode == messages.Mode.ADOPT:
        if (result := adoption.run(row, step, plugin)) is not None:
            continue_traversal(result, step, plugin)
        return True
    had = (row.rsrc_data or {}).get(EXTERNAL_ID)
    if wanted is None and had is None:
        return False
    if wanted is not None and row.action in (Action.INIT, Action.ADOPT) and \
            row.physical_resource_id in (None, wanted):
        plugin.data[EXTERNAL_ID] = wanted
        if (result := adoption.run(row, step, plugin, physical_id=wanted)) is not None:
            continue_traversal(result, step, plugin)
    elif wanted is None or row.physical_resource_id != wanted:
        # Heat refuses any change of the id, its removal included.
        refuse(row, step, f'Update to property external_id of {row.name} '
                          f'({definition.type}) is not supported.', 'NotSupported')
    else:
        record_noop(row, step, definition)   # as in Heat: nothing to update
    return True


def restricted(row, step, definition, change):
    """Refuse ``change`` if the environment restricts it; True when refused."""
    action = _RESTRICTS.get(change)
    if action is None or action not in (definition.restricted_actions or ()):
        return False
    refuse(row, step, f'{action} is restricted for resource.', 'ResourceActionRestricted')
    return True


def refuse(row, step, reason, error):
    """Fail the traversal for ``reason`` without touching the resource, which
    keeps its state; the reason is the resource's UPDATE_FAILED event, and
    the stack's is Heat's, with the error's type and the resource's path."""
    db_api.events_add([events.for_resource(row, Action.UPDATE, 'FAILED', reason,
                                           row.physical_resource_id)])
    stack_state.fail(step.stack_id, step.traversal_id,
                     f'Resource UPDATE failed: {error}: resources.{row.name}: {reason}')
