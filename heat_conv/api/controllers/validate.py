"""``POST /validate``: check a template without creating anything."""
from heat_conv.api import nested_validate
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_input
from heat_conv.common import exception
from heat_conv.engine import api as engine_api
from heat_conv.hot import template as hot_template
from heat_conv.resources import registry

# Heat's error codes that ``ignore_errors`` may name: only a resource type
# whose service is unavailable.
IGNORABLE_ERRORS = (exception.ResourceTypeUnavailable.error_code,)


def _has_every_value(tmpl, params):
    """Whether each parameter gets a value, so the template can be bound.

    Heat validates a template whose required parameters have no value yet;
    such a template is checked as far as it can be without binding.
    """
    env = tmpl.environment
    for name, schema in tmpl.parameter_definitions.items():
        given = (name in params or name in env.parameters
                 or name in env.parameter_defaults)
        if not given and (not schema.has_default or schema.default is None):
            return False
    return True


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
        tmpl = hot_template.Template.load(wanted.template, files=wanted.files,
                                          environment=wanted.environment)
        if _has_every_value(tmpl, wanted.params):
            engine_api.validate_template(wanted.template, wanted.files,
                                               wanted.environment, wanted.params,
                                               project_id=ctx.project_id,
                                               ignore_unavailable=ignore_unavailable)
        else:
            for name, res in tmpl.resources.items():
                type_name, nested = tmpl.environment.registry.resolve(res.type, name)
                try:
                    registry.get(type_name, path=tmpl.path('resources', name, 'type'),
                                 nested_template=nested)
                except exception.ResourceTypeUnavailable:
                    if not ignore_unavailable:
                        raise
        result = tmpl.validate_output(wanted.params)
        if show_nested:
            result.update(nested_validate.nested_parameters(tmpl))
        return responses.json_response(result)
