"""``POST /validate``: check a template without creating anything."""
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_input
from heat_conv.engine import service
from heat_conv.hot import template as hot_template
from heat_conv.resources import registry


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


class ValidateController:

    def validate(self, req, ctx, tenant_id):
        # Accepted for heatclient; nested templates are checked like the rest.
        query.boolean(req, 'show_nested')
        query.string(req, 'ignore_errors')
        body = request_body.json_object(req)
        wanted = stack_input.parse(body)
        tmpl = hot_template.Template.load(wanted.template, files=wanted.files,
                                          environment=wanted.environment)
        if _has_every_value(tmpl, wanted.params):
            service.validate_template(wanted.template, wanted.files, wanted.environment,
                                      wanted.params, project_id=ctx.project_id)
        else:
            for name, res in tmpl.resources.items():
                type_name, _ = tmpl.environment.registry.resolve(res.type, name)
                registry.get(type_name, path=('resources', name, 'type'))
        return responses.json_response(tmpl.validate_output())
