"""A stack's resources: list, show, metadata, signals, and marking one unhealthy."""
from heat_conv.api import nested_stacks
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.api.status_filter import StatusFilter
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.stacks import resource_rows
from heat_conv.stacks import stored_template

# API filter -> how a row is compared.
_FILTERS = {
    'name': lambda row: row.name,
    'resource_name': lambda row: row.name,
    'type': lambda row: row.type,
    'resource_type': lambda row: row.type,
    'action': lambda row: row.action,
    'resource_action': lambda row: row.action,
    'id': lambda row: row.uuid,
    'physical_resource_id': lambda row: row.physical_resource_id,
}
_STATUS_FILTERS = ('status', 'resource_status')
_TYPE_FILTERS = ('type', 'resource_type')
_INDEX_PARAMETERS = frozenset({*_FILTERS, *_STATUS_FILTERS, 'nested_depth', 'with_detail'})


def _load(stack_id):
    """(every row, {name: shown row}, {name: required_by})."""
    rows = db_api.resources_of_stack(stack_id, include_deleted=True)
    shown = resource_rows.shown(rows)
    return rows, shown, resource_rows.required_by(rows, shown)


def _matches(row, filters, declared):
    for key, values in filters.items():
        if key in _STATUS_FILTERS:
            if not StatusFilter(values).matches(row.action, row.status):
                return False
        elif key in _TYPE_FILTERS:
            # The type as shown (an alias), or as stored, both match.
            if not {declared.type_of(row.name, row.type), row.type} & values:
                return False
        elif _FILTERS[key](row) not in values:
            return False
    return True


class ResourceController:

    def index(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        invalid = sorted(set(req.GET) - _INDEX_PARAMETERS)
        if invalid:
            raise exception.Invalid(f'Invalid filter parameters {invalid}')
        nested_depth = query.integer(req, 'nested_depth', 0)
        with_detail = query.boolean(req, 'with_detail')
        filters = {key: set(query.strings(req, key))
                   for key in (*_FILTERS, *_STATUS_FILTERS) if query.strings(req, key)}
        out = []
        for level in nested_stacks.tree(stack, nested_depth):
            _, shown, required_by = _load(level.id)
            declared = stored_template.DeclaredResources(level)
            children = nested_stacks.children_of(level, shown.values())
            out.extend(resource_views.resource(req, level, row, required_by[name],
                                               detail=with_detail, declared=declared,
                                               child=children.get(name))
                       for name, row in shown.items() if _matches(row, filters, declared))
        return responses.json_response({'resources': out})

    def _one(self, ctx, stack_name, stack_id, resource_name):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        _, shown, required_by = _load(stack.id)
        if resource_name not in shown:
            raise exception.ResourceNotFound(resource_name, stack.name)
        return stack, shown[resource_name], required_by[resource_name]

    def show(self, req, ctx, tenant_id, stack_name, stack_id, resource_name):
        stack, row, required_by = self._one(ctx, stack_name, stack_id, resource_name)
        body = resource_views.resource(req, stack, row, required_by, detail=True,
                                       with_attr=query.strings(req, 'with_attr'),
                                       declared=stored_template.DeclaredResources(stack),
                                       child=nested_stacks.children_of(stack, [row]).get(
                                           row.name))
        return responses.json_response({'resource': body})

    def metadata(self, req, ctx, tenant_id, stack_name, stack_id, resource_name):
        stack, row, _ = self._one(ctx, stack_name, stack_id, resource_name)
        return responses.json_response({'metadata': engine_api.metadata(
            stack.id, row) or row.rsrc_metadata or {}})

    def signal(self, req, ctx, tenant_id, stack_name, stack_id, resource_name):
        """Signal a resource: a wait condition handle, or a hook to clear."""
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        details = request_body.json_value(req)
        bound = stored_template.bound(stack)
        declared = bound.declared_type(resource_name) if bound is not None else None
        engine_api.signal(ctx, stack.id, resource_name, details,
                                 declared_type=declared)
        return responses.empty(200)

    def mark_unhealthy(self, req, ctx, tenant_id, stack_name, stack_id, resource_name):
        """CHECK_FAILED with the user's reason; the next update replaces it."""
        body = request_body.json_object(req)
        unknown = sorted(set(body) - {'mark_unhealthy', 'resource_status_reason'})
        if unknown:
            raise exception.Invalid(f'Invalid key {unknown[0]!r}; expected mark_unhealthy '
                                    'and resource_status_reason')
        unhealthy = body.get('mark_unhealthy')
        if not isinstance(unhealthy, bool):
            raise exception.Invalid('mark_unhealthy must be true or false')
        reason = body.get('resource_status_reason') or ''
        if not isinstance(reason, str):
            raise exception.Invalid('resource_status_reason must be a string')
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        engine_api.mark_resource_health(ctx, stack.id, resource_name, unhealthy, reason)
        return responses.empty(200)
