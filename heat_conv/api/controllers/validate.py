"""``POST /validate``: check a template without creating anything."""
from heat_conv.api import nested_validate
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_input
from heat_conv.common import exception
from heat_conv.engine import api as engine_api

# Heat's error codes that ``ignore_errors`` may name: only a resource type
# whose service is unavailable.
IGNORABLE_ERRORS = (exception.ResourceTypeUnavailable.error_code,)


def _ignored_errors(req):
    codes = query.comma_list(req, 'ignore_errors') or []
    invalid = [code for code in codes if code not in IGNORABLE_ERRORS]
    if invalid:
        raise exception.Invalid(f'Invalid codes in ignore_errors : {invalid}')
    return set(codes)


class ValidateController:

    def validate(self, req, ctx, tenant_id):
        show_nested = query.boolean(req, 'show_nested')
        ignore_unavailable = bool(_ignored_errors(req))
        body = request_body.json_object(req)
        wanted = stack_input.parse(body)
        # The same checks whether or not every parameter has a value (as in
        # Heat); one without a value stands in with an empty value.
        tmpl, bound = engine_api.validate_template(
            wanted.template, wanted.files, wanted.environment, wanted.params,
            project_id=ctx.project_id, ignore_unavailable=ignore_unavailable,
            validating=True, ctx=ctx)
        result = tmpl.validate_output(wanted.params)
        if show_nested:
            result.update(nested_validate.nested_parameters(bound))
        return responses.json_response(result)
