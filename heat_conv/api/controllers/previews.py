"""Dry runs: what a create would build, what an update would change."""
from heat_conv.api import create_preview
from heat_conv.api import nested_preview
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import secrets
from heat_conv.api import stack_input
from heat_conv.api import stack_lookup
from heat_conv.api import update_preview
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.stacks import stored_template


def _merged_with_stored(stack, wanted):
    """A PATCH's inputs completed from the stored target, exactly as
    ``update_stack(existing=True)`` will complete them."""
    wanted.template, wanted.files, wanted.environment, wanted.params = \
        engine_api.patch_inputs(stored_template.raw(stack), wanted.template,
                                      wanted.files, wanted.environment, wanted.params,
                                      wanted.clear_parameters)
    return wanted


def _heat_preview_error(exc):
    """A property reading a parameter the template does not declare, worded
    as Heat's preview words it (its path wrapped twice); other errors as
    they are."""
    name = getattr(exc, 'parameter', None)
    path = list(exc.path)
    if name is None or 'properties' not in path[:3]:
        return exc
    where = '.'.join(str(p) for p in path[:path.index('properties') + 2])
    return exception.Invalid(f'Property error: : {where}: : The Parameter ({name}) '
                             'was not provided.')


class PreviewController:

    def preview_create(self, req, ctx, tenant_id):
        body = request_body.json_object(req)
        name = stack_input.stack_name(body)
        wanted = stack_input.parse(body)
        try:
            tmpl, bound = engine_api.validate_template(
                wanted.template, wanted.files, wanted.environment, wanted.params,
                stack_name=name, stack_id='None', project_id=ctx.project_id, ctx=ctx)
        except exception.InvalidReference as exc:
            raise _heat_preview_error(exc) from None
        document = create_preview.stack_document(req, ctx, name, tmpl, bound, wanted)
        document['resources'] = create_preview.resources(bound, name, ctx.project_id)
        hidden = secrets.requested_hidden_values(tmpl.to_dict(),
                                                 tmpl.environment.to_dict(), wanted.params)
        return responses.json_response(secrets.redact({'stack': document}, hidden))

    def preview_update(self, req, ctx, tenant_id, stack_name, stack_id):
        return self._preview_update(req, ctx, stack_name, stack_id, existing=False)

    def preview_update_patch(self, req, ctx, tenant_id, stack_name, stack_id):
        return self._preview_update(req, ctx, stack_name, stack_id, existing=True)

    def _preview_update(self, req, ctx, stack_name, stack_id, existing):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        body = request_body.json_object(req)
        wanted = stack_input.parse(body, template_required=not existing, defaults=False)
        if existing:
            wanted = _merged_with_stored(stack, stack_input.for_patch(wanted))
        tmpl, bound = engine_api.validate_template(
            wanted.template, wanted.files, wanted.environment, wanted.params,
            stack_name=stack.name, stack_id=stack.id, project_id=stack.tenant,
            ctx=ctx)
        rows = db_api.resources_of_stack(stack.id, include_deleted=True)
        hidden = secrets.requested_hidden_values(tmpl.to_dict(),
                                                 tmpl.environment.to_dict(), wanted.params)
        nested = (nested_preview.previewer(bound)
                  if query.boolean(req, 'show_nested', False) else None)
        return responses.json_response(secrets.redact(
            {'resource_changes': update_preview.changes(stack, bound, rows, nested)}, hidden))

