"""Stack actions: ``POST .../actions`` with one action name as the only key."""
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.common import exception
from heat_conv.common import policy
from heat_conv.engine import api as engine_api

ACTIONS = ('suspend', 'resume', 'cancel_update', 'cancel_without_rollback', 'check')


class ActionController:

    def action(self, req, ctx, tenant_id, stack_name, stack_id):
        body = request_body.json_object(req)
        if len(body) != 1:
            raise exception.Invalid('Exactly one action is expected, as the only key '
                                    'of the body; valid actions are: '
                                    + ', '.join(ACTIONS))
        (name,) = body
        if name not in ACTIONS:
            raise exception.Invalid(f'Invalid action {name!r}; valid actions are: '
                                    + ', '.join(ACTIONS))
        policy.authorize(ctx, f'actions:{name}')
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        if name == 'cancel_update':
            engine_api.cancel_update(ctx, stack.id, rollback=True)
        elif name == 'cancel_without_rollback':
            engine_api.cancel_update(ctx, stack.id, rollback=False)
        elif name == 'suspend':
            engine_api.suspend_stack(ctx, stack.id)
        elif name == 'resume':
            engine_api.resume_stack(ctx, stack.id)
        else:
            engine_api.check_stack(ctx, stack.id)
        return responses.empty(200)

    def abandon(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(engine_api.abandon_stack(ctx, stack.id))

    def export(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(engine_api.export_stack(ctx, stack.id))
