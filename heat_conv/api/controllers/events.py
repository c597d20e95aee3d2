"""Events of a stack and of one of its resources."""
from heat_conv.api import nested_stacks
from heat_conv.api import query
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.api.status_filter import StatusFilter
from heat_conv.api.views import events as event_views
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.stacks import stored_template

_FILTERS = ('resource_action', 'resource_status', 'resource_name', 'resource_type')
# Events are ordered by when they happened; these keys all mean that.
_SORT_KEYS = ('event_time', 'created_at', 'id')


def _list(req, ctx, stack_name, stack_id, resource_name=None):
    stack = stack_lookup.identified(ctx, stack_name, stack_id)
    nested_depth = query.integer(req, 'nested_depth', 0)
    for key in query.comma_list(req, 'sort_keys') or []:
        if key not in _SORT_KEYS:
            raise exception.Invalid(f'Invalid sort key {key!r} for events; valid keys '
                                    'are: ' + ', '.join(_SORT_KEYS))
    sort_dir = query.choice(req, 'sort_dir', ('asc', 'desc'), 'asc')
    limit = query.integer(req, 'limit')
    marker = query.string(req, 'marker')
    filters = {key: query.strings(req, key) for key in _FILTERS if query.strings(req, key)}
    status_filter = None
    if 'resource_status' in filters:
        status_filter = StatusFilter(filters['resource_status'])
        filters['resource_status'] = status_filter.statuses
        if not status_filter.needs_narrowing:
            status_filter = None
    up_to = None
    if nested_depth and resource_name is None:
        # Cut at the newest event before finding the child stacks: a child
        # created meanwhile would otherwise be missing from this answer
        # while its parent's later events are in it, and a client polling
        # with the last event as marker would never see the child's first
        # events. A stack's row is written before its events, so every
        # event up to the cut belongs to a stack the tree below finds.
        up_to = db_api.event_newest_id()
    levels = nested_stacks.tree(stack, nested_depth) if resource_name is None else [stack]
    rows = []
    for level in levels:
        rows.extend((level, row) for row in db_api.event_list(
            level.id, resource_name=resource_name, filters=filters, sort_dir=sort_dir,
            limit=None if status_filter or len(levels) > 1 else limit,
            # Events are numbered in the order they happened, over all
            # stacks: a marker (any stack's event) cuts every level alike.
            marker=marker, up_to=up_to))
    if len(levels) > 1:
        # The tree's events in the order they happened, as one list.
        rows.sort(key=lambda pair: pair[1].id, reverse=sort_dir == 'desc')
    if status_filter:
        rows = [(level, row) for level, row in rows
                if status_filter.matches(row.resource_action, row.resource_status)]
    if limit is not None:
        rows = rows[:limit]
    return stack, rows


class EventController:

    def index(self, req, ctx, tenant_id, stack_name, stack_id):
        _, rows = _list(req, ctx, stack_name, stack_id)
        return responses.json_response(
            {'events': [event_views.event(req, level, row) for level, row in rows]})

    def index_for_resource(self, req, ctx, tenant_id, stack_name, stack_id,
                           resource_name):
        stack, rows = _list(req, ctx, stack_name, stack_id, resource_name)
        if not rows and not req.GET:
            names = {row.name for row in
                     db_api.resources_of_stack(stack.id, include_deleted=True)}
            if resource_name not in names:
                raise exception.ResourceNotFound(resource_name, stack.name)
        return responses.json_response(
            {'events': [event_views.event(req, level, row) for level, row in rows]})

    def _one(self, ctx, stack_name, stack_id, event_id, resource_name=None):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        row = db_api.event_get(stack.id, event_id)
        if resource_name is not None and row.resource_name != resource_name:
            raise exception.EventNotFound(event_id)
        return stack, row

    def show(self, req, ctx, tenant_id, stack_name, stack_id, resource_name, event_id):
        stack, row = self._one(ctx, stack_name, stack_id, event_id, resource_name)
        return self._detail(req, stack, row)

    def show_in_stack(self, req, ctx, tenant_id, stack_name, stack_id, event_id):
        stack, row = self._one(ctx, stack_name, stack_id, event_id)
        return self._detail(req, stack, row)

    def _detail(self, req, stack, row):
        type_name = None
        if row.resource_type:
            type_name = stored_template.DeclaredResources(stack).type_of(
                row.resource_name, row.resource_type)
        return responses.json_response({'event': event_views.event(
            req, stack, row, detail=True, type_name=type_name)})
