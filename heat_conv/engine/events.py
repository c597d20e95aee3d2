"""Event records: one per resource or stack status change."""

STACK_TYPE = 'OS::Heat::Stack'


def for_resource(row, action, status, reason=None, physical_id=None):
    return {
        'stack_id': row.stack_id,
        'resource_name': row.name,
        'resource_type': row.type,
        'physical_resource_id': physical_id or row.physical_resource_id,
        'resource_action': action,
        'resource_status': status,
        'resource_status_reason': reason or _default_reason(action, status),
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
    }


def _default_reason(action, status):
    return {
        'IN_PROGRESS': f'{action.capitalize()} started' if action != 'CREATE'
        else 'state changed',
        'COMPLETE': 'state changed',
    }.get(status, 'state changed')
