"""The JSON shape of an event, as Heat's v1 API answers it."""
from heat_conv.api.views import links
from heat_conv.api.views.stacks import status
from heat_conv.common import timeutils


def event(req, stack, row, detail=False, type_name=None):
    """``type_name``: the resource type to show, if not the stored one."""
    name = row.resource_name
    out = {
        'id': row.uuid,
        'event_time': timeutils.isotime(row.created_at),
        'resource_name': name,
        'logical_resource_id': name,
        'physical_resource_id': row.physical_resource_id or '',
        'resource_status': status(row.resource_action, row.resource_status),
        'resource_status_reason': row.resource_status_reason or '',
        'links': [
            links.link(links.stack_url(req, stack, 'resources', name, 'events', row.uuid)),
            links.link(links.stack_url(req, stack, 'resources', name), 'resource'),
            links.link(links.stack_url(req, stack), 'stack'),
        ],
    }
    if stack.parent_resource_name:   # listed with nested_depth
        out['parent_resource'] = stack.parent_resource_name
    if detail:
        out['resource_type'] = type_name or row.resource_type
        out['resource_properties'] = row.resource_properties or {}
        # heat-conv's own: the request that caused it.
        out['request_id'] = row.request_id
        out['user_id'] = row.user_id
    return out
