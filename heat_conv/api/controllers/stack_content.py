"""What a stack was given: its template, environment and files."""
from heat_conv.api import responses
from heat_conv.api import secrets
from heat_conv.api import stack_lookup
from heat_conv.common import exception
from heat_conv.stacks import stored_template

# Heat shows every environment section, empty ones included.
_ENVIRONMENT_SECTIONS = {'parameters': {}, 'parameter_defaults': {},
                         'resource_registry': {'resources': {}}, 'event_sinks': [],
                         'encrypted_param_names': []}


class StackContentController:

    def _raw(self, ctx, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        return stack, stored_template.raw(stack)

    def template(self, req, ctx, tenant_id, stack_name, stack_id):
        stack, raw = self._raw(ctx, stack_name, stack_id)
        if raw is None:
            raise exception.NotFound(f'Stack {stack.name} has no template: it never '
                                     'completed before it was deleted')
        return responses.json_response(raw.template)

    def environment(self, req, ctx, tenant_id, stack_name, stack_id):
        stack, raw = self._raw(ctx, stack_name, stack_id)
        env = dict(_ENVIRONMENT_SECTIONS)
        if raw is not None:
            env.update(raw.environment or {})
            # Heat keeps the user's parameters in the environment; here they
            # are stored apart, and shown where Heat shows them.
            env['parameters'] = dict(env.get('parameters') or {}, **(raw.parameters or {}))
            # As Heat does, hidden parameters' values are not shown.
            hidden = secrets.hidden_names(raw.template)
            for section in ('parameters', 'parameter_defaults'):
                if isinstance(env.get(section), dict):
                    env[section] = secrets.mask_parameters(env[section], hidden)
        return responses.json_response(env)

    def files(self, req, ctx, tenant_id, stack_name, stack_id):
        _, raw = self._raw(ctx, stack_name, stack_id)
        return responses.json_response(dict(raw.files or {}) if raw is not None else {})
