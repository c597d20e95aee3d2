"""Event records: one per resource or stack status change, or drift finding.

The engine, the API's stack operations and the observer all write them.
Each names the request behind it: the request id and user of the context
current where it is written (the API request, or the message a worker is
handling, which carries the request's context).
"""
from oslo_context import context as oslo_context

from heat_conv.common.status import Action
from heat_conv.common.status import Status

STACK_TYPE = 'OS::Heat::Stack'


def requested_by():
    """{'request_id', 'user_id'} of the current request context, if any."""
    ctx = oslo_context.get_current()
    return {'request_id': getattr(ctx, 'request_id', None),
            'user_id': getattr(ctx, 'user_id', None)}


def for_resource(row, action, status, reason=None, physical_id=None):
    return {
        'stack_id': row.stack_id,
        'resource_name': row.name,
        'resource_type': row.type,
        'physical_resource_id': physical_id or row.physical_resource_id,
        'resource_action': action,
        'resource_status': status,
        'resource_status_reason': reason or _default_reason(action, status),
        **requested_by(),
    }


def for_stack(stack, action, status, reason=None):
    return {
        'stack_id': stack.id,
        'resource_name': stack.name,
        'resource_type': STACK_TYPE,
        'physical_resource_id': stack.id,
        'resource_action': action,
        'resource_status': status,
        'resource_status_reason': reason or _default_reason(action, status),
        **requested_by(),
    }


def _default_reason(action, status):
    return {
        Status.IN_PROGRESS: f'{action.capitalize()} started' if action != Action.CREATE
        else 'state changed',
        Status.COMPLETE: 'state changed',
    }.get(status, 'state changed')
