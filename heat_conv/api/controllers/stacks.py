"""Stacks: list, create, show, update, delete, and name-only lookups."""
from urllib import parse

from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import secrets
from heat_conv.api import stack_input
from heat_conv.api import stack_listing
from heat_conv.api import stack_lookup
from heat_conv.api.views import links
from heat_conv.api.views import stacks as stack_views
from heat_conv.common import exception
from heat_conv.common import policy
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.stacks import stored_template


def _redacted(row, summary):
    # A failure reason may quote a hidden parameter's value. Only a stack
    # with a reason pays for the lookup (cached per stored template).
    if not row.status_reason:
        return summary
    return secrets.redact(summary, secrets.stack_hidden_values(row))


def _created(req, stack):
    """201 naming the new stack, in the body and (as Heat does) in Location."""
    resp = responses.json_response({'stack': stack_views.identity(req, stack)},
                                   status=201)
    resp.location = links.stack_url(req, stack)
    return resp


class StackController:

    def index(self, req, ctx, tenant_id):
        listing = stack_listing.Listing(req)
        tenant = ctx.project_id
        if listing.global_tenant:
            policy.authorize(ctx, 'stacks:global_index')
            tenant = None
        rows, count = listing.run(tenant)
        descriptions = db_api.raw_template_descriptions(
            stored_template.raw_template_id(row) for row in rows)
        body = {'stacks': [
            _redacted(row, stack_views.summary(
                req, row, descriptions.get(stored_template.raw_template_id(row)),
                include_project=listing.global_tenant))
            for row in rows]}
        if count is not None:
            body['count'] = count
        return responses.json_response(body)

    def create(self, req, ctx, tenant_id):
        body = request_body.json_object(req)
        name = stack_input.stack_name(body)
        if body.get('adopt_stack_data'):
            return self._adopt(req, ctx, name, body)
        wanted = stack_input.parse(body)
        stack = engine_api.create_stack(
            ctx, name, wanted.template, params=wanted.params, files=wanted.files,
            environment=wanted.environment, timeout=wanted.timeout,
            disable_rollback=wanted.disable_rollback, tags=wanted.tags,
            auto_heal=wanted.auto_heal)
        return _created(req, stack)

    def _adopt(self, req, ctx, name, body):
        """A create that takes over the objects of an abandon document."""
        data = engine_api.parse_adopt_data(body['adopt_stack_data'])
        wanted = stack_input.parse(body, template_required=False)
        stack = engine_api.adopt_stack(
            ctx, name, data, params=wanted.params, files=wanted.files,
            environment=wanted.environment, timeout=wanted.timeout,
            disable_rollback=wanted.disable_rollback, tags=wanted.tags)
        return _created(req, stack)

    def lookup(self, req, ctx, tenant_id, stack_name, path=None):
        """302 from a name-only (or id-only) path to the canonical one."""
        stack = stack_lookup.find(ctx, stack_name)
        # Under the caller's project: an administrator finds another
        # project's stack by id, and follows the redirect with a token of
        # the admin's project.
        location = links.stack_url(req, stack, tenant=ctx.project_id)
        if path:
            location += '/' + '/'.join(parse.quote(segment, safe='')
                                       for segment in path.split('/'))
        if req.query_string:
            location += '?' + req.query_string
        return responses.redirect(location)

    def lookup_arn(self, req, ctx, tenant_id, arn):
        """302 from a stack's ARN (and a path within it) to its canonical URL."""
        stack, rest = stack_lookup.from_arn(ctx, arn)
        location = links.stack_url(req, stack) + '/'.join(
            parse.quote(segment, safe='') for segment in rest.split('/'))
        if req.query_string:
            location += '?' + req.query_string
        return responses.redirect(location)

    def show(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        resolve_outputs = query.boolean(req, 'resolve_outputs', True)
        if stack.action == 'DELETE' and stack.status == 'COMPLETE':
            resolve_outputs = False    # as in Heat: a deleted stack has no outputs
        bound = stored_template.bound(stack)
        outputs = None
        if resolve_outputs:
            outputs = []
            if bound is not None and bound.outputs():
                refs, attrs = stored_template.output_data(stack, bound)
                outputs = stored_template.outputs(bound, refs, attrs)
        description = bound.description if bound is not None else None
        body = stack_views.detail(req, stack, description,
                                  stored_template.display_parameters(stack, bound),
                                  outputs)
        return responses.json_response({'stack': body})

    def update(self, req, ctx, tenant_id, stack_name, stack_id):
        return self._update(req, ctx, stack_name, stack_id, existing=False)

    def update_patch(self, req, ctx, tenant_id, stack_name, stack_id):
        return self._update(req, ctx, stack_name, stack_id, existing=True)

    def _update(self, req, ctx, stack_name, stack_id, existing):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        body = request_body.json_object(req)
        wanted = stack_input.parse(body, template_required=not existing, defaults=False)
        if existing:
            wanted = stack_input.for_patch(wanted)
        else:
            if wanted.clear_parameters:
                raise exception.Invalid('clear_parameters applies to PATCH updates only '
                                        '(openstack stack update --existing)')
            wanted = stack_input.for_put(wanted)
        engine_api.update_stack(
            ctx, stack.id, template=wanted.template, params=wanted.params,
            files=wanted.files, environment=wanted.environment, existing=existing,
            timeout=wanted.timeout, disable_rollback=wanted.disable_rollback,
            tags=wanted.tags, converge=wanted.converge, auto_heal=wanted.auto_heal,
            clear_parameters=wanted.clear_parameters)
        return responses.empty(202)

    def delete(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        engine_api.delete_stack(ctx, stack.id)
        return responses.empty(204)
